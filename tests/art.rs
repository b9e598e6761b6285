//! Image to nonogram: the pipeline end to end on synthetic images with known answers, and the givens.

use image::codecs::png::PngEncoder;
use image::{ExtendedColorType, ImageEncoder};
use studio::art::givens::{givens_grid, Budget};
use studio::art::{
    counts, pipeline, solve_exact, ArtOptions, ArtVerdict, GreyGrid as Greys, Method,
    OptimizerConfig, PrepareOptions, Problem, UniqueMode,
};
use studio::grid::Grid;
use studio::kinds::nonogram::clues_of;
use studio::kinds::nonogram::{solve, Nonogram};
use studio::puzzle::{Mode, Verdict};

fn png(width: u32, height: u32, pixels: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    PngEncoder::new(&mut out)
        .write_image(pixels, width, height, ExtendedColorType::L8)
        .expect("encode");
    out
}

fn options(width: u32, method: Method, unique: UniqueMode) -> ArtOptions {
    ArtOptions {
        prepare: PrepareOptions::new(width),
        method,
        unique,
        budget: Default::default(),
        tone: Some(studio::art::tone::Tone::Plain),
    }
}

fn threshold() -> Method {
    Method::Threshold { t: None }
}

fn translucent() -> Method {
    Method::Translucent { config: OptimizerConfig::default() }
}

fn random_greys(seed: u64, w: usize, h: usize, density: f32) -> Greys {
    let mut rng = fastrand::Rng::with_seed(seed);
    Greys::new(w, h, (0..w * h).map(|_| if rng.f32() < density { 0.0 } else { 255.0 }).collect())
        .expect("grid")
}

fn puzzle_with(picture: &Grid<bool>, givens: &[usize]) -> Nonogram {
    let (rows, cols) = clues_of(picture);
    Nonogram::new(rows, cols)
        .expect("clues")
        .with_givens(givens_grid(picture, givens))
        .expect("givens")
}

#[test]
fn black_square_on_white_gives_exactly_those_cells_and_unique() {
    // 100×100 pixels, a black square over pixels 30..70: cells 3..7 of a 10×10 grid.
    let mut pixels = vec![255u8; 100 * 100];
    for y in 30..70 {
        for x in 30..70 {
            pixels[y * 100 + x] = 0;
        }
    }
    let r = pipeline::run(
        &png(100, 100, &pixels),
        &options(10, threshold(), UniqueMode::Givens),
        &mut |_| {},
    )
    .expect("pipeline");
    assert_eq!((r.width, r.height), (10, 10));
    for (i, &b) in r.picture.cells().iter().enumerate() {
        let (x, y) = (i % 10, i / 10);
        assert_eq!(b, (3..7).contains(&x) && (3..7).contains(&y), "cell ({x}, {y})");
    }
    assert_eq!(r.verdict, ArtVerdict::Unique);
    assert!(r.line_logic);
    assert!(r.givens.is_empty());
    assert_eq!(r.final_verdict, "unique");
}

#[test]
fn flat_grey_gives_the_shading_the_optimum_requires() {
    for v in [0u8, 255, 170, 85, 128] {
        let r = pipeline::run(
            &png(60, 60, &vec![v; 3600]),
            &options(6, translucent(), UniqueMode::Off),
            &mut |_| {},
        )
        .expect("pipeline");
        let q = r.quality.expect("translucent figures");
        let exact =
            solve_exact(&Problem::from_grid(&Greys::filled(6, 6, f32::from(v)).expect("grid")))
                .expect("exact");
        assert!(
            (q.objective - exact.objective).abs() < 1e-9,
            "v {v}: objective {} optimum {}",
            q.objective,
            exact.objective
        );
        let d = counts(6, 6, r.picture.cells()).expect("counts");
        match v {
            // Black: every neighbourhood full (9 inside, 6 on edges, 4 in corners).
            0 => assert!((0..36)
                .all(|i| d[i] == studio::art::translucent::neighbourhood_size(6, 6, i % 6, i / 6))),
            255 => assert!(d.iter().all(|&d| d == 0)),
            _ => {}
        }
    }
}

#[test]
fn minimal_givens_make_it_unique_and_each_one_is_needed() {
    let mut ambiguous = 0;
    for seed in 0..12u64 {
        let greys = random_greys(seed, 10, 8, 0.5);
        let r =
            pipeline::from_grid(&greys, &options(10, threshold(), UniqueMode::Givens), &mut |_| {})
                .expect("pipeline");
        let p = puzzle_with(&r.picture, &r.givens);
        let report = solve::solve(&p, Mode::Unique, None).expect("solve");
        assert_eq!(report.verdict, Verdict::Unique, "seed {seed}: with all givens");
        assert_eq!(report.solutions[0], r.picture);
        if matches!(r.verdict, ArtVerdict::Multiple { .. }) {
            ambiguous += 1;
            assert!(!r.givens.is_empty());
        }
        for k in 0..r.givens.len() {
            let fewer: Vec<usize> =
                r.givens.iter().copied().filter(|&g| g != r.givens[k]).collect();
            let report =
                solve::solve(&puzzle_with(&r.picture, &fewer), Mode::Unique, None).expect("solve");
            assert_eq!(
                report.verdict,
                Verdict::Multiple,
                "seed {seed}: given {} was not needed",
                r.givens[k]
            );
        }
        assert_eq!(r.givens_stats.kept, r.givens.len());
    }
    assert!(ambiguous >= 3, "random pictures are mostly ambiguous; only {ambiguous} were");
}

#[test]
fn logic_givens_let_line_logic_finish_and_each_one_is_needed() {
    for seed in 0..8u64 {
        let greys = random_greys(100 + seed, 9, 9, 0.55);
        let r =
            pipeline::from_grid(&greys, &options(9, threshold(), UniqueMode::Logic), &mut |_| {})
                .expect("pipeline");
        let rating = |g: &[usize]| {
            solve::solve(&puzzle_with(&r.picture, g), Mode::Unique, None).expect("solve").rating
        };
        assert_eq!(rating(&r.givens).as_deref(), Some("line logic"), "seed {seed}");
        assert!(r.final_line_logic);
        for k in 0..r.givens.len() {
            let fewer: Vec<usize> =
                r.givens.iter().copied().filter(|&g| g != r.givens[k]).collect();
            assert_ne!(
                rating(&fewer).as_deref(),
                Some("line logic"),
                "seed {seed}: given {} was not needed",
                r.givens[k]
            );
        }
    }
}

#[test]
fn translucent_photo_becomes_a_unique_puzzle_with_a_working_link() {
    let (w, h) = (120u32, 90u32);
    let pixels: Vec<u8> = (0..w * h)
        .map(|i| {
            let (x, y) = ((i % w) as f32, (i / w) as f32);
            let d = ((x - 60.0).powi(2) + (y - 45.0).powi(2)).sqrt();
            (d * 3.0).min(255.0) as u8
        })
        .collect();
    let r = pipeline::run(
        &png(w, h, &pixels),
        &options(20, translucent(), UniqueMode::Givens),
        &mut |_| {},
    )
    .expect("pipeline");
    assert_eq!((r.width, r.height), (20, 15));
    let q = r.quality.expect("figures");
    assert!(q.lower_bound <= q.objective + 1e-9);
    let p =
        studio::kinds::import_as::<Nonogram>(&format!("#{}", r.fragment)).expect("link reads back");
    assert_eq!(p, r.puzzle());
    assert_eq!(solve::solve(&p, Mode::Unique, None).expect("solve").verdict, Verdict::Unique);
}

#[test]
fn malformed_images_are_errors() {
    let good = png(20, 20, &[0u8; 400]);
    for bad in [
        Vec::new(),
        b"not an image".to_vec(),
        good[..good.len() / 2].to_vec(),
        vec![0x89, b'P', b'N', b'G'],
    ] {
        assert!(pipeline::run(&bad, &options(10, threshold(), UniqueMode::Givens), &mut |_| {})
            .is_err());
    }
    // A size out of range is an error too.
    assert!(pipeline::run(&good, &options(4, threshold(), UniqueMode::Off), &mut |_| {}).is_err());
}

#[test]
fn the_worker_job_round_trips_and_reports_progress() {
    use std::cell::RefCell;
    use std::rc::Rc;
    use studio::jobs::{run, Reply, Request};
    let mut pixels = vec![255u8; 40 * 40];
    for (i, p) in pixels.iter_mut().enumerate() {
        if (i / 40 + i % 40) % 7 < 3 {
            *p = 0;
        }
    }
    let request = Request::Art {
        bytes: png(40, 40, &pixels),
        options: options(20, translucent(), UniqueMode::Givens),
    };
    let text = serde_json::to_string(&request).expect("serialise");
    let back: Request = serde_json::from_str(&text).expect("deserialise");
    assert_eq!(back, request);
    let posts = Rc::new(RefCell::new(0));
    let p = posts.clone();
    let reply = run(
        back,
        Rc::new(move |r| {
            if matches!(r, Reply::ArtProgress { .. }) {
                *p.borrow_mut() += 1
            }
        }),
    );
    let Reply::Art(r) = reply else { panic!("expected a result, got {reply:?}") };
    assert_eq!(r.final_verdict, "unique");
    assert!(*posts.borrow() >= 1, "at least one progress post");
    let text = serde_json::to_string(&Reply::Art(r.clone())).expect("reply serialises");
    // Floats may lose their last bit through JSON text; the puzzle itself must come back exactly.
    let Reply::Art(back) = serde_json::from_str::<Reply>(&text).expect("reply reads back") else {
        panic!("not an art reply")
    };
    assert_eq!(
        (&back.picture, &back.givens, &back.fragment, &back.verdict),
        (&r.picture, &r.givens, &r.fragment, &r.verdict)
    );
    let huge = Request::Art {
        bytes: vec![0; studio::art::MAX_FILE_BYTES + 1],
        options: options(20, threshold(), UniqueMode::Off),
    };
    assert!(matches!(run(huge, Rc::new(|_| {})), Reply::Failed(m) if m.contains("too large")));
}

fn budgeted(width: u32, conflicts: u64, passes: u32) -> ArtOptions {
    let mut o = options(width, threshold(), UniqueMode::Givens);
    o.budget = Budget { conflicts, passes, time_ms: None };
    o
}

#[test]
fn every_streamed_puzzle_is_unique_and_minimal_means_every_given_was_refused() {
    // Budgets from "almost nothing" (most checks run out: undecided givens are kept) to
    // plenty: every puzzle handed out, the quick answer first, is unique by the engine, and
    // "proven minimal" holds exactly when no given is left undecided, each one then needed.
    let (mut quick, mut undecided_seen, mut minimal_seen) = (0, 0, 0);
    for seed in 0..10u64 {
        let greys = random_greys(200 + seed, 14, 12, 0.5);
        for (conflicts, passes) in [(1, 1), (5, 2), (2_000, 8)] {
            let mut streamed = Vec::new();
            let r = pipeline::from_grid_streaming(
                &greys,
                &budgeted(14, conflicts, passes),
                &mut |_| {},
                &mut |r| {
                    streamed.push(r.clone());
                    true
                },
            )
            .expect("pipeline");
            if matches!(r.verdict, ArtVerdict::Multiple { .. }) {
                let first = streamed.first().expect("the quick answer is handed out first");
                assert_eq!(first.pass, 0, "seed {seed}: the first puzzle is the quick answer");
                quick += 1;
            }
            for s in streamed.iter().chain(std::iter::once(&r)) {
                let report = solve::solve(&puzzle_with(&s.picture, &s.givens), Mode::Unique, None)
                    .expect("solve");
                assert_eq!(
                    report.verdict,
                    Verdict::Unique,
                    "seed {seed} budget {conflicts}: {} givens",
                    s.givens.len()
                );
                assert_eq!(report.solutions[0], s.picture);
                assert_eq!(s.final_verdict, "unique");
            }
            assert_eq!(r.proven_minimal, r.undecided == 0, "seed {seed} budget {conflicts}");
            if r.proven_minimal {
                minimal_seen += 1;
                for &g in &r.givens {
                    let fewer: Vec<usize> = r.givens.iter().copied().filter(|&h| h != g).collect();
                    let report = solve::solve(&puzzle_with(&r.picture, &fewer), Mode::Unique, None)
                        .expect("solve");
                    assert_eq!(
                        report.verdict,
                        Verdict::Multiple,
                        "seed {seed}: given {g} called needed but was not"
                    );
                }
            } else {
                undecided_seen += 1;
                assert!(r.undecided > 0 && r.undecided <= r.givens.len());
            }
        }
    }
    assert!(quick >= 3, "random pictures are mostly ambiguous; only {quick} were");
    assert!(undecided_seen >= 1, "a budget of one conflict should leave some given undecided");
    assert!(minimal_seen >= 10, "a large budget should prove minimality; {minimal_seen} proven");
}

#[test]
fn stopping_the_stream_returns_the_current_unique_puzzle_unproven() {
    for seed in 0..6u64 {
        let greys = random_greys(300 + seed, 12, 12, 0.5);
        let r = pipeline::from_grid_streaming(
            &greys,
            &budgeted(12, 2_000, 8),
            &mut |_| {},
            &mut |_| false,
        )
        .expect("pipeline");
        if !matches!(r.verdict, ArtVerdict::Multiple { .. }) {
            continue;
        }
        // Stopped at the quick answer: unique, not claimed minimal.
        assert_eq!(r.pass, 0);
        assert!(!r.proven_minimal);
        let report =
            solve::solve(&puzzle_with(&r.picture, &r.givens), Mode::Unique, None).expect("solve");
        assert_eq!(report.verdict, Verdict::Unique, "seed {seed}");
    }
}

#[test]
fn budgeted_optimiser_at_a_big_size_gives_a_unique_puzzle_the_same_for_a_seed() {
    // 64x48 cells, past the optimiser's work-cap floor: the capped picture still becomes a
    // unique puzzle (checked by the engine), the same one every run.
    let (w, h) = (256u32, 192u32);
    let pixels: Vec<u8> = (0..w * h)
        .map(|i| {
            let (x, y) = ((i % w) as f32, (i / w) as f32);
            let d = ((x - 110.0).powi(2) + (y - 90.0).powi(2)).sqrt();
            let wave = 40.0 * (x * 0.05).sin() * (y * 0.07).cos();
            (d * 1.6 + wave).clamp(0.0, 255.0) as u8
        })
        .collect();
    let bytes = png(w, h, &pixels);
    let mut o = options(64, translucent(), UniqueMode::Givens);
    o.budget = Budget { conflicts: 500, passes: 1, time_ms: None };
    let mut first = None;
    let r = pipeline::run_streaming(&bytes, &o, &mut |_| {}, &mut |r| {
        first.get_or_insert_with(|| r.clone());
        true
    })
    .expect("pipeline");
    assert_eq!((r.width, r.height), (64, 48));
    let q = r.quality.expect("figures");
    assert!(q.lower_bound <= q.objective + 1e-9, "{q:?}");
    let problem = Problem::from_grid(
        &studio::art::prepare(&studio::art::decode(&bytes).expect("decode"), &o.prepare)
            .expect("prepare"),
    );
    assert!((problem.objective(r.picture.cells()).expect("board") - q.objective).abs() < 1e-6);
    for p in [first.expect("a first puzzle").puzzle(), r.puzzle()] {
        let report = solve::solve(&p, Mode::Unique, None).expect("solve");
        assert_eq!(report.verdict, Verdict::Unique);
        assert_eq!(report.solutions[0], r.picture);
    }
    let again = pipeline::run(&bytes, &o, &mut |_| {}).expect("pipeline");
    assert_eq!(again.picture, r.picture, "same seed, same picture");
    assert_eq!(again.givens, r.givens);
}
