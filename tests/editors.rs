//! The puzzle editors' pure parts: each draft's text form (round trip, junk never panics and is
//! refused with a reason), the Star Battle region editor's keys and painting, and what a pasted
//! text that does not read says. The undo history is tested beside it
//! (src/app_state/edit_history.rs).

use studio::kinds::kenken::model::{Cage, Op};
use studio::kinds::kenken::page::{blank_cages, draft_from_text, draft_text, draw_cage};
use studio::kinds::nonogram::page::{clues_from_text, Draft as NonoDraft};
use studio::kinds::starbattle::page::{paint, region_key, Brush, Draft as SbDraft, RegionKey};

#[test]
fn a_kenken_draft_reads_back_from_its_text() {
    let (cages, k) = draw_cage(4, &blank_cages(4), &[0, 1, 5]);
    let mut cages = cages;
    cages[k].op = Op::Add;
    cages[k].target = 7;
    let other = cages.iter().position(|c| c.cells == vec![15]).unwrap();
    cages[other].op = Op::Given;
    cages[other].target = 3;
    for (n, cages) in [(4, cages), (3, blank_cages(3)), (12, blank_cages(12))] {
        let text = draft_text(n, &cages);
        assert_eq!(draft_from_text(&text), Ok((n, cages)));
    }
}

#[test]
fn a_kenken_draft_that_does_not_read_says_why_and_never_panics() {
    let text = |n: usize, cages: &[(char, u64, &[usize])]| {
        let cages: Vec<Cage> = cages
            .iter()
            .map(|&(op, target, cells)| Cage {
                op: Op::from_symbol(&op.to_string()).unwrap_or(Op::Blank),
                target,
                cells: cells.to_vec(),
            })
            .collect();
        draft_text(n, &cages)
    };
    let cases: Vec<(String, &str)> = vec![
        ("".into(), "not JSON"),
        ("hello".into(), "not JSON"),
        ("{}".into(), "not a KenKen draft"),
        (r#"{"kind":"starbattle","stars":1}"#.into(), "not a KenKen draft"),
        (r#"{"kind":"kenken-draft"}"#.into(), "no grid size"),
        (text(13, &[]), "size 13 is not 3 to 12"),
        (text(2, &[]), "size 2"),
        (r#"{"kind":"kenken-draft","n":3}"#.into(), "no cages"),
        (text(3, &[('+', 3, &[0, 1, 2, 3, 4, 5, 6, 7])]), "row 3, column 3 is in no cage"),
        (text(3, &[('+', 3, &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9])]), "cage 1 has a cell outside"),
        (text(3, &[('+', 3, &[0, 1, 2, 3]), ('+', 3, &[3, 4, 5, 6, 7, 8])]), "row 2, column 1 is in two cages"),
        (text(3, &[('+', 3, &[]), ('+', 3, &[0, 1, 2, 3, 4, 5, 6, 7, 8])]), "cage 1 has no cells"),
        (
            r#"{"kind":"kenken-draft","n":3,"cages":[{"op":"%","target":1,"cells":[0,1,2,3,4,5,6,7,8]}]}"#.into(),
            "cage 1 is not an operation",
        ),
    ];
    for (t, want) in cases {
        let e = draft_from_text(&t).expect_err(&t);
        assert!(e.contains(want), "{t}: {e}");
    }
    let seed = draft_text(4, &draw_cage(4, &blank_cages(4), &[0, 1, 2]).0);
    let alphabet: Vec<char> = "0123456789+-*/=?{}[]\",:n".chars().collect();
    let mut rng = fastrand::Rng::with_seed(36);
    let mut read = 0;
    for _ in 0..3000 {
        let t = crate::fuzz::mutate(&mut rng, &seed, &alphabet);
        if let Ok((n, cages)) = draft_from_text(&t) {
            read += 1;
            // What reads is a partition of the grid: the editor may draw on it.
            let mut cells: Vec<usize> = cages.iter().flat_map(|c| c.cells.clone()).collect();
            cells.sort_unstable();
            assert_eq!(cells, (0..n * n).collect::<Vec<_>>(), "{t}");
            let _ = draw_cage(n, &cages, &[0, 1]);
        }
    }
    assert!(read > 0, "some mutations still read");
}

#[test]
fn a_nonogram_draft_keeps_its_clues_its_drawing_and_their_size() {
    let mut g = studio::grid::Grid::filled(3, 4, false);
    g[(0, 1)] = true;
    g[(2, 3)] = true;
    let drafts = [
        NonoDraft::default(),
        NonoDraft {
            rows: "1 2\n\n3,1\n".into(),
            cols: "2\n\"quoted\" {}".into(),
            size: (7, 60),
            drawing: None,
        },
        NonoDraft { rows: String::new(), cols: "1".into(), size: (4, 3), drawing: Some(g) },
    ];
    for d in drafts {
        assert_eq!(NonoDraft::from_text(&d.to_text()), Ok(d.clone()));
    }
    for (t, want) in [
        ("", "not JSON"),
        ("{\"kind\":\"kenken-draft\"}", "not a nonogram draft"),
        (r#"{"kind":"nonogram-draft","cols":"","width":3,"height":3}"#, "no rows clue text"),
        (
            r#"{"kind":"nonogram-draft","rows":"","cols":"","width":0,"height":3}"#,
            "width is not 1 to 60",
        ),
        (
            r#"{"kind":"nonogram-draft","rows":"","cols":"","width":3,"height":61}"#,
            "height is not 1 to 60",
        ),
        (
            r##"{"kind":"nonogram-draft","rows":"","cols":"","width":3,"height":3,"drawing":["#.","#"]}"##,
            "rows of one length",
        ),
        (
            r##"{"kind":"nonogram-draft","rows":"","cols":"","width":3,"height":3,"drawing":["#x"]}"##,
            "`x` in the drawing",
        ),
        (
            r#"{"kind":"nonogram-draft","rows":"","cols":"","width":3,"height":3,"drawing":7}"#,
            "not a list of rows",
        ),
    ] {
        let e = NonoDraft::from_text(t).expect_err(t);
        assert!(e.contains(want), "{t}: {e}");
    }
    let seed = NonoDraft {
        rows: "1 2".into(),
        cols: "3".into(),
        size: (3, 2),
        drawing: Some(studio::grid::Grid::filled(2, 3, true)),
    }
    .to_text();
    let alphabet: Vec<char> = "0123456789#.{}[]\",:".chars().collect();
    let mut rng = fastrand::Rng::with_seed(7);
    for _ in 0..3000 {
        let t = crate::fuzz::mutate(&mut rng, &seed, &alphabet);
        if let Ok(d) = NonoDraft::from_text(&t) {
            if let Some(g) = &d.drawing {
                assert!(g.rows() >= 1 && g.cols() >= 1 && g.rows() <= 60 && g.cols() <= 60);
            }
        }
    }
}

#[test]
fn typed_nonogram_clues_that_do_not_read_name_the_line_and_what_is_expected() {
    let e = clues_from_text("1 2\n3 x\n", "row").unwrap_err();
    assert!(
        e.contains("row clue line 2")
            && e.contains("`x`")
            && e.contains("numbers separated by spaces or commas"),
        "{e}"
    );
}

#[test]
fn the_region_editors_keys_move_paint_and_pick_brushes() {
    // A 3 x 4 grid, the cursor on row 2, column 2 (cell 5); regions A and c are in use.
    let regions = [0u8, 28];
    let key = |k: &str, shift: bool| region_key(k, shift, 5, (3, 4), &regions);
    assert_eq!(key("ArrowRight", false), Some(RegionKey::Move { to: 6, paint: false }));
    assert_eq!(key("ArrowDown", true), Some(RegionKey::Move { to: 9, paint: true }));
    assert_eq!(key("ArrowUp", false), Some(RegionKey::Move { to: 1, paint: false }));
    assert_eq!(
        region_key("ArrowUp", false, 1, (3, 4), &regions),
        Some(RegionKey::Move { to: 1, paint: false }),
        "the edge holds"
    );
    assert_eq!(
        region_key("ArrowRight", false, 99, (3, 4), &regions),
        Some(RegionKey::Move { to: 11, paint: false }),
        "a cursor past the end is on the last cell"
    );
    assert_eq!(key(" ", false), Some(RegionKey::Paint));
    assert_eq!(key("Enter", false), Some(RegionKey::Paint));
    assert_eq!(key("Delete", false), Some(RegionKey::Erase));
    assert_eq!(key("Backspace", false), Some(RegionKey::Erase));
    assert_eq!(key("+", true), Some(RegionKey::Pick(Brush::New)));
    assert_eq!(key("-", false), Some(RegionKey::Pick(Brush::Erase)));
    assert_eq!(key("A", true), Some(RegionKey::Pick(Brush::Region(0))));
    assert_eq!(
        key("a", false),
        Some(RegionKey::Pick(Brush::Region(0))),
        "a picks A when only A is in use"
    );
    assert_eq!(key("c", false), Some(RegionKey::Pick(Brush::Region(28))));
    assert_eq!(key("C", true), Some(RegionKey::Pick(Brush::Region(28))));
    assert_eq!(key("b", false), None, "no region B or b");
    assert_eq!(key("Tab", false), None, "Tab leaves the grid");
    assert_eq!(key("F5", false), None);
    assert_eq!(key("é", false), None);
    assert!(region_key("ArrowRight", false, 0, (0, 0), &[]).is_some(), "a 0 size does not panic");
}

#[test]
fn painting_with_the_new_region_brush_makes_a_region_and_stays_on_it() {
    let d = SbDraft::blank(2, 2, 1);
    let (d, b) = paint(&d, &[0, 1], Brush::New).unwrap();
    assert_eq!(b, Brush::Region(0));
    assert_eq!(d.cells, vec![Some(0), Some(0), None, None]);
    let (d, b) = paint(&d, &[2], Brush::New).unwrap();
    assert_eq!(b, Brush::Region(1));
    let (d, _) = paint(&d, &[3], b).unwrap();
    assert_eq!(d.cells, vec![Some(0), Some(0), Some(1), Some(1)]);
    let (d, b) = paint(&d, &[0], Brush::Erase).unwrap();
    assert_eq!((d.cells[0], b), (None, Brush::Erase));
    // With every letter in use, a new region is refused with a reason.
    let full = SbDraft::blank(8, 8, 1);
    let full = (0..52).fold(full, |d, l| d.painted(&[l], Some(l as u8)));
    let e = paint(&full, &[60], Brush::New).unwrap_err();
    assert!(e.contains("Every region letter is in use"), "{e}");
}

#[test]
fn a_pasted_kenken_that_does_not_read_says_what_is_wrong_and_where() {
    use studio::kinds::kenken::formats::import;
    for (text, want) in [
        ("13:aaaa", "KenKen sizes are 3 to 12, got 13"),
        ("4:aaaa", "no comma after the cage layout `aaaa`"),
        ("4:a!a,a1", "cage layout, character 2: `!` is not a layout letter"),
        ("4:_13,a1", "cage walls do not fit a 4x4 grid"),
        ("4du:aaaa", "no comma"),
        ("0:x", "KenKen sizes are 3 to 12, got 0"),
        ("hello", "not a KenKen format"),
    ] {
        let e = import(text).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.contains(want), "{text}: {e}");
    }
}

#[test]
fn the_colour_drawings_keys_move_paint_and_pick_colours() {
    use studio::kinds::colournono::page::{draw_key, DrawKey};
    // A 4 wide, 3 high drawing, the cursor on row 2, column 2 (cell 5); background and 3 colours.
    let key = |k: &str, shift: bool| draw_key(k, shift, 5, (4, 3), 4);
    assert_eq!(key("ArrowRight", false), Some(DrawKey::Move { to: 6, paint: false }));
    assert_eq!(key("ArrowDown", true), Some(DrawKey::Move { to: 9, paint: true }));
    assert_eq!(
        draw_key("ArrowDown", false, 9, (4, 3), 4),
        Some(DrawKey::Move { to: 9, paint: false })
    );
    assert_eq!(key(" ", false), Some(DrawKey::Paint));
    assert_eq!(key("Enter", false), Some(DrawKey::Paint));
    assert_eq!(key("Delete", false), Some(DrawKey::Background));
    assert_eq!(key("0", false), Some(DrawKey::Pick(0)));
    assert_eq!(key("3", false), Some(DrawKey::Pick(3)));
    assert_eq!(key("4", false), None, "no fourth colour");
    assert_eq!(key("b", false), Some(DrawKey::Pick(2)));
    assert_eq!(key("d", false), None);
    assert_eq!(key("B", true), None);
    assert_eq!(key("Tab", false), None);
    assert!(draw_key("ArrowLeft", false, 0, (0, 0), 0).is_some(), "a 0 size does not panic");
}

#[test]
fn an_editor_rings_the_cells_where_two_answers_differ_and_none_when_unique() {
    use studio::kinds::{solve_text, Kind};
    use studio::puzzle::Mode;
    // The first column empty, then one cell a row and a column: two answers, which agree only
    // on the empty first column.
    let two = solve_text(Kind::Nonogram, "3x2:/1/1/1/1", Mode::Unique, "", None).expect("solves");
    assert_eq!(two.solutions.len(), 2, "{:?}", two.solutions);
    assert_eq!(two.second_differs(), vec![1, 2, 4, 5]);
    let one = solve_text(Kind::Nonogram, "3x2:/2/1/2/1", Mode::Unique, "", None).expect("solves");
    assert_eq!(one.solutions.len(), 1, "{:?}", one.solutions);
    assert!(one.second_differs().is_empty());
}

#[test]
fn a_square_flood_id_is_also_recognised_by_flood_it_though_sniffed_as_keen() {
    use studio::kind::Kind;
    use studio::kinds;
    // Tatham's Flood reads a size alone (`5:` for 5x5), as the command line does; the import box
    // sniffs it as a Keen ID first, and gives the page's own reader its try when that fails.
    let id = "5:2221312311324121224241343,12";
    assert_eq!(kinds::sniff(id), Some(Kind::KenKen));
    assert!(kinds::import(Kind::KenKen, id).is_err());
    assert!(kinds::recognises(Kind::FloodIt, id));
    let p = kinds::import(Kind::FloodIt, id).expect("a square Flood ID reads");
    assert_eq!(
        kinds::share_fragment(Kind::FloodIt, &p).unwrap(),
        "floodit/v1/5x5m12/2221312311324121224241343"
    );
    assert!(!kinds::recognises(Kind::FloodIt, "4:_a_6a_ab__ac,s1m8a10s1m12a1a4"));
}

#[test]
fn a_puzzleset_opened_as_one_puzzle_points_to_the_benchmark_page() {
    use studio::kind::Kind;
    let set = "<?xml version=\"1.0\"?>\n<puzzleset>\n<puzzle type=\"grid\" defaultcolor=\"black\"><clues type=\"columns\"><line><count>1</count></line></clues><clues type=\"rows\"><line><count>1</count></line></clues></puzzle>\n<puzzle type=\"grid\" defaultcolor=\"black\"><clues type=\"columns\"><line></line></clues><clues type=\"rows\"><line></line></clues></puzzle>\n</puzzleset>\n";
    for kind in [Kind::Nonogram, Kind::ColourNonogram] {
        let e = studio::kinds::import(kind, set).unwrap_err().to_string();
        assert!(
            e.contains("the file holds 2 puzzles (a <puzzleset>)")
                && e.contains("run them all on the Benchmark page"),
            "{kind:?}: {e}"
        );
    }
}

#[test]
fn a_drawings_clues_written_into_the_boxes_read_back_as_the_same_clues() {
    use studio::grid::Grid;
    use studio::kinds::nonogram::page::{clues_of, clues_text};
    let mut rng = fastrand::Rng::with_seed(7);
    for _ in 0..200 {
        let (h, w) = (rng.usize(1..9), rng.usize(1..9));
        let g = Grid::from_cells(h, w, (0..h * w).map(|_| rng.bool()).collect()).expect("sized");
        let (rows, cols) = clues_of(&g);
        assert_eq!(clues_from_text(&clues_text(&rows), "row").as_ref(), Ok(&rows));
        assert_eq!(clues_from_text(&clues_text(&cols), "column").as_ref(), Ok(&cols));
        assert_eq!(clues_text(&rows).lines().count(), h, "one line a row, an empty one written 0");
    }
}
