//! What image tools do before a threshold, on the cell greys: a contrast stretch, local
//! contrast (an adaptive threshold), edge emphasis; each [`Tone`]'s thresholded picture as a
//! small preview, and the default chosen by likeness to the grey picture ([`ssim`]).
//!
//! Small pure functions on the grid of cells (at most 100x100): a box mean by summed areas and a
//! Gaussian blur of radius 3 cost well under a millisecond there.

use serde::{Deserialize, Serialize};

use super::grid::GreyGrid;
use super::threshold::{otsu, threshold};

/// A grey transform made before the threshold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Tone {
    /// The greys as they are.
    Plain,
    /// Percentile contrast stretch: the 2nd percentile becomes black, the 98th white.
    Stretch,
    /// Local contrast: each grey against the mean of its neighbourhood (a window about an eighth
    /// of the grid wide, at least 5 cells), as an adaptive mean threshold (Bradley's) does, half
    /// and half with the stretched picture so flat areas keep their tone.
    Local,
    /// Edge emphasis: an unsharp mask (the grey plus 1.5 times its difference from a Gaussian
    /// blur of sigma 1.5 cells), after the stretch.
    Edges,
}

impl Tone {
    /// Every tone, in the order the page shows them.
    pub const ALL: [Tone; 4] = [Tone::Plain, Tone::Stretch, Tone::Local, Tone::Edges];

    /// The word on the command line and in the page's value attributes.
    pub fn word(self) -> &'static str {
        match self {
            Tone::Plain => "plain",
            Tone::Stretch => "stretch",
            Tone::Local => "local",
            Tone::Edges => "edges",
        }
    }

    /// The tone a word names.
    pub fn parse(word: &str) -> Option<Tone> {
        Tone::ALL.into_iter().find(|t| t.word() == word.trim().to_ascii_lowercase())
    }

    /// The tone's name for a person.
    pub fn label(self) -> &'static str {
        match self {
            Tone::Plain => "Plain",
            Tone::Stretch => "Contrast stretch",
            Tone::Local => "Local contrast",
            Tone::Edges => "Sharper edges",
        }
    }
}

/// The greys of `grid` after `tone` (same size, values in 0..=255).
pub fn apply(grid: &GreyGrid, tone: Tone) -> GreyGrid {
    let (w, h) = (grid.width(), grid.height());
    let v = grid.values();
    let out = match tone {
        Tone::Plain => v.to_vec(),
        Tone::Stretch => stretch(v),
        Tone::Local => {
            let s = stretch(v);
            let r = (w.max(h) / 16).max(2);
            let mean = box_mean(&s, w, h, r);
            s.iter()
                .zip(&mean)
                .map(|(&g, &m)| (0.5 * g + 0.5 * (128.0 + 2.0 * (g - m))).clamp(0.0, 255.0))
                .collect()
        }
        Tone::Edges => {
            let s = stretch(v);
            let blur = gaussian(&s, w, h, 1.5);
            s.iter().zip(&blur).map(|(&g, &b)| (g + 1.5 * (g - b)).clamp(0.0, 255.0)).collect()
        }
    };
    GreyGrid::new(w, h, out).expect("same size as the grid")
}

/// Percentile contrast stretch: the 2nd percentile to 0, the 98th to 255 (nothing when they meet).
pub fn stretch(v: &[f32]) -> Vec<f32> {
    if v.is_empty() {
        return Vec::new();
    }
    let mut sorted = v.to_vec();
    sorted.sort_by(f32::total_cmp);
    let at = |p: f64| sorted[((sorted.len() - 1) as f64 * p).round() as usize];
    let (lo, hi) = (at(0.02), at(0.98));
    if hi - lo < 1.0 {
        return v.to_vec();
    }
    v.iter().map(|&g| ((g - lo) * 255.0 / (hi - lo)).clamp(0.0, 255.0)).collect()
}

/// The mean of each cell's window of radius `r` (clipped at the borders), by summed areas.
pub fn box_mean(v: &[f32], w: usize, h: usize, r: usize) -> Vec<f32> {
    let mut sum = vec![0f64; (w + 1) * (h + 1)];
    for y in 0..h {
        for x in 0..w {
            sum[(y + 1) * (w + 1) + x + 1] =
                f64::from(v[y * w + x]) + sum[y * (w + 1) + x + 1] + sum[(y + 1) * (w + 1) + x]
                    - sum[y * (w + 1) + x];
        }
    }
    let mut out = Vec::with_capacity(w * h);
    for y in 0..h {
        for x in 0..w {
            let (x0, x1, y0, y1) =
                (x.saturating_sub(r), (x + r + 1).min(w), y.saturating_sub(r), (y + r + 1).min(h));
            let s = sum[y1 * (w + 1) + x1] - sum[y0 * (w + 1) + x1] - sum[y1 * (w + 1) + x0]
                + sum[y0 * (w + 1) + x0];
            out.push((s / ((x1 - x0) * (y1 - y0)) as f64) as f32);
        }
    }
    out
}

/// A Gaussian blur of `sigma` cells (radius `3 sigma`, weights renormalised at the borders).
pub fn gaussian(v: &[f32], w: usize, h: usize, sigma: f32) -> Vec<f32> {
    let r = (3.0 * sigma).ceil() as i64;
    let k: Vec<f32> = (-r..=r).map(|d| (-(d * d) as f32 / (2.0 * sigma * sigma)).exp()).collect();
    let pass = |src: &[f32], horizontal: bool| -> Vec<f32> {
        let mut out = vec![0f32; w * h];
        for y in 0..h {
            for x in 0..w {
                let (mut s, mut n) = (0f32, 0f32);
                for (j, &kw) in k.iter().enumerate() {
                    let d = j as i64 - r;
                    let (xx, yy) = if horizontal {
                        (x as i64 + d, y as i64)
                    } else {
                        (x as i64, y as i64 + d)
                    };
                    if xx >= 0 && yy >= 0 && (xx as usize) < w && (yy as usize) < h {
                        s += kw * src[yy as usize * w + xx as usize];
                        n += kw;
                    }
                }
                out[y * w + x] = s / n;
            }
        }
        out
    };
    pass(&pass(v, true), false)
}

/// The mean structural similarity (SSIM, Wang et al. 2004) of two greyscale pictures of the same
/// size (`w` wide, values 0..=255): local means, variances and covariance under a Gaussian window
/// of sigma 1.5 (renormalised at the borders), `C1 = (0.01·255)²`, `C2 = (0.03·255)²`, averaged
/// over every cell. 1 for equal pictures; near 0 or below for unrelated or opposite ones.
pub fn ssim(a: &[f32], b: &[f32], w: usize) -> f64 {
    let h = a.len() / w.max(1);
    if a.len() != b.len() || a.is_empty() {
        return 0.0;
    }
    let (c1, c2) = ((0.01f32 * 255.0).powi(2), (0.03f32 * 255.0).powi(2));
    let blur = |v: &[f32]| gaussian(v, w, h, 1.5);
    let prod = |x: &[f32], y: &[f32]| x.iter().zip(y).map(|(p, q)| p * q).collect::<Vec<f32>>();
    let (ma, mb) = (blur(a), blur(b));
    let (aa, bb, ab) = (blur(&prod(a, a)), blur(&prod(b, b)), blur(&prod(a, b)));
    let mut total = 0f64;
    for i in 0..a.len() {
        let (va, vb, cov) = (aa[i] - ma[i] * ma[i], bb[i] - mb[i] * mb[i], ab[i] - ma[i] * mb[i]);
        let s = ((2.0 * ma[i] * mb[i] + c1) * (2.0 * cov + c2))
            / ((ma[i] * ma[i] + mb[i] * mb[i] + c1) * (va + vb + c2));
        total += f64::from(s);
    }
    total / a.len() as f64
}

/// The greys of a black-and-white picture: 0 for a filled cell, 255 for an empty one.
pub fn as_greys(picture: &[bool]) -> Vec<f32> {
    picture.iter().map(|&b| if b { 0.0 } else { 255.0 }).collect()
}

/// One tone's preview: its Otsu threshold, its thresholded picture and how much it looks like
/// the grey picture.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Preview {
    /// The tone.
    pub tone: Tone,
    /// Otsu's threshold of the toned greys.
    pub threshold: u16,
    /// The thresholded picture, row-major, one character a cell: `#` filled, `.` empty (a
    /// compact form for the worker's messages).
    pub picture: String,
    /// [`ssim`] of the picture against the grey picture before any tone.
    pub likeness: f64,
}

/// Every tone's preview of `grid`, in [`Tone::ALL`]'s order.
pub fn previews(grid: &GreyGrid) -> Vec<Preview> {
    Tone::ALL
        .into_iter()
        .map(|tone| {
            let g = apply(grid, tone);
            let t = otsu(&g);
            let picture = threshold(&g, t);
            let likeness = ssim(grid.values(), &as_greys(&picture), grid.width());
            Preview {
                tone,
                threshold: t,
                picture: picture.iter().map(|&b| if b { '#' } else { '.' }).collect(),
                likeness,
            }
        })
        .collect()
}

impl Preview {
    /// The picture's cells (row-major, true = filled).
    pub fn cells(&self) -> Vec<bool> {
        self.picture.chars().map(|c| c == '#').collect()
    }
}

/// The tone whose preview is most like the grey picture (the first on a tie).
pub fn most_like(previews: &[Preview]) -> Tone {
    previews
        .iter()
        .fold(None::<&Preview>, |best, p| match best {
            Some(b) if b.likeness >= p.likeness => Some(b),
            _ => Some(p),
        })
        .map_or(Tone::Plain, |p| p.tone)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ramp(w: usize, h: usize) -> GreyGrid {
        GreyGrid::new(
            w,
            h,
            (0..w * h)
                .map(|i| {
                    60.0 + 100.0 * ((i % w) as f32 / w as f32) + 20.0 * ((i / w) as f32 / h as f32)
                })
                .collect(),
        )
        .unwrap()
    }

    #[test]
    fn ssim_matches_known_values() {
        let w = 9;
        let x: Vec<f32> = (0..81).map(|i| ((i * 37) % 256) as f32).collect();
        // Equal pictures: 1.
        assert!((ssim(&x, &x, w) - 1.0).abs() < 1e-6);
        // Two flat pictures, black and white: only the luminance term, C1 / (255² + C1).
        let (black, white) = (vec![0f32; 81], vec![255f32; 81]);
        let c1 = (0.01f64 * 255.0).powi(2);
        assert!((ssim(&black, &white, w) - c1 / (255f64.powi(2) + c1)).abs() < 1e-6);
        // Flat greys 100 and 150: (2·100·150 + C1) / (100² + 150² + C1).
        let (a, b) = (vec![100f32; 81], vec![150f32; 81]);
        let want = (2.0 * 100.0 * 150.0 + c1) / (100f64.powi(2) + 150f64.powi(2) + c1);
        assert!((ssim(&a, &b, w) - want).abs() < 1e-3, "{} {want}", ssim(&a, &b, w));
        // A picture against its negative: structure reversed, below zero.
        let neg: Vec<f32> = x.iter().map(|v| 255.0 - v).collect();
        assert!(ssim(&x, &neg, w) < 0.0);
        // Noise lowers it, more noise lowers it more.
        let noisy = |amp: f32| {
            x.iter()
                .enumerate()
                .map(|(i, v)| (v + amp * (((i * 7919) % 13) as f32 - 6.0)).clamp(0.0, 255.0))
                .collect::<Vec<f32>>()
        };
        let (s1, s2) = (ssim(&x, &noisy(2.0), w), ssim(&x, &noisy(8.0), w));
        assert!(1.0 > s1 && s1 > s2, "{s1} {s2}");
    }

    #[test]
    fn the_stretch_maps_the_percentiles_to_black_and_white() {
        let v: Vec<f32> = (0..101).map(|i| 50.0 + i as f32).collect();
        let s = stretch(&v);
        assert_eq!(s[2], 0.0);
        assert_eq!(s[98], 255.0);
        assert!(s.windows(2).all(|p| p[0] <= p[1]));
        assert_eq!(stretch(&[7.0; 10]), vec![7.0; 10]);
    }

    #[test]
    fn box_mean_and_blur_keep_a_flat_picture_and_smooth_a_step() {
        let flat = vec![90f32; 6 * 5];
        assert!(box_mean(&flat, 6, 5, 2).iter().all(|&m| (m - 90.0).abs() < 1e-4));
        assert!(gaussian(&flat, 6, 5, 1.5).iter().all(|&m| (m - 90.0).abs() < 1e-3));
        let step: Vec<f32> = (0..8).map(|i| if i < 4 { 0.0 } else { 255.0 }).collect();
        let m = box_mean(&step, 8, 1, 1);
        assert_eq!(m[0], 0.0);
        assert!((m[3] - 85.0).abs() < 1e-3 && (m[4] - 170.0).abs() < 1e-3);
    }

    #[test]
    fn local_contrast_brings_out_a_faint_shape_in_a_ramp_and_the_default_is_the_most_like() {
        // A faint dark square on a strong left-to-right ramp: a global threshold splits the ramp,
        // local contrast finds the square.
        let (w, h) = (32, 32);
        let mut g = ramp(w, h).values().to_vec();
        for y in 12..20 {
            for x in 20..28 {
                g[y * w + x] -= 25.0;
            }
        }
        let grid = GreyGrid::new(w, h, g).unwrap();
        let ps = previews(&grid);
        assert_eq!(ps.iter().map(|p| p.tone).collect::<Vec<_>>(), Tone::ALL);
        let square = |p: &Preview| {
            let cells = p.cells();
            (12..20).flat_map(|y| (20..28).map(move |x| y * w + x)).filter(|&i| cells[i]).count()
        };
        let plain = &ps[0];
        let local = &ps[2];
        assert!(square(local) > 40, "local contrast fills most of the square: {}", square(local));
        assert!(
            square(plain) + 20 < square(local),
            "a global threshold fills less of it: {} against {}",
            square(plain),
            square(local)
        );
        let best = most_like(&ps);
        let top = ps.iter().map(|p| p.likeness).fold(f64::MIN, f64::max);
        assert_eq!(ps.iter().find(|p| p.tone == best).unwrap().likeness, top);
        assert_eq!(Tone::parse(" Local "), Some(Tone::Local));
        assert_eq!(Tone::parse("sepia"), None);
    }
}
