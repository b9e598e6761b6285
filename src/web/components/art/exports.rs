//! What a result offers: Play this, its share link, its Tatham ID, and the `.non`, SVG and PNG
//! files (through [`download`], a failure said in a notice); for a colour result
//! ([`ColourExports`]) its share link, webpbn XML, coloured `.non`, Olšák's `.g`, SVG and PNG.

use std::rc::Rc;

use yew::prelude::*;

use crate::art::pipeline::ArtResult;
use crate::kinds::nonogram::{self, Format, Nonogram};
use crate::web::components::share::Share;
use crate::web::ctx::Ctx;
use crate::web::download;
use crate::web::state::{Action, Severity};

/// The files offered, in button order: (label, file name, what it holds).
const FILES: [(&str, &str, File); 5] = [
    (".non", "puzzle.non", File::Non),
    ("SVG (blank)", "puzzle.svg", File::Svg { solved: false }),
    ("PNG (blank)", "puzzle.png", File::Png { solved: false }),
    ("SVG (solution)", "solution.svg", File::Svg { solved: true }),
    ("PNG (solution)", "solution.png", File::Png { solved: true }),
];

/// What a downloaded file holds.
#[derive(Clone, Copy)]
enum File {
    /// The puzzle as a `.non` file.
    Non,
    /// The puzzle drawn blank or solved, as SVG.
    Svg { solved: bool },
    /// The same picture as PNG, drawn at its own size.
    Png { solved: bool },
}

/// Saves `file` of the puzzle `p` (whose answer is `r`'s picture) as `name`.
fn save(r: &ArtResult, p: &Nonogram, name: &str, file: File) -> Result<(), String> {
    let picture = |solved: bool| nonogram::picture_svg(p, solved.then_some(&r.picture));
    match file {
        File::Non => download::text(name, "text/plain", &nonogram::export(p, Format::Non)?),
        File::Svg { solved } => download::text(name, "image/svg+xml", &picture(solved)),
        File::Png { solved } => download::svg_as_png(name, &picture(solved), 1.0),
    }
}

/// The result to export.
#[derive(Properties, PartialEq)]
pub struct ExportsProps {
    /// The result on screen.
    pub result: Rc<ArtResult>,
}

/// The exports row (`.art-exports`).
#[component]
pub fn Exports(props: &ExportsProps) -> Html {
    let ctx = use_context::<Ctx>().expect("inside the app");
    let r = &props.result;
    let p = Rc::new(r.puzzle());
    let play = {
        let (go, fragment) = (ctx.go.clone(), r.fragment.clone());
        Callback::from(move |_: MouseEvent| go.emit(fragment.clone()))
    };
    // Tatham's ID holds any nonogram; were it refused, the field would say why.
    let tatham = nonogram::export(&p, Format::Tatham).unwrap_or_else(|why| why);
    let buttons = FILES.iter().map(|&(label, name, file)| {
        let (r, p, state) = (r.clone(), p.clone(), ctx.state.clone());
        let onclick = Callback::from(move |_: MouseEvent| match save(&r, &p, name, file) {
            Err(e) => state
                .dispatch(Action::Notify(Severity::Error, format!("Could not save {name}: {e}"))),
            Ok(()) => {
                let note = matches!(file, File::Non)
                    .then(|| nonogram::export_note(&p, Format::Non))
                    .flatten();
                if let Some(note) = note {
                    state.dispatch(Action::Notify(Severity::Info, note));
                }
            }
        });
        html! { <button {onclick}>{ label }</button> }
    });
    html! {
        <div class="art-exports">
            <button id="art-play" onclick={play}>{ "Play this" }</button>
            <Share fragment={r.fragment.clone()} />
            <label for="art-tatham">{ "Tatham Pattern ID (with givens)" }</label>
            <input id="art-tatham" readonly=true value={tatham} />
            <div class="downloads">{ for buttons }</div>
        </div>
    }
}

/// The colour result to export.
#[derive(Properties, PartialEq)]
pub struct ColourExportsProps {
    /// The colour result on screen.
    pub result: Rc<crate::art::colour_art::ColourArtResult>,
}

/// The colour mode's exports row (`#colour-exports`): the same offers as black and white, in the
/// colour nonogram's own formats.
#[component]
pub fn ColourExports(props: &ColourExportsProps) -> Html {
    use crate::kinds::colournono::{non, olsak, page, xml};
    use crate::web::actions;
    let ctx = use_context::<Ctx>().expect("inside the app");
    let r = &props.result;
    let p = match r.puzzle() {
        Ok(p) => Rc::new(p),
        Err(e) => {
            return html! { <p id="colour-exports" class="art-exports">{ format!("No exports: {e}") }</p> }
        }
    };
    let text = |label: &'static str,
                file: &'static str,
                mime: &'static str,
                f: fn(&crate::kinds::colournono::ColourNonogram) -> String| {
        let note = page::givens_note(&p, label);
        let p = p.clone();
        actions::text_export(&ctx, label, file, mime, move || Ok(f(&*p)), note)
    };
    let blank = {
        let p = p.clone();
        move || page::render_svg(&p, None)
    };
    let solved = p.goal().cloned().map(|g| {
        let p = p.clone();
        move || page::render_svg(&p, Some(&g))
    });
    html! {
        <div id="colour-exports" class="art-exports">
            <Share fragment={r.fragment.clone()} />
            <div class="downloads">
                { text("webpbn XML", "puzzle.xml", "application/xml", xml::to_xml) }
                { text("Coloured .non", "puzzle.non", "text/plain", non::to_non) }
                { text("Olšák .g", "puzzle.g", "text/plain", olsak::to_g) }
                { actions::picture_buttons(&ctx, blank, solved) }
            </div>
        </div>
    }
}
