//! The registry of puzzle kinds, and dispatch by kind for the CLI, the worker and the page.
//!
//! [`for_each_kind!`](crate::for_each_kind) (in [`crate::kind`], beside the [`Kind`] enum it
//! makes) is the one list of kinds: a line per kind names its [`Kind`] variant, its folder under
//! `src/kinds/` and its [`Puzzle`] type. From it come the folders' module declarations (here),
//! [`with_kind!`](crate::with_kind) (typed dispatch by kind, here), the kind accessors
//! ([`Kind::title`] and the other words, here) and the page's kind views
//! (`web::components::kind_page`). Everything else about a kind (its words, samples, formats,
//! size limits, page) is in its folder, behind the contract.

use serde::{Deserialize, Serialize};

pub use crate::kind::Kind;

use crate::error::{InputError, InputResult};
use crate::link;
use crate::play::Playable;
use crate::puzzle::{GenerateError, Mode, Puzzle, Report, SolveError, Verdict, Words};
use crate::sat::{Monitor, Stats};

/// Declares each kind's folder as a module of this one.
#[doc(hidden)]
#[macro_export]
macro_rules! __kind_modules {
    (() $($(#[$meta:meta])* $V:ident => $m:ident :: $T:ident,)*) => {
        $(pub mod $m;)*
    };
}

crate::for_each_kind!(__kind_modules);

/// Runs `$body` with `$P` bound to the puzzle type of `$kind`.
#[macro_export]
macro_rules! with_kind {
    ($kind:expr, $P:ident => $body:expr) => {
        $crate::for_each_kind!(__with_kind($kind, $P, $body))
    };
}

/// The `match` behind [`with_kind!`](crate::with_kind).
#[doc(hidden)]
#[macro_export]
macro_rules! __with_kind {
    (($kind:expr, $P:ident, $body:expr) $($(#[$meta:meta])* $V:ident => $m:ident :: $T:ident,)*) => {
        match $kind {
            $($crate::kinds::Kind::$V => {
                type $P = $crate::kinds::$m::$T;
                $body
            })*
        }
    };
}

impl Kind {
    /// The words the pages and reports use for this kind ([`Puzzle::WORDS`]).
    pub fn words(self) -> Words {
        with_kind!(self, P => P::WORDS)
    }

    /// The name shown to people ([`Words::title`]).
    pub fn title(self) -> &'static str {
        self.words().title
    }

    /// The name of the propagation phase whose progress is counted in known cells
    /// ([`Words::logic_phase`]).
    pub fn logic_phase(self) -> &'static str {
        self.words().logic_phase
    }

    /// What the status line says while a solve runs ([`Words::solving`]).
    pub fn solving(self) -> &'static str {
        self.words().solving
    }

    /// The verdict line for an answer found without a uniqueness check ([`Words::solved_text`]).
    pub fn solved_text(self) -> &'static str {
        self.words().solved_text
    }

    /// The visible end of a search of this kind, in ms ([`Playable::SEARCH_BUDGET_MS`]).
    pub fn search_budget_ms(self) -> f64 {
        with_kind!(self, P => P::SEARCH_BUDGET_MS)
    }

    /// Whether the kind is measured by an optimum ([`Puzzle::optimum`]): its solves answer
    /// optimal or bounded, its hints read the answer.
    pub fn measured(self) -> bool {
        with_kind!(self, P => P::optimum().is_some())
    }
}

// Here rather than beside [`GenerateError`]: the contract names no kind's title (the registry
// has them), so `puzzle.rs` does not point back up at the registry.
impl std::fmt::Display for GenerateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GenerateError::Stopped => f.write_str("stopped before a puzzle was found"),
            GenerateError::Unsupported(kind) => write!(f, "{} has no generator yet", kind.title()),
            GenerateError::Input(e) => write!(f, "{e}"),
            GenerateError::Failed(why) => f.write_str(why),
        }
    }
}

/// A solve's report in kind-independent form: solutions as text rows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AnyReport {
    /// The kind solved.
    pub kind: Kind,
    /// The verdict.
    pub verdict: Verdict,
    /// Verified answers as text rows.
    pub solutions: Vec<Vec<String>>,
    /// Solver figures.
    pub stats: Stats,
    /// The evidence for the verdict, one sentence per line.
    pub proof: Vec<String>,
    /// Difficulty in words, when the kind rates.
    pub rating: Option<String>,
    /// Answers counted and whether that is all of them, in counting mode.
    pub count: Option<(usize, bool)>,
    /// The worker posted this answer before its rating, which it is working out
    /// ([`rate_report`]); the final report carries the rating.
    #[serde(default)]
    pub rating_pending: bool,
}

impl AnyReport {
    /// Where a puzzle with several answers is not decided: the cells (reading order, one
    /// character of the answer rows each) where the first two answers differ; none otherwise.
    pub fn second_differs(&self) -> Vec<usize> {
        match &self.solutions[..] {
            [a, b, ..] if self.verdict == Verdict::Multiple => a
                .iter()
                .flat_map(|row| row.chars())
                .zip(b.iter().flat_map(|row| row.chars()))
                .enumerate()
                .filter(|(_, (x, y))| x != y)
                .map(|(i, _)| i)
                .collect(),
            _ => Vec::new(),
        }
    }
}

/// Reads a puzzle of `kind` from any text this kind accepts: the studio's JSON, a share link,
/// or an outside format; returns its canonical JSON text.
pub fn import(kind: Kind, text: &str) -> InputResult<String> {
    with_kind!(kind, P => {
        let p = import_as::<P>(text)?;
        Ok(p.to_json().to_string())
    })
}

/// Reads a puzzle of type `P` from any accepted text, share links included.
pub fn import_as<P: Puzzle>(text: &str) -> InputResult<P> {
    let text = crate::puzzle::without_bom(text.trim_start()).trim();
    if let Some(parsed) = link::find(text)? {
        if parsed.kind != P::KIND {
            return Err(InputError::new(format!(
                "this is a {} link, not a {} puzzle",
                parsed.kind.title(),
                P::KIND.title()
            )));
        }
        let payload = parsed
            .payload
            .ok_or_else(|| InputError::new("the link names a kind but carries no puzzle"))?;
        return P::from_link_payload(parsed.version, &payload).map_err(|e| e.within("share link"));
    }
    // A game ID in Tatham's terms (`keen:6:…`), as the address bar takes it after the `#`.
    if let Some((kind, Some(id))) = tatham_id(text) {
        if kind != P::KIND {
            return Err(InputError::new(format!(
                "this is a game ID of Tatham's {} (a {} puzzle), not a {} puzzle",
                link::TATHAM_NAMES.iter().find(|n| n.1 == kind).map_or("", |n| n.0),
                kind.title(),
                P::KIND.title()
            )));
        }
        return Ok(P::import(&id)?.puzzle);
    }
    Ok(P::import(text)?.puzzle)
}

/// Which kind a pasted text is, when it says so itself (a share link, the studio's JSON), or
/// when a kind recognises it as its own outside format (a puzz.link URL of its genre, a Tatham ID).
pub fn sniff(text: &str) -> Option<Kind> {
    let t = text.trim();
    if let Ok(Some(parsed)) = link::find(t) {
        return Some(parsed.kind);
    }
    if t.starts_with('{') {
        if let Some(kind) = serde_json::from_str::<serde_json::Value>(t)
            .ok()
            .and_then(|v| v.get("kind")?.as_str().and_then(Kind::from_id))
        {
            return Some(kind);
        }
    }
    if let Some((kind, Some(_))) = tatham_id(t) {
        return Some(kind);
    }
    Kind::ALL.into_iter().find(|&k| with_kind!(k, P => P::recognises(t)))
}

/// A one-line text in Tatham's terms: his puzzle's name, a colon and a game ID (`keen:6:…`,
/// `flood:12x12c6m5:…`), or a whole page link of his collection ([`link::tatham`]).
fn tatham_id(text: &str) -> Option<(Kind, Option<String>)> {
    let t = text.trim();
    if t.contains('\n') {
        return None;
    }
    link::tatham(t)
}

/// Whether `kind` recognises `text` as its own outside format ([`sniff`] takes the first kind
/// that does; a square Tatham Flood ID `5:…` and a Keen ID both begin with a size and a colon).
pub fn recognises(kind: Kind, text: &str) -> bool {
    with_kind!(kind, P => P::recognises(text.trim()))
}

/// Solves a puzzle given as text (canonical JSON or anything [`import`] reads) with the kind's
/// solve options given as JSON text (`""` or `{}` for the defaults; see [`options_from_text`]).
pub fn solve_text(
    kind: Kind,
    text: &str,
    mode: Mode,
    options: &str,
    monitor: Option<Monitor>,
) -> Result<AnyReport, SolveError> {
    with_kind!(kind, P => {
        let options = options_from_text::<P>(options).map_err(SolveError::Input)?;
        let puzzle = import_as::<P>(text).map_err(SolveError::Input)?;
        Ok(any_report(&puzzle, puzzle.solve_with(mode, &options, monitor)?))
    })
}

/// Reads a kind's solve options ([`Puzzle::Options`]) from JSON text; empty text is the defaults.
/// An unknown field or value is an error that names the kind and the field.
pub fn options_from_text<P: Puzzle>(text: &str) -> InputResult<P::Options> {
    json_or_default(text, format!("{} solve options", P::KIND.title()))
}

/// Reads a kind's generator settings ([`Puzzle::GenerateOptions`]) from JSON text; empty text is
/// the defaults. An unknown field or value is an error that names the kind and the field.
pub fn generate_options_from_text<P: Puzzle>(text: &str) -> InputResult<P::GenerateOptions> {
    json_or_default(text, format!("{} generator settings", P::KIND.title()))
}

/// A kind's generator settings as the JSON text [`generate`] and [`crate::jobs::Request::Generate`] carry.
pub fn generate_options_text<P: Puzzle>(options: &P::GenerateOptions) -> String {
    serde_json::to_string(options).unwrap_or_default()
}

/// `T` read from JSON text (empty text: the default); errors are placed at `what`.
fn json_or_default<T: Default + serde::de::DeserializeOwned>(
    text: &str,
    what: String,
) -> InputResult<T> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(T::default());
    }
    serde_json::from_str(t).map_err(|e| InputError::at(what, e.to_string()))
}

/// A kind's solve options as the JSON text [`solve_text`] and [`crate::jobs::Request::Solve`] carry.
pub fn options_text<P: Puzzle>(options: &P::Options) -> String {
    serde_json::to_string(options).unwrap_or_default()
}

/// Solves a typed puzzle and returns the kind-independent report.
pub fn solve_any<P: Puzzle>(
    puzzle: &P,
    mode: Mode,
    monitor: Option<Monitor>,
) -> Result<AnyReport, SolveError> {
    Ok(any_report(puzzle, puzzle.solve(mode, monitor)?))
}

/// A typed report as the kind-independent one.
pub fn any_report<P: Puzzle>(puzzle: &P, r: Report<P::Solution>) -> AnyReport {
    AnyReport {
        kind: P::KIND,
        verdict: r.verdict,
        solutions: r.solutions.iter().map(|s| puzzle.solution_rows(s)).collect(),
        stats: r.stats,
        proof: r.proof,
        rating: r.rating,
        count: r.count,
        rating_pending: false,
    }
}

/// Whether `report` (of `kind`) waits for the rating its solve left out ([`rate_report`]): the
/// kind rates by a ladder of rules ([`Playable::HINTS`], not measured by an optimum), and the
/// report has an answer but no rating.
pub fn rating_left_out(kind: Kind, report: &AnyReport) -> bool {
    with_kind!(kind, P => P::HINTS && P::optimum().is_none())
        && report.rating.is_none()
        && !report.solutions.is_empty()
}

/// The rating a solve of the puzzle `text` left out ([`Playable::rate`]), from the report's
/// first answer: the kind's whole ladder as the hints walk it, helped by that answer. `None`
/// when the kind has no such rating, or the answer cannot be read back (it was verified, so
/// that is a bug, and no rating is better than a wrong one).
pub fn rate_report(kind: Kind, text: &str, report: &AnyReport) -> Option<String> {
    with_kind!(kind, P => {
        let puzzle = import_as::<P>(text).ok()?;
        let answer = puzzle.solution_from_rows(report.solutions.first()?).ok()?;
        puzzle.rate(&answer)
    })
}

/// Checks an answer with the kind's independent checker: every rule it breaks, one line each
/// ([`Puzzle::faults`]; none when it is right). The answer is `answer` read as rows, else the
/// one the puzzle's text carries, else the puzzle's text itself read as rows (a rectangle-free
/// colouring given as a grid is both its task and its answer). What `puzzle solve` prints
/// reads as an answer.
pub fn check_text(kind: Kind, text: &str, answer: Option<&str>) -> InputResult<Vec<String>> {
    // `puzzle solve`'s output reads back: its evidence (`# …`) and figure lines are skipped.
    let rows_of = |t: &str| {
        t.lines()
            .map(str::trim)
            .filter(|l| {
                !l.is_empty()
                    && !l.starts_with("# ")
                    && !["verdict:", "rating:", "count:", "lower bound:"]
                        .iter()
                        .any(|w| l.starts_with(w))
            })
            .map(String::from)
            .collect::<Vec<_>>()
    };
    let text = crate::puzzle::without_bom(text.trim_start());
    let answer = answer.map(|a| crate::puzzle::without_bom(a.trim_start()));
    with_kind!(kind, P => {
        let (puzzle, known) = if link::find(text.trim())?.is_some() { (import_as::<P>(text)?, None) } else {
            let e = P::import(text.trim())?;
            (e.puzzle, e.known)
        };
        let solution = match (answer, known) {
            (Some(a), _) => puzzle.solution_from_rows(&rows_of(a))?,
            (None, Some(k)) => k,
            (None, None) => puzzle
                .solution_from_rows(&rows_of(text))
                .map_err(|_| InputError::new("the puzzle carries no answer to check: give the answer's rows after it"))?,
        };
        Ok(puzzle.faults(&solution))
    })
}

/// Checks answer rows against a puzzle with the kind's independent verifier.
///
/// The page calls this on every answer the worker sends before drawing it.
pub fn verify_rows(kind: Kind, puzzle_text: &str, rows: &[String]) -> Result<(), String> {
    with_kind!(kind, P => {
        let puzzle = import_as::<P>(puzzle_text).map_err(|e| e.to_string())?;
        let solution = puzzle.solution_from_rows(rows).map_err(|e| e.to_string())?;
        puzzle.verify(&solution)
    })
}

/// Checks every answer of a report with the kind's independent verifier; `Err((i, why))`
/// names the first answer (0-based) that fails.
pub fn verify_report(
    kind: Kind,
    puzzle_text: &str,
    report: &AnyReport,
) -> Result<(), (usize, String)> {
    report
        .solutions
        .iter()
        .enumerate()
        .try_for_each(|(i, rows)| verify_rows(kind, puzzle_text, rows).map_err(|why| (i, why)))
}

/// The cells where the player's marks (their byte form) contradict the proven answer of the
/// puzzle given as text, by the kind's own rule ([`Playable::mistakes`]); `Err` says why the
/// puzzle or the marks do not read.
pub fn mistakes(
    kind: Kind,
    puzzle_text: &str,
    answer: &str,
    marks: &[u8],
) -> Result<Vec<usize>, String> {
    with_kind!(kind, P => {
        let p = import_as::<P>(puzzle_text).map_err(|e| e.to_string())?;
        Ok(P::mistakes(answer, &p.decode_marks(marks)?))
    })
}

/// Whether `marks` (their byte form) are well-formed for the puzzle given as text
/// ([`Playable::decode_marks`]); `Err` says why (or that the puzzle does not read).
pub fn check_marks(kind: Kind, puzzle_text: &str, marks: &[u8]) -> Result<(), String> {
    with_kind!(kind, P => import_as::<P>(puzzle_text).map_err(|e| e.to_string())?.decode_marks(marks).map(|_| ()))
}

/// A reader of many marks for one puzzle given as text (imported once): each call says whether
/// the marks are a board of it, as [`check_marks`] does.
pub type MarksChecker = Box<dyn Fn(&[u8]) -> Result<(), String>>;

/// [`MarksChecker`] for `kind`'s puzzle text; an error when the puzzle does not read.
pub fn marks_checker(kind: Kind, puzzle_text: &str) -> Result<MarksChecker, String> {
    with_kind!(kind, P => {
        let p = import_as::<P>(puzzle_text).map_err(|e| e.to_string())?;
        Ok(Box::new(move |m: &[u8]| p.decode_marks(m).map(|_| ())) as MarksChecker)
    })
}

/// The share-link fragment (without `#`) for a puzzle given as text.
pub fn share_fragment(kind: Kind, puzzle_text: &str) -> InputResult<String> {
    with_kind!(kind, P => {
        let puzzle = import_as::<P>(puzzle_text)?;
        Ok(link::fragment(&puzzle))
    })
}

/// The v1 share-link fragment (clues and givens only; [`link::plain_fragment`]) for a puzzle
/// given as text: what names its record in My puzzles.
pub fn plain_fragment(kind: Kind, puzzle_text: &str) -> InputResult<String> {
    with_kind!(kind, P => Ok(link::plain_fragment(&import_as::<P>(puzzle_text)?)))
}

/// A puzzle's size and class in a few words ([`Playable::shape`]), when its text reads.
pub fn shape_text(kind: Kind, puzzle_text: &str) -> Option<String> {
    with_kind!(kind, P => import_as::<P>(puzzle_text).ok().map(|p| p.shape()))
}

/// Generates a puzzle of `kind` from its settings as JSON text (`""` for the defaults; see
/// [`generate_options_from_text`]) and a seed; returns its canonical JSON text.
pub fn generate(kind: Kind, options: &str, seed: u64) -> Result<String, GenerateError> {
    generate_monitored(kind, options, seed, None)
}

/// [`generate`] reporting to `monitor`, which may stop it (see [`Puzzle::generate_monitored`]).
pub fn generate_monitored(
    kind: Kind,
    options: &str,
    seed: u64,
    monitor: Option<&mut crate::sat::Monitor>,
) -> Result<String, GenerateError> {
    with_kind!(kind, P => {
        let options = generate_options_from_text::<P>(options).map_err(GenerateError::Input)?;
        P::generate_monitored(&options, seed, monitor).map(|p| p.to_json().to_string())
    })
}

/// The proven answer a hint checks the player's marks against, as rows: solved (unique, or a
/// proven optimum) for kinds with hints of their own ([`Playable::HINTS`]), in the mode the kind's
/// measure asks for if it has one ([`crate::puzzle::Optimum::hint_mode`]); `None` for other
/// kinds, and when the puzzle has no single answer (then mistakes cannot be told).
pub fn hint_answer(
    kind: Kind,
    text: &str,
    monitor: Option<Monitor>,
) -> Result<Option<Vec<String>>, SolveError> {
    with_kind!(kind, P => {
        if !P::HINTS {
            return Ok(None);
        }
        let puzzle = import_as::<P>(text).map_err(SolveError::Input)?;
        let mode = P::optimum().map_or(Mode::Unique, |o| o.hint_mode());
        let r = puzzle.solve(mode, monitor)?;
        Ok(match r.verdict {
            Verdict::Unique | Verdict::Optimal => r.solutions.first().map(|s| puzzle.solution_rows(s)),
            _ => None,
        })
    })
}

/// Whether the kind's steps read the answer: a kind measured by an optimum
/// ([`Puzzle::optimum`]), whose hint is the next move of a shortest finish; the others show a
/// deduction before the answer is solved.
pub fn hint_needs_answer(kind: Kind) -> bool {
    kind.measured()
}

/// The hint for a puzzle given as text and the player's marks, checked against `answer` (rows
/// from [`hint_answer`]) first. The same path for every kind: the worker, the page and the CLI.
pub fn hint_text(
    kind: Kind,
    text: &str,
    marks: &[u8],
    answer: Option<&[String]>,
) -> InputResult<crate::hint::Hint> {
    hint_text_from(kind, text, marks, answer, None)
}

/// [`hint_text`], given the step already found from the marks alone ([`crate::hint::hint_from`]):
/// the worker's second reply to a hint, once the answer is in.
pub fn hint_text_from(
    kind: Kind,
    text: &str,
    marks: &[u8],
    answer: Option<&[String]>,
    found: Option<crate::hint::Hint>,
) -> InputResult<crate::hint::Hint> {
    with_kind!(kind, P => {
        let puzzle = import_as::<P>(text)?;
        let marks = puzzle.decode_marks(marks).map_err(|why| InputError::at("the marks", why))?;
        let answer = match answer {
            Some(rows) => Some(puzzle.solution_from_rows(rows)?),
            None => None,
        };
        Ok(crate::hint::hint_from(&puzzle, &marks, answer.as_ref(), found))
    })
}

/// The warm-up's step for a puzzle given as text and the player's marks ([`crate::hint::warm`]):
/// the hint's code run once, cheaply, when a puzzle opens.
pub fn warm_text(kind: Kind, text: &str, marks: &[u8]) -> InputResult<crate::hint::Hint> {
    with_kind!(kind, P => {
        let puzzle = import_as::<P>(text)?;
        let marks = puzzle.decode_marks(marks).map_err(|why| InputError::at("the marks", why))?;
        Ok(crate::hint::warm(&puzzle, &marks))
    })
}

/// Every step from the empty grid for a puzzle given as text (see [`crate::hint::explain`]).
pub fn explain_text(
    kind: Kind,
    text: &str,
    answer: Option<&[String]>,
) -> InputResult<crate::hint::Explanation> {
    with_kind!(kind, P => {
        let puzzle = import_as::<P>(text)?;
        let answer = match answer {
            Some(rows) => Some(puzzle.solution_from_rows(rows)?),
            None => None,
        };
        Ok(crate::hint::explain(&puzzle, answer.as_ref()))
    })
}
