//! Nonogram text forms: studio JSON and share link, and the sniffing import over every outside format.
//!
//! Grammars are in `shared/reference/formats.md` (1.4 Tatham, 2.3 puzz.link, 3.2 `.non`,
//! 3.3 `.nin`, 3.4 webpbn XML, 3.5 TAAI). Readers are lenient and name the offending line;
//! writers emit one canonical form.
//!
//! The studio JSON form is
//! `{"kind":"nonogram","rows":[[2,1],[],…],"cols":[[…],…],"givens":["#.??",…],"goal":["#..",…],"title":"…"}`:
//! `rows` top to bottom and `cols` left to right, each a list of run lengths (`[]` or `[0]` for
//! an empty line); `givens` (optional) one string per row, `#` black, `.` white, `?` not given;
//! `goal` (optional) one string per row, `#` black, `.` white; `title` optional.

pub mod clues;
pub mod nin;
pub mod non;
pub mod puzzlink;
pub mod taai;
pub mod tatham;
pub mod xml;

use serde_json::json;

use super::model::{Cell, Clue, Line, Nonogram};
use crate::error::{InputError, InputResult};
use crate::grid::Grid;
use crate::link::clip;
use crate::puzzle::Entry;
pub use clues::{clue_string, parse_run};

/// Cells as text rows: `#` black, `.` white, `?` unknown.
pub fn cell_rows(cells: &Grid<Cell>) -> Vec<String> {
    (0..cells.rows()).map(|r| cells.row(r).iter().map(|c| c.symbol()).collect()).collect()
}

/// An answer as text rows: `#` black, `.` white.
pub fn grid_rows(g: &Grid<bool>) -> Vec<String> {
    (0..g.rows()).map(|r| g.row(r).iter().map(|&b| if b { '#' } else { '.' }).collect()).collect()
}

/// Reads answer rows: `#`, `X`, `x`, `*`, `1` black; `.`, `0`, `-`, `+`, space white.
pub fn grid_from_rows(
    width: usize,
    height: usize,
    rows: &[impl AsRef<str>],
    what: &str,
) -> InputResult<Grid<bool>> {
    crate::grid::from_char_rows(width, height, rows, what, |ch| match ch {
        '#' | 'X' | 'x' | '*' | '1' => Ok(true),
        '.' | '0' | '-' | '+' | ' ' => Ok(false),
        other => Err(format!("`{other}` is neither black `#` nor white `.`")),
    })
}

/// Reads givens rows: `#` black, `.` white, `?` (or space) not given.
pub fn givens_from_rows(
    width: usize,
    height: usize,
    rows: &[impl AsRef<str>],
) -> InputResult<Grid<Cell>> {
    crate::grid::from_char_rows(width, height, rows, "givens", |ch| match ch {
        '#' | 'X' | '1' => Ok(Cell::Black),
        '.' | '0' | '-' | '+' => Ok(Cell::White),
        '?' | ' ' => Ok(Cell::Unknown),
        other => Err(format!("`{other}` is not `#`, `.` or `?`")),
    })
}

/// The studio JSON form (see the module documentation).
pub fn to_json(p: &Nonogram) -> serde_json::Value {
    let mut v = json!({"kind": "nonogram", "rows": p.rows(), "cols": p.cols()});
    if let Some(g) = p.givens() {
        v["givens"] = json!(cell_rows(g));
    }
    if let Some(g) = p.goal() {
        v["goal"] = json!(grid_rows(g));
    }
    if let Some(t) = p.title() {
        v["title"] = json!(t);
    }
    v
}

fn json_clues(v: &serde_json::Value, field: &str, row: bool) -> InputResult<Vec<Clue>> {
    let arr = v
        .get(field)
        .ok_or_else(|| InputError::at(format!("field `{field}`"), "missing"))?
        .as_array()
        .ok_or_else(|| {
            InputError::at(
                format!("field `{field}`"),
                "expected a list of clues, each a list of run lengths",
            )
        })?;
    arr.iter()
        .enumerate()
        .map(|(i, c)| {
            let line = if row { Line::Row(i) } else { Line::Col(i) };
            let runs = c.as_array().ok_or_else(|| {
                InputError::at(line.to_string(), "expected a list of run lengths")
            })?;
            runs.iter()
                .map(|n| match n.as_i64() {
                    Some(k) if k < 0 => Err(InputError::at(
                        line.to_string(),
                        format!("run {k} is negative; runs are 1 or more"),
                    )),
                    Some(k) if k <= u32::MAX as i64 => Ok(k as u32),
                    _ => Err(InputError::at(
                        line.to_string(),
                        format!("`{}` is not a run length", clip(&n.to_string())),
                    )),
                })
                .collect()
        })
        .collect()
}

fn json_rows(v: &serde_json::Value, field: &str) -> InputResult<Option<Vec<String>>> {
    match v.get(field) {
        None | Some(serde_json::Value::Null) => Ok(None),
        Some(x) => {
            let arr = x.as_array().ok_or_else(|| {
                InputError::at(
                    format!("field `{field}`"),
                    "expected a list of strings, one per row",
                )
            })?;
            arr.iter()
                .enumerate()
                .map(|(i, r)| {
                    r.as_str().map(str::to_string).ok_or_else(|| {
                        InputError::at(format!("{field} row {i}"), "expected a string")
                    })
                })
                .collect::<InputResult<Vec<_>>>()
                .map(Some)
        }
    }
}

/// Reads the studio JSON form.
pub fn from_json(v: &serde_json::Value) -> InputResult<Nonogram> {
    if let Some(kind) = v.get("kind") {
        if kind.as_str() != Some("nonogram") {
            return Err(InputError::at(
                "field `kind`",
                format!("expected \"nonogram\", found {}", clip(&kind.to_string())),
            ));
        }
    }
    let rows = json_clues(v, "rows", true)?;
    let cols = json_clues(v, "cols", false)?;
    let mut p = Nonogram::new(rows, cols)?;
    let (w, h) = (p.width(), p.height());
    if let Some(g) = json_rows(v, "givens")? {
        p = p.with_givens(givens_from_rows(w, h, &g)?)?;
    }
    if let Some(g) = json_rows(v, "goal")? {
        p = p.with_goal(grid_from_rows(w, h, &g, "goal")?)?;
    }
    let title = v.get("title").and_then(|t| t.as_str()).map(str::to_string);
    Ok(p.with_title(title))
}

/// Whether `p`'s goal goes without saying: line logic from the clues and the givens
/// ([`crate::kinds::nonogram::propagate::Propagator`], from [`Nonogram::start`]) decides every
/// cell, as it is for every generated puzzle and most image puzzles, so the one answer is the
/// goal and a link or an export that leaves the goal out loses nothing. `true` when there is no
/// goal. Line logic is linear in the grid's lines per pass: a 30x30 takes well under a
/// millisecond natively.
pub fn goal_implied(p: &Nonogram) -> bool {
    let Some(goal) = p.goal() else { return true };
    let mut cells = p.start();
    let mut prop = crate::kinds::nonogram::propagate::Propagator::new(p);
    prop.run_all(&mut cells).is_ok()
        && cells.iter().zip(goal.cells()).all(|(&c, &g)| c == Cell::known(g))
}

/// The share-link payload: version 1, the Tatham Pattern ID grammar
/// `WxH:<cols>/<rows>[,<givens>]`, for a puzzle with no title and no goal that the clues leave
/// open ([`goal_implied`]); else version 2, the same followed by `;t<title>`
/// ([`crate::link::encode_text`]) and `;g<goal>` (the goal's cells in reading order, black 1,
/// packed by [`crate::link::encode_cells`]), each when the puzzle has it and, for the goal, when
/// line logic does not already give it ([`crate::link::fragment`] writes `v2` for a payload with
/// fields). A generated puzzle's link is thus as short as its v1 link.
pub fn link_payload(p: &Nonogram) -> String {
    let mut s = tatham::to_tatham(p);
    if let Some(t) = p.title() {
        s += &format!(";t{}", crate::link::encode_text(t));
    }
    if let Some(g) = p.goal().filter(|_| !goal_implied(p)) {
        let cells: Vec<u8> = g.cells().iter().map(|&b| u8::from(b)).collect();
        s += &format!(";g{}", crate::link::encode_cells(&cells, 1));
    }
    s
}

/// Reads a share-link payload of version 1 or 2 ([`link_payload`]).
pub fn from_link_payload(version: u32, payload: &str) -> InputResult<Nonogram> {
    match version {
        1 => tatham::from_tatham(payload),
        2 => {
            let (head, fields) = crate::link::split_fields(payload, "tg")?;
            let mut p = tatham::from_tatham(head)?;
            for (letter, text) in fields {
                if letter == 't' {
                    let title = crate::link::decode_text(text, "the title (`;t`)")?;
                    p = p.with_title(Some(title));
                } else {
                    let (w, h) = (p.width(), p.height());
                    let cells = crate::link::decode_cells(text, w * h, 1, "the goal (`;g`)")?;
                    let goal = Grid::from_cells(h, w, cells.iter().map(|&c| c == 1).collect())
                        .ok_or_else(|| InputError::at("the goal (`;g`)", "wrong size"))?;
                    p = p.with_goal(goal)?;
                }
            }
            Ok(p)
        }
        _ => Err(InputError::new(format!("nonogram links of version v{version} are unknown"))),
    }
}

fn plain(puzzle: Nonogram) -> Entry<Nonogram> {
    let known = puzzle.goal().cloned();
    Entry { id: String::new(), puzzle, known }
}

/// Which outside format a text is in, by its look.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Studio JSON.
    Json,
    /// webpbn XML.
    Xml,
    /// puzz.link URL or pzprv3 path.
    PuzzLink,
    /// Tatham Pattern game ID (or a Pattern web link).
    Tatham,
    /// TAAI tournament text.
    Taai,
    /// Simpson `.non`.
    Non,
    /// `.nin`.
    Nin,
}

/// Guesses the format of `text`.
pub fn sniff(text: &str) -> Option<Format> {
    let t = text.trim_start_matches('\u{feff}').trim();
    let first = t.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or("");
    if t.starts_with('{') {
        return Some(Format::Json);
    }
    if t.starts_with('<') {
        return Some(Format::Xml);
    }
    if first.starts_with('$') {
        return Some(Format::Taai);
    }
    if !t.contains('\n')
        && (t.contains("nonogram/") && t.contains('?') || t.starts_with("nonogram/"))
    {
        return Some(Format::PuzzLink);
    }
    if !t.contains('\n') && (t.contains("pattern.html#") || tatham::looks_like_id(t)) {
        return Some(Format::Tatham);
    }
    // A .non file names its blocks (`rows`, `columns`, `width`, `height`) at a line's start; text
    // with none of them is no .non file (and gets the message that lists what is read).
    let non_word = |l: &str| {
        let w = l.split_whitespace().next().unwrap_or("").to_ascii_lowercase();
        matches!(w.as_str(), "rows" | "columns" | "width" | "height")
    };
    if first.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '#')
        && t.lines().any(non_word)
    {
        return Some(Format::Non);
    }
    let nums: Vec<&str> = first.split_whitespace().collect();
    if nums.len() == 2 && nums.iter().all(|n| n.chars().all(|c| c.is_ascii_digit())) {
        return Some(Format::Nin);
    }
    None
}

/// Reads any single nonogram text: studio JSON, webpbn XML, puzz.link URL, Tatham ID or link,
/// `.non`, `.nin`, or one TAAI puzzle. The entry's known answer is the source's goal, if any.
pub fn import(text: &str) -> InputResult<Entry<Nonogram>> {
    let t = text.trim_start_matches('\u{feff}').trim();
    if t.is_empty() {
        return Err(InputError::new("nothing to read: paste a puzzle or a link"));
    }
    match sniff(t) {
        Some(Format::Json) => {
            let v: serde_json::Value = serde_json::from_str(t)
                .map_err(|e| InputError::at(format!("JSON line {}, column {}", e.line(), e.column()), e.to_string()))?;
            from_json(&v).map(plain)
        }
        Some(Format::Xml) => xml::from_xml(t).map(plain),
        Some(Format::PuzzLink) => puzzlink::from_puzzlink(t).map(plain),
        Some(Format::Tatham) => tatham::from_tatham(t).map(plain),
        Some(Format::Taai) => {
            let mut all = taai::read(t, "")?;
            if all.len() != 1 {
                return Err(InputError::new(format!("the text holds {} TAAI puzzles; open it as a collection", all.len())));
            }
            Ok(all.remove(0))
        }
        Some(Format::Non) => non::from_non(t).map(plain),
        Some(Format::Nin) => nin::from_nin(t).map(plain),
        None => Err(InputError::new(
            "not a nonogram format the studio reads: expected studio JSON, a share link, a Tatham Pattern ID, a puzz.link URL, webpbn XML, .non, .nin or TAAI text",
        )),
    }
}

/// Reads a TAAI tournament file (many puzzles), a file of Tatham Pattern IDs one a line
/// (`sgt-pattern --generate`), every `<puzzle>` of a webpbn XML `<puzzleset>`, or any single
/// puzzle.
pub fn read_collection(text: &str, name: &str) -> InputResult<Vec<Entry<Nonogram>>> {
    let t = text.trim_start_matches('\u{feff}').trim();
    if let Some(ids) = crate::puzzle::id_lines(
        t,
        name,
        |l| l.contains("pattern.html#") || tatham::looks_like_id(l),
        tatham::from_tatham,
    ) {
        return ids;
    }
    if sniff(t) == Some(Format::Taai) {
        return taai::read(t, name).map_err(|e| e.within(name.to_string()));
    }
    if sniff(t) == Some(Format::Xml) {
        let all = xml::from_xml_all(t).map_err(|e| e.within(name.to_string()))?;
        let n = all.len();
        return Ok(all
            .into_iter()
            .enumerate()
            .map(|(k, puzzle)| {
                let id = if n > 1 { format!("{name}#{}", k + 1) } else { name.to_string() };
                let known = puzzle.goal().cloned();
                Entry { id, puzzle, known }
            })
            .collect());
    }
    let mut e = import(t).map_err(|e| e.within(name.to_string()))?;
    e.id = name.to_string();
    Ok(vec![e])
}
