//! Star Battle: what reasoning a board needs where the hints stop (issue 40, item 2).
//!
//! `cargo run --release --example sb_cores FILE [--cores N] [--direct] [--local] [--pairs]`: for
//! each
//! puzzle of a collection, walks the hints from the empty grid (each step a fresh state with
//! the deeper contradictions, as `puzzle explain` does; `--direct` stops where the direct rules
//! do) to where they stop, then with SAT ([`cores::Cores`]) finds the open cells every answer
//! decides alike (the backbone), for each the smallest radius of units around it that already
//! forces it (printed as a count per radius), and for up to N (default 4) forced cells a
//! minimal set of rows, columns and regions that forces it: spread over the board, or with
//! `--local` the cells with the smallest radius. `--pairs`: every single unit and every pair of
//! units, alone, tried on the open cells of their union and its neighbours; prints how many
//! still-open cells such a small set forces. Findings in `docs/design-notes.md`.

use studio::deduce::{Found, Logic};
use studio::kinds::starbattle::cores::Cores;
use studio::kinds::starbattle::formats;
use studio::kinds::starbattle::logic::{Board, Cell, State, ALL, UNIONS};
use web_time::Instant;

/// The hints' walk to where it stops: the cells and the number of steps.
fn walk(board: &Board, direct: bool) -> (Vec<Cell>, usize) {
    let mut cells = board.start();
    let mut steps = 0;
    loop {
        let state = State::new(board, cells.clone(), false);
        let (mut state, upto) =
            if direct { (state, UNIONS) } else { (state.deep_contradictions(), ALL) };
        match state.find(upto) {
            Found::Deduction(d) => {
                state.apply(&d.changes);
                cells = state.cells;
                steps += 1;
            }
            Found::Nothing | Found::Broken { .. } => return (cells, steps),
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(file) = args.first() else {
        eprintln!("usage: sb_cores FILE [--cores N] [--direct] [--local]");
        std::process::exit(2);
    };
    let direct = args.iter().any(|a| a == "--direct");
    let local = args.iter().any(|a| a == "--local");
    let pairs = args.iter().any(|a| a == "--pairs");
    let max_cores: usize = args
        .iter()
        .position(|a| a == "--cores")
        .and_then(|p| args.get(p + 1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(4);
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| {
        eprintln!("{file}: {e}");
        std::process::exit(2)
    });
    let entries = formats::read_collection(&text, file).unwrap_or_else(|e| {
        eprintln!("{file}: {e}");
        std::process::exit(2)
    });
    for e in &entries {
        let board = Board::new(&e.puzzle);
        let n = board.n;
        let t = Instant::now();
        let (cells, steps) = walk(&board, direct);
        let known = cells.iter().filter(|&&c| c != Cell::Open).count();
        let walk_ms = t.elapsed().as_secs_f64() * 1e3;
        let Some(mut cores) = Cores::new(&board, &cells) else {
            println!("{}: {n}x{n}, no answer agrees with the stop", e.id);
            continue;
        };
        let forced = cores.backbone(&cells);
        let open = cells.iter().filter(|&&c| c == Cell::Open).count();
        println!(
            "{}: {n}x{n} k={} stop {known} of {} after {steps} steps ({walk_ms:.0} ms); open {open}, forced {} (stars {})",
            e.id,
            board.k,
            n * n,
            forced.len(),
            forced.iter().filter(|f| f.1).count()
        );
        if forced.is_empty() {
            continue;
        }
        if pairs {
            let t = Instant::now();
            let units = board.units.len();
            let (mut sets, mut hits) = (0, Vec::new());
            for u in 0..units {
                for v in u..units {
                    let on: Vec<usize> = if u == v { vec![u] } else { vec![u, v] };
                    let mut among: Vec<usize> = Vec::new();
                    for &w in &on {
                        for &j in &board.units[w] {
                            let (r, c) = (j / n, j % n);
                            for rr in r.saturating_sub(1)..=(r + 1).min(n - 1) {
                                for cc in c.saturating_sub(1)..=(c + 1).min(n - 1) {
                                    let m = rr * n + cc;
                                    if cells[m] == Cell::Open && !among.contains(&m) {
                                        among.push(m);
                                    }
                                }
                            }
                        }
                    }
                    sets += 1;
                    let found = cores.forced_by(&on, &among);
                    if !found.is_empty() {
                        let names: Vec<String> = on.iter().map(|&w| board.unit_name(w)).collect();
                        hits.push(format!("{} ({} cells)", names.join(" + "), found.len()));
                    }
                }
            }
            println!(
                "  single units and pairs: {sets} tried, {} force an open cell ({:.0} ms){}{}",
                hits.len(),
                t.elapsed().as_secs_f64() * 1e3,
                if hits.is_empty() { "" } else { ": " },
                hits.iter().take(8).cloned().collect::<Vec<_>>().join("; ")
            );
        }
        let mut by_radius = vec![0usize; n];
        let mut nearest: Vec<(usize, usize, bool)> = Vec::new();
        for &(i, star) in &forced {
            if let Some(rad) = cores.radius(i, star) {
                by_radius[rad] += 1;
                nearest.push((rad, i, star));
            }
        }
        nearest.sort_unstable();
        let hist: Vec<String> = by_radius
            .iter()
            .enumerate()
            .filter(|p| *p.1 > 0)
            .map(|(r, c)| format!("r{r}:{c}"))
            .collect();
        println!("  forced cells by the radius of units that forces them: {}", hist.join(" "));
        let chosen: Vec<(usize, bool)> = if local {
            nearest.iter().map(|&(_, i, s)| (i, s)).take(max_cores).collect()
        } else {
            let stride = (forced.len() / max_cores.max(1)).max(1);
            forced.iter().copied().step_by(stride).take(max_cores).collect()
        };
        for (i, star) in chosen {
            let t = Instant::now();
            let Some(core) = cores.core(i, star) else { continue };
            let (rows, cols, regs) = (
                core.iter().filter(|&&u| u < n).count(),
                core.iter().filter(|&&u| (n..2 * n).contains(&u)).count(),
                core.iter().filter(|&&u| u >= 2 * n).count(),
            );
            let mut covered = vec![false; n * n];
            for &u in &core {
                for &j in &board.units[u] {
                    covered[j] = true;
                }
            }
            let names: Vec<String> = core.iter().map(|&u| board.unit_name(u)).collect();
            println!(
                "  r{}c{} {}: {} units ({rows} rows, {cols} columns, {regs} regions), {} cells, {:.0} ms: {}",
                i / n + 1,
                i % n + 1,
                if star { "star" } else { "empty" },
                core.len(),
                covered.iter().filter(|&&c| c).count(),
                t.elapsed().as_secs_f64() * 1e3,
                names.join(", ")
            );
        }
    }
}
