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
//! The search is budgeted ([`UniquenessChecker::budgeted`]), so a unique puzzle comes back
//! at once at any size and then improves:
//! 1. *Quick answer*: line logic from the clues, revealing a cell it leaves unknown (see
//!    [`choose`]) until it completes the grid: unique by sound deductions, no SAT proof needed.
//! 2. *Minimise*: an UNSAT check's failed core is a subset of the givens that is still enough,
//!    so the set shrinks to the core at once. Then each given is tried without, under a
//!    conflict budget: UNSAT drops it (shrink to the new core), SAT means it stays (refused),
//!    and a check that runs out of budget keeps it as *undecided*: the puzzle stays unique,
//!    it is just not yet proven minimal. Later passes retry the undecided ones with four
//!    times the budget. Every refused given was refused against a superset of the final set,
//!    and dropping it from a smaller set leaves even more answers, so the set is proven
//!    minimal exactly when no given is left undecided.
//!
//! **Line logic** ("no guessing needed") uses the line solver to a fixpoint
//! ([`crate::kinds::nonogram::propagate::Propagator`]): reveal a cell it leaves unknown until
//! it completes the grid, then drop every given it can do without, in the same way. Line
//! logic is monotone (more givens never deduce less), so the same argument makes the set
//! minimal.
//!
//! **Kinds.** The search is written once over a [`Target`]: what a kind's picture puzzle gives
//! it (its size, the encoding with the literal "cell `i` as in the picture", and line logic
//! from a set of givens). [`Bw`] is the black-and-white nonogram's; the colour nonogram's is
//! [`super::colour_art::ColourTarget`].

use std::cell::Cell as StdCell;
use std::rc::Rc;

use serde::{Deserialize, Serialize};
use web_time::Instant;

use crate::grid::Grid;
use crate::kinds::nonogram::encode::encode_with;
use crate::kinds::nonogram::propagate::Propagator;
use crate::kinds::nonogram::{Cell, Nonogram};
use crate::sat::{Cnf, Lit, Monitor, Solver};

/// What the givens search needs of a kind's puzzle made from a picture (its clues are the
/// picture's, so the picture is one answer).
pub trait Target {
    /// The incremental state of the kind's line logic.
    type Logic;
    /// Columns.
    fn width(&self) -> usize;
    /// Rows.
    fn height(&self) -> usize;
    /// Per cell: whether the picture's value there is one of the rarer ones (revealing such a
    /// cell rules out more answers; [`choose`] breaks ties towards them).
    fn rare(&self) -> Vec<bool>;
    /// Writes the clues' encoding with nothing known into `cnf` and returns, per cell, the
    /// literal "this cell has the picture's value".
    fn encode_agree(&self, cnf: &mut Cnf) -> Vec<Lit>;
    /// Line logic to its fixpoint from `givens` (cells with the picture's values): per cell,
    /// whether it is still unknown.
    fn unknown_after(&self, givens: &[usize]) -> Vec<bool>;
    /// Line logic from the clues alone, run to its fixpoint.
    fn logic_start(&self) -> Self::Logic;
    /// Reveals cell `i` (the picture's value) and runs line logic to its fixpoint again.
    fn logic_reveal(&self, logic: &mut Self::Logic, i: usize);
    /// Per cell, whether the logic state leaves it unknown.
    fn logic_unknown(&self, logic: &Self::Logic) -> Vec<bool>;
}

/// The black-and-white nonogram made from a picture: the plain puzzle (no givens) and the
/// picture, an answer of it.
pub struct Bw {
    /// The clues (givens, if any, are ignored).
    pub plain: Nonogram,
    /// The picture, row-major, black `true`.
    pub picture: Vec<bool>,
}

impl Target for Bw {
    type Logic = (Propagator, Vec<Cell>);

    fn width(&self) -> usize {
        self.plain.width()
    }

    fn height(&self) -> usize {
        self.plain.height()
    }

    /// The picture's rarer colour (black when fewer than half the cells are black).
    fn rare(&self) -> Vec<bool> {
        let black = self.picture.iter().filter(|&&b| b).count();
        let rare = black * 2 < self.picture.len();
        self.picture.iter().map(|&b| b == rare).collect()
    }

    fn encode_agree(&self, cnf: &mut Cnf) -> Vec<Lit> {
        let n = self.picture.len();
        let x = encode_with(&self.plain, &vec![Cell::Unknown; n], cnf);
        (0..n).map(|i| agree(&x, &self.picture, i)).collect()
    }

    fn unknown_after(&self, givens: &[usize]) -> Vec<bool> {
        line_logic(&self.plain, &self.picture, givens).iter().map(|&c| c == Cell::Unknown).collect()
    }

    fn logic_start(&self) -> Self::Logic {
        let mut cells = vec![Cell::Unknown; self.picture.len()];
        let mut prop = Propagator::new(&self.plain);
        // The picture satisfies the clues, so there is no contradiction.
        let _ = prop.run_all(&mut cells);
        (prop, cells)
    }

    fn logic_reveal(&self, (prop, cells): &mut Self::Logic, i: usize) {
        prop.set(cells, i, Cell::known(self.picture[i]));
        // The picture agrees with the clues and the givens, so there is no contradiction.
        let _ = prop.run(cells);
    }

    fn logic_unknown(&self, (_, cells): &Self::Logic) -> Vec<bool> {
        cells.iter().map(|&c| c == Cell::Unknown).collect()
    }
}

/// What the givens must achieve.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum UniqueMode {
    /// No givens: report the verdict only.
    Off,
    /// The fewest givens (a minimal set) that make the answer unique.
    Givens,
    /// A minimal set of givens with which line logic alone solves the puzzle.
    Logic,
    /// No givens: the picture is adjusted ([`super::adjust`]) until the rules up to the level
    /// finish the puzzle alone.
    Adjust(super::adjust::Level),
}

impl UniqueMode {
    /// The word used on the command line and in JSON.
    pub fn word(self) -> &'static str {
        match self {
            UniqueMode::Off => "off",
            UniqueMode::Givens => "givens",
            UniqueMode::Logic => "logic",
            UniqueMode::Adjust(_) => "adjust",
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct GivensProgress {
    /// True while minimising, false while revealing.
    pub minimising: bool,
    /// Givens in the current set.
    pub givens: usize,
    /// Checks made so far.
    pub checks: usize,
    /// The minimising pass under way (0 before the passes over single givens begin).
    #[serde(default)]
    pub pass: u32,
    /// Passes allowed at most ([`Budget::passes`]).
    #[serde(default)]
    pub passes: u32,
    /// Givens not yet decided (neither dropped nor proven needed).
    #[serde(default)]
    pub undecided: usize,
    /// Milliseconds left before the time budget ends the search, when it has one.
    #[serde(default)]
    pub left_ms: Option<u64>,
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
    let black = picture.iter().filter(|&&b| b).count();
    let rare = black * 2 < picture.len();
    let rare: Vec<bool> = picture.iter().map(|&b| b == rare).collect();
    choose_rare(width, height, &rare, differs)
}

/// [`choose`] with the rare cells given: the differing cell whose row and column hold the most
/// differing cells, ties broken towards a rare cell, then by reading order.
pub fn choose_rare(width: usize, height: usize, rare: &[bool], differs: &[bool]) -> Option<usize> {
    let mut row = vec![0usize; height];
    let mut col = vec![0usize; width];
    for (i, &d) in differs.iter().enumerate() {
        if d {
            row[i / width] += 1;
            col[i % width] += 1;
        }
    }
    (0..differs.len())
        .filter(|&i| differs[i])
        .max_by_key(|&i| (row[i / width] + col[i % width], rare[i], std::cmp::Reverse(i)))
}

/// How much work the givens search may spend, so that a puzzle comes back in seconds at any
/// size and improves while time remains.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Budget {
    /// Conflicts one "still unique without this given?" check may spend in the first pass;
    /// each later pass over the undecided givens allows four times as many.
    pub conflicts: u64,
    /// Passes over the undecided givens at most (the first quick answer is always made).
    pub passes: u32,
    /// Wall-clock milliseconds for the whole givens search (`None`: no limit); when it runs
    /// out the current unique set is returned with its honest status.
    pub time_ms: Option<f64>,
}

impl Default for Budget {
    /// 2,000 conflicts, then 8,000, … over 8 passes (the last allows about 33 million), no
    /// time limit.
    fn default() -> Self {
        Budget { conflicts: 2_000, passes: 8, time_ms: None }
    }
}

/// The answer of one budgeted check.
#[derive(Debug, Clone, PartialEq)]
pub enum Check {
    /// UNSAT: unique with these givens; the failed core (a subset of them) is already enough.
    Unique(Vec<usize>),
    /// SAT: another answer; per cell, whether it differs from the picture.
    Second(Vec<bool>),
    /// The budget ran out before a proof either way.
    Undecided,
}

/// A unique set of givens and how far its minimality is proven.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Minimising {
    /// The givens (row-major indices, sorted): the puzzle is proven unique with them.
    pub givens: Vec<usize>,
    /// True only when every given was refused: without it a SAT check found another answer.
    pub proven_minimal: bool,
    /// Givens whose check ran out of budget (kept, so the puzzle stays unique).
    pub undecided: usize,
    /// Minimising passes begun (0 while only the quick answer exists).
    pub pass: u32,
    /// Checks made so far.
    pub checks: usize,
    /// The time budget ended the search before every given was decided.
    #[serde(default)]
    pub out_of_time: bool,
}

/// The SAT side of a [`Checker`]: the encoding with "some cell differs", its solver, and per
/// cell the literal "as in the picture".
struct Sat {
    cnf: Cnf,
    solver: Solver,
    agree: Vec<Lit>,
}

/// An incremental uniqueness checker for one picture's clues, over any [`Target`].
///
/// The SAT instance is built at the first check, so the quick answer (line logic alone)
/// never waits for the encoding of a large picture.
pub struct Checker<T: Target> {
    target: T,
    sat: Option<Sat>,
    /// Stop the solve when the solver's conflict count reaches this.
    limit: Rc<StdCell<u64>>,
    deadline: Option<Instant>,
    rare: Vec<bool>,
    width: usize,
    height: usize,
    /// Checks made.
    pub checks: usize,
}

/// The black-and-white nonogram's checker.
pub type UniquenessChecker = Checker<Bw>;

/// varisat's Luby restart unit for these checks (as the nonogram engine uses).
const RESTART_SCALE: u64 = 2048;

fn budgeted_solver(cnf: &Cnf, limit: &Rc<StdCell<u64>>, deadline: Option<Instant>) -> Solver {
    let limit = limit.clone();
    let monitor = Monitor::new(0.0, move |p| {
        p.work < limit.get() && deadline.is_none_or(|d| Instant::now() < d)
    });
    let mut solver = Solver::with_monitor(cnf, monitor);
    solver.set_restart_scale(RESTART_SCALE);
    solver
}

impl UniquenessChecker {
    /// The checker for `puzzle` (its givens are ignored) whose intended answer is `picture`.
    pub fn new(puzzle: &Nonogram, picture: &Grid<bool>) -> Self {
        Self::with_deadline(puzzle, picture, None)
    }

    /// The same, stopping any check once `deadline` has passed (the check is then undecided).
    pub fn with_deadline(
        puzzle: &Nonogram,
        picture: &Grid<bool>,
        deadline: Option<Instant>,
    ) -> Self {
        let plain = Nonogram::new(puzzle.rows().to_vec(), puzzle.cols().to_vec())
            .expect("the clues of a valid puzzle");
        Checker::for_target(Bw { plain, picture: picture.cells().to_vec() }, deadline)
    }
}

impl<T: Target> Checker<T> {
    /// The checker for `target`, stopping any check once `deadline` (if any) has passed (the
    /// check is then undecided).
    pub fn for_target(target: T, deadline: Option<Instant>) -> Self {
        let (w, h) = (target.width(), target.height());
        let limit = Rc::new(StdCell::new(u64::MAX));
        let rare = target.rare();
        Checker { target, sat: None, limit, deadline, rare, width: w, height: h, checks: 0 }
    }

    /// The SAT instance, built at first use.
    fn sat(&mut self) -> &mut Sat {
        let (target, limit, deadline) = (&self.target, &self.limit, self.deadline);
        self.sat.get_or_insert_with(|| {
            let mut cnf = Cnf::new();
            let agree = target.encode_agree(&mut cnf);
            // Some cell differs from the picture.
            cnf.clause(agree.iter().map(|&l| !l));
            let solver = budgeted_solver(&cnf, limit, deadline);
            Sat { cnf, solver, agree }
        })
    }

    /// The puzzle and picture checked.
    pub fn target(&self) -> &T {
        &self.target
    }

    /// With these givens (cell indices, values from the picture), one check allowed at most
    /// `conflicts` conflicts (and stopped at the deadline, if any).
    pub fn check_within(&mut self, givens: &[usize], conflicts: u64) -> Check {
        self.checks += 1;
        let (limit, deadline) = (self.limit.clone(), self.deadline);
        let sat = self.sat();
        let before = sat.solver.stats().conflicts.unwrap_or(0);
        limit.set(before.saturating_add(conflicts));
        let assumptions: Vec<Lit> = givens.iter().map(|&i| sat.agree[i]).collect();
        match sat.solver.solve_under(&assumptions) {
            Ok(Some(model)) => Check::Second(sat.agree.iter().map(|&l| !model.value(l)).collect()),
            Ok(None) => {
                let core = sat.solver.failed_core();
                Check::Unique(
                    givens.iter().copied().filter(|&i| core.contains(&sat.agree[i])).collect(),
                )
            }
            Err(_) => {
                // A stopped varisat cannot go on: start afresh (what it learnt is lost).
                sat.solver = budgeted_solver(&sat.cnf, &limit, deadline);
                Check::Undecided
            }
        }
    }

    /// Whether `givens` make the answer unique: line logic from them first (complete: unique,
    /// by sound deductions), then one check assuming every cell line logic fixed.
    pub fn check_seeded(&mut self, givens: &[usize], conflicts: u64) -> Check {
        let unknown = self.target.unknown_after(givens);
        let fixed: Vec<usize> = (0..unknown.len()).filter(|&i| !unknown[i]).collect();
        if fixed.len() == unknown.len() {
            self.checks += 1;
            return Check::Unique(givens.to_vec());
        }
        match self.check_within(&fixed, conflicts) {
            // The core is over deduced cells, not givens: the givens themselves are enough.
            Check::Unique(_) => Check::Unique(givens.to_vec()),
            other => other,
        }
    }

    /// The check with no givens on a solver of its own with no monitor: `Unique` when the
    /// clues plus "some cell differs" are UNSAT. For a puzzle the rules already finish (the
    /// adjusted pictures), so its work is small; varisat's proof stream, which a monitor reads,
    /// is left out (on such a formula in WebAssembly it overflowed a shift in varisat 0.2.2's
    /// proof hashing).
    pub fn check_plain(&mut self) -> Check {
        self.checks += 1;
        let sat = self.sat();
        let mut solver = Solver::new(&sat.cnf);
        match solver.solve() {
            Ok(Some(model)) => Check::Second(sat.agree.iter().map(|&l| !model.value(l)).collect()),
            Ok(None) => Check::Unique(Vec::new()),
            Err(_) => Check::Undecided,
        }
    }

    /// Whether the deadline (if any) has passed.
    fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Milliseconds left before the deadline, if there is one.
    fn left_ms(&self) -> Option<u64> {
        self.deadline.map(|d| d.saturating_duration_since(Instant::now()).as_millis() as u64)
    }

    /// The quick answer, then budgeted minimising.
    ///
    /// (Whether the clues alone are unique is the caller's question: the pipeline asks the
    /// engine first.)
    /// 1. The quick answer: line logic ([`Propagator`], incremental) from the clues,
    ///    revealing the cell [`choose`] picks among those it leaves unknown until it completes
    ///    the grid: unique by sound deductions alone, with no SAT proof to wait for.
    /// 2. Minimising: first blocks of 32, then 8 givens dropped at once when line logic
    ///    completes the grid without them; then passes over the undecided givens, likeliest-redundant first (most other
    ///    givens in their row and column). Each is tried without, line logic first: if line
    ///    logic from the other givens completes the grid, it goes at once. Otherwise one SAT
    ///    check assuming every cell line logic fixed (sound deductions, so the question is
    ///    the same, but the solver starts from far fewer unknowns): UNSAT drops it, SAT
    ///    refuses it (it stays, proven needed: refused against a superset of the final set),
    ///    and a check out of budget keeps it undecided. Each pass quadruples the budget.
    ///    The set is called minimal only when no given is undecided.
    ///
    /// `on_unique` hears every new unique set (first the quick answer); it returns false to
    /// stop, and the current unique set is returned.
    pub fn budgeted(
        &mut self,
        budget: &Budget,
        progress: &mut dyn FnMut(GivensProgress),
        on_unique: &mut dyn FnMut(&Minimising) -> bool,
        stats: &mut GivensStats,
    ) -> Minimising {
        let started = Instant::now();
        let first = budget.conflicts.max(1);
        let passes = budget.passes.max(1);
        let mut state = Minimising::default();
        // 2. The quick answer.
        let mut givens: Vec<usize> = Vec::new();
        let mut logic = self.target.logic_start();
        loop {
            let unknown = self.target.logic_unknown(&logic);
            let Some(i) = choose_rare(self.width, self.height, &self.rare, &unknown) else { break };
            givens.push(i);
            self.target.logic_reveal(&mut logic, i);
            progress(GivensProgress {
                minimising: false,
                givens: givens.len(),
                checks: self.checks,
                pass: 0,
                passes,
                undecided: givens.len(),
                left_ms: self.left_ms(),
            });
        }
        stats.revealed = givens.len();
        stats.reveal_ms = started.elapsed().as_secs_f64() * 1000.0;
        let started = Instant::now();
        state.givens = sorted(&givens);
        state.undecided = givens.len();
        state.checks = self.checks;
        let mut go_on = on_unique(&state);
        // 2. Minimising. First whole blocks of givens at a time by line logic alone (one
        // propagation drops a block at once; large grids reveal hundreds of givens, most of
        // them made redundant by later ones), then one at a time.
        let mut set = givens.clone();
        for size in [32usize, 8] {
            if !go_on || set.len() < 2 * size || self.out_of_time() {
                continue;
            }
            // Earliest reveals first: later ones were chosen knowing them, so they tend to cover them.
            let order: Vec<usize> = givens.iter().copied().filter(|g| set.contains(g)).collect();
            for block in order.chunks(size) {
                if !go_on || self.out_of_time() {
                    break;
                }
                let without: Vec<usize> =
                    set.iter().copied().filter(|g| !block.contains(g)).collect();
                self.checks += 1;
                if !self.target.unknown_after(&without).contains(&true) {
                    set = without;
                    state.givens = sorted(&set);
                    state.undecided = set.len();
                    state.checks = self.checks;
                    go_on = on_unique(&state);
                }
                progress(GivensProgress {
                    minimising: true,
                    givens: set.len(),
                    checks: self.checks,
                    pass: 0,
                    passes,
                    undecided: set.len(),
                    left_ms: self.left_ms(),
                });
            }
        }
        let mut undecided: Vec<usize> = givens.into_iter().filter(|g| set.contains(g)).collect();
        let mut conflicts = first;
        while go_on && !undecided.is_empty() && state.pass < passes && !self.out_of_time() {
            state.pass += 1;
            // Likeliest redundant first: most other givens in the same row and column.
            let mut row = vec![0usize; self.height];
            let mut col = vec![0usize; self.width];
            for &g in &set {
                row[g / self.width] += 1;
                col[g % self.width] += 1;
            }
            undecided
                .sort_by_key(|&g| std::cmp::Reverse(row[g / self.width] + col[g % self.width]));
            let mut still = Vec::new();
            for (k, &g) in undecided.iter().enumerate() {
                if !set.contains(&g) {
                    continue;
                }
                if !go_on || self.out_of_time() {
                    still.extend(undecided[k..].iter().copied().filter(|h| set.contains(h)));
                    break;
                }
                let without: Vec<usize> = set.iter().copied().filter(|&i| i != g).collect();
                match self.check_seeded(&without, conflicts) {
                    Check::Unique(_) => {
                        set = without;
                        state.givens = sorted(&set);
                        state.undecided = still.len() + undecided[k + 1..].len();
                        state.checks = self.checks;
                        go_on = on_unique(&state);
                    }
                    Check::Second(_) => {}
                    Check::Undecided => still.push(g),
                }
                let open =
                    still.len() + undecided[k + 1..].iter().filter(|h| set.contains(h)).count();
                progress(GivensProgress {
                    minimising: true,
                    givens: set.len(),
                    checks: self.checks,
                    pass: state.pass,
                    passes,
                    undecided: open,
                    left_ms: self.left_ms(),
                });
            }
            undecided = still;
            conflicts = conflicts.saturating_mul(4);
        }
        undecided.retain(|g| set.contains(g));
        state.givens = sorted(&set);
        state.undecided = undecided.len();
        state.proven_minimal = undecided.is_empty();
        state.out_of_time = !undecided.is_empty() && self.out_of_time();
        state.checks = self.checks;
        if go_on {
            on_unique(&state);
        }
        stats.minimise_ms = started.elapsed().as_secs_f64() * 1000.0;
        stats.kept = set.len();
        stats.checks = self.checks;
        state
    }
}

fn sorted(v: &[usize]) -> Vec<usize> {
    let mut v = v.to_vec();
    v.sort_unstable();
    v
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
    let plain = Nonogram::new(puzzle.rows().to_vec(), puzzle.cols().to_vec())
        .expect("the clues of a valid puzzle");
    logic_givens_for(&Bw { plain, picture: picture.cells().to_vec() }, progress, stats)
}

/// A minimal set of givens (sorted) with which the target's line logic alone finishes it:
/// reveal what [`choose_rare`] picks until line logic completes the grid, then drop every
/// given it can do without (line logic is monotone, so the set is minimal).
pub fn logic_givens_for<T: Target>(
    target: &T,
    progress: &mut dyn FnMut(GivensProgress),
    stats: &mut GivensStats,
) -> Vec<usize> {
    let (w, h) = (target.width(), target.height());
    let rare = target.rare();
    let started = Instant::now();
    let mut givens: Vec<usize> = Vec::new();
    let mut checks = 0;
    loop {
        checks += 1;
        let unknown = target.unknown_after(&givens);
        match choose_rare(w, h, &rare, &unknown) {
            Some(i) => {
                givens.push(i);
                progress(GivensProgress {
                    minimising: false,
                    givens: givens.len(),
                    checks,
                    ..GivensProgress::default()
                });
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
        if !target.unknown_after(&without).contains(&true) {
            set = without;
        }
        progress(GivensProgress {
            minimising: true,
            givens: set.len(),
            checks,
            ..GivensProgress::default()
        });
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
