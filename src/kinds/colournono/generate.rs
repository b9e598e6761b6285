//! New colour nonograms with a proven unique answer at a chosen difficulty: a picture of a few
//! overlapping shapes (ellipses, rectangles, triangles, bands) in the chosen colours, its clues,
//! and repairs in the picture until the verdict and the level are right.
//!
//! - A second answer: one cell where the two answers differ is repainted, in a neighbour's
//!   colour when one differs from both answers there (so the picture keeps its shapes).
//! - [`Level::Easy`] (the line rule finishes it: each line alone, again and again, on the cells
//!   already decided; the ladder's rating `line logic`): while that logic stalls, one cell it
//!   left open, on a shape's edge when one is, takes a neighbour's colour. A grid it completes
//!   is unique by its sound deductions; the solver's verdict is still taken.
//! - [`Level::Medium`] (the line rule stalls, colour sets finish it: a cell keeps the colours
//!   its row and its column still allow, and what both allow decides it; rated `line logic with
//!   colour sets`) and [`Level::Hard`] (colour sets stall too: a trial or search is needed): a
//!   unique picture that is too easy gets one more cell of detail (half the time a cell on a
//!   shape's edge takes a neighbour's colour, else any cell changes), with no SAT call while
//!   colour sets still finish it. A detail that makes the answer ambiguous, or (medium) the
//!   puzzle too hard, is taken back and another tried; a bounded number of details per picture.
//!   Hard puzzles are rare in many colours (colour sets finish nearly every unique picture of
//!   20x20 and more in 6 or more colours), so that level may fail where medium succeeds.
//!
//! Failing is allowed; calling an ambiguous puzzle unique is not: the result is the solver's
//! `Unique` verdict (the blocked second solve came back UNSAT) on the clues returned, and its
//! level is [`super::solve::line_logic`] recomputed on them.

use super::check::runs;
use super::logic::LINE_RANK;
use super::model::{Colour, ColourNonogram, Run};
use super::solve::{line_logic, line_sets_upto};
use crate::deduce::End;
use crate::grid::Grid;
use crate::puzzle::{Mode, Verdict};

/// The palette generated puzzles use, background first: colours far apart for the eye.
pub const PALETTE: [[u8; 3]; 9] = [
    [255, 255, 255],
    [221, 34, 34],
    [34, 102, 204],
    [51, 153, 51],
    [255, 204, 34],
    [34, 34, 34],
    [153, 85, 34],
    [238, 119, 187],
    [85, 204, 221],
];
/// The most colours a generated puzzle has (besides the background).
pub const MAX_COLOURS: usize = PALETTE.len() - 1;
/// Sides a generated puzzle may have.
pub const SIDES: std::ops::RangeInclusive<usize> = 4..=30;
/// Pictures tried before giving up.
const PICTURES: usize = 30;

/// How hard a generated puzzle is, by what solves it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// The line rule finishes it: each row and column by itself, again and again, on the cells
    /// already decided.
    Easy,
    /// The line rule stalls; line logic with colour sets finishes it (each cell keeping the
    /// colours its row and its column still allow).
    Medium,
    /// Colour sets stall too; finishing it needs more (a one-cell trial, or search).
    Hard,
    /// Whichever unique puzzle comes first (fastest).
    Any,
}

/// The difficulty words, as the page and the CLI take them.
pub const LEVELS: [&str; 4] = ["easy", "medium", "hard", "any"];

impl Level {
    /// The level a word names (`None`: [`Level::Any`]).
    pub fn from_word(word: Option<&str>) -> Result<Level, String> {
        match word.map(str::trim) {
            None | Some("any") | Some("") => Ok(Level::Any),
            Some("easy") => Ok(Level::Easy),
            Some("medium") => Ok(Level::Medium),
            Some("hard") => Ok(Level::Hard),
            Some(w) => {
                Err(format!("unknown difficulty `{w}`; use {}", crate::hint::and_list(&LEVELS)))
            }
        }
    }
}

/// Whether line logic with colour sets completes `p` from the empty grid.
pub fn line_logic_finishes(p: &ColourNonogram) -> bool {
    let (cells, run, _) = line_logic(p);
    !matches!(run.end, End::Broken { .. }) && cells.iter().all(Option::is_some)
}

/// Whether the line rule alone (each line on its decided cells, no colour sets) completes `p`.
pub fn line_rule_finishes(p: &ColourNonogram) -> bool {
    let (sets, run, _) = line_sets_upto(p, LINE_RANK);
    !matches!(run.end, End::Broken { .. }) && sets.iter().all(|&s| s.count_ones() == 1)
}

/// Whether `p`, proven or known unique, is easier than `level` asks (medium and hard only).
fn too_easy(p: &ColourNonogram, level: Level) -> bool {
    match level {
        Level::Medium => line_rule_finishes(p),
        Level::Hard => line_logic_finishes(p),
        Level::Easy | Level::Any => false,
    }
}

/// A random picture of `w` x `h` in `colours` colours on the background: blob noise, then one
/// majority vote over each cell and its four neighbours, so it has runs rather than speckle.
pub fn picture(w: usize, h: usize, colours: usize, rng: &mut fastrand::Rng) -> Grid<u8> {
    let noise: Vec<u8> =
        (0..w * h).map(|_| if rng.f32() < 0.4 { 0 } else { rng.u8(1..=colours as u8) }).collect();
    let cells = (0..w * h)
        .map(|i| {
            let (r, c) = (i / w, i % w);
            let mut votes = vec![0u32; colours + 1];
            votes[usize::from(noise[i])] += 2;
            for (dr, dc) in [(-1i64, 0i64), (1, 0), (0, -1), (0, 1)] {
                let (nr, nc) = (r as i64 + dr, c as i64 + dc);
                if nr >= 0 && nc >= 0 && (nr as usize) < h && (nc as usize) < w {
                    votes[usize::from(noise[nr as usize * w + nc as usize])] += 1;
                }
            }
            let best = *votes.iter().max().unwrap_or(&0);
            let tied: Vec<usize> = (0..=colours).filter(|&k| votes[k] == best).collect();
            tied[rng.usize(..tied.len())] as u8
        })
        .collect();
    Grid::from_cells(h, w, cells).expect("counted")
}

/// Whether cell (`r`, `c`) (its centre) lies in shape `kind` with the box `(r0, c0, r1, c1)`
/// (fractional, inclusive): 0 ellipse, 1 rectangle, 2 triangle pointing up, 3 triangle
/// pointing down, 4 a diagonal band.
fn inside(kind: u8, (r0, c0, r1, c1): (f64, f64, f64, f64), r: f64, c: f64) -> bool {
    let (cr, cc) = ((r0 + r1) / 2.0, (c0 + c1) / 2.0);
    let (hr, hc) = (((r1 - r0) / 2.0).max(0.5), ((c1 - c0) / 2.0).max(0.5));
    match kind {
        0 => ((r - cr) / hr).powi(2) + ((c - cc) / hc).powi(2) <= 1.0,
        1 => r >= r0 && r <= r1 && c >= c0 && c <= c1,
        2 | 3 => {
            if r < r0 || r > r1 {
                return false;
            }
            let t = if kind == 2 {
                (r - r0) / (r1 - r0).max(1.0)
            } else {
                (r1 - r) / (r1 - r0).max(1.0)
            };
            (c - cc).abs() <= t * hc
        }
        _ => {
            r >= r0 && r <= r1 && c >= c0 && c <= c1 && ((r - r0) / hr - (c - c0) / hc).abs() <= 0.6
        }
    }
}

/// A picture of `w` x `h` made of overlapping shapes in `colours` colours on the background:
/// a few big ones, then smaller ones on top, every colour used at least once.
pub fn shapes(w: usize, h: usize, colours: usize, rng: &mut fastrand::Rng) -> Grid<u8> {
    let mut g = Grid::filled(h, w, 0u8);
    let side = w.max(h) as f64;
    let count = colours + 1 + (w * h) / 80;
    for k in 0..count {
        let colour = if k < colours { k as u8 + 1 } else { rng.u8(1..=colours as u8) };
        // Earlier shapes are bigger: the later ones are details on them.
        let scale = 0.7 - 0.45 * (k as f64 / count as f64);
        let (sh, sw) = (
            (h as f64 * scale * (0.5 + rng.f64())).max(2.0),
            (w as f64 * scale * (0.5 + rng.f64())).max(2.0),
        );
        let r0 = rng.f64() * (h as f64 - sh * 0.6).max(0.0) - sh * 0.2;
        let c0 = rng.f64() * (w as f64 - sw * 0.6).max(0.0) - sw * 0.2;
        let kind = rng.u8(0..5);
        let bbox = (r0, c0, r0 + sh.min(side), c0 + sw.min(side));
        for (r, c) in g.positions().collect::<Vec<_>>() {
            if inside(kind, bbox, r as f64, c as f64) {
                g.set(r, c, colour);
            }
        }
    }
    // A colour the later shapes covered entirely gets a small spot of its own.
    for colour in 1..=colours as u8 {
        if !g.cells().contains(&colour) {
            let (r, c) = (rng.usize(..h), rng.usize(..w));
            for (rr, cc) in std::iter::once((r, c)).chain(g.neighbours4(r, c).collect::<Vec<_>>()) {
                g.set(rr, cc, colour);
            }
        }
    }
    g
}

/// The clues of a picture.
pub fn clues_of(g: &Grid<u8>) -> (Vec<Vec<Run>>, Vec<Vec<Run>>) {
    let to = |v: Vec<(u32, u8)>| {
        v.into_iter().map(|(len, colour)| Run { len, colour }).collect::<Vec<_>>()
    };
    let rows = (0..g.rows()).map(|r| to(runs(g.row(r).iter().copied()))).collect();
    let cols = (0..g.cols()).map(|c| to(runs((0..g.rows()).map(|r| g[(r, c)])))).collect();
    (rows, cols)
}

/// The colours of the neighbours of `rc` other than the cell's own and those in `not`.
fn neighbour_colours(g: &Grid<u8>, (r, c): (usize, usize), not: &[u8]) -> Vec<u8> {
    let mut out: Vec<u8> =
        g.neighbours4(r, c).map(|n| g[n]).filter(|v| *v != g[(r, c)] && !not.contains(v)).collect();
    out.dedup();
    out
}

/// Repaints `rc`: a neighbour's colour outside `not` when there is one, else any colour
/// outside `not` and the cell's own.
fn repaint(
    g: &mut Grid<u8>,
    rc: (usize, usize),
    colours: usize,
    not: &[u8],
    rng: &mut fastrand::Rng,
) {
    let near = neighbour_colours(g, rc, not);
    let pick = if near.is_empty() {
        let others: Vec<u8> =
            (0..=colours as u8).filter(|k| *k != g[rc] && !not.contains(k)).collect();
        if others.is_empty() {
            return;
        }
        others[rng.usize(..others.len())]
    } else {
        near[rng.usize(..near.len())]
    };
    g.set(rc.0, rc.1, pick);
}

/// One more cell of detail: half the time a cell on a shape's edge takes a neighbour's colour
/// (the edge moves), else any cell changes (a speck, which line logic finds harder).
fn add_detail(pic: &mut Grid<u8>, colours: usize, rng: &mut fastrand::Rng) {
    let edge: Vec<(usize, usize)> =
        pic.positions().filter(|&rc| !neighbour_colours(pic, rc, &[]).is_empty()).collect();
    let rc = if edge.is_empty() || rng.bool() {
        (rng.usize(..pic.rows()), rng.usize(..pic.cols()))
    } else {
        edge[rng.usize(..edge.len())]
    };
    repaint(pic, rc, colours, &[], rng);
}

/// The puzzle of a picture.
fn puzzle_of(palette: &[Colour], pic: &Grid<u8>) -> Result<ColourNonogram, String> {
    let (rows, cols) = clues_of(pic);
    ColourNonogram::new(palette.to_vec(), rows, cols).map_err(|e| e.to_string())
}

/// Makes a `size` x `size` puzzle in `colours` colours from `seed` whose answer is proven
/// unique (any level).
pub fn generate(size: usize, colours: usize, seed: u64) -> Result<ColourNonogram, String> {
    generate_level(size, colours, Level::Any, seed)
}

/// Makes a `size` x `size` puzzle in `colours` colours at `level` from `seed`, proven unique.
pub fn generate_level(
    size: usize,
    colours: usize,
    level: Level,
    seed: u64,
) -> Result<ColourNonogram, String> {
    if !SIDES.contains(&size) {
        return Err(format!("size must be {} to {}, got {size}", SIDES.start(), SIDES.end()));
    }
    if !(2..=MAX_COLOURS).contains(&colours) {
        return Err(format!("colours must be 2 to {MAX_COLOURS}, got {colours}"));
    }
    let palette: Vec<Colour> =
        PALETTE[..=colours].iter().map(|&[r, g, b]| Colour::rgb(r, g, b)).collect();
    let mut rng = fastrand::Rng::with_seed(seed);
    let n = size * size;
    for _ in 0..PICTURES {
        let mut pic = shapes(size, size, colours, &mut rng);
        let mut detail = 0;
        // Medium: the last picture that was unique and not too hard, before the detail under test.
        let mut finished: Option<Grid<u8>> = None;
        for _ in 0..3 * n {
            if level == Level::Easy {
                // The line rule first: cheap, and when it finishes the puzzle is unique.
                let p = puzzle_of(&palette, &pic)?;
                let (sets, _, _) = line_sets_upto(&p, LINE_RANK);
                let blank: Vec<usize> = (0..n).filter(|&i| sets[i].count_ones() != 1).collect();
                if !blank.is_empty() {
                    // A blank cell on a shape's edge, when one is, so the picture keeps its shapes.
                    let edge: Vec<usize> = blank
                        .iter()
                        .copied()
                        .filter(|&i| !neighbour_colours(&pic, (i / size, i % size), &[]).is_empty())
                        .collect();
                    let from = if edge.is_empty() { &blank } else { &edge };
                    let i = from[rng.usize(..from.len())];
                    repaint(&mut pic, (i / size, i % size), colours, &[], &mut rng);
                    continue;
                }
            }
            let p = puzzle_of(&palette, &pic)?;
            // Too easy and unique (colour sets finish it, or the solver proved it): one more
            // detail, remembering this picture; no SAT call while colour sets still finish it.
            let more_detail = |pic: &mut Grid<u8>,
                               finished: &mut Option<Grid<u8>>,
                               detail: &mut usize,
                               rng: &mut fastrand::Rng| {
                *detail += 1;
                if *detail > n / 4 {
                    return false;
                }
                *finished = Some(pic.clone());
                add_detail(pic, colours, rng);
                true
            };
            // (Hard keeps its first SAT call, so it makes the same puzzles as before medium.)
            if (detail > 0 || level != Level::Hard) && too_easy(&p, level) {
                if !more_detail(&mut pic, &mut finished, &mut detail, &mut rng) {
                    break;
                }
                continue;
            }
            if level == Level::Medium && line_logic_finishes(&p) {
                // Colour sets finish it and the line rule does not: medium, and unique.
                let report =
                    super::solve::solve(&p, Mode::Unique, None).map_err(|e| e.to_string())?;
                if report.verdict == Verdict::Unique {
                    return p.with_goal(pic).map_err(|e| e.to_string());
                }
                return Err(format!(
                    "colour sets finished a puzzle the solver calls {}; this is a bug",
                    report.verdict.word()
                ));
            }
            let report = super::solve::solve(&p, Mode::Unique, None).map_err(|e| e.to_string())?;
            match report.verdict {
                Verdict::Unique => {
                    if too_easy(&p, level) {
                        if !more_detail(&mut pic, &mut finished, &mut detail, &mut rng) {
                            break;
                        }
                        continue;
                    }
                    if level == Level::Medium {
                        // Beyond colour sets: too hard; back to the last medium-or-easier
                        // picture and another detail, else a fresh detail here.
                        if let Some(f) = &finished {
                            pic = f.clone();
                        }
                        add_detail(&mut pic, colours, &mut rng);
                        continue;
                    }
                    return p.with_goal(pic).map_err(|e| e.to_string());
                }
                Verdict::Multiple if level == Level::Medium && finished.is_some() => {
                    // The detail made the answer ambiguous: repairing it would mostly undo the
                    // difficulty, so take the last unique picture back and try another detail.
                    pic = finished.clone().unwrap_or(pic);
                    add_detail(&mut pic, colours, &mut rng);
                }
                Verdict::Multiple if report.solutions.len() == 2 => {
                    let (a, b) = (&report.solutions[0], &report.solutions[1]);
                    let diff: Vec<(usize, usize)> =
                        a.positions().filter(|&rc| a[rc] != b[rc]).collect();
                    let rc = diff[rng.usize(..diff.len())];
                    // Repaint it in a colour neither answer has there.
                    repaint(&mut pic, rc, colours, &[a[rc], b[rc]], &mut rng);
                }
                other => {
                    return Err(format!(
                        "the generated picture gave the verdict {}; this is a bug",
                        other.word()
                    ))
                }
            }
        }
    }
    let word = match level {
        Level::Easy => "easy ",
        Level::Medium => "medium ",
        Level::Hard => "hard ",
        Level::Any => "",
    };
    let rare = if level == Level::Hard {
        " (puzzles beyond colour sets are rare in many colours: medium is the next level down)"
    } else {
        ""
    };
    Err(format!("no unique {word}{size}x{size} puzzle in {colours} colours was found from seed {seed}; try another seed or level{rare}"))
}
