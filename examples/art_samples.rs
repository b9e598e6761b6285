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
    GrayImage::from_fn(w, h, |x, y| {
        Luma([(f(f64::from(x) + 0.5, f64::from(y) + 0.5) * 255.0).round().clamp(0.0, 255.0) as u8])
    })
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
    // A house: roof, chimney, walls with a door and two windows, and the ground. The walls
    // are a dark grey and a light gap parts them from the roof, so at Otsu's threshold (the
    // page's default) the walls stay filled around a white door and windows, and translucent
    // squares still see the roof darker than the walls.
    save(
        "house",
        &draw(320, 280, |x, y| {
            let roof = (26.0..112.0).contains(&y) && (x - 160.0).abs() < (y - 26.0) * 1.5;
            let chimney = (215.0..242.0).contains(&x) && (34.0..90.0).contains(&y);
            let walls = (64.0..256.0).contains(&x) && (124.0..250.0).contains(&y);
            let door = (142.0..178.0).contains(&x) && (172.0..250.0).contains(&y);
            let window = |x0: f64| (x0..x0 + 38.0).contains(&x) && (146.0..190.0).contains(&y);
            let ground = y >= 250.0;
            if door || window(84.0) || window(198.0) {
                1.0
            } else if roof || chimney || ground {
                0.0
            } else if walls {
                0.3
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
