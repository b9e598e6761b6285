//! New Star Battle puzzles with a proven unique answer, at a chosen difficulty.
//!
//! 1. A random valid layout: the row, column and no-touch rules solved by SAT with the cells
//!    numbered in a random order and a few random cells assumed to hold stars.
//! 2. Regions: every star seeds a fragment, fragments grow at random until they tile the grid,
//!    then adjacent fragments are joined into connected groups of k (`regions::group_fragments`: a
//!    greedy pass, then a repair in which short groups merge, or take a fragment from a
//!    neighbour that stays connected without it, handing the shortage on until shortages meet).
//! 3. Uniqueness, incrementally: one varisat instance holds the rows, columns, the no-touch
//!    windows and the clause "some planted star is missing"; each region's exactly-k is added
//!    behind an activation literal, assumed on every solve. While that is SAT (a second
//!    answer), a cell where the second answer has a star and the planted one has none moves
//!    to a neighbouring region (both stay connected and keep their planted stars), which rules
//!    that answer out; only the two changed regions get new constraints (the old ones are
//!    retired by a unit), so what was learned about rows and columns carries over. UNSAT is
//!    the proof of uniqueness. When none of those cells can move, an unstarred neighbour of
//!    one of them moves instead.
//! 4. Difficulty: the rating ([`super::solve::rate`]) decides. For a logic level the regions
//!    are reshaped by hill climbing on the number of cells the rules up to that level fix
//!    (a move that fixes fewer is undone), so lower levels reshape more; a puzzle that comes out
//!    easier than asked is reshaped the other way while the target level still solves it.
//!    `beyond` wants a unique puzzle the logic cannot finish; `any` takes the first unique one;
//!    with no level asked (`logic`) any level the logic finishes will do, never one that
//!    needs search.
//! 5. The result is checked by the ordinary path: the plain SAT encoding's second solve comes
//!    back UNSAT (the "unique" the generator returns), with the planted answer as the first,
//!    and the rating is computed again on the final regions.
//!
//! The parts: [`plant`] (step 1), [`regions`] (step 2 and the moves between regions),
//! [`unique`] (step 3), [`level`] (the levels and step 4), [`watch`] (progress and stopping);
//! this module is the driver (steps 1 to 5 in turn, fresh layouts until one is accepted).
//!
//! Progress and stopping go through a [`Monitor`]: it is called between steps at most once
//! per its interval, and a `false` stops the generator with [`GenerateError::Stopped`].
//!
//! Measurements behind these choices, and what was tried and dropped: `docs/design-notes.md`, "Star Battle generator".

mod level;
mod plant;
mod regions;
mod unique;
mod watch;

pub use level::Difficulty;

use super::logic::{ALL, LADDER};
use super::StarBattle;
use crate::puzzle::{GenerateError, Mode, Verdict};
use crate::sat::Monitor;
use level::reach_level;
use plant::plant;
use regions::{grow_regions, to_puzzle};
use unique::make_unique;
use watch::Watch;

/// How long a watched generation keeps trying fresh layouts past the fixed number (ms).
const KEEP_TRYING_MS: f64 = 60_000.0;

/// The largest side the generator makes.
pub const MAX_SIDE: usize = 25;

/// Makes a puzzle of side `size` with `stars` per row, column and region, from `seed`, at any
/// level the logic can finish ([`Difficulty::Logic`]).
pub fn generate(size: usize, stars: usize, seed: u64) -> Result<StarBattle, GenerateError> {
    generate_level(size, stars, Difficulty::Logic, seed, None)
}

/// The star counts the generator can place on a `size`x`size` grid ([`check_size`]), for the
/// page's Stars menu: a count chosen for a bigger size is taken down to the largest of these.
pub fn star_counts(size: usize) -> Vec<usize> {
    (1..=super::model::MAX_STARS).filter(|&k| check_size(size, k).is_ok()).collect()
}

/// Whether `stars` fit a `size`x`size` grid for the generator, or why not.
pub fn check_size(size: usize, stars: usize) -> Result<(), String> {
    if !(4..=MAX_SIDE).contains(&size) {
        return Err(format!("size must be 4 to {MAX_SIDE}, got {size}"));
    }
    if stars == 0 || stars > super::model::MAX_STARS || stars * 4 > size + 2 {
        return Err(format!(
            "{stars} stars do not fit a {size}x{size} grid (at most {} here)",
            ((size + 2) / 4).max(1)
        ));
    }
    Ok(())
}

/// Makes a puzzle at `level`; `monitor` (when given) hears progress (its work counted in
/// [`Unit::Steps`](crate::sat::Unit)) and stops the work by returning false.
pub fn generate_level(
    size: usize,
    stars: usize,
    level: Difficulty,
    seed: u64,
    monitor: Option<&mut Monitor>,
) -> Result<StarBattle, GenerateError> {
    check_size(size, stars)?;
    if matches!(level, Difficulty::Exactly(r) if LADDER[r as usize].level == LADDER[0].level)
        && stars > 1
    {
        // Singles need a row, column or region with exactly as many open cells as stars to
        // start; a connected region of k >= 2 cells would hold touching stars.
        return Err(GenerateError::Failed(format!("easy puzzles (singles alone) exist only with 1 star: singles cannot start on {stars} stars; ask for medium or harder")));
    }
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut watch = Watch::new(monitor);
    // A fixed number of fresh layouts; when a monitor watches (the page, the CLI), more while
    // under `KEEP_TRYING_MS`: a level that few layouts reach (medium at 12x12 with 2 stars came
    // out in 3 of 8 seeds within 60 layouts) is then found in one click instead of several.
    // The same seed still gives the same puzzle: only where the search gives up depends on time.
    let attempts = if size <= 8 { 400 } else { 60 };
    let mut attempt = 0;
    while attempt < attempts
        || (watch.monitor.is_some()
            && watch.started.elapsed().as_secs_f64() * 1000.0 < KEEP_TRYING_MS)
    {
        attempt += 1;
        watch.step()?;
        let Some(layout) = plant(size, stars, &mut rng) else { continue };
        let Some(mut regions) = grow_regions(size, stars, &layout, &mut rng) else { continue };
        if !make_unique(size, stars, &layout, &mut regions, &mut rng, &mut watch)? {
            continue;
        }
        let reached = match level {
            Difficulty::Exactly(rule) => {
                reach_level(size, stars, &layout, &mut regions, rule, true, &mut rng, &mut watch)?
            }
            Difficulty::Logic => {
                reach_level(size, stars, &layout, &mut regions, ALL, false, &mut rng, &mut watch)?
            }
            Difficulty::Beyond | Difficulty::Any => true,
        };
        if !reached {
            continue;
        }
        let Some(p) = to_puzzle(size, stars, &regions) else { continue };
        // The claim rests on the ordinary path: the plain encoding's second solve is UNSAT.
        let report = crate::puzzle::solve(&p, Mode::Unique, None)
            .map_err(|e| GenerateError::Failed(e.to_string()))?;
        if report.verdict != Verdict::Unique || report.solutions[0].cells() != layout.as_slice() {
            continue;
        }
        if level.accepts(rating(&p)) {
            return Ok(p);
        }
    }
    Err(GenerateError::Failed(format!("no unique {size}x{size} puzzle with {stars} stars at level {} was found from seed {seed}; try another seed", level.word())))
}

/// The rating as a rank of [`LADDER`]: the hardest rank when the logic solves `p`, `None` when
/// it needs search.
pub fn rating(p: &StarBattle) -> Option<u8> {
    let r = super::solve::rate(p);
    r.solved().then(|| r.hardest.unwrap_or(0))
}
