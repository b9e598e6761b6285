//! The colour nonogram's line logic that remembers colours (each cell keeps the set of colours
//! its row and column still allow), its one-cell contradiction, the words of its steps, and the
//! colour nonogram's input: a `<puzzleset>` read whole, colours named twice, colour totals that
//! differ, and the command line's folders.

use studio::deduce::{self, End};
use studio::grid::Grid;
use studio::hint::{self, Hint};
use studio::kinds::colournono::logic::{Lines, CONTRADICTION_RANK, LINE_RANK, SETS_RANK};
use studio::kinds::colournono::{check, formats, solve, ColourNonogram};
use studio::play::Playable;
use studio::puzzle::{Mode, Puzzle, Verdict};

/// A 3x3 puzzle in red (`a`) and blue (`b`) where line logic on decided cells stops at 5 of 9
/// cells: the centre is red-or-empty by its row and blue-or-empty by its column.
const THREE: &str = "3x3:fff.f00.00f:b/0/a/a/b/0";

/// Every grid of the puzzle's size in its palette that its clues accept (brute force, for
/// puzzles of at most 9 cells).
fn all_answers(p: &ColourNonogram) -> Vec<Grid<u8>> {
    let (w, h, k) = (p.width(), p.height(), p.palette().len() as u32);
    let n = (w * h) as u32;
    (0..k.pow(n))
        .filter_map(|mut x| {
            let cells: Vec<u8> = (0..n)
                .map(|_| {
                    let c = (x % k) as u8;
                    x /= k;
                    c
                })
                .collect();
            let g = Grid::from_cells(h, w, cells).expect("sized");
            check::verify(p, &g).is_ok().then_some(g)
        })
        .collect()
}

/// Whether a sentence names a colour by its number (`colour 3`).
fn by_number(s: &str) -> bool {
    s.split("colour ").skip(1).any(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
}

/// Applies each step of an explanation to marks and checks them against the answer.
fn walk_sound(p: &ColourNonogram, answer: &Grid<u8>, x: &hint::Explanation, at: &str) {
    let text = p.solution_rows(answer).concat();
    let mut marks = studio::kinds::colournono::page::PaintMarks::default();
    for s in &x.steps {
        assert!(!s.marks.is_empty() && !s.sentence.is_empty(), "{at}: {s:?}");
        hint::apply(&mut marks, s);
        assert!(
            ColourNonogram::mistakes(&text, &marks).is_empty(),
            "{at}: \"{}\" contradicts the answer",
            s.sentence
        );
    }
}

#[test]
fn colour_sets_finish_the_three_by_three_that_line_logic_leaves_at_five() {
    let p = formats::from_link_text(THREE).unwrap();
    let answers = all_answers(&p);
    assert_eq!(answers.len(), 1, "the puzzle has one answer");
    // Line logic on decided cells alone stops at 5 of 9.
    let mut lines = Lines::for_hints(&p, &p.start());
    let run = deduce::run(&mut lines, LINE_RANK, |_| true);
    assert_eq!(run.end, End::Stuck);
    assert_eq!(lines.cells().iter().filter(|c| c.is_some()).count(), 5);
    // With colour sets the explanation finishes, and says why in the row's and column's words.
    let x = hint::explain(&p, Some(&answers[0]));
    assert!(x.solved(), "{:?}", x.end);
    walk_sound(&p, &answers[0], &x, THREE);
    let s = x.steps.iter().find(|s| s.rank == SETS_RANK).expect("a colour-sets step");
    assert_eq!(s.rule, "Colour sets");
    assert!(s.sentence.contains("allows only red or empty"), "{}", s.sentence);
    assert!(s.sentence.contains("only blue or empty"), "{}", s.sentence);
    assert!(
        s.sentence.ends_with("they have only empty in common, so the cell is background (a dot)."),
        "{}",
        s.sentence
    );
    assert_eq!(x.rating(), "line logic with colour sets");
    // The solver's logic phase reaches the same with sets, so SAT has nothing left.
    let (cells, run, _) = solve::line_logic(&p);
    assert_eq!(run.end, End::Complete);
    assert!(cells.iter().all(Option::is_some));
    let r = p.solve(Mode::Unique, None).unwrap();
    assert_eq!(r.verdict, Verdict::Unique);
    assert_eq!(r.rating.as_deref(), Some("line logic with colour sets"));
}

/// A random picture in `k` colours (the background included), runs rather than speckle, and
/// its clues in a palette of named-by-hue colours.
fn random_puzzle(rng: &mut fastrand::Rng, w: usize, h: usize, k: usize) -> ColourNonogram {
    let mut cells = vec![0u8; w * h];
    for i in 0..w * h {
        cells[i] = if i % w > 0 && rng.u8(..3) > 0 {
            cells[i - 1]
        } else if rng.bool() {
            0
        } else {
            rng.u8(1..k as u8)
        };
    }
    let g = Grid::from_cells(h, w, cells).unwrap();
    let (rows, cols) = studio::kinds::colournono::generate::clues_of(&g);
    let palette = studio::kinds::colournono::generate::PALETTE[..k]
        .iter()
        .map(|&[r, g, b]| studio::kinds::colournono::Colour::rgb(r, g, b))
        .collect();
    ColourNonogram::new(palette, rows, cols).unwrap()
}

/// Random noisy pictures with one answer: every step, colour sets and contradictions included,
/// agrees with the proven answer; colour sets finish some that decided cells alone do not, and
/// each rung's words say what it rests on.
#[test]
fn colour_sets_and_contradictions_agree_with_the_answer_on_random_pictures() {
    let mut rng = fastrand::Rng::with_seed(40);
    let (mut sets, mut contradictions, mut unique) = (0, 0, 0);
    for n in 0..60 {
        let p = random_puzzle(&mut rng, 6 + n % 7, 5 + n % 6, 3 + n % 4);
        let r = p.solve(Mode::Unique, None).unwrap();
        if r.verdict != Verdict::Unique {
            continue;
        }
        unique += 1;
        let answer = &r.solutions[0];
        let at = formats::link_payload(&p);
        let x = hint::explain(&p, Some(answer));
        walk_sound(&p, answer, &x, &at);
        for s in &x.steps {
            assert!(!by_number(&s.sentence), "{at}: colours by name: {}", s.sentence);
            if s.rank == SETS_RANK {
                sets += 1;
                assert!(s.sentence.contains("allows only"), "{at}: {}", s.sentence);
            }
            if s.rank == CONTRADICTION_RANK {
                contradictions += 1;
                assert!(s.sentence.starts_with("Suppose row "), "{at}: {}", s.sentence);
                assert!(s.sentence.contains("could not hold its runs"), "{at}: {}", s.sentence);
                assert!(s.figures.last().unwrap().label.ends_with("no placement"), "{at}");
            }
        }
    }
    assert!(unique >= 20 && sets >= 10, "{unique} unique, {sets} colour-set steps");
    eprintln!("{unique} unique, {sets} colour-set steps, {contradictions} contradictions");
}

/// The hint from marks in the middle of a walk is the same rung the walk took there (hints
/// work the sets out again from the marks, which hold decided cells only).
#[test]
fn a_hint_from_the_marks_finds_the_colour_sets_step_again() {
    let p = formats::from_link_text(THREE).unwrap();
    let answer = &all_answers(&p)[0];
    let x = hint::explain(&p, Some(answer));
    let k = x.steps.iter().position(|s| s.rank == SETS_RANK).unwrap();
    let mut marks = studio::kinds::colournono::page::PaintMarks::default();
    for s in &x.steps[..k] {
        hint::apply(&mut marks, s);
    }
    match hint::hint(&p, &marks, Some(answer)) {
        Hint::Step(s) => assert_eq!(s, x.steps[k]),
        other => panic!("{other:?}"),
    }
}

const PUZZLESET: &str = r#"<?xml version="1.0"?>
<puzzleset>
<puzzle type="grid" defaultcolor="red">
<title>One</title>
<color name="white" char=".">fff</color>
<color name="red" char="r">f00</color>
<color name="blue" char="b">00f</color>
<clues type="columns"><line><count>1</count></line><line><count color="blue">1</count></line></clues>
<clues type="rows"><line><count>1</count><count color="blue">1</count></line></clues>
</puzzle>
<puzzle type="grid" defaultcolor="red">
<title>Two</title>
<color name="white" char=".">fff</color>
<color name="red" char="r">f00</color>
<color name="blue" char="b">00f</color>
<clues type="columns"><line><count color="blue">1</count></line><line><count>1</count></line></clues>
<clues type="rows"><line><count color="blue">1</count><count>1</count></line></clues>
</puzzle>
</puzzleset>
"#;

#[test]
fn a_puzzleset_is_read_whole_as_a_collection_and_refused_as_one_puzzle() {
    let all = ColourNonogram::read_collection(PUZZLESET, "set.xml").unwrap();
    assert_eq!(all.len(), 2);
    assert_eq!((all[0].id.as_str(), all[1].id.as_str()), ("set.xml#1", "set.xml#2"));
    assert_eq!(all[1].puzzle.title(), Some("Two"));
    let e = ColourNonogram::import(PUZZLESET).unwrap_err().to_string();
    assert!(e.contains("holds 2 puzzles"), "{e}");
    // The kind is still told from the file.
    assert!(formats::recognises(PUZZLESET));
    // The black-and-white nonogram reads every puzzle of a set too.
    use studio::kinds::nonogram::Nonogram;
    let bw = PUZZLESET
        .replace(" color=\"blue\"", "")
        .replace("defaultcolor=\"red\"", "defaultcolor=\"black\"")
        .replace("<color name=\"red\" char=\"r\">f00</color>\n", "")
        .replace("<color name=\"blue\" char=\"b\">00f</color>\n", "")
        .replace("<count>1</count><count>1</count>", "<count>2</count>");
    let all = Nonogram::read_collection(&bw, "bw.xml").unwrap();
    assert_eq!(all.len(), 2, "{bw}");
    let e = Nonogram::import(&bw).unwrap_err().to_string();
    assert!(e.contains("holds 2 puzzles"), "{e}");
}

#[test]
fn a_colour_named_twice_is_refused_with_its_line() {
    let xml = "<puzzle type=\"grid\" defaultcolor=\"red\">
<color name=\"white\" char=\".\">fff</color>
<color name=\"red\" char=\"r\">f00</color>
<color name=\"red\" char=\"q\">0f0</color>
<clues type=\"columns\"><line><count>1</count></line></clues>
<clues type=\"rows\"><line><count>1</count></line></clues>
</puzzle>";
    let e = ColourNonogram::import(xml).unwrap_err().to_string();
    assert!(e.contains("XML line 4"), "{e}");
    assert!(e.contains("a second <color name=\"red\"> (the first is on line 3)"), "{e}");
    // The coloured .non form: a colour character given twice.
    let non = "width 2\nheight 1\ncolor a #ff0000\ncolor a #00ff00\nrows\n1a,1b\ncolumns\n1a\n1b\n";
    let e = ColourNonogram::import(non).unwrap_err().to_string();
    assert!(e.contains("`color a` is given twice"), "{e}");
}

#[test]
fn colour_totals_that_differ_give_the_verdict_none_with_the_reason() {
    // Rows: 2 red; columns: 1 red, 1 blue. Read as a puzzle, refused by the solver with why.
    let p = formats::from_link_text("2x1:fff.f00.00f:a/b/2a").unwrap();
    let r = p.solve(Mode::Unique, None).unwrap();
    assert_eq!(r.verdict, Verdict::None);
    assert!(
        r.proof[0].starts_with("No answer: the rows have 2 cells of colour 1"),
        "{:?}",
        r.proof
    );
    // A puzzle whose totals agree but has no answer gets the same verdict, with its reason.
    let p = formats::from_link_text("2x2:fff.f00.00f:ab/0/b/a").unwrap();
    let r = p.solve(Mode::Unique, None).unwrap();
    assert_eq!(r.verdict, Verdict::None);
    assert!(r.proof[0].starts_with("No answer"), "{:?}", r.proof);
}

/// A fresh folder under the system's temporary folder for one test.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("colour-logic-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn bench_names_an_unreadable_file_skips_it_and_reports_the_rest() {
    let dir = scratch("bench");
    std::fs::write(dir.join("a_good.txt"), ColourNonogram::SAMPLES[0].1).unwrap();
    std::fs::write(dir.join("b_bad.txt"), "not a puzzle").unwrap();
    std::fs::write(dir.join("c_good.txt"), ColourNonogram::SAMPLES[1].1).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_puzzle"))
        .args(["bench", "colournono"])
        .arg(&dir)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("b_bad.txt: unreadable, skipped:"), "{stdout}");
    assert!(stdout.contains("count 2 solved 2 wrong 0 unique 2"), "{stdout}");
    assert!(stdout.contains("skipped 1 unreadable file(s)"), "{stdout}");
    assert_eq!(out.status.code(), Some(2), "a skipped file is not a clean run");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn explain_given_a_folder_says_it_takes_a_file() {
    let dir = scratch("explain");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_puzzle"))
        .args(["explain", "colournono"])
        .arg(&dir)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("is a folder; this command takes one file"), "{stderr}");
    assert!(!out.status.success());
    let _ = std::fs::remove_dir_all(&dir);
}
