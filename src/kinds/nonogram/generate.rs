//! New nonograms with a unique answer: a random blobby picture, its clues, and givens until unique.
//!
//! Failing is allowed; calling an ambiguous puzzle unique is not: the result is proven unique
//! by the ordinary solver before it is returned.

use super::model::{Cell, Nonogram};
use super::page::clues_of;
use crate::grid::Grid;
use crate::puzzle::{Mode, Verdict};

/// A random picture of `w` x `h`: noise at about 55 % black, smoothed once by a majority vote
/// over each cell and its four neighbours, so it has runs rather than speckle.
pub fn picture(w: usize, h: usize, rng: &mut fastrand::Rng) -> Grid<bool> {
    let noise: Vec<bool> = (0..w * h).map(|_| rng.f32() < 0.55).collect();
    let cells = (0..w * h)
        .map(|i| {
            let (r, c) = (i / w, i % w);
            let mut votes = u32::from(noise[i]) * 2;
            let mut n = 2;
            for (dr, dc) in [(-1i64, 0i64), (1, 0), (0, -1), (0, 1)] {
                let (nr, nc) = (r as i64 + dr, c as i64 + dc);
                if nr >= 0 && nc >= 0 && (nr as usize) < h && (nc as usize) < w {
                    votes += u32::from(noise[nr as usize * w + nc as usize]);
                    n += 1;
                }
            }
            votes * 2 > n || (votes * 2 == n && rng.bool())
        })
        .collect();
    Grid::from_cells(h, w, cells).expect("counted")
}

/// Makes a `size` x `size` puzzle from `seed` whose answer is proven unique.
pub fn generate(size: usize, seed: u64) -> Result<Nonogram, String> {
    if !(2..=60).contains(&size) {
        return Err(format!("size must be 2 to 60, got {size}"));
    }
    let mut rng = fastrand::Rng::with_seed(seed);
    let pic = picture(size, size, &mut rng);
    let (rows, cols) = clues_of(&pic);
    let base = Nonogram::new(rows, cols).map_err(|e| e.to_string())?;
    let mut givens = Grid::filled(size, size, Cell::Unknown);
    for _ in 0..size * size {
        let p = if givens.cells().iter().all(|&c| c == Cell::Unknown) {
            base.clone()
        } else {
            base.clone().with_givens(givens.clone()).map_err(|e| e.to_string())?
        };
        let report = super::solve::solve(&p, Mode::Unique, None).map_err(|e| e.to_string())?;
        match report.verdict {
            Verdict::Unique => return p.with_goal(pic).map_err(|e| e.to_string()),
            Verdict::Multiple if report.solutions.len() == 2 => {
                let (a, b) = (&report.solutions[0], &report.solutions[1]);
                let diff: Vec<(usize, usize)> =
                    a.positions().filter(|&rc| a[rc] != b[rc]).collect();
                let rc = diff[rng.usize(..diff.len())];
                givens[rc] = Cell::known(pic[rc]);
            }
            other => {
                return Err(format!(
                    "the generated picture gave the verdict {}; this is a bug",
                    other.word()
                ))
            }
        }
    }
    Err(format!("no unique {size}x{size} puzzle was found from seed {seed}; try another seed"))
}
