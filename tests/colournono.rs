//! Colour nonograms: the encoding against brute force, the checker, the forms and their errors,
//! the samples, decoder fuzzing.

use std::collections::HashMap;

use studio::grid::Grid;
use studio::kinds::colournono::page::{Paint, PaintMarks};
use studio::kinds::colournono::{check, formats, logic, Colour, ColourNonogram, Run};
use studio::play::Playable;
use studio::puzzle::{Mode, Puzzle, Verdict};

/// The clues of a grid of palette indices, by the checker's run reader.
fn clues_of(g: &Grid<u8>) -> (Vec<Vec<Run>>, Vec<Vec<Run>>) {
    let to = |v: Vec<(u32, u8)>| {
        v.into_iter().map(|(len, colour)| Run { len, colour }).collect::<Vec<_>>()
    };
    let rows = (0..g.rows()).map(|r| to(check::runs(g.row(r).iter().copied()))).collect();
    let cols = (0..g.cols()).map(|c| to(check::runs((0..g.rows()).map(|r| g[(r, c)])))).collect();
    (rows, cols)
}

fn palette(k: usize) -> Vec<Colour> {
    [
        [255, 255, 255],
        [200, 30, 30],
        [30, 150, 40],
        [30, 60, 200],
        [240, 200, 40],
        [20, 20, 20],
        [150, 80, 20],
        [230, 120, 200],
        [90, 200, 220],
    ]
    .iter()
    .take(k)
    .map(|&[r, g, b]| Colour::rgb(r, g, b))
    .collect()
}

/// Every grid of `h` rows, `w` columns over `k` palette entries, as cell vectors.
fn all_grids(w: usize, h: usize, k: usize) -> impl Iterator<Item = Grid<u8>> {
    let n = w * h;
    let total = (k as u64).pow(n as u32);
    (0..total).map(move |mut x| {
        let mut cells = vec![0u8; n];
        for c in cells.iter_mut() {
            *c = (x % k as u64) as u8;
            x /= k as u64;
        }
        Grid::from_cells(h, w, cells).unwrap()
    })
}

/// The SAT count of every sampled clue set equals the number of grids with those clues, over
/// all grids of a small size; clue sets with two column clues swapped (the colour totals still
/// agree) count the same way, many of them with no answer at all.
#[test]
fn sat_count_equals_brute_force_count() {
    let mut rng = fastrand::Rng::with_seed(30);
    for (w, h, k, samples) in [(3, 3, 3, 400), (4, 3, 3, 250), (3, 3, 4, 250), (2, 4, 4, 150)] {
        let mut counts: HashMap<(Vec<Vec<Run>>, Vec<Vec<Run>>), usize> = HashMap::new();
        let grids: Vec<Grid<u8>> = all_grids(w, h, k).collect();
        for g in &grids {
            *counts.entry(clues_of(g)).or_default() += 1;
        }
        let (mut multiple, mut none, mut tried) = (0, 0, 0);
        for i in 0..samples {
            let (rows, cols) = if i % 2 == 0 {
                clues_of(&grids[rng.usize(..grids.len())])
            } else {
                let (rows, mut cols) = clues_of(&grids[rng.usize(..grids.len())]);
                let (a, b) = (rng.usize(..w), rng.usize(..w));
                cols.swap(a, b);
                (rows, cols)
            };
            let Ok(p) = ColourNonogram::new(palette(k), rows.clone(), cols.clone()) else {
                continue;
            };
            let want = counts.get(&(rows, cols)).copied().unwrap_or(0);
            let r = p.solve(Mode::Count(10_000), None).unwrap();
            assert_eq!(
                r.count,
                Some((want, true)),
                "{w}x{h}, {k} entries: {}",
                formats::link_payload(&p)
            );
            for s in &r.solutions {
                check::verify(&p, s).unwrap();
            }
            // The uniqueness verdict agrees with the count.
            let u = p.solve(Mode::Unique, None).unwrap();
            let expect = match want {
                0 => Verdict::None,
                1 => Verdict::Unique,
                _ => Verdict::Multiple,
            };
            assert_eq!(u.verdict, expect, "{}", formats::link_payload(&p));
            multiple += usize::from(want > 1);
            none += usize::from(want == 0);
            tried += 1;
        }
        assert!(
            tried > samples / 3 && multiple > 0 && none > 0,
            "{w}x{h}: {tried} tried, {multiple} multiple, {none} none"
        );
    }
}

/// Different colours may touch, the same colour needs a gap: a line `2 red, 1 green` has two
/// placements more in 4 cells than `2 red, 1 red`.
#[test]
fn touching_runs_follow_the_colours() {
    let red = Run { len: 2, colour: 1 };
    let green = Run { len: 1, colour: 2 };
    let red1 = Run { len: 1, colour: 1 };
    // One row of 4 cells; columns fixed by a chosen row.
    for (row, want) in [(vec![red, green], 3usize), (vec![red, red1], 1)] {
        let mut found = 0;
        for g in all_grids(4, 1, 3) {
            if clues_of(&g).0[0] == row {
                found += 1;
            }
        }
        assert_eq!(found, want);
    }
    // `aab.` is one answer of the row `2a b`; its columns then fix it.
    let g = Grid::from_cells(1, 4, vec![1, 1, 2, 0]).unwrap();
    let (rows, cols) = clues_of(&g);
    let p = ColourNonogram::new(palette(3), rows, cols).unwrap();
    let r = p.solve(Mode::Unique, None).unwrap();
    assert_eq!(r.verdict, Verdict::Unique);
    assert_eq!(r.solutions[0], g);
}

#[test]
fn the_checker_names_the_broken_line() {
    let p = formats::from_link_text("3x2:fff.f00.0f0:a/ab/b/2a/2b").unwrap();
    let good = Grid::from_cells(2, 3, vec![1, 1, 0, 0, 2, 2]).unwrap();
    check::verify(&p, &good).unwrap();
    let bad = Grid::from_cells(2, 3, vec![1, 1, 0, 0, 1, 2]).unwrap();
    let e = check::verify(&p, &bad).unwrap_err();
    assert!(e.starts_with("row 2 has runs 1 colour 1 (#ff0000), 1 colour 2 (#00ff00)"), "{e}");
    let outside = Grid::from_cells(2, 3, vec![1, 1, 0, 0, 3, 2]).unwrap();
    assert!(check::verify(&p, &outside).unwrap_err().contains("row 2, column 2 has colour 3"));
    // Touching same-colour cells are one run, not two.
    assert_eq!(check::runs([1, 1, 2, 2, 0, 2]), vec![(2, 1), (2, 2), (1, 2)]);
}

#[test]
fn validation_names_the_place() {
    let e = |t: &str| formats::from_link_text(t).unwrap_err().to_string();
    assert!(
        e("3x2:fff.f00.0f0:a/ab/b/2a/2c").contains("row 2"),
        "{}",
        e("3x2:fff.f00.0f0:a/ab/b/2a/2c")
    );
    assert!(
        e("3x2:fff.f00.0f0:a/ab/b/2a/2c").contains("not a colour letter")
            || e("3x2:fff.f00.0f0:a/ab/b/2a/2c").contains("colour 3")
    );
    // Two runs of one colour need a gap: `1 1 1` of red needs 5 cells.
    assert!(
        e("3x2:fff.f00.0f0:a/ab/b/aaa/2b").contains("row 1: the clue needs 5 cells"),
        "{}",
        e("3x2:fff.f00.0f0:a/ab/b/aaa/2b")
    );
    // Colour totals that differ leave no answer, as other clues can: the puzzle reads, and the
    // solver's verdict is `none` with the reason (one verdict for every puzzle without one).
    let p = formats::from_link_text("3x2:fff.f00.0f0:a/ab/b/2a/b").unwrap();
    let r = p.solve(Mode::Unique, None).unwrap();
    assert_eq!(r.verdict, Verdict::None);
    assert!(
        r.proof[0].contains("the rows have 1 cell of colour 2 (#00ff00), the columns 2"),
        "{:?}",
        r.proof
    );
    assert!(e("3x2:fff.f00.f00:a/ab/b/2a/2b").contains("same colour"));
    assert!(e("3x2:fff:0/0/0/0/0").contains("palette"));
    assert!(e("3x2:fff.f00.0f0:a/ab/b/2a").contains("expected 5 lines"));
    assert!(e("3x2:fff.f00.0gg:a/ab/b/2a/2b").contains("palette entry 3"));
    assert!(e("3x2:fff.f00.0f0:a/ab/b/2a/22").contains("row 2"));
    let j = |t: &str| {
        studio::kinds::import(studio::kinds::Kind::ColourNonogram, t).unwrap_err().to_string()
    };
    let m = j(
        r##"{"kind":"colournono","palette":["#fff","#f00"],"rows":[[[1,1]],[[1,2]]],"cols":[[[1,1],[1,1]]]}"##,
    );
    assert!(m.contains("row 2, run 1") && m.contains("colour 2"), "{m}");
    let m = j(r##"{"kind":"colournono","palette":["#fff","#f00"],"rows":[[[0,1]]],"cols":[[]]}"##);
    assert!(m.contains("row 1, run 1") && m.contains("0 cells"), "{m}");
}

#[test]
fn forms_round_trip() {
    for &(_, text) in ColourNonogram::SAMPLES {
        let p = ColourNonogram::import(text).unwrap().puzzle;
        assert_eq!(formats::link_payload(&p), text, "the samples are in canonical link form");
        let back = ColourNonogram::from_json(&p.to_json()).unwrap();
        assert_eq!(back, p);
        let via_link = studio::kinds::import(
            studio::kinds::Kind::ColourNonogram,
            &format!("https://example.org/#{}", studio::link::fragment(&p)),
        )
        .unwrap();
        assert_eq!(
            ColourNonogram::from_json(&serde_json::from_str(&via_link).unwrap()).unwrap(),
            p
        );
    }
    // Names and a goal survive the JSON form; the goal must solve the puzzle.
    let json = r##"{"kind":"colournono","title":"Tiny","palette":[{"rgb":"#ffffff","name":"white"},{"rgb":"#ff0000","name":"red"},"#00ff00"],"rows":[[[2,1]],[[2,2]]],"cols":[[[1,1],[1,2]],[[1,1],[1,2]]],"goal":["aa","bb"]}"##;
    let p = ColourNonogram::import(json).unwrap();
    assert_eq!(p.known, Some(Grid::from_cells(2, 2, vec![1, 1, 2, 2]).unwrap()));
    assert_eq!(ColourNonogram::from_json(&p.puzzle.to_json()).unwrap(), p.puzzle);
    assert_eq!(p.puzzle.colour_name(1), "red");
    let wrong = json.replace("[\"aa\",\"bb\"]", "[\"bb\",\"aa\"]");
    assert!(ColourNonogram::import(&wrong).unwrap_err().to_string().contains("goal"));
}

#[test]
fn samples_are_unique_and_verified() {
    assert!(ColourNonogram::SAMPLES.len() >= 2);
    for &(name, text) in ColourNonogram::SAMPLES {
        let p = ColourNonogram::import(text).unwrap().puzzle;
        let r = p.solve(Mode::Unique, None).unwrap();
        assert_eq!(r.verdict, Verdict::Unique, "{name}");
        check::verify(&p, &r.solutions[0]).unwrap();
        assert!(p.colours() >= 2, "{name} is in colour");
    }
}

/// Mutated links and JSON never panic; what reads back is a valid puzzle whose answer, if
/// any, passes the checker.
#[test]
fn fuzzed_decoders_never_panic() {
    let mut rng = fastrand::Rng::with_seed(7);
    let alphabet: Vec<char> = "0123456789abcfABF.:/x#{}[],\"- ".chars().collect();
    for &(_, text) in ColourNonogram::SAMPLES {
        let json = ColourNonogram::import(text).unwrap().puzzle.to_json().to_string();
        for seed in [text, json.as_str()] {
            for _ in 0..1500 {
                let t = crate::fuzz::mutate(&mut rng, seed, &alphabet);
                if let Ok(e) = ColourNonogram::import(&t) {
                    let r = e.puzzle.solve(Mode::First, None).unwrap();
                    for s in &r.solutions {
                        check::verify(&e.puzzle, s).unwrap();
                    }
                }
                let _ = ColourNonogram::from_link_payload(1, &t);
            }
        }
    }
}

/// Random puzzles: a random picture of `k - 1` colours on the background, in blobs (so runs
/// are longer than one cell), and its clues.
fn random_puzzle(rng: &mut fastrand::Rng, w: usize, h: usize, k: usize) -> ColourNonogram {
    let mut cells = vec![0u8; w * h];
    for i in 0..w * h {
        cells[i] = if i > 0 && i % w > 0 && rng.u8(..3) > 0 {
            cells[i - 1]
        } else if rng.bool() {
            0
        } else {
            rng.u8(1..k as u8)
        };
    }
    let g = Grid::from_cells(h, w, cells).unwrap();
    let (rows, cols) = clues_of(&g);
    ColourNonogram::new(palette(k), rows, cols).unwrap()
}

/// The answer as marks: `.` a dot, a colour its mark.
fn answer_marks(a: &Grid<u8>) -> PaintMarks {
    PaintMarks::new(a.cells().iter().map(|&c| Paint(Some(c))).collect())
}

/// The one-path invariant: the solver's logic phase and the walked explanation decide the same
/// cells with the same colours, and the solver's rating is the explanation's; every step is
/// sound (its marks agree with the proven answer, it changes only the cells it names); from
/// random correct partial marks the walk is sound too; a wrong mark is reported first.
#[test]
fn hints_are_sound_and_walk_the_solver_logic() {
    use studio::hint::{self, Hint};
    use studio::kinds::colournono::solve;
    let mut rng = fastrand::Rng::with_seed(11);
    let mut puzzles: Vec<ColourNonogram> = ColourNonogram::SAMPLES
        .iter()
        .map(|&(_, t)| ColourNonogram::import(t).unwrap().puzzle)
        .collect();
    for i in 0..40 {
        puzzles.push(random_puzzle(&mut rng, 5 + i % 6, 4 + i % 5, 3 + i % 3));
    }
    let (mut by_logic, mut unique) = (0, 0);
    for p in &puzzles {
        let at = formats::link_payload(p);
        let r = p.solve(Mode::Unique, None).unwrap();
        if r.verdict != Verdict::Unique {
            continue;
        }
        unique += 1;
        let answer = &r.solutions[0];
        let text = p.solution_rows(answer).concat();
        let x = hint::explain(p, Some(answer));
        let mut marks = PaintMarks::default();
        // The solver's logic phase runs to colour sets; the explanation may go on with
        // contradictions, so the two are compared where it takes its first.
        let sets_only: Vec<&hint::Step> =
            x.steps.iter().take_while(|s| s.rank <= logic::SETS_RANK).collect();
        let (by_sets, prefix) = (x.solved() && sets_only.len() == x.steps.len(), sets_only.len());
        let mut at_sets = PaintMarks::default();
        for (k, s) in x.steps.iter().enumerate() {
            if k == prefix {
                at_sets = marks.clone();
            }
            assert!(!s.marks.is_empty() && !s.sentence.is_empty(), "{at}: {s:?}");
            for &(m, _) in &s.marks {
                assert!(s.cells.contains(&m), "{at}: a mark outside the step's cells");
            }
            hint::apply(&mut marks, s);
            assert!(
                ColourNonogram::mistakes(&text, &marks).is_empty(),
                "{at}: \"{}\" contradicts the answer",
                s.sentence
            );
        }
        if prefix == x.steps.len() {
            at_sets = marks.clone();
        }
        // The logic phase's cells equal the walked marks up to the first contradiction.
        let marks = at_sets;
        let (cells, run, _) = solve::line_logic(p);
        let walked = studio::kinds::colournono::hint::cells_of(p, &marks);
        assert_eq!(cells, walked, "{at}: the logic phase and the explanation disagree");
        assert_eq!(by_sets, run.end == studio::deduce::End::Complete, "{at}");
        if by_sets {
            by_logic += 1;
            assert_eq!(
                r.rating.as_deref(),
                Some(x.rating().as_str()),
                "{at}: the rating is the explanation's"
            );
            assert_eq!(marks, answer_marks(answer), "{at}");
        } else if !x.solved() {
            assert!(matches!(x.end, Hint::Stuck { .. }), "{at}: {:?}", x.end);
            assert_eq!(
                r.rating.as_deref(),
                Some("beyond line logic with colour sets (needs search)")
            );
        }
        // From random correct partial marks every step is still sound.
        let full = answer_marks(answer);
        let n = p.cell_count();
        let mut partial = PaintMarks::new(
            full.to_vec(n)
                .into_iter()
                .map(|m| if rng.f64() < 0.4 { m } else { Paint(None) })
                .collect(),
        );
        loop {
            match hint::hint(p, &partial, Some(answer)) {
                Hint::Step(s) => {
                    hint::apply(&mut partial, &s);
                    assert!(
                        ColourNonogram::mistakes(&text, &partial).is_empty(),
                        "{at}: from partial marks, \"{}\"",
                        s.sentence
                    );
                }
                Hint::Solved { .. } | Hint::Stuck { .. } => break,
                other => panic!("{at}: {other:?}"),
            }
        }
        // A wrong mark is pointed at before any step.
        let mut bad = PaintMarks::new(
            full.to_vec(n)
                .into_iter()
                .map(|m| if rng.f64() < 0.3 { m } else { Paint(None) })
                .collect(),
        );
        let i = rng.usize(..n);
        // A dot (the background) where the answer has a colour, else the first colour.
        bad.set(i, if full.get(i) == Paint(Some(0)) { Paint(Some(1)) } else { Paint(Some(0)) });
        match hint::hint(p, &bad, Some(answer)) {
            Hint::Mistake { cells, sentence } => {
                assert!(cells.contains(&i), "{at}");
                assert!(sentence.contains(&p.cell_name(cells[0])), "{sentence}");
            }
            other => panic!("{at}: a wrong mark gave {other:?}"),
        }
    }
    // Line logic with colour sets finishes most of these noisy pictures (decided cells alone
    // finished fewer than all).
    assert!(unique >= 20 && by_logic >= 5, "{unique} unique, {by_logic} by line logic");
}

/// The first hint on an untouched sample is the overlap rule told in words, naming the line and
/// its clue in colours.
#[test]
fn a_first_hint_names_its_line_and_colours() {
    let p = ColourNonogram::import(ColourNonogram::SAMPLES[1].1).unwrap().puzzle;
    match p.next_step(&PaintMarks::default(), None) {
        studio::hint::Hint::Step(s) => {
            assert!(
                s.sentence.starts_with("Row ") || s.sentence.starts_with("Column "),
                "{}",
                s.sentence
            );
            // Colours by name (the palette has none, so the nearest common names), never by
            // number.
            let names = studio::kinds::colournono::words::colour_names(&p);
            assert!(names[1..].iter().any(|n| s.sentence.contains(n.as_str())), "{}", s.sentence);
            assert!(!s.sentence.contains("colour "), "{}", s.sentence);
            assert!(!s.marks.is_empty());
        }
        other => panic!("{other:?}"),
    }
}

const HAPPY: &str = include_str!("data/colournono/happy.pbn");

/// A real colour puzzle from a public collection (CC-0, see tests/data/colournono/README.md):
/// it reads with its palette and names, is proven unique, and its answer is the published picture.
#[test]
fn a_published_webpbn_colour_puzzle_solves_to_its_picture() {
    let e = ColourNonogram::import(HAPPY).unwrap();
    let p = &e.puzzle;
    assert_eq!((p.width(), p.height(), p.colours()), (10, 10, 2));
    assert_eq!(p.title(), Some("In a cheerful mood"));
    assert_eq!(p.palette()[0].name.as_deref(), Some("white"));
    assert_eq!(p.colour_name(2), "yellow");
    assert_eq!(p.palette()[2].rgb, [0xaa, 0xaa, 0x5a]);
    let goal = e.known.clone().expect("the published picture");
    assert_eq!(formats::grid_rows(&goal)[3], "abbabbabba");
    let r = p.solve(Mode::Unique, None).unwrap();
    assert_eq!(r.verdict, Verdict::Unique);
    assert_eq!(r.solutions[0], goal);
    assert!(studio::kinds::sniff(HAPPY) == Some(studio::kinds::Kind::ColourNonogram));
    // Written and read back: the same puzzle, names and goal included.
    let xml = studio::kinds::colournono::xml::to_xml(p);
    let (back, g) = studio::kinds::colournono::xml::from_xml(&xml).unwrap();
    assert_eq!(&back, p);
    assert_eq!(g, Some(goal));
    // Every sample through XML and back.
    for &(_, t) in ColourNonogram::SAMPLES {
        let p = ColourNonogram::import(t).unwrap().puzzle;
        let (back, _) =
            studio::kinds::colournono::xml::from_xml(&studio::kinds::colournono::xml::to_xml(&p))
                .unwrap();
        assert_eq!(formats::link_payload(&back), t);
    }
}

#[test]
fn xml_errors_name_the_place() {
    let e = |t: &str| ColourNonogram::import(t).unwrap_err().to_string();
    let m =
        e(&HAPPY.replace("<count color=\"yellow\">8</count>", "<count color=\"pink\">8</count>"));
    assert!(m.contains("XML line") && m.contains("`pink` has no <color>"), "{m}");
    let m = e(&HAPPY.replace("|X@@@@@@@@X|", "|X@@@@?@@@X|"));
    assert!(
        m.contains("the goal image's cell in row 5, column 6 (XML line") && m.contains("`?`"),
        "{m}"
    );
    let m =
        e(&HAPPY.replace("<count color=\"yellow\">8</count>", "<count color=\"yellow\">9</count>"));
    assert!(m.contains("row 5") && m.contains("needs 11 cells"), "{m}");
    let m = e(&HAPPY.replace("|X@@@@@@@@X|", "|X@@@@X@@@X|"));
    assert!(m.contains("goal"), "{m}");
}

/// The share link of a 30x30 picture in eight colours stays short enough for chat apps.
#[test]
fn a_30x30_eight_colour_link_is_short() {
    let mut rng = fastrand::Rng::with_seed(3);
    let mut longest = 0;
    for _ in 0..10 {
        let p = random_puzzle(&mut rng, 30, 30, 9);
        assert_eq!(p.colours(), 8);
        let link = format!("https://example.org/#{}", studio::link::fragment(&p));
        longest = longest.max(link.len());
        assert_eq!(
            &studio::kinds::import(studio::kinds::Kind::ColourNonogram, &link)
                .map(|j| ColourNonogram::from_json(&serde_json::from_str(&j).unwrap()).unwrap())
                .unwrap(),
            &p
        );
    }
    println!("longest 30x30 eight-colour link: {longest} characters");
    assert!(longest < 2000, "{longest}");
}

#[test]
fn fuzzed_xml_never_panics() {
    let mut rng = fastrand::Rng::with_seed(9);
    let alphabet: Vec<char> = "<>/=\"' 0123456789abcXyz@.|&;!-?\n".chars().collect();
    for _ in 0..3000 {
        let t = crate::fuzz::mutate(&mut rng, HAPPY, &alphabet);
        if let Ok(e) = ColourNonogram::import(&t) {
            let r = e.puzzle.solve(Mode::Unique, None).unwrap();
            for s in &r.solutions {
                check::verify(&e.puzzle, s).unwrap();
            }
        }
        let _ = studio::kinds::sniff(&t);
    }
}

/// Generated puzzles are proven unique, in the size and colours asked for, with their picture as
/// the goal; impossible settings are refused in words.
#[test]
fn generated_puzzles_are_unique_in_the_colours_asked() {
    for (size, colours, seed) in
        [(5usize, 2usize, 1u64), (8, 3, 2), (10, 4, 3), (15, 6, 4), (20, 8, 5)]
    {
        let p = ColourNonogram::generate(
            &studio::kinds::colournono::GenerateOptions {
                size: Some(size),
                colours: Some(colours),
                difficulty: None,
            },
            seed,
        )
        .unwrap();
        assert_eq!((p.width(), p.height(), p.colours()), (size, size, colours));
        let r = p.solve(Mode::Unique, None).unwrap();
        assert_eq!(r.verdict, Verdict::Unique, "{}", formats::link_payload(&p));
        assert_eq!(Some(&r.solutions[0]), p.goal());
        // The same seed gives the same puzzle.
        let again = ColourNonogram::generate(
            &studio::kinds::colournono::GenerateOptions {
                size: Some(size),
                colours: Some(colours),
                difficulty: None,
            },
            seed,
        )
        .unwrap();
        assert_eq!(again, p);
    }
    let e = ColourNonogram::generate(
        &studio::kinds::colournono::GenerateOptions {
            size: Some(10),
            colours: Some(12),
            difficulty: None,
        },
        1,
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("colours must be 2 to 8"), "{e}");
}

/// Solving with a monitor (as the worker does: varisat's proof stream is read for progress)
/// gives the same verdicts as without, on the samples and on puzzles line logic does not finish.
#[test]
fn solving_with_a_monitor_works() {
    use studio::sat::Monitor;
    let mut rng = fastrand::Rng::with_seed(2);
    let mut puzzles: Vec<ColourNonogram> = ColourNonogram::SAMPLES
        .iter()
        .map(|&(_, t)| ColourNonogram::import(t).unwrap().puzzle)
        .collect();
    for i in 0..20 {
        puzzles.push(random_puzzle(&mut rng, 6 + i % 5, 6, 3));
    }
    for p in &puzzles {
        let plain = p.solve(Mode::Unique, None).unwrap();
        let watched = p.solve(Mode::Unique, Some(Monitor::new(1.0, |_| true))).unwrap();
        assert_eq!(plain.verdict, watched.verdict);
        assert_eq!(plain.solutions, watched.solutions);
    }
}

/// The share of neighbouring cell pairs (right and below) with the same colour: about
/// 1 / colours for noise, most pairs for a picture of shapes.
fn same_neighbours(g: &Grid<u8>) -> f64 {
    let (mut same, mut all) = (0usize, 0usize);
    for (r, c) in g.positions() {
        for (rr, cc) in [(r + 1, c), (r, c + 1)] {
            if let Some(&v) = g.get(rr, cc) {
                all += 1;
                same += usize::from(v == g[(r, c)]);
            }
        }
    }
    same as f64 / all as f64
}

/// Generated puzzles at each level: proven unique, their goal the answer, pictures of shapes
/// rather than noise, and rated as asked: `easy` ones are finished by the line rule alone (the
/// solver's rating is `line logic`), `medium` ones need colour sets (the line rule stalls, the
/// rating is `line logic with colour sets`), `hard` ones are not finished by colour sets either
/// (the rating says search is needed); an unknown level is refused in words.
#[test]
fn generator_levels_are_rated_as_asked_and_unique() {
    use studio::kinds::colournono::generate::{line_logic_finishes, line_rule_finishes};
    use studio::kinds::colournono::GenerateOptions;
    // `hard` (beyond line logic with colour sets) is rare in many colours: it is asked of the
    // smaller palettes.
    for (size, colours, seed, levels) in [
        (8usize, 2usize, 8u64, &["easy", "medium", "hard"][..]),
        (12, 3, 2, &["easy", "medium", "hard"][..]),
        (15, 5, 3, &["easy", "medium"][..]),
        (20, 6, 4, &["easy", "medium"][..]),
        (25, 8, 5, &["easy", "medium"][..]),
        (30, 8, 6, &["medium"][..]),
    ] {
        for &level in levels {
            let options = GenerateOptions {
                size: Some(size),
                colours: Some(colours),
                difficulty: Some(level.into()),
            };
            let p = ColourNonogram::generate(&options, seed)
                .unwrap_or_else(|e| panic!("{size} {colours} {level}: {e}"));
            assert_eq!((p.width(), p.height(), p.colours()), (size, size, colours));
            let r = p.solve(Mode::Unique, None).unwrap();
            assert_eq!(r.verdict, Verdict::Unique, "{level} {}", formats::link_payload(&p));
            assert_eq!(Some(&r.solutions[0]), p.goal());
            let goal = p.goal().unwrap();
            assert!(
                same_neighbours(goal) > 0.6,
                "{level} {size}x{size}: {:.2} of neighbours alike is noise, not a picture",
                same_neighbours(goal)
            );
            let rating = r.rating.clone().unwrap_or_default();
            match level {
                "easy" => {
                    assert!(
                        line_rule_finishes(&p),
                        "easy {size}x{size} {colours}: the line rule does not finish it"
                    );
                    assert_eq!(rating, "line logic");
                }
                "medium" => {
                    assert!(
                        !line_rule_finishes(&p) && line_logic_finishes(&p),
                        "medium {size}x{size} {colours}: not the line rule, but colour sets"
                    );
                    assert_eq!(rating, "line logic with colour sets");
                }
                _ => {
                    assert!(
                        !line_logic_finishes(&p),
                        "hard {size}x{size} {colours}: line logic finishes it"
                    );
                    assert!(rating.contains("search"), "{rating}");
                }
            }
        }
    }
    let bad =
        GenerateOptions { size: Some(10), colours: Some(3), difficulty: Some("fiendish".into()) };
    let e = ColourNonogram::generate(&bad, 1).unwrap_err();
    assert!(matches!(e, studio::puzzle::GenerateError::Input(_)), "{e:?}");
    let e = e.to_string();
    assert!(e.contains("unknown difficulty `fiendish`"), "{e}");
}

/// The editor's draft: its puzzle has the picture's clues and the picture as goal; palette edits
/// renumber the cells; typed clues read in the draft's palette with their errors placed; the
/// stored text reads back, and broken stored text is an error, never a panic.
#[test]
fn the_editor_draft_edits_and_round_trips() {
    use studio::kinds::colournono::draft::Draft;
    let d = Draft::blank(4, 3);
    assert_eq!(d.size(), (4, 3));
    assert_eq!(d.palette.len(), 4);
    // Paint a column of colour 2 and a row of colour 1 over it.
    let d = d.painted(&[1, 5, 9], 2).painted(&[4, 5, 6], 1);
    let p = d.to_puzzle().unwrap();
    let r = p.solve(Mode::Unique, None).unwrap();
    assert_eq!(r.verdict, Verdict::Unique);
    assert_eq!(formats::grid_rows(&r.solutions[0]), vec![".b..", "aaa.", ".b.."]);
    // Removing colour 1 turns its cells to background and renames colour 2 as 1.
    let e = d.with_colour_removed(1).unwrap();
    assert_eq!(formats::grid_rows(&e.cells), vec![".a..", "....", ".a.."]);
    assert_eq!(e.palette.len(), 3);
    assert!(e.with_colour_removed(0).is_none());
    assert!(Draft::blank(2, 2)
        .with_colour_removed(1)
        .and_then(|d| d.with_colour_removed(1))
        .and_then(|d| d.with_colour_removed(1))
        .is_none());
    // An added colour is new; two entries of one colour are refused by the model, in words.
    let f = d.with_colour_added().unwrap();
    assert_eq!(f.palette.len(), 5);
    assert!(f.palette[..4].iter().all(|c| c.rgb != f.palette[4].rgb));
    let same = d.with_rgb(2, d.palette[1].rgb);
    assert!(same.to_puzzle().unwrap_err().to_string().contains("same colour"));
    let named = d.with_name(1, "  tomato ");
    assert_eq!(named.palette[1].name.as_deref(), Some("tomato"));
    // Stored text round trip, resizing keeps the top left.
    assert_eq!(Draft::from_text(&named.to_text()).unwrap(), named);
    assert_eq!(formats::grid_rows(&d.resized(2, 2).cells), vec![".b", "aa"]);
    for bad in [
        "",
        "{}",
        r##"{"palette":["#fff"],"cells":["ab"]}"##,
        r##"{"palette":["#fff","#000"],"cells":["a","aa"]}"##,
    ] {
        assert!(Draft::from_text(bad).is_err(), "{bad}");
    }
    // Typed clues: the same puzzle as the drawing, in any of the spellings.
    let typed = d.puzzle_of_clues("b\n3a\nb", "a\n b, a b \na\n0\n").unwrap();
    assert_eq!(typed.rows(), p.rows());
    assert_eq!(typed.cols(), p.cols());
    let err = d.puzzle_of_clues("b\n3q\nb", "a\nbab\na\n0").unwrap_err().to_string();
    assert!(err.contains("row 2"), "{err}");
    // A letter the palette does not have is named as typed (it was "colour 24").
    let err = d.puzzle_of_clues("b\n3x\nb", "a\nbab\na\n0").unwrap_err().to_string();
    assert_eq!(err, "row 2, run 1: `x` is not one of this palette's colour letters a to c");
}

/// The clues, palette colours and goal of a puzzle (what the `.non` and `.g` forms carry).
fn carried(p: &ColourNonogram) -> (Vec<Vec<Run>>, Vec<Vec<Run>>, Vec<[u8; 3]>) {
    (p.rows().to_vec(), p.cols().to_vec(), p.palette().iter().map(|c| c.rgb).collect())
}

/// Puzzles for the format tests: the samples, a generated one, the webpbn one (yellow on a
/// non-default palette) and one on a coloured background.
fn format_puzzles() -> Vec<ColourNonogram> {
    use studio::kinds::colournono::GenerateOptions;
    let mut out: Vec<ColourNonogram> = ColourNonogram::SAMPLES
        .iter()
        .map(|&(_, t)| ColourNonogram::import(t).unwrap().puzzle)
        .collect();
    out.push(
        ColourNonogram::generate(
            &GenerateOptions { size: Some(12), colours: Some(6), difficulty: None },
            3,
        )
        .unwrap(),
    );
    out.push(ColourNonogram::import(HAPPY).unwrap().puzzle);
    out.push(ColourNonogram::import("3x2:112.f00.0f0:a/b/a/ab/a").unwrap().puzzle);
    out
}

/// The coloured `.non` form: a worked example (a `color` line per character, bare numbers in
/// colour `1`, a character without a `color` line, `0` and blank lines for empty clues, the goal
/// in characters) reads as written; every puzzle reads back from what is written, goal and
/// background included; the importer and the sniffer know it; errors name the line.
#[test]
fn coloured_non_reads_and_round_trips() {
    use studio::kinds::colournono::non;
    let text = "title \"Flag\"\nwidth 3\nheight 3\ncolor r #dd2222\ncolor 1 #000000\n\nrows\n2r,1\n0\n1g,2r\n\ncolumns\n1r,1g\n1r,1r\n1,1r\n\ngoal \"rr1000grr\"\n";
    let p = non::from_non(text).unwrap();
    assert_eq!(p.title(), Some("Flag"));
    assert_eq!(
        p.palette().iter().map(|c| c.hex()).collect::<Vec<_>>()[..3],
        ["#ffffff", "#dd2222", "#000000"]
    );
    assert_eq!(p.colours(), 3, "r, 1 and the undeclared g");
    assert_eq!(formats::clue_text(&p.rows()[0]), "2ab");
    assert!(p.rows()[1].is_empty());
    assert_eq!(formats::clue_text(&p.rows()[2]), "c2a");
    assert_eq!(formats::grid_rows(p.goal().unwrap()), vec!["aab", "...", "caa"]);
    let r = p.solve(Mode::Unique, None).unwrap();
    assert_eq!(r.verdict, Verdict::Unique);
    assert_eq!(Some(&r.solutions[0]), p.goal());
    assert_eq!(studio::kinds::sniff(text), Some(studio::kind::Kind::ColourNonogram));
    for p in format_puzzles() {
        let written = non::to_non(&p);
        let back = non::from_non(&written).unwrap_or_else(|e| panic!("{e}\n{written}"));
        assert_eq!(carried(&back), carried(&p), "{written}");
        assert_eq!(back.goal(), p.goal());
        assert_eq!(ColourNonogram::import(&written).unwrap().puzzle.rows(), p.rows());
    }
    for (bad, place) in [
        ("width 2\nheight 1\nrows\n1a\ncolumns\n1a\n", "line 5"),
        ("width 1\nheight 1\ncolor a #zzz\nrows\n1a\ncolumns\n1a\n", "line 3"),
        ("width 1\nheight 1\nrows\n1ab\ncolumns\n1a\n", "line 4"),
        ("width 1\nheight 1\nrows\n1a\ncolumns\n1a\ngoal \"aa\"\n", "line 7"),
        ("rows\n1a\n", "line 1"),
    ] {
        let e = non::from_non(bad).unwrap_err().to_string();
        assert!(e.contains(place), "{bad:?}: {e}");
    }
}

/// Olšák's `.g` form: a worked example in the shape of the griddler solver's colour samples
/// (free text, `#d` declarations with a background `0`, a default colour `1` used by bare
/// numbers, an X11 colour name, `: rows`, `: columns`, `: end`) reads as written; every puzzle
/// reads back from what is written; triddler sections and undeclared colours are refused by line.
#[test]
fn olsak_g_reads_and_round_trips() {
    use studio::kinds::colournono::olsak;
    let text = "A small flag, written for this test.\n\n#d\n   r:%  #dd2222  red stripe\n   0:   white\n   1:*  black\n: rows ----\n2r 1\n0\n1 2r\n: columns ----\n1r 1\n1r 1r\n1 1r\n: end\n\nTrailing text.\n";
    let p = olsak::from_g(text).unwrap();
    assert_eq!(
        p.palette().iter().map(|c| c.hex()).collect::<Vec<_>>(),
        ["#ffffff", "#dd2222", "#000000"]
    );
    assert_eq!(p.palette()[1].name.as_deref(), Some("red stripe"));
    assert_eq!(formats::clue_text(&p.rows()[0]), "2ab");
    assert!(p.rows()[1].is_empty());
    let r = p.solve(Mode::Unique, None).unwrap();
    assert_eq!(r.verdict, Verdict::Unique);
    assert_eq!(formats::grid_rows(&r.solutions[0]), vec!["aab", "...", "baa"]);
    assert_eq!(studio::kinds::sniff(text), Some(studio::kind::Kind::ColourNonogram));
    for p in format_puzzles() {
        let written = olsak::to_g(&p);
        let back = olsak::from_g(&written).unwrap_or_else(|e| panic!("{e}\n{written}"));
        assert_eq!(carried(&back), carried(&p), "{written}");
        assert_eq!(ColourNonogram::import(&written).unwrap().puzzle.cols(), p.cols());
    }
    for (bad, place) in [
        ("#d\n a:a #ff0000\n: rows\n1b\n: columns\n1a\n: end\n", "line 4"),
        ("#d\n a:a chartreuse4\n: rows\n1a\n: columns\n1a\n", "line 2"),
        ("#d\n a:a red\n: rows\n1a\n: diagonals\n1a\n", "line 5"),
        ("#d\n a:a red\n: rows\n1\n: columns\n1a\n", "line 4"),
    ] {
        let e = olsak::from_g(bad).unwrap_err().to_string();
        assert!(e.contains(place), "{bad:?}: {e}");
    }
}

/// Mutated `.non` and `.g` files never panic; whatever reads solves to verified answers.
#[test]
fn fuzzed_non_and_g_never_panic() {
    use studio::kinds::colournono::{non, olsak};
    let mut rng = fastrand::Rng::with_seed(11);
    let alphabet: Vec<char> = "0123456789abcrgAF#:,. \n\"xdw".chars().collect();
    for p in format_puzzles().iter().take(3) {
        for seed in [non::to_non(p), olsak::to_g(p)] {
            for _ in 0..1500 {
                let t = crate::fuzz::mutate(&mut rng, &seed, &alphabet);
                for read in [non::from_non(&t), olsak::from_g(&t)] {
                    if let Ok(q) = read {
                        let r = q.solve(Mode::First, None).unwrap();
                        for s in &r.solutions {
                            check::verify(&q, s).unwrap();
                        }
                    }
                }
                let _ = studio::kinds::sniff(&t);
            }
        }
    }
}
