//! Explained hints for nonograms: the first deduction of the nonogram's rules
//! ([`super::logic`]) from the player's marks, cheapest rank first, with its sentence.
//!
//! The marks are the player's ([`YesNoMarks`]: filled or crossed) over the givens. The rules are
//! the solver's: the line rule (an empty or finished line first, then the overlap of an
//! untouched line, then line logic with known cells, the most cells first), then the one-cell
//! contradiction, shown as its chain of lines.

use super::logic::{Lines, CHAIN_MAX, CONTRADICTION_RANK, PROBE_SOLVES};
use super::model::{Cell, Nonogram};
use crate::hint::Hint;
use crate::marks::{YesNo, YesNoMarks};

/// The player's view of the grid: givens, then marks (filled, crossed) on the other cells.
pub fn cells_of(p: &Nonogram, marks: &YesNoMarks) -> Vec<Cell> {
    marks.overlay(p.start(), Cell::Unknown, Cell::Black, Cell::White)
}

/// A cell value as the player's mark.
pub fn mark_of(c: Cell) -> YesNo {
    match c {
        Cell::Black => YesNo::Yes,
        Cell::White => YesNo::No,
        Cell::Unknown => YesNo::Open,
    }
}

/// The next step for `marks`, with rules up to rank `upto`; see the module documentation.
pub fn next_step_upto(p: &Nonogram, marks: &YesNoMarks, upto: u8) -> Hint {
    let mut lines = Lines::for_hints(p, &cells_of(p, marks));
    crate::hint::from_logic(
        &mut lines,
        upto,
        |&(i, c)| YesNoMarks::edits(i, mark_of(c)),
        "Every cell is decided and every line fits its clue: solved.",
        |known, total| {
            format!(
            "The rules stop here: {known} of {total} cells are known. Line logic finds nothing more, and no blank cell, supposed filled or empty, breaks a line within a chain of {CHAIN_MAX} lines (trials of at most {PROBE_SOLVES} line solves). The rest needs search (longer trials)."
        )
        },
    )
}

/// The next step for `marks` with every rule of the ladder.
pub fn next_step(p: &Nonogram, marks: &YesNoMarks) -> Hint {
    next_step_upto(p, marks, CONTRADICTION_RANK)
}
