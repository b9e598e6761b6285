//! `puzzle`: the studio's command line for batch work and benchmarks.

#[cfg(not(target_arch = "wasm32"))]
mod cli {
    use std::path::{Path, PathBuf};
    use std::process::ExitCode;

    use clap::{Parser, Subcommand};
    use studio::bench::{self, Options, Summary};
    use studio::kinds::{self, Kind};
    use studio::puzzle::{GenerateOptions, Mode};

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
            /// Print JSON only (otherwise JSON and a share link).
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
            Command::Solve { kind, input, first, count, json } => {
                let kind = kind_of(&kind)?;
                let text = read_input(&input)?;
                let mode = match (first, count) {
                    (_, Some(n)) => Mode::Count(n),
                    (true, None) => Mode::First,
                    (false, None) => Mode::Unique,
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
            Command::Bench { kind, path, first, json, timeout } => {
                let kind = kind_of(&kind)?;
                let options = Options { first, timeout_ms: timeout.map(|s| s * 1000.0) };
                let mut records = Vec::new();
                for file in files_under(&path)? {
                    let text = std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
                    let name = file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
                    let mut print = |r: &bench::Record| {
                        if json {
                            println!("{}", serde_json::to_string(r).unwrap_or_default());
                        } else if r.wrong || r.verdict == "timeout" || r.verdict == "error" {
                            println!("{}: {} {:.2} ms {}", r.id, r.verdict, r.ms, r.note.clone().unwrap_or_default());
                        }
                    };
                    records.extend(bench::run_text(kind, &text, &name, options, &mut print).map_err(|e| e.to_string())?);
                }
                let summary = Summary::of(&records);
                if json {
                    println!("{}", serde_json::to_string(&summary).map_err(|e| e.to_string())?);
                } else {
                    println!("{}", summary.line());
                }
                Ok(if summary.wrong == 0 { ExitCode::SUCCESS } else { ExitCode::from(1) })
            }
            Command::Generate { kind, size, seed, stars, colours, json } => {
                let kind = kind_of(&kind)?;
                let text = kinds::generate(kind, &GenerateOptions { size, seed, stars, colours })?;
                println!("{text}");
                if !json {
                    println!("#{}", kinds::share_fragment(kind, &text).map_err(|e| e.to_string())?);
                }
                Ok(ExitCode::SUCCESS)
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
