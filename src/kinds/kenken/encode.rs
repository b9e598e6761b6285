//! The SAT encoding: one-hot digits, Latin rows and columns, and every cage linked to the digits.
//!
//! Which cage encoding runs when, and why:
//! - **Tuples** (the default): the cage's satisfying digit tuples are enumerated
//!   ([`super::tuples`]), pruned by distinctness where two cage cells share a row or column and
//!   by the cells' domains. Two-cell cages (`-`, `/`, small `+`/`*`) become support clauses
//!   "digit d here implies one of its partners there", with no new variables; larger cages get
//!   one selector per tuple: at least one selector, each selector implies its digits, and each
//!   digit implies one of the selectors that use it. Unit propagation on this is arc consistent
//!   on the whole cage, which is what makes KenKen easy for SAT.
//! - **Arithmetic**, once a cage has more than [`TUPLE_LIMIT`] tuples (long sum and product
//!   cages on 10x10 and up, where tuples grow combinatorially): a sum cage is the
//!   pseudo-boolean equation `Σ d·x[c][d] = target` and a product cage one such equation per
//!   prime p ≤ n over the exponents, `Σ v_p(d)·x[c][d] = v_p(target)` (a product equals the
//!   target exactly when every prime's exponent does), both through rustsat's generalized
//!   totalizer ([`crate::sat::Cnf::pb_exactly`]). Linear in the cells, weaker propagation.
//!
//! Subtraction, division and givens are always encoded by tuples (at most n² pairs).

use super::model::{KenKen, Op};
use super::tuples::{self, Domain, TupleList, Tuples};
use crate::sat::{Cnf, Lit};

/// Above this many tuples a cage is encoded arithmetically instead of by tuples.
pub const TUPLE_LIMIT: usize = 2000;

/// The digit variables: `x[cell][d - 1]` is true when the cell holds digit `d`.
#[derive(Debug, Clone)]
pub struct Vars {
    /// One literal per cell and digit.
    pub x: Vec<Vec<Lit>>,
    /// How many cages were encoded by tuples and how many arithmetically.
    pub by_tuples: usize,
    /// Cages encoded arithmetically.
    pub by_arithmetic: usize,
}

/// Encodes the puzzle with every digit allowed in every cell.
pub fn encode(p: &KenKen, cnf: &mut Cnf) -> Vars {
    let n = p.size();
    encode_with(p, &vec![tuples::full(n); n * n], cnf)
}

/// Encodes the puzzle with each cell's digits limited to `domains` (deductions every answer
/// obeys, such as those of [`super::propagate`]), which only removes impossible values.
pub fn encode_with(p: &KenKen, domains: &[Domain], cnf: &mut Cnf) -> Vars {
    encode_with_limit(p, domains, TUPLE_LIMIT, cnf)
}

/// [`encode_with`] with another tuple limit for sum and product cages (tests use 0 to force
/// the arithmetic encoding everywhere; two-cell rules and givens always use tuples).
pub fn encode_with_limit(p: &KenKen, domains: &[Domain], limit: usize, cnf: &mut Cnf) -> Vars {
    let n = p.size();
    let x: Vec<Vec<Lit>> = (0..n * n).map(|_| cnf.fresh_n(n)).collect();
    for (cell, lits) in x.iter().enumerate() {
        cnf.exactly_one(lits);
        for (d, &l) in lits.iter().enumerate() {
            if domains[cell] >> d & 1 == 0 {
                cnf.unit(!l);
            }
        }
    }
    #[allow(clippy::needless_range_loop)]
    for i in 0..n {
        for d in 0..n {
            cnf.exactly_one(&(0..n).map(|j| x[i * n + j][d]).collect::<Vec<_>>());
            cnf.exactly_one(&(0..n).map(|j| x[j * n + i][d]).collect::<Vec<_>>());
        }
    }
    let (mut by_tuples, mut by_arithmetic) = (0, 0);
    for cage in p.cages() {
        if cage.op == Op::Blank {
            continue;
        }
        let limit = if matches!(cage.op, Op::Add | Op::Mul) { limit } else { usize::MAX };
        match tuples::tuples(n, cage, domains, limit) {
            Tuples::All(ts) => {
                by_tuples += 1;
                encode_tuples(cnf, &x, &cage.cells, &ts);
            }
            Tuples::TooMany => {
                by_arithmetic += 1;
                encode_arithmetic(cnf, &x, n, cage.op, cage.target, &cage.cells);
            }
        }
    }
    Vars { x, by_tuples, by_arithmetic }
}

fn encode_tuples(cnf: &mut Cnf, x: &[Vec<Lit>], cells: &[usize], ts: &TupleList) {
    let n = x[0].len();
    if ts.is_empty() {
        cnf.clause([]);
        return;
    }
    // Digits no tuple uses at a cell are ruled out there.
    for (i, &c) in cells.iter().enumerate() {
        for d in 1..=n as u8 {
            if !ts.iter().any(|t| t[i] == d) {
                cnf.unit(!x[c][d as usize - 1]);
            }
        }
    }
    let lit = |i: usize, d: u8| x[cells[i]][d as usize - 1];
    if cells.len() == 1 {
        return;
    }
    if cells.len() == 2 {
        // Support clauses both ways: a digit here needs one of its partners there.
        for (i, j) in [(0, 1), (1, 0)] {
            let mut seen: Vec<u8> = ts.iter().map(|t| t[i]).collect();
            seen.sort_unstable();
            seen.dedup();
            for d in seen {
                let mut clause = vec![!lit(i, d)];
                clause.extend(ts.iter().filter(|t| t[i] == d).map(|t| lit(j, t[j])));
                cnf.clause(clause);
            }
        }
        return;
    }
    let sel = cnf.fresh_n(ts.len());
    cnf.clause(sel.iter().copied());
    for (s, t) in sel.iter().zip(ts.iter()) {
        for (i, &d) in t.iter().enumerate() {
            cnf.implies(*s, lit(i, d));
        }
    }
    for i in 0..cells.len() {
        for d in 1..=n as u8 {
            let using: Vec<Lit> =
                sel.iter().zip(ts.iter()).filter(|(_, t)| t[i] == d).map(|(s, _)| *s).collect();
            if !using.is_empty() {
                let mut clause = vec![!lit(i, d)];
                clause.extend(using);
                cnf.clause(clause);
            }
        }
    }
}

/// The primes up to 12.
const PRIMES: [u64; 5] = [2, 3, 5, 7, 11];

/// The exponent of prime `p` in `v`.
fn valuation(mut v: u64, p: u64) -> usize {
    let mut e = 0;
    while v > 0 && v % p == 0 {
        v /= p;
        e += 1;
    }
    e
}

fn encode_arithmetic(
    cnf: &mut Cnf,
    x: &[Vec<Lit>],
    n: usize,
    op: Op,
    target: u64,
    cells: &[usize],
) {
    let terms = |weight: &dyn Fn(usize) -> usize| -> Vec<(Lit, usize)> {
        cells
            .iter()
            .flat_map(|&c| (1..=n).map(move |d| (c, d)))
            .map(|(c, d)| (x[c][d - 1], weight(d)))
            .collect()
    };
    match op {
        Op::Add => cnf.pb_exactly(&terms(&|d| d), target as usize),
        Op::Mul => {
            let mut rest = target;
            for p in PRIMES.into_iter().filter(|&p| p as usize <= n) {
                let e = valuation(target, p);
                rest /= p.pow(e as u32);
                cnf.pb_exactly(&terms(&|d| valuation(d as u64, p)), e);
            }
            if rest != 1 {
                // A prime factor larger than every digit: no digits multiply to the target.
                cnf.clause([]);
            }
        }
        // Two-cell rules and givens are always enumerated (at most n² tuples); blanks are skipped.
        Op::Sub | Op::Div | Op::Given | Op::Blank => {}
    }
}
