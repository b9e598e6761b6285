//! Breakout (clause weighting) in both spaces: every rectangle carries a weight (1 at first); a
//! corner of a random rectangle moves to the place (rotation space) or colour (whole grid) of
//! least weight, and when nothing has improved for a while every rectangle still there gains
//! weight, so the search climbs out of local minima.

use std::collections::HashMap;

use super::board::Board;
use super::rotation::Orbits;
use super::space::{least, Space};
use super::whole::Whole;

/// Weight tables above this many entries are kept sparse (only the weights that grew).
const DENSE_ENTRIES: usize = 1 << 22;

/// Index of the pair a < b among n items.
fn pair(n: usize, a: usize, b: usize) -> usize {
    let (a, b) = if a < b { (a, b) } else { (b, a) };
    a * (2 * n - a - 1) / 2 + (b - a - 1)
}

/// The weight of every rectangle, by colour, row pair and column pair.
pub(super) struct Weights {
    rows: usize,
    cols: usize,
    row_pairs: usize,
    col_pairs: usize,
    dense: Vec<u32>,
    sparse: HashMap<usize, u32>,
}

impl Weights {
    /// Every rectangle of `colours` colours on a rows x cols grid weighs 1.
    pub(super) fn new(rows: usize, cols: usize, colours: usize) -> Self {
        let (row_pairs, col_pairs) =
            (rows * rows.saturating_sub(1) / 2, cols * cols.saturating_sub(1) / 2);
        let entries = colours * row_pairs * col_pairs;
        let dense = if entries <= DENSE_ENTRIES { vec![1; entries] } else { Vec::new() };
        Weights { rows, cols, row_pairs, col_pairs, dense, sparse: HashMap::new() }
    }

    #[inline]
    fn index(&self, k: usize, r1: usize, r2: usize, c1: usize, c2: usize) -> usize {
        (k * self.row_pairs + pair(self.rows, r1, r2)) * self.col_pairs + pair(self.cols, c1, c2)
    }

    /// The weight of the rectangle of colour k on rows r1, r2 and columns c1, c2.
    #[inline]
    fn get(&self, k: usize, r1: usize, r2: usize, c1: usize, c2: usize) -> u32 {
        let i = self.index(k, r1, r2, c1, c2);
        if self.dense.is_empty() {
            self.sparse.get(&i).copied().unwrap_or(1)
        } else {
            self.dense[i]
        }
    }

    /// Every rectangle of colour k now on `board` weighs one more.
    fn bump_all(&mut self, board: &Board, k: usize) {
        board.each_rectangle(k, |r1, r2, c1, c2| {
            let i = self.index(k, r1, r2, c1, c2);
            if self.dense.is_empty() {
                *self.sparse.entry(i).or_insert(1) += 1;
            } else {
                self.dense[i] += 1;
            }
        });
    }

    /// The weight of the rectangles of colour k with a corner at (r, c).
    fn at(&self, board: &Board, k: usize, r: usize, c: usize) -> u64 {
        let mut total = 0u64;
        board.each_rectangle_at(k, r, c, |r2, c2| total += self.get(k, r, r2, c, c2) as u64);
        total
    }
}

/// Breakout in the rotation-symmetric space: a corner of a rectangle of colour 0 moves within
/// its orbit to the place of least weight.
pub(super) struct RotationBreakout {
    state: Orbits,
    weights: Weights,
    /// Moves since the weighted score last went down.
    stale: usize,
}

impl RotationBreakout {
    pub(super) fn new(state: Orbits) -> Self {
        let n = state.n;
        RotationBreakout { weights: Weights::new(n, n, 1), state, stale: 0 }
    }
}

impl Space for RotationBreakout {
    fn score(&self) -> u64 {
        self.state.score
    }

    fn size(&self) -> (usize, usize) {
        (self.state.n, self.state.n)
    }

    fn cells(&self) -> Vec<u8> {
        self.state.cells()
    }

    fn step(
        &mut self,
        rng: &mut fastrand::Rng,
        _accept: &mut dyn FnMut(i64, &mut fastrand::Rng) -> bool,
    ) -> u64 {
        let (s, w) = (&mut self.state, &mut self.weights);
        let n = s.n;
        if let Some((r0, c0)) = s.corner_of_a_rectangle(rng) {
            let (o, _) = s.orbit_of[r0 * n + c0];
            let lose_w = w.at(&s.board, 0, r0, c0) as i64;
            let lose = s.board.involve(0, r0, c0) as i64;
            s.board.take(0, r0, c0);
            let cells = s.orbits[o];
            let board = &s.board;
            let best = least(
                (0..4)
                    .filter(|&t| t != s.choice[o])
                    .map(|t| (w.at(board, 0, cells[t] / n, cells[t] % n) as i64 - lose_w, t)),
                rng,
            );
            match best {
                Some((d, t)) if d < 0 || (d == 0 && rng.bool()) => {
                    let cell = s.orbits[o][t];
                    let gain = s.board.involve(0, cell / n, cell % n) as i64;
                    s.board.put(0, cell / n, cell % n);
                    s.choice[o] = t;
                    s.score = (s.score as i64 + gain - lose) as u64;
                    if d < 0 {
                        self.stale = 0;
                    } else {
                        self.stale += 1;
                    }
                }
                _ => {
                    s.board.put(0, r0, c0);
                    self.stale += 1;
                }
            }
        }
        if self.stale > s.orbits.len() {
            self.stale = 0;
            w.bump_all(&s.board, 0);
        }
        s.score
    }
}

/// Breakout over whole colourings: a free corner of a random rectangle takes the colour of
/// least weight.
pub(super) struct WholeBreakout {
    grid: Whole,
    weights: Weights,
    /// Moves since the weighted score last went down.
    stale: usize,
}

impl WholeBreakout {
    pub(super) fn new(grid: Whole) -> Self {
        WholeBreakout { weights: Weights::new(grid.rows, grid.cols, grid.colours), grid, stale: 0 }
    }

    /// A free corner of a rectangle, found by sampling a colour and a pair of rows.
    fn corner_of_a_rectangle(&self, rng: &mut fastrand::Rng) -> Option<(usize, usize)> {
        let g = &self.grid;
        let pairs = g.rows * g.rows.saturating_sub(1) / 2;
        for _ in 0..4 * pairs * g.colours {
            let k = rng.usize(..g.colours);
            let (r1, r2) = (rng.usize(..g.rows), rng.usize(..g.rows));
            if r1 == r2 {
                continue;
            }
            let shared = g.board.row(k, r1) & g.board.row(k, r2);
            if shared.count_ones() >= 2 {
                let cols: Vec<usize> = (0..g.cols).filter(|&c| shared >> c & 1 == 1).collect();
                let a = rng.usize(..cols.len());
                let b = (a + 1 + rng.usize(..cols.len() - 1)) % cols.len();
                let corners = [(r1, cols[a]), (r1, cols[b]), (r2, cols[a]), (r2, cols[b])];
                let movable: Vec<(usize, usize)> = corners
                    .into_iter()
                    .filter(|&(r, c)| g.free.binary_search(&(r * g.cols + c)).is_ok())
                    .collect();
                return (!movable.is_empty()).then(|| movable[rng.usize(..movable.len())]);
            }
        }
        None
    }
}

impl Space for WholeBreakout {
    fn score(&self) -> u64 {
        self.grid.score
    }

    fn size(&self) -> (usize, usize) {
        (self.grid.rows, self.grid.cols)
    }

    fn cells(&self) -> Vec<u8> {
        self.grid.cells.clone()
    }

    fn step(
        &mut self,
        rng: &mut fastrand::Rng,
        _accept: &mut dyn FnMut(i64, &mut fastrand::Rng) -> bool,
    ) -> u64 {
        if let Some((r, c)) = self.corner_of_a_rectangle(rng) {
            let (g, w) = (&self.grid, &self.weights);
            let i = r * g.cols + c;
            let from = g.cells[i] as usize;
            let lose_w = w.at(&g.board, from, r, c) as i64;
            let best = least(
                (0..g.colours)
                    .filter(|&k| k != from)
                    .map(|k| (w.at(&g.board, k, r, c) as i64 - lose_w, k)),
                rng,
            );
            match best {
                Some((d, k)) if d < 0 || (d == 0 && rng.bool()) => {
                    let applied = self.grid.recolour(i, k);
                    self.grid.score = (self.grid.score as i64 + applied) as u64;
                    self.stale = if d < 0 { 0 } else { self.stale + 1 };
                }
                _ => self.stale += 1,
            }
        }
        if self.stale > self.grid.free.len() {
            self.stale = 0;
            for k in 0..self.grid.colours {
                self.weights.bump_all(&self.grid.board, k);
            }
        }
        self.grid.score
    }
}
