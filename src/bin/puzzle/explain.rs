//! `puzzle explain KIND FILE`: every step of reasoning from the empty grid, for puzzle authors
//! checking that a puzzle is fair, for tests, and as the hints' benchmark over a collection.

use std::process::ExitCode;

use studio::hint::{self, Explanation, Hint};
use studio::kinds::Kind;
use studio::play::Playable;
use studio::puzzle::{Mode, Puzzle, Verdict};
use studio::with_kind;
use web_time::Instant;

/// What to print.
pub struct Options {
    /// One JSON object per puzzle (the explanation and figures), then a summary object.
    pub json: bool,
    /// Print every step even for a collection (one puzzle always prints its steps).
    pub steps: bool,
    /// Only the first N puzzles.
    pub limit: Option<usize>,
    /// Time one hint from the empty grid and from the marks half-way through the explanation.
    pub time_hints: bool,
    /// Go on past the rules with the reveals' contradiction chains ([`hint::explain_with_chains`]).
    pub chains: bool,
    /// The time each chain search may take, in ms, when not the hint's.
    pub chain_ms: Option<f64>,
    /// Labelled blocks of consecutive puzzles for the summary (`--groups Easy:10,Hard:10`).
    pub groups: Option<Vec<(String, usize)>>,
}

/// Reads `Easy:10,Normal:10,Extreme:30`.
pub fn parse_groups(spec: &str) -> Result<Vec<(String, usize)>, String> {
    spec.split(',')
        .map(|part| {
            let (label, count) = part
                .trim()
                .rsplit_once(':')
                .ok_or_else(|| format!("--groups: `{part}` is not LABEL:COUNT"))?;
            let count: usize = count
                .trim()
                .parse()
                .map_err(|_| format!("--groups: `{count}` in `{part}` is not a count"))?;
            Ok((label.trim().to_string(), count))
        })
        .collect()
}

/// The group of each puzzle: the labelled blocks, else a JSON line's `category`, else none.
fn group_labels(
    text: &str,
    groups: Option<&[(String, usize)]>,
    count: usize,
) -> Vec<Option<String>> {
    if let Some(g) = groups {
        let mut out: Vec<Option<String>> =
            g.iter().flat_map(|(l, c)| std::iter::repeat_n(Some(l.clone()), *c)).collect();
        out.resize(count, None);
        return out;
    }
    let lines: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    if lines.len() == count && lines.iter().all(|l| l.starts_with('{')) {
        return lines
            .iter()
            .map(|l| {
                serde_json::from_str::<serde_json::Value>(l)
                    .ok()
                    .and_then(|v| v.get("category").and_then(|c| c.as_str()).map(str::to_string))
            })
            .collect();
    }
    vec![None; count]
}

/// One puzzle's figures.
struct Row {
    steps: usize,
    /// The rating in words (the hardest rule's level, or beyond logic), and the hardest rank
    /// (one past every rank when logic stops short), to order the ratings.
    rating: String,
    rank: u16,
    /// How often each rule was used.
    rules: Vec<(String, usize)>,
    solved: bool,
    ms: f64,
    hint_empty_ms: Option<f64>,
    hint_half_ms: Option<f64>,
    hint_max_ms: Option<f64>,
}

fn median(v: &mut [f64]) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn cells_text(cells: &[usize]) -> String {
    if cells.len() > 12 {
        format!("{} cells", cells.len())
    } else {
        format!("cells {}", cells.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(","))
    }
}

fn print_steps(x: &Explanation) {
    for (i, s) in x.steps.iter().enumerate() {
        println!("{:>4}. [{}] {}", i + 1, s.rule, s.sentence);
        println!("      changes {}", cells_text(&s.cells));
    }
}

fn end_text(end: &Hint) -> String {
    match end {
        Hint::Stuck { sentence, .. }
        | Hint::Solved { sentence }
        | Hint::NoLogic { sentence }
        | Hint::Mistake { sentence, .. } => sentence.clone(),
        Hint::Step(s) => s.sentence.clone(),
    }
}

/// Times one hint (mistakes check and step) from `marks`, in ms: the best of three, since one
/// hint is short and the machine is shared.
fn time_hint<P: Playable>(p: &P, marks: &P::Marks, answer: Option<&P::Solution>) -> f64 {
    (0..3)
        .map(|_| {
            let t = Instant::now();
            let h = hint::hint(p, marks, answer);
            let ms = t.elapsed().as_secs_f64() * 1000.0;
            std::hint::black_box(h);
            ms
        })
        .fold(f64::INFINITY, f64::min)
}

fn one<P: Playable>(p: &P, id: &str, o: &Options, single: bool) -> Row {
    let started = Instant::now();
    let answer = if P::HINTS {
        p.solve(Mode::Unique, None)
            .ok()
            .filter(|r| matches!(r.verdict, Verdict::Unique | Verdict::Optimal))
            .and_then(|r| r.solutions.into_iter().next())
    } else {
        None
    };
    let solve_ms = started.elapsed().as_secs_f64() * 1000.0;
    let t = Instant::now();
    let x = if o.chains {
        let budget = hint::chain::Budget {
            ms: o.chain_ms.unwrap_or(hint::chain::HINT.ms),
            ..hint::chain::HINT
        };
        hint::explain_with_chains(p, answer.as_ref(), budget)
    } else {
        hint::explain(p, answer.as_ref())
    };
    let chains = x.steps.iter().filter(|s| s.rule == hint::chain::CHAIN_RULE).count();
    let ms = t.elapsed().as_secs_f64() * 1000.0;
    let (mut hint_empty_ms, mut hint_half_ms, mut hint_max_ms) = (None, None, None);
    if o.time_hints {
        // The slowest single hint of the whole walk (each step's hint timed once more).
        let mut marks = P::Marks::default();
        let mut worst = 0.0f64;
        for s in &x.steps {
            worst = worst.max(time_hint(p, &marks, answer.as_ref()));
            hint::apply(&mut marks, s);
        }
        hint_max_ms = Some(worst.max(time_hint(p, &marks, answer.as_ref())));
        hint_empty_ms = Some(time_hint(p, &P::Marks::default(), answer.as_ref()));
        let mut half = P::Marks::default();
        for s in x.steps.iter().take(x.steps.len() / 2) {
            hint::apply(&mut half, s);
        }
        hint_half_ms = Some(time_hint(p, &half, answer.as_ref()));
    }
    let (known, total) = match &x.end {
        Hint::Stuck { known, total, .. } => (Some(*known), Some(*total)),
        _ => (None, None),
    };
    if o.json {
        let mut v = serde_json::json!({
            "id": id, "steps": x.steps.len(), "solved_by_hints": x.solved(), "rating": x.rating(),
            "hardest": x.hardest.as_ref().map(|h| &h.0), "explain_ms": ms, "solve_ms": solve_ms,
            "known": known, "total": total, "unique_answer": answer.is_some(), "chains": chains,
            "hint_empty_ms": hint_empty_ms, "hint_half_ms": hint_half_ms, "hint_max_ms": hint_max_ms,
        });
        if single || o.steps {
            v["explanation"] = serde_json::to_value(&x).unwrap_or_default();
        }
        println!("{v}");
    } else {
        if single || o.steps {
            print_steps(&x);
            println!("# {}", end_text(&x.end));
            if answer.is_none() && P::HINTS {
                println!("# No single proven answer, so marks were not checked against one.");
            }
            if let Some((rule, _)) = &x.hardest {
                println!("# hardest rule: {rule}");
            }
        }
        let timing = match (hint_empty_ms, hint_half_ms, hint_max_ms) {
            (Some(a), Some(b), Some(m)) => format!(
                " · one hint {a:.2} ms from empty, {b:.2} ms half-way, slowest step {m:.2} ms"
            ),
            _ => String::new(),
        };
        let chains = match chains {
            0 => String::new(),
            1 => " (1 contradiction chain)".to_string(),
            c => format!(" ({c} contradiction chains)"),
        };
        println!(
            "{id}: {} steps{chains} · {} · rating: {} · explain {ms:.1} ms (solve {solve_ms:.1} ms){timing}",
            x.steps.len(),
            match (x.solved(), known, total) {
                (true, _, _) => "solved by hints".to_string(),
                (false, Some(k), Some(t)) => format!("logic stops at {k} of {t} cells"),
                _ => "not solved by hints".to_string(),
            },
            x.rating()
        );
    }
    let mut rules: Vec<(String, usize)> = Vec::new();
    for s in &x.steps {
        match rules.iter_mut().find(|(r, _)| *r == s.rule) {
            Some((_, c)) => *c += 1,
            None => rules.push((s.rule.clone(), 1)),
        }
    }
    let rank = if x.solved() {
        x.steps.iter().map(|s| s.rank as u16).max().unwrap_or(0)
    } else {
        u16::MAX
    };
    Row {
        steps: x.steps.len(),
        rating: x.rating(),
        rank,
        rules,
        solved: x.solved(),
        ms,
        hint_empty_ms,
        hint_half_ms,
        hint_max_ms,
    }
}

/// Runs the command over a file (one puzzle or a collection).
pub fn run(kind: Kind, text: &str, name: &str, o: &Options) -> Result<ExitCode, String> {
    let count;
    let rows: Vec<Row> = with_kind!(kind, P => {
        // A collection (or one puzzle in a file format), else a share link or any one-puzzle form.
        let entries = match P::read_collection(text, name) {
            Ok(e) => e,
            Err(e) => match studio::kinds::import_as::<P>(text) {
                Ok(puzzle) => vec![studio::puzzle::Entry { id: name.to_string(), puzzle, known: None }],
                Err(_) => return Err(e.to_string()),
            },
        };
        let single = entries.len() == 1;
        count = entries.len();
        entries.iter().take(o.limit.unwrap_or(usize::MAX)).map(|e| one(&e.puzzle, &e.id, o, single)).collect()
    });
    if rows.len() > 1 {
        let n = rows.len();
        let solved: Vec<&Row> = rows.iter().filter(|r| r.solved).collect();
        let mut steps: Vec<f64> = solved.iter().map(|r| r.steps as f64).collect();
        let mut ms: Vec<f64> = rows.iter().map(|r| r.ms).collect();
        let total_ms: f64 = ms.iter().sum();
        let max_ms = ms.iter().copied().fold(0.0, f64::max);
        let mean_steps =
            if steps.is_empty() { 0.0 } else { steps.iter().sum::<f64>() / steps.len() as f64 };
        let (min_steps, max_steps) = if steps.is_empty() {
            (0.0, 0.0)
        } else {
            (
                steps.iter().copied().fold(f64::INFINITY, f64::min),
                steps.iter().copied().fold(0.0, f64::max),
            )
        };
        let med_steps = median(&mut steps);
        let med_ms = median(&mut ms);
        let mut he: Vec<f64> = rows.iter().filter_map(|r| r.hint_empty_ms).collect();
        let mut hh: Vec<f64> = rows.iter().filter_map(|r| r.hint_half_ms).collect();
        let max_he = he.iter().copied().fold(0.0, f64::max);
        let max_hh = hh.iter().copied().fold(0.0, f64::max);
        let mut hm: Vec<f64> = rows.iter().filter_map(|r| r.hint_max_ms).collect();
        let max_hm = hm.iter().copied().fold(0.0, f64::max);
        if o.json {
            println!(
                "{}",
                serde_json::json!({"summary": {"puzzles": n, "solved_by_hints": solved.len(), "steps_mean": mean_steps, "steps_median": med_steps,
                "explain_total_ms": total_ms, "explain_median_ms": med_ms, "explain_max_ms": max_ms,
                "hint_empty_median_ms": median(&mut he), "hint_empty_max_ms": max_he, "hint_half_median_ms": median(&mut hh), "hint_half_max_ms": max_hh,
                "hint_slowest_step_median_ms": median(&mut hm), "hint_slowest_step_max_ms": max_hm}})
            );
        } else {
            println!(
                "summary: {} of {n} solved by hints {}; steps per solved puzzle: mean {mean_steps:.1}, median {med_steps}, {min_steps} to {max_steps}; explain: total {:.2} s, median {med_ms:.2} ms, max {max_ms:.1} ms",
                solved.len(),
                if o.chains { "with contradiction chains where the rules stop" } else { "alone" },
                total_ms / 1000.0
            );
            if !he.is_empty() {
                println!(
                    "one hint: from empty median {:.2} ms, max {max_he:.2} ms; half-way median {:.2} ms, max {max_hh:.2} ms; slowest step of a walk median {:.2} ms, max {max_hm:.2} ms",
                    median(&mut he),
                    median(&mut hh),
                    median(&mut hm)
                );
            }
        }
    }
    if rows.len() > 1 && !o.json {
        print_groups(&rows, &group_labels(text, o.groups.as_deref(), count));
    }
    Ok(ExitCode::SUCCESS)
}

/// Per group: how many the hints finish, and the ratings (the source's level against ours);
/// then how often each rule was used over all puzzles.
fn print_groups(rows: &[Row], labels: &[Option<String>]) {
    let mut by_rank: Vec<(u16, String)> = Vec::new();
    for r in rows {
        if !by_rank.iter().any(|(_, x)| *x == r.rating) {
            by_rank.push((r.rank, r.rating.clone()));
        }
    }
    by_rank.sort();
    let ratings: Vec<String> = by_rank.into_iter().map(|(_, r)| r).collect();
    let mut order: Vec<String> = Vec::new();
    for l in labels.iter().take(rows.len()).flatten() {
        if !order.contains(l) {
            order.push(l.clone());
        }
    }
    if !order.is_empty() {
        println!("by group: finished by hints, and our rating (columns) against the group (rows)");
        println!("| group | finished | {} |", ratings.join(" | "));
        println!("|---|---|{}", "---|".repeat(ratings.len()));
        for g in &order {
            let in_group: Vec<&Row> = rows
                .iter()
                .zip(labels)
                .filter(|(_, l)| l.as_deref() == Some(g.as_str()))
                .map(|(r, _)| r)
                .collect();
            let finished = in_group.iter().filter(|r| r.solved).count();
            let cols: Vec<String> = ratings
                .iter()
                .map(|rt| in_group.iter().filter(|r| &r.rating == rt).count().to_string())
                .collect();
            println!("| {g} | {finished}/{} | {} |", in_group.len(), cols.join(" | "));
        }
    }
    let mut rules: Vec<(String, usize, usize)> = Vec::new();
    for r in rows {
        for (name, c) in &r.rules {
            match rules.iter_mut().find(|(n, _, _)| n == name) {
                Some((_, total, puzzles)) => {
                    *total += c;
                    *puzzles += 1;
                }
                None => rules.push((name.clone(), *c, 1)),
            }
        }
    }
    let words: Vec<String> =
        rules.iter().map(|(n, t, p)| format!("{n} {t} ({p} puzzles)")).collect();
    println!("rules used: {}", words.join(", "));
}
