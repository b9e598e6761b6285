//! Picks and runs a method: the counting bound, SAT (direct or rotation-symmetric encoding) or
//! local search, and writes down why, with the evidence for the verdict.

use web_time::Instant;

use super::bounds;
use super::check;
use super::encode::{self, rotation_grid};
use super::model::{Method, RectFree};
use serde::{Deserialize, Serialize};

use super::model::Symmetry;
use super::search::{self, Config, SearchState};
use crate::grid::Grid;
use crate::puzzle::{self, Mode, Report, SolveError, Verdict};
use crate::sat::{self as sat, Cnf, Monitor, Progress, Solver, Stats, Unit};

/// Auto uses SAT up to this many cells (answers and proofs come fast there), local search above.
pub const AUTO_SAT_CELLS: usize = 100;

/// The solve options ([`crate::puzzle::Puzzle::Options`]): each one given overrides the task's
/// own setting (`{"method":"tabu","seed":3}`), so the CLI and a portfolio vary a run without
/// rewriting the task.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SolveOptions {
    /// The method (`auto`, `sat`, `anneal`, `threshold`, `breakout`, `tabu`).
    pub method: Option<Method>,
    /// The symmetry (`auto`, `none`, `rotation`).
    pub symmetry: Option<Symmetry>,
    /// The local search's random seed.
    pub seed: Option<u64>,
}

impl SolveOptions {
    /// The task with these options in place of its own settings.
    pub fn applied_to(&self, p: &RectFree) -> RectFree {
        let mut t = p.clone();
        if let Some(m) = self.method {
            t.method = m;
        }
        if let Some(s) = self.symmetry {
            t.symmetry = s;
        }
        if let Some(s) = self.seed {
            t.seed = s;
        }
        t
    }
}

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
        why.push(
            "The counting bound alone proves that no colouring exists, so no search is needed."
                .to_string(),
        );
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
                Method::Threshold => "Threshold accepting as in the source document: any move at most the threshold worse is taken; the threshold steps 5, 4, 3, 2, 1, 0 over a sweep.".to_string(),
                _ => "Simulated annealing: a worse move by d rectangles is taken with probability exp(-d/T), T cooling geometrically over a sweep (from 2 to 0.1 over whole colourings, from 1 to 0.3 in the rotation space), then reheating.".to_string(),
            });
            why.push(if rotation {
                "Moves give one orbit's colour-0 cell to another cell of the orbit (the best of the three, ties at random).".to_string()
            } else if m == Method::Breakout {
                "Moves give a free corner of a rectangle the colour of least weight (ties at random), over whole colourings.".to_string()
            } else {
                "Moves recolour a cell to its best other colour, and now and then swap two rows or two columns within one colour class (the move of the source document, the rectangle-free challenge write-up).".to_string()
            });
            (Plan::Search { method: m, rotation }, why)
        }
    }
}

/// Solves `p`: a checked colouring, or "none" with its proof. Counting (`Mode::Count`) runs the
/// generic enumeration over the plain direct encoding; the local search hands its snapshots to
/// the monitor ([`Monitor::snapshot`]).
pub fn solve(
    p: &RectFree,
    mode: Mode,
    monitor: Option<Monitor>,
) -> Result<Report<Grid<u8>>, SolveError> {
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
            Ok(Report::none(stats, proof, mode))
        }
        Plan::Sat { rotation } => sat(p, rotation, monitor, proof),
        Plan::Search { method, rotation } => {
            let config = Config::for_task(p, method, rotation, p.seed);
            let mut monitor = monitor;
            let interval = monitor.as_ref().map(|m| m.interval_ms()).unwrap_or(250.0).min(250.0);
            let mut report = |s: &SearchState| {
                let Some(m) = monitor.as_mut() else { return true };
                if m.wants_snapshots() {
                    m.snapshot(live(s));
                }
                m.report(Progress {
                    work: s.iterations,
                    unit: Unit::Iterations,
                    elapsed_ms: s.elapsed_ms,
                    known: None,
                })
            };
            let (found, last, ran) = search::search_traced(p, config, interval, &mut report);
            let grid = found.ok_or(SolveError::Stopped)?;
            check::verify(p, &grid).map_err(SolveError::Rejected)?;
            proof.push(format!(
                "Found by {} {} after {} iterations ({} reheats) in {:.0} ms (seed {}); the independent checker counted 0 monochromatic rectangles.",
                ran.method.word(),
                if ran.rotation { "in the rotation-symmetric space" } else { "over whole colourings" },
                last.iterations,
                last.sweeps,
                last.elapsed_ms,
                p.seed
            ));
            let stats = Stats { elapsed_ms: elapsed(), ..Stats::default() };
            Ok(Report {
                verdict: Verdict::Solved,
                solutions: vec![grid],
                stats,
                proof,
                rating: None,
                count: None,
            })
        }
    }
}

/// The SAT path alone (no bound first): the rotation-symmetric encoding first when asked (and
/// the direct one after it if that is UNSAT), else the direct encoding with symmetry breaking.
pub fn sat(
    p: &RectFree,
    rotation: bool,
    monitor: Option<Monitor>,
    mut proof: Vec<String>,
) -> Result<Report<Grid<u8>>, SolveError> {
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
                let choice: Vec<usize> =
                    v.y.iter().map(|y| y.iter().position(|&l| m.value(l)).unwrap_or(0)).collect();
                let cells = rotation_grid(p.rows(), &v.orbits, v.centre, &choice);
                let grid = Grid::from_cells(p.rows(), p.cols(), cells).expect("n*n cells");
                check::verify(p, &grid).map_err(SolveError::Rejected)?;
                proof.push(format!("The rotation-symmetric encoding ({} variables, {} clauses) was satisfiable; the checker passed the colouring.", cnf.n_vars(), cnf.n_clauses()));
                return Ok(Report {
                    verdict: Verdict::Solved,
                    solutions: vec![grid],
                    stats,
                    proof,
                    rating: None,
                    count: None,
                });
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
            let cells: Vec<u8> =
                v.x.iter().map(|x| x.iter().position(|&l| m.value(l)).unwrap_or(0) as u8).collect();
            let grid = Grid::from_cells(p.rows(), p.cols(), cells).expect("one entry per cell");
            check::verify(p, &grid).map_err(SolveError::Rejected)?;
            proof.push(format!("The direct encoding ({} variables, {} clauses) was satisfiable; the checker passed the colouring.", cnf.n_vars(), cnf.n_clauses()));
            Ok(Report {
                verdict: Verdict::Solved,
                solutions: vec![grid],
                stats,
                proof,
                rating: None,
                count: None,
            })
        }
        None => {
            proof.push(format!(
                "The direct encoding ({} variables, {} clauses) came back UNSAT: no colouring exists{}.",
                cnf.n_vars(),
                cnf.n_clauses(),
                if p.has_fixed() { "" } else { " (the symmetry breaking only drops colourings that a permutation of rows, columns and colours maps onto a kept one)" }
            ));
            // Never a count: a count takes the generic path (see `solve`).
            Ok(Report::none(stats, proof, Mode::First))
        }
    }
}

/// The search's snapshot as the contract's: the best score, the figures in a line, and the
/// whole snapshot as JSON for the page's chart and best grid.
fn live(s: &SearchState) -> sat::Snapshot {
    sat::Snapshot {
        score: Some(s.best),
        summary: format!(
            "{:8.1} s  iterations {:>12}  score {:>5}  best {:>5} (at iteration {})",
            s.elapsed_ms / 1000.0,
            s.iterations,
            s.score,
            s.best,
            s.best_at
        ),
        data: serde_json::to_string(s).unwrap_or_default(),
        worker: None,
    }
}
