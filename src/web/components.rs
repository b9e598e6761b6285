//! The page's shared components, one per file; each kind's page is in its own folder
//! (`src/kinds/<kind>/view.rs`), reached through [`kind_page`].

use yew::prelude::*;

use crate::kinds::Kind;

pub mod art;
pub mod bench;
pub mod clock;
pub mod hint;
pub mod home;
pub mod import;
pub mod mine;
pub mod nav;
pub mod notice;
pub mod saved;
pub mod share;
pub mod status;
pub mod theme;
pub mod zoom;

/// Makes [`kind_page`] and [`kind_picture`] from the registry's lines.
#[doc(hidden)]
#[macro_export]
macro_rules! __kind_views {
    (() $($(#[$meta:meta])* $V:ident => $m:ident :: $T:ident,)*) => {
        /// The page of a kind: the `Page` component of its folder's `view` module.
        pub fn kind_page(kind: Kind) -> Html {
            match kind {
                $(Kind::$V => html! { <crate::kinds::$m::view::Page /> },)*
            }
        }

        /// The small picture on a kind's home card: its `view` module's `card_picture`.
        pub fn kind_picture(kind: Kind) -> String {
            match kind {
                $(Kind::$V => crate::kinds::$m::view::card_picture(),)*
            }
        }
    };
}

crate::for_each_kind!(__kind_views);
