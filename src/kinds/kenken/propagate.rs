//! Propagation before search: cell domains narrowed by cages and Latin rules, to a fixpoint.
//!
//! Every deduction holds in every answer, so the narrowed domains can seed the SAT encoding
//! (fewer variables, fewer conflicts) and, when they fix every cell, prove the answer unique
//! with no search. How far each strength gets is also the generator's difficulty:
//! - [`Strength::Easy`]: each cage keeps only the digits some tuple of it still uses (cage
//!   tuples against the current domains), and a fixed digit leaves its row and column;
//! - [`Strength::Medium`]: adds hidden singles (a digit with one place left in a row or column)
//!   and cage-forced digits (a digit every tuple of a cage puts in a given row or column within
//!   the cage leaves the rest of that line).
//!
//! Cages past [`PROPAGATE_LIMIT`] tuples are left to the solver.

use super::model::KenKen;
use super::tuples::{self, Domain, Tuples};

/// Cages with more tuples than this are skipped by propagation.
pub const PROPAGATE_LIMIT: usize = 3000;

/// How strong the deductions are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strength {
    /// Cage tuples and naked singles.
    Easy,
    /// Also hidden singles and cage-forced digits.
    Medium,
}

/// Where propagation ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Every cell fixed: the digits in reading order.
    Solved(Vec<u8>),
    /// Some cells still have several digits.
    Stuck(Vec<Domain>),
    /// A cell, row, column or cage has no digit left: the puzzle has no answer.
    Contradiction,
}

/// Runs propagation at `level` (its strength) from `domains` to a fixpoint.
/// The digits every tuple of a cage puts on `line` (rows `0..n`, then columns) within the
/// cage, which no other cell of that line can hold; none when fewer than two of the cage's
/// cells are on the line (one cell forces only its own fixed digit: the naked single).
pub fn cage_forced(n: usize, cage_cells: &[usize], tuples: &[Vec<u8>], line: usize) -> Domain {
    let on_line = |c: usize| if line < n { c / n == line } else { c % n == line - n };
    let idx: Vec<usize> = (0..cage_cells.len()).filter(|&i| on_line(cage_cells[i])).collect();
    if idx.len() < 2 {
        return 0;
    }
    tuples.iter().fold(tuples::full(n), |m, t| m & idx.iter().fold(0 as Domain, |a, &i| a | 1 << (t[i] - 1)))
}

pub fn propagate_from(p: &KenKen, level: Strength, mut domains: Vec<Domain>) -> Outcome {
    let n = p.size();
    let cages = p.cages();
    let mut dirty = vec![true; cages.len()];
    loop {
        let before = domains.clone();
        for (k, cage) in cages.iter().enumerate() {
            if !dirty[k] {
                continue;
            }
            dirty[k] = false;
            let Tuples::All(ts) = tuples::tuples(n, cage, &domains, PROPAGATE_LIMIT) else { continue };
            if ts.is_empty() {
                return Outcome::Contradiction;
            }
            for (i, &c) in cage.cells.iter().enumerate() {
                let support = ts.iter().fold(0 as Domain, |m, t| m | 1 << (t[i] - 1));
                domains[c] &= support;
            }
            if level >= Strength::Medium {
                // Digits every tuple puts in one line (within the cage) leave the rest of that line.
                for line in 0..2 * n {
                    let forced = cage_forced(n, &cage.cells, &ts, line);
                    if forced == 0 {
                        continue;
                    }
                    for j in 0..n {
                        let c = if line < n { line * n + j } else { j * n + (line - n) };
                        if p.cage_of(c) != k {
                            domains[c] &= !forced;
                        }
                    }
                }
            }
        }
        // Naked singles: a fixed digit leaves its row and column.
        for c in 0..n * n {
            if domains[c].count_ones() == 1 {
                let (r, col) = (c / n, c % n);
                for j in 0..n {
                    for other in [r * n + j, j * n + col] {
                        if other != c {
                            domains[other] &= !domains[c];
                        }
                    }
                }
            }
        }
        if level >= Strength::Medium {
            // Hidden singles: a digit with one place left in a line goes there.
            for line in 0..2 * n {
                let cell = |j: usize| if line < n { line * n + j } else { j * n + (line - n) };
                for d in 0..n {
                    let places: Vec<usize> = (0..n).map(cell).filter(|&c| domains[c] >> d & 1 == 1).collect();
                    match places.as_slice() {
                        [] => return Outcome::Contradiction,
                        [only] => domains[*only] &= 1 << d,
                        _ => {}
                    }
                }
            }
        }
        if domains.contains(&0) {
            return Outcome::Contradiction;
        }
        if domains == before {
            break;
        }
        for c in 0..n * n {
            if domains[c] != before[c] {
                dirty[p.cage_of(c)] = true;
            }
        }
    }
    if domains.iter().all(|d| d.count_ones() == 1) {
        Outcome::Solved(domains.iter().map(|d| d.trailing_zeros() as u8 + 1).collect())
    } else {
        Outcome::Stuck(domains)
    }
}

/// How hard a puzzle is, by the weakest level of propagation that solves it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rating {
    /// Easy propagation fixes every cell.
    Easy,
    /// Medium propagation fixes every cell.
    Medium,
    /// Propagation stops short: search is needed.
    Hard,
}

impl Rating {
    /// The word used in options and reports.
    pub fn word(self) -> &'static str {
        match self {
            Rating::Easy => "easy",
            Rating::Medium => "medium",
            Rating::Hard => "hard",
        }
    }

    /// The rating for a word (`easy`, `medium`/`normal`, `hard`).
    pub fn from_word(w: &str) -> Option<Rating> {
        match w.trim().to_ascii_lowercase().as_str() {
            "easy" | "e" => Some(Rating::Easy),
            "medium" | "normal" | "n" | "m" => Some(Rating::Medium),
            "hard" | "h" => Some(Rating::Hard),
            _ => None,
        }
    }
}

/// Easy propagation, then medium from where it stopped: the outcome and the rating.
pub fn rate(p: &KenKen) -> (Outcome, Rating) {
    let n = p.size();
    match propagate_from(p, Strength::Easy, vec![tuples::full(n); n * n]) {
        Outcome::Stuck(domains) => {
            let out = propagate_from(p, Strength::Medium, domains);
            let rating = if matches!(out, Outcome::Solved(_)) { Rating::Medium } else { Rating::Hard };
            (out, rating)
        }
        out => (out, Rating::Easy),
    }
}
