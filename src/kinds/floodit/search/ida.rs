//! IDA* with a transposition table that keeps the best lower bound learned for each position.

use super::common::*;

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
