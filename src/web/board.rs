//! Pointer plumbing the boards share: which cell is under the pointer, and strokes across cells
//! (press, drag over cells, release), with a long press on touch screens standing for the right
//! button. Used by the Star Battle player and region editor and by the KenKen editor; and the
//! boards' lines drawn as one SVG layer over the cells.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_timers::callback::Timeout;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// How long a touch must rest on a cell to count as a long press.
pub const LONG_PRESS_MS: u32 = 450;

/// The (row, column) of the board cell under the point: the `.cell` element inside `board` (a
/// CSS selector) carrying `data-r` and `data-c`.
pub fn cell_at(x: i32, y: i32, board: &str) -> Option<(usize, usize)> {
    let el = web_sys::window()?.document()?.element_from_point(x as f32, y as f32)?;
    let el = el.closest(&format!("{board} .cell")).ok()??;
    Some((el.get_attribute("data-r")?.parse().ok()?, el.get_attribute("data-c")?.parse().ok()?))
}

/// A stroke across a board: the cells passed, in order, each once.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Stroke {
    /// The cells passed, the pressed one first.
    pub cells: Vec<(usize, usize)>,
    /// Made with the right button, or begun by a long press on a touch screen.
    pub secondary: bool,
}

/// What [`use_stroke`] gives the page: the stroke in progress (for previews) and the handlers to
/// put on the board element.
pub struct StrokeHandlers {
    /// The stroke in progress, if any.
    pub stroke: Option<Stroke>,
    /// For `onpointerdown`.
    pub down: Callback<PointerEvent>,
    /// For `onpointermove`.
    pub on_move: Callback<PointerEvent>,
    /// For `onpointerup`.
    pub up: Callback<PointerEvent>,
    /// For `onpointercancel`: the stroke is dropped.
    pub cancel: Callback<PointerEvent>,
}

/// Strokes over the cells of `board` (a CSS selector): `finish` gets each stroke when the pointer
/// is released. The pointer is captured, so a stroke ends even when released outside the board;
/// a touch that rests [`LONG_PRESS_MS`] on its first cell becomes a secondary stroke, shown at once.
/// The board should have `touch-action: none` so touch strokes do not scroll the page.
#[hook]
pub fn use_stroke(board: &'static str, finish: Callback<Stroke>) -> StrokeHandlers {
    // The live stroke (read by timers and handlers made at earlier renders) and a copy in state
    // that re-renders the page for previews.
    let live: Rc<RefCell<Option<Stroke>>> = use_mut_ref(|| None);
    let shown = use_state(|| None::<Stroke>);
    let press: Rc<RefCell<Option<Timeout>>> = use_mut_ref(|| None);

    let publish = {
        let (live, shown) = (live.clone(), shown.clone());
        move || shown.set(live.borrow().clone())
    };
    let down = {
        let (live, press, publish) = (live.clone(), press.clone(), publish.clone());
        Callback::from(move |e: PointerEvent| {
            let Some(cell) = cell_at(e.client_x(), e.client_y(), board) else { return };
            e.prevent_default();
            if let Some(target) = e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) {
                let _ = target.set_pointer_capture(e.pointer_id());
            }
            *live.borrow_mut() = Some(Stroke { cells: vec![cell], secondary: e.button() == 2 });
            publish();
            if e.pointer_type() == "touch" {
                let (live, publish) = (live.clone(), publish.clone());
                *press.borrow_mut() = Some(Timeout::new(LONG_PRESS_MS, move || {
                    let long = live
                        .borrow_mut()
                        .as_mut()
                        .filter(|s| s.cells.len() == 1)
                        .map(|s| s.secondary = true)
                        .is_some();
                    if long {
                        publish();
                    }
                }));
            }
        })
    };
    let on_move = {
        let (live, press, publish) = (live.clone(), press.clone(), publish.clone());
        Callback::from(move |e: PointerEvent| {
            let Some(cell) = cell_at(e.client_x(), e.client_y(), board) else { return };
            let grew = match live.borrow_mut().as_mut() {
                Some(s) if !s.cells.contains(&cell) => {
                    s.cells.push(cell);
                    true
                }
                _ => false,
            };
            if grew {
                press.borrow_mut().take();
                publish();
            }
        })
    };
    let up = {
        let (live, press, shown) = (live.clone(), press.clone(), shown.clone());
        Callback::from(move |_: PointerEvent| {
            press.borrow_mut().take();
            let stroke = live.borrow_mut().take();
            shown.set(None);
            if let Some(s) = stroke {
                finish.emit(s);
            }
        })
    };
    let cancel = {
        let (live, press, shown) = (live.clone(), press.clone(), shown.clone());
        Callback::from(move |_: PointerEvent| {
            press.borrow_mut().take();
            live.borrow_mut().take();
            shown.set(None);
        })
    };
    StrokeHandlers { stroke: (*shown).clone(), down, on_move, up, cancel }
}

/// A board's inner lines as one SVG layer over its cells ([`crate::board_lines`]): thin grid
/// lines, and walls on top with square caps. The cells stay the interactive elements (the layer
/// takes no pointer events and is hidden from assistive technology); the frame is the board's
/// border. The board must be `position: relative`.
pub fn lines_layer(rows: usize, cols: usize, lines: crate::board_lines::Lines) -> Html {
    html! {
        <svg class="board-lines" viewBox={crate::board_lines::view_box(rows, cols)} preserveAspectRatio="none" aria-hidden="true" focusable="false">
            <path class="thin" d={lines.thin} />
            <path class="walls" d={lines.walls} />
        </svg>
    }
}
