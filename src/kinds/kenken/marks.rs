//! The player's KenKen marks, byte by byte: [`STRIDE`] bytes per cell in the shared
//! `Workshop::marks: Vec<u8>`: the digit (0 = empty), then the pencil marks as a 16-bit mask
//! (bit `d - 1` for digit `d`), low byte first; and the candidates they leave each cell, which
//! the hints ([`super::hint`]) and the page's Fill candidates ([`super::page`]) both read.
//! Storage writes such marks with [`crate::marks_text`].

use super::formats::digit_char;
use super::model::KenKen;
use super::tuples::{self, Domain};

/// Bytes per cell in the marks vector.
pub const STRIDE: usize = 3;

/// The player's digit in `cell` (0 when empty).
pub fn digit(marks: &[u8], cell: usize) -> u8 {
    marks.get(cell * STRIDE).copied().unwrap_or(0)
}

/// The player's pencil marks in `cell`, as a mask (bit `d - 1` for digit `d`).
pub fn pencil(marks: &[u8], cell: usize) -> u16 {
    let lo = marks.get(cell * STRIDE + 1).copied().unwrap_or(0) as u16;
    let hi = marks.get(cell * STRIDE + 2).copied().unwrap_or(0) as u16;
    lo | hi << 8
}

/// The player's digits, one per cell (0 = empty).
pub fn digits_of(marks: &[u8], n: usize) -> Vec<u8> {
    (0..n * n).map(|i| digit(marks, i)).collect()
}

/// The mark changes that write `d` into `cell` (0 clears the digit; pencil marks stay).
pub fn set_digit(cell: usize, d: u8) -> Vec<(usize, u8)> {
    vec![(cell * STRIDE, d)]
}

/// The mark changes that make `cell`'s pencil marks exactly `m`.
pub fn set_pencil(cell: usize, m: u16) -> [(usize, u8); 2] {
    [(cell * STRIDE + 1, (m & 0xff) as u8), (cell * STRIDE + 2, (m >> 8) as u8)]
}

/// The mark changes that toggle pencil mark `d` in `cell`.
pub fn toggle_pencil(marks: &[u8], cell: usize, d: u8) -> Vec<(usize, u8)> {
    set_pencil(cell, pencil(marks, cell) ^ (1 << (d - 1))).to_vec()
}

/// The mark changes that empty `cell` entirely: the digit first, then the pencil marks.
pub fn clear_cell(marks: &[u8], cell: usize) -> Vec<(usize, u8)> {
    if digit(marks, cell) != 0 {
        set_digit(cell, 0)
    } else {
        set_pencil(cell, 0).to_vec()
    }
}

/// The candidates of every cell: a placed digit alone, else the pencil marks (all digits when
/// none) less the digits placed in the cell's row and column.
pub fn candidates(p: &KenKen, marks: &[u8]) -> Vec<Domain> {
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
pub fn fill_candidates(p: &KenKen, marks: &[u8]) -> Vec<(usize, u8)> {
    let n = p.size();
    let cands = candidates(p, marks);
    (0..n * n)
        .filter(|&c| digit(marks, c) == 0 && pencil(marks, c) != cands[c])
        .flat_map(|c| set_pencil(c, cands[c]))
        .collect()
}

/// Cells where the player's digit differs from the proven answer (its characters in reading order).
pub fn mistakes(answer: &str, marks: &[u8]) -> Vec<usize> {
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
