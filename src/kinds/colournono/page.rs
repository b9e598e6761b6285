//! Pure functions for the colour nonogram page: the marks and how a click or key changes them,
//! readable text on every colour, finished runs, the solved test, and the SVG picture.
//!
//! A mark is a [`Paint`]: [`BLANK`], [`DOT`] (known background) or palette colour `c` (1 or
//! more); its byte (what is saved and sent) is 0 blank, `c + 1` colour `c`, so 1 the dot.

use super::model::{ColourNonogram, Run};
use crate::grid::Grid;

/// A cell's mark: its palette colour, the background (0, a dot) included, or `None` when blank.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Paint(pub Option<u8>);

/// A blank cell.
pub const BLANK: Paint = Paint(None);
/// A cell known to be background.
pub const DOT: Paint = Paint(Some(0));

impl crate::marks::CellMark for Paint {
    fn read(bytes: &[u8]) -> Option<Self> {
        Some(Paint(bytes[0].checked_sub(1)))
    }
    fn write(self, out: &mut [u8]) {
        out[0] = self.0.map_or(0, |c| c + 1);
    }
    /// A dot rules colours out; a colour is placed.
    fn rules_out(_: usize, byte: u8) -> bool {
        byte == 1
    }
}

/// The player's marks: a [`Paint`] per cell.
pub type PaintMarks = crate::marks::Cells<Paint>;

/// What an export in `format` (`webpbn XML`, `Coloured .non`, `Olšák .g`, as the page labels
/// them) leaves out of `p` ([`crate::puzzle::left_out`]): its given cells, which none of them has
/// a place for; its colour names, which `.non` has none for; its goal, which `.g` has none for
/// (unless line logic from the clues and givens gives it: [`super::formats::goal_implied`]).
pub fn givens_note(p: &ColourNonogram, format: &str) -> Option<String> {
    let given = p.givens().map_or(0, |g| g.cells().iter().filter(|c| c.is_some()).count());
    let mut others = Vec::new();
    if format.ends_with(".non") && p.palette().iter().any(|c| c.name.is_some()) {
        others.push("colour names");
    }
    if format.ends_with(".g") && !super::formats::goal_implied(p) {
        others.push("intended picture (goal)");
    }
    crate::puzzle::left_out(format, given, &others, "the share link and Studio JSON")
}

/// The mark that paints palette colour `c` (1 or more).
pub fn mark_of_colour(c: u8) -> Paint {
    Paint(Some(c))
}

/// What a mark says of its cell: `None` blank, `Some(0)` background, `Some(c)` colour `c`.
pub fn colour_of_mark(m: Paint) -> Option<u8> {
    m.0
}

/// The mark a click leaves with `tool` (a colour's mark or [`DOT`]) on a cell marked `current`:
/// the tool, or blank when the cell already holds it.
pub fn click(current: Paint, tool: Paint) -> Paint {
    if current == tool {
        BLANK
    } else {
        tool
    }
}

/// The tool a key picks: `1` to `9` the palette's first nine colours (when the palette has
/// them), `0`, `.` or `x` the dot.
pub fn key_tool(key: &str, colours: usize) -> Option<Paint> {
    match key {
        "0" | "." | "x" | "X" => Some(DOT),
        k if k.len() == 1 => {
            let d = k.chars().next()?.to_digit(10)? as usize;
            (1..=colours.min(9)).contains(&d).then(|| mark_of_colour(d as u8))
        }
        _ => None,
    }
}

/// Relative luminance of an sRGB colour (WCAG 2).
pub fn luminance([r, g, b]: [u8; 3]) -> f64 {
    let lin = |v: u8| {
        let s = f64::from(v) / 255.0;
        if s <= 0.04045 {
            s / 12.92
        } else {
            ((s + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
}

/// The WCAG contrast ratio of two colours (1 to 21).
pub fn contrast(a: [u8; 3], b: [u8; 3]) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// The text colour for a number on `rgb`: black or white, whichever contrasts more (at least
/// 4.5:1 on every colour, so a clue's number is readable in either theme: it sits on its run's
/// own colour, not on the page).
pub fn text_on(rgb: [u8; 3]) -> &'static str {
    if contrast(rgb, [0, 0, 0]) >= contrast(rgb, [255, 255, 255]) {
        "#000000"
    } else {
        "#ffffff"
    }
}

/// Whether a line's marks (blanks read as background) have exactly the clue's runs (counted by
/// the checker's [`super::check::runs`]).
pub fn line_matches(clue: &[Run], marks: &[Paint]) -> bool {
    let got = super::check::runs(marks.iter().map(|&m| colour_of_mark(m).unwrap_or(0)));
    got.len() == clue.len() && got.iter().zip(clue).all(|(&(n, c), r)| n == r.len && c == r.colour)
}

/// Which runs of a clue are finished: read from each end while the cells are marked, each
/// complete run (ended by a dot, another colour or the edge) that is the clue's next run from
/// that end is finished; the first blank cell or a run the clue does not have stops the reading.
/// A line whose marks match the clue has every run finished.
pub fn finished_runs(clue: &[Run], marks: &[Paint]) -> Vec<bool> {
    let k = clue.len();
    let mut done = vec![false; k];
    if line_matches(clue, marks) {
        return vec![true; k];
    }
    let read = |order: &mut dyn Iterator<Item = usize>,
                runs: &mut dyn Iterator<Item = usize>,
                done: &mut Vec<bool>| {
        let cells: Vec<usize> = order.collect();
        let mut i = 0;
        while i < cells.len() {
            let Some(c) = colour_of_mark(marks[cells[i]]) else { return };
            if c == 0 {
                i += 1;
                continue;
            }
            let mut len = 0u32;
            while i < cells.len() && colour_of_mark(marks[cells[i]]) == Some(c) {
                len += 1;
                i += 1;
            }
            if i < cells.len() && marks[cells[i]] == BLANK {
                return;
            }
            match runs.next() {
                Some(j) if clue[j].len == len && clue[j].colour == c => done[j] = true,
                _ => return,
            }
        }
    };
    read(&mut (0..marks.len()), &mut (0..k), &mut done);
    read(&mut (0..marks.len()).rev(), &mut (0..k).rev(), &mut done);
    done
}

/// The marks of row `r` and column `c` of a grid of marks `width` wide.
pub fn row_marks(marks: &[Paint], width: usize, r: usize) -> Vec<Paint> {
    (0..width).map(|c| marks.get(r * width + c).copied().unwrap_or_default()).collect()
}

/// The marks of column `c`.
pub fn col_marks(marks: &[Paint], width: usize, height: usize, c: usize) -> Vec<Paint> {
    (0..height).map(|r| marks.get(r * width + c).copied().unwrap_or_default()).collect()
}

/// Whether the marks solve the puzzle: every row and column has its clue's runs (blank cells
/// read as background).
pub fn solved(p: &ColourNonogram, marks: &[Paint]) -> bool {
    let (w, h) = (p.width(), p.height());
    (0..h).all(|r| line_matches(&p.rows()[r], &row_marks(marks, w, r)))
        && (0..w).all(|c| line_matches(&p.cols()[c], &col_marks(marks, w, h, c)))
}

/// The marks with every given cell showing its given colour (a given background as a dot); a
/// given cell's own mark is never read.
pub fn with_givens(p: &ColourNonogram, marks: &PaintMarks) -> Vec<Paint> {
    p.start()
        .iter()
        .enumerate()
        .map(|(i, g)| match g {
            Some(c) => Paint(Some(*c)),
            None => marks.get(i),
        })
        .collect()
}

/// Marks to make, without those on given cells (which the player cannot change).
pub fn outside_givens(p: &ColourNonogram, cells: Vec<(usize, Paint)>) -> Vec<(usize, Paint)> {
    let start = p.start();
    cells.into_iter().filter(|&(i, _)| start.get(i).is_some_and(Option::is_none)).collect()
}

/// An answer given as text rows of colour letters, as marks; `None` when a row does not read.
pub fn marks_of_rows(rows: &[String]) -> Option<Vec<Paint>> {
    rows.concat()
        .chars()
        .map(|ch| super::formats::char_colour(ch).map(|c| Paint(Some(c))))
        .collect()
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The puzzle as an SVG picture: the clue runs as chips in their colours with their lengths,
/// the grid, and the answer's colours when `answer` is given.
pub fn render_svg(p: &ColourNonogram, answer: Option<&Grid<u8>>) -> String {
    let cell = 20usize;
    let (w, h) = (p.width(), p.height());
    let left = p.rows().iter().map(Vec::len).max().unwrap_or(0).max(1) * cell;
    let top = p.cols().iter().map(Vec::len).max().unwrap_or(0).max(1) * cell;
    let (width, height) = (left + w * cell + 2, top + h * cell + 2);
    let mut s = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" font-family="sans-serif" font-size="12">"#
    );
    s.push_str(&format!(r##"<rect width="{width}" height="{height}" fill="#ffffff"/>"##));
    if let Some(t) = p.title() {
        s.push_str(&format!("<title>{}</title>", esc(t)));
    }
    let chip = |s: &mut String, x: usize, y: usize, run: &Run| {
        let rgb = p.palette()[usize::from(run.colour)].rgb;
        let fill = p.palette()[usize::from(run.colour)].hex();
        s.push_str(&format!(r##"<rect x="{}" y="{}" width="{}" height="{}" rx="3" fill="{fill}" stroke="#8a929c" stroke-width=".6"/>"##, x + 1, y + 1, cell - 2, cell - 2));
        s.push_str(&format!(
            r#"<text x="{}" y="{}" text-anchor="middle" fill="{}">{}</text>"#,
            x + cell / 2,
            y + cell / 2 + 4,
            text_on(rgb),
            run.len
        ));
    };
    for (r, clue) in p.rows().iter().enumerate() {
        let x0 = left - clue.len() * cell;
        for (j, run) in clue.iter().enumerate() {
            chip(&mut s, x0 + j * cell, top + r * cell, run);
        }
    }
    for (c, clue) in p.cols().iter().enumerate() {
        let y0 = top - clue.len() * cell;
        for (j, run) in clue.iter().enumerate() {
            chip(&mut s, left + c * cell, y0 + j * cell, run);
        }
    }
    let bg = p.palette()[0].hex();
    for r in 0..h {
        for c in 0..w {
            let fill = answer
                .and_then(|a| a.get(r, c))
                .map(|&v| p.palette()[usize::from(v).min(p.palette().len() - 1)].hex())
                .unwrap_or_else(|| bg.clone());
            s.push_str(&format!(r##"<rect x="{}" y="{}" width="{cell}" height="{cell}" fill="{fill}" stroke="#9aa3ae" stroke-width=".5"/>"##, left + c * cell, top + r * cell));
        }
    }
    for i in (0..=w).step_by(5).chain([w]) {
        s.push_str(&format!(
            r##"<line x1="{x}" y1="{top}" x2="{x}" y2="{}" stroke="#1d2430" stroke-width="1.5"/>"##,
            top + h * cell,
            x = left + i * cell
        ));
    }
    for i in (0..=h).step_by(5).chain([h]) {
        s.push_str(&format!(r##"<line x1="{left}" y1="{y}" x2="{}" y2="{y}" stroke="#1d2430" stroke-width="1.5"/>"##, left + w * cell, y = top + i * cell));
    }
    s.push_str("</svg>");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(len: u32, colour: u8) -> Run {
        Run { len, colour }
    }

    #[test]
    fn every_colour_gets_readable_text() {
        for r in (0..=255).step_by(15) {
            for g in (0..=255).step_by(15) {
                for b in (0..=255).step_by(15) {
                    let rgb = [r as u8, g as u8, b as u8];
                    let t = if text_on(rgb) == "#000000" { [0, 0, 0] } else { [255, 255, 255] };
                    assert!(contrast(rgb, t) >= 4.5, "{rgb:?}");
                }
            }
        }
    }

    #[test]
    fn finished_runs_read_from_both_ends() {
        let clue = [run(2, 1), run(1, 2), run(2, 1)];
        let (a, b, d) = (mark_of_colour(1), mark_of_colour(2), DOT);
        // `aab.` then blanks: the first two runs are finished, the last is not.
        assert_eq!(
            finished_runs(&clue, &[a, a, b, d, BLANK, BLANK, BLANK]),
            vec![true, true, false]
        );
        // `aab` on a blank: the `b` may still go on.
        assert_eq!(
            finished_runs(&clue, &[a, a, b, BLANK, BLANK, BLANK, BLANK]),
            vec![true, false, false]
        );
        // A run still open on a blank is not finished.
        assert_eq!(
            finished_runs(&clue, &[a, a, BLANK, BLANK, BLANK, BLANK, BLANK]),
            vec![false, false, false]
        );
        // From the right: `.aa` at the end.
        assert_eq!(
            finished_runs(&clue, &[BLANK, BLANK, BLANK, BLANK, d, a, a]),
            vec![false, false, true]
        );
        // A run the clue does not have stops the reading.
        assert_eq!(
            finished_runs(&clue, &[b, BLANK, BLANK, BLANK, BLANK, BLANK, BLANK]),
            vec![false, false, false]
        );
        // Blanks read as background once the line matches.
        assert_eq!(finished_runs(&clue, &[a, a, b, BLANK, a, a, BLANK]), vec![true, true, true]);
        assert!(line_matches(&clue, &[a, a, b, BLANK, a, a, BLANK]));
        assert!(!line_matches(&clue, &[a, a, a, BLANK, a, a, BLANK]));
    }

    #[test]
    fn clicks_and_keys() {
        let (two, three) = (mark_of_colour(2), mark_of_colour(3));
        assert_eq!(click(BLANK, three), three);
        assert_eq!(click(three, three), BLANK);
        assert_eq!(click(two, DOT), DOT);
        assert_eq!(key_tool("2", 3), Some(mark_of_colour(2)));
        assert_eq!(key_tool("4", 3), None);
        assert_eq!(key_tool("x", 3), Some(DOT));
        assert_eq!(key_tool("ArrowUp", 3), None);
    }
}

/// What a key does on the editor's drawing, for drawing without a pointer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DrawKey {
    /// Move the cursor to a cell; `paint`: Shift was held, so the cell left and the cell reached
    /// are painted with the brush, like a drag.
    Move { to: usize, paint: bool },
    /// Paint the cursor's cell with the brush (Space, Enter).
    Paint,
    /// Paint the cursor's cell with the background (Delete, Backspace).
    Background,
    /// Choose the brush: a palette index (`0` the background, `1` to `9`, or a colour's letter
    /// `a`, `b`, …), when the palette of `colours` has it.
    Pick(u8),
}

/// The key `key` on the editor's `width` x `height` drawing with the cursor on cell `at`, with
/// `colours` palette entries (the background included); `None` for a key that is not the
/// drawing's.
pub fn draw_key(
    key: &str,
    shift: bool,
    at: usize,
    (width, height): (usize, usize),
    colours: usize,
) -> Option<DrawKey> {
    let (width, height) = (width.max(1), height.max(1));
    let at = at.min(width * height - 1);
    if let Some((r, c)) = crate::grid::cursor_step(key, (at / width, at % width), height, width) {
        return Some(DrawKey::Move { to: r * width + c, paint: shift });
    }
    let index = match key {
        " " | "Enter" => return Some(DrawKey::Paint),
        "Delete" | "Backspace" => return Some(DrawKey::Background),
        _ => match key.chars().collect::<Vec<_>>()[..] {
            [d @ '0'..='9'] => d as usize - '0' as usize,
            [l @ 'a'..='z'] => l as usize - 'a' as usize + 1,
            _ => return None,
        },
    };
    (index < colours).then_some(DrawKey::Pick(index as u8))
}
