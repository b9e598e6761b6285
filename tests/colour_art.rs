//! Image to colour nonogram: the colour reduction, the colour nonogram's givens, and the pipeline
//! end to end on synthetic images and small crops of real photos, each puzzle re-proven here.

use image::codecs::png::PngEncoder;
use image::{ExtendedColorType, ImageEncoder};
use studio::art::colour_art::{self, puzzle_of, ColourArtResult, ColourOptions, ColourUnique};
use studio::art::colours::{decode_rgb, kmeans, prepare_rgb, reduce, Background, RgbGrid};
use studio::art::{ArtError, Crop};
use studio::grid::Grid;
use studio::kinds::colournono::{check, formats, ColourNonogram};
use studio::play::Playable;
use studio::puzzle::{self, Mode, Puzzle, Verdict};

fn png_rgb(width: u32, height: u32, pixels: &[[u8; 3]]) -> Vec<u8> {
    let flat: Vec<u8> = pixels.iter().flatten().copied().collect();
    let mut out = Vec::new();
    PngEncoder::new(&mut out)
        .write_image(&flat, width, height, ExtendedColorType::Rgb8)
        .expect("encode");
    out
}

/// A flag-like picture: a white field, a red disc, a blue bar and a green square, `w x h` pixels.
fn synthetic(w: u32, h: u32) -> Vec<[u8; 3]> {
    (0..w * h)
        .map(|i| {
            let (x, y) = (f64::from(i % w) / f64::from(w), f64::from(i / w) / f64::from(h));
            if (x - 0.35).powi(2) + (y - 0.45).powi(2) < 0.06 {
                [210, 30, 40]
            } else if (0.7..0.85).contains(&x) && y > 0.15 {
                [30, 60, 200]
            } else if x < 0.25 && y > 0.75 {
                [40, 160, 60]
            } else {
                [250, 250, 250]
            }
        })
        .collect()
}

/// Everything a colour art result claims, checked here from scratch: the puzzle's answer is the
/// reduced picture, every given has the picture's colour, and the plain SAT count with the
/// givens (no line logic) is exactly 1, the answer passing the independent checker.
fn assert_proven(r: &ColourArtResult) {
    let red = &r.reduced;
    assert!(r.proven_unique && r.final_proof, "the pipeline says unique is proven");
    let p = puzzle_of(red, &r.givens).expect("the puzzle builds");
    let picture = Grid::from_cells(red.height, red.width, red.cells.clone()).expect("sized");
    assert_eq!(
        check::verify(&p, &picture),
        Ok(()),
        "the reduced picture solves the clues and givens"
    );
    // Every given is the picture's colour.
    let givens = p.start();
    assert_eq!(givens.iter().filter(|g| g.is_some()).count(), r.givens.len());
    for &i in &r.givens {
        assert_eq!(givens[i], Some(red.cells[i]), "given {i} is from the picture");
    }
    // The share link reads back to the same puzzle with the same givens.
    let parsed = studio::link::parse_fragment(&r.fragment).expect("a link").expect("a puzzle");
    let back = formats::from_link_payload(parsed.version, &parsed.payload.expect("a payload"))
        .expect("the link reads");
    assert_eq!(back.start(), p.start());
    // The link keeps the picture (v2 `;g`) unless line logic from the clues and givens gives
    // it, and then it is the answer line logic finds.
    if formats::goal_implied(&p) {
        assert_eq!(back.goal(), None, "{}", r.fragment);
        let (cells, _, _) = studio::kinds::colournono::solve::line_logic(&back);
        assert_eq!(cells, red.cells.iter().map(|&c| Some(c)).collect::<Vec<_>>());
    } else {
        assert_eq!(back.goal(), p.goal(), "the link keeps the picture (v2)");
    }
    assert_eq!((back.rows(), back.cols()), (p.rows(), p.cols()));
    // The plain SAT encoding (the givens as units), counting answers up to 2.
    let report = puzzle::solve(&back, Mode::Count(2), None).expect("solves");
    assert_eq!(report.count, Some((1, true)), "exactly one answer with the givens");
    assert_eq!(report.verdict, Verdict::Unique);
    assert_eq!(report.solutions[0], picture, "the one answer is the reduced picture");
    assert_eq!(check::verify(&back, &report.solutions[0]), Ok(()));
}

fn options(
    width: u32,
    colours: usize,
    background: Background,
    unique: ColourUnique,
) -> ColourOptions {
    let mut o = ColourOptions::new(width, colours);
    o.background = background;
    o.unique = unique;
    o.budget.time_ms = Some(20_000.0);
    o
}

#[test]
fn synthetic_flag_reduces_to_its_colours_and_comes_out_proven_unique() {
    let (w, h) = (60, 40);
    let bytes = png_rgb(w, h, &synthetic(w, h));
    // 20 cells across: 3 pixels a cell, so most cells are one flat colour.
    let r = colour_art::run(
        &bytes,
        &options(20, 4, Background::Auto, ColourUnique::Givens),
        &mut |_| {},
    )
    .expect("runs");
    assert_eq!((r.reduced.width, r.reduced.height), (20, 13));
    assert_eq!(r.reduced.palette.len(), 4);
    // The border is white: the background; the other three are near red, blue and green.
    let [bg, ..] = r.reduced.palette[..] else { panic!() };
    assert!(bg.iter().all(|&v| v > 230), "background {bg:?}");
    for want in [[210, 30, 40], [30, 60, 200], [40, 160, 60]] {
        assert!(
            r.reduced.palette[1..]
                .iter()
                .any(|c| c.iter().zip(want).all(|(&a, b)| (i32::from(a) - b).abs() < 40)),
            "{want:?} in {:?}",
            r.reduced.palette
        );
    }
    assert_proven(&r);
    // Logic mode: line logic alone finishes with the givens.
    let l = colour_art::run(
        &bytes,
        &options(20, 4, Background::Auto, ColourUnique::Logic),
        &mut |_| {},
    )
    .expect("runs");
    assert!(l.final_line_logic);
    assert_eq!(l.reduced, r.reduced, "the same reduction for the same seed");
    assert_proven(&l);
}

#[test]
fn background_none_gives_every_colour_runs_and_an_unused_background() {
    let (w, h) = (40, 30);
    let bytes = png_rgb(w, h, &synthetic(w, h));
    let r = colour_art::run(
        &bytes,
        &options(16, 3, Background::None, ColourUnique::Givens),
        &mut |_| {},
    )
    .expect("runs");
    assert_eq!(r.reduced.palette.len(), 4, "three colours and the unused background");
    assert!(r.reduced.cells.iter().all(|&c| c != 0), "no cell is background");
    assert!(!r.reduced.palette[1..].contains(&r.reduced.palette[0]));
    assert_proven(&r);
}

/// Small crops of the real photos, 3 and 6 colours, both modes and both backgrounds. The photos
/// are in `tests/data/images` (see the README there): the cat whole, and of the coffee cup the
/// part around the crop (its pixels 140..400 x 40..260, so the crop is the same pixels as
/// `Crop { x: 150, y: 50, .. }` on the whole photo).
#[test]
fn real_photo_crops_come_out_proven_unique() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/images");
    let mut done = 0;
    for (name, crop) in [
        ("chelsea.png", Crop { x: 100, y: 20, width: 200, height: 160 }),
        ("coffee_crop.png", Crop { x: 10, y: 10, width: 240, height: 200 }),
    ] {
        let path = dir.join(name);
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for (colours, background, unique) in [
            (3, Background::Auto, ColourUnique::Givens),
            (6, Background::Auto, ColourUnique::Givens),
            (6, Background::None, ColourUnique::Logic),
        ] {
            let mut o = options(18, colours, background, unique);
            o.prepare.crop = Some(crop);
            let mut interim = 0;
            let r = colour_art::run_streaming(&bytes, &o, &mut |_| {}, &mut |i| {
                // Every interim puzzle is unique with its givens too.
                interim += 1;
                let p = i.puzzle().expect("builds");
                assert_eq!(
                    puzzle::solve(&p, Mode::Count(2), None).expect("solves").count,
                    Some((1, true)),
                    "{name} interim"
                );
                true
            })
            .expect("runs");
            assert_eq!(r.reduced.width, 18);
            assert!(
                r.reduced.palette.len() <= colours + usize::from(background == Background::None)
            );
            if unique == ColourUnique::Givens && !r.clues_line_logic {
                assert!(interim >= 1, "{name}: the quick answer is streamed");
            }
            assert_proven(&r);
            done += 1;
        }
    }
    assert_eq!(done, 6);
}

/// Two shades a player cannot tell apart (ΔE about 8, the dark sky of a deep-field photo) are
/// one colour of the puzzle, and the result says so; shades further apart stay two colours.
#[test]
fn colours_too_alike_to_tell_apart_are_merged_and_said() {
    use studio::art::colours::{lab_of, MIN_DELTA_E};
    let (dark, darker, white) = ([36.0f32, 33.0, 34.0], [15.0, 17.0, 16.0], [250.0, 250.0, 250.0]);
    let d =
        lab_of(dark).iter().zip(lab_of(darker)).map(|(a, b)| (a - b).powi(2)).sum::<f32>().sqrt();
    assert!(d < MIN_DELTA_E, "the test's shades are {d} apart");
    let cells: Vec<[f32; 3]> = (0..300)
        .map(|i| {
            if i % 10 == 0 {
                white
            } else if (i / 20) % 2 == 0 {
                dark
            } else {
                darker
            }
        })
        .collect();
    let grid = RgbGrid::new(20, 15, cells).expect("grid");
    let r = reduce(&grid, 3, Background::None, 1).expect("reduces");
    assert_eq!(r.merged, 1, "{:?}", r.palette);
    assert_eq!(
        r.cells
            .iter()
            .filter(|&&c| c != 0)
            .map(|&c| c)
            .collect::<std::collections::BTreeSet<u8>>()
            .len(),
        2,
        "two colours in the picture"
    );
    // Shades about ΔE 30 apart are kept apart.
    let far = [120.0f32, 110.0, 112.0];
    let cells: Vec<[f32; 3]> = (0..300)
        .map(|i| {
            if i % 10 == 0 {
                white
            } else if (i / 20) % 2 == 0 {
                dark
            } else {
                far
            }
        })
        .collect();
    let r = reduce(&RgbGrid::new(20, 15, cells).expect("grid"), 3, Background::None, 1)
        .expect("reduces");
    assert_eq!(r.merged, 0, "{:?}", r.palette);
}

#[test]
fn the_same_seed_gives_the_same_palette_and_kmeans_finds_flat_colours() {
    let cells: Vec<[f32; 3]> = (0..300)
        .map(|i| [[250.0, 250.0, 250.0], [200.0, 20.0, 20.0], [20.0, 20.0, 180.0]][i % 3])
        .collect();
    let grid = RgbGrid::new(20, 15, cells).expect("grid");
    let a = reduce(&grid, 3, Background::Auto, 7).expect("reduces");
    let b = reduce(&grid, 3, Background::Auto, 7).expect("reduces");
    assert_eq!(a, b);
    assert_eq!(a.palette.len(), 3);
    // Asking for more colours than the picture has gives what it has (empty clusters dropped).
    let c = reduce(&grid, 8, Background::Auto, 7).expect("reduces");
    assert_eq!(c.palette.len(), 3, "{:?}", c.palette);
    let labs: Vec<[f32; 3]> = (0..30).map(|i| [(i % 3) as f32 * 40.0, 0.0, 0.0]).collect();
    let (centres, assign) = kmeans(&labs, 3, 1);
    assert_eq!(centres.len(), 3);
    for i in 0..30 {
        assert_eq!(centres[assign[i]][0], labs[i][0]);
    }
}

#[test]
fn bad_images_and_options_are_errors_not_panics() {
    let good = png_rgb(20, 20, &synthetic(20, 20));
    let o = options(10, 3, Background::Auto, ColourUnique::Givens);
    assert!(matches!(colour_art::run(&[], &o, &mut |_| {}), Err(ArtError::EmptyFile)));
    assert!(matches!(
        colour_art::run(b"not an image at all", &o, &mut |_| {}),
        Err(ArtError::UnknownFormat)
    ));
    assert!(matches!(
        colour_art::run(&good[..good.len() / 2], &o, &mut |_| {}),
        Err(ArtError::Truncated { .. })
    ));
    for colours in [0, 1, 9, 40] {
        let o = options(10, colours, Background::Auto, ColourUnique::Givens);
        assert!(
            matches!(colour_art::run(&good, &o, &mut |_| {}), Err(ArtError::InvalidSize { .. })),
            "{colours} colours"
        );
    }
    assert!(matches!(
        colour_art::run(&good, &options(3, 3, Background::Auto, ColourUnique::Givens), &mut |_| {}),
        Err(ArtError::InvalidSize { .. })
    ));
    // One flat colour: with the background on there is no colour for runs.
    let flat = png_rgb(20, 20, &[[90, 120, 30]; 400]);
    assert!(matches!(colour_art::run(&flat, &o, &mut |_| {}), Err(ArtError::SingleColour)));
    // With it off the one colour has runs and the puzzle is unique without givens.
    let r = colour_art::run(
        &flat,
        &options(10, 3, Background::None, ColourUnique::Givens),
        &mut |_| {},
    )
    .expect("runs");
    assert!(r.givens.is_empty());
    assert_proven(&r);
    // Mutated files: an error or a picture, never a panic.
    let mut rng = fastrand::Rng::with_seed(3);
    for _ in 0..200 {
        let mut b = good.clone();
        for _ in 0..rng.usize(1..6) {
            let at = rng.usize(..b.len());
            match rng.u8(..3) {
                0 => b[at] = rng.u8(..),
                1 => b.truncate(at.max(1)),
                _ => b.insert(at, rng.u8(..)),
            }
        }
        if let Ok(img) = decode_rgb(&b) {
            let _ = prepare_rgb(&img, &studio::art::PrepareOptions::new(5));
        }
    }
}

#[test]
fn colour_nonogram_givens_are_checked_kept_in_links_and_json_and_used_by_the_solver() {
    // A 3x2 picture whose clues alone have two answers: the givens pick one.
    let p = formats::from_link_text("2x2:fff.e22:a/a/a/a").expect("reads");
    let two = puzzle::solve(&p, Mode::Count(5), None).expect("solves");
    assert_eq!(two.count, Some((2, true)));
    let given = Grid::from_cells(2, 2, vec![Some(1), None, None, None]).expect("grid");
    let g = p.clone().with_givens(given).expect("givens");
    let link = formats::link_payload(&g);
    assert_eq!(link, "2x2:fff.e22:a/a/a/a,a");
    let back = formats::from_link_payload(1, &link).expect("reads");
    assert_eq!(back, g);
    let json = formats::from_json(&formats::to_json(&g)).expect("json");
    assert_eq!(json, g);
    let one = g.solve_with(Mode::Count(5), &Default::default(), None).expect("solves");
    assert_eq!(one.count, Some((1, true)));
    assert_eq!(puzzle::solve(&g, Mode::Count(5), None).expect("solves").count, Some((1, true)));
    // The checker refuses an answer against a given; the model refuses a goal against one, and
    // givens outside the palette or the grid.
    let other = Grid::from_cells(2, 2, vec![0, 1, 1, 0]).expect("grid");
    assert!(check::verify(&g, &other).is_err());
    assert!(check::verify(&p, &other).is_ok());
    assert!(g.clone().with_goal(other).is_err());
    assert!(p
        .clone()
        .with_givens(Grid::from_cells(2, 2, vec![Some(2), None, None, None]).expect("grid"))
        .is_err());
    for bad in [
        "2x2:fff.e22:a/a/a/a,4a",
        "2x2:fff.e22:a/a/a/a,b",
        "2x2:fff.e22:a/a/a/a,3",
        "2x2:fff.e22:a/a/a/a,9999999a",
    ] {
        assert!(formats::from_link_text(bad).is_err(), "{bad}");
    }
    // Mutated links with givens: a puzzle or an error naming the place, never a panic; a
    // puzzle read back keeps its givens inside the grid and the palette.
    let mut rng = fastrand::Rng::with_seed(9);
    let seed = "5x3:fff.e22.23d:aa/ab/2b/2a/a/2ab/2ba/a2a,a4.b";
    let alphabet: Vec<char> = "0123456789abAB.,/:x".chars().collect();
    assert!(formats::from_link_text(seed).is_ok());
    for _ in 0..2000 {
        let t = crate::fuzz::mutate(&mut rng, seed, &alphabet);
        if let Ok(q) = formats::from_link_text(&t) {
            assert!(q.start().iter().flatten().all(|&c| usize::from(c) < q.palette().len()), "{t}");
            assert_eq!(formats::from_link_text(&formats::link_payload(&q)).as_ref(), Ok(&q), "{t}");
        }
    }
    // Hints start from the givens.
    let hint = g.next_step(&Default::default(), None);
    assert!(
        format!("{hint:?}").contains("Row") || format!("{hint:?}").contains("Column"),
        "{hint:?}"
    );
    let _: &ColourNonogram = &g;
}

#[test]
fn colour_mode_controls_ask_for_the_options_and_the_page_says_what_it_made() {
    use studio::art::colour_view::{self, ColourControls, ColourField};
    let c = ColourControls::default();
    assert_eq!((c.width, c.colours, c.background), (30, 4, true));
    let c = c
        .set(ColourField::Colours, "6")
        .set(ColourField::Background, "false")
        .set(ColourField::Width, "60")
        .set(ColourField::Unique, "logic")
        .set(ColourField::Time, "10");
    let o = c.options();
    assert_eq!(
        (o.colours, o.background, o.prepare.width, o.unique, o.budget.time_ms),
        (6, Background::None, 60, ColourUnique::Logic, Some(10_000.0))
    );
    // Out of range or unreadable: clamped or ignored.
    assert_eq!(c.set(ColourField::Colours, "12").colours, 8);
    assert_eq!(c.set(ColourField::Colours, "1").colours, 2);
    assert_eq!(c.set(ColourField::Colours, "many").colours, 6);
    assert_eq!(c.set(ColourField::Width, "500").width, 100);
    assert_eq!(c.set(ColourField::Time, "7").time_s, 10);
    let (w, h) = (40, 30);
    let bytes = png_rgb(w, h, &synthetic(w, h));
    let r = colour_art::run(
        &bytes,
        &options(12, 4, Background::Auto, ColourUnique::Givens),
        &mut |_| {},
    )
    .expect("runs");
    let panes = colour_view::panes(&r);
    let givens = match r.givens.len() {
        0 => "Puzzle: no given cells, the clues alone".to_string(),
        1 => "Puzzle: 1 given cell".to_string(),
        n => format!("Puzzle: {n} given cells"),
    };
    assert_eq!(
        panes.iter().map(|p| p.0.clone()).collect::<Vec<_>>(),
        ["Cell colours".to_string(), "Reduced picture".to_string(), givens]
    );
    // The puzzle pane paints exactly the given cells in colour: count their area.
    let area: usize = panes[2]
        .1
        .split("<rect ")
        .skip(1)
        .filter(|r| !r.contains(colour_view::BLANK))
        .map(|r| {
            r.split("width=\"")
                .nth(1)
                .and_then(|w| w.split('"').next())
                .and_then(|w| w.parse::<usize>().ok())
                .unwrap_or(0)
        })
        .sum();
    assert_eq!(area, r.givens.len());
    // The reduced picture's SVG paints with the palette's colours only.
    let fills: std::collections::BTreeSet<&str> =
        panes[1].1.split("fill=\"").skip(1).map(|s| &s[..7]).collect();
    let palette: std::collections::BTreeSet<String> =
        r.reduced.palette.iter().map(|&[a, b, c]| format!("#{a:02x}{b:02x}{c:02x}")).collect();
    assert!(fills.iter().all(|f| palette.contains(*f)), "{fills:?} {palette:?}");
    let sentence = colour_view::result_sentence(&r);
    assert!(
        sentence.starts_with(&format!(
            "12x{} cells in 4 colours (one of them the background), ",
            r.reduced.height
        )),
        "{sentence}"
    );
    assert!(sentence.contains("proven unique (the solver found this picture, then searched for any other answer and showed there is none)"), "{sentence}");
    assert!(!sentence.contains("UNSAT"), "{sentence}");
    assert_eq!(colour_view::play_href(&r), format!("#{}", r.fragment));
    // Where the time went: each step named, most of it finding and taking out givens.
    let times = colour_view::times_sentence(&r);
    assert!(
        times.contains("choosing the colours ")
            && times.contains("a first puzzle with one answer was ready after "),
        "{times}"
    );
    assert!(
        times.contains("finding the givens and taking out those not needed took ")
            && times.ends_with(" in all."),
        "{times}"
    );
    // The command line's JSON and text say the same.
    let json: serde_json::Value =
        serde_json::from_str(&colour_art::report_json(&r).expect("json")).expect("parses");
    assert_eq!(json["kind"], "colournono");
    assert_eq!(json["art"]["proven_unique"], true);
    assert_eq!(json["art"]["givens"], r.givens.len());
    assert_eq!(json["art"]["colours"], 4);
    let text = colour_art::report_text(&r);
    assert!(
        text.contains("unique: proven") && text.contains(&format!("link: #{}", r.fragment)),
        "{text}"
    );
    assert_eq!(colour_art::parse_background("none"), Ok(Background::None));
    assert!(colour_art::parse_background("maybe").is_err());
    assert!(colour_art::parse_unique("fewest").is_err());
}
