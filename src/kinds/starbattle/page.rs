//! Pure functions for the Star Battle page: the player's marks and how clicks, keys and drags
//! change them, the rule-breaking highlights, SVG pictures, and the region editor's draft
//! (painting, problems as you go, its text form kept in local storage).
//!
//! The player's marks are typed ([`YesNoMarks`]): a cell is open, a [`STAR`] or a [`DOT`] (a
//! cell the player has ruled out); the view reads them once from the workshop and dispatches
//! the byte edits [`YesNoMarks::edits`] makes of a change.

use std::fmt::Write as _;

use serde_json::json;

use super::model::{MAX_SIZE, MAX_STARS};
use super::StarBattle;
use crate::error::{InputError, InputResult};
use crate::grid::Grid;
pub use crate::marks::{YesNo, YesNoMarks};

/// A star.
pub const STAR: YesNo = YesNo::Yes;
/// A dot: "no star here".
pub const DOT: YesNo = YesNo::No;

/// Pastel fills, so regions stand apart by colour as well as by their walls.
pub const PALETTE: [&str; 12] = [
    "#fde2e4", "#e2ece9", "#fff1c1", "#dbe7f7", "#f0e2f7", "#e6f4d7", "#fbe3cf", "#d9f2f2",
    "#f2e6d9", "#e9e3fb", "#f7f0d2", "#e0f0e3",
];

/// The fill of a region (white for a cell outside every region).
pub fn fill(region: Option<u8>) -> &'static str {
    region.map(|g| PALETTE[g as usize % PALETTE.len()]).unwrap_or("#ffffff")
}

// ---------------------------------------------------------------- the player's marks

/// The mark a click leaves on a cell holding `current`: a (left) click puts a star, or takes it
/// away; a right click (or a long press) puts a dot, or takes it away.
pub fn click_mark(current: YesNo, dot: bool) -> YesNo {
    match (dot, current) {
        (false, STAR) | (true, DOT) => YesNo::Open,
        (false, _) => STAR,
        (true, _) => DOT,
    }
}

/// The mark a key leaves on a cell holding `current`, with the same cycles as the mouse:
/// Space, Enter, `s` or `*` for a star, `x` or `.` for a dot, Backspace or Delete to clear.
/// `None` for keys that mark nothing.
pub fn key_mark(key: &str, current: YesNo) -> Option<YesNo> {
    match key {
        " " | "Enter" | "s" | "S" | "*" => Some(click_mark(current, false)),
        "x" | "X" | "." => Some(click_mark(current, true)),
        "Backspace" | "Delete" => Some(YesNo::Open),
        _ => None,
    }
}

/// The changes a stroke makes: its first cell gets the click's mark, and when that mark is a dot
/// or an erasure the stroke carries it on over every cell that held what the first cell held
/// (like replaces like: a dot drag never wipes a star). A star never spreads: stars in a row
/// always touch.
pub fn stroke_marks(marks: &YesNoMarks, cells: &[usize], dot: bool) -> Vec<(usize, YesNo)> {
    let Some(&first) = cells.first() else { return Vec::new() };
    let was = marks.get(first);
    let value = click_mark(was, dot);
    let mut out = vec![(first, value)];
    if value != STAR {
        for &i in &cells[1..] {
            if marks.get(i) == was && !out.iter().any(|&(j, _)| j == i) {
                out.push((i, value));
            }
        }
    }
    out
}

/// Cells whose star breaks a rule: touching another, or in a row, column or region holding more
/// than its stars.
pub fn conflicts(p: &StarBattle, stars: &Grid<bool>) -> Vec<bool> {
    let (rows, cols, k) = (p.rows(), p.cols(), p.stars());
    let mut bad = vec![false; rows * cols];
    if stars.rows() != rows || stars.cols() != cols {
        return bad;
    }
    let count = super::check::counts(p, stars);
    for (r, c) in stars.positions().filter(|&at| stars[at]) {
        let region_over = p.regions()[(r, c)].is_some_and(|g| count.regions[g as usize] > k);
        bad[r * cols + c] = super::check::touching(stars, r, c).is_some()
            || count.rows[r] > k
            || count.cols[c] > k
            || region_over;
    }
    bad
}

// ---------------------------------------------------------------- walls

/// Which sides of cell `i` are walls in a `rows` x `cols` grid of region labels:
/// (top, left, bottom, right). The grid's edge is always a wall.
pub fn walls<T: PartialEq>(
    labels: &[T],
    rows: usize,
    cols: usize,
    i: usize,
) -> (bool, bool, bool, bool) {
    let (r, c) = (i / cols, i % cols);
    let other = |j: usize| labels.get(j) != labels.get(i);
    (
        r == 0 || other(i - cols),
        c == 0 || other(i - 1),
        r + 1 == rows || other(i + cols),
        c + 1 == cols || other(i + 1),
    )
}

// ---------------------------------------------------------------- pictures

/// A five-pointed star centred at (`x`, `y`) with outer radius `size`, as SVG polygon points.
fn star_points(x: f64, y: f64, size: f64) -> String {
    (0..10)
        .map(|i| {
            let angle = std::f64::consts::PI * (i as f64) / 5.0 - std::f64::consts::FRAC_PI_2;
            let radius = if i % 2 == 0 { size } else { size * 0.4 };
            format!("{:.1},{:.1}", x + radius * angle.cos(), y + radius * angle.sin())
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// An SVG picture of the puzzle: regions in their colours with walls between them, the number of
/// stars above, and `stars` drawn in when given (the solution picture).
pub fn render_svg(p: &StarBattle, stars: Option<&Grid<bool>>) -> String {
    const CELL: usize = 40;
    const TOP: usize = 28;
    let (rows, cols) = (p.rows(), p.cols());
    let (w, h) = (cols * CELL + 4, rows * CELL + 4 + TOP);
    let labels = p.regions().cells();
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\">\n<rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>\n"
    );
    let k = p.stars();
    let _ = writeln!(
        s,
        "<text x=\"2\" y=\"18\" font-size=\"14\">{k} star{} in every row, column and region</text>",
        if k == 1 { "" } else { "s" }
    );
    let at = |i: usize| (2 + (i % cols) * CELL, TOP + 2 + (i / cols) * CELL);
    for (i, g) in labels.iter().enumerate() {
        let (x, y) = at(i);
        let _ = writeln!(
            s,
            "<rect class=\"region\" data-region=\"{}\" x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{}\" stroke=\"#bbb\" stroke-width=\"1\"/>",
            g.map_or('.', StarBattle::letter),
            fill(*g)
        );
    }
    for i in 0..labels.len() {
        let (x, y) = at(i);
        let (t, l, b, r) = walls(labels, rows, cols, i);
        for (on, x1, y1, x2, y2) in [
            (t, x, y, x + CELL, y),
            (l, x, y, x, y + CELL),
            (b, x, y + CELL, x + CELL, y + CELL),
            (r, x + CELL, y, x + CELL, y + CELL),
        ] {
            if on {
                let _ = writeln!(s, "<line class=\"wall\" x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"black\" stroke-width=\"3\" stroke-linecap=\"square\"/>");
            }
        }
    }
    if let Some(g) = stars.filter(|g| g.rows() == rows && g.cols() == cols) {
        for (i, _) in g.cells().iter().enumerate().filter(|(_, &on)| on) {
            let (x, y) = at(i);
            let c = CELL as f64 / 2.0;
            let _ = writeln!(
                s,
                "<polygon class=\"star\" points=\"{}\" fill=\"black\"/>",
                star_points(x as f64 + c, y as f64 + c, c * 0.8)
            );
        }
    }
    s.push_str("</svg>\n");
    s
}

// ---------------------------------------------------------------- the region editor

/// How many region labels a draft can use (the letters `A`–`Z`, `a`–`z`).
pub const MAX_LABELS: u8 = 52;

/// A draft being edited: its size, stars and each cell's region label (`None`: no region yet).
/// Unlike [`StarBattle`] it accepts anything of a sane size, so a draft the model refuses stays
/// editable, with its [`Problem`]s listed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draft {
    /// Rows, 1 to [`MAX_SIZE`].
    pub rows: usize,
    /// Columns, 1 to [`MAX_SIZE`].
    pub cols: usize,
    /// Stars per row, column and region, 1 to [`MAX_STARS`].
    pub stars: usize,
    /// Each cell's label (below [`MAX_LABELS`]) in reading order.
    pub cells: Vec<Option<u8>>,
}

/// One thing wrong with a draft, naming the place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// What is wrong, in a sentence.
    pub text: String,
    /// The cells it is about (highlighted on the editor's board).
    pub cells: Vec<usize>,
    /// True when the model refuses the draft (it cannot be solved or played until fixed); false
    /// for what the model accepts but a finished puzzle should not have.
    pub blocking: bool,
}

fn place(i: usize, cols: usize) -> String {
    format!("row {}, column {}", i / cols + 1, i % cols + 1)
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn label_of(ch: char) -> Option<u8> {
    match ch {
        'A'..='Z' => Some(ch as u8 - b'A'),
        'a'..='z' => Some(ch as u8 - b'a' + 26),
        _ => None,
    }
}

impl Draft {
    /// A grid with no region painted yet.
    pub fn blank(rows: usize, cols: usize, stars: usize) -> Draft {
        let (rows, cols) = (rows.clamp(1, MAX_SIZE), cols.clamp(1, MAX_SIZE));
        Draft { rows, cols, stars: stars.clamp(1, MAX_STARS), cells: vec![None; rows * cols] }
    }

    /// The regions of a puzzle, to edit.
    pub fn from_puzzle(p: &StarBattle) -> Draft {
        Draft {
            rows: p.rows(),
            cols: p.cols(),
            stars: p.stars(),
            cells: p.regions().cells().to_vec(),
        }
    }

    /// The draft with `rows` x `cols` cells (each 1 to [`MAX_SIZE`]), keeping the cells both sizes share.
    pub fn resized(&self, rows: usize, cols: usize) -> Draft {
        let (rows, cols) = (rows.clamp(1, MAX_SIZE), cols.clamp(1, MAX_SIZE));
        let cells = (0..rows * cols)
            .map(|i| {
                let (r, c) = (i / cols, i % cols);
                if r < self.rows && c < self.cols {
                    self.cells.get(r * self.cols + c).copied().flatten()
                } else {
                    None
                }
            })
            .collect();
        Draft { rows, cols, stars: self.stars, cells }
    }

    /// The draft with `stars` stars (1 to [`MAX_STARS`]) per row, column and region.
    pub fn with_stars(&self, stars: usize) -> Draft {
        Draft { stars: stars.clamp(1, MAX_STARS), ..self.clone() }
    }

    /// The lowest label no cell uses, for a new region; `None` when all are taken.
    pub fn fresh_label(&self) -> Option<u8> {
        (0..MAX_LABELS).find(|l| !self.cells.contains(&Some(*l)))
    }

    /// The draft with `cells` painted with `brush` (`None`: the eraser, no region); cells outside
    /// the grid and labels past [`MAX_LABELS`] are ignored.
    pub fn painted(&self, cells: &[usize], brush: Option<u8>) -> Draft {
        let mut d = self.clone();
        if brush.is_some_and(|l| l >= MAX_LABELS) {
            return d;
        }
        for &i in cells {
            if let Some(cell) = d.cells.get_mut(i) {
                *cell = brush;
            }
        }
        d
    }

    /// The labels in use with their cell counts, in label order.
    pub fn regions(&self) -> Vec<(u8, usize)> {
        let mut count = vec![0usize; MAX_LABELS as usize];
        for l in self.cells.iter().flatten() {
            if let Some(n) = count.get_mut(*l as usize) {
                *n += 1;
            }
        }
        count.into_iter().enumerate().filter(|&(_, n)| n > 0).map(|(l, n)| (l as u8, n)).collect()
    }

    /// The cells of region `label`, in reading order.
    fn cells_of(&self, label: u8) -> Vec<usize> {
        (0..self.cells.len()).filter(|&i| self.cells[i] == Some(label)).collect()
    }

    /// Which sides of cell `i` are walls: (top, left, bottom, right).
    pub fn walls(&self, i: usize) -> (bool, bool, bool, bool) {
        walls(&self.cells, self.rows, self.cols, i)
    }

    /// The puzzle, when the model accepts the draft.
    pub fn to_puzzle(&self) -> InputResult<StarBattle> {
        let labels = self.cells.iter().map(|l| l.map(u32::from)).collect();
        let grid = Grid::from_cells(self.rows, self.cols, labels)
            .ok_or_else(|| InputError::new("the draft's cells do not fill its grid"))?;
        StarBattle::new(grid, self.stars)
    }

    /// The draft as text (the studio's JSON form, with `.` for cells outside every region), so
    /// a valid draft's text is the puzzle's own JSON.
    pub fn to_text(&self) -> String {
        let rows: Vec<String> = self
            .cells
            .chunks(self.cols)
            .map(|row| row.iter().map(|l| l.map_or('.', StarBattle::letter)).collect())
            .collect();
        json!({"kind": "starbattle", "rows": self.rows, "cols": self.cols, "stars": self.stars, "regions": rows}).to_string()
    }

    /// Reads [`Draft::to_text`] back (or a puzzle's JSON); anything else is an error, never a panic.
    pub fn from_text(text: &str) -> InputResult<Draft> {
        let v: serde_json::Value =
            serde_json::from_str(text).map_err(|e| InputError::at("draft", e.to_string()))?;
        let stars = v
            .get("stars")
            .and_then(|s| s.as_u64())
            .ok_or_else(|| InputError::at("draft", "no star count"))? as usize;
        let rows: Vec<&str> = v
            .get("regions")
            .and_then(|r| r.as_array())
            .ok_or_else(|| InputError::at("draft", "no regions"))?
            .iter()
            .map(|r| r.as_str().ok_or_else(|| InputError::at("draft", "a regions row is not text")))
            .collect::<InputResult<_>>()?;
        let cols = rows.first().map(|r| r.chars().count()).unwrap_or(0);
        if rows.is_empty()
            || rows.len() > MAX_SIZE
            || cols == 0
            || cols > MAX_SIZE
            || rows.iter().any(|r| r.chars().count() != cols)
        {
            return Err(InputError::at(
                "draft",
                "the rows are not 1 to 40 rows of equal length, 1 to 40 cells each",
            ));
        }
        if !(1..=MAX_STARS).contains(&stars) {
            return Err(InputError::at("draft", format!("stars must be 1 to {MAX_STARS}")));
        }
        let cells = rows.iter().flat_map(|r| r.chars()).map(label_of).collect();
        Ok(Draft { rows: rows.len(), cols, stars, cells })
    }

    /// Everything wrong with the draft, the ones the model refuses first, each naming its place.
    pub fn problems(&self) -> Vec<Problem> {
        let (rows, cols, k) = (self.rows, self.cols, self.stars);
        let mut list = Vec::new();
        let stars = plural(k, "star", "stars");
        if rows != cols {
            list.push(Problem {
                text: format!(
                    "The grid is {rows} rows by {cols} columns. With {stars} in every row and every column that makes {} stars by the rows but {} by the columns, so a Star Battle grid must be square: make the rows and columns equal.",
                    rows * k,
                    cols * k
                ),
                cells: Vec::new(),
                blocking: true,
            });
        }
        let regions = self.regions();
        if regions.len() != rows {
            let text = if regions.len() < rows {
                format!(
                    "{} so far; {rows} rows need {rows} regions (each holds {stars}): paint {} more.",
                    plural(regions.len(), "region", "regions"),
                    rows - regions.len()
                )
            } else {
                format!(
                    "{} regions; {rows} rows need exactly {rows} (each holds {stars}): merge or erase {}.",
                    regions.len(),
                    regions.len() - rows
                )
            };
            list.push(Problem { text, cells: Vec::new(), blocking: true });
        }
        let outside: Vec<usize> =
            (0..self.cells.len()).filter(|&i| self.cells[i].is_none()).collect();
        if !outside.is_empty() && !regions.is_empty() {
            list.push(Problem {
                text: format!(
                    "{} in no region (the first at {}): paint {} into a region.",
                    plural(outside.len(), "cell is", "cells are"),
                    place(outside[0], cols),
                    if outside.len() == 1 { "it" } else { "them" }
                ),
                cells: outside,
                blocking: false,
            });
        }
        let line_room = cols.div_ceil(2).min(rows.div_ceil(2));
        if k > line_room {
            list.push(Problem {
                text: format!("A line of {} cells holds at most {line_room} stars without two touching, not {k}: use fewer stars or a larger grid.", cols.min(rows)),
                cells: Vec::new(),
                blocking: false,
            });
        }
        for &(label, _) in &regions {
            let cells = self.cells_of(label);
            let letter = StarBattle::letter(label);
            let pieces = crate::grid::pieces(rows, cols, &cells);
            if pieces.len() > 1 {
                let starts: Vec<String> = pieces
                    .iter()
                    .map(|p| place(p.iter().copied().min().unwrap_or(0), cols))
                    .collect();
                list.push(Problem {
                    text: format!(
                        "Region {letter} is in {} separate pieces (at {}): join them or paint each its own region; puzz.link would read every piece as a region of its own.",
                        pieces.len(),
                        starts.join("; ")
                    ),
                    cells: cells.clone(),
                    blocking: false,
                });
            }
            let room = room_for_stars(&cells, cols, k);
            if room < k {
                list.push(Problem {
                    text: format!(
                        "Region {letter} (from {}) has {} with room for at most {} without two touching; it needs {stars}.",
                        place(cells[0], cols),
                        plural(cells.len(), "cell", "cells"),
                        plural(room, "star", "stars")
                    ),
                    cells,
                    blocking: false,
                });
            }
        }
        list.sort_by_key(|p| !p.blocking);
        list
    }
}

/// What the region editor paints with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Brush {
    /// An existing region's label.
    Region(u8),
    /// A region no cell uses yet (the brush then stays on it).
    New,
    /// No region.
    Erase,
}

/// The draft with `cells` painted with `brush`, and the brush after (a new region's brush
/// stays on the region it made). `Err` when every region letter is in use.
pub fn paint(d: &Draft, cells: &[usize], brush: Brush) -> Result<(Draft, Brush), String> {
    match brush {
        Brush::Erase => Ok((d.painted(cells, None), brush)),
        Brush::Region(l) => Ok((d.painted(cells, Some(l)), brush)),
        Brush::New => match d.fresh_label() {
            Some(l) => Ok((d.painted(cells, Some(l)), Brush::Region(l))),
            None => Err("Every region letter is in use: paint with an existing region.".into()),
        },
    }
}

/// What a key does on the region editor's grid, for painting without a pointer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RegionKey {
    /// Move the cursor to a cell; `paint`: Shift was held, so the cell left and the cell
    /// reached are painted with the brush, like a drag.
    Move { to: usize, paint: bool },
    /// Paint the cursor's cell with the brush (Space, Enter).
    Paint,
    /// Take the cursor's cell out of its region (Delete, Backspace).
    Erase,
    /// Choose a brush: a region's letter, `+` a new region, `-` the eraser.
    Pick(Brush),
}

/// The key `key` on the region editor's `rows` x `cols` grid with the cursor on cell `at`,
/// where `regions` are the labels in use; `None` for a key that is not the grid's. A letter
/// picks the region of that letter, or of the same letter in the other case when only that
/// one is in use.
pub fn region_key(
    key: &str,
    shift: bool,
    at: usize,
    (rows, cols): (usize, usize),
    regions: &[u8],
) -> Option<RegionKey> {
    let (rows, cols) = (rows.max(1), cols.max(1));
    let at = at.min(rows * cols - 1);
    if let Some((r, c)) = crate::grid::cursor_step(key, (at / cols, at % cols), rows, cols) {
        return Some(RegionKey::Move { to: r * cols + c, paint: shift });
    }
    let mut chars = key.chars();
    let ch = match (chars.next(), chars.next()) {
        (Some(ch), None) => ch,
        _ => {
            return match key {
                "Enter" => Some(RegionKey::Paint),
                "Delete" | "Backspace" => Some(RegionKey::Erase),
                _ => None,
            }
        }
    };
    match ch {
        ' ' => Some(RegionKey::Paint),
        '+' | '=' => Some(RegionKey::Pick(Brush::New)),
        '-' => Some(RegionKey::Pick(Brush::Erase)),
        _ => {
            let label = label_of(ch)?;
            let other = label_of(if ch.is_ascii_uppercase() {
                ch.to_ascii_lowercase()
            } else {
                ch.to_ascii_uppercase()
            })?;
            [label, other]
                .into_iter()
                .find(|l| regions.contains(l))
                .map(|l| RegionKey::Pick(Brush::Region(l)))
        }
    }
}

/// How many stars, up to `k`, fit among `cells` (indices in a grid `cols` wide) with no two
/// touching, even diagonally: a search for `k` such cells with a budget of nodes; past the
/// budget the answer is `k` (no complaint rather than a wrong one).
pub fn room_for_stars(cells: &[usize], cols: usize, k: usize) -> usize {
    let touches = |a: usize, b: usize| {
        (a / cols).abs_diff(b / cols) <= 1 && (a % cols).abs_diff(b % cols) <= 1
    };
    fn search(
        left: &[usize],
        taken: usize,
        k: usize,
        best: &mut usize,
        budget: &mut u32,
        touches: &dyn Fn(usize, usize) -> bool,
    ) {
        *best = (*best).max(taken);
        if *best >= k || taken + left.len() <= *best || *budget == 0 {
            return;
        }
        *budget -= 1;
        let (first, rest) = (left[0], &left[1..]);
        let apart: Vec<usize> = rest.iter().copied().filter(|&c| !touches(first, c)).collect();
        search(&apart, taken + 1, k, best, budget, touches);
        search(rest, taken, k, best, budget, touches);
    }
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let (mut best, mut budget) = (0, 20_000u32);
    search(&sorted, 0, k, &mut best, &mut budget, &touches);
    if budget == 0 {
        k
    } else {
        best.min(k)
    }
}

/// The region letter the board shows in each cell: the letter of a region in its first cell
/// (reading order), so every "region J" a hint speaks of can be found on the board.
pub fn region_letters(p: &StarBattle) -> Vec<Option<char>> {
    let mut seen = vec![false; p.n_regions()];
    p.regions()
        .cells()
        .iter()
        .map(|g| {
            let g = (*g)?;
            let first = !seen[g as usize];
            seen[g as usize] = true;
            first.then(|| StarBattle::letter(g))
        })
        .collect()
}

/// The outline of a set of cells on a grid `cols` wide, as an SVG path in cell units (a cell is
/// 1 by 1): one segment for each side of a cell whose neighbour across that side is not in the
/// set, so a 2x2 block is drawn as one square and a band of rows as one rectangle.
pub fn outline_path(cols: usize, cells: &[usize]) -> String {
    let set: std::collections::HashSet<usize> = cells.iter().copied().collect();
    let has = |r: isize, c: isize| {
        r >= 0 && c >= 0 && (c as usize) < cols && set.contains(&(r as usize * cols + c as usize))
    };
    let mut d = String::new();
    let mut sorted: Vec<usize> = set.iter().copied().collect();
    sorted.sort_unstable();
    for i in sorted {
        let (r, c) = ((i / cols) as isize, (i % cols) as isize);
        if !has(r - 1, c) {
            let _ = write!(d, "M{c} {r}h1");
        }
        if !has(r + 1, c) {
            let _ = write!(d, "M{c} {}h1", r + 1);
        }
        if !has(r, c - 1) {
            let _ = write!(d, "M{c} {r}v1");
        }
        if !has(r, c + 1) {
            let _ = write!(d, "M{} {r}v1", c + 1);
        }
    }
    d
}
