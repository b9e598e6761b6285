//! The layered solver: line logic to a fixpoint, then SAT seeded with what is known.
//!
//! 1. Line logic (the exact line solver over all lines to a fixpoint). It only makes sound
//!    deductions, so a grid it completes is the only answer: rating "line logic".
//! 2. SAT for the rest ([`super::encode`]), seeded with every fixed cell as a unit: the first
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
//! Every answer returned has passed the independent checker.

use web_time::Instant;

use super::encode::encode_with;
use super::model::{Cell, Nonogram};
use super::propagate::Propagator;
use crate::grid::Grid;
use crate::puzzle::{enumerate_verified, Mode, Report, SolveError, Verdict};
use crate::sat::{Cnf, Monitor, Solver, Stats};

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

/// Solves `p` in `mode`; see the module documentation for the layers.
pub fn solve(p: &Nonogram, mode: Mode, monitor: Option<Monitor>) -> Result<Report<Grid<bool>>, SolveError> {
    let started = Instant::now();
    let mut prop = Propagator::new(p);
    let mut cells = p.start();
    let mut proof = Vec::new();
    if let Err(line) = prop.run_all(&mut cells) {
        proof.push(format!("Line logic proved there is no answer: {line} has no placement of its clue."));
        return Ok(Report { verdict: Verdict::None, solutions: vec![], stats: elapsed(started), proof, rating: None, count: count_of(mode, 0) });
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
    by_sat(p, mode, &cells, monitor, started, proof)
}



fn by_sat(
    p: &Nonogram,
    mode: Mode,
    cells: &[Cell],
    monitor: Option<Monitor>,
    started: Instant,
    mut proof: Vec<String>,
) -> Result<Report<Grid<bool>>, SolveError> {
    let unknown = cells.iter().filter(|&&c| c == Cell::Unknown).count();
    let mut cnf = Cnf::new();
    let x = encode_with(p, cells, &mut cnf);
    let mut solver = Solver::build(&cnf, monitor);
    solver.set_restart_scale(RESTART_SCALE);
    proof.push(format!(
        "Line logic left {unknown} cells unknown; SAT over them ({} variables, {} clauses, every fixed cell a unit) enumerated the answers.",
        cnf.n_vars(),
        cnf.n_clauses()
    ));
    let e = enumerate_verified(
        &mut solver,
        &x,
        mode,
        |m| verified(p, Grid::from_cells(p.height(), p.width(), x.iter().map(|&l| m.value(l)).collect()).expect("one variable per cell")),
        &mut proof,
    )?;
    let mut stats = solver.stats();
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
