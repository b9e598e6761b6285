//! The exact line solver for coloured clues: for every cell, the set of colours some placement
//! of the runs that fits the known cells gives it, by dynamic programming (no placement is ever
//! enumerated).
//!
//! A line has `n` cells, each with the set of palette colours it may still take (bit 0 the
//! background), and `k` runs `(len_j, colour_j)`. `fwd[j][i]` says runs `0..j` fit in cells
//! `0..i` with every other cell there background; `bwd[j][i]` says runs `j..k` fit in `i..n`
//! the same way. Run `j` may start at `s` when its cells allow its colour and both sides fit:
//! on the left `fwd[j][s]` when run `j-1` has another colour (they may touch), else
//! `fwd[j][s-1]` with cell `s-1` background (the gap); on the right the same with `bwd`. A cell
//! may be background when some `j` has `fwd[j][p]`, `bwd[j][p+1]` and the cell allows it. The
//! tables and the marking take O(n·k) time (plus O(n) per distinct colour of the clue); every
//! colour a placement gives a cell is kept, so what is removed holds in every placement.
//!
//! # References
//! - K. J. Batenburg, W. A. Kosters, "Solving Nonograms by combining relaxations" (2009): the
//!   black-and-white form of the same recursion; the gap that depends on the two runs' colours
//!   is the multicolour rule (as in webpbn's pbnsolve, J. Wolter).

use super::model::Run;

/// Bit sets of palette colours, bit `c` for colour `c` (bit 0 the background).
pub type Colours = u64;

/// The colour of a decided set, `None` for a set of several colours.
pub fn single(set: Colours) -> Option<u8> {
    (set.count_ones() == 1).then(|| set.trailing_zeros() as u8)
}

/// Reusable work space for solving lines.
#[derive(Debug, Default, Clone)]
pub struct LineSolver {
    fwd: Vec<bool>,
    bwd: Vec<bool>,
    /// Per distinct clue colour, prefix counts of cells that do not allow it.
    bad: Vec<(u8, Vec<u32>)>,
    /// Prefix counts of cells that do not allow the background.
    not_bg: Vec<u32>,
    diff: Vec<i32>,
    /// How many lines were solved (for statistics).
    pub calls: u64,
}

impl LineSolver {
    /// A solver with empty buffers.
    pub fn new() -> Self {
        LineSolver::default()
    }

    /// Whether cells `a..b` all allow `colour`.
    fn allows(&self, colour: u8, a: usize, b: usize) -> bool {
        let counts = &self.bad.iter().find(|(c, _)| *c == colour).expect("a clue colour").1;
        counts[b] == counts[a]
    }

    fn bg_ok(&self, p: usize) -> bool {
        self.not_bg[p + 1] == self.not_bg[p]
    }

    /// Solves one line: writes into `out` (the line's length) the colours each cell may take in
    /// some placement of `clue` that fits `line`'s sets; `false` when there is no placement.
    pub fn solve(&mut self, clue: &[Run], line: &[Colours], out: &mut [Colours]) -> bool {
        self.calls += 1;
        let (n, k) = (line.len(), clue.len());
        let w = n + 1;
        // Prefix counts.
        self.not_bg.clear();
        self.not_bg.push(0);
        let mut acc = 0;
        for &s in line {
            acc += u32::from(s & 1 == 0);
            self.not_bg.push(acc);
        }
        self.bad.clear();
        for r in clue {
            if self.bad.iter().any(|(c, _)| *c == r.colour) {
                continue;
            }
            let bit = 1u64 << r.colour;
            let mut v = Vec::with_capacity(n + 1);
            let mut a = 0;
            v.push(0);
            for &s in line {
                a += u32::from(s & bit == 0);
                v.push(a);
            }
            self.bad.push((r.colour, v));
        }
        let same_as_prev = |j: usize| j > 0 && clue[j - 1].colour == clue[j].colour;
        let same_as_next = |j: usize| j + 1 < k && clue[j + 1].colour == clue[j].colour;
        // Forward.
        self.fwd.clear();
        self.fwd.resize((k + 1) * w, false);
        self.fwd[0] = true;
        for i in 1..=n {
            self.fwd[i] = self.fwd[i - 1] && self.bg_ok(i - 1);
        }
        for j in 1..=k {
            let run = clue[j - 1];
            let len = run.len as usize;
            for i in 0..=n {
                let mut ok = i >= 1 && self.fwd[j * w + i - 1] && self.bg_ok(i - 1);
                if !ok && i >= len && self.allows(run.colour, i - len, i) {
                    let s = i - len;
                    ok = self.left_fits(j - 1, s, same_as_prev(j - 1));
                }
                self.fwd[j * w + i] = ok;
            }
        }
        if !self.fwd[k * w + n] {
            return false;
        }
        // Backward.
        self.bwd.clear();
        self.bwd.resize((k + 1) * w, false);
        self.bwd[k * w + n] = true;
        for i in (0..n).rev() {
            self.bwd[k * w + i] = self.bwd[k * w + i + 1] && self.bg_ok(i);
        }
        for j in (0..k).rev() {
            let run = clue[j];
            let len = run.len as usize;
            for i in (0..=n).rev() {
                let mut ok = i < n && self.bwd[j * w + i + 1] && self.bg_ok(i);
                if !ok && i + len <= n && self.allows(run.colour, i, i + len) {
                    ok = self.right_fits(j, i + len, n, same_as_next(j));
                }
                self.bwd[j * w + i] = ok;
            }
        }
        // Marking.
        out.iter_mut().for_each(|o| *o = 0);
        for p in 0..n {
            if self.bg_ok(p) && (0..=k).any(|j| self.fwd[j * w + p] && self.bwd[j * w + p + 1]) {
                out[p] |= 1;
            }
        }
        for (j, run) in clue.iter().enumerate() {
            let len = run.len as usize;
            self.diff.clear();
            self.diff.resize(n + 1, 0);
            let mut any = false;
            for s in 0..=n.saturating_sub(len) {
                if s + len <= n
                    && self.allows(run.colour, s, s + len)
                    && self.left_fits(j, s, same_as_prev(j))
                    && self.right_fits(j, s + len, n, same_as_next(j))
                {
                    self.diff[s] += 1;
                    self.diff[s + len] -= 1;
                    any = true;
                }
            }
            if !any {
                return false;
            }
            let mut acc = 0;
            let bit = 1u64 << run.colour;
            for (p, o) in out.iter_mut().enumerate() {
                acc += self.diff[p];
                if acc > 0 {
                    *o |= bit;
                }
            }
        }
        out.iter().zip(line).all(|(&o, &l)| o & l == o && o != 0)
    }

    /// Whether runs `0..j` fit before a run `j` starting at `s` (with a gap when `same`).
    fn left_fits(&self, j: usize, s: usize, same: bool) -> bool {
        let w = self.not_bg.len();
        if j == 0 {
            self.fwd[s]
        } else if same {
            s >= 1 && self.fwd[j * w + s - 1] && self.bg_ok(s - 1)
        } else {
            self.fwd[j * w + s]
        }
    }

    /// Whether runs `j+1..` fit after a run `j` ending at `e` (with a gap when `same`).
    fn right_fits(&self, j: usize, e: usize, n: usize, same: bool) -> bool {
        let w = self.not_bg.len();
        if same {
            e < n && self.bg_ok(e) && self.bwd[(j + 1) * w + e + 1]
        } else {
            self.bwd[(j + 1) * w + e]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs of a line of colours, written here for the test alone.
    fn runs(cells: &[u8]) -> Vec<(u32, u8)> {
        let mut out: Vec<(u32, u8)> = Vec::new();
        for (i, &c) in cells.iter().enumerate() {
            if c == 0 {
                continue;
            }
            if i > 0 && cells[i - 1] == c {
                out.last_mut().unwrap().0 += 1;
            } else {
                out.push((1, c));
            }
        }
        out
    }

    /// Against every colouring of short lines: the solver keeps exactly the colours some
    /// placement that fits the sets gives each cell, and says infeasible exactly when none fits.
    #[test]
    fn line_solver_equals_enumeration() {
        let mut rng = fastrand::Rng::with_seed(5);
        for n in 1..=7usize {
            let k = 4u64; // background and three colours
            let all: Vec<Vec<u8>> = (0..k.pow(n as u32))
                .map(|mut x| {
                    (0..n)
                        .map(|_| {
                            let c = (x % k) as u8;
                            x /= k;
                            c
                        })
                        .collect()
                })
                .collect();
            for _ in 0..60 {
                // A clue from a random colouring, and random sets (usually the full set).
                let pick = &all[rng.usize(..all.len())];
                let clue: Vec<Run> =
                    runs(pick).into_iter().map(|(len, colour)| Run { len, colour }).collect();
                let sets: Vec<Colours> =
                    (0..n).map(|_| if rng.u8(..3) == 0 { rng.u64(1..16) } else { 15 }).collect();
                let mut want = vec![0u64; n];
                for line in &all {
                    if line.iter().zip(&sets).all(|(&c, &s)| s & (1 << c) != 0)
                        && runs(line) == runs(pick)
                    {
                        for (w, &c) in want.iter_mut().zip(line) {
                            *w |= 1 << c;
                        }
                    }
                }
                let mut out = vec![0; n];
                let ok = LineSolver::new().solve(&clue, &sets, &mut out);
                assert_eq!(ok, want.iter().all(|&w| w != 0), "{clue:?} {sets:?}");
                if ok {
                    assert_eq!(out, want, "{clue:?} {sets:?}");
                }
            }
        }
    }
}
