//! The image page's colour mode: its controls (colours 2 to 8, background on or off, width,
//! givens, line logic or an adjusted picture, time), its job ([`Request::ColourArt`], re-run after a calm moment on
//! every change), its status line with Stop, the panes (cell colours, the reduced picture, the
//! puzzle's given cells) and "Play it", which opens the colour nonogram page by share link.
//! What it works out is in [`crate::art::colour_view`].

use std::rc::Rc;

use gloo_timers::callback::Timeout;
use yew::prelude::*;

use super::controls::value_of;
use crate::art::colour_view::{self, ColourControls, ColourField, COLOURS_LABEL};
use crate::art::colours::{MAX_COLOURS, MIN_COLOURS};
use crate::art::controls::TIME_CHOICES;
use crate::art::prepare::{MAX_CELLS, MIN_WIDTH};
use crate::art::view;
use crate::jobs::Request;
use crate::web::ctx::{now_ms, Ctx};
use crate::web::download::svg_data_url;
use crate::web::state::{Owner, Work};

/// Milliseconds of calm before a change re-runs the job.
const DEBOUNCE_MS: u32 = 300;

/// What the colour mode needs from the page: the loaded file.
#[derive(Properties, PartialEq)]
pub struct ColourModeProps {
    /// The file's bytes, when one is loaded.
    pub bytes: Option<Rc<Vec<u8>>>,
    /// Counts loads, so loading the same file again re-runs the job.
    pub serial: u32,
    /// The loaded file's address and name, to show the original beside the panes.
    pub original: Option<(String, String)>,
}

/// The switch between the black-and-white and the colour puzzle (`#art-mode-bw`,
/// `#art-mode-colour`).
#[derive(Properties, PartialEq)]
pub struct ModeSwitchProps {
    /// Whether the colour mode is on.
    pub colour: bool,
    /// Takes the new choice.
    pub set: Callback<bool>,
}

/// Two radio buttons: Black and white, Colour.
#[component]
pub fn ModeSwitch(props: &ModeSwitchProps) -> Html {
    let pick = |on: bool| props.set.reform(move |_: Event| on);
    html! {
        <fieldset class="art-mode" id="art-mode">
            <legend>{ "Puzzle" }</legend>
            <label><input type="radio" name="art-mode" id="art-mode-bw" checked={!props.colour} onchange={pick(false)} />{ " Black and white" }</label>
            <label><input type="radio" name="art-mode" id="art-mode-colour" checked={props.colour} onchange={pick(true)} />{ " Colour (2 to 8 colours)" }</label>
        </fieldset>
    }
}

/// The colour mode: controls, job, status and panes.
#[component]
pub fn ColourMode(props: &ColourModeProps) -> Html {
    let ctx = use_context::<Ctx>().expect("inside the app");
    let controls = use_state(ColourControls::default);
    let busy_now = use_mut_ref(|| false);
    *busy_now.borrow_mut() = ctx.state.busy_on(Owner::Art).is_some();
    let last_serial = use_mut_ref(|| None::<u32>);
    let (pending, stop) = super::stop::use_stop();
    {
        let (run, cancel, busy_now, pending) =
            (ctx.run.clone(), ctx.cancel.clone(), busy_now.clone(), pending.clone());
        let deps = (props.bytes.clone(), props.serial, *controls);
        use_effect_with(deps, move |(bytes, serial, controls)| {
            let new_image = bytes.is_some() && Some(*serial) != *last_serial.borrow();
            *last_serial.borrow_mut() = Some(*serial);
            let timer = bytes.clone().map(|b| {
                let request =
                    Request::ColourArt { bytes: (*b).clone(), options: controls.options() };
                Timeout::new(if new_image { 0 } else { DEBOUNCE_MS }, move || {
                    if *busy_now.borrow() {
                        cancel.emit(Owner::Art);
                    }
                    run.emit((Work::Art, request));
                })
            });
            *pending.borrow_mut() = timer;
            move || drop(pending.borrow_mut().take())
        });
    }
    let c = *controls;
    let set = |field: ColourField| {
        let controls = controls.clone();
        Callback::from(move |e: Event| controls.set((*controls).set(field, &value_of(&e))))
    };
    let result = ctx.state.colour_art.clone();
    let busy = ctx.state.busy_on(Owner::Art);
    // A file that turned out to be no picture shows no broken original.
    let unreadable = result.is_none() && busy.is_none() && super::status::failure(&ctx).is_some();
    let status = match (busy, result.as_ref()) {
        (Some(b), r) => {
            let detail = ctx
                .state
                .art_stage
                .as_ref()
                .map(view::stage_sentence)
                .unwrap_or_else(|| "Decoding and choosing the colours".into());
            let cancel = stop.clone();
            html! {
                <div id="colour-status" class="status busy" data-state="busy">
                    <span class="spinner" aria-hidden="true"></span>
                    <span>{ format!("{detail} ({:.1} s so far)", (now_ms() - b.started_ms).max(0.0) / 1000.0) }</span>
                    if r.is_some() {
                        <button id="colour-stop" onclick={cancel} title="End the search now and keep the unique puzzle shown">{ "Stop here, keep this puzzle" }</button>
                    } else {
                        <button id="cancel" onclick={cancel}>{ "Cancel" }</button>
                    }
                    if let Some(r) = r {
                        <p id="colour-current" data-unique={r.proven_unique.to_string()} data-givens={r.givens.len().to_string()}>{ colour_view::result_sentence(r) }</p>
                    }
                </div>
            }
        }
        (None, Some(r)) => html! {
            <div id="colour-status" class="status done" data-state="done" data-unique={r.proven_unique.to_string()} data-final={r.final_proof.to_string()}
                data-givens={r.givens.len().to_string()} data-minimal={r.proven_minimal.to_string()}
                data-changed={r.changed.len().to_string()} data-adjusted={r.adjust.as_ref().map(|a| a.reached.to_string()).unwrap_or_default()}>
                <strong id="colour-verdict">{ colour_view::result_sentence(r) }</strong>
                <p class="timings">{ colour_view::times_sentence(r) }</p>
            </div>
        },
        (None, None) => super::status::before_any(&ctx, "colour-status"),
    };
    html! {
        <div id="colour-mode" class="colour-mode">
            <div class="art-controls">
                <label>{ "Width " }<input id="colour-width" type="number" min={MIN_WIDTH.to_string()} max={MAX_CELLS.to_string()} value={c.width.to_string()} onchange={set(ColourField::Width)} /></label>
                <label>{ COLOURS_LABEL }<input id="colour-count" type="number" min={MIN_COLOURS.to_string()} max={MAX_COLOURS.to_string()} value={c.colours.to_string()} onchange={set(ColourField::Colours)} /></label>
                <label title="The colour most common along the border becomes the background, so the puzzle has white space">{ "Background " }
                    <input id="colour-background" type="checkbox" checked={c.background} onchange={set(ColourField::Background)} /></label>
                <label>{ "Givens " }
                    <select id="colour-unique" onchange={set(ColourField::Unique)}>
                        <option value="givens" selected={c.unique.word() == "givens"}>{ "fewest for a unique answer" }</option>
                        <option value="logic" selected={c.unique.word() == "logic"}>{ "enough for line logic alone" }</option>
                        <option value="adjust" selected={c.unique.word() == "adjust"}>{ "Adjust the picture (no givens)" }</option>
                    </select></label>
                <label>{ "Time " }
                    <select id="colour-time" onchange={set(ColourField::Time)}>
                        { for TIME_CHOICES.iter().map(|&t| html! { <option value={t.to_string()} selected={t == c.time_s}>{ view::duration(u64::from(t) * 1000) }</option> }) }
                    </select></label>
            </div>
            { status }
            <div class="art-pictures colour-panes">
                if let Some((url, name)) = props.original.as_ref().filter(|_| !unreadable) {
                    <figure><img class="art-original-plain" src={url.clone()} alt={name.clone()} /><figcaption>{ "Original" }</figcaption></figure>
                }
                if let Some(r) = &result {
                    { for colour_view::panes(r).into_iter().map(|(caption, svg)| html! {
                        <figure><img class="art-grid" src={svg_data_url(&svg)} alt={caption.clone()} /><figcaption>{ caption }</figcaption></figure>
                    }) }
                }
            </div>
            if let Some(r) = &result {
                <p class="colour-play"><a id="colour-play" class="button" href={colour_view::play_href(r)}>{ "Play it" }</a></p>
                <super::exports::ColourExports result={r.clone()} />
            }
        </div>
    }
}
