//! puzz.link (pzprjs) `nonogram` URLs: `nonogram/<cols>/<rows>/<body>` (formats.md 2.1, 2.3).

use super::super::model::{normalise_clue, Clue, Line, Nonogram, MAX_SIDE};
use crate::error::{InputError, InputResult};
use crate::puzzlink;

/// Writes the URL; `None` when a run exceeds 255, which the format cannot hold.
pub fn to_puzzlink(p: &Nonogram) -> Option<String> {
    let (w, h) = (p.width(), p.height());
    let (r_slots, c_slots) = (h.div_ceil(2), w.div_ceil(2));
    let mut slots: Vec<Option<u32>> = Vec::new();
    let mut put = |clue: &Clue, n: usize| {
        let before = slots.len();
        slots.extend(clue.iter().rev().map(|&v| Some(v)));
        slots.resize(before + n, None);
    };
    for c in p.cols() {
        put(c, r_slots);
    }
    for r in p.rows() {
        put(r, c_slots);
    }
    let mut body = String::new();
    let mut skip = 0usize;
    let flush = |body: &mut String, skip: &mut usize| {
        while *skip > 0 {
            let k = (*skip).min(20);
            body.push((b'f' + k as u8) as char);
            *skip -= k;
        }
    };
    for s in slots {
        match s {
            None => skip += 1,
            Some(v) => {
                flush(&mut body, &mut skip);
                match v {
                    0..=15 => body.push(char::from_digit(v, 16).expect("hex digit")),
                    16..=255 => body.push_str(&format!("-{v:02x}")),
                    _ => return None,
                }
            }
        }
    }
    flush(&mut body, &mut skip);
    Some(format!("https://puzz.link/p?nonogram/{w}/{h}/{body}"))
}

/// Reads a puzz.link nonogram URL (any host; the text after the first `?`).
pub fn from_puzzlink(url: &str) -> InputResult<Nonogram> {
    let at = "puzz.link URL";
    let (cols, rows, segs) = match puzzlink::parse(url, "nonogram", MAX_SIDE)? {
        puzzlink::Parsed::File(_) => {
            return Err(InputError::at(at, "the pzprv3 file-in-URL form is not read yet; use the short `nonogram/<cols>/<rows>/…` URL"))
        }
        puzzlink::Parsed::Short { cols, rows, body } => (cols, rows, body),
    };
    let body = segs.first().copied().unwrap_or("");
    let (r_slots, c_slots) = (rows.div_ceil(2), cols.div_ceil(2));
    let total = cols * r_slots + rows * c_slots;
    let mut slots: Vec<Option<u32>> = Vec::with_capacity(total);
    let chars: Vec<char> = body.chars().collect();
    let mut k = 0;
    while k < chars.len() {
        let ch = chars[k];
        let kk = k;
        let here = || format!("{at}, body character {}", kk + 1);
        match ch {
            '0'..='9' | 'a'..='f' => slots.push(Some(ch.to_digit(16).expect("hex"))),
            '-' => {
                let hex: String = chars.iter().skip(k + 1).take(2).collect();
                let v = u32::from_str_radix(&hex, 16).ok().filter(|_| hex.len() == 2).ok_or_else(
                    || {
                        InputError::at(
                            here(),
                            format!("`-` must be followed by two hex digits, found `{hex}`"),
                        )
                    },
                )?;
                slots.push(Some(v));
                k += 2;
            }
            '.' => {
                return Err(InputError::at(here(), "a `?` clue (unknown run) has no Tatham or studio equivalent and cannot be solved"));
            }
            'g'..='z' => slots.extend(std::iter::repeat_n(None, (ch as u8 - b'f') as usize)),
            other => return Err(InputError::at(here(), format!("`{other}` is not a clue token"))),
        }
        if slots.len() > total {
            return Err(InputError::at(
                here(),
                format!("the body has more than the {total} clue slots of a {cols}x{rows} grid"),
            ));
        }
        k += 1;
    }
    slots.resize(total, None);
    let mut clues = Vec::with_capacity(cols + rows);
    let mut pos = 0;
    for l in 0..cols + rows {
        let (line, n) =
            if l < cols { (Line::Col(l), r_slots) } else { (Line::Row(l - cols), c_slots) };
        let mut clue: Clue = slots[pos..pos + n].iter().flatten().copied().collect();
        clue.reverse();
        pos += n;
        clues.push(normalise_clue(line, clue).map_err(|e| e.within(at))?);
    }
    let row_clues = clues.split_off(cols);
    Nonogram::new(row_clues, clues).map_err(|e| e.within(at))
}
