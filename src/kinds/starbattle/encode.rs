//! The SAT encodings: exactly k stars per row, column and region; at most one per 2x2 window;
//! [`encode`] counts cells (the plain encoding), [`encode_grouped`] (the solver's SAT phase)
//! counts groups of cells inside 2x2 boxes.
//!
//! Every pair of touching cells (orthogonally or diagonally) lies in some 2x2 window, so the
//! window constraint is exactly "no two stars touch".

use super::StarBattle;
use crate::sat::{Cnf, Lit};

/// Encodes `puzzle` and returns one variable per cell in reading order (true = star).
pub fn encode(puzzle: &StarBattle, cnf: &mut Cnf) -> Vec<Lit> {
    let (rows, cols, k) = (puzzle.rows(), puzzle.cols(), puzzle.stars());
    let x = cnf.fresh_n(rows * cols);
    let at = |r: usize, c: usize| x[r * cols + c];
    for r in 0..rows {
        let line: Vec<Lit> = (0..cols).map(|c| at(r, c)).collect();
        cnf.exactly(&line, k);
    }
    for c in 0..cols {
        let line: Vec<Lit> = (0..rows).map(|r| at(r, c)).collect();
        cnf.exactly(&line, k);
    }
    let mut by_region: Vec<Vec<Lit>> = vec![Vec::new(); puzzle.n_regions()];
    for (i, region) in puzzle.regions().cells().iter().enumerate() {
        if let Some(g) = region {
            by_region[*g as usize].push(x[i]);
        }
    }
    for cells in &by_region {
        cnf.exactly(cells, k);
    }
    for r in 0..rows.saturating_sub(1) {
        for c in 0..cols.saturating_sub(1) {
            cnf.at_most_one(&[at(r, c), at(r, c + 1), at(r + 1, c), at(r + 1, c + 1)]);
        }
    }
    x
}

/// Regions with more cells than this keep the cell-level count in [`encode_grouped`] (their
/// covers are loose, and the cover search grows with the region).
pub const GROUPED_REGION_MAX: usize = 64;
/// Nodes the search for a region's smallest cover may visit before it keeps the best so far.
const COVER_BUDGET: usize = 20_000;

/// The SAT phase's encoding: the same answers as [`encode`] with the cells of `empty` empty,
/// but each count is over groups of cells instead of cells. A group lies inside one 2x2 box,
/// so its cells touch one another and it holds at most one star: a group's literal that is
/// true exactly when one of its cells is a star turns "exactly k stars" into "exactly k
/// groups hold a star", which unit propagation reads at the level of the 2x2 blocks people
/// count with. Each row and column is cut into runs of at most two cells that are not empty
/// (the fewest groups there are); each region of at most [`GROUPED_REGION_MAX`] cells into its
/// smallest cover by 2x2 boxes ([`window_cover`]), and a second cover of the same size found
/// from the other end when it differs. The cells of `empty` are left out of the groups; the
/// caller adds them as units. Measured in `docs/design-notes.md` ("Star Battle solver").
pub fn encode_grouped(puzzle: &StarBattle, empty: &[bool], cnf: &mut Cnf) -> Vec<Lit> {
    let (n, k) = (puzzle.rows(), puzzle.stars());
    debug_assert_eq!(puzzle.cols(), n);
    let x = cnf.fresh_n(n * n);
    let open = |i: usize| !empty.get(i).copied().unwrap_or(false);
    for line in 0..n {
        for by_col in [false, true] {
            let cells: Vec<usize> =
                (0..n).map(|j| if by_col { j * n + line } else { line * n + j }).collect();
            let mut groups: Vec<Vec<usize>> = Vec::new();
            let mut j = 0;
            while j < n {
                if !open(cells[j]) {
                    j += 1;
                    continue;
                }
                let mut g = vec![cells[j]];
                if j + 1 < n && open(cells[j + 1]) {
                    g.push(cells[j + 1]);
                }
                j += g.len();
                groups.push(g);
            }
            count_groups(cnf, &x, &groups, k, n, empty);
        }
    }
    let mut by_region: Vec<Vec<usize>> = vec![Vec::new(); puzzle.n_regions()];
    for (i, region) in puzzle.regions().cells().iter().enumerate() {
        if let Some(g) = region {
            by_region[*g as usize].push(i);
        }
    }
    for cells in &by_region {
        let live: Vec<usize> = cells.iter().copied().filter(|&i| open(i)).collect();
        if cells.len() > GROUPED_REGION_MAX {
            let lits: Vec<Lit> = live.iter().map(|&i| x[i]).collect();
            cnf.exactly(&lits, k);
            continue;
        }
        let cover = window_cover(n, &live);
        count_groups(cnf, &x, &cover, k, n, empty);
        // The same from the other end (the cells turned half a turn): often another cover.
        let turned: Vec<usize> = live.iter().map(|&i| n * n - 1 - i).collect();
        let other: Vec<Vec<usize>> = window_cover(n, &turned)
            .into_iter()
            .map(|g| g.into_iter().map(|i| n * n - 1 - i).collect())
            .collect();
        if other.len() <= cover.len() && normalised(&other) != normalised(&cover) {
            count_groups(cnf, &x, &other, k, n, empty);
        }
    }
    for r in 0..n.saturating_sub(1) {
        for c in 0..n.saturating_sub(1) {
            cnf.at_most_one(&[
                x[r * n + c],
                x[r * n + c + 1],
                x[(r + 1) * n + c],
                x[(r + 1) * n + c + 1],
            ]);
        }
    }
    x
}

fn normalised(groups: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let mut v: Vec<Vec<usize>> = groups
        .iter()
        .map(|g| {
            let mut g = g.clone();
            g.sort_unstable();
            g
        })
        .collect();
    v.sort();
    v
}

/// Exactly `k` of `groups` (each holding at most one star) hold a star: a literal per group
/// of two or more cells, true exactly when one of its cells is a star, and a count over them;
/// and the group's literal rules out the open cells that touch every cell of the group (the
/// cells above and below a pair in a row, beside a pair in a column).
fn count_groups(
    cnf: &mut Cnf,
    x: &[Lit],
    groups: &[Vec<usize>],
    k: usize,
    n: usize,
    empty: &[bool],
) {
    let mut some = Vec::with_capacity(groups.len());
    for g in groups {
        if let [only] = g[..] {
            some.push(x[only]);
            continue;
        }
        let v = cnf.fresh();
        let mut clause = vec![!v];
        for &i in g {
            clause.push(x[i]);
            cnf.implies(x[i], v);
        }
        cnf.clause(clause);
        // A star somewhere in the group rules out every cell that touches the whole group;
        // unit propagation cannot see that through the group's cells one by one.
        for z in common_neighbours(n, g) {
            if !empty.get(z).copied().unwrap_or(false) {
                cnf.clause(vec![!v, !x[z]]);
            }
        }
        some.push(v);
    }
    cnf.exactly(&some, k);
}

/// The cells outside `group` that touch every cell of it (orthogonally or diagonally): a star
/// in the group rules each of them out, whichever cell it is.
fn common_neighbours(n: usize, group: &[usize]) -> Vec<usize> {
    let (r0, c0) = (group[0] / n, group[0] % n);
    let mut out = Vec::new();
    for r in r0.saturating_sub(2)..(r0 + 3).min(n) {
        for c in c0.saturating_sub(2)..(c0 + 3).min(n) {
            let z = r * n + c;
            if group.contains(&z) {
                continue;
            }
            if group.iter().all(|&i| (i / n).abs_diff(r) <= 1 && (i % n).abs_diff(c) <= 1) {
                out.push(z);
            }
        }
    }
    out
}

/// A partition of `cells` (indices of an n×n grid) into groups each inside one 2x2 box, with
/// as few groups as a depth-first search finds within its budget: the first cell left in
/// reading order is the top-left or top-right cell of its box, the fuller choice first.
pub fn window_cover(n: usize, cells: &[usize]) -> Vec<Vec<usize>> {
    struct Search {
        n: usize,
        budget: usize,
        chosen: Vec<Vec<usize>>,
        best: Option<Vec<Vec<usize>>>,
    }
    impl Search {
        fn run(&mut self, left: &[usize]) {
            if self.budget == 0 {
                return;
            }
            self.budget -= 1;
            let Some(&first) = left.first() else {
                if self.best.as_ref().is_none_or(|b| self.chosen.len() < b.len()) {
                    self.best = Some(self.chosen.clone());
                }
                return;
            };
            if self.best.as_ref().is_some_and(|b| self.chosen.len() + 1 >= b.len()) {
                return;
            }
            let n = self.n;
            let (r, c) = (first / n, first % n);
            let mut options: Vec<Vec<usize>> = [c, c.wrapping_sub(1)]
                .iter()
                .map(|&left_col| {
                    left.iter()
                        .copied()
                        .filter(|&i| {
                            let (ir, ic) = (i / n, i % n);
                            (ir == r || ir == r + 1)
                                && (ic == left_col || ic == left_col.wrapping_add(1))
                        })
                        .collect()
                })
                .collect();
            options.sort_by_key(|g: &Vec<usize>| std::cmp::Reverse(g.len()));
            for g in options {
                let rest: Vec<usize> = left.iter().copied().filter(|i| !g.contains(i)).collect();
                self.chosen.push(g);
                self.run(&rest);
                self.chosen.pop();
            }
        }
    }
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let mut search = Search { n, budget: COVER_BUDGET, chosen: Vec::new(), best: None };
    search.run(&sorted);
    search.best.unwrap_or_else(|| sorted.iter().map(|&i| vec![i]).collect())
}
