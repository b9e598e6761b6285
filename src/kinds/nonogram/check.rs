//! The independent verifier: recounts the runs of every line of a grid and compares them with the clues.
//!
//! It shares no code with the line solver or the encoder.

use crate::grid::Grid;

/// What the checker reads of a puzzle: its clues and its givens. The model implements it, so
/// the checker names nothing of the model (and the model's goal check can call it).
pub trait Clues {
    /// The rows' clues, top to bottom.
    fn row_clues(&self) -> &[Vec<u32>];
    /// The columns' clues, left to right.
    fn col_clues(&self) -> &[Vec<u32>];
    /// The given colour of a cell (`Some(true)` black, `Some(false)` white), if it is given.
    fn given(&self, r: usize, c: usize) -> Option<bool>;
}

/// The run lengths of a sequence of cells (`true` = filled), in order.
pub fn runs(cells: impl IntoIterator<Item = bool>) -> Vec<u32> {
    let mut out = Vec::new();
    let mut current = 0u32;
    for filled in cells {
        if filled {
            current += 1;
        } else if current > 0 {
            out.push(current);
            current = 0;
        }
    }
    if current > 0 {
        out.push(current);
    }
    out
}

fn show(runs: &[u32]) -> String {
    if runs.is_empty() {
        "0".into()
    } else {
        runs.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
    }
}

/// `Ok` when `grid` satisfies every clue and given of `puzzle`; otherwise the first broken line.
pub fn verify(puzzle: &impl Clues, grid: &Grid<bool>) -> Result<(), String> {
    let (rows, cols) = (puzzle.row_clues(), puzzle.col_clues());
    let (w, h) = (cols.len(), rows.len());
    if grid.rows() != h || grid.cols() != w {
        return Err(format!(
            "the answer has {} rows and {} columns, the puzzle {h} and {w}",
            grid.rows(),
            grid.cols()
        ));
    }
    for r in 0..h {
        let got = runs(grid.row(r).iter().copied());
        if got != rows[r] {
            return Err(format!(
                "row {} has runs {}, the clue says {}",
                r + 1,
                show(&got),
                show(&rows[r])
            ));
        }
    }
    for c in 0..w {
        let got = runs((0..h).map(|r| grid[(r, c)]));
        if got != cols[c] {
            return Err(format!(
                "column {} has runs {}, the clue says {}",
                c + 1,
                show(&got),
                show(&cols[c])
            ));
        }
    }
    for r in 0..h {
        for c in 0..w {
            let Some(want) = puzzle.given(r, c) else { continue };
            if grid[(r, c)] != want {
                return Err(format!(
                    "cell ({r}, {c}) is given {}",
                    if want { "black" } else { "white" }
                ));
            }
        }
    }
    Ok(())
}
