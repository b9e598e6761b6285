//! The Undo and Redo history of play as text, kept in local storage with the marks
//! ([`crate::saved`]) so that a reload or a second tab keeps it. Pure.
//!
//! The form (version `h1`): `h1 <check>|<undo steps>|<redo steps>`.
//! * `<check>`: eight hex digits, a checksum of the marks the history leads to
//!   ([`checksum`]); a history written for other marks is refused.
//! * Each stack lists its steps nearest first, separated by `;`: the first undo step turns the
//!   current marks into the marks before the last move, the next one turns those into the
//!   marks before that, and so on (the same for redo). At most [`STEPS`] a stack.
//! * A step is the length of the marks it makes, then `:` and the cells that change, in
//!   increasing order, as `cell=mark` or a run `first-last=mark` (decimal); cells beyond the
//!   length of the marks it starts from start as 0. `900` alone makes 900 marks, the first
//!   ones as they were.
//!
//! Reading never guesses: anything that does not read (another version, junk, a step that is
//! not a board of the puzzle, a history for other marks) is an error saying why, and the page
//! drops the history with a notice while the marks load as before.

use std::rc::Rc;

/// The most steps kept per stack (Undo's and Redo's).
pub const STEPS: usize = 300;

/// The longest history text written or read (characters).
pub const MAX_TEXT: usize = 400_000;

/// The most marks one step may make.
pub const MAX_MARKS: usize = 1 << 16;

/// The version tag a history starts with.
pub const TAG: &str = "h1";

/// A workshop's Undo and Redo stacks: earlier and undone marks, newest last (as
/// [`crate::app_state::Workshop`] keeps them).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct History {
    /// Earlier marks, newest last.
    pub undo: Vec<Rc<Vec<u8>>>,
    /// Undone marks, newest last.
    pub redo: Vec<Rc<Vec<u8>>>,
}

impl History {
    /// Whether there is no step either way.
    pub fn is_empty(&self) -> bool {
        self.undo.is_empty() && self.redo.is_empty()
    }
}

/// FNV-1a over the length and the bytes of `marks`, as eight hex digits.
pub fn checksum(marks: &[u8]) -> String {
    let mut h: u32 = 0x811c_9dc5;
    for b in (marks.len() as u32).to_le_bytes().iter().chain(marks) {
        h ^= u32::from(*b);
        h = h.wrapping_mul(0x0100_0193);
    }
    format!("{h:08x}")
}

/// The step that turns `from` into `to`.
fn step(from: &[u8], to: &[u8], out: &mut String) {
    use std::fmt::Write;
    let _ = write!(out, "{}", to.len());
    let mut first = true;
    let mut i = 0;
    while i < to.len() {
        if to[i] == from.get(i).copied().unwrap_or(0) {
            i += 1;
            continue;
        }
        let m = to[i];
        let mut j = i;
        while j + 1 < to.len() && to[j + 1] == m && from.get(j + 1).copied().unwrap_or(0) != m {
            j += 1;
        }
        out.push(if first { ':' } else { ',' });
        first = false;
        if j >= i + 2 {
            let _ = write!(out, "{i}-{j}={m}");
            i = j + 1;
        } else {
            let _ = write!(out, "{i}={m}");
            i += 1;
        }
    }
}

/// The steps between two kept boards of a stack, written once: the page saves the whole
/// history after every move, and all but the newest step are the same as at the last save
/// (on a 200x200 nonogram, 300 steps compared cell by cell took 11 ms natively per save).
/// Keyed by the two boards' addresses, holding the boards so an address is never reused
/// while its entry lives; emptied when the boards it holds pass [`memo::MOST_BYTES`] (boards
/// that left every stack are kept alive only until then).
mod memo {
    use std::cell::RefCell;
    use std::collections::HashMap;
    use std::rc::Rc;

    type Entry = (Rc<Vec<u8>>, Rc<Vec<u8>>, Rc<str>);

    /// The most bytes of boards the entries hold (each counted once, as the step's end):
    /// a 300-step history of a 200x200 board is 12 MB.
    pub const MOST_BYTES: usize = 32 << 20;

    #[derive(Default)]
    struct Memo {
        steps: HashMap<(usize, usize), Entry>,
        bytes: usize,
    }

    thread_local! {
        static MEMO: RefCell<Memo> = RefCell::new(Memo::default());
    }

    /// The step from `from` to `to`, written by `write` the first time.
    pub fn step(from: &Rc<Vec<u8>>, to: &Rc<Vec<u8>>, write: impl FnOnce() -> String) -> Rc<str> {
        let key = (Rc::as_ptr(from) as usize, Rc::as_ptr(to) as usize);
        MEMO.with(|m| {
            let mut m = m.borrow_mut();
            if let Some((f, t, text)) = m.steps.get(&key) {
                if Rc::ptr_eq(f, from) && Rc::ptr_eq(t, to) {
                    return text.clone();
                }
            }
            if m.bytes + to.len() > MOST_BYTES {
                *m = Memo::default();
            }
            let text: Rc<str> = write().into();
            m.bytes += to.len();
            m.steps.insert(key, (from.clone(), to.clone(), text.clone()));
            text
        })
    }
}

/// One stack's steps, nearest first, from `marks` back along `stack` (newest last): at most
/// `keep` steps, and no more than fit in `room` characters.
fn stack_text(marks: &[u8], stack: &[Rc<Vec<u8>>], keep: usize, room: usize) -> String {
    let mut out = String::new();
    let mut from: Option<&Rc<Vec<u8>>> = None;
    for to in stack.iter().rev().take(keep) {
        let one: Rc<str> = match from {
            // The newest step starts from the marks on the board, which change at every move.
            None => {
                let mut one = String::new();
                step(marks, to, &mut one);
                one.into()
            }
            Some(f) => memo::step(f, to, || {
                let mut one = String::new();
                step(f, to, &mut one);
                one
            }),
        };
        if out.len() + one.len() + 1 > room {
            break;
        }
        if !out.is_empty() {
            out.push(';');
        }
        out.push_str(&one);
        from = Some(to);
    }
    out
}

/// The history text of `history` around `marks`, with at most `keep` steps a stack (fewer
/// if the text would pass [`MAX_TEXT`]; Undo's steps are kept first); empty when there is no
/// step to keep.
pub fn encode(marks: &[u8], history: &History, keep: usize) -> String {
    let keep = keep.min(STEPS);
    if keep == 0 || history.is_empty() {
        return String::new();
    }
    let head = format!("{TAG} {}|", checksum(marks));
    let undo = stack_text(marks, &history.undo, keep, MAX_TEXT - head.len() - 1);
    let redo = stack_text(marks, &history.redo, keep, MAX_TEXT - head.len() - 1 - undo.len());
    if undo.is_empty() && redo.is_empty() {
        return String::new();
    }
    format!("{head}{undo}|{redo}")
}

/// `text` (a history as [`encode`] writes it) with at most `keep` steps a stack, the nearest
/// ones: what fits when the storage is full. Empty when no step is left, or when `text` is not
/// a history (it is never read as one then either).
pub fn shorten(text: &str, keep: usize) -> String {
    let mut parts = text.splitn(3, '|');
    let (Some(head), Some(undo), Some(redo)) = (parts.next(), parts.next(), parts.next()) else {
        return String::new();
    };
    let first = |s: &str| -> String {
        if s.is_empty() {
            return String::new();
        }
        s.split(';').take(keep).collect::<Vec<_>>().join(";")
    };
    let (undo, redo) = (first(undo), first(redo));
    if undo.is_empty() && redo.is_empty() {
        return String::new();
    }
    format!("{head}|{undo}|{redo}")
}

/// How many steps a history text keeps (Undo's, Redo's), for a notice; `(0, 0)` for none.
pub fn steps_in(text: &str) -> (usize, usize) {
    let mut parts = text.splitn(3, '|').skip(1);
    let count =
        |s: Option<&str>| s.map_or(0, |s| if s.is_empty() { 0 } else { s.split(';').count() });
    let undo = count(parts.next());
    (undo, count(parts.next()))
}

fn number(text: &str, what: &str) -> Result<usize, String> {
    if text.is_empty() || text.len() > 6 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("{what} {text:?} is not a number"));
    }
    text.parse().map_err(|_| format!("{what} {text:?} is not a number"))
}

/// Applies one step's text to `from`.
fn apply(from: &[u8], text: &str) -> Result<Vec<u8>, String> {
    let (len, changes) = match text.split_once(':') {
        Some((l, c)) => (l, Some(c)),
        None => (text, None),
    };
    let len = number(len, "the length")?;
    if len > MAX_MARKS {
        return Err(format!("it makes {len} marks, more than {MAX_MARKS}"));
    }
    let mut to = from.to_vec();
    to.resize(len, 0);
    let mut next = 0;
    for change in changes.into_iter().flat_map(|c| c.split(',')) {
        let (cells, mark) =
            change.split_once('=').ok_or_else(|| format!("{change:?} is not cell=mark"))?;
        let mark = number(mark, "the mark")?;
        let mark = u8::try_from(mark).map_err(|_| format!("mark {mark} is more than 255"))?;
        let (a, b) = match cells.split_once('-') {
            Some((a, b)) => (number(a, "the cell")?, number(b, "the cell")?),
            None => {
                let a = number(cells, "the cell")?;
                (a, a)
            }
        };
        if a < next || b < a {
            return Err(format!("the cells {cells} are out of order"));
        }
        if b >= len {
            return Err(format!("cell {b} is past the {len} marks"));
        }
        to[a..=b].fill(mark);
        next = b + 1;
    }
    Ok(to)
}

/// One stack's marks, newest last, from its text (nearest first) starting at `marks`.
fn read_stack(
    marks: &[u8],
    text: &str,
    name: &str,
    check: &dyn Fn(&[u8]) -> Result<(), String>,
) -> Result<Vec<Rc<Vec<u8>>>, String> {
    if text.is_empty() {
        return Ok(Vec::new());
    }
    let steps: Vec<&str> = text.split(';').collect();
    if steps.len() > STEPS {
        return Err(format!("it keeps {} {name} steps, more than {STEPS}", steps.len()));
    }
    let mut out: Vec<Rc<Vec<u8>>> = Vec::with_capacity(steps.len());
    for (i, s) in steps.iter().enumerate() {
        let from: &[u8] = out.last().map_or(marks, |m| m.as_slice());
        let to = apply(from, s).map_err(|e| format!("{name} step {}: {e}", i + 1))?;
        check(&to)
            .map_err(|e| format!("{name} step {} is not a board of this puzzle: {e}", i + 1))?;
        out.push(Rc::new(to));
    }
    out.reverse();
    Ok(out)
}

/// The history in `text`, leading to `marks`; every state it holds must pass `check` (the
/// kind's reading of marks). An error says why it does not read.
pub fn decode(
    text: &str,
    marks: &[u8],
    check: &dyn Fn(&[u8]) -> Result<(), String>,
) -> Result<History, String> {
    if text.len() > MAX_TEXT {
        return Err(format!("it is {} characters long, more than {MAX_TEXT}", text.len()));
    }
    let Some(rest) = text.strip_prefix(TAG).and_then(|r| r.strip_prefix(' ')) else {
        let tag: String = text.chars().take_while(|c| !matches!(c, ' ' | '|')).collect();
        if tag.len() > 1 && tag.starts_with('h') && tag[1..].bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!(
                "it was written by another version of the studio ({tag}; this page reads {TAG})"
            ));
        }
        return Err(format!("it is not an Undo history (it should start with \"{TAG} \")"));
    };
    let parts: Vec<&str> = rest.split('|').collect();
    let [sum, undo, redo] = parts[..] else {
        return Err(format!("it has {} parts, not 3 separated by |", parts.len()));
    };
    if sum != checksum(marks) {
        return Err("it does not lead to the kept marks (it was written for other marks)".into());
    }
    Ok(History {
        undo: read_stack(marks, undo, "undo", check)?,
        redo: read_stack(marks, redo, "redo", check)?,
    })
}
