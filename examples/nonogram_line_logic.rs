//! What watching line logic costs: the same solve unmonitored and with two monitors.
//!
//! `cargo run --release --example nonogram_line_logic [FILE] [REPS]` solves FILE (any text the
//! nonogram importer reads; by default the 200x200 random picture at 70% black from fastrand
//! seed 1 that the tests use, which line logic alone solves in some 6,600 line solves) REPS
//! times (default 30) in each of three ways, taking turns: no monitor; the worker's monitor
//! (250 ms interval); a monitor with interval 0, called every `WATCH_EVERY` line solves. It
//! prints the median and fastest time of each, in milliseconds, and the reports received.

use std::cell::Cell;
use std::rc::Rc;

use studio::grid::Grid;
use studio::kinds::import_as;
use studio::kinds::nonogram::clues_of;
use studio::kinds::nonogram::solve::solve;
use studio::kinds::nonogram::Nonogram;
use studio::puzzle::Mode;
use studio::sat::Monitor;
use web_time::Instant;

fn default_puzzle() -> Nonogram {
    let mut rng = fastrand::Rng::with_seed(1);
    let pic = Grid::from_cells(200, 200, (0..200 * 200).map(|_| rng.f32() < 0.7).collect())
        .expect("200 x 200 cells");
    let (rows, cols) = clues_of(&pic);
    Nonogram::new(rows, cols).expect("clues of a picture")
}

/// One solve's time in milliseconds, with a monitor at `interval` when given.
fn time_one(p: &Nonogram, interval: Option<f64>, reports: &Rc<Cell<u64>>) -> f64 {
    let monitor = interval.map(|ms| {
        let r = reports.clone();
        Monitor::new(ms, move |_| {
            r.set(r.get() + 1);
            true
        })
    });
    let started = Instant::now();
    let report = solve(p, Mode::First, monitor).expect("a solve");
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    assert!(!report.solutions.is_empty(), "an answer");
    ms
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let p = match args.get(1) {
        Some(file) => import_as::<Nonogram>(&std::fs::read_to_string(file).expect("a puzzle file"))
            .expect("a nonogram"),
        None => default_puzzle(),
    };
    let reps: usize = args.get(2).map_or(30, |n| n.parse().expect("a number of repetitions"));
    let ways =
        [("no monitor", None), ("monitor, 250 ms", Some(250.0)), ("monitor, 0 ms", Some(0.0))];
    let mut times = vec![Vec::new(); ways.len()];
    let reports: Vec<Rc<Cell<u64>>> = ways.iter().map(|_| Rc::default()).collect();
    for _ in 0..reps {
        for (i, (_, interval)) in ways.iter().enumerate() {
            times[i].push(time_one(&p, *interval, &reports[i]));
        }
    }
    for (i, (name, _)) in ways.iter().enumerate() {
        let t = &mut times[i];
        t.sort_by(f64::total_cmp);
        println!(
            "{name}: median {:.1} ms, fastest {:.1} ms, {} reports in {reps} solves",
            t[t.len() / 2],
            t[0],
            reports[i].get()
        );
    }
}
