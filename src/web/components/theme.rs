//! The colour-scheme switch: follow the system (default), or a remembered light or dark choice.
//!
//! index.html applies the scheme before the first paint (`<html data-theme>`), from local storage
//! `puzzle-studio/theme` or else `prefers-color-scheme`, and follows system changes; this switch
//! stores the choice and asks that script to apply it (the `studio-theme` event).

use yew::prelude::*;

use crate::web::storage;

/// The setting `puzzle-studio/theme` (index.html reads the same key before the first paint).
const KEY: &str = "theme";

/// The choices, in the order the switch cycles through them.
const CHOICES: [(&str, &str); 3] =
    [("auto", "Theme: as the device"), ("dark", "Theme: dark"), ("light", "Theme: light")];

/// The switch's mark for each choice, shown on phones where the words are shortened.
fn icon(choice: &str) -> &'static str {
    match choice {
        "dark" => "☾",
        "light" => "☀",
        _ => "◐",
    }
}

fn stored() -> &'static str {
    let saved = storage::setting(KEY);
    CHOICES.iter().map(|c| c.0).find(|c| Some(*c) == saved.as_deref()).unwrap_or("auto")
}

fn store(choice: &str) {
    if choice == "auto" {
        storage::clear_setting(KEY);
    } else {
        storage::set_setting(KEY, choice);
    }
    if let Some(w) = web_sys::window() {
        if let Ok(e) = web_sys::Event::new("studio-theme") {
            let _ = w.dispatch_event(&e);
        }
    }
}

/// A button in the bar that cycles system / dark / light.
#[component]
pub fn ThemeSwitch() -> Html {
    let choice = use_state(stored);
    let label =
        CHOICES.iter().find(|c| c.0 == *choice).map(|c| c.1).unwrap_or("Theme: as the device");
    let word = label.trim_start_matches("Theme: ");
    let onclick = {
        let choice = choice.clone();
        Callback::from(move |_: MouseEvent| {
            let i = CHOICES.iter().position(|c| c.0 == *choice).unwrap_or(0);
            let next = CHOICES[(i + 1) % CHOICES.len()].0;
            store(next);
            choice.set(next);
        })
    };
    html! { <button id="theme" class="theme" title="Colour scheme: follow the system, dark or light" data-choice={*choice} aria-label={label} {onclick}><span class="theme-icon" aria-hidden="true">{ icon(&choice) }</span>{ " " }<span class="theme-word">{ "Theme: " }</span><span class="theme-choice">{ word }</span></button> }
}
