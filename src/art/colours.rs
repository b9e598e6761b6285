//! Colour pictures for the colour nonogram: decode keeping RGB, average onto cells, and reduce
//! to a few colours chosen by k-means in CIELAB, one of them (optionally) the background.
//!
//! The decode makes every check of [`super::decode`] (the same limits and errors); the cells are
//! the exact area averages of [`super::prepare`], channel by channel, in gamma-encoded sRGB; the
//! palette is chosen in CIELAB (perceptual distances, via the `palette` crate) by seeded k-means
//! (k-means++ seeding, then Lloyd's iterations), so the same picture and seed always give the
//! same palette.
//!
//! **Colour count.** `colours` counts every colour of the reduced picture, the background
//! included: 4 colours with the background on make a puzzle of 3 run colours on a background;
//! with the background off all 4 are run colours and the background (a colour the picture does
//! not use) stays empty.

use image::DynamicImage;
use palette::{FromColor, Lab, Srgb};
use serde::{Deserialize, Serialize};

use super::decode::{decode_dynamic, Gray};
use super::error::ArtError;
use super::prepare::{area_average, grid_size, resolve_crop, PrepareOptions};

/// Fewest colours a picture is reduced to (the background included).
pub const MIN_COLOURS: usize = 2;
/// Most colours a picture is reduced to (the background included).
pub const MAX_COLOURS: usize = 8;

/// An 8-bit sRGB picture as three planes (red, green, blue), alpha composited over white.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rgb {
    planes: [Gray; 3],
}

impl Rgb {
    /// Wraps row-major `[r, g, b]` pixels; fails if a side is zero or the count is not
    /// `width * height`.
    pub fn new(width: u32, height: u32, pixels: &[[u8; 3]]) -> Result<Rgb, ArtError> {
        let plane = |k: usize| Gray::new(width, height, pixels.iter().map(|p| p[k]).collect());
        Ok(Rgb { planes: [plane(0)?, plane(1)?, plane(2)?] })
    }

    /// Width in pixels.
    pub fn width(&self) -> u32 {
        self.planes[0].width()
    }

    /// Height in pixels.
    pub fn height(&self) -> u32 {
        self.planes[0].height()
    }

    /// The pixel at column `x`, row `y`, or `None` outside the image.
    pub fn get(&self, x: u32, y: u32) -> Option<[u8; 3]> {
        Some([self.planes[0].get(x, y)?, self.planes[1].get(x, y)?, self.planes[2].get(x, y)?])
    }
}

/// Decodes an image file into sRGB with every check of [`super::decode`] (size and format
/// limits, truncated files, EXIF orientation; alpha composited over white; animated files give
/// their first frame).
pub fn decode_rgb(bytes: &[u8]) -> Result<Rgb, ArtError> {
    let (image, orientation) = decode_dynamic(bytes)?;
    let rgba = image.into_rgba8();
    let (w, h) = rgba.dimensions();
    let mut rgb = image::RgbImage::new(w, h);
    for (out, px) in rgb.pixels_mut().zip(rgba.pixels()) {
        let a = u16::from(px[3]);
        let over = |c: u8| ((u16::from(c) * a + 255 * (255 - a) + 127) / 255) as u8;
        *out = image::Rgb([over(px[0]), over(px[1]), over(px[2])]);
    }
    drop(rgba);
    let mut oriented = DynamicImage::ImageRgb8(rgb);
    oriented.apply_orientation(orientation);
    let rgb = oriented.into_rgb8();
    let (w, h) = rgb.dimensions();
    let raw = rgb.into_raw();
    let plane = |k: usize| Gray::new(w, h, raw.iter().skip(k).step_by(3).copied().collect());
    Ok(Rgb { planes: [plane(0)?, plane(1)?, plane(2)?] })
}

/// A `width × height` grid of cell colours, sRGB components in `0.0..=255.0`, row-major.
#[derive(Debug, Clone, PartialEq)]
pub struct RgbGrid {
    width: usize,
    height: usize,
    cells: Vec<[f32; 3]>,
}

impl RgbGrid {
    /// Wraps row-major cells; fails if a side is zero or the count is not `width * height`.
    /// Components are clamped into `0.0..=255.0`; NaN becomes 255.
    pub fn new(width: usize, height: usize, cells: Vec<[f32; 3]>) -> Result<RgbGrid, ArtError> {
        if width == 0 || height == 0 {
            return Err(ArtError::EmptyImage);
        }
        if cells.len() != width * height {
            return Err(ArtError::SizeMismatch { expected: width * height, actual: cells.len() });
        }
        let fix = |v: f32| if v.is_nan() { 255.0 } else { v.clamp(0.0, 255.0) };
        Ok(RgbGrid { width, height, cells: cells.into_iter().map(|c| c.map(fix)).collect() })
    }

    /// Width in cells.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Height in cells.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Row-major cell colours.
    pub fn cells(&self) -> &[[f32; 3]] {
        &self.cells
    }
}

/// Crops and downscales `image` onto cells (the rules of [`super::prepare`]: grid size, crop,
/// exact area averages, per channel; `invert` takes each component's complement).
pub fn prepare_rgb(image: &Rgb, options: &PrepareOptions) -> Result<RgbGrid, ArtError> {
    let (w, h) = grid_size(image.width(), image.height(), options)?;
    let crop = resolve_crop(image.width(), image.height(), options.crop)?;
    let (w, h) = (w as usize, h as usize);
    let mut planes = Vec::with_capacity(3);
    for plane in &image.planes {
        planes.push(area_average(plane, crop, w, h)?);
    }
    let cells = (0..w * h)
        .map(|i| {
            let c = [planes[0][i], planes[1][i], planes[2][i]];
            if options.invert {
                c.map(|v| 255.0 - v)
            } else {
                c
            }
        })
        .collect();
    RgbGrid::new(w, h, cells)
}

/// Which colour becomes the background (palette index 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Background {
    /// The colour most common along the picture's border: the puzzle gets white space where
    /// the picture's surroundings were.
    #[default]
    Auto,
    /// None: every colour of the picture has runs; the background is a colour the picture does
    /// not use (white, else black, else grey) and no cell has it.
    None,
}

impl Background {
    /// The word used on the command line and in JSON.
    pub fn word(self) -> &'static str {
        match self {
            Background::Auto => "auto",
            Background::None => "none",
        }
    }
}

/// A picture reduced to a palette: index 0 the background, then the run colours, most cells
/// first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reduced {
    /// Width in cells.
    pub width: usize,
    /// Height in cells.
    pub height: usize,
    /// sRGB of each palette entry, the background first; no two alike.
    pub palette: Vec<[u8; 3]>,
    /// Each cell's palette index, row-major.
    pub cells: Vec<u8>,
    /// How many of the colours asked for were merged into another because the two were too
    /// alike to tell apart on a board ([`MIN_DELTA_E`]).
    pub merged: usize,
}

/// Two colours closer than this in CIELAB (ΔE*ab, CIE76) are one colour of the puzzle: k-means
/// splits a near-flat area (a night sky) into shades a player cannot tell apart on a board,
/// which makes a field of specks no rule can settle. 15 merged too much (two of five colours
/// of the cat photo at 24 wide); at 10 the cat keeps its colours up to 6 asked at 24 wide, and
/// every colour up to 8 at 30 and 60 wide.
pub const MIN_DELTA_E: f32 = 10.0;

/// Merges clusters closer than `min` (the closest pair first, each centre the mean of its
/// cells), returning the centres left, each point's new cluster and how many merges were made.
fn merge_close(
    centres: Vec<[f32; 3]>,
    assign: Vec<usize>,
    min: f32,
) -> (Vec<[f32; 3]>, Vec<usize>, usize) {
    let mut count = vec![0usize; centres.len()];
    for &a in &assign {
        count[a] += 1;
    }
    let mut centres = centres;
    let mut into: Vec<usize> = (0..centres.len()).collect();
    let mut merged = 0;
    loop {
        let live: Vec<usize> =
            (0..centres.len()).filter(|&k| into[k] == k && count[k] > 0).collect();
        let closest = live
            .iter()
            .enumerate()
            .flat_map(|(x, &i)| live[x + 1..].iter().map(move |&j| (i, j)))
            .map(|(i, j)| (distance2(&centres[i], &centres[j]), i, j))
            .min_by(|a, b| a.0.total_cmp(&b.0));
        let Some((d2, i, j)) = closest else { break };
        if d2 >= min * min {
            break;
        }
        let (ni, nj) = (count[i] as f32, count[j] as f32);
        for t in 0..3 {
            centres[i][t] = (centres[i][t] * ni + centres[j][t] * nj) / (ni + nj);
        }
        count[i] += count[j];
        count[j] = 0;
        for k in 0..into.len() {
            if into[k] == j {
                into[k] = i;
            }
        }
        merged += 1;
    }
    let keep: Vec<usize> = (0..centres.len()).filter(|&k| into[k] == k).collect();
    let new_index: Vec<usize> = (0..centres.len())
        .map(|k| keep.iter().position(|&q| q == into[k]).expect("kept"))
        .collect();
    let assign = assign.iter().map(|&a| new_index[a]).collect();
    (keep.iter().map(|&k| centres[k]).collect(), assign, merged)
}

/// CIELAB (D65) of an sRGB colour with components in `0..=255`.
pub fn lab_of(rgb: [f32; 3]) -> [f32; 3] {
    let lab = Lab::from_color(
        Srgb::new(rgb[0] / 255.0, rgb[1] / 255.0, rgb[2] / 255.0).into_linear::<f32>(),
    );
    [lab.l, lab.a, lab.b]
}

/// The nearest 8-bit sRGB colour of a CIELAB (D65) colour (clamped into the gamut).
pub fn rgb_of(lab: [f32; 3]) -> [u8; 3] {
    let lin: palette::LinSrgb<f32> = palette::LinSrgb::from_color(Lab::new(lab[0], lab[1], lab[2]));
    let s: Srgb<f32> = Srgb::from_linear(lin);
    [s.red, s.green, s.blue].map(|v| (v.clamp(0.0, 1.0) * 255.0).round() as u8)
}

fn distance2(a: &[f32; 3], b: &[f32; 3]) -> f32 {
    (a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)
}

fn nearest(p: &[f32; 3], centres: &[[f32; 3]]) -> usize {
    let mut best = (f32::INFINITY, 0);
    for (k, c) in centres.iter().enumerate() {
        let d = distance2(p, c);
        if d < best.0 {
            best = (d, k);
        }
    }
    best.1
}

/// Most Lloyd iterations of [`kmeans`].
pub const KMEANS_ITERATIONS: usize = 60;

/// k-means of `points` into at most `k` clusters: k-means++ seeding from `seed`, then Lloyd's
/// iterations until no point changes cluster (or [`KMEANS_ITERATIONS`]). Returns the centres
/// and each point's cluster; a cluster left empty is dropped. Deterministic for a seed.
pub fn kmeans(points: &[[f32; 3]], k: usize, seed: u64) -> (Vec<[f32; 3]>, Vec<usize>) {
    if points.is_empty() || k == 0 {
        return (Vec::new(), vec![0; points.len()]);
    }
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut centres = vec![points[rng.usize(..points.len())]];
    let mut d2: Vec<f32> = points.iter().map(|p| distance2(p, &centres[0])).collect();
    while centres.len() < k {
        let total: f64 = d2.iter().map(|&d| f64::from(d)).sum();
        if total <= 0.0 {
            break; // every point already sits on a centre
        }
        let mut pick = rng.f64() * total;
        let mut chosen = points.len() - 1;
        for (i, &d) in d2.iter().enumerate() {
            pick -= f64::from(d);
            if pick <= 0.0 && d > 0.0 {
                chosen = i;
                break;
            }
        }
        let c = points[chosen];
        centres.push(c);
        for (d, p) in d2.iter_mut().zip(points) {
            *d = d.min(distance2(p, &c));
        }
    }
    let mut assign: Vec<usize> = points.iter().map(|p| nearest(p, &centres)).collect();
    for _ in 0..KMEANS_ITERATIONS {
        let mut sums = vec![[0f64; 3]; centres.len()];
        let mut counts = vec![0usize; centres.len()];
        for (p, &a) in points.iter().zip(&assign) {
            counts[a] += 1;
            for j in 0..3 {
                sums[a][j] += f64::from(p[j]);
            }
        }
        for (k, c) in centres.iter_mut().enumerate() {
            if counts[k] > 0 {
                *c = sums[k].map(|s| (s / counts[k] as f64) as f32);
            }
        }
        let next: Vec<usize> = points.iter().map(|p| nearest(p, &centres)).collect();
        if next == assign {
            break;
        }
        assign = next;
    }
    // Drop empty clusters, renumbering the rest in order.
    let mut used = vec![false; centres.len()];
    for &a in &assign {
        used[a] = true;
    }
    let mut renumber = vec![0usize; centres.len()];
    let mut kept = Vec::new();
    for (k, c) in centres.into_iter().enumerate() {
        if used[k] {
            renumber[k] = kept.len();
            kept.push(c);
        }
    }
    (kept, assign.into_iter().map(|a| renumber[a]).collect())
}

/// k-means restarts [`best_kmeans`] makes.
pub const KMEANS_RESTARTS: u64 = 6;

/// The best of [`KMEANS_RESTARTS`] runs of [`kmeans`] (seeds `seed`, `seed + 1`, …): the one
/// with the least sum of squared distances to the centres (a small patch of a distinct colour
/// is then rarely lost to a mix of two others).
pub fn best_kmeans(points: &[[f32; 3]], k: usize, seed: u64) -> (Vec<[f32; 3]>, Vec<usize>) {
    let mut best: Option<(f64, (Vec<[f32; 3]>, Vec<usize>))> = None;
    for s in 0..KMEANS_RESTARTS {
        let (centres, assign) = kmeans(points, k, seed.wrapping_add(s));
        let cost: f64 =
            points.iter().zip(&assign).map(|(p, &a)| f64::from(distance2(p, &centres[a]))).sum();
        if best.as_ref().is_none_or(|b| cost < b.0) {
            best = Some((cost, (centres, assign)));
        }
    }
    best.map(|b| b.1).unwrap_or_default()
}

/// Reduces `grid` to `colours` colours (see the module documentation for what counts), the
/// background chosen by `background`. Fails for a colour count outside 2 to 8, and when the
/// picture has a single colour with the background on.
pub fn reduce(
    grid: &RgbGrid,
    colours: usize,
    background: Background,
    seed: u64,
) -> Result<Reduced, ArtError> {
    if !(MIN_COLOURS..=MAX_COLOURS).contains(&colours) {
        return Err(ArtError::InvalidSize {
            what: "colour count".to_string(),
            value: colours as u32,
            min: MIN_COLOURS as u32,
            max: MAX_COLOURS as u32,
        });
    }
    let (w, h) = (grid.width(), grid.height());
    let labs: Vec<[f32; 3]> = grid.cells().iter().map(|&c| lab_of(c)).collect();
    let (centres, assign) = best_kmeans(&labs, colours, seed);
    let (centres, assign, merged) = merge_close(centres, assign, MIN_DELTA_E);
    // Each cluster's colour as 8-bit sRGB; clusters rounding to the same colour are merged.
    let mut rgbs: Vec<[u8; 3]> = Vec::new();
    let mut to_rgb = vec![0usize; centres.len()];
    for (k, c) in centres.iter().enumerate() {
        let rgb = rgb_of(*c);
        to_rgb[k] = match rgbs.iter().position(|&r| r == rgb) {
            Some(j) => j,
            None => {
                rgbs.push(rgb);
                rgbs.len() - 1
            }
        };
    }
    let cluster: Vec<usize> = assign.iter().map(|&a| to_rgb[a]).collect();
    let mut count = vec![0usize; rgbs.len()];
    for &c in &cluster {
        count[c] += 1;
    }
    let background_cluster = match background {
        Background::Auto => {
            let mut border = vec![0usize; rgbs.len()];
            for (i, &c) in cluster.iter().enumerate() {
                let (r, col) = (i / w, i % w);
                if r == 0 || r + 1 == h || col == 0 || col + 1 == w {
                    border[c] += 1;
                }
            }
            // Most common on the border, then overall, then the lightest.
            (0..rgbs.len()).max_by_key(|&c| {
                (border[c], count[c], centres_lightness(&rgbs[c]), std::cmp::Reverse(c))
            })
        }
        Background::None => None,
    };
    // Run colours: most cells first.
    let mut order: Vec<usize> =
        (0..rgbs.len()).filter(|&c| Some(c) != background_cluster).collect();
    order.sort_by_key(|&c| (std::cmp::Reverse(count[c]), c));
    if order.is_empty() {
        return Err(ArtError::SingleColour);
    }
    let back_rgb = match background_cluster {
        Some(b) => rgbs[b],
        None => [[255, 255, 255], [0, 0, 0], [128, 128, 128]]
            .into_iter()
            .find(|c| !rgbs.contains(c))
            .unwrap_or([255, 255, 255]),
    };
    let mut index = vec![0u8; rgbs.len()];
    for (k, &c) in order.iter().enumerate() {
        index[c] = (k + 1) as u8;
    }
    let mut palette = vec![back_rgb];
    palette.extend(order.iter().map(|&c| rgbs[c]));
    let cells =
        cluster.iter().map(|&c| if Some(c) == background_cluster { 0 } else { index[c] }).collect();
    Ok(Reduced { width: w, height: h, palette, cells, merged })
}

/// A colour's lightness key for ties (the sum of its components).
fn centres_lightness(rgb: &[u8; 3]) -> u32 {
    rgb.iter().map(|&v| u32::from(v)).sum()
}
