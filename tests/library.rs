//! My puzzles (`studio::library`) and two tabs on one puzzle, natively: ids, records, the list,
//! best times, the export file both ways, and the page state taking another tab's marks.

use studio::app_state::{Action, Page, Play, State};
use studio::kinds::{self, Kind};
use studio::library::{self, Entry, Progress};

const HEART: &str = "5x5:2/4/4/4/2/1.1/5/5/3/1";

fn heart() -> String {
    kinds::import(Kind::Nonogram, HEART).unwrap()
}

fn entry(kind: Kind, text: &str, marks: Vec<u8>, play: Play) -> Entry {
    Entry { kind, puzzle: kinds::import(kind, text).unwrap(), marks, play, history: "".into() }
}

fn played(
    moves: u32,
    elapsed_ms: f64,
    last: f64,
    finished: Option<(f64, u32)>,
    hints: u32,
) -> Play {
    Play { moves, elapsed_ms, last_ms: Some(last), finished, hints }
}

#[test]
fn one_puzzle_has_one_key_whatever_its_form() {
    let link = format!("#nonogram/v1/{HEART}");
    let a = kinds::import(Kind::Nonogram, HEART).unwrap();
    let b = kinds::import(Kind::Nonogram, &link).unwrap();
    assert_eq!(library::key(Kind::Nonogram, &a), library::key(Kind::Nonogram, &b));
    let other =
        kinds::import(Kind::Nonogram, "5x10:2.1/2.1.3/7/1.3/2.1/2/2.1/1.1/3/1.1/1.1/2/1.1/1.2/2")
            .unwrap();
    assert_ne!(library::key(Kind::Nonogram, &a), library::key(Kind::Nonogram, &other));
    let key = library::key(Kind::Nonogram, &a);
    assert!(key.starts_with("puzzle-studio/nonogram/p/"), "{key}");
    assert_eq!(library::kind_of_key(&key), Some(Kind::Nonogram));
    for not in [
        "puzzle-studio/nonogram/work",
        "puzzle-studio/nonogram/kept",
        "puzzle-studio/nonogram/p/xyz",
        "puzzle-studio/sudoku/p/0123456789abcdef",
        "other/nonogram/p/0123456789abcdef",
    ] {
        assert_eq!(library::kind_of_key(not), None, "{not}");
    }
}

#[test]
fn records_read_back_and_bad_ones_say_why() {
    let e = entry(Kind::Nonogram, HEART, vec![1, 2, 0, 1], played(3, 4_000.0, 1e12, None, 1));
    assert_eq!(library::decode(&library::encode(&e)).unwrap(), e);
    assert!(library::decode("not json").unwrap_err().contains("not JSON"));
    assert!(library::decode(r#"{"version":2,"kind":"sudoku","puzzle":"x"}"#)
        .unwrap_err()
        .contains("sudoku"));
    assert!(library::decode(r#"{"version":2,"kind":"nonogram","puzzle":"{}"}"#).is_err());
}

#[test]
fn the_list_and_best_times() {
    let entries = vec![
        entry(Kind::Nonogram, HEART, vec![1], played(5, 50_000.0, 3.0, Some((48_000.0, 5)), 0)),
        entry(
            Kind::Nonogram,
            "5x5:1/1/1/1/1/1/1/1/1/1",
            vec![1],
            played(9, 30_000.0, 2.0, Some((30_000.0, 9)), 2),
        ),
        entry(Kind::Nonogram, "5x5:5/5/5/5/5/5/5/5/5/5", vec![1], played(2, 1_000.0, 5.0, None, 0)),
        // Opened, never played: not listed.
        entry(Kind::Nonogram, "5x5:3/3/3/3/3/5/5/5//", vec![0, 0], Play::default()),
        entry(
            Kind::FloodIt,
            "6x6:032242034203340350204502505323231342,17",
            vec![1, 2],
            played(2, 7_000.0, 4.0, Some((7_000.0, 2)), 0),
        ),
    ];
    let lines = library::lines(&entries);
    assert_eq!(lines.len(), 4);
    // Most recently played first.
    let last: Vec<f64> = lines.iter().map(|l| l.last_ms.unwrap()).collect();
    assert_eq!(last, vec![5.0, 4.0, 3.0, 2.0]);
    assert_eq!(lines[0].progress, Progress::Playing);
    assert_eq!(lines[2].progress, Progress::Solved);
    assert_eq!(lines[2].time_ms, 48_000.0);
    assert_eq!(lines[0].shape, "5x5");
    assert_eq!(lines[1].shape, "6x6, 6 colours");
    assert!(lines[2].fragment.starts_with("nonogram/v1/5x5:"));
    let best = library::best_times(&entries);
    assert_eq!(best.len(), 2);
    assert_eq!(
        (best[0].kind, best[0].shape.as_str(), best[0].best_ms, best[0].solved),
        (Kind::Nonogram, "5x5", Some(48_000.0), 2),
        "the faster finish used hints"
    );
    assert_eq!((best[1].kind, best[1].best_ms, best[1].solved), (Kind::FloodIt, Some(7_000.0), 1));
}

#[test]
fn the_export_file_reads_back_and_refuses_others() {
    let entries = vec![
        entry(Kind::Nonogram, HEART, vec![1, 0, 2], played(3, 9_000.0, 10.0, None, 0)),
        entry(
            Kind::StarBattle,
            "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou",
            vec![1],
            played(1, 0.0, 11.0, None, 0),
        ),
    ];
    let text = library::export(&entries);
    let (back, skipped) = library::import(&text).unwrap();
    assert_eq!(back, entries);
    assert!(skipped.is_empty());
    // One bad record is left out with its place; the rest still read.
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["puzzles"][0]["puzzle"] = "garbage".into();
    let (back, skipped) = library::import(&v.to_string()).unwrap();
    assert_eq!(back.len(), 1);
    assert!(skipped[0].starts_with("puzzle 1: "), "{skipped:?}");
    assert!(library::import("{}").unwrap_err().contains("not a My puzzles file"));
    assert!(library::import(r#"{"format":"other","version":1,"puzzles":[]}"#)
        .unwrap_err()
        .contains("other"));
    assert!(library::import(r#"{"format":"puzzle-studio-puzzles","version":9,"puzzles":[]}"#)
        .unwrap_err()
        .contains("newer"));
}

#[test]
fn overflow_drops_the_least_recently_played_of_a_kind() {
    let entries: Vec<Entry> = (0..library::PER_KIND + 3)
        .map(|i| Entry {
            kind: Kind::Nonogram,
            puzzle: format!("p{i}"),
            marks: vec![1],
            play: played(1, 0.0, i as f64, None, 0),
            history: "".into(),
        })
        .collect();
    assert_eq!(library::overflow(&entries), vec![0, 1, 2]);
}

#[test]
pub(crate) fn another_tabs_marks_come_here_and_one_undo_brings_these_back() {
    let link = format!("#nonogram/v1/{HEART}");
    let mut s = State::new(Vec::new(), Default::default(), &link);
    s = s.apply(Action::Mark { kind: Kind::Nonogram, cells: vec![(0, 1)] }, 1.0).unwrap();
    let theirs = vec![1, 1, 2, 0, 1];
    s = s
        .apply(
            Action::External {
                kind: Kind::Nonogram,
                puzzle: heart(),
                marks: theirs.clone(),
                play: played(4, 2.0, 3.0, None, 0),
                history: "".into(),
            },
            4.0,
        )
        .unwrap();
    assert_eq!(s.workshop(Kind::Nonogram).marks, theirs);
    assert!(s.notice.as_ref().is_some_and(|n| n.text.contains("another tab")));
    // The same record again changes nothing (no echo between tabs).
    assert!(s
        .apply(
            Action::External {
                kind: Kind::Nonogram,
                puzzle: heart(),
                marks: theirs.clone(),
                play: played(4, 2.0, 3.0, None, 0),
                history: "".into(),
            },
            5.0
        )
        .is_none());
    s = s.apply(Action::Undo(Kind::Nonogram), 6.0).unwrap();
    assert_eq!(s.workshop(Kind::Nonogram).marks, vec![1]);
    // Another puzzle played in the other tab is kept, not put on screen.
    let dancer =
        kinds::import(Kind::Nonogram, "5x10:2.1/2.1.3/7/1.3/2.1/2/2.1/1.1/3/1.1/1.1/2/1.1/1.2/2")
            .unwrap();
    s = s
        .apply(
            Action::External {
                kind: Kind::Nonogram,
                puzzle: dancer.clone(),
                marks: vec![2, 2],
                play: played(2, 1.0, 7.0, None, 0),
                history: "".into(),
            },
            7.0,
        )
        .unwrap();
    assert_eq!(s.workshop(Kind::Nonogram).marks, vec![1]);
    assert!(s.kept[&Kind::Nonogram].iter().any(|k| k.puzzle == dancer && k.marks == vec![2, 2]));
    assert_eq!(s.entries().len(), 2);
    assert_eq!(s.page, Page::Kind(Kind::Nonogram));
}

#[test]
pub(crate) fn an_imported_file_keeps_the_puzzle_played_last() {
    let link = format!("#nonogram/v1/{HEART}");
    let mut s = State::new(Vec::new(), Default::default(), &link);
    s = s.apply(Action::Mark { kind: Kind::Nonogram, cells: vec![(0, 1)] }, 100.0).unwrap();
    // Older than the marks here: ignored. Newer: taken.
    let older = Entry {
        kind: Kind::Nonogram,
        puzzle: heart(),
        marks: vec![2, 2, 2],
        play: played(3, 0.0, 50.0, None, 0),
        history: "".into(),
    };
    s = s.apply(Action::Imported(vec![older]), 200.0).unwrap();
    assert_eq!(s.workshop(Kind::Nonogram).marks, vec![1]);
    let newer = Entry {
        kind: Kind::Nonogram,
        puzzle: heart(),
        marks: vec![2, 2, 2],
        play: played(3, 0.0, 500.0, None, 0),
        history: "".into(),
    };
    s = s.apply(Action::Imported(vec![newer]), 600.0).unwrap();
    assert_eq!(s.workshop(Kind::Nonogram).marks, vec![2, 2, 2]);
}

#[test]
fn a_line_names_its_title_or_sample_and_pictures_its_board() {
    // An imported webpbn XML keeps its title; the list shows it.
    let xml = r#"<?xml version="1.0"?><puzzleset><puzzle type="grid" defaultcolor="white">
        <title>Little cross</title>
        <color name="white" char=".">ffffff</color><color name="black" char="X">000000</color>
        <clues type="columns"><line><count>1</count></line><line><count>3</count></line><line><count>1</count></line></clues>
        <clues type="rows"><line><count>1</count></line><line><count>3</count></line><line><count>1</count></line></clues>
        </puzzle></puzzleset>"#;
    let titled = entry(Kind::Nonogram, xml, vec![1], played(1, 1.0, 3.0, None, 0));
    assert!(titled.puzzle.contains("Little cross"), "the canonical JSON keeps the title");
    // Two KenKens of one size: told apart by their pictures (their cages differ).
    let kenken = |seed| kinds::generate(Kind::KenKen, r#"{"size":4}"#, seed).unwrap();
    let (ka, kb) = (kenken(1), kenken(2));
    assert_ne!(
        kinds::share_fragment(Kind::KenKen, &ka).unwrap(),
        kinds::share_fragment(Kind::KenKen, &kb).unwrap()
    );
    let a = entry(Kind::KenKen, &ka, vec![1, 0, 0], played(1, 1.0, 2.0, None, 0));
    let b = entry(Kind::KenKen, &kb, vec![1, 0, 0], played(1, 1.0, 1.0, None, 0));
    let heart = entry(Kind::Nonogram, HEART, vec![1], played(1, 1.0, 0.5, None, 0));
    let lines = library::lines(&[titled, a, b, heart]);
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0].title.as_deref(), Some("Little cross"));
    assert_eq!((lines[1].shape.as_str(), lines[2].shape.as_str()), ("4x4", "4x4"));
    assert_ne!(lines[1].thumbnail, lines[2].thumbnail, "two same-size KenKens look different");
    // The player's digit is drawn.
    assert!(lines[1].thumbnail.contains(">1</text>"), "{}", lines[1].thumbnail);
    // A sample is named as one.
    let sample = studio::samples::of(Kind::Nonogram).next().unwrap();
    let s = entry(Kind::Nonogram, sample.text, vec![1], played(1, 1.0, 1.0, None, 0));
    let line = &library::lines(&[s])[0];
    assert_eq!(line.title, Some(format!("Sample: {}", sample.name)));
    // Every kind's sample has a picture with one rectangle per cell and a frame.
    for sample in studio::samples::all() {
        let text = kinds::import(sample.kind, sample.text).unwrap();
        let svg = studio::thumbnail::svg(sample.kind, &text, &[]).unwrap();
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"), "{}", sample.name);
        assert!(svg.matches("<rect").count() >= 2, "{}", sample.name);
    }
    assert_eq!(studio::thumbnail::svg(Kind::KenKen, "not a puzzle", &[]), None);
}
