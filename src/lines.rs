//! The line engine both nonograms reason on, as Tatham's `latin.c` serves his Latin-square
//! games: the grid's lines ([`Geometry`], [`Line`]), the queue of lines whose cells changed
//! ([`Dirty`]), and the one-cell trial with its chain of lines ([`probe`]).
//!
//! Lines are numbered `0..h` for rows and `h..h+w` for columns. A kind keeps its cells (the
//! black-and-white nonogram's filled, empty or unknown; the colour nonogram's sets of colours)
//! and its own line solver; the engine only says which cells a line has, which
//! lines must be solved again, and (for a trial) which lines a contradiction rests on.
//!
//! It names no kind: the nonogram's `logic.rs` and the colour nonogram's `logic.rs` (with a set
//! of colours per cell) are written on it.

pub mod probe;

use std::collections::VecDeque;

/// Which line of the grid: a row (top to bottom) or a column (left to right), 0-based.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Line {
    /// Row `r`.
    Row(usize),
    /// Column `c`.
    Col(usize),
}

impl std::fmt::Display for Line {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Line::Row(r) => write!(f, "row {}", r + 1),
            Line::Col(c) => write!(f, "column {}", c + 1),
        }
    }
}

impl Line {
    /// The line's name at the start of a sentence: `Row 3`, `Column 5`.
    pub fn title(self) -> String {
        match self {
            Line::Row(r) => format!("Row {}", r + 1),
            Line::Col(c) => format!("Column {}", c + 1),
        }
    }

    /// `row` or `column`.
    pub fn word(self) -> &'static str {
        match self {
            Line::Row(_) => "row",
            Line::Col(_) => "column",
        }
    }

    /// The lines that cross it, in words: `column` for a row, `row` for a column.
    pub fn across(self) -> &'static str {
        match self {
            Line::Row(_) => "column",
            Line::Col(_) => "row",
        }
    }
}

/// A trial's look ([`crate::trial::Next`]) with a broken line told as a chain says it:
/// `row 3 (clue) has no placement of its runs`, `named` giving the line and its clue.
pub fn no_placement(
    next: crate::trial::Next,
    broken: Option<Line>,
    named: impl FnOnce(Line) -> String,
) -> crate::trial::Next {
    match next {
        crate::trial::Next::Broken { cells, .. } => crate::trial::Next::Broken {
            cells,
            sentence: format!(
                "{} has no placement of its runs",
                broken.map_or_else(|| "a line".into(), named)
            ),
        },
        next => next,
    }
}

/// The lines of a `w` x `h` grid, numbered `0..h` rows then `h..h+w` columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Geometry {
    /// Columns.
    pub w: usize,
    /// Rows.
    pub h: usize,
}

impl Geometry {
    /// How many lines (rows and columns).
    pub fn lines(&self) -> usize {
        self.w + self.h
    }

    /// Line number `l` as a row or a column.
    pub fn line_of(&self, l: usize) -> Line {
        if l < self.h {
            Line::Row(l)
        } else {
            Line::Col(l - self.h)
        }
    }

    /// The number of `line` (the inverse of [`Geometry::line_of`]).
    pub fn number(&self, line: Line) -> usize {
        match line {
            Line::Row(r) => r,
            Line::Col(c) => self.h + c,
        }
    }

    /// Whether line `l` is a row.
    pub fn is_row(&self, l: usize) -> bool {
        l < self.h
    }

    /// The cell index of position `q` of line `l`.
    pub fn at(&self, l: usize, q: usize) -> usize {
        if l < self.h {
            l * self.w + q
        } else {
            q * self.w + (l - self.h)
        }
    }

    /// Cells in line `l`.
    pub fn len_of(&self, l: usize) -> usize {
        if l < self.h {
            self.w
        } else {
            self.h
        }
    }

    /// The cells of line `l`, in order.
    pub fn cells_of(&self, l: usize) -> Vec<usize> {
        (0..self.len_of(l)).map(|q| self.at(l, q)).collect()
    }

    /// The row and the column through cell `i`.
    pub fn through(&self, i: usize) -> [usize; 2] {
        [i / self.w, self.h + i % self.w]
    }

    /// The line that crosses line `l` at its position `q`.
    pub fn cross(&self, l: usize, q: usize) -> usize {
        if l < self.h {
            self.h + q
        } else {
            q
        }
    }

    /// The position of cell `i` along line `l` (1-based, as people count).
    pub fn place(&self, l: usize, i: usize) -> usize {
        if l < self.h {
            i % self.w + 1
        } else {
            i / self.w + 1
        }
    }

    /// Reads line `l` of `cells` into `buf`.
    pub fn read<T: Copy>(&self, l: usize, cells: &[T], buf: &mut Vec<T>) {
        buf.clear();
        if l < self.h {
            buf.extend_from_slice(&cells[l * self.w..(l + 1) * self.w]);
        } else {
            let c = l - self.h;
            buf.extend((0..self.h).map(|r| cells[r * self.w + c]));
        }
    }
}

/// The queue of lines to solve again (a line is queued when one of its cells changes), each
/// line at most once.
#[derive(Debug, Clone, Default)]
pub struct Dirty {
    queue: VecDeque<usize>,
    queued: Vec<bool>,
}

impl Dirty {
    /// An empty queue for `lines` lines.
    pub fn new(lines: usize) -> Self {
        Dirty { queue: VecDeque::with_capacity(lines), queued: vec![false; lines] }
    }

    /// Queues line `l` unless it is queued already.
    pub fn push(&mut self, l: usize) {
        if !self.queued[l] {
            self.queued[l] = true;
            self.queue.push_back(l);
        }
    }

    /// The line queued first.
    pub fn pop(&mut self) -> Option<usize> {
        let l = self.queue.pop_front()?;
        self.queued[l] = false;
        Some(l)
    }

    /// Queues every line.
    pub fn all(&mut self) {
        for l in 0..self.queued.len() {
            self.push(l);
        }
    }

    /// Empties the queue.
    pub fn clear(&mut self) {
        while self.pop().is_some() {}
    }

    /// Whether line `l` is queued.
    pub fn contains(&self, l: usize) -> bool {
        self.queued[l]
    }

    /// Whether no line is queued.
    pub fn is_empty(&self) -> bool {
        self.queue.is_empty()
    }
}

/// Words for a count: `cell` or `cells`.
pub fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        one.to_string()
    } else {
        many.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_reads_its_cells_and_crosses_the_others() {
        let g = Geometry { w: 3, h: 2 };
        let cells: Vec<usize> = (0..6).collect();
        let mut buf = Vec::new();
        g.read(1, &cells, &mut buf);
        assert_eq!(buf, [3, 4, 5]);
        g.read(2 + 2, &cells, &mut buf);
        assert_eq!(buf, [2, 5]);
        assert_eq!(g.cells_of(3), [1, 4]);
        assert_eq!(g.through(5), [1, 4]);
        assert_eq!(g.cross(0, 2), 4);
        assert_eq!(g.cross(4, 1), 1);
        assert_eq!((g.place(1, 5), g.place(4, 5)), (3, 2));
        assert_eq!(g.line_of(3).to_string(), "column 2");
        let mut d = Dirty::new(5);
        d.push(3);
        d.push(1);
        d.push(3);
        assert_eq!((d.pop(), d.pop(), d.pop()), (Some(3), Some(1), None));
    }
}
