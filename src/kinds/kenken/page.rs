//! Pure functions for the KenKen page: the player's marks, highlights, Check, the editor, SVG.
//!
//! The player's marks are laid out in [`super::marks`], and a partial grid is checked by
//! [`super::check`]; the functions the page calls on them are named here too.

use super::formats::to_json;
use super::model::{self, pieces, Cage, KenKen, Op, Problem};

pub use super::check::{broken_cages, repeated, solved};
pub use super::marks::{
    clear_cell, digit, digits_of, fill_candidates, mistakes, pencil, set_digit, toggle_pencil,
    KenKenMarks, Pencilled, STRIDE,
};

/// Which sides of `cell` are cage walls: (top, left, bottom, right).
pub fn walls(p: &KenKen, cell: usize) -> (bool, bool, bool, bool) {
    let n = p.size();
    let (r, c) = (cell / n, cell % n);
    let k = p.cage_of(cell);
    let other = |rr: usize, cc: usize| p.cage_of(rr * n + cc) != k;
    (
        r == 0 || other(r - 1, c),
        c == 0 || other(r, c - 1),
        r + 1 == n || other(r + 1, c),
        c + 1 == n || other(r, c + 1),
    )
}

/// The clue drawn in `cell` (only the cage's first cell carries it).
pub fn clue_at(p: &KenKen, cell: usize) -> Option<String> {
    let cage = &p.cages()[p.cage_of(cell)];
    (cage.cells[0] == cell && cage.op != Op::Blank).then(|| cage.clue())
}

/// The class of a cage label's `<span>`: labels of six characters or more (`36288×`) are drawn
/// smaller, so that they stay on one line inside their cell and never reach the digit.
pub fn clue_class(label: &str) -> &'static str {
    match label.chars().count() {
        0..=5 => "clue",
        6..=7 => "clue long",
        _ => "clue longer",
    }
}

/// How the pencil marks `pm` of a cell of an `n`x`n` board above 9x9 are laid out: only the
/// marks written, in order, `per_row` to a line (the page breaks the lines), in as many lines
/// as make them largest in the room the cell leaves them (`labelled`: a cage label takes its
/// top). Returns the style the page sets, read by style.css to size them (`--pencil-rows`, and
/// `--pm-line`, the widest line in em), and `per_row`. Five marks of a 12x12 are two lines,
/// not spread over twelve fixed places.
pub fn pencil_flow(pm: u16, n: usize, labelled: bool) -> (String, usize) {
    let marks: Vec<usize> = (1..=n).filter(|d| pm >> (d - 1) & 1 == 1).collect();
    let k = marks.len().max(1);
    // Fractions of the cell, as style.css reckons them: the height the marks have, a digit .64
    // em wide with .25 em between marks, the width .94 of the cell, at most .3 of the cell.
    let height = if labelled { 0.55 } else { 0.7 };
    let line = |per_row: usize| {
        (marks.chunks(per_row.max(1)))
            .map(|c| {
                c.iter().map(|&d| if d >= 10 { 1.28 } else { 0.64 }).sum::<f64>()
                    + (c.len() - 1) as f64 * 0.25
            })
            .fold(0.64, f64::max)
    };
    let size = |per_row: usize| {
        let rows = k.div_ceil(per_row) as f64;
        (height / rows).min(0.94 / line(per_row)).min(0.3)
    };
    let per_row = (1..=k).rev().fold(k, |best, p| if size(p) > size(best) { p } else { best });
    let style = format!("--pencil-rows:{};--pm-line:{:.2}", k.div_ceil(per_row), line(per_row));
    (style, per_row)
}

/// A digit as shown (`10`, `11`, `12` in full).
pub fn shown(d: u8) -> String {
    if d == 0 {
        String::new()
    } else {
        d.to_string()
    }
}

/// The digit a key types: `1`–`9`, `0` for 10, `a`/`b`/`c` for 10–12; `None` past the size.
pub fn key_digit(key: &str, n: usize) -> Option<u8> {
    let d = match key {
        "0" => 10,
        k if k.len() == 1 => super::formats::char_digit(k.chars().next()?)?,
        _ => return None,
    };
    (d as usize <= n).then_some(d)
}

// ---------------------------------------------------------------- editor

/// A fresh draft: every cell its own cage with no clue yet.
pub fn blank_cages(n: usize) -> Vec<Cage> {
    (0..n * n).map(|c| Cage { op: Op::Blank, target: 0, cells: vec![c] }).collect()
}

/// The cages after drawing a new cage over `cells`: the cells leave their old cages (what is
/// left of an old cage keeps its clue if it stays in one piece, otherwise every piece starts
/// with no clue), and the new cage has no clue yet. Returns the new cages and the new cage's index.
pub fn draw_cage(n: usize, cages: &[Cage], cells: &[usize]) -> (Vec<Cage>, usize) {
    let mut out = Vec::with_capacity(cages.len() + 1);
    for cage in cages {
        let rest: Vec<usize> = cage.cells.iter().copied().filter(|c| !cells.contains(c)).collect();
        if rest.is_empty() {
            continue;
        }
        if rest.len() == cage.cells.len() {
            out.push(cage.clone());
            continue;
        }
        let pieces = pieces(n, &rest);
        let keep = pieces.len() == 1;
        for piece in pieces {
            let cage = if keep {
                Cage { cells: piece, ..cage.clone() }
            } else {
                Cage { op: Op::Blank, target: 0, cells: piece }
            };
            out.push(cage);
        }
    }
    // Cells the new cage covers that are not connected to its first cell become their own cages.
    let mut drawn = pieces(n, cells);
    drawn.sort_by_key(|p| std::cmp::Reverse(p.len()));
    let mut new_index = out.len();
    for (i, mut piece) in drawn.into_iter().enumerate() {
        piece.sort_unstable();
        if i == 0 {
            new_index = out.len();
        }
        out.push(Cage { op: Op::Blank, target: 0, cells: piece });
    }
    (out, new_index)
}

/// Every problem of a draft, blocking first.
pub fn draft_problems(n: usize, cages: &[Cage]) -> Vec<Problem> {
    let mut list = model::problems(n, cages);
    list.sort_by_key(|p| !p.blocking);
    list
}

/// The draft's JSON, when it has no blocking problem (cages without a clue are allowed).
pub fn draft_json(n: usize, cages: &[Cage]) -> Result<String, String> {
    KenKen::new(n, cages.to_vec()).map(|p| to_json(&p).to_string()).map_err(|e| e.to_string())
}

/// The editor's draft as text, for local storage: its side and cages (each cage's operation
/// symbol, target and cells), read back by [`draft_from_text`].
pub fn draft_text(n: usize, cages: &[Cage]) -> String {
    let cages: Vec<serde_json::Value> = cages
        .iter()
        .map(|c| serde_json::json!({"op": c.op.symbol().to_string(), "target": c.target, "cells": c.cells}))
        .collect();
    serde_json::json!({"kind": "kenken-draft", "n": n, "cages": cages}).to_string()
}

/// Reads [`draft_text`] back: the side ([`model::MIN_SIZE`] to [`model::MAX_SIZE`]) and cages
/// that cover every cell once (the editor needs no more: clues may be missing or wrong, the
/// problems list says so). Anything else is an error saying what is wrong, never a panic.
pub fn draft_from_text(text: &str) -> Result<(usize, Vec<Cage>), String> {
    let v: serde_json::Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
    if v.get("kind").and_then(|k| k.as_str()) != Some("kenken-draft") {
        return Err("not a KenKen draft".into());
    }
    let n = v.get("n").and_then(|n| n.as_u64()).ok_or("no grid size")? as usize;
    if !(model::MIN_SIZE..=model::MAX_SIZE).contains(&n) {
        return Err(format!("size {n} is not {} to {}", model::MIN_SIZE, model::MAX_SIZE));
    }
    let list = v.get("cages").and_then(|c| c.as_array()).ok_or("no cages")?;
    let mut seen = vec![false; n * n];
    let mut cages = Vec::with_capacity(list.len());
    for (k, c) in list.iter().enumerate() {
        let bad = || format!("cage {} is not an operation, a target and cells", k + 1);
        let op = c.get("op").and_then(|o| o.as_str()).and_then(Op::from_symbol).ok_or_else(bad)?;
        let target = c.get("target").and_then(|t| t.as_u64()).ok_or_else(bad)?;
        let cells: Vec<usize> = c
            .get("cells")
            .and_then(|c| c.as_array())
            .ok_or_else(bad)?
            .iter()
            .map(|x| x.as_u64().map(|x| x as usize).filter(|&x| x < n * n))
            .collect::<Option<_>>()
            .ok_or_else(|| format!("cage {} has a cell outside the {n}x{n} grid", k + 1))?;
        let mut cells = cells;
        cells.sort_unstable();
        if cells.is_empty() {
            return Err(format!("cage {} has no cells", k + 1));
        }
        for &x in &cells {
            if std::mem::replace(&mut seen[x], true) {
                return Err(format!("cell {} is in two cages", model::place(n, x)));
            }
        }
        cages.push(Cage { op, target, cells });
    }
    if let Some(x) = seen.iter().position(|s| !s) {
        return Err(format!("cell {} is in no cage", model::place(n, x)));
    }
    Ok((n, cages))
}

// ---------------------------------------------------------------- pictures

/// An SVG picture of the puzzle (cage walls and clues), with `digits` written in when given.
pub fn render_svg(p: &KenKen, digits: Option<&[u8]>) -> String {
    const CELL: usize = 48;
    let n = p.size();
    let side = n * CELL + 4;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{side}\" height=\"{side}\" viewBox=\"0 0 {side} {side}\" font-family=\"sans-serif\">\n<rect width=\"{side}\" height=\"{side}\" fill=\"white\"/>\n"
    );
    let at = |i: usize| (2 + (i % n) * CELL, 2 + (i / n) * CELL);
    for i in 0..n * n {
        let (x, y) = at(i);
        s.push_str(&format!("<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"none\" stroke=\"#bbb\" stroke-width=\"1\"/>\n"));
    }
    for i in 0..n * n {
        let (x, y) = at(i);
        let (t, l, b, r) = walls(p, i);
        let mut line = |x1: usize, y1: usize, x2: usize, y2: usize| {
            s.push_str(&format!("<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"black\" stroke-width=\"3\" stroke-linecap=\"square\"/>\n"));
        };
        if t {
            line(x, y, x + CELL, y);
        }
        if l {
            line(x, y, x, y + CELL);
        }
        if b {
            line(x, y + CELL, x + CELL, y + CELL);
        }
        if r {
            line(x + CELL, y, x + CELL, y + CELL);
        }
        if let Some(clue) = clue_at(p, i) {
            s.push_str(&format!(
                "<text x=\"{}\" y=\"{}\" font-size=\"12\">{clue}</text>\n",
                x + 4,
                y + 14
            ));
        }
        if let Some(d) = digits.and_then(|d| d.get(i)).filter(|&&d| d != 0) {
            s.push_str(&format!("<text class=\"digit\" x=\"{}\" y=\"{}\" font-size=\"24\" text-anchor=\"middle\">{d}</text>\n", x + CELL / 2, y + CELL * 3 / 4));
        }
    }
    s.push_str("</svg>\n");
    s
}

/// What a key does on the editor's grid, for making cages without a pointer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EditorKey {
    /// Move the cursor to a cell; `extend`: the cell joins the cells picked for a new cage
    /// (Shift+arrow, like a drag), with the one left.
    Move { to: usize, extend: bool },
    /// Add the cursor's cell to the picked cells, or take it out (Space).
    Toggle,
    /// Make the picked cells a cage, or with fewer than two picked, select the cursor's cage
    /// (Enter, like a drag or a click).
    Make,
    /// Forget the picked cells (Escape).
    Drop,
}

/// The key `key` on the editor's `n` x `n` grid with the cursor on cell `at`; `None` for a key
/// that is not the grid's.
pub fn editor_key(key: &str, shift: bool, at: usize, n: usize) -> Option<EditorKey> {
    let n = n.max(1);
    let at = at.min(n * n - 1);
    if let Some((r, c)) = crate::grid::cursor_step(key, (at / n, at % n), n, n) {
        return Some(EditorKey::Move { to: r * n + c, extend: shift });
    }
    Some(match key {
        " " => EditorKey::Toggle,
        "Enter" => EditorKey::Make,
        "Escape" => EditorKey::Drop,
        _ => return None,
    })
}
