//! Explained hints for nonograms: the exact line solver ([`super::line`]) on one line at a time,
//! the same deduction line logic (and so the rating "line logic") makes, told in words.
//!
//! The marks are the page's (0 blank, 1 filled, 2 marked empty) over the givens. Every line is
//! solved; the step is the line with the simplest reason (a finished or empty line, then the
//! overlap of an untouched line, then line logic with known cells), the most cells first. The
//! leftmost and rightmost placements of the runs (consistent with the known cells) are drawn, so
//! the overlap is visible.

use super::line::LineSolver;
use super::model::{Cell, Line, Nonogram};
use crate::hint::{and_list, ranges, Figure, Hint, Step};

/// The rating's words for a puzzle line logic completes.
const DIFFICULTY: &str = "line logic";

/// The player's view of the grid: givens, then marks (1 filled, 2 empty) on the other cells.
pub fn cells_of(p: &Nonogram, marks: &[u8]) -> Vec<Cell> {
    let mut cells = p.start();
    for (i, c) in cells.iter_mut().enumerate() {
        if *c == Cell::Unknown {
            *c = match marks.get(i).copied().unwrap_or(0) {
                1 => Cell::Black,
                2 => Cell::White,
                _ => Cell::Unknown,
            };
        }
    }
    cells
}

/// The cell indices of a line, in order.
fn line_cells(p: &Nonogram, line: Line) -> Vec<usize> {
    let (w, h) = (p.width(), p.height());
    match line {
        Line::Row(r) => (0..w).map(|c| r * w + c).collect(),
        Line::Col(c) => (0..h).map(|r| r * w + c).collect(),
    }
}

fn clue_text(clue: &[u32]) -> String {
    if clue.is_empty() {
        "0".into()
    } else {
        clue.iter().map(|b| b.to_string()).collect::<Vec<_>>().join(" ")
    }
}

fn line_title(line: Line) -> String {
    match line {
        Line::Row(r) => format!("Row {}", r + 1),
        Line::Col(c) => format!("Column {}", c + 1),
    }
}

fn line_word(line: Line) -> &'static str {
    match line {
        Line::Row(_) => "row",
        Line::Col(_) => "column",
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        one.to_string()
    } else {
        many.to_string()
    }
}

/// One line's deduction, before it is chosen.
struct Found {
    rank: u8,
    changes: usize,
    step: Step,
}

/// The next step for `marks`; see the module documentation.
pub fn next_step(p: &Nonogram, marks: &[u8]) -> Hint {
    let cells = cells_of(p, marks);
    let total = cells.len();
    let mut solver = LineSolver::new();
    let mut best: Option<Found> = None;
    let mut out = Vec::new();
    let mut starts = Vec::new();
    let lines = (0..p.height()).map(Line::Row).chain((0..p.width()).map(Line::Col));
    for line in lines {
        let idx = line_cells(p, line);
        let buf: Vec<Cell> = idx.iter().map(|&i| cells[i]).collect();
        let clue = p.clue(line);
        let unknown = buf.iter().filter(|&&c| c == Cell::Unknown).count();
        out.clear();
        out.extend_from_slice(&buf);
        let feasible = if unknown == 0 { solver.feasible(clue, &buf) } else { solver.solve(clue, &buf, &mut out) };
        if !feasible {
            let marked: Vec<usize> = idx.iter().copied().filter(|&i| cells[i] != Cell::Unknown && p.start()[i] == Cell::Unknown).collect();
            return Hint::Mistake {
                sentence: format!(
                    "{}, clue {}: the marks in this {} fit no placement of the runs, so one of them is wrong.",
                    line_title(line),
                    clue_text(clue),
                    line_word(line)
                ),
                cells: marked,
            };
        }
        if unknown == 0 {
            continue;
        }
        let blacks: Vec<usize> = (0..buf.len()).filter(|&q| buf[q] == Cell::Unknown && out[q] == Cell::Black).collect();
        let whites: Vec<usize> = (0..buf.len()).filter(|&q| buf[q] == Cell::Unknown && out[q] == Cell::White).collect();
        if blacks.is_empty() && whites.is_empty() {
            continue;
        }
        let untouched = unknown == buf.len();
        let rank = if clue.is_empty() || (blacks.is_empty() && out.iter().all(|&c| c != Cell::Unknown)) {
            0
        } else if untouched {
            1
        } else {
            2
        };
        let better = match &best {
            None => true,
            Some(b) => (rank, std::cmp::Reverse(blacks.len() + whites.len())) < (b.rank, std::cmp::Reverse(b.changes)),
        };
        if !better {
            continue;
        }
        solver.starts(clue, &buf, &mut starts);
        let step = describe(line, &idx, &buf, clue, &blacks, &whites, &starts, rank);
        best = Some(Found { rank, changes: blacks.len() + whites.len(), step });
    }
    match best {
        Some(f) => Hint::Step(f.step),
        None => {
            let known = cells.iter().filter(|&&c| c != Cell::Unknown).count();
            if known == total {
                Hint::Solved { sentence: "Every cell is decided and every line fits its clue: solved.".into() }
            } else {
                Hint::Stuck {
                    sentence: format!(
                        "Line logic stops here: {known} of {total} cells are known, and in every row and column the placements of the runs that fit the known cells disagree on each blank cell. The rest needs search (trying a cell both ways)."
                    ),
                    known,
                    total,
                }
            }
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn describe(line: Line, idx: &[usize], buf: &[Cell], clue: &[u32], blacks: &[usize], whites: &[usize], starts: &[Vec<usize>], rank: u8) -> Step {
    let title = line_title(line);
    let word = line_word(line);
    let ct = clue_text(clue);
    let one_based = |v: &[usize]| v.iter().map(|q| q + 1).collect::<Vec<_>>();
    let cells_words = |v: &[usize]| format!("{} {}", plural(v.len(), "cell", "cells"), ranges(&one_based(v)));
    // Leftmost and rightmost placements consistent with the known cells.
    let placement = |pick_last: bool| -> Vec<usize> {
        let mut v = Vec::new();
        for (j, list) in starts.iter().enumerate() {
            let s = if pick_last { list.last() } else { list.first() };
            if let Some(&s) = s {
                v.extend((s..s + clue[j] as usize).map(|q| idx[q]));
            }
        }
        v.sort_unstable();
        v
    };
    let mut figures = Vec::new();
    if !clue.is_empty() && starts.len() == clue.len() {
        figures.push(Figure { label: "leftmost placement".into(), cells: placement(false) });
        figures.push(Figure { label: "rightmost placement".into(), cells: placement(true) });
    }
    let (rule, sentence) = if clue.is_empty() {
        ("Empty line", format!("{title}, clue 0: the {word} has no filled cell, so all of it is empty."))
    } else if rank == 0 {
        let runs = if clue.len() == 1 { format!("the {} is already placed", clue[0]) } else { format!("its runs {ct} are all placed") };
        ("Finished line", format!("{title}, clue {ct}: {runs}, so the rest of the {word} is empty ({}).", cells_words(whites)))
    } else if rank == 1 {
        // Which run covers each new filled cell in both extreme placements.
        let mut parts = Vec::new();
        for (j, list) in starts.iter().enumerate() {
            let (Some(&lo), Some(&hi)) = (list.first(), list.last()) else { continue };
            let b = clue[j] as usize;
            let mine: Vec<usize> = blacks.iter().copied().filter(|&q| q >= hi && q < lo + b).collect();
            if !mine.is_empty() {
                let which = if clue.iter().filter(|&&x| x == clue[j]).count() > 1 { format!("the {} (run {})", clue[j], j + 1) } else { format!("the {}", clue[j]) };
                parts.push(format!("wherever {which} sits, {} {} filled", cells_words(&mine), plural(mine.len(), "is", "are")));
            }
        }
        let body = if parts.is_empty() { format!("every placement of the runs fills {}", cells_words(blacks)) } else { and_list(&parts) };
        ("Overlap", format!("{title}, clue {ct}: {body}. The leftmost and rightmost placements are drawn; they overlap there."))
    } else {
        let known = buf.iter().filter(|&&c| c != Cell::Unknown).count();
        let mut parts = Vec::new();
        if !blacks.is_empty() {
            parts.push(format!("fills {}", cells_words(blacks)));
        }
        if !whites.is_empty() {
            parts.push(format!("leaves {} empty", cells_words(whites)));
        }
        (
            "Line logic",
            format!(
                "{title}, clue {ct}: with the {known} known {} of this {word}, every way to place the runs {}. The leftmost and rightmost placements that fit are drawn.",
                plural(known, "cell", "cells"),
                parts.join(" and ")
            ),
        )
    };
    let mut changed: Vec<(usize, u8)> = blacks.iter().map(|&q| (idx[q], 1u8)).chain(whites.iter().map(|&q| (idx[q], 2u8))).collect();
    changed.sort_unstable();
    Step {
        rule: rule.into(),
        rank,
        difficulty: DIFFICULTY.into(),
        cells: changed.iter().map(|&(i, _)| i).collect(),
        marks: changed,
        reasons: idx.iter().zip(buf).filter(|(_, c)| **c != Cell::Unknown).map(|(&i, _)| i).collect(),
        clues: vec![format!("{} {}", word, match line {
            Line::Row(r) => r + 1,
            Line::Col(c) => c + 1,
        })],
        figures,
        sentence,
    }
}
