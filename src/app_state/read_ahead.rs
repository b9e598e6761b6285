//! Hints found ahead of their press ([`crate::jobs::Request::Prefetch`]), kept beside the page
//! state rather than in it (keeping one redraws nothing), and asked for one at a time along the
//! hints' own path, up to [`READ_AHEAD`] steps past the step on screen.

use crate::hint::Hint;
use crate::jobs::ReadAhead;
use crate::kinds::Kind;

/// How many hints past the step on screen the worker finds ahead of their press.
pub const READ_AHEAD: usize = 6;

/// How many found-ahead hints are kept (the oldest go first).
const KEPT: usize = 48;

/// A step being read: its kind, the puzzle, and the marks the step leads to
/// ([`super::Workshop::next_marks`]); or a request for the hint on such marks.
pub type Reading = (Kind, String, Vec<u8>);

/// The hints found ahead, and the last request sent for one.
#[derive(Debug, Default)]
pub struct ReadAheads {
    kept: Vec<ReadAhead>,
    sent: Option<Reading>,
}

impl ReadAheads {
    /// Keeps a hint found ahead. A kind keeps those of one puzzle, the newest one's; a hint for
    /// the same marks replaces the one kept.
    pub fn keep(&mut self, found: ReadAhead) {
        self.kept.retain(|r| {
            r.kind != found.kind || (r.puzzle == found.puzzle && r.marks != found.marks)
        });
        if self.kept.len() >= KEPT {
            self.kept.remove(0);
        }
        self.kept.push(found);
    }

    /// The hint kept for exactly these kind, puzzle and marks: what a press there shows at once.
    pub fn hint(&self, kind: Kind, puzzle: &str, marks: &[u8]) -> Option<&Hint> {
        self.kept
            .iter()
            .rev()
            .find(|r| r.kind == kind && r.puzzle == puzzle && r.marks == marks)
            .map(|r| &r.hint)
    }

    /// The marks whose hint is wanted next while `reading` shows: the marks its step leads to,
    /// or, where their hint is kept and is a step, the marks that one leads to, and so on, up to
    /// [`READ_AHEAD`] steps past the one on screen. `None` where the path ends (a hint that is
    /// not a step, or one that changes nothing) or when the hints that far are kept.
    pub fn frontier(&self, (kind, puzzle, next): &Reading) -> Option<Vec<u8>> {
        let mut marks = next.clone();
        for _ in 0..READ_AHEAD {
            let Some(hint) = self.hint(*kind, puzzle, &marks) else { return Some(marks) };
            let Hint::Step(step) = hint else { return None };
            let before = marks.clone();
            crate::marks::apply_bytes(&mut marks, &step.marks);
            if marks == before {
                return None;
            }
        }
        None
    }

    /// The request to send while `reading` shows: the frontier, unless it is the one sent last
    /// (after Apply no step shows, and the next step shown may lead back to the marks still being
    /// worked on: they are not asked for twice).
    pub fn next_request(&mut self, reading: Option<&Reading>) -> Option<Reading> {
        let reading = reading?;
        let next = (reading.0, reading.1.clone(), self.frontier(reading)?);
        if self.sent.as_ref() == Some(&next) {
            return None;
        }
        self.sent = Some(next.clone());
        Some(next)
    }
}
