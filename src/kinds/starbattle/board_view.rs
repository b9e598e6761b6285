//! What the Star Battle board shows that follows from the puzzle alone, made once per puzzle
//! (the board redraws at every mark): the exports, the regions' letters, the lines and each
//! cell's attributes.

use std::rc::Rc;

use yew::prelude::*;

use crate::kinds::starbattle::page;
use crate::kinds::starbattle::{formats, StarBattle};
use crate::puzzle::Puzzle;
use crate::web::frame;

/// What the page shows that follows from the puzzle alone: its other forms, the regions'
/// letters and the board's lines.
#[derive(Clone)]
pub struct Forms {
    pub puzzlink: Result<String, String>,
    pub pzprv3: Result<String, String>,
    pub sbn: Result<String, String>,
    pub json: String,
    pub share: Result<String, String>,
    pub letters: Vec<Option<char>>,
    pub lines: Html,
    /// Each cell's style, row, column and title, made once (a board redraws at every mark).
    pub cells: Vec<[AttrValue; 4]>,
}

impl Forms {
    pub fn of(p: &StarBattle) -> Rc<Forms> {
        let obstacle = || formats::puzzlink_obstacle(p).unwrap_or_default();
        let labels = p.regions().cells();
        let (rows, cols) = (p.rows(), p.cols());
        Rc::new(Forms {
            puzzlink: formats::to_puzzlink(p).ok_or_else(obstacle),
            pzprv3: formats::to_pzprv3(p, None).ok_or_else(obstacle),
            sbn: formats::to_sbn(p),
            json: p.to_json().to_string(),
            share: Ok(frame::link_for(&crate::link::fragment(p))),
            letters: page::region_letters(p),
            cells: (0..rows * cols)
                .map(|i| {
                    let g = labels[i];
                    let title = match g {
                        Some(g) => format!("region {}", StarBattle::letter(g)),
                        None => "no region".into(),
                    };
                    let (r, c) = ((i / cols).to_string(), (i % cols).to_string());
                    [format!("background:{}", page::fill(g)), r, c, title].map(AttrValue::from)
                })
                .collect(),
            lines: frame::lines_layer(
                rows,
                cols,
                crate::board_lines::lines(rows, cols, |i| labels[i]),
            ),
        })
    }
}
