//! KenKen: a Latin square whose cages' digits reach their targets by `+ − × ÷`.
//!
//! - [`model`]: the puzzle and its validation (errors name the cage);
//! - [`tuples`]: the digit tuples that satisfy a cage, for the encoder and the rules;
//! - [`logic`]: the deduction ladder (Tatham's levels, easy to unreasonable), each rule written
//!   once and used by the solver's logic phase, the hints, the explanation and the rating;
//! - [`encode`]: the SAT encoding (one-hot digits, Latin lines, cages by tuples or arithmetic);
//! - [`solve`]: the deduction ladder, then SAT through the shared enumeration, with proof;
//! - [`check`]: the independent verifier;
//! - [`formats`]: studio JSON and link, Tatham Keen IDs, links and save files, JSON lines;
//! - [`generate`]: new puzzles with a proven unique answer at a level of the ladder;
//! - [`hint`]: the player's marks as the ladder's state, and its first deduction as a hint;
//! - [`marks`]: the player's marks byte by byte, and the candidates they leave;
//! - [`page`]: pure functions for the page (highlights, editor, SVG).

pub mod check;
#[cfg(target_arch = "wasm32")]
pub mod editor_view;
pub mod encode;
pub mod formats;
pub mod generate;
pub mod hint;
pub mod logic;
pub mod marks;
pub mod model;
pub mod page;
pub mod solve;
pub mod tuples;
#[cfg(target_arch = "wasm32")]
pub mod view;

pub use model::{Cage, KenKen, Op};

use crate::error::InputResult;
use crate::grid::Grid;
use crate::hint::Hint;
use crate::kind::Kind;
use crate::play::Playable;
use crate::puzzle::{Entry, GenerateError, Mode, Puzzle, Report, SolveError, Words};
use crate::sat::{Cnf, Lit, Model, Monitor};

/// The generator's settings: the side (default 6) and the level of the ladder in words
/// ([`generate::LEVELS`]; default the second, normal).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GenerateOptions {
    /// Grid side.
    pub size: Option<usize>,
    /// Level in words.
    pub difficulty: Option<String>,
}

impl Puzzle for KenKen {
    const KIND: Kind = Kind::KenKen;
    const WORDS: Words = Words::titled("KenKen");
    type Solution = Grid<u8>;
    type Vars = encode::Vars;
    type Options = crate::puzzle::NoOptions;
    type GenerateOptions = GenerateOptions;

    crate::puzzle_forms!(formats);

    fn recognises(text: &str) -> bool {
        let bare_json = text.starts_with('{')
            && serde_json::from_str::<serde_json::Value>(text)
                .is_ok_and(|v| v.get("kind").is_none() && v.get("cages").is_some());
        formats::looks_like_keen(text)
            || bare_json
            || (text.starts_with("SAVEFILE") && text.contains(":4:Keen"))
    }

    fn read_collection(text: &str, name: &str) -> InputResult<Vec<Entry<Self>>> {
        formats::read_collection(text, name)
    }

    fn generate(options: &GenerateOptions, seed: u64) -> Result<Self, GenerateError> {
        let level = match options.difficulty.as_deref() {
            None => 1,
            Some(w) => generate::level_from_word(w).ok_or_else(|| {
                GenerateError::Input(crate::error::InputError::at(
                    "difficulty",
                    format!(
                        "unknown level `{w}`; use {}",
                        crate::hint::and_list(&generate::LEVELS)
                    ),
                ))
            })?,
        };
        generate::generate(options.size.unwrap_or(6), level, seed).map_err(GenerateError::Failed)
    }

    fn encode(&self, cnf: &mut Cnf) -> encode::Vars {
        encode::encode(self, cnf)
    }

    fn answer_lits(&self, vars: &encode::Vars) -> Vec<Lit> {
        vars.x.iter().flatten().copied().collect()
    }

    fn decode(&self, vars: &encode::Vars, model: &Model) -> Grid<u8> {
        let cells = vars
            .x
            .iter()
            .map(|lits| lits.iter().position(|&l| model.value(l)).map_or(0, |d| d as u8 + 1))
            .collect();
        Grid::from_cells(self.size(), self.size(), cells).expect("one cell per variable group")
    }

    fn verify(&self, solution: &Grid<u8>) -> Result<(), String> {
        check::verify(self, solution)
    }

    fn solution_rows(&self, solution: &Grid<u8>) -> Vec<String> {
        (0..solution.rows())
            .map(|r| solution.row(r).iter().map(|&d| formats::digit_char(d)).collect())
            .collect()
    }

    fn solution_from_rows(&self, rows: &[String]) -> InputResult<Grid<u8>> {
        formats::digits_from_rows(self, rows)
    }

    fn solve_with(
        &self,
        mode: Mode,
        _options: &crate::puzzle::NoOptions,
        monitor: Option<Monitor>,
    ) -> Result<Report<Grid<u8>>, SolveError> {
        solve::solve(self, mode, monitor)
    }
}

impl Playable for KenKen {
    const SAMPLES: &'static [(&'static str, &'static str)] =
        &[("5x5 (Tatham's Keen)", "5:a__a_3a_5a_a_a_3b_bac_,a5m15a7a10s2s2d2s3m40m2s2")];

    fn shape(&self) -> String {
        format!("{0}x{0}", self.size())
    }

    fn size_limits() -> String {
        format!("{} to {} cells a side", model::MIN_SIZE, model::MAX_SIZE)
    }

    /// The digit and the pencil marks per cell ([`marks::Pencilled`]).
    type Marks = marks::KenKenMarks;

    fn cell_count(&self) -> usize {
        self.size() * self.size()
    }

    /// The answer's digit, or another one.
    fn answer_mark(answer: char, right: bool) -> u8 {
        let d = formats::char_digit(answer).unwrap_or(1);
        match (right, d) {
            (true, _) => d,
            (false, 1) => 2,
            (false, _) => d - 1,
        }
    }

    fn mistakes(answer: &str, marks: &Self::Marks) -> Vec<usize> {
        page::mistakes(answer, marks)
    }

    const HINTS: bool = true;

    const RING_WORDS: [&'static str; 2] = ["a digit", "candidates struck"];

    fn next_step(&self, marks: &Self::Marks, _answer: Option<&Grid<u8>>) -> Hint {
        hint::next_step(self, marks)
    }

    fn rate(&self, answer: &Grid<u8>) -> Option<String> {
        Some(solve::rate_with(self, answer))
    }

    fn hint_mistakes(answer: &str, marks: &Self::Marks) -> Vec<usize> {
        hint::hint_mistakes(answer, marks)
    }

    fn trial(&self, marks: &Self::Marks) -> Option<Box<dyn crate::trial::Trial + '_>> {
        Some(Box::new(logic::assume::Chain(hint::logic_of(self, marks))))
    }

    fn reveal_words(&self, answer: char) -> String {
        match formats::char_digit(answer) {
            Some(d) => format!("the digit {d}"),
            None => format!("\"{answer}\""),
        }
    }

    fn cell_name(&self, cell: usize) -> String {
        crate::hint::cell_words(self.size(), cell)
    }
}
