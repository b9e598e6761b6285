//! The browser front end: the Yew app, its worker client, and the worker's entry (wasm32 only).
//!
//! Logic lives in [`state`] (a reducer with no DOM code) and in the core; components render
//! state and dispatch actions; [`client`] owns the Web Worker; [`worker`] is the worker's side.
//!
//! The frame ([`frame`]): every kind's page is one [`frame::KindPage`], which draws the title,
//! the rules, the play bar, status, zoom, the hint panel, the clock, share, the solver panel,
//! the generator row, import, the editor slot and the exports in one order for every kind; a
//! kind's `view.rs` gives only its board and what else differs, as data. Grid boards read the
//! pointer and keys through one hook ([`frame::use_grid_input`]). `frame` is the only module of
//! this layer that files under `src/kinds` import: adding a control to every page is one edit
//! there.

pub(crate) mod actions;
pub mod app;
pub(crate) mod board;
pub(crate) mod client;
pub(crate) mod components;
pub mod ctx;
pub(crate) mod download;
pub mod frame;
pub(crate) mod hooks;
pub(crate) mod panic;
pub(crate) mod portfolio;
pub(crate) mod scroll;
pub(crate) mod state;
pub(crate) mod storage;
pub mod worker;

/// Starts the page: the panic hook first, then the Yew app on `<body>`.
pub fn start_app() {
    panic::install("The page hit an internal error");
    yew::Renderer::<app::App>::new().render();
}
