//! The deduction engine every kind's logic runs on, in the shape of Tatham's solvers: a ladder
//! of rules, each written once as a function that finds one deduction and says it in words.
//!
//! A kind keeps a logic state (its cells' candidates, its own caches) and implements [`Logic`]:
//! [`Logic::find`] tries its rules from the cheapest rank up and returns the first
//! [`Deduction`] (or the marks' contradiction), [`Logic::apply`] writes a deduction's changes.
//! Everything that reasons by rules then calls the same code:
//! - the solver's logic phase: [`run`] to the end, every deduction applied (a grid it completes
//!   is the only answer, since every deduction holds in every answer);
//! - a hint: the first [`Logic::find`] from the player's marks, turned into a [`step::Step`];
//! - "Explain the solution": [`run`] from the empty grid, each deduction recorded as a step;
//! - the rating: the hardest rank [`run`] used, named by the kind's [`Rung`] for that rank;
//! - a generator's level: the same rating of the puzzle it makes.
//!
//! So a stronger rule makes the solver, the hints and the ratings stronger together, and they
//! cannot disagree about what logic reaches.

use crate::step::{self, Figure};

/// One rung of a kind's ladder: the rules of one rank, with the level a puzzle has when this is
/// the hardest rank it needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rung {
    /// The rank's rules, in a person's words (`Naked and hidden pairs`).
    pub rules: &'static str,
    /// The level's short name (`easy`, `normal`, `hard`, `extreme`), used by generators and
    /// the command line.
    pub level: &'static str,
    /// The rating in words, when this is a puzzle's hardest rank (`hard (pairs and triples)`).
    pub rating: &'static str,
}

/// What one rule found: the changes it makes, what they rest on, and the sentence.
#[derive(Debug, Clone, PartialEq)]
pub struct Deduction<C> {
    /// The rule's name as a solver's catalogue names it (`Hidden pair`, `X-wing`).
    pub rule: &'static str,
    /// The rule's rank on the kind's ladder (an index into [`Logic::LADDER`]).
    pub rank: u8,
    /// The changes, in the kind's terms (a cell and its new candidates).
    pub changes: Vec<C>,
    /// The cells the changes touch (to highlight).
    pub cells: Vec<usize>,
    /// The cells the deduction rests on.
    pub reasons: Vec<usize>,
    /// The lines, regions or cages it talks about, in words.
    pub clues: Vec<String>,
    /// Drawings that show it (a block, a chain, a placement).
    pub figures: Vec<Figure>,
    /// The deduction in a person's words.
    pub sentence: String,
}

impl<C> Deduction<C> {
    /// The deduction as one look of a trial found it ([`crate::trial::Next::Step`]), its changes
    /// already applied by the caller; `trial_rank` is the rank of the kind's own trial rung, a
    /// deduction of which a chain counts as one more assumption.
    pub fn into_trial_step(self, trial_rank: u8) -> crate::trial::Next {
        crate::trial::Next::Step {
            rule: self.rule.to_string(),
            cells: self.cells,
            sentence: self.sentence,
            assumes: self.rank == trial_rank,
        }
    }

    /// A deduction with no clues or figures yet.
    pub fn new(
        rule: &'static str,
        rank: u8,
        changes: Vec<C>,
        cells: Vec<usize>,
        reasons: Vec<usize>,
        sentence: String,
    ) -> Self {
        Deduction {
            rule,
            rank,
            changes,
            cells,
            reasons,
            clues: Vec::new(),
            figures: Vec::new(),
            sentence,
        }
    }

    /// With the clues it names.
    pub fn clues(mut self, clues: Vec<String>) -> Self {
        self.clues = clues;
        self
    }

    /// With a figure added.
    pub fn figure(mut self, label: impl Into<String>, cells: Vec<usize>) -> Self {
        self.figures.push(Figure { label: label.into(), cells });
        self
    }

    /// The hint step for this deduction, with the mark changes that make it in the page's marks.
    pub fn into_step(self, ladder: &[Rung], marks: Vec<(usize, u8)>) -> step::Step {
        let rung = ladder.get(self.rank as usize).copied().unwrap_or(Rung {
            rules: "",
            level: "",
            rating: "",
        });
        step::Step {
            rule: self.rule.to_string(),
            rank: self.rank,
            difficulty: rung.rating.to_string(),
            cells: self.cells,
            marks,
            reasons: self.reasons,
            clues: self.clues,
            figures: self.figures,
            sentence: self.sentence,
        }
    }
}

/// What [`Logic::find`] found.
#[derive(Debug, Clone, PartialEq)]
pub enum Found<C> {
    /// A deduction (the cheapest the rules up to the asked rank found).
    Deduction(Deduction<C>),
    /// The state breaks the rules: no answer extends it.
    Broken {
        /// The cells to point at.
        cells: Vec<usize>,
        /// What breaks, in words.
        sentence: String,
    },
    /// No rule up to the asked rank finds anything.
    Nothing,
}

/// One look of a contradiction chain's trial ([`crate::trial::Trial::next`]) on `l`: its first
/// deduction up to rank `upto`, applied, as a step (one of rank `trial_rank`, the kind's own
/// trial rung, counts as an assumption of its own); a broken rule with the state's sentence.
pub fn trial_look<L: Logic>(l: &mut L, upto: u8, trial_rank: u8) -> crate::trial::Next {
    match l.find(upto) {
        Found::Deduction(d) => {
            l.apply(&d.changes);
            d.into_trial_step(trial_rank)
        }
        Found::Broken { cells, sentence } => crate::trial::Next::Broken { cells, sentence },
        Found::Nothing => crate::trial::Next::Nothing,
    }
}

/// A kind's logic: its state of knowledge and its ladder of rules.
pub trait Logic {
    /// One change a deduction makes (for example a cell and its new candidates).
    type Change;
    /// The ladder: rung `r` names the rules of rank `r`, cheapest first.
    const LADDER: &'static [Rung];

    /// The cheapest deduction of rank at most `upto` from the current state.
    fn find(&mut self, upto: u8) -> Found<Self::Change>;
    /// Writes a deduction's changes into the state.
    fn apply(&mut self, changes: &[Self::Change]);
    /// Values decided and in all (cells known, for "logic stops at 40 of 81 cells").
    fn known(&self) -> (usize, usize);

    /// Whether every value is decided.
    fn complete(&self) -> bool {
        let (k, t) = self.known();
        k == t
    }
}

/// How a [`run`] ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum End {
    /// Every value is decided.
    Complete,
    /// No rule finds anything more.
    Stuck,
    /// The state breaks the rules.
    Broken {
        /// The cells to point at.
        cells: Vec<usize>,
        /// What breaks, in words.
        sentence: String,
    },
    /// The caller's `each` asked to stop.
    Stopped,
}

/// What a [`run`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    /// How it ended.
    pub end: End,
    /// The hardest rank used, when any deduction was made.
    pub hardest: Option<u8>,
    /// Deductions made.
    pub steps: usize,
}

impl Run {
    /// The rating's words: the hardest rung's when logic completed the grid.
    pub fn rating(&self, ladder: &[Rung]) -> Option<&'static str> {
        match self.end {
            End::Complete => {
                Some(ladder.get(self.hardest.unwrap_or(0) as usize).map_or("", |r| r.rating))
            }
            _ => None,
        }
    }
}

/// Applies deductions of rank at most `upto` until the state is complete, stuck or broken,
/// handing each to `each` before it is applied; `each` returns `false` to stop.
pub fn run<L: Logic>(
    logic: &mut L,
    upto: u8,
    mut each: impl FnMut(&Deduction<L::Change>) -> bool,
) -> Run {
    let mut hardest: Option<u8> = None;
    let mut steps = 0;
    loop {
        if logic.complete() {
            return Run { end: End::Complete, hardest, steps };
        }
        match logic.find(upto) {
            Found::Deduction(d) => {
                if !each(&d) {
                    return Run { end: End::Stopped, hardest, steps };
                }
                hardest = hardest.max(Some(d.rank));
                steps += 1;
                logic.apply(&d.changes);
            }
            Found::Broken { cells, sentence } => {
                return Run { end: End::Broken { cells, sentence }, hardest, steps }
            }
            Found::Nothing => return Run { end: End::Stuck, hardest, steps },
        }
    }
}

/// The level names of a ladder, in rank order (`easy`, `normal`, …), for option parsers.
pub fn levels(ladder: &[Rung]) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for r in ladder {
        if out.last() != Some(&r.level) {
            out.push(r.level);
        }
    }
    out
}

/// The highest rank whose level is `level` (so "up to hard" includes every hard rule), or
/// `None` for a word that names no level of the ladder.
pub fn rank_of_level(ladder: &[Rung], level: &str) -> Option<u8> {
    let w = level.trim().to_ascii_lowercase();
    ladder.iter().rposition(|r| r.level == w).map(|i| i as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A toy logic: cells 0..n, rule 0 decides the lowest undecided even cell, rule 1 any cell.
    struct Toy {
        known: Vec<bool>,
    }

    impl Logic for Toy {
        type Change = usize;
        const LADDER: &'static [Rung] = &[
            Rung { rules: "evens", level: "easy", rating: "easy" },
            Rung { rules: "any", level: "hard", rating: "hard" },
        ];
        fn find(&mut self, upto: u8) -> Found<usize> {
            if let Some(i) = (0..self.known.len()).find(|&i| !self.known[i] && i % 2 == 0) {
                return Found::Deduction(Deduction::new(
                    "even",
                    0,
                    vec![i],
                    vec![i],
                    vec![],
                    format!("cell {i}"),
                ));
            }
            if upto >= 1 {
                if let Some(i) = self.known.iter().position(|k| !k) {
                    return Found::Deduction(Deduction::new(
                        "any",
                        1,
                        vec![i],
                        vec![i],
                        vec![],
                        format!("cell {i}"),
                    ));
                }
            }
            Found::Nothing
        }
        fn apply(&mut self, changes: &[usize]) {
            for &i in changes {
                self.known[i] = true;
            }
        }
        fn known(&self) -> (usize, usize) {
            (self.known.iter().filter(|&&k| k).count(), self.known.len())
        }
    }

    #[test]
    fn run_stops_at_the_rank_asked_and_rates_by_the_hardest() {
        let mut t = Toy { known: vec![false; 5] };
        let r = run(&mut t, 0, |_| true);
        assert_eq!(r, Run { end: End::Stuck, hardest: Some(0), steps: 3 });
        let r = run(&mut t, 1, |_| true);
        assert_eq!(r.end, End::Complete);
        assert_eq!(r.hardest, Some(1));
        assert_eq!(r.rating(Toy::LADDER), Some("hard"));
        assert_eq!(rank_of_level(Toy::LADDER, "Hard"), Some(1));
        assert_eq!(rank_of_level(Toy::LADDER, "extreme"), None);
        assert_eq!(levels(Toy::LADDER), vec!["easy", "hard"]);
    }
}
