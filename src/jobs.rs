//! The work the page hands to its Web Worker: requests, replies, and the runner that does it.
//!
//! Pure data and pure functions, so the protocol is tested natively; the worker binary only
//! moves these values across `postMessage` (with serde-wasm-bindgen) and posts what [`run`] emits.

use std::rc::Rc;

use serde::{Deserialize, Serialize};
use web_time::Instant;

use crate::art::colour_art::{self, ColourArtResult, ColourOptions};
use crate::art::pipeline::{self, ArtOptions, ArtResult, Stage};
use crate::art::MAX_FILE_BYTES;
use crate::bench::{self, Record, Summary};
use crate::kinds::{self, AnyReport, Kind};
use crate::puzzle::{GenerateError, Mode, Puzzle, SolveError, Verdict};
use crate::sat::{Interim, Monitor, Snapshot, Unit};

/// Milliseconds between progress replies.
pub const PROGRESS_INTERVAL_MS: f64 = 250.0;

/// How long a generation may run in the worker when its options set no time-out.
pub const GENERATE_LIMIT_MS: f64 = 120_000.0;

/// A job for the worker.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Request {
    /// Solve a puzzle given as text (canonical JSON or anything the kind imports) with the
    /// kind's own solve options as JSON text (`""` for the defaults; [`Puzzle::Options`]). A
    /// portfolio sends several with other options; the first verified answer wins.
    Solve { kind: Kind, puzzle: String, mode: Mode, options: String },
    /// Make a new puzzle from the kind's own generator settings as JSON text (`""` for the
    /// defaults; [`Puzzle::GenerateOptions`]) and a seed, giving up after `timeout_ms`
    /// ([`GENERATE_LIMIT_MS`] when `None`).
    Generate { kind: Kind, options: String, seed: u64, timeout_ms: Option<f64> },
    /// Run a benchmark collection given as file text.
    Bench { kind: Kind, text: String, name: String, options: bench::Options },
    /// The next explained hint for the player's marks (the kind's own marks), checked against
    /// the proven answer first; the same request for every kind ([`crate::hint`]).
    Hint { kind: Kind, puzzle: String, marks: Vec<u8> },
    /// Every step of reasoning from the empty grid ([`crate::hint::explain`]).
    Explain { kind: Kind, puzzle: String },
    /// Run the hint's code once on a puzzle just opened, answering [`Reply::Warmed`] and keeping
    /// nothing: browsers compile WebAssembly lazily, function by function, so the first hint of
    /// a fresh worker would otherwise wait for the compiling (about 100 ms on a 21x21 Star
    /// Battle). Only the kind's cheap step from the marks alone ([`kinds::warm_text`]), never a
    /// solve nor a search that can take long (Star Battle's contradictions): over in milliseconds.
    Warm { kind: Kind, puzzle: String, marks: Vec<u8> },
    /// Find, while the player reads the hint on screen, the hint for the marks that hint leads
    /// to (the page sends it as soon as a step shows, never filed as a job), and keep it: the
    /// next [`Request::Hint`] on exactly those marks is answered with it at once, as the same
    /// request would be worked out then. Only with the answer the hint on screen was checked
    /// against already known ([`HINT_ANSWERS`]): a prefetch never solves. Answers
    /// [`Reply::Prefetched`].
    Prefetch { kind: Kind, puzzle: String, marks: Vec<u8> },
    /// Turn an image file (its bytes; decoded here, in the worker) into a nonogram.
    Art {
        /// The file's bytes (sent as a `Uint8Array`).
        #[serde(with = "bytes")]
        bytes: Vec<u8>,
        /// Size, crop, inversion, method and givens.
        options: ArtOptions,
    },
    /// Turn a colour image file into a colour nonogram with proven-unique givens.
    ColourArt {
        /// The file's bytes (sent as a `Uint8Array`).
        #[serde(with = "bytes")]
        bytes: Vec<u8>,
        /// Size, colours, background, givens and the time budget.
        options: ColourOptions,
    },
}

impl Request {
    /// The kind whose puzzle the job is about, when it is about one (an image job is not: it
    /// makes a new nonogram from a picture, on its own page).
    pub fn kind(&self) -> Option<Kind> {
        match self {
            Request::Solve { kind, .. }
            | Request::Generate { kind, .. }
            | Request::Bench { kind, .. }
            | Request::Hint { kind, .. }
            | Request::Explain { kind, .. }
            | Request::Warm { kind, .. }
            | Request::Prefetch { kind, .. } => Some(*kind),
            Request::Art { .. } | Request::ColourArt { .. } => None,
        }
    }
}

/// What the worker says back.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Reply {
    /// The worker has started and takes jobs.
    Ready,
    /// Work in progress.
    Progress {
        /// Milliseconds since the job started.
        elapsed_ms: f64,
        /// Work so far in the current solve and what it counts, when known.
        work: Option<(u64, Unit)>,
        /// Items done and total, for jobs over many puzzles.
        items: Option<(usize, usize)>,
        /// Cells known so far and in all while a propagation phase (nonogram line logic) runs.
        known: Option<(u64, u64)>,
    },
    /// A solve's verified report.
    Solved(AnyReport),
    /// An answer of a solve that goes on, verified: Flood-It's best so far, with its proven lower
    /// bound as the verdict `bounded`; or a proven answer whose rating the worker is still
    /// working out ([`AnyReport::rating_pending`]). The page shows it, and Cancel keeps it.
    Improved(AnyReport),
    /// A new puzzle's canonical JSON.
    Generated(String),
    /// A finished benchmark.
    Benched { records: Vec<Record>, summary: Summary },
    /// The job could not be done; the message says why.
    Failed(String),
    /// Progress of an image job: the optimiser's figures or the givens so far.
    ArtProgress {
        /// Milliseconds since the job started.
        elapsed_ms: f64,
        /// Where the pipeline is.
        stage: Stage,
    },
    /// A finished image job.
    Art(Box<ArtResult>),
    /// An image job's current proven-unique puzzle while its givens are being minimised (the
    /// quick answer first, then smaller sets); the job goes on.
    ArtImproved(Box<ArtResult>),
    /// A finished colour image job.
    ColourArt(Box<ColourArtResult>),
    /// A colour image job's current proven-unique puzzle while its givens are being minimised;
    /// the job goes on.
    ColourArtImproved(Box<ColourArtResult>),
    /// A kind's live snapshot of a solve that goes on ([`Monitor::snapshot`]; the rectangle-free
    /// search's chart and best grid), handed to the kind's page unread.
    Snapshot(Box<Snapshot>),
    /// A benchmark's records finished since the last report, as (ms, verdict), for the live chart.
    BenchRecords(Vec<(f64, String)>),
    /// An explained hint ([`Request::Hint`]).
    Hint(Box<crate::hint::Hint>),
    /// The hint's deduction from the marks alone, posted at once while the answer the marks are
    /// checked against is still being solved (the final [`Reply::Hint`] follows: the same step,
    /// or the mistake it found). Only for kinds whose steps need no answer.
    HintEarly(Box<crate::hint::Hint>),
    /// The whole solve, explained ([`Request::Explain`]).
    Explained(Box<crate::hint::Explanation>),
    /// [`Request::Warm`] is done: the step it found, which the page reads and drops (reading it
    /// compiles the page's side of a hint reply too).
    Warmed(Option<Box<crate::hint::Hint>>),
    /// [`Request::Prefetch`] is done: the hint it found (also kept in the worker), which the
    /// page keeps to answer a press on those marks itself and to ask for the hint after it
    /// ([`crate::app_state::Workshop::read_ahead_frontier`]); `None` when it found none.
    Prefetched(Option<Box<ReadAhead>>),
}

/// A hint found ahead of its press ([`Request::Prefetch`]): for which puzzle and marks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReadAhead {
    /// The kind.
    pub kind: Kind,
    /// The puzzle text the request named.
    pub puzzle: String,
    /// The marks the hint is for.
    pub marks: Vec<u8>,
    /// The hint, as [`Request::Hint`] on these marks would answer.
    pub hint: crate::hint::Hint,
}

/// Byte buffers as `serialize_bytes` (a `Uint8Array` through serde-wasm-bindgen, not an array
/// of numbers), read back from bytes or from a sequence (serde_json).
mod bytes {
    use serde::de::{Deserializer, SeqAccess, Visitor};
    use serde::Serializer;

    pub fn serialize<S: Serializer>(v: &[u8], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(v)
    }

    struct Bytes;

    impl<'de> Visitor<'de> for Bytes {
        type Value = Vec<u8>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("bytes")
        }
        fn visit_bytes<E>(self, v: &[u8]) -> Result<Vec<u8>, E> {
            Ok(v.to_vec())
        }
        fn visit_byte_buf<E>(self, v: Vec<u8>) -> Result<Vec<u8>, E> {
            Ok(v)
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<u8>, A::Error> {
            let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1 << 20));
            while let Some(b) = seq.next_element::<u8>()? {
                out.push(b);
            }
            Ok(out)
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        d.deserialize_byte_buf(Bytes)
    }
}

/// A message with the job number it belongs to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Envelope<T> {
    /// The page's job number; replies carry the request's.
    pub job: u32,
    /// The request or reply.
    pub body: T,
}

/// A monitor that posts a solve's progress: elapsed time, and the cells known during line logic
/// or the work during search (conflicts, positions, iterations or steps, as the kind counts it). Every improved answer of an anytime search (Flood-It) is
/// posted as [`Reply::Improved`], and every snapshot a kind makes as [`Reply::Snapshot`]; once
/// snapshots come, they carry the figures and the progress replies stop.
fn solve_monitor(post: &Rc<dyn Fn(Reply)>, started: Instant, kind: Kind) -> Monitor {
    let p = post.clone();
    let improved = post.clone();
    let shown = post.clone();
    let snapshots = Rc::new(std::cell::Cell::new(false));
    let seen = snapshots.clone();
    let budget_ms = kind.search_budget_ms();
    Monitor::new(PROGRESS_INTERVAL_MS, move |progress| {
        let elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
        if !seen.get() {
            let work = progress.known.is_none().then_some((progress.work, progress.unit));
            p(Reply::Progress { elapsed_ms, work, items: None, known: progress.known });
        }
        // The search's visible end (the status line shows it from the start).
        elapsed_ms < budget_ms
    })
    .with_snapshots(move |s: Snapshot| {
        snapshots.set(true);
        shown(Reply::Snapshot(Box::new(s)));
    })
    .with_interim(move |i: Interim| {
        let verdict = Verdict::Bounded { lower: i.lower };
        let stats = crate::sat::Stats {
            elapsed_ms: started.elapsed().as_secs_f64() * 1000.0,
            ..Default::default()
        };
        improved(Reply::Improved(AnyReport {
            kind,
            verdict,
            solutions: vec![i.rows],
            stats,
            proof: i.proof,
            rating: None,
            count: None,
            rating_pending: false,
        }));
    })
}

/// A time in words: "2 minutes", "90 seconds".
pub fn duration_words(ms: f64) -> String {
    let s = (ms / 1000.0).round() as u64;
    match s {
        s if s >= 120 && s % 60 == 0 => format!("{} minutes", s / 60),
        60 => "1 minute".into(),
        s => format!("{s} seconds"),
    }
}

/// The reply for a solve's outcome (in the worker a solve is stopped only by its time budget).
fn solved(kind: Kind, outcome: Result<AnyReport, SolveError>) -> Reply {
    match outcome {
        Ok(report) => Reply::Solved(report),
        Err(SolveError::Stopped) => Reply::Failed(format!(
            "No answer within the time limit of {}; the search was stopped there.",
            duration_words(kind.search_budget_ms())
        )),
        Err(e) => Reply::Failed(e.to_string()),
    }
}

thread_local! {
    /// The proven answers hints were last checked against, by kind and puzzle text (the worker
    /// solves a puzzle once, however many hints are asked for). A few entries, newest last.
    static HINT_ANSWERS: std::cell::RefCell<Vec<(Kind, String, Option<Vec<String>>)>> = const { std::cell::RefCell::new(Vec::new()) };
    /// The hint [`Request::Prefetch`] found last, with the kind, puzzle and marks it is for.
    static PREFETCHED: std::cell::RefCell<Option<ReadAhead>> = const { std::cell::RefCell::new(None) };
}

/// The answer [`HINT_ANSWERS`] holds for `puzzle`, if it was solved.
fn cached_answer(kind: Kind, puzzle: &str) -> Option<Option<Vec<String>>> {
    HINT_ANSWERS.with(|c| {
        c.borrow().iter().find(|(k, p, _)| *k == kind && p == puzzle).map(|(_, _, a)| a.clone())
    })
}

/// The hint [`Request::Prefetch`] found for exactly these kind, puzzle and marks (what the
/// next [`Request::Hint`] on them answers at once).
pub fn prefetched(kind: Kind, puzzle: &str, marks: &[u8]) -> Option<crate::hint::Hint> {
    PREFETCHED.with(|c| {
        c.borrow()
            .as_ref()
            .filter(|r| r.kind == kind && r.puzzle == puzzle && r.marks == marks)
            .map(|r| r.hint.clone())
    })
}

/// How many puzzles' answers [`HINT_ANSWERS`] keeps.
const HINT_CACHE: usize = 4;

/// The proven answer for hints on `puzzle` (cached), solving it once with progress.
fn hint_answer(
    kind: Kind,
    puzzle: &str,
    monitor: Monitor,
) -> Result<Option<Vec<String>>, SolveError> {
    if let Some(hit) = cached_answer(kind, puzzle) {
        return Ok(hit);
    }
    let answer = kinds::hint_answer(kind, puzzle, Some(monitor))?;
    HINT_ANSWERS.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= HINT_CACHE {
            c.remove(0);
        }
        c.push((kind, puzzle.to_string(), answer.clone()));
    });
    Ok(answer)
}

/// The final hint reply: the marks checked against the answer, then the step.
fn hint_reply(
    kind: Kind,
    puzzle: &str,
    marks: &[u8],
    answer: Result<Option<Vec<String>>, SolveError>,
    found: Option<crate::hint::Hint>,
) -> Reply {
    match answer {
        Ok(answer) => match kinds::hint_text_from(kind, puzzle, marks, answer.as_deref(), found) {
            Ok(h) => Reply::Hint(Box::new(h)),
            Err(e) => Reply::Failed(e.to_string()),
        },
        Err(e) => solved(kind, Err(e)),
    }
}

/// Does one job, posting progress through `post`, and returns the final reply.
pub fn run(request: Request, post: Rc<dyn Fn(Reply)>) -> Reply {
    let started = Instant::now();
    match request {
        Request::Solve { kind, puzzle, mode, options } => {
            let monitor = Some(solve_monitor(&post, started, kind));
            match kinds::solve_text(kind, &puzzle, mode, &options, monitor) {
                // The answer first (shown at once, kept by Cancel), then the rating the solve
                // left out: the whole ladder, which can take longer than the answer did.
                Ok(mut report) if kinds::rating_left_out(kind, &report) => {
                    post(Reply::Improved(AnyReport { rating_pending: true, ..report.clone() }));
                    report.rating = kinds::rate_report(kind, &puzzle, &report);
                    Reply::Solved(report)
                }
                outcome => solved(kind, outcome),
            }
        }
        Request::Generate { kind, options, seed, timeout_ms } => {
            let limit_ms = timeout_ms.unwrap_or(GENERATE_LIMIT_MS);
            let p = post.clone();
            let mut monitor = Monitor::new(PROGRESS_INTERVAL_MS, move |_| {
                let elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
                p(Reply::Progress { elapsed_ms, work: None, items: None, known: None });
                elapsed_ms < limit_ms
            });
            match kinds::generate_monitored(kind, &options, seed, Some(&mut monitor)) {
                Ok(text) => Reply::Generated(text),
                Err(GenerateError::Stopped) => Reply::Failed(format!("no puzzle within {:.0} s, so the generator was stopped there; try again (another seed) or a smaller size", limit_ms / 1000.0)),
                Err(e) => Reply::Failed(e.to_string()),
            }
        }
        Request::Bench { kind, text, name, options } => {
            let total = match bench::count_entries(kind, &text, &name) {
                Ok(n) => n,
                Err(e) => return Reply::Failed(e.to_string()),
            };
            let mut done = 0;
            let mut last_post = 0.0;
            let mut fresh: Vec<(f64, String)> = Vec::new();
            let mut on_record = |r: &Record| {
                done += 1;
                fresh.push((r.ms, r.verdict.clone()));
                let elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
                if elapsed_ms - last_post >= PROGRESS_INTERVAL_MS {
                    last_post = elapsed_ms;
                    post(Reply::BenchRecords(std::mem::take(&mut fresh)));
                    post(Reply::Progress {
                        elapsed_ms,
                        work: None,
                        items: Some((done, total)),
                        known: None,
                    });
                }
            };
            match bench::run_text(kind, &text, &name, options, &mut on_record) {
                Ok(records) => {
                    let summary = Summary::of(&records);
                    Reply::Benched { records, summary }
                }
                Err(e) => Reply::Failed(e.to_string()),
            }
        }
        Request::Hint { kind, puzzle, marks } => {
            // Found while the player read the last hint: the same reply, at once.
            if let Some(h) = prefetched(kind, &puzzle, &marks) {
                return Reply::Hint(Box::new(h));
            }
            // A deduction needs no answer: show it at once, then check the marks when the answer is in.
            let cached = cached_answer(kind, &puzzle).is_some();
            // The step from the marks is found once: shown now, then checked against the answer.
            let found = (!cached && !kinds::hint_needs_answer(kind))
                .then(|| kinds::hint_text(kind, &puzzle, &marks, None).ok())
                .flatten();
            // Where the rules stop, the answer may give a cell instead (hint::hint): wait for it.
            if let Some(h) =
                found.as_ref().filter(|h| !matches!(h, crate::hint::Hint::Stuck { .. }))
            {
                post(Reply::HintEarly(Box::new(h.clone())));
            }
            hint_reply(
                kind,
                &puzzle,
                &marks,
                hint_answer(kind, &puzzle, solve_monitor(&post, started, kind)),
                found,
            )
        }
        Request::Warm { kind, puzzle, marks } => {
            // A kind whose step reads the answer would need a solve: nothing to warm cheaply.
            let step = (!kinds::hint_needs_answer(kind))
                .then(|| kinds::warm_text(kind, &puzzle, &marks).ok())
                .flatten();
            Reply::Warmed(step.map(Box::new))
        }
        Request::Prefetch { kind, puzzle, marks } => {
            // A kind whose hint may search anew from the marks (Flood-It after moves of the
            // player's own) is left out: a move other than the hint's would leave the worker
            // searching for a position nobody asks about.
            let answer = (!kinds::hint_needs_answer(kind)).then(|| cached_answer(kind, &puzzle));
            let Some(answer) = answer.flatten() else { return Reply::Prefetched(None) };
            // Asked again for the marks just done (the page's frontier came back to them after
            // a step was applied and the next one shown): no second search.
            if let Some(hint) = prefetched(kind, &puzzle, &marks) {
                return Reply::Prefetched(Some(Box::new(ReadAhead { kind, puzzle, marks, hint })));
            }
            let hint = kinds::hint_text_from(kind, &puzzle, &marks, answer.as_deref(), None);
            let found = hint.ok().map(|hint| ReadAhead { kind, puzzle, marks, hint });
            PREFETCHED.with(|c| *c.borrow_mut() = found.clone());
            Reply::Prefetched(found.map(Box::new))
        }
        Request::Explain { kind, puzzle } => {
            match hint_answer(kind, &puzzle, solve_monitor(&post, started, kind)) {
                Ok(answer) => match kinds::explain_text(kind, &puzzle, answer.as_deref()) {
                    Ok(x) => Reply::Explained(Box::new(x)),
                    Err(e) => Reply::Failed(e.to_string()),
                },
                Err(e) => solved(kind, Err(e)),
            }
        }
        Request::Art { bytes, options } => {
            if bytes.len() > MAX_FILE_BYTES {
                return Reply::Failed(
                    crate::art::ArtError::FileTooLarge {
                        bytes: bytes.len(),
                        max_bytes: MAX_FILE_BYTES,
                    }
                    .to_string(),
                );
            }
            let mut last_post = f64::NEG_INFINITY;
            let mut on_stage = |stage: Stage| {
                let elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
                if elapsed_ms - last_post >= PROGRESS_INTERVAL_MS {
                    last_post = elapsed_ms;
                    post(Reply::ArtProgress { elapsed_ms, stage });
                }
            };
            // The quick answer at once, then improvements at most once per progress interval; a
            // puzzle of another sort (the first adjusted picture after the one with givens) at once.
            let mut last_puzzle = f64::NEG_INFINITY;
            let mut last_sort = None;
            let mut on_puzzle = |r: &ArtResult| {
                let elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
                let sort = Some(r.changed.is_empty());
                if elapsed_ms - last_puzzle >= PROGRESS_INTERVAL_MS || sort != last_sort {
                    last_puzzle = elapsed_ms;
                    last_sort = sort;
                    post(Reply::ArtImproved(Box::new(r.clone())));
                }
                true
            };
            match pipeline::run_streaming(&bytes, &options, &mut on_stage, &mut on_puzzle) {
                Ok(result) => Reply::Art(Box::new(result)),
                Err(e) => Reply::Failed(e.to_string()),
            }
        }
        Request::ColourArt { bytes, options } => {
            if bytes.len() > MAX_FILE_BYTES {
                return Reply::Failed(
                    crate::art::ArtError::FileTooLarge {
                        bytes: bytes.len(),
                        max_bytes: MAX_FILE_BYTES,
                    }
                    .to_string(),
                );
            }
            let mut last_post = f64::NEG_INFINITY;
            let mut on_stage = |p: crate::art::givens::GivensProgress| {
                let elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
                if elapsed_ms - last_post >= PROGRESS_INTERVAL_MS {
                    last_post = elapsed_ms;
                    post(Reply::ArtProgress { elapsed_ms, stage: Stage::Givens(p) });
                }
            };
            // The quick answer at once, then improvements at most once per progress interval.
            // In adjust mode the first puzzle with no givens goes at once too.
            let mut last_puzzle = f64::NEG_INFINITY;
            let mut adjusted_posted = false;
            let mut on_puzzle = |r: &ColourArtResult| {
                let elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
                let first_adjusted = r.adjust.is_some() && !adjusted_posted;
                if elapsed_ms - last_puzzle >= PROGRESS_INTERVAL_MS || first_adjusted {
                    adjusted_posted |= r.adjust.is_some();
                    last_puzzle = elapsed_ms;
                    post(Reply::ColourArtImproved(Box::new(r.clone())));
                }
                true
            };
            match colour_art::run_streaming(&bytes, &options, &mut on_stage, &mut on_puzzle) {
                Ok(result) => Reply::ColourArt(Box::new(result)),
                Err(e) => Reply::Failed(e.to_string()),
            }
        }
    }
}

/// A generate request for kind `P` with `P`'s own settings.
pub fn generate_request<P: Puzzle>(
    options: &P::GenerateOptions,
    seed: u64,
    timeout_ms: Option<f64>,
) -> Request {
    Request::Generate {
        kind: P::KIND,
        options: kinds::generate_options_text::<P>(options),
        seed,
        timeout_ms,
    }
}

/// A solve request for a puzzle of kind `P` given as text, with `P`'s own options.
pub fn solve_request<P: Puzzle>(puzzle: String, mode: Mode, options: &P::Options) -> Request {
    Request::Solve { kind: P::KIND, puzzle, mode, options: kinds::options_text::<P>(options) }
}
