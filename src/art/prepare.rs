//! Cropping and exact area-averaging downscale of a greyscale image onto the puzzle grid.

use super::decode::Gray;
use super::error::ArtError;
use super::grid::GreyGrid;
use serde::{Deserialize, Serialize};

/// Smallest accepted grid width, in cells.
pub const MIN_WIDTH: u32 = 5;
/// Smallest accepted grid height, in cells.
pub const MIN_HEIGHT: u32 = 1;
/// Largest accepted grid width or height, in cells.
pub const MAX_CELLS: u32 = 100;

/// A rectangle in source-image pixels (after EXIF orientation has been applied).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Crop {
    /// Left edge, in pixels from the left of the image.
    pub x: u32,
    /// Top edge, in pixels from the top of the image.
    pub y: u32,
    /// Width in pixels (at least 1).
    pub width: u32,
    /// Height in pixels (at least 1).
    pub height: u32,
}

/// How to turn an image into a grid of grey cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrepareOptions {
    /// Grid width in cells, `MIN_WIDTH..=MAX_CELLS`.
    pub width: u32,
    /// Grid height in cells, `MIN_HEIGHT..=MAX_CELLS`; `None` follows the aspect ratio of the
    /// (cropped) image: `round(width * crop_height / crop_width)`, clamped to `1..=100`.
    pub height: Option<u32>,
    /// Part of the image to use; `None` uses the whole image.
    pub crop: Option<Crop>,
    /// Swap black and white (`v -> 255 - v`) after averaging.
    pub invert: bool,
}

impl PrepareOptions {
    /// Options for a grid `width` cells wide, automatic height, no crop, no inversion.
    pub fn new(width: u32) -> PrepareOptions {
        PrepareOptions { width, height: None, crop: None, invert: false }
    }
}

/// Validates the crop rectangle (or takes the whole image) for an image of the given size.
pub fn resolve_crop(
    image_width: u32,
    image_height: u32,
    crop: Option<Crop>,
) -> Result<Crop, ArtError> {
    let Some(c) = crop else {
        return Ok(Crop { x: 0, y: 0, width: image_width, height: image_height });
    };
    if c.width == 0 || c.height == 0 {
        return Err(ArtError::InvalidCrop("it has no area".to_string()));
    }
    let right = c.x.checked_add(c.width);
    let bottom = c.y.checked_add(c.height);
    match (right, bottom) {
        (Some(r), Some(b)) if r <= image_width && b <= image_height => Ok(c),
        _ => Err(ArtError::InvalidCrop(format!(
            "{}×{} at ({}, {}) reaches outside the {}×{} image",
            c.width, c.height, c.x, c.y, image_width, image_height
        ))),
    }
}

/// The grid size `(width, height)` that [`prepare`] will produce for an image of the given size.
pub fn grid_size(
    image_width: u32,
    image_height: u32,
    options: &PrepareOptions,
) -> Result<(u32, u32), ArtError> {
    if !(MIN_WIDTH..=MAX_CELLS).contains(&options.width) {
        return Err(ArtError::InvalidSize {
            what: "width".to_string(),
            value: options.width,
            min: MIN_WIDTH,
            max: MAX_CELLS,
        });
    }
    let crop = resolve_crop(image_width, image_height, options.crop)?;
    let height = match options.height {
        Some(h) if (MIN_HEIGHT..=MAX_CELLS).contains(&h) => h,
        Some(h) => {
            return Err(ArtError::InvalidSize {
                what: "height".to_string(),
                value: h,
                min: MIN_HEIGHT,
                max: MAX_CELLS,
            })
        }
        None => {
            let h = f64::from(options.width) * f64::from(crop.height) / f64::from(crop.width);
            (h.round() as u32).clamp(MIN_HEIGHT, MAX_CELLS)
        }
    };
    Ok((options.width, height))
}

/// Crops and downscales `image` onto a grid of grey values (0 = black, 255 = white).
///
/// Every cell is the exact mean of the source pixels it covers: cell `j` of `n` spans
/// source coordinates `[j*s/n, (j+1)*s/n)` on an axis of length `s`, and a pixel that
/// straddles a cell edge contributes in proportion to the part it covers. The arithmetic
/// is done in integers (weights in units of `1/n` pixel), so it is exact up to the final
/// division. Enlarging (fewer source pixels than cells) uses the same rule and simply
/// repeats pixels. Cost is one pass over the cropped pixels.
pub fn prepare(image: &Gray, options: &PrepareOptions) -> Result<GreyGrid, ArtError> {
    let (w, h) = grid_size(image.width(), image.height(), options)?;
    let crop = resolve_crop(image.width(), image.height(), options.crop)?;
    let mut values = area_average(image, crop, w as usize, h as usize)?;
    if options.invert {
        for v in &mut values {
            *v = 255.0 - *v;
        }
    }
    GreyGrid::new(w as usize, h as usize, values)
}

/// The pixels one cell covers along one axis, with integer weights in units of `1/cells` pixel.
#[derive(Debug, Clone, Copy)]
struct Span {
    first: usize,
    last: usize,
    first_weight: u64,
    last_weight: u64,
}

/// Spans of `cells` equal cells over `length` source pixels starting at `offset`.
fn spans(offset: usize, length: usize, cells: usize) -> Vec<Span> {
    let (s, n) = (length as u64, cells as u64);
    (0..n)
        .map(|j| {
            let start = j * s; // in units of 1/n pixel
            let end = (j + 1) * s;
            let first = start / n;
            let last = (end - 1) / n;
            let (first_weight, last_weight) = if first == last {
                (end - start, 0)
            } else {
                ((first + 1) * n - start, end - last * n)
            };
            Span {
                first: offset + first as usize,
                last: offset + last as usize,
                first_weight,
                last_weight,
            }
        })
        .collect()
}

/// Weighted sum of one row segment over a span (weights in units of `1/cells` pixel).
fn span_sum(row: &[u8], span: &Span, interior_weight: u64) -> u64 {
    let at = |i: usize| u64::from(row.get(i).copied().unwrap_or(0));
    if span.first == span.last {
        return span.first_weight * at(span.first);
    }
    let interior: u64 = row
        .get(span.first + 1..span.last)
        .map(|s| s.iter().map(|&v| u32::from(v)).sum::<u32>())
        .map_or(0, u64::from);
    span.first_weight * at(span.first)
        + interior_weight * interior
        + span.last_weight * at(span.last)
}

/// Exact area average of the `crop` region of `image` onto `out_w × out_h` cells, row-major.
///
/// This is the resampling step of [`prepare`] without its grid-size rules: any
/// `out_w, out_h ≥ 1` and any crop inside the image. Separable and single-pass.
pub fn area_average(
    image: &Gray,
    crop: Crop,
    out_w: usize,
    out_h: usize,
) -> Result<Vec<f32>, ArtError> {
    let crop = resolve_crop(image.width(), image.height(), Some(crop))?;
    if out_w == 0 || out_h == 0 {
        return Err(ArtError::EmptyImage);
    }
    let stride = image.width() as usize;
    let xs = spans(crop.x as usize, crop.width as usize, out_w);
    let ys = spans(crop.y as usize, crop.height as usize, out_h);
    let norm = crop.width as f64 * crop.height as f64;
    let (nx, ny) = (out_w as u64, out_h as u64);
    let pixels = image.pixels();
    let mut out = Vec::with_capacity(out_w * out_h);
    let mut acc = vec![0u64; out_w];
    let add_row = |acc: &mut [u64], y: usize, weight: u64| -> Result<(), ArtError> {
        let row = pixels
            .get(y * stride..(y + 1) * stride)
            .ok_or(ArtError::SizeMismatch { expected: (y + 1) * stride, actual: pixels.len() })?;
        for (a, span) in acc.iter_mut().zip(&xs) {
            *a += weight * span_sum(row, span, nx);
        }
        Ok(())
    };
    for span in &ys {
        acc.iter_mut().for_each(|a| *a = 0);
        if span.first == span.last {
            add_row(&mut acc, span.first, span.first_weight)?;
        } else {
            add_row(&mut acc, span.first, span.first_weight)?;
            for y in span.first + 1..span.last {
                add_row(&mut acc, y, ny)?;
            }
            add_row(&mut acc, span.last, span.last_weight)?;
        }
        out.extend(acc.iter().map(|&a| (a as f64 / norm) as f32));
    }
    Ok(out)
}
