//! The solver worker's entry point (built by trunk from `index.html` as a Web Worker).

/// Reports a failed allocation to the page before the abort (issue 24: the page says "ran out of
/// memory" in words).
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: studio::web::worker::WatchedAllocator = studio::web::worker::WatchedAllocator;

#[cfg(target_arch = "wasm32")]
fn main() {
    studio::web::worker::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the worker runs in a browser: build it with `trunk build` (see README.md)");
}
