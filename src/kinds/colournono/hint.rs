//! Explained hints for colour nonograms: the first deduction of the rules ([`super::logic`])
//! from the player's marks, cheapest rank first, with its sentence: line logic on the decided
//! cells, then colour sets (what a cell's row and column allow together), then the one-cell
//! contradiction.

use super::line::Colours;
use super::logic::{single, Lines, CHAIN_MAX, CONTRADICTION_RANK, PROBE_SOLVES};
use super::model::ColourNonogram;
use super::page::{Paint, PaintMarks};
use crate::hint::Hint;

/// The player's view of the grid: each given cell's colour, else each cell's colour when
/// marked (a dot is the background), `None` when blank; marks naming no palette colour are read
/// as blank.
pub fn cells_of(p: &ColourNonogram, marks: &PaintMarks) -> Vec<Option<u8>> {
    let start = p.start();
    (0..start.len())
        .map(|i| {
            start[i].or_else(|| marks.get(i).0.filter(|&c| usize::from(c) < p.palette().len()))
        })
        .collect()
}

/// A decided set of colours as the player's mark (a step's changes always decide their cells).
fn mark_of_set(set: Colours) -> Paint {
    Paint(single(set))
}

/// The next step for `marks`; see the module documentation.
pub fn next_step(p: &ColourNonogram, marks: &PaintMarks) -> Hint {
    let mut lines = Lines::for_hints(p, &cells_of(p, marks));
    crate::hint::from_logic(
        &mut lines,
        CONTRADICTION_RANK,
        |&(i, set)| PaintMarks::edits(i, mark_of_set(set)),
        "Every cell is decided and every line fits its clue: solved.",
        |known, total| {
            format!("The rules stop here: {known} of {total} cells are known. No line decides another cell, even with the colours each cell's row and column allow, and no cell with two colours left, supposed one of them, breaks a line within a chain of {CHAIN_MAX} lines (trials of at most {PROBE_SOLVES} line solves). The rest needs search (Solve proves the answer).")
        },
    )
}
