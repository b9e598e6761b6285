//! The browser front end: the Yew app, its worker client, and the worker's entry (wasm32 only).
//!
//! Logic lives in [`state`] (a reducer with no DOM code) and in the core; components render
//! state and dispatch actions; [`client`] owns the Web Worker; [`worker`] is the worker's side.

pub(crate) mod actions;
pub mod app;
pub(crate) mod board;
pub(crate) mod client;
pub(crate) mod components;
pub mod ctx;
pub(crate) mod download;
pub(crate) mod hooks;
pub(crate) mod panic;
pub(crate) mod portfolio;
pub(crate) mod state;
pub(crate) mod storage;
pub mod worker;

/// Starts the page: the panic hook first, then the Yew app on `<body>`.
pub fn start_app() {
    panic::install("The page hit an internal error");
    yew::Renderer::<app::App>::new().render();
}
