//! The rules as a reveal's contradiction chain follows them ([`crate::trial::Trial`]): suppose a
//! cell one of the colours its lines still allow, then the hints' rules one deduction at a time
//! (line logic, colour sets, and with `nested` the one-cell contradiction), each in words.

use super::super::page::{Paint, PaintMarks};
use super::*;
use crate::marks::CellMark;
use crate::trial::{Next, Trial};

/// The rules' state for a chain: the hints' state, and each cell's colours once colour-set
/// logic has run to its end from the marks (what a value may be assumed from, and what is left
/// when one is ruled out).
pub struct Chain {
    lines: Lines,
    open: Vec<Colours>,
}

impl Chain {
    /// The chain's state for the hints' state `lines` (made from the player's marks).
    pub fn new(mut lines: Lines) -> Self {
        let open = lines.narrowed().unwrap_or_else(|| lines.sets.clone());
        Chain { lines, open }
    }

    /// The colour `value` names (a mark's value, [`CellMark::value`]: a dot is the background,
    /// else palette index + 1).
    fn colour(value: u8) -> u8 {
        Paint::read(&[value]).and_then(|m| m.0).unwrap_or(0)
    }

    /// A colour in words as a cell holds it: `empty` for the background.
    fn named(&self, c: u8) -> String {
        if c == 0 {
            "empty".into()
        } else {
            self.lines.names[usize::from(c)].clone()
        }
    }
}

impl Lines {
    /// Each cell's colours once colour-set logic on every line has run to its end from the
    /// current sets; `None` when a line is left with no placement.
    fn narrowed(&mut self) -> Option<Vec<Colours>> {
        let mut sets = self.sets.clone();
        let mut q = Dirty::new(self.g.lines());
        q.all();
        while let Some(l) = q.pop() {
            if !self.solve_line(l, &sets, false) {
                return None;
            }
            for p in 0..self.out.len() {
                let i = self.g.at(l, p);
                if self.out[p] != sets[i] {
                    sets[i] = self.out[p];
                    q.push(self.g.cross(l, p));
                }
            }
        }
        Some(sets)
    }
}

impl Trial for Chain {
    fn fork(&self) -> Box<dyn Trial + '_> {
        Box::new(Chain { lines: self.lines.clone(), open: self.open.clone() })
    }

    /// Cells with two colours left first, in the fewest open lines (as the one-cell
    /// contradiction tries them), then the cells with more.
    fn open_cells(&self) -> Vec<usize> {
        let mut cells = self.lines.candidates(&self.open);
        cells.extend((0..self.open.len()).filter(|&i| self.open[i].count_ones() > 2));
        cells
    }

    fn values(&self, cell: usize) -> Vec<u8> {
        let set = self.open[cell];
        (0..64u8).filter(|&c| set & (1u64 << c) != 0).map(|c| Paint(Some(c)).value()).collect()
    }

    fn assume(&mut self, cell: usize, value: u8) {
        let c = Chain::colour(value);
        self.lines.apply(&[(cell, 1u64 << c)]);
        self.open[cell] = 1u64 << c;
    }

    fn next(&mut self, nested: bool, _words: bool) -> Next {
        let l = &mut self.lines;
        let upto = if nested { CONTRADICTION_RANK } else { SETS_RANK };
        let next = crate::deduce::trial_look(l, upto, CONTRADICTION_RANK);
        crate::lines::no_placement(next, l.broken, |line| {
            format!("{line} ({})", clue_words(&l.names, &l.clues[l.g.number(line)]))
        })
    }

    fn suppose(&self, cell: usize, value: u8) -> String {
        let at = crate::hint::cell_words(self.lines.g.w, cell);
        format!("{at} were {}", self.named(Chain::colour(value)))
    }

    /// Only where one colour is left: the marks hold a decided cell, never a set.
    fn rule_out(&self, cell: usize, value: u8) -> Option<(Vec<(usize, u8)>, String)> {
        let other = single(self.open[cell] & !(1u64 << Chain::colour(value)))?;
        let at = crate::hint::cell_words(self.lines.g.w, cell);
        let so = if self.open[cell].count_ones() == 2 && self.lines.full.count_ones() > 2 {
            format!(
                "{at} is not {}; colour-set logic leaves it only {} or {}, so it is {}",
                self.named(Chain::colour(value)),
                self.named(Chain::colour(value)),
                self.named(other),
                self.named(other)
            )
        } else {
            format!("{at} is {}", self.named(other))
        };
        Some((PaintMarks::edits(cell, Paint(Some(other))), so))
    }
}
