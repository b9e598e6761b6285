//! Colour nonogram (multi-colour paint by numbers): runs of coloured cells per row and column;
//! runs of one colour need a gap between them, runs of different colours may touch.
//!
//! - [`model`]: the palette (background plus 1 to 32 colours), the clues and their validation;
//! - [`check`]: the independent verifier;
//! - [`line`]: the exact coloured line solver (dynamic programming over positions and runs);
//! - [`logic`]: the rules on the shared deduction engine ([`crate::deduce`]) and the line engine
//!   both nonograms share ([`crate::lines`]): line logic, colour sets (each cell keeps the
//!   colours it may still take) and the one-cell contradiction, for the solver's logic phase, the
//!   hints, the explanation and the rating; [`words`]: their sentences and colour names;
//! - [`solve`]: line logic with colour sets, then SAT with the proof of uniqueness;
//! - [`generate`]: pictures of shapes in chosen colours, repaired until the clues are proven unique
//!   at the difficulty asked (easy: the line rule alone finishes; medium: colour sets are needed;
//!   hard: they do not finish it either);
//! - [`hint`]: explained hints (the first deduction of [`logic`] from the player's marks);
//! - [`encode`]: the SAT encoding (cell colour variables and run-start ladders);
//! - [`formats`]: studio JSON, the share link, answer rows, and its readers: [`formats::xml`]
//!   webpbn XML with colours, [`formats::non`] the coloured `.non` variant, [`formats::olsak`]
//!   Olšák's `.g` (the colour letters live in [`model`]);
//! - [`draft`]: the editor's picture and palette, its puzzle and typed clues;
//! - [`page`]: pure functions for the page (marks, readable clue numbers, finished runs, SVG).

#[cfg(target_arch = "wasm32")]
pub mod board_view;
pub mod check;
pub mod draft;
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
pub mod solve;
#[cfg(target_arch = "wasm32")]
pub mod view;
pub mod words;

pub use formats::{non, olsak, xml};
pub use model::{Clue, Colour, ColourNonogram, Line, Run};

use crate::error::{InputError, InputResult};
use crate::grid::Grid;
use crate::hint::Hint;
use crate::kind::Kind;
use crate::play::Playable;
use crate::puzzle::{GenerateError, Mode, NoOptions, Puzzle, Report, SolveError, Words};
use crate::sat::{Cnf, Lit, Model, Monitor};

/// A player's mark for a cell ([`page::Paint`]): blank, [`DOT`] known background, or a colour.
pub use page::{Paint, DOT};

/// The generator's settings: the side of the square grid and the colours besides the background
/// (defaults 10 and 3).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GenerateOptions {
    /// Grid side.
    pub size: Option<usize>,
    /// Colours besides the background.
    pub colours: Option<usize>,
    /// `easy`, `medium`, `hard` or `any` ([`generate::LEVELS`]).
    pub difficulty: Option<String>,
}

impl Puzzle for ColourNonogram {
    const KIND: Kind = Kind::ColourNonogram;
    const WORDS: Words = Words { logic_phase: "Line logic", ..Words::titled("Colour nonogram") };
    type Solution = Grid<u8>;
    type Vars = encode::Vars;
    type Options = NoOptions;
    type GenerateOptions = GenerateOptions;

    crate::puzzle_forms!(formats);

    /// Every puzzle of a webpbn `<puzzleset>`, else one puzzle ([`formats::read_collection`]).
    fn read_collection(text: &str, name: &str) -> InputResult<Vec<crate::puzzle::Entry<Self>>> {
        formats::read_collection(text, name)
    }

    /// The link's `WxH:<palette>:` text, or webpbn XML with two or more colours.
    fn recognises(text: &str) -> bool {
        formats::recognises(text)
    }

    /// A `size` x `size` puzzle in `colours` colours (default 10 and 3) at the difficulty
    /// ([`generate::LEVELS`], default `any`), proven unique.
    fn generate(options: &GenerateOptions, seed: u64) -> Result<Self, GenerateError> {
        let level = generate::Level::from_word(options.difficulty.as_deref())
            .map_err(|e| GenerateError::Input(InputError::new(e)))?;
        generate::generate_level(
            options.size.unwrap_or(10),
            options.colours.unwrap_or(3),
            level,
            seed,
        )
        .map_err(GenerateError::Failed)
    }

    /// Line logic first, then SAT over the rest ([`solve`]).
    fn solve_with(
        &self,
        mode: Mode,
        _options: &NoOptions,
        monitor: Option<Monitor>,
    ) -> Result<Report<Grid<u8>>, SolveError> {
        solve::solve(self, mode, monitor)
    }

    fn encode(&self, cnf: &mut Cnf) -> encode::Vars {
        let all = encode::all_colours(self);
        let known: Vec<encode::Colours> =
            self.start().iter().map(|g| g.map_or(all, |c| 1u64 << c)).collect();
        encode::encode_with(self, &known, cnf)
    }

    fn answer_lits(&self, vars: &encode::Vars) -> Vec<Lit> {
        vars.x.iter().flatten().copied().collect()
    }

    fn decode(&self, vars: &encode::Vars, model: &Model) -> Grid<u8> {
        Grid::from_cells(self.height(), self.width(), encode::decode(vars, |v| model.value(v)))
            .expect("one cell per variable set")
    }

    fn verify(&self, solution: &Grid<u8>) -> Result<(), String> {
        check::verify(self, solution)
    }

    fn solution_rows(&self, solution: &Grid<u8>) -> Vec<String> {
        formats::grid_rows(solution)
    }

    fn solution_from_rows(&self, rows: &[String]) -> InputResult<Grid<u8>> {
        formats::grid_from_rows(self, rows, "answer")
    }
}

impl Playable for ColourNonogram {
    const SAMPLES: &'static [(&'static str, &'static str)] = SAMPLES;

    fn shape(&self) -> String {
        format!("{}x{}, {} colours", self.width(), self.height(), self.colours())
    }

    fn size_limits() -> String {
        format!(
            "1 to {} cells each way, up to {} colours besides the background",
            model::MAX_SIDE,
            model::MAX_COLOURS
        )
    }

    /// A colour, a dot (the background) or blank per cell ([`page::Paint`]).
    type Marks = page::PaintMarks;

    fn cell_count(&self) -> usize {
        self.width() * self.height()
    }

    /// The answer's palette index + 1, or another one (background and the first colour always exist).
    fn answer_mark(answer: char, right: bool) -> u8 {
        // The answer's colour (the background a dot), or on a wrong mark the dot, or on a
        // dot the first colour; as the value its marks give it.
        let c = formats::char_colour(answer).unwrap_or(0);
        let shown = match (right, c) {
            (true, _) => c,
            (false, 0) => 1,
            (false, _) => 0,
        };
        crate::marks::CellMark::value(Paint(Some(shown)))
    }

    fn mistakes(answer: &str, marks: &Self::Marks) -> Vec<usize> {
        answer
            .chars()
            .enumerate()
            .filter(|&(i, a)| match marks.get(i).0 {
                None => false,
                c => formats::char_colour(a) != c,
            })
            .map(|(i, _)| i)
            .collect()
    }

    const HINTS: bool = true;

    const RING_WORDS: [&'static str; 2] = ["to colour", "background (a dot)"];

    fn next_step(&self, marks: &Self::Marks, _answer: Option<&Grid<u8>>) -> Hint {
        hint::next_step(self, marks)
    }

    fn trial(&self, marks: &Self::Marks) -> Option<Box<dyn crate::trial::Trial + '_>> {
        let lines = logic::Lines::for_hints(self, &hint::cells_of(self, marks));
        Some(Box::new(logic::assume::Chain::new(lines)))
    }

    fn reveal_words(&self, answer: char) -> String {
        match formats::char_colour(answer) {
            Some(c) if (c as usize) < self.palette().len() => self.colour_name(c as usize),
            _ => format!("\"{answer}\""),
        }
    }

    fn cell_name(&self, cell: usize) -> String {
        crate::hint::cell_words(self.width(), cell)
    }
}

/// The home page's samples, in the share link's text form.
const SAMPLES: &[(&str, &str)] = &[
    ("Cherries 8x8", "8x8:fff.d22.764.4a3:2a/4a/2b3a/b/2b2a/2c2b4a/2c3a/0/b2c/2b2c/bb/bb/2a2a/3a3a/3a3a/aa"),
    ("Mushroom 10x10", "10x10:fff.c23.fd4.ec9.642:a/3a/4ac/2ab2a4c/a3bacd2c/3ab2a4c/6a4c/6ac/2ababa/5a/4a/7a/2ab3aba/2a3b4a/3ab3aba/10a/4c/cd2c/4c/6c"),
];

impl ColourNonogram {
    /// An answer given as text rows of colour letters, when it reads and fits (for the page).
    pub fn solution_grid(&self, rows: &[String]) -> Option<Grid<u8>> {
        formats::grid_from_rows(self, rows, "answer").ok()
    }
}
