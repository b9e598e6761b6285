//! The "translucent squares" shading model: each filled cell darkens its 3×3 neighbourhood.
//!
//! Following section 3.2 of the nonogram-art write-up (after Bosch and Herman's
//! *Pointillism via Linear Programming*), a filled cell lays a translucent 3×3 square
//! centred on itself. A cell's shade `d` is the number of squares covering it, i.e. the
//! number of filled cells in its 3×3 neighbourhood (itself included, clipped at the
//! border: 9 cells inside, 6 on an edge, 4 in a corner). We choose the filled cells to
//! minimise `Σ |d - g|` where `g` is the ideal shade of each cell.

use super::error::ArtError;
use super::grid::GreyGrid;

/// Fixed-point scale of the objective: ideal shades are quantised to multiples of `1/FIXED_SCALE`.
pub const FIXED_SCALE: i64 = 1 << 16;

/// Cost-table entry for impossible counts (more squares than neighbourhood cells).
const IMPOSSIBLE: i32 = 1 << 24;

/// One translucent-squares instance: a grid of ideal shades and the per-cell cost tables.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    width: usize,
    height: usize,
    ideal: Vec<f64>,
    size: Vec<u8>,
    cost: Vec<[i32; 10]>,
}

/// Number of cells in the clipped 3×3 neighbourhood of `(x, y)`: 9, 6 or 4 (fewer on thin
/// grids); 0 for a cell outside the grid.
pub fn neighbourhood_size(width: usize, height: usize, x: usize, y: usize) -> u8 {
    let span = |p: usize, len: usize| (p + 1).min(len - 1) + 1 - p.saturating_sub(1);
    if x >= width || y >= height {
        return 0;
    }
    (span(x, width) * span(y, height)) as u8
}

impl Problem {
    /// The instance for a grid of grey values (0 = black).
    ///
    /// The ideal shade is `g = n * (255 - v) / 255`, where `n` is the neighbourhood size.
    /// Two deliberate departures from the write-up's `g = 9 v / 255`:
    /// * it uses darkness `255 - v`, because with `v` itself white areas (v = 255) would be
    ///   shaded fully and black ones left empty;
    /// * it scales by the clipped neighbourhood size `n` (6 on edges, 4 in corners) instead
    ///   of 9, so a black edge or corner cell can be matched exactly (`d = n`) and a
    ///   mid-grey edge asks for half of its squares, like the interior does.
    pub fn from_grid(grid: &GreyGrid) -> Problem {
        let darkness = grid.darkness();
        Problem::build(grid.width(), grid.height(), &darkness)
    }

    /// The instance for row-major darkness values in `0.0..=1.0` (1 = black); values are clamped.
    pub fn from_darkness(
        width: usize,
        height: usize,
        darkness: &[f32],
    ) -> Result<Problem, ArtError> {
        if width == 0 || height == 0 {
            return Err(ArtError::EmptyImage);
        }
        let expected = width.saturating_mul(height);
        if darkness.len() != expected {
            return Err(ArtError::SizeMismatch { expected, actual: darkness.len() });
        }
        Ok(Problem::build(width, height, darkness))
    }

    fn build(width: usize, height: usize, darkness: &[f32]) -> Problem {
        let mut ideal = Vec::with_capacity(darkness.len());
        let mut size = Vec::with_capacity(darkness.len());
        let mut cost = Vec::with_capacity(darkness.len());
        for (i, &dark) in darkness.iter().enumerate() {
            let (x, y) = (i % width, i / width);
            let n = neighbourhood_size(width, height, x, y);
            let dark = if dark.is_nan() { 0.0 } else { f64::from(dark).clamp(0.0, 1.0) };
            let g_fixed = (f64::from(n) * dark * FIXED_SCALE as f64).round() as i64;
            let mut table = [IMPOSSIBLE; 10];
            for (k, entry) in table.iter_mut().enumerate().take(usize::from(n) + 1) {
                *entry = (k as i64 * FIXED_SCALE - g_fixed).abs() as i32;
            }
            ideal.push(g_fixed as f64 / FIXED_SCALE as f64);
            size.push(n);
            cost.push(table);
        }
        Problem { width, height, ideal, size, cost }
    }

    /// Width in cells.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Height in cells.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Ideal shade `g` of every cell (quantised to `1/FIXED_SCALE`), row-major.
    pub fn ideal(&self) -> &[f64] {
        &self.ideal
    }

    /// Neighbourhood size `n` of every cell, row-major.
    pub fn sizes(&self) -> &[u8] {
        &self.size
    }

    /// Fixed-point cost table of cell `i`: entry `k` is `|k - g| * FIXED_SCALE`.
    pub(crate) fn cost_table(&self, i: usize) -> [i32; 10] {
        self.cost.get(i).copied().unwrap_or([0; 10])
    }

    /// All fixed-point cost tables, row-major.
    pub(crate) fn cost_tables(&self) -> &[[i32; 10]] {
        &self.cost
    }

    /// The same problem with rows and columns swapped (the 3×3 window is symmetric).
    pub(crate) fn transposed(&self) -> Problem {
        let (w, h) = (self.width, self.height);
        let mut out = Problem {
            width: h,
            height: w,
            ideal: vec![0.0; w * h],
            size: vec![0; w * h],
            cost: vec![[0; 10]; w * h],
        };
        for i in 0..w * h {
            let j = (i % w) * h + i / w;
            if let (Some(g), Some(n), Some(c)) =
                (out.ideal.get_mut(j), out.size.get_mut(j), out.cost.get_mut(j))
            {
                *g = self.ideal.get(i).copied().unwrap_or(0.0);
                *n = self.size.get(i).copied().unwrap_or(0);
                *c = self.cost.get(i).copied().unwrap_or([0; 10]);
            }
        }
        out
    }

    /// Objective `Σ |d - g|` of a board, in fixed point (`FIXED_SCALE` = 1 unit).
    pub(crate) fn objective_fixed(&self, filled: &[bool]) -> Result<i64, ArtError> {
        let d = counts(self.width, self.height, filled)?;
        Ok(d.iter()
            .zip(&self.cost)
            .map(|(&k, table)| i64::from(table.get(usize::from(k)).copied().unwrap_or(IMPOSSIBLE)))
            .sum())
    }

    /// Objective `Σ |d - g|` of a row-major board (`true` = filled).
    pub fn objective(&self, filled: &[bool]) -> Result<f64, ArtError> {
        Ok(self.objective_fixed(filled)? as f64 / FIXED_SCALE as f64)
    }

    /// The starting board used by the optimiser: a cell is filled when its darkness is at least 0.5.
    pub fn rounded_start(&self) -> Vec<bool> {
        self.ideal.iter().zip(&self.size).map(|(&g, &n)| 2.0 * g >= f64::from(n)).collect()
    }
}

/// Number `d` of filled cells in each cell's clipped 3×3 neighbourhood, row-major.
pub fn counts(width: usize, height: usize, filled: &[bool]) -> Result<Vec<u8>, ArtError> {
    let expected = width.saturating_mul(height);
    if filled.len() != expected {
        return Err(ArtError::SizeMismatch { expected, actual: filled.len() });
    }
    // Horizontal 3-sums, then vertical 3-sums of those.
    let mut horizontal = vec![0u8; expected];
    for (row_in, row_out) in filled.chunks_exact(width).zip(horizontal.chunks_exact_mut(width)) {
        for (x, out) in row_out.iter_mut().enumerate() {
            let lo = x.saturating_sub(1);
            let hi = (x + 2).min(width);
            *out = row_in.get(lo..hi).map_or(0, |s| s.iter().filter(|&&b| b).count() as u8);
        }
    }
    let mut d = vec![0u8; expected];
    for y in 0..height {
        let lo = y.saturating_sub(1);
        let hi = (y + 2).min(height);
        for x in 0..width {
            let sum: u8 = (lo..hi).filter_map(|yy| horizontal.get(yy * width + x)).sum();
            if let Some(out) = d.get_mut(y * width + x) {
                *out = sum;
            }
        }
    }
    Ok(d)
}

/// Simulated shading of a board: each cell's darkness `d / n` in `0.0..=1.0` (1 = black).
///
/// This is what the translucent squares look like, for display beside the original.
pub fn shading(width: usize, height: usize, filled: &[bool]) -> Result<Vec<f32>, ArtError> {
    let d = counts(width, height, filled)?;
    Ok(d.iter()
        .enumerate()
        .map(|(i, &k)| {
            let n = neighbourhood_size(width, height, i % width, i / width);
            f32::from(k) / f32::from(n.max(1))
        })
        .collect())
}
