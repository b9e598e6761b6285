//! New colour nonograms with a proven unique answer: a random picture in blobs of the chosen
//! colours, its clues, and, while a second answer exists, one cell where the two answers differ
//! repainted in the picture, until the solver proves the clues have one answer.
//!
//! Failing is allowed; calling an ambiguous puzzle unique is not: the result is the solver's
//! `Unique` verdict (the blocked second solve came back UNSAT) on the clues returned.

use super::check::runs;
use super::model::{Colour, ColourNonogram, Run};
use crate::grid::Grid;
use crate::puzzle::{Mode, Verdict};

/// The palette generated puzzles use, background first: colours far apart for the eye.
pub const PALETTE: [[u8; 3]; 9] =
    [[255, 255, 255], [221, 34, 34], [34, 102, 204], [51, 153, 51], [255, 204, 34], [34, 34, 34], [153, 85, 34], [238, 119, 187], [85, 204, 221]];
/// The most colours a generated puzzle has (besides the background).
pub const MAX_COLOURS: usize = PALETTE.len() - 1;
/// Sides a generated puzzle may have.
pub const SIDES: std::ops::RangeInclusive<usize> = 4..=30;

/// A random picture of `w` x `h` in `colours` colours on the background: noise, then one
/// majority vote over each cell and its four neighbours, so it has runs rather than speckle.
pub fn picture(w: usize, h: usize, colours: usize, rng: &mut fastrand::Rng) -> Grid<u8> {
    let noise: Vec<u8> = (0..w * h).map(|_| if rng.f32() < 0.4 { 0 } else { rng.u8(1..=colours as u8) }).collect();
    let cells = (0..w * h)
        .map(|i| {
            let (r, c) = (i / w, i % w);
            let mut votes = vec![0u32; colours + 1];
            votes[usize::from(noise[i])] += 2;
            for (dr, dc) in [(-1i64, 0i64), (1, 0), (0, -1), (0, 1)] {
                let (nr, nc) = (r as i64 + dr, c as i64 + dc);
                if nr >= 0 && nc >= 0 && (nr as usize) < h && (nc as usize) < w {
                    votes[usize::from(noise[nr as usize * w + nc as usize])] += 1;
                }
            }
            let best = *votes.iter().max().unwrap_or(&0);
            let tied: Vec<usize> = (0..=colours).filter(|&k| votes[k] == best).collect();
            tied[rng.usize(..tied.len())] as u8
        })
        .collect();
    Grid::from_cells(h, w, cells).expect("counted")
}

/// The clues of a picture.
pub fn clues_of(g: &Grid<u8>) -> (Vec<Vec<Run>>, Vec<Vec<Run>>) {
    let to = |v: Vec<(u32, u8)>| v.into_iter().map(|(len, colour)| Run { len, colour }).collect::<Vec<_>>();
    let rows = (0..g.rows()).map(|r| to(runs(g.row(r).iter().copied()))).collect();
    let cols = (0..g.cols()).map(|c| to(runs((0..g.rows()).map(|r| g[(r, c)])))).collect();
    (rows, cols)
}

/// Makes a `size` x `size` puzzle in `colours` colours from `seed` whose answer is proven unique.
pub fn generate(size: usize, colours: usize, seed: u64) -> Result<ColourNonogram, String> {
    if !SIDES.contains(&size) {
        return Err(format!("size must be {} to {}, got {size}", SIDES.start(), SIDES.end()));
    }
    if !(2..=MAX_COLOURS).contains(&colours) {
        return Err(format!("colours must be 2 to {MAX_COLOURS}, got {colours}"));
    }
    let palette: Vec<Colour> = PALETTE[..=colours].iter().map(|&[r, g, b]| Colour::rgb(r, g, b)).collect();
    let mut rng = fastrand::Rng::with_seed(seed);
    for _ in 0..20 {
        let mut pic = picture(size, size, colours, &mut rng);
        for _ in 0..size * size {
            let (rows, cols) = clues_of(&pic);
            let p = ColourNonogram::new(palette.clone(), rows, cols).map_err(|e| e.to_string())?;
            let report = super::solve::solve(&p, Mode::Unique, None).map_err(|e| e.to_string())?;
            match report.verdict {
                Verdict::Unique => return p.with_goal(pic).map_err(|e| e.to_string()),
                Verdict::Multiple if report.solutions.len() == 2 => {
                    let (a, b) = (&report.solutions[0], &report.solutions[1]);
                    let diff: Vec<(usize, usize)> = a.positions().filter(|&rc| a[rc] != b[rc]).collect();
                    let rc = diff[rng.usize(..diff.len())];
                    // Repaint it in a colour neither answer has there.
                    let others: Vec<u8> = (0..=colours as u8).filter(|&k| k != a[rc] && k != b[rc]).collect();
                    pic[rc] = others[rng.usize(..others.len())];
                }
                other => return Err(format!("the generated picture gave the verdict {}; this is a bug", other.word())),
            }
        }
    }
    Err(format!("no unique {size}x{size} puzzle in {colours} colours was found from seed {seed}; try another seed"))
}
