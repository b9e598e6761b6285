//! Preparation: area averaging against brute force, crops, sizes, inversion.

use super::*;

// ---------------------------------------------------------------- prepare

#[test]
fn area_average_seven_pixels_into_three_cells() {
    // Cells span 7/3 pixels: [0, 2⅓), [2⅓, 4⅔), [4⅔, 7).
    let gray = Gray::new(7, 1, vec![0, 10, 20, 30, 40, 50, 60]).expect("gray");
    let crop = Crop { x: 0, y: 0, width: 7, height: 1 };
    let cells = area_average(&gray, crop, 3, 1).expect("averages");
    let expected = [
        (0.0 + 10.0 + 20.0 / 3.0) / (7.0 / 3.0), // 7.142857
        (20.0 * 2.0 / 3.0 + 30.0 + 40.0 * 2.0 / 3.0) / (7.0 / 3.0), // 30
        (40.0 / 3.0 + 50.0 + 60.0) / (7.0 / 3.0), // 52.857143
    ];
    for (got, want) in cells.iter().zip(expected) {
        assert!((f64::from(*got) - want).abs() < 1e-4, "{cells:?}");
    }
}

#[test]
fn area_average_matches_brute_force_with_crops_and_enlargement() {
    let mut rng = SplitMix64::new(3);
    for case in 0..40 {
        let (w, h) = (1 + rng.below(40) as u32, 1 + rng.below(40) as u32);
        let pixels: Vec<u8> = (0..w * h).map(|_| rng.next_u64() as u8).collect();
        let gray = Gray::new(w, h, pixels).expect("gray");
        let cw = 1 + rng.below(w as usize) as u32;
        let ch = 1 + rng.below(h as usize) as u32;
        let crop = Crop {
            x: rng.below((w - cw + 1) as usize) as u32,
            y: rng.below((h - ch + 1) as usize) as u32,
            width: cw,
            height: ch,
        };
        let (ow, oh) = (1 + rng.below(12), 1 + rng.below(12));
        let got = area_average(&gray, crop, ow, oh).expect("averages");
        // Brute force: integrate over every pixel's overlap with every cell.
        let overlap = |p: f64, a: f64, b: f64| (b.min(p + 1.0) - a.max(p)).max(0.0);
        for j in 0..oh {
            for i in 0..ow {
                let (x0, x1) = (
                    f64::from(cw) * i as f64 / ow as f64,
                    f64::from(cw) * (i + 1) as f64 / ow as f64,
                );
                let (y0, y1) = (
                    f64::from(ch) * j as f64 / oh as f64,
                    f64::from(ch) * (j + 1) as f64 / oh as f64,
                );
                let mut sum = 0.0;
                for py in 0..ch {
                    for px in 0..cw {
                        let wgt = overlap(f64::from(px), x0, x1) * overlap(f64::from(py), y0, y1);
                        let v = gray.get(crop.x + px, crop.y + py).expect("pixel");
                        sum += wgt * f64::from(v);
                    }
                }
                let want = sum / ((x1 - x0) * (y1 - y0));
                let have = f64::from(got[j * ow + i]);
                assert!((have - want).abs() < 1e-3, "case {case}: cell ({i},{j}) {have} vs {want}");
            }
        }
    }
}

#[test]
fn prepare_sizes_crop_and_invert() {
    let gray = Gray::new(200, 100, vec![0; 200 * 100]).expect("gray");
    assert_eq!(grid_size(200, 100, &PrepareOptions::new(10)), Ok((10, 5)));
    assert_eq!(grid_size(100, 1000, &PrepareOptions::new(20)), Ok((20, 100)), "capped at 100");
    assert_eq!(grid_size(1000, 3, &PrepareOptions::new(20)), Ok((20, 1)), "at least 1");
    assert_eq!(grid_size(300, 200, &PrepareOptions::new(7)), Ok((7, 5)), "4.67 rounds to 5");
    let explicit = PrepareOptions { height: Some(33), ..PrepareOptions::new(10) };
    assert_eq!(grid_size(200, 100, &explicit), Ok((10, 33)));
    for bad in [0, 4, 101] {
        let err = prepare(&gray, &PrepareOptions::new(bad)).expect_err("bad width");
        assert!(matches!(err, ArtError::InvalidSize { .. }), "{err:?}");
    }
    let bad_height = PrepareOptions { height: Some(0), ..PrepareOptions::new(10) };
    assert!(matches!(prepare(&gray, &bad_height), Err(ArtError::InvalidSize { .. })));
    for crop in [
        Crop { x: 0, y: 0, width: 0, height: 10 },
        Crop { x: 150, y: 0, width: 51, height: 10 },
        Crop { x: 0, y: 99, width: 10, height: 2 },
        Crop { x: u32::MAX, y: 0, width: 2, height: 2 },
    ] {
        let options = PrepareOptions { crop: Some(crop), ..PrepareOptions::new(10) };
        assert!(matches!(prepare(&gray, &options), Err(ArtError::InvalidCrop(_))), "{crop:?}");
    }
    // Crop picks the region; height follows the crop's aspect ratio; invert flips values.
    let mut pixels = vec![255u8; 200 * 100];
    for y in 0..50 {
        for x in 100..200 {
            pixels[y * 200 + x] = 0;
        }
    }
    let gray = Gray::new(200, 100, pixels).expect("gray");
    let options = PrepareOptions {
        crop: Some(Crop { x: 100, y: 0, width: 100, height: 50 }),
        ..PrepareOptions::new(10)
    };
    let grid = prepare(&gray, &options).expect("prepares");
    assert_eq!((grid.width(), grid.height()), (10, 5));
    assert!(grid.values().iter().all(|&v| v == 0.0));
    let inverted = prepare(&gray, &PrepareOptions { invert: true, ..options }).expect("prepares");
    assert!(inverted.values().iter().all(|&v| v == 255.0));
}

#[test]
fn constructors_validate_sizes() {
    assert_eq!(Gray::new(0, 5, vec![]), Err(ArtError::EmptyImage));
    assert_eq!(Gray::new(2, 2, vec![0; 3]), Err(ArtError::SizeMismatch { expected: 4, actual: 3 }));
    assert!(GreyGrid::new(2, 2, vec![0.0; 5]).is_err());
    let g = GreyGrid::new(2, 1, vec![-5.0, f32::NAN]).expect("grid");
    assert_eq!(g.values(), &[0.0, 255.0]);
    assert!(Problem::from_darkness(3, 3, &[0.5; 8]).is_err());
    assert!(counts(3, 3, &[false; 8]).is_err());
    assert!(shading(3, 3, &[false; 10]).is_err());
    let p = Problem::from_grid(&GreyGrid::filled(3, 3, 0.0).expect("grid"));
    assert!(Optimizer::with_start(&p, quick_config(1), &[true; 4]).is_err());
    let wide = Problem::from_grid(&GreyGrid::filled(7, 7, 0.0).expect("grid"));
    assert_eq!(
        solve_exact(&wide).map(|s| s.objective),
        Err(ArtError::TooLargeForExact { width: 7, height: 7 })
    );
}
