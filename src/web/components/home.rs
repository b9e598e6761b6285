//! The home page: what the studio does and where to start.

use yew::prelude::*;

use crate::kinds::Kind;

/// The list of puzzle kinds.
#[component]
pub fn Home() -> Html {
    html! {
        <section class="home">
            <h1>{ "Puzzle Studio" }</h1>
            <p>{ "Solve, make and share grid logic puzzles. Every answer is proven: checked by an independent verifier, and a claim of uniqueness is backed by a second solve that finds nothing. Everything runs in your browser; a puzzle travels as a link." }</p>
            <ul class="kinds">
                { for Kind::ALL.into_iter().map(|k| html! {
                    <li>
                        <a href={format!("#{}", k.id())}>{ k.title() }</a>
                    </li>
                }) }
            </ul>
        </section>
    }
}
