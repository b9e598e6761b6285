//! Flood-It: are the beam searches' tails optimal? For each board of a file (one game ID or
//! ColorFill line a line), a beam search of WIDTH finds a solution; then, from its end backwards,
//! A* (at most BUDGET positions expanded each) looks for a shorter finish from the position after
//! each prefix, and takes it when found. Stops after three tails A* cannot settle.
//!
//! `cargo run --release --example floodit_tails FILE [WIDTH] [BUDGET]` (defaults 512, 200000).
//! Measured on `bench/floodit/tatham_30x30c8_10.txt`: docs/design-notes.md ("Flood-It on big
//! boards").

use studio::kinds::floodit::{formats, graph::Graph, optimum, search};
use web_time::Instant;
fn after(g: &Graph, f0: &[u64], moves: &[u8]) -> Vec<u64> {
    let mut f = f0.to_vec();
    for &m in moves {
        let n = search::frontier(g, &f);
        let col = g.colour_set(m as usize);
        for i in 0..g.words {
            f[i] |= col[i] & n[i];
        }
    }
    f
}
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let width: usize = std::env::args().nth(2).map(|s| s.parse().unwrap()).unwrap_or(512);
    let budget: u64 = std::env::args().nth(3).map(|s| s.parse().unwrap()).unwrap_or(200_000);
    let text = std::fs::read_to_string(path).unwrap();
    for (bi, line) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        let b = formats::import(line).unwrap().puzzle;
        let g = Graph::of(&b);
        let f0 = optimum::flood_after_played(&b, &g);
        let t = Instant::now();
        let mut best = search::beam(&g, &f0, width, &mut || true).unwrap();
        let start_len = best.len();
        let tb = t.elapsed().as_secs_f64();
        // Tail improvement: from the end backwards, A* on the rest with a node budget.
        let mut i = best.len();
        let mut fails = 0;
        let mut settled = 0;
        while i > 0 {
            i -= 1;
            let f = after(&g, &f0, &best[..i]);
            let rest = (best.len() - i) as u32;
            let r = search::astar(&g, &f, 2_000_000, rest, &mut |w, _| {
                if w > budget {
                    None
                } else {
                    Some(rest)
                }
            });
            match r {
                Ok(search::Exact::Found(m, _)) if (m.len() as u32) < rest => {
                    let mut nb = best[..i].to_vec();
                    nb.extend(m);
                    best = nb;
                    fails = 0;
                    eprintln!("  board {} improved at {} -> {}", bi + 1, i, best.len());
                }
                Ok(search::Exact::Found(..) | search::Exact::NothingBelow(..)) => settled += 1,
                Ok(search::Exact::Full(..)) | Err(_) => {
                    fails += 1;
                    if fails >= 3 {
                        break;
                    }
                }
            }
        }
        println!(
            "board {}: beam {width}: {start_len} moves ({tb:.1} s); after the exact tails: {} moves ({settled} finishes proven optimal, down to move {i}); {:.1} s in all",
            bi + 1,
            best.len(),
            t.elapsed().as_secs_f64()
        );
    }
}
