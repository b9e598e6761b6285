//! The rectangle-free lab's parts: what runs and why, the live chart of a running search, the
//! last run's chart, the checked colouring with its downloads, and the form's selects.

use yew::prelude::*;

use crate::grid::Grid;
use crate::kind::Kind;
use crate::kinds::rectfree::{formats, page, search, RectFree};
use crate::web::frame::{self, Ctx, Workshop};

const KIND: Kind = Kind::RectFree;

/// "What runs, and why" for the task in the form, with the known bounds.
pub fn explain(task: Option<&RectFree>) -> Html {
    let explanation = task.map(page::explanation).unwrap_or_default();
    let table = task.map(page::known_table).unwrap_or_default();
    html! {
        <details class="rf-explain" id="rf-explain">
                <summary>{ "What runs, and why" }</summary>
                <ul id="rf-explanation">{ for explanation.iter().map(|l| html! { <li>{ l.clone() }</li> }) }</ul>
                if !table.is_empty() {
                    <table class="rf-bounds" id="rf-bounds">
                        <tr><th>{ "n" }</th><th>{ "largest rectangle-free subset of n x n" }</th><th>{ "four colours" }</th></tr>
                        { for table.into_iter().map(|(n, z, words, this)| html! {
                            <tr class={classes!(this.then_some("this"))}><td>{ n }</td><td>{ z }</td><td>{ words }</td></tr>
                        }) }
                    </table>
                }
            </details>
    }
}

/// The running search's chart and best colouring so far, and which racing worker leads.
pub fn live(
    snapshot: Option<(search::SearchState, Option<(u32, u32)>)>,
    p: Option<&RectFree>,
) -> Html {
    let Some((s, worker)) = snapshot else { return Html::default() };
    html! {
            <div id="rf-live" class="rf-live" data-best={s.best.to_string()} data-iterations={s.iterations.to_string()}>
                <p>{ format!("{} iterations, {:.1} s: {} rectangles now, best {} (reached at iteration {}).", s.iterations, s.elapsed_ms / 1000.0, s.score, s.best, s.best_at) }</p>
                if let Some((i, n)) = worker {
                    <p id="rf-race" data-workers={n.to_string()} data-leader={(i + 1).to_string()}>{ format!("Portfolio of {n} workers with different seeds; worker {} leads (its best so far is shown).", i + 1) }</p>
                }
                <div class="rf-chart">{ Html::from_html_unchecked(AttrValue::from(page::chart_svg(&s.series, 480, 220))) }</div>
                <div class="rf-best">{
                    p.as_ref().and_then(|p| formats::grid_from_rows(p, &s.best_rows).ok())
                        .map(|g| Html::from_html_unchecked(AttrValue::from(page::grid_svg(&g, 12, &[])))).unwrap_or_default()
                }</div>
            </div>
    }
}

/// The last run's chart, kept after it ended.
pub fn last_run(s: &search::SearchState) -> Html {
    html! {
            <div id="rf-last" class="rf-live" data-best={s.best.to_string()} data-iterations={s.iterations.to_string()}>
                <p>{ format!("The last run: {} iterations in {:.1} s, best {} rectangles (reached at iteration {}).", s.iterations, s.elapsed_ms / 1000.0, s.best, s.best_at) }</p>
                <div class="rf-chart">{ Html::from_html_unchecked(AttrValue::from(page::chart_svg(&s.series, 480, 220))) }</div>
            </div>
    }
}

/// The checked colouring `g`, with "put it on the board" and its downloads (text and PNG).
pub fn result(ctx: &Ctx, w: &Workshop, p: Option<&RectFree>, g: Grid<u8>) -> Html {
    let export = {
        let text = page::export_text(&g);
        let svg = page::grid_svg(&g, 24, &[]);
        let name = format!(
            "rectfree-{}x{}-{}",
            g.rows(),
            g.cols(),
            p.as_ref().map(|p| p.colours()).unwrap_or(0)
        );
        let (t, n1) = (text.clone(), name.clone());
        let save_text = Callback::from(move |_: MouseEvent| {
            let _ = frame::save_text(&format!("{n1}.txt"), "text/plain", &t);
        });
        let state = ctx.state.clone();
        let save_png = Callback::from(move |_: MouseEvent| {
            if let Err(e) = frame::save_png(&format!("{name}.png"), &svg, 1.0) {
                state.dispatch(frame::Action::Notify(
                    frame::Severity::Error,
                    format!("Could not make the PNG: {e}"),
                ));
            }
        });
        html! {
            <div class="export">
                <button id="export-text" onclick={save_text}>{ "Download text" }</button>
                <button id="export-png" onclick={save_png}>{ "Download PNG" }</button>
                <pre id="result-text">{ text }</pre>
            </div>
        }
    };
    html! { <>
            <div id="result-grid" class="rf-grid" data-checked="1" data-rows={g.rows().to_string()} data-cols={g.cols().to_string()}>
                <p>{ "A colouring that the independent checker passed: no monochromatic rectangle." }</p>
                if let Some(line) = w.result.as_ref().and_then(|r| page::portfolio_line(&r.proof)) {
                    <p id="rf-portfolio">{ line.to_string() }</p>
                }
                { Html::from_html_unchecked(AttrValue::from(page::grid_svg(&g, 20, &[]))) }
                <button id="answer-to-board" onclick={{
                    let state = ctx.state.clone();
                    let cells = page::edits_of(&page::grid_to_marks(&g), g.cells().len());
                    Callback::from(move |_: MouseEvent| state.dispatch(frame::Action::Mark { kind: KIND, cells: cells.clone() }))
                }}>{ "Put this colouring on the board below" }</button>
            </div>
        { export }
    </> }
}

/// A `<select>` with id `id` over `options` (value and label), showing `value`; a choice goes
/// to `then`. Disabled while a job runs (its answer must meet the task it was asked for).
pub fn select_then<T: Clone + PartialEq + 'static>(
    id: &'static str,
    options: Vec<(T, String)>,
    value: T,
    disabled: bool,
    then: Callback<T>,
) -> Html {
    let opts = options.clone();
    let onchange = Callback::from(move |e: Event| {
        if let Some(s) = e.target_dyn_into::<web_sys::HtmlSelectElement>() {
            if let Some((v, _)) = opts.get(s.selected_index().max(0) as usize) {
                then.emit(v.clone());
            }
        }
    });
    html! {
        <select id={id} {disabled} {onchange}>
            { for options.into_iter().map(|(v, label)| html! { <option selected={v == value}>{ label }</option> }) }
        </select>
    }
}
