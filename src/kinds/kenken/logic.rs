//! KenKen's deduction engine: the ladder of rules, each written once, each finding one
//! deduction and saying it in words. The solver's logic phase ([`super::solve`]), the hints
//! ([`super::hint`]), "Explain the solution", the rating and the generator's levels all run
//! these rules through [`crate::deduce`].
//!
//! The ladder follows Tatham's Keen solver level by level (his `DIFFLIST`), cheapest first:
//! - easy: naked singles and givens, hidden singles, cage candidates (each cell of a cage keeps
//!   the digits some way of filling the cage uses anywhere);
//! - normal: cage arithmetic (each cell keeps the digits some way of filling puts in that cell);
//! - hard: digits a cage must put inside one row or column leave the rest of that line; naked
//!   and hidden pairs, triples and quads in a line;
//! - extreme: line sums (the digits of a band of lines add up to a known total, so the cells
//!   outside the cages lying wholly inside it add up to the rest), X-wings, swordfish and
//!   jellyfish, forcing chains (Tatham's: a chain of two-candidate cells from one end to the
//!   other shows that one end or the other holds a digit, so a cell that sees both does not);
//! - unreasonable: a trial ("suppose this cell were 5: then … and the 6+ cage has no way left,
//!   so it is not 5"), the chain made of easy and normal rules and at most [`TRIAL_STEPS`] long.
//!
//! Every rule is sound: it only removes a digit no answer has in that cell, so a grid the
//! rules complete is the only answer (tested against every answer of small puzzles and the
//! proven answers of the shared sets). Cages past [`PROPAGATE_LIMIT`] ways of filling are left
//! out of the cage rules (the solver's SAT phase handles them).
//!
//! The solver walks them faster ([`walk`] on a [`KenKenLogic::quick`] state, with an answer
//! from SAT once the rules below the trial stop, [`KenKenLogic::with_answer`]): the cheap rules
//! report all they find in one look, a rule is asked again before the cheaper ones start over,
//! chains and trials take the first they find, trials skip the answer's digit and those whose
//! unlimited closure does not break. The rules only remove candidates and a broken state stays
//! broken, so that walk ends at the grid and rating of the one-at-a-time walk the hints take
//! (`tests/solve_paths.rs` holds them equal on a Keen set).
//!
//! This file holds the state, the words and the dispatch ([`Logic::find`], cheapest rank
//! first); the rules are in one file per family: `singles`, `cages`, `lines` and `chains`.

use std::rc::Rc;

use super::model::{Cage, KenKen, Op};
use super::tuples::{self, Domain, TupleList, Tuples};
use crate::deduce::{Deduction, End, Found, Logic, Rung};
use crate::hint::{and_list, cell_words};

pub mod assume;
mod cages;
mod chains;
mod lines;
mod singles;

/// Cages with more ways of filling than this are skipped by the cage rules.
pub const PROPAGATE_LIMIT: usize = 3000;
/// The most deductions a trial follows before giving up on it.
pub const TRIAL_STEPS: usize = 60;
/// The most cells in the rest of a band that the line-sum rule enumerates.
const SUM_CELLS: usize = 4;

/// The ranks, in the order of [`LADDER`].
pub mod rank {
    pub const SINGLE: u8 = 0;
    pub const HIDDEN: u8 = 1;
    pub const CAGE_DIGITS: u8 = 2;
    pub const CAGE_CELLS: u8 = 3;
    pub const CAGE_LINE: u8 = 4;
    pub const SUBSETS: u8 = 5;
    pub const SUMS: u8 = 6;
    pub const FISH: u8 = 7;
    pub const CHAINS: u8 = 8;
    pub const TRIAL: u8 = 9;
    /// The hardest rank.
    pub const MAX: u8 = 9;
}

/// The ladder: rung `r` names the rules of rank `r` and the level they give.
pub const LADDER: &[Rung] = &[
    Rung { rules: "naked singles and givens", level: "easy", rating: "easy" },
    Rung { rules: "hidden singles", level: "easy", rating: "easy" },
    Rung { rules: "cage candidates", level: "easy", rating: "easy" },
    Rung { rules: "cage arithmetic", level: "normal", rating: "normal" },
    Rung { rules: "a cage's digits confined to a line", level: "hard", rating: "hard" },
    Rung { rules: "naked and hidden pairs, triples and quads", level: "hard", rating: "hard" },
    Rung { rules: "line sums", level: "extreme", rating: "extreme" },
    Rung { rules: "X-wings, swordfish and jellyfish", level: "extreme", rating: "extreme" },
    Rung { rules: "forcing chains", level: "extreme", rating: "extreme" },
    Rung { rules: "a short trial", level: "unreasonable", rating: "unreasonable (a short trial)" },
];

/// One change a deduction makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// The cell holds this digit.
    Place(usize, u8),
    /// The cell's candidates become these (two or more digits).
    Narrow(usize, Domain),
}

/// What one rule looks at: a deduction, a broken state, or nothing.
type Rule = Result<Option<Deduction<Change>>, (Vec<usize>, String)>;

/// The ways of filling one cage, kept while its cells' candidates stay the same.
#[derive(Debug, Clone)]
struct Ways {
    doms: Vec<Domain>,
    tuples: Option<Rc<TupleList>>,
}

/// The state of knowledge of one puzzle: each cell's candidates and whether it is placed.
#[derive(Debug, Clone)]
pub struct KenKenLogic<'a> {
    p: &'a KenKen,
    n: usize,
    /// Each cell's candidates (a placed cell has its digit alone).
    pub dom: Vec<Domain>,
    /// Whether each cell's digit is placed.
    pub placed: Vec<bool>,
    /// Whether deductions carry sentences (the solver and trials skip them).
    words: bool,
    /// Whether a broken state is said in words (as `words`, and in a trial told to a person).
    why: bool,
    ways: Vec<Option<Rc<Ways>>>,
    /// The digits of an answer, when the solver knows one (see [`KenKenLogic::with_answer`]).
    answer: Option<Vec<u8>>,
    /// Whether forcing chains and trials take the first they find, not the shortest (the
    /// solver's walk: the sentence needs no short chain; see [`KenKenLogic::quick`]).
    quick: bool,
}

fn bit(d: u8) -> Domain {
    1 << (d - 1)
}

fn only(d: Domain) -> u8 {
    d.trailing_zeros() as u8 + 1
}

/// `3`, `3 or 5`, `1, 3 or 5`.
pub fn digit_list(d: Domain) -> String {
    let v: Vec<String> = tuples::digits(d).map(|x| x.to_string()).collect();
    match v.len() {
        0 => "nothing".into(),
        1 => v[0].clone(),
        _ => {
            let (last, rest) = v.split_last().expect("two or more");
            format!("{} or {last}", rest.join(", "))
        }
    }
}

/// Cells in words, a row at a time: `row 2, columns 5 and 6; row 3, column 4` (each name has a
/// comma of its own, so rows are set apart by semicolons).
pub fn cells_list(n: usize, cells: &[usize]) -> String {
    let mut sorted: Vec<usize> = cells.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let mut rows: Vec<String> = Vec::new();
    for chunk in sorted.chunk_by(|a, b| a / n == b / n) {
        let cols: Vec<usize> = chunk.iter().map(|c| c % n + 1).collect();
        rows.push(match cols.as_slice() {
            [c] => format!("row {}, column {c}", chunk[0] / n + 1),
            _ => format!("row {}, columns {}", chunk[0] / n + 1, and_list(&cols)),
        });
    }
    rows.join("; ")
}

fn digits_and(d: Domain) -> String {
    and_list(&tuples::digits(d).collect::<Vec<_>>())
}

/// The cage as people name it: `the 3× cage at row 2, column 1`.
pub fn cage_words(n: usize, cage: &Cage) -> String {
    let at = cage.cells.first().map(|&c| cell_words(n, c)).unwrap_or_default();
    match cage.op {
        Op::Given => format!("the given {} at {at}", cage.target),
        _ => format!("the {} cage at {at}", cage.clue()),
    }
}

fn tuple_text(cage: &Cage, t: &[u8]) -> String {
    let sep = match cage.op {
        Op::Add => "+",
        Op::Mul => "×",
        Op::Sub => "−",
        Op::Div => "÷",
        Op::Given | Op::Blank => "",
    };
    let mut t = t.to_vec();
    if matches!(cage.op, Op::Sub | Op::Div) {
        t.sort_unstable_by(|a, b| b.cmp(a));
    } else {
        t.sort_unstable();
    }
    t.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(sep)
}

/// The ways of filling as text, each written once.
fn tuple_list(cage: &Cage, ts: &TupleList) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    ts.iter().map(|t| tuple_text(cage, t)).filter(|x| seen.insert(x.clone())).collect()
}

/// `only 1+2 fits` / `only 1+5 and 2+4 fit` / `14 ways to fill it fit`.
fn fits_words(cage: &Cage, ts: &TupleList) -> String {
    let list = tuple_list(cage, ts);
    match list.len() {
        1 => format!("only {} fits", list[0]),
        2..=6 => format!("only {} fit", and_list(&list)),
        k => format!("{k} ways to fill it fit"),
    }
}

pub fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Line `l` in words (rows `0..n`, then columns).
pub fn line_words(n: usize, l: usize) -> String {
    if l < n {
        format!("row {}", l + 1)
    } else {
        format!("column {}", l - n + 1)
    }
}

/// The cells of line `l` (rows `0..n`, then columns), without a vector.
fn line_iter(n: usize, l: usize) -> impl Iterator<Item = usize> + Clone {
    let (start, step) = if l < n { (l * n, 1) } else { (l - n, n) };
    (0..n).map(move |j| start + j * step)
}

/// The cells of line `l` (rows `0..n`, then columns).
pub fn line_cells(n: usize, l: usize) -> Vec<usize> {
    if l < n {
        (0..n).map(|j| l * n + j).collect()
    } else {
        (0..n).map(|j| j * n + (l - n)).collect()
    }
}

fn sees(n: usize, a: usize, b: usize) -> bool {
    a != b && (a / n == b / n || a % n == b % n)
}

/// The digits every way of filling a cage puts on `line` (rows `0..n`, then columns) within the
/// cage, which no other cell of that line can hold; none when fewer than two of the cage's
/// cells are on the line (one cell forces only its own fixed digit: the naked single).
pub fn cage_forced(n: usize, cage_cells: &[usize], tuples: &TupleList, line: usize) -> Domain {
    let on_line = |c: usize| if line < n { c / n == line } else { c % n == line - n };
    if cage_cells.iter().filter(|&&c| on_line(c)).count() < 2 {
        return 0;
    }
    tuples.iter().fold(tuples::full(n), |m, t| {
        m & t
            .iter()
            .zip(cage_cells)
            .filter(|&(_, &c)| on_line(c))
            .fold(0 as Domain, |a, (&d, _)| a | 1 << (d - 1))
    })
}

/// The first choice of `k` of `items` (indices rising, choices in lexicographic order) whose
/// bits together number exactly `k` and that `take` turns into something: naked and hidden
/// subsets, fish. A choice whose first items already hold more than `k` bits is passed over
/// with every choice that extends it (none can hold `k`), and no list of choices is built.
fn first_pick<T>(
    items: &[Domain],
    k: usize,
    take: &mut impl FnMut(&[usize], Domain) -> Option<T>,
) -> Option<T> {
    fn go<T>(
        items: &[Domain],
        k: usize,
        from: usize,
        acc: Domain,
        idx: &mut Vec<usize>,
        take: &mut impl FnMut(&[usize], Domain) -> Option<T>,
    ) -> Option<T> {
        if idx.len() == k {
            return if acc.count_ones() as usize == k { take(idx, acc) } else { None };
        }
        let left = k - idx.len();
        for i in from..items.len() {
            if items.len() - i < left {
                break;
            }
            let a = acc | items[i];
            if a.count_ones() as usize > k {
                continue;
            }
            idx.push(i);
            let found = go(items, k, i + 1, a, idx, take);
            idx.pop();
            if found.is_some() {
                return found;
            }
        }
        None
    }
    if k == 0 {
        return None;
    }
    go(items, k, 0, 0, &mut Vec::with_capacity(k), take)
}

impl<'a> KenKenLogic<'a> {
    /// The state before any deduction: every cell may hold every digit.
    pub fn new(p: &'a KenKen, words: bool) -> Self {
        let n = p.size();
        Self::with(p, vec![tuples::full(n); n * n], vec![false; n * n], words)
    }

    /// The state with these candidates and placed cells (a placed cell's candidates are its digit).
    pub fn with(p: &'a KenKen, dom: Vec<Domain>, placed: Vec<bool>, words: bool) -> Self {
        let ways = vec![None; p.cages().len()];
        KenKenLogic {
            p,
            n: p.size(),
            dom,
            placed,
            words,
            why: words,
            ways,
            answer: None,
            quick: false,
        }
    }

    /// With the digits of an answer of the puzzle, which the caller guarantees satisfies every
    /// rule and agrees with the candidates: a trial never breaks the rules from a digit the
    /// answer has there (every deduction holds in every answer), so those are not tried. The
    /// deductions found are the same, found sooner.
    pub fn with_answer(mut self, digits: Vec<u8>) -> Self {
        self.answer = Some(digits);
        self
    }

    /// With forcing chains and trials that take the first one they find rather than the
    /// shortest (the solver's walk, which tells no one the chain). Either is a deduction of the
    /// same rank, and the rules only ever remove candidates, so the walk ends at the same grid
    /// with the same hardest rank.
    pub fn quick(mut self) -> Self {
        self.quick = true;
        self
    }

    /// The digits in reading order (0 where not placed).
    pub fn digits(&self) -> Vec<u8> {
        (0..self.n * self.n).map(|c| if self.placed[c] { only(self.dom[c]) } else { 0 }).collect()
    }

    fn say(&self, f: impl FnOnce() -> String) -> String {
        if self.words {
            f()
        } else {
            String::new()
        }
    }

    /// What only a person reads (clues, reasons): built when the deductions carry words.
    fn said<T: Default>(&self, f: impl FnOnce() -> T) -> T {
        if self.words {
            f()
        } else {
            T::default()
        }
    }

    /// Why the state is broken, in words when someone will read it.
    fn say_why(&self, f: impl FnOnce() -> String) -> String {
        if self.why {
            f()
        } else {
            String::new()
        }
    }

    /// The ways of filling cage `k` under the current candidates (`None`: too many, or blank).
    fn ways(&mut self, k: usize) -> Option<Rc<TupleList>> {
        let cage = &self.p.cages()[k];
        if let Some(w) = &self.ways[k] {
            if cage.cells.iter().zip(&w.doms).all(|(&c, &d)| self.dom[c] == d) {
                return w.tuples.clone();
            }
        }
        let doms: Vec<Domain> = cage.cells.iter().map(|&c| self.dom[c]).collect();
        // Candidates only narrow: the ways under narrower candidates are those of the ways
        // kept that still fit, in the same order (what the search would find again).
        let kept = self.ways[k].as_ref().and_then(|w| {
            let narrower = w.doms.iter().zip(&doms).all(|(&was, &now)| now & !was == 0);
            w.tuples.as_ref().filter(|_| narrower)
        });
        let t = match kept {
            Some(ts) => {
                let mut kept = TupleList::new(doms.len());
                for t in ts.iter().filter(|t| t.iter().zip(&doms).all(|(&d, &m)| m & bit(d) != 0)) {
                    kept.push(t);
                }
                Some(Rc::new(kept))
            }
            None => match tuples::tuples(self.n, cage, &self.dom, PROPAGATE_LIMIT) {
                Tuples::All(ts) => Some(Rc::new(ts)),
                Tuples::TooMany => None,
            },
        };
        self.ways[k] = Some(Rc::new(Ways { doms, tuples: t.clone() }));
        t
    }

    /// The cells of line `l` not yet placed.
    fn open_in(&self, l: usize) -> Vec<usize> {
        line_iter(self.n, l).filter(|&c| !self.placed[c]).collect()
    }

    fn placed_in(&self, l: usize) -> Domain {
        line_iter(self.n, l).filter(|&c| self.placed[c]).fold(0, |m, c| m | self.dom[c])
    }

    /// The changes that narrow `cells` by removing `remove` where present (a single digit left places it).
    fn narrowing(&self, targets: impl IntoIterator<Item = (usize, Domain)>) -> Vec<Change> {
        targets
            .into_iter()
            .filter(|&(c, keep)| !self.placed[c] && self.dom[c] & keep != self.dom[c])
            .map(|(c, keep)| {
                let m = self.dom[c] & keep;
                if m.count_ones() == 1 {
                    Change::Place(c, only(m))
                } else {
                    Change::Narrow(c, m)
                }
            })
            .collect()
    }

    /// The changes in words: the digits placed, then what the other cells lose (`4 is ruled out
    /// of row 1, column 1 and 5 more cells`) or keep.
    fn change_words(&self, changes: &[Change]) -> String {
        let n = self.n;
        let mut parts: Vec<String> = changes
            .iter()
            .filter_map(|ch| match *ch {
                Change::Place(c, d) => Some(format!("{} holds {d}", cell_words(n, c))),
                Change::Narrow(..) => None,
            })
            .collect();
        let narrowed: Vec<(usize, Domain)> = changes
            .iter()
            .filter_map(|ch| match *ch {
                Change::Narrow(c, m) => Some((c, m)),
                Change::Place(..) => None,
            })
            .collect();
        let cells_words = |cells: &[usize]| {
            if cells.len() > 4 {
                format!("{}; and {} more cells", cells_list(n, &cells[..3]), cells.len() - 3)
            } else {
                cells_list(n, cells)
            }
        };
        if !narrowed.is_empty() {
            let lost: Vec<Domain> = narrowed.iter().map(|&(c, m)| self.dom[c] & !m).collect();
            if lost.iter().all(|&l| l == lost[0]) {
                let cells: Vec<usize> = narrowed.iter().map(|&(c, _)| c).collect();
                let l = lost[0];
                parts.push(format!(
                    "{} {} ruled out of {}",
                    digits_and(l),
                    if l.count_ones() == 1 { "is" } else { "are" },
                    cells_words(&cells)
                ));
            } else if narrowed.iter().all(|&(_, m)| m == narrowed[0].1) {
                let cells: Vec<usize> = narrowed.iter().map(|&(c, _)| c).collect();
                parts.push(format!(
                    "{} can only hold {}",
                    cells_words(&cells),
                    digit_list(narrowed[0].1)
                ));
            } else if narrowed.len() > 4 {
                let first: Vec<String> = narrowed[..3]
                    .iter()
                    .map(|&(c, m)| format!("{} keeps {}", cell_words(n, c), digit_list(m)))
                    .collect();
                parts.push(format!(
                    "{}; and {} more cells narrow",
                    first.join("; "),
                    narrowed.len() - 3
                ));
            } else {
                parts.extend(
                    narrowed
                        .iter()
                        .map(|&(c, m)| format!("{} keeps {}", cell_words(n, c), digit_list(m))),
                );
            }
        }
        // Each part is a clause with commas of its own (`row 2, column 4 holds 3`): they are
        // set apart by semicolons.
        parts.join("; ")
    }

    /// Lines in words, grouped: `rows 4 and 5`, `columns 1, 2 and 6`, `row 3 and column 2`.
    fn lines_words(&self, lines: &[usize]) -> String {
        let n = self.n;
        let rows: Vec<usize> = lines.iter().filter(|&&l| l < n).map(|&l| l + 1).collect();
        let cols: Vec<usize> = lines.iter().filter(|&&l| l >= n).map(|&l| l - n + 1).collect();
        let group = |what: &str, v: &[usize]| match v.len() {
            0 => None,
            1 => Some(format!("{what} {}", v[0])),
            _ => Some(format!("{what}s {}", and_list(v))),
        };
        let parts: Vec<String> =
            [group("row", &rows), group("column", &cols)].into_iter().flatten().collect();
        parts.join(" and ")
    }

    fn deduction(
        &self,
        rule: &'static str,
        rank: u8,
        changes: Vec<Change>,
        reasons: Vec<usize>,
        sentence: String,
    ) -> Deduction<Change> {
        let cells = changes
            .iter()
            .map(|c| match *c {
                Change::Place(c, _) | Change::Narrow(c, _) => c,
            })
            .collect();
        Deduction::new(rule, rank, changes, cells, reasons, sentence)
    }

    /// What already breaks the rules: a digit twice in a line (the one check of repeated
    /// digits: the hints find marks that repeat a digit here too), a cell with no candidate
    /// left, a digit with no place in a line.
    fn broken(&self) -> Option<(Vec<usize>, String)> {
        let n = self.n;
        for l in 0..2 * n {
            let mut seen: Domain = 0;
            for c in line_iter(n, l) {
                if self.placed[c] {
                    if seen & self.dom[c] != 0 {
                        let d = only(self.dom[c]);
                        let twice = line_iter(n, l)
                            .filter(|&x| self.placed[x] && self.dom[x] == self.dom[c])
                            .collect();
                        let s = self.say_why(|| format!("{} holds {d} twice", line_words(n, l)));
                        return Some((twice, s));
                    }
                    seen |= self.dom[c];
                }
            }
        }
        if let Some(c) = self.dom.iter().position(|&d| d == 0) {
            return Some((
                vec![c],
                self.say_why(|| format!("no digit is left for {}", cell_words(n, c))),
            ));
        }
        for l in 0..2 * n {
            let all = line_iter(n, l).fold(0 as Domain, |m, c| m | self.dom[c]);
            if all != tuples::full(n) {
                let d = only(tuples::full(n) & !all);
                let s =
                    self.say_why(|| format!("{} has no place left for a {d}", line_words(n, l)));
                return Some((line_cells(n, l), s));
            }
        }
        None
    }
}

impl KenKenLogic<'_> {
    /// The first deduction of the rules of rank `r` alone.
    fn rule(&mut self, r: u8) -> Rule {
        match r {
            rank::SINGLE => self.naked_single(),
            rank::HIDDEN => self.hidden_single(),
            rank::CAGE_DIGITS => self.cage_rule(false),
            rank::CAGE_CELLS => self.cage_rule(true),
            rank::CAGE_LINE => self.cage_line(),
            rank::SUBSETS => self.subsets(),
            rank::SUMS => self.line_sums(),
            rank::FISH => self.fish(),
            rank::CHAINS => self.forcing_chain(),
            _ => self.trial(),
        }
    }
}

impl Logic for KenKenLogic<'_> {
    type Change = Change;
    const LADDER: &'static [Rung] = LADDER;

    fn find(&mut self, upto: u8) -> Found<Change> {
        if let Some((cells, sentence)) = self.broken() {
            return Found::Broken { cells, sentence };
        }
        for r in 0..=upto.min(rank::MAX) {
            match self.rule(r) {
                Ok(Some(d)) => return Found::Deduction(d),
                Ok(None) => {}
                Err((cells, sentence)) => return Found::Broken { cells, sentence },
            }
        }
        Found::Nothing
    }

    fn apply(&mut self, changes: &[Change]) {
        let n = self.n;
        for ch in changes {
            match *ch {
                Change::Place(c, d) => {
                    self.dom[c] = bit(d);
                    self.placed[c] = true;
                    let (r, col) = (c / n, c % n);
                    for j in 0..n {
                        for o in [r * n + j, j * n + col] {
                            if o != c && !self.placed[o] {
                                self.dom[o] &= !bit(d);
                            }
                        }
                    }
                }
                Change::Narrow(c, m) => self.dom[c] &= m,
            }
        }
    }

    fn known(&self) -> (usize, usize) {
        (self.placed.iter().filter(|&&p| p).count(), self.placed.len())
    }
}

/// Where the rules end from the empty grid: the digits when they complete it, the candidates
/// when they stop, or `None` when they find the puzzle has no answer; and the hardest rank used.
pub fn rate(p: &KenKen, upto: u8) -> (Result<Vec<Domain>, ()>, Option<u8>, bool) {
    let mut l = KenKenLogic::new(p, false);
    let (end, hardest) = walk(&mut l, upto);
    match end {
        End::Broken { .. } => (Err(()), hardest, false),
        end => (Ok(l.dom), hardest, end == End::Complete),
    }
}

/// Applies deductions of rank at most `upto` until the state is complete, stuck or broken: the
/// hardest rank used and how it ended.
///
/// This is [`crate::deduce::run`] (cheapest rank first, the walk the hints take) with one
/// shortcut for speed: after a deduction of rank at most [`rank::FISH`], the same rule is asked
/// again (while the state holds) before the cheaper ones start over. Those rules only remove
/// candidates, and what one finds stays true, or is already settled, after others removed
/// more; so the walk ends at the same grid with the same hardest rank, looking less often.
pub fn walk(l: &mut KenKenLogic, upto: u8) -> (End, Option<u8>) {
    let mut hardest: Option<u8> = None;
    loop {
        if l.complete() {
            return (End::Complete, hardest);
        }
        let d = match l.find(upto) {
            Found::Deduction(d) => d,
            Found::Broken { cells, sentence } => return (End::Broken { cells, sentence }, hardest),
            Found::Nothing => return (End::Stuck, hardest),
        };
        let r = d.rank;
        hardest = hardest.max(Some(r));
        l.apply(&d.changes);
        if r > rank::FISH {
            continue;
        }
        while l.broken().is_none() && !l.complete() {
            match l.rule(r) {
                Ok(Some(d)) => l.apply(&d.changes),
                _ => break,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{first_pick, Domain};

    /// Every choice `first_pick` looks at, in its order.
    fn choices(items: &[Domain], k: usize) -> Vec<Vec<usize>> {
        let mut seen = Vec::new();
        first_pick(items, k, &mut |pick, _| {
            seen.push(pick.to_vec());
            None::<()>
        });
        seen
    }

    #[test]
    fn first_pick_looks_at_every_choice_once_in_order() {
        let single: Vec<Domain> = (0..5).map(|i| 1 << i).collect();
        assert_eq!(
            choices(&single[..4], 2),
            vec![vec![0, 1], vec![0, 2], vec![0, 3], vec![1, 2], vec![1, 3], vec![2, 3]]
        );
        assert_eq!(choices(&single[..3], 3), vec![vec![0, 1, 2]]);
        assert!(choices(&single[..2], 3).is_empty());
        assert_eq!(choices(&single, 3).len(), 10);
    }

    #[test]
    fn first_pick_takes_only_choices_of_k_bits_and_stops_at_the_first_taken() {
        // Bits: 0b011, 0b110, 0b011, 0b100: pairs with two bits together are (0, 2) and (1, 3).
        let items: Vec<Domain> = vec![0b011, 0b110, 0b011, 0b100];
        assert_eq!(choices(&items, 2), vec![vec![0, 2], vec![1, 3]]);
        let first = first_pick(&items, 2, &mut |pick, bits| Some((pick.to_vec(), bits)));
        assert_eq!(first, Some((vec![0, 2], 0b011)));
    }
}
