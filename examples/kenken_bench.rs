//! KenKen speed figures: generation and proven-unique solves of generated puzzles by size and level.
//!
//! `cargo run --release --example kenken_bench [COUNT]` prints, per size and level, the median
//! and slowest time to generate a puzzle and to solve it with proof of uniqueness.

use studio::kinds::kenken::KenKen;
use studio::puzzle::{Mode, Puzzle, Verdict};
use web_time::Instant;

fn median_max(mut v: Vec<f64>) -> (f64, f64) {
    v.sort_by(f64::total_cmp);
    (v[v.len() / 2], v[v.len() - 1])
}

fn main() {
    let count: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(20);
    for (size, level) in
        [(7, "hard"), (9, "easy"), (9, "medium"), (9, "hard"), (12, "medium"), (12, "hard")]
    {
        let (mut gen_ms, mut solve_ms, mut sat) = (Vec::new(), Vec::new(), 0);
        for seed in 1..=count {
            let options = studio::kinds::kenken::GenerateOptions {
                size: Some(size),
                difficulty: Some(level.into()),
            };
            let t = Instant::now();
            let p = KenKen::generate(&options, seed).expect("a puzzle");
            gen_ms.push(t.elapsed().as_secs_f64() * 1000.0);
            let t = Instant::now();
            let r = p.solve(Mode::Unique, None).expect("a report");
            solve_ms.push(t.elapsed().as_secs_f64() * 1000.0);
            assert_eq!(r.verdict, Verdict::Unique);
            sat += usize::from(r.stats.solves > 0);
        }
        let (gm, gx) = median_max(gen_ms);
        let (sm, sx) = median_max(solve_ms);
        println!("{size}x{size} {level:6}: generate median {gm:7.1} ms max {gx:7.1} ms | unique solve median {sm:6.2} ms max {sx:6.2} ms ({sat} of {count} needed SAT)");
    }
}
