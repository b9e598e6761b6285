//! The `.nin` solver format: `W H`, then the row clues, then the column clues (formats.md 3.3).

use super::super::model::{normalise_clue, Line, Nonogram, MAX_SIDE};
use crate::error::{InputError, InputResult};

/// Reads a `.nin` file (blank lines and `#` comments are skipped; `0` is an empty line).
pub fn from_nin(text: &str) -> InputResult<Nonogram> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
    let (n0, head) = lines.next().ok_or_else(|| InputError::new("empty .nin file"))?;
    let nums: Vec<&str> = head.split_whitespace().collect();
    let size = |s: &str| -> InputResult<usize> {
        let n: usize = s.parse().map_err(|_| {
            InputError::at(
                format!("line {n0}"),
                format!("`{s}` is not a size; the first line is `W H`"),
            )
        })?;
        if n == 0 || n > MAX_SIDE {
            return Err(InputError::at(
                format!("line {n0}"),
                format!("{n} is outside 1 to {MAX_SIDE}"),
            ));
        }
        Ok(n)
    };
    if nums.len() != 2 {
        return Err(InputError::at(format!("line {n0}"), "the first line is `W H`"));
    }
    let (w, h) = (size(nums[0])?, size(nums[1])?);
    let mut clues = Vec::with_capacity(w + h);
    for k in 0..h + w {
        let line = if k < h { Line::Row(k) } else { Line::Col(k - h) };
        let (n, l) = lines.next().ok_or_else(|| {
            InputError::at(
                line.to_string(),
                format!("missing: a {w}x{h} .nin file has {} clue lines, found {k}", w + h),
            )
        })?;
        let at = || format!("line {n}");
        let clue = l
            .split_whitespace()
            .map(|t| super::parse_run(t, &at))
            .collect::<InputResult<Vec<u32>>>()?;
        clues.push(normalise_clue(line, clue).map_err(|e| e.within(at()))?);
    }
    if let Some((n, _)) = lines.next() {
        return Err(InputError::at(
            format!("line {n}"),
            format!("extra text after the {} clue lines", w + h),
        ));
    }
    let cols = clues.split_off(h);
    Nonogram::new(clues, cols)
}

/// Writes a `.nin` file.
pub fn to_nin(p: &Nonogram) -> String {
    let mut out = format!("{} {}\n", p.width(), p.height());
    for c in p.rows().iter().chain(p.cols()) {
        out.push_str(&super::clue_string(c, " "));
        out.push('\n');
    }
    out
}
