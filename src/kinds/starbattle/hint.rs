//! Explained hints for Star Battle: the first deduction of [`super::logic`]'s ladder from the
//! player's marks, cheapest rank first, as a [`Step`]. The rules, their sentences and figures live
//! in [`super::logic`] alone; the solver's logic phase and the rating run the same functions.
//!
//! The marks are the player's ([`YesNoMarks`]: a star, or a dot for no star).

use super::logic::{Board, Cell, State, ALL, CHAIN_MAX, LADDER, UNIONS};
use super::StarBattle;
use crate::deduce::{Found, Logic};
use crate::hint::{Hint, Step};
use crate::marks::{YesNo, YesNoMarks};

/// The page's mark for a cell value (1 star, 2 no star).
fn mark(v: Cell) -> u8 {
    if v == Cell::Star {
        1
    } else {
        2
    }
}

/// The next step for `marks`: the cheapest deduction, a mistake the rules see, solved, or stuck.
/// A contradiction's chain goes on counting over unions where the cheaper rules stop short
/// ([`State::deep_contradictions`], its work bounded by a count of looks, the same on every
/// machine).
pub fn next_step(p: &StarBattle, marks: &YesNoMarks) -> Hint {
    let board = Board::new(p);
    step(marks, State::new(&board, board.cells_of(marks), true).deep_contradictions(), ALL)
}

/// The page's warm-up ([`crate::play::Playable::warm_step`]): the direct rules only, no
/// contradiction (on a 25x25 board with nothing decided those take seconds), so it is over in
/// milliseconds; where they find nothing it says stuck, which the page drops anyway.
pub fn warm_step(p: &StarBattle, marks: &YesNoMarks) -> Hint {
    let board = Board::new(p);
    step(marks, State::new(&board, board.cells_of(marks), true), UNIONS)
}

fn step(marks: &YesNoMarks, mut state: State, upto: u8) -> Hint {
    match state.find(upto) {
        Found::Deduction(d) => {
            let m = d.changes.iter().map(|&(i, v)| (i, mark(v))).collect();
            Hint::Step(into_step(d, m))
        }
        Found::Broken { cells, sentence } => Hint::Mistake {
            sentence: format!("The marks break the rules: {sentence}. Fix that first."),
            cells: cells.into_iter().filter(|&i| marks.get(i) != YesNo::Open).collect(),
        },
        Found::Nothing => {
            let (known, total) = state.known();
            if known == total {
                Hint::Solved { sentence: "Every cell is decided and every row, column and region has its stars: solved.".into() }
            } else {
                Hint::Stuck {
                    sentence: format!(
                        "Logic stops here: {known} of {total} cells are decided, and no rule decides another (singles, 2x2 blocks, confinement, region shapes and squeezes, counting over unions, or a contradiction within {CHAIN_MAX} steps of those rules). The rest needs search: trying a star and following it further."
                    ),
                    known,
                    total,
                }
            }
        }
    }
}

fn into_step(d: crate::deduce::Deduction<(usize, Cell)>, marks: Vec<(usize, u8)>) -> Step {
    d.into_step(LADDER, marks)
}
