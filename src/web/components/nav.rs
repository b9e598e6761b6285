//! The navigation bar: one entry per kind, the image tool and the benchmark.

use yew::prelude::*;

use crate::kinds::Kind;
use crate::web::ctx::Ctx;
use crate::web::state::Page;

/// The bar across the top.
#[component]
pub fn Nav() -> Html {
    let ctx = use_context::<Ctx>().expect("inside the app");
    let page = ctx.state.page;
    let item = |href: String, label: &'static str, active: bool| {
        html! { <a class={classes!("nav-item", active.then_some("active"))} href={href}>{ label }</a> }
    };
    html! {
        <nav id="nav">
            <a class="brand" href="#">{ "Puzzle Studio" }</a>
            { for Kind::ALL.into_iter().map(|k| item(format!("#{}", k.id()), k.title(), page == Page::Kind(k))) }
            { item("#art".into(), "Image to nonogram", page == Page::Art) }
            { item("#bench".into(), "Benchmark", page == Page::Bench) }
            <super::theme::ThemeSwitch />
        </nav>
    }
}
