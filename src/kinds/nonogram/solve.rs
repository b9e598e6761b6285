//! The layered solver: line logic to a fixpoint, then SAT seeded with what is known.
//!
//! 1. Line logic (the exact line solver over all lines to a fixpoint). It only makes sound
//!    deductions, so a grid it completes is the only answer: rating "line logic". With a
//!    monitor it reports the cells known so far (`Progress::known`) and stops when told, as the
//!    search does ([`SolveError::Stopped`]); watching it was measured free (a 200x200 grid in
//!    193 ms either way: `cargo run --release --example nonogram_line_logic`).
//! 2. SAT for the rest ([`super::encode`], batsat by default), seeded with every fixed cell as a unit: the first
//!    answer, then uniqueness by blocking it over the cell variables and solving again, or
//!    enumeration for counting.
//!
//! Measured alternative, not kept: depth-first search with probing at every node (as in the
//! LalaFrogKK solver) in place of SAT was 5 times slower over the first 356 TAAI 2011 puzzles
//! (40 s against 8 s), did not finish the hardest ones in 20 s, and took minutes on webpbn
//! "Forever", which SAT solves in milliseconds.
//!
//! Measured and dropped (November 2026, one core, user time):
//! - Probing to a fixpoint between line logic and SAT (each unknown cell tried both ways with
//!   line logic; probing was removed). On the puzzles that reach SAT
//!   it fixed few cells and cost more than it saved: webpbn "Forever" 30–36 ms → 4–6 ms (probing
//!   was 85% of it), petroglyph 70 → 17 ms, TAAI 2011 #1–300 4.8 → 3.0 s, #301–480 22.8 →
//!   23.3 s (equal within SAT noise), the 8 hardest of #490–600 15.7 → 11.5 s.
//! - An automaton (regular-constraint) encoding per line, `q[i][s]` = state `s` after `i`
//!   cells, with forward, backward and successor clauses, in place of the start ladders of
//!   [`super::encode`]: no faster on the hard TAAI puzzles (16.5 against 15.7 s for the 8
//!   hardest) and 4 times slower on "Forever" (18 against 4–6 ms) for its larger formula.
//! - `vsids_decay` 0.8 or 0.99 in place of 0.95, restart unit 32: no better (within the
//!   run-to-run noise of the search on 8 hard TAAI puzzles).
//!
//! Measured and kept: varisat's Luby restart unit 2048 conflicts in place of 128
//! ([`RESTART_SCALE`]): TAAI 2011 #480–600 50.1 → 44.2 s user, #301–480 22.6 → 22.5 s, the 8
//! slowest of the whole set 43.7 → 15.5 s (512: 25.5 s, 1024: 24.8 s, 4096: 19.4 s; that set
//! was picked as slowest under the default, so part of its gain is regression to the mean).
//!
//! Whole TAAI 2011 set, `--first`, one core on a shared machine (user time): about 190 s with
//! probing and the default restarts; 174 s without probing; 147 s without probing and with
//! restart unit 2048 (median 50 ms, p90 498 ms, slowest 9.6 s wall), against a 60 s target.
//! Nearly all of it is varisat's search on a few dozen puzzles (the 20 slowest take 62 s).
//!
//! What unit propagation on the encoding sees, against the exact line solver (November 2026,
//! `cargo run --release --example nonogram_up ../shared/bench/nonogram/taai2011.question.txt
//! ../shared/bench/nonogram/taai2011.solution.txt 100 20`): every line of TAAI 2011 #1–100
//! encoded alone from the root state, a random 15, 30 or 50% of its unknown cells fixed 20
//! times to the answer and 20 times at random. On the 96,060 consistent line states the line
//! solver deduced 397,406 cells and unit propagation 348,560 (87.7%); propagation missed some
//! deduction on 22.7% of them. On random states it refuted 93.9% of the 43,118 the line solver
//! refutes, and found 79.8% of its deductions on the feasible ones. So the encoding leaves a gap.
//!
//! Closing it inside the search ([`super::cdcl`], batsat with the line solver as a propagator
//! whose deductions are explained by shrunk clauses over the line's cells, [`Search::Lines`]):
//! 2 to 4 times fewer conflicts on hard TAAI puzzles (6 of the 30 slowest: 44,000 against
//! 120,000 for batsat alone), but each conflict costs 2.5 to 4 times more (perf: batsat's
//! unit propagation 57%, the line solver 25%), so it is no faster: the 30 slowest of TAAI 2011
//! took 150 s user against 108 s for batsat alone at batsat's restart unit 100, and 146 s (one
//! puzzle cut at 120 s) against 62 s at restart unit 1000. On 6 hard puzzles, deciding on cell
//! variables only took 13.9 s against 8.4 s, and dropping the ladders (the theory alone over
//! the cells, clauses learned over cells only) 58 s against 8.9 s. Not the default.
//!
//! batsat alone ([`Search::Batsat`], restart unit [`super::cdcl::RESTART_FIRST`] = 1000; 100:
//! 108 s, 3000: 89 s with one puzzle cut) on the 30 slowest: 62 s user against varisat's 124 s
//! in the same session, but on a fixed sample of 100 others 73 s against 66 s (the machine
//! was loaded four times over; times in-process), so no default change without a whole-set
//! win. The time per puzzle swings widely with the engine and the order, which a portfolio of
//! workers uses: on that sample of 100, the per-puzzle best of varisat, varisat seed 7, batsat
//! and batsat with lines totals 24.6 s against 65.8 s for varisat alone
//! (`cargo run --release --example nonogram_search FILE varisat,varisat:7,batsat,lines`).
//! [`SolveOptions`] carries the choice: the kind's solve options ([`crate::puzzle::Puzzle::Options`]), which the worker takes in `Request::Solve`.
//!
//! The whole-set comparison, on a quiet machine (November 2026, load 1.4 to 2.3, each puzzle
//! solved by every configuration back to back, so the load falls on all alike; `cargo run
//! --release --example nonogram_search ../shared/bench/nonogram/taai2011.question.txt
//! varisat,batsat,…`): varisat 144.4 s, batsat 129.9 s (max 5.8 s against 3.7 s); on 200
//! puzzles (every tenth from #5 and from #8) varisat 24.7 s and batsat 21.2 s for the first
//! answer, 25.1 s and 21.3 s with uniqueness. So batsat is the default ([`Search::Batsat`]);
//! varisat stays the engine of every other kind, and of image art's verdict
//! (`crate::art::pipeline`), whose conflict budgets were measured with it. On that sample of
//! 200 the per-puzzle best of batsat and varisat totals 12.9 s, of those two and batsat with
//! lines 10.6 s, and of the four of [`portfolio`] 9.1 s: what the page's workers wait.
//!
//! Measured and kept: the line implications of [`super::encode::line_implications`] in every
//! formula (a binary clause for each value the line solver deduces in a line from one other
//! cell's value; 700 to 900 of them on a hard 25x25, about 1 ms to find). Whole set, each
//! engine with them against the runs without above: batsat 102.0 s against 129.9 and 143.4 s
//! (median 20.8 against 37.6 ms; faster on 574 of the 1000, median ratio 0.68), varisat 107.0
//! against 144.4 s; the first 300 (easy) puzzles 2.37 against 2.47 s. The tail stays luck:
//! #510 takes 11.9 s with them and 1.6 s without. The same from probing the whole grid (each
//! cell both ways with line logic to a fixpoint, so an implication may join two lines; 3,200
//! clauses instead of 820 on #509) was no better on the 200 (batsat 18.3 against 19.7 s,
//! varisat 19.7 against 18.5 s, higher medians), and with the line solver inside
//! ([`Search::Lines`]) the implications change nothing (30.2 against 31.1 s).
//! `puzzle bench nonogram ../shared/bench/nonogram/taai2011.question.txt --first`, the default
//! since: 103.9 s user (median 21 ms, max 12.3 s), against 123.4 s batsat without them and
//! 139.6 s varisat without them earlier the same evening.
//! batsat's restart unit with them: 300 and 500 looked better on the 200 (15.9 and 15.6 s
//! against 19.5 s), but the whole set took 107.7 s at 500 against 102.5 s at 1000, so it stays.
//!
//! Tried in the same session and not kept (same 200 puzzles, same run):
//! - Each cell's first value (and the order of the first decisions) from the fraction of its
//!   row's and column's placements that paint it black (counted exactly by dynamic programming,
//!   combined as independent odds): right for 69% of the cells line logic leaves unknown, 83%
//!   of the confident ones, but varisat so guided took 24.8 s against 25.3 s on 100 puzzles;
//!   batsat with these as fixed decision values 12.4 s against 9.4 s; batsat with lines and
//!   them 28.6 s against 31.8 s without (better medians, 28 against 35 ms, worse tails), and as
//!   a portfolio member 9.6 s against 9.1 s with plain lines.
//! - Turning the line solver off inside batsat after 20,000 or 100,000 line solves (keeping
//!   what it taught): 14.6 and 14.1 s against 20.0 s for lines throughout and 9.3 s for batsat
//!   alone, on 100 puzzles.
//! - batsat's settings, one at a time against its defaults and restart unit 1000 (21.1 and
//!   22.4 s in two control runs on the 200): random decisions 1% or 5% of the time 28.1 / 24.8 s,
//!   variable decay 0.9 / 0.99 21.9 / 35.7 s, geometric restarts from 100 by 1.5 22.7 s, learnt
//!   clause limit factor 0.1 / 0.6 28.0 / 24.4 s, clause decay 0.99 23.9 s, no phase saving
//!   32.0 s, restart unit 300 21.9 s. None better.
//!
//! For scale: a published report of another SAT-based nonogram solver gives 71 to 123 s of CPU
//! for TAAI 2011 on a server core (LalaFrogKK, the tournament winner, 463 s there); the 60 s
//! goal on this machine's cores is beyond every engine and encoding tried here.
//!
//! Every answer returned has passed the independent checker, whatever the options.

use web_time::Instant;

use serde::{Deserialize, Serialize};

use super::cdcl::{Engine, EngineOptions};
use super::encode::{encode_with, line_implications};
use super::model::{Cell, Line, Nonogram};
use super::propagate::{Fixpoint, Propagator};
use crate::grid::Grid;
use crate::puzzle::{enumerate_verified, Mode, Report, SolveError, Verdict};
use crate::sat::{Cnf, Lit, Model, Monitor, Progress, Solver, Stats};

/// varisat's Luby restart unit for nonograms (its default is 128); see the module documentation.
const RESTART_SCALE: u64 = 2048;

/// Cells to a grid of booleans (unknown reads as white).
fn to_grid(p: &Nonogram, cells: &[Cell]) -> Grid<bool> {
    Grid::from_cells(p.height(), p.width(), cells.iter().map(|&c| c == Cell::Black).collect()).expect("one cell each")
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
pub fn solve(p: &Nonogram, mode: Mode, monitor: Option<Monitor>) -> Result<Report<Grid<bool>>, SolveError> {
    solve_with(p, mode, SolveOptions::default(), monitor)
}

/// Solves `p` in `mode` with `options`.
pub fn solve_with(p: &Nonogram, mode: Mode, options: SolveOptions, monitor: Option<Monitor>) -> Result<Report<Grid<bool>>, SolveError> {
    let started = Instant::now();
    let mut prop = Propagator::new(p);
    let mut cells = p.start();
    let mut proof = Vec::new();
    let mut monitor = monitor;
    match line_logic(&mut prop, &mut cells, monitor.as_mut(), started) {
        Ok(Fixpoint::Reached) => {}
        Ok(Fixpoint::Stopped) => return Err(SolveError::Stopped),
        Err(line) => {
            proof.push(format!("Line logic proved there is no answer: {line} has no placement of its clue."));
            return Ok(Report { verdict: Verdict::None, solutions: vec![], stats: elapsed(started), proof, rating: None, count: count_of(mode, 0) });
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
            rating: Some("line logic".into()),
            count: count_of(mode, 1),
        });
    }
    proof.push(format!("Line logic fixed {fixed} of {total} cells."));
    by_sat(p, mode, options, &cells, monitor, started, proof)
}

/// Line logic over every line to a fixpoint, reporting the known cells to `monitor` at most once
/// per its interval (the clock is read every [`super::propagate::WATCH_EVERY`] line solves);
/// `Fixpoint::Stopped` when the monitor says stop.
fn line_logic(prop: &mut Propagator, cells: &mut [Cell], monitor: Option<&mut Monitor>, started: Instant) -> Result<Fixpoint, Line> {
    prop.queue_all();
    let Some(monitor) = monitor else {
        return prop.run(cells).map(|()| Fixpoint::Reached);
    };
    let total = cells.len() as u64;
    let mut last_ms = 0.0;
    prop.run_watched(cells, &mut |fixed| {
        let elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
        if elapsed_ms - last_ms < monitor.interval_ms() {
            return true;
        }
        last_ms = elapsed_ms;
        monitor.report(Progress { conflicts: 0, elapsed_ms, known: Some((fixed as u64, total)) })
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
    let implied = if options.without_implications || options.search == Search::Lines { 0 } else { line_implications(p, cells, &x, &mut cnf) };
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
    let (cnf, x) = if options.seed == 0 || options.search != Search::Varisat { (cnf, x) } else { shuffled(&cnf, &x, options.seed) };
    let check = |m: &Model| verified(p, Grid::from_cells(p.height(), p.width(), x.iter().map(|&l| m.value(l)).collect()).expect("one variable per cell"));
    let (e, mut stats) = if options.search == Search::Varisat {
        let mut solver = Solver::build(&cnf, monitor);
        solver.set_restart_scale(RESTART_SCALE);
        let e = enumerate_verified(&mut solver, &x, mode, check, &mut proof)?;
        (e, solver.stats())
    } else {
        let mut engine = Engine::new(p, &cnf, EngineOptions { lines: options.search == Search::Lines, seed: options.seed }, monitor);
        let e = enumerate_verified(&mut engine, &x, mode, check, &mut proof)?;
        (e, engine.stats())
    };
    stats.elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
    let (verdict, solutions, found, complete) = (e.verdict, e.solutions, e.found, e.complete);
    let counting = matches!(mode, Mode::Count(_));
    if let Some(c) = stats.conflicts {
        proof.push(format!("{} solver calls, {c} conflicts, {:.1} ms.", stats.solves, stats.elapsed_ms));
    }
    let rating = Some(match stats.conflicts {
        Some(c) => format!("needs search: {c} SAT conflicts"),
        None => format!("needs search: {} SAT solves", stats.solves),
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
