//! The art page's status line (`#art-status`): what the job in flight is doing, with Cancel or
//! Stop here; the verdict, givens, quality and timings of the result; or how to begin.

use yew::prelude::*;

use crate::art::{view, UniqueMode};
use crate::web::ctx::{now_ms, Ctx};
use crate::web::state::Owner;

/// What the status line needs besides the page state.
#[derive(Properties, PartialEq)]
pub struct ArtStatusProps {
    /// Ends the job in flight and any re-run still waiting to start.
    pub stop: Callback<MouseEvent>,
}

/// The status line of the image job, read from the page state.
#[component]
pub fn ArtStatus(props: &ArtStatusProps) -> Html {
    let ctx = use_context::<Ctx>().expect("inside the app");
    let result = ctx.state.art.as_ref();
    let busy = ctx.state.busy_on(Owner::Art);
    match (busy, result) {
        (Some(b), _) => {
            let detail = ctx
                .state
                .art_stage
                .as_ref()
                .map(view::stage_sentence)
                .unwrap_or_else(|| "Decoding".into());
            let cancel = props.stop.clone();
            html! {
                <div id="art-status" class="status busy" data-state="busy">
                    <span class="spinner" aria-hidden="true"></span>
                    <span>{ format!("{detail} ({:.1} s so far)", (now_ms() - b.started_ms).max(0.0) / 1000.0) }</span>
                    // Once a unique puzzle is here, stopping keeps it (and says so).
                    if result.is_some() {
                        <button id="art-stop" onclick={cancel} title="End the search now and keep the unique puzzle shown">{ "Stop here, keep this puzzle" }</button>
                    } else {
                        <button id="cancel" onclick={cancel}>{ "Cancel" }</button>
                    }
                    // The best unique puzzle so far (this job's): playable now, Stop here keeps it.
                    if let Some(r) = result {
                        <p id="art-current" data-method={if r.shading.is_some() { "translucent" } else { "threshold" }} data-width={r.width.to_string()} data-verdict={r.final_verdict.clone()} data-givens={r.givens.len().to_string()}
                            data-minimal={r.proven_minimal.to_string()} data-undecided={r.undecided.to_string()} data-changed={r.changed.len().to_string()}>{ view::givens_sentence(r) }</p>
                    }
                </div>
            }
        }
        (None, Some(r)) => html! {
            <div id="art-status" class="status done" data-state="done" data-method={if r.shading.is_some() { "translucent" } else { "threshold" }} data-width={r.width.to_string()} data-verdict={r.final_verdict.clone()} data-givens={r.givens.len().to_string()}
                data-minimal={r.proven_minimal.to_string()} data-undecided={r.undecided.to_string()} data-changed={r.changed.len().to_string()}
                data-adjusted={r.adjust.as_ref().map(|a| a.reached.to_string()).unwrap_or_default()}
                data-blank={view::blank_sentence(r).map(|_| "true")}>
                <strong id="art-verdict">{ view::givens_sentence(r) }</strong>
                if let Some(warning) = view::blank_sentence(r) {
                    <p id="art-blank" class="warn" role="alert">{ warning }</p>
                }
                if ctx.state.end_of(Owner::Art).map(String::as_str) == Some("Cancelled.") && r.unique == UniqueMode::Givens && !r.proven_minimal {
                    <p id="art-stopped">{ "Stopped here as you asked: this puzzle is proven unique; fewer given cells may do." }</p>
                }
                if ctx.state.end_of(Owner::Art).map(String::as_str) == Some("Cancelled.") && matches!(r.unique, UniqueMode::Adjust(_)) {
                    <p id="art-stopped">{ "Stopped here as you asked: this is the best puzzle found so far, proven unique; fewer changes may exist." }</p>
                }
                <p>{ view::verdict_sentence(r) }</p>
                if let (Some(q), Some(figures)) = (r.quality.as_ref(), view::quality_sentence(r)) {
                    <p id="art-quality">{ view::quality_words(q) }</p>
                    <details id="art-figures" class="art-figures"><summary>{ "The figures" }</summary><p>{ figures }</p></details>
                }
                <p class="timings">{ view::size_sentence(r) }</p>
            </div>
        },
        (None, None) => before_any(&ctx, "art-status"),
    }
}

/// The status line `id` before any picture is made: why the last image job failed, or how to
/// begin (the same for the black-and-white and the colour mode).
pub fn before_any(ctx: &Ctx, id: &'static str) -> Html {
    match failure(ctx) {
        Some(why) => html! {
            <div {id} class="status unreadable" data-state="failed" role="alert">
                <strong>{ why }</strong>{ " Choose another picture, or a sample." }
            </div>
        },
        None => {
            html! { <div {id} class="status" data-state="idle">{ "Choose an image to begin." }</div> }
        }
    }
}

/// Why the last image job failed (a file that is no image, a picture cut short), while no
/// picture has been made since: said in the status line, not only in a passing notice.
pub fn failure(ctx: &Ctx) -> Option<String> {
    let end = ctx.state.end_of(Owner::Art)?;
    end.strip_prefix("Failed: ").map(str::to_string)
}
