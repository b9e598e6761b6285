//! A puzzle of My puzzles keeps its Undo and Redo history (`studio::app_state`'s kept puzzles,
//! `studio::library`'s records): reopened after other puzzles, after a reload, from a link, from
//! another tab or from an export file, it comes back with its steps; a history that does not
//! read is dropped with a notice and the marks load; a full storage shortens it, nearest first.

use std::rc::Rc;

use studio::app_state::{Action, Kept, Play, State};
use studio::kinds::{self, Kind};
use studio::library;
use studio::play_history::{self, History, STEPS};

const KIND: Kind = Kind::Nonogram;
const HEART: &str = "#nonogram/v1/5x5:2/4/4/4/2/1.1/5/5/3/1";
const DANCER: &str = "#nonogram/v1/5x10:2.1/2.1.3/7/1.3/2.1/2/2.1/1.1/3/1.1/1.1/2/1.1/1.2/2";

fn heart() -> String {
    kinds::import(KIND, HEART).unwrap()
}

/// The heart played: four fills, the last one undone (Undo three steps deep, Redo one).
fn played() -> State {
    let mut s = State::new(Vec::new(), Default::default(), HEART);
    for (i, cell) in [0usize, 6, 12, 18].iter().enumerate() {
        s = s.apply(Action::Mark { kind: KIND, cells: vec![(*cell, 1)] }, i as f64).unwrap();
    }
    s.apply(Action::Undo(KIND), 10.0).unwrap()
}

/// Undo to the start and Redo back from the state `s`: the boards each walk shows.
fn walk(s: &State) -> (Vec<Vec<u8>>, Vec<Vec<u8>>) {
    let (mut back, mut forth) = (Vec::new(), Vec::new());
    let mut u = s.clone();
    while let Some(next) = u.apply(Action::Undo(KIND), 20.0) {
        u = next;
        back.push(u.workshop(KIND).marks.clone());
    }
    let mut r = s.clone();
    while let Some(next) = r.apply(Action::Redo(KIND), 30.0) {
        r = next;
        forth.push(r.workshop(KIND).marks.clone());
    }
    (back, forth)
}

fn history_of(s: &State) -> History {
    let w = s.workshop(KIND);
    History { undo: w.undo.clone(), redo: w.redo.clone() }
}

#[test]
fn a_puzzle_reopened_after_another_comes_back_with_its_undo_and_redo() {
    let s = played();
    let (marks, history, walks) = (s.workshop(KIND).marks.clone(), history_of(&s), walk(&s));
    assert_eq!((walks.0.len(), walks.1.len()), (3, 1));
    assert_eq!(walks.0.last(), Some(&Vec::new()), "Undo walks back to the empty board");
    // Another puzzle opened and played: the heart is kept with its history as text.
    let mut s = s.apply(Action::Route(DANCER.into()), 40.0).unwrap();
    s = s.apply(Action::Mark { kind: KIND, cells: vec![(3, 1)] }, 41.0).unwrap();
    let kept = &s.kept[&KIND];
    assert_eq!(kept.len(), 1);
    assert_eq!(play_history::steps_in(&kept[0].history), (3, 1));
    // Its record (My puzzles) carries the history; the puzzle on screen's does not (its
    // workshop's record does).
    let entries = s.entries();
    let record = |p: &str| entries.iter().find(|e| e.puzzle == p).map(library::encode).unwrap();
    let back = library::decode(&record(&heart())).unwrap();
    assert_eq!(back.history, kept[0].history);
    let dancer = s.workshop(KIND).puzzle.clone().unwrap();
    assert_eq!(library::decode(&record(&dancer)).unwrap().history.as_ref(), "");
    // Reopened (My puzzles' Resume is its link): the same marks, Undo and Redo.
    let again = s.apply(Action::Route(HEART.into()), 50.0).unwrap();
    assert_eq!(again.workshop(KIND).marks, marks);
    assert_eq!(history_of(&again), history);
    assert_eq!(walk(&again), walks);
    assert!(again.notice.is_none(), "{:?}", again.notice);
    // The puzzle it replaced is kept with its own one step.
    assert_eq!(play_history::steps_in(&again.kept[&KIND][0].history), (1, 0));
    // After a reload: the kept puzzles come from their records, the heart's history with it.
    let kept = vec![Kept {
        puzzle: back.puzzle.clone(),
        marks: back.marks.clone(),
        play: back.play.clone(),
        history: back.history.clone(),
    }];
    let saved = vec![(KIND, dancer, vec![0, 0, 0, 1], Play::default())];
    let r = State::new(saved, [(KIND, kept)].into_iter().collect(), DANCER);
    let r = r.apply(Action::Route(HEART.into()), 60.0).unwrap();
    assert_eq!(r.workshop(KIND).marks, marks);
    assert_eq!(walk(&r), walks);
    // Opened by a progress link that carries other marks: the kept steps stay under them.
    let link = studio::link::progress_fragment(HEART, &[1, 1]);
    let l = s.apply(Action::Route(format!("#{link}")), 70.0).unwrap();
    assert_eq!(l.workshop(KIND).marks, vec![1, 1]);
    assert_eq!(l.workshop(KIND).undo.len(), 4, "the marks here, then the three kept steps");
    assert_eq!(l.workshop(KIND).undo.last().map(|m| m.to_vec()), Some(marks.clone()));
    let l = l.apply(Action::Undo(KIND), 71.0).unwrap();
    assert_eq!(l.workshop(KIND).marks, marks);
    assert_eq!(walk(&l).0, walks.0);
    // Its own share link (no marks): as from My puzzles.
    let link = kinds::share_fragment(KIND, &heart()).unwrap();
    let l = s.apply(Action::Route(format!("#{link}")), 72.0).unwrap();
    assert_eq!(walk(&l), walks);
}

#[test]
fn a_kept_history_that_does_not_read_is_dropped_with_a_notice_and_the_marks_load() {
    let s = played().apply(Action::Route(DANCER.into()), 40.0).unwrap();
    let marks = s.kept[&KIND][0].marks.clone();
    for junk in ["h1 00000000|junk|", "h9 x|y|z", "not a history", "h1 abc"] {
        let mut t = s.clone();
        let mut kept = (*t.kept).clone();
        kept.get_mut(&KIND).unwrap()[0].history = junk.into();
        t.kept = Rc::new(kept);
        let t = t.apply(Action::Route(HEART.into()), 50.0).unwrap();
        assert_eq!(t.workshop(KIND).marks, marks, "{junk}: the marks load");
        assert!(t.workshop(KIND).undo.is_empty() && t.workshop(KIND).redo.is_empty());
        let said = t.notice.as_ref().map(|n| n.text.clone()).unwrap_or_default();
        assert!(said.contains("Undo history") && said.contains("could not be read back"), "{said}");
        // Played on, the heart is kept again with the new, good history.
        let t = t.apply(Action::Mark { kind: KIND, cells: vec![(24, 1)] }, 51.0).unwrap();
        let t = t.apply(Action::Route(DANCER.into()), 52.0).unwrap();
        assert_eq!(play_history::steps_in(&t.kept[&KIND][0].history), (1, 0));
    }
}

#[test]
fn another_tab_and_an_export_file_bring_the_history_with_the_marks() {
    let s = played();
    let (marks, walks) = (s.workshop(KIND).marks.clone(), walk(&s));
    let text = play_history::encode(&marks, &history_of(&s), STEPS);
    // The export file carries the history of the puzzle on screen and of the kept ones.
    let file = library::export(&s.entries_with_history());
    let (entries, skipped) = library::import(&file).unwrap();
    assert!(skipped.is_empty());
    assert_eq!(entries[0].history.as_ref(), text);
    // Another tab (a record of My puzzles written there) and a file read into a fresh page on
    // another puzzle: the heart is kept with its history, and opening it walks it.
    let fresh = State::new(Vec::new(), Default::default(), DANCER);
    let fresh = fresh.apply(Action::Mark { kind: KIND, cells: vec![(0, 1)] }, 1.0).unwrap();
    let external = Action::External {
        kind: KIND,
        puzzle: heart(),
        marks: marks.clone(),
        play: s.workshop(KIND).play.clone(),
        history: text.clone().into(),
    };
    for action in [external, Action::Imported(entries)] {
        let t = fresh.apply(action, 100.0).unwrap();
        let t = t.apply(Action::Route(HEART.into()), 101.0).unwrap();
        assert_eq!(t.workshop(KIND).marks, marks);
        assert_eq!(walk(&t), walks);
    }
}

#[test]
fn a_shortened_history_keeps_the_nearest_steps_of_each_stack() {
    let s = played();
    let w = s.workshop(KIND);
    let text = play_history::encode(&w.marks, &history_of(&s), STEPS);
    let check = kinds::marks_checker(KIND, &heart()).unwrap();
    for keep in 1..4 {
        let short = play_history::shorten(&text, keep);
        assert_eq!(play_history::steps_in(&short), (keep.min(3), 1), "{short}");
        assert_eq!(short, play_history::encode(&w.marks, &history_of(&s), keep));
        let back = play_history::decode(&short, &w.marks, &*check).unwrap();
        assert_eq!(back.undo[..], w.undo[w.undo.len() - keep.min(3)..]);
    }
    assert_eq!(play_history::shorten(&text, 0), "");
    assert_eq!(play_history::shorten("", 5), "");
    assert_eq!(play_history::shorten("junk", 5), "");
}
