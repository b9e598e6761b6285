//! `puzzle`: the studio's command line for batch work and benchmarks.

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
            /// Print the report as JSON.
            #[arg(long)]
            json: bool,
            /// The engine for an optimum (Flood-It): astar (default), sat, or both (A* and the
            /// SAT certificate one move short).
            #[arg(long)]
            engine: Option<String>,
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
            /// Difficulty level, for kinds that have levels (`easy`, `medium`, `hard`).
            #[arg(long)]
            difficulty: Option<String>,
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
            Command::Solve { kind, input, first, count, json, engine } => {
                let kind = kind_of(&kind)?;
                let text = read_input(&input)?;
                let mode = match (first, count, engine_of(engine.as_deref())?) {
                    (_, _, Some(e)) => Mode::Optimum(e),
                    (_, Some(n), None) => Mode::Count(n),
                    (true, None, None) => Mode::First,
                    (false, None, None) => Mode::Unique,
                };
                let report = kinds::solve_text(kind, &text, mode, None).map_err(|e| e.to_string())?;
                if json {
                    println!("{}", serde_json::to_string(&report).map_err(|e| e.to_string())?);
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
                }
                Ok(ExitCode::SUCCESS)
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
            Command::Generate { kind, size, seed, stars, colours, difficulty, json, centre } => {
                let kind = kind_of(&kind)?;
                let text = if centre && kind == Kind::FloodIt {
                    let n = size.unwrap_or(19);
                    let p = studio::kinds::floodit::generate::generate(n, colours.unwrap_or(6), seed, Some((n / 2, n / 2)))?;
                    studio::puzzle::Puzzle::to_json(&p).to_string()
                } else {
                    kinds::generate(kind, &GenerateOptions { size, seed, stars, colours, difficulty })?
                };
                println!("{text}");
                if !json {
                    println!("#{}", kinds::share_fragment(kind, &text).map_err(|e| e.to_string())?);
                }
                Ok(ExitCode::SUCCESS)
            }
            Command::Art { image, width, height, method, threshold, invert, unique, json } => {
                art(image, width, height, &method, threshold, invert, &unique, json)
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

    #[allow(clippy::too_many_arguments)]
    fn art(
        image: PathBuf,
        width: u32,
        height: Option<u32>,
        method: &str,
        threshold: Option<u16>,
        invert: bool,
        unique: &str,
        json: bool,
    ) -> Result<ExitCode, String> {
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
        let options = ArtOptions { prepare: PrepareOptions { width, height, crop: None, invert }, method, unique };
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
                "givens ({}): {} kept of {} revealed, {} checks, {:.1} ms + {:.1} ms",
                r.unique.word(),
                r.givens.len(),
                r.givens_stats.revealed,
                r.givens_stats.checks,
                r.givens_stats.reveal_ms,
                r.givens_stats.minimise_ms
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
