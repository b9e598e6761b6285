//! A random valid star layout: the row, column and no-touch rules solved by SAT over a shuffled
//! numbering of the cells, with a few random cells assumed to hold stars.

use crate::sat::{Cnf, Solver};

/// A random valid layout: rows, columns and windows solved by SAT over a shuffled numbering,
/// with a few random cells assumed to hold stars.
pub(super) fn plant(n: usize, k: usize, rng: &mut fastrand::Rng) -> Option<Vec<bool>> {
    let mut order: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut order);
    let mut cnf = Cnf::new();
    let vars = cnf.fresh_n(n * n);
    let x = |r: usize, c: usize| vars[order[r * n + c]];
    for r in 0..n {
        cnf.exactly(&(0..n).map(|c| x(r, c)).collect::<Vec<_>>(), k);
        cnf.exactly(&(0..n).map(|c| x(c, r)).collect::<Vec<_>>(), k);
    }
    for r in 0..n - 1 {
        for c in 0..n - 1 {
            cnf.at_most_one(&[x(r, c), x(r, c + 1), x(r + 1, c), x(r + 1, c + 1)]);
        }
    }
    let mut solver = Solver::new(&cnf);
    let hints: Vec<_> = (0..3).map(|_| x(rng.usize(..n), rng.usize(..n))).collect();
    let model = match solver.solve_under(&hints).ok()? {
        Some(m) => m,
        None => solver.solve().ok()??,
    };
    Some((0..n * n).map(|i| model.value(x(i / n, i % n))).collect())
}
