//! Bringing an element that is off screen into view: one helper for the page's own scrolls (the
//! status line when a job starts or ends, the Benchmark's results after Run, the top of a board
//! that replaced another).

/// The height of the screen (the window's inner height; 0 when it cannot be read).
pub fn screen_height() -> f64 {
    web_sys::window().and_then(|w| w.inner_height().ok()).and_then(|h| h.as_f64()).unwrap_or(0.0)
}

/// Scrolls the page so that `el`'s top comes `share_above` of the screen's height below the
/// screen's top, unless `in_view` (given `el`'s box on screen and the screen's height) says it
/// is where it should be already. Whether it scrolled.
pub fn bring_into_view(
    el: &web_sys::Element,
    share_above: f64,
    in_view: impl Fn(&web_sys::DomRect, f64) -> bool,
) -> bool {
    let Some(window) = web_sys::window() else { return false };
    let rect = el.get_bounding_client_rect();
    let height = screen_height();
    if in_view(&rect, height) {
        return false;
    }
    window.scroll_by_with_x_and_y(0.0, rect.top() - height * share_above);
    true
}
