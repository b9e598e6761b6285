//! The share box: the studio link for the puzzle on screen (the puzzle alone, or with the
//! player's marks: "with my progress", [`crate::link::progress_fragment`]), plus outside links
//! where they exist, and what a printout carries besides the board: the link as text and, when
//! asked for and known, the solution on a second page.

use yew::prelude::*;

use crate::kinds::{self, Kind};
use crate::web::ctx::Ctx;
use crate::web::storage;

/// The remembered "print the solution too" switch.
const PRINT_SOLUTION: &str = "print-solution";

/// Props: the fragment and any extra links.
#[derive(Properties, PartialEq)]
pub struct Props {
    /// The share fragment without `#`.
    pub fragment: String,
    /// Other places this puzzle opens, as (label, url).
    #[prop_or_default]
    pub extra: Vec<(String, String)>,
    /// Draws the verified solution as SVG text, when one is known: printed on a second page
    /// when the user asks for it. Called only then, so big boards pay nothing for it.
    #[prop_or_default]
    pub solution: Option<Callback<(), String>>,
    /// Names the solution `solution` draws (for example its answer rows): the picture is redrawn
    /// only when this changes.
    #[prop_or_default]
    pub solution_key: AttrValue,
}

/// The key a page passes as `solution_key`: its verified answer rows, joined.
pub fn answer_key(rows: Option<&Vec<String>>) -> AttrValue {
    rows.map(|r| AttrValue::from(r.concat())).unwrap_or_default()
}

/// The full studio link for a share fragment (without `#`), on this page's address.
pub fn link_for(fragment: &str) -> String {
    format!("{}#{fragment}", page_base())
}

fn page_base() -> String {
    web_sys::window()
        .and_then(|w| w.location().href().ok())
        .map(|h| h.split('#').next().unwrap_or("").to_string())
        .unwrap_or_default()
}

/// A read-only link field with a Copy button.
#[component]
pub fn Share(props: &Props) -> Html {
    let ctx = use_context::<Ctx>();
    // The player's marks, when the puzzle shared is the one on its kind's board.
    let kind = props.fragment.split('/').next().and_then(Kind::from_id);
    let workshop = kind.zip(ctx.as_ref()).map(|(k, c)| c.state.workshop(k));
    let on_board = use_memo(
        (kind, workshop.as_ref().and_then(|w| w.puzzle.clone()), props.fragment.clone()),
        |(kind, puzzle, fragment)| match (kind, puzzle) {
            (Some(k), Some(p)) => kinds::share_fragment(*k, p).is_ok_and(|f| &f == fragment),
            _ => false,
        },
    );
    let marks: Vec<u8> =
        workshop.filter(|_| *on_board).map(|w| w.marks.clone()).unwrap_or_default();
    let marked = marks.iter().filter(|&&m| m != 0).count();
    let with_progress = use_state(|| false);
    let progress = *with_progress && marked > 0;
    let puzzle_url = link_for(&props.fragment);
    let url = if progress {
        link_for(&crate::link::progress_fragment(&props.fragment, &marks))
    } else {
        puzzle_url.clone()
    };
    let choose = |on: bool| {
        let with_progress = with_progress.clone();
        Callback::from(move |_: Event| with_progress.set(on))
    };
    let copied = use_state(|| false);
    // "Copied" speaks of the link that was copied: a new link starts unsaid.
    {
        let copied = copied.clone();
        use_effect_with(url.clone(), move |_| {
            copied.set(false);
            || ()
        });
    }
    let copy = {
        let url = url.clone();
        let copied = copied.clone();
        Callback::from(move |_| {
            if let Some(w) = web_sys::window() {
                let _ = w.navigator().clipboard().write_text(&url);
                copied.set(true);
            }
        })
    };
    let print_solution = use_state(|| storage::setting(PRINT_SOLUTION).as_deref() == Some("1"));
    let toggle_print = {
        let print_solution = print_solution.clone();
        Callback::from(move |e: Event| {
            let on = e.target_dyn_into::<web_sys::HtmlInputElement>().is_some_and(|i| i.checked());
            storage::set_setting(PRINT_SOLUTION, if on { "1" } else { "0" });
            print_solution.set(on);
        })
    };
    let wanted = *print_solution && props.solution.is_some();
    let solution_svg = {
        let draw = props.solution.clone();
        use_memo((wanted, props.solution_key.clone()), move |(wanted, _)| {
            if *wanted {
                draw.map(|d| d.emit(()))
            } else {
                None
            }
        })
    };
    html! {
        <div class="share">
            <label for="share-link">{ "Share link" }</label>
            <span class="share-what" role="radiogroup" aria-label="What the link carries">
                <label><input id="share-puzzle" type="radio" name="share-what" checked={!progress} onchange={choose(false)} />{ " The puzzle" }</label>
                <label title={if marked == 0 { "Make a mark first" } else { "Your marks travel in the link" }}>
                    <input id="share-progress" type="radio" name="share-what" checked={progress} disabled={marked == 0} onchange={choose(true)} />
                    { format!(" With my progress ({marked} mark{})", if marked == 1 { "" } else { "s" }) }
                </label>
            </span>
            <input id="share-link" readonly=true value={url.clone()} data-progress={progress.to_string()} onfocus={Callback::from(|e: FocusEvent| {
                if let Some(t) = e.target_dyn_into::<web_sys::HtmlInputElement>() { t.select(); }
            })} />
            <button onclick={copy}>{ if *copied { "Copied" } else { "Copy" } }</button>
            { for props.extra.iter().map(|(label, href)| html! { <a class="extra-link" href={href.clone()} target="_blank" rel="noopener">{ label.clone() }</a> }) }
            <p id="print-link" class="print-link">{ puzzle_url }</p>
            <label class="print-choice" title={if props.solution.is_some() { "When you print this page" } else { "Solve the puzzle first" }}>
                <input id="print-solution" type="checkbox" checked={*print_solution} disabled={props.solution.is_none()} onchange={toggle_print} />
                { " Print the solution on a second page" }
            </label>
            if let Some(svg) = (*solution_svg).clone() {
                <div id="print-solution-page" class="print-solution">
                    <h2>{ "Solution" }</h2>
                    { Html::from_html_unchecked(AttrValue::from(svg)) }
                </div>
            }
        </div>
    }
}

/// What [`CopyCode`] shows.
#[derive(Properties, PartialEq)]
pub struct CopyCodeProps {
    /// The `id` of the `<code>` holding the text.
    pub id: AttrValue,
    /// What the text is, before it ("Tatham Keen ID").
    pub label: AttrValue,
    /// The text to show and copy.
    pub text: AttrValue,
}

/// A text a person takes elsewhere (a Tatham game ID): shown in full, with a Copy button that
/// says "Copied" for this text until it changes.
#[component]
pub fn CopyCode(props: &CopyCodeProps) -> Html {
    let copied = use_state(|| false);
    {
        let copied = copied.clone();
        use_effect_with(props.text.clone(), move |_| {
            copied.set(false);
            || ()
        });
    }
    let copy = {
        let (text, copied) = (props.text.clone(), copied.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(w) = web_sys::window() {
                let _ = w.navigator().clipboard().write_text(&text);
                copied.set(true);
            }
        })
    };
    html! {
        <p class="copy-code">{ format!("{}: ", props.label) }<code id={props.id.clone()}>{ props.text.clone() }</code>
            <button class="copy-code-button" aria-label={format!("Copy the {}", props.label)} onclick={copy}>{ if *copied { "Copied" } else { "Copy" } }</button>
        </p>
    }
}
