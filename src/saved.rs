//! The form of a workshop saved in local storage (a kind's puzzle and the player's marks), with
//! a version, and how every earlier form still reads. Pure: the page's `web::storage` moves the
//! texts in and out of the browser.
//!
//! * Version 2 (now): one record per kind under `puzzle-studio/<kind>/work`, the JSON object
//!   `{"version":2,"kind":"<id>","puzzle":"<the puzzle's canonical JSON>","marks":"<marks text>"}`
//!   (marks as [`crate::marks_text`]). Puzzle and marks are written in one `setItem`, so they
//!   can never be half saved.
//! * Version 1 (before): two values without a version, `puzzle-studio/<kind>/puzzle` (the
//!   canonical JSON) and `puzzle-studio/<kind>/marks`. Read as before; the next save writes
//!   version 2 and removes them.
//!
//! Reading never guesses: a record or value that does not read back (not JSON, a newer version,
//! a puzzle the kind's validation refuses, malformed marks) is [`Loaded::unreadable`], with the
//! raw texts kept so the page can set them aside and offer them as a file instead of silently
//! dropping or overwriting them.

use serde::{Deserialize, Serialize};

use crate::kinds::{self, Kind};
use crate::play_history::{self, History};

/// The version [`encode`] writes.
pub const VERSION: u32 = 2;

#[derive(Serialize, Deserialize)]
struct Record {
    version: u32,
    kind: String,
    puzzle: String,
    #[serde(default)]
    marks: String,
    /// The player's clock and move count as the page's JSON (absent in older records).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    play: String,
    /// The Undo and Redo history of play ([`crate::play_history`]; absent when there is none,
    /// and in older records).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    history: String,
}

/// The storage key of `what` for `kind` (`work` for the version 2 record; `puzzle` and `marks`
/// for version 1; `unreadable` and `unreadable-N` for texts set aside).
pub fn key(kind: Kind, what: &str) -> String {
    format!("puzzle-studio/{}/{what}", kind.id())
}

/// The version 2 record for a workshop.
pub fn encode(kind: Kind, puzzle: &str, marks: &[u8]) -> String {
    encode_with_play(kind, puzzle, marks, "")
}

/// [`encode`] with the player's clock (the page's JSON for it; empty for none).
pub fn encode_with_play(kind: Kind, puzzle: &str, marks: &[u8], play: &str) -> String {
    encode_with_history(kind, puzzle, marks, play, "")
}

/// [`encode_with_play`] with the Undo history's text ([`crate::play_history::encode`]; empty
/// for none).
pub fn encode_with_history(
    kind: Kind,
    puzzle: &str,
    marks: &[u8],
    play: &str,
    history: &str,
) -> String {
    let record = Record {
        version: VERSION,
        kind: kind.id().to_string(),
        puzzle: puzzle.to_string(),
        marks: crate::marks_text::encode(marks),
        play: play.to_string(),
        history: history.to_string(),
    };
    serde_json::to_string(&record).unwrap_or_default()
}

/// What was read back for one kind.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Loaded {
    /// The puzzle (canonical JSON, validated by the kind) and the marks, when they read.
    pub work: Option<(String, Vec<u8>)>,
    /// Which version the readable work was saved in.
    pub version: Option<u32>,
    /// Saved texts that could not be read: why, and the raw texts to keep aside.
    pub unreadable: Option<Unreadable>,
    /// The player's clock as saved (the page's JSON), empty when the record has none.
    pub play: String,
    /// The Undo and Redo history kept with the marks (empty when none was kept or it did not read).
    pub history: History,
    /// Why a kept history did not read (it is dropped; the marks load all the same).
    pub history_dropped: Option<String>,
    /// The history's text as kept (by [`read_later`], which does not read it; empty for none).
    pub history_text: String,
}

/// Saved texts that could not be read back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unreadable {
    /// Why, in words ("the puzzle is not valid: …").
    pub why: String,
    /// Whether the puzzle itself was lost (false: only the marks were).
    pub puzzle_lost: bool,
    /// The raw texts, as a file a person can read: each under a header naming its key.
    pub text: String,
}

/// Strict reading of marks text: digits `0`-`9`, or `x:` and pairs of hex digits.
pub fn decode_marks(text: &str) -> Result<Vec<u8>, String> {
    match text.strip_prefix("x:") {
        Some(hex) => {
            if hex.len() % 2 != 0 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
                return Err("the marks are not pairs of hex digits".into());
            }
            Ok((0..hex.len() / 2)
                .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap_or(0))
                .collect())
        }
        None => {
            if let Some((i, c)) = text.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
                return Err(format!(
                    "the marks hold {c:?} at character {}, where a digit belongs",
                    i + 1
                ));
            }
            Ok(text.bytes().map(|b| b - b'0').collect())
        }
    }
}

fn raw_text(kind: Kind, parts: &[(&str, Option<&str>)]) -> String {
    let mut out =
        format!("Puzzle Studio: saved {} data that could not be read back.\n", kind.title());
    for (what, value) in parts {
        if let Some(v) = value {
            out.push_str(&format!("\n--- {} ---\n{v}\n", key(kind, what)));
        }
    }
    out
}

/// Reads `kind`'s saved work from the texts under its keys: the version 2 record (`work`) if
/// present, else version 1's `puzzle` and `marks`.
pub fn read(kind: Kind, work: Option<&str>, puzzle: Option<&str>, marks: Option<&str>) -> Loaded {
    read_with(kind, work, puzzle, marks, true)
}

/// [`read`] of a version 2 record that leaves its Undo history unread, as text
/// ([`Loaded::history_text`]): My puzzles reads every record at load, and a puzzle's history
/// is read ([`read_history`]) only when the puzzle is opened again.
pub fn read_later(kind: Kind, work: &str) -> Loaded {
    read_with(kind, Some(work), None, None, false)
}

fn read_with(
    kind: Kind,
    work: Option<&str>,
    puzzle: Option<&str>,
    marks: Option<&str>,
    history_now: bool,
) -> Loaded {
    if let Some(text) = work {
        let unreadable = |why: String, puzzle_lost: bool| Unreadable {
            why,
            puzzle_lost,
            text: raw_text(kind, &[("work", Some(text))]),
        };
        let record: Record = match serde_json::from_str(text) {
            Ok(r) => r,
            Err(e) => {
                // A newer record may have another shape; name the version when it has one.
                if let Some(v) = serde_json::from_str::<serde_json::Value>(text)
                    .ok()
                    .and_then(|v| v.get("version")?.as_u64())
                {
                    if v > u64::from(VERSION) {
                        return Loaded { unreadable: Some(unreadable(format!("it was saved by a newer version of the studio (format {v}; this page reads up to {VERSION})"), true)), ..Loaded::default() };
                    }
                }
                return Loaded {
                    unreadable: Some(unreadable(
                        format!("the saved record is not readable JSON ({e})"),
                        true,
                    )),
                    ..Loaded::default()
                };
            }
        };
        if record.version > VERSION {
            return Loaded { unreadable: Some(unreadable(format!("it was saved by a newer version of the studio (format {}; this page reads up to {VERSION})", record.version), true)), ..Loaded::default() };
        }
        if record.kind != kind.id() {
            return Loaded {
                unreadable: Some(unreadable(
                    format!("the record is for {:?}, not {}", record.kind, kind.id()),
                    true,
                )),
                ..Loaded::default()
            };
        }
        let puzzle = match kinds::import(kind, &record.puzzle) {
            Ok(p) => p,
            Err(e) => {
                return Loaded {
                    unreadable: Some(unreadable(format!("the puzzle is not valid: {e}"), true)),
                    ..Loaded::default()
                }
            }
        };
        return match decode_marks(&record.marks)
            .and_then(|m| kinds::check_marks(kind, &puzzle, &m).map(|()| m))
        {
            Ok(m) => {
                let (history, history_dropped) = if history_now {
                    read_history(kind, &puzzle, &m, &record.history)
                } else {
                    (History::default(), None)
                };
                Loaded {
                    work: Some((puzzle, m)),
                    version: Some(record.version),
                    unreadable: None,
                    play: record.play,
                    history,
                    history_dropped,
                    history_text: record.history,
                }
            }
            Err(why) => Loaded {
                work: Some((puzzle, Vec::new())),
                version: Some(record.version),
                unreadable: Some(unreadable(why, false)),
                ..Loaded::default()
            },
        };
    }
    let Some(text) = puzzle else {
        // Marks without a puzzle mean nothing and were never written alone; nothing to report.
        return Loaded::default();
    };
    let unreadable = |why: String, puzzle_lost: bool| Unreadable {
        why,
        puzzle_lost,
        text: raw_text(kind, &[("puzzle", Some(text)), ("marks", marks)]),
    };
    let puzzle = match kinds::import(kind, text) {
        Ok(p) => p,
        Err(e) => {
            return Loaded {
                unreadable: Some(unreadable(format!("the puzzle is not valid: {e}"), true)),
                ..Loaded::default()
            }
        }
    };
    match marks
        .map(decode_marks)
        .unwrap_or(Ok(Vec::new()))
        .and_then(|m| kinds::check_marks(kind, &puzzle, &m).map(|()| m))
    {
        Ok(m) => Loaded {
            work: Some((puzzle, m)),
            version: Some(1),
            unreadable: None,
            ..Loaded::default()
        },
        Err(why) => Loaded {
            work: Some((puzzle, Vec::new())),
            version: Some(1),
            unreadable: Some(unreadable(why, false)),
            ..Loaded::default()
        },
    }
}

/// The history kept with `marks` on `puzzle`, or none and why it does not read.
pub fn read_history(
    kind: Kind,
    puzzle: &str,
    marks: &[u8],
    text: &str,
) -> (History, Option<String>) {
    if text.is_empty() {
        return (History::default(), None);
    }
    let read = kinds::marks_checker(kind, puzzle)
        .and_then(|check| play_history::decode(text, marks, &*check));
    match read {
        Ok(h) => (h, None),
        Err(why) => (History::default(), Some(why)),
    }
}

/// The sentence that reports a kept Undo history dropped because it did not read.
pub fn history_dropped_sentence(kind: Kind, why: &str) -> String {
    format!("The Undo history kept with your {} marks could not be read back ({why}), so it was dropped; your marks are loaded, and Undo starts from them.", kind.title())
}

/// The sentence that reports an unreadable save, once, when the page finds it.
pub fn unreadable_sentence(kind: Kind, u: &Unreadable) -> String {
    let what = if u.puzzle_lost { "puzzle" } else { "marks" };
    let then = if u.puzzle_lost {
        ""
    } else {
        " The puzzle itself was read; its board starts without marks."
    };
    format!("Your saved {} {what} could not be read back: {}. It is kept aside, not overwritten; download it as text below.{then}", kind.title(), u.why)
}
