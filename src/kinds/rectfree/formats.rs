//! Text forms: the studio JSON spec and share link, and colour grids as text (digit rows, or
//! the spaced form with colours 1..K).
//!
//! JSON: `{"kind":"rectfree","rows":R,"cols":C,"colours":K,"fixed":["0..3",…]}` with optional
//! `method` (`auto`, `sat`, `anneal`, `threshold`, `breakout`, `tabu`), `symmetry` (`auto`, `none`, `rotation`)
//! and `seed`. Link payload: `RxCcK` then optional `/f<fixed cells, row-major, . for free>`,
//! `/m<method>`, `/y<symmetry>`, `/s<seed>` segments.

use serde_json::json;

use super::model::{Method, RectFree, Symmetry, MAX_COLOURS, MAX_SIDE};
use crate::error::{InputError, InputResult};
use crate::grid::Grid;
use crate::link::clip;
use crate::puzzle::Entry;

/// Fixed cells as rows of digits and `.`.
pub fn fixed_rows(p: &RectFree) -> Vec<String> {
    p.fixed()
        .chunks(p.cols())
        .map(|row| row.iter().map(|f| f.map_or('.', |k| (b'0' + k) as char)).collect())
        .collect()
}

/// The studio JSON form (settings that differ from the defaults are included).
pub fn to_json(p: &RectFree) -> serde_json::Value {
    let mut v =
        json!({"kind": "rectfree", "rows": p.rows(), "cols": p.cols(), "colours": p.colours()});
    if p.has_fixed() {
        v["fixed"] = json!(fixed_rows(p));
    }
    if p.method != Method::Auto {
        v["method"] = json!(p.method.word());
    }
    if p.symmetry != Symmetry::Auto {
        v["symmetry"] = json!(p.symmetry.word());
    }
    if p.seed != 1 {
        v["seed"] = json!(p.seed);
    }
    v
}

fn field_usize(v: &serde_json::Value, name: &str) -> InputResult<Option<usize>> {
    match v.get(name) {
        None | Some(serde_json::Value::Null) => Ok(None),
        Some(x) => x
            .as_u64()
            .map(|n| Some(n.min(usize::MAX as u64) as usize))
            .ok_or_else(|| InputError::at(format!("field `{name}`"), "expected a whole number")),
    }
}

fn field_word<'a>(v: &'a serde_json::Value, name: &str) -> InputResult<Option<&'a str>> {
    match v.get(name) {
        None | Some(serde_json::Value::Null) => Ok(None),
        Some(x) => x
            .as_str()
            .map(Some)
            .ok_or_else(|| InputError::at(format!("field `{name}`"), "expected a word")),
    }
}

/// Reads one fixed cell: a digit below `colours`, or `.` (also `-`, `?`) for free.
fn fixed_cell(ch: char, colours: usize, at: impl FnOnce() -> String) -> InputResult<Option<u8>> {
    match ch {
        '.' | '-' | '?' => Ok(None),
        d if d.is_ascii_digit() && ((d as u8 - b'0') as usize) < colours => {
            Ok(Some(d as u8 - b'0'))
        }
        d => Err(InputError::at(
            at(),
            format!("`{d}` is not a colour 0 to {} or `.` for a free cell", colours - 1),
        )),
    }
}

/// Reads the settings shared by JSON and links.
fn settings(
    p: &mut RectFree,
    method: Option<&str>,
    symmetry: Option<&str>,
    seed: Option<u64>,
) -> InputResult<()> {
    if let Some(m) = method {
        p.method = Method::from_word(m).ok_or_else(|| {
            InputError::at(
                "method",
                format!("`{}` is not auto, sat, anneal, threshold, breakout or tabu", clip(m)),
            )
        })?;
    }
    if let Some(s) = symmetry {
        p.symmetry = Symmetry::from_word(s).ok_or_else(|| {
            InputError::at("symmetry", format!("`{}` is not auto, none or rotation", clip(s)))
        })?;
    }
    if let Some(s) = seed {
        p.seed = s;
    }
    Ok(())
}

/// Reads the studio JSON form.
pub fn from_json(v: &serde_json::Value) -> InputResult<RectFree> {
    if !v.is_object() {
        return Err(InputError::new("expected a JSON object such as {\"kind\":\"rectfree\",\"rows\":8,\"cols\":8,\"colours\":3}"));
    }
    if let Some(kind) = v.get("kind") {
        if kind.as_str() != Some("rectfree") {
            return Err(InputError::at(
                "field `kind`",
                format!("expected \"rectfree\", found {}", clip(&kind.to_string())),
            ));
        }
    }
    let rows = field_usize(v, "rows")?.ok_or_else(|| InputError::at("field `rows`", "missing"))?;
    let cols = field_usize(v, "cols")?.ok_or_else(|| InputError::at("field `cols`", "missing"))?;
    let colours = match (field_usize(v, "colours")?, field_usize(v, "colors")?) {
        (Some(k), _) | (None, Some(k)) => k,
        (None, None) => return Err(InputError::at("field `colours`", "missing")),
    };
    let mut p = RectFree::new(rows, cols, colours).map_err(|e| e.within("JSON"))?;
    if let Some(f) = v.get("fixed").filter(|f| !f.is_null()) {
        let arr = f.as_array().ok_or_else(|| {
            InputError::at("field `fixed`", "expected a list of strings, one per row")
        })?;
        if arr.len() != rows {
            return Err(InputError::at(
                "field `fixed`",
                format!("expected {rows} rows, found {}", arr.len()),
            ));
        }
        let mut cells = Vec::with_capacity(rows * cols);
        for (r, row) in arr.iter().enumerate() {
            let s = row.as_str().ok_or_else(|| {
                InputError::at(
                    format!("fixed row {}", r + 1),
                    "expected a string of digits and `.`",
                )
            })?;
            let n = s.chars().count();
            if n != cols {
                return Err(InputError::at(
                    format!("fixed row {}", r + 1),
                    format!("expected {cols} cells, found {n}"),
                ));
            }
            for (c, ch) in s.chars().enumerate() {
                cells.push(fixed_cell(ch, colours, || {
                    format!("fixed row {}, column {}", r + 1, c + 1)
                })?);
            }
        }
        p = RectFree::with_fixed(rows, cols, colours, cells)?;
    }
    let seed = match v.get("seed") {
        None | Some(serde_json::Value::Null) => None,
        Some(s) => Some(
            s.as_u64().ok_or_else(|| InputError::at("field `seed`", "expected a whole number"))?,
        ),
    };
    settings(&mut p, field_word(v, "method")?, field_word(v, "symmetry")?, seed)?;
    Ok(p)
}

/// The share-link payload.
pub fn link_payload(p: &RectFree) -> String {
    let mut s = format!("{}x{}c{}", p.rows(), p.cols(), p.colours());
    if p.has_fixed() {
        s += &format!("/f{}", fixed_rows(p).concat());
    }
    if p.method != Method::Auto {
        s += &format!("/m{}", p.method.word());
    }
    if p.symmetry != Symmetry::Auto {
        s += &format!("/y{}", p.symmetry.word());
    }
    if p.seed != 1 {
        s += &format!("/s{}", p.seed);
    }
    s
}

/// Reads a share-link payload.
pub fn from_link_payload(version: u32, payload: &str) -> InputResult<RectFree> {
    if version != 1 {
        return Err(InputError::new(format!(
            "rectangle-free links of version v{version} are unknown"
        )));
    }
    let mut parts = payload.trim_end_matches('/').split('/');
    let head = parts.next().unwrap_or("");
    let bad_head = || InputError::at("size", format!("`{}` should read like 17x17c4", clip(head)));
    let (rows, rest) = head.split_once('x').ok_or_else(bad_head)?;
    let (cols, colours) = rest.split_once('c').ok_or_else(bad_head)?;
    let rows: usize = rows.parse().map_err(|_| bad_head())?;
    let cols: usize = cols.parse().map_err(|_| bad_head())?;
    let colours: usize = colours.parse().map_err(|_| bad_head())?;
    let mut p = RectFree::new(rows, cols, colours)?;
    let (mut method, mut symmetry, mut seed) = (None, None, None);
    for part in parts {
        let mut chars = part.chars();
        let tag = chars.next();
        let rest = chars.as_str();
        match tag {
            Some('f') => {
                let n = rest.chars().count();
                if n != rows * cols {
                    return Err(InputError::at(
                        "fixed cells",
                        format!("expected {} cells for {rows}x{cols}, found {n}", rows * cols),
                    ));
                }
                let cells = rest
                    .chars()
                    .enumerate()
                    .map(|(i, ch)| {
                        fixed_cell(ch, colours, || {
                            format!("fixed cell ({}, {})", i / cols, i % cols)
                        })
                    })
                    .collect::<InputResult<Vec<_>>>()?;
                let keep = (p.method, p.symmetry, p.seed);
                p = RectFree::with_fixed(rows, cols, colours, cells)?;
                (p.method, p.symmetry, p.seed) = keep;
            }
            Some('m') => method = Some(rest),
            Some('y') => symmetry = Some(rest),
            Some('s') => {
                seed = Some(rest.parse::<u64>().map_err(|_| {
                    InputError::at("seed", format!("`{}` is not a whole number", clip(rest)))
                })?)
            }
            _ => return Err(InputError::at("link", format!("unknown segment `{}`", clip(part)))),
        }
    }
    settings(&mut p, method, symmetry, seed)?;
    Ok(p)
}

/// Reads a colour grid as text: one row per line, either digits `0`..`K-1` (`0123…`) or
/// numbers separated by spaces; in the spaced form colours run 1..K unless a 0 appears.
/// Blank lines and lines starting with `#` are skipped. Returns the grid (colours 0-based).
pub fn parse_grid(text: &str) -> InputResult<Grid<u8>> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .collect();
    if lines.is_empty() {
        return Err(InputError::new("no grid rows found (one row per line, digits 0 to 5)"));
    }
    let spaced = lines.iter().any(|(_, l)| l.contains(|c: char| c.is_whitespace() || c == ','));
    let mut rows: Vec<Vec<u32>> = Vec::with_capacity(lines.len());
    for &(n, line) in &lines {
        let row: Vec<u32> = if spaced {
            line.split(|c: char| c.is_whitespace() || c == ',')
                .filter(|t| !t.is_empty())
                .map(|t| {
                    t.parse::<u32>().map_err(|_| {
                        InputError::at(
                            format!("line {n}"),
                            format!("`{}` is not a colour number", clip(t)),
                        )
                    })
                })
                .collect::<InputResult<_>>()?
        } else {
            line.chars()
                .enumerate()
                .map(|(c, ch)| {
                    ch.to_digit(10).ok_or_else(|| {
                        InputError::at(
                            format!("line {n}, column {}", c + 1),
                            format!("`{ch}` is not a colour digit"),
                        )
                    })
                })
                .collect::<InputResult<_>>()?
        };
        if let Some(first) = rows.first() {
            if row.len() != first.len() {
                return Err(InputError::at(
                    format!("line {n}"),
                    format!(
                        "expected {} cells like the first row, found {}",
                        first.len(),
                        row.len()
                    ),
                ));
            }
        }
        if row.len() > MAX_SIDE || rows.len() >= MAX_SIDE {
            return Err(InputError::at(
                format!("line {n}"),
                format!("the grid is larger than {MAX_SIDE}x{MAX_SIDE}"),
            ));
        }
        rows.push(row);
    }
    let one_based = spaced && rows.iter().flatten().all(|&v| v >= 1);
    let shift = u32::from(one_based);
    let (r, c) = (rows.len(), rows[0].len());
    let mut cells = Vec::with_capacity(r * c);
    for (i, row) in rows.iter().enumerate() {
        for (j, &v) in row.iter().enumerate() {
            let k = v - shift;
            if k as usize >= MAX_COLOURS {
                let shown = if one_based {
                    format!("1 to {MAX_COLOURS}")
                } else {
                    format!("0 to {}", MAX_COLOURS - 1)
                };
                return Err(InputError::at(
                    format!("row {}, column {}", i + 1, j + 1),
                    format!("colour {v} is outside {shown}"),
                ));
            }
            cells.push(k as u8);
        }
    }
    Ok(Grid::from_cells(r, c, cells).expect("rows checked"))
}

/// The number of colours a grid suggests: one more than its largest colour, at least 2.
pub fn colours_of(grid: &Grid<u8>) -> usize {
    (grid.cells().iter().copied().max().unwrap_or(0) as usize + 1).max(2)
}

/// Reads a JSON spec or a colour grid; a grid gives the task of its size and colours, and is
/// carried as the known answer when it has no rectangle.
pub fn import(text: &str) -> InputResult<Entry<RectFree>> {
    let t = text.trim();
    if t.starts_with('{') {
        let v: serde_json::Value =
            serde_json::from_str(t).map_err(|e| InputError::at("JSON", e.to_string()))?;
        return Ok(Entry { id: String::new(), puzzle: from_json(&v)?, known: None });
    }
    if let Some(p) = short_form(t) {
        return Ok(Entry { id: String::new(), puzzle: p?, known: None });
    }
    if !t.is_empty() && !t.starts_with(|c: char| c.is_ascii_digit() || c == '#') {
        // Nothing here starts like a grid: say what is read, as every kind's import does.
        return Err(InputError::new(
            "not a rectangle-free format the studio reads: expected studio JSON, a share link, a size such as 17x17x4, or a colour grid as rows of digits",
        ));
    }
    let grid = parse_grid(t)?;
    let puzzle = RectFree::new(grid.rows(), grid.cols(), colours_of(&grid))?;
    let known = super::check::verify(&puzzle, &grid).is_ok().then_some(grid);
    Ok(Entry { id: String::new(), puzzle, known })
}

/// `17x17x4` (or `17x17c4`): a task given by its size and colours alone.
fn short_form(t: &str) -> Option<InputResult<RectFree>> {
    let parts: Vec<&str> = t.split(['x', 'c']).collect();
    if parts.len() != 3
        || !parts.iter().all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
    {
        return None;
    }
    let n: Vec<usize> = parts.iter().map(|p| p.parse().unwrap_or(usize::MAX)).collect();
    Some(RectFree::new(n[0], n[1], n[2]))
}

/// A colouring as rows of digits.
pub fn grid_rows(grid: &Grid<u8>) -> Vec<String> {
    (0..grid.rows()).map(|r| grid.row(r).iter().map(|&k| (b'0' + k) as char).collect()).collect()
}

/// Reads answer rows (digits) for a task, checking the size and the colour range.
pub fn grid_from_rows(p: &RectFree, rows: &[String]) -> InputResult<Grid<u8>> {
    crate::grid::from_char_rows(p.cols(), p.rows(), rows, "answer", |ch| match ch.to_digit(10) {
        Some(k) if (k as usize) < p.colours() => Ok(k as u8),
        _ => Err(format!("`{ch}` is not a colour 0 to {}", p.colours() - 1)),
    })
}
