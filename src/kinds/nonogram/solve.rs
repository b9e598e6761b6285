//! The layered solver: line logic to a fixpoint, then search with probing or SAT seeded with what is known.
//!
//! 1. Line logic (the exact line solver over all lines to a fixpoint). It only makes sound
//!    deductions, so a grid it completes is the only answer: rating "line logic".
//! 2. Probing to a fixpoint (each cell tried both ways; sound), which may finish the grid.
//! 3. SAT for the rest ([`super::encode`]), seeded with every fixed cell as a unit: the first
//!    answer, then uniqueness by blocking it over the cell variables and solving again, or
//!    enumeration for counting.
//!
//! Measured alternative, not kept: depth-first search with probing at every node (as in the
//! LalaFrogKK solver) in place of SAT was 5 times slower over the first 356 TAAI 2011 puzzles
//! (40 s against 8 s), did not finish the hardest ones in 20 s, and took minutes on webpbn
//! "Forever", which SAT solves in milliseconds.
//!
//! Every answer returned has passed the independent checker.

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
    let mut never = || false;
    let probed = match prop.probe(&mut cells, &mut never) {
        Ok(probed) => probed,
        Err(line) => {
            proof.push(format!("Probing proved there is no answer: both values of a cell contradict ({line})."));
            let rating = Some(format!("needs search: {} probes", prop.probes));
            return Ok(Report { verdict: Verdict::None, solutions: vec![], stats: elapsed(started), proof, rating, count: count_of(mode, 0) });
        }
    };
    if !cells.contains(&Cell::Unknown) {
        let g = verified(p, to_grid(p, &cells))?;
        proof.push(format!(
            "Probing ({} probes, each cell tried both ways with line logic) fixed the rest. Every deduction is sound, so this answer is the only one.",
            prop.probes
        ));
        return Ok(Report {
            verdict: Verdict::Unique,
            solutions: vec![g],
            stats: elapsed(started),
            proof,
            rating: Some(format!("needs search: {} probes", prop.probes)),
            count: count_of(mode, 1),
        });
    }
    if let (Mode::First, Some(branch)) = (mode, &probed.solved_branch) {
        let g = verified(p, to_grid(p, branch))?;
        proof.push("One probe branch completed the grid under line logic: an answer, uniqueness not asked.".into());
        let rating = Some(format!("needs search: {} probes", prop.probes));
        return Ok(Report { verdict: Verdict::Solved, solutions: vec![g], stats: elapsed(started), proof, rating, count: None });
    }
    let limit = match mode {
        Mode::First => 1,
        Mode::Unique => 2,
        Mode::Count(n) => n.max(1),
    };
    by_sat(p, mode, limit, &prop, &cells, monitor, started, proof)
}



#[allow(clippy::too_many_arguments)]
fn by_sat(
    p: &Nonogram,
    mode: Mode,
    limit: usize,
    prop: &Propagator,
    cells: &[Cell],
    monitor: Option<Monitor>,
    started: Instant,
    mut proof: Vec<String>,
) -> Result<Report<Grid<bool>>, SolveError> {
    let probes = prop.probes;
    let unknown = cells.iter().filter(|&&c| c == Cell::Unknown).count();
    let mut cnf = Cnf::new();
    let x = encode_with(p, cells, &mut cnf);
    let mut solver = Solver::build(&cnf, monitor);
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
        "Probing ({probes} probes) left {unknown} cells unknown; SAT over them ({} variables, {} clauses, every fixed cell a unit) enumerated the answers.",
        stats.variables, stats.clauses
    ));
    let complete = found < limit;
    let counting = matches!(mode, Mode::Count(_));
    let verdict = match found {
        1 if limit == 1 => Verdict::Solved,
        0 => {
            proof.push("The SAT solver proved the clues unsatisfiable (first solve UNSAT).".into());
            Verdict::None
        }
        1 if complete => {
            proof.push(format!("Uniqueness: with the answer blocked over its {} cell variables, the second solve was UNSAT.", x.len()));
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
    let rating = Some(match stats.conflicts {
        Some(c) => format!("needs search: {probes} probes, {c} SAT conflicts"),
        None => format!("needs search: {probes} probes, {} SAT solves", stats.solves),
    });
    let count = counting.then_some((found, complete));
    Ok(Report { verdict, solutions, stats, proof, rating, count })
}
