//! The nonogram workshop: player (fill, mark, drag lines, keyboard, undo, check), solver, the
//! editor ([`super::editor_view`]), exports.

use gloo_timers::callback::Timeout;
use yew::prelude::*;

use super::editor_view::NonogramEditor;
use crate::grid::Grid;
use crate::jobs::{self, Request};
use crate::kinds::nonogram::page::{self, LineStatus};
use crate::kinds::nonogram::{formats, solve, Cell, Nonogram};
use crate::kinds::Kind;
use crate::puzzle::Mode;
use crate::web::actions;
use crate::web::components::hint::{self, HintPanel};
use crate::web::components::zoom::Zoom;
use crate::web::components::{
    import::Import,
    share::{self, Share},
    status::Status,
};
use crate::web::hooks::{use_example, use_workshop};
use crate::web::state::{Action, Work};

const KIND: Kind = Kind::Nonogram;
const FILL: u8 = 1;
const CROSS: u8 = 2;
/// The first puzzle a visitor sees: webpbn #1 "Dancer" by Jan Wolter (formats.md 3.2), in Tatham's form.
const EXAMPLE: &str = "5x10:2.1/2.1.3/7/1.3/2.1/2/2.1/1.1/3/1.1/1.1/2/1.1/1.2/2";
const ACCEPTS: &str = "a studio share link, a Tatham Pattern ID, a puzz.link nonogram URL, a .non, .nin or webpbn XML file, or the studio's JSON";

/// A drag in progress: where it started, where the pointer is, and what it paints.
#[derive(Clone, Copy, PartialEq)]
struct Drag {
    start: (usize, usize),
    end: (usize, usize),
    value: u8,
}

/// The cells a drag paints: a straight line from `start` along the longer axis toward `end`.
fn drag_cells(d: &Drag) -> Vec<(usize, usize)> {
    let (r0, c0) = d.start;
    let (r1, c1) = d.end;
    if r0.abs_diff(r1) >= c0.abs_diff(c1) {
        (r0.min(r1)..=r0.max(r1)).map(|r| (r, c0)).collect()
    } else {
        (c0.min(c1)..=c0.max(c1)).map(|c| (r0, c)).collect()
    }
}

fn cell_at(x: i32, y: i32) -> Option<(usize, usize)> {
    crate::web::board::cell_at(x, y, ".nono")
}

/// The class names of [`NonoCell`]'s flag bits, in bit order.
const CELL_CLASSES: [&str; 15] = [
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
];

/// A clue's numbers as spans (an empty line shows 0).
fn clue_items(clue: &[u32]) -> Html {
    if clue.is_empty() {
        html! { <span>{ "0" }</span> }
    } else {
        html! { <>{ for clue.iter().map(|v| html! { <span>{ v }</span> }) }</> }
    }
}

/// One board row: its clue and its cells as (shown mark, class flags in bits of [`CELL_CLASSES`]).
#[derive(Properties, PartialEq)]
struct NonoRowProps {
    r: u32,
    cells: Vec<(u8, u16)>,
    clue: Vec<u32>,
    clue_class: String,
}

/// A board row (its clue and cells, straight into the board's grid: a component adds no element).
/// Yew skips it when its props are unchanged, so a click on a 100x100 board re-renders one row.
#[component]
fn NonoRow(props: &NonoRowProps) -> Html {
    let r = props.r.to_string();
    let cells = props.cells.iter().enumerate().map(|(c, &(v, flags))| {
        let mut class = String::from("cell");
        for (bit, name) in CELL_CLASSES.iter().enumerate() {
            if flags & (1 << bit) != 0 {
                class.push(' ');
                class.push_str(name);
            }
        }
        html! { <div {class} data-r={r.clone()} data-c={c.to_string()} data-v={v.to_string()}></div> }
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
fn nono_lines(rows: usize, cols: usize) -> Html {
    use crate::board_lines::{lines_by, UNIT};
    let mut l = lines_by(rows, cols, |r, _| r % 5 == 0, |_, c| c % 5 == 0);
    let (w, h) = (cols * UNIT, rows * UNIT);
    l.walls.push_str(&format!("M{w} 0V{h}H0"));
    let layer = crate::web::board::lines_layer(rows, cols, l);
    html! { <div class="nono-lines" style={format!("grid-row:2 / span {rows};grid-column:2 / span {cols}")}>{ layer }</div> }
}

/// The nonogram page.
#[component]
pub fn Page() -> Html {
    let (ctx, w, puzzle) = use_workshop::<Nonogram>();
    let puzzle_text = w.puzzle.clone();
    let drag = use_state(|| None::<Drag>);
    let board_ref = use_node_ref();
    // Line status per shown grid, so re-renders during a drag do not rerun the line solver.
    let status_cache =
        use_mut_ref(|| None::<(String, Vec<u8>, (Vec<LineStatus>, Vec<LineStatus>))>);
    let press = use_mut_ref(|| None::<Timeout>);
    let cursor = use_state(|| (0usize, 0usize));
    let gen_size = use_state(|| 15usize);
    let workers = use_state(|| 1usize);

    use_example(KIND, EXAMPLE);
    // The size picker shows the choice nearest the puzzle on screen.
    {
        let gen_size = gen_size.clone();
        let side = (*puzzle).as_ref().map(|p| p.width().max(p.height()));
        use_effect_with(side, move |side| {
            if let Some(side) = *side {
                gen_size.set(
                    [5usize, 10, 15, 20, 25, 30]
                        .into_iter()
                        .min_by_key(|s| s.abs_diff(side))
                        .unwrap_or(15),
                );
            }
            || ()
        });
    }

    let busy = ctx.state.busy_kind(KIND).is_some();
    let Some(p) = (*puzzle).clone() else {
        return html! { <section class="workshop"><h1>{ "Nonogram" }</h1><Status kind={KIND} /><Import kind={KIND} accepts={ACCEPTS} /></section> };
    };
    let text = puzzle_text.clone().unwrap_or_default();
    let (width, height) = (p.width(), p.height());
    let n = width * height;
    let givens: Vec<Cell> = p.start();
    // While the explanation is scrubbed, the board shows its marks at that step.
    let scrubbed = hint::board_marks(&w);
    let hl = hint::highlight(&w);
    let marks: Vec<u8> = (0..n)
        .map(|i| match givens[i] {
            Cell::Black => FILL,
            Cell::White => CROSS,
            Cell::Unknown => scrubbed.as_ref().unwrap_or(&w.marks).get(i).copied().unwrap_or(0),
        })
        .collect();

    let report = w.result.clone();
    let (answer_rows, other_rows) = w.shown_answers();
    let answer: Option<Vec<bool>> =
        answer_rows.map(|rows| rows.concat().chars().map(|c| c == '#').collect());
    let other: Option<Vec<bool>> =
        other_rows.map(|rows| rows.concat().chars().map(|c| c == '#').collect());
    let shown: Vec<u8> = match &answer {
        Some(a) => a.iter().map(|&b| if b { FILL } else { CROSS }).collect(),
        None => marks.clone(),
    };
    let preview: Vec<(usize, usize)> = drag.as_ref().map(drag_cells).unwrap_or_default();
    let preview_value = drag.as_ref().map(|d| d.value).unwrap_or(0);

    let cells_grid = Grid::from_cells(
        height,
        width,
        shown
            .iter()
            .map(|&m| match m {
                FILL => Cell::Black,
                CROSS => Cell::White,
                _ => Cell::Unknown,
            })
            .collect(),
    )
    .expect("n cells");
    let (row_status, col_status) = {
        let mut cache = status_cache.borrow_mut();
        match cache.as_ref() {
            Some((t, m, status)) if *t == text && *m == shown => status.clone(),
            _ => {
                let status = page::grid_status(&p, &cells_grid);
                *cache = Some((text.clone(), shown.clone(), status.clone()));
                status
            }
        }
    };
    let solved_by_hand = answer.is_none()
        && row_status.iter().chain(&col_status).all(|s| *s == LineStatus::Satisfied);
    let mut mistaken = vec![false; n];
    for &i in w.mistakes.iter().flatten() {
        if let Some(m) = mistaken.get_mut(i) {
            *m = true;
        }
    }

    let commit = {
        let (state, drag, givens) = (ctx.state.clone(), drag.clone(), givens.clone());
        move || {
            if let Some(d) = *drag {
                let cells: Vec<(usize, u8)> = drag_cells(&d)
                    .into_iter()
                    .map(|(r, c)| r * width + c)
                    .filter(|&i| givens[i] == Cell::Unknown)
                    .map(|i| (i, d.value))
                    .collect();
                state.dispatch(Action::Mark { kind: KIND, cells });
            }
            drag.set(None);
        }
    };
    let on_down = {
        let (drag, press, marks, cursor, board_ref) =
            (drag.clone(), press.clone(), marks.clone(), cursor.clone(), board_ref.clone());
        let answer_shown = answer.is_some();
        Callback::from(move |e: PointerEvent| {
            let Some((r, c)) = cell_at(e.client_x(), e.client_y()) else { return };
            e.prevent_default();
            // The board takes the keyboard once it is touched (preventDefault keeps focus away).
            if let Some(b) = board_ref.cast::<web_sys::HtmlElement>() {
                let _ = b.focus();
            }
            let current = if answer_shown { 0 } else { marks[r * width + c] };
            let value = match (e.button(), current) {
                (2, CROSS) => 0,
                (2, _) => CROSS,
                (_, FILL) => 0,
                _ => FILL,
            };
            cursor.set((r, c));
            drag.set(Some(Drag { start: (r, c), end: (r, c), value }));
            if e.pointer_type() == "touch" {
                // A long press marks the cell empty instead of filling it.
                let drag = drag.clone();
                let cross = if current == CROSS { 0 } else { CROSS };
                *press.borrow_mut() =
                    Some(Timeout::new(crate::web::board::LONG_PRESS_MS, move || {
                        if let Some(d) = *drag {
                            if d.start == d.end {
                                drag.set(Some(Drag { value: cross, ..d }));
                            }
                        }
                    }));
            }
        })
    };
    let on_move = {
        let (drag, press) = (drag.clone(), press.clone());
        Callback::from(move |e: PointerEvent| {
            let Some(d) = *drag else { return };
            if let Some(cell) = cell_at(e.client_x(), e.client_y()) {
                if cell != d.end {
                    press.borrow_mut().take();
                    drag.set(Some(Drag { end: cell, ..d }));
                }
            }
        })
    };
    let on_up = {
        let (commit, press) = (commit.clone(), press.clone());
        Callback::from(move |_: PointerEvent| {
            press.borrow_mut().take();
            commit();
        })
    };
    let on_key = {
        let (state, cursor, marks, givens) =
            (ctx.state.clone(), cursor.clone(), marks.clone(), givens.clone());
        Callback::from(move |e: KeyboardEvent| {
            let (r, c) = *cursor;
            let i = r * width + c;
            let set = |value: u8| {
                if givens[i] == Cell::Unknown {
                    state.dispatch(Action::Mark { kind: KIND, cells: vec![(i, value)] });
                }
            };
            let ctrl = e.ctrl_key() || e.meta_key();
            if let Some(to) = crate::grid::cursor_step(&e.key(), (r, c), height, width) {
                cursor.set(to);
                e.prevent_default();
                return;
            }
            match e.key().as_str() {
                " " | "Enter" => set(if marks[i] == FILL { 0 } else { FILL }),
                "x" | "X" | "." => set(if marks[i] == CROSS { 0 } else { CROSS }),
                "Backspace" | "Delete" => set(0),
                "z" if ctrl && e.shift_key() => state.dispatch(Action::Redo(KIND)),
                "z" | "Z" if ctrl => state.dispatch(Action::Undo(KIND)),
                "y" if ctrl => state.dispatch(Action::Redo(KIND)),
                _ => return,
            }
            e.prevent_default();
        })
    };

    // Clues: grey when the line is satisfied, red when the marks contradict it.
    let status_class = |s: LineStatus| match s {
        LineStatus::Satisfied => "sat",
        LineStatus::Contradiction => "bad",
        LineStatus::Open => "",
    };
    let mut board = Vec::with_capacity(n + width + height + 1);
    board.push(html! { <div class="corner"></div> });
    for c in 0..width {
        board.push(html! { <div class={classes!("clue", "col", status_class(col_status[c]), ((c + 1) % 5 == 0 && c + 1 < width).then_some("r5"))} data-c={c.to_string()}>{ clue_items(&p.cols()[c]) }</div> });
    }
    for r in 0..height {
        let cells: Vec<(u8, u16)> = (0..width)
            .map(|c| {
                let i = r * width + c;
                let in_preview = givens[i] == Cell::Unknown && preview.contains(&(r, c));
                let m = if in_preview { preview_value } else { shown[i] };
                let flags = [
                    m == FILL,
                    m == CROSS,
                    givens[i] != Cell::Unknown,
                    (c + 1) % 5 == 0 && c + 1 < width,
                    (r + 1) % 5 == 0 && r + 1 < height,
                    c + 1 == width,
                    r + 1 == height,
                    *cursor == (r, c),
                    in_preview,
                    answer.is_none() && mistaken.get(i).copied().unwrap_or(false),
                    other.as_ref().zip(answer.as_ref()).is_some_and(|(o, a)| o[i] != a[i]),
                    hl.change.contains(&i) && !hl.mistake,
                    hl.change.contains(&i) && hl.mistake,
                    hl.reason.contains(&i) && !hl.change.contains(&i),
                    hl.figure.contains(&i) && !hl.change.contains(&i),
                ]
                .iter()
                .enumerate()
                .fold(0u16, |acc, (bit, &on)| acc | (u16::from(on) << bit));
                (m, flags)
            })
            .collect();
        let clue_class = classes!(
            "clue",
            "row",
            status_class(row_status[r]),
            ((r + 1) % 5 == 0 && r + 1 < height).then_some("b5")
        )
        .to_string();
        // A memoised row: a click re-renders the rows that changed, not ten thousand cells.
        board.push(
            html! { <NonoRow r={r as u32} {cells} clue={p.rows()[r].clone()} {clue_class} /> },
        );
    }
    let max_row_clue = p.rows().iter().map(|c| c.len().max(1)).max().unwrap_or(1);

    let solve = {
        let (run, text) = (ctx.run.clone(), text.clone());
        let (race, workers) = (ctx.race.clone(), *workers);
        Callback::from(move |_: MouseEvent| {
            if workers < 2 {
                run.emit((
                    Work::Solve(Mode::Unique),
                    Request::Solve {
                        kind: KIND,
                        puzzle: text.clone(),
                        mode: Mode::Unique,
                        options: String::new(),
                    },
                ));
            } else {
                // A portfolio: differently set-up searches race; the first checked answer wins.
                let requests = solve::portfolio(workers)
                    .into_iter()
                    .map(|options| {
                        jobs::solve_request::<Nonogram>(text.clone(), Mode::Unique, &options)
                    })
                    .collect();
                race.emit((Work::Solve(Mode::Unique), requests));
            }
        })
    };
    let check = {
        let (state, run, text, has_result) =
            (ctx.state.clone(), ctx.run.clone(), text.clone(), report.is_some());
        Callback::from(move |_: MouseEvent| {
            state.dispatch(Action::Check(KIND));
            if !has_result {
                run.emit((
                    Work::Solve(Mode::Unique),
                    Request::Solve {
                        kind: KIND,
                        puzzle: text.clone(),
                        mode: Mode::Unique,
                        options: String::new(),
                    },
                ));
            }
        })
    };
    let generate = actions::generate_on_click::<super::Nonogram>(
        &ctx,
        super::GenerateOptions { size: Some(*gen_size) },
    );

    // Exports.
    let export_buttons = page::EXPORTS.into_iter().map(|format| {
        let (label, file, mime) = match format {
            formats::Format::Json => ("Studio JSON", "puzzle.json", "application/json"),
            formats::Format::Tatham => ("Tatham Pattern ID", "puzzle.pattern.txt", "text/plain"),
            formats::Format::PuzzLink => ("puzz.link URL", "puzzle.puzzlink.txt", "text/plain"),
            formats::Format::Non => (".non", "puzzle.non", "text/plain"),
            formats::Format::Nin => (".nin", "puzzle.nin", "text/plain"),
            formats::Format::Xml => ("webpbn XML", "puzzle.xml", "application/xml"),
            formats::Format::Taai => ("TAAI", "puzzle.taai.txt", "text/plain"),
        };
        let p = p.clone();
        actions::text_export(&ctx, label, file, mime, move || page::export(&p, format))
    });
    let solution_grid: Option<Grid<bool>> =
        report.as_ref().and_then(|r| r.solutions.first()).and_then(|rows| {
            Grid::from_cells(height, width, rows.concat().chars().map(|c| c == '#').collect())
        });
    let print_solution = solution_grid.clone().map(|g| {
        let p = p.clone();
        Callback::from(move |()| page::render_svg(&p, Some(&page::solution_cells(&g))))
    });
    let extra: Vec<(String, String)> = formats::puzzlink::to_puzzlink(&p)
        .map(|u| vec![("Open in puzz.link".to_string(), u)])
        .unwrap_or_default();

    html! {
        <section class="workshop nonogram">
            <h1>{ p.title().map(|t| format!("Nonogram: {t}")).unwrap_or_else(|| "Nonogram".into()) }</h1>
            <p class="rules">{ format!("{width}x{height}. Each number is a run of filled cells in that row or column, in order. Tap or click: fill. Long-press or right-click: mark empty. Drag: a straight line. Keys: arrows, Space, X, Ctrl+Z.") }</p>
            if givens.iter().any(|g| *g != Cell::Unknown) {
                <p id="givens-note" class="hint">{ format!(
                    "{} cell{} {} given (drawn darker) and cannot be changed. A puzzle whose clues alone allow more than one picture comes with given cells that make its answer the only one.",
                    givens.iter().filter(|g| **g != Cell::Unknown).count(),
                    if givens.iter().filter(|g| **g != Cell::Unknown).count() == 1 { "" } else { "s" },
                    if givens.iter().filter(|g| **g != Cell::Unknown).count() == 1 { "is" } else { "are" },
                ) }</p>
            }
            <div class="toolbar">
                <button id="check" disabled={busy} onclick={check}>{ "Check" }</button>
                { actions::history_buttons(&ctx, KIND, &w, "Clear") }
                { actions::view_buttons(&ctx, KIND, &w, "My grid") }
            </div>
            <Status kind={KIND} />
            <Zoom size={format!("{width}x{height}")} min_fit={0.6}>
            <div id="board" ref={board_ref} class="nono" tabindex="0" style={format!("--w:{width};--rc:{max_row_clue}")}
                 data-rows={height.to_string()} data-cols={width.to_string()}
                 onpointerdown={on_down} onpointermove={on_move} onpointerup={on_up.clone()} onpointerleave={on_up}
                 onkeydown={on_key} oncontextmenu={Callback::from(|e: MouseEvent| e.prevent_default())}>
                { for board }
                { nono_lines(height, width) }
            </div>
            </Zoom>
            <HintPanel kind={KIND} done={solved_by_hand && scrubbed.is_none()} />
            <p id="progress" class={classes!("progress", solved_by_hand.then_some("solved"))}>{
                if answer.is_some() && other.is_some() { "Showing a verified answer; the ringed cells differ between the two answers." }
                else if answer.is_some() { "Showing the verified answer." }
                else { "" }
            }</p>
            <crate::web::components::clock::PlayClock kind={KIND} solved={solved_by_hand} />
            <Share fragment={crate::link::fragment(&p)} {extra} solution={print_solution} solution_key={share::answer_key(report.as_ref().and_then(|r| r.solutions.first()))} />
            { actions::solver_panel(html! { <>
                <button id="solve" disabled={busy} onclick={solve}>{ "Solve" }</button>
                <label title="Solve races this many workers, each with another search (batsat, batsat without the line implications, varisat, batsat with the line solver inside); the first answer that passes the checker wins and the others stop">{ " Workers " }{ actions::select("nono-workers", (1..=crate::portfolio::MAX_RUNNERS).map(|v| (v, v.to_string())).collect(), *workers, workers.clone()) }</label>
            </> }) }
            <div class="generate">
                <label>{ "Size " }<select id="gen-size" onchange={{ let s = gen_size.clone(); Callback::from(move |e: Event| if let Some(t) = e.target_dyn_into::<web_sys::HtmlSelectElement>() { s.set(t.value().parse().unwrap_or(15)) }) }}>
                    { for [5usize, 10, 15, 20, 25, 30].into_iter().map(|s| html! { <option value={s.to_string()} selected={s == *gen_size}>{ format!("{s}x{s}") }</option> }) }
                </select></label>
                <button id="generate" disabled={busy} onclick={generate}>{ "New puzzle" }</button>
            </div>
            <Import kind={KIND} accepts={ACCEPTS} />
            <NonogramEditor />
            <details class="export">
                <summary>{ "Export" }</summary>
                <div class="row wrap">{ for export_buttons }</div>
                { actions::picture_buttons(&ctx, { let p = p.clone(); move || page::render_svg(&p, None) }, solution_grid.map(|g| { let p = p.clone(); move || page::render_svg(&p, Some(&page::solution_cells(&g))) })) }
            </details>
        </section>
    }
}

/// The small picture on the home page's card for this kind.
pub fn card_picture() -> String {
    crate::web::components::home::picture(
        &[".#.#.", "#####", "#####", ".###.", "..#.."],
        |c| if c == '#' { "#1d2430" } else { "#ffffff" },
        "",
    )
}
