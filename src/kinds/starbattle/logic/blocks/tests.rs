//! Tests of the 2x2 blocks rules.

use super::*;
use crate::grid::Grid;

/// A small xorshift generator, so the boards are the same on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, m: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % m as u64) as usize
    }
}

/// A window of the greedy cover as first written: the open cells it holds, as a list.
#[derive(Debug, Clone)]
struct ListWindow {
    r: usize,
    c: usize,
    cells: [usize; 4],
    len: usize,
}

/// The greedy cover as first written, over a list of cells in reading order: the reference
/// the cover on the rows' bits ([`State::windows`]) must match window for window.
fn windows_of(
    st: &State,
    unit: &[usize],
    need: usize,
    right: bool,
    out: &mut Vec<ListWindow>,
) -> usize {
    out.clear();
    // A set whose first and last rows are the same two columns side by side (a pair of
    // columns): its windows are put on those two columns.
    let n = st.b.n;
    let row_cols =
        |r: usize| -> Vec<usize> { unit.iter().filter(|&&i| i / n == r).map(|&i| i % n).collect() };
    let pair = match (unit.first(), unit.last()) {
        (Some(&f), Some(&l)) if f / n < l / n => {
            let (a, b) = (row_cols(f / n), row_cols(l / n));
            (a.len() == 2 && a[1] == a[0] + 1 && a == b).then_some(a[0])
        }
        _ => None,
    };
    for &i in unit {
        if st.cells[i] != Cell::Open {
            continue;
        }
        let (r, c) = st.b.at[i];
        let (r, c) = (r as usize, c as usize);
        if let Some(w) = out
            .iter_mut()
            .rev()
            .take_while(|w| w.r + 1 >= r)
            .find(|w| (r == w.r || r == w.r + 1) && (c == w.c || c == w.c + 1))
        {
            w.cells[w.len] = i;
            w.len += 1;
            continue;
        }
        if out.len() == need {
            return need + 1;
        }
        let c0 = match pair {
            Some(p) if p == c || p + 1 == c => p,
            _ if right && c > 0 => c - 1,
            _ => c,
        };
        out.push(ListWindow { r, c: c0, cells: [i, 0, 0, 0], len: 1 });
    }
    out.len()
}

/// The list windows as bits, to compare.
fn as_bits(n: usize, ws: &[ListWindow]) -> Vec<Window> {
    let bits = |w: &ListWindow, r: usize| {
        w.cells[..w.len].iter().filter(|&&i| i / n == r).fold(0u64, |x, &i| x | 1 << (i % n))
    };
    ws.iter().map(|w| Window { r: w.r, c: w.c, rows: [bits(w, w.r), bits(w, w.r + 1)] }).collect()
}

/// 2x2 blocks over a list of cells as first written (the windows as lists, the cells next
/// to a window found among the neighbours of its first cell): the reference for
/// [`State::block_count`].
fn block_count_of_cells(st: &State, cells: &[usize], need: usize, line: bool) -> R {
    let b = st.b;
    let n = b.n;
    let name = || "the set".to_string();
    if cells.iter().filter(|&&i| st.cells[i] == Cell::Open).count() > 4 * need {
        return Ok(None);
    }
    let mut ws = Vec::new();
    let mut found = false;
    let mut fewest = usize::MAX;
    for right in [false, true] {
        if right && line {
            break;
        }
        let len = windows_of(st, cells, need, right, &mut ws);
        fewest = fewest.min(len);
        if len == need {
            found = true;
            break;
        }
    }
    if fewest < need {
        let open = st.open_in(cells);
        return Err(st.broken(open, || format!("the open cells of {} fit in {fewest} 2x2 blocks of at most one star each, fewer than the {} they need", name(), stars_word(need))));
    }
    if !found {
        return Ok(None);
    }
    let mut changes: Vec<Change> = Vec::new();
    let seen = |changes: &[Change], i: usize| changes.iter().any(|c| c.0 == i);
    for w in ws.iter() {
        let open = &w.cells[..w.len];
        if open.len() == 1 {
            if !seen(&changes, open[0]) {
                changes.push((open[0], Cell::Star));
            }
            continue;
        }
        for &j in &b.nbrs[open[0]] {
            if st.cells[j] == Cell::Open
                && !open.contains(&j)
                && open.iter().all(|&o| b.adjacent(o, j))
                && !seen(&changes, j)
            {
                changes.push((j, Cell::Empty));
            }
        }
    }
    if changes.is_empty() {
        return Ok(None);
    }
    changes.sort_unstable_by_key(|c| c.0);
    let reasons = if st.words { st.open_in(cells) } else { vec![] };
    let mut d = st.deduction("2x2 blocks", BLOCKS, changes.clone(), reasons, || vec![name()], || {
        let stars: Vec<usize> = changes.iter().filter(|c| c.1 == Cell::Star).map(|c| c.0).collect();
        let empties: Vec<usize> = changes.iter().filter(|c| c.1 == Cell::Empty).map(|c| c.0).collect();
        let mut s = format!(
            "{} {} {}, and {} open cells fit into just {} 2x2 {} (drawn). A 2x2 block holds at most one star, so each block holds exactly one.",
            capitalise(&name()),
            "need",
            more_stars(need),
            "their",
            need,
            if need == 1 { "block" } else { "blocks" },
        );
        if !stars.is_empty() {
            s += &format!(" A block with a single open cell has its star there: {}.", cells_words(n, &stars));
        }
        if !empties.is_empty() {
            s += &format!(" A cell that touches every open cell of a block would touch that block's star, so it is empty: {}.", cells_words(n, &empties));
        }
        s
    });
    for w in ws.iter() {
        let mut cells = Vec::new();
        for rr in w.r..(w.r + 2).min(n) {
            for cc in w.c..(w.c + 2).min(n) {
                cells.push(rr * n + cc);
            }
        }
        d.figures.push(Figure { label: "2x2 block".into(), cells });
    }
    Ok(Some(d))
}

/// The same outcome of 2x2 blocks: the same deduction (words and figures too), or the
/// same broken rule, or nothing. Tallies the outcomes in `seen` (nothing, a deduction,
/// broken).
/// Holds one set's windows on bits ([`State::windows`], from the left and from the right)
/// and [`State::block_count`] to the cell-list references, for every need from 1 to 12;
/// `more(need, left, right)` then checks the set's own shortcut against the window counts.
fn agree_on_set(
    st: &State,
    cells: &[usize],
    (lo, hi, mask): (usize, usize, &dyn Fn(usize) -> u64),
    line: bool,
    what: &str,
    outcomes: &mut [usize; 3],
    mut more: impl FnMut(usize, usize, usize),
) {
    let n = st.b.n;
    let (mut ws, mut ws2) = (Vec::new(), Vec::new());
    for need in 1..=12 {
        let left = windows_of(st, cells, need, false, &mut ws);
        assert_eq!(st.windows(lo, hi, mask, need, false, &mut ws2), left, "{what}");
        assert_eq!(as_bits(n, &ws), ws2, "{what}");
        let right = windows_of(st, cells, need, true, &mut ws);
        assert_eq!(st.windows(lo, hi, mask, need, true, &mut ws2), right, "{what}");
        assert_eq!(as_bits(n, &ws), ws2, "{what} from the right");
        let name = || "the set".to_string();
        let mut count = |from: Option<bool>| {
            let set = (lo, hi, mask);
            st.block_count(set, need, "2x2 blocks", BLOCKS, &name, true, "", line, from, &mut ws2)
        };
        let found = count(None);
        let want = block_count_of_cells(st, cells, need, line);
        // Told the first cover that fits (as `first_fit` tells it), the same outcome.
        let from = match (left <= need, !line && right <= need) {
            (true, _) => Some(false),
            (false, true) => Some(true),
            _ => None,
        };
        if from.is_some() {
            let what = format!("{what} need {need}, from {from:?}");
            same(count(from), want.clone(), &what, &mut [0; 3]);
        }
        same(found, want, &format!("{what} need {need}"), outcomes);
        more(need, left, right);
    }
}

fn same(a: R, b: R, what: &str, seen: &mut [usize; 3]) {
    match (a, b) {
        (Ok(a), Ok(b)) => {
            seen[a.is_some() as usize] += 1;
            assert_eq!(a, b, "{what}")
        }
        (Err(a), Err(b)) => {
            seen[2] += 1;
            assert_eq!((a.cells, a.sentence), (b.cells, b.sentence), "{what}")
        }
        (a, b) => panic!("{what}: {a:?} against {b:?}"),
    }
}

/// A pair of columns whose open cells fit in as many windows as it needs stars only when the
/// windows sit on the pair: a window anchored at each row's first open cell reaches outside
/// it in rows 1 and 2 (from the left) or in row 4 (from the right). 10x10, 2 stars, the
/// regions the rows; open in columns 2 and 3 (1-based): row 1 column 3, row 2 column 2, row
/// 4 both, row 6 column 2, row 8 column 3. Four blocks for four stars: the lone cells of
/// rows 6 and 8 are stars. With an open cell in row 10 too, five blocks: nothing follows.
#[test]
fn a_pair_of_columns_is_covered_on_its_own_two_columns() {
    let n = 10;
    let labels: Vec<Option<u32>> = (0..n * n).map(|i| Some((i / n) as u32)).collect();
    let p = StarBattle::new(Grid::from_cells(n, n, labels).expect("10x10"), 2).expect("rows");
    let b = Board::new(&p);
    let at = |r: usize, c: usize| (r - 1) * n + c - 1;
    let open = [at(1, 3), at(2, 2), at(4, 2), at(4, 3), at(6, 2), at(8, 3)];
    let pair = b.units.len() + (n - 1) + 1; // columns 2 and 3
    for extra in [None, Some(at(10, 2))] {
        let mut cells = vec![Cell::Empty; n * n];
        for &i in open.iter().chain(extra.iter()) {
            cells[i] = Cell::Open;
        }
        let st = State::new(&b, cells, true);
        let found = st.blocks_in(pair, &mut Vec::new()).expect("not broken");
        match extra {
            None => {
                let d = found.expect("four blocks for four stars");
                assert_eq!(d.changes, vec![(at(6, 2), Cell::Star), (at(8, 3), Cell::Star)]);
                assert!(
                    d.sentence.starts_with("Columns 2 and 3 need 4 more stars"),
                    "{}",
                    d.sentence
                );
                let blocks: Vec<&Vec<usize>> = d.figures.iter().map(|f| &f.cells).collect();
                assert!(blocks.contains(&&vec![at(1, 2), at(1, 3), at(2, 2), at(2, 3)]));
            }
            Some(_) => assert!(found.is_none(), "five blocks for four stars: {found:?}"),
        }
    }
}

/// Random boards (scattered regions, a few cells outside every region) and random cells,
/// some reached by writes from an earlier state: the counts kept up to date are those
/// counted afresh; the cover on the rows' bits makes the same windows, holding the same
/// cells, as the cover over the unit's list of cells, and 2x2 blocks on bits find what they
/// found over the list (the same deduction, words and figures, or the same break); the quick
/// count on bits says "more windows than needed" exactly when that cover makes more, from
/// the left and (off a single line) from the right; and the neighbours rule names the first
/// star, in reading order, with an open or a star neighbour.
#[test]
fn bits_agree_with_the_cells() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut outcomes = [0usize; 3];
    for round in 0..300 {
        let n = 4 + rng.below(22);
        let labels: Vec<Option<u32>> = (0..n * n)
            .map(|i| match i {
                i if i < n => Some(i as u32),
                _ if rng.below(30) == 0 => None,
                _ => Some(rng.below(n) as u32),
            })
            .collect();
        let grid = Grid::from_cells(n, n, labels).expect("n by n");
        let p = StarBattle::new(grid, 1 + rng.below(6)).expect("n regions");
        let b = Board::new(&p);
        let pick = |rng: &mut Rng| match rng.below(10) {
            0 | 1 => Cell::Star,
            2..=4 => Cell::Empty,
            _ => Cell::Open,
        };
        let mut cells = b.start();
        if round % 2 == 0 {
            for c in cells.iter_mut().filter(|c| **c == Cell::Open) {
                *c = pick(&mut rng);
            }
        }
        let mut st = State::new(&b, cells, true);
        if round % 2 == 1 {
            let changes: Vec<Change> = (0..n * n)
                .filter(|&i| st.cells[i] == Cell::Open)
                .map(|i| (i, pick(&mut rng)))
                .collect();
            st.write(&changes);
        }
        let fresh = State::new(&b, st.cells.clone(), false);
        assert_eq!((&st.open_rows, &st.star_rows), (&fresh.open_rows, &fresh.star_rows));
        assert_eq!((&st.stars, &st.open, &st.live), (&fresh.stars, &fresh.open, &fresh.live));
        let loud = st.loud.borrow().clone();
        assert_eq!(loud, st.star_rows, "no star checked yet: every star is loud");
        let sets = b.units.iter().enumerate().map(|(u, c)| (Some(u), None, c));
        let pairs = b.pairs.iter().enumerate().map(|(q, c)| (None, Some(q), c));
        for (u, q, unit) in sets.chain(pairs) {
            let line = u.is_some_and(|u| u < 2 * n);
            let (lo, hi, rows) = st.set_rows(u, q);
            let mask = |r| rows.mask(r);
            let open: Vec<usize> =
                unit.iter().copied().filter(|&i| st.cells[i] == Cell::Open).collect();
            assert_eq!(st.open_cells(lo, hi, &mask), open, "n {n} unit {u:?} pair {q:?}");
            let what = format!("n {n} unit {u:?} pair {q:?}");
            agree_on_set(&st, unit, (lo, hi, &mask), line, &what, &mut outcomes, |need, l, r| {
                let r = if line { need + 1 } else { r };
                let more = l > need && r > need;
                assert_eq!(st.more_windows(u, q, need), more, "{what}");
            });
        }
        // The bands of 2x2 blocks: the other cells of two or three lines, less some regions.
        for (by_col, m) in [(false, 2), (true, 2), (false, 3), (true, 3)] {
            let a = rng.below(n + 1 - m);
            let e = a + m - 1;
            let regs = (0..n).fold(0u64, |x, g| x | ((rng.below(3) == 0) as u64) << g);
            let line = |i: usize| if by_col { i % n } else { i / n };
            let rest: Vec<usize> = (0..n * n)
                .filter(|&i| (a..=e).contains(&line(i)))
                .filter(|&i| b.region[i].is_some_and(|g| regs >> g & 1 == 0))
                .collect();
            let (lo, hi, mask) = st.band_rows(by_col, a, e, regs);
            let open: Vec<usize> =
                rest.iter().copied().filter(|&i| st.cells[i] == Cell::Open).collect();
            assert_eq!(st.open_cells(lo, hi, &mask), open, "n {n} band");
            let what = format!("n {n} band");
            agree_on_set(&st, &rest, (lo, hi, &mask), false, &what, &mut outcomes, |need, l, r| {
                let more = l > need && r > need;
                assert_eq!(
                    st.more_windows_in(lo, hi, false, need, &mask).is_none(),
                    more,
                    "{what}"
                );
            });
        }
        let first = (0..n * n).find(|&i| {
            st.cells[i] == Cell::Star && b.nbrs[i].iter().any(|&j| st.cells[j] != Cell::Empty)
        });
        let found = match st.neighbours() {
            Ok(Some(d)) => Some(d.reasons[0]),
            Err(broken) => Some(broken.cells[0]),
            Ok(None) => None,
        };
        match (first, found) {
            (None, None) => {}
            (Some(i), Some(at)) => {
                // The star itself, or (two touching stars) the smaller of the two.
                let j = b.nbrs[i].iter().copied().find(|&j| st.cells[j] == Cell::Star);
                assert_eq!(at, j.map_or(i, |j| i.min(j)), "n {n}");
            }
            other => panic!("n {n}: the first star with a neighbour {other:?}"),
        }
    }
    // The random cells reach every outcome of 2x2 blocks many times.
    eprintln!("2x2 blocks: nothing, a deduction, broken: {outcomes:?}");
    assert!(outcomes.iter().all(|&c| c >= 100), "{outcomes:?}");
}
