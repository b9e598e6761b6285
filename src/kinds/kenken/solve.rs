//! The KenKen solve path: the deduction ladder first ([`super::logic`]), then SAT seeded with
//! the narrowed candidates.
//!
//! The ladder runs as [`logic::walk`]: every rule below the trial first; when those stop, SAT
//! finds one answer and the walk goes on with the trial, which then skips the digit that
//! answer has in each cell (every deduction holds in every answer, so assuming it never breaks
//! the rules). The walk, its end and its rating are those of the whole ladder run in one go
//! (the hints' walk); only fewer trials are made. Where they pay: `docs/benchmarks.md`, KenKen.
//!
//! When the rules complete the grid, that answer is checked and is the only one (every
//! deduction holds in every answer); otherwise the SAT encoding over the remaining candidates
//! (the first answer's solver, with the digits the trials removed added as units, when there
//! is one) enumerates through the shared [`enumerate_verified`], whose blocked second solve
//! proves uniqueness. A contradiction found by the rules is also handed to SAT, so "none"
//! always comes with an UNSAT first solve.

use web_time::Instant;

use super::encode;
use super::logic::{self, rank, KenKenLogic, LADDER};
use super::tuples::Domain;
use super::KenKen;
use crate::deduce::End;
use crate::grid::Grid;
use crate::puzzle::{enumerate_verified, Mode, Puzzle, Report, SolveError, Verdict};
use crate::sat::{Cnf, Monitor, Solver, Stats};

/// The rating when the rules stop short.
pub const BEYOND: &str = "beyond the rules (needs search)";

/// Solves in `mode`, with the rating (the hardest rule of the ladder used, or search).
pub fn solve(
    p: &KenKen,
    mode: Mode,
    mut monitor: Option<Monitor>,
) -> Result<Report<Grid<u8>>, SolveError> {
    let started = Instant::now();
    let n = p.size();
    // The rules below the trial first: the same walk as the whole ladder's up to where they stop.
    let mut l = KenKenLogic::new(p, false).quick();
    let (mut end, mut hardest) = logic::walk(&mut l, rank::TRIAL - 1);
    let mut proof = Vec::new();
    let mut first: Option<(Solver, encode::Vars, Vec<Domain>)> = None;
    if end == End::Stuck {
        // One answer by SAT, then the trials, which skip the digit it has in each cell (no
        // trial breaks from it): the same walk, with fewer digits tried.
        let domains = l.dom.clone();
        let mut cnf = Cnf::new();
        let vars = encode::encode_with(p, &domains, &mut cnf);
        let mut solver = Solver::build(&cnf, monitor.take());
        let Some(m) = solver.solve()? else {
            let mut stats = solver.stats();
            stats.elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
            proof.push(
                "The rules stopped; the solver proved the rules unsatisfiable (first solve UNSAT)."
                    .into(),
            );
            return Ok(Report::none(stats, proof, mode));
        };
        let answer = crate::puzzle::checked(p, &vars, &m)?;
        l = l.with_answer(answer.cells().to_vec());
        let (e, h) = logic::walk(&mut l, rank::MAX);
        end = e;
        hardest = hardest.max(h);
        first = Some((solver, vars, domains));
    }
    let complete = end == End::Complete;
    let outcome = if matches!(end, End::Broken { .. }) { Err(()) } else { Ok(l.dom) };
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
            first = None;
            vec![super::tuples::full(n); n * n]
        }
        Ok(domains) => domains,
        Err(()) => {
            first = None;
            vec![super::tuples::full(n); n * n]
        }
    };
    let fixed = domains.iter().filter(|d| d.count_ones() == 1).count();
    // The SAT phase: the solver that found the first answer when there is one (each digit the
    // trials removed since added as a unit), else the encoding over the remaining candidates.
    let (mut solver, vars) = match first {
        Some((mut solver, vars, before)) => {
            for c in 0..n * n {
                for d in 0..n {
                    if before[c] >> d & 1 == 1 && domains[c] >> d & 1 == 0 {
                        solver.add_clause(&[!vars.x[c][d]]);
                    }
                }
            }
            (solver, vars)
        }
        None => {
            let mut cnf = Cnf::new();
            let vars = encode::encode_with(p, &domains, &mut cnf);
            (Solver::build(&cnf, monitor), vars)
        }
    };
    let over = p.answer_lits(&vars);
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
