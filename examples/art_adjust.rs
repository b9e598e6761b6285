//! Benchmark of adjusting the picture (`--unique adjust`) on a folder of photos: for each photo,
//! width and level, whether a no-given puzzle the level's rules finish was reached, the cells
//! changed (count and fraction), the time, the rating and the SAT check; then medians and maxima.
//!
//! Run: `cargo run --release --example art_adjust -- DIR [--widths 20,30,40,60] [--levels easy,medium,hard] [--cap 10] [--method threshold|translucent] [--tone plain|stretch|local|edges|auto]`
//! (the photos of `../shared/bench/images/` are the reference set; nothing is copied).

use studio::art::adjust::Level;
use studio::art::givens::Budget;
use studio::art::{pipeline, ArtOptions, Method, OptimizerConfig, PrepareOptions, UniqueMode};

fn arg<'a>(args: &'a [String], name: &str) -> Option<&'a str> {
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).map(String::as_str)
}

fn summary(label: &str, mut v: Vec<f64>, unit: &str) {
    if v.is_empty() {
        return;
    }
    v.sort_by(f64::total_cmp);
    println!(
        "{label}: median {:.2}{unit}, max {:.2}{unit} over {} cases",
        v[v.len() / 2],
        v[v.len() - 1],
        v.len()
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dir = args
        .first()
        .filter(|a| !a.starts_with("--"))
        .cloned()
        .unwrap_or_else(|| "../shared/bench/images".into());
    let widths: Vec<u32> = arg(&args, "--widths")
        .unwrap_or("20,30,40,60")
        .split(',')
        .filter_map(|w| w.parse().ok())
        .collect();
    let levels: Vec<Level> =
        arg(&args, "--levels").unwrap_or("medium").split(',').filter_map(Level::parse).collect();
    // The tone before the threshold: plain by default (the earlier figures), auto as the page.
    let tone = match arg(&args, "--tone").unwrap_or("plain") {
        "auto" => None,
        word => Some(
            studio::art::tone::Tone::parse(word)
                .expect("--tone plain, stretch, local, edges or auto"),
        ),
    };
    let cap: f64 = arg(&args, "--cap").and_then(|c| c.parse().ok()).unwrap_or(10.0);
    let method = match arg(&args, "--method").unwrap_or("threshold") {
        "translucent" => Method::Translucent { config: OptimizerConfig::default() },
        _ => Method::Threshold { t: None },
    };
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
    println!("| photo | width×height | level | reached | changed | fraction | unknown left | rating | rules | adjust (ms) | total (ms) | SAT |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|");
    for &level in &levels {
        let (mut fractions, mut times, mut ok, mut all) = (Vec::new(), Vec::new(), 0, 0);
        for &width in &widths {
            for file in &files {
                let bytes = std::fs::read(file).expect("read the photo");
                let options = ArtOptions {
                    prepare: PrepareOptions { width, height: None, crop: None, invert: false },
                    method,
                    unique: UniqueMode::Adjust(level),
                    budget: Budget { time_ms: Some(cap * 1000.0), ..Budget::default() },
                    tone,
                };
                let r = pipeline::run(&bytes, &options, &mut |_| {}).expect("the pipeline runs");
                let a = r.adjust.clone().expect("adjust figures");
                all += 1;
                ok += usize::from(a.reached);
                if a.reached {
                    fractions.push(a.fraction * 100.0);
                }
                times.push(r.timings.total_ms);
                println!(
                    "| {} | {}×{} | {} | {} | {} | {:.2}% | {} | {} | {} | {:.0} | {:.0} | {} |",
                    file.file_name().unwrap().to_string_lossy(),
                    r.width,
                    r.height,
                    level.word(),
                    if a.reached { "yes" } else { "no" },
                    a.changed,
                    a.fraction * 100.0,
                    a.unknown,
                    a.rating.as_deref().unwrap_or("-"),
                    a.rules_words(),
                    a.ms,
                    r.timings.total_ms,
                    match (a.reached, a.sat_unique) {
                        (false, _) => "-",
                        (_, Some(true)) => "unique",
                        (_, Some(false)) => "SECOND ANSWER",
                        (_, None) => "undecided",
                    }
                );
            }
        }
        println!();
        println!("{}: reached {ok} of {all}", level.word());
        summary(&format!("{} cells changed (reached)", level.word()), fractions, "%");
        summary(&format!("{} total time", level.word()), times, " ms");
        println!();
    }
}
