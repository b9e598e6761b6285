//! Crop by dragging: pure geometry for the page (pointer position to image pixels, the
//! dragged rectangle clamped to the image, an optional aspect-ratio lock), tested natively.

use super::Crop;

/// The image pixel under a pointer at `(px, py)` in an element showing the image scaled to
/// `shown` (CSS pixels), for an image of `image` pixels; clamped into the image (a drag may
/// leave the picture). Non-finite or degenerate sizes give the origin.
pub fn to_image(px: f64, py: f64, shown: (f64, f64), image: (u32, u32)) -> (f64, f64) {
    let (sw, sh) = shown;
    let (iw, ih) = (f64::from(image.0), f64::from(image.1));
    if !(sw.is_finite()
        && sh.is_finite()
        && sw > 0.0
        && sh > 0.0
        && px.is_finite()
        && py.is_finite())
    {
        return (0.0, 0.0);
    }
    ((px / sw * iw).clamp(0.0, iw), (py / sh * ih).clamp(0.0, ih))
}

/// The crop dragged from `start` to `end` (image pixels, as from [`to_image`]), whole pixels
/// inside the image and at least 1×1. With `aspect` (width / height) the rectangle keeps the
/// start corner and takes the largest size of that ratio within the dragged extent and the
/// image. `None` for an image with no pixels.
pub fn drag_crop(
    start: (f64, f64),
    end: (f64, f64),
    image: (u32, u32),
    aspect: Option<f64>,
) -> Option<Crop> {
    let (iw, ih) = (f64::from(image.0), f64::from(image.1));
    if image.0 == 0 || image.1 == 0 {
        return None;
    }
    let clamp = |(x, y): (f64, f64)| (x.clamp(0.0, iw), y.clamp(0.0, ih));
    let (sx, sy) = clamp(start);
    let (ex, ey) = clamp(end);
    let (dx, dy) = (if ex >= sx { 1.0 } else { -1.0 }, if ey >= sy { 1.0 } else { -1.0 });
    // Room from the start corner towards the drag, inside the image.
    let room_w = if dx > 0.0 { iw - sx } else { sx };
    let room_h = if dy > 0.0 { ih - sy } else { sy };
    let (mut w, mut h) = ((ex - sx).abs(), (ey - sy).abs());
    if let Some(a) = aspect.filter(|a| a.is_finite() && *a > 0.0) {
        // The larger side of the drag decides; then fit inside the room.
        if w / a >= h {
            h = w / a;
        } else {
            w = h * a;
        }
        let fit = (room_w / w.max(1e-9)).min(room_h / h.max(1e-9)).min(1.0);
        w *= fit;
        h *= fit;
    }
    let (x0, x1) = if dx > 0.0 { (sx, sx + w) } else { (sx - w, sx) };
    let (y0, y1) = if dy > 0.0 { (sy, sy + h) } else { (sy - h, sy) };
    let left = (x0.round().max(0.0) as u32).min(image.0 - 1);
    let top = (y0.round().max(0.0) as u32).min(image.1 - 1);
    let right = (x1.round() as u32).clamp(left + 1, image.0);
    let bottom = (y1.round() as u32).clamp(top + 1, image.1);
    Some(Crop { x: left, y: top, width: right - left, height: bottom - top })
}

/// Where to draw `crop` over the shown picture, as percentages of its size: left, top,
/// width, height.
pub fn overlay_percent(crop: &Crop, image: (u32, u32)) -> (f64, f64, f64, f64) {
    let (iw, ih) = (f64::from(image.0.max(1)), f64::from(image.1.max(1)));
    (
        100.0 * f64::from(crop.x) / iw,
        100.0 * f64::from(crop.y) / ih,
        100.0 * f64::from(crop.width) / iw,
        100.0 * f64::from(crop.height) / ih,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointer_positions_scale_and_clamp_into_the_image() {
        assert_eq!(to_image(50.0, 25.0, (200.0, 100.0), (800, 400)), (200.0, 100.0));
        assert_eq!(to_image(-10.0, 500.0, (200.0, 100.0), (800, 400)), (0.0, 400.0));
        assert_eq!(to_image(5.0, 5.0, (0.0, 100.0), (800, 400)), (0.0, 0.0));
        assert_eq!(to_image(f64::NAN, 5.0, (10.0, 100.0), (800, 400)), (0.0, 0.0));
    }

    #[test]
    fn a_drag_in_any_direction_gives_the_same_rectangle_inside_the_image() {
        let a = drag_crop((10.0, 20.0), (110.0, 70.0), (200, 100), None).unwrap();
        let b = drag_crop((110.0, 70.0), (10.0, 20.0), (200, 100), None).unwrap();
        assert_eq!(a, Crop { x: 10, y: 20, width: 100, height: 50 });
        assert_eq!(a, b);
        // Beyond the edges: clamped.
        assert_eq!(
            drag_crop((150.0, 50.0), (900.0, -30.0), (200, 100), None).unwrap(),
            Crop { x: 150, y: 0, width: 50, height: 50 }
        );
        // A click is a 1x1 crop, even at the far edge.
        assert_eq!(
            drag_crop((200.0, 100.0), (200.0, 100.0), (200, 100), None).unwrap(),
            Crop { x: 199, y: 99, width: 1, height: 1 }
        );
        assert_eq!(drag_crop((0.0, 0.0), (5.0, 5.0), (0, 10), None), None);
    }

    #[test]
    fn the_aspect_lock_keeps_the_ratio_and_the_start_corner_and_fits_the_image() {
        // 2:1 lock, a drag that is taller than wide: the height decides.
        let c = drag_crop((10.0, 10.0), (30.0, 60.0), (400, 300), Some(2.0)).unwrap();
        assert_eq!(c, Crop { x: 10, y: 10, width: 100, height: 50 });
        // Square lock dragged up-left from near the corner: fits in the room left.
        let c = drag_crop((50.0, 80.0), (0.0, 0.0), (400, 300), Some(1.0)).unwrap();
        assert_eq!((c.x + c.width, c.y + c.height), (50, 80));
        assert_eq!(c.width, c.height);
        assert_eq!(c.width, 50);
        // Never outside the image, whatever the lock.
        for (a, end) in [(0.25, (399.0, 1.0)), (4.0, (399.0, 299.0)), (1.0, (-50.0, 400.0))] {
            let c = drag_crop((200.0, 150.0), end, (400, 300), Some(a)).unwrap();
            assert!(c.x + c.width <= 400 && c.y + c.height <= 300, "{a}: {c:?}");
            let ratio = f64::from(c.width) / f64::from(c.height);
            assert!((ratio - a).abs() / a < 0.05, "{a}: ratio {ratio}");
        }
    }

    #[test]
    fn the_overlay_is_in_percent_of_the_picture() {
        let (l, t, w, h) =
            overlay_percent(&Crop { x: 50, y: 25, width: 100, height: 50 }, (200, 100));
        assert_eq!((l, t, w, h), (25.0, 25.0, 50.0, 50.0));
    }
}
