//! KenKen text forms: studio JSON and link, Tatham Keen game IDs, links and save files, JSON lines.
//!
//! Grammars are in `shared/reference/formats.md` (sections 1.1, 1.3 and 4.3).

use serde_json::{json, Value};

use super::model::{Cage, KenKen, Op, MAX_SIZE, MIN_SIZE};
use super::KenKen as K;
use crate::error::{InputError, InputResult};
use crate::grid::Grid;
use crate::link::{clip, percent_decode};
use crate::puzzle::Entry;

// ---------------------------------------------------------------- studio JSON

/// The studio JSON form: `{"kind":"kenken","size":N,"cages":[{"op":"+","target":5,"cells":[[0,0],[0,1]]},…]}`.
pub fn to_json(p: &KenKen) -> Value {
    let n = p.size();
    let cages: Vec<Value> = p
        .cages()
        .iter()
        .map(|c| {
            let cells: Vec<Value> = c.cells.iter().map(|&i| json!([i / n, i % n])).collect();
            json!({"op": c.op.symbol().to_string(), "target": c.target, "cells": cells})
        })
        .collect();
    json!({"kind": "kenken", "size": n, "cages": cages})
}

fn whole(v: &Value, at: impl Fn() -> String, what: &str) -> InputResult<u64> {
    v.as_u64().ok_or_else(|| {
        InputError::at(
            at(),
            format!("{what}: expected a whole number, found {}", clip(&v.to_string())),
        )
    })
}

/// Reads the studio JSON form (also a benchmark line: `kind` may be missing).
pub fn from_json(v: &Value) -> InputResult<KenKen> {
    if let Some(kind) = v.get("kind") {
        if kind.as_str() != Some("kenken") {
            return Err(InputError::at(
                "field `kind`",
                format!("expected \"kenken\", found {}", clip(&kind.to_string())),
            ));
        }
    }
    let size = v.get("size").ok_or_else(|| InputError::at("field `size`", "missing"))?;
    let size = whole(size, || "field `size`".into(), "the grid side")? as usize;
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return Err(InputError::at(
            "field `size`",
            format!("KenKen sizes are {MIN_SIZE} to {MAX_SIZE}, got {size}"),
        ));
    }
    let list = v
        .get("cages")
        .and_then(Value::as_array)
        .ok_or_else(|| InputError::at("field `cages`", "expected a list of cages"))?;
    let mut cages = Vec::with_capacity(list.len());
    for (k, c) in list.iter().enumerate() {
        let at = || format!("cages[{k}]");
        let op_text = c
            .get("op")
            .and_then(Value::as_str)
            .ok_or_else(|| InputError::at(at(), "`op` is missing (one of + - * / =)"))?;
        let op = Op::from_symbol(op_text.trim()).ok_or_else(|| {
            InputError::at(at(), format!("`{}` is not an operation (use + - * / =)", clip(op_text)))
        })?;
        let target = match (op, c.get("target")) {
            (Op::Blank, _) => 0,
            (_, Some(t)) => whole(t, at, "`target`")?,
            (_, None) => return Err(InputError::at(at(), "`target` is missing")),
        };
        let cells_v = c
            .get("cells")
            .and_then(Value::as_array)
            .ok_or_else(|| InputError::at(at(), "`cells` should be a list of [row, col] pairs"))?;
        let mut cells = Vec::with_capacity(cells_v.len());
        for (i, rc) in cells_v.iter().enumerate() {
            let pair = rc.as_array().filter(|a| a.len() == 2);
            let rc = pair
                .and_then(|a| Some((a[0].as_u64()? as usize, a[1].as_u64()? as usize)))
                .ok_or_else(|| {
                    InputError::at(
                        format!("cages[{k}], cell {i}"),
                        format!("expected [row, col], found {}", clip(&rc.to_string())),
                    )
                })?;
            if rc.0 >= size || rc.1 >= size {
                return Err(InputError::at(
                    format!("cages[{k}], cell {i}"),
                    format!("({}, {}) is outside the {size}x{size} grid", rc.0, rc.1),
                ));
            }
            cells.push(rc.0 * size + rc.1);
        }
        cages.push(Cage { op, target, cells });
    }
    KenKen::new(size, cages)
}

/// Reads an answer given as JSON rows of numbers (`[[4,1,3],…]`).
pub fn solution_from_json(p: &KenKen, v: &Value) -> InputResult<Grid<u8>> {
    let n = p.size();
    let rows = v.as_array().filter(|r| r.len() == n).ok_or_else(|| {
        InputError::at("field `solution`", format!("expected {n} rows of {n} digits"))
    })?;
    let mut cells = Vec::with_capacity(n * n);
    for (r, row) in rows.iter().enumerate() {
        let row = row.as_array().filter(|x| x.len() == n).ok_or_else(|| {
            InputError::at(format!("solution row {r}"), format!("expected {n} digits"))
        })?;
        for (c, d) in row.iter().enumerate() {
            match d.as_u64() {
                Some(d) if (1..=n as u64).contains(&d) => cells.push(d as u8),
                _ => {
                    return Err(InputError::at(
                        format!("solution row {r}, column {c}"),
                        format!("expected a digit 1 to {n}"),
                    ))
                }
            }
        }
    }
    Ok(Grid::from_cells(n, n, cells).expect("counted"))
}

// ---------------------------------------------------------------- answer rows

/// The character for a digit: `1`–`9`, then `A`, `B`, `C` for 10–12.
pub fn digit_char(d: u8) -> char {
    match d {
        1..=9 => (b'0' + d) as char,
        10..=35 => (b'A' + d - 10) as char,
        _ => '?',
    }
}

/// The digit of a character written by [`digit_char`] (lower case also reads); `None` otherwise.
pub fn char_digit(ch: char) -> Option<u8> {
    match ch {
        '1'..='9' => Some(ch as u8 - b'0'),
        'A'..='Z' => Some(ch as u8 - b'A' + 10),
        'a'..='z' => Some(ch as u8 - b'a' + 10),
        _ => None,
    }
}

/// Answer rows: one character per cell, `1`–`9` then `A`–`C`.
pub fn digits_from_rows(p: &KenKen, rows: &[String]) -> InputResult<Grid<u8>> {
    let n = p.size();
    if rows.len() != n {
        return Err(InputError::at("answer", format!("expected {n} rows, found {}", rows.len())));
    }
    let mut cells = Vec::with_capacity(n * n);
    for (r, row) in rows.iter().enumerate() {
        let chars: Vec<char> = row.chars().collect();
        if chars.len() != n {
            return Err(InputError::at(
                format!("answer row {r}"),
                format!("expected {n} digits, found {}", chars.len()),
            ));
        }
        for (c, ch) in chars.into_iter().enumerate() {
            match char_digit(ch) {
                Some(d) if d as usize <= n => cells.push(d),
                _ => {
                    return Err(InputError::at(
                        format!("answer row {r}, column {c}"),
                        format!("`{ch}` is not a digit 1 to {n}"),
                    ))
                }
            }
        }
    }
    Ok(Grid::from_cells(n, n, cells).expect("counted"))
}

// ---------------------------------------------------------------- Tatham Keen

const KEEN_LINK: &str = "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/keen.html#";

/// The edges of Keen's block walk (formats.md 1.3): vertical edges row by row, then
/// horizontal edges column by column; each is the pair of cells it separates.
fn keen_edges(n: usize) -> Vec<(usize, usize)> {
    let mut edges = Vec::with_capacity(2 * n * (n - 1));
    for i in 0..n * (n - 1) {
        let (y, x) = (i / (n - 1), i % (n - 1));
        edges.push((y * n + x, y * n + x + 1));
    }
    for j in 0..n * (n - 1) {
        let (x, y) = (j / (n - 1), j % (n - 1));
        edges.push((y * n + x, (y + 1) * n + x));
    }
    edges
}

/// The letter for "k non-separating edges, then a separator" (k ≤ 24).
fn run_letter(k: usize) -> char {
    if k == 0 {
        '_'
    } else {
        (b'a' + k as u8 - 1) as char
    }
}

/// The Keen DESC (`<blocks>,<clues>`), or why this puzzle cannot be written in Keen's form.
/// With `blank`, cages with no clue yet are written `?` (the studio's link only; Keen has no such clue).
fn keen_desc(p: &KenKen, blank: bool) -> Result<String, String> {
    let n = p.size();
    let mut letters = String::new();
    let mut run = 0usize;
    let mut separator = |sep: bool, letters: &mut String| {
        if !sep {
            run += 1;
            return;
        }
        // Written as Keen's decoder reads it: `y` is 25 non-separating edges with no separator.
        while run >= 25 {
            letters.push('y');
            run -= 25;
        }
        letters.push(run_letter(run));
        run = 0;
    };
    for (a, b) in keen_edges(n) {
        separator(p.cage_of(a) != p.cage_of(b), &mut letters);
    }
    separator(true, &mut letters);
    let mut out = compress(&letters);
    out.push(',');
    for cage in p.cages() {
        let t = cage.target;
        match cage.op {
            Op::Given | Op::Add => out.push_str(&format!("a{t}")),
            Op::Mul => out.push_str(&format!("m{t}")),
            Op::Sub => out.push_str(&format!("s{t}")),
            Op::Div => out.push_str(&format!("d{t}")),
            Op::Blank if blank => out.push('?'),
            Op::Blank => {
                return Err(format!(
                    "{} has no clue yet; Keen IDs need every clue",
                    super::model::cage_name(n, cage)
                ))
            }
        }
    }
    Ok(out)
}

/// Three or more copies of a letter become the letter and a count (`___` → `_3`).
fn compress(letters: &str) -> String {
    let chars: Vec<char> = letters.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let mut j = i;
        while j < chars.len() && chars[j] == chars[i] {
            j += 1;
        }
        let count = j - i;
        if count >= 3 {
            out.push(chars[i]);
            out.push_str(&count.to_string());
        } else {
            out.extend(std::iter::repeat_n(chars[i], count));
        }
        i = j;
    }
    out
}

/// The descriptive Keen game ID, `N:<blocks>,<clues>`; `Err` for drafts (a cage with no clue).
pub fn to_keen(p: &KenKen) -> Result<String, String> {
    Ok(format!("{}:{}", p.size(), keen_desc(p, false)?))
}

/// The puzzle as a link to Tatham's web Keen.
pub fn to_keen_link(p: &KenKen) -> Result<String, String> {
    Ok(format!("{KEEN_LINK}{}", to_keen(p)?))
}

/// Which meaning `y` and `z` have in a block string.
#[derive(Clone, Copy)]
enum Letters {
    /// Tatham's encoder: `y` = 25 then a separator, `z` = 25 with none.
    Encoder,
    /// Keen's decoder: `y` = 25 with no separator, `z` = 26 then a separator.
    Decoder,
}

/// Walks the expanded block letters; `Some(separators)` when they cover exactly `total` positions.
fn walk(letters: &[(char, usize)], total: usize, meaning: Letters) -> Option<Vec<bool>> {
    let mut seps = Vec::with_capacity(total);
    for &(ch, copies) in letters {
        let v = if ch == '_' { 0 } else { ch as usize - 'a' as usize + 1 };
        let (skip, sep) = match (meaning, ch) {
            (Letters::Encoder, 'z') => (25, false),
            (Letters::Decoder, 'y') => (25, false),
            _ => (v, true),
        };
        for _ in 0..copies {
            if seps.len() + skip + usize::from(sep) > total {
                return None;
            }
            seps.extend(std::iter::repeat_n(false, skip));
            if sep {
                seps.push(true);
            }
        }
    }
    (seps.len() == total).then_some(seps)
}

/// Reads the block letters into (letter, copies) pairs.
fn block_letters(s: &str, total: usize) -> InputResult<Vec<(char, usize)>> {
    let chars: Vec<char> = s.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let ch = chars[i];
        if !(ch == '_' || ch.is_ascii_lowercase()) {
            return Err(InputError::at(
                format!("Keen ID, cage layout, character {}", i + 1),
                format!("`{ch}` is not a layout letter (_ or a–z)"),
            ));
        }
        i += 1;
        let start = i;
        while i < chars.len() && chars[i].is_ascii_digit() {
            i += 1;
        }
        let copies = if i == start {
            1
        } else {
            let digits: String = chars[start..i].iter().collect();
            match digits.parse::<usize>() {
                Ok(c) if (1..=total).contains(&c) => c,
                _ => {
                    return Err(InputError::at(
                        format!("Keen ID, cage layout, character {}", start + 1),
                        format!(
                            "`{ch}{}` repeats a letter more often than the layout has edges",
                            clip(&digits)
                        ),
                    ))
                }
            }
        };
        out.push((ch, copies));
    }
    Ok(out)
}

/// Reads Keen params (`N[d<D>][m]`, lenient), returning the size.
fn keen_size(params: &str) -> InputResult<usize> {
    let digits: String = params.chars().take_while(|c| c.is_ascii_digit()).collect();
    let n: usize = digits.parse().map_err(|_| {
        InputError::at(
            "Keen ID, size",
            format!("`{}` should start with the grid size, like 5 or 6dh", clip(params)),
        )
    })?;
    if !(MIN_SIZE..=MAX_SIZE).contains(&n) {
        return Err(InputError::at(
            "Keen ID, size",
            format!("KenKen sizes are {MIN_SIZE} to {MAX_SIZE}, got {n}"),
        ));
    }
    Ok(n)
}

/// Reads a Keen DESC for an `n`x`n` grid; with `blank`, `?` reads as "no clue yet".
fn from_keen_desc(n: usize, desc: &str, blank: bool) -> InputResult<KenKen> {
    let (blocks, clues) = desc.split_once(',').ok_or_else(|| {
        InputError::at(
            "Keen ID",
            format!("no comma after the cage layout `{}`: a Keen ID is the size, a colon, the cage layout (letters _ and a–z), a comma, then the clues (like 4:_a3a_,a5m12…)", clip(desc)),
        )
    })?;
    let total = 2 * n * (n - 1) + 1;
    let letters = block_letters(blocks, total)?;
    let seps = walk(&letters, total, Letters::Encoder)
        .or_else(|| walk(&letters, total, Letters::Decoder))
        .ok_or_else(|| InputError::at("Keen ID, cage layout", format!("the cage walls do not fit a {n}x{n} grid: the ID may be cut short or mistyped (its letters should describe {total} inner edges)")))?;
    // Cages: cells joined across every non-separating edge.
    let mut parent: Vec<usize> = (0..n * n).collect();
    fn root(parent: &mut [usize], mut a: usize) -> usize {
        while parent[a] != a {
            parent[a] = parent[parent[a]];
            a = parent[a];
        }
        a
    }
    for ((a, b), sep) in keen_edges(n).into_iter().zip(&seps) {
        if !sep {
            let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
            parent[ra.max(rb)] = ra.min(rb);
        }
    }
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut index = vec![usize::MAX; n * n];
    for c in 0..n * n {
        let r = root(&mut parent, c);
        if index[r] == usize::MAX {
            index[r] = groups.len();
            groups.push(Vec::new());
        }
        groups[index[r]].push(c);
    }
    // Clues, one per cage in order of first cell.
    let chars: Vec<char> = clues.chars().collect();
    let mut cages = Vec::with_capacity(groups.len());
    let mut i = 0;
    for cells in groups {
        let at = format!("Keen ID, clue {}", cages.len() + 1);
        let Some(&letter) = chars.get(i) else {
            return Err(InputError::at(
                at,
                format!("the layout has more cages than the {} clues given", cages.len()),
            ));
        };
        i += 1;
        if letter == '?' && blank {
            cages.push(Cage { op: Op::Blank, target: 0, cells });
            continue;
        }
        let start = i;
        while i < chars.len() && chars[i].is_ascii_digit() {
            i += 1;
        }
        let number: String = chars[start..i].iter().collect();
        let target: u64 = number.parse().map_err(|_| {
            InputError::at(at.clone(), format!("`{letter}` should be followed by a number"))
        })?;
        let op = match (letter, cells.len()) {
            ('a' | 'm', 1) => Op::Given,
            ('a', _) => Op::Add,
            ('m', _) => Op::Mul,
            ('s', _) => Op::Sub,
            ('d', _) => Op::Div,
            (other, _) => {
                return Err(InputError::at(
                    at,
                    format!(
                    "`{other}` is not a clue letter (a sum, m product, s difference, d quotient)"
                ),
                ))
            }
        };
        cages.push(Cage { op, target, cells });
    }
    if i < chars.len() {
        return Err(InputError::at(
            "Keen ID, clues",
            format!(
                "`{}` is left over after the last cage's clue",
                clip(&chars[i..].iter().collect::<String>())
            ),
        ));
    }
    KenKen::new(n, cages).map_err(|e| e.within("Keen ID"))
}

/// Whether `t` starts like a Keen game ID: a size, optional params, then `:` or `#`.
pub fn looks_like_keen(t: &str) -> bool {
    let t = t.trim();
    if t.contains("keen.html#") {
        return true;
    }
    let Some(cut) = t.find([':', '#']) else { return false };
    // Keen's parameters: the size, then letters only (`9du`, `6dxm`); another game's `10x10` or a
    // KrazyDad line with a comment (`21,21,5,"…" # name`) is not one.
    let params = &t[..cut];
    let letters = params.trim_start_matches(|c: char| c.is_ascii_digit());
    if letters.len() == params.len() || !letters.chars().all(|c| c.is_ascii_lowercase()) {
        return false;
    }
    if t.as_bytes()[cut] == b'#' {
        return true;
    }
    // A Keen DESC: layout letters (with counts), a comma, clue letters and numbers.
    let desc = &t[cut + 1..];
    desc.split_once(',').is_some_and(|(b, _)| {
        !b.is_empty() && b.chars().all(|c| c == '_' || c.is_ascii_lowercase() || c.is_ascii_digit())
    })
}

/// Whether `t` begins as a Keen ID would, a size and a colon (`13:aaaa`), though the rest does
/// not read: its errors then say what is wrong in it, and where.
fn starts_like_keen(t: &str) -> bool {
    let Some((params, _)) = t.split_once(':') else { return false };
    let letters = params.trim_start_matches(|c: char| c.is_ascii_digit());
    letters.len() < params.len() && letters.chars().all(|c| c.is_ascii_lowercase())
}

/// Reads a Keen game ID (`N[dD][m]:DESC`, or inside a `…/keen.html#…` link). Seed IDs are refused.
pub fn from_keen(text: &str) -> InputResult<KenKen> {
    // A Keen ID holds no white space: a space or line break pasted into one is dropped.
    let mut id: String = text.split_whitespace().collect();
    if let Some(pos) = id.find("keen.html#") {
        id = percent_decode(&id[pos + "keen.html#".len()..]);
    }
    let id = id.trim();
    match id.find([':', '#']) {
        None if !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()) => Err(InputError::at("Keen ID", format!("`{}` names a puzzle size only, with no cages", clip(id)))),
        None => Err(InputError::at("Keen ID", format!("`{}` is not a KenKen: a Keen ID reads like 5:a__a_3a_…,a5m15… (the size, a colon, the cage layout, a comma, the clues)", clip(id)))),
        Some(i) if id.as_bytes()[i] == b'#' => Err(InputError::at(
            "Keen ID",
            "random-seed IDs (`N#seed`) are unsupported: they only reproduce a puzzle inside Tatham's own generator; copy the descriptive ID (`N:…`, Game › Specific) instead",
        )),
        Some(i) => from_keen_desc(keen_size(&id[..i])?, &id[i + 1..], false),
    }
}

/// Reads a Tatham save file (`SAVEFILE:41:Simon Tatham's Portable Puzzle Collection` …) of Keen.
pub fn from_savefile(text: &str) -> InputResult<KenKen> {
    let mut params = None;
    let mut desc = None;
    for (i, line) in text.lines().enumerate() {
        let Some((key, rest)) = line.split_once(':') else { continue };
        let Some((len, value)) = rest.split_once(':') else { continue };
        let len: usize = len.trim().parse().map_err(|_| {
            InputError::at(format!("save file line {}", i + 1), "the record length is not a number")
        })?;
        let value = value.get(..len).unwrap_or(value);
        match key.trim() {
            "GAME" if value != "Keen" => {
                return Err(InputError::at(
                    "save file",
                    format!("this is a save file of {}, not Keen", clip(value)),
                ))
            }
            "PARAMS" => params = Some(value.to_string()),
            "DESC" => desc = Some(value.to_string()),
            _ => {}
        }
    }
    let (Some(params), Some(desc)) = (params, desc) else {
        return Err(InputError::at("save file", "it has no PARAMS and DESC records"));
    };
    from_keen_desc(keen_size(&params)?, &desc, false).map_err(|e| e.within("save file"))
}

// ---------------------------------------------------------------- link, import, collections

/// The share-link payload, version 1: the Keen ID `N:<blocks>,<clues>`, with `?` for a cage
/// that has no clue yet (drafts from the editor).
pub fn link_payload(p: &KenKen) -> String {
    format!("{}:{}", p.size(), keen_desc(p, true).unwrap_or_default())
}

/// Reads a share-link payload.
pub fn from_link_payload(version: u32, payload: &str) -> InputResult<KenKen> {
    if version != 1 {
        return Err(InputError::new(format!("KenKen links of version v{version} are unknown")));
    }
    let (size, desc) = payload
        .split_once(':')
        .ok_or_else(|| InputError::new("expected `<size>:<cage layout>,<clues>`"))?;
    from_keen_desc(keen_size(size)?, desc, true)
}

fn entry_from_json(v: &Value, id: String) -> InputResult<Entry<K>> {
    let puzzle = from_json(v)?;
    let known = match v.get("solution") {
        Some(s) if !s.is_null() => Some(solution_from_json(&puzzle, s)?),
        _ => None,
    };
    Ok(Entry { id, puzzle, known })
}

/// Reads any one-puzzle form: studio JSON, a share link (handled by the registry), a Keen ID or
/// link, a Keen save file.
pub fn import(text: &str) -> InputResult<Entry<K>> {
    let t = text.trim();
    if t.is_empty() {
        return Err(InputError::new("nothing to read: paste a puzzle or a link"));
    }
    if t.starts_with('{') {
        let first = t.lines().next().unwrap_or(t);
        let v: Value = serde_json::from_str(t)
            .or_else(|_| serde_json::from_str(first))
            .map_err(|e| InputError::at(format!("JSON line {}", e.line()), e.to_string()))?;
        let id = v.get("id").and_then(Value::as_str).unwrap_or("puzzle").to_string();
        return entry_from_json(&v, id);
    }
    if t.starts_with("SAVEFILE") {
        return Ok(Entry { id: "save file".into(), puzzle: from_savefile(t)?, known: None });
    }
    if looks_like_keen(t) || starts_like_keen(t) {
        return Ok(Entry { id: "Keen ID".into(), puzzle: from_keen(t)?, known: None });
    }
    Err(InputError::new(
        "not a KenKen format the studio reads: expected studio JSON, a studio share link, a Tatham Keen ID (N:…) or keen.html link, or a Keen save file",
    ))
}

/// Reads a JSON-lines collection (formats.md 4.3, one puzzle per line, with its solution), a
/// file of Tatham Keen IDs one a line (`sgt-keen --generate`), or any single puzzle.
pub fn read_collection(text: &str, name: &str) -> InputResult<Vec<Entry<K>>> {
    let text = crate::puzzle::without_bom(text);
    if let Some(ids) = crate::puzzle::id_lines(text, name, looks_like_keen, from_keen) {
        return ids;
    }
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i, l.trim()))
        .filter(|(_, l)| !l.is_empty())
        .collect();
    if lines.len() > 1 && lines.iter().all(|(_, l)| l.starts_with('{')) {
        return lines
            .into_iter()
            .map(|(i, l)| {
                let at = || format!("{name} line {}", i + 1);
                let v: Value =
                    serde_json::from_str(l).map_err(|e| InputError::at(at(), e.to_string()))?;
                let id = v
                    .get("id")
                    .and_then(Value::as_str)
                    .map(str::to_string)
                    .unwrap_or_else(|| format!("line {}", i + 1));
                entry_from_json(&v, id).map_err(|e| e.within(at()))
            })
            .collect();
    }
    let mut e = import(text).map_err(|e| e.within(name.to_string()))?;
    e.id = name.to_string();
    Ok(vec![e])
}
