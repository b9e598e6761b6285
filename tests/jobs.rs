//! The worker protocol, run natively: the same code the Web Worker runs.

use std::cell::RefCell;
use std::rc::Rc;

use studio::bench::Options;
use studio::jobs::{run, Envelope, Reply, Request};
use studio::kinds::Kind;
use studio::puzzle::{GenerateOptions, Mode, Verdict};

const LINK: &str = "#starbattle/v1/6x6s1/AAABBBABBBCCADDEECFFDDECFEEEECFCCCCC";

fn no_progress() -> Rc<dyn Fn(Reply)> {
    Rc::new(|_| {})
}

#[test]
fn a_solve_job_replies_with_a_verified_report() {
    match run(Request::Solve { kind: Kind::StarBattle, puzzle: LINK.into(), mode: Mode::Unique }, no_progress()) {
        Reply::Solved(r) => {
            assert_eq!(r.verdict, Verdict::Unique);
            assert_eq!(r.solutions[0][0], ".*....");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn bad_jobs_fail_with_a_message() {
    match run(Request::Solve { kind: Kind::StarBattle, puzzle: "#starbattle/v1/6x6s1/AB".into(), mode: Mode::Unique }, no_progress()) {
        Reply::Failed(m) => assert!(m.contains("expected 36 region letters"), "{m}"),
        other => panic!("{other:?}"),
    }
    let short = r#"{"kind":"floodit","rows":2,"cols":2,"cells":["01"]}"#;
    match run(Request::Solve { kind: Kind::FloodIt, puzzle: short.into(), mode: Mode::Unique }, no_progress()) {
        Reply::Failed(m) => assert!(m.to_lowercase().contains("row"), "{m}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_long_count_reports_progress() {
    let regions: String = (0..25).map(|i| ((b'A' + i) as char).to_string().repeat(25)).collect();
    let seen = Rc::new(RefCell::new(0));
    let s = seen.clone();
    let reply = run(
        Request::Solve { kind: Kind::StarBattle, puzzle: format!("#starbattle/v1/25x25s1/{regions}"), mode: Mode::Count(3000) },
        Rc::new(move |r| if matches!(r, Reply::Progress { .. }) { *s.borrow_mut() += 1 }),
    );
    match reply {
        Reply::Solved(r) => assert_eq!(r.count, Some((3000, false))),
        other => panic!("{other:?}"),
    }
    assert!(*seen.borrow() >= 1, "progress was posted");
}

#[test]
fn generate_and_bench_jobs_work() {
    let options = GenerateOptions { size: Some(7), seed: 3, stars: Some(1), ..Default::default() };
    let Reply::Generated(text) = run(Request::Generate { kind: Kind::StarBattle, options }, no_progress()) else { panic!() };
    assert!(text.contains("\"rows\":7"));
    let line = r#"6,6,1,"AAABBBABBBCCADDEECFFDDECFEEEECFCCCCC","010000000100000001001000000010100000""#;
    let bad = r#"6,6,1,"AAABBBABBBCCADDEECFFDDECFEEEECFCCCCC","100000000100000001001000000010100000""#;
    let text = format!("{line}\n{bad}\n");
    match run(Request::Bench { kind: Kind::StarBattle, text, name: "t".into(), options: Options { first: false, timeout_ms: None } }, no_progress()) {
        Reply::Benched { summary, records } => {
            assert_eq!((summary.count, summary.solved, summary.unique, summary.wrong), (2, 2, 2, 1));
            assert!(records[1].wrong, "a known answer that differs from the proven unique one is flagged");
        }
        other => panic!("{other:?}"),
    }
}

/// A generation job posts progress and gives up at its time-out, saying so.
#[test]
fn a_generate_job_reports_progress_and_times_out() {
    let posted = Rc::new(RefCell::new(0));
    let seen = posted.clone();
    let post: Rc<dyn Fn(Reply)> = Rc::new(move |r| {
        if matches!(r, Reply::Progress { .. }) {
            *seen.borrow_mut() += 1;
        }
    });
    let options = GenerateOptions { size: Some(25), stars: Some(6), seed: 1, timeout_ms: Some(1.0), ..Default::default() };
    match run(Request::Generate { kind: Kind::StarBattle, options }, post) {
        Reply::Failed(e) => assert!(e.contains("no puzzle within"), "{e}"),
        other => panic!("{other:?}"),
    }
    assert!(*posted.borrow() >= 1, "progress was posted");
}

#[test]
fn envelopes_round_trip_through_json() {
    let e = Envelope { job: 7, body: Request::Solve { kind: Kind::StarBattle, puzzle: LINK.into(), mode: Mode::Count(5) } };
    let back: Envelope<Request> = serde_json::from_str(&serde_json::to_string(&e).unwrap()).unwrap();
    assert_eq!(back, e);
}

#[test]
fn a_nonogram_solve_job_takes_search_options() {
    use studio::kinds::nonogram::solve::{Search, SolveOptions};
    // Two answers (the diagonals): line logic cannot decide, so the chosen search runs.
    let puzzle = r#"{"kind":"nonogram","rows":[[1],[1]],"cols":[[1],[1]]}"#;
    for (search, seed, name) in [(Search::Varisat, 3, "varisat, seed 3"), (Search::Batsat, 0, "batsat)"), (Search::Lines, 2, "line solver inside, seed 2")] {
        let request = Request::SolveNonogram { puzzle: puzzle.into(), mode: Mode::Unique, options: SolveOptions { search, seed, without_implications: false } };
        let text = serde_json::to_string(&request).unwrap();
        assert_eq!(serde_json::from_str::<Request>(&text).unwrap(), request);
        match run(request, no_progress()) {
            Reply::Solved(r) => {
                assert_eq!(r.verdict, Verdict::Multiple);
                assert_ne!(r.solutions[0], r.solutions[1]);
                assert!(r.proof.iter().any(|l| l.contains(name)), "{name}: {:?}", r.proof);
            }
            other => panic!("{other:?}"),
        }
    }
    match run(Request::SolveNonogram { puzzle: "{".into(), mode: Mode::First, options: SolveOptions::default() }, no_progress()) {
        Reply::Failed(_) => {}
        other => panic!("{other:?}"),
    }
}
