//! The play part of the contract: what the page, hints and saving need of a kind beyond its
//! core ([`Puzzle`]): its samples and sizes in words, the player's marks (their byte layout,
//! their check against the answer) and its hints.
//!
//! Marks are typed per kind ([`Playable::Marks`], a [`crate::marks::Marks`]): Check, hints and
//! the boards read them so. Their byte form, the one they are saved, linked and sent to the
//! worker in, is read at that edge only, through [`Playable::decode_marks`] (checked, with a
//! message) and [`Marks::encode`]; no shared code knows a kind's byte layout.

use crate::marks::Marks;
use crate::puzzle::Puzzle;
use crate::step::Hint;
use crate::trial::Trial;

/// The play part of a kind: every kind implements it beside [`Puzzle`].
pub trait Playable: Puzzle {
    /// The visible end of every search on the page (ms): the worker stops a solve, hint or
    /// explanation after this long, and the status line shows it from the start. A kind whose
    /// search keeps its best answer (Flood-It) returns that answer with its proven bound;
    /// others say that no answer came within the budget.
    const SEARCH_BUDGET_MS: f64 = 600_000.0;
    /// The home page's one-click samples: a short name and the text, in any form
    /// [`crate::puzzle::Puzzle::import`] reads (the tests open and solve every one).
    const SAMPLES: &'static [(&'static str, &'static str)];
    /// The sizes the kind's model accepts, in words for the page (`1 to 200 cells each way`).
    fn size_limits() -> String;
    /// This puzzle's size and class in a few words, for lists and best times (`15x15`,
    /// `10x10, 2 stars`): puzzles with the same shape compare.
    fn shape(&self) -> String;

    /// The player's marks, typed ([`crate::marks`]): a grid of a small mark per cell, KenKen's
    /// digits with pencil marks, Flood-It's moves. Their byte form is the edge's alone.
    type Marks: Marks;

    /// The cells of the puzzle's grid (what [`Playable::mistakes`] and hints number).
    fn cell_count(&self) -> usize;

    /// The player's marks for this puzzle from their byte form (from storage, another tab, a
    /// link or the page): `Err` says what is wrong, for the edge to report; nothing downstream
    /// then panics on a mark out of range. Defaults to [`Marks::decode`] for
    /// [`Playable::cell_count`] cells; Flood-It, whose marks are its moves, checks its colours.
    fn decode_marks(&self, bytes: &[u8]) -> Result<Self::Marks, String> {
        Self::Marks::decode(bytes, self.cell_count())
    }

    /// The value ([`Marks::value`], written with [`Marks::place`]) that agrees (`right`) or
    /// disagrees with the answer's character for a cell, as [`Playable::mistakes`] judges it:
    /// what reveals, tests and a player's correct partial marks are made of. The default is the
    /// filled/empty values (1 on a filled cell, 2 on a `.`).
    fn answer_mark(answer: char, right: bool) -> u8 {
        match (answer == '.', right) {
            (true, true) | (false, false) => 2,
            _ => 1,
        }
    }

    /// The cells where the player's marks contradict the proven answer (as one string of cells
    /// in reading order), for Check. The default reads mark 1 as "filled" (a star, a black cell),
    /// which must not stand on a `.` of the answer, and mark 2 as "empty", which must.
    fn mistakes(answer: &str, marks: &Self::Marks) -> Vec<usize> {
        answer
            .chars()
            .enumerate()
            .filter(|&(i, a)| match marks.value(i) {
                1 => a == '.',
                2 => a != '.',
                _ => false,
            })
            .map(|(i, _)| i)
            .collect()
    }

    /// Whether the kind gives hints of its own ([`Playable::next_step`]: a logic ladder's
    /// deductions, or for a kind measured by an optimum the next move of a shortest finish);
    /// the worker solves for the answer before a hint only for such kinds. Defaults to no.
    const HINTS: bool = false;

    /// The next step of human reasoning from the player's `marks` (the kind's own marks), with
    /// `answer` the proven answer when known (a kind measured by an optimum reads its length). The marks are
    /// already known to agree with the answer ([`crate::hint::hint`] checks that first). The
    /// default says the kind has no step-by-step logic.
    fn next_step(&self, marks: &Self::Marks, answer: Option<&Self::Solution>) -> Hint {
        let _ = (marks, answer);
        Hint::NoLogic {
            sentence: format!("{} is a search problem, not a puzzle solved by steps of logic: \"{}\" finds an answer and the checker proves it.", Self::WORDS.title, Self::WORDS.solve_button),
        }
    }

    /// The rating [`Puzzle::solve`] left out (`None` in a report with an answer): the kind's
    /// whole ladder walked as the hints walk it, helped by `answer`, one of the puzzle's proven
    /// answers. A kind whose solver hands its costly rungs' work to SAT (Star Battle's
    /// contradictions, KenKen's trials) gives the answer first and the rating from here; the
    /// worker runs it once the answer is on screen ([`crate::jobs::Reply::Improved`]). Defaults
    /// to none: the kind rates within its solve, or not at all.
    fn rate(&self, answer: &Self::Solution) -> Option<String> {
        let _ = answer;
        None
    }

    /// The step the page's warm-up runs when a puzzle opens ([`crate::jobs::Request::Warm`]): it
    /// only compiles the hint's code in a fresh worker, so it must be over in milliseconds and
    /// the step it finds is dropped. Defaults to [`Playable::next_step`] without an answer; a
    /// kind whose step can take long on a big board (Star Battle's contradictions) runs only its
    /// cheap rules here.
    fn warm_step(&self, marks: &Self::Marks) -> Hint {
        self.next_step(marks, None)
    }

    /// The legend of a hint's two rings, in words: cells the step places something in, and cells
    /// it rules something out of ([`Marks::rules_out`]).
    const RING_WORDS: [&'static str; 2] = ["to fill", "to leave empty"];

    /// The cells whose marks contradict the proven answer, for a hint (which must not reason
    /// from them). Defaults to [`Playable::mistakes`]; a kind whose hints write more than Check
    /// looks at (KenKen's candidates) checks that too.
    fn hint_mistakes(answer: &str, marks: &Self::Marks) -> Vec<usize> {
        Self::mistakes(answer, marks)
    }

    /// A cell (as [`Playable::mistakes`] numbers them) in words, for sentences. Defaults to `cell N` (1-based).
    fn cell_name(&self, cell: usize) -> String {
        format!("cell {}", cell + 1)
    }

    /// What the answer's character for a cell is, in words, for a hint that reveals it ("a
    /// star", "the digit 4"). Defaults to the filled/empty words of [`Playable::answer_mark`].
    fn reveal_words(&self, answer: char) -> String {
        if answer == '.' {
            "an empty cell".into()
        } else {
            "a filled cell".into()
        }
    }

    /// The kind's rules as a contradiction chain follows them ([`crate::hint::chain`]), from
    /// `marks`: a kind with a ladder offers one, so a reveal where its rules stop can say why.
    /// Defaults to none (the reveal then gives the answer's value alone).
    fn trial(&self, marks: &Self::Marks) -> Option<Box<dyn Trial + '_>> {
        let _ = marks;
        None
    }
}
