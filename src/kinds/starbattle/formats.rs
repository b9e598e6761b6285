//! Star Battle text forms: studio JSON and link, puzz.link URLs, pzprv3 files, KrazyDad lines,
//! StarBattleLab's Star Battle Notation (SBN).
//!
//! Grammars are in `shared/reference/formats.md` (sections 2.1, 2.2 and 4.1) and, for SBN,
//! `docs/formats.md`.

use serde_json::json;

use super::StarBattle;
use crate::error::{InputError, InputResult};
use crate::grid::Grid;
use crate::link::clip;
use crate::puzzle::Entry;
use crate::puzzlink;

/// Reads a region letter: `A`–`Z`, `a`–`z` and digits are labels, `.` is no region.
fn label(ch: char, at: impl FnOnce() -> String) -> InputResult<Option<u32>> {
    match ch {
        '.' => Ok(None),
        c if c.is_ascii_alphanumeric() => Ok(Some(c as u32)),
        c => Err(InputError::at(
            at(),
            format!("`{c}` is not a region letter (use A–Z, a–z, or . for no region)"),
        )),
    }
}

fn labels_from_rows(rows: &[&str], n_cols: Option<usize>) -> InputResult<Grid<Option<u32>>> {
    let cols = n_cols.unwrap_or_else(|| rows.first().map(|r| r.chars().count()).unwrap_or(0));
    let mut cells = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let n = row.chars().count();
        if n != cols {
            return Err(InputError::at(
                format!("regions row {}", r + 1),
                format!("expected {cols} cells, found {n}"),
            ));
        }
        for (c, ch) in row.chars().enumerate() {
            cells.push(label(ch, || format!("regions row {}, column {}", r + 1, c + 1))?);
        }
    }
    Ok(Grid::from_cells(rows.len(), cols, cells).expect("rows checked"))
}

/// The studio JSON form: `{"kind":"starbattle","rows":R,"cols":C,"stars":K,"regions":["AAB…",…]}`.
pub fn to_json(p: &StarBattle) -> serde_json::Value {
    json!({"kind": "starbattle", "rows": p.rows(), "cols": p.cols(), "stars": p.stars(), "regions": region_rows(p)})
}

/// Region letters row by row.
pub fn region_rows(p: &StarBattle) -> Vec<String> {
    (0..p.rows())
        .map(|r| p.regions().row(r).iter().map(|g| g.map_or('.', StarBattle::letter)).collect())
        .collect()
}

fn field_usize(v: &serde_json::Value, name: &str) -> InputResult<Option<usize>> {
    match v.get(name) {
        None | Some(serde_json::Value::Null) => Ok(None),
        Some(x) => x
            .as_u64()
            .map(|n| Some(n as usize))
            .ok_or_else(|| InputError::at(format!("field `{name}`"), "expected a whole number")),
    }
}

/// Reads the studio JSON form.
pub fn from_json(v: &serde_json::Value) -> InputResult<StarBattle> {
    if let Some(kind) = v.get("kind") {
        if kind.as_str() != Some("starbattle") {
            return Err(InputError::at(
                "field `kind`",
                format!("expected \"starbattle\", found {}", clip(&kind.to_string())),
            ));
        }
    }
    let stars =
        field_usize(v, "stars")?.ok_or_else(|| InputError::at("field `stars`", "missing"))?;
    let rows_v = v.get("regions").ok_or_else(|| InputError::at("field `regions`", "missing"))?;
    let arr = rows_v.as_array().ok_or_else(|| {
        InputError::at("field `regions`", "expected a list of strings, one per row")
    })?;
    let mut rows = Vec::with_capacity(arr.len());
    for (i, r) in arr.iter().enumerate() {
        rows.push(r.as_str().ok_or_else(|| {
            InputError::at(format!("regions row {}", i + 1), "expected a string of region letters")
        })?);
    }
    if let Some(n) = field_usize(v, "rows")? {
        if n != rows.len() {
            return Err(InputError::at(
                "field `rows`",
                format!("says {n}, but `regions` has {} rows", rows.len()),
            ));
        }
    }
    let labels = labels_from_rows(&rows, field_usize(v, "cols")?)?;
    StarBattle::new(labels, stars)
}

/// The share-link payload, version 1: `<rows>x<cols>s<stars>/<region letters in reading order>`.
pub fn link_payload(p: &StarBattle) -> String {
    format!("{}x{}s{}/{}", p.rows(), p.cols(), p.stars(), region_rows(p).concat())
}

/// Reads a share-link payload.
pub fn from_link_payload(version: u32, payload: &str) -> InputResult<StarBattle> {
    if version != 1 {
        return Err(InputError::new(format!(
            "Star Battle links of version v{version} are unknown"
        )));
    }
    let (head, letters) = payload
        .split_once('/')
        .ok_or_else(|| InputError::new("expected `<rows>x<cols>s<stars>/<regions>`"))?;
    let bad_head = || InputError::at("size", format!("`{}` should read like 10x10s2", clip(head)));
    let (rows, rest) = head.split_once('x').ok_or_else(bad_head)?;
    let (cols, stars) = rest.split_once('s').ok_or_else(bad_head)?;
    let rows: usize = rows.parse().map_err(|_| bad_head())?;
    let cols: usize = cols.parse().map_err(|_| bad_head())?;
    let stars: usize = stars.parse().map_err(|_| bad_head())?;
    if rows == 0 || cols == 0 || rows > super::model::MAX_SIZE || cols > super::model::MAX_SIZE {
        return Err(InputError::at(
            "size",
            format!("{rows}x{cols} is outside 1 to {}", super::model::MAX_SIZE),
        ));
    }
    let chars: Vec<char> = letters.trim_end_matches('/').chars().collect();
    if chars.len() != rows * cols {
        return Err(InputError::at(
            "regions",
            format!(
                "expected {} region letters for {rows}x{cols}, found {}",
                rows * cols,
                chars.len()
            ),
        ));
    }
    let cells = chars
        .iter()
        .enumerate()
        .map(|(i, &ch)| {
            label(ch, || format!("regions, row {}, column {}", i / cols + 1, i % cols + 1))
        })
        .collect::<InputResult<Vec<_>>>()?;
    StarBattle::new(Grid::from_cells(rows, cols, cells).expect("counted"), stars)
}

/// Answer rows: `*` (or `#`, `1`) is a star, `.` (or `0`, `+`, `-`) is not.
pub fn stars_from_rows(p: &StarBattle, rows: &[String]) -> InputResult<Grid<bool>> {
    crate::grid::from_char_rows(p.cols(), p.rows(), rows, "answer", |ch| match ch {
        '*' | '#' | '1' => Ok(true),
        '.' | '0' | '+' | '-' => Ok(false),
        other => Err(format!("`{other}` is neither a star `*` nor empty `.`")),
    })
}

// ---------------------------------------------------------------- puzz.link

const BASE32: &[u8; 32] = b"0123456789abcdefghijklmnopqrstuv";

/// Packs bits five to a base-32 digit, first bit most significant, last group zero-padded.
fn pack_bits(bits: &[bool]) -> String {
    bits.chunks(5)
        .map(|chunk| {
            let mut v = 0usize;
            for i in 0..5 {
                v = v * 2 + usize::from(chunk.get(i).copied().unwrap_or(false));
            }
            BASE32[v] as char
        })
        .collect()
}

fn unpack_bits(digits: &str, n_bits: usize, section: &str) -> InputResult<Vec<bool>> {
    let mut bits = Vec::with_capacity(n_bits + 5);
    for (i, ch) in digits.chars().enumerate() {
        let v = BASE32.iter().position(|&b| b as char == ch).ok_or_else(|| {
            InputError::at(
                format!("{section}, character {}", i + 1),
                format!("`{ch}` is not a base-32 digit (0-9, a-v)"),
            )
        })?;
        for s in (0..5).rev() {
            bits.push(v >> s & 1 == 1);
        }
    }
    bits.truncate(n_bits);
    Ok(bits)
}

/// Why the puzzle has no puzz.link form, if it has none: walls cannot express a cell outside
/// every region, nor a region in several pieces (puzz.link reads each piece as a region).
pub fn puzzlink_obstacle(p: &StarBattle) -> Option<String> {
    let g = p.regions();
    if let Some(i) = g.cells().iter().position(|c| c.is_none()) {
        return Some(format!(
            "the cell at row {}, column {} is in no region, which puzz.link's walls cannot express",
            i / p.cols() + 1,
            i % p.cols() + 1
        ));
    }
    for region in 0..p.n_regions() as u8 {
        let cells: Vec<usize> =
            (0..g.cells().len()).filter(|&i| g.cells()[i] == Some(region)).collect();
        if crate::grid::pieces(p.rows(), p.cols(), &cells).len() > 1 {
            return Some(format!(
                "region {} is in several pieces, which puzz.link would read as separate regions",
                StarBattle::letter(region)
            ));
        }
    }
    None
}

/// Encodes the puzzle as a puzz.link URL; `None` when walls cannot express its regions (see
/// [`puzzlink_obstacle`]), so every URL written reads back as the same puzzle.
pub fn to_puzzlink(p: &StarBattle) -> Option<String> {
    let g = p.regions();
    if puzzlink_obstacle(p).is_some() {
        return None;
    }
    let (rows, cols) = (p.rows(), p.cols());
    let mut vertical = Vec::new();
    for y in 0..rows {
        for x in 0..cols - 1 {
            vertical.push(g[(y, x)] != g[(y, x + 1)]);
        }
    }
    let mut horizontal = Vec::new();
    for y in 0..rows - 1 {
        for x in 0..cols {
            horizontal.push(g[(y, x)] != g[(y + 1, x)]);
        }
    }
    Some(format!(
        "https://puzz.link/p?starbattle/{cols}/{rows}/{}/{}{}",
        p.stars(),
        pack_bits(&vertical),
        pack_bits(&horizontal)
    ))
}

/// Reads a puzz.link (pzprjs) Star Battle URL, in the wall form or the pzprv3 file form.
pub fn from_puzzlink(url: &str) -> InputResult<StarBattle> {
    let (cols, rows, body) = match puzzlink::parse(url, "starbattle", super::model::MAX_SIZE)? {
        puzzlink::Parsed::File(lines) => return from_pzprv3(&lines.join("\n")),
        puzzlink::Parsed::Short { cols, rows, body } => (cols, rows, body),
    };
    let stars: usize = body.first().and_then(|s| s.parse().ok()).ok_or_else(|| {
        InputError::at(
            "puzz.link URL",
            format!(
                "expected the number of stars, found `{}`",
                clip(body.first().copied().unwrap_or(""))
            ),
        )
    })?;
    let walls = body.get(1).copied().unwrap_or("");
    let nv = (cols - 1) * rows;
    let nh = cols * (rows - 1);
    let (lv, lh) = (nv.div_ceil(5), nh.div_ceil(5));
    if walls.len() < lv + lh || !walls.is_ascii() {
        return Err(InputError::at(
            "puzz.link URL, walls",
            format!(
                "expected {} base-32 digits for a {cols}x{rows} grid, found {}",
                lv + lh,
                walls.chars().count()
            ),
        ));
    }
    let vertical = unpack_bits(&walls[..lv], nv, "vertical walls")?;
    let horizontal = unpack_bits(&walls[lv..lv + lh], nh, "horizontal walls")?;
    // Regions are the connected groups of cells once walls are removed.
    let mut label = vec![u32::MAX; rows * cols];
    let mut next = 0;
    for start in 0..rows * cols {
        if label[start] != u32::MAX {
            continue;
        }
        label[start] = next;
        let mut stack = vec![start];
        while let Some(cell) = stack.pop() {
            let (y, x) = (cell / cols, cell % cols);
            let mut open = Vec::with_capacity(4);
            if x + 1 < cols && !vertical[y * (cols - 1) + x] {
                open.push(cell + 1);
            }
            if x > 0 && !vertical[y * (cols - 1) + x - 1] {
                open.push(cell - 1);
            }
            if y + 1 < rows && !horizontal[y * cols + x] {
                open.push(cell + cols);
            }
            if y > 0 && !horizontal[(y - 1) * cols + x] {
                open.push(cell - cols);
            }
            for n in open {
                if label[n] == u32::MAX {
                    label[n] = next;
                    stack.push(n);
                }
            }
        }
        next += 1;
    }
    let labels =
        Grid::from_cells(rows, cols, label.into_iter().map(Some).collect()).expect("counted");
    StarBattle::new(labels, stars).map_err(|e| e.within("puzz.link URL"))
}

/// The puzzle as a pzprv3 file (formats.md 2.2): size, stars, regions numbered from 0 in order
/// of first appearance, then the cells, `#` where `stars` has a star, `.` elsewhere; `None`
/// when puzz.link cannot express the regions (see [`puzzlink_obstacle`]).
pub fn to_pzprv3(p: &StarBattle, stars: Option<&Grid<bool>>) -> Option<String> {
    puzzlink_obstacle(p).is_none().then_some(())?;
    let mut s = format!(
        "pzprv3\nstarbattle\n{}\n{}\n{}\n{}\n",
        p.rows(),
        p.cols(),
        p.stars(),
        p.n_regions()
    );
    for r in 0..p.rows() {
        for g in p.regions().row(r) {
            s.push_str(&g.unwrap_or(0).to_string());
            s.push(' ');
        }
        s.push('\n');
    }
    for r in 0..p.rows() {
        for c in 0..p.cols() {
            s.push_str(if stars.and_then(|g| g.get(r, c)).copied().unwrap_or(false) {
                "# "
            } else {
                ". "
            });
        }
        s.push('\n');
    }
    Some(s)
}

/// Reads a pzprv3 Star Battle file (lines, or `/`-separated as in a URL).
pub fn from_pzprv3(text: &str) -> InputResult<StarBattle> {
    let lines: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    let at = |i: usize| format!("pzprv3 line {}", i + 1);
    if lines.first() != Some(&"pzprv3") || lines.get(1) != Some(&"starbattle") {
        return Err(InputError::at(
            at(0),
            "a pzprv3 Star Battle file starts with the lines `pzprv3` and `starbattle`",
        ));
    }
    let num = |i: usize, what: &str| -> InputResult<usize> {
        lines
            .get(i)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| InputError::at(at(i), format!("expected the {what}")))
    };
    let rows = num(2, "number of rows")?;
    let cols = num(3, "number of columns")?;
    let stars = num(4, "number of stars")?;
    let _regions = num(5, "number of regions")?;
    if rows == 0 || cols == 0 || rows > super::model::MAX_SIZE || cols > super::model::MAX_SIZE {
        return Err(InputError::at(
            at(2),
            format!("a {rows}x{cols} grid is outside 1 to {}", super::model::MAX_SIZE),
        ));
    }
    let mut cells = Vec::with_capacity(rows * cols);
    for r in 0..rows {
        let line = lines
            .get(6 + r)
            .ok_or_else(|| InputError::at(at(6 + r), "missing a row of region numbers"))?;
        let ids: Vec<&str> = line.split_whitespace().collect();
        if ids.len() != cols {
            return Err(InputError::at(
                at(6 + r),
                format!("expected {cols} region numbers, found {}", ids.len()),
            ));
        }
        for id in ids {
            let v: u32 = id.parse().map_err(|_| {
                InputError::at(at(6 + r), format!("`{}` is not a region number", clip(id)))
            })?;
            cells.push(Some(v));
        }
    }
    StarBattle::new(Grid::from_cells(rows, cols, cells).expect("counted"), stars)
}

// ---------------------------------------------------------------- Star Battle Notation

/// SBN's 64 digits, value 0 to 63 in this order.
const SBN_DIGITS: &[u8; 64] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";
/// Sides SBN names: 5 to 25, written as a doubled digit `55`–`99`, then `AA` (10) to `PP` (25).
const SBN_SIDES: std::ops::RangeInclusive<usize> = 5..=25;

fn sbn_value(ch: char) -> Option<usize> {
    SBN_DIGITS.iter().position(|&b| b as char == ch)
}

/// The side a two-character SBN size code names (`LL` → 21), if it is one.
fn sbn_side(code: &[char]) -> Option<usize> {
    match code {
        [a, b] if a == b => sbn_value(*a).filter(|n| SBN_SIDES.contains(n)),
        _ => None,
    }
}

/// Border bits of an n×n grid in SBN order: between each cell and its right neighbour row by
/// row, then between each cell and the one below it column by column (`true`: a region border).
fn sbn_border_bits(n: usize) -> usize {
    2 * n * (n - 1)
}

/// Whether `text` reads as Star Battle Notation: a size code, a star digit, the flag `W` or `e`,
/// then at least the region digits, all from SBN's alphabet (a `~history` tail aside).
pub fn looks_like_sbn(text: &str) -> bool {
    let main = text.trim().split('~').next().unwrap_or("");
    let chars: Vec<char> = main.chars().collect();
    let Some(n) = chars.get(..2).and_then(sbn_side) else { return false };
    chars.len() >= 4 + sbn_border_bits(n).div_ceil(6)
        && chars[2].is_ascii_digit()
        && matches!(chars[3], 'W' | 'e')
        && chars[4..].iter().all(|&c| sbn_value(c).is_some())
}

/// Reads a puzzle in Star Battle Notation, the form StarBattleLab shares puzzles in:
/// `<size code><stars><flag><region digits>[<player marks>][~<history>]`. The size code is the
/// side written twice in SBN's digits (`LL` = 21); the flag is `W` (no marks follow) or `e`
/// (the player's marks follow); the region digits hold the border bits (see
/// [`sbn_border_bits`]), six to a digit, most significant first, zero-padded at the front.
/// Regions are the groups of cells the borders enclose. The player's marks and the history
/// are checked for stray characters but not kept (StarBattleLab's versions pack marks
/// differently, so they cannot be read back reliably).
pub fn from_sbn(text: &str) -> InputResult<StarBattle> {
    let t = text.trim();
    let main = t.split('~').next().unwrap_or("");
    let chars: Vec<char> = main.chars().collect();
    if chars.len() < 4 {
        return Err(InputError::at("SBN", format!("`{}` is too short: an SBN string starts with a size code, the stars and a flag, as `LL5W…`", clip(main))));
    }
    let n = sbn_side(&chars[..2]).ok_or_else(|| {
        let code: String = chars[..2].iter().collect();
        InputError::at(
            "SBN, characters 1-2",
            format!("`{code}` is not a size code (55 to 99 for 5 to 9, AA to PP for 10 to 25)"),
        )
    })?;
    let stars = chars[2].to_digit(10).ok_or_else(|| {
        InputError::at(
            "SBN, character 3",
            format!("expected the number of stars (a digit), found `{}`", chars[2]),
        )
    })? as usize;
    let flag = chars[3];
    if !matches!(flag, 'W' | 'e') {
        return Err(InputError::at(
            "SBN, character 4",
            format!(
                "expected the flag `W` (puzzle only) or `e` (player marks follow), found `{flag}`"
            ),
        ));
    }
    let n_bits = sbn_border_bits(n);
    let n_digits = n_bits.div_ceil(6);
    let region_digits = &chars[4..chars.len().min(4 + n_digits)];
    if region_digits.len() < n_digits {
        return Err(InputError::at(
            "SBN, region data",
            format!(
                "a {n}x{n} grid needs {n_digits} region digits after `{}`, found {}",
                chars[..4].iter().collect::<String>(),
                region_digits.len()
            ),
        ));
    }
    let mut bits = Vec::with_capacity(n_digits * 6);
    for (i, &ch) in region_digits.iter().enumerate() {
        let v = sbn_value(ch).ok_or_else(|| {
            InputError::at(
                format!("SBN, character {}", 5 + i),
                format!("`{ch}` is not an SBN digit (0-9, A-Z, a-z, - and _)"),
            )
        })?;
        bits.extend((0..6).rev().map(|s| v >> s & 1 == 1));
    }
    let bits = &bits[bits.len() - n_bits..];
    let tail = &chars[4 + n_digits..];
    if flag == 'W' && !tail.is_empty() {
        return Err(InputError::at(
            format!("SBN, character {}", 5 + n_digits),
            format!("{} characters follow the region data, but the flag `W` says nothing follows (`e` marks player progress)", tail.len()),
        ));
    }
    let most_marks = (n * n + 2).div_ceil(3);
    if tail.len() > most_marks {
        return Err(InputError::at(
            "SBN, player marks",
            format!("a {n}x{n} grid has at most {most_marks} mark digits, found {}", tail.len()),
        ));
    }
    if let Some(i) = tail.iter().position(|&c| sbn_value(c).is_none()) {
        return Err(InputError::at(
            format!("SBN, character {}", 5 + n_digits + i),
            format!("`{}` is not an SBN digit (0-9, A-Z, a-z, - and _)", tail[i]),
        ));
    }
    let (vertical, horizontal) = bits.split_at(n * (n - 1));
    // Right of (r, c): vertical[r(n-1) + c]; below (r, c): horizontal[c(n-1) + r].
    let mut label = vec![u32::MAX; n * n];
    let mut next = 0;
    for start in 0..n * n {
        if label[start] != u32::MAX {
            continue;
        }
        label[start] = next;
        let mut stack = vec![start];
        while let Some(cell) = stack.pop() {
            let (r, c) = (cell / n, cell % n);
            let mut open = Vec::with_capacity(4);
            if c + 1 < n && !vertical[r * (n - 1) + c] {
                open.push(cell + 1);
            }
            if c > 0 && !vertical[r * (n - 1) + c - 1] {
                open.push(cell - 1);
            }
            if r + 1 < n && !horizontal[c * (n - 1) + r] {
                open.push(cell + n);
            }
            if r > 0 && !horizontal[c * (n - 1) + r - 1] {
                open.push(cell - n);
            }
            for o in open {
                if label[o] == u32::MAX {
                    label[o] = next;
                    stack.push(o);
                }
            }
        }
        next += 1;
    }
    let labels = Grid::from_cells(n, n, label.into_iter().map(Some).collect()).expect("counted");
    StarBattle::new(labels, stars).map_err(|e| e.within("SBN"))
}

/// The puzzle in Star Battle Notation (flag `W`: no player marks), or why it has none: SBN
/// holds sides 5 to 25 and 1 to 9 stars, and its borders, like puzz.link's walls, cannot say
/// a region is in several pieces or a cell is in none.
pub fn to_sbn(p: &StarBattle) -> Result<String, String> {
    let n = p.rows();
    if !SBN_SIDES.contains(&n) {
        return Err(format!(
            "SBN holds sides {} to {}, not {n}",
            SBN_SIDES.start(),
            SBN_SIDES.end()
        ));
    }
    if let Some(why) = puzzlink_obstacle(p) {
        return Err(why
            .replace("puzz.link's walls cannot", "SBN's borders cannot")
            .replace("puzz.link would", "SBN would"));
    }
    let g = p.regions();
    let mut bits = vec![false; sbn_border_bits(n).next_multiple_of(6) - sbn_border_bits(n)];
    for r in 0..n {
        for c in 0..n - 1 {
            bits.push(g[(r, c)] != g[(r, c + 1)]);
        }
    }
    for c in 0..n {
        for r in 0..n - 1 {
            bits.push(g[(r, c)] != g[(r + 1, c)]);
        }
    }
    let code = SBN_DIGITS[n] as char;
    let mut s = format!("{code}{code}{}W", p.stars());
    for chunk in bits.chunks(6) {
        let v = chunk.iter().fold(0, |v, &b| v * 2 + usize::from(b));
        s.push(SBN_DIGITS[v] as char);
    }
    Ok(s)
}

// ---------------------------------------------------------------- KrazyDad lines

/// Splits a line at commas outside double quotes, dropping a trailing `# comment`.
fn split_fields(line: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let mut quoted = false;
    for ch in line.chars() {
        match ch {
            '"' => quoted = !quoted,
            '#' if !quoted => break,
            ',' if !quoted => fields.push(String::new()),
            c => fields.last_mut().expect("never empty").push(c),
        }
    }
    fields.into_iter().map(|f| f.trim().to_string()).collect()
}

/// Reads one KrazyDad line `<rows>,<cols>,<k>,"<regions>","<solution>"`.
pub fn from_krazydad_line(line: &str) -> InputResult<Entry<StarBattle>> {
    let f = split_fields(line);
    if f.len() < 4 {
        return Err(InputError::new(format!(
            "expected `rows,cols,k,\"regions\",\"solution\"`, found {} fields",
            f.len()
        )));
    }
    let num = |i: usize, what: &str| -> InputResult<usize> {
        f[i].parse().map_err(|_| {
            InputError::at(
                format!("field {}", i + 1),
                format!("expected the {what}, found `{}`", clip(&f[i])),
            )
        })
    };
    let (rows, cols, stars) =
        (num(0, "number of rows")?, num(1, "number of columns")?, num(2, "number of stars")?);
    if rows == 0 || cols == 0 || rows > super::model::MAX_SIZE || cols > super::model::MAX_SIZE {
        return Err(InputError::at(
            "field 1",
            format!("a {rows}x{cols} grid is outside 1 to {}", super::model::MAX_SIZE),
        ));
    }
    let letters: Vec<char> = f[3].chars().collect();
    if letters.len() != rows * cols {
        return Err(InputError::at(
            "field 4",
            format!("expected {} region letters, found {}", rows * cols, letters.len()),
        ));
    }
    let cells = letters
        .iter()
        .enumerate()
        .map(|(i, &ch)| {
            label(ch, || format!("field 4, row {}, column {}", i / cols + 1, i % cols + 1))
        })
        .collect::<InputResult<Vec<_>>>()?;
    let puzzle = StarBattle::new(Grid::from_cells(rows, cols, cells).expect("counted"), stars)?;
    let known = match f.get(4).filter(|s| !s.is_empty()) {
        None => None,
        Some(sol) => {
            let chars: Vec<char> = sol.chars().collect();
            if chars.len() != rows * cols {
                return Err(InputError::at(
                    "field 5",
                    format!("expected {} answer digits, found {}", rows * cols, chars.len()),
                ));
            }
            let rows_text: Vec<String> = chars.chunks(cols).map(|c| c.iter().collect()).collect();
            Some(stars_from_rows(&puzzle, &rows_text).map_err(|e| e.within("field 5"))?)
        }
    };
    Ok(Entry { id: String::new(), puzzle, known })
}

fn is_krazydad(line: &str) -> bool {
    let f = split_fields(line);
    f.len() >= 4 && f[..3].iter().all(|x| !x.is_empty() && x.chars().all(|c| c.is_ascii_digit()))
}

/// Reads any single Star Battle text: studio JSON, puzz.link URL, pzprv3 file, KrazyDad line, SBN.
pub fn import(text: &str) -> InputResult<Entry<StarBattle>> {
    let t = text.trim();
    let plain = |puzzle| Entry { id: String::new(), puzzle, known: None };
    if t.starts_with('{') {
        let v: serde_json::Value = serde_json::from_str(t).map_err(|e| {
            InputError::at(format!("JSON line {}, column {}", e.line(), e.column()), e.to_string())
        })?;
        return from_json(&v).map(plain);
    }
    if t.starts_with("pzprv3") {
        return from_pzprv3(t).map(plain);
    }
    if t.contains('?') || t.starts_with("starbattle/") {
        return from_puzzlink(t).map(plain);
    }
    let first =
        t.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with('#')).unwrap_or("");
    if is_krazydad(first) {
        return from_krazydad_line(first);
    }
    if looks_like_sbn(first)
        || first.get(..2).is_some_and(|code| sbn_side(&code.chars().collect::<Vec<_>>()).is_some())
    {
        return from_sbn(first).map(plain);
    }
    if t.is_empty() {
        return Err(InputError::new("nothing to read: paste a puzzle or a link"));
    }
    Err(InputError::new(
        "not a Star Battle format the studio reads: expected studio JSON, a studio share link, a puzz.link URL, a pzprv3 file, a KrazyDad line, or StarBattleLab's SBN (as `LL5W…`)",
    ))
}

/// Reads a file of KrazyDad lines or of SBN strings (one puzzle a line), or any single puzzle.
pub fn read_collection(text: &str, name: &str) -> InputResult<Vec<Entry<StarBattle>>> {
    let text = crate::puzzle::without_bom(text);
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .collect();
    if lines.len() > 1 && lines.first().is_some_and(|(_, l)| looks_like_sbn(l)) {
        return lines
            .into_iter()
            .map(|(i, l)| {
                let puzzle = from_sbn(l).map_err(|e| e.within(format!("{name} line {}", i + 1)))?;
                Ok(Entry { id: format!("line {}", i + 1), puzzle, known: None })
            })
            .collect();
    }
    if lines.first().is_some_and(|(_, l)| is_krazydad(l)) {
        return lines
            .into_iter()
            .map(|(i, l)| {
                let mut e = from_krazydad_line(l)
                    .map_err(|e| e.within(format!("{name} line {}", i + 1)))?;
                let tag =
                    l.split_once('#').and_then(|(_, c)| c.split_whitespace().next()).unwrap_or("");
                e.id = if tag.is_empty() { format!("line {}", i + 1) } else { tag.to_string() };
                Ok(e)
            })
            .collect();
    }
    let mut e = import(text).map_err(|e| e.within(name.to_string()))?;
    e.id = name.to_string();
    Ok(vec![e])
}
