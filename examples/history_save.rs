//! What saving the Undo history costs per move (`play_history::encode` of 300 steps, as the
//! page does after every move), on boards of 225 to 40,000 cells: the first save, then a save
//! whose steps were written before. `cargo run --release --example history_save`
use std::rc::Rc;
use studio::play_history::{encode, History, STEPS};
fn main() {
    for &n in &[225usize, 2500, 10000, 40000] {
        let mut marks = vec![0u8; n];
        let mut undo = Vec::new();
        for s in 0..STEPS {
            undo.push(Rc::new(marks.clone()));
            marks[(s * 7919) % n] = 1;
            marks[(s * 104729) % n] = 2;
        }
        let h = History { undo, redo: Vec::new() };
        let t = std::time::Instant::now();
        let first = encode(&marks, &h, STEPS).len();
        println!("  first {:.2} ms ({first})", t.elapsed().as_secs_f64() * 1000.0);
        let t = std::time::Instant::now();
        let mut len = 0;
        for _ in 0..10 {
            len += encode(&marks, &h, STEPS).len();
        }
        println!(
            "{n} cells: {:.2} ms per encode, text {} chars",
            t.elapsed().as_secs_f64() * 100.0,
            len / 10
        );
    }
}
