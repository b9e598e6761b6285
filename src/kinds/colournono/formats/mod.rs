//! Colour nonogram text forms: the studio JSON, the share link, answer rows, and the import
//! that tells them apart from the readers below: webpbn XML ([`xml`]), the coloured `.non`
//! ([`non`]) and Olšák's `.g` ([`olsak`]).
//!
//! Colours are written as letters in links and answer rows: `a` to `z` are palette colours 1 to
//! 26, `A` to `F` colours 27 to 32; `.` is the background.
//!
//! The studio JSON form is
//! `{"kind":"colournono","palette":["#ffffff",{"rgb":"#e02020","name":"red"},…],"rows":[[[2,1],[1,2]],[],…],"cols":[…],"goal":[".ab",…],"title":"…"}`:
//! the palette background first (a hex string, or an object with `rgb` and an optional `name`);
//! `rows` top to bottom and `cols` left to right, each a list of runs `[length, colour]`; `goal`
//! (optional) one string per row in the letters above; `givens` (optional) one string per row,
//! the same letters with `?` for a cell not given; `title` optional.
//!
//! The share-link payload, version 1, is `WxH:<palette>:<columns>/<rows>`: the palette as hex
//! colours joined by `.` (3 digits when each pair repeats, else 6; the background first); then
//! the columns left to right and the rows top to bottom, `/` between lines, each line its runs
//! in order as a length and a colour letter, the length left out when it is 1 (`3ab2a` is 3 of
//! colour 1, 1 of colour 2, 2 of colour 1); an empty line is `0`. Givens, when the puzzle has
//! any, follow after a comma: the given cells in reading order, each as the count of cells
//! skipped since the last given (left out when 0) and its letter (`.` the background), so
//! `,3a.12c` gives cell 3 colour 1, cell 4 the background and cell 17 colour 3.

pub mod non;
pub mod olsak;
pub mod xml;

use serde_json::json;

use super::model::{Clue, Colour, ColourNonogram, Line, Run, MAX_COLOURS};
use crate::error::{InputError, InputResult};
use crate::grid::Grid;
use crate::link::clip;
use crate::puzzle::Entry;

pub use super::model::{char_colour, colour_char};

/// An answer as text rows in colour letters.
pub fn grid_rows(g: &Grid<u8>) -> Vec<String> {
    (0..g.rows()).map(|r| g.row(r).iter().map(|&c| colour_char(c)).collect()).collect()
}

/// Reads answer rows in colour letters (`.` the background).
pub fn grid_from_rows(
    p: &ColourNonogram,
    rows: &[impl AsRef<str>],
    what: &str,
) -> InputResult<Grid<u8>> {
    crate::grid::from_char_rows(p.width(), p.height(), rows, what, |ch| match char_colour(ch) {
        Some(v) if usize::from(v) < p.palette().len() => Ok(v),
        _ => Err(format!(
            "`{ch}` is not `.` or a colour letter of the palette (a to {})",
            colour_char(p.colours() as u8)
        )),
    })
}

/// The studio JSON form (see the module documentation).
pub fn to_json(p: &ColourNonogram) -> serde_json::Value {
    let palette: Vec<serde_json::Value> = p
        .palette()
        .iter()
        .map(|c| match &c.name {
            Some(n) => json!({"rgb": c.hex(), "name": n}),
            None => json!(c.hex()),
        })
        .collect();
    let clues = |cl: &[Clue]| -> serde_json::Value {
        json!(cl
            .iter()
            .map(|c| c.iter().map(|r| [r.len, u32::from(r.colour)]).collect::<Vec<_>>())
            .collect::<Vec<_>>())
    };
    let mut v = json!({"kind": "colournono", "palette": palette, "rows": clues(p.rows()), "cols": clues(p.cols())});
    if let Some(g) = p.goal() {
        v["goal"] = json!(grid_rows(g));
    }
    if let Some(g) = p.givens() {
        v["givens"] = json!(givens_rows(g));
    }
    if let Some(t) = p.title() {
        v["title"] = json!(t);
    }
    v
}

/// Givens as text rows: colour letters, `.` the background, `?` not given.
pub fn givens_rows(g: &Grid<Option<u8>>) -> Vec<String> {
    (0..g.rows()).map(|r| g.row(r).iter().map(|c| c.map_or('?', colour_char)).collect()).collect()
}

/// Reads givens rows (`?` or a space: not given).
pub fn givens_from_rows(
    p: &ColourNonogram,
    rows: &[impl AsRef<str>],
) -> InputResult<Grid<Option<u8>>> {
    crate::grid::from_char_rows(p.width(), p.height(), rows, "givens", |ch| match ch {
        '?' | ' ' => Ok(None),
        _ => match char_colour(ch) {
            Some(v) if usize::from(v) < p.palette().len() => Ok(Some(v)),
            _ => Err(format!("`{ch}` is not `?`, `.` or a colour letter of the palette")),
        },
    })
}

/// The link's givens text (see the module documentation).
pub fn givens_text(g: &Grid<Option<u8>>) -> String {
    let mut out = String::new();
    let mut skip = 0usize;
    for c in g.cells() {
        match c {
            None => skip += 1,
            Some(v) => {
                if skip > 0 {
                    out.push_str(&skip.to_string());
                }
                out.push(colour_char(*v));
                skip = 0;
            }
        }
    }
    out
}

/// Reads the link's givens text for a `w` x `h` grid.
pub fn parse_givens(text: &str, w: usize, h: usize) -> InputResult<Grid<Option<u8>>> {
    let total = w * h;
    let mut cells = vec![None; total];
    let mut at = 0usize;
    let mut digits = String::new();
    for (k, ch) in text.chars().enumerate() {
        if ch.is_ascii_digit() {
            if digits.len() >= 6 {
                return Err(InputError::at(
                    "givens",
                    format!("skip `{}` is too long", clip(&digits)),
                ));
            }
            digits.push(ch);
            continue;
        }
        let v = char_colour(ch).ok_or_else(|| {
            InputError::at(
                format!("givens, letter {}", k + 1),
                format!("`{ch}` is not `.` or a colour letter"),
            )
        })?;
        at += digits.parse::<usize>().unwrap_or(0);
        digits.clear();
        if at >= total {
            return Err(InputError::at(
                format!("givens, letter {}", k + 1),
                format!("it reaches cell {}, the grid has {total}", at + 1),
            ));
        }
        cells[at] = Some(v);
        at += 1;
    }
    if !digits.is_empty() {
        return Err(InputError::at("givens", "the text ends with a skip and no letter"));
    }
    Ok(Grid::from_cells(h, w, cells).expect("sized"))
}

/// Reads the field `palette` (the background first; hex strings or `{"rgb", "name"}` objects).
pub fn json_palette(v: &serde_json::Value) -> InputResult<Vec<Colour>> {
    let arr = v
        .get("palette")
        .ok_or_else(|| InputError::at("field `palette`", "missing"))?
        .as_array()
        .ok_or_else(|| {
            InputError::at("field `palette`", "expected a list of colours, the background first")
        })?;
    if arr.len() > MAX_COLOURS + 1 {
        return Err(InputError::at(
            "field `palette`",
            format!("{} entries; at most the background and {MAX_COLOURS} colours", arr.len()),
        ));
    }
    arr.iter()
        .enumerate()
        .map(|(i, e)| {
            let at = || format!("palette entry {}", i + 1);
            let (hex, name) = match e {
                serde_json::Value::String(s) => (s.as_str(), None),
                serde_json::Value::Object(o) => (
                    o.get("rgb").and_then(|x| x.as_str()).ok_or_else(|| {
                        InputError::at(at(), "expected `rgb`, a hex colour such as \"#e02020\"")
                    })?,
                    o.get("name")
                        .and_then(|x| x.as_str())
                        .map(|s| s.chars().take(40).collect::<String>()),
                ),
                _ => return Err(InputError::at(at(), "expected a hex colour such as \"#e02020\"")),
            };
            let rgb = Colour::from_hex(hex).ok_or_else(|| {
                InputError::at(
                    at(),
                    format!("`{}` is not a hex colour (#rgb or #rrggbb)", clip(hex)),
                )
            })?;
            Ok(Colour { rgb, name })
        })
        .collect()
}

fn json_clues(v: &serde_json::Value, field: &str, row: bool) -> InputResult<Vec<Clue>> {
    let arr = v
        .get(field)
        .ok_or_else(|| InputError::at(format!("field `{field}`"), "missing"))?
        .as_array()
        .ok_or_else(|| {
            InputError::at(
                format!("field `{field}`"),
                "expected a list of clues, each a list of [length, colour] runs",
            )
        })?;
    arr.iter()
        .enumerate()
        .map(|(i, c)| {
            let line = if row { Line::Row(i) } else { Line::Col(i) };
            let runs = c.as_array().ok_or_else(|| {
                InputError::at(line.to_string(), "expected a list of [length, colour] runs")
            })?;
            runs.iter()
                .enumerate()
                .map(|(j, r)| {
                    let at = || format!("{line}, run {}", j + 1);
                    let pair = r.as_array().filter(|a| a.len() == 2).ok_or_else(|| {
                        InputError::at(
                            at(),
                            format!("`{}` is not a [length, colour] pair", clip(&r.to_string())),
                        )
                    })?;
                    let len = pair[0].as_u64().filter(|&n| n <= u64::from(u32::MAX)).ok_or_else(
                        || {
                            InputError::at(
                                at(),
                                format!(
                                    "length `{}` is not a whole number",
                                    clip(&pair[0].to_string())
                                ),
                            )
                        },
                    )?;
                    let colour = pair[1].as_u64().filter(|&n| n <= 255).ok_or_else(|| {
                        InputError::at(
                            at(),
                            format!(
                                "colour `{}` is not a palette index",
                                clip(&pair[1].to_string())
                            ),
                        )
                    })?;
                    Ok(Run { len: len as u32, colour: colour as u8 })
                })
                .collect()
        })
        .collect()
}

/// Reads the studio JSON form.
pub fn from_json(v: &serde_json::Value) -> InputResult<ColourNonogram> {
    if let Some(kind) = v.get("kind") {
        if kind.as_str() != Some("colournono") {
            return Err(InputError::at(
                "field `kind`",
                format!("expected \"colournono\", found {}", clip(&kind.to_string())),
            ));
        }
    }
    let palette = json_palette(v)?;
    let rows = json_clues(v, "rows", true)?;
    let cols = json_clues(v, "cols", false)?;
    let mut p = ColourNonogram::new(palette, rows, cols)?;
    if let Some(g) = v.get("givens").filter(|g| !g.is_null()) {
        let rows: Vec<String> = g
            .as_array()
            .ok_or_else(|| {
                InputError::at("field `givens`", "expected a list of strings, one per row")
            })?
            .iter()
            .enumerate()
            .map(|(i, r)| {
                r.as_str().map(str::to_string).ok_or_else(|| {
                    InputError::at(format!("givens row {}", i + 1), "expected a string")
                })
            })
            .collect::<InputResult<_>>()?;
        let givens = givens_from_rows(&p, &rows)?;
        p = p.with_givens(givens)?;
    }
    if let Some(g) = v.get("goal").filter(|g| !g.is_null()) {
        let rows: Vec<String> = g
            .as_array()
            .ok_or_else(|| {
                InputError::at("field `goal`", "expected a list of strings, one per row")
            })?
            .iter()
            .enumerate()
            .map(|(i, r)| {
                r.as_str().map(str::to_string).ok_or_else(|| {
                    InputError::at(format!("goal row {}", i + 1), "expected a string")
                })
            })
            .collect::<InputResult<_>>()?;
        let goal = grid_from_rows(&p, &rows, "goal")?;
        p = p.with_goal(goal)?;
    }
    let title = v.get("title").and_then(|t| t.as_str()).map(|t| t.chars().take(200).collect());
    Ok(p.with_title(title))
}

fn short_hex(c: &Colour) -> String {
    let [r, g, b] = c.rgb;
    if [r, g, b].iter().all(|v| v % 17 == 0) {
        format!("{:x}{:x}{:x}", r / 17, g / 17, b / 17)
    } else {
        format!("{r:02x}{g:02x}{b:02x}")
    }
}

/// A clue in the link's letters (`3ab2a`; `0` when empty).
pub fn clue_text(clue: &[Run]) -> String {
    if clue.is_empty() {
        return "0".into();
    }
    let mut s = String::new();
    for r in clue {
        if r.len != 1 {
            s.push_str(&r.len.to_string());
        }
        s.push(colour_char(r.colour));
    }
    s
}

/// Reads a clue in the link's letters.
pub fn parse_clue(text: &str, line: Line) -> InputResult<Clue> {
    if text == "0" {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    let mut digits = String::new();
    for ch in text.chars() {
        if ch.is_ascii_digit() {
            if digits.len() >= 6 {
                return Err(InputError::at(
                    line.to_string(),
                    format!("run length `{}` is too long", clip(&digits)),
                ));
            }
            digits.push(ch);
            continue;
        }
        let colour = match char_colour(ch) {
            Some(c) if c > 0 => c,
            _ => {
                return Err(InputError::at(
                    line.to_string(),
                    format!("`{ch}` in `{}` is not a colour letter (a to z, A to F)", clip(text)),
                ))
            }
        };
        let len = if digits.is_empty() { 1 } else { digits.parse::<u32>().unwrap_or(0) };
        out.push(Run { len, colour });
        digits.clear();
    }
    if !digits.is_empty() || out.is_empty() {
        return Err(InputError::at(
            line.to_string(),
            format!("`{}` ends without a colour letter", clip(text)),
        ));
    }
    Ok(out)
}

/// Whether `p`'s goal goes without saying: the solver's line logic from the clues and the
/// givens ([`crate::kinds::colournono::solve::line_logic`], from [`ColourNonogram::start`])
/// decides every cell, as it does for every generated puzzle of level easy and most image
/// puzzles, so the one answer is the goal and a link or an export that leaves the goal out loses
/// nothing. `true` when there is no goal.
pub fn goal_implied(p: &ColourNonogram) -> bool {
    let Some(goal) = p.goal() else { return true };
    let (cells, run, _) = crate::kinds::colournono::solve::line_logic(p);
    !matches!(run.end, crate::deduce::End::Broken { .. })
        && cells.iter().zip(goal.cells()).all(|(&c, &g)| c == Some(g))
}

/// The share-link payload: version 1 (see the module documentation) for a puzzle with no
/// title, no colour names and no goal that the clues leave open ([`goal_implied`]); else
/// version 2, the same followed by `;t<title>`, `;n<names>` (one a palette entry, background
/// first, joined by `.`, empty for no name) in [`crate::link::encode_text`]'s letters, and
/// `;g<goal>` (palette indices in reading order, as few bits each as the palette needs, packed
/// by [`crate::link::encode_cells`]), each when the puzzle has it and, for the goal, when line
/// logic does not already give it ([`crate::link::fragment`] writes `v2` for a payload with
/// fields).
pub fn link_payload(p: &ColourNonogram) -> String {
    let palette: Vec<String> = p.palette().iter().map(short_hex).collect();
    let lines: Vec<String> = p.cols().iter().chain(p.rows()).map(|c| clue_text(c)).collect();
    let givens = p.givens().map(|g| format!(",{}", givens_text(g))).unwrap_or_default();
    let mut s =
        format!("{}x{}:{}:{}{givens}", p.width(), p.height(), palette.join("."), lines.join("/"));
    if let Some(t) = p.title() {
        s += &format!(";t{}", crate::link::encode_text(t));
    }
    if p.palette().iter().any(|c| c.name.is_some()) {
        let names: Vec<String> = p
            .palette()
            .iter()
            .map(|c| c.name.as_deref().map(crate::link::encode_text).unwrap_or_default())
            .collect();
        s += &format!(";n{}", names.join("."));
    }
    if let Some(g) = p.goal().filter(|_| !goal_implied(p)) {
        s += &format!(";g{}", crate::link::encode_cells(g.cells(), goal_bits(p)));
    }
    s
}

/// Reads the link grammar `WxH:<palette>:<columns>/<rows>[,<givens>]`.
pub fn from_link_text(text: &str) -> InputResult<ColourNonogram> {
    let mut parts = text.trim().splitn(3, ':');
    let (size, palette, lines) = match (parts.next(), parts.next(), parts.next()) {
        (Some(a), Some(b), Some(c)) => (a, b, c),
        _ => return Err(InputError::new("expected `WxH:<palette>:<columns>/<rows>`")),
    };
    let (w, h) = size
        .split_once('x')
        .and_then(|(w, h)| Some((w.parse::<usize>().ok()?, h.parse::<usize>().ok()?)))
        .ok_or_else(|| InputError::at("size", format!("`{}` is not WxH", clip(size))))?;
    if w == 0 || h == 0 || w > super::model::MAX_SIDE || h > super::model::MAX_SIDE {
        return Err(InputError::at(
            "size",
            format!("width and height must be 1 to {}, got {w}x{h}", super::model::MAX_SIDE),
        ));
    }
    let entries: Vec<&str> = palette.split('.').collect();
    if entries.len() > MAX_COLOURS + 1 {
        return Err(InputError::at(
            "palette",
            format!("{} entries; at most the background and {MAX_COLOURS} colours", entries.len()),
        ));
    }
    let palette = entries
        .iter()
        .enumerate()
        .map(|(i, e)| {
            Colour::from_hex(e).map(|rgb| Colour { rgb, name: None }).ok_or_else(|| {
                InputError::at(
                    format!("palette entry {}", i + 1),
                    format!("`{}` is not a hex colour", clip(e)),
                )
            })
        })
        .collect::<InputResult<Vec<_>>>()?;
    let (lines, givens) = match lines.split_once(',') {
        Some((l, g)) => (l, Some(g)),
        None => (lines, None),
    };
    let lines: Vec<&str> = lines.split('/').collect();
    if lines.len() != w + h {
        return Err(InputError::at(
            "clues",
            format!("expected {} lines ({w} columns, then {h} rows), found {}", w + h, lines.len()),
        ));
    }
    let cols = lines[..w]
        .iter()
        .enumerate()
        .map(|(i, t)| parse_clue(t, Line::Col(i)))
        .collect::<InputResult<Vec<_>>>()?;
    let rows = lines[w..]
        .iter()
        .enumerate()
        .map(|(i, t)| parse_clue(t, Line::Row(i)))
        .collect::<InputResult<Vec<_>>>()?;
    let p = ColourNonogram::new(palette, rows, cols)?;
    match givens {
        Some(g) => p.with_givens(parse_givens(g, w, h)?),
        None => Ok(p),
    }
}

/// The bits a goal cell takes in a v2 link: enough for every palette index.
fn goal_bits(p: &ColourNonogram) -> u32 {
    (usize::BITS - (p.palette().len() - 1).leading_zeros()).max(1)
}

/// Reads a share-link payload of version 1 or 2 ([`link_payload`]).
pub fn from_link_payload(version: u32, payload: &str) -> InputResult<ColourNonogram> {
    match version {
        1 => from_link_text(payload),
        2 => {
            let (head, fields) = crate::link::split_fields(payload, "tng")?;
            let mut p = from_link_text(head)?;
            let mut goal = None;
            for (letter, text) in fields {
                match letter {
                    't' => {
                        let title = crate::link::decode_text(text, "the title (`;t`)")?;
                        p = p.with_title(Some(title));
                    }
                    'n' => {
                        let names = text
                            .split('.')
                            .enumerate()
                            .map(|(i, n)| {
                                crate::link::decode_text(n, &format!("colour name {}", i + 1))
                                    .map(Some)
                            })
                            .collect::<InputResult<Vec<_>>>()?;
                        p = p.with_names(names)?;
                    }
                    _ => goal = Some(text),
                }
            }
            if let Some(text) = goal {
                let what = "the goal (`;g`)";
                let (w, h) = (p.width(), p.height());
                let cells = crate::link::decode_cells(text, w * h, goal_bits(&p), what)?;
                if let Some(i) = cells.iter().position(|&c| usize::from(c) >= p.palette().len()) {
                    return Err(InputError::at(
                        what.to_string(),
                        format!(
                            "cell {} has colour {}, past the palette's {} entries",
                            i + 1,
                            cells[i],
                            p.palette().len()
                        ),
                    ));
                }
                let g = Grid::from_cells(h, w, cells)
                    .ok_or_else(|| InputError::at(what.to_string(), "wrong size"))?;
                p = p.with_goal(g)?;
            }
            Ok(p)
        }
        _ => {
            Err(InputError::new(format!("colour nonogram links of version v{version} are unknown")))
        }
    }
}

/// Reads any one-puzzle form: the studio JSON, the link grammar, webpbn XML, a coloured `.non`
/// file ([`super::non`]) or Olšák's `.g` ([`super::olsak`]).
pub fn import(text: &str) -> InputResult<Entry<ColourNonogram>> {
    let t = text.trim().trim_start_matches('\u{feff}');
    let puzzle = if t.starts_with('{') {
        let v: serde_json::Value =
            serde_json::from_str(t).map_err(|e| InputError::new(format!("not valid JSON: {e}")))?;
        from_json(&v)?
    } else if t.starts_with('<') {
        let (puzzle, known) = xml::from_xml(t)?;
        return Ok(Entry { id: String::new(), puzzle, known });
    } else if t
        .split(':')
        .next()
        .is_some_and(|s| s.contains('x') && s.chars().all(|c| c.is_ascii_digit() || c == 'x'))
    {
        from_link_text(t)?
    } else if olsak::recognises(t) {
        olsak::from_g(t)?
    } else if t.lines().any(|l| l.trim().eq_ignore_ascii_case("rows")) {
        non::from_non(t)?
    } else {
        return Err(InputError::new("not a colour nonogram format the studio reads: expected studio JSON, a share link, its `WxH:palette:clues` text, webpbn XML, a coloured .non file or Olšák's .g"));
    };
    let known = puzzle.goal().cloned();
    Ok(Entry { id: String::new(), puzzle, known })
}

/// Reads a collection: every `<puzzle>` of a webpbn XML `<puzzleset>` (numbered `name#1`,
/// `name#2`, … when there are several), a file of puzzles one a line (the studio JSON, as
/// `puzzle generate --json` prints it, or the link's `WxH:…` text; named `name:line`), else any
/// one-puzzle form.
pub fn read_collection(text: &str, name: &str) -> InputResult<Vec<Entry<ColourNonogram>>> {
    let t = text.trim().trim_start_matches('\u{feff}');
    let one_a_line = |l: &str| l.starts_with('{') || (!l.starts_with('<') && recognises(l));
    let read_line = |l: &str| import(l).map(|e| e.puzzle);
    if let Some(lines) = crate::puzzle::id_lines(t, name, one_a_line, read_line) {
        return lines.map(|v| {
            v.into_iter()
                .map(|mut e| {
                    e.known = e.puzzle.goal().cloned();
                    e
                })
                .collect()
        });
    }
    if t.starts_with('<') {
        let all = xml::from_xml_all(t).map_err(|e| e.within(name.to_string()))?;
        let n = all.len();
        return Ok(all
            .into_iter()
            .enumerate()
            .map(|(k, (puzzle, known))| {
                let id = if n > 1 { format!("{name}#{}", k + 1) } else { name.to_string() };
                Entry { id, puzzle, known }
            })
            .collect());
    }
    let mut e = import(t).map_err(|e| e.within(name.to_string()))?;
    e.id = name.to_string();
    Ok(vec![e])
}

/// Whether pasted text is plainly a colour nonogram: the link's `WxH:<palette>:` text, webpbn
/// XML or a `.g` file that reads with two or more colours besides the background (two-colour
/// ones are the black-and-white nonogram's), or a `.non` file with colours.
pub fn recognises(text: &str) -> bool {
    let t = text.trim().trim_start_matches('\u{feff}');
    if t.starts_with('<') {
        return xml::from_xml_first(t).is_ok_and(|(p, _)| p.colours() >= 2);
    }
    if non::recognises(t) {
        return true;
    }
    if olsak::recognises(t) {
        return olsak::from_g(t).is_ok_and(|p| p.colours() >= 2);
    }
    let mut parts = t.splitn(3, ':');
    matches!((parts.next(), parts.next(), parts.next()), (Some(size), Some(palette), Some(_))
        if size.contains('x') && size.chars().all(|c| c.is_ascii_digit() || c == 'x')
        && !palette.is_empty() && palette.split('.').all(|h| Colour::from_hex(h).is_some()))
}
