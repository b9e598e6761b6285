//! Image-processing core of Puzzle Studio: turn a picture into a puzzle board.
//!
//! Pipeline: [`decode`] a file into greyscale, [`prepare`] a grid of cell values by
//! exact area averaging, then either [`threshold`] it into black and white or choose a
//! board with the translucent-squares model ([`Problem`], [`Optimizer`]). Colour pictures:
//! [`colours`] (RGB decode, cells, k-means palette) and [`colour_art`] (the colour nonogram
//! with proven-unique givens).

pub mod adjust;
pub mod band;
pub mod bound;
pub mod colour_adjust;
pub mod colour_art;
pub mod colour_view;
pub mod colours;
pub mod controls;
pub mod crop;
pub mod decode;
pub mod error;
pub mod exact;
pub mod givens;
pub mod grid;
pub mod lagrange;
pub mod optimizer;
pub mod pipeline;
pub mod prepare;
pub mod rng;
pub mod threshold;
pub mod tone;
pub mod translucent;
pub mod view;

#[cfg(test)]
mod tests;

pub use bound::{block_bound, trivial_bound};
pub use decode::{decode, Gray, MAX_FILE_BYTES, MAX_PIXELS};
pub use error::ArtError;
pub use exact::{solve_exact, ExactSolution};
pub use givens::UniqueMode;
pub use grid::GreyGrid;
pub use lagrange::{strip_bound, StripBound};
pub use optimizer::{optimise, OptimiserProgress, Optimizer, OptimizerConfig, Solution};
pub use pipeline::{ArtOptions, ArtResult, ArtVerdict, Method};
pub use prepare::{grid_size, prepare, Crop, PrepareOptions};
pub use threshold::{otsu, otsu_histogram, threshold};
pub use translucent::{counts, shading, Problem};
