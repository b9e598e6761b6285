//! The independent verifier: reads the coloured runs of every line of an answer grid and compares
//! them with the clues.
//!
//! It shares no code with the encoder or the line solver: a run is a maximal stretch of cells of
//! one colour other than the background, recounted here from the cells alone.

use super::model::ColourNonogram;
use crate::grid::Grid;

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

fn show(p: &ColourNonogram, runs: &[(u32, u8)]) -> String {
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
pub fn verify(puzzle: &ColourNonogram, grid: &Grid<u8>) -> Result<(), String> {
    let (w, h) = (puzzle.width(), puzzle.height());
    if grid.rows() != h || grid.cols() != w {
        return Err(format!(
            "the answer has {} rows and {} columns, the puzzle {h} and {w}",
            grid.rows(),
            grid.cols()
        ));
    }
    let colours = puzzle.palette().len();
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
    if let Some(givens) = puzzle.givens() {
        for (r, c) in givens.positions() {
            if let Some(v) = givens[(r, c)] {
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
    let want = |clue: &[super::model::Run]| -> Vec<(u32, u8)> {
        clue.iter().map(|r| (r.len, r.colour)).collect()
    };
    for r in 0..h {
        let got = runs(grid.row(r).iter().copied());
        let clue = want(&puzzle.rows()[r]);
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
        let clue = want(&puzzle.cols()[c]);
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
