//! The nonogram's rules on the shared deduction engine ([`crate::deduce`]): each rule written
//! once, returning a [`Deduction`], and called by everything that reasons by rules.
//!
//! - the solver's logic phase ([`super::propagate::Propagator`], used by [`super::solve`] and the
//!   image art's givens): [`deduce::run`] up to [`LINE_RANK`] on a state made
//!   [`Lines::for_solver`], which takes lines from a queue of dirty lines and builds no sentence;
//! - a hint ([`super::hint::next_step`]) and so "Explain the solution": the first deduction of a
//!   state made [`Lines::for_hints`], cheapest rank first, with its sentence and figures;
//! - the rating: the hardest rank the explanation used, named by [`LADDER`].
//!
//! The rules:
//! - **the line rule** ([`Lines::line_rule`]): the exact line solver ([`super::line`]) on one
//!   line; what every placement of the runs that fits the known cells agrees on. Its rank says
//!   how a person sees it: 0 for an empty line or a finished one (its runs all placed, the rest
//!   empty), 1 for the overlap of a line with nothing known, 3 for line logic with known cells;
//! - **simple boxes and simple spaces** (rank 2, [`simple_cells`]): on a line with known cells,
//!   each run's leftmost and rightmost start that fit them (edge forcing included: a filled
//!   cell near an edge pulls its run's leftmost start right); a cell every start of one run
//!   covers is filled, a cell no start of any run reaches is empty. Taken before the line rule
//!   of rank 3 when it finds something (always a part of what the line rule finds);
//! - **the one-cell contradiction** (rank 4, [`Lines::contradiction`]): suppose a blank cell
//!   filled (or empty) and run the line rule from there; when some line then has no placement
//!   of its clue within [`PROBE_SOLVES`] line solves, and the lines the contradiction rests on
//!   are at most [`CHAIN_MAX`], the cell is the other value. Cells in nearly finished lines are
//!   tried first, both values each; after the first trial that breaks a line, a few more look
//!   for a shorter chain ([`LOOK_FURTHER`], [`CHAIN_SHORT`]). The chain shown is only the lines the contradiction needs
//!   (a line is kept when a later kept line, or the contradicting one, reads a cell it set).
//!
//! Every deduction holds in every answer that agrees with the known cells: the line rule keeps
//! only what all of a line's placements agree on, and a contradiction is line logic run on an
//! assumption that then leaves a line with no placement at all.

use super::line::LineSolver;
use super::model::{Cell, Clue, Line, Nonogram};
use super::words::{clue_text, describe, describe_chain};
use crate::deduce::{Deduction, Found, Logic, Rung};
use crate::lines::probe::{Link, Probe};
use crate::lines::{Dirty, Geometry};

pub mod assume;

/// The nonogram's ladder: line logic in four ranks a person tells apart, then the one-cell
/// contradiction.
pub const LADDER: &[Rung] = &[
    Rung { rules: "Empty and finished lines", level: "line", rating: "line logic" },
    Rung { rules: "Overlap in a line with nothing known", level: "line", rating: "line logic" },
    Rung {
        rules: "Simple boxes and simple spaces (each run between its leftmost and rightmost start)",
        level: "line",
        rating: "line logic",
    },
    Rung { rules: "Line logic with known cells", level: "line", rating: "line logic" },
    Rung {
        rules: "One-cell contradiction (a chain of at most 12 lines of line logic)",
        level: "contradiction",
        rating: "line logic with one-cell contradictions",
    },
];

/// The rank of simple boxes and simple spaces (the easy rules a person uses on a line with
/// known cells; see [`simple_cells`]).
pub const SIMPLE_RANK: u8 = 2;
/// The highest rank of line logic (what the solver's logic phase runs to).
pub const LINE_RANK: u8 = 3;
/// The rank of the one-cell contradiction.
pub const CONTRADICTION_RANK: u8 = 4;
/// The most lines a contradiction's chain may show (the contradicting line included); the
/// ladder's words say the same number.
pub const CHAIN_MAX: usize = 12;
/// Line solves one trial may take before it is given up (it looks for a short chain, and a
/// trial that spreads over the whole grid would not make one).
pub const PROBE_SOLVES: usize = 120;
/// A chain this short (the contradicting line included) is shown at once.
pub const CHAIN_SHORT: usize = 3;
/// Trials after the first that breaks a line, looking for a shorter chain.
pub const LOOK_FURTHER: usize = 24;

/// One change: a cell (reading order) and its new value.
pub type Change = (usize, Cell);

/// A nonogram's state of knowledge and the work space of its rules.
///
/// Lines are numbered `0..h` for rows and `h..h+w` for columns. A line is queued when one of its
/// cells changes; the solver's state solves queued lines in order, the hints' state keeps what
/// each line would deduce until one of its cells changes.
#[derive(Debug, Clone)]
pub struct Lines {
    g: Geometry,
    clues: Vec<Clue>,
    cells: Vec<Cell>,
    given: Vec<bool>,
    known: usize,
    solver: LineSolver,
    dirty: Dirty,
    buf: Vec<Cell>,
    out: Vec<Cell>,
    /// The line rule's whole finding while the simple rule is tried; each run's starts.
    full: Vec<Cell>,
    starts: Vec<Vec<usize>>,
    /// Sentences, figures and the cheapest-first choice (hints); the solver's state has none.
    words: bool,
    /// The hints' state: each line's pending deduction (rank, cells), valid while not queued.
    pending: Vec<Option<(u8, usize)>>,
    /// The line the last deduction came from (its own solve is a fixpoint: not queued again).
    last: Option<usize>,
    /// The line found with no placement, when [`Logic::find`] said broken.
    pub broken: Option<Line>,
}

impl Lines {
    fn new(p: &Nonogram, cells: &[Cell], words: bool) -> Self {
        let (w, h) = (p.width(), p.height());
        let start = p.start();
        let mut s = Lines {
            g: Geometry { w, h },
            clues: p.rows().iter().chain(p.cols()).cloned().collect(),
            cells: cells.to_vec(),
            given: start.iter().map(|&c| c != Cell::Unknown).collect(),
            known: cells.iter().filter(|&&c| c != Cell::Unknown).count(),
            solver: LineSolver::new(),
            dirty: Dirty::new(w + h),
            buf: Vec::with_capacity(w.max(h)),
            out: Vec::with_capacity(w.max(h)),
            full: Vec::with_capacity(w.max(h)),
            starts: Vec::new(),
            words,
            pending: vec![None; w + h],
            last: None,
            broken: None,
        };
        s.queue_all();
        s
    }

    /// The solver's state for `cells`: lines from the queue, no sentences.
    pub fn for_solver(p: &Nonogram, cells: &[Cell]) -> Self {
        Lines::new(p, cells, false)
    }

    /// The hints' state for `cells`: the cheapest deduction first, with its words.
    pub fn for_hints(p: &Nonogram, cells: &[Cell]) -> Self {
        Lines::new(p, cells, true)
    }

    /// The cells, in reading order.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// Replaces the cells (queues nothing; see [`Lines::set`] and [`Lines::queue_all`]).
    pub fn load(&mut self, cells: &[Cell]) {
        self.cells.copy_from_slice(cells);
        self.known = cells.iter().filter(|&&c| c != Cell::Unknown).count();
    }

    /// Lines solved so far.
    pub fn line_calls(&self) -> u64 {
        self.solver.calls
    }

    /// Sets cell `i` (to a known value) and queues its row and column.
    pub fn set(&mut self, i: usize, value: Cell) {
        if self.cells[i] == Cell::Unknown && value != Cell::Unknown {
            self.known += 1;
        }
        self.cells[i] = value;
        for l in self.g.through(i) {
            self.dirty.push(l);
        }
    }

    /// Queues every line.
    pub fn queue_all(&mut self) {
        self.dirty.all();
    }

    /// Queues the line of the last deduction again (when it was found but not applied).
    pub fn requeue_last(&mut self) {
        if let Some(l) = self.last.take() {
            self.dirty.push(l);
        }
    }

    /// Solves the queued lines without applying anything, as a complete grid still has to fit
    /// every clue: the first line with no placement, if any.
    pub fn check_queued(&mut self) -> Option<Line> {
        while let Some(l) = self.dirty.pop() {
            if !self.line_rule(l) {
                self.clear_queue();
                self.broken = Some(self.g.line_of(l));
                return self.broken;
            }
        }
        None
    }

    /// Empties the queue of dirty lines.
    pub fn clear_queue(&mut self) {
        self.dirty.clear();
    }

    /// **The line rule**, the one place a line is solved: line `l` of `cells` is read into
    /// `buf`, and `out` gets every cell all its placements agree on (the others as in `buf`).
    /// `false` when the clue has no placement that fits the known cells.
    fn solve_into(
        solver: &mut LineSolver,
        clue: &[u32],
        cells: &[Cell],
        g: Geometry,
        l: usize,
        buf: &mut Vec<Cell>,
        out: &mut Vec<Cell>,
    ) -> bool {
        g.read(l, cells, buf);
        Lines::solve_line(solver, clue, buf, out)
    }

    /// The line rule on a line already read into `buf`.
    fn solve_line(
        solver: &mut LineSolver,
        clue: &[u32],
        buf: &[Cell],
        out: &mut Vec<Cell>,
    ) -> bool {
        out.clear();
        out.extend_from_slice(buf);
        if buf.contains(&Cell::Unknown) {
            solver.solve(clue, buf, out)
        } else {
            solver.feasible(clue, buf)
        }
    }

    /// The line rule on line `l` of the state (see [`Lines::solve_into`]).
    fn line_rule(&mut self, l: usize) -> bool {
        Lines::solve_into(
            &mut self.solver,
            &self.clues[l],
            &self.cells,
            self.g,
            l,
            &mut self.buf,
            &mut self.out,
        )
    }

    /// The rank of what the line rule found in `buf` → `out`: 0 empty or finished line,
    /// 1 overlap of an untouched line, [`LINE_RANK`] line logic with known cells.
    fn rank_of(&self, l: usize) -> u8 {
        let clue = &self.clues[l];
        let no_new_black = (0..self.buf.len())
            .all(|q| !(self.buf[q] == Cell::Unknown && self.out[q] == Cell::Black));
        if clue.is_empty() || (no_new_black && !self.out.contains(&Cell::Unknown)) {
            0
        } else if !self.buf.iter().any(|&c| c != Cell::Unknown) {
            1
        } else {
            LINE_RANK
        }
    }

    /// The rank of line `l`'s deduction after the line rule found something in `buf` → `out`:
    /// [`Lines::rank_of`], except that a deduction of [`LINE_RANK`] becomes the simple rule's
    /// ([`SIMPLE_RANK`], `out` then holding only what [`simple_cells`] finds) when it finds
    /// anything and `simple` asks for it.
    fn rank_with_simple(&mut self, l: usize, simple: bool) -> u8 {
        let rank = self.rank_of(l);
        if rank != LINE_RANK || !simple {
            return rank;
        }
        let Lines { solver, clues, buf, out, full, starts, .. } = self;
        full.clear();
        full.extend_from_slice(out);
        out.clear();
        out.extend_from_slice(buf);
        if solver.starts(&clues[l], buf, starts) && simple_cells(&clues[l], starts, buf, out) {
            return SIMPLE_RANK;
        }
        out.clear();
        out.extend_from_slice(full);
        LINE_RANK
    }

    /// The changes the line rule found in `buf` → `out` for line `l`, in reading order.
    fn changes_of(&self, l: usize) -> Vec<Change> {
        let mut v: Vec<Change> = (0..self.buf.len())
            .filter(|&q| self.buf[q] != self.out[q])
            .map(|q| (self.g.at(l, q), self.out[q]))
            .collect();
        v.sort_unstable_by_key(|c| c.0);
        v
    }

    /// The solver's find: queued lines in order until one deduces something of rank at most
    /// `upto` (a line whose deduction ranks higher waits until one of its cells changes).
    fn find_queued(&mut self, upto: u8) -> Found<Change> {
        while let Some(l) = self.dirty.pop() {
            if !self.line_rule(l) {
                return self.broken_line(l);
            }
            if self.buf != self.out {
                let rank = self.rank_with_simple(l, upto < LINE_RANK);
                if rank > upto {
                    continue;
                }
                let changes = self.changes_of(l);
                // The simple rule's deduction is not the line's fixpoint: its line is queued again.
                self.last = (rank != SIMPLE_RANK).then_some(l);
                return Found::Deduction(Deduction::new(
                    RULES[rank as usize],
                    rank,
                    changes,
                    Vec::new(),
                    Vec::new(),
                    String::new(),
                ));
            }
        }
        Found::Nothing
    }

    /// The hints' find: every line's pending deduction brought up to date, then the cheapest
    /// (lowest rank, then most cells, then the first line) told in words, when its rank is at
    /// most `upto`.
    fn find_cheapest(&mut self, upto: u8) -> Found<Change> {
        while let Some(l) = self.dirty.pop() {
            if !self.line_rule(l) {
                return self.broken_line(l);
            }
            let pending = if self.buf != self.out {
                let rank = self.rank_with_simple(l, true);
                Some((rank, (0..self.buf.len()).filter(|&q| self.buf[q] != self.out[q]).count()))
            } else {
                None
            };
            self.pending[l] = pending;
        }
        let best = (0..self.g.lines())
            .filter_map(|l| self.pending[l].map(|(r, n)| (r, std::cmp::Reverse(n), l)))
            .min();
        let Some((_, _, l)) = best.filter(|b| b.0 <= upto) else { return Found::Nothing };
        self.line_rule(l);
        let rank = self.rank_with_simple(l, true);
        self.last = (rank != SIMPLE_RANK).then_some(l);
        Found::Deduction(self.describe_line(l, rank))
    }

    fn broken_line(&mut self, l: usize) -> Found<Change> {
        self.clear_queue();
        let line = self.g.line_of(l);
        self.broken = Some(line);
        let idx = self.g.cells_of(l);
        if self.words {
            let marked: Vec<usize> = idx
                .iter()
                .copied()
                .filter(|&i| self.cells[i] != Cell::Unknown && !self.given[i])
                .collect();
            Found::Broken {
                cells: marked,
                sentence: format!(
                    "{}, clue {}: the marks in this {} fit no placement of the runs, so one of them is wrong.",
                    line.title(),
                    clue_text(&self.clues[l]),
                    line.word()
                ),
            }
        } else {
            Found::Broken { cells: idx, sentence: format!("{line} has no placement of its clue") }
        }
    }

    /// The line rule's deduction on line `l` (solved into `buf` → `out`), with its words.
    fn describe_line(&mut self, l: usize, rank: u8) -> Deduction<Change> {
        let line = self.g.line_of(l);
        let idx = self.g.cells_of(l);
        let clue = self.clues[l].clone();
        let (buf, out) = (self.buf.clone(), self.out.clone());
        let blacks: Vec<usize> =
            (0..buf.len()).filter(|&q| buf[q] == Cell::Unknown && out[q] == Cell::Black).collect();
        let whites: Vec<usize> =
            (0..buf.len()).filter(|&q| buf[q] == Cell::Unknown && out[q] == Cell::White).collect();
        let mut starts = Vec::new();
        self.solver.starts(&clue, &buf, &mut starts);
        let changes = self.changes_of(l);
        let (rule, sentence, figures) =
            describe(line, &idx, &buf, &clue, &blacks, &whites, &starts, (rank, SIMPLE_RANK));
        let mut d = Deduction::new(
            rule,
            rank,
            changes.clone(),
            changes.iter().map(|c| c.0).collect(),
            idx.iter().zip(&buf).filter(|(_, c)| **c != Cell::Unknown).map(|(&i, _)| i).collect(),
            sentence,
        )
        .clues(vec![line.to_string()]);
        d.figures = figures;
        d
    }

    /// The unknown cells to try, cheapest first: fewest blank cells in their row and column
    /// together (nearly finished lines), then reading order.
    fn candidates(&self) -> Vec<usize> {
        let (w, h) = (self.g.w, self.g.h);
        let mut blank = vec![0u32; w + h];
        for (i, &c) in self.cells.iter().enumerate() {
            if c == Cell::Unknown {
                blank[i / w] += 1;
                blank[h + i % w] += 1;
            }
        }
        let mut v: Vec<(u32, usize)> = (0..self.cells.len())
            .filter(|&i| self.cells[i] == Cell::Unknown)
            .map(|i| (blank[i / w] + blank[h + i % w], i))
            .collect();
        v.sort_unstable();
        v.into_iter().map(|(_, i)| i).collect()
    }

    /// **The one-cell contradiction**: candidate cells cheapest first, both values each; once a
    /// trial breaks a line, [`LOOK_FURTHER`] more trials may find a shorter chain (a chain of
    /// [`CHAIN_SHORT`] lines or fewer is taken at once), so the chain shown is short and a hint
    /// stays quick.
    fn contradiction(&mut self) -> Option<Deduction<Change>> {
        let mut probe = Probe::new(self.g);
        let mut best: Option<(usize, Cell, Vec<Link>, Vec<Cell>)> = None;
        let mut left = LOOK_FURTHER;
        'cells: for i in self.candidates() {
            for value in [Cell::Black, Cell::White] {
                if best.is_some() {
                    if left == 0 {
                        break 'cells;
                    }
                    left -= 1;
                }
                let longest = best.as_ref().map_or(CHAIN_MAX, |b| b.2.len() - 1);
                let Lines { solver, clues, .. } = self;
                let mut solve = |l: usize, buf: &[Cell], out: &mut Vec<Cell>| {
                    Lines::solve_line(solver, &clues[l], buf, out)
                };
                let Some(chain) =
                    probe.run(self.g, &self.cells, (i, value), (PROBE_SOLVES, longest), &mut solve)
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
        let (i, value, chain, cells) = best?;
        self.last = None;
        Some(self.chain_deduction(i, value, &chain, &cells))
    }

    /// The contradiction's deduction: cell `i` is not `value`, with the chain drawn and, for
    /// hints, in words.
    fn chain_deduction(
        &self,
        i: usize,
        value: Cell,
        chain: &[Link],
        trial_cells: &[Cell],
    ) -> Deduction<Change> {
        let other = if value == Cell::Black { Cell::White } else { Cell::Black };
        // What the lines rest on besides the assumption: the cells known before it.
        let mut reasons: Vec<usize> = chain
            .iter()
            .flat_map(|link| self.g.cells_of(link.line))
            .filter(|&c| self.cells[c] != Cell::Unknown)
            .collect();
        reasons.sort_unstable();
        reasons.dedup();
        let rule = "One-cell contradiction";
        if !self.words {
            let changes = vec![(i, other)];
            return Deduction::new(
                rule,
                CONTRADICTION_RANK,
                changes,
                vec![i],
                reasons,
                String::new(),
            );
        }
        let (sentence, figures, lines_used) =
            describe_chain(self.g, &self.clues, i, value, chain, (trial_cells, CHAIN_MAX));
        let mut d =
            Deduction::new(rule, CONTRADICTION_RANK, vec![(i, other)], vec![i], reasons, sentence)
                .clues(lines_used);
        d.figures = figures;
        d
    }
}

/// The line rule's names by rank.
const RULES: [&str; 4] = ["Finished line", "Overlap", "Simple boxes and spaces", "Line logic"];

impl Logic for Lines {
    type Change = Change;
    const LADDER: &'static [Rung] = LADDER;

    fn find(&mut self, upto: u8) -> Found<Change> {
        self.last = None;
        let found = if self.words { self.find_cheapest(upto) } else { self.find_queued(upto) };
        match found {
            Found::Nothing if upto >= CONTRADICTION_RANK => {
                self.contradiction().map_or(Found::Nothing, Found::Deduction)
            }
            other => other,
        }
    }

    fn apply(&mut self, changes: &[Change]) {
        let last = self.last.take();
        for &(i, v) in changes {
            if self.cells[i] == Cell::Unknown && v != Cell::Unknown {
                self.known += 1;
            }
            self.cells[i] = v;
            for l in self.g.through(i) {
                if Some(l) != last {
                    self.dirty.push(l);
                }
            }
        }
        if let Some(l) = last {
            self.pending[l] = None;
        }
    }

    fn known(&self) -> (usize, usize) {
        (self.known, self.cells.len())
    }
}

/// **Simple boxes and simple spaces** on one line, given each run's possible starts (from
/// [`LineSolver::starts`] on `line`): between run `j`'s first start `lo` and last start `hi`,
/// the cells `hi..lo + len` are covered by it wherever it sits (simple boxes); an unknown cell
/// in no run's reach `lo..hi + len` is empty (simple spaces). Writes what it finds into `out`
/// (a copy of `line`) and says whether it found anything. Sound: in every placement that fits
/// the known cells, run `j` starts between `lo` and `hi`.
pub fn simple_cells(clue: &[u32], starts: &[Vec<usize>], line: &[Cell], out: &mut [Cell]) -> bool {
    let n = line.len();
    let mut reach = vec![false; n];
    let mut found = false;
    for (j, list) in starts.iter().enumerate() {
        let (Some(&lo), Some(&hi)) = (list.first(), list.last()) else { return false };
        let b = clue[j] as usize;
        for q in hi..(lo + b).min(n) {
            if line[q] == Cell::Unknown {
                out[q] = Cell::Black;
                found = true;
            }
        }
        for r in reach.iter_mut().take((hi + b).min(n)).skip(lo) {
            *r = true;
        }
    }
    for q in 0..n {
        if !reach[q] && line[q] == Cell::Unknown {
            out[q] = Cell::White;
            found = true;
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::art::rng::SplitMix64;

    fn random_line(rng: &mut SplitMix64, n: usize) -> (Vec<u32>, Vec<Cell>) {
        // A random answer, its clue, and some of its cells known.
        let answer: Vec<bool> = (0..n).map(|_| rng.below(100) < 45).collect();
        let mut clue = Vec::new();
        let mut run = 0u32;
        for &b in answer.iter().chain([false].iter()) {
            if b {
                run += 1;
            } else if run > 0 {
                clue.push(run);
                run = 0;
            }
        }
        let keep = rng.below(60);
        let line = answer
            .iter()
            .map(|&b| {
                if rng.below(100) < keep {
                    if b {
                        Cell::Black
                    } else {
                        Cell::White
                    }
                } else {
                    Cell::Unknown
                }
            })
            .collect();
        (clue, line)
    }

    #[test]
    fn simple_boxes_and_spaces_agree_with_the_exact_line_solver_and_find_less() {
        let mut rng = SplitMix64::new(31);
        let mut solver = LineSolver::new();
        let (mut found, mut weaker) = (0, 0);
        for _ in 0..20_000 {
            let n = 1 + rng.below(20) as usize;
            let (clue, line) = random_line(&mut rng, n);
            let mut exact = line.clone();
            assert!(solver.solve(&clue, &line, &mut exact), "the line comes from an answer");
            let mut starts = Vec::new();
            assert!(solver.starts(&clue, &line, &mut starts));
            let mut simple = line.clone();
            let any = simple_cells(&clue, &starts, &line, &mut simple);
            assert_eq!(any, simple != line);
            for q in 0..n {
                if simple[q] != line[q] {
                    assert_eq!(simple[q], exact[q], "clue {clue:?} line {line:?}: cell {q}");
                }
            }
            found += usize::from(any);
            weaker += usize::from(simple != exact);
        }
        assert!(
            found > 1000 && weaker > 100,
            "the rule finds cells ({found}) and is weaker than line logic on some lines ({weaker})"
        );
    }

    #[test]
    fn simple_boxes_near_a_filled_cell_at_the_edge() {
        // Clue 3 in 8 cells, cell 2 filled: the 3 starts at cell 1 or 2, so cell 3 is filled
        // too (edge forcing) and cells 5 to 8 are out of its reach.
        let mut line = vec![Cell::Unknown; 8];
        line[1] = Cell::Black;
        let mut solver = LineSolver::new();
        let mut starts = Vec::new();
        assert!(solver.starts(&[3], &line, &mut starts));
        let mut out = line.clone();
        assert!(simple_cells(&[3], &starts, &line, &mut out));
        assert_eq!(
            out,
            [
                Cell::Unknown,
                Cell::Black,
                Cell::Black,
                Cell::Unknown,
                Cell::White,
                Cell::White,
                Cell::White,
                Cell::White
            ]
        );
    }
}
