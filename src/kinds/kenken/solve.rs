//! The KenKen solve path: the deduction ladder's rules below the trial ([`super::logic`]), then
//! SAT seeded with the narrowed candidates; the rating by the whole ladder, given that answer,
//! in [`rate_with`].
//!
//! The rules run as [`logic::walk`] up to the trial. When they complete the grid, that answer
//! is checked and is the only one (every deduction holds in every answer), and the report
//! carries its rating. When they stop, the SAT encoding over the remaining candidates
//! enumerates through the shared [`enumerate_verified`], whose blocked second solve proves
//! uniqueness, and the report leaves the rating out: [`rate_with`]
//! ([`crate::play::Playable::rate`]) walks the rest of the ladder afterwards, with the trial
//! skipping the digit that answer has in each cell (every deduction holds in every answer, so
//! assuming it never breaks the rules), while the answer is already on screen. The walk, its
//! end and its rating are those of the whole ladder run in one go (the hints' walk); only
//! fewer trials are made. A contradiction found by the rules is also handed to SAT, so "none"
//! always comes with an UNSAT first solve. Where each part pays: `docs/benchmarks.md`, KenKen.

use web_time::Instant;

use super::encode;
use super::logic::{self, rank, KenKenLogic, LADDER};
use super::KenKen;
use crate::deduce::End;
use crate::grid::Grid;
use crate::puzzle::{enumerate_verified, Mode, Puzzle, Report, SolveError, Verdict};
use crate::sat::{Cnf, Monitor, Solver, Stats};

/// The rating when the rules stop short.
pub const BEYOND: &str = "beyond the rules (needs search)";

/// The rating of `p` by the whole ladder, as the hints' walk ends, given `answer` (one of its
/// answers, checked): the rules below the trial, then the trial, which skips the digit
/// `answer` has in each cell (`tests/solve_paths.rs` holds it to the plain walk).
pub fn rate_with(p: &KenKen, answer: &Grid<u8>) -> String {
    let mut l = KenKenLogic::new(p, false).quick();
    let (mut end, mut hardest) = logic::walk(&mut l, rank::TRIAL - 1);
    if end == End::Stuck {
        l = l.with_answer(answer.cells().to_vec());
        let (e, h) = logic::walk(&mut l, rank::MAX);
        end = e;
        hardest = hardest.max(h);
    }
    match end {
        End::Complete => LADDER[hardest.unwrap_or(0) as usize].rating.to_string(),
        _ => BEYOND.to_string(),
    }
}

/// Solves in `mode`. The report carries the rating when the rules below the trial complete the
/// grid, else leaves it out ([`rate_with`] gives it).
pub fn solve(
    p: &KenKen,
    mode: Mode,
    monitor: Option<Monitor>,
) -> Result<Report<Grid<u8>>, SolveError> {
    let started = Instant::now();
    let n = p.size();
    // The rules below the trial: the same walk as the whole ladder's up to where they stop.
    let mut l = KenKenLogic::new(p, false).quick();
    let (end, hardest) = logic::walk(&mut l, rank::TRIAL - 1);
    let mut proof = Vec::new();
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
            vec![super::tuples::full(n); n * n]
        }
        Ok(domains) => domains,
        Err(()) => vec![super::tuples::full(n); n * n],
    };
    let fixed = domains.iter().filter(|d| d.count_ones() == 1).count();
    // The SAT phase: the encoding over the remaining candidates.
    let mut cnf = Cnf::new();
    let vars = encode::encode_with(p, &domains, &mut cnf);
    let mut solver = Solver::build(&cnf, monitor);
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
            "The deduction rules below the trial fixed {fixed} of {} cells; SAT did the rest ({} cages by tuples, {} arithmetically).",
            n * n,
            vars.by_tuples,
            vars.by_arithmetic
        ),
    );
    let mut stats = solver.stats();
    stats.elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
    let count = matches!(mode, Mode::Count(_)).then_some((e.found, e.complete));
    // The rating is the ladder's with the trials, which `rate_with` walks after the answer.
    Ok(Report { verdict: e.verdict, solutions: e.solutions, stats, proof, rating: None, count })
}
