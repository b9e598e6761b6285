//! The colour nonogram page, in the frame ([`crate::web::frame`]): the board with its clue runs
//! in their colours, the palette bar (number keys pick a colour), painting by click, drag or
//! keyboard, dots, Solve, New puzzle at a difficulty, the editor ([`super::editor_view`]), and
//! the exports. What it works out is in [`super::page`].

use yew::prelude::*;

use crate::grid::Grid;
use crate::kinds::colournono::board_view::{clue_chips, palette_bar, Forms};
use crate::kinds::colournono::editor_view::ColourEditor;
use crate::kinds::colournono::page::{self, Paint, PaintMarks, BLANK, DOT};
use crate::kinds::colournono::{formats, ColourNonogram};
use crate::kinds::Kind;
use crate::marks::CellMark;
use crate::puzzle::Mode;
use crate::web::frame::{self, Export, Fit, GridSpec, KindPage, Pictures, Shape, Solve};

const KIND: Kind = Kind::ColourNonogram;
/// The first puzzle a visitor sees: the first sample.
const EXAMPLE: &str = super::SAMPLES[0].1;
const ACCEPTS: &str = "a studio share link, its WxH:palette:clues text, a webpbn XML file with colours, a coloured .non file, Olšák's .g, or the studio's JSON";

/// The byte edits that make typed changes (what the page dispatches as one move).
fn edits(changes: Vec<(usize, Paint)>) -> Vec<(usize, u8)> {
    changes.into_iter().flat_map(|(i, m)| PaintMarks::edits(i, m)).collect()
}

/// The colour nonogram page.
#[component]
pub fn Page() -> Html {
    let (ctx, w, puzzle) = frame::use_workshop::<ColourNonogram>();
    let tool = use_state(|| page::mark_of_colour(1));
    let gen_size = use_state(|| 10usize);
    let gen_colours = use_state(|| 3usize);
    let gen_level = use_state(|| "easy".to_string());
    frame::use_example(KIND, EXAMPLE);
    let (width, height) = (*puzzle).as_ref().map_or((1, 1), |p| (p.width(), p.height()));
    let colours = (*puzzle).as_ref().map_or(1, |p| p.colours());
    // A tool from another puzzle's palette falls back to the first colour.
    let tool_now = if *tool == DOT
        || page::colour_of_mark(*tool).is_some_and(|c| (1..=colours).contains(&usize::from(c)))
    {
        *tool
    } else {
        page::mark_of_colour(1)
    };
    // The player's marks, read once from the workshop (the explanation's while it is scrubbed).
    let scrubbed: Option<PaintMarks> = frame::board_marks(&w);
    let n = width * height;
    let own: PaintMarks = match (&scrubbed, &*puzzle) {
        (Some(m), _) => m.clone(),
        (None, Some(p)) => frame::marks_of(p, &w),
        (None, None) => PaintMarks::default(),
    };
    let marks: Vec<Paint> =
        (*puzzle).as_ref().map(|p| page::with_givens(p, &own)).unwrap_or_else(|| own.to_vec(n));
    let (answer_rows, other_rows) = w.shown_answers();
    let answer: Option<Vec<Paint>> = answer_rows.and_then(|rows| page::marks_of_rows(rows));
    let other: Option<Vec<Paint>> = other_rows.and_then(|rows| page::marks_of_rows(rows));
    // What a press paints: the tool, or a dot with the right button or a long press.
    let press = {
        let (marks, shown) = (marks.clone(), answer.is_some());
        move |s: &frame::Stroke| {
            let (r, c) = s.cells[0];
            let current = if shown { BLANK } else { marks[r * width + c] };
            page::click(current, if s.secondary { DOT } else { tool_now })
        }
    };
    let input = frame::use_grid_input(GridSpec {
        kind: KIND,
        rows: height,
        cols: width,
        shape: Shape::Line,
        on_stroke: {
            let (state, p, press) = (ctx.state.clone(), (*puzzle).clone(), press.clone());
            Callback::from(move |s: frame::Stroke| {
                let Some(p) = p.as_ref() else { return };
                let value = press(&s);
                let cells = s.cells.iter().map(|&(r, c)| (r * width + c, value)).collect();
                let cells = edits(page::outside_givens(p, cells));
                state.dispatch(frame::Action::Mark { kind: KIND, cells });
            })
        },
        on_key: {
            let (state, marks, tool, p) =
                (ctx.state.clone(), marks.clone(), tool.clone(), (*puzzle).clone());
            Callback::from(move |k: frame::KeyPress| {
                let Some(p) = p.as_ref() else { return false };
                let i = k.at.0 * width + k.at.1;
                let set = |value: Paint| {
                    let cells = edits(page::outside_givens(p, vec![(i, value)]));
                    if !cells.is_empty() {
                        state.dispatch(frame::Action::Mark { kind: KIND, cells });
                    }
                };
                match k.key.as_str() {
                    " " | "Enter" => set(page::click(marks[i], tool_now)),
                    "Backspace" | "Delete" => set(BLANK),
                    key => match page::key_tool(key, colours) {
                        // The dot key marks the cell at once; a number picks the colour.
                        Some(DOT) => set(page::click(marks[i], DOT)),
                        Some(t) if !k.ctrl => tool.set(t),
                        _ => return false,
                    },
                }
                true
            })
        },
    });
    // What the board shows that follows from the puzzle alone, made once per puzzle.
    let forms = use_memo(w.puzzle.clone(), |_| (*puzzle).as_ref().map(Forms::of));
    let (Some(p), Some(forms)) = ((*puzzle).clone(), (*forms).clone()) else {
        return frame::no_puzzle(KIND, "Colour nonogram", ACCEPTS);
    };
    let hl = frame::highlight(KIND, &w);
    let givens = p.start().iter().filter(|g| g.is_some()).count();
    let shown: Vec<Paint> = answer.clone().unwrap_or_else(|| marks.clone());
    let preview: Vec<(usize, usize)> =
        input.stroke.as_ref().map(|s| s.cells.clone()).unwrap_or_default();
    let preview_value = input.stroke.as_ref().map_or(BLANK, &press);
    let solved_by_hand = answer.is_none() && scrubbed.is_none() && page::solved(&p, &marks);
    let mut mistaken = vec![false; n];
    for &i in w.mistakes.iter().flatten() {
        if let Some(m) = mistaken.get_mut(i) {
            *m = true;
        }
    }

    let palette_bar = palette_bar(&p, tool_now, tool.clone());

    let cell_style = |m: Paint| -> AttrValue {
        let c =
            page::colour_of_mark(m).filter(|&c| c > 0).map_or(0, |c| usize::from(c).min(colours));
        forms.cell_styles[c].clone()
    };
    let number = |i: usize| forms.numbers.get(i).cloned().unwrap_or_else(|| i.to_string().into());
    let mut board = Vec::with_capacity(n + width + height + 1);
    board.push(html! { <div class="corner"></div> });
    for c in 0..width {
        let done = page::finished_runs(&p.cols()[c], &page::col_marks(&shown, width, height, c));
        board.push(html! { <div class={classes!("clue", "col", ((c + 1) % 5 == 0 && c + 1 < width).then_some("r5"))} data-c={number(c)}>{ clue_chips(&forms.chips.0[c], &done) }</div> });
    }
    for r in 0..height {
        let done = page::finished_runs(&p.rows()[r], &page::row_marks(&shown, width, r));
        board.push(html! { <div class={classes!("clue", "row", ((r + 1) % 5 == 0 && r + 1 < height).then_some("b5"))} data-r={number(r)}>{ clue_chips(&forms.chips.1[r], &done) }</div> });
        for c in 0..width {
            let i = r * width + c;
            let in_preview = preview.contains(&(r, c));
            let m = if in_preview { preview_value } else { shown[i] };
            let class = classes!(
                "cell",
                (m == DOT).then_some("dot"),
                ((c + 1) % 5 == 0 && c + 1 < width).then_some("r5"),
                ((r + 1) % 5 == 0 && r + 1 < height).then_some("b5"),
                (c + 1 == width).then_some("edge-r"),
                (r + 1 == height).then_some("edge-b"),
                (input.cursor == (r, c)).then_some("cursor"),
                in_preview.then_some("preview"),
                (answer.is_none() && mistaken[i]).then_some("mistake"),
                other
                    .as_ref()
                    .zip(answer.as_ref())
                    .is_some_and(|(o, a)| o[i] != a[i])
                    .then_some("differs"),
                hl.classes(i),
            );
            board.push(html! { <div {class} style={cell_style(m)} data-r={number(r)} data-c={number(c)} data-v={number(usize::from(m.value()))}></div> });
        }
    }
    let max_row_clue = p.rows().iter().map(|c| c.len().max(1)).max().unwrap_or(1);
    let board = input.board(
        classes!("cnono"),
        format!("--w:{width};--rc:{max_row_clue}"),
        html! { <>{ for board }</> },
    );

    let solution: Option<Grid<u8>> =
        w.result.as_ref().and_then(|r| r.solutions.first()).and_then(|rows| p.solution_grid(rows));
    let draw = |g: Option<Grid<u8>>| {
        let p = p.clone();
        Callback::from(move |()| page::render_svg(&p, g.as_ref()))
    };
    let export = |label, file, mime, f: fn(&ColourNonogram) -> String| {
        let p = p.clone();
        let note = (label != "Studio JSON").then(|| page::givens_note(&p, label)).flatten();
        Export::text(label, file, mime, move || Ok(f(&p))).noted(note)
    };
    let exports = vec![
        export("Studio JSON", "puzzle.json", "application/json", |p| {
            formats::to_json(p).to_string()
        }),
        export("webpbn XML", "puzzle.xml", "application/xml", super::xml::to_xml),
        export("Coloured .non", "puzzle.non", "text/plain", super::non::to_non),
        export("Olšák .g", "puzzle.g", "text/plain", super::olsak::to_g),
    ];
    let options = super::GenerateOptions {
        size: Some(*gen_size),
        colours: Some(*gen_colours),
        difficulty: Some((*gen_level).clone()),
    };
    let fields = html! { <>
        <label>{ "Size " }{ frame::select("cn-gen-size", [5usize, 8, 10, 15, 20, 25].into_iter().map(|v| (v, format!("{v}x{v}"))).collect(), *gen_size, gen_size.clone()) }</label>
        <label>{ " Colours " }{ frame::select("cn-gen-colours", (2..=super::generate::MAX_COLOURS).map(|v| (v, v.to_string())).collect(), *gen_colours, gen_colours.clone()) }</label>
        <label title="easy: each row and column alone, again and again, finishes it; medium: it also needs colour sets (what a cell's row and its column allow together decides it); hard: it needs more than that (rare in many colours); any: whichever comes first">{ " Difficulty " }{ frame::select("cn-gen-level", super::generate::LEVELS.iter().map(|l| (l.to_string(), l.to_string())).collect(), (*gen_level).clone(), gen_level.clone()) }</label>
    </> };
    let rules = format!(
        "{width}x{height}, {colours} colours. Each number is a run of cells of its colour, in order; runs of the same colour have a gap between them, runs of different colours may touch. Pick a colour (keys 1 to {}), then tap, click or drag to paint; long-press or right-click: dot (background). Keys: arrows, Space, X, Ctrl+Z.",
        colours.min(9)
    );
    let note = (givens > 0).then(|| html! {
        <p id="givens-note" class="hint">{ format!("{givens} cell{} given to start with; the clues and these givens have one answer.", if givens == 1 { " is" } else { "s are" }) }</p>
    });

    html! {
        <KindPage kind={KIND} class="colournono"
            title={p.title().map(|t| format!("Colour nonogram: {t}")).unwrap_or_else(|| "Colour nonogram".into())}
            {rules} note={note.unwrap_or_default()} tools={palette_bar}
            {board} fit={Fit { min: 0.6, ..Fit::new(format!("{width}x{height}")) }}
            solved={solved_by_hand} solution={solution.clone().map(|g| draw(Some(g)))}
            solve={vec![Solve::new("solve", "Solve", Mode::Unique)]}
            generator={frame::Generator {
                fields,
                options: crate::kinds::generate_options_text::<ColourNonogram>(&options),
                label: "New puzzle",
            }}
            accepts={ACCEPTS}
            editor={html! { <ColourEditor /> }}
            {exports}
            pictures={Pictures { blank: draw(None), solved: solution.map(|g| draw(Some(g))) }} />
    }
}

/// The small picture on the home page's card for this kind.
pub fn card_picture() -> String {
    frame::card_picture(
        &[
            "....bcc.", "...bbcc.", "..b..b..", "..b..b..", ".aa..aa.", "aaa.aaa.", "aaa.aaa.",
            ".a...a..",
        ],
        |c| match c {
            'a' => "#dd2222",
            'b' => "#776644",
            'c' => "#44aa33",
            _ => "#ffffff",
        },
        "",
    )
}
