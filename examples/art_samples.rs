//! Draws the sample images of the Image-to-nonogram page into `static/samples/`.
//!
//! `cargo run --release --example art_samples` (re-run it after changing a drawing). The
//! pictures are drawn here from simple shapes, so the project owns every pixel.

use image::{GrayImage, Luma};

fn save(name: &str, img: &GrayImage) {
    let path = format!("static/samples/{name}.png");
    img.save(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    println!("wrote {path} ({}x{})", img.width(), img.height());
}

fn draw(w: u32, h: u32, f: impl Fn(f64, f64) -> f64) -> GrayImage {
    GrayImage::from_fn(w, h, |x, y| Luma([(f(f64::from(x) + 0.5, f64::from(y) + 0.5) * 255.0).round().clamp(0.0, 255.0) as u8]))
}

fn main() {
    std::fs::create_dir_all("static/samples").expect("static/samples");
    // A smiley: black ring, eyes and mouth on white.
    save(
        "smiley",
        &draw(300, 300, |x, y| {
            let (dx, dy) = (x - 150.0, y - 150.0);
            let r = (dx * dx + dy * dy).sqrt();
            let ring = (120.0..140.0).contains(&r);
            let eye = |cx: f64| ((x - cx).powi(2) + (y - 110.0).powi(2)).sqrt() < 18.0;
            let mouth = (70.0..88.0).contains(&r) && dy > 20.0;
            if ring || eye(105.0) || eye(195.0) || mouth {
                0.0
            } else {
                1.0
            }
        }),
    );
    // A house: roof, walls with a door and a window, and the ground.
    save(
        "house",
        &draw(320, 280, |x, y| {
            let roof = y >= 30.0 && y < 120.0 && (x - 160.0).abs() < (y - 30.0) * 1.4;
            let walls = (60.0..260.0).contains(&x) && (120.0..250.0).contains(&y);
            let door = (140.0..180.0).contains(&x) && (170.0..250.0).contains(&y);
            let window = (85.0..125.0).contains(&x) && (145.0..185.0).contains(&y);
            let chimney = (215.0..240.0).contains(&x) && (40.0..90.0).contains(&y);
            let ground = y >= 250.0;
            if door || window {
                1.0
            } else if roof || chimney || ground {
                0.0
            } else if walls {
                0.55
            } else {
                1.0
            }
        }),
    );
    // A sphere lit from the upper left, on a light background: a gradient for translucent squares.
    save(
        "sphere",
        &draw(300, 300, |x, y| {
            let (dx, dy) = ((x - 150.0) / 120.0, (y - 150.0) / 120.0);
            let d2 = dx * dx + dy * dy;
            if d2 > 1.0 {
                return 0.92;
            }
            let z = (1.0 - d2).sqrt();
            let (lx, ly, lz) = (-0.5f64, -0.6f64, 0.62f64);
            let norm = (lx * lx + ly * ly + lz * lz).sqrt();
            ((dx * lx + dy * ly + z * lz) / norm).max(0.0) * 0.9 + 0.05
        }),
    );
}
