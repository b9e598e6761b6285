//! The nonogram search engines and the line theory, against brute force and enumeration.

use super::*;

// ---------------------------------------------------------------- the search engines and the line theory

#[test]
fn every_search_and_seed_counts_like_brute_force() {
    use studio::kinds::nonogram::solve::{solve_with, Search, SolveOptions};
    let configs = [
        SolveOptions { search: Search::Varisat, seed: 5, without_implications: false },
        SolveOptions { search: Search::Varisat, seed: 0, without_implications: true },
        SolveOptions { search: Search::Batsat, seed: 0, without_implications: false },
        SolveOptions { search: Search::Batsat, seed: 0, without_implications: true },
        SolveOptions { search: Search::Batsat, seed: 9, without_implications: false },
        SolveOptions { search: Search::Lines, seed: 0, without_implications: false },
        SolveOptions { search: Search::Lines, seed: 4, without_implications: true },
    ];
    let mut rng = fastrand::Rng::with_seed(11);
    let mut searched = 0;
    for round in 0..250 {
        let (w, h) = (rng.usize(2..=5), rng.usize(2..=5));
        let density = 0.3 + rng.f32() * 0.4;
        let pic = random_picture(&mut rng, w, h, density);
        let (rows, mut cols) = clues(&pic, w, h);
        if round % 4 == 3 {
            let (_, c2) = clues(&random_picture(&mut rng, w, h, 0.5), w, h);
            if c2.iter().flatten().sum::<u32>() == rows.iter().flatten().sum::<u32>() {
                cols = c2;
            }
        }
        let expected = brute_count(&rows, &cols, &vec![None; w * h]);
        let p = Nonogram::new(rows.clone(), cols.clone()).unwrap();
        for options in configs {
            let report = solve_with(&p, Mode::Count(10_000), options, None).unwrap();
            assert_eq!(
                report.count,
                Some((expected, true)),
                "round {round} {options:?}: rows {rows:?} cols {cols:?}"
            );
            for s in &report.solutions {
                assert!(p.verify(s).is_ok());
            }
            let unique = solve_with(&p, Mode::Unique, options, None).unwrap();
            let want = [Verdict::None, Verdict::Unique, Verdict::Multiple][expected.min(2)];
            assert_eq!(unique.verdict, want, "round {round} {options:?}");
            searched += usize::from(report.stats.solves > 0);
        }
    }
    assert!(searched > 100, "the search ran, not only line logic: {searched}");
}

/// Every line of length `n` whose runs are `clue`.
fn placements(clue: &[u32], n: usize) -> Vec<Vec<bool>> {
    (0..1u32 << n).map(|v| bits(v, n)).filter(|cells| runs_of(cells) == clue).collect()
}

#[test]
fn line_theory_reasons_are_implied_by_the_clue() {
    use studio::kinds::nonogram::cdcl::reason;
    let mut rng = fastrand::Rng::with_seed(5);
    let mut solver = LineSolver::new();
    let (mut buf, mut out) = (Vec::new(), Vec::new());
    let (mut deductions, mut conflicts, mut shrunk) = (0, 0, 0);
    for _ in 0..3000 {
        let n = rng.usize(1..=10);
        let truth: Vec<bool> = (0..n).map(|_| rng.bool()).collect();
        let clue = runs_of(&truth);
        let all = placements(&clue, n);
        // Known cells: from the truth (consistent) or at random (often infeasible).
        let random = rng.bool();
        let line: Vec<Cell> = (0..n)
            .map(|q| {
                if rng.f32() < 0.4 {
                    Cell::known(if random { rng.bool() } else { truth[q] })
                } else {
                    Cell::Unknown
                }
            })
            .collect();
        let agrees = |cells: &[bool], keep: &[bool]| {
            (0..n).all(|q| !keep[q] || cells[q] == (line[q] == Cell::Black))
        };
        out.clear();
        out.extend_from_slice(&line);
        if !solver.solve(&clue, &line, &mut out) {
            let keep = reason(&mut solver, &clue, &line, None, &mut buf);
            // The conflict clause: no placement agrees with the kept cells.
            assert!(
                all.iter().all(|c| !agrees(c, &keep)),
                "clue {clue:?} line {line:?} keep {keep:?}"
            );
            assert!((0..n).all(|q| !keep[q] || line[q] != Cell::Unknown));
            conflicts += 1;
            shrunk += usize::from(
                keep.iter().filter(|&&k| k).count()
                    < line.iter().filter(|&&c| c != Cell::Unknown).count(),
            );
            continue;
        }
        if !random {
            // The propagator never removes the true answer.
            assert!((0..n).all(|q| out[q] == Cell::Unknown || out[q] == Cell::known(truth[q])));
        }
        for q in 0..n {
            if out[q] != line[q] {
                let opposite = if out[q] == Cell::Black { Cell::White } else { Cell::Black };
                let keep = reason(&mut solver, &clue, &line, Some((q, opposite)), &mut buf);
                // The explaining clause: every placement that agrees with the kept cells has the deduced value.
                assert!(
                    all.iter().filter(|c| agrees(c, &keep)).all(|c| Cell::known(c[q]) == out[q]),
                    "clue {clue:?} line {line:?} cell {q}"
                );
                assert!(!keep[q] && (0..n).all(|r| !keep[r] || line[r] != Cell::Unknown));
                deductions += 1;
            }
        }
    }
    assert!(
        deductions > 500 && conflicts > 200 && shrunk > 50,
        "{deductions} deductions, {conflicts} conflicts, {shrunk} shrunk"
    );
}

#[test]
fn line_implications_hold_in_every_placement_of_their_line() {
    use studio::kinds::nonogram::encode::line_implications;
    use studio::sat::Cnf;
    let mut rng = fastrand::Rng::with_seed(21);
    let mut added = 0;
    for round in 0..300 {
        let (w, h) = (rng.usize(2..=9), rng.usize(2..=9));
        let density = 0.3 + rng.f32() * 0.4;
        let truth = random_picture(&mut rng, w, h, density);
        let (rows, cols) = clues(&truth, w, h);
        let p = Nonogram::new(rows.clone(), cols.clone()).unwrap();
        // Some cells known, always from the truth (as line logic leaves them).
        let known: Vec<Cell> = truth
            .iter()
            .map(|&b| if rng.f32() < 0.2 { Cell::known(b) } else { Cell::Unknown })
            .collect();
        let mut cnf = Cnf::new();
        let x = cnf.fresh_n(w * h);
        added += line_implications(&p, &known, &x, &mut cnf);
        let cell_of = |l: studio::sat::Lit| {
            x.iter().position(|&v| v.var() == l.var()).expect("a cell literal")
        };
        for clause in cnf.clauses() {
            assert!(clause.len() <= 2 && !clause.is_empty(), "round {round}: {clause:?}");
            let cells: Vec<usize> = clause.iter().map(|&l| cell_of(l)).collect();
            // Both cells in one line, and every placement of that line (the row or the column;
            // a unit may come from either) that agrees with what is known satisfies the clause.
            let mut lines: Vec<(Vec<usize>, &Vec<u32>)> = Vec::new();
            if cells.iter().all(|&c| c / w == cells[0] / w) {
                let r = cells[0] / w;
                lines.push(((0..w).map(|c| r * w + c).collect(), &rows[r]));
            }
            if cells.iter().all(|&c| c % w == cells[0] % w) {
                let c = cells[0] % w;
                lines.push(((0..h).map(|r| r * w + c).collect(), &cols[c]));
            }
            let implied_by = |line: &Vec<usize>, clue: &Vec<u32>| {
                let pos = |cell: usize| line.iter().position(|&i| i == cell).expect("in the line");
                placements(clue, line.len()).into_iter().all(|placement| {
                    let agrees = (0..line.len()).all(|q| {
                        known[line[q]] == Cell::Unknown
                            || known[line[q]] == Cell::known(placement[q])
                    });
                    !agrees || clause.iter().any(|&l| placement[pos(cell_of(l))] == l.is_positive())
                })
            };
            assert!(
                lines.iter().any(|(line, clue)| implied_by(line, clue)),
                "round {round}: clause {clause:?} is implied by no line through cells {cells:?}"
            );
        }
    }
    assert!(added > 1000, "only {added} clauses over all rounds");
}

#[test]
fn shuffled_formula_has_the_same_answers() {
    use studio::kinds::nonogram::encode::encode_with;
    use studio::kinds::nonogram::solve::shuffled;
    use studio::sat::{Cnf, Solver};
    let mut rng = fastrand::Rng::with_seed(8);
    for round in 0..60 {
        let (w, h) = (rng.usize(2..=4), rng.usize(2..=4));
        let (rows, cols) = clues(&random_picture(&mut rng, w, h, 0.5), w, h);
        let p = Nonogram::new(rows.clone(), cols.clone()).unwrap();
        let mut cnf = Cnf::new();
        let x = encode_with(&p, &p.start(), &mut cnf);
        let (s, y) = shuffled(&cnf, &x, round + 1);
        assert_eq!((s.n_vars(), s.n_clauses()), (cnf.n_vars(), cnf.n_clauses()));
        let answers = |cnf: &Cnf, x: &[studio::sat::Lit]| {
            let mut solver = Solver::new(cnf);
            let mut found = Vec::new();
            solver
                .enumerate(x, 10_000, |m| {
                    found.push(x.iter().map(|&l| m.value(l)).collect::<Vec<bool>>());
                    true
                })
                .unwrap();
            found.sort();
            found
        };
        let a = answers(&cnf, &x);
        assert_eq!(a, answers(&s, &y), "round {round}");
        assert_eq!(a.len(), brute_count(&rows, &cols, &vec![None; w * h]));
    }
}

/// The encoding alone (no line logic first, so the gap clauses carry every line): from random
/// partial knowledge, some of it wrong, its models over the cells are exactly the grids brute
/// force finds, on grids up to 6x6 (lines with up to three runs and empty lines).
#[test]
fn encoding_from_partial_knowledge_counts_like_brute_force() {
    use studio::kinds::nonogram::encode::encode_with;
    use studio::sat::{Cnf, Solver};
    let mut rng = fastrand::Rng::with_seed(21);
    let mut nonzero = 0;
    for round in 0..300 {
        let (w, h) = (rng.usize(1..=6), rng.usize(1..=6));
        let density = 0.2 + rng.f32() * 0.6;
        let pic = random_picture(&mut rng, w, h, density);
        let (rows, mut cols) = clues(&pic, w, h);
        if round % 5 == 4 {
            let (_, c2) = clues(&random_picture(&mut rng, w, h, 0.5), w, h);
            if c2.iter().flatten().sum::<u32>() == rows.iter().flatten().sum::<u32>() {
                cols = c2;
            }
        }
        let share = [0.0, 0.1, 0.3][round % 3];
        let givens: Vec<Option<bool>> =
            (0..w * h).map(|i| (rng.f32() < share).then(|| pic[i] ^ (rng.f32() < 0.1))).collect();
        let known: Vec<Cell> =
            givens.iter().map(|g| g.map_or(Cell::Unknown, Cell::known)).collect();
        let p = Nonogram::new(rows.clone(), cols.clone()).unwrap();
        let mut cnf = Cnf::new();
        let x = encode_with(&p, &known, &mut cnf);
        let mut solver = Solver::new(&cnf);
        let mut found = std::collections::HashSet::new();
        solver
            .enumerate(&x, 100_000, |m| {
                assert!(
                    found.insert(x.iter().map(|&l| m.value(l)).collect::<Vec<bool>>()),
                    "round {round}: a grid twice"
                );
                true
            })
            .unwrap();
        let expected = brute_count(&rows, &cols, &givens);
        assert_eq!(
            found.len(),
            expected,
            "round {round}: {w}x{h} rows {rows:?} cols {cols:?} givens {givens:?}"
        );
        for g in &found {
            let grid = Grid::from_cells(h, w, g.clone()).unwrap();
            assert!(
                p.verify(&grid).is_ok()
                    && givens.iter().zip(g).all(|(k, &v)| k.is_none_or(|k| k == v)),
                "round {round}"
            );
        }
        nonzero += usize::from(expected > 0);
    }
    assert!(nonzero > 100, "most rounds have answers: {nonzero}");
}

// ---------------------------------------------------------------- progress and stopping during line logic

/// A 200x200 random picture (70% black, seed 1) whose clues line logic alone solves, in some
/// 6,600 line solves (about 0.2 s natively in release): long enough to report progress.
fn line_solvable_200() -> (Nonogram, Vec<bool>) {
    let pic = random_picture(&mut fastrand::Rng::with_seed(1), 200, 200, 0.7);
    let (rows, cols) = clues(&pic, 200, 200);
    (Nonogram::new(rows, cols).unwrap(), pic)
}

#[test]
fn line_logic_reports_growing_known_cells_and_still_solves() {
    use std::cell::RefCell;
    use std::rc::Rc;
    use studio::kinds::nonogram::solve::solve;
    use studio::sat::{Monitor, Progress};
    let (p, pic) = line_solvable_200();
    let seen: Rc<RefCell<Vec<Progress>>> = Rc::default();
    let s = seen.clone();
    let monitor = Monitor::new(1.0, move |progress| {
        s.borrow_mut().push(progress);
        true
    });
    let report = solve(&p, Mode::Unique, Some(monitor)).unwrap();
    assert_eq!(report.verdict, Verdict::Unique);
    assert_eq!(
        report.rating.as_deref(),
        Some("line logic"),
        "the puzzle is line-solvable, so no SAT ran"
    );
    assert_eq!(report.solutions[0].cells(), &pic[..]);
    let seen = seen.borrow();
    assert!(seen.len() >= 2, "{} reports", seen.len());
    let known: Vec<u64> =
        seen.iter().map(|q| q.known.expect("line logic reports known cells").0).collect();
    assert!(
        seen.iter().all(|q| q.known.map(|k| k.1) == Some(40_000)),
        "every report counts all 40,000 cells"
    );
    assert!(known.windows(2).all(|k| k[0] <= k[1]), "never shrinks: {known:?}");
    assert!(
        known[0] < *known.last().unwrap() && *known.last().unwrap() < 40_000,
        "grows before the end: {known:?}"
    );
    assert!(
        seen.windows(2).all(|q| q[1].elapsed_ms - q[0].elapsed_ms >= 1.0),
        "at most one report per interval"
    );
}

#[test]
fn a_monitor_saying_stop_during_line_logic_stops_the_solve() {
    use std::cell::RefCell;
    use std::rc::Rc;
    use studio::kinds::nonogram::solve::{solve_with, Search, SolveOptions};
    use studio::puzzle::SolveError;
    use studio::sat::{Monitor, Progress};
    let (p, _) = line_solvable_200();
    for search in [Search::Varisat, Search::Batsat] {
        let seen: Rc<RefCell<Vec<Progress>>> = Rc::default();
        let s = seen.clone();
        let monitor = Monitor::new(0.0, move |progress| {
            s.borrow_mut().push(progress);
            false
        });
        let outcome = solve_with(
            &p,
            Mode::Unique,
            SolveOptions { search, ..Default::default() },
            Some(monitor),
        );
        assert!(
            matches!(outcome, Err(SolveError::Stopped)),
            "{search:?}: {:?}",
            outcome.map(|r| r.verdict)
        );
        let seen = seen.borrow();
        assert_eq!(seen.len(), 1, "{search:?}: asked once, then stopped");
        let (known, total) = seen[0].known.expect("stopped during line logic, before any SAT");
        assert!(known < total, "{search:?}: stopped before line logic finished");
    }
}
