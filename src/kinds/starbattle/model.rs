//! The Star Battle puzzle: a square grid of regions and a star count, validated on construction.

use std::collections::BTreeMap;

use crate::error::{InputError, InputResult};
use crate::grid::Grid;

/// Largest grid side accepted.
pub const MAX_SIZE: usize = 40;
/// Most stars per row, column and region accepted.
pub const MAX_STARS: usize = 6;

/// A valid Star Battle puzzle.
///
/// Invariants: the grid is square with side 1..=[`MAX_SIZE`]; `stars` is 1..=[`MAX_STARS`];
/// region indices run densely from 0 in order of first appearance in reading order, and there
/// are exactly as many regions as rows; `None` marks a cell outside every region.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StarBattle {
    regions: Grid<Option<u8>>,
    stars: usize,
    n_regions: usize,
}

impl StarBattle {
    /// Builds a puzzle from region labels (any labels; renumbered densely) and a star count.
    pub fn new(labels: Grid<Option<u32>>, stars: usize) -> InputResult<Self> {
        let (rows, cols) = (labels.rows(), labels.cols());
        if rows == 0 || cols == 0 || rows > MAX_SIZE || cols > MAX_SIZE {
            return Err(InputError::at(
                "size",
                format!("rows and columns must be 1 to {MAX_SIZE}, got {rows}x{cols}"),
            ));
        }
        if rows != cols {
            return Err(InputError::at(
                "size",
                format!("the grid is {rows} rows by {cols} columns; Star Battle needs a square grid, since every row and every column holds the same number of stars"),
            ));
        }
        if stars == 0 || stars > MAX_STARS {
            return Err(InputError::at(
                "stars",
                format!("stars per row, column and region must be 1 to {MAX_STARS}, got {stars}"),
            ));
        }
        let mut index: BTreeMap<u32, u8> = BTreeMap::new();
        let mut order = 0u8;
        let mut cells = Vec::with_capacity(rows * cols);
        for &label in labels.cells() {
            cells.push(match label {
                None => None,
                Some(l) => Some(*index.entry(l).or_insert_with(|| {
                    order = order.saturating_add(1);
                    order - 1
                })),
            });
        }
        let n_regions = index.len();
        if n_regions != rows {
            return Err(InputError::at(
                "regions",
                format!("a {rows}x{cols} grid needs exactly {rows} regions (each holds {stars} of the {} stars), found {n_regions}", rows * stars),
            ));
        }
        let regions = Grid::from_cells(rows, cols, cells).expect("same shape as the labels");
        Ok(StarBattle { regions, stars, n_regions })
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.regions.rows()
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.regions.cols()
    }

    /// Stars per row, column and region.
    pub fn stars(&self) -> usize {
        self.stars
    }

    /// Number of regions.
    pub fn n_regions(&self) -> usize {
        self.n_regions
    }

    /// The region of each cell (`None`: outside every region).
    pub fn regions(&self) -> &Grid<Option<u8>> {
        &self.regions
    }

    /// The region letter for an index: `A`–`Z`, then `a`–`z`.
    pub fn letter(index: u8) -> char {
        match index {
            0..=25 => (b'A' + index) as char,
            26..=51 => (b'a' + index - 26) as char,
            _ => '?',
        }
    }
}
