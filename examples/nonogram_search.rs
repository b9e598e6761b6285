//! The nonogram search engines and seeds side by side on a benchmark file, per puzzle.
//!
//! `cargo run --release --example nonogram_search FILE SEARCH[:SEED][/plain],… [--unique]` solves
//! every puzzle of FILE (any collection `puzzle bench nonogram` reads) once per configuration
//! (`varisat`, `batsat` or `lines`, with an optional seed; `/plain` leaves the line implications
//! out), checks every answer, and prints per
//! configuration the total, median and slowest CPU-bound solve time, then the total of the
//! per-puzzle best over all configurations (what a portfolio of that many workers waits).
//! `--times OUT` also writes each puzzle's seconds per configuration, one tab-separated row per
//! puzzle, to weigh other subsets of the configurations as portfolios afterwards.

use studio::kinds::nonogram::formats::read_collection;
use studio::kinds::nonogram::solve::{solve_with, Search, SolveOptions};
use studio::puzzle::{Mode, Verdict};
use web_time::Instant;

fn parse(config: &str) -> SolveOptions {
    let (config, without_implications) = match config.strip_suffix("/plain") {
        Some(c) => (c, true),
        None => (config, false),
    };
    let (name, seed) = config.split_once(':').unwrap_or((config, "0"));
    let search = match name {
        "varisat" => Search::Varisat,
        "batsat" => Search::Batsat,
        "lines" => Search::Lines,
        other => panic!("unknown search {other}: varisat, batsat or lines"),
    };
    SolveOptions { search, seed: seed.parse().expect("a numeric seed"), without_implications }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).expect("a benchmark file");
    let configs: Vec<SolveOptions> = args[2].split(',').map(parse).collect();
    let mode = if args.iter().any(|a| a == "--unique") { Mode::Unique } else { Mode::First };
    let entries = read_collection(&text, &args[1]).expect("puzzles");
    let mut times = vec![Vec::new(); configs.len()];
    for e in &entries {
        for (c, &options) in configs.iter().enumerate() {
            let t = Instant::now();
            let r = solve_with(&e.puzzle, mode, options, None).expect("a report");
            times[c].push(t.elapsed().as_secs_f64());
            assert!(
                matches!(r.verdict, Verdict::Solved | Verdict::Unique | Verdict::Multiple),
                "{}: no answer",
                e.id
            );
        }
    }
    for (c, t) in times.iter().enumerate() {
        let mut s = t.clone();
        s.sort_by(f64::total_cmp);
        println!(
            "{:?}: total {:.2} s, median {:.1} ms, max {:.0} ms",
            configs[c],
            s.iter().sum::<f64>(),
            s[s.len() / 2] * 1e3,
            s[s.len() - 1] * 1e3
        );
    }
    if let Some(path) = args.iter().position(|a| a == "--times").and_then(|i| args.get(i + 1)) {
        let rows: Vec<String> = (0..entries.len())
            .map(|i| times.iter().map(|t| format!("{:.5}", t[i])).collect::<Vec<_>>().join("\t"))
            .collect();
        std::fs::write(path, rows.join("\n")).expect("write times");
    }
    let best: f64 =
        (0..entries.len()).map(|i| times.iter().map(|t| t[i]).fold(f64::INFINITY, f64::min)).sum();
    println!(
        "per-puzzle best of the {} configurations: total {best:.2} s over {} puzzles",
        configs.len(),
        entries.len()
    );
}
