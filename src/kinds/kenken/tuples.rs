//! The digit tuples that satisfy a cage, found by a pruned search over the cells' domains.
//!
//! Used by the SAT encoding (one selector per tuple) and by propagation (which digits still
//! have support). Not used by the checker, which recomputes each rule from the digits alone.

use super::model::{Cage, Op};

/// A set of digits 1..=12 as bits (bit `d - 1` for digit `d`).
pub type Domain = u16;

/// Every digit 1..=n.
pub fn full(n: usize) -> Domain {
    ((1u32 << n) - 1) as Domain
}

/// The digits of a domain, ascending.
pub fn digits(d: Domain) -> impl Iterator<Item = u8> {
    (0..16u8).filter(move |b| d >> b & 1 == 1).map(|b| b + 1)
}

/// The cage's cells that come before cell `i` (in the cage's order) and share its row or column.
pub fn line_peers(size: usize, cells: &[usize]) -> Vec<Vec<usize>> {
    (0..cells.len())
        .map(|i| {
            (0..i)
                .filter(|&j| {
                    cells[i] / size == cells[j] / size || cells[i] % size == cells[j] % size
                })
                .collect()
        })
        .collect()
}

/// Ways of filling a cage: tuples of one digit per cage cell, in the cage's cell order, kept in
/// one buffer (a cage can have thousands, and the rules narrow them at every look; one
/// allocation per list instead of one per tuple).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TupleList {
    width: usize,
    len: usize,
    digits: Vec<u8>,
}

impl TupleList {
    /// No tuples yet, each of `width` digits.
    pub fn new(width: usize) -> Self {
        TupleList { width, len: 0, digits: Vec::new() }
    }

    /// Adds a tuple of the list's width.
    pub fn push(&mut self, t: &[u8]) {
        debug_assert_eq!(t.len(), self.width);
        self.digits.extend_from_slice(t);
        self.len += 1;
    }

    /// How many tuples.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The tuples in order.
    pub fn iter(&self) -> impl Iterator<Item = &[u8]> + Clone + '_ {
        let w = self.width;
        (0..self.len).map(move |i| &self.digits[i * w..(i + 1) * w])
    }
}

impl std::ops::Index<usize> for TupleList {
    type Output = [u8];
    fn index(&self, i: usize) -> &[u8] {
        assert!(i < self.len, "tuple {i} of {}", self.len);
        &self.digits[i * self.width..(i + 1) * self.width]
    }
}

/// What a search over a cage's tuples found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tuples {
    /// All of them: one digit per cage cell, in the cage's cell order.
    All(TupleList),
    /// More than the limit; enumeration stopped.
    TooMany,
}

/// The tuples of digits (each cell's digit from its domain, different where two cells share a
/// row or column) that satisfy `cage`, or [`Tuples::TooMany`] past `limit`. `Blank` cages are
/// unconstrained and always count as too many.
pub fn tuples(size: usize, cage: &Cage, domains: &[Domain], limit: usize) -> Tuples {
    if cage.op == Op::Blank {
        return Tuples::TooMany;
    }
    let cells = &cage.cells;
    let doms: Vec<Domain> = cells.iter().map(|&c| domains[c]).collect();
    let peers = line_peers(size, cells);
    // Suffix bounds: the least and greatest sum and the greatest product of the cells from i on.
    let k = cells.len();
    let mut min_sum = vec![0u64; k + 1];
    let mut max_sum = vec![0u64; k + 1];
    let mut max_prod = vec![1u64; k + 1];
    for i in (0..k).rev() {
        let lo = digits(doms[i]).next().unwrap_or(0) as u64;
        let hi = digits(doms[i]).last().unwrap_or(0) as u64;
        min_sum[i] = min_sum[i + 1] + lo;
        max_sum[i] = max_sum[i + 1] + hi;
        max_prod[i] = max_prod[i + 1].saturating_mul(hi);
    }
    let mut s = Search {
        cage,
        doms,
        peers,
        min_sum,
        max_sum,
        max_prod,
        digits: vec![0; k],
        out: TupleList::new(k),
        limit,
        over: false,
    };
    let start = if cage.op == Op::Mul { 1 } else { 0 };
    s.dfs(0, start);
    if s.over {
        Tuples::TooMany
    } else {
        Tuples::All(s.out)
    }
}

struct Search<'a> {
    cage: &'a Cage,
    doms: Vec<Domain>,
    peers: Vec<Vec<usize>>,
    min_sum: Vec<u64>,
    max_sum: Vec<u64>,
    max_prod: Vec<u64>,
    digits: Vec<u8>,
    out: TupleList,
    limit: usize,
    over: bool,
}

impl Search<'_> {
    fn dfs(&mut self, i: usize, acc: u64) {
        if self.over {
            return;
        }
        let t = self.cage.target;
        if i == self.digits.len() {
            let ok = match self.cage.op {
                Op::Add | Op::Mul => acc == t,
                Op::Given => self.digits[0] as u64 == t,
                Op::Sub => (self.digits[0] as u64).abs_diff(self.digits[1] as u64) == t,
                Op::Div => {
                    let (a, b) = (
                        self.digits[0].max(self.digits[1]) as u64,
                        self.digits[0].min(self.digits[1]) as u64,
                    );
                    a == b * t
                }
                Op::Blank => true,
            };
            if ok {
                if self.out.len() >= self.limit {
                    self.over = true;
                    return;
                }
                self.out.push(&self.digits);
            }
            return;
        }
        for d in digits(self.doms[i]) {
            if self.peers[i].iter().any(|&j| self.digits[j] == d) {
                continue;
            }
            let next = match self.cage.op {
                Op::Add => {
                    let s = acc + d as u64;
                    if s + self.min_sum[i + 1] > t || s + self.max_sum[i + 1] < t {
                        continue;
                    }
                    s
                }
                Op::Mul => {
                    // Digits are below 16: no overflow below 2^60, so the checked product
                    // (a 128-bit multiply in WebAssembly, a library call) is rarely needed.
                    let p = if acc < 1 << 60 {
                        acc * d as u64
                    } else {
                        let Some(p) = acc.checked_mul(d as u64) else { continue };
                        p
                    };
                    if t % p != 0 || t / p > self.max_prod[i + 1] {
                        continue;
                    }
                    p
                }
                _ => 0,
            };
            self.digits[i] = d;
            self.dfs(i + 1, next);
            self.digits[i] = 0;
            if self.over {
                return;
            }
        }
    }
}
