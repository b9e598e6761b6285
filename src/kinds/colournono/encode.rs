//! The SAT encoding: one variable per cell and palette entry, and per run an order ("started
//! by") ladder over its possible starts; linear in length x runs per line.
//!
//! Cell variables `x[p][c]` say cell `p` has palette colour `c` (0 the background). For run `j`
//! of a line with possible starts `s_0 < … < s_m`, `a_t` means "run `j` starts at or before
//! `s_t`" (`a_t → a_{t+1}`, `a_m` true). Order: "run `j+1` started by `q`" implies "run `j`
//! started by `q - len_j - gap`", the gap being 1 when the two runs have the same colour and 0
//! when they differ (different colours may touch). Run `j` covers `p` when it started by `p` but
//! not by `p - len_j`; covered by a run of colour `c` implies `x[p][c]` and not the background,
//! `x[p][c]` implies some run of colour `c` covers `p`, and the background holds when no run
//! does. Runs of a line are disjoint, so each line alone gives every cell exactly one colour.
//!
//! The possible starts of a run are the positions between its earliest and latest start at
//! which every covered cell may still have its colour (the `known` sets); nothing here calls
//! the line solver, and known colours become unit clauses.

use super::model::{ColourNonogram, Run};
use crate::sat::ladder::{clause, Ladder, L};
use crate::sat::{Cnf, Lit};

/// A set of palette indices a cell may still take, bit `c` for colour `c` (bit 0 the background).
pub type Colours = u64;

/// The variables of an encoding: `x[p][c]` in reading order, one per palette entry.
#[derive(Debug, Clone)]
pub struct Vars {
    /// Per cell, one literal per palette entry.
    pub x: Vec<Vec<Lit>>,
}

/// Line `l`'s clue and cells (reading order): rows `0..h`, then columns.
fn line_cells(puzzle: &ColourNonogram, l: usize) -> (&[Run], Vec<usize>) {
    let (w, h) = (puzzle.width(), puzzle.height());
    if l < h {
        (&puzzle.rows()[l], (0..w).map(|c| l * w + c).collect())
    } else {
        let c = l - h;
        (&puzzle.cols()[c], (0..h).map(|r| r * w + c).collect())
    }
}

/// Every palette entry of `puzzle` possible: the starting knowledge.
pub fn all_colours(puzzle: &ColourNonogram) -> Colours {
    if puzzle.palette().len() >= 64 {
        u64::MAX
    } else {
        (1u64 << puzzle.palette().len()) - 1
    }
}

/// Encodes `puzzle` with what is known of each cell (`known`, reading order: the colours each
/// cell may still take) and returns the cell variables.
pub fn encode_with(puzzle: &ColourNonogram, known: &[Colours], cnf: &mut Cnf) -> Vars {
    let (w, h) = (puzzle.width(), puzzle.height());
    let k = puzzle.palette().len();
    let x: Vec<Vec<Lit>> = (0..w * h).map(|_| cnf.fresh_n(k)).collect();
    for (p, xs) in x.iter().enumerate() {
        let set = known.get(p).copied().unwrap_or(u64::MAX);
        for (c, &v) in xs.iter().enumerate() {
            if set & (1 << c) == 0 {
                cnf.unit(!v);
            }
        }
    }
    for l in 0..w + h {
        let (clue, idx) = line_cells(puzzle, l);
        let cells: Vec<&[Lit]> = idx.iter().map(|&i| x[i].as_slice()).collect();
        let sets: Vec<Colours> =
            idx.iter().map(|&i| known.get(i).copied().unwrap_or(u64::MAX)).collect();
        encode_line(cnf, clue, &sets, &cells, k);
    }
    Vars { x }
}

/// The gap before run `j` (0 for the first): 1 after a run of the same colour, else 0.
fn gap_before(clue: &[Run], j: usize) -> usize {
    usize::from(j > 0 && clue[j - 1].colour == clue[j].colour)
}

/// Encodes one line: the ladders of its runs and the link to its cells' colour variables.
fn encode_line(cnf: &mut Cnf, clue: &[Run], sets: &[Colours], cells: &[&[Lit]], k: usize) {
    let n = cells.len();
    let r = clue.len();
    // Earliest and latest starts from the clue alone.
    let mut earliest = vec![0usize; r];
    for j in 1..r {
        earliest[j] = earliest[j - 1] + clue[j - 1].len as usize + gap_before(clue, j);
    }
    let mut latest = vec![0usize; r];
    for j in (0..r).rev() {
        let end =
            if j + 1 == r { Some(n) } else { latest[j + 1].checked_sub(gap_before(clue, j + 1)) };
        match end.and_then(|e| e.checked_sub(clue[j].len as usize)) {
            Some(s) => latest[j] = s,
            None => {
                cnf.clause([]);
                return;
            }
        }
    }
    let mut ladders = Vec::with_capacity(r);
    for (j, run) in clue.iter().enumerate() {
        let len = run.len as usize;
        let bit = 1u64 << run.colour;
        let starts: Vec<usize> = (earliest[j]..=latest[j].max(earliest[j]))
            .filter(|&s| s <= latest[j] && s + len <= n && (s..s + len).all(|p| sets[p] & bit != 0))
            .collect();
        if starts.is_empty() {
            cnf.clause([]);
            return;
        }
        let m = starts.len();
        let mut by: Vec<L> = (0..m - 1).map(|_| L::Var(cnf.fresh())).collect();
        by.push(L::True);
        for t in 0..m.saturating_sub(2) {
            clause(cnf, &[!by[t], by[t + 1]]);
        }
        ladders.push(Ladder { starts, by });
    }
    for j in 0..r.saturating_sub(1) {
        let step = (clue[j].len as usize + gap_before(clue, j + 1)) as isize;
        let (this, next) = (&ladders[j], &ladders[j + 1]);
        for (t, &s) in next.starts.iter().enumerate() {
            clause(cnf, &[!next.by[t], this.started_by(s as isize - step)]);
        }
    }
    for p in 0..n {
        // Per colour, the literals "a run of this colour covers p".
        let mut covers: Vec<Vec<L>> = vec![Vec::new(); k];
        for (j, ladder) in ladders.iter().enumerate() {
            let len = clue[j].len as isize;
            let colour = usize::from(clue[j].colour);
            let now = ladder.started_by(p as isize);
            let before = ladder.started_by(p as isize - len);
            if now == before || now == L::False || before == L::True {
                continue;
            }
            // Covered by run j: its colour, not the background.
            clause(cnf, &[!now, before, L::Var(cells[p][colour])]);
            clause(cnf, &[!now, before, L::Var(!cells[p][0])]);
            let cov = match (now, before) {
                (L::True, v) => !v,
                (v, L::False) => v,
                (a, b) => {
                    let c = L::Var(cnf.fresh());
                    clause(cnf, &[!c, a]);
                    clause(cnf, &[!c, !b]);
                    c
                }
            };
            covers[colour].push(cov);
        }
        // A colour needs a run of it covering p; the background needs none.
        let mut any = vec![L::Var(cells[p][0])];
        for c in 1..k {
            let mut cl = covers[c].clone();
            any.extend_from_slice(&covers[c]);
            cl.push(L::Var(!cells[p][c]));
            clause(cnf, &cl);
        }
        clause(cnf, &any);
    }
}

/// Reads each cell's colour out of a model (the first palette entry whose variable is true).
pub fn decode(vars: &Vars, value: impl Fn(Lit) -> bool) -> Vec<u8> {
    vars.x.iter().map(|xs| xs.iter().position(|&v| value(v)).unwrap_or(0) as u8).collect()
}
