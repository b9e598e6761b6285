//! The in-browser benchmark: run a collection in the worker and read the same figures as the CLI.

use yew::prelude::*;

use crate::bench::Options;
use crate::bench_chart;
use crate::jobs::Request;
use crate::kinds::Kind;
use crate::web::components::status::Status;
use crate::web::ctx::Ctx;
use crate::web::hooks::use_media;
use crate::web::scroll;
use crate::web::state::{Live, Owner, Work};

/// The screens that get the narrow chart: style.css's phone width for the Benchmark page.
const NARROW_SCREEN: &str = "(max-width: 600px)";

/// Scrolls the chart (else the summary, else the status line) into view when its top is below
/// the screen, leaving a third of the screen above it (the Run button, on a phone).
fn reveal_results() {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
    let target = ["#page .bench-figure", "#bench-summary", "#page .bench .status"]
        .iter()
        .find_map(|s| doc.query_selector(s).ok().flatten());
    let Some(target) = target else { return };
    scroll::bring_into_view(&target, 0.35, |rect, height| rect.top() <= height - 80.0);
}

/// The benchmark page.
#[component]
pub fn BenchPage() -> Html {
    let ctx = use_context::<Ctx>().expect("inside the app");
    let kind = use_state(|| Kind::ALL[0]);
    let text = use_node_ref();
    let first = use_node_ref();
    let name = use_node_ref();
    let limit = use_node_ref();
    // What is wrong with the form itself (nothing pasted), said beside the Run button.
    let form_error = use_state(|| None::<String>);
    let run = {
        let (ctx, text, first, name, limit, kind, form_error) = (
            ctx.clone(),
            text.clone(),
            first.clone(),
            name.clone(),
            limit.clone(),
            *kind,
            form_error.clone(),
        );
        Callback::from(move |_| {
            let body =
                text.cast::<web_sys::HtmlTextAreaElement>().map(|t| t.value()).unwrap_or_default();
            if body.trim().is_empty() {
                form_error.set(Some(
                    "Paste a collection above first, or press \"Load a sample\".".into(),
                ));
                return;
            }
            let limit =
                limit.cast::<web_sys::HtmlInputElement>().map(|l| l.value()).unwrap_or_default();
            let timeout_ms = match crate::bench::time_limit_ms(&limit) {
                Ok(ms) => ms,
                Err(why) => {
                    form_error.set(Some(why));
                    return;
                }
            };
            form_error.set(None);
            let name = name
                .cast::<web_sys::HtmlInputElement>()
                .map(|n| n.value())
                .filter(|n| !n.trim().is_empty())
                .unwrap_or_else(|| "pasted".into());
            let first = first.cast::<web_sys::HtmlInputElement>().is_some_and(|c| c.checked());
            let request = Request::Bench {
                kind,
                text: body,
                name,
                options: Options { first, timeout_ms, limit: None },
            };
            ctx.run.emit((Work::Bench, request));
        })
    };
    let load_sample = {
        let (text, kind, form_error) = (text.clone(), *kind, form_error.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(t) = text.cast::<web_sys::HtmlTextAreaElement>() {
                t.set_value(crate::samples::bench_sample(kind));
            }
            form_error.set(None);
        })
    };
    let pick = {
        let kind = kind.clone();
        Callback::from(move |e: Event| {
            if let Some(s) = e.target_dyn_into::<web_sys::HtmlSelectElement>() {
                kind.set(Kind::from_id(&s.value()).unwrap_or(Kind::ALL[0]));
            }
        })
    };
    let summary = ctx.state.bench.as_deref().map(|(_, s)| *s);
    // The chart: live from the worker's reports while a run goes, then from the finished records.
    let live = use_context::<UseReducerHandle<Live>>().expect("inside the app");
    let job = ctx.state.busy_on(Owner::Bench).map(|b| b.job);
    let running = job.is_some();
    let progress = job.and_then(|j| live.of(j));
    // One picture is drawn, laid out for the screen's width: a phone's narrow one has the bars
    // under the plot and larger type (style.css sizes it), and a turn of the phone redraws it.
    let narrow = use_media(NARROW_SCREEN);
    let draw = if narrow { bench_chart::svg_narrow } else { bench_chart::svg };
    let chart = if let Some(l) = progress.filter(|l| !l.bench.is_empty()) {
        Some(draw(&l.bench, l.items.map(|i| i.1).unwrap_or(0)))
    } else if running {
        None
    } else {
        ctx.state.bench.as_deref().map(|(r, _)| {
            let points: Vec<(f64, String)> = r.iter().map(|r| (r.ms, r.verdict.clone())).collect();
            draw(&points, points.len())
        })
    };
    // The chart and the summary come under the form, below the fold on a phone: a run's first
    // chart, and its end, are brought into view (Run on one puzzle at 360x640 changed nothing
    // on screen). A page opened on an earlier run's results stays at its top.
    {
        let seen = use_mut_ref(|| (None::<u32>, false));
        use_effect_with((job, chart.is_some()), move |&(job, has_chart)| {
            let (revealed, was_running) = *seen.borrow();
            let first_chart = has_chart && job.is_some() && revealed != job;
            let ended = was_running && job.is_none();
            *seen.borrow_mut() = (if first_chart { job } else { revealed }, job.is_some());
            if first_chart || ended {
                gloo_timers::callback::Timeout::new(0, reveal_results).forget();
            }
            || ()
        });
    }
    let records = ctx.state.bench.as_deref().map(|(r, _)| {
        let rows: Vec<serde_json::Value> =
            r.iter().map(|r| serde_json::json!({"id": r.id, "ms": r.ms, "verdict": r.verdict, "wrong": r.wrong, "measure": r.measure, "lower": r.lower})).collect();
        serde_json::Value::Array(rows).to_string()
    });
    html! {
        <section class="bench">
            <h1>{ "Benchmark" }</h1>
            <p>{ "Paste a benchmark collection (for example a KrazyDad Star Battle file, one puzzle per line). It runs in the solver worker exactly as " }<code>{ "puzzle bench" }</code>{ " runs on the command line, so the two sets of figures compare." }</p>
            <label>{ "Kind " }<select id="bench-kind" onchange={pick}>
                { for Kind::ALL.into_iter().map(|k| html! { <option value={k.id()} selected={k == *kind}>{ k.title() }</option> }) }
            </select></label>
            <label>{ " First answer only " }<input id="bench-first" type="checkbox" ref={first} /></label>
            <label title="A puzzle not answered within this many seconds counts as timed out (Flood-It keeps its best line and proven bound); empty: no limit">{ " Seconds per puzzle " }
                <input id="bench-timeout" ref={limit} type="number" min="0" step="any" inputmode="decimal" placeholder="no limit" size="6" /></label>
            <label>{ " Name " }<input id="bench-name" ref={name} placeholder="pasted" /></label>
            <textarea id="bench-text" ref={text} rows="6" spellcheck="false" aria-label="The collection to run" placeholder="Paste a collection here" />
            <div class="row">
                <button id="bench-run" disabled={running} onclick={run}>{ "Run" }</button>
                <button id="bench-sample" onclick={load_sample}>{ "Load a sample" }</button>
                if let Some(e) = (*form_error).clone() { <span id="bench-form-error" class="inline-error" role="alert">{ e }</span> }
            </div>
            <Status kind={*kind} owner={Some(Owner::Bench)} />
            if let Some(svg) = chart {
                <figure class={classes!("bench-figure", running.then_some("live"))}>
                    { Html::from_html_unchecked(AttrValue::from(svg)) }
                    <figcaption>{ "Each dot is one puzzle's time (verification included), fastest to slowest on a log scale; the bars count the verdicts." }</figcaption>
                </figure>
            }
            if let Some(s) = summary {
                <pre id="bench-summary" data-json={serde_json::to_string(&s).unwrap_or_default()} data-records={records.clone().unwrap_or_default()}>{ s.line() }</pre>
            }
        </section>
    }
}
