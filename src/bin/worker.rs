//! The solver worker's entry point (built by trunk from `index.html` as a Web Worker).

#[cfg(target_arch = "wasm32")]
fn main() {
    studio::web::worker::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the worker runs in a browser: build it with `trunk build` (see README.md)");
}
