//! What every page gets from the frame: the state, and the ways to change it.

use yew::prelude::*;

use super::state::{Owner, State, Work};
use crate::jobs::Request;

/// What every page gets from the frame: the state, and the ways to change it.
#[derive(Clone)]
pub struct Ctx {
    /// The page state.
    pub state: UseReducerHandle<State>,
    /// Sends a job to the worker (filed under the kind the request names, [`Request::kind`]).
    pub run: Callback<(Work, Request)>,
    /// Races several workers on differently set-up jobs for one task (a portfolio): the first
    /// checked answer wins and the other workers stop at once.
    pub race: Callback<(Work, Vec<Request>)>,
    /// Stops the job in flight of a page at once (only that page's worker).
    pub cancel: Callback<Owner>,
    /// Goes to a fragment (pushes a history entry, so Back works).
    pub go: Callback<String>,
    /// The hints the worker found ahead of their press (read when Hint is pressed).
    pub read_ahead: std::rc::Rc<std::cell::RefCell<crate::app_state::ReadAheads>>,
}

impl PartialEq for Ctx {
    fn eq(&self, other: &Self) -> bool {
        self.state == other.state
    }
}

/// The page clock in milliseconds.
pub fn now_ms() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map(|p| p.now()).unwrap_or(0.0)
}
