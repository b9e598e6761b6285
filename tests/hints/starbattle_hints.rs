//! Star Battle hints: the generated sets in tests/data and puzzles generated here, the
//! sentences' wording, the big puzzles, broken marks.

use super::*;

#[test]
fn starbattle_generated_10x10_sound_and_complete() {
    let entries = StarBattle::read_collection(&data(SB10), "sb10").expect("reads");
    let mut rng = fastrand::Rng::with_seed(21);
    let (mut solved, mut total) = (0, 0);
    for e in entries.iter().take(120) {
        let answer = unique(&e.puzzle).unwrap_or_else(|| panic!("{}: generated unique", e.id));
        total += 1;
        let by_hints = check_puzzle(&e.puzzle, &answer, &mut rng, &e.id);
        assert_eq!(by_hints, !e.id.contains("_beyond_"), "{}: the level it was generated at", e.id);
        let rated = starbattle::solve::rate(&e.puzzle);
        assert_eq!(
            by_hints,
            rated.solved(),
            "{}: hints and the rating disagree on whether logic solves it",
            e.id
        );
        if by_hints {
            let x = hint::explain(&e.puzzle, Some(&answer));
            assert_eq!(x.rating(), rated.difficulty(), "{}: the hardest rule is the rating", e.id);
        }
        solved += usize::from(by_hints);
    }
    assert!(total >= 100, "{total} puzzles");
    assert!(solved > total / 2, "only {solved} of {total} solved by hints");
}

#[test]
fn starbattle_generated_sound_and_complete() {
    let mut rng = fastrand::Rng::with_seed(7);
    for (seed, size, stars, level) in [
        (1u64, 8usize, 1usize, "easy"),
        (2, 8, 1, "medium"),
        (3, 9, 2, "hard"),
        (4, 9, 2, "expert"),
        (5, 8, 1, "beyond"),
        (6, 10, 2, "any"),
    ] {
        let opts = studio::kinds::starbattle::GenerateOptions {
            size: Some(size),
            stars: Some(stars),
            difficulty: Some(level.into()),
        };
        let Ok(p) = StarBattle::generate(&opts, seed) else { continue };
        let answer = unique(&p).expect("generated puzzles are unique");
        let by_hints = check_puzzle(
            &p,
            &answer,
            &mut rng,
            &format!("generated {size}/{stars} {level} #{seed}"),
        );
        assert_eq!(by_hints, starbattle::solve::rate(&p).solved());
    }
}

/// Whether a sentence makes a plural subject ("rows 3 and 4", "regions C and D") take "needs",
/// or says a double negative.
fn badly_worded(s: &str) -> Option<String> {
    for bad in ["none of them has no", "has no star outside", "no open cells have no", "not no"] {
        if s.contains(bad) {
            return Some(format!("double negative \"{bad}\""));
        }
    }
    for clause in s.split(['.', ',', ':', ';']) {
        let words: Vec<&str> = clause.split_whitespace().collect();
        for (i, w) in words.iter().enumerate() {
            let w = w.to_lowercase();
            if w != "rows" && w != "columns" && w != "regions" {
                continue;
            }
            // The list after the plural noun ("3 to 8", "C and D"), then its verb.
            let rest = &words[i + 1..];
            let end = rest
                .iter()
                .position(|x| {
                    !(x.chars().all(|c| c.is_ascii_digit() || c.is_ascii_uppercase())
                        || *x == "and"
                        || *x == "to")
                })
                .unwrap_or(rest.len());
            if rest.get(end) == Some(&"needs") {
                return Some(format!("\"{w} … needs\""));
            }
        }
    }
    None
}

#[test]
fn starbattle_sentences_name_the_unit() {
    let entries = StarBattle::read_collection(&data(SB10), "sb10").expect("reads");
    let sizes = StarBattle::read_collection(&data(SB_SIZES), "sizes").expect("reads");
    let mut seen = std::collections::BTreeSet::new();
    for e in entries.iter().take(60).chain(sizes.iter().filter(|e| e.puzzle.rows() == 14)) {
        let x = hint::explain(&e.puzzle, None);
        for s in &x.steps {
            seen.insert(s.rule.clone());
            match s.rule.as_str() {
                "Full line or region" | "Just enough room" => assert!(
                    s.sentence.starts_with("Row")
                        || s.sentence.starts_with("Column")
                        || s.sentence.starts_with("Region"),
                    "{}",
                    s.sentence
                ),
                "Neighbours of a star" => assert!(
                    s.sentence.starts_with("Stars never touch")
                        && s.sentence.contains("next to the star at row"),
                    "{}",
                    s.sentence
                ),
                "Confinement" | "Confinement (lines in regions)" => {
                    let l = s.sentence.to_lowercase();
                    assert!(
                        l.contains("region")
                            && (l.contains("row") || l.contains("column"))
                            && !s.figures.is_empty(),
                        "{}",
                        s.sentence
                    )
                }
                "2x2 blocks" | "2x2 blocks across two lines" | "Confinement with 2x2 blocks" => {
                    assert!(
                        !s.figures.is_empty() && s.sentence.contains("2x2 block"),
                        "{}",
                        s.sentence
                    );
                    // Each block is one figure of four (or, on the edge, two) cells.
                    assert!(
                        s.figures.iter().all(|f| f.label == "2x2 block"
                            && (f.cells.len() == 4 || f.cells.len() == 2 || f.cells.len() == 1)),
                        "{:?}",
                        s.figures
                    );
                }
                "Region shape" | "Squeeze" => {
                    assert!(s.sentence.contains("way") && !s.figures.is_empty(), "{}", s.sentence)
                }
                "Counting rows and regions together" => {
                    // The band and the regions drawn, then any 2x2 blocks.
                    assert!(
                        s.sentence.contains("counts for both") && s.figures.len() >= 2,
                        "{}",
                        s.sentence
                    );
                    assert!(
                        s.figures[2..].iter().all(|f| f.label == "2x2 block"),
                        "{:?}",
                        s.figures
                    );
                }
                "Contradiction" => {
                    assert!(
                        s.sentence.starts_with("Suppose") && (s.sentence.ends_with("has no star.")),
                        "{}",
                        s.sentence
                    );
                    assert!(
                        s.figures.len() >= 2 && s.figures[0].label == "the assumed star",
                        "{:?}",
                        s.figures
                    );
                    assert!(
                        s.figures.len() <= starbattle::logic::CHAIN_MAX + 2,
                        "the chain is limited"
                    );
                }
                other => panic!("unknown rule {other}"),
            }
            assert!(!s.clues.is_empty());
            if let Some(why) = badly_worded(&s.sentence) {
                panic!("{why}: {}", s.sentence);
            }
        }
    }
    for rule in [
        "Neighbours of a star",
        "Full line or region",
        "2x2 blocks",
        "Confinement",
        "Contradiction",
    ] {
        assert!(seen.contains(rule), "no {rule} step: {seen:?}");
    }
}

#[test]
fn starbattle_wording_checks_catch_the_old_mistakes() {
    assert!(badly_worded("so none of them has no star outside rows 1 to 8.").is_some());
    assert!(badly_worded("The open cells of rows 1 to 8 needs 16 stars.").is_some());
    assert!(badly_worded("Rows 3 and 4 need 4 more, and region C needs 2.").is_none());
}

/// Walks every hint from the empty grid, each step applied to the known answer, and runs the
/// solver's logic phase: the hints decide every cell the logic phase decides, the same way (the
/// same rule functions), and where the logic phase finishes, so do the hints, with its rating.
/// The hints may go further: their contradictions count over unions too where the cheaper
/// chains stop (`State::deep_contradictions`), which the solver's walk leaves out; a puzzle
/// only the hints finish is rated a contradiction. Returns whether the hints finish it.
fn starbattle_walk_matches_logic_phase(p: &StarBattle, answer: &Grid<bool>, at: &str) -> bool {
    let (solved, marks, _) = walk(p, answer, Default::default(), at);
    let rated = starbattle::solve::rate(p);
    let cells = rated
        .cells
        .as_ref()
        .unwrap_or_else(|| panic!("{at}: the logic phase broke a puzzle with an answer"));
    for (i, c) in cells.iter().enumerate() {
        let m = marks.get(i) as u8;
        let outside = p.regions().cells()[i].is_none();
        let same = match c {
            starbattle::logic::Cell::Star => m == 1,
            starbattle::logic::Cell::Empty => m == 2 || (outside && m == 0),
            starbattle::logic::Cell::Open => true,
        };
        assert!(
            same,
            "{at}: the logic phase and the hints differ at cell {i} ({c:?} against mark {m})"
        );
    }
    if rated.solved() {
        assert!(solved, "{at}: the logic phase finishes it, so the hints do");
    }
    if solved {
        let x = hint::explain(p, Some(answer));
        if rated.solved() {
            assert_eq!(x.rating(), rated.difficulty(), "{at}: the hardest rank is the rating");
        } else {
            let contradictions =
                &starbattle::logic::LADDER[starbattle::logic::CONTRADICTION as usize];
            assert_eq!(x.rating(), contradictions.rating, "{at}: finished by the hints' chains");
        }
    }
    solved
}

/// Every step of every puzzle of the generated 5x5 to 14x14 set agrees with its answer; the
/// hints decide what the logic phase decides; and the hints finish every puzzle generated at a
/// level of the logic ladder (and some generated `beyond` it: their chains count over unions).
///
/// How far the hints go on puzzles made by hand is a benchmark, since that collection is not
/// ours to copy: `puzzle explain starbattle human_5to14_dev130.txt --groups
/// 5x5:10,6x6:20,8x8:20,10x10:40,14x14:40` on the file in the benchmark folder beside the
/// repository (`shared/bench/starbattle`) finished 127 of 130 (all up to 10x10, 37 of 40 at
/// 14x14) at commit 25bf270.
#[test]
fn starbattle_generated_sizes_every_step_agrees_with_the_answer() {
    let entries = StarBattle::read_collection(&data(SB_SIZES), "sizes").expect("reads");
    let mut sizes = std::collections::BTreeSet::new();
    for e in &entries {
        let answer = e.known.clone().expect("the set carries answers");
        let solved = starbattle_walk_matches_logic_phase(&e.puzzle, &answer, &e.id);
        let beyond = e.id.contains("_beyond_");
        assert!(solved || beyond, "{}: the hints and the level it was generated at", e.id);
        sizes.insert(e.puzzle.rows());
    }
    assert_eq!(sizes.into_iter().collect::<Vec<_>>(), [5, 6, 8, 14]);
}

/// The same for the generated 17x17 to 25x25 puzzles kept in the repository, for the generated
/// 10x10 set, and for big puzzles generated here.
#[test]
fn starbattle_big_puzzles_every_step_agrees_and_logic_phase_matches() {
    let text = std::fs::read_to_string(HARD).expect("bench/starbattle/hard_17_21_25.txt");
    let entries = StarBattle::read_collection(&text, "hard").expect("reads");
    assert!(entries.len() >= 20);
    // Every 17x17 and every puzzle the ladder finishes at 21x21 and 25x25 (the others stop at the
    // same place in both runs; the whole walk is timed by `puzzle explain`).
    for e in entries.iter().filter(|e| e.id.starts_with("sb17") || e.id.contains("expert")) {
        let answer = e.known.clone().expect("the set carries answers");
        starbattle_walk_matches_logic_phase(&e.puzzle, &answer, &e.id);
    }
    for (size, stars, seed) in [(17usize, 4usize, 3u64), (21, 5, 1)] {
        let opts = studio::kinds::starbattle::GenerateOptions {
            size: Some(size),
            stars: Some(stars),
            difficulty: Some("any".into()),
        };
        let p = StarBattle::generate(&opts, seed).expect("generates");
        let answer = unique(&p).expect("generated puzzles are unique");
        starbattle_walk_matches_logic_phase(
            &p,
            &answer,
            &format!("generated {size}x{size} seed {seed}"),
        );
    }
    let entries = StarBattle::read_collection(&data(SB10), "sb10").expect("reads");
    for e in entries.iter().step_by(4) {
        let Some(answer) = e.known.clone().or_else(|| unique(&e.puzzle)) else { continue };
        starbattle_walk_matches_logic_phase(&e.puzzle, &answer, &e.id);
    }
}

#[test]
fn starbattle_broken_marks_are_reported() {
    let p = &StarBattle::read_collection(&data(SB10), "sb10").expect("reads")[0].puzzle;
    // Two touching stars, no answer given: the rules themselves say so.
    let mut marks = vec![0u8; 100];
    marks[0] = 1;
    marks[11] = 1;
    match hint::hint(p, &bytes(&marks), None) {
        Hint::Mistake { cells, sentence } => {
            assert_eq!(cells, vec![0, 11]);
            assert!(sentence.contains("touch"), "{sentence}");
        }
        other => panic!("{other:?}"),
    }
}
