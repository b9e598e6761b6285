//! The strip of previews before the threshold: one small picture per tone ([`crate::art::tone`]),
//! its likeness to the photo, the one in use pressed, and a sentence saying which is chosen and
//! why ([`view::tone_sentence`]). A click asks for that tone; "Most like the photo" for the default.

use std::rc::Rc;

use yew::prelude::*;

use crate::art::controls::{Controls, Field};
use crate::art::pipeline::ArtResult;
use crate::art::view;
use crate::web::download::svg_data_url;

/// What [`ToneStrip`] shows and whom it tells.
#[derive(Properties, PartialEq)]
pub struct ToneStripProps {
    /// The result on screen (its previews).
    pub result: Rc<ArtResult>,
    /// The controls as they stand.
    pub controls: Controls,
    /// Takes the controls after a choice.
    pub set: Callback<Controls>,
}

/// The strip; nothing when the result has no previews.
#[component]
pub fn ToneStrip(props: &ToneStripProps) -> Html {
    let r = &props.result;
    if r.previews.is_empty() {
        return html! {};
    }
    let choose = |word: &'static str| {
        let (set, c) = (props.set.clone(), props.controls);
        Callback::from(move |_: MouseEvent| set.emit(c.set(Field::Tone, word)))
    };
    let auto = props.controls.tone.is_none();
    html! {
        <div class="art-tones" role="group" aria-labelledby="art-tones-title" data-ms={format!("{:.2}", r.timings.tones_ms)}>
            <p id="art-tones-title" class="art-tones-title">{ "Before the threshold: " }<span id="art-tone-why">{ view::tone_sentence(r) }</span></p>
            <div class="art-tone-strip">
                <button class="art-tone auto" value="auto" aria-pressed={auto.to_string()} onclick={choose("auto")}>{ "Most like the photo" }</button>
                { for r.previews.iter().map(|p| {
                    let pressed = !auto && props.controls.tone == Some(p.tone);
                    let used = r.tone == p.tone;
                    let svg = view::picture_svg(r.width, r.height, &p.cells(), &[]);
                    let label = format!("{} (likeness {:.3})", p.tone.label(), p.likeness);
                    html! {
                        <button class={classes!("art-tone", used.then_some("used"))} value={p.tone.word()} aria-pressed={pressed.to_string()}
                            title={label.clone()} onclick={choose(p.tone.word())}>
                            // Sized before the picture decodes, so nothing below moves when it does.
                            <img src={svg_data_url(&svg)} alt="" width="96" height={(96 * r.height / r.width.max(1)).to_string()} />
                            <span>{ p.tone.label() }</span>
                            <span class="like">{ format!("{:.3}", p.likeness) }</span>
                        </button>
                    }
                }) }
            </div>
        </div>
    }
}
