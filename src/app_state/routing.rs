//! Routing: the page a URL fragment names, and the puzzle on a kind's board (opened from a
//! link, an import, the generator or storage; a link that cannot be read opens nothing).

use std::rc::Rc;

use super::kept::{self, Kept};
use super::notices::Notice;
use super::pages::{Owner, Page};
use super::workshop::Workshop;
use super::State;
use crate::clock::Play;
use crate::kinds::{self, Kind};
use crate::link;

impl State {
    /// [`super::Action::Route`]: shows the page `fragment` names, opening the puzzle it carries.
    pub(super) fn route(&mut self, fragment: &str) {
        self.routes = self.routes.wrapping_add(1);
        let f = fragment.trim_start_matches('#');
        match f {
            "bench" => {
                self.page = Page::Bench;
                return;
            }
            "art" => {
                self.page = Page::Art;
                return;
            }
            "mine" => {
                self.page = Page::Mine;
                return;
            }
            _ => {}
        }
        // Tatham's own terms (`keen:6:…`, a whole `…/keen.html#…` page link), as the import
        // box reads them.
        if let Some((kind, text)) = link::tatham(f) {
            self.page = Page::Kind(kind);
            return match text {
                Some(text) => self.open_link(kind, &text),
                None => self.back_from_unreadable(kind),
            };
        }
        match link::parse_fragment(f) {
            Ok(None) => self.page = Page::Home,
            Ok(Some(parsed)) => {
                self.page = Page::Kind(parsed.kind);
                if parsed.payload.is_some() {
                    self.open_link(parsed.kind, f);
                } else {
                    self.back_from_unreadable(parsed.kind);
                }
            }
            // A link that names its kind but not a grammar this studio reads (a hand-edited
            // version, marks that do not read) is that kind's unreadable link, like a cut one.
            Err(e) => match link_kind(f) {
                Some(kind) => {
                    self.page = Page::Kind(kind);
                    self.unreadable_link(kind, &e);
                }
                None => {
                    self.notice = Some(Notice::error(unreadable_text(&e.to_string())));
                }
            },
        }
    }

    /// Opens the puzzle a link carries; a link that cannot be read opens nothing: the page
    /// says why where the board would be, and the puzzle that was on screen is kept with its
    /// marks ([`State::kept`]), so the address bar keeps the bad link (nothing names another
    /// puzzle) and the kind's address brings the kept puzzle back.
    fn open_link(&mut self, kind: Kind, text: &str) {
        // A progress link's marks, checked against the puzzle like saved marks.
        let marks = link::parse_fragment(text).ok().flatten().and_then(|p| p.marks);
        let read = kinds::import(kind, text).and_then(|puzzle| match &marks {
            Some(m) => kinds::check_marks(kind, &puzzle, m)
                .map(|()| puzzle)
                .map_err(|e| crate::error::InputError::new(format!("its marks do not fit: {e}"))),
            None => Ok(puzzle),
        });
        match read {
            Ok(puzzle) => {
                self.open(kind, puzzle);
                if let Some(marks) = marks {
                    self.with_shared_marks(kind, marks);
                }
            }
            Err(e) => self.unreadable_link(kind, &e),
        }
    }

    /// Shows why a link of `kind` could not be read where the board would be; the puzzle that
    /// was on screen is kept with its marks, and nothing else opens in its place.
    fn unreadable_link(&mut self, kind: Kind, e: &crate::error::InputError) {
        let previous = Rc::unwrap_or_clone(self.workshops.remove(&kind).unwrap_or_default());
        if let Some(old) = previous.puzzle.clone() {
            let k = Kept::left(old, previous);
            kept::keep(kept::list_mut(&mut self.kept, kind), kind, k);
        }
        self.ends.remove(&Owner::Kind(kind));
        let unreadable = Some(unreadable_text(&e.to_string()));
        self.workshops.insert(kind, Workshop { unreadable, ..Workshop::default() }.into());
    }

    /// Puts the marks a progress link carries on the board (the marks there before are one
    /// Undo away), and says that the link carried them.
    fn with_shared_marks(&mut self, kind: Kind, marks: Vec<u8>) {
        let w = self.workshop_mut(kind);
        let n = marks.iter().filter(|&&m| m != 0).count();
        let mut text = format!(
            "This link carries the sharer's progress: {n} mark{} on the board.",
            if n == 1 { "" } else { "s" }
        );
        if w.marks.iter().any(|&m| m != 0) && w.marks != marks {
            text.push_str(" Undo brings back the marks you had.");
        }
        w.bring_marks(marks);
        self.notice = Some(Notice::info(text));
    }

    /// The kind's own address after a link that could not be read: the puzzle played last
    /// comes back (with nothing kept, the page opens its example).
    fn back_from_unreadable(&mut self, kind: Kind) {
        let w = self.workshop_mut(kind);
        if w.puzzle.is_some() || w.unreadable.take().is_none() {
            return;
        }
        if let Some(last) = self.kept.get(&kind).and_then(|k| k.last()).map(|k| k.puzzle.clone()) {
            self.open(kind, last);
        }
    }

    /// Puts `puzzle` on the board of `kind` ([`super::Action::Open`], a generated puzzle, a
    /// link). Another puzzle's marks are kept (see [`State::kept`]) and the marks kept for this
    /// one come back; messages about the puzzle it replaces go.
    pub(super) fn open(&mut self, kind: Kind, puzzle: String) {
        // The same puzzle in another form (the generator's JSON keeps its picture, the link
        // does not) is the same puzzle: it keeps its marks.
        let on_screen = self.workshops.get(&kind).and_then(|w| w.puzzle.as_deref());
        if on_screen.is_some_and(|p| kept::same_puzzle(kind, p, &puzzle)) {
            return;
        }
        let previous = Rc::unwrap_or_clone(std::mem::take(self.workshops.entry(kind).or_default()));
        let list = kept::list_mut(&mut self.kept, kind);
        let (marks, play, history) = match kept::take_back(list, kind, &puzzle) {
            Some(k) => (k.marks, k.play, k.history),
            None => (Vec::new(), Play::default(), "".into()),
        };
        if let Some(old) = previous.puzzle.clone() {
            if previous.marks.iter().any(|&m| m != 0) {
                kept::keep(list, kind, Kept::left(old, previous));
            }
        }
        // Its Undo and Redo come back with it; a history that does not read is dropped, said.
        let (history, dropped) = crate::saved::read_history(kind, &puzzle, &marks, &history);
        let mut w = Workshop::opened(puzzle, marks, play);
        (w.undo, w.redo) = (history.undo, history.redo);
        *self.workshops.entry(kind).or_default() = Rc::new(w);
        // A notice about the puzzle that was on screen (a Check's count, a failed solve) is stale
        // now.
        if self.page == Page::Kind(kind) {
            self.notice = None;
        }
        if let Some(why) = dropped {
            self.notice = Some(Notice::error(crate::saved::history_dropped_sentence(kind, &why)));
        }
        self.ends.remove(&Owner::Kind(kind));
    }
}

/// The kind a fragment names before its first `/` (`starbattle/v9/…`), if the studio knows it.
/// What the page says of a link it could not read: the reader's reason, ended as a sentence
/// (a reason that ends in a quoted piece of the link gets its full stop).
fn unreadable_text(why: &str) -> String {
    let why = why.trim_end();
    let stop = if why.ends_with(['.', '!', '?']) { "" } else { "." };
    format!("This link could not be read: {why}{stop}")
}

fn link_kind(fragment: &str) -> Option<Kind> {
    let f = link::normalise(fragment);
    Kind::from_id(f.split('/').next().unwrap_or(""))
}
