//! CDCL with the exact line solver inside: batsat over the ladder encoding, plus a theory that runs the line solver on every line whose cells changed and explains each deduction by a clause over that line's cells.
//!
//! The encoding of [`super::encode`] lets unit propagation find most, not all, of what the
//! line solver finds (measured with `examples/nonogram_up.rs`; `docs/design-notes.md`). The
//! [`LineTheory`] closes that gap inside the search: after each round of unit propagation it
//! solves the lines with newly assigned cells, and every cell the line solver fixes is
//! propagated with a reason, the assigned cells of that line that force it, shrunk greedily
//! (a cell is dropped when the line without it still admits no placement with the opposite
//! value). A line with no placement raises a conflict clause over its cells, shrunk the same
//! way. Such a clause is implied by the line's clue alone, so the search learns from line
//! reasoning as from any clause.
//!
//! The ladder clauses stay: they make a complete assignment of the cells a model of the clues
//! on their own, and the theory only adds implied clauses and propagations.
//!
//! It needs 2 to 4 times fewer conflicts than batsat alone on
//! hard puzzles, but no faster, since each conflict then costs as much more; so it is a search
//! option ([`super::solve::Search::Lines`]), not the default (figures in `docs/design-notes.md`,
//! "Nonogram solver").

use std::cell::{Cell as StdCell, RefCell};

use batsat::{
    lbool, Callbacks, ClauseKind, Lit as BLit, SolverInterface, SolverOpts, Theory, TheoryArg,
    Var as BVar,
};
use web_time::Instant;

use super::line::LineSolver;
use super::model::{Cell, Clue, Nonogram};
use crate::sat::{Cnf, Enumerate, Lit, Model, Monitor, Progress, Stats, Stopped, Throttle, Unit};

/// The line solver as a batsat theory over the cell variables `0..w*h` (reading order).
pub struct LineTheory {
    w: usize,
    h: usize,
    clues: Vec<Clue>,
    solver: LineSolver,
    /// Lines waiting to be solved, and whether each is waiting.
    queue: Vec<usize>,
    queued: Vec<bool>,
    /// Trail literals already looked at.
    seen: usize,
    /// `seen` when each decision level began.
    levels: Vec<usize>,
    /// Per cell: the reason of its last theory propagation (true literals), the line it came
    /// from, and whether the reason was shrunk already.
    reason: Vec<Vec<BLit>>,
    reason_line: Vec<usize>,
    shrunk: Vec<bool>,
    buf: Vec<Cell>,
    out: Vec<Cell>,
    conflict: Vec<BLit>,
    /// Set when the engine runs without line reasoning (plain CDCL).
    off: bool,
    /// Per cell: the line that propagated it, until the trail scan sees it ([`NONE`] otherwise).
    pending: Vec<usize>,
    pending_list: Vec<usize>,
    /// Theory propagations made (statistics).
    pub propagations: u64,
    /// Conflicts found by the line solver (statistics).
    pub conflicts: u64,
}

/// Which known cells of `line` a deduction or a conflict needs: with `extra` (a position and
/// the value opposite to the deduced one, or `None` for a conflict) the line has no placement;
/// known cells are dropped greedily, left to right, while that stays so. Returns, per
/// position, whether the cell is kept; the kept cells with `extra` still have no placement, so
/// "not all kept cells as they are, or the deduced value" is implied by the clue alone.
/// `buf` is scratch space.
pub fn reason(
    solver: &mut LineSolver,
    clue: &[u32],
    line: &[Cell],
    extra: Option<(usize, Cell)>,
    buf: &mut Vec<Cell>,
) -> Vec<bool> {
    buf.clear();
    buf.extend_from_slice(line);
    if let Some((q, c)) = extra {
        buf[q] = c;
    }
    let mut keep = vec![false; line.len()];
    for q in 0..line.len() {
        if line[q] == Cell::Unknown || extra.is_some_and(|(p, _)| p == q) {
            continue;
        }
        buf[q] = Cell::Unknown;
        if solver.feasible(clue, buf) {
            buf[q] = line[q];
            keep[q] = true;
        }
    }
    keep
}

/// No line.
const NONE: usize = usize::MAX;

/// The literal "cell is black" (or white).
fn lit_of(cell: usize, black: bool) -> BLit {
    BLit::new(BVar::unsafe_from_idx(cell as u32), black)
}

impl LineTheory {
    /// A theory for `p`'s lines; cell `i` must be batsat variable `i`.
    pub fn new(p: &Nonogram) -> Self {
        let (w, h) = (p.width(), p.height());
        let n = w * h;
        LineTheory {
            w,
            h,
            clues: p.rows().iter().chain(p.cols()).cloned().collect(),
            solver: LineSolver::new(),
            queue: Vec::with_capacity(w + h),
            queued: vec![false; w + h],
            seen: 0,
            levels: Vec::new(),
            reason: vec![Vec::new(); n],
            reason_line: vec![0; n],
            shrunk: vec![false; n],
            buf: Vec::with_capacity(w.max(h)),
            out: Vec::with_capacity(w.max(h)),
            conflict: Vec::new(),
            propagations: 0,
            conflicts: 0,
            pending: vec![NONE; n],
            pending_list: Vec::new(),
            off: false,
        }
    }

    /// Line solves so far.
    pub fn line_calls(&self) -> u64 {
        self.solver.calls
    }

    fn len_of(&self, line: usize) -> usize {
        if line < self.h {
            self.w
        } else {
            self.h
        }
    }

    /// The cell at position `q` of `line`.
    fn cell(&self, line: usize, q: usize) -> usize {
        if line < self.h {
            line * self.w + q
        } else {
            q * self.w + (line - self.h)
        }
    }

    /// The position of `cell` within `line` (one of its two lines).
    fn pos(&self, line: usize, cell: usize) -> usize {
        if line < self.h {
            cell % self.w
        } else {
            cell / self.w
        }
    }

    fn clear_queue(&mut self) {
        for l in self.queue.drain(..) {
            self.queued[l] = false;
        }
    }

    /// Drops literals of `lits` (true literals of cells of `line`) while the line, with those
    /// that remain and `extra` (a position and value, or none), still has no placement.
    fn shrink(&mut self, line: usize, lits: &mut Vec<BLit>, extra: Option<(usize, Cell)>) {
        let n = self.len_of(line);
        let mut known = vec![Cell::Unknown; n];
        for &l in lits.iter() {
            known[self.pos(line, l.var().idx() as usize)] = Cell::known(l.sign());
        }
        let keep = reason(&mut self.solver, &self.clues[line], &known, extra, &mut self.buf);
        lits.retain(|l| keep[self.pos(line, l.var().idx() as usize)]);
    }

    /// Solves one line under the current assignment; false on a conflict (raised).
    fn solve_line(&mut self, acts: &mut TheoryArg, line: usize) -> bool {
        let n = self.len_of(line);
        self.buf.clear();
        let mut unknown = 0;
        for q in 0..n {
            let v = acts.value(BVar::unsafe_from_idx(self.cell(line, q) as u32));
            let c = if v == lbool::TRUE {
                Cell::Black
            } else if v == lbool::FALSE {
                Cell::White
            } else {
                unknown += 1;
                Cell::Unknown
            };
            self.buf.push(c);
        }
        self.out.clear();
        self.out.extend_from_slice(&self.buf);
        let ok = if unknown == 0 {
            self.solver.feasible(&self.clues[line], &self.buf)
        } else {
            self.solver.solve(&self.clues[line], &self.buf, &mut self.out)
        };
        if !ok {
            self.conflicts += 1;
            let mut lits: Vec<BLit> = (0..n)
                .filter(|&q| self.buf[q] != Cell::Unknown)
                .map(|q| lit_of(self.cell(line, q), self.buf[q] == Cell::Black))
                .collect();
            self.shrink(line, &mut lits, None);
            self.conflict.clear();
            self.conflict.extend(lits.iter().map(|&l| !l));
            acts.raise_conflict(&self.conflict, true);
            return false;
        }
        if unknown == 0 {
            return true;
        }
        for q in 0..n {
            if self.out[q] != self.buf[q] {
                let cell = self.cell(line, q);
                let mut reason = std::mem::take(&mut self.reason[cell]);
                reason.clear();
                reason.extend(
                    (0..n)
                        .filter(|&r| self.buf[r] != Cell::Unknown)
                        .map(|r| lit_of(self.cell(line, r), self.buf[r] == Cell::Black)),
                );
                self.reason[cell] = reason;
                self.reason_line[cell] = line;
                self.shrunk[cell] = false;
                self.propagations += 1;
                self.pending[cell] = line;
                self.pending_list.push(cell);
                if !acts.propagate(lit_of(cell, self.out[q] == Cell::Black)) {
                    return false;
                }
            }
        }
        true
    }
}

impl Theory for LineTheory {
    fn final_check(&mut self, acts: &mut TheoryArg) {
        self.partial_check(acts);
    }

    fn create_level(&mut self) {
        self.levels.push(self.seen);
    }

    fn pop_levels(&mut self, n: usize) {
        let keep = self.levels.len() - n;
        self.seen = self.levels[keep];
        self.levels.truncate(keep);
        self.clear_queue();
        for c in self.pending_list.drain(..) {
            self.pending[c] = NONE;
        }
    }

    fn n_levels(&self) -> usize {
        self.levels.len()
    }

    fn partial_check(&mut self, acts: &mut TheoryArg) {
        if self.off {
            return;
        }
        let n = self.w * self.h;
        let trail = acts.model();
        for l in &trail[self.seen..] {
            let v = l.var().idx() as usize;
            if v < n {
                // A cell this theory fixed from one line is news only to its other line.
                let from = std::mem::replace(&mut self.pending[v], NONE);
                let (r, c) = (v / self.w, self.h + v % self.w);
                for line in [r, c] {
                    if line == from {
                        continue;
                    }
                    if !self.queued[line] {
                        self.queued[line] = true;
                        self.queue.push(line);
                    }
                }
            }
        }
        self.seen = trail.len();
        while let Some(line) = self.queue.pop() {
            self.queued[line] = false;
            if !self.solve_line(acts, line) {
                self.clear_queue();
                return;
            }
        }
    }

    fn explain_propagation(&mut self, p: BLit) -> &[BLit] {
        let cell = p.var().idx() as usize;
        if !self.shrunk[cell] {
            let line = self.reason_line[cell];
            let mut lits = std::mem::take(&mut self.reason[cell]);
            let q = self.pos(line, cell);
            self.shrink(line, &mut lits, Some((q, Cell::known(!p.sign()))));
            self.reason[cell] = lits;
            self.shrunk[cell] = true;
        }
        &self.reason[cell]
    }
}

/// batsat callbacks: counts conflicts, reports to the [`Monitor`], stops when it says so.
pub struct Watch {
    monitor: RefCell<Option<Monitor>>,
    started: Instant,
    throttle: StdCell<Throttle>,
    stopped: StdCell<bool>,
    /// Conflicts so far (learned and theory clauses).
    pub conflicts: u64,
}

impl Callbacks for Watch {
    fn on_new_clause(&mut self, _: &[BLit], kind: ClauseKind) {
        if matches!(kind, ClauseKind::Learnt | ClauseKind::Theory) {
            self.conflicts += 1;
        }
    }

    fn stop(&self) -> bool {
        if self.stopped.get() {
            return true;
        }
        let mut monitor = self.monitor.borrow_mut();
        let Some(m) = monitor.as_mut() else { return false };
        let elapsed_ms = self.started.elapsed().as_secs_f64() * 1000.0;
        let mut throttle = self.throttle.get();
        if !throttle.report(
            m,
            Progress { work: self.conflicts, unit: Unit::Conflicts, elapsed_ms, known: None },
        ) {
            self.stopped.set(true);
        }
        self.throttle.set(throttle);
        self.stopped.get()
    }
}

/// A CDCL search (batsat) over a nonogram's encoding, with or without the [`LineTheory`].
pub struct LineCdcl {
    solver: batsat::Solver<Watch>,
    theory: LineTheory,
    n_vars: usize,
    n_clauses: usize,
    solves: u32,
}

/// batsat's Luby restart unit for nonograms (its default is 100); see [`super::solve`].
pub const RESTART_FIRST: i32 = 1000;

/// How the batsat search runs; a portfolio varies `seed` (and `lines`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineCdclOptions {
    /// Run the exact line solver inside the search ([`LineTheory`]).
    pub lines: bool,
    /// 0 keeps batsat's order; otherwise the seed of random initial activities and phases.
    pub seed: u64,
}

impl LineCdcl {
    /// A search over `cnf`, whose first `w*h` variables are `p`'s cells in reading order.
    pub fn new(
        p: &Nonogram,
        cnf: &Cnf,
        options: LineCdclOptions,
        monitor: Option<Monitor>,
    ) -> Self {
        let mut opts = SolverOpts { restart_first: RESTART_FIRST, ..SolverOpts::default() };
        if options.seed != 0 {
            opts.rnd_init_act = true;
            opts.rnd_pol = true;
            opts.random_seed = (options.seed % 1_000_000_007) as f64 + 1.0;
        }
        let watch = Watch {
            monitor: RefCell::new(monitor),
            started: Instant::now(),
            throttle: StdCell::new(Throttle::new()),
            stopped: StdCell::new(false),
            conflicts: 0,
        };
        let mut solver = batsat::Solver::new(opts, watch);
        crate::sat::load_batsat(&cnf, &mut solver);
        let mut theory = LineTheory::new(p);
        theory.off = !options.lines;
        LineCdcl { solver, theory, n_vars: cnf.n_vars(), n_clauses: cnf.n_clauses(), solves: 0 }
    }

    /// The next model, `None` when there is none.
    fn solve(&mut self) -> Result<Option<Model>, Stopped> {
        if self.solver.cb().stopped.get() {
            return Err(Stopped);
        }
        self.solves += 1;
        let r = self.solver.solve_limited_th(&mut self.theory, &[]);
        if r == lbool::TRUE {
            let m = self.solver.get_model();
            Ok(Some(Model::from_values(
                (0..self.n_vars).map(|i| m.get(i) == Some(&lbool::TRUE)).collect(),
            )))
        } else if r == lbool::FALSE {
            Ok(None)
        } else {
            Err(Stopped)
        }
    }

    /// Figures about the work so far (conflicts include the line theory's).
    pub fn stats(&self) -> Stats {
        Stats {
            variables: self.n_vars,
            clauses: self.n_clauses,
            conflicts: Some(self.solver.num_conflicts()),
            solves: self.solves,
            elapsed_ms: self.solver.cb().started.elapsed().as_secs_f64() * 1000.0,
        }
    }

    /// The theory (statistics).
    pub fn theory(&self) -> &LineTheory {
        &self.theory
    }
}

impl Enumerate for LineCdcl {
    fn next_model(&mut self) -> Result<Option<Model>, Stopped> {
        self.solve()
    }

    fn block_model(&mut self, model: &Model, over: &[Lit]) {
        let mut block: Vec<BLit> = over
            .iter()
            .map(|&l| crate::sat::to_batsat(if model.value(l) { !l } else { l }))
            .collect();
        self.solver.add_clause_reuse(&mut block);
        self.n_clauses += 1;
    }
}
