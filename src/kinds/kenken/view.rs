//! The KenKen workshop: player (keyboard and keypad digits, pencil marks, highlights, undo,
//! Check), solver, editor (drag cages, type clues, problems as you go), generator, exports.

use yew::prelude::*;

use crate::jobs::Request;
use crate::kind::Kind;
use crate::kinds::kenken::model::{Cage, Op};
use crate::kinds::kenken::{formats, page, KenKen};
use crate::puzzle::{Mode, Puzzle};
use crate::web::actions;
use crate::web::board::{cell_at, lines_layer, use_stroke, Stroke};
use crate::web::components::hint::{self, HintPanel};
use crate::web::components::zoom::Zoom;
use crate::web::components::{
    import::Import,
    share::{self, Share},
    status::Status,
};
use crate::web::hooks::{use_example, use_workshop};
use crate::web::state::{Action, Severity, Work};

const KIND: Kind = Kind::KenKen;
/// The first puzzle a visitor sees: Tatham's worked example (formats.md 1.3).
const EXAMPLE: &str = "5:a__a_3a_5a_a_a_3b_bac_,a5m15a7a10s2s2d2s3m40m2s2";
const ACCEPTS: &str = "a studio share link, a Tatham Keen ID (5:…) or keen.html link, a Keen save file, or the studio's JSON";

/// The editor's state: the draft's side and cages, the selected cage, a drag in progress.
#[derive(Clone, PartialEq)]
struct Draft {
    n: usize,
    cages: Vec<Cage>,
    selected: Option<usize>,
}

/// The KenKen page.
#[component]
pub fn Page() -> Html {
    let (ctx, w, puzzle) = use_workshop::<KenKen>();
    let puzzle_text = w.puzzle.clone();
    let cursor = use_state(|| 0usize);
    let pencil_mode = use_state(|| false);
    let gen_size = use_state(|| 6usize);
    let gen_level = use_state(|| "normal".to_string());
    let draft = use_state(|| None::<Draft>);
    let board_ref = use_node_ref();
    // A stroke over the editor's cells: a click on one cell selects its cage, a drag over
    // several makes a new cage.
    let stroke = {
        let draft = draft.clone();
        use_stroke(
            "#editor",
            Callback::from(move |s: Stroke| {
                let Some(dr) = (*draft).clone() else { return };
                let cells: Vec<usize> = s.cells.iter().map(|&(r, c)| r * dr.n + c).collect();
                if cells.len() == 1 {
                    let k = dr.cages.iter().position(|c| c.cells.contains(&cells[0]));
                    draft.set(Some(Draft { selected: k, ..dr }));
                    return;
                }
                let (cages, k) = page::draw_cage(dr.n, &dr.cages, &cells);
                draft.set(Some(Draft { n: dr.n, cages, selected: Some(k) }));
            }),
        )
    };
    let dragging: Vec<usize> = stroke
        .stroke
        .as_ref()
        .map(|s| s.cells.iter().map(|&(r, c)| r * draft.as_ref().map_or(1, |d| d.n) + c).collect())
        .unwrap_or_default();

    use_example(KIND, EXAMPLE);
    // The size picker says the size of the puzzle on screen.
    {
        let gen_size = gen_size.clone();
        let n = (*puzzle).as_ref().map(|p| p.size());
        use_effect_with(n, move |n| {
            if let Some(n) = *n {
                gen_size.set(n.clamp(3, 9));
            }
            || ()
        });
    }

    let busy = ctx.state.busy_kind(KIND).is_some();
    let Some(p) = (*puzzle).clone() else {
        return html! { <section class="workshop"><h1>{ "KenKen" }</h1><Status kind={KIND} /><Import kind={KIND} accepts={ACCEPTS} /></section> };
    };
    let text = puzzle_text.clone().unwrap_or_default();
    let n = p.size();
    let marks = w.marks.clone();

    // What the board shows: an answer of the last solve, or the player's digits.
    let report = w.result.clone();
    let (answer_rows, other_rows) = w.shown_answers();
    let to_digits =
        |rows: &Vec<String>| formats::digits_from_rows(&p, rows).ok().map(|g| g.cells().to_vec());
    let answer: Option<Vec<u8>> = answer_rows.and_then(to_digits);
    let other: Option<Vec<u8>> = other_rows.and_then(to_digits);
    let player = page::digits_of(&marks, n);
    // While the explanation is scrubbed, the board shows its marks (digits and candidates) at that step.
    let shown_marks = hint::board_marks(&w).unwrap_or_else(|| marks.clone());
    let hl = hint::highlight(&w);
    let player_shown = page::digits_of(&shown_marks, n);
    let shown_digits = answer.clone().unwrap_or_else(|| player_shown.clone());
    let repeated =
        if answer.is_some() { vec![false; n * n] } else { page::repeated(n, &player_shown) };
    let broken = if answer.is_some() {
        vec![false; p.cages().len()]
    } else {
        page::broken_cages(&p, &player_shown)
    };
    let player_done = answer.is_none() && page::solved(&p, &player);
    let mistakes = w.mistakes.clone().unwrap_or_default();

    let mark = {
        let state = ctx.state.clone();
        move |cells: Vec<(usize, u8)>| state.dispatch(Action::Mark { kind: KIND, cells })
    };
    // Types digit `d` (0 clears) into the cursor cell, as a digit or a pencil mark.
    let type_digit = {
        let (mark, marks, cursor, pencil_mode) =
            (mark.clone(), marks.clone(), cursor.clone(), pencil_mode.clone());
        move |d: u8, pencil: bool| {
            let i = *cursor;
            if d == 0 {
                mark(page::clear_cell(&marks, i));
            } else if pencil || *pencil_mode {
                mark(page::toggle_pencil(&marks, i, d));
            } else {
                mark(page::set_digit(i, d));
            }
        }
    };
    let on_key = {
        let (state, cursor, type_digit, pencil_mode) =
            (ctx.state.clone(), cursor.clone(), type_digit.clone(), pencil_mode.clone());
        Callback::from(move |e: KeyboardEvent| {
            let i = *cursor;
            let ctrl = e.ctrl_key() || e.meta_key();
            let key = e.key();
            if let Some((r, c)) = crate::grid::cursor_step(&key, (i / n, i % n), n, n) {
                cursor.set(r * n + c);
                e.prevent_default();
                return;
            }
            match key.as_str() {
                "Backspace" | "Delete" => type_digit(0, false),
                "z" if ctrl && e.shift_key() => state.dispatch(Action::Redo(KIND)),
                "z" | "Z" if ctrl => state.dispatch(Action::Undo(KIND)),
                "y" if ctrl => state.dispatch(Action::Redo(KIND)),
                "p" | "P" if !ctrl => pencil_mode.set(!*pencil_mode),
                _ => {
                    // Shift turns `1` into `!` on most layouts: read the physical key for digits.
                    let code = e.code();
                    let typed = code
                        .strip_prefix("Digit")
                        .or_else(|| code.strip_prefix("Numpad"))
                        .map(str::to_string)
                        .unwrap_or(key.clone());
                    match page::key_digit(&typed, n).or_else(|| page::key_digit(&key, n)) {
                        Some(d) if !ctrl => type_digit(d, e.shift_key()),
                        _ => return,
                    }
                }
            }
            e.prevent_default();
        })
    };
    let on_down = {
        let (cursor, board_ref) = (cursor.clone(), board_ref.clone());
        Callback::from(move |e: PointerEvent| {
            let Some((r, c)) = cell_at(e.client_x(), e.client_y(), "#board") else { return };
            let i = r * n + c;
            e.prevent_default();
            if let Some(b) = board_ref.cast::<web_sys::HtmlElement>() {
                let _ = b.focus();
            }
            cursor.set(i);
        })
    };

    // Pencil marks keep fixed places: a 3x3 grid up to 9x9, 3 columns by 4 rows above.
    let slots = if n <= 9 { 9 } else { 12 };
    let cells = (0..n * n).map(|i| {
        let (r, c) = (i / n, i % n);
        let d = shown_digits[i];
        let pm = if answer.is_none() && d == 0 { page::pencil(&shown_marks, i) } else { 0 };
        let class = classes!(
            "cell",
            (*cursor == i).then_some("cursor"),
            repeated[i].then_some("bad"),
            broken[p.cage_of(i)].then_some("cage-bad"),
            (answer.is_none() && mistakes.contains(&i)).then_some("mistake"),
            other.as_ref().zip(answer.as_ref()).is_some_and(|(o, a)| o[i] != a[i]).then_some("differs"),
            answer.is_some().then_some("answer"),
            hl.classes(i),
        );
        let pencil_text: String = (1..=n as u8).filter(|d| pm >> (d - 1) & 1 == 1).map(formats::digit_char).collect();
        html! {
            <div {class} data-r={r.to_string()} data-c={c.to_string()} data-v={page::shown(d)} data-pencil={pencil_text}>
                if let Some(clue) = page::clue_at(&p, i) { <span class="clue">{ clue }</span> }
                if d != 0 { <span class="digit">{ page::shown(d) }</span> }
                else if pm != 0 {
                    <span class="pencil">{ for (1..=slots as u8).map(|s| html! { <span>{ if s as usize <= n && pm >> (s - 1) & 1 == 1 { s.to_string() } else { String::new() } }</span> }) }</span>
                }
            </div>
        }
    });

    let keypad = (1..=n as u8).map(|d| {
        let type_digit = type_digit.clone();
        html! { <button class="key" data-d={d.to_string()} onclick={Callback::from(move |_: MouseEvent| type_digit(d, false))}>{ d }</button> }
    });

    let solve = |mode: Mode| {
        let (run, text) = (ctx.run.clone(), text.clone());
        Callback::from(move |_: MouseEvent| {
            run.emit((
                Work::Solve(mode),
                Request::Solve { kind: KIND, puzzle: text.clone(), mode, options: String::new() },
            ))
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
    let generate = actions::generate_on_click::<super::KenKen>(
        &ctx,
        super::GenerateOptions { size: Some(*gen_size), difficulty: Some((*gen_level).clone()) },
    );

    // Exports.
    let keen = formats::to_keen(&p);
    let solution: Option<Vec<u8>> =
        report.as_ref().and_then(|r| r.solutions.first()).and_then(to_digits);
    let print_solution = solution.clone().map(|digits| {
        let p = p.clone();
        Callback::from(move |()| page::render_svg(&p, Some(&digits)))
    });
    let extra: Vec<(String, String)> = match formats::to_keen_link(&p) {
        Ok(link) if n <= 9 => vec![("Open in Tatham's Keen".to_string(), link)],
        _ => Vec::new(),
    };

    // The editor.
    let editor = match (*draft).clone() {
        None => html! {},
        Some(dr) => {
            let problems = page::draft_problems(dr.n, &dr.cages);
            let blocking = problems.iter().any(|q| q.blocking);
            let owner: Vec<usize> = {
                let mut o = vec![0; dr.n * dr.n];
                for (k, c) in dr.cages.iter().enumerate() {
                    for &cell in &c.cells {
                        if cell < o.len() {
                            o[cell] = k;
                        }
                    }
                }
                o
            };
            let cells = (0..dr.n * dr.n).map(|i| {
                let (r, c) = (i / dr.n, i % dr.n);
                let k = owner[i];
                let class = classes!(
                    "cell",
                    (dr.selected == Some(k)).then_some("selected"),
                    dragging.contains(&i).then_some("preview"),
                    problems.iter().any(|q| q.blocking && (q.cell == Some(i) || q.cage == Some(k))).then_some("problem"),
                );
                let cage = &dr.cages[k];
                let clue = (cage.cells.first() == Some(&i) && cage.op != Op::Blank).then(|| cage.clue());
                html! { <div {class} data-r={r.to_string()} data-c={c.to_string()}>if let Some(t) = clue { <span class="clue">{ t }</span> }</div> }
            });
            let selected = dr.selected.and_then(|k| dr.cages.get(k).cloned());
            let set_clue = {
                let (draft, dr) = (draft.clone(), dr.clone());
                move |op: Option<Op>, target: Option<u64>| {
                    let mut d = dr.clone();
                    if let Some(c) = d.selected.and_then(|k| d.cages.get_mut(k)) {
                        if let Some(op) = op {
                            c.op = op;
                        }
                        if let Some(t) = target {
                            c.target = t;
                        }
                        if c.op == Op::Blank {
                            c.target = 0;
                        }
                    }
                    draft.set(Some(d));
                }
            };
            let on_op = {
                let set_clue = set_clue.clone();
                Callback::from(move |e: Event| {
                    if let Some(s) = e.target_dyn_into::<web_sys::HtmlSelectElement>() {
                        set_clue(Op::from_symbol(&s.value()), None);
                    }
                })
            };
            let on_target = {
                let set_clue = set_clue.clone();
                Callback::from(move |e: InputEvent| {
                    if let Some(t) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                        set_clue(None, Some(t.value().trim().parse().unwrap_or(0)));
                    }
                })
            };
            let use_draft = |then_solve: bool| {
                let (ctx, dr) = (ctx.clone(), dr.clone());
                Callback::from(move |_: MouseEvent| match page::draft_json(dr.n, &dr.cages) {
                    Ok(json) => {
                        ctx.state.dispatch(Action::Open { kind: KIND, puzzle: json.clone() });
                        if then_solve {
                            ctx.run.emit((
                                Work::Solve(Mode::Unique),
                                Request::Solve {
                                    kind: KIND,
                                    puzzle: json,
                                    mode: Mode::Unique,
                                    options: String::new(),
                                },
                            ));
                        }
                    }
                    Err(e) => ctx.state.dispatch(Action::Notify(
                        Severity::Error,
                        format!("Fix the cages first: {e}"),
                    )),
                })
            };
            html! {
                <div class="kk-editor">
                    <div id="editor" class="board kk lined" data-n={dr.n.to_string()} style={format!("--n:{}", dr.n)}
                         onpointerdown={stroke.down.clone()} onpointermove={stroke.on_move.clone()} onpointerup={stroke.up.clone()} onpointercancel={stroke.cancel.clone()}>
                        { for cells }
                        { lines_layer(dr.n, dr.n, crate::board_lines::lines(dr.n, dr.n, |i| owner[i])) }
                    </div>
                    if let Some(c) = selected {
                        <div class="row cage-form">
                            { format!("Cage at {}: ", crate::kinds::kenken::model::place(dr.n, c.cells[0])) }
                            <select id="cage-op" onchange={on_op}>
                                { for [Op::Blank, Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Given].into_iter().map(|o| html! {
                                    <option value={o.symbol().to_string()} selected={o == c.op}>{ match o { Op::Blank => "?".to_string(), Op::Given => "= (given)".to_string(), o => o.display().to_string() } }</option>
                                }) }
                            </select>
                            <input id="cage-target" type="number" min="0" value={if c.op == Op::Blank { String::new() } else { c.target.to_string() }} oninput={on_target} />
                        </div>
                    }
                    <ul id="problems" class="problems">
                        { for problems.iter().map(|q| html! { <li class={classes!((!q.blocking).then_some("todo"))}>{ q.to_string() }</li> }) }
                    </ul>
                    <div class="row">
                        <button id="edit-solve" disabled={busy || blocking} onclick={use_draft(true)}>{ "Solve this draft" }</button>
                        <button id="edit-play" disabled={blocking} onclick={use_draft(false)}>{ "Play this" }</button>
                    </div>
                </div>
            }
        }
    };
    let new_grid = {
        let (draft, size) = (draft.clone(), *gen_size);
        Callback::from(move |_: MouseEvent| {
            draft.set(Some(Draft { n: size, cages: page::blank_cages(size), selected: None }))
        })
    };
    let edit_this = {
        let (draft, p) = (draft.clone(), p.clone());
        Callback::from(move |_: MouseEvent| {
            draft.set(Some(Draft { n: p.size(), cages: p.cages().to_vec(), selected: None }))
        })
    };

    html! {
        <section class="workshop kenken">
            <h1>{ if p.is_draft() { "KenKen (draft)" } else { "KenKen" } }</h1>
            <p class="rules">{ format!("{n}x{n}. Put 1 to {n} once in every row and column; each outlined cage reaches its number with its operation (− and ÷: larger by smaller). Keys: digits{}, Shift+digit or P for pencil marks, arrows, Backspace, Ctrl+Z.", if n >= 10 { " (0 = 10, A–C = 10–12)" } else { "" }) }</p>
            <div class="toolbar">
                <button id="check" disabled={busy} onclick={check}>{ "Check" }</button>
                { actions::history_buttons(&ctx, KIND, &w, "Clear") }
                { actions::view_buttons(&ctx, KIND, &w, "My grid") }
            </div>
            <Status kind={KIND} />
            <Zoom size={n.to_string()}>
            <div id="board" ref={board_ref} class="board kk lined" tabindex="0" data-n={n.to_string()} style={format!("--n:{n}")}
                 onpointerdown={on_down} onkeydown={on_key} oncontextmenu={Callback::from(|e: MouseEvent| e.prevent_default())}>
                { for cells }
                { lines_layer(n, n, crate::board_lines::lines(n, n, |i| p.cage_of(i))) }
            </div>
            </Zoom>
            <HintPanel kind={KIND} done={player_done} />
            <div class="keypad">
                { for keypad }
                <button class="key" id="key-clear" onclick={{ let t = type_digit.clone(); Callback::from(move |_: MouseEvent| t(0, false)) }}>{ "⌫" }</button>
                <button id="pencil" class={classes!("key", pencil_mode.then_some("active"))} aria-pressed={pencil_mode.to_string()}
                        onclick={{ let m = pencil_mode.clone(); Callback::from(move |_: MouseEvent| m.set(!*m)) }}>{ "Pencil" }</button>
                <button id="fill-candidates" class="key wide" title="Write every cell's candidates (the digits not yet in its row or column) as pencil marks, so the hints' words can be followed on the board"
                        onclick={{ let (mark, p, marks) = (mark.clone(), p.clone(), marks.clone()); Callback::from(move |_: MouseEvent| mark(page::fill_candidates(&p, &marks))) }}>{ "Fill candidates" }</button>
            </div>
            <p id="progress" class={classes!("progress", player_done.then_some("solved"))}>{
                if answer.is_some() && other.is_some() { "Showing a verified answer; the ringed cells differ between the two answers." }
                else if answer.is_some() { "Showing the verified answer." }
                else if repeated.iter().any(|&b| b) || broken.iter().any(|&b| b) { "Red digits repeat in their row or column; a red cage is full and breaks its rule." }
                else { "" }
            }</p>
            <crate::web::components::clock::PlayClock kind={KIND} solved={player_done} />
            <Share fragment={crate::link::fragment(&p)} {extra} solution={print_solution} solution_key={share::answer_key(report.as_ref().and_then(|r| r.solutions.first()))} />
            if let Ok(id) = keen.clone() { <p class="keen-id">{ "Tatham Keen ID: " }<code id="keen-id">{ id }</code></p> }
            { actions::solver_panel(html! { <>
                <button id="solve" disabled={busy} onclick={solve(Mode::Unique)}>{ "Solve" }</button>
                <button id="count" disabled={busy} onclick={solve(Mode::Count(10_000))}>{ "Count solutions" }</button>
            </> }) }
            <div class="generate">
                <label>{ "Size " }<select id="gen-size" onchange={{ let s = gen_size.clone(); Callback::from(move |e: Event| if let Some(t) = e.target_dyn_into::<web_sys::HtmlSelectElement>() { s.set(t.value().parse().unwrap_or(6)) }) }}>
                    { for (3usize..=9).map(|s| html! { <option value={s.to_string()} selected={s == *gen_size}>{ format!("{s}x{s}") }</option> }) }
                </select></label>
                <label>{ " Difficulty " }<select id="gen-level" onchange={{ let s = gen_level.clone(); Callback::from(move |e: Event| if let Some(t) = e.target_dyn_into::<web_sys::HtmlSelectElement>() { s.set(t.value()) }) }}>
                    { for super::generate::LEVELS.into_iter().map(|l| html! { <option value={l} selected={*gen_level == l}>{ l }</option> }) }
                </select></label>
                <button id="generate" disabled={busy} onclick={generate}>{ "New puzzle" }</button>
            </div>
            <Import kind={KIND} accepts={ACCEPTS} />
            <details class="editor" open={draft.is_some()}>
                <summary>{ "Make or edit a puzzle" }</summary>
                <p class="hint">{ "Drag across cells to make a cage, then choose its operation and type its target; tap or click a cage to select it. Problems are listed as you go. The size is the generator's size above." }</p>
                <div class="row">
                    <button id="edit-new" onclick={new_grid}>{ "New blank grid" }</button>
                    <button id="edit-this" onclick={edit_this}>{ "Edit this puzzle's cages" }</button>
                </div>
                { editor }
            </details>
            <details class="export">
                <summary>{ "Export" }</summary>
                <div class="row wrap">
                    { actions::text_export(&ctx, "Tatham Keen ID", "puzzle.keen.txt", "text/plain", { let k = keen.clone(); move || k.clone() }) }
                    { actions::text_export(&ctx, "Studio JSON", "puzzle.json", "application/json", { let p = p.clone(); move || Ok(p.to_json().to_string()) }) }
                </div>
                { actions::picture_buttons(&ctx, { let p = p.clone(); move || page::render_svg(&p, None) }, solution.clone().map(|sol| { let p = p.clone(); move || page::render_svg(&p, Some(&sol)) })) }
            </details>
        </section>
    }
}

/// The small picture on the home page's card for this kind.
pub fn card_picture() -> String {
    crate::web::components::home::picture(
        &["...", "...", "..."],
        |_| "#ffffff",
        r##"<g stroke="#1d2430" stroke-width="2" fill="none"><rect x="0" y="0" width="36" height="36"/><line x1="12" y1="0" x2="12" y2="24"/><line x1="0" y1="24" x2="24" y2="24"/><line x1="24" y1="12" x2="36" y2="12"/><line x1="24" y1="12" x2="24" y2="36"/></g><g font-size="5" fill="#1d2430"><text x="1.5" y="6">3+</text><text x="13.5" y="6">5+</text><text x="25.5" y="18">6×</text><text x="1.5" y="30">2÷</text></g><g font-size="8" text-anchor="middle" fill="#2f6fd6"><text x="6" y="20">1</text><text x="18" y="20">3</text><text x="30" y="32">2</text></g>"##,
    )
}
