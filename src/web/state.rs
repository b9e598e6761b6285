//! The page state as Yew reducers: [`crate::app_state`] is the state and its logic, plain Rust
//! tested natively; this layer only passes the clock in.

use std::rc::Rc;

use yew::Reducible;

pub use crate::app_state::*;
use crate::jobs::{Envelope, Reply};

impl Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        match self.apply(action, js_sys::Date::now()) {
            Some(next) => Rc::new(next),
            None => self,
        }
    }
}

impl Reducible for Live {
    type Action = Envelope<Reply>;

    fn reduce(self: Rc<Self>, env: Envelope<Reply>) -> Rc<Self> {
        match self.apply(env) {
            Some(next) => Rc::new(next),
            None => self,
        }
    }
}
