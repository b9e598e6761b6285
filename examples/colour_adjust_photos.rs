//! Benchmark of the colour adjust mode (`--unique adjust`): for each photo, width and colour
//! count, whether a no-given picture the coloured line logic finishes was reached, the cells
//! changed and their fraction, the line-logic runs, the time of the adjustment and of the whole
//! run, and the proofs (SAT "some cell differs" UNSAT; the colour solver's final verdict).
//!
//! Run: `cargo run --release --example colour_adjust_photos -- DIR [--widths 20,30,40] [--colours 3,6] [--budget 30]`
//! (the photos of `../shared/bench/images/` are the reference set). The goal checked at 30
//! wide: reached, at most 3% changed, under 10 s in all.

use std::time::Instant;

use studio::art::colour_art::{self, ColourOptions, ColourUnique};

fn arg<'a>(args: &'a [String], name: &str) -> Option<&'a str> {
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).map(String::as_str)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dir = args
        .first()
        .filter(|a| !a.starts_with("--"))
        .cloned()
        .unwrap_or_else(|| "../shared/bench/images".into());
    let widths: Vec<u32> = arg(&args, "--widths")
        .unwrap_or("20,30,40")
        .split(',')
        .filter_map(|w| w.parse().ok())
        .collect();
    let colours: Vec<usize> = arg(&args, "--colours")
        .unwrap_or("3,6")
        .split(',')
        .filter_map(|w| w.parse().ok())
        .collect();
    let budget: f64 = arg(&args, "--budget").and_then(|c| c.parse().ok()).unwrap_or(30.0);
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
    println!("| photo | colours | width | cells | reached | changed | fraction | runs | adjust (ms) | total (ms) | SAT unique | proven unique | goal at 30 |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    let (mut cases, mut reached, mut goal_cases, mut goal_met) = (0, 0, 0, 0);
    let mut totals = Vec::new();
    for &k in &colours {
        for &width in &widths {
            for (name, bytes) in &files {
                let mut options = ColourOptions::new(width, k);
                options.unique = ColourUnique::Adjust;
                options.budget.time_ms = Some(budget * 1000.0);
                let t = Instant::now();
                let r = match colour_art::run(bytes, &options, &mut |_| {}) {
                    Ok(r) => r,
                    Err(e) => {
                        println!("| {name} | {k} | {width} | | error: {e} | | | | | | | | |");
                        continue;
                    }
                };
                let total = t.elapsed().as_secs_f64() * 1000.0;
                totals.push(total);
                let a = r.adjust.clone().expect("adjust figures");
                cases += 1;
                reached += usize::from(a.reached);
                let goal = a.reached && a.fraction <= 0.03 && total < 10_000.0 && r.proven_unique;
                let goal_cell = if width == 30 {
                    goal_cases += 1;
                    goal_met += usize::from(goal);
                    if goal {
                        "yes"
                    } else {
                        "NO"
                    }
                } else {
                    ""
                };
                println!(
                    "| {name} | {k} | {width} | {} | {} | {} | {:.1}% | {} | {:.0} | {:.0} | {:?} | {} | {goal_cell} |",
                    r.reduced.width * r.reduced.height,
                    if a.reached { "yes" } else { "NO" },
                    a.changed,
                    a.fraction * 100.0,
                    a.runs,
                    a.ms,
                    total,
                    a.sat_unique,
                    r.proven_unique,
                );
            }
        }
    }
    totals.sort_by(f64::total_cmp);
    if let (Some(max), false) = (totals.last(), totals.is_empty()) {
        println!(
            "\nreached {reached} of {cases}; goal at 30 wide met {goal_met} of {goal_cases}; total time median {:.0} ms, max {:.0} ms, sum {:.0} ms",
            totals[totals.len() / 2],
            max,
            totals.iter().sum::<f64>()
        );
    }
}
