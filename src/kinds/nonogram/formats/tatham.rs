//! Simon Tatham's Pattern game IDs, `WxH:<columns>/<rows>[,<givens>]` (formats.md 1.4).

use super::super::model::{Cell, Clue, Line, Nonogram, MAX_SIDE};
use crate::error::{InputError, InputResult};
use crate::grid::Grid;
use crate::link::{clip, percent_decode};

/// Whether `t` starts like a Pattern ID (`10`, `10x5`, then `:` or `#`).
pub fn looks_like_id(t: &str) -> bool {
    let head = t.split([':', '#']).next().unwrap_or("");
    let has_sep = t.len() > head.len();
    let mut parts = head.splitn(2, 'x');
    let w = parts.next().unwrap_or("");
    let ok_num = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
    has_sep && ok_num(w) && parts.next().is_none_or(ok_num)
}

/// Writes the descriptive ID in canonical form.
pub fn to_tatham(p: &Nonogram) -> String {
    let entry = |c: &Clue| c.iter().map(u32::to_string).collect::<Vec<_>>().join(".");
    let lines: Vec<String> = p.cols().iter().chain(p.rows()).map(entry).collect();
    let mut out = format!("{}x{}:{}", p.width(), p.height(), lines.join("/"));
    if let Some(g) = p.givens() {
        out.push(',');
        out.push_str(&givens_string(g));
    }
    out
}

fn letter(k: usize, black: bool) -> char {
    let c = (b'a' + k as u8) as char;
    if black {
        c.to_ascii_uppercase()
    } else {
        c
    }
}

/// Encodes givens as skip letters over the cells in reading order.
pub fn givens_string(g: &Grid<Cell>) -> String {
    let mut out = String::new();
    let mut run = 0usize;
    for &c in g.cells() {
        if c == Cell::Unknown {
            run += 1;
            continue;
        }
        while run >= 25 {
            out.push('z');
            run -= 25;
        }
        out.push(letter(run, c == Cell::Black));
        run = 0;
    }
    while run >= 25 {
        out.push('z');
        run -= 25;
    }
    if run > 0 {
        out.push(letter(run, false));
    }
    out
}

fn parse_givens(s: &str, w: usize, h: usize) -> InputResult<Grid<Cell>> {
    let total = w * h;
    let mut cells = vec![Cell::Unknown; total];
    let mut pos = 0usize;
    for (i, ch) in s.chars().enumerate() {
        let at = || format!("givens, letter {}", i + 1);
        if !ch.is_ascii_alphabetic() {
            return Err(InputError::at(
                at(),
                format!("`{ch}` is not a letter; givens are written a–z / A–Z"),
            ));
        }
        let k = (ch.to_ascii_lowercase() as u8 - b'a') as usize;
        if pos >= total {
            return Err(InputError::at(
                at(),
                format!("the letters go past the last of the {total} cells"),
            ));
        }
        if k == 25 {
            pos += 25;
        } else {
            pos += k;
            if pos < total {
                cells[pos] = Cell::known(ch.is_ascii_uppercase());
                pos += 1;
            }
        }
        if pos > total {
            return Err(InputError::at(
                at(),
                format!("the letters go past the last of the {total} cells"),
            ));
        }
    }
    if pos != total {
        return Err(InputError::at(
            "givens",
            format!("the letters cover {pos} cells, the grid has {total}"),
        ));
    }
    Ok(Grid::from_cells(h, w, cells).expect("counted"))
}

/// Whether `text` is a bare size such as `10x10`.
fn looks_like_size(text: &str) -> bool {
    text.split_once('x').is_some_and(|(w, h)| {
        !w.is_empty() && !h.is_empty() && w.bytes().chain(h.bytes()).all(|b| b.is_ascii_digit())
    })
}

/// Reads a Pattern ID (`WxH:desc`, optionally inside a `…/pattern.html#…` link).
pub fn from_tatham(text: &str) -> InputResult<Nonogram> {
    let mut id = text.trim().to_string();
    if let Some(pos) = id.find("pattern.html#") {
        id = percent_decode(&id[pos + "pattern.html#".len()..]);
    }
    let cut = id.find([':', '#']);
    let (params, desc) = match cut {
        None if looks_like_size(&id) => return Err(InputError::at("Pattern ID", format!("`{}` names a puzzle size only, with no clues", clip(&id)))),
        None => return Err(InputError::at("Pattern ID", format!("`{}` is not a nonogram: a Pattern ID reads like 5x5:2/4/4/4/2/1.1/5/5/3/1 (width x height, a colon, then the column and row clues)", clip(&id)))),
        Some(i) if id.as_bytes()[i] == b'#' => {
            return Err(InputError::at(
                "Pattern ID",
                "random-seed IDs (`WxH#seed`) are unsupported: they only reproduce a puzzle inside Tatham's own generator; copy the descriptive ID (`WxH:…`) instead",
            ))
        }
        Some(i) => (&id[..i], &id[i + 1..]),
    };
    let bad =
        || InputError::at("Pattern ID, size", format!("`{}` should read like 10x10", clip(params)));
    let (w, h) = match params.split_once('x') {
        Some((w, h)) => {
            (w.parse::<usize>().map_err(|_| bad())?, h.parse::<usize>().map_err(|_| bad())?)
        }
        None => {
            let w = params.parse::<usize>().map_err(|_| bad())?;
            (w, w)
        }
    };
    if w == 0 || h == 0 || w > MAX_SIDE || h > MAX_SIDE {
        return Err(InputError::at(
            "Pattern ID, size",
            format!("{w}x{h} is outside 1 to {MAX_SIDE}"),
        ));
    }
    let (clues, givens) = match desc.split_once(',') {
        Some((c, g)) => (c, Some(g)),
        None => (desc, None),
    };
    let entries: Vec<&str> = clues.split('/').collect();
    if entries.len() != w + h {
        return Err(InputError::at(
            "Pattern ID, clues",
            format!(
                "a {w}x{h} puzzle needs {} clues ({w} columns, then {h} rows), found {}",
                w + h,
                entries.len()
            ),
        ));
    }
    let mut lines = Vec::with_capacity(w + h);
    for (i, e) in entries.iter().enumerate() {
        let line = if i < w { Line::Col(i) } else { Line::Row(i - w) };
        let at = || format!("Pattern ID, {line}");
        let clue: Clue = if e.is_empty() {
            Vec::new()
        } else {
            e.split('.').map(|t| super::parse_run(t, &at)).collect::<InputResult<_>>()?
        };
        if clue.contains(&0) {
            return Err(InputError::at(
                at(),
                "runs are 1 or more (an empty line is an empty entry)",
            ));
        }
        lines.push(clue);
    }
    let rows = lines.split_off(w);
    let mut p = Nonogram::new(rows, lines).map_err(|e| e.within("Pattern ID"))?;
    if let Some(g) = givens {
        p = p.with_givens(parse_givens(g, w, h)?)?;
    }
    Ok(p)
}
