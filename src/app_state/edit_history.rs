//! Undo and redo for the puzzle editors: a short history of a draft's texts (each editor keeps
//! its draft as text in local storage, `None` when it is closed). Plain Rust, tested natively;
//! `web::hooks::use_draft` gives it to every editor with its buttons and keys. The history lives
//! for the visit only; the draft itself survives a reload.

/// How many steps back an editor keeps.
pub const UNDO_STEPS: usize = 200;

/// How a change joins the history.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// A step of its own (a button, a finished stroke, a pasted text).
    New(&'static str),
    /// Part of the step before when that step has the same tag (typing in one box, the cells of
    /// one stroke): one undo takes the whole run back; else a new step with this tag.
    Join(&'static str),
}

/// What an undo or redo key asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HistoryKey {
    /// Ctrl+Z (Cmd+Z).
    Undo,
    /// Ctrl+Shift+Z, Ctrl+Y (Cmd+Shift+Z, Cmd+Y).
    Redo,
}

/// The key `key` with Ctrl (or Cmd) and Shift as given, as an undo or a redo; `None` for any
/// other key. Typed text boxes keep their own undo: the caller does not ask them.
pub fn history_key(key: &str, ctrl_or_cmd: bool, shift: bool) -> Option<HistoryKey> {
    if !ctrl_or_cmd {
        return None;
    }
    match key {
        "z" | "Z" if shift => Some(HistoryKey::Redo),
        "z" | "Z" => Some(HistoryKey::Undo),
        "y" | "Y" => Some(HistoryKey::Redo),
        _ => None,
    }
}

/// The texts an editor's draft had before (to undo) and after (to redo) the one it has now.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EditHistory {
    past: Vec<Option<String>>,
    future: Vec<Option<String>>,
    /// The tag of the last step, while a [`Step::Join`] may still join it.
    open: Option<&'static str>,
}

impl EditHistory {
    /// Notes that the draft went from `before` to `after` as `step`. No change is no step; a new
    /// change forgets what could be redone.
    pub fn record(&mut self, before: &Option<String>, after: &Option<String>, step: Step) {
        if before == after {
            return;
        }
        self.future.clear();
        let tag = match step {
            Step::Join(tag) if self.open == Some(tag) && !self.past.is_empty() => return,
            Step::Join(tag) | Step::New(tag) => tag,
        };
        self.open = Some(tag);
        self.past.push(before.clone());
        if self.past.len() > UNDO_STEPS {
            self.past.remove(0);
        }
    }

    /// The text to go back to from `current`, which redo then brings back; `None` when there is
    /// nothing to undo.
    pub fn undo(&mut self, current: &Option<String>) -> Option<Option<String>> {
        let back = self.past.pop()?;
        self.future.push(current.clone());
        self.open = None;
        Some(back)
    }

    /// The text undo went back from; `None` when there is nothing to redo.
    pub fn redo(&mut self, current: &Option<String>) -> Option<Option<String>> {
        let next = self.future.pop()?;
        self.past.push(current.clone());
        self.open = None;
        Some(next)
    }

    /// Whether there is a step to undo.
    pub fn can_undo(&self) -> bool {
        !self.past.is_empty()
    }

    /// Whether there is a step to redo.
    pub fn can_redo(&self) -> bool {
        !self.future.is_empty()
    }

    /// Ends the step a [`Step::Join`] could join (the draft was changed from elsewhere: another
    /// tab).
    pub fn close(&mut self) {
        self.open = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Option<String> {
        Some(s.to_string())
    }

    #[test]
    fn undo_and_redo_walk_the_steps_both_ways() {
        let mut h = EditHistory::default();
        assert!(!h.can_undo() && !h.can_redo());
        assert_eq!(h.undo(&t("a")), None);
        h.record(&None, &t("a"), Step::New("open"));
        h.record(&t("a"), &t("b"), Step::New("paint"));
        h.record(&t("b"), &t("c"), Step::New("paint"));
        assert_eq!(h.undo(&t("c")), Some(t("b")));
        assert_eq!(h.undo(&t("b")), Some(t("a")));
        assert!(h.can_redo());
        assert_eq!(h.redo(&t("a")), Some(t("b")));
        assert_eq!(h.undo(&t("b")), Some(t("a")));
        assert_eq!(h.undo(&t("a")), Some(None));
        assert_eq!(h.undo(&None), None);
        assert_eq!(h.redo(&None), Some(t("a")));
        assert_eq!(h.redo(&t("a")), Some(t("b")));
        assert_eq!(h.redo(&t("b")), Some(t("c")));
        assert_eq!(h.redo(&t("c")), None);
    }

    #[test]
    fn a_new_change_forgets_the_redo_and_no_change_is_no_step() {
        let mut h = EditHistory::default();
        h.record(&t("a"), &t("b"), Step::New("x"));
        h.record(&t("b"), &t("b"), Step::New("x"));
        assert_eq!(h.undo(&t("b")), Some(t("a")));
        assert!(h.can_redo());
        h.record(&t("a"), &t("z"), Step::New("x"));
        assert!(!h.can_redo());
        assert_eq!(h.undo(&t("z")), Some(t("a")));
        assert!(!h.can_undo());
    }

    #[test]
    fn typing_in_one_box_is_one_step_until_something_else_happens() {
        let mut h = EditHistory::default();
        h.record(&t(""), &t("1"), Step::Join("rows"));
        h.record(&t("1"), &t("1 2"), Step::Join("rows"));
        h.record(&t("1 2"), &t("1 2 3"), Step::Join("rows"));
        h.record(&t("1 2 3"), &t("1 2 3|4"), Step::Join("cols"));
        h.record(&t("1 2 3|4"), &t("1 2 3|4 5"), Step::Join("cols"));
        assert_eq!(h.undo(&t("1 2 3|4 5")), Some(t("1 2 3")));
        assert_eq!(h.undo(&t("1 2 3")), Some(t("")));
        // After an undo, typing again is a new step.
        let mut h = EditHistory::default();
        h.record(&t("a"), &t("ab"), Step::Join("rows"));
        assert_eq!(h.undo(&t("ab")), Some(t("a")));
        h.record(&t("a"), &t("ac"), Step::Join("rows"));
        h.record(&t("ac"), &t("acd"), Step::Join("rows"));
        assert_eq!(h.undo(&t("acd")), Some(t("a")));
        // A New step never joins, and close() ends a run.
        let mut h = EditHistory::default();
        h.record(&t("a"), &t("b"), Step::New("draw"));
        h.record(&t("b"), &t("c"), Step::Join("draw"));
        h.record(&t("c"), &t("d"), Step::New("draw"));
        h.close();
        h.record(&t("d"), &t("e"), Step::Join("draw"));
        assert_eq!(h.undo(&t("e")), Some(t("d")));
        assert_eq!(h.undo(&t("d")), Some(t("c")));
        assert_eq!(h.undo(&t("c")), Some(t("a")));
    }

    #[test]
    fn the_history_keeps_a_bounded_number_of_steps() {
        let mut h = EditHistory::default();
        for i in 0..UNDO_STEPS + 50 {
            h.record(&t(&i.to_string()), &t(&(i + 1).to_string()), Step::New("x"));
        }
        let mut now = t(&(UNDO_STEPS + 50).to_string());
        let mut n = 0;
        while let Some(back) = h.undo(&now) {
            now = back;
            n += 1;
        }
        assert_eq!(n, UNDO_STEPS);
        assert_eq!(now, t("50"));
    }

    #[test]
    fn keys_undo_with_ctrl_z_and_redo_with_ctrl_shift_z_or_ctrl_y() {
        assert_eq!(history_key("z", true, false), Some(HistoryKey::Undo));
        assert_eq!(history_key("Z", true, true), Some(HistoryKey::Redo));
        assert_eq!(history_key("z", true, true), Some(HistoryKey::Redo));
        assert_eq!(history_key("y", true, false), Some(HistoryKey::Redo));
        assert_eq!(history_key("z", false, false), None);
        assert_eq!(history_key("y", false, false), None);
        assert_eq!(history_key("x", true, false), None);
        assert_eq!(history_key("Enter", true, false), None);
    }
}
