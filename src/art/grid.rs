//! The cell grid of grey values that every conversion method works on.

use super::error::ArtError;
use serde::{Deserialize, Serialize};

/// A `width × height` grid of grey values in `0.0..=255.0` (0 = black), row-major.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GreyGrid {
    width: usize,
    height: usize,
    values: Vec<f32>,
}

impl GreyGrid {
    /// Wraps row-major values; fails if the length is not `width * height` or a side is zero.
    ///
    /// Values are clamped into `0.0..=255.0`; NaN becomes 255 (white).
    pub fn new(width: usize, height: usize, values: Vec<f32>) -> Result<GreyGrid, ArtError> {
        if width == 0 || height == 0 {
            return Err(ArtError::EmptyImage);
        }
        let expected = width.saturating_mul(height);
        if values.len() != expected {
            return Err(ArtError::SizeMismatch { expected, actual: values.len() });
        }
        let values = values
            .into_iter()
            .map(|v| if v.is_nan() { 255.0 } else { v.clamp(0.0, 255.0) })
            .collect();
        Ok(GreyGrid { width, height, values })
    }

    /// A grid where every cell has the same grey value.
    pub fn filled(width: usize, height: usize, value: f32) -> Result<GreyGrid, ArtError> {
        GreyGrid::new(width, height, vec![value; width.saturating_mul(height)])
    }

    /// Width in cells.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Height in cells.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Row-major grey values, 0 = black, 255 = white.
    pub fn values(&self) -> &[f32] {
        &self.values
    }

    /// The value at column `x`, row `y`, or `None` outside the grid.
    pub fn get(&self, x: usize, y: usize) -> Option<f32> {
        if x >= self.width || y >= self.height {
            return None;
        }
        self.values.get(y * self.width + x).copied()
    }

    /// Darkness of every cell, `(255 - v) / 255`, so 1 = black and 0 = white.
    pub fn darkness(&self) -> Vec<f32> {
        self.values.iter().map(|v| (255.0 - v) / 255.0).collect()
    }
}
