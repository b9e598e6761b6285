//! The Flood-It workshop: play by colour or cell against the proven minimum, hints, the optimal solution step by step, certificate, generate, import, export, share.

use gloo_timers::callback::Timeout;
use yew::prelude::*;

use crate::jobs::Request;
use crate::kind::Kind;
use crate::kinds::floodit::{formats, page, sim::Position, FloodIt};
use crate::puzzle::{Mode, Puzzle, Verdict};
use crate::web::actions;
use crate::web::components::hint::{self, HintPanel};
use crate::web::components::zoom::Zoom;
use crate::web::components::{
    import::Import,
    share::{self, Share},
    status::Status,
};
use crate::web::download;
use crate::web::hooks::{use_example, use_stored, use_workshop};
use crate::web::state::{Action, Work};

const KIND: Kind = Kind::FloodIt;
/// The example shown before the user opens anything: the Tatham ID of formats.md 1.2.
const EXAMPLE: &str = "6x6:032242034203340350204502505323231342,17";
const ACCEPTS: &str = "a studio share link, a Tatham Flood ID (6x6:0322…,17) or link, a ColorFill line, a block of rows, or the studio's JSON";

/// The Flood-It page.
#[component]
pub fn Page() -> Html {
    let (ctx, w, puzzle) = use_workshop::<FloodIt>();
    let puzzle_text = w.puzzle.clone();
    let size = use_state(|| 14usize);
    let colours = use_state(|| 6usize);
    // The step shown while stepping through the optimal solution, and whether it plays itself.
    let step: UseStateHandle<Option<usize>> = use_state(|| None);
    let playing = use_state(|| false);

    use_example(KIND, EXAMPLE);
    // Numbers on the cells, for people who tell some colours apart badly; remembered.
    let (numbers_kept, keep_numbers) = use_stored(KIND, "numbers");
    let numbers = numbers_kept.as_deref() == Some("on");

    // A new board starts with a clean slate: no step-through of the last board's solution, and
    // the size and colour pickers say what is on screen.
    {
        let (step, playing, size, colours) =
            (step.clone(), playing.clone(), size.clone(), colours.clone());
        let shape = (*puzzle).as_ref().map(|p| (p.rows().max(p.cols()), p.n_colours()));
        use_effect_with((puzzle_text.clone(), shape), move |(_, shape)| {
            step.set(None);
            playing.set(false);
            if let Some((side, n)) = *shape {
                size.set(side.clamp(2, 30));
                colours.set(n.clamp(2, 16));
            }
            || ()
        });
    }

    // The best solution from the start (rows verified by the reducer): proven optimal, or the
    // best found so far with its proven lower bound (verdict `bounded`).
    let optimal: Option<Vec<u8>> = match (&*puzzle, &w.result) {
        (Some(p), Some(r)) => r.solutions.first().and_then(|rows| p.solution_from_rows(rows).ok()),
        _ => None,
    };
    let lower: Option<usize> = match w.result.as_ref().map(|r| r.verdict) {
        Some(Verdict::Bounded { lower }) => Some(lower),
        _ => None,
    };
    let played = page::moves_of_marks(&w.marks);

    // Stepping through the solution plays itself while `playing`: one step per 600 ms.
    {
        let (step_h, playing_h, len) =
            (step.clone(), playing.clone(), optimal.as_ref().map(Vec::len).unwrap_or(0));
        use_effect_with((*playing, *step, len), move |(on, at, len)| {
            let (at, len) = (*at, *len);
            let timer = on.then(|| {
                Timeout::new(600, move || {
                    let next = at.map(|s| s + 1).unwrap_or(0);
                    if next > len {
                        playing_h.set(false);
                    } else {
                        step_h.set(Some(next));
                    }
                })
            });
            move || drop(timer)
        });
    }

    let busy = ctx.state.busy_kind(KIND).is_some();
    // A finished game is measured against the minimum: when none is known yet, it is found
    // quietly, so the finish message can say how the player did.
    {
        let finished = (*puzzle)
            .as_ref()
            .is_some_and(|p| !played.is_empty() && Position::after(p, &played).is_done());
        let wanted = finished && optimal.is_none() && w.result.is_none() && !busy;
        let (run, text) = (ctx.run.clone(), puzzle_text.clone().unwrap_or_default());
        let asked: std::rc::Rc<std::cell::RefCell<String>> = use_mut_ref(String::new);
        use_effect_with(wanted, move |wanted| {
            // Once per board: a failed search is not repeated behind the player's back.
            if *wanted && *asked.borrow() != text {
                *asked.borrow_mut() = text.clone();
                run.emit((
                    Work::Solve(Mode::Unique),
                    Request::Solve {
                        kind: KIND,
                        puzzle: text,
                        mode: Mode::Unique,
                        options: String::new(),
                    },
                ));
            }
            || ()
        });
    }
    let Some(p) = (*puzzle).clone() else {
        return html! { <section class="workshop floodit"><h1>{ "Flood-It" }</h1><Status kind={KIND} /><Import kind={KIND} accepts={ACCEPTS} /></section> };
    };
    let text = puzzle_text.clone().unwrap_or_default();
    let (rows, cols) = (p.rows(), p.cols());
    let best_len = optimal.as_ref().map(Vec::len);
    let minimum = best_len.filter(|_| lower.is_none());

    // What the board shows: a step of the optimal solution, or the player's position.
    let stepping = step.and_then(|s| optimal.as_ref().map(|o| s.min(o.len())));
    // While the explanation is scrubbed, the board shows its moves at that step.
    let explained = hint::board_marks(&w).map(|m| page::moves_of_marks(&m));
    let hl = hint::highlight(&w);
    let shown_moves: Vec<u8> = match (stepping, &optimal, explained) {
        (Some(s), Some(o), _) => o[..s].to_vec(),
        (None, _, Some(m)) => m,
        _ => played.clone(),
    };
    let position = Position::after(&p, &shown_moves);
    let done = position.is_done();
    let useful = position.useful_colours(&p);

    let play = {
        let (state, played, step) = (ctx.state.clone(), played.clone(), step.clone());
        move |c: u8| {
            step.set(None);
            state.dispatch(Action::Mark {
                kind: KIND,
                cells: vec![page::mark_for_move(played.len(), c)],
            })
        }
    };
    let solve = |mode: Mode| {
        let (run, text) = (ctx.run.clone(), text.clone());
        Callback::from(move |_: MouseEvent| {
            run.emit((
                Work::Solve(mode),
                Request::Solve { kind: KIND, puzzle: text.clone(), mode, options: String::new() },
            ))
        })
    };
    let generate = actions::generate_on_click::<super::FloodIt>(
        &ctx,
        super::GenerateOptions { size: Some(*size), colours: Some(*colours), ..Default::default() },
    );
    let restart = {
        let (state, step) = (ctx.state.clone(), step.clone());
        Callback::from(move |_: MouseEvent| {
            step.set(None);
            state.dispatch(Action::ClearMarks(KIND))
        })
    };
    let undo = {
        let (state, step) = (ctx.state.clone(), step.clone());
        Callback::from(move |_: MouseEvent| {
            step.set(None);
            state.dispatch(Action::Undo(KIND))
        })
    };
    let redo = {
        let (state, step) = (ctx.state.clone(), step.clone());
        Callback::from(move |_: MouseEvent| {
            step.set(None);
            state.dispatch(Action::Redo(KIND))
        })
    };
    let step_to = |to: Option<usize>, auto: bool| {
        let (step, playing) = (step.clone(), playing.clone());
        Callback::from(move |_: MouseEvent| {
            step.set(to);
            playing.set(auto);
        })
    };

    let cells = (0..rows * cols).map(|i| {
        let c = position.colours[i];
        let flooded = position.flooded[i];
        let target = if stepping.is_none() { page::colour_for_cell(&p, &position, i) } else { None };
        let on_click = {
            let play = play.clone();
            Callback::from(move |_: MouseEvent| {
                if let Some(c) = target {
                    play(c);
                }
            })
        };
        html! {
            <div class={classes!("cell", flooded.then_some("flooded"), (i == p.start()).then_some("start"), target.is_some().then_some("playable"), stepping.is_none().then(|| hl.classes(i)))}
                 style={format!("background:{};color:{}", page::PALETTE[c as usize % 16], page::label_ink(c))} data-i={i.to_string()} data-colour={p.symbol(c).to_string()}
                 onclick={on_click} title={format!("colour {}", page::colour_number(c))}>{ if numbers { page::colour_number(c) } else { String::new() } }</div>
        }
    });
    let buttons = (0..p.n_colours() as u8).map(|c| {
        let enabled = stepping.is_none() && useful.contains(&c);
        let on_click = {
            let play = play.clone();
            Callback::from(move |_: MouseEvent| play(c))
        };
        html! {
            <button class="swatch" data-colour={p.symbol(c).to_string()} disabled={!enabled} onclick={on_click}
                    style={format!("background:{};color:{}", page::PALETTE[c as usize % 16], page::label_ink(c))} title={format!("play colour {}", page::colour_number(c))}>{ page::colour_number(c) }</button>
        }
    });

    let counter = match stepping {
        Some(s) if lower.is_some() => {
            format!("Best solution found: move {s} of {}", best_len.unwrap_or(0))
        }
        Some(s) => format!("Optimal solution: move {s} of {}", minimum.unwrap_or(0)),
        None => match (best_len, lower) {
            (Some(b), Some(l)) => format!(
                "{} · best found {b}, none shorter than {l}",
                page::counter_text(played.len(), None, done, p.limit())
            ),
            _ => page::counter_text(played.len(), minimum, done, p.limit()),
        },
    };
    let proof = w.result.as_ref().map(|r| r.proof.clone()).unwrap_or_default();
    let certified = proof.iter().any(|l| l.contains("UNSAT"));
    let tatham = formats::to_tatham(&p, minimum.or(p.limit()).unwrap_or(0));
    let json_text = p.to_json().to_string();
    let svg = page::svg(&p, &position, 24);
    // The printed solution: the optimal moves from the start as numbered swatches.
    let print_solution =
        optimal.clone().map(|moves| Callback::from(move |()| page::moves_svg(&moves)));
    let save_svg = {
        let svg = svg.clone();
        Callback::from(move |_: MouseEvent| {
            let _ = download::text("floodit.svg", "image/svg+xml", &svg);
        })
    };
    let save_png = {
        let svg = svg.clone();
        Callback::from(move |_: MouseEvent| {
            let _ = download::svg_as_png("floodit.png", &svg, 2.0);
        })
    };
    let save_json = {
        let json = json_text.clone();
        Callback::from(move |_: MouseEvent| {
            let _ = download::text("floodit.json", "application/json", &json);
        })
    };
    let select = |handle: UseStateHandle<usize>, default: usize| {
        Callback::from(move |e: Event| {
            if let Some(s) = e.target_dyn_into::<web_sys::HtmlSelectElement>() {
                handle.set(s.value().parse().unwrap_or(default));
            }
        })
    };
    let extra: Vec<(String, String)> = tatham
        .as_ref()
        .map(|id| {
            vec![(
                "Open in Tatham's Flood".to_string(),
                format!("https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/flood.html#{id}"),
            )]
        })
        .unwrap_or_default();

    html! {
        <section class="workshop floodit">
            <h1>{ "Flood-It" }</h1>
            <p class="rules">{ format!("Flood the board with one colour from the outlined cell ({}). Each move recolours the flood; it then takes in every touching cell of the new colour. Choose a colour below, or a cell of that colour.", if p.starts_top_left() { "top-left".to_string() } else { format!("row {}, column {}", p.start_rc().0 + 1, p.start_rc().1 + 1) }) }</p>
            <div class="toolbar">
                <button id="undo" disabled={w.undo.is_empty()} onclick={undo}>{ "Undo" }</button>
                <button id="redo" disabled={w.redo.is_empty()} onclick={redo}>{ "Redo" }</button>
                <button id="restart" onclick={restart}>{ "Restart" }</button>
            </div>
            <Status kind={KIND} />
            <div id="swatches" class="swatches" role="group" aria-label="Colours to play">{ for buttons }</div>
            <label class="numbers-toggle"><input id="floodit-numbers" type="checkbox" checked={numbers}
                onchange={Callback::from(move |e: Event| {
                    let on = e.target_dyn_into::<web_sys::HtmlInputElement>().is_some_and(|i| i.checked());
                    keep_numbers.emit(on.then(|| "on".to_string()));
                })} />{ " Numbers on the cells (for telling colours apart)" }</label>
            <Zoom size={format!("{cols}x{rows}")} touch={false}>
            <div id="board" class="board floodit-board" style={format!("--cols:{cols};--rows:{rows}")} data-rows={rows.to_string()} data-cols={cols.to_string()} data-done={done.to_string()}>
                { for cells }
            </div>
            </Zoom>
            <HintPanel kind={KIND} done={done && stepping.is_none()} />
            <p id="counter" class={classes!("progress", (done && stepping.is_none()).then_some("solved"))} data-moves={played.len().to_string()} data-minimum={minimum.map(|m| m.to_string()).unwrap_or_default()} data-best={best_len.map(|m| m.to_string()).unwrap_or_default()} data-lower={lower.map(|m| m.to_string()).unwrap_or_default()}>{ counter }</p>
            <crate::web::components::clock::PlayClock kind={KIND} solved={done && stepping.is_none() && !played.is_empty()} count_moves={false} />
            if let Some(n) = best_len {
                <div id="certificate" class="certificate" data-best={n.to_string()} data-lower={lower.unwrap_or(n).to_string()}>
                    <p id="certificate-text">{ if let Some(l) = lower { page::bounds_text(n, l) } else if certified || n == 0 { page::certificate_text(n) } else { format!("Minimum {n} moves, proven by exhaustive A* search (press \"Prove with SAT\" for the SAT certificate).") } }</p>
                    <ul>{ for proof.iter().map(|l| html! { <li>{ l.clone() }</li> }) }</ul>
                    <div class="stepper">
                        <button id="step-start" onclick={step_to(Some(0), false)}>{ "◀◀ Start" }</button>
                        <button id="step-back" disabled={stepping.is_none_or(|s| s == 0)} onclick={step_to(stepping.map(|s| s.saturating_sub(1)), false)}>{ "◀" }</button>
                        <button id="step-play" onclick={step_to(Some(stepping.filter(|&s| s < n).unwrap_or(0)), !*playing)}>{ if *playing { "Pause" } else { "▶ Play the solution" } }</button>
                        <button id="step-next" disabled={stepping.is_some_and(|s| s >= n)} onclick={step_to(Some(stepping.map(|s| s + 1).unwrap_or(1).min(n)), false)}>{ "▶" }</button>
                        <button id="step-exit" disabled={stepping.is_none()} onclick={step_to(None, false)}>{ "Back to my game" }</button>
                    </div>
                </div>
            }
            <Share fragment={crate::link::fragment(&p)} {extra} solution={print_solution} solution_key={share::answer_key(w.result.as_ref().and_then(|r| r.solutions.first()))} />
            { actions::solver_panel(html! { <>
                <button id="minimum" disabled={busy} onclick={solve(Mode::Unique)}>{ "Find the minimum" }</button>
                <button id="certify" disabled={busy} onclick={solve(Mode::Optimum)}>{ "Prove with SAT" }</button>
            </> }) }
            <div class="generate">
                <label>{ "Size " }<select id="gen-size" onchange={select(size.clone(), 14)}>
                    { for (2..=30).map(|s| html! { <option value={s.to_string()} selected={s == *size}>{ format!("{s}x{s}") }</option> }) }
                </select></label>
                <label>{ " Colours " }<select id="gen-colours" onchange={select(colours.clone(), 6)}>
                    { for (2..=16).map(|s| html! { <option value={s.to_string()} selected={s == *colours}>{ s }</option> }) }
                </select></label>
                <button id="generate" disabled={busy} onclick={generate}>{ "New board" }</button>
            </div>
            <Import kind={KIND} accepts={ACCEPTS} />
            <details class="export">
                <summary>{ "Export" }</summary>
                if let Some(id) = &tatham { <p>{ "Tatham Flood ID: " }<code id="export-tatham">{ id.clone() }</code></p> }
                <pre id="export-json">{ json_text.clone() }</pre>
                <button onclick={save_json}>{ "JSON file" }</button>
                <button onclick={save_svg}>{ "SVG picture" }</button>
                <button onclick={save_png}>{ "PNG picture" }</button>
            </details>
        </section>
    }
}

/// The small picture on the home page's card for this kind.
pub fn card_picture() -> String {
    crate::web::components::home::picture(
        &["aabcc", "abbcd", "ddbca", "dccaa", "bbcad"],
        |c| match c {
            'a' => "#e6194b",
            'b' => "#3cb44b",
            'c' => "#ffe119",
            _ => "#4363d8",
        },
        "",
    )
}
