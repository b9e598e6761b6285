//! The home page: what the studio does, each kind with a small picture and one-click samples.

use yew::prelude::*;

use crate::kinds::{self, Kind};
use crate::samples;

/// A small picture of a grid: one character per cell, coloured by `colour`, with `extra` SVG on top.
pub fn picture(rows: &[&str], colour: fn(char) -> &'static str, extra: &str) -> String {
    let cell = 12.0;
    let (h, w) = (rows.len() as f64, rows.first().map_or(0, |r| r.len()) as f64);
    let mut s = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="kind-picture" viewBox="-1 -1 {} {}" width="{}" height="{}" aria-hidden="true">"#,
        w * cell + 2.0,
        h * cell + 2.0,
        w * cell + 2.0,
        h * cell + 2.0
    );
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            s.push_str(&format!(r##"<rect x="{}" y="{}" width="{cell}" height="{cell}" fill="{}" stroke="#9aa3ae" stroke-width=".5"/>"##, c as f64 * cell, r as f64 * cell, colour(ch)));
        }
    }
    s.push_str(extra);
    s.push_str("</svg>");
    s
}

/// A one-click link for a sample, or nothing if it does not read (the tests make sure they all do).
fn sample_link(s: samples::Sample) -> Html {
    match kinds::import(s.kind, s.text).and_then(|t| kinds::share_fragment(s.kind, &t)) {
        Ok(fragment) => html! { <a class="sample" href={format!("#{fragment}")}>{ s.name }</a> },
        Err(_) => html! {},
    }
}

/// The list of puzzle kinds, after the puzzles the person has in progress.
#[component]
pub fn Home() -> Html {
    let ctx = use_context::<crate::web::ctx::Ctx>().expect("inside the app");
    let entries = ctx.state.entries();
    let playing: Vec<crate::library::Line> = crate::library::lines(&entries)
        .into_iter()
        .filter(|l| l.progress == crate::library::Progress::Playing)
        .take(3)
        .collect();
    html! {
        <section class="home">
            <h1>{ "Puzzle Studio" }</h1>
            <p>{ "Solve, make and share grid logic puzzles. Every answer is proven: checked by an independent verifier, and a claim of uniqueness is backed by a second solve that finds nothing. Everything runs in your browser; a puzzle travels as a link." }</p>
            if !playing.is_empty() {
                <div id="home-continue" class="continue">
                    <strong>{ "Carry on: " }</strong>
                    { for playing.iter().map(|l| html! {
                        <a class="sample" href={format!("#{}", l.fragment)}>{ format!("{} {} ({})", l.kind.title(), l.shape, crate::web::state::clock_text(l.time_ms)) }</a>
                    }) }
                    <a href="#mine">{ "All my puzzles" }</a>
                </div>
            }
            <ul class="kinds">
                { for Kind::ALL.into_iter().map(|k| html! {
                    <li class="kind-card" data-kind={k.id()}>
                        <a class="kind-picture-link" href={format!("#{}", k.id())} aria-hidden="true" tabindex="-1">{ Html::from_html_unchecked(AttrValue::from(crate::web::components::kind_picture(k))) }</a>
                        <div class="kind-text">
                            <a class="kind-title" href={format!("#{}", k.id())}>{ k.title() }</a>
                            <span class="samples">{ "Try: " }{ for samples::of(k).map(sample_link) }</span>
                        </div>
                    </li>
                }) }
                <li class="kind-card" data-kind="art">
                    <a class="kind-picture-link" href="#art" aria-hidden="true" tabindex="-1">{ Html::from_html_unchecked(AttrValue::from(picture(&["..##..", ".####.", "######", "#.##.#", "######", ".#..#."], |c| if c == '#' { "#1d2430" } else { "#ffffff" }, ""))) }</a>
                    <div class="kind-text">
                        <a class="kind-title" href="#art">{ "Image to nonogram" }</a>
                        <span class="samples">{ "Turn a picture into a puzzle with a proven unique answer." }</span>
                    </div>
                </li>
            </ul>
            // Issue 24: the limits, as enforced (models refuse larger sizes; crate::limits::fit
            // checks memory before a request starts).
            <details id="limits" class="limits">
                <summary>{ "Limits" }</summary>
                <ul>
                    { for Kind::ALL.into_iter().map(|k| html! {
                        <li data-kind={k.id()}><strong>{ k.title() }</strong>{ ": " }{ crate::limits::stated(k) }</li>
                    }) }
                    <li data-kind="art"><strong>{ "Image to nonogram" }</strong>{ format!(": {} to {} cells wide", crate::art::prepare::MIN_WIDTH, crate::art::prepare::MAX_CELLS) }</li>
                </ul>
                <p id="limits-memory">{ crate::limits::stated_memory() }</p>
            </details>
        </section>
    }
}
