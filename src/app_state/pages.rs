//! Which page is shown, and the jobs that belong to each page: what a job does, its owner (the
//! page it was started from), and its live progress, kept apart from the page state so progress
//! never re-renders a board.

use std::rc::Rc;

use crate::jobs::{Envelope, Reply};
use crate::kinds::Kind;
use crate::puzzle::Mode;
use crate::sat::{Snapshot, Unit};

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
    /// My puzzles: every puzzle played, best times, export and import.
    Mine,
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

/// Whose a job is: the page it was started from. Each owner has its own worker, so a search
/// left running on one page never holds up another; one job at a time per owner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Owner {
    /// A kind's workshop (solve, count, hint, explain, generate).
    Kind(Kind),
    /// The image page.
    Art,
    /// The benchmark page.
    Bench,
}

impl Owner {
    /// The owner of a job doing `work` about `kind`'s puzzle.
    pub fn of(work: Work, kind: Option<Kind>) -> Owner {
        match (work, kind) {
            (Work::Bench, _) => Owner::Bench,
            (Work::Art, _) | (_, None) => Owner::Art,
            (_, Some(k)) => Owner::Kind(k),
        }
    }

    /// The page the job belongs to.
    pub fn page(self) -> Page {
        match self {
            Owner::Kind(k) => Page::Kind(k),
            Owner::Art => Page::Art,
            Owner::Bench => Page::Bench,
        }
    }

    /// The page's name, as the menu says it.
    pub fn title(self) -> &'static str {
        match self {
            Owner::Kind(k) => k.title(),
            Owner::Art => "Image to nonogram",
            Owner::Bench => "Benchmark",
        }
    }

    /// The fragment that opens the page (the kind's page opens its workshop's puzzle).
    pub fn fragment(self) -> String {
        match self {
            Owner::Kind(k) => k.id().to_string(),
            Owner::Art => "art".into(),
            Owner::Bench => "bench".into(),
        }
    }
}

/// A job in flight.
#[derive(Debug, Clone, PartialEq)]
pub struct Busy {
    /// The job number replies must carry (unique across owners).
    pub job: u32,
    /// The page it belongs to.
    pub owner: Owner,
    /// The kind whose puzzle it is about ([`crate::jobs::Request::kind`]; `None` for an image job).
    pub kind: Option<Kind>,
    /// What it does.
    pub work: Work,
    /// When it started (page clock, ms).
    pub started_ms: f64,
    /// A hint job's step already shown from the marks alone ([`Reply::HintEarly`]).
    pub early_hint: bool,
    /// The time after which the worker stops the search and keeps its best (ms), when it has one.
    pub budget_ms: Option<f64>,
}

impl Busy {
    /// What the job does, in the words of the status line ("Solving", "Finding a hint").
    pub fn doing(&self) -> &'static str {
        match self.work {
            Work::Solve(Mode::Count(_)) => "Counting solutions",
            Work::Solve(_) => self.kind.map(Kind::solving).unwrap_or("Solving"),
            Work::Generate => "Making a new puzzle",
            Work::Bench => "Benchmarking",
            Work::Art => "Making the puzzle",
            Work::Hint if self.early_hint => "Checking your marks against the answer",
            Work::Hint => "Finding a hint",
            Work::Explain => "Explaining the solution",
        }
    }
}

/// The latest progress of one job.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct JobLive {
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

/// The latest progress reports of the jobs in flight (and of a few just ended, whose last
/// snapshot a page may still draw), by job number, kept apart from [`State`] so that progress
/// re-renders only the status bars, never the board.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Live {
    /// Progress by job number, oldest first.
    pub jobs: Vec<(u32, JobLive)>,
}

/// How many jobs' progress [`Live`] keeps.
const LIVE_JOBS: usize = 8;

impl Live {
    /// The progress of `job`, if it reported any.
    pub fn of(&self, job: u32) -> Option<&JobLive> {
        self.jobs.iter().find(|(j, _)| *j == job).map(|(_, l)| l)
    }

    /// The progress after a reply.
    pub fn apply(&self, env: Envelope<Reply>) -> Option<Live> {
        let mut next = self.clone();
        let i = match next.jobs.iter().position(|(j, _)| *j == env.job) {
            Some(i) => i,
            None => {
                next.jobs.push((env.job, JobLive::default()));
                if next.jobs.len() > LIVE_JOBS {
                    next.jobs.remove(0);
                }
                next.jobs.len() - 1
            }
        };
        let l = &mut next.jobs[i].1;
        match env.body {
            Reply::Progress { work, items, known, .. } => {
                l.work = work.or(l.work);
                l.items = items.or(l.items);
                l.known = known;
            }
            Reply::Snapshot(snapshot) => {
                l.items = None;
                l.known = None;
                l.snapshot = Some(Rc::new(*snapshot));
            }
            Reply::BenchRecords(fresh) => {
                let mut bench = (*l.bench).clone();
                bench.extend(fresh);
                l.bench = Rc::new(bench);
            }
            _ => return None,
        }
        Some(next)
    }
}
