//! Callbacks and buttons every kind page wires the same way: dispatch on click, show an answer, ask for a new puzzle.

use std::rc::Rc;

use yew::prelude::*;

use crate::kind::Kind;
use crate::web::ctx::Ctx;
use crate::web::download;
use crate::web::state::{Action, Severity, View, Workshop};

/// The solver's panel, apart from the play controls (play first: the board, Hint, Check and
/// Undo come first; solving shows the answer, so it lives here, below the board, together with
/// counting and proving).
pub fn solver_panel(buttons: Html) -> Html {
    html! {
        <section id="solver" class="solver-panel" aria-labelledby="solver-title">
            <h2 id="solver-title">{ "Solver" }</h2>
            <p class="hint">{ "Shows the answer, with its proof; counts the answers. Play first: this gives the puzzle away." }</p>
            <div class="row wrap">{ buttons }</div>
        </section>
    }
}

/// A click handler that dispatches `action`.
pub fn on_click(ctx: &Ctx, action: Action) -> Callback<MouseEvent> {
    let state = ctx.state.clone();
    Callback::from(move |_: MouseEvent| state.dispatch(action.clone()))
}

/// A button that shows the player's marks or an answer of the last solve, marked when active.
pub fn view_button(ctx: &Ctx, kind: Kind, view: View, label: &'static str, active: bool) -> Html {
    html! { <button class={classes!(active.then_some("active"))} onclick={on_click(ctx, Action::Show { kind, view })}>{ label }</button> }
}

/// The buttons that switch the board between the player's marks (`mine`) and the answers of the
/// last solve (one or two).
pub fn view_buttons(ctx: &Ctx, kind: Kind, w: &Workshop, mine: &'static str) -> Html {
    let view = w.view.unwrap_or(View::Play);
    let n_answers = w.result.as_ref().map(|r| r.solutions.len()).unwrap_or(0);
    html! {
        <>
            // With no answer to show beside them, a lone pressed "My grid" would switch
            // nothing (and take a line of its own on a phone).
            if n_answers >= 1 { { view_button(ctx, kind, View::Play, mine, view == View::Play) } }
            if n_answers >= 1 { { view_button(ctx, kind, View::Answer(0), "Answer 1", view == View::Answer(0)) } }
            if n_answers >= 2 { { view_button(ctx, kind, View::Answer(1), "Answer 2", view == View::Answer(1)) } }
        </>
    }
}

/// A `<select>` with id `id` over `options` (value and label), showing `value` and storing the
/// chosen value in `set`.
pub fn select<T: Clone + PartialEq + 'static>(
    id: &'static str,
    options: Vec<(T, String)>,
    value: T,
    set: UseStateHandle<T>,
) -> Html {
    let opts = options.clone();
    let onchange = Callback::from(move |e: Event| {
        if let Some(s) = e.target_dyn_into::<web_sys::HtmlSelectElement>() {
            if let Some((v, _)) = opts.get(s.selected_index().max(0) as usize) {
                set.set(v.clone());
            }
        }
    });
    html! {
        <select id={id} {onchange}>
            { for options.into_iter().map(|(v, label)| html! { <option selected={v == value}>{ label }</option> }) }
        </select>
    }
}

/// A `<select>` with id `id` over numbers (each option's value is the number, its text
/// `label(n)`), showing `value` and storing the chosen number in `set`.
pub fn number_select(
    id: &'static str,
    values: impl IntoIterator<Item = usize>,
    label: impl Fn(usize) -> String,
    value: usize,
    set: UseStateHandle<usize>,
) -> Html {
    let onchange = Callback::from(move |e: Event| {
        if let Some(s) = e.target_dyn_into::<web_sys::HtmlSelectElement>() {
            if let Ok(v) = s.value().parse() {
                set.set(v);
            }
        }
    });
    html! {
        <select {id} {onchange}>
            { for values.into_iter().map(|v| html! { <option value={v.to_string()} selected={v == value}>{ label(v) }</option> }) }
        </select>
    }
}

/// An export button (class `export-format`) that saves what `body` makes as the file `file`, or
/// says why this puzzle has no such form.
pub fn text_export(
    ctx: &Ctx,
    label: &'static str,
    file: &'static str,
    mime: &'static str,
    body: impl Fn() -> Result<String, String> + 'static,
    note: Option<String>,
) -> Html {
    let state = ctx.state.clone();
    let onclick = Callback::from(move |_: MouseEvent| {
        match body().and_then(|t| download::text(file, mime, &t)) {
            Err(e) => state.dispatch(Action::Notify(
                Severity::Error,
                format!("Could not export as {label}: {e}"),
            )),
            Ok(()) => {
                if let Some(note) = &note {
                    state.dispatch(Action::Notify(Severity::Info, note.clone()));
                }
            }
        }
    });
    html! { <button class="export-format" {onclick}>{ label }</button> }
}

/// The picture exports: `puzzle.svg` and `puzzle.png` from `blank`, `solution.svg` and
/// `solution.png` from `solved` (disabled until there is an answer); each draws its SVG text on
/// click, PNG at twice the size through a canvas.
pub fn picture_buttons(
    ctx: &Ctx,
    blank: impl Fn() -> String + 'static,
    solved: Option<impl Fn() -> String + 'static>,
) -> Html {
    let button = |name: &'static str, svg: Option<Rc<dyn Fn() -> String>>| {
        let state = ctx.state.clone();
        let disabled = svg.is_none();
        let onclick = Callback::from(move |_: MouseEvent| {
            let Some(svg) = svg.as_ref().map(|f| f()) else { return };
            let result = if name.ends_with(".png") {
                download::svg_as_png(name, &svg, 2.0)
            } else {
                download::text(name, "image/svg+xml", &svg)
            };
            if let Err(e) = result {
                state.dispatch(Action::Notify(
                    Severity::Error,
                    format!("Could not save {name}: {e}"),
                ));
            }
        });
        html! { <button {disabled} {onclick}>{ name }</button> }
    };
    let blank: Rc<dyn Fn() -> String> = Rc::new(blank);
    let solved: Option<Rc<dyn Fn() -> String>> =
        solved.map(|f| Rc::new(f) as Rc<dyn Fn() -> String>);
    html! {
        <div class="row wrap pictures">
            { button("puzzle.svg", Some(blank.clone())) }{ button("puzzle.png", Some(blank)) }
            { button("solution.svg", solved.clone()) }{ button("solution.png", solved) }
        </div>
    }
}
