//! Line logic over the whole grid: every line solved to a fixpoint with a queue of dirty lines, and probing.
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

    /// Probing to a fixpoint: each unknown cell is tried black and white with line logic; a
    /// branch that contradicts fixes the other value, and cells both branches agree on are
    /// fixed. Every deduction is sound. `stop` is polled between probes; when it returns true,
    /// probing ends early (the grid stays sound). `Err` names a line when the grid has no
    /// solution at all.
    pub fn probe(&mut self, cells: &mut [Cell], stop: &mut dyn FnMut() -> bool) -> Result<Probed, Line> {
        let n = cells.len();
        let mut black = vec![Cell::Unknown; n];
        let mut white = vec![Cell::Unknown; n];
        let mut solved_branch = None;
        loop {
            let mut changed = false;
            for i in 0..n {
                if cells[i] != Cell::Unknown {
                    continue;
                }
                if stop() {
                    return Ok(Probed { solved_branch });
                }
                self.probes += 1;
                black.copy_from_slice(cells);
                self.set(&mut black, i, Cell::Black);
                let rb = self.run(&mut black);
                white.copy_from_slice(cells);
                self.set(&mut white, i, Cell::White);
                let rw = self.run(&mut white);
                match (rb, rw) {
                    (Err(line), Err(_)) => return Err(line),
                    (Err(_), Ok(())) => {
                        cells.copy_from_slice(&white);
                        changed = true;
                    }
                    (Ok(()), Err(_)) => {
                        cells.copy_from_slice(&black);
                        changed = true;
                    }
                    (Ok(()), Ok(())) => {
                        for j in 0..n {
                            if cells[j] == Cell::Unknown && black[j] != Cell::Unknown && black[j] == white[j] {
                                self.set(cells, j, black[j]);
                                changed = true;
                            }
                        }
                        if changed {
                            self.run(cells)?;
                        }
                        if solved_branch.is_none() {
                            if !black.contains(&Cell::Unknown) {
                                solved_branch = Some(black.clone());
                            } else if !white.contains(&Cell::Unknown) {
                                solved_branch = Some(white.clone());
                            }
                        }
                    }
                }
            }
            if !changed || !cells.contains(&Cell::Unknown) {
                return Ok(Probed { solved_branch });
            }
        }
    }
}

/// What probing found besides its deductions.
#[derive(Debug, Clone, Default)]
pub struct Probed {
    /// A complete grid that line logic accepted in one branch: an answer, not proven unique.
    pub solved_branch: Option<Vec<Cell>>,
}
