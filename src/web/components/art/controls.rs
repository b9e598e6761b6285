//! The art page's controls: grid size, invert, method and threshold, uniqueness and its time,
//! and the crop (numbers, aspect lock, no crop). Each change hands the parent new [`Controls`].

use yew::prelude::*;

use crate::art::adjust::Level;
use crate::art::controls::{Controls, Field, TIME_CHOICES};
use crate::art::prepare::{MAX_CELLS, MIN_HEIGHT, MIN_WIDTH};
use crate::art::{view, UniqueMode};

/// What [`ArtControls`] shows and whom it tells.
#[derive(Properties, PartialEq)]
pub struct ArtControlsProps {
    /// The controls as they stand.
    pub controls: Controls,
    /// Takes the controls after a change.
    pub set: Callback<Controls>,
    /// The height the last result chose, shown in the empty height box.
    pub auto_height: Option<usize>,
    /// Otsu's threshold for the last result's greys, where the slider stands by default.
    pub otsu: Option<u16>,
    /// Whether a dragged crop keeps its aspect.
    pub locked: bool,
    /// Turns the aspect lock on or off.
    pub lock: Callback<bool>,
}

/// The value an input or a select says, a checkbox's as `"true"` or `"false"`.
pub(super) fn value_of(e: &Event) -> String {
    e.target_dyn_into::<web_sys::HtmlInputElement>()
        .map(|i| if i.type_() == "checkbox" { i.checked().to_string() } else { i.value() })
        .or_else(|| e.target_dyn_into::<web_sys::HtmlSelectElement>().map(|s| s.value()))
        .unwrap_or_default()
}

/// The row of controls.
#[component]
pub fn ArtControls(props: &ArtControlsProps) -> Html {
    let c = props.controls;
    // Each input updates one field.
    let set = |field: Field| {
        let (set, c) = (props.set.clone(), props.controls);
        Callback::from(move |e: Event| set.emit(c.set(field, &value_of(&e))))
    };
    let change = |f: fn(Controls) -> Controls| {
        let (set, c) = (props.set.clone(), props.controls);
        Callback::from(move |_: MouseEvent| set.emit(f(c)))
    };
    let crop_input = |k: usize, label: &'static str| {
        let value = c.crop[k].map(|v| v.to_string()).unwrap_or_default();
        html! { <label>{ label }<input type="number" min="0" class="crop" id={format!("art-crop-{k}")} {value} onchange={set(Field::Crop(k))} /></label> }
    };
    let on_lock = props.lock.reform(|e: Event| {
        e.target_dyn_into::<web_sys::HtmlInputElement>().is_some_and(|i| i.checked())
    });
    let auto_height = props.auto_height.map(|h| h.to_string()).unwrap_or_default();
    html! {
        <div class="art-controls">
            <label>{ "Width " }<input id="art-width" type="number" min={MIN_WIDTH.to_string()} max={MAX_CELLS.to_string()} value={c.width.to_string()} onchange={set(Field::Width)} /></label>
            <label>{ "Height " }<input id="art-height" type="number" min={MIN_HEIGHT.to_string()} max={MAX_CELLS.to_string()} placeholder={auto_height} value={c.height.map(|h| h.to_string()).unwrap_or_default()}
                onchange={set(Field::Height)} /></label>
            <label>{ "Invert " }<input id="art-invert" type="checkbox" checked={c.invert} onchange={set(Field::Invert)} /></label>
            <label>{ "Method " }<select id="art-method" onchange={set(Field::Method)}>
                <option value="threshold" selected={!c.translucent}>{ "Threshold" }</option>
                <option value="translucent" selected={c.translucent}>{ "Translucent squares" }</option>
            </select></label>
            if !c.translucent {
                <label>{ c.threshold_label(props.otsu) }
                    <input id="art-threshold" type="range" min="0" max="255" value={c.slider(props.otsu).to_string()}
                        onchange={set(Field::Threshold)} /></label>
                <button onclick={change(|c| Controls { threshold: None, ..c })}>{ "Otsu" }</button>
            }
            <label>{ "Unique " }<select id="art-unique" onchange={set(Field::Unique)}>
                <option value="givens" selected={c.unique == UniqueMode::Givens}>{ "fewest givens" }</option>
                <option value="logic" selected={c.unique == UniqueMode::Logic}>{ "no guessing (line logic)" }</option>
                <option value="adjust" selected={matches!(c.unique, UniqueMode::Adjust(_))}>{ "no givens: adjust the picture" }</option>
                <option value="off" selected={c.unique == UniqueMode::Off}>{ "verdict only" }</option>
            </select></label>
            if matches!(c.unique, UniqueMode::Adjust(_)) {
                <label title="How hard the puzzle may be: the rules that must finish it with no givens">{ "Level " }
                    <select id="art-level" onchange={set(Field::Level)}>
                        { for Level::ALL.iter().map(|&l| html! { <option value={l.word()} selected={c.level == l}>{ format!("{} ({})", l.word(), l.rules()) }</option> }) }
                    </select></label>
            }
            if c.unique == UniqueMode::Givens || matches!(c.unique, UniqueMode::Adjust(_)) {
                <label title="The search ends after this long and keeps the unique puzzle it has; Stop here ends it sooner">{ if c.unique == UniqueMode::Givens { "Time for fewer givens " } else { "Time for fewer changes " } }
                    <select id="art-time" onchange={set(Field::Time)}>
                        { for TIME_CHOICES.iter().map(|&t| html! { <option value={t.to_string()} selected={c.time_s == t}>{ view::duration(u64::from(t) * 1000) }</option> }) }
                    </select></label>
            }
            <details class="crop"><summary>{ "Crop (pixels; or drag a rectangle on the original)" }</summary>
                { crop_input(0, "x ") }{ crop_input(1, "y ") }{ crop_input(2, "width ") }{ crop_input(3, "height ") }
                <label>{ "Lock aspect " }<input id="art-crop-lock" type="checkbox" checked={props.locked} onchange={on_lock} /></label>
                <button id="art-crop-clear" onclick={change(|c| c.with_crop(None))}>{ "No crop" }</button>
            </details>
        </div>
    }
}
