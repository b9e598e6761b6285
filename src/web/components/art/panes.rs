//! The pictures a result makes (cell greys, the picture with its givens, the shading, a second
//! answer), each an image with its caption ([`view::panes`]).

use std::rc::Rc;

use yew::prelude::*;

use crate::art::pipeline::ArtResult;
use crate::art::view;
use crate::web::download::svg_data_url;

/// The result to draw.
#[derive(Properties, PartialEq)]
pub struct PanesProps {
    /// The result on screen.
    pub result: Rc<ArtResult>,
    /// Whether the cells adjusting changed are ringed.
    pub ring: bool,
}

/// One figure per picture, straight into the parent's row (a component adds no element); drawn
/// again only when the result changes.
#[component]
pub fn Panes(props: &PanesProps) -> Html {
    html! {
        { for view::panes(&props.result, props.ring).into_iter().map(|(caption, svg)| html! {
            <figure><img class="art-grid" src={svg_data_url(&svg)} alt={caption} /><figcaption>{ caption }</figcaption></figure>
        }) }
    }
}
