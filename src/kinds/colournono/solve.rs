//! The layered solver: line logic ([`super::logic`], the same rule as the hints) to a fixpoint,
//! then SAT over the cells it left blank (every decided cell a unit) through the shared
//! enumeration, with the blocked second solve as the proof of uniqueness.

use web_time::Instant;

use super::encode;
use super::logic::{Lines, LADDER, LINE_RANK};
use super::model::ColourNonogram;
use crate::deduce::{self, End};
use crate::grid::Grid;
use crate::puzzle::{checked, enumerate_verified, Mode, Puzzle, Report, SolveError, Verdict};
use crate::sat::{Cnf, Monitor, Solver};

/// What line logic alone reaches from the givens (none: the empty grid): the cells (`None` blank), how the run
/// ended and the hardest rank it used.
pub fn line_logic(p: &ColourNonogram) -> (Vec<Option<u8>>, deduce::Run, u64) {
    let mut lines = Lines::for_solver(p, &p.start());
    let run = deduce::run(&mut lines, LINE_RANK, |_| true);
    (lines.cells().to_vec(), run, lines.line_calls())
}

/// Solves `p` in `mode`: line logic, then SAT for the rest and the proof.
pub fn solve(
    p: &ColourNonogram,
    mode: Mode,
    monitor: Option<Monitor>,
) -> Result<Report<Grid<u8>>, SolveError> {
    let started = Instant::now();
    let (cells, run, calls) = line_logic(p);
    let total = cells.len();
    let mut proof = Vec::new();
    if let End::Broken { sentence, .. } = &run.end {
        proof.push(format!("Line logic proved there is no answer: {sentence}"));
        let stats = crate::sat::Stats {
            elapsed_ms: started.elapsed().as_secs_f64() * 1000.0,
            ..Default::default()
        };
        return Ok(Report {
            verdict: Verdict::None,
            solutions: vec![],
            stats,
            proof,
            rating: None,
            count: matches!(mode, Mode::Count(_)).then_some((0, true)),
        });
    }
    let fixed = cells.iter().filter(|c| c.is_some()).count();
    let rating = match run.rating(LADDER) {
        Some(r) => r.to_string(),
        None => "beyond line logic (needs search)".to_string(),
    };
    proof.push(format!("Line logic decided {fixed} of {total} cells ({calls} line solves); every decided cell holds in every answer."));
    let all = encode::all_colours(p);
    let known: Vec<encode::Colours> = cells.iter().map(|c| c.map_or(all, |c| 1u64 << c)).collect();
    let mut cnf = Cnf::new();
    let vars = encode::encode_with(p, &known, &mut cnf);
    let over = p.answer_lits(&vars);
    proof.push(format!("SAT over the rest ({} variables, {} clauses, every decided cell a unit) enumerated the answers.", cnf.n_vars(), cnf.n_clauses()));
    let mut solver = Solver::build(&cnf, monitor);
    let e = enumerate_verified(&mut solver, &over, mode, |m| checked(p, &vars, m), &mut proof)?;
    let mut stats = solver.stats();
    stats.elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
    let count = matches!(mode, Mode::Count(_)).then_some((e.found, e.complete));
    Ok(Report {
        verdict: e.verdict,
        solutions: e.solutions,
        stats,
        proof,
        rating: (e.verdict == Verdict::Unique).then_some(rating),
        count,
    })
}
