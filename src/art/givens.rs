//! Given cells that make a picture's nonogram unique (or solvable by line logic alone), and
//! then as few as possible: removing any one of the final givens makes it fail again.
//!
//! **Uniqueness** uses one incremental SAT instance: the nonogram encoding of the clues plus
//! one extra clause "some cell differs from the picture". The picture satisfies the clues, so
//! the puzzle with givens `G` (all taken from the picture) is unique exactly when that
//! instance is UNSAT under the assumptions `G`. Every check is therefore one
//! `solve_under(givens)`; nothing is ever blocked, so the instance stays valid for every
//! assumption set and the solver keeps what it learnt between checks.
//!
//! 1. *Reveal*: while the check is SAT, its model is a second answer; reveal one cell where
//!    it differs from the picture (see [`choose`]) and check again.
//! 2. *Minimise*: when a check is UNSAT, the solver's failed core is a subset of the givens
//!    that is still enough, so the set shrinks to the core at once. Then each given is tried
//!    in turn: without it, UNSAT means it is not needed (shrink to the new core), SAT means it
//!    stays. Every kept given was tested against a superset of the final set, and dropping it
//!    from a smaller set leaves even more answers, so the final set is minimal.
//!
//! **Line logic** ("no guessing needed") uses the line solver to a fixpoint
//! ([`crate::kinds::nonogram::propagate::Propagator`]): reveal a cell it leaves unknown until
//! it completes the grid, then drop every given it can do without, in the same way. Line
//! logic is monotone (more givens never deduce less), so the same argument makes the set
//! minimal.

use serde::{Deserialize, Serialize};
use web_time::Instant;

use crate::grid::Grid;
use crate::kinds::nonogram::encode::encode_with;
use crate::kinds::nonogram::propagate::Propagator;
use crate::kinds::nonogram::{Cell, Nonogram};
use crate::sat::{Cnf, Lit, Solver};

/// What the givens must achieve.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum UniqueMode {
    /// No givens: report the verdict only.
    Off,
    /// The fewest givens (a minimal set) that make the answer unique.
    Givens,
    /// A minimal set of givens with which line logic alone solves the puzzle.
    Logic,
}

impl UniqueMode {
    /// The word used on the command line and in JSON.
    pub fn word(self) -> &'static str {
        match self {
            UniqueMode::Off => "off",
            UniqueMode::Givens => "givens",
            UniqueMode::Logic => "logic",
        }
    }
}

/// Figures of a search for givens.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct GivensStats {
    /// Cells revealed before minimising.
    pub revealed: usize,
    /// Givens left after minimising.
    pub kept: usize,
    /// Uniqueness (or line-logic) checks made.
    pub checks: usize,
    /// Time spent revealing, in milliseconds.
    pub reveal_ms: f64,
    /// Time spent minimising, in milliseconds.
    pub minimise_ms: f64,
}

/// Progress of the search, for a progress line: phase name and givens so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct GivensProgress {
    /// True while minimising, false while revealing.
    pub minimising: bool,
    /// Givens in the current set.
    pub givens: usize,
    /// Checks made so far.
    pub checks: usize,
}

/// The literal "cell `i` has the picture's value".
fn agree(x: &[Lit], picture: &[bool], i: usize) -> Lit {
    if picture[i] {
        x[i]
    } else {
        !x[i]
    }
}

/// Chooses which differing cell to reveal: the one whose row and column hold the most cells
/// where the second answer differs (revealing it cuts through the most disagreement), ties
/// broken towards the picture's rarer colour (a rare value rules out more answers), then by
/// reading order.
pub fn choose(width: usize, height: usize, picture: &[bool], differs: &[bool]) -> Option<usize> {
    let mut row = vec![0usize; height];
    let mut col = vec![0usize; width];
    for (i, &d) in differs.iter().enumerate() {
        if d {
            row[i / width] += 1;
            col[i % width] += 1;
        }
    }
    let black = picture.iter().filter(|&&b| b).count();
    let rare = black * 2 < picture.len();
    (0..differs.len())
        .filter(|&i| differs[i])
        .max_by_key(|&i| (row[i / width] + col[i % width], picture[i] == rare, std::cmp::Reverse(i)))
}

/// An incremental uniqueness checker for one picture's clues.
pub struct UniquenessChecker {
    solver: Solver,
    x: Vec<Lit>,
    picture: Vec<bool>,
    width: usize,
    height: usize,
    /// Checks made.
    pub checks: usize,
}

impl UniquenessChecker {
    /// The checker for `puzzle` (its givens are ignored) whose intended answer is `picture`.
    pub fn new(puzzle: &Nonogram, picture: &Grid<bool>) -> Self {
        let (w, h) = (puzzle.width(), puzzle.height());
        let mut cnf = Cnf::new();
        let x = encode_with(puzzle, &vec![Cell::Unknown; w * h], &mut cnf);
        let picture = picture.cells().to_vec();
        // Some cell differs from the picture.
        cnf.clause((0..w * h).map(|i| !agree(&x, &picture, i)));
        UniquenessChecker { solver: Solver::new(&cnf), x, picture, width: w, height: h, checks: 0 }
    }

    /// With these givens (cell indices, values from the picture): `Ok(core)` when the answer is
    /// unique, where `core ⊆ givens` is already enough; `Err(second)` with another answer.
    pub fn check(&mut self, givens: &[usize]) -> Result<Vec<usize>, Vec<bool>> {
        self.checks += 1;
        let assumptions: Vec<Lit> = givens.iter().map(|&i| agree(&self.x, &self.picture, i)).collect();
        match self.solver.solve_under(&assumptions) {
            Ok(Some(model)) => Err(self.x.iter().map(|&l| model.value(l)).collect()),
            Ok(None) | Err(_) => {
                let core = self.solver.failed_core();
                Ok(givens.iter().copied().filter(|&i| core.contains(&agree(&self.x, &self.picture, i))).collect())
            }
        }
    }

    /// Reveals givens until the answer is unique, then minimises them; returns them sorted.
    pub fn unique_givens(&mut self, progress: &mut dyn FnMut(GivensProgress), stats: &mut GivensStats) -> Vec<usize> {
        let started = Instant::now();
        let mut givens: Vec<usize> = Vec::new();
        let core = loop {
            match self.check(&givens) {
                Ok(core) => break core,
                Err(second) => {
                    let differs: Vec<bool> = second.iter().zip(&self.picture).map(|(a, b)| a != b).collect();
                    let Some(i) = choose(self.width, self.height, &self.picture, &differs) else {
                        break givens.clone();
                    };
                    givens.push(i);
                    progress(GivensProgress { minimising: false, givens: givens.len(), checks: self.checks });
                }
            }
        };
        stats.revealed = givens.len();
        stats.reveal_ms = started.elapsed().as_secs_f64() * 1000.0;
        let started = Instant::now();
        let mut set = core;
        // Try the later (more targeted) reveals last: the early ones are the likeliest to be redundant.
        let order: Vec<usize> = givens.iter().copied().filter(|g| set.contains(g)).collect();
        for g in order {
            if !set.contains(&g) {
                continue;
            }
            let without: Vec<usize> = set.iter().copied().filter(|&i| i != g).collect();
            if let Ok(core) = self.check(&without) {
                set = core;
            }
            progress(GivensProgress { minimising: true, givens: set.len(), checks: self.checks });
        }
        stats.minimise_ms = started.elapsed().as_secs_f64() * 1000.0;
        stats.kept = set.len();
        stats.checks = self.checks;
        set.sort_unstable();
        set
    }
}

/// Whether line logic alone, starting from `givens`, solves every cell of `puzzle` (its own
/// givens are ignored); returns the cells it reached.
pub fn line_logic(puzzle: &Nonogram, picture: &[bool], givens: &[usize]) -> Vec<Cell> {
    let mut cells = vec![Cell::Unknown; puzzle.width() * puzzle.height()];
    for &i in givens {
        cells[i] = Cell::known(picture[i]);
    }
    let mut prop = Propagator::new(puzzle);
    // The picture satisfies the clues and the givens agree with it, so there is no contradiction.
    let _ = prop.run_all(&mut cells);
    cells
}

/// A minimal set of givens (sorted) with which line logic alone solves `puzzle`.
pub fn logic_givens(
    puzzle: &Nonogram,
    picture: &Grid<bool>,
    progress: &mut dyn FnMut(GivensProgress),
    stats: &mut GivensStats,
) -> Vec<usize> {
    let (w, h) = (puzzle.width(), puzzle.height());
    let pic = picture.cells();
    let started = Instant::now();
    let mut givens: Vec<usize> = Vec::new();
    let mut checks = 0;
    loop {
        checks += 1;
        let cells = line_logic(puzzle, pic, &givens);
        let unknown: Vec<bool> = cells.iter().map(|&c| c == Cell::Unknown).collect();
        match choose(w, h, pic, &unknown) {
            Some(i) => {
                givens.push(i);
                progress(GivensProgress { minimising: false, givens: givens.len(), checks });
            }
            None => break,
        }
    }
    stats.revealed = givens.len();
    stats.reveal_ms = started.elapsed().as_secs_f64() * 1000.0;
    let started = Instant::now();
    let mut set = givens.clone();
    for g in givens {
        let without: Vec<usize> = set.iter().copied().filter(|&i| i != g).collect();
        checks += 1;
        if !line_logic(puzzle, pic, &without).contains(&Cell::Unknown) {
            set = without;
        }
        progress(GivensProgress { minimising: true, givens: set.len(), checks });
    }
    stats.minimise_ms = started.elapsed().as_secs_f64() * 1000.0;
    stats.kept = set.len();
    stats.checks = checks;
    set.sort_unstable();
    set
}

/// The givens as a grid of cells for [`Nonogram::with_givens`].
pub fn givens_grid(picture: &Grid<bool>, givens: &[usize]) -> Grid<Cell> {
    let mut cells = vec![Cell::Unknown; picture.cells().len()];
    for &i in givens {
        cells[i] = Cell::known(picture.cells()[i]);
    }
    Grid::from_cells(picture.rows(), picture.cols(), cells).expect("same shape")
}
