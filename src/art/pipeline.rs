//! The whole image-to-nonogram pipeline: bytes in, a proven puzzle out.
//!
//! [`run`] decodes the image ([`super::decode`]), prepares the cell greys ([`super::prepare`]),
//! turns them into a picture by a threshold or by translucent squares ([`super::optimizer`]),
//! derives the clues, asks the nonogram engine for the verdict (unique, or multiple with a
//! second answer and the cells that differ), notes whether line logic alone solves it, and
//! with [`UniqueMode::Givens`] or [`UniqueMode::Logic`] adds a minimal set of given cells
//! ([`super::givens`]). It uses no clock for decisions and no web API, so the CLI, the worker
//! and the tests all run the same code.

use serde::{Deserialize, Serialize};
use web_time::Instant;

use super::adjust::{self, AdjustProgress, AdjustReport};
use super::givens::{
    self, Budget, GivensProgress, GivensStats, Minimising, UniqueMode, UniquenessChecker,
};
use super::tone::{self, Tone};
use super::{
    decode, otsu, prepare, shading, strip_bound, threshold, ArtError, Optimizer, OptimizerConfig,
    PrepareOptions, Problem,
};
use crate::grid::Grid;
use crate::kinds::nonogram::formats::{self, grid_rows};
use crate::kinds::nonogram::{clues_of, solve, Cell, Clue, Nonogram};
use crate::link;
use crate::puzzle::{Mode, SolveError, Verdict};
use crate::sat::Monitor;

/// How cell greys become black and white.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum Method {
    /// Fill the cells darker than `t` (0..=256); `None` takes Otsu's threshold.
    Threshold {
        /// The threshold, or `None` for Otsu's.
        t: Option<u16>,
    },
    /// Translucent squares: choose the filled cells whose 3×3 coverage best matches the greys.
    Translucent {
        /// Optimiser settings (the default is bounded by a work cap: about 0.1 to 0.25 s natively at 40×40, under 1 s at 100×100).
        config: OptimizerConfig,
    },
}

/// Everything the pipeline needs besides the image.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ArtOptions {
    /// Size, crop and inversion.
    pub prepare: PrepareOptions,
    /// Threshold or translucent squares.
    pub method: Method,
    /// Which givens to add.
    pub unique: UniqueMode,
    /// How much work minimising the givens may spend (see [`Budget`]).
    #[serde(default)]
    pub budget: Budget,
    /// The grey transform before the threshold; `None` takes the one whose thresholded
    /// picture is most like the grey picture ([`tone::most_like`]), or for translucent squares
    /// (which match the photo's own greys) [`Tone::Plain`].
    #[serde(default)]
    pub tone: Option<Tone>,
}

/// The translucent-squares figures.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Quality {
    /// Objective `Σ |d - g|` of the chosen board.
    pub objective: f64,
    /// A proven lower bound on the optimum.
    pub lower_bound: f64,
    /// Relative gap `(objective - bound) / objective`.
    pub gap: f64,
}

/// The engine's verdict on the clues without givens.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ArtVerdict {
    /// The picture is the only answer.
    Unique,
    /// Another answer exists: its rows (`#`/`.`) and the cells (row-major indices) where it
    /// differs from the picture.
    Multiple {
        /// The second answer's rows.
        second: Vec<String>,
        /// Row-major indices of the cells that differ from the picture.
        differing: Vec<usize>,
    },
    /// No answer: impossible, since the picture satisfies its own clues; kept so that an
    /// engine fault is reported rather than hidden.
    None,
    /// The engine's budget for the clues alone ran out before a proof either way (large
    /// photos); the givens still make the puzzle unique.
    Undecided,
}

impl ArtVerdict {
    /// `unique`, `multiple` or `none`.
    pub fn word(&self) -> &'static str {
        match self {
            ArtVerdict::Unique => "unique",
            ArtVerdict::Multiple { .. } => "multiple",
            ArtVerdict::None => "none",
            ArtVerdict::Undecided => "undecided",
        }
    }
}

/// Progress of a run, for a progress line.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum Stage {
    /// The optimiser is working: current objective, best, bound and gap.
    Optimising(super::OptimiserProgress),
    /// Adding or minimising givens.
    Givens(GivensProgress),
    /// Adjusting the picture.
    Adjust(AdjustProgress),
}

/// Timings of the steps, in milliseconds.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Timings {
    /// Decoding the file.
    pub decode_ms: f64,
    /// Cropping and downscaling.
    pub prepare_ms: f64,
    /// Threshold or optimiser.
    pub method_ms: f64,
    /// The engine's verdict and the line-logic check.
    pub verdict_ms: f64,
    /// Finding and minimising the givens.
    pub givens_ms: f64,
    /// Everything.
    pub total_ms: f64,
    /// The tones' previews and their likeness ([`tone::previews`]).
    #[serde(default)]
    pub tones_ms: f64,
}

/// What the pipeline made.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ArtResult {
    /// Width in cells.
    pub width: usize,
    /// Height in cells.
    pub height: usize,
    /// Decoded image size in pixels (after orientation).
    pub image_size: (u32, u32),
    /// The prepared cell greys, row-major (0 = black).
    pub greys: Vec<f32>,
    /// The threshold used, for the threshold method (Otsu's when none was asked).
    pub threshold: Option<u16>,
    /// Otsu's threshold for these greys (the slider's default).
    pub otsu: u16,
    /// The picture: the puzzle's intended answer.
    pub picture: Grid<bool>,
    /// Simulated shading of the translucent board (darkness 0..=1 per cell), row-major.
    pub shading: Option<Vec<f32>>,
    /// Translucent-squares figures.
    pub quality: Option<Quality>,
    /// Row clues.
    pub rows: Vec<Clue>,
    /// Column clues.
    pub cols: Vec<Clue>,
    /// The engine's verdict on the clues alone.
    pub verdict: ArtVerdict,
    /// How the engine rated the clues alone (line logic or search).
    pub rating: Option<String>,
    /// Whether line logic alone solves the clues (no givens).
    pub line_logic: bool,
    /// Which givens were asked for.
    pub unique: UniqueMode,
    /// The given cells (row-major indices, values from the picture), sorted.
    pub givens: Vec<usize>,
    /// Figures of the givens search.
    pub givens_stats: GivensStats,
    /// True only when every given was refused by a check that found another answer without
    /// it (so no single given can go); false while some given's check ran out of budget.
    #[serde(default)]
    pub proven_minimal: bool,
    /// Givens whose check ran out of budget (kept; the puzzle is unique with them).
    #[serde(default)]
    pub undecided: usize,
    /// Minimising passes begun (0 for the quick answer).
    #[serde(default)]
    pub pass: u32,
    /// The time budget ended minimising before every given was decided.
    #[serde(default)]
    pub out_of_time: bool,
    /// The verdict with the givens: `unique`, unless no givens were asked for.
    pub final_verdict: String,
    /// Whether line logic alone solves the puzzle with its givens.
    pub final_line_logic: bool,
    /// The puzzle with its givens in the studio's JSON form.
    pub puzzle_json: String,
    /// Its share-link fragment (`nonogram/v1/…`, without `#`).
    pub fragment: String,
    /// Step timings.
    pub timings: Timings,
    /// Adjust mode: the cells of `picture` changed from the thresholded (or translucent)
    /// picture, row-major, sorted (empty in the other modes).
    #[serde(default)]
    pub changed: Vec<usize>,
    /// Adjust mode: its figures, once an adjusted puzzle exists.
    #[serde(default)]
    pub adjust: Option<AdjustReport>,
    /// Every tone's thresholded preview of the grey picture, with its likeness.
    #[serde(default)]
    pub previews: Vec<tone::Preview>,
    /// The tone the greys went through (`greys` are after it).
    #[serde(default = "plain")]
    pub tone: Tone,
    /// Whether the tone was chosen as the most like the photo (no tone asked for).
    #[serde(default)]
    pub tone_auto: bool,
}

fn plain() -> Tone {
    Tone::Plain
}

impl ArtResult {
    /// The puzzle with its givens.
    pub fn puzzle(&self) -> Nonogram {
        let p = Nonogram::new(self.rows.clone(), self.cols.clone())
            .expect("clues of a picture are valid");
        p.with_givens(givens::givens_grid(&self.picture, &self.givens))
            .expect("givens agree with the picture")
    }

    /// The picture as rows of `#` and `.`.
    pub fn picture_rows(&self) -> Vec<String> {
        grid_rows(&self.picture)
    }

    /// The givens as rows of `#`, `.` and `?`.
    pub fn givens_rows(&self) -> Vec<String> {
        formats::cell_rows(&givens::givens_grid(&self.picture, &self.givens))
    }
}

fn ms(since: Instant) -> f64 {
    since.elapsed().as_secs_f64() * 1000.0
}

/// Work units per optimiser step between progress reports (about 7 ms natively).
const STEP: u64 = 1_000_000;

/// Runs the whole pipeline on an image file's bytes.
pub fn run(
    bytes: &[u8],
    options: &ArtOptions,
    progress: &mut dyn FnMut(Stage),
) -> Result<ArtResult, ArtError> {
    run_streaming(bytes, options, progress, &mut |_| true)
}

/// [`run`], handing every improved unique puzzle to `on_puzzle` as it lands (first the quick
/// answer, then each smaller set of givens); `on_puzzle` returns false to stop minimising,
/// and the result is then the current unique puzzle with its honest status.
pub fn run_streaming(
    bytes: &[u8],
    options: &ArtOptions,
    progress: &mut dyn FnMut(Stage),
    on_puzzle: &mut dyn FnMut(&ArtResult) -> bool,
) -> Result<ArtResult, ArtError> {
    let started = Instant::now();
    let t = Instant::now();
    let gray = decode(bytes)?;
    let decode_ms = ms(t);
    let t = Instant::now();
    let grid = prepare(&gray, &options.prepare)?;
    let prepare_ms = ms(t);
    let size = (gray.width(), gray.height());
    let mut on = |r: &ArtResult| {
        let mut r = r.clone();
        r.image_size = size;
        r.timings.decode_ms = decode_ms;
        r.timings.prepare_ms = prepare_ms;
        r.timings.total_ms = ms(started);
        on_puzzle(&r)
    };
    let mut result = from_grid_streaming(&grid, options, progress, &mut on)?;
    result.image_size = size;
    result.timings.decode_ms = decode_ms;
    result.timings.prepare_ms = prepare_ms;
    result.timings.total_ms = ms(started);
    Ok(result)
}

/// Runs the pipeline from prepared cell greys onwards.
pub fn from_grid(
    grid: &super::GreyGrid,
    options: &ArtOptions,
    progress: &mut dyn FnMut(Stage),
) -> Result<ArtResult, ArtError> {
    from_grid_streaming(grid, options, progress, &mut |_| true)
}

/// Subgradient iterations of the strip bound for a grid of `cells` cells: 300 (gaps of a few
/// tenths of a percent to 2 % at 30 to 50 wide) up to 2,500 cells, then as many as cost the
/// same work.
pub fn tight_bound_iterations(cells: usize) -> u32 {
    (750_000 / cells.max(1)).clamp(40, 300) as u32
}

/// The result for an adjusted picture, from the starting picture's result `base`: the picture,
/// its clues and puzzle (no givens), the changed cells and the figures.
fn adjusted_result(
    base: &ArtResult,
    a: &adjust::Adjusted,
    level: adjust::Level,
    adjust_ms: f64,
    total_ms: f64,
) -> ArtResult {
    let picture = Grid::from_cells(base.height, base.width, a.picture.clone()).expect("same shape");
    let (rows, cols) = clues_of(&picture);
    let puzzle =
        Nonogram::new(rows.clone(), cols.clone()).expect("the clues of a picture are valid");
    let line_logic =
        a.finish.run.hardest.is_none_or(|r| r <= crate::kinds::nonogram::logic::LINE_RANK);
    let mut r = base.clone();
    r.picture = picture;
    r.rows = rows;
    r.cols = cols;
    r.verdict = ArtVerdict::Unique;
    r.rating = a.finish.run.rating(crate::kinds::nonogram::logic::LADDER).map(str::to_string);
    r.line_logic = line_logic;
    r.givens = Vec::new();
    r.proven_minimal = true;
    r.undecided = 0;
    r.out_of_time = false;
    r.final_verdict = "unique".into();
    r.final_line_logic = line_logic;
    r.puzzle_json = formats::to_json(&puzzle).to_string();
    r.fragment = link::fragment(&puzzle);
    r.changed = a.changed.clone();
    // The translucent shading of the adjusted board (the figures of `quality` stay the starting board's).
    if r.shading.is_some() {
        r.shading = shading(base.width, base.height, &a.picture).ok();
    }
    r.adjust = Some(AdjustReport::of(a, level, base.width * base.height, adjust_ms));
    r.timings.total_ms = total_ms;
    r
}

/// Conflicts the engine may spend on the clues alone, per conflict of the givens' first budget.
const VERDICT_BUDGET_FACTOR: u64 = 1;

/// [`from_grid`], handing every improved unique puzzle to `on_puzzle` (see [`run_streaming`]).
pub fn from_grid_streaming(
    grid: &super::GreyGrid,
    options: &ArtOptions,
    progress: &mut dyn FnMut(Stage),
    on_puzzle: &mut dyn FnMut(&ArtResult) -> bool,
) -> Result<ArtResult, ArtError> {
    let started = Instant::now();
    // The tones' previews, and the greys after the tone asked for or the most like the photo.
    let t = Instant::now();
    let previews = tone::previews(grid);
    let tones_ms = ms(t);
    // The likeness is a thresholded picture's: translucent squares match the photo's own greys.
    let tone_used = options.tone.unwrap_or_else(|| match options.method {
        Method::Threshold { .. } => tone::most_like(&previews),
        Method::Translucent { .. } => Tone::Plain,
    });
    let toned = tone::apply(grid, tone_used);
    let grid = &toned;
    let (w, h) = (grid.width(), grid.height());
    let otsu_t = otsu(grid);
    let t = Instant::now();
    let mut problem = None;
    let (cells, threshold_used, shade, quality) = match options.method {
        Method::Threshold { t } => {
            let t = t.unwrap_or(otsu_t);
            (threshold(grid, t), Some(t), None, None)
        }
        Method::Translucent { config } => {
            let problem = problem.insert(Problem::from_grid(grid));
            let mut opt = Optimizer::new(problem, config);
            let last = opt.run(STEP, |p| {
                progress(Stage::Optimising(*p));
                true
            });
            let board = opt.best().to_vec();
            let shade = shading(w, h, &board)?;
            let q = Quality {
                objective: last.best_objective,
                lower_bound: last.lower_bound,
                gap: last.gap,
            };
            (board, None, Some(shade), Some(q))
        }
    };
    let method_ms = ms(t);
    let picture = Grid::from_cells(h, w, cells)
        .ok_or(ArtError::SizeMismatch { expected: w * h, actual: 0 })?;
    let (rows, cols) = clues_of(&picture);
    let plain =
        Nonogram::new(rows.clone(), cols.clone()).map_err(|e| ArtError::Decode(e.to_string()))?;

    let t = Instant::now();
    let budget = options.budget;
    let deadline = budget
        .time_ms
        .map(|ms| Instant::now() + std::time::Duration::from_secs_f64(ms.max(0.0) / 1000.0));
    let verdict_limit = budget.conflicts.saturating_mul(VERDICT_BUDGET_FACTOR);
    let monitor = Monitor::new(0.0, move |p| {
        p.work < verdict_limit && deadline.is_none_or(|d| Instant::now() < d)
    });
    // varisat, with which the verdict budgets were measured (nonograms default to batsat).
    let engine = solve::SolveOptions { search: solve::Search::Varisat, ..Default::default() };
    let report = match solve::solve_with(&plain, Mode::Unique, engine, Some(monitor)) {
        Ok(report) => Some(report),
        Err(SolveError::Stopped) => None,
        Err(e) => return Err(ArtError::Decode(format!("the nonogram engine failed: {e}"))),
    };
    let rating = report.as_ref().and_then(|r| r.rating.clone());
    let verdict = match report.map(|r| (r.verdict, r.solutions)) {
        None => ArtVerdict::Undecided,
        Some((Verdict::Unique, _)) => ArtVerdict::Unique,
        Some((Verdict::Multiple, solutions)) => {
            // Show an answer other than the picture, and where it differs.
            let second = solutions
                .iter()
                .find(|s| **s != picture)
                .cloned()
                .unwrap_or_else(|| picture.clone());
            let differing =
                (0..w * h).filter(|&i| second.cells()[i] != picture.cells()[i]).collect();
            ArtVerdict::Multiple { second: grid_rows(&second), differing }
        }
        _ => ArtVerdict::None,
    };
    let line_logic = !givens::line_logic(&plain, picture.cells(), &[]).contains(&Cell::Unknown);
    let verdict_ms = ms(t);

    let t = Instant::now();
    let mut stats = GivensStats::default();
    let unique = options.unique;
    // The optimiser's quick bound first; the strip bound once a puzzle has been handed out.
    let quality = std::cell::Cell::new(quality);
    let tighten = || {
        if let (Some(p), Some(q)) = (&problem, quality.get()) {
            let lower_bound =
                strip_bound(p, q.objective, tight_bound_iterations(w * h)).max(q.lower_bound);
            let gap = if q.objective > 0.0 {
                ((q.objective - lower_bound) / q.objective).max(0.0)
            } else {
                0.0
            };
            quality.set(Some(Quality { objective: q.objective, lower_bound, gap }));
        }
    };
    // The whole result for a set of givens: all the parts above stay the same.
    let assemble =
        |m: &Minimising, stats: &GivensStats, givens_ms: f64| -> Result<ArtResult, ArtError> {
            let chosen = m.givens.clone();
            let puzzle = plain
                .clone()
                .with_givens(givens::givens_grid(&picture, &chosen))
                .map_err(|e| ArtError::Decode(e.to_string()))?;
            let final_line_logic =
                !givens::line_logic(&plain, picture.cells(), &chosen).contains(&Cell::Unknown);
            let final_verdict = match (unique, &verdict) {
                (UniqueMode::Off, v) => v.word().to_string(),
                (_, ArtVerdict::None) => "none".into(),
                // Givens mode proved it with an UNSAT check or line logic completing the grid;
                // logic mode by line logic completing the grid.
                _ => "unique".into(),
            };
            Ok(ArtResult {
                width: w,
                height: h,
                image_size: (0, 0),
                greys: grid.values().to_vec(),
                threshold: threshold_used,
                otsu: otsu_t,
                picture: picture.clone(),
                shading: shade.clone(),
                quality: quality.get(),
                rows: rows.clone(),
                cols: cols.clone(),
                verdict: verdict.clone(),
                rating: rating.clone(),
                line_logic,
                unique,
                givens: chosen,
                givens_stats: stats.clone(),
                proven_minimal: m.proven_minimal,
                undecided: m.undecided,
                pass: m.pass,
                out_of_time: m.out_of_time,
                final_verdict,
                final_line_logic,
                puzzle_json: formats::to_json(&puzzle).to_string(),
                fragment: link::fragment(&puzzle),
                timings: Timings {
                    method_ms,
                    verdict_ms,
                    givens_ms,
                    total_ms: ms(started),
                    tones_ms,
                    ..Timings::default()
                },
                changed: Vec::new(),
                adjust: None,
                previews: previews.clone(),
                tone: tone_used,
                tone_auto: options.tone.is_none(),
            })
        };
    let mut on_givens = |g: GivensProgress| progress(Stage::Givens(g));
    let done =
        |givens: Vec<usize>| Minimising { givens, proven_minimal: true, ..Minimising::default() };
    let chosen = match options.unique {
        UniqueMode::Off => Minimising::default(),
        UniqueMode::Givens if verdict == ArtVerdict::Unique => done(Vec::new()),
        UniqueMode::Givens => {
            let mut checker = UniquenessChecker::with_deadline(&plain, &picture, deadline);
            let mut failed = None;
            let mut tightened = false;
            let mut on_unique = |m: &Minimising| {
                let snapshot = GivensStats {
                    kept: m.givens.len(),
                    checks: m.checks,
                    ..GivensStats::default()
                };
                match assemble(m, &snapshot, ms(t)) {
                    Ok(r) => {
                        let go_on = on_puzzle(&r);
                        if !tightened {
                            // The quick answer is out: now the tight bound, shown with the next puzzle.
                            tightened = true;
                            tighten();
                        }
                        go_on
                    }
                    Err(e) => {
                        failed = Some(e);
                        false
                    }
                }
            };
            let m = checker.budgeted(&budget, &mut on_givens, &mut on_unique, &mut stats);
            if let Some(e) = failed {
                return Err(e);
            }
            m
        }
        UniqueMode::Adjust(level) => {
            // Today's puzzle at once (line logic with givens), then the adjusted picture.
            let quick = if line_logic {
                done(Vec::new())
            } else {
                done(givens::logic_givens(&plain, &picture, &mut on_givens, &mut stats))
            };
            let base = assemble(&quick, &stats, ms(t))?;
            if !on_puzzle(&base) {
                return Ok(base);
            }
            let t_cost = threshold_used.unwrap_or(otsu_t) as f32;
            let cost = adjust::visibility(grid.values(), picture.cells(), w, t_cost);
            let started_adjust = Instant::now();
            let mut made: Option<ArtResult> = None;
            let mut on_better = |a: &adjust::Adjusted| {
                let r = adjusted_result(&base, a, level, ms(started_adjust), ms(started));
                let go_on = on_puzzle(&r);
                made = Some(r);
                go_on
            };
            let mut on_progress = |p: AdjustProgress| progress(Stage::Adjust(p));
            let a = adjust::adjust(
                picture.cells(),
                w,
                &cost,
                level,
                1,
                deadline,
                &mut on_progress,
                &mut on_better,
            );
            let mut r = match made {
                Some(_) if a.reached => {
                    adjusted_result(&base, &a, level, ms(started_adjust), ms(started))
                }
                _ => {
                    let mut r = base;
                    r.adjust = Some(AdjustReport::of(&a, level, w * h, ms(started_adjust)));
                    r
                }
            };
            if a.reached {
                // The same SAT check as the givens: the clues with "some cell differs" is UNSAT.
                let mut checker = UniquenessChecker::new(&r.puzzle(), &r.picture);
                let check = checker.check_plain();
                if let Some(rep) = r.adjust.as_mut() {
                    rep.sat_unique = match check {
                        givens::Check::Unique(_) => Some(true),
                        givens::Check::Second(_) => Some(false),
                        givens::Check::Undecided => None,
                    };
                }
                if matches!(check, givens::Check::Second(_)) {
                    return Err(ArtError::Decode(
                        "the nonogram engine found a second answer to a puzzle its rules finished"
                            .into(),
                    ));
                }
            }
            r.timings.givens_ms = ms(t);
            r.timings.total_ms = ms(started);
            return Ok(r);
        }
        UniqueMode::Logic if line_logic => done(Vec::new()),
        UniqueMode::Logic => {
            done(givens::logic_givens(&plain, &picture, &mut on_givens, &mut stats))
        }
    };
    if !matches!(
        (options.unique, &verdict),
        (UniqueMode::Givens, ArtVerdict::Multiple { .. } | ArtVerdict::Undecided)
    ) && problem.is_some()
    {
        // The answer is ready: hand it out before the bound's work, then return it with the bound.
        on_puzzle(&assemble(&chosen, &stats, ms(t))?);
        tighten();
    }
    assemble(&chosen, &stats, ms(t))
}
