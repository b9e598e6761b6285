//! Upper bounds: beam search and the greedy line; `solve`, A* with the default memory.

use super::astar::astar;
use super::common::*;

/// Beam search from the flood `f0`: keeps the `width` best positions of each depth (smallest
/// bound, then most cells flooded or on the frontier: on ten 30x30 boards with 8 colours the
/// frontier's cells took the sum of the best lengths at width 2 048 from 492 to 487, at 512
/// from 495 to 492), and returns the first solution met (every position of a
/// layer has the same number of moves, so it is the shortest the beam sees). `None` when
/// `keep_going` says stop (asked once per layer and every 1024 positions within it).
pub fn beam(
    g: &Graph,
    f0: &[u64],
    width: usize,
    keep_going: &mut dyn FnMut() -> bool,
) -> Option<Vec<u8>> {
    by_width!(g, beam_w(g, f0, width, keep_going), None)
}

fn beam_w<const W: usize>(
    g: &Graph,
    f0s: &[u64],
    width: usize,
    keep_going: &mut dyn FnMut() -> bool,
) -> Option<Vec<u8>> {
    let sets = Sets::<W>::of(g);
    let f0: [u64; W] = arr(f0s);
    let n0 = sets.frontier(&f0);
    if is_zero(&n0) {
        return Some(Vec::new());
    }
    let width = width.max(1);
    // The layer: (flood, frontier, cells flooded); the moves back: (parent index, colour) per layer.
    let mut layer = vec![(f0, n0, sets.cells(&f0))];
    let mut back: Vec<Vec<(u32, u8)>> = Vec::new();
    let mut kids: Vec<Child<W>> = Vec::with_capacity(g.k);
    loop {
        if !keep_going() {
            return None;
        }
        // (bound, cells neither flooded nor on the frontier, hash, parent, colour, flood, frontier, cells)
        let mut next: Vec<(u32, u32, u64, u32, u8, [u64; W], [u64; W], u32)> =
            Vec::with_capacity(layer.len() * 3);
        for (pi, (f, n, cells)) in layer.iter().enumerate() {
            // Wide beams on big boards take seconds per layer: ask within the layer too.
            if pi % 1024 == 1023 && !keep_going() {
                return None;
            }
            sets.children(f, n, None, &mut kids);
            for k in &kids {
                let c = cells + sets.cells(&k.added);
                if is_zero(&k.n) {
                    // A solution: read it back.
                    let mut moves = vec![k.colour];
                    let mut at = pi;
                    for step in back.iter().rev() {
                        let (p, mv) = step[at];
                        moves.push(mv);
                        at = p as usize;
                    }
                    moves.reverse();
                    return Some(moves);
                }
                let h = sets.bound(&k.f, &k.n);
                let reached = c + sets.cells(&k.n);
                next.push((h, u32::MAX - reached, hash(&k.f), pi as u32, k.colour, k.f, k.n, c));
            }
        }
        next.sort_unstable_by(|a, b| (a.0, a.1, a.2).cmp(&(b.0, b.1, b.2)));
        next.dedup_by(|a, b| a.2 == b.2 && a.5 == b.5);
        next.truncate(width);
        back.push(next.iter().map(|e| (e.3, e.4)).collect());
        layer = next.into_iter().map(|e| (e.5, e.6, e.7)).collect();
    }
}

/// Finds an optimal move list from the start position (A* with the default memory; for tests
/// and small boards).
pub fn solve(g: &Graph) -> Option<Vec<u8>> {
    let (f, _) = root(g);
    match astar(g, &f, node_limit(g.words, MEMORY_BYTES), u32::MAX, &mut |_, _| Some(u32::MAX)) {
        Ok(Exact::Found(moves, _)) => Some(moves),
        _ => None,
    }
}

/// A quick upper bound: repeatedly play the colour that floods the most cells, preferring a
/// colour it removes from the board. Returns the moves.
pub fn greedy(g: &Graph, f0: &[u64]) -> Vec<u8> {
    let w = g.words;
    let mut f = f0.to_vec();
    let mut moves = Vec::new();
    loop {
        let n = frontier(g, &f);
        if n.iter().all(|&v| v == 0) {
            return moves;
        }
        let mut best = (0u64, 0u8);
        for c in 0..g.k {
            let col = g.colour_set(c);
            let mut gain = 0u64;
            let mut outside = 0u64;
            for i in 0..w {
                outside |= col[i] & !f[i] & !n[i];
            }
            let mut x = vec![0u64; w];
            for i in 0..w {
                x[i] = col[i] & n[i];
            }
            for_each_bit(&x, |v| gain += u64::from(g.size[v]));
            if gain == 0 {
                continue;
            }
            let score = if outside == 0 { u64::MAX / 2 + gain } else { gain };
            if score > best.0 {
                best = (score, c as u8);
            }
        }
        let col = g.colour_set(best.1 as usize);
        for i in 0..w {
            f[i] |= col[i] & n[i];
        }
        moves.push(best.1);
    }
}
