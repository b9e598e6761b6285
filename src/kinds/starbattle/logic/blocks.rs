//! 2x2 blocks: in a row, column, region or pair of lines (rank 1), and in a band less its regions (rank 2).

use super::*;

/// The first of two columns side by side when the cells of rows `lo..=hi` in `mask(row)` lie in
/// them, as on a pair of columns (judged by the first and last rows with cells): each window is
/// then put on those two columns, where it covers both cells of a row. Anchored at a cell's own
/// column, a window on the right-hand one would reach outside the pair and cover fewer cells.
fn column_pair(lo: usize, hi: usize, mask: &dyn Fn(usize) -> u64) -> Option<usize> {
    let first = (lo..=hi).find(|&r| mask(r) != 0)?;
    let last = (first..=hi).rev().find(|&r| mask(r) != 0)?;
    let set = mask(first);
    let t = set.trailing_zeros();
    (first < last && t < 63 && set == 3u64 << t && mask(last) == set).then_some(t as usize)
}

impl State<'_> {
    /// Covers the open cells of rows `lo..=hi` in `mask(row)` by 2x2 windows, taking the cells in
    /// reading order, each window anchored at an uncovered cell (as the window's top-left
    /// corner, or its top-right when `right`); a cell joins the last window made that covers
    /// it. Gives up past `need` windows (returns `need + 1`).
    pub(super) fn windows(
        &self,
        lo: usize,
        hi: usize,
        mask: &dyn Fn(usize) -> u64,
        need: usize,
        right: bool,
        out: &mut Vec<Window>,
    ) -> usize {
        out.clear();
        let pair = column_pair(lo, hi, mask);
        for r in lo..=hi {
            let mut m = self.open_rows[r] & mask(r);
            while m != 0 {
                let c = m.trailing_zeros() as usize;
                m &= m - 1;
                // Only the windows anchored on this row or the one above (the last ones made)
                // can hold this cell.
                if let Some(w) = out
                    .iter_mut()
                    .rev()
                    .take_while(|w| w.r + 1 >= r)
                    .find(|w| (r == w.r || r == w.r + 1) && (c == w.c || c == w.c + 1))
                {
                    w.rows[r - w.r] |= 1u64 << c;
                    continue;
                }
                if out.len() == need {
                    return need + 1;
                }
                // Anchored at its top-right corner, the window holds columns c - 1 and c; on a
                // pair of columns, on those two.
                let c0 = match pair {
                    Some(p) if p == c || p + 1 == c => p,
                    _ if right && c > 0 => c - 1,
                    _ => c,
                };
                out.push(Window { r, c: c0, rows: [1u64 << c, 0] });
            }
        }
        out.len()
    }

    /// The open cells of rows `lo..=hi` in `mask(row)`, in reading order.
    fn open_cells(&self, lo: usize, hi: usize, mask: &dyn Fn(usize) -> u64) -> Vec<usize> {
        let n = self.b.n;
        let mut v = Vec::new();
        for r in lo..=hi {
            let mut m = self.open_rows[r] & mask(r);
            while m != 0 {
                v.push(r * n + m.trailing_zeros() as usize);
                m &= m - 1;
            }
        }
        v
    }

    /// The rows of unit `u` (or pair of lines `q`) and its cells in each row as bits.
    fn set_rows(&self, u: Option<usize>, q: Option<usize>) -> (usize, usize, Rows<'_>) {
        let n = self.b.n;
        match (u, q) {
            (Some(u), _) if u < n => (u, u, Rows::All),
            (Some(u), _) if u < 2 * n => (0, n - 1, Rows::Same(1u64 << (u - n))),
            (Some(u), _) => {
                let (lo, hi, rows) = &self.b.region_rows[u - 2 * n];
                (*lo, *hi, Rows::Region(rows))
            }
            (_, Some(q)) if q + 1 < n => (q, q + 1, Rows::All),
            (_, Some(q)) => (0, n - 1, Rows::Same(3u64 << (q + 1 - n))),
            _ => (1, 0, Rows::All),
        }
    }

    /// Whether [`State::windows`] over unit `u` (or pair of lines `q`) makes more than `need`
    /// windows from the left and, where [`State::block_count`] tries it, from the right too:
    /// then 2x2 blocks find nothing there. Counted row by row on bits: in reading order, a cell
    /// gets a window unless one anchored on its row or the row above covers its column.
    #[cfg(test)]
    pub(super) fn more_windows(&self, u: Option<usize>, q: Option<usize>, need: usize) -> bool {
        self.first_fit(u, q, need).is_none()
    }

    /// The first way [`State::block_count`] covers unit `u` (or pair of lines `q`) in at most
    /// `need` windows (`Some(false)` from the left, `Some(true)` from the right: the left one
    /// has more), or `None` ([`State::more_windows`]).
    fn first_fit(&self, u: Option<usize>, q: Option<usize>, need: usize) -> Option<bool> {
        let n = self.b.n;
        let all = u64::MAX;
        match (u, q) {
            (Some(u), _) if u < n => self.more_windows_in(u, u, true, need, |_| all),
            (Some(u), _) if u < 2 * n => {
                self.more_windows_in(0, n - 1, true, need, |_| 1u64 << (u - n))
            }
            (Some(u), _) => {
                let (lo, hi, rows) = &self.b.region_rows[u - 2 * n];
                self.more_windows_in(*lo, *hi, false, need, |r| rows[r])
            }
            (_, Some(q)) if q + 1 < n => self.more_windows_in(q, q + 1, false, need, |_| all),
            (_, Some(q)) => self.more_windows_in(0, n - 1, false, need, |_| 3u64 << (q + 1 - n)),
            _ => None,
        }
    }

    /// [`State::first_fit`] over the cells of rows `lo..=hi` in `mask(row)` (a single `line`:
    /// from the left only).
    #[inline(never)]
    fn more_windows_in(
        &self,
        lo: usize,
        hi: usize,
        line: bool,
        need: usize,
        mask: impl Fn(usize) -> u64,
    ) -> Option<bool> {
        for right in [false, true] {
            if right && line {
                break;
            }
            let mut count = 0usize;
            let mut above = 0u64;
            let pair = column_pair(lo, hi, &mask);
            for r in lo..=hi {
                let mut m = self.open_rows[r] & mask(r) & !above;
                let mut here = 0u64;
                while m != 0 {
                    let c = m.trailing_zeros();
                    let w = match pair {
                        Some(p) if p == c as usize || p + 1 == c as usize => 3u64 << p,
                        _ if right && c > 0 => 3u64 << (c - 1),
                        _ => 3u64 << c,
                    };
                    count += 1;
                    here |= w;
                    m &= !w;
                }
                if count > need {
                    break;
                }
                above = here;
            }
            if count <= need {
                return Some(right);
            }
        }
        None
    }

    /// The rows of the cells of lines `a..=e` (rows, or columns when `by_col`) outside the
    /// regions `regs` (and inside some region), and those cells of each row as bits.
    fn band_rows(
        &self,
        by_col: bool,
        a: usize,
        e: usize,
        regs: u64,
    ) -> (usize, usize, impl Fn(usize) -> u64 + '_) {
        let b = self.b;
        let cols = if by_col { ((1u64 << (e + 1 - a)) - 1) << a } else { u64::MAX };
        let (lo, hi) = if by_col { (0, b.n - 1) } else { (a, e) };
        let mask = move |r: usize| {
            let mut inside = 0u64;
            let mut g = regs;
            while g != 0 {
                inside |= b.region_rows[g.trailing_zeros() as usize].2[r];
                g &= g - 1;
            }
            cols & b.in_region[r] & !inside
        };
        (lo, hi, mask)
    }

    #[inline(never)]
    pub(super) fn blocks(&self) -> R {
        // The windows' buffer is the state's, kept from one look to the next.
        let mut ws = std::mem::take(&mut *self.windows_buf.borrow_mut());
        let found = self.blocks_live(&mut ws);
        *self.windows_buf.borrow_mut() = ws;
        found
    }

    fn blocks_live(&self, ws: &mut Vec<Window>) -> R {
        // Only the sets that need stars and whose open cells fit in as many windows as that
        // (`live`: a window holds at most two open cells of a row or column, four of anything
        // else; with more open cells, more windows than stars are needed), in order.
        for (word, &bits) in self.live.iter().enumerate() {
            let mut bits = bits & !self.blocks_done.borrow()[word];
            while bits != 0 {
                let x = word * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if let Some(d) = self.blocks_in(x, ws)? {
                    return Ok(Some(d));
                }
            }
        }
        Ok(None)
    }

    /// 2x2 blocks in counted set `x` (a unit, or `units.len()` + a pair of lines), which is live.
    fn blocks_in(&self, x: usize, ws: &mut Vec<Window>) -> R {
        let b = self.b;
        let n = b.n;
        let units = b.units.len();
        let (u, q, cap) =
            if x < units { (Some(x), None, b.k) } else { (None, Some(x - units), 2 * b.k) };
        let stars = self.stars[x] as usize;
        let done = |st: &Self| st.blocks_done.borrow_mut()[x >> 6] |= 1u64 << (x & 63);
        if self.blocks_done.borrow()[x >> 6] >> (x & 63) & 1 == 1 {
            return Ok(None);
        }
        // Most sets are covered by more windows than they need stars: counted on the rows'
        // bits, the same count as `windows` makes, without listing the windows.
        let Some(from) = self.first_fit(u, q, cap - stars) else {
            done(self);
            return Ok(None);
        };
        let name = || match (u, q) {
            (Some(u), _) => b.unit_name(u),
            (_, Some(q)) => b.pair_name(q),
            _ => String::new(),
        };
        let rule = if q.is_some() { "2x2 blocks across two lines" } else { "2x2 blocks" };
        let (lo, hi, rows) = self.set_rows(u, q);
        let d = self.block_count(
            (lo, hi, &|r| rows.mask(r)),
            cap - stars,
            rule,
            BLOCKS,
            &name,
            q.is_some(),
            "",
            x < 2 * n,
            Some(from),
            ws,
        )?;
        if d.is_none() {
            done(self);
        }
        Ok(d)
    }

    /// 2x2 blocks over the cells of rows `lo..=hi` in `mask(row)`, which need `need` more
    /// stars: fewer blocks than that breaks the rules; exactly as many puts a star in a block
    /// with one open cell and empties a cell next to every open cell of a block. `why` (words)
    /// says where the count comes from.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn block_count(
        &self,
        (lo, hi, mask): (usize, usize, &dyn Fn(usize) -> u64),
        need: usize,
        rule: &'static str,
        rank: u8,
        name: &dyn Fn() -> String,
        many: bool,
        why: &str,
        line: bool,
        from: Option<bool>,
        ws: &mut Vec<Window>,
    ) -> R {
        let b = self.b;
        let n = b.n;
        let open: u32 = (lo..=hi).map(|r| (self.open_rows[r] & mask(r)).count_ones()).sum();
        if open as usize > 4 * need {
            return Ok(None);
        }
        let mut found = false;
        let mut fewest = usize::MAX;
        // On a single row or column the greedy cover from the left is the smallest; elsewhere
        // windows anchored at their top-right corner are tried too.
        // `from`: the caller counted the covers and knows the first that fits (see
        // `first_fit`); from the right, the cover from the left has more than `need` windows.
        for right in [false, true] {
            if right && line {
                break;
            }
            if !right && from == Some(true) {
                continue;
            }
            let len = self.windows(lo, hi, mask, need, right, ws);
            fewest = fewest.min(len);
            if len == need {
                found = true;
                break;
            }
        }
        if fewest < need {
            let open = self.open_cells(lo, hi, mask);
            return Err(self.broken(open, || format!("the open cells of {} fit in {fewest} 2x2 blocks of at most one star each, fewer than the {} {} {}", name(), stars_word(need), if many { "they" } else { "it" }, if many { "need" } else { "needs" })));
        }
        if !found {
            return Ok(None);
        }
        // Each window holds exactly one star among its open cells.
        let mut changes: Vec<Change> = Vec::new();
        let seen = |changes: &[Change], i: usize| changes.iter().any(|c| c.0 == i);
        for w in ws.iter() {
            if w.rows[0].count_ones() + w.rows[1].count_ones() == 1 {
                let (dr, bits) = if w.rows[0] != 0 { (0, w.rows[0]) } else { (1, w.rows[1]) };
                let i = (w.r + dr) * n + bits.trailing_zeros() as usize;
                if !seen(&changes, i) {
                    changes.push((i, Cell::Star));
                }
                continue;
            }
            // Cells next to every open cell of the window (in reading order), row by row: the
            // columns next to every open cell of each of its rows, in the rows next to both.
            let near = |bits: u64| {
                let mut x = u64::MAX;
                let mut m = bits;
                while m != 0 {
                    x &= 7u64 << m.trailing_zeros() >> 1;
                    m &= m - 1;
                }
                x
            };
            let cols = [near(w.rows[0]), near(w.rows[1])];
            for rr in w.r.saturating_sub(1)..(w.r + 3).min(n) {
                let mut x = self.open_rows[rr];
                for (dr, &bits) in w.rows.iter().enumerate() {
                    if bits != 0 {
                        x &= if rr.abs_diff(w.r + dr) <= 1 { cols[dr] } else { 0 };
                    }
                }
                if (w.r..w.r + 2).contains(&rr) {
                    x &= !w.rows[rr - w.r];
                }
                while x != 0 {
                    let j = rr * n + x.trailing_zeros() as usize;
                    x &= x - 1;
                    if !seen(&changes, j) {
                        changes.push((j, Cell::Empty));
                    }
                }
            }
        }
        if changes.is_empty() {
            return Ok(None);
        }
        changes.sort_unstable_by_key(|c| c.0);
        let reasons = if self.words { self.open_cells(lo, hi, mask) } else { vec![] };
        // The sentence's copy of the changes (the solver's states make no sentence).
        let told = if self.words { changes.clone() } else { Vec::new() };
        let mut d = self.deduction(rule, rank, changes, reasons, || vec![name()], || {
            let changes = told;
            let stars: Vec<usize> = changes.iter().filter(|c| c.1 == Cell::Star).map(|c| c.0).collect();
            let empties: Vec<usize> = changes.iter().filter(|c| c.1 == Cell::Empty).map(|c| c.0).collect();
            let mut s = format!(
                "{why}{} {} {}, and {} open cells fit into just {} 2x2 {} (drawn). A 2x2 block holds at most one star, so each block holds exactly one.",
                capitalise(&name()),
                if many { "need" } else { "needs" },
                more_stars(need),
                if many { "their" } else { "its" },
                need,
                if need == 1 { "block" } else { "blocks" },
            );
            if !stars.is_empty() {
                s += &format!(" A block with a single open cell has its star there: {}.", cells_words(n, &stars));
            }
            if !empties.is_empty() {
                s += &format!(" A cell that touches every open cell of a block would touch that block's star, so it is empty: {}.", cells_words(n, &empties));
            }
            s
        });
        if self.words {
            for w in ws.iter() {
                d.figures
                    .push(Figure { label: "2x2 block".into(), cells: block_cells(n, w.r, w.c) });
            }
        }
        Ok(Some(d))
    }

    /// Confinement with 2x2 blocks: a band of up to [`BAND_MAX`] consecutive rows (or columns)
    /// minus the regions lying wholly inside it needs a known number of stars (the band's
    /// missing stars less the regions'); its open cells are then counted in 2x2 blocks.
    #[inline(never)]
    pub(super) fn band_blocks(&self) -> R {
        let b = self.b;
        let n = b.n;
        let need = self.needs();
        let mut ws: Vec<Window> = Vec::new();
        for by_col in [false, true] {
            let line_unit = |l: usize| if by_col { n + l } else { l };
            // Each region's span of lines over its cells that are not empty.
            let mut lo = vec![usize::MAX; b.n_regions];
            let mut hi = vec![0usize; b.n_regions];
            for (g, (first, last, rows)) in b.region_rows.iter().enumerate() {
                let mut span = 0u64;
                for r in *first..=*last {
                    let x = rows[r] & (self.open_rows[r] | self.star_rows[r]);
                    if x != 0 {
                        span |= if by_col { x } else { 1u64 << r };
                    }
                }
                if span != 0 {
                    lo[g] = span.trailing_zeros() as usize;
                    hi[g] = 63 - span.leading_zeros() as usize;
                }
            }
            for m in 2..=BAND_MAX.min(n.saturating_sub(1)) {
                for a in 0..=n - m {
                    let e = a + m - 1;
                    let mut regs = 0u64;
                    let mut in_need = 0usize;
                    let mut count = 0usize;
                    for g in 0..b.n_regions {
                        if lo[g] >= a && hi[g] <= e {
                            regs |= 1u64 << g;
                            in_need += need[2 * n + g];
                            count += 1;
                        }
                    }
                    if count == 0 {
                        continue;
                    }
                    let band_need: usize = (a..=e).map(|l| need[line_unit(l)]).sum();
                    if in_need >= band_need {
                        continue; // confinement's case
                    }
                    // Most bands' other cells need more windows than stars: counted on bits.
                    let (lo, hi, mask) = self.band_rows(by_col, a, e, regs);
                    let Some(from) =
                        self.more_windows_in(lo, hi, false, band_need - in_need, &mask)
                    else {
                        continue;
                    };
                    let lines = ((1u64 << m) - 1) << a;
                    let inside = vec![(); count];
                    let name = || format!("the other cells of {}", lines_name(by_col, lines));
                    let why = if self.words {
                        format!(
                            "{} {} inside {}, and {} need {} than {} {}. ",
                            capitalise(&regions_name(regs)),
                            if inside.len() == 1 { "lies" } else { "lie" },
                            lines_name(by_col, lines),
                            lines_name(by_col, lines),
                            more_stars(band_need - in_need),
                            if inside.len() == 1 { "it" } else { "they" },
                            if inside.len() == 1 { "does" } else { "do" },
                        )
                    } else {
                        String::new()
                    };
                    if let Some(d) = self.block_count(
                        (lo, hi, &mask),
                        band_need - in_need,
                        "Confinement with 2x2 blocks",
                        CONFINEMENT,
                        &name,
                        true,
                        &why,
                        false,
                        Some(from),
                        &mut ws,
                    )? {
                        return Ok(Some(d));
                    }
                }
            }
        }
        Ok(None)
    }
}

/// The cells of a unit or pair of lines in each row, as bits (see [`State::set_rows`]).
enum Rows<'a> {
    /// Every cell of the row.
    All,
    /// The same columns in every row.
    Same(u64),
    /// A region's cells by row.
    Region(&'a [u64]),
}

impl Rows<'_> {
    fn mask(&self, r: usize) -> u64 {
        match self {
            Rows::All => u64::MAX,
            Rows::Same(m) => *m,
            Rows::Region(rows) => rows[r],
        }
    }
}

#[cfg(test)]
mod tests;
