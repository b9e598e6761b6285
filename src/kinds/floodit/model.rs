//! The Flood-It board: colours per cell, the colour symbols, and the start cell, validated on construction.

use crate::error::{InputError, InputResult};

/// Smallest board side accepted.
pub const MIN_SIZE: usize = 2;
/// Largest board side accepted.
pub const MAX_SIZE: usize = 30;
/// Most colours accepted.
pub const MAX_COLOURS: usize = 16;

/// A valid Flood-It board.
///
/// Invariants: `rows` and `cols` are [`MIN_SIZE`]..=[`MAX_SIZE`]; every cell holds a colour
/// index below `symbols.len()`; `symbols` holds 1..=[`MAX_COLOURS`] distinct ASCII letters or
/// digits in increasing order, each used by at least one cell; `start` is inside the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FloodIt {
    rows: usize,
    cols: usize,
    cells: Vec<u8>,
    symbols: Vec<char>,
    start: usize,
    played: Vec<u8>,
    limit: Option<usize>,
}

impl FloodIt {
    /// Builds a board from one symbol per cell in reading order (digits and ASCII letters,
    /// case-sensitive); the colours are the distinct symbols, numbered in symbol order.
    /// `start` is the `(row, col)` the flood grows from.
    pub fn new(
        rows: usize,
        cols: usize,
        symbols: &[char],
        start: (usize, usize),
    ) -> InputResult<Self> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&rows) || !(MIN_SIZE..=MAX_SIZE).contains(&cols) {
            return Err(InputError::at(
                "size",
                format!("rows and columns must be {MIN_SIZE} to {MAX_SIZE}, got {rows}x{cols}"),
            ));
        }
        if symbols.len() != rows * cols {
            return Err(InputError::at(
                "cells",
                format!(
                    "a {rows}x{cols} board needs {} cells, found {}",
                    rows * cols,
                    symbols.len()
                ),
            ));
        }
        for (i, &ch) in symbols.iter().enumerate() {
            if !ch.is_ascii_alphanumeric() {
                return Err(InputError::at(
                    format!("row {}, column {}", i / cols + 1, i % cols + 1),
                    format!("`{ch}` is not a colour (use digits and letters)"),
                ));
            }
        }
        let mut distinct: Vec<char> = symbols.to_vec();
        distinct.sort_unstable();
        distinct.dedup();
        if distinct.len() > MAX_COLOURS {
            return Err(InputError::at(
                "colours",
                format!("at most {MAX_COLOURS} colours, found {}", distinct.len()),
            ));
        }
        if start.0 >= rows || start.1 >= cols {
            return Err(InputError::at(
                "start",
                format!("({}, {}) is outside the {rows}x{cols} board", start.0, start.1),
            ));
        }
        let cells = symbols
            .iter()
            .map(|ch| distinct.iter().position(|d| d == ch).unwrap_or(0) as u8)
            .collect();
        Ok(FloodIt {
            rows,
            cols,
            cells,
            symbols: distinct,
            start: start.0 * cols + start.1,
            played: Vec::new(),
            limit: None,
        })
    }

    /// Builds a board from colour indices (below `symbols.len()`) and a symbol per colour.
    pub fn from_colours(
        rows: usize,
        cols: usize,
        colours: &[u8],
        symbols: &[char],
        start: (usize, usize),
    ) -> InputResult<Self> {
        let mut cells = Vec::with_capacity(colours.len());
        for (i, &c) in colours.iter().enumerate() {
            let ch = symbols.get(c as usize).ok_or_else(|| {
                InputError::at(format!("cell {i}"), format!("colour {c} has no symbol"))
            })?;
            cells.push(*ch);
        }
        Self::new(rows, cols, &cells, start)
    }

    /// The same board with moves already played (colour indices); solving then finds the best
    /// continuation, and answers still list every move from the start.
    pub fn with_played(mut self, moves: Vec<u8>) -> InputResult<Self> {
        if let Some(i) = moves.iter().position(|&m| m as usize >= self.symbols.len()) {
            return Err(InputError::at(
                format!("played move {}", i + 1),
                format!("colour {} is not on the board", moves[i]),
            ));
        }
        if moves.len() > self.cells.len() * 2 {
            return Err(InputError::at(
                "played",
                format!("{} moves played on a board of {} cells", moves.len(), self.cells.len()),
            ));
        }
        self.played = moves;
        Ok(self)
    }

    /// The same board with a move limit from elsewhere (Tatham's), kept for display.
    pub fn with_limit(mut self, limit: Option<usize>) -> Self {
        self.limit = limit;
        self
    }

    /// Moves already played (colour indices).
    pub fn played(&self) -> &[u8] {
        &self.played
    }

    /// The move limit the board came with (Tatham's), if any; not an optimum.
    pub fn limit(&self) -> Option<usize> {
        self.limit
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Colour index of every cell in reading order.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// Number of colours on the board.
    pub fn n_colours(&self) -> usize {
        self.symbols.len()
    }

    /// The symbol of every colour, in colour order.
    pub fn symbols(&self) -> &[char] {
        &self.symbols
    }

    /// The symbol of a colour (`?` for a colour the board lacks).
    pub fn symbol(&self, colour: u8) -> char {
        self.symbols.get(colour as usize).copied().unwrap_or('?')
    }

    /// The colour a symbol stands for.
    pub fn colour_of(&self, symbol: char) -> Option<u8> {
        self.symbols.iter().position(|&s| s == symbol).map(|i| i as u8)
    }

    /// The start cell's index in reading order.
    pub fn start(&self) -> usize {
        self.start
    }

    /// The start cell as `(row, col)`.
    pub fn start_rc(&self) -> (usize, usize) {
        (self.start / self.cols, self.start % self.cols)
    }

    /// Whether the flood starts at the top-left corner.
    pub fn starts_top_left(&self) -> bool {
        self.start == 0
    }

    /// The cells as symbol rows.
    pub fn symbol_rows(&self) -> Vec<String> {
        self.cells
            .chunks(self.cols)
            .map(|row| row.iter().map(|&c| self.symbol(c)).collect())
            .collect()
    }

    /// A move list as a string of colour symbols.
    pub fn move_string(&self, moves: &[u8]) -> String {
        moves.iter().map(|&m| self.symbol(m)).collect()
    }

    /// Reads a move string of colour symbols (spaces and commas between moves are allowed).
    pub fn parse_moves(&self, text: &str) -> InputResult<Vec<u8>> {
        text.chars()
            .filter(|c| !c.is_whitespace() && *c != ',')
            .enumerate()
            .map(|(i, ch)| {
                self.colour_of(ch).ok_or_else(|| {
                    InputError::at(
                        format!("move {}", i + 1),
                        format!(
                            "`{ch}` is not one of this board's colours ({})",
                            self.symbols.iter().collect::<String>()
                        ),
                    )
                })
            })
            .collect()
    }

    /// The orthogonal neighbours of cell `i`.
    pub fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> {
        let (rows, cols) = (self.rows, self.cols);
        let (r, c) = (i / cols, i % cols);
        let up = (r > 0).then(|| i - cols);
        let down = (r + 1 < rows).then(|| i + cols);
        let left = (c > 0).then(|| i - 1);
        let right = (c + 1 < cols).then(|| i + 1);
        [up, down, left, right].into_iter().flatten()
    }
}
