//! The Star Battle workshop: play (click, right-click or long-press, drag dots, keyboard), the
//! automatic check switch, solve, generate with a difficulty, import, the region editor
//! ([`super::editor_view`]), and exports (links, SBN, pzprv3, JSON, SVG and PNG).

use yew::prelude::*;

use super::editor_view::StarBattleEditor;
use crate::grid::{cursor_step, Grid};
use crate::jobs::Request;
use crate::kind::Kind;
use crate::kinds::starbattle::page::{self, DOT, STAR};
use crate::kinds::starbattle::{check, formats, StarBattle};
use crate::puzzle::{Mode, Puzzle};
use crate::web::actions;
use crate::web::board::{cell_at, lines_layer, use_stroke, Stroke};
use crate::web::components::hint::{self, HintPanel};
use crate::web::components::share::link_for;
use crate::web::components::zoom::Zoom;
use crate::web::components::{
    import::Import,
    share::{self, Share},
    status::Status,
};
use crate::web::hooks::{use_example, use_stored, use_workshop};
use crate::web::state::{Action, Work};

const KIND: Kind = Kind::StarBattle;
/// The example shown before the user opens anything: the puzz.link example of formats.md 2.2.
const EXAMPLE: &str = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou";
const ACCEPTS: &str = "a studio share link, a puzz.link Star Battle URL, a pzprv3 file, a KrazyDad line, StarBattleLab's SBN (as LL5W…), or the studio's JSON";
/// The generator's difficulty levels (`generate::Difficulty` words): the logic levels by the hardest
/// rule a solver needs, "logic" any of them (the generator's default), "beyond" only puzzles that
/// need search, "any" whatever comes first (the fastest at 21x21 and up).
const LEVELS: [&str; 7] = ["logic", "easy", "medium", "hard", "expert", "beyond", "any"];

/// The Star Battle page.
#[component]
pub fn Page() -> Html {
    let (ctx, w, puzzle) = use_workshop::<StarBattle>();
    let size = use_state(|| 10usize);
    let stars_wanted = use_state(|| 2usize);
    let level = use_state(|| "logic".to_string());
    let cursor = use_state(|| (0usize, 0usize));
    let board_ref = use_node_ref();
    let (autocheck_saved, set_autocheck) = use_stored(KIND, "autocheck");
    let autocheck = autocheck_saved.as_deref() != Some("off");
    let cols = puzzle.as_ref().as_ref().map_or(1, |p| p.cols());
    let marks_now = w.marks.clone();
    let stroke = {
        let state = ctx.state.clone();
        use_stroke(
            "#board",
            Callback::from(move |s: Stroke| {
                let cells: Vec<usize> = s.cells.iter().map(|&(r, c)| r * cols + c).collect();
                state.dispatch(Action::Mark {
                    kind: KIND,
                    cells: page::stroke_marks(&marks_now, &cells, s.secondary),
                });
            }),
        )
    };

    use_example(KIND, EXAMPLE);

    let busy = ctx.state.busy_kind(KIND).is_some();
    let Some(p) = (*puzzle).clone() else {
        return html! { <section class="workshop"><h1>{ "Star Battle" }</h1><Status kind={KIND} /><Import kind={KIND} accepts={ACCEPTS} /></section> };
    };
    let text = w.puzzle.clone().unwrap_or_default();
    let (rows, cols) = (p.rows(), p.cols());
    let n_cells = rows * cols;
    // The cursor stays on the board when a smaller puzzle replaces a larger one.
    let at = (cursor.0.min(rows - 1), cursor.1.min(cols - 1));

    // What the board shows: an answer of the last solve, or the player's marks (with the stroke
    // in progress drawn as it would end).
    let (answer_rows, other_rows) = w.shown_answers();
    let answer: Option<Grid<bool>> =
        answer_rows.and_then(|rows| formats::stars_from_rows(&p, rows).ok());
    let other: Option<Grid<bool>> =
        other_rows.and_then(|rows| formats::stars_from_rows(&p, rows).ok());
    // While the explanation is scrubbed, the board shows its marks at that step.
    let scrubbed = hint::board_marks(&w);
    let base = scrubbed.as_ref().unwrap_or(&w.marks);
    let hl = hint::highlight(&w);
    let mut marks: Vec<u8> = (0..n_cells).map(|i| base.get(i).copied().unwrap_or(0)).collect();
    let player_stars = Grid::from_cells(rows, cols, marks.iter().map(|&m| m == STAR).collect())
        .expect("rows*cols marks");
    if let (Some(s), None) = (&stroke.stroke, &answer) {
        let cells: Vec<usize> = s.cells.iter().map(|&(r, c)| r * cols + c).collect();
        for (i, m) in page::stroke_marks(&marks, &cells, s.secondary) {
            if let Some(slot) = marks.get_mut(i) {
                *slot = m;
            }
        }
    }
    let shown_stars = Grid::from_cells(rows, cols, marks.iter().map(|&m| m == STAR).collect())
        .expect("rows*cols marks");
    let shown = answer.clone().unwrap_or(shown_stars);
    let bad = if answer.is_some() || !autocheck {
        vec![false; n_cells]
    } else {
        page::conflicts(&p, &shown)
    };
    let placed = player_stars.cells().iter().filter(|&&s| s).count();
    let player_done = answer.is_none() && check::verify(&p, &player_stars).is_ok();

    let labels = p.regions().cells();
    let letters = page::region_letters(&p);
    // The figures of the step shown (2x2 blocks, bands of lines, a contradiction's chain), each
    // drawn as one outline over the board.
    let step_shown = match (&w.explanation, &w.hint) {
        (Some((x, Some(k))), _) => x.steps.get(*k).cloned(),
        (_, Some(crate::hint::Hint::Step(s))) => Some(s.clone()),
        _ => None,
    };
    let figures = step_shown.map(|s| s.figures).unwrap_or_default();
    let cells = (0..n_cells).map(|i| {
        let (r, c) = (i / cols, i % cols);
        let g = labels[i];
        let class = classes!(
            "cell",
            (at == (r, c)).then_some("cursor"),
            bad[i].then_some("bad"),
            other.as_ref().is_some_and(|o| o[(r, c)] != shown[(r, c)]).then_some("differs"),
            answer.is_some().then_some("answer"),
            hl.classes(i),
        );
        let star = shown[(r, c)];
        let dot = answer.is_none() && marks[i] == DOT;
        html! {
            <div {class} style={format!("background:{}", page::fill(g))} data-r={r.to_string()} data-c={c.to_string()}
                 data-star={if star { "1" } else { "0" }} data-dot={if dot { "1" } else { "0" }}
                 title={g.map(|g| format!("region {}", StarBattle::letter(g))).unwrap_or_else(|| "no region".into())}>
                { if star { "★" } else if dot { "·" } else { "" } }
                if let Some(l) = letters[i] { <span class="sb-letter" aria-hidden="true">{ l }</span> }
            </div>
        }
    });

    let on_down = {
        let (cursor, board_ref, down) = (cursor.clone(), board_ref.clone(), stroke.down.clone());
        Callback::from(move |e: PointerEvent| {
            if let Some(at) = cell_at(e.client_x(), e.client_y(), "#board") {
                cursor.set(at);
                // The board takes the keyboard once touched.
                if let Some(b) = board_ref.cast::<web_sys::HtmlElement>() {
                    let _ = b.focus();
                }
            }
            down.emit(e);
        })
    };
    let on_key = {
        let (state, cursor, player_marks) = (ctx.state.clone(), cursor.clone(), w.marks.clone());
        let answer_shown = answer.is_some();
        Callback::from(move |e: KeyboardEvent| {
            let (r, c) = at;
            let key = e.key();
            let ctrl = e.ctrl_key() || e.meta_key();
            if let Some(to) = cursor_step(&key, (r, c), rows, cols) {
                cursor.set(to);
            } else if ctrl && (key == "z" || key == "Z") {
                state.dispatch(if e.shift_key() { Action::Redo(KIND) } else { Action::Undo(KIND) });
            } else if ctrl && key == "y" {
                state.dispatch(Action::Redo(KIND));
            } else if let Some(mark) = page::key_mark(
                &key,
                if answer_shown { 0 } else { player_marks.get(r * cols + c).copied().unwrap_or(0) },
            )
            .filter(|_| !ctrl)
            {
                state.dispatch(Action::Mark { kind: KIND, cells: vec![(r * cols + c, mark)] });
            } else {
                return;
            }
            e.prevent_default();
        })
    };

    let solve = |mode: Mode| {
        let (run, text) = (ctx.run.clone(), text.clone());
        Callback::from(move |_: MouseEvent| {
            run.emit((
                Work::Solve(mode),
                Request::Solve { kind: KIND, puzzle: text.clone(), mode, options: String::new() },
            ))
        })
    };
    let difficulty = Some((*level).clone());
    let generate = actions::generate_on_click::<super::StarBattle>(
        &ctx,
        super::GenerateOptions { size: Some(*size), stars: Some(*stars_wanted), difficulty },
    );
    let toggle_check = {
        let set = set_autocheck.clone();
        Callback::from(move |_: Event| {
            set.emit(Some(if autocheck { "off" } else { "on" }.to_string()))
        })
    };

    // Exports.
    let puzzlink =
        formats::to_puzzlink(&p).ok_or_else(|| formats::puzzlink_obstacle(&p).unwrap_or_default());
    let solution: Option<Grid<bool>> = w
        .result
        .as_ref()
        .and_then(|r| r.solutions.first())
        .and_then(|rows| formats::stars_from_rows(&p, rows).ok());
    let pzprv3 = formats::to_pzprv3(&p, None)
        .ok_or_else(|| formats::puzzlink_obstacle(&p).unwrap_or_default());
    let sbn = formats::to_sbn(&p);
    let json = p.to_json().to_string();
    let fragment = crate::link::fragment(&p);
    let extra: Vec<(String, String)> =
        puzzlink.clone().map(|u| vec![("Open in puzz.link".to_string(), u)]).unwrap_or_default();
    let select =
        |id: &'static str, handle: UseStateHandle<usize>, options: Vec<(usize, String)>| {
            let value = *handle;
            actions::select(id, options, value, handle)
        };

    html! {
        <section class="workshop starbattle">
            <h1>{ "Star Battle" }</h1>
            <p class="rules">{ format!("Place {} star{} in every row, every column and every outlined region. Stars never touch, not even diagonally. Tap or click: star. Long-press or right-click: dot (drag to dot more cells). Keys: arrows, Space or S: star, X or .: dot, Backspace: clear, Ctrl+Z.", p.stars(), if p.stars() == 1 { "" } else { "s" }) }</p>
            <div class="toolbar">
                { actions::history_buttons(&ctx, KIND, &w, "Clear my stars") }
                { actions::view_buttons(&ctx, KIND, &w, "My stars") }
                <label class="switch" title="Show stars that break a rule in red">
                    <input id="autocheck" type="checkbox" checked={autocheck} onchange={toggle_check} />{ " Automatic check" }
                </label>
            </div>
            <Status kind={KIND} />
            <Zoom size={format!("{rows}x{cols}")}>
            <div id="board" ref={board_ref} class="board sb lined" tabindex="0" style={format!("--n:{cols}")} data-rows={rows.to_string()} data-cols={cols.to_string()}
                 onpointerdown={on_down} onpointermove={stroke.on_move.clone()} onpointerup={stroke.up.clone()} onpointercancel={stroke.cancel.clone()}
                 onkeydown={on_key} oncontextmenu={Callback::from(|e: MouseEvent| e.prevent_default())}>
                { for cells }
                { lines_layer(rows, cols, crate::board_lines::lines(rows, cols, |i| labels[i])) }
                if !figures.is_empty() {
                    <svg class="sb-figures" viewBox={format!("0 0 {cols} {rows}")} preserveAspectRatio="none" aria-hidden="true">
                        { for figures.iter().map(|f| html! { <path class="sb-figure" d={page::outline_path(cols, &f.cells)}><title>{ f.label.clone() }</title></path> }) }
                    </svg>
                }
            </div>
            </Zoom>
            <HintPanel kind={KIND} done={player_done} />
            <p id="progress" class={classes!("progress", player_done.then_some("solved"))}>{
                if answer.is_some() && other.is_some() { "Showing a verified answer; the ringed cells differ between the two answers.".to_string() }
                else if answer.is_some() { "Showing the verified answer.".to_string() }
                else { format!("{placed} of {} stars placed{}.", rows * p.stars(), if bad.iter().any(|&b| b) { "; stars in red break a rule" } else { "" }) }
            }</p>
            <crate::web::components::clock::PlayClock kind={KIND} solved={player_done} />
            <Share fragment={fragment.clone()} {extra}
                   solution={solution.clone().map(|g| { let p = p.clone(); Callback::from(move |()| page::render_svg(&p, Some(&g))) })}
                   solution_key={share::answer_key(w.result.as_ref().and_then(|r| r.solutions.first()))} />
            { actions::solver_panel(html! { <>
                <button id="solve" disabled={busy} onclick={solve(Mode::Unique)}>{ "Solve" }</button>
                <button id="count" disabled={busy} onclick={solve(Mode::Count(1_000_000))}>{ "Count solutions" }</button>
            </> }) }
            <div class="generate">
                <label>{ "Size " }{ select("gen-size", size.clone(), (5..=25).map(|s| (s, format!("{s}x{s}"))).collect()) }</label>
                <label>{ " Stars " }{ select("gen-stars", stars_wanted.clone(), (1..=6).map(|s| (s, s.to_string())).collect()) }</label>
                <label title="logic: any level a solver reaches without guessing; beyond: needs search; any: whatever comes first (fastest for big grids)">{ " Difficulty " }{ actions::select("gen-level", LEVELS.iter().map(|l| (l.to_string(), l.to_string())).collect(), (*level).clone(), level.clone()) }</label>
                <button id="generate" disabled={busy} onclick={generate}>{ "New puzzle" }</button>
            </div>
            <Import kind={KIND} accepts={ACCEPTS} />
            <StarBattleEditor />
            <details class="export">
                <summary>{ "Export" }</summary>
                <div class="exports">
                    <label for="export-share">{ "Share link" }</label>
                    <input id="export-share" readonly=true value={link_for(&fragment)} />
                    <label for="export-puzzlink">{ "puzz.link URL" }</label>
                    { match &puzzlink {
                        Ok(url) => html! { <input id="export-puzzlink" readonly=true value={url.clone()} /> },
                        Err(why) => html! { <span id="export-puzzlink" class="hint">{ format!("No puzz.link form: {why}.") }</span> },
                    } }
                    <label for="export-sbn" title="Star Battle Notation, as StarBattleLab shares puzzles">{ "SBN (StarBattleLab)" }</label>
                    { match &sbn {
                        Ok(text) => html! { <input id="export-sbn" readonly=true value={text.clone()} /> },
                        Err(why) => html! { <span id="export-sbn" class="hint">{ format!("No SBN form: {why}.") }</span> },
                    } }
                </div>
                <div class="row wrap">
                    { actions::text_export(&ctx, "pzprv3 file", "puzzle.pzprv3.txt", "text/plain", { let t = pzprv3.clone(); move || t.clone() }) }
                    { actions::text_export(&ctx, "Studio JSON", "puzzle.json", "application/json", { let j = json.clone(); move || Ok(j.clone()) }) }
                </div>
                { actions::picture_buttons(&ctx, { let p = p.clone(); move || page::render_svg(&p, None) }, solution.map(|g| { let p = p.clone(); move || page::render_svg(&p, Some(&g)) })) }
                <pre id="export-json">{ json }</pre>
                if let Ok(file) = &pzprv3 { <pre id="export-pzprv3">{ file.clone() }</pre> }
            </details>
        </section>
    }
}

/// The small picture on the home page's card for this kind.
pub fn card_picture() -> String {
    crate::web::components::home::picture(
        &["aabbb", "acbdd", "ccbdd", "ceedd", "eeeee"],
        |c| match c {
            'a' => "#fde2e4",
            'b' => "#dbe7f7",
            'c' => "#e6f4d7",
            'd' => "#fff1c1",
            _ => "#f0e2f7",
        },
        r##"<g font-size="10" text-anchor="middle" fill="#1d2430"><text x="18" y="10">★</text><text x="54" y="34">★</text><text x="6" y="46">★</text><text x="42" y="58">★</text><text x="30" y="22">★</text></g>"##,
    )
}
