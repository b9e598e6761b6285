//! The nonogram editor: clues typed in, one line per row and per column, or a picture drawn
//! and its clues taken; either opens as the puzzle through its share link. The typed clues and
//! the drawing are one draft kept in local storage ([`page::Draft::to_text`]), with Undo and
//! Redo. What it works out is in [`super::page`] ([`page::clues_from_text`], [`page::drawn`],
//! [`page::fragment_of_clues`]).

use yew::prelude::*;

use crate::grid::Grid;
use crate::kinds::nonogram::page::{self, Draft, DRAW_MAX};
use crate::kinds::Kind;
use crate::web::frame::{self, Ctx, EditStep};
use crate::web::frame::{Action, Severity};

const KIND: Kind = Kind::Nonogram;

/// A box for the drawing's width or height (1 to [`DRAW_MAX`]): a number typed gives `set` the
/// value.
fn number_input(value: usize, id: &'static str, label: &'static str, set: Callback<usize>) -> Html {
    let oninput = Callback::from(move |e: InputEvent| {
        if let Some(t) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
            if let Ok(v) = t.value().parse::<usize>() {
                set.emit(v.clamp(1, DRAW_MAX));
            }
        }
    });
    html! { <input {id} type="number" min="1" max={DRAW_MAX.to_string()} aria-label={label} value={value.to_string()} {oninput} /> }
}

/// Reads the kept draft.
fn read(text: &str) -> Result<Draft, String> {
    Draft::from_text(text)
}

/// The editor (a `<details>` section of the nonogram page).
#[component]
pub fn NonogramEditor() -> Html {
    let ctx = use_context::<Ctx>().expect("inside the app");
    let stored = frame::use_draft(KIND, "draft", read);
    let draft = stored.draft.clone().unwrap_or_default();
    // A draft with nothing in it is not kept.
    let store = {
        let stored = stored.clone();
        Callback::from(move |(d, step): (Draft, EditStep)| {
            stored.set_as((d != Draft::default()).then(|| d.to_text()), step)
        })
    };
    // Open at first when a draft was kept (and never closed under the hands after).
    let open_at_first = *use_state(|| stored.draft.is_some());
    // The keyboard's cursor on the drawing.
    let cursor = use_state(|| (0usize, 0usize));

    let make_from_clues = {
        let (ctx, d) = (ctx.clone(), draft.clone());
        Callback::from(move |_: MouseEvent| {
            let built = page::clues_from_text(&d.rows, "row")
                .and_then(|rows| Ok((rows, page::clues_from_text(&d.cols, "column")?)))
                .and_then(|(rows, cols)| page::fragment_of_clues(&rows, &cols));
            match built {
                Ok(fragment) => ctx.go.emit(fragment),
                Err(e) => ctx.state.dispatch(Action::Notify(
                    Severity::Error,
                    format!("Could not make a puzzle from those clues: {e}"),
                )),
            }
        })
    };
    let typed = |which: &'static str| {
        let (store, d) = (store.clone(), draft.clone());
        Callback::from(move |e: InputEvent| {
            if let Some(t) = e.target_dyn_into::<web_sys::HtmlTextAreaElement>() {
                let mut d = d.clone();
                if which == "rows" {
                    d.rows = t.value();
                } else {
                    d.cols = t.value();
                }
                store.emit((d, EditStep::Join(which)));
            }
        })
    };
    let sized = |which: usize| {
        let (store, d) = (store.clone(), draft.clone());
        Callback::from(move |v: usize| {
            let mut d = d.clone();
            if which == 0 {
                d.size.0 = v;
            } else {
                d.size.1 = v;
            }
            store.emit((d, EditStep::Join(if which == 0 { "width" } else { "height" })));
        })
    };
    let start_drawing = {
        let (store, d) = (store.clone(), draft.clone());
        Callback::from(move |_: MouseEvent| {
            let (w, h) = d.size;
            store.emit((
                Draft { drawing: Some(Grid::filled(h, w, false)), ..d.clone() },
                EditStep::New("new"),
            ));
        })
    };
    let close_drawing = {
        let (store, d) = (store.clone(), draft.clone());
        Callback::from(move |_: MouseEvent| {
            store.emit((Draft { drawing: None, ..d.clone() }, EditStep::New("close")))
        })
    };
    let take_clues = {
        let (ctx, store, d) = (ctx.clone(), store.clone(), draft.clone());
        Callback::from(move |_: MouseEvent| {
            let Some(g) = d.drawing.clone() else { return };
            let (rows, cols) = page::clues_of(&g);
            match page::fragment_of_clues(&rows, &cols) {
                Ok(fragment) => {
                    // The drawing's clues go into the boxes, to be changed there (Undo brings
                    // the drawing back).
                    let taken = Draft {
                        drawing: None,
                        rows: page::clues_text(&rows),
                        cols: page::clues_text(&cols),
                        ..d.clone()
                    };
                    store.emit((taken, EditStep::New("take")));
                    ctx.go.emit(fragment);
                }
                Err(e) => ctx.state.dispatch(Action::Notify(
                    Severity::Error,
                    format!("Could not make a puzzle from the drawing: {e}"),
                )),
            }
        })
    };
    let drawing_view = draft.drawing.clone().map(|g| {
        let at = (cursor.0.min(g.rows() - 1), cursor.1.min(g.cols() - 1));
        let cells = g.positions().map(|(r, c)| {
            let on = g[(r, c)];
            let (store, d, cursor) = (store.clone(), draft.clone(), cursor.clone());
            // A press flips the cell; moving over cells with a button held fills them: one
            // stroke, one step to undo.
            let paint = Callback::from(move |e: PointerEvent| {
                let first = e.type_() == "pointerdown";
                if e.buttons() == 0 && !first {
                    return;
                }
                if first {
                    cursor.set((r, c));
                }
                let Some(g) = d.drawing.as_ref().and_then(|g| page::drawn(g, (r, c), first)) else {
                    return;
                };
                let step = if first { EditStep::New("draw") } else { EditStep::Join("draw") };
                store.emit((Draft { drawing: Some(g), ..d.clone() }, step));
            });
            let class = classes!("dcell", on.then_some("filled"), ((r, c) == at).then_some("cursor"));
            html! { <div {class} onpointerdown={paint.clone()} onpointerenter={paint}></div> }
        });
        // Keys: arrows move the cursor, Space or Enter flips its cell.
        let onkeydown = {
            let (store, d, cursor) = (store.clone(), draft.clone(), cursor.clone());
            let g = g.clone();
            Callback::from(move |e: KeyboardEvent| {
                if e.ctrl_key() || e.meta_key() || e.alt_key() {
                    return;
                }
                let key = e.key();
                if let Some(to) = crate::grid::cursor_step(&key, at, g.rows(), g.cols()) {
                    e.prevent_default();
                    cursor.set(to);
                } else if key == " " || key == "Enter" {
                    e.prevent_default();
                    if let Some(g) = page::drawn(&g, at, true) {
                        store.emit((Draft { drawing: Some(g), ..d.clone() }, EditStep::New("draw")));
                    }
                }
            })
        };
        let label = format!(
            "Drawing, {} by {}: cursor on row {}, column {}, {}",
            g.cols(),
            g.rows(),
            at.0 + 1,
            at.1 + 1,
            if g[at] { "filled" } else { "empty" }
        );
        html! { <div id="drawing" class="drawing" tabindex="0" role="application" aria-label={label} style={format!("--w:{}", g.cols())} {onkeydown}>{ for cells }</div> }
    });

    html! {
        <details class="editor" open={open_at_first} onkeydown={stored.onkeydown()}>
            <summary>{ "Make a puzzle" }</summary>
            <p class="hint">{ "Type the clues, one line per row and per column (numbers separated by spaces or commas; an empty line or 0 for an empty line, 0 for an empty last line), or draw a picture and take its clues: drag across cells, or use the arrows and Space. Ctrl+Z undoes, Ctrl+Shift+Z or Ctrl+Y redoes (in a text box, its own typing). The clues and the drawing are kept if you reload." }</p>
            <div class="row">
                <label class="grow">{ "Row clues" }<textarea id="edit-rows" rows="6" spellcheck="false" value={draft.rows.clone()} oninput={typed("rows")} /></label>
                <label class="grow">{ "Column clues" }<textarea id="edit-cols" rows="6" spellcheck="false" value={draft.cols.clone()} oninput={typed("cols")} /></label>
            </div>
            <div class="row wrap">
                <button id="edit-make" onclick={make_from_clues}>{ "Make puzzle from clues" }</button>
                { stored.buttons() }
            </div>
            <div class="row wrap">
                { "Draw: width " }{ number_input(draft.size.0, "draw-w", "Drawing width", sized(0)) }{ " height " }{ number_input(draft.size.1, "draw-h", "Drawing height", sized(1)) }
                <button id="draw-start" onclick={start_drawing}>{ "New drawing" }</button>
                if draft.drawing.is_some() {
                    <button id="draw-take" onclick={take_clues}>{ "Take clues from drawing" }</button>
                    <button id="draw-close" onclick={close_drawing}>{ "Close the drawing" }</button>
                }
            </div>
            { drawing_view.unwrap_or_default() }
        </details>
    }
}
