//! Tabu search in the rotation-symmetric space: every step looks at all moves (each orbit's
//! colour-0 cell to each of its three other cells), takes the best one that is not tabu (or is
//! tabu but gives a new best: aspiration), and forbids moving that orbit back for a while.
//!
//! Measured natively (release, 2 shared cores, load 5 to 9 from other helpers): 16x16 with 4
//! colours is found in 4 to 206 ms (seeds 1 to 4; annealing needed 0.34 to 0.81 s), and 17x17
//! reaches 1 rectangle (colour 0) but not 0: tenure 4 best 1 after 1.4M steps (40 s), tenure 6
//! best 1 after 1.6M steps, tenure 10 best 2 in 90 s, tenure 20 best 3, tenure 2 best 3; about
//! 90k steps/s. The tenure kept is 6 plus a random 0 to 5.
//!
//! Tried for 17x17 and dropped (they did not pay; figures are fewest rectangles or uncovered
//! orbits reached):
//! - Large-neighbourhood repair with SAT: keep a near miss (1 to 3 rectangles, from annealing,
//!   tabu or the plane search below), free the orbits of the rectangles' corners and K random
//!   orbits, and let varisat complete the rest on the rotation encoding. On 16x16, K = 40 of 64
//!   found a colouring after 26 attempts; on 17x17 every attempt failed: K = 40 gave 1,747
//!   UNSAT answers in 70 s (about 40 ms each), K = 48 to 50 gave UNSAT or ran out of a 3 to 5 s
//!   budget (19 attempts), never a colouring.
//! - Colour 0 inside an embedded projective plane of order 4 (rows = 17 of its 21 lines,
//!   columns = 17 of its points; incidences are rectangle-free by construction, and the
//!   largest rectangle-free sets of 16x16 to 21x21 are such sub-planes); annealing over which
//!   lines and points and their order, scored by rotation orbits left without an incidence.
//!   It solved 10x10 to 15x15 in 2 ms to 3.8 s but stopped at 1 uncovered orbit on 16x16 (30 to
//!   60 s, three seeds), 2 on 17x17 (60 s) and 4 on 18x18 (30 s).
//! - Plain SAT on the rotation encoding with every row and column of colour 0 holding 4 or 5
//!   cells (the counting bound's even spread): no answer in 180 s on 17x17 (varisat).

use super::encode::rotation_grid;
use super::search::{random_choices, Board, Space};

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
        let (orbits, centre, choice, board, score) = random_choices(n, seed ^ 0x6a09_e667_f3bc_c909);
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

    fn step(&mut self, rng: &mut fastrand::Rng, _accept: &mut dyn FnMut(i64, &mut fastrand::Rng) -> bool) -> u64 {
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
