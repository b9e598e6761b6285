//! The exact line solver: the cells every placement of a clue agrees on, by dynamic programming.
//!
//! For a line of `n` cells and `k` runs, `fwd[j][i]` says the first `j` runs fit in cells
//! `0..i` consistently with what is known, and `bwd[j][i]` that runs `j..k` fit in `i..n`.
//! A cell can be white when some `j` has `fwd[j][p] && bwd[j][p+1]`; it can be black when some
//! run `j` can start at `s ≤ p < s + b_j` with both sides feasible. Both tables and the marking
//! take O(n·k) time; no placement is ever enumerated. The buffers are kept between calls, so
//! solving a line allocates nothing once they have grown.
//!
//! # References
//! - K. J. Batenburg, W. A. Kosters, "Solving Nonograms by combining relaxations", Pattern
//!   Recognition 42 (2009): the DP formulation of the line problem.

use super::model::Cell;

/// Reusable work space for solving lines.
#[derive(Debug, Default, Clone)]
pub struct LineSolver {
    fwd: Vec<bool>,
    bwd: Vec<bool>,
    whites: Vec<u32>,
    blacks: Vec<u32>,
    can_white: Vec<bool>,
    black_diff: Vec<i32>,
    /// How many lines were solved (for statistics).
    pub calls: u64,
}

impl LineSolver {
    /// A solver with empty buffers.
    pub fn new() -> Self {
        LineSolver::default()
    }

    fn prepare(&mut self, clue: &[u32], line: &[Cell]) {
        let (n, k) = (line.len(), clue.len());
        let size = (k + 1) * (n + 2);
        for v in [&mut self.fwd, &mut self.bwd] {
            v.clear();
            v.resize(size, false);
        }
        self.whites.clear();
        self.blacks.clear();
        self.whites.push(0);
        self.blacks.push(0);
        let (mut w, mut b) = (0, 0);
        for &c in line {
            w += u32::from(c == Cell::White);
            b += u32::from(c == Cell::Black);
            self.whites.push(w);
            self.blacks.push(b);
        }
    }

    /// Whether the clue has at least one placement consistent with `line`.
    pub fn feasible(&mut self, clue: &[u32], line: &[Cell]) -> bool {
        self.prepare(clue, line);
        self.forward(clue, line)
    }

    /// Fills `fwd`; returns whether the whole line is feasible.
    fn forward(&mut self, clue: &[u32], line: &[Cell]) -> bool {
        let (n, k) = (line.len(), clue.len());
        let w = n + 2;
        let fwd = &mut self.fwd;
        let (whites, blacks) = (&self.whites, &self.blacks);
        // Row j = 0: all white so far.
        for i in 0..=n {
            fwd[i] = blacks[i] == 0;
        }
        let mut min_end = 0usize;
        for j in 1..=k {
            let b = clue[j - 1] as usize;
            min_end += b + usize::from(j > 1);
            let (prev, cur) = fwd.split_at_mut(j * w);
            let prev = &prev[(j - 1) * w..];
            let cur = &mut cur[..w];
            for i in 0..=n {
                let mut ok = false;
                if i >= min_end {
                    if i >= 1 && cur[i - 1] && line[i - 1] != Cell::Black {
                        ok = true;
                    }
                    if !ok && whites[i] - whites[i - b] == 0 {
                        let s = i - b;
                        ok =
                            if s == 0 { j == 1 } else { line[s - 1] != Cell::Black && prev[s - 1] };
                    }
                }
                cur[i] = ok;
            }
        }
        fwd[k * w + n]
    }

    /// Fills `bwd` (after `forward`).
    fn backward(&mut self, clue: &[u32], line: &[Cell]) {
        let (n, k) = (line.len(), clue.len());
        let w = n + 2;
        let bwd = &mut self.bwd;
        let (whites, blacks) = (&self.whites, &self.blacks);
        for i in 0..=n {
            bwd[k * w + i] = blacks[n] - blacks[i] == 0;
        }
        let mut min_len = 0usize;
        for j in (0..k).rev() {
            let b = clue[j] as usize;
            min_len += b + usize::from(j + 1 < k);
            let (cur, next) = bwd.split_at_mut((j + 1) * w);
            let cur = &mut cur[j * w..];
            let next = &next[..w];
            for i in (0..=n).rev() {
                let mut ok = false;
                if n - i >= min_len {
                    if i < n && cur[i + 1] && line[i] != Cell::Black {
                        ok = true;
                    }
                    if !ok && whites[i + b] - whites[i] == 0 {
                        let e = i + b;
                        ok =
                            if e == n { j + 1 == k } else { line[e] != Cell::Black && next[e + 1] };
                    }
                }
                cur[i] = ok;
            }
        }
    }

    /// Solves one line: writes into `out` every cell that all placements agree on (the others
    /// stay as in `line`), and returns `false` when the clue has no placement at all.
    ///
    /// `out` must have the line's length.
    pub fn solve(&mut self, clue: &[u32], line: &[Cell], out: &mut [Cell]) -> bool {
        self.calls += 1;
        let (n, k) = (line.len(), clue.len());
        self.prepare(clue, line);
        if !self.forward(clue, line) {
            return false;
        }
        self.backward(clue, line);
        let w = n + 2;
        self.can_white.clear();
        self.can_white.resize(n, false);
        self.black_diff.clear();
        self.black_diff.resize(n + 1, 0);
        for (p, &cell) in line.iter().enumerate() {
            if cell != Cell::Black {
                self.can_white[p] = (0..=k).any(|j| self.fwd[j * w + p] && self.bwd[j * w + p + 1]);
            }
        }
        let mut lo = 0usize;
        let total: usize = clue.iter().map(|&b| b as usize + 1).sum::<usize>();
        let mut rest = total;
        for (j, &b) in clue.iter().enumerate() {
            let b = b as usize;
            rest -= b + 1;
            // Run j starts in lo..=hi.
            let hi = (n + 1).saturating_sub(rest + b + 1);
            for s in lo..=hi.min(n - b) {
                if self.whites[s + b] - self.whites[s] != 0 {
                    continue;
                }
                let left = if s == 0 {
                    j == 0
                } else {
                    line[s - 1] != Cell::Black && self.fwd[j * w + s - 1]
                };
                if !left {
                    continue;
                }
                let e = s + b;
                let right = if e == n {
                    j + 1 == k
                } else {
                    line[e] != Cell::Black && self.bwd[(j + 1) * w + e + 1]
                };
                if right {
                    self.black_diff[s] += 1;
                    self.black_diff[e] -= 1;
                }
            }
            lo += b + 1;
        }
        let mut acc = 0i32;
        for p in 0..n {
            acc += self.black_diff[p];
            let can_black = acc > 0;
            out[p] = match (can_black, self.can_white[p]) {
                (true, false) => Cell::Black,
                (false, true) => Cell::White,
                (false, false) => return false,
                (true, true) => line[p],
            };
        }
        true
    }
}

impl LineSolver {
    /// The start positions each run can take in some placement consistent with `line`, one
    /// ascending list per run; `false` when the clue has no placement.
    pub fn starts(&mut self, clue: &[u32], line: &[Cell], out: &mut Vec<Vec<usize>>) -> bool {
        let (n, k) = (line.len(), clue.len());
        out.clear();
        self.prepare(clue, line);
        if !self.forward(clue, line) {
            return false;
        }
        self.backward(clue, line);
        let w = n + 2;
        let mut lo = 0usize;
        let mut rest: usize = clue.iter().map(|&b| b as usize + 1).sum::<usize>();
        for (j, &b) in clue.iter().enumerate() {
            let b = b as usize;
            rest -= b + 1;
            let hi = (n + 1).saturating_sub(rest + b + 1);
            let mut list = Vec::new();
            for s in lo..=hi.min(n - b) {
                if self.whites[s + b] - self.whites[s] != 0 {
                    continue;
                }
                let left = if s == 0 {
                    j == 0
                } else {
                    line[s - 1] != Cell::Black && self.fwd[j * w + s - 1]
                };
                let e = s + b;
                let right = if e == n {
                    j + 1 == k
                } else {
                    line[e] != Cell::Black && self.bwd[(j + 1) * w + e + 1]
                };
                if left && right {
                    list.push(s);
                }
            }
            out.push(list);
            lo += b + 1;
        }
        true
    }
}
