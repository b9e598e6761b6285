//! `puzzle art`: image to nonogram (black and white or colour) and the difficulty ladder.

use super::*;
/// `puzzle art PHOTO --colours N`: the colour nonogram with proven-unique givens.
#[allow(clippy::too_many_arguments)]
pub(super) fn art_colour(
    image: PathBuf,
    width: u32,
    height: Option<u32>,
    colours: usize,
    background: &str,
    invert: bool,
    unique: &str,
    budget: f64,
    json: bool,
) -> Result<ExitCode, String> {
    use studio::art::colour_art::{self, ColourOptions};
    let mut options = ColourOptions::new(width, colours);
    options.prepare.height = height;
    options.prepare.invert = invert;
    options.background = colour_art::parse_background(background)?;
    options.unique = colour_art::parse_unique(unique)?;
    if !(budget.is_finite() && budget >= 0.0) {
        return Err(format!("--budget {budget}: give a number of seconds, 0 or more"));
    }
    options.budget.time_ms = Some(budget * 1000.0);
    let bytes = std::fs::read(&image).map_err(|e| format!("{}: {e}", image.display()))?;
    let r = colour_art::run(&bytes, &options, &mut |_| {}).map_err(|e| e.to_string())?;
    if json {
        println!("{}", colour_art::report_json(&r)?);
    } else {
        print!("{}", colour_art::report_text(&r));
    }
    Ok(if r.proven_unique { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

#[allow(clippy::too_many_arguments)]
pub(super) fn art(
    image: PathBuf,
    width: u32,
    height: Option<u32>,
    method: &str,
    (threshold, tone): (Option<u16>, &str),
    invert: bool,
    (unique, level): (&str, &str),
    budget: f64,
    json: bool,
) -> Result<ExitCode, String> {
    use studio::art::givens::Budget;
    use studio::art::{
        pipeline, ArtOptions, ArtVerdict, Method, OptimizerConfig, PrepareOptions, UniqueMode,
    };
    let tone = match tone {
        "auto" => None,
        word => Some(studio::art::tone::Tone::parse(word).ok_or_else(|| {
            format!("unknown --tone `{word}`; use plain, stretch, local, edges or auto")
        })?),
    };
    let method = match method {
        "threshold" => Method::Threshold { t: threshold },
        "translucent" => Method::Translucent { config: OptimizerConfig::default() },
        other => return Err(format!("unknown method `{other}`; use threshold or translucent")),
    };
    let unique = match unique {
        "givens" => UniqueMode::Givens,
        "logic" => UniqueMode::Logic,
        "off" => UniqueMode::Off,
        "adjust" if level == "all" => {
            return art_ladder(&image, width, height, (method, tone), invert, budget, json)
        }
        "adjust" => {
            UniqueMode::Adjust(studio::art::adjust::Level::parse(level).ok_or_else(|| {
                format!("unknown --level `{level}`; use easy, medium, hard or all")
            })?)
        }
        other => {
            return Err(format!("unknown --unique `{other}`; use givens, logic, adjust or off"))
        }
    };
    let bytes = std::fs::read(&image).map_err(|e| format!("{}: {e}", image.display()))?;
    if !(budget.is_finite() && budget >= 0.0) {
        return Err(format!("--budget {budget}: give a number of seconds, 0 or more"));
    }
    let budget = Budget { time_ms: Some(budget * 1000.0), ..Budget::default() };
    let options = ArtOptions {
        prepare: PrepareOptions { width, height, crop: None, invert },
        method,
        unique,
        budget,
        tone,
    };
    let r = pipeline::run(&bytes, &options, &mut |_| {}).map_err(|e| e.to_string())?;
    if json {
        let mut v: serde_json::Value =
            serde_json::from_str(&r.puzzle_json).map_err(|e| e.to_string())?;
        v["goal"] = serde_json::json!(r.picture_rows());
        v["art"] = serde_json::json!({
            "width": r.width,
            "height": r.height,
            "image": [r.image_size.0, r.image_size.1],
            "method": match method { Method::Threshold { .. } => "threshold", Method::Translucent { .. } => "translucent" },
            "threshold": r.threshold,
            "otsu": r.otsu,
            "tone": r.tone.word(),
            "tone_auto": r.tone_auto,
            "previews": r.previews.iter().map(|p| serde_json::json!({"tone": p.tone.word(), "threshold": p.threshold, "likeness": p.likeness})).collect::<Vec<_>>(),
            "objective": r.quality.map(|q| q.objective),
            "lower_bound": r.quality.map(|q| q.lower_bound),
            "gap": r.quality.map(|q| q.gap),
            "verdict": r.verdict.word(),
            "line_logic": r.line_logic,
            "unique": r.unique.word(),
            "givens": r.givens.len(),
            "givens_stats": r.givens_stats,
            "proven_minimal": r.proven_minimal,
            "undecided": r.undecided,
            "passes": r.pass,
            "final_verdict": r.final_verdict,
            "final_line_logic": r.final_line_logic,
            "link": format!("#{}", r.fragment),
            "timings": r.timings,
        });
        if let Some(a) = &r.adjust {
            v["art"]["adjust"] = serde_json::json!({
                "level": a.level.word(),
                "reached": a.reached,
                "cells_changed": a.changed,
                "fraction": a.fraction,
                "changed": r.changed,
                "unknown": a.unknown,
                "rating": a.rating,
                "rules": a.rules.iter().map(|(rule, n)| serde_json::json!({"rule": rule, "count": n})).collect::<Vec<_>>(),
                "runs": a.runs,
                "ms": a.ms,
                "sat_unique": a.sat_unique,
                "stopped": a.stopped,
            });
        }
        println!("{v}");
        return Ok(ExitCode::SUCCESS);
    }
    println!("# {}x{} cells from a {}x{} image", r.width, r.height, r.image_size.0, r.image_size.1);
    for row in r.picture_rows() {
        println!("{row}");
    }
    let clue = |c: &Vec<u32>| {
        if c.is_empty() {
            "0".to_string()
        } else {
            c.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
        }
    };
    println!("rows: {}", r.rows.iter().map(clue).collect::<Vec<_>>().join(", "));
    println!("cols: {}", r.cols.iter().map(clue).collect::<Vec<_>>().join(", "));
    if let Some(t) = r.threshold {
        println!("threshold: {t} (Otsu {})", r.otsu);
    }
    if let Some(q) = r.quality {
        println!(
            "objective: {:.3}  lower bound: {:.3}  gap: {:.2}%",
            q.objective,
            q.lower_bound,
            q.gap * 100.0
        );
    }
    match &r.verdict {
        ArtVerdict::Multiple { second, differing } => {
            println!(
                "verdict (clues alone): multiple; a second answer differing in {} cells:",
                differing.len()
            );
            for row in second {
                println!("{row}");
            }
        }
        v => println!("verdict (clues alone): {}", v.word()),
    }
    println!("line logic alone: {}", if r.line_logic { "solves it" } else { "does not solve it" });
    if let Some(a) = &r.adjust {
        println!(
            "adjusted ({}: {}): {}; {} cells changed ({:.2}%), {} rule runs, {:.1} ms; rating: {}; rules used: {}; SAT check: {}",
            a.level.word(),
            a.level.rules(),
            if a.reached { "no givens" } else { "not reached, givens kept" },
            a.changed,
            a.fraction * 100.0,
            a.runs,
            a.ms,
            a.rating.as_deref().unwrap_or("unrated"),
            a.rules_words(),
            match a.sat_unique { Some(true) => "unique", Some(false) => "a second answer (engine fault)", None => "not decided" }
        );
        if a.reached && !r.changed.is_empty() {
            let cells: Vec<String> = r
                .changed
                .iter()
                .map(|&i| format!("r{}c{}", i / r.width + 1, i % r.width + 1))
                .collect();
            println!("changed: {}", cells.join(" "));
        }
    }
    if r.unique != UniqueMode::Off && !r.adjust.as_ref().is_some_and(|a| a.reached) {
        println!(
            "givens ({}): {} kept of {} revealed, {} checks, {:.1} ms + {:.1} ms; {}",
            r.unique.word(),
            r.givens.len(),
            r.givens_stats.revealed,
            r.givens_stats.checks,
            r.givens_stats.reveal_ms,
            r.givens_stats.minimise_ms,
            if r.unique == UniqueMode::Givens {
                studio::art::view::minimal_status(&r)
            } else {
                "minimal".into()
            }
        );
        if !r.givens.is_empty() {
            for row in r.givens_rows() {
                println!("{row}");
            }
        }
        println!(
            "with givens: {}; line logic alone: {}",
            r.final_verdict,
            if r.final_line_logic { "yes" } else { "no" }
        );
    }
    let t = &r.timings;
    println!(
        "time: decode {:.1} ms, prepare {:.1} ms, method {:.1} ms, verdict {:.1} ms, givens {:.1} ms, total {:.1} ms",
        t.decode_ms, t.prepare_ms, t.method_ms, t.verdict_ms, t.givens_ms, t.total_ms
    );
    println!("#{}", r.fragment);
    println!("verdict: {}", r.final_verdict);
    Ok(ExitCode::SUCCESS)
}

/// `--unique adjust --level all`: the difficulty ladder from one picture, one line (or one
/// JSON object) per level with its cells changed, rating and rules used.
fn art_ladder(
    image: &std::path::Path,
    width: u32,
    height: Option<u32>,
    (method, tone): (studio::art::Method, Option<studio::art::tone::Tone>),
    invert: bool,
    budget: f64,
    json: bool,
) -> Result<ExitCode, String> {
    use studio::art::adjust::Level;
    use studio::art::givens::Budget;
    use studio::art::{pipeline, ArtOptions, PrepareOptions, UniqueMode};
    let bytes = std::fs::read(image).map_err(|e| format!("{}: {e}", image.display()))?;
    if !(budget.is_finite() && budget >= 0.0) {
        return Err(format!("--budget {budget}: give a number of seconds, 0 or more"));
    }
    let mut out = Vec::new();
    for level in Level::ALL {
        let options = ArtOptions {
            prepare: PrepareOptions { width, height, crop: None, invert },
            method,
            unique: UniqueMode::Adjust(level),
            budget: Budget { time_ms: Some(budget * 1000.0), ..Budget::default() },
            tone,
        };
        let r = pipeline::run(&bytes, &options, &mut |_| {}).map_err(|e| e.to_string())?;
        let a = r.adjust.clone().ok_or("no adjust figures")?;
        if json {
            out.push(serde_json::json!({
                "level": level.word(),
                "reached": a.reached,
                "cells_changed": a.changed,
                "fraction": a.fraction,
                "changed": r.changed,
                "rating": a.rating,
                "rules": a.rules.iter().map(|(rule, n)| serde_json::json!({"rule": rule, "count": n})).collect::<Vec<_>>(),
                "givens": r.givens.len(),
                "sat_unique": a.sat_unique,
                "ms": r.timings.total_ms,
                "link": format!("#{}", r.fragment),
            }));
        } else {
            println!(
                "{}: {} ({}); {} cells changed ({:.2}%); rating: {}; rules used: {}; {:.0} ms; #{}",
                level.word(),
                if a.reached { "no givens" } else { "not reached, givens kept" },
                level.rules(),
                a.changed,
                a.fraction * 100.0,
                a.rating.as_deref().unwrap_or("unrated"),
                a.rules_words(),
                r.timings.total_ms,
                r.fragment
            );
        }
    }
    if json {
        println!("{}", serde_json::Value::Array(out));
    }
    Ok(ExitCode::SUCCESS)
}
