//! The player's marks, typed per kind ([`crate::play::Playable::Marks`]), and their byte form:
//! the one trait [`Marks`] between the two. Bytes are only the edge's: marks are saved
//! ([`crate::saved`], [`crate::marks_text`]), linked ([`crate::link`]), kept by the page's
//! workshop and sent to and from the worker ([`crate::jobs`]) as bytes; everything that reads
//! them (Check, hints, chains, the boards) reads the kind's typed marks, decoded once with a
//! checked [`Marks::decode`], so a malformed mark from storage, another tab or a link is a
//! message at the edge and never a panic downstream.
//!
//! A hint's mark changes ([`crate::step::Step::marks`]) stay edits of the byte form on the
//! wire, `(index, byte)`, so the worker's replies and the page's one undoable move keep their
//! shape; a kind makes them only through its marks type ([`Marks::place`], its own helpers),
//! and [`Marks::apply`] writes them into typed marks. Shared code never computes an index.
//!
//! Most kinds keep one value per cell ([`Cells`] of a [`CellMark`]): Star Battle and the
//! nonogram a [`YesNo`], KenKen a digit with pencil marks, the colour nonogram a paint,
//! rectangle-free a colour (`Option<u8>`). Flood-It's marks are its moves.

use std::fmt::Debug;

/// A kind's typed marks and their byte form (the edge: storage, links, the worker).
pub trait Marks: Clone + Default + PartialEq + Debug {
    /// Reads marks from their byte form for a puzzle of `cells` cells (missing marks are
    /// empty). `Err` says what is wrong and where, for the edge to report.
    fn decode(bytes: &[u8], cells: usize) -> Result<Self, String>;
    /// The byte form (trailing empty marks may be left out).
    fn encode(&self) -> Vec<u8>;
    /// What `cell` holds, as the rules' trials and [`crate::play::Playable::answer_mark`] name
    /// a cell's value (0 undecided: 1 and 2 a filled and an empty cell, a digit, a colour + 1).
    fn value(&self, cell: usize) -> u8;
    /// The byte edits that write `value` (as [`Marks::value`]) into `cell`; 0 clears it.
    fn place(cell: usize, value: u8) -> Vec<(usize, u8)>;
    /// The byte edits that empty `cell` entirely (a KenKen digit and its pencil marks); none
    /// when it is empty already.
    fn clear(&self, cell: usize) -> Vec<(usize, u8)>;
    /// Writes byte edits (a hint's [`crate::step::Step::marks`], the page's marks) into the
    /// marks; an edit that makes no well-formed mark is left out.
    fn apply(&mut self, edits: &[(usize, u8)]);
    /// The cell (a move, for Flood-It) a byte edit changes.
    fn edit_cell(index: usize) -> usize;
    /// Whether a byte edit rules something out (an empty cell, a dot, struck candidates)
    /// rather than placing something: the board rings the two differently.
    fn rules_out(index: usize, byte: u8) -> bool;
}

/// Writes byte edits into marks kept as bytes (the page's workshop), growing them as needed.
pub fn apply_bytes(bytes: &mut Vec<u8>, edits: &[(usize, u8)]) {
    for &(i, m) in edits {
        if bytes.len() <= i {
            bytes.resize(i + 1, 0);
        }
        bytes[i] = m;
    }
}

/// One cell's mark in a [`Cells`] kind, [`CellMark::BYTES`] bytes in the byte form.
pub trait CellMark: Copy + Default + PartialEq + Debug {
    /// Bytes a cell.
    const BYTES: usize = 1;
    /// The mark its bytes say (`BYTES` of them); `None` when they say nothing this kind marks.
    fn read(bytes: &[u8]) -> Option<Self>;
    /// Its bytes, into `out` (`BYTES` long).
    fn write(self, out: &mut [u8]);
    /// The cell's value ([`Marks::value`]): its first byte.
    fn value(self) -> u8 {
        let mut b = [0u8; 4];
        self.write(&mut b[..Self::BYTES]);
        b[0]
    }
    /// Whether writing `byte` at the cell's byte `at` rules something out ([`Marks::rules_out`]).
    fn rules_out(at: usize, byte: u8) -> bool {
        let _ = (at, byte);
        false
    }
}

/// Marks of one [`CellMark`] per cell, in reading order (cells past the end are empty).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cells<T>(Vec<T>);

impl<T> Default for Cells<T> {
    fn default() -> Self {
        Cells(Vec::new())
    }
}

impl<T: CellMark> Cells<T> {
    /// Marks of these cells.
    pub fn new(cells: Vec<T>) -> Self {
        Cells(cells)
    }
    /// The mark of `cell` (empty past the end).
    pub fn get(&self, cell: usize) -> T {
        self.0.get(cell).copied().unwrap_or_default()
    }
    /// Sets the mark of `cell`, growing the marks as needed.
    pub fn set(&mut self, cell: usize, mark: T) {
        if self.0.len() <= cell {
            if mark == T::default() {
                return;
            }
            self.0.resize(cell + 1, T::default());
        }
        self.0[cell] = mark;
    }
    /// The marks of `n` cells from the first.
    pub fn to_vec(&self, n: usize) -> Vec<T> {
        (0..n).map(|c| self.get(c)).collect()
    }
    /// Cells with a mark other than empty, with it.
    pub fn marked(&self) -> impl Iterator<Item = (usize, T)> + '_ {
        self.0.iter().copied().enumerate().filter(|(_, m)| *m != T::default())
    }
    /// The byte edits that make `cell`'s mark `mark`.
    pub fn edits(cell: usize, mark: T) -> Vec<(usize, u8)> {
        let mut b = [0u8; 4];
        mark.write(&mut b[..T::BYTES]);
        (0..T::BYTES).map(|k| (cell * T::BYTES + k, b[k])).collect()
    }
}

impl<T: CellMark> Marks for Cells<T> {
    fn decode(bytes: &[u8], cells: usize) -> Result<Self, String> {
        let most = cells.saturating_mul(T::BYTES);
        if bytes.len() > most {
            return Err(format!(
                "{} marks for a puzzle of {cells} cells ({} a cell, {most} at most)",
                bytes.len(),
                T::BYTES
            ));
        }
        let mut out = Vec::with_capacity(bytes.len().div_ceil(T::BYTES));
        for (c, chunk) in bytes.chunks(T::BYTES).enumerate() {
            let mut b = [0u8; 4];
            b[..chunk.len()].copy_from_slice(chunk);
            match T::read(&b[..T::BYTES]) {
                Some(m) => out.push(m),
                None => {
                    return Err(format!(
                        "cell {} holds mark {:?}, which this kind does not use",
                        c + 1,
                        chunk
                    ))
                }
            }
        }
        Ok(Cells(out))
    }

    fn encode(&self) -> Vec<u8> {
        let end = self.0.iter().rposition(|&m| m != T::default()).map_or(0, |i| i + 1);
        let mut out = vec![0u8; end * T::BYTES];
        for (c, m) in self.0[..end].iter().enumerate() {
            m.write(&mut out[c * T::BYTES..(c + 1) * T::BYTES]);
        }
        out
    }

    fn value(&self, cell: usize) -> u8 {
        self.get(cell).value()
    }

    fn place(cell: usize, value: u8) -> Vec<(usize, u8)> {
        vec![(cell * T::BYTES, value)]
    }

    fn clear(&self, cell: usize) -> Vec<(usize, u8)> {
        let mut b = [0u8; 4];
        self.get(cell).write(&mut b[..T::BYTES]);
        (0..T::BYTES).filter(|&k| b[k] != 0).map(|k| (cell * T::BYTES + k, 0)).collect()
    }

    fn apply(&mut self, edits: &[(usize, u8)]) {
        for &(i, byte) in edits {
            let cell = i / T::BYTES;
            let mut b = [0u8; 4];
            self.get(cell).write(&mut b[..T::BYTES]);
            b[i % T::BYTES] = byte;
            if let Some(m) = T::read(&b[..T::BYTES]) {
                self.set(cell, m);
            }
        }
    }

    fn edit_cell(index: usize) -> usize {
        index / T::BYTES
    }

    fn rules_out(index: usize, byte: u8) -> bool {
        T::rules_out(index % T::BYTES, byte)
    }
}

/// A two-state cell's mark (Star Battle: a star or a dot; the nonogram: filled or crossed).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum YesNo {
    /// Not marked (byte 0).
    #[default]
    Open,
    /// A star, a filled cell (byte 1).
    Yes,
    /// A dot, a crossed cell: ruled out (byte 2).
    No,
}

impl CellMark for YesNo {
    fn read(bytes: &[u8]) -> Option<Self> {
        match bytes[0] {
            0 => Some(YesNo::Open),
            1 => Some(YesNo::Yes),
            2 => Some(YesNo::No),
            _ => None,
        }
    }
    fn write(self, out: &mut [u8]) {
        out[0] = self as u8;
    }
    fn rules_out(_: usize, byte: u8) -> bool {
        byte == YesNo::No as u8
    }
}

/// A colour index or none (rectangle-free's cells: byte 0 none, `c + 1` colour `c`).
impl CellMark for Option<u8> {
    fn read(bytes: &[u8]) -> Option<Self> {
        Some(bytes[0].checked_sub(1))
    }
    fn write(self, out: &mut [u8]) {
        out[0] = self.map_or(0, |c| c + 1);
    }
}

/// Marks of a two-state kind (Star Battle, the nonogram).
pub type YesNoMarks = Cells<YesNo>;

impl YesNoMarks {
    /// The cells a kind's rules see: `start` (givens and cells decided by the puzzle itself)
    /// with the marks written over its `open` cells.
    pub fn overlay<C: Copy + PartialEq>(
        &self,
        mut start: Vec<C>,
        open: C,
        yes: C,
        no: C,
    ) -> Vec<C> {
        for (i, c) in start.iter_mut().enumerate() {
            if *c == open {
                *c = match self.get(i) {
                    YesNo::Yes => yes,
                    YesNo::No => no,
                    YesNo::Open => open,
                };
            }
        }
        start
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_read_and_write_their_bytes() {
        let m = YesNoMarks::decode(&[0, 1, 2, 0], 5).unwrap();
        assert_eq!(m.get(1), YesNo::Yes);
        assert_eq!(m.get(2), YesNo::No);
        assert_eq!(m.get(4), YesNo::Open);
        assert_eq!(m.encode(), vec![0, 1, 2], "trailing empty marks are left out");
        assert!(YesNoMarks::decode(&[0; 6], 5).unwrap_err().contains("6 marks"));
        assert!(YesNoMarks::decode(&[0, 3], 5).unwrap_err().contains("cell 2"));
        let mut m = m;
        m.apply(&[(6, 1), (0, 2), (1, 9)]);
        assert_eq!(m.encode(), vec![2, 1, 2, 0, 0, 0, 1], "a bad edit is left out");
        assert!(YesNoMarks::rules_out(3, 2) && !YesNoMarks::rules_out(3, 1));
    }
}
