//! The colour nonogram's rules on the shared deduction engine ([`crate::deduce`]) and the line
//! engine both nonograms share ([`crate::lines`]): written once and called by the solver's logic
//! phase ([`super::solve`]), the hints ([`super::hint`]), "Explain the solution", the rating, the
//! generator's levels and the photo's "adjust" path.
//!
//! Every cell keeps the **set of colours** it may still take (bit 0 the background); a decided
//! cell has one. The rules, cheapest first:
//! - **the line rule** (ranks 0 to 2, [`LINE_RANK`]): the exact coloured line solver
//!   ([`super::line`]) on one line, reading only the decided cells (what the player's marks
//!   hold): a cell every placement gives one colour is decided. Rank 0 for an empty or finished
//!   line, 1 for the overlap of a line with nothing known, 2 for line logic with known cells;
//! - **colour sets** ([`SETS_RANK`]): the same solver reading each cell's set, so what a cell's
//!   row allows and what its column allows meet ("row 3 allows only red or empty here; column 5
//!   allows only blue or empty, so it is empty"). The solver's state keeps the narrowed sets
//!   between lines; the hints' state works them out again from the marks each time (a mark holds
//!   a decided cell, never a set) and tells the first cell they decide;
//! - **the one-cell contradiction** ([`CONTRADICTION_RANK`]): suppose a cell that may be one of
//!   two colours is one of them and run colour-set logic from there; when a line is left with no
//!   placement within [`PROBE_SOLVES`] line solves and [`CHAIN_MAX`] lines, it is the other.
//!
//! Every deduction holds in every answer that agrees with the decided cells: the line solver
//! keeps every colour some placement gives, sets only shrink by such solves, and a contradiction
//! is that logic run on an assumption that leaves a line with no placement at all.

pub use super::line::single;
use super::line::{Colours, LineSolver};
use super::model::{ColourNonogram, Line, Run};
use super::words;
use crate::deduce::{Deduction, Found, Logic, Rung};
use crate::lines::probe::{Link, Probe};
use crate::lines::{Dirty, Geometry};

pub use super::words::{clue_words, colour_word};

pub mod assume;

/// The ladder: line logic in three ranks a person tells apart, colour sets, then the one-cell
/// contradiction.
pub const LADDER: &[Rung] = &[
    Rung { rules: "Empty and finished lines", level: "line", rating: "line logic" },
    Rung {
        rules: "Overlap and edges in a line with nothing known",
        level: "line",
        rating: "line logic",
    },
    Rung { rules: "Line logic with known cells", level: "line", rating: "line logic" },
    Rung {
        rules: "Colour sets (what a cell's row and its column allow together)",
        level: "sets",
        rating: "line logic with colour sets",
    },
    Rung {
        rules: "One-cell contradiction (a chain of at most 12 lines of colour-set logic)",
        level: "contradiction",
        rating: "line logic with one-cell contradictions",
    },
];

/// The highest rank of line logic on decided cells alone.
pub const LINE_RANK: u8 = 2;
/// The rank of colour sets (what the solver's logic phase, the generator's `easy` level and
/// the photo's "adjust" path run to).
pub const SETS_RANK: u8 = 3;
/// The rank of the one-cell contradiction.
pub const CONTRADICTION_RANK: u8 = 4;
/// The most lines a contradiction's chain may show (the contradicting line included).
pub const CHAIN_MAX: usize = 12;
/// Line solves one trial may take before it is given up.
pub const PROBE_SOLVES: usize = 160;
/// A chain this short (the contradicting line included) is shown at once.
const CHAIN_SHORT: usize = 3;
/// Trials after the first that breaks a line, looking for a shorter chain.
const LOOK_FURTHER: usize = 24;

const RULES: [&str; 5] =
    ["Empty or finished line", "Overlap", "Line logic", "Colour sets", "One-cell contradiction"];

/// One change: a cell (reading order) and the set of colours it may still take (one colour
/// when it is decided; bit 0 the background).
pub type Change = (usize, Colours);

/// A colour nonogram's state of knowledge and the work space of its rules.
#[derive(Debug, Clone)]
pub struct Lines {
    g: Geometry,
    clues: Vec<Vec<Run>>,
    names: Vec<String>,
    full: Colours,
    /// Each cell's colours.
    sets: Vec<Colours>,
    known: usize,
    solver: LineSolver,
    /// Lines to solve on decided cells (one of their cells was decided).
    dirty: Dirty,
    /// Lines to solve on the sets (one of their cells' sets shrank; the solver's state).
    narrow: Dirty,
    buf: Vec<Colours>,
    out: Vec<Colours>,
    /// Sentences and the cheapest-first choice (hints); the solver's state has none.
    words: bool,
    /// The hints' state: each line's pending deduction (rank, cells), valid while not queued.
    pending: Vec<Option<(u8, usize)>>,
    /// The hints' state: what each line allows each of its cells on the decided cells alone,
    /// valid while not queued.
    allow: Vec<Vec<Colours>>,
    /// The line found with no placement, when [`Logic::find`] said broken.
    pub broken: Option<Line>,
}

impl Lines {
    fn new(p: &ColourNonogram, cells: &[Option<u8>], words: bool) -> Self {
        let g = Geometry { w: p.width(), h: p.height() };
        let full = super::encode::all_colours(p);
        let sets: Vec<Colours> = cells.iter().map(|c| c.map_or(full, |c| 1u64 << c)).collect();
        let mut s = Lines {
            g,
            clues: p.rows().iter().chain(p.cols()).cloned().collect(),
            names: words::colour_names(p),
            full,
            known: sets.iter().filter(|s| s.count_ones() == 1).count(),
            sets,
            solver: LineSolver::new(),
            dirty: Dirty::new(g.lines()),
            narrow: Dirty::new(g.lines()),
            buf: Vec::new(),
            out: Vec::new(),
            words,
            pending: vec![None; g.lines()],
            allow: vec![Vec::new(); g.lines()],
            broken: None,
        };
        s.dirty.all();
        s.narrow.all();
        s
    }

    /// The solver's state for `cells` (reading order, `None` blank): lines from a queue, no sentences.
    pub fn for_solver(p: &ColourNonogram, cells: &[Option<u8>]) -> Self {
        Lines::new(p, cells, false)
    }

    /// The hints' state for `cells`: the cheapest deduction first, with its words.
    pub fn for_hints(p: &ColourNonogram, cells: &[Option<u8>]) -> Self {
        Lines::new(p, cells, true)
    }

    /// The decided cells, in reading order (`None` not decided).
    pub fn cells(&self) -> Vec<Option<u8>> {
        self.sets.iter().map(|&s| single(s)).collect()
    }

    /// Whether cell `i` is decided.
    pub fn is_decided(&self, i: usize) -> bool {
        self.sets[i].count_ones() == 1
    }

    /// Each cell's set of colours, in reading order.
    pub fn sets(&self) -> &[Colours] {
        &self.sets
    }

    /// Decides cell `i` as `colour` (a given or a revealed cell) and queues its lines.
    pub fn decide(&mut self, i: usize, colour: u8) {
        self.apply(&[(i, 1u64 << colour)]);
    }

    /// What the words read of the state.
    fn ctx(&self) -> words::Ctx<'_> {
        words::Ctx { g: self.g, clues: &self.clues, names: &self.names, sets: &self.sets }
    }

    /// A line whose clue has no placement on the sets, if any (a grid every cell of which is
    /// decided still has to fit every clue).
    pub fn check_all(&mut self) -> Option<Line> {
        let sets = std::mem::take(&mut self.sets);
        let broken = (0..self.g.lines()).find(|&l| !self.solve_line(l, &sets, false));
        self.sets = sets;
        broken.map(|l| self.g.line_of(l))
    }

    /// Lines solved so far.
    pub fn line_calls(&self) -> u64 {
        self.solver.calls
    }

    /// Solves line `l` of `sets` into `out`; with `decided_only`, a cell of several colours is
    /// read as any colour. `false` when the clue has no placement.
    fn solve_line(&mut self, l: usize, sets: &[Colours], decided_only: bool) -> bool {
        self.g.read(l, sets, &mut self.buf);
        if decided_only {
            let full = self.full;
            self.buf.iter_mut().filter(|s| s.count_ones() != 1).for_each(|s| *s = full);
        }
        self.out.clear();
        self.out.resize(self.buf.len(), 0);
        self.solver.solve(&self.clues[l], &self.buf, &mut self.out)
    }

    /// The cells of line `l` the last solve decided (not decided in `sets` before), as
    /// (position, colour).
    fn decided(&self, l: usize, sets: &[Colours]) -> Vec<(usize, u8)> {
        (0..self.out.len())
            .filter(|&q| sets[self.g.at(l, q)].count_ones() != 1)
            .filter_map(|q| single(self.out[q]).map(|c| (q, c)))
            .collect()
    }

    /// The rank of what the last solve of line `l` decided: 0 empty or finished line, 1 a line
    /// with nothing known, 2 line logic with known cells.
    fn rank_of(&self, l: usize, decided: &[(usize, u8)]) -> u8 {
        let n = self.out.len();
        let known = |q: usize| self.sets[self.g.at(l, q)].count_ones() == 1;
        let complete_after = (0..n).all(|q| known(q) || decided.iter().any(|d| d.0 == q));
        if self.clues[l].is_empty() || (complete_after && decided.iter().all(|d| d.1 == 0)) {
            0
        } else if !(0..n).any(known) {
            1
        } else {
            2
        }
    }

    fn broken_line(&mut self, l: usize, with_sets: bool) -> Found<Change> {
        self.dirty.clear();
        self.narrow.clear();
        let line = self.g.line_of(l);
        self.broken = Some(line);
        let idx = self.g.cells_of(l);
        let marked: Vec<usize> =
            idx.iter().copied().filter(|&i| self.sets[i].count_ones() == 1).collect();
        let clue = clue_words(&self.names, &self.clues[l]);
        let sentence = if !self.words {
            format!("{} ({clue}) has no placement of its runs left.", line.title())
        } else if with_sets {
            format!("{} ({clue}): with the colours the crossing lines allow, no placement of its runs fits, so one of the marks is wrong.", line.title())
        } else {
            format!("{} ({clue}): the marks in this line fit no placement of its runs, so one of them is wrong.", line.title())
        };
        Found::Broken { cells: if self.words { marked } else { idx }, sentence }
    }

    /// The solver's find: lines queued on decided cells first (ranks up to [`LINE_RANK`]), then,
    /// when `upto` allows, lines queued on their sets ([`SETS_RANK`], sets narrowed too), then
    /// the contradiction.
    fn find_queued(&mut self, upto: u8) -> Found<Change> {
        while let Some(l) = self.dirty.pop() {
            let sets = std::mem::take(&mut self.sets);
            let ok = self.solve_line(l, &sets, true);
            self.sets = sets;
            if !ok {
                return self.broken_line(l, false);
            }
            let decided = self.decided(l, &self.sets);
            if decided.is_empty() {
                continue;
            }
            let rank = self.rank_of(l, &decided);
            let mut changes = Vec::new();
            for &(q, c) in &decided {
                let i = self.g.at(l, q);
                if self.sets[i] & (1u64 << c) == 0 {
                    return self.broken_line(l, true);
                }
                changes.push((i, 1u64 << c));
            }
            changes.sort_unstable_by_key(|c| c.0);
            return Found::Deduction(self.bare(rank, changes));
        }
        if upto < SETS_RANK {
            return Found::Nothing;
        }
        while let Some(l) = self.narrow.pop() {
            let sets = std::mem::take(&mut self.sets);
            let ok = self.solve_line(l, &sets, false);
            self.sets = sets;
            if !ok {
                return self.broken_line(l, true);
            }
            let mut changes: Vec<Change> = (0..self.out.len())
                .filter(|&q| self.out[q] != self.buf[q])
                .map(|q| (self.g.at(l, q), self.out[q]))
                .collect();
            if !changes.is_empty() {
                changes.sort_unstable_by_key(|c| c.0);
                return Found::Deduction(self.bare(SETS_RANK, changes));
            }
        }
        if upto >= CONTRADICTION_RANK {
            let base = self.sets.clone();
            if let Some(d) = self.contradiction(&base) {
                return Found::Deduction(d);
            }
        }
        Found::Nothing
    }

    /// A deduction without words (the solver's).
    fn bare(&self, rank: u8, changes: Vec<Change>) -> Deduction<Change> {
        Deduction::new(RULES[rank as usize], rank, changes, Vec::new(), Vec::new(), String::new())
    }

    /// The hints' find: every line's pending deduction brought up to date, then the cheapest
    /// (lowest rank, then most cells, then the first line) told in words; when none, colour
    /// sets, then the contradiction, as `upto` allows.
    fn find_cheapest(&mut self, upto: u8) -> Found<Change> {
        while let Some(l) = self.dirty.pop() {
            let sets = std::mem::take(&mut self.sets);
            let ok = self.solve_line(l, &sets, true);
            self.sets = sets;
            if !ok {
                self.allow[l].clear();
                return self.broken_line(l, false);
            }
            self.allow[l].clone_from(&self.out);
            let decided = self.decided(l, &self.sets);
            self.pending[l] =
                (!decided.is_empty()).then(|| (self.rank_of(l, &decided), decided.len()));
        }
        let best = (0..self.g.lines())
            .filter_map(|l| self.pending[l].map(|(r, n)| (r, std::cmp::Reverse(n), l)))
            .min();
        if let Some((_, _, l)) = best {
            let sets = std::mem::take(&mut self.sets);
            self.solve_line(l, &sets, true);
            self.sets = sets;
            let decided = self.decided(l, &self.sets);
            let rank = self.rank_of(l, &decided);
            return Found::Deduction(words::line_step(&self.ctx(), l, rank, &decided));
        }
        if upto < SETS_RANK {
            return Found::Nothing;
        }
        // Colour sets: first a cell where its row's and its column's allowance meet in one
        // colour, then the sets worked out line by line.
        if let Some(d) = self.meeting() {
            return Found::Deduction(d);
        }
        let mut sets = self.met_sets();
        match self.sets_step(&mut sets) {
            Err(l) => return self.broken_line(l, true),
            Ok(Some(d)) => return Found::Deduction(d),
            Ok(None) => {}
        }
        if upto >= CONTRADICTION_RANK {
            if let Some(d) = self.contradiction(&sets) {
                return Found::Deduction(d);
            }
        }
        Found::Nothing
    }

    /// The first cell (reading order) whose row and column, each on the decided cells alone,
    /// allow only one colour in common.
    fn meeting(&self) -> Option<Deduction<Change>> {
        let (w, h) = (self.g.w, self.g.h);
        let i = (0..w * h).find(|&i| {
            let (r, c) = (i / w, i % w);
            self.sets[i].count_ones() != 1
                && single(self.allow[r][c] & self.allow[h + c][r]).is_some()
        })?;
        let both = (self.allow[i / w][i % w], self.allow[h + i % w][i / w]);
        Some(words::meeting_step(&self.ctx(), i, both, SETS_RANK))
    }

    /// Each cell's set where its row's and its column's allowance meet (decided cells as they are).
    fn met_sets(&self) -> Vec<Colours> {
        let (w, h) = (self.g.w, self.g.h);
        (0..w * h)
            .map(|i| {
                let (r, c) = (i / w, i % w);
                self.sets[i] & self.allow[r][c] & self.allow[h + c][r]
            })
            .collect()
    }

    /// Colour-set logic on `sets` (narrowed in place) until a line decides a cell that is not
    /// decided in the marks: that step, in words. `Err(line)` when a line has no placement.
    fn sets_step(&mut self, sets: &mut [Colours]) -> Result<Option<Deduction<Change>>, usize> {
        let lines = self.g.lines();
        // What each line allows its cells so far (the crossing allowances a step names).
        let mut allowed = self.allow.clone();
        let mut q = Dirty::new(lines);
        q.all();
        while let Some(l) = q.pop() {
            if !self.solve_line(l, sets, false) {
                return Err(l);
            }
            allowed[l].clone_from(&self.out);
            let mut decided = Vec::new();
            for p in 0..self.out.len() {
                let i = self.g.at(l, p);
                if self.out[p] != sets[i] {
                    if single(self.out[p]).is_some() && self.sets[i].count_ones() != 1 {
                        decided.push(p);
                    }
                    sets[i] = self.out[p];
                    q.push(self.g.cross(l, p));
                }
            }
            if !decided.is_empty() {
                return Ok(Some(self.sets_words(l, &decided, &allowed)));
            }
        }
        Ok(None)
    }

    /// The colour-sets step of line `l`, which decided the cells at positions `decided` once
    /// the crossing lines' allowances `allowed` were read: the allowances it needs (each left
    /// out in turn when the line decides as much without it), in words.
    fn sets_words(
        &mut self,
        l: usize,
        decided: &[usize],
        allowed: &[Vec<Colours>],
    ) -> Deduction<Change> {
        let g = self.g;
        let idx = g.cells_of(l);
        let across_pos = if g.is_row(l) { l } else { l - g.h };
        let cross: Vec<Colours> =
            (0..idx.len()).map(|p| allowed[g.cross(l, p)][across_pos]).collect();
        let found: Vec<(usize, u8)> =
            decided.iter().map(|&p| (p, single(self.out[p]).expect("decided"))).collect();
        let full = self.full;
        let mut keep: Vec<usize> = (0..idx.len())
            .filter(|&p| self.sets[idx[p]].count_ones() != 1 && cross[p] != full)
            .collect();
        let holds = |s: &mut Lines, keep: &[usize]| {
            s.solve_with(l, &cross, keep)
                .is_some_and(|out| found.iter().all(|&(p, c)| out[p] == 1u64 << c))
        };
        if holds(self, &keep) {
            let mut k = 0;
            while k < keep.len() {
                let mut fewer = keep.clone();
                fewer.remove(k);
                if holds(self, &fewer) {
                    keep = fewer;
                } else {
                    k += 1;
                }
            }
        }
        words::sets_step(&self.ctx(), l, &found, (&keep, &cross), SETS_RANK)
    }

    /// Solves line `l` on the decided cells and the crossing allowances `cross` at positions
    /// `keep` (every other undecided cell read as any colour); the colours it leaves each cell.
    fn solve_with(&mut self, l: usize, cross: &[Colours], keep: &[usize]) -> Option<Vec<Colours>> {
        let mut sets: Vec<Colours> = self.g.cells_of(l).iter().map(|&i| self.sets[i]).collect();
        for (p, s) in sets.iter_mut().enumerate() {
            if s.count_ones() != 1 {
                *s = if keep.contains(&p) { cross[p] } else { self.full };
            }
        }
        let mut out = vec![0; sets.len()];
        self.solver.solve(&self.clues[l], &sets, &mut out).then_some(out)
    }

    /// The undecided cells to try, cheapest first: two colours left, fewest undecided cells in
    /// their row and column together, then reading order.
    fn candidates(&self, sets: &[Colours]) -> Vec<usize> {
        let (w, h) = (self.g.w, self.g.h);
        let mut open = vec![0u32; w + h];
        for (i, s) in sets.iter().enumerate() {
            if s.count_ones() != 1 {
                open[i / w] += 1;
                open[h + i % w] += 1;
            }
        }
        let mut v: Vec<(u32, usize)> = (0..sets.len())
            .filter(|&i| sets[i].count_ones() == 2)
            .map(|i| (open[i / w] + open[h + i % w], i))
            .collect();
        v.sort_unstable();
        v.into_iter().map(|(_, i)| i).collect()
    }

    /// **The one-cell contradiction** from `sets` (the colour sets so far): a cell with two
    /// colours left, one supposed; a line left without a placement decides it as the other.
    fn contradiction(&mut self, sets: &[Colours]) -> Option<Deduction<Change>> {
        let mut probe: Probe<Colours> = Probe::new(self.g);
        let mut best: Option<(usize, u8, Vec<Link>, Vec<Colours>)> = None;
        let mut left = LOOK_FURTHER;
        'cells: for i in self.candidates(sets) {
            let two = [sets[i].trailing_zeros() as u8, 63 - sets[i].leading_zeros() as u8];
            for value in two {
                if best.is_some() {
                    if left == 0 {
                        break 'cells;
                    }
                    left -= 1;
                }
                let longest = best.as_ref().map_or(CHAIN_MAX, |b| b.2.len() - 1);
                let Lines { solver, clues, .. } = self;
                let mut solve = |l: usize, buf: &[Colours], out: &mut Vec<Colours>| {
                    out.clear();
                    out.resize(buf.len(), 0);
                    solver.solve(&clues[l], buf, out)
                };
                let assume = (i, 1u64 << value);
                let Some(chain) =
                    probe.run(self.g, sets, assume, (PROBE_SOLVES, longest), &mut solve)
                else {
                    continue;
                };
                let short = chain.len() <= CHAIN_SHORT;
                best = Some((i, value, chain, probe.cells.clone()));
                if short {
                    break 'cells;
                }
            }
        }
        let (i, value, chain, trial) = best?;
        let other = single(sets[i] & !(1u64 << value)).expect("two colours");
        if !self.words {
            let d = self.bare(CONTRADICTION_RANK, vec![(i, 1u64 << other)]);
            return Some(Deduction { cells: vec![i], ..d });
        }
        let how = (CONTRADICTION_RANK, CHAIN_MAX);
        Some(words::chain_step(&self.ctx(), (i, value, other), &chain, (sets, &trial), how))
    }
}

impl Logic for Lines {
    type Change = Change;
    const LADDER: &'static [Rung] = LADDER;

    fn find(&mut self, upto: u8) -> Found<Change> {
        if self.words {
            self.find_cheapest(upto)
        } else {
            self.find_queued(upto)
        }
    }

    fn apply(&mut self, changes: &[Change]) {
        for &(i, set) in changes {
            let was = self.sets[i];
            let now = was & set;
            if now == was {
                continue;
            }
            if now.count_ones() == 1 && was.count_ones() != 1 {
                self.known += 1;
                for l in self.g.through(i) {
                    self.dirty.push(l);
                }
            }
            self.sets[i] = now;
            for l in self.g.through(i) {
                self.narrow.push(l);
            }
        }
    }

    fn known(&self) -> (usize, usize) {
        (self.known, self.sets.len())
    }
}
