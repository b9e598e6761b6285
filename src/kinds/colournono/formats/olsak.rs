//! Olšák's `.g` format (the griddler solver's input, as documented inside its sample files,
//! which pbnsolve ships), the rectangular colour form:
//!
//! - free text until a line starting `#d`; from there colour declarations, one a line,
//!   `<in>:<out> <colour> <comment>` (`<in>` the character clue numbers carry, `<out>` a
//!   character for terminal printing, `<colour>` an X11 colour name or `#rrggbb`); `<in>` `0`
//!   declares the background (white otherwise), `1` the colour of numbers without a character;
//! - a line starting `:` with `rows`, then one clue line per row (runs separated by spaces,
//!   each a length and its `<in>` character); `:` with `columns`, the columns; `:` with `end`.
//!   `0` is an empty line; blank lines are skipped. Triddlers and triangle griddlers (other
//!   sections) are refused by name.
//!
//! Writing gives the palette colours the characters `a`, `b`, … (as the share link does), a
//! `0` declaration for the background, every run with its character, and `0` for empty lines.
//! The colours' names go in their declarations' comments and the title in the free text as a
//! line `title: …`, and both read back (a `title:` line of the free text is the title; a
//! declaration's comment is its colour's name, except `background`, which the writer puts on
//! a background that has none). The goal has no place in the format (the page says so).

use super::super::model::colour_char;
use super::super::model::{Clue, Colour, ColourNonogram, Line, Run, MAX_COLOURS};
use crate::error::{InputError, InputResult};
use crate::link::clip;

/// The X11 colour names read (the common ones; others need `#rrggbb`).
const NAMES: &[(&str, [u8; 3])] = &[
    ("white", [255, 255, 255]),
    ("black", [0, 0, 0]),
    ("red", [255, 0, 0]),
    ("green", [0, 255, 0]),
    ("blue", [0, 0, 255]),
    ("yellow", [255, 255, 0]),
    ("cyan", [0, 255, 255]),
    ("magenta", [255, 0, 255]),
    ("gray", [190, 190, 190]),
    ("grey", [190, 190, 190]),
    ("orange", [255, 165, 0]),
    ("brown", [165, 42, 42]),
    ("pink", [255, 192, 203]),
    ("purple", [160, 32, 240]),
    ("violet", [238, 130, 238]),
];

/// A colour word: `#rrggbb` (or `#rgb`) or one of [`NAMES`].
fn colour_word(word: &str) -> Option<[u8; 3]> {
    if word.starts_with('#') {
        return Colour::from_hex(word);
    }
    NAMES.iter().find(|(n, _)| n.eq_ignore_ascii_case(word)).map(|&(_, rgb)| rgb)
}

/// Which part of the file a line is in.
#[derive(PartialEq)]
enum Part {
    Text,
    Colours,
    Rows,
    Columns,
    End,
}

/// Reads a `.g` file.
pub fn from_g(text: &str) -> InputResult<ColourNonogram> {
    let mut part = Part::Text;
    let mut background = [255u8, 255, 255];
    let mut background_name: Option<String> = None;
    let mut title: Option<String> = None;
    // (character, colour), in declaration order; `1` is the default colour.
    let mut declared: Vec<(char, Colour)> = Vec::new();
    let (mut rows, mut cols): (Vec<(usize, String)>, Vec<(usize, String)>) =
        (Vec::new(), Vec::new());
    for (i, raw) in text.lines().enumerate() {
        let at = || format!("line {}", i + 1);
        let l = raw.trim();
        if part == Part::End {
            break;
        }
        if let Some(section) = l.strip_prefix(':') {
            let word: String = section
                .trim_start()
                .chars()
                .take_while(char::is_ascii_alphabetic)
                .collect::<String>()
                .to_ascii_lowercase();
            part = match word.as_str() {
                "rows" => Part::Rows,
                "columns" => Part::Columns,
                "end" => Part::End,
                _ => return Err(InputError::at(at(), format!("the section `:{}` is not read (only `: rows`, `: columns` and `: end`: triddlers and triangle griddlers are not colour nonograms)", clip(section.trim())))),
            };
            continue;
        }
        match part {
            Part::Text => {
                if l.starts_with("#d") {
                    part = Part::Colours;
                } else if l.get(..6).is_some_and(|w| w.eq_ignore_ascii_case("title:")) {
                    title = Some(l[6..].trim().to_string());
                }
            }
            Part::Colours if !l.is_empty() && !l.starts_with('#') => {
                let mut chars = l.chars();
                let (inchar, colon) = (chars.next(), chars.next());
                let (Some(inchar), Some(':')) = (inchar, colon) else {
                    return Err(InputError::at(
                        at(),
                        format!("`{}` is not a colour declaration `<in>:<out> <colour>`", clip(l)),
                    ));
                };
                let rest: String = chars.skip(1).collect();
                let word = rest.split_whitespace().next().unwrap_or("");
                let rgb = colour_word(word).ok_or_else(|| {
                    InputError::at(
                        at(),
                        format!(
                            "`{}` is not #rrggbb or a colour name read here ({})",
                            clip(word),
                            NAMES.iter().map(|n| n.0).collect::<Vec<_>>().join(", ")
                        ),
                    )
                })?;
                if inchar.is_ascii_digit() && inchar != '0' && inchar != '1' || inchar == ',' {
                    return Err(InputError::at(at(), format!("`{inchar}` cannot name a colour (digits other than 0 and 1, and commas, are lengths and separators)")));
                }
                let name = rest.split_whitespace().skip(1).collect::<Vec<_>>().join(" ");
                let name = (!name.is_empty()).then(|| name.chars().take(40).collect::<String>());
                if inchar == '0' {
                    background = rgb;
                    background_name = name.filter(|n| n != "background");
                } else if declared.iter().any(|(c, _)| *c == inchar) {
                    return Err(InputError::at(at(), format!("`{inchar}` is declared twice")));
                } else if declared.len() >= MAX_COLOURS {
                    return Err(InputError::at(at(), format!("more than {MAX_COLOURS} colours")));
                } else {
                    declared.push((inchar, Colour { rgb, name }));
                }
            }
            Part::Rows if !l.is_empty() => rows.push((i + 1, l.to_string())),
            Part::Columns if !l.is_empty() => cols.push((i + 1, l.to_string())),
            _ => {}
        }
    }
    if rows.is_empty() || cols.is_empty() {
        return Err(InputError::new(
            "expected `: rows` and `: columns` sections with a clue line each",
        ));
    }
    if declared.is_empty() {
        declared.push(('1', Colour::rgb(0, 0, 0)));
    }
    let read = |lines: &[(usize, String)], row: bool| -> InputResult<Vec<Clue>> {
        lines
            .iter()
            .enumerate()
            .map(|(k, (line_no, t))| {
                let line = if row { Line::Row(k) } else { Line::Col(k) };
                let at = || format!("line {line_no}, {line}");
                let mut clue = Vec::new();
                for token in t.split([' ', '\t', ',']).filter(|s| !s.is_empty()) {
                    let digits: String = token.chars().take_while(char::is_ascii_digit).collect();
                    let len: u32 = digits.parse().map_err(|_| InputError::at(at(), format!("`{}` is not a run length", clip(token))))?;
                    let mut rest = token[digits.len()..].chars();
                    let ch = match (rest.next(), rest.next()) {
                        (None, _) => '1',
                        (Some(c), None) => c,
                        _ => return Err(InputError::at(at(), format!("`{}` is a length and more than one colour character", clip(token)))),
                    };
                    if len == 0 {
                        continue;
                    }
                    let colour = declared
                        .iter()
                        .position(|(c, _)| *c == ch)
                        .ok_or_else(|| InputError::at(at(), if ch == '1' { format!("`{token}` has no colour character and no default colour (`1:`) is declared") } else { format!("the colour `{ch}` is not declared") }))?;
                    clue.push(Run { len, colour: colour as u8 + 1 });
                }
                Ok(clue)
            })
            .collect()
    };
    let (row_clues, col_clues) = (read(&rows, true)?, read(&cols, false)?);
    let palette: Vec<Colour> = std::iter::once(Colour { rgb: background, name: background_name })
        .chain(declared.iter().map(|(_, c)| c.clone()))
        .collect();
    Ok(ColourNonogram::new(palette, row_clues, col_clues)?.with_title(title))
}

/// Writes a `.g` file.
pub fn to_g(p: &ColourNonogram) -> String {
    let mut out = String::from("A colour nonogram from Puzzle Studio\n");
    if let Some(t) = p.title() {
        out.push_str(&format!("title: {}\n", t.replace(['\n', '\r'], " ")));
    }
    out.push_str("\n#d\n");
    let bg = &p.palette()[0];
    let bg_name =
        bg.name.as_deref().map_or("background".to_string(), |n| n.replace(['\n', '\r'], " "));
    out.push_str(&format!("   0:  {}  {bg_name}\n", bg.hex()));
    for (i, c) in p.palette().iter().enumerate().skip(1) {
        let ch = colour_char(i as u8);
        out.push_str(&format!(
            "   {ch}:{ch}  {}{}\n",
            c.hex(),
            c.name.as_ref().map(|n| format!("  {}", n.replace('\n', " "))).unwrap_or_default()
        ));
    }
    let line = |clue: &[Run]| {
        if clue.is_empty() {
            "0".to_string()
        } else {
            clue.iter()
                .map(|r| format!("{}{}", r.len, colour_char(r.colour)))
                .collect::<Vec<_>>()
                .join(" ")
        }
    };
    out.push_str(": rows\n");
    for c in p.rows() {
        out.push_str(&line(c));
        out.push('\n');
    }
    out.push_str(": columns\n");
    for c in p.cols() {
        out.push_str(&line(c));
        out.push('\n');
    }
    out.push_str(": end\n");
    out
}

/// Whether `text` is plainly a `.g` file: a `: rows` section line and a `: columns` one.
pub fn recognises(text: &str) -> bool {
    let section = |w: &str| {
        text.lines().any(|l| {
            l.trim()
                .strip_prefix(':')
                .is_some_and(|s| s.trim_start().to_ascii_lowercase().starts_with(w))
        })
    };
    section("rows") && section("columns")
}
