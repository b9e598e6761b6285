//! Pure helpers for the Image-to-nonogram page: small SVG pictures of cell grids and the
//! sentences shown for a result. No web API here, so they are tested natively.

#[cfg(test)]
use super::givens::GivensProgress;
use super::givens::UniqueMode;
use super::pipeline::{ArtResult, ArtVerdict, Quality, Stage};

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
            s.push_str(&format!(
                "<rect x=\"{x}\" y=\"{y}\" width=\"{}\" height=\"1\" fill=\"{c}\"/>",
                end - x
            ));
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
    let logic = if r.line_logic {
        "line logic alone solves it"
    } else {
        "line logic alone does not solve it"
    };
    match &r.verdict {
        ArtVerdict::Unique => format!("The clues alone have a unique answer; {logic}."),
        ArtVerdict::Multiple { differing, .. } => {
            format!("The clues alone have several answers: a second one differs in {} cells (red); {logic}.", differing.len())
        }
        ArtVerdict::None => "The engine found no answer, which cannot happen for a picture's own clues: please report it.".into(),
        ArtVerdict::Undecided => format!("Within the time allowed the solver could not tell whether the clues alone have just one answer; {logic}."),
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
        UniqueMode::Logic if n == 0 => {
            "Line logic solves it without givens: no guessing needed.".into()
        }
        UniqueMode::Logic => format!(
            "No guessing needed with {n} {cells} (a minimal set for line logic: {} revealed).",
            r.givens_stats.revealed
        ),
        UniqueMode::Adjust(_) => adjust_sentence(r),
    }
}

/// Translucent squares in one sentence, for a newcomer.
pub const TRANSLUCENT_SENTENCE: &str = "Translucent squares: each filled cell lays a faint 3×3 square of ink centred on itself, so where squares overlap the picture is darker; the filled cells are chosen so that this shading (shown as Simulated shading) matches the photo's greys as closely as possible, which is why the puzzle's own cells can look like scattered dots.";

/// A small picture for [`TRANSLUCENT_SENTENCE`]: three filled cells (black squares) on a 7x5
/// grid, each laying its faint 3x3 square of ink; where two squares overlap it is darker.
pub fn translucent_example_svg() -> String {
    let filled = [(2usize, 1usize), (3, 2), (5, 3)];
    let mut s = String::from("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"-0.1 -0.1 7.2 5.2\" width=\"108\" height=\"78\" role=\"img\" aria-label=\"Three filled cells, each with a faint 3 by 3 square of ink around it; darker where the squares overlap\">");
    s.push_str("<rect x=\"0\" y=\"0\" width=\"7\" height=\"5\" fill=\"#fff\"/>");
    for &(x, y) in &filled {
        s.push_str(&format!("<rect x=\"{}\" y=\"{}\" width=\"3\" height=\"3\" fill=\"#000\" fill-opacity=\"0.22\"/>", x - 1, y - 1));
    }
    for &(x, y) in &filled {
        s.push_str(&format!(
            "<rect x=\"{}\" y=\"{}\" width=\"0.5\" height=\"0.5\" fill=\"#000\"/>",
            x as f32 + 0.25,
            y as f32 + 0.25
        ));
    }
    for k in 0..=7 {
        s.push_str(&format!(
            "<line x1=\"{k}\" y1=\"0\" x2=\"{k}\" y2=\"5\" stroke=\"#999\" stroke-width=\"0.04\"/>"
        ));
    }
    for k in 0..=5 {
        s.push_str(&format!(
            "<line x1=\"0\" y1=\"{k}\" x2=\"7\" y2=\"{k}\" stroke=\"#999\" stroke-width=\"0.04\"/>"
        ));
    }
    s.push_str("</svg>");
    s
}

/// Which tone the picture went through and why: the most like the photo (by SSIM of the
/// thresholded preview against the greys) or the one chosen, with the likeness figures.
pub fn tone_sentence(r: &ArtResult) -> String {
    let like =
        |t: super::tone::Tone| r.previews.iter().find(|p| p.tone == t).map_or(0.0, |p| p.likeness);
    let best = super::tone::most_like(&r.previews);
    let runner_up = r
        .previews
        .iter()
        .filter(|p| p.tone != best)
        .max_by(|a, b| a.likeness.total_cmp(&b.likeness));
    if r.tone_auto && r.shading.is_some() {
        return format!(
            "{}: translucent squares match the photo's own greys (the likeness figures are a threshold's; {} is the most like the photo there).",
            r.tone.label(),
            best.label().to_lowercase()
        );
    }
    if r.tone_auto || r.tone == best {
        let against = runner_up.map_or(String::new(), |p| {
            format!(", against {:.3} for {}", p.likeness, p.tone.label().to_lowercase())
        });
        // Within a hundredth the choice is close: say so, so the others are worth a look.
        let close = runner_up.is_some_and(|p| like(best) - p.likeness < 0.01);
        format!(
            "{}{}: its picture is the most like the photo{} (likeness {:.3} by SSIM{against}).",
            r.tone.label(),
            if r.tone_auto { " is chosen" } else { "" },
            if close { ", by a small margin" } else { "" },
            like(r.tone)
        )
    } else {
        format!(
            "{}, as chosen (likeness {:.3}); {} is the most like the photo ({:.3}).",
            r.tone.label(),
            like(r.tone),
            best.label().to_lowercase(),
            like(best)
        )
    }
}

/// What adjusting the picture achieved: the cells changed, the level's rules that finish it
/// and the proof; or, before an adjusted puzzle exists, the starting puzzle with its givens.
pub fn adjust_sentence(r: &ArtResult) -> String {
    let n = r.givens.len();
    let cells = if n == 1 { "given cell" } else { "given cells" };
    let Some(a) = &r.adjust else {
        return if n == 0 {
            "Line logic solves the picture as it is; adjusting it…".into()
        } else {
            format!("Unique with {n} {cells} for now (line logic with givens); adjusting the picture to need none…")
        };
    };
    if !a.reached {
        let why = if a.stopped {
            "the time limit or Stop ended the search"
        } else {
            "the changes grew past the limit"
        };
        return format!(
            "No picture within reach that {} finish alone ({why}, {} cells still unknown): shown with {n} {cells} instead.",
            a.level.rules(),
            a.unknown
        );
    }
    let changed = if a.changed == 1 { "cell" } else { "cells" };
    let proof = match a.sat_unique {
        Some(true) => "proven unique (the rules finish it, and the SAT check agrees)",
        Some(false) => "the SAT check disagrees: please report it",
        None => "unique (the rules finish it; the SAT check is still to come or ran out of budget)",
    };
    format!(
        "{} {changed} changed ({:.1}%), no givens; {}: finished by {} ({}): rated {}; {proof}.",
        a.changed,
        a.fraction * 100.0,
        a.level.word(),
        a.level.rules(),
        a.rules_words(),
        a.rating.as_deref().unwrap_or("unrated")
    )
}

/// The picture with `ringed` cells outlined in orange (the cells adjusting changed).
pub fn ringed_svg(width: usize, height: usize, cells: &[bool], ringed: &[usize]) -> String {
    with_rings(picture_svg(width, height, cells, &[]), width, ringed)
}

/// A grid's SVG (`width` cells wide, one unit a cell) with the `ringed` cells ringed.
pub fn with_rings(mut s: String, width: usize, ringed: &[usize]) -> String {
    if !s.ends_with("</svg>") || width == 0 {
        return s;
    }
    s.truncate(s.len() - "</svg>".len());
    for &i in ringed {
        let (x, y) = (i % width, i / width);
        s.push_str(&format!(
            "<rect class=\"ring\" x=\"{}\" y=\"{}\" width=\"0.8\" height=\"0.8\" fill=\"none\" stroke=\"#f80\" stroke-width=\"0.2\"/>",
            x as f32 + 0.1,
            y as f32 + 0.1
        ));
    }
    s.push_str("</svg>");
    s
}

/// A duration for people: "40 s", "2 min 5 s".
pub fn duration(ms: u64) -> String {
    let s = ms.div_ceil(1000);
    match (s / 60, s % 60) {
        (0, s) => format!("{s} s"),
        (m, 0) => format!("{m} min"),
        (m, s) => format!("{m} min {s} s"),
    }
}

/// Whether the givens are proven minimal: "minimal" only when every given was refused by a
/// check that found another answer without it; otherwise how far the search got and why it
/// ended (the time budget, or still running).
pub fn minimal_status(r: &ArtResult) -> String {
    let n = r.givens.len();
    if r.proven_minimal {
        format!(
            "the fewest possible (each given cell was tried without and found needed; {} checks)",
            r.givens_stats.checks.max(1)
        )
    } else if r.out_of_time {
        let when = if r.pass == 0 {
            "before the given cells were tried one by one".to_string()
        } else {
            format!("in pass {}", r.pass)
        };
        format!("{n} given cells, perhaps not the fewest: the time ran out {when}, with {} of them not yet tried without", r.undecided)
    } else if r.pass == 0 && r.undecided == n {
        format!("{n} given cells, perhaps not the fewest (trying with fewer…)")
    } else {
        format!(
            "{n} given cells, perhaps not the fewest ({} not yet tried without after pass {})",
            r.undecided, r.pass
        )
    }
}

/// How close the translucent shading comes to the best possible, in words: the objective
/// against the proven lower bound (the best board can be no better than the bound).
pub fn quality_words(q: &Quality) -> String {
    {
        // objective <= (1 + excess) * bound <= (1 + excess) * optimum.
        let excess = if q.lower_bound > 0.0 {
            (q.objective / q.lower_bound - 1.0).max(0.0)
        } else if q.objective > 0.0 {
            f64::INFINITY
        } else {
            0.0
        };
        if excess < 0.0005 {
            "The shading matches the picture as closely as any choice of filled cells can (proven)."
                .to_string()
        } else if excess.is_finite() {
            let pct = 100.0 * excess;
            let pct = if pct < 10.0 {
                format!("{:.1}", pct).trim_end_matches(".0").to_string()
            } else {
                format!("{pct:.0}")
            };
            format!("The shading matches the picture to within about {pct}% of the best possible match (proven).")
        } else {
            "How close the shading comes to the best possible match is not known for this picture."
                .to_string()
        }
    }
}

/// The translucent-squares figures behind [`quality_words`], for a details toggle.
pub fn quality_sentence(r: &ArtResult) -> Option<String> {
    r.quality.map(|q| {
        format!(
            "Objective {:.2} (the sum over cells of the difference between the simulated shading and the cell's grey), lower bound {:.2} (no choice of filled cells can do better), gap {:.1}% of the objective.",
            q.objective, q.lower_bound, q.gap * 100.0
        )
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
        Stage::Givens(g) if g.minimising => {
            let left =
                g.left_ms.map(|ms| format!(", stops within {}", duration(ms))).unwrap_or_default();
            if g.pass == 0 {
                format!(
                    "Removing given cells: {} left after {} checks, blocks of them first{left}",
                    g.givens, g.checks
                )
            } else {
                format!(
                    "Removing given cells: pass {} of at most {}, {} given cells, {} not yet tried without{left}",
                    g.pass, g.passes, g.givens, g.undecided
                )
            }
        }
        Stage::Givens(g) => {
            format!("Revealing cells: {} given cells after {} checks", g.givens, g.checks)
        }
        Stage::Adjust(a) => {
            let left =
                a.left_ms.map(|ms| format!(", stops within {}", duration(ms))).unwrap_or_default();
            if a.pruning {
                format!("Adjusting the picture: finished with {} cells changed, undoing what it can do without{left}", a.changed)
            } else {
                format!(
                    "Adjusting the picture: {} cells changed, {} still unknown to the rules{left}",
                    a.changed, a.unknown
                )
            }
        }
    }
}

/// The pictures shown beside the original, as (caption, SVG): the cell greys, the picture with
/// its givens red, the simulated shading (translucent squares only), and a second answer of the
/// clues alone with the cells where it differs red (when there is one).
/// In adjust mode the picture before adjusting comes after the greys, and `ring` outlines the
/// changed cells on the adjusted picture.
pub fn panes(r: &ArtResult, ring: bool) -> Vec<(&'static str, String)> {
    let (w, h) = (r.width, r.height);
    let mut panes = vec![("Cell greys", greys_svg(w, h, &r.greys))];
    if r.changed.is_empty() {
        panes.push(("Picture (givens red)", picture_svg(w, h, r.picture.cells(), &r.givens)));
    } else {
        let before: Vec<bool> =
            (0..w * h).map(|i| r.picture.cells()[i] != r.changed.contains(&i)).collect();
        panes.push(("Before adjusting", picture_svg(w, h, &before, &[])));
        if ring {
            panes.push((
                "Adjusted (changes ringed)",
                ringed_svg(w, h, r.picture.cells(), &r.changed),
            ));
        } else {
            panes.push(("Adjusted picture", picture_svg(w, h, r.picture.cells(), &[])));
        }
    }
    if let Some(s) = &r.shading {
        panes.push(("Simulated shading", shading_svg(w, h, s)));
    }
    if let ArtVerdict::Multiple { second, differing } = &r.verdict {
        let second: Vec<bool> =
            second.iter().flat_map(|row| row.chars().map(|c| c == '#')).collect();
        panes.push(("Second answer (differences red)", picture_svg(w, h, &second, differing)));
    }
    panes
}

/// A warning when the picture came out blank or solid (every cell empty, or every cell filled):
/// such a "puzzle" is unique but has nothing to find, so the page says so beside the verdict.
pub fn blank_sentence(r: &ArtResult) -> Option<String> {
    let cells = r.picture.cells();
    let filled = cells.iter().filter(|&&on| on).count();
    let how = "choose a picture with a subject, crop to it, or move the threshold (cells darker than it are filled)";
    if filled == 0 {
        Some(format!("Every cell came out empty: this puzzle has nothing to find; {how}."))
    } else if filled == cells.len() {
        Some(format!("Every cell came out filled: this puzzle has nothing to find; {how}."))
    } else {
        None
    }
}

/// The line closing a result: the grid, the image it came from, and the time it took.
pub fn size_sentence(r: &ArtResult) -> String {
    format!(
        "{}×{} cells from a {}×{} image in {:.0} ms.",
        r.width, r.height, r.image_size.0, r.image_size.1, r.timings.total_ms
    )
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

    #[test]
    fn the_quality_is_said_in_words_against_the_proven_bound() {
        let q = |objective, lower_bound| {
            quality_words(&Quality {
                objective,
                lower_bound,
                gap: (objective - lower_bound) / objective,
            })
        };
        // 1433.65 against 1351.57: the board is within 6.07% of the bound, so of the best.
        assert_eq!(q(1433.65, 1351.57), "The shading matches the picture to within about 6.1% of the best possible match (proven).");
        assert_eq!(q(150.0, 100.0), "The shading matches the picture to within about 50% of the best possible match (proven).");
        assert_eq!(q(100.0, 96.0), "The shading matches the picture to within about 4.2% of the best possible match (proven).");
        assert_eq!(q(100.0, 100.0), "The shading matches the picture as closely as any choice of filled cells can (proven).");
        assert!(q(5.0, 0.0).contains("not known"));
    }

    /// The House sample at the page's defaults (25 wide, Otsu's threshold) keeps its walls:
    /// every cell wholly inside the walls is filled, every cell wholly inside the door or a
    /// window or the sky is empty. The geometry is the drawing's in `examples/art_samples.rs`.
    #[test]
    fn the_house_sample_looks_like_a_house_at_the_default_settings() {
        use crate::art::pipeline::{run, ArtOptions, Method};
        use crate::art::{PrepareOptions, UniqueMode};
        let bytes = include_bytes!("../../static/samples/house.png");
        let options = ArtOptions {
            prepare: PrepareOptions { width: 25, height: None, crop: None, invert: false },
            method: Method::Threshold { t: None },
            unique: UniqueMode::Off,
            budget: Default::default(),
            tone: Some(crate::art::tone::Tone::Plain),
        };
        let r = run(bytes, &options, &mut |_| {}).unwrap();
        let (w, h) = (r.width, r.height);
        let (cw, ch) = (320.0 / w as f64, 280.0 / h as f64);
        let inside = |c: usize, row: usize, x0: f64, x1: f64, y0: f64, y1: f64| {
            c as f64 * cw >= x0
                && (c + 1) as f64 * cw <= x1
                && row as f64 * ch >= y0
                && (row + 1) as f64 * ch <= y1
        };
        const OPENINGS: [(f64, f64, f64, f64); 3] = [
            (142.0, 178.0, 172.0, 250.0),
            (84.0, 122.0, 146.0, 190.0),
            (198.0, 236.0, 146.0, 190.0),
        ];
        let touches = |c: usize, row: usize, (x0, x1, y0, y1): (f64, f64, f64, f64)| {
            (c + 1) as f64 * cw > x0
                && (c as f64) * cw < x1
                && (row + 1) as f64 * ch > y0
                && (row as f64) * ch < y1
        };
        let (mut wall, mut open) = (0, 0);
        for row in 0..h {
            for c in 0..w {
                let filled = r.picture.cells()[row * w + c];
                if inside(c, row, 64.0, 256.0, 124.0, 250.0)
                    && !OPENINGS.iter().any(|&o| touches(c, row, o))
                {
                    assert!(filled, "wall cell ({row}, {c}) is empty");
                    wall += 1;
                }
                let opening =
                    OPENINGS.iter().any(|&(x0, x1, y0, y1)| inside(c, row, x0, x1, y0, y1));
                if opening || inside(c, row, 0.0, 320.0, 0.0, 24.0) {
                    assert!(!filled, "door, window or sky cell ({row}, {c}) is filled");
                    open += 1;
                }
            }
        }
        assert!(wall >= 20 && open >= 20, "{wall} wall cells and {open} open cells checked");
    }

    /// A time budget that has run out ends minimising at once: the quick answer stays (proven
    /// unique), and the sentence says the time limit ended it, never "minimal"; with no limit
    /// the same picture's givens are proven minimal.
    #[test]
    fn the_time_limit_ends_minimising_and_is_said() {
        use crate::art::givens::Budget;
        use crate::art::pipeline::{from_grid, ArtOptions, Method};
        use crate::art::{GreyGrid, PrepareOptions, UniqueMode};
        // Diagonal pairs in every 2x2 block: each block can swap, so the clues alone are ambiguous.
        let (w, h) = (8, 8);
        let values =
            (0..w * h).map(|i| if (i % w + i / w) % 2 == 0 { 0.0 } else { 255.0 }).collect();
        let grid = GreyGrid::new(w, h, values).unwrap();
        let options = |time_ms| ArtOptions {
            prepare: PrepareOptions { width: w as u32, height: None, crop: None, invert: false },
            method: Method::Threshold { t: None },
            unique: UniqueMode::Givens,
            budget: Budget { time_ms, ..Budget::default() },
            tone: Some(crate::art::tone::Tone::Plain),
        };
        let r = from_grid(&grid, &options(Some(0.0)), &mut |_| {}).unwrap();
        assert_eq!(r.final_verdict, "unique");
        assert!(!r.givens.is_empty() && !r.proven_minimal && r.out_of_time);
        assert_eq!(r.undecided, r.givens.len());
        assert_eq!(
            minimal_status(&r),
            format!("{0} given cells, perhaps not the fewest: the time ran out before the given cells were tried one by one, with {0} of them not yet tried without", r.givens.len())
        );
        let r = from_grid(&grid, &options(None), &mut |_| {}).unwrap();
        assert!(r.proven_minimal && !r.out_of_time);
        assert!(minimal_status(&r).starts_with("the fewest possible"));
    }

    #[test]
    fn durations_read_as_people_say_them() {
        assert_eq!(duration(0), "0 s");
        assert_eq!(duration(39_001), "40 s");
        assert_eq!(duration(120_000), "2 min");
        assert_eq!(duration(125_000), "2 min 5 s");
    }

    #[test]
    fn the_minimising_line_names_the_pass_the_limit_and_the_time_left() {
        let g = GivensProgress {
            minimising: true,
            givens: 120,
            checks: 300,
            pass: 2,
            passes: 8,
            undecided: 40,
            left_ms: Some(39_500),
        };
        assert_eq!(stage_sentence(&Stage::Givens(g)), "Removing given cells: pass 2 of at most 8, 120 given cells, 40 not yet tried without, stops within 40 s");
        let g = GivensProgress { left_ms: None, ..g };
        assert!(!stage_sentence(&Stage::Givens(g)).contains("stops"));
    }

    #[test]
    fn the_panes_show_a_second_answer_only_when_there_is_one() {
        use crate::art::pipeline::{from_grid, ArtOptions, Method};
        use crate::art::{GreyGrid, PrepareOptions, UniqueMode};
        // Diagonal pairs in every 2x2 block: the clues alone allow another picture.
        let (w, h) = (4, 4);
        let values =
            (0..w * h).map(|i| if (i % w + i / w) % 2 == 0 { 0.0 } else { 255.0 }).collect();
        let grid = GreyGrid::new(w, h, values).unwrap();
        let options = |unique| ArtOptions {
            prepare: PrepareOptions { width: w as u32, height: None, crop: None, invert: false },
            method: Method::Threshold { t: None },
            unique,
            budget: Default::default(),
            tone: Some(crate::art::tone::Tone::Plain),
        };
        let r = from_grid(&grid, &options(UniqueMode::Off), &mut |_| {}).unwrap();
        let captions: Vec<&str> = panes(&r, false).iter().map(|(c, _)| *c).collect();
        assert_eq!(
            captions,
            ["Cell greys", "Picture (givens red)", "Second answer (differences red)"]
        );
        assert!(panes(&r, false)
            .iter()
            .all(|(_, svg)| svg.starts_with("<svg") && svg.contains("viewBox=\"0 0 4 4\"")));
        // A filled square has one answer: no second picture.
        let solid = GreyGrid::new(w, h, vec![0.0; w * h]).unwrap();
        let one = from_grid(&solid, &options(UniqueMode::Off), &mut |_| {}).unwrap();
        assert_eq!(panes(&one, false).len(), 2);
        let r = ArtResult {
            image_size: (40, 30),
            timings: crate::art::pipeline::Timings { total_ms: 12.4, ..r.timings.clone() },
            ..r
        };
        assert_eq!(size_sentence(&r), "4×4 cells from a 40×30 image in 12 ms.");
    }

    #[test]
    fn the_tone_sentence_says_which_is_chosen_and_why() {
        use crate::art::pipeline::{from_grid, ArtOptions, Method};
        use crate::art::tone::{most_like, Tone};
        use crate::art::{GreyGrid, PrepareOptions, UniqueMode};
        let (w, h) = (16, 12);
        let grid = GreyGrid::new(
            w,
            h,
            (0..w * h).map(|i| ((i % w) * 13 + (i / w) * 7 % 60) as f32).collect(),
        )
        .unwrap();
        let options = |tone| ArtOptions {
            prepare: PrepareOptions { width: w as u32, height: None, crop: None, invert: false },
            method: Method::Threshold { t: None },
            unique: UniqueMode::Off,
            budget: Default::default(),
            tone,
        };
        let auto = from_grid(&grid, &options(None), &mut |_| {}).unwrap();
        assert_eq!(auto.previews.len(), Tone::ALL.len());
        let best = most_like(&auto.previews);
        assert!(auto.tone_auto && auto.tone == best);
        let s = tone_sentence(&auto);
        assert!(
            s.starts_with(&format!(
                "{} is chosen: its picture is the most like the photo",
                best.label()
            )),
            "{s}"
        );
        assert!(s.contains("(likeness ") && s.contains(" by SSIM, against "), "{s}");
        // The greys the picture was thresholded from are the chosen tone's.
        assert_eq!(auto.greys, crate::art::tone::apply(&grid, best).values());
        let other = Tone::ALL.into_iter().find(|&t| t != best).unwrap();
        let chosen = from_grid(&grid, &options(Some(other)), &mut |_| {}).unwrap();
        assert!(!chosen.tone_auto && chosen.tone == other);
        assert!(
            tone_sentence(&chosen).starts_with(&format!("{}, as chosen (likeness ", other.label())),
            "{}",
            tone_sentence(&chosen)
        );
        // Translucent squares keep the photo's greys unless a tone is asked for.
        let translucent = ArtOptions {
            method: Method::Translucent { config: crate::art::OptimizerConfig::default() },
            ..options(None)
        };
        let t = from_grid(&grid, &translucent, &mut |_| {}).unwrap();
        assert_eq!((t.tone, t.tone_auto), (Tone::Plain, true));
        assert!(
            tone_sentence(&t).starts_with("Plain: translucent squares match the photo's own greys"),
            "{}",
            tone_sentence(&t)
        );
        assert!(
            translucent_example_svg().starts_with("<svg")
                && translucent_example_svg().matches("fill-opacity").count() == 3
        );
    }

    #[test]
    fn a_blank_or_solid_picture_is_said_to_have_nothing_to_find() {
        use crate::art::pipeline::{from_grid, ArtOptions, Method};
        use crate::art::{GreyGrid, PrepareOptions, UniqueMode};
        let (w, h) = (6, 5);
        let made = |greys: Vec<f32>| {
            let options = ArtOptions {
                prepare: PrepareOptions {
                    width: w as u32,
                    height: None,
                    crop: None,
                    invert: false,
                },
                method: Method::Threshold { t: None },
                unique: UniqueMode::Givens,
                budget: Default::default(),
                tone: Some(crate::art::tone::Tone::Plain),
            };
            from_grid(&GreyGrid::new(w, h, greys).unwrap(), &options, &mut |_| {}).unwrap()
        };
        // A white picture: unique with no givens, and empty.
        let white = made(vec![255.0; w * h]);
        assert_eq!(givens_sentence(&white), "Unique without givens.");
        let s = blank_sentence(&white).expect("a white picture is blank");
        assert!(s.starts_with("Every cell came out empty: this puzzle has nothing to find"), "{s}");
        let black = made(vec![0.0; w * h]);
        let s = blank_sentence(&black).expect("a black picture is solid");
        assert!(s.starts_with("Every cell came out filled"), "{s}");
        // Half dark, half light: a picture, no warning.
        let half = made((0..w * h).map(|i| if i % w < 3 { 0.0 } else { 255.0 }).collect());
        assert!(half.picture.cells().iter().any(|&on| on), "some cells filled");
        assert_eq!(blank_sentence(&half), None);
    }
}
