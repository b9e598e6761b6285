//! Hooks shared by the kind pages.

use yew::prelude::*;

use crate::kinds::{self, Kind};
use crate::web::ctx::Ctx;
use crate::web::state::Action;

/// On a first visit (no puzzle of `kind` yet), opens `example`, so there is always something to play.
#[hook]
pub fn use_example(kind: Kind, example: &'static str) {
    let ctx = use_context::<Ctx>().expect("inside the app");
    let missing = ctx.state.workshop(kind).puzzle.is_none();
    use_effect_with(missing, move |missing| {
        if *missing {
            if let Ok(p) = kinds::import(kind, example) {
                ctx.state.dispatch(Action::Open { kind, puzzle: p });
            }
        }
        || ()
    });
}
