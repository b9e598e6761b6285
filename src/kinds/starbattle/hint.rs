//! Explained hints for Star Battle: the rules of [`super::logic`] (singles, 2x2 blocks,
//! confinement, probing) applied one unit at a time, with the cells and regions that justify
//! each step, simplest rule first, so the hints use exactly the rules the rating counts.
//!
//! The marks are the page's (0 open, 1 star, 2 no star). Singles, blocks and confinement test
//! the same conditions as [`Logic`]'s whole-grid passes (so where those passes fix a cell, a step
//! is found); probing uses [`Logic::propagate`] itself to find the cell and then retraces the
//! simple rules from the assumed star to name where they break.

use super::logic::{Cell, Logic, Rule, Window, WINDOWS_MAX};
use super::StarBattle;
use crate::hint::{and_list, cell_words, Figure, Hint, Step};

/// A step, or the words for a contradiction the marks (or an assumed star) run into.
type Found = Result<Option<Step>, Contra>;

/// A contradiction: where, in words, and the cells involved.
#[derive(Debug, Clone)]
pub struct Contra {
    words: String,
    cells: Vec<usize>,
}

/// The cells as the rules see them: the start (cells outside every region are empty) with the
/// marks on top (1 star, 2 no star).
pub fn cells_of(logic: &Logic, marks: &[u8]) -> Vec<Cell> {
    let mut cells = logic.start();
    for (i, c) in cells.iter_mut().enumerate() {
        if *c == Cell::Open {
            *c = match marks.get(i).copied().unwrap_or(0) {
                1 => Cell::Star,
                2 => Cell::Empty,
                _ => Cell::Open,
            };
        }
    }
    cells
}

/// The name of unit `u` (rows, columns, then regions), capitalised or not.
fn unit_name(logic: &Logic, u: usize, cap: bool) -> String {
    let n = logic.n;
    let s = if u < n {
        format!("row {}", u + 1)
    } else if u < 2 * n {
        format!("column {}", u - n + 1)
    } else {
        format!("region {}", StarBattle::letter((u - 2 * n) as u8))
    };
    if cap {
        capitalise(&s)
    } else {
        s
    }
}

fn pair_name(logic: &Logic, q: usize, cap: bool) -> String {
    let n = logic.n;
    let s = if q + 1 < n { format!("rows {} and {}", q + 1, q + 2) } else { format!("columns {} and {}", q - (n - 1) + 1, q - (n - 1) + 2) };
    if cap {
        capitalise(&s)
    } else {
        s
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

fn stars_word(k: usize) -> String {
    format!("{k} star{}", if k == 1 { "" } else { "s" })
}

fn step(rule: Rule, name: &str, cells: Vec<usize>, value: u8, reasons: Vec<usize>, clues: Vec<String>, figures: Vec<Figure>, sentence: String) -> Step {
    Step {
        rule: name.into(),
        rank: rule as u8,
        difficulty: rule.difficulty().into(),
        marks: cells.iter().map(|&i| (i, value)).collect(),
        cells,
        reasons,
        clues,
        figures,
        sentence,
    }
}

/// Singles: a star's neighbours, a full unit's other cells, a unit with just enough room.
fn singles(logic: &Logic, cells: &[Cell]) -> Found {
    let n = logic.n;
    for i in 0..cells.len() {
        if cells[i] != Cell::Star {
            continue;
        }
        let (r, c) = (i / n, i % n);
        let mut open = Vec::new();
        for rr in r.saturating_sub(1)..=(r + 1).min(n - 1) {
            for cc in c.saturating_sub(1)..=(c + 1).min(n - 1) {
                let j = rr * n + cc;
                if j == i {
                    continue;
                }
                match cells[j] {
                    Cell::Open => open.push(j),
                    Cell::Star => return Err(Contra { words: format!("the stars at {} and {} would touch", cell_words(n, i.min(j)), cell_words(n, i.max(j))), cells: vec![i, j] }),
                    Cell::Empty => {}
                }
            }
        }
        if !open.is_empty() {
            let sentence = format!("The star at {} touches the cells around it, so none of its {} open neighbours can hold a star.", cell_words(n, i), open.len());
            return Ok(Some(step(Rule::Singles, "Neighbours of a star", open, 2, vec![i], vec![format!("star at {}", cell_words(n, i))], vec![], sentence)));
        }
    }
    for (u, unit) in logic.units.iter().enumerate() {
        let stars = unit.iter().filter(|&&i| cells[i] == Cell::Star).count();
        let open: Vec<usize> = unit.iter().copied().filter(|&i| cells[i] == Cell::Open).collect();
        if stars > logic.k {
            return Err(Contra { words: format!("{} would hold {} stars, more than {}", unit_name(logic, u, false), stars, logic.k), cells: unit.clone() });
        }
        if stars + open.len() < logic.k {
            return Err(Contra {
                words: format!("{} would have room for only {} of its {}", unit_name(logic, u, false), stars + open.len(), stars_word(logic.k)),
                cells: unit.clone(),
            });
        }
        if open.is_empty() {
            continue;
        }
        let reasons: Vec<usize> = unit.iter().copied().filter(|&i| cells[i] != Cell::Open).collect();
        if stars == logic.k {
            let sentence = format!("{} has its {} already, so its other cells have no star.", unit_name(logic, u, true), stars_word(logic.k));
            return Ok(Some(step(Rule::Singles, "Full line or region", open, 2, reasons, vec![unit_name(logic, u, false)], vec![], sentence)));
        }
        if stars + open.len() == logic.k {
            let missing = logic.k - stars;
            let sentence = if open.len() == 1 {
                format!("{} needs one more star and has just one open cell left, so the star goes there.", unit_name(logic, u, true))
            } else {
                format!("{} needs {} more and has just {} open cells left, so each of them holds a star.", unit_name(logic, u, true), stars_word(missing), open.len())
            };
            return Ok(Some(step(Rule::Singles, "Just enough room", open, 1, reasons, vec![unit_name(logic, u, false)], vec![], sentence)));
        }
    }
    Ok(None)
}

/// The cells of a 2x2 window inside the grid.
fn window_cells(n: usize, w: &Window) -> Vec<usize> {
    let (r, c) = (w.ar as usize, w.ac as usize);
    let mut v = Vec::new();
    for rr in r..(r + 2).min(n) {
        for cc in c..(c + 2).min(n) {
            v.push(rr * n + cc);
        }
    }
    v
}

/// 2x2 blocks: a unit (or pair of lines) whose open cells fit in exactly as many windows as it
/// needs stars; a window with one open cell holds the star there.
fn blocks(logic: &Logic, cells: &[Cell]) -> Found {
    let n = logic.n;
    let mut windows = [Window { anchor: 0, ar: 0, ac: 0, open: 0 }; WINDOWS_MAX];
    let units = logic.units.iter().enumerate().map(|(u, unit)| (unit, logic.k, unit_name(logic, u, false)));
    let pairs = logic.pairs.iter().enumerate().map(|(q, unit)| (unit, 2 * logic.k, pair_name(logic, q, false)));
    for (unit, cap, name) in units.chain(pairs) {
        let stars = unit.iter().filter(|&&i| cells[i] == Cell::Star).count();
        if stars >= cap {
            continue;
        }
        let need = cap - stars;
        let len = logic.windows(unit, cells, need, &mut windows);
        let open_cells: Vec<usize> = unit.iter().copied().filter(|&i| cells[i] == Cell::Open).collect();
        if len < need {
            return Err(Contra {
                words: format!("the open cells of {name} would fit in {len} 2x2 blocks of at most one star each, fewer than the {} it needs", stars_word(need)),
                cells: open_cells,
            });
        }
        if len != need {
            continue;
        }
        let singles: Vec<usize> = windows[..len].iter().filter(|w| w.open == 1 && cells[w.anchor] == Cell::Open).map(|w| w.anchor).collect();
        if singles.is_empty() {
            continue;
        }
        let figures = windows[..len].iter().map(|w| Figure { label: "2x2 block".into(), cells: window_cells(n, w) }).collect();
        let where_ = and_list(&singles.iter().map(|&i| cell_words(n, i)).collect::<Vec<_>>());
        let sentence = format!(
            "{} needs {} more, and its open cells fit into just {need} 2x2 blocks (drawn), each of which holds at most one star; so every block holds one, and a block with a single open cell has its star there: {where_}.",
            capitalise(&name),
            stars_word(need),
        );
        let rule_name = if cap == logic.k { "2x2 blocks" } else { "2x2 blocks across two lines" };
        return Ok(Some(step(Rule::Blocks, rule_name, singles, 1, open_cells, vec![name], figures, sentence)));
    }
    Ok(None)
}

fn letters(set: u64, n_regions: usize) -> Vec<String> {
    (0..n_regions).filter(|&g| set >> g & 1 == 1).map(|g| StarBattle::letter(g as u8).to_string()).collect()
}

fn band_name(by_col: bool, a: usize, b: usize) -> String {
    let w = if by_col { "column" } else { "row" };
    if a == b {
        format!("{w} {}", a + 1)
    } else if b == a + 1 {
        format!("{w}s {} and {}", a + 1, b + 1)
    } else {
        format!("{w}s {} to {}", a + 1, b + 1)
    }
}

/// Confinement: m regions inside a band of m lines fill it; m regions covering a band's open
/// cells have all their stars in it.
fn confinement(logic: &Logic, cells: &[Cell]) -> Found {
    let n = logic.n;
    let nr = logic.n_regions;
    for by_col in [false, true] {
        let line = |i: usize| if by_col { i % n } else { i / n };
        let (lo, hi, in_line) = logic.line_spans(cells, by_col);
        if let Some(g) = lo.iter().position(|&x| x == usize::MAX) {
            let cells_g: Vec<usize> = (0..cells.len()).filter(|&i| logic.region[i] == Some(g)).collect();
            return Err(Contra { words: format!("region {} would have no open cell left", StarBattle::letter(g as u8)), cells: cells_g });
        }
        for a in 0..n {
            let mut touching = 0u64;
            for b in a..n {
                let m = b - a + 1;
                if m == n {
                    break;
                }
                touching |= in_line[b];
                let inside: u64 = (0..nr).filter(|&g| lo[g] >= a && hi[g] <= b).fold(0u64, |s, g| s | 1u64 << g);
                let (ni, nt) = (inside.count_ones() as usize, touching.count_ones() as usize);
                // Words and cells only for a band where something follows.
                if ni < m && nt > m || ni == m && nt == m {
                    continue;
                }
                let band = band_name(by_col, a, b);
                let band_cells: Vec<usize> = (0..cells.len()).filter(|&i| (a..=b).contains(&line(i))).collect();
                if ni > m {
                    return Err(Contra { words: format!("{} regions would lie inside {band}, which holds only {}", ni, stars_word(m * logic.k)), cells: band_cells });
                }
                if nt < m {
                    return Err(Contra { words: format!("the open cells of {band} would lie in only {nt} regions, too few for its {}", stars_word(m * logic.k)), cells: band_cells });
                }
                let regions_text = |set: u64| {
                    let l = letters(set, nr);
                    format!("{} {}", if l.len() == 1 { "region" } else { "regions" }, and_list(&l))
                };
                if ni == m && nt > m {
                    let changed: Vec<usize> = band_cells.iter().copied().filter(|&i| cells[i] == Cell::Open && logic.region[i].map_or(true, |g| inside >> g & 1 == 0)).collect();
                    if changed.is_empty() {
                        continue;
                    }
                    let reasons: Vec<usize> = (0..cells.len()).filter(|&i| logic.region[i].is_some_and(|g| inside >> g & 1 == 1)).collect();
                    let sentence = format!(
                        "{} {} inside {band}, so {} {} are all that {band} can hold: the other cells of {band} have no star.",
                        capitalise(&regions_text(inside)),
                        if ni == 1 { "lies" } else { "lie" },
                        if ni == 1 { "its" } else { "their" },
                        stars_word(m * logic.k),
                    );
                    let figures = vec![Figure { label: band.clone(), cells: band_cells.clone() }];
                    return Ok(Some(step(Rule::Confinement, "Confinement", changed, 2, reasons, vec![band, regions_text(inside)], figures, sentence)));
                }
                if nt == m && ni < m {
                    let changed: Vec<usize> = (0..cells.len())
                        .filter(|&i| !(a..=b).contains(&line(i)) && cells[i] == Cell::Open && logic.region[i].is_some_and(|g| touching >> g & 1 == 1))
                        .collect();
                    if changed.is_empty() {
                        continue;
                    }
                    let reasons: Vec<usize> = band_cells.iter().copied().filter(|&i| cells[i] != Cell::Empty).collect();
                    let sentence = format!(
                        "The open cells of {band} all lie in {}; {band} needs {}, all that {} can hold, so {} has no star outside {band}.",
                        regions_text(touching),
                        stars_word(m * logic.k),
                        if nt == 1 { "this region" } else { "these regions" },
                        if nt == 1 { "it" } else { "none of them" },
                    );
                    let figures = vec![Figure { label: band.clone(), cells: band_cells.clone() }];
                    return Ok(Some(step(Rule::Confinement, "Confinement (converse)", changed, 2, reasons, vec![band, regions_text(touching)], figures, sentence)));
                }
            }
        }
    }
    Ok(None)
}

/// The simple rules (singles, then blocks) once: a step or a contradiction.
fn simple(logic: &Logic, cells: &[Cell]) -> Found {
    if let Some(s) = singles(logic, cells)? {
        return Ok(Some(s));
    }
    blocks(logic, cells)
}

/// Applies a step's marks to cells (1 star, 2 no star).
fn apply_cells(cells: &mut [Cell], s: &Step) {
    for &(i, m) in &s.marks {
        cells[i] = if m == 1 { Cell::Star } else { Cell::Empty };
    }
}

/// Probing: the first open cell (reading order) whose assumed star the simple rules refute.
fn probing(logic: &Logic, cells: &[Cell]) -> Option<Step> {
    let n = logic.n;
    let mut trial = cells.to_vec();
    for i in 0..cells.len() {
        if cells[i] != Cell::Open {
            continue;
        }
        trial.copy_from_slice(cells);
        trial[i] = Cell::Star;
        if logic.propagate(&mut trial, Rule::Blocks).is_ok() {
            continue;
        }
        // Retrace with the step finder to say where the simple rules break.
        trial.copy_from_slice(cells);
        trial[i] = Cell::Star;
        let mut steps = 0usize;
        let mut why: Option<Contra> = None;
        for _ in 0..4 * cells.len() {
            match simple(logic, &trial) {
                Ok(Some(s)) => {
                    apply_cells(&mut trial, &s);
                    steps += 1;
                }
                Ok(None) => break,
                Err(c) => {
                    why = Some(c);
                    break;
                }
            }
        }
        let (words, mut reasons) = match why {
            Some(c) => (c.words, c.cells),
            None => ("the simple rules run into a contradiction".to_string(), vec![]),
        };
        reasons.retain(|&j| j != i);
        let sentence = format!(
            "Suppose {} held a star. Then after {} of the simple rules (stars' neighbours, full lines and regions, 2x2 blocks), {words}. So it has no star.",
            cell_words(n, i),
            if steps == 1 { "one step".to_string() } else { format!("{steps} steps") }
        );
        return Some(step(Rule::Probing, "Probing", vec![i], 2, reasons.clone(), vec![format!("star at {}", cell_words(n, i))], vec![Figure { label: "cells where it breaks".into(), cells: reasons }], sentence));
    }
    None
}

/// The next step for `marks`; see the module documentation.
pub fn next_step(p: &StarBattle, marks: &[u8]) -> Hint {
    let logic = Logic::new(p);
    let cells = cells_of(&logic, marks);
    let broken = |c: Contra| Hint::Mistake {
        sentence: format!("The marks break the rules: {}. Fix that first.", c.words.replace(" would ", " does ").replace(" would", "")),
        cells: c.cells.into_iter().filter(|&i| marks.get(i).copied().unwrap_or(0) != 0).collect(),
    };
    let found = match simple(&logic, &cells) {
        Ok(None) => confinement(&logic, &cells),
        other => other,
    };
    match found {
        Ok(Some(s)) => return Hint::Step(s),
        Err(c) => return broken(c),
        Ok(None) => {}
    }
    if let Some(s) = probing(&logic, &cells) {
        return Hint::Step(s);
    }
    let total = cells.len();
    let known = cells.iter().filter(|&&c| c != Cell::Open).count();
    if known == total {
        Hint::Solved { sentence: "Every cell is decided and every row, column and region has its stars: solved.".into() }
    } else {
        Hint::Stuck {
            sentence: format!(
                "Logic stops here: {known} of {total} cells are decided, and no rule (singles, 2x2 blocks, confinement, probing with the simple rules) decides another. The rest needs search (trying a star and following it further)."
            ),
            known,
            total,
        }
    }
}
