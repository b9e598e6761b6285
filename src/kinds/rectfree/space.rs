//! The search settings ([`Config`]) and the driver every search space shares ([`Space::run`]):
//! the schedule's sweeps, the best so far, the score series and the throttled snapshots.

use serde::{Deserialize, Serialize};
use web_time::Instant;

use super::model::{Method, RectFree};
use super::report::{SearchState, Series};
use super::schedule::Acceptance;
use crate::grid::Grid;
use crate::sat::Throttle;

/// How to search.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Config {
    /// Annealing or threshold accepting.
    pub method: Method,
    /// Search the rotation-symmetric space (square grids, four colours, no fixed cells).
    pub rotation: bool,
    /// Random seed.
    pub seed: u64,
    /// Iterations of one cooling sweep (or one full threshold schedule) before reheating.
    pub sweep: u64,
    /// Annealing: the temperature at the start of a sweep.
    pub t_start: f64,
    /// Annealing: the temperature at the end of a sweep.
    pub t_end: f64,
}

impl Config {
    /// Settings that suit `p`: the sweep grows with the grid; the rotation space (whose moves
    /// change four cells at once) anneals cooler and longer, as measured on 17x17.
    pub fn for_task(p: &RectFree, method: Method, rotation: bool, seed: u64) -> Config {
        let cells = (p.rows() * p.cols()) as u64;
        if rotation && p.rotation_applies() {
            Config {
                method,
                rotation,
                seed,
                sweep: (cells * 30_000).clamp(200_000, 10_000_000),
                t_start: 1.0,
                t_end: 0.3,
            }
        } else {
            Config {
                method,
                rotation,
                seed,
                sweep: (cells * 4000).clamp(200_000, 4_000_000),
                t_start: 2.0,
                t_end: 0.1,
            }
        }
    }
}

/// The result of a search that was not stopped: a colouring with no rectangle (not yet checked).
pub type Found = Grid<u8>;

/// The moves and score of one search space.
pub(super) trait Space {
    /// The current score.
    fn score(&self) -> u64;
    /// Proposes and (by `accept`) applies one move; returns the new score. Spaces with their
    /// own rule (breakout, tabu) do not call `accept`.
    fn step(
        &mut self,
        rng: &mut fastrand::Rng,
        accept: &mut dyn FnMut(i64, &mut fastrand::Rng) -> bool,
    ) -> u64;
    /// The current colouring, row-major.
    fn cells(&self) -> Vec<u8>;
    /// Rows and columns.
    fn size(&self) -> (usize, usize);

    /// The shared driver: schedule, best-so-far, series and reports.
    fn run(
        &mut self,
        config: Config,
        interval_ms: f64,
        report: &mut dyn FnMut(&SearchState) -> bool,
    ) -> (Option<Found>, SearchState)
    where
        Self: Sized,
    {
        let started = Instant::now();
        let mut rng = fastrand::Rng::with_seed(config.seed);
        let acceptance = Acceptance {
            method: config.method,
            sweep: config.sweep,
            t_start: config.t_start,
            t_end: config.t_end,
        };
        let mut series = Series::new();
        let mut best = self.score();
        let mut best_cells = self.cells();
        let mut best_at = 0u64;
        let mut iteration = 0u64;
        let mut throttle = Throttle::new();
        let mut sweeps = 0u64;
        let (rows, cols) = self.size();
        let snapshot = |iteration: u64,
                        score: u64,
                        best: u64,
                        best_at: u64,
                        cells: &[u8],
                        series: &Series,
                        sweeps: u64| SearchState {
            iterations: iteration,
            elapsed_ms: started.elapsed().as_secs_f64() * 1000.0,
            score,
            best,
            best_at,
            best_rows: cells
                .chunks(cols.max(1))
                .map(|row| row.iter().map(|&k| (b'0' + k) as char).collect())
                .collect(),
            series: series.points.clone(),
            sweeps,
        };
        loop {
            if best == 0 {
                let s = snapshot(iteration, 0, 0, best_at, &best_cells, &series, sweeps);
                report(&s);
                return (Grid::from_cells(rows, cols, best_cells), s);
            }
            let step = iteration % config.sweep;
            if step == 0 && iteration > 0 {
                sweeps += 1;
            }
            let score = self.step(&mut rng, &mut |delta, rng| acceptance.accept(delta, step, rng));
            iteration += 1;
            if score < best {
                best = score;
                best_cells = self.cells();
                best_at = iteration;
            }
            series.offer(iteration, score, best);
            if iteration % 2048 == 0
                && throttle.due(started.elapsed().as_secs_f64() * 1000.0, interval_ms)
            {
                let s = snapshot(iteration, score, best, best_at, &best_cells, &series, sweeps);
                if !report(&s) {
                    return (None, s);
                }
            }
        }
    }
}

/// The candidate with the least change of score, ties broken uniformly at random.
pub(super) fn least(
    candidates: impl Iterator<Item = (i64, usize)>,
    rng: &mut fastrand::Rng,
) -> Option<(i64, usize)> {
    let mut best: Option<(i64, usize)> = None;
    let mut ties = 0;
    for (d, x) in candidates {
        match best {
            Some((bd, _)) if d > bd => {}
            Some((bd, _)) if d == bd => {
                ties += 1;
                if rng.u32(..ties + 1) == 0 {
                    best = Some((d, x));
                }
            }
            _ => {
                best = Some((d, x));
                ties = 0;
            }
        }
    }
    best
}
