//! The page's state and its reducer as plain Rust (no browser, no Yew): every change is an
//! [`Action`], applied by [`State::apply`] at a clock time the caller passes, so the whole page
//! logic is tested natively; `web::state` makes it a Yew reducer. One module per concern, each
//! with its part of the state and its reducer, and `apply` dispatches: `routing` (the page a
//! fragment names, the puzzle on a board), `pages` (pages, jobs and their live progress), `jobs`
//! (the jobs in flight, their replies), `notices`, `workshop` (a board's marks, undo, view),
//! `check`, `hints` (hints and the explanation), `clock`, `kept` (earlier puzzles' marks), `sync`
//! (My puzzles and other tabs), `results` (benchmark and image results). Beside the state,
//! `edit_history` is the editors' Undo and Redo over their drafts' texts
//! (`web::hooks::use_draft`). The state is shared by `Rc` part by part, so an action copies
//! what it changes (one workshop), never every board.

use std::collections::HashMap;
use std::rc::Rc;

use crate::art::colour_art::ColourArtResult;
use crate::art::pipeline::{ArtResult, Stage};
use crate::bench::{Record, Summary};
pub use crate::clock::{clock_text, Play, IDLE_MS};
use crate::hint::Hint;
use crate::jobs::{Envelope, Reply};
use crate::kinds::{AnyReport, Kind};
pub use crate::play_history::History;
use crate::puzzle::Verdict;

mod check;
mod clock;
pub mod edit_history;
mod hints;
mod jobs;
mod kept;
mod notices;
mod pages;
mod read_ahead;
mod results;
mod routing;
mod sync;
mod workshop;

pub use kept::{same_puzzle, Kept, KEPT_PER_KIND};
pub use notices::{Notice, Severity};
pub use pages::{Busy, JobLive, Live, Owner, Page, Work};
pub use read_ahead::{ReadAheads, Reading, READ_AHEAD};
pub use workshop::{View, Workshop};

/// The whole page state. Cloning it copies no board: each workshop, the kept marks and the
/// results are shared until an action changes them.
#[derive(Debug, Clone, PartialEq)]
pub struct State {
    /// The page shown.
    pub page: Page,
    /// Each kind's workshop.
    pub workshops: HashMap<Kind, Rc<Workshop>>,
    /// The jobs in flight, at most one per owner (each owner's own worker runs it).
    pub jobs: Vec<Busy>,
    /// The message shown above the page.
    pub notice: Option<Notice>,
    /// The last benchmark's records and totals.
    pub bench: Option<Rc<(Vec<Record>, Summary)>>,
    /// How each owner's last job ended, for its status line (`Cancelled.`, `Failed: …`), and
    /// what that job did.
    pub ends: HashMap<Owner, (Work, String)>,
    /// The last image-to-nonogram result, and the running job's latest progress.
    pub art: Option<Rc<ArtResult>>,
    /// Progress of the image job in flight.
    pub art_stage: Option<Stage>,
    /// The last image-to-colour-nonogram result (the image page's colour mode).
    pub colour_art: Option<Rc<ColourArtResult>>,
    /// The marks of puzzles played earlier, per kind (newest last, at most [`KEPT_PER_KIND`]):
    /// opening another puzzle keeps the current one's marks here, and opening a kept puzzle
    /// again (Back, a link, a sample) brings its marks back.
    pub kept: Rc<HashMap<Kind, Vec<Kept>>>,
    /// How many times the address changed ([`Action::Route`]): the address bar is named after
    /// the puzzle again even when the puzzle on screen stays (`#starbattle` typed, or the menu's
    /// link to the page already open).
    pub routes: u32,
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
    /// Show a hint found ahead ([`ReadAheads`]) for these puzzle and marks: a press of Hint the
    /// worker has already answered (nothing changes if the board holds others by now).
    ShowKeptHint { kind: Kind, puzzle: String, marks: Vec<u8>, hint: Box<Hint> },
    /// Hide the shown hint.
    DismissHint(Kind),
    /// Show the board after `Some(k)` steps of the explanation, or the player's marks (`None`).
    ExplainAt { kind: Kind, at: Option<usize> },
    /// Close the explanation.
    CloseExplanation(Kind),
    /// Another tab saved marks on a puzzle ([`crate::library`]): on the puzzle on screen they
    /// are brought here (this tab's marks stay one Undo away); on another they are kept.
    /// `history` is the Undo history kept with the marks, as text (kept with a kept puzzle).
    External { kind: Kind, puzzle: String, marks: Vec<u8>, play: Play, history: Rc<str> },
    /// Another tab saved its workshop of `kind` ([`crate::saved`]) with its Undo history: on the
    /// same puzzle on screen the marks, clock and history are taken as they are (Undo and Redo
    /// follow that tab's moves); on another puzzle the marks are kept as by [`Action::External`].
    TabMoves { kind: Kind, puzzle: String, marks: Vec<u8>, play: Play, history: History },
    /// Puzzles read from a My puzzles file: each replaces the one here when it was played later.
    Imported(Vec<crate::library::Entry>),
}

/// A kind's saved work as read back with its Undo history: the kind, the puzzle, the marks the
/// history leads to, the history, and why a kept history was dropped (if it was);
/// [`State::restore_histories`] takes them.
pub type Restored = (Kind, String, Vec<u8>, History, Option<String>);

impl State {
    /// The first state: saved puzzles and marks, then the page the fragment names.
    pub fn new(
        saved: Vec<(Kind, String, Vec<u8>, Play)>,
        kept: HashMap<Kind, Vec<Kept>>,
        fragment: &str,
    ) -> Self {
        let workshops = saved
            .into_iter()
            .map(|(kind, puzzle, marks, play)| {
                (kind, Rc::new(Workshop::opened(puzzle, marks, play)))
            })
            .collect();
        let mut state = State {
            page: Page::Home,
            workshops,
            jobs: Vec::new(),
            notice: None,
            bench: None,
            ends: HashMap::new(),
            art: None,
            art_stage: None,
            colour_art: None,
            kept: Rc::new(kept),
            routes: 0,
        };
        state.route(fragment);
        state
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
        self.ends.get(&owner).map(|(_, end)| end)
    }

    /// The verdict `kind`'s status line shows: the last solve's report (not one solved only for
    /// Check to compare with), unless a job that answers anew (a solve, a count, a new puzzle)
    /// is running or ended without an answer. A hint or an explanation is about the player's
    /// marks, not the puzzle: the verdict of the solve the player asked for stays beside its
    /// progress and its end (cancelled, failed), until the puzzle changes or a solve replaces it.
    pub fn verdict_shown(&self, kind: Kind) -> Option<Rc<AnyReport>> {
        let owner = Owner::Kind(kind);
        let about_marks = |w: Work| matches!(w, Work::Hint | Work::Explain);
        let w = self.workshops.get(&kind)?;
        let report = w.result.clone().filter(|_| !w.result_for_check)?;
        let replaced = match (self.busy_on(owner), self.ends.get(&owner)) {
            // A solve's answer given before its rating stays while the rating is worked out.
            (Some(b), _) => {
                !(about_marks(b.work) || report.rating_pending && matches!(b.work, Work::Solve(_)))
            }
            (None, Some((work, _))) => !about_marks(*work),
            (None, None) => false,
        };
        (!replaced).then_some(report)
    }

    /// The workshop of `kind`, shared, not copied (every component of a page reads it at every
    /// render).
    pub fn workshop(&self, kind: Kind) -> Rc<Workshop> {
        self.workshops.get(&kind).cloned().unwrap_or_default()
    }

    /// `kind`'s workshop to change: made if there is none, copied first only if an earlier
    /// state still shares it.
    fn workshop_mut(&mut self, kind: Kind) -> &mut Workshop {
        Rc::make_mut(self.workshops.entry(kind).or_default())
    }

    /// Changes `kind`'s workshop by `change` if `wanted` says there is something to change (an
    /// absent workshop is an empty one); whether it did.
    fn edit(
        &mut self,
        kind: Kind,
        wanted: impl FnOnce(&Workshop) -> bool,
        change: impl FnOnce(&mut Workshop),
    ) -> bool {
        let want = match self.workshops.get(&kind) {
            Some(w) => wanted(w),
            None => wanted(&Workshop::default()),
        };
        if want {
            change(self.workshop_mut(kind));
        }
        want
    }

    /// The state after `action`, at `now` (ms since the epoch: the player's clock, passed in
    /// so the reducer reads no clock itself); `None` when nothing changed. Each action goes to
    /// the concern it is about.
    pub fn apply(&self, action: Action, now: f64) -> Option<State> {
        let mut s = self.clone();
        let changed = match action {
            Action::Route(fragment) => {
                s.notice = None;
                s.route(&fragment);
                true
            }
            Action::Open { kind, puzzle } => {
                s.open(kind, puzzle);
                true
            }
            Action::Notify(severity, text) => {
                s.notice = Some(Notice { severity, text });
                true
            }
            Action::Dismiss => {
                s.notice = None;
                true
            }
            Action::Expire(text) => notices::expire(&mut s.notice, &text),
            Action::Started { job, kind, work, now_ms, budget_ms } => {
                s.started(job, kind, work, now_ms, budget_ms);
                true
            }
            Action::Cancelled(owner) => s.cancelled(owner),
            Action::Reply(envelope) => s.reply(envelope),
            Action::Mark { kind, cells } => s.edit(kind, |_| true, |w| w.mark(cells, now)),
            Action::ClearMarks(kind) => s.edit(kind, |_| true, Workshop::clear),
            Action::Undo(kind) => s.edit(kind, |w| !w.undo.is_empty(), Workshop::undo),
            Action::Redo(kind) => s.edit(kind, |w| !w.redo.is_empty(), Workshop::redo),
            Action::Show { kind, view } => s.edit(kind, |_| true, |w| w.view = Some(view)),
            Action::Check(kind) => s.edit(kind, |_| true, |w| w.check(kind)),
            Action::Finished(kind) => s.edit(kind, Workshop::running, |w| w.finish(now)),
            Action::ApplyHint(kind) => s.edit(kind, Workshop::has_step, |w| w.apply_hint(now)),
            Action::ShowKeptHint { kind, puzzle, marks, hint } => s.edit(
                kind,
                |w| w.marks == marks && w.puzzle.as_ref() == Some(&puzzle),
                |w| w.show_hint(*hint),
            ),
            Action::DismissHint(kind) => s.edit(kind, |_| true, |w| w.hint = None),
            Action::ExplainAt { kind, at } => {
                s.edit(kind, |w| w.explanation.is_some(), |w| w.explain_at(at))
            }
            Action::CloseExplanation(kind) => s.edit(kind, |_| true, |w| w.explanation = None),
            Action::External { kind, puzzle, marks, play, history } => {
                s.external(kind, puzzle, marks, play, history)
            }
            Action::TabMoves { kind, puzzle, marks, play, history } => {
                s.tab_moves(kind, puzzle, marks, play, history)
            }
            Action::Imported(entries) => {
                s.imported(entries);
                true
            }
        };
        changed.then_some(s)
    }
}

/// The verdict sentence shown after a solve: about the puzzle, in a newcomer's words (never
/// about the player's play, which the page's own counters judge).
pub fn verdict_text(report: &AnyReport) -> String {
    match (report.verdict, report.count) {
        (_, Some((n, true))) => {
            format!("{n} solution{} in all (every one checked).", if n == 1 { "" } else { "s" })
        }
        (_, Some((n, false))) => format!("At least {n} solutions; counting stopped there."),
        (Verdict::Unique, _) => "Unique: this is the only solution.".into(),
        (Verdict::Multiple, _) => "More than one solution: two of them are shown.".into(),
        (Verdict::None, _) => "No solution.".into(),
        (Verdict::Solved, _) => report.kind.solved_text().into(),
        (Verdict::Optimal, _) => {
            "The solution shown is a shortest one: none has fewer moves (proven).".into()
        }
        (Verdict::Bounded { lower }, _) => format!(
            "The best solution found is shown; it may not be the shortest, but none has fewer \
             than {lower} moves (proven)."
        ),
    }
}
