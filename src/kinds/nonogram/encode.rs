//! The SAT encoding: per run, an order ("started by") ladder over its possible starts; linear in length x runs.
//!
//! For run `j` with possible starts `s_0 < … < s_m` (those the line solver allows given what
//! is known), variable `a_t` means "run `j` starts at or before `s_t`"; `a_t → a_{t+1}` and
//! `a_m` is true, so exactly one start is chosen. Order between runs: "run `j+1` started by
//! `p`" implies "run `j` started by `p - b_j - 1`". A cell is black exactly when some run covers
//! it: run `j` covers `p` when it started by `p` but not by `p - b_j`, and "covered by run `j`"
//! implies black as a clause over two ladder literals and the cell. The other direction says
//! that a cell in a gap is white: before the first run (not started by `p`), between runs `j`
//! and `j+1` (run `j` started by `p - b_j`, run `j+1` not by `p`) and after the last; runs and
//! gaps tile the line, so a black cell is covered. These gap clauses need no auxiliary
//! variable (an earlier form said "black implies covered by some run" with one variable per
//! run and cell for "covered": about twice the variables, and 3.8 times the search time on 22
//! hard TCGA 2016 and ICGA 2017 puzzles, 160 s against 42 s, though 1 of the 22 was faster
//! with it; figures in `docs/design-notes.md`). There are no pairwise conflict clauses; the
//! size is O(runs x possible starts) per line.
//!
//! [`line_implications`] adds what unit propagation on the ladders can miss between two cells
//! of one line: a binary clause for every cell value the exact line solver deduces from one
//! other cell's value. The layered solver adds them to every formula it hands to SAT, except when the
//! line solver runs inside the search (it deduces the same).
//!
//! # References
//! - Related to the regular-constraint encodings of C.-H. Yu et al. and of the nonogram SAT
//!   literature (block-start order variables).

use super::line::LineSolver;
use super::model::{Cell, Nonogram};
use crate::sat::ladder::{clause, Ladder, L};
use crate::sat::{Cnf, Lit};

/// Line `l`'s clue and cells (reading order): rows `0..h`, then columns.
fn line_cells(puzzle: &Nonogram, l: usize) -> (&[u32], Vec<usize>) {
    let (w, h) = (puzzle.width(), puzzle.height());
    if l < h {
        (&puzzle.rows()[l], (0..w).map(|c| l * w + c).collect())
    } else {
        let c = l - h;
        (&puzzle.cols()[c], (0..h).map(|r| r * w + c).collect())
    }
}

/// Encodes `puzzle` with the knowledge `known` (reading order) and returns one variable per
/// cell, in reading order (true = black). Known cells become unit clauses; a line with no
/// placement becomes the empty clause.
pub fn encode_with(puzzle: &Nonogram, known: &[Cell], cnf: &mut Cnf) -> Vec<Lit> {
    let (w, h) = (puzzle.width(), puzzle.height());
    let x = cnf.fresh_n(w * h);
    for (i, &c) in known.iter().enumerate() {
        match c {
            Cell::Black => cnf.unit(x[i]),
            Cell::White => cnf.unit(!x[i]),
            Cell::Unknown => {}
        }
    }
    let mut solver = LineSolver::new();
    let mut starts = Vec::new();
    let mut line = Vec::with_capacity(w.max(h));
    for l in 0..w + h {
        let (clue, idx) = line_cells(puzzle, l);
        line.clear();
        line.extend(idx.iter().map(|&i| known[i]));
        if line.iter().all(|&c| c != Cell::Unknown) {
            // Fully known lines were checked by line logic and are fixed by the units.
            if solver.feasible(clue, &line) {
                continue;
            }
        }
        if !solver.starts(clue, &line, &mut starts) || starts.iter().any(Vec::is_empty) {
            cnf.clause([]);
            continue;
        }
        let cells: Vec<Lit> = idx.iter().map(|&i| x[i]).collect();
        encode_line(cnf, clue, &starts, &cells);
    }
    x
}

/// Encodes one line from the possible starts of each run.
fn encode_line(cnf: &mut Cnf, clue: &[u32], starts: &[Vec<usize>], cells: &[Lit]) {
    let ladders: Vec<Ladder> = starts
        .iter()
        .map(|s| {
            let m = s.len();
            let mut by: Vec<L> = (0..m - 1).map(|_| L::Var(cnf.fresh())).collect();
            by.push(L::True);
            for t in 0..m.saturating_sub(2) {
                clause(cnf, &[!by[t], by[t + 1]]);
            }
            Ladder { starts: s.clone(), by }
        })
        .collect();
    for j in 0..ladders.len().saturating_sub(1) {
        let gap = clue[j] as isize + 1;
        let (this, next) = (&ladders[j], &ladders[j + 1]);
        for (t, &s) in next.starts.iter().enumerate() {
            clause(cnf, &[!next.by[t], this.started_by(s as isize - gap)]);
        }
    }
    for (p, &x) in cells.iter().enumerate() {
        // Covered by run j implies black.
        for (j, ladder) in ladders.iter().enumerate() {
            let b = clue[j] as isize;
            let now = ladder.started_by(p as isize);
            let before = ladder.started_by(p as isize - b);
            if now == before || now == L::False || before == L::True {
                continue;
            }
            clause(cnf, &[!now, before, L::Var(x)]);
        }
        // In a gap implies white: before the first run, between runs j and j + 1 (run j ended
        // by p, run j + 1 not started by p), after the last. Runs and gaps tile the line, so
        // a black cell is covered by some run.
        let p = p as isize;
        let Some(first) = ladders.first() else {
            clause(cnf, &[L::Var(!x)]);
            continue;
        };
        clause(cnf, &[first.started_by(p), L::Var(!x)]);
        for (j, ladder) in ladders.iter().enumerate() {
            let ended = ladder.started_by(p - clue[j] as isize);
            let next = ladders.get(j + 1).map_or(L::False, |l| l.started_by(p));
            clause(cnf, &[!ended, next, L::Var(!x)]);
        }
    }
}

/// One line alone: fresh cell variables, the line's ladders with the starts `known` allows,
/// and a unit for every known cell; `None` when the clue has no placement. For measuring what
/// unit propagation on the encoding deduces against the exact line solver.
pub fn encode_line_alone(clue: &[u32], known: &[Cell], cnf: &mut Cnf) -> Option<Vec<Lit>> {
    let cells = cnf.fresh_n(known.len());
    let mut starts = Vec::new();
    if !LineSolver::new().starts(clue, known, &mut starts) || starts.iter().any(Vec::is_empty) {
        return None;
    }
    for (&c, &x) in known.iter().zip(&cells) {
        match c {
            Cell::Black => cnf.unit(x),
            Cell::White => cnf.unit(!x),
            Cell::Unknown => {}
        }
    }
    encode_line(cnf, clue, &starts, &cells);
    Some(cells)
}

/// Lines with more unknown cells than this get no [`line_implications`]: their count grows with
/// the square of the unknown cells (a 100-cell line could add thousands).
pub const IMPLICATIONS_MAX_UNKNOWN: usize = 40;

/// Adds, for every line and every pair of its unknown cells, the binary clause "if this cell
/// takes this value, that one takes that value" whenever the exact line solver deduces it from
/// that one cell alone (each cell of each line tried both ways from `known`), and the unit "not
/// this value" when the line has no placement with it. Every such clause is implied by the
/// line's clue. Unit propagation on the ladders alone misses some of these (about one line
/// deduction in eight, `examples/nonogram_up.rs`); as binary clauses they cost the search little.
/// Lines with more than [`IMPLICATIONS_MAX_UNKNOWN`] unknown cells are left out. Returns how
/// many clauses were added.
pub fn line_implications(puzzle: &Nonogram, known: &[Cell], x: &[Lit], cnf: &mut Cnf) -> usize {
    let (w, h) = (puzzle.width(), puzzle.height());
    let mut solver = LineSolver::new();
    let mut seen = std::collections::HashSet::new();
    let mut line = Vec::new();
    let mut out = Vec::new();
    for l in 0..w + h {
        let (clue, idx) = line_cells(puzzle, l);
        let base: Vec<Cell> = idx.iter().map(|&i| known[i]).collect();
        if base.iter().filter(|&&c| c == Cell::Unknown).count() > IMPLICATIONS_MAX_UNKNOWN {
            continue;
        }
        for q in 0..base.len() {
            if base[q] != Cell::Unknown {
                continue;
            }
            for v in [Cell::Black, Cell::White] {
                line.clear();
                line.extend_from_slice(&base);
                line[q] = v;
                out.clear();
                out.extend_from_slice(&line);
                let a = if v == Cell::Black { x[idx[q]] } else { !x[idx[q]] };
                if !solver.solve(clue, &line, &mut out) {
                    if seen.insert((!a, !a)) {
                        cnf.unit(!a);
                    }
                    continue;
                }
                for r in 0..base.len() {
                    if r == q || base[r] != Cell::Unknown || out[r] == Cell::Unknown {
                        continue;
                    }
                    let b = if out[r] == Cell::Black { x[idx[r]] } else { !x[idx[r]] };
                    let key = if !a < b { (!a, b) } else { (b, !a) };
                    if seen.insert(key) {
                        cnf.clause([!a, b]);
                    }
                }
            }
        }
    }
    seen.len()
}
