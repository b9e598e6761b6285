//! The root component: worker, routing by URL fragment, persistence, and the page frame.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::client::Client;
use super::portfolio::Portfolio;
use super::components::{art::ArtPage, bench::BenchPage, home::Home, kind_page, nav::Nav, notice::NoticeBar};
use super::ctx::{now_ms, Ctx};
use std::collections::HashMap;

use super::state::{Action, Kept, Severity, Live, Page, Play, State, Work};
use crate::link;
use crate::jobs::Reply;
use super::storage::{self, Trouble, TroubleAction};
use super::components::saved::SavedWorkBar;
use crate::jobs::Request;
use crate::kinds::{self, Kind};

fn current_fragment() -> String {
    web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default()
}

/// The marks of earlier puzzles, per kind, as saved by [`save_kept`]; what cannot be read is left out.
fn saved_kept() -> HashMap<Kind, Vec<Kept>> {
    Kind::ALL
        .into_iter()
        .filter_map(|k| {
            let text = storage::load(k, "kept")?;
            let list: Vec<(String, String, Play)> = serde_json::from_str(&text).ok()?;
            let kept = list
                .into_iter()
                .filter_map(|(puzzle, marks, play)| Some(Kept { puzzle: kinds::import(k, &puzzle).ok()?, marks: crate::marks_text::decode(&marks), play }))
                .collect();
            Some((k, kept))
        })
        .collect()
}

/// The text saved for a kind's kept marks: a JSON list of (puzzle, marks text, clock).
fn kept_text(kept: &[Kept]) -> String {
    let list: Vec<(&str, String, &Play)> = kept.iter().map(|k| (k.puzzle.as_str(), crate::marks_text::encode(&k.marks), &k.play)).collect();
    serde_json::to_string(&list).unwrap_or_default()
}

/// The fragment that names the puzzle on screen, when a kind page shows one.
fn fragment_on_screen(state: &State) -> Option<(Kind, String)> {
    let Page::Kind(kind) = state.page else { return None };
    let puzzle = state.workshops.get(&kind)?.puzzle.as_ref()?;
    kinds::share_fragment(kind, puzzle).ok().map(|f| (kind, f))
}

/// Makes the address bar name the puzzle on screen, so a reload or a bookmark opens it again.
/// A link to another puzzle gets a new history entry (Back returns to it, with its marks); a
/// bare kind address or another spelling of the same puzzle is replaced.
fn name_in_address_bar(kind: Kind, fragment: &str) {
    let here = current_fragment();
    let here = here.trim_start_matches('#');
    if here == fragment {
        return;
    }
    let Some(window) = web_sys::window() else { return };
    let Ok(history) = window.history() else { return };
    let names_a_puzzle = matches!(link::parse_fragment(here), Ok(Some(p)) if p.kind == kind && p.payload.is_some());
    let same_puzzle = names_a_puzzle && kinds::import(kind, here).ok() == kinds::import(kind, fragment).ok();
    let url = format!("#{fragment}");
    let _ = if names_a_puzzle && !same_puzzle {
        history.push_state_with_url(&JsValue::NULL, "", Some(&url))
    } else {
        history.replace_state_with_url(&JsValue::NULL, "", Some(&url))
    };
}

/// Scrolls so the top of the board (`#board`) is in view, when it is not.
fn show_board_top() {
    let Some(window) = web_sys::window() else { return };
    let Some(board) = window.document().and_then(|d| d.get_element_by_id("board")) else { return };
    let top = board.get_bounding_client_rect().top();
    let height = window.inner_height().ok().and_then(|h| h.as_f64()).unwrap_or(0.0);
    if top < 0.0 || top > height * 0.6 {
        // The zoom bar (and Flood-It's colour buttons) sit just above the board.
        let _ = window.scroll_by_with_x_and_y(0.0, top - 110.0);
    }
}

/// The studio.
#[component]
pub fn App() -> Html {
    // Saved work read once; unreadable saves are set aside under their own keys (storage.rs).
    let initial = use_memo((), |_| storage::load_all());
    let state = use_reducer(|| {
        let saved = initial.0.iter().map(|(k, p, m, play)| (*k, p.clone(), m.clone(), serde_json::from_str(play).unwrap_or_default())).collect();
        State::new(saved, saved_kept(), &current_fragment())
    });
    let trouble = use_reducer(|| {
        let blocked = initial.1.iter().filter(|a| a.key.is_empty()).map(|a| a.kind).collect();
        Trouble { aside: initial.1.clone(), blocked, ..Trouble::default() }
    });
    // What each kind's storage holds now, so only changed work is written (and work cleared
    // from storage to make room is not written back until it changes).
    let last_saved: Rc<RefCell<HashMap<Kind, String>>> = use_mut_ref(|| {
        initial.0.iter().map(|(k, p, m, play)| (*k, crate::saved::encode_with_play(*k, p, m, play))).collect()
    });
    let live = use_reducer(Live::default);
    let client: Rc<RefCell<Option<Client>>> = use_mut_ref(|| None);
    let portfolio: Rc<RefCell<Option<Portfolio>>> = use_mut_ref(|| None);
    let next_job: Rc<RefCell<u32>> = use_mut_ref(|| 0);

    {
        let dispatcher = state.dispatcher();
        let live = live.dispatcher();
        let client = client.clone();
        use_effect_with((), move |_| {
            let d = dispatcher.clone();
            *client.borrow_mut() = Some(Client::new(Callback::from(move |env: crate::jobs::Envelope<Reply>| match env.body {
                Reply::Progress { .. } | Reply::Snapshot(_) => live.dispatch(env),
                Reply::BenchRecords(_) => live.dispatch(env),
                _ => d.dispatch(Action::Reply(env)),
            })));
            let d = dispatcher.clone();
            let on_hash = Closure::<dyn Fn()>::new(move || d.dispatch(Action::Route(current_fragment())));
            if let Some(w) = web_sys::window() {
                let _ = w.add_event_listener_with_callback("hashchange", on_hash.as_ref().unchecked_ref());
            }
            on_hash.forget();
            || ()
        });
    }

    // Nothing the user made is lost: puzzles and marks go to local storage as they change, and a
    // save the browser refuses is shown at once (storage::Trouble, components::saved).
    {
        let saved: Vec<(Kind, Option<String>, Vec<u8>, String)> = state
            .workshops
            .iter()
            .map(|(k, w)| (*k, w.puzzle.clone(), w.marks.clone(), if w.play == Play::default() { String::new() } else { serde_json::to_string(&w.play).unwrap_or_default() }))
            .collect();
        let trouble_d = trouble.dispatcher();
        let blocked = trouble.blocked.clone();
        let last_saved = last_saved.clone();
        use_effect_with((saved, trouble.retry), move |(saved, _)| {
            for (kind, puzzle, marks, play) in saved {
                let Some(p) = puzzle else { continue };
                if blocked.contains(kind) {
                    continue;
                }
                let record = crate::saved::encode_with_play(*kind, p, marks, play);
                if last_saved.borrow().get(kind) == Some(&record) {
                    continue;
                }
                match storage::save_work(*kind, p, marks, play) {
                    Ok(()) => {
                        last_saved.borrow_mut().insert(*kind, record);
                        trouble_d.dispatch(TroubleAction::Saved(*kind));
                    }
                    Err(e) => trouble_d.dispatch(TroubleAction::Failed(*kind, e)),
                }
            }
            || ()
        });
    }

    {
        let kept: Vec<(Kind, String)> = state.kept.iter().map(|(k, v)| (*k, kept_text(v))).collect();
        let dispatcher = state.dispatcher();
        use_effect_with(kept, move |kept| {
            for (kind, text) in kept {
                if let Err(e) = storage::save(*kind, "kept", text) {
                    dispatcher.dispatch(Action::Notify(Severity::Error, format!("Could not save the marks of earlier puzzles: {e}")));
                }
            }
            || ()
        });
    }

    // The address bar always names the puzzle on screen; a puzzle that replaces another (Play
    // this, New puzzle, a sample) is brought into view from the top of its board.
    {
        let shown: Rc<RefCell<Option<String>>> = use_mut_ref(|| None);
        use_effect_with(fragment_on_screen(&state), move |on_screen| {
            if let Some((kind, fragment)) = on_screen {
                name_in_address_bar(*kind, fragment);
                let before = shown.borrow_mut().replace(fragment.clone());
                if before.is_some_and(|b| &b != fragment) {
                    show_board_top();
                }
            }
            || ()
        });
    }

    let run = {
        let client = client.clone();
        let dispatcher = state.dispatcher();
        let next_job = next_job.clone();
        Callback::from(move |(work, request): (Work, Request)| {
            let kind = request.kind();
            // The memory limit, before the work starts (crate::limits): a count that would
            // outgrow it is lowered and said; a request that cannot fit is refused, naming it.
            let (request, note) = match crate::limits::fit(request) {
                Ok(fitted) => fitted,
                Err(e) => {
                    dispatcher.dispatch(Action::Notify(Severity::Error, format!("Not started: {e}")));
                    return;
                }
            };
            let job = {
                let mut n = next_job.borrow_mut();
                *n += 1;
                *n
            };
            let sent = match client.borrow().as_ref() {
                Some(c) => c.send(job, request),
                None => Err("the solver worker is not running".into()),
            };
            match sent {
                Ok(()) => {
                    dispatcher.dispatch(Action::Started { job, kind, work, now_ms: now_ms() });
                    // Said after Started, which clears the last run's messages.
                    if let Some(note) = note {
                        dispatcher.dispatch(Action::Notify(Severity::Info, note));
                    }
                }
                Err(e) => dispatcher.dispatch(Action::Notify(Severity::Error, format!("Could not start the work: {e}"))),
            }
        })
    };
    let race = {
        let (portfolio, next_job) = (portfolio.clone(), next_job.clone());
        let (dispatcher, live) = (state.dispatcher(), live.dispatcher());
        Callback::from(move |(work, requests): (Work, Vec<Request>)| {
            let kind = requests.first().and_then(Request::kind);
            let job = {
                let mut n = next_job.borrow_mut();
                *n += 1;
                *n
            };
            let (d, live) = (dispatcher.clone(), live.clone());
            let on_reply = Callback::from(move |env: crate::jobs::Envelope<Reply>| match env.body {
                Reply::Progress { .. } | Reply::Snapshot(_) => live.dispatch(env),
                _ => d.dispatch(Action::Reply(env)),
            });
            dispatcher.dispatch(Action::Started { job, kind, work, now_ms: now_ms() });
            // A new race ends the previous one (its workers are terminated on drop).
            let started = Portfolio::start(job, requests, on_reply);
            *portfolio.borrow_mut() = Some(started);
        })
    };
    let cancel = {
        let client = client.clone();
        let portfolio = portfolio.clone();
        let dispatcher = state.dispatcher();
        Callback::from(move |_| {
            portfolio.borrow_mut().take();
            if let Some(c) = client.borrow_mut().as_mut() {
                c.restart();
            }
            dispatcher.dispatch(Action::Cancelled);
        })
    };
    let go = {
        let dispatcher = state.dispatcher();
        Callback::from(move |fragment: String| {
            let fragment = fragment.trim_start_matches('#').to_string();
            if let Some(w) = web_sys::window() {
                let same = current_fragment().trim_start_matches('#') == fragment;
                let _ = w.location().set_hash(&fragment);
                if same {
                    dispatcher.dispatch(Action::Route(fragment));
                }
            }
        })
    };

    let ctx = Ctx { state: state.clone(), run, race, cancel, go };
    let page = match state.page {
        Page::Home => html! { <Home /> },
        Page::Bench => html! { <BenchPage /> },
        Page::Art => html! { <ArtPage /> },
        Page::Kind(kind) => kind_page(kind),
    };
    html! {
        <ContextProvider<Ctx> context={ctx}>
            <ContextProvider<UseReducerHandle<Live>> context={live}>
            <ContextProvider<UseReducerHandle<Trouble>> context={trouble}>
                <Nav />
                // Messages float in one stack at the bottom of the view: always in sight, never
                // moving the board, never over one another.
                <div id="toasts" class="toasts">
                    <NoticeBar />
                    <SavedWorkBar />
                </div>
                <main id="page">{ page }</main>
            </ContextProvider<UseReducerHandle<Trouble>>>
            </ContextProvider<UseReducerHandle<Live>>>
        </ContextProvider<Ctx>>
    }
}
