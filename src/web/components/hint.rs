//! The hint panel every kind page shows: Hint (the first press shows the step, highlighted on the
//! board, and its sentence; a second press or Apply makes it, as one undoable move; a mistake
//! offers "Clear the wrong marks", also one undoable move), the hints used, and "Explain the solution": every step from the empty grid, scrubbable on the board,
//! with the hardest rule and where logic stops. Requests go through the generic
//! [`Request::Hint`] and [`Request::Explain`], the same for every kind.
//!
//! The boards read [`board_marks`] (the explanation's marks at the scrubbed step, when shown)
//! and [`Highlight::classes`] (the classes of a cell the hint or the step talks about).

use std::collections::HashSet;

use yew::prelude::*;

use crate::hint::{Hint, Step};
use crate::jobs::Request;
use crate::kinds::Kind;
use crate::web::ctx::Ctx;
use crate::web::state::{Action, Work, Workshop};

/// The cells a hint or an explanation step talks about, for the board's classes.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Highlight {
    /// Cells the step changes (or the wrong cells of a mistake).
    pub change: HashSet<usize>,
    /// Those of `change` where the step only rules something out (an empty cell, a dot, struck
    /// candidates): ringed dashed, where a placement is ringed solid.
    pub out: HashSet<usize>,
    /// Cells that justify it.
    pub reason: HashSet<usize>,
    /// Cells of its drawings (placements, 2x2 blocks, bands).
    pub figure: HashSet<usize>,
    /// Whether `change` holds mistakes.
    pub mistake: bool,
}

impl Highlight {
    fn of_step(kind: Kind, s: &Step) -> Highlight {
        use crate::marks::Marks;
        let (cell_of, out) = crate::with_kind!(kind, P => (
            <<P as crate::play::Playable>::Marks as Marks>::edit_cell as fn(usize) -> usize,
            <<P as crate::play::Playable>::Marks as Marks>::rules_out as fn(usize, u8) -> bool,
        ));
        // A cell is ringed "out" when every change the step makes to it rules something out.
        // A kind measured by an optimum (Flood-It) marks moves, not cells: its step's cells are
        // those the move floods, none of them ruled out.
        let placed: HashSet<usize> =
            s.marks.iter().filter(|&&(i, m)| !out(i, m)).map(|&(i, _)| cell_of(i)).collect();
        let change: HashSet<usize> = s.cells.iter().copied().collect();
        let out = if kind.measured() {
            HashSet::new()
        } else {
            change.iter().copied().filter(|c| !placed.contains(c)).collect()
        };
        Highlight {
            out,
            change,
            reason: s.reasons.iter().copied().collect(),
            figure: s.figures.iter().flat_map(|f| f.cells.iter().copied()).collect(),
            mistake: false,
        }
    }

    /// The classes of cell `i`: `hint-change` (with `hint-out` where it only rules something
    /// out) or `hint-mistake`, `hint-reason`, `hint-figure`.
    /// They change paint only (inset shadows and outlines), as the board's invariant asks.
    pub fn classes(&self, i: usize) -> Classes {
        classes!(
            (self.change.contains(&i) && !self.mistake).then_some("hint-change"),
            (self.out.contains(&i) && !self.mistake).then_some("hint-out"),
            (self.change.contains(&i) && self.mistake).then_some("hint-mistake"),
            (self.reason.contains(&i) && !self.change.contains(&i)).then_some("hint-reason"),
            (self.figure.contains(&i) && !self.change.contains(&i)).then_some("hint-figure"),
        )
    }
}

/// What the board should highlight: the explanation's step at the scrubbed position when the
/// explanation is shown on the board, else the hint shown, which speaks of the player's marks:
/// none while the board shows an answer of the solve instead (Apply goes back to the marks).
pub fn highlight(kind: Kind, w: &Workshop) -> Highlight {
    if let Some((x, Some(k))) = &w.explanation {
        return x.steps.get(*k).map(|s| Highlight::of_step(kind, s)).unwrap_or_default();
    }
    if w.shown_answers().0.is_some() {
        return Highlight::default();
    }
    match &w.hint {
        Some(Hint::Step(s)) => Highlight::of_step(kind, s),
        Some(Hint::Mistake { cells, .. }) => Highlight {
            change: cells.iter().copied().collect(),
            mistake: true,
            ..Highlight::default()
        },
        _ => Highlight::default(),
    }
}

/// The marks the board shows while the explanation is scrubbed, typed: those after its first
/// `k` steps; `None` when the board shows the player's own marks ([`marks_of`]).
pub fn board_marks<M: crate::marks::Marks>(w: &Workshop) -> Option<M> {
    let (x, Some(k)) = w.explanation.as_ref()? else { return None };
    let mut marks = M::default();
    for s in x.steps.iter().take(*k) {
        crate::hint::apply(&mut marks, s);
    }
    Some(marks)
}

/// The player's marks on `p`, typed: the workshop keeps their byte form (what is saved,
/// linked and sent to the worker), read once here for the board. Every edge that fills the
/// workshop checked them against the puzzle already; should they still not read, the board
/// shows no marks rather than failing.
pub fn marks_of<P: crate::play::Playable>(p: &P, w: &Workshop) -> P::Marks {
    p.decode_marks(&w.marks).unwrap_or_default()
}

/// Brings the cells a hint names into view, clear of the hint panel (which sticks to the bottom
/// of a phone's screen) and of the board's sticky clue strips: the board's own view scrolls
/// first, then the page. The page shows the most of these that fits, in this order: the named
/// cells with the cells that give the reason and the figures drawn to show why, together with
/// the panel's sentence (where the panel sits below the board and scrolls with it, so a big
/// board's top rows and the sentence are seen together; beside the board on a wide screen, the
/// sentence is level with the board's top); the named cells with the
/// sentence; the named cells with their reasons; the named cells; the first of them.
fn bring_named_cells_into_view() {
    use wasm_bindgen::JsCast;
    let Some(window) = web_sys::window() else { return };
    let Some(doc) = window.document() else { return };
    // document.querySelectorAll, read as an array (web-sys's NodeList is not a feature here).
    let Ok(select) = js_sys::Reflect::get(&doc, &"querySelectorAll".into())
        .and_then(|f| f.dyn_into::<js_sys::Function>().map_err(Into::into))
    else {
        return;
    };
    let all_of = |selector: &str| -> Vec<web_sys::Element> {
        select.call1(&doc, &selector.into()).map_or_else(
            |_| Vec::new(),
            |list| js_sys::Array::from(&list).iter().filter_map(|e| e.dyn_into().ok()).collect(),
        )
    };
    let cells = all_of("#board .hint-change, #board .hint-mistake");
    let context = all_of(
        "#board .hint-change, #board .hint-mistake, #board .hint-reason, #board .hint-figure",
    );
    let Some(first) = cells.first() else { return };
    let height = window.inner_height().ok().and_then(|h| h.as_f64()).unwrap_or(0.0);
    const PAD: f64 = 6.0;
    let panel = doc.get_element_by_id("hint-panel");
    // On a phone the panel sticks to the bottom of the screen: its sentence is in view anyway,
    // and the board has the part of the screen above it.
    let sticky = panel.as_ref().is_some_and(|p| sticks(&window, p));
    let bottom = || {
        panel
            .as_ref()
            .map(|p| p.get_bounding_client_rect().top())
            .filter(|&t| sticky && t < height)
            .unwrap_or(height)
    };
    let rect = |e: &web_sys::Element| {
        let r = e.get_bounding_client_rect();
        [r.left(), r.top(), r.right(), r.bottom()]
    };
    let union = |rects: &mut dyn Iterator<Item = [f64; 4]>| {
        rects.fold([f64::MAX, f64::MAX, f64::MIN, f64::MIN], |a, r| {
            [a[0].min(r[0]), a[1].min(r[1]), a[2].max(r[2]), a[3].max(r[3])]
        })
    };
    let view = doc.query_selector(".zoom-view").ok().flatten();
    let width = view.map_or(f64::MAX, |v| v.get_bounding_client_rect().width());
    let fits = |t: &[f64; 4], room: f64| {
        t[2] - t[0] <= width - 2.0 * PAD && t[3] - t[1] <= room - 2.0 * PAD
    };
    // [left, top, right, bottom] of the cells to show in the board's view: the named ones with
    // their reasons, else the named ones, else the first.
    let cells_target = || -> [f64; 4] {
        let room = bottom();
        [union(&mut context.iter().map(rect)), union(&mut cells.iter().map(rect))]
            .into_iter()
            .find(|t| fits(t, room))
            .unwrap_or_else(|| rect(first))
    };
    // The board's scrolling view, less its sticky clue strips (the corner's size).
    if let Some(view) = first.closest(".zoom-view").ok().flatten() {
        let v = view.get_bounding_client_rect();
        let corner = view.query_selector(".corner").ok().flatten();
        let (cw, ch) = corner.map_or((0.0, 0.0), |c| {
            (c.get_bounding_client_rect().width(), c.get_bounding_client_rect().height())
        });
        let t = cells_target();
        let dx = if t[0] < v.left() + cw + PAD {
            t[0] - (v.left() + cw + PAD)
        } else if t[2] > v.right() - PAD {
            (t[2] - (v.right() - PAD)).min(t[0] - (v.left() + cw + PAD))
        } else {
            0.0
        };
        let dy = if t[1] < v.top() + ch + PAD {
            t[1] - (v.top() + ch + PAD)
        } else if t[3] > v.bottom() - PAD {
            (t[3] - (v.bottom() - PAD)).min(t[1] - (v.top() + ch + PAD))
        } else {
            0.0
        };
        view.set_scroll_left(view.scroll_left() + dx.round() as i32);
        view.set_scroll_top(view.scroll_top() + dy.round() as i32);
    }
    // Then the page: below the top of the screen, above the panel where it sticks.
    let room = bottom();
    let sentence = doc.get_element_by_id("hint-text").filter(|_| !sticky).map(|e| rect(&e));
    let with_sentence = |t: [f64; 4]| {
        sentence.map(|s| [t[0].min(s[0]), t[1].min(s[1]), t[2].max(s[2]), t[3].max(s[3])])
    };
    let near = union(&mut context.iter().map(rect));
    let named = union(&mut cells.iter().map(rect));
    let vertical = |t: &[f64; 4]| t[3] - t[1] <= room - 2.0 * PAD;
    let t = [with_sentence(near), with_sentence(named)]
        .into_iter()
        .flatten()
        .find(vertical)
        .or_else(|| [near, named].into_iter().find(|t| fits(t, room)))
        .unwrap_or_else(|| rect(first));
    let low = room - PAD;
    let dy = if t[3] > low {
        (t[3] - low).min(t[1] - PAD)
    } else if t[1] < PAD {
        t[1] - PAD
    } else {
        0.0
    };
    if dy != 0.0 {
        window.scroll_by_with_x_and_y(0.0, dy);
    }
}

/// Props: whose panel, and whether the player's marks already solve the puzzle.
#[derive(Properties, PartialEq)]
pub struct Props {
    /// The kind of the page.
    pub kind: Kind,
    /// The player's marks solve the puzzle (the panel then says how many hints were used).
    #[prop_or_default]
    pub done: bool,
    /// The page's New puzzle button (its label and the request it sends with the settings of
    /// the New puzzle row), offered again by the solved moment.
    #[prop_or_default]
    pub next: Option<(&'static str, Callback<MouseEvent>)>,
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The hint panel; see the module documentation.
#[component]
pub fn HintPanel(props: &Props) -> Html {
    let ctx = use_context::<Ctx>().expect("inside the app");
    let kind = props.kind;
    let w = ctx.state.workshop(kind);
    let job = ctx.state.busy_kind(kind);
    let busy = job.is_some();
    // A hint shown from the marks alone while the worker still checks them against the answer
    // can be applied at once (a mistake found later replaces a step not yet applied).
    let checking = job.is_some_and(|b| b.early_hint && matches!(b.work, Work::Hint));
    // A new hint: its cells into view once the board has drawn them.
    use_effect_with(w.hint.clone(), |hint| {
        let timeout = hint
            .as_ref()
            .map(|_| gloo_timers::callback::Timeout::new(30, bring_named_cells_into_view));
        move || drop(timeout)
    });
    // On a phone the panel sticks under the board: while a hint is shown it is compact (its
    // buttons on one row in short words, Explain among them; the sentence on two lines) until
    // More unfolds the rest (style.css).
    let more = use_state(|| false);
    let Some(puzzle) = w.puzzle.clone() else { return html! {} };
    let step_shown = matches!(w.hint, Some(Hint::Step(_)));
    // A hint the worker found ahead (while the last steps were read) is shown at once.
    let ask = {
        let (run, puzzle, marks) = (ctx.run.clone(), puzzle.clone(), w.marks.clone());
        let (state, kept) = (ctx.state.clone(), ctx.read_ahead.clone());
        Callback::from(move |_: MouseEvent| {
            let (puzzle, marks) = (puzzle.clone(), marks.clone());
            match kept.borrow().hint(kind, &puzzle, &marks).cloned() {
                Some(hint) => state.dispatch(Action::ShowKeptHint {
                    kind,
                    puzzle,
                    marks,
                    hint: Box::new(hint),
                }),
                None => run.emit((Work::Hint, Request::Hint { kind, puzzle, marks })),
            }
        })
    };
    let dispatch = |a: Action| {
        let state = ctx.state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(a.clone()))
    };
    // A mistake is acted on by emptying its cells (every byte of each: a KenKen digit and its
    // pencil marks), one undoable move like any other.
    let clear_wrong = match &w.hint {
        Some(Hint::Mistake { cells, .. }) => {
            let marks: Vec<(usize, u8)> = crate::with_kind!(kind, P => {
                use crate::marks::Marks;
                let m = <P as crate::play::Playable>::Marks::decode(&w.marks, usize::MAX)
                    .unwrap_or_default();
                cells.iter().flat_map(|&c| m.clear(c)).collect()
            });
            Some(dispatch(Action::Mark { kind, cells: marks }))
        }
        _ => None,
    };
    let on_hint = if step_shown { dispatch(Action::ApplyHint(kind)) } else { ask };
    let explain = {
        let (run, puzzle) = (ctx.run.clone(), puzzle.clone());
        Callback::from(move |_: MouseEvent| {
            run.emit((Work::Explain, Request::Explain { kind, puzzle: puzzle.clone() }))
        })
    };
    let hint_text = w.hint.as_ref().map(|h| {
        let (class, rule) = match h {
            Hint::Step(s) => ("step", Some(s.rule.clone())),
            Hint::Mistake { .. } => ("mistake", None),
            Hint::Solved { .. } => ("solved", None),
            Hint::Stuck { .. } => ("stuck", None),
            Hint::NoLogic { .. } => ("nologic", None),
        };
        let toggle = {
            let more = more.clone();
            Callback::from(move |_: MouseEvent| more.set(!*more))
        };
        html! {
            <div class="hint-line">
                <p id="hint-text" class={classes!("hint-text", class)} data-kind={class}>
                    if let Some(r) = rule { <strong class="hint-rule">{ format!("{r}: ") }</strong> }
                    { h.sentence().to_string() }
                </p>
                <button id="hint-more" aria-expanded={more.to_string()} aria-controls="hint-panel" onclick={toggle}>{ if *more { "Less" } else { "More" } }</button>
            </div>
        }
    });
    let compact = w.hint.is_some() && !*more && w.explanation.is_none();
    let explanation = w.explanation.as_ref().map(|(x, at)| {
        let n = x.steps.len();
        let at_v = *at;
        let scrub = {
            let state = ctx.state.clone();
            Callback::from(move |e: InputEvent| {
                if let Some(i) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                    if let Ok(k) = i.value().parse::<usize>() {
                        state.dispatch(Action::ExplainAt { kind, at: Some(k) });
                    }
                }
            })
        };
        let k = at_v.unwrap_or(0);
        let summary = x.summary();
        let end = x.end.sentence().to_string();
        let shown = at_v.map(|k| x.shown_at(k));
        html! {
            <div id="explanation" class="explanation">
                <p id="explain-summary"><strong>{ "The solution, explained: " }</strong>{ summary }</p>
                if !x.solved() { <p id="explain-end" class="explain-end">{ end.clone() }</p> }
                <div class="row wrap explain-controls">
                    <button id="explain-prev" disabled={at_v.is_none_or(|k| k == 0)} onclick={dispatch(Action::ExplainAt { kind, at: Some(k.saturating_sub(1)) })}>{ "◀ Step" }</button>
                    <input id="explain-scrub" type="range" min="0" max={n.to_string()} value={k.to_string()} oninput={scrub} aria-label="Step shown on the board" />
                    <button id="explain-next" disabled={at_v.is_some_and(|k| k >= n)} onclick={dispatch(Action::ExplainAt { kind, at: Some((k + 1).min(n)) })}>{ "Step ▶" }</button>
                    <button id="explain-mine" class={classes!(at_v.is_none().then_some("active"))} onclick={dispatch(Action::ExplainAt { kind, at: None })}>{ "My marks" }</button>
                    <button id="explain-close" onclick={dispatch(Action::CloseExplanation(kind))}>{ "Close" }</button>
                </div>
                if let Some(t) = shown { <p id="explain-shown" class="explain-shown">{ t }</p> }
                <ol id="explain-steps" class="explain-steps">
                    { for x.steps.iter().enumerate().map(|(i, s)| {
                        let active = at_v == Some(i);
                        html! {
                            <li class={classes!(active.then_some("active"))} data-step={i.to_string()} onclick={dispatch(Action::ExplainAt { kind, at: Some(i) })}>
                                <strong>{ format!("{}: ", s.rule) }</strong>{ s.sentence.clone() }
                            </li>
                        }
                    }) }
                </ol>
            </div>
        }
    });
    // What the board's rings mean, for the step shown (a hint, or the scrubbed explanation
    // step): only the kinds of ring the board shows now.
    let legend = {
        let hl = highlight(kind, &w);
        let words = crate::with_kind!(kind, P => <P as crate::play::Playable>::RING_WORDS);
        let placed = hl.change.len() > hl.out.len();
        let items: Vec<(&str, &str)> = [
            (placed && !hl.mistake, "hint-change", words[0]),
            (!hl.out.is_empty() && !hl.mistake, "hint-out", words[1]),
            (hl.reason.iter().any(|c| !hl.change.contains(c)), "hint-reason", "the reason"),
            (hl.figure.iter().any(|c| !hl.change.contains(c)), "hint-figure", "drawn to show why"),
        ]
        .into_iter()
        .filter(|&(shown, ..)| shown)
        .map(|(_, class, text)| (class, text))
        .collect();
        (!items.is_empty() && !hl.mistake).then(|| {
            html! {
                <p id="hint-legend" class="hint-legend" aria-label="What the rings on the board mean">
                    { for items.into_iter().map(|(class, text)| html! {
                        <span class="legend-item" data-ring={class}><span class={classes!("legend-ring", class)} aria-hidden="true"></span>{ text }</span>
                    }) }
                </p>
            }
        })
    };
    html! {
        <div id="hint-panel" class={classes!("hint-panel", compact.then_some("compact"))}>
            <div class="row wrap">
                <button id="hint" disabled={busy && !(checking && step_shown)} onclick={on_hint} title="The first press shows the next step and why; the second makes it">{ if step_shown { "Hint: apply" } else { "Hint" } }</button>
                if step_shown {
                    <button id="hint-apply" disabled={busy && !checking} onclick={dispatch(Action::ApplyHint(kind))}>{ "Apply" }</button>
                }
                if let Some(wrong) = clear_wrong {
                    <button id="hint-clear-wrong" onclick={wrong} title="Empties the cells the hint ringed, as one move that Undo takes back">{ "Clear" }<span class="hint-word">{ " the" }</span>{ " wrong" }<span class="hint-word">{ " marks" }</span></button>
                }
                if w.hint.is_some() {
                    <button id="hint-dismiss" aria-label="Hide hint" onclick={dispatch(Action::DismissHint(kind))}>{ "Hide" }<span class="hint-word">{ " hint" }</span></button>
                }
                // Explain stays in the compact panel's row ("Explain"): the reason for a hint
                // is one press away on a phone, not behind More.
                <button id="explain" disabled={busy} onclick={explain} aria-label="Explain the solution">{ "Explain" }<span class="hint-word">{ " the solution" }</span></button>
                <span id="hints-used" class="hints-used">{ format!("Hints used: {}", w.play.hints as usize) }</span>
            </div>
            // Each optional part in its own fragment, so the parts keep their places when one
            // appears: the row above (with the button just pressed, which keeps the focus) is
            // patched, never taken out and drawn again.
            <>{ for hint_text }</>
            <>{ for legend }</>
            // The solved moment, said once, here: beside the board and, on a phone, in the panel
            // that stays in view with it (the board shows it too: style.css, `:has(#solved-moment)`).
            if let (true, Some((ms, moves))) = (props.done, w.play.finished) {
                <div id="solved-moment" class="solved-moment" role="status">
                    <strong>{ "Solved!" }</strong>
                    <span>{ format!(" In {} with {} and {}.", crate::web::state::clock_text(ms), plural(moves as usize, "move", "moves"), match w.play.hints as usize { 0 => "no hints".to_string(), n => plural(n, "hint", "hints") }) }</span>
                    if let Some((label, onclick)) = props.next.clone() {
                        <button id="solved-next" disabled={busy} {onclick} title="Another one, with the settings chosen further down the page">{ label }</button>
                    }
                </div>
            }
            <>{ for explanation }</>
        </div>
    }
}

/// Whether `e` is laid out `position: sticky` now (the hint panel sticks to the bottom of a
/// phone's screen, and sits in the flow on a wide one).
pub fn sticks(window: &web_sys::Window, e: &web_sys::Element) -> bool {
    use wasm_bindgen::JsCast;
    js_sys::Reflect::get(window, &"getComputedStyle".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        .and_then(|f| f.call1(window, e).ok())
        .and_then(|style| js_sys::Reflect::get(&style, &"position".into()).ok())
        .and_then(|v| v.as_string())
        .is_some_and(|v| v == "sticky")
}
