//! Rectangle-free colouring: colour an n x m grid with c colours so that no four cells of one
//! colour are the corners of a rectangle.
//!
//! - [`model`]: the task (size, colours, fixed cells, search settings) and its validation;
//! - [`check`]: the independent checker, which counts and lists monochromatic rectangles;
//! - [`bounds`]: the counting bound (Zarankiewicz) with its proof, and the literature values;
//! - [`encode`]: the direct SAT encoding with symmetry breaking, and the rotation-symmetric one;
//! - [`search`]: the local search's entry: which space and rule runs, and what ran;
//! - [`board`]: the incremental score, rows and columns of every colour as bit sets;
//! - [`report`]: the live snapshots and the thinned score series;
//! - [`space`]: the search settings and the driver every space shares;
//! - [`schedule`]: the acceptance rules of simulated annealing and threshold accepting;
//! - [`whole`]: the space of whole colourings (recolour a cell, swap two lines in a colour);
//! - [`rotation`]: the rotation-symmetric space (one cell per orbit for colour 0);
//! - [`breakout`]: clause weighting in either space;
//! - [`tabu`]: tabu search in the rotation-symmetric space;
//! - [`solve`]: which method runs and why, and the verdict with its evidence;
//! - [`formats`]: JSON spec, share link, colour grids as text;
//! - [`page`]: the page's pure logic (chart, grid pictures, text export, highlights).

mod board;
pub mod bounds;
mod breakout;
pub mod check;
#[cfg(target_arch = "wasm32")]
pub mod check_view;
pub mod encode;
pub mod formats;
#[cfg(target_arch = "wasm32")]
pub mod hand_view;
#[cfg(target_arch = "wasm32")]
pub mod lab_view;
pub mod model;
pub mod page;
pub mod report;
mod rotation;
mod schedule;
pub mod search;
pub mod solve;
pub mod space;
pub mod tabu;
#[cfg(target_arch = "wasm32")]
pub mod view;
mod whole;

pub use model::RectFree;

use crate::error::InputResult;
use crate::grid::Grid;
use crate::kind::Kind;
use crate::play::Playable;
use crate::puzzle::{Mode, Puzzle, Report, SolveError, Words};
use crate::sat::{Cnf, Lit, Model, Monitor};

impl Puzzle for RectFree {
    const KIND: Kind = Kind::RectFree;
    const WORDS: Words = Words {
        solving: "Colouring",
        solve_button: "Colour it",
        solved_text: "Found: a colouring with no rectangle of one colour.",
        ..Words::titled("Rectangle-free colouring")
    };
    type Solution = Grid<u8>;
    type Vars = encode::Direct;
    type Options = solve::SolveOptions;
    type GenerateOptions = crate::puzzle::NoOptions;

    crate::puzzle_forms!(formats);

    /// The plain direct encoding (no symmetry breaking), so that counting counts every colouring.
    fn encode(&self, cnf: &mut Cnf) -> encode::Direct {
        encode::direct(self, cnf)
    }

    fn answer_lits(&self, vars: &encode::Direct) -> Vec<Lit> {
        vars.x.iter().flatten().copied().collect()
    }

    fn decode(&self, vars: &encode::Direct, model: &Model) -> Grid<u8> {
        let cells = vars
            .x
            .iter()
            .map(|x| x.iter().position(|&l| model.value(l)).unwrap_or(0) as u8)
            .collect();
        Grid::from_cells(self.rows(), self.cols(), cells).expect("one entry per cell")
    }

    fn verify(&self, solution: &Grid<u8>) -> Result<(), String> {
        check::verify(self, solution)
    }

    fn solution_rows(&self, solution: &Grid<u8>) -> Vec<String> {
        formats::grid_rows(solution)
    }

    /// Digit rows, or the spaced `1..K` form of the benchmark grids.
    fn solution_from_rows(&self, rows: &[String]) -> InputResult<Grid<u8>> {
        if !rows.iter().any(|r| r.contains(|c: char| c.is_whitespace() || c == ',')) {
            return formats::grid_from_rows(self, rows);
        }
        let g = formats::parse_grid(&rows.join("\n"))?;
        formats::grid_from_rows(self, &formats::grid_rows(&g))
    }

    /// Colourings are never unique (colours can be permuted), so `Unique` looks for one, like
    /// `First`; the method is picked by [`solve::plan`].
    fn solve_with(
        &self,
        mode: Mode,
        options: &solve::SolveOptions,
        monitor: Option<Monitor>,
    ) -> Result<Report<Grid<u8>>, SolveError> {
        solve::solve(&options.applied_to(self), mode, monitor)
    }

    /// Every monochromatic rectangle (the first thousand), one line each.
    fn faults(&self, solution: &Grid<u8>) -> Vec<String> {
        match check::verify(self, solution) {
            Ok(()) => Vec::new(),
            Err(why) if check::count(solution) == 0 => vec![why],
            Err(_) => {
                let count = check::count(solution);
                let mut lines: Vec<String> = check::rectangles(solution, 1000)
                    .iter()
                    .map(|r| {
                        format!(
                            "colour {} at rows {} and {}, columns {} and {}",
                            r.colour,
                            r.r1 + 1,
                            r.r2 + 1,
                            r.c1 + 1,
                            r.c2 + 1
                        )
                    })
                    .collect();
                if count > lines.len() as u64 {
                    lines.push(format!("… and {} more", count - lines.len() as u64));
                }
                lines.insert(
                    0,
                    format!("{count} monochromatic rectangle{}", if count == 1 { "" } else { "s" }),
                );
                lines
            }
        }
    }
}

impl Playable for RectFree {
    /// Half an hour: the local search on the hardest grids (17x17 with four colours) may
    /// take long; it is stopped after that (the chart keeps its best colouring).
    const SEARCH_BUDGET_MS: f64 = 1_800_000.0;
    const SAMPLES: &'static [(&'static str, &'static str)] = &[
        ("12x12, 4 colours", r#"{"kind":"rectfree","rows":12,"cols":12,"colours":4}"#),
        ("5x5, 2 colours (impossible)", r#"{"kind":"rectfree","rows":5,"cols":5,"colours":2}"#),
    ];

    fn shape(&self) -> String {
        format!("{}x{}, {} colours", self.rows(), self.cols(), self.colours())
    }

    /// A colour or none per cell (a hand colouring, or a checked grid).
    type Marks = page::ColourMarks;

    fn cell_count(&self) -> usize {
        self.rows() * self.cols()
    }

    fn size_limits() -> String {
        format!(
            "1 to {} cells each way, {} to {} colours",
            model::MAX_SIDE,
            model::MIN_COLOURS,
            model::MAX_COLOURS
        )
    }
}
