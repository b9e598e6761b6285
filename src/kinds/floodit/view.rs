//! The Flood-It page, in the frame ([`crate::web::frame`]): play by colour or cell against the
//! proven minimum, the optimal solution step by step with its certificate, Find the minimum and
//! Prove with SAT, New board by size and colours, and the exports.

use yew::prelude::*;

use super::board_view::{self, certificate, use_quiet_minimum, use_step_player};
use crate::kind::Kind;
use crate::kinds::floodit::{page, sim::Position, FloodIt};
use crate::puzzle::{Mode, Puzzle, Verdict};
use crate::web::frame::{self, Action, Bar, Export, Fit, KindPage, Solve};

const KIND: Kind = Kind::FloodIt;
/// The example shown before the user opens anything: the Tatham ID of formats.md 1.2.
const EXAMPLE: &str = "6x6:032242034203340350204502505323231342,17";
const ACCEPTS: &str = "a studio share link, a Tatham Flood ID (6x6:0322…,17) or link, a ColorFill line, a block of rows, or the studio's JSON";

/// The Flood-It page.
#[component]
pub fn Page() -> Html {
    let (ctx, w, puzzle) = frame::use_workshop::<FloodIt>();
    let puzzle_text = w.puzzle.clone();
    let size = use_state(|| 14usize);
    let colours = use_state(|| 6usize);
    // The step shown while stepping through the optimal solution, and whether it plays itself.
    let step: UseStateHandle<Option<usize>> = use_state(|| None);
    let playing = use_state(|| false);

    frame::use_example(KIND, EXAMPLE);
    // Numbers on the cells, for people who tell some colours apart badly; remembered.
    let (numbers_kept, keep_numbers) = frame::use_stored(KIND, "numbers");
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

    // The Tatham ID, made once a board (its limit may need the greedy's run).
    let (board, text) = (puzzle.clone(), puzzle_text.clone());
    let tatham = use_memo(text, move |_| (*board).as_ref().and_then(page::tatham_id));

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
    let played = (*puzzle).as_ref().map(|p| frame::marks_of(p, &w).played()).unwrap_or_default();

    // Stepping through the solution plays itself while `playing`: one step per 600 ms.
    use_step_player(step.clone(), playing.clone(), optimal.as_ref().map_or(0, Vec::len));

    let busy = ctx.state.busy_kind(KIND).is_some();
    // A finished game is measured against the minimum: when none is known yet, it is found
    // quietly, so the finish message can say how the player did.
    let finished = (*puzzle)
        .as_ref()
        .is_some_and(|p| !played.is_empty() && Position::after(p, &played).is_done());
    use_quiet_minimum(
        finished && optimal.is_none() && w.result.is_none() && !busy,
        puzzle_text.clone().unwrap_or_default(),
    );
    let Some(p) = (*puzzle).clone() else { return frame::no_puzzle(KIND, "Flood-It", ACCEPTS) };
    let (rows, cols) = (p.rows(), p.cols());
    let best_len = optimal.as_ref().map(Vec::len);
    let minimum = best_len.filter(|_| lower.is_none());

    // What the board shows: a step of the optimal solution, or the player's position.
    let stepping = step.and_then(|s| optimal.as_ref().map(|o| s.min(o.len())));
    // While the explanation is scrubbed, the board shows its moves at that step.
    let explained = frame::board_marks::<page::Moves>(&w).map(|m| m.played());
    let hl = frame::highlight(KIND, &w);
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
        Callback::from(move |c: u8| {
            step.set(None);
            state.dispatch(Action::Mark {
                kind: KIND,
                cells: vec![page::mark_for_move(played.len(), c)],
            })
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
                    play.emit(c);
                }
            })
        };
        html! {
            <div class={classes!("cell", flooded.then_some("flooded"), (i == p.start()).then_some("start"), target.is_some().then_some("playable"), stepping.is_none().then(|| hl.classes(i)))}
                 style={format!("background:{};color:{}", page::PALETTE[c as usize % 16], page::label_ink(c))} data-i={i.to_string()} data-colour={p.symbol(c).to_string()}
                 onclick={on_click} title={format!("colour {}", page::colour_number(c))}>{ if numbers { page::colour_number(c) } else { String::new() } }</div>
        }
    });
    // The swatches and the board take the colours' keys (board_view::Swatches).
    let enabled: Vec<bool> =
        (0..p.n_colours() as u8).map(|c| stepping.is_none() && useful.contains(&c)).collect();
    let symbols: Vec<String> = (0..p.n_colours() as u8).map(|c| p.symbol(c).to_string()).collect();
    let keys = board_view::play_keys(&ctx, enabled.clone(), play.clone());
    let hinted = page::hinted_colour(w.hint.as_ref(), played.len());

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
    let json_text = p.to_json().to_string();
    let svg = page::svg(&p, &position, 24);
    // The printed solution: the optimal moves from the start as numbered swatches.
    let print_solution =
        optimal.clone().map(|moves| Callback::from(move |()| page::moves_svg(&moves)));
    let exports = vec![
        Export::text("JSON file", "floodit.json", "application/json", {
            let json = json_text.clone();
            move || Ok(json.clone())
        }),
        Export::text("SVG picture", "floodit.svg", "image/svg+xml", {
            let svg = svg.clone();
            move || Ok(svg.clone())
        }),
        Export::Png("PNG picture", "floodit.png", Callback::from(move |()| svg.clone())),
    ];
    let export_extra = html! { <>
        if let Some(id) = &*tatham { <frame::CopyCode id="export-tatham" label="Tatham Flood ID" text={id.clone()} /> }
        <pre id="export-json">{ json_text }</pre>
    </> };
    let links: Vec<(String, String)> = (*tatham)
        .as_ref()
        .map(|id| {
            vec![(
                "Open in Tatham's Flood".to_string(),
                format!("https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/flood.html#{id}"),
            )]
        })
        .unwrap_or_default();
    let tools = html! { <>
        <board_view::Swatches {symbols} {enabled} play={play.clone()} {hinted} />
        <label class="numbers-toggle"><input id="floodit-numbers" type="checkbox" checked={numbers}
            onchange={Callback::from(move |e: Event| {
                let on = e.target_dyn_into::<web_sys::HtmlInputElement>().is_some_and(|i| i.checked());
                keep_numbers.emit(on.then(|| "on".to_string()));
            })} />{ " Numbers on the cells (for telling colours apart)" }</label>
    </> };
    let board = html! {
        <div id="board" class="board floodit-board" tabindex="-1" onkeydown={keys} style={format!("--cols:{cols};--rows:{rows}")} data-rows={rows.to_string()} data-cols={cols.to_string()} data-done={done.to_string()}>
            { for cells }
        </div>
    };
    let counter = html! {
        <p id="counter" class={classes!("progress", (done && stepping.is_none()).then_some("solved"))} data-moves={played.len().to_string()} data-minimum={minimum.map(|m| m.to_string()).unwrap_or_default()} data-best={best_len.map(|m| m.to_string()).unwrap_or_default()} data-lower={lower.map(|m| m.to_string()).unwrap_or_default()}>{ counter }</p>
    };
    let certificate =
        best_len.map(|n| certificate(n, lower, certified, &proof, stepping, *playing, step_to));
    // A board has no more colours than cells: the menu offers what the size allows.
    let n_colours = (*colours).min(page::max_colours(*size));
    let fields = html! { <>
        <label>{ "Size " }{ frame::number_select("gen-size", 2..=30, |s| format!("{s}x{s}"), *size, size.clone()) }</label>
        <label>{ " Colours " }{ frame::number_select("gen-colours", 2..=page::max_colours(*size), |s| s.to_string(), n_colours, colours.clone()) }</label>
    </> };
    let options = super::GenerateOptions {
        size: Some(*size),
        colours: Some(n_colours),
        ..Default::default()
    };
    let start = if p.starts_top_left() {
        "top-left".to_string()
    } else {
        format!("row {}, column {}", p.start_rc().0 + 1, p.start_rc().1 + 1)
    };

    html! {
        <KindPage kind={KIND} class="floodit" title="Flood-It"
            rules={format!("Flood the board with one colour from the outlined cell ({start}). Each move recolours the flood; it then takes in every touching cell of the new colour. To move, press one of the colour buttons by the board (or its key: 1 to 9, then A to G), or click a cell of that colour.")}
            bar={Bar { check: false, clear: ("restart", "Restart"), mine: None }}
            on_history={{ let step = step.clone(); Callback::from(move |()| step.set(None)) }}
            {tools} {board} fit={Fit { touch: false, ..Fit::new(format!("{cols}x{rows}")) }}
            solved={done && stepping.is_none()} counter={counter}
            count_moves={false} clock_solved={done && stepping.is_none() && !played.is_empty()}
            after={certificate.unwrap_or_default()}
            {links} solution={print_solution}
            solve={vec![Solve::new("minimum", "Find the minimum", Mode::Unique), Solve::new("certify", "Prove with SAT", Mode::Optimum)]}
            generator={frame::Generator { fields, options: crate::kinds::generate_options_text::<FloodIt>(&options), label: "New board" }}
            accepts={ACCEPTS}
            {exports} {export_extra} />
    }
}

/// The small picture on the home page's card for this kind.
pub fn card_picture() -> String {
    frame::card_picture(
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
