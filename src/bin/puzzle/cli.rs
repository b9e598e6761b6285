//! The command line's arguments (clap), the helpers its subcommands share, and `main`. The
//! subcommands' bodies are in `run.rs`; `puzzle art` is in `art.rs`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use studio::bench::{self, Options, Summary};
use studio::kinds::{self, Kind};
use studio::puzzle::{GenerateError, Mode};

// `run`: each subcommand's body; the solve options and the watched solve.
mod run;
// `puzzle art`: image to nonogram and colour nonogram, the difficulty ladder.
mod art;

use run::run;

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
        /// Prove the optimum of a kind measured by one (Flood-It) with this engine: astar,
        /// sat, or both (A* and the SAT certificate one move short); short for the solve
        /// option `engine` with the optimum mode. Without it Flood-It runs A*.
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
    /// In a folder, a file that does not read is named and skipped, the rest reported; the exit
    /// code is 1 when an answer is wrong, else 2 when a file was skipped, else 0.
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
        /// Prove each optimum (Flood-It) with this engine: astar, sat, or both; without it
        /// A*.
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
        /// Where the rules stop, go on as the hints do: a contradiction chain that rules out one
        /// value of one cell (within a hint's budget), then the rules again.
        #[arg(long)]
        chains: bool,
        /// With --chains: the time each chain search may take, in ms (the hint's own budget
        /// when not given).
        #[arg(long)]
        chain_ms: Option<f64>,
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
        /// `normal`, `hard`, `extreme`, `unreasonable`; Star Battle: `easy`, `medium`, `hard`,
        /// `expert`, `logic`, `beyond`, `any`; colour nonogram: `easy`, `medium`, `hard`, `any`).
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

/// A file's text, without the byte-order mark a Windows editor may have put at its front.
fn read_file(path: &Path) -> std::io::Result<String> {
    std::fs::read_to_string(path).map(|t| studio::puzzle::without_bom(&t).to_string())
}

fn read_input(input: &str) -> Result<String, String> {
    let path = Path::new(input);
    if path.is_file() {
        read_file(path).map_err(|e| format!("{input}: {e}"))
    } else if path.is_dir() {
        Err(format!("{input} is a folder; this command takes one file (a puzzle or a collection) or the puzzle's text; `puzzle bench KIND FOLDER` reads every file of a folder"))
    } else if looks_like_path(input) {
        Err(format!("{input}: no such file (nor a puzzle's text or link)"))
    } else {
        Ok(input.to_string())
    }
}

/// Whether an argument that names no file was meant as one: a single word that starts like a
/// path (`/`, `./`, `../`, `~/`) or ends in a file extension (`.non`, `.txt`), and is no link
/// (`#…`, `…://…`, `…?…`), no Tatham ID (whose clues hold `.` only between digits) and no
/// puzzle text, which holds spaces or lines.
fn looks_like_path(input: &str) -> bool {
    let word = !input.is_empty() && !input.contains(char::is_whitespace);
    let link = input.starts_with('#') || input.contains("://") || input.contains('?');
    let starts = ["/", "./", "../", "~/"].iter().any(|p| input.starts_with(p));
    let extension = input.rsplit_once('.').is_some_and(|(stem, ext)| {
        !stem.is_empty()
            && (1..=5).contains(&ext.len())
            && ext.starts_with(|c: char| c.is_ascii_alphabetic())
            && ext.chars().all(|c| c.is_ascii_alphanumeric())
            && !stem.contains(':')
    });
    word && !link && (starts || extension)
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
                p.file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with(&format!("{stem}.solution")))
            })
            .collect();
    found.sort();
    (found.len() == 1).then(|| read_file(&found[0]).ok()).flatten()
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
