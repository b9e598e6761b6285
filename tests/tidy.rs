//! The shape of the tree, checked as rust-analyzer's tidy tests check theirs: the invariants of
//! ARCHITECTURE.md that a reading of the source can hold, so a change that breaks one fails here
//! with the file and line to look at.

use std::path::{Path, PathBuf};

/// The repository's root: every path below is read from the checkout, never from outside it.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every file under `dir` (relative to the root) whose name ends with one of `exts`, sorted.
fn files(dir: &str, exts: &[&str]) -> Vec<PathBuf> {
    fn walk(d: &Path, exts: &[&str], out: &mut Vec<PathBuf>) {
        let entries = std::fs::read_dir(d).unwrap_or_else(|e| panic!("{}: {e}", d.display()));
        for entry in entries {
            let path = entry.expect("a directory entry").path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if path.is_dir() {
                if name != "node_modules" && name != "target" {
                    walk(&path, exts, out);
                }
            } else if exts.iter().any(|x| name.ends_with(x)) {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(&root().join(dir), exts, &mut out);
    out.sort();
    assert!(!out.is_empty(), "no {exts:?} files under {dir}: the tidy checks would check nothing");
    out
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn rel(path: &Path) -> String {
    path.strip_prefix(root()).unwrap_or(path).display().to_string()
}

/// The lines of `path` that contain any of `needles`, as `file:line: text`.
fn lines_with(path: &Path, needles: &[&str]) -> Vec<String> {
    read(path)
        .lines()
        .enumerate()
        .filter(|(_, l)| needles.iter().any(|n| l.contains(n)))
        .map(|(i, l)| format!("{}:{}: {}", rel(path), i + 1, l.trim()))
        .collect()
}

#[test]
fn no_source_file_is_over_900_lines() {
    let mut long = Vec::new();
    for dir in ["src", "tests", "examples"] {
        for f in files(dir, &[".rs"]) {
            let n = read(&f).lines().count();
            if n > 900 {
                long.push(format!("{}: {n} lines", rel(&f)));
            }
        }
    }
    assert!(long.is_empty(), "split these along their seams:\n{}", long.join("\n"));
}

#[test]
fn tests_and_sources_read_nothing_outside_the_repository() {
    // Spelled in pieces, so this file does not match its own search.
    let needles = [
        concat!("..", "/shared"),
        concat!("\"/", "work/"),
        concat!("/shared", "/bench"),
        concat!("'/", "work/"),
    ];
    let mut found = Vec::new();
    for dir in ["src", "tests"] {
        for f in files(dir, &[".rs", ".mjs"]) {
            // Benchmarks may read the shared collections beside the repository, and say so.
            let name = f.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if name.ends_with("_bench.mjs") || name == "bench.mjs" {
                continue;
            }
            found.extend(lines_with(&f, &needles));
        }
    }
    assert!(found.is_empty(), "tests read only tests/data (see its README):\n{}", found.join("\n"));
}

#[test]
fn checkers_share_no_code_with_their_encoders() {
    let mut found = Vec::new();
    for f in files("src/kinds", &["check.rs"]) {
        found.extend(lines_with(&f, &["encode::", "use super::encode", "::encode::{"]));
    }
    assert!(found.is_empty(), "a checker must recompute the rules alone:\n{}", found.join("\n"));
}

#[test]
fn encoders_never_call_the_solver() {
    let mut found = Vec::new();
    for f in files("src/kinds", &["encode.rs"]) {
        found.extend(lines_with(&f, &["sat::Solver", "sat::solver", "varisat::", "batsat::"]));
    }
    assert!(found.is_empty(), "encoders only write to a Cnf:\n{}", found.join("\n"));
}

#[test]
fn only_views_name_the_web_crates() {
    let mut found = Vec::new();
    for f in files("src", &[".rs"]) {
        let r = rel(&f);
        let name = f.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let allowed =
            r.starts_with("src/web") || r.starts_with("src/bin") || name.ends_with("view.rs");
        if !allowed {
            found
                .extend(lines_with(&f, &["yew::", "use yew", "web_sys", "wasm_bindgen", "js_sys"]));
        }
    }
    assert!(
        found.is_empty(),
        "the core builds and is tested without the web layer:\n{}",
        found.join("\n")
    );
}

#[test]
fn only_the_nonogram_folder_names_its_page_helpers() {
    // Outside its folder a kind is used through its face (`nonogram::clues_of`, `export`,
    // `picture_svg`), never through the helpers of its own pages.
    let mut found = Vec::new();
    for dir in ["src", "examples"] {
        for f in files(dir, &[".rs"]) {
            if !rel(&f).starts_with("src/kinds/nonogram/") {
                found.extend(lines_with(&f, &["nonogram::page", "nonogram::{page"]));
            }
        }
    }
    assert!(found.is_empty(), "nonogram's page helpers named outside it:\n{}", found.join("\n"));
}

#[test]
fn kinds_speak_to_the_web_layer_only_through_the_frame() {
    let mut found = Vec::new();
    for f in files("src/kinds", &[".rs"]) {
        for (i, line) in read(&f).lines().enumerate() {
            let mut rest = line;
            while let Some(at) = rest.find("crate::web::") {
                let after = &rest[at + "crate::web::".len()..];
                if !after.starts_with("frame") {
                    found.push(format!("{}:{}: {}", rel(&f), i + 1, line.trim()));
                }
                rest = after;
            }
        }
    }
    assert!(found.is_empty(), "a kind's view uses crate::web::frame alone:\n{}", found.join("\n"));
}

#[test]
fn each_kind_page_is_at_most_250_lines() {
    let mut long = Vec::new();
    for f in files("src/kinds", &["view.rs"]) {
        let n = read(&f).lines().count();
        if f.file_name().and_then(|n| n.to_str()) == Some("view.rs") && n > 250 {
            long.push(format!("{}: {n} lines", rel(&f)));
        }
    }
    assert!(long.is_empty(), "the frame draws what every page shares:\n{}", long.join("\n"));
}
