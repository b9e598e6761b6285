//! The layered solver: line logic with colour sets ([`super::logic`], the same rules as the
//! hints) to a fixpoint, then SAT over the cells it left open (every decided cell a unit, every
//! ruled-out colour a unit too) through the shared enumeration, with the blocked second solve as
//! the proof of uniqueness.

use web_time::Instant;

use super::encode;
use super::line::Colours;
use super::logic::{Lines, LADDER, SETS_RANK};
use super::model::ColourNonogram;
use crate::deduce::{self, End};
use crate::grid::Grid;
use crate::puzzle::{checked, enumerate_verified, Mode, Puzzle, Report, SolveError, Verdict};
use crate::sat::{Cnf, Monitor, Solver};

/// What line logic with colour sets reaches from the givens (none: the empty grid): the
/// decided cells (`None` open), how the run ended and the hardest rank it used.
pub fn line_logic(p: &ColourNonogram) -> (Vec<Option<u8>>, deduce::Run, u64) {
    let (sets, run, calls) = line_sets(p);
    (sets.iter().map(|&s| super::logic::single(s)).collect(), run, calls)
}

/// [`line_logic`] with each cell's set of colours left.
pub fn line_sets(p: &ColourNonogram) -> (Vec<Colours>, deduce::Run, u64) {
    line_sets_upto(p, SETS_RANK)
}

/// [`line_sets`] with the rules up to rank `upto` only ([`super::logic::LINE_RANK`]: each
/// line on its decided cells, no colour sets).
pub fn line_sets_upto(p: &ColourNonogram, upto: u8) -> (Vec<Colours>, deduce::Run, u64) {
    let mut lines = Lines::for_solver(p, &p.start());
    let mut run = deduce::run(&mut lines, upto, |_| true);
    if run.end == End::Complete {
        // The last deductions decided every cell; the lines they did not solve again still have
        // to fit their clues.
        if let Some(line) = lines.check_all() {
            let sentence = format!("{} has no placement of its runs.", line.title());
            run.end = End::Broken { cells: Vec::new(), sentence };
        }
    }
    (lines.sets().to_vec(), run, lines.line_calls())
}

/// Solves `p` in `mode`: line logic, then SAT for the rest and the proof.
pub fn solve(
    p: &ColourNonogram,
    mode: Mode,
    monitor: Option<Monitor>,
) -> Result<Report<Grid<u8>>, SolveError> {
    let started = Instant::now();
    if let Some(why) = p.totals_differ() {
        return Ok(no_answer(mode, started, format!("No answer: {why}, and every answer has as many cells of each colour in its rows as in its columns.")));
    }
    let (sets, run, calls) = line_sets(p);
    let total = sets.len();
    let mut proof = Vec::new();
    if let End::Broken { sentence, .. } = &run.end {
        let why = format!("No answer: line logic left a line with no placement. {sentence}");
        return Ok(no_answer(mode, started, why));
    }
    let fixed = sets.iter().filter(|s| s.count_ones() == 1).count();
    let rating = match run.rating(LADDER) {
        Some(r) => r.to_string(),
        None => "beyond line logic with colour sets (needs search)".to_string(),
    };
    proof.push(format!("Line logic with colour sets decided {fixed} of {total} cells ({calls} line solves); every decided cell and every ruled-out colour holds in every answer."));
    let mut cnf = Cnf::new();
    let vars = encode::encode_with(p, &sets, &mut cnf);
    let over = p.answer_lits(&vars);
    proof.push(format!("SAT over the rest ({} variables, {} clauses, what line logic found as units) enumerated the answers.", cnf.n_vars(), cnf.n_clauses()));
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

/// The report of a puzzle proven to have no answer, with the reason.
fn no_answer(mode: Mode, started: Instant, why: String) -> Report<Grid<u8>> {
    let stats = crate::sat::Stats {
        elapsed_ms: started.elapsed().as_secs_f64() * 1000.0,
        ..Default::default()
    };
    Report::none(stats, vec![why], mode)
}
