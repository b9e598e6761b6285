//! The player's KenKen marks, typed: a [`Pencilled`] per cell (the digit, 0 when empty, and
//! the pencil marks as a 16-bit mask, bit `d - 1` for digit `d`), and the candidates they leave
//! each cell, which the hints ([`super::hint`]) and the page's Fill candidates ([`super::page`])
//! both read. Their byte form ([`STRIDE`] bytes a cell: the digit, then the mask low byte
//! first) is known here alone, for the edits a step or a key makes ([`crate::marks`]).

use super::formats::digit_char;
use super::model::KenKen;
use super::tuples::{self, Domain};
use crate::marks::{CellMark, Cells, Marks};

/// Bytes per cell in the marks' byte form.
pub const STRIDE: usize = 3;

/// One cell's marks: its digit (0 = empty) and its pencil marks (bit `d - 1` for digit `d`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pencilled {
    /// The digit placed, 0 when none.
    pub digit: u8,
    /// The pencil marks, as a mask.
    pub pencil: u16,
}

impl CellMark for Pencilled {
    const BYTES: usize = STRIDE;
    fn read(bytes: &[u8]) -> Option<Self> {
        Some(Pencilled { digit: bytes[0], pencil: bytes[1] as u16 | (bytes[2] as u16) << 8 })
    }
    fn write(self, out: &mut [u8]) {
        out[0] = self.digit;
        out[1] = (self.pencil & 0xff) as u8;
        out[2] = (self.pencil >> 8) as u8;
    }
    /// A change to the pencil marks strikes candidates; a digit is placed.
    fn rules_out(at: usize, _: u8) -> bool {
        at != 0
    }
}

/// The player's marks: a [`Pencilled`] per cell.
pub type KenKenMarks = Cells<Pencilled>;

/// The player's digit in `cell` (0 when empty).
pub fn digit(marks: &KenKenMarks, cell: usize) -> u8 {
    marks.get(cell).digit
}

/// The player's pencil marks in `cell`, as a mask (bit `d - 1` for digit `d`).
pub fn pencil(marks: &KenKenMarks, cell: usize) -> u16 {
    marks.get(cell).pencil
}

/// The player's digits, one per cell (0 = empty).
pub fn digits_of(marks: &KenKenMarks, n: usize) -> Vec<u8> {
    (0..n * n).map(|i| digit(marks, i)).collect()
}

/// The mark changes that write `d` into `cell` (0 clears the digit; pencil marks stay).
pub fn set_digit(cell: usize, d: u8) -> Vec<(usize, u8)> {
    KenKenMarks::place(cell, d)
}

/// The mark changes that make `cell`'s pencil marks exactly `m`.
pub fn set_pencil(cell: usize, m: u16) -> [(usize, u8); 2] {
    [(cell * STRIDE + 1, (m & 0xff) as u8), (cell * STRIDE + 2, (m >> 8) as u8)]
}

/// The mark changes that toggle pencil mark `d` in `cell`.
pub fn toggle_pencil(marks: &KenKenMarks, cell: usize, d: u8) -> Vec<(usize, u8)> {
    set_pencil(cell, pencil(marks, cell) ^ (1 << (d - 1))).to_vec()
}

/// The mark changes that empty `cell` entirely: the digit first, then the pencil marks.
pub fn clear_cell(marks: &KenKenMarks, cell: usize) -> Vec<(usize, u8)> {
    if digit(marks, cell) != 0 {
        set_digit(cell, 0)
    } else {
        set_pencil(cell, 0).to_vec()
    }
}

/// The candidates of every cell: a placed digit alone, else the pencil marks (all digits when
/// none) less the digits placed in the cell's row and column.
pub fn candidates(p: &KenKen, marks: &KenKenMarks) -> Vec<Domain> {
    let n = p.size();
    let digits = digits_of(marks, n);
    let full = tuples::full(n);
    let mut row = vec![0 as Domain; n];
    let mut col = vec![0 as Domain; n];
    for (i, &d) in digits.iter().enumerate() {
        if d != 0 && d as usize <= n {
            row[i / n] |= 1 << (d - 1);
            col[i % n] |= 1 << (d - 1);
        }
    }
    (0..n * n)
        .map(|i| {
            let d = digits[i];
            if d != 0 {
                return if d as usize <= n { 1 << (d - 1) } else { 0 };
            }
            let pencil = pencil(marks, i) & full;
            let base = if pencil == 0 { full } else { pencil };
            base & !row[i / n] & !col[i % n]
        })
        .collect()
}

/// The mark changes that write every empty cell's [`candidates`] as its pencil marks: the
/// candidates the hints speak of, made visible. Cells whose marks already say so are left alone.
pub fn fill_candidates(p: &KenKen, marks: &KenKenMarks) -> Vec<(usize, u8)> {
    let n = p.size();
    let cands = candidates(p, marks);
    (0..n * n)
        .filter(|&c| digit(marks, c) == 0 && pencil(marks, c) != cands[c])
        .flat_map(|c| set_pencil(c, cands[c]))
        .collect()
}

/// Cells where the player's digit differs from the proven answer (its characters in reading order).
pub fn mistakes(answer: &str, marks: &KenKenMarks) -> Vec<usize> {
    answer
        .chars()
        .enumerate()
        .filter(|&(i, a)| {
            let d = digit(marks, i);
            d != 0 && digit_char(d) != a
        })
        .map(|(i, _)| i)
        .collect()
}
