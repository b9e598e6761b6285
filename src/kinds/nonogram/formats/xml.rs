//! webpbn XML (PBN 0.3), read with the shared tolerant XML reader ([`crate::xml`]) and written
//! canonically (formats.md 3.4).

use super::super::model::{normalise_clue, Line, Nonogram};
use crate::error::{InputError, InputResult};
use crate::grid::Grid;

pub use crate::xml::{parse, Element};

/// Reads a webpbn XML document of one `<puzzle>`. A `<puzzleset>` of several is refused with
/// their count ([`from_xml_all`] reads them all).
pub fn from_xml(text: &str) -> InputResult<Nonogram> {
    crate::xml::one_puzzle(text, read_puzzle)
}

/// Every `<puzzle>` of a webpbn XML document, in order; an error names the puzzle it is in.
pub fn from_xml_all(text: &str) -> InputResult<Vec<Nonogram>> {
    crate::xml::every_puzzle(text, read_puzzle)
}

/// Reads one `<puzzle>` element.
fn read_puzzle(puzzle: &Element) -> InputResult<Nonogram> {
    let at = |e: &Element| format!("XML line {}", e.line);
    crate::xml::grid_puzzle(puzzle)?;
    let default = puzzle.attr("defaultcolor").unwrap_or("black").to_string();
    let background = puzzle.attr("backgroundcolor").unwrap_or("white").to_string();
    let mut used = vec![background.clone()];
    let mut read_clues = |kind: &str| -> InputResult<Vec<Vec<u32>>> {
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
                    let colour = c.attr("color").unwrap_or(&default).to_string();
                    if !used.contains(&colour) {
                        used.push(colour);
                    }
                    if used.len() > 2 {
                        return Err(InputError::at(
                            at(c),
                            "multicolour puzzles are not supported (more than two colours)",
                        ));
                    }
                    let here = || crate::xml::clue_place(which, c.line);
                    clue.push(super::parse_run(&c.text, &here)?);
                }
                normalise_clue(which, clue).map_err(|e| crate::xml::in_clue(e, l.line))
            })
            .collect()
    };
    let cols = read_clues("columns")?;
    let rows = read_clues("rows")?;
    let title = puzzle.all("title").next().map(|t| t.text.trim().to_string());
    let mut p = Nonogram::new(rows, cols)
        .map_err(|e| crate::xml::in_clue(e, puzzle.line))?
        .with_title(title);
    let blank_char = puzzle
        .all("color")
        .find(|c| c.attr("name") == Some(background.as_str()))
        .and_then(|c| c.attr("char"))
        .and_then(|c| c.chars().next())
        .unwrap_or('.');
    let goal = puzzle
        .all("solution")
        .find(|s| matches!(s.attr("type"), None | Some("goal") | Some("solution")));
    if let Some(sol) = goal {
        let image = sol
            .all("image")
            .next()
            .ok_or_else(|| InputError::at(at(sol), "<solution> without <image>"))?;
        let rows_text: Vec<String> = image
            .text
            .split('|')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect();
        let (w, h) = (p.width(), p.height());
        if rows_text.len() != h || rows_text.iter().any(|r| r.chars().count() != w) {
            return Err(InputError::at(
                at(image),
                format!("the image should be {h} rows of {w} cells, each in |…|"),
            ));
        }
        let cells = rows_text.iter().flat_map(|r| r.chars().map(|c| c != blank_char)).collect();
        p = p
            .with_goal(Grid::from_cells(h, w, cells).expect("counted"))
            .map_err(|e| e.within(at(image)))?;
    }
    Ok(p)
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// Writes a webpbn XML document with one puzzle (givens are not part of the format).
pub fn to_xml(p: &Nonogram) -> String {
    let mut out = String::from("<?xml version=\"1.0\"?>\n<!DOCTYPE pbn SYSTEM \"http://webpbn.com/pbn-0.3.dtd\">\n<puzzleset>\n<puzzle type=\"grid\" defaultcolor=\"black\">\n");
    if let Some(t) = p.title() {
        out.push_str(&format!("<title>{}</title>\n", escape(t)));
    }
    out.push_str("<color name=\"white\" char=\".\">fff</color>\n<color name=\"black\" char=\"X\">000</color>\n");
    for (kind, clues) in [("columns", p.cols()), ("rows", p.rows())] {
        out.push_str(&format!("<clues type=\"{kind}\">\n"));
        for c in clues {
            if c.is_empty() {
                out.push_str("<line/>\n");
            } else {
                out.push_str("<line>");
                for r in c {
                    out.push_str(&format!("<count>{r}</count>"));
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
            out.extend(g.row(r).iter().map(|&b| if b { 'X' } else { '.' }));
            out.push_str("|\n");
        }
        out.push_str("</image></solution>\n");
    }
    out.push_str("</puzzle>\n</puzzleset>\n");
    out
}
