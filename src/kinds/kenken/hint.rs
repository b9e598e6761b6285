//! Explained hints for KenKen: the player's marks read as the deduction ladder's state
//! ([`super::logic`]), and its first deduction, cheapest rank first, as the hint.
//!
//! The marks are laid out in [`super::marks`] ([`marks::STRIDE`] bytes a cell: the digit, then the
//! pencil mask). A cell's candidates ([`candidates`]) are its pencil marks (all digits when it
//! has none) less the digits placed in its row and column, as in a Sudoku app with automatic
//! candidates; a step places digits or writes the narrowed candidates as pencil marks. Marks
//! that already break the rules (a digit twice in a line, a cell with no candidate left) are
//! found by the ladder's own check, the one its every deduction starts from.

use super::check;
use super::logic::{Change, KenKenLogic, LADDER};
use super::marks::{self, KenKenMarks};
use super::model::KenKen;
use crate::deduce::{Found, Logic};
use crate::hint::Hint;

pub use super::marks::candidates;

/// The marks break a rule: the cells and the words.
fn broken(cells: Vec<usize>, words: String) -> Hint {
    Hint::Mistake {
        cells,
        sentence: format!("The marks break the rules: {words}. Fix that first."),
    }
}

/// The mark changes that make a deduction's changes.
fn marks_of(changes: &[Change]) -> Vec<(usize, u8)> {
    changes
        .iter()
        .flat_map(|&ch| match ch {
            Change::Place(c, d) => marks::set_digit(c, d),
            Change::Narrow(c, m) => marks::set_pencil(c, m).to_vec(),
        })
        .collect()
}

/// The ladder's state for the player's marks.
pub fn logic_of<'a>(p: &'a KenKen, marks: &KenKenMarks) -> KenKenLogic<'a> {
    let digits = marks::digits_of(marks, p.size());
    KenKenLogic::with(p, candidates(p, marks), digits.iter().map(|&d| d != 0).collect(), true)
}

/// The next step for `marks`: the ladder's first deduction; see the module documentation.
pub fn next_step(p: &KenKen, marks: &KenKenMarks) -> Hint {
    let n = p.size();
    let digits = marks::digits_of(marks, n);
    let mut logic = logic_of(p, marks);
    match logic.find(super::logic::rank::MAX) {
        Found::Deduction(d) => {
            let marks = marks_of(&d.changes);
            Hint::Step(d.into_step(LADDER, marks))
        }
        Found::Broken { cells, sentence } => broken(cells, sentence),
        Found::Nothing => {
            let total = n * n;
            let known = digits.iter().filter(|&&d| d != 0).count();
            if known == total {
                if check::solved(p, &digits) {
                    Hint::Solved {
                        sentence: "Every cell has its digit and every cage adds up: solved.".into(),
                    }
                } else {
                    let bad: Vec<usize> = check::broken_cages(p, &digits)
                        .iter()
                        .enumerate()
                        .filter(|(_, &b)| b)
                        .flat_map(|(k, _)| p.cages()[k].cells.clone())
                        .collect();
                    broken(bad, "a cage's digits do not reach its target".into())
                }
            } else {
                Hint::Stuck {
                    sentence: format!(
                        "No rule finds another step: {known} of {total} cells have digits, and none of the rules up to a short trial ({} deductions at most) settles another cell. The rest needs a deeper search (trying digits and following each).",
                        super::logic::TRIAL_STEPS
                    ),
                    known,
                    total,
                }
            }
        }
    }
}

/// The cells whose marks contradict the answer: a wrong digit, or pencil marks (on a cell with
/// no digit) that leave out the answer's digit.
pub fn hint_mistakes(answer: &str, marks: &KenKenMarks) -> Vec<usize> {
    let wrong_digits = marks::mistakes(answer, marks);
    let mut out: Vec<usize> = answer
        .chars()
        .enumerate()
        .filter(|&(i, a)| {
            let m = marks::pencil(marks, i);
            marks::digit(marks, i) == 0
                && m != 0
                && super::formats::char_digit(a).is_some_and(|d| d >= 1 && m >> (d - 1) & 1 == 0)
        })
        .map(|(i, _)| i)
        .chain(wrong_digits)
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}
