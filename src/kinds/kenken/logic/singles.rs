//! The easy rules on cells and lines: givens, naked singles, hidden singles.

use super::*;

impl KenKenLogic<'_> {
    /// Givens, and a cell with one candidate left.
    pub(super) fn naked_single(&mut self) -> Rule {
        let n = self.n;
        for (k, cage) in self.p.cages().iter().enumerate() {
            let _ = k;
            if cage.op == Op::Given {
                let c = cage.cells[0];
                if !self.placed[c] {
                    let d = cage.target as u8;
                    if d == 0 || d as usize > n || self.dom[c] & bit(d) == 0 {
                        return Err((
                            vec![c],
                            format!(
                                "the given {} at {} cannot stand there",
                                cage.target,
                                cell_words(n, c)
                            ),
                        ));
                    }
                    let s = self
                        .say(|| format!("{} holds the given {d}.", capitalise(&cell_words(n, c))));
                    return Ok(Some(
                        self.deduction(
                            "Given digit",
                            rank::SINGLE,
                            vec![Change::Place(c, d)],
                            vec![c],
                            s,
                        )
                        .clues(self.said(|| vec![cell_words(n, c)])),
                    ));
                }
            }
        }
        if self.quick {
            // The solver's walk: every naked single at once (placed one by one, they are the
            // same cells and digits, or the marks break either way).
            let changes: Vec<Change> = (0..n * n)
                .filter(|&c| !self.placed[c] && self.dom[c].count_ones() == 1)
                .map(|c| Change::Place(c, only(self.dom[c])))
                .collect();
            if changes.is_empty() {
                return Ok(None);
            }
            return Ok(Some(self.deduction(
                "Naked single",
                rank::SINGLE,
                changes,
                Vec::new(),
                String::new(),
            )));
        }
        for c in 0..n * n {
            if !self.placed[c] && self.dom[c].count_ones() == 1 {
                let d = only(self.dom[c]);
                let (r, col) = (c / n, c % n);
                let reasons: Vec<usize> = if self.words {
                    (0..n)
                        .flat_map(|j| [r * n + j, j * n + col])
                        .filter(|&j| j != c && self.placed[j])
                        .collect()
                } else {
                    Vec::new()
                };
                let s = self.say(|| format!("{} can only hold {d}: every other digit is in its row or column or was ruled out before.", capitalise(&cell_words(n, c))));
                return Ok(Some(
                    self.deduction(
                        "Naked single",
                        rank::SINGLE,
                        vec![Change::Place(c, d)],
                        reasons,
                        s,
                    )
                    .clues(self.said(|| vec![cell_words(n, c)])),
                ));
            }
        }
        Ok(None)
    }

    /// A digit with one place left in a line.
    pub(super) fn hidden_single(&mut self) -> Rule {
        let n = self.n;
        let mut quick: Vec<Change> = Vec::new();
        for l in 0..2 * n {
            let placed = self.placed_in(l);
            for d in 1..=n as u8 {
                if placed & bit(d) != 0 {
                    continue;
                }
                let mut places =
                    line_iter(n, l).filter(|&c| !self.placed[c] && self.dom[c] & bit(d) != 0);
                let (first, more) = (places.next(), places.next().is_some());
                match (first, more) {
                    (None, _) => {
                        return Err((
                            line_cells(n, l),
                            self.say_why(|| {
                                format!("{} has no place left for a {d}", line_words(n, l))
                            }),
                        ))
                    }
                    (Some(c), false) if self.quick => {
                        // The solver's walk: every hidden single of this look at once, one
                        // digit per cell (a cell claimed twice breaks the marks either way).
                        if !quick.iter().any(|ch| matches!(ch, Change::Place(x, _) if *x == c)) {
                            quick.push(Change::Place(c, d));
                        }
                    }
                    (Some(c), false) => {
                        let s = self.say(|| {
                            format!("{} needs a {d}, and {} is the only cell of it that can still hold one, so the {d} goes there.", capitalise(&line_words(n, l)), cell_words(n, c))
                        });
                        return Ok(Some(
                            self.deduction(
                                "Hidden single",
                                rank::HIDDEN,
                                vec![Change::Place(c, d)],
                                self.said(|| line_cells(n, l)),
                                s,
                            )
                            .clues(self.said(|| vec![line_words(n, l)])),
                        ));
                    }
                    (Some(_), true) => {}
                }
            }
        }
        if quick.is_empty() {
            return Ok(None);
        }
        Ok(Some(self.deduction("Hidden single", rank::HIDDEN, quick, Vec::new(), String::new())))
    }
}
