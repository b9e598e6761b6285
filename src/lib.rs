//! Puzzle Studio core: puzzle models, SAT encoders, solvers, independent checkers and formats.
//!
//! Nothing here depends on a web crate; the browser front end lives in [`web`] (wasm32 only).

pub mod error;
pub mod grid;
pub mod sat;

pub use error::{InputError, InputResult};
pub use grid::Grid;
