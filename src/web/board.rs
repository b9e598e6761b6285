//! What the boards share below the frame: which cell is under the pointer, how long a long
//! press lasts, and the boards' lines drawn as one SVG layer over the cells. Strokes and keys
//! are the frame's ([`crate::web::frame::use_grid_input`]).

use yew::prelude::*;

/// How long a touch must rest on a cell to count as a long press.
pub const LONG_PRESS_MS: u32 = 450;

/// The (row, column) of the board cell under the point: the `.cell` element inside `board` (a
/// CSS selector) carrying `data-r` and `data-c`.
pub fn cell_at(x: i32, y: i32, board: &str) -> Option<(usize, usize)> {
    let el = web_sys::window()?.document()?.element_from_point(x as f32, y as f32)?;
    let el = el.closest(&format!("{board} .cell")).ok()??;
    Some((el.get_attribute("data-r")?.parse().ok()?, el.get_attribute("data-c")?.parse().ok()?))
}

/// A board's inner lines as one SVG layer over its cells ([`crate::board_lines`]): thin grid
/// lines, and walls on top with square caps. The cells stay the interactive elements (the layer
/// takes no pointer events and is hidden from assistive technology); the frame is the board's
/// border. The board must be `position: relative`.
pub fn lines_layer(rows: usize, cols: usize, lines: crate::board_lines::Lines) -> Html {
    html! {
        <svg class="board-lines" viewBox={crate::board_lines::view_box(rows, cols)} preserveAspectRatio="none" aria-hidden="true" focusable="false">
            <path class="thin" d={lines.thin} />
            <path class="walls" d={lines.walls} />
        </svg>
    }
}
