//! The page's state, natively (`studio::app_state`): jobs belong to their page, Cancel stops one
//! page's job only, a failure elsewhere names its page, Check speaks about the grid, the clock is
//! the caller's. `actions` sends every action (and fails to compile when one has no test),
//! `replies` the worker's replies.

mod actions;
mod replies;

use studio::app_state::{Action, Owner, Page, Severity, State, Work};
use studio::jobs::{Envelope, Reply};
use studio::kinds::Kind;
use studio::puzzle::Mode;

const HEART: &str = "#nonogram/v1/5x5:2/4/4/4/2/1.1/5/5/3/1";

fn step(s: &State, a: Action, now: f64) -> State {
    s.apply(a, now).unwrap_or_else(|| s.clone())
}

fn reply(job: u32, body: Reply) -> Action {
    Action::Reply(Envelope { job, body })
}

#[test]
fn a_job_on_one_page_leaves_the_others_free() {
    let mut s = State::new(Vec::new(), Default::default(), "#floodit");
    let flood = Kind::FloodIt;
    s = step(
        &s,
        Action::Started {
            job: 1,
            kind: Some(flood),
            work: Work::Solve(Mode::Unique),
            now_ms: 0.0,
            budget_ms: Some(flood.search_budget_ms()),
        },
        0.0,
    );
    assert!(s.busy_kind(flood).is_some());
    // Another page: nothing of it is busy, and its own job runs beside the first.
    s = step(&s, Action::Route(HEART.into()), 10.0);
    assert_eq!(s.page, Page::Kind(Kind::Nonogram));
    assert!(
        s.busy_kind(Kind::Nonogram).is_none(),
        "the nonogram page must not be busy with Flood-It's job"
    );
    s = step(
        &s,
        Action::Started {
            job: 2,
            kind: Some(Kind::Nonogram),
            work: Work::Hint,
            now_ms: 20.0,
            budget_ms: None,
        },
        20.0,
    );
    assert_eq!(s.jobs.len(), 2);
    assert_eq!(s.busy_on(Owner::Kind(flood)).map(|b| b.job), Some(1));
    assert_eq!(s.busy_kind(Kind::Nonogram).map(|b| b.job), Some(2));
    assert_eq!(s.busy_on(Owner::Kind(flood)).unwrap().doing(), "Finding the minimum");
    assert_eq!(s.busy_on(Owner::Kind(flood)).unwrap().budget_ms, Some(120_000.0));
    // Cancel on the Flood-It job stops it alone.
    s = step(&s, Action::Cancelled(Owner::Kind(flood)), 30.0);
    assert!(s.busy_kind(flood).is_none());
    assert_eq!(s.busy_kind(Kind::Nonogram).map(|b| b.job), Some(2));
    assert_eq!(s.end_of(Owner::Kind(flood)).map(String::as_str), Some("Cancelled."));
    assert!(s.end_of(Owner::Kind(Kind::Nonogram)).is_none());
    // A reply for the cancelled job changes nothing.
    assert!(s.apply(reply(1, Reply::Failed("late".into())), 40.0).is_none());
    // A worker that died with no job in flight is said.
    let died = step(&s, reply(u32::MAX, Reply::Failed("The solver stopped".into())), 50.0);
    assert!(died.notice.is_some_and(|n| n.text == "The solver stopped"));
}

#[test]
fn a_failure_on_another_page_names_that_page() {
    let mut s = State::new(Vec::new(), Default::default(), "#floodit");
    s = step(
        &s,
        Action::Started {
            job: 7,
            kind: Some(Kind::FloodIt),
            work: Work::Generate,
            now_ms: 0.0,
            budget_ms: None,
        },
        0.0,
    );
    s = step(&s, Action::Route("#kenken".into()), 1.0);
    s = step(&s, reply(7, Reply::Failed("no puzzle within 120 s".into())), 2.0);
    let notice = s.notice.clone().expect("a failure is said at once");
    assert_eq!(notice.severity, Severity::Error);
    assert!(notice.text.starts_with("Flood-It: "), "{}", notice.text);
    assert!(s.jobs.is_empty());
    assert!(s.end_of(Owner::Kind(Kind::FloodIt)).is_some_and(|e| e.contains("no puzzle")));
    assert!(s.end_of(Owner::Kind(Kind::KenKen)).is_none());
}

#[test]
fn a_new_job_of_a_page_replaces_its_old_one_only() {
    let mut s = State::new(Vec::new(), Default::default(), HEART);
    s = step(
        &s,
        Action::Started { job: 1, kind: None, work: Work::Art, now_ms: 0.0, budget_ms: None },
        0.0,
    );
    s = step(
        &s,
        Action::Started {
            job: 2,
            kind: Some(Kind::Nonogram),
            work: Work::Solve(Mode::Unique),
            now_ms: 0.0,
            budget_ms: Some(1.0),
        },
        0.0,
    );
    s = step(
        &s,
        Action::Started {
            job: 3,
            kind: Some(Kind::Nonogram),
            work: Work::Explain,
            now_ms: 0.0,
            budget_ms: Some(1.0),
        },
        0.0,
    );
    let jobs: Vec<(u32, Owner)> = s.jobs.iter().map(|b| (b.job, b.owner)).collect();
    assert_eq!(jobs, vec![(1, Owner::Art), (3, Owner::Kind(Kind::Nonogram))]);
    // The replaced job's answer is not taken for the new one.
    assert!(s.apply(reply(2, Reply::Generated("{}".into())), 1.0).is_none());
}

#[test]
fn the_clock_is_the_callers() {
    let mut s = State::new(Vec::new(), Default::default(), HEART);
    s = step(&s, Action::Mark { kind: Kind::Nonogram, cells: vec![(0, 1)] }, 1_000.0);
    s = step(&s, Action::Mark { kind: Kind::Nonogram, cells: vec![(1, 1)] }, 6_000.0);
    let play = s.workshop(Kind::Nonogram).play.clone();
    assert_eq!(play.moves, 2);
    assert_eq!(play.elapsed_ms, 5_000.0);
    s = step(&s, Action::Finished(Kind::Nonogram), 9_000.0);
    assert_eq!(s.workshop(Kind::Nonogram).play.finished, Some((8_000.0, 2)));
}

#[test]
fn an_information_notice_expires_only_if_it_is_still_shown() {
    let mut s = State::new(Vec::new(), Default::default(), HEART);
    s = step(&s, Action::Notify(Severity::Info, "first".into()), 0.0);
    s = step(&s, Action::Notify(Severity::Error, "second".into()), 1.0);
    // The first notice's time is up, but another is shown now: it stays.
    assert!(s.apply(Action::Expire("first".into()), 2.0).is_none());
    s = step(&s, Action::Expire("second".into()), 3.0);
    assert!(s.notice.is_none());
}

#[test]
fn the_verdict_of_an_unchecked_answer_is_the_kinds_own_words() {
    use studio::app_state::verdict_text;
    use studio::kinds::AnyReport;
    use studio::puzzle::Verdict;
    let report = |kind| AnyReport {
        kind,
        verdict: Verdict::Solved,
        solutions: Vec::new(),
        stats: Default::default(),
        proof: Vec::new(),
        rating: None,
        count: None,
        rating_pending: false,
    };
    assert_eq!(
        verdict_text(&report(Kind::RectFree)),
        "Found: a colouring with no rectangle of one colour."
    );
    assert!(verdict_text(&report(Kind::Nonogram)).contains("whether there are others is not known"));
}

#[test]
fn a_mistake_shown_counts_as_one_hint_and_clearing_it_is_one_undoable_move() {
    let nono = Kind::Nonogram;
    let mut s = State::new(Vec::new(), Default::default(), HEART);
    s = step(&s, Action::Mark { kind: nono, cells: vec![(0, 1)] }, 1.0);
    let mistake =
        studio::hint::Hint::Mistake { cells: vec![0], sentence: "First fix a mistake".into() };
    let ask = |s: &State, job: u32| {
        let started = Action::Started {
            job,
            kind: Some(nono),
            work: Work::Hint,
            now_ms: 2.0,
            budget_ms: None,
        };
        let s = step(s, started, 2.0);
        step(&s, reply(job, Reply::Hint(Box::new(mistake.clone()))), 3.0)
    };
    s = ask(&s, 1);
    assert_eq!(s.workshop(nono).play.hints, 1, "the mistake pointed at is a hint used");
    s = ask(&s, 2);
    assert_eq!(s.workshop(nono).play.hints, 1, "the same mistake asked for again is not another");
    // What the panel's "Clear the wrong marks" sends: the ringed cells emptied, as one move.
    let moves = s.workshop(nono).play.moves;
    s = step(&s, Action::Mark { kind: nono, cells: vec![(0, 0)] }, 4.0);
    let w = s.workshop(nono);
    assert_eq!(w.marks.first().copied().unwrap_or(0), 0);
    assert!(w.hint.is_none(), "the mistake is gone with its mark");
    assert_eq!(w.play.moves, moves + 1);
    s = step(&s, Action::Undo(nono), 5.0);
    assert_eq!(s.workshop(nono).marks[0], 1, "Undo brings the wrong mark back");
}
