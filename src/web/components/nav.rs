//! The navigation bar: one entry per kind, the image tool and the benchmark; on a phone the
//! entries fold into a Menu button so the board starts near the top. A skip link comes first in
//! the tab order and takes keyboard users straight to the board.

use yew::prelude::*;

use gloo_timers::callback::Interval;

use crate::kinds::Kind;
use crate::web::components::status::elapsed_text;
use crate::web::ctx::{now_ms, Ctx};
use crate::web::state::{Busy, Page};

/// Moves keyboard focus to where the page's board is played from: the element marked
/// `data-skip-target` (Flood-It's swatch in the tab order), else the board (`#board`), else the
/// page itself.
fn focus_board() {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
    let marked = doc.query_selector("#page [data-skip-target]").ok().flatten();
    let target =
        marked.or_else(|| doc.get_element_by_id("board")).or_else(|| doc.get_element_by_id("page"));
    if let Some(el) =
        target.and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok())
    {
        if el.tab_index() < 0 {
            el.set_tab_index(-1);
        }
        let _ = el.focus();
    }
}

/// Props: one job of another page.
#[derive(Properties, PartialEq)]
struct JobProps {
    busy: Busy,
}

/// A job running on another page, in the bar: its page's name (a link back to it), what it
/// does, its time and visible end, and a Cancel that stops only it. Its clock ticks here, so
/// only this chip re-renders.
#[component]
fn JobChip(props: &JobProps) -> Html {
    let ctx = use_context::<Ctx>().expect("inside the app");
    let now = use_state(now_ms);
    {
        let now = now.clone();
        use_effect_with(props.busy.job, move |_| {
            let interval = Interval::new(1000, move || now.set(now_ms()));
            move || drop(interval)
        });
    }
    let b = &props.busy;
    let owner = b.owner;
    let cancel = ctx.cancel.reform(move |_: MouseEvent| owner);
    html! {
        <div class="nav-job" data-owner={owner.fragment()} role="status">
            <span class="spinner" aria-hidden="true"></span>
            <a href={format!("#{}", owner.fragment())}>{ format!("{}: {}", owner.title(), b.doing()) }</a>
            <span class="nav-job-time">{ elapsed_text(*now - b.started_ms, b.budget_ms) }</span>
            <button class="nav-job-cancel" onclick={cancel} aria-label={format!("Cancel the {} job", owner.title())}>{ "Cancel" }</button>
        </div>
    }
}

/// The bar across the top.
#[component]
pub fn Nav() -> Html {
    let ctx = use_context::<Ctx>().expect("inside the app");
    let page = ctx.state.page;
    let open = use_state(|| false);
    // Choosing a page closes the menu; chosen from the menu by keyboard, focus goes on to the
    // page's board (or the page), not left behind in the menu.
    {
        let open = open.clone();
        use_effect_with(page, move |_| {
            open.set(false);
            let in_menu = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.active_element())
                .is_some_and(|e| e.closest("#nav-items").ok().flatten().is_some());
            if in_menu {
                focus_board();
            }
            || ()
        });
    }
    let item = |href: String, label: &'static str, active: bool| {
        html! { <a class={classes!("nav-item", active.then_some("active"))} href={href} aria-current={active.then_some("page")}>{ label }</a> }
    };
    let toggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    let skip = Callback::from(|e: MouseEvent| {
        e.prevent_default();
        focus_board();
    });
    let here = match page {
        Page::Home => "Home",
        Page::Kind(k) => k.title(),
        Page::Art => "Image to nonogram",
        Page::Bench => "Benchmark",
        Page::Mine => "My puzzles",
    };
    html! {
        <>
        <button id="skip-link" class="skip-link" onclick={skip}>{ if matches!(page, Page::Kind(_)) { "Skip to the board" } else { "Skip to the page" } }</button>
        <nav id="nav" class={classes!((*open).then_some("open"))} aria-label="Studio">
            <a class="brand" href="#">{ "Puzzle Studio" }</a>
            <span class="nav-here" aria-hidden="true">{ here }</span>
            <button id="nav-menu" class="nav-menu" aria-expanded={(*open).to_string()} aria-controls="nav-items" onclick={toggle}>{ if *open { "Close" } else { "Menu" } }</button>
            <div id="nav-items" class="nav-items">
                { for Kind::ALL.into_iter().map(|k| item(format!("#{}", k.id()), k.title(), page == Page::Kind(k))) }
                { item("#art".into(), "Image to nonogram", page == Page::Art) }
                { item("#bench".into(), "Benchmark", page == Page::Bench) }
                { item("#mine".into(), "My puzzles", page == Page::Mine) }
            </div>
            <super::theme::ThemeSwitch />
        </nav>
        // Jobs left running on other pages: each page's work goes on in its own worker.
        if ctx.state.jobs.iter().any(|b| b.owner.page() != page) {
            <div id="nav-jobs" class="nav-jobs">
                { for ctx.state.jobs.iter().filter(|b| b.owner.page() != page).map(|b| html! { <JobChip key={b.job} busy={b.clone()} /> }) }
            </div>
        }
        </>
    }
}
