//! A kind's workshop: its puzzle, the player's marks with Undo and Redo, what the board shows,
//! and the reducers of the player's own moves (mark, clear, undo, redo, show).

use std::rc::Rc;

use crate::clock::Play;
use crate::hint::{Explanation, Hint};
use crate::kinds::AnyReport;

/// What the player sees on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    /// The player's own marks.
    Play,
    /// Answer `i` of the last solve.
    Answer(usize),
}

/// One kind's workshop: its puzzle, the player's marks, the last verified result. The parts an
/// action seldom changes (earlier marks, the report, the explanation) are shared, so that a
/// state after a move copies one board, not the whole history.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Workshop {
    /// The puzzle in canonical JSON, if any.
    pub puzzle: Option<String>,
    /// The player's marks in their byte form (what is saved, linked, undone and sent to the
    /// worker); the board reads them typed, decoded once by the kind ([`crate::marks`]).
    pub marks: Vec<u8>,
    /// Earlier marks, newest last, for Undo.
    pub undo: Vec<Rc<Vec<u8>>>,
    /// Undone marks, newest last, for Redo.
    pub redo: Vec<Rc<Vec<u8>>>,
    /// The last solve's report, answers verified by the page.
    pub result: Option<Rc<AnyReport>>,
    /// What the board shows.
    pub view: Option<View>,
    /// Cells the last Check found wrong (against the proven unique answer).
    pub mistakes: Option<Vec<usize>>,
    /// A Check is waiting for the solve it started.
    pub check_pending: bool,
    /// The last explained hint for the current marks (shown, then applied by a second press);
    /// cleared when the marks change.
    pub hint: Option<Hint>,
    /// The whole solve, explained, and the step the board shows (`Some(k)`: the marks after
    /// the first `k` steps, with step `k` highlighted).
    pub explanation: Option<(Rc<Explanation>, Option<usize>)>,
    /// The player's clock and move count on this puzzle.
    pub play: Play,
    /// What the last Check found about the player's grid (`true` when nothing is wrong), shown
    /// in the status line in place of the solver's verdict (Check speaks about the player's grid
    /// only); cleared with the rings when the marks change.
    pub checked: Option<(bool, String)>,
    /// The last result was solved for Check (to compare the grid with), not asked for: the
    /// status line does not show its verdict, which is about the puzzle, not the grid.
    pub result_for_check: bool,
    /// Why the link this page was opened with could not be read (a link cut short, say): the
    /// page says so and opens nothing else in its place (no sample), until a puzzle is opened.
    pub unreadable: Option<String>,
}

impl Workshop {
    /// A workshop with `puzzle` on the board and the marks and clock played on it.
    pub(super) fn opened(puzzle: String, marks: Vec<u8>, play: Play) -> Workshop {
        Workshop {
            puzzle: Some(puzzle),
            marks,
            play,
            view: Some(View::Play),
            ..Workshop::default()
        }
    }

    /// The answer the board shows (rows), and the other answer it differs from, when the view is
    /// an answer of the last solve; `(None, None)` while the player's marks are shown.
    pub fn shown_answers(&self) -> (Option<&Vec<String>>, Option<&Vec<String>>) {
        match (self.view, &self.result) {
            (Some(View::Answer(i)), Some(r)) => {
                let other =
                    if r.solutions.len() > 1 { r.solutions.get(1 - i.min(1)) } else { None };
                (r.solutions.get(i), other)
            }
            _ => (None, None),
        }
    }

    /// After the marks changed from `before` by one step of the player (a mark, a drag, an
    /// applied hint): `before` goes on the undo stack, Redo and the last Check's rings go, the
    /// clock counts a move; the board shows the player's marks.
    pub(super) fn record_move(&mut self, before: Vec<u8>, now: f64) {
        if self.marks != before {
            self.undo.push(Rc::new(before));
            self.redo.clear();
            self.mistakes = None;
            self.checked = None;
            self.play.move_at(now);
        }
        self.view = Some(View::Play);
    }

    /// Puts marks made elsewhere (another tab, a progress link) on the board; the marks here go
    /// on the undo stack, and the hint and the last Check with them. Whether the marks changed.
    pub(super) fn bring_marks(&mut self, marks: Vec<u8>) -> bool {
        if self.marks == marks {
            return false;
        }
        let mine = std::mem::replace(&mut self.marks, marks);
        self.undo.push(Rc::new(mine));
        self.redo.clear();
        self.hint = None;
        self.mistakes = None;
        self.checked = None;
        self.view = Some(View::Play);
        true
    }

    /// [`super::Action::Mark`]: the player set `cells`' marks, as one undoable step.
    pub(super) fn mark(&mut self, cells: Vec<(usize, u8)>, now: f64) {
        let before = self.marks.clone();
        for (cell, mark) in cells {
            if self.marks.len() <= cell {
                self.marks.resize(cell + 1, 0);
            }
            self.marks[cell] = mark;
        }
        self.hint = None;
        // A mark made while the explanation is scrubbed goes back to the player's own board.
        if let Some((_, at)) = self.explanation.as_mut() {
            *at = None;
        }
        self.record_move(before, now);
    }

    /// [`super::Action::ClearMarks`]: an empty board, one Undo away, and a fresh attempt.
    pub(super) fn clear(&mut self) {
        self.hint = None;
        if !self.marks.is_empty() {
            self.undo.push(Rc::new(std::mem::take(&mut self.marks)));
            self.redo.clear();
            self.mistakes = None;
            self.checked = None;
        }
        // A cleared board is a fresh attempt: a new clock and move count.
        self.play = Play::default();
        self.view = Some(View::Play);
    }

    /// [`super::Action::Undo`] (there is a step to take back).
    pub(super) fn undo(&mut self) {
        let Some(previous) = self.undo.pop() else { return };
        self.hint = None;
        let now = std::mem::replace(&mut self.marks, Rc::unwrap_or_clone(previous));
        self.redo.push(Rc::new(now));
        self.view = Some(View::Play);
    }

    /// [`super::Action::Redo`] (there is a step to put back).
    pub(super) fn redo(&mut self) {
        let Some(next) = self.redo.pop() else { return };
        self.hint = None;
        let now = std::mem::replace(&mut self.marks, Rc::unwrap_or_clone(next));
        self.undo.push(Rc::new(now));
        self.view = Some(View::Play);
    }
}
