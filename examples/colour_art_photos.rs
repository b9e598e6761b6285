//! Benchmark of the image-to-colour-nonogram pipeline: for each photo, width and colour count,
//! the time to the first proven-unique colour puzzle (the quick answer; or the whole run when
//! the clues alone finish by line logic), the givens then and at the end, and whether the end
//! is proven unique (the colour solver's second solve) and minimal.
//!
//! Run: `cargo run --release --example colour_art_photos -- DIR [--widths 30,60,100] [--colours 3,6] [--cap 10] [--no-synthetic]`
//! (the photos of `../shared/bench/images/` are the reference set; nothing is copied). A
//! synthetic colour picture made here (shapes, a gradient and noise, 640x480) is added unless
//! `--no-synthetic` (`--write-synthetic PATH` also saves it, for the browser bench's `--extra`).

use std::time::Instant;

use image::codecs::png::PngEncoder;
use image::{ExtendedColorType, ImageEncoder};
use studio::art::colour_art::{self, ColourOptions};

fn arg<'a>(args: &'a [String], name: &str) -> Option<&'a str> {
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).map(String::as_str)
}

fn summary(label: &str, mut v: Vec<f64>) {
    if v.is_empty() {
        return;
    }
    v.sort_by(f64::total_cmp);
    let median = v[v.len() / 2];
    println!(
        "{label}: median {:.0} ms, max {:.0} ms, total {:.0} ms over {} cases",
        median,
        v[v.len() - 1],
        v.iter().sum::<f64>(),
        v.len()
    );
}

/// A 640x480 colour picture: a sky gradient, a sun, hills, a house, and pixel noise.
fn synthetic() -> Vec<u8> {
    let (w, h) = (640u32, 480u32);
    let mut rng = fastrand::Rng::with_seed(11);
    let mut px = Vec::with_capacity((w * h * 3) as usize);
    for y in 0..h {
        for x in 0..w {
            let (fx, fy) = (f64::from(x) / f64::from(w), f64::from(y) / f64::from(h));
            let hill = 0.62 + 0.08 * (fx * 9.0).sin();
            let mut c = if (fx - 0.78).powi(2) + (fy - 0.2).powi(2) < 0.008 {
                [250.0, 200.0, 40.0]
            } else if (0.2..0.42).contains(&fx) && (0.45..0.75).contains(&fy) {
                if (0.27..0.33).contains(&fx) && fy > 0.6 {
                    [90.0, 50.0, 20.0]
                } else {
                    [200.0, 60.0, 50.0]
                }
            } else if fy > hill {
                [60.0 + 40.0 * fy, 150.0 - 30.0 * fy, 60.0]
            } else {
                [120.0 + 100.0 * fy, 170.0 + 60.0 * fy, 240.0]
            };
            for v in &mut c {
                *v = (*v + f64::from(rng.i8(..)) / 8.0).clamp(0.0, 255.0);
            }
            px.extend(c.map(|v| v as u8));
        }
    }
    let mut out = Vec::new();
    PngEncoder::new(&mut out).write_image(&px, w, h, ExtendedColorType::Rgb8).expect("encode");
    out
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dir = args
        .first()
        .filter(|a| !a.starts_with("--"))
        .cloned()
        .unwrap_or_else(|| "../shared/bench/images".into());
    let widths: Vec<u32> = arg(&args, "--widths")
        .unwrap_or("30,60,100")
        .split(',')
        .filter_map(|w| w.parse().ok())
        .collect();
    let colours: Vec<usize> = arg(&args, "--colours")
        .unwrap_or("3,6")
        .split(',')
        .filter_map(|w| w.parse().ok())
        .collect();
    let cap: f64 = arg(&args, "--cap").and_then(|c| c.parse().ok()).unwrap_or(10.0);
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .expect("read the photo folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension().is_some_and(|e| {
                ["png", "jpg", "jpeg"].contains(&e.to_string_lossy().to_lowercase().as_str())
            })
        })
        .map(|p| {
            (
                p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(),
                std::fs::read(&p).expect("read the photo"),
            )
        })
        .collect();
    files.sort();
    if let Some(path) = arg(&args, "--write-synthetic") {
        std::fs::write(path, synthetic()).expect("write the synthetic picture");
    }
    if !args.iter().any(|a| a == "--no-synthetic") {
        files.push(("synthetic-landscape (made here)".into(), synthetic()));
    }
    println!("| photo | colours | width | cells | first unique (ms) | givens at first | end (ms) | givens | proven unique | proven minimal | undecided |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    let mut by: Vec<(String, Vec<f64>)> = Vec::new();
    let mut all_first = Vec::new();
    for &k in &colours {
        for &width in &widths {
            let mut firsts = Vec::new();
            for (name, bytes) in &files {
                let mut options = ColourOptions::new(width, k);
                options.budget.time_ms = Some(cap * 1000.0);
                let started = Instant::now();
                let mut first: Option<(f64, usize)> = None;
                let r = colour_art::run_streaming(bytes, &options, &mut |_| {}, &mut |r| {
                    first.get_or_insert((started.elapsed().as_secs_f64() * 1000.0, r.givens.len()));
                    true
                })
                .expect("pipeline");
                let end = started.elapsed().as_secs_f64() * 1000.0;
                let (first_ms, first_givens) = first.unwrap_or((end, r.givens.len()));
                firsts.push(first_ms);
                println!(
                    "| {name} | {k} | {width} | {}x{} | {first_ms:.0} | {first_givens} | {end:.0} | {} | {} | {} | {} |",
                    r.reduced.width,
                    r.reduced.height,
                    r.givens.len(),
                    if r.proven_unique { "yes" } else { "NO" },
                    if r.proven_minimal { "yes" } else { "no" },
                    r.undecided
                );
            }
            all_first.extend(firsts.iter().copied());
            by.push((format!("first unique, {k} colours, width {width}"), firsts));
        }
    }
    for (label, v) in by {
        summary(&label, v);
    }
    summary("first unique, all", all_first);
}
