//! The colour nonogram page: the board with its clue runs in their colours, the palette bar
//! (number keys pick a colour), painting by click, drag or keyboard, dots, undo, Check, hints,
//! Solve, New puzzle at a difficulty, the editor ([`super::editor_view`]), sharing and exports.
//! What it works out is in [`super::page`].

use gloo_timers::callback::Timeout;
use yew::prelude::*;

use crate::grid::Grid;
use crate::jobs::Request;
use crate::kinds::colournono::editor_view::ColourEditor;
use crate::kinds::colournono::page::{self, DOT};
use crate::kinds::colournono::{formats, ColourNonogram, Run};
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

const KIND: Kind = Kind::ColourNonogram;
/// The first puzzle a visitor sees: the first sample.
const EXAMPLE: &str = super::SAMPLES[0].1;
const ACCEPTS: &str = "a studio share link, its WxH:palette:clues text, a webpbn XML file with colours, a coloured .non file, Olšák's .g, or the studio's JSON";

/// A drag in progress: where it started, where the pointer is, and the mark it paints.
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
    crate::web::board::cell_at(x, y, ".cnono")
}

/// A clue's runs as chips in their colours (greyed when finished); an empty line shows 0.
fn clue_chips(p: &ColourNonogram, clue: &[Run], done: &[bool]) -> Html {
    if clue.is_empty() {
        return html! { <span class="run none">{ "0" }</span> };
    }
    html! { <>{ for clue.iter().enumerate().map(|(j, r)| {
        let c = &p.palette()[usize::from(r.colour)];
        let style = format!("background:{};color:{}", c.hex(), page::text_on(c.rgb));
        let label = format!("{} {}", r.len, p.colour_name(usize::from(r.colour)));
        html! { <span class={classes!("run", done.get(j).copied().unwrap_or(false).then_some("done"))} {style} title={label}>{ r.len }</span> }
    }) }</> }
}

/// The colour nonogram page.
#[component]
pub fn Page() -> Html {
    let (ctx, w, puzzle) = use_workshop::<ColourNonogram>();
    let drag = use_state(|| None::<Drag>);
    let board_ref = use_node_ref();
    let press = use_mut_ref(|| None::<Timeout>);
    let cursor = use_state(|| (0usize, 0usize));
    let tool = use_state(|| page::mark_of_colour(1));
    let gen_size = use_state(|| 10usize);
    let gen_colours = use_state(|| 3usize);
    let gen_level = use_state(|| "easy".to_string());

    use_example(KIND, EXAMPLE);
    let busy = ctx.state.busy_kind(KIND).is_some();
    let Some(p) = (*puzzle).clone() else {
        return html! { <section class="workshop"><h1>{ "Colour nonogram" }</h1><Status kind={KIND} /><Import kind={KIND} accepts={ACCEPTS} /></section> };
    };
    let text = w.puzzle.clone().unwrap_or_default();
    let (width, height) = (p.width(), p.height());
    let n = width * height;
    let colours = p.colours();
    // A tool from another puzzle's palette falls back to the first colour.
    let tool_now = if *tool == DOT
        || page::colour_of_mark(*tool).is_some_and(|c| (1..=colours).contains(&usize::from(c)))
    {
        *tool
    } else {
        page::mark_of_colour(1)
    };

    let scrubbed = hint::board_marks(&w);
    let hl = hint::highlight(&w);
    let own: Vec<u8> = (0..n)
        .map(|i| scrubbed.as_ref().unwrap_or(&w.marks).get(i).copied().unwrap_or(0))
        .collect();
    let marks: Vec<u8> = page::with_givens(&p, &own);
    let givens = p.start().iter().filter(|g| g.is_some()).count();
    let (answer_rows, other_rows) = w.shown_answers();
    let answer: Option<Vec<u8>> = answer_rows.and_then(|rows| page::marks_of_rows(rows));
    let other: Option<Vec<u8>> = other_rows.and_then(|rows| page::marks_of_rows(rows));
    let shown: Vec<u8> = answer.clone().unwrap_or_else(|| marks.clone());
    let preview: Vec<(usize, usize)> = drag.as_ref().map(drag_cells).unwrap_or_default();
    let preview_value = drag.as_ref().map(|d| d.value).unwrap_or(0);
    let solved_by_hand = answer.is_none() && page::solved(&p, &marks);
    let mut mistaken = vec![false; n];
    for &i in w.mistakes.iter().flatten() {
        if let Some(m) = mistaken.get_mut(i) {
            *m = true;
        }
    }

    let commit = {
        let (state, drag, p) = (ctx.state.clone(), drag.clone(), p.clone());
        move || {
            if let Some(d) = *drag {
                let cells = page::outside_givens(
                    &p,
                    drag_cells(&d).into_iter().map(|(r, c)| (r * width + c, d.value)).collect(),
                );
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
            if let Some(b) = board_ref.cast::<web_sys::HtmlElement>() {
                let _ = b.focus();
            }
            let current = if answer_shown { 0 } else { marks[r * width + c] };
            let value = if e.button() == 2 {
                page::click(current, DOT)
            } else {
                page::click(current, tool_now)
            };
            cursor.set((r, c));
            drag.set(Some(Drag { start: (r, c), end: (r, c), value }));
            if e.pointer_type() == "touch" {
                // A long press puts a dot instead of the colour.
                let drag = drag.clone();
                let dot = page::click(current, DOT);
                *press.borrow_mut() =
                    Some(Timeout::new(crate::web::board::LONG_PRESS_MS, move || {
                        if let Some(d) = *drag {
                            if d.start == d.end {
                                drag.set(Some(Drag { value: dot, ..d }));
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
        let (state, cursor, marks, tool, p) =
            (ctx.state.clone(), cursor.clone(), marks.clone(), tool.clone(), p.clone());
        Callback::from(move |e: KeyboardEvent| {
            let (r, c) = *cursor;
            let i = r * width + c;
            let set = |value: u8| {
                let cells = page::outside_givens(&p, vec![(i, value)]);
                if !cells.is_empty() {
                    state.dispatch(Action::Mark { kind: KIND, cells });
                }
            };
            let ctrl = e.ctrl_key() || e.meta_key();
            if let Some(to) = crate::grid::cursor_step(&e.key(), (r, c), height, width) {
                cursor.set(to);
                e.prevent_default();
                return;
            }
            match e.key().as_str() {
                " " | "Enter" => set(page::click(marks[i], tool_now)),
                "Backspace" | "Delete" => set(0),
                "z" if ctrl && e.shift_key() => state.dispatch(Action::Redo(KIND)),
                "z" | "Z" if ctrl => state.dispatch(Action::Undo(KIND)),
                "y" if ctrl => state.dispatch(Action::Redo(KIND)),
                k => match page::key_tool(k, colours) {
                    // The dot key marks the cell at once; a number picks the colour.
                    Some(DOT) => set(page::click(marks[i], DOT)),
                    Some(t) if !ctrl => tool.set(t),
                    _ => return,
                },
            }
            e.prevent_default();
        })
    };

    let palette_bar = {
        let swatch = |mark: u8| {
            let tool = tool.clone();
            let (label, style, text) = match page::colour_of_mark(mark) {
                Some(c) if c > 0 => {
                    let col = &p.palette()[usize::from(c)];
                    (
                        format!("Paint {} (key {c})", p.colour_name(usize::from(c))),
                        format!("background:{};color:{}", col.hex(), page::text_on(col.rgb)),
                        if c <= 9 { c.to_string() } else { String::new() },
                    )
                }
                _ => (
                    "Dot: known background (key X, right-click or long-press)".to_string(),
                    String::new(),
                    "•".to_string(),
                ),
            };
            let pressed = (mark == tool_now).to_string();
            html! {
                <button class={classes!("swatch", (mark == DOT).then_some("dot-tool"))} {style} aria-label={label.clone()} title={label} aria-pressed={pressed}
                    data-mark={mark.to_string()} onclick={Callback::from(move |_: MouseEvent| tool.set(mark))}>{ text }</button>
            }
        };
        html! {
            <div class="cn-palette" role="group" aria-label="Palette">
                { for (1..=colours as u8).map(|c| swatch(page::mark_of_colour(c))) }
                { swatch(DOT) }
            </div>
        }
    };

    let bg = p.palette()[0].hex();
    let cell_style = |m: u8| -> String {
        match page::colour_of_mark(m) {
            Some(c) if c > 0 => {
                format!("background-color:{}", p.palette()[usize::from(c).min(colours)].hex())
            }
            _ => format!("background-color:{bg}"),
        }
    };
    let mut board = Vec::with_capacity(n + width + height + 1);
    board.push(html! { <div class="corner"></div> });
    for c in 0..width {
        let done = page::finished_runs(&p.cols()[c], &page::col_marks(&shown, width, height, c));
        board.push(html! { <div class={classes!("clue", "col", ((c + 1) % 5 == 0 && c + 1 < width).then_some("r5"))} data-c={c.to_string()}>{ clue_chips(&p, &p.cols()[c], &done) }</div> });
    }
    for r in 0..height {
        let done = page::finished_runs(&p.rows()[r], &page::row_marks(&shown, width, r));
        board.push(html! { <div class={classes!("clue", "row", ((r + 1) % 5 == 0 && r + 1 < height).then_some("b5"))} data-r={r.to_string()}>{ clue_chips(&p, &p.rows()[r], &done) }</div> });
        for c in 0..width {
            let i = r * width + c;
            let in_preview = preview.contains(&(r, c));
            let m = if in_preview { preview_value } else { shown[i] };
            let class = classes!(
                "cell",
                (m == DOT).then_some("dot"),
                ((c + 1) % 5 == 0 && c + 1 < width).then_some("r5"),
                ((r + 1) % 5 == 0 && r + 1 < height).then_some("b5"),
                (c + 1 == width).then_some("edge-r"),
                (r + 1 == height).then_some("edge-b"),
                (*cursor == (r, c)).then_some("cursor"),
                in_preview.then_some("preview"),
                (answer.is_none() && mistaken[i]).then_some("mistake"),
                other
                    .as_ref()
                    .zip(answer.as_ref())
                    .is_some_and(|(o, a)| o[i] != a[i])
                    .then_some("differs"),
                hl.classes(i),
            );
            board.push(html! { <div {class} style={cell_style(m)} data-r={r.to_string()} data-c={c.to_string()} data-v={m.to_string()}></div> });
        }
    }
    let max_row_clue = p.rows().iter().map(|c| c.len().max(1)).max().unwrap_or(1);

    let solve = {
        let (run, text) = (ctx.run.clone(), text.clone());
        Callback::from(move |_: MouseEvent| {
            run.emit((
                Work::Solve(Mode::Unique),
                Request::Solve {
                    kind: KIND,
                    puzzle: text.clone(),
                    mode: Mode::Unique,
                    options: String::new(),
                },
            ))
        })
    };
    let report = w.result.clone();
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
    let solution_grid: Option<Grid<u8>> =
        report.as_ref().and_then(|r| r.solutions.first()).and_then(|rows| p.solution_grid(rows));
    let print_solution = solution_grid.clone().map(|g| {
        let p = p.clone();
        Callback::from(move |()| page::render_svg(&p, Some(&g)))
    });
    let json_export = {
        let p = p.clone();
        actions::text_export(&ctx, "Studio JSON", "puzzle.json", "application/json", move || {
            Ok(formats::to_json(&p).to_string())
        })
    };
    let xml_export = {
        let p = p.clone();
        actions::text_export(&ctx, "webpbn XML", "puzzle.xml", "application/xml", move || {
            Ok(super::xml::to_xml(&p))
        })
    };
    let non_export = {
        let p = p.clone();
        actions::text_export(&ctx, "Coloured .non", "puzzle.non", "text/plain", move || {
            Ok(super::non::to_non(&p))
        })
    };
    let g_export = {
        let p = p.clone();
        actions::text_export(&ctx, "Olšák .g", "puzzle.g", "text/plain", move || {
            Ok(super::olsak::to_g(&p))
        })
    };
    let generate = actions::generate_on_click::<super::ColourNonogram>(
        &ctx,
        super::GenerateOptions {
            size: Some(*gen_size),
            colours: Some(*gen_colours),
            difficulty: Some((*gen_level).clone()),
        },
    );
    let rules = format!(
        "{width}x{height}, {colours} colours. Each number is a run of cells of its colour, in order; runs of the same colour have a gap between them, runs of different colours may touch. Pick a colour (keys 1 to {}), then tap, click or drag to paint; long-press or right-click: dot (background). Keys: arrows, Space, X, Ctrl+Z.",
        colours.min(9)
    );
    html! {
        <section class="workshop colournono">
            <h1>{ p.title().map(|t| format!("Colour nonogram: {t}")).unwrap_or_else(|| "Colour nonogram".into()) }</h1>
            <p class="rules">{ rules }</p>
            if givens > 0 {
                <p id="givens-note" class="hint">{ format!("{givens} cell{} given to start with; the clues and these givens have one answer.", if givens == 1 { " is" } else { "s are" }) }</p>
            }
            <div class="toolbar">
                <button id="check" disabled={busy} onclick={check}>{ "Check" }</button>
                { actions::history_buttons(&ctx, KIND, &w, "Clear") }
                { actions::view_buttons(&ctx, KIND, &w, "My grid") }
            </div>
            { palette_bar }
            <Status kind={KIND} />
            <Zoom size={format!("{width}x{height}")} min_fit={0.6}>
            <div id="board" ref={board_ref} class="cnono" tabindex="0" style={format!("--w:{width};--rc:{max_row_clue}")}
                 data-rows={height.to_string()} data-cols={width.to_string()}
                 onpointerdown={on_down} onpointermove={on_move} onpointerup={on_up.clone()} onpointerleave={on_up}
                 onkeydown={on_key} oncontextmenu={Callback::from(|e: MouseEvent| e.prevent_default())}>
                { for board }
            </div>
            </Zoom>
            <HintPanel kind={KIND} done={solved_by_hand && scrubbed.is_none()} />
            <p id="progress" class={classes!("progress", solved_by_hand.then_some("solved"))}>{
                if answer.is_some() && other.is_some() { "Showing a verified answer; the ringed cells differ between the two answers." }
                else if answer.is_some() { "Showing the verified answer." }
                else { "" }
            }</p>
            <crate::web::components::clock::PlayClock kind={KIND} solved={solved_by_hand} />
            <Share fragment={crate::link::fragment(&p)} extra={Vec::<(String, String)>::new()} solution={print_solution} solution_key={share::answer_key(report.as_ref().and_then(|r| r.solutions.first()))} />
            { actions::solver_panel(html! {
                <button id="solve" disabled={busy} onclick={solve}>{ "Solve" }</button>
            }) }
            <div class="generate">
                <label>{ "Size " }{ actions::select("cn-gen-size", [5usize, 8, 10, 15, 20, 25].into_iter().map(|v| (v, format!("{v}x{v}"))).collect(), *gen_size, gen_size.clone()) }</label>
                <label>{ " Colours " }{ actions::select("cn-gen-colours", (2..=super::generate::MAX_COLOURS).map(|v| (v, v.to_string())).collect(), *gen_colours, gen_colours.clone()) }</label>
                <label title="easy: line logic finishes it (each row and column alone, again and again); hard: it needs more than that; any: whichever comes first">{ " Difficulty " }{ actions::select("cn-gen-level", super::generate::LEVELS.iter().map(|l| (l.to_string(), l.to_string())).collect(), (*gen_level).clone(), gen_level.clone()) }</label>
                <button id="generate" disabled={busy} onclick={generate}>{ "New puzzle" }</button>
            </div>
            <ColourEditor />
            <Import kind={KIND} accepts={ACCEPTS} />
            <details class="export">
                <summary>{ "Export" }</summary>
                <div class="row wrap">{ json_export }{ xml_export }{ non_export }{ g_export }</div>
                { actions::picture_buttons(&ctx, { let p = p.clone(); move || page::render_svg(&p, None) }, solution_grid.map(|g| { let p = p.clone(); move || page::render_svg(&p, Some(&g)) })) }
            </details>
        </section>
    }
}

/// The small picture on the home page's card for this kind.
pub fn card_picture() -> String {
    crate::web::components::home::picture(
        &[
            "....bcc.", "...bbcc.", "..b..b..", "..b..b..", ".aa..aa.", "aaa.aaa.", "aaa.aaa.",
            ".a...a..",
        ],
        |c| match c {
            'a' => "#dd2222",
            'b' => "#776644",
            'c' => "#44aa33",
            _ => "#ffffff",
        },
        "",
    )
}
