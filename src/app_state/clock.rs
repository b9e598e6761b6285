//! The player's clock on a workshop: each move counts (`Workshop::record_move`), and the first
//! complete and correct grid stops it ([`crate::clock`] keeps the time itself).

use super::workshop::Workshop;

impl Workshop {
    /// Whether [`Workshop::finish`] has anything to do: the clock has not stopped yet.
    pub(super) fn running(&self) -> bool {
        self.play.finished.is_none()
    }

    /// [`super::Action::Finished`]: the clock stops at `now` with the moves made so far (the
    /// first time only).
    pub(super) fn finish(&mut self, now: f64) {
        if self.running() {
            self.play.finished = Some((self.play.elapsed_at(now), self.play.moves));
        }
    }
}
