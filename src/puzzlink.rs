//! puzz.link (pzprjs) URLs: the grammar every genre shares (`shared/reference/formats.md` 2.1).

use crate::error::{InputError, InputResult};
use crate::link::clip;

/// A puzz.link URL taken apart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Parsed<'a> {
    /// The file-in-URL form `p?pzprv3/<genre>/…`: the file's lines.
    File(Vec<&'a str>),
    /// The short form: size (columns first) and the genre's own segments that follow.
    Short {
        /// Number of columns.
        cols: usize,
        /// Number of rows.
        rows: usize,
        /// The segments after the size, trailing empty one dropped.
        body: Vec<&'a str>,
    },
}

/// The genre a puzz.link URL names (`…/p?starbattle/…`, `…/p?nonogram_edit/…`, or the
/// file-in-URL form `…/p?pzprv3/starbattle/…`), for a kind's [`crate::puzzle::Puzzle::recognises`].
pub fn genre(text: &str) -> Option<&str> {
    let t = text.trim();
    let rest = &t[t.find('?')? + 1..];
    let pid = rest.split('/').next().unwrap_or("");
    let pid = pid.rsplit('&').next().unwrap_or("");
    let pid = pid.trim_end_matches("_edit").trim_end_matches("_play");
    match pid {
        "pzprv3" => rest.split('/').nth(1).filter(|g| !g.is_empty()),
        "" => None,
        g => Some(g),
    }
}

/// Reads the parts of a puzz.link URL for `genre`: any host, the text after the first `?`,
/// `key=value&` prefixes, `_edit`/`_play` suffixes, an optional `v:` variant and flag segment,
/// then `<cols>/<rows>/…`. Sizes outside 1..=`max_side` are refused.
pub fn parse<'a>(url: &'a str, genre: &str, max_side: usize) -> InputResult<Parsed<'a>> {
    const AT: &str = "puzz.link URL";
    let url = url.trim();
    let query = url.split_once('?').map(|(_, q)| q).unwrap_or(url);
    let mut segs: Vec<&str> = query.split('/').collect();
    if let Some(first) = segs.first_mut() {
        *first = first.rsplit('&').next().unwrap_or(first);
    }
    if segs.last() == Some(&"") {
        segs.pop();
    }
    let pid = segs.first().copied().unwrap_or("");
    if pid == "pzprv3" {
        return Ok(Parsed::File(segs));
    }
    let pid = pid.trim_end_matches("_edit").trim_end_matches("_play");
    if pid != genre {
        return Err(InputError::at(AT, format!("the puzzle type is `{}`, not {genre}", clip(pid))));
    }
    let mut i = 1;
    if segs.get(i).is_some_and(|s| s.starts_with("v:")) {
        i += 1;
    }
    if segs.get(i).is_some_and(|s| !s.is_empty() && !s.chars().all(|c| c.is_ascii_digit())) {
        i += 1;
    }
    let num = |j: usize, what: &str| -> InputResult<usize> {
        let s = segs.get(j).copied().unwrap_or("");
        s.parse().map_err(|_| {
            InputError::at(AT, format!("expected the {what} as a number, found `{}`", clip(s)))
        })
    };
    let cols = num(i, "number of columns")?;
    let rows = num(i + 1, "number of rows")?;
    if cols == 0 || rows == 0 || cols > max_side || rows > max_side {
        return Err(InputError::at(AT, format!("a {cols}x{rows} grid is outside 1 to {max_side}")));
    }
    Ok(Parsed::Short { cols, rows, body: segs[i + 2..].to_vec() })
}
