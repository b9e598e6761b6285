//! Measures the memory a count takes per literal of the clauses it adds (issue 24, the basis of
//! `limits::BYTES_PER_COUNTED_LITERAL`): Star Battle boards of n rows as regions, one star (many
//! answers), counted up to K answers through the page's own path (`kinds::solve_text`), with a
//! counting allocator for the peak of live bytes.
//! `cargo run --release --example count_memory [K]`

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;
static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: forwards to the system allocator and only counts sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(l) };
        if !p.is_null() {
            let now = LIVE.fetch_add(l.size(), Ordering::Relaxed) + l.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        unsafe { System.dealloc(p, l) };
        LIVE.fetch_sub(l.size(), Ordering::Relaxed);
    }
}

#[global_allocator]
static A: Counting = Counting;

fn main() {
    let k: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(20_000);
    for n in [10usize, 15, 20, 25] {
        let regions: Vec<String> =
            (0..n).map(|i| std::iter::repeat_n(char::from(b'A' + i as u8), n).collect()).collect();
        let link = format!("starbattle/v1/{n}x{n}s1/{}", regions.concat());
        let (answer, literals) =
            studio::limits::encoding_size(studio::kinds::Kind::StarBattle, &link).expect("reads");
        let base = LIVE.load(Ordering::Relaxed);
        PEAK.store(base, Ordering::Relaxed);
        let t = std::time::Instant::now();
        let report = studio::kinds::solve_text(
            studio::kinds::Kind::StarBattle,
            &link,
            studio::puzzle::Mode::Count(k),
            "",
            None,
        )
        .expect("solves");
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        let peak = PEAK.load(Ordering::Relaxed) - base;
        let found = report.count.map(|c| c.0).unwrap_or(0);
        let per_lit = peak as f64 / (found as f64 * answer as f64);
        println!(
            "{n}x{n}: {found} answers counted in {ms:.0} ms, encoding {literals} literals, peak {:.1} MB, {per_lit:.2} bytes per counted literal, cap at 1 GiB: {}",
            peak as f64 / 1e6,
            studio::limits::count_cap(answer, literals)
        );
    }
}
