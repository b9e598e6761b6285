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

/// Where a picture puts its parts, in SVG units: the time plot, then the verdict bars beside it
/// (wide) or under it (narrow).
struct Layout {
    width: f64,
    height: f64,
    /// The time plot's left edge, top, baseline and width.
    left: f64,
    top: f64,
    base: f64,
    plot_w: f64,
    /// The verdict bars: left edge, top, baseline, right edge and widest bar.
    bars_x: f64,
    bars_top: f64,
    bars_base: f64,
    bars_right: f64,
    bar_cap: f64,
    /// The x axis label's baseline, and the class that sizes the type (style.css).
    label_y: f64,
    class: &'static str,
    id: &'static str,
}

const WIDE: Layout = Layout {
    width: WIDTH,
    height: HEIGHT,
    left: LEFT,
    top: TOP,
    base: HEIGHT - BOTTOM,
    plot_w: PLOT_W,
    bars_x: BARS_X,
    bars_top: TOP + 14.0,
    bars_base: HEIGHT - BOTTOM,
    bars_right: WIDTH - 8.0,
    bar_cap: 44.0,
    label_y: HEIGHT - 8.0,
    class: "bench-chart wide",
    id: "bench-chart",
};

/// A phone's picture: as wide as the screen (360 units for 330 to 360 pixels, so its 13-unit
/// type is seen at 12 px), the bars under the plot.
const NARROW: Layout = Layout {
    width: 360.0,
    height: 400.0,
    left: 70.0,
    top: 14.0,
    base: 214.0,
    plot_w: 278.0,
    bars_x: 20.0,
    bars_top: 282.0,
    bars_base: 370.0,
    bars_right: 352.0,
    bar_cap: 80.0,
    label_y: 244.0,
    class: "bench-chart narrow",
    id: "bench-chart-narrow",
};

/// The picture for the records so far: `(ms, verdict)` per puzzle, in any order, and how many
/// the run will have in all (`total`, for the x axis, so the curve grows as records arrive).
pub fn svg(records: &[(f64, String)], total: usize) -> String {
    draw(&WIDE, records, total)
}

/// The same picture laid out for a phone's width: the plot over the verdict bars, with type
/// that reads at 12 px when the picture fills a 360-pixel screen (the page shows one of the two
/// by the screen's width: components/bench.rs).
pub fn svg_narrow(records: &[(f64, String)], total: usize) -> String {
    draw(&NARROW, records, total)
}

fn draw(g: &Layout, records: &[(f64, String)], total: usize) -> String {
    let mut times: Vec<f64> = records.iter().map(|r| r.0).collect();
    times.sort_by(f64::total_cmp);
    let (lo, hi) = decades(&times);
    let n = total.max(records.len()).max(1);
    let x = |i: usize| {
        g.left + if n == 1 { g.plot_w / 2.0 } else { i as f64 * g.plot_w / (n - 1) as f64 }
    };
    // The log scale of `log_y`, between this picture's top and baseline.
    let y = |ms: f64| {
        let wide = log_y(ms, lo, hi);
        let frac = (HEIGHT - BOTTOM - wide) / (HEIGHT - TOP - BOTTOM);
        g.base - frac * (g.base - g.top)
    };
    let (w, h, left, top, base) = (g.width, g.height, g.left, g.top, g.base);
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" id="{}" class="{}" viewBox="0 0 {w} {h}" width="{w}" height="{h}" data-points="{}" data-decades="{lo} {hi}" role="img" aria-label="Per-puzzle times, sorted, log scale; verdict counts">"#,
        g.id,
        g.class,
        records.len()
    );
    // Axes and decade lines.
    let _ = write!(
        s,
        r#"<line class="axis" x1="{left}" y1="{top}" x2="{left}" y2="{base}"/><line class="axis" x1="{left}" y1="{base}" x2="{}" y2="{base}"/>"#,
        left + g.plot_w
    );
    for d in lo..=hi {
        let dy = y(10f64.powi(d));
        let label = if d >= 3 {
            format!("{} s", 10f64.powi(d - 3))
        } else {
            format!("{} ms", 10f64.powi(d))
        };
        let _ = write!(
            s,
            r#"<line class="grid" x1="{left}" y1="{dy:.1}" x2="{}" y2="{dy:.1}"/><text class="tick" x="{}" y="{:.1}" text-anchor="end">{label}</text>"#,
            left + g.plot_w,
            left - 4.0,
            dy + 3.5
        );
    }
    let _ = write!(
        s,
        r#"<text class="label" x="{}" y="{}" text-anchor="middle">puzzles, fastest to slowest ({} of {n})</text>"#,
        left + g.plot_w / 2.0 - if g.width < WIDTH { 20.0 } else { 0.0 },
        g.label_y,
        records.len()
    );
    // The sorted curve, one dot per puzzle coloured by its verdict.
    let mut sorted: Vec<&(f64, String)> = records.iter().collect();
    sorted.sort_by(|a, b| a.0.total_cmp(&b.0));
    if sorted.len() > 1 {
        let points: Vec<String> =
            sorted.iter().enumerate().map(|(i, r)| format!("{:.1},{:.1}", x(i), y(r.0))).collect();
        let _ = write!(s, r#"<polyline class="curve" fill="none" points="{}"/>"#, points.join(" "));
    }
    for (i, r) in sorted.iter().enumerate() {
        let _ = write!(
            s,
            r#"<circle class="dot" cx="{:.1}" cy="{:.1}" r="2.2" fill="{}" data-ms="{:.3}"/>"#,
            x(i),
            y(r.0),
            colour(&r.1),
            r.0
        );
    }
    // Verdict counts as bars.
    let counts = verdict_counts(records.iter().map(|r| r.1.as_str()));
    let most = counts.iter().map(|c| c.1).max().unwrap_or(1).max(1);
    let bar_w = ((g.bars_right - g.bars_x) / counts.len().max(1) as f64).min(g.bar_cap);
    for (k, (verdict, count)) in counts.iter().enumerate() {
        let bh = *count as f64 / most as f64 * (g.bars_base - g.bars_top);
        let bx = g.bars_x + k as f64 * bar_w;
        let _ = write!(
            s,
            r#"<rect class="bar" data-verdict="{verdict}" data-count="{count}" x="{:.1}" y="{:.1}" width="{:.1}" height="{bh:.1}" fill="{}"/><text class="tick" x="{:.1}" y="{:.1}" text-anchor="middle">{count}</text><text class="tick" x="{:.1}" y="{}" text-anchor="middle">{verdict}</text>"#,
            bx + 2.0,
            g.bars_base - bh,
            bar_w - 4.0,
            colour(verdict),
            bx + bar_w / 2.0,
            g.bars_base - bh - 3.0,
            bx + bar_w / 2.0,
            g.bars_base + 12.0 + if g.width < WIDTH { 3.0 } else { 0.0 }
        );
    }
    s.push_str("</svg>");
    s
}
