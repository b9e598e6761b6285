//! The independent verifier: reads the coloured runs of every line of an answer grid and compares
//! them with the clues.
//!
//! It shares no code with the encoder or the line solver: a run is a maximal stretch of cells of
//! one colour other than the background, recounted here from the cells alone. It reads the
//! puzzle through [`Clues`] (the model implements it), so it names no model type and the model
//! can check a goal with it.

use crate::grid::Grid;

/// What the verifier reads of a puzzle.
pub trait Clues {
    /// Columns.
    fn width(&self) -> usize;
    /// Rows.
    fn height(&self) -> usize;
    /// Palette entries, the background included.
    fn palette_len(&self) -> usize;
    /// Row `r`'s clue as (length, colour) runs.
    fn row_runs(&self, r: usize) -> Vec<(u32, u8)>;
    /// Column `c`'s clue as (length, colour) runs.
    fn col_runs(&self, c: usize) -> Vec<(u32, u8)>;
    /// The given colour of a cell, if any.
    fn given(&self, r: usize, c: usize) -> Option<u8>;
    /// A palette entry in words.
    fn colour_name(&self, index: usize) -> String;
}

/// The runs of a line of palette indices (0 the background) as (length, colour), in order.
pub fn runs(cells: impl IntoIterator<Item = u8>) -> Vec<(u32, u8)> {
    let mut out: Vec<(u32, u8)> = Vec::new();
    let mut prev = 0u8;
    for c in cells {
        if c != 0 {
            match out.last_mut() {
                Some(last) if prev == c => last.0 += 1,
                _ => out.push((1, c)),
            }
        }
        prev = c;
    }
    out
}

fn show<P: Clues + ?Sized>(p: &P, runs: &[(u32, u8)]) -> String {
    if runs.is_empty() {
        return "none".into();
    }
    runs.iter()
        .map(|&(n, c)| format!("{n} {}", p.colour_name(usize::from(c))))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `Ok` when `grid` (palette indices, 0 the background) satisfies every clue of `puzzle` and
/// has every given cell's colour; otherwise the first broken line, given cell or cell outside
/// the palette.
pub fn verify<P: Clues + ?Sized>(puzzle: &P, grid: &Grid<u8>) -> Result<(), String> {
    let (w, h) = (puzzle.width(), puzzle.height());
    if grid.rows() != h || grid.cols() != w {
        return Err(format!(
            "the answer has {} rows and {} columns, the puzzle {h} and {w}",
            grid.rows(),
            grid.cols()
        ));
    }
    let colours = puzzle.palette_len();
    for r in 0..h {
        for c in 0..w {
            if usize::from(grid[(r, c)]) >= colours {
                return Err(format!(
                    "row {}, column {} has colour {}, the palette has {} entries",
                    r + 1,
                    c + 1,
                    grid[(r, c)],
                    colours
                ));
            }
        }
    }
    for r in 0..h {
        for c in 0..w {
            if let Some(v) = puzzle.given(r, c) {
                if grid[(r, c)] != v {
                    return Err(format!(
                        "row {}, column {} is given as {}, the answer has {}",
                        r + 1,
                        c + 1,
                        puzzle.colour_name(usize::from(v)),
                        puzzle.colour_name(usize::from(grid[(r, c)]))
                    ));
                }
            }
        }
    }
    for r in 0..h {
        let got = runs(grid.row(r).iter().copied());
        let clue = puzzle.row_runs(r);
        if got != clue {
            return Err(format!(
                "row {} has runs {}, the clue says {}",
                r + 1,
                show(puzzle, &got),
                show(puzzle, &clue)
            ));
        }
    }
    for c in 0..w {
        let got = runs((0..h).map(|r| grid[(r, c)]));
        let clue = puzzle.col_runs(c);
        if got != clue {
            return Err(format!(
                "column {} has runs {}, the clue says {}",
                c + 1,
                show(puzzle, &got),
                show(puzzle, &clue)
            ));
        }
    }
    Ok(())
}
