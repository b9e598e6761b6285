//! Pure helpers for the Image-to-nonogram page: small SVG pictures of cell grids and the
//! sentences shown for a result. No web API here, so they are tested natively.

use super::givens::UniqueMode;
use super::pipeline::{ArtResult, ArtVerdict, Stage};

/// An SVG picture of a `width × height` grid, one square per cell, `colour(i)` giving cell
/// `i`'s CSS colour (row-major). Runs of equal colour in a row share one rectangle.
pub fn cells_svg(width: usize, height: usize, colour: impl Fn(usize) -> String) -> String {
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {height}\" width=\"{}\" height=\"{}\" shape-rendering=\"crispEdges\">",
        width * 8,
        height * 8
    );
    for y in 0..height {
        let mut x = 0;
        while x < width {
            let c = colour(y * width + x);
            let mut end = x + 1;
            while end < width && colour(y * width + end) == c {
                end += 1;
            }
            s.push_str(&format!("<rect x=\"{x}\" y=\"{y}\" width=\"{}\" height=\"1\" fill=\"{c}\"/>", end - x));
            x = end;
        }
    }
    s.push_str("</svg>");
    s
}

fn grey(v: f32) -> String {
    let g = v.round().clamp(0.0, 255.0) as u8;
    format!("#{g:02x}{g:02x}{g:02x}")
}

/// The prepared cell greys.
pub fn greys_svg(width: usize, height: usize, greys: &[f32]) -> String {
    cells_svg(width, height, |i| grey(greys.get(i).copied().unwrap_or(255.0)))
}

/// A black-and-white picture; `marked` cells drawn red (black) or pink (white), e.g. where a
/// second answer differs.
pub fn picture_svg(width: usize, height: usize, cells: &[bool], marked: &[usize]) -> String {
    cells_svg(width, height, |i| {
        let on = cells.get(i).copied().unwrap_or(false);
        match (marked.contains(&i), on) {
            (true, true) => "#c00".into(),
            (true, false) => "#fcc".into(),
            (false, true) => "#000".into(),
            (false, false) => "#fff".into(),
        }
    })
}

/// The simulated shading of translucent squares (darkness 0..=1 per cell).
pub fn shading_svg(width: usize, height: usize, darkness: &[f32]) -> String {
    cells_svg(width, height, |i| grey(255.0 * (1.0 - darkness.get(i).copied().unwrap_or(0.0))))
}

/// What the engine said about the clues alone.
pub fn verdict_sentence(r: &ArtResult) -> String {
    let logic = if r.line_logic { "line logic alone solves it" } else { "line logic alone does not solve it" };
    match &r.verdict {
        ArtVerdict::Unique => format!("The clues alone have a unique answer; {logic}."),
        ArtVerdict::Multiple { differing, .. } => {
            format!("The clues alone have several answers: a second one differs in {} cells (red); {logic}.", differing.len())
        }
        ArtVerdict::None => "The engine found no answer, which cannot happen for a picture's own clues: please report it.".into(),
        ArtVerdict::Undecided => format!("The clues alone were not decided within the budget; {logic}."),
    }
}

/// What the givens achieved.
pub fn givens_sentence(r: &ArtResult) -> String {
    let n = r.givens.len();
    let cells = if n == 1 { "given cell" } else { "given cells" };
    match r.unique {
        UniqueMode::Off => "No givens asked for.".into(),
        UniqueMode::Givens if n == 0 => "Unique without givens.".into(),
        UniqueMode::Givens => format!("Unique with {n} {cells}: {}.", minimal_status(r)),
        UniqueMode::Logic if n == 0 => "Line logic solves it without givens: no guessing needed.".into(),
        UniqueMode::Logic => format!(
            "No guessing needed with {n} {cells} (a minimal set for line logic: {} revealed).",
            r.givens_stats.revealed
        ),
    }
}

/// Whether the givens are proven minimal: "minimal" only when every given was refused by a
/// check that found another answer without it.
pub fn minimal_status(r: &ArtResult) -> String {
    let n = r.givens.len();
    if r.proven_minimal {
        format!("minimal (every given refused; {} checks)", r.givens_stats.checks.max(1))
    } else if r.pass == 0 && r.undecided == n {
        format!("{n} givens, not yet proven minimal (minimising…)")
    } else {
        format!("{n} givens, not yet proven minimal ({} undecided after pass {})", r.undecided, r.pass)
    }
}

/// The translucent-squares figures, if any.
pub fn quality_sentence(r: &ArtResult) -> Option<String> {
    r.quality.map(|q| {
        format!("Objective {:.2}, lower bound {:.2}, gap {:.1}%.", q.objective, q.lower_bound, q.gap * 100.0)
    })
}

/// A progress line.
pub fn stage_sentence(stage: &Stage) -> String {
    match stage {
        Stage::Optimising(p) => format!(
            "Optimising: objective {:.2} (best {:.2}), bound {:.2}, {:.0}% done",
            p.objective,
            p.best_objective,
            p.lower_bound,
            100.0 * p.work as f64 / p.planned_work.max(1) as f64
        ),
        Stage::Givens(g) if g.minimising => format!("Minimising the givens: {} left after {} checks", g.givens, g.checks),
        Stage::Givens(g) => format!("Revealing cells: {} givens after {} checks", g.givens, g.checks),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn svg_merges_runs_and_sizes_the_picture() {
        let s = picture_svg(3, 2, &[true, true, false, false, true, true], &[5]);
        assert!(s.contains("viewBox=\"0 0 3 2\""));
        assert_eq!(s.matches("<rect").count(), 5);
        assert!(s.contains("x=\"0\" y=\"0\" width=\"2\" height=\"1\" fill=\"#000\""));
        assert!(s.contains("fill=\"#c00\""));
        assert!(greys_svg(2, 1, &[0.0, 255.0]).contains("#ffffff"));
    }
}
