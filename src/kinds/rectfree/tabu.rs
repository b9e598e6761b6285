//! Tabu search in the rotation-symmetric space: every step looks at all moves (each orbit's
//! colour-0 cell to each of its three other cells), takes the best one that is not tabu (or is
//! tabu but gives a new best: aspiration), and forbids moving that orbit back for 6 steps plus
//! a random 0 to 5.
//!
//! Measurements behind these choices, and what was tried and dropped: `docs/design-notes.md`, "Rectangle-free tabu search".

use super::board::Board;
use super::encode::rotation_grid;
use super::rotation::random_choices;
use super::space::Space;

/// Steps an orbit may not go back to the cell it left (plus a random 0 to `TENURE - 1`).
const TENURE: u64 = 6;

/// The tabu search's state.
pub struct Tabu {
    n: usize,
    orbits: Vec<[usize; 4]>,
    centre: Option<usize>,
    choice: Vec<usize>,
    board: Board,
    score: u64,
    best: u64,
    /// `until[o][t]`: the step before which orbit o may not go back to cell t.
    until: Vec<[u64; 4]>,
    steps: u64,
}

impl Tabu {
    /// A random start for an n x n grid with four colours, seeded.
    pub fn new(n: usize, seed: u64) -> Self {
        let (orbits, centre, choice, board, score) =
            random_choices(n, seed ^ 0x6a09_e667_f3bc_c909);
        let until = vec![[0; 4]; orbits.len()];
        Tabu { n, orbits, centre, choice, board, score, best: score, until, steps: 0 }
    }
}

impl Space for Tabu {
    fn score(&self) -> u64 {
        self.score
    }

    fn size(&self) -> (usize, usize) {
        (self.n, self.n)
    }

    fn cells(&self) -> Vec<u8> {
        rotation_grid(self.n, &self.orbits, self.centre, &self.choice)
    }

    fn step(
        &mut self,
        rng: &mut fastrand::Rng,
        _accept: &mut dyn FnMut(i64, &mut fastrand::Rng) -> bool,
    ) -> u64 {
        let n = self.n;
        self.steps += 1;
        let mut pick: Option<(i64, usize, usize)> = None;
        let mut ties = 0u32;
        for o in 0..self.orbits.len() {
            let cur = self.orbits[o][self.choice[o]];
            let lose = self.board.involve(0, cur / n, cur % n) as i64;
            self.board.take(0, cur / n, cur % n);
            for t in 0..4 {
                if t == self.choice[o] {
                    continue;
                }
                let cell = self.orbits[o][t];
                let d = self.board.involve(0, cell / n, cell % n) as i64 - lose;
                let tabu = self.until[o][t] > self.steps;
                if tabu && (self.score as i64 + d) >= self.best as i64 {
                    continue;
                }
                match pick {
                    Some((bd, _, _)) if d > bd => {}
                    Some((bd, _, _)) if d == bd => {
                        ties += 1;
                        if rng.u32(..ties + 1) == 0 {
                            pick = Some((d, o, t));
                        }
                    }
                    _ => {
                        pick = Some((d, o, t));
                        ties = 0;
                    }
                }
            }
            self.board.put(0, cur / n, cur % n);
        }
        if let Some((d, o, t)) = pick {
            let old = self.choice[o];
            let (from, to) = (self.orbits[o][old], self.orbits[o][t]);
            self.board.take(0, from / n, from % n);
            self.board.put(0, to / n, to % n);
            self.choice[o] = t;
            self.score = (self.score as i64 + d) as u64;
            self.until[o][old] = self.steps + TENURE + rng.u64(..TENURE);
            self.best = self.best.min(self.score);
        }
        self.score
    }
}
