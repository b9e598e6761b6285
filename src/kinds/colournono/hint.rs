//! Explained hints for colour nonograms: the first deduction of the line rule ([`super::logic`])
//! from the player's marks, cheapest rank first, with its sentence.

use super::logic::{Lines, LINE_RANK};
use super::model::ColourNonogram;
use super::page::{colour_of_mark, mark_of_colour, DOT};
use crate::hint::Hint;

/// The player's view of the grid: each given cell's colour, else each cell's colour when
/// marked (a dot is the background), `None` when blank; marks naming no palette colour are read
/// as blank.
pub fn cells_of(p: &ColourNonogram, marks: &[u8]) -> Vec<Option<u8>> {
    let start = p.start();
    (0..start.len())
        .map(|i| {
            start[i].or_else(|| {
                colour_of_mark(marks.get(i).copied().unwrap_or(0))
                    .filter(|&c| usize::from(c) < p.palette().len())
            })
        })
        .collect()
}

/// A cell's colour as the page's mark.
pub fn mark_of(c: u8) -> u8 {
    if c == 0 {
        DOT
    } else {
        mark_of_colour(c)
    }
}

/// The next step for `marks`; see the module documentation.
pub fn next_step(p: &ColourNonogram, marks: &[u8]) -> Hint {
    let mut lines = Lines::for_hints(p, &cells_of(p, marks));
    crate::hint::from_logic(
        &mut lines,
        LINE_RANK,
        |&(i, c)| (i, mark_of(c)),
        "Every cell is decided and every line fits its clue: solved.",
        |known, total| {
            format!("Line logic stops here: {known} of {total} cells are known, and no line decides another cell from what is known. The rest needs search (Solve proves the answer).")
        },
    )
}
