//! Rank 2, confinement: sets of regions inside sets of lines, and the converse.

use super::*;

impl State<'_> {
    #[inline(never)]
    pub(super) fn confinement(&self) -> R {
        let b = self.b;
        let n = b.n;
        let need = self.needs();
        // For each kind of line: regions' line sets, lines' region sets.
        for by_col in [false, true] {
            let line = |i: usize| if by_col { i % n } else { i / n };
            let line_unit = |l: usize| if by_col { n + l } else { l };
            let mut reg_lines = vec![0u64; b.n_regions];
            let mut line_regs = vec![0u64; n];
            for (g, (first, last, rows)) in b.region_rows.iter().enumerate() {
                for r in *first..=*last {
                    let mut x = rows[r] & self.open_rows[r];
                    if x == 0 {
                        continue;
                    }
                    if !by_col {
                        reg_lines[g] |= 1u64 << r;
                        line_regs[r] |= 1u64 << g;
                        continue;
                    }
                    reg_lines[g] |= x;
                    while x != 0 {
                        line_regs[x.trailing_zeros() as usize] |= 1u64 << g;
                        x &= x - 1;
                    }
                }
            }
            let reg_need: Vec<usize> = (0..b.n_regions).map(|g| need[2 * n + g]).collect();
            let line_need: Vec<usize> = (0..n).map(|l| need[line_unit(l)]).collect();
            // Regions inside lines: the lines' other open cells are empty.
            let useful = |regs: u64, lines: u64| {
                self.cells.iter().enumerate().any(|(i, &c)| {
                    c == Cell::Open
                        && lines >> line(i) & 1 == 1
                        && b.region[i].is_some_and(|g| regs >> g & 1 == 0)
                })
            };
            match tight(&reg_lines, &reg_need, &line_need, TIGHT_LINES.min(n / 2), useful) {
                Err((regs, lines)) => {
                    let cells = (0..n * n).filter(|&i| lines >> line(i) & 1 == 1).collect();
                    return Err(self.broken(cells, || format!("the open cells of {} all lie in {}, which need more stars than those lines can hold", regions_name(regs), lines_name(by_col, lines))));
                }
                Ok(Some((regs, lines))) => {
                    let changes: Vec<Change> = (0..n * n)
                        .filter(|&i| {
                            self.cells[i] == Cell::Open
                                && lines >> line(i) & 1 == 1
                                && b.region[i].is_some_and(|g| regs >> g & 1 == 0)
                        })
                        .map(|i| (i, Cell::Empty))
                        .collect();
                    let reasons = if self.words {
                        (0..n * n)
                            .filter(|&i| {
                                self.cells[i] != Cell::Empty
                                    && b.region[i].is_some_and(|g| regs >> g & 1 == 1)
                            })
                            .collect()
                    } else {
                        vec![]
                    };
                    let rn: usize =
                        (0..b.n_regions).filter(|&g| regs >> g & 1 == 1).map(|g| reg_need[g]).sum();
                    let nr = regs.count_ones();
                    let nl = lines.count_ones();
                    let mut d = self.deduction("Confinement", CONFINEMENT, changes, reasons, || vec![lines_name(by_col, lines), regions_name(regs)], || {
                        let (rg, ls) = (regions_name(regs), lines_name(by_col, lines));
                        format!(
                            "The open cells of {rg} all lie in {ls}. {} {} {}, and {ls} {} exactly {} more, so every star still missing in {ls} belongs to {}: the other cells of {ls} are empty.",
                            capitalise(&if nr == 1 { "this region".to_string() } else { format!("these {nr} regions") }),
                            if nr == 1 { "needs" } else { "need" },
                            more_stars(rn),
                            if nl == 1 { "needs" } else { "need" },
                            rn,
                            rg,
                        )
                    });
                    if self.words {
                        d.figures.push(Figure {
                            label: lines_name(by_col, lines),
                            cells: (0..n * n).filter(|&i| lines >> line(i) & 1 == 1).collect(),
                        });
                    }
                    return Ok(Some(d));
                }
                Ok(None) => {}
            }
            // Lines inside regions: the regions' open cells outside the lines are empty.
            let useful = |lines: u64, regs: u64| {
                self.cells.iter().enumerate().any(|(i, &c)| {
                    c == Cell::Open
                        && lines >> line(i) & 1 == 0
                        && b.region[i].is_some_and(|g| regs >> g & 1 == 1)
                })
            };
            match tight(&line_regs, &line_need, &reg_need, TIGHT_LINES.min(n / 2), useful) {
                Err((lines, regs)) => {
                    let cells = (0..n * n).filter(|&i| lines >> line(i) & 1 == 1).collect();
                    return Err(self.broken(cells, || format!("the open cells of {} all lie in {}, which need fewer stars than those lines do", lines_name(by_col, lines), regions_name(regs))));
                }
                Ok(Some((lines, regs))) => {
                    let changes: Vec<Change> = (0..n * n)
                        .filter(|&i| {
                            self.cells[i] == Cell::Open
                                && lines >> line(i) & 1 == 0
                                && b.region[i].is_some_and(|g| regs >> g & 1 == 1)
                        })
                        .map(|i| (i, Cell::Empty))
                        .collect();
                    let reasons = if self.words {
                        (0..n * n)
                            .filter(|&i| self.cells[i] != Cell::Empty && lines >> line(i) & 1 == 1)
                            .collect()
                    } else {
                        vec![]
                    };
                    let ln: usize =
                        (0..n).filter(|&l| lines >> l & 1 == 1).map(|l| line_need[l]).sum();
                    let nr = regs.count_ones();
                    let nl = lines.count_ones();
                    let mut d = self.deduction("Confinement (lines in regions)", CONFINEMENT, changes, reasons, || vec![lines_name(by_col, lines), regions_name(regs)], || {
                        let (rg, ls) = (regions_name(regs), lines_name(by_col, lines));
                        format!(
                            "The open cells of {ls} all lie in {rg}. {} {} {}, and {rg} {} exactly {} more, so every star still missing in {rg} lies in {ls}: {} cells outside {ls} are empty.",
                            capitalise(&ls),
                            if nl == 1 { "needs" } else { "need" },
                            more_stars(ln),
                            if nr == 1 { "needs" } else { "need" },
                            ln,
                            if nr == 1 { "its" } else { "their" },
                        )
                    });
                    if self.words {
                        d.figures.push(Figure {
                            label: lines_name(by_col, lines),
                            cells: (0..n * n).filter(|&i| lines >> line(i) & 1 == 1).collect(),
                        });
                    }
                    return Ok(Some(d));
                }
                Ok(None) => {}
            }
        }
        Ok(None)
    }
}

/// The tight-set search of confinement, for one direction: `a_sets[a]` is the set of B-units
/// holding A-unit `a`'s open cells. A set L of B-units (at most `max`, grown from one A-unit's
/// set by joining sets that share a B-unit, smallest first) with S the A-units whose sets lie
/// inside L: when S needs as many stars as L, L's stars all come from S (`useful(S, L)` says
/// whether that empties a cell); when S needs more, the rules are broken (`Err`).
fn tight(
    a_sets: &[u64],
    a_need: &[usize],
    b_need: &[usize],
    max: usize,
    useful: impl Fn(u64, u64) -> bool,
) -> Result<Option<(u64, u64)>, (u64, u64)> {
    let active: Vec<usize> = (0..a_sets.len()).filter(|&a| a_sets[a] != 0).collect();
    let mut seen: HashSet<u64> = HashSet::new();
    let mut layer: Vec<u64> = Vec::new();
    for &a in &active {
        if (a_sets[a].count_ones() as usize) <= max && seen.insert(a_sets[a]) {
            layer.push(a_sets[a]);
        }
    }
    layer.sort_unstable_by_key(|l| (l.count_ones(), *l));
    let mut weighed = 0usize;
    // Smallest sets first: a queue ordered by size.
    let mut queue: std::collections::BTreeSet<(u32, u64)> =
        layer.iter().map(|&l| (l.count_ones(), l)).collect();
    while let Some((_, l)) = queue.pop_first() {
        weighed += 1;
        if weighed > TIGHT_MAX {
            break;
        }
        let mut s = 0u64;
        let mut sn = 0usize;
        for &a in &active {
            if a_sets[a] & !l == 0 {
                s |= 1u64 << a;
                sn += a_need[a];
            }
        }
        let ln: usize = (0..64).filter(|&x| l >> x & 1 == 1).map(|x| b_need[x]).sum();
        if sn > ln {
            return Err((s, l));
        }
        if sn == ln && useful(s, l) {
            return Ok(Some((s, l)));
        }
        for &a in &active {
            if s >> a & 1 == 1 || a_sets[a] & l == 0 {
                continue;
            }
            let bigger = l | a_sets[a];
            if (bigger.count_ones() as usize) <= max && seen.insert(bigger) {
                queue.insert((bigger.count_ones(), bigger));
            }
        }
    }
    Ok(None)
}
