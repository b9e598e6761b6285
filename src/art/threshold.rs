//! Black-and-white conversion by a grey threshold, with Otsu's automatic choice of threshold.

use super::grid::GreyGrid;

/// Threshold that fills every cell: every rounded value (at most 255) is below it.
pub const ALL_BLACK: u16 = 256;
/// Threshold that fills no cell: no value is below 0.
pub const ALL_WHITE: u16 = 0;

/// The grey level (0..=255) a cell value counts as: the value rounded to the nearest integer.
pub fn level(value: f32) -> u8 {
    value.round().clamp(0.0, 255.0) as u8
}

/// Histogram of the grid's rounded cell values ([`level`]), 256 bins.
pub fn histogram(grid: &GreyGrid) -> [u64; 256] {
    let mut hist = [0u64; 256];
    for &v in grid.values() {
        if let Some(bin) = hist.get_mut(usize::from(level(v))) {
            *bin += 1;
        }
    }
    hist
}

/// Otsu's threshold for a 256-bin histogram, as a threshold `t` for [`threshold`].
///
/// Levels `0..t` form the dark class and `t..=255` the light class; `t` maximises the
/// between-class variance `w0 * w1 * (mu0 - mu1)^2`. When several splits tie (empty
/// bins between two groups of levels) the middle one is taken, so pure black and pure
/// white give `t = 128`. With fewer than two distinct levels there is no split to
/// choose and 128 is returned (dark uniform images become black, light ones white).
pub fn otsu_histogram(hist: &[u64; 256]) -> u16 {
    let total: f64 = hist.iter().map(|&c| c as f64).sum();
    if total <= 0.0 {
        return 128;
    }
    let sum_all: f64 = hist.iter().enumerate().map(|(i, &c)| i as f64 * c as f64).sum();
    let mut w0 = 0.0f64;
    let mut sum0 = 0.0f64;
    let mut variances = [0.0f64; 255];
    for (k, var) in variances.iter_mut().enumerate() {
        let c = hist.get(k).copied().unwrap_or(0) as f64;
        w0 += c;
        sum0 += k as f64 * c;
        let w1 = total - w0;
        if w0 > 0.0 && w1 > 0.0 {
            let mu0 = sum0 / w0;
            let mu1 = (sum_all - sum0) / w1;
            *var = w0 * w1 * (mu0 - mu1) * (mu0 - mu1);
        }
    }
    let best = variances.iter().copied().fold(0.0f64, f64::max);
    if best <= 0.0 {
        return 128;
    }
    let tolerance = best * 1e-12;
    let first = variances.iter().position(|&v| v >= best - tolerance).unwrap_or(127);
    let run = variances.iter().skip(first).take_while(|&&v| v >= best - tolerance).count().max(1);
    let k = first + (run - 1) / 2;
    (k + 1) as u16
}

/// Otsu's threshold over the grid's cell values; see [`otsu_histogram`].
pub fn otsu(grid: &GreyGrid) -> u16 {
    otsu_histogram(&histogram(grid))
}

/// Black-and-white board: a cell is filled (black) exactly when `level(value) < t`.
///
/// `level` rounds to the nearest integer, so with the UI slider `t` in `0..=255`:
/// `t = 0` ([`ALL_WHITE`]) fills nothing, `t = 255` fills everything except pure white,
/// and `t = 256` ([`ALL_BLACK`]) fills every cell. Row-major, same size as the grid.
pub fn threshold(grid: &GreyGrid, t: u16) -> Vec<bool> {
    grid.values().iter().map(|&v| u16::from(level(v)) < t).collect()
}
