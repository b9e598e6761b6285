//! Hooks shared by the kind pages.

use std::rc::Rc;

use yew::prelude::*;

use crate::kinds::{self, Kind};
use crate::puzzle::Puzzle;
use crate::web::ctx::Ctx;
use crate::web::state::{Action, Workshop};
use crate::web::storage;

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
