//! Difficulty: the levels the generator is asked for ([`Difficulty`]) and the hill climbing on the
//! regions that reaches a logic level (more cells fixed by the rules up to it, then fewer by
//! the simpler rules when the level must be exact).

use super::regions::{move_one, neighbours, to_puzzle};
use super::watch::Watch;
use crate::deduce;
use crate::kinds::starbattle::logic::{Cell, LADDER};
use crate::kinds::starbattle::solve::rate_upto;
use crate::puzzle::GenerateError;

/// The difficulty asked of the generator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Difficulty {
    /// Exactly this logic level: the level of the hardest rank the logic needs is the level of
    /// this rank (the highest rank of its level on [`LADDER`]).
    Exactly(u8),
    /// Any level the logic can finish (the default: no puzzle that needs search).
    Logic,
    /// Unique, but the logic rules cannot finish it (needs search).
    Beyond,
    /// The first unique puzzle, whatever its rating.
    Any,
}

impl Difficulty {
    /// The words the generator understands, for messages.
    pub const WORDS: &'static str = "easy, medium, hard, expert (the levels of the logic ladder), logic (any of those), beyond (needs search) or any";

    /// Reads a level word (`easy`, `medium`, `hard`, `expert`, `logic`, `beyond`, `any`).
    pub fn from_word(word: &str) -> Option<Difficulty> {
        let w = word.trim().to_ascii_lowercase();
        if let Some(rank) = deduce::rank_of_level(LADDER, &w) {
            return Some(Difficulty::Exactly(rank));
        }
        match w.as_str() {
            "logic" => Some(Difficulty::Logic),
            "beyond" | "beyond logic" | "search" => Some(Difficulty::Beyond),
            "any" => Some(Difficulty::Any),
            _ => None,
        }
    }

    /// The level's word.
    pub fn word(self) -> &'static str {
        match self {
            Difficulty::Exactly(r) => LADDER[r as usize].level,
            Difficulty::Logic => "logic",
            Difficulty::Beyond => "beyond",
            Difficulty::Any => "any",
        }
    }

    /// Whether a puzzle rated `rated` (the hardest rank when the logic solves it, `None`
    /// for "needs search") is at this level.
    pub fn accepts(self, rated: Option<u8>) -> bool {
        match self {
            Difficulty::Exactly(r) => {
                rated.is_some_and(|x| LADDER[x as usize].level == LADDER[r as usize].level)
            }
            Difficulty::Logic => rated.is_some(),
            Difficulty::Beyond => rated.is_none(),
            Difficulty::Any => true,
        }
    }
}

/// Cells the rules up to `upto` fix on `regions` (the planted layout keeps them consistent).
fn fixed_by(
    n: usize,
    k: usize,
    regions: &[u32],
    upto: u8,
) -> Option<(usize, Vec<Cell>, Option<u8>)> {
    let p = to_puzzle(n, k, regions)?;
    let rated = rate_upto(&p, upto);
    let cells = rated.cells?;
    Some((cells.iter().filter(|&&c| c != Cell::Open).count(), cells, rated.hardest))
}

/// The highest rank of the level below `rank`'s, if any.
fn simpler(rank: u8) -> Option<u8> {
    let level = LADDER[rank as usize].level;
    (0..rank).rev().find(|&r| LADDER[r as usize].level != level)
}

/// Moves weighed per hill-climbing step.
const TRIES: usize = 4;

/// Hill climbing on the regions until the rules up to rank `rule` solve the puzzle (and, when
/// `exact`, the simpler rules do not). The planted layout stays an answer throughout, so a
/// grid the rules finish is unique.
#[allow(clippy::too_many_arguments)]
pub(super) fn reach_level(
    n: usize,
    k: usize,
    layout: &[bool],
    regions: &mut Vec<u32>,
    rule: u8,
    exact: bool,
    rng: &mut fastrand::Rng,
    watch: &mut Watch,
) -> Result<bool, GenerateError> {
    let total = n * n;
    let Some((mut score, mut cells, _)) = fixed_by(n, k, regions, rule) else { return Ok(false) };
    let budget = 30 * n;
    let mut steps = 0;
    // Easier: more cells fixed at `rule`.
    while score < total {
        steps += 1;
        if steps > budget {
            return Ok(false);
        }
        watch.step()?;
        // Open cells without a planted star, and their unstarred neighbours, can move.
        let mut candidates: Vec<usize> =
            (0..total).filter(|&i| cells[i] == Cell::Open && !layout[i]).collect();
        rng.shuffle(&mut candidates);
        let mut near: Vec<usize> = (0..total)
            .filter(|&i| {
                !layout[i]
                    && cells[i] != Cell::Open
                    && neighbours(n, i).any(|m| cells[m] == Cell::Open)
            })
            .collect();
        rng.shuffle(&mut near);
        candidates.extend(near);
        // The best of a few moves (each the first movable cell from a random place in the
        // list) is kept when it fixes at least as many cells.
        let mut best: Option<(usize, Vec<u32>, Vec<Cell>)> = None;
        for _ in 0..TRIES {
            if candidates.is_empty() {
                break;
            }
            let from = rng.usize(..candidates.len());
            let mut trial = regions.clone();
            if move_one(n, &mut trial, &candidates[from..], rng).is_none()
                && move_one(n, &mut trial, &candidates, rng).is_none()
            {
                return Ok(false);
            }
            if let Some((s, c, _)) = fixed_by(n, k, &trial, rule) {
                if best.as_ref().is_none_or(|b| s > b.0) {
                    best = Some((s, trial, c));
                }
            }
        }
        match best {
            Some((s, trial, c)) if s >= score => {
                score = s;
                *regions = trial;
                cells = c;
            }
            _ => {}
        }
    }
    if !exact {
        return Ok(true);
    }
    let Some(simpler) = simpler(rule) else { return Ok(true) };
    // Harder: fewer cells fixed by the simpler rules while `rule` still solves it.
    let Some((mut easy_score, _, _)) = fixed_by(n, k, regions, simpler) else { return Ok(false) };
    let mut steps = 0;
    while easy_score == total {
        steps += 1;
        if steps > budget {
            return Ok(false);
        }
        watch.step()?;
        let mut candidates: Vec<usize> = (0..total).filter(|&i| !layout[i]).collect();
        rng.shuffle(&mut candidates);
        let before = regions.clone();
        if move_one(n, regions, &candidates, rng).is_none() {
            return Ok(false);
        }
        let still = fixed_by(n, k, regions, rule).is_some_and(|(s, _, _)| s == total);
        match fixed_by(n, k, regions, simpler) {
            Some((s, _, _)) if still && s <= easy_score => easy_score = s,
            _ => *regions = before,
        }
    }
    Ok(true)
}
