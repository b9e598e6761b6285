//! Explained hints: the next step a person can take, with its rule, the cells it changes, what
//! justifies it and a sentence, for every kind through the contract's play part ([`Playable`]). The vocabulary
//! ([`Step`], [`Figure`], [`Hint`], [`Explanation`]) is the leaf module [`crate::step`], re-exported here.
//!
//! A kind implements [`Playable::next_step`] (the default says the kind has no step-by-step logic)
//! on top of the same rules its rating uses, so a hint never needs more than the rating says. The
//! shared parts live here:
//! - [`hint`]: mistakes first (the player's marks against the proven answer, by the kind's
//!   [`Playable::hint_mistakes`]); only marks that agree with the answer are reasoned from;
//! - [`explain`]: every step from the empty grid until the answer or until logic stops, with the
//!   hardest rule used;
//! - [`apply`]: a step's mark changes written into the kind's typed marks (the page's Apply
//!   writes them into the workshop's bytes with [`crate::marks::apply_bytes`]);
//! - where the rules stop and the answer is known, a reveal: the shortest contradiction chain
//!   that rules out one value of one cell ([`chain`]), else the answer's value at one cell.
//!
//! Every step is a sound deduction from the marks (tested against the proven answer on random and
//! benchmark puzzles, from the empty grid and from random correct partial marks).

use crate::marks::Marks;
use crate::play::Playable;
pub use crate::step::{Explanation, Figure, Hint, Step};

pub mod chain;

/// The warm-up's step for `marks` ([`Playable::warm_step`]): cheap, and dropped by the page.
pub fn warm<P: Playable>(p: &P, marks: &P::Marks) -> Hint {
    p.warm_step(marks)
}

/// The next hint for `marks`: the first mistake against `answer` (the proven unique answer, when
/// known), else the kind's next step.
pub fn hint<P: Playable>(p: &P, marks: &P::Marks, answer: Option<&P::Solution>) -> Hint {
    hint_from(p, marks, answer, None)
}

/// [`hint`], given the step already found from `marks` alone (`found`: what [`hint`] without an
/// answer returned for the same marks). The worker shows that step at once, before the answer is
/// solved, and then checks the marks against the answer without finding the step again (on a
/// big Star Battle one step can take a second). A kind measured by an optimum reads the answer
/// in its step, so `found` is not used for it.
pub fn hint_from<P: Playable>(
    p: &P,
    marks: &P::Marks,
    answer: Option<&P::Solution>,
    found: Option<Hint>,
) -> Hint {
    if let Some(a) = answer {
        let text = p.solution_rows(a).concat();
        let wrong = P::hint_mistakes(&text, marks);
        if let Some(&first) = wrong.first() {
            let more = match wrong.len() {
                1 => String::new(),
                n => format!(
                    " ({} more wrong mark{} after it)",
                    n - 1,
                    if n == 2 { "" } else { "s" }
                ),
            };
            return Hint::Mistake {
                sentence: format!(
                    "First fix a mistake: the mark at {} does not agree with the answer{more}. A step deduced from a wrong mark would be worthless.",
                    p.cell_name(first)
                ),
                cells: wrong,
            };
        }
    }
    let step = match found {
        Some(h) if P::optimum().is_none() => h,
        _ => p.next_step(marks, answer),
    };
    match (step, answer) {
        // Only for kinds whose marks are the grid's cells (not the moves of a kind measured by an
        // optimum, whose steps read the answer already) and a stop counted in those cells.
        (Hint::Stuck { sentence, known, total }, Some(a))
            if P::optimum().is_none() && total == p.cell_count() && known < total =>
        {
            match reveal(p, marks, a, known, total) {
                Some(step) => Hint::Step(step),
                None => Hint::Stuck { sentence, known, total },
            }
        }
        (h, _) => h,
    }
}

/// The rule name of a step taken from the proven answer where the rules stop.
pub const REVEAL_RULE: &str = "From the proven answer";
/// Cells of the answer weighed for a reveal.
const REVEAL_CANDIDATES: usize = 6;
/// Steps of logic a candidate is weighed by: the cells the rules decide within them after it.
const REVEAL_STEPS: usize = 30;

/// Where the rules stop (`known` of `total` cells decided) and the proven unique answer is
/// known: first the shortest contradiction chain within the hint's budget ([`chain`]); when
/// none breaks, the answer's value at one undecided cell, as a step the player can apply, so a
/// hint never leaves the player stuck. Among a few undecided cells spread over the grid (filled
/// ones first, the stars and black cells that tell the rules most), the one after which the
/// rules decide the most cells within [`REVEAL_STEPS`] steps: the rules below the kind's own
/// assumptions ([`Playable::trial`]) when it has them apart, so weighing stays cheap on a big
/// board where the whole ladder stops. The sentence says it comes from the search, not from a
/// rule. `None` when no cell is undecided.
fn reveal<P: Playable>(
    p: &P,
    marks: &P::Marks,
    answer: &P::Solution,
    known: usize,
    total: usize,
) -> Option<Step> {
    let text: Vec<char> = p.solution_rows(answer).concat().chars().collect();
    if let Some(step) = chain::contradiction_chain(p, marks, &text, chain::HINT, (known, total)) {
        return Some(step);
    }
    let open: Vec<usize> =
        (0..p.cell_count().min(text.len())).filter(|&c| marks.value(c) == 0).collect();
    let filled: Vec<usize> = open.iter().copied().filter(|&c| text[c] != '.').collect();
    let pool = if filled.is_empty() { &open } else { &filled };
    if pool.is_empty() {
        return None;
    }
    let stride = pool.len().div_ceil(REVEAL_CANDIDATES).max(1);
    let with = |c: usize| {
        let mut m = marks.clone();
        m.apply(&P::Marks::place(c, P::answer_mark(text[c], true)));
        m
    };
    // Per candidate: the cells the rules decide within a few steps once it is known, and how
    // that walk ended (finished, stopped again, or cut at the cap).
    #[derive(Clone, Copy, PartialEq)]
    enum End {
        Finished,
        Stopped,
        Cut,
    }
    // The rules below the kind's own assumptions weigh a candidate when the kind offers a
    // trial (a look of those costs microseconds; a look of the whole ladder on a big board
    // where it stops tries every open cell, 30 to 100 ms a candidate on a 21x21 Star Battle).
    let base = p.trial(marks);
    let weigh = |c: usize| -> (usize, End) {
        let mut decided = std::collections::BTreeSet::new();
        if let Some(base) = &base {
            let mut t = base.fork();
            t.assume(c, P::answer_mark(text[c], true));
            for _ in 0..REVEAL_STEPS {
                match t.next(false, false) {
                    crate::trial::Next::Step { cells, .. } => decided.extend(cells),
                    _ if t.open_cells().is_empty() => return (decided.len(), End::Finished),
                    _ => return (decided.len(), End::Stopped),
                }
            }
            return (decided.len(), End::Cut);
        }
        let mut m = with(c);
        for _ in 0..REVEAL_STEPS {
            match p.next_step(&m, Some(answer)) {
                Hint::Step(s) => {
                    let before = m.clone();
                    apply(&mut m, &s);
                    if m == before {
                        return (decided.len(), End::Stopped);
                    }
                    decided.extend(s.cells.iter().copied());
                }
                Hint::Solved { .. } => return (decided.len(), End::Finished),
                _ => return (decided.len(), End::Stopped),
            }
        }
        (decided.len(), End::Cut)
    };
    let mut best: Option<(usize, usize, End)> = None;
    for &c in pool.iter().step_by(stride) {
        let (decided, end) = weigh(c);
        if best.is_none_or(|(_, n, _)| decided > n) {
            best = Some((c, decided, end));
        }
    }
    let (cell, follows, end) = best?;
    let searched = if base.is_some() {
        format!(", and no assumption breaks the rules within the hint's bounds (chains of up to {} steps)", chain::HINT.steps)
    } else {
        String::new()
    };
    let value = P::answer_mark(text[cell], true);
    let cells =
        |n: usize| if n == 1 { "1 more cell".to_string() } else { format!("{n} more cells") };
    // What weighed the cell: the rules without assumptions when the kind has them apart.
    let rules = if base.is_some() { "the rules without assumptions" } else { "the rules" };
    let after = match (follows, end) {
        (_, End::Finished) => format!("With it, {rules} finish the puzzle ({}).", cells(follows)),
        (0, _) if base.is_some() => {
            format!("With it, {rules} find nothing more; the next hint goes on from here.")
        }
        (0, _) => "The rules find nothing more after it either; the next hint gives another cell."
            .to_string(),
        (n, End::Stopped) => {
            format!("With it, {rules} decide {} before they stop again.", cells(n))
        }
        (n, End::Cut) => {
            format!("With it, {rules} go on: {} within the next {REVEAL_STEPS} steps.", cells(n))
        }
    };
    Some(Step {
        rule: REVEAL_RULE.into(),
        rank: u8::MAX,
        difficulty: "beyond logic (needs search)".into(),
        cells: vec![cell],
        marks: P::Marks::place(cell, value),
        reasons: Vec::new(),
        clues: Vec::new(),
        figures: Vec::new(),
        sentence: format!(
            "No rule decides another cell from here ({known} of {total} decided){searched}, so this step comes from the solver's search: its answer, proven the only one, has {} at {}. {after}",
            p.reveal_words(text[cell]),
            p.cell_name(cell)
        ),
    })
}

/// Writes a step's mark changes into `marks` (the page's bytes take them with
/// [`crate::marks::apply_bytes`]).
pub fn apply<M: Marks>(marks: &mut M, step: &Step) {
    marks.apply(&step.marks);
}

/// Steps at most in [`explain`] (a guard against a rule that makes no progress).
const STEPS_MAX: usize = 200_000;

/// Every step from `marks` (empty for the whole solve) until the kind's logic ends.
pub fn explain_from<P: Playable>(
    p: &P,
    mut marks: P::Marks,
    answer: Option<&P::Solution>,
) -> Explanation {
    let mut steps: Vec<Step> = Vec::new();
    let end = loop {
        match p.next_step(&marks, answer) {
            Hint::Step(s) => {
                let before = marks.clone();
                apply(&mut marks, &s);
                if marks == before || steps.len() >= STEPS_MAX {
                    break Hint::Stuck {
                        sentence: format!("The step \"{}\" changed nothing; stopped after {} steps (an internal error).", s.rule, steps.len()),
                        known: 0,
                        total: 0,
                    };
                }
                steps.push(s);
            }
            other => break other,
        }
    };
    let hardest =
        steps.iter().max_by_key(|s| s.rank).map(|s| (s.rule.clone(), s.difficulty.clone()));
    Explanation { steps, end, hardest }
}

/// Every step from the empty grid.
pub fn explain<P: Playable>(p: &P, answer: Option<&P::Solution>) -> Explanation {
    explain_from(p, P::Marks::default(), answer)
}

/// Every step from the empty grid as [`explain`], and wherever the rules stop with the answer
/// known, a contradiction chain ([`chain`], within `budget` each) and the rules again from there:
/// how far the hints go with their reveals when every reveal is a chain. It ends where no chain
/// breaks within the budget (or at the answer).
pub fn explain_with_chains<P: Playable>(
    p: &P,
    answer: Option<&P::Solution>,
    budget: chain::Budget,
) -> Explanation {
    let mut x = explain(p, answer);
    let Some(a) = answer else { return x };
    let text: Vec<char> = p.solution_rows(a).concat().chars().collect();
    let mut marks = P::Marks::default();
    for s in &x.steps {
        apply(&mut marks, s);
    }
    while let Hint::Stuck { known, total, .. } = x.end {
        if P::optimum().is_some() || total != p.cell_count() || x.steps.len() >= STEPS_MAX {
            break;
        }
        let Some(step) = chain::contradiction_chain(p, &marks, &text, budget, (known, total))
        else {
            break;
        };
        let before = marks.clone();
        apply(&mut marks, &step);
        if marks == before {
            break;
        }
        x.steps.push(step);
        let rest = explain_from(p, marks.clone(), answer);
        for s in &rest.steps {
            apply(&mut marks, s);
        }
        x.steps.extend(rest.steps);
        x.end = rest.end;
    }
    x.hardest =
        x.steps.iter().max_by_key(|s| s.rank).map(|s| (s.rule.clone(), s.difficulty.clone()));
    x
}

/// A cell as people name it: `row 3, column 4` (1-based) on a grid `cols` wide.
pub fn cell_words(cols: usize, i: usize) -> String {
    format!("row {}, column {}", i / cols.max(1) + 1, i % cols.max(1) + 1)
}

/// A list in words: `4`, `4 and 5`, `4, 5 and 9`.
pub fn and_list<T: std::fmt::Display>(items: &[T]) -> String {
    match items {
        [] => String::new(),
        [a] => a.to_string(),
        [rest @ .., last] => format!(
            "{} and {last}",
            rest.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ")
        ),
    }
}

/// Numbers as runs where they are consecutive: `4 to 7`, `2, 4 and 9 to 11`.
pub fn ranges(items: &[usize]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < items.len() {
        let mut j = i;
        while j + 1 < items.len() && items[j + 1] == items[j] + 1 {
            j += 1;
        }
        match j - i {
            0 => parts.push(items[i].to_string()),
            // Two neighbours are two items of the list: `1, 4 and 5`, never `1 and 4, 5`.
            1 => parts.extend([items[i].to_string(), items[j].to_string()]),
            _ => parts.push(format!("{} to {}", items[i], items[j])),
        }
        i = j + 1;
    }
    and_list(&parts)
}

/// A kind's hint from its logic state, for kinds whose broken rules need no words of their
/// own: the first deduction up to `upto` as a step (`mark` turns each change into the byte
/// edits of the kind's marks, made by its [`Marks`] type), a broken rule as the mistake, and when no rule finds anything, solved
/// (`solved`) or stuck (`stuck`, from the values known and in all).
pub fn from_logic<L: crate::deduce::Logic>(
    state: &mut L,
    upto: u8,
    mark: impl Fn(&L::Change) -> Vec<(usize, u8)>,
    solved: &str,
    stuck: impl FnOnce(usize, usize) -> String,
) -> Hint {
    use crate::deduce::Found;
    match state.find(upto) {
        Found::Deduction(d) => {
            let marks = d.changes.iter().flat_map(&mark).collect();
            Hint::Step(d.into_step(L::LADDER, marks))
        }
        Found::Broken { cells, sentence } => Hint::Mistake { cells, sentence },
        Found::Nothing => {
            let (known, total) = state.known();
            if known == total {
                Hint::Solved { sentence: solved.into() }
            } else {
                Hint::Stuck { sentence: stuck(known, total), known, total }
            }
        }
    }
}
