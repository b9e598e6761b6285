//! Live progress and cancellation for long solves, read from varisat's proof stream.
//!
//! varisat offers no callback and no conflict counter, but it streams a proof of its work to any
//! `io::Write`. [`ProofSink`] parses that stream as it arrives (varisat's own proof parser),
//! counts the learned clauses (one per conflict), calls the user's [`Monitor`] at most once per
//! interval, and stops the solve by failing the write when the monitor says so.

use std::cell::RefCell;
use std::io::{self, Cursor, Write};
use std::rc::Rc;

use serde::{Deserialize, Serialize};
use varisat_internal_proof::binary_format::Parser;
use varisat_internal_proof::ProofStep;
use web_time::Instant;

/// What a progress figure counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Unit {
    /// SAT conflicts (learned clauses, one per conflict).
    Conflicts,
    /// Positions expanded by an exact search (Flood-It).
    Positions,
    /// Moves tried by a local search (rectangle-free).
    Iterations,
    /// A generator's steps (regions grown, moves tried).
    Steps,
}

impl Unit {
    /// The unit as a plural word for a progress line (`12000 conflicts`).
    pub fn word(self) -> &'static str {
        match self {
            Unit::Conflicts => "conflicts",
            Unit::Positions => "positions",
            Unit::Iterations => "iterations",
            Unit::Steps => "steps",
        }
    }
}

/// Progress figures handed to a [`Monitor`] while a solve runs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Progress {
    /// Work done so far, counted in [`Progress::unit`]s (for a SAT solver: the learned clauses
    /// across all its solves, one per conflict).
    pub work: u64,
    /// What `work` counts.
    pub unit: Unit,
    /// Milliseconds since the solver was created.
    pub elapsed_ms: f64,
    /// Values fixed so far and in all (a nonogram's cells) while a propagation phase runs; `None` during search.
    pub known: Option<(u64, u64)>,
}

/// A best-so-far answer of an anytime search (Flood-It), already verified by the kind's
/// checker: the answer as the kind's rows, the proven lower bound on its measure, and the
/// sentences saying so. The work goes on after it.
#[derive(Debug, Clone, PartialEq)]
pub struct Interim {
    /// The answer's rows.
    pub rows: Vec<String>,
    /// No answer measures less.
    pub lower: usize,
    /// What the answer and the bound rest on.
    pub proof: Vec<String>,
}

/// A kind's live picture of a long search, handed on unread by the worker and the CLI: the
/// kind's own data as JSON text (the rectangle-free search's chart and best grid), which only
/// the kind's page reads; a one-line summary for the command line; and a score, lower being
/// better, by which a portfolio tells which worker leads.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Snapshot {
    /// Lower is better (rectangles left); `None` when the search has no score.
    pub score: Option<u64>,
    /// The figures in words, one line (`iterations 1200  score 3  best 2`).
    pub summary: String,
    /// The kind's own snapshot as JSON text.
    pub data: String,
    /// In a portfolio: which worker (0-based) of how many sent it; set by the race.
    #[serde(default)]
    pub worker: Option<(u32, u32)>,
}

/// A progress callback; it returns `false` to stop the work (cancel or time-out).
pub struct Monitor {
    callback: Box<dyn FnMut(Progress) -> bool>,
    interval_ms: f64,
    interim: Option<Box<dyn FnMut(Interim)>>,
    snapshots: Option<Box<dyn FnMut(Snapshot)>>,
}

impl Monitor {
    /// Calls `callback` at most once per `interval_ms` while solving.
    pub fn new(interval_ms: f64, callback: impl FnMut(Progress) -> bool + 'static) -> Self {
        Monitor { callback: Box::new(callback), interval_ms, interim: None, snapshots: None }
    }

    /// The same monitor, also handing every improved answer of an anytime search to `on_interim`.
    pub fn with_interim(mut self, on_interim: impl FnMut(Interim) + 'static) -> Self {
        self.interim = Some(Box::new(on_interim));
        self
    }

    /// The same monitor, also handing the kind's live snapshots to `on_snapshot`.
    pub fn with_snapshots(mut self, on_snapshot: impl FnMut(Snapshot) + 'static) -> Self {
        self.snapshots = Some(Box::new(on_snapshot));
        self
    }

    /// Whether anyone listens to snapshots (a kind may skip making them otherwise).
    pub fn wants_snapshots(&self) -> bool {
        self.snapshots.is_some()
    }

    /// Hands a snapshot to the listener, if any; the kind keeps to [`Monitor::interval_ms`].
    pub fn snapshot(&mut self, snapshot: Snapshot) {
        if let Some(f) = self.snapshots.as_mut() {
            f(snapshot);
        }
    }

    /// Takes the interim listener out (the anytime search calls it itself, after its checks).
    pub fn take_interim(&mut self) -> Option<Box<dyn FnMut(Interim)>> {
        self.interim.take()
    }

    /// A monitor that stops the work once `limit_ms` have passed, and never reports.
    pub fn deadline(limit_ms: f64) -> Self {
        Monitor::new(50.0, move |p| p.elapsed_ms < limit_ms)
    }

    /// Calls the callback directly, for work that is not a SAT solve (an A* or a local search); the caller
    /// keeps to [`Monitor::interval_ms`]. Returns false when the work should stop.
    pub fn report(&mut self, progress: Progress) -> bool {
        (self.callback)(progress)
    }

    /// The interval between calls, in milliseconds.
    pub fn interval_ms(&self) -> f64 {
        self.interval_ms
    }
}

/// Keeps calls to a [`Monitor`] (or any periodic report) to an interval: it remembers when it
/// last let a call through, starting from 0 ms.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Throttle {
    last_ms: f64,
}

impl Throttle {
    /// A throttle whose first call is due once the interval has passed since 0 ms.
    pub fn new() -> Self {
        Throttle { last_ms: 0.0 }
    }

    /// Whether `interval_ms` has passed at `now_ms` since the last call let through; when it
    /// has, `now_ms` becomes the last call.
    pub fn due(&mut self, now_ms: f64, interval_ms: f64) -> bool {
        if now_ms - self.last_ms >= interval_ms {
            self.last_ms = now_ms;
            true
        } else {
            false
        }
    }

    /// Hands `progress` to `monitor` when the monitor's interval has passed at
    /// `progress.elapsed_ms`; false only when the monitor was called and said stop.
    pub fn report(&mut self, monitor: &mut Monitor, progress: Progress) -> bool {
        !self.due(progress.elapsed_ms, monitor.interval_ms()) || monitor.report(progress)
    }
}

/// Counters shared between the solver wrapper and the proof sink.
pub(super) struct MonitorState {
    monitor: Monitor,
    pub(super) started: Instant,
    pub(super) conflicts: u64,
    throttle: Throttle,
    pub(super) stopped: bool,
}

impl MonitorState {
    pub(super) fn new(monitor: Monitor, started: Instant) -> Self {
        MonitorState { monitor, started, conflicts: 0, throttle: Throttle::new(), stopped: false }
    }

    /// Calls the monitor if its interval has passed; returns false when it asks to stop.
    pub(super) fn tick(&mut self) -> bool {
        let elapsed_ms = self.started.elapsed().as_secs_f64() * 1000.0;
        let progress =
            Progress { work: self.conflicts, unit: Unit::Conflicts, elapsed_ms, known: None };
        if !self.throttle.report(&mut self.monitor, progress) {
            self.stopped = true;
        }
        !self.stopped
    }
}

/// The `io::Write` varisat writes its native proof into.
pub(super) struct ProofSink {
    state: Rc<RefCell<MonitorState>>,
    pending: Vec<u8>,
    parser: Parser,
    /// Set when the stream could not be parsed; counting stops, the heartbeat goes on.
    lost: bool,
}

impl ProofSink {
    pub(super) fn new(state: Rc<RefCell<MonitorState>>) -> Self {
        ProofSink { state, pending: Vec::new(), parser: Parser::default(), lost: false }
    }

    fn count_steps(&mut self) -> u64 {
        let mut learned = 0;
        let mut pos = 0usize;
        loop {
            let mut cur = Cursor::new(&self.pending[pos..]);
            match self.parser.parse_step(&mut cur) {
                Ok(ProofStep::AtClause { redundant: true, .. }) => learned += 1,
                Ok(ProofStep::UnitClauses { units }) => learned += units.len() as u64,
                Ok(_) => {}
                Err(_) => break,
            }
            pos += cur.position() as usize;
        }
        self.pending.drain(..pos);
        if self.pending.len() > 1 << 20 {
            // A step never spans a megabyte; the stream is not what we expect, so stop counting.
            self.lost = true;
            self.pending = Vec::new();
        }
        learned
    }
}

impl Write for ProofSink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.state.borrow().stopped {
            // Once stopped, varisat's buffered writer hands the refused bytes over again as it
            // is dropped; parsing them twice would misalign the stream (a garbage length can
            // ask for a huge allocation), so nothing more is read.
            self.lost = true;
            self.pending = Vec::new();
            return Err(io::Error::other("stopped by the monitor"));
        }
        let learned = if self.lost {
            0
        } else {
            self.pending.extend_from_slice(buf);
            self.count_steps()
        };
        let mut state = self.state.borrow_mut();
        state.conflicts += learned;
        if state.tick() {
            Ok(buf.len())
        } else {
            // Not ErrorKind::Interrupted: write_all retries on that kind and would never stop.
            Err(io::Error::other("stopped by the monitor"))
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_throttle_lets_one_call_through_per_interval() {
        let mut t = Throttle::new();
        assert!(!t.due(5.0, 10.0));
        assert!(t.due(10.0, 10.0));
        assert!(!t.due(19.9, 10.0));
        assert!(t.due(25.0, 10.0));
        assert!(!t.due(34.0, 10.0));
        assert!(t.due(35.0, 10.0));
        // A zero interval lets every call through.
        assert!(Throttle::new().due(0.0, 0.0));

        let calls = Rc::new(RefCell::new(Vec::new()));
        let seen = calls.clone();
        let mut m = Monitor::new(100.0, move |p| {
            seen.borrow_mut().push(p.elapsed_ms);
            p.elapsed_ms < 250.0
        });
        let mut t = Throttle::default();
        let at = |ms: f64| Progress { work: 1, unit: Unit::Conflicts, elapsed_ms: ms, known: None };
        let went_on: Vec<bool> = [50.0, 100.0, 150.0, 210.0, 260.0, 300.0, 310.0]
            .into_iter()
            .map(|ms| t.report(&mut m, at(ms)))
            .collect();
        assert_eq!(*calls.borrow(), vec![100.0, 210.0, 310.0]);
        // Calls held back go on; the monitor's `false` at 310 ms says stop.
        assert_eq!(went_on, vec![true, true, true, true, true, true, false]);
    }
}
