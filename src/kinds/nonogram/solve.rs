//! The layered solver: line logic to a fixpoint, then SAT seeded with what is known.
//!
//! 1. Line logic (the exact line solver over all lines to a fixpoint). It only makes sound
//!    deductions, so a grid it completes is the only answer: rating "line logic". With a
//!    monitor it reports the cells known so far (`Progress::known`) and stops when told, as the
//!    search does ([`SolveError::Stopped`]); `examples/nonogram_line_logic.rs` measures what
//!    watching costs.
//! 2. SAT for the rest ([`super::encode`], batsat by default), seeded with every fixed cell as a unit: the first
//!    answer, then uniqueness by blocking it over the cell variables and solving again, or
//!    enumeration for counting.
//!
//! Every answer returned has passed the independent checker, whatever the options.
//!
//! Measurements behind these choices, and what was tried and dropped: `docs/design-notes.md`, "Nonogram solver".

use web_time::Instant;

use serde::{Deserialize, Serialize};

use super::cdcl::{LineCdcl, LineCdclOptions};
use super::encode::{encode_with, line_implications};
use super::model::{Cell, Line, Nonogram};
use super::propagate::{Fixpoint, Propagator};
use crate::grid::Grid;
use crate::puzzle::{enumerate_verified, Mode, Report, SolveError, Verdict};
use crate::sat::{Cnf, Lit, Model, Monitor, Progress, Solver, Stats, Throttle, Unit};

/// varisat's Luby restart unit for nonograms (its default is 128); see the module documentation.
const RESTART_SCALE: u64 = 2048;

/// Cells to a grid of booleans (unknown reads as white).
fn to_grid(p: &Nonogram, cells: &[Cell]) -> Grid<bool> {
    Grid::from_cells(p.height(), p.width(), cells.iter().map(|&c| c == Cell::Black).collect())
        .expect("one cell each")
}

fn verified(p: &Nonogram, g: Grid<bool>) -> Result<Grid<bool>, SolveError> {
    super::check::verify(p, &g).map_err(SolveError::Rejected)?;
    Ok(g)
}

fn elapsed(started: Instant) -> Stats {
    Stats { elapsed_ms: started.elapsed().as_secs_f64() * 1000.0, ..Stats::default() }
}

fn count_of(mode: Mode, n: usize) -> Option<(usize, bool)> {
    matches!(mode, Mode::Count(_)).then_some((n, true))
}

/// The search that runs after line logic.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Search {
    /// varisat over the encoding (the studio's SAT engine for the other kinds).
    Varisat,
    /// batsat over the same encoding: the default for nonograms, measured faster on random
    /// 25x25 puzzles (see the module documentation).
    #[default]
    Batsat,
    /// batsat with the exact line solver inside as a propagator ([`super::cdcl`]).
    Lines,
}

/// How one solve runs; a portfolio of workers runs several that differ (the answer and the
/// verdict never depend on them, only the time).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SolveOptions {
    /// The search after line logic.
    pub search: Search,
    /// 0 for the plain order; otherwise varisat gets the formula with its variables renumbered,
    /// their signs flipped and its clauses reordered at random ([`shuffled`]), and batsat random
    /// initial activities and phases.
    pub seed: u64,
    /// Leave [`super::encode::line_implications`] out of the formula: a different path through
    /// the search, which a portfolio uses (the answers are the same). [`Search::Lines`] never
    /// computes them.
    #[serde(default)]
    pub without_implications: bool,
}

/// The set-ups a portfolio of `n` workers races (at most four), in this order: batsat (the
/// default, so one worker is the plain solve), batsat without the line implications, varisat,
/// batsat with the line solver inside.
/// Measured on a fixed sample of 100 TAAI 2011 puzzles, the per-puzzle best of these four
/// totals 24.6 s against 65.8 s for varisat alone (`cargo run --release --example
/// nonogram_search FILE varisat,varisat:7,batsat,lines`): their times differ most on the
/// puzzles where one of them is slow.
pub fn portfolio(n: usize) -> Vec<SolveOptions> {
    [
        SolveOptions { search: Search::Batsat, seed: 0, without_implications: false },
        SolveOptions { search: Search::Batsat, seed: 0, without_implications: true },
        SolveOptions { search: Search::Varisat, seed: 0, without_implications: false },
        SolveOptions { search: Search::Lines, seed: 0, without_implications: false },
    ]
    .into_iter()
    .take(n)
    .collect()
}

/// Solves `p` in `mode` with the default options; see the module documentation for the layers.
pub fn solve(
    p: &Nonogram,
    mode: Mode,
    monitor: Option<Monitor>,
) -> Result<Report<Grid<bool>>, SolveError> {
    solve_with(p, mode, SolveOptions::default(), monitor)
}

/// Solves `p` in `mode` with `options`.
pub fn solve_with(
    p: &Nonogram,
    mode: Mode,
    options: SolveOptions,
    monitor: Option<Monitor>,
) -> Result<Report<Grid<bool>>, SolveError> {
    let started = Instant::now();
    let mut prop = Propagator::new(p);
    let mut cells = p.start();
    let mut proof = Vec::new();
    let mut monitor = monitor;
    match line_logic(&mut prop, &mut cells, monitor.as_mut(), started) {
        Ok(Fixpoint::Reached) => {}
        Ok(Fixpoint::Stopped) => return Err(SolveError::Stopped),
        Err(line) => {
            proof.push(format!(
                "Line logic proved there is no answer: {line} has no placement of its clue."
            ));
            return Ok(Report::none(elapsed(started), proof, mode));
        }
    }
    let total = cells.len();
    let fixed = cells.iter().filter(|&&c| c != Cell::Unknown).count();
    if fixed == total {
        let g = verified(p, to_grid(p, &cells))?;
        proof.push(format!(
            "Line logic alone solved every cell ({} line solves); its deductions are sound, so this answer is the only one.",
            prop.line_calls()
        ));
        return Ok(Report {
            verdict: Verdict::Unique,
            solutions: vec![g],
            stats: elapsed(started),
            proof,
            rating: Some(super::logic::LADDER[super::logic::LINE_RANK as usize].rating.into()),
            count: count_of(mode, 1),
        });
    }
    proof.push(format!("Line logic fixed {fixed} of {total} cells."));
    by_sat(p, mode, options, &cells, monitor, started, proof)
}

/// Line logic over every line to a fixpoint, reporting the known cells to `monitor` at most once
/// per its interval (the clock is read every [`super::propagate::WATCH_EVERY`] line solves);
/// `Fixpoint::Stopped` when the monitor says stop.
fn line_logic(
    prop: &mut Propagator,
    cells: &mut [Cell],
    monitor: Option<&mut Monitor>,
    started: Instant,
) -> Result<Fixpoint, Line> {
    prop.queue_all();
    let Some(monitor) = monitor else {
        return prop.run(cells).map(|()| Fixpoint::Reached);
    };
    let total = cells.len() as u64;
    let mut throttle = Throttle::new();
    prop.run_watched(cells, &mut |fixed| {
        let elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
        throttle.report(
            monitor,
            Progress {
                work: 0,
                unit: Unit::Conflicts,
                elapsed_ms,
                known: Some((fixed as u64, total)),
            },
        )
    })
}

fn by_sat(
    p: &Nonogram,
    mode: Mode,
    options: SolveOptions,
    cells: &[Cell],
    monitor: Option<Monitor>,
    started: Instant,
    mut proof: Vec<String>,
) -> Result<Report<Grid<bool>>, SolveError> {
    let unknown = cells.iter().filter(|&&c| c == Cell::Unknown).count();
    let mut cnf = Cnf::new();
    let x = encode_with(p, cells, &mut cnf);
    // The line solver inside the search ([`Search::Lines`]) already deduces what the
    // implications say (measured: no change with them), so they are not computed for it.
    let implied = if options.without_implications || options.search == Search::Lines {
        0
    } else {
        line_implications(p, cells, &x, &mut cnf)
    };
    let engine = match options.search {
        Search::Varisat => "varisat",
        Search::Batsat => "batsat",
        Search::Lines => "batsat with the line solver inside",
    };
    proof.push(format!(
        "Line logic left {unknown} cells unknown; SAT ({engine}{}) over them ({} variables, {} clauses of which {implied} are implications between two cells of a line, every fixed cell a unit) enumerated the answers.",
        if options.seed == 0 { String::new() } else { format!(", seed {}", options.seed) }
            + if options.without_implications { ", without line implications" } else { "" },
        cnf.n_vars(),
        cnf.n_clauses()
    ));
    let (cnf, x) = if options.seed == 0 || options.search != Search::Varisat {
        (cnf, x)
    } else {
        shuffled(&cnf, &x, options.seed)
    };
    let check = |m: &Model| {
        verified(
            p,
            Grid::from_cells(p.height(), p.width(), x.iter().map(|&l| m.value(l)).collect())
                .expect("one variable per cell"),
        )
    };
    let (e, mut stats) = if options.search == Search::Varisat {
        let mut solver = Solver::build(&cnf, monitor);
        solver.set_restart_scale(RESTART_SCALE);
        let e = enumerate_verified(&mut solver, &x, mode, check, &mut proof)?;
        (e, solver.stats())
    } else {
        let mut engine = LineCdcl::new(
            p,
            &cnf,
            LineCdclOptions { lines: options.search == Search::Lines, seed: options.seed },
            monitor,
        );
        let e = enumerate_verified(&mut engine, &x, mode, check, &mut proof)?;
        (e, engine.stats())
    };
    stats.elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
    let (verdict, solutions, found, complete) = (e.verdict, e.solutions, e.found, e.complete);
    let counting = matches!(mode, Mode::Count(_));
    if let Some(c) = stats.conflicts {
        proof.push(format!(
            "{} {}, {c} {}, {:.1} ms.",
            stats.solves,
            crate::lines::plural(stats.solves as usize, "solver call", "solver calls"),
            crate::lines::plural(c as usize, "conflict", "conflicts"),
            stats.elapsed_ms
        ));
    }
    let rating = Some(match stats.conflicts {
        // The solver's logic phase stops at line logic (the one-cell contradictions cost more
        // than SAT on random grids); Explain says whether they finish it.
        Some(c) => format!(
            "beyond line logic: one-cell contradictions or search ({c} {})",
            crate::lines::plural(c as usize, "SAT conflict", "SAT conflicts")
        ),
        None => format!(
            "beyond line logic: one-cell contradictions or search ({} {})",
            stats.solves,
            crate::lines::plural(stats.solves as usize, "SAT solve", "SAT solves")
        ),
    });
    let count = counting.then_some((found, complete));
    Ok(Report { verdict, solutions, stats, proof, rating, count })
}

/// `cnf` with its variables renumbered and their signs flipped at random for `seed`, and its
/// clauses in a random order; returns it and `x` renamed the same way. The formula is the
/// same up to renaming, so it has the same answers; only the solver's path differs.
pub fn shuffled(cnf: &Cnf, x: &[Lit], seed: u64) -> (Cnf, Vec<Lit>) {
    let mut rng = fastrand::Rng::with_seed(seed);
    let n = cnf.n_vars();
    let mut perm: Vec<usize> = (0..n).collect();
    rng.shuffle(&mut perm);
    let flip: Vec<bool> = (0..n).map(|_| rng.bool()).collect();
    let mut out = Cnf::new();
    let vars = out.fresh_n(n);
    let rename = |l: Lit| {
        let v = vars[perm[l.index()]];
        if l.is_positive() ^ flip[l.index()] {
            v
        } else {
            !v
        }
    };
    let mut order: Vec<usize> = (0..cnf.n_clauses()).collect();
    rng.shuffle(&mut order);
    for i in order {
        out.clause(cnf.clauses()[i].iter().map(|&l| rename(l)));
    }
    (out, x.iter().map(|&l| rename(l)).collect())
}
