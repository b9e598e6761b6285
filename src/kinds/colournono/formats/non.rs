//! The coloured `.non` variant (nonogram-db's extension of Steve Simpson's format, formats.md
//! 3.2): `color <c> #rrggbb` lines name a colour by a character, clue numbers carry it as a
//! suffix (`3b,1d`), and the goal writes each cell's character (`0` the background).
//!
//! Reading: a number without a suffix is colour `1` (black unless a `color 1` line says
//! otherwise); `color 0` sets the background (white otherwise); characters used without a
//! `color` line get the generator's colours; the palette is the `color` lines in order, then
//! the characters met first in the clues. Writing: the palette colours as `a`, `b`, … (`A` to
//! `F` after `z`, as in the share link), `color 0` only for a background other than white.

use super::super::generate::PALETTE;
use super::super::model::{char_colour, colour_char};
use super::super::model::{Clue, Colour, ColourNonogram, Line, Run, MAX_COLOURS, MAX_SIDE};
use crate::error::{InputError, InputResult};
use crate::grid::Grid;
use crate::link::clip;

/// The palette being read: the background and each designation character's colour.
struct Designations {
    background: Option<[u8; 3]>,
    /// (character, colour when a `color` line gave one), in palette order.
    chars: Vec<(char, Option<[u8; 3]>)>,
}

impl Designations {
    /// The palette index of `ch` (1 or more), adding it when new.
    fn index(&mut self, ch: char, at: &dyn Fn() -> String) -> InputResult<u8> {
        if let Some(i) = self.chars.iter().position(|&(c, _)| c == ch) {
            return Ok(i as u8 + 1);
        }
        if self.chars.len() >= MAX_COLOURS {
            return Err(InputError::at(at(), format!("more than {MAX_COLOURS} colours")));
        }
        self.chars.push((ch, None));
        Ok(self.chars.len() as u8)
    }

    /// The palette: unset colours take the first generator colours no other entry has.
    fn palette(&self) -> Vec<Colour> {
        let mut out = vec![Colour { rgb: self.background.unwrap_or([255, 255, 255]), name: None }];
        let given: Vec<[u8; 3]> = self.chars.iter().filter_map(|&(_, rgb)| rgb).collect();
        let mut spare = PALETTE[1..]
            .iter()
            .copied()
            .filter(|rgb| !given.contains(rgb) && Some(*rgb) != self.background);
        for &(ch, rgb) in &self.chars {
            let rgb = rgb
                .or_else(|| if ch == '1' { Some([0, 0, 0]) } else { None })
                .or_else(|| spare.next())
                .unwrap_or([128, 128, 128]);
            out.push(Colour { rgb, name: None });
        }
        out
    }
}

/// Reads one clue line: runs separated by commas or spaces, each a length and an optional
/// designation character; `0` or an empty line is an empty clue.
fn read_clue(
    text: &str,
    line: Line,
    d: &mut Designations,
    at: &dyn Fn() -> String,
) -> InputResult<Clue> {
    let mut clue = Vec::new();
    for token in text.split([',', ' ', '\t']).filter(|t| !t.is_empty()) {
        let digits: String = token.chars().take_while(char::is_ascii_digit).collect();
        let rest = &token[digits.len()..];
        let len: u32 = digits.parse().map_err(|_| {
            InputError::at(at(), format!("{line}: `{}` is not a run length", clip(token)))
        })?;
        let mut chars = rest.chars();
        let ch = match (chars.next(), chars.next()) {
            (None, _) => '1',
            (Some(c), None) => c,
            _ => {
                return Err(InputError::at(
                    at(),
                    format!(
                        "{line}: `{}` is a length and more than one colour character",
                        clip(token)
                    ),
                ))
            }
        };
        if len == 0 {
            continue;
        }
        clue.push(Run { len, colour: d.index(ch, at)? });
    }
    Ok(clue)
}

/// Whether `l` starts a clue line.
fn is_clue(l: &str) -> bool {
    l.starts_with(|c: char| c.is_ascii_digit())
}

fn unquote(v: &str) -> String {
    let v = v.trim();
    let v = v.strip_prefix('"').and_then(|s| s.strip_suffix('"')).unwrap_or(v);
    v.replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// Reads a coloured `.non` file.
pub fn from_non(text: &str) -> InputResult<ColourNonogram> {
    let lines: Vec<&str> = text.lines().collect();
    let mut d = Designations { background: None, chars: Vec::new() };
    let (mut w, mut h) = (None::<usize>, None::<usize>);
    let (mut rows, mut cols): (Option<Vec<Clue>>, Option<Vec<Clue>>) = (None, None);
    let (mut goal, mut title) = (None::<(usize, String)>, None);
    let mut i = 0;
    while i < lines.len() {
        let l = lines[i].trim();
        let line_no = i + 1;
        let at = move || format!("line {line_no}");
        i += 1;
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let (key, value) = l
            .split_once(char::is_whitespace)
            .map_or((l.to_ascii_lowercase(), ""), |(k, v)| (k.to_ascii_lowercase(), v.trim()));
        let size = |v: &str| -> InputResult<usize> {
            match v.parse::<usize>() {
                Ok(n) if (1..=MAX_SIDE).contains(&n) => Ok(n),
                _ => Err(InputError::at(
                    at(),
                    format!("`{}` is not a size from 1 to {MAX_SIDE}", clip(v)),
                )),
            }
        };
        match (key.as_str(), value.is_empty()) {
            ("width" | "columns", false) => w = Some(size(value)?),
            ("height" | "rows", false) => h = Some(size(value)?),
            ("rows" | "columns", true) => {
                let is_rows = key == "rows";
                let n = if is_rows { h } else { w }.ok_or_else(|| {
                    InputError::at(
                        at(),
                        format!(
                            "the {key} block comes before its size (`{}`)",
                            if is_rows { "height" } else { "width" }
                        ),
                    )
                })?;
                let mut clues = Vec::with_capacity(n);
                // Clue lines, `0` or blank lines for empty ones, until the block is full.
                while clues.len() < n && i < lines.len() {
                    let t = lines[i].trim();
                    let here = i + 1;
                    let at = move || format!("line {here}");
                    let line =
                        if is_rows { Line::Row(clues.len()) } else { Line::Col(clues.len()) };
                    if t.is_empty() || is_clue(t) {
                        clues.push(read_clue(t, line, &mut d, &at)?);
                    } else {
                        break;
                    }
                    i += 1;
                }
                if clues.len() != n {
                    return Err(InputError::at(
                        at(),
                        format!("the {key} block needs {n} clue lines, found {}", clues.len()),
                    ));
                }
                if is_rows {
                    rows = Some(clues);
                } else {
                    cols = Some(clues);
                }
            }
            ("color", false) => {
                let mut parts = value.split_whitespace();
                let (ch, hex) = match (parts.next(), parts.next()) {
                    (Some(c), Some(hex)) if c.chars().count() == 1 => {
                        (c.chars().next().unwrap_or('1'), hex)
                    }
                    _ => {
                        return Err(InputError::at(
                            at(),
                            format!("`color {}` is not `color <character> #rrggbb`", clip(value)),
                        ))
                    }
                };
                let rgb = Colour::from_hex(hex).ok_or_else(|| {
                    InputError::at(at(), format!("`{}` is not a hex colour", clip(hex)))
                })?;
                let twice = || {
                    InputError::at(
                        at(),
                        format!("`color {ch}` is given twice; each colour character needs one `color` line"),
                    )
                };
                if ch == '0' {
                    if d.background.is_some() {
                        return Err(twice());
                    }
                    d.background = Some(rgb);
                } else {
                    let k = usize::from(d.index(ch, &at)?) - 1;
                    if d.chars[k].1.is_some() {
                        return Err(twice());
                    }
                    d.chars[k].1 = Some(rgb);
                }
            }
            ("goal", _) => goal = Some((line_no, unquote(value))),
            ("title", _) => title = Some(unquote(value)),
            _ if is_clue(l) => {
                return Err(InputError::at(at(), "a clue line outside a `rows` or `columns` block"))
            }
            _ => {}
        }
    }
    let rows = rows.ok_or_else(|| InputError::new("no `rows` block"))?;
    let cols = cols.ok_or_else(|| InputError::new("no `columns` block"))?;
    if d.chars.is_empty() {
        d.chars.push(('1', None));
    }
    // Goal characters are read before the palette is fixed: an unseen one is a new colour.
    let goal_cells = match &goal {
        Some((line_no, g)) => {
            let at = || format!("line {line_no}");
            let mut cells = Vec::new();
            for ch in g.chars().filter(|c| !c.is_whitespace()) {
                cells.push(if ch == '0' { 0 } else { d.index(ch, &at)? });
            }
            Some((*line_no, cells))
        }
        None => None,
    };
    let p = ColourNonogram::new(d.palette(), rows, cols)?.with_title(title);
    match goal_cells {
        Some((line_no, cells)) => {
            let n = p.width() * p.height();
            if cells.len() != n {
                return Err(InputError::at(
                    format!("line {line_no}"),
                    format!("the goal has {} cells, the grid {n}", cells.len()),
                ));
            }
            let g = Grid::from_cells(p.height(), p.width(), cells).expect("counted");
            p.with_goal(g).map_err(|e| e.within(format!("line {line_no}")))
        }
        None => Ok(p),
    }
}

/// A clue in `.non` form: `3a,1b`; `0` when empty.
fn clue_text(clue: &[Run]) -> String {
    if clue.is_empty() {
        return "0".into();
    }
    clue.iter().map(|r| format!("{}{}", r.len, colour_char(r.colour))).collect::<Vec<_>>().join(",")
}

/// Writes a coloured `.non` file.
pub fn to_non(p: &ColourNonogram) -> String {
    let mut out = String::new();
    if let Some(t) = p.title() {
        out.push_str(&format!("title \"{}\"\n", t.replace('&', "&amp;").replace('"', "&quot;")));
    }
    out.push_str(&format!("width {}\nheight {}\n", p.width(), p.height()));
    let bg = &p.palette()[0];
    if bg.rgb != [255, 255, 255] {
        out.push_str(&format!("color 0 {}\n", bg.hex()));
    }
    for (i, c) in p.palette().iter().enumerate().skip(1) {
        out.push_str(&format!("color {} {}\n", colour_char(i as u8), c.hex()));
    }
    out.push_str("\nrows\n");
    for c in p.rows() {
        out.push_str(&clue_text(c));
        out.push('\n');
    }
    out.push_str("\ncolumns\n");
    for c in p.cols() {
        out.push_str(&clue_text(c));
        out.push('\n');
    }
    if let Some(g) = p.goal() {
        let s: String =
            g.cells().iter().map(|&v| if v == 0 { '0' } else { colour_char(v) }).collect();
        out.push_str(&format!("\ngoal \"{s}\"\n"));
    }
    out
}

/// Whether `text` is plainly a coloured `.non` file: `rows` and `columns` blocks and a `color`
/// line or a clue with a colour character.
pub fn recognises(text: &str) -> bool {
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let has = |k: &str| lines.iter().any(|l| l.eq_ignore_ascii_case(k));
    has("rows")
        && has("columns")
        && lines.iter().any(|l| {
            l.to_ascii_lowercase().starts_with("color ")
                || (is_clue(l)
                    && l.split([',', ' ']).any(|t| {
                        t.chars().last().is_some_and(|c| char_colour(c).is_some_and(|v| v > 0))
                    }))
        })
}
