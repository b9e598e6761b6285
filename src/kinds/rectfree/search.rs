//! Local search over colourings: which space and rule runs for a [`Config`] ([`search`]), and
//! the growing of odd sides for tabu ([`grown_side`]). Every answer found here is checked again
//! by [`super::check`] before anyone sees it.
//!
//! The parts, each in its own module: [`super::board`] (the bit-set score), [`super::report`]
//! (snapshots and the score series), [`super::space`] (settings and the shared driver),
//! [`super::schedule`] (annealing and threshold accepting), [`super::whole`] and
//! [`super::rotation`] (the two spaces), [`super::breakout`] and [`super::tabu`].

use super::breakout::{RotationBreakout, WholeBreakout};
use super::model::{Method, RectFree};
use super::rotation::{Orbits, Rotational};
use super::schedule::Acceptance;
use super::space::Space;
use super::tabu::Tabu;
use super::whole::Whole;
use crate::grid::Grid;

pub use super::report::{Point, SearchState, SERIES_POINTS};
pub use super::space::{Config, Found};

/// Odd sides from this one up are searched on the next even grid and cropped (see [`grown_side`]).
pub const GROW_FROM: usize = 17;

/// The side of the grid the tabu search colours for an n x n task: n + 1 for odd n from
/// [`GROW_FROM`] up, else n. Measured on 17x17: the 17x17 rotation space (72 orbits, centre
/// fixed, 73 cells for colour 0) stalled at 1 rectangle in 60 s for every seed, while the 18x18
/// one (81 orbits, no centre, colour 0 at the 81-cell maximum) is solved, and any 17x17 part of
/// an 18x18 colouring is a 17x17 colouring.
pub fn grown_side(n: usize) -> usize {
    if n % 2 == 1 && n >= GROW_FROM {
        n + 1
    } else {
        n
    }
}

/// What a search ran: the method (after the fallbacks: annealing for any method the space has
/// no rule of its own for) and the space.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ran {
    /// Annealing, threshold accepting, breakout or tabu.
    pub method: Method,
    /// In the rotation-symmetric space (else over whole colourings).
    pub rotation: bool,
}

/// What [`search`] will run for `p` and `config`.
pub fn runs(p: &RectFree, config: &Config) -> Ran {
    let rotation = config.rotation && p.rotation_applies();
    match config.method {
        Method::Tabu if p.rotation_applies() => Ran { method: Method::Tabu, rotation: true },
        Method::Breakout => Ran { method: Method::Breakout, rotation },
        m => Ran { method: Acceptance::runs(m), rotation },
    }
}

/// Runs the local search until a rectangle-free colouring turns up or `report` (called about
/// every `interval_ms` with a snapshot, and once at the end) returns false.
pub fn search(
    p: &RectFree,
    config: Config,
    interval_ms: f64,
    report: &mut dyn FnMut(&SearchState) -> bool,
) -> (Option<Found>, SearchState) {
    let (found, last, _) = search_traced(p, config, interval_ms, report);
    (found, last)
}

/// [`search`], also telling what ran.
pub fn search_traced(
    p: &RectFree,
    config: Config,
    interval_ms: f64,
    report: &mut dyn FnMut(&SearchState) -> bool,
) -> (Option<Found>, SearchState, Ran) {
    let ran = runs(p, &config);
    let (found, last) = match ran {
        Ran { method: Method::Tabu, .. } => tabu(p, config, interval_ms, report),
        Ran { method: Method::Breakout, rotation: true } => {
            RotationBreakout::new(rotation_start(p, config)).run(config, interval_ms, report)
        }
        Ran { method: Method::Breakout, rotation: false } => {
            WholeBreakout::new(Whole::new(p, config)).run(config, interval_ms, report)
        }
        Ran { rotation: true, .. } => {
            Rotational(rotation_start(p, config)).run(config, interval_ms, report)
        }
        Ran { rotation: false, .. } => Whole::new(p, config).run(config, interval_ms, report),
    };
    (found, last, ran)
}

/// The seeded start of annealing, threshold accepting and breakout in the rotation space.
fn rotation_start(p: &RectFree, config: Config) -> Orbits {
    Orbits::new(p.rows(), config.seed ^ 0x5851_f42d_4c95_7f2d)
}

/// Tabu search on the n x n grid, or on the [`grown_side`] one cropped to n x n.
fn tabu(
    p: &RectFree,
    config: Config,
    interval_ms: f64,
    report: &mut dyn FnMut(&SearchState) -> bool,
) -> (Option<Found>, SearchState) {
    let n = p.rows();
    let side = grown_side(n);
    if side == n {
        return Tabu::new(n, config.seed).run(config, interval_ms, report);
    }
    // Colour the larger grid and keep its top-left n x n part (rectangle-free as any part
    // of a rectangle-free colouring is); snapshots show that part.
    let crop_rows = |rows: &mut Vec<String>| {
        rows.truncate(n);
        rows.iter_mut().for_each(|r| r.truncate(n));
    };
    let mut cropped = |s: &SearchState| {
        let mut s = s.clone();
        crop_rows(&mut s.best_rows);
        report(&s)
    };
    let (found, mut last) = Tabu::new(side, config.seed).run(config, interval_ms, &mut cropped);
    crop_rows(&mut last.best_rows);
    let found =
        found.and_then(|g| Grid::from_cells(n, n, (0..n * n).map(|i| g[(i / n, i % n)]).collect()));
    (found, last)
}
