//! The player's clock: play time and moves on the puzzle on screen, ticking while it is played,
//! and the "solved" moment when the page says the grid is complete and correct.
//!
//! The clock re-renders only itself each second; the time lives in [`Play`] (kept with the
//! marks, so a reload carries on) and moves are counted by the reducer on every mark.

use gloo_timers::callback::Interval;
use yew::prelude::*;

use crate::kinds::Kind;
use crate::web::ctx::Ctx;
use crate::web::state::{clock_text, Action};

/// Props: whose clock, and whether the player's grid is complete and correct now.
#[derive(Properties, PartialEq)]
pub struct Props {
    /// The kind of the page.
    pub kind: Kind,
    /// The player's grid is complete and correct (checked by the page with the kind's rules).
    pub solved: bool,
    /// What "moves" are called on this page ("moves", "clicks").
    #[prop_or(AttrValue::Static("moves"))]
    pub unit: AttrValue,
    /// Whether the running line counts moves too (Flood-It's own counter already does).
    #[prop_or(true)]
    pub count_moves: bool,
}

fn plural(n: u32, unit: &str) -> String {
    if n == 1 {
        format!("1 {}", unit.trim_end_matches('s'))
    } else {
        format!("{n} {unit}")
    }
}

/// The clock line, and the solved banner once the grid is done.
#[component]
pub fn PlayClock(props: &Props) -> Html {
    let ctx = use_context::<Ctx>().expect("inside the app");
    let w = ctx.state.workshop(props.kind);
    let play = w.play.clone();
    let now = use_state(js_sys::Date::now);
    let running = play.finished.is_none() && play.last_ms.is_some();
    {
        let now = now.clone();
        use_effect_with(running, move |running| {
            let tick = running.then(|| Interval::new(1000, move || now.set(js_sys::Date::now())));
            move || drop(tick)
        });
    }
    // The first time the grid is complete and correct, the clock stops there.
    {
        let (state, kind) = (ctx.state.clone(), props.kind);
        let stop = props.solved && play.finished.is_none() && play.moves > 0;
        use_effect_with(stop, move |stop| {
            if *stop {
                state.dispatch(Action::Finished(kind));
            }
            || ()
        });
    }
    let unit = props.unit.as_str();
    // The solved moment itself is said once, by the hint panel; here the clock stops.
    let (shown_ms, shown_moves) = match play.finished {
        Some((ms, moves)) if props.solved => (ms, moves),
        _ => (play.elapsed_at(*now), play.moves),
    };
    html! {
        <p id="play-clock" class={classes!("play-clock", props.solved.then_some("stopped"))} aria-label="Play time and moves" data-moves={play.moves.to_string()}>
            <span class="time">{ clock_text(shown_ms) }</span>
            if props.count_moves { <span class="moves">{ format!(" · {}", plural(shown_moves, unit)) }</span> }
            if let (Some((ms, moves)), false) = (play.finished, props.solved) {
                <span class="best">{ format!(" · solved earlier in {} with {}", clock_text(ms), plural(moves, unit)) }</span>
            }
        </p>
    }
}
