//! The SAT phase's band-of-blocks clauses and grouped encoding keep exactly the brute-force
//! answers.

use super::*;

/// The SAT phase's implied band-of-blocks clauses keep every answer and add none: the plain
/// encoding plus those clauses has exactly the brute-force answers, on sizes where they apply
/// (5x5 and 4x4 with one star, 9x9 with two: ⌈n/2⌉ or the shifted cut is 2k + 1).
#[test]
fn band_block_clauses_keep_exactly_the_brute_force_answers() {
    use studio::kinds::starbattle::{encode, solve};
    use studio::sat::{Cnf, Solver};
    let mut rng = fastrand::Rng::with_seed(23);
    let mut with_answers = 0;
    for (n, k, rounds) in [(4, 1, 60), (5, 1, 80), (9, 2, 3)] {
        for _ in 0..rounds {
            let regions = random_regions(n, &mut rng);
            let mut expected = brute_solutions(&regions, k);
            let puzzle = StarBattle::new(regions, k).unwrap();
            let mut cnf = Cnf::new();
            let x = encode::encode(&puzzle, &mut cnf);
            let plain = cnf.n_clauses();
            solve::band_blocks(&puzzle, &x, &mut cnf);
            assert!(cnf.n_clauses() > plain, "{n}x{n}, {k}: the clauses apply at this size");
            let mut solver = Solver::new(&cnf);
            let mut found = Vec::new();
            while let Some(m) = solver.solve().unwrap() {
                found.push(x.iter().map(|&l| m.value(l)).collect::<Vec<bool>>());
                solver.block(&m, &x);
                assert!(found.len() <= 10_000);
            }
            found.sort();
            expected.sort();
            assert_eq!(
                found,
                expected,
                "{n}x{n}, {k} star(s): {:?}",
                formats::region_rows(&puzzle)
            );
            with_answers += usize::from(!expected.is_empty());
        }
    }
    assert!(with_answers > 10, "the random instances include solvable ones ({with_answers})");
}

/// The SAT phase's grouped encoding has exactly the brute-force answers: with no cell known
/// empty, and with random cells known empty (left out of the groups and added as units; the
/// brute-force answers are then those with no star there). Sizes where regions have one to
/// many groups and where the band clauses join in (5x5 and 9x9).
#[test]
fn grouped_encoding_keeps_exactly_the_brute_force_answers() {
    use studio::kinds::starbattle::{encode, solve};
    use studio::sat::{Cnf, Solver};
    let mut rng = fastrand::Rng::with_seed(32);
    let (mut with_answers, mut with_empties) = (0, 0);
    for (n, k, rounds) in [(3, 1, 30), (4, 1, 60), (5, 1, 80), (6, 1, 40), (8, 2, 4), (9, 2, 3)] {
        for round in 0..rounds {
            let regions = random_regions(n, &mut rng);
            let all = brute_solutions(&regions, k);
            let puzzle = StarBattle::new(regions, k).unwrap();
            // Every other round, some cells known empty: a third of the cells no answer uses
            // (when there is an answer, cells off its stars; else any).
            let mut empty = vec![false; n * n];
            if round % 2 == 1 {
                for i in 0..n * n {
                    if rng.usize(..3) == 0 && all.first().is_none_or(|a| !a[i]) {
                        empty[i] = true;
                    }
                }
            }
            let mut expected: Vec<Vec<bool>> =
                all.into_iter().filter(|a| (0..n * n).all(|i| !(empty[i] && a[i]))).collect();
            let mut cnf = Cnf::new();
            let x = encode::encode_grouped(&puzzle, &empty, &mut cnf);
            solve::band_blocks(&puzzle, &x, &mut cnf);
            for i in 0..n * n {
                if empty[i] {
                    cnf.unit(!x[i]);
                }
            }
            let mut solver = Solver::new(&cnf);
            let mut found = Vec::new();
            while let Some(m) = solver.solve().unwrap() {
                found.push(x.iter().map(|&l| m.value(l)).collect::<Vec<bool>>());
                solver.block(&m, &x);
                assert!(found.len() <= 10_000);
            }
            found.sort();
            expected.sort();
            assert_eq!(
                found,
                expected,
                "{n}x{n}, {k} star(s), empty {empty:?}: {:?}",
                formats::region_rows(&puzzle)
            );
            with_answers += usize::from(!expected.is_empty());
            with_empties += usize::from(!expected.is_empty() && empty.contains(&true));
        }
    }
    assert!(with_answers > 10 && with_empties > 5, "the random instances include solvable ones ({with_answers}, {with_empties} with empty cells)");
}

/// A region's cover: groups inside 2x2 boxes, every cell once, no more groups than a simple
/// count allows (a 2x3 block needs 2, a 4x4 block 4, a row of five cells 3).
#[test]
fn window_cover_partitions_into_few_boxes() {
    use studio::kinds::starbattle::encode::window_cover;
    let n = 9;
    let block = |r0: usize, c0: usize, h: usize, w: usize| -> Vec<usize> {
        (r0..r0 + h).flat_map(|r| (c0..c0 + w).map(move |c| r * n + c)).collect()
    };
    for (cells, want) in [
        (block(1, 1, 2, 3), 2),
        (block(0, 0, 4, 4), 4),
        (block(3, 2, 1, 5), 3),
        (block(0, 8, 3, 1), 2),
        (vec![0, 10, 20, 30], 2),
    ] {
        let cover = window_cover(n, &cells);
        assert_eq!(cover.len(), want, "{cells:?}: {cover:?}");
        let mut seen: Vec<usize> = cover.concat();
        seen.sort();
        let mut sorted = cells.clone();
        sorted.sort();
        assert_eq!(seen, sorted);
        for g in &cover {
            let (rs, cs): (Vec<usize>, Vec<usize>) = g.iter().map(|&i| (i / n, i % n)).unzip();
            assert!(
                rs.iter().max().unwrap() - rs.iter().min().unwrap() <= 1
                    && cs.iter().max().unwrap() - cs.iter().min().unwrap() <= 1,
                "{g:?}"
            );
        }
    }
}
