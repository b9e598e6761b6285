//! The one-cell trial both nonograms' contradiction rung runs: suppose one cell has one value,
//! solve the lines it touches and the lines their changes touch, and when some line then has no
//! placement of its clue, keep only the lines the contradiction rests on (the chain a hint draws).
//!
//! The cells are the kind's (a nonogram cell, or a set of colours); the
//! kind's line rule is handed in as `solve(line, cells of the line, out)`, which writes what the
//! line's placements agree on into `out` and says `false` when there is none. A line is kept in
//! the chain when the breaking line, or a later kept line, reads a cell it changed.

use super::{Dirty, Geometry};
use crate::step::Figure;

/// No link: a cell known before the trial, or the assumed one.
const NONE: u32 = u32::MAX;

/// One line of a trial's chain: the line and the cells it changed that the chain reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    /// The line's number ([`Geometry`] numbering).
    pub line: usize,
    /// The cells it changed that a later line of the chain reads, in reading order; empty for
    /// the breaking line, the chain's last.
    pub set: Vec<usize>,
}

/// A chain as a hint draws it: each line a numbered figure (the last one "no placement"), and
/// the lines' names (for the step's clues), in the chain's order.
pub fn chain_figures(g: &Geometry, chain: &[Link]) -> (Vec<Figure>, Vec<String>) {
    let mut figures = Vec::new();
    let mut lines_used = Vec::new();
    for (k, link) in chain.iter().enumerate() {
        let line = g.line_of(link.line);
        lines_used.push(line.to_string());
        let label = if k + 1 == chain.len() {
            format!("{}. {line}: no placement", k + 1)
        } else {
            format!("{}. {line}", k + 1)
        };
        figures.push(Figure { label, cells: g.cells_of(link.line) });
    }
    (figures, lines_used)
}

/// A trial's work space, kept between candidates so a trial allocates little.
#[derive(Debug, Clone)]
pub struct Probe<T> {
    /// The cells after the last trial (the assumption and what followed from it).
    pub cells: Vec<T>,
    /// The links that changed each cell, oldest first.
    by: Vec<Vec<u32>>,
    touched: Vec<usize>,
    dirty: Dirty,
    links: Vec<Link>,
    buf: Vec<T>,
    out: Vec<T>,
}

impl<T: Copy + PartialEq> Probe<T> {
    /// A work space for a grid of `g`.
    pub fn new(g: Geometry) -> Self {
        Probe {
            cells: Vec::new(),
            by: vec![Vec::new(); g.w * g.h],
            touched: Vec::new(),
            dirty: Dirty::new(g.lines()),
            links: Vec::new(),
            buf: Vec::new(),
            out: Vec::new(),
        }
    }

    /// Supposes cell `i` of `cells` is `value` and runs `solve` from its row and column; the
    /// chain of lines the contradiction needs (at most `chain_max`, the breaking line included,
    /// which comes last) when a line breaks within `max_solves` line solves.
    pub fn run(
        &mut self,
        g: Geometry,
        cells: &[T],
        (i, value): (usize, T),
        (max_solves, chain_max): (usize, usize),
        solve: &mut dyn FnMut(usize, &[T], &mut Vec<T>) -> bool,
    ) -> Option<Vec<Link>> {
        self.cells.clear();
        self.cells.extend_from_slice(cells);
        for &c in &self.touched {
            self.by[c].clear();
        }
        self.touched.clear();
        self.dirty.clear();
        self.links.clear();
        self.cells[i] = value;
        for l in g.through(i) {
            self.dirty.push(l);
        }
        let mut solves = 0;
        let broken = loop {
            let l = self.dirty.pop()?;
            solves += 1;
            if solves > max_solves {
                self.dirty.clear();
                return None;
            }
            g.read(l, &self.cells, &mut self.buf);
            if !solve(l, &self.buf, &mut self.out) {
                self.dirty.clear();
                break l;
            }
            let step = self.links.len() as u32;
            let mut set = Vec::new();
            for q in 0..self.buf.len() {
                if self.buf[q] != self.out[q] {
                    let c = g.at(l, q);
                    self.cells[c] = self.out[q];
                    if self.by[c].is_empty() {
                        self.touched.push(c);
                    }
                    self.by[c].push(step);
                    set.push(c);
                    self.dirty.push(g.cross(l, q));
                }
            }
            if !set.is_empty() {
                self.links.push(Link { line: l, set });
            }
        };
        // Keep only what the contradiction rests on, from the breaking line back.
        let mut needed = vec![false; self.links.len()];
        let read = |l: usize, before: u32, needed: &mut Vec<bool>| {
            for c in g.cells_of(l) {
                for &j in self.by[c].iter().filter(|&&j| j < before && j != NONE) {
                    needed[j as usize] = true;
                }
            }
        };
        read(broken, NONE, &mut needed);
        let mut kept: Vec<usize> = Vec::new();
        for j in (0..self.links.len()).rev() {
            if !needed[j] {
                continue;
            }
            kept.push(j);
            if kept.len() + 1 > chain_max {
                return None;
            }
            read(self.links[j].line, j as u32, &mut needed);
        }
        kept.reverse();
        // Each kept line's cells that the breaking line or a later kept line reads.
        let mut chain: Vec<Link> = Vec::with_capacity(kept.len() + 1);
        for (n, &j) in kept.iter().enumerate() {
            let later: Vec<usize> =
                kept[n + 1..].iter().map(|&k| self.links[k].line).chain([broken]).collect();
            let set = self.links[j]
                .set
                .iter()
                .copied()
                .filter(|&c| g.through(c).iter().any(|l| later.contains(l)))
                .collect();
            chain.push(Link { line: self.links[j].line, set });
        }
        chain.push(Link { line: broken, set: Vec::new() });
        Some(chain)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A toy rule on a 2x2 grid of numbers: every line's cells must be equal; a line with two
    /// different known values breaks (0 unknown).
    fn equal(_: usize, line: &[u8], out: &mut Vec<u8>) -> bool {
        let known: Vec<u8> = line.iter().copied().filter(|&v| v != 0).collect();
        out.clear();
        match known.first() {
            Some(&v) if known.iter().all(|&k| k == v) => {
                out.extend(std::iter::repeat_n(v, line.len()));
                true
            }
            Some(_) => false,
            None => {
                out.extend_from_slice(line);
                true
            }
        }
    }

    #[test]
    fn a_trial_keeps_only_the_lines_the_contradiction_reads() {
        let g = Geometry { w: 2, h: 2 };
        // Cell 3 is 2; supposing cell 0 is 1 fills row 1 and column 1 with 1, and then row 2 or
        // column 2 breaks on cell 3.
        let mut p = Probe::new(g);
        let chain = p.run(g, &[0, 0, 0, 2], (0, 1), (20, 12), &mut equal).expect("it breaks");
        assert_eq!(chain.len(), 2);
        assert_eq!(chain.last().unwrap().set, Vec::<usize>::new());
        assert!(!chain[0].set.is_empty());
        // With nothing known but the assumption, nothing breaks.
        assert_eq!(p.run(g, &[0, 0, 0, 0], (0, 1), (20, 12), &mut equal), None);
    }
}
