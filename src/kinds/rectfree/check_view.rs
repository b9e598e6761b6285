//! Rectangle-free "Check a grid": a pasted colouring is read, put on the hand board when it fits
//! the task on screen (its rectangles ringed), or said not to fit with a button to switch.

use yew::prelude::*;

use super::hand_view::open_task;
use crate::kind::Kind;
use crate::kinds::rectfree::{page, RectFree};
use crate::marks::Marks;
use crate::web::frame;

const KIND: Kind = Kind::RectFree;

/// What the last "Check a grid" found.
#[derive(Clone, PartialEq)]
enum Outcome {
    /// The text could not be read.
    Error(String),
    /// A readable grid that does not fit the task on screen: why, the grid, and that task.
    Misfit(String, page::Checked, RectFree),
    /// The grid went on the board: its sentence, the marks it set and its rectangle count.
    Placed(String, page::ColourMarks, u64),
}

/// The "Check a grid" box.
#[component]
pub fn CheckGrid() -> Html {
    let (ctx, w, puzzle) = frame::use_workshop::<RectFree>();
    let p = (*puzzle).clone();
    let check_text = use_node_ref();
    // The pasted grid is kept, so a reload finds it.
    let (pasted, keep_pasted) = frame::use_stored(KIND, "check-text");
    // The outcome of the last check, with the marks it left (shown only while the board still
    // holds them, so an edit or a new task never leaves a stale verdict).
    let outcome = use_state(|| None::<Outcome>);
    // It goes on the board when it fits the task on screen; another size is said, with a
    // button to switch, and changes nothing by itself.
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
                        let cells = page::edits_of(&marks, c.grid.cells().len());
                        ctx.state.dispatch(frame::Action::Mark { kind: KIND, cells });
                        Outcome::Placed(c.sentence(), marks, c.count)
                    }
                },
            }));
        })
    };
    html! {
    <details class="rf-check" open=true>
        <summary>{ "Check a grid" }</summary>
        <p class="hint">{ "Paste a colouring, one row per line: digits 0 to 5 (0123…), or numbers 1 to K separated by spaces. A grid of the task's size goes on the board above, its rectangles ringed (Undo brings your colouring back)." }</p>
        <textarea id="check-text" ref={check_text} rows="6" spellcheck="false" placeholder="0123\n1230\n…" value={pasted.unwrap_or_default()} oninput={frame::keep_typed(keep_pasted)} />
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
                    let cells = page::edits_of(&marks, c.grid.cells().len());
                    ctx.state.dispatch(frame::Action::Mark { kind: KIND, cells });
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
            Some(Outcome::Placed(sentence, marks, count)) if marks.encode() == w.marks => html! {
                <p id="check-result" data-rectangles={count.to_string()}>{ format!("{sentence} It is on the board above.") }</p>
            },
            Some(Outcome::Placed(..) | Outcome::Misfit(..)) => Html::default(),
        } }
    </details>
    }
}
