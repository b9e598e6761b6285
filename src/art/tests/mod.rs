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

// Decoding: formats, limits, EXIF orientation, damaged, truncated and odd files.
mod decoding;
// Preparation: area averaging, crops, sizes.
mod preparing;
// Threshold and translucent squares: the objective, the exact and band solvers, the optimiser.
mod translucent_squares;
