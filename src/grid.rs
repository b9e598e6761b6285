//! A rectangular grid of cells in reading order, shared by every puzzle kind.

use serde::{Deserialize, Serialize};

/// A `rows` x `cols` grid stored row by row; cell `(r, c)` is at index `r * cols + c`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Grid<T> {
    rows: usize,
    cols: usize,
    cells: Vec<T>,
}

impl<T: Clone> Grid<T> {
    /// A grid with every cell set to `value`.
    pub fn filled(rows: usize, cols: usize, value: T) -> Self {
        Grid { rows, cols, cells: vec![value; rows * cols] }
    }
}

impl<T> Grid<T> {
    /// A grid from cells in reading order; `None` when the count is not `rows * cols`.
    pub fn from_cells(rows: usize, cols: usize, cells: Vec<T>) -> Option<Self> {
        (cells.len() == rows * cols).then_some(Grid { rows, cols, cells })
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Cells in reading order.
    pub fn cells(&self) -> &[T] {
        &self.cells
    }

    /// The cell at `(r, c)`; `None` outside the grid.
    pub fn get(&self, r: usize, c: usize) -> Option<&T> {
        (r < self.rows && c < self.cols).then(|| &self.cells[r * self.cols + c])
    }

    /// Sets the cell at `(r, c)`; returns false (and changes nothing) outside the grid.
    pub fn set(&mut self, r: usize, c: usize, value: T) -> bool {
        if r < self.rows && c < self.cols {
            self.cells[r * self.cols + c] = value;
            true
        } else {
            false
        }
    }

    /// One row as a slice; panics only if `r` is out of range, which callers check.
    pub fn row(&self, r: usize) -> &[T] {
        &self.cells[r * self.cols..(r + 1) * self.cols]
    }

    /// Every position `(r, c)` in reading order.
    pub fn positions(&self) -> impl Iterator<Item = (usize, usize)> {
        let cols = self.cols;
        (0..self.rows * cols).map(move |i| (i / cols, i % cols))
    }

    /// The orthogonal neighbours of `(r, c)` inside the grid.
    pub fn neighbours4(&self, r: usize, c: usize) -> impl Iterator<Item = (usize, usize)> {
        let (rows, cols) = (self.rows as isize, self.cols as isize);
        [(-1isize, 0isize), (1, 0), (0, -1), (0, 1)].into_iter().filter_map(move |(dr, dc)| {
            let (nr, nc) = (r as isize + dr, c as isize + dc);
            (nr >= 0 && nc >= 0 && nr < rows && nc < cols).then_some((nr as usize, nc as usize))
        })
    }

    /// A grid of the same shape with every cell mapped.
    pub fn map<U>(&self, f: impl FnMut(&T) -> U) -> Grid<U> {
        Grid { rows: self.rows, cols: self.cols, cells: self.cells.iter().map(f).collect() }
    }
}

impl<T> std::ops::Index<(usize, usize)> for Grid<T> {
    type Output = T;
    fn index(&self, (r, c): (usize, usize)) -> &T {
        assert!(
            r < self.rows && c < self.cols,
            "cell ({r}, {c}) outside a {}x{} grid",
            self.rows,
            self.cols
        );
        &self.cells[r * self.cols + c]
    }
}

impl<T> std::ops::IndexMut<(usize, usize)> for Grid<T> {
    fn index_mut(&mut self, (r, c): (usize, usize)) -> &mut T {
        assert!(
            r < self.rows && c < self.cols,
            "cell ({r}, {c}) outside a {}x{} grid",
            self.rows,
            self.cols
        );
        &mut self.cells[r * self.cols + c]
    }
}

/// Reads a `width` x `height` grid from text rows, one character a cell, each read by `cell`
/// (`Err` says what the character should have been); errors name `what`, the row and the column.
pub fn from_char_rows<T>(
    width: usize,
    height: usize,
    rows: &[impl AsRef<str>],
    what: &str,
    cell: impl Fn(char) -> Result<T, String>,
) -> crate::error::InputResult<Grid<T>> {
    use crate::error::InputError;
    if rows.len() != height {
        return Err(InputError::at(
            what.to_string(),
            format!("expected {height} rows, found {}", rows.len()),
        ));
    }
    let mut cells = Vec::with_capacity(width * height);
    for (r, row) in rows.iter().enumerate() {
        let row = row.as_ref();
        let n = row.chars().count();
        if n != width {
            return Err(InputError::at(
                format!("{what} row {}", r + 1),
                format!("expected {width} cells, found {n}"),
            ));
        }
        for (c, ch) in row.chars().enumerate() {
            cells.push(cell(ch).map_err(|why| {
                InputError::at(format!("{what} row {}, column {}", r + 1, c + 1), why)
            })?);
        }
    }
    Ok(Grid { rows: height, cols: width, cells })
}

/// The orthogonal neighbours of cell index `i` in a `rows` x `cols` grid numbered in reading order.
pub fn neighbours_of(rows: usize, cols: usize, i: usize) -> Vec<usize> {
    let (r, c) = (i / cols, i % cols);
    let mut v = Vec::with_capacity(4);
    if r > 0 {
        v.push(i - cols);
    }
    if r + 1 < rows {
        v.push(i + cols);
    }
    if c > 0 {
        v.push(i - 1);
    }
    if c + 1 < cols {
        v.push(i + 1);
    }
    v
}

/// Grows group `g` from `start` (which it claims) by a random free neighbour of its members at
/// a time until it has `want` members or none of them has a free neighbour; `owner[i] ==
/// usize::MAX` marks node `i` free. Returns the members in the order they joined. Shared by the
/// generators that cut a board into random connected pieces (KenKen cages, Star Battle groups).
pub fn grow_random<I: IntoIterator<Item = usize>>(
    start: usize,
    want: usize,
    g: usize,
    owner: &mut [usize],
    neighbours: impl Fn(usize) -> I,
    rng: &mut fastrand::Rng,
) -> Vec<usize> {
    owner[start] = g;
    let mut members = vec![start];
    while members.len() < want {
        let free: Vec<usize> = members
            .iter()
            .flat_map(|&m| neighbours(m))
            .filter(|&h| owner[h] == usize::MAX)
            .collect();
        if free.is_empty() {
            break;
        }
        let next = free[rng.usize(..free.len())];
        owner[next] = g;
        members.push(next);
    }
    members
}

/// The orthogonally connected pieces of a set of cells (indices in a `rows` x `cols` grid in
/// reading order), each ascending, ordered by first cell.
pub fn pieces(rows: usize, cols: usize, cells: &[usize]) -> Vec<Vec<usize>> {
    let mut left: Vec<usize> = cells.to_vec();
    left.sort_unstable();
    left.dedup();
    let mut out = Vec::new();
    while !left.is_empty() {
        let start = left.remove(0);
        let mut piece = vec![start];
        let mut i = 0;
        while i < piece.len() {
            for m in neighbours_of(rows, cols, piece[i]) {
                if let Ok(pos) = left.binary_search(&m) {
                    left.remove(pos);
                    piece.push(m);
                }
            }
            i += 1;
        }
        piece.sort_unstable();
        out.push(piece);
    }
    out
}

/// Where an arrow key moves a cursor at `(r, c)` on a `rows` x `cols` board (it stops at the
/// edges); `None` for any other key.
pub fn cursor_step(
    key: &str,
    (r, c): (usize, usize),
    rows: usize,
    cols: usize,
) -> Option<(usize, usize)> {
    match key {
        "ArrowUp" => Some((r.saturating_sub(1), c)),
        "ArrowDown" => Some(((r + 1).min(rows.saturating_sub(1)), c)),
        "ArrowLeft" => Some((r, c.saturating_sub(1))),
        "ArrowRight" => Some((r, (c + 1).min(cols.saturating_sub(1)))),
        _ => None,
    }
}

/// The cells of a straight drag from `a` toward `b`, along the longer axis, from `a` on: the
/// nonograms paint such lines.
pub fn line_cells(a: (usize, usize), b: (usize, usize)) -> Vec<(usize, usize)> {
    let ((r0, c0), (r1, c1)) = (a, b);
    let span = |x: usize, y: usize| -> Vec<usize> {
        if x <= y {
            (x..=y).collect()
        } else {
            (y..=x).rev().collect()
        }
    };
    if r0.abs_diff(r1) >= c0.abs_diff(c1) {
        span(r0, r1).into_iter().map(|r| (r, c0)).collect()
    } else {
        span(c0, c1).into_iter().map(|c| (r0, c)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_drag_line_follows_the_longer_axis_from_the_pressed_cell() {
        assert_eq!(line_cells((2, 2), (2, 5)), vec![(2, 2), (2, 3), (2, 4), (2, 5)]);
        assert_eq!(line_cells((2, 2), (0, 3)), vec![(2, 2), (1, 2), (0, 2)]);
        assert_eq!(line_cells((1, 4), (2, 1)), vec![(1, 4), (1, 3), (1, 2), (1, 1)]);
        assert_eq!(line_cells((3, 3), (3, 3)), vec![(3, 3)]);
    }

    #[test]
    fn a_random_group_grows_connected_over_free_cells_only() {
        for seed in 0..50 {
            let mut rng = fastrand::Rng::with_seed(seed);
            // A 4x4 board with its middle column pair taken by group 7.
            let mut owner = vec![usize::MAX; 16];
            for i in [1, 2, 5, 6, 9, 10, 13, 14] {
                owner[i] = 7;
            }
            let g = grow_random(0, 3, 0, &mut owner, |c| neighbours_of(4, 4, c), &mut rng);
            assert_eq!(g.len(), 3, "the left column has room for three");
            assert!(g.iter().all(|&c| c % 4 == 0 && owner[c] == 0));
            assert_eq!(pieces(4, 4, &g).len(), 1, "connected");
            // Boxed in: only the left column's last free cell is left.
            let rest = grow_random(12, 5, 1, &mut owner, |c| neighbours_of(4, 4, c), &mut rng);
            assert_eq!(rest, vec![12]);
            assert_eq!(
                owner.iter().filter(|&&o| o == usize::MAX).count(),
                4,
                "the right column is untouched"
            );
        }
    }
}
