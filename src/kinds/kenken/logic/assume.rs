//! The ladder as a reveal's contradiction chain follows it ([`crate::trial::Trial`]): suppose a
//! cell holds one of its candidates, then the rules one deduction at a time, each in words.

use super::super::marks;
use super::*;
use crate::trial::{Next, Trial};

/// The ladder's state for a chain.
pub struct Chain<'a>(pub KenKenLogic<'a>);

impl Trial for Chain<'_> {
    fn fork(&self) -> Box<dyn Trial + '_> {
        Box::new(Chain(self.0.clone()))
    }

    /// Cells with the fewest candidates first (a digit assumed there rules out the most).
    fn open_cells(&self) -> Vec<usize> {
        let l = &self.0;
        let mut v: Vec<(u32, usize)> =
            (0..l.n * l.n).filter(|&c| !l.placed[c]).map(|c| (l.dom[c].count_ones(), c)).collect();
        v.sort_unstable();
        v.into_iter().map(|(_, c)| c).collect()
    }

    fn values(&self, cell: usize) -> Vec<u8> {
        tuples::digits(self.0.dom[cell]).collect()
    }

    fn assume(&mut self, cell: usize, value: u8) {
        self.0.apply(&[Change::Place(cell, value)]);
    }

    fn next(&mut self, nested: bool, words: bool) -> Next {
        let l = &mut self.0;
        l.words = words;
        l.why = words;
        crate::deduce::trial_look(l, if nested { rank::MAX } else { rank::CHAINS }, rank::TRIAL)
    }

    fn suppose(&self, cell: usize, value: u8) -> String {
        format!("{} held {value}", cell_words(self.0.n, cell))
    }

    fn rule_out(&self, cell: usize, value: u8) -> Option<(Vec<(usize, u8)>, String)> {
        let l = &self.0;
        let changes = l.narrowing([(cell, !bit(value))]);
        if changes.is_empty() {
            return None;
        }
        let m = changes
            .iter()
            .flat_map(|&ch| match ch {
                Change::Place(c, d) => marks::set_digit(c, d),
                Change::Narrow(c, m) => marks::set_pencil(c, m).to_vec(),
            })
            .collect();
        let so = format!(
            "{} is not {value}: {}",
            cell_words(l.n, cell),
            KenKenLogic { words: true, ..l.clone() }.change_words(&changes)
        );
        Some((m, so))
    }
}
