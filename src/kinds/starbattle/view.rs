//! The Star Battle page, in the frame ([`crate::web::frame`]): the board (click, right-click or
//! long-press, drag dots, keyboard), the automatic check switch, Solve and Count, New puzzle with
//! a difficulty, the region editor ([`super::editor_view`]), and the exports (links, SBN,
//! pzprv3, JSON, SVG and PNG).

use yew::prelude::*;

use super::board_view::Forms;
use super::editor_view::StarBattleEditor;
use crate::grid::Grid;
use crate::kind::Kind;
use crate::kinds::starbattle::page::{self, YesNo, YesNoMarks, DOT, STAR};
use crate::kinds::starbattle::{check, formats, StarBattle};
use crate::puzzle::Mode;
use crate::web::frame::{self, Bar, Export, Fit, GridSpec, KindPage, Pictures, Shape, Solve};

const KIND: Kind = Kind::StarBattle;
/// The example shown before the user opens anything: the puzz.link example of formats.md 2.2.
const EXAMPLE: &str = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou";
const ACCEPTS: &str = "a studio share link, a puzz.link Star Battle URL, a pzprv3 file, a KrazyDad line, StarBattleLab's SBN (as LL5W…), or the studio's JSON";
/// The generator's difficulty levels (`generate::Difficulty` words): the logic levels by the hardest
/// rule a solver needs, "logic" any of them (the generator's default), "beyond" only puzzles that
/// need search, "any" whatever comes first (the fastest at 21x21 and up).
const LEVELS: [&str; 7] = ["logic", "easy", "medium", "hard", "expert", "beyond", "any"];

/// A read-only field to copy an export from, or why this puzzle has no such form.
fn copy_field(
    id: &'static str,
    label: &'static str,
    title: Option<&'static str>,
    text: &Result<String, String>,
) -> Html {
    html! { <>
        <label for={id} {title}>{ label }</label>
        { match text {
            Ok(text) => html! { <input {id} readonly=true value={text.clone()} /> },
            Err(why) => html! { <span {id} class="hint">{ format!("No {} form: {why}.", label.split(' ').next().unwrap_or(label)) }</span> },
        } }
    </> }
}

/// The Star Battle page.
#[component]
pub fn Page() -> Html {
    let (ctx, w, puzzle) = frame::use_workshop::<StarBattle>();
    let size = use_state(|| 10usize);
    let stars_wanted = use_state(|| 2usize);
    let level = use_state(|| "logic".to_string());
    let (autocheck_saved, set_autocheck) = frame::use_stored(KIND, "autocheck");
    let autocheck = autocheck_saved.as_deref() != Some("off");
    frame::use_example(KIND, EXAMPLE);
    let (rows, cols) = (*puzzle).as_ref().map_or((1, 1), |p| (p.rows(), p.cols()));
    let answer_shown = w.shown_answers().0.is_some();
    // The player's marks, read once from the workshop.
    let own: YesNoMarks = (*puzzle).as_ref().map(|p| frame::marks_of(p, &w)).unwrap_or_default();
    let input = frame::use_grid_input(GridSpec {
        kind: KIND,
        rows,
        cols,
        shape: Shape::Path,
        on_stroke: {
            let (state, marks) = (ctx.state.clone(), own.clone());
            Callback::from(move |s: frame::Stroke| {
                let cells: Vec<usize> = s.cells.iter().map(|&(r, c)| r * cols + c).collect();
                let changes = page::stroke_marks(&marks, &cells, s.secondary);
                let cells =
                    changes.into_iter().flat_map(|(i, m)| YesNoMarks::edits(i, m)).collect();
                state.dispatch(frame::Action::Mark { kind: KIND, cells });
            })
        },
        on_key: {
            let (state, marks) = (ctx.state.clone(), own.clone());
            Callback::from(move |k: frame::KeyPress| {
                let i = k.at.0 * cols + k.at.1;
                let current = if answer_shown { YesNo::Open } else { marks.get(i) };
                let Some(mark) = page::key_mark(&k.key, current).filter(|_| !k.ctrl) else {
                    return false;
                };
                let cells = YesNoMarks::edits(i, mark);
                state.dispatch(frame::Action::Mark { kind: KIND, cells });
                true
            })
        },
    });
    // What follows from the puzzle alone, made again only when it changes, not at every mark.
    let forms = use_memo(w.puzzle.clone(), |_| (*puzzle).as_ref().map(Forms::of));
    let (Some(p), Some(forms)) = ((*puzzle).clone(), (*forms).clone()) else {
        return frame::no_puzzle(KIND, "Star Battle", ACCEPTS);
    };
    let n_cells = rows * cols;

    // What the board shows: an answer of the last solve, or the player's marks (with the stroke
    // in progress drawn as it would end).
    let (answer_rows, other_rows) = w.shown_answers();
    let answer: Option<Grid<bool>> =
        answer_rows.and_then(|rows| formats::stars_from_rows(&p, rows).ok());
    let other: Option<Grid<bool>> =
        other_rows.and_then(|rows| formats::stars_from_rows(&p, rows).ok());
    // While the explanation is scrubbed, the board shows its marks at that step.
    let base = frame::board_marks(&w).unwrap_or_else(|| own.clone());
    let hl = frame::highlight(KIND, &w);
    let mut marks: Vec<YesNo> = base.to_vec(n_cells);
    let player_stars = Grid::from_cells(rows, cols, marks.iter().map(|&m| m == STAR).collect())
        .expect("rows*cols marks");
    if let (Some(s), None) = (&input.stroke, &answer) {
        let cells: Vec<usize> = s.cells.iter().map(|&(r, c)| r * cols + c).collect();
        for (i, m) in page::stroke_marks(&base, &cells, s.secondary) {
            if let Some(slot) = marks.get_mut(i) {
                *slot = m;
            }
        }
    }
    let shown_stars = Grid::from_cells(rows, cols, marks.iter().map(|&m| m == STAR).collect())
        .expect("rows*cols marks");
    let shown = answer.clone().unwrap_or(shown_stars);
    let bad = if answer.is_some() || !autocheck {
        vec![false; n_cells]
    } else {
        page::conflicts(&p, &shown)
    };
    let placed = player_stars.cells().iter().filter(|&&s| s).count();
    let player_done = answer.is_none() && check::verify(&p, &player_stars).is_ok();

    let letters = &forms.letters;
    // The figures of the step shown (2x2 blocks, bands of lines, a contradiction's chain), each
    // drawn as one outline over the board.
    let step_shown = match (&w.explanation, &w.hint) {
        (Some((x, Some(k))), _) => x.steps.get(*k).cloned(),
        (_, Some(crate::hint::Hint::Step(s))) => Some(s.clone()),
        _ => None,
    };
    let figures = step_shown.map(|s| s.figures).unwrap_or_default();
    let cells = (0..n_cells).map(|i| {
        let (r, c) = (i / cols, i % cols);
        let [style, row, col, title] = forms.cells[i].clone();
        let class = classes!(
            "cell",
            (input.cursor == (r, c)).then_some("cursor"),
            bad[i].then_some("bad"),
            other.as_ref().is_some_and(|o| o[(r, c)] != shown[(r, c)]).then_some("differs"),
            answer.is_some().then_some("answer"),
            hl.classes(i),
        );
        let star = shown[(r, c)];
        let dot = answer.is_none() && marks[i] == DOT;
        html! {
            <div {class} {style} data-r={row} data-c={col}
                 data-star={if star { "1" } else { "0" }} data-dot={if dot { "1" } else { "0" }} {title}>
                { if star { "★" } else if dot { "·" } else { "" } }
                if let Some(l) = letters[i] { <span class="sb-letter" aria-hidden="true">{ l }</span> }
            </div>
        }
    });
    let board = input.board(classes!("board", "sb", "lined"), format!("--n:{cols}"), html! { <>
        { for cells }
        { forms.lines.clone() }
        if !figures.is_empty() {
            <svg class="sb-figures" viewBox={format!("0 0 {cols} {rows}")} preserveAspectRatio="none" aria-hidden="true">
                { for figures.iter().map(|f| html! { <path class="sb-figure" d={page::outline_path(cols, &f.cells)}><title>{ f.label.clone() }</title></path> }) }
            </svg>
        }
    </> });
    let toggle_check = Callback::from(move |_: Event| {
        set_autocheck.emit(Some(if autocheck { "off" } else { "on" }.to_string()))
    });
    let switch = html! {
        <label class="switch" title="Show stars that break a rule in red">
            <input id="autocheck" type="checkbox" checked={autocheck} onchange={toggle_check} />{ " Automatic check" }
        </label>
    };
    let progress = format!(
        "{placed} of {} stars placed{}.",
        rows * p.stars(),
        if bad.iter().any(|&b| b) { "; stars in red break a rule" } else { "" }
    );

    // Exports.
    let Forms { puzzlink, pzprv3, sbn, json, share, .. } = (*forms).clone();
    let solution: Option<Grid<bool>> = w
        .result
        .as_ref()
        .and_then(|r| r.solutions.first())
        .and_then(|rows| formats::stars_from_rows(&p, rows).ok());
    let draw = |g: Option<Grid<bool>>| {
        let p = p.clone();
        Callback::from(move |()| page::render_svg(&p, g.as_ref()))
    };
    let exports = vec![
        Export::text("pzprv3 file", "puzzle.pzprv3.txt", "text/plain", {
            let t = pzprv3.clone();
            move || t.clone()
        }),
        Export::text("Studio JSON", "puzzle.json", "application/json", {
            let j = json.clone();
            move || Ok(j.clone())
        }),
    ];
    let export_extra = html! { <>
        <div class="exports">
            { copy_field("export-share", "Share link", None, &share) }
            { copy_field("export-puzzlink", "puzz.link URL", None, &puzzlink) }
            { copy_field("export-sbn", "SBN (StarBattleLab)", Some("Star Battle Notation, as StarBattleLab shares puzzles"), &sbn) }
        </div>
        <pre id="export-json">{ json }</pre>
        if let Ok(file) = &pzprv3 { <pre id="export-pzprv3">{ file.clone() }</pre> }
    </> };
    let fits = super::generate::star_counts(*size);
    let stars = (*stars_wanted).min(*fits.last().unwrap_or(&1));
    let options = super::GenerateOptions {
        size: Some(*size),
        stars: Some(stars),
        difficulty: Some((*level).clone()),
    };
    let fields = html! { <>
        <label>{ "Size " }{ frame::select("gen-size", (5..=25).map(|s| (s, format!("{s}x{s}"))).collect(), *size, size.clone()) }</label>
        <label>{ " Stars " }{ frame::select("gen-stars", fits.iter().map(|&s| (s, s.to_string())).collect(), stars, stars_wanted.clone()) }</label>
        <label title="logic: any level a solver reaches without guessing; beyond: needs search; any: whatever comes first (fastest for big grids)">{ " Difficulty " }{ frame::select("gen-level", LEVELS.iter().map(|l| (l.to_string(), l.to_string())).collect(), (*level).clone(), level.clone()) }</label>
    </> };

    html! {
        <KindPage kind={KIND} class="starbattle" title="Star Battle"
            rules={format!("Place {} star{} in every row, every column and every outlined region. Stars never touch, not even diagonally. Tap or click: star. Long-press or right-click: dot (drag to dot more cells). Keys: arrows, Space or S: star, X or .: dot, Backspace: clear, Ctrl+Z.", p.stars(), if p.stars() == 1 { "" } else { "s" })}
            bar={Bar { check: false, clear: ("clear", "Clear my stars"), mine: Some("My stars") }} bar_extra={switch}
            {board} fit={Fit::new(format!("{rows}x{cols}"))}
            solved={player_done} {progress}
            links={puzzlink.clone().map(|u| vec![("Open in puzz.link".to_string(), u)]).unwrap_or_default()}
            solution={solution.clone().map(|g| draw(Some(g)))}
            solve={vec![Solve::new("solve", "Solve", Mode::Unique), Solve::new("count", "Count solutions", Mode::Count(1_000_000))]}
            generator={frame::Generator { fields, options: crate::kinds::generate_options_text::<StarBattle>(&options), label: "New puzzle" }}
            accepts={ACCEPTS}
            editor={html! { <StarBattleEditor /> }}
            {exports} {export_extra}
            pictures={Pictures { blank: draw(None), solved: solution.map(|g| draw(Some(g))) }} />
    }
}

/// The small picture on the home page's card for this kind.
pub fn card_picture() -> String {
    frame::card_picture(
        &["aabbb", "acbdd", "ccbdd", "ceedd", "eeeee"],
        |c| match c {
            'a' => "#fde2e4",
            'b' => "#dbe7f7",
            'c' => "#e6f4d7",
            'd' => "#fff1c1",
            _ => "#f0e2f7",
        },
        r##"<g font-size="10" text-anchor="middle" fill="#1d2430"><text x="18" y="10">★</text><text x="54" y="34">★</text><text x="6" y="46">★</text><text x="42" y="58">★</text><text x="30" y="22">★</text></g>"##,
    )
}
