//! Colour "adjust the picture": on small noisy colour pictures, the adjusted puzzle has no
//! givens, the coloured line logic finishes it from the empty grid, the plain SAT count of its
//! clues is 1, and it differs from the reduced picture in exactly the reported cells.

use studio::art::colour_adjust;
use studio::art::colour_art::{
    self, from_cells_streaming, plain_puzzle, ColourArtResult, ColourOptions, ColourUnique,
};
use studio::art::colours::{lab_of, reduce, Background, RgbGrid};
use studio::grid::Grid;
use studio::kinds::colournono::{check, solve::line_logic};
use studio::puzzle::{self, Mode, Verdict};
use web_time::Instant;

/// A `w x h` grid of cell colours: the nearest of four coloured centres (Voronoi patches), one
/// cell in four a random one of the four colours instead (specks, which make the clues
/// ambiguous), with channel noise, from `seed`.
fn patches(w: usize, h: usize, seed: u64) -> RgbGrid {
    let mut rng = fastrand::Rng::with_seed(seed);
    let base =
        [[245.0, 245.0, 240.0], [200.0, 40.0, 40.0], [40.0, 70.0, 190.0], [60.0, 150.0, 70.0]];
    let centres: Vec<(f32, f32, usize)> =
        (0..6).map(|k| (rng.f32() * w as f32, rng.f32() * h as f32, k % 4)).collect();
    let cells = (0..w * h)
        .map(|i| {
            let (x, y) = ((i % w) as f32, (i / w) as f32);
            let near = centres
                .iter()
                .min_by(|a, b| {
                    ((a.0 - x).powi(2) + (a.1 - y).powi(2))
                        .total_cmp(&((b.0 - x).powi(2) + (b.1 - y).powi(2)))
                })
                .map_or(0, |c| c.2);
            let near = if rng.f32() < 0.25 { rng.usize(..4) } else { near };
            base[near].map(|v: f32| (v + (rng.f32() - 0.5) * 90.0).clamp(0.0, 255.0))
        })
        .collect();
    RgbGrid::new(w, h, cells).expect("sized")
}

fn adjust_options(colours: usize) -> ColourOptions {
    let mut o = ColourOptions::new(16, colours);
    o.unique = ColourUnique::Adjust;
    o.budget.time_ms = Some(20_000.0);
    o
}

/// Everything an adjusted result claims, checked here from scratch against `before` (the
/// reduced picture, made here independently). An interim result (streamed while the search
/// goes on) is unique by the line logic's sound deductions and has no SAT check or final proof yet.
fn assert_adjusted(r: &ColourArtResult, before: &[u8], what: &str, last: bool) {
    let red = &r.reduced;
    let a = r.adjust.as_ref().expect("the adjust figures");
    assert!(a.reached, "{what}: {a:?}");
    // No givens: the puzzle starts empty.
    assert!(r.givens.is_empty(), "{what}");
    let p = r.puzzle().expect("the puzzle builds");
    assert!(p.start().iter().all(Option::is_none), "{what}");
    // Differs from the reduced picture in exactly the reported cells.
    let differ: Vec<usize> = (0..before.len()).filter(|&i| red.cells[i] != before[i]).collect();
    assert_eq!(differ, r.changed, "{what}");
    assert_eq!(a.changed, r.changed.len(), "{what}");
    assert!((a.fraction - r.changed.len() as f64 / before.len() as f64).abs() < 1e-12);
    // The clues are the adjusted picture's, and it solves them (the independent checker).
    let picture = Grid::from_cells(red.height, red.width, red.cells.clone()).expect("sized");
    assert_eq!(
        (p.rows(), p.cols()),
        (plain_puzzle(red).unwrap().rows(), plain_puzzle(red).unwrap().cols())
    );
    assert_eq!(check::verify(&p, &picture), Ok(()), "{what}");
    // The coloured line logic alone finishes it from the empty grid, to the picture.
    let (cells, run, _) = line_logic(&p);
    assert_eq!(run.end, studio::deduce::End::Complete, "{what}");
    assert_eq!(cells.iter().map(|c| c.expect("decided")).collect::<Vec<u8>>(), red.cells, "{what}");
    // Unique by the plain SAT count of the clues (no line logic): exactly one answer.
    let report = puzzle::solve(&p, Mode::Count(2), None).expect("solves");
    assert_eq!(report.count, Some((1, true)), "{what}");
    assert_eq!(report.verdict, Verdict::Unique);
    assert_eq!(report.solutions[0], picture);
    assert!(r.proven_unique, "{what}");
    if last {
        assert_eq!(a.sat_unique, Some(true), "{what}");
        assert!(r.final_proof && r.final_line_logic, "{what}");
    }
}

#[test]
fn adjusted_colour_puzzles_are_unique_without_givens_finished_by_line_logic_and_differ_in_the_reported_cells(
) {
    let mut changed_somewhere = 0;
    for seed in 1..=6u64 {
        for colours in [3, 4] {
            let grid = patches(16, 12 + seed as usize % 3, seed);
            let o = adjust_options(colours);
            let before = reduce(&grid, colours, Background::Auto, o.seed).expect("reduces").cells;
            let mut interim = Vec::new();
            let r = from_cells_streaming(&grid, &o, Instant::now(), &mut |_| {}, &mut |i| {
                interim.push(i.clone());
                true
            })
            .expect("runs");
            let what = format!("seed {seed}, {colours} colours");
            assert_adjusted(&r, &before, &what, true);
            changed_somewhere += usize::from(!r.changed.is_empty());
            // Every adjusted picture streamed on the way is a finished, unique puzzle too.
            for i in interim.iter().filter(|i| i.adjust.is_some()) {
                assert_adjusted(i, &before, &format!("{what}, interim"), false);
            }
        }
    }
    // Most of these noisy pictures needed changes (else the test would prove little).
    assert!(changed_somewhere >= 6, "changes made on {changed_somewhere} of 12 pictures");
}

#[test]
fn the_command_lines_json_and_text_carry_the_adjust_figures() {
    let grid = patches(16, 12, 3);
    let r =
        from_cells_streaming(&grid, &adjust_options(3), Instant::now(), &mut |_| {}, &mut |_| true)
            .expect("runs");
    let a = r.adjust.clone().expect("figures");
    let v: serde_json::Value = serde_json::from_str(&colour_art::report_json(&r).unwrap()).unwrap();
    assert_eq!(v["art"]["unique"], "adjust");
    assert_eq!(v["art"]["givens"], 0);
    assert_eq!(v["art"]["adjust"]["changed"], a.changed);
    assert_eq!(v["art"]["adjust"]["reached"], true);
    assert_eq!(v["art"]["adjust"]["level"], "medium");
    assert_eq!(v["art"]["adjust"]["sat_unique"], true);
    assert_eq!(v["art"]["changed"].as_array().map(Vec::len), Some(r.changed.len()));
    let text = colour_art::report_text(&r);
    assert!(text.contains(&format!("adjusted: {} cells changed", a.changed)), "{text}");
    assert_eq!(colour_art::parse_unique("adjust"), Ok(ColourUnique::Adjust));
}

#[test]
fn a_change_to_a_colour_near_the_cells_own_and_beside_it_is_cheapest() {
    // A 3x1 strip: white, a pinkish cell reduced to white, red; palette white and red.
    let lab: Vec<[f32; 3]> = [[250.0, 250.0, 250.0], [235.0, 150.0, 150.0], [200.0, 30.0, 30.0]]
        .into_iter()
        .map(lab_of)
        .collect();
    let pal: Vec<[f32; 3]> =
        [[250.0, 250.0, 250.0], [200.0, 30.0, 30.0]].into_iter().map(lab_of).collect();
    let c = colour_adjust::costs(&lab, &pal, &[0, 0, 1], 3);
    assert!(c[0][0].is_infinite() && c[2][1].is_infinite(), "no cost to stay: {c:?}");
    // The pink cell turns red more cheaply than the white one.
    assert!(c[1][1] < c[0][1], "{c:?}");
}

#[test]
fn the_colour_modes_adjust_choice_asks_for_it_and_rings_the_changed_cells() {
    use studio::art::colour_view::{self, ColourControls, ColourField};
    let c = ColourControls::default().set(ColourField::Unique, "adjust");
    assert_eq!(c.options().unique, ColourUnique::Adjust);
    assert_eq!(c.set(ColourField::Unique, "logic").options().unique, ColourUnique::Logic);
    // A picture that needs changes: the first of the noisy ones whose adjustment changed cells.
    let r = (1..=6u64)
        .map(|seed| {
            from_cells_streaming(
                &patches(16, 12, seed),
                &adjust_options(3),
                Instant::now(),
                &mut |_| {},
                &mut |_| true,
            )
            .expect("runs")
        })
        .find(|r| !r.changed.is_empty())
        .expect("some picture needed a change");
    let panes = colour_view::panes(&r);
    assert_eq!(panes.len(), 3);
    let n = r.changed.len();
    assert!(panes[1].0.starts_with("Adjusted picture"), "{}", panes[1].0);
    assert!(panes[2].0.contains("no given cells"), "{}", panes[2].0);
    for (caption, svg) in &panes[1..] {
        assert_eq!(svg.matches("class=\"ring\"").count(), n, "{caption}");
    }
    // The ring of the first changed cell sits on that cell.
    let (x, y) = (r.changed[0] % r.reduced.width, r.changed[0] / r.reduced.width);
    assert!(panes[1].1.contains(&format!(
        "class=\"ring\" x=\"{}\" y=\"{}\"",
        x as f32 + 0.1,
        y as f32 + 0.1
    )));
    assert_eq!(panes[0].1.matches("class=\"ring\"").count(), 0);
    let sentence = colour_view::result_sentence(&r);
    assert!(
        sentence.contains(&format!("{n} of its cells changed"))
            && sentence.contains("no given cells"),
        "{sentence}"
    );
}
