//! The import box: paste a link or a file's text, or pick a file; errors say what and where,
//! beside the box (never over its Open button or file chooser), with what the page accepts; the
//! next edit of the box clears them.

use yew::prelude::*;

use crate::kinds::{self, Kind};
use crate::web::ctx::Ctx;
use crate::web::state::Action;

/// Props: which kind, and what it accepts (for the hint).
#[derive(Properties, PartialEq)]
pub struct Props {
    /// The kind of the page.
    pub kind: Kind,
    /// The formats accepted, in words.
    pub accepts: AttrValue,
}

/// Reads text in any accepted format and opens it (a share link goes through the router); the
/// error, when it does not read, in words. Text that looks like another kind's (a share link, a
/// JSON with its kind, a Keen ID) is read as that kind first; when it does not read so, the page's
/// own kind has its try (`5:…,12` is both a cut Keen ID and a square Tatham Flood ID), and the
/// error names both, the page's kind first when it too recognises the text.
pub fn open_text(ctx: &Ctx, kind: Kind, text: &str) -> Result<(), String> {
    let read = |kind: Kind| {
        kinds::import(kind, text)
            .and_then(|p| Ok((kinds::share_fragment(kind, &p)?, p)))
            .map_err(|e| e.to_string())
    };
    let sniffed = kinds::sniff(text).unwrap_or(kind);
    let (kind, read) = match read(sniffed) {
        Err(e) if sniffed != kind => match read(kind) {
            Ok(r) => (kind, Ok(r)),
            // The page's own kind leads when it too takes the text for its own.
            Err(own) if kinds::recognises(kind, text) => {
                (kind, Err(format!("{own} (nor as a {} puzzle: {e})", sniffed.title())))
            }
            Err(own) => (sniffed, Err(format!("{e} (nor as a {} puzzle: {own})", kind.title()))),
        },
        r => (sniffed, r),
    };
    match read {
        // The puzzle first, as read (a webpbn title and a picture are not in the link), then its
        // link: the router keeps the same puzzle in its fuller form.
        Ok((fragment, puzzle)) => {
            ctx.state.dispatch(Action::Open { kind, puzzle });
            ctx.go.emit(fragment);
            Ok(())
        }
        Err(e) => Err(format!("Could not read that as a {} puzzle: {e}", kind.title())),
    }
}

/// A paste box with an Open button and a file picker.
#[component]
pub fn Import(props: &Props) -> Html {
    let ctx = use_context::<Ctx>().expect("inside the app");
    let text = use_node_ref();
    // The last error of this box, shown under it until the box is edited or a puzzle opens.
    let error = use_state(|| None::<String>);
    let open = {
        let (ctx, text, kind, error) = (ctx.clone(), text.clone(), props.kind, error.clone());
        Callback::from(move |_| {
            if let Some(t) = text.cast::<web_sys::HtmlTextAreaElement>() {
                error.set(open_text(&ctx, kind, &t.value()).err());
            }
        })
    };
    let edited = {
        let error = error.clone();
        Callback::from(move |_: InputEvent| {
            if error.is_some() {
                error.set(None);
            }
        })
    };
    let on_file = {
        let (ctx, kind, error) = (ctx.clone(), props.kind, error.clone());
        Callback::from(move |e: Event| {
            let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() else { return };
            let Some(file) = input.files().and_then(|f| f.get(0)) else { return };
            if file.size() > 5_000_000.0 {
                error.set(Some(format!(
                    "{} is over 5 MB; a puzzle file is much smaller.",
                    file.name()
                )));
                return;
            }
            let (ctx, error) = (ctx.clone(), error.clone());
            let name = file.name();
            wasm_bindgen_futures::spawn_local(async move {
                match wasm_bindgen_futures::JsFuture::from(file.text()).await {
                    Ok(v) => error.set(
                        open_text(&ctx, kind, &v.as_string().unwrap_or_default())
                            .map_err(|e| format!("{name}: {e}"))
                            .err(),
                    ),
                    Err(_) => error.set(Some(format!("Could not read {name}."))),
                }
            });
            // Emptied, so that choosing the same file again (saved anew after an edit) reads it
            // again: a browser sends no change for the file already chosen.
            input.set_value("");
        })
    };
    html! {
        <details class="import" open=true>
            <summary>{ "Open a puzzle" }</summary>
            <p class="hint" id="import-hint">{ format!("Paste {}.", props.accepts) }</p>
            <textarea id="import-text" aria-labelledby="import-hint" ref={text} rows="3" spellcheck="false" placeholder="Paste a link or a puzzle here" oninput={edited} aria-describedby="import-error" />
            <div class="row">
                <button id="import-open" onclick={open}>{ "Open" }</button>
                <label class="file">{ "or choose a file " }<input id="import-file" type="file" onchange={on_file} /></label>
            </div>
            if let Some(e) = (*error).clone() {
                <p id="import-error" class="import-error" role="alert">
                    { e }
                    <span class="accepts">{ format!(" This page reads {}.", props.accepts) }</span>
                </p>
            }
        </details>
    }
}
