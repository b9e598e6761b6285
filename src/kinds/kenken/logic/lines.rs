//! The rules over lines: naked and hidden pairs to quads (hard), line sums and X-wings to jellyfish (extreme).

use super::*;

impl KenKenLogic<'_> {
    /// Naked and hidden pairs, triples and quads in a line, smallest first.
    pub(super) fn subsets(&mut self) -> Rule {
        let n = self.n;
        const NAMES: [&str; 5] = ["", "", "pair", "triple", "quad"];
        const NAKED: [&str; 5] = ["", "", "Naked pair", "Naked triple", "Naked quad"];
        const HIDDEN: [&str; 5] = ["", "", "Hidden pair", "Hidden triple", "Hidden quad"];
        for size in 2..=4usize {
            for l in 0..2 * n {
                let open = self.open_in(l);
                if open.len() <= size {
                    continue;
                }
                // Naked: `size` cells whose candidates together are `size` digits.
                let small: Vec<usize> = open
                    .iter()
                    .copied()
                    .filter(|&c| self.dom[c].count_ones() as usize <= size)
                    .collect();
                let doms: Vec<Domain> = small.iter().map(|&c| self.dom[c]).collect();
                let naked = first_pick(&doms, size, &mut |pick, union| {
                    let cells: Vec<usize> = pick.iter().map(|&i| small[i]).collect();
                    // Something to remove: another open cell of the line holds one of them.
                    if !open.iter().any(|c| !cells.contains(c) && self.dom[*c] & union != 0) {
                        return None;
                    }
                    let changes = self.narrowing(
                        open.iter().copied().filter(|c| !cells.contains(c)).map(|c| (c, !union)),
                    );
                    let s = self.say(|| {
                        format!(
                            "In {}, the cells at {} can only hold {} between them, so those {size} digits fill those {size} cells and leave the rest of the line: {}.",
                            line_words(n, l),
                            cells_list(n, &cells),
                            digits_and(union),
                            self.change_words(&changes)
                        )
                    });
                    Some(
                        self.deduction(NAKED[size], rank::SUBSETS, changes, cells.clone(), s)
                            .clues(vec![line_words(n, l)])
                            .figure(format!("naked {}", NAMES[size]), cells),
                    )
                });
                if naked.is_some() {
                    return Ok(naked);
                }
                // Hidden: `size` digits whose places together are `size` cells (each digit's
                // places as bits over `open`).
                let placed = self.placed_in(l);
                let missing: Vec<u8> = (1..=n as u8).filter(|&d| placed & bit(d) == 0).collect();
                let places_of: Vec<Domain> = missing
                    .iter()
                    .map(|&d| {
                        (0..open.len())
                            .filter(|&i| self.dom[open[i]] & bit(d) != 0)
                            .fold(0, |m, i| m | 1 << i)
                    })
                    .collect();
                let hidden = first_pick(&places_of, size, &mut |pick, at| {
                    let ds: Domain = pick.iter().fold(0, |m, &i| m | bit(missing[i]));
                    let places: Vec<usize> =
                        (0..open.len()).filter(|&i| at >> i & 1 == 1).map(|i| open[i]).collect();
                    // Something to remove: one of those cells holds another digit too.
                    if places.iter().all(|&c| self.dom[c] & !ds == 0) {
                        return None;
                    }
                    let changes = self.narrowing(places.iter().map(|&c| (c, ds)));
                    let s = self.say(|| {
                        format!(
                            "In {}, the digits {} can only go in {}: those {size} cells hold those {size} digits and nothing else: {}.",
                            line_words(n, l),
                            digits_and(ds),
                            cells_list(n, &places),
                            self.change_words(&changes)
                        )
                    });
                    Some(
                        self.deduction(HIDDEN[size], rank::SUBSETS, changes, places.clone(), s)
                            .clues(vec![line_words(n, l)])
                            .figure(format!("hidden {}", NAMES[size]), places),
                    )
                });
                if hidden.is_some() {
                    return Ok(hidden);
                }
            }
        }
        Ok(None)
    }

    /// Line sums: a band of consecutive rows (or columns) holds each digit once per line, so its
    /// digits add up to a known total; the cages lying wholly inside it whose sum is settled
    /// (an addition cage, or any cage all of whose ways of filling have one sum) take their
    /// share, and the few cells left must make up the rest.
    pub(super) fn line_sums(&mut self) -> Rule {
        let n = self.n;
        let ways = self.all_ways()?;
        let line_total = (n * (n + 1) / 2) as u64;
        let cages = self.p.cages();
        let sum_of: Vec<Option<u64>> = (0..cages.len())
            .map(|k| match (&ways[k], cages[k].op) {
                (_, Op::Add) => Some(cages[k].target),
                (Some(ts), _) => {
                    let s0: u64 = ts[0].iter().map(|&d| d as u64).sum();
                    ts.iter().all(|t| t.iter().map(|&d| d as u64).sum::<u64>() == s0).then_some(s0)
                }
                _ => None,
            })
            .collect();
        for by_col in [false, true] {
            for width in 1..=3usize.min(n - 1) {
                for start in 0..=n - width {
                    let inside = |c: usize| {
                        let x = if by_col { c % n } else { c / n };
                        x >= start && x < start + width
                    };
                    let band: Vec<usize> = (0..n * n).filter(|&c| inside(c)).collect();
                    let mut rest_total = line_total * width as u64;
                    let mut settled: Vec<usize> = Vec::new();
                    let mut rest: Vec<usize> = Vec::new();
                    let mut whole_cages: Vec<usize> = Vec::new();
                    for &c in &band {
                        let k = self.p.cage_of(c);
                        if cages[k].cells.iter().all(|&x| inside(x)) && sum_of[k].is_some() {
                            if !whole_cages.contains(&k) {
                                whole_cages.push(k);
                                rest_total = rest_total.saturating_sub(sum_of[k].unwrap_or(0));
                            }
                            settled.push(c);
                        } else if self.placed[c] {
                            rest_total = rest_total.saturating_sub(only(self.dom[c]) as u64);
                            settled.push(c);
                        } else {
                            rest.push(c);
                        }
                    }
                    if rest.is_empty() || rest.len() > SUM_CELLS || whole_cages.is_empty() {
                        continue;
                    }
                    // Enumerate the rest's digits: distinct where two cells share a line.
                    let mut support = vec![0 as Domain; rest.len()];
                    let mut cur = vec![0u8; rest.len()];
                    fn go(
                        i: usize,
                        left: i64,
                        rest: &[usize],
                        dom: &[Domain],
                        n: usize,
                        cur: &mut [u8],
                        support: &mut [Domain],
                    ) {
                        if i == rest.len() {
                            if left == 0 {
                                for (j, &d) in cur.iter().enumerate() {
                                    support[j] |= 1 << (d - 1);
                                }
                            }
                            return;
                        }
                        for d in tuples::digits(dom[rest[i]]) {
                            if (d as i64) > left {
                                break;
                            }
                            if (0..i).any(|j| cur[j] == d && sees(n, rest[j], rest[i])) {
                                continue;
                            }
                            cur[i] = d;
                            go(i + 1, left - d as i64, rest, dom, n, cur, support);
                        }
                        cur[i] = 0;
                    }
                    go(0, rest_total as i64, &rest, &self.dom, n, &mut cur, &mut support);
                    if support.contains(&0) {
                        return Err((
                            rest.clone(),
                            format!(
                                "the cells left in {} cannot add up to {rest_total}",
                                self.band_words(by_col, start, width)
                            ),
                        ));
                    }
                    let changes = self.narrowing(rest.iter().copied().zip(support.iter().copied()));
                    if changes.is_empty() {
                        continue;
                    }
                    let s = self.say(|| {
                        let cage_names: Vec<String> = whole_cages.iter().map(|&k| cages[k].clue()).collect();
                        let band = self.band_words(by_col, start, width);
                        format!(
                            "{} {} each digit 1 to {n} once{}, so {} add up to {}. The {} {} wholly inside it{}, which leaves {rest_total} for the {} other {}: {}.",
                            capitalise(&band),
                            if width == 1 { "holds" } else { "hold" },
                            if width == 1 { "" } else if by_col { " per column" } else { " per row" },
                            if width == 1 { "its digits" } else { "their digits" },
                            line_total * width as u64,
                            and_list(&cage_names),
                            if whole_cages.len() == 1 { "cage lies" } else { "cages lie" },
                            if settled.iter().any(|&c| self.placed[c] && !whole_cages.contains(&self.p.cage_of(c))) { " and some digits are placed" } else { "" },
                            rest.len(),
                            if rest.len() == 1 { format!("cell ({})", cell_words(n, rest[0])) } else { format!("cells ({})", cells_list(n, &rest)) },
                            self.change_words(&changes)
                        )
                    });
                    let mut d = self
                        .deduction("Line sum (rule of 45)", rank::SUMS, changes, settled.clone(), s)
                        .clues(vec![self.band_words(by_col, start, width)])
                        .figure("the band", band.clone());
                    d = d.figure("the cells left", rest.clone());
                    return Ok(Some(d));
                }
            }
        }
        Ok(None)
    }

    pub(super) fn band_words(&self, by_col: bool, start: usize, width: usize) -> String {
        let what = if by_col { "column" } else { "row" };
        if width == 1 {
            format!("{what} {}", start + 1)
        } else {
            format!("{what}s {} to {}", start + 1, start + width)
        }
    }

    /// X-wing, swordfish, jellyfish: a digit whose places in `size` rows lie in `size` columns
    /// fills those columns from those rows, so it leaves the columns' other cells (and the same
    /// with rows and columns swapped).
    pub(super) fn fish(&mut self) -> Rule {
        let n = self.n;
        for size in 2..=4usize {
            for d in 1..=n as u8 {
                for by_col in [false, true] {
                    // Base lines: rows (or columns) still missing d, with the cross positions
                    // of d as bits (`at[i]`: where line i's open cells hold d).
                    let line = |i: usize| if by_col { n + i } else { i };
                    let at: Vec<Domain> = (0..n)
                        .map(|i| {
                            line_iter(n, line(i))
                                .enumerate()
                                .filter(|&(_, c)| !self.placed[c] && self.dom[c] & bit(d) != 0)
                                .fold(0, |m, (j, _)| m | 1 << j)
                        })
                        .collect();
                    let base: Vec<usize> = (0..n)
                        .filter(|&i| self.placed_in(line(i)) & bit(d) == 0)
                        .filter(|&i| (2..=size).contains(&(at[i].count_ones() as usize)))
                        .collect();
                    let pos: Vec<Domain> = base.iter().map(|&i| at[i]).collect();
                    let found = first_pick(&pos, size, &mut |pick, cover| {
                        // Something to remove: a line outside the pick holds d in the cover.
                        let picked = |i: usize| pick.iter().any(|&p| base[p] == i);
                        if !(0..n).any(|i| !picked(i) && at[i] & cover != 0) {
                            return None;
                        }
                        let lines: Vec<usize> = pick.iter().map(|&i| line(base[i])).collect();
                        let cross: Vec<usize> = (0..n)
                            .filter(|&x| cover >> x & 1 == 1)
                            .map(|x| if by_col { x } else { n + x })
                            .collect();
                        let targets: Vec<(usize, Domain)> = cross
                            .iter()
                            .flat_map(|&cl| line_cells(n, cl))
                            .filter(|&c| {
                                let base_line = if by_col { n + c % n } else { c / n };
                                !lines.contains(&base_line)
                            })
                            .map(|c| (c, !bit(d)))
                            .collect();
                        let changes = self.narrowing(targets);
                        let name: &'static str = match size {
                            2 => "X-wing",
                            3 => "Swordfish",
                            _ => "Jellyfish",
                        };
                        let corners: Vec<usize> = lines
                            .iter()
                            .flat_map(|&l| line_cells(n, l))
                            .filter(|&c| !self.placed[c] && self.dom[c] & bit(d) != 0)
                            .collect();
                        let s = self.say(|| {
                            let base_words = self.lines_words(&lines);
                            let cross_words = self.lines_words(&cross);
                            format!(
                                "The {d}s of {base_words} can only stand in {cross_words}. Each of those {size} lines needs its {d} in one of those {size} lines, so the {d}s of {cross_words} all stand in {base_words}: {}.",
                                self.change_words(&changes)
                            )
                        });
                        Some(
                            self.deduction(name, rank::FISH, changes, corners.clone(), s)
                                .clues(lines.iter().map(|&l| line_words(n, l)).collect())
                                .figure(format!("the {d}s"), corners),
                        )
                    });
                    if found.is_some() {
                        return Ok(found);
                    }
                }
            }
        }
        Ok(None)
    }
}
