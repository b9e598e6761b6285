//! Exact search: A* over sets of flooded components with Puchert's lower bound.
//!
//! A state is the set `F` of flooded components (a bitset); with it the search keeps the
//! frontier `N`, the components adjacent to `F`. A move with colour `c` adds `N ∩ colour(c)`
//! and nothing else (see `graph.rs`), so the flood's colour needs no place in the state.
//!
//! **Lower bound** (after Aaron and Simon Puchert, as used by ColorFill): relax the game so
//! that one step may flood *every* frontier component at once, except that a colour whose
//! remaining components all lie on the frontier ("completed") is flooded on its own, one step
//! per such colour. Repeat until the board is flooded; the number of steps bounds the moves
//! still needed from below. It dominates both the number of colours left and the eccentricity
//! of the flood in the component graph. The tests compare it with breadth-first distances on
//! every reachable position of small boards.
//!
//! **Reductions** (each keeps an optimal solution):
//! - only colours that touch the flood are played;
//! - when a move would remove a colour from the board entirely, that move alone is expanded:
//!   moving it to the front of any optimal solution keeps the solution valid, since floods grow
//!   monotonically with the set they start from;
//! - a move that opens nothing (every neighbour of the components it floods is already flooded
//!   or on the frontier) while its colour stays on the board elsewhere is never expanded: it is
//!   never optimal. The colour must be played again later, and that later move takes in the
//!   same components, which stay next to the flood. Dropping the first move, the flood after
//!   every later move contains the original one less those components (their neighbours were
//!   flooded or on the frontier already), and all of it from the next move of that colour on,
//!   so the rest of the line alone finishes: one move fewer. The tests check this on every
//!   reachable position of small boards. It removes 1.2% of the expansions on pc19 (4 016 364
//!   to 3 968 483) and about 5% of the CPU time; none measurable on 8 colours (b14c8).
//!
//! **Tried and not kept** (pc19, 1000 boards 14x14, 6 colours; expansions counted over all
//! boards, times as user CPU on the shared machine, A/B in the same minute):
//! - the layered bound `max_t (t + colours beyond breadth-first layer t)` (admissible: after
//!   `t` moves the flood lies inside layer `t`, and the distance is monotone in the flood),
//!   both on plain layers (an extra pass: 45% slower, 10.5 s against 7.2 s CPU) and on
//!   Puchert's steps (`h_i + colours left after step i`, admissible by the same chain of
//!   inequalities; nearly free): neither saved a single expansion on pc19;
//! - neighbourhoods by nibble tables (one look-up per four components): 9% slower;
//! - skipping colours already wholly flooded in the bound's colour loop: no gain;
//! - a greedy upper bound was not built after measuring: the last `f` level holds only 3.9% of
//!   the expansions (153 086 of 3 968 483), so pruning at the greedy length can save little; the search
//!   spends its time proving the levels below the optimum (gap root bound to optimum: 1 to
//!   5 moves, 3 on half the boards).
//!
//! **Speed:** states live in one flat arena of words (flood and frontier), a hand-rolled open
//! addressing table maps flood sets to nodes, and the priority queue orders by `f`, then by
//! larger `g` (deeper first), then newest. Children are built in preallocated buffers, so the
//! inner loop does not allocate except when the arena grows. Positions reached again with a
//! smaller `g` are reopened, so the answer stays optimal even where the bound is inconsistent.

use super::graph::{for_each_bit, set, Graph};

/// How the search ended without an answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SearchError {
    /// The caller's poll asked to stop.
    Stopped,
    /// More positions than the node limit allows.
    TooLarge(usize),
}

/// An optimal move list and figures about the search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// The moves, as colour indices.
    pub moves: Vec<u8>,
    /// The lower bound at the root.
    pub root_bound: u32,
    /// Positions expanded.
    pub expanded: u64,
    /// Positions stored.
    pub stored: usize,
}

/// Default most positions stored before giving up (about 0.5 to 2 GB on the largest boards).
pub const NODE_LIMIT: usize = 6_000_000;

/// Puchert's lower bound for the flood `f` with frontier `n` (the bound the search uses).
pub fn lower_bound(g: &Graph, f: &[u64], n: &[u64]) -> u32 {
    fn at<const W: usize>(g: &Graph, f: &[u64], n: &[u64]) -> u32 {
        let (mut fa, mut na) = ([0u64; W], [0u64; W]);
        fa.copy_from_slice(f);
        na.copy_from_slice(n);
        Sets::<W>::of(g).bound(&fa, &na)
    }
    macro_rules! by_width {
        ($($w:literal)*) => {
            match g.words {
                $($w => at::<$w>(g, f, n),)*
                _ => 0,
            }
        };
    }
    by_width!(1 2 3 4 5 6 7 8 9 10 11 12 13 14 15)
}

/// The flood set and frontier of the start position.
pub fn root(g: &Graph) -> (Vec<u64>, Vec<u64>) {
    let mut f = vec![0u64; g.words];
    set(&mut f, g.start);
    let n = frontier(g, &f);
    (f, n)
}

/// The components adjacent to the flood `f`.
pub fn frontier(g: &Graph, f: &[u64]) -> Vec<u64> {
    let mut n = vec![0u64; g.words];
    for_each_bit(f, |v| {
        for (x, a) in n.iter_mut().zip(g.adj_of(v)) {
            *x |= a;
        }
    });
    for (x, y) in n.iter_mut().zip(f) {
        *x &= !y;
    }
    n
}

#[derive(Clone, Copy)]
struct Node {
    parent: u32,
    g: u16,
    mv: u8,
    /// The bound known for the position: exact once computed, else the parent's less one.
    h: u16,
    exact: bool,
}

#[inline]
fn hash<const W: usize>(words: &[u64; W]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for &x in words {
        h = (h ^ x).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        h ^= h >> 29;
    }
    h
}

#[inline]
fn is_zero<const W: usize>(a: &[u64; W]) -> bool {
    a.iter().all(|&x| x == 0)
}

/// The graph's bitsets as fixed-width arrays, so the inner loops unroll.
struct Sets<const W: usize> {
    adj: Vec<[u64; W]>,
    colour: Vec<[u64; W]>,
}

impl<const W: usize> Sets<W> {
    fn of(g: &Graph) -> Self {
        let take = |s: &[u64]| -> [u64; W] {
            let mut a = [0u64; W];
            a.copy_from_slice(s);
            a
        };
        Sets { adj: (0..g.n).map(|v| take(g.adj_of(v))).collect(), colour: (0..g.k).map(|c| take(g.colour_set(c))).collect() }
    }

    #[inline]
    fn or_adj(&self, x: &[u64; W], into: &mut [u64; W]) {
        for (w, &word) in x.iter().enumerate() {
            let mut b = word;
            while b != 0 {
                let a = &self.adj[w * 64 + b.trailing_zeros() as usize];
                for i in 0..W {
                    into[i] |= a[i];
                }
                b &= b - 1;
            }
        }
    }

    /// Puchert's bound (see the module doc).
    fn bound(&self, f: &[u64; W], n: &[u64; W]) -> u32 {
        let mut vis = *f;
        let mut front = *n;
        let mut h = 0u32;
        // Every colour left must be played at least once.
        let left = self.colour.iter().filter(|col| (0..W).any(|i| col[i] & !f[i] != 0)).count() as u32;
        while !is_zero(&front) {
            let mut newly = [0u64; W];
            let mut completed = 0u32;
            for col in &self.colour {
                let (mut outside, mut touching) = (0u64, 0u64);
                for i in 0..W {
                    outside |= col[i] & !vis[i] & !front[i];
                    touching |= col[i] & front[i];
                }
                if outside == 0 && touching != 0 {
                    completed += 1;
                    for i in 0..W {
                        newly[i] |= col[i] & front[i];
                    }
                }
            }
            if completed != 0 {
                h += completed;
            } else {
                h += 1;
                newly = front;
            }
            for i in 0..W {
                vis[i] |= newly[i];
                front[i] &= !newly[i];
            }
            self.or_adj(&newly, &mut front);
            for i in 0..W {
                front[i] &= !vis[i];
            }
        }
        h.max(left)
    }
}

/// The open list: stacks of node ids by `f` and then `g`; pops the smallest `f`, then the
/// largest `g` (deeper first), then the newest.
struct Buckets {
    by_f: Vec<Vec<Vec<u32>>>,
    min_f: usize,
}

impl Buckets {
    fn push(&mut self, f: usize, g: usize, id: u32) {
        if self.by_f.len() <= f {
            self.by_f.resize_with(f + 1, Vec::new);
        }
        let row = &mut self.by_f[f];
        if row.len() <= g {
            row.resize_with(g + 1, Vec::new);
        }
        row[g].push(id);
        self.min_f = self.min_f.min(f);
    }

    fn pop(&mut self) -> Option<(u32, u16, u32)> {
        while self.min_f < self.by_f.len() {
            let f = self.min_f;
            for g in (0..self.by_f[f].len()).rev() {
                if let Some(id) = self.by_f[f][g].pop() {
                    return Some((f as u32, g as u16, id));
                }
            }
            self.min_f += 1;
        }
        None
    }
}

/// Finds an optimal move list from the flood `f0` (a set of components containing the start).
///
/// `poll` is called about every thousand expansions with the number expanded so far and the
/// current `f` bound; it returns false to stop.
pub fn solve_from(g: &Graph, f0: &[u64], node_limit: usize, poll: &mut dyn FnMut(u64, u32) -> bool) -> Result<Found, SearchError> {
    macro_rules! by_width {
        ($($w:literal)*) => {
            match g.words {
                $($w => solve_w::<$w>(g, f0, node_limit, poll),)*
                _ => Err(SearchError::TooLarge(0)),
            }
        };
    }
    by_width!(1 2 3 4 5 6 7 8 9 10 11 12 13 14 15)
}

fn solve_w<const W: usize>(g: &Graph, f0s: &[u64], node_limit: usize, poll: &mut dyn FnMut(u64, u32) -> bool) -> Result<Found, SearchError> {
    let sets = Sets::<W>::of(g);
    let mut f0 = [0u64; W];
    f0.copy_from_slice(f0s);
    let mut n0 = [0u64; W];
    sets.or_adj(&f0, &mut n0);
    for i in 0..W {
        n0[i] &= !f0[i];
    }
    let root_bound = sets.bound(&f0, &n0);

    let mut states: Vec<[[u64; W]; 2]> = Vec::with_capacity(4096);
    let mut nodes: Vec<Node> = Vec::with_capacity(4096);
    states.push([f0, n0]);
    nodes.push(Node { parent: u32::MAX, g: 0, mv: 0, h: root_bound as u16, exact: true });
    // Open addressing: (fingerprint << 32 | id), 0 for empty; the fingerprint spares most
    // lookups a visit to the state itself.
    let mut table: Vec<u64> = vec![0; 1 << 12];
    let mut mask = table.len() - 1;
    let entry = |h: u64, id: u32| -> u64 { ((h >> 32) | 1) << 32 | u64::from(id) };
    let h0 = hash(&f0);
    table[h0 as usize & mask] = entry(h0, 0);
    let mut heap = Buckets { by_f: Vec::new(), min_f: usize::MAX };
    heap.push(root_bound as usize, 0, 0);
    let mut expanded = 0u64;
    let mut best_f = root_bound;

    while let Some((f_val, gg, id)) = heap.pop() {
        let node = nodes[id as usize];
        if node.g != gg {
            continue; // a stale entry: the position was reached again more cheaply
        }
        let [f, n] = states[id as usize];
        if !node.exact {
            // Lazy evaluation: the bound is computed only when the position comes up.
            let h = (sets.bound(&f, &n) as u16).max(node.h);
            nodes[id as usize].h = h;
            nodes[id as usize].exact = true;
            if u32::from(gg + h) > f_val {
                heap.push(usize::from(gg + h), usize::from(gg), id);
                continue;
            }
        }
        if is_zero(&n) {
            // Nothing left to flood: read the moves back.
            let mut moves = Vec::with_capacity(gg as usize);
            let mut at = id;
            while nodes[at as usize].parent != u32::MAX {
                moves.push(nodes[at as usize].mv);
                at = nodes[at as usize].parent;
            }
            moves.reverse();
            return Ok(Found { moves, root_bound, expanded, stored: nodes.len() });
        }
        let parent_h = nodes[id as usize].h;
        expanded += 1;
        best_f = best_f.max(f_val);
        if expanded & 1023 == 0 && !poll(expanded, best_f) {
            return Err(SearchError::Stopped);
        }
        // Which colours touch the flood, and is one of them completed?
        let mut touching = 0u32;
        let mut completed = u32::MAX;
        for (c, col) in sets.colour.iter().enumerate() {
            let (mut t, mut outside) = (0u64, 0u64);
            for i in 0..W {
                t |= col[i] & n[i];
                outside |= col[i] & !f[i] & !n[i];
            }
            if t != 0 {
                touching |= 1 << c;
                if outside == 0 && completed == u32::MAX {
                    completed = c as u32;
                }
            }
        }
        let choices = if completed != u32::MAX { 1 << completed } else { touching };
        let child_g = gg + 1;
        // Pathmax: a move lowers the bound by at most one.
        let provisional = parent_h.saturating_sub(1);
        let mut cs = choices;
        while cs != 0 {
            let c = cs.trailing_zeros() as usize;
            cs &= cs - 1;
            let col = &sets.colour[c];
            let mut x = [0u64; W];
            let mut child_f = [0u64; W];
            for i in 0..W {
                x[i] = col[i] & n[i];
                child_f[i] = f[i] | x[i];
            }
            let mut opened = [0u64; W];
            sets.or_adj(&x, &mut opened);
            let mut child_n = n;
            let mut any = 0u64;
            for i in 0..W {
                opened[i] &= !f[i] & !n[i];
                any |= opened[i];
                child_n[i] |= opened[i];
            }
            if any == 0 && completed == u32::MAX {
                // It opens nothing and leaves its colour on the board: never optimal (module doc).
                continue;
            }
            for i in 0..W {
                child_n[i] &= !child_f[i];
            }
            // Look the position up.
            let hv = hash(&child_f);
            let want = ((hv >> 32) | 1) << 32;
            let mut slot = hv as usize & mask;
            let mut found = u32::MAX;
            loop {
                let e = table[slot];
                if e == 0 {
                    break;
                }
                if e & !0xffff_ffff == want && states[(e & 0xffff_ffff) as usize][0] == child_f {
                    found = (e & 0xffff_ffff) as u32;
                    break;
                }
                slot = (slot + 1) & mask;
            }
            let target = if found != u32::MAX {
                let old = nodes[found as usize];
                if old.g <= child_g {
                    continue;
                }
                let h = if old.exact { old.h } else { old.h.max(provisional) };
                nodes[found as usize] = Node { parent: id, g: child_g, mv: c as u8, h, exact: old.exact };
                found
            } else {
                if nodes.len() >= node_limit {
                    return Err(SearchError::TooLarge(node_limit));
                }
                let nid = nodes.len() as u32;
                states.push([child_f, child_n]);
                nodes.push(Node { parent: id, g: child_g, mv: c as u8, h: provisional, exact: false });
                table[slot] = entry(hv, nid);
                if nodes.len() * 2 > table.len() {
                    let size = table.len() * 2;
                    table = vec![0; size];
                    mask = size - 1;
                    for (j, st) in states.iter().enumerate() {
                        let h = hash(&st[0]);
                        let mut s = h as usize & mask;
                        while table[s] != 0 {
                            s = (s + 1) & mask;
                        }
                        table[s] = entry(h, j as u32);
                    }
                }
                nid
            };
            let t = nodes[target as usize];
            heap.push(usize::from(child_g + t.h), usize::from(child_g), target);
        }
    }
    // Unreachable for a connected board: the full flood is always reachable.
    Err(SearchError::TooLarge(nodes.len()))
}

/// Finds an optimal move list from the start position.
pub fn solve(g: &Graph, poll: &mut dyn FnMut(u64, u32) -> bool) -> Result<Found, SearchError> {
    let (f, _) = root(g);
    solve_from(g, &f, NODE_LIMIT, poll)
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
