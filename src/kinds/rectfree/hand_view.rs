//! The rectangle-free hand board: colour cells by click, tap or keys, rectangles ringed live,
//! the counting bound beside it; and the hand colouring kept aside per size ([`open_task`]).

use yew::prelude::*;

use crate::kind::Kind;
use crate::kinds::rectfree::{page, RectFree};
use crate::puzzle::Puzzle;
use crate::web::frame::{self, Ctx};

const KIND: Kind = Kind::RectFree;

/// Storage name of the hand colouring kept aside for a size.
fn stash_name(p: &RectFree) -> String {
    format!("hand/{}x{}c{}", p.rows(), p.cols(), p.colours())
}

/// Opens `new` in place of `old`: the board's colouring is kept aside for the old size (in
/// local storage) and the one kept for the new size, if any, comes back as one undoable step;
/// the same size keeps the board as it is.
pub fn open_task(ctx: &Ctx, old: Option<&RectFree>, marks: &[u8], new: &RectFree) {
    if old == Some(new) {
        return;
    }
    if let Some(old) = old {
        if marks.iter().any(|&m| m != 0) {
            if let Err(e) = frame::keep(KIND, &stash_name(old), &crate::marks_text::encode(marks)) {
                ctx.state.dispatch(frame::Action::Notify(
                    frame::Severity::Error,
                    format!("Could not keep your colouring of {}x{}: {e}", old.rows(), old.cols()),
                ));
            }
        } else {
            frame::forget(KIND, &stash_name(old));
        }
    }
    ctx.state.dispatch(frame::Action::Open { kind: KIND, puzzle: new.to_json().to_string() });
    // Marks grow only as far as the last cell marked, so a shorter list is a whole board too.
    let back = frame::kept(KIND, &stash_name(new))
        .map(|t| crate::marks_text::decode(&t))
        .unwrap_or_default();
    let fits =
        back.len() <= new.rows() * new.cols() && back.iter().all(|&m| m as usize <= new.colours());
    if fits && back.iter().any(|&m| m != 0) {
        ctx.state.dispatch(frame::Action::Mark {
            kind: KIND,
            cells: back.into_iter().enumerate().collect(),
        });
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
pub fn hand_board(
    ctx: &Ctx,
    w: &frame::Workshop,
    p: Option<&RectFree>,
    hand: Option<&page::Hand>,
    cursor: UseStateHandle<usize>,
) -> Html {
    let (Some(p), Some(h)) = (p, hand) else { return Html::default() };
    let (rows, cols, colours) = (p.rows(), p.cols(), p.colours());
    // The player's marks, read once from the workshop.
    let marks: page::ColourMarks = frame::marks_of(p, w);
    let cells = page::hand_cells(p, &marks);
    let at = (*cursor).min(rows * cols - 1);
    let fixed: Vec<bool> = p.fixed().iter().map(Option::is_some).collect();
    // Sets cell i's mark, unless the task fixes it.
    let set = {
        let (state, fixed) = (ctx.state.clone(), fixed.clone());
        move |i: usize, mark: Option<u8>| {
            if !fixed[i] {
                let cells = page::ColourMarks::edits(i, mark);
                state.dispatch(frame::Action::Mark { kind: KIND, cells });
            }
        }
    };
    let mark_of = move |i: usize| marks.get(i);
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
                <div id="hand" class={classes!("rf-board", h.solved.then_some("solved"))} role="grid" tabindex="0" data-skip-target=""
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
