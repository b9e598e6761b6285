//! Star Battle generation figures, and the hard benchmark set.
//!
//! `cargo run --release --example starbattle_bench [COUNT] [SIZES]` prints, per usual size and
//! level, the median and slowest time to generate a puzzle (seeds 1..=COUNT, default 3) and to
//! solve it with proof of uniqueness; a seed that finds nothing within 60 s is counted as failed.
//! SIZES picks sizes by side, comma-separated (`10,17`); by default all usual sizes. A third
//! argument picks levels (`logic,expert`), a fourth the time limit in seconds (default 60).
//!
//! `cargo run --release --example starbattle_bench hardset [COUNT]` prints the hard set
//! (`bench/starbattle/hard_17_21_25.txt`): for 17x17 with 4 stars, 21x21 with 5 and 25x25 with 6,
//! seeds 1..=COUNT (default 4) at `beyond` (needs search) and at `expert` (needs probing), as
//! KrazyDad lines with the answer and the seed, level and rating in the comment.
//!
//! `cargo run --example starbattle_bench testset SIZE STARS LEVELS COUNT` prints a set for the
//! tests (`tests/data/starbattle`): see [`testset`].

use studio::kinds::starbattle::generate::{self, Difficulty};
use studio::kinds::starbattle::{formats, StarBattle};
use studio::play::Playable;
use studio::puzzle::{Mode, Puzzle, Verdict};
use studio::sat::Monitor;
use web_time::Instant;

const USUAL: [(usize, usize); 9] =
    [(5, 1), (6, 1), (8, 1), (10, 2), (12, 2), (14, 3), (17, 4), (21, 5), (25, 6)];
const LIMIT_MS: f64 = 60_000.0;

fn median_max(mut v: Vec<f64>) -> (f64, f64) {
    if v.is_empty() {
        return (f64::NAN, f64::NAN);
    }
    v.sort_by(f64::total_cmp);
    (v[v.len() / 2], v[v.len() - 1])
}

fn make(
    size: usize,
    stars: usize,
    level: Difficulty,
    seed: u64,
    limit_ms: f64,
) -> Result<StarBattle, studio::puzzle::GenerateError> {
    let mut monitor = Monitor::new(250.0, move |p| p.elapsed_ms < limit_ms);
    generate::generate_level(size, stars, level, seed, Some(&mut monitor))
}

fn hardset(count: u64) {
    println!("# Hard Star Battle set made by `cargo run --release --example starbattle_bench hardset {count}` (see README.md beside this file)");
    for (size, stars) in [(17, 4), (21, 5), (25, 6)] {
        for level in [
            Difficulty::Beyond,
            Difficulty::Exactly(studio::kinds::starbattle::logic::CONTRADICTION),
        ] {
            for seed in 1..=count {
                let t = Instant::now();
                match make(size, stars, level, seed, LIMIT_MS) {
                    Ok(p) => {
                        let ms = t.elapsed().as_secs_f64() * 1000.0;
                        let r = p.solve(Mode::Unique, None).expect("a report");
                        assert_eq!(r.verdict, Verdict::Unique);
                        let answer: String = r.solutions[0]
                            .cells()
                            .iter()
                            .map(|&s| if s { '1' } else { '0' })
                            .collect();
                        println!(
                            "{size},{size},{stars},\"{}\",\"{answer}\" # sb{size}_{}_{seed} rating={} generated_ms={ms:.0}",
                            formats::region_rows(&p).concat(),
                            level.word(),
                            r.rating.clone().or_else(|| p.rate(&r.solutions[0])).unwrap_or_default().replace(' ', "_"),
                        );
                    }
                    Err(e) => eprintln!("{size}x{size} {} seed {seed}: {e}", level.word()),
                }
            }
        }
    }
}

/// `testset SIZE STARS LEVELS COUNT`: seeds 1..=COUNT at each level of LEVELS (comma-separated
/// words), the levels taking turns seed by seed, each puzzle proven unique and printed as a
/// KrazyDad line with its answer and `# sb<size>_<level>_<seed> rating=…` (no times, so the same
/// code prints the same set unless a generation hits the 60 s limit). The generated Star Battle
/// sets in `tests/data/starbattle` are made this way (see the README there).
fn testset(size: usize, stars: usize, levels: &[Difficulty], count: u64) {
    for seed in 1..=count {
        for &level in levels {
            match make(size, stars, level, seed, LIMIT_MS) {
                Ok(p) => {
                    let r = p.solve(Mode::Unique, None).expect("a report");
                    assert_eq!(r.verdict, Verdict::Unique);
                    let answer: String =
                        r.solutions[0].cells().iter().map(|&s| if s { '1' } else { '0' }).collect();
                    println!(
                        "{size},{size},{stars},\"{}\",\"{answer}\" # sb{size}_{}_{seed} rating={}",
                        formats::region_rows(&p).concat(),
                        level.word(),
                        r.rating
                            .clone()
                            .or_else(|| p.rate(&r.solutions[0]))
                            .unwrap_or_default()
                            .replace(' ', "_"),
                    );
                }
                Err(e) => eprintln!("{size}x{size} {} seed {seed}: {e}", level.word()),
            }
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("hardset") {
        hardset(args.get(1).and_then(|a| a.parse().ok()).unwrap_or(4));
        return;
    }
    if args.first().map(String::as_str) == Some("testset") {
        let number = |i: usize| args.get(i).and_then(|a| a.parse::<usize>().ok());
        let (Some(size), Some(stars), Some(levels), Some(count)) =
            (number(1), number(2), args.get(3), number(4))
        else {
            eprintln!("usage: starbattle_bench testset SIZE STARS LEVELS COUNT");
            return;
        };
        let levels: Option<Vec<Difficulty>> =
            levels.split(',').map(Difficulty::from_word).collect();
        let Some(levels) = levels else {
            eprintln!("unknown level in {}; use {}", args[3], Difficulty::WORDS);
            return;
        };
        testset(size, stars, &levels, count as u64);
        return;
    }
    let count: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(3);
    let sizes: Option<Vec<usize>> =
        args.get(1).map(|s| s.split(',').filter_map(|x| x.parse().ok()).collect());
    let words: Vec<String> = match args.get(2) {
        Some(w) => w.split(',').map(String::from).collect(),
        None => ["easy", "medium", "hard", "expert", "logic", "beyond", "any"]
            .map(String::from)
            .to_vec(),
    };
    let limit_ms = args.get(3).and_then(|a| a.parse::<f64>().ok()).map_or(LIMIT_MS, |s| s * 1000.0);
    for (size, stars) in USUAL {
        if sizes.as_ref().is_some_and(|s| !s.contains(&size)) {
            continue;
        }
        for word in words.iter().map(String::as_str) {
            if word == "easy" && stars > 1 {
                continue;
            }
            let Some(level) = Difficulty::from_word(word) else {
                eprintln!("unknown level {word}; use {}", Difficulty::WORDS);
                return;
            };
            let (mut gen_ms, mut solve_ms, mut failed) = (Vec::new(), Vec::new(), 0);
            for seed in 1..=count {
                let t = Instant::now();
                let Ok(p) = make(size, stars, level, seed, limit_ms) else {
                    failed += 1;
                    continue;
                };
                gen_ms.push(t.elapsed().as_secs_f64() * 1000.0);
                let t = Instant::now();
                let r = p.solve(Mode::Unique, None).expect("a report");
                solve_ms.push(t.elapsed().as_secs_f64() * 1000.0);
                assert_eq!(r.verdict, Verdict::Unique);
                assert!(level.accepts(generate::rating(&p)), "{size} {word} seed {seed}");
            }
            let (gm, gx) = median_max(gen_ms);
            let (sm, sx) = median_max(solve_ms);
            println!(
                "{size}x{size} {stars}* {word:6}: generate median {gm:8.1} ms max {gx:8.1} ms ({failed} of {count} not within {:.0} s) | unique solve median {sm:7.2} ms max {sx:7.2} ms",
                limit_ms / 1000.0
            );
        }
    }
}
