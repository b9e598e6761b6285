//! [`KindPage`]: the page every kind shares, drawn once. A kind gives its board and what else
//! differs as [`PageProps`]; the frame owns the order of the parts, the play bar's buttons, the
//! Check and solve requests, the answer sentence, and where a result is brought into view.

use yew::prelude::*;

use crate::jobs::Request;
use crate::kinds::{self, Kind};
use crate::puzzle::Mode;
use crate::web::actions;
use crate::web::components::{
    clock::PlayClock,
    hint::HintPanel,
    import::Import,
    share::{answer_key, Share},
    status::Status,
    zoom::Zoom,
};
use crate::web::ctx::Ctx;
use crate::web::scroll;
use crate::web::state::{Action, Live, Severity, Work};

/// The play bar's own buttons (Hint is the hint panel's).
#[derive(Clone, PartialEq)]
pub struct Bar {
    /// Whether Check (the player's grid against the proven answer) is offered.
    pub check: bool,
    /// The id and label of the button that clears the player's marks.
    pub clear: (&'static str, &'static str),
    /// The label of the button showing the player's marks beside the last solve's answers
    /// (`None`: the board never shows an answer in place of the marks).
    pub mine: Option<&'static str>,
}

impl Default for Bar {
    fn default() -> Self {
        Bar { check: true, clear: ("clear", "Clear"), mine: Some("My grid") }
    }
}

/// How the board is zoomed ([`crate::web::components::zoom`]).
#[derive(Clone, PartialEq)]
pub struct Fit {
    /// Anything that changes with the board's size ("15x10"), so fit is measured again.
    pub size: String,
    /// The smallest zoom fit may choose.
    pub min: f64,
    /// Whether the board is played by touching its cells (a phone keeps them large enough).
    pub touch: bool,
}

impl Fit {
    /// A board of `size`, played by touch, fit down to half size.
    pub fn new(size: impl Into<String>) -> Fit {
        Fit { size: size.into(), min: 0.5, touch: true }
    }
}

/// A button of the solver panel: its id, label and mode; the jobs it sends (none: one job in
/// `mode` with default options; two or more race, the first checked answer winning).
#[derive(Clone, PartialEq)]
pub struct Solve {
    /// The button's id ("solve", "count").
    pub id: &'static str,
    /// Its label.
    pub label: &'static str,
    /// What the jobs find.
    pub mode: Mode,
    /// The jobs to send, when not the default one.
    pub requests: Vec<Request>,
}

impl Solve {
    /// A button that sends one job in `mode` with default options.
    pub fn new(id: &'static str, label: &'static str, mode: Mode) -> Solve {
        Solve { id, label, mode, requests: Vec::new() }
    }
}

/// The generator row: the kind's fields, and the button that asks for a new puzzle.
#[derive(Clone, PartialEq)]
pub struct Generator {
    /// The kind's settings (labelled selects).
    pub fields: Html,
    /// The options as the worker reads them ([`crate::kinds::generate_options_text`]).
    pub options: String,
    /// The button's label ("New puzzle").
    pub label: &'static str,
}

/// A file the Export box offers, made on click; an `Err` is said as a notice.
#[derive(Clone, PartialEq)]
pub enum Export {
    /// A text file: label, file name, MIME type, its text, and what the file leaves out of the
    /// puzzle (said as a notice once it is saved).
    Text(
        &'static str,
        &'static str,
        &'static str,
        Callback<(), Result<String, String>>,
        Option<String>,
    ),
    /// A PNG drawn from SVG text at twice its size: label, file name, and the SVG.
    Png(&'static str, &'static str, Callback<(), String>),
}

impl Export {
    /// A text export made by `body`.
    pub fn text(
        label: &'static str,
        file: &'static str,
        mime: &'static str,
        body: impl Fn() -> Result<String, String> + 'static,
    ) -> Export {
        Export::Text(label, file, mime, Callback::from(move |()| body()), None)
    }

    /// The export, saying `note` once its file is saved (what the format leaves out).
    pub fn noted(self, note: Option<String>) -> Export {
        match self {
            Export::Text(label, file, mime, body, _) => Export::Text(label, file, mime, body, note),
            png => png,
        }
    }
}

/// The picture exports: the blank puzzle, and the solution once one is proven (SVG text).
#[derive(Clone, PartialEq)]
pub struct Pictures {
    /// The blank puzzle.
    pub blank: Callback<(), String>,
    /// The solved puzzle, when an answer is known.
    pub solved: Option<Callback<(), String>>,
}

/// What a kind gives the frame. Slots left empty draw nothing.
#[derive(Properties, PartialEq)]
pub struct PageProps {
    /// The kind of the page.
    pub kind: Kind,
    /// The page's class besides `workshop` (the kind's id).
    pub class: &'static str,
    /// The heading.
    pub title: AttrValue,
    /// The rules and the controls in a few sentences (one line on a phone until opened).
    pub rules: AttrValue,
    /// A note under the rules (given cells).
    #[prop_or_default]
    pub note: Html,
    /// The play bar's buttons.
    #[prop_or_default]
    pub bar: Bar,
    /// More of the play bar (a switch).
    #[prop_or_default]
    pub bar_extra: Html,
    /// Called before Undo, Redo and Clear act (a kind resets its own view).
    #[prop_or_default]
    pub on_history: Callback<()>,
    /// Tools between the play bar and the board (a palette, colour buttons, a form).
    #[prop_or_default]
    pub tools: Html,
    /// The board.
    pub board: Html,
    /// The board's zoom (`None`: the board is drawn as it is).
    #[prop_or_default]
    pub fit: Option<Fit>,
    /// Right under the board (a keypad).
    #[prop_or_default]
    pub under: Html,
    /// Whether the player's own marks solve the puzzle now.
    #[prop_or_default]
    pub solved: bool,
    /// The progress line's own sentence while no answer is shown (`None`: no progress line).
    #[prop_or(Some(AttrValue::Static("")))]
    pub progress: Option<AttrValue>,
    /// Shown in place of the progress line (Flood-It's move counter).
    #[prop_or_default]
    pub counter: Option<Html>,
    /// Whether the clock counts moves too.
    #[prop_or(true)]
    pub count_moves: bool,
    /// When the clock stops, if not at `solved`.
    #[prop_or_default]
    pub clock_solved: Option<bool>,
    /// After the clock (a certificate, a lab's results).
    #[prop_or_default]
    pub after: Html,
    /// Other places the puzzle opens, as (label, url).
    #[prop_or_default]
    pub links: Vec<(String, String)>,
    /// The solution as SVG text, for printing, once proven.
    #[prop_or_default]
    pub solution: Option<Callback<(), String>>,
    /// After the share box (an outside ID).
    #[prop_or_default]
    pub after_share: Html,
    /// The solver panel's buttons.
    #[prop_or_default]
    pub solve: Vec<Solve>,
    /// More of the solver panel (its settings).
    #[prop_or_default]
    pub solver_extra: Html,
    /// The generator row.
    #[prop_or_default]
    pub generator: Option<Generator>,
    /// What the import box accepts, in words.
    pub accepts: AttrValue,
    /// The editor (a `<details>` section).
    #[prop_or_default]
    pub editor: Html,
    /// The export files.
    #[prop_or_default]
    pub exports: Vec<Export>,
    /// The picture exports.
    #[prop_or_default]
    pub pictures: Option<Pictures>,
    /// More of the Export box, above its buttons (fields to copy, the text shown).
    #[prop_or_default]
    pub export_extra: Html,
}

/// The page before any puzzle opened (a link that could not be read): title, status, import.
pub fn no_puzzle(kind: Kind, title: &'static str, accepts: &'static str) -> Html {
    html! {
        <section class="workshop">
            <h1>{ title }</h1>
            <Status {kind} />
            <Import {kind} {accepts} />
        </section>
    }
}

/// The live snapshot of `kind`'s running job: its data, and (index, count) of the racing
/// worker that sent it.
#[hook]
pub fn use_snapshot(kind: Kind) -> Option<(String, Option<(u32, u32)>)> {
    let ctx = use_context::<Ctx>().expect("inside the app");
    let live = use_context::<UseReducerHandle<Live>>().expect("inside the app");
    let job = ctx.state.busy_kind(kind).map(|b| b.job)?;
    let s = live.of(job)?.snapshot.as_ref()?;
    Some((s.data.clone(), s.worker))
}

/// Brings `#status` into view when it is off screen: a verdict or a finding is said where the
/// player looks, whichever button asked for it. On a phone the hint panel sticks to the bottom
/// of the screen, so the screen ends at the panel's top: a finding under the panel is scrolled
/// just above it.
fn show_status() {
    let Some(window) = web_sys::window() else { return };
    let Some(doc) = window.document() else { return };
    let Some(status) = doc.get_element_by_id("status") else { return };
    let on_screen =
        |rect: &web_sys::DomRect, height: f64| rect.top() >= 0.0 && rect.bottom() <= height;
    if scroll::bring_into_view(&status, 0.3, on_screen) {
        return;
    }
    let rect = status.get_bounding_client_rect();
    let height = scroll::screen_height();
    // The stuck panel's top (only a panel that sticks: on a wide screen it sits below the status).
    let sticky = |p: &web_sys::Element| crate::web::components::hint::sticks(&window, p);
    let panel_top = doc
        .get_element_by_id("hint-panel")
        .filter(sticky)
        .map(|p| p.get_bounding_client_rect().top())
        .filter(|&t| t < height);
    let bottom = panel_top.unwrap_or(height);
    if rect.bottom() > bottom - 6.0 {
        let _ = window.scroll_by_with_x_and_y(0.0, rect.bottom() - bottom + 12.0);
    }
}

/// The page of a kind; see the module documentation.
#[component]
pub fn KindPage(props: &PageProps) -> Html {
    let ctx = use_context::<Ctx>().expect("inside the app");
    let kind = props.kind;
    let w = ctx.state.workshop(kind);
    let job = ctx.state.busy_kind(kind);
    let busy = job.is_some();
    let rules_open = use_state(|| false);

    // A solve's verdict (its early answer too, while the rating is worked out) or Check's
    // finding is brought into view when it arrives; so are a solve's or a generator's progress
    // and Cancel when it starts (pressed in the Solver panel or the New puzzle row, below the
    // board, the status line is off the top of the screen, and the page looked idle).
    {
        let solving = job.filter(|b| matches!(b.work, Work::Solve(_))).map(|b| b.job);
        let long = job.filter(|b| matches!(b.work, Work::Solve(_) | Work::Generate)).map(|b| b.job);
        let early = solving.is_some() && w.result.as_ref().is_some_and(|r| r.rating_pending);
        let seen = use_mut_ref(|| (solving, w.checked.clone(), early, long));
        let now = (solving, w.checked.clone(), early, long);
        use_effect_with(now, move |now| {
            let before = seen.replace(now.clone());
            let solved = before.0.is_some() && now.0.is_none();
            let checked = now.1.is_some() && before.1 != now.1;
            let answered = now.2 && !before.2;
            let started = now.3.is_some() && before.3 != now.3;
            if solved || checked || answered || started {
                // After this render is in the page.
                gloo_timers::callback::Timeout::new(0, show_status).forget();
            }
            || ()
        });
    }

    let text = w.puzzle.clone().unwrap_or_default();
    let solve_job = |s: &Solve| {
        let (run, race, text, s) = (ctx.run.clone(), ctx.race.clone(), text.clone(), s.clone());
        Callback::from(move |_: MouseEvent| match s.requests.len() {
            0 => run.emit((
                Work::Solve(s.mode),
                Request::Solve { kind, puzzle: text.clone(), mode: s.mode, options: String::new() },
            )),
            1 => run.emit((Work::Solve(s.mode), s.requests[0].clone())),
            _ => race.emit((Work::Solve(s.mode), s.requests.clone())),
        })
    };
    let check = {
        let (state, run, text, has_result) =
            (ctx.state.clone(), ctx.run.clone(), text.clone(), w.result.is_some());
        Callback::from(move |_: MouseEvent| {
            state.dispatch(Action::Check(kind));
            if !has_result {
                let mode = Mode::Unique;
                let request =
                    Request::Solve { kind, puzzle: text.clone(), mode, options: String::new() };
                run.emit((Work::Solve(mode), request));
            }
        })
    };
    let history = |action: Action| {
        let (state, before) = (ctx.state.clone(), props.on_history.clone());
        Callback::from(move |_: MouseEvent| {
            before.emit(());
            state.dispatch(action.clone())
        })
    };
    let (clear_id, clear_label) = props.bar.clear;
    let play_bar = html! {
        <div id="play-bar" class="toolbar play-bar">
            if props.bar.check {
                <button id="check" disabled={busy} onclick={check}>{ "Check" }</button>
            }
            <button id="undo" disabled={w.undo.is_empty()} onclick={history(Action::Undo(kind))}>{ "Undo" }</button>
            <button id="redo" disabled={w.redo.is_empty()} onclick={history(Action::Redo(kind))}>{ "Redo" }</button>
            <button id={clear_id} onclick={history(Action::ClearMarks(kind))}>{ clear_label }</button>
            if let Some(mine) = props.bar.mine { { actions::view_buttons(&ctx, kind, &w, mine) } }
            { props.bar_extra.clone() }
        </div>
    };
    let board = match &props.fit {
        Some(f) => html! {
            <Zoom size={f.size.clone()} min_fit={f.min} touch={f.touch}>{ props.board.clone() }</Zoom>
        },
        None => props.board.clone(),
    };
    let (answer, other) = w.shown_answers();
    let progress = props.progress.as_ref().map(|own| {
        let sentence = match (answer.is_some(), other.is_some()) {
            (true, true) => {
                AttrValue::Static("Showing a verified answer; the ringed cells differ between the two answers.")
            }
            (true, false) => AttrValue::Static("Showing the verified answer."),
            _ => own.clone(),
        };
        let solved = props.solved && answer.is_none();
        html! { <p id="progress" class={classes!("progress", solved.then_some("solved"))}>{ sentence }</p> }
    });
    // The share link's fragment, made again only when the puzzle changes, not at every mark.
    let fragment = use_memo((kind, text.clone()), |(kind, text)| {
        kinds::share_fragment(*kind, text).unwrap_or_default()
    });
    let fragment = (*fragment).clone();
    let solution_key = answer_key(w.result.as_ref().and_then(|r| r.solutions.first()));
    let solver = (!props.solve.is_empty()).then(|| {
        actions::solver_panel(html! { <>
            { for props.solve.iter().map(|s| html! {
                <button id={s.id} disabled={busy} onclick={solve_job(s)}>{ s.label }</button>
            }) }
            { props.solver_extra.clone() }
        </> })
    });
    // The New puzzle row's request, also offered by the solved moment (one more like it).
    let new_puzzle = props.generator.as_ref().map(|g| {
        let (run, options) = (ctx.run.clone(), g.options.clone());
        let onclick = Callback::from(move |_: MouseEvent| {
            let seed = js_sys::Date::now() as u64;
            let request =
                Request::Generate { kind, options: options.clone(), seed, timeout_ms: None };
            run.emit((Work::Generate, request))
        });
        (g.label, onclick)
    });
    let generator = props.generator.as_ref().zip(new_puzzle.clone()).map(|(g, (_, onclick))| {
        html! {
            <div class="generate">
                { g.fields.clone() }
                <button id="generate" disabled={busy} {onclick}>{ g.label }</button>
            </div>
        }
    });
    let exports = (!props.exports.is_empty() || props.pictures.is_some()).then(|| {
        let buttons = props.exports.iter().map(|e| export_button(&ctx, e));
        let pictures = props.pictures.as_ref().map(|p| {
            let (blank, solved) = (p.blank.clone(), p.solved.clone());
            actions::picture_buttons(
                &ctx,
                move || blank.emit(()),
                solved.map(|s| move || s.emit(())),
            )
        });
        html! {
            <details class="export">
                <summary>{ "Export" }</summary>
                { props.export_extra.clone() }
                <div class="row wrap">{ for buttons }</div>
                { for pictures }
            </details>
        }
    });
    let toggle_rules = {
        let open = rules_open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    let clock_solved = props.clock_solved.unwrap_or(props.solved);

    html! {
        <section class={classes!("workshop", props.class)}>
            <h1>{ props.title.clone() }</h1>
            <div class={classes!("rules-box", rules_open.then_some("open"))}>
                <p id="rules" class="rules">{ props.rules.clone() }</p>
                <button class="rules-more" aria-controls="rules" aria-expanded={rules_open.to_string()}
                        onclick={toggle_rules}>{ if *rules_open { "Less" } else { "Rules" } }</button>
            </div>
            { props.note.clone() }
            { play_bar }
            { props.tools.clone() }
            <Status {kind} />
            { board }
            <HintPanel {kind} done={props.solved} next={new_puzzle} />
            { props.under.clone() }
            { props.counter.clone().or(progress).unwrap_or_default() }
            <PlayClock {kind} solved={clock_solved} count_moves={props.count_moves} />
            { props.after.clone() }
            // No puzzle, no link: a page left by a link that could not be read offers no `…/#`.
            if !fragment.is_empty() {
                <Share {fragment} extra={props.links.clone()} solution={props.solution.clone()} {solution_key} />
            }
            { props.after_share.clone() }
            { for solver }
            { for generator }
            <Import {kind} accepts={props.accepts.clone()} />
            { props.editor.clone() }
            { for exports }
        </section>
    }
}

/// One button of the Export box (class `export-format`).
fn export_button(ctx: &Ctx, e: &Export) -> Html {
    match e.clone() {
        Export::Text(label, file, mime, body, note) => {
            let body = move || body.emit(());
            actions::text_export(ctx, label, file, mime, body, note)
        }
        Export::Png(label, file, svg) => {
            let state = ctx.state.clone();
            let onclick = Callback::from(move |_: MouseEvent| {
                if let Err(e) = crate::web::download::svg_as_png(file, &svg.emit(()), 2.0) {
                    let message = format!("Could not save {file}: {e}");
                    state.dispatch(Action::Notify(Severity::Error, message));
                }
            });
            html! { <button class="export-format" {onclick}>{ label }</button> }
        }
    }
}
