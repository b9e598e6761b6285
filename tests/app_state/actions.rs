//! Every action of the page state, each sent by a test here or beside it that asserts what it
//! does; [`tests_of`] lists them by variant with no wildcard, so a new action does not compile
//! until it has its test.

use std::collections::HashSet;

use studio::app_state::{Action, Notice, Owner, Page, Play, Severity, State, View, Work};
use studio::hint::Hint;
use studio::jobs::{Envelope, Reply, Request};
use studio::kinds::{self, Kind};
use studio::puzzle::Mode;

use super::replies::{self, heart_report, last, started};
use super::{reply, step, HEART};

const NONO: Kind = Kind::Nonogram;
const OTHER: &str = "5x10:2.1/2.1.3/7/1.3/2.1/2/2.1/1.1/3/1.1/1.1/2/1.1/1.2/2";

/// Two 10x10 two-star puzzles of `tests/data/starbattle/generated_10x10_2star.txt`.
const STARS: &str = r#"10,10,2,"ABBCCCCCCCAABBCCCDDDAABBBCCDEEABBFFCCCCEABFFCCCCEEABGGGCCCEEAGGGHHHCIIAGGGHHHIIIGGGGJJJIIIGGGJJJJIII""#;
const STARS_OTHER: &str = r#"10,10,2,"ABBCCCCCCCAABBCCCDDDAABBBCCDEEABBFFCCCCEABFFCCCCEEABGHCCHCEEAGGHHHHCIIAGGHHHHCIIGGGGJJJIIIGGJJJJJIII""#;

fn puzzle_link(kind: Kind, puzzle: &str) -> String {
    format!("#{}", kinds::share_fragment(kind, puzzle).unwrap())
}

fn heart() -> String {
    kinds::import(NONO, HEART).unwrap()
}

/// The tests that send `action`'s variant and assert its effect. No wildcard: a variant added to
/// [`Action`] breaks this match until a test for it is listed.
fn tests_of(action: &Action) -> &'static [fn()] {
    match action {
        Action::Route(_) => &[a_route_shows_the_page_its_fragment_names],
        Action::Open { .. } => &[opening_a_puzzle_keeps_the_one_it_replaces_with_its_marks],
        Action::Notify(..) | Action::Dismiss => &[a_notice_is_shown_replaced_and_dismissed],
        Action::Expire(_) => &[super::an_information_notice_expires_only_if_it_is_still_shown],
        Action::Started { .. } => &[
            a_started_job_clears_its_owners_last_words,
            super::a_new_job_of_a_page_replaces_its_old_one_only,
        ],
        Action::Reply(_) => &[
            replies::a_solve_is_checked_again_then_shown_and_a_forged_answer_is_not,
            replies::a_generated_puzzle_opens_on_its_page,
            replies::a_hint_is_shown_early_then_confirmed_or_replaced_by_a_mistake,
            replies::an_explanation_opens_at_its_first_step,
            replies::a_benchmark_reply_fills_the_benchmark_page,
            replies::the_image_pages_puzzles_stream_in_and_a_new_job_drops_the_old_ones,
            super::a_failure_on_another_page_names_that_page,
        ],
        Action::Cancelled(_) => &[super::a_job_on_one_page_leaves_the_others_free],
        Action::Mark { .. } => &[a_mark_is_one_undoable_move],
        Action::Undo(_) | Action::Redo(_) => &[undo_and_redo_walk_the_marks_history],
        Action::ClearMarks(_) => &[clearing_is_one_undoable_step_and_a_fresh_attempt],
        Action::Show { .. } => &[show_switches_the_board_between_the_marks_and_an_answer],
        Action::Check(_) => &[
            check_rings_the_wrong_marks_against_the_unique_answer,
            check_says_why_there_is_nothing_to_compare_with,
        ],
        Action::Finished(_) => &[finishing_stops_the_clock_once, super::the_clock_is_the_callers],
        Action::ApplyHint(_) | Action::DismissHint(_) => {
            &[a_hint_step_is_applied_as_one_move_or_dismissed]
        }
        Action::ShowKeptHint { .. } => &[hints_found_ahead_are_kept_shown_at_once_and_followed],
        Action::ExplainAt { .. } | Action::CloseExplanation(_) => {
            &[the_explanation_is_scrubbed_step_by_step_and_closed]
        }
        Action::External { .. } => &[
            another_tabs_marks_on_a_puzzle_not_on_screen_are_kept,
            crate::library::another_tabs_marks_come_here_and_one_undo_brings_these_back,
        ],
        Action::Imported(_) => &[crate::library::an_imported_file_keeps_the_puzzle_played_last],
        Action::TabMoves { .. } => &[
            crate::play_history::a_reload_restores_undo_and_redo_and_another_tab_brings_its_history,
        ],
    }
}

#[test]
fn every_action_is_sent_by_a_test() {
    // One action of each variant; `tests_of` is what makes the list complete (it does not
    // compile with a variant missing), this checks that no variant is listed twice.
    let envelope = Envelope { job: 1, body: Reply::Ready };
    let all = [
        Action::Route(String::new()),
        Action::Open { kind: NONO, puzzle: String::new() },
        Action::Notify(Severity::Info, String::new()),
        Action::Dismiss,
        Action::Expire(String::new()),
        Action::Started { job: 1, kind: None, work: Work::Art, now_ms: 0.0, budget_ms: None },
        Action::Reply(envelope),
        Action::Cancelled(Owner::Art),
        Action::Mark { kind: NONO, cells: Vec::new() },
        Action::Undo(NONO),
        Action::Redo(NONO),
        Action::ClearMarks(NONO),
        Action::Show { kind: NONO, view: View::Play },
        Action::Check(NONO),
        Action::Finished(NONO),
        Action::ApplyHint(NONO),
        Action::DismissHint(NONO),
        Action::ExplainAt { kind: NONO, at: None },
        Action::CloseExplanation(NONO),
        Action::External {
            kind: NONO,
            puzzle: String::new(),
            marks: Vec::new(),
            play: Play::default(),
            history: "".into(),
        },
        Action::Imported(Vec::new()),
        Action::TabMoves {
            kind: NONO,
            puzzle: String::new(),
            marks: Vec::new(),
            play: Play::default(),
            history: Default::default(),
        },
    ];
    let variants: HashSet<_> = all.iter().map(std::mem::discriminant).collect();
    assert_eq!(variants.len(), all.len(), "each variant once");
    for action in &all {
        assert!(!tests_of(action).is_empty(), "{action:?} has no test");
    }
}

#[test]
fn a_route_shows_the_page_its_fragment_names() {
    let mut s = State::new(Vec::new(), Default::default(), "");
    assert_eq!(s.page, Page::Home);
    for (fragment, page) in [
        ("#bench", Page::Bench),
        ("#art", Page::Art),
        ("#mine", Page::Mine),
        ("#", Page::Home),
        (HEART, Page::Kind(NONO)),
    ] {
        s = step(&s, Action::Notify(Severity::Info, "about the last page".into()), 0.0);
        s = step(&s, Action::Route(fragment.into()), 0.0);
        assert_eq!(s.page, page, "{fragment}");
        assert!(s.notice.is_none(), "{fragment}: the last page's message goes");
    }
    assert_eq!(s.workshop(NONO).puzzle, Some(heart()), "the link's puzzle is on the board");
    // A link of an unknown version is said where the board would be, like a link cut short:
    // nothing opens in its place, and the heart is kept.
    s = step(&s, Action::Route("#nonogram/v9/5x5".into()), 1.0);
    assert_eq!(s.page, Page::Kind(NONO));
    let w = s.workshop(NONO);
    assert!(w.puzzle.is_none());
    let said = w.unreadable.clone().expect("a link that cannot be read is said");
    assert!(said.starts_with("This link could not be read") && said.contains("v9"), "{said}");
    assert!(s.kept[&NONO].iter().any(|k| k.puzzle == heart()));
}

#[test]
fn opening_a_puzzle_keeps_the_one_it_replaces_with_its_marks() {
    let other = kinds::import(NONO, OTHER).unwrap();
    let mut s = State::new(Vec::new(), Default::default(), HEART);
    s = step(&s, Action::Mark { kind: NONO, cells: vec![(0, 1)] }, 1.0);
    s = step(&s, Action::Notify(Severity::Error, "about the heart".into()), 2.0);
    s = step(&s, Action::Open { kind: NONO, puzzle: other.clone() }, 3.0);
    let w = s.workshop(NONO);
    assert_eq!(w.puzzle.as_deref(), Some(other.as_str()));
    assert!(w.marks.is_empty() && w.undo.is_empty() && w.play == Play::default());
    assert!(s.notice.is_none(), "a message about the puzzle replaced is stale");
    let kept: Vec<_> = s.kept[&NONO].iter().map(|k| (k.puzzle.clone(), k.marks.clone())).collect();
    assert_eq!(kept, vec![(heart(), vec![1])]);
    // Back to the heart: its marks and clock come back; the other, unmarked, is not kept.
    s = step(&s, Action::Open { kind: NONO, puzzle: heart() }, 4.0);
    let w = s.workshop(NONO);
    assert_eq!((w.marks.clone(), w.play.moves), (vec![1], 1));
    assert!(s.kept[&NONO].is_empty());
    // The same puzzle in another form (its link) is the same puzzle: nothing changes.
    let link = HEART.trim_start_matches('#');
    s = step(&s, Action::Open { kind: NONO, puzzle: link.into() }, 5.0);
    assert_eq!(s.workshop(NONO).puzzle, Some(heart()));
    assert_eq!(s.workshop(NONO).marks, vec![1]);
}

#[test]
fn a_notice_is_shown_replaced_and_dismissed() {
    let mut s = State::new(Vec::new(), Default::default(), HEART);
    s = step(&s, Action::Notify(Severity::Info, "first".into()), 0.0);
    assert_eq!(s.notice, Some(Notice::info("first")));
    s = step(&s, Action::Notify(Severity::Error, "second".into()), 1.0);
    assert_eq!(s.notice, Some(Notice::error("second")));
    s = step(&s, Action::Dismiss, 2.0);
    assert!(s.notice.is_none());
}

#[test]
fn a_started_job_clears_its_owners_last_words() {
    let mut s = State::new(Vec::new(), Default::default(), HEART);
    s = started(&s, 1, Some(NONO), Work::Solve(Mode::Unique));
    s = step(&s, Action::Cancelled(Owner::Kind(NONO)), 1.0);
    s = step(&s, Action::Notify(Severity::Error, "about the last run".into()), 2.0);
    let run = Action::Started {
        job: 2,
        kind: Some(NONO),
        work: Work::Solve(Mode::Unique),
        now_ms: 3.0,
        budget_ms: Some(500.0),
    };
    s = step(&s, run, 3.0);
    assert!(s.end_of(Owner::Kind(NONO)).is_none(), "`Cancelled.` is the last run's");
    assert!(s.notice.is_none(), "so is the message on its page");
    let busy = s.busy_kind(NONO).expect("the job is in flight");
    assert_eq!((busy.job, busy.started_ms, busy.budget_ms), (2, 3.0, Some(500.0)));
    // A job of another page leaves this page's message.
    s = step(&s, Action::Notify(Severity::Info, "here".into()), 4.0);
    s = started(&s, 3, Some(Kind::FloodIt), Work::Generate);
    assert_eq!(s.notice, Some(Notice::info("here")));
    assert_eq!(s.jobs.len(), 2);
}

#[test]
fn a_mark_is_one_undoable_move() {
    let mut s = State::new(Vec::new(), Default::default(), HEART);
    // A drag: several cells, one step; the marks grow to the furthest cell.
    s = step(&s, Action::Mark { kind: NONO, cells: vec![(0, 1), (3, 2)] }, 1.0);
    let w = s.workshop(NONO);
    assert_eq!(w.marks, vec![1, 0, 0, 2]);
    assert_eq!(w.undo.len(), 1);
    assert_eq!(w.play.moves, 1);
    // A mark that changes nothing is no move.
    s = step(&s, Action::Mark { kind: NONO, cells: vec![(0, 1)] }, 2.0);
    assert_eq!((s.workshop(NONO).undo.len(), s.workshop(NONO).play.moves), (1, 1));
    // A mark drops the hint shown and goes back to the player's board.
    s = step(&s, Action::Show { kind: NONO, view: View::Answer(0) }, 3.0);
    s = started(&s, 1, Some(NONO), Work::Hint);
    let mistake = Hint::Mistake { cells: vec![0], sentence: "First fix a mistake".into() };
    s = step(&s, reply(1, Reply::Hint(Box::new(mistake))), 4.0);
    s = step(&s, Action::Mark { kind: NONO, cells: vec![(1, 1)] }, 5.0);
    let w = s.workshop(NONO);
    assert!(w.hint.is_none());
    assert_eq!(w.view, Some(View::Play));
    assert_eq!((w.undo.len(), w.play.moves), (2, 2));
}

#[test]
fn undo_and_redo_walk_the_marks_history() {
    let mut s = State::new(Vec::new(), Default::default(), HEART);
    assert!(s.apply(Action::Undo(NONO), 0.0).is_none(), "nothing to take back");
    assert!(s.apply(Action::Redo(NONO), 0.0).is_none(), "nothing to put back");
    s = step(&s, Action::Mark { kind: NONO, cells: vec![(0, 1)] }, 1.0);
    s = step(&s, Action::Mark { kind: NONO, cells: vec![(1, 2)] }, 2.0);
    s = step(&s, Action::Undo(NONO), 3.0);
    assert_eq!(s.workshop(NONO).marks, vec![1]);
    s = step(&s, Action::Undo(NONO), 4.0);
    assert!(s.workshop(NONO).marks.is_empty());
    assert!(s.apply(Action::Undo(NONO), 5.0).is_none());
    s = step(&s, Action::Redo(NONO), 6.0);
    assert_eq!(s.workshop(NONO).marks, vec![1]);
    s = step(&s, Action::Redo(NONO), 7.0);
    assert_eq!(s.workshop(NONO).marks, vec![1, 2]);
    assert!(s.apply(Action::Redo(NONO), 8.0).is_none());
    // A new move after Undo starts a new branch: Redo has nothing left.
    s = step(&s, Action::Undo(NONO), 9.0);
    s = step(&s, Action::Mark { kind: NONO, cells: vec![(2, 1)] }, 10.0);
    assert_eq!(s.workshop(NONO).marks, vec![1, 0, 1]);
    assert!(s.workshop(NONO).redo.is_empty());
    // Undo and Redo are not moves of the clock.
    assert_eq!(s.workshop(NONO).play.moves, 3);
}

#[test]
fn clearing_is_one_undoable_step_and_a_fresh_attempt() {
    let mut s = State::new(Vec::new(), Default::default(), HEART);
    s = step(&s, Action::Mark { kind: NONO, cells: vec![(0, 1), (1, 2)] }, 1.0);
    s = step(&s, Action::Mark { kind: NONO, cells: vec![(2, 1)] }, 2_000.0);
    s = step(&s, Action::ClearMarks(NONO), 3_000.0);
    let w = s.workshop(NONO);
    assert!(w.marks.is_empty());
    assert_eq!(w.play, Play::default(), "a new clock and move count");
    assert_eq!(w.undo.len(), 3);
    s = step(&s, Action::Undo(NONO), 4_000.0);
    assert_eq!(s.workshop(NONO).marks, vec![1, 2, 1]);
}

#[test]
fn show_switches_the_board_between_the_marks_and_an_answer() {
    let report = heart_report();
    let mut s = State::new(Vec::new(), Default::default(), HEART);
    s = started(&s, 1, Some(NONO), Work::Solve(Mode::Unique));
    s = step(&s, reply(1, Reply::Solved(report.clone())), 1.0);
    s = step(&s, Action::Show { kind: NONO, view: View::Play }, 2.0);
    assert_eq!(s.workshop(NONO).view, Some(View::Play));
    assert_eq!(s.workshop(NONO).shown_answers(), (None, None));
    s = step(&s, Action::Show { kind: NONO, view: View::Answer(0) }, 3.0);
    assert_eq!(s.workshop(NONO).shown_answers(), (Some(&report.solutions[0]), None));
}

#[test]
fn check_rings_the_wrong_marks_against_the_unique_answer() {
    let report = heart_report();
    let answer = report.solutions[0].concat();
    let wrong = answer.find('.').expect("an empty cell");
    let right = answer.find('#').expect("a filled cell");
    let mut s = State::new(Vec::new(), Default::default(), HEART);
    s = step(&s, Action::Mark { kind: NONO, cells: vec![(wrong, 1), (right, 1)] }, 1.0);
    // No solve yet: Check waits for the one the page starts.
    s = step(&s, Action::Check(NONO), 2.0);
    assert!(s.workshop(NONO).check_pending && s.workshop(NONO).mistakes.is_none());
    s = started(&s, 1, Some(NONO), Work::Solve(Mode::Unique));
    s = step(&s, reply(1, Reply::Solved(report.clone())), 3.0);
    let w = s.workshop(NONO);
    assert!(!w.check_pending && w.result_for_check);
    assert_eq!(w.mistakes, Some(vec![wrong]));
    assert_eq!(w.checked, Some((false, "Your grid: 1 mistake, ringed in red.".into())));
    assert_eq!(w.view, Some(View::Play), "Check speaks about the player's grid");
    // The wrong mark emptied: the rings go with the move, and a second Check finds none.
    s = step(&s, Action::Mark { kind: NONO, cells: vec![(wrong, 0)] }, 4.0);
    assert!(s.workshop(NONO).mistakes.is_none() && s.workshop(NONO).checked.is_none());
    s = step(&s, Action::Check(NONO), 5.0);
    let w = s.workshop(NONO);
    assert_eq!(w.mistakes, Some(vec![]));
    assert_eq!(w.checked, Some((true, "Your grid: no mistakes so far.".into())));
}

#[test]
fn check_says_why_there_is_nothing_to_compare_with() {
    // Two answers: a 2x2 with one cell in each row and column.
    let two = "#nonogram/v1/2x2:1/1/1/1";
    let solve =
        Request::Solve { kind: NONO, puzzle: two.into(), mode: Mode::Unique, options: "".into() };
    let Reply::Solved(report) = last(solve) else { panic!("the 2x2 solves") };
    let mut s = State::new(Vec::new(), Default::default(), two);
    s = started(&s, 1, Some(NONO), Work::Solve(Mode::Unique));
    s = step(&s, reply(1, Reply::Solved(report)), 1.0);
    s = step(&s, Action::Check(NONO), 2.0);
    let w = s.workshop(NONO);
    let (ok, text) = w.checked.clone().expect("Check says something");
    assert!(!ok);
    assert!(text.contains("more than one solution"), "{text}");
    assert!(w.mistakes.is_none(), "no rings without the one answer");
}

#[test]
fn finishing_stops_the_clock_once() {
    let mut s = State::new(Vec::new(), Default::default(), HEART);
    s = step(&s, Action::Mark { kind: NONO, cells: vec![(0, 1)] }, 1_000.0);
    s = step(&s, Action::Mark { kind: NONO, cells: vec![(1, 1)] }, 3_000.0);
    s = step(&s, Action::Finished(NONO), 4_000.0);
    assert_eq!(s.workshop(NONO).play.finished, Some((3_000.0, 2)));
    assert!(s.apply(Action::Finished(NONO), 60_000.0).is_none(), "the first finish stands");
}

#[test]
fn a_hint_step_is_applied_as_one_move_or_dismissed() {
    let mut s = State::new(Vec::new(), Default::default(), HEART);
    assert!(s.apply(Action::ApplyHint(NONO), 0.0).is_none(), "no hint, nothing to apply");
    let ask = Request::Hint { kind: NONO, puzzle: heart(), marks: Vec::new() };
    let Reply::Hint(hint) = last(ask) else { panic!("a hint on the empty heart") };
    let Hint::Step(ref found) = *hint else { panic!("a step: {hint:?}") };
    let mut expected = Vec::new();
    studio::marks::apply_bytes(&mut expected, &found.marks);
    s = started(&s, 1, Some(NONO), Work::Hint);
    assert_eq!(s.workshop(NONO).next_marks(), None, "no step shown, nothing to find ahead");
    s = step(&s, reply(1, Reply::Hint(hint.clone())), 1.0);
    // While the step shows, the marks it leads to are those the worker finds the next hint for.
    assert_eq!(s.workshop(NONO).next_marks(), Some(expected.clone()));
    s = step(&s, Action::ApplyHint(NONO), 2.0);
    let w = s.workshop(NONO);
    assert_eq!(w.marks, expected);
    assert!(w.hint.is_none());
    assert_eq!(w.next_marks(), None);
    assert_eq!((w.play.moves, w.play.hints, w.undo.len()), (1, 1, 1));
    // Shown again and dismissed: the board stays as it is.
    s = started(&s, 2, Some(NONO), Work::Hint);
    s = step(&s, reply(2, Reply::Hint(hint)), 3.0);
    assert!(s.workshop(NONO).hint.is_some());
    s = step(&s, Action::DismissHint(NONO), 4.0);
    assert!(s.workshop(NONO).hint.is_none());
    assert_eq!(s.workshop(NONO).marks, expected);
    assert!(s.apply(Action::ApplyHint(NONO), 5.0).is_none());
}

#[test]
fn hints_found_ahead_are_kept_shown_at_once_and_followed() {
    use studio::app_state::{ReadAheads, READ_AHEAD};
    use studio::jobs::ReadAhead;
    // The hints' own path from the empty grid: each step's marks and the hint there.
    let kind = Kind::StarBattle;
    let puzzle = kinds::import(kind, STARS).unwrap();
    let answer = kinds::hint_answer(kind, &puzzle, None).expect("solved");
    let mut path: Vec<(Vec<u8>, Hint)> = Vec::new();
    let mut marks = Vec::new();
    loop {
        let hint = kinds::hint_text(kind, &puzzle, &marks, answer.as_deref()).expect("a hint");
        let Hint::Step(ref step) = hint else { break };
        let next = {
            let mut m = marks.clone();
            studio::marks::apply_bytes(&mut m, &step.marks);
            m
        };
        path.push((std::mem::replace(&mut marks, next), hint));
    }
    assert!(path.len() > READ_AHEAD + 2, "a path long enough: {} steps", path.len());
    let found = |i: usize| {
        let (marks, hint) = path[i].clone();
        ReadAhead { kind, puzzle: puzzle.clone(), marks, hint }
    };
    let mut s = State::new(Vec::new(), Default::default(), &puzzle_link(kind, &puzzle));
    let mut kept = ReadAheads::default();
    // The first press is a job; while its step shows, the marks it leads to are asked for.
    s = started(&s, 1, Some(kind), Work::Hint);
    s = step(&s, reply(1, Reply::Hint(Box::new(path[0].1.clone()))), 1.0);
    let reading = |s: &State| Some((kind, puzzle.clone(), s.workshop(kind).next_marks()?));
    assert_eq!(reading(&s), Some((kind, puzzle.clone(), path[1].0.clone())));
    let asked = |kept: &mut ReadAheads, s: &State| kept.next_request(reading(s).as_ref());
    assert_eq!(asked(&mut kept, &s), Some((kind, puzzle.clone(), path[1].0.clone())));
    assert_eq!(asked(&mut kept, &s), None, "the same marks are not asked for twice");
    // As each is found the next one along the path is asked for, up to READ_AHEAD steps past
    // the one on screen.
    for i in 1..=READ_AHEAD {
        kept.keep(found(i));
        let expected = (i < READ_AHEAD).then(|| (kind, puzzle.clone(), path[i + 1].0.clone()));
        assert_eq!(asked(&mut kept, &s), expected, "after {i} found ahead");
    }
    // Another puzzle's hint of the kind replaces them all.
    let other = ReadAhead { puzzle: "another".into(), ..found(1) };
    let mut elsewhere = ReadAheads::default();
    for i in 1..=3 {
        elsewhere.keep(found(i));
    }
    elsewhere.keep(other);
    assert_eq!(elsewhere.hint(kind, &puzzle, &path[1].0), None);
    assert_eq!(elsewhere.hint(kind, "another", &path[1].0), Some(&path[1].1));
    // Apply; the press on marks found ahead shows its hint at once, counted as a hint used.
    s = step(&s, Action::ApplyHint(kind), 4.0);
    assert_eq!(reading(&s), None, "no step on screen");
    let hint = kept.hint(kind, &puzzle, &s.workshop(kind).marks).cloned().expect("kept");
    assert_eq!(hint, path[1].1);
    let show = |marks: &[u8], hint: &Hint| Action::ShowKeptHint {
        kind,
        puzzle: puzzle.clone(),
        marks: marks.to_vec(),
        hint: Box::new(hint.clone()),
    };
    // Shown only on the marks it was found for.
    assert!(s.apply(show(&path[0].0, &hint), 4.5).is_none(), "the board holds other marks");
    s = step(&s, show(&path[1].0, &hint), 5.0);
    let w = s.workshop(kind);
    assert_eq!((w.hint.as_ref(), w.play.hints), (Some(&path[1].1), 2));
    assert_eq!(asked(&mut kept, &s), Some((kind, puzzle.clone(), path[READ_AHEAD + 1].0.clone())));
    // Another puzzle opened: a hint found for the old one is not shown on it, even on the
    // same marks.
    s = step(&s, Action::Open { kind, puzzle: kinds::import(kind, STARS_OTHER).unwrap() }, 8.0);
    let now = s.workshop(kind).marks.clone();
    assert!(s.apply(show(&now, &path[0].1), 9.0).is_none(), "a hint of another puzzle");
}

#[test]
fn the_explanation_is_scrubbed_step_by_step_and_closed() {
    let mut s = State::new(Vec::new(), Default::default(), HEART);
    let scrub = |at| Action::ExplainAt { kind: NONO, at };
    assert!(s.apply(scrub(Some(1)), 0.0).is_none(), "no explanation open");
    let Reply::Explained(x) = last(Request::Explain { kind: NONO, puzzle: heart() }) else {
        panic!("the heart is explained")
    };
    let steps = x.steps.len();
    s = started(&s, 1, Some(NONO), Work::Explain);
    s = step(&s, reply(1, Reply::Explained(x)), 1.0);
    let at = |s: &State| s.workshop(NONO).explanation.as_ref().map(|(_, at)| *at);
    s = step(&s, scrub(Some(1)), 2.0);
    assert_eq!(at(&s), Some(Some(1)));
    s = step(&s, scrub(Some(steps + 10)), 3.0);
    assert_eq!(at(&s), Some(Some(steps)), "past the end is the end");
    s = step(&s, scrub(None), 4.0);
    assert_eq!(at(&s), Some(None), "the player's own board");
    // A mark while scrubbed goes back to the player's board.
    s = step(&s, scrub(Some(2)), 5.0);
    s = step(&s, Action::Mark { kind: NONO, cells: vec![(0, 2)] }, 6.0);
    assert_eq!(at(&s), Some(None));
    s = step(&s, Action::CloseExplanation(NONO), 7.0);
    assert!(s.workshop(NONO).explanation.is_none());
}

#[test]
fn another_tabs_marks_on_a_puzzle_not_on_screen_are_kept() {
    let other = kinds::import(NONO, OTHER).unwrap();
    let s = State::new(Vec::new(), Default::default(), HEART);
    let play = Play { moves: 2, elapsed_ms: 1_000.0, last_ms: Some(5.0), ..Play::default() };
    let external = Action::External {
        kind: NONO,
        puzzle: other.clone(),
        marks: vec![1, 1],
        play: play.clone(),
        history: "".into(),
    };
    let s = step(&s, external.clone(), 1.0);
    assert!(s.workshop(NONO).marks.is_empty(), "the heart on screen is left alone");
    assert!(s.notice.is_none(), "nothing on screen changed, nothing is said");
    let kept = &s.kept[&NONO];
    assert_eq!(kept.len(), 1);
    assert_eq!((&kept[0].puzzle, &kept[0].marks, &kept[0].play), (&other, &vec![1, 1], &play));
    // The same marks again change nothing.
    assert!(s.apply(external, 2.0).is_none());
    // Opening it brings them here.
    let s = step(&s, Action::Open { kind: NONO, puzzle: other }, 3.0);
    assert_eq!(s.workshop(NONO).marks, vec![1, 1]);
}
