//! The nonogram board's parts: a memoised row of cells with its clue, the clue numbers, the
//! grid's lines, and the clue classes (grey when satisfied, red when contradicted).

use yew::prelude::*;

use std::cell::RefCell;

use crate::grid::Grid;
use crate::kinds::nonogram::page::{self, LineStatus, YesNo};
use crate::kinds::nonogram::{Cell, Nonogram};
use crate::web::frame;

/// The class names of [`NonoRow`]'s flag bits, in bit order.
pub const CELL_CLASSES: [&str; 16] = [
    "filled",
    "cross",
    "given",
    "r5",
    "b5",
    "edge-r",
    "edge-b",
    "cursor",
    "preview",
    "mistake",
    "differs",
    "hint-change",
    "hint-mistake",
    "hint-reason",
    "hint-figure",
    "hint-out",
];

/// A clue's numbers as spans (an empty line shows 0).
pub fn clue_items(clue: &[u32]) -> Html {
    if clue.is_empty() {
        html! { <span>{ "0" }</span> }
    } else {
        html! { <>{ for clue.iter().map(|v| html! { <span>{ v }</span> }) }</> }
    }
}

/// One board row: its clue and its cells as (shown mark, class flags in bits of [`CELL_CLASSES`]).
#[derive(Properties, PartialEq)]
pub struct NonoRowProps {
    /// The row.
    pub r: u32,
    /// Its cells.
    pub cells: Vec<(YesNo, u16)>,
    /// Its clue.
    pub clue: Vec<u32>,
    /// The clue's classes.
    pub clue_class: String,
}

/// A board row (its clue and cells, straight into the board's grid: a component adds no element).
/// Yew skips it when its props are unchanged, so a click on a 100x100 board re-renders one row.
#[component]
pub fn NonoRow(props: &NonoRowProps) -> Html {
    let r = props.r.to_string();
    let cells = props.cells.iter().enumerate().map(|(c, &(v, flags))| {
        let mut class = String::from("cell");
        for (bit, name) in CELL_CLASSES.iter().enumerate() {
            if flags & (1 << bit) != 0 {
                class.push(' ');
                class.push_str(name);
            }
        }
        html! { <div {class} data-r={r.clone()} data-c={c.to_string()} data-v={(v as u8).to_string()}></div> }
    });
    html! {
        <>
            <div class={props.clue_class.clone()} data-r={r.clone()}>{ clue_items(&props.clue) }</div>
            { for cells }
        </>
    }
}

/// The grid's lines as one SVG layer over the cells (the clue strips draw the left and top
/// frame): thin lines, a rule every 5 cells and the right and bottom frame on top.
pub fn nono_lines(rows: usize, cols: usize) -> Html {
    use crate::board_lines::{lines_by, UNIT};
    let mut l = lines_by(rows, cols, |r, _| r % 5 == 0, |_, c| c % 5 == 0);
    let (w, h) = (cols * UNIT, rows * UNIT);
    l.walls.push_str(&format!("M{w} 0V{h}H0"));
    let style = format!("grid-row:2 / span {rows};grid-column:2 / span {cols}");
    html! { <div class="nono-lines" {style}>{ frame::lines_layer(rows, cols, l) }</div> }
}

/// Clues: grey when the line is satisfied, red when the marks contradict it.
pub fn status_class(s: LineStatus) -> &'static str {
    match s {
        LineStatus::Satisfied => "sat",
        LineStatus::Contradiction => "bad",
        LineStatus::Open => "",
    }
}

/// The line status last computed: for which puzzle text and shown marks, and the rows' and
/// columns' status.
pub type StatusCache = Option<(String, Vec<YesNo>, (Vec<LineStatus>, Vec<LineStatus>))>;

/// The rows' and columns' status for the marks `shown` of puzzle `p` (text `text`), from `cache`
/// when they are unchanged, so re-renders during a drag do not rerun the line solver.
pub fn line_status(
    cache: &RefCell<StatusCache>,
    p: &Nonogram,
    text: &str,
    shown: &[YesNo],
) -> (Vec<LineStatus>, Vec<LineStatus>) {
    let mut cache = cache.borrow_mut();
    if let Some((t, m, status)) = cache.as_ref() {
        if t == text && m == shown {
            return status.clone();
        }
    }
    let cells = shown
        .iter()
        .map(|&m| match m {
            YesNo::Yes => Cell::Black,
            YesNo::No => Cell::White,
            YesNo::Open => Cell::Unknown,
        })
        .collect();
    let grid = Grid::from_cells(p.height(), p.width(), cells).expect("a mark per cell");
    let status = page::grid_status(p, &grid);
    *cache = Some((text.to_string(), shown.to_vec(), status.clone()));
    status
}
