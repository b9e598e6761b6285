//! The nonogram page, in the frame ([`crate::web::frame`]): the board (clues greyed when their
//! line is satisfied, red when the marks contradict it; fill, cross, drag straight lines, keys),
//! Solve with a portfolio of workers, New puzzle by size, the editor ([`super::editor_view`]),
//! and the exports. What it works out is in [`super::page`].

use yew::prelude::*;

use super::board_view::{clue_items, line_status, nono_lines, status_class, NonoRow, StatusCache};
use super::editor_view::NonogramEditor;
use crate::grid::Grid;
use crate::jobs;
use crate::kinds::nonogram::page::{self, LineStatus, YesNo, YesNoMarks, CROSS, FILL};
use crate::kinds::nonogram::{formats, solve, Cell, Nonogram};
use crate::kinds::Kind;
use crate::puzzle::Mode;
use crate::web::frame::{self, Export, Fit, GridSpec, KindPage, Pictures, Shape, Solve};

const KIND: Kind = Kind::Nonogram;
/// The first puzzle a visitor sees: webpbn #1 "Dancer" by Jan Wolter (formats.md 3.2), in Tatham's form.
const EXAMPLE: &str = "5x10:2.1/2.1.3/7/1.3/2.1/2/2.1/1.1/3/1.1/1.1/2/1.1/1.2/2";
const ACCEPTS: &str = "a studio share link, a Tatham Pattern ID, a puzz.link nonogram URL, a .non, .nin or webpbn XML file, or the studio's JSON";
/// The generator's sizes.
const SIZES: [usize; 6] = [5, 10, 15, 20, 25, 30];

/// The nonogram page.
#[component]
pub fn Page() -> Html {
    let (ctx, w, puzzle) = frame::use_workshop::<Nonogram>();
    // Line status per shown grid, so re-renders during a drag do not rerun the line solver.
    let status_cache = use_mut_ref(StatusCache::default);
    let gen_size = use_state(|| 15usize);
    let workers = use_state(|| 1usize);
    frame::use_example(KIND, EXAMPLE);
    // The size picker shows the choice nearest the puzzle on screen.
    {
        let gen_size = gen_size.clone();
        let side = (*puzzle).as_ref().map(|p| p.width().max(p.height()));
        use_effect_with(side, move |side| {
            if let Some(side) = *side {
                gen_size.set(SIZES.into_iter().min_by_key(|s| s.abs_diff(side)).unwrap_or(15));
            }
            || ()
        });
    }
    let (width, height) = (*puzzle).as_ref().map_or((1, 1), |p| (p.width(), p.height()));
    let givens: Vec<Cell> = (*puzzle).as_ref().map(|p| p.start()).unwrap_or_default();
    // While the explanation is scrubbed, the board shows its marks at that step.
    let scrubbed: Option<YesNoMarks> = frame::board_marks(&w);
    // The player's marks, read once from the workshop.
    let own: YesNoMarks = (*puzzle).as_ref().map(|p| frame::marks_of(p, &w)).unwrap_or_default();
    let marks: Vec<YesNo> = (0..givens.len())
        .map(|i| match givens[i] {
            Cell::Black => FILL,
            Cell::White => CROSS,
            Cell::Unknown => scrubbed.as_ref().unwrap_or(&own).get(i),
        })
        .collect();
    let (answer_rows, other_rows) = w.shown_answers();
    let as_cells =
        |rows: &Vec<String>| -> Vec<bool> { rows.concat().chars().map(|c| c == '#').collect() };
    let answer: Option<Vec<bool>> = answer_rows.map(as_cells);
    let other: Option<Vec<bool>> = other_rows.map(as_cells);
    let input = frame::use_grid_input(GridSpec {
        kind: KIND,
        rows: height,
        cols: width,
        shape: Shape::Line,
        on_stroke: {
            let (state, marks, givens, shown) =
                (ctx.state.clone(), marks.clone(), givens.clone(), answer.is_some());
            Callback::from(move |s: frame::Stroke| {
                let (r, c) = s.cells[0];
                let value = page::press_mark(
                    if shown { YesNo::Open } else { marks[r * width + c] },
                    s.secondary,
                );
                let cells = s.cells.iter().map(|&(r, c)| r * width + c);
                let cells = cells
                    .filter(|&i| givens[i] == Cell::Unknown)
                    .flat_map(|i| YesNoMarks::edits(i, value))
                    .collect();
                state.dispatch(frame::Action::Mark { kind: KIND, cells });
            })
        },
        on_key: {
            let (state, marks, givens) = (ctx.state.clone(), marks.clone(), givens.clone());
            Callback::from(move |k: frame::KeyPress| {
                let i = k.at.0 * width + k.at.1;
                let Some(value) = page::key_mark(&k.key, marks[i]).filter(|_| !k.ctrl) else {
                    return false;
                };
                if givens[i] == Cell::Unknown {
                    let cells = YesNoMarks::edits(i, value);
                    state.dispatch(frame::Action::Mark { kind: KIND, cells });
                }
                true
            })
        },
    });
    let Some(p) = (*puzzle).clone() else { return frame::no_puzzle(KIND, "Nonogram", ACCEPTS) };
    let text = w.puzzle.clone().unwrap_or_default();
    let n = width * height;
    let hl = frame::highlight(KIND, &w);
    let shown: Vec<YesNo> = match &answer {
        Some(a) => a.iter().map(|&b| if b { FILL } else { CROSS }).collect(),
        None => marks.clone(),
    };
    let preview: Vec<(usize, usize)> =
        input.stroke.as_ref().map(|s| s.cells.clone()).unwrap_or_default();
    let preview_value = input.stroke.as_ref().map_or(YesNo::Open, |s| {
        let (r, c) = s.cells[0];
        let current = if answer.is_some() { YesNo::Open } else { marks[r * width + c] };
        page::press_mark(current, s.secondary)
    });
    let (row_status, col_status) = line_status(&status_cache, &p, &text, &shown);
    let solved_by_hand = answer.is_none()
        && scrubbed.is_none()
        && row_status.iter().chain(&col_status).all(|s| *s == LineStatus::Satisfied);
    let mut mistaken = vec![false; n];
    for &i in w.mistakes.iter().flatten() {
        if let Some(m) = mistaken.get_mut(i) {
            *m = true;
        }
    }

    let mut board = Vec::with_capacity(width + height + 1);
    board.push(html! { <div class="corner"></div> });
    for c in 0..width {
        let class = classes!(
            "clue",
            "col",
            status_class(col_status[c]),
            ((c + 1) % 5 == 0 && c + 1 < width).then_some("r5")
        );
        board
            .push(html! { <div {class} data-c={c.to_string()}>{ clue_items(&p.cols()[c]) }</div> });
    }
    for r in 0..height {
        let cells: Vec<(YesNo, u16)> = (0..width)
            .map(|c| {
                let i = r * width + c;
                let in_preview = givens[i] == Cell::Unknown && preview.contains(&(r, c));
                let m = if in_preview { preview_value } else { shown[i] };
                let flags = [
                    m == FILL,
                    m == CROSS,
                    givens[i] != Cell::Unknown,
                    (c + 1) % 5 == 0 && c + 1 < width,
                    (r + 1) % 5 == 0 && r + 1 < height,
                    c + 1 == width,
                    r + 1 == height,
                    input.cursor == (r, c),
                    in_preview,
                    answer.is_none() && mistaken[i],
                    other.as_ref().zip(answer.as_ref()).is_some_and(|(o, a)| o[i] != a[i]),
                    hl.change.contains(&i) && !hl.mistake,
                    hl.change.contains(&i) && hl.mistake,
                    hl.reason.contains(&i) && !hl.change.contains(&i),
                    hl.figure.contains(&i) && !hl.change.contains(&i),
                    hl.out.contains(&i) && !hl.mistake,
                ]
                .iter()
                .enumerate()
                .fold(0u16, |acc, (bit, &on)| acc | (u16::from(on) << bit));
                (m, flags)
            })
            .collect();
        let b5 = ((r + 1) % 5 == 0 && r + 1 < height).then_some("b5");
        let clue_class = classes!("clue", "row", status_class(row_status[r]), b5).to_string();
        // A memoised row: a click re-renders the rows that changed, not ten thousand cells.
        board.push(
            html! { <NonoRow r={r as u32} {cells} clue={p.rows()[r].clone()} {clue_class} /> },
        );
    }
    let max_row_clue = p.rows().iter().map(|c| c.len().max(1)).max().unwrap_or(1);
    let board = input.board(
        classes!("nono"),
        format!("--w:{width};--rc:{max_row_clue}"),
        html! { <>{ for board }{ nono_lines(height, width) }</> },
    );

    // A portfolio: differently set-up searches race; the first checked answer wins.
    let requests = if *workers < 2 {
        Vec::new()
    } else {
        solve::portfolio(*workers)
            .into_iter()
            .map(|o| jobs::solve_request::<Nonogram>(text.clone(), Mode::Unique, &o))
            .collect()
    };
    let solution: Option<Grid<bool>> =
        w.result.as_ref().and_then(|r| r.solutions.first()).and_then(|rows| {
            Grid::from_cells(height, width, rows.concat().chars().map(|c| c == '#').collect())
        });
    let draw = |g: Option<Grid<bool>>| {
        let p = p.clone();
        Callback::from(move |()| {
            page::render_svg(&p, g.as_ref().map(page::solution_cells).as_ref())
        })
    };
    let exports = page::EXPORTS.into_iter().map(|format| {
        let (label, file, mime) = page::export_file(format);
        let p = p.clone();
        let note = page::export_note(&p, format);
        Export::text(label, file, mime, move || page::export(&p, format)).noted(note)
    });
    let links =
        formats::puzzlink::to_puzzlink(&p).map(|u| vec![("Open in puzz.link".to_string(), u)]);
    let n_givens = givens.iter().filter(|g| **g != Cell::Unknown).count();
    let gen_select = frame::number_select(
        "gen-size",
        SIZES,
        |s| format!("{s}x{s}"),
        *gen_size,
        gen_size.clone(),
    );
    let workers_title = "Solve races this many workers, each with another search (batsat, batsat without the line implications, varisat, batsat with the line solver inside); the first answer that passes the checker wins and the others stop";

    html! {
        <KindPage kind={KIND} class="nonogram"
            title={p.title().map(|t| format!("Nonogram: {t}")).unwrap_or_else(|| "Nonogram".into())}
            rules={format!("{width}x{height}. Each number is a run of filled cells in that row or column, in order. Tap or click: fill. Long-press or right-click: mark empty. Drag: a straight line. Keys: arrows, Space, X, Ctrl+Z.")}
            note={(n_givens > 0).then(|| html! { <p id="givens-note" class="hint">{ page::givens_note(n_givens) }</p> }).unwrap_or_default()}
            {board} fit={Fit { min: 0.6, ..Fit::new(format!("{width}x{height}")) }}
            solved={solved_by_hand}
            links={links.unwrap_or_default()} solution={solution.clone().map(|g| draw(Some(g)))}
            solve={vec![Solve { requests, ..Solve::new("solve", "Solve", Mode::Unique) }]}
            solver_extra={html! { <label title={workers_title}>{ " Workers " }{ frame::select("nono-workers", (1..=crate::portfolio::MAX_RUNNERS).map(|v| (v, v.to_string())).collect(), *workers, workers.clone()) }</label> }}
            generator={frame::Generator {
                fields: html! { <label>{ "Size " }{ gen_select }</label> },
                options: crate::kinds::generate_options_text::<Nonogram>(&super::GenerateOptions { size: Some(*gen_size) }),
                label: "New puzzle",
            }}
            accepts={ACCEPTS}
            editor={html! { <NonogramEditor /> }}
            exports={exports.collect::<Vec<_>>()}
            pictures={Pictures { blank: draw(None), solved: solution.map(|g| draw(Some(g))) }} />
    }
}

/// The small picture on the home page's card for this kind.
pub fn card_picture() -> String {
    frame::card_picture(
        &[".#.#.", "#####", "#####", ".###.", "..#.."],
        |c| if c == '#' { "#1d2430" } else { "#ffffff" },
        "",
    )
}
