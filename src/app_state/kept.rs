//! Kept marks: the puzzles played earlier on each kind's page and the marks played on them, so
//! that opening one again (Back, a link, a sample) brings its marks back.

use std::rc::Rc;

use crate::clock::Play;
use crate::kinds::{self, Kind};

/// How many earlier puzzles' marks each kind keeps ([`crate::library::PER_KIND`]).
pub const KEPT_PER_KIND: usize = crate::library::PER_KIND;

/// An earlier puzzle and the marks played on it.
#[derive(Debug, Clone, PartialEq)]
pub struct Kept {
    /// The puzzle in canonical JSON.
    pub puzzle: String,
    /// The player's marks on it.
    pub marks: Vec<u8>,
    /// The clock and moves on it.
    pub play: Play,
    /// The Undo and Redo history that leads to the marks, as text ([`crate::play_history`];
    /// empty for none): compact while the puzzle is away, read when it is opened again.
    pub history: Rc<str>,
}

impl Kept {
    /// The puzzle `puzzle` leaving the board of `w`, with its marks, clock and Undo history.
    pub(super) fn left(puzzle: String, w: super::Workshop) -> Kept {
        let history = crate::play_history::History { undo: w.undo, redo: w.redo };
        let text = crate::play_history::encode(&w.marks, &history, crate::play_history::STEPS);
        Kept { puzzle, marks: w.marks, play: w.play, history: text.into() }
    }
}

/// Whether two texts of `kind` are the same puzzle: the same text, or the same share link.
pub fn same_puzzle(kind: Kind, a: &str, b: &str) -> bool {
    let link = |text| kinds::share_fragment(kind, text);
    a == b || matches!((link(a), link(b)), (Ok(x), Ok(y)) if x == y)
}

/// Keeps `k` as the newest of `kind`'s earlier puzzles (in place of an older copy of the same
/// puzzle), forgetting the oldest beyond [`KEPT_PER_KIND`].
pub(super) fn keep(list: &mut Vec<Kept>, kind: Kind, k: Kept) {
    list.retain(|old| !same_puzzle(kind, &old.puzzle, &k.puzzle));
    list.push(k);
    if list.len() > KEPT_PER_KIND {
        list.remove(0);
    }
}

/// Takes `puzzle`'s marks and clock back out of `kind`'s kept list, if it is there.
pub(super) fn take_back(list: &mut Vec<Kept>, kind: Kind, puzzle: &str) -> Option<Kept> {
    let i = list.iter().position(|k| same_puzzle(kind, &k.puzzle, puzzle))?;
    Some(list.remove(i))
}

/// `kind`'s kept list to change (made if none; the map is copied first only if an earlier state
/// still shares it).
pub(super) fn list_mut(
    kept: &mut Rc<std::collections::HashMap<Kind, Vec<Kept>>>,
    kind: Kind,
) -> &mut Vec<Kept> {
    Rc::make_mut(kept).entry(kind).or_default()
}
