//! The KenKen editor: a blank grid of the generator's size or this puzzle's cages, cages drawn
//! by dragging across cells, each cage's operation and target typed in, problems listed as you
//! go, and Solve this draft / Play this. What it works out is in [`super::page`].

use yew::prelude::*;

use crate::jobs::Request;
use crate::kinds::kenken::model::{Cage, Op};
use crate::kinds::kenken::{page, KenKen};
use crate::kinds::Kind;
use crate::puzzle::Mode;
use crate::web::frame::{self, Shape, Stroke};

const KIND: Kind = Kind::KenKen;

/// The editor's draft: its side and cages.
#[derive(Clone, PartialEq)]
struct Draft {
    n: usize,
    cages: Vec<Cage>,
}

/// Reads the kept draft ([`page::draft_from_text`]).
fn read(text: &str) -> Result<Draft, String> {
    page::draft_from_text(text).map(|(n, cages)| Draft { n, cages })
}

/// Props: the size of a new blank grid (the generator's size).
#[derive(Properties, PartialEq)]
pub struct Props {
    /// The side of a new blank grid.
    pub size: usize,
}

/// The editor (a `<details>` section of the KenKen page).
#[component]
pub fn KenKenEditor(props: &Props) -> Html {
    let (ctx, _, puzzle) = frame::use_workshop::<KenKen>();
    let busy = ctx.state.busy_kind(KIND).is_some();
    let stored = frame::use_draft(KIND, "draft", read);
    let draft = stored.draft.clone();
    // The selected cage (not part of the draft: selecting is no step to undo).
    let selected = use_state(|| None::<usize>);
    let store = {
        let stored = stored.clone();
        move |d: Option<Draft>| stored.set(d.map(|d| page::draft_text(d.n, &d.cages)))
    };
    // The keyboard's cursor and the cells it picked for a new cage (page::editor_key).
    let cursor = use_state(|| 0usize);
    let picked = use_state(Vec::<usize>::new);
    // Cells covered by a drag or picked by keys: one cell selects its cage, several make a new
    // cage.
    let make = {
        let (draft, selected, store, stored) =
            (draft.clone(), selected.clone(), store.clone(), stored.clone());
        move |cells: Vec<usize>| {
            let Some(dr) = draft.clone() else { return };
            stored.seal();
            if cells.len() == 1 {
                selected.set(dr.cages.iter().position(|c| c.cells.contains(&cells[0])));
                return;
            }
            let (cages, k) = page::draw_cage(dr.n, &dr.cages, &cells);
            selected.set(Some(k));
            store(Some(Draft { n: dr.n, cages }));
        }
    };
    let stroke = {
        let (draft, make) = (draft.clone(), make.clone());
        frame::use_stroke(
            "#editor",
            Shape::Path,
            Callback::from(move |s: Stroke| {
                let n = draft.as_ref().map_or(1, |d| d.n);
                make(s.cells.iter().map(|&(r, c)| r * n + c).collect())
            }),
        )
    };
    let n_draft = draft.as_ref().map_or(1, |d| d.n);
    let at = (*cursor).min(n_draft * n_draft - 1);
    let onkeydown = {
        let (cursor, picked) = (cursor.clone(), picked.clone());
        Callback::from(move |e: KeyboardEvent| {
            let Some(k) = page::editor_key(&e.key(), e.shift_key(), at, n_draft) else { return };
            e.prevent_default();
            let mut cells = (*picked).clone();
            match k {
                page::EditorKey::Move { to, extend } => {
                    for c in [at, to].into_iter().filter(|_| extend) {
                        if !cells.contains(&c) {
                            cells.push(c);
                        }
                    }
                    cursor.set(to);
                }
                page::EditorKey::Toggle => match cells.iter().position(|&c| c == at) {
                    Some(i) => {
                        cells.remove(i);
                    }
                    None => cells.push(at),
                },
                page::EditorKey::Make if cells.len() >= 2 => make(std::mem::take(&mut cells)),
                page::EditorKey::Make => {
                    cells.clear();
                    make(vec![at]);
                }
                page::EditorKey::Drop => cells.clear(),
            }
            picked.set(cells);
        })
    };
    let dragging: Vec<usize> = match &stroke.stroke {
        Some(s) => s.cells.iter().map(|&(r, c)| r * n_draft + c).collect(),
        None => (*picked).clone(),
    };
    let editor = match draft.clone() {
        None => html! {},
        Some(dr) => {
            let problems = page::draft_problems(dr.n, &dr.cages);
            let blocking = problems.iter().any(|q| q.blocking);
            let owner: Vec<usize> = {
                let mut o = vec![0; dr.n * dr.n];
                for (k, c) in dr.cages.iter().enumerate() {
                    for &cell in &c.cells {
                        if cell < o.len() {
                            o[cell] = k;
                        }
                    }
                }
                o
            };
            let cells = (0..dr.n * dr.n).map(|i| {
            let (r, c) = (i / dr.n, i % dr.n);
            let k = owner[i];
            let class = classes!(
                "cell",
                (*selected == Some(k)).then_some("selected"),
                dragging.contains(&i).then_some("preview"),
                (i == at).then_some("cursor"),
                problems.iter().any(|q| q.blocking && (q.cell == Some(i) || q.cage == Some(k))).then_some("problem"),
            );
            let cage = &dr.cages[k];
            let clue = (cage.cells.first() == Some(&i) && cage.op != Op::Blank).then(|| cage.clue());
            html! { <div {class} data-r={r.to_string()} data-c={c.to_string()}>if let Some(t) = clue { <span class={page::clue_class(&t)}>{ t }</span> }</div> }
        });
            let chosen = selected.and_then(|k| dr.cages.get(k).cloned());
            let set_clue = {
                let (stored, dr, k) = (stored.clone(), dr.clone(), *selected);
                move |op: Option<Op>, target: Option<u64>| {
                    let mut d = dr.clone();
                    if let Some(c) = k.and_then(|k| d.cages.get_mut(k)) {
                        if let Some(op) = op {
                            c.op = op;
                        }
                        if let Some(t) = target {
                            c.target = t;
                        }
                        if c.op == Op::Blank {
                            c.target = 0;
                        }
                    }
                    // Typing a target is one step until something else changes.
                    let step = match target {
                        Some(_) => frame::EditStep::Join("target"),
                        None => frame::EditStep::New("op"),
                    };
                    stored.set_as(Some(page::draft_text(d.n, &d.cages)), step);
                }
            };
            let on_op = {
                let set_clue = set_clue.clone();
                Callback::from(move |e: Event| {
                    if let Some(s) = e.target_dyn_into::<web_sys::HtmlSelectElement>() {
                        set_clue(Op::from_symbol(&s.value()), None);
                    }
                })
            };
            let on_target = {
                let set_clue = set_clue.clone();
                Callback::from(move |e: InputEvent| {
                    if let Some(t) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                        set_clue(None, Some(t.value().trim().parse().unwrap_or(0)));
                    }
                })
            };
            let use_draft = |then_solve: bool| {
                let (ctx, dr) = (ctx.clone(), dr.clone());
                Callback::from(move |_: MouseEvent| match page::draft_json(dr.n, &dr.cages) {
                    Ok(json) => {
                        ctx.state
                            .dispatch(frame::Action::Open { kind: KIND, puzzle: json.clone() });
                        if then_solve {
                            ctx.run.emit((
                                frame::Work::Solve(Mode::Unique),
                                Request::Solve {
                                    kind: KIND,
                                    puzzle: json,
                                    mode: Mode::Unique,
                                    options: String::new(),
                                },
                            ));
                        }
                    }
                    Err(e) => ctx.state.dispatch(frame::Action::Notify(
                        frame::Severity::Error,
                        format!("Fix the cages first: {e}"),
                    )),
                })
            };
            html! {
                <div class="kk-editor">
                    <div id="editor" class="board kk lined" data-n={dr.n.to_string()} style={format!("--n:{}", dr.n)}
                         tabindex="0" role="application" aria-label={format!("Cage editor, {0} by {0}: cursor on row {1}, column {2}", dr.n, at / dr.n + 1, at % dr.n + 1)} onkeydown={onkeydown.clone()}
                         onpointerdown={stroke.down.clone()} onpointermove={stroke.on_move.clone()} onpointerup={stroke.up.clone()} onpointercancel={stroke.cancel.clone()}>
                        { for cells }
                        { frame::lines_layer(dr.n, dr.n, crate::board_lines::lines(dr.n, dr.n, |i| owner[i])) }
                    </div>
                    if let Some(c) = chosen {
                        <div class="row cage-form">
                            { format!("Cage at {}: ", crate::kinds::kenken::model::place(dr.n, c.cells[0])) }
                            <select id="cage-op" onchange={on_op}>
                                { for [Op::Blank, Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Given].into_iter().map(|o| html! {
                                    <option value={o.symbol().to_string()} selected={o == c.op}>{ match o { Op::Blank => "?".to_string(), Op::Given => "= (given)".to_string(), o => o.display().to_string() } }</option>
                                }) }
                            </select>
                            <input id="cage-target" type="number" min="0" value={if c.op == Op::Blank { String::new() } else { c.target.to_string() }} oninput={on_target} />
                        </div>
                    }
                    <ul id="problems" class="problems">
                        { for problems.iter().map(|q| html! { <li class={classes!((!q.blocking).then_some("todo"))}>{ q.to_string() }</li> }) }
                    </ul>
                    <div class="row wrap">
                        <button id="edit-solve" disabled={busy || blocking} onclick={use_draft(true)}>{ "Solve this draft" }</button>
                        <button id="edit-play" disabled={blocking} onclick={use_draft(false)}>{ "Play this" }</button>
                        <button id="edit-close" onclick={{ let s = store.clone(); Callback::from(move |_: MouseEvent| s(None)) }}>{ "Close the editor" }</button>
                    </div>
                </div>
            }
        }
    };
    let new_grid = {
        let (store, selected, size) = (store.clone(), selected.clone(), props.size);
        Callback::from(move |_: MouseEvent| {
            selected.set(None);
            store(Some(Draft { n: size, cages: page::blank_cages(size) }))
        })
    };
    let edit_this = {
        let (store, selected, p) = (store.clone(), selected.clone(), (*puzzle).clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(p) = &p {
                selected.set(None);
                store(Some(Draft { n: p.size(), cages: p.cages().to_vec() }))
            }
        })
    };
    html! {
        <details class="editor" open={draft.is_some()} onkeydown={stored.onkeydown()}>
            <summary>{ "Make or edit a puzzle" }</summary>
            <p class="hint">{ "Drag across cells to make a cage, then choose its operation and type its target; tap or click a cage to select it. Problems are listed as you go. The size is the generator's size above. Keyboard: arrows move, Shift+arrows or Space pick cells, Enter makes them a cage (or selects the cage under the cursor), Escape drops them, Tab goes on to the cage's operation and target; Ctrl+Z undoes, Ctrl+Shift+Z or Ctrl+Y redoes. The draft is kept if you reload." }</p>
            <div class="row wrap">
                <button id="edit-new" onclick={new_grid}>{ "New blank grid" }</button>
                <button id="edit-this" onclick={edit_this}>{ "Edit this puzzle's cages" }</button>
                { stored.buttons() }
            </div>
            { editor }
        </details>
    }
}
