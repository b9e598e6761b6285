//! The cage rules: cage candidates (easy), cage arithmetic (normal), a cage's digits confined to a line (hard).

use super::*;

impl KenKenLogic<'_> {
    /// The ways of filling every cage; a cage with none breaks the rules.
    pub(super) fn all_ways(&mut self) -> Result<Vec<Option<Rc<TupleList>>>, (Vec<usize>, String)> {
        let mut out = Vec::with_capacity(self.p.cages().len());
        for k in 0..self.p.cages().len() {
            let w = self.ways(k);
            if let Some(ts) = &w {
                if ts.is_empty() {
                    let cage = &self.p.cages()[k];
                    return Err((
                        cage.cells.clone(),
                        self.say_why(|| format!("no digits fit {}", cage_words(self.n, cage))),
                    ));
                }
            }
            out.push(w);
        }
        Ok(out)
    }

    /// Each cell of a cage keeps the digits some way of filling uses anywhere (`per_cell`
    /// false: Tatham's easy rule) or in that cell (`per_cell` true: his normal rule).
    pub(super) fn cage_rule(&mut self, per_cell: bool) -> Rule {
        let n = self.n;
        let ways = self.all_ways()?;
        let (rule, r) = if per_cell {
            ("Cage arithmetic", rank::CAGE_CELLS)
        } else {
            ("Cage candidates", rank::CAGE_DIGITS)
        };
        // The solver's walk takes every cage's narrowing of this look at once (the cages'
        // cells are apart, and a rule only removes candidates).
        let mut quick: Vec<Change> = Vec::new();
        for (k, cage) in self.p.cages().iter().enumerate() {
            let Some(ts) = &ways[k] else { continue };
            if cage.op == Op::Given {
                continue;
            }
            let union = ts.iter().flatten().fold(0 as Domain, |m, &d| m | bit(d));
            let keep: Vec<(usize, Domain)> = cage
                .cells
                .iter()
                .enumerate()
                .map(|(i, &c)| {
                    (
                        c,
                        if per_cell {
                            ts.iter().fold(0 as Domain, |m, t| m | bit(t[i]))
                        } else {
                            union
                        },
                    )
                })
                .collect();
            let changes = self.narrowing(keep);
            if changes.is_empty() {
                continue;
            }
            if self.quick {
                quick.extend(changes);
                continue;
            }
            let s = self.say(|| {
                let what = if per_cell { "" } else { " (whichever cell each digit goes in)" };
                format!(
                    "{}: with the digits its cells can still take, {}{what}; so {}.",
                    capitalise(&cage_words(n, cage)),
                    fits_words(cage, ts),
                    self.change_words(&changes)
                )
            });
            return Ok(Some(
                self.deduction(rule, r, changes, cage.cells.clone(), s)
                    .clues(self.said(|| vec![cage_words(n, cage)]))
                    .figure(cage.clue(), cage.cells.clone()),
            ));
        }
        if quick.is_empty() {
            return Ok(None);
        }
        Ok(Some(self.deduction(rule, r, quick, Vec::new(), String::new())))
    }

    /// Digits every way of filling a cage puts on one line leave the rest of that line.
    pub(super) fn cage_line(&mut self) -> Rule {
        let n = self.n;
        let ways = self.all_ways()?;
        for (k, cage) in self.p.cages().iter().enumerate() {
            let Some(ts) = &ways[k] else { continue };
            for l in 0..2 * n {
                let forced = cage_forced(n, &cage.cells, ts, l);
                if forced == 0 {
                    continue;
                }
                let targets: Vec<(usize, Domain)> = line_cells(n, l)
                    .into_iter()
                    .filter(|&c| self.p.cage_of(c) != k)
                    .map(|c| (c, !forced))
                    .collect();
                let changes = self.narrowing(targets);
                if changes.is_empty() {
                    continue;
                }
                let s = self.say(|| {
                    let fill = if ts.len() <= 6 { format!("can only be {}", tuple_list(cage, ts).join(" or ")) } else { format!("has {} ways to be filled", ts.len()) };
                    format!(
                        "{} {fill}; every way puts {} in its cells in {}, so {} nowhere else in {}: {}.",
                        capitalise(&cage_words(n, cage)),
                        digits_and(forced),
                        line_words(n, l),
                        if forced.count_ones() == 1 { "that digit goes" } else { "those digits go" },
                        line_words(n, l),
                        self.change_words(&changes)
                    )
                });
                return Ok(Some(
                    self.deduction(
                        "Cage confined to a line",
                        rank::CAGE_LINE,
                        changes,
                        cage.cells.clone(),
                        s,
                    )
                    .clues(self.said(|| vec![cage_words(n, cage), line_words(n, l)]))
                    .figure(cage.clue(), cage.cells.clone()),
                ));
            }
        }
        Ok(None)
    }
}
