//! The colour nonogram editor: a picture drawn in a palette of one's own (colours added,
//! removed, recoloured and named) or clues typed as runs with colour letters; every accepted
//! change is checked by the worker (unique / several, with the cells two answers differ in /
//! none), then Play or Share. The draft lives in local storage ([`Draft::to_text`]); what it
//! works out is in [`super::draft`].

use std::cell::RefCell;
use std::rc::Rc;

use gloo_timers::callback::Timeout;
use yew::prelude::*;

use crate::app_state::View;
use crate::jobs::Request;
use crate::kind::Kind;
use crate::kinds::colournono::draft::Draft;
use crate::kinds::colournono::model::{Colour, MAX_SIDE};
use crate::kinds::colournono::page;
use crate::kinds::colournono::{formats, ColourNonogram};
use crate::puzzle::{Mode, Puzzle, Verdict};
use crate::web::frame::{keep_typed, use_draft, use_stored, use_workshop};
use crate::web::frame::{use_stroke, Shape, Stroke};
use crate::web::frame::{verdict_text, Action, Severity, Work};

const KIND: Kind = Kind::ColourNonogram;
/// Calm after an edit before the draft is checked.
const CHECK_AFTER_MS: u32 = 400;

/// Whether two puzzles have the same palette colours and clues (names and goal aside).
fn same_clues(a: &ColourNonogram, b: &ColourNonogram) -> bool {
    a.rows() == b.rows()
        && a.cols() == b.cols()
        && a.palette().iter().map(|c| c.rgb).eq(b.palette().iter().map(|c| c.rgb))
}

/// A number box for the width or height: a finished change gives `set` the value.
fn size_box(id: &'static str, value: usize, set: Callback<usize>) -> Html {
    let onchange = Callback::from(move |e: Event| {
        if let Some(t) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
            if let Ok(v) = t.value().trim().parse::<usize>() {
                set.emit(v.clamp(1, MAX_SIDE));
            }
        }
    });
    html! { <input {id} type="number" min="1" max={MAX_SIDE.to_string()} value={value.to_string()} {onchange} /> }
}

/// Opens `p` as the page's puzzle and asks the worker whether its answer is unique.
fn open_and_check(ctx: &crate::web::frame::Ctx, p: &ColourNonogram) {
    let json = p.to_json().to_string();
    ctx.state.dispatch(Action::Open { kind: KIND, puzzle: json.clone() });
    ctx.run.emit((
        Work::Solve(Mode::Unique),
        Request::Solve { kind: KIND, puzzle: json, mode: Mode::Unique, options: String::new() },
    ));
}

/// The editor (a `<details>` section of the colour nonogram page).
#[component]
pub fn ColourEditor() -> Html {
    let (ctx, w, puzzle) = use_workshop::<ColourNonogram>();
    let stored = use_draft(KIND, "draft", |t| Draft::from_text(t).map_err(|e| e.to_string()));
    let draft: Option<Draft> = stored.draft.clone();
    let brush = use_state(|| 1u8);
    let rows_text = use_node_ref();
    let cols_text = use_node_ref();
    // The typed clues are kept, so a reload finds them.
    let (typed_rows, keep_rows) = use_stored(KIND, "typed-rows");
    let (typed_cols, keep_cols) = use_stored(KIND, "typed-cols");
    // Open at first when typed clues were kept (a drawing opens it anyway).
    let typed_at_first = *use_state(|| typed_rows.is_some() || typed_cols.is_some());
    // The puzzle last sent to be checked (drawn or typed), and the timer of the next check.
    let checked: UseStateHandle<Option<ColourNonogram>> = use_state(|| None);
    let timer: Rc<RefCell<Option<Timeout>>> = use_mut_ref(|| None);
    let busy = ctx.state.busy_kind(KIND).is_some();

    // Whether the drawing was changed in this visit: a stored drawing is not checked at load, so
    // a reload or a shared link opens its own puzzle, not the draft.
    let edited: Rc<RefCell<bool>> = use_mut_ref(|| false);
    let store = {
        let (stored, edited) = (stored.clone(), edited.clone());
        Callback::from(move |d: Option<Draft>| {
            *edited.borrow_mut() = true;
            stored.set(d.map(|d| d.to_text()))
        })
    };
    let stroke = {
        let (draft, store, brush) = (draft.clone(), store.clone(), brush.clone());
        use_stroke(
            "#cn-editor",
            Shape::Path,
            Callback::from(move |s: Stroke| {
                let Some(d) = draft.clone() else { return };
                let w = d.size().0;
                let cells: Vec<usize> = s.cells.iter().map(|&(r, c)| r * w + c).collect();
                // The right button (or a long press) paints the background.
                store.emit(Some(d.painted(&cells, if s.secondary { 0 } else { *brush })));
            }),
        )
    };
    // The keyboard's cursor on the drawing (page::draw_key).
    let cursor = use_state(|| 0usize);
    let (dw0, dh0, colours) =
        draft.as_ref().map_or((1, 1, 2), |d| (d.size().0, d.size().1, d.palette.len()));
    let at = (*cursor).min(dw0 * dh0 - 1);
    let onkeydown = {
        let (draft, store, brush, cursor) =
            (draft.clone(), store.clone(), brush.clone(), cursor.clone());
        Callback::from(move |e: KeyboardEvent| {
            if e.ctrl_key() || e.meta_key() || e.alt_key() {
                return;
            }
            let Some(d) = &draft else { return };
            let Some(k) = page::draw_key(&e.key(), e.shift_key(), at, (dw0, dh0), colours) else {
                return;
            };
            e.prevent_default();
            let now = if usize::from(*brush) < colours { *brush } else { 1 };
            match k {
                page::DrawKey::Move { to, paint } => {
                    cursor.set(to);
                    if paint {
                        store.emit(Some(d.painted(&[at, to], now)));
                    }
                }
                page::DrawKey::Paint => store.emit(Some(d.painted(&[at], now))),
                page::DrawKey::Background => store.emit(Some(d.painted(&[at], 0))),
                page::DrawKey::Pick(c) => brush.set(c),
            }
        })
    };
    let accepted: Option<Result<ColourNonogram, String>> =
        draft.as_ref().map(|d| d.to_puzzle().map_err(|e| e.to_string()));
    let drawn = accepted.clone().and_then(Result::ok);
    // The drawing last sent to be checked.
    let sent: Rc<RefCell<Option<ColourNonogram>>> = use_mut_ref(|| None);

    // Every changed drawing the model accepts is checked after a calm, once, when no job of
    // this page runs.
    {
        let (ctx, checked, timer, sent, edited) =
            (ctx.clone(), checked.clone(), timer.clone(), sent.clone(), edited.clone());
        use_effect_with((drawn, busy), move |(drawn, busy)| {
            timer.borrow_mut().take();
            if let Some(p) = drawn
                .clone()
                .filter(|p| *edited.borrow() && !*busy && sent.borrow().as_ref() != Some(p))
            {
                *timer.borrow_mut() = Some(Timeout::new(CHECK_AFTER_MS, move || {
                    *sent.borrow_mut() = Some(p.clone());
                    checked.set(Some(p.clone()));
                    open_and_check(&ctx, &p);
                }));
            }
            || ()
        });
    }

    // The last check's verdict, when the puzzle open is still the one checked.
    let report = w
        .result
        .as_ref()
        .filter(|_| !busy)
        .filter(|_| matches!((&*checked, &*puzzle), (Some(c), Some(p)) if same_clues(c, p)));
    let differs: Vec<usize> = report.map(|r| r.second_differs()).unwrap_or_default();

    // The size typed before any drawing exists: the next blank drawing takes it.
    let wanted = use_state(|| (10usize, 10usize));
    let size = draft.as_ref().map_or(*wanted, Draft::size);
    let new_blank = {
        let store = store.clone();
        Callback::from(move |_: MouseEvent| store.emit(Some(Draft::blank(size.0, size.1))))
    };
    let edit_this = {
        let (store, p, result) = (store.clone(), (*puzzle).clone(), w.result.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(p) = &p {
                let answer = result
                    .as_ref()
                    .filter(|r| r.verdict == Verdict::Unique)
                    .and_then(|r| r.solutions.first())
                    .and_then(|rows| p.solution_grid(rows));
                store.emit(Some(Draft::from_puzzle(p, answer.as_ref())));
            }
        })
    };
    let resize = |which: usize| {
        let (store, d, wanted) = (store.clone(), draft.clone(), wanted.clone());
        Callback::from(move |v: usize| {
            let (w, h) = if which == 0 { (v, size.1) } else { (size.0, v) };
            match &d {
                Some(d) => store.emit(Some(d.resized(w, h))),
                None => wanted.set((w, h)),
            }
        })
    };
    let typed = {
        let (ctx, checked, rows_text, cols_text, d) =
            (ctx.clone(), checked.clone(), rows_text.clone(), cols_text.clone(), draft.clone());
        move |play: bool| {
            let (ctx, checked, rows_text, cols_text, d) =
                (ctx.clone(), checked.clone(), rows_text.clone(), cols_text.clone(), d.clone());
            Callback::from(move |_: MouseEvent| {
                let get = |r: &NodeRef| {
                    r.cast::<web_sys::HtmlTextAreaElement>().map(|t| t.value()).unwrap_or_default()
                };
                let base = d.clone().unwrap_or_else(|| Draft::blank(1, 1));
                match base.puzzle_of_clues(&get(&rows_text), &get(&cols_text)) {
                    Ok(p) if play => {
                        ctx.state
                            .dispatch(Action::Open { kind: KIND, puzzle: p.to_json().to_string() });
                        ctx.go.emit(crate::link::fragment(&p));
                    }
                    Ok(p) => {
                        checked.set(Some(p.clone()));
                        open_and_check(&ctx, &p);
                    }
                    Err(e) => ctx.state.dispatch(Action::Notify(
                        Severity::Error,
                        format!("Could not read those clues: {e}"),
                    )),
                }
            })
        }
    };
    let clues_into_boxes = {
        let (keep_rows, keep_cols, accepted) =
            (keep_rows.clone(), keep_cols.clone(), accepted.clone());
        Callback::from(move |_: MouseEvent| {
            let Some(Ok(p)) = &accepted else { return };
            let text = |clues: &[Vec<crate::kinds::colournono::Run>]| {
                clues.iter().map(|c| formats::clue_text(c)).collect::<Vec<_>>().join("\n")
            };
            keep_rows.emit(Some(text(p.rows())));
            keep_cols.emit(Some(text(p.cols())));
        })
    };

    let body = match draft.clone() {
        None => html! {},
        Some(d) => {
            let (dw, dh) = d.size();
            let preview: Vec<usize> = stroke
                .stroke
                .as_ref()
                .map(|s| s.cells.iter().map(|&(r, c)| r * dw + c).collect())
                .unwrap_or_default();
            let preview_colour =
                stroke.stroke.as_ref().map_or(*brush, |s| if s.secondary { 0 } else { *brush });
            let brush_now = if usize::from(*brush) < d.palette.len() { *brush } else { 1 };
            let cells = (0..dw * dh).map(|i| {
                let (r, c) = (i / dw, i % dw);
                let v = if preview.contains(&i) { preview_colour } else { d.cells[(r, c)] };
                let class = classes!("cell", preview.contains(&i).then_some("preview"), differs.contains(&i).then_some("differs"), (i == at).then_some("cursor"),
                    ((c + 1) % 5 == 0 && c + 1 < dw).then_some("r5"), ((r + 1) % 5 == 0 && r + 1 < dh).then_some("b5"));
                let fill = d.palette.get(usize::from(v)).map(Colour::hex).unwrap_or_default();
                html! { <div {class} style={format!("background-color:{fill}")} data-r={r.to_string()} data-c={c.to_string()} data-v={v.to_string()}></div> }
            });
            let entry = |c: usize| {
                let col = &d.palette[c];
                let name = col.name.clone().unwrap_or_default();
                let pick = {
                    let brush = brush.clone();
                    Callback::from(move |_: MouseEvent| brush.set(c as u8))
                };
                let recolour = {
                    let (store, d) = (store.clone(), d.clone());
                    Callback::from(move |e: Event| {
                        if let Some(t) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                            if let Some(rgb) = Colour::from_hex(&t.value()) {
                                store.emit(Some(d.with_rgb(c as u8, rgb)));
                            }
                        }
                    })
                };
                let rename = {
                    let (store, d) = (store.clone(), d.clone());
                    Callback::from(move |e: Event| {
                        if let Some(t) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                            store.emit(Some(d.with_name(c as u8, &t.value())));
                        }
                    })
                };
                let remove = {
                    let (store, d, brush) = (store.clone(), d.clone(), brush.clone());
                    Callback::from(move |_: MouseEvent| {
                        if let Some(n) = d.with_colour_removed(c as u8) {
                            brush.set(1);
                            store.emit(Some(n));
                        }
                    })
                };
                let letter = formats::colour_char(c as u8);
                let label = if c == 0 {
                    "Background".to_string()
                } else {
                    format!(
                        "Colour {letter}{}",
                        col.name.as_ref().map(|n| format!(" ({n})")).unwrap_or_default()
                    )
                };
                let active = c == usize::from(brush_now);
                html! {
                    <li class="cn-entry" data-colour={c.to_string()}>
                        <button class="swatch" aria-pressed={active.to_string()} aria-label={format!("Draw with {label}")} title={format!("Draw with {label}")}
                            style={format!("background:{};color:{}", col.hex(), page::text_on(col.rgb))} onclick={pick}>{ if c == 0 { String::new() } else { letter.to_string() } }</button>
                        <input type="color" aria-label={format!("{label}: colour")} value={col.hex()} onchange={recolour} />
                        <input type="text" class="cn-name" aria-label={format!("{label}: name")} placeholder={if c == 0 { "background" } else { "name" }} value={name} onchange={rename} maxlength="40" size="9" />
                        if c > 0 && d.palette.len() > 2 { <button class="cn-remove" aria-label={format!("Remove {label}")} title={format!("Remove {label}; its cells become background")} onclick={remove}>{ "×" }</button> }
                    </li>
                }
            };
            let add = {
                let (store, d, brush) = (store.clone(), d.clone(), brush.clone());
                Callback::from(move |_: MouseEvent| {
                    if let Some(n) = d.with_colour_added() {
                        brush.set((n.palette.len() - 1) as u8);
                        store.emit(Some(n));
                    }
                })
            };
            let fragment =
                accepted.as_ref().and_then(|a| a.as_ref().ok()).map(crate::link::fragment);
            let play = {
                let (ctx, accepted) = (ctx.clone(), accepted.clone());
                Callback::from(move |_: MouseEvent| {
                    let Some(Ok(p)) = &accepted else { return };
                    ctx.state
                        .dispatch(Action::Open { kind: KIND, puzzle: p.to_json().to_string() });
                    ctx.state.dispatch(Action::Show { kind: KIND, view: View::Play });
                    ctx.go.emit(crate::link::fragment(p));
                })
            };
            html! {
                <>
                    <ul class="cn-entries" aria-label="Palette of the drawing">
                        { for (0..d.palette.len()).map(entry) }
                        <li><button id="cn-add" disabled={d.palette.len() > crate::kinds::colournono::model::MAX_COLOURS} onclick={add}>{ "Add colour" }</button></li>
                    </ul>
                    <div id="cn-editor" class="cn-draw" tabindex="0" role="application" {onkeydown}
                         aria-label={format!("Drawing, {dw} by {dh}: cursor on row {}, column {}; brush {}", at / dw + 1, at % dw + 1, if brush_now == 0 { "background".to_string() } else { format!("colour {}", formats::colour_char(brush_now)) })}
                         style={format!("--w:{dw}")} data-rows={dh.to_string()} data-cols={dw.to_string()}
                         onpointerdown={stroke.down.clone()} onpointermove={stroke.on_move.clone()} onpointerup={stroke.up.clone()} onpointercancel={stroke.cancel.clone()}
                         oncontextmenu={Callback::from(|e: MouseEvent| e.prevent_default())}>
                        { for cells }
                    </div>
                    if let Some(Err(e)) = &accepted { <p id="cn-draft-problem" class="problem">{ format!("Not a puzzle yet: {e}") }</p> }
                    <div class="row wrap">
                        <button id="cn-play" disabled={fragment.is_none()} onclick={play}>{ "Play this" }</button>
                        if let Some(f) = fragment.clone() { <a id="cn-share" href={f}>{ "Link to this puzzle" }</a> }
                        <button id="cn-clues-out" disabled={fragment.is_none()} onclick={clues_into_boxes}>{ "Copy its clues into the text boxes" }</button>
                        <button id="cn-close" onclick={{ let s = store.clone(); Callback::from(move |_: MouseEvent| s.emit(None)) }}>{ "Close the drawing" }</button>
                    </div>
                </>
            }
        }
    };
    let verdict = match report {
        Some(r) => html! {
            <p id="cn-verdict" data-verdict={r.verdict.word()} aria-live="polite">
                { format!("This puzzle: {}", verdict_text(r)) }
                { r.rating.as_ref().map(|x| format!(" Rating: {x}.")).unwrap_or_default() }
                if !differs.is_empty() { { format!(" The ringed cells ({}) differ between two answers: change one of them, or see Answer 2 on the board.", differs.len()) } }
            </p>
        },
        None if busy && checked.is_some() => {
            html! { <p id="cn-verdict" data-verdict="checking" aria-live="polite">{ "Checking…" }</p> }
        }
        None => html! {},
    };

    html! {
        <details class="editor cn-edit" open={draft.is_some() || typed_at_first} onkeydown={stored.onkeydown()}>
            <summary>{ "Make or edit a puzzle" }</summary>
            <p class="hint">{ "Draw: pick a colour and drag across cells (right-drag or long-press paints the background), or from the keyboard: Tab to the drawing, the arrows move, Space or Enter paints, Shift+arrows paint as they go, Delete paints the background, 0 to 9 or a colour's letter picks the colour. Each change is checked for a unique answer. Or type clues below. Ctrl+Z undoes, Ctrl+Shift+Z or Ctrl+Y redoes. The drawing is kept if you reload." }</p>
            <div class="row wrap">
                <label>{ "Width " }{ size_box("cn-w", size.0, resize(0)) }</label>
                <label>{ "Height " }{ size_box("cn-h", size.1, resize(1)) }</label>
                <button id="cn-new" onclick={new_blank}>{ "New blank drawing" }</button>
                <button id="cn-edit-this" disabled={puzzle.is_none()} onclick={edit_this}>{ "Draw from this puzzle" }</button>
                { stored.buttons() }
            </div>
            { body }
            { verdict }
            <p class="hint">{ "Typed clues use the drawing's palette: one line per row and per column, each run a length and a colour letter (3a 2b; a length of 1 may be left out; an empty line or 0 for an empty line)." }</p>
            <div class="row">
                <label class="grow">{ "Row clues" }<textarea id="cn-rows" ref={rows_text} rows="6" spellcheck="false" value={typed_rows.unwrap_or_default()} oninput={keep_typed(keep_rows)} /></label>
                <label class="grow">{ "Column clues" }<textarea id="cn-cols" ref={cols_text} rows="6" spellcheck="false" value={typed_cols.unwrap_or_default()} oninput={keep_typed(keep_cols)} /></label>
            </div>
            <div class="row wrap">
                <button id="cn-check-clues" disabled={busy} onclick={typed(false)}>{ "Check these clues" }</button>
                <button id="cn-play-clues" onclick={typed(true)}>{ "Play these clues" }</button>
            </div>
        </details>
    }
}
