//! The incremental score: per colour, every row and every column as a bit set (`u64`, one bit
//! per column or row), so the monochromatic rectangles a cell takes part in are counted in
//! O(rows) popcounts: for every other row with the same colour in that column, the columns both
//! rows share in that colour, less the cell's own.

/// Rectangle-counting state: per colour, each row and each column as bit sets.
pub(super) struct Board {
    rows: usize,
    /// `row[k][r]`: columns of row r with colour k.
    row: Vec<Vec<u64>>,
    /// `col[k][c]`: rows of column c with colour k.
    col: Vec<Vec<u64>>,
}

impl Board {
    pub(super) fn new(rows: usize, cols: usize, colours: usize) -> Self {
        Board { rows, row: vec![vec![0; rows]; colours], col: vec![vec![0; cols]; colours] }
    }

    /// The columns of row r with colour k, as a bit set.
    #[inline]
    pub(super) fn row(&self, k: usize, r: usize) -> u64 {
        self.row[k][r]
    }

    /// Rectangles of colour k with a corner at (r, c), whether or not (r, c) has colour k now.
    pub(super) fn involve(&self, k: usize, r: usize, c: usize) -> u64 {
        let mine = self.row[k][r] & !(1u64 << c);
        if mine == 0 {
            return 0;
        }
        let mut others = self.col[k][c] & !(1u64 << r);
        let mut total = 0;
        while others != 0 {
            let r2 = others.trailing_zeros() as usize;
            others &= others - 1;
            total += (mine & self.row[k][r2]).count_ones() as u64;
        }
        total
    }

    /// Calls `f(r2, c2)` for every rectangle of colour k with a corner at (r, c) (whether or not
    /// (r, c) has colour k now), the opposite corner being (r2, c2).
    #[inline]
    pub(super) fn each_rectangle_at(
        &self,
        k: usize,
        r: usize,
        c: usize,
        mut f: impl FnMut(usize, usize),
    ) {
        let mine = self.row[k][r] & !(1u64 << c);
        let mut others = self.col[k][c] & !(1u64 << r);
        while others != 0 {
            let r2 = others.trailing_zeros() as usize;
            others &= others - 1;
            let mut shared = mine & self.row[k][r2];
            while shared != 0 {
                let c2 = shared.trailing_zeros() as usize;
                shared &= shared - 1;
                f(r2, c2);
            }
        }
    }

    /// Calls `f(r1, r2, c1, c2)` (r1 < r2, c1 < c2) for every rectangle of colour k.
    pub(super) fn each_rectangle(&self, k: usize, mut f: impl FnMut(usize, usize, usize, usize)) {
        let rows = &self.row[k];
        for r1 in 0..self.rows {
            for r2 in r1 + 1..self.rows {
                let shared = rows[r1] & rows[r2];
                if shared.count_ones() < 2 {
                    continue;
                }
                let mut a = shared;
                while a != 0 {
                    let c1 = a.trailing_zeros() as usize;
                    a &= a - 1;
                    let mut b = a;
                    while b != 0 {
                        let c2 = b.trailing_zeros() as usize;
                        b &= b - 1;
                        f(r1, r2, c1, c2);
                    }
                }
            }
        }
    }

    pub(super) fn put(&mut self, k: usize, r: usize, c: usize) {
        self.row[k][r] |= 1 << c;
        self.col[k][c] |= 1 << r;
    }

    pub(super) fn take(&mut self, k: usize, r: usize, c: usize) {
        self.row[k][r] &= !(1 << c);
        self.col[k][c] &= !(1 << r);
    }

    /// The total score, from scratch.
    pub(super) fn total(&self) -> u64 {
        let mut t = 0;
        for rows in &self.row {
            for r1 in 0..self.rows {
                for r2 in r1 + 1..self.rows {
                    let m = (rows[r1] & rows[r2]).count_ones() as u64;
                    t += m * m.saturating_sub(1) / 2;
                }
            }
        }
        t
    }
}
