//! The clock and move count of a puzzle played by hand ([`Play`]), saved with its marks, and a
//! play time in words. A leaf of the page state: [`crate::app_state`] keeps one per workshop,
//! [`crate::library`] saves it, neither needs the other for it.

/// A gap between two moves longer than this counts as this much: time away from the puzzle is
/// not play time.
pub const IDLE_MS: f64 = 120_000.0;

/// The clock and move count of a puzzle played by hand, saved with its marks.
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize, serde::Deserialize)]
pub struct Play {
    /// Moves made (each click, key or drag that changed the marks).
    pub moves: u32,
    /// Play time up to the last move, in ms (gaps capped at [`IDLE_MS`]).
    pub elapsed_ms: f64,
    /// When the last move was made (ms since the epoch), if any.
    pub last_ms: Option<f64>,
    /// The play time and moves when the grid was first complete and correct.
    pub finished: Option<(f64, u32)>,
    /// Hint steps shown on this puzzle (counted with it, shown at the finish).
    #[serde(default)]
    pub hints: u32,
}

impl Play {
    /// Counts a move made at `now` (ms since the epoch).
    pub fn move_at(&mut self, now: f64) {
        if let Some(last) = self.last_ms {
            self.elapsed_ms += (now - last).clamp(0.0, IDLE_MS);
        }
        self.last_ms = Some(now);
        self.moves += 1;
    }

    /// The play time at `now`: the time up to the last move plus the (capped) time since.
    pub fn elapsed_at(&self, now: f64) -> f64 {
        match (self.finished, self.last_ms) {
            (Some((ms, _)), _) => ms,
            (None, Some(last)) => self.elapsed_ms + (now - last).clamp(0.0, IDLE_MS),
            (None, None) => self.elapsed_ms,
        }
    }
}

/// A play time as `m:ss` (or `h:mm:ss`).
pub fn clock_text(ms: f64) -> String {
    let s = (ms / 1000.0).floor().max(0.0) as u64;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}
