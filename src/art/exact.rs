//! Exact solver for translucent squares on narrow grids: dynamic programming over rows.

use super::error::ArtError;
use super::translucent::Problem;

/// Largest short side (in cells) the exact solver accepts; the work is `4^side * 2^side` per row.
pub const MAX_EXACT_SIDE: usize = 6;

/// An exact optimum: the board and its objective.
#[derive(Debug, Clone, PartialEq)]
pub struct ExactSolution {
    /// Row-major board, `true` = filled.
    pub filled: Vec<bool>,
    /// Its objective `Σ |d - g|` (with `g` quantised as in [`Problem::ideal`]).
    pub objective: f64,
}

/// Solves a problem exactly when its width or height is at most [`MAX_EXACT_SIDE`].
///
/// Row-by-row dynamic programming: the state after row `r` is the pair of boards of rows
/// `r-1` and `r` (`4^w` states), because a cell's shade depends only on the rows just
/// above and below it. Adding row `r+1` settles the cost of row `r`. Taller-than-wide
/// problems are solved as they are; wide ones are transposed first (the 3×3 window is
/// symmetric). Meant for tests and for checking the heuristic, not for the UI.
pub fn solve_exact(problem: &Problem) -> Result<ExactSolution, ArtError> {
    let (w, h) = (problem.width(), problem.height());
    if w <= MAX_EXACT_SIDE {
        let filled = solve_rows(problem)?;
        let objective = problem.objective(&filled)?;
        return Ok(ExactSolution { filled, objective });
    }
    if h <= MAX_EXACT_SIDE {
        let transposed = problem.transposed();
        let t_filled = solve_rows(&transposed)?;
        let mut filled = vec![false; w * h];
        for (i, &b) in t_filled.iter().enumerate() {
            // Transposed grid is h wide and w tall: cell (ty, tx) maps back to (x = ty, y = tx).
            let (tx, ty) = (i % h, i / h);
            if let Some(cell) = filled.get_mut(tx * w + ty) {
                *cell = b;
            }
        }
        let objective = problem.objective(&filled)?;
        return Ok(ExactSolution { filled, objective });
    }
    Err(ArtError::TooLargeForExact { width: w, height: h })
}

/// Exact DP for a problem at most `MAX_EXACT_SIDE` wide; returns the board.
fn solve_rows(problem: &Problem) -> Result<Vec<bool>, ArtError> {
    let (w, h) = (problem.width(), problem.height());
    if w == 0 || w > MAX_EXACT_SIDE {
        return Err(ArtError::TooLargeForExact { width: w, height: h });
    }
    let s = 1usize << w;
    let tables = problem.cost_tables();
    // Per row value, how many of its bits fall in each column's 3-wide window.
    let window: Vec<[u8; MAX_EXACT_SIDE]> = (0..s)
        .map(|bits| {
            let mut v = [0u8; MAX_EXACT_SIDE];
            for (j, slot) in v.iter_mut().enumerate().take(w) {
                let lo = j.saturating_sub(1);
                let hi = (j + 1).min(w - 1);
                let mask = ((1usize << (hi + 1)) - 1) & !((1usize << lo) - 1);
                *slot = (bits & mask).count_ones() as u8;
            }
            v
        })
        .collect();
    let row_cost = |r: usize, a: usize, b: usize, c: usize| -> i64 {
        let (va, vb, vc) = (
            window.get(a).copied().unwrap_or_default(),
            window.get(b).copied().unwrap_or_default(),
            window.get(c).copied().unwrap_or_default(),
        );
        (0..w)
            .map(|j| {
                let k = usize::from(va[j] + vb[j] + vc[j]);
                let table = tables.get(r * w + j).copied().unwrap_or([0; 10]);
                i64::from(table.get(k).copied().unwrap_or(0))
            })
            .sum()
    };
    const INF: i64 = i64::MAX / 4;
    // dp[a * s + b]: best cost of rows before r given rows r-1 = a and r = b.
    let mut dp = vec![INF; s * s];
    // States (a = 0, b): row -1 is empty and row 0 is anything.
    dp.iter_mut().take(s).for_each(|slot| *slot = 0);
    let mut parents: Vec<Vec<u8>> = Vec::with_capacity(h.saturating_sub(1));
    for r in 1..h {
        let mut next = vec![INF; s * s];
        let mut parent = vec![0u8; s * s];
        for a in 0..s {
            for b in 0..s {
                let base = dp[a * s + b];
                if base >= INF {
                    continue;
                }
                for c in 0..s {
                    let value = base + row_cost(r - 1, a, b, c);
                    let idx = b * s + c;
                    if value < next[idx] {
                        next[idx] = value;
                        parent[idx] = a as u8;
                    }
                }
            }
        }
        dp = next;
        parents.push(parent);
    }
    let mut best = (INF, 0usize, 0usize);
    for a in 0..s {
        for b in 0..s {
            let base = dp[a * s + b];
            if base >= INF {
                continue;
            }
            let value = base + row_cost(h - 1, a, b, 0);
            if value < best.0 {
                best = (value, a, b);
            }
        }
    }
    let mut rows = vec![0usize; h];
    rows[h - 1] = best.2;
    if h >= 2 {
        rows[h - 2] = best.1;
    }
    for r in (2..h).rev() {
        let idx = rows[r - 1] * s + rows[r];
        rows[r - 2] =
            usize::from(parents.get(r - 1).and_then(|p| p.get(idx)).copied().unwrap_or(0));
    }
    Ok(rows.iter().flat_map(|&bits| (0..w).map(move |j| bits >> j & 1 == 1)).collect())
}
