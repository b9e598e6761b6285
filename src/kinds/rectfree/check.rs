//! The independent checker: counts and lists monochromatic rectangles by plain loops over rows.
//!
//! It shares no code with the encodings or the local search: a colouring is accepted only when
//! its sizes and colours are right, the fixed cells keep their colours, and no two rows agree
//! in one colour on two columns.

use serde::{Deserialize, Serialize};

use super::model::RectFree;
use crate::grid::Grid;

/// Four cells of one colour at the corners of a rectangle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rect {
    /// Top row.
    pub r1: usize,
    /// Bottom row (`r1 < r2`).
    pub r2: usize,
    /// Left column.
    pub c1: usize,
    /// Right column (`c1 < c2`).
    pub c2: usize,
    /// The colour of the four corners.
    pub colour: u8,
}

/// The number of monochromatic rectangles: the sum over pairs of rows and colours of C(m, 2),
/// where m counts the columns in which both rows have that colour.
pub fn count(grid: &Grid<u8>) -> u64 {
    let (rows, cols) = (grid.rows(), grid.cols());
    let mut total = 0u64;
    let mut same = [0u64; 256];
    for r1 in 0..rows {
        for r2 in r1 + 1..rows {
            same.iter_mut().for_each(|m| *m = 0);
            for c in 0..cols {
                let (a, b) = (grid.row(r1)[c], grid.row(r2)[c]);
                if a == b {
                    same[a as usize] += 1;
                }
            }
            total += same.iter().map(|&m| m * m.saturating_sub(1) / 2).sum::<u64>();
        }
    }
    total
}

/// The monochromatic rectangles, at most `limit` of them, in order of rows then columns.
pub fn rectangles(grid: &Grid<u8>, limit: usize) -> Vec<Rect> {
    let (rows, cols) = (grid.rows(), grid.cols());
    let mut out = Vec::new();
    for r1 in 0..rows {
        for r2 in r1 + 1..rows {
            for c1 in 0..cols {
                let colour = grid.row(r1)[c1];
                if grid.row(r2)[c1] != colour {
                    continue;
                }
                for c2 in c1 + 1..cols {
                    if grid.row(r1)[c2] == colour && grid.row(r2)[c2] == colour {
                        if out.len() == limit {
                            return out;
                        }
                        out.push(Rect { r1, r2, c1, c2, colour });
                    }
                }
            }
        }
    }
    out
}

/// Checks a colouring against the task: size, colours in range, fixed cells kept, no rectangle.
pub fn verify(p: &RectFree, grid: &Grid<u8>) -> Result<(), String> {
    if grid.rows() != p.rows() || grid.cols() != p.cols() {
        return Err(format!(
            "the grid is {}x{}, the task {}x{}",
            grid.rows(),
            grid.cols(),
            p.rows(),
            p.cols()
        ));
    }
    for (i, &k) in grid.cells().iter().enumerate() {
        let (r, c) = (i / p.cols(), i % p.cols());
        if k as usize >= p.colours() {
            return Err(format!(
                "cell ({r}, {c}) has colour {k}, outside 0 to {}",
                p.colours() - 1
            ));
        }
        if let Some(f) = p.fixed()[i] {
            if f != k {
                return Err(format!("cell ({r}, {c}) is fixed to colour {f} but has {k}"));
            }
        }
    }
    match rectangles(grid, 1).first() {
        None => Ok(()),
        Some(x) => Err(format!(
            "{} monochromatic rectangle(s), for example colour {} at rows {} and {}, columns {} and {}",
            count(grid),
            x.colour,
            x.r1,
            x.r2,
            x.c1,
            x.c2
        )),
    }
}
