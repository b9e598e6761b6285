//! The image page's colour mode, as pure functions: its controls and the options they ask for,
//! the panes (cell averages, the reduced picture, the puzzle with its givens) as SVG, and the
//! sentences of its status line. The component ([`crate::web`]'s `art/colour.rs`) only wires
//! these to inputs.

use serde::{Deserialize, Serialize};

use super::colour_art::{ColourArtResult, ColourOptions, ColourUnique};
use super::colours::{Background, MAX_COLOURS, MIN_COLOURS};
use super::controls::{DEFAULT_TIME_S, TIME_CHOICES};
use super::prepare::{MAX_CELLS, MIN_WIDTH};
use super::view::{cells_svg, with_rings};

/// The colour mode's controls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ColourControls {
    /// Grid width in cells.
    pub width: u32,
    /// Colours of the picture, the background included (2 to 8).
    pub colours: usize,
    /// Whether the border's colour becomes the background.
    pub background: bool,
    /// Givens for a unique answer, or for line logic alone, or no givens and an adjusted picture.
    pub unique: ColourUnique,
    /// Seconds minimising the givens may take.
    pub time_s: u32,
}

impl Default for ColourControls {
    /// 30 cells, 4 colours, background on, fewest givens, 30 s.
    fn default() -> Self {
        ColourControls {
            width: 30,
            colours: 4,
            background: true,
            unique: ColourUnique::Givens,
            time_s: DEFAULT_TIME_S,
        }
    }
}

/// Which control changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColourField {
    /// `#colour-width`.
    Width,
    /// `#colour-count`.
    Colours,
    /// `#colour-background` (a checkbox: `true`/`false`).
    Background,
    /// `#colour-unique` (`givens`, `logic` or `adjust`).
    Unique,
    /// `#colour-time` (seconds).
    Time,
}

/// The label of the colour-count control, saying what counts.
pub const COLOURS_LABEL: &str = "Colours (background included) ";

impl ColourControls {
    /// The controls after an input says `value`; a value that does not read, or lies outside
    /// the allowed range, is clamped or ignored.
    pub fn set(self, field: ColourField, value: &str) -> ColourControls {
        let mut c = self;
        let v = value.trim();
        match field {
            ColourField::Width => {
                if let Ok(w) = v.parse::<u32>() {
                    c.width = w.clamp(MIN_WIDTH, MAX_CELLS);
                }
            }
            ColourField::Colours => {
                if let Ok(k) = v.parse::<usize>() {
                    c.colours = k.clamp(MIN_COLOURS, MAX_COLOURS);
                }
            }
            ColourField::Background => c.background = v == "true",
            ColourField::Unique => {
                c.unique = super::colour_art::parse_unique(v).unwrap_or_default();
            }
            ColourField::Time => {
                if let Ok(t) = v.parse::<u32>() {
                    if TIME_CHOICES.contains(&t) {
                        c.time_s = t;
                    }
                }
            }
        }
        c
    }

    /// The pipeline options these controls ask for.
    pub fn options(&self) -> ColourOptions {
        let mut o = ColourOptions::new(self.width, self.colours);
        o.background = if self.background { Background::Auto } else { Background::None };
        o.unique = self.unique;
        o.budget.time_ms = Some(f64::from(self.time_s) * 1000.0);
        o
    }
}

/// The reduced picture as SVG, each cell its palette colour.
pub fn reduced_svg(r: &ColourArtResult) -> String {
    let red = &r.reduced;
    cells_svg(red.width, red.height, |i| hex(red.palette[usize::from(red.cells[i])]))
}

/// The cell averages as SVG.
pub fn averaged_svg(r: &ColourArtResult) -> String {
    cells_svg(r.reduced.width, r.reduced.height, |i| {
        hex(r.averaged.get(i).copied().unwrap_or([255, 255, 255]))
    })
}

/// The puzzle's starting grid as SVG: the given cells in their colours, the rest blank (light
/// grey, so an empty grid still reads as a grid).
pub fn givens_svg(r: &ColourArtResult) -> String {
    let red = &r.reduced;
    let mut shown = vec![false; red.cells.len()];
    for &g in &r.givens {
        if let Some(s) = shown.get_mut(g) {
            *s = true;
        }
    }
    cells_svg(red.width, red.height, |i| {
        if shown[i] {
            hex(red.palette[usize::from(red.cells[i])])
        } else {
            BLANK.to_string()
        }
    })
}

/// A blank cell of the puzzle pane.
pub const BLANK: &str = "#eceef2";

fn hex([r, g, b]: [u8; 3]) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// The panes side by side: caption and SVG. An adjusted picture (adjust mode) has its changed
/// cells ringed, on the picture and on the puzzle.
pub fn panes(r: &ColourArtResult) -> Vec<(String, String)> {
    let givens = match r.givens.len() {
        0 => "Puzzle: no given cells, the clues alone".to_string(),
        1 => "Puzzle: 1 given cell".to_string(),
        n => format!("Puzzle: {n} given cells"),
    };
    let w = r.reduced.width;
    match r.adjust.as_ref().filter(|a| a.reached) {
        Some(_) => {
            let picture = match r.changed.len() {
                0 => "Adjusted picture: no cell needed a change".to_string(),
                1 => "Adjusted picture: 1 changed cell, ringed".to_string(),
                n => format!("Adjusted picture: {n} changed cells, ringed"),
            };
            vec![
                ("Cell colours".to_string(), averaged_svg(r)),
                (picture, with_rings(reduced_svg(r), w, &r.changed)),
                (givens, with_rings(givens_svg(r), w, &r.changed)),
            ]
        }
        None => vec![
            ("Cell colours".to_string(), averaged_svg(r)),
            ("Reduced picture".to_string(), reduced_svg(r)),
            (givens, givens_svg(r)),
        ],
    }
}

/// The colours of the reduced picture (the unused background is not a colour of the picture):
/// the count chosen, less any merged as too alike to tell apart.
pub fn colours_of(r: &ColourArtResult) -> usize {
    r.reduced.palette.len() - usize::from(r.background == Background::None)
}

/// The result in one sentence: size, colours, givens and whether unique is proven.
pub fn result_sentence(r: &ColourArtResult) -> String {
    let red = &r.reduced;
    let givens = match r.givens.len() {
        0 => "no given cells".to_string(),
        1 => "1 given cell".to_string(),
        n => format!("{n} given cells"),
    };
    let bg = if r.background == Background::Auto {
        "one of them the background"
    } else {
        "no background colour"
    };
    let proof = match (r.proven_unique, r.final_proof) {
        (true, true) => {
            "proven unique (the solver found this picture, then searched for any other answer \
             and showed there is none)"
        }
        (true, false) => "unique (proven by the search; the final proof follows)",
        (false, _) => "NOT proven unique",
    };
    let adjusted;
    let minimal = if let Some(a) = r.adjust.as_ref() {
        adjusted = if a.reached {
            format!(
                "; line logic alone solves it, {} of its cells changed ({:.1}%)",
                a.changed,
                a.fraction * 100.0
            )
        } else {
            format!("; no adjusted picture line logic finishes was found{}, so it keeps line-logic givens", if a.stopped { " in time" } else { "" })
        };
        adjusted.as_str()
    } else if r.unique == ColourUnique::Adjust {
        "; adjusting the picture"
    } else if r.unique == ColourUnique::Logic {
        "; line logic alone solves it"
    } else if r.proven_minimal {
        "; no given can go"
    } else if r.out_of_time {
        "; the time ran out before every given was tried"
    } else {
        "; fewer givens may do"
    };
    let merged = match red.merged {
        0 => String::new(),
        1 => "; 1 colour asked for was merged into another, too alike to tell apart on a board"
            .to_string(),
        n => format!(
            "; {n} colours asked for were merged into others, too alike to tell apart on a board"
        ),
    };
    format!(
        "{}x{} cells in {} colours ({bg}{merged}), {givens}: {proof}{minimal}.",
        red.width,
        red.height,
        colours_of(r)
    )
}

/// Where the time went, in one sentence: reading the image, choosing the colours, the first
/// puzzle with one answer, taking out the givens it does not need (most of the time, up to the
/// time limit), the final check, and the whole.
pub fn times_sentence(r: &ColourArtResult) -> String {
    let t = &r.timings;
    let mut parts = Vec::new();
    if t.decode_ms > 0.0 {
        parts.push(format!("reading the image took {}", short_time(t.decode_ms)));
    }
    parts.push(format!("choosing the colours {}", short_time(t.reduce_ms)));
    parts.push(format!(
        "a first puzzle with one answer was ready after {}",
        short_time(t.first_unique_ms)
    ));
    if t.givens_ms > 0.0 {
        let limit = if r.out_of_time { ", until the time limit" } else { "" };
        parts.push(format!(
            "finding the givens and taking out those not needed took {}{limit}",
            short_time(t.givens_ms)
        ));
    }
    if t.proof_ms > 0.0 {
        parts.push(format!(
            "the final check that it has only one answer {}",
            short_time(t.proof_ms)
        ));
    }
    let mut s = parts.join("; ");
    if let Some(first) = s.get(..1) {
        s = first.to_uppercase() + &s[1..];
    }
    format!("{s}; {} in all.", short_time(t.total_ms))
}

/// A short time for people: `40 ms`, `1.3 s`.
pub fn short_time(ms: f64) -> String {
    if ms < 1000.0 {
        format!("{} ms", ms.max(0.0).round())
    } else {
        format!("{:.1} s", ms / 1000.0)
    }
}

/// The colour nonogram page's address for the puzzle (`#colournono/v1/…`).
pub fn play_href(r: &ColourArtResult) -> String {
    format!("#{}", r.fragment)
}
