//! The Benchmark page's chart: the SVG drawn from records.

use studio::bench_chart::{decades, log_y, svg, svg_narrow, verdict_counts};

fn attr(svg: &str, tag: &str, name: &str) -> Vec<String> {
    svg.split(&format!("<{tag} "))
        .skip(1)
        .filter_map(|t| t.split(&format!("{name}=\"")).nth(1))
        .map(|v| v.split('"').next().unwrap_or("").to_string())
        .collect()
}

#[test]
fn one_dot_per_record_sorted_and_on_a_log_scale() {
    let records: Vec<(f64, String)> = [
        (120.0, "unique"),
        (3.0, "unique"),
        (45.0, "multiple"),
        (0.4, "none"),
        (7000.0, "timeout"),
    ]
    .iter()
    .map(|(ms, v)| (*ms, v.to_string()))
    .collect();
    let s = svg(&records, 10);
    assert!(s.contains("data-points=\"5\""));
    let ms: Vec<f64> = attr(&s, "circle", "data-ms").iter().map(|v| v.parse().unwrap()).collect();
    assert_eq!(ms, vec![0.4, 3.0, 45.0, 120.0, 7000.0], "dots go fastest to slowest");
    let cy: Vec<f64> = attr(&s, "circle", "cy").iter().map(|v| v.parse().unwrap()).collect();
    assert!(cy.windows(2).all(|w| w[1] < w[0]), "slower is higher: {cy:?}");
    // Log scale: a tenfold step is the same height anywhere.
    let (lo, hi) = decades(&ms);
    assert_eq!((lo, hi), (-1, 4));
    let step = |a: f64| log_y(a, lo, hi) - log_y(a * 10.0, lo, hi);
    assert!((step(1.0) - step(100.0)).abs() < 1e-9);
    // The x axis spans the whole run, so five of ten records fill half the width.
    let cx: Vec<f64> = attr(&s, "circle", "cx").iter().map(|v| v.parse().unwrap()).collect();
    let full = svg(&records, 5);
    let cx_full: Vec<f64> =
        attr(&full, "circle", "cx").iter().map(|v| v.parse().unwrap()).collect();
    assert!(cx.last().unwrap() < cx_full.last().unwrap());
}

#[test]
fn verdict_bars_count_each_verdict() {
    let records: Vec<(f64, String)> = ["unique", "unique", "unique", "multiple", "error"]
        .iter()
        .map(|v| (1.0, v.to_string()))
        .collect();
    assert_eq!(
        verdict_counts(records.iter().map(|r| r.1.as_str())),
        vec![("error".into(), 1), ("multiple".into(), 1), ("unique".into(), 3)]
    );
    let s = svg(&records, 5);
    let counts = attr(&s, "rect", "data-count");
    let verdicts = attr(&s, "rect", "data-verdict");
    assert_eq!(verdicts, vec!["error", "multiple", "unique"]);
    assert_eq!(counts, vec!["1", "1", "3"]);
    let heights: Vec<f64> = attr(&s, "rect", "height").iter().map(|v| v.parse().unwrap()).collect();
    assert!(
        (heights[2] - 3.0 * heights[0]).abs() < 0.2,
        "bars are proportional (drawn to 0.1): {heights:?}"
    );
}

#[test]
fn an_empty_run_draws_axes_only() {
    let s = svg(&[], 0);
    assert!(s.starts_with("<svg") && s.ends_with("</svg>"));
    assert!(s.contains("data-points=\"0\""));
    assert!(!s.contains("<circle"));
}

#[test]
fn the_phone_picture_has_the_same_dots_and_bars_inside_360_units() {
    let records: Vec<(f64, String)> =
        [(0.002, "unique"), (3.0, "multiple"), (45.0, "timeout"), (9000.0, "error")]
            .iter()
            .map(|(ms, v)| (*ms, v.to_string()))
            .collect();
    let (wide, narrow) = (svg(&records, 4), svg_narrow(&records, 4));
    assert!(
        narrow.contains(r#"viewBox="0 0 360 400""#)
            && narrow.contains(r#"id="bench-chart-narrow""#)
    );
    assert_eq!(attr(&narrow, "circle", "data-ms"), attr(&wide, "circle", "data-ms"));
    assert_eq!(attr(&narrow, "rect", "data-count"), attr(&wide, "rect", "data-count"));
    let xs: Vec<f64> = ["circle:cx", "rect:x", "text:x"]
        .iter()
        .flat_map(|t| {
            let (tag, name) = t.split_once(':').unwrap();
            attr(&narrow, tag, name)
        })
        .map(|v| v.parse().unwrap())
        .collect();
    assert!(xs.iter().all(|&x| (0.0..=360.0).contains(&x)), "{xs:?}");
    // The bars are under the time plot, not beside it.
    let bar_y: Vec<f64> = attr(&narrow, "rect", "y").iter().map(|v| v.parse().unwrap()).collect();
    let dot_y: Vec<f64> =
        attr(&narrow, "circle", "cy").iter().map(|v| v.parse().unwrap()).collect();
    let lowest_dot = dot_y.iter().copied().fold(0.0, f64::max);
    assert!(bar_y.iter().all(|&y| y > lowest_dot + 30.0), "{bar_y:?} under {lowest_dot}");
}
