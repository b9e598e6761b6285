//! The exact search's shared parts: how a search ends, its figures, memory budgets, the lower
//! bound, the positions' sets and the chunked store (the searches in [`super::astar`],
//! [`super::ida`] and [`super::beam`] use them, and nothing here uses those).

pub(super) use super::super::graph::{for_each_bit, set, Graph};

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

pub(super) fn arr<const W: usize>(s: &[u64]) -> [u64; W] {
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
pub(super) struct Node {
    pub(super) parent: u32,
    pub(super) g: u16,
    pub(super) mv: u8,
    /// A lower bound on the moves still needed: the parent's less one until the position's own
    /// count ran, then what the count proved (Puchert's bound, or more than the cap it stopped at).
    pub(super) h: u16,
    /// Whether the position's own count ran.
    pub(super) counted: bool,
}

#[inline]
pub(super) fn hash<const W: usize>(words: &[u64; W]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for &x in words {
        h = (h ^ x).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        h ^= h >> 29;
    }
    h
}

#[inline]
pub(super) fn is_zero<const W: usize>(a: &[u64; W]) -> bool {
    a.iter().all(|&x| x == 0)
}

/// The graph's bitsets as fixed-width arrays, so the inner loops unroll.
pub(super) struct Sets<const W: usize> {
    /// Every component.
    pub(super) all: [u64; W],
    /// Neighbours of every component, padded with empty sets to `W * 64` entries.
    pub(super) adj: Vec<[u64; W]>,
    pub(super) colour: Vec<[u64; W]>,
    pub(super) size: Vec<u32>,
}

/// One move from a position: the colour, the new flood and frontier, and whether it opened
/// new components.
pub(super) struct Child<const W: usize> {
    pub(super) colour: u8,
    pub(super) f: [u64; W],
    pub(super) n: [u64; W],
    /// Components the move added.
    pub(super) added: [u64; W],
}

impl<const W: usize> Sets<W> {
    pub(super) fn of(g: &Graph) -> Self {
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
    pub(super) fn or_adj(&self, x: &[u64; W], into: &mut [u64; W]) {
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

    pub(super) fn frontier(&self, f: &[u64; W]) -> [u64; W] {
        let mut n = [0u64; W];
        self.or_adj(f, &mut n);
        for i in 0..W {
            n[i] &= !f[i];
        }
        n
    }

    pub(super) fn cells(&self, x: &[u64; W]) -> u32 {
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
    pub(super) fn bound(&self, f: &[u64; W], n: &[u64; W]) -> u32 {
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
    pub(super) fn bound_upto(&self, f: &[u64; W], n: &[u64; W], cap: u32) -> (u32, bool) {
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
    pub(super) fn children(
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
pub(super) struct Buckets {
    pub(super) by_f: Vec<Vec<Vec<u32>>>,
    pub(super) min_f: usize,
}

impl Buckets {
    pub(super) fn push(&mut self, f: usize, g: usize, id: u32) {
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

    pub(super) fn pop(&mut self) -> Option<(u32, u16, u32)> {
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
pub(super) struct Store<const W: usize> {
    pub(super) chunks: Vec<Vec<([u64; W], [u64; W], Node)>>,
    pub(super) len: usize,
}

pub(super) const CHUNK: usize = 1 << 16;

impl<const W: usize> Store<W> {
    pub(super) fn push(&mut self, f: [u64; W], n: [u64; W], node: Node) -> u32 {
        if self.len % CHUNK == 0 {
            self.chunks.push(Vec::with_capacity(CHUNK));
        }
        self.chunks.last_mut().expect("a chunk").push((f, n, node));
        self.len += 1;
        (self.len - 1) as u32
    }

    #[inline]
    pub(super) fn get(&self, id: u32) -> &([u64; W], [u64; W], Node) {
        &self.chunks[id as usize / CHUNK][id as usize % CHUNK]
    }

    #[inline]
    pub(super) fn node(&mut self, id: u32) -> &mut Node {
        &mut self.chunks[id as usize / CHUNK][id as usize % CHUNK].2
    }
}
