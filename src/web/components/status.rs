//! The work bar: progress and Cancel while the worker is busy, the verdict and proof after.

use yew::prelude::*;

use crate::kinds::Kind;
use crate::web::ctx::Ctx;
use gloo_timers::callback::Interval;

use crate::web::ctx::now_ms;
use crate::web::state::{clock_text, verdict_text, Live, Owner, State, Work};

/// Props: whose status.
#[derive(Properties, PartialEq)]
pub struct Props {
    /// The kind of the page showing the bar.
    pub kind: Kind,
    /// Whose jobs it shows, when not the kind's workshop (the benchmark page).
    #[prop_or_default]
    pub owner: Option<Owner>,
}

/// The elapsed time of a job and its visible end: "12.3 s of at most 2:00".
pub fn elapsed_text(elapsed_ms: f64, budget_ms: Option<f64>) -> String {
    let elapsed = format!("{:.1} s", elapsed_ms.max(0.0) / 1000.0);
    match budget_ms {
        Some(b) => format!("{elapsed} (stops at {})", clock_text(b)),
        None => elapsed,
    }
}

/// The job of `owner` in flight, if any.
fn job_of(state: &State, owner: Owner) -> Option<crate::web::state::Busy> {
    state.busy_on(owner).cloned()
}

/// The propagation phase's figure: "Line logic: 412 of 625 cells known" on the nonogram page.
fn known_text(kind: Kind, (known, total): (u64, u64)) -> String {
    format!("{}: {known} of {total} cells known", kind.logic_phase())
}

/// On a Flood-It board the player has flooded, the verdict in their terms: their moves
/// against the minimum (the page finds the minimum quietly when they finish).
fn player_finish(
    w: &crate::web::state::Workshop,
    report: &crate::kinds::AnyReport,
) -> Option<String> {
    use crate::kinds::floodit::{page, sim::Position, FloodIt};
    use crate::puzzle::{Puzzle, Verdict};
    if report.kind != Kind::FloodIt {
        return None;
    }
    let p = crate::kinds::import_as::<FloodIt>(w.puzzle.as_deref()?).ok()?;
    let played = crate::play::Playable::decode_marks(&p, &w.marks).ok()?.played();
    if played.is_empty() || !Position::after(&p, &played).is_done() {
        return None;
    }
    let best = p.solution_from_rows(report.solutions.first()?).ok()?.len();
    match report.verdict {
        Verdict::Optimal => Some(page::finish_text(played.len(), best, None)),
        Verdict::Bounded { lower } => Some(page::finish_text(played.len(), best, Some(lower))),
        _ => None,
    }
}

/// Progress while busy (elapsed time, cells known or the work done in its unit, Cancel); the verdict and its evidence after.
#[component]
pub fn Status(props: &Props) -> Html {
    let ctx = use_context::<Ctx>().expect("inside the app");
    let live = use_context::<UseReducerHandle<Live>>().expect("inside the app");
    let state = &ctx.state;
    // The clock ticks here, so only this bar re-renders while work runs.
    let now = use_state(now_ms);
    {
        let now = now.clone();
        let job = state.busy_on(props.owner.unwrap_or(Owner::Kind(props.kind))).map(|b| b.job);
        use_effect_with(job, move |job| {
            let interval = job.map(|_| Interval::new(100, move || now.set(now_ms())));
            move || drop(interval)
        });
    }
    let owner = props.owner.unwrap_or(Owner::Kind(props.kind));
    if let Some(b) = job_of(state, owner) {
        let (work, items, known) =
            live.of(b.job).map(|l| (l.work, l.items, l.known)).unwrap_or_default();
        let cancel = ctx.cancel.reform(move |_: MouseEvent| owner);
        // The verdict stays: a solve's proven answer is on the board while the worker rates the
        // puzzle, or a hint or an explanation runs (State::verdict_shown).
        let kept = state.verdict_shown(props.kind).filter(|_| props.owner.is_none());
        let rating =
            kept.as_ref().is_some_and(|r| r.rating_pending) && matches!(b.work, Work::Solve(_));
        let what = if rating { "Working out the rating" } else { b.doing() };
        let mut detail = elapsed_text(*now - b.started_ms, b.budget_ms);
        if rating {
            // The solve's figures and time limit were the answer's; the rating's walk has none.
            detail = elapsed_text(*now - b.started_ms, None);
        } else if let Some(k) = known {
            detail.push_str(&format!(" · {}", known_text(props.kind, k)));
        } else if let Some((n, unit)) = work {
            detail.push_str(&format!(" · {n} {}", unit.word()));
        }
        if let Some((done, total)) = items {
            detail.push_str(&format!(" · {done} of {total} puzzles"));
        }
        return html! {
            <div id="status" class="status busy" data-state="busy">
                if let Some(r) = &kept {
                    <strong id="verdict" data-verdict={r.verdict.word()}>{ verdict_text(r) }</strong>
                }
                <span class="spinner" aria-hidden="true"></span>
                <span>{ format!("{what}… {detail}") }</span>
                <button id="cancel" onclick={cancel} title="Stop now; a best answer found so far stays shown">{ "Cancel" }</button>
            </div>
        };
    }
    if props.owner.is_some_and(|o| o != Owner::Kind(props.kind)) {
        return match state.end_of(owner) {
            Some(end) => {
                html! { <div id="status" class="status" data-state="ended">{ end.clone() }</div> }
            }
            None => html! { <div id="status" class="status" data-state="idle"></div> },
        };
    }
    let w = state.workshop(props.kind);
    // Check speaks about the player's grid only: its finding, not the solver's verdict.
    if let Some((ok, text)) = &w.checked {
        return html! {
            <div id="status" class={classes!("status", "checked", (!*ok).then_some("wrong"))} data-state="checked" role="status">
                <strong id="check-finding">{ text.clone() }</strong>
            </div>
        };
    }
    match (state.verdict_shown(props.kind), state.end_of(owner)) {
        (None, Some(end)) => {
            html! { <div id="status" class="status" data-state="ended">{ end.clone() }</div> }
        }
        (Some(report), end) => {
            let report = &*report;
            let verdict = player_finish(&w, report).unwrap_or_else(|| verdict_text(report));
            let s = &report.stats;
            let figures = format!(
                "{} variables, {} clauses, {} solver calls{}, {:.1} ms",
                s.variables,
                s.clauses,
                s.solves,
                s.conflicts.map(|c| format!(", {c} conflicts")).unwrap_or_default(),
                s.elapsed_ms
            );
            html! {
                <div id="status" class="status done" data-state="done" data-verdict={report.verdict.word()}>
                    <strong id="verdict">{ verdict }</strong>
                    if let Some(r) = &report.rating { <span class="rating">{ format!(" Rating: {r}.") }</span> }
                    // How a hint or an explanation ended (cancelled, failed), beside the verdict.
                    if let Some(e) = end { <span id="job-end" class="job-end">{ format!(" {}: {e}", if matches!(state.ends.get(&owner), Some((Work::Explain, _))) { "Explanation" } else { "Hint" }) }</span> }
                    <details class="proof">
                        <summary>{ "Evidence" }</summary>
                        <ul>
                            <li>{ "Every answer shown passed an independent checker, in the worker and again in this page." }</li>
                            { for report.proof.iter().map(|l| html! { <li>{ l.clone() }</li> }) }
                            <li>{ figures }</li>
                        </ul>
                    </details>
                </div>
            }
        }
        (None, None) => match w.unreadable.as_ref().filter(|_| w.puzzle.is_none()) {
            // A link that could not be read opens nothing else: the page says why, where the board would be.
            Some(why) => html! {
                <div id="status" class="status unreadable" data-state="unreadable" role="alert">
                    <strong>{ why.clone() }</strong>
                    <span>{ " Nothing else was opened in its place. If the link was cut short (some chat apps cut long links), copy the whole link again; or open a puzzle below." }</span>
                </div>
            },
            None => html! { <div id="status" class="status" data-state="idle"></div> },
        },
    }
}
