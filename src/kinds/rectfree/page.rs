//! The page's pure logic: colour grid and chart pictures (SVG text), text export, the check of
//! an imported grid, and the explanation of what runs; tested natively, drawn by the component.

use super::bounds;
use super::check::{self, Rect};
use super::formats;
use super::model::RectFree;
use super::search::Point;
use super::solve;
use crate::grid::Grid;

/// Cell colours, one per colour index (0..6).
pub const PALETTE: [&str; 6] = ["#e4572e", "#29335c", "#f3a712", "#669bbc", "#7fb069", "#a26769"];

/// Most rectangles drawn on a checked grid (the count is always exact).
pub const MAX_SHOWN: usize = 200;

/// A colour grid as an SVG picture, `px` per cell, with `rects` outlined.
pub fn grid_svg(grid: &Grid<u8>, px: usize, rects: &[Rect]) -> String {
    let (w, h) = (grid.cols() * px, grid.rows() * px);
    let mut s = format!(r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#);
    s.push_str(&format!(r##"<rect class="bg" width="{w}" height="{h}" fill="#ffffff"/>"##));
    for r in 0..grid.rows() {
        for (c, &k) in grid.row(r).iter().enumerate() {
            let fill = PALETTE[k as usize % PALETTE.len()];
            s.push_str(&format!(r##"<rect class="cell" x="{}" y="{}" width="{px}" height="{px}" fill="{fill}" stroke="#ffffff" stroke-width="1"/>"##, c * px, r * px));
        }
    }
    for x in rects {
        let half = px as f64 / 2.0;
        let (x1, x2) = (x.c1 as f64 * px as f64 + half, x.c2 as f64 * px as f64 + half);
        let (y1, y2) = (x.r1 as f64 * px as f64 + half, x.r2 as f64 * px as f64 + half);
        s.push_str(&format!(
            r##"<rect class="rect" x="{x1}" y="{y1}" width="{}" height="{}" fill="none" stroke="#000000" stroke-width="2" stroke-dasharray="4 2"/>"##,
            x2 - x1,
            y2 - y1
        ));
        for (cx, cy) in [(x1, y1), (x2, y1), (x1, y2), (x2, y2)] {
            s.push_str(&format!(r##"<circle class="corner" cx="{cx}" cy="{cy}" r="{}" fill="none" stroke="#000000" stroke-width="2"/>"##, half * 0.6));
        }
    }
    s.push_str("</svg>");
    s
}

/// The score chart as an SVG line chart: current score and best so far against iterations.
pub fn chart_svg(series: &[Point], width: usize, height: usize) -> String {
    let (left, bottom, top, right) = (48.0, 24.0, 8.0, 8.0);
    let (w, h) = (width as f64, height as f64);
    let max_x = series.last().map(|p| p.iteration).unwrap_or(1).max(1) as f64;
    let max_y = series.iter().map(|p| p.score).max().unwrap_or(1).max(1) as f64;
    // A square-root scale: the interesting part is near zero.
    let sx = |x: u64| left + (w - left - right) * x as f64 / max_x;
    let sy = |y: u64| top + (h - top - bottom) * (1.0 - (y as f64).sqrt() / max_y.sqrt());
    let line = |f: &dyn Fn(&Point) -> u64| series.iter().map(|p| format!("{:.1},{:.1}", sx(p.iteration), sy(f(p)))).collect::<Vec<_>>().join(" ");
    let mut s = format!(r#"<svg xmlns="http://www.w3.org/2000/svg" class="chart" width="{width}" height="{height}" viewBox="0 0 {width} {height}">"#);
    s.push_str(&format!(r##"<rect class="bg" width="{width}" height="{height}" fill="#ffffff"/>"##));
    s.push_str(&format!(r##"<line class="axis" x1="{left}" y1="{0}" x2="{1}" y2="{0}" stroke="#888"/>"##, h - bottom, w - right));
    s.push_str(&format!(r##"<line class="axis" x1="{left}" y1="{top}" x2="{left}" y2="{}" stroke="#888"/>"##, h - bottom));
    for y in [0, (max_y as u64) / 4, max_y as u64] {
        s.push_str(&format!(r##"<text x="{}" y="{:.1}" font-size="10" text-anchor="end" fill="#444" class="label">{y}</text>"##, left - 4.0, sy(y) + 3.0));
    }
    s.push_str(&format!(r##"<text x="{:.1}" y="{:.1}" font-size="10" text-anchor="end" fill="#444" class="label">{} iterations</text>"##, w - right, h - 6.0, max_x as u64));
    if series.len() >= 2 {
        s.push_str(&format!(r##"<polyline class="score" fill="none" stroke="#669bbc" stroke-width="1" points="{}"/>"##, line(&|p| p.score)));
        s.push_str(&format!(r##"<polyline class="best" fill="none" stroke="#e4572e" stroke-width="2" points="{}"/>"##, line(&|p| p.best)));
    }
    s.push_str("</svg>");
    s
}

/// The colouring as text, one row of digits per line.
pub fn export_text(grid: &Grid<u8>) -> String {
    formats::grid_rows(grid).join("\n") + "\n"
}

/// What a check of an imported grid found.
#[derive(Debug, Clone, PartialEq)]
pub struct Checked {
    /// The grid read.
    pub grid: Grid<u8>,
    /// Its colours (one more than the largest used, at least 2).
    pub colours: usize,
    /// The exact number of monochromatic rectangles.
    pub count: u64,
    /// The first [`MAX_SHOWN`] of them.
    pub shown: Vec<Rect>,
}

impl Checked {
    /// The sentence shown under the grid.
    pub fn sentence(&self) -> String {
        match self.count {
            0 => format!("Valid: this {}x{} colouring with {} colours has no monochromatic rectangle.", self.grid.rows(), self.grid.cols(), self.colours),
            n => format!(
                "{n} monochromatic rectangle{} (outlined{}).",
                if n == 1 { "" } else { "s" },
                if n as usize > self.shown.len() { format!("; the first {} shown", self.shown.len()) } else { String::new() }
            ),
        }
    }
}

/// Reads a grid as text and checks it with the independent checker.
pub fn check_text(text: &str) -> Result<Checked, String> {
    let grid = formats::parse_grid(text).map_err(|e| e.to_string())?;
    Ok(checked(grid))
}

/// Checks a grid with the independent checker.
pub fn checked(grid: Grid<u8>) -> Checked {
    Checked { colours: formats::colours_of(&grid), count: check::count(&grid), shown: check::rectangles(&grid, MAX_SHOWN), grid }
}

/// The player's marks for a checked grid (colour + 1 per cell, so 0 means no grid), and back.
pub fn grid_to_marks(grid: &Grid<u8>) -> Vec<u8> {
    grid.cells().iter().map(|&k| k + 1).collect()
}

/// The grid stored in marks for a task of this size, when the marks hold a whole grid.
pub fn marks_to_grid(p: &RectFree, marks: &[u8]) -> Option<Grid<u8>> {
    let n = p.rows() * p.cols();
    if marks.len() != n || marks.iter().any(|&m| m == 0 || m as usize > p.colours()) {
        return None;
    }
    Grid::from_cells(p.rows(), p.cols(), marks.iter().map(|&m| m - 1).collect())
}

/// Which method runs and why, and the known bounds, one sentence a line.
pub fn explanation(p: &RectFree) -> Vec<String> {
    let (_, mut why) = solve::plan(p);
    why.extend(bounds::notes(p));
    why
}

/// The literature table shown on the page: n, the largest rectangle-free subset of n x n, and
/// what that says about four colours.
pub fn known_table() -> Vec<(usize, usize, String)> {
    (16..=19)
        .filter_map(|n| bounds::known_square(n).map(|z| (n, z)))
        .map(|(n, z)| {
            let need = n * n;
            let words = if 4 * z < need {
                format!("4 x {z} = {} < {need}: cannot be 4-coloured", 4 * z)
            } else if 4 * z == need {
                format!("4 x {z} = {need}: every colour class must be a largest rectangle-free set")
            } else {
                format!("4 x {z} = {} vs {need}", 4 * z)
            };
            (n, z, words)
        })
        .collect()
}

/// The tasks a portfolio races for `p`: the same task with seeds `p.seed`, `p.seed + 1`, …, one
/// per worker, when its plan is a local search (seeds change nothing for SAT or the bound, so
/// those run in one worker: an empty list).
pub fn portfolio_tasks(p: &RectFree, workers: usize) -> Vec<RectFree> {
    match solve::plan(p).0 {
        solve::Plan::Search { .. } => (0..workers as u64)
            .map(|i| {
                let mut t = p.clone();
                t.seed = p.seed.wrapping_add(i);
                t
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// The line of a report that says how a portfolio ended, if a portfolio ran.
pub fn portfolio_line(proof: &[String]) -> Option<&str> {
    proof.iter().map(String::as_str).find(|l| l.starts_with("Portfolio:"))
}
