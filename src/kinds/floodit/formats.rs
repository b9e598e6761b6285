//! Flood-It text forms: studio JSON and link, Tatham Flood IDs, ColorFill benchmark lines and `floodtest` blocks.
//!
//! Grammars are in `shared/reference/formats.md` (sections 1.2 and 4.2).

use serde_json::json;

use super::FloodIt;
use crate::error::{InputError, InputResult};
use crate::link::clip;
use crate::puzzle::Entry;

/// The studio JSON form:
/// `{"kind":"floodit","rows":R,"cols":C,"start":[r,c],"cells":["0322…",…]}`, plus `"played"`
/// (a move string) and `"limit"` (Tatham's move limit) when present.
pub fn to_json(p: &FloodIt) -> serde_json::Value {
    let (r, c) = p.start_rc();
    let mut v = json!({"kind": "floodit", "rows": p.rows(), "cols": p.cols(), "start": [r, c], "cells": p.symbol_rows()});
    if !p.played().is_empty() {
        v["played"] = json!(p.move_string(p.played()));
    }
    if let Some(l) = p.limit() {
        v["limit"] = json!(l);
    }
    v
}

fn field_usize(v: &serde_json::Value, name: &str) -> InputResult<Option<usize>> {
    match v.get(name) {
        None | Some(serde_json::Value::Null) => Ok(None),
        Some(x) => x
            .as_u64()
            .map(|n| Some(n as usize))
            .ok_or_else(|| InputError::at(format!("field `{name}`"), "expected a whole number")),
    }
}

/// Reads the studio JSON form.
pub fn from_json(v: &serde_json::Value) -> InputResult<FloodIt> {
    if let Some(kind) = v.get("kind") {
        if kind.as_str() != Some("floodit") {
            return Err(InputError::at(
                "field `kind`",
                format!("expected \"floodit\", found {}", clip(&kind.to_string())),
            ));
        }
    }
    let arr = v
        .get("cells")
        .ok_or_else(|| InputError::at("field `cells`", "missing"))?
        .as_array()
        .ok_or_else(|| {
            InputError::at("field `cells`", "expected a list of strings, one per row")
        })?;
    let mut symbols = Vec::new();
    let mut cols = None;
    for (i, r) in arr.iter().enumerate() {
        let row = r.as_str().ok_or_else(|| {
            InputError::at(format!("cells row {}", i + 1), "expected a string of colours")
        })?;
        let n = row.chars().count();
        match cols {
            None => cols = Some(n),
            Some(c) if c != n => {
                return Err(InputError::at(
                    format!("cells row {}", i + 1),
                    format!("expected {c} cells, found {n}"),
                ))
            }
            _ => {}
        }
        symbols.extend(row.chars());
    }
    let rows = arr.len();
    let cols = cols.unwrap_or(0);
    if let Some(n) = field_usize(v, "rows")? {
        if n != rows {
            return Err(InputError::at(
                "field `rows`",
                format!("says {n}, but `cells` has {rows} rows"),
            ));
        }
    }
    if let Some(n) = field_usize(v, "cols")? {
        if n != cols {
            return Err(InputError::at(
                "field `cols`",
                format!("says {n}, but the rows have {cols} cells"),
            ));
        }
    }
    let start = match v.get("start") {
        None | Some(serde_json::Value::Null) => (0, 0),
        Some(s) => {
            let pair = s
                .as_array()
                .filter(|a| a.len() == 2)
                .ok_or_else(|| InputError::at("field `start`", "expected [row, col]"))?;
            let get = |i: usize| {
                pair[i]
                    .as_u64()
                    .map(|x| x as usize)
                    .ok_or_else(|| InputError::at("field `start`", "expected two whole numbers"))
            };
            (get(0)?, get(1)?)
        }
    };
    let mut p = FloodIt::new(rows, cols, &symbols, start)?;
    if let Some(pl) = v.get("played") {
        let text = pl
            .as_str()
            .ok_or_else(|| InputError::at("field `played`", "expected a move string"))?;
        let moves = p.parse_moves(text).map_err(|e| e.within("field `played`"))?;
        p = p.with_played(moves)?;
    }
    Ok(p.with_limit(field_usize(v, "limit")?))
}

/// The share-link payload, version 1: `<rows>x<cols>[@<r>,<c>][m<limit>]/<cells>`: the start
/// when it is not the top-left, Tatham's move limit when the board came with one; cells are the
/// colour symbols in reading order.
pub fn link_payload(p: &FloodIt) -> String {
    let cells: String = p.symbol_rows().concat();
    let mut head = format!("{}x{}", p.rows(), p.cols());
    if !p.starts_top_left() {
        let (r, c) = p.start_rc();
        head.push_str(&format!("@{r},{c}"));
    }
    if let Some(l) = p.limit() {
        head.push_str(&format!("m{l}"));
    }
    format!("{head}/{cells}")
}

/// Reads a share-link payload.
pub fn from_link_payload(version: u32, payload: &str) -> InputResult<FloodIt> {
    if version != 1 {
        return Err(InputError::new(format!("Flood-It links of version v{version} are unknown")));
    }
    let (head, cells) = payload
        .split_once('/')
        .ok_or_else(|| InputError::new("expected `<rows>x<cols>/<cells>`"))?;
    let bad = || {
        InputError::at(
            "size",
            format!("`{}` should read like 14x14, 19x19@9,9 or 6x6m17", clip(head)),
        )
    };
    let (head, limit) = match head.split_once('m') {
        Some((h, l)) => (h, Some(l.parse::<usize>().map_err(|_| bad())?)),
        None => (head, None),
    };
    let (size, start) = match head.split_once('@') {
        Some((s, st)) => {
            let (r, c) = st.split_once(',').ok_or_else(bad)?;
            (s, (r.parse::<usize>().map_err(|_| bad())?, c.parse::<usize>().map_err(|_| bad())?))
        }
        None => (head, (0, 0)),
    };
    let (rows, cols) = size.split_once('x').ok_or_else(bad)?;
    let rows: usize = rows.parse().map_err(|_| bad())?;
    let cols: usize = cols.parse().map_err(|_| bad())?;
    let symbols: Vec<char> = cells.trim_end_matches('/').chars().collect();
    Ok(FloodIt::new(rows, cols, &symbols, start)?.with_limit(limit))
}

/// The answer as text rows: one row, the move string in the board's colour symbols.
pub fn solution_rows(p: &FloodIt, moves: &[u8]) -> Vec<String> {
    vec![p.move_string(moves)]
}

/// Reads an answer: the move string (on one or more rows).
pub fn moves_from_rows(p: &FloodIt, rows: &[String]) -> InputResult<Vec<u8>> {
    p.parse_moves(&rows.concat()).map_err(|e| e.within("answer"))
}

// ---------------------------------------------------------------- Tatham

/// Reads a Tatham Flood game ID `W[xH][c<C>][m<L>]:<cells>,<limit>` (or a link to his page).
pub fn from_tatham(id: &str) -> InputResult<FloodIt> {
    // A Flood ID holds no white space: a space or line break pasted into one is dropped.
    let id: String = id.split_whitespace().collect();
    let id = id.as_str();
    let id = match id.find("flood.html#") {
        Some(i) => crate::link::percent_decode(&id[i + "flood.html#".len()..]),
        None => id.to_string(),
    };
    let split = id
        .find([':', '#'])
        .ok_or_else(|| InputError::at("Tatham ID", "expected `<params>:<description>`"))?;
    if id.as_bytes()[split] == b'#' {
        return Err(InputError::at("Tatham ID", "this is a random-seed ID (`params#seed`); only descriptive IDs (`params:description`) can be imported, since seeds depend on Tatham's generator"));
    }
    let (params, desc) = (&id[..split], &id[split + 1..]);
    let digits: String = params.chars().take_while(|c| c.is_ascii_digit()).collect();
    let w: usize = digits.parse().map_err(|_| {
        InputError::at("Tatham params", format!("`{}` should start with the width", clip(params)))
    })?;
    let rest = &params[digits.len()..];
    let h = match rest.strip_prefix('x') {
        Some(r) => {
            let d: String = r.chars().take_while(|c| c.is_ascii_digit()).collect();
            d.parse().map_err(|_| {
                InputError::at("Tatham params", format!("`{}`: no height after x", clip(params)))
            })?
        }
        None => w,
    };
    let (cells, limit) = desc
        .split_once(',')
        .ok_or_else(|| InputError::at("Tatham description", "expected `<cells>,<move limit>`"))?;
    let limit: usize = if limit.is_empty() {
        0
    } else {
        limit.trim().parse().map_err(|_| {
            InputError::at("Tatham move limit", format!("`{}` is not a number", clip(limit)))
        })?
    };
    let symbols: Vec<char> = cells.chars().collect();
    if let Some((i, ch)) = symbols.iter().enumerate().find(|(_, c)| !c.is_ascii_digit()) {
        return Err(InputError::at(
            format!("Tatham cell {i}"),
            format!("`{ch}` is not a colour digit 0-9"),
        ));
    }
    Ok(FloodIt::new(h, w, &symbols, (0, 0))?.with_limit(Some(limit)))
}

/// The Tatham Flood ID `WxH:<cells>,<limit>`; `None` unless the flood starts at the top-left and
/// there are at most 10 colours. Colours are numbered densely from 0.
pub fn to_tatham(p: &FloodIt, limit: usize) -> Option<String> {
    if !p.starts_top_left() || p.n_colours() > 10 {
        return None;
    }
    let cells: String = p.cells().iter().map(|&c| (b'0' + c) as char).collect();
    Some(format!("{}x{}:{cells},{limit}", p.cols(), p.rows()))
}

// ---------------------------------------------------------------- ColorFill

fn is_colorfill_char(c: char) -> bool {
    matches!(c, '1'..='9' | 'a'..='f')
}

/// Reads one ColorFill benchmark line: W·W colours `1`–`9`, `a`–`f`, top-left start.
pub fn from_colorfill_line(line: &str) -> InputResult<FloodIt> {
    let symbols: Vec<char> = line.trim().chars().collect();
    if let Some((i, ch)) = symbols.iter().enumerate().find(|(_, c)| !is_colorfill_char(**c)) {
        return Err(InputError::at(
            format!("character {}", i + 1),
            format!("`{ch}` is not a ColorFill colour (1-9, a-f)"),
        ));
    }
    let w = (symbols.len() as f64).sqrt().round() as usize;
    if w * w != symbols.len() {
        return Err(InputError::new(format!(
            "{} colours do not make a square board",
            symbols.len()
        )));
    }
    FloodIt::new(w, w, &symbols, (0, 0))
}

/// Reads a `floodtest` block: 19 rows of 19 digits; the flood starts at the centre.
pub fn from_floodtest_block(rows: &[&str]) -> InputResult<FloodIt> {
    let h = rows.len();
    let w = rows.first().map(|r| r.trim().chars().count()).unwrap_or(0);
    let mut symbols = Vec::with_capacity(w * h);
    for (i, r) in rows.iter().enumerate() {
        let r = r.trim();
        if r.chars().count() != w {
            return Err(InputError::at(
                format!("row {}", i + 1),
                format!("expected {w} colours, found {}", r.chars().count()),
            ));
        }
        symbols.extend(r.chars());
    }
    FloodIt::new(h, w, &symbols, (h / 2, w / 2))
}

/// Reads any one-board text: studio JSON, a Tatham ID, a ColorFill line, or a block of rows
/// (a square block of odd side starts at the centre, as `floodtest` boards do; otherwise top-left).
pub fn import(text: &str) -> InputResult<Entry<FloodIt>> {
    let t = text.trim();
    let puzzle = if t.starts_with('{') {
        let v: serde_json::Value =
            serde_json::from_str(t).map_err(|e| InputError::at("JSON", e.to_string()))?;
        from_json(&v)?
    } else if t.contains(':') || t.contains("flood.html") {
        from_tatham(t)?
    } else if !t.is_empty() && !t.starts_with(|c: char| c.is_ascii_digit() || is_colorfill_char(c))
    {
        // Nothing here starts like a board: say what is read, as every kind's import does.
        return Err(InputError::new(
            "not a Flood-It format the studio reads: expected studio JSON, a share link, a Tatham Flood ID (6x6:0322…,17) or flood.html link, a ColorFill line or a block of rows",
        ));
    } else {
        let lines: Vec<&str> = t.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        match lines.len() {
            0 => return Err(InputError::new("no board found: paste a share link, a Tatham Flood ID, a ColorFill line or the studio's JSON")),
            1 => from_colorfill_line(lines[0])?,
            _ => from_floodtest_block(&lines)?,
        }
    };
    Ok(Entry { id: "board".into(), puzzle, known: None })
}

/// Reads a benchmark file: ColorFill lines (one board each), `floodtest` blocks (19 rows and a
/// blank line each; centre start), Tatham Flood IDs one a line (`sgt-flood --generate`), or one
/// board in any form [`import`] reads. `answers` is the
/// text of a solutions file (one move string per board) when there is one.
pub fn read_collection(
    text: &str,
    name: &str,
    answers: Option<&str>,
) -> InputResult<Vec<Entry<FloodIt>>> {
    let text = crate::puzzle::without_bom(text);
    let answers = answers.map(crate::puzzle::without_bom);
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let nonempty: Vec<(usize, &str)> =
        lines.iter().copied().enumerate().filter(|(_, l)| !l.is_empty()).collect();
    let one_per_line = nonempty.len() > 1
        && nonempty.iter().all(|(_, l)| {
            l.chars().all(is_colorfill_char) && {
                let n = l.len();
                let w = (n as f64).sqrt().round() as usize;
                w * w == n && w >= 2
            }
        });
    let mut entries = Vec::new();
    // A file of Tatham Flood IDs, one a line (`sgt-flood --generate`).
    let tatham = crate::puzzle::id_lines(
        text,
        name,
        |l| is_tatham_id(l) || l.contains("flood.html#"),
        from_tatham,
    );
    if let Some(ids) = tatham {
        entries = ids?;
    } else if one_per_line {
        for (i, l) in &nonempty {
            let p =
                from_colorfill_line(l).map_err(|e| e.within(format!("{name} line {}", i + 1)))?;
            entries.push(Entry { id: format!("{name}:{}", i + 1), puzzle: p, known: None });
        }
    } else if nonempty.len() > 1 && text.contains("\n\n") || name.contains("floodtest") {
        let mut block: Vec<&str> = Vec::new();
        let mut first = 0;
        for (i, l) in lines.iter().enumerate() {
            if l.is_empty() {
                if !block.is_empty() {
                    let p = from_floodtest_block(&block)
                        .map_err(|e| e.within(format!("{name} board at line {}", first + 1)))?;
                    entries.push(Entry {
                        id: format!("{name}:{}", entries.len() + 1),
                        puzzle: p,
                        known: None,
                    });
                    block.clear();
                }
            } else {
                if block.is_empty() {
                    first = i;
                }
                block.push(l);
            }
        }
        if !block.is_empty() {
            let p = from_floodtest_block(&block)
                .map_err(|e| e.within(format!("{name} board at line {}", first + 1)))?;
            entries.push(Entry {
                id: format!("{name}:{}", entries.len() + 1),
                puzzle: p,
                known: None,
            });
        }
    } else {
        let mut e = import(text)?;
        e.id = name.to_string();
        entries.push(e);
    }
    if let Some(answers) = answers {
        let lines: Vec<&str> = answers.lines().map(str::trim).collect();
        for (i, e) in entries.iter_mut().enumerate() {
            if let Some(l) = lines.get(i) {
                let moves = e
                    .puzzle
                    .parse_moves(l)
                    .map_err(|err| err.within(format!("solutions line {}", i + 1)))?;
                e.known = Some(moves);
            }
        }
    }
    Ok(entries)
}

/// Whether `t` reads like a Tatham Flood descriptive ID (`12x12:0123…,20`).
pub fn is_tatham_id(t: &str) -> bool {
    let Some((params, desc)) = t.split_once(':') else { return false };
    let Some((cells, limit)) = desc.split_once(',') else { return false };
    params.starts_with(|c: char| c.is_ascii_digit())
        && !cells.is_empty()
        && cells.chars().all(|c| c.is_ascii_digit())
        && limit.chars().all(|c| c.is_ascii_digit())
}
