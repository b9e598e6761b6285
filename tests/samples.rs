//! What every registered kind must pass (a kind missing any part fails here by name): the home
//! page's samples: every one opens, makes a share link, and the logic kinds' samples are
//! proven unique (the rectangle-free "impossible" one proven to have no answer).

use studio::kinds::{self, Kind};
use studio::marks::Marks;
use studio::play::Playable;
use studio::puzzle::{Mode, Puzzle, Verdict};
use studio::samples;

#[test]
fn every_sample_opens_and_shares() {
    for s in samples::all() {
        let text = kinds::import(s.kind, s.text).unwrap_or_else(|e| panic!("{}: {e}", s.name));
        let fragment =
            kinds::share_fragment(s.kind, &text).unwrap_or_else(|e| panic!("{}: {e}", s.name));
        assert!(fragment.starts_with(s.kind.id()), "{}: {fragment}", s.name);
    }
    for k in Kind::ALL {
        assert!(samples::of(k).count() >= 1, "{k:?} has a sample");
    }
}

/// Every sample of every registered kind is solved: a kind whose hints reason towards a proven
/// unique answer (`HINTS`, not measured by an optimum) must have unique samples, a sample
/// named "impossible" must have no answer, and any other must have a verified answer.
#[test]
fn logic_samples_are_proven_unique_and_the_impossible_one_has_no_answer() {
    for s in samples::all() {
        let logic = studio::with_kind!(s.kind, P => <P as Playable>::HINTS && <P as Puzzle>::optimum().is_none());
        let report = kinds::solve_text(s.kind, s.text, Mode::Unique, "", None)
            .unwrap_or_else(|e| panic!("{}: {e:?}", s.name));
        if logic {
            assert_eq!(report.verdict, Verdict::Unique, "{}", s.name);
        } else if s.name.contains("impossible") {
            assert_eq!(report.verdict, Verdict::None, "{}", s.name);
        } else {
            assert!(!report.solutions.is_empty(), "{}: no answer ({:?})", s.name, report.verdict);
        }
        let text = kinds::import(s.kind, s.text).unwrap();
        for rows in &report.solutions {
            kinds::verify_rows(s.kind, &text, rows).unwrap_or_else(|e| panic!("{}: {e}", s.name));
        }
    }
}

/// A sample's name says what it opens: its size ("6x6", "Heart 5x5"), its colours ("4 colours")
/// and its stars ("one star") are the puzzle's own.
#[test]
fn every_sample_name_matches_its_puzzle() {
    for s in samples::all() {
        let text = kinds::import(s.kind, s.text).unwrap();
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        let dims = |v: &serde_json::Value| -> (u64, u64) {
            let num = |k: &str| v.get(k).and_then(|x| x.as_u64());
            let len = |k: &str| v.get(k).and_then(|x| x.as_array()).map(|a| a.len() as u64);
            let rows = num("rows")
                .or_else(|| num("size"))
                .or_else(|| num("n"))
                .or_else(|| len("rows"))
                .or_else(|| len("grid"))
                .unwrap_or(0);
            let cols = num("cols")
                .or_else(|| num("size"))
                .or_else(|| num("n"))
                .or_else(|| len("cols"))
                .or_else(|| {
                    v.get("grid")
                        .and_then(|g| g.get(0))
                        .and_then(|r| r.as_str())
                        .map(|r| r.len() as u64)
                })
                .unwrap_or(rows);
            (rows, cols)
        };
        let words: Vec<&str> = s
            .name
            .split(|c: char| c == ' ' || c == ',' || c == '(' || c == ')')
            .filter(|w| !w.is_empty())
            .collect();
        for (i, w) in words.iter().enumerate() {
            if let Some((a, b)) = w.split_once('x') {
                if let (Ok(a), Ok(b)) = (a.parse::<u64>(), b.parse::<u64>()) {
                    // "5x10" names width x height for nonograms (webpbn's order), rows x columns otherwise.
                    let (rows, cols) = dims(&json);
                    assert!(
                        (cols, rows) == (a, b) || (rows, cols) == (a, b),
                        "{}: the name says {w}, the puzzle is {cols} wide and {rows} high ({text})",
                        s.name
                    );
                }
            }
            if words.get(i + 1).is_some_and(|n| n.starts_with("colour")) {
                let said: u64 = w.parse().unwrap_or_else(|_| panic!("{}: {w} colours", s.name));
                let actual = if let Some(c) = json.get("colours").and_then(|c| c.as_u64()) {
                    c
                } else {
                    // Flood-It: the colours that appear on the board.
                    let grid = json.get("cells").or_else(|| json.get("grid")).expect("a board");
                    let mut seen = std::collections::BTreeSet::new();
                    for row in grid.as_array().unwrap() {
                        match row {
                            serde_json::Value::String(r) => seen.extend(r.chars()),
                            serde_json::Value::Array(r) => {
                                seen.extend(r.iter().map(|x| x.to_string().chars().next().unwrap()))
                            }
                            _ => panic!("{}: unexpected board {row}", s.name),
                        }
                    }
                    seen.len() as u64
                };
                assert_eq!(
                    said, actual,
                    "{}: the name says {said} colours, the puzzle has {actual} ({text})",
                    s.name
                );
            }
        }
    }
}

/// The Benchmark page's sample of every kind runs, with every record verified.
#[test]
fn every_bench_sample_runs() {
    for k in Kind::ALL {
        let text = samples::bench_sample(k);
        let records = studio::bench::run_text(
            k,
            text,
            "sample",
            studio::bench::Options { first: false, timeout_ms: None, limit: None },
            &mut |_| {},
        )
        .unwrap_or_else(|e| panic!("{k:?}: {e}"));
        assert!(!records.is_empty(), "{k:?}");
        assert!(records.iter().all(|r| !r.wrong), "{k:?}: {records:?}");
    }
}

/// The registry's line for each kind gives it an id (its folder's name, also its serde name),
/// a title, size limits and a logic phase from its contract, and a way in from pasted text.
#[test]
fn the_registry_gives_every_kind_an_id_a_title_and_a_way_in() {
    let mut ids = std::collections::HashSet::new();
    for k in Kind::ALL {
        assert!(ids.insert(k.id()), "{k:?}: ids are distinct");
        assert_eq!(Kind::from_id(k.id()), Some(k));
        assert_eq!(serde_json::to_string(&k).unwrap(), format!("\"{}\"", k.id()));
        assert_eq!(serde_json::from_str::<Kind>(&format!("\"{}\"", k.id())).unwrap(), k);
        assert!(!k.title().is_empty() && !k.logic_phase().is_empty());
        assert!(!studio::limits::stated(k).is_empty());
        // Its own share link and its samples are recognised as its own.
        let text = kinds::import(k, samples::of(k).next().unwrap().text).unwrap();
        let fragment = kinds::share_fragment(k, &text).unwrap();
        assert_eq!(
            kinds::sniff(&format!("https://example.org/#{fragment}")),
            Some(k),
            "{fragment}"
        );
    }
    let e = serde_json::from_str::<Kind>("\"sudoku\"").unwrap_err().to_string();
    assert!(e.contains("unknown kind `sudoku`") && e.contains("nonogram"), "{e}");
    // puzz.link genres through each kind's `recognises`.
    assert_eq!(
        kinds::sniff("https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"),
        Some(Kind::StarBattle)
    );
    assert_eq!(kinds::sniff("http://pzv.jp/p.html?nonogram_edit/5/5/x"), Some(Kind::Nonogram));
    assert_eq!(
        kinds::sniff("https://puzz.link/p?pzprv3/starbattle/6/6/1/"),
        Some(Kind::StarBattle)
    );
    assert_eq!(kinds::sniff("https://puzz.link/p?slither/3/3/abc"), None);
    // Keen IDs, with a seed too, are KenKen's; a KrazyDad Star Battle line with a comment after
    // `#` is not (it was taken for a Keen seed ID on the Star Battle page).
    assert_eq!(kinds::sniff("9du#12345"), Some(Kind::KenKen));
    assert_eq!(kinds::sniff("6:a_a_3a,s2a8m6"), Some(Kind::KenKen));
    assert_eq!(kinds::sniff("6dx:a_a_3a,s2a8m6"), Some(Kind::KenKen));
    assert_ne!(kinds::sniff("10x10:a_a_3a,s2a8m6"), Some(Kind::KenKen));
    assert_ne!(kinds::sniff("21,21,5,\"AABB\",\"0101\" # sb21_expert_3"), Some(Kind::KenKen));
    assert_eq!(
        studio::puzzlink::genre("https://puzz.link/p?mode=play&starbattle/6/6"),
        Some("starbattle")
    );
    assert_eq!(studio::puzzlink::genre("no query here"), None);
}

/// `puzzle check` for every kind: a solved answer has no faults, a changed one has, and a
/// rectangle-free grid is its own task and answer, with each rectangle listed.
#[test]
fn check_text_lists_what_an_answer_breaks_for_every_kind() {
    for k in Kind::ALL {
        let s = samples::of(k).next().unwrap();
        let report = kinds::solve_text(k, s.text, Mode::First, "", None).unwrap();
        let Some(rows) = report.solutions.first() else {
            assert!(
                s.name.contains("impossible"),
                "{k:?}: the first sample {} has no answer to check",
                s.name
            );
            continue;
        };
        let answer = rows.join("\n");
        assert_eq!(
            kinds::check_text(k, s.text, Some(&answer)).unwrap(),
            Vec::<String>::new(),
            "{k:?}"
        );
        // One character changed to another the kind reads: the checker says what breaks.
        let mut wrong: Vec<char> = answer.chars().collect();
        let i = wrong
            .iter()
            .position(|c| c.is_ascii_alphanumeric() || *c == '.' || *c == '*' || *c == '#')
            .unwrap();
        wrong[i] = match wrong[i] {
            '.' => '*',
            '*' => '.',
            '#' => '.',
            '0' => '1',
            '1' => '2',
            _ => '1',
        };
        let wrong: String = wrong.into_iter().collect();
        if let Ok(faults) = kinds::check_text(k, s.text, Some(&wrong)) {
            assert!(!faults.is_empty(), "{k:?}: {wrong}");
        }
    }
    let faults = kinds::check_text(Kind::RectFree, "000\n000\n000", None).unwrap();
    assert_eq!(faults[0], "9 monochromatic rectangles");
    assert_eq!(faults.len(), 10);
    assert!(faults.contains(&"colour 0 at rows 1 and 2, columns 1 and 2".to_string()));
    assert!(kinds::check_text(Kind::RectFree, "0120\n1201\n2012", None).unwrap().is_empty());
    let e = kinds::check_text(Kind::KenKen, s_kenken(), None).unwrap_err().to_string();
    assert!(e.contains("no answer"), "{e}");
}

fn s_kenken() -> &'static str {
    samples::of(Kind::KenKen).next().unwrap().text
}

/// Every registered kind's generator settings are its own serde type: the defaults read from
/// empty text and round-trip, an unknown setting is refused by name (for `puzzle generate` and
/// the worker alike), and the defaults make a puzzle, the same one for the same seed, whose
/// answer the kind's checker accepts; a kind without a generator says so by the typed error.
#[test]
fn every_kind_generates_from_its_own_settings() {
    use studio::puzzle::GenerateError;
    for k in Kind::ALL {
        studio::with_kind!(k, P => {
            let defaults = <P as Puzzle>::GenerateOptions::default();
            let text = kinds::generate_options_text::<P>(&defaults);
            assert_eq!(kinds::generate_options_from_text::<P>(&text).unwrap(), defaults, "{k:?}: the defaults round-trip");
            assert_eq!(kinds::generate_options_from_text::<P>("").unwrap(), defaults, "{k:?}: empty text is the defaults");
            let e = kinds::generate_options_from_text::<P>(r#"{"no_such_setting":1}"#).unwrap_err().to_string();
            assert!(e.contains("no_such_setting") && e.contains(k.title()), "{k:?}: {e}");
        });
        assert!(
            matches!(
                kinds::generate(k, r#"{"no_such_setting":1}"#, 1),
                Err(GenerateError::Input(_))
            ),
            "{k:?}"
        );
        match kinds::generate(k, "", 1) {
            Ok(text) => {
                assert_eq!(
                    kinds::generate(k, "", 1).unwrap(),
                    text,
                    "{k:?}: the same seed gives the same puzzle"
                );
                let r = kinds::solve_text(k, &text, Mode::First, "", None)
                    .unwrap_or_else(|e| panic!("{k:?}: {e}"));
                let rows = r
                    .solutions
                    .first()
                    .unwrap_or_else(|| panic!("{k:?}: a generated puzzle without an answer"));
                kinds::verify_rows(k, &text, rows).unwrap_or_else(|e| panic!("{k:?}: {e}"));
            }
            Err(GenerateError::Unsupported(kind)) => assert_eq!(kind, k),
            Err(e) => panic!("{k:?}: the default settings do not generate: {e}"),
        }
    }
}

/// The marks contract for every registered kind, on its first sample: a full vector of blank
/// marks is well-formed and one too many (or a value out of range) is an error value at every
/// edge (the check, a hint, saved work: the puzzle is kept, the marks are set aside), never a
/// panic; and for the kinds whose Check and hints compare marks with a proven answer, marks
/// made from the answer by the contract's `answer_mark` agree with it, and one wrong mark is
/// the mistake found.
#[test]
fn every_kind_states_its_marks_layout() {
    for k in Kind::ALL {
        let text = kinds::import(k, samples::of(k).next().unwrap().text).unwrap();
        studio::with_kind!(k, P => {
            let p: P = kinds::import_as(&text).unwrap();
            // Every cell marked: its byte form is the longest a grid kind reads, and reads back.
            type M = <P as Playable>::Marks;
            let mut every = M::default();
            for c in 0..p.cell_count() {
                every.apply(&M::place(c, 1));
            }
            let full = every.encode().len();
            assert!(full > 0, "{k:?}: a puzzle with no cells to mark");
            assert_eq!(p.decode_marks(&every.encode()), Ok(every.clone()), "{k:?}: marks read back from their bytes");
            assert!(kinds::check_marks(k, &text, &vec![0; full]).is_ok(), "{k:?}: blank marks are well-formed");
            assert_eq!(M::edit_cell(full - 1), p.cell_count() - 1, "{k:?}: the last byte is the last cell's");
            let bad = vec![255u8; full + 1];
            assert!(kinds::check_marks(k, &text, &bad).is_err(), "{k:?}: malformed marks are refused");
            assert!(kinds::hint_text(k, &text, &bad, None).is_err(), "{k:?}: a hint refuses malformed marks");
            let record = studio::saved::encode(k, &text, &bad);
            let loaded = studio::saved::read(k, Some(&record), None, None);
            assert_eq!(loaded.work.as_ref().map(|(t, m)| (t.as_str(), m.len())), Some((text.as_str(), 0)), "{k:?}: the puzzle is kept without the marks");
            assert!(loaded.unreadable.is_some_and(|u| !u.puzzle_lost), "{k:?}: the marks are set aside");
            if <P as Playable>::HINTS && !kinds::hint_needs_answer(k) {
                let report = kinds::solve_text(k, &text, Mode::First, "", None).unwrap();
                let answer = report.solutions.first().unwrap_or_else(|| panic!("{k:?}: the first sample has an answer")).concat();
                assert_eq!(answer.chars().count(), p.cell_count(), "{k:?}: one answer character a cell");
                let mut marks = M::default();
                for (i, c) in answer.chars().enumerate() {
                    marks.apply(&M::place(i, <P as Playable>::answer_mark(c, true)));
                }
                assert_eq!(kinds::mistakes(k, &text, &answer, &marks.encode()), Ok(Vec::new()), "{k:?}: the answer's own marks");
                let last = p.cell_count() - 1;
                marks.apply(&M::place(last, <P as Playable>::answer_mark(answer.chars().last().unwrap(), false)));
                assert_eq!(kinds::mistakes(k, &text, &answer, &marks.encode()), Ok(vec![last]), "{k:?}: one wrong mark");
                assert_eq!(<P as Playable>::mistakes(&answer, &marks), vec![last], "{k:?}: one wrong mark, typed");
            }
        });
    }
}
