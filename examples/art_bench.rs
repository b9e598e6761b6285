//! Benchmark: a 12-megapixel JPEG to a unique 40×40 nonogram (decode, downscale, translucent
//! squares, clues, verdict, minimal givens), natively.
//!
//! `cargo run --release --example art_bench [-- OUT.jpg]` writes the synthetic photo (4000×3000,
//! gradients, soft shapes and grain) to `OUT.jpg` (default `target/art_bench_12mp.jpg`) for the
//! browser benchmark, then runs the pipeline five times and prints the step timings.

use image::codecs::jpeg::JpegEncoder;
use image::{GrayImage, Luma};
use studio::art::rng::SplitMix64;
use studio::art::{pipeline, ArtOptions, Method, OptimizerConfig, PrepareOptions, UniqueMode};

fn photo(width: u32, height: u32) -> GrayImage {
    let mut rng = SplitMix64::new(12);
    let (w, h) = (f64::from(width), f64::from(height));
    let shapes: Vec<(f64, f64, f64, f64)> = (0..7)
        .map(|_| {
            (
                rng.unit() * w,
                rng.unit() * h,
                (0.08 + rng.unit() * 0.25) * w.min(h),
                rng.unit() * 255.0,
            )
        })
        .collect();
    GrayImage::from_fn(width, height, |x, y| {
        let (fx, fy) = (f64::from(x), f64::from(y));
        let mut v = 90.0 + 100.0 * (fx / w) - 40.0 * (fy / h);
        for &(cx, cy, r, tone) in &shapes {
            let dist = ((fx - cx).powi(2) + (fy - cy).powi(2)).sqrt();
            let inside = ((r - dist) / 20.0).clamp(0.0, 1.0);
            v = v * (1.0 - inside) + (tone + 25.0 * (fx * 0.01).sin()) * inside;
        }
        v += (rng.unit() - 0.5) * 30.0;
        Luma([v.round().clamp(0.0, 255.0) as u8])
    })
}

fn main() {
    let out = std::env::args().nth(1).unwrap_or_else(|| "target/art_bench_12mp.jpg".into());
    let img = photo(4000, 3000);
    let mut bytes = Vec::new();
    JpegEncoder::new_with_quality(&mut bytes, 85).encode_image(&img).expect("jpeg");
    std::fs::write(&out, &bytes).expect("write the JPEG");
    println!("wrote {out}: 4000x3000, {:.1} MB", bytes.len() as f64 / 1e6);
    let options = ArtOptions {
        prepare: PrepareOptions { width: 40, height: Some(40), crop: None, invert: false },
        method: Method::Translucent { config: OptimizerConfig::default() },
        unique: UniqueMode::Givens,
        budget: Default::default(),
        tone: Some(studio::art::tone::Tone::Plain),
    };
    for run in 1..=5 {
        let started = std::time::Instant::now();
        let mut first: Option<(f64, usize, f64)> = None;
        let r = pipeline::run_streaming(&bytes, &options, &mut |_| {}, &mut |r| {
            first.get_or_insert((
                started.elapsed().as_secs_f64() * 1000.0,
                r.givens.len(),
                r.givens_stats.reveal_ms,
            ));
            true
        })
        .expect("pipeline");
        if let Some((ms, givens, _)) = first {
            println!("run {run}: first unique puzzle at {ms:.0} ms ({givens} givens)");
        }
        let t = &r.timings;
        let q = r.quality.expect("translucent");
        println!(
            "run {run}: total {:.0} ms (decode {:.0}, prepare {:.0}, optimiser {:.0}, verdict {:.0}, givens {:.0}); objective {:.2} bound {:.2} gap {:.1}%; clues alone {}; {} givens ({} revealed, {} checks); final {}",
            t.total_ms, t.decode_ms, t.prepare_ms, t.method_ms, t.verdict_ms, t.givens_ms, q.objective, q.lower_bound, q.gap * 100.0,
            r.verdict.word(), r.givens.len(), r.givens_stats.revealed, r.givens_stats.checks, r.final_verdict
        );
    }
}
