//! Flood-It's colour swatches and their keys, the step-through of the best solution (its
//! certificate and stepper, and the timer that plays it), and the quiet search for the minimum
//! once a game is finished.

use gloo_timers::callback::Timeout;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::jobs::Request;
use crate::kind::Kind;
use crate::kinds::floodit::page;
use crate::puzzle::Mode;
use crate::web::frame::{history_key, Ctx, Work};

/// The keys of the board area (the swatches and the board): a colour's key
/// ([`page::key_colour`]) plays it when it is a move (`enabled`, by colour), and Ctrl+Z and
/// Ctrl+Y undo and redo as on every board ([`history_key`]).
pub fn play_keys(ctx: &Ctx, enabled: Vec<bool>, play: Callback<u8>) -> Callback<KeyboardEvent> {
    let state = ctx.state.clone();
    Callback::from(move |e: KeyboardEvent| {
        let plain = !(e.ctrl_key() || e.meta_key() || e.alt_key());
        if let Some(action) = history_key(Kind::FloodIt, &e) {
            e.prevent_default();
            state.dispatch(action);
        } else if let Some(c) = page::key_colour(&e.key(), enabled.len()).filter(|_| plain) {
            e.prevent_default();
            if enabled[c as usize] {
                play.emit(c);
            }
        }
    })
}

/// Props: the swatches, one per colour.
#[derive(Properties, PartialEq)]
pub struct SwatchesProps {
    /// The board's symbol for each colour (`data-colour`).
    pub symbols: Vec<String>,
    /// Whether each colour is a move now (it adds cells to the flood).
    pub enabled: Vec<bool>,
    /// Plays a colour.
    pub play: Callback<u8>,
    /// The colour the hint on screen plays (its swatch is ringed).
    #[prop_or_default]
    pub hinted: Option<u8>,
}

/// The colour swatches: each shows its number and, past 9, its key; a click, Enter or Space
/// plays it. One swatch is in the tab order (the last one focused) and the Skip link lands on
/// it (`data-skip-target`); the arrows, Home and End move among them; a colour's key and
/// Ctrl+Z work as on the board ([`play_keys`]). A swatch that is not a move stays focusable
/// (`aria-disabled`), so playing the focused colour does not drop the keyboard focus.
#[component]
pub fn Swatches(props: &SwatchesProps) -> Html {
    let ctx = use_context::<Ctx>().expect("inside the app");
    let n = props.enabled.len().max(1);
    let current = use_state(|| None::<u8>);
    let first_move = props.enabled.iter().position(|&e| e).unwrap_or(0) as u8;
    let at = current.unwrap_or(first_move).min(n as u8 - 1);
    let keys = play_keys(&ctx, props.enabled.clone(), props.play.clone());
    let swatch_of = |e: &dyn AsRef<web_sys::Event>| -> Option<u8> {
        let el = e.as_ref().target()?.dyn_into::<web_sys::Element>().ok()?;
        el.closest(".swatch").ok()??.get_attribute("data-c")?.parse().ok()
    };
    let onkeydown = {
        let current = current.clone();
        Callback::from(move |e: KeyboardEvent| {
            let from = swatch_of(&e).unwrap_or(at);
            let Some(to) = page::swatch_step(&e.key(), from, n) else { return keys.emit(e) };
            e.prevent_default();
            current.set(Some(to));
            let doc = web_sys::window().and_then(|w| w.document());
            let el = doc.and_then(|d| d.get_element_by_id(&format!("swatch-{to}")));
            if let Some(b) = el.and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok()) {
                let _ = b.focus();
            }
        })
    };
    let onfocusin = {
        let current = current.clone();
        Callback::from(move |e: FocusEvent| {
            if let Some(c) = swatch_of(&e).filter(|&c| Some(c) != *current) {
                current.set(Some(c));
            }
        })
    };
    let buttons = props.symbols.iter().zip(&props.enabled).enumerate().map(|(c, (symbol, &on))| {
        let c = c as u8;
        let key = page::colour_key(c).map(|k| k.to_ascii_uppercase().to_string());
        let play = props.play.clone();
        let onclick = Callback::from(move |_: MouseEvent| {
            if on {
                play.emit(c);
            }
        });
        let number = page::colour_number(c);
        let hinted = props.hinted == Some(c);
        let title = match (&key, hinted) {
            (Some(k), false) => format!("play colour {number} (key {k})"),
            (None, false) => format!("play colour {number}"),
            (Some(k), true) => format!("play colour {number} (key {k}): the hint's move"),
            (None, true) => format!("play colour {number}: the hint's move"),
        };
        html! {
            <button id={format!("swatch-{c}")} class={classes!("swatch", hinted.then_some("hinted"))} data-c={c.to_string()} data-colour={symbol.clone()}
                    aria-disabled={(!on).then_some("true")} tabindex={if c == at { "0" } else { "-1" }}
                    data-skip-target={(c == at).then_some("")} aria-keyshortcuts={key.clone()} {onclick}
                    style={format!("background:{};color:{}", page::PALETTE[c as usize % 16], page::label_ink(c))} {title}>
                { number }
                if c >= 9 { <kbd class="swatch-key" aria-hidden="true">{ key.unwrap_or_default() }</kbd> }
            </button>
        }
    });
    html! {
        <div id="swatches" class="swatches" role="toolbar" aria-label="Colours to play (keys 1 to 9, then A to G; arrows move)" {onkeydown} {onfocusin}>
            { for buttons }
        </div>
    }
}

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
