//! The frame: the one module of the web layer a kind's page speaks through.
//!
//! Like the mid-end of Tatham's collection, the frame draws everything every kind page has
//! ([`KindPage`]: title and rules, the play bar, status, zoom, hint panel, clock, progress
//! sentence, share, solver panel, generator row, import, editor slot and exports) and a kind
//! supplies only what differs, as data in [`PageProps`]. Grid boards read the pointer and keys
//! through one hook ([`use_grid_input`]): strokes, long presses, the cursor and Ctrl+Z.
//!
//! Files under `src/kinds` import nothing else of `crate::web`: what a view needs besides the
//! page is re-exported here, one line each.

mod input;
mod page;

pub use input::{
    history_key, use_grid_input, use_stroke, GridInput, GridSpec, KeyPress, Shape, Stroke,
    StrokeHandlers,
};
pub use page::{no_puzzle, Bar, Export, Fit, Generator, KindPage, PageProps, Pictures, Solve};

/// An editor's draft kept in local storage, with Undo and Redo; how a change joins the history.
pub use crate::app_state::edit_history::Step as EditStep;
/// `<select>`s over (value, label) options, or over numbers, that store the choice in a state.
pub use crate::web::actions::{number_select, select};
/// The board's lines as one SVG layer over its cells.
pub use crate::web::board::lines_layer;
/// What the board shows while the explanation is scrubbed, and the cells a hint talks about.
/// The player's marks, typed, read once from the workshop.
pub use crate::web::components::hint::{board_marks, highlight, marks_of, Highlight};
/// The small SVG picture on a kind's home card.
pub use crate::web::components::home::picture as card_picture;
/// The full studio link for a share fragment.
pub use crate::web::components::share::{link_for, CopyCode};
/// The page's context: the state and the ways to change it (run a job, go to a link).
pub use crate::web::ctx::Ctx;
/// Saves a text, or an SVG drawn as PNG, as a file the browser downloads.
pub use crate::web::download::{svg_as_png as save_png, text as save_text};
pub use crate::web::hooks::{keep_typed, use_draft, StoredDraft};
/// The page's context, its kind's workshop and its puzzle; the first puzzle shown; a stored text.
pub use crate::web::hooks::{use_example, use_stored, use_workshop};
/// How many workers a portfolio may race on this device.
pub use crate::web::portfolio::runners as workers_available;
/// The verdict of a solver report in words.
pub use crate::web::state::verdict_text;
/// The page state's actions, what a job is doing, and a kind's workshop (puzzle, marks, hint).
pub use crate::web::state::{Action, Severity, Work, Workshop};
/// A kind's text kept in local storage (read, write, forget).
pub use crate::web::storage::{load as kept, remove as forget, save as keep};
/// The live snapshot of a kind's running job (its data, and which racing worker sent it).
pub use page::use_snapshot;
