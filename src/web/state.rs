//! The page's state and its reducer: every change is an [`Action`]; no DOM code here.

use std::collections::HashMap;
use std::rc::Rc;

use yew::Reducible;

use crate::art::pipeline::{ArtResult, Stage};
use crate::bench::{Record, Summary};
use crate::jobs::{Envelope, Reply};
use crate::sat::{Snapshot, Unit};
use crate::kinds::{self, AnyReport, Kind};
use crate::hint::{Explanation, Hint};
use crate::link;
use crate::puzzle::{Mode, Verdict};

/// Which page is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Page {
    /// The list of kinds.
    Home,
    /// One kind's workshop.
    Kind(Kind),
    /// The in-browser benchmark.
    Bench,
    /// Image to nonogram art.
    Art,
}

/// What the worker is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Work {
    /// Solving in a mode.
    Solve(Mode),
    /// Making a new puzzle.
    Generate,
    /// Running a benchmark.
    Bench,
    /// Turning an image into a nonogram.
    Art,
    /// Finding an explained hint (every kind, [`Request::Hint`](crate::jobs::Request::Hint)):
    /// it lands in [`Workshop::hint`].
    Hint,
    /// Explaining the whole solve: it lands in [`Workshop::explanation`].
    Explain,
}

/// A job in flight.
#[derive(Debug, Clone, PartialEq)]
pub struct Busy {
    /// The job number replies must carry.
    pub job: u32,
    /// The kind whose puzzle it is about ([`crate::jobs::Request::kind`]; `None` for an image job).
    pub kind: Option<Kind>,
    /// What it does.
    pub work: Work,
    /// When it started (page clock, ms).
    pub started_ms: f64,
    /// A hint job's step already shown from the marks alone ([`Reply::HintEarly`]).
    pub early_hint: bool,
}

/// The latest progress report of the job in flight, kept apart from [`State`] so that progress
/// re-renders only the status bar, never the board.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Live {
    /// The job reported on.
    pub job: u32,
    /// Work so far and what it counts, when the worker reported it.
    pub work: Option<(u64, Unit)>,
    /// Items done and total, for benchmarks.
    pub items: Option<(usize, usize)>,
    /// Cells known and in all while line logic runs (the latest report only).
    pub known: Option<(u64, u64)>,
    /// The latest snapshot of a kind's search (the rectangle-free chart and best grid), which
    /// only that kind's page reads.
    pub snapshot: Option<Rc<Snapshot>>,
    /// A running benchmark's records so far, as (ms, verdict), for the live chart.
    pub bench: Rc<Vec<(f64, String)>>,
}

impl Reducible for Live {
    type Action = Envelope<Reply>;

    fn reduce(self: Rc<Self>, env: Envelope<Reply>) -> Rc<Self> {
        match env.body {
            Reply::Progress { work, items, known, .. } => {
                let same = self.job == env.job;
                Rc::new(Live {
                    job: env.job,
                    work: work.or(if same { self.work } else { None }),
                    items: items.or(if same { self.items } else { None }),
                    known,
                    snapshot: if same { self.snapshot.clone() } else { None },
                    bench: if same { self.bench.clone() } else { Rc::default() },
                })
            }
            Reply::Snapshot(snapshot) => {
                let same = self.job == env.job;
                Rc::new(Live {
                    job: env.job,
                    work: if same { self.work } else { None },
                    items: None,
                    known: None,
                    snapshot: Some(Rc::new(*snapshot)),
                    bench: Rc::default(),
                })
            }
            Reply::BenchRecords(fresh) => {
                let mut bench: Vec<(f64, String)> = if self.job == env.job { (*self.bench).clone() } else { Vec::new() };
                bench.extend(fresh);
                Rc::new(Live { job: env.job, bench: Rc::new(bench), items: if self.job == env.job { self.items } else { None }, work: None, known: None, snapshot: None })
            }
            _ => self,
        }
    }
}

/// How loud a notice is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    /// Something went wrong; the page still works.
    Error,
    /// For information.
    Info,
}

/// A message above the page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    /// How loud.
    pub severity: Severity,
    /// What to say.
    pub text: String,
}

/// What the player sees on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    /// The player's own marks.
    Play,
    /// Answer `i` of the last solve.
    Answer(usize),
}

/// One kind's workshop: its puzzle, the player's marks, the last verified result.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Workshop {
    /// The puzzle in canonical JSON, if any.
    pub puzzle: Option<String>,
    /// The player's marks, one per cell (meaning per kind: for Star Battle 0 empty, 1 star, 2 dot).
    pub marks: Vec<u8>,
    /// Earlier marks, newest last, for Undo.
    pub undo: Vec<Vec<u8>>,
    /// Undone marks, newest last, for Redo.
    pub redo: Vec<Vec<u8>>,
    /// The last solve's report, answers verified by the page.
    pub result: Option<AnyReport>,
    /// What the board shows.
    pub view: Option<View>,
    /// Cells the last Check found wrong (against the proven unique answer).
    pub mistakes: Option<Vec<usize>>,
    /// A Check is waiting for the solve it started.
    pub check_pending: bool,
    /// The last explained hint for the current marks (shown, then applied by a second press);
    /// cleared when the marks change.
    pub hint: Option<Hint>,
    /// The whole solve, explained, and the step the board shows (`Some(k)`: the marks after
    /// the first `k` steps, with step `k` highlighted).
    pub explanation: Option<(Explanation, Option<usize>)>,
    /// The player's clock and move count on this puzzle.
    pub play: Play,
    /// What the last Check found about the player's grid (`true` when nothing is wrong), shown
    /// in the status line in place of the solver's verdict (Check speaks about the player's grid
    /// only); cleared with the rings when the marks change.
    pub checked: Option<(bool, String)>,
    /// The last result was solved for Check (to compare the grid with), not asked for: the
    /// status line does not show its verdict, which is about the puzzle, not the grid.
    pub result_for_check: bool,
    /// Why the link this page was opened with could not be read (a link cut short, say): the
    /// page says so and opens nothing else in its place (no sample), until a puzzle is opened.
    pub unreadable: Option<String>,
}

/// A gap between two moves longer than this counts as this much: time away from the puzzle is
/// not play time.
pub const IDLE_MS: f64 = 120_000.0;

/// The clock and move count of a puzzle played by hand, saved with its marks.
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize, serde::Deserialize)]
pub struct Play {
    /// Moves made (each click, key or drag that changed the marks).
    pub moves: u32,
    /// Play time up to the last move, in ms (gaps capped at [`IDLE_MS`]).
    pub elapsed_ms: f64,
    /// When the last move was made (ms since the epoch), if any.
    pub last_ms: Option<f64>,
    /// The play time and moves when the grid was first complete and correct.
    pub finished: Option<(f64, u32)>,
    /// Hint steps shown on this puzzle (counted with it, shown at the finish).
    #[serde(default)]
    pub hints: u32,
}

impl Play {
    /// Counts a move made at `now` (ms since the epoch).
    pub fn move_at(&mut self, now: f64) {
        if let Some(last) = self.last_ms {
            self.elapsed_ms += (now - last).clamp(0.0, IDLE_MS);
        }
        self.last_ms = Some(now);
        self.moves += 1;
    }

    /// The play time at `now`: the time up to the last move plus the (capped) time since.
    pub fn elapsed_at(&self, now: f64) -> f64 {
        match (self.finished, self.last_ms) {
            (Some((ms, _)), _) => ms,
            (None, Some(last)) => self.elapsed_ms + (now - last).clamp(0.0, IDLE_MS),
            (None, None) => self.elapsed_ms,
        }
    }
}

/// Whether two texts of `kind` are the same puzzle: the same text, or the same share link.
pub fn same_puzzle(kind: Kind, a: &str, b: &str) -> bool {
    a == b || matches!((kinds::share_fragment(kind, a), kinds::share_fragment(kind, b)), (Ok(x), Ok(y)) if x == y)
}

/// A play time as `m:ss` (or `h:mm:ss`).
pub fn clock_text(ms: f64) -> String {
    let s = (ms / 1000.0).floor().max(0.0) as u64;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// The page clock for moves, in ms since the epoch.
fn wall_ms() -> f64 {
    js_sys::Date::now()
}

impl Workshop {
    /// After the marks changed from `before` by one step of the player (a mark, a drag, an
    /// applied hint): `before` goes on the undo stack, Redo and the last Check's rings go, the
    /// clock counts a move; the board shows the player's marks.
    /// Shows a hint (a step counts as a hint used); the hint is about the player's marks, so the
    /// board shows them rather than a step of the explanation.
    fn show_hint(&mut self, hint: Hint) {
        if matches!(hint, Hint::Step(_)) {
            self.play.hints += 1;
        }
        self.hint = Some(hint);
        if let Some((_, at)) = self.explanation.as_mut() {
            *at = None;
        }
        self.view = Some(View::Play);
    }

    fn record_move(&mut self, before: Vec<u8>) {
        if self.marks != before {
            self.undo.push(before);
            self.redo.clear();
            self.mistakes = None;
            self.checked = None;
            self.play.move_at(wall_ms());
        }
        self.view = Some(View::Play);
    }

    /// The answer the board shows (rows), and the other answer it differs from, when the view is
    /// an answer of the last solve; `(None, None)` while the player's marks are shown.
    pub fn shown_answers(&self) -> (Option<&Vec<String>>, Option<&Vec<String>>) {
        match (self.view, &self.result) {
            (Some(View::Answer(i)), Some(r)) => {
                let other = if r.solutions.len() > 1 { r.solutions.get(1 - i.min(1)) } else { None };
                (r.solutions.get(i), other)
            }
            _ => (None, None),
        }
    }
}

/// The whole page state.
#[derive(Debug, Clone, PartialEq)]
pub struct State {
    /// The page shown.
    pub page: Page,
    /// Each kind's workshop.
    pub workshops: HashMap<Kind, Workshop>,
    /// The job in flight.
    pub busy: Option<Busy>,
    /// The message shown above the page.
    pub notice: Option<Notice>,
    /// The last benchmark's records and totals.
    pub bench: Option<(Vec<Record>, Summary)>,
    /// How the last job ended, for the status line (`cancelled`, `failed`).
    pub last_end: Option<String>,
    /// The last image-to-nonogram result, and the running job's latest progress.
    pub art: Option<Rc<ArtResult>>,
    /// Progress of the image job in flight.
    pub art_stage: Option<Stage>,
    /// The marks of puzzles played earlier, per kind (newest last, at most [`KEPT_PER_KIND`]):
    /// opening another puzzle keeps the current one's marks here, and opening a kept puzzle
    /// again (Back, a link, a sample) brings its marks back.
    pub kept: HashMap<Kind, Vec<Kept>>,
}

/// How many earlier puzzles' marks each kind keeps.
pub const KEPT_PER_KIND: usize = 12;

/// An earlier puzzle and the marks played on it.
#[derive(Debug, Clone, PartialEq)]
pub struct Kept {
    /// The puzzle in canonical JSON.
    pub puzzle: String,
    /// The player's marks on it.
    pub marks: Vec<u8>,
    /// The clock and moves on it.
    pub play: Play,
}

/// Everything that changes the state.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// The URL fragment changed (or the page opened with one).
    Route(String),
    /// A puzzle was opened from an import, a generator or storage (canonical JSON).
    Open { kind: Kind, puzzle: String },
    /// Show a message.
    Notify(Severity, String),
    /// Hide the message.
    Dismiss,
    /// A job was sent to the worker.
    Started { job: u32, kind: Option<Kind>, work: Work, now_ms: f64 },
    /// The worker replied.
    Reply(Envelope<Reply>),
    /// The user cancelled the job in flight (the worker was restarted).
    Cancelled,
    /// The player set cells' marks, as one undoable step (a click, or a whole drag).
    Mark { kind: Kind, cells: Vec<(usize, u8)> },
    /// Take back the last step.
    Undo(Kind),
    /// Put back the last undone step.
    Redo(Kind),
    /// The player cleared the board.
    ClearMarks(Kind),
    /// Show the player's marks or an answer.
    Show { kind: Kind, view: View },
    /// Compare the player's marks with the proven unique answer (after a solve if none yet).
    Check(Kind),
    /// The player's grid is complete and correct: the clock stops (the first time).
    Finished(Kind),
    /// Make the shown hint's step, as one undoable move.
    ApplyHint(Kind),
    /// Hide the shown hint.
    DismissHint(Kind),
    /// Show the board after `Some(k)` steps of the explanation, or the player's marks (`None`).
    ExplainAt { kind: Kind, at: Option<usize> },
    /// Close the explanation.
    CloseExplanation(Kind),
}

impl State {
    /// The first state: saved puzzles and marks, then the page the fragment names.
    pub fn new(saved: Vec<(Kind, String, Vec<u8>, Play)>, kept: HashMap<Kind, Vec<Kept>>, fragment: &str) -> Self {
        let mut workshops = HashMap::new();
        for (kind, puzzle, marks, play) in saved {
            workshops.insert(kind, Workshop { puzzle: Some(puzzle), marks, play, view: Some(View::Play), ..Workshop::default() });
        }
        let state = State { page: Page::Home, workshops, busy: None, notice: None, bench: None, last_end: None, art: None, art_stage: None, kept };
        state.route(fragment)
    }

    /// The workshop of `kind`.
    pub fn workshop(&self, kind: Kind) -> Workshop {
        self.workshops.get(&kind).cloned().unwrap_or_default()
    }

    fn route(mut self, fragment: &str) -> Self {
        let f = fragment.trim_start_matches('#');
        match f {
            "bench" => {
                self.page = Page::Bench;
                return self;
            }
            "art" => {
                self.page = Page::Art;
                return self;
            }
            _ => {}
        }
        match link::parse_fragment(f) {
            Ok(None) => self.page = Page::Home,
            Ok(Some(parsed)) => {
                self.page = Page::Kind(parsed.kind);
                if parsed.payload.is_some() {
                    match kinds::import(parsed.kind, f) {
                        Ok(puzzle) => self = self.open(parsed.kind, puzzle),
                        Err(e) => {
                            let text = format!("This link could not be read: {e}");
                            let w = self.workshops.entry(parsed.kind).or_default();
                            // With no puzzle on the page the status line says it where the board
                            // would be; over a puzzle kept from before, a notice says it.
                            if w.puzzle.is_some() {
                                self.notice = Some(Notice { severity: Severity::Error, text: text.clone() });
                            }
                            w.unreadable = Some(text);
                        }
                    }
                }
            }
            Err(e) => {
                self.notice = Some(Notice { severity: Severity::Error, text: format!("This link could not be read: {e}") });
            }
        }
        self
    }

    /// Puts `puzzle` on the board of `kind`. Another puzzle's marks are kept (see [`State::kept`])
    /// and the marks kept for this one come back; messages about the puzzle it replaces go.
    fn open(mut self, kind: Kind, puzzle: String) -> Self {
        let w = self.workshops.entry(kind).or_default();
        // The same puzzle in another form (the generator's JSON keeps its picture, the link
        // does not) is the same puzzle: it keeps its marks.
        if w.puzzle.as_deref().is_some_and(|p| same_puzzle(kind, p, &puzzle)) {
            return self;
        }
        let previous = std::mem::take(w);
        let kept = self.kept.entry(kind).or_default();
        let (marks, play) = match kept.iter().position(|k| same_puzzle(kind, &k.puzzle, &puzzle)) {
            Some(i) => {
                let k = kept.remove(i);
                (k.marks, k.play)
            }
            None => (Vec::new(), Play::default()),
        };
        if let Some(old) = previous.puzzle {
            if previous.marks.iter().any(|&m| m != 0) {
                kept.retain(|k| !same_puzzle(kind, &k.puzzle, &old));
                kept.push(Kept { puzzle: old, marks: previous.marks, play: previous.play });
                if kept.len() > KEPT_PER_KIND {
                    kept.remove(0);
                }
            }
        }
        *self.workshops.entry(kind).or_default() = Workshop { puzzle: Some(puzzle), marks, play, view: Some(View::Play), ..Workshop::default() };
        // A notice about the puzzle that was on screen (a Check's count, a failed solve) is stale now.
        if self.page == Page::Kind(kind) {
            self.notice = None;
            self.last_end = None;
        }
        self
    }

    fn accept_report(mut self, kind: Kind, report: AnyReport) -> Self {
        let Some(puzzle) = self.workshop(kind).puzzle else { return self };
        // Every answer is checked again here, by the kind's independent verifier, before it is drawn.
        if let Err((i, why)) = kinds::verify_report(kind, &puzzle, &report) {
            self.notice = Some(Notice {
                severity: Severity::Error,
                text: format!("The solver's answer {} failed the independent check and is not shown: {why}", i + 1),
            });
            return self;
        }
        let w = self.workshops.entry(kind).or_default();
        w.view = Some(if report.solutions.is_empty() { View::Play } else { View::Answer(0) });
        w.result = Some(report);
        w.result_for_check = w.check_pending;
        if w.check_pending {
            w.check_pending = false;
            self = self.check(kind);
        }
        self
    }

    fn check(mut self, kind: Kind) -> Self {
        let w = self.workshops.entry(kind).or_default();
        let answer = match &w.result {
            Some(r) if r.verdict == Verdict::Unique => r.solutions[0].concat(),
            Some(r) => {
                let why = if r.verdict == Verdict::None { "this puzzle has no solution" } else { "this puzzle has more than one solution" };
                w.checked = Some((false, format!("Check compares your grid with the only answer, but {why}.")));
                return self;
            }
            None => {
                w.check_pending = true;
                return self;
            }
        };
        // What a mark must agree with is the kind's rule (filled/empty, or KenKen's digits).
        let mistakes = kinds::mistakes(kind, &answer, &w.marks);
        let text = match mistakes.len() {
            0 => "Your grid: no mistakes so far.".to_string(),
            1 => "Your grid: 1 mistake, ringed in red.".to_string(),
            n => format!("Your grid: {n} mistakes, ringed in red."),
        };
        w.checked = Some((mistakes.is_empty(), text));
        w.mistakes = Some(mistakes);
        w.view = Some(View::Play);
        self
    }
}

impl Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut s = (*self).clone();
        match action {
            Action::Route(fragment) => {
                s.notice = None;
                s = s.route(&fragment);
            }
            Action::Open { kind, puzzle } => s = s.open(kind, puzzle),
            Action::Notify(severity, text) => s.notice = Some(Notice { severity, text }),
            Action::Dismiss => s.notice = None,
            Action::Started { job, kind, work, now_ms } => {
                // A new run starts with a clean slate: the last one's message is stale.
                s.last_end = None;
                s.notice = None;
                if work == Work::Art {
                    // The new job streams its own puzzles (`Reply::ArtImproved`); an older
                    // result must not pass for this job's.
                    s.art = None;
                }
                s.busy = Some(Busy { job, kind, work, started_ms: now_ms, early_hint: false });
            }
            Action::Cancelled => {
                if s.busy.take().is_some() {
                    s.last_end = Some("Cancelled.".into());
                }
            }
            Action::Reply(Envelope { job, body }) => {
                let Some(busy) = s.busy.clone() else {
                    if let Reply::Failed(m) = body {
                        if job != 0 {
                            s.notice = Some(Notice { severity: Severity::Error, text: m });
                        }
                        return Rc::new(s);
                    }
                    return self;
                };
                if job != busy.job && job != u32::MAX {
                    return self;
                }
                match body {
                    // The step from the marks alone, shown at once; the job goes on to check the marks.
                    Reply::HintEarly(hint) => {
                        let Some(kind) = busy.kind else { return self };
                        if let Some(b) = s.busy.as_mut() {
                            b.early_hint = true;
                        }
                        s.workshops.entry(kind).or_default().show_hint(*hint);
                    }
                    // The marks checked: a mistake replaces the early step; the same step stays.
                    Reply::Hint(hint) if busy.early_hint => {
                        s.busy = None;
                        let Some(kind) = busy.kind else { return Rc::new(s) };
                        let w = s.workshops.entry(kind).or_default();
                        // Marks changed since (the early step applied or dropped): the check was about older marks.
                        if w.hint.is_some() && matches!(*hint, Hint::Mistake { .. }) {
                            w.hint = Some(*hint);
                        }
                    }
                    Reply::Hint(hint) => {
                        s.busy = None;
                        let Some(kind) = busy.kind else { return Rc::new(s) };
                        s.workshops.entry(kind).or_default().show_hint(*hint);
                    }
                    Reply::Explained(x) => {
                        s.busy = None;
                        let Some(kind) = busy.kind else { return Rc::new(s) };
                        let w = s.workshops.entry(kind).or_default();
                        w.explanation = Some((*x, Some(0)));
                        w.view = Some(View::Play);
                    }
                    Reply::Ready | Reply::Progress { .. } | Reply::Snapshot(_) => return self,
                    Reply::BenchRecords(_) => return self,
                    Reply::Solved(report) => {
                        s.busy = None;
                        if let Some(kind) = busy.kind {
                            s = s.accept_report(kind, report);
                        }
                    }
                    // A hint waits for the final answer (it plays one move).
                    // Only a solve shows an anytime answer; a hint or an explanation waits for the proven one.
                    Reply::Improved(_) if !matches!(busy.work, Work::Solve(_)) => return self,
                    // The best so far of a solve that goes on: shown at once, kept if the user cancels.
                    Reply::Improved(report) => {
                        if let Some(kind) = busy.kind {
                            s = s.accept_report(kind, report);
                        }
                    }
                    Reply::Generated(puzzle) => {
                        s.busy = None;
                        if let Some(kind) = busy.kind {
                            s = s.open(kind, puzzle);
                        }
                    }
                    Reply::Benched { records, summary } => {
                        s.busy = None;
                        s.bench = Some((records, summary));
                    }
                    Reply::ArtProgress { stage, .. } => s.art_stage = Some(stage),
                    // The best unique puzzle so far: shown at once, kept if the user cancels.
                    Reply::ArtImproved(result) => s.art = Some(Rc::new(*result)),
                    Reply::Art(result) => {
                        s.busy = None;
                        s.art_stage = None;
                        s.art = Some(Rc::new(*result));
                    }
                    Reply::Failed(message) => {
                        s.busy = None;
                        s.art_stage = None;
                        s.last_end = Some("Failed.".into());
                        s.notice = Some(Notice { severity: Severity::Error, text: message });
                    }
                }
            }
            Action::Mark { kind, cells } => {
                let w = s.workshops.entry(kind).or_default();
                let before = w.marks.clone();
                for (cell, mark) in cells {
                    if w.marks.len() <= cell {
                        w.marks.resize(cell + 1, 0);
                    }
                    w.marks[cell] = mark;
                }
                w.hint = None;
                // A mark made while the explanation is scrubbed goes back to the player's own board.
                if let Some((_, at)) = w.explanation.as_mut() {
                    *at = None;
                }
                w.record_move(before);
            }
            Action::ClearMarks(kind) => {
                let w = s.workshops.entry(kind).or_default();
                w.hint = None;
                if !w.marks.is_empty() {
                    w.undo.push(std::mem::take(&mut w.marks));
                    w.redo.clear();
                    w.mistakes = None;
                    w.checked = None;
                }
                // A cleared board is a fresh attempt: a new clock and move count.
                w.play = Play::default();
                w.view = Some(View::Play);
            }
            Action::Undo(kind) => {
                let w = s.workshops.entry(kind).or_default();
                let Some(previous) = w.undo.pop() else { return self };
                w.hint = None;
                w.redo.push(std::mem::replace(&mut w.marks, previous));
                w.view = Some(View::Play);
            }
            Action::Redo(kind) => {
                let w = s.workshops.entry(kind).or_default();
                let Some(next) = w.redo.pop() else { return self };
                w.hint = None;
                w.undo.push(std::mem::replace(&mut w.marks, next));
                w.view = Some(View::Play);
            }
            Action::Show { kind, view } => s.workshops.entry(kind).or_default().view = Some(view),
            Action::Check(kind) => s = s.check(kind),
            Action::Finished(kind) => {
                let w = s.workshops.entry(kind).or_default();
                if w.play.finished.is_some() {
                    return self;
                }
                let now = wall_ms();
                w.play.finished = Some((w.play.elapsed_at(now), w.play.moves));
            }
            Action::ApplyHint(kind) => {
                let w = s.workshops.entry(kind).or_default();
                let Some(Hint::Step(step)) = w.hint.take() else { return self };
                if let Some((_, at)) = w.explanation.as_mut() {
                    *at = None;
                }
                let before = w.marks.clone();
                crate::hint::apply(&mut w.marks, &step);
                w.record_move(before);
            }
            Action::DismissHint(kind) => s.workshops.entry(kind).or_default().hint = None,
            Action::ExplainAt { kind, at } => {
                let w = s.workshops.entry(kind).or_default();
                let Some((x, shown)) = w.explanation.as_mut() else { return self };
                *shown = at.map(|k| k.min(x.steps.len()));
                w.view = Some(View::Play);
            }
            Action::CloseExplanation(kind) => s.workshops.entry(kind).or_default().explanation = None,
        }
        Rc::new(s)
    }
}

/// The verdict sentence shown after a solve.
pub fn verdict_text(report: &AnyReport) -> String {
    match (report.verdict, report.count) {
        (_, Some((n, true))) => format!("{n} solution{} in all (every one checked).", if n == 1 { "" } else { "s" }),
        (_, Some((n, false))) => format!("At least {n} solutions (stopped counting there)."),
        (Verdict::Unique, _) => "Unique: this is the only solution.".into(),
        (Verdict::Multiple, _) => "Several solutions (two shown).".into(),
        (Verdict::None, _) => "No solution.".into(),
        (Verdict::Solved, _) => "Solved (uniqueness not checked).".into(),
        (Verdict::Optimal, _) => "Optimal: no shorter answer exists.".into(),
        (Verdict::Bounded { lower }, _) => format!("Best found, not proven optimal: no answer is shorter than {lower}."),
    }
}
