//! The KenKen solve path: propagation first, then SAT seeded with the narrowed domains.
//!
//! When propagation fixes every cell, that answer is checked and is the only one (every
//! deduction holds in every answer); otherwise the SAT encoding over the remaining domains
//! enumerates through the shared [`enumerate_verified`], whose blocked second solve proves
//! uniqueness. A contradiction found by propagation is also handed to SAT, so "none" always
//! comes with an UNSAT first solve.

use web_time::Instant;

use super::encode;
use super::propagate::{self, Outcome};
use super::KenKen;
use crate::grid::Grid;
use crate::puzzle::{enumerate_verified, Mode, Puzzle, Report, SolveError, Verdict};
use crate::sat::{Cnf, Monitor, Solver, Stats};

/// Solves in `mode`, with the rating (easy, medium: propagation alone; hard: search).
pub fn solve(p: &KenKen, mode: Mode, monitor: Option<Monitor>) -> Result<Report<Grid<u8>>, SolveError> {
    let started = Instant::now();
    let n = p.size();
    let (outcome, rating) = propagate::rate(p);
    let mut proof = Vec::new();
    let domains = match outcome {
        Outcome::Solved(digits) => {
            let grid = Grid::from_cells(n, n, digits).expect("one digit per cell");
            p.verify(&grid).map_err(SolveError::Rejected)?;
            proof.push(format!(
                "Propagation alone fixed every cell ({} level: cage tuples{}); every deduction holds in any answer, so no other answer exists.",
                rating.word(),
                if rating == propagate::Rating::Easy { " and naked singles" } else { ", naked and hidden singles, cage-forced digits" }
            ));
            let verdict = if mode == Mode::First { Verdict::Solved } else { Verdict::Unique };
            let count = matches!(mode, Mode::Count(_)).then_some((1, true));
            let stats = Stats { elapsed_ms: started.elapsed().as_secs_f64() * 1000.0, ..Stats::default() };
            return Ok(Report { verdict, solutions: vec![grid], stats, proof, rating: Some(format!("{} (propagation alone)", rating.word())), count });
        }
        Outcome::Stuck(domains) => domains,
        Outcome::Contradiction => vec![super::tuples::full(n); n * n],
    };
    let fixed = domains.iter().filter(|d| d.count_ones() == 1).count();
    let mut cnf = Cnf::new();
    let vars = encode::encode_with(p, &domains, &mut cnf);
    let over = p.answer_lits(&vars);
    let mut solver = Solver::build(&cnf, monitor);
    let e = enumerate_verified(&mut solver, &over, mode, |m| crate::puzzle::checked(p, &vars, m), &mut proof)?;
    proof.insert(
        0,
        format!(
            "Propagation fixed {fixed} of {} cells; SAT did the rest ({} cages by tuples, {} arithmetically).",
            n * n,
            vars.by_tuples,
            vars.by_arithmetic
        ),
    );
    let mut stats = solver.stats();
    stats.elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
    let count = matches!(mode, Mode::Count(_)).then_some((e.found, e.complete));
    let rating = (e.verdict != Verdict::None && e.verdict != Verdict::Multiple).then(|| "hard (needs search)".to_string());
    Ok(Report { verdict: e.verdict, solutions: e.solutions, stats, proof, rating, count })
}
