//! Zoom for every page's board: fit to the window by default (a big board shrinks to the width,
//! a small one grows to use the screen), smaller and larger steps, and a scrolling view (sticky
//! clue bars stay in sight) once the board would get too small to read or touch.
//!
//! Invariant: the board's own markup and events are untouched; the wrapper only sets CSS `zoom`
//! on a box around it (hit testing and `elementFromPoint` follow CSS zoom), so pages wrap their
//! board in `<Zoom>` with one line and nothing else changes.

use gloo_timers::callback::Timeout;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// The manual zoom steps.
const STEPS: [f64; 9] = [0.25, 0.35, 0.5, 0.65, 0.8, 1.0, 1.25, 1.5, 2.0];

/// What a page gives the wrapper.
#[derive(Properties, PartialEq)]
pub struct ZoomProps {
    /// The board.
    pub children: Html,
    /// Anything that changes when the board's size changes (e.g. "100x82"), so fit is measured again.
    #[prop_or_default]
    pub size: String,
    /// The smallest zoom fit may choose; below it the view scrolls instead, so type stays readable.
    #[prop_or(0.5)]
    pub min_fit: f64,
    /// Whether the board is played by touching its cells, so a phone keeps them at least
    /// [`TOUCH_CELL_PX`] (Flood-It is played with its colour buttons and fits the screen instead).
    #[prop_or(true)]
    pub touch: bool,
}

use crate::fit::fit_factor;

/// The share of the window's height a grown board may take, so the controls under it stay near.
const GROW_HEIGHT: f64 = 0.6;

/// The smallest cell fit chooses on a phone-sized window, in CSS pixels: past it the view
/// scrolls instead. 18 px lets a 15x15 nonogram with its clues fit a 375-pixel-wide phone whole
/// (drag strokes and the zoom buttons serve for finer work), as Tatham's Pattern does.
pub const TOUCH_CELL_PX: f64 = 18.0;

/// The smallest zoom that keeps the board's cells (its first `.cell`) at least
/// [`TOUCH_CELL_PX`] wide on a phone-sized window; no limit on wider windows.
fn touch_min(inner: &web_sys::HtmlElement) -> f64 {
    let narrow = web_sys::window()
        .and_then(|w| w.inner_width().ok())
        .and_then(|v| v.as_f64())
        .is_some_and(|w| w <= 700.0);
    if !narrow {
        return 0.0;
    }
    let cell = inner
        .query_selector(".cell")
        .ok()
        .flatten()
        .and_then(|c| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(c).ok());
    match cell.map(|c| c.offset_width() as f64) {
        Some(w) if w > 0.0 => TOUCH_CELL_PX / w,
        _ => 0.0,
    }
}

/// The next manual step from `current` in direction `up`.
pub fn step(current: f64, up: bool) -> f64 {
    if up {
        STEPS.iter().copied().find(|s| *s > current + 1e-9).unwrap_or(STEPS[STEPS.len() - 1])
    } else {
        STEPS.iter().rev().copied().find(|s| *s < current - 1e-9).unwrap_or(STEPS[0])
    }
}

/// The wrapper: a small toolbar and the zoomed board.
#[component]
pub fn Zoom(props: &ZoomProps) -> Html {
    // None: fit to the window; Some(z): the reader's choice.
    let manual = use_state(|| None::<f64>);
    let fit = use_state(|| 1.0f64);
    let view = use_node_ref();
    let inner = use_node_ref();

    {
        let (view, inner, fit, min, touch) =
            (view.clone(), inner.clone(), fit.clone(), props.min_fit, props.touch);
        use_effect_with(props.size.clone(), move |_| {
            let measure = std::rc::Rc::new(move || {
                let (Some(v), Some(i)) =
                    (view.cast::<web_sys::HtmlElement>(), inner.cast::<web_sys::HtmlElement>())
                else {
                    return;
                };
                // offsetWidth is the unzoomed layout width; clientWidth is what the view shows.
                let high = web_sys::window()
                    .and_then(|w| w.inner_height().ok())
                    .and_then(|h| h.as_f64())
                    .unwrap_or(0.0)
                    * GROW_HEIGHT;
                let natural = (i.offset_width() as f64, i.offset_height() as f64);
                let f = fit_factor(
                    natural,
                    (v.client_width() as f64, high),
                    min.max(if touch { touch_min(&i) } else { 0.0 }),
                );
                if (f - *fit).abs() > 0.005 {
                    fit.set(f);
                }
            });
            let on_resize = {
                let m = measure.clone();
                Closure::<dyn Fn()>::new(move || m())
            };
            let window = web_sys::window();
            if let Some(w) = &window {
                let _ = w
                    .add_event_listener_with_callback("resize", on_resize.as_ref().unchecked_ref());
            }
            // Once this render is in the page; dropping the timeout (unmount) cancels it.
            let first = Timeout::new(0, move || measure());
            move || {
                drop(first);
                if let Some(w) = window {
                    let _ = w.remove_event_listener_with_callback(
                        "resize",
                        on_resize.as_ref().unchecked_ref(),
                    );
                }
            }
        });
    }

    let zoom = manual.unwrap_or(*fit);
    let set = |value: Option<f64>| {
        let manual = manual.clone();
        Callback::from(move |_: MouseEvent| manual.set(value))
    };
    let smaller = set(Some(step(zoom, false)));
    let larger = set(Some(step(zoom, true)));
    html! {
        <div class={classes!("zoom", manual.is_none().then_some("fit"))} data-zoom={format!("{zoom:.3}")}>
            <div class="zoom-bar" role="group" aria-label="Zoom">
                <button class="zoom-out" title="Smaller" onclick={smaller}>{ "−" }</button>
                <span class="zoom-level">{ format!("{:.0}%", zoom * 100.0) }</span>
                <button class="zoom-in" title="Larger" onclick={larger}>{ "+" }</button>
                <button class={classes!("zoom-fit", manual.is_none().then_some("active"))} title="Fit the board to the window" onclick={set(None)}>{ "Fit" }</button>
            </div>
            <div class="zoom-view" ref={view}>
                <div class="zoom-inner" ref={inner} style={format!("zoom:{zoom};--zoom:{zoom}")}>{ props.children.clone() }</div>
            </div>
        </div>
    }
}
