//! Benchmark of the budgeted image pipeline on a folder of photos: for each photo, width and
//! method, the time to the first proven-unique puzzle, the time until its givens are proven
//! minimal (or how many are still undecided when the cap runs out), and the givens.
//!
//! Run: `cargo run --release --example art_photos -- DIR [--widths 30,40,50,75,100] [--cap 60] [--methods threshold,translucent]`
//! (the photos of `../shared/bench/images/` are the reference set; nothing is copied).

use std::time::Instant;

use studio::art::givens::Budget;
use studio::art::{pipeline, ArtOptions, Method, OptimizerConfig, PrepareOptions, UniqueMode};

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

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dir = args.first().cloned().unwrap_or_else(|| "../shared/bench/images".into());
    let widths: Vec<u32> = arg(&args, "--widths")
        .unwrap_or("30,40,50,75,100")
        .split(',')
        .filter_map(|w| w.parse().ok())
        .collect();
    let cap: f64 = arg(&args, "--cap").and_then(|c| c.parse().ok()).unwrap_or(60.0);
    let methods: Vec<&str> =
        arg(&args, "--methods").unwrap_or("threshold,translucent").split(',').collect();
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
    println!("| photo | method | width | first unique (ms) | of which decode+prepare/method/verdict/givens | givens at first | end (ms) | givens | proven minimal | undecided | gap |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    for method in &methods {
        let (mut firsts, mut minimal_times) = (Vec::new(), Vec::new());
        for file in &files {
            let bytes = std::fs::read(file).expect("read the photo");
            for &width in &widths {
                let m = match *method {
                    "translucent" => Method::Translucent { config: OptimizerConfig::default() },
                    _ => Method::Threshold { t: None },
                };
                let options = ArtOptions {
                    prepare: PrepareOptions::new(width),
                    method: m,
                    unique: UniqueMode::Givens,
                    budget: Budget { time_ms: Some(cap * 1000.0), ..Budget::default() },
                    tone: Some(studio::art::tone::Tone::Plain),
                };
                let started = Instant::now();
                let mut first: Option<(f64, usize)> = None;
                let mut split = String::from("-");
                let r = pipeline::run_streaming(&bytes, &options, &mut |_| {}, &mut |r| {
                    if first.is_none() {
                        let t = &r.timings;
                        split = format!(
                            "{:.0}/{:.0}/{:.0}/{:.0}",
                            t.decode_ms + t.prepare_ms,
                            t.method_ms,
                            t.verdict_ms,
                            t.givens_ms
                        );
                    }
                    first.get_or_insert((started.elapsed().as_secs_f64() * 1000.0, r.givens.len()));
                    true
                })
                .expect("pipeline");
                let end = started.elapsed().as_secs_f64() * 1000.0;
                // Unique without givens: the first unique puzzle is the result itself.
                let (first_ms, first_givens) = first.unwrap_or((end, r.givens.len()));
                firsts.push(first_ms);
                if r.proven_minimal {
                    minimal_times.push(end);
                }
                let gap = r
                    .quality
                    .map(|q| format!("{:.2}%", q.gap * 100.0))
                    .unwrap_or_else(|| "-".into());
                println!(
                    "| {} | {method} | {width} | {first_ms:.0} | {split} | {first_givens} | {end:.0} | {} | {} | {} | {gap} |",
                    file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(),
                    r.givens.len(),
                    if r.proven_minimal { "yes" } else { "no" },
                    r.undecided
                );
            }
        }
        summary(&format!("{method}: first unique"), firsts);
        summary(&format!("{method}: until proven minimal (proven cases only)"), minimal_times);
    }
}
