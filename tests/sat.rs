//! The SAT layer: cardinality encodings agree with brute-force counting; monitors stop work.

use studio::sat::{Cnf, Monitor, Outcome, Solver};

fn binomial(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

fn count_models(n: usize, build: impl Fn(&mut Cnf, &[studio::sat::Lit])) -> usize {
    let mut cnf = Cnf::new();
    let xs = cnf.fresh_n(n);
    build(&mut cnf, &xs);
    let mut solver = Solver::new(&cnf);
    solver.enumerate(&xs, 10_000, |_| true).unwrap()
}

#[test]
fn exactly_k_counts_equal_binomials() {
    for n in 0..=8 {
        for k in 0..=n + 1 {
            let got = count_models(n, |cnf, xs| cnf.exactly(xs, k));
            assert_eq!(got, binomial(n, k), "exactly {k} of {n}");
        }
    }
}

#[test]
fn at_most_and_at_least_counts_equal_sums_of_binomials() {
    for n in 0..=8 {
        for k in 0..=n + 1 {
            let at_most: usize = (0..=k.min(n)).map(|j| binomial(n, j)).sum();
            let at_least: usize = (k..=n).map(|j| binomial(n, j)).sum();
            assert_eq!(
                count_models(n, |cnf, xs| cnf.at_most(xs, k)),
                at_most,
                "at most {k} of {n}"
            );
            assert_eq!(
                count_models(n, |cnf, xs| cnf.at_least(xs, k)),
                at_least,
                "at least {k} of {n}"
            );
        }
    }
}

#[test]
fn outcome_tells_unique_multiple_and_none() {
    let mut cnf = Cnf::new();
    let xs = cnf.fresh_n(3);
    cnf.exactly(&xs, 3);
    assert!(matches!(Solver::new(&cnf).outcome(&xs).unwrap(), Outcome::Unique(_)));

    let mut cnf = Cnf::new();
    let xs = cnf.fresh_n(3);
    cnf.exactly(&xs, 1);
    match Solver::new(&cnf).outcome(&xs).unwrap() {
        Outcome::Multiple(a, b) => assert!(xs.iter().any(|&x| a.value(x) != b.value(x))),
        other => panic!("expected two solutions, got {other:?}"),
    }

    let mut cnf = Cnf::new();
    let xs = cnf.fresh_n(3);
    cnf.exactly(&xs, 4);
    assert_eq!(Solver::new(&cnf).outcome(&xs).unwrap(), Outcome::None);
}

/// Pigeonhole: `p` pigeons in `p - 1` holes, hard for CDCL.
fn pigeonhole(p: usize) -> Cnf {
    let mut cnf = Cnf::new();
    let x: Vec<Vec<_>> = (0..p).map(|_| cnf.fresh_n(p - 1)).collect();
    for row in &x {
        cnf.clause(row.iter().copied());
    }
    for h in 0..p - 1 {
        let col: Vec<_> = x.iter().map(|r| r[h]).collect();
        for i in 0..col.len() {
            for j in i + 1..col.len() {
                cnf.clause([!col[i], !col[j]]);
            }
        }
    }
    cnf
}

#[test]
fn a_monitor_reports_conflicts_and_stops_a_hard_solve() {
    let reports = std::rc::Rc::new(std::cell::Cell::new(0u32));
    let seen = reports.clone();
    let monitor = Monitor::new(20.0, move |p| {
        seen.set(seen.get() + 1);
        p.elapsed_ms < 300.0
    });
    let mut solver = Solver::with_monitor(&pigeonhole(12), monitor);
    assert!(solver.solve().is_err(), "pigeonhole 12 must not finish within 300 ms");
    let stats = solver.stats();
    assert!(stats.conflicts.unwrap() > 100, "conflicts were counted: {stats:?}");
    assert!(reports.get() >= 2, "the monitor was called during the solve");
    assert!(stats.elapsed_ms < 2000.0, "stopped promptly: {stats:?}");
    assert!(solver.solve().is_err(), "a stopped solver stays stopped");
}

#[test]
fn a_monitored_solver_answers_like_a_plain_one() {
    let cnf = pigeonhole(6);
    assert_eq!(Solver::new(&cnf).solve().unwrap(), None);
    let mut monitored = Solver::with_monitor(&cnf, Monitor::deadline(60_000.0));
    assert_eq!(monitored.solve().unwrap(), None);
    assert!(monitored.stats().conflicts.unwrap() > 0);
}
