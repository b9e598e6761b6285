//! The nonogram editor: clues typed in, one line per row and per column, or a picture drawn
//! and its clues taken; either opens as the puzzle through its share link. What it works out is
//! in [`super::page`] ([`page::clues_from_text`], [`page::drawn`], [`page::fragment_of_clues`]).

use yew::prelude::*;

use crate::grid::Grid;
use crate::kinds::nonogram::page;
use crate::web::frame::Ctx;
use crate::web::frame::{Action, Severity};

/// A box for the drawing's width or height (1 to 60), stored in `value` as it is typed.
fn number_input(value: UseStateHandle<usize>, id: &'static str) -> Html {
    let current = (*value).to_string();
    let oninput = Callback::from(move |e: InputEvent| {
        if let Some(t) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
            if let Ok(v) = t.value().parse::<usize>() {
                value.set(v.clamp(1, 60));
            }
        }
    });
    html! { <input {id} type="number" min="1" max="60" value={current} {oninput} /> }
}

/// The editor (a `<details>` section of the nonogram page).
#[component]
pub fn NonogramEditor() -> Html {
    let ctx = use_context::<Ctx>().expect("inside the app");
    let rows_text = use_node_ref();
    let cols_text = use_node_ref();
    let drawing = use_state(|| None::<Grid<bool>>);
    let draw_w = use_state(|| 10usize);
    let draw_h = use_state(|| 10usize);

    let make_from_clues = {
        let (ctx, rows_text, cols_text) = (ctx.clone(), rows_text.clone(), cols_text.clone());
        Callback::from(move |_: MouseEvent| {
            let get = |r: &NodeRef| {
                r.cast::<web_sys::HtmlTextAreaElement>().map(|t| t.value()).unwrap_or_default()
            };
            let built = page::clues_from_text(&get(&rows_text), "row")
                .and_then(|rows| Ok((rows, page::clues_from_text(&get(&cols_text), "column")?)))
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
    let start_drawing = {
        let (drawing, dw, dh) = (drawing.clone(), *draw_w, *draw_h);
        Callback::from(move |_: MouseEvent| drawing.set(Some(Grid::filled(dh, dw, false))))
    };
    let take_clues = {
        let (ctx, drawing) = (ctx.clone(), drawing.clone());
        Callback::from(move |_: MouseEvent| {
            let Some(g) = (*drawing).clone() else { return };
            let (rows, cols) = page::clues_of(&g);
            match page::fragment_of_clues(&rows, &cols) {
                Ok(fragment) => {
                    drawing.set(None);
                    ctx.go.emit(fragment);
                }
                Err(e) => ctx.state.dispatch(Action::Notify(
                    Severity::Error,
                    format!("Could not make a puzzle from the drawing: {e}"),
                )),
            }
        })
    };
    let drawing_view = (*drawing).clone().map(|g| {
        let cells = g.positions().map(|(r, c)| {
            let on = g[(r, c)];
            let drawing = drawing.clone();
            // A press flips the cell; moving over cells with a button held fills them.
            let paint = Callback::from(move |e: PointerEvent| {
                let first = e.type_() == "pointerdown";
                if e.buttons() == 0 && !first {
                    return;
                }
                if let Some(g) = (*drawing).as_ref().and_then(|g| page::drawn(g, (r, c), first)) {
                    drawing.set(Some(g));
                }
            });
            html! { <div class={classes!("dcell", on.then_some("filled"))} onpointerdown={paint.clone()} onpointerenter={paint}></div> }
        });
        html! { <div id="drawing" class="drawing" style={format!("--w:{}", g.cols())}>{ for cells }</div> }
    });

    html! {
        <details class="editor">
            <summary>{ "Make a puzzle" }</summary>
            <p class="hint">{ "Type the clues, one line per row and per column (numbers separated by spaces or commas; an empty line or 0 for an empty line, 0 for an empty last line), or draw a picture and take its clues." }</p>
            <div class="row">
                <label class="grow">{ "Row clues" }<textarea id="edit-rows" ref={rows_text} rows="6" spellcheck="false" /></label>
                <label class="grow">{ "Column clues" }<textarea id="edit-cols" ref={cols_text} rows="6" spellcheck="false" /></label>
            </div>
            <button id="edit-make" onclick={make_from_clues}>{ "Make puzzle from clues" }</button>
            <div class="row">
                { "Draw: width " }{ number_input(draw_w.clone(), "draw-w") }{ " height " }{ number_input(draw_h.clone(), "draw-h") }
                <button id="draw-start" onclick={start_drawing}>{ "New drawing" }</button>
                if drawing.is_some() { <button id="draw-take" onclick={take_clues}>{ "Take clues from drawing" }</button> }
            </div>
            { drawing_view.unwrap_or_default() }
        </details>
    }
}
