//! New KenKen puzzles with a proven unique answer, at a chosen difficulty.
//!
//! 1. A random Latin square, row by row: each new row is a random perfect matching of columns
//!    to the digits their column still lacks (Hall's theorem: a Latin rectangle always extends,
//!    so this never backtracks).
//! 2. Random connected cages, sizes drawn from the difficulty's mix (small cages and givens for
//!    easy, larger cages for hard), each with an operation the planted square satisfies.
//! 3. Uniqueness: while the solver finds a second answer, a cage where it differs from the
//!    planted square gets an operation the second answer breaks, or, when none does, the
//!    differing cell is split off as a given. The loop ends only on a proven unique verdict.
//! 4. Difficulty: the puzzle's rating by the deduction ladder ([`super::logic`], the same rules
//!    the hints use) must be the level asked for (easy, normal, hard, extreme, unreasonable: the
//!    hardest rule the logic needs); otherwise another attempt starts. So an "extreme" puzzle is one the hints finish with an extreme rule. Like Tatham's
//!    Keen, small grids are capped ([`max_level`]).
//! 5. Givens (one-cell cages) are capped at every size and level ([`max_givens`]): a 4x4 with
//!    half its cells given is no puzzle. Partitions avoid them past the cap, and an attempt that
//!    needs more (to be unique) is dropped.
//!
//! Failing is allowed (the message says so); calling an ambiguous puzzle unique is not.

use super::logic;
use super::model::{pieces, Cage, KenKen, Op};
use super::solve;
use crate::grid::{grow_random, neighbours_of};
use crate::puzzle::{Mode, Verdict};

/// Attempts before giving up on a seed.
const ATTEMPTS: usize = 400;

/// The generator's levels: the ladder's levels.
pub const LEVELS: [&str; 5] = ["easy", "normal", "hard", "extreme", "unreasonable"];

/// The level a word names (`medium` is read as `normal`, Tatham's name), as an index into [`LEVELS`].
pub fn level_from_word(w: &str) -> Option<usize> {
    let w = w.trim().to_ascii_lowercase();
    let w = match w.as_str() {
        "medium" | "m" | "n" => "normal",
        "e" => "easy",
        "h" => "hard",
        "x" => "extreme",
        "u" => "unreasonable",
        other => other,
    };
    LEVELS.iter().position(|&l| l == w)
}

/// The level of a puzzle by the deduction ladder, as an index into [`LEVELS`] (`None` when the
/// rules stop short and search is needed).
pub fn level_of(p: &KenKen) -> Option<usize> {
    let (_, hardest, complete) = logic::rate(p, logic::rank::MAX);
    if !complete {
        return None;
    }
    let word = logic::LADDER[hardest.unwrap_or(0) as usize].level;
    LEVELS.iter().position(|&l| l == word)
}

/// The hardest level a size is made at: like Tatham's Keen, small grids are capped (3x3 at
/// normal, 4x4 at extreme: few layouts of so few cells need more).
pub fn max_level(size: usize) -> usize {
    match size {
        0..=3 => 1,
        4 => 3,
        _ => LEVELS.len() - 1,
    }
}

/// The most one-cell cages (givens) a `size`x`size` puzzle is made with: one cell in eight,
/// rounded up (2 on a 4x4, 5 on a 6x6, 11 on a 9x9).
pub fn max_givens(size: usize) -> usize {
    (size * size).div_ceil(8)
}

/// The number of one-cell cages of `p`.
pub fn givens(p: &KenKen) -> usize {
    p.cages().iter().filter(|c| c.cells.len() == 1).count()
}

/// Makes a `size`x`size` puzzle (3 to 9) of the given level (an index into [`LEVELS`]) from `seed`.
pub fn generate(size: usize, level: usize, seed: u64) -> Result<KenKen, String> {
    if !(3..=super::model::MAX_SIZE).contains(&size) {
        return Err(format!(
            "the generator makes sizes 3 to {}, got {size}",
            super::model::MAX_SIZE
        ));
    }
    let level = level.min(max_level(size));
    let mut rng = fastrand::Rng::with_seed(seed);
    // Small grids have few layouts at the hard levels within the givens' cap, and an attempt
    // costs little there: they get ten times the attempts.
    let attempts = if size <= 5 { 10 * ATTEMPTS } else { ATTEMPTS };
    for _ in 0..attempts {
        let square = latin_square(size, &mut rng);
        let mut cages = partition(size, level, &square, &mut rng);
        let Some(p) = make_unique(size, &square, &mut cages, &mut rng) else { continue };
        if givens(&p) <= max_givens(size) && level_of(&p) == Some(level) {
            return Ok(p);
        }
    }
    Err(format!(
        "no unique {size}x{size} {} puzzle was found from seed {seed}; try another seed",
        LEVELS[level]
    ))
}

/// A random Latin square of side `n`, digits 1..=n, in reading order.
pub fn latin_square(n: usize, rng: &mut fastrand::Rng) -> Vec<u8> {
    let mut grid = vec![0u8; n * n];
    for r in 0..n {
        // used[c][d]: digit d+1 already appears in column c.
        let used: Vec<Vec<bool>> = (0..n)
            .map(|c| (0..n).map(|d| (0..r).any(|rr| grid[rr * n + c] as usize == d + 1)).collect())
            .collect();
        let mut digit_of_col = vec![usize::MAX; n];
        let mut col_of_digit = vec![usize::MAX; n];
        let mut cols: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut cols);
        for &c in &cols {
            let mut seen = vec![false; n];
            let mut order: Vec<usize> = (0..n).collect();
            rng.shuffle(&mut order);
            augment(c, &used, &order, &mut seen, &mut digit_of_col, &mut col_of_digit);
        }
        for c in 0..n {
            grid[r * n + c] = digit_of_col[c] as u8 + 1;
        }
    }
    grid
}

/// Kuhn's augmenting path from column `c` over the digits its column still lacks.
fn augment(
    c: usize,
    used: &[Vec<bool>],
    order: &[usize],
    seen: &mut [bool],
    digit_of_col: &mut [usize],
    col_of_digit: &mut [usize],
) -> bool {
    for &d in order {
        if used[c][d] || seen[d] {
            continue;
        }
        seen[d] = true;
        if col_of_digit[d] == usize::MAX
            || augment(col_of_digit[d], used, order, seen, digit_of_col, col_of_digit)
        {
            digit_of_col[c] = d;
            col_of_digit[d] = c;
            return true;
        }
    }
    false
}

/// Cage sizes (1 to 5) for a level, as cumulative weights out of 100.
fn size_mix(level: usize) -> [u32; 5] {
    match level {
        0 => [14, 62, 92, 100, 100],
        1 => [6, 50, 85, 98, 100],
        _ => [2, 42, 76, 94, 100],
    }
}

/// An operation for these planted digits: one the generator likes for the cage's size.
fn pick_op(values: &[u64], rng: &mut fastrand::Rng) -> (Op, u64) {
    match values {
        [v] => (Op::Given, *v),
        [a, b] => {
            let (big, small) = (*a.max(b), *a.min(b));
            if big % small == 0 && rng.u8(..10) < 4 {
                (Op::Div, big / small)
            } else {
                match rng.u8(..10) {
                    0..=3 => (Op::Sub, big - small),
                    4..=6 => (Op::Add, big + small),
                    _ => (Op::Mul, big * small),
                }
            }
        }
        _ => {
            if rng.bool() {
                (Op::Add, values.iter().sum())
            } else {
                (Op::Mul, values.iter().product())
            }
        }
    }
}

fn partition(n: usize, level: usize, square: &[u8], rng: &mut fastrand::Rng) -> Vec<Cage> {
    let mix = size_mix(level);
    let mut owner = vec![usize::MAX; n * n];
    let mut order: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut order);
    let mut groups: Vec<Vec<usize>> = Vec::new();
    // Givens made so far (a cell whose neighbours are all taken is one, whatever was drawn).
    let mut singles = 0;
    for &start in &order {
        if owner[start] != usize::MAX {
            continue;
        }
        let roll = rng.u32(..100);
        let mut want = mix.iter().position(|&w| roll < w).unwrap_or(1) + 1;
        // Half the cap is left for the uniqueness step's splits.
        if want == 1 && 2 * singles >= max_givens(n) {
            want = 2;
        }
        let g = groups.len();
        let group = grow_random(start, want, g, &mut owner, |c| neighbours_of(n, n, c), rng);
        singles += usize::from(group.len() == 1);
        groups.push(group);
    }
    groups.into_iter().map(|cells| cage_for(cells, square, rng)).collect()
}

fn cage_for(mut cells: Vec<usize>, square: &[u8], rng: &mut fastrand::Rng) -> Cage {
    cells.sort_unstable();
    let values: Vec<u64> = cells.iter().map(|&c| square[c] as u64).collect();
    let (op, target) = pick_op(&values, rng);
    Cage { op, target, cells }
}

/// The value of `op` on digits, when they fit it.
fn value(op: Op, values: &[u64]) -> Option<u64> {
    match (op, values) {
        (Op::Add, _) => Some(values.iter().sum()),
        (Op::Mul, _) => values.iter().try_fold(1u64, |p, &v| p.checked_mul(v)),
        (Op::Sub, [a, b]) => Some(a.abs_diff(*b)),
        (Op::Div, [a, b]) => {
            let (big, small) = (*a.max(b), *a.min(b));
            (big % small == 0).then(|| big / small)
        }
        _ => None,
    }
}

fn make_unique(
    n: usize,
    square: &[u8],
    cages: &mut Vec<Cage>,
    rng: &mut fastrand::Rng,
) -> Option<KenKen> {
    for _step in 0..4 * n * n {
        let p = KenKen::new(n, cages.clone()).ok()?;
        let report = solve::solve(&p, Mode::Unique, None).ok()?;
        match report.verdict {
            Verdict::Unique => return Some(p),
            Verdict::Multiple => {}
            _ => return None,
        }
        let other = report.solutions.iter().find(|s| s.cells() != square)?;
        let mut differing: Vec<usize> =
            (0..n * n).filter(|&i| other.cells()[i] != square[i]).collect();
        rng.shuffle(&mut differing);
        let cell = *differing.first()?;
        let k = cages.iter().position(|c| c.cells.contains(&cell))?;
        let planted: Vec<u64> = cages[k].cells.iter().map(|&c| square[c] as u64).collect();
        let theirs: Vec<u64> = cages[k].cells.iter().map(|&c| other.cells()[c] as u64).collect();
        let mut ops: Vec<Op> = if planted.len() == 2 {
            vec![Op::Div, Op::Sub, Op::Mul, Op::Add]
        } else {
            vec![Op::Mul, Op::Add]
        };
        rng.shuffle(&mut ops);
        let better = ops
            .into_iter()
            .find(|&op| value(op, &planted).is_some_and(|v| value(op, &theirs) != Some(v)));
        match better {
            Some(op) => {
                cages[k].op = op;
                cages[k].target = value(op, &planted)?;
            }
            None => {
                // Split the differing cell off as a given (within the cap); the rest falls into
                // connected pieces.
                if cages.iter().filter(|c| c.cells.len() == 1).count() >= max_givens(n) {
                    return None;
                }
                let rest: Vec<usize> =
                    cages[k].cells.iter().copied().filter(|&c| c != cell).collect();
                cages.remove(k);
                cages.push(Cage { op: Op::Given, target: square[cell] as u64, cells: vec![cell] });
                for piece in pieces(n, &rest) {
                    cages.push(cage_for(piece, square, rng));
                }
            }
        }
    }
    None
}
