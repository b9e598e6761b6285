//! The contradiction chain a reveal gives where the rules stop, written once for every kind with
//! a ladder, through its [`Trial`] ([`Playable::trial`]).
//!
//! Suppose one undecided cell held a value the proven answer does not have there; follow the
//! kind's own rules one deduction at a time; when they break a rule, the value is ruled out.
//! Every deduction holds in every answer that agrees with the marks and the assumption, so the
//! conclusion holds in every answer that agrees with the marks: the chain is a proof a person can
//! follow, and the answer only chooses which values are worth assuming (its own value never
//! breaks anything).
//!
//! The search takes the shortest chain it finds (fewest nested assumptions, then fewest steps):
//! first with the rules below the kind's own trials, then, when none breaks, with the whole
//! ladder, so a step of the chain may be a trial of its own (told in its own words, as the hints
//! tell it). It is bounded by the chain's length, the looks of the rules and the time
//! ([`Budget`]); when nothing breaks within them, the reveal gives the bare value.

use super::{Figure, Step};
use crate::play::Playable;
use crate::trial::{Next, Trial};
use web_time::Instant;

/// The rule name of a contradiction chain found for a reveal.
pub const CHAIN_RULE: &str = "Contradiction chain";

/// How far a chain search goes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Budget {
    /// The most deductions a chain may take before it breaks a rule.
    pub steps: usize,
    /// The most looks of the rules in all (one [`Trial::next`] each).
    pub looks: usize,
    /// The most time, in ms.
    pub ms: f64,
    /// Assumptions tried after the first that breaks, looking for a shorter chain.
    pub further: usize,
}

/// A hint's budget: within the 300 ms for a reveal in the page, with room for the
/// kind's own look before it and the bare value's walk after it when no chain breaks.
pub const HINT: Budget = Budget { steps: 40, looks: 4_000, ms: 120.0, further: 40 };

/// One chain that broke: the assumption and its cost.
#[derive(Debug, Clone, Copy)]
struct Found {
    cell: usize,
    value: u8,
    nested: bool,
    /// Nested assumptions (trials among the steps), then steps.
    cost: (usize, usize),
}

/// Follows `t` (the assumption written) for at most `max` deductions, and until `until` (a
/// start and a time in ms) when given: the steps taken (with words when asked) and the break,
/// if any.
fn follow(
    t: &mut dyn Trial,
    (nested, words): (bool, bool),
    max: usize,
    looks: &mut usize,
    until: Option<(Instant, f64)>,
) -> (Vec<(String, Vec<usize>, String, bool)>, Option<(Vec<usize>, String)>) {
    let mut steps = Vec::new();
    loop {
        if until.is_some_and(|(t0, ms)| t0.elapsed().as_secs_f64() * 1000.0 > ms) {
            return (steps, None);
        }
        *looks += 1;
        match t.next(nested, words) {
            Next::Step { rule, cells, sentence, assumes } => {
                steps.push((rule, cells, sentence, assumes));
                if steps.len() > max {
                    return (steps, None);
                }
            }
            Next::Broken { cells, sentence } => return (steps, Some((cells, sentence))),
            Next::Nothing => return (steps, None),
        }
    }
}

/// The shortest contradiction chain within `budget` that rules out a value the answer (`text`,
/// one character a cell) does not have at an undecided cell, as a step; `None` when the kind has
/// no [`Trial`] or nothing breaks within the budget. `known` and `total` (cells decided and in
/// all) are for the sentence.
pub fn contradiction_chain<P: Playable>(
    p: &P,
    marks: &P::Marks,
    text: &[char],
    budget: Budget,
    (known, total): (usize, usize),
) -> Option<Step> {
    let base = p.trial(marks)?;
    let started = Instant::now();
    let cells: Vec<usize> = base.open_cells().into_iter().filter(|&c| c < text.len()).collect();
    let mut looks = 0usize;
    for nested in [false, true] {
        let mut best: Option<Found> = None;
        let mut left = budget.further;
        'cells: for &c in &cells {
            let right = P::answer_mark(text[c], true);
            for v in base.values(c) {
                if v == right || base.rule_out(c, v).is_none() {
                    continue;
                }
                if looks >= budget.looks || started.elapsed().as_secs_f64() * 1000.0 > budget.ms {
                    break 'cells;
                }
                if best.is_some() {
                    if left == 0 {
                        break 'cells;
                    }
                    left -= 1;
                }
                let max = best.map_or(budget.steps, |b| b.cost.1);
                let mut t = base.fork();
                t.assume(c, v);
                let until = Some((started, budget.ms));
                let (steps, broken) = follow(t.as_mut(), (nested, false), max, &mut looks, until);
                if broken.is_none() {
                    continue;
                }
                let cost = (steps.iter().filter(|s| s.3).count(), steps.len());
                if best.is_none_or(|b| cost < b.cost) {
                    best = Some(Found { cell: c, value: v, nested, cost });
                }
                if cost == (0, 0) {
                    break 'cells;
                }
            }
        }
        if let Some(f) = best {
            if let Some(s) = tell(base.as_ref(), f, budget, (known, total)) {
                return Some(s);
            }
        }
    }
    None
}

/// The found chain followed again with words, as a step: the assumption, each deduction, the
/// rule it breaks and the conclusion, each drawn.
fn tell(
    base: &dyn Trial,
    f: Found,
    budget: Budget,
    (known, total): (usize, usize),
) -> Option<Step> {
    let mut t = base.fork();
    t.assume(f.cell, f.value);
    let mut looks = 0;
    let (steps, broken) = follow(t.as_mut(), (f.nested, true), budget.steps, &mut looks, None);
    let (bad, why) = broken?;
    let (marks, so) = base.rule_out(f.cell, f.value)?;
    let mut s = format!(
        "No rule decides another cell here ({known} of {total} decided), but one assumption breaks the rules. Suppose {}.",
        base.suppose(f.cell, f.value)
    );
    for (i, (_, _, sentence, _)) in steps.iter().enumerate() {
        let sentence = sentence.trim_end_matches('.');
        s += &format!(" {} {}.", if i == 0 { "Then" } else { "Next," }, lower_first(sentence));
    }
    s += &format!(" But now {why}. So {so}.");
    let mut figures = vec![Figure { label: "the assumption".into(), cells: vec![f.cell] }];
    for (i, (rule, cells, _, _)) in steps.iter().enumerate() {
        figures.push(Figure { label: format!("step {}: {rule}", i + 1), cells: cells.clone() });
    }
    figures.push(Figure { label: "where it breaks".into(), cells: bad.clone() });
    let nested = steps.iter().filter(|x| x.3).count();
    let mut clues = vec![
        base.suppose(f.cell, f.value),
        format!("{} step{}", steps.len(), if steps.len() == 1 { "" } else { "s" }),
    ];
    if nested > 0 {
        clues.push(format!("{nested} nested trial{}", if nested == 1 { "" } else { "s" }));
    }
    Some(Step {
        rule: CHAIN_RULE.into(),
        rank: u8::MAX - 1,
        difficulty: "beyond the rules (a contradiction chain)".into(),
        cells: vec![f.cell],
        marks,
        reasons: bad,
        clues,
        figures,
        sentence: s,
    })
}

/// The sentence with its first letter in lower case (to follow "Then").
fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().chain(c).collect(),
        None => String::new(),
    }
}
