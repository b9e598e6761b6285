//! The independent verifier: recomputes every rule from the digits, sharing no code with the
//! encoder; and the same rules on a partial grid (0 = empty), for the page's highlights, Check
//! and the hints.

use super::model::{Cage, KenKen, Op};
use crate::grid::Grid;

/// `Ok` when `digits` is a Latin square of the puzzle's side that satisfies every cage;
/// otherwise the first broken rule, in words.
pub fn verify(puzzle: &KenKen, digits: &Grid<u8>) -> Result<(), String> {
    let n = puzzle.size();
    if digits.rows() != n || digits.cols() != n {
        return Err(format!(
            "the answer is {}x{}, the puzzle {n}x{n}",
            digits.rows(),
            digits.cols()
        ));
    }
    for (r, c) in digits.positions() {
        let d = digits[(r, c)] as usize;
        if d == 0 || d > n {
            return Err(format!("cell ({r}, {c}) holds {d}, not a digit 1 to {n}"));
        }
    }
    for i in 0..n {
        let mut in_row = vec![false; n + 1];
        let mut in_col = vec![false; n + 1];
        for j in 0..n {
            let a = digits[(i, j)] as usize;
            if std::mem::replace(&mut in_row[a], true) {
                return Err(format!("row {} holds {a} twice", i + 1));
            }
            let b = digits[(j, i)] as usize;
            if std::mem::replace(&mut in_col[b], true) {
                return Err(format!("column {i} holds {b} twice"));
            }
        }
    }
    for cage in puzzle.cages() {
        let values: Vec<u64> = cage.cells.iter().map(|&i| digits.cells()[i] as u64).collect();
        if !holds(cage, &values) {
            let first = cage.cells[0];
            let shown: Vec<String> = values.iter().map(u64::to_string).collect();
            return Err(format!(
                "the cage {} at ({}, {}) holds {}, which breaks its rule",
                cage.clue(),
                first / n,
                first % n,
                shown.join(" ")
            ));
        }
    }
    Ok(())
}

/// Whether a cage's digits (in its cell order) satisfy its rule, computed from the digits alone.
pub fn holds(cage: &Cage, values: &[u64]) -> bool {
    let t = cage.target;
    match cage.op {
        Op::Blank => true,
        Op::Given => values == [t],
        Op::Add => values.iter().sum::<u64>() == t,
        Op::Mul => values.iter().try_fold(1u64, |p, &v| p.checked_mul(v)) == Some(t),
        Op::Sub => values.len() == 2 && values[0].abs_diff(values[1]) == t,
        Op::Div => {
            values.len() == 2 && {
                let (big, small) = (values[0].max(values[1]), values[0].min(values[1]));
                small > 0 && big % small == 0 && big / small == t
            }
        }
    }
}

/// Cells whose digit repeats in their row or column.
pub fn repeated(n: usize, digits: &[u8]) -> Vec<bool> {
    let mut bad = vec![false; n * n];
    for i in 0..n * n {
        let d = digits[i];
        if d == 0 {
            continue;
        }
        let (r, c) = (i / n, i % n);
        bad[i] = (0..n)
            .any(|j| (j != c && digits[r * n + j] == d) || (j != r && digits[j * n + c] == d));
    }
    bad
}

/// For each cage: filled completely and breaking its rule.
pub fn broken_cages(p: &KenKen, digits: &[u8]) -> Vec<bool> {
    p.cages()
        .iter()
        .map(|cage| {
            let values: Vec<u64> = cage.cells.iter().map(|&c| digits[c] as u64).collect();
            !values.contains(&0) && !holds(cage, &values)
        })
        .collect()
}

/// Whether the player's digits fill the grid and obey every rule.
pub fn solved(p: &KenKen, digits: &[u8]) -> bool {
    let n = p.size();
    Grid::from_cells(n, n, digits.to_vec()).is_some_and(|g| verify(p, &g).is_ok())
}
