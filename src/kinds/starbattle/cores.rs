//! Which units force a cell: an analysis for finding what reasoning a board needs where the
//! hints stop (issue 40, item 2; `examples/sb_cores.rs`, findings in `docs/design-notes.md`).
//!
//! The formula has a variable per cell, the no-touch rule and the cells decided so far always,
//! and each unit's "exactly k stars" (rows, columns, regions: [`Board::units`]) behind a
//! selector literal of its own. A cell is forced when every answer from the decided cells gives
//! it the same value (the backbone); a core of a forced cell is a set of units whose rules,
//! with the no-touch rule and the decided cells, already force it, and a minimal core one where
//! every unit is needed (found by dropping the units one at a time, farthest from the cell
//! first, keeping each whose loss lets the other value back in: a deletion-based minimal
//! unsatisfiable core). Any rule that decides the cell is a reasoning over some superset of a
//! minimal core, so the cores' sizes say how much of the board a rule must look at.
//!
//! Not used by the hints or the solver: SAT on the whole board, seconds per core on 21x21.

use super::logic::{Board, Cell};
use crate::sat::{Cnf, Lit, Model, Solver};

/// The formula of a board's units under selectors, and its solver.
pub struct Cores<'b> {
    b: &'b Board,
    solver: Solver,
    /// The variable of each cell.
    x: Vec<Lit>,
    /// The selector of each unit.
    sel: Vec<Lit>,
    /// One answer from the decided cells.
    model: Model,
}

impl<'b> Cores<'b> {
    /// The formula for `cells` on `b`; `None` when no answer agrees with the decided cells.
    pub fn new(b: &'b Board, cells: &[Cell]) -> Option<Self> {
        let n = b.n;
        let mut cnf = Cnf::new();
        let x = cnf.fresh_n(n * n);
        let sel = cnf.fresh_n(b.units.len());
        for (u, unit) in b.units.iter().enumerate() {
            let lits: Vec<Lit> = unit.iter().map(|&i| x[i]).collect();
            // The cardinality clauses are built apart (on the same variables and fresh ones
            // after them) and each is guarded by the unit's selector.
            let mut part = Cnf::new();
            part.fresh_n(cnf.n_vars());
            part.exactly(&lits, b.k);
            let fresh = part.n_vars() - cnf.n_vars();
            cnf.fresh_n(fresh);
            for c in part.clauses() {
                cnf.clause(std::iter::once(!sel[u]).chain(c.iter().copied()));
            }
        }
        for r in 0..n {
            for c in 0..n {
                for (dr, dc) in [(0, 1), (1, -1), (1, 0), (1, 1)] {
                    let (rr, cc) = (r as i64 + dr, c as i64 + dc);
                    if rr < n as i64 && cc >= 0 && cc < n as i64 {
                        cnf.clause([!x[r * n + c], !x[rr as usize * n + cc as usize]]);
                    }
                }
            }
        }
        for (i, &v) in cells.iter().enumerate() {
            match v {
                Cell::Star => cnf.unit(x[i]),
                Cell::Empty => cnf.unit(!x[i]),
                Cell::Open => {}
            }
        }
        let mut solver = Solver::new(&cnf);
        let model = solver.solve_under(&sel).ok()??;
        Some(Cores { b, solver, x, sel, model })
    }

    /// Whether cell `i` is a star in one answer (the one found first).
    pub fn star_in_answer(&self, i: usize) -> bool {
        self.model.value(self.x[i])
    }

    /// Whether the units `on` (indices into [`Board::units`]) force cell `i` to be a star
    /// (`star`) or empty: the other value has no answer under them.
    pub fn forces(&mut self, on: &[usize], i: usize, star: bool) -> bool {
        let mut a: Vec<Lit> = on.iter().map(|&u| self.sel[u]).collect();
        a.push(if star { !self.x[i] } else { self.x[i] });
        matches!(self.solver.solve_under(&a), Ok(None))
    }

    /// Every unit.
    fn all(&self) -> Vec<usize> {
        (0..self.sel.len()).collect()
    }

    /// The open cells of `cells` forced by all the units, with their value (true: a star).
    pub fn backbone(&mut self, cells: &[Cell]) -> Vec<(usize, bool)> {
        let all = self.all();
        let open: Vec<usize> = (0..cells.len()).filter(|&i| cells[i] == Cell::Open).collect();
        let model = self.model.clone();
        self.tried(&all, &open, &model)
    }

    /// The cells of `among` that the units `on` force, with their value (true: a star): one
    /// answer under those units, then each cell tried at its other value. Empty when the units
    /// have no answer (the decided cells break them).
    pub fn forced_by(&mut self, on: &[usize], among: &[usize]) -> Vec<(usize, bool)> {
        let a: Vec<Lit> = on.iter().map(|&u| self.sel[u]).collect();
        let Ok(Some(m)) = self.solver.solve_under(&a) else { return Vec::new() };
        self.tried(on, among, &m)
    }

    /// The cells of `among` that the units `on` force to their value in `m` (an answer under
    /// those units).
    fn tried(&mut self, on: &[usize], among: &[usize], m: &Model) -> Vec<(usize, bool)> {
        let mut out = Vec::new();
        for &i in among {
            let star = m.value(self.x[i]);
            if self.forces(on, i, star) {
                out.push((i, star));
            }
        }
        out
    }

    /// A minimal core of forced cell `i` (its value `star`): units, in index order, that force
    /// it, none of which can be left out; `None` when all the units together do not force it.
    pub fn core(&mut self, i: usize, star: bool) -> Option<Vec<usize>> {
        let n = self.b.n;
        let dist = |unit: &[usize]| {
            unit.iter()
                .map(|&j| (j / n).abs_diff(i / n).max((j % n).abs_diff(i % n)))
                .min()
                .unwrap_or(usize::MAX)
        };
        let mut keep = vec![true; self.sel.len()];
        if !self.forces(&self.all(), i, star) {
            return None;
        }
        let mut order = self.all();
        order.sort_by_key(|&u| std::cmp::Reverse(dist(&self.b.units[u])));
        for u in order {
            if !keep[u] {
                continue;
            }
            keep[u] = false;
            let on: Vec<usize> = (0..keep.len()).filter(|&v| keep[v]).collect();
            if self.forces(&on, i, star) {
                // Forced without u: leave out too every unit the solver's core did without.
                let core = self.solver.failed_core();
                for v in on {
                    if !core.contains(&self.sel[v]) {
                        keep[v] = false;
                    }
                }
            } else {
                keep[u] = true;
            }
        }
        Some((0..keep.len()).filter(|&u| keep[u]).collect())
    }

    /// The smallest radius r at which the rows and columns within r lines of cell `i` and the
    /// regions meeting the square of side 2r + 1 around it force the cell (its value `star`).
    pub fn radius(&mut self, i: usize, star: bool) -> Option<usize> {
        (0..self.b.n).find(|&rad| self.radius_forces(i, star, rad) == Some(true))
    }

    /// Whether the units of radius `rad` around cell `i` (see [`Cores::radius`]) force it;
    /// `None` for a cell off the board.
    pub fn radius_forces(&mut self, i: usize, star: bool, rad: usize) -> Option<bool> {
        let n = self.b.n;
        if i >= n * n {
            return None;
        }
        let (r0, c0) = (i / n, i % n);
        let near = |j: usize| (j / n).abs_diff(r0) <= rad && (j % n).abs_diff(c0) <= rad;
        let on: Vec<usize> = (0..self.sel.len())
            .filter(|&u| {
                if u < n {
                    u.abs_diff(r0) <= rad
                } else if u < 2 * n {
                    (u - n).abs_diff(c0) <= rad
                } else {
                    self.b.units[u].iter().any(|&j| near(j))
                }
            })
            .collect();
        Some(self.forces(&on, i, star))
    }
}
