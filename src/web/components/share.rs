//! The share box: the studio link for the puzzle on screen, plus outside links where they exist.

use yew::prelude::*;

/// Props: the fragment and any extra links.
#[derive(Properties, PartialEq)]
pub struct Props {
    /// The share fragment without `#`.
    pub fragment: String,
    /// Other places this puzzle opens, as (label, url).
    #[prop_or_default]
    pub extra: Vec<(String, String)>,
}

/// The full studio link for a share fragment (without `#`), on this page's address.
pub fn link_for(fragment: &str) -> String {
    format!("{}#{fragment}", page_base())
}

fn page_base() -> String {
    web_sys::window()
        .and_then(|w| w.location().href().ok())
        .map(|h| h.split('#').next().unwrap_or("").to_string())
        .unwrap_or_default()
}

/// A read-only link field with a Copy button.
#[component]
pub fn Share(props: &Props) -> Html {
    let url = link_for(&props.fragment);
    let copied = use_state(|| false);
    let copy = {
        let url = url.clone();
        let copied = copied.clone();
        Callback::from(move |_| {
            if let Some(w) = web_sys::window() {
                let _ = w.navigator().clipboard().write_text(&url);
                copied.set(true);
            }
        })
    };
    html! {
        <div class="share">
            <label for="share-link">{ "Share link" }</label>
            <input id="share-link" readonly=true value={url.clone()} onfocus={Callback::from(|e: FocusEvent| {
                if let Some(t) = e.target_dyn_into::<web_sys::HtmlInputElement>() { t.select(); }
            })} />
            <button onclick={copy}>{ if *copied { "Copied" } else { "Copy" } }</button>
            { for props.extra.iter().map(|(label, href)| html! { <a class="extra-link" href={href.clone()} target="_blank" rel="noopener">{ label.clone() }</a> }) }
            <p id="print-link" class="print-link">{ url.clone() }</p>
        </div>
    }
}
