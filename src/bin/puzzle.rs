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
    use studio::puzzle::{Engine, GenerateError, Mode};

    #[derive(Parser)]
    #[command(
        name = "puzzle",
        about = "Solve, benchmark and generate grid logic puzzles, with proof."
    )]
    struct Cli {
        #[command(subcommand)]
        command: Command,
    }

    #[derive(Subcommand)]
    enum Command {
        /// Solve one puzzle and print the answer and a verdict line.
        Solve {
            /// The kind's id.
            #[arg(value_parser = kind_ids())]
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
            /// One of the kind's solve options, as KEY=VALUE (repeatable): nonogram `search`
            /// (batsat, varisat, lines), `seed`, `without_implications`; rectfree `method`, `symmetry`,
            /// `seed`. VALUE is read as JSON when it parses (numbers, true), else as a word.
            #[arg(long = "option", value_name = "KEY=VALUE")]
            options: Vec<String>,
            /// Short for --option method=WORD (rectfree: auto, sat, anneal, threshold, breakout or tabu).
            #[arg(long)]
            method: Option<String>,
            /// Short for --option seed=N (the random seed of a kind's search).
            #[arg(long)]
            seed: Option<u64>,
            /// Short for --option symmetry=WORD (rectfree: auto, none or rotation).
            #[arg(long)]
            symmetry: Option<String>,
            /// Give up after this many seconds.
            #[arg(long)]
            timeout: Option<f64>,
            /// Print progress to stderr once a second: the kind's live snapshot when it makes one
            /// (the rectangle-free search's score and best so far), otherwise time and conflicts.
            #[arg(long)]
            progress: bool,
            /// The engine for an optimum (Flood-It): astar (default), sat, or both (A* and the
            /// SAT certificate one move short).
            #[arg(long)]
            engine: Option<String>,
        },
        /// Check an answer with the kind's independent checker and list every rule it breaks;
        /// exit 1 when it breaks any.
        Check {
            /// The kind's id.
            #[arg(value_parser = kind_ids())]
            kind: String,
            /// A file, or the puzzle itself; without ANSWER, the answer it carries (a rectangle-free
            /// colouring given as a grid is both the task and the answer).
            input: String,
            /// The answer as rows (a file or the text), as `puzzle solve` prints them.
            answer: Option<String>,
            /// Print the verdict and the faults as JSON.
            #[arg(long)]
            json: bool,
        },
        /// Solve every puzzle of a benchmark file or folder, check each answer, and summarise.
        Bench {
            /// The kind's id.
            #[arg(value_parser = kind_ids())]
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
            /// The kind's id.
            #[arg(value_parser = kind_ids())]
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
            /// Group the puzzles for the summary: consecutive labelled blocks, `Easy:10,Normal:10,Extreme:30`
            /// (a collection of JSON lines with a `category` field is grouped by it without this).
            #[arg(long)]
            groups: Option<String>,
        },
        /// Print a new puzzle with a unique answer. The settings are the kind's own
        /// (`Puzzle::GenerateOptions`); an unknown one is refused by name, with the kind's list.
        Generate {
            /// The kind's id.
            #[arg(value_parser = kind_ids())]
            kind: String,
            /// One of the kind's generator settings, as KEY=VALUE (repeatable). VALUE is read as
            /// JSON when it parses (numbers, true), else as a word.
            #[arg(long = "option", value_name = "KEY=VALUE")]
            options: Vec<String>,
            /// Short for --option size=N.
            #[arg(long)]
            size: Option<usize>,
            /// The random seed; the same seed and settings give the same puzzle.
            #[arg(long, default_value_t = 1)]
            seed: u64,
            /// Short for --option stars=N (Star Battle: stars per row, column and region).
            #[arg(long)]
            stars: Option<usize>,
            /// Short for --option colours=N.
            #[arg(long)]
            colours: Option<usize>,
            /// Short for --option difficulty=WORD, for kinds that have levels (KenKen: `easy`,
            /// `medium`, `hard`; Star Battle: `easy`, `medium`, `hard`, `expert`, `logic`, `beyond`, `any`;
            /// colour nonogram: `easy`, `hard`, `any`).
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
            /// Short for --option centre=true (Flood-It: start the flood at the centre cell).
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
            /// givens (fewest givens for a unique answer), logic (givens for line logic alone),
            /// adjust (no givens: change a few cells of the picture until the rules of --level
            /// finish it) or off.
            #[arg(long, default_value = "givens")]
            unique: String,
            /// The greys before the threshold: plain, stretch (percentile contrast stretch), local
            /// (local contrast, an adaptive threshold), edges (unsharp mask) or auto (the one whose
            /// picture is most like the grey picture by SSIM).
            #[arg(long, default_value = "plain")]
            tone: String,
            /// With --unique adjust: easy (finished lines and overlaps, simple boxes and spaces), medium (line logic) or
            /// hard (line logic and one-cell contradictions); all prints the ladder, one line per level.
            #[arg(long, default_value = "medium")]
            level: String,
            /// Seconds for minimising the givens or adjusting the picture (a unique puzzle is
            /// always returned; the output says whether its givens are proven minimal).
            #[arg(long, default_value_t = 10.0)]
            budget: f64,
            /// Print the nonogram's JSON form with givens and the figures.
            #[arg(long)]
            json: bool,
            /// Make a colour nonogram with this many colours (2 to 8), counting every colour of
            /// the reduced picture, the background included (--unique givens or logic).
            #[arg(long, alias = "colors")]
            colours: Option<usize>,
            /// With --colours: auto (the colour most common along the border becomes the
            /// background, so the puzzle has white space) or none (every colour has runs).
            #[arg(long, default_value = "auto")]
            background: String,
        },
        /// Print a puzzle in the studio's JSON form and as a share link.
        Export {
            /// The kind's id.
            #[arg(value_parser = kind_ids())]
            kind: String,
            input: String,
        },
    }

    /// The kinds' ids from the registry, for the help text and clap's check of the argument.
    fn kind_ids() -> clap::builder::PossibleValuesParser {
        clap::builder::PossibleValuesParser::new(Kind::ALL.map(|k| k.id()))
    }

    fn kind_of(id: &str) -> Result<Kind, String> {
        Kind::from_id(id).ok_or_else(|| {
            format!(
                "unknown kind `{id}`; kinds: {}",
                Kind::ALL.iter().map(|k| k.id()).collect::<Vec<_>>().join(", ")
            )
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
        word.map(|w| {
            Engine::from_word(w)
                .ok_or_else(|| format!("unknown engine `{w}`; use astar, sat or both"))
        })
        .transpose()
    }

    /// The text of an answers file beside a collection: `<stem>.solution*.txt` (ColorFill's
    /// `*.solution_AStarPuchert.txt`), if there is exactly one.
    fn answers_beside(file: &Path) -> Option<String> {
        let stem = file.file_stem()?.to_string_lossy().into_owned();
        let dir = file.parent()?;
        let mut found: Vec<PathBuf> =
            std::fs::read_dir(if dir.as_os_str().is_empty() { Path::new(".") } else { dir })
                .ok()?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| {
                    p.file_name().is_some_and(|n| {
                        n.to_string_lossy().starts_with(&format!("{stem}.solution"))
                    })
                })
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
                let options = options_json(options, method, seed, symmetry)?;
                let mode = match (first, count, engine_of(engine.as_deref())?) {
                    (_, _, Some(e)) => Mode::Optimum(e),
                    (_, Some(n), None) => Mode::Count(n),
                    (true, None, None) => Mode::First,
                    (false, None, None) => Mode::Unique,
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
                    if let studio::puzzle::Verdict::Bounded { lower } = report.verdict {
                        println!("lower bound: {lower}");
                    }
                }
                Ok(ExitCode::SUCCESS)
            }
            Command::Explain { kind, input, json, steps, limit, time_hints, groups } => {
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
                    &crate::explain::Options { json, steps, limit, time_hints, groups },
                )
            }
            Command::Check { kind, input, answer, json } => {
                let kind = kind_of(&kind)?;
                let answer = answer.map(|a| read_input(&a)).transpose()?;
                let faults = kinds::check_text(kind, &read_input(&input)?, answer.as_deref())
                    .map_err(|e| e.to_string())?;
                if json {
                    println!(
                        "{}",
                        serde_json::json!({ "valid": faults.is_empty(), "faults": faults })
                    );
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
                let mode = engine_of(engine.as_deref())?.map(Mode::Optimum);
                let mut records = Vec::new();
                for file in files_under(&path)? {
                    let text = std::fs::read_to_string(&file)
                        .map_err(|e| format!("{}: {e}", file.display()))?;
                    let answers = answers_beside(&file);
                    let name = file
                        .file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_default();
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
                    records.extend(
                        bench::run_text_as(
                            kind,
                            &text,
                            &name,
                            answers.as_deref(),
                            options,
                            mode,
                            &mut print,
                        )
                        .map_err(|e| e.to_string())?,
                    );
                }
                let summary = Summary::of(&records);
                if json {
                    println!("{}", serde_json::to_string(&summary).map_err(|e| e.to_string())?);
                } else {
                    println!("{}", summary.line());
                }
                Ok(if summary.wrong == 0 { ExitCode::SUCCESS } else { ExitCode::from(1) })
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
            } => art_colour(
                image,
                width,
                height,
                colours,
                &background,
                invert,
                &unique,
                budget,
                json,
            ),
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
    ) -> Result<String, String> {
        let mut shorts: Vec<(&str, serde_json::Value)> = Vec::new();
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
    /// last figures reached.
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
        kinds::solve_text(kind, text, mode, options, watched.then_some(monitor)).map_err(|e| {
            if let (true, Some(summary)) = (progress, last.borrow().1.clone()) {
                eprintln!("stopped; the last figures: {}", summary.trim());
            }
            e.to_string()
        })
    }

    /// `puzzle art PHOTO --colours N`: the colour nonogram with proven-unique givens.
    #[allow(clippy::too_many_arguments)]
    fn art_colour(
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
    fn art(
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
        println!(
            "# {}x{} cells from a {}x{} image",
            r.width, r.height, r.image_size.0, r.image_size.1
        );
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
        println!(
            "line logic alone: {}",
            if r.line_logic { "solves it" } else { "does not solve it" }
        );
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

    pub fn main() -> ExitCode {
        // Rust ignores SIGPIPE, so a closed pipe (`puzzle export … | head -1`) would make the
        // next println! panic; the default action ends the process quietly instead.
        #[cfg(unix)]
        // SAFETY: called first thing on the main thread, before any other thread exists.
        unsafe {
            libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        }
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
