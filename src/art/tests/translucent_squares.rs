//! Threshold and translucent squares: neighbourhoods, the exact and band solvers, bounds, the
//! optimiser.

use super::*;

// ---------------------------------------------------------------- translucent squares

#[test]
fn neighbourhoods_counts_and_shading() {
    assert_eq!(neighbourhood_size(5, 4, 0, 0), 4);
    assert_eq!(neighbourhood_size(5, 4, 2, 0), 6);
    assert_eq!(neighbourhood_size(5, 4, 2, 2), 9);
    assert_eq!(neighbourhood_size(1, 1, 0, 0), 1);
    // One filled cell in the middle of a 3×3 board.
    let mut board = vec![false; 9];
    board[4] = true;
    assert_eq!(counts(3, 3, &board), Ok(vec![1; 9]));
    let s = shading(3, 3, &board).expect("shading");
    assert_eq!(
        s,
        vec![0.25, 1.0 / 6.0, 0.25, 1.0 / 6.0, 1.0 / 9.0, 1.0 / 6.0, 0.25, 1.0 / 6.0, 0.25]
    );
    assert!(shading(4, 3, &[true; 12]).expect("shading").iter().all(|&v| v == 1.0));
    // Counts against a naive 3×3 sum.
    let mut rng = SplitMix64::new(11);
    let (w, h) = (9, 7);
    let board: Vec<bool> = (0..w * h).map(|_| rng.next_u64() & 1 == 1).collect();
    let d = counts(w, h, &board).expect("counts");
    for y in 0..h {
        for x in 0..w {
            let mut n = 0;
            for yy in y.saturating_sub(1)..(y + 2).min(h) {
                for xx in x.saturating_sub(1)..(x + 2).min(w) {
                    n += u8::from(board[yy * w + xx]);
                }
            }
            assert_eq!(d[y * w + x], n);
        }
    }
}

#[test]
fn ideal_shade_uses_darkness_scaled_by_neighbourhood() {
    let grid = GreyGrid::new(3, 3, vec![0.0, 127.5, 255.0, 0.0, 127.5, 255.0, 0.0, 127.5, 255.0])
        .expect("grid");
    let p = Problem::from_grid(&grid);
    // corner black: 4 squares; edge mid-grey: 3 of 6; centre mid-grey: 4.5 of 9; white: 0.
    assert_eq!(p.ideal(), &[4.0, 3.0, 0.0, 6.0, 4.5, 0.0, 4.0, 3.0, 0.0]);
}

#[test]
fn flat_black_and_white_are_matched_exactly() {
    for (w, h) in [(5, 5), (12, 9), (40, 40)] {
        let black = Problem::from_grid(&GreyGrid::filled(w, h, 0.0).expect("grid"));
        let s = optimise(&black, quick_config(1));
        assert!(s.filled.iter().all(|&b| b), "{w}×{h} black: every cell filled");
        assert_eq!(s.progress.best_objective, 0.0);
        let white = Problem::from_grid(&GreyGrid::filled(w, h, 255.0).expect("grid"));
        let s = optimise(&white, quick_config(1));
        assert!(s.filled.iter().all(|&b| !b), "{w}×{h} white: nothing filled");
        assert_eq!(s.progress.best_objective, 0.0);
        assert_eq!(s.progress.gap, 0.0);
    }
}

#[test]
fn flat_grey_reaches_the_exact_optimum() {
    for v in [32.0, 64.0, 100.0, 127.5, 160.0, 200.0, 230.0] {
        for (w, h) in [(4, 4), (5, 5), (6, 6), (6, 10)] {
            let p = Problem::from_grid(&GreyGrid::filled(w, h, v).expect("grid"));
            let exact = solve_exact(&p).expect("exact");
            let heuristic = optimise(&p, quick_config(5));
            assert!(
                (heuristic.progress.best_objective - exact.objective).abs() < 1e-9,
                "v {v} {w}×{h}: heuristic {} exact {}",
                heuristic.progress.best_objective,
                exact.objective
            );
        }
    }
}

#[test]
fn exact_solver_matches_brute_force() {
    for (case, (w, h)) in [(3, 3), (4, 3), (3, 4), (4, 4), (2, 5), (1, 6)].into_iter().enumerate() {
        for seed in 0..3u64 {
            let p = Problem::from_grid(&random_grid(w, h, 100 * case as u64 + seed));
            let exact = solve_exact(&p).expect("exact");
            assert!((exact.objective - brute_force(&p)).abs() < 1e-9, "{w}×{h} seed {seed}");
            assert!((p.objective(&exact.filled).expect("board") - exact.objective).abs() < 1e-12);
        }
    }
    // Wide grids are transposed: the same instance and its transpose have the same optimum.
    let p = Problem::from_grid(&random_grid(9, 4, 5));
    let t = Problem::from_grid(&{
        let g = random_grid(9, 4, 5);
        let values = (0..36).map(|i| g.values()[(i % 4) * 9 + i / 4]).collect();
        GreyGrid::new(4, 9, values).expect("grid")
    });
    let (a, b) = (solve_exact(&p).expect("exact"), solve_exact(&t).expect("exact"));
    assert!((a.objective - b.objective).abs() < 1e-9);
}

#[test]
fn lower_bounds_are_valid() {
    for seed in 0..20u64 {
        let (w, h) = (3 + seed as usize % 4, 4 + seed as usize % 3);
        let p = Problem::from_grid(&random_grid(w, h, 900 + seed));
        let exact = solve_exact(&p).expect("exact").objective;
        let (trivial, block) = (trivial_bound(&p), block_bound(&p));
        assert!(trivial <= block + 1e-9, "seed {seed}");
        assert!(block <= exact + 1e-9, "seed {seed}: block {block} > optimum {exact}");
    }
}

#[test]
fn band_dp_over_the_whole_height_is_exact_and_never_worsens() {
    let mut scratch = BandScratch::default();
    for seed in 0..10u64 {
        let p = Problem::from_grid(&random_grid(9, 4, 300 + seed));
        let mut board = vec![false; 36];
        let before = p.objective(&board).expect("board");
        let gain = optimise_band(&p, &mut board, 0, 4, &mut scratch);
        let after = p.objective(&board).expect("board");
        assert!((before - after - gain as f64 / 65536.0).abs() < 1e-9);
        let exact = solve_exact(&p).expect("exact").objective;
        assert!((after - exact).abs() < 1e-9, "seed {seed}: band {after} vs exact {exact}");
    }
    // Polishing keeps improving or stays; afterwards no band of 2 improves.
    let p = Problem::from_grid(&random_grid(20, 15, 77));
    let mut board = p.rounded_start();
    let before = p.objective(&board).expect("board");
    polish(&p, &mut board, 2);
    let after = p.objective(&board).expect("board");
    assert!(after <= before);
    for r0 in 0..14 {
        assert_eq!(optimise_band(&p, &mut board, r0, 2, &mut scratch), 0);
    }
}

#[test]
fn optimiser_matches_exact_on_small_random_grids() {
    let mut equal = 0;
    let mut total = 0;
    let mut worst: f64 = 0.0;
    for (w, h, seeds) in [(4, 4, 50), (5, 5, 50), (6, 6, 50), (5, 8, 50), (6, 24, 10), (30, 6, 10)]
    {
        for seed in 0..seeds {
            let p = Problem::from_grid(&random_grid(w, h, 10_000 + 100 * w as u64 + seed));
            let exact = solve_exact(&p).expect("exact").objective;
            let s = optimise(&p, quick_config(seed));
            let got = s.progress.best_objective;
            assert!((p.objective(&s.filled).expect("board") - got).abs() < 1e-9);
            assert!(got >= exact - 1e-9, "heuristic below the optimum?");
            assert!(s.progress.lower_bound <= exact + 1e-9);
            total += 1;
            if got - exact < 1e-9 {
                equal += 1;
            } else {
                worst = worst.max((got - exact) / exact);
            }
        }
    }
    println!(
        "optimiser equals exact optimum on {equal}/{total} small grids; worst excess {:.2}%",
        worst * 100.0
    );
    assert!(equal * 100 >= total * 95, "{equal}/{total}");
    assert!(worst <= 0.03, "worst excess {worst}");
}

#[test]
fn optimiser_is_deterministic_steppable_and_cancellable() {
    let p = Problem::from_grid(&random_grid(30, 20, 42));
    let a = optimise(&p, quick_config(9));
    let b = optimise(&p, quick_config(9));
    assert_eq!(a, b, "same seed, same result");

    // Small steps give the same final board as one uninterrupted run.
    let mut opt = Optimizer::new(&p, quick_config(9));
    let mut steps = 0;
    let mut last_work = 0;
    let progress = opt.run(50_000, |pr| {
        steps += 1;
        assert!(pr.work >= last_work && pr.best_objective >= pr.lower_bound - 1e-9);
        assert!(pr.work <= pr.planned_work);
        last_work = pr.work;
        true
    });
    assert!(progress.done && steps > 10, "{steps} steps");
    assert_eq!(opt.best(), &a.filled[..]);
    assert!((progress.best_objective - a.progress.best_objective).abs() < 1e-12);
    assert!(progress.gap >= 0.0 && progress.gap < 1.0);

    // Cancelling after the first step leaves a valid best board.
    let mut opt = Optimizer::new(&p, quick_config(9));
    let progress = opt.run(10_000, |_| false);
    assert!(!progress.done);
    let objective = p.objective(opt.best()).expect("board");
    assert!((objective - progress.best_objective).abs() < 1e-9);
    assert!(objective >= a.progress.best_objective);
}

#[test]
fn whole_pipeline_from_png_to_translucent_board() {
    // A dark disc on a light gradient.
    let (w, h) = (120u32, 90u32);
    let mut pixels = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let (dx, dy) = (x as f64 - 60.0, y as f64 - 45.0);
            let v = if dx * dx + dy * dy < 900.0 { 20.0 } else { 150.0 + x as f64 * 0.8 };
            pixels.push(v as u8);
        }
    }
    let gray = decode(&png_bytes(w, h, &pixels, ExtendedColorType::L8)).expect("decodes");
    let grid = prepare(&gray, &PrepareOptions::new(24)).expect("prepares");
    assert_eq!((grid.width(), grid.height()), (24, 18));
    let p = Problem::from_grid(&grid);
    let s = optimise(&p, quick_config(1));
    let shade = shading(24, 18, &s.filled).expect("shading");
    // The centre of the disc is shaded dark, a light corner stays light.
    assert!(shade[9 * 24 + 12] > 0.8, "{}", shade[9 * 24 + 12]);
    assert!(shade[23] < 0.3, "{}", shade[23]);
    assert!(s.progress.best_objective >= s.progress.lower_bound);
}

#[test]
fn strip_bound_is_valid_and_at_least_the_trivial_bound() {
    for seed in 0..12u64 {
        let (w, h) = (3 + seed as usize % 4, 4 + seed as usize % 3);
        let p = Problem::from_grid(&random_grid(w, h, 700 + seed));
        let exact = solve_exact(&p).expect("exact").objective;
        let bound = strip_bound(&p, exact, 200);
        assert!(bound <= exact + 1e-6, "seed {seed}: bound {bound} > optimum {exact}");
        assert!(bound >= trivial_bound(&p) - 1e-6, "seed {seed}");
    }
}

#[test]
fn optimiser_bound_phase_tightens_a_valid_bound() {
    for seed in 0..4u64 {
        let p = Problem::from_grid(&random_grid(6, 9, 4000 + seed));
        let exact = solve_exact(&p).expect("exact").objective;
        let plain = optimise(&p, quick_config(seed));
        let with_bound =
            optimise(&p, OptimizerConfig { bound_iterations: 150, ..quick_config(seed) });
        assert_eq!(plain.filled, with_bound.filled, "the bound phase does not change the board");
        assert!(with_bound.progress.lower_bound >= plain.progress.lower_bound);
        assert!(with_bound.progress.lower_bound <= exact + 1e-9, "seed {seed}");
        assert!(with_bound.progress.gap <= plain.progress.gap);
    }
}

#[test]
fn band_window_solve_is_exact_inside_its_window_and_leaves_the_rest() {
    // A 2-row band free only in columns x0..x1 of a wider grid: its result equals the best
    // of every filling of those cells (brute force), and no cell outside them changes.
    for seed in 0..8u64 {
        let (w, h) = (14usize, 6usize);
        let p = Problem::from_grid(&random_grid(w, h, 5100 + seed));
        let mut rng = SplitMix64::new(seed);
        let start: Vec<bool> = (0..w * h).map(|_| rng.unit() < 0.5).collect();
        let (r0, x0, x1) = (1 + seed as usize % 3, 3 + seed as usize % 4, 8 + seed as usize % 3);
        let free: Vec<usize> =
            (r0..r0 + 2).flat_map(|y| (x0..x1).map(move |x| y * w + x)).collect();
        let mut best = f64::INFINITY;
        for bits in 0u32..1 << free.len() {
            let mut b = start.clone();
            for (j, &i) in free.iter().enumerate() {
                b[i] = bits >> j & 1 == 1;
            }
            best = best.min(p.objective(&b).expect("board"));
        }
        let mut board = start.clone();
        let before = p.objective(&board).expect("board");
        let gain = optimise_band_window(&p, &mut board, r0, 2, x0, x1, &mut BandScratch::default());
        let after = p.objective(&board).expect("board");
        assert!((after - best).abs() < 1e-9, "seed {seed}: window {after} vs brute force {best}");
        assert!(
            (before - after - gain as f64 / FIXED_SCALE as f64).abs() < 1e-9,
            "seed {seed}: gain"
        );
        for i in 0..w * h {
            if !free.contains(&i) {
                assert_eq!(board[i], start[i], "seed {seed}: cell {i} outside the window changed");
            }
        }
    }
}

#[test]
fn budgeted_optimiser_stops_at_its_work_cap_deterministically_with_a_valid_bound() {
    // 60x50 cells: the kicks' own count would take more work than the cap allows.
    let grid = random_grid(60, 50, 77);
    let p = Problem::from_grid(&grid);
    let config = OptimizerConfig { seed: 3, ..OptimizerConfig::default() };
    let a = optimise(&p, config);
    let b = optimise(&p, config);
    assert_eq!(a, b, "same seed, same board");
    let cells = (60 * 50) as u64;
    let uncapped = optimise(&p, OptimizerConfig { work_per_cell: u64::MAX / cells / 4, ..config });
    assert!(
        uncapped.progress.work > a.progress.work,
        "the cap bound: {} vs {}",
        uncapped.progress.work,
        a.progress.work
    );
    // The cap, plus at most the final polish and one kick's overrun.
    assert!(a.progress.work <= config.work_per_cell * cells * 11 / 10, "work {}", a.progress.work);
    // The reported objective is the board's, and the bounds are below it.
    let objective = p.objective(&a.filled).expect("board");
    assert!((objective - a.progress.best_objective).abs() < 1e-9);
    assert!(a.progress.lower_bound <= objective + 1e-9);
    assert!(strip_bound(&p, objective, 40) <= objective + 1e-6);
    assert!(block_bound(&p) <= objective + 1e-9);
    // Far better than the rounded start it began from.
    let start = p.objective(&p.rounded_start()).expect("board");
    assert!(objective < start * 0.9, "{objective} vs start {start}");
}

#[test]
fn colour_jpeg_luma_alone_matches_the_luma_of_the_decoded_rgb() {
    // The JPEG path reads only the Y channel; it must agree with Rec. 601 luma of the RGB
    // that a full decode gives (up to rounding in the decoder's colour conversion).
    let (w, h) = (64u32, 48u32);
    let rgb = image::RgbImage::from_fn(w, h, |x, y| {
        image::Rgb([(x * 4) as u8, (y * 5) as u8, ((x + y) * 2) as u8])
    });
    let bytes = encode_as(&DynamicImage::ImageRgb8(rgb), ImageFormat::Jpeg);
    let grey = decode(&bytes).expect("decodes");
    assert_eq!((grey.width(), grey.height()), (w, h));
    let full = image::load_from_memory(&bytes).expect("decodes").to_rgb8();
    for (p, &g) in full.pixels().zip(grey.pixels()) {
        let y = 0.299 * f32::from(p[0]) + 0.587 * f32::from(p[1]) + 0.114 * f32::from(p[2]);
        assert!((y - f32::from(g)).abs() <= 3.0, "luma {y} vs {g}");
    }
}
