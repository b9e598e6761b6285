//! What a kind's rules offer a reveal's contradiction chain ([`crate::hint::chain`]): a state
//! of knowledge that can be copied, given one assumption, and stepped one deduction at a time by
//! the kind's own ladder, each deduction with its sentence. A leaf module (it names nothing else
//! of the crate), so the contract ([`crate::play`]) can name it and each kind implement it
//! beside its ladder.
//!
//! Values are a cell's values as the kind's typed marks name them (`Marks::value`,
//! `Playable::answer_mark`): 1 and 2 for a filled and an empty cell, a digit for KenKen, a
//! palette index + 1 for a colour cell; mark changes are the marks' byte edits (`Marks`).

/// What one look of the rules found in a trial.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Next {
    /// A deduction, already applied to the state: its rule's name, the cells it changes, its
    /// sentence (empty when words were not asked for), and whether it is itself a trial (an
    /// assumption of its own, which a chain counts as one more).
    Step {
        /// The rule's name (`Cage arithmetic`).
        rule: String,
        /// The cells it changes.
        cells: Vec<usize>,
        /// The deduction in words.
        sentence: String,
        /// Whether the rule assumed a value of its own (a nested trial).
        assumes: bool,
    },
    /// The state breaks the rules: the cells to point at and what breaks, as a clause
    /// (`row 3 holds 5 twice`).
    Broken {
        /// The cells to point at.
        cells: Vec<usize>,
        /// What breaks, in words.
        sentence: String,
    },
    /// No rule finds anything more.
    Nothing,
}

/// A kind's state of knowledge as a contradiction chain uses it.
pub trait Trial {
    /// A copy to assume into.
    fn fork(&self) -> Box<dyn Trial + '_>;
    /// The undecided cells, in the order a chain tries them (those the rules are likeliest to
    /// follow quickly first).
    fn open_cells(&self) -> Vec<usize>;
    /// The values `cell` may still hold, as marks.
    fn values(&self, cell: usize) -> Vec<u8>;
    /// Writes the assumption that `cell` holds `value`.
    fn assume(&mut self, cell: usize, value: u8);
    /// One deduction of the kind's rules, applied: with `nested`, the whole ladder (its own
    /// trials too); without, the rules below its trials. `words` builds the sentences.
    fn next(&mut self, nested: bool, words: bool) -> Next;
    /// The assumption in words, a clause (`row 3, column 4 holds a star`).
    fn suppose(&self, cell: usize, value: u8) -> String;
    /// Once `value` is ruled out of `cell`: the mark changes that say it, and the conclusion in
    /// words, a clause (`row 3, column 4 has no star`). `None` when the marks cannot say it
    /// (a colour cell with more than one other colour left).
    fn rule_out(&self, cell: usize, value: u8) -> Option<(Vec<(usize, u8)>, String)>;
}
