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

use std::rc::Rc;

use super::model::{Cage, KenKen, Op};
use super::tuples::{self, Domain, Tuples};
use crate::deduce::{Deduction, Found, Logic, Rung};
use crate::hint::{and_list, cell_words};

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
    tuples: Option<Rc<Vec<Vec<u8>>>>,
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
    ways: Vec<Option<Ways>>,
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
fn tuple_list(cage: &Cage, ts: &[Vec<u8>]) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    ts.iter().map(|t| tuple_text(cage, t)).filter(|x| seen.insert(x.clone())).collect()
}

/// `only 1+2 fits` / `only 1+5 and 2+4 fit` / `14 ways to fill it fit`.
fn fits_words(cage: &Cage, ts: &[Vec<u8>]) -> String {
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
pub fn cage_forced(n: usize, cage_cells: &[usize], tuples: &[Vec<u8>], line: usize) -> Domain {
    let on_line = |c: usize| if line < n { c / n == line } else { c % n == line - n };
    let idx: Vec<usize> = (0..cage_cells.len()).filter(|&i| on_line(cage_cells[i])).collect();
    if idx.len() < 2 {
        return 0;
    }
    tuples
        .iter()
        .fold(tuples::full(n), |m, t| m & idx.iter().fold(0 as Domain, |a, &i| a | 1 << (t[i] - 1)))
}

/// Every k-subset of `0..len`, in lexicographic order.
fn subsets(len: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut idx: Vec<usize> = (0..k).collect();
    if k > len || k == 0 {
        return out;
    }
    loop {
        out.push(idx.clone());
        let mut i = k;
        loop {
            if i == 0 {
                return out;
            }
            i -= 1;
            if idx[i] != i + len - k {
                break;
            }
            if i == 0 && idx[0] == len - k {
                return out;
            }
        }
        idx[i] += 1;
        for j in i + 1..k {
            idx[j] = idx[j - 1] + 1;
        }
    }
}

impl<'a> KenKenLogic<'a> {
    /// The state before any deduction: every cell may hold every digit.
    pub fn new(p: &'a KenKen, words: bool) -> Self {
        let n = p.size();
        Self::with(p, vec![tuples::full(n); n * n], vec![false; n * n], words)
    }

    /// The state with these candidates and placed cells (a placed cell's candidates are its digit).
    pub fn with(p: &'a KenKen, dom: Vec<Domain>, placed: Vec<bool>, words: bool) -> Self {
        KenKenLogic { p, n: p.size(), dom, placed, words, ways: vec![None; p.cages().len()] }
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

    /// The ways of filling cage `k` under the current candidates (`None`: too many, or blank).
    fn ways(&mut self, k: usize) -> Option<Rc<Vec<Vec<u8>>>> {
        let cage = &self.p.cages()[k];
        let doms: Vec<Domain> = cage.cells.iter().map(|&c| self.dom[c]).collect();
        if let Some(w) = &self.ways[k] {
            if w.doms == doms {
                return w.tuples.clone();
            }
        }
        let t = match tuples::tuples(self.n, cage, &self.dom, PROPAGATE_LIMIT) {
            Tuples::All(ts) => Some(Rc::new(ts)),
            Tuples::TooMany => None,
        };
        self.ways[k] = Some(Ways { doms, tuples: t.clone() });
        t
    }

    /// The cells of line `l` not yet placed.
    fn open_in(&self, l: usize) -> Vec<usize> {
        line_cells(self.n, l).into_iter().filter(|&c| !self.placed[c]).collect()
    }

    fn placed_in(&self, l: usize) -> Domain {
        line_cells(self.n, l)
            .into_iter()
            .filter(|&c| self.placed[c])
            .fold(0, |m, c| m | self.dom[c])
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
        let cells = changes.iter().map(|c| match *c {
            Change::Place(c, _) | Change::Narrow(c, _) => c,
        });
        Deduction::new(rule, rank, changes.clone(), cells.collect(), reasons, sentence)
    }

    /// What already breaks the rules: an empty cell, a digit twice in a line, a digit with no place in a line.
    fn broken(&self) -> Option<(Vec<usize>, String)> {
        let n = self.n;
        if let Some(c) = self.dom.iter().position(|&d| d == 0) {
            return Some((vec![c], format!("no digit is left for {}", cell_words(n, c))));
        }
        for l in 0..2 * n {
            let cells = line_cells(n, l);
            let mut seen: Domain = 0;
            for &c in &cells {
                if self.placed[c] {
                    if seen & self.dom[c] != 0 {
                        let d = only(self.dom[c]);
                        let twice = cells
                            .iter()
                            .copied()
                            .filter(|&x| self.placed[x] && self.dom[x] == self.dom[c])
                            .collect();
                        return Some((twice, format!("{} holds {d} twice", line_words(n, l))));
                    }
                    seen |= self.dom[c];
                }
            }
            let all = cells.iter().fold(0 as Domain, |m, &c| m | self.dom[c]);
            if all != tuples::full(n) {
                let d = only(tuples::full(n) & !all);
                return Some((cells, format!("{} has no place left for a {d}", line_words(n, l))));
            }
        }
        None
    }

    // ----- easy -------------------------------------------------------------------------

    /// Givens, and a cell with one candidate left.
    fn naked_single(&mut self) -> Rule {
        let n = self.n;
        for (k, cage) in self.p.cages().iter().enumerate() {
            let _ = k;
            if cage.op == Op::Given {
                let c = cage.cells[0];
                if !self.placed[c] {
                    let d = cage.target as u8;
                    if d == 0 || d as usize > n || self.dom[c] & bit(d) == 0 {
                        return Err((
                            vec![c],
                            format!(
                                "the given {} at {} cannot stand there",
                                cage.target,
                                cell_words(n, c)
                            ),
                        ));
                    }
                    let s = self
                        .say(|| format!("{} holds the given {d}.", capitalise(&cell_words(n, c))));
                    return Ok(Some(
                        self.deduction(
                            "Given digit",
                            rank::SINGLE,
                            vec![Change::Place(c, d)],
                            vec![c],
                            s,
                        )
                        .clues(vec![cell_words(n, c)]),
                    ));
                }
            }
        }
        for c in 0..n * n {
            if !self.placed[c] && self.dom[c].count_ones() == 1 {
                let d = only(self.dom[c]);
                let (r, col) = (c / n, c % n);
                let reasons: Vec<usize> = (0..n)
                    .flat_map(|j| [r * n + j, j * n + col])
                    .filter(|&j| j != c && self.placed[j])
                    .collect();
                let s = self.say(|| format!("{} can only hold {d}: every other digit is in its row or column or was ruled out before.", capitalise(&cell_words(n, c))));
                return Ok(Some(
                    self.deduction(
                        "Naked single",
                        rank::SINGLE,
                        vec![Change::Place(c, d)],
                        reasons,
                        s,
                    )
                    .clues(vec![cell_words(n, c)]),
                ));
            }
        }
        Ok(None)
    }

    /// A digit with one place left in a line.
    fn hidden_single(&mut self) -> Rule {
        let n = self.n;
        for l in 0..2 * n {
            let placed = self.placed_in(l);
            for d in 1..=n as u8 {
                if placed & bit(d) != 0 {
                    continue;
                }
                let places: Vec<usize> =
                    self.open_in(l).into_iter().filter(|&c| self.dom[c] & bit(d) != 0).collect();
                match places.as_slice() {
                    [] => {
                        return Err((
                            line_cells(n, l),
                            format!("{} has no place left for a {d}", line_words(n, l)),
                        ))
                    }
                    [c] => {
                        let c = *c;
                        let s = self.say(|| {
                            format!("{} needs a {d}, and {} is the only cell of it that can still hold one, so the {d} goes there.", capitalise(&line_words(n, l)), cell_words(n, c))
                        });
                        return Ok(Some(
                            self.deduction(
                                "Hidden single",
                                rank::HIDDEN,
                                vec![Change::Place(c, d)],
                                line_cells(n, l),
                                s,
                            )
                            .clues(vec![line_words(n, l)]),
                        ));
                    }
                    _ => {}
                }
            }
        }
        Ok(None)
    }

    /// The ways of filling every cage; a cage with none breaks the rules.
    fn all_ways(&mut self) -> Result<Vec<Option<Rc<Vec<Vec<u8>>>>>, (Vec<usize>, String)> {
        let mut out = Vec::with_capacity(self.p.cages().len());
        for k in 0..self.p.cages().len() {
            let w = self.ways(k);
            if let Some(ts) = &w {
                if ts.is_empty() {
                    let cage = &self.p.cages()[k];
                    return Err((
                        cage.cells.clone(),
                        format!("no digits fit {}", cage_words(self.n, cage)),
                    ));
                }
            }
            out.push(w);
        }
        Ok(out)
    }

    /// Each cell of a cage keeps the digits some way of filling uses anywhere (`per_cell`
    /// false: Tatham's easy rule) or in that cell (`per_cell` true: his normal rule).
    fn cage_rule(&mut self, per_cell: bool) -> Rule {
        let n = self.n;
        let ways = self.all_ways()?;
        for (k, cage) in self.p.cages().iter().enumerate() {
            let Some(ts) = &ways[k] else { continue };
            if cage.op == Op::Given {
                continue;
            }
            let union = ts.iter().flatten().fold(0 as Domain, |m, &d| m | bit(d));
            let keep: Vec<(usize, Domain)> = cage
                .cells
                .iter()
                .enumerate()
                .map(|(i, &c)| {
                    (
                        c,
                        if per_cell {
                            ts.iter().fold(0 as Domain, |m, t| m | bit(t[i]))
                        } else {
                            union
                        },
                    )
                })
                .collect();
            let changes = self.narrowing(keep);
            if changes.is_empty() {
                continue;
            }
            let s = self.say(|| {
                let what = if per_cell { "" } else { " (whichever cell each digit goes in)" };
                format!(
                    "{}: with the digits its cells can still take, {}{what}; so {}.",
                    capitalise(&cage_words(n, cage)),
                    fits_words(cage, ts),
                    self.change_words(&changes)
                )
            });
            let (rule, r) = if per_cell {
                ("Cage arithmetic", rank::CAGE_CELLS)
            } else {
                ("Cage candidates", rank::CAGE_DIGITS)
            };
            return Ok(Some(
                self.deduction(rule, r, changes, cage.cells.clone(), s)
                    .clues(vec![cage_words(n, cage)])
                    .figure(cage.clue(), cage.cells.clone()),
            ));
        }
        Ok(None)
    }

    // ----- hard -------------------------------------------------------------------------

    /// Digits every way of filling a cage puts on one line leave the rest of that line.
    fn cage_line(&mut self) -> Rule {
        let n = self.n;
        let ways = self.all_ways()?;
        for (k, cage) in self.p.cages().iter().enumerate() {
            let Some(ts) = &ways[k] else { continue };
            for l in 0..2 * n {
                let forced = cage_forced(n, &cage.cells, ts, l);
                if forced == 0 {
                    continue;
                }
                let targets: Vec<(usize, Domain)> = line_cells(n, l)
                    .into_iter()
                    .filter(|&c| self.p.cage_of(c) != k)
                    .map(|c| (c, !forced))
                    .collect();
                let changes = self.narrowing(targets);
                if changes.is_empty() {
                    continue;
                }
                let s = self.say(|| {
                    let fill = if ts.len() <= 6 { format!("can only be {}", tuple_list(cage, ts).join(" or ")) } else { format!("has {} ways to be filled", ts.len()) };
                    format!(
                        "{} {fill}; every way puts {} in its cells in {}, so {} nowhere else in {}: {}.",
                        capitalise(&cage_words(n, cage)),
                        digits_and(forced),
                        line_words(n, l),
                        if forced.count_ones() == 1 { "that digit goes" } else { "those digits go" },
                        line_words(n, l),
                        self.change_words(&changes)
                    )
                });
                return Ok(Some(
                    self.deduction(
                        "Cage confined to a line",
                        rank::CAGE_LINE,
                        changes,
                        cage.cells.clone(),
                        s,
                    )
                    .clues(vec![cage_words(n, cage), line_words(n, l)])
                    .figure(cage.clue(), cage.cells.clone()),
                ));
            }
        }
        Ok(None)
    }

    /// Naked and hidden pairs, triples and quads in a line, smallest first.
    fn subsets(&mut self) -> Rule {
        let n = self.n;
        const NAMES: [&str; 5] = ["", "", "pair", "triple", "quad"];
        const NAKED: [&str; 5] = ["", "", "Naked pair", "Naked triple", "Naked quad"];
        const HIDDEN: [&str; 5] = ["", "", "Hidden pair", "Hidden triple", "Hidden quad"];
        for size in 2..=4usize {
            for l in 0..2 * n {
                let open = self.open_in(l);
                if open.len() <= size {
                    continue;
                }
                // Naked: `size` cells whose candidates together are `size` digits.
                let small: Vec<usize> = open
                    .iter()
                    .copied()
                    .filter(|&c| self.dom[c].count_ones() as usize <= size)
                    .collect();
                for pick in subsets(small.len(), size) {
                    let cells: Vec<usize> = pick.iter().map(|&i| small[i]).collect();
                    let union = cells.iter().fold(0 as Domain, |m, &c| m | self.dom[c]);
                    if union.count_ones() as usize != size {
                        continue;
                    }
                    let changes = self.narrowing(
                        open.iter().copied().filter(|c| !cells.contains(c)).map(|c| (c, !union)),
                    );
                    if changes.is_empty() {
                        continue;
                    }
                    let s = self.say(|| {
                        format!(
                            "In {}, the cells at {} can only hold {} between them, so those {size} digits fill those {size} cells and leave the rest of the line: {}.",
                            line_words(n, l),
                            cells_list(n, &cells),
                            digits_and(union),
                            self.change_words(&changes)
                        )
                    });
                    return Ok(Some(
                        self.deduction(NAKED[size], rank::SUBSETS, changes, cells.clone(), s)
                            .clues(vec![line_words(n, l)])
                            .figure(format!("naked {}", NAMES[size]), cells),
                    ));
                }
                // Hidden: `size` digits whose places together are `size` cells.
                let missing: Vec<u8> =
                    (1..=n as u8).filter(|&d| self.placed_in(l) & bit(d) == 0).collect();
                for pick in subsets(missing.len(), size) {
                    let ds: Domain = pick.iter().fold(0, |m, &i| m | bit(missing[i]));
                    let places: Vec<usize> =
                        open.iter().copied().filter(|&c| self.dom[c] & ds != 0).collect();
                    if places.len() != size {
                        continue;
                    }
                    let changes = self.narrowing(places.iter().map(|&c| (c, ds)));
                    if changes.is_empty() {
                        continue;
                    }
                    let s = self.say(|| {
                        format!(
                            "In {}, the digits {} can only go in {}: those {size} cells hold those {size} digits and nothing else: {}.",
                            line_words(n, l),
                            digits_and(ds),
                            cells_list(n, &places),
                            self.change_words(&changes)
                        )
                    });
                    return Ok(Some(
                        self.deduction(HIDDEN[size], rank::SUBSETS, changes, places.clone(), s)
                            .clues(vec![line_words(n, l)])
                            .figure(format!("hidden {}", NAMES[size]), places),
                    ));
                }
            }
        }
        Ok(None)
    }

    // ----- extreme ----------------------------------------------------------------------

    /// Line sums: a band of consecutive rows (or columns) holds each digit once per line, so its
    /// digits add up to a known total; the cages lying wholly inside it whose sum is settled
    /// (an addition cage, or any cage all of whose ways of filling have one sum) take their
    /// share, and the few cells left must make up the rest.
    fn line_sums(&mut self) -> Rule {
        let n = self.n;
        let ways = self.all_ways()?;
        let line_total = (n * (n + 1) / 2) as u64;
        let cages = self.p.cages();
        let sum_of: Vec<Option<u64>> = (0..cages.len())
            .map(|k| match (&ways[k], cages[k].op) {
                (_, Op::Add) => Some(cages[k].target),
                (Some(ts), _) => {
                    let s0: u64 = ts[0].iter().map(|&d| d as u64).sum();
                    ts.iter().all(|t| t.iter().map(|&d| d as u64).sum::<u64>() == s0).then_some(s0)
                }
                _ => None,
            })
            .collect();
        for by_col in [false, true] {
            for width in 1..=3usize.min(n - 1) {
                for start in 0..=n - width {
                    let inside = |c: usize| {
                        let x = if by_col { c % n } else { c / n };
                        x >= start && x < start + width
                    };
                    let band: Vec<usize> = (0..n * n).filter(|&c| inside(c)).collect();
                    let mut rest_total = line_total * width as u64;
                    let mut settled: Vec<usize> = Vec::new();
                    let mut rest: Vec<usize> = Vec::new();
                    let mut whole_cages: Vec<usize> = Vec::new();
                    for &c in &band {
                        let k = self.p.cage_of(c);
                        if cages[k].cells.iter().all(|&x| inside(x)) && sum_of[k].is_some() {
                            if !whole_cages.contains(&k) {
                                whole_cages.push(k);
                                rest_total = rest_total.saturating_sub(sum_of[k].unwrap_or(0));
                            }
                            settled.push(c);
                        } else if self.placed[c] {
                            rest_total = rest_total.saturating_sub(only(self.dom[c]) as u64);
                            settled.push(c);
                        } else {
                            rest.push(c);
                        }
                    }
                    if rest.is_empty() || rest.len() > SUM_CELLS || whole_cages.is_empty() {
                        continue;
                    }
                    // Enumerate the rest's digits: distinct where two cells share a line.
                    let mut support = vec![0 as Domain; rest.len()];
                    let mut cur = vec![0u8; rest.len()];
                    fn go(
                        i: usize,
                        left: i64,
                        rest: &[usize],
                        dom: &[Domain],
                        n: usize,
                        cur: &mut [u8],
                        support: &mut [Domain],
                    ) {
                        if i == rest.len() {
                            if left == 0 {
                                for (j, &d) in cur.iter().enumerate() {
                                    support[j] |= 1 << (d - 1);
                                }
                            }
                            return;
                        }
                        for d in tuples::digits(dom[rest[i]]) {
                            if (d as i64) > left {
                                break;
                            }
                            if (0..i).any(|j| cur[j] == d && sees(n, rest[j], rest[i])) {
                                continue;
                            }
                            cur[i] = d;
                            go(i + 1, left - d as i64, rest, dom, n, cur, support);
                        }
                        cur[i] = 0;
                    }
                    go(0, rest_total as i64, &rest, &self.dom, n, &mut cur, &mut support);
                    if support.contains(&0) {
                        return Err((
                            rest.clone(),
                            format!(
                                "the cells left in {} cannot add up to {rest_total}",
                                self.band_words(by_col, start, width)
                            ),
                        ));
                    }
                    let changes = self.narrowing(rest.iter().copied().zip(support.iter().copied()));
                    if changes.is_empty() {
                        continue;
                    }
                    let s = self.say(|| {
                        let cage_names: Vec<String> = whole_cages.iter().map(|&k| cages[k].clue()).collect();
                        let band = self.band_words(by_col, start, width);
                        format!(
                            "{} {} each digit 1 to {n} once{}, so {} add up to {}. The {} {} wholly inside it{}, which leaves {rest_total} for the {} other {}: {}.",
                            capitalise(&band),
                            if width == 1 { "holds" } else { "hold" },
                            if width == 1 { "" } else if by_col { " per column" } else { " per row" },
                            if width == 1 { "its digits" } else { "their digits" },
                            line_total * width as u64,
                            and_list(&cage_names),
                            if whole_cages.len() == 1 { "cage lies" } else { "cages lie" },
                            if settled.iter().any(|&c| self.placed[c] && !whole_cages.contains(&self.p.cage_of(c))) { " and some digits are placed" } else { "" },
                            rest.len(),
                            if rest.len() == 1 { format!("cell ({})", cell_words(n, rest[0])) } else { format!("cells ({})", cells_list(n, &rest)) },
                            self.change_words(&changes)
                        )
                    });
                    let mut d = self
                        .deduction("Line sum (rule of 45)", rank::SUMS, changes, settled.clone(), s)
                        .clues(vec![self.band_words(by_col, start, width)])
                        .figure("the band", band.clone());
                    d = d.figure("the cells left", rest.clone());
                    return Ok(Some(d));
                }
            }
        }
        Ok(None)
    }

    fn band_words(&self, by_col: bool, start: usize, width: usize) -> String {
        let what = if by_col { "column" } else { "row" };
        if width == 1 {
            format!("{what} {}", start + 1)
        } else {
            format!("{what}s {} to {}", start + 1, start + width)
        }
    }

    /// X-wing, swordfish, jellyfish: a digit whose places in `size` rows lie in `size` columns
    /// fills those columns from those rows, so it leaves the columns' other cells (and the same
    /// with rows and columns swapped).
    fn fish(&mut self) -> Rule {
        let n = self.n;
        for size in 2..=4usize {
            for d in 1..=n as u8 {
                for by_col in [false, true] {
                    // Base lines: rows (or columns) still missing d, with the cross positions of d.
                    let base: Vec<(usize, Vec<usize>)> = (0..n)
                        .map(|i| if by_col { n + i } else { i })
                        .filter(|&l| self.placed_in(l) & bit(d) == 0)
                        .map(|l| {
                            let pos: Vec<usize> = self
                                .open_in(l)
                                .into_iter()
                                .filter(|&c| self.dom[c] & bit(d) != 0)
                                .map(|c| if by_col { c / n } else { c % n })
                                .collect();
                            (l, pos)
                        })
                        .filter(|(_, pos)| pos.len() >= 2 && pos.len() <= size)
                        .collect();
                    for pick in subsets(base.len(), size) {
                        let mut cover: Vec<usize> =
                            pick.iter().flat_map(|&i| base[i].1.iter().copied()).collect();
                        cover.sort_unstable();
                        cover.dedup();
                        if cover.len() != size {
                            continue;
                        }
                        let lines: Vec<usize> = pick.iter().map(|&i| base[i].0).collect();
                        let cross: Vec<usize> =
                            cover.iter().map(|&x| if by_col { x } else { n + x }).collect();
                        let targets: Vec<(usize, Domain)> = cross
                            .iter()
                            .flat_map(|&cl| line_cells(n, cl))
                            .filter(|&c| {
                                let base_line = if by_col { n + c % n } else { c / n };
                                !lines.contains(&base_line)
                            })
                            .map(|c| (c, !bit(d)))
                            .collect();
                        let changes = self.narrowing(targets);
                        if changes.is_empty() {
                            continue;
                        }
                        let name: &'static str = match size {
                            2 => "X-wing",
                            3 => "Swordfish",
                            _ => "Jellyfish",
                        };
                        let corners: Vec<usize> = lines
                            .iter()
                            .flat_map(|&l| line_cells(n, l))
                            .filter(|&c| !self.placed[c] && self.dom[c] & bit(d) != 0)
                            .collect();
                        let s = self.say(|| {
                            let base_words = self.lines_words(&lines);
                            let cross_words = self.lines_words(&cross);
                            format!(
                                "The {d}s of {base_words} can only stand in {cross_words}. Each of those {size} lines needs its {d} in one of those {size} lines, so the {d}s of {cross_words} all stand in {base_words}: {}.",
                                self.change_words(&changes)
                            )
                        });
                        return Ok(Some(
                            self.deduction(name, rank::FISH, changes, corners.clone(), s)
                                .clues(lines.iter().map(|&l| line_words(n, l)).collect())
                                .figure(format!("the {d}s"), corners),
                        ));
                    }
                }
            }
        }
        Ok(None)
    }

    /// Tatham's forcing chains: from a two-candidate cell, suppose it does not hold `b`; then it
    /// holds `a`, which forces the other digit into a two-candidate cell in line with it, and so
    /// on. When the chain reaches a cell forced to hold `b`, one of the two ends holds `b`, so a
    /// cell in line with both ends does not.
    fn forcing_chain(&mut self) -> Rule {
        let n = self.n;
        let bivalue: Vec<usize> =
            (0..n * n).filter(|&c| !self.placed[c] && self.dom[c].count_ones() == 2).collect();
        let mut best: Option<(Vec<(usize, u8)>, Vec<Change>, u8)> = None;
        for &s in &bivalue {
            for b in tuples::digits(self.dom[s]) {
                let a = only(self.dom[s] & !bit(b));
                // BFS over (cell, digit it takes); prev for the chain.
                let mut prev: Vec<Option<usize>> = vec![None; n * n];
                let mut takes: Vec<u8> = vec![0; n * n];
                takes[s] = a;
                let mut queue = std::collections::VecDeque::from([s]);
                while let Some(c) = queue.pop_front() {
                    let x = takes[c];
                    for &e in &bivalue {
                        if takes[e] != 0 || !sees(n, c, e) || self.dom[e] & bit(x) == 0 {
                            continue;
                        }
                        let y = only(self.dom[e] & !bit(x));
                        takes[e] = y;
                        prev[e] = Some(c);
                        queue.push_back(e);
                        if y != b {
                            continue;
                        }
                        // One of s and e holds b: cells that see both lose it.
                        let targets: Vec<(usize, Domain)> = (0..n * n)
                            .filter(|&t| t != s && t != e && sees(n, t, s) && sees(n, t, e))
                            .map(|t| (t, !bit(b)))
                            .collect();
                        let changes = self.narrowing(targets);
                        if changes.is_empty() {
                            continue;
                        }
                        let mut chain = vec![(e, y)];
                        let mut at = e;
                        while let Some(p) = prev[at] {
                            chain.push((p, takes[p]));
                            at = p;
                        }
                        chain.reverse();
                        if best.as_ref().is_none_or(|(ch, _, _)| chain.len() < ch.len()) {
                            best = Some((chain, changes, b));
                        }
                    }
                }
            }
        }
        let Some((chain, changes, b)) = best else { return Ok(None) };
        let (s, e) = (chain[0].0, chain[chain.len() - 1].0);
        let sentence = self.say(|| {
            let links: Vec<String> = chain.iter().map(|&(c, d)| format!("{} is {d}", cell_words(n, c))).collect();
            format!(
                "Forcing chain: {} can only hold {}. If it is not {b}, then {}. So either {} or {} holds {b}, and a cell in line with both cannot: {}.",
                capitalise(&cell_words(n, s)),
                digit_list(self.dom[s]),
                links.join("; so "),
                cell_words(n, s),
                cell_words(n, e),
                self.change_words(&changes)
            )
        });
        let cells: Vec<usize> = chain.iter().map(|&(c, _)| c).collect();
        Ok(Some(
            self.deduction("Forcing chain", rank::CHAINS, changes, cells.clone(), sentence)
                .clues(vec![cell_words(n, s), cell_words(n, e)])
                .figure("the chain", cells),
        ))
    }

    // ----- unreasonable -----------------------------------------------------------------

    /// A short trial: suppose a cell holds one of its few candidates and follow the easy and
    /// normal rules; if they break a rule within [`TRIAL_STEPS`] deductions, the cell does not
    /// hold it. The shortest such chain over the cells with fewest candidates is taken.
    fn trial(&mut self) -> Rule {
        let n = self.n;
        let mut best: Option<(usize, u8, Vec<(usize, u8, &'static str)>, String, Vec<usize>)> =
            None;
        for want in 2..=3u32 {
            for c in 0..n * n {
                if self.placed[c] || self.dom[c].count_ones() != want {
                    continue;
                }
                for d in tuples::digits(self.dom[c]) {
                    let mut t = KenKenLogic {
                        p: self.p,
                        n,
                        dom: self.dom.clone(),
                        placed: self.placed.clone(),
                        words: false,
                        ways: self.ways.clone(),
                    };
                    t.apply(&[Change::Place(c, d)]);
                    let limit = best.as_ref().map_or(TRIAL_STEPS, |b| b.2.len());
                    let mut chain: Vec<(usize, u8, &'static str)> = Vec::new();
                    let end = loop {
                        if chain.len() >= limit {
                            break None;
                        }
                        match t.find(rank::CAGE_CELLS) {
                            Found::Deduction(dd) => {
                                for ch in &dd.changes {
                                    if let Change::Place(x, v) = *ch {
                                        chain.push((x, v, dd.rule));
                                    }
                                }
                                if dd.changes.iter().all(|ch| matches!(ch, Change::Narrow(..))) {
                                    chain.push((dd.cells[0], 0, dd.rule));
                                }
                                t.apply(&dd.changes);
                            }
                            Found::Broken { cells, sentence } => break Some((cells, sentence)),
                            Found::Nothing => break None,
                        }
                    };
                    if let Some((cells, why)) = end {
                        if best.as_ref().is_none_or(|b| chain.len() < b.2.len()) {
                            best = Some((c, d, chain, why, cells));
                        }
                    }
                }
            }
            if best.is_some() {
                break;
            }
        }
        let Some((c, d, chain, why, bad)) = best else { return Ok(None) };
        let changes = self.narrowing([(c, !bit(d))]);
        let sentence = self.say(|| {
            let placed: Vec<String> = chain.iter().filter(|x| x.1 != 0).map(|&(x, v, _)| format!("{} is {v}", cell_words(n, x))).collect();
            let shown = if placed.len() > 8 { format!("{}; … ({} more)", placed[..8].join("; "), placed.len() - 8) } else { placed.join("; ") };
            let then = if shown.is_empty() {
                format!("the easy and normal rules then narrow the candidates until {why}")
            } else {
                format!(
                    "then, by the easy and normal rules, {shown}{}; and {why}",
                    if chain.len() > placed.len() { " (with candidates narrowed along the way)" } else { "" }
                )
            };
            format!(
                "No simpler rule applies here, so try one cell. Suppose {} were {d}: {then}. So {} is not {d}: {}.",
                cell_words(n, c),
                cell_words(n, c),
                self.change_words(&changes)
            )
        });
        let path: Vec<usize> = chain.iter().filter(|x| x.1 != 0).map(|x| x.0).collect();
        Ok(Some(
            self.deduction("Trial", rank::TRIAL, changes, vec![c], sentence)
                .clues(vec![cell_words(n, c)])
                .figure("the trial's chain", path)
                .figure("where it breaks", bad),
        ))
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
            let got = match r {
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
            };
            match got {
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
    let run = crate::deduce::run(&mut l, upto, |_| true);
    match run.end {
        crate::deduce::End::Broken { .. } => (Err(()), run.hardest, false),
        end => (Ok(l.dom), run.hardest, end == crate::deduce::End::Complete),
    }
}

#[cfg(test)]
mod tests {
    use super::subsets;

    #[test]
    fn subsets_lists_every_choice_once() {
        assert_eq!(
            subsets(4, 2),
            vec![vec![0, 1], vec![0, 2], vec![0, 3], vec![1, 2], vec![1, 3], vec![2, 3]]
        );
        assert_eq!(subsets(3, 3), vec![vec![0, 1, 2]]);
        assert!(subsets(2, 3).is_empty());
        assert_eq!(subsets(5, 3).len(), 10);
    }
}
