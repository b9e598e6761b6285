//! The colour nonogram: a palette (background first, then 1 to 32 colours) and clues of coloured
//! runs per row and column, validated on construction.

use super::check::{self, Clues};
use crate::error::{InputError, InputResult};
use crate::grid::Grid;

/// Largest width or height accepted.
pub const MAX_SIDE: usize = 100;
/// Most colours besides the background (webpbn's limit).
pub const MAX_COLOURS: usize = 32;

/// One palette entry: its sRGB value and, when the source named it, its name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Colour {
    /// Red, green, blue.
    pub rgb: [u8; 3],
    /// A name (`red`), when the source gave one.
    pub name: Option<String>,
}

impl Colour {
    /// A colour without a name.
    pub fn rgb(r: u8, g: u8, b: u8) -> Colour {
        Colour { rgb: [r, g, b], name: None }
    }

    /// `#rrggbb`.
    pub fn hex(&self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.rgb[0], self.rgb[1], self.rgb[2])
    }

    /// Reads `#rgb`, `rgb`, `#rrggbb` or `rrggbb`.
    pub fn from_hex(text: &str) -> Option<[u8; 3]> {
        let t = text.trim().trim_start_matches('#');
        if !t.chars().all(|c| c.is_ascii_hexdigit()) {
            return None;
        }
        let v: Vec<u8> = t.chars().map(|c| c.to_digit(16).unwrap_or(0) as u8).collect();
        match v.len() {
            3 => Some([v[0] * 17, v[1] * 17, v[2] * 17]),
            6 => Some([v[0] * 16 + v[1], v[2] * 16 + v[3], v[4] * 16 + v[5]]),
            _ => None,
        }
    }
}

/// One run of a clue: its length and its colour (an index into the palette, 1 or more).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Run {
    /// Cells in the run, 1 or more.
    pub len: u32,
    /// The palette index, 1 to the palette's last; 0 (the background) is never a run.
    pub colour: u8,
}

/// The runs of one line in reading order; empty for a blank line.
pub type Clue = Vec<Run>;

pub use crate::lines::Line;

/// The cells a clue needs at least: its runs, plus one gap between two neighbouring runs of the
/// same colour (runs of different colours may touch).
pub fn min_length(clue: &[Run]) -> u64 {
    let runs: u64 = clue.iter().map(|r| u64::from(r.len)).sum();
    let gaps = clue.windows(2).filter(|w| w[0].colour == w[1].colour).count() as u64;
    runs + gaps
}

/// A valid colour nonogram.
///
/// Invariants: 1 ≤ width, height ≤ [`MAX_SIDE`]; the palette has the background and 1 to
/// [`MAX_COLOURS`] colours, no two alike; every run is ≥ 1 long and names a palette colour other
/// than the background; every clue fits its line ([`min_length`]); the goal, when present,
/// solves the puzzle. Clues whose colour totals differ between rows and columns are accepted:
/// such a puzzle has no answer, and the solver says why ([`ColourNonogram::totals_differ`]), as
/// it does for every other puzzle without one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ColourNonogram {
    palette: Vec<Colour>,
    rows: Vec<Clue>,
    cols: Vec<Clue>,
    givens: Option<Grid<Option<u8>>>,
    goal: Option<Grid<u8>>,
    title: Option<String>,
}

impl ColourNonogram {
    /// Builds a puzzle from its palette (background first), row clues (top to bottom) and
    /// column clues (left to right).
    pub fn new(palette: Vec<Colour>, rows: Vec<Clue>, cols: Vec<Clue>) -> InputResult<Self> {
        if palette.len() < 2 || palette.len() > MAX_COLOURS + 1 {
            return Err(InputError::at(
                "palette",
                format!("a palette is the background and 1 to {MAX_COLOURS} colours; this one has {} entries", palette.len()),
            ));
        }
        for (i, c) in palette.iter().enumerate() {
            if let Some(j) = palette[..i].iter().position(|d| d.rgb == c.rgb) {
                return Err(InputError::at(
                    "palette",
                    format!("{} and {} are the same colour {}; a player could not tell their runs apart", entry_name(&palette, j), entry_name(&palette, i), c.hex()),
                ));
            }
        }
        let (h, w) = (rows.len(), cols.len());
        if h == 0 || w == 0 || h > MAX_SIDE || w > MAX_SIDE {
            return Err(InputError::at(
                "size",
                format!("width and height must be 1 to {MAX_SIDE}, got {w} columns and {h} rows"),
            ));
        }
        let check = |clues: &[Clue], is_row: bool, len: usize| -> InputResult<()> {
            for (i, clue) in clues.iter().enumerate() {
                let line = if is_row { Line::Row(i) } else { Line::Col(i) };
                for (j, run) in clue.iter().enumerate() {
                    if run.len == 0 {
                        return Err(InputError::at(
                            format!("{line}, run {}", j + 1),
                            "the run is 0 cells long; runs are 1 or more",
                        ));
                    }
                    if run.colour == 0 || usize::from(run.colour) >= palette.len() {
                        return Err(InputError::at(
                            format!("{line}, run {}", j + 1),
                            format!(
                                "colour {} is not one of the palette's colours 1 to {}",
                                run.colour,
                                palette.len() - 1
                            ),
                        ));
                    }
                }
                let need = min_length(clue);
                if need > len as u64 {
                    return Err(InputError::at(
                        line.to_string(),
                        format!("the clue needs {need} cells, the line has {len}"),
                    ));
                }
            }
            Ok(())
        };
        check(&rows, true, w)?;
        check(&cols, false, h)?;
        Ok(ColourNonogram { palette, rows, cols, givens: None, goal: None, title: None })
    }

    /// When some colour's runs add up to more cells in the rows than in the columns (or fewer),
    /// the first such colour in words: then no grid fits, and the solver says so (the verdict
    /// `none`, with this reason) rather than the reader refusing the puzzle.
    pub fn totals_differ(&self) -> Option<String> {
        (1..self.palette.len()).find_map(|c| {
            let total = |clues: &[Clue]| -> u64 {
                clues
                    .iter()
                    .flatten()
                    .filter(|r| usize::from(r.colour) == c)
                    .map(|r| u64::from(r.len))
                    .sum()
            };
            let (tr, tc) = (total(&self.rows), total(&self.cols));
            (tr != tc).then(|| {
                format!(
                    "the rows have {tr} cell{} of {}, the columns {tc}",
                    if tr == 1 { "" } else { "s" },
                    entry_name(&self.palette, c)
                )
            })
        })
    }

    /// Adds given cells (`Some(colour)`: known from the start, 0 the background; `None`: not
    /// given). Each colour must be in the palette; a goal already set must agree.
    pub fn with_givens(mut self, givens: Grid<Option<u8>>) -> InputResult<Self> {
        if givens.rows() != self.height() || givens.cols() != self.width() {
            return Err(InputError::at(
                "givens",
                format!(
                    "the givens are {}x{}, the puzzle {}x{} (columns x rows)",
                    givens.cols(),
                    givens.rows(),
                    self.width(),
                    self.height()
                ),
            ));
        }
        for (r, c) in givens.positions() {
            if let Some(v) = givens[(r, c)] {
                if usize::from(v) >= self.palette.len() {
                    return Err(InputError::at(
                        format!("givens row {}, column {}", r + 1, c + 1),
                        format!(
                            "colour {v} is not in the palette (0 to {})",
                            self.palette.len() - 1
                        ),
                    ));
                }
            }
        }
        self.givens = givens.cells().iter().any(Option::is_some).then_some(givens);
        if let Some(goal) = self.goal.take() {
            return self.with_goal(goal);
        }
        Ok(self)
    }

    /// The given cells, when the puzzle has any.
    pub fn givens(&self) -> Option<&Grid<Option<u8>>> {
        self.givens.as_ref()
    }

    /// The starting knowledge in reading order: each given cell's colour, `None` elsewhere.
    pub fn start(&self) -> Vec<Option<u8>> {
        match &self.givens {
            Some(g) => g.cells().to_vec(),
            None => vec![None; self.width() * self.height()],
        }
    }

    /// Adds the intended answer (palette indices, 0 the background); it must solve the puzzle
    /// and agree with the givens.
    pub fn with_goal(mut self, goal: Grid<u8>) -> InputResult<Self> {
        if goal.rows() != self.height() || goal.cols() != self.width() {
            return Err(InputError::at(
                "goal",
                format!(
                    "the goal is {}x{}, the puzzle {}x{} (columns x rows)",
                    goal.cols(),
                    goal.rows(),
                    self.width(),
                    self.height()
                ),
            ));
        }
        check::verify(&self, &goal).map_err(|why| {
            InputError::at("goal", format!("the goal does not solve the puzzle: {why}"))
        })?;
        self.goal = Some(goal);
        Ok(self)
    }

    /// Names the palette's colours (metadata only), background first; `names` has one entry
    /// per palette entry, `None` or empty for no name.
    pub fn with_names(mut self, names: Vec<Option<String>>) -> InputResult<Self> {
        if names.len() != self.palette.len() {
            return Err(InputError::at(
                "colour names",
                format!("{} names for a palette of {}", names.len(), self.palette.len()),
            ));
        }
        for (c, n) in self.palette.iter_mut().zip(names) {
            c.name = n.filter(|n| !n.is_empty());
        }
        Ok(self)
    }

    /// Sets the title (metadata only).
    pub fn with_title(mut self, title: Option<String>) -> Self {
        self.title = title.map(|t| t.trim().to_string()).filter(|t| !t.is_empty());
        self
    }

    /// Number of columns.
    pub fn width(&self) -> usize {
        self.cols.len()
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.rows.len()
    }

    /// The palette, background first.
    pub fn palette(&self) -> &[Colour] {
        &self.palette
    }

    /// How many colours besides the background.
    pub fn colours(&self) -> usize {
        self.palette.len() - 1
    }

    /// Row clues, top to bottom.
    pub fn rows(&self) -> &[Clue] {
        &self.rows
    }

    /// Column clues, left to right.
    pub fn cols(&self) -> &[Clue] {
        &self.cols
    }

    /// The clue of a line.
    pub fn clue(&self, line: Line) -> &[Run] {
        match line {
            Line::Row(r) => &self.rows[r],
            Line::Col(c) => &self.cols[c],
        }
    }

    /// The intended answer, when the source carried one.
    pub fn goal(&self) -> Option<&Grid<u8>> {
        self.goal.as_ref()
    }

    /// The title, when the source carried one.
    pub fn title(&self) -> Option<&str> {
        self.title.as_deref()
    }

    /// A palette entry in words: its name, else `colour N (#rrggbb)`; the background says so.
    pub fn colour_name(&self, index: usize) -> String {
        entry_name(&self.palette, index)
    }
}

fn entry_name(palette: &[Colour], i: usize) -> String {
    let c = &palette[i];
    match (&c.name, i) {
        (Some(n), 0) => format!("the background ({n})"),
        (None, 0) => "the background".to_string(),
        (Some(n), _) => n.clone(),
        (None, _) => format!("colour {i} ({})", c.hex()),
    }
}

impl Clues for ColourNonogram {
    fn width(&self) -> usize {
        self.cols.len()
    }

    fn height(&self) -> usize {
        self.rows.len()
    }

    fn palette_len(&self) -> usize {
        self.palette.len()
    }

    fn row_runs(&self, r: usize) -> Vec<(u32, u8)> {
        self.rows[r].iter().map(|x| (x.len, x.colour)).collect()
    }

    fn col_runs(&self, c: usize) -> Vec<(u32, u8)> {
        self.cols[c].iter().map(|x| (x.len, x.colour)).collect()
    }

    fn given(&self, r: usize, c: usize) -> Option<u8> {
        self.givens.as_ref().and_then(|g| g[(r, c)])
    }

    fn colour_name(&self, index: usize) -> String {
        entry_name(&self.palette, index)
    }
}

/// The letter of palette colour `c` (1 to 32); `.` for the background.
pub fn colour_char(c: u8) -> char {
    match c {
        0 => '.',
        1..=26 => (b'a' + c - 1) as char,
        27..=32 => (b'A' + c - 27) as char,
        _ => '?',
    }
}

/// The palette colour of a letter (`a` is 1), `.` the background (0).
pub fn char_colour(ch: char) -> Option<u8> {
    match ch {
        '.' => Some(0),
        'a'..='z' => Some(ch as u8 - b'a' + 1),
        'A'..='F' => Some(ch as u8 - b'A' + 27),
        _ => None,
    }
}
