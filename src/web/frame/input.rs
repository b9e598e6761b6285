//! Board input for every grid board: strokes across cells (press, drag, release; a long press
//! on a touch screen stands for the right button), the keyboard cursor, and undo and redo keys
//! (Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y: [`history_key`]). A kind says what a finished stroke and its other keys do.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_timers::callback::Timeout;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::kinds::Kind;
use crate::web::board::{cell_at, LONG_PRESS_MS};
use crate::web::state::Action;

/// A stroke across a board: the cells it covers, in order, each once.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Stroke {
    /// The cells covered, the pressed one first.
    pub cells: Vec<(usize, usize)>,
    /// Made with the right button, or begun by a long press on a touch screen.
    pub secondary: bool,
}

/// What a drag covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// A press only moves the cursor (the board is played with keys or a keypad).
    Press,
    /// Every cell the pointer passes (Star Battle's dots, the editors' cages and regions).
    Path,
    /// A straight line from the pressed cell along the longer axis (the nonograms).
    Line,
}

/// What [`use_stroke`] gives: the stroke in progress (for previews) and the board's handlers.
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

/// Strokes of `shape` over the cells of `board` (a CSS selector): `finish` gets each stroke when
/// the pointer is released. The pointer is captured, so a stroke ends even when released outside
/// the board; a touch that rests [`LONG_PRESS_MS`] on its first cell becomes secondary, shown at
/// once. The board should have `touch-action: none` so touch strokes do not scroll the page.
#[hook]
pub fn use_stroke(board: &'static str, shape: Shape, finish: Callback<Stroke>) -> StrokeHandlers {
    // The live stroke (read by timers and handlers of earlier renders) and a copy in state that
    // re-renders the page for previews.
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
            if shape == Shape::Press {
                return;
            }
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
                Some(s) if shape == Shape::Line => {
                    let cells = crate::grid::line_cells(s.cells[0], cell);
                    let changed = cells != s.cells;
                    s.cells = cells;
                    changed
                }
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

/// A key pressed on a focused board, other than the arrows and undo or redo.
#[derive(Debug, Clone, PartialEq)]
pub struct KeyPress {
    /// The key's value (`"x"`, `" "`, `"Backspace"`).
    pub key: String,
    /// The physical key (`"Digit1"`), for digits typed with Shift held.
    pub code: String,
    /// Shift held.
    pub shift: bool,
    /// Ctrl or Cmd held.
    pub ctrl: bool,
    /// The cursor cell (row, column).
    pub at: (usize, usize),
}

/// What a grid board asks of [`use_grid_input`].
#[derive(Clone, PartialEq)]
pub struct GridSpec {
    /// The kind whose marks Ctrl+Z and Ctrl+Y undo and redo.
    pub kind: Kind,
    /// The board's rows and columns.
    pub rows: usize,
    /// See `rows`.
    pub cols: usize,
    /// What a drag covers.
    pub shape: Shape,
    /// Gets each finished stroke (not called for [`Shape::Press`]).
    pub on_stroke: Callback<Stroke>,
    /// Gets every other key; returns whether it was used (then its default action is stopped).
    pub on_key: Callback<KeyPress, bool>,
}

/// What [`use_grid_input`] gives a board: the cursor, the stroke in progress, and the board.
pub struct GridInput {
    /// The cursor cell (row, column), kept on the board when a smaller one replaces it.
    pub cursor: (usize, usize),
    /// The stroke in progress, for previews.
    pub stroke: Option<Stroke>,
    handlers: StrokeHandlers,
    node: NodeRef,
    set_cursor: UseStateHandle<(usize, usize)>,
    size: (usize, usize),
    on_key: Callback<KeyboardEvent>,
    kind: Kind,
}

impl GridInput {
    /// Moves the cursor (a keypad or a tap on a cell does).
    pub fn set_cursor(&self, at: (usize, usize)) {
        self.set_cursor.set(at);
    }

    /// The board element (`#board`, focusable, with its handlers, `data-rows`, `data-cols` and,
    /// when square, `data-n`) around `children`, with `class` and `style`.
    pub fn board(&self, class: Classes, style: String, children: Html) -> Html {
        let (rows, cols) = self.size;
        let h = &self.handlers;
        let n = (rows == cols).then(|| rows.to_string());
        // What a screen reader names the focused board by: the kind, its size and the cursor
        // (the cells' own text is their clues and marks), as the editors' drawings are named.
        let (r, c) = self.cursor;
        let label = format!(
            "{} board, {rows} by {cols}: cursor on row {}, column {}",
            self.kind.title(),
            r + 1,
            c + 1
        );
        html! {
            <div id="board" ref={self.node.clone()} {class} tabindex="0" {style}
                 role="application" aria-label={label}
                 data-rows={rows.to_string()} data-cols={cols.to_string()} data-n={n}
                 onpointerdown={h.down.clone()} onpointermove={h.on_move.clone()}
                 onpointerup={h.up.clone()} onpointercancel={h.cancel.clone()}
                 onkeydown={self.on_key.clone()}
                 oncontextmenu={Callback::from(|e: MouseEvent| e.prevent_default())}>
                { children }
            </div>
        }
    }
}

/// The undo or redo a key asks for on any board of `kind`: Ctrl+Z (Cmd+Z) undoes, Ctrl+Shift+Z
/// and Ctrl+Y redo. The caller dispatches it and stops the key's default action.
pub fn history_key(kind: Kind, e: &KeyboardEvent) -> Option<Action> {
    let key = e.key();
    if !(e.ctrl_key() || e.meta_key()) {
        return None;
    }
    match key.as_str() {
        "z" | "Z" if e.shift_key() => Some(Action::Redo(kind)),
        "z" | "Z" => Some(Action::Undo(kind)),
        "y" | "Y" => Some(Action::Redo(kind)),
        _ => None,
    }
}

/// The input of a grid board `#board`: a press moves the cursor and focuses the board (so keys
/// follow a touch), drags make strokes of `spec.shape`, arrows move the cursor, Ctrl+Z undoes,
/// Ctrl+Shift+Z and Ctrl+Y redo, and every other key goes to `spec.on_key`.
#[hook]
pub fn use_grid_input(spec: GridSpec) -> GridInput {
    let GridSpec { kind, rows, cols, shape, on_stroke, on_key } = spec;
    let (rows, cols) = (rows.max(1), cols.max(1));
    let cursor = use_state(|| (0usize, 0usize));
    let node = use_node_ref();
    let at = (cursor.0.min(rows - 1), cursor.1.min(cols - 1));
    let ctx = use_context::<crate::web::ctx::Ctx>().expect("inside the app");
    let mut handlers = use_stroke("#board", shape, on_stroke);
    handlers.down = {
        let (cursor, node, down) = (cursor.clone(), node.clone(), handlers.down.clone());
        Callback::from(move |e: PointerEvent| {
            let cell = cell_at(e.client_x(), e.client_y(), "#board");
            // The stroke starts before the board takes focus: focusing may scroll the page,
            // and the stroke reads the cell under the pointer.
            down.emit(e);
            if let Some(cell) = cell {
                cursor.set(cell);
                // The board takes the keyboard once touched (preventDefault keeps focus away).
                if let Some(b) = node.cast::<web_sys::HtmlElement>() {
                    let _ = b.focus();
                }
            }
        })
    };
    let keys = {
        let (state, cursor) = (ctx.state.clone(), cursor.clone());
        Callback::from(move |e: KeyboardEvent| {
            let key = e.key();
            let ctrl = e.ctrl_key() || e.meta_key();
            if let Some(to) = crate::grid::cursor_step(&key, at, rows, cols) {
                cursor.set(to);
            } else if let Some(action) = history_key(kind, &e) {
                state.dispatch(action);
            } else {
                let press = KeyPress { key, code: e.code(), shift: e.shift_key(), ctrl, at };
                if !on_key.emit(press) {
                    return;
                }
            }
            e.prevent_default();
        })
    };
    GridInput {
        cursor: at,
        stroke: handlers.stroke.clone(),
        handlers,
        node,
        set_cursor: cursor,
        size: (rows, cols),
        on_key: keys,
        kind,
    }
}
