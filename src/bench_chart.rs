//! The Benchmark page's pictures as SVG text: per-puzzle times sorted on a log scale, and the verdict counts.
//!
//! Pure functions (no web crate), so the drawing is tested natively; the page only inserts the text.

use std::collections::BTreeMap;
use std::fmt::Write;

/// Width and height of the whole picture, in SVG units.
pub const WIDTH: f64 = 640.0;
/// Height of the whole picture.
pub const HEIGHT: f64 = 240.0;
const LEFT: f64 = 52.0;
const TOP: f64 = 14.0;
const BOTTOM: f64 = 34.0;
/// Width of the time plot; the verdict bars take the rest.
const PLOT_W: f64 = 400.0;
const BARS_X: f64 = LEFT + PLOT_W + 40.0;

/// The y coordinate of `ms` on a log scale spanning the decades `lo..=hi` (powers of ten).
pub fn log_y(ms: f64, lo: i32, hi: i32) -> f64 {
    let span = (hi - lo).max(1) as f64;
    let v = ms.max(10f64.powi(lo)).log10();
    let frac = ((v - lo as f64) / span).clamp(0.0, 1.0);
    HEIGHT - BOTTOM - frac * (HEIGHT - TOP - BOTTOM)
}

/// The decades (powers of ten, in ms) that cover every time.
pub fn decades(times: &[f64]) -> (i32, i32) {
    let finite: Vec<f64> = times.iter().copied().filter(|t| t.is_finite() && *t > 0.0).collect();
    if finite.is_empty() {
        return (-1, 2);
    }
    let lo = finite.iter().copied().fold(f64::INFINITY, f64::min).log10().floor() as i32;
    let hi = finite.iter().copied().fold(0.0, f64::max).log10().ceil() as i32;
    (lo.max(-3), hi.max(lo + 1))
}

/// Counts per verdict, in name order.
pub fn verdict_counts<'a>(verdicts: impl IntoIterator<Item = &'a str>) -> Vec<(String, usize)> {
    let mut m = BTreeMap::new();
    for v in verdicts {
        *m.entry(v.to_string()).or_insert(0usize) += 1;
    }
    m.into_iter().collect()
}

fn colour(verdict: &str) -> &'static str {
    match verdict {
        "unique" | "solved" | "optimal" => "#23843b",
        "multiple" | "none" => "#a35a00",
        "timeout" => "#6b7480",
        _ => "#d12c2c",
    }
}

/// The picture for the records so far: `(ms, verdict)` per puzzle, in any order, and how many
/// the run will have in all (`total`, for the x axis, so the curve grows as records arrive).
pub fn svg(records: &[(f64, String)], total: usize) -> String {
    let mut times: Vec<f64> = records.iter().map(|r| r.0).collect();
    times.sort_by(f64::total_cmp);
    let (lo, hi) = decades(&times);
    let n = total.max(records.len()).max(1);
    let x =
        |i: usize| LEFT + if n == 1 { PLOT_W / 2.0 } else { i as f64 * PLOT_W / (n - 1) as f64 };
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" id="bench-chart" class="bench-chart" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" data-points="{}" data-decades="{lo} {hi}" role="img" aria-label="Per-puzzle times, sorted, log scale; verdict counts">"#,
        records.len()
    );
    // Axes and decade lines.
    let base = HEIGHT - BOTTOM;
    let _ = write!(
        s,
        r#"<line class="axis" x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{base}"/><line class="axis" x1="{LEFT}" y1="{base}" x2="{}" y2="{base}"/>"#,
        LEFT + PLOT_W
    );
    for d in lo..=hi {
        let y = log_y(10f64.powi(d), lo, hi);
        let label = if d >= 3 {
            format!("{} s", 10f64.powi(d - 3))
        } else {
            format!("{} ms", 10f64.powi(d))
        };
        let _ = write!(
            s,
            r#"<line class="grid" x1="{LEFT}" y1="{y:.1}" x2="{}" y2="{y:.1}"/><text class="tick" x="{}" y="{:.1}" text-anchor="end">{label}</text>"#,
            LEFT + PLOT_W,
            LEFT - 4.0,
            y + 3.5
        );
    }
    let _ = write!(
        s,
        r#"<text class="label" x="{}" y="{}" text-anchor="middle">puzzles, fastest to slowest ({} of {n})</text>"#,
        LEFT + PLOT_W / 2.0,
        HEIGHT - 8.0,
        records.len()
    );
    // The sorted curve, one dot per puzzle coloured by its verdict.
    let mut sorted: Vec<&(f64, String)> = records.iter().collect();
    sorted.sort_by(|a, b| a.0.total_cmp(&b.0));
    if sorted.len() > 1 {
        let points: Vec<String> = sorted
            .iter()
            .enumerate()
            .map(|(i, r)| format!("{:.1},{:.1}", x(i), log_y(r.0, lo, hi)))
            .collect();
        let _ = write!(s, r#"<polyline class="curve" fill="none" points="{}"/>"#, points.join(" "));
    }
    for (i, r) in sorted.iter().enumerate() {
        let _ = write!(
            s,
            r#"<circle class="dot" cx="{:.1}" cy="{:.1}" r="2.2" fill="{}" data-ms="{:.3}"/>"#,
            x(i),
            log_y(r.0, lo, hi),
            colour(&r.1),
            r.0
        );
    }
    // Verdict counts as bars.
    let counts = verdict_counts(records.iter().map(|r| r.1.as_str()));
    let most = counts.iter().map(|c| c.1).max().unwrap_or(1).max(1);
    let bar_w = ((WIDTH - BARS_X - 8.0) / counts.len().max(1) as f64).min(44.0);
    for (k, (verdict, count)) in counts.iter().enumerate() {
        let h = *count as f64 / most as f64 * (base - TOP - 14.0);
        let bx = BARS_X + k as f64 * bar_w;
        let _ = write!(
            s,
            r#"<rect class="bar" data-verdict="{verdict}" data-count="{count}" x="{:.1}" y="{:.1}" width="{:.1}" height="{h:.1}" fill="{}"/><text class="tick" x="{:.1}" y="{:.1}" text-anchor="middle">{count}</text><text class="tick" x="{:.1}" y="{}" text-anchor="middle">{verdict}</text>"#,
            bx + 2.0,
            base - h,
            bar_w - 4.0,
            colour(verdict),
            bx + bar_w / 2.0,
            base - h - 3.0,
            bx + bar_w / 2.0,
            base + 12.0
        );
    }
    s.push_str("</svg>");
    s
}
