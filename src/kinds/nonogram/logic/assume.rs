//! The rules as a reveal's contradiction chain follows them ([`crate::trial::Trial`]): suppose a
//! blank cell black (or white), then the line rule one line at a time, each in words.

use super::*;
use crate::trial::{Next, Trial};

/// The rules' state for a chain (the hints' state: the cheapest line first, in words).
pub struct Chain(pub Lines);

impl Trial for Chain {
    fn fork(&self) -> Box<dyn Trial + '_> {
        Box::new(Chain(self.0.clone()))
    }

    /// Cells in nearly finished lines first (as the one-cell contradiction tries them).
    fn open_cells(&self) -> Vec<usize> {
        self.0.candidates()
    }

    fn values(&self, _cell: usize) -> Vec<u8> {
        vec![1, 2]
    }

    fn assume(&mut self, cell: usize, value: u8) {
        self.0.set(cell, if value == 1 { Cell::Black } else { Cell::White });
    }

    fn next(&mut self, nested: bool, _words: bool) -> Next {
        let l = &mut self.0;
        let upto = if nested { CONTRADICTION_RANK } else { LINE_RANK };
        let next = crate::deduce::trial_look(l, upto, CONTRADICTION_RANK);
        crate::lines::no_placement(next, l.broken, |line| {
            format!("{line} (clue {})", clue_text(&l.clues[l.g.number(line)]))
        })
    }

    fn suppose(&self, cell: usize, value: u8) -> String {
        let at = crate::hint::cell_words(self.0.g.w, cell);
        if value == 1 {
            format!("{at} were black")
        } else {
            format!("{at} were white")
        }
    }

    fn rule_out(&self, cell: usize, value: u8) -> Option<(Vec<(usize, u8)>, String)> {
        let at = crate::hint::cell_words(self.0.g.w, cell);
        Some(if value == 1 {
            (vec![(cell, 2)], format!("{at} is white"))
        } else {
            (vec![(cell, 1)], format!("{at} is black"))
        })
    }
}
