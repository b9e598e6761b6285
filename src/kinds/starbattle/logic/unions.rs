//! Rank 4, counting over unions: a band of consecutive lines against a set of regions.
//!
//! Let X be a band of consecutive rows (or columns) and Y a set of regions. A star of Y inside
//! X counts once for X and once for Y, so the stars X still needs less those Y still needs are
//! the open cells of X outside Y (call them A) less the open cells of Y outside X (B):
//! `stars(A) = need(X) - need(Y) + stars(B)`. When the difference E = need(X) - need(Y) is at
//! least 0, A holds at least E stars; when A can hold at most E (it fits in E 2x2 blocks, or its
//! lines or regions need only E more), B is empty and every part of A is full. When E is
//! negative the same holds with A and B swapped. This is how people solve 17x17 and 21x21
//! boards: the band of rows against the regions that lie mostly inside it.
//!
//! The bound splits the cells into parts (by pairs of lines, single lines, or regions), each
//! holding at most the smaller of the 2x2 blocks it fits in and the stars its lines or region
//! still need; the smallest of these sums is the bound.

use super::*;

/// One 2x2 block of a cover: its top-left corner and the open cells it holds.
#[derive(Debug, Clone)]
struct Blk {
    r: usize,
    c: usize,
    cells: [usize; 4],
    len: usize,
}

impl Blk {
    fn open(&self) -> &[usize] {
        &self.cells[..self.len]
    }
}

/// How a part's bound is met when the whole bound is exact.
#[derive(Debug, Clone)]
struct Part {
    /// The part's open cells.
    cells: Vec<usize>,
    /// The most stars it can hold.
    cap: usize,
    /// Its 2x2 cover (each window holds one star when the cover is the cap).
    windows: Vec<Blk>,
    /// The lines (direction, bits) or the region the part lies in, and their need.
    lines: Option<(bool, u64)>,
    region: Option<usize>,
    need: usize,
}

/// The most regions partly inside a band that are tried with it (bounds the time on big boards).
const VARIANTS_PARTIAL: usize = 6;
/// Pairs of regions partly inside a band are tried among the first this many.
const PAIRS_OF: usize = 3;

impl State<'_> {
    /// A cover of `cells` by 2x2 windows, smallest of a few greedy orders (any cover bounds
    /// the stars: a window holds at most one).
    fn cover(&self, cells: &[usize]) -> Vec<Blk> {
        let n = self.b.n;
        let rc = |i: usize| (i / n, i % n);
        let (mut r0, mut r1, mut c0, mut c1) = (usize::MAX, 0, usize::MAX, 0);
        for &i in cells {
            let (r, c) = rc(i);
            r0 = r0.min(r);
            r1 = r1.max(r);
            c0 = c0.min(c);
            c1 = c1.max(c);
        }
        let mut best: Vec<Blk> = Vec::new();
        let mut tries: Vec<Vec<Blk>> = Vec::new();
        // Within two rows (or two columns): the greedy along the strip is the smallest.
        if r1 <= r0 + 1 {
            let top = r0.min(n.saturating_sub(2));
            let mut v = cells.to_vec();
            v.sort_unstable_by_key(|&i| (i % n, i / n));
            tries.push(strip(&v, |i| i % n, |c| (top, c)));
        }
        if c1 <= c0 + 1 {
            let left = c0.min(n.saturating_sub(2));
            let mut v = cells.to_vec();
            v.sort_unstable();
            tries.push(strip(&v, |i| i / n, |r| (r, left)));
        }
        if tries.is_empty() {
            let mut by_row = cells.to_vec();
            by_row.sort_unstable();
            let mut by_col = cells.to_vec();
            by_col.sort_unstable_by_key(|&i| (i % n, i / n));
            for (order, shift) in
                [(&by_row, (0, 0)), (&by_row, (0, 1)), (&by_col, (0, 0)), (&by_col, (1, 0))]
            {
                let mut ws: Vec<Blk> = Vec::new();
                for &i in order.iter() {
                    let (r, c) = rc(i);
                    if let Some(w) =
                        ws.iter_mut().find(|w| r >= w.r && r <= w.r + 1 && c >= w.c && c <= w.c + 1)
                    {
                        w.cells[w.len] = i;
                        w.len += 1;
                        continue;
                    }
                    let wr = if r >= shift.0 { r - shift.0 } else { r };
                    let wc = if c >= shift.1 { c - shift.1 } else { c };
                    ws.push(Blk { r: wr, c: wc, cells: [i, 0, 0, 0], len: 1 });
                }
                tries.push(ws);
            }
        }
        for t in tries {
            if best.is_empty() || t.len() < best.len() {
                best = t;
            }
        }
        best
    }

    /// Each split's cap on the stars of `cells` (in the order of [`SPLITS`]), counted on bits:
    /// exact for the splits by lines (the greedy cover of one or two lines is the smallest), a
    /// lower bound for the split by regions (a block holds at most four of a region's cells).
    fn quick_caps<'a>(&self, cells: impl Iterator<Item = &'a usize>, need: &[usize]) -> [usize; 7] {
        let b = self.b;
        let n = b.n;
        let mut row = [0u64; 64];
        let mut col = [0u64; 64];
        let cover = pair_cover;
        // The cells come region by region: each region's rows and columns as bits, for a lower
        // bound on its cover (a block covers cells of one even row, in two columns; the same
        // for odd rows and for columns).
        let mut regions = 0usize;
        let mut g_rows = [0u64; 64];
        let mut g_cols = [0u64; 64];
        let mut g_at: Option<usize> = None;
        let mut g_count = 0usize;
        let mut close = |g: usize, rows: &mut [u64; 64], cols: &mut [u64; 64], count: usize| {
            let mut lb = count.div_ceil(4);
            for masks in [&*rows, &*cols] {
                let (mut even, mut odd) = (0, 0);
                for (l, &m) in masks.iter().enumerate().take(n) {
                    if m != 0 {
                        if l % 2 == 0 {
                            even += cover(m);
                        } else {
                            odd += cover(m);
                        }
                    }
                }
                lb = lb.max(even).max(odd);
            }
            regions += lb.min(need[2 * n + g]);
            rows[..n].iter_mut().for_each(|x| *x = 0);
            cols[..n].iter_mut().for_each(|x| *x = 0);
        };
        for &i in cells {
            let (r, c) = (i / n, i % n);
            row[r] |= 1u64 << c;
            col[c] |= 1u64 << r;
            let g = b.region[i].unwrap_or(0);
            if g_at != Some(g) {
                if let Some(h) = g_at {
                    close(h, &mut g_rows, &mut g_cols, g_count);
                }
                g_at = Some(g);
                g_count = 0;
            }
            g_rows[r] |= 1u64 << c;
            g_cols[c] |= 1u64 << r;
            g_count += 1;
        }
        if let Some(h) = g_at {
            close(h, &mut g_rows, &mut g_cols, g_count);
        }
        let single = |masks: &[u64], base: usize| -> usize {
            (0..n).filter(|&l| masks[l] != 0).map(|l| cover(masks[l]).min(need[base + l])).sum()
        };
        let pair = |masks: &[u64], base: usize, shift: usize| -> usize {
            let mut t = 0;
            let mut l = 0;
            while l < n {
                let hi = if l == 0 && shift == 1 { 0 } else { (l + 1).min(n - 1) };
                let m = (l..=hi).fold(0u64, |x, y| x | masks[y]);
                if m != 0 {
                    t += cover(m).min((l..=hi).map(|x| need[base + x]).sum());
                }
                l = hi + 1;
            }
            t
        };
        [
            pair(&row, 0, 0),
            pair(&row, 0, 1),
            pair(&col, n, 0),
            pair(&col, n, 1),
            single(&row, 0),
            single(&col, n),
            regions,
        ]
    }

    /// The parts of `cells` for one way of splitting them, with their caps.
    fn parts(&self, cells: &[usize], split: Split, need: &[usize]) -> Vec<Part> {
        let b = self.b;
        let n = b.n;
        let key = |i: usize| -> usize {
            match split {
                Split::Lines { by_col, pair, shift } => {
                    let l = if by_col { i % n } else { i / n };
                    if pair {
                        (l + shift) / 2
                    } else {
                        l
                    }
                }
                Split::Regions => b.region[i].unwrap_or(0),
            }
        };
        let mut groups: Vec<(usize, Vec<usize>)> = Vec::new();
        for &i in cells {
            let k = key(i);
            match groups.iter_mut().find(|g| g.0 == k) {
                Some(g) => g.1.push(i),
                None => groups.push((k, vec![i])),
            }
        }
        groups
            .into_iter()
            .map(|(k, cells)| {
                let windows = self.cover(&cells);
                let (lines, region, need) = match split {
                    Split::Lines { by_col, pair, shift } => {
                        let unit = |l: usize| if by_col { n + l } else { l };
                        let set: Vec<usize> = if pair {
                            (0..2)
                                .map(|d| (2 * k + d).wrapping_sub(shift))
                                .filter(|&l| l < n)
                                .collect()
                        } else {
                            vec![k]
                        };
                        let bits = set.iter().fold(0u64, |x, &l| x | 1u64 << l);
                        (Some((by_col, bits)), None, set.iter().map(|&l| need[unit(l)]).sum())
                    }
                    Split::Regions => (None, Some(k), need[2 * n + k]),
                };
                Part { cap: windows.len().min(need), cells, windows, lines, region, need }
            })
            .collect()
    }

    /// The smallest bound on the stars of `cells` over the ways of splitting them.
    fn bound(
        &self,
        cells: &[usize],
        need: &[usize],
        quick: &[usize; 7],
        e: usize,
    ) -> (usize, Vec<Part>) {
        let mut best: Option<(usize, Vec<Part>)> = None;
        for (x, split) in SPLITS.into_iter().enumerate() {
            if quick[x] > e {
                continue;
            }
            // The splits by lines are counted exactly already: the first that fits will do.
            if x < 6 && best.is_some() {
                continue;
            }
            let parts = self.parts(cells, split, need);
            let cap: usize = parts.iter().map(|p| p.cap).sum();
            if best.as_ref().is_none_or(|b| cap < b.0) {
                best = Some((cap, parts));
            }
        }
        best.unwrap_or((usize::MAX, Vec::new()))
    }

    pub(super) fn unions(&self) -> R {
        let b = self.b;
        let n = b.n;
        if n < 6 || n > 64 {
            return Ok(None);
        }
        let need = self.needs();
        let nr = b.n_regions;
        // Each region's open cells by row (bit c: column c).
        let mut ro = vec![0u64; nr * n];
        for (g, (first, last, rows)) in b.region_rows.iter().enumerate() {
            for r in *first..=*last {
                ro[g * n + r] = rows[r] & self.open_rows[r];
            }
        }
        let mut in_by: Vec<Vec<usize>> = vec![Vec::new(); nr];
        let mut out_by: Vec<Vec<usize>> = vec![Vec::new(); nr];
        let mut variants: Vec<u64> = Vec::new();
        // Each region's open cells per line, summed from line 0 (`pre[g * (n + 1) + l]`: lines
        // before l).
        let mut pre = vec![0usize; nr * (n + 1)];
        let mut per_line = vec![0usize; n];
        let mut inside_rows = [0u64; 64];
        let mut ym = [0u64; 64];
        let stars_total: usize = (0..n).map(|r| self.stars[r] as usize).sum();
        let mut seen = self.unions_seen.borrow_mut();
        if seen.len() != 2 * n * n {
            seen.clear();
            seen.resize(2 * n * n, 0);
        }
        for by_col in [false, true] {
            let line = |i: usize| if by_col { i % n } else { i / n };
            let line_unit = |l: usize| if by_col { n + l } else { l };
            for g in 0..nr {
                per_line.iter_mut().for_each(|x| *x = 0);
                for r in 0..n {
                    let mut m = ro[g * n + r];
                    if by_col {
                        while m != 0 {
                            per_line[m.trailing_zeros() as usize] += 1;
                            m &= m - 1;
                        }
                    } else {
                        per_line[r] = m.count_ones() as usize;
                    }
                }
                for l in 0..n {
                    pre[g * (n + 1) + l + 1] = pre[g * (n + 1) + l] + per_line[l];
                }
            }
            for m in 1..n {
                for a in 0..=n - m {
                    let e = a + m - 1;
                    let lines: u64 = ((1u64 << m) - 1) << a;
                    let need_x: usize = (a..=e).map(|l| need[line_unit(l)]).sum();
                    if need_x == 0 {
                        continue;
                    }
                    let counts = |g: usize| {
                        let at = g * (n + 1);
                        let inn = pre[at + e + 1] - pre[at + a];
                        (inn, pre[at + n] - inn)
                    };
                    // Nothing found here before, and nothing it rests on changed since (cells only
                    // get decided: the same counts are the same cells): still nothing.
                    let touched: u64 =
                        (0..nr).filter(|&g| counts(g).0 > 0).fold(0, |x, g| x | 1u64 << g);
                    let print = {
                        let band_open: usize =
                            (a..=e).map(|l| self.open[line_unit(l)] as usize).sum();
                        let regions_open: usize = (0..nr)
                            .filter(|&g| touched >> g & 1 == 1)
                            .map(|g| self.open[2 * n + g] as usize)
                            .sum();
                        1 + ((stars_total as u64) << 40
                            | (band_open as u64) << 20
                            | regions_open as u64)
                    };
                    let slot = (usize::from(by_col) * n + a) * n + m;
                    if seen[slot] == print {
                        continue;
                    }
                    if touched == 0 {
                        seen[slot] = print; // no open cell in the band
                        continue;
                    }
                    // A band weighed costs one unit of the work left (see `work_left`); with none
                    // left the look stops here, finding nothing (sound, and no band is marked).
                    if !self.spend(1) {
                        return Ok(None);
                    }

                    let inside: u64 = (0..nr)
                        .filter(|&g| matches!(counts(g), (i, 0) if i > 0))
                        .fold(0, |x, g| x | 1u64 << g);
                    let mut partial: Vec<usize> = (0..nr)
                        .filter(|&g| matches!(counts(g), (i, o) if i > 0 && o > 0))
                        .collect();
                    // Mostly inside first.
                    partial.sort_by_key(|&g| {
                        let (i, o) = counts(g);
                        (o * 8 / (i + o), g)
                    });
                    let all = partial.iter().fold(inside, |x, &g| x | 1u64 << g);
                    partial.truncate(VARIANTS_PARTIAL);
                    variants.clear();
                    variants.push(inside);
                    for &g in &partial {
                        variants.push(inside | 1u64 << g);
                    }
                    for (x, &g) in partial.iter().enumerate().take(PAIRS_OF) {
                        for &h in &partial[x + 1..PAIRS_OF.min(partial.len())] {
                            variants.push(inside | 1u64 << g | 1u64 << h);
                        }
                    }
                    variants.push(all);
                    // The band's open cells and its mask, row by row; the rows that matter.
                    let mut bm = [0u64; 64];
                    let mut open_band = [0u64; 64];
                    for r in 0..n {
                        bm[r] = if by_col {
                            lines
                        } else if lines >> r & 1 == 1 {
                            u64::MAX
                        } else {
                            0
                        };
                        open_band[r] = self.open_rows[r] & b.in_region[r] & bm[r];
                    }
                    let (y_lo, y_hi) =
                        (0..nr).filter(|&g| touched >> g & 1 == 1).fold((n, 0), |(lo, hi), g| {
                            (lo.min(b.region_rows[g].0), hi.max(b.region_rows[g].1))
                        });
                    inside_rows[..n].iter_mut().for_each(|x| *x = 0);
                    let mut x = inside;
                    while x != 0 {
                        let g = x.trailing_zeros() as usize;
                        x &= x - 1;
                        for r in b.region_rows[g].0..=b.region_rows[g].1 {
                            inside_rows[r] |= ro[g * n + r];
                        }
                    }
                    let mut built = false;
                    for &regs in variants.iter() {
                        if regs == 0 {
                            continue;
                        }
                        ym[y_lo..=y_hi].copy_from_slice(&inside_rows[y_lo..=y_hi]);
                        let mut x = regs & !inside;
                        while x != 0 {
                            let g = x.trailing_zeros() as usize;
                            x &= x - 1;
                            for r in b.region_rows[g].0..=b.region_rows[g].1 {
                                ym[r] |= ro[g * n + r];
                            }
                        }
                        let mut need_y = 0;
                        let mut x = regs;
                        while x != 0 {
                            need_y += need[2 * n + x.trailing_zeros() as usize];
                            x &= x - 1;
                        }
                        let lines_more = need_x >= need_y;
                        let e_diff = need_x.abs_diff(need_y);
                        // The regions with cells in P.
                        let groups = if lines_more { touched & !regs } else { regs & !inside };
                        if !self.may_fit(
                            &ro,
                            &ym,
                            &bm,
                            &open_band,
                            (y_lo, y_hi),
                            groups,
                            lines_more,
                            e_diff,
                            &need,
                        ) {
                            continue;
                        }

                        if !built {
                            built = true;
                            in_by.iter_mut().for_each(Vec::clear);
                            out_by.iter_mut().for_each(Vec::clear);
                            for (i, &c) in self.cells.iter().enumerate() {
                                if c != Cell::Open {
                                    continue;
                                }
                                if let Some(g) = b.region[i] {
                                    if lines >> line(i) & 1 == 1 {
                                        in_by[g].push(i);
                                    } else {
                                        out_by[g].push(i);
                                    }
                                }
                            }
                        }
                        let band = Band { by_col, lines, regs, need_x };
                        if !self.spend(WEIGH_WORK) {
                            return Ok(None);
                        }
                        if let Some(r) = self.weigh(&band, &need, &in_by, &out_by)? {
                            return Ok(Some(r));
                        }
                    }
                    seen[slot] = print;
                }
            }
        }
        Ok(None)
    }

    /// Whether any of [`State::quick_caps`]'s caps on P (the side that must hold `e` more stars)
    /// can be at most `e`, counted on the rows' bits: the splits by lines exactly as there, the
    /// split by regions by a bound no larger than its (a quick necessary test; `weigh` decides).
    #[allow(clippy::too_many_arguments)]
    fn may_fit(
        &self,
        ro: &[u64],
        ym: &[u64; 64],
        bm: &[u64; 64],
        open_band: &[u64; 64],
        (y_lo, y_hi): (usize, usize),
        groups: u64,
        lines_more: bool,
        e: usize,
        need: &[usize],
    ) -> bool {
        let b = self.b;
        let n = b.n;
        let mut pm = [0u64; 64];
        let (mut lo, mut hi) = (n, 0);
        for r in y_lo..=y_hi {
            pm[r] = if lines_more { open_band[r] & !ym[r] } else { ym[r] & !bm[r] };
            if pm[r] != 0 {
                lo = lo.min(r);
                hi = r;
            }
        }
        if lo > hi {
            return true; // no cells: weigh decides
        }
        let cover = pair_cover;
        // The masks hold cells on lines `lo..=hi` only: the pairs and lines outside add nothing.
        let lines_fit = |masks: &[u64; 64], base: usize, lo: usize, hi: usize| -> bool {
            // Pairs from line 0, pairs from line 1 (line 0 alone), single lines.
            for shift in [0usize, 1] {
                let mut t = 0;
                // The pair that holds line lo.
                let mut l = if shift == 0 || lo == 0 { lo & !1 } else { lo - (lo + 1) % 2 };
                while l <= hi && t <= e {
                    let top = if l == 0 && shift == 1 { 0 } else { (l + 1).min(n - 1) };
                    let m = (l..=top).fold(0u64, |x, y| x | masks[y]);
                    if m != 0 {
                        t += cover(m).min((l..=top).map(|x| need[base + x]).sum());
                    }
                    l = top + 1;
                }
                if t <= e {
                    return true;
                }
            }
            let mut t = 0;
            for l in lo..=hi {
                if masks[l] != 0 {
                    t += cover(masks[l]).min(need[base + l]);
                    if t > e {
                        return false;
                    }
                }
            }
            true
        };
        if lines_fit(&pm, 0, lo, hi) {
            return true;
        }
        // By regions: each region's cells in P, at least the blocks its even rows or its odd
        // rows need, and a quarter of its cells.
        let mut t = 0;
        let mut x = groups;
        while x != 0 && t <= e {
            let g = x.trailing_zeros() as usize;
            x &= x - 1;
            let (mut count, mut even, mut odd) = (0, 0, 0);
            for r in lo.max(b.region_rows[g].0)..=hi.min(b.region_rows[g].1) {
                let m = ro[g * n + r] & pm[r];
                if m != 0 {
                    count += m.count_ones() as usize;
                    if r % 2 == 0 {
                        even += cover(m);
                    } else {
                        odd += cover(m);
                    }
                }
            }
            if count > 0 {
                t += count.div_ceil(4).max(even).max(odd).min(need[2 * n + g]);
            }
        }
        if t <= e {
            return true;
        }
        let mut pc = [0u64; 64];
        let mut cols = 0u64;
        for r in lo..=hi {
            let mut m = pm[r];
            cols |= m;
            while m != 0 {
                let c = m.trailing_zeros() as usize;
                m &= m - 1;
                pc[c] |= 1u64 << r;
            }
        }
        lines_fit(&pc, n, cols.trailing_zeros() as usize, 63 - cols.leading_zeros() as usize)
    }

    /// One band against the regions `band.regs`: the deduction when the bound is exact, the
    /// contradiction when it is short.
    fn weigh(&self, band: &Band, need: &[usize], in_by: &[Vec<usize>], out_by: &[Vec<usize>]) -> R {
        let b = self.b;
        let n = b.n;
        let Band { by_col, lines, regs, need_x } = *band;
        let line = |i: usize| if by_col { i % n } else { i / n };
        let in_band = |i: usize| lines >> line(i) & 1 == 1;
        let in_regs = |i: usize| b.region[i].is_some_and(|g| regs >> g & 1 == 1);
        let need_y: usize =
            (0..b.n_regions).filter(|&g| regs >> g & 1 == 1).map(|g| need[2 * n + g]).sum();
        let lines_more = need_x >= need_y;
        let e = need_x.abs_diff(need_y);
        // P (which must hold E more stars than Q): the band's cells outside the regions when
        // the lines need more, the regions' cells outside the band otherwise.
        let p_groups = (0..b.n_regions).filter(|&g| (regs >> g & 1 == 1) != lines_more);
        let quick = self.quick_caps(
            p_groups.flat_map(|g| if lines_more { &in_by[g] } else { &out_by[g] }),
            need,
        );
        if quick.iter().all(|&x| x > e) {
            return Ok(None);
        }
        let mut a_cells: Vec<usize> = Vec::new();
        let mut b_cells: Vec<usize> = Vec::new();
        for g in 0..b.n_regions {
            if regs >> g & 1 == 1 {
                b_cells.extend_from_slice(&out_by[g]);
            } else {
                a_cells.extend_from_slice(&in_by[g]);
            }
        }
        a_cells.sort_unstable();
        b_cells.sort_unstable();
        // P must hold E more stars than Q.
        let lines_more = need_x >= need_y;
        let (p, q) = if lines_more { (&a_cells, &b_cells) } else { (&b_cells, &a_cells) };
        let (cap, parts) = self.bound(p, need, &quick, e);
        let (ls, rg) = (lines_name(by_col, lines), regions_name(regs));
        let p_name = || {
            if lines_more {
                format!("the open cells of {ls} outside {rg}")
            } else {
                format!("the open cells of {rg} outside {ls}")
            }
        };
        if cap < e {
            let mut cells = p.clone();
            cells.extend(q.iter().copied());
            return Err(self.broken(cells, || {
                format!("{} must hold at least {} but can hold only {cap}", p_name(), stars_word(e))
            }));
        }
        if cap > e {
            return Ok(None);
        }
        // Exact: Q is empty, and every part of P holds its cap.
        let mut changes: Vec<Change> = q.iter().map(|&i| (i, Cell::Empty)).collect();
        let mut seen: HashSet<usize> = q.iter().copied().collect();
        let mut full_lines: Vec<(bool, u64)> = Vec::new();
        let mut full_regions: Vec<usize> = Vec::new();
        for part in &parts {
            if part.cap == part.windows.len() {
                for w in &part.windows {
                    let open = w.open();
                    if open.len() == 1 {
                        if seen.insert(open[0]) {
                            changes.push((open[0], Cell::Star));
                        }
                        continue;
                    }
                    for &j in &b.nbrs[open[0]] {
                        if self.cells[j] == Cell::Open
                            && !open.contains(&j)
                            && open.iter().all(|&o| b.adjacent(o, j))
                            && seen.insert(j)
                        {
                            changes.push((j, Cell::Empty));
                        }
                    }
                }
            }
            if part.cap == part.need && part.need > 0 {
                let outside: Vec<usize> = match (part.lines, part.region) {
                    (Some((bc, ls)), _) => {
                        full_lines.push((bc, ls));
                        (0..n * n)
                            .filter(|&i| {
                                let l = if bc { i % n } else { i / n };
                                ls >> l & 1 == 1
                            })
                            .collect()
                    }
                    (_, Some(g)) => {
                        full_regions.push(g);
                        b.units[2 * n + g].clone()
                    }
                    _ => Vec::new(),
                };
                for i in outside {
                    if self.cells[i] == Cell::Open && !part.cells.contains(&i) && seen.insert(i) {
                        changes.push((i, Cell::Empty));
                    }
                }
            }
        }
        if changes.is_empty() {
            return Ok(None);
        }
        // A part at its cap that is both a star and an empty cannot happen in a true state;
        // should it, the rules are broken (caught by the next look).
        changes.sort_unstable_by_key(|c| c.0);
        changes.dedup_by_key(|c| c.0);
        let reasons = if self.words {
            let mut r: Vec<usize> = p.clone();
            r.extend(q.iter().copied());
            r.sort_unstable();
            r
        } else {
            vec![]
        };
        let nr = regs.count_ones() as usize;
        let mut d = self.deduction(
            "Counting rows and regions together",
            UNIONS,
            changes.clone(),
            reasons,
            || vec![ls.clone(), rg.clone()],
            || {
                let nl = lines.count_ones() as usize;
                let verb = |many: usize| if many == 1 { "needs" } else { "need" };
                let (big, small) = if lines_more { (&ls, &rg) } else { (&rg, &ls) };
                let (big_need, small_need) =
                    if lines_more { (need_x, need_y) } else { (need_y, need_x) };
                let (big_many, small_many) = if lines_more { (nl, nr) } else { (nr, nl) };
                let q_name = format!("the open cells of {small} outside {big}");
                let more = if e == 0 {
                    "as many stars as".to_string()
                } else {
                    format!("{} more than", stars_word(e))
                };
                let mut s = format!(
                    "{} {} {} and {small} {} {small_need}; ",
                    capitalise(big),
                    verb(big_many),
                    more_stars(big_need),
                    verb(small_many),
                );
                s += &format!(
                    "a star of {rg} inside {ls} counts for both, so {} hold {more} {q_name}.",
                    p_name()
                );
                let caps: Vec<String> = parts
                    .iter()
                    .map(|part| {
                        let whose = match (part.lines, part.region) {
                            (Some((bc, l)), _) => lines_name(bc, l),
                            (_, Some(g)) => regions_name(1u64 << g),
                            _ => String::new(),
                        };
                        if part.cap == part.windows.len() {
                            let blocks = plural(part.cap, "2x2 block", "2x2 blocks");
                            format!("{}: {} in {}", whose, part.cap, blocks)
                        } else {
                            format!("{}: {} still needed", whose, part.cap)
                        }
                    })
                    .collect();
                s += &format!(
                    " They can hold at most {e}, split by {} ({}).",
                    if parts.first().is_some_and(|p| p.region.is_some()) {
                        "region"
                    } else {
                        "lines"
                    },
                    caps.join("; ")
                );
                s += &format!(" So {q_name} are empty");
                if !parts.iter().any(|p| p.cap == p.windows.len() && p.cap > 0) {
                    s += ".";
                } else {
                    s += ", and each 2x2 block drawn holds exactly one star.";
                }
                let stars: Vec<usize> =
                    changes.iter().filter(|c| c.1 == Cell::Star).map(|c| c.0).collect();
                if !stars.is_empty() {
                    let at = cells_words(n, &stars);
                    s += &format!(" A block with a single open cell has its star there: {at}.");
                }
                if !full_lines.is_empty() || !full_regions.is_empty() {
                    let mut names: Vec<String> =
                        full_lines.iter().map(|&(bc, l)| lines_name(bc, l)).collect();
                    names.extend(full_regions.iter().map(|&g| regions_name(1u64 << g)));
                    let one = names.len() == 1
                        && ["row ", "column ", "region "].iter().any(|w| names[0].starts_with(w));
                    s += &format!(
                        " {} {} missing stars there.",
                        capitalise(&and_list(&names)),
                        if one { "gets all its" } else { "get all their" }
                    );
                }
                let empties: Vec<usize> = changes
                    .iter()
                    .filter(|c| c.1 == Cell::Empty && !q.contains(&c.0))
                    .map(|c| c.0)
                    .collect();
                if !empties.is_empty() {
                    s += &format!(" Also empty: {}.", cells_words(n, &empties));
                }
                s
            },
        );
        if self.words {
            d.figures.push(Figure {
                label: ls.clone(),
                cells: (0..n * n).filter(|&i| in_band(i)).collect(),
            });
            d.figures.push(Figure {
                label: rg.clone(),
                cells: (0..n * n).filter(|&i| in_regs(i)).collect(),
            });
            for part in parts.iter().filter(|p| p.cap == p.windows.len()) {
                for w in &part.windows {
                    let cells = block_cells(n, w.r, w.c);
                    d.figures.push(Figure { label: "2x2 block".into(), cells });
                }
            }
        }
        Ok(Some(d))
    }
}

/// A band of lines and a set of regions to weigh against it.
struct Band {
    by_col: bool,
    lines: u64,
    regs: u64,
    need_x: usize,
}

/// One way of splitting cells into parts for a bound.
#[derive(Debug, Clone, Copy)]
enum Split {
    /// By lines: single (`pair` false) or two at a time starting at line `shift` (0 or 1; with
    /// shift 1, line 0 is alone).
    Lines { by_col: bool, pair: bool, shift: usize },
    /// By regions.
    Regions,
}

const SPLITS: [Split; 7] = [
    Split::Lines { by_col: false, pair: true, shift: 0 },
    Split::Lines { by_col: false, pair: true, shift: 1 },
    Split::Lines { by_col: true, pair: true, shift: 0 },
    Split::Lines { by_col: true, pair: true, shift: 1 },
    Split::Lines { by_col: false, pair: false, shift: 0 },
    Split::Lines { by_col: true, pair: false, shift: 0 },
    Split::Regions,
];

/// The greedy cover of cells sorted along a strip of two lines: `pos` is a cell's place along
/// the strip, `at` the window's corner for a place.
fn strip(
    cells: &[usize],
    pos: impl Fn(usize) -> usize,
    at: impl Fn(usize) -> (usize, usize),
) -> Vec<Blk> {
    let mut ws: Vec<Blk> = Vec::new();
    let mut last: Option<usize> = None;
    for &i in cells {
        let p = pos(i);
        if let Some(l) = last {
            if p <= l + 1 {
                let w = ws.last_mut().expect("a window");
                w.cells[w.len] = i;
                w.len += 1;
                continue;
            }
        }
        let (r, c) = at(p);
        ws.push(Blk { r, c, cells: [i, 0, 0, 0], len: 1 });
        last = Some(p);
    }
    ws
}

/// The fewest runs of two adjacent bits that cover the set bits of `m` (greedy from the lowest:
/// the 2x2 blocks one line, or one pair of lines, needs for the cells `m` marks).
/// Counted on every run of set bits at once: each round takes the first two bits of each run.
fn pair_cover(mut m: u64) -> usize {
    let mut c = 0;
    while m != 0 {
        let starts = m & !(m << 1);
        c += starts.count_ones() as usize;
        m &= !(starts | starts << 1);
    }
    c
}
