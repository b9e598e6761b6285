//! The page for features this build does not offer yet.

use yew::prelude::*;

use crate::kinds::Kind;

/// Props: which kind (if it is one) and its title.
#[derive(Properties, PartialEq)]
pub struct Props {
    /// The kind asked for, when the page is a kind.
    pub kind: Option<Kind>,
    /// The name shown.
    pub title: AttrValue,
}

/// A plain "not yet available" page.
#[component]
pub fn Unavailable(props: &Props) -> Html {
    html! {
        <section class="unavailable" data-kind={props.kind.map(|k| k.id())}>
            <h1>{ props.title.clone() }</h1>
            <p id="unavailable">{ format!("{} is not yet available in this version of the studio.", props.title) }</p>
        </section>
    }
}
