//! Share links: the whole puzzle in the URL fragment, `#<kind>/v<version>/<payload>`.
//!
//! The version names the payload grammar. A new grammar gets a new version and every reader
//! keeps accepting the old ones, so links shared once keep working.

use crate::error::{InputError, InputResult};
use crate::kind::Kind;
use crate::puzzle::Puzzle;

/// The link version written today.
pub const VERSION: u32 = 1;

/// A parsed fragment: which kind, and the puzzle if the link carries one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed {
    /// The kind named by the link.
    pub kind: Kind,
    /// The payload's version (0 when the link carries no puzzle).
    pub version: u32,
    /// The percent-decoded payload, if any.
    pub payload: Option<String>,
}

/// The fragment (without `#`) that shares `puzzle`.
pub fn fragment<P: Puzzle>(puzzle: &P) -> String {
    format!("{}/v{}/{}", P::KIND.id(), VERSION, puzzle.link_payload())
}

/// Parses a fragment such as `starbattle/v1/…` (a leading `#` is allowed).
///
/// Returns `Ok(None)` for an empty fragment (the home page).
pub fn parse_fragment(fragment: &str) -> InputResult<Option<Parsed>> {
    let f = fragment.strip_prefix('#').unwrap_or(fragment);
    let f = percent_decode(f);
    if f.is_empty() {
        return Ok(None);
    }
    let mut parts = f.splitn(3, '/');
    let kind_id = parts.next().unwrap_or("");
    let kind = Kind::from_id(kind_id).ok_or_else(|| {
        InputError::at("link", format!("unknown puzzle kind `{}`", clip(kind_id)))
    })?;
    let Some(version) = parts.next().filter(|v| !v.is_empty()) else {
        return Ok(Some(Parsed { kind, version: 0, payload: None }));
    };
    let number =
        version.strip_prefix('v').and_then(|n| n.parse::<u32>().ok()).ok_or_else(|| {
            InputError::at("link", format!("`{}` is not a link version such as v1", clip(version)))
        })?;
    if number == 0 || number > VERSION {
        return Err(InputError::at(
            "link",
            format!("link version v{number} is unknown to this studio (it reads v1 to v{VERSION})"),
        ));
    }
    let payload = parts.next().unwrap_or("").to_string();
    if payload.is_empty() {
        return Err(InputError::at("link", "the link has a version but no puzzle after it"));
    }
    Ok(Some(Parsed { kind, version: number, payload: Some(payload) }))
}

/// Finds a studio share link in pasted text: a full URL with `#kind/…`, or a bare `#kind/…`.
///
/// Returns `Ok(None)` when the text is not a studio link at all.
pub fn find(text: &str) -> InputResult<Option<Parsed>> {
    let t = text.trim();
    let frag = match t.find('#') {
        Some(hash) => &t[hash + 1..],
        // A bare fragment such as `starbattle/v1/…`.
        None if t
            .split('/')
            .nth(1)
            .is_some_and(|v| v.starts_with('v') && v[1..].chars().all(|c| c.is_ascii_digit())) =>
        {
            t
        }
        None => return Ok(None),
    };
    let head = frag.split('/').next().unwrap_or("");
    if Kind::from_id(head).is_none() {
        return Ok(None);
    }
    parse_fragment(frag)
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
