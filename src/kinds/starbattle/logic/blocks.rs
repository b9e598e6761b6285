//! 2x2 blocks: in a row, column, region or pair of lines (rank 1), and in a band less its regions (rank 2).

use super::*;

impl State<'_> {
    /// Covers the open cells of `unit` by 2x2 windows, each anchored at an uncovered cell (as the
    /// window's top-left corner, or its top-right when `right`), giving up past `need` windows.
    pub(super) fn windows(
        &self,
        unit: &[usize],
        need: usize,
        right: bool,
        out: &mut Vec<Window>,
    ) -> usize {
        out.clear();
        for &i in unit {
            if self.cells[i] != Cell::Open {
                continue;
            }
            let (r, c) = self.b.at[i];
            let (r, c) = (r as usize, c as usize);
            // The cells come in reading order, so only the windows anchored on this row or the
            // one above (the last ones made) can hold this cell.
            if let Some(w) = out
                .iter_mut()
                .rev()
                .take_while(|w| w.r + 1 >= r)
                .find(|w| (r == w.r || r == w.r + 1) && (c == w.c || c == w.c + 1))
            {
                w.cells[w.len] = i;
                w.len += 1;
                continue;
            }
            if out.len() == need {
                return need + 1;
            }
            // Anchored at its top-right corner, the window holds columns c - 1 and c.
            let c0 = if right && c > 0 { c - 1 } else { c };
            out.push(Window { r, c: c0, cells: [i, 0, 0, 0], len: 1 });
        }
        out.len()
    }

    /// Whether [`State::windows`] over unit `u` (or pair of lines `q`) makes more than `need`
    /// windows from the left and, where [`State::block_count`] tries it, from the right too:
    /// then 2x2 blocks find nothing there. Counted row by row on bits: in reading order, a cell
    /// gets a window unless one anchored on its row or the row above covers its column.
    pub(super) fn more_windows(&self, u: Option<usize>, q: Option<usize>, need: usize) -> bool {
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
            _ => false,
        }
    }

    /// [`State::more_windows`] over the cells of rows `lo..=hi` in `mask(row)` (a single
    /// `line`: from the left only).
    #[inline(never)]
    fn more_windows_in(
        &self,
        lo: usize,
        hi: usize,
        line: bool,
        need: usize,
        mask: impl Fn(usize) -> u64,
    ) -> bool {
        for right in [false, true] {
            if right && line {
                break;
            }
            let mut count = 0usize;
            let mut above = 0u64;
            for r in lo..=hi {
                let mut m = self.open_rows[r] & mask(r) & !above;
                let mut here = 0u64;
                while m != 0 {
                    let c = m.trailing_zeros();
                    let w = if right && c > 0 { 3u64 << (c - 1) } else { 3u64 << c };
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
                return false;
            }
        }
        true
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
        let b = self.b;
        let mut ws: Vec<Window> = Vec::new();
        let units = b.units.iter().enumerate().map(|(u, unit)| (unit, b.k, Some(u), None));
        let pairs = b.pairs.iter().enumerate().map(|(q, unit)| (unit, 2 * b.k, None, Some(q)));
        for (x, (unit, cap, u, q)) in units.chain(pairs).enumerate() {
            let (stars, open) = (self.stars[x] as usize, self.open[x] as usize);
            if stars >= cap || self.blocks_seen.borrow()[x] == self.open[x] + 1 {
                continue;
            }
            // A window holds at most two open cells of a row or column, four of anything else:
            // with more open cells than that, more windows than stars are needed.
            let per = if u.is_some_and(|u| u < 2 * b.n) { 2 } else { 4 };
            if open > per * (cap - stars) {
                continue;
            }
            // Most sets are covered by more windows than they need stars: counted on the rows'
            // bits, the same count as `windows` makes, without listing the windows.
            if self.more_windows(u, q, cap - stars) {
                self.blocks_seen.borrow_mut()[x] = self.open[x] + 1;
                continue;
            }
            let name = || match (u, q) {
                (Some(u), _) => b.unit_name(u),
                (_, Some(q)) => b.pair_name(q),
                _ => String::new(),
            };
            let rule = if q.is_some() { "2x2 blocks across two lines" } else { "2x2 blocks" };
            match self.block_count(
                unit,
                cap - stars,
                rule,
                BLOCKS,
                &name,
                q.is_some(),
                "",
                u.is_some_and(|u| u < 2 * b.n),
                &mut ws,
            )? {
                Some(d) => return Ok(Some(d)),
                None => self.blocks_seen.borrow_mut()[x] = self.open[x] + 1,
            }
        }
        Ok(None)
    }

    /// 2x2 blocks over `cells`, which need `need` more stars: fewer blocks than that breaks
    /// the rules; exactly as many puts a star in a block with one open cell and empties a cell
    /// next to every open cell of a block. `why` (words) says where the count comes from.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn block_count(
        &self,
        cells: &[usize],
        need: usize,
        rule: &'static str,
        rank: u8,
        name: &dyn Fn() -> String,
        many: bool,
        why: &str,
        line: bool,
        ws: &mut Vec<Window>,
    ) -> R {
        let b = self.b;
        let n = b.n;
        if cells.iter().filter(|&&i| self.cells[i] == Cell::Open).count() > 4 * need {
            return Ok(None);
        }
        let mut found = false;
        let mut fewest = usize::MAX;
        // On a single row or column the greedy cover from the left is the smallest; elsewhere
        // windows anchored at their top-right corner are tried too.
        for right in [false, true] {
            if right && line {
                break;
            }
            let len = self.windows(cells, need, right, ws);
            fewest = fewest.min(len);
            if len == need {
                found = true;
                break;
            }
        }
        if fewest < need {
            let open = self.open_in(cells);
            return Err(self.broken(open, || format!("the open cells of {} fit in {fewest} 2x2 blocks of at most one star each, fewer than the {} {} {}", name(), stars_word(need), if many { "they" } else { "it" }, if many { "need" } else { "needs" })));
        }
        if !found {
            return Ok(None);
        }
        // Each window holds exactly one star among its open cells.
        let mut changes: Vec<Change> = Vec::new();
        let seen = |changes: &[Change], i: usize| changes.iter().any(|c| c.0 == i);
        for w in ws.iter() {
            let open = w.open();
            if open.len() == 1 {
                if !seen(&changes, open[0]) {
                    changes.push((open[0], Cell::Star));
                }
                continue;
            }
            // Cells next to every open cell of the window.
            for &j in &b.nbrs[open[0]] {
                if self.cells[j] == Cell::Open
                    && !open.contains(&j)
                    && open.iter().all(|&o| b.adjacent(o, j))
                    && !seen(&changes, j)
                {
                    changes.push((j, Cell::Empty));
                }
            }
        }
        if changes.is_empty() {
            return Ok(None);
        }
        changes.sort_unstable_by_key(|c| c.0);
        let reasons = if self.words { self.open_in(cells) } else { vec![] };
        let mut d = self.deduction(rule, rank, changes.clone(), reasons, || vec![name()], || {
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
                let mut cells = Vec::new();
                for rr in w.r..(w.r + 2).min(n) {
                    for cc in w.c..(w.c + 2).min(n) {
                        cells.push(rr * n + cc);
                    }
                }
                d.figures.push(Figure { label: "2x2 block".into(), cells });
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
        let mut rest: Vec<usize> = Vec::new();
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
                    if self.more_windows_in(lo, hi, false, band_need - in_need, mask) {
                        continue;
                    }
                    rest.clear();
                    if by_col {
                        for r in 0..n {
                            rest.extend(
                                (r * n + a..=r * n + e)
                                    .filter(|&i| b.region[i].is_some_and(|g| regs >> g & 1 == 0)),
                            );
                        }
                    } else {
                        rest.extend(
                            (a * n..(e + 1) * n)
                                .filter(|&i| b.region[i].is_some_and(|g| regs >> g & 1 == 0)),
                        );
                    }
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
                        &rest,
                        band_need - in_need,
                        "Confinement with 2x2 blocks",
                        CONFINEMENT,
                        &name,
                        true,
                        &why,
                        false,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    /// A small xorshift generator, so the boards are the same on every run.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, m: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % m as u64) as usize
        }
    }

    /// Random boards (scattered regions, a few cells outside every region) and random cells,
    /// some reached by writes from an earlier state: the quick count on bits says "more
    /// windows than needed" exactly when `windows` itself makes more, from the left and (off a
    /// single line) from the right; and the neighbours rule names the first star, in reading
    /// order, with an open or a star neighbour.
    #[test]
    fn bits_agree_with_the_cells() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        for round in 0..300 {
            let n = 4 + rng.below(22);
            let labels: Vec<Option<u32>> = (0..n * n)
                .map(|i| match i {
                    i if i < n => Some(i as u32),
                    _ if rng.below(30) == 0 => None,
                    _ => Some(rng.below(n) as u32),
                })
                .collect();
            let grid = Grid::from_cells(n, n, labels).expect("n by n");
            let p = StarBattle::new(grid, 1 + rng.below(6)).expect("n regions");
            let b = Board::new(&p);
            let pick = |rng: &mut Rng| match rng.below(10) {
                0 | 1 => Cell::Star,
                2..=4 => Cell::Empty,
                _ => Cell::Open,
            };
            let mut cells = b.start();
            if round % 2 == 0 {
                for c in cells.iter_mut().filter(|c| **c == Cell::Open) {
                    *c = pick(&mut rng);
                }
            }
            let mut st = State::new(&b, cells, true);
            if round % 2 == 1 {
                let changes: Vec<Change> = (0..n * n)
                    .filter(|&i| st.cells[i] == Cell::Open)
                    .map(|i| (i, pick(&mut rng)))
                    .collect();
                st.write(&changes);
            }
            let fresh = State::new(&b, st.cells.clone(), false);
            assert_eq!((&st.open_rows, &st.star_rows), (&fresh.open_rows, &fresh.star_rows));
            let mut ws = Vec::new();
            let sets = b.units.iter().enumerate().map(|(u, c)| (Some(u), None, c));
            let pairs = b.pairs.iter().enumerate().map(|(q, c)| (None, Some(q), c));
            for (u, q, unit) in sets.chain(pairs) {
                let line = u.is_some_and(|u| u < 2 * n);
                for need in 1..=12 {
                    let left = st.windows(unit, need, false, &mut ws);
                    let right = if line { need + 1 } else { st.windows(unit, need, true, &mut ws) };
                    let more = left > need && right > need;
                    assert_eq!(st.more_windows(u, q, need), more, "n {n} unit {u:?} pair {q:?}");
                }
            }
            // The bands of 2x2 blocks: the other cells of two or three lines, less some regions.
            for (by_col, m) in [(false, 2), (true, 2), (false, 3), (true, 3)] {
                let a = rng.below(n + 1 - m);
                let e = a + m - 1;
                let regs = (0..n).fold(0u64, |x, g| x | ((rng.below(3) == 0) as u64) << g);
                let line = |i: usize| if by_col { i % n } else { i / n };
                let rest: Vec<usize> = (0..n * n)
                    .filter(|&i| (a..=e).contains(&line(i)))
                    .filter(|&i| b.region[i].is_some_and(|g| regs >> g & 1 == 0))
                    .collect();
                let (lo, hi, mask) = st.band_rows(by_col, a, e, regs);
                for need in 1..=12 {
                    let left = st.windows(&rest, need, false, &mut ws);
                    let right = st.windows(&rest, need, true, &mut ws);
                    let more = left > need && right > need;
                    assert_eq!(st.more_windows_in(lo, hi, false, need, &mask), more, "n {n} band");
                }
            }
            let first = (0..n * n).find(|&i| {
                st.cells[i] == Cell::Star && b.nbrs[i].iter().any(|&j| st.cells[j] != Cell::Empty)
            });
            let found = match st.neighbours() {
                Ok(Some(d)) => Some(d.reasons[0]),
                Err(broken) => Some(broken.cells[0]),
                Ok(None) => None,
            };
            match (first, found) {
                (None, None) => {}
                (Some(i), Some(at)) => {
                    // The star itself, or (two touching stars) the smaller of the two.
                    let j = b.nbrs[i].iter().copied().find(|&j| st.cells[j] == Cell::Star);
                    assert_eq!(at, j.map_or(i, |j| i.min(j)), "n {n}");
                }
                other => panic!("n {n}: the first star with a neighbour {other:?}"),
            }
        }
    }
}
