//! The colour nonogram board's parts: clue runs as chips in their colours, and the palette bar.

use std::rc::Rc;

use yew::prelude::*;

use crate::kinds::colournono::page::{self, Paint, DOT};
use crate::kinds::colournono::{ColourNonogram, Run};
use crate::marks::CellMark;

/// A clue's runs as chips in their colours (greyed when finished); an empty line shows 0.
pub fn clue_chips(chips: &[Chip], done: &[bool]) -> Html {
    if chips.is_empty() {
        return html! { <span class="run none">{ "0" }</span> };
    }
    html! { <>{ for chips.iter().enumerate().map(|(j, chip)| {
        let [style, title, len] = chip.clone();
        html! { <span class={classes!("run", done.get(j).copied().unwrap_or(false).then_some("done"))} {style} {title}>{ len }</span> }
    }) }</> }
}

/// A clue run's chip, made once per puzzle: its style (the run's colour, and black or white text
/// on it), its title ("3 red") and its length.
pub type Chip = [AttrValue; 3];

/// The chips of each line's clue: the columns', then the rows'.
pub fn chips(p: &ColourNonogram) -> (Vec<Vec<Chip>>, Vec<Vec<Chip>>) {
    let line = |clue: &[Run]| -> Vec<Chip> {
        clue.iter()
            .map(|r| {
                let c = &p.palette()[usize::from(r.colour)];
                let style = format!("background:{};color:{}", c.hex(), page::text_on(c.rgb));
                let title = format!("{} {}", r.len, p.colour_name(usize::from(r.colour)));
                [style, title, r.len.to_string()].map(AttrValue::from)
            })
            .collect()
    };
    (p.cols().iter().map(|c| line(c)).collect(), p.rows().iter().map(|r| line(r)).collect())
}

/// The palette bar: a swatch per colour (key 1 to 9) and the dot; `tool` holds the one
/// picked, `tool_now` the one shown as picked.
pub fn palette_bar(p: &ColourNonogram, tool_now: Paint, tool: UseStateHandle<Paint>) -> Html {
    let colours = p.colours();
    let swatch = |mark: Paint| {
        let tool = tool.clone();
        let (label, style, text) = match page::colour_of_mark(mark) {
            Some(c) if c > 0 => {
                let col = &p.palette()[usize::from(c)];
                (
                    format!("Paint {} (key {c})", p.colour_name(usize::from(c))),
                    format!("background:{};color:{}", col.hex(), page::text_on(col.rgb)),
                    if c <= 9 { c.to_string() } else { String::new() },
                )
            }
            _ => (
                "Dot: known background (key X, right-click or long-press)".to_string(),
                String::new(),
                "•".to_string(),
            ),
        };
        let pressed = (mark == tool_now).to_string();
        html! {
            <button class={classes!("swatch", (mark == DOT).then_some("dot-tool"))} {style} aria-label={label.clone()} title={label} aria-pressed={pressed}
                data-mark={mark.value().to_string()} onclick={Callback::from(move |_: MouseEvent| tool.set(mark))}>{ text }</button>
        }
    };
    html! {
        <div class="cn-palette" role="group" aria-label="Palette">
            { for (1..=colours as u8).map(|c| swatch(page::mark_of_colour(c))) }
            { swatch(DOT) }
        </div>
    }
}

/// What the board shows that follows from the puzzle alone (a 30x30 board redraws 900 cells and
/// 60 clues at every mark): the clue chips, each colour's cell style, and numbers as attributes.
pub struct Forms {
    pub chips: (Vec<Vec<Chip>>, Vec<Vec<Chip>>),
    pub cell_styles: Vec<AttrValue>,
    pub numbers: Vec<AttrValue>,
}

impl Forms {
    pub fn of(p: &ColourNonogram) -> Rc<Forms> {
        let most = p.width().max(p.height()).max(p.colours() + 1).max(256);
        Rc::new(Forms {
            chips: chips(p),
            cell_styles: p
                .palette()
                .iter()
                .map(|c| AttrValue::from(format!("background-color:{}", c.hex())))
                .collect(),
            numbers: (0..most).map(|i| AttrValue::from(i.to_string())).collect(),
        })
    }
}
