//! The nonogram's rules in words: the line rule's sentence and figures by rank, and the
//! one-cell contradiction's chain. Each sentence says only what a person can check on the
//! line: which run covers which cells, and between which cells it may start.

use super::model::{Cell, Clue, Line};
use crate::hint::{and_list, cell_words, ranges, Figure};
use crate::lines::probe::{chain_figures, Link};
use crate::lines::{plural, Geometry};

/// A clue in words: `3 1 2`, or `0` for an empty line.
pub fn clue_text(clue: &[u32]) -> String {
    if clue.is_empty() {
        "0".into()
    } else {
        clue.iter().map(|b| b.to_string()).collect::<Vec<_>>().join(" ")
    }
}

/// Positions (0-based) as people count them: `cell 4`, `cells 1 and 4 to 6`.
fn cells_words(v: &[usize]) -> String {
    let one_based: Vec<usize> = v.iter().map(|q| q + 1).collect();
    format!("{} {}", plural(v.len(), "cell", "cells"), ranges(&one_based))
}

/// Run `j` of a clue in words: `the 3`, or `the 3 (run 2)` when the clue has another 3.
fn run_name(clue: &[u32], j: usize) -> String {
    if clue.iter().filter(|&&x| x == clue[j]).count() > 1 {
        format!("the {} (run {})", clue[j], j + 1)
    } else {
        format!("the {}", clue[j])
    }
}

/// The cells of run `j` placed at `start`, as positions: `cells 3 to 5`.
fn span_words(start: usize, len: u32) -> String {
    let v: Vec<usize> = (start..start + len as usize).collect();
    cells_words(&v)
}

/// The line rule's words (`rank` among 0, 1, `simple_rank` and line logic): its name, sentence and figures (the leftmost and rightmost
/// placements that fit the known cells, which the sentence names in words too).
#[allow(clippy::too_many_arguments)]
pub fn describe(
    line: Line,
    idx: &[usize],
    buf: &[Cell],
    clue: &[u32],
    blacks: &[usize],
    whites: &[usize],
    starts: &[Vec<usize>],
    (rank, simple_rank): (u8, u8),
) -> (&'static str, String, Vec<Figure>) {
    let title = line.title();
    let word = line.word();
    let ct = clue_text(clue);
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
    // Each run's new filled cells: those between its last start and its first end.
    let covered = |j: usize| -> Option<(usize, usize, Vec<usize>)> {
        let (&lo, &hi) = (starts.get(j)?.first()?, starts.get(j)?.last()?);
        let b = clue[j] as usize;
        let mine: Vec<usize> = blacks.iter().copied().filter(|&q| q >= hi && q < lo + b).collect();
        (!mine.is_empty()).then_some((lo, hi, mine))
    };
    let (rule, sentence) = if clue.is_empty() {
        (
            "Empty line",
            format!("{title}, clue 0: the {word} has no filled cell, so all of it is empty."),
        )
    } else if rank == 0 {
        let runs = if clue.len() == 1 {
            format!("the {} is already placed", clue[0])
        } else {
            format!("its runs {ct} are all placed")
        };
        (
            "Finished line",
            format!(
                "{title}, clue {ct}: {runs}, so the rest of the {word} is empty ({}).",
                cells_words(whites)
            ),
        )
    } else if rank == 1 {
        // Which run covers each new filled cell in both extreme placements.
        let mut parts = Vec::new();
        for j in 0..clue.len() {
            let Some((lo, hi, mine)) = covered(j) else { continue };
            parts.push(format!(
                "wherever {} sits, {} {} filled (placed leftmost it covers {}, rightmost {})",
                run_name(clue, j),
                cells_words(&mine),
                plural(mine.len(), "is", "are"),
                span_words(lo, clue[j]),
                span_words(hi, clue[j]),
            ));
        }
        let body = if parts.is_empty() {
            format!("every placement of the runs fills {}", cells_words(blacks))
        } else {
            and_list(&parts)
        };
        ("Overlap", format!("{title}, clue {ct}: {body}."))
    } else if rank == simple_rank {
        let mut parts = Vec::new();
        for j in 0..clue.len() {
            let Some((lo, hi, mine)) = covered(j) else { continue };
            let starts_words = if lo == hi {
                format!("can only start at cell {}", lo + 1)
            } else {
                format!("starts between cell {} and cell {}", lo + 1, hi + 1)
            };
            parts.push(format!(
                "{} {starts_words}, so it covers {} wherever it starts",
                run_name(clue, j),
                cells_words(&mine)
            ));
        }
        if !parts.is_empty() {
            let n = parts.len();
            parts[n - 1].push_str(" (simple boxes)");
        }
        if !whites.is_empty() {
            parts.push(format!(
                "no run reaches {} (simple spaces), so {} empty",
                cells_words(whites),
                plural(whites.len(), "it is", "they are")
            ));
        }
        (
            "Simple boxes and spaces",
            format!(
                "{title}, clue {ct}: the known cells limit where each run can start; {}.",
                parts.join("; and ")
            ),
        )
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
                "{title}, clue {ct}: with the {known} known {} of this {word}, every way to place the runs {}.",
                plural(known, "cell", "cells"),
                parts.join(" and ")
            ),
        )
    };
    (rule, sentence, figures)
}

/// The one-cell contradiction in words: "Suppose cell `i` were `value`…", the figures (each
/// line of the chain, in order) and the lines it names.
pub fn describe_chain(
    g: Geometry,
    clues: &[Clue],
    i: usize,
    value: Cell,
    chain: &[Link],
    (trial_cells, chain_max): (&[Cell], usize),
) -> (String, Vec<Figure>, Vec<String>) {
    let other = if value == Cell::Black { Cell::White } else { Cell::Black };
    let cell = cell_words(g.w, i);
    let (figures, lines_used) = chain_figures(&g, chain);
    let mut parts: Vec<String> = Vec::new();
    for link in &chain[..chain.len() - 1] {
        let line = g.line_of(link.line);
        let pos = |c: &usize| g.place(link.line, *c);
        let of = |v: Cell| -> Vec<usize> {
            link.set.iter().filter(|&&c| trial_cells[c] == v).map(pos).collect()
        };
        let (filled, empty) = (of(Cell::Black), of(Cell::White));
        let across = line.across();
        let mut what = Vec::new();
        if !filled.is_empty() {
            what.push(format!(
                "fill {}{} {}",
                across,
                plural(filled.len(), "", "s"),
                ranges(&filled)
            ));
        }
        if !empty.is_empty() {
            what.push(format!(
                "leave {}{} {} empty",
                across,
                plural(empty.len(), "", "s"),
                ranges(&empty)
            ));
        }
        parts.push(format!(
            "{line} (clue {}) would {}",
            clue_text(&clues[link.line]),
            what.join(" and ")
        ));
    }
    let end = chain[chain.len() - 1].line;
    parts.push(format!("{} could not hold its clue {}", g.line_of(end), clue_text(&clues[end])));
    // Semicolons between the lines: each line's part has commas of its own.
    let then = match parts.len() {
        1 => parts[0].clone(),
        n => format!("{}; and {}", parts[..n - 1].join("; "), parts[n - 1]),
    };
    let sentence = format!(
        "Suppose {cell} were {}. Then {then}. So it is {}. (A trial of one cell, followed by line logic through at most {chain_max} lines; each line of the chain is outlined on the board.)",
        if value == Cell::Black { "filled" } else { "empty" },
        if other == Cell::Black { "filled" } else { "empty" },
    );
    (sentence, figures, lines_used)
}
