//! The root component: worker, routing by URL fragment, persistence, and the page frame.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::client::Client;
use super::components::{
    art::ArtPage, bench::BenchPage, home::Home, kind_page, mine::MyPuzzles, nav::Nav,
    notice::NoticeBar,
};
use super::ctx::{now_ms, Ctx};
use super::portfolio::Portfolio;
use std::collections::HashMap;

use super::components::saved::SavedWorkBar;
use super::state::{
    Action, Kept, Live, Owner, Page, Play, ReadAheads, Reading, Severity, State, Work,
};
use super::storage::{self, Trouble, TroubleAction};
use crate::jobs::Reply;
use crate::jobs::Request;
use crate::kinds::{self, Kind};
use crate::link;
use crate::play_history::{History, STEPS};

fn current_fragment() -> String {
    web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default()
}

/// The marks of earlier puzzles, per kind, oldest first: My puzzles' records
/// ([`crate::library`]) less the puzzles on screen, plus the list older versions kept under
/// `<kind>/kept` (read once; its puzzles get records of their own at the first save).
fn saved_kept(
    library: &[(String, String, crate::library::Entry)],
    current: &[(Kind, String, Vec<u8>, String)],
) -> HashMap<Kind, Vec<Kept>> {
    let mut out: HashMap<Kind, Vec<Kept>> = HashMap::new();
    let on_screen = |k: Kind, p: &str| {
        current.iter().any(|(ck, cp, _, _)| *ck == k && crate::app_state::same_puzzle(k, cp, p))
    };
    for k in Kind::ALL {
        let Some(text) = storage::load(k, "kept") else { continue };
        let Ok(list) = serde_json::from_str::<Vec<(String, String, Play)>>(&text) else { continue };
        for (puzzle, marks, play) in list {
            if let Ok(puzzle) = kinds::import(k, &puzzle) {
                out.entry(k).or_default().push(Kept {
                    puzzle,
                    marks: crate::marks_text::decode(&marks),
                    play,
                    history: "".into(),
                });
            }
        }
    }
    for (_, _, e) in library {
        if on_screen(e.kind, &e.puzzle) {
            continue;
        }
        let list = out.entry(e.kind).or_default();
        list.retain(|k| !crate::app_state::same_puzzle(e.kind, &k.puzzle, &e.puzzle));
        list.push(Kept {
            puzzle: e.puzzle.clone(),
            marks: e.marks.clone(),
            play: e.play.clone(),
            history: e.history.clone(),
        });
    }
    for list in out.values_mut() {
        list.sort_by(|a, b| {
            a.play.last_ms.unwrap_or(0.0).total_cmp(&b.play.last_ms.unwrap_or(0.0))
        });
        let extra = list.len().saturating_sub(crate::app_state::KEPT_PER_KIND);
        list.drain(..extra);
    }
    out
}

/// Writes the records of My puzzles that changed ([`crate::library`]): one per puzzle played.
/// A kept puzzle's Undo history is halved until its record fits a full storage, as
/// [`save_work`] does (said once a puzzle); only a record without history that still does not
/// fit is a failed save, so the marks go first.
fn save_entries(
    entries: impl Iterator<Item = crate::library::Entry>,
    last: &RefCell<HashMap<String, String>>,
    shortened: &RefCell<std::collections::HashSet<String>>,
    trouble: &yew::UseReducerDispatcher<Trouble>,
    state: &yew::UseReducerDispatcher<State>,
) {
    for e in entries.filter(|e| crate::library::started(&e.marks, &e.play)) {
        let key = crate::library::key(e.kind, &e.puzzle);
        let mut text = e.history.to_string();
        let saved = loop {
            let record = crate::library::encode_with_history(&e, &text);
            if last.borrow().get(&key) == Some(&record) {
                break true;
            }
            match storage::save_entry(&key, &record) {
                Ok(()) => {
                    last.borrow_mut().insert(key.clone(), record);
                    break true;
                }
                Err(storage::SaveError::Full) if !text.is_empty() => {
                    let (u, r) = crate::play_history::steps_in(&text);
                    text = crate::play_history::shorten(&text, u.max(r) / 2);
                }
                Err(err) => {
                    trouble.dispatch(TroubleAction::Failed(e.kind, err));
                    break false;
                }
            }
        };
        if saved && *text != *e.history && shortened.borrow_mut().insert(key.clone()) {
            let (had, kept) = (steps(&e.history), steps(&text));
            let steps = match kept {
                0 => format!("but without its {had} Undo and Redo steps (they are kept"),
                _ => format!(
                    "and the last {kept} of its {had} Undo and Redo steps (the rest are kept"
                ),
            };
            state.dispatch(Action::Notify(Severity::Info, format!("The browser's storage is nearly full: the {} puzzle you left is kept in My puzzles with its marks {steps} until you reload).", e.kind.title())));
        }
    }
}

/// Saves a workshop's record with as much of its Undo history as the storage takes: when the
/// browser's storage is full, the history is halved until the record fits (said once), and
/// only a record without history that still does not fit is a failed save.
#[allow(clippy::too_many_arguments)]
fn save_work(
    kind: Kind,
    puzzle: &str,
    marks: &[u8],
    play: &str,
    history: &History,
    last_saved: &RefCell<HashMap<Kind, String>>,
    shortened: &RefCell<HashMap<Kind, bool>>,
    trouble: &yew::UseReducerDispatcher<Trouble>,
    state: &yew::UseReducerDispatcher<State>,
) {
    let whole = crate::play_history::encode(marks, history, STEPS);
    let mut text = whole.clone();
    loop {
        let record = crate::saved::encode_with_history(kind, puzzle, marks, play, &text);
        if last_saved.borrow().get(&kind) == Some(&record) {
            return;
        }
        match storage::save_work(kind, &record) {
            Ok(()) => {
                last_saved.borrow_mut().insert(kind, record);
                trouble.dispatch(TroubleAction::Saved(kind));
                let short = text != whole;
                if short && !shortened.borrow().get(&kind).copied().unwrap_or(false) {
                    let (had, kept) = (steps(&whole), steps(&text));
                    state.dispatch(Action::Notify(Severity::Info, format!("The browser's storage is nearly full: your {} marks are saved, with the last {kept} of {had} Undo and Redo steps (the rest are kept until you reload).", kind.title())));
                }
                shortened.borrow_mut().insert(kind, short);
                return;
            }
            Err(storage::SaveError::Full) if !text.is_empty() => {
                let (u, r) = crate::play_history::steps_in(&text);
                text = crate::play_history::encode(marks, history, u.max(r) / 2);
            }
            Err(e) => {
                trouble.dispatch(TroubleAction::Failed(kind, e));
                return;
            }
        }
    }
}

/// The steps a history text keeps, Undo's and Redo's together.
fn steps(text: &str) -> usize {
    let (u, r) = crate::play_history::steps_in(text);
    u + r
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
    let names_a_puzzle =
        matches!(link::parse_fragment(here), Ok(Some(p)) if p.kind == kind && p.payload.is_some());
    let same_puzzle =
        names_a_puzzle && kinds::import(kind, here).ok() == kinds::import(kind, fragment).ok();
    let url = format!("#{fragment}");
    let _ = if names_a_puzzle && !same_puzzle {
        history.push_state_with_url(&JsValue::NULL, "", Some(&url))
    } else {
        history.replace_state_with_url(&JsValue::NULL, "", Some(&url))
    };
}

/// Brings a puzzle that replaced another into view: the page from its top when the board is
/// near it (the title, the rules line and the play bar come with it), else the top of the board
/// (`#board`), when it is not in view already.
fn show_board_top() {
    let Some(window) = web_sys::window() else { return };
    let Some(board) = window.document().and_then(|d| d.get_element_by_id("board")) else { return };
    let top = board.get_bounding_client_rect().top();
    let height = super::scroll::screen_height();
    let scrolled = window.scroll_y().unwrap_or(0.0);
    if top + scrolled < height * 0.6 {
        window.scroll_to_with_x_and_y(0.0, 0.0);
    } else if height > 0.0 {
        // The zoom bar (and Flood-It's colour buttons) sit just above the board: 110 px.
        let in_view = |rect: &web_sys::DomRect, h: f64| rect.top() >= 0.0 && rect.top() <= h * 0.6;
        super::scroll::bring_into_view(&board, 110.0 / height, in_view);
    }
}

/// Every page opens at its top (a link, Play it, Play this, the menu), not where the last page
/// was scrolled to.
fn show_page_top() {
    if let Some(window) = web_sys::window() {
        window.scroll_to_with_x_and_y(0.0, 0.0);
    }
}

/// How many idle workers of other pages are kept (each keeps its page's hint answers); older
/// idle ones are stopped, since a worker's memory only grows.
const IDLE_KEPT: usize = 2;

/// The page's workers: one per owner (the page a job belongs to), so a search left running on
/// one page never holds up another. The page on screen gets its worker when it opens, so its
/// first job need not wait for a worker to load.
struct Workers {
    by_owner: HashMap<Owner, Client>,
    /// Owners in order of last use, oldest first.
    used: Vec<Owner>,
    on_reply: Callback<crate::jobs::Envelope<Reply>>,
}

impl Workers {
    fn new(on_reply: Callback<crate::jobs::Envelope<Reply>>) -> Self {
        Workers { by_owner: HashMap::new(), used: Vec::new(), on_reply }
    }

    /// The worker of `owner`, started when it has none; the oldest idle workers of other pages
    /// beyond [`IDLE_KEPT`] are stopped.
    fn client(&mut self, owner: Owner) -> &Client {
        if !self.by_owner.contains_key(&owner) {
            self.by_owner.insert(owner, Client::new(self.on_reply.clone()));
        }
        self.used.retain(|o| *o != owner);
        self.used.push(owner);
        let idle: Vec<Owner> = self
            .used
            .iter()
            .copied()
            .filter(|o| *o != owner && self.by_owner.get(o).is_some_and(Client::idle))
            .collect();
        for old in idle.iter().take(idle.len().saturating_sub(IDLE_KEPT)) {
            self.by_owner.remove(old);
            self.used.retain(|o| o != old);
        }
        &self.by_owner[&owner]
    }

    /// Stops `owner`'s job at once: its worker is ended and a fresh one started in its place.
    fn cancel(&mut self, owner: Owner) {
        if self.by_owner.remove(&owner).is_some() {
            self.by_owner.insert(owner, Client::new(self.on_reply.clone()));
        }
    }
}

/// How long a hint may take before the page shows it running. Most hints answer within a few
/// milliseconds; filing the job at once would draw the whole page an extra time (buttons off,
/// Cancel shown) just before the answer, and the answer would wait for that drawing. So a hint
/// is filed as started only when it answers, or when this time has passed (issue 40).
const QUIET_MS: u32 = 150;

/// Hint jobs sent and not yet filed as started, by job: the [`Action::Started`] to dispatch,
/// and the kind (a second press of Hint meanwhile sends nothing).
type Quiet = Rc<RefCell<HashMap<u32, (Action, Option<Kind>)>>>;

/// Sends `request` straight to `kind`'s worker, never filed as a job: the page shows nothing and
/// a Cancel has nothing to stop (the warm-up, and the hints found ahead, kept by [`ReadAheads`]).
fn send_quietly(
    workers: &RefCell<Option<Workers>>,
    next_job: &RefCell<u32>,
    kind: Kind,
    request: Request,
) {
    let job = {
        let mut n = next_job.borrow_mut();
        *n += 1;
        *n
    };
    if let Some(w) = workers.borrow_mut().as_mut() {
        let _ = w.client(Owner::Kind(kind)).send(job, request);
    }
}

/// [`send_quietly`] of `Request::Prefetch` for `(kind, puzzle, marks)`.
fn prefetch(
    workers: &RefCell<Option<Workers>>,
    next_job: &RefCell<u32>,
    (kind, puzzle, marks): Reading,
) {
    send_quietly(workers, next_job, kind, Request::Prefetch { kind, puzzle, marks });
}

/// Forgets the quiet hints of `kind`: another job of its page replaces them (one job per owner),
/// so their replies must not file them after it.
fn drop_quiet(quiet: &Quiet, kind: Option<Kind>) {
    quiet.borrow_mut().retain(|_, (_, k)| *k != kind);
}

/// The owner of the jobs a page starts, for the pages that start jobs.
fn owner_of_page(page: Page) -> Option<Owner> {
    match page {
        Page::Kind(k) => Some(Owner::Kind(k)),
        Page::Art => Some(Owner::Art),
        Page::Bench => Some(Owner::Bench),
        Page::Home | Page::Mine => None,
    }
}

/// The visible end of a job: a kind's search budget for solves, hints and explanations.
fn budget_of(work: Work, kind: Option<Kind>) -> Option<f64> {
    match (work, kind) {
        (Work::Solve(_) | Work::Hint | Work::Explain, Some(k)) => Some(k.search_budget_ms()),
        _ => None,
    }
}

/// The studio.
#[component]
pub fn App() -> Html {
    // Saved work read once; unreadable saves are set aside under their own keys (storage.rs).
    let initial = use_memo((), |_| storage::load_all());
    let library = use_memo((), |_| storage::load_library());
    let state = use_reducer(|| {
        let saved = initial
            .0
            .iter()
            .map(|(k, p, m, play)| {
                (*k, p.clone(), m.clone(), serde_json::from_str(play).unwrap_or_default())
            })
            .collect();
        let mut s = State::new(saved, saved_kept(&library, &initial.0), &current_fragment());
        s.restore_histories(initial.2.clone());
        s
    });
    // The records of My puzzles as last read or written, by key: only changed ones are written,
    // and a record another tab wrote is not written back.
    let last_entries: Rc<RefCell<HashMap<String, String>>> =
        use_mut_ref(|| library.iter().map(|(k, t, _)| (k.clone(), t.clone())).collect());
    let trouble = use_reducer(|| {
        let blocked = initial.1.iter().filter(|a| a.key.is_empty()).map(|a| a.kind).collect();
        Trouble { aside: initial.1.clone(), blocked, ..Trouble::default() }
    });
    // What each kind's storage holds now, so only changed work is written (and work cleared
    // from storage to make room is not written back until it changes).
    let last_saved: Rc<RefCell<HashMap<Kind, String>>> = use_mut_ref(|| {
        initial
            .0
            .iter()
            .map(|(k, p, m, play)| {
                let h = initial.2.iter().find(|h| h.0 == *k).map(|h| h.3.clone());
                let h = crate::play_history::encode(m, &h.unwrap_or_default(), STEPS);
                (*k, crate::saved::encode_with_history(*k, p, m, play, &h))
            })
            .collect()
    });
    // Kinds whose Undo history was last saved shortened to fit the storage (said once).
    let shortened: Rc<RefCell<HashMap<Kind, bool>>> = use_mut_ref(HashMap::new);
    // Records of My puzzles whose Undo history was saved shortened (said once each).
    let shortened_entries: Rc<RefCell<std::collections::HashSet<String>>> =
        use_mut_ref(Default::default);
    let live = use_reducer(Live::default);
    let workers: Rc<RefCell<Option<Workers>>> = use_mut_ref(|| None);
    let portfolios: Rc<RefCell<HashMap<Owner, Portfolio>>> = use_mut_ref(HashMap::new);
    let next_job: Rc<RefCell<u32>> = use_mut_ref(|| 0);
    let quiet: Quiet = use_mut_ref(HashMap::new);
    // Hints found ahead, and the step being read (its kind, puzzle and the marks it leads to).
    let read_ahead: Rc<RefCell<ReadAheads>> = use_mut_ref(ReadAheads::default);
    let reading: Rc<RefCell<Option<Reading>>> = use_mut_ref(|| None);

    {
        let dispatcher = state.dispatcher();
        let live = live.dispatcher();
        let workers = workers.clone();
        let last_entries = last_entries.clone();
        let last_saved = last_saved.clone();
        let quiet = quiet.clone();
        let (read_ahead, reading, next_job) =
            (read_ahead.clone(), reading.clone(), next_job.clone());
        use_effect_with((), move |_| {
            let d = dispatcher.clone();
            let me = workers.clone();
            *workers.borrow_mut() =
                Some(Workers::new(Callback::from(move |env: crate::jobs::Envelope<Reply>| {
                    // A quiet hint is filed as started with its first reply, in one drawing.
                    let started = quiet.borrow_mut().remove(&env.job).map(|(a, _)| a);
                    if let Some(a) = started {
                        d.dispatch(a);
                    }
                    // A hint found ahead is kept beside the state (nothing to draw), and the
                    // next one along the path is asked for.
                    if let Reply::Prefetched(Some(found)) = env.body {
                        let mut kept = read_ahead.borrow_mut();
                        kept.keep(*found);
                        if let Some(next) = kept.next_request(reading.borrow().as_ref()) {
                            prefetch(&me, &next_job, next);
                        }
                        return;
                    }
                    match env.body {
                        Reply::Progress { .. } | Reply::Snapshot(_) => live.dispatch(env),
                        Reply::BenchRecords(_) => live.dispatch(env),
                        _ => d.dispatch(Action::Reply(env)),
                    }
                })));
            let d = dispatcher.clone();
            let on_hash =
                Closure::<dyn Fn()>::new(move || d.dispatch(Action::Route(current_fragment())));
            if let Some(w) = web_sys::window() {
                let _ = w.add_event_listener_with_callback(
                    "hashchange",
                    on_hash.as_ref().unchecked_ref(),
                );
            }
            on_hash.forget();
            // Another tab saved a puzzle's record: what storage holds now (the last writer's
            // record, whatever order the events come in) is brought here, and not written back.
            let d = dispatcher.clone();
            // A workshop's record comes first, with its Undo history: on the same puzzle this
            // tab takes its marks and history (the puzzle's own record then changes nothing).
            let on_storage =
                Closure::<dyn Fn(web_sys::StorageEvent)>::new(move |e: web_sys::StorageEvent| {
                    if let Some(kind) = e.key().as_deref().and_then(storage::work_key_kind) {
                        let Some(text) = storage::load(kind, "work") else { return };
                        if last_saved.borrow().get(&kind) == Some(&text) {
                            return;
                        }
                        let loaded = crate::saved::read(kind, Some(&text), None, None);
                        let Some((puzzle, marks)) = loaded.work else { return };
                        if loaded.unreadable.is_some() || loaded.history_dropped.is_some() {
                            return;
                        }
                        last_saved.borrow_mut().insert(kind, text);
                        d.dispatch(Action::TabMoves {
                            kind,
                            puzzle,
                            marks,
                            play: serde_json::from_str(&loaded.play).unwrap_or_default(),
                            history: loaded.history,
                        });
                        return;
                    }
                    let Some(key) = e.key().filter(|k| crate::library::kind_of_key(k).is_some())
                    else {
                        return;
                    };
                    let Some(text) = storage::read_key(&key) else { return };
                    if last_entries.borrow().get(&key) == Some(&text) {
                        return;
                    }
                    let Ok(entry) = crate::library::decode(&text) else { return };
                    last_entries.borrow_mut().insert(key, text);
                    d.dispatch(Action::External {
                        kind: entry.kind,
                        puzzle: entry.puzzle,
                        marks: entry.marks,
                        play: entry.play,
                        history: entry.history,
                    });
                });
            if let Some(w) = web_sys::window() {
                let _ = w.add_event_listener_with_callback(
                    "storage",
                    on_storage.as_ref().unchecked_ref(),
                );
            }
            on_storage.forget();
            || ()
        });
    }

    // The page on screen gets its worker ready as it opens.
    {
        let workers = workers.clone();
        use_effect_with(state.page, move |page| {
            if let (Some(owner), Some(w)) = (owner_of_page(*page), workers.borrow_mut().as_mut()) {
                w.client(owner);
            }
            || ()
        });
    }

    // Nothing the user made is lost: puzzles and marks go to local storage as they change, and a
    // save the browser refuses is shown at once (storage::Trouble, components::saved).
    {
        let saved: Vec<(Kind, Option<String>, Vec<u8>, String, History)> = state
            .workshops
            .iter()
            .map(|(k, w)| {
                (
                    *k,
                    w.puzzle.clone(),
                    w.marks.clone(),
                    if w.play == Play::default() {
                        String::new()
                    } else {
                        serde_json::to_string(&w.play).unwrap_or_default()
                    },
                    History { undo: w.undo.clone(), redo: w.redo.clone() },
                )
            })
            .collect();
        let trouble_d = trouble.dispatcher();
        let blocked = trouble.blocked.clone();
        let last_saved = last_saved.clone();
        let state_d = state.dispatcher();
        let shortened = shortened.clone();
        use_effect_with((saved, trouble.retry), move |(saved, _)| {
            for (kind, puzzle, marks, play, history) in saved {
                let Some(p) = puzzle else { continue };
                if blocked.contains(kind) {
                    continue;
                }
                save_work(
                    *kind,
                    p,
                    marks,
                    play,
                    history,
                    &last_saved,
                    &shortened,
                    &trouble_d,
                    &state_d,
                );
            }
            || ()
        });
    }

    // My puzzles: a record per puzzle played, written when its marks or clock change; the
    // puzzles kept from before (or from an older version's list) get theirs when the list changes.
    {
        let on_screen: Vec<crate::library::Entry> = state
            .workshops
            .iter()
            .filter_map(|(k, w)| {
                // Its Undo history is in the workshop's record while it is on screen.
                Some(crate::library::Entry {
                    kind: *k,
                    puzzle: w.puzzle.clone()?,
                    marks: w.marks.clone(),
                    play: w.play.clone(),
                    history: "".into(),
                })
            })
            .collect();
        let (last, trouble_d) = (last_entries.clone(), trouble.dispatcher());
        let (shortened, state_d) = (shortened_entries.clone(), state.dispatcher());
        use_effect_with(on_screen, move |entries| {
            save_entries(entries.iter().cloned(), &last, &shortened, &trouble_d, &state_d);
            || ()
        });
    }
    {
        let (last, trouble_d) = (last_entries.clone(), trouble.dispatcher());
        let (shortened, state_d) = (shortened_entries.clone(), state.dispatcher());
        use_effect_with(state.kept.clone(), move |kept| {
            let entries = kept.iter().flat_map(|(k, v)| {
                v.iter().map(|e| crate::library::Entry {
                    kind: *k,
                    puzzle: e.puzzle.clone(),
                    marks: e.marks.clone(),
                    play: e.play.clone(),
                    history: e.history.clone(),
                })
            });
            save_entries(entries, &last, &shortened, &trouble_d, &state_d);
            // The older list's puzzles have records now; its key goes.
            for k in kept.keys() {
                if storage::load(*k, "kept").is_some() {
                    storage::remove(*k, "kept");
                }
            }
            || ()
        });
    }

    // A page that replaces another opens at its top.
    {
        let shown = use_mut_ref(|| state.page);
        use_effect_with(state.page, move |page| {
            if shown.replace(*page) != *page {
                show_page_top();
            }
            || ()
        });
    }

    // Made again only when the page or its puzzle changes, not at every mark.
    let on_screen = {
        let shown = match state.page {
            Page::Kind(k) => state.workshops.get(&k).and_then(|w| w.puzzle.clone()).map(|p| (k, p)),
            _ => None,
        };
        let memo = use_memo(shown, |shown| {
            let (kind, puzzle) = shown.as_ref()?;
            kinds::share_fragment(*kind, puzzle).ok().map(|f| (*kind, f))
        });
        (*memo).clone()
    };
    // The address bar always names the puzzle on screen; a puzzle that replaces another (Play
    // this, New puzzle, a sample) is brought into view from the top of its board.
    {
        let shown: Rc<RefCell<Option<String>>> = use_mut_ref(|| None);
        // Each route too: an address that names no puzzle of this kind may have replaced the
        // puzzle's while that puzzle stayed on screen: the page's bare address (`#starbattle`,
        // typed or its menu link), or a link the studio cannot read as any kind's
        // (`#sudoku/v1/…`, which only says so in a notice). Another spelling of the same puzzle
        // (a progress link) is left as it is until the puzzle changes.
        use_effect_with((on_screen.clone(), state.routes), move |(on_screen, _)| {
            if let Some((kind, fragment)) = on_screen {
                let before = shown.borrow_mut().replace(fragment.clone());
                let same = before.as_ref() == Some(fragment);
                let names_a_puzzle = matches!(
                    link::parse_fragment(&current_fragment()),
                    Ok(Some(p)) if p.kind == *kind && p.payload.is_some()
                );
                if !same || !names_a_puzzle {
                    name_in_address_bar(*kind, fragment);
                }
                if before.is_some_and(|b| &b != fragment) {
                    show_board_top();
                }
            }
            || ()
        });
    }

    // A puzzle on screen has its page's worker run the hint code once (Request::Warm), so the
    // first press of Hint does not wait for the browser to compile it. Sent straight to the
    // worker and never filed as a job: the page shows nothing and a Cancel has nothing to stop.
    let send_quietly = {
        let (workers, next_job) = (workers.clone(), next_job.clone());
        move |kind: Kind, request: Request| send_quietly(&workers, &next_job, kind, request)
    };
    {
        let (send, state) = (send_quietly.clone(), state.clone());
        use_effect_with(on_screen.clone(), move |on_screen| {
            let w = on_screen.as_ref().and_then(|(kind, _)| state.workshops.get(kind));
            if let (Some((kind, _)), Some(w)) = (on_screen, w) {
                let (kind, marks) = (*kind, w.marks.clone());
                let Some(puzzle) = w.puzzle.clone() else { return };
                send(kind, Request::Warm { kind, puzzle, marks });
            }
        });
    }
    // While the player reads a step, the same worker finds the hint for the marks it leads to
    // (Request::Prefetch, sent the same quiet way), then, as each is found, the one after it, up
    // to READ_AHEAD steps ahead, one request at a time (ReadAheads::next_request). The hints
    // found are kept beside the state (ReadAheads): a press on marks whose hint is kept, after
    // Apply or the same marks made by hand, is answered by the page at once
    // (Action::ShowKeptHint), however busy the worker is with the next.
    {
        let now_reading = match state.page {
            Page::Kind(k) => {
                state.workshops.get(&k).and_then(|w| Some((k, w.puzzle.clone()?, w.next_marks()?)))
            }
            _ => None,
        };
        let (read_ahead, reading, workers, next_job) =
            (read_ahead.clone(), reading.clone(), workers.clone(), next_job.clone());
        use_effect_with(now_reading, move |now_reading| {
            *reading.borrow_mut() = now_reading.clone();
            if let Some(next) = read_ahead.borrow_mut().next_request(now_reading.as_ref()) {
                prefetch(&workers, &next_job, next);
            }
        });
    }

    let run = {
        let workers = workers.clone();
        let dispatcher = state.dispatcher();
        let (next_job, quiet) = (next_job.clone(), quiet.clone());
        Callback::from(move |(work, request): (Work, Request)| {
            let kind = request.kind();
            let hint = matches!(work, Work::Hint);
            if hint && quiet.borrow().values().any(|(_, k)| *k == kind) {
                return;
            }
            if !hint {
                drop_quiet(&quiet, kind);
            }
            // The memory limit, before the work starts (crate::limits): a count that would
            // outgrow it is lowered and said; a request that cannot fit is refused, naming it.
            let (request, note) = match crate::limits::fit(request) {
                Ok(fitted) => fitted,
                Err(e) => {
                    dispatcher
                        .dispatch(Action::Notify(Severity::Error, format!("Not started: {e}")));
                    return;
                }
            };
            let job = {
                let mut n = next_job.borrow_mut();
                *n += 1;
                *n
            };
            let owner = Owner::of(work, kind);
            let budget_ms = budget_of(work, kind);
            let sent = match workers.borrow_mut().as_mut() {
                Some(w) => w.client(owner).send(job, request),
                None => Err("the solver worker is not running".into()),
            };
            match sent {
                Ok(()) => {
                    let started = Action::Started { job, kind, work, now_ms: now_ms(), budget_ms };
                    if hint && note.is_none() {
                        quiet.borrow_mut().insert(job, (started, kind));
                        let (quiet, d) = (quiet.clone(), dispatcher.clone());
                        gloo_timers::callback::Timeout::new(QUIET_MS, move || {
                            let started = quiet.borrow_mut().remove(&job).map(|(a, _)| a);
                            if let Some(a) = started {
                                d.dispatch(a);
                            }
                        })
                        .forget();
                        return;
                    }
                    dispatcher.dispatch(started);
                    // Said after Started, which clears the last run's messages.
                    if let Some(note) = note {
                        dispatcher.dispatch(Action::Notify(Severity::Info, note));
                    }
                }
                Err(e) => dispatcher.dispatch(Action::Notify(
                    Severity::Error,
                    format!("Could not start the work: {e}"),
                )),
            }
        })
    };
    let race = {
        let (portfolios, next_job, quiet) = (portfolios.clone(), next_job.clone(), quiet.clone());
        let (dispatcher, live) = (state.dispatcher(), live.dispatcher());
        Callback::from(move |(work, requests): (Work, Vec<Request>)| {
            let kind = requests.first().and_then(Request::kind);
            drop_quiet(&quiet, kind);
            let job = {
                let mut n = next_job.borrow_mut();
                *n += 1;
                *n
            };
            let (d, live) = (dispatcher.clone(), live.clone());
            let on_reply =
                Callback::from(move |env: crate::jobs::Envelope<Reply>| match env.body {
                    Reply::Progress { .. } | Reply::Snapshot(_) => live.dispatch(env),
                    _ => d.dispatch(Action::Reply(env)),
                });
            let owner = Owner::of(work, kind);
            dispatcher.dispatch(Action::Started {
                job,
                kind,
                work,
                now_ms: now_ms(),
                budget_ms: budget_of(work, kind),
            });
            // A new race of the page ends its previous one (its workers are terminated on drop).
            let started = Portfolio::start(job, requests, on_reply);
            portfolios.borrow_mut().insert(owner, started);
        })
    };
    let cancel = {
        let workers = workers.clone();
        let portfolios = portfolios.clone();
        let dispatcher = state.dispatcher();
        let quiet = quiet.clone();
        Callback::from(move |owner: Owner| {
            if let Owner::Kind(k) = owner {
                drop_quiet(&quiet, Some(k));
            }
            portfolios.borrow_mut().remove(&owner);
            if let Some(w) = workers.borrow_mut().as_mut() {
                w.cancel(owner);
            }
            dispatcher.dispatch(Action::Cancelled(owner));
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

    let ctx = Ctx { state: state.clone(), run, race, cancel, go, read_ahead };
    let page = match state.page {
        Page::Home => html! { <Home /> },
        Page::Bench => html! { <BenchPage /> },
        Page::Art => html! { <ArtPage /> },
        Page::Mine => html! { <MyPuzzles /> },
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
