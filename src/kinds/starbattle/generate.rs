//! New Star Battle puzzles with a unique answer, built around a planted star layout.
//!
//! 1. A random valid layout: the row, column and no-touch rules solved by SAT with the cells
//!    numbered in a random order and a few random cells assumed to hold stars.
//! 2. Regions: every star seeds a fragment, fragments grow at random until they tile the grid,
//!    then adjacent fragments are joined into connected regions of k stars each.
//! 3. Uniqueness: while a second answer exists, a cell where it has a star and the planted
//!    layout has none moves to a neighbouring region (both regions stay connected and keep
//!    their planted stars), which rules that answer out. Failing is allowed; calling an
//!    ambiguous puzzle unique is not: the result is checked by the ordinary solver. When none
//!    of those cells can move, an unstarred neighbour of one of them moves instead.
//!    Each step solves the plain SAT encoding: the logic-first solver probes every ambiguous
//!    grid and made this loop 7x slower.

use super::StarBattle;
use crate::grid::Grid;
use crate::puzzle::{Mode, Verdict};
use crate::sat::{Cnf, Solver};

/// Makes a puzzle of side `size` with `stars` per row, column and region, from `seed`.
pub fn generate(size: usize, stars: usize, seed: u64) -> Result<StarBattle, String> {
    if !(4..=25).contains(&size) {
        return Err(format!("size must be 4 to 25, got {size}"));
    }
    if stars == 0 || stars > 6 || stars * 4 > size + 2 {
        return Err(format!("{stars} stars do not fit a {size}x{size} grid (at most {} here)", ((size + 2) / 4).max(1)));
    }
    let mut rng = fastrand::Rng::with_seed(seed);
    for _attempt in 0..60 {
        let Some(layout) = plant(size, stars, &mut rng) else { continue };
        let Some(mut regions) = grow_regions(size, stars, &layout, &mut rng) else { continue };
        if let Some(p) = make_unique(size, stars, &layout, &mut regions, &mut rng) {
            return Ok(p);
        }
    }
    Err(format!("no unique {size}x{size} puzzle with {stars} stars was found from seed {seed}; try another seed"))
}

fn plant(n: usize, k: usize, rng: &mut fastrand::Rng) -> Option<Vec<bool>> {
    let mut order: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut order);
    let mut cnf = Cnf::new();
    let vars = cnf.fresh_n(n * n);
    let x = |r: usize, c: usize| vars[order[r * n + c]];
    for r in 0..n {
        cnf.exactly(&(0..n).map(|c| x(r, c)).collect::<Vec<_>>(), k);
        cnf.exactly(&(0..n).map(|c| x(c, r)).collect::<Vec<_>>(), k);
    }
    for r in 0..n - 1 {
        for c in 0..n - 1 {
            cnf.at_most_one(&[x(r, c), x(r, c + 1), x(r + 1, c), x(r + 1, c + 1)]);
        }
    }
    let mut solver = Solver::new(&cnf);
    let hints: Vec<_> = (0..3).map(|_| x(rng.usize(..n), rng.usize(..n))).collect();
    let model = match solver.solve_under(&hints).ok()? {
        Some(m) => m,
        None => solver.solve().ok()??,
    };
    Some((0..n * n).map(|i| model.value(x(i / n, i % n))).collect())
}

fn neighbours(n: usize, i: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (i / n, i % n);
    let mut v = Vec::with_capacity(4);
    if r > 0 {
        v.push(i - n);
    }
    if r + 1 < n {
        v.push(i + n);
    }
    if c > 0 {
        v.push(i - 1);
    }
    if c + 1 < n {
        v.push(i + 1);
    }
    v.into_iter()
}

/// Grows one fragment per star, then joins adjacent fragments into regions of `k` stars.
fn grow_regions(n: usize, k: usize, layout: &[bool], rng: &mut fastrand::Rng) -> Option<Vec<u32>> {
    let mut frag = vec![u32::MAX; n * n];
    let mut frontier = Vec::new();
    let mut count = 0u32;
    for (i, &s) in layout.iter().enumerate() {
        if s {
            frag[i] = count;
            count += 1;
            frontier.push(i);
        }
    }
    while !frontier.is_empty() {
        let pick = rng.usize(..frontier.len());
        let cell = frontier[pick];
        let free: Vec<usize> = neighbours(n, cell).filter(|&m| frag[m] == u32::MAX).collect();
        if free.is_empty() {
            frontier.swap_remove(pick);
            continue;
        }
        let m = free[rng.usize(..free.len())];
        frag[m] = frag[cell];
        frontier.push(m);
    }
    if k == 1 {
        return Some(frag);
    }
    let nf = count as usize;
    let mut adj = vec![std::collections::BTreeSet::new(); nf];
    for i in 0..n * n {
        for m in neighbours(n, i) {
            if frag[i] != frag[m] {
                adj[frag[i] as usize].insert(frag[m] as usize);
            }
        }
    }
    // The random greedy grouping strands fragments often for 4 to 6 stars; it is cheap, so it
    // is retried on the same fragments before the whole layout is given up.
    let group = (0..500).find_map(|_| group_fragments(nf, k, &adj, rng))?;
    Some(frag.iter().map(|&f| group[f as usize] as u32).collect())
}

/// Joins adjacent fragments into connected groups of `k`, or `None` when one is stranded.
fn group_fragments(nf: usize, k: usize, adj: &[std::collections::BTreeSet<usize>], rng: &mut fastrand::Rng) -> Option<Vec<usize>> {
    let mut group = vec![usize::MAX; nf];
    let mut groups = 0;
    for _ in 0..nf {
        // The ungrouped fragment with the fewest ungrouped neighbours goes first.
        let Some(start) = (0..nf)
            .filter(|&f| group[f] == usize::MAX)
            .min_by_key(|&f| (adj[f].iter().filter(|&&g| group[g] == usize::MAX).count(), rng.u32(..)))
        else {
            break;
        };
        let mut members = vec![start];
        group[start] = groups;
        while members.len() < k {
            let options: Vec<usize> =
                members.iter().flat_map(|&m| adj[m].iter().copied()).filter(|&g| group[g] == usize::MAX).collect();
            if options.is_empty() {
                return None;
            }
            let next = options[rng.usize(..options.len())];
            group[next] = groups;
            members.push(next);
        }
        groups += 1;
    }
    Some(group)
}

fn connected_without(n: usize, regions: &[u32], region: u32, removed: usize) -> bool {
    let cells: Vec<usize> = (0..n * n).filter(|&i| i != removed && regions[i] == region).collect();
    let Some(&start) = cells.first() else { return false };
    let mut seen = vec![false; n * n];
    seen[start] = true;
    let mut stack = vec![start];
    let mut reached = 1;
    while let Some(i) = stack.pop() {
        for m in neighbours(n, i) {
            if m != removed && !seen[m] && regions[m] == region {
                seen[m] = true;
                reached += 1;
                stack.push(m);
            }
        }
    }
    reached == cells.len()
}

fn to_puzzle(n: usize, k: usize, regions: &[u32]) -> Option<StarBattle> {
    StarBattle::new(Grid::from_cells(n, n, regions.iter().map(|&g| Some(g)).collect())?, k).ok()
}

fn make_unique(n: usize, k: usize, layout: &[bool], regions: &mut [u32], rng: &mut fastrand::Rng) -> Option<StarBattle> {
    for _step in 0..30 * n {
        let puzzle = to_puzzle(n, k, regions)?;
        // Plain SAT, not the logic-first solver: probing an ambiguous grid on every reshaping
        // step cost 50 s against 6.6 s for a 14x14 with 3 stars (seed 5, measured 2026-11-24).
        let report = crate::puzzle::solve(&puzzle, Mode::Unique, None).ok()?;
        match report.verdict {
            Verdict::Unique => return Some(puzzle),
            Verdict::Multiple => {}
            _ => return None,
        }
        let other = report.solutions.iter().find(|s| s.cells() != layout)?;
        // Cells where the other answer has a star and the planted layout has none.
        let mut candidates: Vec<usize> = (0..n * n).filter(|&i| other.cells()[i] && !layout[i]).collect();
        rng.shuffle(&mut candidates);
        // When none of those can move (each holds its region together), their unstarred
        // neighbours are tried next: reshaping next to the difference still changes the region sums.
        let mut near: Vec<usize> = (0..n * n)
            .filter(|&i| !layout[i] && !other.cells()[i] && neighbours(n, i).any(|m| other.cells()[m] && !layout[m]))
            .collect();
        rng.shuffle(&mut near);
        candidates.extend(near);
        let mut moved = false;
        'cells: for cell in candidates {
            let from = regions[cell];
            let mut targets: Vec<u32> = neighbours(n, cell).map(|m| regions[m]).filter(|&g| g != from).collect();
            rng.shuffle(&mut targets);
            for to in targets {
                if connected_without(n, regions, from, cell) {
                    regions[cell] = to;
                    moved = true;
                    break 'cells;
                }
            }
        }
        if !moved {
            return None;
        }
    }
    None
}
