//! Flood-It's step-through of the best solution (its certificate and stepper, and the timer
//! that plays it), and the quiet search for the minimum once a game is finished.

use gloo_timers::callback::Timeout;
use yew::prelude::*;

use crate::jobs::Request;
use crate::kind::Kind;
use crate::kinds::floodit::page;
use crate::puzzle::Mode;
use crate::web::frame::{Ctx, Work};

/// Plays the solution while `playing`: one step per 600 ms up to `len`, then stops.
#[hook]
pub fn use_step_player(
    step: UseStateHandle<Option<usize>>,
    playing: UseStateHandle<bool>,
    len: usize,
) {
    use_effect_with((*playing, *step, len), move |(on, at, len)| {
        let (at, len) = (*at, *len);
        let timer = on.then(|| {
            Timeout::new(600, move || {
                let next = at.map(|s| s + 1).unwrap_or(0);
                if next > len {
                    playing.set(false);
                } else {
                    step.set(Some(next));
                }
            })
        });
        move || drop(timer)
    });
}

/// The certificate of a best solution of `n` moves (proven minimum, or `lower` bound) with its
/// proof lines, and the stepper: `step_to(step, auto)` makes the buttons' handlers.
pub fn certificate(
    n: usize,
    lower: Option<usize>,
    certified: bool,
    proof: &[String],
    stepping: Option<usize>,
    playing: bool,
    step_to: impl Fn(Option<usize>, bool) -> Callback<MouseEvent>,
) -> Html {
    html! {
        <div id="certificate" class="certificate" data-best={n.to_string()} data-lower={lower.unwrap_or(n).to_string()}>
            <p id="certificate-text">{ if let Some(l) = lower { page::bounds_text(n, l) } else if certified || n == 0 { page::certificate_text(n) } else { format!("Minimum {n} moves, proven by exhaustive A* search (press \"Prove with SAT\" for the SAT certificate).") } }</p>
            <ul>{ for proof.iter().map(|l| html! { <li>{ l.clone() }</li> }) }</ul>
            <div class="stepper">
                <button id="step-start" onclick={step_to(Some(0), false)}>{ "◀◀ Start" }</button>
                <button id="step-back" disabled={stepping.is_none_or(|s| s == 0)} onclick={step_to(stepping.map(|s| s.saturating_sub(1)), false)}>{ "◀" }</button>
                <button id="step-play" onclick={step_to(Some(stepping.filter(|&s| s < n).unwrap_or(0)), !playing)}>{ if playing { "Pause" } else { "▶ Play the solution" } }</button>
                <button id="step-next" disabled={stepping.is_some_and(|s| s >= n)} onclick={step_to(Some(stepping.map(|s| s + 1).unwrap_or(1).min(n)), false)}>{ "▶" }</button>
                <button id="step-exit" disabled={stepping.is_none()} onclick={step_to(None, false)}>{ "Back to my game" }</button>
            </div>
        </div>
    }
}

/// Finds the minimum quietly once `wanted` (a finished game with no minimum known), so the
/// finish message can say how the player did; once per board (`text`): a failed search is not
/// repeated behind the player's back.
#[hook]
pub fn use_quiet_minimum(wanted: bool, text: String) {
    let run = use_context::<Ctx>().expect("inside the app").run;
    let asked: std::rc::Rc<std::cell::RefCell<String>> = use_mut_ref(String::new);
    use_effect_with(wanted, move |wanted| {
        if *wanted && *asked.borrow() != text {
            *asked.borrow_mut() = text.clone();
            let (kind, mode, options) = (Kind::FloodIt, Mode::Unique, String::new());
            run.emit((Work::Solve(mode), Request::Solve { kind, puzzle: text, mode, options }));
        }
        || ()
    });
}
