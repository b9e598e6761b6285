//! Exact re-optimisation of a band of a few rows or columns, all other cells held fixed.
//!
//! Used by the optimiser as a large neighbourhood: with rows `r0..r0+k` free and the
//! rest fixed, a left-to-right dynamic programme over columns whose state is the band's
//! bits in the last two columns (`4^k` states) finds the best band in
//! `O(width * 8^k * (k + 2))`. Columns are handled by running it on the transposed problem.

use super::translucent::Problem;

/// Tallest band accepted (the work grows as `8^k`).
pub const MAX_BAND: usize = 4;

const INF: i64 = i64::MAX / 4;
const IMPOSSIBLE: i32 = 1 << 24;

/// Most rows a band touches: the band plus one row above and below.
const ROWS: usize = MAX_BAND + 2;
/// Most bit patterns of one band column.
const PATTERNS: usize = 1 << MAX_BAND;
/// Per-column lookup: `[affected row][squares from the band]` -> cost of that cell.
type ColumnTable = [[i32; 16]; ROWS];
/// Most DP states: band bits of two consecutive columns.
const STATES: usize = PATTERNS * PATTERNS;

/// Reusable buffers for [`optimise_band`], so repeated calls do not allocate.
#[derive(Debug, Clone, Default)]
pub struct BandScratch {
    parent: Vec<u8>,
    fixed: Vec<u8>,
    bits: Vec<usize>,
    tables: Vec<ColumnTable>,
    ranges: Vec<(usize, usize)>,
}

/// Re-optimises rows `r0..r0 + k` of `board` (row-major, `problem`-sized) exactly.
///
/// Returns the improvement in fixed-point objective units; the board is changed only
/// when the improvement is positive (ties keep the current band).
pub fn optimise_band(
    problem: &Problem,
    board: &mut [bool],
    r0: usize,
    k: usize,
    scratch: &mut BandScratch,
) -> i64 {
    optimise_band_window(problem, board, r0, k, 0, problem.width(), scratch)
}

/// Like [`optimise_band`] but only columns `x0..x1` of the band are free; the band's
/// cells in other columns stay as they are. Cost is proportional to `x1 - x0`.
pub fn optimise_band_window(
    problem: &Problem,
    board: &mut [bool],
    r0: usize,
    k: usize,
    x0: usize,
    x1: usize,
    scratch: &mut BandScratch,
) -> i64 {
    let (w, h) = (problem.width(), problem.height());
    let k = k.min(MAX_BAND).min(h.saturating_sub(r0));
    let x1 = x1.min(w);
    if k == 0 || x0 >= x1 || board.len() != w * h {
        return 0;
    }
    let tables = problem.cost_tables();
    let y_lo = r0.saturating_sub(1);
    let y_hi = (r0 + k + 1).min(h); // exclusive
    let rows = y_hi - y_lo;
    let s = 1usize << k;
    // pc[ri][bits]: band bits of `bits` inside the vertical window of affected row ri.
    let mut pc = [[0u8; PATTERNS]; ROWS];
    for (ri, y) in (y_lo..y_hi).enumerate() {
        for (bits, slot) in pc[ri].iter_mut().enumerate().take(s) {
            *slot =
                (0..k).filter(|&i| bits >> i & 1 == 1 && (r0 + i).abs_diff(y) <= 1).count() as u8;
        }
    }
    // fixed[ri * (w + 2) + x + 1]: filled cells outside the band in rows y-1..=y+1 of column x.
    let fw = w + 2;
    scratch.fixed.clear();
    scratch.fixed.resize(rows * fw, 0);
    // Cost columns are xa..xb: every cell whose window touches a free column. Only columns
    // lo..hi (one more on each side) are read, so the work follows the window, not the width.
    let xa = x0.saturating_sub(1);
    let xb = (x1 + 1).min(w);
    let (lo, hi) = (xa.saturating_sub(1), (xb + 1).min(w));
    for (ri, y) in (y_lo..y_hi).enumerate() {
        for yy in y.saturating_sub(1)..(y + 2).min(h) {
            if yy >= r0 && yy < r0 + k {
                continue;
            }
            let row = &board[yy * w + lo..yy * w + hi];
            let out = &mut scratch.fixed[ri * fw + 1 + lo..ri * fw + 1 + hi];
            for (o, &b) in out.iter_mut().zip(row) {
                *o += u8::from(b);
            }
        }
    }
    scratch.bits.resize(w, 0);
    for x in lo..hi {
        scratch.bits[x] =
            (0..k).filter(|&i| board[(r0 + i) * w + x]).map(|i| 1usize << i).sum::<usize>();
    }
    let span = xb - xa;
    // Column tables: rows past `rows` stay all-zero, so fixed-size loops add nothing for them.
    scratch.tables.clear();
    for x in xa..xb {
        let mut ct: ColumnTable = [[0; 16]; ROWS];
        for (ri, slot) in ct.iter_mut().enumerate().take(rows) {
            let y = y_lo + ri;
            let f = usize::from(
                scratch.fixed[ri * fw + x]
                    + scratch.fixed[ri * fw + x + 1]
                    + scratch.fixed[ri * fw + x + 2],
            );
            let table = &tables[y * w + x];
            for (t, v) in slot.iter_mut().enumerate() {
                *v = if f + t <= 9 { table[f + t] } else { IMPOSSIBLE };
            }
        }
        scratch.tables.push(ct);
    }
    let column_cost = |ct: &ColumnTable, a: usize, b: usize, c: usize| -> i64 {
        let mut v = 0i32;
        for ri in 0..ROWS {
            let t = pc[ri][a & (PATTERNS - 1)]
                + pc[ri][b & (PATTERNS - 1)]
                + pc[ri][c & (PATTERNS - 1)];
            v += ct[ri][usize::from(t) & 15];
        }
        i64::from(v)
    };
    let bits_at = |x: usize| if x < w { scratch.bits[x] } else { 0 };
    let choices = |x: usize| -> (usize, usize) {
        if x >= w {
            (0, 1)
        } else if x >= x0 && x < x1 {
            (0, s)
        } else {
            (scratch.bits[x], scratch.bits[x] + 1)
        }
    };
    let mut current_cost = 0i64;
    for (i, ct) in scratch.tables.iter().enumerate() {
        let x = xa + i;
        let a = if x > 0 { scratch.bits[x - 1] } else { 0 };
        current_cost += column_cost(ct, a, scratch.bits[x], bits_at(x + 1));
    }
    let states = s * s;
    let mut dp = [INF; STATES];
    scratch.parent.clear();
    scratch.parent.resize(span * states, 0);
    {
        let before = if xa > 0 { scratch.bits[xa - 1] } else { 0 };
        let (lo, hi) = choices(xa);
        for b in lo..hi {
            dp[(before * s + b) & (STATES - 1)] = 0;
        }
    }
    scratch.ranges.clear();
    scratch.ranges.extend((xa..xb).map(|x| choices(x + 1)));
    // Bands of 1 or 2 rows touch at most 4 rows: a fixed, fully unrolled inner loop.
    if k <= 2 {
        forward::<4>(&scratch.tables, &pc, s, &scratch.ranges, &mut dp, &mut scratch.parent);
    } else {
        forward::<ROWS>(&scratch.tables, &pc, s, &scratch.ranges, &mut dp, &mut scratch.parent);
    }
    let (mut best, mut best_state) = (INF, 0usize);
    for (state, &v) in dp.iter().enumerate().take(states) {
        if v < best {
            best = v;
            best_state = state;
        }
    }
    let gain = current_cost - best;
    if gain <= 0 {
        return 0;
    }
    // Backtrack: the state after cost column x is (bits x, bits x+1); parents give bits x-1.
    let mut bits = best_state / s;
    let mut next_bits = best_state % s;
    for x in (xa..xb).rev() {
        let a = usize::from(scratch.parent[(x - xa) * states + bits * s + next_bits]);
        if x >= x0 && x < x1 {
            for i in 0..k {
                board[(r0 + i) * w + x] = bits >> i & 1 == 1;
            }
        }
        next_bits = bits;
        bits = a;
    }
    gain
}

/// Forward pass of the band DP over all cost columns; `R` is the number of affected rows
/// looked at (rows past the real ones have all-zero tables and add nothing).
fn forward<const R: usize>(
    tables: &[ColumnTable],
    pc: &[[u8; PATTERNS]; ROWS],
    s: usize,
    ranges: &[(usize, usize)],
    dp: &mut [i64; STATES],
    parent: &mut [u8],
) {
    let states = s * s;
    let mut next = [INF; STATES];
    for (i, (ct, &(c_lo, c_hi))) in tables.iter().zip(ranges).enumerate() {
        next.iter_mut().take(states).for_each(|v| *v = INF);
        let Some(par) = parent.get_mut(i * states..(i + 1) * states) else {
            return;
        };
        for a in 0..s {
            for b in 0..s {
                let base = dp[(a * s + b) & (STATES - 1)];
                if base >= INF {
                    continue;
                }
                let mut pab = [0u8; R];
                for (ri, p) in pab.iter_mut().enumerate() {
                    *p = pc[ri % ROWS][a & (PATTERNS - 1)] + pc[ri % ROWS][b & (PATTERNS - 1)];
                }
                for c in c_lo..c_hi {
                    let mut v = 0i32;
                    for (ri, &p) in pab.iter().enumerate() {
                        v += ct[ri % ROWS][usize::from(p + pc[ri % ROWS][c & (PATTERNS - 1)]) & 15];
                    }
                    let value = base + i64::from(v);
                    let idx = (b * s + c) & (STATES - 1);
                    if value < next[idx] {
                        next[idx] = value;
                        if let Some(p) = par.get_mut(idx) {
                            *p = a as u8;
                        }
                    }
                }
            }
        }
        std::mem::swap(dp, &mut next);
    }
}

/// Approximate cost of one band solve over `columns` columns, in single-flip-proposal
/// equivalents (`8^k` transitions per column, each about as costly as one proposal).
pub fn band_work(columns: usize, k: usize) -> u64 {
    columns as u64 * (1u64 << (3 * k.min(MAX_BAND)))
}

/// Transposes a row-major `width × height` board.
pub(crate) fn transpose_board(board: &[bool], width: usize, height: usize) -> Vec<bool> {
    let mut out = vec![false; board.len()];
    for (i, &b) in board.iter().enumerate() {
        if let Some(o) = out.get_mut((i % width) * height + i / width) {
            *o = b;
        }
    }
    out
}

/// Saved bookkeeping of a [`Polisher`], see [`Polisher::checkpoint`].
#[derive(Debug, Clone)]
pub struct Checkpoint {
    row_changed: Vec<u64>,
    col_changed: Vec<u64>,
    row_checked: Vec<u64>,
    col_checked: Vec<u64>,
}

/// Repeated band re-optimisation (rows, then columns) that skips bands whose
/// surroundings have not changed since they were last found optimal.
#[derive(Debug, Clone)]
pub struct Polisher {
    k: usize,
    problem: Problem,
    transposed: Problem,
    scratch: BandScratch,
    epoch: u64,
    row_changed: Vec<u64>,
    col_changed: Vec<u64>,
    row_checked: Vec<u64>,
    col_checked: Vec<u64>,
    work: u64,
}

impl Polisher {
    /// A polisher for `problem` using bands of `k` rows/columns (1..=[`MAX_BAND`]).
    pub fn new(problem: &Problem, k: usize) -> Polisher {
        let (w, h) = (problem.width(), problem.height());
        Polisher {
            k: k.clamp(1, MAX_BAND),
            problem: problem.clone(),
            transposed: problem.transposed(),
            scratch: BandScratch::default(),
            epoch: 1,
            row_changed: vec![1; h],
            col_changed: vec![1; w],
            row_checked: vec![0; h],
            col_checked: vec![0; w],
            work: 0,
        }
    }

    /// Records that cell `(x, y)` was changed from outside, so bands around it are re-checked.
    pub fn mark(&mut self, x: usize, y: usize) {
        self.epoch += 1;
        if let Some(r) = self.row_changed.get_mut(y) {
            *r = self.epoch;
        }
        if let Some(c) = self.col_changed.get_mut(x) {
            *c = self.epoch;
        }
    }

    /// A copy of the bookkeeping, to undo a rejected change together with the board.
    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            row_changed: self.row_changed.clone(),
            col_changed: self.col_changed.clone(),
            row_checked: self.row_checked.clone(),
            col_checked: self.col_checked.clone(),
        }
    }

    /// Restores bookkeeping saved by [`Polisher::checkpoint`] (restore the board too).
    /// A checkpoint from a polisher of another size is ignored, and every band is re-checked.
    pub fn restore(&mut self, saved: Checkpoint) {
        let fits = saved.row_changed.len() == self.row_changed.len()
            && saved.row_checked.len() == self.row_checked.len()
            && saved.col_changed.len() == self.col_changed.len()
            && saved.col_checked.len() == self.col_checked.len();
        if fits {
            self.row_changed = saved.row_changed;
            self.col_changed = saved.col_changed;
            self.row_checked = saved.row_checked;
            self.col_checked = saved.col_checked;
        } else {
            self.mark_all();
        }
    }

    /// Work done so far, in flip-proposal equivalents (see [`band_work`]).
    pub fn work(&self) -> u64 {
        self.work
    }

    /// Band height in use.
    pub fn band(&self) -> usize {
        self.k
    }

    /// Marks every band as needing a check.
    pub fn mark_all(&mut self) {
        self.epoch += 1;
        let e = self.epoch;
        self.row_changed.iter_mut().for_each(|v| *v = e);
        self.col_changed.iter_mut().for_each(|v| *v = e);
    }

    /// Number of band positions along an axis of `len` cells.
    fn positions(&self, len: usize) -> usize {
        len.saturating_sub(self.k - 1).max(1)
    }

    /// One pass over all stale row bands, then all stale column bands.
    /// Returns `(gain, bands_solved)`; `gain` is in fixed-point units. A board of the
    /// wrong size is left alone (`(0, 0)`).
    pub fn sweep(&mut self, board: &mut Vec<bool>) -> (i64, usize) {
        let (w, h) = (self.problem.width(), self.problem.height());
        if board.len() != w * h {
            return (0, 0);
        }
        let mut gain = 0i64;
        let mut solved = 0usize;
        for horizontal in [true, false] {
            let (len, other) = if horizontal { (h, w) } else { (w, h) };
            let mut work =
                if horizontal { std::mem::take(board) } else { transpose_board(board, w, h) };
            for r0 in 0..self.positions(len) {
                let (changed, checked) = if horizontal {
                    (&self.row_changed, &mut self.row_checked)
                } else {
                    (&self.col_changed, &mut self.col_checked)
                };
                let lo = r0.saturating_sub(2);
                let hi = (r0 + self.k + 2).min(len);
                let stale =
                    changed.get(lo..hi).is_some_and(|s| s.iter().any(|&e| e >= checked[r0]));
                if !stale {
                    continue;
                }
                self.epoch += 1;
                checked[r0] = self.epoch;
                let band_problem = if horizontal { &self.problem } else { &self.transposed };
                let before: Vec<bool> = work[r0 * other..(r0 + self.k).min(len) * other].to_vec();
                let g = optimise_band(band_problem, &mut work, r0, self.k, &mut self.scratch);
                solved += 1;
                self.work += band_work(other, self.k);
                if g > 0 {
                    gain += g;
                    for (i, (&old, &new)) in before.iter().zip(&work[r0 * other..]).enumerate() {
                        if old != new {
                            let (along, across) = (i % other, r0 + i / other);
                            let (x, y) = if horizontal { (along, across) } else { (across, along) };
                            self.mark(x, y);
                        }
                    }
                    // Keep this band's own check valid: it is optimal given the current rest.
                    if horizontal {
                        self.row_checked[r0] = self.epoch + 1;
                    } else {
                        self.col_checked[r0] = self.epoch + 1;
                    }
                }
            }
            *board = if horizontal { work } else { transpose_board(&work, h, w) };
        }
        (gain, solved)
    }

    /// Sweeps until no band improves; returns the total gain in fixed-point units.
    pub fn polish(&mut self, board: &mut Vec<bool>) -> i64 {
        let mut total = 0i64;
        loop {
            let (gain, _) = self.sweep(board);
            total += gain;
            if gain == 0 {
                return total;
            }
        }
    }
}

/// Polishes `board` with bands of `k` rows and columns until no band improves;
/// returns the gain in fixed-point units.
pub fn polish(problem: &Problem, board: &mut Vec<bool>, k: usize) -> i64 {
    Polisher::new(problem, k).polish(board)
}
