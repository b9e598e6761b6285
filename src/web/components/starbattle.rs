//! The Star Battle workshop: the board with region borders, play by hand, solve, generate, share.

use yew::prelude::*;

use crate::grid::Grid;
use crate::jobs::Request;
use crate::kinds::starbattle::{check, formats, StarBattle};
use crate::kind::Kind;
use crate::puzzle::{GenerateOptions, Mode, Puzzle};
use crate::web::actions;
use crate::web::hooks::{use_example, use_workshop};
use crate::web::components::{import::Import, share::Share, status::Status};
use crate::web::components::zoom::Zoom;
use crate::web::state::{Action, Work};

const KIND: Kind = Kind::StarBattle;
const STAR: u8 = 1;
const DOT: u8 = 2;
/// The example shown before the user opens anything: the puzz.link example of formats.md 2.2.
const EXAMPLE: &str = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou";

/// Cells whose star breaks a rule: touching another, or in an overfull row, column or region.
fn conflicts(p: &StarBattle, stars: &Grid<bool>) -> Vec<bool> {
    let (n, k) = (p.rows(), p.stars());
    let mut bad = vec![false; n * n];
    let mut rows = vec![0; n];
    let mut cols = vec![0; n];
    let mut regs = vec![0; p.n_regions()];
    for (r, c) in stars.positions() {
        if stars[(r, c)] {
            rows[r] += 1;
            cols[c] += 1;
            if let Some(g) = p.regions()[(r, c)] {
                regs[g as usize] += 1;
            }
        }
    }
    for (r, c) in stars.positions() {
        if !stars[(r, c)] {
            continue;
        }
        let region_over = p.regions()[(r, c)].is_some_and(|g| regs[g as usize] > k);
        let touching = (r.saturating_sub(1)..=(r + 1).min(n - 1))
            .flat_map(|rr| (c.saturating_sub(1)..=(c + 1).min(n - 1)).map(move |cc| (rr, cc)))
            .any(|(rr, cc)| (rr, cc) != (r, c) && stars[(rr, cc)]);
        bad[r * n + c] = touching || rows[r] > k || cols[c] > k || region_over;
    }
    bad
}

/// Pastel fills so regions stand apart as well as by their borders.
const PALETTE: [&str; 12] = [
    "#fde2e4", "#e2ece9", "#fff1c1", "#dbe7f7", "#f0e2f7", "#e6f4d7", "#fbe3cf", "#d9f2f2", "#f2e6d9", "#e9e3fb", "#f7f0d2", "#e0f0e3",
];

/// The Star Battle page.
#[component]
pub fn StarBattlePage() -> Html {
    let (ctx, w, puzzle) = use_workshop::<StarBattle>();
    let puzzle_text = w.puzzle.clone();
    let size = use_state(|| 10usize);
    let stars_wanted = use_state(|| 2usize);

    use_example(KIND, EXAMPLE);

    let busy = ctx.state.busy.is_some();
    let Some(p) = (*puzzle).clone() else {
        return html! { <section class="workshop"><h1>{ "Star Battle" }</h1><Status kind={KIND} /><Import kind={KIND} accepts={ACCEPTS} /></section> };
    };
    let text = puzzle_text.clone().unwrap_or_default();
    let n = p.rows();

    let solve = |mode: Mode| {
        let (run, text) = (ctx.run.clone(), text.clone());
        Callback::from(move |_: MouseEvent| run.emit((KIND, Work::Solve(mode), Request::Solve { kind: KIND, puzzle: text.clone(), mode })))
    };
    let generate = actions::generate_on_click(&ctx, KIND, GenerateOptions { size: Some(*size), stars: Some(*stars_wanted), ..Default::default() });

    // What the board shows: an answer of the last solve, or the player's marks.
    let (answer_rows, other_rows) = w.shown_answers();
    let answer: Option<Grid<bool>> = answer_rows.and_then(|rows| formats::stars_from_rows(&p, rows).ok());
    let other: Option<Grid<bool>> = other_rows.and_then(|rows| formats::stars_from_rows(&p, rows).ok());
    let marks: Vec<u8> = (0..n * n).map(|i| w.marks.get(i).copied().unwrap_or(0)).collect();
    let player_stars = Grid::from_cells(n, n, marks.iter().map(|&m| m == STAR).collect()).expect("n*n marks");
    let shown = answer.clone().unwrap_or_else(|| player_stars.clone());
    let bad = if answer.is_some() { vec![false; n * n] } else { conflicts(&p, &player_stars) };
    let placed = marks.iter().filter(|&&m| m == STAR).count();
    let player_done = answer.is_none() && check::verify(&p, &player_stars).is_ok();

    let regions = p.regions();
    let cells = regions.positions().map(|(r, c)| {
        let i = r * n + c;
        let g = regions[(r, c)];
        let differs = |rr: usize, cc: usize| regions.get(rr, cc).is_none_or(|h| *h != g);
        let class = classes!(
            "cell",
            (r == 0 || differs(r.wrapping_sub(1), c)).then_some("wt"),
            (c == 0 || differs(r, c.wrapping_sub(1))).then_some("wl"),
            (r + 1 == n || differs(r + 1, c)).then_some("wb"),
            (c + 1 == n || differs(r, c + 1)).then_some("wr"),
            bad[i].then_some("bad"),
            other.as_ref().is_some_and(|o| o[(r, c)] != shown[(r, c)]).then_some("differs"),
            answer.is_some().then_some("answer"),
        );
        let fill = g.map(|g| PALETTE[g as usize % PALETTE.len()]).unwrap_or("#ffffff");
        let star = shown[(r, c)];
        let dot = answer.is_none() && marks[i] == DOT;
        let on_click = {
            let state = ctx.state.clone();
            let current = marks[i];
            Callback::from(move |e: MouseEvent| {
                e.prevent_default();
                let right = e.button() == 2;
                let mark = match (right, current) {
                    (false, STAR) => 0,
                    (false, _) => STAR,
                    (true, DOT) => 0,
                    (true, _) => DOT,
                };
                state.dispatch(Action::Mark { kind: KIND, cells: vec![(i, mark)] });
            })
        };
        let suppress = Callback::from(|e: MouseEvent| e.prevent_default());
        html! {
            <div class={class} style={format!("background:{fill}")} data-r={r.to_string()} data-c={c.to_string()}
                 data-star={if star { "1" } else { "0" }} onmousedown={on_click} oncontextmenu={suppress}
                 title={g.map(|g| format!("region {}", StarBattle::letter(g))).unwrap_or_else(|| "no region".into())}>
                { if star { "★" } else if dot { "·" } else { "" } }
            </div>
        }
    });

    let size_select = {
        let size = size.clone();
        Callback::from(move |e: Event| {
            if let Some(s) = e.target_dyn_into::<web_sys::HtmlSelectElement>() {
                size.set(s.value().parse().unwrap_or(10));
            }
        })
    };
    let stars_select = {
        let stars = stars_wanted.clone();
        Callback::from(move |e: Event| {
            if let Some(s) = e.target_dyn_into::<web_sys::HtmlSelectElement>() {
                stars.set(s.value().parse().unwrap_or(1));
            }
        })
    };
    let extra: Vec<(String, String)> = formats::to_puzzlink(&p).map(|u| vec![("Open in puzz.link".to_string(), u)]).unwrap_or_default();

    html! {
        <section class="workshop starbattle">
            <h1>{ "Star Battle" }</h1>
            <p class="rules">{ format!("Place {} star{} in every row, every column and every outlined region. Stars never touch, not even diagonally. Click: star. Right-click: dot.", p.stars(), if p.stars() == 1 { "" } else { "s" }) }</p>
            <div class="toolbar">
                <button id="solve" disabled={busy} onclick={solve(Mode::Unique)}>{ "Solve" }</button>
                <button id="count" disabled={busy} onclick={solve(Mode::Count(1_000_000))}>{ "Count solutions" }</button>
                { actions::history_buttons(&ctx, KIND, &w, "Clear my stars") }
                { actions::view_buttons(&ctx, KIND, &w, "My stars") }
            </div>
            <Status kind={KIND} />
            <Zoom size={n.to_string()}>
            <div id="board" class="board" style={format!("--n:{n}")} data-rows={n.to_string()} data-cols={n.to_string()}>
                { for cells }
            </div>
            </Zoom>
            <p id="progress" class={classes!("progress", player_done.then_some("solved"))}>{
                if answer.is_some() && other.is_some() { "Showing a verified answer; the ringed cells differ between the two answers.".to_string() }
                else if answer.is_some() { "Showing the verified answer.".to_string() }
                else if player_done { "Solved! Every row, column and region holds its stars.".to_string() }
                else { format!("{placed} of {} stars placed{}.", n * p.stars(), if bad.iter().any(|&b| b) { "; stars in red break a rule" } else { "" }) }
            }</p>
            <Share fragment={crate::link::fragment(&p)} {extra} />
            <div class="generate">
                <label>{ "Size " }<select id="gen-size" onchange={size_select}>
                    { for (5..=25).map(|s| html! { <option value={s.to_string()} selected={s == *size}>{ format!("{s}x{s}") }</option> }) }
                </select></label>
                <label>{ " Stars " }<select id="gen-stars" onchange={stars_select}>
                    { for (1..=6).map(|s| html! { <option value={s.to_string()} selected={s == *stars_wanted}>{ s }</option> }) }
                </select></label>
                <button id="generate" disabled={busy} onclick={generate}>{ "New puzzle" }</button>
            </div>
            <Import kind={KIND} accepts={ACCEPTS} />
            <details class="export">
                <summary>{ "Export" }</summary>
                <pre id="export-json">{ p.to_json().to_string() }</pre>
            </details>
        </section>
    }
}

const ACCEPTS: &str = "a studio share link, a puzz.link Star Battle URL, a pzprv3 file, a KrazyDad line, or the studio's JSON";
