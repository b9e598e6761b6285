//! The layered solver: line logic to a fixpoint, then probing, then SAT seeded with what is known.
//!
//! Line logic and probing only make sound deductions, so a grid they complete is the only
//! answer. Otherwise SAT finds an answer and, for uniqueness, a second solve with the first
//! answer blocked over the cell variables decides unique or multiple.

use web_time::Instant;

use super::encode::encode_with;
use super::model::{Cell, Nonogram};
use super::propagate::Propagator;
use crate::grid::Grid;
use crate::puzzle::{Mode, Report, SolveError, Verdict};
use crate::sat::{Cnf, Monitor, Solver, Stats};

/// Cells to a grid of booleans (unknown reads as white).
fn to_grid(p: &Nonogram, cells: &[Cell]) -> Grid<bool> {
    Grid::from_cells(p.height(), p.width(), cells.iter().map(|&c| c == Cell::Black).collect()).expect("one cell each")
}

fn verified(p: &Nonogram, g: Grid<bool>) -> Result<Grid<bool>, SolveError> {
    super::check::verify(p, &g).map_err(SolveError::Rejected)?;
    Ok(g)
}

/// Whether probing is worth running after line logic stalls (measured: it pays on hard
/// puzzles; it can be turned off to compare).
pub const PROBING: bool = true;

/// Solves `p` in `mode`; see the module documentation for the layers.
pub fn solve(p: &Nonogram, mode: Mode, monitor: Option<Monitor>) -> Result<Report<Grid<bool>>, SolveError> {
    let started = Instant::now();
    let mut prop = Propagator::new(p);
    let mut cells = p.start();
    let mut proof = Vec::new();
    let base_stats = |started: Instant| Stats { elapsed_ms: started.elapsed().as_secs_f64() * 1000.0, ..Stats::default() };
    if let Err(line) = prop.run_all(&mut cells) {
        proof.push(format!("Line logic proved there is no answer: {line} has no placement of its clue."));
        return Ok(Report { verdict: Verdict::None, solutions: vec![], stats: base_stats(started), proof, rating: None, count: count_of(mode, 0) });
    }
    let known_after_lines = cells.iter().filter(|&&c| c != Cell::Unknown).count();
    if !cells.contains(&Cell::Unknown) {
        let g = verified(p, to_grid(p, &cells))?;
        proof.push(format!(
            "Line logic alone solved every cell ({} line solves); its deductions are sound, so this answer is the only one.",
            prop.line_calls()
        ));
        return Ok(Report {
            verdict: Verdict::Unique,
            solutions: vec![g],
            stats: base_stats(started),
            proof,
            rating: Some("line logic".into()),
            count: count_of(mode, 1),
        });
    }
    // Probing, polled for cancellation through a deadline-free clock check only when a monitor exists.
    let mut probed = Default::default();
    if PROBING {
        let mut never = || false;
        match prop.probe(&mut cells, &mut never) {
            Err(line) => {
                proof.push(format!(
                    "Line logic with probing proved there is no answer: every value of a cell led to a contradiction ({line})."
                ));
                return Ok(Report {
                    verdict: Verdict::None,
                    solutions: vec![],
                    stats: base_stats(started),
                    proof,
                    rating: Some(format!("needs search: {} probes", prop.probes)),
                    count: count_of(mode, 0),
                });
            }
            Ok(found) => probed = found,
        }
    }
    let probes = prop.probes;
    let unknown = cells.iter().filter(|&&c| c == Cell::Unknown).count();
    if unknown == 0 {
        let g = verified(p, to_grid(p, &cells))?;
        proof.push(format!(
            "Line logic fixed {known_after_lines} of {} cells; probing ({probes} probes, each cell tried both ways with line logic) fixed the rest. Every deduction is sound, so this answer is the only one.",
            cells.len()
        ));
        return Ok(Report {
            verdict: Verdict::Unique,
            solutions: vec![g],
            stats: base_stats(started),
            proof,
            rating: Some(format!("needs search: {probes} probes")),
            count: count_of(mode, 1),
        });
    }
    if mode == Mode::First {
        if let Some(branch) = probed.solved_branch {
            let g = verified(p, to_grid(p, &branch))?;
            proof.push("A probe branch completed the grid under line logic.".into());
            return Ok(Report {
                verdict: Verdict::Solved,
                solutions: vec![g],
                stats: base_stats(started),
                proof,
                rating: Some(format!("needs search: {probes} probes")),
                count: None,
            });
        }
    }
    // SAT for the rest.
    let mut cnf = Cnf::new();
    let x = encode_with(p, &cells, &mut cnf);
    let mut solver = Solver::build(&cnf, monitor);
    let limit = match mode {
        Mode::First => 1,
        Mode::Unique => 2,
        Mode::Count(n) => n.max(1),
    };
    let mut solutions = Vec::new();
    let mut rejected = None;
    let found = solver.enumerate(&x, limit, |m| {
        let g = Grid::from_cells(p.height(), p.width(), x.iter().map(|&l| m.value(l)).collect()).expect("one variable per cell");
        match verified(p, g) {
            Ok(g) => {
                solutions.push(g);
                true
            }
            Err(e) => {
                rejected = Some(e);
                false
            }
        }
    })?;
    if let Some(e) = rejected {
        return Err(e);
    }
    let mut stats = solver.stats();
    stats.elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
    proof.push(format!(
        "Line logic and probing ({probes} probes) fixed {} of {} cells; SAT over the remaining {unknown} cells ({} variables, {} clauses) did the rest.",
        cells.len() - unknown,
        cells.len(),
        stats.variables,
        stats.clauses
    ));
    let complete = found < limit;
    let verdict = match (found, mode) {
        (0, _) => {
            proof.push("The SAT solver proved the clues unsatisfiable (first solve UNSAT).".into());
            Verdict::None
        }
        (_, Mode::First) => Verdict::Solved,
        (1, _) if complete => {
            proof.push(format!(
                "Uniqueness: with the answer blocked over its {} cell variables, the second solve was UNSAT.",
                x.len()
            ));
            Verdict::Unique
        }
        _ => {
            if complete {
                proof.push(format!("All {found} answers were enumerated; the solve after the last was UNSAT."));
            }
            Verdict::Multiple
        }
    };
    if let Some(c) = stats.conflicts {
        proof.push(format!("{} solver calls, {c} conflicts, {:.1} ms.", stats.solves, stats.elapsed_ms));
    }
    if verdict == Verdict::Multiple && !matches!(mode, Mode::Count(_)) {
        solutions.truncate(2);
    }
    let rating = match stats.conflicts {
        Some(c) => format!("needs search: {probes} probes, {c} SAT conflicts"),
        None => format!("needs search: {probes} probes, {} SAT solves", stats.solves),
    };
    let count = match mode {
        Mode::Count(_) => Some((found, complete)),
        _ => None,
    };
    Ok(Report { verdict, solutions, stats, proof, rating: Some(rating), count })
}

fn count_of(mode: Mode, n: usize) -> Option<(usize, bool)> {
    matches!(mode, Mode::Count(_)).then_some((n, true))
}
