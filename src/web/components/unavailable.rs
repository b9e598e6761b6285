//! The page for kinds this build does not offer yet.

use yew::prelude::*;

use crate::kinds::Kind;

/// Props: which kind.
#[derive(Properties, PartialEq)]
pub struct Props {
    /// The kind asked for.
    pub kind: Kind,
}

/// A plain "not yet available" page.
#[component]
pub fn Unavailable(props: &Props) -> Html {
    html! {
        <section class="unavailable">
            <h1>{ props.kind.title() }</h1>
            <p id="unavailable">{ format!("{} is not yet available in this version of the studio.", props.kind.title()) }</p>
        </section>
    }
}
