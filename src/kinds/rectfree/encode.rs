//! SAT encodings: the direct one-hot encoding (with optional symmetry breaking) and the
//! rotation-symmetric encoding for square grids with four colours.

use super::model::RectFree;
use crate::sat::{Cnf, Lit};

/// The direct encoding's variables: `x[cell][k]` is true when the cell has colour k.
#[derive(Debug, Clone)]
pub struct Direct {
    /// One literal per cell (row-major) and colour.
    pub x: Vec<Vec<Lit>>,
}

/// The direct encoding: every cell exactly one colour, fixed cells kept, and for every pair of
/// rows, pair of columns and colour, not all four corners of that colour.
pub fn direct(p: &RectFree, cnf: &mut Cnf) -> Direct {
    let (rows, cols, k) = (p.rows(), p.cols(), p.colours());
    let x: Vec<Vec<Lit>> = (0..rows * cols).map(|_| cnf.fresh_n(k)).collect();
    for (i, lits) in x.iter().enumerate() {
        cnf.exactly_one(lits);
        if let Some(f) = p.fixed()[i] {
            cnf.unit(lits[f as usize]);
        }
    }
    for r1 in 0..rows {
        for r2 in r1 + 1..rows {
            for c1 in 0..cols {
                for c2 in c1 + 1..cols {
                    for colour in 0..k {
                        let corner = |r: usize, c: usize| !x[r * cols + c][colour];
                        cnf.clause([
                            corner(r1, c1),
                            corner(r1, c2),
                            corner(r2, c1),
                            corner(r2, c2),
                        ]);
                    }
                }
            }
        }
    }
    Direct { x }
}

/// `a >=lex b` (true above false, first position most significant), with prefix-equality
/// helper variables that are only ever forced true.
fn lex_geq(cnf: &mut Cnf, a: &[Lit], b: &[Lit]) {
    let mut equal: Option<Lit> = None;
    for (i, (&ai, &bi)) in a.iter().zip(b).enumerate() {
        let guard: Vec<Lit> = equal.map(|e| vec![!e]).unwrap_or_default();
        cnf.clause(guard.iter().copied().chain([ai, !bi]));
        if i + 1 < a.len() {
            let next = cnf.fresh();
            cnf.clause(guard.iter().copied().chain([!ai, !bi, next]));
            cnf.clause(guard.iter().copied().chain([ai, bi, next]));
            equal = Some(next);
        }
    }
}

/// Symmetry breaking for tasks without fixed cells, sound together: the colour-0 cells are in
/// double-lexicographic order (rows and columns each non-increasing as bit vectors, which any
/// 0/1 matrix reaches by permuting rows and columns), and colours 1.. first appear in reading
/// order (colour k >= 2 only after colour k - 1), which relabelling colours 1.. reaches without
/// touching colour 0.
pub fn break_symmetry(p: &RectFree, cnf: &mut Cnf, v: &Direct) {
    if p.has_fixed() {
        return;
    }
    let (rows, cols, k) = (p.rows(), p.cols(), p.colours());
    let zero = |r: usize, c: usize| v.x[r * cols + c][0];
    for r in 0..rows.saturating_sub(1) {
        let a: Vec<Lit> = (0..cols).map(|c| zero(r, c)).collect();
        let b: Vec<Lit> = (0..cols).map(|c| zero(r + 1, c)).collect();
        lex_geq(cnf, &a, &b);
    }
    for c in 0..cols.saturating_sub(1) {
        let a: Vec<Lit> = (0..rows).map(|r| zero(r, c)).collect();
        let b: Vec<Lit> = (0..rows).map(|r| zero(r, c + 1)).collect();
        lex_geq(cnf, &a, &b);
    }
    if k <= 2 {
        return;
    }
    // seen[k]: colour k occurs in the cells so far (true only when it does).
    let mut seen: Vec<Option<Lit>> = vec![None; k];
    for cell in &v.x {
        for colour in 2..k {
            match seen[colour - 1] {
                Some(s) => cnf.implies(cell[colour], s),
                None => cnf.unit(!cell[colour]),
            }
        }
        for colour in 1..k - 1 {
            let s = cnf.fresh();
            cnf.clause([!s, cell[colour]].into_iter().chain(seen[colour]));
            seen[colour] = Some(s);
        }
    }
}

/// The rotation orbits of an n x n grid: each four cells `q, rot q, rot² q, rot³ q` with
/// `rot (r, c) = (c, n - 1 - r)` (a quarter turn), as cell indices; the centre of an odd grid
/// is its own orbit and is returned apart.
pub fn orbits(n: usize) -> (Vec<[usize; 4]>, Option<usize>) {
    let rot = |i: usize| {
        let (r, c) = (i / n, i % n);
        c * n + (n - 1 - r)
    };
    let mut seen = vec![false; n * n];
    let centre = (n % 2 == 1).then(|| (n / 2) * n + n / 2);
    let mut out = Vec::new();
    for i in 0..n * n {
        if seen[i] || Some(i) == centre {
            continue;
        }
        let o = [i, rot(i), rot(rot(i)), rot(rot(rot(i)))];
        o.iter().for_each(|&j| seen[j] = true);
        out.push(o);
    }
    (out, centre)
}

/// The rotation-symmetric encoding's variables.
#[derive(Debug, Clone)]
pub struct Rotation {
    /// The orbits, as in [`orbits`].
    pub orbits: Vec<[usize; 4]>,
    /// The centre cell of an odd grid (always colour 0).
    pub centre: Option<usize>,
    /// `y[o][t]`: colour 0 takes cell `orbits[o][t]`; then `orbits[o][(t + k) % 4]` has colour k.
    pub y: Vec<[Lit; 4]>,
}

/// The rotation-symmetric encoding of a square grid with four colours: colour 0 takes exactly
/// one cell of every orbit (and the centre), colour k is colour 0 turned k quarter turns, so
/// the colours partition the grid and only colour 0 must be rectangle-free.
pub fn rotation(p: &RectFree, cnf: &mut Cnf) -> Rotation {
    let n = p.rows();
    let (orbits, centre) = orbits(n);
    let y: Vec<[Lit; 4]> = orbits
        .iter()
        .map(|_| {
            let v = cnf.fresh_n(4);
            cnf.exactly_one(&v);
            [v[0], v[1], v[2], v[3]]
        })
        .collect();
    let mut lit_of: Vec<Option<Lit>> = vec![None; n * n];
    for (o, cells) in orbits.iter().enumerate() {
        for (t, &cell) in cells.iter().enumerate() {
            lit_of[cell] = Some(y[o][t]);
        }
    }
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            for c1 in 0..n {
                for c2 in c1 + 1..n {
                    // The centre is always in colour 0, so it drops out of the clause.
                    let clause: Vec<Lit> = [(r1, c1), (r1, c2), (r2, c1), (r2, c2)]
                        .iter()
                        .filter_map(|&(r, c)| lit_of[r * n + c].map(|l| !l))
                        .collect();
                    cnf.clause(clause);
                }
            }
        }
    }
    Rotation { orbits, centre, y }
}

/// The colouring a choice per orbit stands for (`choice[o]` = the cell index within orbit o
/// that colour 0 takes).
pub fn rotation_grid(
    n: usize,
    orbits: &[[usize; 4]],
    centre: Option<usize>,
    choice: &[usize],
) -> Vec<u8> {
    let mut cells = vec![0u8; n * n];
    for (o, cells_o) in orbits.iter().enumerate() {
        for (j, &cell) in cells_o.iter().enumerate() {
            cells[cell] = ((j + 4 - choice[o] % 4) % 4) as u8;
        }
    }
    if let Some(c) = centre {
        cells[c] = 0;
    }
    cells
}
