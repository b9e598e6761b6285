//! The ladder as a reveal's contradiction chain follows it ([`crate::trial::Trial`]): suppose a
//! cell holds a star (or none), then the rules one deduction at a time, each in words.

use super::*;
use crate::trial::{Next, Trial};

/// The ladder's cells for a chain (a state over them is made for each look).
pub struct Chain {
    /// The puzzle's structure.
    pub board: std::rc::Rc<Board>,
    /// What is known.
    pub cells: Vec<Cell>,
}

impl Trial for Chain {
    fn fork(&self) -> Box<dyn Trial + '_> {
        Box::new(Chain { board: self.board.clone(), cells: self.cells.clone() })
    }

    /// In the order the ladder's contradictions try them.
    fn open_cells(&self) -> Vec<usize> {
        State::new(&self.board, self.cells.clone(), false).probe_order()
    }

    fn values(&self, _cell: usize) -> Vec<u8> {
        vec![1, 2]
    }

    fn assume(&mut self, cell: usize, value: u8) {
        self.cells[cell] = if value == 1 { Cell::Star } else { Cell::Empty };
    }

    fn next(&mut self, nested: bool, words: bool) -> Next {
        // Counting over unions stays out of the chains: each look is a fresh state, without
        // that rule's cache, within the hint's short budget.
        let mut st =
            State::new(&self.board, std::mem::take(&mut self.cells), words).without_unions();
        let next =
            crate::deduce::trial_look(&mut st, if nested { ALL } else { SHAPES }, CONTRADICTION);
        self.cells = st.cells;
        next
    }

    fn suppose(&self, cell: usize, value: u8) -> String {
        let at = cell_words(self.board.n, cell);
        if value == 1 {
            format!("{at} held a star")
        } else {
            format!("{at} held no star")
        }
    }

    fn rule_out(&self, cell: usize, value: u8) -> Option<(Vec<(usize, u8)>, String)> {
        let at = cell_words(self.board.n, cell);
        Some(if value == 1 {
            (vec![(cell, 2)], format!("{at} has no star"))
        } else {
            (vec![(cell, 1)], format!("{at} holds a star"))
        })
    }
}
