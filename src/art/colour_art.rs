//! Image to colour nonogram: a colour photo reduced to a few colours ([`super::colours`]), its
//! clues, and givens that make the answer proven unique, by the same search as the
//! black-and-white puzzle ([`super::givens`], over [`ColourTarget`]).
//!
//! Steps: decode keeping RGB, average onto cells, k-means in CIELAB to `colours` colours (one
//! the background, when asked), the clues of the reduced picture; then
//! - `givens` mode: the coloured line logic from the clues, revealing the cell
//!   [`super::givens::choose_rare`] picks until it completes the grid (the quick answer, unique
//!   by sound deductions), then the givens minimised within the [`Budget`] by one incremental
//!   varisat instance of the colour encoding plus "some cell differs from the picture", the
//!   givens as assumptions;
//! - `logic` mode: a minimal set of givens with which the coloured line logic alone finishes.
//!
//! The final puzzle (clues and givens) is then solved afresh by the colour nonogram's own solver
//! (line logic, then SAT with the blocked second solve): `proven_unique` is its `Unique`
//! verdict, and its answer passes the independent checker and equals the reduced picture.

use serde::{Deserialize, Serialize};
use web_time::Instant;

use super::adjust::AdjustReport;
use super::colour_adjust;
use super::colours::{decode_rgb, lab_of, prepare_rgb, reduce, Background, Reduced, RgbGrid};
use super::error::ArtError;
use super::givens::{
    logic_givens_for, Budget, Check, Checker, GivensProgress, GivensStats, Minimising, Target,
};
use super::prepare::PrepareOptions;
use crate::deduce;
use crate::grid::Grid;
use crate::kinds::colournono::encode::{all_colours, encode_with};
use crate::kinds::colournono::generate::clues_of;
use crate::kinds::colournono::logic::{Lines, SETS_RANK};
use crate::kinds::colournono::{check, formats, Colour, ColourNonogram};
use crate::puzzle::{Mode, Puzzle, Verdict};
use crate::sat::{Cnf, Lit};

/// The colour nonogram made from a reduced picture: the puzzle without givens and the picture
/// (palette indices), one of its answers.
pub struct ColourTarget {
    /// The clues (no givens).
    pub plain: ColourNonogram,
    /// The picture, row-major palette indices.
    pub picture: Vec<u8>,
}

impl ColourTarget {
    fn run(&self, lines: &mut Lines) {
        // The picture satisfies the clues and the givens, so line logic never breaks. Line logic
        // with colour sets, as the solver, the hints and the generator's `easy` level run it.
        let _ = deduce::run(lines, SETS_RANK, |_| true);
    }
}

impl Target for ColourTarget {
    type Logic = Lines;

    fn width(&self) -> usize {
        self.plain.width()
    }

    fn height(&self) -> usize {
        self.plain.height()
    }

    /// Every cell but those of the picture's most common colour.
    fn rare(&self) -> Vec<bool> {
        let mut count = vec![0usize; self.plain.palette().len()];
        for &c in &self.picture {
            count[usize::from(c)] += 1;
        }
        let common =
            (0..count.len()).max_by_key(|&c| (count[c], std::cmp::Reverse(c))).unwrap_or(0) as u8;
        self.picture.iter().map(|&c| c != common).collect()
    }

    fn encode_agree(&self, cnf: &mut Cnf) -> Vec<Lit> {
        let all = all_colours(&self.plain);
        let vars = encode_with(&self.plain, &vec![all; self.picture.len()], cnf);
        self.picture.iter().enumerate().map(|(i, &c)| vars.x[i][usize::from(c)]).collect()
    }

    fn unknown_after(&self, givens: &[usize]) -> Vec<bool> {
        let mut cells = vec![None; self.picture.len()];
        for &i in givens {
            cells[i] = Some(self.picture[i]);
        }
        let mut lines = Lines::for_solver(&self.plain, &cells);
        self.run(&mut lines);
        lines.cells().iter().map(Option::is_none).collect()
    }

    fn logic_start(&self) -> Lines {
        let mut lines = Lines::for_solver(&self.plain, &vec![None; self.picture.len()]);
        self.run(&mut lines);
        lines
    }

    fn logic_reveal(&self, lines: &mut Lines, i: usize) {
        if !lines.is_decided(i) {
            lines.decide(i, self.picture[i]);
            self.run(lines);
        }
    }

    fn logic_unknown(&self, lines: &Lines) -> Vec<bool> {
        lines.cells().iter().map(Option::is_none).collect()
    }
}

/// What the givens must achieve.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum ColourUnique {
    /// The fewest givens (a minimal set, within the budget) that make the answer unique.
    #[default]
    Givens,
    /// A minimal set of givens with which the coloured line logic alone solves the puzzle.
    Logic,
    /// No givens: the picture itself is changed, as little and as invisibly as it can, until
    /// the coloured line logic finishes the puzzle alone ([`super::colour_adjust`]).
    Adjust,
}

impl ColourUnique {
    /// The word used on the command line and in JSON.
    pub fn word(self) -> &'static str {
        match self {
            ColourUnique::Givens => "givens",
            ColourUnique::Logic => "logic",
            ColourUnique::Adjust => "adjust",
        }
    }
}

/// Options of the colour pipeline.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ColourOptions {
    /// Grid size and crop (as the black-and-white pipeline's).
    pub prepare: PrepareOptions,
    /// Colours of the reduced picture, the background included (2 to 8).
    pub colours: usize,
    /// Which colour becomes the background.
    pub background: Background,
    /// What the givens must achieve.
    pub unique: ColourUnique,
    /// The minimising budget (givens mode).
    pub budget: Budget,
    /// The k-means seed.
    pub seed: u64,
}

impl ColourOptions {
    /// `width` cells wide, `colours` colours, background auto, givens mode, a 30 s budget.
    pub fn new(width: u32, colours: usize) -> ColourOptions {
        ColourOptions {
            prepare: PrepareOptions::new(width),
            colours,
            background: Background::Auto,
            unique: ColourUnique::Givens,
            budget: Budget { time_ms: Some(30_000.0), ..Budget::default() },
            seed: 1,
        }
    }
}

/// Timings of the steps, in milliseconds.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ColourTimings {
    /// Decoding the file.
    pub decode_ms: f64,
    /// Cropping, averaging and choosing the colours.
    pub reduce_ms: f64,
    /// From the start to the first puzzle proven unique.
    pub first_unique_ms: f64,
    /// Finding and minimising the givens.
    pub givens_ms: f64,
    /// The final proof (the colour nonogram's solver on the final puzzle).
    pub proof_ms: f64,
    /// Everything.
    pub total_ms: f64,
}

/// What the colour pipeline made.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ColourArtResult {
    /// The source image's size in pixels (0 x 0 when started from cells).
    pub image_size: (u32, u32),
    /// Each cell's average colour (sRGB), row-major.
    pub averaged: Vec<[u8; 3]>,
    /// The reduced picture: the puzzle's answer.
    pub reduced: Reduced,
    /// Which givens were asked for.
    pub unique: ColourUnique,
    /// The background choice.
    pub background: Background,
    /// Whether the coloured line logic solves the clues alone (no givens needed).
    pub clues_line_logic: bool,
    /// The given cells (row-major indices, colours from the reduced picture), sorted.
    pub givens: Vec<usize>,
    /// Figures of the givens search.
    pub givens_stats: GivensStats,
    /// No single given can go (every one refused by a check that found another answer).
    pub proven_minimal: bool,
    /// Givens whose check ran out of budget (kept; the puzzle is unique with them).
    pub undecided: usize,
    /// Minimising passes begun.
    pub pass: u32,
    /// The time budget ended minimising before every given was decided.
    pub out_of_time: bool,
    /// Proven unique: on the final puzzle, the colour nonogram's solver (line logic, then the
    /// blocked second solve UNSAT) says unique and its checked answer is the reduced picture.
    /// While minimising (an interim puzzle) it is the search's own proof (line logic complete
    /// or an UNSAT check).
    pub proven_unique: bool,
    /// The final proof has been made (false on interim puzzles).
    pub final_proof: bool,
    /// Whether the coloured line logic alone solves the puzzle with its givens.
    pub final_line_logic: bool,
    /// The puzzle in the studio's JSON form.
    pub puzzle_json: String,
    /// Its share-link fragment (`colournono/v1/…`, without `#`).
    pub fragment: String,
    /// Step timings.
    pub timings: ColourTimings,
    /// Adjust mode: the cells of `reduced` (the adjusted picture) that differ from the picture
    /// k-means made, row-major, sorted (empty in the other modes).
    pub changed: Vec<usize>,
    /// Adjust mode: its figures (level: line logic), once the search has run.
    pub adjust: Option<AdjustReport>,
}

impl ColourArtResult {
    /// The puzzle with its givens and its goal.
    pub fn puzzle(&self) -> Result<ColourNonogram, ArtError> {
        puzzle_of(&self.reduced, &self.givens)
    }
}

fn ms(since: Instant) -> f64 {
    since.elapsed().as_secs_f64() * 1000.0
}

fn engine(e: impl std::fmt::Display) -> ArtError {
    ArtError::Decode(format!("the colour nonogram engine failed: {e}"))
}

/// The reduced picture as a grid of palette indices.
pub fn picture_grid(r: &Reduced) -> Result<Grid<u8>, ArtError> {
    Grid::from_cells(r.height, r.width, r.cells.clone())
        .ok_or(ArtError::SizeMismatch { expected: r.width * r.height, actual: r.cells.len() })
}

/// The clues of the reduced picture, without givens.
pub fn plain_puzzle(r: &Reduced) -> Result<ColourNonogram, ArtError> {
    let grid = picture_grid(r)?;
    let (rows, cols) = clues_of(&grid);
    let palette = r.palette.iter().map(|&[a, b, c]| Colour::rgb(a, b, c)).collect();
    ColourNonogram::new(palette, rows, cols).map_err(engine)
}

/// The puzzle of the reduced picture with `givens` (colours from the picture) and the picture
/// as its goal.
pub fn puzzle_of(r: &Reduced, givens: &[usize]) -> Result<ColourNonogram, ArtError> {
    let grid = picture_grid(r)?;
    let mut g = vec![None; r.cells.len()];
    for &i in givens {
        g[i] = r.cells.get(i).copied();
    }
    let given = Grid::from_cells(r.height, r.width, g)
        .ok_or(ArtError::SizeMismatch { expected: r.width * r.height, actual: r.cells.len() })?;
    plain_puzzle(r)?.with_givens(given).and_then(|p| p.with_goal(grid)).map_err(engine)
}

/// Decodes, averages and reduces a colour picture.
pub fn reduce_bytes(
    bytes: &[u8],
    options: &ColourOptions,
) -> Result<(RgbGrid, Reduced, (u32, u32)), ArtError> {
    let rgb = decode_rgb(bytes)?;
    let size = (rgb.width(), rgb.height());
    let grid = prepare_rgb(&rgb, &options.prepare)?;
    let reduced = reduce(&grid, options.colours, options.background, options.seed)?;
    Ok((grid, reduced, size))
}

/// Runs the whole colour pipeline on an image file's bytes; see [`run_streaming`].
pub fn run(
    bytes: &[u8],
    options: &ColourOptions,
    progress: &mut dyn FnMut(GivensProgress),
) -> Result<ColourArtResult, ArtError> {
    run_streaming(bytes, options, progress, &mut |_| true)
}

/// [`run`], handing every improved unique puzzle to `on_puzzle` as it lands (first the quick
/// answer, then each smaller set of givens); `on_puzzle` returns false to stop minimising, and
/// the result is then the current unique puzzle, proven afresh.
pub fn run_streaming(
    bytes: &[u8],
    options: &ColourOptions,
    progress: &mut dyn FnMut(GivensProgress),
    on_puzzle: &mut dyn FnMut(&ColourArtResult) -> bool,
) -> Result<ColourArtResult, ArtError> {
    let started = Instant::now();
    let t = Instant::now();
    let rgb = decode_rgb(bytes)?;
    let decode_ms = ms(t);
    let size = (rgb.width(), rgb.height());
    let grid = prepare_rgb(&rgb, &options.prepare)?;
    drop(rgb);
    let mut r = from_cells_streaming(&grid, options, started, progress, on_puzzle)?;
    r.image_size = size;
    r.timings.decode_ms = decode_ms;
    Ok(r)
}

/// The pipeline from averaged cells onwards (`started`: when the whole run began, for the
/// timings).
pub fn from_cells_streaming(
    grid: &RgbGrid,
    options: &ColourOptions,
    started: Instant,
    progress: &mut dyn FnMut(GivensProgress),
    on_puzzle: &mut dyn FnMut(&ColourArtResult) -> bool,
) -> Result<ColourArtResult, ArtError> {
    let t = Instant::now();
    let reduced = reduce(grid, options.colours, options.background, options.seed)?;
    let reduce_ms = ms(t);
    let plain = plain_puzzle(&reduced)?;
    let target = ColourTarget { plain, picture: reduced.cells.clone() };
    let averaged: Vec<[u8; 3]> = grid.cells().iter().map(|c| c.map(|v| v.round() as u8)).collect();
    let clues_line_logic = !target.unknown_after(&[]).contains(&true);
    let t = Instant::now();
    let mut base = ColourArtResult {
        image_size: (0, 0),
        averaged,
        reduced: reduced.clone(),
        unique: options.unique,
        background: options.background,
        clues_line_logic,
        givens: Vec::new(),
        givens_stats: GivensStats::default(),
        proven_minimal: false,
        undecided: 0,
        pass: 0,
        out_of_time: false,
        proven_unique: false,
        final_proof: false,
        final_line_logic: false,
        puzzle_json: String::new(),
        fragment: String::new(),
        timings: ColourTimings { reduce_ms, ..ColourTimings::default() },
        changed: Vec::new(),
        adjust: None,
    };
    let mut first_unique_ms: Option<f64> = None;
    let fill = |base: &ColourArtResult, m: &Minimising| -> Result<ColourArtResult, ArtError> {
        let p = puzzle_of(&base.reduced, &m.givens)?;
        let mut out = base.clone();
        out.givens = m.givens.clone();
        out.proven_minimal = m.proven_minimal;
        out.undecided = m.undecided;
        out.pass = m.pass;
        out.out_of_time = m.out_of_time;
        out.proven_unique = true;
        out.puzzle_json = formats::to_json(&p).to_string();
        out.fragment = crate::link::fragment(&p);
        Ok(out)
    };
    let mut stats = GivensStats::default();
    // A puzzle that line logic finishes is unique by sound deductions: handed out at once,
    // before the final proof.
    let mut at_once = |m: Minimising, first: &mut Option<f64>| -> Result<Minimising, ArtError> {
        let mut r = fill(&base, &m)?;
        let t = *first.get_or_insert_with(|| ms(started));
        r.timings.first_unique_ms = t;
        r.timings.total_ms = ms(started);
        on_puzzle(&r);
        Ok(m)
    };
    let chosen: Minimising = if clues_line_logic {
        at_once(Minimising { proven_minimal: true, ..Minimising::default() }, &mut first_unique_ms)?
    } else {
        match options.unique {
            // Adjust mode shows the line-logic puzzle with givens at once, then adjusts.
            ColourUnique::Logic | ColourUnique::Adjust => {
                let g = logic_givens_for(&target, progress, &mut stats);
                at_once(
                    Minimising { givens: g, proven_minimal: true, ..Minimising::default() },
                    &mut first_unique_ms,
                )?
            }
            ColourUnique::Givens => {
                let deadline = options.budget.time_ms.map(|ms| {
                    Instant::now() + std::time::Duration::from_secs_f64(ms.max(0.0) / 1000.0)
                });
                let mut checker = Checker::for_target(target, deadline);
                let mut failed: Option<ArtError> = None;
                let mut on_unique = |m: &Minimising| -> bool {
                    if first_unique_ms.is_none() {
                        first_unique_ms = Some(ms(started));
                    }
                    match fill(&base, m) {
                        Ok(mut r) => {
                            r.timings.first_unique_ms = first_unique_ms.unwrap_or_default();
                            r.timings.total_ms = ms(started);
                            on_puzzle(&r)
                        }
                        Err(e) => {
                            failed = Some(e);
                            false
                        }
                    }
                };
                let m = checker.budgeted(&options.budget, progress, &mut on_unique, &mut stats);
                if let Some(e) = failed {
                    return Err(e);
                }
                m
            }
        }
    };
    let mut reduced = reduced;
    let mut chosen = chosen;
    if options.unique == ColourUnique::Adjust {
        let (report, adjusted) = adjust_picture(
            grid,
            &reduced,
            options,
            started,
            first_unique_ms.unwrap_or_default(),
            &base,
            &fill,
            on_puzzle,
        )?;
        if let Some(a) = adjusted {
            reduced.cells = a.picture;
            base.reduced = reduced.clone();
            base.changed = a.changed;
            chosen = Minimising { proven_minimal: true, ..Minimising::default() };
        }
        base.adjust = Some(report);
    }
    let givens_ms = ms(t);
    first_unique_ms.get_or_insert_with(|| ms(started));
    // The final proof: the colour nonogram's own solver on the final puzzle.
    let t = Instant::now();
    let p = puzzle_of(&reduced, &chosen.givens)?;
    let report = p.solve_with(Mode::Unique, &Default::default(), None).map_err(engine)?;
    let answer = report.solutions.first();
    let picture = picture_grid(&reduced)?;
    let checked = answer.is_some_and(|a| check::verify(&p, a).is_ok() && *a == picture);
    let proof_ms = ms(t);
    base.givens_stats = stats;
    let mut out = fill(&base, &chosen)?;
    out.proven_unique = report.verdict == Verdict::Unique && checked;
    out.final_proof = true;
    out.final_line_logic =
        !ColourTarget { plain: plain_puzzle(&reduced)?, picture: reduced.cells.clone() }
            .unknown_after(&chosen.givens)
            .contains(&true);
    out.timings = ColourTimings {
        reduce_ms,
        first_unique_ms: first_unique_ms.unwrap_or_default(),
        givens_ms,
        proof_ms,
        total_ms: ms(started),
        decode_ms: 0.0,
    };
    Ok(out)
}

/// Adjust mode after the puzzle with givens: [`colour_adjust::adjust`] on the reduced picture
/// within the budget, each better picture handed to `on_puzzle` as a puzzle with no givens.
/// Returns the figures and, when the line logic finishes an adjusted picture, that picture,
/// proven unique again by SAT (the colour encoding with "some cell differs" is UNSAT).
#[allow(clippy::too_many_arguments)]
fn adjust_picture(
    grid: &RgbGrid,
    reduced: &Reduced,
    options: &ColourOptions,
    started: Instant,
    first_unique_ms: f64,
    base: &ColourArtResult,
    fill: &dyn Fn(&ColourArtResult, &Minimising) -> Result<ColourArtResult, ArtError>,
    on_puzzle: &mut dyn FnMut(&ColourArtResult) -> bool,
) -> Result<(AdjustReport, Option<colour_adjust::ColourAdjusted>), ArtError> {
    let palette = plain_puzzle(reduced)?.palette().to_vec();
    let palette_lab: Vec<[f32; 3]> = reduced
        .palette
        .iter()
        .map(|&[a, b, c]| lab_of([f32::from(a), f32::from(b), f32::from(c)]))
        .collect();
    let lab: Vec<[f32; 3]> = grid.cells().iter().map(|&c| lab_of(c)).collect();
    let cost = colour_adjust::costs(&lab, &palette_lab, &reduced.cells, reduced.width);
    let deadline = options
        .budget
        .time_ms
        .map(|ms| Instant::now() + std::time::Duration::from_secs_f64(ms.max(0.0) / 1000.0));
    let t = Instant::now();
    let mut failed: Option<ArtError> = None;
    let mut on_better = |a: &colour_adjust::ColourAdjusted| -> bool {
        let mut b = base.clone();
        b.reduced.cells = a.picture.clone();
        b.changed = a.changed.clone();
        b.adjust = Some(a.report(ms(t)));
        match fill(&b, &Minimising { proven_minimal: true, ..Minimising::default() }) {
            Ok(mut r) => {
                r.timings.first_unique_ms = first_unique_ms;
                r.timings.total_ms = ms(started);
                on_puzzle(&r)
            }
            Err(e) => {
                failed = Some(e);
                false
            }
        }
    };
    let a = colour_adjust::adjust(
        &reduced.cells,
        reduced.width,
        &palette,
        &cost,
        options.seed,
        deadline,
        &mut |_| {},
        &mut on_better,
    );
    if let Some(e) = failed {
        return Err(e);
    }
    let mut report = a.report(ms(t));
    if !a.reached {
        return Ok((report, None));
    }
    let target = ColourTarget { plain: plain_of(&a.picture, reduced)?, picture: a.picture.clone() };
    report.sat_unique = match Checker::for_target(target, None).check_plain() {
        Check::Unique(_) => Some(true),
        Check::Second(_) => {
            return Err(engine(
                "the line logic finished an adjusted picture whose clues have a second answer",
            ))
        }
        Check::Undecided => None,
    };
    Ok((report, Some(a)))
}

/// The clues of `picture` (palette indices) with `reduced`'s palette, without givens.
fn plain_of(picture: &[u8], reduced: &Reduced) -> Result<ColourNonogram, ArtError> {
    let mut r = reduced.clone();
    r.cells = picture.to_vec();
    plain_puzzle(&r)
}

/// Reads `--background`: `auto` or `none`.
pub fn parse_background(word: &str) -> Result<Background, String> {
    match word {
        "auto" => Ok(Background::Auto),
        "none" | "off" => Ok(Background::None),
        other => Err(format!("unknown --background `{other}`; use auto or none")),
    }
}

/// Reads `--unique` for a colour puzzle: `givens`, `logic` or `adjust`.
pub fn parse_unique(word: &str) -> Result<ColourUnique, String> {
    match word {
        "givens" => Ok(ColourUnique::Givens),
        "logic" => Ok(ColourUnique::Logic),
        "adjust" => Ok(ColourUnique::Adjust),
        other => Err(format!(
            "unknown --unique `{other}` for a colour puzzle; use givens, logic or adjust"
        )),
    }
}

/// The command line's JSON: the puzzle's studio JSON with an `art` object of figures.
pub fn report_json(r: &ColourArtResult) -> Result<String, String> {
    let mut v: serde_json::Value =
        serde_json::from_str(&r.puzzle_json).map_err(|e| e.to_string())?;
    v["art"] = serde_json::json!({
        "width": r.reduced.width,
        "height": r.reduced.height,
        "image": [r.image_size.0, r.image_size.1],
        "colours": r.reduced.palette.len() - usize::from(r.background == Background::None),
        "merged": r.reduced.merged,
        "background": r.background.word(),
        "palette": r.reduced.palette.iter().map(|&[a, b, c]| Colour::rgb(a, b, c).hex()).collect::<Vec<_>>(),
        "clues_line_logic": r.clues_line_logic,
        "unique": r.unique.word(),
        "givens": r.givens.len(),
        "givens_stats": r.givens_stats,
        "proven_unique": r.proven_unique,
        "proven_minimal": r.proven_minimal,
        "undecided": r.undecided,
        "passes": r.pass,
        "out_of_time": r.out_of_time,
        "final_line_logic": r.final_line_logic,
        "link": format!("#{}", r.fragment),
        "timings": r.timings,
        "changed": r.changed,
        "adjust": r.adjust,
    });
    if let Some(a) = &r.adjust {
        // The level as the black-and-white JSON writes it (the colour ladder's one level, line logic).
        v["art"]["adjust"]["level"] = a.level.word().into();
    }
    Ok(v.to_string())
}

/// The command line's text: the reduced picture in colour letters, the palette, the givens,
/// whether unique is proven, the times and the share link.
pub fn report_text(r: &ColourArtResult) -> String {
    let mut out = String::new();
    let red = &r.reduced;
    out.push_str(&format!(
        "# {}x{} cells from a {}x{} image, {} colours (background {})\n",
        red.width,
        red.height,
        r.image_size.0,
        r.image_size.1,
        red.palette.len() - usize::from(r.background == Background::None),
        r.background.word()
    ));
    if red.merged > 0 {
        out.push_str(&format!("# {} of the colours asked for merged: closer than ΔE {} in CIELAB, too alike to tell apart\n", red.merged, crate::art::colours::MIN_DELTA_E));
    }
    for row in red.cells.chunks(red.width.max(1)) {
        out.extend(row.iter().map(|&c| formats::colour_char(c)));
        out.push('\n');
    }
    let names: Vec<String> = red
        .palette
        .iter()
        .enumerate()
        .map(|(i, &[a, b, c])| {
            format!("{} {}", formats::colour_char(i as u8), Colour::rgb(a, b, c).hex())
        })
        .collect();
    out.push_str(&format!("palette: {}\n", names.join(", ")));
    let minimal = if r.proven_minimal {
        "proven minimal".to_string()
    } else {
        format!("{} undecided{}", r.undecided, if r.out_of_time { ", out of time" } else { "" })
    };
    out.push_str(&format!(
        "givens: {} ({}; {} mode{})\n",
        r.givens.len(),
        minimal,
        r.unique.word(),
        if r.clues_line_logic { ", the clues alone finish by line logic" } else { "" }
    ));
    out.push_str(&format!(
        "unique: {} ({})\n",
        if r.proven_unique { "proven" } else { "NOT proven" },
        if r.final_line_logic {
            "line logic finishes it; the solver's second solve agrees"
        } else {
            "line logic, then SAT: the second solve is UNSAT"
        }
    ));
    if let Some(a) = &r.adjust {
        out.push_str(&match (a.reached, a.stopped) {
            (true, _) => format!(
                "adjusted: {} cells changed ({:.1}%), no givens; {} finishes it ({}); {} line-logic runs in {:.0} ms; SAT: {}\n",
                a.changed,
                a.fraction * 100.0,
                a.level.rules(),
                a.rules_words(),
                a.runs,
                a.ms,
                match a.sat_unique {
                    Some(true) => "unique",
                    Some(false) => "NOT unique",
                    None => "not checked",
                }
            ),
            (false, stopped) => format!(
                "adjusted: not reached ({} cells still unknown after {} line-logic runs in {:.0} ms{}); the puzzle keeps its line-logic givens\n",
                a.unknown,
                a.runs,
                a.ms,
                if stopped { ", out of time" } else { "" }
            ),
        });
    }
    let t = &r.timings;
    out.push_str(&format!(
        "times: decode {:.0} ms, reduce {:.0} ms, first unique puzzle at {:.0} ms, givens {:.0} ms, proof {:.0} ms, total {:.0} ms\n",
        t.decode_ms, t.reduce_ms, t.first_unique_ms, t.givens_ms, t.proof_ms, t.total_ms
    ));
    out.push_str(&format!("link: #{}\n", r.fragment));
    out
}
