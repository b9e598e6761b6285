//! The page's state and its reducer as plain Rust (no browser, no Yew): every change is an
//! [`Action`], applied by [`State::apply`] at a clock time the caller passes, so the whole page
//! logic (routing, jobs per page, notices, undo, the clock, kept marks, Check, hints) is tested
//! natively. `web::state` makes it a Yew reducer.

use std::collections::HashMap;
use std::rc::Rc;

use crate::art::pipeline::{ArtResult, Stage};
use crate::bench::{Record, Summary};
pub use crate::clock::{clock_text, Play, IDLE_MS};
use crate::hint::{Explanation, Hint};
use crate::jobs::{Envelope, Reply};
use crate::kinds::{self, AnyReport, Kind};
use crate::link;
use crate::puzzle::Verdict;

mod pages;
pub use pages::{Busy, JobLive, Live, Owner, Page, Work};

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

/// Whether two texts of `kind` are the same puzzle: the same text, or the same share link.
pub fn same_puzzle(kind: Kind, a: &str, b: &str) -> bool {
    a == b
        || matches!((kinds::share_fragment(kind, a), kinds::share_fragment(kind, b)), (Ok(x), Ok(y)) if x == y)
}

impl Workshop {
    /// After the marks changed from `before` by one step of the player (a mark, a drag, an
    /// applied hint): `before` goes on the undo stack, Redo and the last Check's rings go, the
    /// clock counts a move; the board shows the player's marks.
    /// Shows a hint (a step or a mistake pointed at counts as a hint used, the same mistake asked
    /// for again does not); the hint is about the player's marks, so the board shows them rather
    /// than a step of the explanation.
    fn show_hint(&mut self, hint: Hint) {
        let again = matches!(&hint, Hint::Mistake { .. }) && self.hint.as_ref() == Some(&hint);
        if matches!(hint, Hint::Step(_) | Hint::Mistake { .. }) && !again {
            self.play.hints += 1;
        }
        self.hint = Some(hint);
        if let Some((_, at)) = self.explanation.as_mut() {
            *at = None;
        }
        self.view = Some(View::Play);
    }

    fn record_move(&mut self, before: Vec<u8>, now: f64) {
        if self.marks != before {
            self.undo.push(before);
            self.redo.clear();
            self.mistakes = None;
            self.checked = None;
            self.play.move_at(now);
        }
        self.view = Some(View::Play);
    }

    /// The answer the board shows (rows), and the other answer it differs from, when the view is
    /// an answer of the last solve; `(None, None)` while the player's marks are shown.
    pub fn shown_answers(&self) -> (Option<&Vec<String>>, Option<&Vec<String>>) {
        match (self.view, &self.result) {
            (Some(View::Answer(i)), Some(r)) => {
                let other =
                    if r.solutions.len() > 1 { r.solutions.get(1 - i.min(1)) } else { None };
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
    /// The jobs in flight, at most one per owner (each owner's own worker runs it).
    pub jobs: Vec<Busy>,
    /// The message shown above the page.
    pub notice: Option<Notice>,
    /// The last benchmark's records and totals.
    pub bench: Option<(Vec<Record>, Summary)>,
    /// How each owner's last job ended, for its status line (`Cancelled.`, `Failed: …`).
    pub ends: HashMap<Owner, String>,
    /// The last image-to-nonogram result, and the running job's latest progress.
    pub art: Option<Rc<ArtResult>>,
    /// Progress of the image job in flight.
    pub art_stage: Option<Stage>,
    /// The last image-to-colour-nonogram result (the image page's colour mode).
    pub colour_art: Option<Rc<crate::art::colour_art::ColourArtResult>>,
    /// The marks of puzzles played earlier, per kind (newest last, at most [`KEPT_PER_KIND`]):
    /// opening another puzzle keeps the current one's marks here, and opening a kept puzzle
    /// again (Back, a link, a sample) brings its marks back.
    pub kept: HashMap<Kind, Vec<Kept>>,
}

/// How many earlier puzzles' marks each kind keeps ([`crate::library::PER_KIND`]).
pub const KEPT_PER_KIND: usize = crate::library::PER_KIND;

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
    /// Hide the message if it is still this one (an information notice's time is up).
    Expire(String),
    /// A job was sent to its owner's worker, to be stopped after `budget_ms` if it has one.
    Started { job: u32, kind: Option<Kind>, work: Work, now_ms: f64, budget_ms: Option<f64> },
    /// The worker replied.
    Reply(Envelope<Reply>),
    /// The user cancelled the owner's job in flight (its worker was stopped).
    Cancelled(Owner),
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
    /// Another tab saved marks on a puzzle ([`crate::library`]): on the puzzle on screen they
    /// are brought here (this tab's marks stay one Undo away); on another they are kept.
    External { kind: Kind, puzzle: String, marks: Vec<u8>, play: Play },
    /// Puzzles read from a My puzzles file: each replaces the one here when it was played later.
    Imported(Vec<crate::library::Entry>),
}

impl State {
    /// The first state: saved puzzles and marks, then the page the fragment names.
    pub fn new(
        saved: Vec<(Kind, String, Vec<u8>, Play)>,
        kept: HashMap<Kind, Vec<Kept>>,
        fragment: &str,
    ) -> Self {
        let mut workshops = HashMap::new();
        for (kind, puzzle, marks, play) in saved {
            workshops.insert(
                kind,
                Workshop {
                    puzzle: Some(puzzle),
                    marks,
                    play,
                    view: Some(View::Play),
                    ..Workshop::default()
                },
            );
        }
        let state = State {
            page: Page::Home,
            workshops,
            jobs: Vec::new(),
            notice: None,
            bench: None,
            ends: HashMap::new(),
            art: None,
            art_stage: None,
            colour_art: None,
            kept,
        };
        state.route(fragment)
    }

    /// Every puzzle played here, on screen or kept ([`crate::library`]'s entries).
    pub fn entries(&self) -> Vec<crate::library::Entry> {
        let mut out = Vec::new();
        for kind in Kind::ALL {
            if let Some(w) = self.workshops.get(&kind) {
                if let Some(p) = &w.puzzle {
                    out.push(crate::library::Entry {
                        kind,
                        puzzle: p.clone(),
                        marks: w.marks.clone(),
                        play: w.play.clone(),
                    });
                }
            }
            for k in self.kept.get(&kind).into_iter().flatten() {
                out.push(crate::library::Entry {
                    kind,
                    puzzle: k.puzzle.clone(),
                    marks: k.marks.clone(),
                    play: k.play.clone(),
                });
            }
        }
        out
    }

    /// Takes marks saved elsewhere for `kind`'s `puzzle`: `replace` says, from the marks and
    /// clock here, whether to take them. On the puzzle on screen this tab's marks go on the undo
    /// stack; returns whether the puzzle on screen changed.
    fn take_marks(
        &mut self,
        kind: Kind,
        puzzle: String,
        marks: Vec<u8>,
        play: Play,
        replace: impl Fn(&[u8], &Play) -> bool,
    ) -> bool {
        let w = self.workshops.entry(kind).or_default();
        if w.puzzle.as_deref().is_some_and(|p| same_puzzle(kind, p, &puzzle)) {
            if !replace(&w.marks, &w.play) || (w.marks == marks && w.play == play) {
                return false;
            }
            let changed = w.marks != marks;
            if changed {
                let mine = std::mem::replace(&mut w.marks, marks);
                w.undo.push(mine);
                w.redo.clear();
                w.hint = None;
                w.mistakes = None;
                w.checked = None;
                w.view = Some(View::Play);
            }
            w.play = play;
            return changed;
        }
        let kept = self.kept.entry(kind).or_default();
        match kept.iter_mut().find(|k| same_puzzle(kind, &k.puzzle, &puzzle)) {
            Some(k) if replace(&k.marks, &k.play) => {
                k.marks = marks;
                k.play = play;
            }
            Some(_) => {}
            None => {
                kept.push(Kept { puzzle, marks, play });
                if kept.len() > KEPT_PER_KIND {
                    kept.remove(0);
                }
            }
        }
        false
    }

    /// The job in flight of `owner`, if any.
    pub fn busy_on(&self, owner: Owner) -> Option<&Busy> {
        self.jobs.iter().find(|b| b.owner == owner)
    }

    /// The job in flight on `kind`'s page, if any.
    pub fn busy_kind(&self, kind: Kind) -> Option<&Busy> {
        self.busy_on(Owner::Kind(kind))
    }

    /// How `owner`'s last job ended, when that is what its status line says.
    pub fn end_of(&self, owner: Owner) -> Option<&String> {
        self.ends.get(&owner)
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
            "mine" => {
                self.page = Page::Mine;
                return self;
            }
            _ => {}
        }
        // Tatham's own terms (`keen:6:…`, a whole `…/keen.html#…` page link), as the import
        // box reads them.
        if let Some((kind, text)) = link::tatham(f) {
            self.page = Page::Kind(kind);
            return match text {
                Some(text) => self.open_link(kind, &text),
                None => self.back_from_unreadable(kind),
            };
        }
        match link::parse_fragment(f) {
            Ok(None) => self.page = Page::Home,
            Ok(Some(parsed)) => {
                self.page = Page::Kind(parsed.kind);
                if parsed.payload.is_some() {
                    self = self.open_link(parsed.kind, f);
                } else {
                    self = self.back_from_unreadable(parsed.kind);
                }
            }
            Err(e) => {
                self.notice = Some(Notice {
                    severity: Severity::Error,
                    text: format!("This link could not be read: {e}"),
                });
            }
        }
        self
    }

    /// Opens the puzzle a link carries; a link that cannot be read opens nothing: the page
    /// says why where the board would be, and the puzzle that was on screen is kept with its
    /// marks ([`State::kept`]), so the address bar keeps the bad link (nothing names another
    /// puzzle) and the kind's address brings the kept puzzle back.
    fn open_link(mut self, kind: Kind, text: &str) -> Self {
        // A progress link's marks, checked against the puzzle like saved marks.
        let marks = link::parse_fragment(text).ok().flatten().and_then(|p| p.marks);
        let read = kinds::import(kind, text).and_then(|puzzle| match &marks {
            Some(m) => kinds::check_marks(kind, &puzzle, m)
                .map(|()| puzzle)
                .map_err(|e| crate::error::InputError::new(format!("its marks do not fit: {e}"))),
            None => Ok(puzzle),
        });
        match read {
            Ok(puzzle) => {
                self = self.open(kind, puzzle);
                if let Some(marks) = marks {
                    self = self.with_shared_marks(kind, marks);
                }
                self
            }
            Err(e) => {
                let previous = self.workshops.remove(&kind).unwrap_or_default();
                if let Some(old) = previous.puzzle {
                    let kept = self.kept.entry(kind).or_default();
                    kept.retain(|k| !same_puzzle(kind, &k.puzzle, &old));
                    kept.push(Kept { puzzle: old, marks: previous.marks, play: previous.play });
                    if kept.len() > KEPT_PER_KIND {
                        kept.remove(0);
                    }
                }
                self.ends.remove(&Owner::Kind(kind));
                let unreadable = Some(format!("This link could not be read: {e}"));
                self.workshops.insert(kind, Workshop { unreadable, ..Workshop::default() });
                self
            }
        }
    }

    /// Puts the marks a progress link carries on the board (the marks there before are one
    /// Undo away), and says that the link carried them.
    fn with_shared_marks(mut self, kind: Kind, marks: Vec<u8>) -> Self {
        let w = self.workshops.entry(kind).or_default();
        let n = marks.iter().filter(|&&m| m != 0).count();
        let mut text = format!(
            "This link carries the sharer's progress: {n} mark{} on the board.",
            if n == 1 { "" } else { "s" }
        );
        if w.marks.iter().any(|&m| m != 0) && w.marks != marks {
            text.push_str(" Undo brings back the marks you had.");
        }
        if w.marks != marks {
            let mine = std::mem::replace(&mut w.marks, marks);
            w.undo.push(mine);
            w.redo.clear();
            w.hint = None;
            w.mistakes = None;
            w.checked = None;
            w.view = Some(View::Play);
        }
        self.notice = Some(Notice { severity: Severity::Info, text });
        self
    }

    /// The kind's own address after a link that could not be read: the puzzle played last
    /// comes back (with nothing kept, the page opens its example).
    fn back_from_unreadable(mut self, kind: Kind) -> Self {
        let w = self.workshops.entry(kind).or_default();
        if w.puzzle.is_some() || w.unreadable.take().is_none() {
            return self;
        }
        match self.kept.get(&kind).and_then(|k| k.last()).map(|k| k.puzzle.clone()) {
            Some(last) => self.open(kind, last),
            None => self,
        }
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
        *self.workshops.entry(kind).or_default() = Workshop {
            puzzle: Some(puzzle),
            marks,
            play,
            view: Some(View::Play),
            ..Workshop::default()
        };
        // A notice about the puzzle that was on screen (a Check's count, a failed solve) is stale now.
        if self.page == Page::Kind(kind) {
            self.notice = None;
        }
        self.ends.remove(&Owner::Kind(kind));
        self
    }

    fn accept_report(mut self, kind: Kind, report: AnyReport) -> Self {
        let Some(puzzle) = self.workshop(kind).puzzle else { return self };
        // Every answer is checked again here, by the kind's independent verifier, before it is drawn.
        if let Err((i, why)) = kinds::verify_report(kind, &puzzle, &report) {
            self.notice = Some(Notice {
                severity: Severity::Error,
                text: format!(
                    "The solver's answer {} failed the independent check and is not shown: {why}",
                    i + 1
                ),
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
                let why = if r.verdict == Verdict::None {
                    "this puzzle has no solution"
                } else {
                    "this puzzle has more than one solution"
                };
                w.checked = Some((
                    false,
                    format!("Check compares your grid with the only answer, but {why}."),
                ));
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

impl State {
    /// The state after `action`, at `now` (ms since the epoch: the player's clock, passed in
    /// so the reducer reads no clock itself); `None` when nothing changed.
    pub fn apply(&self, action: Action, now: f64) -> Option<State> {
        let mut s = self.clone();
        match action {
            Action::Route(fragment) => {
                s.notice = None;
                s = s.route(&fragment);
            }
            Action::Open { kind, puzzle } => s = s.open(kind, puzzle),
            Action::Notify(severity, text) => s.notice = Some(Notice { severity, text }),
            Action::Dismiss => s.notice = None,
            Action::Expire(text) => {
                if s.notice.as_ref().is_none_or(|n| n.text != text) {
                    return None;
                }
                s.notice = None;
            }
            Action::Started { job, kind, work, now_ms, budget_ms } => {
                let owner = Owner::of(work, kind);
                // A new run starts with a clean slate: the owner's last message is stale.
                s.ends.remove(&owner);
                if s.page == owner.page() {
                    s.notice = None;
                }
                if work == Work::Art {
                    // The new job streams its own puzzles (`Reply::ArtImproved`); an older
                    // result must not pass for this job's.
                    s.art = None;
                    s.colour_art = None;
                }
                // One job per owner: a new one replaces the old (whose worker was stopped).
                s.jobs.retain(|b| b.owner != owner);
                s.jobs.push(Busy {
                    job,
                    owner,
                    kind,
                    work,
                    started_ms: now_ms,
                    early_hint: false,
                    budget_ms,
                });
            }
            Action::Cancelled(owner) => {
                let before = s.jobs.len();
                s.jobs.retain(|b| b.owner != owner);
                if s.jobs.len() == before {
                    return None;
                }
                s.ends.insert(owner, "Cancelled.".into());
            }
            Action::Reply(Envelope { job, body }) => {
                let Some(busy) = s.jobs.iter().find(|b| b.job == job).cloned() else {
                    // A worker that died with no job in flight (job `u32::MAX`) is said; the
                    // replies of a job replaced or cancelled are not.
                    match body {
                        Reply::Failed(m) if job == u32::MAX => {
                            s.notice = Some(Notice { severity: Severity::Error, text: m });
                            return Some(s);
                        }
                        _ => return None,
                    }
                };
                let owner = busy.owner;
                let done = |s: &mut State| s.jobs.retain(|b| b.job != job);
                match body {
                    // The step from the marks alone, shown at once; the job goes on to check the marks.
                    Reply::HintEarly(hint) => {
                        let Some(kind) = busy.kind else { return None };
                        if let Some(b) = s.jobs.iter_mut().find(|b| b.job == job) {
                            b.early_hint = true;
                        }
                        s.workshops.entry(kind).or_default().show_hint(*hint);
                    }
                    // The marks checked: a mistake replaces the early step; the same step stays.
                    Reply::Hint(hint) if busy.early_hint => {
                        done(&mut s);
                        let Some(kind) = busy.kind else { return Some(s) };
                        let w = s.workshops.entry(kind).or_default();
                        // Marks changed since (the early step applied or dropped): the check was about older marks.
                        if w.hint.is_some() && matches!(*hint, Hint::Mistake { .. }) {
                            w.hint = Some(*hint);
                        }
                    }
                    Reply::Hint(hint) => {
                        done(&mut s);
                        let Some(kind) = busy.kind else { return Some(s) };
                        s.workshops.entry(kind).or_default().show_hint(*hint);
                    }
                    Reply::Explained(x) => {
                        done(&mut s);
                        let Some(kind) = busy.kind else { return Some(s) };
                        let w = s.workshops.entry(kind).or_default();
                        w.explanation = Some((*x, Some(0)));
                        w.view = Some(View::Play);
                    }
                    Reply::Ready | Reply::Progress { .. } | Reply::Snapshot(_) => return None,
                    Reply::BenchRecords(_) => return None,
                    Reply::Solved(report) => {
                        done(&mut s);
                        if let Some(kind) = busy.kind {
                            s = s.accept_report(kind, report);
                        }
                    }
                    // A hint waits for the final answer (it plays one move).
                    // Only a solve shows an anytime answer; a hint or an explanation waits for the proven one.
                    Reply::Improved(_) if !matches!(busy.work, Work::Solve(_)) => return None,
                    // The best so far of a solve that goes on: shown at once, kept if the user cancels.
                    Reply::Improved(report) => {
                        if let Some(kind) = busy.kind {
                            s = s.accept_report(kind, report);
                        }
                    }
                    Reply::Generated(puzzle) => {
                        done(&mut s);
                        if let Some(kind) = busy.kind {
                            s = s.open(kind, puzzle);
                        }
                    }
                    Reply::Benched { records, summary } => {
                        done(&mut s);
                        s.bench = Some((records, summary));
                    }
                    Reply::ArtProgress { stage, .. } => s.art_stage = Some(stage),
                    // The best unique puzzle so far: shown at once, kept if the user cancels.
                    Reply::ArtImproved(result) => s.art = Some(Rc::new(*result)),
                    Reply::ColourArtImproved(result) => s.colour_art = Some(Rc::new(*result)),
                    Reply::ColourArt(result) => {
                        done(&mut s);
                        s.art_stage = None;
                        s.colour_art = Some(Rc::new(*result));
                    }
                    Reply::Art(result) => {
                        done(&mut s);
                        s.art_stage = None;
                        s.art = Some(Rc::new(*result));
                    }
                    Reply::Failed(message) => {
                        done(&mut s);
                        if owner == Owner::Art {
                            s.art_stage = None;
                        }
                        s.ends.insert(owner, format!("Failed: {message}"));
                        // Said at once; a job of another page names its page.
                        let text = if s.page == owner.page() {
                            message
                        } else {
                            format!("{}: {message}", owner.title())
                        };
                        s.notice = Some(Notice { severity: Severity::Error, text });
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
                w.record_move(before, now);
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
                let Some(previous) = w.undo.pop() else { return None };
                w.hint = None;
                w.redo.push(std::mem::replace(&mut w.marks, previous));
                w.view = Some(View::Play);
            }
            Action::Redo(kind) => {
                let w = s.workshops.entry(kind).or_default();
                let Some(next) = w.redo.pop() else { return None };
                w.hint = None;
                w.undo.push(std::mem::replace(&mut w.marks, next));
                w.view = Some(View::Play);
            }
            Action::Show { kind, view } => s.workshops.entry(kind).or_default().view = Some(view),
            Action::Check(kind) => s = s.check(kind),
            Action::Finished(kind) => {
                let w = s.workshops.entry(kind).or_default();
                if w.play.finished.is_some() {
                    return None;
                }
                w.play.finished = Some((w.play.elapsed_at(now), w.play.moves));
            }
            Action::ApplyHint(kind) => {
                let w = s.workshops.entry(kind).or_default();
                let Some(Hint::Step(step)) = w.hint.take() else { return None };
                if let Some((_, at)) = w.explanation.as_mut() {
                    *at = None;
                }
                let before = w.marks.clone();
                crate::hint::apply(&mut w.marks, &step);
                w.record_move(before, now);
            }
            Action::DismissHint(kind) => s.workshops.entry(kind).or_default().hint = None,
            Action::ExplainAt { kind, at } => {
                let w = s.workshops.entry(kind).or_default();
                let Some((x, shown)) = w.explanation.as_mut() else { return None };
                *shown = at.map(|k| k.min(x.steps.len()));
                w.view = Some(View::Play);
            }
            Action::CloseExplanation(kind) => {
                s.workshops.entry(kind).or_default().explanation = None
            }
            Action::External { kind, puzzle, marks, play } => {
                let before = s.clone();
                let on_screen = s.take_marks(kind, puzzle, marks, play, |_, _| true);
                if on_screen && s.page == Page::Kind(kind) {
                    s.notice = Some(Notice {
                        severity: Severity::Info,
                        text: "Marks made on this puzzle in another tab were brought here; Undo goes back to the marks this tab had.".into(),
                    });
                }
                if s == before {
                    return None;
                }
            }
            Action::Imported(entries) => {
                let n = entries.len();
                for e in entries {
                    let incoming = e.clone();
                    s.take_marks(e.kind, e.puzzle, e.marks, e.play, |marks, play| {
                        let here = crate::library::Entry {
                            kind: incoming.kind,
                            puzzle: String::new(),
                            marks: marks.to_vec(),
                            play: play.clone(),
                        };
                        std::ptr::eq(crate::library::newer(&here, &incoming), &incoming)
                    });
                }
                s.notice = Some(Notice { severity: Severity::Info, text: format!("{n} puzzle{} read from the file; where a puzzle was here already, the one played last is kept.", if n == 1 { "" } else { "s" }) });
            }
        }
        Some(s)
    }
}

/// The verdict sentence shown after a solve: about the puzzle, in a newcomer's words (never
/// about the player's play, which the page's own counters judge).
pub fn verdict_text(report: &AnyReport) -> String {
    match (report.verdict, report.count) {
        (_, Some((n, true))) => format!("{n} solution{} in all (every one checked).", if n == 1 { "" } else { "s" }),
        (_, Some((n, false))) => format!("At least {n} solutions; counting stopped there."),
        (Verdict::Unique, _) => "Unique: this is the only solution.".into(),
        (Verdict::Multiple, _) => "More than one solution: two of them are shown.".into(),
        (Verdict::None, _) => "No solution.".into(),
        (Verdict::Solved, _) => report.kind.solved_text().into(),
        (Verdict::Optimal, _) => "The solution shown is a shortest one: none has fewer moves (proven).".into(),
        (Verdict::Bounded { lower }, _) => format!("The best solution found is shown; it may not be the shortest, but none has fewer than {lower} moves (proven)."),
    }
}
