//! The KenKen page, in the frame ([`crate::web::frame`]): the board (keyboard and keypad digits,
//! pencil marks, repeats and broken cages in red), Fill candidates, Solve and Count, New puzzle
//! by size and difficulty, the editor ([`super::editor_view`]), and the exports.

use yew::prelude::*;

use super::editor_view::KenKenEditor;
use crate::kinds::kenken::{formats, page, KenKen};
use crate::kinds::Kind;
use crate::puzzle::{Mode, Puzzle};
use crate::web::frame::{self, Export, Fit, GridSpec, KindPage, Pictures, Shape, Solve};

const KIND: Kind = Kind::KenKen;
/// The first puzzle a visitor sees: Tatham's worked example (formats.md 1.3).
const EXAMPLE: &str = "5:a__a_3a_5a_a_a_3b_bac_,a5m15a7a10s2s2d2s3m40m2s2";
const ACCEPTS: &str = "a studio share link, a Tatham Keen ID (5:…) or keen.html link, a Keen save file, or the studio's JSON";

/// The KenKen page.
#[component]
pub fn Page() -> Html {
    let (ctx, w, puzzle) = frame::use_workshop::<KenKen>();
    let pencil_mode = use_state(|| false);
    let gen_size = use_state(|| 6usize);
    let gen_level = use_state(|| "normal".to_string());
    frame::use_example(KIND, EXAMPLE);
    // The size picker says the size of the puzzle on screen.
    {
        let gen_size = gen_size.clone();
        let n = (*puzzle).as_ref().map(|p| p.size());
        use_effect_with(n, move |n| {
            if let Some(n) = *n {
                gen_size.set(n.clamp(3, 9));
            }
            || ()
        });
    }
    let n = (*puzzle).as_ref().map_or(1, |p| p.size());
    let marks: page::KenKenMarks =
        (*puzzle).as_ref().map(|p| frame::marks_of(p, &w)).unwrap_or_default();
    let mark = {
        let state = ctx.state.clone();
        move |cells: Vec<(usize, u8)>| state.dispatch(frame::Action::Mark { kind: KIND, cells })
    };
    // Types digit `d` (0 clears) into cell `i`, as a digit or a pencil mark.
    let type_digit = {
        let (mark, marks, pencil_mode) = (mark.clone(), marks.clone(), pencil_mode.clone());
        move |i: usize, d: u8, pencil: bool| {
            if d == 0 {
                mark(page::clear_cell(&marks, i));
            } else if pencil || *pencil_mode {
                mark(page::toggle_pencil(&marks, i, d));
            } else {
                mark(page::set_digit(i, d));
            }
        }
    };
    let input = frame::use_grid_input(GridSpec {
        kind: KIND,
        rows: n,
        cols: n,
        shape: Shape::Press,
        on_stroke: Callback::noop(),
        on_key: {
            let (type_digit, pencil_mode) = (type_digit.clone(), pencil_mode.clone());
            Callback::from(move |k: frame::KeyPress| {
                let i = k.at.0 * n + k.at.1;
                match k.key.as_str() {
                    "Backspace" | "Delete" => type_digit(i, 0, false),
                    "p" | "P" if !k.ctrl => pencil_mode.set(!*pencil_mode),
                    _ => {
                        // Shift turns `1` into `!` on most layouts: read the physical key.
                        let code =
                            k.code.strip_prefix("Digit").or_else(|| k.code.strip_prefix("Numpad"));
                        let typed = code.unwrap_or(&k.key);
                        match page::key_digit(typed, n).or_else(|| page::key_digit(&k.key, n)) {
                            Some(d) if !k.ctrl => type_digit(i, d, k.shift),
                            _ => return false,
                        }
                    }
                }
                true
            })
        },
    });
    let Some(p) = (*puzzle).clone() else { return frame::no_puzzle(KIND, "KenKen", ACCEPTS) };
    let cursor = input.cursor.0 * n + input.cursor.1;

    // What the board shows: an answer of the last solve, or the player's digits.
    let (answer_rows, other_rows) = w.shown_answers();
    let to_digits =
        |rows: &Vec<String>| formats::digits_from_rows(&p, rows).ok().map(|g| g.cells().to_vec());
    let answer: Option<Vec<u8>> = answer_rows.and_then(to_digits);
    let other: Option<Vec<u8>> = other_rows.and_then(to_digits);
    let player = page::digits_of(&marks, n);
    // While the explanation is scrubbed, the board shows its marks (digits and candidates) at that step.
    let shown_marks = frame::board_marks(&w).unwrap_or_else(|| marks.clone());
    let hl = frame::highlight(KIND, &w);
    let player_shown = page::digits_of(&shown_marks, n);
    let shown_digits = answer.clone().unwrap_or_else(|| player_shown.clone());
    let repeated =
        if answer.is_some() { vec![false; n * n] } else { page::repeated(n, &player_shown) };
    let broken = if answer.is_some() {
        vec![false; p.cages().len()]
    } else {
        page::broken_cages(&p, &player_shown)
    };
    let player_done = answer.is_none() && page::solved(&p, &player);
    let mistakes = w.mistakes.clone().unwrap_or_default();

    // Pencil marks keep fixed places in a 3x3 grid up to 9x9; above, only the marks written
    // are drawn, in order, as few rows as lets them be largest (page::pencil_flow): twelve
    // fixed places made a 12x12's marks 5 px on a phone.
    let slots = if n <= 9 { 9 } else { 12 };
    let cells = (0..n * n).map(|i| {
        let (r, c) = (i / n, i % n);
        let d = shown_digits[i];
        let pm = if answer.is_none() && d == 0 { page::pencil(&shown_marks, i) } else { 0 };
        let flow = (pm != 0 && n > 9).then(|| page::pencil_flow(pm, n, page::clue_at(&p, i).is_some()));
        let class = classes!(
            "cell",
            (cursor == i).then_some("cursor"),
            repeated[i].then_some("bad"),
            broken[p.cage_of(i)].then_some("cage-bad"),
            (answer.is_none() && mistakes.contains(&i)).then_some("mistake"),
            other.as_ref().zip(answer.as_ref()).is_some_and(|(o, a)| o[i] != a[i]).then_some("differs"),
            answer.is_some().then_some("answer"),
            hl.classes(i),
        );
        let pencil_text: String = (1..=n as u8).filter(|d| pm >> (d - 1) & 1 == 1).map(formats::digit_char).collect();
        html! {
            <div {class} data-r={r.to_string()} data-c={c.to_string()} data-v={page::shown(d)} data-pencil={pencil_text}>
                if let Some(clue) = page::clue_at(&p, i) { <span class={page::clue_class(&clue)} style={format!("--len:{}", clue.chars().count())}>{ clue }</span> }
                if d != 0 { <span class="digit">{ page::shown(d) }</span> }
                else if let Some((style, per_row)) = flow {
                    <span class="pencil flow" {style}>{ for (1..=n as u8).filter(|d| pm >> (d - 1) & 1 == 1).enumerate().map(|(j, d)| html! { <>if j > 0 && j % per_row == 0 { <i class="pm-br"></i> }<span>{ d }</span></> }) }</span>
                } else if pm != 0 {
                    <span class="pencil">{ for (1..=slots as u8).map(|s| html! { <span>{ if s as usize <= n && pm >> (s - 1) & 1 == 1 { s.to_string() } else { String::new() } }</span> }) }</span>
                }
            </div>
        }
    });
    let lines = frame::lines_layer(n, n, crate::board_lines::lines(n, n, |i| p.cage_of(i)));
    let board = input.board(
        classes!("board", "kk", "lined"),
        format!("--n:{n};--pencil-rows:{}", slots / 3),
        html! { <>{ for cells }{ lines }</> },
    );
    let key = |d: u8| {
        let t = type_digit.clone();
        Callback::from(move |_: MouseEvent| t(cursor, d, false))
    };
    let keypad = html! {
        <div class="keypad">
            { for (1..=n as u8).map(|d| html! { <button class="key" data-d={d.to_string()} onclick={key(d)}>{ d }</button> }) }
            <button class="key" id="key-clear" onclick={key(0)}>{ "⌫" }</button>
            <button id="pencil" class={classes!("key", pencil_mode.then_some("active"))} aria-pressed={pencil_mode.to_string()}
                    onclick={{ let m = pencil_mode.clone(); Callback::from(move |_: MouseEvent| m.set(!*m)) }}>{ "Pencil" }</button>
            <button id="fill-candidates" class="key wide" title="Write every cell's candidates (the digits not yet in its row or column) as pencil marks, so the hints' words can be followed on the board"
                    onclick={{ let (mark, p, marks) = (mark.clone(), p.clone(), marks.clone()); Callback::from(move |_: MouseEvent| mark(page::fill_candidates(&p, &marks))) }}>{ "Fill candidates" }</button>
        </div>
    };
    let progress = if repeated.iter().any(|&b| b) || broken.iter().any(|&b| b) {
        "Red digits repeat in their row or column; a red cage is full and breaks its rule."
    } else {
        ""
    };

    // Exports.
    let keen = formats::to_keen(&p);
    let solution: Option<Vec<u8>> =
        w.result.as_ref().and_then(|r| r.solutions.first()).and_then(to_digits);
    let draw = |digits: Option<Vec<u8>>| {
        let p = p.clone();
        Callback::from(move |()| page::render_svg(&p, digits.as_deref()))
    };
    let links: Vec<(String, String)> = match formats::to_keen_link(&p) {
        Ok(link) if n <= 9 => vec![("Open in Tatham's Keen".to_string(), link)],
        _ => Vec::new(),
    };
    let exports = vec![
        Export::text("Tatham Keen ID", "puzzle.keen.txt", "text/plain", {
            let k = keen.clone();
            move || k.clone()
        }),
        Export::text("Studio JSON", "puzzle.json", "application/json", {
            let p = p.clone();
            move || Ok(p.to_json().to_string())
        }),
    ];
    let options =
        super::GenerateOptions { size: Some(*gen_size), difficulty: Some((*gen_level).clone()) };
    let fields = html! { <>
        <label>{ "Size " }{ frame::number_select("gen-size", 3..=9, |s| format!("{s}x{s}"), *gen_size, gen_size.clone()) }</label>
        <label>{ " Difficulty " }<select id="gen-level" onchange={{ let s = gen_level.clone(); Callback::from(move |e: Event| if let Some(t) = e.target_dyn_into::<web_sys::HtmlSelectElement>() { s.set(t.value()) }) }}>
            { for super::generate::LEVELS.into_iter().map(|l| html! { <option value={l} selected={*gen_level == l}>{ l }</option> }) }
        </select></label>
        // Small grids are capped, as in Tatham's Keen: said, not done silently.
        if super::generate::level_from_word(&gen_level).is_some_and(|l| l > super::generate::max_level(*gen_size)) {
            <span id="gen-level-note" class="hint">{ format!(" A {0}x{0} is made at {1} at most (as in Tatham's Keen: so few cells need no harder rule).", *gen_size, super::generate::LEVELS[super::generate::max_level(*gen_size)]) }</span>
        }
    </> };

    html! {
        <KindPage kind={KIND} class="kenken"
            title={if p.is_draft() { "KenKen (draft)" } else { "KenKen" }}
            rules={format!("{n}x{n}. Put 1 to {n} once in every row and column; each outlined cage reaches its number with its operation (− and ÷: larger by smaller). Keys: digits{}, Shift+digit or P for pencil marks, arrows, Backspace, Ctrl+Z.", if n >= 10 { " (0 = 10, A–C = 10–12)" } else { "" })}
            // Fit stops at 0.8 for ten or more (cells of 36 px): cage labels at 12 px and four
            // rows of pencil marks fit a cell; a 12x12 on a 375 px phone scrolls a little instead.
            {board} fit={Fit { min: if n >= 10 { 0.8 } else { 0.5 }, ..Fit::new(n.to_string()) }} under={keypad}
            solved={player_done} {progress}
            {links} solution={solution.clone().map(|d| draw(Some(d)))}
            after_share={keen.clone().map(|id| html! { <frame::CopyCode id="keen-id" label="Tatham Keen ID" text={id} /> }).unwrap_or_default()}
            solve={vec![Solve::new("solve", "Solve", Mode::Unique), Solve::new("count", "Count solutions", Mode::Count(10_000))]}
            generator={frame::Generator {
                fields,
                options: crate::kinds::generate_options_text::<KenKen>(&options),
                label: "New puzzle",
            }}
            accepts={ACCEPTS}
            editor={html! { <KenKenEditor size={*gen_size} /> }}
            {exports}
            pictures={Pictures { blank: draw(None), solved: solution.map(|d| draw(Some(d))) }} />
    }
}

/// The small picture on the home page's card for this kind.
pub fn card_picture() -> String {
    frame::card_picture(
        &["...", "...", "..."],
        |_| "#ffffff",
        r##"<g stroke="#1d2430" stroke-width="2" fill="none"><rect x="0" y="0" width="36" height="36"/><line x1="12" y1="0" x2="12" y2="24"/><line x1="0" y1="24" x2="24" y2="24"/><line x1="24" y1="12" x2="36" y2="12"/><line x1="24" y1="12" x2="24" y2="36"/></g><g font-size="5" fill="#1d2430"><text x="1.5" y="6">3+</text><text x="13.5" y="6">5+</text><text x="25.5" y="18">6×</text><text x="1.5" y="30">2÷</text></g><g font-size="8" text-anchor="middle" fill="#2f6fd6"><text x="6" y="20">1</text><text x="18" y="20">3</text><text x="30" y="32">2</text></g>"##,
    )
}
