//! Upper bounds on rectangle-free cell sets (Zarankiewicz numbers) and the "no colouring" proofs
//! they give.
//!
//! The counting bound is proven here, in the text it returns: in a rectangle-free set the pairs
//! of columns spanned inside different rows are different, so the rows' C(a, 2) sum to at most
//! C(cols, 2). The literature values are shown for information only; no verdict rests on them.

use super::model::RectFree;

/// The largest rectangle-free subsets of the n x n grid, z(n; 2) for n = 1..=21 (OEIS A072567;
/// Guy's table; 16..19 from Fenner, Gasarch, Glover and Purewal, "Rectangle free coloring of grids").
pub const KNOWN_SQUARE: [usize; 21] =
    [1, 3, 6, 9, 12, 16, 21, 24, 29, 34, 39, 45, 52, 56, 61, 67, 74, 81, 88, 96, 105];

/// The literature value z(n; 2) for an n x n grid, when known.
pub fn known_square(n: usize) -> Option<usize> {
    n.checked_sub(1).and_then(|i| KNOWN_SQUARE.get(i)).copied()
}

fn pairs(a: usize) -> usize {
    a * a.saturating_sub(1) / 2
}

/// The least Σ C(a_i, 2) for `e` cells over `rows` rows (spread as evenly as possible).
fn least_pairs(e: usize, rows: usize) -> usize {
    let (q, extra) = (e / rows, e % rows);
    extra * pairs(q + 1) + (rows - extra) * pairs(q)
}

/// The counting bound along rows: the most cells whose evenly spread column pairs still fit.
fn along(rows: usize, cols: usize) -> usize {
    let limit = pairs(cols);
    let mut e = 0;
    while e < rows * cols && least_pairs(e + 1, rows) <= limit {
        e += 1;
    }
    e
}

/// The counting upper bound on a rectangle-free subset of a `rows` x `cols` grid (the smaller of
/// the bounds along rows and along columns).
pub fn counting_bound(rows: usize, cols: usize) -> usize {
    along(rows, cols).min(along(cols, rows))
}

/// When the counting bound proves that `p` has no colouring: the proof, one sentence a line.
pub fn proves_none(p: &RectFree) -> Option<Vec<String>> {
    let (rows, cols, k) = (p.rows(), p.cols(), p.colours());
    let (by_rows, by_cols) = (along(rows, cols), along(cols, rows));
    let (b, lines, across, n_lines) = if by_rows <= by_cols {
        (by_rows, rows, cols, "rows")
    } else {
        (by_cols, cols, rows, "columns")
    };
    if k * b >= rows * cols {
        return None;
    }
    let other = if n_lines == "rows" { "columns" } else { "rows" };
    Some(vec![
        format!(
            "Counting bound: in one colour, two {n_lines} share at most one pair of {other} (a shared pair is a rectangle), so the pairs spanned in the {lines} {n_lines} number at most C({across}, 2) = {}.",
            pairs(across)
        ),
        format!(
            "{} cells spread as evenly as possible over {lines} {n_lines} span at least {} pairs, more than {}, so one colour holds at most {b} cells.",
            b + 1,
            least_pairs(b + 1, lines),
            pairs(across)
        ),
        format!("{k} colours cover at most {k} x {b} = {} cells, fewer than the {} cells of the grid: no colouring exists.", k * b, rows * cols),
    ])
}

/// What the page and the CLI say about the bounds for `p`, one sentence a line.
pub fn notes(p: &RectFree) -> Vec<String> {
    let (rows, cols, k) = (p.rows(), p.cols(), p.colours());
    let b = counting_bound(rows, cols);
    let mut out = vec![format!(
        "Counting bound: a rectangle-free colour class of {rows}x{cols} holds at most {b} cells; {k} colours need at least {} cells each on average.",
        (rows * cols).div_ceil(k)
    )];
    if rows == cols {
        if let Some(z) = known_square(rows) {
            let verdict = if k * z < rows * cols {
                "so no colouring exists".to_string()
            } else if k * z == rows * cols {
                "so every colour class must be a largest rectangle-free set".to_string()
            } else {
                format!("leaving {} cells to spare", k * z - rows * cols)
            };
            out.push(format!("Known exactly (literature): the largest rectangle-free subset of {rows}x{rows} holds {z} cells; {k} x {z} = {} against {} cells, {verdict}.", k * z, rows * cols));
        }
    }
    out
}
