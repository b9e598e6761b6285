//! The Star Battle region editor: a new blank grid or this puzzle's regions, rows, columns and
//! stars, regions painted by dragging a brush (a region, a new region, the eraser), problems
//! listed as you go, and Solve this draft / Play this. The draft is kept in local storage as
//! text ([`Draft::to_text`]), so a reload keeps it even while the model refuses it.

use yew::prelude::*;

use crate::jobs::Request;
use crate::kind::Kind;
use crate::kinds::starbattle::model::{MAX_SIZE, MAX_STARS};
use crate::kinds::starbattle::page::{self, Brush, Draft, RegionKey};
use crate::kinds::starbattle::StarBattle;
use crate::puzzle::{Mode, Puzzle};
use crate::web::frame::{lines_layer, use_stroke, Shape, Stroke};
use crate::web::frame::{use_draft, use_workshop};
use crate::web::frame::{verdict_text, Action, Severity, Work};

const KIND: Kind = Kind::StarBattle;

/// Reads the kept draft ([`Draft::from_text`]).
fn read(text: &str) -> Result<Draft, String> {
    Draft::from_text(text).map_err(|e| e.to_string())
}

/// A number box for rows, columns or stars (read again by New blank grid through `node`): a
/// finished change gives `set` the value when it parses.
fn number(id: &'static str, node: NodeRef, value: usize, max: usize, set: Callback<usize>) -> Html {
    let onchange = Callback::from(move |e: Event| {
        if let Some(t) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
            if let Ok(v) = t.value().trim().parse::<usize>() {
                set.emit(v.clamp(1, max));
            }
        }
    });
    html! { <input {id} ref={node} type="number" min="1" max={max.to_string()} value={value.to_string()} {onchange} /> }
}

/// The number in a box, clamped to 1..=`max`; `default` when it does not parse.
fn read_number(node: &NodeRef, max: usize, default: usize) -> usize {
    node.cast::<web_sys::HtmlInputElement>()
        .and_then(|t| t.value().trim().parse::<usize>().ok())
        .unwrap_or(default)
        .clamp(1, max)
}

/// The editor (a `<details>` section of the Star Battle page).
#[component]
pub fn StarBattleEditor() -> Html {
    let (ctx, w, puzzle) = use_workshop::<StarBattle>();
    let stored = use_draft(KIND, "draft", read);
    let draft: Option<Draft> = stored.draft.clone();
    let brush = use_state(|| Brush::New);
    let store = {
        let stored = stored.clone();
        Callback::from(move |d: Option<Draft>| stored.set(d.map(|d| d.to_text())))
    };
    // Paints cells of the draft with the brush (a new region's brush stays on the region).
    let paint = {
        let (draft, store, brush, state) =
            (draft.clone(), store.clone(), brush.clone(), ctx.state.clone());
        move |cells: &[usize], with: Brush| {
            let Some(d) = &draft else { return };
            match page::paint(d, cells, with) {
                Ok((d, b)) => {
                    brush.set(if with == Brush::Erase { *brush } else { b });
                    store.emit(Some(d));
                }
                Err(e) => state.dispatch(Action::Notify(Severity::Error, e)),
            }
        }
    };
    // The keyboard's cursor.
    let cursor = use_state(|| 0usize);
    let stroke = {
        let (draft, brush, paint) = (draft.clone(), brush.clone(), paint.clone());
        use_stroke(
            "#editor",
            Shape::Path,
            Callback::from(move |s: Stroke| {
                let Some(d) = &draft else { return };
                let cells: Vec<usize> = s.cells.iter().map(|&(r, c)| r * d.cols + c).collect();
                // The right button (or a long press) erases whatever the brush.
                paint(&cells, if s.secondary { Brush::Erase } else { *brush });
            }),
        )
    };
    let (n_rows, n_cols) = draft.as_ref().map_or((1, 1), |d| (d.rows, d.cols));
    let at = (*cursor).min(n_rows * n_cols - 1);
    let onkeydown = {
        let (draft, brush, cursor, paint) = (draft.clone(), brush.clone(), cursor.clone(), paint);
        Callback::from(move |e: KeyboardEvent| {
            if e.ctrl_key() || e.meta_key() || e.alt_key() {
                return;
            }
            let regions: Vec<u8> = draft
                .as_ref()
                .map(|d| d.regions().into_iter().map(|(l, _)| l).collect())
                .unwrap_or_default();
            let Some(k) = page::region_key(&e.key(), e.shift_key(), at, (n_rows, n_cols), &regions)
            else {
                return;
            };
            e.prevent_default();
            match k {
                RegionKey::Move { to, paint: true } => {
                    cursor.set(to);
                    paint(&[at, to], *brush);
                }
                RegionKey::Move { to, .. } => cursor.set(to),
                RegionKey::Paint => paint(&[at], *brush),
                RegionKey::Erase => paint(&[at], Brush::Erase),
                RegionKey::Pick(b) => brush.set(b),
            }
        })
    };

    let busy = ctx.state.busy_kind(KIND).is_some();
    let (rows, cols, stars) = draft.as_ref().map_or((5, 5, 1), |d| (d.rows, d.cols, d.stars));
    let boxes = (use_node_ref(), use_node_ref(), use_node_ref());
    // A finished change to a box resizes the draft (or changes its stars) at once.
    let set_size = |which: usize| {
        let (store, draft) = (store.clone(), draft.clone());
        Callback::from(move |v: usize| {
            if let Some(d) = &draft {
                store.emit(Some(match which {
                    0 => d.resized(v, d.cols),
                    1 => d.resized(d.rows, v),
                    _ => d.with_stars(v),
                }));
            }
        })
    };
    let new_grid = {
        let (store, brush, boxes) = (store.clone(), brush.clone(), boxes.clone());
        Callback::from(move |_: MouseEvent| {
            brush.set(Brush::New);
            let (r, c, k) = (
                read_number(&boxes.0, MAX_SIZE, 5),
                read_number(&boxes.1, MAX_SIZE, 5),
                read_number(&boxes.2, MAX_STARS, 1),
            );
            store.emit(Some(Draft::blank(r, c, k)));
        })
    };
    let edit_this = {
        let (store, p, brush) = (store.clone(), (*puzzle).clone(), brush.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(p) = &p {
                brush.set(Brush::New);
                store.emit(Some(Draft::from_puzzle(p)));
            }
        })
    };

    let body = match draft.clone() {
        None => html! {},
        Some(d) => {
            let problems = d.problems();
            let blocking = problems.iter().any(|q| q.blocking);
            let accepted = d.to_puzzle().ok();
            let json = accepted.as_ref().map(|p| p.to_json().to_string());
            // The last solve's verdict, when the puzzle open is this draft.
            let report = w.result.as_ref().filter(|_| json.is_some() && w.puzzle == json);
            let differs: Vec<usize> = report.map(|r| r.second_differs()).unwrap_or_default();
            let flagged: Vec<usize> =
                problems.iter().flat_map(|q| q.cells.iter().copied()).collect();
            let preview: Vec<usize> = stroke
                .stroke
                .as_ref()
                .map(|s| s.cells.iter().map(|&(r, c)| r * d.cols + c).collect())
                .unwrap_or_default();
            let cells = (0..d.cells.len()).map(|i| {
                let (r, c) = (i / d.cols, i % d.cols);
                let g = d.cells[i];
                let class = classes!(
                    "cell",
                    preview.contains(&i).then_some("preview"),
                    flagged.contains(&i).then_some("problem"),
                    differs.contains(&i).then_some("differs"),
                    (i == at).then_some("cursor"),
                );
                let letter = g.map(StarBattle::letter).map(String::from).unwrap_or_default();
                html! { <div {class} style={format!("background:{}", page::fill(g))} data-r={r.to_string()} data-c={c.to_string()} data-region={letter.clone()}>{ letter }</div> }
            });
            let brush_button = |b: Brush, id: String, label: String, fill: &'static str| {
                let brush = brush.clone();
                let active = *brush == b;
                html! {
                    <button id={id} class={classes!("brush", active.then_some("active"))} aria-pressed={active.to_string()} style={format!("background:{fill}")}
                            onclick={Callback::from(move |_: MouseEvent| brush.set(b))}>{ label }</button>
                }
            };
            let cursor_label = format!(
                "Region editor, {} by {}: cursor on row {}, column {}, {}; brush {}",
                d.rows,
                d.cols,
                at / d.cols + 1,
                at % d.cols + 1,
                d.cells[at].map_or("no region".to_string(), |l| format!(
                    "region {}",
                    StarBattle::letter(l)
                )),
                match *brush {
                    Brush::Region(l) => format!("region {}", StarBattle::letter(l)),
                    Brush::New => "new region".to_string(),
                    Brush::Erase => "eraser".to_string(),
                }
            );
            let fragment = accepted.as_ref().map(crate::link::fragment);
            // Opens the draft (and puts its link in the address bar, so a reload or Back finds it).
            let use_draft = |then_solve: bool| {
                let (ctx, json, fragment, store) =
                    (ctx.clone(), json.clone(), fragment.clone(), store.clone());
                Callback::from(move |_: MouseEvent| {
                    let (Some(json), Some(fragment)) = (json.clone(), fragment.clone()) else {
                        return;
                    };
                    ctx.state.dispatch(Action::Open { kind: KIND, puzzle: json.clone() });
                    ctx.go.emit(fragment);
                    if then_solve {
                        ctx.run.emit((
                            Work::Solve(Mode::Unique),
                            Request::Solve {
                                kind: KIND,
                                puzzle: json,
                                mode: Mode::Unique,
                                options: String::new(),
                            },
                        ));
                    } else {
                        store.emit(None);
                    }
                })
            };
            html! {
                <>
                    <div class="row wrap brushes">
                        { "Brush: " }
                        { for d.regions().into_iter().map(|(l, n)| {
                            let letter = StarBattle::letter(l);
                            brush_button(Brush::Region(l), format!("brush-{letter}"), format!("{letter} ({n})"), page::fill(Some(l)))
                        }) }
                        { brush_button(Brush::New, "brush-new".into(), "New region".into(), "#ffffff") }
                        { brush_button(Brush::Erase, "brush-erase".into(), "Eraser".into(), "#ffffff") }
                    </div>
                    <div id="editor" class="board sb editing lined" style={format!("--n:{}", d.cols)} data-rows={d.rows.to_string()} data-cols={d.cols.to_string()}
                         tabindex="0" role="application" aria-label={cursor_label} onkeydown={onkeydown.clone()}
                         onpointerdown={stroke.down.clone()} onpointermove={stroke.on_move.clone()} onpointerup={stroke.up.clone()} onpointercancel={stroke.cancel.clone()}
                         oncontextmenu={Callback::from(|e: MouseEvent| e.prevent_default())}>
                        { for cells }
                        { lines_layer(d.rows, d.cols, crate::board_lines::lines(d.rows, d.cols, |i| d.cells[i])) }
                    </div>
                    <ul id="problems" class="problems">
                        { for problems.iter().map(|q| html! { <li class={classes!((!q.blocking).then_some("todo"))}>{ q.text.clone() }</li> }) }
                    </ul>
                    if let Some(r) = report {
                        <p id="draft-verdict" data-verdict={r.verdict.word()}>{ format!("This draft: {}{}", verdict_text(r), r.rating.as_ref().map(|x| format!(" Rating: {x}.")).unwrap_or_default()) }
                            if !differs.is_empty() { { " The ringed cells differ between two answers." } }
                        </p>
                    }
                    <div class="row">
                        <button id="edit-solve" disabled={busy || blocking} onclick={use_draft(true)}>{ "Solve this draft" }</button>
                        <button id="edit-play" disabled={blocking} onclick={use_draft(false)}>{ "Play this" }</button>
                        <button id="edit-close" onclick={{ let s = store.clone(); Callback::from(move |_: MouseEvent| s.emit(None)) }}>{ "Close the editor" }</button>
                    </div>
                </>
            }
        }
    };

    html! {
        <details class="editor" open={draft.is_some()} onkeydown={stored.onkeydown()}>
            <summary>{ "Make or edit a puzzle" }</summary>
            <p class="hint">{ "Pick a brush (a region, a new region, or the eraser) and drag across cells to paint; right-drag erases. Keyboard: arrows move, Space or Enter paints, Shift+arrows paint as they go, Delete erases; a region's letter picks its brush, + a new region, - the eraser; Ctrl+Z undoes, Ctrl+Shift+Z or Ctrl+Y redoes. Problems are listed as you go; the draft is kept if you reload." }</p>
            <div class="row wrap">
                <label>{ "Rows " }{ number("edit-rows", boxes.0.clone(), rows, MAX_SIZE, set_size(0)) }</label>
                <label>{ "Columns " }{ number("edit-cols", boxes.1.clone(), cols, MAX_SIZE, set_size(1)) }</label>
                <label>{ "Stars " }{ number("edit-stars", boxes.2.clone(), stars, MAX_STARS, set_size(2)) }</label>
                <button id="edit-new" onclick={new_grid}>{ "New blank grid" }</button>
                <button id="edit-this" onclick={edit_this}>{ "Edit this puzzle's regions" }</button>
                { stored.buttons() }
            </div>
            { body }
        </details>
    }
}
