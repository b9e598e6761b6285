//! What a local search reports: the [`SearchState`] sent while it runs and at the end, and the
//! score series for the chart, thinned to at most [`SERIES_POINTS`] points.

use serde::{Deserialize, Serialize};

/// Most points kept in the score series (older points are thinned when it fills).
pub const SERIES_POINTS: usize = 400;

/// One point of the score chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Point {
    /// Iterations so far.
    pub iteration: u64,
    /// The current score.
    pub score: u64,
    /// The best score so far.
    pub best: u64,
}

/// What the search reports while it runs, and at the end.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SearchState {
    /// Iterations so far.
    pub iterations: u64,
    /// Milliseconds since the search started.
    pub elapsed_ms: f64,
    /// The current score (rectangles in the searched space).
    pub score: u64,
    /// The best score so far.
    pub best: u64,
    /// When the best was reached (iterations).
    pub best_at: u64,
    /// The best colouring so far, as rows of digits.
    pub best_rows: Vec<String>,
    /// The score series for the chart, thinned to at most [`SERIES_POINTS`].
    pub series: Vec<Point>,
    /// Reheats so far.
    pub sweeps: u64,
}

/// The chart series: one point every `every` iterations, thinned by half when full.
pub(super) struct Series {
    pub(super) points: Vec<Point>,
    every: u64,
}

impl Series {
    pub(super) fn new() -> Self {
        Series { points: Vec::new(), every: 256 }
    }

    pub(super) fn offer(&mut self, iteration: u64, score: u64, best: u64) {
        if iteration % self.every != 0 {
            return;
        }
        if self.points.len() >= SERIES_POINTS {
            let kept: Vec<Point> = self.points.iter().copied().step_by(2).collect();
            self.points = kept;
            self.every *= 2;
            if iteration % self.every != 0 {
                return;
            }
        }
        self.points.push(Point { iteration, score, best });
    }
}
