//! The message bar for errors and information; it never blocks the page.

use gloo_timers::callback::Timeout;
use yew::prelude::*;

/// How long a notice for information stays (errors stay until closed).
const INFO_MS: u32 = 10_000;

use crate::web::ctx::Ctx;
use crate::web::state::{Action, Severity};

/// Shows the current notice, if any, with a close button.
#[component]
pub fn NoticeBar() -> Html {
    let ctx = use_context::<Ctx>().expect("inside the app");
    // Information goes by itself after a while, so it never sits over the controls.
    {
        let state = ctx.state.clone();
        use_effect_with(ctx.state.notice.clone(), move |notice| {
            let timer = notice.as_ref().filter(|n| n.severity == Severity::Info).map(|n| {
                let text = n.text.clone();
                Timeout::new(INFO_MS, move || state.dispatch(Action::Expire(text)))
            });
            move || drop(timer)
        });
    }
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
