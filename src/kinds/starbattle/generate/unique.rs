//! Uniqueness, incrementally: one SAT instance holds the rows, columns, no-touch windows and
//! "some planted star is missing", each region's count behind an activation literal; while a
//! second answer exists, a cell moves between regions to rule it out.

use super::regions::{move_one, neighbours};
use super::watch::Watch;
use crate::puzzle::GenerateError;
use crate::sat::{Cnf, Lit, Solver};

/// The incremental uniqueness instance: rows, columns, windows and "not the planted answer"
/// fixed; each region's exactly-k behind an activation literal.
struct Uniqueness {
    cnf: Cnf,
    solver: Solver,
    x: Vec<Lit>,
    active: Vec<Lit>,
    k: usize,
}

impl Uniqueness {
    fn new(n: usize, k: usize, layout: &[bool], regions: &[u32]) -> Self {
        let mut cnf = Cnf::new();
        let x = cnf.fresh_n(n * n);
        for r in 0..n {
            cnf.exactly(&(0..n).map(|c| x[r * n + c]).collect::<Vec<_>>(), k);
            cnf.exactly(&(0..n).map(|c| x[c * n + r]).collect::<Vec<_>>(), k);
        }
        for r in 0..n - 1 {
            for c in 0..n - 1 {
                let i = r * n + c;
                cnf.at_most_one(&[x[i], x[i + 1], x[i + n], x[i + n + 1]]);
            }
        }
        // Any other answer misses at least one planted star (it has as many stars).
        cnf.clause((0..n * n).filter(|&i| layout[i]).map(|i| !x[i]));
        let solver = Solver::new(&cnf);
        let mut u = Uniqueness { cnf, solver, x, active: Vec::new(), k };
        for g in 0..n as u32 {
            let a = u.region_constraint(regions, g);
            u.active.push(a);
        }
        u
    }

    /// Adds exactly-k over region `g`'s cells behind a fresh activation literal.
    fn region_constraint(&mut self, regions: &[u32], g: u32) -> Lit {
        let before = self.cnf.n_clauses();
        let a = self.cnf.fresh();
        let lits: Vec<Lit> =
            (0..regions.len()).filter(|&i| regions[i] == g).map(|i| self.x[i]).collect();
        self.cnf.exactly(&lits, self.k);
        let new: Vec<Vec<Lit>> = self.cnf.clauses()[before..].to_vec();
        for mut c in new {
            c.push(!a);
            self.solver.add_clause(&c);
        }
        a
    }

    /// Replaces the constraints of regions `gs` (their cells changed).
    fn refresh(&mut self, regions: &[u32], gs: &[u32]) {
        for &g in gs {
            let old = self.active[g as usize];
            self.solver.add_clause(&[!old]);
            self.active[g as usize] = self.region_constraint(regions, g);
        }
    }

    /// A second answer (stars in reading order), or `None` when the planted one is the only one.
    fn second(&mut self) -> Option<Vec<bool>> {
        let active = self.active.clone();
        let m = self.solver.solve_under(&active).ok()??;
        Some(self.x.iter().map(|&l| m.value(l)).collect())
    }
}

/// Reshaping steps per unit of side before a layout is given up. With 40 (the first budget)
/// 12x12 with 2 stars took about 3 s and up to a minute: most layouts that did not become
/// unique within 80 steps wandered for all 480 (each fixed second answer opened another), so
/// giving up early and planting anew pays (12x12/2 `any`, seeds 1 to 3: 0.03 to 0.96 s).
const UNIQUE_STEPS: usize = 10;

/// Reshapes `regions` until the planted `layout` is the only answer; false when stuck.
pub(super) fn make_unique(
    n: usize,
    k: usize,
    layout: &[bool],
    regions: &mut [u32],
    rng: &mut fastrand::Rng,
    watch: &mut Watch,
) -> Result<bool, GenerateError> {
    let mut inst = Uniqueness::new(n, k, layout, regions);
    for _step in 0..UNIQUE_STEPS * n {
        watch.step()?;
        let Some(other) = inst.second() else { return Ok(true) };
        // Cells where the other answer has a star and the planted layout has none.
        let mut candidates: Vec<usize> = (0..n * n).filter(|&i| other[i] && !layout[i]).collect();
        rng.shuffle(&mut candidates);
        // When none of those can move (each holds its region together), their unstarred
        // neighbours are tried next: reshaping next to the difference still changes the region sums.
        let mut near: Vec<usize> = (0..n * n)
            .filter(|&i| {
                !layout[i] && !other[i] && neighbours(n, i).any(|m| other[m] && !layout[m])
            })
            .collect();
        rng.shuffle(&mut near);
        candidates.extend(near);
        let Some((from, to)) = move_one(n, regions, &candidates, rng) else { return Ok(false) };
        inst.refresh(regions, &[from, to]);
    }
    Ok(false)
}
