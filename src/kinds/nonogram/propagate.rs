//! The solver's logic phase: the nonogram's line rule ([`super::logic`]) to a fixpoint through
//! the shared engine ([`crate::deduce::run`] up to [`LINE_RANK`]), over cells the caller keeps.
//!
//! The state ([`Lines::for_solver`]) keeps a queue of dirty lines: a line is queued when one of
//! its cells changes, and only queued lines are solved again; it builds no sentences.
//!
//! [`Propagator::run_watched`] hands the count of fixed cells to a watcher every
//! [`WATCH_EVERY`] deductions, and stops when it says so (progress and cancel for big grids).

use super::logic::{Lines, LINE_RANK};
use super::model::{Cell, Line, Nonogram};
use crate::deduce::{self, End};

/// Deductions between two calls of a watcher (a 200-cell line takes some 30 µs natively).
pub const WATCH_EVERY: u32 = 16;

/// How a watched fixpoint ended, when no line was found without a placement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fixpoint {
    /// No line is left to solve.
    Reached,
    /// The watcher asked to stop; the queue is kept, so [`Propagator::run`] resumes.
    Stopped,
}

/// Propagates line deductions over a grid of [`Cell`]s in reading order.
#[derive(Debug, Clone)]
pub struct Propagator {
    lines: Lines,
}

impl Propagator {
    /// A propagator for `puzzle`'s clues.
    pub fn new(puzzle: &Nonogram) -> Self {
        let mut lines = Lines::for_solver(puzzle, &puzzle.start());
        lines.clear_queue();
        Propagator { lines }
    }

    /// Lines solved so far.
    pub fn line_calls(&self) -> u64 {
        self.lines.line_calls()
    }

    /// Sets cell `i` and queues its row and column (the value must be known).
    pub fn set(&mut self, cells: &mut [Cell], i: usize, value: Cell) {
        cells[i] = value;
        self.lines.set(i, value);
    }

    /// Queues every line.
    pub fn queue_all(&mut self) {
        self.lines.queue_all();
    }

    /// Solves queued lines until none is left; `Err` names a line with no placement.
    pub fn run(&mut self, cells: &mut [Cell]) -> Result<(), Line> {
        self.fixpoint(cells, |_| true).map(|_| ())
    }

    /// As [`Propagator::run`], calling `watch` with the number of fixed cells every
    /// [`WATCH_EVERY`] deductions; stops when it returns false.
    pub fn run_watched(
        &mut self,
        cells: &mut [Cell],
        watch: &mut dyn FnMut(usize) -> bool,
    ) -> Result<Fixpoint, Line> {
        self.fixpoint(cells, watch)
    }

    fn fixpoint(
        &mut self,
        cells: &mut [Cell],
        mut watch: impl FnMut(usize) -> bool,
    ) -> Result<Fixpoint, Line> {
        self.lines.load(cells);
        let mut fixed = cells.iter().filter(|&&c| c != Cell::Unknown).count();
        let mut countdown = WATCH_EVERY;
        let r = deduce::run(&mut self.lines, LINE_RANK, |d| {
            countdown -= 1;
            if countdown == 0 {
                countdown = WATCH_EVERY;
                if !watch(fixed) {
                    return false;
                }
            }
            fixed += d.changes.len();
            true
        });
        let end = match r.end {
            End::Stopped => {
                self.lines.requeue_last();
                Ok(Fixpoint::Stopped)
            }
            // A complete grid still has to fit every clue: the lines left in the queue are checked.
            End::Complete => self.lines.check_queued().map_or(Ok(Fixpoint::Reached), Err),
            End::Stuck => Ok(Fixpoint::Reached),
            End::Broken { .. } => Err(self.lines.broken.take().expect("the broken line")),
        };
        cells.copy_from_slice(self.lines.cells());
        end
    }

    /// Solves every line to a fixpoint.
    pub fn run_all(&mut self, cells: &mut [Cell]) -> Result<(), Line> {
        self.queue_all();
        self.run(cells)
    }
}
