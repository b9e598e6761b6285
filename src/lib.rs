//! Puzzle Studio core: puzzle models, SAT encoders, solvers, independent checkers and formats.
//!
//! Nothing here depends on a web crate; the browser front end lives in [`web`] (wasm32 only).

pub mod app_state;
pub mod art;
pub mod bench;
pub mod bench_chart;
pub mod board_lines;
pub mod clock;
pub mod deduce;
pub mod error;
pub mod fit;
pub mod grid;
pub mod hint;
pub mod jobs;
pub mod kind;
pub mod kinds;
pub mod library;
pub mod limits;
pub mod lines;
pub mod link;
pub mod marks;
pub mod marks_text;
pub mod play;
pub mod play_history;
pub mod portfolio;
pub mod puzzle;
pub mod puzzlink;
pub mod samples;
pub mod sat;
pub mod saved;
pub mod step;
pub mod thumbnail;
pub mod trial;
#[cfg(target_arch = "wasm32")]
pub mod web;
pub mod xml;

pub use error::{InputError, InputResult};
pub use grid::Grid;
