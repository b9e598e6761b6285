//! The rectangle-free colouring lab: pick a size, colours and method, watch the search on a
//! live chart, get a checked colouring, export it, and import a grid to check it.

use yew::prelude::*;

use crate::jobs;
use crate::kind::Kind;
use crate::kinds::rectfree::model::{Method, Symmetry, MAX_COLOURS, MAX_SIDE, MIN_COLOURS};
use crate::kinds::rectfree::{formats, page, search, RectFree};
use crate::puzzle::{Mode, Puzzle};
use crate::web::actions;
use crate::web::components::hint::HintPanel;
use crate::web::components::{
    import::Import,
    share::{self, Share},
    status::Status,
};
use crate::web::download;
use crate::web::hooks::{use_example, use_workshop};
use crate::web::portfolio;
use crate::web::state::{Action, Live, Severity, Work};
use crate::web::{ctx::Ctx, storage};

const KIND: Kind = Kind::RectFree;
/// The example shown before the user opens anything.
const EXAMPLE: &str = r#"{"kind":"rectfree","rows":12,"cols":12,"colours":4}"#;
const ACCEPTS: &str = "a studio share link, the studio's JSON (rows, cols, colours, optional fixed cells), a size such as 17x17x4, or a colour grid as text";

/// The rectangle-free colouring page.
#[component]
pub fn Page() -> Html {
    let (ctx, w, puzzle) = use_workshop::<RectFree>();
    let live = use_context::<UseReducerHandle<Live>>().expect("inside the app");
    use_example(KIND, EXAMPLE);
    let p = (*puzzle).clone();
    let method = use_state(|| Method::Auto);
    let symmetry = use_state(|| Symmetry::Auto);
    let seed = use_state(|| 1u64);
    let workers = use_state(portfolio::runners);
    let check_text = use_node_ref();
    // The outcome of the last "Check a grid", with the marks it left (shown only while the
    // board still holds them, so an edit or a new task never leaves a stale verdict).
    let outcome = use_state(|| None::<Outcome>);
    // The hand-colouring board's cursor (row-major cell) for the keyboard.
    let cursor = use_state(|| 0usize);
    // The run settings follow the opened task (a link, an import, a reload).
    {
        let (method, symmetry, seed) = (method.clone(), symmetry.clone(), seed.clone());
        use_effect_with(p.clone(), move |p| {
            if let Some(p) = p {
                method.set(p.method);
                symmetry.set(p.symmetry);
                seed.set(p.seed);
            }
            || ()
        });
    }
    let busy = ctx.state.busy_kind(KIND).is_some();
    // Rows, columns and colours are the task on screen: changing one opens that task at once
    // (the board, the explanation and the share link follow); the hand colouring of the old
    // size is kept aside and comes back with that size.
    let (rows, cols, colours) =
        p.as_ref().map(|p| (p.rows(), p.cols(), p.colours())).unwrap_or((12, 12, 4));
    let resize = |what: fn(&mut (usize, usize, usize), usize)| {
        let (ctx, p, marks) = (ctx.clone(), p.clone(), w.marks.clone());
        let (method, symmetry, seed) = (*method, *symmetry, *seed);
        Callback::from(move |v: usize| {
            let mut size = (rows, cols, colours);
            what(&mut size, v);
            let Ok(mut t) = RectFree::new(size.0, size.1, size.2) else { return };
            t.method = method;
            t.symmetry = symmetry;
            t.seed = seed;
            open_task(&ctx, p.as_ref(), &marks, &t);
        })
    };
    let form_task = p.as_ref().map(|p| {
        let mut t = p.clone();
        t.method = *method;
        t.symmetry = *symmetry;
        t.seed = *seed;
        t
    });
    let run = {
        let (ctx, task, workers, p, marks) =
            (ctx.clone(), form_task.clone(), *workers, p.clone(), w.marks.clone());
        Callback::from(move |_: MouseEvent| {
            let Some(t) = task.clone() else { return };
            let text = t.to_json().to_string();
            open_task(&ctx, p.as_ref(), &marks, &t);
            // Local search races differently seeded workers; SAT and the bound run in one.
            let tasks = page::portfolio_tasks(&t, workers);
            if tasks.len() < 2 {
                ctx.run.emit((
                    Work::Solve(Mode::First),
                    jobs::solve_request::<RectFree>(text, Mode::First, &Default::default()),
                ));
            } else {
                let requests = tasks
                    .iter()
                    .map(|t| {
                        jobs::solve_request::<RectFree>(
                            t.to_json().to_string(),
                            Mode::First,
                            &Default::default(),
                        )
                    })
                    .collect();
                ctx.race.emit((Work::Solve(Mode::First), requests));
            }
        })
    };
    // Check a pasted grid: it goes on the board when it fits the task on screen; another size
    // is said, with a button to switch, and changes nothing by itself.
    let check = {
        let (ctx, node, outcome, p) = (ctx.clone(), check_text.clone(), outcome.clone(), p.clone());
        Callback::from(move |_: MouseEvent| {
            let (Some(t), Some(p)) = (node.cast::<web_sys::HtmlTextAreaElement>(), p.as_ref())
            else {
                return;
            };
            outcome.set(Some(match page::check_text(&t.value()) {
                Err(e) => Outcome::Error(format!(
                    "Could not read that grid: {e}. The board is unchanged."
                )),
                Ok(c) => match page::misfit(p, &c) {
                    Some(why) => Outcome::Misfit(why, c, p.clone()),
                    None => {
                        let marks = page::grid_to_marks(&c.grid);
                        ctx.state.dispatch(Action::Mark {
                            kind: KIND,
                            cells: marks.iter().copied().enumerate().collect(),
                        });
                        Outcome::Placed(c.sentence(), marks, c.count)
                    }
                },
            }));
        })
    };
    // The answer of the last solve (already verified by the page when it arrived).
    let answer = p.as_ref().and_then(|p| {
        let rows = w.result.as_ref()?.solutions.first()?;
        formats::grid_from_rows(p, rows).ok()
    });
    let hand = p.as_ref().map(|p| page::hand(p, &w.marks));
    // The search's latest snapshot, while this page's job runs: the kind's own data, and the
    // worker that sent it when a portfolio races.
    let snapshot = ctx
        .state
        .busy_kind(KIND)
        .and_then(|b| live.of(b.job))
        .and_then(|l| l.snapshot.as_ref())
        .and_then(|s| Some((serde_json::from_str::<search::SearchState>(&s.data).ok()?, s.worker)));
    // The last run's chart stays after the run ends (the answer found or the search stopped),
    // for the task it ran on.
    let last_chart = use_state(|| None::<(Option<RectFree>, search::SearchState)>);
    {
        let (last_chart, p) = (last_chart.clone(), p.clone());
        use_effect_with(snapshot.as_ref().map(|(s, _)| s.clone()), move |s| {
            if let Some(s) = s {
                last_chart.set(Some((p, s.clone())));
            }
            || ()
        });
    }
    let kept_chart = (*last_chart)
        .clone()
        .filter(|(task, _)| {
            snapshot.is_none()
                && task.as_ref().map(|t| (t.rows(), t.cols(), t.colours()))
                    == p.as_ref().map(|t| (t.rows(), t.cols(), t.colours()))
        })
        .map(|(_, s)| s);
    let sizes = |n: usize| (1..=n).map(|v| (v, v.to_string())).collect::<Vec<_>>();

    let explanation = form_task.as_ref().map(page::explanation).unwrap_or_default();
    let table = form_task.as_ref().map(page::known_table).unwrap_or_default();
    let export = answer.clone().map(|g| {
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
            let _ = download::text(&format!("{n1}.txt"), "text/plain", &t);
        });
        let state = ctx.state.clone();
        let save_png = Callback::from(move |_: MouseEvent| {
            if let Err(e) = download::svg_as_png(&format!("{name}.png"), &svg, 1.0) {
                state.dispatch(Action::Notify(
                    Severity::Error,
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
    });

    html! {
        <section class="workshop rectfree">
            <h1>{ "Rectangle-free colouring" }</h1>
            <p class="rules">{ "Colour every cell so that no four cells of one colour are the corners of a rectangle (two rows, two columns)." }</p>
            <div class="toolbar rf-form">
                <label>{ "Rows " }{ select_then("rf-rows", sizes(MAX_SIDE), rows, busy, resize(|s, v| s.0 = v)) }</label>
                <label>{ " Columns " }{ select_then("rf-cols", sizes(MAX_SIDE), cols, busy, resize(|s, v| s.1 = v)) }</label>
                <label>{ " Colours " }{ select_then("rf-colours", (MIN_COLOURS..=MAX_COLOURS).map(|v| (v, v.to_string())).collect(), colours, busy, resize(|s, v| s.2 = v)) }</label>
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
            if let Some((s, worker)) = snapshot {
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
            if let Some(s) = kept_chart {
                <div id="rf-last" class="rf-live" data-best={s.best.to_string()} data-iterations={s.iterations.to_string()}>
                    <p>{ format!("The last run: {} iterations in {:.1} s, best {} rectangles (reached at iteration {}).", s.iterations, s.elapsed_ms / 1000.0, s.best, s.best_at) }</p>
                    <div class="rf-chart">{ Html::from_html_unchecked(AttrValue::from(page::chart_svg(&s.series, 480, 220))) }</div>
                </div>
            }
            if let Some(g) = answer.clone() {
                <div id="result-grid" class="rf-grid" data-checked="1" data-rows={g.rows().to_string()} data-cols={g.cols().to_string()}>
                    <p>{ "A colouring that the independent checker passed: no monochromatic rectangle." }</p>
                    if let Some(line) = w.result.as_ref().and_then(|r| page::portfolio_line(&r.proof)) {
                        <p id="rf-portfolio">{ line.to_string() }</p>
                    }
                    { Html::from_html_unchecked(AttrValue::from(page::grid_svg(&g, 20, &[]))) }
                    <button id="answer-to-board" onclick={{
                        let state = ctx.state.clone();
                        let marks = page::grid_to_marks(&g);
                        Callback::from(move |_: MouseEvent| state.dispatch(Action::Mark { kind: KIND, cells: marks.iter().copied().enumerate().collect() }))
                    }}>{ "Put this colouring on the board below" }</button>
                </div>
            }
            { export.unwrap_or_default() }
            { hand_board(&ctx, &w, p.as_ref(), hand.as_ref(), cursor.clone()) }
            <details class="rf-check" open=true>
                <summary>{ "Check a grid" }</summary>
                <p class="hint">{ "Paste a colouring, one row per line: digits 0 to 5 (0123…), or numbers 1 to K separated by spaces. A grid of the task's size goes on the board above, its rectangles ringed (Undo brings your colouring back)." }</p>
                <textarea id="check-text" ref={check_text} rows="6" spellcheck="false" placeholder="0123\n1230\n…" />
                <div class="row"><button id="check" onclick={check}>{ "Check" }</button></div>
                { match (*outcome).clone() {
                    None => Html::default(),
                    Some(Outcome::Error(e)) => html! { <p id="check-error" class="error" role="alert">{ e }</p> },
                    // Only while the task it was compared with is on screen.
                    Some(Outcome::Misfit(why, c, task)) if p.as_ref() == Some(&task) => {
                        let (ctx, p, marks, outcome) = (ctx.clone(), p.clone(), w.marks.clone(), outcome.clone());
                        let (r, k, n) = (c.grid.rows(), c.grid.cols(), c.colours);
                        let switch = Callback::from(move |_: MouseEvent| {
                            let Ok(t) = RectFree::new(r, k, n) else { return };
                            open_task(&ctx, p.as_ref(), &marks, &t);
                            let marks = page::grid_to_marks(&c.grid);
                            ctx.state.dispatch(Action::Mark { kind: KIND, cells: marks.iter().copied().enumerate().collect() });
                            outcome.set(Some(Outcome::Placed(c.sentence(), marks, c.count)));
                        });
                        html! {
                            <div id="check-misfit" class="rf-misfit" role="alert">
                                <p>{ why }</p>
                                <button id="check-switch" onclick={switch}>{ format!("Switch the task to {r}x{k} with {n} colours and check it") }</button>
                            </div>
                        }
                    }
                    // Only while the board still holds the checked grid.
                    Some(Outcome::Placed(sentence, marks, count)) if marks == w.marks => html! {
                        <p id="check-result" data-rectangles={count.to_string()}>{ format!("{sentence} It is on the board above.") }</p>
                    },
                    Some(Outcome::Placed(..) | Outcome::Misfit(..)) => Html::default(),
                } }
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

/// What the last "Check a grid" found.
#[derive(Clone, PartialEq)]
enum Outcome {
    /// The text could not be read.
    Error(String),
    /// A readable grid that does not fit the task on screen: why, the grid, and that task.
    Misfit(String, page::Checked, RectFree),
    /// The grid went on the board: its sentence, the marks it set and its rectangle count.
    Placed(String, Vec<u8>, u64),
}

/// Storage name of the hand colouring kept aside for a size.
fn stash_name(p: &RectFree) -> String {
    format!("hand/{}x{}c{}", p.rows(), p.cols(), p.colours())
}

/// Opens `new` in place of `old`: the board's colouring is kept aside for the old size (in
/// local storage) and the one kept for the new size, if any, comes back as one undoable step;
/// the same size keeps the board as it is.
fn open_task(ctx: &Ctx, old: Option<&RectFree>, marks: &[u8], new: &RectFree) {
    if old == Some(new) {
        return;
    }
    if let Some(old) = old {
        if marks.iter().any(|&m| m != 0) {
            if let Err(e) = storage::save(KIND, &stash_name(old), &crate::marks_text::encode(marks))
            {
                ctx.state.dispatch(Action::Notify(
                    Severity::Error,
                    format!("Could not keep your colouring of {}x{}: {e}", old.rows(), old.cols()),
                ));
            }
        } else {
            storage::remove(KIND, &stash_name(old));
        }
    }
    ctx.state.dispatch(Action::Open { kind: KIND, puzzle: new.to_json().to_string() });
    // Marks grow only as far as the last cell marked, so a shorter list is a whole board too.
    let back = storage::load(KIND, &stash_name(new))
        .map(|t| crate::marks_text::decode(&t))
        .unwrap_or_default();
    let fits =
        back.len() <= new.rows() * new.cols() && back.iter().all(|&m| m as usize <= new.colours());
    if fits && back.iter().any(|&m| m != 0) {
        ctx.state
            .dispatch(Action::Mark { kind: KIND, cells: back.into_iter().enumerate().collect() });
    }
}

/// A `<select>` with id `id` over `options` (value and label), showing `value`; a choice goes
/// to `then`. Disabled while a job runs (its answer must meet the task it was asked for).
fn select_then<T: Clone + PartialEq + 'static>(
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

/// Text colour readable on each palette colour.
const INK: [&str; 6] = ["#fff", "#fff", "#1d2430", "#1d2430", "#1d2430", "#fff"];

/// Most rectangles outlined on the hand board (every corner is ringed whatever the count).
const MAX_OUTLINED: usize = 24;

/// The hand-colouring board: click (or tap) a cell to cycle its colour, right-click or
/// Shift-click to cycle back; with the board focused, arrows move the cursor, digits pick a
/// colour, 0 clears, Space cycles. Rectangles among the coloured cells are ringed live, and
/// the checker's "solved" shows when the whole grid is rectangle-free.
fn hand_board(
    ctx: &Ctx,
    w: &crate::web::state::Workshop,
    p: Option<&RectFree>,
    hand: Option<&page::Hand>,
    cursor: UseStateHandle<usize>,
) -> Html {
    let (Some(p), Some(h)) = (p, hand) else { return Html::default() };
    let (rows, cols, colours) = (p.rows(), p.cols(), p.colours());
    let cells = page::hand_cells(p, &w.marks);
    let at = (*cursor).min(rows * cols - 1);
    let fixed: Vec<bool> = p.fixed().iter().map(Option::is_some).collect();
    // Sets cell i's mark, unless the task fixes it.
    let set = {
        let (state, fixed) = (ctx.state.clone(), fixed.clone());
        move |i: usize, mark: u8| {
            if !fixed[i] {
                state.dispatch(Action::Mark { kind: KIND, cells: vec![(i, mark)] });
            }
        }
    };
    let mark_of = {
        let marks = w.marks.clone();
        move |i: usize| marks.get(i).copied().unwrap_or(0)
    };
    let cell_of = move |e: &MouseEvent| -> Option<usize> {
        let el: web_sys::Element =
            e.target_dyn_into::<web_sys::Element>()?.closest(".cell").ok()??;
        Some(
            el.get_attribute("data-r")?.parse::<usize>().ok()? * cols
                + el.get_attribute("data-c")?.parse::<usize>().ok()?,
        )
    };
    let onclick = {
        let (set, mark_of, cursor) = (set.clone(), mark_of.clone(), cursor.clone());
        Callback::from(move |e: MouseEvent| {
            let Some(i) = cell_of(&e) else { return };
            cursor.set(i);
            set(i, page::cycle(mark_of(i), colours, e.shift_key()));
        })
    };
    let oncontextmenu = {
        let (set, mark_of, cursor) = (set.clone(), mark_of.clone(), cursor.clone());
        Callback::from(move |e: MouseEvent| {
            e.prevent_default();
            let Some(i) = cell_of(&e) else { return };
            cursor.set(i);
            set(i, page::cycle(mark_of(i), colours, true));
        })
    };
    let onkeydown = {
        let (set, mark_of, cursor) = (set.clone(), mark_of.clone(), cursor.clone());
        Callback::from(move |e: KeyboardEvent| {
            let Some(k) = page::key(&e.key(), e.shift_key(), colours) else { return };
            e.prevent_default();
            match k {
                page::Key::Move(dr, dc) => {
                    let r = (at / cols) as isize + dr;
                    let c = (at % cols) as isize + dc;
                    if (0..rows as isize).contains(&r) && (0..cols as isize).contains(&c) {
                        cursor.set(r as usize * cols + c as usize);
                    }
                }
                page::Key::Set(m) => set(at, m),
                page::Key::Cycle(back) => set(at, page::cycle(mark_of(at), colours, back)),
            }
        })
    };
    let outlines = (h.count as usize <= MAX_OUTLINED).then(|| {
        html! {
            <svg class="rf-outlines" viewBox={format!("0 0 {cols} {rows}")} preserveAspectRatio="none" aria-hidden="true">
                { for h.shown.iter().map(|x| html! {
                    <rect x={format!("{}", x.c1 as f64 + 0.5)} y={format!("{}", x.r1 as f64 + 0.5)}
                          width={(x.c2 - x.c1).to_string()} height={(x.r2 - x.r1).to_string()} vector-effect="non-scaling-stroke" />
                }) }
            </svg>
        }
    });
    let label = |i: usize| match cells[i] {
        Some(k) => format!(
            "row {}, column {}: colour {}{}",
            i / cols + 1,
            i % cols + 1,
            k + 1,
            if fixed[i] { " (fixed)" } else { "" }
        ),
        None => format!("row {}, column {}: uncoloured", i / cols + 1, i % cols + 1),
    };
    html! {
        <section class="rf-hand" aria-labelledby="hand-title">
            <h2 id="hand-title">{ format!("Colour it yourself ({rows}x{cols}, {colours} colours)") }</h2>
            <p class="hint">{ "Tap or click a cell to change its colour; long-press, right-click or Shift-click goes back. Keyboard: focus the board, arrows move, " }
                { format!("1 to {colours} pick a colour, 0 clears, Space cycles.") }</p>
            <div class="rf-legend" aria-hidden="true">
                { for (0..colours).map(|k| html! { <span class="swatch" style={format!("background:{};color:{}", page::PALETTE[k], INK[k])}>{ k + 1 }</span> }) }
            </div>
            <div class="rf-board-wrap">
                <div id="hand" class={classes!("rf-board", h.solved.then_some("solved"))} role="grid" tabindex="0"
                     aria-label={format!("Hand colouring, {rows} by {cols}")} aria-activedescendant={format!("hand-{at}")}
                     data-rectangles={h.count.to_string()} data-coloured={h.coloured.to_string()} data-solved={h.solved.to_string()}
                     style={format!("--cols:{cols};--rows:{rows}")} {onclick} {oncontextmenu} {onkeydown}>
                    { for (0..rows).map(|r| html! {
                        <div class="rf-row" role="row">
                            { for (0..cols).map(|c| {
                                let i = r * cols + c;
                                let style = cells[i].map(|k| format!("background:{};color:{}", page::PALETTE[k as usize], INK[k as usize]));
                                html! {
                                    <div id={format!("hand-{i}")} role="gridcell" aria-label={label(i)}
                                         class={classes!("cell", h.corners[i].then_some("corner"), (i == at).then_some("cursor"), fixed[i].then_some("fixed"))}
                                         data-r={r.to_string()} data-c={c.to_string()} data-colour={cells[i].map(|k| k.to_string()).unwrap_or_default()} {style}>
                                        { cells[i].map(|k| (k + 1).to_string()).unwrap_or_default() }
                                    </div>
                                }
                            }) }
                        </div>
                    }) }
                    { outlines.unwrap_or_default() }
                </div>
            </div>
            <p id="hand-status" class={classes!("rf-hand-status", h.solved.then_some("solved"))} role="status" aria-live="polite">{ h.sentence() }</p>
            { bound_line(&page::hand_bound(p, &cells)) }
            <crate::web::components::clock::PlayClock kind={KIND} solved={h.solved} />
            <div class="toolbar">{ actions::history_buttons(ctx, KIND, w, "Clear the board") }</div>
        </section>
    }
}

/// The counting bound beside the hand board: its sentence and each colour's count against it,
/// updated with every cell coloured.
fn bound_line(b: &page::HandBound) -> Html {
    html! {
        <div id="hand-bound" class={classes!("rf-hand-bound", (!b.possible()).then_some("impossible"))} data-bound={b.bound.to_string()}>
            <p>{ b.sentence() }</p>
            <ul class="rf-colour-counts">
                { for (0..b.counts.len()).map(|k| html! {
                    <li data-colour={(k + 1).to_string()} data-count={b.counts[k].to_string()} data-bound={b.bound.to_string()} class={classes!((b.counts[k] > b.bound).then_some("over"))}>
                        <span class="swatch" aria-hidden="true" style={format!("background:{};color:{}", page::PALETTE[k], INK[k])}>{ k + 1 }</span>
                        { format!("Colour {}: {}", k + 1, b.colour_words(k)) }
                    </li>
                }) }
            </ul>
        </div>
    }
}

/// The small picture on the home page's card for this kind.
pub fn card_picture() -> String {
    crate::web::components::home::picture(
        &["abcab", "bcabc", "cabba", "abcca", "bacbc"],
        |c| match c {
            'a' => "#e4572e",
            'b' => "#669bbc",
            _ => "#f3a712",
        },
        r##"<rect x="1" y="1" width="34" height="34" fill="none" stroke="#1d2430" stroke-width="1.5" stroke-dasharray="3 2"/>"##,
    )
}
