//! The tones before the threshold on a folder of photos: for each photo and width, every tone's
//! likeness to the grey picture (SSIM of its Otsu-thresholded picture), which one the page
//! takes by default, and the time to make the preview strip (all tones, their thresholds and
//! likeness); then the wins per tone and the strip's median and maximum time.
//!
//! Run: `cargo run --release --example art_tones -- [DIR] [--widths 30,60,100]`
//! (DIR defaults to the benchmark photos in `../shared/bench/images/`, beside the repository and
//! not part of it).

use studio::art::tone::{most_like, previews, Tone};
use studio::art::{decode, prepare, PrepareOptions};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dir = args
        .first()
        .filter(|a| !a.starts_with("--"))
        .cloned()
        .unwrap_or_else(|| "../shared/bench/images".into());
    let widths: Vec<u32> = args
        .iter()
        .position(|a| a == "--widths")
        .and_then(|i| args.get(i + 1))
        .map_or("30,60,100", String::as_str)
        .split(',')
        .filter_map(|w| w.parse().ok())
        .collect();
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("read the photo folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension().is_some_and(|e| {
                ["png", "jpg", "jpeg"].contains(&e.to_string_lossy().to_lowercase().as_str())
            })
        })
        .collect();
    files.sort();
    println!(
        "| photo | width | {} | default | strip (ms) |",
        Tone::ALL.map(|t| t.word()).join(" | ")
    );
    let mut wins = std::collections::BTreeMap::new();
    let mut times = Vec::new();
    for f in &files {
        let gray = decode(&std::fs::read(f).expect("read the photo")).expect("decode");
        for &w in &widths {
            let grid = prepare(&gray, &PrepareOptions::new(w)).expect("prepare");
            let mut runs = Vec::new();
            let mut ps = Vec::new();
            for _ in 0..5 {
                let t = std::time::Instant::now();
                ps = previews(&grid);
                runs.push(t.elapsed().as_secs_f64() * 1000.0);
            }
            runs.sort_by(f64::total_cmp);
            let ms = runs[runs.len() / 2];
            times.push(ms);
            let best = most_like(&ps);
            *wins.entry(best.word()).or_insert(0) += 1;
            let cols: Vec<String> = ps.iter().map(|p| format!("{:.3}", p.likeness)).collect();
            println!(
                "| {} | {w} | {} | {} | {ms:.2} |",
                f.file_name().unwrap().to_string_lossy(),
                cols.join(" | "),
                best.word()
            );
        }
    }
    times.sort_by(f64::total_cmp);
    println!("wins: {wins:?}");
    if !times.is_empty() {
        println!(
            "preview strip: median {:.2} ms, max {:.2} ms over {} cases",
            times[times.len() / 2],
            times[times.len() - 1],
            times.len()
        );
    }
}
