//! The contract's shape (issue 38): a small core trait, the wording as one value, and the
//! measured-by-an-optimum part reached through the registry, never by a kind's name.

use studio::kinds::floodit::{Engine, FloodIt, SolveOptions};
use studio::kinds::{self, Kind};
use studio::play::Playable;
use studio::puzzle::{Mode, Puzzle, Verdict};

/// The items (consts, types, fns) declared in `trait NAME` of a source file.
fn trait_items(path: &str, name: &str) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let start =
        text.find(&format!("pub trait {name}")).unwrap_or_else(|| panic!("{name} in {path}"));
    let body = &text[start..];
    let end = body.find("\n}\n").expect("the trait's closing brace");
    body[..end]
        .lines()
        .filter_map(|l| {
            let l = l.strip_prefix("    ")?;
            ["const ", "type ", "fn "].iter().any(|k| l.starts_with(k)).then(|| l.to_string())
        })
        .collect()
}

#[test]
fn the_core_trait_has_at_most_25_items_and_the_play_part_holds_marks_and_hints() {
    let core = trait_items("src/puzzle.rs", "Puzzle");
    assert!(core.len() >= 20, "the parser found the core's items: {core:?}");
    assert!(core.len() <= 25, "{} items in Puzzle: {core:#?}", core.len());
    let play = trait_items("src/play.rs", "Playable");
    for item in ["type Marks", "fn decode_marks", "fn next_step", "fn mistakes", "SAMPLES"] {
        assert!(play.iter().any(|l| l.contains(item)), "{item} in Playable: {play:#?}");
        assert!(!core.iter().any(|l| l.contains(item)), "{item} is not in the core");
    }
}

/// Marks are typed per kind: the shared code reads them through the kind's marks type and
/// never computes where a cell's bytes lie.
#[test]
fn shared_code_knows_no_marks_layout() {
    let play = trait_items("src/play.rs", "Playable");
    assert!(
        !play.iter().any(|l| l.contains("&[u8]") && !l.contains("fn decode_marks")),
        "{play:#?}"
    );
    for path in [
        "src/hint.rs",
        "src/hint/chain.rs",
        "src/kinds.rs",
        "src/play.rs",
        "src/web/components/hint.rs",
        "src/app_state/check.rs",
    ] {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for layout in ["STRIDE", "* P::", "marks.get(", "marks[", "overlay_marks"] {
            assert!(!text.contains(layout), "{path} reads the marks' layout: `{layout}`");
        }
    }
}

#[test]
fn the_registry_reads_each_kinds_words_from_one_value() {
    for k in Kind::ALL {
        let w = k.words();
        assert_eq!(k.title(), w.title);
        assert_eq!(k.solving(), w.solving);
        assert!(!w.title.is_empty() && !w.solve_button.is_empty(), "{k:?}");
    }
    assert_eq!(Kind::RectFree.words().solve_button, "Colour it");
    assert_eq!(Kind::Nonogram.logic_phase(), "Line logic");
    assert_eq!(Kind::KenKen.logic_phase(), "Logic");
}

#[test]
fn only_a_kind_with_a_measure_is_measured_and_its_engine_is_its_own_solve_option() {
    let measured: Vec<Kind> = Kind::ALL.into_iter().filter(|k| k.measured()).collect();
    assert_eq!(measured, vec![Kind::FloodIt]);
    assert_eq!(measured.iter().map(|&k| kinds::hint_needs_answer(k)).collect::<Vec<_>>(), [true]);
    assert!(!kinds::hint_needs_answer(Kind::Nonogram));
    assert_eq!(SolveOptions::default().engine, Engine::Both);
    let astar = kinds::options_from_text::<FloodIt>(r#"{"engine": "astar"}"#).unwrap();
    assert_eq!(astar.engine, Engine::Search);
    let bad = kinds::options_from_text::<FloodIt>(r#"{"engine": "bfs"}"#).unwrap_err();
    assert!(bad.to_string().contains("bfs"), "{bad}");
    let sample = FloodIt::SAMPLES[0].1;
    for engine in ["search", "sat", "both"] {
        let options = format!(r#"{{"engine": "{engine}"}}"#);
        let r = kinds::solve_text(Kind::FloodIt, sample, Mode::Optimum, &options, None).unwrap();
        assert_eq!(r.verdict, Verdict::Optimal, "{engine}");
        kinds::verify_report(Kind::FloodIt, sample, &r).unwrap();
    }
    // A kind without a measure takes the optimum mode as the proof of uniqueness.
    let text = studio::kinds::nonogram::Nonogram::SAMPLES[0].1;
    let r = kinds::solve_text(Kind::Nonogram, text, Mode::Optimum, "", None).unwrap();
    assert_eq!(r.verdict, Verdict::Unique);
    assert!(FloodIt::optimum().is_some());
    assert!(<studio::kinds::kenken::KenKen as Puzzle>::optimum().is_none());
}

#[test]
fn no_shared_file_names_flood_its_engine() {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    let mut files = Vec::new();
    walk(std::path::Path::new("src"), &mut files);
    assert!(files.len() > 100, "src/ read: {} files", files.len());
    for f in files.iter().filter(|f| !f.starts_with("src/kinds/floodit")) {
        let text = std::fs::read_to_string(f).unwrap();
        for word in ["Engine::", "floodit::Engine", "Mode::Optimum("] {
            assert!(!text.contains(word), "{} names {word}", f.display());
        }
    }
}

#[test]
fn every_kind_says_the_same_thing_of_text_that_is_no_puzzle() {
    // The same nonsense gets the same kind of answer on every page: what was not understood and
    // what the kind reads, never a parser's complaint about one format it happened to try.
    for text in ["hello world", "Hello, this is not a puzzle.\nSecond line."] {
        for k in Kind::ALL {
            let why = match kinds::import(k, text) {
                Ok(_) => panic!("{}: {text:?} opened as a puzzle", k.id()),
                Err(e) => e.to_string(),
            };
            assert!(
                why.contains("format the studio reads: expected") && why.contains("JSON"),
                "{}: {text:?} said {why:?}",
                k.id()
            );
        }
    }
}

/// A collection saved by a Windows editor starts with a byte-order mark; the library's
/// `read_collection` (what `bench::count_entries` calls) reads past it in every kind, as the CLI
/// and the page do, rather than calling the file no puzzle.
#[test]
fn every_kinds_read_collection_reads_past_a_byte_order_mark() {
    use studio::bench::count_entries;
    for kind in Kind::ALL {
        for s in studio::samples::of(kind) {
            let want = count_entries(kind, s.text, "f").map_err(|e| e.to_string());
            assert!(want.is_ok(), "{kind:?} {}: {want:?}", s.name);
            let got = count_entries(kind, &format!("\u{feff}{}", s.text), "f");
            assert_eq!(got.map_err(|e| e.to_string()), want, "{kind:?} {} with a BOM", s.name);
            let two = format!("{}\r\n{}\r\n", s.text, s.text);
            let want = count_entries(kind, &two, "f").map_err(|e| e.to_string());
            let got = count_entries(kind, &format!("\u{feff}{two}"), "f");
            assert_eq!(got.map_err(|e| e.to_string()), want, "{kind:?} {} twice, a BOM", s.name);
        }
    }
}
