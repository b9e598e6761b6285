//! The translucent optimiser alone on a folder of photos: for each photo and width, its time,
//! objective and work (single-flip-proposal equivalents) with the default settings.
//!
//! `cargo run --release --example art_profile -- DIR [WIDTHS]` (default `30,40,75,100`);
//! `KPC=0.2,0.5` runs the listed kicks per cell instead of the default's. DIR defaults to the
//! benchmark photos in `../shared/bench/images/`, beside the repository and not part of it.
use std::time::Instant;
use studio::art::optimizer::{optimise, OptimizerConfig};
use studio::art::{decode, prepare, PrepareOptions, Problem};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dir = args.first().cloned().unwrap_or_else(|| "../shared/bench/images".into());
    let widths: Vec<u32> = args
        .get(1)
        .map(|s| s.split(',').filter_map(|w| w.parse().ok()).collect())
        .unwrap_or(vec![30, 40, 75, 100]);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "png" || e == "jpg"))
        .collect();
    files.sort();
    let d = OptimizerConfig::default();
    for file in &files {
        let gray = decode(&std::fs::read(file).unwrap()).unwrap();
        for &w in &widths {
            let grid = prepare(&gray, &PrepareOptions::new(w)).unwrap();
            let p = Problem::from_grid(&grid);
            let mut line = format!(
                "{:>20} {:>3}x{:<3}",
                file.file_name().unwrap().to_string_lossy(),
                grid.width(),
                grid.height()
            );
            let kpc: Vec<f64> = std::env::var("KPC")
                .unwrap_or(d.kicks_per_cell.to_string())
                .split(',')
                .filter_map(|v| v.parse().ok())
                .collect();
            for c in kpc.iter().map(|&k| OptimizerConfig { kicks_per_cell: k, ..d }) {
                let name = format!("k{}", c.kicks_per_cell);
                let t = Instant::now();
                let s = optimise(&p, c);
                line += &format!(
                    "  {name} {:>7.0}ms obj {:>9.2} work {:>11}",
                    t.elapsed().as_secs_f64() * 1e3,
                    s.progress.best_objective,
                    s.progress.work
                );
            }
            println!("{line}");
        }
    }
}
