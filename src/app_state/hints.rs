//! Hints and the explanation: a hint shown (and counted), applied as one move or dismissed; the
//! whole solve explained and scrubbed step by step.

use std::rc::Rc;

use super::pages::Busy;
use super::workshop::{View, Workshop};
use super::State;
use crate::hint::{Explanation, Hint};

impl Workshop {
    /// Shows a hint (a step or a mistake pointed at counts as a hint used, the same mistake asked
    /// for again does not); the hint is about the player's marks, so the board shows them rather
    /// than a step of the explanation.
    pub(super) fn show_hint(&mut self, hint: Hint) {
        let again = matches!(&hint, Hint::Mistake { .. }) && self.hint.as_ref() == Some(&hint);
        if matches!(hint, Hint::Step(_) | Hint::Mistake { .. }) && !again {
            self.play.hints += 1;
        }
        self.hint = Some(hint);
        if let Some((_, at)) = self.explanation.as_mut() {
            *at = None;
        }
        self.view = Some(View::Play);
    }

    /// Whether [`Workshop::apply_hint`] has a step to make.
    pub(super) fn has_step(&self) -> bool {
        matches!(self.hint, Some(Hint::Step(_)))
    }

    /// The marks the step on screen leads to (the player's marks with it applied), for the
    /// worker to find the next hint while the player reads this one ([`crate::jobs::Request::Prefetch`]).
    pub fn next_marks(&self) -> Option<Vec<u8>> {
        let Some(Hint::Step(step)) = &self.hint else { return None };
        let mut marks = self.marks.clone();
        crate::marks::apply_bytes(&mut marks, &step.marks);
        (marks != self.marks).then_some(marks)
    }

    /// [`super::Action::ApplyHint`]: makes the shown step, as one undoable move.
    pub(super) fn apply_hint(&mut self, now: f64) {
        let Some(Hint::Step(step)) = self.hint.take() else { return };
        if let Some((_, at)) = self.explanation.as_mut() {
            *at = None;
        }
        let before = self.marks.clone();
        crate::marks::apply_bytes(&mut self.marks, &step.marks);
        self.record_move(before, now);
    }

    /// [`super::Action::ExplainAt`] (an explanation is open): the board after `at` steps, or the
    /// player's marks.
    pub(super) fn explain_at(&mut self, at: Option<usize>) {
        let Some((x, shown)) = self.explanation.as_mut() else { return };
        *shown = at.map(|k| k.min(x.steps.len()));
        self.view = Some(View::Play);
    }
}

impl State {
    /// [`crate::jobs::Reply::HintEarly`] of `busy`: the step from the marks alone, shown at
    /// once, while the job goes on to check the marks. Whether anything changed.
    pub(super) fn early_hint(&mut self, busy: &Busy, hint: Hint) -> bool {
        let Some(kind) = busy.kind else { return false };
        if let Some(b) = self.jobs.iter_mut().find(|b| b.job == busy.job) {
            b.early_hint = true;
        }
        self.workshop_mut(kind).show_hint(hint);
        true
    }

    /// [`crate::jobs::Reply::Hint`] of `busy` (whose job has ended): after an early step, a
    /// mistake found replaces it and the same step stays; otherwise the hint is shown.
    pub(super) fn final_hint(&mut self, busy: &Busy, hint: Hint) {
        let Some(kind) = busy.kind else { return };
        let w = self.workshop_mut(kind);
        if !busy.early_hint {
            w.show_hint(hint);
        } else if w.hint.is_some() && matches!(hint, Hint::Mistake { .. }) {
            // With no hint left, the marks changed since (the early step applied or dropped)
            // and the check was about older marks: nothing replaces it.
            w.hint = Some(hint);
        }
    }

    /// [`crate::jobs::Reply::Explained`]: the explanation opens at its first step.
    pub(super) fn explained(&mut self, busy: &Busy, x: Explanation) {
        let Some(kind) = busy.kind else { return };
        let w = self.workshop_mut(kind);
        w.explanation = Some((Rc::new(x), Some(0)));
        w.view = Some(View::Play);
    }
}
