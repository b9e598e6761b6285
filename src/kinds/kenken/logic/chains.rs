//! Following consequences: forcing chains (extreme) and a short trial (unreasonable).

use super::*;

impl KenKenLogic<'_> {
    /// Tatham's forcing chains: from a two-candidate cell, suppose it does not hold `b`; then it
    /// holds `a`, which forces the other digit into a two-candidate cell in line with it, and so
    /// on. When the chain reaches a cell forced to hold `b`, one of the two ends holds `b`, so a
    /// cell in line with both ends does not.
    pub(super) fn forcing_chain(&mut self) -> Rule {
        let n = self.n;
        let bivalue: Vec<usize> =
            (0..n * n).filter(|&c| !self.placed[c] && self.dom[c].count_ones() == 2).collect();
        let mut best: Option<(Vec<(usize, u8)>, Vec<Change>, u8)> = None;
        'search: for &s in &bivalue {
            for b in tuples::digits(self.dom[s]) {
                let a = only(self.dom[s] & !bit(b));
                // BFS over (cell, digit it takes); prev for the chain.
                let mut prev: Vec<Option<usize>> = vec![None; n * n];
                let mut takes: Vec<u8> = vec![0; n * n];
                takes[s] = a;
                let mut queue = std::collections::VecDeque::from([s]);
                while let Some(c) = queue.pop_front() {
                    let x = takes[c];
                    for &e in &bivalue {
                        if takes[e] != 0 || !sees(n, c, e) || self.dom[e] & bit(x) == 0 {
                            continue;
                        }
                        let y = only(self.dom[e] & !bit(x));
                        takes[e] = y;
                        prev[e] = Some(c);
                        queue.push_back(e);
                        if y != b {
                            continue;
                        }
                        // One of s and e holds b: cells that see both lose it.
                        let targets: Vec<(usize, Domain)> = (0..n * n)
                            .filter(|&t| t != s && t != e && sees(n, t, s) && sees(n, t, e))
                            .map(|t| (t, !bit(b)))
                            .collect();
                        let changes = self.narrowing(targets);
                        if changes.is_empty() {
                            continue;
                        }
                        let mut chain = vec![(e, y)];
                        let mut at = e;
                        while let Some(p) = prev[at] {
                            chain.push((p, takes[p]));
                            at = p;
                        }
                        chain.reverse();
                        if best.as_ref().is_none_or(|(ch, _, _)| chain.len() < ch.len()) {
                            best = Some((chain, changes, b));
                            if self.quick {
                                break 'search;
                            }
                        }
                    }
                }
            }
        }
        let Some((chain, changes, b)) = best else { return Ok(None) };
        let (s, e) = (chain[0].0, chain[chain.len() - 1].0);
        let sentence = self.say(|| {
            let links: Vec<String> = chain.iter().map(|&(c, d)| format!("{} is {d}", cell_words(n, c))).collect();
            format!(
                "Forcing chain: {} can only hold {}. If it is not {b}, then {}. So either {} or {} holds {b}, and a cell in line with both cannot: {}.",
                capitalise(&cell_words(n, s)),
                digit_list(self.dom[s]),
                links.join("; so "),
                cell_words(n, s),
                cell_words(n, e),
                self.change_words(&changes)
            )
        });
        let cells: Vec<usize> = chain.iter().map(|&(c, _)| c).collect();
        Ok(Some(
            self.deduction("Forcing chain", rank::CHAINS, changes, cells.clone(), sentence)
                .clues(vec![cell_words(n, s), cell_words(n, e)])
                .figure("the chain", cells),
        ))
    }

    /// Whether the easy and normal rules, followed to their end many deductions at a time (the
    /// solver's quick walk), break the rules from this state. They only remove candidates and a
    /// broken state stays broken as more are removed, so when this is false no walk of those
    /// rules from here breaks them, however long: the trial's filter.
    fn breaks_at_all(&self) -> bool {
        let mut q = self.clone();
        q.quick = true;
        loop {
            match q.find(rank::CAGE_CELLS) {
                Found::Deduction(d) => q.apply(&d.changes),
                Found::Broken { .. } => return true,
                Found::Nothing => return false,
            }
        }
    }

    /// A short trial: suppose a cell holds one of its few candidates and follow the easy and
    /// normal rules; if they break a rule within [`TRIAL_STEPS`] deductions, the cell does not
    /// hold it. The shortest such chain over the cells with fewest candidates is taken.
    pub(super) fn trial(&mut self) -> Rule {
        let n = self.n;
        let mut best: Option<(usize, u8, Vec<(usize, u8, &'static str)>, String, Vec<usize>)> =
            None;
        for want in 2..=3u32 {
            'cells: for c in 0..n * n {
                if self.placed[c] || self.dom[c].count_ones() != want {
                    continue;
                }
                for d in tuples::digits(self.dom[c]) {
                    if self.answer.as_ref().is_some_and(|a| a[c] == d) {
                        continue;
                    }
                    let mut t = KenKenLogic {
                        p: self.p,
                        n,
                        dom: self.dom.clone(),
                        placed: self.placed.clone(),
                        words: false,
                        why: self.words,
                        ways: self.ways.clone(),
                        answer: None,
                        quick: false,
                    };
                    t.apply(&[Change::Place(c, d)]);
                    if self.quick && !t.breaks_at_all() {
                        // Followed without a limit the rules do not break: followed one
                        // deduction at a time for a few steps, they cannot either.
                        continue;
                    }
                    let limit = best.as_ref().map_or(TRIAL_STEPS, |b| b.2.len());
                    let mut chain: Vec<(usize, u8, &'static str)> = Vec::new();
                    let end = loop {
                        if chain.len() >= limit {
                            break None;
                        }
                        match t.find(rank::CAGE_CELLS) {
                            Found::Deduction(dd) => {
                                for ch in &dd.changes {
                                    if let Change::Place(x, v) = *ch {
                                        chain.push((x, v, dd.rule));
                                    }
                                }
                                if dd.changes.iter().all(|ch| matches!(ch, Change::Narrow(..))) {
                                    chain.push((dd.cells[0], 0, dd.rule));
                                }
                                t.apply(&dd.changes);
                            }
                            Found::Broken { cells, sentence } => break Some((cells, sentence)),
                            Found::Nothing => break None,
                        }
                    };
                    if let Some((cells, why)) = end {
                        if best.as_ref().is_none_or(|b| chain.len() < b.2.len()) {
                            best = Some((c, d, chain, why, cells));
                        }
                        if self.quick {
                            break 'cells;
                        }
                    }
                }
            }
            if best.is_some() {
                break;
            }
        }
        let Some((c, d, chain, why, bad)) = best else { return Ok(None) };
        let changes = self.narrowing([(c, !bit(d))]);
        let sentence = self.say(|| {
            let placed: Vec<String> = chain.iter().filter(|x| x.1 != 0).map(|&(x, v, _)| format!("{} is {v}", cell_words(n, x))).collect();
            let shown = if placed.len() > 8 { format!("{}; … ({} more)", placed[..8].join("; "), placed.len() - 8) } else { placed.join("; ") };
            let then = if shown.is_empty() {
                format!("the easy and normal rules then narrow the candidates until {why}")
            } else {
                format!(
                    "then, by the easy and normal rules, {shown}{}; and {why}",
                    if chain.len() > placed.len() { " (with candidates narrowed along the way)" } else { "" }
                )
            };
            format!(
                "No simpler rule applies here, so try one cell. Suppose {} were {d}: {then}. So {} is not {d}: {}.",
                cell_words(n, c),
                cell_words(n, c),
                self.change_words(&changes)
            )
        });
        let path: Vec<usize> = chain.iter().filter(|x| x.1 != 0).map(|x| x.0).collect();
        Ok(Some(
            self.deduction("Trial", rank::TRIAL, changes, vec![c], sentence)
                .clues(vec![cell_words(n, c)])
                .figure("the trial's chain", path)
                .figure("where it breaks", bad),
        ))
    }
}
