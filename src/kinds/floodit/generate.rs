//! New Flood-It boards: every cell a uniformly random colour, each colour used at least once.

use super::model::{MAX_COLOURS, MAX_SIZE, MIN_SIZE};
use super::FloodIt;

/// The symbols of generated boards: `1`–`9`, then `a`–`g` (ColorFill's alphabet, extended).
pub const SYMBOLS: [char; 16] =
    ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b', 'c', 'd', 'e', 'f', 'g'];

/// Makes a `size`x`size` board with `colours` colours from `seed`, the flood starting at `start`
/// (top-left when `None`). Every board has a minimum, so no uniqueness step is needed.
pub fn generate(
    size: usize,
    colours: usize,
    seed: u64,
    start: Option<(usize, usize)>,
) -> Result<FloodIt, String> {
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return Err(format!("size must be {MIN_SIZE} to {MAX_SIZE}, got {size}"));
    }
    if !(2..=MAX_COLOURS).contains(&colours) || colours > size * size {
        return Err(format!(
            "colours must be 2 to {} for a {size}x{size} board, got {colours}",
            MAX_COLOURS.min(size * size)
        ));
    }
    let mut rng = fastrand::Rng::with_seed(seed);
    loop {
        let cells: Vec<u8> = (0..size * size).map(|_| rng.u8(..colours as u8)).collect();
        let mut used = vec![false; colours];
        for &c in &cells {
            used[c as usize] = true;
        }
        if used.iter().all(|&u| u) {
            return FloodIt::from_colours(
                size,
                size,
                &cells,
                &SYMBOLS[..colours],
                start.unwrap_or((0, 0)),
            )
            .map_err(|e| e.to_string());
        }
    }
}
