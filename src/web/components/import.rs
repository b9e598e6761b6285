//! The import box: paste a link or a file's text, or pick a file; errors say what and where.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::kinds::{self, Kind};
use crate::web::ctx::Ctx;
use crate::web::state::{Action, Severity};

/// Props: which kind, and what it accepts (for the hint).
#[derive(Properties, PartialEq)]
pub struct Props {
    /// The kind of the page.
    pub kind: Kind,
    /// The formats accepted, in words.
    pub accepts: AttrValue,
}

/// Reads text in any accepted format and opens it (a share link goes through the router).
pub fn open_text(ctx: &Ctx, kind: Kind, text: &str) {
    let kind = kinds::sniff(text).unwrap_or(kind);
    match kinds::import(kind, text).and_then(|p| kinds::share_fragment(kind, &p)) {
        Ok(fragment) => ctx.go.emit(fragment),
        Err(e) => ctx.state.dispatch(Action::Notify(
            Severity::Error,
            format!("Could not read that as a {} puzzle: {e}", kind.title()),
        )),
    }
}

/// A paste box with an Open button and a file picker.
#[component]
pub fn Import(props: &Props) -> Html {
    let ctx = use_context::<Ctx>().expect("inside the app");
    let text = use_node_ref();
    let open = {
        let (ctx, text, kind) = (ctx.clone(), text.clone(), props.kind);
        Callback::from(move |_| {
            if let Some(t) = text.cast::<web_sys::HtmlTextAreaElement>() {
                open_text(&ctx, kind, &t.value());
            }
        })
    };
    let on_file = {
        let (ctx, kind) = (ctx.clone(), props.kind);
        Callback::from(move |e: Event| {
            let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() else { return };
            let Some(file) = input.files().and_then(|f| f.get(0)) else { return };
            if file.size() > 5_000_000.0 {
                ctx.state.dispatch(Action::Notify(
                    Severity::Error,
                    format!("{} is over 5 MB; a puzzle file is much smaller.", file.name()),
                ));
                return;
            }
            let ctx = ctx.clone();
            let name = file.name();
            wasm_bindgen_futures::spawn_local(async move {
                match wasm_bindgen_futures::JsFuture::from(file.text()).await {
                    Ok(v) => open_text(&ctx, kind, &v.as_string().unwrap_or_default()),
                    Err(_) => ctx.state.dispatch(Action::Notify(
                        Severity::Error,
                        format!("Could not read {name}."),
                    )),
                }
            });
            let _ = input.unchecked_ref::<web_sys::HtmlInputElement>();
        })
    };
    html! {
        <details class="import" open=true>
            <summary>{ "Open a puzzle" }</summary>
            <p class="hint">{ format!("Paste {}.", props.accepts) }</p>
            <textarea id="import-text" ref={text} rows="3" spellcheck="false" placeholder="Paste a link or a puzzle here" />
            <div class="row">
                <button id="import-open" onclick={open}>{ "Open" }</button>
                <label class="file">{ "or choose a file " }<input id="import-file" type="file" onchange={on_file} /></label>
            </div>
        </details>
    }
}
