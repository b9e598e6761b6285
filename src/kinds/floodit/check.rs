//! The independent checker: replays a move list cell by cell, sharing no code with the solvers or the simulator.

use super::FloodIt;

/// `Ok` when playing `moves` from the start floods the whole board, finishing with the last
/// move; otherwise what is wrong, in words.
///
/// Every move must name a colour of the board, must not be the flood's current colour, and
/// must add at least one cell; the board must be one colour after the last move and not before.
pub fn verify(board: &FloodIt, moves: &[u8]) -> Result<(), String> {
    let (rows, cols) = (board.rows(), board.cols());
    let total = rows * cols;
    let mut colour: Vec<u8> = board.cells().to_vec();
    let mut inside = vec![false; total];
    let start = board.start();
    inside[start] = true;
    let mut count = spread(&mut inside, &colour, rows, cols);
    if count == total && !moves.is_empty() {
        return Err("the board is one colour before any move".into());
    }
    for (t, &m) in moves.iter().enumerate() {
        if m as usize >= board.n_colours() {
            return Err(format!(
                "move {} names colour {m}, but the board has {} colours",
                t + 1,
                board.n_colours()
            ));
        }
        if colour[start] == m {
            return Err(format!("move {} repeats the flood's colour {}", t + 1, board.symbol(m)));
        }
        for i in 0..total {
            if inside[i] {
                colour[i] = m;
            }
        }
        let now = spread(&mut inside, &colour, rows, cols);
        if now == count {
            return Err(format!("move {} ({}) adds no cell to the flood", t + 1, board.symbol(m)));
        }
        count = now;
        if count == total && t + 1 < moves.len() {
            return Err(format!(
                "the board is flooded after move {}, but {} moves were given",
                t + 1,
                moves.len()
            ));
        }
    }
    if count != total {
        return Err(format!("after {} moves, {} of {total} cells are flooded", moves.len(), count));
    }
    Ok(())
}

/// Grows the flood (`inside`) over cells of the flood's colour until it stops; returns its size.
fn spread(inside: &mut [bool], colour: &[u8], rows: usize, cols: usize) -> usize {
    loop {
        let mut changed = false;
        for r in 0..rows {
            for c in 0..cols {
                let i = r * cols + c;
                if inside[i] {
                    continue;
                }
                let touching = (r > 0 && inside[i - cols] && colour[i - cols] == colour[i])
                    || (r + 1 < rows && inside[i + cols] && colour[i + cols] == colour[i])
                    || (c > 0 && inside[i - 1] && colour[i - 1] == colour[i])
                    || (c + 1 < cols && inside[i + 1] && colour[i + 1] == colour[i]);
                if touching {
                    inside[i] = true;
                    changed = true;
                }
            }
        }
        if !changed {
            return inside.iter().filter(|&&x| x).count();
        }
    }
}
