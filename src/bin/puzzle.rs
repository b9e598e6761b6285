//! `puzzle`: the studio's command line for batch work and benchmarks.

#[cfg(not(target_arch = "wasm32"))]
#[path = "puzzle/explain.rs"]
mod explain;

#[cfg(not(target_arch = "wasm32"))]
#[path = "puzzle/cli.rs"]
mod cli;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    cli::main()
}

#[cfg(target_arch = "wasm32")]
fn main() {}
