//! The editor's draft: a picture in a palette being drawn, which the model may still refuse
//! (a palette of one entry, two entries of one colour), kept as text in local storage; its
//! palette edits (add, remove, recolour, name), painting, resizing, its puzzle (the picture's
//! clues, the picture as the goal) and typed clues read against its palette.

use serde_json::json;

use super::formats::{char_colour, colour_char, json_palette, parse_clue};
use super::generate::{clues_of, PALETTE};
use super::model::{Clue, Colour, ColourNonogram, Line, MAX_COLOURS, MAX_SIDE};
use crate::error::{InputError, InputResult};
use crate::grid::Grid;

/// A picture being drawn: its palette (the background first) and its cells (palette indices).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draft {
    /// The palette, the background first.
    pub palette: Vec<Colour>,
    /// The picture.
    pub cells: Grid<u8>,
}

impl Draft {
    /// A blank `width` x `height` picture with the generator's background and first three colours.
    pub fn blank(width: usize, height: usize) -> Draft {
        let palette = PALETTE[..4].iter().map(|&[r, g, b]| Colour::rgb(r, g, b)).collect();
        Draft {
            palette,
            cells: Grid::filled(height.clamp(1, MAX_SIDE), width.clamp(1, MAX_SIDE), 0),
        }
    }

    /// A draft of a puzzle: its palette, and its picture (`answer`, else its goal, else blank).
    pub fn from_puzzle(p: &ColourNonogram, answer: Option<&Grid<u8>>) -> Draft {
        let cells =
            answer.or(p.goal()).cloned().unwrap_or_else(|| Grid::filled(p.height(), p.width(), 0));
        Draft { palette: p.palette().to_vec(), cells }
    }

    /// Width and height.
    pub fn size(&self) -> (usize, usize) {
        (self.cells.cols(), self.cells.rows())
    }

    /// The draft with `cells` (reading order) painted in palette entry `colour`.
    pub fn painted(&self, cells: &[usize], colour: u8) -> Draft {
        let mut d = self.clone();
        let w = d.cells.cols();
        if usize::from(colour) < d.palette.len() {
            for &i in cells {
                d.cells.set(i / w, i % w, colour);
            }
        }
        d
    }

    /// The draft at `width` x `height` (1 to the model's limit), the picture kept from the top left.
    pub fn resized(&self, width: usize, height: usize) -> Draft {
        let (w, h) = (width.clamp(1, MAX_SIDE), height.clamp(1, MAX_SIDE));
        let mut cells = Grid::filled(h, w, 0);
        for (r, c) in cells.positions().collect::<Vec<_>>() {
            if let Some(&v) = self.cells.get(r, c) {
                cells.set(r, c, v);
            }
        }
        Draft { palette: self.palette.clone(), cells }
    }

    /// The draft with one more colour (the first of the generator's palette not in use, else a
    /// grey not in use); `None` at the model's most colours.
    pub fn with_colour_added(&self) -> Option<Draft> {
        if self.palette.len() > MAX_COLOURS {
            return None;
        }
        let used = |rgb: [u8; 3]| self.palette.iter().any(|c| c.rgb == rgb);
        let rgb = PALETTE
            .iter()
            .copied()
            .find(|&rgb| !used(rgb))
            .or_else(|| (1..=254u8).rev().map(|v| [v, v, v]).find(|&rgb| !used(rgb)))?;
        let mut d = self.clone();
        d.palette.push(Colour { rgb, name: None });
        Some(d)
    }

    /// The draft without palette colour `c` (1 or more): its cells become background and later
    /// colours move down one; `None` for the background or the last colour left.
    pub fn with_colour_removed(&self, c: u8) -> Option<Draft> {
        let c = usize::from(c);
        if c == 0 || c >= self.palette.len() || self.palette.len() <= 2 {
            return None;
        }
        let mut d = self.clone();
        d.palette.remove(c);
        d.cells = self.cells.map(|&v| match usize::from(v) {
            v if v == c => 0,
            v if v > c => (v - 1) as u8,
            v => v as u8,
        });
        Some(d)
    }

    /// The draft with palette entry `c` (0 the background) in `rgb`.
    pub fn with_rgb(&self, c: u8, rgb: [u8; 3]) -> Draft {
        let mut d = self.clone();
        if let Some(e) = d.palette.get_mut(usize::from(c)) {
            e.rgb = rgb;
        }
        d
    }

    /// The draft with palette entry `c` named `name` (trimmed, at most 40 characters; empty: no name).
    pub fn with_name(&self, c: u8, name: &str) -> Draft {
        let mut d = self.clone();
        if let Some(e) = d.palette.get_mut(usize::from(c)) {
            let n: String = name.trim().chars().take(40).collect();
            e.name = (!n.is_empty()).then_some(n);
        }
        d
    }

    /// The puzzle of the picture (its clues; the picture as its goal), or what the model refuses.
    pub fn to_puzzle(&self) -> InputResult<ColourNonogram> {
        let (rows, cols) = clues_of(&self.cells);
        ColourNonogram::new(self.palette.clone(), rows, cols)?.with_goal(self.cells.clone())
    }

    /// A puzzle of typed clues in this draft's palette: `rows` and `cols` one line per row and
    /// column, each its runs as a length and a colour letter (`3a 2b`, `3a,2b` or `3a2b`; a
    /// length of 1 may be left out; an empty line or `0` is an empty line).
    pub fn puzzle_of_clues(&self, rows: &str, cols: &str) -> InputResult<ColourNonogram> {
        let read = |text: &str, row: bool| -> InputResult<Vec<Clue>> {
            let lines: Vec<&str> = text.lines().collect();
            lines
                .iter()
                .enumerate()
                .map(|(i, l)| {
                    let line = if row { Line::Row(i) } else { Line::Col(i) };
                    let t: String = l.chars().filter(|c| !c.is_whitespace() && *c != ',').collect();
                    if t.is_empty() {
                        Ok(Vec::new())
                    } else {
                        parse_clue(&t, line)
                    }
                })
                .collect()
        };
        let (rows, cols) = (read(rows, true)?, read(cols, false)?);
        if rows.is_empty() || cols.is_empty() {
            return Err(InputError::new("type one line per row and one per column"));
        }
        // A letter past the palette is named as typed, with the letters this palette has.
        let last = colour_char((self.palette.len() - 1) as u8);
        for (clues, row) in [(&rows, true), (&cols, false)] {
            for (i, clue) in clues.iter().enumerate() {
                let line = if row { Line::Row(i) } else { Line::Col(i) };
                if let Some((j, run)) = clue
                    .iter()
                    .enumerate()
                    .find(|(_, r)| usize::from(r.colour) >= self.palette.len())
                {
                    return Err(InputError::at(
                        format!("{line}, run {}", j + 1),
                        format!(
                            "`{}` is not one of this palette's colour letters a to {last}",
                            colour_char(run.colour)
                        ),
                    ));
                }
            }
        }
        ColourNonogram::new(self.palette.clone(), rows, cols)
    }

    /// The text kept in local storage: `{"palette": […], "cells": ["..ab", …]}`.
    pub fn to_text(&self) -> String {
        let palette: Vec<serde_json::Value> = self
            .palette
            .iter()
            .map(|c| match &c.name {
                Some(n) => json!({"rgb": c.hex(), "name": n}),
                None => json!(c.hex()),
            })
            .collect();
        let rows: Vec<String> = (0..self.cells.rows())
            .map(|r| self.cells.row(r).iter().map(|&v| colour_char(v)).collect())
            .collect();
        json!({"palette": palette, "cells": rows}).to_string()
    }

    /// Reads [`Draft::to_text`]; what does not read is an error naming its place.
    pub fn from_text(text: &str) -> InputResult<Draft> {
        let v: serde_json::Value = serde_json::from_str(text)
            .map_err(|e| InputError::new(format!("not a stored draft: {e}")))?;
        let palette = json_palette(&v)?;
        if palette.is_empty() {
            return Err(InputError::at("palette", "no background"));
        }
        let rows: Vec<&str> = v
            .get("cells")
            .and_then(|c| c.as_array())
            .ok_or_else(|| InputError::at("field `cells`", "expected a list of rows"))?
            .iter()
            .map(|r| r.as_str().unwrap_or(""))
            .collect();
        let (h, w) = (rows.len(), rows.first().map_or(0, |r| r.chars().count()));
        if h == 0 || w == 0 || h > MAX_SIDE || w > MAX_SIDE {
            return Err(InputError::at(
                "cells",
                format!("a draft is 1 to {MAX_SIDE} cells each way, got {w}x{h}"),
            ));
        }
        let mut cells = Vec::with_capacity(w * h);
        for (r, row) in rows.iter().enumerate() {
            if row.chars().count() != w {
                return Err(InputError::at(
                    format!("cells row {}", r + 1),
                    format!("expected {w} cells"),
                ));
            }
            for ch in row.chars() {
                match char_colour(ch) {
                    Some(c) if usize::from(c) < palette.len() => cells.push(c),
                    _ => {
                        return Err(InputError::at(
                            format!("cells row {}", r + 1),
                            format!("`{ch}` is not a colour of the palette"),
                        ))
                    }
                }
            }
        }
        Ok(Draft { palette, cells: Grid::from_cells(h, w, cells).expect("counted") })
    }
}
