//! Callbacks and buttons every kind page wires the same way: dispatch on click, show an answer, ask for a new puzzle.

use yew::prelude::*;

use crate::jobs::Request;
use crate::kind::Kind;
use crate::puzzle::GenerateOptions;
use crate::web::ctx::Ctx;
use crate::web::state::{Action, View, Work};

/// A click handler that dispatches `action`.
pub fn on_click(ctx: &Ctx, action: Action) -> Callback<MouseEvent> {
    let state = ctx.state.clone();
    Callback::from(move |_: MouseEvent| state.dispatch(action.clone()))
}

/// A button that shows the player's marks or an answer of the last solve, marked when active.
pub fn view_button(ctx: &Ctx, kind: Kind, view: View, label: &'static str, active: bool) -> Html {
    html! { <button class={classes!(active.then_some("active"))} onclick={on_click(ctx, Action::Show { kind, view })}>{ label }</button> }
}

/// A click handler that asks the worker for a new puzzle of `kind` with `options`, seeded by the
/// clock at the moment of the click.
pub fn generate_on_click(ctx: &Ctx, kind: Kind, options: GenerateOptions) -> Callback<MouseEvent> {
    let run = ctx.run.clone();
    Callback::from(move |_: MouseEvent| {
        let options = GenerateOptions { seed: js_sys::Date::now() as u64, ..options.clone() };
        run.emit((kind, Work::Generate, Request::Generate { kind, options }))
    })
}
