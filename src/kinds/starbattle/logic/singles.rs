//! Rank 0, singles: a star's neighbours, full rows, columns and regions, just enough room.

use super::*;

impl State<'_> {
    /// A star's open neighbours are empty (two touching stars break the rules).
    #[inline(never)]
    pub(super) fn neighbours(&self) -> R {
        let n = self.b.n;
        // The stars in reading order, on the rows' bits: the first one with an open or a star
        // neighbour is the one the rule speaks of. Those seen without are dropped from `loud`.
        let mut loud = self.loud.borrow_mut();
        for r in 0..n {
            let mut stars = loud[r];
            while stars != 0 {
                let c = stars.trailing_zeros() as usize;
                stars &= stars - 1;
                let around = 7u64 << c >> 1;
                let near = (r.saturating_sub(1)..=(r + 1).min(n - 1)).fold(0u64, |x, rr| {
                    let star = if rr == r {
                        self.star_rows[rr] & !(1u64 << c)
                    } else {
                        self.star_rows[rr]
                    };
                    x | (self.open_rows[rr] | star) & around
                });
                if near != 0 {
                    drop(loud);
                    return self.star_neighbours(r * n + c);
                }
                loud[r] &= !(1u64 << c);
            }
        }
        Ok(None)
    }

    /// The deduction (or the broken rule) about the neighbours of the star at `i`, which has an
    /// open or a star neighbour.
    fn star_neighbours(&self, i: usize) -> R {
        let n = self.b.n;
        let mut open = Vec::new();
        for &j in &self.b.nbrs[i] {
            match self.cells[j] {
                Cell::Open => open.push(j),
                Cell::Star => {
                    return Err(self.broken(vec![i.min(j), i.max(j)], || {
                        format!(
                            "the stars at {} and {} touch",
                            cell_words(n, i.min(j)),
                            cell_words(n, i.max(j))
                        )
                    }))
                }
                Cell::Empty => {}
            }
        }
        if !open.is_empty() {
            let count = open.len();
            let changes = open.into_iter().map(|j| (j, Cell::Empty)).collect();
            return Ok(Some(self.deduction("Neighbours of a star", SINGLES, changes, vec![i], || vec![format!("star at {}", cell_words(n, i))], || {
                if count == 1 {
                    format!("Stars never touch, not even diagonally, so the open cell next to the star at {} is empty.", cell_words(n, i))
                } else {
                    format!("Stars never touch, not even diagonally, so the {count} open cells next to the star at {} are empty.", cell_words(n, i))
                }
            })));
        }
        Ok(None)
    }

    /// A full unit's other cells are empty; a unit with just enough room fills it.
    #[inline(never)]
    pub(super) fn counts(&self) -> R {
        let k = self.b.k;
        for (u, unit) in self.b.units.iter().enumerate() {
            let (stars, n_open) = (self.stars[u] as usize, self.open[u] as usize);
            if (stars < k && stars + n_open > k) || (stars == k && n_open == 0) {
                continue;
            }
            let open = self.open_in(unit);
            if stars > k {
                return Err(self.broken(
                    unit.iter().copied().filter(|&i| self.cells[i] == Cell::Star).collect(),
                    || format!("{} holds {stars} stars, more than {k}", self.b.unit_name(u)),
                ));
            }
            if stars + open.len() < k {
                return Err(self.broken(unit.clone(), || {
                    format!(
                        "{} has room for only {} of its {}",
                        self.b.unit_name(u),
                        stars + open.len(),
                        stars_word(k)
                    )
                }));
            }
            if open.is_empty() {
                continue;
            }
            let reasons = || {
                unit.iter().copied().filter(|&i| self.cells[i] == Cell::Star).collect::<Vec<_>>()
            };
            let name = || self.b.unit_name(u);
            if stars == k {
                let count = open.len();
                let changes = open.into_iter().map(|i| (i, Cell::Empty)).collect();
                return Ok(Some(self.deduction("Full line or region", SINGLES, changes, if self.words { reasons() } else { vec![] }, || vec![name()], || {
                    if count == 1 {
                        format!("{} has all its {} already, so its last open cell is empty.", capitalise(&name()), stars_word(k))
                    } else {
                        format!("{} has all its {} already, so its other {count} open cells are empty.", capitalise(&name()), stars_word(k))
                    }
                })));
            }
            if stars + open.len() == k {
                let missing = k - stars;
                let count = open.len();
                let changes = open.into_iter().map(|i| (i, Cell::Star)).collect();
                return Ok(Some(self.deduction("Just enough room", SINGLES, changes, if self.words { reasons() } else { vec![] }, || vec![name()], || {
                    if count == 1 {
                        format!("{} needs one more star and has only one open cell left, so the star goes there.", capitalise(&name()))
                    } else {
                        format!("{} needs {} and has exactly {count} open cells left, so each of them holds a star.", capitalise(&name()), more_stars(missing))
                    }
                })));
            }
        }
        Ok(None)
    }
}
