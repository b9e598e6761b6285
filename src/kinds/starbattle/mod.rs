//! Star Battle (Parks): k stars in every row, column and region, no two touching.
//!
//! - [`model`]: the puzzle and its validation;
//! - [`encode`]: the SAT encoding (exactly k per line and region, at most one per 2x2 window);
//! - [`logic`]: the deduction engine on [`crate::deduce::Logic`]: every rule once (singles, 2x2 blocks,
//!   confinement, region shapes and squeezes, short contradictions), its ladder and sentences;
//! - [`solve`]: the layered solver (logic, then SAT seeded with the fixed cells) and the rating;
//! - [`check`]: the independent verifier;
//! - [`cores`]: which rows, columns and regions force a cell (SAT; an analysis, not a rule);
//! - [`formats`]: studio JSON and link, puzz.link URLs, pzprv3 files, KrazyDad lines, StarBattleLab SBN;
//! - [`generate`]: new puzzles with a unique answer;
//! - [`hint`]: explained hints (the first deduction of [`logic`], cheapest rank first);
//! - `board_view`: what the board shows that follows from the puzzle alone (wasm32);
//! - [`page`]: the page's pure functions (marks, highlights, SVG, the region editor's draft).

#[cfg(target_arch = "wasm32")]
pub mod board_view;
pub mod check;
pub mod cores;
#[cfg(target_arch = "wasm32")]
pub mod editor_view;
pub mod encode;
pub mod formats;
pub mod generate;
pub mod hint;
pub mod logic;
pub mod model;
pub mod page;
pub mod solve;
#[cfg(target_arch = "wasm32")]
pub mod view;

pub use model::StarBattle;

use crate::error::InputResult;
use crate::grid::Grid;
use crate::hint::Hint;
use crate::kind::Kind;
use crate::play::Playable;
use crate::puzzle::{Entry, GenerateError, Mode, Puzzle, Report, SolveError, Words};
use crate::sat::{Cnf, Lit, Model, Monitor};

/// The generator's settings: the side (default 10), stars per row, column and region (default 2
/// from 9x9, else 1) and the level in words ([`generate::Difficulty::WORDS`]; default `logic`).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GenerateOptions {
    /// Grid side.
    pub size: Option<usize>,
    /// Stars per row, column and region.
    pub stars: Option<usize>,
    /// Level in words.
    pub difficulty: Option<String>,
}

impl Puzzle for StarBattle {
    const KIND: Kind = Kind::StarBattle;
    const WORDS: Words = Words::titled("Star Battle");
    type Solution = Grid<bool>;
    type Vars = Vec<Lit>;
    type Options = crate::puzzle::NoOptions;
    type GenerateOptions = GenerateOptions;

    crate::puzzle_forms!(formats);

    /// A puzz.link URL of the `starbattle` genre.
    fn recognises(text: &str) -> bool {
        crate::puzzlink::genre(text) == Some("starbattle") || formats::looks_like_sbn(text)
    }

    fn read_collection(text: &str, name: &str) -> InputResult<Vec<Entry<Self>>> {
        formats::read_collection(text, name)
    }

    fn generate(options: &GenerateOptions, seed: u64) -> Result<Self, GenerateError> {
        Self::generate_monitored(options, seed, None)
    }

    fn generate_monitored(
        options: &GenerateOptions,
        seed: u64,
        monitor: Option<&mut Monitor>,
    ) -> Result<Self, GenerateError> {
        let size = options.size.unwrap_or(10);
        let stars = options.stars.unwrap_or(if size >= 9 { 2 } else { 1 });
        let level = match options.difficulty.as_deref() {
            None => generate::Difficulty::Logic,
            Some(w) => generate::Difficulty::from_word(w).ok_or_else(|| {
                GenerateError::Input(crate::error::InputError::at(
                    "difficulty",
                    format!("unknown level `{w}`; use {}", generate::Difficulty::WORDS),
                ))
            })?,
        };
        generate::generate_level(size, stars, level, seed, monitor)
    }

    fn encode(&self, cnf: &mut Cnf) -> Vec<Lit> {
        encode::encode(self, cnf)
    }

    fn answer_lits(&self, vars: &Vec<Lit>) -> Vec<Lit> {
        vars.clone()
    }

    fn decode(&self, vars: &Vec<Lit>, model: &Model) -> Grid<bool> {
        let cells = vars.iter().map(|&v| model.value(v)).collect();
        Grid::from_cells(self.rows(), self.cols(), cells).expect("one variable per cell")
    }

    fn verify(&self, solution: &Grid<bool>) -> Result<(), String> {
        check::verify(self, solution)
    }

    fn solution_rows(&self, solution: &Grid<bool>) -> Vec<String> {
        (0..solution.rows())
            .map(|r| solution.row(r).iter().map(|&s| if s { '*' } else { '.' }).collect())
            .collect()
    }

    fn solve_with(
        &self,
        mode: Mode,
        _options: &crate::puzzle::NoOptions,
        monitor: Option<Monitor>,
    ) -> Result<Report<Grid<bool>>, SolveError> {
        solve::solve(self, mode, monitor)
    }

    fn solution_from_rows(&self, rows: &[String]) -> InputResult<Grid<bool>> {
        formats::stars_from_rows(self, rows)
    }
}

impl Playable for StarBattle {
    const SAMPLES: &'static [(&'static str, &'static str)] =
        &[("6x6, one star (puzz.link)", "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou")];

    fn shape(&self) -> String {
        format!(
            "{}x{}, {} star{}",
            self.rows(),
            self.cols(),
            self.stars(),
            if self.stars() == 1 { "" } else { "s" }
        )
    }

    /// A star or a dot per cell ([`crate::marks::YesNo`]).
    type Marks = crate::marks::YesNoMarks;

    fn cell_count(&self) -> usize {
        self.rows() * self.cols()
    }

    fn size_limits() -> String {
        format!(
            "square boards 1 to {} cells a side, 1 to {} stars per row, column and region; generated puzzles up to {}x{}",
            model::MAX_SIZE,
            model::MAX_STARS,
            generate::MAX_SIDE,
            generate::MAX_SIDE
        )
    }

    const HINTS: bool = true;

    const RING_WORDS: [&'static str; 2] = ["a star", "no star (a dot)"];

    fn next_step(&self, marks: &Self::Marks, _answer: Option<&Grid<bool>>) -> Hint {
        hint::next_step(self, marks)
    }

    fn rate(&self, answer: &Grid<bool>) -> Option<String> {
        Some(solve::rate_with(self, answer).difficulty())
    }

    fn warm_step(&self, marks: &Self::Marks) -> Hint {
        hint::warm_step(self, marks)
    }

    fn trial(&self, marks: &Self::Marks) -> Option<Box<dyn crate::trial::Trial + '_>> {
        let board = std::rc::Rc::new(logic::Board::new(self));
        let cells = board.cells_of(marks);
        Some(Box::new(logic::assume::Chain { board, cells }))
    }

    fn reveal_words(&self, answer: char) -> String {
        if answer == '.' {
            "no star".into()
        } else {
            "a star".into()
        }
    }

    fn cell_name(&self, cell: usize) -> String {
        crate::hint::cell_words(self.cols(), cell)
    }
}
