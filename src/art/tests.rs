//! Tests of the whole pipeline: decoding, preparation, threshold and translucent squares.

use super::band::{optimise_band, optimise_band_window, polish, BandScratch};
use super::decode::{decode, Gray, MAX_FILE_BYTES, MAX_PIXELS};
use super::error::ArtError;
use super::exact::solve_exact;
use super::grid::GreyGrid;
use super::optimizer::{optimise, Optimizer, OptimizerConfig};
use super::prepare::{area_average, grid_size, prepare, Crop, PrepareOptions};
use super::rng::SplitMix64;
use super::threshold::{histogram, otsu, otsu_histogram, threshold, ALL_BLACK, ALL_WHITE};
use super::translucent::{counts, neighbourhood_size, shading, Problem, FIXED_SCALE};
use super::{block_bound, strip_bound, trivial_bound};
use image::codecs::png::PngEncoder;
use image::{DynamicImage, ExtendedColorType, ImageEncoder, ImageFormat};
use std::io::Cursor;

// ---------------------------------------------------------------- helpers

fn png_bytes(width: u32, height: u32, pixels: &[u8], color: ExtendedColorType) -> Vec<u8> {
    let mut out = Vec::new();
    PngEncoder::new(&mut out)
        .write_image(pixels, width, height, color)
        .expect("encoding a valid test image");
    out
}

fn encode_as(image: &DynamicImage, format: ImageFormat) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    image.write_to(&mut out, format).expect("encoding a valid test image");
    out.into_inner()
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

fn png_chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut out = (data.len() as u32).to_be_bytes().to_vec();
    let mut body = kind.to_vec();
    body.extend_from_slice(data);
    out.extend_from_slice(&body);
    out.extend_from_slice(&crc32(&body).to_be_bytes());
    out
}

/// A PNG whose header claims `width × height` 8-bit grey pixels but carries only a tiny IDAT.
fn png_header_only(width: u32, height: u32) -> Vec<u8> {
    let mut ihdr = width.to_be_bytes().to_vec();
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[8, 0, 0, 0, 0]); // 8 bit, greyscale, deflate, no filter, no interlace
    let mut out = vec![0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A];
    out.extend(png_chunk(b"IHDR", &ihdr));
    out.extend(png_chunk(b"IDAT", &[0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]));
    out.extend(png_chunk(b"IEND", &[]));
    out
}

/// Random grey grid (values 0..=255) with a fixed seed.
fn random_grid(width: usize, height: usize, seed: u64) -> GreyGrid {
    let mut rng = SplitMix64::new(seed);
    let values = (0..width * height).map(|_| (rng.unit() * 255.0) as f32).collect();
    GreyGrid::new(width, height, values).expect("valid grid")
}

/// Objective by brute force over all boards (for grids of at most ~16 cells).
fn brute_force(problem: &Problem) -> f64 {
    let n = problem.width() * problem.height();
    (0u32..1 << n)
        .map(|bits| {
            let board: Vec<bool> = (0..n).map(|i| bits >> i & 1 == 1).collect();
            problem.objective(&board).expect("sized board")
        })
        .fold(f64::INFINITY, f64::min)
}

fn quick_config(seed: u64) -> OptimizerConfig {
    OptimizerConfig { seed, ..OptimizerConfig::default() }
}

// ---------------------------------------------------------------- decode

#[test]
fn black_square_on_white_gives_exactly_those_cells() {
    // 100×80 RGB image, black square over pixels x 20..60, y 30..50; cells are 10×10 pixels.
    let (w, h) = (100u32, 80u32);
    let mut rgb = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let black = (20..60).contains(&x) && (30..50).contains(&y);
            let v = if black { 0 } else { 255 };
            rgb.extend_from_slice(&[v, v, v]);
        }
    }
    let bytes = png_bytes(w, h, &rgb, ExtendedColorType::Rgb8);
    let gray = decode(&bytes).expect("decodes");
    assert_eq!((gray.width(), gray.height()), (100, 80));
    let grid = prepare(&gray, &PrepareOptions::new(10)).expect("prepares");
    assert_eq!((grid.width(), grid.height()), (10, 8));
    let expected: Vec<bool> =
        (0..80).map(|i| (2..6).contains(&(i % 10)) && (3..5).contains(&(i / 10))).collect();
    let t = otsu(&grid);
    assert_eq!(t, 128, "two-level grid: Otsu takes the middle of the tie");
    assert_eq!(threshold(&grid, t), expected);
    assert_eq!(threshold(&grid, 1), expected);
    assert_eq!(threshold(&grid, 255), expected);
    assert!(threshold(&grid, ALL_WHITE).iter().all(|&b| !b));
    assert!(threshold(&grid, ALL_BLACK).iter().all(|&b| b));
}

#[test]
fn threshold_rule_is_rounded_value_below_t() {
    let grid = GreyGrid::new(5, 1, vec![0.0, 99.4, 99.6, 254.6, 255.0]).expect("grid");
    assert_eq!(threshold(&grid, 0), vec![false; 5]);
    assert_eq!(threshold(&grid, 100), vec![true, true, false, false, false]);
    assert_eq!(threshold(&grid, 101), vec![true, true, true, false, false]);
    assert_eq!(threshold(&grid, 255), vec![true, true, true, false, false]);
    assert_eq!(threshold(&grid, 256), vec![true; 5]);
    assert_eq!(histogram(&grid)[100], 1);
    assert_eq!(histogram(&grid)[255], 2);
}

#[test]
fn otsu_separates_two_clusters() {
    let mut hist = [0u64; 256];
    hist[40] = 50;
    hist[50] = 30;
    hist[200] = 40;
    hist[210] = 60;
    let t = otsu_histogram(&hist);
    assert!((51..=200).contains(&t), "t = {t}");
    assert_eq!(t, 125, "middle of the tied splits k = 50..=199, so t = 124 + 1");
    assert_eq!(otsu_histogram(&[0; 256]), 128);
    let mut single = [0u64; 256];
    single[17] = 9;
    assert_eq!(otsu_histogram(&single), 128);
}

#[test]
fn luma_is_rec601_and_alpha_composites_over_white() {
    // red, green, blue, transparent black, half-transparent black, opaque grey 100
    let rgba = [
        255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 0, 0, 0, 0, 0, 0, 0, 128, 100, 100, 100,
        255,
    ];
    let gray = decode(&png_bytes(6, 1, &rgba, ExtendedColorType::Rgba8)).expect("decodes");
    assert_eq!(gray.pixels(), &[76, 150, 29, 255, 127, 100]);
}

#[test]
fn sixteen_bit_and_grey_alpha_pngs_decode() {
    let pixels16: Vec<u8> = [0u16, 65535, 32896].iter().flat_map(|v| v.to_be_bytes()).collect();
    let gray = decode(&png_bytes(3, 1, &pixels16, ExtendedColorType::L16)).expect("decodes");
    assert_eq!(gray.pixels(), &[0, 255, 128]);
    let la = [0u8, 255, 0, 0, 200, 255];
    let gray = decode(&png_bytes(3, 1, &la, ExtendedColorType::La8)).expect("decodes");
    assert_eq!(gray.pixels(), &[0, 255, 200]);
}

#[test]
fn every_supported_format_decodes() {
    let (w, h) = (8u32, 4u32);
    let rgb: Vec<u8> =
        (0..w * h).flat_map(|i| if i % w < 4 { [0, 0, 0] } else { [255, 255, 255] }).collect();
    let image = DynamicImage::ImageRgb8(image::RgbImage::from_raw(w, h, rgb).expect("buffer"));
    for format in
        [ImageFormat::Png, ImageFormat::Jpeg, ImageFormat::Gif, ImageFormat::WebP, ImageFormat::Bmp]
    {
        let bytes = encode_as(&image, format);
        let gray = decode(&bytes).unwrap_or_else(|e| panic!("{format:?}: {e}"));
        assert_eq!((gray.width(), gray.height()), (w, h), "{format:?}");
        let left = gray.get(1, 1).expect("pixel");
        let right = gray.get(6, 1).expect("pixel");
        assert!(left < 60 && right > 195, "{format:?}: left {left} right {right}");
    }
}

/// Mutation fuzzing of the image decoder: random byte edits (flips, overwrites, insertions,
/// deletions, truncations) of valid files of every supported format never panic; each either
/// decodes to a picture within the limits or is refused with an error.
#[test]
fn mutated_images_never_panic() {
    let (w, h) = (24u32, 16u32);
    let rgb: Vec<u8> = (0..w * h)
        .flat_map(|i| [(i * 7 % 256) as u8, (i * 13 % 256) as u8, (i % w * 10) as u8])
        .collect();
    let colour = DynamicImage::ImageRgb8(image::RgbImage::from_raw(w, h, rgb).expect("buffer"));
    let grey = DynamicImage::ImageLuma8(colour.to_luma8());
    let mut rng = fastrand::Rng::with_seed(2026);
    let (mut decoded, mut refused) = (0, 0);
    let all = [
        ImageFormat::Jpeg,
        ImageFormat::Png,
        ImageFormat::Gif,
        ImageFormat::WebP,
        ImageFormat::Bmp,
    ];
    // Greyscale JPEG takes the luma-only zune-jpeg path; the encoders write grey only as JPEG and PNG.
    let cases = all
        .iter()
        .map(|&f| (&colour, f))
        .chain([(&grey, ImageFormat::Jpeg), (&grey, ImageFormat::Png)]);
    for (image, format) in cases {
        {
            let valid = encode_as(image, format);
            for _ in 0..400 {
                let mut bytes = valid.clone();
                for _ in 0..rng.usize(1..6) {
                    let at = rng.usize(..bytes.len().max(1));
                    match rng.u8(..5) {
                        0 if at < bytes.len() => bytes[at] ^= 1 << rng.u8(..8),
                        1 if at < bytes.len() => bytes[at] = rng.u8(..),
                        2 => bytes.insert(at.min(bytes.len()), rng.u8(..)),
                        3 if at < bytes.len() => {
                            bytes.remove(at);
                        }
                        _ => bytes.truncate(at),
                    }
                }
                match decode(&bytes) {
                    Ok(g) => {
                        assert!(
                            g.width() > 0
                                && g.height() > 0
                                && u64::from(g.width()) * u64::from(g.height()) <= MAX_PIXELS,
                            "{format:?}"
                        );
                        assert_eq!(
                            g.pixels().len() as u64,
                            u64::from(g.width()) * u64::from(g.height())
                        );
                        decoded += 1;
                    }
                    Err(e) => {
                        assert!(!e.to_string().is_empty());
                        refused += 1;
                    }
                }
            }
        }
    }
    // Both outcomes happen: the edits reach past the headers into data the decoders read.
    assert!(decoded > 0 && refused > 0, "decoded {decoded}, refused {refused}");
}

#[test]
fn oversized_file_is_refused_before_parsing() {
    let bytes = vec![0u8; MAX_FILE_BYTES + 1];
    let err = decode(&bytes).expect_err("too large");
    assert_eq!(
        err,
        ArtError::FileTooLarge { bytes: MAX_FILE_BYTES + 1, max_bytes: MAX_FILE_BYTES }
    );
    assert!(err.to_string().contains("30 MB"), "{err}");
}

#[test]
fn too_many_megapixels_is_refused_from_the_header() {
    // 10000×10000 = 100 MP claimed by a file of a few dozen bytes: must fail without allocating.
    let bytes = png_header_only(10_000, 10_000);
    assert!(bytes.len() < 100);
    let err = decode(&bytes).expect_err("too many pixels");
    assert_eq!(
        err,
        ArtError::TooManyPixels { width: 10_000, height: 10_000, max_pixels: MAX_PIXELS }
    );
    assert!(err.to_string().contains("40 megapixels"), "{err}");
    // Just under the limit is accepted by the size check and then fails on the missing data.
    let err = decode(&png_header_only(8_000, 5_000)).expect_err("no pixel data");
    assert!(matches!(err, ArtError::Decode(_)), "{err:?}");
    // A side beyond the decoder limit is refused by image::Limits.
    let err = decode(&png_header_only(100_000, 1)).expect_err("too wide");
    assert_eq!(err, ArtError::SideTooLong { max_side: 65_535 });
}

/// Inserts an APP1 Exif segment carrying `orientation` right after the JPEG SOI marker.
fn with_exif_orientation(jpeg: &[u8], orientation: u16) -> Vec<u8> {
    let mut tiff = b"MM\x00\x2A\x00\x00\x00\x08".to_vec(); // big-endian TIFF header, IFD at 8
    tiff.extend_from_slice(&1u16.to_be_bytes()); // one entry
    tiff.extend_from_slice(&0x0112u16.to_be_bytes()); // Orientation
    tiff.extend_from_slice(&3u16.to_be_bytes()); // SHORT
    tiff.extend_from_slice(&1u32.to_be_bytes()); // count 1
    tiff.extend_from_slice(&orientation.to_be_bytes());
    tiff.extend_from_slice(&[0, 0]); // value padding
    tiff.extend_from_slice(&0u32.to_be_bytes()); // no next IFD
    let mut payload = b"Exif\x00\x00".to_vec();
    payload.extend_from_slice(&tiff);
    let mut out = jpeg[..2].to_vec(); // SOI
    out.extend_from_slice(&[0xFF, 0xE1]);
    out.extend_from_slice(&((payload.len() + 2) as u16).to_be_bytes());
    out.extend_from_slice(&payload);
    out.extend_from_slice(&jpeg[2..]);
    out
}

#[test]
fn jpeg_exif_orientation_is_applied() {
    // 32×16, left half black, right half white.
    let (w, h) = (32u32, 16u32);
    let pixels: Vec<u8> = (0..w * h).map(|i| if i % w < 16 { 0 } else { 255 }).collect();
    let image = DynamicImage::ImageLuma8(image::GrayImage::from_raw(w, h, pixels).expect("buffer"));
    let plain = encode_as(&image, ImageFormat::Jpeg);
    assert_eq!(&plain[..2], &[0xFF, 0xD8]);
    let unrotated = decode(&plain).expect("decodes");
    assert_eq!((unrotated.width(), unrotated.height()), (32, 16));

    // Orientation 6: the stored image must be turned 90° clockwise for display.
    let rotated = decode(&with_exif_orientation(&plain, 6)).expect("decodes");
    assert_eq!((rotated.width(), rotated.height()), (16, 32));
    // The stored left (black) half becomes the top half.
    assert!(rotated.get(8, 4).expect("pixel") < 40);
    assert!(rotated.get(8, 27).expect("pixel") > 215);

    // Orientation 8 (90° anticlockwise): the black half ends at the bottom.
    let rotated = decode(&with_exif_orientation(&plain, 8)).expect("decodes");
    assert_eq!((rotated.width(), rotated.height()), (16, 32));
    assert!(rotated.get(8, 4).expect("pixel") > 215);
    assert!(rotated.get(8, 27).expect("pixel") < 40);
}

#[test]
fn malformed_input_is_an_error_not_a_panic() {
    assert_eq!(decode(&[]), Err(ArtError::EmptyFile));
    let mut rng = SplitMix64::new(7);
    let random: Vec<u8> = (0..4096).map(|_| rng.next_u64() as u8).collect();
    assert_eq!(decode(&random), Err(ArtError::UnknownFormat));
    assert_eq!(decode(b"GIF"), Err(ArtError::UnknownFormat));

    let pixels: Vec<u8> = (0..64 * 64).map(|i| (i * 7 % 251) as u8).collect();
    let png = png_bytes(64, 64, &pixels, ExtendedColorType::L8);
    for cut in [8, 20, 33, 50, png.len() / 2, png.len() - 13] {
        let err = decode(&png[..cut]).expect_err("truncated PNG");
        assert!(
            matches!(err, ArtError::Decode(_) | ArtError::Truncated { .. }),
            "cut {cut}: {err:?}"
        );
        assert!(!err.to_string().is_empty());
    }
    // Corrupt the middle of the compressed data: the CRC or zlib check must catch it.
    let mut corrupt = png.clone();
    let mid = corrupt.len() / 2;
    corrupt[mid] ^= 0xFF;
    assert!(decode(&corrupt).is_err());

    // Valid magic numbers followed by garbage, and truncated real files of every format:
    // whatever the outcome, no panic.
    let grey =
        DynamicImage::ImageLuma8(image::GrayImage::from_raw(64, 64, pixels).expect("buffer"));
    let image = DynamicImage::ImageRgb8(grey.to_rgb8());
    let mut samples: Vec<Vec<u8>> = Vec::new();
    for format in
        [ImageFormat::Png, ImageFormat::Jpeg, ImageFormat::Gif, ImageFormat::WebP, ImageFormat::Bmp]
    {
        let bytes = encode_as(&image, format);
        for cut in [2, 10, 30, bytes.len() / 3, bytes.len() - 1] {
            samples.push(bytes[..cut.min(bytes.len())].to_vec());
        }
        for _ in 0..20 {
            let mut s = bytes[..16.min(bytes.len())].to_vec();
            s.extend((0..200).map(|_| rng.next_u64() as u8));
            samples.push(s);
        }
    }
    let errors = samples.iter().filter(|s| decode(s).is_err()).count();
    println!("damaged files rejected: {errors} of {}", samples.len());
    assert!(errors * 10 >= samples.len() * 9, "{errors} of {} rejected", samples.len());
}

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

// ---------------------------------------------------------------- truncated and odd files (issue 24)

/// A file cut short anywhere inside its image data is refused with the words "ends early",
/// never decoded into a picture whose missing part is made up; the whole file still decodes.
#[test]
fn truncated_files_of_every_format_are_refused_with_a_clear_message() {
    let (w, h) = (40u32, 32u32);
    let rgb: Vec<u8> = (0..w * h)
        .flat_map(|i| [(i * 7 % 256) as u8, (i * 13 % 256) as u8, (i % w * 6) as u8])
        .collect();
    let image = DynamicImage::ImageRgb8(image::RgbImage::from_raw(w, h, rgb).expect("buffer"));
    let grey = DynamicImage::ImageLuma8(image.to_luma8());
    let cases = [
        (&image, ImageFormat::Png, "PNG"),
        (&image, ImageFormat::Jpeg, "JPEG"),
        (&grey, ImageFormat::Jpeg, "JPEG"),
        (&image, ImageFormat::Gif, "GIF"),
        (&image, ImageFormat::WebP, "WebP"),
        (&image, ImageFormat::Bmp, "BMP"),
    ];
    for (picture, format, name) in cases {
        let whole = encode_as(picture, format);
        decode(&whole).unwrap_or_else(|e| panic!("{format:?} whole: {e}"));
        // Cut at many places past the header: every cut is refused as truncated.
        let header = match format {
            ImageFormat::Png => 60,
            ImageFormat::Bmp => 60,
            _ => 40,
        };
        let mut cuts = 0;
        for keep in (header..whole.len() - 1).step_by(7).chain([whole.len() - 1]) {
            match decode(&whole[..keep]) {
                Err(ArtError::Truncated { format: f }) => {
                    assert_eq!(f, name);
                    cuts += 1;
                }
                // A cut inside the headers may be refused by the decoder's own check first.
                Err(ArtError::Decode(_)) if keep < 200 => {}
                other => panic!("{format:?} cut at {keep} of {}: {other:?}", whole.len()),
            }
        }
        assert!(cuts > 3, "{format:?}: {cuts}");
        let message = ArtError::Truncated { format: name.into() }.to_string();
        assert!(message.contains("ends early") && message.contains("bottom part"), "{message}");
    }
}

/// What the truncation check must not refuse: bytes after a JPEG's end (cameras append data),
/// an EXIF thumbnail whose own end marker comes before the main image's scan, GIF padding.
#[test]
fn complete_files_with_trailing_data_or_thumbnails_still_decode() {
    let (w, h) = (32u32, 16u32);
    let pixels: Vec<u8> = (0..w * h).map(|i| if i % w < 16 { 0 } else { 255 }).collect();
    let image = DynamicImage::ImageLuma8(image::GrayImage::from_raw(w, h, pixels).expect("buffer"));
    let jpeg = encode_as(&image, ImageFormat::Jpeg);
    let mut trailing = jpeg.clone();
    trailing.extend_from_slice(b"\x00\x00trailer written by a camera");
    decode(&trailing).expect("trailing bytes after the end marker are fine");

    // An APP1 segment holding a whole little JPEG (a thumbnail, with its own FF D9) ...
    let thumbnail =
        encode_as(&DynamicImage::ImageLuma8(image::GrayImage::new(8, 8)), ImageFormat::Jpeg);
    let mut payload = b"Exif\x00\x00".to_vec();
    payload.extend_from_slice(&thumbnail);
    let mut with_thumb = jpeg[..2].to_vec();
    with_thumb.extend_from_slice(&[0xFF, 0xE1]);
    with_thumb.extend_from_slice(&((payload.len() + 2) as u16).to_be_bytes());
    with_thumb.extend_from_slice(&payload);
    with_thumb.extend_from_slice(&jpeg[2..]);
    let g = decode(&with_thumb).expect("decodes");
    assert_eq!((g.width(), g.height()), (w, h));
    // ... does not make a cut main image pass for complete.
    let cut = &with_thumb[..with_thumb.len() - 20];
    assert!(matches!(decode(cut), Err(ArtError::Truncated { .. })), "{:?}", decode(cut));

    let mut gif = encode_as(&DynamicImage::ImageRgb8(image.to_rgb8()), ImageFormat::Gif);
    gif.extend_from_slice(&[0, 0, 0]);
    decode(&gif).expect("zero padding after the GIF trailer is fine");
}

/// An animated GIF gives its first frame (black), not a later one (white) nor a blend.
#[test]
fn animated_gif_gives_its_first_frame() {
    use image::codecs::gif::{GifEncoder, Repeat};
    use image::{Delay, Frame, RgbaImage};
    let mut bytes = Vec::new();
    {
        let mut encoder = GifEncoder::new(&mut bytes);
        encoder.set_repeat(Repeat::Infinite).expect("repeat");
        let black = RgbaImage::from_pixel(12, 10, image::Rgba([0, 0, 0, 255]));
        let white = RgbaImage::from_pixel(12, 10, image::Rgba([255, 255, 255, 255]));
        let delay = Delay::from_numer_denom_ms(100, 1);
        encoder
            .encode_frames([
                Frame::from_parts(black, 0, 0, delay),
                Frame::from_parts(white, 0, 0, delay),
            ])
            .expect("encodes");
    }
    let g = decode(&bytes).expect("decodes");
    assert_eq!((g.width(), g.height()), (12, 10));
    assert!(g.pixels().iter().all(|&p| p == 0), "{:?}", &g.pixels()[..12]);
}

/// A 16-bit RGB PNG: the full 16-bit range maps onto 0..=255 by value, not by its high byte
/// alone shifted wrong (a mid-grey 0x8080 is 128, pure red is Rec. 601's 76).
#[test]
fn sixteen_bit_rgb_png_decodes_by_value() {
    let samples: [u16; 9] = [65535, 0, 0, 0x8080, 0x8080, 0x8080, 65535, 65535, 65535];
    let bytes: Vec<u8> = samples.iter().flat_map(|v| v.to_be_bytes()).collect();
    let g = decode(&png_bytes(3, 1, &bytes, ExtendedColorType::Rgb16)).expect("decodes");
    assert_eq!(g.pixels(), &[76, 128, 255]);
}

/// A baseline JPEG with four components written like Photoshop's CMYK files (an Adobe APP14
/// segment, transform 0, ink stored inverted): 16x8, the left block no ink (white), the right
/// block full black ink. Hand-made, since the `image` encoder writes no CMYK: every block is flat,
/// so it holds only a DC coefficient (quantiser 1), with 4-bit DC codes and a 1-bit end-of-block.
fn cmyk_jpeg(left: [u8; 4], right: [u8; 4]) -> Vec<u8> {
    struct Bits {
        out: Vec<u8>,
        acc: u32,
        n: u32,
    }
    impl Bits {
        fn put(&mut self, value: u32, len: u32) {
            for i in (0..len).rev() {
                self.acc = (self.acc << 1) | ((value >> i) & 1);
                self.n += 1;
                if self.n == 8 {
                    let byte = self.acc as u8;
                    self.out.push(byte);
                    if byte == 0xFF {
                        self.out.push(0); // byte stuffing
                    }
                    self.acc = 0;
                    self.n = 0;
                }
            }
        }
    }
    let mut out = vec![0xFF, 0xD8];
    let segment = |out: &mut Vec<u8>, marker: u8, body: &[u8]| {
        out.extend_from_slice(&[0xFF, marker]);
        out.extend_from_slice(&((body.len() + 2) as u16).to_be_bytes());
        out.extend_from_slice(body);
    };
    segment(&mut out, 0xEE, b"Adobe\x00\x64\x00\x00\x00\x00\x00"); // version 100, transform 0
    let mut dqt = vec![0u8];
    dqt.extend_from_slice(&[1u8; 64]);
    segment(&mut out, 0xDB, &dqt);
    let mut sof = vec![8, 0, 8, 0, 16, 4];
    for id in 1..=4u8 {
        sof.extend_from_slice(&[id, 0x11, 0]);
    }
    segment(&mut out, 0xC0, &sof);
    // DC table: symbols 0..=11, all 4-bit codes (symbol k is code k); AC: end-of-block alone, code 0.
    let mut dht = vec![0x00, 0, 0, 0, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    dht.extend(0..12u8);
    dht.extend_from_slice(&[0x10, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x00]);
    segment(&mut out, 0xC4, &dht);
    let mut sos = vec![4];
    for id in 1..=4u8 {
        sos.extend_from_slice(&[id, 0x00]);
    }
    sos.extend_from_slice(&[0, 63, 0]);
    segment(&mut out, 0xDA, &sos);
    let mut bits = Bits { out: Vec::new(), acc: 0, n: 0 };
    let mut previous = [0i32; 4];
    for block in [left, right] {
        for (c, &stored) in block.iter().enumerate() {
            let dc = 8 * (i32::from(stored) - 128);
            let diff = dc - previous[c];
            previous[c] = dc;
            let size = 32 - diff.unsigned_abs().leading_zeros();
            bits.put(size, 4);
            if size > 0 {
                let v = if diff > 0 { diff } else { diff + (1 << size) - 1 };
                bits.put(v as u32, size);
            }
            bits.put(0, 1); // end of block
        }
    }
    if bits.n > 0 {
        bits.put(0x7F, 8 - bits.n); // pad with ones
    }
    out.extend_from_slice(&bits.out);
    out.extend_from_slice(&[0xFF, 0xD9]);
    out
}

#[test]
fn cmyk_jpeg_decodes_with_black_ink_dark_and_no_ink_white() {
    // Adobe stores ink inverted: 255 is no ink.
    let bytes = cmyk_jpeg([255, 255, 255, 255], [255, 255, 255, 0]);
    let g = decode(&bytes).expect("a CMYK JPEG decodes");
    assert_eq!((g.width(), g.height()), (16, 8));
    let (left, right) = (g.get(3, 4).expect("pixel"), g.get(12, 4).expect("pixel"));
    assert!(left > 230 && right < 25, "left (no ink) {left}, right (black ink) {right}");
    // Cyan ink alone is a mid grey (luma of (0, 255, 255) is 179), not black or white.
    let g = decode(&cmyk_jpeg([0, 255, 255, 255], [255, 255, 255, 255])).expect("decodes");
    let cyan = g.get(3, 4).expect("pixel");
    assert!((150..=210).contains(&cyan), "cyan {cyan}");
}
