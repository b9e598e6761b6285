//! Rank 3, region shapes and squeezes: every placement of a unit's missing stars.

use super::*;

impl State<'_> {
    pub(super) fn shapes(&self) -> R {
        let b = self.b;
        let n = b.n;
        let need = self.needs();
        let open = self.open_bits();
        let units = b.units.len();
        // Units with little room, which a placement must leave room in.
        let tight_units: Vec<usize> =
            (0..units).filter(|&u| need[u] > 0 && self.open[u] as usize <= need[u] + 3).collect();
        // Regions first, then rows and columns.
        let order = (2 * n..units).chain(0..2 * n);
        for u in order {
            let s = need[u];
            let o = self.open[u] as usize;
            if s == 0 || o > SHAPES_OPEN_MAX || o <= s {
                continue;
            }
            let cells = self.open_in(&b.units[u]);
            if cells.len() > SHAPES_OPEN_MAX || cells.len() <= s {
                continue;
            }
            match self.placements(u, s, &cells, &need, &open, &tight_units) {
                Err(()) => {
                    return Err(self.broken(cells.clone(), || {
                        format!(
                            "{} has no way to place its {} without breaking a rule",
                            b.unit_name(u),
                            stars_word(s)
                        )
                    }));
                }
                Ok(None) => {}
                Ok(Some((always, ever, outside, count))) => {
                    let mut changes: Vec<Change> = Vec::new();
                    for (j, &i) in cells.iter().enumerate() {
                        if always >> j & 1 == 1 {
                            changes.push((i, Cell::Star));
                        } else if ever >> j & 1 == 0 {
                            changes.push((i, Cell::Empty));
                        }
                    }
                    for i in 0..n * n {
                        if bit(&outside, i) {
                            changes.push((i, Cell::Empty));
                        }
                    }
                    if changes.is_empty() {
                        continue;
                    }
                    changes.sort_unstable_by_key(|c| c.0);
                    let rule = if u >= 2 * n { "Region shape" } else { "Squeeze" };
                    let reasons = if self.words { cells.clone() } else { vec![] };
                    let name = b.unit_name(u);
                    let mut d = self.deduction(rule, SHAPES, changes.clone(), reasons, || vec![name.clone()], || {
                        let stars: Vec<usize> = changes.iter().filter(|c| c.1 == Cell::Star).map(|c| c.0).collect();
                        let empties: Vec<usize> = changes.iter().filter(|c| c.1 == Cell::Empty).map(|c| c.0).collect();
                        let ways = if count == 1 { "there is only one way to place them without breaking a rule".to_string() } else { format!("there are {count} ways to place them without breaking a rule") };
                        let mut s = format!("{} needs {}, and {ways}.", capitalise(&name), more_stars(s));
                        if !stars.is_empty() {
                            s += &format!(" Every one of them puts a star at {}.", cells_words(n, &stars));
                        }
                        if !empties.is_empty() {
                            s += &format!(
                                " Wherever they go, they leave {} empty (next to one of {name}'s stars, or in a row, column or region they fill): {}.",
                                if empties.len() == 1 { "this cell" } else { "these cells" },
                                cells_words(n, &empties)
                            );
                        }
                        s
                    });
                    if self.words {
                        d.figures.push(Figure { label: name.clone(), cells: b.units[u].clone() });
                    }
                    return Ok(Some(d));
                }
            }
        }
        Ok(None)
    }

    /// Every placement of `s` stars in the open `cells` of unit `u`: the cells in all of them,
    /// the cells in any, the cells outside the unit every placement empties, and how many there
    /// are; `Ok(None)` when there are more than [`PLACEMENTS_MAX`]; `Err` when there is none.
    #[allow(clippy::type_complexity)]
    pub(super) fn placements(
        &self,
        u: usize,
        s: usize,
        cells: &[usize],
        need: &[usize],
        open: &[u64],
        tight_units: &[usize],
    ) -> Result<Option<(u64, u64, Bits, usize)>, ()> {
        let b = self.b;
        let m = cells.len();
        // Conflicts inside the unit.
        let conflict: Vec<u64> = (0..m)
            .map(|a| {
                (0..m)
                    .filter(|&c| c != a && b.adjacent(cells[a], cells[c]))
                    .fold(0u64, |x, c| x | 1u64 << c)
            })
            .collect();
        let units_of: Vec<[Option<usize>; 3]> = cells.iter().map(|&i| b.units_of(i)).collect();
        // The open cells outside the unit.
        let mut outside_open: Bits = open.to_vec();
        for &i in cells {
            outside_open[i >> 6] &= !(1u64 << (i & 63));
        }
        // What a placement can empty outside the unit: its cells' neighbours and the other lines
        // and regions through them. A nearly full unit apart from all that keeps all its room
        // in every placement (and has no star of it): checked once here, not per placement.
        let mut reach: Bits = vec![0u64; b.words];
        for (j, &i) in cells.iter().enumerate() {
            let (lo, hi) = b.nb_words[i];
            for (w, x) in reach[lo..=hi].iter_mut().zip(&b.nb_bits[i][lo..=hi]) {
                *w |= x;
            }
            for v in units_of[j].iter().flatten().filter(|&&v| v != u) {
                let (lo, hi) = b.unit_words[*v];
                for (w, x) in reach[lo..=hi].iter_mut().zip(&b.unit_bits[*v][lo..=hi]) {
                    *w |= x;
                }
            }
        }
        let mut near_units: Vec<usize> = Vec::with_capacity(tight_units.len());
        for &v in tight_units.iter().filter(|&&v| v != u) {
            let (lo, hi) = b.unit_words[v];
            let bits = &b.unit_bits[v][lo..=hi];
            if bits.iter().zip(&reach[lo..=hi]).any(|(x, r)| x & r != 0) {
                near_units.push(v);
                continue;
            }
            let room: u32 =
                bits.iter().zip(&outside_open[lo..=hi]).map(|(x, o)| (x & o).count_ones()).sum();
            if (room as usize) < need[v] {
                // Every placement would leave it without room.
                return Err(());
            }
        }
        let tight_units = &near_units[..];
        let mut always = u64::MAX;
        let mut ever = 0u64;
        let mut inter: Option<Bits> = None;
        let mut count = 0usize;
        let mut counts = vec![0usize; b.units.len()];
        let mut stack: Vec<usize> = Vec::with_capacity(s);
        let mut cover: Bits = vec![0u64; b.words];
        // Depth-first over the cells in order.
        let mut too_many = false;
        #[allow(clippy::too_many_arguments)]
        fn rec(
            at: usize,
            s: usize,
            m: usize,
            u: usize,
            cells: &[usize],
            conflict: &[u64],
            units_of: &[[Option<usize>; 3]],
            need: &[usize],
            chosen: u64,
            stack: &mut Vec<usize>,
            counts: &mut Vec<usize>,
            visit: &mut dyn FnMut(u64, &[usize], &[usize]) -> bool,
        ) -> bool {
            if stack.len() == s {
                return visit(chosen, stack, counts);
            }
            if m - at < s - stack.len() {
                return true;
            }
            for j in at..m {
                if m - j < s - stack.len() {
                    break;
                }
                if chosen & conflict[j] != 0 {
                    continue;
                }
                let us = units_of[j];
                if us.iter().flatten().any(|&v| v != u && counts[v] + 1 > need[v]) {
                    continue;
                }
                for v in us.iter().flatten() {
                    counts[*v] += 1;
                }
                stack.push(j);
                let go = rec(
                    j + 1,
                    s,
                    m,
                    u,
                    cells,
                    conflict,
                    units_of,
                    need,
                    chosen | 1u64 << j,
                    stack,
                    counts,
                    visit,
                );
                stack.pop();
                for v in us.iter().flatten() {
                    counts[*v] -= 1;
                }
                if !go {
                    return false;
                }
            }
            true
        }
        let mut visit = |chosen: u64, stack: &[usize], counts: &[usize]| -> bool {
            // What this placement empties outside the unit: its stars' neighbours and the rest
            // of the lines and regions it fills.
            // (Only the words each set of bits has cells in.)
            cover.iter_mut().for_each(|w| *w = 0);
            for &j in stack {
                let (lo, hi) = b.nb_words[cells[j]];
                for (w, x) in cover[lo..=hi].iter_mut().zip(&b.nb_bits[cells[j]][lo..=hi]) {
                    *w |= x;
                }
                for v in units_of[j].iter().flatten() {
                    if *v != u && counts[*v] == need[*v] {
                        let (lo, hi) = b.unit_words[*v];
                        for (w, x) in cover[lo..=hi].iter_mut().zip(&b.unit_bits[*v][lo..=hi]) {
                            *w |= x;
                        }
                    }
                }
            }
            for (w, x) in cover.iter_mut().zip(&outside_open) {
                *w &= x;
            }
            // A nearly full unit must keep room for what it needs.
            for &v in tight_units {
                if v == u {
                    continue;
                }
                // The placement's stars in v (`counts` counts them for every set they are in).
                let placed = counts[v];
                if placed >= need[v] {
                    continue;
                }
                let mut room = 0usize;
                let (lo, hi) = b.unit_words[v];
                let words = cover[lo..=hi].iter().zip(&outside_open[lo..=hi]);
                for (x, (c, o)) in b.unit_bits[v][lo..=hi].iter().zip(words) {
                    room += (x & o & !c).count_ones() as usize;
                }
                if placed + room < need[v] {
                    return true;
                }
            }
            count += 1;
            if count > PLACEMENTS_MAX {
                too_many = true;
                return false;
            }
            always &= chosen;
            ever |= chosen;
            match &mut inter {
                None => inter = Some(cover.clone()),
                Some(acc) => {
                    for (a, c) in acc.iter_mut().zip(&cover) {
                        *a &= c;
                    }
                }
            }
            true
        };
        rec(0, s, m, u, cells, &conflict, &units_of, need, 0, &mut stack, &mut counts, &mut visit);
        if too_many {
            return Ok(None);
        }
        match inter {
            None => Err(()),
            Some(outside) => Ok(Some((always, ever, outside, count))),
        }
    }
}
