//! The portfolio race: the first answer that passes the independent checker wins, wrong answers
//! and failures knock out only their runner, progress comes from the leader, and nothing counts
//! after the race is over.

use std::rc::Rc;
use studio::jobs::{self, Reply, Request};
use studio::kinds::Kind;
use studio::portfolio::{runners_for, score, Outcome, Race, MAX_RUNNERS, MIN_RUNNERS};
use studio::sat::Snapshot;

const TASK: &str = r#"{"kind":"rectfree","rows":6,"cols":6,"colours":3}"#;

fn request() -> Request {
    jobs::solve_request::<studio::kinds::rectfree::RectFree>(
        TASK.into(),
        studio::puzzle::Mode::First,
        &Default::default(),
    )
}

/// A real, checked answer from the worker protocol run natively.
fn solved() -> Reply {
    let reply = jobs::run(request(), Rc::new(|_| {}));
    assert!(matches!(reply, Reply::Solved(_)), "{reply:?}");
    reply
}

fn progress(best: u64) -> Reply {
    Reply::Snapshot(Box::new(Snapshot {
        score: Some(best),
        summary: format!("best {best}"),
        data: "{}".into(),
        worker: None,
    }))
}

#[test]
fn runners_leave_one_core_to_the_page_within_bounds() {
    assert_eq!(runners_for(0), MIN_RUNNERS);
    assert_eq!(runners_for(1), MIN_RUNNERS);
    assert_eq!(runners_for(2), MIN_RUNNERS);
    assert_eq!(runners_for(4), 3);
    assert_eq!(runners_for(5), 4);
    assert_eq!(runners_for(64), MAX_RUNNERS);
}

#[test]
fn the_first_checked_answer_wins_and_names_the_winner() {
    let mut race = Race::new(&[request(), request(), request()]);
    assert_eq!(race.runners(), 3);
    assert_eq!(race.offer(0, Reply::Ready), Outcome::Ignore);
    match race.offer(2, solved()) {
        Outcome::Won(Reply::Solved(report), runner) => {
            assert_eq!((runner.index, runner.count), (2, 3));
            assert!(
                report
                    .proof
                    .last()
                    .unwrap()
                    .starts_with("Portfolio: 3 workers raced; worker 3 answered first"),
                "{:?}",
                report.proof
            );
        }
        other => panic!("{other:?}"),
    }
    assert!(race.is_over());
    // The others' later answers and progress are ignored.
    assert_eq!(race.offer(0, solved()), Outcome::Ignore);
    assert_eq!(race.offer(1, progress(0)), Outcome::Ignore);
}

#[test]
fn an_answer_that_fails_the_checker_knocks_out_only_its_runner() {
    let mut race = Race::new(&[request(), request()]);
    let Reply::Solved(mut bad) = solved() else { unreachable!() };
    // Make the answer wrong: one colour everywhere has rectangles.
    bad.solutions[0] = vec!["000000".to_string(); 6];
    assert_eq!(race.offer(0, Reply::Solved(bad)), Outcome::Ignore);
    assert!(!race.is_over());
    assert_eq!(race.offer(0, solved()), Outcome::Ignore, "a knocked-out runner stays out");
    assert!(matches!(race.offer(1, solved()), Outcome::Won(_, r) if r.index == 1));
}

#[test]
fn an_answer_for_another_kind_is_not_taken() {
    let mut race = Race::new(&[request(), request()]);
    let Reply::Solved(mut other) = solved() else { unreachable!() };
    other.kind = Kind::Nonogram;
    assert_eq!(race.offer(0, Reply::Solved(other)), Outcome::Ignore);
    assert!(!race.is_over());
}

#[test]
fn progress_comes_from_the_runner_with_the_best_score() {
    let mut race = Race::new(&[request(), request(), request()]);
    assert!(matches!(race.offer(0, progress(9)), Outcome::Progress(_, r) if r.index == 0));
    // Runner 1 takes the lead; runner 0's worse progress is no longer shown.
    match race.offer(1, progress(4)) {
        Outcome::Progress(Reply::Snapshot(s), r) => {
            assert_eq!(r.index, 1);
            assert_eq!(s.worker, Some((1, 3)), "the snapshot says which worker leads");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(race.offer(0, progress(6)), Outcome::Ignore);
    assert_eq!(race.leader(), Some(1));
    // A runner's best never gets worse in the race's eyes.
    assert!(matches!(race.offer(1, progress(8)), Outcome::Progress(_, r) if r.index == 1));
    assert_eq!(race.offer(2, progress(5)), Outcome::Ignore);
    assert_eq!(score(&progress(3)), Some(3));
    assert_eq!(score(&Reply::Ready), None);
}

#[test]
fn the_race_fails_only_when_every_runner_failed() {
    let mut race = Race::new(&[request(), request()]);
    assert_eq!(race.offer(1, Reply::Failed("one".into())), Outcome::Ignore);
    assert!(!race.is_over());
    assert_eq!(
        race.offer(0, Reply::Failed("two".into())),
        Outcome::Failed(Reply::Failed("two".into()))
    );
    assert!(race.is_over());
    // Out-of-range runners are ignored.
    let mut race = Race::new(&[request()]);
    assert_eq!(race.offer(5, solved()), Outcome::Ignore);
}

#[test]
fn a_nonogram_portfolio_runs_each_search_and_the_first_checked_answer_wins() {
    use studio::kinds::nonogram::solve::portfolio;
    use studio::puzzle::{Mode, Verdict};
    // A small puzzle with two answers, so the searches must find a second model.
    let puzzle = r#"{"kind":"nonogram","rows":[[1],[1]],"cols":[[1],[1]]}"#;
    let options = portfolio(MAX_RUNNERS);
    assert_eq!(options.len(), MAX_RUNNERS);
    assert_eq!(portfolio(2).len(), 2);
    let requests: Vec<Request> = options
        .iter()
        .map(|o| {
            jobs::solve_request::<studio::kinds::nonogram::Nonogram>(puzzle.into(), Mode::Unique, o)
        })
        .collect();
    let mut race = Race::new(&requests);
    // Runner 3's real answer wins; the others' answers come too late to count.
    let replies: Vec<Reply> =
        requests.iter().map(|r| jobs::run(r.clone(), Rc::new(|_| {}))).collect();
    match race.offer(2, replies[2].clone()) {
        Outcome::Won(Reply::Solved(report), runner) => {
            assert_eq!(runner.index, 2);
            assert_eq!(report.verdict, Verdict::Multiple);
            assert_eq!(report.solutions.len(), 2);
            assert!(
                report
                    .proof
                    .last()
                    .unwrap()
                    .starts_with("Portfolio: 4 workers raced; worker 3 answered first"),
                "{:?}",
                report.proof
            );
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(race.offer(0, replies[0].clone()), Outcome::Ignore);
    // Every search gives the same verdict.
    for reply in &replies {
        assert!(matches!(reply, Reply::Solved(r) if r.verdict == Verdict::Multiple), "{reply:?}");
    }
}
