//! Optimiser for translucent squares: annealing, exact band polishing and kicks, in bounded steps.

use super::band::{band_work, optimise_band_window, transpose_board, BandScratch, Polisher};
use super::bound::block_bound_fixed;
use super::error::ArtError;
use super::lagrange::StripBound;
use super::rng::SplitMix64;
use super::translucent::{Problem, FIXED_SCALE};
use serde::{Deserialize, Serialize};

/// Settings of the optimiser; the same settings and seed always give the same board.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct OptimizerConfig {
    /// Seed of the pseudo-random generator.
    pub seed: u64,
    /// Simulated-annealing proposals per cell (single flips and moves to a neighbour).
    pub sweeps: u32,
    /// Starting annealing temperature, in objective units.
    pub t_start: f64,
    /// Final annealing temperature, in objective units.
    pub t_end: f64,
    /// Height of the bands re-optimised exactly while polishing (1..=4; 2 is the sweet spot).
    pub band: usize,
    /// Kicks (perturb a small square, re-polish, keep if not worse) per cell of the grid.
    pub kicks_per_cell: f64,
    /// At least this many kicks, however small the grid (they are cheap there).
    pub min_kicks: u32,
    /// Most work per cell of the grid (single-flip-proposal equivalents, see [`OptimiserProgress::work`])
    /// before the kicks stop: an explicit cap, so the optimiser's time grows like the cells.
    #[serde(default = "default_work_per_cell")]
    pub work_per_cell: u64,
    /// Subgradient iterations of the strip lower bound ([`super::lagrange`]) run at the end
    /// to tighten the reported gap (about 1.5 ms each at 40×40); 0 keeps the 2×2 block bound.
    pub bound_iterations: u32,
}

fn default_work_per_cell() -> u64 {
    OptimizerConfig::default().work_per_cell
}

impl Default for OptimizerConfig {
    /// The default budget: at most 15,000 work units per cell (37.5 million below 2,500
    /// cells): about 0.1–0.25 s for a 40×40 grid natively in a release build (about 2.4×
    /// that as WebAssembly) and 0.6–0.9 s for 100×100, on a loaded machine.
    fn default() -> OptimizerConfig {
        OptimizerConfig {
            seed: 0x5EED,
            sweeps: 500,
            t_start: 1.0,
            t_end: 0.1,
            band: 2,
            kicks_per_cell: 0.5,
            min_kicks: 200,
            work_per_cell: 15_000,
            bound_iterations: 0,
        }
    }
}

/// A snapshot of the optimiser's state, suitable for a progress bar.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct OptimiserProgress {
    /// Work done so far, in single-flip-proposal equivalents.
    pub work: u64,
    /// Estimated total work (kicks are estimated, so this can move a little).
    pub planned_work: u64,
    /// Objective `Σ |d - g|` of the current board.
    pub objective: f64,
    /// Best objective found so far.
    pub best_objective: f64,
    /// A proven lower bound on the optimum: the 2×2 block bound ([`super::bound::block_bound`]),
    /// raised by the strip bound when `bound_iterations > 0`.
    pub lower_bound: f64,
    /// Relative gap `(best - bound) / best`, 0 when `best` is 0.
    pub gap: f64,
    /// True once the optimiser has finished; further steps do nothing.
    pub done: bool,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Phase {
    Anneal { left: u64 },
    Polish,
    Kick { left: u64 },
    Bound { left: u32 },
    Done,
}

/// Annealing proposals between checks for a new best board.
const BLOCK: u64 = 1024;
/// Probability that a cell inside the kicked square is flipped.
const KICK_FLIP: f64 = 0.3;
/// Largest side of the kicked square (sides 3..=KICK_MAX).
const KICK_MAX: usize = 6;
/// Cells around the kicked square that the kick's band solves may change: up to 36 wide,
/// the whole width of a small grid (where full bands were measured best) and a bounded
/// window on a big one (3 cells lost 1 to 3 % of objective on the photos at 30 and 100 wide,
/// 8 cells about 1 % at 30 wide).
const KICK_MARGIN: usize = 15;
/// Grids smaller than this many cells get the work cap of this many (the kicks' own count
/// then ends them first, as before the cap).
const WORK_CAP_MIN_CELLS: usize = 2_500;
/// Most rounds of row and column bands inside a kick's window.
const KICK_ROUNDS: usize = 4;

/// The optimiser. Three search phases and an optional bound phase, all deterministic given the
/// random seed and driven by [`Optimizer::step`] with a work budget (no clock is used):
///
/// 1. **Annealing** from [`Problem::rounded_start`]: single-cell flips and moves of a
///    square to a neighbouring cell, Metropolis acceptance, geometric cooling from
///    `t_start` to `t_end`, O(9) incremental evaluation on a padded grid; then greedy
///    descent.
/// 2. **Band polishing**: every band of `band` rows, then of `band` columns, is
///    re-optimised exactly by dynamic programming (see [`super::band`]) until no band
///    improves. This large neighbourhood is what makes the result good; single flips
///    alone stall several percent above it.
/// 3. **Kicks** (iterated local search): flip random cells in a random 3..6-cell square,
///    re-solve the row and column bands near changed cells inside a window of up to 36
///    cells around it (so a kick costs the same at any grid size), keep the result if it is
///    not worse, otherwise undo. The kicks stop after `kicks_per_cell` per cell or at the
///    work cap ([`OptimizerConfig::work_per_cell`]), then one global polish runs.
/// 4. Optionally, `bound_iterations` steps of the Lagrangian strip bound to tighten the
///    reported lower bound and gap.
///
/// The objective is kept in fixed point ([`FIXED_SCALE`]) so every comparison is exact.
#[derive(Debug, Clone)]
pub struct Optimizer {
    problem: Problem,
    width: usize,
    height: usize,
    padded_width: usize,
    cells: Vec<u32>,
    interior: Vec<bool>,
    filled: Vec<bool>,
    count: Vec<u8>,
    turn_on: Vec<[i32; 10]>,
    turn_off: Vec<[i32; 10]>,
    empty_value: i64,
    current: i64,
    best: Vec<bool>,
    best_value: i64,
    lower_bound: i64,
    rng: SplitMix64,
    config: OptimizerConfig,
    phase: Phase,
    anneal_work: u64,
    planned_kicks: u64,
    polisher: Option<Polisher>,
    kick_start_work: Option<u64>,
    /// The problem and the best board transposed, for the kicks' column bands.
    transposed: Option<Problem>,
    best_t: Vec<bool>,
    /// The kicked window's cells before the kick, to undo it.
    saved: Vec<bool>,
    scratch: BandScratch,
    dirty_rows: Vec<bool>,
    dirty_cols: Vec<bool>,
    band_before: Vec<bool>,
    /// Work of the kicks' local band solves.
    kick_work: u64,
    /// Most work before the kicks stop ([`OptimizerConfig::work_per_cell`] times the cells).
    work_cap: u64,
    strip: Option<StripBound>,
    temperature: f64,
    cooling: f64,
}

impl Optimizer {
    /// An optimiser starting from [`Problem::rounded_start`] (fill where darkness ≥ 0.5).
    pub fn new(problem: &Problem, config: OptimizerConfig) -> Optimizer {
        let start = problem.rounded_start();
        Optimizer::build(problem, config, &start)
    }

    /// An optimiser starting from a given row-major board.
    pub fn with_start(
        problem: &Problem,
        config: OptimizerConfig,
        start: &[bool],
    ) -> Result<Optimizer, ArtError> {
        let expected = problem.width() * problem.height();
        if start.len() != expected {
            return Err(ArtError::SizeMismatch { expected, actual: start.len() });
        }
        Ok(Optimizer::build(problem, config, start))
    }

    fn build(problem: &Problem, config: OptimizerConfig, start: &[bool]) -> Optimizer {
        let (w, h) = (problem.width(), problem.height());
        let pw = w + 2;
        let padded = pw * (h + 2);
        let mut turn_on = vec![[0i32; 10]; padded];
        let mut turn_off = vec![[0i32; 10]; padded];
        let mut cells = Vec::with_capacity(w * h);
        let mut interior = vec![false; padded];
        for (i, table) in problem.cost_tables().iter().enumerate() {
            let q = (i / w + 1) * pw + i % w + 1;
            cells.push(q as u32);
            interior[q] = true;
            let n = usize::from(problem.sizes().get(i).copied().unwrap_or(0)).min(9);
            for k in 0..=n {
                if k < n {
                    turn_on[q][k] = table[k + 1] - table[k];
                }
                if k > 0 {
                    turn_off[q][k] = table[k - 1] - table[k];
                }
            }
        }
        let config = OptimizerConfig {
            band: config.band.clamp(1, super::band::MAX_BAND),
            kicks_per_cell: if config.kicks_per_cell.is_finite() {
                config.kicks_per_cell.max(0.0)
            } else {
                0.0
            },
            ..config
        };
        let anneal_work = u64::from(config.sweeps).saturating_mul((w * h) as u64);
        let planned_kicks = ((config.kicks_per_cell * (w * h) as f64).round() as u64)
            .max(u64::from(config.min_kicks));
        let mut opt = Optimizer {
            problem: problem.clone(),
            width: w,
            height: h,
            padded_width: pw,
            cells,
            interior,
            filled: vec![false; padded],
            count: vec![0; padded],
            turn_on,
            turn_off,
            empty_value: problem.cost_tables().iter().map(|t| i64::from(t[0])).sum(),
            current: 0,
            best: start.to_vec(),
            best_value: 0,
            lower_bound: block_bound_fixed(problem),
            rng: SplitMix64::new(config.seed),
            config,
            phase: Phase::Anneal { left: anneal_work },
            anneal_work,
            planned_kicks,
            polisher: None,
            kick_start_work: None,
            transposed: None,
            best_t: Vec::new(),
            saved: Vec::new(),
            scratch: BandScratch::default(),
            dirty_rows: Vec::new(),
            dirty_cols: Vec::new(),
            band_before: Vec::new(),
            kick_work: 0,
            work_cap: config.work_per_cell.saturating_mul((w * h).max(WORK_CAP_MIN_CELLS) as u64),
            strip: None,
            temperature: config.t_start.max(1e-9) * FIXED_SCALE as f64,
            cooling: 1.0,
        };
        opt.load(start);
        opt.best_value = opt.current;
        if anneal_work > 0 {
            let (t0, t1) =
                (config.t_start.max(1e-9), config.t_end.max(1e-9).min(config.t_start.max(1e-9)));
            opt.cooling = (t1 / t0).powf(1.0 / anneal_work as f64);
        }
        opt
    }

    /// Replaces the padded annealing board with `board` (row-major) and recomputes counts.
    fn load(&mut self, board: &[bool]) {
        self.filled.iter_mut().for_each(|f| *f = false);
        self.count.iter_mut().for_each(|c| *c = 0);
        self.current = self.empty_value;
        for i in 0..self.cells.len() {
            if board.get(i).copied().unwrap_or(false) {
                let q = self.cells[i] as usize;
                let delta = self.delta(q);
                self.flip(q, delta);
            }
        }
    }

    /// Change of objective if cell `q` (padded index) were flipped.
    #[inline]
    fn delta(&self, q: usize) -> i64 {
        let pw = self.padded_width;
        let table = if self.filled[q] { &self.turn_off } else { &self.turn_on };
        let top = q - pw - 1;
        let mut delta = 0i64;
        for base in [top, top + pw, top + 2 * pw] {
            for c in base..base + 3 {
                delta += i64::from(table[c][usize::from(self.count[c])]);
            }
        }
        delta
    }

    /// Flips cell `q` (padded index) whose precomputed objective change is `delta`.
    #[inline]
    fn flip(&mut self, q: usize, delta: i64) {
        let pw = self.padded_width;
        let now = !self.filled[q];
        self.filled[q] = now;
        let top = q - pw - 1;
        for base in [top, top + pw, top + 2 * pw] {
            for c in &mut self.count[base..base + 3] {
                if now {
                    *c += 1;
                } else {
                    *c -= 1;
                }
            }
        }
        self.current += delta;
    }

    #[inline]
    fn accept(&mut self, delta: i64, t: f64) -> bool {
        delta <= 0 || (delta as f64) < 30.0 * t && self.rng.unit() < (-(delta as f64) / t).exp()
    }

    fn anneal(&mut self, proposals: u64) {
        let n = self.cells.len();
        let pw = self.padded_width as isize;
        let neighbours = [-pw - 1, -pw, -pw + 1, -1, 1, pw - 1, pw, pw + 1];
        let mut t = self.temperature;
        let cooling = self.cooling;
        for _ in 0..proposals {
            let r = self.rng.next_u64();
            let q = self.cells[((u128::from(r) * n as u128) >> 64) as usize] as usize;
            let delta = self.delta(q);
            let p = (q as isize + neighbours[(r & 7) as usize]) as usize;
            if r & 8 == 8 && self.interior[p] && self.filled[p] != self.filled[q] {
                // Move a square to a neighbouring cell: flip q, then p; undo if rejected.
                self.flip(q, delta);
                let second = self.delta(p);
                if self.accept(delta + second, t) {
                    self.flip(p, second);
                } else {
                    let undo = self.delta(q);
                    self.flip(q, undo);
                }
            } else if self.accept(delta, t) {
                self.flip(q, delta);
            }
            t *= cooling;
        }
        self.temperature = t;
    }

    /// Greedy descent: flip any improving cell until none is left.
    fn descend(&mut self) {
        loop {
            let mut improved = false;
            for i in 0..self.cells.len() {
                let q = self.cells[i] as usize;
                let delta = self.delta(q);
                if delta < 0 {
                    self.flip(q, delta);
                    improved = true;
                }
            }
            if !improved {
                break;
            }
        }
    }

    fn save_if_better(&mut self) {
        if self.current < self.best_value {
            self.best_value = self.current;
            for (b, &q) in self.best.iter_mut().zip(&self.cells) {
                *b = self.filled[q as usize];
            }
        }
    }

    /// Estimated work of one kick: the measured average once a few kicks are done, before
    /// that about `3 (KICK_MAX + band + 3)` band solves in each direction (measured on
    /// photo-like grids).
    fn kick_work_estimate(&self) -> u64 {
        if let (Phase::Kick { left }, Some(start)) = (self.phase, self.kick_start_work) {
            let done = self.planned_kicks.saturating_sub(left);
            if done >= 8 {
                return self.work_done().saturating_sub(start) / done;
            }
        }
        let k = self.config.band;
        let window = KICK_MAX + 2 * KICK_MARGIN;
        2 * (window as u64) * band_work(window + 2, k)
    }

    fn work_done(&self) -> u64 {
        let annealed = match self.phase {
            Phase::Anneal { left } => self.anneal_work - left,
            _ => self.anneal_work,
        };
        annealed
            .saturating_add(self.polisher.as_ref().map_or(0, Polisher::work))
            .saturating_add(self.kick_work)
            .saturating_add(
                self.strip
                    .as_ref()
                    .map_or(0, |s| u64::from(s.iterations()).saturating_mul(s.iteration_work())),
            )
    }

    /// Objective of the cells in `xa..xb` × `ya..yb` of `board` (row-major, fixed point).
    fn local_cost(&self, board: &[bool], (xa, ya, xb, yb): (usize, usize, usize, usize)) -> i64 {
        let (w, h) = (self.width, self.height);
        let tables = self.problem.cost_tables();
        let mut total = 0i64;
        for y in ya..yb {
            for x in xa..xb {
                let mut d = 0usize;
                for yy in y.saturating_sub(1)..(y + 2).min(h) {
                    for xx in x.saturating_sub(1)..(x + 2).min(w) {
                        d += usize::from(board.get(yy * w + xx).copied().unwrap_or(false));
                    }
                }
                total += tables.get(y * w + x).map_or(0, |t| i64::from(t[d.min(9)]));
            }
        }
        total
    }

    /// One kick: perturb a random square, re-optimise the bands of rows and columns crossing
    /// a window around it (only inside the window, so a kick costs the same at any grid
    /// size), keep the result if it is not worse, otherwise undo.
    fn kick(&mut self) {
        // Set when the kicks begin; without it there is nothing to kick.
        if self.transposed.is_none() {
            return;
        }
        let (w, h) = (self.width, self.height);
        let k = self.config.band;
        let side = 3 + self.rng.below(KICK_MAX - 2);
        let (x0, y0) = (self.rng.below(w), self.rng.below(h));
        let (x1, y1) = ((x0 + side).min(w), (y0 + side).min(h));
        // The window whose cells may change, and the cells whose cost that can change.
        let margin = KICK_MARGIN;
        let (wx0, wy0) = (x0.saturating_sub(margin), y0.saturating_sub(margin));
        let (wx1, wy1) = ((x1 + margin).min(w), (y1 + margin).min(h));
        let region =
            (wx0.saturating_sub(1), wy0.saturating_sub(1), (wx1 + 1).min(w), (wy1 + 1).min(h));
        let before = self.local_cost(&self.best, region);
        self.saved.clear();
        for y in wy0..wy1 {
            self.saved.extend_from_slice(&self.best[y * w + wx0..y * w + wx1]);
        }
        let mut flipped = false;
        for y in y0..y1 {
            for x in x0..x1 {
                if self.rng.unit() < KICK_FLIP {
                    self.best[y * w + x] = !self.best[y * w + x];
                    flipped = true;
                }
            }
        }
        if !flipped {
            self.best[y0 * w + x0] = !self.best[y0 * w + x0];
        }
        let Some(transposed) = self.transposed.as_ref() else {
            return;
        };
        let sync = |from: &[bool], to: &mut [bool]| {
            for y in wy0..wy1 {
                for x in wx0..wx1 {
                    to[x * h + y] = from[y * w + x];
                }
            }
        };
        sync(&self.best, &mut self.best_t);
        // Rows and columns changed since the bands near them were last solved: the flipped
        // square at first, then whatever each band solve changed.
        let (mut dirty_rows, mut dirty_cols) =
            (std::mem::take(&mut self.dirty_rows), std::mem::take(&mut self.dirty_cols));
        dirty_rows.clear();
        dirty_rows.resize(h, false);
        dirty_cols.clear();
        dirty_cols.resize(w, false);
        dirty_rows[y0..y1].iter_mut().for_each(|d| *d = true);
        dirty_cols[x0..x1].iter_mut().for_each(|d| *d = true);
        let mut band = std::mem::take(&mut self.band_before);
        for _ in 0..KICK_ROUNDS {
            let mut changed = false;
            for horizontal in [true, false] {
                let (along0, along1, across0, across1, len, other) = if horizontal {
                    (wx0, wx1, wy0, wy1, h, w)
                } else {
                    (wy0, wy1, wx0, wx1, w, h)
                };
                let (problem, board) = if horizontal {
                    (&self.problem, &mut self.best)
                } else {
                    (transposed, &mut self.best_t)
                };
                let (dirty, dirty_other) = if horizontal {
                    (&mut dirty_rows, &mut dirty_cols)
                } else {
                    (&mut dirty_cols, &mut dirty_rows)
                };
                let mut now_dirty = vec![false; 0];
                now_dirty.resize(len, false);
                for r0 in across0..across1.saturating_sub(k - 1).max(across0 + 1).min(len) {
                    let near = r0.saturating_sub(2)..(r0 + k + 2).min(len);
                    if !dirty[near].iter().any(|&d| d) {
                        continue;
                    }
                    let rows = r0..(r0 + k).min(len);
                    band.clear();
                    for r in rows.clone() {
                        band.extend_from_slice(&board[r * other + along0..r * other + along1]);
                    }
                    let gain = optimise_band_window(
                        problem,
                        board,
                        r0,
                        k,
                        along0,
                        along1,
                        &mut self.scratch,
                    );
                    self.kick_work += band_work(along1 - along0 + 2, k);
                    if gain > 0 {
                        changed = true;
                        let mut old = band.iter();
                        for r in rows.clone() {
                            for a in along0..along1 {
                                if old.next().is_some_and(|&o| o != board[r * other + a]) {
                                    now_dirty[r] = true;
                                    dirty_other[a] = true;
                                }
                            }
                        }
                    }
                }
                *dirty = now_dirty;
                if horizontal {
                    sync(&self.best, &mut self.best_t);
                } else {
                    for y in wy0..wy1 {
                        for x in wx0..wx1 {
                            self.best[y * w + x] = self.best_t[x * h + y];
                        }
                    }
                }
            }
            if !changed {
                break;
            }
        }
        self.band_before = band;
        self.dirty_rows = dirty_rows;
        self.dirty_cols = dirty_cols;
        let after = self.local_cost(&self.best, region);
        if after <= before {
            self.best_value += after - before;
        } else {
            let mut saved = self.saved.iter();
            for y in wy0..wy1 {
                for x in wx0..wx1 {
                    if let Some(&v) = saved.next() {
                        self.best[y * w + x] = v;
                        self.best_t[x * h + y] = v;
                    }
                }
            }
        }
    }

    /// Does about `budget` units of work (single-flip-proposal equivalents) and reports progress.
    ///
    /// Natively about 150 000 units take 1 ms (WebAssembly: about 70 000), so a Web Worker
    /// can call `step(1_000_000)` (~15 ms in wasm), post the progress and check for
    /// cancellation between calls. One indivisible piece (an annealing block of 1024
    /// proposals, a polishing sweep or a kick) may overrun the budget slightly.
    pub fn step(&mut self, budget: u64) -> OptimiserProgress {
        let start = self.work_done();
        loop {
            match self.phase {
                Phase::Done => break,
                _ if self.work_done().saturating_sub(start) >= budget => break,
                Phase::Anneal { left } => {
                    if left == 0 {
                        self.descend();
                        self.save_if_better();
                        self.polisher = Some(Polisher::new(&self.problem, self.config.band));
                        self.phase = Phase::Polish;
                        continue;
                    }
                    let chunk = left.min(BLOCK);
                    self.anneal(chunk);
                    self.save_if_better();
                    self.phase = Phase::Anneal { left: left - chunk };
                }
                Phase::Polish => {
                    let gain = match self.polisher.as_mut() {
                        Some(p) => p.sweep(&mut self.best).0,
                        None => 0,
                    };
                    self.best_value -= gain;
                    if gain == 0 {
                        self.kick_start_work = Some(self.work_done());
                        self.transposed = Some(self.problem.transposed());
                        self.best_t = transpose_board(&self.best, self.width, self.height);
                        self.phase = Phase::Kick { left: self.planned_kicks };
                    }
                }
                Phase::Kick { left } => {
                    if left == 0 || self.work_done() >= self.work_cap {
                        // The kicks only looked inside their windows: one global polish.
                        if let Some(p) = self.polisher.as_mut() {
                            p.mark_all();
                            self.best_value -= p.polish(&mut self.best);
                        }
                        self.transposed = None;
                        self.best_t = Vec::new();
                        self.load(&self.best.clone());
                        let upper = self.best_value as f64 / FIXED_SCALE as f64;
                        self.strip = Some(StripBound::new(&self.problem, upper));
                        self.phase = Phase::Bound { left: self.config.bound_iterations };
                        continue;
                    }
                    self.kick();
                    self.phase = Phase::Kick { left: left - 1 };
                }
                Phase::Bound { left } => {
                    if left == 0 || self.best_value <= self.lower_bound {
                        self.phase = Phase::Done;
                        continue;
                    }
                    if let Some(strip) = self.strip.as_mut() {
                        let bound = strip.step(1);
                        // Round down to fixed point, keeping a margin for floating-point error.
                        let fixed =
                            ((bound - 1e-9 * (1.0 + bound.abs())) * FIXED_SCALE as f64).floor();
                        if fixed.is_finite() {
                            self.lower_bound = self.lower_bound.max(fixed as i64);
                        }
                    }
                    self.phase = Phase::Bound { left: left - 1 };
                }
            }
        }
        self.progress()
    }

    /// Runs to completion in steps of `budget` work units, calling `keep_going` after each;
    /// returning `false` stops early (the best board so far stays available).
    pub fn run(
        &mut self,
        budget: u64,
        mut keep_going: impl FnMut(&OptimiserProgress) -> bool,
    ) -> OptimiserProgress {
        loop {
            let progress = self.step(budget.max(1));
            if progress.done || !keep_going(&progress) {
                return progress;
            }
        }
    }

    /// The current progress without doing any work.
    pub fn progress(&self) -> OptimiserProgress {
        let scale = FIXED_SCALE as f64;
        let current = match self.phase {
            Phase::Anneal { .. } => self.current,
            _ => self.best_value,
        };
        let best = self.best_value.min(current) as f64 / scale;
        let lower_bound = self.lower_bound as f64 / scale;
        let kicks_left = match self.phase {
            Phase::Anneal { .. } | Phase::Polish => self.planned_kicks,
            Phase::Kick { left } => left,
            Phase::Bound { .. } | Phase::Done => 0,
        };
        let bound_left = match self.phase {
            Phase::Bound { left } => u64::from(left),
            Phase::Done => 0,
            _ => u64::from(self.config.bound_iterations),
        };
        let work = self.work_done();
        let annealing = work.saturating_add(match self.phase {
            Phase::Anneal { left } => left,
            _ => 0,
        });
        // The kicks stop at the work cap.
        let kicking = annealing
            .saturating_add(kicks_left.saturating_mul(self.kick_work_estimate()))
            .min(self.work_cap.max(annealing));
        let planned = kicking
            .saturating_add(bound_left.saturating_mul((self.width * self.height * 512) as u64));
        OptimiserProgress {
            work,
            planned_work: planned,
            objective: current as f64 / scale,
            best_objective: best,
            lower_bound,
            gap: if best > 0.0 { ((best - lower_bound) / best).max(0.0) } else { 0.0 },
            done: self.phase == Phase::Done,
        }
    }

    /// The best board found so far, row-major (`true` = filled).
    pub fn best(&self) -> &[bool] {
        &self.best
    }

    /// Width of the board in cells.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Height of the board in cells.
    pub fn height(&self) -> usize {
        self.height
    }
}

/// A finished translucent-squares board with its quality figures.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Solution {
    /// Width in cells.
    pub width: usize,
    /// Height in cells.
    pub height: usize,
    /// Row-major board, `true` = filled.
    pub filled: Vec<bool>,
    /// Final progress figures (objective, bound, gap).
    pub progress: OptimiserProgress,
}

/// Runs the optimiser to completion without interruption.
pub fn optimise(problem: &Problem, config: OptimizerConfig) -> Solution {
    let mut optimizer = Optimizer::new(problem, config);
    let progress = optimizer.run(u64::MAX, |_| true);
    Solution {
        width: problem.width(),
        height: problem.height(),
        filled: optimizer.best().to_vec(),
        progress,
    }
}
