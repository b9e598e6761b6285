//! Nonogram formats: the worked examples of formats.md, round trips, collections.

use super::*;

// ---------------------------------------------------------------- worked examples of formats.md

#[test]
fn tatham_examples_decode_as_stated() {
    let p = tatham::from_tatham("6x6:2.1/1.1.1/1/1.1.1/2.1//2.1/1.1/1.2//1.1/3").unwrap();
    assert_eq!(p, six());
    assert_eq!(
        unique_answer(&p),
        grid(&["##.#..", "#...#.", ".#.##.", "......", "#...#.", ".###.."])
    );
    assert_eq!(tatham::to_tatham(&p), "6x6:2.1/1.1.1/1/1.1.1/2.1//2.1/1.1/1.2//1.1/3");

    // Unique but not line-solvable; one given makes it line-solvable.
    let bare = tatham::from_tatham("4x4:2/1/2/1/1.1/2/1/1").unwrap();
    let r = bare.solve(Mode::Unique, None).unwrap();
    assert_eq!(r.verdict, Verdict::Unique);
    assert_ne!(r.rating.as_deref(), Some("line logic"));
    let with = tatham::from_tatham("4x4:2/1/2/1/1.1/2/1/1,Ap").unwrap();
    assert_eq!(with.givens().unwrap()[(0, 0)], Cell::Black);
    assert_eq!(with.givens().unwrap().cells().iter().filter(|&&c| c != Cell::Unknown).count(), 1);
    let r = with.solve(Mode::Unique, None).unwrap();
    assert_eq!(r.rating.as_deref(), Some("line logic"));
    assert_eq!(r.solutions[0], grid(&["#..#", "##..", "..#.", "..#."]));
    assert_eq!(tatham::to_tatham(&with), "4x4:2/1/2/1/1.1/2/1/1,Ap");
    // The rating's count agrees with its word: never "1 SAT conflicts" (a 3-row diagonal drawn
    // in the editor, several answers, took one conflict).
    for id in ["4x3:1/1/1//1/1/1", "4x4:2/1/2/1/1.1/2/1/1"] {
        let r = tatham::from_tatham(id).unwrap().solve(Mode::Unique, None).unwrap();
        let said = format!("{} {}", r.rating.clone().unwrap_or_default(), r.proof.join(" "));
        for one in ["1 SAT conflicts", "1 SAT solves", "1 conflicts", "1 solver calls"] {
            assert!(
                !said.contains(&format!(" {one}")) && !said.contains(&format!("({one}")),
                "{said}"
            );
        }
    }

    // Dancer.
    let d =
        tatham::from_tatham("5x10:2.1/2.1.3/7/1.3/2.1/2/2.1/1.1/3/1.1/1.1/2/1.1/1.2/2").unwrap();
    assert_eq!(unique_answer(&d), grid(&DANCER_ROWS));

    // Seed IDs and bare params are refused with a message.
    let e = tatham::from_tatham("10x10#12345").unwrap_err().to_string();
    assert!(e.contains("seed"), "{e}");
    assert!(tatham::from_tatham("10x10").is_err());
    // The icon ID has no solution.
    let icon = tatham::from_tatham(
        "10x10:3.4/2.2/4.1/2.3/2.3.2/4/6/6/3.1/1/5/5/1.1/4/5/6/2.3/3.3/1.1.3/1.1.4",
    )
    .unwrap();
    assert_eq!(icon.solve(Mode::Unique, None).unwrap().verdict, Verdict::None);
}

#[test]
fn tatham_cube_givens_land_where_stated() {
    // Only the givens suffix matters here: build a 15x15 puzzle with any valid clues.
    let g = "TNINzzzzGNzw";
    let pic = vec![false; 225];
    let (rows, cols) = clues(&pic, 15, 15);
    let p = Nonogram::new(rows, cols).unwrap();
    let id = format!("{},{g}", tatham::to_tatham(&p));
    let e = tatham::from_tatham(&id);
    // The givens are black cells on an all-white puzzle: valid to read, and then no answer.
    let q = e.unwrap();
    let blacks: Vec<(usize, usize)> = q
        .givens()
        .unwrap()
        .positions()
        .filter(|&rc| q.givens().unwrap()[rc] == Cell::Black)
        .collect();
    assert_eq!(blacks, vec![(1, 4), (2, 3), (2, 12), (3, 11), (10, 13), (11, 12)]);
    assert_eq!(tatham::givens_string(q.givens().unwrap()), g);
    assert_eq!(q.solve(Mode::Unique, None).unwrap().verdict, Verdict::None);
}

#[test]
fn puzzlink_examples_decode_and_reencode() {
    let url = "https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h";
    let p = puzzlink::from_puzzlink(url).unwrap();
    assert_eq!(p, six());
    assert_eq!(puzzlink::to_puzzlink(&p).unwrap(), url);
    let p = puzzlink::from_puzzlink(
        "https://puzz.link/p?nonogram/3/10/14i1121g43i2g1g2g2g1g1g3g1g1g3g",
    )
    .unwrap();
    assert_eq!(p.cols(), &[vec![4, 1], vec![1, 2, 1, 1], vec![3, 4]]);
    let rows: Vec<Vec<u32>> = [2, 1, 2, 2, 1, 1, 3, 1, 1, 3].iter().map(|&n| vec![n]).collect();
    assert_eq!(p.rows(), rows.as_slice());
    assert_eq!(
        puzzlink::to_puzzlink(&p).unwrap(),
        "https://puzz.link/p?nonogram/3/10/14i1121g43i2g1g2g2g1g1g3g1g1g3g"
    );
    let d = puzzlink::from_puzzlink(
        "http://pzv.jp/p.html?nonogram/5/10/12i312h7j31i12i2h12g11g3h11g11g2h11g21g2h",
    )
    .unwrap();
    assert_eq!(unique_answer(&d), grid(&DANCER_ROWS));
    assert_eq!(
        puzzlink::to_puzzlink(&d).unwrap(),
        "https://puzz.link/p?nonogram/5/10/12i312h7j31i12i2h12g11g3h11g11g2h11g21g2h"
    );
    // `?` clues are refused; the editor prefix is read.
    let e =
        puzzlink::from_puzzlink("https://puzz.link/p?nonogram/2/2/.hg1g").unwrap_err().to_string();
    assert!(e.contains('?'), "{e}");
    assert!(puzzlink::from_puzzlink(
        "https://puzz.link/p?type=editor&nonogram_edit/6/6/12g1111h11112j12g11g21j11g3h/"
    )
    .is_ok());
}

#[test]
fn non_example_decodes_and_round_trips() {
    let p = non::from_non(DANCER_NON).unwrap();
    assert_eq!(p.title(), Some("Dancer"));
    assert_eq!(p.goal().unwrap(), &grid(&DANCER_ROWS));
    assert_eq!(unique_answer(&p), grid(&DANCER_ROWS));
    assert_eq!(non::from_non(&non::to_non(&p)).unwrap(), p);
    let entry = Nonogram::import(DANCER_NON).unwrap();
    assert_eq!(entry.known.unwrap(), grid(&DANCER_ROWS));
    // A blank line as an empty clue (the extension), and `0` (Simpson).
    let blank = "width 2\nheight 3\nrows\n2\n\n1\ncolumns\n1,1\n1\n";
    let zero = "width 2\nheight 3\nrows\n2\n0\n1\ncolumns\n1,1\n1\n";
    let a = non::from_non(blank).unwrap();
    assert_eq!(a, non::from_non(zero).unwrap());
    assert_eq!(a.rows()[1], Vec::<u32>::new());
    assert!(non::to_non(&a).contains("\n0\n"));
}

#[test]
fn nin_example_decodes_and_round_trips() {
    let text = "5 10\n2\n2 1\n1 1\n3\n1 1\n1 1\n2\n1 1\n1 2\n2\n2 1\n2 1 3\n7\n1 3\n2 1\n";
    let p = nin::from_nin(text).unwrap();
    assert_eq!(unique_answer(&p), grid(&DANCER_ROWS));
    assert_eq!(nin::to_nin(&p), text);
    assert_eq!(formats::sniff(text), Some(Format::Nin));
}

#[test]
fn webpbn_xml_example_decodes_and_round_trips() {
    let d = non::from_non(DANCER_NON).unwrap();
    let rows: String = d
        .rows()
        .iter()
        .map(|c| {
            format!(
                "<line>{}</line>\n",
                c.iter().map(|n| format!("<count>{n}</count>")).collect::<String>()
            )
        })
        .collect();
    let text = format!(
        "<?xml version=\"1.0\"?>\n<!DOCTYPE pbn SYSTEM \"http://webpbn.com/pbn-0.3.dtd\">\n<puzzleset>\n<puzzle type=\"grid\" defaultcolor=\"black\">\n<title>Dancer</title>\n<color name=\"white\" char=\".\">fff</color>\n<color name=\"black\" char=\"X\">000</color>\n<clues type=\"columns\">\n<line><count>2</count><count>1</count></line>\n<line><count>2</count><count>1</count><count>3</count></line>\n<line><count>7</count></line>\n<line><count>1</count><count>3</count></line>\n<line><count>2</count><count>1</count></line>\n</clues>\n<clues type=\"rows\">\n{rows}<!-- comment -->\n</clues>\n<solution type=\"goal\"><image>\n|.XX..||.XX.X||..X.X||.XXX.||X.X..||X.X..||..XX.||.X.X.||.X.XX||XX...|\n</image></solution>\n</puzzle>\n</puzzleset>\n"
    );
    let p = xml::from_xml(&text).unwrap();
    assert_eq!(p, d);
    assert_eq!(xml::from_xml(&xml::to_xml(&p)).unwrap(), p);
    assert_eq!(Nonogram::import(&text).unwrap().puzzle, d);
    // Multicolour is refused with a message.
    let multi = text.replace("<count>7</count>", "<count color=\"red\">7</count>");
    let e = xml::from_xml(&multi).unwrap_err().to_string();
    assert!(e.contains("multicolour"), "{e}");
    // Errors name the XML line.
    let broken = text.replace("</clues>\n<clues type=\"rows\">", "</clue>\n<clues type=\"rows\">");
    let e = xml::from_xml(&broken).unwrap_err().to_string();
    assert!(e.starts_with("XML line 14:"), "{e}");
}

#[test]
fn taai_example_reads() {
    // Puzzle $1 of TAAI 2011 is not copied here; a small 3x3 set in the same shape.
    let text = "$1\n2\n2\n2\n1\n3\n1\t1\n$2\n0\n0\n1\n0\n0\n1\n";
    let all = taai::read(text, "t").unwrap();
    assert_eq!(all.len(), 2);
    assert_eq!(all[0].id, "t $1");
    assert_eq!(all[0].puzzle.cols()[0], vec![2]);
    assert_eq!(all[0].puzzle.rows()[2], vec![1, 1]);
    assert_eq!(all[1].puzzle.rows()[0], Vec::<u32>::new());
    assert_eq!(unique_answer(&all[0].puzzle), grid(&[".#.", "###", "#.#"]));
    let coll = Nonogram::read_collection(text, "t").unwrap();
    assert_eq!(coll.len(), 2);
    let back = taai::write(&[all[0].puzzle.clone(), all[1].puzzle.clone()]).unwrap();
    assert_eq!(taai::read(&back, "t").unwrap()[1].puzzle, all[1].puzzle);
    // A benchmark's limit counts puzzles, not lines (each of these takes seven lines).
    let options = |limit| studio::bench::Options { first: false, timeout_ms: None, limit };
    let one = studio::bench::run_text(
        studio::kinds::Kind::Nonogram,
        text,
        "t",
        options(Some(1)),
        &mut |_| {},
    )
    .unwrap();
    assert_eq!(one.iter().map(|r| r.id.as_str()).collect::<Vec<_>>(), ["t $1"]);
    assert_eq!(
        studio::bench::run_text(
            studio::kinds::Kind::Nonogram,
            text,
            "t",
            options(None),
            &mut |_| {}
        )
        .unwrap()
        .len(),
        2
    );
    // The stated runs of the tournament's row 0 solution.
    let row0: Vec<bool> = "1111011110010101011011111".chars().map(|c| c == '1').collect();
    assert_eq!(runs_of(&row0), vec![4, 4, 1, 1, 1, 2, 5]);
}

#[test]
fn json_and_share_link_round_trip() {
    let p = tatham::from_tatham("4x4:2/1/2/1/1.1/2/1/1,Ap").unwrap();
    let p = p
        .clone()
        .with_goal(grid(&["#..#", "##..", "..#.", "..#."]))
        .unwrap()
        .with_title(Some("t".into()));
    let json = p.to_json();
    assert_eq!(json["givens"][0], "#???");
    assert_eq!(Nonogram::from_json(&json).unwrap(), p);
    // The title makes the link v2 (`;t`); the goal is left out, as the clues and the given fix
    // it by line logic, and the link reads back to the same puzzle whose one answer is the goal.
    let text = studio::link::fragment(&p);
    assert_eq!(text, "nonogram/v2/4x4:2/1/2/1/1.1/2/1/1,Ap;tt", "{text}");
    let back =
        studio::kinds::import_as::<Nonogram>(&format!("https://studio.example/#{text}")).unwrap();
    assert_eq!(back.clone().with_goal(p.goal().unwrap().clone()).unwrap(), p);
    let r = back.solve(studio::puzzle::Mode::Unique, None).unwrap();
    assert_eq!(r.solutions, vec![p.goal().unwrap().clone()]);
    // Without the given the clues have more than one answer: the goal travels (`;g`) and the
    // link reads back whole.
    let open = tatham::from_tatham("4x4:2/1/2/1/1.1/2/1/1").unwrap();
    let open = open.with_goal(p.goal().unwrap().clone()).unwrap().with_title(Some("t".into()));
    let text = studio::link::fragment(&open);
    assert_eq!(text, "nonogram/v2/4x4:2/1/2/1/1.1/2/1/1;tt;gnCI", "{text}");
    assert_eq!(studio::kinds::import_as::<Nonogram>(&text).unwrap(), open);
    assert_eq!(studio::link::plain_fragment(&p), "nonogram/v1/4x4:2/1/2/1/1.1/2/1/1,Ap");
    for f in page::EXPORTS {
        let out = page::export(&p, f).unwrap();
        let again = Nonogram::import(&out).unwrap().puzzle;
        assert_eq!(again.rows(), p.rows(), "{f:?}");
        assert_eq!(again.cols(), p.cols(), "{f:?}");
    }
}

/// Three Pattern IDs as `sgt-pattern --generate 3 6x5` printed them.
const PATTERN_IDS: &str = "6x5:1/3/2/4/1.2/2/2/1.1/1.1/4/5\n6x5:2/2/2/3/3/3/3/3.1/3/3/2\n6x5:2/2/1/4/3/3/2.1/2.1/3/3/1.2\n";

#[test]
fn a_file_of_pattern_ids_is_a_collection() {
    let entries = Nonogram::read_collection(PATTERN_IDS, "pattern.txt").expect("reads");
    assert_eq!(entries.len(), 3);
    assert_eq!(entries[1].id, "pattern.txt:2");
    for (e, line) in entries.iter().zip(PATTERN_IDS.lines()) {
        assert_eq!(e.puzzle, tatham::from_tatham(line).expect("one ID"));
        assert_eq!((e.puzzle.width(), e.puzzle.height()), (6, 5));
    }
    // Blank lines and comments between them, and the benchmark's count, agree.
    let spaced = format!("# sgt-pattern --generate 3 6x5\n\n{}", PATTERN_IDS.replace('\n', "\n\n"));
    assert_eq!(Nonogram::read_collection(&spaced, "p").expect("reads").len(), 3);
    assert_eq!(
        studio::bench::count_entries(studio::kinds::Kind::Nonogram, PATTERN_IDS, "p")
            .expect("counts"),
        3
    );
    // One ID alone is still one puzzle, and a broken line names its place.
    assert_eq!(
        Nonogram::read_collection(PATTERN_IDS.lines().next().unwrap(), "one").expect("reads").len(),
        1
    );
    let broken = PATTERN_IDS.replace("6x5:2/2/2/3/3/3/3/3.1/3/3/2", "6x5:2/2/2/3/3/3/3/3.1/3/3");
    let err = Nonogram::read_collection(&broken, "bad.txt").expect_err("a short ID").to_string();
    assert!(err.contains("bad.txt:2"), "{err}");
}

#[test]
fn an_export_without_givens_says_it_leaves_them_out() {
    use studio::kinds::nonogram::page::{export, export_note};
    let p = tatham::from_tatham("4x4:2/1/2/1/1.1/2/1/1,Ap").unwrap();
    assert!(p.givens().is_some());
    for f in [Format::Non, Format::Nin, Format::Xml, Format::PuzzLink] {
        let back = Nonogram::import(&export(&p, f).unwrap()).unwrap().puzzle;
        assert!(back.givens().is_none(), "{f:?} has no givens");
        let note = export_note(&p, f).unwrap_or_default();
        assert!(note.contains("leaves out the puzzle's 1 given cell "), "{f:?}: {note}");
    }
    for f in [Format::Json, Format::Tatham] {
        let back = Nonogram::import(&export(&p, f).unwrap()).unwrap().puzzle;
        assert_eq!(back.givens(), p.givens(), "{f:?}");
        assert_eq!(export_note(&p, f), None, "{f:?}");
    }
    let plain = tatham::from_tatham("4x4:2/1/2/1/1.1/2/1/1").unwrap();
    assert_eq!(export_note(&plain, Format::Non), None);
}
