//! The page's state and its reducer: every change is an [`Action`]; no DOM code here.

use std::collections::HashMap;
use std::rc::Rc;

use yew::Reducible;

use crate::art::pipeline::{ArtResult, Stage};
use crate::bench::{Record, Summary};
use crate::jobs::{Envelope, Reply};
use crate::kinds::rectfree::search::Snapshot;
use crate::kinds::{self, AnyReport, Kind};
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
    /// Finding the next move of an optimal continuation (Flood-It): the report lands in
    /// [`Workshop::hint`], not in the workshop's result.
    Hint,
}

/// A job in flight.
#[derive(Debug, Clone, PartialEq)]
pub struct Busy {
    /// The job number replies must carry.
    pub job: u32,
    /// For which kind.
    pub kind: Kind,
    /// What it does.
    pub work: Work,
    /// When it started (page clock, ms).
    pub started_ms: f64,
}

/// The latest progress report of the job in flight, kept apart from [`State`] so that progress
/// re-renders only the status bar, never the board.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Live {
    /// The job reported on.
    pub job: u32,
    /// Conflicts so far, when the worker reported them.
    pub conflicts: Option<u64>,
    /// Items done and total, for benchmarks.
    pub items: Option<(usize, usize)>,
    /// Cells known and in all while line logic runs (the latest report only).
    pub known: Option<(u64, u64)>,
    /// The rectangle-free search's latest snapshot (chart and best grid).
    pub rectfree: Option<Rc<Snapshot>>,
    /// A running benchmark's records so far, as (ms, verdict), for the live chart.
    pub bench: Rc<Vec<(f64, String)>>,
}

impl Reducible for Live {
    type Action = Envelope<Reply>;

    fn reduce(self: Rc<Self>, env: Envelope<Reply>) -> Rc<Self> {
        match env.body {
            Reply::Progress { conflicts, items, known, .. } => {
                let same = self.job == env.job;
                Rc::new(Live {
                    job: env.job,
                    conflicts: conflicts.or(if same { self.conflicts } else { None }),
                    items: items.or(if same { self.items } else { None }),
                    known,
                    rectfree: if same { self.rectfree.clone() } else { None },
                    bench: if same { self.bench.clone() } else { Rc::default() },
                })
            }
            Reply::RectFreeProgress(snapshot) => {
                let same = self.job == env.job;
                Rc::new(Live {
                    job: env.job,
                    conflicts: if same { self.conflicts } else { None },
                    items: None,
                    known: None,
                    rectfree: Some(Rc::new(*snapshot)),
                    bench: Rc::default(),
                })
            }
            Reply::BenchRecords(fresh) => {
                let mut bench: Vec<(f64, String)> = if self.job == env.job { (*self.bench).clone() } else { Vec::new() };
                bench.extend(fresh);
                Rc::new(Live { job: env.job, bench: Rc::new(bench), items: if self.job == env.job { self.items } else { None }, conflicts: None, known: None, rectfree: None })
            }
            _ => self,
        }
    }
}

/// How loud a notice is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// Something went wrong; the page still works.
    Error,
    /// For information.
    Info,
}

/// A message above the page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    /// How loud.
    pub level: Level,
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
    /// The last hint's report (Flood-It: an optimal continuation from the moves played), answers
    /// verified; cleared by the next mark.
    pub hint: Option<AnyReport>,
}

impl Workshop {
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
    pub art: Option<ArtResult>,
    /// Progress of the image job in flight.
    pub art_stage: Option<Stage>,
}

/// Everything that changes the state.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// The URL fragment changed (or the page opened with one).
    Route(String),
    /// A puzzle was opened from an import, a generator or storage (canonical JSON).
    Open { kind: Kind, puzzle: String },
    /// Show a message.
    Notify(Level, String),
    /// Hide the message.
    Dismiss,
    /// A job was sent to the worker.
    Started { job: u32, kind: Kind, work: Work, now_ms: f64 },
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
}

impl State {
    /// The first state: saved puzzles and marks, then the page the fragment names.
    pub fn new(saved: Vec<(Kind, String, Vec<u8>)>, fragment: &str) -> Self {
        let mut workshops = HashMap::new();
        for (kind, puzzle, marks) in saved {
            workshops.insert(kind, Workshop { puzzle: Some(puzzle), marks, view: Some(View::Play), ..Workshop::default() });
        }
        let state = State { page: Page::Home, workshops, busy: None, notice: None, bench: None, last_end: None, art: None, art_stage: None };
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
                            self.notice = Some(Notice { level: Level::Error, text: format!("This link could not be read: {e}") });
                        }
                    }
                }
            }
            Err(e) => {
                self.notice = Some(Notice { level: Level::Error, text: format!("This link could not be read: {e}") });
            }
        }
        self
    }

    fn open(mut self, kind: Kind, puzzle: String) -> Self {
        let w = self.workshops.entry(kind).or_default();
        if w.puzzle.as_deref() != Some(puzzle.as_str()) {
            *w = Workshop { puzzle: Some(puzzle), view: Some(View::Play), ..Workshop::default() };
        }
        self
    }

    fn accept_report(mut self, kind: Kind, report: AnyReport) -> Self {
        let Some(puzzle) = self.workshop(kind).puzzle else { return self };
        // Every answer is checked again here, by the kind's independent verifier, before it is drawn.
        if let Err((i, why)) = kinds::verify_report(kind, &puzzle, &report) {
            self.notice = Some(Notice {
                level: Level::Error,
                text: format!("The solver's answer {} failed the independent check and is not shown: {why}", i + 1),
            });
            return self;
        }
        let w = self.workshops.entry(kind).or_default();
        w.view = Some(if report.solutions.is_empty() { View::Play } else { View::Answer(0) });
        w.result = Some(report);
        if w.check_pending {
            w.check_pending = false;
            self = self.check(kind);
        }
        self
    }

    fn accept_hint(mut self, kind: Kind, report: AnyReport) -> Self {
        let Some(puzzle) = self.workshop(kind).puzzle else { return self };
        if let Err((_, why)) = kinds::verify_report(kind, &puzzle, &report) {
            self.notice = Some(Notice { level: Level::Error, text: format!("The hint failed the independent check and is not used: {why}") });
            return self;
        }
        self.workshops.entry(kind).or_default().hint = Some(report);
        self
    }

    fn check(mut self, kind: Kind) -> Self {
        let w = self.workshops.entry(kind).or_default();
        let answer = match &w.result {
            Some(r) if r.verdict == Verdict::Unique => r.solutions[0].concat(),
            Some(r) => {
                let why = if r.verdict == Verdict::None { "it has no solution" } else { "it has more than one solution" };
                self.notice = Some(Notice { level: Level::Info, text: format!("Check compares with the only answer, but {why}.") });
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
            0 => "No mistakes so far.".to_string(),
            1 => "1 mistake, ringed in red.".to_string(),
            n => format!("{n} mistakes, ringed in red."),
        };
        w.mistakes = Some(mistakes);
        w.view = Some(View::Play);
        self.notice = Some(Notice { level: Level::Info, text });
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
            Action::Notify(level, text) => s.notice = Some(Notice { level, text }),
            Action::Dismiss => s.notice = None,
            Action::Started { job, kind, work, now_ms } => {
                s.last_end = None;
                if work == Work::Art {
                    // The new job streams its own puzzles (`Reply::ArtImproved`); an older
                    // result must not pass for this job's.
                    s.art = None;
                }
                s.busy = Some(Busy { job, kind, work, started_ms: now_ms });
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
                            s.notice = Some(Notice { level: Level::Error, text: m });
                        }
                        return Rc::new(s);
                    }
                    return self;
                };
                if job != busy.job && job != u32::MAX {
                    return self;
                }
                match body {
                    Reply::Solved(report) if busy.work == Work::Hint => {
                        s.busy = None;
                        s = s.accept_hint(busy.kind, report);
                    }
                    Reply::Ready | Reply::Progress { .. } | Reply::RectFreeProgress(_) => return self,
                    Reply::BenchRecords(_) => return self,
                    Reply::Solved(report) => {
                        s.busy = None;
                        s = s.accept_report(busy.kind, report);
                    }
                    // A hint waits for the final answer (it plays one move).
                    Reply::Improved(_) if busy.work == Work::Hint => return self,
                    // The best so far of a solve that goes on: shown at once, kept if the user cancels.
                    Reply::Improved(report) => s = s.accept_report(busy.kind, report),
                    Reply::Generated(puzzle) => {
                        s.busy = None;
                        s = s.open(busy.kind, puzzle);
                    }
                    Reply::Benched { records, summary } => {
                        s.busy = None;
                        s.bench = Some((records, summary));
                    }
                    Reply::ArtProgress { stage, .. } => s.art_stage = Some(stage),
                    // The best unique puzzle so far: shown at once, kept if the user cancels.
                    Reply::ArtImproved(result) => s.art = Some(*result),
                    Reply::Art(result) => {
                        s.busy = None;
                        s.art_stage = None;
                        s.art = Some(*result);
                    }
                    Reply::Failed(message) => {
                        s.busy = None;
                        s.art_stage = None;
                        s.last_end = Some("Failed.".into());
                        s.notice = Some(Notice { level: Level::Error, text: message });
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
                if w.marks != before {
                    w.undo.push(before);
                    w.redo.clear();
                    w.mistakes = None;
                }
                w.view = Some(View::Play);
            }
            Action::ClearMarks(kind) => {
                let w = s.workshops.entry(kind).or_default();
                if !w.marks.is_empty() {
                    w.undo.push(std::mem::take(&mut w.marks));
                    w.redo.clear();
                }
                w.view = Some(View::Play);
            }
            Action::Undo(kind) => {
                let w = s.workshops.entry(kind).or_default();
                let Some(previous) = w.undo.pop() else { return self };
                w.redo.push(std::mem::replace(&mut w.marks, previous));
                w.view = Some(View::Play);
            }
            Action::Redo(kind) => {
                let w = s.workshops.entry(kind).or_default();
                let Some(next) = w.redo.pop() else { return self };
                w.undo.push(std::mem::replace(&mut w.marks, next));
                w.view = Some(View::Play);
            }
            Action::Show { kind, view } => s.workshops.entry(kind).or_default().view = Some(view),
            Action::Check(kind) => s = s.check(kind),
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
