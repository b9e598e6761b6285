//! Line logic over the whole grid: every line solved to a fixpoint with a queue of dirty lines.
//!
//! Lines are numbered `0..h` for rows and `h..h+w` for columns. A line is queued when one of
//! its cells changes, and only queued lines are solved again.
//!
//! [`Propagator::run_watched`] hands the count of fixed cells to a watcher every
//! [`WATCH_EVERY`] line solves, and stops when it says so (progress and cancel for big grids).

use std::collections::VecDeque;

use super::line::LineSolver;
use super::model::{Cell, Clue, Line, Nonogram};

/// Line solves between two calls of a watcher (a 200-cell line takes some 30 µs natively).
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
    w: usize,
    h: usize,
    clues: Vec<Clue>,
    solver: LineSolver,
    queue: VecDeque<usize>,
    queued: Vec<bool>,
    buf: Vec<Cell>,
    out: Vec<Cell>,
    /// Probes tried (each cell tried both ways counts once).
    pub probes: u64,
}

impl Propagator {
    /// A propagator for `puzzle`'s clues.
    pub fn new(puzzle: &Nonogram) -> Self {
        let (w, h) = (puzzle.width(), puzzle.height());
        let clues = puzzle.rows().iter().chain(puzzle.cols()).cloned().collect();
        Propagator {
            w,
            h,
            clues,
            solver: LineSolver::new(),
            queue: VecDeque::with_capacity(w + h),
            queued: vec![false; w + h],
            buf: Vec::with_capacity(w.max(h)),
            out: Vec::with_capacity(w.max(h)),
            probes: 0,
        }
    }

    /// Lines solved so far.
    pub fn line_calls(&self) -> u64 {
        self.solver.calls
    }

    fn line_of(&self, l: usize) -> Line {
        if l < self.h {
            Line::Row(l)
        } else {
            Line::Col(l - self.h)
        }
    }

    fn push(&mut self, l: usize) {
        if !self.queued[l] {
            self.queued[l] = true;
            self.queue.push_back(l);
        }
    }

    fn clear_queue(&mut self) {
        while let Some(l) = self.queue.pop_front() {
            self.queued[l] = false;
        }
    }

    /// Sets cell `i` and queues its row and column (the value must be known).
    pub fn set(&mut self, cells: &mut [Cell], i: usize, value: Cell) {
        cells[i] = value;
        self.push(i / self.w);
        self.push(self.h + i % self.w);
    }

    /// Queues every line.
    pub fn queue_all(&mut self) {
        for l in 0..self.w + self.h {
            self.push(l);
        }
    }

    /// Solves queued lines until none is left; `Err` names a line with no placement.
    pub fn run(&mut self, cells: &mut [Cell]) -> Result<(), Line> {
        self.fixpoint(cells, 0, |_| true).map(|_| ())
    }

    /// As [`Propagator::run`], calling `watch` with the number of fixed cells every
    /// [`WATCH_EVERY`] line solves; stops when it returns false.
    pub fn run_watched(&mut self, cells: &mut [Cell], watch: &mut dyn FnMut(usize) -> bool) -> Result<Fixpoint, Line> {
        let fixed = cells.iter().filter(|&&c| c != Cell::Unknown).count();
        self.fixpoint(cells, fixed, watch)
    }

    /// The fixpoint loop; `fixed` counts the known cells as it goes (the watcher's figure).
    fn fixpoint(&mut self, cells: &mut [Cell], mut fixed: usize, mut watch: impl FnMut(usize) -> bool) -> Result<Fixpoint, Line> {
        let mut countdown = WATCH_EVERY;
        while !self.queue.is_empty() {
            countdown -= 1;
            if countdown == 0 {
                countdown = WATCH_EVERY;
                if !watch(fixed) {
                    return Ok(Fixpoint::Stopped);
                }
            }
            fixed += self.solve_next(cells)?;
        }
        Ok(Fixpoint::Reached)
    }

    /// Solves the first queued line; returns how many of its cells it fixed.
    fn solve_next(&mut self, cells: &mut [Cell]) -> Result<usize, Line> {
        let (w, h) = (self.w, self.h);
        let Some(l) = self.queue.pop_front() else { return Ok(0) };
        self.queued[l] = false;
        self.buf.clear();
        if l < h {
            self.buf.extend_from_slice(&cells[l * w..(l + 1) * w]);
        } else {
            let c = l - h;
            self.buf.extend((0..h).map(|r| cells[r * w + c]));
        }
        let unknown = self.buf.iter().filter(|&&c| c == Cell::Unknown).count();
        if unknown == 0 {
            // A complete line still has to match its clue.
            if !self.solver.feasible(&self.clues[l], &self.buf) {
                self.clear_queue();
                return Err(self.line_of(l));
            }
            return Ok(0);
        }
        self.out.clear();
        self.out.extend_from_slice(&self.buf);
        if !self.solver.solve(&self.clues[l], &self.buf, &mut self.out) {
            self.clear_queue();
            return Err(self.line_of(l));
        }
        let mut fixed = 0;
        for p in 0..self.buf.len() {
            if self.out[p] != self.buf[p] {
                let (i, cross) = if l < h { (l * w + p, h + p) } else { (p * w + (l - h), p) };
                cells[i] = self.out[p];
                self.push(cross);
                fixed += 1;
            }
        }
        Ok(fixed)
    }

    /// Solves every line to a fixpoint.
    pub fn run_all(&mut self, cells: &mut [Cell]) -> Result<(), Line> {
        self.queue_all();
        self.run(cells)
    }
}
