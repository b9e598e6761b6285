//! The Undo history of play kept with the marks (`studio::play_history`, `studio::saved`): its
//! text round trip for every kind, junk refused with a reason, mutation fuzzing, its bounds, and
//! the page state taking it back after a reload and from another tab.

use std::rc::Rc;

use studio::app_state::{Action, History, Play, State};
use studio::kinds::{self, Kind};
use studio::play_history::{self, checksum, decode, encode, MAX_TEXT, STEPS};
use studio::samples;
use studio::saved;

fn sample(kind: Kind) -> String {
    let s = samples::of(kind).next().expect("every kind has a sample");
    kinds::import(kind, s.text).expect("samples open")
}

/// `n` random boards of `kind`'s sample that its marks reader takes (lengths vary: an empty
/// board, a short one, a full one), as a game's states would.
fn boards(kind: Kind, puzzle: &str, rng: &mut fastrand::Rng, n: usize) -> Vec<Vec<u8>> {
    let check = kinds::marks_checker(kind, puzzle).unwrap();
    let mut full = 1;
    while full < 4096 && check(&vec![1; full + 1]).is_ok() {
        full += 1;
    }
    let mut out = Vec::new();
    let mut board: Vec<u8> = Vec::new();
    let mut tries = 0;
    while out.len() < n && tries < 100 * n {
        tries += 1;
        let mut next = if rng.u8(..10) == 0 { Vec::new() } else { board.clone() };
        let len = rng.usize(1..=full.max(1));
        if next.len() < len {
            next.resize(len, 0);
        }
        for _ in 0..rng.usize(1..6) {
            let at = rng.usize(..next.len());
            let top = if rng.bool() { 3 } else { 13 };
            next[at] = rng.u8(..top);
        }
        if check(&next).is_ok() {
            board = next.clone();
            out.push(next);
        }
    }
    assert!(out.len() >= n / 2, "{kind:?}: {} boards", out.len());
    out
}

fn history(states: &[Vec<u8>], undone: usize) -> (Vec<u8>, History) {
    let at = states.len() - 1 - undone;
    let undo = states[..at].iter().cloned().map(Rc::new).collect();
    let redo = states[at + 1..].iter().rev().cloned().map(Rc::new).collect();
    (states[at].clone(), History { undo, redo })
}

#[test]
fn every_kinds_history_reads_back_as_written() {
    let mut rng = fastrand::Rng::with_seed(41);
    for kind in Kind::ALL {
        let puzzle = sample(kind);
        let check = kinds::marks_checker(kind, &puzzle).unwrap();
        for round in 0..20 {
            let states = boards(kind, &puzzle, &mut rng, 2 + round * 3);
            let (marks, h) = history(&states, rng.usize(..states.len()));
            let text = encode(&marks, &h, STEPS);
            assert!(text.starts_with("h1 "), "{kind:?}: {text}");
            let back = decode(&text, &marks, &*check).unwrap_or_else(|e| panic!("{kind:?}: {e}"));
            assert_eq!(back, h, "{kind:?}: {text}");
            // Through the saved record too: the marks load, and the history with them.
            let record = saved::encode_with_history(kind, &puzzle, &marks, "", &text);
            let loaded = saved::read(kind, Some(&record), None, None);
            assert_eq!(loaded.work, Some((puzzle.clone(), marks.clone())), "{kind:?}");
            assert_eq!((loaded.history, loaded.history_dropped), (h, None), "{kind:?}");
        }
    }
}

/// The page saves the whole history after every move, and the steps between kept boards are
/// written once and reused: a history saved move after move (the same boards kept, as the
/// workshop keeps them) reads the same as one written afresh from copies, and reads back.
#[test]
fn a_history_saved_move_after_move_is_the_history_written_afresh() {
    let mut rng = fastrand::Rng::with_seed(7);
    let kind = Kind::Nonogram;
    let puzzle = sample(kind);
    let check = kinds::marks_checker(kind, &puzzle).unwrap();
    let states = boards(kind, &puzzle, &mut rng, 60);
    let mut kept = History::default();
    let mut marks = states[0].clone();
    for (i, next) in states.iter().enumerate().skip(1) {
        kept.undo.push(Rc::new(std::mem::replace(&mut marks, next.clone())));
        // Now and then an Undo and a Redo, as a player does.
        if i % 7 == 0 {
            let back = kept.undo.pop().unwrap();
            kept.redo.push(Rc::new(std::mem::replace(&mut marks, (*back).clone())));
        } else if i % 11 == 0 && !kept.redo.is_empty() {
            kept.redo.clear();
        }
        let saved = encode(&marks, &kept, STEPS);
        let copies = History {
            undo: kept.undo.iter().map(|b| Rc::new((**b).clone())).collect(),
            redo: kept.redo.iter().map(|b| Rc::new((**b).clone())).collect(),
        };
        assert_eq!(saved, encode(&marks, &copies, STEPS), "after move {i}");
        assert_eq!(decode(&saved, &marks, &*check).unwrap(), kept, "after move {i}");
    }
}

#[test]
fn a_record_without_history_reads_as_before_and_no_history_writes_none() {
    let puzzle = sample(Kind::Nonogram);
    let record = saved::encode(Kind::Nonogram, &puzzle, &[1, 2]);
    assert!(!record.contains("history"), "{record}");
    let loaded = saved::read(Kind::Nonogram, Some(&record), None, None);
    assert_eq!((loaded.history, loaded.history_dropped), (History::default(), None));
    assert_eq!(encode(&[1, 2], &History::default(), STEPS), "");
}

#[test]
fn a_history_that_does_not_read_is_dropped_with_why_and_the_marks_still_load() {
    let kind = Kind::Nonogram;
    let puzzle = sample(kind);
    let marks = vec![1, 2, 0, 1];
    let sum = checksum(&marks);
    let cases: Vec<(String, &str)> = vec![
        ("junk".into(), "not an Undo history"),
        (format!("h2 {sum}|4|"), "another version of the studio (h2"),
        (format!("h1 {sum}|4"), "not 3 separated by |"),
        (format!("h1 00000000|4|"), "does not lead to the kept marks"),
        (format!("h1 {sum}|x|"), "undo step 1: the length \"x\""),
        (format!("h1 {sum}|4:9=1|"), "undo step 1: cell 9 is past the 4 marks"),
        (format!("h1 {sum}|4;4:2=1,1=1|"), "undo step 2: the cells 1 are out of order"),
        (format!("h1 {sum}|4:0=300|"), "mark 300 is more than 255"),
        (format!("h1 {sum}|4:0=9|"), "undo step 1 is not a board of this puzzle"),
        (format!("h1 {sum}||99999"), "redo step 1: it makes 99999 marks"),
        (format!("h1 {sum}|4:3-1=1|"), "out of order"),
        (format!("h1 {sum}|4:0-1|"), "is not cell=mark"),
        (format!("h1 {sum}|{}|", vec!["4"; STEPS + 1].join(";")), "more than 300"),
        ("h1 ".to_string() + &"x".repeat(MAX_TEXT), "characters long"),
    ];
    for (text, want) in cases {
        let record = saved::encode_with_history(kind, &puzzle, &marks, "", &text);
        let loaded = saved::read(kind, Some(&record), None, None);
        assert_eq!(loaded.work, Some((puzzle.clone(), marks.clone())), "{want}: the marks load");
        assert_eq!(loaded.unreadable, None, "{want}");
        assert!(loaded.history.is_empty(), "{want}");
        let why = loaded.history_dropped.unwrap_or_else(|| panic!("{want}: not dropped"));
        assert!(why.contains(want), "{want}: {why}");
        let sentence = saved::history_dropped_sentence(kind, &why);
        assert!(sentence.contains("dropped") && sentence.contains(&why), "{sentence}");
    }
}

#[test]
fn mutated_histories_never_panic_and_what_reads_is_boards_of_the_puzzle() {
    let mut rng = fastrand::Rng::with_seed(7);
    let alphabet: Vec<char> = "0123456789:;,=-| hx".chars().collect();
    for kind in [Kind::Nonogram, Kind::KenKen, Kind::FloodIt, Kind::ColourNonogram] {
        let puzzle = sample(kind);
        let check = kinds::marks_checker(kind, &puzzle).unwrap();
        let states = boards(kind, &puzzle, &mut rng, 12);
        let (marks, h) = history(&states, 3.min(states.len() - 1));
        let seed = encode(&marks, &h, STEPS);
        let (mut read, mut refused) = (0, 0);
        for _ in 0..3000 {
            let t = studio_fuzz(&mut rng, &seed, &alphabet);
            match decode(&t, &marks, &*check) {
                Ok(back) => {
                    read += 1;
                    assert!(back.undo.len() <= STEPS && back.redo.len() <= STEPS);
                    for m in back.undo.iter().chain(&back.redo) {
                        assert!(check(m).is_ok(), "{kind:?} {t}: {m:?}");
                    }
                }
                Err(why) => {
                    refused += 1;
                    assert!(!why.is_empty());
                }
            }
        }
        assert!(read > 0 && refused > 0, "{kind:?}: {read} read, {refused} refused");
    }
}

fn studio_fuzz(rng: &mut fastrand::Rng, seed: &str, alphabet: &[char]) -> String {
    crate::fuzz::mutate(rng, seed, alphabet)
}

#[test]
fn the_history_is_bounded_in_steps_and_in_size() {
    let kind = Kind::Nonogram;
    let puzzle = sample(kind);
    let check = kinds::marks_checker(kind, &puzzle).unwrap();
    // 1000 moves on the board: the last STEPS are kept, nearest first.
    let mut states = Vec::new();
    for i in 0..1000usize {
        let mut b = vec![0u8; 25];
        b[i % 25] = 1 + (i / 25 % 2) as u8;
        states.push(b);
    }
    let (marks, h) = history(&states, 0);
    let text = encode(&marks, &h, 1000);
    assert_eq!(play_history::steps_in(&text), (STEPS, 0));
    let back = decode(&text, &marks, &*check).unwrap();
    assert_eq!(back.undo[..], h.undo[h.undo.len() - STEPS..]);
    // Asked to keep fewer (a full storage), it keeps the nearest ones.
    let short = encode(&marks, &h, 10);
    assert_eq!(decode(&short, &marks, &*check).unwrap().undo[..], h.undo[h.undo.len() - 10..]);
    assert!(short.len() < text.len() / 20, "{} of {}", short.len(), text.len());
    // Steps of a whole 65536-mark board never make a text past MAX_TEXT.
    let big: Vec<Rc<Vec<u8>>> =
        (0..STEPS).map(|i| Rc::new((0..1 << 16).map(|c| ((c + i) % 3) as u8).collect())).collect();
    let text = encode(&[], &History { undo: big, redo: Vec::new() }, STEPS);
    assert!(text.len() <= MAX_TEXT, "{}", text.len());
    assert!(play_history::steps_in(&text).0 >= 1);
    // A step of many cells in a row is one run.
    let cleared = History { undo: vec![Rc::new(vec![1; 25])], redo: Vec::new() };
    assert_eq!(encode(&[], &cleared, STEPS), format!("h1 {}|25:0-24=1|", checksum(&[])));
}

const HEART: &str = "#nonogram/v1/5x5:2/4/4/4/2/1.1/5/5/3/1";

#[test]
pub(crate) fn a_reload_restores_undo_and_redo_and_another_tab_brings_its_history() {
    let kind = Kind::Nonogram;
    let mut s = State::new(Vec::new(), Default::default(), HEART);
    for (i, cell) in [0usize, 1, 2].iter().enumerate() {
        s = s.apply(Action::Mark { kind, cells: vec![(*cell, 1)] }, i as f64).unwrap();
    }
    s = s.apply(Action::Undo(kind), 5.0).unwrap();
    let w = s.workshop(kind);
    let puzzle = w.puzzle.clone().unwrap();
    let text = encode(&w.marks, &History { undo: w.undo.clone(), redo: w.redo.clone() }, STEPS);
    let record = saved::encode_with_history(kind, &puzzle, &w.marks, "", &text);
    // The reload: the record read back, then the history it kept.
    let loaded = saved::read(kind, Some(&record), None, None);
    let (p, m) = loaded.work.unwrap();
    let mut r =
        State::new(vec![(kind, p.clone(), m.clone(), Play::default())], Default::default(), HEART);
    r.restore_histories(vec![(kind, p.clone(), m.clone(), loaded.history.clone(), None)]);
    assert_eq!(r.workshop(kind).marks, vec![1, 1]);
    let r1 = r.apply(Action::Undo(kind), 6.0).unwrap();
    assert_eq!(r1.workshop(kind).marks, vec![1]);
    let r2 = r1.apply(Action::Undo(kind), 7.0).unwrap();
    assert!(r2.workshop(kind).marks.is_empty());
    assert!(r2.apply(Action::Undo(kind), 8.0).is_none(), "no step before the first");
    let r3 = r.apply(Action::Redo(kind), 9.0).unwrap();
    assert_eq!(r3.workshop(kind).marks, vec![1, 1, 1]);
    // A history for another puzzle (a link opened another one) is not taken.
    let mut other = State::new(Vec::new(), Default::default(), HEART);
    other.restore_histories(vec![(
        kind,
        "another".into(),
        Vec::new(),
        loaded.history.clone(),
        None,
    )]);
    assert!(other.workshop(kind).undo.is_empty());
    // A dropped history is said.
    let mut d =
        State::new(vec![(kind, p.clone(), m.clone(), Play::default())], Default::default(), HEART);
    d.restore_histories(vec![(
        kind,
        p.clone(),
        m.clone(),
        History::default(),
        Some("junk".into()),
    )]);
    assert!(d
        .notice
        .as_ref()
        .is_some_and(|n| n.text.contains("Undo history") && n.text.contains("junk")));
    assert_eq!(d.workshop(kind).marks, m, "the marks load");
    // Another tab on the same puzzle: its marks, clock and history come here, said once.
    let tab = State::new(Vec::new(), Default::default(), HEART);
    let moves = Action::TabMoves {
        kind,
        puzzle: p.clone(),
        marks: m.clone(),
        play: Play { moves: 3, ..Play::default() },
        history: loaded.history.clone(),
    };
    let tab = tab.apply(moves.clone(), 10.0).unwrap();
    assert_eq!(tab.workshop(kind).marks, vec![1, 1]);
    assert_eq!(tab.workshop(kind).play.moves, 3);
    assert!(tab.notice.as_ref().is_some_and(|n| n.text.contains("another tab")));
    assert!(tab.apply(moves, 11.0).is_none(), "the same record again changes nothing");
    let back = tab.apply(Action::Undo(kind), 12.0).unwrap();
    assert_eq!(back.workshop(kind).marks, vec![1]);
    // On another puzzle of the kind, the marks are kept, not put on screen.
    let dancer =
        kinds::import(kind, "5x10:2.1/2.1.3/7/1.3/2.1/2/2.1/1.1/3/1.1/1.1/2/1.1/1.2/2").unwrap();
    let kept = tab
        .apply(
            Action::TabMoves {
                kind,
                puzzle: dancer.clone(),
                marks: vec![2, 2],
                play: Play::default(),
                history: History::default(),
            },
            13.0,
        )
        .unwrap();
    assert_eq!(kept.workshop(kind).marks, vec![1, 1]);
    assert!(kept.kept[&kind].iter().any(|k| k.puzzle == dancer && k.marks == vec![2, 2]));
}

#[test]
fn flood_it_undo_after_a_reload_takes_back_the_last_colour_and_the_count() {
    let kind = Kind::FloodIt;
    let puzzle = sample(kind);
    let check = kinds::marks_checker(kind, &puzzle).unwrap();
    // Moves are colours + 1, one slot each; each move is one step.
    let played: Vec<Vec<u8>> = vec![vec![], vec![2], vec![2, 3], vec![2, 3, 1]];
    assert!(played.iter().all(|m| check(m).is_ok()));
    let (marks, h) = history(&played, 0);
    let text = encode(&marks, &h, STEPS);
    let back = decode(&text, &marks, &*check).unwrap();
    assert_eq!(back.undo.last().map(|m| m.as_slice()), Some(&[2u8, 3][..]));
}
