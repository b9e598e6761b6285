//! The rectangle-free colouring lab: pick a size, colours and method, watch the search on a
//! live chart, get a checked colouring, export it, and import a grid to check it.

use yew::prelude::*;

use crate::jobs::Request;
use crate::kinds::rectfree::model::{Method, Symmetry, MAX_COLOURS, MAX_SIDE, MIN_COLOURS};
use crate::kinds::rectfree::{formats, page, RectFree};
use crate::kind::Kind;
use crate::puzzle::{Mode, Puzzle};
use crate::web::components::hint::HintPanel;
use crate::web::components::{import::Import, share::{self, Share}, status::Status};
use crate::web::actions;
use crate::web::download;
use crate::web::portfolio;
use crate::web::hooks::{use_example, use_workshop};
use crate::web::state::{Action, Level, Live, Work};

const KIND: Kind = Kind::RectFree;
/// The example shown before the user opens anything.
const EXAMPLE: &str = r#"{"kind":"rectfree","rows":12,"cols":12,"colours":4}"#;
const ACCEPTS: &str = "a studio share link, the studio's JSON (rows, cols, colours, optional fixed cells), a size such as 17x17x4, or a colour grid as text";

/// The rectangle-free colouring page.
#[component]
pub fn RectFreePage() -> Html {
    let (ctx, w, puzzle) = use_workshop::<RectFree>();
    let live = use_context::<UseReducerHandle<Live>>().expect("inside the app");
    use_example(KIND, EXAMPLE);
    let p = (*puzzle).clone();
    let rows = use_state(|| 12usize);
    let cols = use_state(|| 12usize);
    let colours = use_state(|| 4usize);
    let method = use_state(|| Method::Auto);
    let symmetry = use_state(|| Symmetry::Auto);
    let seed = use_state(|| 1u64);
    let workers = use_state(portfolio::runners);
    let check_text = use_node_ref();
    let check_error = use_state(|| None::<String>);
    // The form follows the opened task (a link, an import, a reload).
    {
        let (rows, cols, colours, method, symmetry, seed) = (rows.clone(), cols.clone(), colours.clone(), method.clone(), symmetry.clone(), seed.clone());
        use_effect_with(p.clone(), move |p| {
            if let Some(p) = p {
                rows.set(p.rows());
                cols.set(p.cols());
                colours.set(p.colours());
                method.set(p.method);
                symmetry.set(p.symmetry);
                seed.set(p.seed);
            }
            || ()
        });
    }
    let busy = ctx.state.busy.is_some();
    let form_task = {
        let mut t = RectFree::new(*rows, *cols, *colours).ok();
        if let Some(t) = t.as_mut() {
            t.method = *method;
            t.symmetry = *symmetry;
            t.seed = *seed;
        }
        t
    };
    let run = {
        let (ctx, task, workers) = (ctx.clone(), form_task.clone(), *workers);
        Callback::from(move |_: MouseEvent| {
            let Some(t) = task.clone() else { return };
            let text = t.to_json().to_string();
            ctx.state.dispatch(Action::Open { kind: KIND, puzzle: text.clone() });
            // Local search races differently seeded workers; SAT and the bound run in one.
            let tasks = page::portfolio_tasks(&t, workers);
            if tasks.len() < 2 {
                ctx.run.emit((KIND, Work::Solve(Mode::First), Request::RectFree { puzzle: text }));
            } else {
                let requests = tasks.iter().map(|t| Request::RectFree { puzzle: t.to_json().to_string() }).collect();
                ctx.race.emit((KIND, Work::Solve(Mode::First), requests));
            }
        })
    };
    let check = {
        let (ctx, node, err) = (ctx.clone(), check_text.clone(), check_error.clone());
        Callback::from(move |_: MouseEvent| {
            let Some(t) = node.cast::<web_sys::HtmlTextAreaElement>() else { return };
            match page::check_text(&t.value()) {
                Ok(c) => {
                    err.set(None);
                    match RectFree::new(c.grid.rows(), c.grid.cols(), c.colours) {
                        Ok(task) => {
                            ctx.state.dispatch(Action::Open { kind: KIND, puzzle: task.to_json().to_string() });
                            let cells = page::grid_to_marks(&c.grid).into_iter().enumerate().collect();
                            ctx.state.dispatch(Action::Mark { kind: KIND, cells });
                        }
                        Err(e) => err.set(Some(e.to_string())),
                    }
                }
                Err(e) => err.set(Some(format!("Could not read that grid: {e}"))),
            }
        })
    };

    // The answer of the last solve (already verified by the page when it arrived).
    let answer = p.as_ref().and_then(|p| {
        let rows = w.result.as_ref()?.solutions.first()?;
        formats::grid_from_rows(p, rows).ok()
    });
    // A grid the user imported to check, kept in the marks (colour + 1 per cell).
    let imported = p.as_ref().and_then(|p| page::marks_to_grid(p, &w.marks)).map(page::checked);
    let snapshot = live.rectfree.clone().filter(|_| ctx.state.busy.as_ref().is_some_and(|b| b.job == live.job && b.kind == KIND));
    let sizes = |n: usize| (1..=n).map(|v| (v, v.to_string())).collect::<Vec<_>>();

    let explanation = form_task.as_ref().map(page::explanation).unwrap_or_default();
    let export = answer.clone().map(|g| {
        let text = page::export_text(&g);
        let svg = page::grid_svg(&g, 24, &[]);
        let name = format!("rectfree-{}x{}-{}", g.rows(), g.cols(), p.as_ref().map(|p| p.colours()).unwrap_or(0));
        let (t, n1) = (text.clone(), name.clone());
        let save_text = Callback::from(move |_: MouseEvent| {
            let _ = download::text(&format!("{n1}.txt"), "text/plain", &t);
        });
        let state = ctx.state.clone();
        let save_png = Callback::from(move |_: MouseEvent| {
            if let Err(e) = download::svg_as_png(&format!("{name}.png"), &svg, 1.0) {
                state.dispatch(Action::Notify(Level::Error, format!("Could not make the PNG: {e}")));
            }
        });
        html! {
            <div class="export">
                <button id="export-text" onclick={save_text}>{ "Download text" }</button>
                <button id="export-png" onclick={save_png}>{ "Download PNG" }</button>
                <pre id="result-text">{ text }</pre>
            </div>
        }
    });

    html! {
        <section class="workshop rectfree">
            <h1>{ "Rectangle-free colouring" }</h1>
            <p class="rules">{ "Colour every cell so that no four cells of one colour are the corners of a rectangle (two rows, two columns)." }</p>
            <div class="toolbar rf-form">
                <label>{ "Rows " }{ actions::select("rf-rows", sizes(MAX_SIDE), *rows, rows.clone()) }</label>
                <label>{ " Columns " }{ actions::select("rf-cols", sizes(MAX_SIDE), *cols, cols.clone()) }</label>
                <label>{ " Colours " }{ actions::select("rf-colours", (MIN_COLOURS..=MAX_COLOURS).map(|v| (v, v.to_string())).collect(), *colours, colours.clone()) }</label>
                <label>{ " Method " }{ actions::select("rf-method", Method::ALL.iter().map(|m| (*m, m.word().to_string())).collect(), *method, method.clone()) }</label>
                <label>{ " Symmetry " }{ actions::select("rf-symmetry", Symmetry::ALL.iter().map(|m| (*m, m.word().to_string())).collect(), *symmetry, symmetry.clone()) }</label>
                <label>{ " Seed " }<input id="rf-seed" type="number" min="0" value={seed.to_string()} onchange={{
                    let seed = seed.clone();
                    Callback::from(move |e: Event| if let Some(i) = e.target_dyn_into::<web_sys::HtmlInputElement>() { seed.set(i.value().parse().unwrap_or(1)) })
                }} /></label>
                <label title="Local search races this many workers with seeds seed, seed + 1, …; the first checked colouring wins">{ " Workers " }{ actions::select("rf-workers", (1..=crate::portfolio::MAX_RUNNERS).map(|v| (v, v.to_string())).collect(), *workers, workers.clone()) }</label>
                <button id="run" disabled={busy || form_task.is_none()} onclick={run}>{ "Colour it" }</button>
            </div>
            <Status kind={KIND} />
            <HintPanel kind={KIND} />
            <details class="rf-explain" open=true>
                <summary>{ "What runs, and why" }</summary>
                <ul id="rf-explanation">{ for explanation.iter().map(|l| html! { <li>{ l.clone() }</li> }) }</ul>
                <table class="rf-bounds">
                    <tr><th>{ "n" }</th><th>{ "largest rectangle-free subset of n x n" }</th><th>{ "four colours" }</th></tr>
                    { for page::known_table().into_iter().map(|(n, z, words)| html! { <tr><td>{ n }</td><td>{ z }</td><td>{ words }</td></tr> }) }
                </table>
            </details>
            if let Some(s) = snapshot {
                <div id="rf-live" class="rf-live" data-best={s.best.to_string()} data-iterations={s.iterations.to_string()}>
                    <p>{ format!("{} iterations, {:.1} s: {} rectangles now, best {} (reached at iteration {}).", s.iterations, s.elapsed_ms / 1000.0, s.score, s.best, s.best_at) }</p>
                    if let Some((i, n)) = s.worker {
                        <p id="rf-race" data-workers={n.to_string()} data-leader={(i + 1).to_string()}>{ format!("Portfolio of {n} workers with different seeds; worker {} leads (its best so far is shown).", i + 1) }</p>
                    }
                    <div class="rf-chart">{ Html::from_html_unchecked(AttrValue::from(page::chart_svg(&s.series, 480, 200))) }</div>
                    <div class="rf-best">{
                        p.as_ref().and_then(|p| formats::grid_from_rows(p, &s.best_rows).ok())
                            .map(|g| Html::from_html_unchecked(AttrValue::from(page::grid_svg(&g, 12, &[])))).unwrap_or_default()
                    }</div>
                </div>
            }
            if let Some(g) = answer.clone() {
                <div id="result-grid" class="rf-grid" data-checked="1" data-rows={g.rows().to_string()} data-cols={g.cols().to_string()}>
                    <p>{ "A colouring that the independent checker passed: no monochromatic rectangle." }</p>
                    if let Some(line) = w.result.as_ref().and_then(|r| page::portfolio_line(&r.proof)) {
                        <p id="rf-portfolio">{ line.to_string() }</p>
                    }
                    { Html::from_html_unchecked(AttrValue::from(page::grid_svg(&g, 20, &[]))) }
                </div>
            }
            { export.unwrap_or_default() }
            <details class="rf-check" open=true>
                <summary>{ "Check a grid" }</summary>
                <p class="hint">{ "Paste a colouring, one row per line: digits 0 to 5 (0123…), or numbers 1 to K separated by spaces." }</p>
                <textarea id="check-text" ref={check_text} rows="6" spellcheck="false" placeholder="0123\n1230\n…" />
                <div class="row"><button id="check" onclick={check}>{ "Check" }</button></div>
                if let Some(e) = (*check_error).clone() { <p id="check-error" class="error">{ e }</p> }
                if let Some(c) = imported {
                    <div id="check-grid" class="rf-grid" data-rectangles={c.count.to_string()}>
                        <p id="check-result">{ c.sentence() }</p>
                        { Html::from_html_unchecked(AttrValue::from(page::grid_svg(&c.grid, 20, &c.shown))) }
                    </div>
                }
            </details>
            if let Some(p) = p.clone() {
                <Share fragment={crate::link::fragment(&p)} extra={Vec::<(String, String)>::new()}
                       solution={answer.clone().map(|g| Callback::from(move |()| page::grid_svg(&g, 20, &[])))}
                       solution_key={share::answer_key(w.result.as_ref().and_then(|r| r.solutions.first()))} />
            }
            <Import kind={KIND} accepts={ACCEPTS} />
        </section>
    }
}
