//! Steve Simpson's `.non` files, with the nonogram-db extensions (formats.md 3.2).

use super::super::model::{normalise_clue, Clue, Line, Nonogram, MAX_SIDE};
use crate::error::{InputError, InputResult};
use crate::grid::Grid;
use crate::link::clip;

fn is_clue_line(l: &str) -> bool {
    l.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '+')
}

fn unquote(v: &str) -> String {
    let v = v.trim();
    let v = v.strip_prefix('"').and_then(|s| s.strip_suffix('"')).unwrap_or(v);
    v.replace("&amp;", "&")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
}

fn parse_clue(l: &str, line_no: usize, which: Line) -> InputResult<Clue> {
    let at = || format!("line {line_no}");
    let clue = l
        .split([',', ' ', '\t'])
        .filter(|t| !t.is_empty())
        .map(|t| super::parse_run(t, &at))
        .collect::<InputResult<Vec<u32>>>()?;
    normalise_clue(which, clue).map_err(|e| e.within(at()))
}

/// A clue block as read: its clues, the index of the line after it, and the number (from 1)
/// of its last line when that line was blank and read as an empty clue, which is how a block
/// one clue line short reads (named if the totals then differ).
struct Block {
    clues: Vec<Clue>,
    next: usize,
    blank_last: Option<usize>,
}

/// Reads a clue block of `n` lines after the header at index `start`; first Simpson-style
/// (blank lines ignored), then, if the block runs out early, with blank lines as empty clues.
fn read_block(lines: &[&str], start: usize, n: usize, rows: bool) -> InputResult<Block> {
    let which = |k: usize| if rows { Line::Row(k) } else { Line::Col(k) };
    for blank_is_empty in [false, true] {
        let mut clues = Vec::with_capacity(n);
        let mut i = start + 1;
        let mut blank_last = None;
        while clues.len() < n && i < lines.len() {
            let l = lines[i].trim();
            blank_last = None;
            if l.is_empty() {
                if blank_is_empty {
                    clues.push(Vec::new());
                    blank_last = Some(i + 1);
                }
            } else if is_clue_line(l) {
                clues.push(parse_clue(l, i + 1, which(clues.len()))?);
            } else {
                break;
            }
            i += 1;
        }
        if clues.len() == n {
            return Ok(Block { clues, next: i, blank_last });
        }
        if blank_is_empty {
            let what = if rows { "rows" } else { "columns" };
            return Err(InputError::at(
                format!("line {}", start + 1),
                format!("the {what} block needs {n} clue lines, found {}", clues.len()),
            ));
        }
    }
    unreachable!("the second pass always returns")
}

/// Reads a `.non` file.
pub fn from_non(text: &str) -> InputResult<Nonogram> {
    let lines: Vec<&str> = text.lines().collect();
    let (mut w, mut h) = (None::<usize>, None::<usize>);
    let (mut rows, mut cols) = (None::<Block>, None::<Block>);
    let (mut goal, mut title) = (None, None);
    let mut i = 0;
    while i < lines.len() {
        let l = lines[i].trim();
        let line_no = i + 1;
        let at = || format!("line {line_no}");
        i += 1;
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let (key, value) = match l.split_once(char::is_whitespace) {
            Some((k, v)) => (k.to_ascii_lowercase(), v.trim()),
            None => (l.to_ascii_lowercase(), ""),
        };
        let size = |v: &str| -> InputResult<usize> {
            let n: usize = v
                .parse()
                .map_err(|_| InputError::at(at(), format!("`{}` is not a size", clip(v))))?;
            if n == 0 || n > MAX_SIDE {
                return Err(InputError::at(at(), format!("{n} is outside 1 to {MAX_SIDE}")));
            }
            Ok(n)
        };
        match (key.as_str(), value.is_empty()) {
            ("width" | "columns", false) => w = Some(size(value)?),
            ("height" | "rows", false) => h = Some(size(value)?),
            ("rows", true) => {
                let n =
                    h.ok_or_else(|| InputError::at(at(), "the rows block comes before `height`"))?;
                let block = read_block(&lines, line_no - 1, n, true)?;
                i = block.next;
                rows = Some(block);
            }
            ("columns", true) => {
                let n = w.ok_or_else(|| {
                    InputError::at(at(), "the columns block comes before `width`")
                })?;
                let block = read_block(&lines, line_no - 1, n, false)?;
                i = block.next;
                cols = Some(block);
            }
            ("goal", _) => goal = Some((line_no, unquote(value))),
            ("title", _) => title = Some(unquote(value)),
            _ if is_clue_line(l) => {
                return Err(InputError::at(
                    at(),
                    "a clue line outside a `rows` or `columns` block",
                ));
            }
            _ => {}
        }
    }
    let rows = rows.ok_or_else(|| InputError::new("no `rows` block"))?;
    let cols = cols.ok_or_else(|| InputError::new("no `columns` block"))?;
    // A block one line short reads its closing blank line as an empty clue; if the totals
    // then differ, the message names that line.
    let blanks = [("rows", "row", rows.blank_last), ("columns", "column", cols.blank_last)];
    let mut p = Nonogram::new(rows.clues, cols.clues)
        .map_err(|mut e| {
            if e.at.as_deref() == Some("totals") {
                for (block, one, line) in blanks {
                    if let Some(line) = line {
                        e.message.push_str(&format!(
                            "; is the {block} block a clue line short? Its blank line {line} \
                             was read as an empty {one}"
                        ));
                    }
                }
            }
            e
        })?
        .with_title(title);
    if let Some((line_no, g)) = goal {
        let (w, h) = (p.width(), p.height());
        let chars: Vec<bool> = g.chars().filter(|c| !c.is_whitespace()).map(|c| c != '0').collect();
        if chars.len() != w * h {
            return Err(InputError::at(
                format!("line {line_no}"),
                format!("the goal has {} cells, the grid {}", chars.len(), w * h),
            ));
        }
        let grid = Grid::from_cells(h, w, chars).expect("counted");
        p = p.with_goal(grid).map_err(|e| e.within(format!("line {line_no}")))?;
    }
    Ok(p)
}

/// Writes a `.non` file (empty lines as `0`; givens are not part of the format and are left out).
pub fn to_non(p: &Nonogram) -> String {
    let mut out = String::new();
    if let Some(t) = p.title() {
        out.push_str(&format!("title \"{}\"\n", t.replace('&', "&amp;").replace('"', "&quot;")));
    }
    out.push_str(&format!("width {}\nheight {}\n\nrows\n", p.width(), p.height()));
    for c in p.rows() {
        out.push_str(&super::clue_string(c, ","));
        out.push('\n');
    }
    out.push_str("\ncolumns\n");
    for c in p.cols() {
        out.push_str(&super::clue_string(c, ","));
        out.push('\n');
    }
    if let Some(g) = p.goal() {
        let s: String = g.cells().iter().map(|&b| if b { '1' } else { '0' }).collect();
        out.push_str(&format!("\ngoal \"{s}\"\n"));
    }
    out
}
