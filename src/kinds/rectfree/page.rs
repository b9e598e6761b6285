//! The page's pure logic: colour grid and chart pictures (SVG text), text export, the check of
//! an imported grid, and the explanation of what runs; tested natively, drawn by the component.

use super::bounds;
use super::check::{self, Rect};
use super::formats;
use super::model::RectFree;
use super::search::Point;
use super::solve;
use crate::grid::Grid;

/// Cell colours, one per colour index (0..6). Each stands apart from an uncoloured cell in both
/// themes, 3.2:1 or more (colour 2 was a navy, `#29335c`, that an uncoloured cell of the dark
/// theme all but matched: 1.3:1; colours 3, 4 and 5 were an amber, a blue and a green, `#f3a712`,
/// `#669bbc` and `#7fb069`, 2.0, 3.0 and 2.5:1 against a white one); `tests/browser/theme.test.mjs`
/// holds them to 3:1 on the board in both themes.
pub const PALETTE: [&str; 6] = ["#e4572e", "#8a5cd0", "#c08400", "#4f86b0", "#4f9a3e", "#a26769"];

/// Most rectangles drawn on a checked grid (the count is always exact).
pub const MAX_SHOWN: usize = 200;

/// A colour grid as an SVG picture, `px` per cell, with `rects` outlined.
pub fn grid_svg(grid: &Grid<u8>, px: usize, rects: &[Rect]) -> String {
    let (w, h) = (grid.cols() * px, grid.rows() * px);
    let mut s = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#
    );
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

/// A round step for an axis up to `max` with about `ticks` divisions: 1, 2 or 5 times a power of ten.
pub fn nice_step(max: u64, ticks: u64) -> u64 {
    let raw = (max.max(1) as f64 / ticks.max(1) as f64).max(1.0);
    let mut pow = 1u64;
    while (pow as f64) * 10.0 <= raw {
        pow *= 10;
    }
    [1, 2, 5, 10].into_iter().map(|m| m * pow).find(|&s| s as f64 >= raw).unwrap_or(10 * pow)
}

/// A count in few characters for an axis: 950, 1.5k, 250k, 4M.
pub fn short_count(n: u64) -> String {
    let cut = |v: f64, unit: &str| {
        let t = format!("{v:.1}");
        format!("{}{unit}", t.strip_suffix(".0").unwrap_or(&t))
    };
    match n {
        0..=999 => n.to_string(),
        1_000..=999_999 => cut(n as f64 / 1e3, "k"),
        _ => cut(n as f64 / 1e6, "M"),
    }
}

/// The score chart as an SVG line chart: current score and best so far against iterations, on
/// even axes (round steps from 0), with a legend naming the two lines.
pub fn chart_svg(series: &[Point], width: usize, height: usize) -> String {
    let (left, bottom, top, right) = (48.0, 30.0, 24.0, 18.0);
    let (w, h) = (width as f64, height as f64);
    let last_x = series.last().map(|p| p.iteration).unwrap_or(1).max(1);
    let last_y = series.iter().map(|p| p.score.max(p.best)).max().unwrap_or(1).max(1);
    let (step_x, step_y) = (nice_step(last_x, 4), nice_step(last_y, 4));
    let (max_x, max_y) = (last_x.div_ceil(step_x) * step_x, last_y.div_ceil(step_y) * step_y);
    let sx = |x: u64| left + (w - left - right) * x as f64 / max_x as f64;
    let sy = |y: u64| top + (h - top - bottom) * (1.0 - y as f64 / max_y as f64);
    let line = |f: &dyn Fn(&Point) -> u64| {
        series
            .iter()
            .map(|p| format!("{:.1},{:.1}", sx(p.iteration), sy(f(p))))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut s = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="chart" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" aria-label="Rectangles against iterations: now and best so far">"#
    );
    s.push_str(&format!(
        r##"<rect class="bg" width="{width}" height="{height}" fill="#ffffff"/>"##
    ));
    for k in 0..=max_y / step_y {
        let (y, v) = (sy(k * step_y), k * step_y);
        s.push_str(&format!(r##"<line class="grid" x1="{left}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#e3e6ea"/>"##, w - right));
        s.push_str(&format!(r##"<text x="{:.1}" y="{:.1}" font-size="10" text-anchor="end" fill="#444" class="label tick-y">{v}</text>"##, left - 4.0, y + 3.0));
    }
    for k in 0..=max_x / step_x {
        let (x, v) = (sx(k * step_x), k * step_x);
        s.push_str(&format!(r##"<line class="axis" x1="{x:.1}" y1="{0:.1}" x2="{x:.1}" y2="{1:.1}" stroke="#888"/>"##, h - bottom, h - bottom + 4.0));
        s.push_str(&format!(r##"<text x="{x:.1}" y="{:.1}" font-size="10" text-anchor="middle" fill="#444" class="label tick-x">{}</text>"##, h - bottom + 14.0, short_count(v)));
    }
    s.push_str(&format!(
        r##"<line class="axis" x1="{left}" y1="{0}" x2="{1}" y2="{0}" stroke="#888"/>"##,
        h - bottom,
        w - right
    ));
    s.push_str(&format!(
        r##"<line class="axis" x1="{left}" y1="{top}" x2="{left}" y2="{}" stroke="#888"/>"##,
        h - bottom
    ));
    s.push_str(&format!(r##"<text x="{:.1}" y="{:.1}" font-size="10" text-anchor="end" fill="#444" class="label">iterations</text>"##, w - right, h - 2.0));
    s.push_str(&format!(
        r##"<text x="4" y="12" font-size="10" fill="#444" class="label">rectangles</text>"##
    ));
    // The legend, top right.
    let lx = w - right - 190.0;
    s.push_str(&format!(
        r##"<g class="legend"><line x1="{lx:.1}" y1="10" x2="{:.1}" y2="10" stroke="#669bbc" stroke-width="1.5"/><text x="{:.1}" y="13" font-size="10" fill="#444" class="label">now</text><line x1="{:.1}" y1="10" x2="{:.1}" y2="10" stroke="#e4572e" stroke-width="2.5"/><text x="{:.1}" y="13" font-size="10" fill="#444" class="label">best so far</text></g>"##,
        lx + 18.0,
        lx + 22.0,
        lx + 70.0,
        lx + 88.0,
        lx + 92.0
    ));
    if series.len() >= 2 {
        s.push_str(&format!(r##"<polyline class="score" fill="none" stroke="#669bbc" stroke-width="1" points="{}"/>"##, line(&|p| p.score)));
        s.push_str(&format!(r##"<polyline class="best" fill="none" stroke="#e4572e" stroke-width="2" points="{}"/>"##, line(&|p| p.best)));
    }
    s.push_str("</svg>");
    s
}

/// The counting bound beside a hand colouring: the most cells one colour can hold without a
/// rectangle ([`bounds::counting_bound`]), and how many each colour holds now.
#[derive(Debug, Clone, PartialEq)]
pub struct HandBound {
    /// At most this many cells of one colour fit without a rectangle.
    pub bound: usize,
    /// Cells of each colour now (fixed cells included).
    pub counts: Vec<usize>,
    /// Cells in all.
    pub total: usize,
}

impl HandBound {
    /// Whether the colours together can cover the grid at all (colours x bound >= cells).
    pub fn possible(&self) -> bool {
        self.counts.len() * self.bound >= self.total
    }

    /// The sentence above the per-colour counts.
    pub fn sentence(&self) -> String {
        let k = self.counts.len();
        let head = format!("At most {} cells of one colour fit without a rectangle.", self.bound);
        if self.possible() {
            format!(
                "{head} {k} colours share {} cells, so each needs about {} on average.",
                self.total,
                self.total.div_ceil(k)
            )
        } else {
            format!("{head} {k} colours cover at most {k} x {} = {} of the {} cells, so this cannot be done: some rectangle is unavoidable.", self.bound, k * self.bound, self.total)
        }
    }

    /// What one colour's count says: "12 of at most 16", and when over the bound, that it must
    /// hold a rectangle.
    pub fn colour_words(&self, k: usize) -> String {
        let n = self.counts.get(k).copied().unwrap_or(0);
        if n > self.bound {
            format!("{n}, more than {}: it holds a rectangle", self.bound)
        } else {
            format!("{n} of at most {}", self.bound)
        }
    }
}

/// The counting bound for `p` against the hand colouring's `cells` ([`hand_cells`]).
pub fn hand_bound(p: &RectFree, cells: &[Option<u8>]) -> HandBound {
    let mut counts = vec![0; p.colours()];
    for k in cells.iter().flatten() {
        if let Some(n) = counts.get_mut(*k as usize) {
            *n += 1;
        }
    }
    HandBound {
        bound: bounds::counting_bound(p.rows(), p.cols()),
        counts,
        total: p.rows() * p.cols(),
    }
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
            0 => format!(
                "Valid: this {}x{} colouring with {} colours has no monochromatic rectangle.",
                self.grid.rows(),
                self.grid.cols(),
                self.colours
            ),
            n => format!(
                "{n} monochromatic rectangle{} (outlined{}).",
                if n == 1 { "" } else { "s" },
                if n as usize > self.shown.len() {
                    format!("; the first {} shown", self.shown.len())
                } else {
                    String::new()
                }
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
    Checked {
        colours: formats::colours_of(&grid),
        count: check::count(&grid),
        shown: check::rectangles(&grid, MAX_SHOWN),
        grid,
    }
}

/// The player's marks: a colour, or none, per cell (byte form: colour + 1, 0 uncoloured).
pub type ColourMarks = crate::marks::Cells<Option<u8>>;

/// The player's marks for a checked grid (every cell coloured).
pub fn grid_to_marks(grid: &Grid<u8>) -> ColourMarks {
    ColourMarks::new(grid.cells().iter().map(|&k| Some(k)).collect())
}

/// The byte edits that put `marks` on the board, every cell (what the page dispatches).
pub fn edits_of(marks: &ColourMarks, cells: usize) -> Vec<(usize, u8)> {
    (0..cells).flat_map(|i| ColourMarks::edits(i, marks.get(i))).collect()
}

/// Which method runs and why, and the known bounds, one sentence a line.
pub fn explanation(p: &RectFree) -> Vec<String> {
    let (_, mut why) = solve::plan(p);
    why.extend(bounds::notes(p));
    why
}

/// The literature table shown on the page, when it applies to `p` (a square grid of side 16
/// to 19 with four colours, the sizes of the famous 17x17 problem): n, the largest
/// rectangle-free subset of n x n, what that says about four colours, and whether the row is
/// `p`'s own size. Empty for every other task.
pub fn known_table(p: &RectFree) -> Vec<(usize, usize, String, bool)> {
    if p.rows() != p.cols() || p.colours() != 4 || !(16..=19).contains(&p.rows()) {
        return Vec::new();
    }
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
            (n, z, words, n == p.rows())
        })
        .collect()
}

/// The mark after a click on a hand-coloured cell: forwards 0 (uncoloured), 1, …, `colours`,
/// then 0 again; backwards the other way. A mark is the colour + 1.
pub fn cycle(mark: Option<u8>, colours: usize, backwards: bool) -> Option<u8> {
    let n = colours as u8 + 1;
    let m = mark.map_or(0, |c| c.saturating_add(1)).min(n - 1);
    let next = if backwards { (m + n - 1) % n } else { (m + 1) % n };
    next.checked_sub(1)
}

/// What a key does on the hand-colouring board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    /// Move the focus by (rows, columns).
    Move(isize, isize),
    /// Set the focused cell's colour (`None` clears it).
    Set(Option<u8>),
    /// Cycle the focused cell's colour, backwards when true.
    Cycle(bool),
}

/// The key `key` (a `KeyboardEvent.key`) on a board with `colours` colours: arrows move, the
/// digits 1 to `colours` pick a colour, 0, Delete and Backspace clear, Space and Enter cycle
/// (Shift: backwards). Anything else is not the board's.
pub fn key(key: &str, shift: bool, colours: usize) -> Option<Key> {
    Some(match key {
        "ArrowUp" => Key::Move(-1, 0),
        "ArrowDown" => Key::Move(1, 0),
        "ArrowLeft" => Key::Move(0, -1),
        "ArrowRight" => Key::Move(0, 1),
        "0" | "Delete" | "Backspace" => Key::Set(None),
        " " | "Enter" => Key::Cycle(shift),
        d if d.len() == 1 => {
            let k = d.chars().next()?.to_digit(10)? as usize;
            if (1..=colours).contains(&k) {
                Key::Set(Some(k as u8 - 1))
            } else {
                return None;
            }
        }
        _ => return None,
    })
}

/// The hand colouring's cells: a fixed cell's colour, else the mark's (none, or a colour the
/// task does not have: uncoloured).
pub fn hand_cells(p: &RectFree, marks: &ColourMarks) -> Vec<Option<u8>> {
    (0..p.rows() * p.cols())
        .map(|i| match p.fixed()[i] {
            Some(f) => Some(f),
            None => marks.get(i).filter(|&c| usize::from(c) < p.colours()),
        })
        .collect()
}

/// What the hand-colouring board shows, recomputed after every click.
#[derive(Debug, Clone, PartialEq)]
pub struct Hand {
    /// Cells coloured (fixed ones included) and in all.
    pub coloured: usize,
    /// Cells in all.
    pub total: usize,
    /// The exact number of monochromatic rectangles among the coloured cells.
    pub count: u64,
    /// Per cell: a corner of some monochromatic rectangle.
    pub corners: Vec<bool>,
    /// The first [`MAX_SHOWN`] rectangles, for outlines.
    pub shown: Vec<Rect>,
    /// Every cell is coloured and the kind's independent checker ([`check::verify`]) passed it.
    pub solved: bool,
}

impl Hand {
    /// The sentence under the board.
    pub fn sentence(&self) -> String {
        let plural = |n: u64| if n == 1 { "" } else { "s" };
        if self.solved {
            return format!("Solved! All {} cells are coloured and the independent checker found no monochromatic rectangle.", self.total);
        }
        let left = self.total - self.coloured;
        let rects = match self.count {
            0 => "No monochromatic rectangle so far".to_string(),
            n => format!("{n} monochromatic rectangle{} (corners ringed)", plural(n)),
        };
        match left {
            0 => format!("{rects}; every cell is coloured, so recolour a corner to break them."),
            n => format!("{rects}; {n} cell{} still uncoloured.", plural(n as u64)),
        }
    }
}

/// The live state of a hand colouring of `p` from the player's `marks`: rectangles among the
/// coloured cells, counted over pairs of rows; "solved" only when every cell is coloured and
/// [`check::verify`] accepts the grid.
pub fn hand(p: &RectFree, marks: &ColourMarks) -> Hand {
    let (rows, cols) = (p.rows(), p.cols());
    let cells = hand_cells(p, marks);
    let coloured = cells.iter().filter(|c| c.is_some()).count();
    let mut corners = vec![false; rows * cols];
    let mut shown = Vec::new();
    let mut count = 0u64;
    let mut same: Vec<Vec<usize>> = vec![Vec::new(); p.colours()];
    for r1 in 0..rows {
        for r2 in r1 + 1..rows {
            same.iter_mut().for_each(Vec::clear);
            for c in 0..cols {
                if let (Some(a), Some(b)) = (cells[r1 * cols + c], cells[r2 * cols + c]) {
                    if a == b {
                        same[a as usize].push(c);
                    }
                }
            }
            for (k, columns) in same.iter().enumerate() {
                let m = columns.len() as u64;
                if m < 2 {
                    continue;
                }
                count += m * (m - 1) / 2;
                for &c in columns {
                    corners[r1 * cols + c] = true;
                    corners[r2 * cols + c] = true;
                }
                for (i, &c1) in columns.iter().enumerate() {
                    for &c2 in &columns[i + 1..] {
                        if shown.len() < MAX_SHOWN {
                            shown.push(Rect { r1, r2, c1, c2, colour: k as u8 });
                        }
                    }
                }
            }
        }
    }
    let solved = coloured == rows * cols && {
        let grid = Grid::from_cells(rows, cols, cells.iter().map(|c| c.unwrap_or(0)).collect());
        grid.is_some_and(|g| check::verify(p, &g).is_ok())
    };
    Hand { coloured, total: rows * cols, count, corners, shown, solved }
}

/// Why a pasted grid does not fit the task on screen (another size, more colours, or a fixed
/// cell of another colour), as a sentence; `None` when it fits.
pub fn misfit(p: &RectFree, c: &Checked) -> Option<String> {
    let (rows, cols) = (c.grid.rows(), c.grid.cols());
    let task =
        format!("the task on screen is {}x{} with {} colours", p.rows(), p.cols(), p.colours());
    if rows != p.rows() || cols != p.cols() || c.colours > p.colours() {
        return Some(format!(
            "This grid is {rows}x{cols} with {} colours, but {task}. Nothing was changed.",
            c.colours
        ));
    }
    let clash = (0..rows * cols).find(|&i| p.fixed()[i].is_some_and(|f| f != c.grid.cells()[i]))?;
    Some(format!(
        "Cell ({}, {}) of this grid has colour {}, but the task fixes it to colour {}. Nothing was changed.",
        clash / cols + 1,
        clash % cols + 1,
        c.grid.cells()[clash] + 1,
        p.fixed()[clash].unwrap_or(0) + 1
    ))
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

#[cfg(test)]
mod tests {
    #[test]
    fn nice_steps_are_round() {
        assert_eq!(super::nice_step(7, 4), 2);
        assert_eq!(super::nice_step(100, 4), 50);
        assert_eq!(super::nice_step(1234, 4), 500);
        assert_eq!(super::nice_step(0, 4), 1);
        assert_eq!(super::nice_step(40, 4), 10);
    }

    #[test]
    fn the_chart_has_even_axes_and_a_legend() {
        use super::super::search::Point;
        let series: Vec<Point> = (0..=10)
            .map(|i| Point { iteration: i * 137, score: 90 - i * 7, best: 90 - i * 8 })
            .collect();
        let svg = super::chart_svg(&series, 480, 200);
        assert!(svg.contains("best so far") && svg.contains(">now<"), "{svg}");
        // y: a round step (50) from 0 reaching past the highest score, 90.
        let ticks: Vec<u64> = svg
            .split("tick-y\">")
            .skip(1)
            .map(|t| t[..t.find('<').unwrap()].parse().unwrap())
            .collect();
        assert_eq!(ticks, vec![0, 50, 100]);
        let ticks: Vec<&str> =
            svg.split("tick-x\">").skip(1).map(|t| &t[..t.find('<').unwrap()]).collect();
        assert_eq!(ticks, vec!["0", "500", "1k", "1.5k"]);
        assert_eq!(
            [
                super::short_count(999),
                super::short_count(250_000),
                super::short_count(4_000_000),
                super::short_count(2_500_000)
            ],
            ["999", "250k", "4M", "2.5M"]
        );
    }

    #[test]
    fn the_hand_bound_counts_each_colour_against_the_counting_bound() {
        let p = super::RectFree::new(6, 6, 2).unwrap();
        let mut cells = vec![None; 36];
        cells[0] = Some(0);
        cells[1] = Some(0);
        cells[7] = Some(1);
        let b = super::hand_bound(&p, &cells);
        assert_eq!(b.bound, super::bounds::counting_bound(6, 6));
        assert_eq!(b.bound, 16);
        assert_eq!(b.counts, vec![2, 1]);
        assert!(!b.possible());
        assert!(
            b.sentence().contains("at most 16 cells of one colour")
                || b.sentence().contains("At most 16 cells of one colour")
        );
        assert!(b.sentence().contains("cannot be done"));
        assert_eq!(b.colour_words(0), "2 of at most 16");
        let b = super::HandBound { bound: 16, counts: vec![17, 1], total: 36 };
        assert_eq!(b.colour_words(0), "17, more than 16: it holds a rectangle");
        // 12x12 with 4 colours: possible by counting.
        let p = super::RectFree::new(12, 12, 4).unwrap();
        let b = super::hand_bound(&p, &vec![None; 144]);
        assert!(b.possible(), "{b:?}");
        assert!(b.sentence().contains("on average"));
    }

    use super::*;
    use crate::marks::Marks;

    /// Marks written in their byte form (colour + 1, 0 uncoloured).
    fn bytes(b: &[u8]) -> ColourMarks {
        ColourMarks::decode(b, b.len()).unwrap()
    }

    /// Rectangles of a full grid by brute force over every pair of rows and of columns.
    fn brute(g: &Grid<u8>) -> u64 {
        let mut n = 0;
        for r1 in 0..g.rows() {
            for r2 in r1 + 1..g.rows() {
                for c1 in 0..g.cols() {
                    for c2 in c1 + 1..g.cols() {
                        let k = g.row(r1)[c1];
                        n += u64::from(
                            g.row(r1)[c2] == k && g.row(r2)[c1] == k && g.row(r2)[c2] == k,
                        );
                    }
                }
            }
        }
        n
    }

    #[test]
    fn cycling_visits_every_colour_and_uncoloured_both_ways() {
        let forward: Vec<Option<u8>> =
            std::iter::successors(Some(None), |&m| Some(cycle(m, 3, false))).take(5).collect();
        assert_eq!(forward, vec![None, Some(0), Some(1), Some(2), None]);
        let back: Vec<Option<u8>> =
            std::iter::successors(Some(None), |&m| Some(cycle(m, 3, true))).take(5).collect();
        assert_eq!(back, vec![None, Some(2), Some(1), Some(0), None]);
        // A mark past the colours (a task with fewer colours) cycles from the last one.
        assert_eq!(cycle(Some(5), 2, false), None);
    }

    #[test]
    fn keys_move_pick_clear_and_cycle() {
        assert_eq!(key("ArrowLeft", false, 4), Some(Key::Move(0, -1)));
        assert_eq!(key("ArrowDown", false, 4), Some(Key::Move(1, 0)));
        assert_eq!(key("3", false, 4), Some(Key::Set(Some(2))));
        assert_eq!(key("5", false, 4), None, "no fifth colour");
        assert_eq!(key("0", false, 4), Some(Key::Set(None)));
        assert_eq!(key("Delete", false, 4), Some(Key::Set(None)));
        assert_eq!(key(" ", true, 4), Some(Key::Cycle(true)));
        assert_eq!(key("Enter", false, 4), Some(Key::Cycle(false)));
        assert_eq!(key("x", false, 4), None);
        assert_eq!(key("Tab", false, 4), None);
    }

    #[test]
    fn the_live_count_and_corners_match_brute_force_and_solved_needs_the_checker() {
        let p = RectFree::new(4, 5, 3).unwrap();
        // Random full grids: the count agrees with brute force and with the checker's.
        let mut seed = 7u64;
        for _ in 0..200 {
            let cells: Vec<u8> = (0..20)
                .map(|_| {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    ((seed >> 33) % 3) as u8
                })
                .collect();
            let g = Grid::from_cells(4, 5, cells).unwrap();
            let h = hand(&p, &grid_to_marks(&g));
            assert_eq!(h.count, brute(&g));
            assert_eq!(h.count, check::count(&g));
            assert_eq!(h.solved, h.count == 0);
            assert_eq!(h.coloured, 20);
            // Corners: exactly the cells of the listed rectangles (all listed: at most C(4,2) * C(5,2) = 60).
            let mut want = vec![false; 20];
            for x in &h.shown {
                for (r, c) in [(x.r1, x.c1), (x.r1, x.c2), (x.r2, x.c1), (x.r2, x.c2)] {
                    want[r * 5 + c] = true;
                }
            }
            assert_eq!(h.shown.len() as u64, h.count);
            assert_eq!(h.corners, want);
        }
    }

    #[test]
    fn uncoloured_cells_make_no_rectangle_and_a_partial_grid_is_never_solved() {
        let p = RectFree::new(3, 3, 2).unwrap();
        // Colour 1 at the four corners of the 3x3: one rectangle; the rest uncoloured.
        let one = Some(1);
        let marks = ColourMarks::new(vec![one, None, one, None, None, None, one, None, one]);
        let h = hand(&p, &marks);
        assert_eq!((h.count, h.coloured, h.solved), (1, 4, false));
        assert_eq!(h.corners.iter().filter(|&&c| c).count(), 4);
        assert!(
            h.sentence()
                .contains("1 monochromatic rectangle (corners ringed); 5 cells still uncoloured"),
            "{}",
            h.sentence()
        );
        // Nothing coloured: nothing to report, not solved.
        let h = hand(&p, &ColourMarks::default());
        assert_eq!((h.count, h.coloured, h.solved), (0, 0, false));
        // A full rectangle-free grid is solved.
        // 001 / 010 / 100: no two rows agree in one colour on two columns.
        let h = hand(&p, &bytes(&[1, 1, 2, 1, 2, 1, 2, 1, 1]));
        assert_eq!((h.count, h.coloured, h.solved), (0, 9, true));
    }

    #[test]
    fn a_solved_board_is_one_the_checker_passes() {
        let p = RectFree::new(3, 3, 2).unwrap();
        // Every 2-colouring of 3x3: "solved" exactly when the checker passes it.
        let all: Vec<Vec<u8>> =
            (0..512u32).map(|b| (0..9).map(|i| ((b >> i) & 1) as u8 + 1).collect()).collect();
        let mut solved = 0;
        for marks in &all {
            let g = Grid::from_cells(3, 3, marks.iter().map(|m| m - 1).collect()).unwrap();
            let h = hand(&p, &bytes(marks));
            assert_eq!(h.solved, check::verify(&p, &g).is_ok());
            solved += usize::from(h.solved);
            if h.solved {
                assert!(h.sentence().starts_with("Solved!"));
            }
        }
        assert!(solved > 0 && solved < 512);
    }

    #[test]
    fn fixed_cells_colour_the_board_and_a_clashing_paste_is_refused() {
        let p = crate::kinds::import_as::<RectFree>(
            r#"{"kind":"rectfree","rows":2,"cols":2,"colours":2,"fixed":["1.",".."]}"#,
        )
        .unwrap();
        assert_eq!(hand_cells(&p, &bytes(&[0, 0, 1, 2])), vec![Some(1), None, Some(0), Some(1)]);
        let c = checked(Grid::from_cells(2, 2, vec![0, 1, 1, 0]).unwrap());
        assert!(misfit(&p, &c).unwrap().contains("Cell (1, 1)"));
        let c = checked(Grid::from_cells(2, 2, vec![1, 0, 0, 1]).unwrap());
        assert_eq!(misfit(&p, &c), None);
        let c = checked(Grid::from_cells(2, 3, vec![1, 0, 0, 1, 0, 0]).unwrap());
        assert!(misfit(&p, &c).unwrap().starts_with(
            "This grid is 2x3 with 2 colours, but the task on screen is 2x2 with 2 colours"
        ));
        // More colours than the task has does not fit either.
        let q = RectFree::new(2, 2, 2).unwrap();
        assert!(misfit(&q, &checked(Grid::from_cells(2, 2, vec![0, 1, 2, 0]).unwrap())).is_some());
    }

    #[test]
    fn the_literature_table_shows_only_for_the_tasks_it_is_about() {
        assert!(known_table(&RectFree::new(5, 5, 2).unwrap()).is_empty());
        assert!(known_table(&RectFree::new(12, 12, 4).unwrap()).is_empty());
        assert!(known_table(&RectFree::new(17, 17, 3).unwrap()).is_empty());
        assert!(known_table(&RectFree::new(17, 16, 4).unwrap()).is_empty());
        let t = known_table(&RectFree::new(17, 17, 4).unwrap());
        assert_eq!(t.iter().map(|r| r.0).collect::<Vec<_>>(), vec![16, 17, 18, 19]);
        assert_eq!(t.iter().filter(|r| r.3).map(|r| r.0).collect::<Vec<_>>(), vec![17]);
    }
}
