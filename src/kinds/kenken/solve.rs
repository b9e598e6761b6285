//! The KenKen solve path: the deduction ladder first ([`super::logic`]), then SAT seeded with
//! the narrowed candidates.
//!
//! When the rules complete the grid, that answer is checked and is the only one (every
//! deduction holds in every answer); otherwise the SAT encoding over the remaining candidates
//! enumerates through the shared [`enumerate_verified`], whose blocked second solve proves
//! uniqueness. A contradiction found by the rules is also handed to SAT, so "none" always
//! comes with an UNSAT first solve.

use web_time::Instant;

use super::encode;
use super::logic::{self, LADDER};
use super::KenKen;
use crate::grid::Grid;
use crate::puzzle::{enumerate_verified, Mode, Puzzle, Report, SolveError, Verdict};
use crate::sat::{Cnf, Monitor, Solver, Stats};

/// The rating when the rules stop short.
pub const BEYOND: &str = "beyond the rules (needs search)";

/// Solves in `mode`, with the rating (the hardest rule of the ladder used, or search).
pub fn solve(
    p: &KenKen,
    mode: Mode,
    monitor: Option<Monitor>,
) -> Result<Report<Grid<u8>>, SolveError> {
    let started = Instant::now();
    let n = p.size();
    let (outcome, hardest, complete) = logic::rate(p, logic::rank::MAX);
    let mut proof = Vec::new();
    let domains = match outcome {
        Ok(domains) if complete => {
            let digits: Vec<u8> = domains.iter().map(|d| d.trailing_zeros() as u8 + 1).collect();
            let grid = Grid::from_cells(n, n, digits).expect("one digit per cell");
            if p.verify(&grid).is_ok() {
                let rung = LADDER[hardest.unwrap_or(0) as usize];
                proof.push(format!(
                    "The deduction rules alone fixed every cell (hardest: {}, {} level); every deduction holds in any answer, so no other answer exists.",
                    rung.rules, rung.level
                ));
                let verdict = if mode == Mode::First { Verdict::Solved } else { Verdict::Unique };
                let count = matches!(mode, Mode::Count(_)).then_some((1, true));
                let stats = Stats {
                    elapsed_ms: started.elapsed().as_secs_f64() * 1000.0,
                    ..Stats::default()
                };
                return Ok(Report {
                    verdict,
                    solutions: vec![grid],
                    stats,
                    proof,
                    rating: Some(rung.rating.to_string()),
                    count,
                });
            }
            // A grid the rules complete but the checker refuses: the puzzle has no answer; SAT says so.
            vec![super::tuples::full(n); n * n]
        }
        Ok(domains) => domains,
        Err(()) => vec![super::tuples::full(n); n * n],
    };
    let fixed = domains.iter().filter(|d| d.count_ones() == 1).count();
    let mut cnf = Cnf::new();
    let vars = encode::encode_with(p, &domains, &mut cnf);
    let over = p.answer_lits(&vars);
    let mut solver = Solver::build(&cnf, monitor);
    let e = enumerate_verified(
        &mut solver,
        &over,
        mode,
        |m| crate::puzzle::checked(p, &vars, m),
        &mut proof,
    )?;
    proof.insert(
        0,
        format!(
            "The deduction rules fixed {fixed} of {} cells; SAT did the rest ({} cages by tuples, {} arithmetically).",
            n * n,
            vars.by_tuples,
            vars.by_arithmetic
        ),
    );
    let mut stats = solver.stats();
    stats.elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
    let count = matches!(mode, Mode::Count(_)).then_some((e.found, e.complete));
    let rating =
        (e.verdict != Verdict::None && e.verdict != Verdict::Multiple).then(|| BEYOND.to_string());
    Ok(Report { verdict: e.verdict, solutions: e.solutions, stats, proof, rating, count })
}
