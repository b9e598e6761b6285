//! Storage trouble, said at once (issue 24): a save the browser refused, with a way out (export
//! the puzzle, clear the other kinds' saved puzzles to make room), and unreadable saved work set
//! aside, reported once and offered as a text file. State: `storage::Trouble`, its own reducer.

use yew::prelude::*;

use crate::kinds::Kind;
use crate::web::ctx::Ctx;
use crate::web::download;
use crate::web::state::Page;
use crate::web::storage::{self, SaveError, Trouble, TroubleAction};

fn names(kinds: &[Kind]) -> String {
    let titles: Vec<&str> = kinds.iter().map(|k| k.title()).collect();
    match titles.len() {
        0 => String::new(),
        1 => titles[0].to_string(),
        n => format!("{} and {}", titles[..n - 1].join(", "), titles[n - 1]),
    }
}

/// The storage messages, shown under the notice bar.
#[component]
pub fn SavedWorkBar() -> Html {
    let ctx = use_context::<Ctx>().expect("inside the app");
    let trouble = use_context::<UseReducerHandle<Trouble>>().expect("inside the app");
    let mut out = Vec::new();

    if let Some((kind, error)) = trouble.failed.clone() {
        let puzzle = ctx.state.workshop(kind).puzzle.clone();
        let export = Callback::from(move |_| {
            if let Some(p) = &puzzle {
                let _ = download::text(&format!("{}.json", kind.id()), "application/json", p);
            }
        });
        let others: Vec<Kind> = Kind::ALL
            .into_iter()
            .filter(|k| {
                *k != kind
                    && ["work", "puzzle", "marks"].iter().any(|w| storage::load(*k, w).is_some())
            })
            .collect();
        let clear = {
            let trouble = trouble.clone();
            Callback::from(move |_| {
                trouble.dispatch(TroubleAction::Cleared(storage::clear_other_puzzles(Some(kind))))
            })
        };
        let headline = match &error {
            SaveError::Full => "Not saved: the browser's storage is full.".to_string(),
            SaveError::Refused(_) => format!("Not saved: {error}."),
        };
        let room = if others.is_empty() {
            html! { <span class="storage-hint">{ " No other saved puzzles to clear here; free space in the browser's site data, or keep the exported file." }</span> }
        } else {
            html! {
                <button id="storage-clear" onclick={clear} title={format!("Removes the saved puzzles of {} from this browser (this page keeps them until you reload)", names(&others))}>
                    { format!("Clear old puzzles ({})", names(&others)) }
                </button>
            }
        };
        out.push(html! {
            <div id="storage-trouble" class="notice error storage" role="alert">
                <span class="notice-text">{ headline }{ format!(" Your {} work is kept on this page only until you close or reload it. ", kind.title()) }</span>
                <button id="storage-export" onclick={export}>{ "Export the puzzle" }</button>
                { room }
            </div>
        });
    } else if !trouble.cleared.is_empty() {
        out.push(html! {
            <div id="storage-cleared" class="notice info storage" role="status">
                { format!("Cleared the saved puzzles of {}; your work is saved again.", names(&trouble.cleared)) }
            </div>
        });
    }

    for aside in trouble.aside.iter() {
        let text = storage::read_key(&aside.key);
        let kind = aside.kind;
        let download = {
            let text = text.clone().unwrap_or_default();
            Callback::from(move |_| {
                let _ =
                    download::text(&format!("unreadable-{}.txt", kind.id()), "text/plain", &text);
            })
        };
        let discard = {
            let (trouble, key) = (trouble.clone(), aside.key.clone());
            Callback::from(move |_| {
                storage::discard_key(&key);
                trouble.dispatch(TroubleAction::Discarded(key.clone()));
            })
        };
        let buttons = if aside.key.is_empty() {
            html! {}
        } else {
            html! {
                <>
                    <button class="aside-download" data-kind={kind.id()} onclick={download}>{ "Download it as text" }</button>
                    <button class="aside-discard" data-kind={kind.id()} onclick={discard}>{ "Discard it" }</button>
                </>
            }
        };
        match &aside.found {
            // Found on this visit: reported once, loudly.
            Some(sentence) => out.push(html! {
                <div class="notice error storage aside-found" data-kind={kind.id()} role="alert">
                    <span class="notice-text">{ sentence.clone() }{ " " }</span>
                    { buttons }
                </div>
            }),
            // Set aside on an earlier visit: listed quietly on the home page until discarded.
            None if ctx.state.page == Page::Home => out.push(html! {
                <div class="notice info storage aside-kept" data-kind={kind.id()}>
                    <span class="notice-text">{ format!("Unreadable saved {} work is kept aside. ", kind.title()) }</span>
                    { buttons }
                </div>
            }),
            None => {}
        }
    }
    html! { <>{ for out }</> }
}
