//! Rank 5, short contradictions: a star assumed and the direct rules followed until they break.
//!
//! Three passes, each going on from where the one before stopped: singles and 2x2 blocks for
//! every open cell; then with confinement and region shapes; then, in the hints only
//! ([`State::deep_contradictions`]), with counting over unions too. A chain is at most
//! [`CHAIN_MAX`] steps in all. Sound: every step of the chain holds in every answer that has
//! the assumed star, so when the chain breaks the rules no answer has it, and the cell is empty.

use super::*;

impl State<'_> {
    /// The first open cell (in [`State::probe_order`]) where an assumed star breaks the rules
    /// within [`CHAIN_MAX`] steps of the direct rules.
    pub(super) fn contradiction(&self) -> Option<D> {
        // The cheaper chains first (singles and 2x2 blocks) for every cell; then, from where
        // each of those stopped, with region shapes too. A chain with shapes begins exactly as
        // the cheaper one (the cheaper rules come first), so it goes on from there.
        let mut trial = State::new(self.b, self.cells.clone(), false);
        // Each chain that stopped short of the step limit: its cell, where it stopped, the 2x2
        // blocks' record there (a cache of what found nothing, valid for those cells) and its
        // steps.
        let mut stopped: Vec<(usize, Vec<Cell>, Vec<u64>, usize)> = Vec::new();
        let mut refuted: Vec<usize> = Vec::new();
        for i in self.probe_order() {
            if self.answer.as_ref().is_some_and(|a| a[i]) {
                continue;
            }
            trial.copy_from(self);
            trial.write(&[(i, Cell::Star)]);
            let (broken, steps) = trial.chain(PROBE_FIRST, CHAIN_MAX, &mut |_| {});
            match broken {
                Some(_) if !self.every => return Some(self.refute(i, PROBE_FIRST)),
                Some(_) => refuted.push(i),
                None if steps < CHAIN_MAX => stopped.push((
                    i,
                    trial.cells.clone(),
                    trial.blocks_done.borrow().clone(),
                    steps,
                )),
                None => {}
            }
        }
        // Where those stopped short of the step limit, the hints go on with counting over unions
        // too (see the field `deep`).
        let mut again: Vec<(usize, Vec<Cell>, Vec<u64>, usize)> = Vec::new();
        if refuted.is_empty() {
            for (i, cells, seen, steps) in stopped {
                trial.set_cells(&cells);
                trial.blocks_done.borrow_mut().copy_from_slice(&seen);
                let (broken, more) = trial.chain(SHAPES, CHAIN_MAX - steps, &mut |_| {});
                if broken.is_some() {
                    if !self.every {
                        return Some(self.refute(i, SHAPES));
                    }
                    refuted.push(i);
                } else if self.deep && steps + more < CHAIN_MAX {
                    again.push((
                        i,
                        trial.cells.clone(),
                        trial.blocks_done.borrow().clone(),
                        steps + more,
                    ));
                }
            }
        }
        if refuted.is_empty() {
            // Each look of a deep chain may weigh every band of lines (milliseconds on a big
            // board), so the pass stops when the work given it (DEEP_WORK) is spent: a chain
            // cut short there just stops, so a hint where even these chains find nothing (a
            // board with nothing decided) stays bounded.
            trial.work_left.set(DEEP_WORK);
            // The chains that went furthest with the cheaper rules first (probe order among
            // equals): they are the likeliest to break, so the work is spent where it finds.
            again.sort_by_key(|e| std::cmp::Reverse(e.3));
            for (i, cells, seen, steps) in again {
                if trial.work_left.get() == 0 {
                    break;
                }
                trial.set_cells(&cells);
                trial.blocks_done.borrow_mut().copy_from_slice(&seen);
                let broken = trial.chain(UNIONS, CHAIN_MAX - steps, &mut |_| {}).0.is_some();
                if broken {
                    if !self.every {
                        return Some(self.refute(i, UNIONS));
                    }
                    refuted.push(i);
                }
            }
        }
        if refuted.is_empty() {
            return None;
        }
        let changes = refuted.iter().map(|&i| (i, Cell::Empty)).collect();
        Some(Deduction::new(
            "Contradiction",
            CONTRADICTION,
            changes,
            refuted,
            Vec::new(),
            String::new(),
        ))
    }

    /// The open cells in the order a contradiction tries them: first those whose star would take
    /// the most room from a row, column or region with little room to spare (its open cells
    /// beyond the stars it needs), then reading order.
    pub(super) fn probe_order(&self) -> Vec<usize> {
        let b = self.b;
        let units = b.units.len();
        let slack: Vec<usize> = (0..units)
            .map(|u| {
                (self.open[u] as usize).saturating_sub(b.k.saturating_sub(self.stars[u] as usize))
            })
            .collect();
        // The open neighbours each row, column and region (other than the cell's own) would
        // lose, counted on the rows' bits (rows and columns) and over the neighbours (regions).
        let n = b.n;
        let mut regions: Vec<(usize, usize)> = Vec::with_capacity(8);
        let mut keyed: Vec<(usize, usize)> = Vec::new();
        for i in 0..self.cells.len() {
            if self.cells[i] != Cell::Open {
                continue;
            }
            let (r, c) = (i / n, i % n);
            let mut score = 0usize;
            let mut eat = |u: usize, e: usize| score = score.max(e * 16 / (slack[u] + 1));
            let rows = r.saturating_sub(1)..=(r + 1).min(n - 1);
            let around = 7u64 << c >> 1;
            for rr in rows.clone().filter(|&rr| rr != r) {
                eat(rr, (self.open_rows[rr] & around).count_ones() as usize);
            }
            for cc in c.saturating_sub(1)..=(c + 1).min(n - 1) {
                if cc != c {
                    let e = rows.clone().filter(|&rr| self.open_rows[rr] >> cc & 1 == 1).count();
                    eat(n + cc, e);
                }
            }
            regions.clear();
            for &j in &b.nbrs[i] {
                match b.region[j] {
                    Some(g) if self.cells[j] == Cell::Open && b.region[i] != Some(g) => {
                        match regions.iter_mut().find(|e| e.0 == g) {
                            Some(e) => e.1 += 1,
                            None => regions.push((g, 1)),
                        }
                    }
                    _ => {}
                }
            }
            for &(g, e) in &regions {
                eat(2 * n + g, e);
            }
            keyed.push((usize::MAX - score, i));
        }
        keyed.sort_unstable();
        keyed.into_iter().map(|(_, i)| i).collect()
    }

    /// The deduction that a star at `i` breaks the rules within [`CHAIN_MAX`] steps of the rules
    /// up to `inner`, with the chain told and drawn.
    pub(super) fn refute(&self, i: usize, inner: u8) -> D {
        let n = self.b.n;
        if !self.words {
            return Deduction::new(
                "Contradiction",
                CONTRADICTION,
                vec![(i, Cell::Empty)],
                vec![i],
                Vec::new(),
                String::new(),
            );
        }
        let mut told = State::new(self.b, self.cells.clone(), true);
        told.write(&[(i, Cell::Star)]);
        let mut chain: Vec<D> = Vec::new();
        let broken = told
            .chain(inner, CHAIN_MAX, &mut |d| chain.push(d.clone()))
            .0
            .expect("the same rules break the same way");
        let mut s = format!("Suppose {} held a star.", cell_words(n, i));
        for (t, d) in chain.iter().enumerate() {
            s +=
                &format!(" {} {}", if t == 0 { "Then" } else { "Next," }, lower_first(&d.sentence));
        }
        s += &format!(" But now {}. So {} has no star.", broken.sentence, cell_words(n, i));
        let mut reasons: Vec<usize> = broken.cells.iter().copied().filter(|&j| j != i).collect();
        reasons.sort_unstable();
        reasons.dedup();
        let mut d = Deduction::new(
            "Contradiction",
            CONTRADICTION,
            vec![(i, Cell::Empty)],
            vec![i],
            reasons.clone(),
            s,
        )
        .clues(vec![
            format!("star at {}", cell_words(n, i)),
            format!("{} of at most {CHAIN_MAX}", plural(chain.len(), "step", "steps")),
        ]);
        d = d.figure("the assumed star", vec![i]);
        for (t, c) in chain.iter().enumerate() {
            d = d.figure(format!("step {}: {}", t + 1, c.rule), c.cells.clone());
        }
        d.figure("where it breaks", reasons)
    }

    /// Runs the direct rules up to rank `inner` for at most `max` steps, handing each deduction
    /// to `each`: the contradiction when they break the rules, and the steps taken.
    pub(super) fn chain(
        &mut self,
        inner: u8,
        max: usize,
        each: &mut dyn FnMut(&D),
    ) -> (Option<Broken>, usize) {
        for step in 0..max {
            match self.search(inner) {
                Ok(Some(d)) => {
                    each(&d);
                    self.write(&d.changes);
                }
                Ok(None) => return (None, step),
                Err(b) => return (Some(b), step),
            }
        }
        // One more look: a contradiction the cells already hold counts, a further step does not.
        match self.search(SINGLES) {
            Err(b) => (Some(b), max),
            _ => (None, max),
        }
    }
}
