//! The space of whole colourings, for annealing and threshold accepting: recolour a free cell
//! to its best other colour, or swap two rows (columns) within one colour class.

use super::board::Board;
use super::model::RectFree;
use super::space::{least, Config, Space};

/// The space of whole colourings: recolour a cell, or swap two rows (columns) within one colour.
pub(super) struct Whole {
    pub(super) rows: usize,
    pub(super) cols: usize,
    pub(super) colours: usize,
    pub(super) cells: Vec<u8>,
    /// The cells that are not fixed, in increasing order.
    pub(super) free: Vec<usize>,
    pub(super) board: Board,
    pub(super) score: u64,
}

impl Whole {
    /// A random colouring of `p`'s free cells (seeded by `config`), fixed cells as given.
    pub(super) fn new(p: &RectFree, config: Config) -> Self {
        let (rows, cols, colours) = (p.rows(), p.cols(), p.colours());
        let mut rng = fastrand::Rng::with_seed(config.seed ^ 0x9e37_79b9_7f4a_7c15);
        let cells: Vec<u8> =
            p.fixed().iter().map(|f| f.unwrap_or_else(|| rng.u8(..colours as u8))).collect();
        let free = (0..rows * cols).filter(|&i| p.fixed()[i].is_none()).collect();
        let mut board = Board::new(rows, cols, colours);
        for (i, &k) in cells.iter().enumerate() {
            board.put(k as usize, i / cols, i % cols);
        }
        let score = board.total();
        Whole { rows, cols, colours, cells, free, board, score }
    }

    /// Recolours one cell and returns the change of score.
    pub(super) fn recolour(&mut self, i: usize, to: usize) -> i64 {
        let (r, c) = (i / self.cols, i % self.cols);
        let from = self.cells[i] as usize;
        if from == to {
            return 0;
        }
        let delta = self.board.involve(to, r, c) as i64 - self.board.involve(from, r, c) as i64;
        self.board.take(from, r, c);
        self.board.put(to, r, c);
        self.cells[i] = to as u8;
        delta
    }

    /// The source document's move: swap lines a and b within colour k (cells of colour k in one line and
    /// not the other trade colours with their partner cell); fixed cells block the move.
    fn swap_lines(
        &mut self,
        k: u8,
        a: usize,
        b: usize,
        rows_not_cols: bool,
    ) -> Option<(i64, Vec<(usize, u8)>)> {
        fn in_row(l: usize, j: usize, cols: usize) -> usize {
            l * cols + j
        }
        fn in_col(l: usize, j: usize, cols: usize) -> usize {
            j * cols + l
        }
        let (len, at): (usize, fn(usize, usize, usize) -> usize) =
            if rows_not_cols { (self.cols, in_row) } else { (self.rows, in_col) };
        let mut pairs = Vec::new();
        for j in 0..len {
            let (i, i2) = (at(a, j, self.cols), at(b, j, self.cols));
            if (self.cells[i] == k) != (self.cells[i2] == k) {
                if !(self.free.binary_search(&i).is_ok() && self.free.binary_search(&i2).is_ok()) {
                    return None;
                }
                pairs.push((i, i2));
            }
        }
        let mut undo = Vec::new();
        let mut delta = 0;
        for (i, i2) in pairs {
            let (x, y) = (self.cells[i], self.cells[i2]);
            undo.push((i, x));
            undo.push((i2, y));
            delta += self.recolour(i, y as usize);
            delta += self.recolour(i2, x as usize);
        }
        Some((delta, undo))
    }
}

impl Space for Whole {
    fn score(&self) -> u64 {
        self.score
    }

    fn size(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    fn cells(&self) -> Vec<u8> {
        self.cells.clone()
    }

    fn step(
        &mut self,
        rng: &mut fastrand::Rng,
        accept: &mut dyn FnMut(i64, &mut fastrand::Rng) -> bool,
    ) -> u64 {
        if self.free.is_empty() {
            return self.score;
        }
        if rng.u32(..32) == 0 {
            // Swap two rows or two columns within one colour class.
            let rows_not_cols = rng.bool();
            let lines = if rows_not_cols { self.rows } else { self.cols };
            if lines >= 2 {
                let a = rng.usize(..lines);
                let b = (a + 1 + rng.usize(..lines - 1)) % lines;
                let k = rng.u8(..self.colours as u8);
                if let Some((delta, undo)) = self.swap_lines(k, a, b, rows_not_cols) {
                    if accept(delta, rng) {
                        self.score = (self.score as i64 + delta) as u64;
                    } else {
                        for &(i, x) in undo.iter().rev() {
                            self.recolour(i, x as usize);
                        }
                    }
                }
            }
            return self.score;
        }
        // Recolour a cell to its best other colour (ties at random).
        let i = self.free[rng.usize(..self.free.len())];
        let (r, c) = (i / self.cols, i % self.cols);
        let from = self.cells[i] as usize;
        let now = self.board.involve(from, r, c) as i64;
        let board = &self.board;
        let best = least(
            (0..self.colours)
                .filter(|&k| k != from)
                .map(|k| (board.involve(k, r, c) as i64 - now, k)),
            rng,
        );
        if let Some((d, k)) = best {
            if accept(d, rng) {
                let applied = self.recolour(i, k);
                self.score = (self.score as i64 + applied) as u64;
            }
        }
        self.score
    }
}
