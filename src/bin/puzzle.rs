//! `puzzle`: the studio's command line for batch work and benchmarks.

#[cfg(not(target_arch = "wasm32"))]
#[path = "puzzle/explain.rs"]
mod explain;

#[cfg(not(target_arch = "wasm32"))]
mod cli {
    use std::path::{Path, PathBuf};
    use std::process::ExitCode;

    use clap::{Parser, Subcommand};
    use studio::bench::{self, Options, Summary};
    use studio::kinds::{self, Kind};
    use studio::puzzle::{Engine, GenerateOptions, Mode};

    #[derive(Parser)]
    #[command(name = "puzzle", about = "Solve, benchmark and generate grid logic puzzles, with proof.")]
    struct Cli {
        #[command(subcommand)]
        command: Command,
    }

    #[derive(Subcommand)]
    enum Command {
        /// Solve one puzzle and print the answer and a verdict line.
        Solve {
            /// nonogram, kenken, starbattle, floodit or rectfree.
            kind: String,
            /// A file, or the puzzle itself (a share link, a puzz.link URL, JSON, …).
            input: String,
            /// Stop at the first answer instead of proving uniqueness.
            #[arg(long)]
            first: bool,
            /// Count answers up to this many.
            #[arg(long)]
            count: Option<usize>,
            /// Print the report as JSON (with `"solution"`, the first answer's rows).
            #[arg(long)]
            json: bool,
            /// Rectangle-free colouring: auto, sat, anneal, threshold, breakout or tabu.
            #[arg(long)]
            method: Option<String>,
            /// Rectangle-free colouring: seed of the local search.
            #[arg(long)]
            seed: Option<u64>,
            /// Rectangle-free colouring: auto, none or rotation.
            #[arg(long)]
            symmetry: Option<String>,
            /// Give up after this many seconds.
            #[arg(long)]
            timeout: Option<f64>,
            /// Rectangle-free colouring: print the local search's score and best so far to stderr, once a second.
            #[arg(long)]
            progress: bool,
            /// The engine for an optimum (Flood-It): astar (default), sat, or both (A* and the
            /// SAT certificate one move short).
            #[arg(long)]
            engine: Option<String>,
        },
        /// Check a rectangle-free colouring given as a grid file: count and list its rectangles.
        Check {
            /// rectfree.
            kind: String,
            /// A grid file (digit rows, or the spaced 1..K form), or the grid itself.
            input: String,
            /// Print the count and the rectangles as JSON.
            #[arg(long)]
            json: bool,
        },
        /// Solve every puzzle of a benchmark file or folder, check each answer, and summarise.
        Bench {
            kind: String,
            /// A benchmark file or a folder of puzzle files.
            path: PathBuf,
            /// Stop at the first answer instead of proving uniqueness.
            #[arg(long)]
            first: bool,
            /// One JSON object per puzzle, then a summary object.
            #[arg(long)]
            json: bool,
            /// Give up on a puzzle after this many seconds.
            #[arg(long)]
            timeout: Option<f64>,
            /// The engine for an optimum (Flood-It): astar (default), sat, or both.
            #[arg(long)]
            engine: Option<String>,
            /// Only the first N puzzles of each file.
            #[arg(long)]
            limit: Option<usize>,
        },
        /// Print every step of reasoning from the empty grid (the hints, explained), how far logic
        /// gets and the hardest rule used; over a collection, one line per puzzle and a summary.
        Explain {
            /// nonogram, kenken, starbattle, floodit or rectfree.
            kind: String,
            /// A file (one puzzle or a collection), or the puzzle itself.
            input: String,
            /// One JSON object per puzzle (with the steps for one puzzle or with --steps), then a summary.
            #[arg(long)]
            json: bool,
            /// Print every step of every puzzle of a collection too.
            #[arg(long)]
            steps: bool,
            /// Only the first N puzzles.
            #[arg(long)]
            limit: Option<usize>,
            /// Time one hint from the empty grid and from the marks half-way through the steps.
            #[arg(long)]
            time_hints: bool,
        },
        /// Print a new puzzle with a unique answer.
        Generate {
            kind: String,
            #[arg(long)]
            size: Option<usize>,
            #[arg(long, default_value_t = 1)]
            seed: u64,
            /// Stars per row, column and region (Star Battle).
            #[arg(long)]
            stars: Option<usize>,
            /// Number of colours.
            #[arg(long)]
            colours: Option<usize>,
            /// Difficulty level, for kinds that have levels (KenKen: `easy`, `medium`, `hard`;
            /// Star Battle: `easy`, `medium`, `hard`, `expert`, `logic`, `beyond`, `any`).
            #[arg(long)]
            difficulty: Option<String>,
            /// Give up after this many seconds (generators that report progress).
            #[arg(long)]
            timeout: Option<f64>,
            /// Print progress to standard error once a second (generators that report progress).
            #[arg(long)]
            progress: bool,
            /// Print JSON only (otherwise JSON and a share link).
            #[arg(long)]
            json: bool,
            /// Start the flood at the centre cell instead of the top-left (Flood-It).
            #[arg(long)]
            centre: bool,
        },
        /// Turn an image into a nonogram, prove it solves, and make it unique with givens.
        Art {
            /// A PNG, JPEG, GIF, WebP or BMP file.
            image: PathBuf,
            /// Grid width in cells (5 to 100).
            #[arg(long)]
            width: u32,
            /// Grid height in cells (default: follow the aspect ratio).
            #[arg(long)]
            height: Option<u32>,
            /// threshold or translucent.
            #[arg(long, default_value = "threshold")]
            method: String,
            /// Threshold 0..=255 (cells darker than it are filled); default Otsu's.
            #[arg(long)]
            threshold: Option<u16>,
            /// Swap black and white.
            #[arg(long)]
            invert: bool,
            /// givens (fewest givens for a unique answer), logic (givens for line logic alone) or off.
            #[arg(long, default_value = "givens")]
            unique: String,
            /// Seconds for minimising the givens (a unique puzzle is always returned; the
            /// output says whether its givens are proven minimal).
            #[arg(long, default_value_t = 10.0)]
            budget: f64,
            /// Print the nonogram's JSON form with givens and the figures.
            #[arg(long)]
            json: bool,
        },
        /// Print a puzzle in the studio's JSON form and as a share link.
        Export {
            kind: String,
            input: String,
        },
    }

    fn kind_of(id: &str) -> Result<Kind, String> {
        Kind::from_id(id).ok_or_else(|| {
            format!("unknown kind `{id}`; kinds: {}", Kind::ALL.iter().map(|k| k.id()).collect::<Vec<_>>().join(", "))
        })
    }

    fn read_input(input: &str) -> Result<String, String> {
        let path = Path::new(input);
        if path.is_file() {
            std::fs::read_to_string(path).map_err(|e| format!("{input}: {e}"))
        } else {
            Ok(input.to_string())
        }
    }

    fn engine_of(word: Option<&str>) -> Result<Option<Engine>, String> {
        word.map(|w| Engine::from_word(w).ok_or_else(|| format!("unknown engine `{w}`; use astar, sat or both"))).transpose()
    }

    /// The text of an answers file beside a collection: `<stem>.solution*.txt` (ColorFill's
    /// `*.solution_AStarPuchert.txt`), if there is exactly one.
    fn answers_beside(file: &Path) -> Option<String> {
        let stem = file.file_stem()?.to_string_lossy().into_owned();
        let dir = file.parent()?;
        let mut found: Vec<PathBuf> = std::fs::read_dir(if dir.as_os_str().is_empty() { Path::new(".") } else { dir })
            .ok()?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.file_name().is_some_and(|n| n.to_string_lossy().starts_with(&format!("{stem}.solution"))))
            .collect();
        found.sort();
        (found.len() == 1).then(|| std::fs::read_to_string(&found[0]).ok()).flatten()
    }

    fn files_under(path: &Path) -> Result<Vec<PathBuf>, String> {
        if path.is_file() {
            return Ok(vec![path.to_path_buf()]);
        }
        let mut out = Vec::new();
        let entries = std::fs::read_dir(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for p in paths {
            if p.is_dir() {
                out.extend(files_under(&p)?);
            } else if !p.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.'))
                && !p.extension().is_some_and(|e| e == "md")
                && !p.to_string_lossy().contains(".solution")
            {
                out.push(p);
            }
        }
        Ok(out)
    }

    fn run(cli: Cli) -> Result<ExitCode, String> {
        match cli.command {
            Command::Solve { kind, input, first, count, json, method, seed, symmetry, timeout, progress, engine } => {
                let kind = kind_of(&kind)?;
                let mut text = read_input(&input)?;
                if method.is_some() || seed.is_some() || symmetry.is_some() {
                    if kind != Kind::RectFree {
                        return Err("--method, --seed and --symmetry are for rectfree".into());
                    }
                    text = rectfree_settings(&text, method, seed, symmetry)?;
                }
                let mode = match (first, count, engine_of(engine.as_deref())?) {
                    (_, _, Some(e)) => Mode::Optimum(e),
                    (_, Some(n), None) => Mode::Count(n),
                    (true, None, None) => Mode::First,
                    (false, None, None) => Mode::Unique,
                };
                let monitor = timeout.map(|t| studio::sat::Monitor::deadline(t * 1000.0));
                let report = if kind == Kind::RectFree && progress {
                    rectfree_with_progress(&text, mode, monitor)?
                } else {
                    kinds::solve_text(kind, &text, mode, monitor).map_err(|e| e.to_string())?
                };
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
                    if let studio::puzzle::Verdict::Bounded { lower } = report.verdict {
                        println!("lower bound: {lower}");
                    }
                }
                Ok(ExitCode::SUCCESS)
            }
            Command::Explain { kind, input, json, steps, limit, time_hints } => {
                let kind = kind_of(&kind)?;
                let text = read_input(&input)?;
                let name = Path::new(&input).file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "puzzle".into());
                crate::explain::run(kind, &text, &name, &crate::explain::Options { json, steps, limit, time_hints })
            }
            Command::Check { kind, input, json } => {
                if kind_of(&kind)? != Kind::RectFree {
                    return Err("check reads rectangle-free colourings only: puzzle check rectfree GRIDFILE".into());
                }
                check_grid(&read_input(&input)?, json)
            }
            Command::Bench { kind, path, first, json, timeout, engine, limit } => {
                let kind = kind_of(&kind)?;
                let options = Options { first, timeout_ms: timeout.map(|s| s * 1000.0) };
                let mode = engine_of(engine.as_deref())?.map(Mode::Optimum);
                let mut records = Vec::new();
                for file in files_under(&path)? {
                    let mut text = std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
                    if let Some(n) = limit {
                        text = text.lines().take(n).collect::<Vec<_>>().join("\n");
                    }
                    let answers = answers_beside(&file);
                    let name = file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
                    let mut print = |r: &bench::Record| {
                        if json {
                            println!("{}", serde_json::to_string(r).unwrap_or_default());
                        } else if r.wrong || r.verdict == "timeout" || r.verdict == "error" {
                            println!("{}: {} {:.2} ms {}", r.id, r.verdict, r.ms, r.note.clone().unwrap_or_default());
                        }
                    };
                    records.extend(bench::run_text_as(kind, &text, &name, answers.as_deref(), options, mode, &mut print).map_err(|e| e.to_string())?);
                }
                let summary = Summary::of(&records);
                if json {
                    println!("{}", serde_json::to_string(&summary).map_err(|e| e.to_string())?);
                } else {
                    println!("{}", summary.line());
                }
                Ok(if summary.wrong == 0 { ExitCode::SUCCESS } else { ExitCode::from(1) })
            }
            Command::Generate { kind, size, seed, stars, colours, difficulty, timeout, progress, json, centre } => {
                let kind = kind_of(&kind)?;
                let text = if centre && kind == Kind::FloodIt {
                    let n = size.unwrap_or(19);
                    let p = studio::kinds::floodit::generate::generate(n, colours.unwrap_or(6), seed, Some((n / 2, n / 2)))?;
                    studio::puzzle::Puzzle::to_json(&p).to_string()
                } else {
                    let timeout_ms = timeout.map(|t| t * 1000.0);
                    let limit = timeout_ms.unwrap_or(f64::INFINITY);
                    let mut monitor = studio::sat::Monitor::new(1000.0, move |p| {
                        if progress {
                            eprintln!("{:.1} s, {} steps", p.elapsed_ms / 1000.0, p.conflicts);
                        }
                        p.elapsed_ms < limit
                    });
                    let options = GenerateOptions { size, seed, stars, colours, difficulty, timeout_ms };
                    kinds::generate_monitored(kind, &options, Some(&mut monitor))
                        .map_err(|e| if e == "stopped" { format!("no puzzle within {} s", timeout.unwrap_or(0.0)) } else { e })?
                };
                println!("{text}");
                if !json {
                    println!("#{}", kinds::share_fragment(kind, &text).map_err(|e| e.to_string())?);
                }
                Ok(ExitCode::SUCCESS)
            }
            Command::Art { image, width, height, method, threshold, invert, unique, budget, json } => {
                art(image, width, height, &method, threshold, invert, &unique, budget, json)
            }
            Command::Export { kind, input } => {
                let kind = kind_of(&kind)?;
                let text = kinds::import(kind, &read_input(&input)?).map_err(|e| e.to_string())?;
                println!("{text}");
                println!("#{}", kinds::share_fragment(kind, &text).map_err(|e| e.to_string())?);
                Ok(ExitCode::SUCCESS)
            }
        }
    }

    /// The rectangle-free task in `text` with the method, seed and symmetry set, as JSON text.
    fn rectfree_settings(text: &str, method: Option<String>, seed: Option<u64>, symmetry: Option<String>) -> Result<String, String> {
        use studio::kinds::rectfree::model::{Method, Symmetry};
        use studio::puzzle::Puzzle;
        let mut p = kinds::import_as::<studio::kinds::rectfree::RectFree>(text).map_err(|e| e.to_string())?;
        if let Some(m) = method {
            p.method = Method::from_word(&m).ok_or_else(|| format!("unknown --method `{m}`; use auto, sat, anneal, threshold, breakout or tabu"))?;
        }
        if let Some(s) = symmetry {
            p.symmetry = Symmetry::from_word(&s).ok_or_else(|| format!("unknown --symmetry `{s}`; use auto, none or rotation"))?;
        }
        if let Some(s) = seed {
            p.seed = s;
        }
        Ok(p.to_json().to_string())
    }

    /// A rectangle-free solve that prints the search's progress to stderr (and how far it got
    /// when it stops).
    fn rectfree_with_progress(text: &str, mode: Mode, monitor: Option<studio::sat::Monitor>) -> Result<kinds::AnyReport, String> {
        use studio::kinds::rectfree::{solve, RectFree};
        let p = kinds::import_as::<RectFree>(text).map_err(|e| e.to_string())?;
        let mut last_print = -1000.0;
        let mut last = None;
        let mut print = |s: &studio::kinds::rectfree::search::Snapshot| {
            if s.elapsed_ms - last_print >= 1000.0 || s.best == 0 {
                last_print = s.elapsed_ms;
                eprintln!("{:8.1} s  iterations {:>12}  score {:>5}  best {:>5} (at iteration {})", s.elapsed_ms / 1000.0, s.iterations, s.score, s.best, s.best_at);
            }
            last = Some((s.best, s.best_at, s.elapsed_ms));
        };
        solve::solve_any(&p, mode, monitor, Some(&mut print)).map_err(|e| {
            if let Some((best, at, ms)) = last {
                eprintln!("stopped after {:.1} s; fewest rectangles reached {best} (at iteration {at})", ms / 1000.0);
            }
            e.to_string()
        })
    }

    /// `puzzle check rectfree`: the checker's count and the rectangles of a grid.
    fn check_grid(text: &str, json: bool) -> Result<ExitCode, String> {
        use studio::kinds::rectfree::{check, formats};
        let grid = formats::parse_grid(text).map_err(|e| e.to_string())?;
        let count = check::count(&grid);
        let shown = check::rectangles(&grid, 1000);
        if json {
            let v = serde_json::json!({
                "rows": grid.rows(), "cols": grid.cols(), "colours": formats::colours_of(&grid),
                "rectangles": count, "listed": shown, "valid": count == 0,
            });
            println!("{v}");
        } else {
            for r in &shown {
                println!("colour {} rows {} {} columns {} {}", r.colour, r.r1, r.r2, r.c1, r.c2);
            }
            if (shown.len() as u64) < count {
                println!("… {} more", count - shown.len() as u64);
            }
            println!("{}x{} grid, {} colours: {count} monochromatic rectangle{}", grid.rows(), grid.cols(), formats::colours_of(&grid), if count == 1 { "" } else { "s" });
            println!("verdict: {}", if count == 0 { "valid" } else { "invalid" });
        }
        Ok(if count == 0 { ExitCode::SUCCESS } else { ExitCode::from(1) })
    }

    #[allow(clippy::too_many_arguments)]
    fn art(
        image: PathBuf,
        width: u32,
        height: Option<u32>,
        method: &str,
        threshold: Option<u16>,
        invert: bool,
        unique: &str,
        budget: f64,
        json: bool,
    ) -> Result<ExitCode, String> {
        use studio::art::givens::Budget;
        use studio::art::{pipeline, ArtOptions, ArtVerdict, Method, OptimizerConfig, PrepareOptions, UniqueMode};
        let method = match method {
            "threshold" => Method::Threshold { t: threshold },
            "translucent" => Method::Translucent { config: OptimizerConfig::default() },
            other => return Err(format!("unknown method `{other}`; use threshold or translucent")),
        };
        let unique = match unique {
            "givens" => UniqueMode::Givens,
            "logic" => UniqueMode::Logic,
            "off" => UniqueMode::Off,
            other => return Err(format!("unknown --unique `{other}`; use givens, logic or off")),
        };
        let bytes = std::fs::read(&image).map_err(|e| format!("{}: {e}", image.display()))?;
        if !(budget.is_finite() && budget >= 0.0) {
            return Err(format!("--budget {budget}: give a number of seconds, 0 or more"));
        }
        let budget = Budget { time_ms: Some(budget * 1000.0), ..Budget::default() };
        let options = ArtOptions { prepare: PrepareOptions { width, height, crop: None, invert }, method, unique, budget };
        let r = pipeline::run(&bytes, &options, &mut |_| {}).map_err(|e| e.to_string())?;
        if json {
            let mut v: serde_json::Value = serde_json::from_str(&r.puzzle_json).map_err(|e| e.to_string())?;
            v["goal"] = serde_json::json!(r.picture_rows());
            v["art"] = serde_json::json!({
                "width": r.width,
                "height": r.height,
                "image": [r.image_size.0, r.image_size.1],
                "method": match method { Method::Threshold { .. } => "threshold", Method::Translucent { .. } => "translucent" },
                "threshold": r.threshold,
                "otsu": r.otsu,
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
            println!("{v}");
            return Ok(ExitCode::SUCCESS);
        }
        println!("# {}x{} cells from a {}x{} image", r.width, r.height, r.image_size.0, r.image_size.1);
        for row in r.picture_rows() {
            println!("{row}");
        }
        let clue = |c: &Vec<u32>| if c.is_empty() { "0".to_string() } else { c.iter().map(u32::to_string).collect::<Vec<_>>().join(" ") };
        println!("rows: {}", r.rows.iter().map(clue).collect::<Vec<_>>().join(", "));
        println!("cols: {}", r.cols.iter().map(clue).collect::<Vec<_>>().join(", "));
        if let Some(t) = r.threshold {
            println!("threshold: {t} (Otsu {})", r.otsu);
        }
        if let Some(q) = r.quality {
            println!("objective: {:.3}  lower bound: {:.3}  gap: {:.2}%", q.objective, q.lower_bound, q.gap * 100.0);
        }
        match &r.verdict {
            ArtVerdict::Multiple { second, differing } => {
                println!("verdict (clues alone): multiple; a second answer differing in {} cells:", differing.len());
                for row in second {
                    println!("{row}");
                }
            }
            v => println!("verdict (clues alone): {}", v.word()),
        }
        println!("line logic alone: {}", if r.line_logic { "solves it" } else { "does not solve it" });
        if r.unique != UniqueMode::Off {
            println!(
                "givens ({}): {} kept of {} revealed, {} checks, {:.1} ms + {:.1} ms; {}",
                r.unique.word(),
                r.givens.len(),
                r.givens_stats.revealed,
                r.givens_stats.checks,
                r.givens_stats.reveal_ms,
                r.givens_stats.minimise_ms,
                if r.unique == UniqueMode::Givens { studio::art::view::minimal_status(&r) } else { "minimal".into() }
            );
            if !r.givens.is_empty() {
                for row in r.givens_rows() {
                    println!("{row}");
                }
            }
            println!("with givens: {}; line logic alone: {}", r.final_verdict, if r.final_line_logic { "yes" } else { "no" });
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

    pub fn main() -> ExitCode {
        match run(Cli::parse()) {
            Ok(code) => code,
            Err(message) => {
                eprintln!("puzzle: {message}");
                ExitCode::from(2)
            }
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    cli::main()
}

#[cfg(target_arch = "wasm32")]
fn main() {}
