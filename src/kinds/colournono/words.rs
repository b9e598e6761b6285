//! The colour nonogram's rules (`logic.rs`) in words: colours by name (the palette's, else
//! the nearest common colour name, with its number when two share one), each rung's sentence,
//! and the figures a step draws.

use super::line::{single, Colours};
use super::model::{ColourNonogram, Run};
use crate::deduce::Deduction;
use crate::hint::{and_list, cell_words, ranges};
use crate::lines::plural;
use crate::lines::probe::{chain_figures, Link};
use crate::lines::Geometry;

/// One change: a cell and the colours it may still take (as the logic's).
type Change = (usize, Colours);

/// What the words read of the logic's state: the lines, the clues, the colours' names and each
/// cell's colours (decided cells have one). The logic builds it; the words never solve a line.
#[derive(Debug, Clone, Copy)]
pub struct Ctx<'a> {
    /// The grid's lines.
    pub g: Geometry,
    /// Each line's clue (rows, then columns).
    pub clues: &'a [Vec<Run>],
    /// Each palette entry in words ([`colour_names`]).
    pub names: &'a [String],
    /// Each cell's colours, in reading order.
    pub sets: &'a [Colours],
}

/// Common colour names and a typical sRGB value of each, for palettes without names.
const NAMED: &[(&str, [u8; 3])] = &[
    ("black", [0, 0, 0]),
    ("white", [255, 255, 255]),
    ("grey", [128, 128, 128]),
    ("light grey", [200, 200, 200]),
    ("dark grey", [70, 70, 70]),
    ("red", [220, 30, 30]),
    ("dark red", [130, 10, 20]),
    ("orange", [250, 140, 20]),
    ("yellow", [255, 215, 30]),
    ("brown", [140, 80, 30]),
    ("beige", [225, 200, 160]),
    ("green", [50, 160, 50]),
    ("dark green", [20, 90, 30]),
    ("light green", [150, 225, 120]),
    ("cyan", [60, 200, 220]),
    ("blue", [30, 90, 210]),
    ("dark blue", [20, 30, 120]),
    ("light blue", [140, 190, 245]),
    ("purple", [130, 50, 170]),
    ("pink", [240, 130, 190]),
];

/// The common name nearest to `rgb` (the "redmean" weighted distance).
pub fn nearest_name(rgb: [u8; 3]) -> &'static str {
    let d = |a: [u8; 3], b: [u8; 3]| {
        let rm = (f64::from(a[0]) + f64::from(b[0])) / 2.0;
        let (dr, dg, db) = (
            f64::from(a[0]) - f64::from(b[0]),
            f64::from(a[1]) - f64::from(b[1]),
            f64::from(a[2]) - f64::from(b[2]),
        );
        (2.0 + rm / 256.0) * dr * dr + 4.0 * dg * dg + (2.0 + (255.0 - rm) / 256.0) * db * db
    };
    NAMED.iter().min_by(|a, b| d(a.1, rgb).total_cmp(&d(b.1, rgb))).map_or("colour", |n| n.0)
}

/// Each palette entry in words for sentences: `background` first, then the palette's names, or
/// the nearest common name; a name two colours share gets the colour's number (`green 2`), the
/// number its swatch and key show.
pub fn colour_names(p: &ColourNonogram) -> Vec<String> {
    let base: Vec<String> = p
        .palette()
        .iter()
        .enumerate()
        .map(|(c, e)| match (c, &e.name) {
            (0, _) => "background".to_string(),
            (_, Some(n)) if !n.trim().is_empty() => n.trim().to_string(),
            _ => nearest_name(e.rgb).to_string(),
        })
        .collect();
    base.iter()
        .enumerate()
        .map(|(c, n)| {
            if c > 0 && base.iter().skip(1).filter(|m| *m == n).count() > 1 {
                format!("{n} {c}")
            } else {
                n.clone()
            }
        })
        .collect()
}

/// A colour in words for sentences (see [`colour_names`]).
pub fn colour_word(p: &ColourNonogram, c: u8) -> String {
    colour_names(p).get(usize::from(c)).cloned().unwrap_or_else(|| format!("colour {c}"))
}

/// A clue in words (`2 red, 1 blue`; `no runs` when empty).
pub fn clue_words(names: &[String], clue: &[Run]) -> String {
    if clue.is_empty() {
        return "no runs".into();
    }
    clue.iter()
        .map(|r| format!("{} {}", r.len, names[usize::from(r.colour)]))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A set of colours in words, the background last as `empty`: `red or empty`.
fn set_words(names: &[String], set: Colours) -> String {
    let mut v: Vec<String> =
        (1..names.len()).filter(|&c| set & (1u64 << c) != 0).map(|c| names[c].clone()).collect();
    if set & 1 != 0 {
        v.push("empty".into());
    }
    match v.as_slice() {
        [] => "nothing".into(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// A decided colour as the sentence ends: `background (a dot)` or the colour's name.
fn decided_words(names: &[String], c: u8) -> String {
    if c == 0 {
        "background (a dot)".into()
    } else {
        names[usize::from(c)].clone()
    }
}

/// Cells along a line grouped by colour: `columns 1 to 8 are background (a dot) and column 9
/// is red` (positions 0-based; `across` the crossing lines' word); without `verb`, `columns 1
/// to 8 background (a dot)` (after "make").
fn groups(names: &[String], across: &str, decided: &[(usize, u8)], verb: bool) -> String {
    let mut colours: Vec<u8> = decided.iter().map(|d| d.1).collect();
    colours.sort_unstable();
    colours.dedup();
    let parts: Vec<String> = colours
        .iter()
        .map(|&c| {
            let qs: Vec<usize> = decided.iter().filter(|d| d.1 == c).map(|d| d.0 + 1).collect();
            let is = if verb { plural(qs.len(), " is", " are") } else { String::new() };
            format!(
                "{across}{} {}{is} {}",
                plural(qs.len(), "", "s"),
                ranges(&qs),
                decided_words(names, c)
            )
        })
        .collect();
    and_list(&parts)
}

/// The line rule's step on line `l` (just solved on the decided cells), ranks 0 to 2.
pub fn line_step(s: &Ctx, l: usize, rank: u8, decided: &[(usize, u8)]) -> Deduction<Change> {
    let g = s.g;
    let line = g.line_of(l);
    let n = g.len_of(l);
    let mut changes: Vec<Change> = decided.iter().map(|&(q, c)| (g.at(l, q), 1u64 << c)).collect();
    changes.sort_unstable_by_key(|c| c.0);
    let cells: Vec<usize> = changes.iter().map(|c| c.0).collect();
    let reasons: Vec<usize> =
        g.cells_of(l).into_iter().filter(|&i| s.sets[i].count_ones() == 1).collect();
    let clue = clue_words(s.names, &s.clues[l]);
    let what = groups(s.names, line.across(), decided, true);
    let title = line.title();
    let sentence = match rank {
        0 if s.clues[l].is_empty() => {
            format!("{title} has no runs: every cell is background, so {what}.")
        }
        0 => format!("{title} ({clue}) has all its runs placed: the rest is background, so {what}."),
        1 => format!(
            "{title} ({clue}) has nothing known yet, but every placement of its runs in its {n} cells agrees (the runs overlap, and runs of different colours may touch): {what}."
        ),
        _ => format!(
            "{title} ({clue}): with the cells already known, every placement of its runs agrees: {what}."
        ),
    };
    let rule = ["Empty or finished line", "Overlap", "Line logic"][usize::from(rank.min(2))];
    Deduction::new(rule, rank, changes, cells, reasons, sentence).clues(vec![line.to_string()])
}

/// The meeting of a cell's row and column: each allows only some colours there (on its known
/// cells alone), and they have one in common.
pub fn meeting_step(
    s: &Ctx,
    i: usize,
    (row, col): (Colours, Colours),
    rank: u8,
) -> Deduction<Change> {
    let g = s.g;
    let (r, c) = (i / g.w, i % g.w);
    let colour = single(row & col).expect("one colour in common");
    let (rl, cl) = (g.line_of(r), g.line_of(g.h + c));
    let sentence = format!(
        "{} ({}) allows only {} at column {}, and column {} ({}) only {} at row {}: they have only {} in common, so the cell is {}.",
        rl.title(),
        clue_words(s.names, &s.clues[r]),
        set_words(s.names, row),
        c + 1,
        c + 1,
        clue_words(s.names, &s.clues[g.h + c]),
        set_words(s.names, col),
        r + 1,
        if colour == 0 { "empty".to_string() } else { s.names[usize::from(colour)].clone() },
        decided_words(s.names, colour),
    );
    let reasons: Vec<usize> = g
        .cells_of(r)
        .into_iter()
        .chain(g.cells_of(g.h + c))
        .filter(|&k| s.sets[k].count_ones() == 1)
        .collect();
    Deduction::new("Colour sets", rank, vec![(i, 1u64 << colour)], vec![i], reasons, sentence)
        .clues(vec![rl.to_string(), cl.to_string()])
        .figure(format!("{rl}: {}", set_words(s.names, row)), g.cells_of(r))
        .figure(format!("{cl}: {}", set_words(s.names, col)), g.cells_of(g.h + c))
}

/// A step of colour-set logic: line `l` decides `found` (positions and colours) once the
/// crossing lines' allowances `cross` are read at the positions `keep` (those the step needs).
pub fn sets_step(
    s: &Ctx,
    l: usize,
    found: &[(usize, u8)],
    (keep, cross): (&[usize], &[Colours]),
    rank: u8,
) -> Deduction<Change> {
    let g = s.g;
    let line = g.line_of(l);
    let idx = g.cells_of(l);
    let across = line.across();
    let allows: Vec<String> = keep
        .iter()
        .enumerate()
        .map(|(n, &p)| {
            let what = set_words(s.names, cross[p]);
            if n == 0 {
                format!("{across} {} allows only {what} in this {}", p + 1, line.word())
            } else {
                format!("{across} {} only {what}", p + 1)
            }
        })
        .collect();
    let what = groups(s.names, across, found, true);
    if allows.is_empty() {
        // Not expected (the line on decided cells alone would have decided it first).
        let sentence = format!(
            "{} ({}): with the colours the crossing lines allow, every placement of its runs agrees: {what}.",
            line.title(),
            clue_words(s.names, &s.clues[l])
        );
        let changes: Vec<Change> = found.iter().map(|&(p, c)| (idx[p], 1u64 << c)).collect();
        let cells = changes.iter().map(|c| c.0).collect();
        return Deduction::new("Colour sets", rank, changes, cells, Vec::new(), sentence);
    }
    let sentence = format!(
        "{} ({}): {}; with {} and the {}'s known cells, every placement of its runs agrees: {what}.",
        line.title(),
        clue_words(s.names, &s.clues[l]),
        and_list(&allows),
        plural(keep.len(), "that", "these"),
        line.word()
    );
    let mut changes: Vec<Change> = found.iter().map(|&(p, c)| (idx[p], 1u64 << c)).collect();
    changes.sort_unstable_by_key(|c| c.0);
    let cells = changes.iter().map(|c| c.0).collect();
    let mut reasons: Vec<usize> =
        idx.iter().copied().filter(|&i| s.sets[i].count_ones() == 1).collect();
    reasons.extend(keep.iter().map(|&p| idx[p]));
    reasons.sort_unstable();
    let mut d = Deduction::new("Colour sets", rank, changes, cells, reasons, sentence)
        .clues(vec![line.to_string()]);
    for &p in keep {
        let cl = g.cross(l, p);
        d = d
            .figure(format!("{}: {}", g.line_of(cl), set_words(s.names, cross[p])), g.cells_of(cl));
    }
    d
}

/// The one-cell contradiction in words: supposing cell `i` is `value` breaks a line through the
/// `chain`, so it is `other`; `sets` the colours before the trial, `trial` after it.
pub fn chain_step(
    s: &Ctx,
    (i, value, other): (usize, u8, u8),
    chain: &[Link],
    (sets, trial): (&[Colours], &[Colours]),
    (rank, chain_max): (u8, usize),
) -> Deduction<Change> {
    let g = s.g;
    let names = s.names;
    let (figures, lines_used) = chain_figures(&g, chain);
    let mut parts: Vec<String> = Vec::new();
    for link in &chain[..chain.len() - 1] {
        let line = g.line_of(link.line);
        let across = line.across();
        let decided: Vec<(usize, u8)> = link
            .set
            .iter()
            .filter_map(|&c| single(trial[c]).map(|v| (g.place(link.line, c) - 1, v)))
            .collect();
        let mut what = Vec::new();
        if !decided.is_empty() {
            what.push(format!("make {}", groups(names, across, &decided, false)));
        }
        for &c in link.set.iter().filter(|&&c| single(trial[c]).is_none()) {
            what.push(format!(
                "leave {across} {} only {}",
                g.place(link.line, c),
                set_words(names, trial[c])
            ));
        }
        parts.push(format!(
            "{line} ({}) would {}",
            clue_words(names, &s.clues[link.line]),
            and_list(&what)
        ));
    }
    let end = chain[chain.len() - 1].line;
    parts.push(format!(
        "{} could not hold its runs ({})",
        g.line_of(end),
        clue_words(names, &s.clues[end])
    ));
    let then = match parts.len() {
        1 => parts[0].clone(),
        n => format!("{}; and {}", parts[..n - 1].join("; "), parts[n - 1]),
    };
    let narrowed = sets.iter().any(|&x| x.count_ones() != 1 && x != sets_full(s));
    let sentence = format!(
        "Suppose {} were {}. Then {then}. So it is {}. (A trial of one cell, followed by colour line logic{} through at most {chain_max} lines; each line of the chain is outlined on the board.)",
        cell_words(g.w, i),
        if value == 0 { "empty".to_string() } else { names[usize::from(value)].clone() },
        decided_words(names, other),
        if narrowed { " on the colours each cell may still take" } else { "" },
    );
    let mut reasons: Vec<usize> = chain
        .iter()
        .flat_map(|link| g.cells_of(link.line))
        .filter(|&c| s.sets[c].count_ones() == 1)
        .collect();
    reasons.sort_unstable();
    reasons.dedup();
    let mut d = Deduction::new(
        "One-cell contradiction",
        rank,
        vec![(i, 1u64 << other)],
        vec![i],
        reasons,
        sentence,
    )
    .clues(lines_used);
    d.figures = figures;
    d
}

/// Every colour of the palette, as a set.
fn sets_full(s: &Ctx) -> Colours {
    if s.names.len() >= 64 {
        u64::MAX
    } else {
        (1u64 << s.names.len()) - 1
    }
}
