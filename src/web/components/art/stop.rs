//! The image pages' Stop: ends the art job in flight and drops a re-run waiting for its calm
//! moment (both the black-and-white and the colour page use it).

use std::cell::RefCell;
use std::rc::Rc;

use gloo_timers::callback::Timeout;
use yew::prelude::*;

use crate::web::ctx::Ctx;
use crate::web::state::Owner;

/// The page's re-run waiting out its calm moment, and a Stop that ends the job in flight and
/// drops that re-run too: Stop pressed just after a change starts nothing new.
#[hook]
pub fn use_stop() -> (Rc<RefCell<Option<Timeout>>>, Callback<MouseEvent>) {
    let ctx = use_context::<Ctx>().expect("inside the app");
    let pending = use_mut_ref(|| None::<Timeout>);
    let stop = {
        let (pending, cancel) = (pending.clone(), ctx.cancel.clone());
        Callback::from(move |_: MouseEvent| {
            drop(pending.borrow_mut().take());
            cancel.emit(Owner::Art);
        })
    };
    (pending, stop)
}
