//! A board's inner lines as SVG path data, one stroke per edge, as Tatham and puzz.link draw
//! theirs: thin grid lines, and thick walls (cage and region borders) drawn on top with square
//! caps, so lines meet cleanly instead of as CSS borders of two colours joined at a diagonal.
//!
//! Coordinates are [`UNIT`] per cell (the SVG's viewBox is `cols * UNIT` by `rows * UNIT`), so
//! the lines scale with the board; the frame around the board is the board's own border.

/// Length of a cell's side in the path data.
pub const UNIT: usize = 100;

/// The two paths of a board's inner lines.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Lines {
    /// The thin grid lines: every inner edge that is not a wall.
    pub thin: String,
    /// The walls: every inner edge between cells of different cages or regions.
    pub walls: String,
}

/// The inner lines of a `rows` x `cols` board whose cells belong to the groups `group(i)` (cell
/// `i` in reading order): an edge between two cells of different groups is a wall.
pub fn lines<T: PartialEq>(rows: usize, cols: usize, group: impl Fn(usize) -> T) -> Lines {
    lines_by(
        rows,
        cols,
        |r, c| group((r - 1) * cols + c) != group(r * cols + c),
        |r, c| group(r * cols + c - 1) != group(r * cols + c),
    )
}

/// The inner lines of a `rows` x `cols` board where `above(r, c)` says whether the edge above
/// cell (r, c) is a wall (r >= 1) and `left(r, c)` the edge left of it (c >= 1). Collinear edges
/// of one kind are joined into one segment, so a line is one stroke from end to end.
pub fn lines_by(
    rows: usize,
    cols: usize,
    above: impl Fn(usize, usize) -> bool,
    left: impl Fn(usize, usize) -> bool,
) -> Lines {
    let mut out = Lines::default();
    for r in 1..rows {
        runs(
            cols,
            |c| above(r, c),
            |wall, from, to| {
                let d = if wall { &mut out.walls } else { &mut out.thin };
                d.push_str(&format!("M{} {}H{}", from * UNIT, r * UNIT, to * UNIT));
            },
        );
    }
    for c in 1..cols {
        runs(
            rows,
            |r| left(r, c),
            |wall, from, to| {
                let d = if wall { &mut out.walls } else { &mut out.thin };
                d.push_str(&format!("M{} {}V{}", c * UNIT, from * UNIT, to * UNIT));
            },
        );
    }
    out
}

/// Splits the `len` edges of one line into runs of equal `is_wall`, giving each run's kind and
/// its span `[from, to)` in cells to `emit`.
fn runs(len: usize, is_wall: impl Fn(usize) -> bool, mut emit: impl FnMut(bool, usize, usize)) {
    let mut start = 0;
    while start < len {
        let wall = is_wall(start);
        let mut end = start + 1;
        while end < len && is_wall(end) == wall {
            end += 1;
        }
        emit(wall, start, end);
        start = end;
    }
}

/// The SVG viewBox of a `rows` x `cols` board.
pub fn view_box(rows: usize, cols: usize) -> String {
    format!("0 0 {} {}", cols * UNIT, rows * UNIT)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The unit edges a path covers, as ((x1, y1), (x2, y2)) in cells, read back from its text.
    fn edges(path: &str) -> Vec<((usize, usize), (usize, usize))> {
        let mut out = Vec::new();
        for seg in path.split('M').filter(|s| !s.is_empty()) {
            let (start, rest) = seg.split_at(seg.find(['H', 'V']).expect("a segment has H or V"));
            let mut xy = start.split(' ').map(|v| v.parse::<usize>().unwrap() / UNIT);
            let (x, y) = (xy.next().unwrap(), xy.next().unwrap());
            let to = rest[1..].parse::<usize>().unwrap() / UNIT;
            if rest.starts_with('H') {
                out.extend((x..to).map(|a| ((a, y), (a + 1, y))));
            } else {
                out.extend((y..to).map(|b| ((x, b), (x, b + 1))));
            }
        }
        out.sort();
        out
    }

    /// Every inner edge, brute force: (edge, is a wall).
    fn naive(
        rows: usize,
        cols: usize,
        g: &[u8],
    ) -> (Vec<((usize, usize), (usize, usize))>, Vec<((usize, usize), (usize, usize))>) {
        let (mut thin, mut walls) = (Vec::new(), Vec::new());
        for r in 0..rows {
            for c in 0..cols {
                if r > 0 {
                    let e = ((c, r), (c + 1, r));
                    if g[(r - 1) * cols + c] != g[r * cols + c] {
                        walls.push(e)
                    } else {
                        thin.push(e)
                    }
                }
                if c > 0 {
                    let e = ((c, r), (c, r + 1));
                    if g[r * cols + c - 1] != g[r * cols + c] {
                        walls.push(e)
                    } else {
                        thin.push(e)
                    }
                }
            }
        }
        thin.sort();
        walls.sort();
        (thin, walls)
    }

    #[test]
    fn every_inner_edge_is_drawn_once_as_what_it_is() {
        let mut seed = 11u64;
        for (rows, cols) in [(1, 1), (1, 4), (3, 1), (2, 2), (5, 5), (4, 7), (9, 6)] {
            for _ in 0..20 {
                let g: Vec<u8> = (0..rows * cols)
                    .map(|_| {
                        seed = seed
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        (seed >> 61) as u8
                    })
                    .collect();
                let l = lines(rows, cols, |i| g[i]);
                let (thin, walls) = naive(rows, cols, &g);
                assert_eq!(edges(&l.thin), thin, "{rows}x{cols} {g:?}");
                assert_eq!(edges(&l.walls), walls, "{rows}x{cols} {g:?}");
            }
        }
    }

    #[test]
    fn walls_every_fifth_line() {
        // A nonogram's rules: thick every 5 cells.
        let l = lines_by(10, 10, |r, _| r % 5 == 0, |_, c| c % 5 == 0);
        assert_eq!(l.walls, "M0 500H1000M500 0V1000");
        assert_eq!(l.thin.matches('M').count(), 16);
    }

    #[test]
    fn collinear_edges_are_one_stroke() {
        // Two regions split by a straight wall: one wall stroke, and each thin line one stroke.
        let l = lines(3, 4, |i| (i % 4) < 2);
        assert_eq!(l.walls, "M200 0V300");
        assert_eq!(l.thin.matches('M').count(), 2 + 2);
        assert_eq!(view_box(3, 4), "0 0 400 300");
    }
}
