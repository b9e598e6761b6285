//! The independent verifier: counts stars and looks at neighbours, sharing no code with the encoder.

use super::StarBattle;
use crate::grid::Grid;

/// `Ok` when `stars` obeys every rule of `puzzle`; otherwise the first broken rule, in words.
pub fn verify(puzzle: &StarBattle, stars: &Grid<bool>) -> Result<(), String> {
    let n = puzzle.rows();
    if stars.rows() != n || stars.cols() != puzzle.cols() {
        return Err(format!(
            "the answer is {}x{}, the puzzle {}x{}",
            stars.rows(),
            stars.cols(),
            n,
            puzzle.cols()
        ));
    }
    let k = puzzle.stars();
    let mut per_row = vec![0usize; n];
    let mut per_col = vec![0usize; puzzle.cols()];
    let mut per_region = vec![0usize; puzzle.n_regions()];
    for r in 0..n {
        for c in 0..puzzle.cols() {
            if !stars[(r, c)] {
                continue;
            }
            per_row[r] += 1;
            per_col[c] += 1;
            if let Some(g) = puzzle.regions()[(r, c)] {
                per_region[g as usize] += 1;
            }
            for dr in -1i64..=1 {
                for dc in -1i64..=1 {
                    if (dr, dc) == (0, 0) {
                        continue;
                    }
                    let (nr, nc) = (r as i64 + dr, c as i64 + dc);
                    if nr >= 0 && nc >= 0 && stars.get(nr as usize, nc as usize) == Some(&true) {
                        return Err(format!("the stars at ({r}, {c}) and ({nr}, {nc}) touch"));
                    }
                }
            }
        }
    }
    if let Some(r) = per_row.iter().position(|&m| m != k) {
        return Err(format!("row {} has {} stars, not {k}", r + 1, per_row[r]));
    }
    if let Some(c) = per_col.iter().position(|&m| m != k) {
        return Err(format!("column {} has {} stars, not {k}", c + 1, per_col[c]));
    }
    if let Some(g) = per_region.iter().position(|&m| m != k) {
        return Err(format!(
            "region {} has {} stars, not {k}",
            StarBattle::letter(g as u8),
            per_region[g]
        ));
    }
    Ok(())
}
