//! My puzzles and other tabs: every puzzle played here as library entries, and marks saved
//! elsewhere (another tab, a My puzzles file) taken in.

use std::rc::Rc;

use super::kept::{self, Kept};
use super::notices::Notice;
use super::pages::Page;
use super::State;
use super::{History, Restored};
use crate::clock::Play;
use crate::kinds::Kind;
use crate::library::{self, Entry};

impl State {
    /// Every puzzle played here, on screen or kept ([`crate::library`]'s entries), the kept ones
    /// with their Undo history (the puzzles on screen keep theirs in their workshops' records).
    pub fn entries(&self) -> Vec<Entry> {
        self.entries_with(false)
    }

    /// [`Self::entries`] with the Undo history of the puzzles on screen too: the export file's.
    pub fn entries_with_history(&self) -> Vec<Entry> {
        self.entries_with(true)
    }

    fn entries_with(&self, on_screen_history: bool) -> Vec<Entry> {
        let mut out = Vec::new();
        for kind in Kind::ALL {
            if let Some(w) = self.workshops.get(&kind) {
                if let Some(p) = &w.puzzle {
                    let history = if on_screen_history {
                        let h = History { undo: w.undo.clone(), redo: w.redo.clone() };
                        crate::play_history::encode(&w.marks, &h, crate::play_history::STEPS)
                    } else {
                        String::new()
                    };
                    out.push(Entry {
                        kind,
                        puzzle: p.clone(),
                        marks: w.marks.clone(),
                        play: w.play.clone(),
                        history: history.into(),
                    });
                }
            }
            for k in self.kept.get(&kind).into_iter().flatten() {
                out.push(Entry {
                    kind,
                    puzzle: k.puzzle.clone(),
                    marks: k.marks.clone(),
                    play: k.play.clone(),
                    history: k.history.clone(),
                });
            }
        }
        out
    }

    /// Takes marks saved elsewhere for `kind`'s `puzzle`, with the Undo history that leads to
    /// them (as text): `replace` says, from the marks and clock here, whether to take them. On
    /// the puzzle on screen this tab's marks go on the undo stack; a kept puzzle takes the
    /// history with the marks. Returns whether the puzzle on screen changed.
    fn take_marks(
        &mut self,
        kind: Kind,
        (puzzle, marks, play, history): (String, Vec<u8>, Play, Rc<str>),
        replace: impl Fn(&[u8], &Play) -> bool,
    ) -> bool {
        let here = self.workshops.entry(kind).or_default();
        if here.puzzle.as_deref().is_some_and(|p| kept::same_puzzle(kind, p, &puzzle)) {
            if !replace(&here.marks, &here.play) || (here.marks == marks && here.play == play) {
                return false;
            }
            let w = self.workshop_mut(kind);
            let changed = w.bring_marks(marks);
            w.play = play;
            return changed;
        }
        let list = kept::list_mut(&mut self.kept, kind);
        match list.iter_mut().find(|k| kept::same_puzzle(kind, &k.puzzle, &puzzle)) {
            Some(k) if replace(&k.marks, &k.play) => {
                k.marks = marks;
                k.play = play;
                k.history = history;
            }
            Some(_) => {}
            None => kept::keep(list, kind, Kept { puzzle, marks, play, history }),
        }
        false
    }

    /// [`super::Action::External`]: another tab's marks, brought to the puzzle on screen (and
    /// said) or kept (with the Undo history kept with them). Whether anything changed.
    pub(super) fn external(
        &mut self,
        kind: Kind,
        puzzle: String,
        marks: Vec<u8>,
        play: Play,
        history: Rc<str>,
    ) -> bool {
        let before = self.clone();
        let on_screen = self.take_marks(kind, (puzzle, marks, play, history), |_, _| true);
        if on_screen && self.page == Page::Kind(kind) {
            self.notice = Some(Notice::info(
                "Marks made on this puzzle in another tab were brought here; Undo goes back to \
                 the marks this tab had.",
            ));
        }
        *self != before
    }

    /// [`super::Action::TabMoves`]: another tab's workshop with its Undo history. On the same
    /// puzzle on screen, its marks, clock and history replace this tab's (said when the marks
    /// changed); on another puzzle, its marks are kept as [`Self::external`] keeps them.
    pub(super) fn tab_moves(
        &mut self,
        kind: Kind,
        puzzle: String,
        marks: Vec<u8>,
        play: Play,
        history: History,
    ) -> bool {
        let here = self.workshop(kind);
        if !here.puzzle.as_deref().is_some_and(|p| kept::same_puzzle(kind, p, &puzzle)) {
            let text = crate::play_history::encode(&marks, &history, crate::play_history::STEPS);
            return self.external(kind, puzzle, marks, play, text.into());
        }
        if here.marks == marks
            && here.play == play
            && here.undo == history.undo
            && here.redo == history.redo
        {
            return false;
        }
        let moved = here.marks != marks;
        let w = self.workshop_mut(kind);
        if moved {
            w.marks = marks;
            w.hint = None;
            w.mistakes = None;
            w.checked = None;
            w.view = Some(super::View::Play);
        }
        w.play = play;
        w.undo = history.undo;
        w.redo = history.redo;
        if moved && self.page == Page::Kind(kind) {
            self.notice = Some(Notice::info(
                "Moves made on this puzzle in another tab were brought here, with that tab's \
                 Undo and Redo.",
            ));
        }
        true
    }

    /// The Undo histories read back with the saved work ([`crate::saved::Loaded::history`]):
    /// each goes to its kind's workshop when that still holds the marks it leads to (a link
    /// may have opened another puzzle); a history that did not read is said, once.
    pub fn restore_histories(&mut self, histories: Vec<Restored>) {
        for (kind, puzzle, marks, history, dropped) in histories {
            if let Some(why) = dropped {
                self.notice =
                    Some(Notice::error(crate::saved::history_dropped_sentence(kind, &why)));
            }
            let here = self.workshop(kind);
            if history.is_empty() || here.marks != marks || here.puzzle.as_ref() != Some(&puzzle) {
                continue;
            }
            let w = self.workshop_mut(kind);
            w.undo = history.undo;
            w.redo = history.redo;
        }
    }

    /// [`super::Action::Imported`]: each puzzle of a My puzzles file replaces the one here when
    /// it was played later.
    pub(super) fn imported(&mut self, entries: Vec<Entry>) {
        let n = entries.len();
        for e in entries {
            let incoming = e.clone();
            self.take_marks(e.kind, (e.puzzle, e.marks, e.play, e.history), |marks, play| {
                let here = Entry {
                    kind: incoming.kind,
                    puzzle: String::new(),
                    marks: marks.to_vec(),
                    play: play.clone(),
                    history: "".into(),
                };
                std::ptr::eq(library::newer(&here, &incoming), &incoming)
            });
        }
        self.notice = Some(Notice::info(format!(
            "{n} puzzle{} read from the file; where a puzzle was here already, the one played \
             last is kept.",
            if n == 1 { "" } else { "s" }
        )));
    }
}
