//! The root component: worker, routing by URL fragment, persistence, and the page frame.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::client::Client;
use super::portfolio::Portfolio;
use super::components::{art::ArtPage, bench::BenchPage, floodit::FloodItPage, home::Home, kenken::KenKenPage, nav::Nav, nonogram::NonogramPage, notice::NoticeBar, starbattle::StarBattlePage};
use super::components::rectfree::RectFreePage;
use super::ctx::{now_ms, Ctx};
use super::state::{Action, Level, Live, Page, State, Work};
use crate::jobs::Reply;
use super::storage::{self, Trouble, TroubleAction};
use super::components::saved::SavedWorkBar;
use std::collections::HashMap;
use crate::jobs::Request;
use crate::kinds::Kind;

fn current_fragment() -> String {
    web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default()
}

/// The studio.
#[component]
pub fn App() -> Html {
    // Saved work read once; unreadable saves are set aside under their own keys (storage.rs).
    let initial = use_memo((), |_| storage::load_all());
    let state = use_reducer(|| State::new(initial.0.clone(), &current_fragment()));
    let trouble = use_reducer(|| {
        let blocked = initial.1.iter().filter(|a| a.key.is_empty()).map(|a| a.kind).collect();
        Trouble { aside: initial.1.clone(), blocked, ..Trouble::default() }
    });
    // What each kind's storage holds now, so only changed work is written (and work cleared
    // from storage to make room is not written back until it changes).
    let last_saved: Rc<RefCell<HashMap<Kind, String>>> = use_mut_ref(|| {
        initial.0.iter().map(|(k, p, m)| (*k, crate::saved::encode(*k, p, m))).collect()
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
                Reply::Progress { .. } | Reply::RectFreeProgress(_) => live.dispatch(env),
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
        let saved: Vec<(Kind, Option<String>, Vec<u8>)> =
            state.workshops.iter().map(|(k, w)| (*k, w.puzzle.clone(), w.marks.clone())).collect();
        let trouble_d = trouble.dispatcher();
        let blocked = trouble.blocked.clone();
        let last_saved = last_saved.clone();
        use_effect_with((saved, trouble.retry), move |(saved, _)| {
            for (kind, puzzle, marks) in saved {
                let Some(p) = puzzle else { continue };
                if blocked.contains(kind) {
                    continue;
                }
                let record = crate::saved::encode(*kind, p, marks);
                if last_saved.borrow().get(kind) == Some(&record) {
                    continue;
                }
                match storage::save_work(*kind, p, marks) {
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

    let run = {
        let client = client.clone();
        let dispatcher = state.dispatcher();
        let next_job = next_job.clone();
        Callback::from(move |(kind, work, request): (Kind, Work, Request)| {
            // The memory limit, before the work starts (crate::limits): a count that would
            // outgrow it is lowered and said; a request that cannot fit is refused, naming it.
            let request = match crate::limits::fit(request) {
                Ok((request, note)) => {
                    if let Some(note) = note {
                        dispatcher.dispatch(Action::Notify(Level::Info, note));
                    }
                    request
                }
                Err(e) => {
                    dispatcher.dispatch(Action::Notify(Level::Error, format!("Not started: {e}")));
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
                Ok(()) => dispatcher.dispatch(Action::Started { job, kind, work, now_ms: now_ms() }),
                Err(e) => dispatcher.dispatch(Action::Notify(Level::Error, format!("Could not start the work: {e}"))),
            }
        })
    };
    let race = {
        let (portfolio, next_job) = (portfolio.clone(), next_job.clone());
        let (dispatcher, live) = (state.dispatcher(), live.dispatcher());
        Callback::from(move |(kind, work, requests): (Kind, Work, Vec<Request>)| {
            let job = {
                let mut n = next_job.borrow_mut();
                *n += 1;
                *n
            };
            let (d, live) = (dispatcher.clone(), live.clone());
            let on_reply = Callback::from(move |env: crate::jobs::Envelope<Reply>| match env.body {
                Reply::Progress { .. } | Reply::RectFreeProgress(_) => live.dispatch(env),
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
        Page::Kind(Kind::StarBattle) => html! { <StarBattlePage /> },
        Page::Kind(Kind::Nonogram) => html! { <NonogramPage /> },
        Page::Kind(Kind::KenKen) => html! { <KenKenPage /> },
        Page::Kind(Kind::FloodIt) => html! { <FloodItPage /> },
        Page::Kind(Kind::RectFree) => html! { <RectFreePage /> },
    };
    html! {
        <ContextProvider<Ctx> context={ctx}>
            <ContextProvider<UseReducerHandle<Live>> context={live}>
            <ContextProvider<UseReducerHandle<Trouble>> context={trouble}>
                <Nav />
                <NoticeBar />
                <SavedWorkBar />
                <main id="page">{ page }</main>
            </ContextProvider<UseReducerHandle<Trouble>>>
            </ContextProvider<UseReducerHandle<Live>>>
        </ContextProvider<Ctx>>
    }
}
