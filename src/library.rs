//! My puzzles: every puzzle a person has played, kept one record per puzzle in local storage
//! (`puzzle-studio/<kind>/p/<id>`), so that two tabs on different puzzles never overwrite each
//! other, two tabs on the same puzzle can keep in step, and the list, the best times and the
//! export file all read the same records. Pure: `web::storage` moves the texts in and out.

use std::collections::HashMap;
use std::rc::Rc;

use serde::{Deserialize, Serialize};

use crate::clock::Play;
use crate::kinds::{self, Kind};
use crate::saved;

/// How many puzzles of one kind are kept; the least recently played go first.
pub const PER_KIND: usize = 60;

/// One puzzle and what the person did on it.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// Its kind.
    pub kind: Kind,
    /// The puzzle in canonical JSON.
    pub puzzle: String,
    /// The marks on it.
    pub marks: Vec<u8>,
    /// The clock, moves and hints.
    pub play: Play,
    /// The Undo and Redo history that leads to the marks, as text ([`crate::play_history`];
    /// empty for none): kept with a puzzle that left the screen, and read only when it is
    /// opened again. The puzzle on screen keeps its history in its workshop's record instead.
    pub history: Rc<str>,
}

/// A puzzle's id: 16 hex digits of the FNV-1a hash of its v1 share link (of its text when it
/// has none), so the same puzzle opened from any form has one record. The v1 link, not a v2
/// one with the puzzle's title or goal ([`kinds::plain_fragment`]): a titled puzzle keeps the
/// record it had before v2 links.
pub fn id(kind: Kind, puzzle: &str) -> String {
    let name = kinds::plain_fragment(kind, puzzle).unwrap_or_else(|_| puzzle.to_string());
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in name.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// The storage key of a puzzle's record. Remembered per puzzle text: the page asks at every
/// mark, and the key rests on the share link, which reads the whole puzzle.
pub fn key(kind: Kind, puzzle: &str) -> String {
    thread_local! {
        static KEYS: std::cell::RefCell<std::collections::HashMap<(Kind, String), String>> =
            Default::default();
    }
    if let Some(k) = KEYS.with(|m| m.borrow().get(&(kind, puzzle.to_string())).cloned()) {
        return k;
    }
    let k = saved::key(kind, &format!("p/{}", id(kind, puzzle)));
    KEYS.with(|m| {
        let mut m = m.borrow_mut();
        if m.len() >= 64 {
            m.clear();
        }
        m.insert((kind, puzzle.to_string()), k.clone());
    });
    k
}

/// Whether a storage key holds a puzzle's record, and whose.
pub fn kind_of_key(key: &str) -> Option<Kind> {
    let rest = key.strip_prefix("puzzle-studio/")?;
    let (kind, tail) = rest.split_once('/')?;
    let id = tail.strip_prefix("p/")?;
    (id.len() == 16 && id.bytes().all(|b| b.is_ascii_hexdigit())).then_some(())?;
    Kind::from_id(kind)
}

/// Whether an entry is worth keeping: something was played on it.
pub fn started(marks: &[u8], play: &Play) -> bool {
    play.moves > 0 || marks.iter().any(|&m| m != 0)
}

/// The record text of an entry (the saved workshop record, [`saved::encode_with_history`]).
pub fn encode(e: &Entry) -> String {
    encode_with_history(e, &e.history)
}

/// [`encode`] with another history text (a shorter one, when the storage is full).
pub fn encode_with_history(e: &Entry, history: &str) -> String {
    let play = serde_json::to_string(&e.play).unwrap_or_default();
    saved::encode_with_history(e.kind, &e.puzzle, &e.marks, &play, history)
}

/// Reads a record text back; says why when it does not read. Its Undo history is kept as text,
/// unread ([`saved::read_later`]): a history that does not read is dropped, with a notice,
/// when the puzzle is opened, and never stops its marks from loading.
pub fn decode(text: &str) -> Result<Entry, String> {
    let kind_id = serde_json::from_str::<serde_json::Value>(text)
        .map_err(|e| format!("not JSON ({e})"))?
        .get("kind")
        .and_then(|k| k.as_str().map(str::to_string))
        .ok_or("no kind")?;
    let kind = Kind::from_id(&kind_id).ok_or_else(|| format!("unknown kind `{kind_id}`"))?;
    let loaded = saved::read_later(kind, text);
    if let Some(u) = loaded.unreadable {
        return Err(u.why);
    }
    let (puzzle, marks) = loaded.work.ok_or("no puzzle")?;
    let play = if loaded.play.is_empty() {
        Play::default()
    } else {
        serde_json::from_str(&loaded.play).map_err(|e| format!("the clock does not read ({e})"))?
    };
    Ok(Entry { kind, puzzle, marks, play, history: loaded.history_text.into() })
}

/// The least recently played entries beyond [`PER_KIND`] of their kind, to be removed.
pub fn overflow(entries: &[Entry]) -> Vec<usize> {
    let mut by_kind: HashMap<Kind, Vec<usize>> = HashMap::new();
    for (i, e) in entries.iter().enumerate() {
        by_kind.entry(e.kind).or_default().push(i);
    }
    let mut out = Vec::new();
    for (_, mut list) in by_kind {
        list.sort_by(|&a, &b| last(&entries[b]).total_cmp(&last(&entries[a])));
        out.extend(list.into_iter().skip(PER_KIND));
    }
    out.sort_unstable();
    out
}

fn last(e: &Entry) -> f64 {
    e.play.last_ms.unwrap_or(0.0)
}

/// Where a person stands on a puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// Finished: the grid was complete and correct.
    Solved,
    /// Started, not finished.
    Playing,
}

/// One line of the My puzzles list.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    /// The kind.
    pub kind: Kind,
    /// Its size and class ([`crate::play::Playable::shape`]).
    pub shape: String,
    /// Solved or in progress.
    pub progress: Progress,
    /// Play time (to the finish when solved), ms.
    pub time_ms: f64,
    /// Moves made.
    pub moves: u32,
    /// Hint steps shown.
    pub hints: u32,
    /// When it was last played (ms since the epoch), if known.
    pub last_ms: Option<f64>,
    /// The fragment that opens it (with its marks, which come back with it).
    pub fragment: String,
    /// What tells it from others of its kind and size, in words: the title it came with (a
    /// webpbn XML's, say), or the name of the sample it is; `None` for neither.
    pub title: Option<String>,
    /// A small picture of the board as it was left ([`crate::thumbnail::svg`]; empty when the
    /// puzzle does not read).
    pub thumbnail: String,
}

/// The title a puzzle came with (its canonical JSON's `title`), else the name of the home page's
/// sample it is (same share link), else `None`.
pub fn title(kind: Kind, puzzle: &str, fragment: &str) -> Option<String> {
    let own = serde_json::from_str::<serde_json::Value>(puzzle)
        .ok()
        .and_then(|v| v.get("title").and_then(|t| t.as_str()).map(str::trim).map(str::to_string));
    own.filter(|t| !t.is_empty()).or_else(|| {
        crate::samples::of(kind)
            .find(|s| {
                kinds::import(kind, s.text)
                    .and_then(|t| kinds::share_fragment(kind, &t))
                    .is_ok_and(|f| f == fragment)
            })
            .map(|s| format!("Sample: {}", s.name))
    })
}

/// The list: every started puzzle, the most recently played first.
pub fn lines(entries: &[Entry]) -> Vec<Line> {
    let mut out: Vec<Line> = entries
        .iter()
        .filter(|e| started(&e.marks, &e.play))
        .filter_map(|e| {
            let fragment = kinds::share_fragment(e.kind, &e.puzzle).ok()?;
            let (progress, time_ms, moves) = match e.play.finished {
                Some((ms, moves)) => (Progress::Solved, ms, moves),
                None => (Progress::Playing, e.play.elapsed_ms, e.play.moves),
            };
            Some(Line {
                kind: e.kind,
                shape: kinds::shape_text(e.kind, &e.puzzle).unwrap_or_default(),
                progress,
                time_ms,
                moves,
                hints: e.play.hints,
                last_ms: e.play.last_ms,
                title: title(e.kind, &e.puzzle, &fragment),
                thumbnail: crate::thumbnail::svg(e.kind, &e.puzzle, &e.marks).unwrap_or_default(),
                fragment,
            })
        })
        .collect();
    out.sort_by(|a, b| b.last_ms.unwrap_or(0.0).total_cmp(&a.last_ms.unwrap_or(0.0)));
    out
}

/// A best time: the fastest finish of a kind and shape without hints, and how many were finished.
#[derive(Debug, Clone, PartialEq)]
pub struct Best {
    /// The kind.
    pub kind: Kind,
    /// The shape.
    pub shape: String,
    /// The fastest finish without hints, ms (`None` when every finish used hints).
    pub best_ms: Option<f64>,
    /// Puzzles of this kind and shape finished.
    pub solved: usize,
}

/// Best times per kind and shape, in menu order of kinds, then by shape.
pub fn best_times(entries: &[Entry]) -> Vec<Best> {
    let mut out: Vec<Best> = Vec::new();
    for l in lines(entries).into_iter().filter(|l| l.progress == Progress::Solved) {
        let clean = (l.hints == 0).then_some(l.time_ms);
        match out.iter_mut().find(|b| b.kind == l.kind && b.shape == l.shape) {
            Some(b) => {
                b.solved += 1;
                b.best_ms = match (b.best_ms, clean) {
                    (Some(a), Some(c)) => Some(a.min(c)),
                    (a, c) => a.or(c),
                };
            }
            None => out.push(Best { kind: l.kind, shape: l.shape, best_ms: clean, solved: 1 }),
        }
    }
    let order = |k: Kind| Kind::ALL.iter().position(|&x| x == k).unwrap_or(0);
    out.sort_by(|a, b| order(a.kind).cmp(&order(b.kind)).then_with(|| a.shape.cmp(&b.shape)));
    out
}

/// The export file's form.
#[derive(Serialize, Deserialize)]
struct File {
    /// Always `puzzle-studio-puzzles`.
    format: String,
    /// The file's version (1).
    version: u32,
    /// Each puzzle's record, as stored.
    puzzles: Vec<serde_json::Value>,
}

/// The file's `format` field.
const FILE_FORMAT: &str = "puzzle-studio-puzzles";

/// Every entry as one JSON file, to move to another device.
pub fn export(entries: &[Entry]) -> String {
    let puzzles = entries.iter().filter_map(|e| serde_json::from_str(&encode(e)).ok()).collect();
    serde_json::to_string_pretty(&File { format: FILE_FORMAT.into(), version: 1, puzzles })
        .unwrap_or_default()
}

/// Reads an export file: the entries that read, and for each that does not, its place and why.
pub fn import(text: &str) -> Result<(Vec<Entry>, Vec<String>), String> {
    let file: File =
        serde_json::from_str(text).map_err(|e| format!("this is not a My puzzles file ({e})"))?;
    if file.format != FILE_FORMAT {
        return Err(format!("this file's format is `{}`, not `{FILE_FORMAT}`", file.format));
    }
    if file.version > 1 {
        return Err(format!("this file was written by a newer version of the studio (version {}; this page reads version 1)", file.version));
    }
    let mut entries = Vec::new();
    let mut skipped = Vec::new();
    for (i, p) in file.puzzles.iter().enumerate() {
        match decode(&p.to_string()) {
            Ok(e) => entries.push(e),
            Err(why) => skipped.push(format!("puzzle {}: {why}", i + 1)),
        }
    }
    Ok((entries, skipped))
}

/// Which of two records of one puzzle to keep: the one played last (a finish wins over none).
pub fn newer<'a>(a: &'a Entry, b: &'a Entry) -> &'a Entry {
    match (a.play.finished.is_some(), b.play.finished.is_some()) {
        (true, false) => a,
        (false, true) => b,
        _ if last(b) > last(a) => b,
        _ => a,
    }
}
