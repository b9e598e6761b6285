//! Each subcommand's body, the kind's solve options from the flags, the watched solve.

use super::art::{art, art_colour};
use super::*;
pub(super) fn run(cli: Cli) -> Result<ExitCode, String> {
    match cli.command {
        Command::Solve {
            kind,
            input,
            first,
            count,
            json,
            options,
            method,
            seed,
            symmetry,
            timeout,
            progress,
            engine,
        } => {
            let kind = kind_of(&kind)?;
            let text = read_input(&input)?;
            let optimum = engine.is_some();
            let options = options_json(options, method, seed, symmetry, engine)?;
            let mode = match (first, count, optimum) {
                (_, _, true) => Mode::Optimum,
                (_, Some(n), false) => Mode::Count(n),
                (true, None, false) => Mode::First,
                (false, None, false) => Mode::Unique,
            };
            let report = solve_watched(kind, &text, mode, &options, timeout, progress)?;
            if json {
                let mut v = serde_json::to_value(&report).map_err(|e| e.to_string())?;
                v["solution"] = serde_json::json!(report.solutions.first());
                println!("{v}");
            } else {
                for (i, s) in report.solutions.iter().enumerate() {
                    if i > 0 {
                        println!();
                    }
                    for row in s {
                        println!("{row}");
                    }
                }
                for line in &report.proof {
                    println!("# {line}");
                }
                if let Some((n, all)) = report.count {
                    println!("count: {n}{}", if all { "" } else { " or more" });
                }
                println!("verdict: {}", report.verdict.word());
                if let Some(r) = &report.rating {
                    println!("rating: {r}");
                }
                if let studio::puzzle::Verdict::Bounded { lower } = report.verdict {
                    println!("lower bound: {lower}");
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Explain {
            kind,
            input,
            json,
            steps,
            limit,
            time_hints,
            chains,
            chain_ms,
            groups,
        } => {
            let kind = kind_of(&kind)?;
            let text = read_input(&input)?;
            let name = Path::new(&input)
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| "puzzle".into());
            let groups = groups.map(|g| crate::explain::parse_groups(&g)).transpose()?;
            crate::explain::run(
                kind,
                &text,
                &name,
                &crate::explain::Options {
                    json,
                    steps,
                    limit,
                    time_hints,
                    chains,
                    chain_ms,
                    groups,
                },
            )
        }
        Command::Check { kind, input, answer, json } => {
            let kind = kind_of(&kind)?;
            let answer = answer.map(|a| read_input(&a)).transpose()?;
            let faults = kinds::check_text(kind, &read_input(&input)?, answer.as_deref())
                .map_err(|e| e.to_string())?;
            if json {
                println!("{}", serde_json::json!({ "valid": faults.is_empty(), "faults": faults }));
            } else {
                for line in &faults {
                    println!("{line}");
                }
                println!("verdict: {}", if faults.is_empty() { "valid" } else { "invalid" });
            }
            Ok(if faults.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) })
        }
        Command::Bench { kind, path, first, json, timeout, engine, limit } => {
            let kind = kind_of(&kind)?;
            let options = Options { first, timeout_ms: timeout.map(|s| s * 1000.0), limit };
            let mode = engine.is_some().then_some(Mode::Optimum);
            let solve_options = options_json(Vec::new(), None, None, None, engine)?;
            let mut records = Vec::new();
            // In a folder, a file that does not read is named and skipped; a file given alone
            // that does not read is the command's error.
            let folder = path.is_dir();
            let mut skipped: Vec<(String, String)> = Vec::new();
            for file in files_under(&path)? {
                let text = match read_file(&file) {
                    Ok(t) => t,
                    Err(e) if folder => {
                        skipped.push((file.display().to_string(), e.to_string()));
                        continue;
                    }
                    Err(e) => return Err(format!("{}: {e}", file.display())),
                };
                let answers = answers_beside(&file);
                let name =
                    file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
                let mut print = |r: &bench::Record| {
                    if json {
                        println!("{}", serde_json::to_string(r).unwrap_or_default());
                    } else if r.wrong || r.verdict == "timeout" || r.verdict == "error" {
                        println!(
                            "{}: {} {:.2} ms {}",
                            r.id,
                            r.verdict,
                            r.ms,
                            r.note.clone().unwrap_or_default()
                        );
                    }
                };
                let read = bench::run_text_as(
                    kind,
                    &text,
                    &name,
                    answers.as_deref(),
                    options,
                    mode,
                    &solve_options,
                    &mut print,
                );
                match read {
                    Ok(r) => records.extend(r),
                    Err(e) if folder => skipped.push((file.display().to_string(), e.to_string())),
                    Err(e) => return Err(e.to_string()),
                }
            }
            for (file, why) in &skipped {
                if json {
                    println!("{}", serde_json::json!({ "file": file, "skipped": why }));
                } else {
                    println!("{file}: unreadable, skipped: {why}");
                }
            }
            let summary = Summary::of(&records);
            if json {
                println!("{}", serde_json::to_string(&summary).map_err(|e| e.to_string())?);
            } else {
                println!("{}", summary.line());
                if !skipped.is_empty() {
                    println!("skipped {} unreadable file(s), named above", skipped.len());
                }
            }
            Ok(match (summary.wrong, skipped.len()) {
                (0, 0) => ExitCode::SUCCESS,
                (0, _) => ExitCode::from(2),
                _ => ExitCode::from(1),
            })
        }
        Command::Generate {
            kind,
            options,
            size,
            seed,
            stars,
            colours,
            difficulty,
            timeout,
            progress,
            json,
            centre,
        } => {
            let kind = kind_of(&kind)?;
            let limit = timeout.map_or(f64::INFINITY, |t| t * 1000.0);
            let mut monitor = studio::sat::Monitor::new(1000.0, move |p| {
                if progress {
                    eprintln!("{:.1} s, {} {}", p.elapsed_ms / 1000.0, p.work, p.unit.word());
                }
                p.elapsed_ms < limit
            });
            let mut shorts: Vec<(&str, serde_json::Value)> = Vec::new();
            if let Some(v) = size {
                shorts.push(("size", v.into()));
            }
            if let Some(v) = stars {
                shorts.push(("stars", v.into()));
            }
            if let Some(v) = colours {
                shorts.push(("colours", v.into()));
            }
            if let Some(v) = difficulty {
                shorts.push(("difficulty", v.into()));
            }
            if centre {
                shorts.push(("centre", true.into()));
            }
            let options = json_of_pairs(options, shorts)?;
            let text = kinds::generate_monitored(kind, &options, seed, Some(&mut monitor))
                .map_err(|e| match e {
                    GenerateError::Stopped => {
                        format!("stopped: no puzzle within {} s", timeout.unwrap_or(0.0))
                    }
                    e => e.to_string(),
                })?;
            println!("{text}");
            if !json {
                println!("#{}", kinds::share_fragment(kind, &text).map_err(|e| e.to_string())?);
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Art {
            image,
            width,
            height,
            colours: Some(colours),
            background,
            invert,
            unique,
            budget,
            json,
            ..
        } => art_colour(image, width, height, colours, &background, invert, &unique, budget, json),
        Command::Art {
            image,
            width,
            height,
            method,
            threshold,
            invert,
            tone,
            unique,
            level,
            budget,
            json,
            colours: None,
            ..
        } => art(
            image,
            width,
            height,
            &method,
            (threshold, &tone),
            invert,
            (&unique, &level),
            budget,
            json,
        ),
        Command::Export { kind, input } => {
            let kind = kind_of(&kind)?;
            let text = kinds::import(kind, &read_input(&input)?).map_err(|e| e.to_string())?;
            println!("{text}");
            println!("#{}", kinds::share_fragment(kind, &text).map_err(|e| e.to_string())?);
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// The kind's solve options as JSON text, from `--option KEY=VALUE` and the short flags;
/// the kind reads them ([`kinds::options_from_text`]) and names any it does not know.
fn options_json(
    pairs: Vec<String>,
    method: Option<String>,
    seed: Option<u64>,
    symmetry: Option<String>,
    engine: Option<String>,
) -> Result<String, String> {
    let mut shorts: Vec<(&str, serde_json::Value)> = Vec::new();
    if let Some(v) = engine {
        shorts.push(("engine", v.into()));
    }
    if let Some(v) = method {
        shorts.push(("method", v.into()));
    }
    if let Some(v) = seed {
        shorts.push(("seed", v.into()));
    }
    if let Some(v) = symmetry {
        shorts.push(("symmetry", v.into()));
    }
    json_of_pairs(pairs, shorts)
}

/// `--option KEY=VALUE` pairs and the short flags given (`shorts`) as one JSON object's text
/// (empty when there are none), for the kind to read ([`kinds::options_from_text`],
/// [`kinds::generate_options_from_text`]).
fn json_of_pairs(
    pairs: Vec<String>,
    shorts: Vec<(&str, serde_json::Value)>,
) -> Result<String, String> {
    let mut map = serde_json::Map::new();
    for pair in &pairs {
        let (key, value) =
            pair.split_once('=').ok_or_else(|| format!("--option {pair}: write KEY=VALUE"))?;
        let value = serde_json::from_str(value)
            .unwrap_or_else(|_| serde_json::Value::String(value.to_string()));
        map.insert(key.trim().to_string(), value);
    }
    for (key, value) in shorts {
        map.insert(key.to_string(), value);
    }
    Ok(if map.is_empty() { String::new() } else { serde_json::Value::Object(map).to_string() })
}

/// A solve with a deadline and, with `progress`, a line to stderr once a second: the kind's
/// snapshot summary when it streams snapshots, else time and conflicts; when it stops, the
/// last figures reached. Then the rating the solve left out, if any.
fn solve_watched(
    kind: Kind,
    text: &str,
    mode: Mode,
    options: &str,
    timeout: Option<f64>,
    progress: bool,
) -> Result<kinds::AnyReport, String> {
    use std::cell::RefCell;
    use std::rc::Rc;
    let limit_ms = timeout.map_or(f64::INFINITY, |t| t * 1000.0);
    let started = std::time::Instant::now();
    let last: Rc<RefCell<(f64, Option<String>)>> = Rc::new(RefCell::new((-1000.0, None)));
    let (seen, shown) = (last.clone(), last.clone());
    let monitor = studio::sat::Monitor::new(50.0, move |p| {
        let mut l = seen.borrow_mut();
        if progress && l.1.is_none() && p.elapsed_ms - l.0 >= 1000.0 {
            l.0 = p.elapsed_ms;
            eprintln!("{:8.1} s  {} {:>12}", p.elapsed_ms / 1000.0, p.unit.word(), p.work);
        }
        p.elapsed_ms < limit_ms
    })
    .with_snapshots(move |s| {
        let mut l = shown.borrow_mut();
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        if progress && (ms - l.0 >= 1000.0 || s.score == Some(0)) {
            l.0 = ms;
            eprintln!("{}", s.summary);
        }
        l.1 = Some(s.summary);
    });
    let watched = timeout.is_some() || progress;
    let mut report = kinds::solve_text(kind, text, mode, options, watched.then_some(monitor))
        .map_err(|e| {
            if let (true, Some(summary)) = (progress, last.borrow().1.clone()) {
                eprintln!("stopped; the last figures: {}", summary.trim());
            }
            e.to_string()
        })?;
    // The rating the solve left out (Star Battle and KenKen, when SAT gave the answer).
    if kinds::rating_left_out(kind, &report) {
        report.rating = kinds::rate_report(kind, text, &report);
    }
    Ok(report)
}
