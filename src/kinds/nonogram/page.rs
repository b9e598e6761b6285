//! Pure functions for the page: clues from a picture or typed text, the editor's drawing, line
//! status for the player, SVG pictures, exports.

use super::check::runs;
use super::formats::{self, Format};
use super::line::LineSolver;
use super::model::{Cell, Clue, Nonogram};
use crate::grid::Grid;

/// The clues of a picture: (rows top to bottom, columns left to right).
pub fn clues_of(grid: &Grid<bool>) -> (Vec<Clue>, Vec<Clue>) {
    let rows = (0..grid.rows()).map(|r| runs(grid.row(r).iter().copied())).collect();
    let cols = (0..grid.cols()).map(|c| runs((0..grid.rows()).map(|r| grid[(r, c)]))).collect();
    (rows, cols)
}

/// Clues as the editor's boxes take them ([`clues_from_text`] reads them back): one line per
/// row or column, numbers separated by spaces, an empty line written 0.
pub fn clues_text(clues: &[Clue]) -> String {
    clues
        .iter()
        .map(|c| {
            if c.is_empty() {
                "0".to_string()
            } else {
                c.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(" ")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The clues typed in the editor, one line of `text` per row or column (`what` names which, for
/// the message): numbers separated by spaces, commas or dots; an empty line or 0 is an empty line.
/// Blank lines at the end are no lines (an Enter after the last clue must not add a row): an
/// empty last line is written 0.
pub fn clues_from_text(text: &str, what: &str) -> Result<Vec<Clue>, String> {
    let lines: Vec<&str> = text.lines().collect();
    let end = lines.iter().rposition(|l| !l.trim().is_empty()).map_or(0, |i| i + 1);
    lines[..end]
        .iter()
        .enumerate()
        .map(|(i, l)| {
            l.split(|c: char| c == ',' || c == '.' || c.is_whitespace())
                .filter(|t| !t.is_empty())
                .map(|t| {
                    t.parse::<u32>()
                        .map_err(|_| {
                            format!(
                                "{what} clue line {}: `{t}` is not a number (a clue is numbers separated by spaces or commas)",
                                i + 1
                            )
                        })
                })
                .filter(|r| r != &Ok(0))
                .collect()
        })
        .collect()
}

/// The share-link fragment of the puzzle with these clues; `Err` says why they make no puzzle
/// (the model's own validation).
pub fn fragment_of_clues(rows: &[Clue], cols: &[Clue]) -> Result<String, String> {
    Nonogram::new(rows.to_vec(), cols.to_vec())
        .map(|p| crate::link::fragment(&p))
        .map_err(|e| e.to_string())
}

/// The editor's drawing after the pointer reaches cell `at`: a stroke's first cell (`first`)
/// flips, the cells it passes over are filled. `None` when the cell already shows that.
pub fn drawn(drawing: &Grid<bool>, at: (usize, usize), first: bool) -> Option<Grid<bool>> {
    let value = if first { !drawing[at] } else { true };
    (drawing[at] != value).then(|| {
        let mut g = drawing.clone();
        g[at] = value;
        g
    })
}

/// The largest side of the editor's drawing.
pub const DRAW_MAX: usize = 60;
/// The longest clue text a kept draft may hold (characters, each box).
const TEXT_MAX: usize = 100_000;

/// The nonogram editor's draft: the clues as typed, the size for a new drawing, and the
/// drawing. Kept as text ([`Draft::to_text`]) so a reload finds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draft {
    /// The row clues as typed.
    pub rows: String,
    /// The column clues as typed.
    pub cols: String,
    /// The width and height of a new drawing, 1 to [`DRAW_MAX`].
    pub size: (usize, usize),
    /// The drawing, when one is open.
    pub drawing: Option<Grid<bool>>,
}

impl Default for Draft {
    fn default() -> Draft {
        Draft { rows: String::new(), cols: String::new(), size: (10, 10), drawing: None }
    }
}

impl Draft {
    /// The draft as text (JSON; the drawing's rows as `#` and `.`).
    pub fn to_text(&self) -> String {
        let drawing = self.drawing.as_ref().map(|g| {
            (0..g.rows())
                .map(|r| g.row(r).iter().map(|&on| if on { '#' } else { '.' }).collect::<String>())
                .collect::<Vec<_>>()
        });
        serde_json::json!({"kind": "nonogram-draft", "rows": self.rows, "cols": self.cols,
            "width": self.size.0, "height": self.size.1, "drawing": drawing})
        .to_string()
    }

    /// Reads [`Draft::to_text`] back; anything else is an error saying what is wrong, never a
    /// panic.
    pub fn from_text(text: &str) -> Result<Draft, String> {
        let v: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
        if v.get("kind").and_then(|k| k.as_str()) != Some("nonogram-draft") {
            return Err("not a nonogram draft".into());
        }
        let text_of = |key: &str| -> Result<String, String> {
            let t = v.get(key).and_then(|t| t.as_str()).ok_or(format!("no {key} clue text"))?;
            if t.chars().count() > TEXT_MAX {
                return Err(format!("the {key} clue text is over {TEXT_MAX} characters"));
            }
            Ok(t.to_string())
        };
        let side = |key: &str| {
            v.get(key)
                .and_then(|n| n.as_u64())
                .filter(|n| (1..=DRAW_MAX as u64).contains(n))
                .map(|n| n as usize)
                .ok_or(format!("the drawing's {key} is not 1 to {DRAW_MAX}"))
        };
        let drawing = match v.get("drawing") {
            None | Some(serde_json::Value::Null) => None,
            Some(d) => {
                let rows: Vec<&str> = d
                    .as_array()
                    .ok_or("the drawing is not a list of rows")?
                    .iter()
                    .map(|r| r.as_str().ok_or("a row of the drawing is not text"))
                    .collect::<Result<_, _>>()?;
                let w = rows.first().map_or(0, |r| r.chars().count());
                if rows.is_empty()
                    || rows.len() > DRAW_MAX
                    || !(1..=DRAW_MAX).contains(&w)
                    || rows.iter().any(|r| r.chars().count() != w)
                {
                    return Err(format!(
                        "the drawing is not 1 to {DRAW_MAX} rows of one length, 1 to {DRAW_MAX}"
                    ));
                }
                let cells: Vec<bool> = rows
                    .iter()
                    .flat_map(|r| r.chars())
                    .map(|c| match c {
                        '#' => Ok(true),
                        '.' => Ok(false),
                        c => Err(format!("`{c}` in the drawing is not # or .")),
                    })
                    .collect::<Result<_, _>>()?;
                Grid::from_cells(rows.len(), w, cells)
            }
        };
        Ok(Draft {
            rows: text_of("rows")?,
            cols: text_of("cols")?,
            size: (side("width")?, side("height")?),
            drawing,
        })
    }
}

/// How a line the player is filling stands against its clue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LineStatus {
    /// The filled cells form exactly the clue's runs (unknown cells read as white): grey the clue out.
    Satisfied,
    /// Not finished, and still completable.
    Open,
    /// No placement of the clue agrees with the marks: show the clue in red.
    Contradiction,
}

/// The status of one line of player marks (`Black` filled, `White` marked empty, `Unknown` blank).
pub fn line_status(clue: &[u32], cells: &[Cell]) -> LineStatus {
    if !LineSolver::new().feasible(clue, cells) {
        return LineStatus::Contradiction;
    }
    if runs(cells.iter().map(|&c| c == Cell::Black)) == clue {
        LineStatus::Satisfied
    } else {
        LineStatus::Open
    }
}

/// Every line's status at once: (rows, columns).
pub fn grid_status(p: &Nonogram, marks: &Grid<Cell>) -> (Vec<LineStatus>, Vec<LineStatus>) {
    let rows = (0..p.height()).map(|r| line_status(&p.rows()[r], marks.row(r))).collect();
    let cols = (0..p.width())
        .map(|c| {
            let col: Vec<Cell> = (0..p.height()).map(|r| marks[(r, c)]).collect();
            line_status(&p.cols()[c], &col)
        })
        .collect();
    (rows, cols)
}

/// An SVG picture of the puzzle with its clues; with `fill`, the given cells drawn black (a
/// solution, or the player's marks with white marks as dots). Givens are drawn when `fill` is `None`.
pub fn render_svg(p: &Nonogram, fill: Option<&Grid<Cell>>) -> String {
    const CELL: usize = 20;
    let (w, h) = (p.width(), p.height());
    let left = p.rows().iter().map(|c| c.len().max(1)).max().unwrap_or(1) * CELL;
    let top = p.cols().iter().map(|c| c.len().max(1)).max().unwrap_or(1) * CELL;
    let (tw, th) = (left + w * CELL + 2, top + h * CELL + 2);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{tw}\" height=\"{th}\" viewBox=\"0 0 {tw} {th}\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"{tw}\" height=\"{th}\" fill=\"white\"/>\n"
    );
    for (r, clue) in p.rows().iter().enumerate() {
        let y = top + r * CELL + CELL * 7 / 10;
        let text: Vec<String> = if clue.is_empty() {
            vec!["0".into()]
        } else {
            clue.iter().map(u32::to_string).collect()
        };
        for (k, t) in text.iter().rev().enumerate() {
            let x = left - k * CELL - CELL / 2;
            s.push_str(&format!("<text x=\"{x}\" y=\"{y}\" text-anchor=\"middle\">{t}</text>\n"));
        }
    }
    for (c, clue) in p.cols().iter().enumerate() {
        let x = left + c * CELL + CELL / 2;
        let text: Vec<String> = if clue.is_empty() {
            vec!["0".into()]
        } else {
            clue.iter().map(u32::to_string).collect()
        };
        for (k, t) in text.iter().rev().enumerate() {
            let y = top - k * CELL - CELL * 3 / 10;
            s.push_str(&format!("<text x=\"{x}\" y=\"{y}\" text-anchor=\"middle\">{t}</text>\n"));
        }
    }
    let shown = fill.or(p.givens());
    if let Some(g) = shown {
        for (r, c) in g.positions() {
            let (x, y) = (left + c * CELL, top + r * CELL);
            match g[(r, c)] {
                Cell::Black => s.push_str(&format!("<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"black\"/>\n")),
                Cell::White => s.push_str(&format!(
                    "<circle cx=\"{}\" cy=\"{}\" r=\"2\" fill=\"#888\"/>\n",
                    x + CELL / 2,
                    y + CELL / 2
                )),
                Cell::Unknown => {}
            }
        }
    }
    for r in 0..=h {
        let y = top + r * CELL;
        let width = if r % 5 == 0 || r == h { 2 } else { 1 };
        s.push_str(&format!("<line x1=\"0\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\" stroke=\"black\" stroke-width=\"{width}\"/>\n", left + w * CELL));
    }
    for c in 0..=w {
        let x = left + c * CELL;
        let width = if c % 5 == 0 || c == w { 2 } else { 1 };
        s.push_str(&format!("<line x1=\"{x}\" y1=\"0\" x2=\"{x}\" y2=\"{}\" stroke=\"black\" stroke-width=\"{width}\"/>\n", top + h * CELL));
    }
    s.push_str("</svg>\n");
    s
}

/// An answer as a grid of known cells, for [`render_svg`].
pub fn solution_cells(g: &Grid<bool>) -> Grid<Cell> {
    g.map(|&b| Cell::known(b))
}

/// The formats the page offers for export.
pub const EXPORTS: [Format; 6] =
    [Format::Json, Format::Tatham, Format::PuzzLink, Format::Non, Format::Nin, Format::Xml];

/// The puzzle in `format`; `Err` says why this puzzle cannot be written in it.
pub fn export(p: &Nonogram, format: Format) -> Result<String, String> {
    match format {
        Format::Json => Ok(formats::to_json(p).to_string()),
        Format::Tatham => Ok(formats::tatham::to_tatham(p)),
        Format::PuzzLink => formats::puzzlink::to_puzzlink(p)
            .ok_or_else(|| "puzz.link holds runs up to 255 only".to_string()),
        Format::Non => Ok(formats::non::to_non(p)),
        Format::Nin => Ok(formats::nin::to_nin(p)),
        Format::Xml => Ok(formats::xml::to_xml(p)),
        Format::Taai => formats::taai::write(std::slice::from_ref(p))
            .ok_or_else(|| "TAAI puzzles are square".to_string()),
    }
}

pub use crate::marks::{YesNo, YesNoMarks};

/// The player's mark for a filled cell.
pub const FILL: YesNo = YesNo::Yes;
/// The player's mark for a cell known empty.
pub const CROSS: YesNo = YesNo::No;

/// What a press (then its drag) paints, from the pressed cell's mark: a fill, or with the right
/// button or a long press a cross; pressing a cell that already holds it clears instead.
pub fn press_mark(current: YesNo, secondary: bool) -> YesNo {
    match (secondary, current) {
        (true, CROSS) | (false, FILL) => YesNo::Open,
        (true, _) => CROSS,
        (false, _) => FILL,
    }
}

/// The mark a key sets on a cell holding `current`: Space or Enter fill, X or `.` cross (each
/// again clears), Backspace or Delete clear; `None` for other keys.
pub fn key_mark(key: &str, current: YesNo) -> Option<YesNo> {
    match key {
        " " | "Enter" => Some(press_mark(current, false)),
        "x" | "X" | "." => Some(press_mark(current, true)),
        "Backspace" | "Delete" => Some(YesNo::Open),
        _ => None,
    }
}

/// What an export in `format` leaves out of `p` ([`crate::puzzle::left_out`]): its given cells
/// (kept by the share link, the Tatham ID and Studio JSON), its title and its goal (kept by the
/// share link, Studio JSON, `.non` and webpbn XML), in the formats without a place for them; the
/// goal only when line logic from the clues and givens does not give it
/// ([`super::formats::goal_implied`]).
pub fn export_note(p: &Nonogram, format: Format) -> Option<String> {
    let given = p.givens().map_or(0, |g| g.cells().iter().filter(|&&c| c != Cell::Unknown).count());
    let (keeps_givens, keeps_rest) = match format {
        Format::Json => (true, true),
        Format::Tatham => (true, false),
        Format::Non | Format::Xml => (false, true),
        Format::PuzzLink | Format::Nin | Format::Taai => (false, false),
    };
    let given = if keeps_givens { 0 } else { given };
    let mut others = Vec::new();
    if !keeps_rest && p.title().is_some() {
        others.push("title");
    }
    if !keeps_rest && !formats::goal_implied(p) {
        others.push("intended picture (goal)");
    }
    let kept_by = if others.is_empty() {
        "the share link, the Tatham Pattern ID and Studio JSON"
    } else {
        "the share link and Studio JSON"
    };
    crate::puzzle::left_out(export_file(format).0, given, &others, kept_by)
}

/// An export's button label, file name and MIME type.
pub fn export_file(format: Format) -> (&'static str, &'static str, &'static str) {
    match format {
        Format::Json => ("Studio JSON", "puzzle.json", "application/json"),
        Format::Tatham => ("Tatham Pattern ID", "puzzle.pattern.txt", "text/plain"),
        Format::PuzzLink => ("puzz.link URL", "puzzle.puzzlink.txt", "text/plain"),
        Format::Non => (".non", "puzzle.non", "text/plain"),
        Format::Nin => (".nin", "puzzle.nin", "text/plain"),
        Format::Xml => ("webpbn XML", "puzzle.xml", "application/xml"),
        Format::Taai => ("TAAI", "puzzle.taai.txt", "text/plain"),
    }
}

/// The note under the rules when `n` cells are given.
pub fn givens_note(n: usize) -> String {
    let (s, verb) = if n == 1 { ("", "is") } else { ("s", "are") };
    format!(
        "{n} cell{s} {verb} given (drawn darker) and cannot be changed. A puzzle whose clues \
         alone allow more than one picture comes with given cells that make its answer the only one."
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_press_fills_or_crosses_and_a_second_press_clears() {
        const OPEN: YesNo = YesNo::Open;
        assert_eq!(press_mark(OPEN, false), FILL);
        assert_eq!(press_mark(FILL, false), OPEN);
        assert_eq!(press_mark(CROSS, false), FILL);
        assert_eq!(press_mark(OPEN, true), CROSS);
        assert_eq!(press_mark(CROSS, true), OPEN);
        assert_eq!(press_mark(FILL, true), CROSS);
        assert_eq!(key_mark(" ", FILL), Some(OPEN));
        assert_eq!(key_mark("x", OPEN), Some(CROSS));
        assert_eq!(key_mark("Delete", CROSS), Some(OPEN));
        assert_eq!(key_mark("q", OPEN), None);
    }

    #[test]
    fn the_givens_note_agrees_in_number() {
        assert!(givens_note(1).starts_with("1 cell is given"));
        assert!(givens_note(3).starts_with("3 cells are given"));
    }
}
