//! Adjust a colour picture instead of adding givens: change as few cells as possible to another
//! palette colour, the least visible changes first, until the colour nonogram has no givens and
//! the coloured line logic with colour sets ([`crate::kinds::colournono::logic`] up to
//! [`SETS_RANK`]: the solver's logic phase and the hints' rules, each cell keeping the colours its
//! row and column still allow) finishes it alone from the empty grid; the colour counterpart of
//! [`super::adjust`] (the black-and-white mode), at its line-logic level.
//!
//! A change is a (cell, colour) pair. [`adjust`] runs the rules ([`finish`]) on the picture's
//! clues; where they stall it tries changing cells the rules left blank, the
//! [`CANDIDATES`] least visible (cell, colour) pairs ([`costs`]: how much farther the new colour
//! is from the cell's average than its own colour, in CIELAB; less on edges where a neighbour
//! has the new colour and in noisy neighbourhoods) and as many random ones, each scored by the
//! blank cells it removes per unit of visibility, and keeps the best. A changed cell is never
//! changed again (no cycles); at most [`MAX_FRACTION`] of the cells change. Once finished, it
//! gives each changed cell its colour back, the most visible first, when the rules still finish
//! the grid without the change. Every better finished picture is handed out as it lands.
//!
//! Every deduction of the line logic holds in every answer, so a picture it finishes is the
//! only answer to its clues; the pipeline ([`super::colour_art`]) proves it again by SAT.

use web_time::Instant;

use super::adjust::{give_back, tally, AdjustProgress, AdjustReport, Adjusted, Finish, Level};
use super::rng::SplitMix64;
use crate::deduce::{self, End};
use crate::grid::Grid;
use crate::kinds::colournono::generate::clues_of;
use crate::kinds::colournono::logic::{Lines, LADDER, SETS_RANK};
use crate::kinds::colournono::{Colour, ColourNonogram};

/// What the coloured line logic made of one picture's clues (cells `None` blank).
pub type ColourFinish = Finish<Option<u8>>;

impl ColourFinish {
    /// Cells left blank.
    pub fn unknown(&self) -> usize {
        self.cells.iter().filter(|c| c.is_none()).count()
    }
}

/// The colour nonogram of `picture` (palette indices, row-major, `w` wide) without givens.
pub fn plain_of(palette: &[Colour], picture: &[u8], w: usize) -> Option<ColourNonogram> {
    let h = picture.len() / w.max(1);
    let grid = Grid::from_cells(h, w, picture.to_vec())?;
    let (rows, cols) = clues_of(&grid);
    ColourNonogram::new(palette.to_vec(), rows, cols).ok()
}

/// Runs the coloured line logic on the clues of `picture` from the empty grid. A picture whose
/// clues do not make a puzzle (a colour outside the palette) finishes nothing.
pub fn finish(palette: &[Colour], picture: &[u8], w: usize) -> ColourFinish {
    let Some(puzzle) = plain_of(palette, picture, w) else {
        let run = deduce::Run { end: End::Stuck, hardest: None, steps: 0 };
        return ColourFinish { cells: vec![None; picture.len()], run, rules: Vec::new() };
    };
    let mut lines = Lines::for_solver(&puzzle, &vec![None; picture.len()]);
    let mut rules: Vec<(String, usize)> = Vec::new();
    let run = deduce::run(&mut lines, SETS_RANK, |d| {
        tally(&mut rules, d.rule);
        true
    });
    ColourFinish { cells: lines.cells(), run, rules }
}

fn dist(a: [f32; 3], b: [f32; 3]) -> f32 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

/// How visible giving each cell each palette colour would be (`costs[i][c]`, smaller is less
/// visible; infinite for the cell's own colour): how much farther colour `c` is from the cell's
/// average (`lab`, CIELAB) than its own colour in `picture`, plus a small constant, made smaller
/// where neighbours already have colour `c` (edges) and where the neighbours' colours spread
/// widely (noise), and larger where no neighbour has `c` (a lone speck).
pub fn costs(
    lab: &[[f32; 3]],
    palette_lab: &[[f32; 3]],
    picture: &[u8],
    w: usize,
) -> Vec<Vec<f32>> {
    let h = picture.len() / w.max(1);
    let k = palette_lab.len();
    (0..w * h)
        .map(|i| {
            let (r, c) = (i / w, i % w);
            let mut with = vec![0usize; k];
            let mut near: Vec<[f32; 3]> = Vec::with_capacity(8);
            for dr in -1i32..=1 {
                for dc in -1i32..=1 {
                    let (rr, cc) = (r as i32 + dr, c as i32 + dc);
                    if (dr, dc) == (0, 0) || rr < 0 || cc < 0 || rr >= h as i32 || cc >= w as i32 {
                        continue;
                    }
                    let j = rr as usize * w + cc as usize;
                    if let Some(n) = with.get_mut(usize::from(picture[j])) {
                        *n += 1;
                    }
                    near.push(lab[j]);
                }
            }
            let n = near.len().max(1) as f32;
            let mean = near
                .iter()
                .fold([0f32; 3], |m, v| [m[0] + v[0] / n, m[1] + v[1] / n, m[2] + v[2] / n]);
            let spread =
                (near.iter().map(|&v| dist(v, mean).powi(2)).sum::<f32>() / n).sqrt() / 40.0;
            let own = palette_lab.get(usize::from(picture[i])).map_or(0.0, |&p| dist(lab[i], p));
            (0..k)
                .map(|col| {
                    if col == usize::from(picture[i]) {
                        return f32::INFINITY;
                    }
                    let farther = (dist(lab[i], palette_lab[col]) - own).max(0.0) / 100.0;
                    let edge = with[col] as f32 / n;
                    let speck = if with[col] == 0 { 2.0 } else { 1.0 };
                    (0.02 + farther) * (1.0 - 0.5 * edge) * (1.0 - 0.4 * spread.min(1.0)) * speck
                })
                .collect()
        })
        .collect()
}

/// What an adjustment ended with: the picture in palette indices.
pub type ColourAdjusted = Adjusted<u8, Option<u8>>;

impl ColourAdjusted {
    /// The figures, in the black-and-white mode's report (its line-logic level), `ms` spent.
    pub fn report(&self, ms: f64) -> AdjustReport {
        let changed = if self.reached { self.changed.len() } else { 0 };
        AdjustReport {
            level: Level::Medium,
            reached: self.reached,
            changed,
            fraction: changed as f64 / self.picture.len().max(1) as f64,
            unknown: self.finish.unknown(),
            rating: self.finish.run.rating(LADDER).map(str::to_string),
            rules: self.finish.rules.clone(),
            runs: self.runs,
            ms,
            sat_unique: None,
            stopped: self.stopped,
        }
    }
}

/// Changes tried per step: the cheapest (cell, colour) pairs and as many random ones.
pub const CANDIDATES: usize = 12;

/// When no try removes a blank cell, this many times [`CANDIDATES`] random tries more.
pub const WIDEN: usize = 3;

/// Changes at most this fraction of the cells before giving up.
pub const MAX_FRACTION: f64 = 0.15;

/// Adjusts `start` (palette indices, row-major, `w` wide, colours from `palette`) until the
/// coloured line logic finishes it alone, making the changes of smallest `cost` ([`costs`])
/// first. `on_better` hears each better finished picture (fewer changes) and returns false to
/// stop; `progress` hears each step. The search ends at `deadline`, when the changes pass
/// [`MAX_FRACTION`], or when no change can be undone.
#[allow(clippy::too_many_arguments)]
pub fn adjust(
    start: &[u8],
    w: usize,
    palette: &[Colour],
    cost: &[Vec<f32>],
    seed: u64,
    deadline: Option<Instant>,
    progress: &mut dyn FnMut(AdjustProgress),
    on_better: &mut dyn FnMut(&ColourAdjusted) -> bool,
) -> ColourAdjusted {
    let n = start.len();
    let mut rng = SplitMix64::new(seed);
    let late = || deadline.is_some_and(|d| Instant::now() >= d);
    let left = || deadline.map(|d| d.saturating_duration_since(Instant::now()).as_millis() as u64);
    let changed_of = |p: &[u8]| (0..n).filter(|&i| p[i] != start[i]).collect::<Vec<usize>>();
    let of =
        |i: usize, c: usize| cost.get(i).and_then(|v| v.get(c)).copied().unwrap_or(f32::INFINITY);
    let mut pic = start.to_vec();
    let mut runs = 1;
    let mut now = finish(palette, &pic, w);
    let max_changes = ((n as f64 * MAX_FRACTION) as usize).max(1);
    let mut stopped = false;
    let mut steps = 0;
    // 1. Change cells until the line logic finishes the grid.
    while !now.complete() {
        if late() {
            stopped = true;
            break;
        }
        if steps >= max_changes {
            break;
        }
        steps += 1;
        // Blank cells not yet changed, each with every other colour (a changed cell stays).
        let pairs: Vec<(usize, u8)> = (0..n)
            .filter(|&i| now.cells[i].is_none() && pic[i] == start[i])
            .flat_map(|i| {
                (0..palette.len())
                    .filter(move |&c| c != usize::from(start[i]))
                    .map(move |c| (i, c as u8))
            })
            .filter(|&(i, c)| of(i, usize::from(c)).is_finite())
            .collect();
        if pairs.is_empty() {
            break;
        }
        let mut by_cost = pairs.clone();
        by_cost.sort_by(|a, b| {
            of(a.0, usize::from(a.1)).total_cmp(&of(b.0, usize::from(b.1))).then(a.cmp(b))
        });
        let mut tries: Vec<(usize, u8)> = by_cost.into_iter().take(CANDIDATES).collect();
        for _ in 0..CANDIDATES {
            let p = pairs[rng.below(pairs.len())];
            if !tries.contains(&p) {
                tries.push(p);
            }
        }
        let base = now.unknown() as f32;
        // The change removing the most blank cells per unit of visibility; when none of the
        // tries removes any, [`WIDEN`] times as many random ones more.
        let mut best: Option<(f32, f32, (usize, u8), ColourFinish)> = None;
        for round in 0..2 {
            if round == 1 {
                if best.as_ref().is_some_and(|b| b.1 > 0.0) {
                    break;
                }
                tries = (0..WIDEN * CANDIDATES).map(|_| pairs[rng.below(pairs.len())]).collect();
            }
            for &(i, c) in &tries {
                let was = pic[i];
                pic[i] = c;
                runs += 1;
                let f = finish(palette, &pic, w);
                pic[i] = was;
                let gain = base - f.unknown() as f32;
                let v = of(i, usize::from(c)).max(1e-3);
                let score = if gain > 0.0 { gain / v } else { gain * v };
                if best.as_ref().is_none_or(|b| score > b.0) {
                    best = Some((score, gain, (i, c), f));
                }
            }
        }
        let Some((_, _, (i, c), f)) = best else { break };
        pic[i] = c;
        now = f;
        progress(AdjustProgress {
            changed: changed_of(&pic).len(),
            unknown: now.unknown(),
            pruning: false,
            left_ms: left(),
        });
    }
    if !now.complete() {
        return ColourAdjusted {
            changed: changed_of(&pic),
            picture: pic,
            reached: false,
            finish: now,
            runs,
            stopped,
        };
    }
    let mut best = ColourAdjusted {
        changed: changed_of(&pic),
        picture: pic.clone(),
        reached: true,
        finish: now,
        runs,
        stopped,
    };
    // 2. Give back each changed cell's colour when the line logic does without the change,
    // the most visible change first.
    let mut order = best.changed.clone();
    order.sort_by(|&a, &b| {
        of(b, usize::from(pic[b])).total_cmp(&of(a, usize::from(pic[a]))).then(a.cmp(&b))
    });
    let go_on = give_back(
        start,
        &mut best,
        &order,
        deadline,
        &mut |p| finish(palette, p, w),
        progress,
        on_better,
    );
    best.stopped |= !go_on;
    best
}
