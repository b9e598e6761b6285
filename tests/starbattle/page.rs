//! The page's pure functions: marks, highlights, SVG, the region editor, exports.
use super::*;
use studio::kinds::starbattle::page::{self, Draft, YesNo, YesNoMarks, DOT, STAR};

fn example() -> StarBattle {
    formats::from_puzzlink(EXAMPLE_URL).unwrap()
}

fn answer(p: &StarBattle) -> Grid<bool> {
    formats::stars_from_rows(p, &EXAMPLE_ANSWER.iter().map(|s| s.to_string()).collect::<Vec<_>>())
        .unwrap()
}

/// Wall segments counted straight from the region letters: each cell side on the grid's edge
/// or facing another letter.
fn wall_sides(rows: &[&str]) -> usize {
    let g: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
    let (h, w) = (g.len() as i32, g[0].len() as i32);
    let at = |r: i32, c: i32| {
        if r < 0 || c < 0 || r >= h || c >= w {
            None
        } else {
            Some(g[r as usize][c as usize])
        }
    };
    let mut n = 0;
    for r in 0..h {
        for c in 0..w {
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                n += usize::from(at(r + dr, c + dc) != at(r, c));
            }
        }
    }
    n
}

#[test]
fn svg_draws_regions_walls_and_stars() {
    let p = example();
    let blank = page::render_svg(&p, None);
    assert!(blank.starts_with("<svg") && blank.trim_end().ends_with("</svg>"));
    assert_eq!(blank.matches("class=\"region\"").count(), 36);
    assert_eq!(
        blank.matches("data-region=\"C\"").count(),
        EXAMPLE_REGIONS.concat().matches('C').count()
    );
    assert_eq!(blank.matches("class=\"wall\"").count(), wall_sides(&EXAMPLE_REGIONS));
    assert_eq!(blank.matches("class=\"star\"").count(), 0);
    assert!(blank.contains("1 star in every row, column and region"));
    // Each region keeps one colour.
    // Each region keeps its colour: the top-left cell (A) and the bottom-left one (F).
    assert!(blank.contains(&format!(
        "data-region=\"A\" x=\"2\" y=\"30\" width=\"40\" height=\"40\" fill=\"{}\"",
        page::fill(Some(0))
    )));
    assert!(blank.contains(&format!(
        "data-region=\"F\" x=\"2\" y=\"230\" width=\"40\" height=\"40\" fill=\"{}\"",
        page::fill(Some(5))
    )));
    assert_ne!(page::fill(Some(0)), page::fill(Some(5)));
    let solved = page::render_svg(&p, Some(&answer(&p)));
    assert_eq!(solved.matches("class=\"star\"").count(), 6);
    // A grid of the wrong shape draws no stars rather than panicking.
    assert_eq!(
        page::render_svg(&p, Some(&Grid::filled(3, 3, true))).matches("class=\"star\"").count(),
        0
    );
}

/// Every region's letter is shown once, in its first cell, so a hint's "region J" is on the board.
#[test]
fn region_letters_show_each_region_once() {
    let p = example();
    let letters = page::region_letters(&p);
    let shown: Vec<char> = letters.iter().flatten().copied().collect();
    assert_eq!(shown.len(), p.n_regions());
    for (i, l) in letters.iter().enumerate() {
        if let Some(l) = l {
            let g = p.regions().cells()[i].unwrap();
            assert_eq!(*l, StarBattle::letter(g));
            assert!(
                p.regions().cells()[..i].iter().all(|&x| x != Some(g)),
                "the first cell of region {l}"
            );
        }
    }
}

/// A figure is drawn as one outline: a 2x2 block is a square of four sides, a band of rows
/// one rectangle.
#[test]
fn figures_are_drawn_as_one_outline() {
    let block = page::outline_path(6, &[7, 8, 13, 14]);
    assert_eq!(block.matches('M').count(), 8, "{block}");
    assert!(
        block.contains("M1 1h1")
            && block.contains("M2 1h1")
            && block.contains("M1 3h1")
            && block.contains("M3 1v1"),
        "{block}"
    );
    // Two rows of a 6-wide board: 6 + 6 horizontal sides and 2 + 2 vertical ones.
    let band: Vec<usize> = (0..12).collect();
    assert_eq!(page::outline_path(6, &band).matches('M').count(), 16);
}

#[test]
fn clicks_keys_and_strokes_cycle_like_the_mouse() {
    const OPEN: YesNo = YesNo::Open;
    assert_eq!(page::click_mark(OPEN, false), STAR);
    assert_eq!(page::click_mark(STAR, false), OPEN);
    assert_eq!(page::click_mark(DOT, false), STAR);
    assert_eq!(page::click_mark(OPEN, true), DOT);
    assert_eq!(page::click_mark(DOT, true), OPEN);
    assert_eq!(page::click_mark(STAR, true), DOT);
    for key in [" ", "Enter", "s", "*"] {
        assert_eq!(page::key_mark(key, OPEN), Some(STAR), "{key:?}");
        assert_eq!(page::key_mark(key, STAR), Some(OPEN), "{key:?}");
    }
    for key in ["x", "."] {
        assert_eq!(page::key_mark(key, OPEN), Some(DOT));
        assert_eq!(page::key_mark(key, DOT), Some(OPEN));
    }
    assert_eq!(page::key_mark("Backspace", STAR), Some(OPEN));
    assert_eq!(page::key_mark("Delete", DOT), Some(OPEN));
    assert_eq!(page::key_mark("q", OPEN), None);
    // A dot drag dots the empty cells it passes and leaves stars alone.
    let marks = YesNoMarks::new(vec![OPEN, STAR, OPEN, DOT, OPEN]);
    assert_eq!(
        page::stroke_marks(&marks, &[0, 1, 2, 3, 4], true),
        vec![(0, DOT), (2, DOT), (4, DOT)]
    );
    // Starting on a dot, the drag clears dots only.
    assert_eq!(page::stroke_marks(&marks, &[3, 2, 1, 0], true), vec![(3, OPEN)]);
    // A star never spreads; a drag that starts by taking a star away takes away stars.
    assert_eq!(page::stroke_marks(&marks, &[0, 2, 4], false), vec![(0, STAR)]);
    assert_eq!(
        page::stroke_marks(&YesNoMarks::new(vec![STAR, OPEN, STAR]), &[0, 1, 2], false),
        vec![(0, OPEN), (2, OPEN)]
    );
    assert_eq!(page::stroke_marks(&marks, &[], false), vec![]);
    // Cells past the marks count as empty; the page resizes the marks.
    assert_eq!(page::stroke_marks(&YesNoMarks::default(), &[7, 8], true), vec![(7, DOT), (8, DOT)]);
}

#[test]
fn highlights_name_the_stars_that_break_a_rule() {
    let p = example();
    assert!(page::conflicts(&p, &answer(&p)).iter().all(|&b| !b));
    let mut g = Grid::filled(6, 6, false);
    g[(0, 0)] = true;
    g[(1, 1)] = true; // touching diagonally
    g[(3, 5)] = true;
    g[(5, 5)] = true; // two in column 5 (k = 1)
    let bad = page::conflicts(&p, &g);
    let flagged: Vec<usize> = (0..36).filter(|&i| bad[i]).collect();
    assert_eq!(flagged, vec![0, 7, 23, 35]);
    assert!(
        page::conflicts(&p, &Grid::filled(2, 2, true)).iter().all(|&b| !b),
        "a grid of the wrong shape flags nothing"
    );
}

fn texts(d: &Draft) -> Vec<String> {
    d.problems().into_iter().map(|p| p.text).collect()
}

#[test]
fn the_editor_names_each_problem_and_its_place() {
    let blank = Draft::blank(5, 5, 1);
    let t = texts(&blank);
    assert_eq!(
        t,
        vec!["0 regions so far; 5 rows need 5 regions (each holds 1 star): paint 5 more."
            .to_string()]
    );
    assert!(blank.problems()[0].blocking);
    assert!(blank.to_puzzle().is_err());

    // Rows and columns differ: said plainly, with the two star totals.
    let wide = Draft::blank(5, 6, 2);
    let t = texts(&wide).join("\n");
    assert!(
        t.contains("5 rows by 6 columns")
            && t.contains("10 stars by the rows but 12 by the columns")
            && t.contains("must be square"),
        "{t}"
    );

    // Rows as regions, one cell left unpainted, region B in two pieces.
    let mut d = Draft::blank(5, 5, 1);
    for r in 0..5 {
        d = d.painted(&(r * 5..r * 5 + 5).collect::<Vec<_>>(), Some(r as u8));
    }
    assert!(d.problems().is_empty(), "{:?}", texts(&d));
    let d2 = d.painted(&[7], None).painted(&[12], Some(1)).painted(&[11], Some(2));
    let t = texts(&d2).join("\n");
    assert!(t.contains("1 cell is in no region (the first at row 2, column 3)"), "{t}");
    assert!(t.contains("Region B is in 3 separate pieces (at row 2, column 1; row 2, column 4; row 3, column 3)"), "{t}");
    let outside = d2.problems().into_iter().find(|p| p.text.contains("no region")).unwrap();
    assert_eq!(outside.cells, vec![7]);
    assert!(!outside.blocking, "the model accepts cells outside every region");
    assert!(d2.to_puzzle().is_ok());

    // Too many regions.
    let six = d.painted(&[0], Some(9));
    assert!(texts(&six)[0].starts_with("6 regions; 5 rows need exactly 5"), "{:?}", texts(&six));

    // A region with no room for its stars (2 stars, a 2x2 region holds 1).
    let mut e = Draft::blank(8, 8, 2);
    for r in 0..8 {
        e = e.painted(&(r * 8..r * 8 + 8).collect::<Vec<_>>(), Some(r as u8));
    }
    let e = e
        .painted(&[0, 1, 8, 9], Some(20))
        .painted(&(2..8).chain(10..16).collect::<Vec<_>>(), Some(1));
    let small = e
        .problems()
        .into_iter()
        .find(|p| p.text.contains("Region U"))
        .expect("the 2x2 region is flagged");
    assert_eq!(small.text, "Region U (from row 1, column 1) has 4 cells with room for at most 1 star without two touching; it needs 2 stars.");
    assert_eq!(small.cells, vec![0, 1, 8, 9]);

    // More stars than a line can hold.
    let t = texts(&Draft::blank(4, 4, 3)).join("\n");
    assert!(t.contains("A line of 4 cells holds at most 2 stars"), "{t}");
}

#[test]
fn painting_the_example_region_by_region_makes_the_example() {
    let mut d = Draft::blank(6, 6, 1);
    let mut seen = Vec::new();
    for (i, ch) in EXAMPLE_REGIONS.concat().chars().enumerate() {
        let label = ch as u8 - b'A';
        if !seen.contains(&label) {
            assert_eq!(d.fresh_label(), Some(seen.len() as u8));
            seen.push(label);
        }
        let before = d.problems().len();
        d = d.painted(&[i], Some(label));
        assert!(d.problems().len() <= before + 1);
    }
    assert!(d.problems().is_empty(), "{:?}", texts(&d));
    let p = d.to_puzzle().unwrap();
    assert_eq!(p, example());
    assert_eq!(d.to_text(), p.to_json().to_string(), "a valid draft's text is the puzzle's JSON");
    assert_eq!(Draft::from_puzzle(&p), d);
}

#[test]
fn paint_erase_resize_and_text_round_trip() {
    let d = Draft::blank(3, 3, 1).painted(&[0, 1, 2, 99], Some(0)).painted(&[4], Some(60));
    assert_eq!(d.cells[..3], [Some(0); 3]);
    assert_eq!(d.cells[4], None, "labels past the letters are refused");
    assert_eq!(d.regions(), vec![(0, 3)]);
    assert_eq!(d.fresh_label(), Some(1));
    let erased = d.painted(&[1], None);
    assert_eq!(erased.cells[1], None);
    let bigger = d.resized(4, 5);
    assert_eq!((bigger.rows, bigger.cols, bigger.cells.len()), (4, 5, 20));
    assert_eq!(bigger.cells[..3], [Some(0); 3]);
    assert_eq!(bigger.cells[3], None);
    let smaller = d.resized(1, 2);
    assert_eq!(smaller.cells, vec![Some(0), Some(0)]);
    assert_eq!(Draft::blank(0, 99, 9).resized(0, 0).cells.len(), 1, "sizes are clamped");
    assert_eq!(Draft::blank(3, 3, 9).stars, 6);
    for draft in [d.clone(), bigger, Draft::blank(5, 6, 2).painted(&[3], Some(51))] {
        assert_eq!(Draft::from_text(&draft.to_text()).unwrap(), draft);
    }
    // Whatever storage holds, reading it never panics.
    let alphabet: Vec<char> = "0123456789abcXYZ{}[]\",:.-\n".chars().collect();
    let mut rng = fastrand::Rng::with_seed(5);
    let seed = d.to_text();
    for _ in 0..3000 {
        let text = crate::fuzz::mutate(&mut rng, &seed, &alphabet);
        if let Ok(x) = Draft::from_text(&text) {
            assert_eq!(x.cells.len(), x.rows * x.cols);
            let _ = x.problems();
            let _ = x.to_puzzle();
        }
    }
}

#[test]
fn room_for_stars_equals_brute_force() {
    let mut rng = fastrand::Rng::with_seed(3);
    for _ in 0..300 {
        let cols = 5;
        let cells: Vec<usize> = (0..25).filter(|_| rng.u8(..3) == 0).collect();
        if cells.len() > 12 {
            continue;
        }
        let touch = |a: usize, b: usize| {
            (a / cols).abs_diff(b / cols) <= 1 && (a % cols).abs_diff(b % cols) <= 1
        };
        let mut best = 0;
        for mask in 0u32..1 << cells.len() {
            let chosen: Vec<usize> =
                (0..cells.len()).filter(|i| mask >> i & 1 == 1).map(|i| cells[i]).collect();
            if chosen
                .iter()
                .enumerate()
                .all(|(i, &a)| chosen[i + 1..].iter().all(|&b| !touch(a, b)))
            {
                best = best.max(chosen.len());
            }
        }
        for k in 1..=6 {
            assert_eq!(page::room_for_stars(&cells, cols, k), best.min(k), "{cells:?} k={k}");
        }
    }
}

#[test]
fn puzzlink_and_pzprv3_round_trip_random_puzzles() {
    // The worked example, byte for byte, both ways.
    let p = example();
    assert_eq!(formats::to_puzzlink(&p).as_deref(), Some(EXAMPLE_URL));
    let mut file = String::from("pzprv3\nstarbattle\n6\n6\n1\n6\n");
    for row in EXAMPLE_REGIONS {
        file.push_str(&row.chars().map(|c| format!("{} ", c as u8 - b'A')).collect::<String>());
        file.push('\n');
    }
    file.push_str(&". . . . . . \n".repeat(6));
    assert_eq!(formats::to_pzprv3(&p, None).unwrap(), file);
    let with_answer = formats::to_pzprv3(&p, Some(&answer(&p))).unwrap();
    assert!(
        with_answer.ends_with("# . . . . . \n") && with_answer.contains(". # . . . . \n"),
        "{with_answer}"
    );
    assert_eq!(formats::from_pzprv3(&with_answer).unwrap(), p);
    // Random valid puzzles of many sizes.
    let mut rng = fastrand::Rng::with_seed(21);
    for _ in 0..200 {
        let n = rng.usize(1..=14);
        let k = rng.usize(1..=3);
        let p = StarBattle::new(random_regions(n, &mut rng), k).unwrap();
        let url = formats::to_puzzlink(&p).expect("grown regions are connected");
        assert_eq!(formats::from_puzzlink(&url).unwrap(), p, "{url}");
        assert_eq!(formats::from_pzprv3(&formats::to_pzprv3(&p, None).unwrap()).unwrap(), p);
        let file_url = format!(
            "https://puzz.link/p?{}",
            formats::to_pzprv3(&p, None).unwrap().replace('\n', "/")
        );
        assert_eq!(formats::from_puzzlink(&file_url).unwrap(), p);
    }
    // Regions walls cannot express: no URL rather than one that reads back differently.
    let split = StarBattle::new(
        Grid::from_cells(2, 2, vec![Some(0), Some(1), Some(1), Some(0)]).unwrap(),
        1,
    )
    .unwrap();
    assert_eq!(formats::to_puzzlink(&split), None);
    assert!(formats::puzzlink_obstacle(&split).unwrap().contains("region A is in several pieces"));
    assert_eq!(formats::to_pzprv3(&split, None), None);
    let holes =
        StarBattle::new(Grid::from_cells(2, 2, vec![Some(0), Some(1), Some(1), None]).unwrap(), 1)
            .unwrap();
    assert!(formats::puzzlink_obstacle(&holes)
        .unwrap()
        .contains("row 2, column 2 is in no region"));
}

#[test]
fn the_cursor_moves_with_the_arrows_and_stops_at_the_edges() {
    use studio::grid::cursor_step;
    assert_eq!(cursor_step("ArrowRight", (0, 0), 3, 4), Some((0, 1)));
    assert_eq!(cursor_step("ArrowRight", (0, 3), 3, 4), Some((0, 3)));
    assert_eq!(cursor_step("ArrowDown", (2, 1), 3, 4), Some((2, 1)));
    assert_eq!(cursor_step("ArrowUp", (0, 1), 3, 4), Some((0, 1)));
    assert_eq!(cursor_step("ArrowLeft", (1, 1), 3, 4), Some((1, 0)));
    assert_eq!(cursor_step("x", (1, 1), 3, 4), None);
}
