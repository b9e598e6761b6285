//! The two engines that find a proven minimum (A* search, incremental SAT) and the SAT certificate for a known optimum.

use web_time::Instant;

use super::encode::{encode, Vars};
use super::graph::{bit, for_each_bit, Graph};
use super::search::{self, SearchError};
use super::FloodIt;
use crate::puzzle::{Engine, SolveError};
use crate::sat::{Cnf, Model, Monitor, Progress, Solver, Stats};

/// A minimum with the evidence for it.
#[derive(Debug, Clone)]
pub struct Optimum {
    /// The moves from the board's start, played moves included.
    pub moves: Vec<u8>,
    /// The sentences of the proof.
    pub proof: Vec<String>,
    /// Solver figures.
    pub stats: Stats,
}

/// The components flooded after the board's played moves.
pub fn flood_after_played(board: &FloodIt, g: &Graph) -> Vec<u64> {
    let (mut f, _) = search::root(g);
    for &m in board.played() {
        let n = search::frontier(g, &f);
        let col = g.colour_set(m as usize);
        for i in 0..g.words {
            f[i] |= col[i] & n[i];
        }
    }
    f
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// Solves with `engine`, proving the minimum number of moves from the position after the
/// board's played moves.
pub fn solve(board: &FloodIt, engine: Engine, mut monitor: Option<Monitor>) -> Result<Optimum, SolveError> {
    let g = Graph::of(board);
    let f0 = flood_after_played(board, &g);
    let played = board.played().len();
    let from = if played == 0 { "the start".to_string() } else { format!("the position after the {played} move{} played", plural(played)) };
    match engine {
        Engine::Search | Engine::Both => {
            let started = Instant::now();
            let mut last = 0.0f64;
            let mut poll = |expanded: u64, _bound: u32| -> bool {
                let Some(m) = monitor.as_mut() else { return true };
                let elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
                if elapsed_ms - last < m.interval_ms() {
                    return true;
                }
                last = elapsed_ms;
                m.report(Progress { conflicts: expanded, elapsed_ms, known: None })
            };
            let found = match search::solve_from(&g, &f0, search::NODE_LIMIT, &mut poll) {
                Ok(f) => f,
                Err(SearchError::Stopped) => return Err(SolveError::Stopped),
                Err(SearchError::TooLarge(n)) => {
                    return Err(SolveError::Input(crate::error::InputError::new(format!(
                        "the exact search stored {n} positions without finishing; this board is too hard for the search (try the SAT engine)"
                    ))))
                }
            };
            let n = found.moves.len();
            let mut moves = board.played().to_vec();
            moves.extend_from_slice(&found.moves);
            let mut proof = vec![format!(
                "A* over the {} regions from {from}, with Puchert's lower bound ({} at the root), expanded {} positions in order of moves made plus the bound: none finishes in fewer than {n} move{}.",
                g.n,
                found.root_bound,
                found.expanded,
                plural(n)
            )];
            let mut stats = Stats { elapsed_ms: started.elapsed().as_secs_f64() * 1000.0, ..Stats::default() };
            if engine == Engine::Both && n > 0 {
                let (line, s) = certify(&g, &f0, n, monitor)?;
                proof.push(line);
                let ms = stats.elapsed_ms;
                stats = s;
                stats.elapsed_ms += ms;
            }
            Ok(Optimum { moves, proof, stats })
        }
        Engine::Sat => by_sat(board, &g, &f0, monitor, &from),
    }
}

fn start_components(_g: &Graph, f0: &[u64]) -> Vec<usize> {
    let mut out = Vec::new();
    for_each_bit(f0, |v| out.push(v));
    out
}

/// The SAT certificate that `n` moves are needed: the formula with horizon `n - 1` is UNSAT.
pub fn certify(g: &Graph, f0: &[u64], n: usize, monitor: Option<Monitor>) -> Result<(String, Stats), SolveError> {
    let mut cnf = Cnf::new();
    let vars = encode(g, &start_components(g, f0), n - 1, &mut cnf);
    let mut solver = Solver::build(&cnf, monitor);
    if solver.solve_under(&[vars.goal[n - 1]])?.is_some() {
        return Err(SolveError::Rejected(format!("the SAT solver found a solution in {} moves, below the search's minimum", n - 1)));
    }
    let stats = solver.stats();
    Ok((
        format!(
            "With {} move{} the SAT solver proved it impossible (UNSAT; {} variables, {} clauses, {:.0} ms).",
            n - 1,
            plural(n - 1),
            stats.variables,
            stats.clauses,
            stats.elapsed_ms
        ),
        stats,
    ))
}

/// Reads the moves out of a model for bound `j`, dropping moves that flood nothing.
pub fn decode(g: &Graph, f0: &[u64], vars: &Vars, model: &Model, j: usize) -> Vec<u8> {
    let mut f = f0.to_vec();
    let mut out = Vec::new();
    for t in 0..j.min(vars.horizon) {
        let Some(c) = (0..g.k).find(|&c| model.value(vars.moves[t][c])) else { continue };
        let n = search::frontier(g, &f);
        let col = g.colour_set(c);
        let mut added = false;
        for i in 0..g.words {
            added |= col[i] & n[i] != 0;
            f[i] |= col[i] & n[i];
        }
        if added {
            out.push(c as u8);
        }
        if (0..g.n).all(|v| bit(&f, v)) {
            break;
        }
    }
    out
}

fn by_sat(board: &FloodIt, g: &Graph, f0: &[u64], monitor: Option<Monitor>, from: &str) -> Result<Optimum, SolveError> {
    let started = Instant::now();
    let upper = search::greedy(g, f0);
    let m = upper.len();
    let n0 = search::frontier(g, f0);
    let lower = (search::lower_bound(g, f0, &n0) as usize).min(m);
    let mut cnf = Cnf::new();
    let vars = encode(g, &start_components(g, f0), m, &mut cnf);
    let mut solver = Solver::build(&cnf, monitor);
    let mut proof = Vec::new();
    // Rise from the lower bound to the first satisfiable bound.
    let mut j = lower;
    let (best, mut sat_at) = loop {
        if let Some(model) = solver.solve_under(&[vars.goal[j]])? {
            break (decode(g, f0, &vars, &model, j), j);
        }
        if j == m {
            return Err(SolveError::Rejected(format!("the SAT solver found no solution within the greedy's {m} moves")));
        }
        j += 1;
    };
    // The certificate: one move fewer must be UNSAT (below the starting bound, ask it too).
    let mut best = best;
    while sat_at > 0 {
        match solver.solve_under(&[vars.goal[sat_at - 1]])? {
            None => break,
            Some(model) => {
                // The starting bound was not a lower bound after all; go down.
                best = decode(g, f0, &vars, &model, sat_at - 1);
                sat_at -= 1;
            }
        }
    }
    let n = best.len();
    if n != sat_at {
        return Err(SolveError::Rejected(format!("the SAT model for {sat_at} moves decodes to {n} moves")));
    }
    let stats = solver.stats();
    proof.push(format!(
        "SAT over the {} regions from {from} (horizon {m} from the greedy, {} variables, {} clauses, bounds tried from {lower} up by assumption): {n} move{} satisfiable.",
        g.n,
        stats.variables,
        stats.clauses,
        plural(n)
    ));
    if n > 0 {
        proof.push(format!("With {} move{} the SAT solver proved it impossible (UNSAT).", n - 1, plural(n - 1)));
    }
    let mut moves = board.played().to_vec();
    moves.extend_from_slice(&best);
    let mut stats = stats;
    stats.elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
    Ok(Optimum { moves, proof, stats })
}
