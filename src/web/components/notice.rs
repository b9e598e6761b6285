//! The message bar for errors and information; it never blocks the page.

use yew::prelude::*;

use crate::web::ctx::Ctx;
use crate::web::state::{Action, Severity};

/// Shows the current notice, if any, with a close button.
#[component]
pub fn NoticeBar() -> Html {
    let ctx = use_context::<Ctx>().expect("inside the app");
    let Some(notice) = ctx.state.notice.clone() else { return html! {} };
    let dismiss = {
        let state = ctx.state.clone();
        Callback::from(move |_| state.dispatch(Action::Dismiss))
    };
    let class = match notice.severity {
        Severity::Error => "notice error",
        Severity::Info => "notice info",
    };
    html! {
        <div id="notice" class={class} role="alert">
            <span class="notice-text">{ notice.text }</span>
            <button class="close" onclick={dismiss} aria-label="Close">{ "×" }</button>
        </div>
    }
}
