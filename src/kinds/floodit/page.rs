//! Pure functions behind the Flood-It page: moves kept as marks, playing by colour or cell, hints, sentences, SVG.

use super::graph::Graph;
use super::search;
use super::sim::Position;
use super::FloodIt;

/// Fill colours for colour indices 0..16 (distinct at a glance, readable with the symbol on top).
pub const PALETTE: [&str; 16] = [
    "#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f032e6",
    "#bfef45", "#fabed4", "#469990", "#dcbeff", "#9a6324", "#fffac8", "#800000", "#aaffc3",
];

/// The colour a hint shown on the page plays next (to ring its swatch): the step's move at
/// `played`, the number of moves made. `None` for any other hint.
pub fn hinted_colour(hint: Option<&crate::hint::Hint>, played: usize) -> Option<u8> {
    match hint {
        Some(crate::hint::Hint::Step(s)) => {
            s.marks.iter().find(|&&(i, v)| i == played && v > 0).map(|&(_, v)| v - 1)
        }
        _ => None,
    }
}

/// The number a colour is called by on the page: 1 to n in the board's colour order, whatever
/// symbols its text form uses (a Tatham ID numbers them from 0, a ColorFill line from 1).
pub fn colour_number(colour: u8) -> String {
    (colour as u32 + 1).to_string()
}

/// The most colours a new `size` x `size` board can have: one a cell, and at most 16.
pub fn max_colours(size: usize) -> usize {
    size.saturating_mul(size).clamp(2, super::model::MAX_COLOURS)
}

/// The key that plays a colour: `1` to `9` for colours 1 to 9, then `a` to `g` for colours 10
/// to 16 (ColorFill's alphabet, as [`super::generate`] writes boards); `None` past 16.
pub fn colour_key(colour: u8) -> Option<char> {
    match colour {
        0..=8 => char::from_digit(u32::from(colour) + 1, 10),
        9..=15 => Some((b'a' + colour - 9) as char),
        _ => None,
    }
}

/// The colour a key (a `KeyboardEvent.key`, either case) plays on a board of `colours`
/// colours: the inverse of [`colour_key`]; `None` for any other key.
pub fn key_colour(key: &str, colours: usize) -> Option<u8> {
    let mut chars = key.chars();
    let k = chars.next()?.to_ascii_lowercase();
    if chars.next().is_some() {
        return None;
    }
    (0..colours.min(16) as u8).find(|&c| colour_key(c) == Some(k))
}

/// What a key does among the swatches of a board of `colours` colours, with swatch `at`
/// focused: the arrows move to the one before or after (round the ends), Home and End to the
/// first and last.
pub fn swatch_step(key: &str, at: u8, colours: usize) -> Option<u8> {
    let n = colours.clamp(1, 16) as u8;
    let at = at.min(n - 1);
    Some(match key {
        "ArrowLeft" | "ArrowUp" => (at + n - 1) % n,
        "ArrowRight" | "ArrowDown" => (at + 1) % n,
        "Home" => 0,
        "End" => n - 1,
        _ => return None,
    })
}

/// The ink that reads on a colour of [`PALETTE`] (black on light colours, white on dark ones),
/// for the numbers drawn on cells for people who tell colours apart badly.
pub fn label_ink(colour: u8) -> &'static str {
    let hex = PALETTE[colour as usize % PALETTE.len()].trim_start_matches('#');
    let channel =
        |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).map(|v| v as f64 / 255.0).unwrap_or(0.0);
    let lin = |c: f64| if c <= 0.04045 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) };
    let luminance = 0.2126 * lin(channel(0)) + 0.7152 * lin(channel(2)) + 0.0722 * lin(channel(4));
    // The ink with the larger WCAG contrast ratio against the colour.
    if (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) {
        "#000"
    } else {
        "#fff"
    }
}

/// The player's marks: the moves, one slot each (a colour, or `None` where the moves played
/// end; slots after it keep moves taken back). Byte form: colour + 1 a slot, 0 for `None`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Moves(Vec<Option<u8>>);

impl Moves {
    /// The moves played: the slots up to the first empty one.
    pub fn played(&self) -> Vec<u8> {
        self.0.iter().map_while(|&m| m).collect()
    }
    /// The colour in slot `i`, if any.
    pub fn slot(&self, i: usize) -> Option<u8> {
        self.0.get(i).copied().flatten()
    }
}

impl crate::marks::Marks for Moves {
    /// Any number of moves (the puzzle checks their colours, [`super::FloodIt`]'s
    /// `decode_marks`).
    fn decode(bytes: &[u8], _cells: usize) -> Result<Self, String> {
        Ok(Moves(bytes.iter().map(|&m| m.checked_sub(1)).collect()))
    }
    fn encode(&self) -> Vec<u8> {
        let end = self.0.iter().rposition(|m| m.is_some()).map_or(0, |i| i + 1);
        self.0[..end].iter().map(|m| m.map_or(0, |c| c + 1)).collect()
    }
    fn value(&self, slot: usize) -> u8 {
        self.slot(slot).map_or(0, |c| c + 1)
    }
    fn place(slot: usize, value: u8) -> Vec<(usize, u8)> {
        vec![(slot, value)]
    }
    fn clear(&self, slot: usize) -> Vec<(usize, u8)> {
        if self.slot(slot).is_some() {
            vec![(slot, 0)]
        } else {
            Vec::new()
        }
    }
    fn apply(&mut self, edits: &[(usize, u8)]) {
        for &(i, m) in edits {
            if self.0.len() <= i {
                if m == 0 {
                    continue;
                }
                self.0.resize(i + 1, None);
            }
            self.0[i] = m.checked_sub(1);
        }
    }
    fn edit_cell(index: usize) -> usize {
        index
    }
    fn rules_out(_: usize, _: u8) -> bool {
        false
    }
}

/// The mark that appends move `colour` after `played` moves: `(index, colour + 1)`.
pub fn mark_for_move(played: usize, colour: u8) -> (usize, u8) {
    (played, colour + 1)
}

/// Whether playing `colour` now changes anything (a colour that adds no cell is not a move).
pub fn is_useful(board: &FloodIt, position: &Position, colour: u8) -> bool {
    position.useful_colours(board).contains(&colour)
}

/// The colour a click on `cell` plays: the cell's colour, when that adds cells to the flood.
pub fn colour_for_cell(board: &FloodIt, position: &Position, cell: usize) -> Option<u8> {
    let c = *position.colours.get(cell)?;
    (!position.flooded[cell] && is_useful(board, position, c)).then_some(c)
}

/// The next move of a known optimal solution when the moves played so far follow it.
pub fn next_from(optimal: &[u8], played: &[u8]) -> Option<u8> {
    (played.len() < optimal.len() && optimal[..played.len()] == *played)
        .then(|| optimal[played.len()])
}

/// The board with the played moves, as JSON text for a hint request (the solver finds the best
/// continuation and answers with the whole move list).
pub fn with_played_json(board: &FloodIt, played: &[u8]) -> Option<String> {
    let p = board.clone().with_played(played.to_vec()).ok()?;
    Some(super::formats::to_json(&p).to_string())
}

/// The move limit a Tatham Flood ID is written with: the board's own limit when it came with
/// one (so a round trip keeps it, whatever the solver later finds), else the greedy's move count
/// from the start, as Tatham's own limit is his greedy solver's count plus a leniency; never 0,
/// which his game reads as out of moves before the first.
pub fn tatham_limit(board: &FloodIt) -> usize {
    board.limit().unwrap_or_else(|| {
        let g = Graph::of(board);
        let (f0, _) = search::root(&g);
        search::greedy(&g, &f0).len()
    })
}

/// The Tatham Flood ID the page exports, with [`tatham_limit`]; `None` where his game has none.
pub fn tatham_id(board: &FloodIt) -> Option<String> {
    super::formats::to_tatham(board, tatham_limit(board))
}

/// The sentence for the move counter.
pub fn counter_text(
    played: usize,
    minimum: Option<usize>,
    done: bool,
    limit: Option<usize>,
) -> String {
    let mut s = format!("{played} move{}", if played == 1 { "" } else { "s" });
    if let Some(m) = minimum {
        s.push_str(&format!(" · proven minimum {m}"));
    }
    if let Some(l) = limit {
        s.push_str(&format!(" · Tatham's limit {l}"));
    }
    if done {
        s.push_str(&match minimum {
            Some(m) if played == m => " · Flooded in the minimum!".to_string(),
            Some(m) if played > m => format!(" · Flooded, {} over the minimum.", played - m),
            _ => " · Flooded!".to_string(),
        });
    }
    s
}

/// The status line once the player has flooded the board in `played` moves, against the
/// solver's best solution of `best` moves: proven shortest (`lower` is `None`), or with the
/// proven lower bound `lower`. Said in the player's terms: their moves against the minimum.
pub fn finish_text(played: usize, best: usize, lower: Option<usize>) -> String {
    let yours = format!("You flooded the board in {}", moves(played));
    match lower {
        None if played <= best => format!(
            "{yours}: the fewest possible (the solver proved that fewer moves cannot flood it)."
        ),
        None => format!(
            "{yours}, {} more than the fewest possible, {best} (the solver proved that fewer \
             moves cannot flood it).",
            played - best
        ),
        Some(lower) if played < best => format!(
            "{yours}, fewer than the solver's best, {best}. No solution has fewer than \
             {} (proven).",
            moves(lower)
        ),
        Some(lower) => format!(
            "{yours}. The solver's best solution takes {}, and no solution has fewer than {} \
             (proven); whether {lower} can be reached is not known.",
            moves(best),
            moves(lower)
        ),
    }
}

fn moves(n: usize) -> String {
    format!("{n} move{}", if n == 1 { "" } else { "s" })
}

/// The sentence for a best solution of `best` moves that is not proven optimal, with the proven
/// lower bound `lower`: "22 moves, and no solution has fewer than 20".
pub fn bounds_text(best: usize, lower: usize) -> String {
    format!("Best found: {best} move{}, and no solution has fewer than {lower} (not proven optimal; the gap is {}).", if best == 1 { "" } else { "s" }, best.saturating_sub(lower))
}

/// The certificate sentence for a minimum of `n` moves.
pub fn certificate_text(n: usize) -> String {
    if n == 0 {
        "The board is already one colour.".into()
    } else {
        format!(
            "Minimum {n} move{}: with {} move{} the solver proved it impossible.",
            if n == 1 { "" } else { "s" },
            n - 1,
            if n == 2 { "" } else { "s" }
        )
    }
}

/// An SVG picture of a position (`cell` pixels per cell), the flood outlined.
pub fn svg(board: &FloodIt, position: &Position, cell: usize) -> String {
    let (rows, cols) = (board.rows(), board.cols());
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\">",
        cols * cell,
        rows * cell,
        cols * cell,
        rows * cell
    );
    for r in 0..rows {
        for c in 0..cols {
            let i = r * cols + c;
            let fill = PALETTE[position.colours[i] as usize % PALETTE.len()];
            out.push_str(&format!(
                "<rect x=\"{}\" y=\"{}\" width=\"{cell}\" height=\"{cell}\" fill=\"{fill}\"/>",
                c * cell,
                r * cell
            ));
        }
    }
    let (sr, sc) = board.start_rc();
    out.push_str(&format!(
        "<rect x=\"{}\" y=\"{}\" width=\"{cell}\" height=\"{cell}\" fill=\"none\" stroke=\"#000\" stroke-width=\"2\"/>",
        sc * cell,
        sr * cell
    ));
    out.push_str("</svg>");
    out
}

/// An SVG picture of a move list (the printed solution): one numbered swatch per move, in the
/// move's colour with its number (as on the page's buttons), ten to a line.
pub fn moves_svg(moves: &[u8]) -> String {
    const PER_LINE: usize = 10;
    const SIDE: usize = 36;
    const STEP_W: usize = 44;
    const STEP_H: usize = 58;
    let lines = moves.len().div_ceil(PER_LINE).max(1);
    let (w, h) = (PER_LINE.min(moves.len().max(1)) * STEP_W, lines * STEP_H);
    let mut out = format!("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"moves\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">");
    for (k, &colour) in moves.iter().enumerate() {
        let (x, y) = ((k % PER_LINE) * STEP_W + 4, (k / PER_LINE) * STEP_H + 4);
        let fill = PALETTE[colour as usize % PALETTE.len()];
        out.push_str(&format!(
            "<g class=\"move\" data-colour=\"{colour}\"><rect x=\"{x}\" y=\"{y}\" width=\"{SIDE}\" height=\"{SIDE}\" fill=\"{fill}\" stroke=\"#000\"/>\
             <text x=\"{}\" y=\"{}\" font-size=\"16\" text-anchor=\"middle\" fill=\"#000\" stroke=\"#fff\" stroke-width=\"3\" paint-order=\"stroke\">{}</text>\
             <text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\" fill=\"#000\">{}</text></g>",
            x + SIDE / 2,
            y + SIDE / 2 + 6,
            colour_number(colour),
            x + SIDE / 2,
            y + SIDE + 13,
            k + 1
        ));
    }
    out.push_str("</svg>");
    out
}
