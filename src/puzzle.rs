//! The contract every puzzle kind implements, and the generic SAT solve path built on it.
//!
//! A kind is one type implementing [`Puzzle`], the core: it parses and validates descriptions
//! (errors are [`InputError`] values), reads and writes its canonical JSON form and its
//! share-link payload, encodes itself into a [`Cnf`], decodes a model into a solution, verifies
//! a solution with a checker that shares no code with the encoder, writes answers as rows and
//! generates puzzles. [`solve`] does the rest the same way for every kind: first solution, proof
//! of uniqueness by a blocked second solve, or counting. The rest of the contract is apart:
//! - the wording is one value, [`Words`] ([`Puzzle::WORDS`]: title, logic phase, solve button,
//!   solving and solved text), read by the page through the registry ([`crate::kinds`]'s
//!   `Kind::title` and the others);
//! - the play part, [`crate::play::Playable`]: samples and sizes in words, the player's marks
//!   (their byte layout and their check against the answer) and hints;
//! - an optional trait, [`Optimum`], for a kind measured by an optimum rather than a unique
//!   answer (Flood-It's moves): reached through [`Puzzle::optimum`], so shared code asks "is
//!   this kind measured" and never names a kind; its solves answer [`Verdict::Optimal`] or
//!   [`Verdict::Bounded`], and its engines are its own solve options.

use std::fmt;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::error::{InputError, InputResult};
use crate::kind::Kind;
use crate::sat::{Cnf, Enumerate, Lit, Model, Monitor, Solver, Stats, Stopped};

/// One puzzle read from a collection: an id, the puzzle, and the known answer if the file had one.
#[derive(Debug, Clone)]
pub struct Entry<P: Puzzle> {
    /// A name for reports (a file name, `$12`, `line 7`).
    pub id: String,
    /// The puzzle.
    pub puzzle: P,
    /// The answer the file carries, if any.
    pub known: Option<P::Solution>,
}

/// The notice after a puzzle with `given` given cells is exported as `format`, a format with no
/// place for givens (`.non`, `.nin`, webpbn XML, puzz.link, Olšák's `.g`): the file reads back
/// with the same clues but none of the givens, so perhaps with more than one answer; `None` when
/// nothing is given. `kept_by` names the exports that keep them.
pub fn givens_left_out(given: usize, format: &str, kept_by: &str) -> Option<String> {
    left_out(format, given, &[], kept_by)
}

/// The notice after a puzzle is exported as `format`, a format with no place for some of what
/// the author made: its `given` given cells (which can make the file read back with more than
/// one answer) and the `others` named (`title`, `intended picture (goal)`, `colour names`);
/// `None` when nothing is left out. `kept_by` names the exports that keep them all.
pub fn left_out(format: &str, given: usize, others: &[&str], kept_by: &str) -> Option<String> {
    let s = if given == 1 { "" } else { "s" };
    let mut parts: Vec<String> = Vec::new();
    if given > 0 {
        parts.push(format!("{given} given cell{s}"));
    }
    parts.extend(others.iter().map(|o| o.to_string()));
    let list = match parts.split_last() {
        None => return None,
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    };
    let one_thing = given == 0 && others.len() == 1 && !others[0].ends_with('s');
    let them = if one_thing { "it" } else { "them" };
    let answers = if given > 0 { ", so it may read back with more than one answer" } else { "" };
    Some(format!(
        "The {format} file leaves out the puzzle's {list} (the format has no place for \
         {them}){answers}; {kept_by} keep {them}."
    ))
}

/// The text without the byte-order mark a Windows editor puts at the front of a UTF-8 file
/// (`\u{feff}`, which `str::trim` keeps): every reader of a file or a paste starts here.
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// A file of game IDs, one a line, as Tatham's generators print them (`sgt-keen --generate 20 9`,
/// `sgt-pattern --generate 10 30x30`, `sgt-flood --generate 5 12x12c6`): `Some` collection when
/// the text has at least two non-empty lines and every one of them `is_id` (blank lines and
/// lines starting with `#` are skipped), each read by `read` and named `name:line`; `None` for
/// any other text, which the kind then reads as before.
///
/// A collection with a few bad lines (a line cut short, a stray word) is still a collection when
/// at least half its lines, and at least two, are IDs that read: the bad lines are then errors
/// naming their line, rather than the whole file being read as one puzzle whose first ID has
/// "left over" text (found on the tour: `3:_5aab_,a3a1s1a3m6`, a blank line, `garbage here`, a
/// second ID said "Keen ID, clues: `garbage here 5:a__…` is left over after the last cage's
/// clue").
pub fn id_lines<P: Puzzle>(
    text: &str,
    name: &str,
    is_id: impl Fn(&str) -> bool,
    read: impl Fn(&str) -> InputResult<P>,
) -> Option<InputResult<Vec<Entry<P>>>> {
    let lines: Vec<(usize, &str)> = text
        .trim_start_matches('\u{feff}')
        .lines()
        .map(str::trim)
        .enumerate()
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .collect();
    let all_ids = lines.iter().all(|(_, l)| is_id(l));
    let mostly_ids = || {
        let good = lines.iter().filter(|(_, l)| is_id(l) && read(l).is_ok()).count();
        good >= 2 && 2 * good >= lines.len()
    };
    if lines.len() < 2 || !(all_ids || mostly_ids()) {
        return None;
    }
    Some(
        lines
            .into_iter()
            .map(|(i, l)| {
                let at = format!("{name}:{}", i + 1);
                read(l)
                    .map(|puzzle| Entry { id: at.clone(), puzzle, known: None })
                    .map_err(|e| e.within(at))
            })
            .collect(),
    )
}

/// A puzzle kind: one description of a puzzle, with everything the studio does to it.
pub trait Puzzle: Sized + Clone + fmt::Debug + 'static {
    /// Which kind this is (its line in the registry, [`crate::for_each_kind!`]).
    const KIND: Kind;
    /// The words the pages and reports use for this kind (its title, the name of its logic
    /// phase, its solve button, …), as one value.
    const WORDS: Words;
    /// An answer to the puzzle.
    type Solution: Clone + PartialEq + fmt::Debug;
    /// The variables an encoding made, for decoding models and blocking answers.
    type Vars;
    /// The kind's own solve options (nonogram: which search; rectangle-free: method, symmetry,
    /// random seed), read from JSON by the worker and the CLI alike; kinds without any use
    /// [`NoOptions`]. The defaults are what [`Puzzle::solve`] runs.
    type Options: Clone + Default + PartialEq + fmt::Debug + Serialize + DeserializeOwned;
    /// The kind's own generator settings (size, stars, colours, level, …), read from JSON by the
    /// worker and the CLI alike ([`crate::kinds::generate_options_from_text`]: unknown fields are
    /// refused by name, missing ones take their defaults) and built by the kind's page; kinds
    /// without a generator use [`NoOptions`]. The seed and the time-out are not settings of a
    /// kind: [`Puzzle::generate`] takes the seed, the caller's monitor the time-out.
    type GenerateOptions: Clone + Default + PartialEq + fmt::Debug + Serialize + DeserializeOwned;

    /// Reads the studio's JSON form (`{"kind": …}`), validating it.
    fn from_json(value: &serde_json::Value) -> InputResult<Self>;
    /// Writes the studio's JSON form.
    fn to_json(&self) -> serde_json::Value;
    /// The share-link payload (what follows `#<kind>/v1/`): the kind's v1 grammar, followed by
    /// `;` fields when the puzzle carries what v1 has no place for (then written `v2`; see
    /// [`crate::link`]).
    fn link_payload(&self) -> String;
    /// Reads a share-link payload of the given link version.
    fn from_link_payload(version: u32, payload: &str) -> InputResult<Self>;
    /// Reads any one-puzzle format this kind accepts, with the answer the text carries if any.
    fn import(text: &str) -> InputResult<Entry<Self>>;
    /// Whether pasted text is plainly this kind's own outside format (a Tatham ID of this game,
    /// say), so the import box can open it on the right page. Defaults to no.
    fn recognises(text: &str) -> bool {
        let _ = text;
        false
    }

    /// Reads a benchmark file or a collection: one or more puzzles. Defaults to [`Puzzle::import`].
    /// Every kind's reads past a byte-order mark ([`without_bom`]), as the CLI and the page do.
    fn read_collection(text: &str, name: &str) -> InputResult<Vec<Entry<Self>>> {
        let mut e = Self::import(without_bom(text))?;
        e.id = name.to_string();
        Ok(vec![e])
    }

    /// The kind's measure, when it is judged by an optimum (fewest moves) rather than by a
    /// unique answer: the optional part of the contract ([`Optimum`]), asked for by the
    /// registry and the shared code instead of any kind's name. Defaults to none.
    fn optimum() -> Option<&'static dyn Optimum<Self>> {
        None
    }

    /// Encodes the rules into `cnf`; never calls a solver.
    fn encode(&self, cnf: &mut Cnf) -> Self::Vars;
    /// The literals that make up an answer: two answers differ exactly when these differ.
    fn answer_lits(&self, vars: &Self::Vars) -> Vec<Lit>;
    /// Reads the answer out of a model.
    fn decode(&self, vars: &Self::Vars, model: &Model) -> Self::Solution;

    /// Checks an answer against the rules, independently of the encoder: `Err` says what breaks.
    fn verify(&self, solution: &Self::Solution) -> Result<(), String>;

    /// The answer as text rows (`*`/`.` stars, `#`/`.` cells, digits).
    fn solution_rows(&self, solution: &Self::Solution) -> Vec<String>;
    /// Reads an answer from text rows.
    fn solution_from_rows(&self, rows: &[String]) -> InputResult<Self::Solution>;

    /// Makes a new puzzle with a unique answer; kinds without a generator keep the default,
    /// which is [`GenerateError::Unsupported`].
    /// The same `options` and `seed` give the same puzzle.
    fn generate(options: &Self::GenerateOptions, seed: u64) -> Result<Self, GenerateError> {
        let _ = (options, seed);
        Err(GenerateError::Unsupported(Self::KIND))
    }

    /// [`Puzzle::generate`] reporting to `monitor`, which stops the work by returning false
    /// (Cancel, time-out); the error is then [`GenerateError::Stopped`]. Kinds whose generators
    /// are quick keep the default, which ignores the monitor; the worker and the CLI always call
    /// this one.
    fn generate_monitored(
        options: &Self::GenerateOptions,
        seed: u64,
        monitor: Option<&mut Monitor>,
    ) -> Result<Self, GenerateError> {
        let _ = monitor;
        Self::generate(options, seed)
    }

    /// Solves in `mode` with the default options ([`Puzzle::solve_with`]).
    fn solve(
        &self,
        mode: Mode,
        monitor: Option<Monitor>,
    ) -> Result<Report<Self::Solution>, SolveError> {
        self.solve_with(mode, &Self::Options::default(), monitor)
    }

    /// Solves in `mode` with the kind's `options`, reporting to `monitor` (progress, Cancel,
    /// and the kind's live snapshots, [`Monitor::snapshot`]). The default is the generic SAT
    /// path [`solve`]; kinds with a better first stage (line logic, local search, search for an
    /// optimum) override it.
    fn solve_with(
        &self,
        mode: Mode,
        options: &Self::Options,
        monitor: Option<Monitor>,
    ) -> Result<Report<Self::Solution>, SolveError> {
        let _ = options;
        solve(self, mode, monitor)
    }

    /// Every rule an answer breaks, one sentence each, for `puzzle check` (a rectangle-free
    /// colouring lists each of its rectangles). Defaults to [`Puzzle::verify`]'s reason.
    fn faults(&self, solution: &Self::Solution) -> Vec<String> {
        self.verify(solution).err().into_iter().collect()
    }
}

/// The solve or generator options of a kind that has none: an empty JSON object (`{}`); any
/// field is an error.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NoOptions {}

/// The words the pages and reports use for a kind ([`Puzzle::WORDS`]): one value, so the
/// contract holds no wording of its own. [`Words::titled`] gives the common words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Words {
    /// The name shown to people (`Star Battle`).
    pub title: &'static str,
    /// The name of the propagation phase whose progress is counted in known cells
    /// ([`crate::sat::Progress::known`]; the nonogram's `Line logic`).
    pub logic_phase: &'static str,
    /// The label of the page's button that solves (`Solve`; rectangle-free colouring `Colour
    /// it`), so sentences name the button the person sees.
    pub solve_button: &'static str,
    /// What the status line says while a solve runs (`Solving`; Flood-It `Finding the minimum`).
    pub solving: &'static str,
    /// The verdict line for an answer found without a uniqueness check ([`Verdict::Solved`]);
    /// a kind where uniqueness means nothing says what the answer is instead.
    pub solved_text: &'static str,
}

impl Words {
    /// The words of a kind called `title`: every other word the common one (`Logic`, `Solve`,
    /// `Solving`, and a solved line that says uniqueness was not asked about). A kind changes
    /// what differs with struct update syntax: `Words { solving: "Colouring", ..Words::titled(..) }`.
    pub const fn titled(title: &'static str) -> Words {
        Words {
            title,
            logic_phase: "Logic",
            solve_button: "Solve",
            solving: "Solving",
            solved_text:
                "Solved. (Only one answer was asked for, so whether there are others is not known.)",
        }
    }
}

/// The optional part of the contract for a kind measured by an optimum (Flood-It's moves),
/// reached through [`Puzzle::optimum`]: its solves answer [`Verdict::Optimal`] or
/// [`Verdict::Bounded`], [`Mode::Optimum`] asks for the proof, and its hints read the answer
/// (the shortest finish from the player's marks).
pub trait Optimum<P: Puzzle>: Sync {
    /// A short form of an answer and its measure, for benchmark records (the move string and
    /// its length).
    fn answer_text(&self, puzzle: &P, solution: &P::Solution) -> (String, usize);

    /// Compares a verified answer with a collection's known answer; `Some(why)` marks the
    /// record wrong (a known answer that fails the checker, or one of another measure).
    fn compare_known(&self, puzzle: &P, found: &P::Solution, known: &P::Solution)
        -> Option<String>;

    /// Reads a collection together with the text of an answers file beside it (one answer per
    /// puzzle, as ColorFill's `*.solution_*.txt`).
    fn read_collection_with_answers(
        &self,
        text: &str,
        name: &str,
        answers: Option<&str>,
    ) -> InputResult<Vec<Entry<P>>>;

    /// How the answer a hint is checked against is solved ([`crate::kinds::hint_answer`]):
    /// a hint never waits for a proof that may not come, so a first answer within a bounded
    /// time ([`Mode::First`]) by default.
    fn hint_mode(&self) -> Mode {
        Mode::First
    }
}

/// Writes the [`Puzzle`] methods that read and write a kind's own forms (`from_json`,
/// `to_json`, `link_payload`, `from_link_payload`, `import`) as calls to the same-named
/// functions of the kind's formats module, so every kind wires them the same way.
#[macro_export]
macro_rules! puzzle_forms {
    ($formats:ident) => {
        fn from_json(value: &serde_json::Value) -> $crate::error::InputResult<Self> {
            $formats::from_json(value)
        }

        fn to_json(&self) -> serde_json::Value {
            $formats::to_json(self)
        }

        fn link_payload(&self) -> String {
            $formats::link_payload(self)
        }

        fn from_link_payload(version: u32, payload: &str) -> $crate::error::InputResult<Self> {
            $formats::from_link_payload(version, payload)
        }

        fn import(text: &str) -> $crate::error::InputResult<$crate::puzzle::Entry<Self>> {
            $formats::import(text)
        }
    };
}

/// Why a generator gave no puzzle (its `Display`, which names the kind, is in [`crate::kinds`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GenerateError {
    /// Its monitor said stop (Cancel, or the time-out of the worker or the CLI).
    Stopped,
    /// The kind has no generator.
    Unsupported(Kind),
    /// The settings do not read for the kind (an unknown field, a value of the wrong type, an
    /// unknown level).
    Input(InputError),
    /// The generator gave up (no unique puzzle from this seed, a level it cannot reach): why.
    Failed(String),
}

impl From<String> for GenerateError {
    fn from(why: String) -> Self {
        GenerateError::Failed(why)
    }
}

impl From<Stopped> for GenerateError {
    fn from(_: Stopped) -> Self {
        GenerateError::Stopped
    }
}

/// What to find.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    /// The first answer only; uniqueness is not checked.
    First,
    /// An answer and whether it is the only one (a second answer when it is not).
    Unique,
    /// Count answers, up to a limit.
    Count(usize),
    /// A proven optimum with its certificate, for a kind measured by one ([`Optimum`]; which
    /// engine proves it is one of the kind's solve options); other kinds treat it as
    /// [`Mode::Unique`].
    Optimum,
}

/// The verdict of a solve.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// Exactly one answer, proven by an UNSAT second solve.
    Unique,
    /// Two or more answers; two are given.
    Multiple,
    /// No answer, proven by an UNSAT first solve.
    None,
    /// An answer was found; uniqueness was not asked about.
    Solved,
    /// An answer that is proven optimal (a kind measured by an optimum, [`Optimum`]).
    Optimal,
    /// The best answer found and a proven lower bound on the measure that it does not meet
    /// (no answer measures less than `lower`); not proven optimal.
    Bounded {
        /// No answer measures less.
        lower: usize,
    },
}

impl Verdict {
    /// The word used in the CLI and JSON (`unique`, `multiple`, …).
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Unique => "unique",
            Verdict::Multiple => "multiple",
            Verdict::None => "none",
            Verdict::Solved => "solved",
            Verdict::Optimal => "optimal",
            Verdict::Bounded { .. } => "bounded",
        }
    }
}

/// What a solve found, with the evidence for its claims.
#[derive(Debug, Clone)]
pub struct Report<S> {
    /// The verdict.
    pub verdict: Verdict,
    /// The answers found, each already verified: one, or the first two when not unique.
    pub solutions: Vec<S>,
    /// Solver figures.
    pub stats: Stats,
    /// The evidence, one sentence per line (which solve came back UNSAT, and after what).
    pub proof: Vec<String>,
    /// How hard it was, in words (line logic alone, or search), when the kind rates puzzles.
    pub rating: Option<String>,
    /// With [`Mode::Count`]: how many answers, and whether that is all of them.
    pub count: Option<(usize, bool)>,
}

impl<S> Report<S> {
    /// The report of a puzzle proven to have no answer: `proof` says which solve came back
    /// UNSAT; a count (with [`Mode::Count`]) is 0, and complete.
    pub fn none(stats: Stats, proof: Vec<String>, mode: Mode) -> Self {
        Report {
            verdict: Verdict::None,
            solutions: Vec::new(),
            stats,
            proof,
            rating: None,
            count: matches!(mode, Mode::Count(_)).then_some((0, true)),
        }
    }
}

/// Why a solve gave no report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SolveError {
    /// Cancelled or out of time.
    Stopped,
    /// The solver's answer failed the independent check: a bug, never shown as an answer.
    Rejected(String),
    /// The puzzle cannot be solved by this kind's solver as given.
    Input(InputError),
}

impl From<Stopped> for SolveError {
    fn from(_: Stopped) -> Self {
        SolveError::Stopped
    }
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Stopped => f.write_str("stopped before an answer was found"),
            SolveError::Rejected(why) => write!(
                f,
                "internal error: the solver's answer failed the independent check ({why})"
            ),
            SolveError::Input(e) => write!(f, "{e}"),
        }
    }
}

/// Decodes a model and checks the answer with the kind's independent verifier.
pub fn checked<P: Puzzle>(
    puzzle: &P,
    vars: &P::Vars,
    model: &Model,
) -> Result<P::Solution, SolveError> {
    let solution = puzzle.decode(vars, model);
    puzzle.verify(&solution).map_err(SolveError::Rejected)?;
    Ok(solution)
}

/// What [`enumerate_verified`] found.
#[derive(Debug, Clone)]
pub struct Enumerated<S> {
    /// The verdict, proven as the evidence says.
    pub verdict: Verdict,
    /// The first two answers, each verified.
    pub solutions: Vec<S>,
    /// How many answers were found (all verified).
    pub found: usize,
    /// Whether that is all of them (the solve after the last was UNSAT).
    pub complete: bool,
}

/// Enumerates answers over `over` up to the limit `mode` sets (1, 2, or the count), checks
/// each with `check` (decode and the independent verifier), keeps the first two, and writes
/// the evidence for the verdict into `proof`. Shared by every kind's SAT path.
pub fn enumerate_verified<S>(
    solver: &mut impl Enumerate,
    over: &[Lit],
    mode: Mode,
    mut check: impl FnMut(&Model) -> Result<S, SolveError>,
    proof: &mut Vec<String>,
) -> Result<Enumerated<S>, SolveError> {
    let limit = match mode {
        Mode::First => 1,
        Mode::Unique | Mode::Optimum => 2,
        Mode::Count(n) => n.max(1),
    };
    let mut solutions = Vec::new();
    let mut rejected = None;
    let found = solver.enumerate_models(over, limit, &mut |m| match check(m) {
        Ok(s) => {
            if solutions.len() < 2 {
                solutions.push(s);
            }
            true
        }
        Err(e) => {
            rejected = Some(e);
            false
        }
    })?;
    if let Some(e) = rejected {
        return Err(e);
    }
    let complete = found < limit;
    let verdict = match found {
        0 => {
            proof.push("The solver proved the rules unsatisfiable (first solve UNSAT).".into());
            Verdict::None
        }
        1 if limit == 1 => Verdict::Solved,
        1 if complete => {
            proof.push(format!(
                "Uniqueness: with the answer blocked over its {} cell variables, the second solve was UNSAT.",
                over.len()
            ));
            Verdict::Unique
        }
        _ => {
            if complete {
                proof.push(format!(
                    "All {found} answers were enumerated; the solve after the last was UNSAT."
                ));
            }
            Verdict::Multiple
        }
    };
    Ok(Enumerated { verdict, solutions, found, complete })
}

/// The generic SAT path: encode, solve, decode, verify, and prove the verdict.
pub fn solve<P: Puzzle>(
    puzzle: &P,
    mode: Mode,
    monitor: Option<Monitor>,
) -> Result<Report<P::Solution>, SolveError> {
    let mut cnf = Cnf::new();
    let vars = puzzle.encode(&mut cnf);
    let over = puzzle.answer_lits(&vars);
    let mut solver = Solver::build(&cnf, monitor);
    let mut proof = Vec::new();
    let e =
        enumerate_verified(&mut solver, &over, mode, |m| checked(puzzle, &vars, m), &mut proof)?;
    let count = matches!(mode, Mode::Count(_)).then_some((e.found, e.complete));
    Ok(Report {
        verdict: e.verdict,
        solutions: e.solutions,
        stats: solver.stats(),
        proof,
        rating: None,
        count,
    })
}
