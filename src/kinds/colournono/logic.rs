//! The colour nonogram's rules on the shared deduction engine ([`crate::deduce`]): the line
//! rule, written once and called by the solver's logic phase ([`super::solve`]), the hints
//! ([`super::hint`]), "Explain the solution" and the rating.
//!
//! **The line rule** ([`Lines::line_rule`]) is the exact coloured line solver ([`super::line`])
//! on one line: a cell every placement of the runs (that fits the known cells) gives one colour,
//! or the background, is decided. Its rank says how a person sees it: 0 for an empty line or a
//! finished one (its runs all placed, the rest background), 1 for the overlap of a line with
//! nothing known (the coloured overlap and edge rules fall out of the solver), 2 for line logic
//! with known cells.
//!
//! Knowledge is what the player's marks can hold: a cell is decided (one colour, or a dot) or
//! blank. The line solver narrows a blank cell to fewer colours inside one solve, but only a
//! decided cell carries over to the other lines, so the solver's logic phase, the hints and the
//! explanation all reason from the same marks (a grid this logic leaves unfinished goes to SAT).
//! Every deduction holds in every answer that agrees with the decided cells, because the line
//! solver keeps every colour some placement gives.

use std::collections::VecDeque;

use super::line::{Colours, LineSolver};
use super::model::{ColourNonogram, Line, Run};
use crate::deduce::{Deduction, Found, Logic, Rung};
use crate::hint::{and_list, ranges};

/// The ladder: line logic in three ranks a person tells apart.
pub const LADDER: &[Rung] = &[
    Rung { rules: "Empty and finished lines", level: "line", rating: "line logic" },
    Rung {
        rules: "Overlap and edges in a line with nothing known",
        level: "line",
        rating: "line logic",
    },
    Rung { rules: "Line logic with known cells", level: "line", rating: "line logic" },
];

/// The highest rank (what the solver's logic phase runs to).
pub const LINE_RANK: u8 = 2;

const RULES: [&str; 3] = ["Empty or finished line", "Overlap", "Line logic"];

/// One change: a cell (reading order) and its colour (0 the background).
pub type Change = (usize, u8);

/// A colour nonogram's state of knowledge and the work space of its rule.
///
/// Lines are numbered `0..h` for rows and `h..h+w` for columns.
#[derive(Debug, Clone)]
pub struct Lines {
    w: usize,
    h: usize,
    clues: Vec<Vec<Run>>,
    names: Vec<String>,
    full: Colours,
    cells: Vec<Option<u8>>,
    known: usize,
    solver: LineSolver,
    queue: VecDeque<usize>,
    queued: Vec<bool>,
    buf: Vec<Colours>,
    out: Vec<Colours>,
    /// Sentences and the cheapest-first choice (hints); the solver's state has none.
    words: bool,
    /// The hints' state: each line's pending deduction (rank, cells), valid while not queued.
    pending: Vec<Option<(u8, usize)>>,
    /// The line found with no placement, when [`Logic::find`] said broken.
    pub broken: Option<Line>,
}

/// A colour in words for sentences: its name, else `colour N`; the background says so.
pub fn colour_word(p: &ColourNonogram, c: u8) -> String {
    match (c, &p.palette()[usize::from(c)].name) {
        (0, _) => "background".to_string(),
        (_, Some(n)) => n.clone(),
        (_, None) => format!("colour {c}"),
    }
}

/// A clue in words (`2 red, 1 colour 3`; `no runs` when empty).
pub fn clue_words(names: &[String], clue: &[Run]) -> String {
    if clue.is_empty() {
        return "no runs".into();
    }
    clue.iter()
        .map(|r| format!("{} {}", r.len, names[usize::from(r.colour)]))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Lines {
    fn new(p: &ColourNonogram, cells: &[Option<u8>], words: bool) -> Self {
        let (w, h) = (p.width(), p.height());
        let mut s = Lines {
            w,
            h,
            clues: p.rows().iter().chain(p.cols()).cloned().collect(),
            names: (0..p.palette().len()).map(|c| colour_word(p, c as u8)).collect(),
            full: super::encode::all_colours(p),
            cells: cells.to_vec(),
            known: cells.iter().filter(|c| c.is_some()).count(),
            solver: LineSolver::new(),
            queue: VecDeque::with_capacity(w + h),
            queued: vec![false; w + h],
            buf: Vec::with_capacity(w.max(h)),
            out: Vec::with_capacity(w.max(h)),
            words,
            pending: vec![None; w + h],
            broken: None,
        };
        for l in 0..w + h {
            s.push(l);
        }
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

    /// The cells, in reading order (`None` blank).
    pub fn cells(&self) -> &[Option<u8>] {
        &self.cells
    }

    /// Lines solved so far.
    pub fn line_calls(&self) -> u64 {
        self.solver.calls
    }

    fn push(&mut self, l: usize) {
        if !self.queued[l] {
            self.queued[l] = true;
            self.queue.push_back(l);
        }
    }

    fn pop(&mut self) -> Option<usize> {
        let l = self.queue.pop_front()?;
        self.queued[l] = false;
        Some(l)
    }

    fn line_of(&self, l: usize) -> Line {
        if l < self.h {
            Line::Row(l)
        } else {
            Line::Col(l - self.h)
        }
    }

    /// The cell index of position `q` of line `l`.
    fn at(&self, l: usize, q: usize) -> usize {
        if l < self.h {
            l * self.w + q
        } else {
            q * self.w + (l - self.h)
        }
    }

    fn len_of(&self, l: usize) -> usize {
        if l < self.h {
            self.w
        } else {
            self.h
        }
    }

    /// **The line rule**, the one place a line is solved: line `l`'s cells are read into `buf`
    /// (a blank cell may be any colour, a decided one only its own) and `out` gets the colours
    /// some placement gives each cell; `false` when the clue has no placement.
    fn line_rule(&mut self, l: usize) -> bool {
        let n = self.len_of(l);
        self.buf.clear();
        for q in 0..n {
            let i = self.at(l, q);
            self.buf.push(match self.cells[i] {
                Some(c) => 1u64 << c,
                None => self.full,
            });
        }
        self.out.clear();
        self.out.resize(n, 0);
        self.solver.solve(&self.clues[l], &self.buf, &mut self.out)
    }

    /// The cells of line `l` the last solve decided, as (position, colour).
    fn decided(&self, l: usize) -> Vec<(usize, u8)> {
        (0..self.out.len())
            .filter(|&q| self.cells[self.at(l, q)].is_none() && self.out[q].count_ones() == 1)
            .map(|q| (q, self.out[q].trailing_zeros() as u8))
            .collect()
    }

    /// The rank of what the last solve of line `l` decided: 0 empty or finished line, 1 a line
    /// with nothing known, 2 line logic with known cells.
    fn rank_of(&self, l: usize, decided: &[(usize, u8)]) -> u8 {
        let n = self.out.len();
        let complete_after =
            (0..n).all(|q| self.cells[self.at(l, q)].is_some() || decided.iter().any(|d| d.0 == q));
        if self.clues[l].is_empty() || (complete_after && decided.iter().all(|d| d.1 == 0)) {
            0
        } else if (0..n).all(|q| self.cells[self.at(l, q)].is_none()) {
            1
        } else {
            2
        }
    }

    fn broken_line(&mut self, l: usize) -> Found<Change> {
        while self.pop().is_some() {}
        let line = self.line_of(l);
        self.broken = Some(line);
        let idx: Vec<usize> = (0..self.len_of(l)).map(|q| self.at(l, q)).collect();
        let marked: Vec<usize> = idx.iter().copied().filter(|&i| self.cells[i].is_some()).collect();
        Found::Broken {
            cells: if self.words { marked } else { idx },
            sentence: format!("{} ({}): the marks in this line fit no placement of its runs, so one of them is wrong.", title(line), clue_words(&self.names, &self.clues[l])),
        }
    }

    /// The deduction of the last solve of line `l`, with its words when the state has them.
    fn deduction(&self, l: usize) -> Deduction<Change> {
        let decided = self.decided(l);
        let rank = self.rank_of(l, &decided);
        let mut changes: Vec<Change> = decided.iter().map(|&(q, c)| (self.at(l, q), c)).collect();
        changes.sort_unstable_by_key(|c| c.0);
        if !self.words {
            return Deduction::new(
                RULES[rank as usize],
                rank,
                changes,
                Vec::new(),
                Vec::new(),
                String::new(),
            );
        }
        let line = self.line_of(l);
        let n = self.len_of(l);
        let cells: Vec<usize> = changes.iter().map(|c| c.0).collect();
        let reasons: Vec<usize> =
            (0..n).map(|q| self.at(l, q)).filter(|&i| self.cells[i].is_some()).collect();
        let clue = clue_words(&self.names, &self.clues[l]);
        // The decided cells grouped by colour, as positions along the line.
        let mut colours: Vec<u8> = decided.iter().map(|d| d.1).collect();
        colours.sort_unstable();
        colours.dedup();
        let across = if l < self.h { "column" } else { "row" };
        let groups: Vec<String> = colours
            .iter()
            .map(|&c| {
                let qs: Vec<usize> = decided.iter().filter(|d| d.1 == c).map(|d| d.0 + 1).collect();
                format!(
                    "{} {} {}",
                    if qs.len() == 1 { across.to_string() } else { format!("{across}s") },
                    ranges(&qs),
                    if c == 0 {
                        "background (a dot)".to_string()
                    } else {
                        self.names[usize::from(c)].clone()
                    }
                )
            })
            .collect();
        let what = and_list(&groups);
        let sentence = match rank {
            0 if self.clues[l].is_empty() => format!("{} has no runs: every cell is background, so {what}.", title(line)),
            0 => format!("{} ({clue}) has all its runs placed: the rest is background, so {what}.", title(line)),
            1 => format!(
                "{} ({clue}) has nothing known yet, but every placement of its runs in its {n} cells agrees (the runs overlap, and runs of different colours may touch): {what}.",
                title(line)
            ),
            _ => format!("{} ({clue}): with the cells already known, every placement of its runs agrees: {what}.", title(line)),
        };
        Deduction::new(RULES[rank as usize], rank, changes, cells, reasons, sentence)
            .clues(vec![title(line)])
    }

    /// The solver's find: queued lines in order until one decides something.
    fn find_queued(&mut self) -> Found<Change> {
        while let Some(l) = self.pop() {
            if !self.line_rule(l) {
                return self.broken_line(l);
            }
            if !self.decided(l).is_empty() {
                return Found::Deduction(self.deduction(l));
            }
        }
        Found::Nothing
    }

    /// The hints' find: every line's pending deduction brought up to date, then the cheapest
    /// (lowest rank, then most cells, then the first line) told in words.
    fn find_cheapest(&mut self) -> Found<Change> {
        while let Some(l) = self.pop() {
            if !self.line_rule(l) {
                return self.broken_line(l);
            }
            let decided = self.decided(l);
            self.pending[l] =
                (!decided.is_empty()).then(|| (self.rank_of(l, &decided), decided.len()));
        }
        let best = (0..self.w + self.h)
            .filter_map(|l| self.pending[l].map(|(r, n)| (r, std::cmp::Reverse(n), l)))
            .min();
        let Some((_, _, l)) = best else { return Found::Nothing };
        self.line_rule(l);
        Found::Deduction(self.deduction(l))
    }
}

/// A line's name at the start of a sentence (`Row 3`).
fn title(line: Line) -> String {
    let s = line.to_string();
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().collect::<String>() + c.as_str()).unwrap_or_default()
}

impl Logic for Lines {
    type Change = Change;
    const LADDER: &'static [Rung] = LADDER;

    fn find(&mut self, _upto: u8) -> Found<Change> {
        if self.words {
            self.find_cheapest()
        } else {
            self.find_queued()
        }
    }

    fn apply(&mut self, changes: &[Change]) {
        for &(i, c) in changes {
            if self.cells[i].is_none() {
                self.known += 1;
            }
            self.cells[i] = Some(c);
            let (r, col) = (i / self.w, i % self.w);
            self.push(r);
            self.push(self.h + col);
        }
    }

    fn known(&self) -> (usize, usize) {
        (self.known, self.cells.len())
    }
}
