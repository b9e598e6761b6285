//! The rectangle-free colouring task: grid size, number of colours, fixed cells, search settings.

use serde::{Deserialize, Serialize};

use crate::error::{InputError, InputResult};

/// Largest side a grid may have (rows and columns are bit sets of this width in the search).
pub const MAX_SIDE: usize = 64;
/// Fewest colours.
pub const MIN_COLOURS: usize = 2;
/// Most colours.
pub const MAX_COLOURS: usize = 6;

/// How to look for a colouring.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Method {
    /// Counting bound first; SAT for small grids (answers and proofs), local search for big ones.
    #[default]
    Auto,
    /// The SAT solver (direct or rotation-symmetric encoding).
    Sat,
    /// Simulated annealing with a geometric cooling schedule.
    Anneal,
    /// Threshold accepting, as in the source document: accept any move no worse than the threshold.
    Threshold,
    /// Clause weighting (breakout): greedy moves on rectangles weighted by how long they lasted.
    Breakout,
    /// Tabu search over the rotation-symmetric choices (square grids, four colours).
    Tabu,
}

impl Method {
    /// Every method, in menu order.
    pub const ALL: [Method; 6] = [
        Method::Auto,
        Method::Sat,
        Method::Anneal,
        Method::Threshold,
        Method::Breakout,
        Method::Tabu,
    ];

    /// The word used in JSON, links and the CLI.
    pub fn word(self) -> &'static str {
        match self {
            Method::Auto => "auto",
            Method::Sat => "sat",
            Method::Anneal => "anneal",
            Method::Threshold => "threshold",
            Method::Breakout => "breakout",
            Method::Tabu => "tabu",
        }
    }

    /// The method named by `word`.
    pub fn from_word(word: &str) -> Option<Method> {
        Method::ALL.into_iter().find(|m| m.word() == word)
    }
}

/// Which symmetry the search assumes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Symmetry {
    /// Rotation for square grids with 4 colours and no fixed cells, none otherwise.
    #[default]
    Auto,
    /// Any colouring.
    None,
    /// Colour k is colour 0 turned by k quarter turns (square grids, 4 colours, no fixed cells).
    Rotation,
}

impl Symmetry {
    /// Every choice, in menu order.
    pub const ALL: [Symmetry; 3] = [Symmetry::Auto, Symmetry::None, Symmetry::Rotation];

    /// The word used in JSON, links and the CLI.
    pub fn word(self) -> &'static str {
        match self {
            Symmetry::Auto => "auto",
            Symmetry::None => "none",
            Symmetry::Rotation => "rotation",
        }
    }

    /// The symmetry named by `word`.
    pub fn from_word(word: &str) -> Option<Symmetry> {
        Symmetry::ALL.into_iter().find(|m| m.word() == word)
    }
}

/// Colour a `rows` x `cols` grid with `colours` colours so that no four cells of one colour are
/// the corners of a rectangle (rows r1 < r2, columns c1 < c2); some cells may be fixed.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RectFree {
    rows: usize,
    cols: usize,
    colours: usize,
    fixed: Vec<Option<u8>>,
    /// How to search.
    pub method: Method,
    /// Which symmetry to assume.
    pub symmetry: Symmetry,
    /// Seed of the local search (different seeds, different runs).
    pub seed: u64,
}

impl RectFree {
    /// A task with no fixed cells and default settings, validated.
    pub fn new(rows: usize, cols: usize, colours: usize) -> InputResult<Self> {
        Self::with_fixed(
            rows,
            cols,
            colours,
            vec![None; rows.saturating_mul(cols).min(MAX_SIDE * MAX_SIDE)],
        )
    }

    /// A task with fixed cells (row-major, `None` free), validated.
    pub fn with_fixed(
        rows: usize,
        cols: usize,
        colours: usize,
        fixed: Vec<Option<u8>>,
    ) -> InputResult<Self> {
        if !(1..=MAX_SIDE).contains(&rows) {
            return Err(InputError::at("rows", format!("{rows} is outside 1 to {MAX_SIDE}")));
        }
        if !(1..=MAX_SIDE).contains(&cols) {
            return Err(InputError::at("cols", format!("{cols} is outside 1 to {MAX_SIDE}")));
        }
        if !(MIN_COLOURS..=MAX_COLOURS).contains(&colours) {
            return Err(InputError::at(
                "colours",
                format!("{colours} is outside {MIN_COLOURS} to {MAX_COLOURS}"),
            ));
        }
        if fixed.len() != rows * cols {
            return Err(InputError::at(
                "fixed",
                format!("expected {} cells for {rows}x{cols}, found {}", rows * cols, fixed.len()),
            ));
        }
        if let Some((i, k)) = fixed
            .iter()
            .enumerate()
            .find_map(|(i, f)| f.filter(|&k| k as usize >= colours).map(|k| (i, k)))
        {
            return Err(InputError::at(
                format!("fixed, cell ({}, {})", i / cols, i % cols),
                format!("colour {k} is not one of 0 to {}", colours - 1),
            ));
        }
        Ok(RectFree {
            rows,
            cols,
            colours,
            fixed,
            method: Method::Auto,
            symmetry: Symmetry::Auto,
            seed: 1,
        })
    }

    /// Rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Number of colours.
    pub fn colours(&self) -> usize {
        self.colours
    }

    /// The fixed colour of every cell (row-major), `None` where free.
    pub fn fixed(&self) -> &[Option<u8>] {
        &self.fixed
    }

    /// Whether any cell is fixed.
    pub fn has_fixed(&self) -> bool {
        self.fixed.iter().any(Option::is_some)
    }

    /// Whether the rotation-symmetric space applies: square, 4 colours, no fixed cells.
    pub fn rotation_applies(&self) -> bool {
        self.rows == self.cols && self.colours == 4 && !self.has_fixed()
    }

    /// Whether the search runs in the rotation-symmetric space, after resolving `auto`.
    pub fn uses_rotation(&self) -> bool {
        match self.symmetry {
            Symmetry::Rotation => self.rotation_applies(),
            Symmetry::None => false,
            Symmetry::Auto => self.rotation_applies() && self.rows >= 8,
        }
    }
}
