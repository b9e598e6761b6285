//! Hooks shared by the kind pages.

use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::app_state::edit_history::{history_key, EditHistory, HistoryKey, Step};

use crate::kinds::{self, Kind};
use crate::puzzle::Puzzle;
use crate::web::ctx::Ctx;
use crate::web::state::{Action, Workshop};
use crate::web::storage;

/// Whether the CSS media query `query` matches now (`window.matchMedia`), followed as the window
/// changes size or a phone turns; false where the browser has no answer.
#[hook]
pub fn use_media(query: &'static str) -> bool {
    let list =
        use_memo((), move |_| web_sys::window().and_then(|w| w.match_media(query).ok().flatten()));
    let matches = use_state(|| list.as_ref().as_ref().is_some_and(|l| l.matches()));
    {
        let matches = matches.clone();
        use_effect_with((), move |_| {
            let listener = Closure::<dyn Fn(web_sys::Event)>::new({
                let list = list.clone();
                move |_| matches.set(list.as_ref().as_ref().is_some_and(|l| l.matches()))
            });
            if let Some(l) = list.as_ref() {
                let _ =
                    l.add_event_listener_with_callback("change", listener.as_ref().unchecked_ref());
            }
            move || {
                if let Some(l) = list.as_ref() {
                    let _ = l.remove_event_listener_with_callback(
                        "change",
                        listener.as_ref().unchecked_ref(),
                    );
                }
            }
        });
    }
    *matches
}

/// On a first visit (no puzzle of `kind` yet), opens `example`, so there is always something to
/// play; but not in place of a link that could not be read ([`Workshop::unreadable`]): the page
/// says so instead of showing another puzzle.
#[hook]
pub fn use_example(kind: Kind, example: &'static str) {
    let ctx = use_context::<Ctx>().expect("inside the app");
    let w = ctx.state.workshop(kind);
    let missing = w.puzzle.is_none() && w.unreadable.is_none();
    use_effect_with(missing, move |missing| {
        if *missing {
            if let Ok(p) = kinds::import(kind, example) {
                ctx.state.dispatch(Action::Open { kind, puzzle: p });
            }
        }
        || ()
    });
}

/// The page's context, its kind's workshop, and the workshop's puzzle read as `P` (memoised on
/// the puzzle's text, so a re-render does not parse it again).
#[hook]
pub fn use_workshop<P: Puzzle + 'static>() -> (Ctx, Rc<Workshop>, Rc<Option<P>>) {
    let ctx = use_context::<Ctx>().expect("inside the app");
    let w = ctx.state.workshop(P::KIND);
    let puzzle =
        use_memo(w.puzzle.clone(), |t| t.as_deref().and_then(|t| kinds::import_as::<P>(t).ok()));
    (ctx, w, puzzle)
}

/// A text kept in local storage for `kind` under `what` (a draft, a setting), read at the first
/// render; setting it saves it (`None` forgets it), so a reload finds it again. Storage that is
/// full or refused is reported, and the value still holds for this visit.
#[hook]
pub fn use_stored(kind: Kind, what: &'static str) -> (Option<String>, Callback<Option<String>>) {
    let trouble = use_context::<UseReducerHandle<storage::Trouble>>().expect("inside the app");
    let value = use_state(|| storage::load(kind, what));
    // Another tab of the studio changed it: this tab shows the change at once (and does not
    // write it back).
    {
        let value = value.clone();
        use_effect_with((), move |_| {
            let name = storage::key(kind, what);
            let listener =
                Closure::<dyn Fn(web_sys::StorageEvent)>::new(move |e: web_sys::StorageEvent| {
                    if e.key().as_deref() == Some(name.as_str()) {
                        value.set(e.new_value());
                    }
                });
            let window = web_sys::window();
            if let Some(w) = &window {
                let _ = w
                    .add_event_listener_with_callback("storage", listener.as_ref().unchecked_ref());
            }
            move || {
                if let Some(w) = window {
                    let _ = w.remove_event_listener_with_callback(
                        "storage",
                        listener.as_ref().unchecked_ref(),
                    );
                }
            }
        });
    }
    let set = {
        let value = value.clone();
        Callback::from(move |v: Option<String>| {
            match &v {
                Some(text) => {
                    // A refused save is shown by components::saved, with a way out.
                    if let Err(e) = storage::save(kind, what, text) {
                        trouble.dispatch(storage::TroubleAction::Failed(kind, e));
                    }
                }
                None => storage::remove(kind, what),
            }
            value.set(v);
        })
    };
    ((*value).clone(), set)
}

/// An editor's draft, kept as text in local storage ([`use_stored`]) so a reload or a second tab
/// finds it, with Undo and Redo over this visit's changes ([`EditHistory`]).
#[derive(Clone)]
pub struct StoredDraft<T> {
    /// The draft as read, `None` when there is none (or it did not read: then it is dropped).
    pub draft: Option<T>,
    change: Callback<(Option<String>, Step)>,
    step_back: Callback<HistoryKey>,
    seal: Callback<()>,
    /// Whether Undo has a step to take back, and Redo one to bring back.
    pub can: (bool, bool),
}

impl<T> StoredDraft<T> {
    /// Sets the draft's text (`None` closes the editor) as a step of its own.
    pub fn set(&self, text: Option<String>) {
        self.change.emit((text, Step::New("edit")));
    }

    /// Sets the draft's text as `step` (typing in a box joins the step before).
    pub fn set_as(&self, text: Option<String>, step: Step) {
        self.change.emit((text, step));
    }

    /// Ends the step typing may join (another cage or line was chosen).
    pub fn seal(&self) {
        self.seal.emit(());
    }

    /// Undo (`HistoryKey::Undo`) or redo.
    pub fn history(&self, key: HistoryKey) {
        self.step_back.emit(key);
    }

    /// The editor's keys for its whole section: Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo,
    /// except in a text box or a number box, which keeps its own undo.
    pub fn onkeydown(&self) -> Callback<KeyboardEvent> {
        let step_back = self.step_back.clone();
        Callback::from(move |e: KeyboardEvent| {
            let typing = e
                .target_dyn_into::<web_sys::Element>()
                .is_some_and(|t| matches!(t.tag_name().as_str(), "INPUT" | "TEXTAREA"));
            if typing {
                return;
            }
            if let Some(k) = history_key(&e.key(), e.ctrl_key() || e.meta_key(), e.shift_key()) {
                e.prevent_default();
                step_back.emit(k);
            }
        })
    }

    /// The Undo and Redo buttons (`#edit-undo`, `#edit-redo`).
    pub fn buttons(&self) -> Html {
        let press = |k: HistoryKey| {
            let step_back = self.step_back.clone();
            Callback::from(move |_: MouseEvent| step_back.emit(k))
        };
        html! {
            <span class="edit-history">
                <button id="edit-undo" type="button" disabled={!self.can.0} title="Undo the last change to the draft (Ctrl+Z)" onclick={press(HistoryKey::Undo)}>{ "Undo" }</button>
                <button id="edit-redo" type="button" disabled={!self.can.1} title="Redo (Ctrl+Shift+Z or Ctrl+Y)" onclick={press(HistoryKey::Redo)}>{ "Redo" }</button>
            </span>
        }
    }
}

/// The draft of `kind`'s editor, kept under `what` and read by `read`. A kept text that no
/// longer reads (left by an older build, or damaged) is dropped with a notice saying why, and
/// the editor starts empty. A save the browser refuses is reported at once, as [`use_stored`]
/// does, and the draft still holds for this visit.
#[hook]
pub fn use_draft<T: Clone + 'static>(
    kind: Kind,
    what: &'static str,
    read: fn(&str) -> Result<T, String>,
) -> StoredDraft<T> {
    let ctx = use_context::<Ctx>().expect("inside the app");
    let (saved, save) = use_stored(kind, what);
    let history = use_mut_ref(EditHistory::default);
    // The latest text, for changes that come before the next render.
    let latest = use_mut_ref(|| saved.clone());
    *latest.borrow_mut() = saved.clone();
    let parsed = use_memo(saved.clone(), |t| t.as_deref().map(read));
    let failed = match &*parsed {
        Some(Err(e)) => Some(e.clone()),
        _ => None,
    };
    {
        let (save, ctx) = (save.clone(), ctx.clone());
        use_effect_with(failed, move |failed| {
            if let Some(e) = failed {
                save.emit(None);
                ctx.state.dispatch(Action::Notify(
                    crate::web::state::Severity::Error,
                    format!(
                        "The {} editor's kept draft could not be read ({e}), so it was dropped; the editor starts afresh.",
                        kind.title()
                    ),
                ));
            }
            || ()
        });
    }
    let change = {
        let (save, history, latest) = (save.clone(), history.clone(), latest.clone());
        Callback::from(move |(text, step): (Option<String>, Step)| {
            let before = latest.borrow().clone();
            history.borrow_mut().record(&before, &text, step);
            *latest.borrow_mut() = text.clone();
            save.emit(text);
        })
    };
    let step_back = {
        let (save, history, latest) = (save.clone(), history.clone(), latest.clone());
        Callback::from(move |k: HistoryKey| {
            let now = latest.borrow().clone();
            let to = match k {
                HistoryKey::Undo => history.borrow_mut().undo(&now),
                HistoryKey::Redo => history.borrow_mut().redo(&now),
            };
            if let Some(text) = to {
                *latest.borrow_mut() = text.clone();
                save.emit(text);
            }
        })
    };
    let seal = {
        let history = history.clone();
        Callback::from(move |()| history.borrow_mut().close())
    };
    let draft = match &*parsed {
        Some(Ok(d)) => Some(d.clone()),
        _ => None,
    };
    let can = (history.borrow().can_undo(), history.borrow().can_redo());
    StoredDraft { draft, change, step_back, seal, can }
}

/// An `oninput` for a text box whose text is kept by [`use_stored`]: each change is kept (an
/// emptied box forgets it), so a reload finds what was typed or pasted.
pub fn keep_typed(keep: Callback<Option<String>>) -> Callback<InputEvent> {
    Callback::from(move |e: InputEvent| {
        if let Some(t) = e.target_dyn_into::<web_sys::HtmlTextAreaElement>() {
            let v = t.value();
            keep.emit((!v.is_empty()).then_some(v));
        }
    })
}
