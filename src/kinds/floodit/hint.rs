//! Explained hints for Flood-It: the next move of a proven shortest finish, with the proof.
//!
//! The marks are the moves played (colour + 1 each, [`super::page::Moves`]). When they
//! follow the proven optimal solution from the start (the `answer` the worker solved), its next
//! move is the hint: a shorter finish from here would make a shorter solution from the start.
//! Otherwise the board with the moves played is solved by the exact engine ([`super::optimum`],
//! A*), whose exhaustive search proves that no finish is one move shorter.
//!
//! The sentence says why the move is part of a shortest finish in plain words: after it the
//! rest can be finished in k moves, and no move now leaves fewer than k (the proof, in the
//! player's words: the minimum from the start, or that every shorter finish from here was tried).

use super::page::{Moves, PALETTE};
use super::sim::Position;
use super::FloodIt;
use crate::hint::{Hint, Step};
use crate::marks::Marks;
use crate::puzzle::{Mode, Puzzle, Verdict};

/// Names for the colours of [`PALETTE`], in the same order.
pub const COLOUR_NAMES: [&str; 16] = [
    "red", "green", "yellow", "blue", "orange", "purple", "cyan", "magenta", "lime", "pink",
    "teal", "lavender", "brown", "cream", "maroon", "mint",
];

/// A colour in words: its name and its number on the page's buttons (`green (2)`).
pub fn colour_words(colour: u8) -> String {
    let name = COLOUR_NAMES[colour as usize % PALETTE.len()];
    format!("{name} ({})", super::page::colour_number(colour))
}

/// `a` or `an` before a number said aloud (`an 8`, `an 11`, `an 18`, `an 80`).
fn article(n: usize) -> &'static str {
    let s = n.to_string();
    if s.starts_with('8')
        || n == 11
        || n == 18
        || (s.len() % 3 == 2 && (s.starts_with("11") || s.starts_with("18")))
    {
        "an"
    } else {
        "a"
    }
}

fn moves_word(n: usize) -> String {
    format!("{n} move{}", if n == 1 { "" } else { "s" })
}

/// The next step for `marks`; see the module documentation.
pub fn next_step(board: &FloodIt, marks: &Moves, answer: Option<&Vec<u8>>) -> Hint {
    let played = marks.played();
    let position = Position::after(board, &played);
    let minimum = answer.map(|a| a.len());
    if position.is_done() {
        let over = match minimum {
            Some(m) if played.len() == m => " That is the proven minimum.".to_string(),
            Some(m) if played.len() > m => format!(" The proven minimum is {m}."),
            _ => String::new(),
        };
        return Hint::Solved {
            sentence: format!(
                "The board is one colour: flooded in {}.{over}",
                moves_word(played.len())
            ),
        };
    }
    let (next, rest, proof) = match answer
        .filter(|a| a.len() > played.len() && a[..played.len()] == played[..])
    {
        Some(a) => (
            a[played.len()],
            a.len() - played.len(),
            format!(
                "otherwise the whole board could be flooded in fewer than {}, which the solver \
                 proved impossible",
                moves_word(a.len())
            ),
        ),
        None => {
            let with = match board.clone().with_played(played.clone()) {
                Ok(b) => b,
                Err(e) => {
                    return Hint::Mistake {
                        cells: vec![],
                        sentence: format!("The moves played cannot be read: {e}"),
                    }
                }
            };
            // At most FIRST_ANSWER_MS: the proven shortest finish, or the best found by then.
            match with.solve(Mode::First, None) {
                Ok(r) => match (r.solutions.first(), r.verdict) {
                    (Some(moves), Verdict::Bounded { lower }) if moves.len() > played.len() => {
                        let (rest, lower_rest) =
                            (moves.len() - played.len(), lower.saturating_sub(played.len()));
                        let next = moves[played.len()];
                        let mut after = position.clone();
                        after.play(board, next);
                        let cells: Vec<usize> = (0..after.flooded.len())
                            .filter(|&i| after.flooded[i] && !position.flooded[i])
                            .collect();
                        let reasons: Vec<usize> =
                            (0..position.flooded.len()).filter(|&i| position.flooded[i]).collect();
                        let sentence = format!(
                            "Play {} now: it is the first move of the best finish found in {:.0} s ({rest} moves), not proven shortest: no finish has fewer than {lower_rest} moves (proven). It floods {} more cell{}.",
                            colour_words(next),
                            super::FIRST_ANSWER_MS / 1000.0,
                            cells.len(),
                            if cells.len() == 1 { "" } else { "s" }
                        );
                        return bounded_step(marks, &played, next, cells, reasons, sentence);
                    }
                    (Some(moves), _) if moves.len() > played.len() => (
                        moves[played.len()],
                        moves.len() - played.len(),
                        "the solver tried every shorter finish from here, and none floods the board"
                            .to_string(),
                    ),
                    _ => {
                        return Hint::Stuck {
                            sentence: "The solver found no move from here.".into(),
                            known: 0,
                            total: 0,
                        }
                    }
                },
                Err(e) => {
                    return Hint::Stuck { sentence: format!("No hint: {e}."), known: 0, total: 0 }
                }
            }
        }
    };
    let mut after = position.clone();
    after.play(board, next);
    let cells: Vec<usize> =
        (0..after.flooded.len()).filter(|&i| after.flooded[i] && !position.flooded[i]).collect();
    let reasons: Vec<usize> =
        (0..position.flooded.len()).filter(|&i| position.flooded[i]).collect();
    let colour = colour_words(next);
    let mut sentence = if rest == 1 {
        format!("Play {colour} now: it floods the rest of the board.")
    } else {
        // Why it starts a shortest finish, in plain words: what is left after it, and that no
        // other move leaves less.
        let after = rest - 1;
        format!(
            "Play {colour} now. After this move the rest can be finished in {}, and no move now leaves fewer than {after} more ({proof}); so it starts a shortest finish, {} {}-move one. It floods {} more cell{}.",
            moves_word(after),
            article(rest),
            rest,
            cells.len(),
            if cells.len() == 1 { "" } else { "s" }
        )
    };
    if let Some(m) = minimum {
        let total = played.len() + rest;
        if total > m {
            sentence.push_str(&format!(
                " With your moves so far the best total is {}, {} more than the fewest possible, {m}.",
                moves_word(total),
                moves_word(total - m)
            ));
        }
    }
    Hint::Step(Step {
        rule: "Shortest finish".into(),
        rank: 0,
        difficulty: "optimal play".into(),
        cells,
        reasons,
        clues: vec![format!("move {}", played.len() + 1)],
        figures: vec![],
        sentence,
        marks: move_changes(marks, &played, next),
    })
}

/// The marks a hint's move changes: the move itself, and a later move (undone play) cleared.
fn move_changes(marks: &Moves, played: &[u8], next: u8) -> Vec<(usize, u8)> {
    let mut changes = Moves::place(played.len(), next + 1);
    changes.extend(marks.clear(played.len() + 1));
    changes
}

/// A step from the best finish found within the time a hint may take, when the shortest
/// finish from here is not proven: the sentence says so and gives the proven bound.
fn bounded_step(
    marks: &Moves,
    played: &[u8],
    next: u8,
    cells: Vec<usize>,
    reasons: Vec<usize>,
    sentence: String,
) -> Hint {
    Hint::Step(Step {
        rule: "Best finish found".into(),
        rank: 0,
        difficulty: "best play found".into(),
        cells,
        marks: move_changes(marks, played, next),
        reasons,
        clues: vec![format!("move {}", played.len() + 1)],
        figures: vec![],
        sentence,
    })
}
