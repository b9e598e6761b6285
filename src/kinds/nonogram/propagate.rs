//! Line logic over the whole grid: every line solved to a fixpoint with a queue of dirty lines.
//!
//! Lines are numbered `0..h` for rows and `h..h+w` for columns. A line is queued when one of
//! its cells changes, and only queued lines are solved again.

use std::collections::VecDeque;

use super::line::LineSolver;
use super::model::{Cell, Clue, Line, Nonogram};

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
        let (w, h) = (self.w, self.h);
        while let Some(l) = self.queue.pop_front() {
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
                continue;
            }
            self.out.clear();
            self.out.extend_from_slice(&self.buf);
            if !self.solver.solve(&self.clues[l], &self.buf, &mut self.out) {
                self.clear_queue();
                return Err(self.line_of(l));
            }
            for p in 0..self.buf.len() {
                if self.out[p] != self.buf[p] {
                    let (i, cross) = if l < h { (l * w + p, h + p) } else { (p * w + (l - h), p) };
                    cells[i] = self.out[p];
                    self.push(cross);
                }
            }
        }
        Ok(())
    }

    /// Solves every line to a fixpoint.
    pub fn run_all(&mut self, cells: &mut [Cell]) -> Result<(), Line> {
        self.queue_all();
        self.run(cells)
    }
}
