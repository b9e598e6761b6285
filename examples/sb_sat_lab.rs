//! Star Battle SAT-phase laboratory: for each puzzle of a collection (any file `puzzle bench`
//! reads: KrazyDad lines, SBN lines, …) runs the logic phase, builds a formula, and times the
//! first solve and the uniqueness solve (the answer blocked), with varisat or batsat. Every
//! answer passes the checker and every second solve must be UNSAT.
//!
//! `cargo run --release --example sb_sat_lab FILE [varisat|batsat|cube]` (`cube`: varisat under
//! assumptions, one case for each way the region with the tightest box cover leaves its spare
//! groups empty, every answer of every case collected), with the formula chosen
//! by the letters of the environment variable `EXTRA` (the measurements in
//! `docs/design-notes.md`, "Star Battle solver", issue 32):
//! - none: the plain cell-counting [`encode::encode`] plus [`solve::band_blocks`] (the solver
//!   before issue 32); `G`: the solver's [`encode::encode_grouped`] instead;
//! - `own` with `R` and/or `L`: a local copy of the grouped idea (regions by one cover `R`,
//!   lines by pairs `L`; `2` lines also at the other offset, `3` a second region cover, `X`
//!   binary exclusions between the pair literals of neighbouring lines);
//! - on top of either: `r` region covers beside the cell counts, `l` line pairs beside them,
//!   `b` static confinement counts (a band of lines less the regions inside it, up to
//!   `BANDMAX` cells), `B` two-line bands as exact block groups in place of `band_blocks`,
//!   `S` the same with one literal per block shared by every band that has it, `U` covers of
//!   pairs of touching regions, `T` covers of the transposed regions.
//! `UNIQ=stars` blocks the answer by its stars only, `UNIQ=each` proves each star by an
//! assumption; `RESTART=N` sets varisat's restart unit (default 64); `DECIDE=cells` lets batsat
//! decide on cell variables only; `SHOW=1` prints sizes.

use batsat::{lbool, SolverInterface};
use studio::kinds::starbattle::{encode, formats, logic::Cell, solve, StarBattle};
use studio::puzzle::Puzzle;
use studio::sat::{Cnf, Lit, Solver};
use web_time::Instant;

/// A smallest (or, past the node budget, the best found) partition of `cells` (grid indices)
/// into groups each inside one 2x2 box.
fn window_cover(n: usize, cells: &[usize]) -> Vec<Vec<usize>> {
    fn rec(
        n: usize,
        left: &[usize],
        chosen: &mut Vec<Vec<usize>>,
        best: &mut Option<Vec<Vec<usize>>>,
        budget: &mut usize,
    ) {
        if *budget == 0 {
            return;
        }
        *budget -= 1;
        let Some(&first) = left.first() else {
            if best.as_ref().is_none_or(|b| chosen.len() < b.len()) {
                *best = Some(chosen.clone());
            }
            return;
        };
        if best.as_ref().is_some_and(|b| chosen.len() + 1 >= b.len()) {
            return;
        }
        let (r, c) = ((first / n) as i64, (first % n) as i64);
        // `first` is the first left cell in reading order: boxes with it in their top row.
        let mut options: Vec<Vec<usize>> = Vec::new();
        for (br, bc) in [(r, c), (r, c - 1)] {
            let group: Vec<usize> = left
                .iter()
                .copied()
                .filter(|&i| {
                    let (ir, ic) = ((i / n) as i64, (i % n) as i64);
                    ir >= br && ir <= br + 1 && ic >= bc && ic <= bc + 1
                })
                .collect();
            options.push(group);
        }
        options.sort_by_key(|g| std::cmp::Reverse(g.len()));
        for g in options {
            let rest: Vec<usize> = left.iter().copied().filter(|i| !g.contains(i)).collect();
            chosen.push(g);
            rec(n, &rest, chosen, best, budget);
            chosen.pop();
        }
    }
    let mut best = None;
    let mut budget = 20_000;
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    rec(n, &sorted, &mut Vec::new(), &mut best, &mut budget);
    best.unwrap_or_default()
}

/// Exactly k of the groups hold a star (each holds at most one): exact indicators and a count.
fn group_count(cnf: &mut Cnf, x: &[Lit], groups: &[Vec<usize>], k: usize) -> Vec<Lit> {
    let mut ind = Vec::new();
    for g in groups {
        if g.len() == 1 {
            ind.push(x[g[0]]);
            continue;
        }
        let v = cnf.fresh();
        let mut cl = vec![!v];
        for &i in g {
            cl.push(x[i]);
            cnf.clause([!x[i], v]);
        }
        cnf.clause(cl);
        ind.push(v);
    }
    cnf.exactly(&ind, k);
    ind
}

fn extra(p: &StarBattle, x: &[Lit], cnf: &mut Cnf, what: &str) {
    let n = p.rows();
    let k = p.stars();
    if what.contains('r') {
        let mut by: Vec<Vec<usize>> = vec![Vec::new(); p.n_regions()];
        for (i, g) in p.regions().cells().iter().enumerate() {
            if let Some(g) = g {
                by[*g as usize].push(i);
            }
        }
        for cells in &by {
            let cover = window_cover(n, cells);
            if std::env::var("SHOW").is_ok() {
                eprintln!("region {} cells -> {} groups", cells.len(), cover.len());
            }
            if cover.len() <= k + 3 {
                group_count(cnf, x, &cover, k);
            }
        }
    }
    if what.contains('b') {
        // Static confinement: in a band of consecutive rows (columns), the regions inside it
        // take 5 stars each; the cells of the band in the other regions hold the rest.
        let maxc: usize = std::env::var("BANDMAX").ok().and_then(|v| v.parse().ok()).unwrap_or(60);
        for by_col in [false, true] {
            let at = |line: usize, across: usize| {
                if by_col {
                    across * n + line
                } else {
                    line * n + across
                }
            };
            for a in 0..n {
                for b in a..n {
                    let mut inside = vec![true; p.n_regions()];
                    let mut present = vec![false; p.n_regions()];
                    for line in 0..n {
                        for across in 0..n {
                            if let Some(g) = p.regions().cells()[at(line, across)] {
                                if line < a || line > b {
                                    inside[g as usize] = false;
                                } else {
                                    present[g as usize] = true;
                                }
                            }
                        }
                    }
                    let n_in = (0..p.n_regions()).filter(|&g| inside[g] && present[g]).count();
                    if n_in == 0 {
                        continue;
                    }
                    let cells: Vec<Lit> = (a..=b)
                        .flat_map(|line| (0..n).map(move |across| (line, across)))
                        .filter(|&(l, c)| {
                            p.regions().cells()[at(l, c)].is_some_and(|g| !inside[g as usize])
                        })
                        .map(|(l, c)| x[at(l, c)])
                        .collect();
                    let want = k * (b - a + 1 - n_in);
                    if cells.len() <= maxc && cells.len() > want {
                        if std::env::var("SHOW").is_ok() {
                            eprintln!(
                                "band {a}-{b} col {by_col}: {} in, {} cells want {want}",
                                n_in,
                                cells.len()
                            );
                        }
                        cnf.exactly(&cells, want);
                    }
                }
            }
        }
    }
    if what.contains('l') {
        for r in 0..n {
            let groups: Vec<Vec<usize>> = (0..n)
                .step_by(2)
                .map(|c| (c..(c + 2).min(n)).map(|c| r * n + c).collect())
                .collect();
            group_count(cnf, x, &groups, k);
            let groups: Vec<Vec<usize>> = (0..n)
                .step_by(2)
                .map(|c| (c..(c + 2).min(n)).map(|c| c * n + r).collect())
                .collect();
            group_count(cnf, x, &groups, k);
        }
    }
}

/// The encoding with groups in place of cells: `R` regions by their window cover, `L` lines by pairs.
fn own_encode(p: &StarBattle, cnf: &mut Cnf, what: &str) -> Vec<Lit> {
    let n = p.rows();
    let k = p.stars();
    let x = cnf.fresh_n(n * n);
    let mut inds: [Vec<Vec<Lit>>; 2] = [Vec::new(), Vec::new()];
    for r in 0..n {
        let row: Vec<usize> = (0..n).map(|c| r * n + c).collect();
        let col: Vec<usize> = (0..n).map(|c| c * n + r).collect();
        for (dir, line) in [row, col].into_iter().enumerate() {
            if what.contains('L') {
                let groups: Vec<Vec<usize>> = line.chunks(2).map(|c| c.to_vec()).collect();
                inds[dir].push(group_count(cnf, &x, &groups, k));
                if what.contains('2') {
                    let mut groups: Vec<Vec<usize>> = vec![vec![line[0]]];
                    groups.extend(line[1..].chunks(2).map(|c| c.to_vec()));
                    group_count(cnf, &x, &groups, k);
                }
            } else {
                let lits: Vec<Lit> = line.iter().map(|&i| x[i]).collect();
                cnf.exactly(&lits, k);
            }
        }
    }
    if what.contains('X') && what.contains('L') {
        for dir in 0..2 {
            for r in 0..n - 1 {
                for j in 0..inds[dir][r].len() {
                    cnf.clause([!inds[dir][r][j], !inds[dir][r + 1][j]]);
                }
            }
        }
    }
    let mut by: Vec<Vec<usize>> = vec![Vec::new(); p.n_regions()];
    for (i, g) in p.regions().cells().iter().enumerate() {
        if let Some(g) = g {
            by[*g as usize].push(i);
        }
    }
    for cells in &by {
        if what.contains('R') {
            let cover = window_cover(n, cells);
            group_count(cnf, &x, &cover, k);
            if what.contains('3') {
                // A second cover, found from the other end (cells mirrored through the centre).
                let mirrored: Vec<usize> = cells.iter().map(|&i| n * n - 1 - i).collect();
                let other: Vec<Vec<usize>> = window_cover(n, &mirrored)
                    .into_iter()
                    .map(|g| g.into_iter().map(|i| n * n - 1 - i).collect())
                    .collect();
                let mut a: Vec<Vec<usize>> = cover
                    .iter()
                    .map(|g| {
                        let mut g = g.clone();
                        g.sort();
                        g
                    })
                    .collect();
                let mut b: Vec<Vec<usize>> = other
                    .iter()
                    .map(|g| {
                        let mut g = g.clone();
                        g.sort();
                        g
                    })
                    .collect();
                a.sort();
                b.sort();
                if a != b && other.len() <= cover.len() {
                    group_count(cnf, &x, &other, k);
                }
            }
        } else {
            let lits: Vec<Lit> = cells.iter().map(|&i| x[i]).collect();
            cnf.exactly(&lits, k);
        }
    }
    for r in 0..n - 1 {
        for c in 0..n - 1 {
            cnf.at_most_one(&[
                x[r * n + c],
                x[r * n + c + 1],
                x[(r + 1) * n + c],
                x[(r + 1) * n + c + 1],
            ]);
        }
    }
    x
}

fn cnf_of(p: &StarBattle) -> (Cnf, Vec<Lit>) {
    let rated = solve::rate(p);
    let mut cnf = Cnf::new();
    let what = std::env::var("EXTRA").unwrap_or_default();
    let empty: Vec<bool> =
        rated.cells.as_ref().unwrap().iter().map(|&c| c == Cell::Empty).collect();
    let x = if what.contains('G') {
        encode::encode_grouped(p, &empty, &mut cnf)
    } else if what.contains("own") {
        own_encode(p, &mut cnf, &what)
    } else {
        encode::encode(p, &mut cnf)
    };
    if what.contains('T') {
        let n = p.rows();
        let k = p.stars();
        let norm = |g: &Vec<Vec<usize>>| {
            let mut v: Vec<Vec<usize>> = g
                .iter()
                .map(|x| {
                    let mut x = x.clone();
                    x.sort();
                    x
                })
                .collect();
            v.sort();
            v
        };
        let mut by: Vec<Vec<usize>> = vec![Vec::new(); p.n_regions()];
        for (i, g) in p.regions().cells().iter().enumerate() {
            if let Some(g) = g {
                if !empty[i] {
                    by[*g as usize].push(i);
                }
            }
        }
        let tr = |i: usize| (i % n) * n + i / n;
        let turn = |i: usize| n * n - 1 - i;
        for cells in &by {
            if cells.len() > 64 {
                continue;
            }
            let a = encode::window_cover(n, cells);
            let b: Vec<Vec<usize>> =
                encode::window_cover(n, &cells.iter().map(|&i| turn(i)).collect::<Vec<_>>())
                    .into_iter()
                    .map(|g| g.into_iter().map(turn).collect())
                    .collect();
            let mut seen = vec![norm(&a)];
            if b.len() <= a.len() {
                seen.push(norm(&b));
            }
            for f in [0, 1] {
                let map = |i: usize| if f == 0 { tr(i) } else { turn(tr(i)) };
                let unmap = |i: usize| if f == 0 { tr(i) } else { tr(turn(i)) };
                let c: Vec<Vec<usize>> =
                    encode::window_cover(n, &cells.iter().map(|&i| map(i)).collect::<Vec<_>>())
                        .into_iter()
                        .map(|g| g.into_iter().map(unmap).collect())
                        .collect();
                if c.len() <= a.len() && !seen.contains(&norm(&c)) {
                    seen.push(norm(&c));
                    group_count(&mut cnf, &x, &c, k);
                }
            }
        }
    }
    if what.contains('U') {
        let n = p.rows();
        let reg = p.regions().cells();
        let mut by: Vec<Vec<usize>> = vec![Vec::new(); p.n_regions()];
        for (i, g) in reg.iter().enumerate() {
            if let Some(g) = g {
                if !empty[i] {
                    by[*g as usize].push(i);
                }
            }
        }
        let mut adj = std::collections::BTreeSet::new();
        for i in 0..n * n {
            let (r, c) = (i / n, i % n);
            for j in [
                if c + 1 < n { Some(i + 1) } else { None },
                if r + 1 < n { Some(i + n) } else { None },
            ]
            .into_iter()
            .flatten()
            {
                if let (Some(a), Some(b)) = (reg[i], reg[j]) {
                    if a != b {
                        adj.insert((a.min(b), a.max(b)));
                    }
                }
            }
        }
        let slack: usize = std::env::var("USLACK").ok().and_then(|v| v.parse().ok()).unwrap_or(2);
        let mut added = 0;
        for (a, b) in adj {
            let mut cells = by[a as usize].clone();
            cells.extend(&by[b as usize]);
            if cells.len() > 64 {
                continue;
            }
            let cover = encode::window_cover(n, &cells);
            let sa = encode::window_cover(n, &by[a as usize]).len();
            let sb = encode::window_cover(n, &by[b as usize]).len();
            if cover.len() < sa + sb && cover.len() <= 2 * p.stars() + slack {
                group_count(&mut cnf, &x, &cover, 2 * p.stars());
                added += 1;
            }
        }
        if std::env::var("SHOW").is_ok() {
            eprintln!("union covers added: {added}");
        }
    }
    if what.contains('S') {
        // Two-line bands as exact block groups whose literals are shared between every band
        // (and direction) that has the same block.
        let n = p.rows();
        let mut lit_of: std::collections::HashMap<Vec<usize>, Lit> =
            std::collections::HashMap::new();
        for by_col in [false, true] {
            let at = |line: usize, across: usize| {
                if by_col {
                    across * n + line
                } else {
                    line * n + across
                }
            };
            for a in 0..n - 1 {
                for offset in [0usize, 1] {
                    let starts = solve::block_starts(n, offset);
                    if starts.len() != 2 * p.stars() + 1 {
                        continue;
                    }
                    let mut lits = Vec::new();
                    for (j, &s0) in starts.iter().enumerate() {
                        let end = starts.get(j + 1).copied().unwrap_or(n);
                        let mut g: Vec<usize> =
                            (s0..end).flat_map(|c| [at(a, c), at(a + 1, c)]).collect();
                        g.sort_unstable();
                        let l = *lit_of.entry(g.clone()).or_insert_with(|| {
                            let v = cnf.fresh();
                            let mut cl = vec![!v];
                            for &i in &g {
                                cl.push(x[i]);
                                cnf.clause([!x[i], v]);
                            }
                            cnf.clause(cl);
                            v
                        });
                        lits.push(l);
                    }
                    cnf.exactly(&lits, 2 * p.stars());
                }
            }
        }
    } else if what.contains('B') {
        let n = p.rows();
        for by_col in [false, true] {
            let at = |line: usize, across: usize| {
                if by_col {
                    across * n + line
                } else {
                    line * n + across
                }
            };
            for a in 0..n - 1 {
                for offset in [0usize, 1] {
                    let starts = solve::block_starts(n, offset);
                    if starts.len() != 2 * p.stars() + 1 {
                        continue;
                    }
                    let groups: Vec<Vec<usize>> = starts
                        .iter()
                        .enumerate()
                        .map(|(j, &s0)| {
                            let end = starts.get(j + 1).copied().unwrap_or(n);
                            (s0..end).flat_map(|c| [at(a, c), at(a + 1, c)]).collect()
                        })
                        .collect();
                    group_count(&mut cnf, &x, &groups, 2 * p.stars());
                }
            }
        }
    } else {
        solve::band_blocks(p, &x, &mut cnf);
    }
    extra(p, &x, &mut cnf, &what);
    for (i, c) in rated.cells.unwrap().into_iter().enumerate() {
        match c {
            Cell::Star => cnf.unit(x[i]),
            Cell::Empty => cnf.unit(!x[i]),
            Cell::Open => {}
        }
    }
    (cnf, x)
}

fn bl(l: Lit) -> batsat::Lit {
    batsat::Lit::new(batsat::Var::unsafe_from_idx(l.index() as u32), l.is_positive())
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).unwrap();
    let which = args.get(2).map(String::as_str).unwrap_or("varisat");
    let entries = formats::read_collection(&text, &args[1]).unwrap();
    let mut times = Vec::new();
    for e in &entries {
        let p = &e.puzzle;
        let t0 = Instant::now();
        let (cnf, x) = cnf_of(p);
        let t1 = Instant::now();
        let (first, second);
        match which {
            "batsat" => {
                let mut s = batsat::BasicSolver::default();
                let cells_only = std::env::var("DECIDE").is_ok_and(|v| v == "cells");
                for v in 0..cnf.n_vars() {
                    if cells_only {
                        s.new_var(lbool::UNDEF, v < x.len());
                    } else {
                        s.new_var_default();
                    }
                }

                for c in cnf.clauses() {
                    let mut v: Vec<_> = c.iter().map(|&l| bl(l)).collect();
                    s.add_clause_reuse(&mut v);
                }
                assert_eq!(s.solve_limited(&[]), lbool::TRUE);
                let m = s.get_model().to_vec();
                let stars: Vec<bool> = x.iter().map(|l| m[l.index()] == lbool::TRUE).collect();
                let g = studio::grid::Grid::from_cells(p.rows(), p.cols(), stars.clone()).unwrap();
                p.verify(&g).unwrap();
                first = t1.elapsed().as_secs_f64() * 1e3;
                let t2 = Instant::now();
                let mut block: Vec<_> =
                    x.iter().zip(&stars).map(|(&l, &s)| bl(if s { !l } else { l })).collect();
                s.add_clause_reuse(&mut block);
                assert_eq!(s.solve_limited(&[]), lbool::FALSE);
                second = t2.elapsed().as_secs_f64() * 1e3;
            }
            "cube" => {
                // Cases on the region with the tightest cover: which of its groups are empty.
                let n = p.rows();
                let mut by: Vec<Vec<usize>> = vec![Vec::new(); p.n_regions()];
                for (i, g) in p.regions().cells().iter().enumerate() {
                    if let Some(g) = g {
                        by[*g as usize].push(i);
                    }
                }
                let covers: Vec<Vec<Vec<usize>>> =
                    by.iter().map(|c| encode::window_cover(n, c)).collect();
                let best = (0..covers.len())
                    .min_by_key(|&g| (covers[g].len() - p.stars(), covers[g].len()))
                    .unwrap();
                let cover = &covers[best];
                let slack = cover.len() - p.stars();
                let mut cases: Vec<Vec<usize>> = vec![vec![]];
                for _ in 0..slack {
                    cases = cases
                        .into_iter()
                        .flat_map(|c| {
                            let from = c.last().map_or(0, |&l| l + 1);
                            (from..cover.len()).map(move |j| {
                                let mut c = c.clone();
                                c.push(j);
                                c
                            })
                        })
                        .collect();
                }
                let mut s = Solver::new(&cnf);
                s.set_restart_scale(64);
                let mut found = 0;
                for case in &cases {
                    let mut assume: Vec<Lit> = Vec::new();
                    for (j, g) in cover.iter().enumerate() {
                        if case.contains(&j) {
                            assume.extend(g.iter().map(|&i| !x[i]));
                        }
                    }
                    while let Some(m) = s.solve_under(&assume).unwrap() {
                        let g = studio::grid::Grid::from_cells(
                            p.rows(),
                            p.cols(),
                            x.iter().map(|&l| m.value(l)).collect(),
                        )
                        .unwrap();
                        p.verify(&g).unwrap();
                        found += 1;
                        s.block(&m, &x);
                    }
                }
                assert_eq!(found, 1);
                first = t1.elapsed().as_secs_f64() * 1e3;
                second = cases.len() as f64;
            }
            _ => {
                let mut s = Solver::new(&cnf);
                s.set_restart_scale(
                    std::env::var("RESTART").ok().and_then(|v| v.parse().ok()).unwrap_or(64),
                );
                let m = s.solve().unwrap().unwrap();
                let g = studio::grid::Grid::from_cells(
                    p.rows(),
                    p.cols(),
                    x.iter().map(|&l| m.value(l)).collect(),
                )
                .unwrap();
                p.verify(&g).unwrap();
                first = t1.elapsed().as_secs_f64() * 1e3;
                let t2 = Instant::now();
                let uniq = std::env::var("UNIQ").unwrap_or_default();
                if uniq == "stars" {
                    let cl: Vec<Lit> = x.iter().filter(|&&l| m.value(l)).map(|&l| !l).collect();
                    s.add_clause(&cl);
                    assert!(s.solve().unwrap().is_none());
                } else if uniq == "each" {
                    for &l in x.iter().filter(|&&l| m.value(l)) {
                        assert!(s.solve_under(&[!l]).unwrap().is_none());
                        s.add_clause(&[l]);
                    }
                } else {
                    s.block(&m, &x);
                    assert!(s.solve().unwrap().is_none());
                }
                second = t2.elapsed().as_secs_f64() * 1e3;
            }
        }
        let logic = (t1 - t0).as_secs_f64() * 1e3;
        let total = t0.elapsed().as_secs_f64() * 1e3;
        println!("{} logic {logic:.1} first {first:.1} second {second:.1} total {total:.1}", e.id);
        times.push(total);
    }
    times.sort_by(f64::total_cmp);
    let n = times.len();
    println!(
        "{which}: n {n} median {:.1} p90 {:.1} max {:.1} total {:.0}",
        times[n / 2],
        times[(n * 9) / 10],
        times[n - 1],
        times.iter().sum::<f64>()
    );
}
