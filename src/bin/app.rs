//! The page's entry point (built by trunk from `index.html`).

#[cfg(target_arch = "wasm32")]
fn main() {
    studio::web::start_app();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the app runs in a browser: build it with `trunk build` (see README.md)");
}
