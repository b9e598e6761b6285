//! The worker protocol, run natively: the same code the Web Worker runs.

use std::cell::RefCell;
use std::rc::Rc;

use studio::bench::Options;
use studio::hint::Hint;
use studio::jobs::{self, run, Envelope, Reply, Request};
use studio::kinds::Kind;
use studio::puzzle::{Mode, Verdict};

const LINK: &str = "#starbattle/v1/6x6s1/AAABBBABBBCCADDEECFFDDECFEEEECFCCCCC";

fn no_progress() -> Rc<dyn Fn(Reply)> {
    Rc::new(|_| {})
}

#[test]
fn a_solve_job_replies_with_a_verified_report() {
    match run(
        Request::Solve {
            kind: Kind::StarBattle,
            puzzle: LINK.into(),
            mode: Mode::Unique,
            options: String::new(),
        },
        no_progress(),
    ) {
        Reply::Solved(r) => {
            assert_eq!(r.verdict, Verdict::Unique);
            assert_eq!(r.solutions[0][0], ".*....");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_warm_job_finds_the_step_from_the_marks_and_posts_nothing_else() {
    let posted = Rc::new(RefCell::new(Vec::new()));
    let sink = posted.clone();
    let warm =
        |kind, puzzle: &str| Request::Warm { kind, puzzle: puzzle.into(), marks: Vec::new() };
    let post: Rc<dyn Fn(Reply)> = Rc::new(move |r| sink.borrow_mut().push(r));
    // The same step a hint from the empty grid shows, found without solving the puzzle.
    let hint = studio::kinds::hint_text(Kind::StarBattle, LINK, &[], None).expect("a hint");
    match run(warm(Kind::StarBattle, LINK), post.clone()) {
        Reply::Warmed(Some(step)) => assert_eq!(*step, hint),
        other => panic!("{other:?}"),
    }
    // Flood-It's hint reads the proven shortest finish: warming it would mean a solve, so not.
    let flood = "#floodit/v1/6x6/032242034203340350204502505323231342";
    assert!(matches!(run(warm(Kind::FloodIt, flood), post), Reply::Warmed(None)));
    assert!(posted.borrow().is_empty(), "no progress and no early hint: {:?}", posted.borrow());
}

#[test]
fn a_prefetched_hint_is_the_reply_the_press_would_get_and_needs_the_answer_known() {
    let (kind, posted) = (Kind::StarBattle, Rc::new(RefCell::new(Vec::new())));
    let sink = posted.clone();
    let post: Rc<dyn Fn(Reply)> = Rc::new(move |r| sink.borrow_mut().push(r));
    let hint = |marks: &[u8]| Request::Hint { kind, puzzle: LINK.into(), marks: marks.into() };
    let prefetch =
        |marks: &[u8]| Request::Prefetch { kind, puzzle: LINK.into(), marks: marks.into() };
    let step_marks = |h: &Hint| match h {
        Hint::Step(s) => {
            let mut m = Vec::new();
            studio::marks::apply_bytes(&mut m, &s.marks);
            m
        }
        other => panic!("a step from the empty grid: {other:?}"),
    };
    // Before any hint the worker has no answer: a prefetch finds nothing and keeps nothing.
    let first = studio::kinds::hint_text(kind, LINK, &[], None).expect("a step");
    let next = step_marks(&first);
    assert!(matches!(run(prefetch(&next), post.clone()), Reply::Prefetched(None)));
    assert_eq!(jobs::prefetched(kind, LINK, &next), None);
    // A hint solves the puzzle once; the prefetch then finds the next hint, quietly.
    match run(hint(&[]), post.clone()) {
        Reply::Hint(h) => assert_eq!(*h, first),
        other => panic!("{other:?}"),
    }
    posted.borrow_mut().clear();
    let found = run(prefetch(&next), post.clone());
    assert!(posted.borrow().is_empty(), "a prefetch posts nothing: {:?}", posted.borrow());
    let answer = studio::kinds::hint_answer(kind, LINK, None).expect("solved");
    let expected = studio::kinds::hint_text(kind, LINK, &next, answer.as_deref()).expect("hint");
    assert_eq!(jobs::prefetched(kind, LINK, &next), Some(expected.clone()));
    // Its reply carries the same hint, with the puzzle and marks it is for (the page keeps it).
    let Reply::Prefetched(Some(r)) = found else { panic!("a hint found ahead: {found:?}") };
    assert_eq!((r.kind, r.puzzle.as_str(), &r.marks, &r.hint), (kind, LINK, &next, &expected));
    assert_ne!(expected, first, "the next hint is another step");
    // Only those exact marks are answered from it; the press gets the same reply.
    assert_eq!(jobs::prefetched(kind, LINK, &[]), None);
    match run(hint(&next), post.clone()) {
        Reply::Hint(h) => assert_eq!(*h, expected),
        other => panic!("{other:?}"),
    }
    // A kind whose hint may search anew (Flood-It) is never prefetched.
    let flood = "#floodit/v1/6x6/032242034203340350204502505323231342";
    let on_flood = |r| run(r, post.clone());
    on_flood(Request::Hint { kind: Kind::FloodIt, puzzle: flood.into(), marks: vec![] });
    let r =
        on_flood(Request::Prefetch { kind: Kind::FloodIt, puzzle: flood.into(), marks: vec![1] });
    assert!(matches!(r, Reply::Prefetched(None)), "{r:?}");
    assert_eq!(jobs::prefetched(Kind::FloodIt, flood, &[1]), None);
}

#[test]
fn bad_jobs_fail_with_a_message() {
    match run(
        Request::Solve {
            kind: Kind::StarBattle,
            puzzle: "#starbattle/v1/6x6s1/AB".into(),
            mode: Mode::Unique,
            options: String::new(),
        },
        no_progress(),
    ) {
        Reply::Failed(m) => assert!(m.contains("expected 36 region letters"), "{m}"),
        other => panic!("{other:?}"),
    }
    let short = r#"{"kind":"floodit","rows":2,"cols":2,"cells":["01"]}"#;
    match run(
        Request::Solve {
            kind: Kind::FloodIt,
            puzzle: short.into(),
            mode: Mode::Unique,
            options: String::new(),
        },
        no_progress(),
    ) {
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
        Request::Solve {
            kind: Kind::StarBattle,
            puzzle: format!("#starbattle/v1/25x25s1/{regions}"),
            mode: Mode::Count(3000),
            options: String::new(),
        },
        Rc::new(move |r| {
            if let Reply::Progress { work, .. } = r {
                // A SAT count says how many conflicts it has worked through.
                assert!(matches!(work, Some((_, studio::sat::Unit::Conflicts))), "{work:?}");
                *s.borrow_mut() += 1
            }
        }),
    );
    match reply {
        Reply::Solved(r) => assert_eq!(r.count, Some((3000, false))),
        other => panic!("{other:?}"),
    }
    assert!(*seen.borrow() >= 1, "progress was posted");
}

#[test]
fn generate_and_bench_jobs_work() {
    let options = studio::kinds::starbattle::GenerateOptions {
        size: Some(7),
        stars: Some(1),
        ..Default::default()
    };
    let request =
        studio::jobs::generate_request::<studio::kinds::starbattle::StarBattle>(&options, 3, None);
    let Reply::Generated(text) = run(request, no_progress()) else { panic!() };
    assert!(text.contains("\"rows\":7"));
    let line =
        r#"6,6,1,"AAABBBABBBCCADDEECFFDDECFEEEECFCCCCC","010000000100000001001000000010100000""#;
    let bad =
        r#"6,6,1,"AAABBBABBBCCADDEECFFDDECFEEEECFCCCCC","100000000100000001001000000010100000""#;
    let text = format!("{line}\n{bad}\n");
    match run(
        Request::Bench {
            kind: Kind::StarBattle,
            text,
            name: "t".into(),
            options: Options { first: false, timeout_ms: None, limit: None },
        },
        no_progress(),
    ) {
        Reply::Benched { summary, records } => {
            assert_eq!(
                (summary.count, summary.solved, summary.unique, summary.wrong),
                (2, 2, 2, 1)
            );
            assert!(
                records[1].wrong,
                "a known answer that differs from the proven unique one is flagged"
            );
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
    let options = r#"{"size":25,"stars":6}"#.to_string();
    match run(
        Request::Generate { kind: Kind::StarBattle, options, seed: 1, timeout_ms: Some(1.0) },
        post,
    ) {
        Reply::Failed(e) => assert!(e.contains("no puzzle within"), "{e}"),
        other => panic!("{other:?}"),
    }
    assert!(*posted.borrow() >= 1, "progress was posted");
}

#[test]
fn envelopes_round_trip_through_json() {
    let e = Envelope {
        job: 7,
        body: Request::Solve {
            kind: Kind::StarBattle,
            puzzle: LINK.into(),
            mode: Mode::Count(5),
            options: String::new(),
        },
    };
    let back: Envelope<Request> =
        serde_json::from_str(&serde_json::to_string(&e).unwrap()).unwrap();
    assert_eq!(back, e);
}

#[test]
fn a_nonogram_solve_job_takes_search_options() {
    use studio::kinds::nonogram::solve::{Search, SolveOptions};
    // Two answers (the diagonals): line logic cannot decide, so the chosen search runs.
    let puzzle = r#"{"kind":"nonogram","rows":[[1],[1]],"cols":[[1],[1]]}"#;
    for (search, seed, name) in [
        (Search::Varisat, 3, "varisat, seed 3"),
        (Search::Batsat, 0, "batsat)"),
        (Search::Lines, 2, "line solver inside, seed 2"),
    ] {
        let request = studio::jobs::solve_request::<studio::kinds::nonogram::Nonogram>(
            puzzle.into(),
            Mode::Unique,
            &SolveOptions { search, seed, without_implications: false },
        );
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
    match run(
        Request::Solve {
            kind: Kind::Nonogram,
            puzzle: "{".into(),
            mode: Mode::First,
            options: String::new(),
        },
        no_progress(),
    ) {
        Reply::Failed(_) => {}
        other => panic!("{other:?}"),
    }
    // Options the kind does not have are refused by name, for any kind.
    for (kind, options, named) in [
        (Kind::Nonogram, r#"{"method":"tabu"}"#, "method"),
        (Kind::KenKen, r#"{"seed":1}"#, "seed"),
        (Kind::Nonogram, r#"{"search":"quantum"}"#, "quantum"),
    ] {
        let puzzle = if kind == Kind::Nonogram {
            puzzle
        } else {
            r#"{"kind":"kenken","size":3,"cages":[{"op":"=","target":1,"cells":[[0,0]]}]}"#
        };
        match run(
            Request::Solve {
                kind,
                puzzle: puzzle.into(),
                mode: Mode::First,
                options: options.into(),
            },
            no_progress(),
        ) {
            Reply::Failed(why) => {
                assert!(why.contains("solve options") && why.contains(named), "{why}")
            }
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn a_solve_streams_the_kinds_snapshots_and_stops_its_progress_replies_then() {
    // A 12x12 task with four colours by annealing: a local search that makes snapshots.
    let seen: Rc<RefCell<Vec<Reply>>> = Rc::default();
    let s = seen.clone();
    let request = Request::Solve {
        kind: Kind::RectFree,
        puzzle: r#"{"kind":"rectfree","rows":12,"cols":12,"colours":4}"#.into(),
        mode: Mode::First,
        options: r#"{"method":"anneal","symmetry":"none","seed":2}"#.into(),
    };
    match run(request, Rc::new(move |r| s.borrow_mut().push(r))) {
        Reply::Solved(r) => assert!(r.proof.iter().any(|l| l.contains("seed 2")), "{:?}", r.proof),
        other => panic!("{other:?}"),
    }
    let seen = seen.borrow();
    let first =
        seen.iter().position(|r| matches!(r, Reply::Snapshot(_))).expect("at least one snapshot");
    assert!(
        !seen[first..].iter().any(|r| matches!(r, Reply::Progress { .. })),
        "no progress replies once snapshots come"
    );
    let Reply::Snapshot(s) = &seen[first] else { unreachable!() };
    // The kind's own data travels unread; its page reads it back.
    let own: studio::kinds::rectfree::search::SearchState =
        serde_json::from_str(&s.data).expect("the kind's snapshot");
    assert_eq!(s.score, Some(own.best));
    assert!(s.summary.contains("best"), "{}", s.summary);
}

#[test]
fn the_bench_pages_time_limit_is_read_in_seconds_and_refused_in_words() {
    use studio::bench::time_limit_ms;
    assert_eq!(time_limit_ms(""), Ok(None));
    assert_eq!(time_limit_ms("  "), Ok(None));
    assert_eq!(time_limit_ms("10"), Ok(Some(10_000.0)));
    assert_eq!(time_limit_ms(" 0.5 "), Ok(Some(500.0)));
    for bad in ["0", "-3", "1e9", "inf", "NaN"] {
        let why = time_limit_ms(bad).unwrap_err();
        assert!(why.contains("more than 0 and at most 86400 seconds"), "{bad}: {why}");
    }
    let why = time_limit_ms("ten").unwrap_err();
    assert!(why.contains("\"ten\" is not a number"), "{why}");
}

/// A file of Tatham IDs one a line with a bad line in it (a stray word, an ID cut short) is still
/// read as a collection, and the error names the bad line (`file:3`), for KenKen, nonograms and
/// Flood-It alike; before, the whole file was read as its first ID with "left over" text.
#[test]
fn a_file_of_ids_with_one_bad_line_names_that_line() {
    let keen = "3:_5aab_,a3a1s1a3m6";
    let keen5 = "5:a__a_3a_5a_a_a_3b_bac_,a5m15a7a10s2s2d2s3m40m2s2";
    let pattern = "5x5:2/4/4/4/2/1.1/5/5/3/1";
    let flood = "3x3:012012012,5";
    for (kind, good) in [
        (Kind::KenKen, [keen, keen5]),
        (Kind::Nonogram, [pattern, pattern]),
        (Kind::FloodIt, [flood, flood]),
    ] {
        for bad in ["garbage here", "5:a__a_3"] {
            let text = format!("{}\n\n{bad}\n{}\n", good[0], good[1]);
            let e = studio::bench::count_entries(kind, &text, "ids.txt").unwrap_err().to_string();
            assert!(e.starts_with("ids.txt:3"), "{kind:?}, {bad}: {e}");
            assert!(!e.contains("left over") && !e.contains('\n'), "{kind:?}, {bad}: {e}");
        }
        // The good lines alone are the collection they were.
        let text = format!("{}\n{}\n", good[0], good[1]);
        assert_eq!(studio::bench::count_entries(kind, &text, "ids.txt").unwrap(), 2);
    }
    // Half the lines bad is still a collection (a seed ID is no game ID); more than half is not a
    // collection of IDs, and the file reads as before (one puzzle).
    let text = format!("{keen}\ngarbage\n{keen5}\n3#12345\n");
    let e = studio::bench::count_entries(Kind::KenKen, &text, "f").unwrap_err().to_string();
    assert!(e.starts_with("f:2"), "{e}");
    let text = format!("{keen}\n{keen5}\nsome\nmore\nwords\n");
    assert!(studio::bench::count_entries(Kind::KenKen, &text, "f")
        .unwrap_err()
        .to_string()
        .starts_with("f,"));
}
