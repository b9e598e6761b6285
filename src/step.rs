//! The vocabulary of hints: a [`Step`] of reasoning with its [`Figure`]s, what a [`Hint`] says,
//! and the [`Explanation`] of a whole solve. A leaf module (it names nothing else of the crate),
//! so the contract ([`crate::puzzle`]), the deduction engine ([`crate::deduce`]), the hint
//! engine ([`crate::hint`]) and the page can all speak it without pointing at each other.

use serde::{Deserialize, Serialize};

/// A drawing that helps to see a step: a set of cells with a label (the leftmost placement of a
/// line's runs, a 2x2 block, a band of rows).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Figure {
    /// What the cells are, in words (`leftmost placement`).
    pub label: String,
    /// The cells, in reading order.
    pub cells: Vec<usize>,
}

/// One step of reasoning: a rule applied to the marks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    /// The rule's name (`Overlap`, `2x2 blocks`, `Cage arithmetic`).
    pub rule: String,
    /// The rule's rank among the kind's rules, from 0 for the simplest; the hardest rank of a
    /// whole solve is its rating.
    pub rank: u8,
    /// The difficulty a puzzle has when this is its hardest rule (the rating's words).
    pub difficulty: String,
    /// The cells the step changes (to highlight).
    pub cells: Vec<usize>,
    /// The mark changes that make the step, as edits of the marks' byte form `(index, byte)`
    /// (the wire form: what the page dispatches as one move), made by the kind's typed marks
    /// (`crate::marks::Marks`), which also read them back (`Marks::apply`).
    pub marks: Vec<(usize, u8)>,
    /// The cells that justify the step (a star, a line's known cells, a cage).
    pub reasons: Vec<usize>,
    /// The lines, regions or cages the step talks about, in words (`row 7`, `region C`).
    pub clues: Vec<String>,
    /// Extra drawings.
    pub figures: Vec<Figure>,
    /// The step in words.
    pub sentence: String,
}

/// What a hint says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Hint {
    /// The next step.
    Step(Step),
    /// Some marks contradict the proven answer: nothing is deduced from them.
    Mistake {
        /// Every wrong cell, in reading order; the first is the one pointed at.
        cells: Vec<usize>,
        /// What to do, in words.
        sentence: String,
    },
    /// Every cell is decided and the marks agree with the rules.
    Solved {
        /// In words.
        sentence: String,
    },
    /// The rules find nothing more: search is needed from here.
    Stuck {
        /// How far logic got, in words.
        sentence: String,
        /// Cells decided so far and in all.
        known: usize,
        /// Cells in all.
        total: usize,
    },
    /// This kind has no step-by-step logic (a search problem).
    NoLogic {
        /// Why, and what to use instead.
        sentence: String,
    },
}

impl Hint {
    /// The sentence shown for any hint.
    pub fn sentence(&self) -> &str {
        match self {
            Hint::Step(s) => &s.sentence,
            Hint::Mistake { sentence, .. }
            | Hint::Solved { sentence }
            | Hint::Stuck { sentence, .. }
            | Hint::NoLogic { sentence } => sentence,
        }
    }

    /// The cells to highlight: a step's changes, the mistakes.
    pub fn cells(&self) -> &[usize] {
        match self {
            Hint::Step(s) => &s.cells,
            Hint::Mistake { cells, .. } => cells,
            _ => &[],
        }
    }
}

/// The whole solve, explained: every step from the empty grid, and how it ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Explanation {
    /// The steps, in order; applying them all gives the marks the last hint saw.
    pub steps: Vec<Step>,
    /// How it ended: [`Hint::Solved`], [`Hint::Stuck`] (logic stops, search is needed) or
    /// [`Hint::NoLogic`].
    pub end: Hint,
    /// The hardest rule used (its name and the difficulty it gives), when any step was taken.
    pub hardest: Option<(String, String)>,
}

impl Explanation {
    /// Whether the steps reach the answer.
    pub fn solved(&self) -> bool {
        matches!(self.end, Hint::Solved { .. })
    }

    /// The rating in words: the hardest rule's difficulty when logic solves it, else what it needs.
    pub fn rating(&self) -> String {
        match (&self.end, &self.hardest) {
            (Hint::Solved { .. }, Some((_, d))) => d.clone(),
            (Hint::Solved { .. }, None) => "nothing to do".into(),
            (Hint::NoLogic { .. }, _) => "no step-by-step logic".into(),
            _ => "beyond logic (needs search)".into(),
        }
    }

    /// The explanation in one sentence: how many steps, and where they lead.
    pub fn summary(&self) -> String {
        let n = self.steps.len();
        let steps = match n {
            0 => "no steps".to_string(),
            1 => "1 step".to_string(),
            _ => format!("{n} steps"),
        };
        match &self.hardest {
            Some((rule, _)) if self.solved() => format!(
                "{steps} from the empty grid to the answer; hardest rule: {rule} (rating: {}).",
                self.rating()
            ),
            Some((rule, _)) => format!("{steps} before logic stops; hardest rule used: {rule}."),
            None => format!("{steps}."),
        }
    }

    /// What the board shows at position `at` of the steps: step `at + 1` with its rule and
    /// sentence, or, past the last step, how it ended ("After all 12 steps: …"; after the only
    /// step, or with none, said so: the tour saw "After all 1 steps" and "After all 0 steps").
    pub fn shown_at(&self, at: usize) -> String {
        let n = self.steps.len();
        match self.steps.get(at) {
            Some(s) => format!("Step {} of {n}: {}: {}", at + 1, s.rule, s.sentence),
            None => match n {
                0 => self.end.sentence().to_string(),
                1 => format!("After the only step: {}", self.end.sentence()),
                _ => format!("After all {n} steps: {}", self.end.sentence()),
            },
        }
    }
}
