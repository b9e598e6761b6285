//! The SAT encoding: exactly k stars per row, column and region; at most one per 2x2 window.
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
