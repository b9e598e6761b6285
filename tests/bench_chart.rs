//! The Benchmark page's chart: the SVG drawn from records.

use studio::bench_chart::{decades, log_y, svg, verdict_counts};

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
