//! Picks and runs a method: the counting bound, SAT (direct or rotation-symmetric encoding) or
//! local search, and writes down why, with the evidence for the verdict.

use web_time::Instant;

use super::bounds;
use super::check;
use super::encode::{self, rotation_grid};
use super::model::{Method, RectFree};
use super::search::{self, Config, Snapshot};
use crate::grid::Grid;
use crate::kinds::AnyReport;
use crate::kind::Kind;
use crate::puzzle::{self, Mode, Report, SolveError, Verdict};
use crate::sat::{Cnf, Monitor, Progress, Solver, Stats};

/// Auto uses SAT up to this many cells (answers and proofs come fast there), local search above.
pub const AUTO_SAT_CELLS: usize = 100;

/// What will run, resolved from the task's settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plan {
    /// The counting bound already proves there is no colouring.
    Bound,
    /// SAT on the direct or the rotation-symmetric encoding.
    Sat {
        /// Rotation-symmetric encoding first.
        rotation: bool,
    },
    /// Local search.
    Search {
        /// Annealing or threshold accepting.
        method: Method,
        /// In the rotation-symmetric space.
        rotation: bool,
    },
}

/// The plan for `p`, and the reasons, one sentence a line.
pub fn plan(p: &RectFree) -> (Plan, Vec<String>) {
    let cells = p.rows() * p.cols();
    let mut why = Vec::new();
    if bounds::proves_none(p).is_some() {
        why.push("The counting bound alone proves that no colouring exists, so no search is needed.".to_string());
        return (Plan::Bound, why);
    }
    let rotation = p.uses_rotation();
    let method = match p.method {
        Method::Auto if cells <= AUTO_SAT_CELLS => {
            why.push(format!("Auto: {cells} cells is small enough for SAT, which finds a colouring or proves that none exists."));
            Method::Sat
        }
        Method::Auto if rotation => {
            why.push(format!("Auto: {cells} cells is too large for plain SAT to be quick, so tabu search runs in the rotation-symmetric space (it finds colourings but cannot prove that none exists; it measured far faster there than annealing)."));
            Method::Tabu
        }
        Method::Auto => {
            why.push(format!("Auto: {cells} cells is too large for plain SAT to be quick, so simulated annealing searches (it finds colourings but cannot prove that none exists)."));
            Method::Anneal
        }
        Method::Tabu if !rotation => {
            why.push("Tabu search runs in the rotation-symmetric space only (square grids of side 8 or more, four colours, no fixed cells, symmetry not none); simulated annealing runs instead.".to_string());
            Method::Anneal
        }
        m => m,
    };
    if rotation {
        // The tabu search may colour a larger grid (see below); the orbits are that grid's.
        let side = if method == Method::Tabu { search::grown_side(p.rows()) } else { p.rows() };
        let cells = side * side;
        why.push(format!(
            "Rotation symmetry: colour k is colour 0 turned by k quarter turns, so colour 0 takes exactly one cell of each of the {} orbits of four cells{}{} and only colour 0 must be rectangle-free.",
            (cells - cells % 4) / 4,
            if side != p.rows() { format!(" of the {side}x{side} grid") } else { String::new() },
            if side % 2 == 1 { " (the centre cell is colour 0)" } else { "" }
        ));
    } else if p.rotation_applies() {
        why.push("Rotation symmetry is off for this task (grids under 8x8 or symmetry set to none): every colouring is searched.".to_string());
    }
    match method {
        Method::Sat => {
            if !rotation {
                why.push(if p.has_fixed() {
                    "Direct SAT encoding: one colour per cell, no four corners of one colour; no symmetry breaking because cells are fixed.".to_string()
                } else {
                    "Direct SAT encoding with symmetry breaking: colour-0 cells in double-lexicographic row and column order, colours 1.. in order of first appearance.".to_string()
                });
            }
            (Plan::Sat { rotation }, why)
        }
        m => {
            why.push(match m {
                Method::Tabu if search::grown_side(p.rows()) != p.rows() => format!(
                    "Tabu search on the {m}x{m} grid, cropped: {n} is odd, and the {n}x{n} rotation space (one centre, colour 0 one cell short of the largest rectangle-free set) stalled at one rectangle in every measured run, while the {m}x{m} one is solved; dropping the last row and column of a {m}x{m} colouring leaves a {n}x{n} colouring, as any part of a rectangle-free colouring is rectangle-free. Every step weighs all moves (each orbit's colour-0 cell to each of its three other cells), takes the best one that is not tabu (a tabu move only when it gives a new best), and forbids the orbit to go back to the cell it left for 6 to 11 steps; the chart counts the rectangles of colour 0 on the {m}x{m} grid.",
                    n = p.rows(),
                    m = search::grown_side(p.rows())
                ),
                Method::Tabu => "Tabu search: every step weighs all moves (each orbit's colour-0 cell to each of its three other cells, exactly, from the row bit sets), takes the best one that is not tabu (a tabu move only when it gives a new best), and forbids the orbit to go back to the cell it left for 6 to 11 steps.".to_string(),
                Method::Breakout => "Breakout (clause weighting): a corner of a random rectangle moves to the place of least weight; when nothing improves for a while, every rectangle still there gains weight, so the search climbs out of local minima.".to_string(),
                Method::Threshold => "Threshold accepting as in the seed: any move at most the threshold worse is taken; the threshold steps 5, 4, 3, 2, 1, 0 over a sweep.".to_string(),
                _ => "Simulated annealing: a worse move by d rectangles is taken with probability exp(-d/T), T cooling geometrically over a sweep (from 2 to 0.1 over whole colourings, from 1 to 0.3 in the rotation space), then reheating.".to_string(),
            });
            why.push(if rotation {
                "Moves give one orbit's colour-0 cell to another cell of the orbit (the best of the three, ties at random).".to_string()
            } else {
                "Moves recolour a cell to its best other colour, and now and then swap two rows or two columns within one colour class (the seed's move).".to_string()
            });
            (Plan::Search { method: m, rotation }, why)
        }
    }
}

/// Solves `p`: a checked colouring, or "none" with its proof. Counting (`Mode::Count`) runs the
/// generic enumeration over the plain direct encoding; `on_snapshot` sees the local search.
pub fn solve(p: &RectFree, mode: Mode, monitor: Option<Monitor>, on_snapshot: Option<&mut dyn FnMut(&Snapshot)>) -> Result<Report<Grid<u8>>, SolveError> {
    if let Mode::Count(_) = mode {
        return puzzle::solve(p, mode, monitor);
    }
    let started = Instant::now();
    let (plan, mut proof) = plan(p);
    let elapsed = || started.elapsed().as_secs_f64() * 1000.0;
    match plan {
        Plan::Bound => {
            proof.extend(bounds::proves_none(p).unwrap_or_default());
            let stats = Stats { elapsed_ms: elapsed(), ..Stats::default() };
            Ok(Report { verdict: Verdict::None, solutions: vec![], stats, proof, rating: None, count: None })
        }
        Plan::Sat { rotation } => sat(p, rotation, monitor, proof),
        Plan::Search { method, rotation } => {
            let config = Config::for_task(p, method, rotation, p.seed);
            let mut monitor = monitor;
            let mut on_snapshot = on_snapshot;
            let interval = monitor.as_ref().map(|m| m.interval_ms()).unwrap_or(250.0).min(250.0);
            let mut report = |s: &Snapshot| {
                if let Some(f) = on_snapshot.as_mut() {
                    f(s);
                }
                monitor.as_mut().is_none_or(|m| m.report(Progress { conflicts: s.iterations, elapsed_ms: s.elapsed_ms, known: None }))
            };
            let (found, last) = search::search(p, config, interval, &mut report);
            let grid = found.ok_or(SolveError::Stopped)?;
            check::verify(p, &grid).map_err(SolveError::Rejected)?;
            proof.push(format!(
                "Found after {} iterations ({} reheats) in {:.0} ms (seed {}); the independent checker counted 0 monochromatic rectangles.",
                last.iterations, last.sweeps, last.elapsed_ms, p.seed
            ));
            let stats = Stats { elapsed_ms: elapsed(), ..Stats::default() };
            Ok(Report { verdict: Verdict::Solved, solutions: vec![grid], stats, proof, rating: None, count: None })
        }
    }
}

/// The SAT path alone (no bound first): the rotation-symmetric encoding first when asked (and
/// the direct one after it if that is UNSAT), else the direct encoding with symmetry breaking.
pub fn sat(p: &RectFree, rotation: bool, monitor: Option<Monitor>, mut proof: Vec<String>) -> Result<Report<Grid<u8>>, SolveError> {
    let mut monitor = monitor;
    let mut stats = Stats::default();
    if rotation {
        let mut cnf = Cnf::new();
        let v = encode::rotation(p, &mut cnf);
        let mut solver = Solver::build(&cnf, monitor.take());
        let model = solver.solve()?;
        stats.absorb(&solver.stats());
        match model {
            Some(m) => {
                let choice: Vec<usize> = v.y.iter().map(|y| y.iter().position(|&l| m.value(l)).unwrap_or(0)).collect();
                let cells = rotation_grid(p.rows(), &v.orbits, v.centre, &choice);
                let grid = Grid::from_cells(p.rows(), p.cols(), cells).expect("n*n cells");
                check::verify(p, &grid).map_err(SolveError::Rejected)?;
                proof.push(format!("The rotation-symmetric encoding ({} variables, {} clauses) was satisfiable; the checker passed the colouring.", cnf.n_vars(), cnf.n_clauses()));
                return Ok(Report { verdict: Verdict::Solved, solutions: vec![grid], stats, proof, rating: None, count: None });
            }
            None => {
                proof.push("The rotation-symmetric encoding is UNSAT: no rotation-symmetric colouring exists; that proves nothing about the others, so the direct encoding runs next.".to_string());
                // The monitor went into the first solver; the second runs without progress reports.
            }
        }
    }
    let mut cnf = Cnf::new();
    let v = encode::direct(p, &mut cnf);
    encode::break_symmetry(p, &mut cnf, &v);
    let mut solver = Solver::build(&cnf, monitor.take());
    let model = solver.solve()?;
    stats.absorb(&solver.stats());
    match model {
        Some(m) => {
            let cells: Vec<u8> = v.x.iter().map(|x| x.iter().position(|&l| m.value(l)).unwrap_or(0) as u8).collect();
            let grid = Grid::from_cells(p.rows(), p.cols(), cells).expect("one entry per cell");
            check::verify(p, &grid).map_err(SolveError::Rejected)?;
            proof.push(format!("The direct encoding ({} variables, {} clauses) was satisfiable; the checker passed the colouring.", cnf.n_vars(), cnf.n_clauses()));
            Ok(Report { verdict: Verdict::Solved, solutions: vec![grid], stats, proof, rating: None, count: None })
        }
        None => {
            proof.push(format!(
                "The direct encoding ({} variables, {} clauses) came back UNSAT: no colouring exists{}.",
                cnf.n_vars(),
                cnf.n_clauses(),
                if p.has_fixed() { "" } else { " (the symmetry breaking only drops colourings that a permutation of rows, columns and colours maps onto a kept one)" }
            ));
            Ok(Report { verdict: Verdict::None, solutions: vec![], stats, proof, rating: None, count: None })
        }
    }
}

/// [`solve`] with the answers as text rows, as the worker and the CLI report them.
pub fn solve_any(p: &RectFree, mode: Mode, monitor: Option<Monitor>, on_snapshot: Option<&mut dyn FnMut(&Snapshot)>) -> Result<AnyReport, SolveError> {
    let r = solve(p, mode, monitor, on_snapshot)?;
    Ok(AnyReport {
        kind: Kind::RectFree,
        verdict: r.verdict,
        solutions: r.solutions.iter().map(super::formats::grid_rows).collect(),
        stats: r.stats,
        proof: r.proof,
        rating: r.rating,
        count: r.count,
    })
}
