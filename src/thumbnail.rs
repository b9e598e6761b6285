//! A small picture of a puzzle as the player left it, for lists (My puzzles): the grid with the
//! player's marks, and what tells two puzzles of one size apart (KenKen's cages, Star Battle's
//! regions, Flood-It's colours). SVG text, 10 units a cell, scaled by the page's CSS; pure, so
//! it is tested natively.

use crate::kinds::{self, Kind};

/// Units per cell in the picture's view box.
const CELL: usize = 10;
/// The thin grid lines and the walls.
const THIN: &str = "#c9ced6";
const WALL: &str = "#1d2430";

/// The picture of `kind`'s `puzzle` (any text the kind reads) with `marks` (their byte form) on
/// it, or `None` when the puzzle does not read; marks that do not read are left off.
pub fn svg(kind: Kind, puzzle: &str, marks: &[u8]) -> Option<String> {
    use crate::kinds::{colournono, floodit, kenken, nonogram, rectfree, starbattle};
    use crate::marks::YesNo;
    use crate::play::Playable;
    fn read<P: Playable>(puzzle: &str, marks: &[u8]) -> Option<(P, P::Marks)> {
        let p: P = kinds::import_as(puzzle).ok()?;
        let m = p.decode_marks(marks).unwrap_or_default();
        Some((p, m))
    }
    Some(match kind {
        Kind::Nonogram => {
            let (p, m) = read::<nonogram::Nonogram>(puzzle, marks)?;
            let fills = (0..p.width() * p.height())
                .map(|i| if m.get(i) == YesNo::Yes { "#1d2430".into() } else { "#ffffff".into() })
                .collect();
            picture(p.width(), p.height(), fills, &[], &[])
        }
        Kind::ColourNonogram => {
            let (p, m) = read::<colournono::ColourNonogram>(puzzle, marks)?;
            let fills = (0..p.width() * p.height())
                .map(|i| match m.get(i).0 {
                    Some(c) => p.palette().get(c as usize).map_or("#ffffff".into(), |c| c.hex()),
                    None => "#ffffff".into(),
                })
                .collect();
            picture(p.width(), p.height(), fills, &[], &[])
        }
        Kind::KenKen => {
            let (p, m) = read::<kenken::KenKen>(puzzle, marks)?;
            let n = p.size();
            let walls = walls(n, n, |i| p.cage_of(i));
            let text: Vec<(usize, String)> = (0..n * n)
                .filter_map(|i| match m.get(i).digit {
                    0 => None,
                    d => Some((i, d.to_string())),
                })
                .collect();
            picture(n, n, vec!["#ffffff".into(); n * n], &walls, &text)
        }
        Kind::StarBattle => {
            let (p, m) = read::<starbattle::StarBattle>(puzzle, marks)?;
            let (w, h) = (p.cols(), p.rows());
            let regions = p.regions().cells();
            let fills = regions.iter().map(|&g| starbattle::page::fill(g).to_string()).collect();
            let walls = walls(w, h, |i| regions[i].map_or(usize::MAX, usize::from));
            let stars: Vec<(usize, String)> = (0..w * h)
                .filter(|&i| m.get(i) == YesNo::Yes)
                .map(|i| (i, "★".to_string()))
                .collect();
            picture(w, h, fills, &walls, &stars)
        }
        Kind::FloodIt => {
            let (p, m) = read::<floodit::FloodIt>(puzzle, marks)?;
            let moves = m.played();
            let position = floodit::sim::Position::after(&p, &moves);
            let palette = floodit::page::PALETTE;
            let fills = position
                .colours
                .iter()
                .map(|&c| palette[c as usize % palette.len()].to_string())
                .collect();
            picture(p.cols(), p.rows(), fills, &[], &[])
        }
        Kind::RectFree => {
            let (p, m) = read::<rectfree::RectFree>(puzzle, marks)?;
            let palette = rectfree::page::PALETTE;
            let fills = rectfree::page::hand_cells(&p, &m)
                .into_iter()
                .map(|c| c.map_or("#ffffff", |c| palette[c as usize % palette.len()]).to_string())
                .collect();
            picture(p.cols(), p.rows(), fills, &[], &[])
        }
    })
}

/// The wall segments of a `w` x `h` grid between cells of different groups (`group(i)` of cell
/// `i` in reading order): `(x1, y1, x2, y2)` in cells.
fn walls(w: usize, h: usize, group: impl Fn(usize) -> usize) -> Vec<(usize, usize, usize, usize)> {
    let mut out = Vec::new();
    for r in 0..h {
        for c in 0..w {
            let i = r * w + c;
            if c + 1 < w && group(i) != group(i + 1) {
                out.push((c + 1, r, c + 1, r + 1));
            }
            if r + 1 < h && group(i) != group(i + w) {
                out.push((c, r + 1, c + 1, r + 1));
            }
        }
    }
    out
}

/// The SVG: `fills` one per cell in reading order, thin grid lines, `walls`, a frame, and
/// `text` centred in its cell.
fn picture(
    w: usize,
    h: usize,
    fills: Vec<String>,
    walls: &[(usize, usize, usize, usize)],
    text: &[(usize, String)],
) -> String {
    let (vw, vh) = (w * CELL, h * CELL);
    let mut s = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="thumb" viewBox="-1 -1 {} {}" aria-hidden="true">"#,
        vw + 2,
        vh + 2
    );
    for (i, fill) in fills.iter().enumerate() {
        let (x, y) = (i % w * CELL, i / w * CELL);
        s.push_str(&format!(
            r#"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{}"/>"#,
            escape(fill)
        ));
    }
    // Thin lines only while a cell is big enough for them to read as a grid.
    if w.max(h) <= 30 {
        let mut d = String::new();
        for c in 1..w {
            d.push_str(&format!("M{} 0V{vh}", c * CELL));
        }
        for r in 1..h {
            d.push_str(&format!("M0 {}H{vw}", r * CELL));
        }
        s.push_str(&format!(r#"<path d="{d}" stroke="{THIN}" stroke-width=".8" fill="none"/>"#));
    }
    if !walls.is_empty() {
        let d: String = walls
            .iter()
            .map(|(x1, y1, x2, y2)| {
                format!("M{} {}L{} {}", x1 * CELL, y1 * CELL, x2 * CELL, y2 * CELL)
            })
            .collect();
        s.push_str(&format!(
            r#"<path d="{d}" stroke="{WALL}" stroke-width="1.6" stroke-linecap="square" fill="none"/>"#
        ));
    }
    for (i, t) in text {
        let (x, y) = (i % w * CELL + CELL / 2, i / w * CELL + CELL / 2);
        s.push_str(&format!(
            r#"<text x="{x}" y="{y}" font-size="7" text-anchor="middle" dominant-baseline="central" fill="{WALL}">{}</text>"#,
            escape(t)
        ));
    }
    s.push_str(&format!(
        r#"<rect x="0" y="0" width="{vw}" height="{vh}" fill="none" stroke="{WALL}" stroke-width="1.6"/></svg>"#
    ));
    s
}

fn escape(t: &str) -> String {
    t.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}
