//! The error type shared by every step of the image-to-puzzle pipeline.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Everything that can go wrong while turning user input into a puzzle grid.
///
/// All variants carry enough detail for a message a user can act on; the
/// `Display` implementation produces that message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum ArtError {
    /// The file contained no bytes at all.
    EmptyFile,
    /// The file is larger than the accepted maximum.
    FileTooLarge {
        /// Size of the offered file in bytes.
        bytes: usize,
        /// Largest accepted size in bytes.
        max_bytes: usize,
    },
    /// The bytes are not a PNG, JPEG, GIF, WebP or BMP image.
    UnknownFormat,
    /// The image has more pixels than the accepted maximum.
    TooManyPixels {
        /// Width claimed by the file, in pixels.
        width: u32,
        /// Height claimed by the file, in pixels.
        height: u32,
        /// Largest accepted number of pixels.
        max_pixels: u64,
    },
    /// The image is wider or taller than the decoder accepts.
    SideTooLong {
        /// Largest accepted width or height, in pixels.
        max_side: u32,
    },
    /// The image claims a width or height of zero.
    EmptyImage,
    /// Decoding the image would need more memory than allowed.
    OutOfMemoryLimit,
    /// The file is damaged or uses a feature the decoder does not support.
    Decode(String),
    /// The file stops before its image data ends (a download or copy cut short): a decoder
    /// would draw only the top part, so it is refused.
    Truncated {
        /// The format the file claims ("PNG", "JPEG", "GIF", "WebP", "BMP").
        format: String,
    },
    /// A requested grid size is outside the accepted range.
    InvalidSize {
        /// Which dimension was wrong ("width" or "height").
        what: String,
        /// The value that was asked for.
        value: u32,
        /// Smallest accepted value.
        min: u32,
        /// Largest accepted value.
        max: u32,
    },
    /// A crop rectangle is empty or reaches outside the image.
    InvalidCrop(String),
    /// Data handed to a function does not match the stated width and height.
    SizeMismatch {
        /// Number of values expected (width × height).
        expected: usize,
        /// Number of values received.
        actual: usize,
    },
    /// The exact solver was asked to solve a grid that is too large for it.
    TooLargeForExact {
        /// Grid width in cells.
        width: usize,
        /// Grid height in cells.
        height: usize,
    },
    /// A colour picture reduced to a single colour: a colour nonogram needs a background and
    /// at least one colour of runs.
    SingleColour,
}

impl fmt::Display for ArtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArtError::EmptyFile => write!(f, "The file is empty."),
            ArtError::FileTooLarge { bytes, max_bytes } => write!(
                f,
                "The file is too large ({:.1} MB); the limit is {:.0} MB.",
                *bytes as f64 / 1e6,
                *max_bytes as f64 / 1e6
            ),
            ArtError::UnknownFormat => write!(
                f,
                "This file is not a supported image; use PNG, JPEG, GIF, WebP or BMP."
            ),
            ArtError::TooManyPixels {
                width,
                height,
                max_pixels,
            } => write!(
                f,
                "The image is {width}×{height} pixels ({:.1} megapixels); the limit is {:.0} megapixels.",
                f64::from(*width) * f64::from(*height) / 1e6,
                *max_pixels as f64 / 1e6
            ),
            ArtError::SideTooLong { max_side } => write!(
                f,
                "The image is wider or taller than {max_side} pixels, which is not supported."
            ),
            ArtError::EmptyImage => write!(f, "The image has no pixels."),
            ArtError::OutOfMemoryLimit => {
                write!(f, "The image would need too much memory to decode.")
            }
            ArtError::Truncated { format } => write!(
                f,
                "This {format} file ends early; the bottom part of the picture is missing. Save or download it again."
            ),
            ArtError::Decode(detail) => {
                write!(f, "The image could not be read; it may be damaged ({detail}).")
            }
            ArtError::InvalidSize {
                what,
                value,
                min,
                max,
            } => write!(
                f,
                "The grid {what} must be between {min} and {max} cells, not {value}."
            ),
            ArtError::InvalidCrop(detail) => write!(f, "The crop rectangle is not valid: {detail}."),
            ArtError::SizeMismatch { expected, actual } => write!(
                f,
                "Expected {expected} cell values for the grid size but got {actual}."
            ),
            ArtError::TooLargeForExact { width, height } => write!(
                f,
                "A {width}×{height} grid is too large for the exact solver (one side must be at most 6)."
            ),
            ArtError::SingleColour => write!(
                f,
                "The picture comes out as one colour only; a colour puzzle needs a background and at least one colour (try more colours, or the background off)."
            ),
        }
    }
}

impl std::error::Error for ArtError {}
