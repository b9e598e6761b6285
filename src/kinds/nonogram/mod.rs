//! Nonogram (paint by numbers): runs of filled cells per row and column.
//!
//! - [`model`]: the puzzle, its cells and its validation;
//! - [`line`]: the exact line solver (dynamic programming over positions and runs);
//! - [`logic`]: the rules on the shared deduction engine ([`crate::deduce`]): the line rule and
//!   the one-cell contradiction, each written once, for the solver, the hints and the rating,
//!   on the line engine both nonograms share ([`crate::lines`]); [`words`]: their sentences;
//! - [`propagate`]: the solver's logic phase, the line rule to a fixpoint;
//! - [`encode`]: the SAT encoding (run-start order ladders, linear in length x runs);
//! - [`cdcl`]: batsat with the exact line solver as a propagator (a search option for portfolios);
//! - [`solve`]: the layered solver with its uniqueness proof and rating, and its search options;
//! - [`check`]: the independent verifier;
//! - [`formats`]: studio JSON and link, Tatham IDs, puzz.link, `.non`, `.nin`, webpbn XML, TAAI;
//! - [`generate`]: new puzzles with a unique answer;
//! - [`hint`]: explained hints (the first deduction of [`logic`], told in words);
//! - [`page`]: pure functions for the editor and player (clues of a picture or of typed text, the
//!   editor's drawing, line status, SVG, export).
//!
//! Code outside this folder (the image page) uses the kind's face here, never `page`:
//! [`clues_of`], [`export`] in a [`Format`], and [`picture_svg`].

#[cfg(target_arch = "wasm32")]
pub mod board_view;
pub mod cdcl;
pub mod check;
#[cfg(target_arch = "wasm32")]
pub mod editor_view;
pub mod encode;
pub mod formats;
pub mod generate;
pub mod hint;
pub mod line;
pub mod logic;
pub mod model;
pub mod page;
pub mod propagate;
pub mod solve;
#[cfg(target_arch = "wasm32")]
pub mod view;
pub mod words;

pub use formats::Format;
pub use model::{Cell, Clue, Line, Nonogram};
pub use page::{clues_of, export, export_note};

/// `p` drawn as SVG with its clues: blank, or with `answer`'s cells filled (the picture files a
/// page offers).
pub fn picture_svg(p: &Nonogram, answer: Option<&Grid<bool>>) -> String {
    page::render_svg(p, answer.map(page::solution_cells).as_ref())
}

use crate::error::InputResult;
use crate::grid::Grid;
use crate::hint::Hint;
use crate::kind::Kind;
use crate::play::Playable;
use crate::puzzle::{Entry, GenerateError, Mode, Puzzle, Report, SolveError, Words};
use crate::sat::{Cnf, Lit, Model, Monitor};

/// The generator's settings: the side of the square grid (default 10).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GenerateOptions {
    /// Grid side.
    pub size: Option<usize>,
}

impl Puzzle for Nonogram {
    const KIND: Kind = Kind::Nonogram;
    const WORDS: Words = Words { logic_phase: "Line logic", ..Words::titled("Nonogram") };
    type Solution = Grid<bool>;
    type Vars = Vec<Lit>;
    type Options = solve::SolveOptions;
    type GenerateOptions = GenerateOptions;

    crate::puzzle_forms!(formats);

    /// A puzz.link URL of the `nonogram` genre.
    fn recognises(text: &str) -> bool {
        crate::puzzlink::genre(text) == Some("nonogram")
    }

    fn read_collection(text: &str, name: &str) -> InputResult<Vec<Entry<Self>>> {
        formats::read_collection(text, name)
    }

    fn generate(options: &GenerateOptions, seed: u64) -> Result<Self, GenerateError> {
        generate::generate(options.size.unwrap_or(10), seed).map_err(GenerateError::Failed)
    }

    /// The plain encoding from the givens only (the layered [`Puzzle::solve`] encodes after line logic).
    fn encode(&self, cnf: &mut Cnf) -> Vec<Lit> {
        encode::encode_with(self, &self.start(), cnf)
    }

    fn answer_lits(&self, vars: &Vec<Lit>) -> Vec<Lit> {
        vars.clone()
    }

    fn decode(&self, vars: &Vec<Lit>, model: &Model) -> Grid<bool> {
        Grid::from_cells(
            self.height(),
            self.width(),
            vars.iter().map(|&v| model.value(v)).collect(),
        )
        .expect("one variable per cell")
    }

    fn verify(&self, solution: &Grid<bool>) -> Result<(), String> {
        check::verify(self, solution)
    }

    fn solution_rows(&self, solution: &Grid<bool>) -> Vec<String> {
        formats::grid_rows(solution)
    }

    fn solution_from_rows(&self, rows: &[String]) -> InputResult<Grid<bool>> {
        formats::grid_from_rows(self.width(), self.height(), rows, "answer")
    }

    fn solve_with(
        &self,
        mode: Mode,
        options: &solve::SolveOptions,
        monitor: Option<Monitor>,
    ) -> Result<Report<Grid<bool>>, SolveError> {
        solve::solve_with(self, mode, *options, monitor)
    }
}

impl Playable for Nonogram {
    const SAMPLES: &'static [(&'static str, &'static str)] = &[
        ("Heart 5x5", "5x5:2/4/4/4/2/1.1/5/5/3/1"),
        ("Dancer 5x10 (webpbn #1)", "5x10:2.1/2.1.3/7/1.3/2.1/2/2.1/1.1/3/1.1/1.1/2/1.1/1.2/2"),
    ];

    fn shape(&self) -> String {
        format!("{}x{}", self.width(), self.height())
    }

    /// Filled or crossed per cell ([`crate::marks::YesNo`]).
    type Marks = crate::marks::YesNoMarks;

    fn cell_count(&self) -> usize {
        self.width() * self.height()
    }

    fn size_limits() -> String {
        format!("1 to {} cells each way", model::MAX_SIDE)
    }

    const HINTS: bool = true;

    fn next_step(&self, marks: &Self::Marks, _answer: Option<&Grid<bool>>) -> Hint {
        hint::next_step(self, marks)
    }

    fn trial(&self, marks: &Self::Marks) -> Option<Box<dyn crate::trial::Trial + '_>> {
        Some(Box::new(logic::assume::Chain(logic::Lines::for_hints(
            self,
            &hint::cells_of(self, marks),
        ))))
    }

    fn reveal_words(&self, answer: char) -> String {
        if answer == '.' {
            "a white cell".into()
        } else {
            "a black cell".into()
        }
    }

    fn cell_name(&self, cell: usize) -> String {
        crate::hint::cell_words(self.width(), cell)
    }
}
