//! Share links: the whole puzzle in the URL fragment, `#<kind>/v<version>/<payload>`.
//!
//! The version names the payload grammar. A new grammar gets a new version and every reader
//! keeps accepting the old ones, so links shared once keep working.
//!
//! A link may carry the sharer's marks too ("share with my progress"):
//! `#<kind>/m<marks version>.<marks>/v<version>/<payload>`, the marks in their own versioned
//! grammar ([`encode_marks`], [`decode_marks`]) between the kind and the puzzle. Marks that do not
//! read are an error value, never a panic (`tests/fuzz.rs`).
//!
//! Versions: a payload in its kind's v1 grammar is written `v1`. Version 2 is the v1 payload
//! followed by fields `;<letter><text>` ([`split_fields`]; no v1 grammar has a `;`), for what
//! v1 has no place for: the nonogram kinds' title, intended picture (goal) and colour names,
//! text in [`encode_text`]'s letters and pictures in [`encode_cells`]'s. A puzzle with none of
//! them keeps its v1 link, as short as before; [`fragment`] writes `v2` exactly when
//! [`Puzzle::link_payload`] has fields.

use crate::error::{InputError, InputResult};
use crate::kind::Kind;
use crate::puzzle::Puzzle;

/// The newest link version a kind writes (v2: the nonogram kinds' title, goal and colour names).
pub const VERSION: u32 = 2;

/// A parsed fragment: which kind, and the puzzle if the link carries one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed {
    /// The kind named by the link.
    pub kind: Kind,
    /// The payload's version (0 when the link carries no puzzle).
    pub version: u32,
    /// The percent-decoded payload, if any.
    pub payload: Option<String>,
    /// The sharer's marks, when the link carries them (a progress link).
    pub marks: Option<Vec<u8>>,
}

/// The marks grammar written today (`m1.` in a progress link).
pub const MARKS_VERSION: u32 = 1;

/// The most marks a link carries (a 100x100 board's cells, with room to spare).
pub const MAX_MARKS: usize = 20_000;

/// Mark values 0 to 61, one character each.
const MARK_DIGITS: &[u8; 62] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The fragment (without `#`) that shares `puzzle` with the player's `marks` on it.
pub fn progress_fragment(puzzle_fragment: &str, marks: &[u8]) -> String {
    let f = puzzle_fragment.strip_prefix('#').unwrap_or(puzzle_fragment);
    match f.split_once('/') {
        Some((kind, rest)) => {
            format!("{kind}/m{MARKS_VERSION}.{}/{rest}", encode_marks(marks))
        }
        None => f.to_string(),
    }
}

/// Marks in the link grammar, version 1: each mark one character of `0-9a-zA-Z` (values 0 to
/// 61), or `_` and two hex digits (any value); a mark repeated `k` times (k at least 3) is
/// written once followed by `-k-`; trailing empty marks (0) are left out.
pub fn encode_marks(marks: &[u8]) -> String {
    let end = marks.iter().rposition(|&m| m != 0).map_or(0, |i| i + 1);
    let mut out = String::new();
    let mut i = 0;
    while i < end {
        let m = marks[i];
        let mut run = 1;
        while i + run < end && marks[i + run] == m {
            run += 1;
        }
        let one = match MARK_DIGITS.get(m as usize) {
            Some(&c) => (c as char).to_string(),
            None => format!("_{m:02x}"),
        };
        if run >= 3 {
            out.push_str(&format!("{one}-{run}-"));
        } else {
            for _ in 0..run {
                out.push_str(&one);
            }
        }
        i += run;
    }
    out
}

/// Reads marks written by [`encode_marks`] (`version` from the `m<version>.` prefix); what does
/// not read is an error that says what and where.
pub fn decode_marks(version: u32, text: &str) -> InputResult<Vec<u8>> {
    if version != 1 {
        return Err(InputError::at(
            "share link",
            format!("marks version m{version} is unknown to this studio (it reads m1)"),
        ));
    }
    let err = |at: usize, what: String| {
        Err(InputError::at("share link", format!("the marks, character {}: {what}", at + 1)))
    };
    let bytes = text.as_bytes();
    let mut out: Vec<u8> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let at = i;
        let value = match bytes[i] {
            b'_' => {
                let hex = text.get(i + 1..i + 3).and_then(|h| u8::from_str_radix(h, 16).ok());
                let Some(v) = hex.filter(|_| bytes[i + 1..i + 3].iter().all(u8::is_ascii_hexdigit))
                else {
                    return err(at, "`_` must be followed by two hex digits".into());
                };
                i += 3;
                v
            }
            c => match MARK_DIGITS.iter().position(|&d| d == c) {
                Some(v) => {
                    i += 1;
                    v as u8
                }
                None => {
                    let shown = text[at..].chars().next().unwrap_or('?');
                    return err(at, format!("`{shown}` is not a mark"));
                }
            },
        };
        let mut count = 1usize;
        if bytes.get(i) == Some(&b'-') {
            let digits = bytes[i + 1..].iter().take_while(|b| b.is_ascii_digit()).count();
            let n = text[i + 1..i + 1 + digits].parse::<usize>().ok();
            match (n, bytes.get(i + 1 + digits)) {
                (Some(n), Some(b'-')) if (3..=MAX_MARKS).contains(&n) => count = n,
                _ => return err(i, "a repeat is written `-k-` with k from 3".into()),
            }
            i += digits + 2;
        }
        if out.len() + count > MAX_MARKS {
            return err(at, format!("more than {MAX_MARKS} marks"));
        }
        out.extend(std::iter::repeat_n(value, count));
    }
    Ok(out)
}

/// The fragment (without `#`) that shares `puzzle`: `v2` when its payload has fields (a
/// nonogram's title or goal), else `v1`.
pub fn fragment<P: Puzzle>(puzzle: &P) -> String {
    let payload = puzzle.link_payload();
    let version = if payload.contains(';') { 2 } else { 1 };
    format!("{}/v{version}/{payload}", P::KIND.id())
}

/// The v1 fragment of `puzzle`: its clues and givens, without the title, goal or names a v2
/// link adds. It names the puzzle's record in My puzzles ([`crate::library::id`]), so records
/// made before v2 links keep their key.
pub fn plain_fragment<P: Puzzle>(puzzle: &P) -> String {
    let payload = puzzle.link_payload();
    format!("{}/v1/{}", P::KIND.id(), payload.split(';').next().unwrap_or(""))
}

/// Text in a link field (a title, a colour's name): letters, digits and `-` as they are, a
/// space as `_`, and every other byte of its UTF-8 as `~` and two hex digits (`Kůň` is
/// `K~C5~AF~C5~88`). No `%`, white space, `/` or `;`, so the link's normalising
/// ([`normalise`]) and a chat program's escaping never change it.
pub fn encode_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' => out.push(b as char),
            b' ' => out.push('_'),
            _ => out.push_str(&format!("~{b:02X}")),
        }
    }
    out
}

/// Reads [`encode_text`]'s letters, and letters outside ASCII as they are (typed into a link
/// by hand); `what` names the field for the error.
pub fn decode_text(text: &str, what: &str) -> InputResult<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let err = |m: String| Err(InputError::at(what.to_string(), m));
        match bytes[i] {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' => out.push(bytes[i]),
            b'_' => out.push(b' '),
            // A letter outside ASCII typed into a link by hand reads as itself.
            b if b >= 0x80 => out.push(b),
            b'~' => {
                let hex = bytes.get(i + 1..i + 3).filter(|h| h.iter().all(u8::is_ascii_hexdigit));
                let Some(h) = hex else {
                    return err(format!(
                        "character {}: `~` must be followed by two hex digits",
                        i + 1
                    ));
                };
                let h = std::str::from_utf8(h).unwrap_or("00");
                out.push(u8::from_str_radix(h, 16).unwrap_or(0));
                i += 2;
            }
            _ => {
                let shown = text[i..].chars().next().unwrap_or('?');
                return err(format!(
                    "character {}: `{shown}` is not written in a link's text (letters, digits, \
                     `-`, `_` for a space, `~` and two hex digits for anything else)",
                    i + 1
                ));
            }
        }
        i += 1;
    }
    String::from_utf8(out)
        .map_err(|_| InputError::at(what.to_string(), "the `~` bytes are not UTF-8 text"))
}

/// The 64 letters of a packed picture, 6 bits each (RFC 4648's URL-safe alphabet).
const CELL_DIGITS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// A picture's cells (each below `2^bits`) packed `bits` a cell in reading order, 6 bits a
/// letter, the last letter's spare bits 0: a 25x25 black-and-white picture is 105 letters.
pub fn encode_cells(cells: &[u8], bits: u32) -> String {
    let mut out = String::with_capacity((cells.len() * bits as usize).div_ceil(6));
    let (mut acc, mut held) = (0u32, 0u32);
    for &c in cells {
        acc = (acc << bits) | u32::from(c);
        held += bits;
        while held >= 6 {
            held -= 6;
            out.push(CELL_DIGITS[((acc >> held) & 63) as usize] as char);
        }
        acc &= (1 << held) - 1;
    }
    if held > 0 {
        out.push(CELL_DIGITS[((acc << (6 - held)) & 63) as usize] as char);
    }
    out
}

/// Reads `n` cells of `bits` bits each written by [`encode_cells`]; the letter count must be
/// exact and the spare bits 0. `what` names the field for the error.
pub fn decode_cells(text: &str, n: usize, bits: u32, what: &str) -> InputResult<Vec<u8>> {
    let err = |m: String| Err(InputError::at(what.to_string(), m));
    let letters = (n * bits as usize).div_ceil(6);
    if text.len() != letters {
        return err(format!(
            "{} letters where {n} cells of {bits} bit{} take {letters}",
            text.chars().count(),
            if bits == 1 { "" } else { "s" }
        ));
    }
    let mut out = Vec::with_capacity(n);
    let (mut acc, mut held) = (0u32, 0u32);
    for (i, b) in text.bytes().enumerate() {
        let Some(v) = CELL_DIGITS.iter().position(|&d| d == b) else {
            let shown = text[i..].chars().next().unwrap_or('?');
            return err(format!("character {}: `{shown}` is not a picture letter", i + 1));
        };
        acc = (acc << 6) | v as u32;
        held += 6;
        while held >= bits && out.len() < n {
            held -= bits;
            out.push(((acc >> held) & ((1 << bits) - 1)) as u8);
        }
        acc &= (1 << held) - 1;
    }
    if acc != 0 {
        return err("the last letter has bits past the last cell".into());
    }
    Ok(out)
}

/// A v2 payload: the v1 payload, then its fields (`;t…`, `;g…`), each letter among `known` at
/// most once. Errors name the field.
pub fn split_fields<'a>(
    payload: &'a str,
    known: &str,
) -> InputResult<(&'a str, Vec<(char, &'a str)>)> {
    let mut parts = payload.split(';');
    let head = parts.next().unwrap_or("");
    let mut fields: Vec<(char, &str)> = Vec::new();
    for part in parts {
        let mut chars = part.chars();
        let Some(letter) = chars.next() else {
            return Err(InputError::at("v2 fields", "an empty field (`;;` or a `;` at the end)"));
        };
        if !known.contains(letter) || letter == ';' {
            let list: Vec<String> = known.chars().map(|c| format!("`;{c}`")).collect();
            return Err(InputError::at(
                "v2 fields",
                format!(
                    "the field `;{}` is unknown (this kind's are {})",
                    clip(&letter.to_string()),
                    list.join(", ")
                ),
            ));
        }
        if fields.iter().any(|(l, _)| *l == letter) {
            return Err(InputError::at("v2 fields", format!("the field `;{letter}` comes twice")));
        }
        fields.push((letter, chars.as_str()));
    }
    Ok((head, fields))
}

/// Parses a fragment such as `starbattle/v1/…` (a leading `#` is allowed).
///
/// Returns `Ok(None)` for an empty fragment (the home page).
pub fn parse_fragment(fragment: &str) -> InputResult<Option<Parsed>> {
    let f = fragment.strip_prefix('#').unwrap_or(fragment);
    let f = normalise(f);
    if f.is_empty() {
        return Ok(None);
    }
    let (kind_id, rest) = f.split_once('/').unwrap_or((f.as_str(), ""));
    let kind = Kind::from_id(kind_id).ok_or_else(|| {
        InputError::at("share link", format!("unknown puzzle kind `{}`", clip(kind_id)))
    })?;
    // A progress link's marks, between the kind and the puzzle.
    let (marks, rest) = match marks_segment(rest) {
        Some((version, text, rest)) => (Some(decode_marks(version, text)?), rest),
        None => (None, rest),
    };
    let mut parts = rest.splitn(2, '/');
    let Some(version) = parts.next().filter(|v| !v.is_empty()) else {
        if marks.is_some() {
            return Err(InputError::at(
                "share link",
                "the link has marks but no puzzle after them",
            ));
        }
        return Ok(Some(Parsed { kind, version: 0, payload: None, marks }));
    };
    let number =
        version.strip_prefix('v').and_then(|n| n.parse::<u32>().ok()).ok_or_else(|| {
            InputError::at(
                "share link",
                format!("`{}` is not a link version such as v1", clip(version)),
            )
        })?;
    if number == 0 || number > VERSION {
        let reads = match VERSION {
            1 => "v1".to_string(),
            n => format!("v1 to v{n}"),
        };
        return Err(InputError::at(
            "share link",
            format!(
                "version v{number} is unknown to this studio (it reads {reads}); \
                 the link may come from a newer studio"
            ),
        ));
    }
    let payload = parts.next().unwrap_or("").to_string();
    if payload.is_empty() {
        return Err(InputError::at("share link", "the link has a version but no puzzle after it"));
    }
    Ok(Some(Parsed { kind, version: number, payload: Some(payload), marks }))
}

/// The `m<version>.<marks>` segment at the start of `rest`, with what follows it.
fn marks_segment(rest: &str) -> Option<(u32, &str, &str)> {
    let (segment, after) = rest.split_once('/').unwrap_or((rest, ""));
    let (head, text) = segment.strip_prefix('m')?.split_once('.')?;
    let version = head.parse::<u32>().ok().filter(|_| head.bytes().all(|b| b.is_ascii_digit()))?;
    Some((version, text, after))
}

/// Tatham's names for the kinds his collection shares with the studio.
pub const TATHAM_NAMES: [(&str, Kind); 3] =
    [("keen", Kind::KenKen), ("pattern", Kind::Nonogram), ("flood", Kind::FloodIt)];

/// A fragment written in Tatham's terms: his puzzle's name and a game ID (`keen:6:…`), his
/// name alone (`keen`), or a whole page link of his collection (`https://…/keen.html#6:…`),
/// as pasted after the studio's own `#`. Returns the kind and the text its importer reads
/// (`None` for a name alone); `None` when the fragment is not in Tatham's terms.
pub fn tatham(fragment: &str) -> Option<(Kind, Option<String>)> {
    let f = fragment.strip_prefix('#').unwrap_or(fragment);
    let f = normalise(f);
    let f = f.as_str();
    for (name, kind) in TATHAM_NAMES {
        if f == name {
            return Some((kind, None));
        }
        if let Some(id) = f.strip_prefix(name).and_then(|r| r.strip_prefix(':')) {
            return Some((kind, Some(id.to_string())));
        }
        if f.contains(&format!("{name}.html#")) {
            return Some((kind, Some(f.to_string())));
        }
    }
    None
}

/// Finds a studio share link in pasted text: a full URL with `#kind/…`, or a bare `#kind/…`.
///
/// Returns `Ok(None)` when the text is not a studio link at all.
pub fn find(text: &str) -> InputResult<Option<Parsed>> {
    let t = text.trim();
    let frag = match t.find('#') {
        Some(hash) => normalise(&t[hash + 1..]),
        // A bare fragment such as `starbattle/v1/…` (or `starbattle/m1.…/v1/…`).
        None => match normalise(t) {
            f if f.split('/').nth(1).is_some_and(|v| {
                (v.starts_with('v') && v[1..].chars().all(|c| c.is_ascii_digit()))
                    || marks_segment(v).is_some()
            }) =>
            {
                f
            }
            _ => return Ok(None),
        },
    };
    let head = frag.split('/').next().unwrap_or("");
    if Kind::from_id(head).is_none() {
        return Ok(None);
    }
    parse_fragment(&frag)
}

/// A link's fragment as its grammar reads it: `%XX` escapes decoded, once more (at most twice)
/// when a mail or chat program escaped the link a second time (`%252F` for `/`), and white space
/// taken out (a long link broken over lines, a space typed into it). No link grammar has white
/// space or `%` of its own, so this never changes what a well-formed link says.
pub fn normalise(fragment: &str) -> String {
    let mut f = percent_decode(fragment);
    for _ in 0..2 {
        if !f.contains('%') {
            break;
        }
        let again = percent_decode(&f);
        if again == f {
            break;
        }
        f = again;
    }
    f.retain(|c| !c.is_whitespace());
    f
}

/// Decodes `%XX` escapes; malformed escapes are kept as written.
pub fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3])
                .ok()
                .and_then(|h| u8::from_str_radix(h, 16).ok());
            if let Some(b) = hex {
                out.push(b);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The first 40 characters of `s`, for error messages.
pub fn clip(s: &str) -> String {
    let mut out: String = s.chars().take(40).collect();
    if s.chars().count() > 40 {
        out.push('…');
    }
    out
}
