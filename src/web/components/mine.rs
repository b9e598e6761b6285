//! My puzzles (`#mine`): every puzzle played in this browser with a small picture of its board,
//! its title (or the sample it is), time, moves and hints, resumable in one click; best times per kind and size; the whole list as one file to move to
//! another device, and read back. The list and the figures are `crate::library`'s (tested
//! natively); this page only draws them.

use yew::prelude::*;

use crate::library::{self, Progress};
use crate::web::ctx::Ctx;
use crate::web::download;
use crate::web::state::{clock_text, Action, Severity};

/// A date in the browser's own words.
fn date_text(ms: Option<f64>) -> String {
    match ms {
        Some(ms) => js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms))
            .to_locale_date_string("default", &wasm_bindgen::JsValue::UNDEFINED)
            .into(),
        None => String::new(),
    }
}

/// The page.
#[component]
pub fn MyPuzzles() -> Html {
    let ctx = use_context::<Ctx>().expect("inside the app");
    let entries = ctx.state.entries();
    let lines = library::lines(&entries);
    let best = library::best_times(&entries);
    let export = {
        let state = ctx.state.clone();
        Callback::from(move |_: MouseEvent| {
            // The file carries each puzzle's Undo and Redo history, the puzzles on screen too.
            let started: Vec<library::Entry> = (state.entries_with_history().into_iter())
                .filter(|e| library::started(&e.marks, &e.play))
                .collect();
            if let Err(e) =
                download::text("my-puzzles.json", "application/json", &library::export(&started))
            {
                state.dispatch(Action::Notify(
                    Severity::Error,
                    format!("Could not save my-puzzles.json: {e}"),
                ));
            }
        })
    };
    let on_file = {
        let state = ctx.state.clone();
        Callback::from(move |e: Event| {
            let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() else { return };
            let Some(file) = input.files().and_then(|f| f.get(0)) else { return };
            let (state, name) = (state.clone(), file.name());
            if file.size() > 20_000_000.0 {
                state.dispatch(Action::Notify(
                    Severity::Error,
                    format!("{name} is over 20 MB; a My puzzles file is much smaller."),
                ));
                return;
            }
            wasm_bindgen_futures::spawn_local(async move {
                let text = match wasm_bindgen_futures::JsFuture::from(file.text()).await {
                    Ok(v) => v.as_string().unwrap_or_default(),
                    Err(_) => {
                        return state.dispatch(Action::Notify(
                            Severity::Error,
                            format!("Could not read {name}."),
                        ))
                    }
                };
                match library::import(&text) {
                    Ok((entries, skipped)) => {
                        state.dispatch(Action::Imported(entries));
                        if !skipped.is_empty() {
                            state.dispatch(Action::Notify(Severity::Error, format!("Some puzzles in {name} could not be read and were left out: {}.", skipped.join("; "))));
                        }
                    }
                    Err(why) => state.dispatch(Action::Notify(
                        Severity::Error,
                        format!("Could not read {name}: {why}."),
                    )),
                }
            });
        })
    };
    html! {
        <section class="mine">
            <h1>{ "My puzzles" }</h1>
            <p class="hint">{ "Every puzzle you play is kept in this browser, with its marks, its Undo and Redo, time, moves and hints. Open one to carry on where you left off." }</p>
            if lines.is_empty() {
                <p id="mine-empty">{ "Nothing played yet. Open a puzzle from the menu; once you make a move it is listed here." }</p>
            } else {
                <div class="table-wrap">
                <table id="mine-list">
                    <thead><tr><th><span class="visually-hidden">{ "Picture" }</span></th><th>{ "Puzzle" }</th><th>{ "Size" }</th><th>{ "Status" }</th><th>{ "Time" }</th><th>{ "Moves" }</th><th>{ "Hints" }</th><th>{ "Last played" }</th><th></th></tr></thead>
                    <tbody>
                    { for lines.iter().map(|l| html! {
                        <tr data-kind={l.kind.id()} data-progress={if l.progress == Progress::Solved { "solved" } else { "playing" }}>
                            <td class="mine-thumb">{ Html::from_html_unchecked(AttrValue::from(l.thumbnail.clone())) }</td>
                            <td class="mine-what">
                                <span class="mine-kind">{ l.kind.title() }</span>
                                if let Some(t) = &l.title { <span class="mine-title">{ t.clone() }</span> }
                            </td>
                            <td class="mine-size">{ l.shape.clone() }</td>
                            <td class="mine-status">{ if l.progress == Progress::Solved { "Solved" } else { "In progress" } }</td>
                            <td class="num mine-time" data-label="Time">{ clock_text(l.time_ms) }</td>
                            <td class="num mine-moves" data-label="Moves">{ l.moves }</td>
                            <td class="num mine-hints" data-label="Hints">{ l.hints }</td>
                            <td class="mine-date">{ date_text(l.last_ms) }</td>
                            <td class="mine-open"><a class="button" href={format!("#{}", l.fragment)} aria-label={format!("{} {} {}", if l.progress == Progress::Solved { "Open" } else { "Resume" }, l.kind.title(), l.title.clone().unwrap_or_else(|| l.shape.clone()))}>{ if l.progress == Progress::Solved { "Open" } else { "Resume" } }</a></td>
                        </tr>
                    }) }
                    </tbody>
                </table>
                </div>
            }
            if !best.is_empty() {
                <h2>{ "Best times" }</h2>
                <table id="mine-best">
                    <thead><tr><th>{ "Puzzle" }</th><th>{ "Size" }</th><th>{ "Best time without hints" }</th><th>{ "Solved" }</th></tr></thead>
                    <tbody>
                    { for best.iter().map(|b| html! {
                        <tr><td>{ b.kind.title() }</td><td>{ b.shape.clone() }</td><td class="num">{ b.best_ms.map(clock_text).unwrap_or_else(|| "(every finish used hints)".into()) }</td><td class="num">{ b.solved }</td></tr>
                    }) }
                    </tbody>
                </table>
            }
            <h2>{ "Move to another device" }</h2>
            <p class="hint">{ "Save the list as one file, then read it on the other device; where a puzzle is on both, the one played last is kept." }</p>
            <div class="row wrap">
                <button id="mine-export" onclick={export} disabled={lines.is_empty()}>{ "Save my-puzzles.json" }</button>
                <label class="file">{ "Read a file " }<input id="mine-import" type="file" accept=".json,application/json" onchange={on_file} /></label>
            </div>
        </section>
    }
}
