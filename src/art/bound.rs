//! Lower bounds on the translucent-squares objective, used to report an optimality gap.

use super::translucent::{Problem, FIXED_SCALE};

/// Sum over cells of the distance from `g` to the nearest count `0..=n`: no board can beat it.
pub fn trivial_bound(problem: &Problem) -> f64 {
    let total: i64 = (0..problem.width() * problem.height())
        .map(|i| {
            let table = problem.cost_table(i);
            let n = usize::from(problem.sizes().get(i).copied().unwrap_or(0));
            table.iter().take(n + 1).copied().min().map_or(0, i64::from)
        })
        .sum();
    total as f64 / FIXED_SCALE as f64
}

/// Block bound: tile the cells into 2×2 blocks and add each block's exact minimum.
///
/// A block's four cells share most of their 3×3 windows, so their counts cannot move
/// independently (a black cell next to a white one costs something); solving each block
/// on its own over all boards of its 4×4 window gives a valid bound at least as strong as
/// [`trivial_bound`]. Variables are grouped by which block cells they cover, so a block
/// needs only about 400 evaluations. The best of the four tiling offsets is returned.
pub fn block_bound(problem: &Problem) -> f64 {
    block_bound_fixed(problem) as f64 / FIXED_SCALE as f64
}

/// [`block_bound`] in fixed point.
pub(crate) fn block_bound_fixed(problem: &Problem) -> i64 {
    let mut best = 0i64;
    for oy in 0..2 {
        for ox in 0..2 {
            best = best.max(tiling_bound(problem, ox, oy));
        }
    }
    best
}

fn tiling_bound(problem: &Problem, ox: usize, oy: usize) -> i64 {
    let (w, h) = (problem.width(), problem.height());
    let starts = |len: usize, off: usize| -> Vec<(usize, usize)> {
        // Blocks [start, end) of at most 2 cells; the first one is 1 cell when offset is 1.
        let mut out = Vec::new();
        let mut s = 0usize;
        if off == 1 && len > 1 {
            out.push((0, 1));
            s = 1;
        }
        while s < len {
            let e = (s + 2).min(len);
            out.push((s, e));
            s = e;
        }
        out
    };
    let xs = starts(w, ox);
    let ys = starts(h, oy);
    let mut total = 0i64;
    for &(y0, y1) in &ys {
        for &(x0, x1) in &xs {
            total += block_minimum(problem, x0, x1, y0, y1);
        }
    }
    total
}

/// Exact minimum of the summed cost of the cells in `[x0, x1) × [y0, y1)` (at most 2×2).
fn block_minimum(problem: &Problem, x0: usize, x1: usize, y0: usize, y1: usize) -> i64 {
    let (w, h) = (problem.width(), problem.height());
    let cells: Vec<(usize, usize)> = (y0..y1).flat_map(|y| (x0..x1).map(move |x| (x, y))).collect();
    // Count the variables of the union window by the set (bit mask) of block cells they cover.
    let mut by_mask = [0u8; 16];
    for vy in y0.saturating_sub(1)..(y1 + 1).min(h) {
        for vx in x0.saturating_sub(1)..(x1 + 1).min(w) {
            let mut mask = 0usize;
            for (b, &(cx, cy)) in cells.iter().enumerate() {
                if cx.abs_diff(vx) <= 1 && cy.abs_diff(vy) <= 1 {
                    mask |= 1 << b;
                }
            }
            if let Some(slot) = by_mask.get_mut(mask) {
                *slot += 1;
            }
        }
    }
    // Variables covering a single cell are optimised per cell: m_b[t] = min_j cost_b[t + j].
    let reduced: Vec<[i64; 10]> = cells
        .iter()
        .enumerate()
        .map(|(b, &(cx, cy))| {
            let table = problem.cost_table(cy * w + cx);
            let single = usize::from(by_mask.get(1 << b).copied().unwrap_or(0));
            let mut m = [i64::MAX / 8; 10];
            for (t, slot) in m.iter_mut().enumerate() {
                *slot = (t..=(t + single).min(9))
                    .filter_map(|k| table.get(k).copied())
                    .map(i64::from)
                    .min()
                    .unwrap_or(i64::MAX / 8);
            }
            m
        })
        .collect();
    let multi: Vec<(usize, u8)> = by_mask
        .iter()
        .enumerate()
        .filter(|&(mask, &count)| count > 0 && mask.count_ones() >= 2)
        .map(|(mask, &count)| (mask, count))
        .collect();
    let mut choice = vec![0u8; multi.len()];
    let mut best = i64::MAX;
    loop {
        let mut partial = [0usize; 4];
        for (&(mask, _), &k) in multi.iter().zip(&choice) {
            for (b, p) in partial.iter_mut().enumerate() {
                if mask >> b & 1 == 1 {
                    *p += usize::from(k);
                }
            }
        }
        let cost: i64 = reduced
            .iter()
            .zip(&partial)
            .map(|(m, &t)| m.get(t).copied().unwrap_or(i64::MAX / 8))
            .sum();
        best = best.min(cost);
        // Odometer over the multi-cell groups.
        let mut i = 0;
        loop {
            match (choice.get_mut(i), multi.get(i)) {
                (Some(c), Some(&(_, count))) => {
                    if *c < count {
                        *c += 1;
                        break;
                    }
                    *c = 0;
                    i += 1;
                }
                _ => return best,
            }
        }
    }
}
