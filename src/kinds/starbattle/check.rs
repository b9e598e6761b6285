//! The independent verifier: counts stars and looks at neighbours, sharing no code with the
//! encoder. The page's marks of stars that break a rule ([`super::page::conflicts`]) use the
//! same counts and neighbours.

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
    let Counts { rows: per_row, cols: per_col, regions: per_region } = counts(puzzle, stars);
    for (r, c) in stars.positions().filter(|&at| stars[at]) {
        if let Some((nr, nc)) = touching(stars, r, c) {
            return Err(format!("the stars at ({r}, {c}) and ({nr}, {nc}) touch"));
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

/// Stars in each row, column and region.
pub struct Counts {
    /// Per row.
    pub rows: Vec<usize>,
    /// Per column.
    pub cols: Vec<usize>,
    /// Per region.
    pub regions: Vec<usize>,
}

/// The stars of each row, column and region of `stars` (a grid of the puzzle's shape).
pub fn counts(puzzle: &StarBattle, stars: &Grid<bool>) -> Counts {
    let mut out = Counts {
        rows: vec![0; stars.rows()],
        cols: vec![0; stars.cols()],
        regions: vec![0; puzzle.n_regions()],
    };
    for (r, c) in stars.positions().filter(|&at| stars[at]) {
        out.rows[r] += 1;
        out.cols[c] += 1;
        if let Some(g) = puzzle.regions().get(r, c).copied().flatten() {
            out.regions[g as usize] += 1;
        }
    }
    out
}

/// The first star (in reading order) touching the cell at (`r`, `c`), diagonals included.
pub fn touching(stars: &Grid<bool>, r: usize, c: usize) -> Option<(usize, usize)> {
    for dr in -1i64..=1 {
        for dc in -1i64..=1 {
            if (dr, dc) == (0, 0) {
                continue;
            }
            let (nr, nc) = (r as i64 + dr, c as i64 + dc);
            if nr >= 0 && nc >= 0 && stars.get(nr as usize, nc as usize) == Some(&true) {
                return Some((nr as usize, nc as usize));
            }
        }
    }
    None
}
