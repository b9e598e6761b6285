//! CDCL with the 2x2-block count inside: batsat over the grouped encoding, plus a theory that
//! re-covers each unit whose cells were emptied and explains what the count forces by a clause.
//!
//! A unit is a row, a column, a region, or a band of two adjacent rows or columns, with the
//! number of stars it holds (k, or 2k for a band). After each round of unit propagation the
//! [`BlockTheory`] takes the units with newly emptied cells and covers the cells still open by
//! 2x2 boxes, greedily in reading order; each box holds at most one star, so:
//! - fewer boxes than stars is a conflict, "one of the unit's emptied cells is a star";
//! - exactly as many boxes as stars puts a star in every box: a box with one open cell gets
//!   its star, and every cell that touches all the open cells of a box is emptied; the
//!   reason is the unit's emptied cells.
//!
//! Both are implied by the rules alone whatever the cover, so the search learns from them as
//! from any clause. The static encoding counts groups of one fixed cover per unit; this one
//! re-covers the cells left as they are, which finds the smaller covers a person sees.

use batsat::{lbool, Lit as BLit, Theory, TheoryArg, Var as BVar};

use super::StarBattle;
use crate::sat::Lit;

/// No cell (a variable of the formula that is not a cell).
const NONE: u32 = u32::MAX;

/// The 2x2-block count as a batsat theory over the cell variables.
pub struct BlockTheory {
    n: usize,
    /// Each unit's cells and stars.
    units: Vec<(Vec<u32>, usize)>,
    /// Per cell: the units it is in.
    unit_of: Vec<Vec<u32>>,
    /// Per batsat variable: its cell, or [`NONE`].
    cell_of_var: Vec<u32>,
    /// Per cell: its batsat variable.
    var_of_cell: Vec<u32>,
    queue: Vec<u32>,
    queued: Vec<bool>,
    /// Trail literals already looked at, and its length when each level began.
    seen: usize,
    levels: Vec<usize>,
    /// Per cell: the reason of its last propagation (true literals).
    reason: Vec<Vec<BLit>>,
    conflict: Vec<BLit>,
    /// Scratch: which cells of the grid are still to cover, and the unit's open cells.
    left: Vec<bool>,
    open: Vec<u32>,
    boxes: Vec<[u32; 4]>,
    /// Propagations and conflicts made (statistics).
    pub propagations: u64,
    pub conflicts: u64,
}

impl BlockTheory {
    /// A theory for `p`, whose cell `i` is the formula's literal `x[i]`.
    pub fn new(p: &StarBattle, x: &[Lit], n_vars: usize) -> Self {
        let (n, k) = (p.rows(), p.stars());
        let mut units: Vec<(Vec<u32>, usize)> = Vec::new();
        for line in 0..n {
            units.push(((0..n).map(|j| (line * n + j) as u32).collect(), k));
            units.push(((0..n).map(|j| (j * n + line) as u32).collect(), k));
        }
        for line in 0..n.saturating_sub(1) {
            if std::env::var_os("NOBANDS").is_some() { break; }
            units.push(((0..n).flat_map(|j| [(line * n + j) as u32, ((line + 1) * n + j) as u32]).collect(), 2 * k));
            units.push(((0..n).flat_map(|j| [(j * n + line) as u32, (j * n + line + 1) as u32]).collect(), 2 * k));
        }
        let mut regions: Vec<Vec<u32>> = vec![Vec::new(); p.n_regions()];
        for (i, g) in p.regions().cells().iter().enumerate() {
            if let Some(g) = g {
                regions[*g as usize].push(i as u32);
            }
        }
        units.extend(regions.into_iter().map(|r| (r, k)));
        for u in &mut units {
            u.0.sort_unstable();
        }
        let mut unit_of = vec![Vec::new(); n * n];
        for (j, (cells, _)) in units.iter().enumerate() {
            for &c in cells {
                unit_of[c as usize].push(j as u32);
            }
        }
        let mut cell_of_var = vec![NONE; n_vars];
        let var_of_cell: Vec<u32> = x.iter().map(|l| l.index() as u32).collect();
        for (c, &v) in var_of_cell.iter().enumerate() {
            cell_of_var[v as usize] = c as u32;
        }
        let count = units.len();
        BlockTheory {
            n,
            units,
            unit_of,
            cell_of_var,
            var_of_cell,
            queue: Vec::with_capacity(count),
            queued: vec![false; count],
            seen: 0,
            levels: Vec::new(),
            reason: vec![Vec::new(); n * n],
            conflict: Vec::new(),
            left: vec![false; n * n],
            open: Vec::new(),
            boxes: Vec::new(),
            propagations: 0,
            conflicts: 0,
        }
    }

    fn lit(&self, cell: u32, star: bool) -> BLit {
        BLit::new(BVar::unsafe_from_idx(self.var_of_cell[cell as usize]), star)
    }

    fn value(&self, acts: &TheoryArg, cell: u32) -> lbool {
        acts.value(BVar::unsafe_from_idx(self.var_of_cell[cell as usize]))
    }

    fn clear_queue(&mut self) {
        for u in self.queue.drain(..) {
            self.queued[u as usize] = false;
        }
    }

    /// Covers the open cells of `self.open` (sorted, reading order) by 2x2 boxes, greedily: the
    /// first cell left is the top-left or the top-right cell of its box, whichever box takes
    /// more cells. Fills `self.boxes` (each box's cells, [`NONE`] for none).
    fn cover(&mut self) {
        let n = self.n;
        self.boxes.clear();
        for &c in &self.open {
            self.left[c as usize] = true;
        }
        for idx in 0..self.open.len() {
            let c = self.open[idx] as usize;
            if !self.left[c] {
                continue;
            }
            let (r, col) = (c / n, c % n);
            let mut best = [NONE; 4];
            let mut best_count = 0;
            for left_col in [Some(col), col.checked_sub(1)].into_iter().flatten() {
                let mut b = [NONE; 4];
                let mut m = 0;
                for (dr, dc) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                    let (rr, cc) = (r + dr, left_col + dc);
                    if rr < n && cc < n && self.left[rr * n + cc] {
                        b[m] = (rr * n + cc) as u32;
                        m += 1;
                    }
                }
                if m > best_count {
                    best = b;
                    best_count = m;
                }
            }
            for &b in best.iter().take(best_count) {
                self.left[b as usize] = false;
            }
            self.boxes.push(best);
        }
    }

    /// Counts unit `u` under the current assignment; false on a conflict (raised).
    fn check_unit(&mut self, acts: &mut TheoryArg, u: usize) -> bool {
        let need = self.units[u].1;
        self.open.clear();
        let mut emptied = std::mem::take(&mut self.conflict);
        emptied.clear();
        for j in 0..self.units[u].0.len() {
            let c = self.units[u].0[j];
            if self.value(acts, c) == lbool::FALSE {
                emptied.push(self.lit(c, false));
            } else {
                self.open.push(c);
            }
        }
        self.cover();
        let boxes = self.boxes.len();
        if boxes < need {
            // "One of the emptied cells is a star": all of them false now.
            self.conflicts += 1;
            for l in emptied.iter_mut() {
                *l = !*l;
            }
            self.conflict = emptied;
            acts.raise_conflict(&self.conflict, true);
            return false;
        }
        if boxes > need {
            self.conflict = emptied;
            return true;
        }
        // Every box holds a star.
        let n = self.n;
        let mut ok = true;
        for b in 0..boxes {
            let cells = self.boxes[b];
            let m = cells.iter().take_while(|&&c| c != NONE).count();
            let mut forced: Vec<(u32, bool)> = Vec::new();
            if m == 1 {
                forced.push((cells[0], true));
            }
            // Cells touching every open cell of the box.
            let (r0, c0) = ((cells[0] as usize) / n, (cells[0] as usize) % n);
            for r in r0.saturating_sub(2)..(r0 + 3).min(n) {
                for c in c0.saturating_sub(2)..(c0 + 3).min(n) {
                    let z = (r * n + c) as u32;
                    if cells[..m].contains(&z) {
                        continue;
                    }
                    if cells[..m].iter().all(|&i| ((i as usize) / n).abs_diff(r) <= 1 && ((i as usize) % n).abs_diff(c) <= 1) {
                        forced.push((z, false));
                    }
                }
            }
            for (cell, star) in forced {
                if self.value(acts, cell) != lbool::UNDEF {
                    continue;
                }
                let mut reason = std::mem::take(&mut self.reason[cell as usize]);
                reason.clear();
                reason.extend_from_slice(&emptied);
                self.reason[cell as usize] = reason;
                self.propagations += 1;
                if !acts.propagate(self.lit(cell, star)) {
                    ok = false;
                    break;
                }
            }
            if !ok {
                break;
            }
        }
        self.conflict = emptied;
        ok
    }
}

impl Theory for BlockTheory {
    fn final_check(&mut self, acts: &mut TheoryArg) {
        self.partial_check(acts);
    }

    fn create_level(&mut self) {
        self.levels.push(self.seen);
    }

    fn pop_levels(&mut self, n: usize) {
        let keep = self.levels.len() - n;
        self.seen = self.levels[keep];
        self.levels.truncate(keep);
        self.clear_queue();
    }

    fn n_levels(&self) -> usize {
        self.levels.len()
    }

    fn partial_check(&mut self, acts: &mut TheoryArg) {
        let trail = acts.model();
        for l in &trail[self.seen..] {
            let v = l.var().idx() as usize;
            let cell = self.cell_of_var.get(v).copied().unwrap_or(NONE);
            // Only an emptied cell shrinks a unit's cover.
            if cell == NONE || l.sign() {
                continue;
            }
            for &u in &self.unit_of[cell as usize] {
                if !self.queued[u as usize] {
                    self.queued[u as usize] = true;
                    self.queue.push(u);
                }
            }
        }
        self.seen = trail.len();
        while let Some(u) = self.queue.pop() {
            self.queued[u as usize] = false;
            if !self.check_unit(acts, u as usize) {
                self.clear_queue();
                return;
            }
        }
    }

    fn explain_propagation(&mut self, p: BLit) -> &[BLit] {
        let cell = self.cell_of_var[p.var().idx() as usize];
        &self.reason[cell as usize]
    }
}
