//! The graph of same-coloured regions (components) the solvers work on, with bitsets of components.
//!
//! Two cells are in one component when they are orthogonally connected through cells of one
//! colour. Adjacent components always differ in colour, so one move with colour `c` adds to
//! the flood exactly the `c`-components adjacent to it: one step on this graph is one move.

use super::FloodIt;

/// A component graph with each component's colour, neighbours, and bitset masks.
#[derive(Debug, Clone)]
pub struct Graph {
    /// Number of components.
    pub n: usize,
    /// Number of colours (as on the board).
    pub k: usize,
    /// 64-bit words per bitset.
    pub words: usize,
    /// The component of every cell.
    pub comp_of: Vec<u32>,
    /// The colour of every component.
    pub colour: Vec<u8>,
    /// Neighbouring components of every component.
    pub adj: Vec<Vec<u32>>,
    /// Neighbours as bitsets, `words` words per component.
    pub adj_bits: Vec<u64>,
    /// Components of each colour as bitsets, `words` words per colour.
    pub colour_bits: Vec<u64>,
    /// The component holding the start cell.
    pub start: usize,
    /// Cells per component.
    pub size: Vec<u32>,
}

impl Graph {
    /// Builds the graph of `board`'s components, numbered in order of first cell.
    pub fn of(board: &FloodIt) -> Graph {
        let cells = board.cells();
        let n_cells = cells.len();
        let mut comp_of = vec![u32::MAX; n_cells];
        let mut colour = Vec::new();
        let mut size = Vec::new();
        let mut stack = Vec::new();
        for s in 0..n_cells {
            if comp_of[s] != u32::MAX {
                continue;
            }
            let id = colour.len() as u32;
            colour.push(cells[s]);
            comp_of[s] = id;
            stack.push(s);
            let mut count = 0;
            while let Some(i) = stack.pop() {
                count += 1;
                for j in board.neighbours(i) {
                    if comp_of[j] == u32::MAX && cells[j] == cells[s] {
                        comp_of[j] = id;
                        stack.push(j);
                    }
                }
            }
            size.push(count);
        }
        let n = colour.len();
        let words = n.div_ceil(64).max(1);
        let mut adj: Vec<Vec<u32>> = vec![Vec::new(); n];
        let mut adj_bits = vec![0u64; n * words];
        for i in 0..n_cells {
            let a = comp_of[i] as usize;
            for j in board.neighbours(i) {
                let b = comp_of[j] as usize;
                if a != b && !bit(&adj_bits[a * words..(a + 1) * words], b) {
                    set(&mut adj_bits[a * words..(a + 1) * words], b);
                    adj[a].push(b as u32);
                }
            }
        }
        let k = board.n_colours();
        let mut colour_bits = vec![0u64; k * words];
        for (v, &c) in colour.iter().enumerate() {
            set(&mut colour_bits[c as usize * words..(c as usize + 1) * words], v);
        }
        Graph {
            n,
            k,
            words,
            start: comp_of[board.start()] as usize,
            comp_of,
            colour,
            adj,
            adj_bits,
            colour_bits,
            size,
        }
    }

    /// The neighbour bitset of component `v`.
    pub fn adj_of(&self, v: usize) -> &[u64] {
        &self.adj_bits[v * self.words..(v + 1) * self.words]
    }

    /// The bitset of components of colour `c`.
    pub fn colour_set(&self, c: usize) -> &[u64] {
        &self.colour_bits[c * self.words..(c + 1) * self.words]
    }

    /// Breadth-first distances (in component steps) from the start component.
    pub fn distances_from_start(&self) -> Vec<u32> {
        let mut dist = vec![u32::MAX; self.n];
        let mut queue = std::collections::VecDeque::new();
        dist[self.start] = 0;
        queue.push_back(self.start);
        while let Some(v) = queue.pop_front() {
            for &u in &self.adj[v] {
                if dist[u as usize] == u32::MAX {
                    dist[u as usize] = dist[v] + 1;
                    queue.push_back(u as usize);
                }
            }
        }
        dist
    }
}

/// Whether bit `i` is set.
#[inline]
pub fn bit(set: &[u64], i: usize) -> bool {
    set[i >> 6] >> (i & 63) & 1 == 1
}

/// Sets bit `i`.
#[inline]
pub fn set(set: &mut [u64], i: usize) {
    set[i >> 6] |= 1 << (i & 63);
}

/// Calls `f` with the index of every set bit, in increasing order.
#[inline]
pub fn for_each_bit(set: &[u64], mut f: impl FnMut(usize)) {
    for (w, &word) in set.iter().enumerate() {
        let mut x = word;
        while x != 0 {
            f(w * 64 + x.trailing_zeros() as usize);
            x &= x - 1;
        }
    }
}
