//! The simulator: a position on the board (cell colours and the flood) and the effect of one move.
//!
//! The page plays on this; the solvers work on the component graph instead, and the checker
//! (`check.rs`) replays moves with its own code.

use super::FloodIt;

/// A position: every cell's current colour and whether it belongs to the flood.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    /// The current colour of every cell.
    pub colours: Vec<u8>,
    /// Whether each cell is flooded.
    pub flooded: Vec<bool>,
}

impl Position {
    /// The starting position: the start cell's region is flooded.
    pub fn start(board: &FloodIt) -> Position {
        let mut p =
            Position { colours: board.cells().to_vec(), flooded: vec![false; board.cells().len()] };
        p.flooded[board.start()] = true;
        let c = p.colours[board.start()];
        p.grow(board, c);
        p
    }

    /// The position after playing `moves` from the start (moves that change nothing are kept as
    /// no-ops).
    pub fn after(board: &FloodIt, moves: &[u8]) -> Position {
        let mut p = Position::start(board);
        for &m in moves {
            p.play(board, m);
        }
        p
    }

    /// The flood's colour.
    pub fn flood_colour(&self, board: &FloodIt) -> u8 {
        self.colours[board.start()]
    }

    /// Plays colour `c`: the flood takes colour `c` and absorbs every connected cell of that
    /// colour. Returns how many cells joined (0 for the flood's own colour or a colour that
    /// touches nothing).
    pub fn play(&mut self, board: &FloodIt, c: u8) -> usize {
        if c == self.flood_colour(board) {
            return 0;
        }
        for (col, &f) in self.colours.iter_mut().zip(&self.flooded) {
            if f {
                *col = c;
            }
        }
        self.grow(board, c)
    }

    fn grow(&mut self, board: &FloodIt, c: u8) -> usize {
        let mut stack: Vec<usize> = (0..self.flooded.len()).filter(|&i| self.flooded[i]).collect();
        let mut joined = 0;
        while let Some(i) = stack.pop() {
            for j in board.neighbours(i) {
                if !self.flooded[j] && self.colours[j] == c {
                    self.flooded[j] = true;
                    joined += 1;
                    stack.push(j);
                }
            }
        }
        joined
    }

    /// Whether the whole board is one colour.
    pub fn is_done(&self) -> bool {
        self.flooded.iter().all(|&f| f)
    }

    /// Number of flooded cells.
    pub fn flooded_count(&self) -> usize {
        self.flooded.iter().filter(|&&f| f).count()
    }

    /// The colours that would absorb at least one cell if played now.
    pub fn useful_colours(&self, board: &FloodIt) -> Vec<u8> {
        let mut useful = vec![false; board.n_colours()];
        for i in 0..self.flooded.len() {
            if self.flooded[i] {
                for j in board.neighbours(i) {
                    if !self.flooded[j] {
                        useful[self.colours[j] as usize] = true;
                    }
                }
            }
        }
        (0..board.n_colours() as u8).filter(|&c| useful[c as usize]).collect()
    }
}
