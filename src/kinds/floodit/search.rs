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
//! - **move order** (A* only; after Aaron and Simon Puchert's floodit, whose rule ColorFill's
//!   A* uses too): at a position reached from `P` by colour `a`, a colour `b` of which `a` opened
//!   no new frontier component is skipped when `b` then `a` from `P` floods at least as much.
//!   It does: `b` takes the same components from `P`, and `a` after it takes `a`'s components
//!   next to `P` and also those next to `b`'s, so a superset, strictly larger when one of the
//!   components `b` floods has an `a`-coloured neighbour outside the flood. When both orders
//!   flood the same, only the one with the smaller colour first is kept. Floods grow
//!   monotonically with the set they start from, so the other order's line is as short. Not
//!   after a move that removed its colour from the board: that move was its parent's only
//!   child (the first reduction), so the other order was never generated (without this
//!   exception A* misses optima: b14c8 board 45, and whole positions of small boards). The
//!   argument shows that a line as good exists through the other order; that A*, whose table
//!   keeps one parent per position, always reaches one is not proven here but checked: the
//!   tests run A* from every reachable position of 300 small boards against breadth-first
//!   distances, pc19, floodtest and b14c8 match ColorFill's optima, and 4,500 random boards
//!   (6x6/3 to 12x12/6 and 11x11/8, uniform and blotchy) get the same minimum from this A* and
//!   from the baseline's (commit 9e92d23, without the rule; docs/design-notes.md). On the first 150 pc19 boards it cuts the expansions from 626 964 to 386 036 and
//!   the bound's counts from 2.55 M to 1.31 M (with the next point).
//!
//! **Never out of memory** (issue 22): A* stores at most [`node_limit`] positions for its byte
//! budget ([`MEMORY_BYTES`]: 1 GiB natively, 512 MiB in WebAssembly), in chunks so the store
//! never doubles near the limit. When it is full it hands over its proven bound (the smallest
//! `g + bound` it was about to expand) to [`ida`]: IDA* with a fixed transposition table that
//! keeps, for each position, the best lower bound learned for it (a failed search below the
//! position under threshold `t` proves `t - g + 1` more moves are needed; the bound is kept across
//! thresholds, so the next round prunes there at once). Its memory is fixed, so it always goes
//! on; every finished threshold is a proven lower bound.
//!
//! **Upper bounds:** [`greedy`] at once, then [`beam`] searches (the `width` best positions of
//! each depth by bound, then cells flooded or on the frontier, duplicates merged), run by `optimum::anytime` on a
//! schedule while the exact search works. A* and IDA* take the best length known and stop as
//! soon as every shorter line is ruled out ([`Exact::NothingBelow`]), so the exact search need
//! not find the optimum itself once a beam has.
//!
//! **Speed:** states live in chunked arenas of words (flood and frontier), a hand-rolled open
//! addressing table maps flood sets to nodes, and the priority queue orders by `f`, then by
//! larger `g` (deeper first), then newest. Children are built in preallocated buffers, so the
//! inner loop does not allocate except when the arena grows. Positions reached again with a
//! smaller `g` are reopened, so the answer stays optimal even where the bound is inconsistent.
//! A child is stored with its parent's bound less one and counted when it comes up, only as
//! far as needed to tell whether it fits the level (`bound_upto`); a count that stopped above
//! the level keeps what it proved, and the position is expanded on that when its level comes,
//! without a second count (on 150 pc19 boards the second count had found the same value every
//! one of 214 056 times: 8% of the counts).
//!
//! Measurements behind these choices, and what was tried and dropped: `docs/design-notes.md`, "Flood-It exact search".

use super::graph::{for_each_bit, set, Graph};

/// How a search ended without an answer of its own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SearchError {
    /// The caller's poll asked to stop.
    Stopped,
}

/// Figures about a search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Figures {
    /// Positions expanded.
    pub expanded: u64,
    /// Positions stored (A*: the table; IDA*: the transposition table's entries in use).
    pub stored: usize,
}

/// How an exact search (A* or IDA*) ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Exact {
    /// An optimal move list.
    Found(Vec<u8>, Figures),
    /// Every move list shorter than `upper` (the caller's best) was ruled out: the caller's
    /// solution of `upper` moves is optimal.
    NothingBelow(u32, Figures),
    /// A* ran out of room; every move list shorter than `lower` was ruled out.
    Full(u32, Figures),
}

/// What the search tells its caller about every thousand expansions: positions expanded so far
/// and the proven lower bound. The caller answers `None` to stop, or the length of the best
/// solution it knows (`u32::MAX` for none), which the search may use to stop early.
pub type Poll<'a> = &'a mut dyn FnMut(u64, u32) -> Option<u32>;

/// Bytes the A* table may use by default: about 1 GiB natively, 512 MiB in WebAssembly (the
/// worker shares its address space limit with the page's copies of the data).
#[cfg(not(target_arch = "wasm32"))]
pub const MEMORY_BYTES: usize = 1 << 30;
/// Bytes the A* table may use by default.
#[cfg(target_arch = "wasm32")]
pub const MEMORY_BYTES: usize = 1 << 29;

/// Bytes of IDA*'s transposition table by default (a quarter of the A* budget).
pub const TT_BYTES: usize = MEMORY_BYTES / 4;

/// Bytes A* needs per stored position with `words` words per bitset: the flood and frontier,
/// the node, two table slots (the table stays at most half full) and an open-list entry.
pub fn bytes_per_node(words: usize) -> usize {
    16 * words + std::mem::size_of::<Node>() + 16 + 8
}

/// How many positions A* may store within `bytes`.
pub fn node_limit(words: usize, bytes: usize) -> usize {
    (bytes / bytes_per_node(words)).clamp(16, u32::MAX as usize / 2)
}

/// Calls `$f::<W>($args)` for the graph's width `W`: 1 to 15 words, up to 960 regions (a
/// 30x30 board has at most 900).
macro_rules! by_width {
    ($g:expr, $f:ident ( $($arg:expr),* ), $none:expr) => {
        match $g.words {
            1 => $f::<1>($($arg),*),
            2 => $f::<2>($($arg),*),
            3 => $f::<3>($($arg),*),
            4 => $f::<4>($($arg),*),
            5 => $f::<5>($($arg),*),
            6 => $f::<6>($($arg),*),
            7 => $f::<7>($($arg),*),
            8 => $f::<8>($($arg),*),
            9 => $f::<9>($($arg),*),
            10 => $f::<10>($($arg),*),
            11 => $f::<11>($($arg),*),
            12 => $f::<12>($($arg),*),
            13 => $f::<13>($($arg),*),
            14 => $f::<14>($($arg),*),
            15 => $f::<15>($($arg),*),
            _ => $none,
        }
    };
}

fn arr<const W: usize>(s: &[u64]) -> [u64; W] {
    let mut a = [0u64; W];
    a.copy_from_slice(s);
    a
}

/// Puchert's lower bound for the flood `f` with frontier `n` (the bound the search uses).
pub fn lower_bound(g: &Graph, f: &[u64], n: &[u64]) -> u32 {
    fn at<const W: usize>(g: &Graph, f: &[u64], n: &[u64]) -> u32 {
        Sets::<W>::of(g).bound(&arr(f), &arr(n))
    }
    by_width!(g, at(g, f, n), 0)
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
    /// A lower bound on the moves still needed: the parent's less one until the position's own
    /// count ran, then what the count proved (Puchert's bound, or more than the cap it stopped at).
    h: u16,
    /// Whether the position's own count ran.
    counted: bool,
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
    /// Every component.
    all: [u64; W],
    /// Neighbours of every component, padded with empty sets to `W * 64` entries.
    adj: Vec<[u64; W]>,
    colour: Vec<[u64; W]>,
    size: Vec<u32>,
}

/// One move from a position: the colour, the new flood and frontier, and whether it opened
/// new components.
struct Child<const W: usize> {
    colour: u8,
    f: [u64; W],
    n: [u64; W],
    /// Components the move added.
    added: [u64; W],
}

impl<const W: usize> Sets<W> {
    fn of(g: &Graph) -> Self {
        let mut all = [0u64; W];
        for v in 0..g.n {
            all[v / 64] |= 1 << (v % 64);
        }
        let mut adj: Vec<[u64; W]> = (0..g.n).map(|v| arr(g.adj_of(v))).collect();
        adj.resize(W * 64, [0u64; W]);
        Sets {
            all,
            adj,
            colour: (0..g.k).map(|c| arr(g.colour_set(c))).collect(),
            size: g.size.clone(),
        }
    }

    #[inline]
    fn or_adj(&self, x: &[u64; W], into: &mut [u64; W]) {
        // A slice of known length lets the compiler drop the bounds checks below.
        let adj = &self.adj[..W * 64];
        for (w, &word) in x.iter().enumerate() {
            let mut b = word;
            while b != 0 {
                let a = &adj[w * 64 + b.trailing_zeros() as usize];
                for i in 0..W {
                    into[i] |= a[i];
                }
                b &= b - 1;
            }
        }
    }

    fn frontier(&self, f: &[u64; W]) -> [u64; W] {
        let mut n = [0u64; W];
        self.or_adj(f, &mut n);
        for i in 0..W {
            n[i] &= !f[i];
        }
        n
    }

    fn cells(&self, x: &[u64; W]) -> u32 {
        let mut s = 0;
        for (w, &word) in x.iter().enumerate() {
            let mut b = word;
            while b != 0 {
                s += self.size[w * 64 + b.trailing_zeros() as usize];
                b &= b - 1;
            }
        }
        s
    }

    /// Puchert's bound (see the module doc), exactly.
    fn bound(&self, f: &[u64; W], n: &[u64; W]) -> u32 {
        self.bound_upto(f, n, u32::MAX).0
    }

    /// Puchert's bound when it is at most `cap` (then `(bound, true)`), else some lower bound
    /// above `cap` (`(lower, false)`), found without finishing the count.
    ///
    /// `live` holds the colours with a component outside the flood; only they are scanned for
    /// completion, and the count stops as soon as one colour is left (its components then all
    /// lie on the frontier: one more step). Every live colour is completed exactly once on the
    /// way (a colour with a component beyond the frontier is never swallowed by a
    /// whole-frontier step), so at any point the count will end at least at the steps counted
    /// plus the live colours: once that passes `cap` the count stops early. A* and IDA* only
    /// need the exact bound of a position when it does not exceed what its parent's bound
    /// allows, and most positions they look at exceed it.
    fn bound_upto(&self, f: &[u64; W], n: &[u64; W], cap: u32) -> (u32, bool) {
        let mut vis = *f;
        let mut front = *n;
        // Components neither flooded nor on the frontier.
        let mut rest = [0u64; W];
        for i in 0..W {
            rest[i] = self.all[i] & !f[i] & !n[i];
        }
        let mut live = 0u32;
        for (c, col) in self.colour.iter().enumerate() {
            let mut x = 0u64;
            for i in 0..W {
                x |= col[i] & !f[i];
            }
            live |= u32::from(x != 0) << c;
        }
        let mut h = 0u32;
        loop {
            if live & live.wrapping_sub(1) == 0 {
                // At most one colour left: its components all touch the flood (two components
                // of one colour are never adjacent), so one step finishes.
                return (h + live.count_ones(), true);
            }
            if h + live.count_ones() > cap {
                return (h + live.count_ones(), false);
            }
            if is_zero(&rest) {
                // Nothing lies beyond the frontier: every live colour has its components on it
                // and is completed at the next step, each on its own (the same count the loop
                // would reach, without walking the frontier's neighbours).
                return (h + live.count_ones(), true);
            }
            let mut newly = [0u64; W];
            let mut completed = 0u32;
            let mut cs = live;
            while cs != 0 {
                let c = cs.trailing_zeros() as usize;
                cs &= cs - 1;
                let col = &self.colour[c];
                let mut outside = 0u64;
                for i in 0..W {
                    outside |= col[i] & rest[i];
                }
                if outside == 0 {
                    // A live colour with nothing beyond the frontier lies on it: completed.
                    completed |= 1 << c;
                    for i in 0..W {
                        newly[i] |= col[i] & front[i];
                    }
                }
            }
            if completed != 0 {
                h += completed.count_ones();
                live &= !completed;
                if live & live.wrapping_sub(1) == 0 {
                    // What the next round would return, without opening the neighbours first.
                    return (h + live.count_ones(), true);
                }
                for i in 0..W {
                    vis[i] |= newly[i];
                    front[i] &= !newly[i];
                }
            } else {
                if is_zero(&front) {
                    // Unreachable on a connected board; keeps the loop finite on any input.
                    return (h, true);
                }
                h += 1;
                if h + live.count_ones() > cap {
                    // The step completes no colour, so the next round would stop here: stop
                    // before opening the whole frontier's neighbours.
                    return (h + live.count_ones(), false);
                }
                newly = front;
                for i in 0..W {
                    vis[i] |= front[i];
                    front[i] = 0;
                }
            }
            let mut opened = [0u64; W];
            self.or_adj(&newly, &mut opened);
            for i in 0..W {
                opened[i] &= rest[i];
                front[i] |= opened[i];
                rest[i] &= !opened[i];
            }
        }
    }

    /// The moves worth trying from the flood `f` with frontier `n`, into `out` (cleared first):
    /// a colour the move would remove from the board alone when there is one, else every colour
    /// touching the flood except those that open nothing while their colour stays on the board
    /// (module doc).
    ///
    /// `last` is the colour of the move that led here and the frontier components it opened
    /// (A* only): then a move that the last one opened nothing for is skipped where playing it
    /// first would have done at least as well (module doc, "move order").
    fn children(
        &self,
        f: &[u64; W],
        n: &[u64; W],
        last: Option<(usize, &[u64; W])>,
        out: &mut Vec<Child<W>>,
    ) {
        out.clear();
        let mut touching = 0u32;
        let mut completed = u32::MAX;
        for (c, col) in self.colour.iter().enumerate() {
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
        let mut cs = choices;
        while cs != 0 {
            let c = cs.trailing_zeros() as usize;
            cs &= cs - 1;
            let col = &self.colour[c];
            let mut x = [0u64; W];
            let mut child_f = [0u64; W];
            for i in 0..W {
                x[i] = col[i] & n[i];
                child_f[i] = f[i] | x[i];
            }
            let mut opened = [0u64; W];
            self.or_adj(&x, &mut opened);
            if let (Some((a, o)), u32::MAX) = (last, completed) {
                // (Only when the last move left its colour on the board: one that removed it
                // was its parent's only child, so the other order was never generated.)
                let (mut new, mut more) = (0u64, 0u64);
                for i in 0..W {
                    new |= o[i] & col[i];
                    more |= opened[i] & self.colour[a][i] & !f[i];
                }
                // The last move (colour a) opened no component of this colour: playing this
                // colour before a floods a superset (strictly when a component it floods has
                // an unflooded a-coloured neighbour); of two orders that flood the same, only
                // the one with the smaller colour first is kept.
                if new == 0 && (more != 0 || c < a) {
                    continue;
                }
            }
            let mut child_n = *n;
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
            out.push(Child { colour: c as u8, f: child_f, n: child_n, added: x });
        }
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
            // This level is empty for good: give its memory back.
            self.by_f[f] = Vec::new();
            self.min_f += 1;
        }
        None
    }
}

/// Positions in chunks, so the store grows without copying (no doubling spike near the limit).
struct Store<const W: usize> {
    chunks: Vec<Vec<([u64; W], [u64; W], Node)>>,
    len: usize,
}

const CHUNK: usize = 1 << 16;

impl<const W: usize> Store<W> {
    fn push(&mut self, f: [u64; W], n: [u64; W], node: Node) -> u32 {
        if self.len % CHUNK == 0 {
            self.chunks.push(Vec::with_capacity(CHUNK));
        }
        self.chunks.last_mut().expect("a chunk").push((f, n, node));
        self.len += 1;
        (self.len - 1) as u32
    }

    #[inline]
    fn get(&self, id: u32) -> &([u64; W], [u64; W], Node) {
        &self.chunks[id as usize / CHUNK][id as usize % CHUNK]
    }

    #[inline]
    fn node(&mut self, id: u32) -> &mut Node {
        &mut self.chunks[id as usize / CHUNK][id as usize % CHUNK].2
    }
}

/// A* from the flood `f0` (a set of components containing the start), storing at most
/// `node_limit` positions. `upper` is the length of a solution the caller already has
/// (`u32::MAX` for none): positions with `g + bound >= upper` are not expanded, and the search
/// ends with [`Exact::NothingBelow`] once every shorter line is ruled out. `poll` is called
/// about every thousand expansions (see [`Poll`]).
pub fn astar(
    g: &Graph,
    f0: &[u64],
    node_limit: usize,
    upper: u32,
    poll: Poll,
) -> Result<Exact, SearchError> {
    by_width!(g, astar_w(g, f0, node_limit, upper, poll), Ok(Exact::Full(0, Figures::default())))
}

fn astar_w<const W: usize>(
    g: &Graph,
    f0s: &[u64],
    node_limit: usize,
    mut upper: u32,
    poll: Poll,
) -> Result<Exact, SearchError> {
    let sets = Sets::<W>::of(g);
    let f0: [u64; W] = arr(f0s);
    let n0 = sets.frontier(&f0);
    let root_bound = sets.bound(&f0, &n0);
    let mut store = Store::<W> { chunks: Vec::new(), len: 0 };
    store.push(f0, n0, Node { parent: u32::MAX, g: 0, mv: 0, h: root_bound as u16, counted: true });
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
    let mut lower = root_bound;
    let mut kids: Vec<Child<W>> = Vec::with_capacity(g.k);
    let figures = |expanded: u64, stored: usize| Figures { expanded, stored };

    while let Some((f_val, gg, id)) = heap.pop() {
        if f_val >= upper {
            // Every position left has g + bound >= upper: no line shorter than upper exists.
            return Ok(Exact::NothingBelow(upper, figures(expanded, store.len)));
        }
        let (f, n, node) = *store.get(id);
        if node.g != gg {
            continue; // a stale entry: the position was reached again more cheaply
        }
        if !node.counted {
            // Lazy evaluation: the bound is computed only when the position comes up, and only
            // as far as needed to tell whether it still fits under f_val.
            let (b, _) = sets.bound_upto(&f, &n, f_val - u32::from(gg));
            let h = (b.min(u32::from(u16::MAX)) as u16).max(node.h);
            let nd = store.node(id);
            nd.h = h;
            // Counted once only: a count stopped above the cap proved `b`, a lower bound that A*
            // may expand on when its level comes (counting again to the new cap found the same
            // value on every one of the 214 000 such positions of 150 pc19 boards).
            nd.counted = true;
            if u32::from(gg + h) > f_val {
                if u32::from(gg + h) < upper {
                    heap.push(usize::from(gg + h), usize::from(gg), id);
                }
                continue;
            }
        }
        // f_val is the smallest g + bound in the open list: every shorter line is ruled out.
        lower = lower.max(f_val);
        if is_zero(&n) {
            // Nothing left to flood: read the moves back.
            let mut moves = Vec::with_capacity(gg as usize);
            let mut at = id;
            while store.get(at).2.parent != u32::MAX {
                moves.push(store.get(at).2.mv);
                at = store.get(at).2.parent;
            }
            moves.reverse();
            return Ok(Exact::Found(moves, figures(expanded, store.len)));
        }
        let parent_h = store.get(id).2.h;
        expanded += 1;
        if expanded & 1023 == 0 {
            match poll(expanded, lower) {
                None => return Err(SearchError::Stopped),
                Some(u) => upper = upper.min(u),
            }
        }
        // The frontier components the last move opened (those not on the parent's frontier).
        let last_stays = node.parent != u32::MAX && {
            let col = &sets.colour[usize::from(node.mv)];
            (0..W).any(|i| col[i] & !f[i] != 0)
        };
        let last_opened = last_stays.then(|| {
            let pn = &store.get(node.parent).1;
            let mut o = [0u64; W];
            for i in 0..W {
                o[i] = n[i] & !pn[i];
            }
            o
        });
        sets.children(&f, &n, last_opened.as_ref().map(|o| (usize::from(node.mv), o)), &mut kids);
        let child_g = gg + 1;
        // Pathmax: a move lowers the bound by at most one.
        let provisional = parent_h.saturating_sub(1);
        for kid in &kids {
            let (child_f, child_n, c) = (kid.f, kid.n, kid.colour);
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
                if e & !0xffff_ffff == want && store.get((e & 0xffff_ffff) as u32).0 == child_f {
                    found = (e & 0xffff_ffff) as u32;
                    break;
                }
                slot = (slot + 1) & mask;
            }
            let target = if found != u32::MAX {
                let old = *store.node(found);
                if old.g <= child_g {
                    continue;
                }
                let h = if old.counted { old.h } else { old.h.max(provisional) };
                *store.node(found) =
                    Node { parent: id, g: child_g, mv: c, h, counted: old.counted };
                found
            } else {
                if store.len >= node_limit {
                    return Ok(Exact::Full(lower.min(upper), figures(expanded, store.len)));
                }
                let nid = store.push(
                    child_f,
                    child_n,
                    Node { parent: id, g: child_g, mv: c, h: provisional, counted: false },
                );
                table[slot] = entry(hv, nid);
                if store.len * 2 > table.len() {
                    let size = table.len() * 2;
                    table = vec![0; size];
                    mask = size - 1;
                    for j in 0..store.len {
                        let h = hash(&store.get(j as u32).0);
                        let mut s = h as usize & mask;
                        while table[s] != 0 {
                            s = (s + 1) & mask;
                        }
                        table[s] = entry(h, j as u32);
                    }
                }
                nid
            };
            let t = store.get(target).2;
            let f_child = u32::from(child_g + t.h);
            if f_child < upper {
                heap.push(f_child as usize, usize::from(child_g), target);
            }
        }
    }
    // The open list ran dry: every line shorter than upper was ruled out.
    Ok(Exact::NothingBelow(upper, figures(expanded, store.len)))
}

/// IDA* with a transposition table of `tt_bytes` that keeps, for each position it meets, the
/// best lower bound learned for it (the bound, raised whenever a search below it under some
/// threshold fails). Starts at threshold `from` (a proven lower bound, such as A*'s) and raises
/// it until a solution turns up or the threshold reaches `upper`, the caller's best length.
/// Memory stays fixed, so it always keeps going; every finished threshold is a proven lower
/// bound (reported through `poll`).
pub fn ida(
    g: &Graph,
    f0: &[u64],
    from: u32,
    upper: u32,
    tt_bytes: usize,
    poll: Poll,
) -> Result<Exact, SearchError> {
    by_width!(
        g,
        ida_w(g, f0, from, upper, tt_bytes, poll),
        Ok(Exact::Full(from, Figures::default()))
    )
}

struct Ida<'a, 'p, const W: usize> {
    sets: Sets<W>,
    keys: Vec<[u64; W]>,
    learned: Vec<u16>,
    mask: usize,
    path: Vec<u8>,
    kids: Vec<Vec<Child<W>>>,
    expanded: u64,
    upper: u32,
    lower: u32,
    stopped: bool,
    found: bool,
    poll: &'a mut (dyn FnMut(u64, u32) -> Option<u32> + 'p),
}

impl<const W: usize> Ida<'_, '_, W> {
    #[inline]
    fn slot(&self, f: &[u64; W]) -> usize {
        hash(f) as usize & self.mask
    }

    fn learned(&self, f: &[u64; W]) -> u32 {
        let s = self.slot(f);
        if self.keys[s] == *f {
            u32::from(self.learned[s])
        } else {
            0
        }
    }

    fn learn(&mut self, f: &[u64; W], h: u32) {
        let s = self.slot(f);
        if self.keys[s] == *f {
            self.learned[s] = self.learned[s].max(h as u16);
        } else {
            self.keys[s] = *f;
            self.learned[s] = h as u16;
        }
    }

    /// Searches below `f` (with frontier `n`, exact bound `h`, `g` moves made) for a solution
    /// within `t` moves in all; returns a lower bound on the moves still needed from `f`.
    fn dfs(&mut self, f: &[u64; W], n: &[u64; W], g: u32, h: u32, t: u32) -> u32 {
        if is_zero(n) {
            self.found = true;
            return 0;
        }
        if g + h > t {
            return h;
        }
        self.expanded += 1;
        if self.expanded & 4095 == 0 {
            match (self.poll)(self.expanded, self.lower) {
                None => self.stopped = true,
                Some(u) => self.upper = self.upper.min(u),
            }
            // A solution as short as the threshold proves itself optimal: stop this round.
            if self.upper <= t {
                self.stopped = true;
            }
        }
        if self.stopped {
            return h;
        }
        let depth = g as usize;
        if self.kids.len() <= depth {
            self.kids.resize_with(depth + 1, Vec::new);
        }
        let mut kids = std::mem::take(&mut self.kids[depth]);
        self.sets.children(f, n, None, &mut kids);
        // Each child's bound: Puchert's, what the table learned, and the parent's less one.
        let mut order: Vec<(u32, u32, usize)> = kids
            .iter()
            .enumerate()
            .map(|(i, k)| {
                // Only bounds that fit under the threshold need be exact (`bound_upto`).
                let cap = t.saturating_sub(g + 1);
                let hb = self
                    .sets
                    .bound_upto(&k.f, &k.n, cap)
                    .0
                    .max(self.learned(&k.f))
                    .max(h.saturating_sub(1));
                (hb, u32::MAX - self.sets.cells(&k.added), i)
            })
            .collect();
        order.sort_unstable();
        let mut best = u32::MAX;
        for &(ch, _, i) in &order {
            if g + 1 + ch > t {
                best = best.min(1 + ch);
                continue;
            }
            self.path.push(kids[i].colour);
            let (cf, cn) = (kids[i].f, kids[i].n);
            let r = self.dfs(&cf, &cn, g + 1, ch, t);
            if self.found {
                self.kids[depth] = kids;
                return 1 + r;
            }
            self.path.pop();
            if self.stopped {
                self.kids[depth] = kids;
                return h;
            }
            best = best.min(1 + r);
        }
        self.kids[depth] = kids;
        let lb = best.max(h);
        self.learn(f, lb);
        lb
    }
}

fn ida_w<const W: usize>(
    g: &Graph,
    f0s: &[u64],
    from: u32,
    upper: u32,
    tt_bytes: usize,
    poll: Poll,
) -> Result<Exact, SearchError> {
    let sets = Sets::<W>::of(g);
    let f0: [u64; W] = arr(f0s);
    let n0 = sets.frontier(&f0);
    let h0 = sets.bound(&f0, &n0);
    let entries = (tt_bytes / (8 * W + 2)).max(1024).next_power_of_two() / 2;
    let mut s = Ida {
        sets,
        keys: vec![[0u64; W]; entries],
        learned: vec![0u16; entries],
        mask: entries - 1,
        path: Vec::new(),
        kids: Vec::new(),
        expanded: 0,
        upper,
        lower: from.max(h0),
        stopped: false,
        found: false,
        poll,
    };
    loop {
        let t = s.lower;
        if t >= s.upper {
            let stored = s.keys.iter().filter(|k| !is_zero(k)).count();
            return Ok(Exact::NothingBelow(s.upper, Figures { expanded: s.expanded, stored }));
        }
        let h = h0.max(s.learned(&f0));
        let r = s.dfs(&f0, &n0, 0, h, t);
        if s.found {
            let stored = s.keys.iter().filter(|k| !is_zero(k)).count();
            return Ok(Exact::Found(
                std::mem::take(&mut s.path),
                Figures { expanded: s.expanded, stored },
            ));
        }
        if s.stopped {
            if s.upper <= t {
                s.stopped = false;
                continue;
            }
            return Err(SearchError::Stopped);
        }
        // Nothing within t moves: r > t is proven.
        s.lower = r.max(t + 1);
        match (s.poll)(s.expanded, s.lower) {
            None => return Err(SearchError::Stopped),
            Some(u) => s.upper = s.upper.min(u),
        }
    }
}

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
