//! Benchmark runs over collections: solve, verify, compare with known answers, summarise.
//!
//! Shared by `puzzle bench` and the in-browser benchmark, so both measure the same work.

use serde::{Deserialize, Serialize};
use web_time::Instant;

use crate::error::InputResult;
use crate::kinds::{any_report, Kind};
use crate::puzzle::{Entry, Mode, Puzzle, SolveError, Verdict};
use crate::sat::Monitor;
use crate::with_kind;

/// One puzzle's result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// The puzzle's id in its collection.
    pub id: String,
    /// Wall-clock milliseconds for the solve, verification included.
    pub ms: f64,
    /// `unique`, `multiple`, `none`, `solved`, `optimal`, `timeout` or `error`.
    pub verdict: String,
    /// The first answer, as rows.
    pub solution: Vec<String>,
    /// True when the answer failed the checker or contradicts the known unique answer.
    pub wrong: bool,
    /// Why it is wrong, or what went wrong.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The answer in short form, for kinds that have one (Flood-It: the move string).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<String>,
    /// The answer's measure (Flood-It: the number of moves).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub measure: Option<usize>,
    /// The proven lower bound on the measure, for kinds judged by one: equal to `measure` when
    /// the verdict is `optimal`, below it when `bounded` (the best found, not proven optimal).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lower: Option<usize>,
}

/// Totals over a run.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, Default)]
pub struct Summary {
    /// Puzzles attempted.
    pub count: usize,
    /// Puzzles with an answer (or a proof that there is none) in time.
    pub solved: usize,
    /// Puzzles whose answer is wrong.
    pub wrong: usize,
    /// Puzzles proven unique.
    pub unique: usize,
    /// Median milliseconds per puzzle.
    pub median_ms: f64,
    /// 90th percentile milliseconds.
    pub p90_ms: f64,
    /// Slowest puzzle in milliseconds.
    pub max_ms: f64,
    /// Total seconds.
    pub total_s: f64,
    /// The answers' measures summed (Flood-It: total moves), for kinds that have one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub measure: Option<usize>,
    /// Answers proven optimal, for kinds judged by a measure.
    #[serde(default)]
    pub optimal: usize,
    /// Answers found but not proven optimal (verdict `bounded`).
    #[serde(default)]
    pub bounded: usize,
    /// The proven lower bounds summed, when every answer has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lower: Option<usize>,
}

impl Summary {
    /// Summarises records.
    pub fn of(records: &[Record]) -> Summary {
        let mut ms: Vec<f64> = records.iter().map(|r| r.ms).collect();
        ms.sort_by(f64::total_cmp);
        let pick = |q: f64| -> f64 {
            if ms.is_empty() {
                0.0
            } else {
                ms[((ms.len() - 1) as f64 * q).round() as usize]
            }
        };
        Summary {
            count: records.len(),
            solved: records
                .iter()
                .filter(|r| !matches!(r.verdict.as_str(), "timeout" | "error"))
                .count(),
            wrong: records.iter().filter(|r| r.wrong).count(),
            unique: records.iter().filter(|r| r.verdict == "unique").count(),
            median_ms: pick(0.5),
            p90_ms: pick(0.9),
            max_ms: ms.last().copied().unwrap_or(0.0),
            total_s: ms.iter().sum::<f64>() / 1000.0,
            measure: records.iter().filter_map(|r| r.measure).reduce(|a, b| a + b),
            optimal: records.iter().filter(|r| r.verdict == "optimal").count(),
            bounded: records.iter().filter(|r| r.verdict == "bounded").count(),
            lower: records
                .iter()
                .map(|r| r.lower)
                .sum::<Option<usize>>()
                .filter(|_| !records.is_empty()),
        }
    }

    /// The one-line form: `count N solved N wrong N unique N median_ms X p90_ms X max_ms X total_s X`,
    /// then for a measure `total_moves M`, and `optimal N bounded N total_lower L` when some
    /// answer is not proven optimal.
    pub fn line(&self) -> String {
        let line = format!(
            "count {} solved {} wrong {} unique {} median_ms {:.2} p90_ms {:.2} max_ms {:.2} total_s {:.3}",
            self.count, self.solved, self.wrong, self.unique, self.median_ms, self.p90_ms, self.max_ms, self.total_s
        );
        let line = match self.measure {
            Some(m) => format!("{line} total_moves {m}"),
            None => line,
        };
        match (self.bounded, self.lower) {
            (0, _) => line,
            (b, Some(l)) => format!("{line} optimal {} bounded {b} total_lower {l}", self.optimal),
            (b, None) => format!("{line} optimal {} bounded {b}", self.optimal),
        }
    }
}

/// Reads a time limit per puzzle in seconds, as a person types it (empty: none), into
/// milliseconds; an error names what is wrong.
pub fn time_limit_ms(text: &str) -> Result<Option<f64>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 && s <= 86_400.0 => Ok(Some(s * 1000.0)),
        Ok(_) => Err(format!(
            "The time limit per puzzle must be more than 0 and at most 86400 seconds, not {text}."
        )),
        Err(_) => Err(format!(
            "The time limit per puzzle is a number of seconds; \"{text}\" is not a number."
        )),
    }
}

/// How to run each puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct Options {
    /// Stop at the first answer instead of proving uniqueness.
    pub first: bool,
    /// Give up on a puzzle after this many milliseconds.
    pub timeout_ms: Option<f64>,
    /// Only the first this many puzzles of the collection (counted as puzzles, whatever lines
    /// each takes).
    #[serde(default)]
    pub limit: Option<usize>,
}

/// Parses a collection of `kind` from file text, or says why it cannot.
pub fn count_entries(kind: Kind, text: &str, name: &str) -> InputResult<usize> {
    with_kind!(kind, P => Ok(P::read_collection(text, name)?.len()))
}

/// Runs every puzzle of a collection given as file text, calling `on_record` after each.
pub fn run_text(
    kind: Kind,
    text: &str,
    name: &str,
    options: Options,
    on_record: &mut dyn FnMut(&Record),
) -> InputResult<Vec<Record>> {
    run_text_with_answers(kind, text, name, None, options, on_record)
}

/// [`run_text`] with the text of an answers file beside the collection, which a kind measured
/// by an optimum reads ([`crate::puzzle::Optimum::read_collection_with_answers`]; the others
/// ignore it).
pub fn run_text_with_answers(
    kind: Kind,
    text: &str,
    name: &str,
    answers: Option<&str>,
    options: Options,
    on_record: &mut dyn FnMut(&Record),
) -> InputResult<Vec<Record>> {
    run_text_as(kind, text, name, answers, options, None, "", on_record)
}

/// [`run_text_with_answers`] solving in `mode` when given (instead of the mode `options` name),
/// e.g. [`Mode::Optimum`] for a kind measured by an optimum, with the kind's solve options as
/// JSON text (`""` for the defaults; see [`crate::kinds::options_from_text`]).
#[allow(clippy::too_many_arguments)]
pub fn run_text_as(
    kind: Kind,
    text: &str,
    name: &str,
    answers: Option<&str>,
    options: Options,
    mode: Option<Mode>,
    solve_options: &str,
    on_record: &mut dyn FnMut(&Record),
) -> InputResult<Vec<Record>> {
    with_kind!(kind, P => {
        let solve_options = crate::kinds::options_from_text::<P>(solve_options)?;
        let entries = match P::optimum() {
            Some(o) => o.read_collection_with_answers(text, name, answers)?,
            None => P::read_collection(text, name)?,
        };
        Ok(entries.iter().take(options.limit.unwrap_or(usize::MAX)).map(|e| {
            let r = run_entry_with(e, options, mode, &solve_options);
            on_record(&r);
            r
        }).collect())
    })
}

/// Solves one entry, checks it and times it.
pub fn run_entry<P: Puzzle>(entry: &Entry<P>, options: Options) -> Record {
    run_entry_with(entry, options, None, &P::Options::default())
}

/// [`run_entry`] in `mode` when given, with the kind's solve options.
pub fn run_entry_with<P: Puzzle>(
    entry: &Entry<P>,
    options: Options,
    mode: Option<Mode>,
    solve_options: &P::Options,
) -> Record {
    let mode = mode.unwrap_or(if options.first { Mode::First } else { Mode::Unique });
    let monitor = options.timeout_ms.map(Monitor::deadline);
    let started = Instant::now();
    let result =
        entry.puzzle.solve_with(mode, solve_options, monitor).map(|r| any_report(&entry.puzzle, r));
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    let mut record = Record {
        id: entry.id.clone(),
        ms,
        verdict: String::new(),
        solution: Vec::new(),
        wrong: false,
        note: None,
        moves: None,
        measure: None,
        lower: None,
    };
    match result {
        Ok(report) => {
            record.verdict = report.verdict.word().to_string();
            record.solution = report.solutions.first().cloned().unwrap_or_default();
            let typed = report
                .solutions
                .first()
                .and_then(|rows| entry.puzzle.solution_from_rows(rows).ok());
            let optimum = P::optimum();
            let answer_text = |s: &P::Solution| optimum.map(|o| o.answer_text(&entry.puzzle, s));
            if let Some((text, measure)) = typed.as_ref().and_then(answer_text) {
                record.moves = Some(text);
                record.measure = Some(measure);
            }
            record.lower = match report.verdict {
                Verdict::Bounded { lower } => Some(lower),
                Verdict::Optimal => record.measure,
                _ => None,
            };
            let known_measure = entry.known.as_ref().and_then(answer_text).map(|(_, m)| m);
            if let (Verdict::Bounded { lower }, Some(k)) = (report.verdict, known_measure) {
                // Not proven optimal: the bound must not exceed the file's answer.
                if lower > k {
                    record.wrong = true;
                    record.note = Some(format!(
                        "the proven lower bound {lower} exceeds the file's answer of {k}"
                    ));
                }
            } else if let (Some(found), Some(known), Some(o)) = (&typed, &entry.known, optimum) {
                if let Some(why) = o.compare_known(&entry.puzzle, found, known) {
                    record.wrong = true;
                    record.note = Some(why);
                }
            }
            if let Some(known) = &entry.known {
                let known_rows = entry.puzzle.solution_rows(known);
                if report.verdict == Verdict::None {
                    record.wrong = true;
                    record.note =
                        Some("the solver found no answer, but the file carries one".into());
                } else if report.verdict == Verdict::Unique && record.solution != known_rows {
                    record.wrong = true;
                    record.note =
                        Some("proven unique, yet different from the file's answer".into());
                }
            }
        }
        Err(SolveError::Stopped) => record.verdict = "timeout".into(),
        Err(SolveError::Rejected(why)) => {
            record.verdict = "error".into();
            record.wrong = true;
            record.note = Some(format!("answer failed the checker: {why}"));
        }
        Err(SolveError::Input(e)) => {
            record.verdict = "error".into();
            record.note = Some(e.to_string());
        }
    }
    record
}
