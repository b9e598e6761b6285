//! How much a board is zoomed to fit its view (web/components/zoom.rs measures, this decides):
//! a big board shrinks to the view's width, never below a least factor (the view scrolls
//! instead); a small one grows to use the screen, up to the width, a height and [`MAX_GROW`].

/// The most fit grows a small board.
pub const MAX_GROW: f64 = 2.0;

/// The zoom factor that fits a board of `natural` (width, height) pixels into `available`
/// (width, height): shrunk to the width, but not below `min`; a board narrower than the view
/// grows until it meets the width, the height or [`MAX_GROW`]. Sizes not yet laid out (0) give 1.
pub fn fit_factor(natural: (f64, f64), available: (f64, f64), min: f64) -> f64 {
    let ((w, h), (aw, ah)) = (natural, available);
    if w <= 0.0 || aw <= 0.0 {
        return 1.0;
    }
    let across = aw / w;
    if across < 1.0 {
        return across.max(min.min(1.0));
    }
    let down = if h > 0.0 && ah > 0.0 { ah / h } else { 1.0 };
    across.min(down).clamp(1.0, MAX_GROW)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wide_board_shrinks_to_the_width_but_not_below_the_least() {
        assert_eq!(fit_factor((700.0, 700.0), (350.0, 400.0), 0.4), 0.5);
        assert_eq!(fit_factor((1400.0, 1400.0), (350.0, 400.0), 0.64), 0.64);
        // The least never forces a board to grow past its natural size.
        assert_eq!(fit_factor((400.0, 400.0), (350.0, 400.0), 1.5), 1.0);
    }

    #[test]
    fn a_small_board_grows_to_the_width_the_height_or_the_cap() {
        // 230 px of KenKen on a 355-pixel phone with 444 px of height: the width decides.
        assert!((fit_factor((230.0, 230.0), (355.0, 444.0), 0.4) - 355.0 / 230.0).abs() < 1e-9);
        // A tall board: the height decides.
        assert_eq!(fit_factor((200.0, 400.0), (900.0, 600.0), 0.4), 1.5);
        // A tiny board on a desktop: the cap.
        assert_eq!(fit_factor((100.0, 100.0), (948.0, 540.0), 0.4), MAX_GROW);
        // A board taller than the height but narrower than the width keeps its size.
        assert_eq!(fit_factor((300.0, 900.0), (948.0, 540.0), 0.4), 1.0);
    }

    #[test]
    fn nothing_laid_out_yet_gives_one() {
        assert_eq!(fit_factor((0.0, 0.0), (355.0, 444.0), 0.4), 1.0);
        assert_eq!(fit_factor((300.0, 300.0), (0.0, 444.0), 0.4), 1.0);
        // No height known: grows by the width alone only to its natural size.
        assert_eq!(fit_factor((300.0, 300.0), (600.0, 0.0), 0.4), 1.0);
    }
}
