//! The rotation-symmetric space (colour k is colour 0 turned by k quarter turns): its state (one
//! chosen cell per orbit of four, colour 0's board) and the annealing moves in it.

use super::board::Board;
use super::encode::{orbits, rotation_grid};
use super::space::{least, Space};

/// A random choice per rotation orbit of an n x n grid (seeded): the orbits, the centre, the
/// choices, colour 0's board (with the centre of an odd grid) and its score.
pub(super) type Choices = (Vec<[usize; 4]>, Option<usize>, Vec<usize>, Board, u64);

/// A random start in the rotation-symmetric space, as [`Choices`].
pub(super) fn random_choices(n: usize, seed: u64) -> Choices {
    let (orbits, centre) = orbits(n);
    let mut rng = fastrand::Rng::with_seed(seed);
    let choice: Vec<usize> = orbits.iter().map(|_| rng.usize(..4)).collect();
    let mut board = Board::new(n, n, 1);
    for (o, cells) in orbits.iter().enumerate() {
        let cell = cells[choice[o]];
        board.put(0, cell / n, cell % n);
    }
    if let Some(c) = centre {
        board.put(0, c / n, c % n);
    }
    let score = board.total();
    (orbits, centre, choice, board, score)
}

/// A state of the rotation-symmetric space: one choice per orbit; only colour 0 (with the
/// centre) is scored.
pub(super) struct Orbits {
    pub(super) n: usize,
    pub(super) orbits: Vec<[usize; 4]>,
    pub(super) centre: Option<usize>,
    pub(super) choice: Vec<usize>,
    pub(super) board: Board,
    pub(super) score: u64,
    /// Which orbit each cell belongs to, and where in it (`usize::MAX` for the centre).
    pub(super) orbit_of: Vec<(usize, usize)>,
}

impl Orbits {
    /// A random start for an n x n grid, seeded.
    pub(super) fn new(n: usize, seed: u64) -> Self {
        let (orbits, centre, choice, board, score) = random_choices(n, seed);
        let mut orbit_of = vec![(usize::MAX, 0); n * n];
        for (o, cells) in orbits.iter().enumerate() {
            for (t, &cell) in cells.iter().enumerate() {
                orbit_of[cell] = (o, t);
            }
        }
        Orbits { n, orbits, centre, choice, board, score, orbit_of }
    }

    /// The colouring, row-major.
    pub(super) fn cells(&self) -> Vec<u8> {
        rotation_grid(self.n, &self.orbits, self.centre, &self.choice)
    }

    /// A movable corner of a rectangle of colour 0, found by sampling pairs of rows.
    pub(super) fn corner_of_a_rectangle(&self, rng: &mut fastrand::Rng) -> Option<(usize, usize)> {
        // A random rectangle: a random row pair with two shared columns.
        let n = self.n;
        let pairs = n * (n - 1) / 2;
        let mut pick = None;
        for _ in 0..4 * pairs {
            let r1 = rng.usize(..n);
            let r2 = rng.usize(..n);
            if r1 == r2 {
                continue;
            }
            let shared = self.board.row(0, r1) & self.board.row(0, r2);
            if shared.count_ones() >= 2 {
                let cols: Vec<usize> = (0..n).filter(|&c| shared >> c & 1 == 1).collect();
                let a = rng.usize(..cols.len());
                let b = (a + 1 + rng.usize(..cols.len() - 1)) % cols.len();
                let corners = [(r1, cols[a]), (r1, cols[b]), (r2, cols[a]), (r2, cols[b])];
                let movable: Vec<(usize, usize)> = corners
                    .into_iter()
                    .filter(|&(r, c)| self.orbit_of[r * n + c].0 != usize::MAX)
                    .collect();
                if !movable.is_empty() {
                    pick = Some(movable[rng.usize(..movable.len())]);
                }
                break;
            }
        }
        pick
    }
}

/// Annealing or threshold accepting in the rotation-symmetric space.
pub(super) struct Rotational(pub(super) Orbits);

impl Space for Rotational {
    fn score(&self) -> u64 {
        self.0.score
    }

    fn size(&self) -> (usize, usize) {
        (self.0.n, self.0.n)
    }

    fn cells(&self) -> Vec<u8> {
        self.0.cells()
    }

    fn step(
        &mut self,
        rng: &mut fastrand::Rng,
        accept: &mut dyn FnMut(i64, &mut fastrand::Rng) -> bool,
    ) -> u64 {
        let s = &mut self.0;
        let n = s.n;
        // Half the moves start from a corner of a rectangle (focused), half from any orbit.
        let focused = if s.score > 0 && rng.bool() { s.corner_of_a_rectangle(rng) } else { None };
        let o = match focused {
            Some((r, c)) => s.orbit_of[r * n + c].0,
            None => rng.usize(..s.orbits.len()),
        };
        let old = s.orbits[o][s.choice[o]];
        let (r0, c0) = (old / n, old % n);
        let lose = s.board.involve(0, r0, c0) as i64;
        s.board.take(0, r0, c0);
        let (board, cells) = (&s.board, &s.orbits[o]);
        let best = least(
            (0..4)
                .filter(|&t| t != s.choice[o])
                .map(|t| (board.involve(0, cells[t] / n, cells[t] % n) as i64 - lose, t)),
            rng,
        );
        match best {
            Some((d, t)) if accept(d, rng) => {
                let cell = s.orbits[o][t];
                s.board.put(0, cell / n, cell % n);
                s.choice[o] = t;
                s.score = (s.score as i64 + d) as u64;
            }
            _ => s.board.put(0, r0, c0),
        }
        s.score
    }
}
