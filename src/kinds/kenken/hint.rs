//! Explained hints for KenKen: the propagation rules of [`super::propagate`] (cage tuples and
//! naked singles: easy; hidden singles and cage-forced digits: medium) applied one cage, cell or
//! line at a time, simplest first, so the hints use exactly the rules the rating counts.
//!
//! The marks are the page's ([`super::page::STRIDE`] bytes a cell: the digit, then the pencil
//! mask). A cell's candidates are its pencil marks (all digits when it has none) less the digits
//! placed in its row and column, as in a Sudoku app with automatic candidates; a step places
//! digits or writes the narrowed candidates as pencil marks.

use super::model::{Cage, KenKen, Op};
use super::page::{self, STRIDE};
use super::propagate::{cage_forced, PROPAGATE_LIMIT};
use super::tuples::{self, Domain, Tuples};
use crate::hint::{and_list, cell_words, Hint, Step};

/// The rating's words for each rank (as [`super::solve`] writes them).
const DIFFICULTY: [&str; 2] = ["easy (propagation alone)", "medium (propagation alone)"];

/// The candidates of every cell: a placed digit alone, else the pencil marks (all digits when
/// none) less the digits placed in the cell's row and column.
pub fn candidates(p: &KenKen, marks: &[u8]) -> Vec<Domain> {
    let n = p.size();
    let digits = page::digits_of(marks, n);
    let full = tuples::full(n);
    let mut row = vec![0 as Domain; n];
    let mut col = vec![0 as Domain; n];
    for (i, &d) in digits.iter().enumerate() {
        if d != 0 && d as usize <= n {
            row[i / n] |= 1 << (d - 1);
            col[i % n] |= 1 << (d - 1);
        }
    }
    (0..n * n)
        .map(|i| {
            let d = digits[i];
            if d != 0 {
                return if d as usize <= n { 1 << (d - 1) } else { 0 };
            }
            let pencil = page::pencil(marks, i) & full;
            let base = if pencil == 0 { full } else { pencil };
            base & !row[i / n] & !col[i % n]
        })
        .collect()
}

fn digit_list(d: Domain) -> String {
    let v: Vec<String> = tuples::digits(d).map(|x| x.to_string()).collect();
    match v.len() {
        0 => "nothing".into(),
        1 => v[0].clone(),
        _ => {
            let (last, rest) = v.split_last().expect("two or more");
            format!("{} or {last}", rest.join(", "))
        }
    }
}

fn digits_and(d: Domain) -> String {
    and_list(&tuples::digits(d).collect::<Vec<_>>())
}

/// The cage as people name it: `the 3× cage at row 2, column 1`.
fn cage_words(n: usize, cage: &Cage) -> String {
    let at = cage.cells.first().map(|&c| cell_words(n, c)).unwrap_or_default();
    match cage.op {
        Op::Given => format!("the given {} at {at}", cage.target),
        _ => format!("the {} cage at {at}", cage.clue()),
    }
}

fn tuple_text(cage: &Cage, t: &[u8]) -> String {
    let sep = match cage.op {
        Op::Add => "+",
        Op::Mul => "·",
        Op::Sub => "−",
        Op::Div => "÷",
        Op::Given | Op::Blank => "",
    };
    let mut t = t.to_vec();
    if matches!(cage.op, Op::Sub | Op::Div) {
        // Larger by smaller, as the rule reads (the cells' order shows in the conclusions).
        t.sort_unstable_by(|a, b| b.cmp(a));
    }
    t.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(sep)
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// The tuples as text, each written once (`−` and `÷` read larger by smaller).
fn tuple_list(cage: &Cage, ts: &[Vec<u8>]) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    ts.iter().map(|t| tuple_text(cage, t)).filter(|x| seen.insert(x.clone())).collect()
}

/// The mark changes that place `d` in `cell`.
fn place(cell: usize, d: u8) -> Vec<(usize, u8)> {
    page::set_digit(cell, d)
}

/// The mark changes that set `cell`'s pencil marks to `m`.
fn pencil(cell: usize, m: Domain) -> Vec<(usize, u8)> {
    vec![(cell * STRIDE + 1, (m & 0xff) as u8), (cell * STRIDE + 2, (m >> 8) as u8)]
}

/// Narrowing cells to new candidate sets: a single digit is placed, more are written in pencil.
fn narrow(changes: &[(usize, Domain)]) -> Vec<(usize, u8)> {
    changes
        .iter()
        .flat_map(|&(c, m)| if m.count_ones() == 1 { place(c, m.trailing_zeros() as u8 + 1) } else { pencil(c, m) })
        .collect()
}

#[allow(clippy::too_many_arguments)]
fn step(rank: usize, rule: &str, cells: Vec<usize>, marks: Vec<(usize, u8)>, reasons: Vec<usize>, clues: Vec<String>, sentence: String) -> Step {
    Step { rule: rule.into(), rank: rank as u8, difficulty: DIFFICULTY[rank].into(), cells, marks, reasons, clues, figures: vec![], sentence }
}

/// The cells of line `l` (rows `0..n`, then columns).
fn line_cells(n: usize, l: usize) -> Vec<usize> {
    if l < n {
        (0..n).map(|j| l * n + j).collect()
    } else {
        (0..n).map(|j| j * n + (l - n)).collect()
    }
}

fn line_words(n: usize, l: usize) -> String {
    if l < n {
        format!("row {}", l + 1)
    } else {
        format!("column {}", l - n + 1)
    }
}

/// The marks break a rule: the cells and the words.
fn broken(cells: Vec<usize>, words: String) -> Hint {
    Hint::Mistake { cells, sentence: format!("The marks break the rules: {words}. Fix that first.") }
}

/// The next step for `marks`; see the module documentation.
pub fn next_step(p: &KenKen, marks: &[u8]) -> Hint {
    let n = p.size();
    let digits = page::digits_of(marks, n);
    let dom = candidates(p, marks);
    // Marks that already break the rules.
    let repeated = page::repeated(n, &digits);
    if let Some(i) = repeated.iter().position(|&b| b) {
        let bad: Vec<usize> = (0..n * n).filter(|&j| repeated[j]).collect();
        return broken(bad, format!("the {} at {} repeats in its row or column", digits[i], cell_words(n, i)));
    }
    if let Some(i) = dom.iter().position(|&d| d == 0) {
        return broken(vec![i], format!("no digit is left for {} (its pencil marks and its row and column rule every one out)", cell_words(n, i)));
    }
    // Naked singles: one candidate left.
    for i in 0..n * n {
        if digits[i] == 0 && dom[i].count_ones() == 1 {
            let d = dom[i].trailing_zeros() as u8 + 1;
            let (r, c) = (i / n, i % n);
            let reasons: Vec<usize> = (0..n).flat_map(|j| [r * n + j, j * n + c]).filter(|&j| j != i && digits[j] != 0).collect();
            let sentence = format!(
                "{} can only hold {d}: every other digit is already in its row or column{}.",
                capitalise(&cell_words(n, i)),
                if page::pencil(marks, i) != 0 { " or was ruled out from its candidates" } else { "" }
            );
            return Hint::Step(step(0, "Naked single", vec![i], place(i, d), reasons, vec![cell_words(n, i)], sentence));
        }
    }
    // Cage tuples: each cage keeps the digits some tuple of it uses.
    let mut all_tuples: Vec<Option<Vec<Vec<u8>>>> = Vec::with_capacity(p.cages().len());
    for cage in p.cages() {
        let ts = match tuples::tuples(n, cage, &dom, PROPAGATE_LIMIT) {
            Tuples::All(ts) => ts,
            Tuples::TooMany => {
                all_tuples.push(None);
                continue;
            }
        };
        if ts.is_empty() {
            return broken(cage.cells.iter().copied().filter(|&c| digits[c] != 0 || page::pencil(marks, c) != 0).collect(), format!("no digits fit {}", cage_words(n, cage)));
        }
        all_tuples.push(Some(ts));
    }
    for (k, cage) in p.cages().iter().enumerate() {
        let Some(ts) = &all_tuples[k] else { continue };
        let mut changes = Vec::new();
        for (i, &c) in cage.cells.iter().enumerate() {
            let support = ts.iter().fold(0 as Domain, |m, t| m | 1 << (t[i] - 1));
            if digits[c] == 0 && dom[c] & support != dom[c] {
                changes.push((c, dom[c] & support));
            }
        }
        if changes.is_empty() {
            continue;
        }
        let fits = if ts.len() <= 6 {
            let list = tuple_list(cage, ts);
            if list.len() == 1 {
                format!("only {} fits", list[0])
            } else {
                format!("only {} fit", and_list(&list))
            }
        } else {
            format!("{} ways to fill it fit", ts.len())
        };
        let what: Vec<String> = changes.iter().map(|&(c, m)| format!("{} {} {}", cell_words(n, c), if m.count_ones() == 1 { "holds" } else { "can hold only" }, digit_list(m))).collect();
        let same = changes.iter().all(|&(_, m)| m == changes[0].1);
        let conclusion = if changes.len() > 1 && same && changes[0].1.count_ones() > 1 {
            if changes.len() == cage.cells.len() {
                format!("each of its cells can hold only {}", digit_list(changes[0].1))
            } else {
                format!("{} can each hold only {}", and_list(&changes.iter().map(|&(c, _)| cell_words(n, c)).collect::<Vec<_>>()), digit_list(changes[0].1))
            }
        } else {
            and_list(&what)
        };
        let sentence = if cage.op == Op::Given {
            format!("{} holds the given {}.", capitalise(&cell_words(n, cage.cells[0])), cage.target)
        } else {
            format!("{}: with the digits its cells can still take, {fits}; so {conclusion}.", capitalise(&cage_words(n, cage)))
        };
        let cells: Vec<usize> = changes.iter().map(|&(c, _)| c).collect();
        let rule = if cage.op == Op::Given { "Given digit" } else { "Cage arithmetic" };
        return Hint::Step(step(0, rule, cells, narrow(&changes), cage.cells.clone(), vec![cage_words(n, cage)], sentence));
    }
    // Hidden singles: a digit with one place left in a line.
    for l in 0..2 * n {
        let cells = line_cells(n, l);
        for d in 1..=n as u8 {
            if cells.iter().any(|&c| digits[c] == d) {
                continue;
            }
            let places: Vec<usize> = cells.iter().copied().filter(|&c| digits[c] == 0 && dom[c] >> (d - 1) & 1 == 1).collect();
            match places.as_slice() {
                [] => return broken(cells.iter().copied().filter(|&c| digits[c] != 0).collect(), format!("{} has no place left for a {d}", line_words(n, l))),
                [only] => {
                    let sentence = format!(
                        "{} needs a {d}, and {} is the only cell of it that can still hold one (the others are filled or have {d} ruled out), so the {d} goes there.",
                        capitalise(&line_words(n, l)),
                        cell_words(n, *only)
                    );
                    return Hint::Step(step(1, "Hidden single", vec![*only], place(*only, d), cells.clone(), vec![line_words(n, l)], sentence));
                }
                _ => {}
            }
        }
    }
    // Cage-forced digits: what every tuple puts in a line within the cage leaves the rest of it.
    for (k, cage) in p.cages().iter().enumerate() {
        let Some(ts) = &all_tuples[k] else { continue };
        for l in 0..2 * n {
            let forced = cage_forced(n, &cage.cells, ts, l);
            if forced == 0 {
                continue;
            }
            let changes: Vec<(usize, Domain)> = line_cells(n, l)
                .into_iter()
                .filter(|&c| p.cage_of(c) != k && digits[c] == 0 && dom[c] & forced != 0)
                .map(|c| (c, dom[c] & !forced))
                .collect();
            if changes.is_empty() {
                continue;
            }
            let fits = if ts.len() <= 6 {
                let list = tuple_list(cage, ts);
                format!("can only be {}", list.join(" or "))
            } else {
                format!("has {} ways to be filled", ts.len())
            };
            let what: Vec<String> = changes.iter().map(|&(c, m)| format!("{} keeps {}", cell_words(n, c), digit_list(m))).collect();
            let sentence = format!(
                "{} {fits}; every way puts {} in its cells in {}, so {} nowhere else in {}: {}.",
                capitalise(&cage_words(n, cage)),
                digits_and(forced),
                line_words(n, l),
                if forced.count_ones() == 1 { "that digit goes" } else { "those digits go" },
                line_words(n, l),
                and_list(&what)
            );
            let cells: Vec<usize> = changes.iter().map(|&(c, _)| c).collect();
            return Hint::Step(step(1, "Cage-forced digits", cells, narrow(&changes), cage.cells.clone(), vec![cage_words(n, cage), line_words(n, l)], sentence));
        }
    }
    let total = n * n;
    let known = digits.iter().filter(|&&d| d != 0).count();
    if known == total {
        if page::solved(p, &digits) {
            Hint::Solved { sentence: "Every cell has its digit and every cage adds up: solved.".into() }
        } else {
            let bad: Vec<usize> = page::broken_cages(p, &digits).iter().enumerate().filter(|(_, &b)| b).flat_map(|(k, _)| p.cages()[k].cells.clone()).collect();
            broken(bad, "a cage's digits do not reach its target".into())
        }
    } else {
        Hint::Stuck {
            sentence: format!(
                "Propagation stops here: {known} of {total} cells have digits, and no rule (cage arithmetic, naked and hidden singles, cage-forced digits) narrows another cell. The rest needs search (trying a digit and following it)."
            ),
            known,
            total,
        }
    }
}

/// The cells whose marks contradict the answer: a wrong digit, or pencil marks (on a cell with
/// no digit) that leave out the answer's digit.
pub fn hint_mistakes(answer: &str, marks: &[u8]) -> Vec<usize> {
    let wrong_digits = page::mistakes(answer, marks);
    let mut out: Vec<usize> = answer
        .chars()
        .enumerate()
        .filter(|&(i, a)| {
            let m = page::pencil(marks, i);
            page::digit(marks, i) == 0 && m != 0 && super::formats::char_digit(a).is_some_and(|d| d >= 1 && m >> (d - 1) & 1 == 0)
        })
        .map(|(i, _)| i)
        .chain(wrong_digits)
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}
