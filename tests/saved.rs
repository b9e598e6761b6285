//! The saved-work format (`studio::saved`): what the page writes to local storage and reads back.

use studio::kinds::{self, Kind};
use studio::samples;
use studio::saved::{self, decode_marks, read, VERSION};

fn sample(kind: Kind) -> String {
    let s = samples::of(kind).next().expect("every kind has a sample");
    kinds::import(kind, s.text).expect("samples open")
}

#[test]
fn every_kind_round_trips_through_the_version_2_record() {
    let mut hex_read = 0;
    for kind in Kind::ALL {
        let puzzle = sample(kind);
        for marks in [vec![], vec![0, 1, 2, 0, 1], vec![0, 12, 200, 255, 9]] {
            let record = saved::encode(kind, &puzzle, &marks);
            assert!(record.contains(&format!("\"version\":{VERSION}")), "{record}");
            let loaded = read(kind, Some(&record), None, None);
            if kinds::check_marks(kind, &puzzle, &marks).is_err() {
                // Marks the kind calls malformed (Flood-It's moves are colours of the board):
                // set aside, the puzzle kept.
                assert!(loaded.unreadable.as_ref().is_some_and(|u| !u.puzzle_lost), "{kind:?}");
                assert_eq!(loaded.work, Some((puzzle.clone(), vec![])), "{kind:?}");
                continue;
            }
            hex_read += usize::from(marks.contains(&255));
            assert_eq!(loaded.unreadable, None, "{kind:?}");
            assert_eq!(loaded.version, Some(VERSION));
            assert_eq!(loaded.work, Some((puzzle.clone(), marks.clone())), "{kind:?}");
        }
    }
    assert!(hex_read > 0, "marks written as hex read back for some kind");
}

#[test]
fn version_1_puzzle_and_marks_still_read() {
    for kind in Kind::ALL {
        let puzzle = sample(kind);
        // Version 1 wrote the canonical JSON and the marks text under two keys, no version.
        let loaded = read(kind, None, Some(&puzzle), Some("0120"));
        assert_eq!(loaded.version, Some(1), "{kind:?}");
        assert_eq!(loaded.work, Some((puzzle.clone(), vec![0, 1, 2, 0])));
        assert_eq!(loaded.unreadable, None);
        let loaded = read(kind, None, Some(&puzzle), Some("x:0c0a"));
        let expected = if kinds::check_marks(kind, &puzzle, &[12, 10]).is_ok() {
            vec![12, 10]
        } else {
            vec![]
        };
        assert_eq!(
            loaded.unreadable.is_some(),
            expected.is_empty(),
            "{kind:?}: malformed marks are set aside"
        );
        assert_eq!(loaded.work, Some((puzzle.clone(), expected)));
        let loaded = read(kind, None, Some(&puzzle), None);
        assert_eq!(loaded.work, Some((puzzle, vec![])));
    }
    // Nothing saved: nothing read, nothing to report.
    assert_eq!(read(Kind::StarBattle, None, None, Some("111")), saved::Loaded::default());
}

#[test]
fn garbage_is_reported_with_its_raw_text_never_dropped() {
    let garbage = "\u{0}\u{1}not a puzzle at all ]]}{";
    for kind in Kind::ALL {
        // Version 1 puzzle text that the kind refuses.
        let loaded = read(kind, None, Some(garbage), Some("zzz"));
        assert_eq!(loaded.work, None);
        let u = loaded.unreadable.expect("reported");
        assert!(u.puzzle_lost);
        assert!(u.text.contains(garbage) && u.text.contains("zzz"), "{}", u.text);
        assert!(u.text.contains(&format!("puzzle-studio/{}/puzzle", kind.id())));
        let sentence = saved::unreadable_sentence(kind, &u);
        assert!(sentence.contains(kind.title()) && sentence.contains("kept aside"), "{sentence}");
        // A version 2 record that is not JSON.
        let loaded = read(kind, Some(garbage), None, None);
        let u = loaded.unreadable.expect("reported");
        assert!(u.why.contains("not readable JSON"), "{}", u.why);
        assert!(u.text.contains(garbage));
        // A record whose puzzle the kind's validation refuses.
        let record = format!(
            r#"{{"version":2,"kind":"{}","puzzle":"{{\"kind\":\"{}\"}}","marks":""}}"#,
            kind.id(),
            kind.id()
        );
        let u = read(kind, Some(&record), None, None).unreadable.expect("reported");
        assert!(u.why.starts_with("the puzzle is not valid"), "{}", u.why);
        // A record of another kind.
        let other = if kind == Kind::StarBattle { Kind::Nonogram } else { Kind::StarBattle };
        let record = saved::encode(other, &sample(other), &[]);
        assert!(read(kind, Some(&record), None, None).unreadable.is_some());
    }
}

#[test]
fn bad_marks_keep_the_puzzle_and_report_the_marks() {
    let kind = Kind::StarBattle;
    let puzzle = sample(kind);
    let mut record = saved::encode(kind, &puzzle, &[1, 2]);
    record = record.replace("\"12\"", "\"1?\"");
    let loaded = read(kind, Some(&record), None, None);
    assert_eq!(loaded.work, Some((puzzle.clone(), vec![])));
    let u = loaded.unreadable.expect("the marks are reported");
    assert!(!u.puzzle_lost && u.why.contains("'?'"), "{}", u.why);
    assert!(saved::unreadable_sentence(kind, &u).contains("marks"));
    let loaded = read(kind, None, Some(&puzzle), Some("x:0"));
    assert_eq!(loaded.work, Some((puzzle, vec![])));
    assert!(loaded.unreadable.is_some());
}

#[test]
fn a_newer_version_is_named_not_misread() {
    let kind = Kind::KenKen;
    let record = saved::encode(kind, &sample(kind), &[1]).replace("\"version\":2", "\"version\":3");
    let u = read(kind, Some(&record), None, None).unreadable.expect("reported");
    assert!(u.why.contains("newer version") && u.why.contains("format 3"), "{}", u.why);
    let u = read(kind, Some(r#"{"version":7,"layout":[1,2]}"#), None, None)
        .unreadable
        .expect("reported");
    assert!(u.why.contains("format 7"), "{}", u.why);
}

#[test]
fn strict_marks_reading() {
    assert_eq!(decode_marks(""), Ok(vec![]));
    assert_eq!(decode_marks("0192"), Ok(vec![0, 1, 9, 2]));
    assert_eq!(decode_marks("x:ff00"), Ok(vec![255, 0]));
    assert!(decode_marks("x:f").is_err());
    assert!(decode_marks("x:gg").is_err());
    assert!(decode_marks("12a").is_err());
}

/// Typed marks (`studio::marks`): a value the kind does not mark (a 3 on a star-or-dot board,
/// a 9 on a filled-or-crossed one) is refused at every edge with the cell named, never read
/// as something else; the puzzle is kept.
#[test]
fn a_mark_value_the_kind_does_not_use_is_refused_with_its_cell() {
    for (kind, bad) in [(Kind::StarBattle, 3u8), (Kind::Nonogram, 9)] {
        let puzzle = sample(kind);
        let marks = [1, 0, bad];
        let why = kinds::check_marks(kind, &puzzle, &marks).expect_err("refused");
        assert!(why.contains("cell 3"), "{kind:?}: {why}");
        assert!(kinds::hint_text(kind, &puzzle, &marks, None).is_err(), "{kind:?}");
        let record = saved::encode(kind, &puzzle, &marks);
        let loaded = read(kind, Some(&record), None, None);
        assert_eq!(loaded.work, Some((puzzle.clone(), vec![])), "{kind:?}");
        assert!(loaded.unreadable.is_some_and(|u| !u.puzzle_lost), "{kind:?}");
        assert_eq!(kinds::check_marks(kind, &puzzle, &[1, 0, 2]), Ok(()), "{kind:?}");
    }
}
