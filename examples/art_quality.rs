//! Quality check of the translucent-squares optimiser on synthetic photo-like images.
//!
//! For 30×30 and 40×40 grids it runs the default optimiser and a 50× longer reference
//! (ten other seeds, each with five times the default annealing and kicks) and prints
//! objective, time, the proven lower bound and the distance to the best known objective.
//! Run with `cargo run --release --example quality [image files...]`; image files given
//! on the command line are decoded and measured too.

use std::time::Instant;
use studio::art::optimizer::{optimise, OptimizerConfig};
use studio::art::rng::SplitMix64;
use studio::art::{
    block_bound, decode, prepare, strip_bound, trivial_bound, Gray, PrepareOptions, Problem,
};

/// A deterministic photo-like picture: gradient background, a few soft shapes, grain.
fn synthetic_photo(seed: u64, width: u32, height: u32) -> Gray {
    let mut rng = SplitMix64::new(seed);
    let (w, h) = (f64::from(width), f64::from(height));
    let gx = rng.unit() * 2.0 - 1.0;
    let gy = rng.unit() * 2.0 - 1.0;
    let base = 60.0 + rng.unit() * 120.0;
    let shapes: Vec<(f64, f64, f64, f64, bool)> = (0..6)
        .map(|_| {
            (
                rng.unit() * w,
                rng.unit() * h,
                (0.08 + rng.unit() * 0.25) * w.min(h),
                rng.unit() * 255.0,
                rng.unit() < 0.5,
            )
        })
        .collect();
    let mut pixels = Vec::with_capacity((width * height) as usize);
    for y in 0..height {
        for x in 0..width {
            let (fx, fy) = (f64::from(x), f64::from(y));
            let mut v = base + 80.0 * (gx * fx / w + gy * fy / h);
            for &(cx, cy, r, tone, round) in &shapes {
                let inside = if round {
                    let dist = ((fx - cx).powi(2) + (fy - cy).powi(2)).sqrt();
                    (r - dist).clamp(-1.0, 1.0) * 0.5 + 0.5
                } else {
                    let dist = (fx - cx).abs().max((fy - cy).abs());
                    (r - dist).clamp(-1.0, 1.0) * 0.5 + 0.5
                };
                let shade = tone + 30.0 * ((fx * 0.05).sin() + (fy * 0.04).cos());
                v = v * (1.0 - inside) + shade * inside;
            }
            v += (rng.unit() - 0.5) * 40.0;
            pixels.push(v.round().clamp(0.0, 255.0) as u8);
        }
    }
    Gray::new(width, height, pixels).unwrap_or_else(|e| panic!("{e}"))
}

fn main() {
    let default = OptimizerConfig::default();
    println!("default config: {default:?}");
    println!("reference: best of 10 seeds with 5x sweeps, 5x kicks and 5x the work cap (50x the default work)");
    println!("     grid      image   default  time_ms  reference   ref_ms  excess%  block_lb   best_lb  lb_ms  trivial_lb  gap_to_lb%");
    let mut worst = 0.0f64;
    let mut cases: Vec<(String, u32, Gray)> = Vec::new();
    for &size in &[30u32, 40] {
        for image in 0..4u64 {
            cases.push((
                format!("synth{image}"),
                size,
                synthetic_photo(1000 + image, size * 8, size * 8),
            ));
        }
    }
    for path in std::env::args().skip(1) {
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let gray = decode(&bytes).unwrap_or_else(|e| panic!("{path}: {e}"));
        let name = path.rsplit('/').next().unwrap_or(&path).to_string();
        for size in [30u32, 40] {
            cases.push((name.clone(), size, gray.clone()));
        }
    }
    for (name, size, gray) in &cases {
        let grid = prepare(gray, &PrepareOptions::new(*size)).unwrap_or_else(|e| panic!("{e}"));
        let problem = Problem::from_grid(&grid);
        let t = Instant::now();
        let quick = optimise(&problem, default);
        let quick_ms = t.elapsed().as_secs_f64() * 1e3;
        let t = Instant::now();
        let mut reference = f64::INFINITY;
        for seed in 0..10u64 {
            let config = OptimizerConfig {
                seed: 77 + seed,
                sweeps: default.sweeps * 5,
                kicks_per_cell: default.kicks_per_cell * 5.0,
                work_per_cell: default.work_per_cell.saturating_mul(5),
                ..default
            };
            reference = reference.min(optimise(&problem, config).progress.best_objective);
        }
        let ref_ms = t.elapsed().as_secs_f64() * 1e3;
        let best_known = reference.min(quick.progress.best_objective);
        let excess = 100.0 * (quick.progress.best_objective - best_known) / best_known;
        worst = worst.max(excess);
        let t = Instant::now();
        let lb = block_bound(&problem).max(strip_bound(&problem, best_known, 300));
        let lb_ms = t.elapsed().as_secs_f64() * 1e3;
        println!(
            "{:>5}x{:<3} {name:>10}  {:>8.3}  {quick_ms:>7.1}  {best_known:>9.3}  {ref_ms:>7.0}  {excess:>7.3}  {:>8.3}  {lb:>8.3}  {lb_ms:>5.0}  {:>10.3}  {:>9.2}",
            grid.width(),
            grid.height(),
            quick.progress.best_objective,
            quick.progress.lower_bound,
            trivial_bound(&problem),
            100.0 * (best_known - lb) / best_known
        );
    }
    println!("worst excess of default over best known: {worst:.3}%");
}
