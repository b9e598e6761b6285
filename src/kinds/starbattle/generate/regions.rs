//! Regions around a planted layout: one fragment grown from every star, fragments joined into
//! connected groups of k, and the single-cell moves between regions that keep both connected.

use crate::grid::{grow_random, Grid};
use crate::kinds::starbattle::StarBattle;

pub(super) fn neighbours(n: usize, i: usize) -> impl Iterator<Item = usize> {
    crate::grid::neighbours_of(n, n, i).into_iter()
}

/// Grows one fragment per star, then joins adjacent fragments into regions of `k` stars.
pub(super) fn grow_regions(
    n: usize,
    k: usize,
    layout: &[bool],
    rng: &mut fastrand::Rng,
) -> Option<Vec<u32>> {
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
    let group = (0..5).find_map(|_| group_fragments(nf, k, &adj, rng))?;
    Some(frag.iter().map(|&f| group[f as usize] as u32).collect())
}

/// Joins adjacent fragments into connected groups of `k` fragments: a greedy pass (the
/// fragment with the fewest free neighbours starts a group, which takes random free
/// neighbours), then repair. A group the greedy pass left short either merges with or takes
/// fragments from a short neighbour, or else takes a fragment from a full neighbour that stays
/// connected without it, which hands the shortage on; the shortages wander until they meet.
/// `None` when the repair runs out of steps.
fn group_fragments(
    nf: usize,
    k: usize,
    adj: &[std::collections::BTreeSet<usize>],
    rng: &mut fastrand::Rng,
) -> Option<Vec<usize>> {
    let mut group = vec![usize::MAX; nf];
    let mut members: Vec<Vec<usize>> = Vec::new();
    loop {
        let Some(start) = (0..nf).filter(|&f| group[f] == usize::MAX).min_by_key(|&f| {
            (adj[f].iter().filter(|&&g| group[g] == usize::MAX).count(), rng.u32(..))
        }) else {
            break;
        };
        let g = members.len();
        members.push(grow_random(start, k, g, &mut group, |x| adj[x].iter().copied(), rng));
    }
    // Whether group `g` stays connected without fragment `f`.
    let connected_without = |members: &[usize], f: usize| -> bool {
        let rest: Vec<usize> = members.iter().copied().filter(|&x| x != f).collect();
        let Some(&first) = rest.first() else { return false };
        let mut seen = vec![first];
        let mut stack = vec![first];
        while let Some(x) = stack.pop() {
            for &y in &adj[x] {
                if rest.contains(&y) && !seen.contains(&y) {
                    seen.push(y);
                    stack.push(y);
                }
            }
        }
        seen.len() == rest.len()
    };
    for _ in 0..200 * nf {
        let short: Vec<usize> = (0..members.len())
            .filter(|&g| !members[g].is_empty() && members[g].len() < k)
            .collect();
        if short.is_empty() {
            break;
        }
        let d = short[rng.usize(..short.len())];
        // Fragments next to `d` in other groups, with their group.
        let mut around: Vec<(usize, usize)> = members[d]
            .iter()
            .flat_map(|&x| adj[x].iter().copied())
            .filter(|&y| group[y] != d)
            .map(|y| (y, group[y]))
            .collect();
        around.sort_unstable();
        around.dedup();
        rng.shuffle(&mut around);
        if let Some(&(_, e)) =
            around.iter().find(|&&(_, e)| members[e].len() + members[d].len() <= k)
        {
            // Two short neighbours that fit together merge.
            let moved = std::mem::take(&mut members[e]);
            for &x in &moved {
                group[x] = d;
            }
            members[d].extend(moved);
            continue;
        }
        // Otherwise take a fragment that leaves its group connected, from a short group first.
        let pick = around
            .iter()
            .filter(|&&(y, e)| connected_without(&members[e], y))
            .min_by_key(|&&(_, e)| (members[e].len() == k, rng.u32(..)))
            .copied();
        let Some((y, e)) = pick else { continue };
        members[e].retain(|&x| x != y);
        members[d].push(y);
        group[y] = d;
    }
    // Renumber the non-empty groups densely; every one must hold exactly k fragments.
    let mut index = vec![usize::MAX; members.len()];
    let mut next = 0;
    for (g, m) in members.iter().enumerate() {
        if m.is_empty() {
            continue;
        }
        if m.len() != k {
            return None;
        }
        index[g] = next;
        next += 1;
    }
    Some(group.iter().map(|&g| index[g]).collect())
}

/// Whether region `region` stays connected without the cell `removed`.
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

/// Moves the first of `candidates` that can go to a neighbouring region without cutting its
/// own; returns the two regions changed.
pub(super) fn move_one(
    n: usize,
    regions: &mut [u32],
    candidates: &[usize],
    rng: &mut fastrand::Rng,
) -> Option<(u32, u32)> {
    for &cell in candidates {
        let from = regions[cell];
        let mut targets: Vec<u32> =
            neighbours(n, cell).map(|m| regions[m]).filter(|&g| g != from).collect();
        if targets.is_empty() || !connected_without(n, regions, from, cell) {
            continue;
        }
        rng.shuffle(&mut targets);
        regions[cell] = targets[0];
        return Some((from, targets[0]));
    }
    None
}

/// The puzzle with these regions, when they make a valid one.
pub(super) fn to_puzzle(n: usize, k: usize, regions: &[u32]) -> Option<StarBattle> {
    StarBattle::new(Grid::from_cells(n, n, regions.iter().map(|&g| Some(g)).collect())?, k).ok()
}
