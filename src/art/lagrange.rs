//! A stronger lower bound by Lagrangian decomposition of the grid into one-row strips.
//!
//! Strip `r` holds the cost of the cells of row `r` only, with its own copy of the
//! variables of rows `r-1..=r+1`; it is solved exactly by dynamic programming along the
//! row (state: the strip's bits in two consecutive columns, 64 states). The copies of a
//! variable in the (up to) three strips that see it are tied together by multipliers
//! `λ` that sum to zero, so for every `λ` the sum of the strip minima is a valid lower
//! bound; subgradient ascent (Polyak steps towards a known upper bound, step factor
//! starting at 2 and halved after 20 iterations without progress) tightens it. On the
//! 30×30 and 40×40 grids of `examples/quality.rs`, 300 iterations bring the gap to the
//! best known board down to 0.3–1.7 % (the 2×2 block bound leaves 1–20 %).

use super::translucent::{Problem, FIXED_SCALE};

/// Subgradient state for the strip bound; call [`StripBound::step`] to improve it.
#[derive(Debug, Clone)]
pub struct StripBound {
    width: usize,
    height: usize,
    /// Cost tables in objective units, row-major cells.
    costs: Vec<[f64; 10]>,
    /// `lambda[(r * 3 + i) * width + x]`: multiplier of variable `(x, r - 1 + i)` in strip `r`.
    lambda: Vec<f64>,
    /// Solution of each strip at the last evaluation, same layout as `lambda`.
    copies: Vec<bool>,
    upper: f64,
    theta: f64,
    best: f64,
    stall: u32,
    iterations: u32,
}

impl StripBound {
    /// Starts with all multipliers at zero; `upper_bound` is the objective of a known
    /// board (used only to size the steps).
    pub fn new(problem: &Problem, upper_bound: f64) -> StripBound {
        let (w, h) = (problem.width(), problem.height());
        let costs = problem
            .cost_tables()
            .iter()
            .map(|t| {
                let mut c = [0.0f64; 10];
                for (slot, &v) in c.iter_mut().zip(t) {
                    *slot = f64::from(v) / FIXED_SCALE as f64;
                }
                c
            })
            .collect();
        StripBound {
            width: w,
            height: h,
            costs,
            lambda: vec![0.0; h * 3 * w],
            copies: vec![false; h * 3 * w],
            upper: upper_bound,
            theta: 2.0,
            best: f64::NEG_INFINITY,
            stall: 0,
            iterations: 0,
        }
    }

    /// The best bound found so far (−∞ before the first step).
    pub fn bound(&self) -> f64 {
        self.best
    }

    /// Approximate work of one iteration in single-flip-proposal equivalents.
    pub fn iteration_work(&self) -> u64 {
        (self.width * self.height * 512) as u64
    }

    /// Subgradient iterations done so far.
    pub fn iterations(&self) -> u32 {
        self.iterations
    }

    /// Solves strip `r` exactly under the current multipliers; stores its board in `copies`.
    fn solve_strip(&mut self, r: usize, parent: &mut Vec<u8>) -> f64 {
        let (w, h) = (self.width, self.height);
        // Slot i is row r - 1 + i; slots outside the grid are forced to 0.
        let mut valid = 0usize;
        for i in 0..3 {
            let y = r as isize - 1 + i as isize;
            if y >= 0 && (y as usize) < h {
                valid |= 1 << i;
            }
        }
        let lin = |x: usize, bits: usize, lambda: &[f64]| -> f64 {
            let mut s = 0.0;
            for i in 0..3 {
                if bits >> i & 1 == 1 {
                    s += lambda[(r * 3 + i) * w + x];
                }
            }
            s
        };
        const INF: f64 = f64::INFINITY;
        let mut dp = [INF; 64];
        for (b, slot) in dp.iter_mut().enumerate().take(8) {
            if b & !valid == 0 {
                *slot = lin(0, b, &self.lambda);
            }
        }
        parent.clear();
        parent.resize(w * 64, 0);
        for x in 0..w {
            let table = &self.costs[r * w + x];
            let mut next = [INF; 64];
            let c_count = if x + 1 < w { 8 } else { 1 };
            let mut c_lin = [0.0f64; 8];
            for (c, slot) in c_lin.iter_mut().enumerate().take(c_count) {
                *slot = if x + 1 < w { lin(x + 1, c, &self.lambda) } else { 0.0 };
            }
            for a in 0..8usize {
                for b in 0..8usize {
                    let base = dp[a * 8 + b];
                    if base == INF {
                        continue;
                    }
                    let ab = (a.count_ones() + b.count_ones()) as usize;
                    for c in 0..c_count {
                        if c & !valid != 0 {
                            continue;
                        }
                        let v = base + table[ab + c.count_ones() as usize] + c_lin[c];
                        if v < next[b * 8 + c] {
                            next[b * 8 + c] = v;
                            parent[x * 64 + b * 8 + c] = a as u8;
                        }
                    }
                }
            }
            dp = next;
        }
        let (mut best, mut state) = (INF, 0usize);
        for b in 0..8 {
            if dp[b * 8] < best {
                best = dp[b * 8];
                state = b * 8;
            }
        }
        // Backtrack: state after column x is (bits x, bits x+1).
        let (mut bits, mut next_bits) = (state / 8, state % 8);
        for x in (0..w).rev() {
            let a = usize::from(parent[x * 64 + bits * 8 + next_bits]);
            for i in 0..3 {
                self.copies[(r * 3 + i) * w + x] = bits >> i & 1 == 1;
            }
            next_bits = bits;
            bits = a;
        }
        best
    }

    /// Runs `iterations` subgradient iterations and returns the best bound so far.
    pub fn step(&mut self, iterations: u32) -> f64 {
        let (w, h) = (self.width, self.height);
        let mut parent = Vec::new();
        for _ in 0..iterations {
            let mut value = 0.0;
            for r in 0..h {
                value += self.solve_strip(r, &mut parent);
            }
            self.iterations += 1;
            if !value.is_finite() {
                break;
            }
            if value > self.best + 1e-9 {
                self.best = value;
                self.stall = 0;
            } else {
                self.stall += 1;
                if self.stall >= 20 {
                    self.theta *= 0.5;
                    self.stall = 0;
                }
            }
            // Subgradient: each copy minus the mean of the copies of the same variable.
            let mut grad = vec![0.0f64; self.lambda.len()];
            let mut norm = 0.0;
            for y in 0..h {
                for x in 0..w {
                    let strips: Vec<(usize, usize)> =
                        (y.saturating_sub(1)..(y + 2).min(h)).map(|r| (r, y + 1 - r)).collect();
                    let mean = strips
                        .iter()
                        .map(|&(r, i)| f64::from(u8::from(self.copies[(r * 3 + i) * w + x])))
                        .sum::<f64>()
                        / strips.len() as f64;
                    for &(r, i) in &strips {
                        let g = f64::from(u8::from(self.copies[(r * 3 + i) * w + x])) - mean;
                        grad[(r * 3 + i) * w + x] = g;
                        norm += g * g;
                    }
                }
            }
            if norm < 1e-12 {
                // All copies agree: the strip boards form one board whose cost equals the bound.
                break;
            }
            let gap = if self.upper.is_finite() {
                (self.upper - value).max(1e-3 * self.upper.abs().max(1.0))
            } else {
                0.05 * value.abs().max(1.0)
            };
            let t = self.theta * gap / norm;
            for (l, g) in self.lambda.iter_mut().zip(&grad) {
                *l += t * g;
            }
        }
        self.best
    }
}

/// Runs `iterations` subgradient steps of the strip bound; the result is a valid lower
/// bound on the optimum (`upper_bound`, the objective of any known board, steers the steps).
pub fn strip_bound(problem: &Problem, upper_bound: f64, iterations: u32) -> f64 {
    let mut s = StripBound::new(problem, upper_bound);
    s.step(iterations)
}
