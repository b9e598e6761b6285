//! The rectangle-free colouring lab, in the frame ([`crate::web::frame`]): pick a size, colours
//! and method, watch the search on a live chart, get a checked colouring and export it; colour
//! it yourself on the hand board ([`super::hand_view`]) and check a pasted grid
//! ([`super::check_view`]).

use yew::prelude::*;

use super::check_view::CheckGrid;
use super::hand_view::{hand_board, open_task};
use super::lab_view::{explain, last_run, live, result, select_then};
use crate::jobs;
use crate::kind::Kind;
use crate::kinds::rectfree::model::{Method, Symmetry, MAX_COLOURS, MAX_SIDE, MIN_COLOURS};
use crate::kinds::rectfree::{formats, page, search, RectFree};
use crate::puzzle::{Mode, Puzzle};
use crate::web::frame::{self, Bar, KindPage};

const KIND: Kind = Kind::RectFree;
/// The example shown before the user opens anything.
const EXAMPLE: &str = r#"{"kind":"rectfree","rows":12,"cols":12,"colours":4}"#;
const ACCEPTS: &str = "a studio share link, the studio's JSON (rows, cols, colours, optional fixed cells), a size such as 17x17x4, or a colour grid as text";

/// The rectangle-free colouring page.
#[component]
pub fn Page() -> Html {
    let (ctx, w, puzzle) = frame::use_workshop::<RectFree>();
    frame::use_example(KIND, EXAMPLE);
    let p = (*puzzle).clone();
    let method = use_state(|| Method::Auto);
    let symmetry = use_state(|| Symmetry::Auto);
    let seed = use_state(|| 1u64);
    let workers = use_state(frame::workers_available);
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
                    frame::Work::Solve(Mode::First),
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
                ctx.race.emit((frame::Work::Solve(Mode::First), requests));
            }
        })
    };
    // The answer of the last solve (already verified by the page when it arrived).
    let answer = p.as_ref().and_then(|p| {
        let rows = w.result.as_ref()?.solutions.first()?;
        formats::grid_from_rows(p, rows).ok()
    });
    let hand = p.as_ref().map(|p| page::hand(p, &frame::marks_of(p, &w)));
    // The search's latest snapshot, while this page's job runs: the kind's own data, and the
    // worker that sent it when a portfolio races.
    let snapshot = frame::use_snapshot(KIND).and_then(|(data, worker)| {
        Some((serde_json::from_str::<search::SearchState>(&data).ok()?, worker))
    });
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

    let tools = html! {
            <div class="toolbar rf-form">
                <label>{ "Rows " }{ select_then("rf-rows", sizes(MAX_SIDE), rows, busy, resize(|s, v| s.0 = v)) }</label>
                <label>{ " Columns " }{ select_then("rf-cols", sizes(MAX_SIDE), cols, busy, resize(|s, v| s.1 = v)) }</label>
                <label>{ " Colours " }{ select_then("rf-colours", (MIN_COLOURS..=MAX_COLOURS).map(|v| (v, v.to_string())).collect(), colours, busy, resize(|s, v| s.2 = v)) }</label>
                <label>{ " Method " }{ frame::select("rf-method", Method::ALL.iter().map(|m| (*m, m.word().to_string())).collect(), *method, method.clone()) }</label>
                <label>{ " Symmetry " }{ frame::select("rf-symmetry", Symmetry::ALL.iter().map(|m| (*m, m.word().to_string())).collect(), *symmetry, symmetry.clone()) }</label>
                <label>{ " Seed " }<input id="rf-seed" type="number" min="0" value={seed.to_string()} onchange={{
                    let seed = seed.clone();
                    Callback::from(move |e: Event| if let Some(i) = e.target_dyn_into::<web_sys::HtmlInputElement>() { seed.set(i.value().parse().unwrap_or(1)) })
                }} /></label>
                <label title="Local search races this many workers with seeds seed, seed + 1, …; the first checked colouring wins">{ " Workers " }{ frame::select("rf-workers", (1..=crate::portfolio::MAX_RUNNERS).map(|v| (v, v.to_string())).collect(), *workers, workers.clone()) }</label>
                <button id="run" disabled={busy || form_task.is_none()} onclick={run}>{ "Colour it" }</button>
            </div>
    };
    let lab = html! {
        <div class="rf-lab">
            { explain(form_task.as_ref()) }
            { live(snapshot, p.as_ref()) }
            { kept_chart.map(|s| last_run(&s)).unwrap_or_default() }
            { answer.clone().map(|g| result(&ctx, &w, p.as_ref(), g)).unwrap_or_default() }
        </div>
    };

    html! {
        <KindPage kind={KIND} class="rectfree" title="Rectangle-free colouring"
            rules={"Colour every cell so that no four cells of one colour are the corners of a rectangle (two rows, two columns)."}
            bar={Bar { check: false, clear: ("clear", "Clear the board"), mine: None }}
            {tools}
            board={lab}
            under={hand_board(&ctx, &w, p.as_ref(), hand.as_ref(), cursor.clone())}
            solved={hand.as_ref().is_some_and(|h| h.solved)} progress={None::<AttrValue>}
            after={html! { <CheckGrid /> }}
            solution={answer.clone().map(|g| Callback::from(move |()| page::grid_svg(&g, 20, &[])))}
            accepts={ACCEPTS} />
    }
}

/// The small picture on the home page's card for this kind.
pub fn card_picture() -> String {
    frame::card_picture(
        &["abcab", "bcabc", "cabba", "abcca", "bacbc"],
        |c| match c {
            'a' => "#e4572e",
            'b' => "#669bbc",
            _ => "#f3a712",
        },
        r##"<rect x="1" y="1" width="34" height="34" fill="none" stroke="#1d2430" stroke-width="1.5" stroke-dasharray="3 2"/>"##,
    )
}
