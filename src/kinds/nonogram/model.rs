//! The nonogram puzzle: clues per row and column, optional givens and goal, validated on construction.

use crate::error::{InputError, InputResult};
use crate::grid::Grid;

/// Largest width or height accepted.
pub const MAX_SIDE: usize = 200;

/// The run lengths of one line, in reading order (left to right, top to bottom); empty for a blank line.
pub type Clue = Vec<u32>;

/// What is known about one cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(u8)]
pub enum Cell {
    /// Not known yet.
    #[default]
    Unknown = 0,
    /// Filled.
    Black = 1,
    /// Empty.
    White = 2,
}

impl Cell {
    /// The cell for a known value (`true` = black).
    pub fn known(black: bool) -> Cell {
        if black {
            Cell::Black
        } else {
            Cell::White
        }
    }

    /// The character used in text grids: `#` black, `.` white, `?` unknown.
    pub fn symbol(self) -> char {
        match self {
            Cell::Unknown => '?',
            Cell::Black => '#',
            Cell::White => '.',
        }
    }
}

pub use crate::lines::Line;

/// A valid nonogram.
///
/// Invariants: 1 ≤ width, height ≤ [`MAX_SIDE`]; every run is ≥ 1; every clue fits its line
/// (sum of runs plus gaps ≤ length); row totals equal column totals; givens and goal, when
/// present, have the grid's shape, and the goal satisfies every clue and every given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Nonogram {
    rows: Vec<Clue>,
    cols: Vec<Clue>,
    givens: Option<Grid<Cell>>,
    goal: Option<Grid<bool>>,
    title: Option<String>,
}

/// The cells a clue needs at least: runs plus one gap between each two.
pub fn min_length(clue: &[u32]) -> u64 {
    clue.iter().map(|&b| u64::from(b)).sum::<u64>() + clue.len().saturating_sub(1) as u64
}

fn clue_text(clue: &[u32]) -> String {
    if clue.is_empty() {
        "0".into()
    } else {
        clue.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
    }
}

/// Normalises a clue as read from a file: a lone `0` is an empty line; other zeros are errors.
pub fn normalise_clue(line: Line, clue: Vec<u32>) -> InputResult<Clue> {
    if clue == [0] {
        return Ok(Vec::new());
    }
    if let Some(i) = clue.iter().position(|&b| b == 0) {
        return Err(InputError::at(
            line.to_string(),
            format!(
                "run {} of `{}` is 0; runs are 1 or more (an empty line is written as a lone 0)",
                i + 1,
                clue_text(&clue)
            ),
        ));
    }
    Ok(clue)
}

impl Nonogram {
    /// Builds a puzzle from row clues (top to bottom) and column clues (left to right).
    ///
    /// A clue `[0]` is read as an empty line.
    pub fn new(rows: Vec<Clue>, cols: Vec<Clue>) -> InputResult<Self> {
        let (h, w) = (rows.len(), cols.len());
        if h == 0 || w == 0 || h > MAX_SIDE || w > MAX_SIDE {
            return Err(InputError::at(
                "size",
                format!("width and height must be 1 to {MAX_SIDE}, got {w} columns and {h} rows"),
            ));
        }
        let norm = |clues: Vec<Clue>, is_row: bool, len: usize| -> InputResult<Vec<Clue>> {
            clues
                .into_iter()
                .enumerate()
                .map(|(i, c)| {
                    let line = if is_row { Line::Row(i) } else { Line::Col(i) };
                    let c = normalise_clue(line, c)?;
                    let need = min_length(&c);
                    if need > len as u64 {
                        return Err(InputError::at(
                            line.to_string(),
                            format!(
                                "clue {} needs {need} cells, the line has {len}",
                                clue_text(&c)
                            ),
                        ));
                    }
                    Ok(c)
                })
                .collect()
        };
        let rows = norm(rows, true, w)?;
        let cols = norm(cols, false, h)?;
        let total = |cl: &[Clue]| cl.iter().flatten().map(|&b| u64::from(b)).sum::<u64>();
        let (tr, tc) = (total(&rows), total(&cols));
        if tr != tc {
            return Err(InputError::at(
                "totals",
                format!("row totals ({tr}) differ from column totals ({tc})"),
            ));
        }
        Ok(Nonogram { rows, cols, givens: None, goal: None, title: None })
    }

    /// Adds given cells (black or white known from the start; `Unknown` gives nothing).
    pub fn with_givens(mut self, givens: Grid<Cell>) -> InputResult<Self> {
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
        self.givens = givens.cells().iter().any(|&c| c != Cell::Unknown).then_some(givens);
        self.check_goal()?;
        Ok(self)
    }

    /// Adds the intended answer; it must satisfy the clues and givens.
    pub fn with_goal(mut self, goal: Grid<bool>) -> InputResult<Self> {
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
        self.goal = Some(goal);
        self.check_goal()?;
        Ok(self)
    }

    fn check_goal(&self) -> InputResult<()> {
        if let Some(goal) = &self.goal {
            super::check::verify(self, goal).map_err(|why| {
                InputError::at("goal", format!("the goal does not solve the puzzle: {why}"))
            })?;
        }
        Ok(())
    }

    /// Sets the title (metadata only).
    pub fn with_title(mut self, title: Option<String>) -> Self {
        self.title = title.filter(|t| !t.is_empty());
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

    /// Row clues, top to bottom.
    pub fn rows(&self) -> &[Clue] {
        &self.rows
    }

    /// Column clues, left to right.
    pub fn cols(&self) -> &[Clue] {
        &self.cols
    }

    /// Given cells, if any cell is given.
    pub fn givens(&self) -> Option<&Grid<Cell>> {
        self.givens.as_ref()
    }

    /// The intended answer, when the source carried one.
    pub fn goal(&self) -> Option<&Grid<bool>> {
        self.goal.as_ref()
    }

    /// The title, when the source carried one.
    pub fn title(&self) -> Option<&str> {
        self.title.as_deref()
    }

    /// The starting knowledge: givens, or all unknown; in reading order.
    pub fn start(&self) -> Vec<Cell> {
        match &self.givens {
            Some(g) => g.cells().to_vec(),
            None => vec![Cell::Unknown; self.width() * self.height()],
        }
    }

    /// The clue of a line.
    pub fn clue(&self, line: Line) -> &[u32] {
        match line {
            Line::Row(r) => &self.rows[r],
            Line::Col(c) => &self.cols[c],
        }
    }
}

/// What the independent checker reads ([`super::check::verify`]).
impl super::check::Clues for Nonogram {
    fn row_clues(&self) -> &[Vec<u32>] {
        &self.rows
    }

    fn col_clues(&self) -> &[Vec<u32>] {
        &self.cols
    }

    fn given(&self, r: usize, c: usize) -> Option<bool> {
        match self.givens.as_ref()?[(r, c)] {
            Cell::Black => Some(true),
            Cell::White => Some(false),
            Cell::Unknown => None,
        }
    }
}
