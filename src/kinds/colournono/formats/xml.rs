//! webpbn XML (PBN 0.3) with `<color>` elements, both ways (formats.md 3.4), read with the shared
//! tolerant XML reader ([`crate::xml`]).
//!
//! Reading: the palette is the background (`backgroundcolor`, default `white`) first, then every
//! other `<color>` in document order; a count takes its colour from its `color` attribute, else
//! from `defaultcolor` (default `black`); `white` and `black` need no `<color>` element. The goal
//! image (`<solution type="goal">` or `"solution"`; a `saved` one is a player's work and is
//! skipped) is read through the colours' `char`s. Writing: every colour with a name and a char
//! (`.` the background, then the link's letters) and every count with its colour; the names are
//! the puzzle's own (from the file it came from, or a v2 share link), and a colour without one
//! gets `background` or `colourN`, which reading takes for no name.

use super::super::model::colour_char;
use super::super::model::{Clue, Colour, ColourNonogram, Line, Run};
use crate::error::{InputError, InputResult};
use crate::grid::Grid;
use crate::link::clip;
use crate::xml::{parse, Element};

/// A puzzle read from XML, with its goal when it has one.
pub type Read = (ColourNonogram, Option<Grid<u8>>);

/// Reads a webpbn XML document of one `<puzzle>`, with its goal when it has one. A
/// `<puzzleset>` of several is refused with their count ([`from_xml_all`] reads them all).
pub fn from_xml(text: &str) -> InputResult<Read> {
    crate::xml::one_puzzle(text, read_puzzle)
}

/// The first `<puzzle>` of a webpbn XML document (to tell the kind of a file).
pub fn from_xml_first(text: &str) -> InputResult<Read> {
    let root = parse(text)?;
    let puzzle = root.find("puzzle").ok_or_else(|| InputError::new("no <puzzle> element"))?;
    read_puzzle(puzzle)
}

/// Every `<puzzle>` of a webpbn XML document, in order; an error names the puzzle it is in.
pub fn from_xml_all(text: &str) -> InputResult<Vec<Read>> {
    crate::xml::every_puzzle(text, read_puzzle)
}

/// Reads one `<puzzle>` element.
fn read_puzzle(puzzle: &Element) -> InputResult<Read> {
    let at = |e: &Element| format!("XML line {}", e.line);
    crate::xml::grid_puzzle(puzzle)?;
    let default = puzzle.attr("defaultcolor").unwrap_or("black").to_string();
    let background = puzzle.attr("backgroundcolor").unwrap_or("white").to_string();
    // (name, rgb, char) of every declared colour.
    let mut declared: Vec<(String, [u8; 3], Option<char>)> = Vec::new();
    let mut seen: Vec<(String, usize)> = Vec::new();
    for c in puzzle.all("color") {
        let name = c
            .attr("name")
            .ok_or_else(|| InputError::at(at(c), "<color> without a name"))?
            .to_string();
        let rgb = Colour::from_hex(c.text.trim()).ok_or_else(|| {
            InputError::at(at(c), format!("`{}` is not a hex colour", clip(c.text.trim())))
        })?;
        if let Some(first) = seen.iter().find(|(n, _)| *n == name) {
            return Err(InputError::at(
                at(c),
                format!(
                    "a second <color name=\"{}\"> (the first is on line {}); each colour needs its own name",
                    clip(&name),
                    first.1
                ),
            ));
        }
        seen.push((name.clone(), c.line));
        declared.push((name, rgb, c.attr("char").and_then(|s| s.chars().next())));
    }
    let builtin = |name: &str| match name {
        "white" => Some([255, 255, 255]),
        "black" => Some([0, 0, 0]),
        _ => None,
    };
    let mut palette: Vec<Colour> = Vec::new();
    let mut chars: Vec<Option<char>> = Vec::new();
    let bg = declared.iter().find(|d| d.0 == background);
    let bg_rgb = bg.map(|d| d.1).or_else(|| builtin(&background)).ok_or_else(|| {
        InputError::at(
            at(puzzle),
            format!("the background colour `{}` has no <color>", clip(&background)),
        )
    })?;
    palette.push(Colour { rgb: bg_rgb, name: Some(background.clone()) });
    chars.push(bg.and_then(|d| d.2).or(Some('.')));
    for d in &declared {
        if d.0 != background && !palette.iter().any(|p| p.name.as_deref() == Some(d.0.as_str())) {
            palette.push(Colour { rgb: d.1, name: Some(d.0.clone()) });
            chars.push(d.2);
        }
    }
    let index_of = |name: &str,
                    e: &Element,
                    palette: &mut Vec<Colour>,
                    chars: &mut Vec<Option<char>>|
     -> InputResult<u8> {
        if let Some(i) = palette.iter().position(|p| p.name.as_deref() == Some(name)) {
            if i == 0 {
                return Err(InputError::at(
                    at(e),
                    format!("a count in the background colour `{}`", clip(name)),
                ));
            }
            return Ok(i as u8);
        }
        let rgb = builtin(name).ok_or_else(|| {
            InputError::at(at(e), format!("colour `{}` has no <color> element", clip(name)))
        })?;
        palette.push(Colour { rgb, name: Some(name.to_string()) });
        chars.push(if name == "black" { Some('X') } else { None });
        Ok((palette.len() - 1) as u8)
    };
    let read_clues = |kind: &str,
                      palette: &mut Vec<Colour>,
                      chars: &mut Vec<Option<char>>|
     -> InputResult<Vec<Clue>> {
        let block = puzzle
            .all("clues")
            .find(|c| c.attr("type") == Some(kind))
            .ok_or_else(|| InputError::at(at(puzzle), format!("no <clues type=\"{kind}\">")))?;
        block
            .all("line")
            .enumerate()
            .map(|(k, l)| {
                let which = if kind == "rows" { Line::Row(k) } else { Line::Col(k) };
                let mut clue = Vec::new();
                for c in l.all("count") {
                    let colour = index_of(c.attr("color").unwrap_or(&default), c, palette, chars)?;
                    let t = c.text.trim();
                    let len = t.parse::<u32>().map_err(|_| {
                        InputError::at(
                            crate::xml::clue_place(which, c.line),
                            format!("`{}` is not a run length", clip(t)),
                        )
                    })?;
                    // A lone 0 is an empty line.
                    if len == 0 && l.all("count").count() == 1 {
                        continue;
                    }
                    clue.push(Run { len, colour });
                }
                Ok(clue)
            })
            .collect()
    };
    let cols = read_clues("columns", &mut palette, &mut chars)?;
    let rows = read_clues("rows", &mut palette, &mut chars)?;
    if palette.len() > super::super::model::MAX_COLOURS + 1 {
        return Err(InputError::at(
            at(puzzle),
            format!(
                "{} colours besides the background; at most {}",
                palette.len() - 1,
                super::super::model::MAX_COLOURS
            ),
        ));
    }
    // The names the writer makes up for colours that have none are no names.
    for (i, c) in palette.iter_mut().enumerate() {
        if c.name.as_deref().is_some_and(|n| n == made_up_name(i)) {
            c.name = None;
        }
    }
    let title = puzzle.all("title").next().map(|t| t.text.trim().to_string());
    let p = ColourNonogram::new(palette, rows, cols)
        .map_err(|e| crate::xml::in_clue(e, puzzle.line))?
        .with_title(title);
    let goal = puzzle
        .all("solution")
        .find(|s| matches!(s.attr("type"), None | Some("goal") | Some("solution")));
    let Some(sol) = goal else { return Ok((p, None)) };
    let image = sol
        .all("image")
        .next()
        .ok_or_else(|| InputError::at(at(sol), "<solution> without <image>"))?;
    let rows_text: Vec<&str> =
        image.text.split('|').map(str::trim).filter(|s| !s.is_empty()).collect();
    let (w, h) = (p.width(), p.height());
    if rows_text.len() != h || rows_text.iter().any(|r| r.chars().count() != w) {
        return Err(InputError::at(
            at(image),
            format!("the image should be {h} rows of {w} cells, each in |…|"),
        ));
    }
    let mut cells = Vec::with_capacity(w * h);
    for (r, row) in rows_text.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            let v = chars.iter().position(|&x| x == Some(ch)).ok_or_else(|| {
                InputError::at(
                    format!(
                        "the goal image's cell in row {}, column {} (XML line {})",
                        r + 1,
                        c + 1,
                        image.line
                    ),
                    format!("`{ch}` is no colour's char"),
                )
            })?;
            cells.push(v as u8);
        }
    }
    let g = Grid::from_cells(h, w, cells).expect("counted");
    let p = p.with_goal(g.clone()).map_err(|e| e.within(at(image)))?;
    Ok((p, Some(g)))
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The name the writer gives palette entry `i` when it has none (the format names every
/// colour): `background`, `colour1`, `colour2`, …; the reader takes it for no name, so a
/// puzzle without names reads back without them.
fn made_up_name(i: usize) -> String {
    if i == 0 {
        "background".into()
    } else {
        format!("colour{i}")
    }
}

/// The name a palette entry is written under: its own, else [`made_up_name`], made unique.
fn names(p: &ColourNonogram) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for (i, c) in p.palette().iter().enumerate() {
        let base = c.name.clone().unwrap_or_else(|| made_up_name(i));
        let mut name = base.clone();
        let mut k = 2;
        while out.contains(&name) {
            name = format!("{base}{k}");
            k += 1;
        }
        out.push(name);
    }
    out
}

/// Writes a webpbn XML document with one puzzle and its goal when it has one.
pub fn to_xml(p: &ColourNonogram) -> String {
    let names = names(p);
    let mut out = format!(
        "<?xml version=\"1.0\"?>\n<!DOCTYPE pbn SYSTEM \"http://webpbn.com/pbn-0.3.dtd\">\n<puzzleset>\n<puzzle type=\"grid\" defaultcolor=\"{}\" backgroundcolor=\"{}\">\n",
        escape(&names[1]),
        escape(&names[0])
    );
    if let Some(t) = p.title() {
        out.push_str(&format!("<title>{}</title>\n", escape(t)));
    }
    for (i, c) in p.palette().iter().enumerate() {
        out.push_str(&format!(
            "<color name=\"{}\" char=\"{}\">{}</color>\n",
            escape(&names[i]),
            colour_char(i as u8),
            &c.hex()[1..]
        ));
    }
    for (kind, clues) in [("columns", p.cols()), ("rows", p.rows())] {
        out.push_str(&format!("<clues type=\"{kind}\">\n"));
        for c in clues {
            if c.is_empty() {
                out.push_str("<line/>\n");
            } else {
                out.push_str("<line>");
                for r in c {
                    out.push_str(&format!(
                        "<count color=\"{}\">{}</count>",
                        escape(&names[usize::from(r.colour)]),
                        r.len
                    ));
                }
                out.push_str("</line>\n");
            }
        }
        out.push_str("</clues>\n");
    }
    if let Some(g) = p.goal() {
        out.push_str("<solution type=\"goal\"><image>\n");
        for r in 0..g.rows() {
            out.push('|');
            out.extend(g.row(r).iter().map(|&c| colour_char(c)));
            out.push_str("|\n");
        }
        out.push_str("</image></solution>\n");
    }
    out.push_str("</puzzle>\n</puzzleset>\n");
    out
}
