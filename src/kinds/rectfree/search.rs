//! Local search: simulated annealing and threshold accepting over whole colourings or over the
//! rotation-symmetric choice space, with an incremental score (monochromatic rectangles).
//!
//! Rows are bit sets (`u64`, one bit per column), so the rectangles a cell takes part in are
//! counted in O(rows) popcounts: for every other row with the same colour in that column, the
//! columns both rows share in that colour, less the cell's own. Every answer found here is
//! checked again by [`super::check`] before anyone sees it.

use serde::{Deserialize, Serialize};
use web_time::Instant;

use super::encode::{orbits, rotation_grid};
use super::model::{Method, RectFree};
use crate::grid::Grid;

/// Most points kept in the score series (older points are thinned when it fills).
pub const SERIES_POINTS: usize = 400;

/// How to search.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Config {
    /// Annealing or threshold accepting.
    pub method: Method,
    /// Search the rotation-symmetric space (square grids, four colours, no fixed cells).
    pub rotation: bool,
    /// Random seed.
    pub seed: u64,
    /// Iterations of one cooling sweep (or one full threshold schedule) before reheating.
    pub sweep: u64,
    /// Annealing: the temperature at the start of a sweep.
    pub t_start: f64,
    /// Annealing: the temperature at the end of a sweep.
    pub t_end: f64,
}

impl Config {
    /// Settings that suit `p`: the sweep grows with the grid; the rotation space (whose moves
    /// change four cells at once) anneals cooler and longer, as measured on 17x17.
    pub fn for_task(p: &RectFree, method: Method, rotation: bool, seed: u64) -> Config {
        let cells = (p.rows() * p.cols()) as u64;
        if rotation && p.rotation_applies() {
            Config { method, rotation, seed, sweep: (cells * 30_000).clamp(200_000, 10_000_000), t_start: 1.0, t_end: 0.3 }
        } else {
            Config { method, rotation, seed, sweep: (cells * 4000).clamp(200_000, 4_000_000), t_start: 2.0, t_end: 0.1 }
        }
    }
}

/// One point of the score chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Point {
    /// Iterations so far.
    pub iteration: u64,
    /// The current score.
    pub score: u64,
    /// The best score so far.
    pub best: u64,
}

/// What the search reports while it runs, and at the end.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Snapshot {
    /// Iterations so far.
    pub iterations: u64,
    /// Milliseconds since the search started.
    pub elapsed_ms: f64,
    /// The current score (rectangles in the searched space).
    pub score: u64,
    /// The best score so far.
    pub best: u64,
    /// When the best was reached (iterations).
    pub best_at: u64,
    /// The best colouring so far, as rows of digits.
    pub best_rows: Vec<String>,
    /// The score series for the chart, thinned to at most [`SERIES_POINTS`].
    pub series: Vec<Point>,
    /// Reheats so far.
    pub sweeps: u64,
    /// In a portfolio: which worker (0-based) of how many sent this snapshot.
    #[serde(default)]
    pub worker: Option<(u32, u32)>,
}

/// The chart series: one point every `every` iterations, thinned by half when full.
struct Series {
    points: Vec<Point>,
    every: u64,
}

impl Series {
    fn new() -> Self {
        Series { points: Vec::new(), every: 256 }
    }

    fn offer(&mut self, iteration: u64, score: u64, best: u64) {
        if iteration % self.every != 0 {
            return;
        }
        if self.points.len() >= SERIES_POINTS {
            let kept: Vec<Point> = self.points.iter().copied().step_by(2).collect();
            self.points = kept;
            self.every *= 2;
            if iteration % self.every != 0 {
                return;
            }
        }
        self.points.push(Point { iteration, score, best });
    }
}

/// Rectangle-counting state: per colour, each row and each column as bit sets.
pub(super) struct Board {
    rows: usize,
    /// `row[k][r]`: columns of row r with colour k.
    row: Vec<Vec<u64>>,
    /// `col[k][c]`: rows of column c with colour k.
    col: Vec<Vec<u64>>,
}

impl Board {
    pub(super) fn new(rows: usize, cols: usize, colours: usize) -> Self {
        Board { rows, row: vec![vec![0; rows]; colours], col: vec![vec![0; cols]; colours] }
    }

    /// Rectangles of colour k with a corner at (r, c), whether or not (r, c) has colour k now.
    pub(super) fn involve(&self, k: usize, r: usize, c: usize) -> u64 {
        let mine = self.row[k][r] & !(1u64 << c);
        if mine == 0 {
            return 0;
        }
        let mut others = self.col[k][c] & !(1u64 << r);
        let mut total = 0;
        while others != 0 {
            let r2 = others.trailing_zeros() as usize;
            others &= others - 1;
            total += (mine & self.row[k][r2]).count_ones() as u64;
        }
        total
    }

    pub(super) fn put(&mut self, k: usize, r: usize, c: usize) {
        self.row[k][r] |= 1 << c;
        self.col[k][c] |= 1 << r;
    }

    pub(super) fn take(&mut self, k: usize, r: usize, c: usize) {
        self.row[k][r] &= !(1 << c);
        self.col[k][c] &= !(1 << r);
    }

    /// The total score, from scratch.
    pub(super) fn total(&self) -> u64 {
        let mut t = 0;
        for rows in &self.row {
            for r1 in 0..self.rows {
                for r2 in r1 + 1..self.rows {
                    let m = (rows[r1] & rows[r2]).count_ones() as u64;
                    t += m * m.saturating_sub(1) / 2;
                }
            }
        }
        t
    }
}

/// The acceptance rule, with its schedule.
struct Acceptance {
    method: Method,
    sweep: u64,
    t_start: f64,
    t_end: f64,
}

impl Acceptance {
    /// Threshold levels of the seed's schedule, each held for an equal share of a sweep.
    const THRESHOLDS: [f64; 6] = [5.0, 4.0, 3.0, 2.0, 1.0, 0.0];

    /// Whether to take a move that changes the score by `delta` at `step` of the sweep.
    fn accept(&self, delta: i64, step: u64, rng: &mut fastrand::Rng) -> bool {
        if delta <= 0 {
            return true;
        }
        let progress = step as f64 / self.sweep as f64;
        match self.method {
            Method::Threshold => {
                let level = ((progress * Self::THRESHOLDS.len() as f64) as usize).min(Self::THRESHOLDS.len() - 1);
                delta as f64 <= Self::THRESHOLDS[level]
            }
            _ => {
                // Geometric cooling from t_start to t_end over the sweep.
                let t = self.t_start * (self.t_end / self.t_start).powf(progress);
                rng.f64() < (-(delta as f64) / t).exp()
            }
        }
    }
}

/// The result of a search that was not stopped: a colouring with no rectangle (not yet checked).
pub type Found = Grid<u8>;

/// Odd sides from this one up are searched on the next even grid and cropped (see [`grown_side`]).
pub const GROW_FROM: usize = 17;

/// The side of the grid the tabu search colours for an n x n task: n + 1 for odd n from
/// [`GROW_FROM`] up, else n. Measured on 17x17: the 17x17 rotation space (72 orbits, centre
/// fixed, 73 cells for colour 0) stalled at 1 rectangle in 60 s for every seed, while the 18x18
/// one (81 orbits, no centre, colour 0 at the 81-cell maximum) is solved, and any 17x17 part of
/// an 18x18 colouring is a 17x17 colouring.
pub fn grown_side(n: usize) -> usize {
    if n % 2 == 1 && n >= GROW_FROM {
        n + 1
    } else {
        n
    }
}

/// Runs the local search until a rectangle-free colouring turns up or `report` (called about
/// every `interval_ms` with a snapshot, and once at the end) returns false.
pub fn search(p: &RectFree, config: Config, interval_ms: f64, report: &mut dyn FnMut(&Snapshot) -> bool) -> (Option<Found>, Snapshot) {
    if config.method == Method::Tabu && p.rotation_applies() {
        let n = p.rows();
        let side = grown_side(n);
        if side == n {
            return super::tabu::Tabu::new(n, config.seed).run(config, interval_ms, report);
        }
        // Colour the larger grid and keep its top-left n x n part (rectangle-free as any part
        // of a rectangle-free colouring is); snapshots show that part.
        let crop_rows = |rows: &mut Vec<String>| {
            rows.truncate(n);
            rows.iter_mut().for_each(|r| r.truncate(n));
        };
        let mut cropped = |s: &Snapshot| {
            let mut s = s.clone();
            crop_rows(&mut s.best_rows);
            report(&s)
        };
        let (found, mut last) = super::tabu::Tabu::new(side, config.seed).run(config, interval_ms, &mut cropped);
        crop_rows(&mut last.best_rows);
        let found = found.and_then(|g| Grid::from_cells(n, n, (0..n * n).map(|i| g[(i / n, i % n)]).collect()));
        (found, last)
    } else if config.rotation && p.rotation_applies() {
        Rotational::new(p, config).run(config, interval_ms, report)
    } else {
        Whole::new(p, config).run(config, interval_ms, report)
    }
}

/// The moves and score of one search space.
pub(super) trait Space {
    /// The current score.
    fn score(&self) -> u64;
    /// Proposes and (by `accept`) applies one move; returns the new score.
    fn step(&mut self, rng: &mut fastrand::Rng, accept: &mut dyn FnMut(i64, &mut fastrand::Rng) -> bool) -> u64;
    /// The current colouring, row-major.
    fn cells(&self) -> Vec<u8>;
    /// Rows and columns.
    fn size(&self) -> (usize, usize);

    /// The shared driver: schedule, best-so-far, series and reports.
    fn run(&mut self, config: Config, interval_ms: f64, report: &mut dyn FnMut(&Snapshot) -> bool) -> (Option<Found>, Snapshot)
    where
        Self: Sized,
    {
        let started = Instant::now();
        let mut rng = fastrand::Rng::with_seed(config.seed);
        let acceptance = Acceptance { method: config.method, sweep: config.sweep, t_start: config.t_start, t_end: config.t_end };
        let mut series = Series::new();
        let mut best = self.score();
        let mut best_cells = self.cells();
        let mut best_at = 0u64;
        let mut iteration = 0u64;
        let mut last_report = 0.0;
        let mut sweeps = 0u64;
        let (rows, cols) = self.size();
        let snapshot = |iteration: u64, score: u64, best: u64, best_at: u64, cells: &[u8], series: &Series, sweeps: u64| Snapshot {
            iterations: iteration,
            elapsed_ms: started.elapsed().as_secs_f64() * 1000.0,
            score,
            best,
            best_at,
            best_rows: cells.chunks(cols.max(1)).map(|row| row.iter().map(|&k| (b'0' + k) as char).collect()).collect(),
            series: series.points.clone(),
            sweeps,
            worker: None,
        };
        let _ = rows;
        loop {
            if best == 0 {
                let s = snapshot(iteration, 0, 0, best_at, &best_cells, &series, sweeps);
                report(&s);
                return (Grid::from_cells(rows, cols, best_cells), s);
            }
            let step = iteration % config.sweep;
            if step == 0 && iteration > 0 {
                sweeps += 1;
            }
            let score = self.step(&mut rng, &mut |delta, rng| acceptance.accept(delta, step, rng));
            iteration += 1;
            if score < best {
                best = score;
                best_cells = self.cells();
                best_at = iteration;
            }
            series.offer(iteration, score, best);
            if iteration % 2048 == 0 {
                let now = started.elapsed().as_secs_f64() * 1000.0;
                if now - last_report >= interval_ms {
                    last_report = now;
                    let s = snapshot(iteration, score, best, best_at, &best_cells, &series, sweeps);
                    if !report(&s) {
                        return (None, s);
                    }
                }
            }
        }
    }
}

/// The candidate with the least change of score, ties broken uniformly at random.
fn least(candidates: impl Iterator<Item = (i64, usize)>, rng: &mut fastrand::Rng) -> Option<(i64, usize)> {
    let mut best: Option<(i64, usize)> = None;
    let mut ties = 0;
    for (d, x) in candidates {
        match best {
            Some((bd, _)) if d > bd => {}
            Some((bd, _)) if d == bd => {
                ties += 1;
                if rng.u32(..ties + 1) == 0 {
                    best = Some((d, x));
                }
            }
            _ => {
                best = Some((d, x));
                ties = 0;
            }
        }
    }
    best
}

/// The space of whole colourings: recolour a cell, or swap two rows (columns) within one colour.
struct Whole {
    rows: usize,
    cols: usize,
    colours: usize,
    cells: Vec<u8>,
    free: Vec<usize>,
    board: Board,
    score: u64,
}

impl Whole {
    fn new(p: &RectFree, config: Config) -> Self {
        let (rows, cols, colours) = (p.rows(), p.cols(), p.colours());
        let mut rng = fastrand::Rng::with_seed(config.seed ^ 0x9e37_79b9_7f4a_7c15);
        let cells: Vec<u8> = p.fixed().iter().map(|f| f.unwrap_or_else(|| rng.u8(..colours as u8))).collect();
        let free = (0..rows * cols).filter(|&i| p.fixed()[i].is_none()).collect();
        let mut board = Board::new(rows, cols, colours);
        for (i, &k) in cells.iter().enumerate() {
            board.put(k as usize, i / cols, i % cols);
        }
        let score = board.total();
        Whole { rows, cols, colours, cells, free, board, score }
    }

    /// Recolours one cell and returns the change of score.
    fn recolour(&mut self, i: usize, to: usize) -> i64 {
        let (r, c) = (i / self.cols, i % self.cols);
        let from = self.cells[i] as usize;
        if from == to {
            return 0;
        }
        let delta = self.board.involve(to, r, c) as i64 - self.board.involve(from, r, c) as i64;
        self.board.take(from, r, c);
        self.board.put(to, r, c);
        self.cells[i] = to as u8;
        delta
    }

    /// The seed's move: swap lines a and b within colour k (cells of colour k in one line and
    /// not the other trade colours with their partner cell); fixed cells block the move.
    fn swap_lines(&mut self, k: u8, a: usize, b: usize, rows_not_cols: bool) -> Option<(i64, Vec<(usize, u8)>)> {
        fn in_row(l: usize, j: usize, cols: usize) -> usize {
            l * cols + j
        }
        fn in_col(l: usize, j: usize, cols: usize) -> usize {
            j * cols + l
        }
        let (len, at): (usize, fn(usize, usize, usize) -> usize) = if rows_not_cols { (self.cols, in_row) } else { (self.rows, in_col) };
        let mut pairs = Vec::new();
        for j in 0..len {
            let (i, i2) = (at(a, j, self.cols), at(b, j, self.cols));
            if (self.cells[i] == k) != (self.cells[i2] == k) {
                if !(self.free.binary_search(&i).is_ok() && self.free.binary_search(&i2).is_ok()) {
                    return None;
                }
                pairs.push((i, i2));
            }
        }
        let mut undo = Vec::new();
        let mut delta = 0;
        for (i, i2) in pairs {
            let (x, y) = (self.cells[i], self.cells[i2]);
            undo.push((i, x));
            undo.push((i2, y));
            delta += self.recolour(i, y as usize);
            delta += self.recolour(i2, x as usize);
        }
        Some((delta, undo))
    }
}

impl Space for Whole {
    fn score(&self) -> u64 {
        self.score
    }

    fn size(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    fn cells(&self) -> Vec<u8> {
        self.cells.clone()
    }

    fn step(&mut self, rng: &mut fastrand::Rng, accept: &mut dyn FnMut(i64, &mut fastrand::Rng) -> bool) -> u64 {
        if self.free.is_empty() {
            return self.score;
        }
        if rng.u32(..32) == 0 {
            // Swap two rows or two columns within one colour class.
            let rows_not_cols = rng.bool();
            let lines = if rows_not_cols { self.rows } else { self.cols };
            if lines >= 2 {
                let a = rng.usize(..lines);
                let b = (a + 1 + rng.usize(..lines - 1)) % lines;
                let k = rng.u8(..self.colours as u8);
                if let Some((delta, undo)) = self.swap_lines(k, a, b, rows_not_cols) {
                    if accept(delta, rng) {
                        self.score = (self.score as i64 + delta) as u64;
                    } else {
                        for &(i, x) in undo.iter().rev() {
                            self.recolour(i, x as usize);
                        }
                    }
                }
            }
            return self.score;
        }
        // Recolour a cell to its best other colour (ties at random).
        let i = self.free[rng.usize(..self.free.len())];
        let (r, c) = (i / self.cols, i % self.cols);
        let from = self.cells[i] as usize;
        let now = self.board.involve(from, r, c) as i64;
        let board = &self.board;
        let best = least((0..self.colours).filter(|&k| k != from).map(|k| (board.involve(k, r, c) as i64 - now, k)), rng);
        if let Some((d, k)) = best {
            if accept(d, rng) {
                let applied = self.recolour(i, k);
                self.score = (self.score as i64 + applied) as u64;
            }
        }
        self.score
    }
}

/// A random choice per rotation orbit of an n x n grid (seeded): the orbits, the centre, the
/// choices, colour 0's board (with the centre of an odd grid) and its score.
pub(super) type Choices = (Vec<[usize; 4]>, Option<usize>, Vec<usize>, Board, u64);

/// A random start in the rotation-symmetric space, as [`Choices`].
pub(super) fn random_choices(n: usize, seed: u64) -> Choices {
    let (orbits, centre) = orbits(n);
    let mut rng = fastrand::Rng::with_seed(seed);
    let choice: Vec<usize> = orbits.iter().map(|_| rng.usize(..4)).collect();
    let mut board = Board::new(n, n, 1);
    for (o, cells) in orbits.iter().enumerate() {
        let cell = cells[choice[o]];
        board.put(0, cell / n, cell % n);
    }
    if let Some(c) = centre {
        board.put(0, c / n, c % n);
    }
    let score = board.total();
    (orbits, centre, choice, board, score)
}

/// The rotation-symmetric space: one choice per orbit; only colour 0 (with the centre) is scored.
struct Rotational {
    n: usize,
    orbits: Vec<[usize; 4]>,
    centre: Option<usize>,
    choice: Vec<usize>,
    board: Board,
    score: u64,
    /// Breakout: the weight of every rectangle, indexed by row pair and column pair.
    weights: Option<Vec<u32>>,
    /// Breakout: moves since the weighted score last went down.
    stale: usize,
    /// Which orbit each cell belongs to, and where in it.
    orbit_of: Vec<(usize, usize)>,
}

impl Rotational {
    fn new(p: &RectFree, config: Config) -> Self {
        let n = p.rows();
        let (orbits, centre, choice, board, score) = random_choices(n, config.seed ^ 0x5851_f42d_4c95_7f2d);
        let pairs = n * (n - 1) / 2;
        let weights = (config.method == Method::Breakout).then(|| vec![1u32; pairs * pairs]);
        let mut orbit_of = vec![(usize::MAX, 0); n * n];
        for (o, cells) in orbits.iter().enumerate() {
            for (t, &cell) in cells.iter().enumerate() {
                orbit_of[cell] = (o, t);
            }
        }
        Rotational { n, orbits, centre, choice, board, score, weights, stale: 0, orbit_of }
    }

    /// Index of the pair a < b among n items.
    fn pair(n: usize, a: usize, b: usize) -> usize {
        let (a, b) = if a < b { (a, b) } else { (b, a) };
        a * (2 * n - a - 1) / 2 + (b - a - 1)
    }

    /// The weight of the colour-0 rectangles with a corner at (r, c).
    fn weighted(&self, w: &[u32], r: usize, c: usize) -> u64 {
        let n = self.n;
        let pairs = n * (n - 1) / 2;
        let mine = self.board.row[0][r] & !(1u64 << c);
        let mut others = self.board.col[0][c] & !(1u64 << r);
        let mut total = 0u64;
        while others != 0 {
            let r2 = others.trailing_zeros() as usize;
            others &= others - 1;
            let mut shared = mine & self.board.row[0][r2];
            let rp = Self::pair(n, r, r2) * pairs;
            while shared != 0 {
                let c2 = shared.trailing_zeros() as usize;
                shared &= shared - 1;
                total += w[rp + Self::pair(n, c, c2)] as u64;
            }
        }
        total
    }

    /// A movable corner of a rectangle of colour 0, found by sampling pairs of rows.
    fn corner_of_a_rectangle(&self, rng: &mut fastrand::Rng) -> Option<(usize, usize)> {
        // A random rectangle: a random row pair with two shared columns.
        let rows = &self.board.row[0];
        let n = self.n;
        let pairs = n * (n - 1) / 2;
        let mut pick = None;
        for _ in 0..4 * pairs {
            let r1 = rng.usize(..n);
            let r2 = rng.usize(..n);
            if r1 == r2 {
                continue;
            }
            let shared = rows[r1] & rows[r2];
            if shared.count_ones() >= 2 {
                let cols: Vec<usize> = (0..n).filter(|&c| shared >> c & 1 == 1).collect();
                let a = rng.usize(..cols.len());
                let b = (a + 1 + rng.usize(..cols.len() - 1)) % cols.len();
                let corners = [(r1, cols[a]), (r1, cols[b]), (r2, cols[a]), (r2, cols[b])];
                let movable: Vec<(usize, usize)> = corners.into_iter().filter(|&(r, c)| self.orbit_of[r * n + c].0 != usize::MAX).collect();
                if !movable.is_empty() {
                    pick = Some(movable[rng.usize(..movable.len())]);
                }
                break;
            }
        }
        pick
    }

    /// One breakout step: a random corner of a random rectangle moves within its orbit to the
    /// place of least weight; when nothing improves for a while, every rectangle left gains weight.
    fn step_breakout(&mut self, rng: &mut fastrand::Rng) -> u64 {
        let n = self.n;
        let pairs = n * (n - 1) / 2;
        let mut w = self.weights.take().expect("breakout has weights");
        let pick = self.corner_of_a_rectangle(rng);
        if let Some((r0, c0)) = pick {
            let (o, _) = self.orbit_of[r0 * n + c0];
            let lose_w = self.weighted(&w, r0, c0) as i64;
            let lose = self.board.involve(0, r0, c0) as i64;
            self.board.take(0, r0, c0);
            let cells = self.orbits[o];
            let best = least(
                (0..4).filter(|&t| t != self.choice[o]).map(|t| (self.weighted(&w, cells[t] / n, cells[t] % n) as i64 - lose_w, t)).collect::<Vec<_>>().into_iter(),
                rng,
            );
            match best {
                Some((d, t)) if d < 0 || (d == 0 && rng.bool()) => {
                    let cell = self.orbits[o][t];
                    let gain = self.board.involve(0, cell / n, cell % n) as i64;
                    self.board.put(0, cell / n, cell % n);
                    self.choice[o] = t;
                    self.score = (self.score as i64 + gain - lose) as u64;
                    if d < 0 {
                        self.stale = 0;
                    } else {
                        self.stale += 1;
                    }
                }
                _ => {
                    self.board.put(0, r0, c0);
                    self.stale += 1;
                }
            }
        }
        if self.stale > self.orbits.len() {
            self.stale = 0;
            // Every rectangle still there weighs one more.
            let rows = &self.board.row[0];
            for r1 in 0..n {
                for r2 in r1 + 1..n {
                    let shared = rows[r1] & rows[r2];
                    if shared.count_ones() < 2 {
                        continue;
                    }
                    let rp = Self::pair(n, r1, r2) * pairs;
                    let cols: Vec<usize> = (0..n).filter(|&c| shared >> c & 1 == 1).collect();
                    for (i, &a) in cols.iter().enumerate() {
                        for &b in &cols[i + 1..] {
                            w[rp + Self::pair(n, a, b)] += 1;
                        }
                    }
                }
            }
        }
        self.weights = Some(w);
        self.score
    }
}

impl Space for Rotational {
    fn score(&self) -> u64 {
        self.score
    }

    fn size(&self) -> (usize, usize) {
        (self.n, self.n)
    }

    fn cells(&self) -> Vec<u8> {
        rotation_grid(self.n, &self.orbits, self.centre, &self.choice)
    }

    fn step(&mut self, rng: &mut fastrand::Rng, accept: &mut dyn FnMut(i64, &mut fastrand::Rng) -> bool) -> u64 {
        if self.weights.is_some() {
            return self.step_breakout(rng);
        }
        let n = self.n;
        // Half the moves start from a corner of a rectangle (focused), half from any orbit.
        let focused = if self.score > 0 && rng.bool() { self.corner_of_a_rectangle(rng) } else { None };
        let o = match focused {
            Some((r, c)) => self.orbit_of[r * n + c].0,
            None => rng.usize(..self.orbits.len()),
        };
        let old = self.orbits[o][self.choice[o]];
        let (r0, c0) = (old / n, old % n);
        let lose = self.board.involve(0, r0, c0) as i64;
        self.board.take(0, r0, c0);
        let (board, cells) = (&self.board, &self.orbits[o]);
        let best = least((0..4).filter(|&t| t != self.choice[o]).map(|t| (board.involve(0, cells[t] / n, cells[t] % n) as i64 - lose, t)), rng);
        match best {
            Some((d, t)) if accept(d, rng) => {
                let cell = self.orbits[o][t];
                self.board.put(0, cell / n, cell % n);
                self.choice[o] = t;
                self.score = (self.score as i64 + d) as u64;
            }
            _ => self.board.put(0, r0, c0),
        }
        self.score
    }
}
