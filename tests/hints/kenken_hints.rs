//! KenKen hints: the 7x7 set, Tatham's Keen levels, generated puzzles, candidates.

use super::*;

#[test]
fn kenken_keen7_sound_and_complete() {
    let text = data(KEEN7);
    let entries = KenKen::read_collection(&text, "keen7").expect("reads");
    let mut rng = fastrand::Rng::with_seed(5);
    let mut total = 0;
    for e in entries.iter().step_by(3) {
        let answer = unique(&e.puzzle).unwrap_or_else(|| panic!("{}: Tatham's are unique", e.id));
        total += 1;
        let by_hints = check_puzzle(&e.puzzle, &answer, &mut rng, &e.id);
        let (_, hardest, complete) = kenken::logic::rate(&e.puzzle, kenken::logic::rank::MAX);
        assert_eq!(by_hints, complete, "{}: hints and the rating disagree", e.id);
        if by_hints {
            let x = hint::explain(&e.puzzle, Some(&answer));
            assert_eq!(
                x.rating(),
                kenken::logic::LADDER[hardest.unwrap_or(0) as usize].rating,
                "{}: the hardest rule is the rating",
                e.id
            );
        }
    }
    assert_eq!(total, 100, "a third of the 300 puzzles");
}

/// Tatham's Keen IDs, one per line.
fn tatham_keen() -> Vec<(String, KenKen)> {
    let text = data(TATHAM_KEEN);
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(i, l)| {
            (format!("keen line {}", i + 1), KenKen::import(l).expect("a Keen ID").puzzle)
        })
        .collect()
}

/// The solver's logic phase and the explanation are one code path: from the empty grid they
/// reach the same candidates in every cell, solved or not.
fn kenken_logic_phase_is_the_explanation(p: &KenKen, at: &str) {
    let (domains, _, _) = kenken::logic::rate(p, kenken::logic::rank::MAX);
    let x = hint::explain(p, None);
    let mut marks = Default::default();
    for s in &x.steps {
        hint::apply(&mut marks, s);
    }
    let from_hints = kenken::hint::candidates(p, &marks);
    match domains {
        Ok(d) => assert_eq!(d, from_hints, "{at}: the logic phase and the explanation differ"),
        Err(()) => assert!(
            matches!(x.end, Hint::Mistake { .. }),
            "{at}: the logic found a contradiction, the explanation did not"
        ),
    }
}

#[test]
fn kenken_logic_phase_and_explanation_reach_the_same_grid() {
    let text = data(KEEN7);
    for e in KenKen::read_collection(&text, "keen7").expect("reads").iter().step_by(5) {
        kenken_logic_phase_is_the_explanation(&e.puzzle, &e.id);
    }
    for (id, p) in tatham_keen() {
        kenken_logic_phase_is_the_explanation(&p, &id);
    }
    for seed in 0..12u64 {
        let level = kenken::generate::LEVELS[seed as usize % 4];
        let p = KenKen::generate(
            &studio::kinds::kenken::GenerateOptions {
                size: Some(4 + seed as usize % 3),
                difficulty: Some(level.into()),
            },
            seed,
        )
        .expect("generates");
        kenken_logic_phase_is_the_explanation(&p, &format!("generated {level} #{seed}"));
    }
}

/// Tatham's Keen puzzles, Easy to Extreme (his solver finishes each without guessing): every
/// step of every one agrees with the proven answer, and the hints finish every one.
#[test]
fn kenken_hints_finish_tatham_keen_up_to_extreme() {
    let mut rng = fastrand::Rng::with_seed(28);
    let entries = tatham_keen();
    assert_eq!(entries.len(), 60);
    let mut finished = 0;
    for (i, (id, p)) in entries.iter().enumerate() {
        let answer = unique(p).expect("Tatham's puzzles are unique");
        if check_puzzle(p, &answer, &mut rng, id) {
            finished += 1;
        }
        // His levels in the file's order: 10 each of Easy, Normal, Hard, then 30 Extreme.
        let his = ["easy", "normal", "hard", "extreme", "extreme", "extreme"][i / 10];
        let (_, hardest, complete) = kenken::logic::rate(p, kenken::logic::rank::MAX);
        assert!(complete);
        assert_eq!(
            kenken::logic::LADDER[hardest.unwrap_or(0) as usize].level,
            his,
            "{id}: our level is his"
        );
    }
    assert_eq!(finished, entries.len(), "hints finish every Tatham Keen puzzle up to Extreme");
}

#[test]
fn kenken_generated_sound_and_complete() {
    let mut rng = fastrand::Rng::with_seed(9);
    for seed in 0..24u64 {
        let size = 4 + (seed as usize % 4);
        let level = kenken::generate::LEVELS[seed as usize % 5];
        let opts = studio::kinds::kenken::GenerateOptions {
            size: Some(size),
            difficulty: Some(level.into()),
        };
        let p = KenKen::generate(&opts, seed).expect("generates");
        let answer = unique(&p).expect("unique");
        let by_hints =
            check_puzzle(&p, &answer, &mut rng, &format!("kenken {size} {level} #{seed}"));
        let (_, _, complete) = kenken::logic::rate(&p, kenken::logic::rank::MAX);
        assert_eq!(by_hints, complete);
        assert!(
            by_hints,
            "kenken {size} {level} #{seed}: the hints finish every level the generator makes"
        );
    }
}

#[test]
fn kenken_hint_writes_candidates_and_checks_them() {
    // A wrong pencil mark (leaving out the answer's digit) is a mistake too.
    let p = KenKen::import("5:a__a_3a_5a_a_a_3b_bac_,a5m15a7a10s2s2d2s3m40m2s2")
        .expect("Tatham's example")
        .puzzle;
    let answer = unique(&p).expect("unique");
    let text = answer_text(&p, &answer);
    let first = kenken::formats::char_digit(text.chars().next().unwrap()).unwrap();
    let others: u16 = (1..=5u16).filter(|&d| d != first as u16).fold(0, |m, d| m | 1 << (d - 1));
    let mut marks = kenken::page::KenKenMarks::default();
    marks.set(0, kenken::page::Pencilled { digit: 0, pencil: others });
    match hint::hint(&p, &marks, Some(&answer)) {
        Hint::Mistake { cells, .. } => assert_eq!(cells, vec![0]),
        other => panic!("{other:?}"),
    }
}

/// Every KenKen hint sentence on Tatham's sixty puzzles reads as punctuated English: a clause
/// that rules digits out is set apart from one that places a digit (`row 2, column 4 holds 3;
/// 5 and 9 are ruled out of …`, never `holds 3 and 5 and 9 are ruled out`), and sentences
/// start with a capital and end with a full stop, with no doubled spaces or marks.
#[test]
fn kenken_hint_sentences_are_punctuated() {
    let mut seen = 0;
    for (id, p) in tatham_keen() {
        let mut marks = kenken::page::KenKenMarks::default();
        for _ in 0..400 {
            let Hint::Step(step) = kenken::hint::next_step(&p, &marks) else { break };
            let s = &step.sentence;
            seen += 1;
            assert!(s.starts_with(|c: char| c.is_uppercase()) && s.ends_with('.'), "{id}: {s}");
            for bad in ["  ", " ,", ",,", ";;", ", ;", "; ,", " ."] {
                assert!(!s.contains(bad), "{id}: `{bad}` in {s}");
            }
            for (at, _) in s.match_indices(" ruled out of ") {
                let clause_start = s[..at].rfind([';', ':', '.']).map_or(0, |i| i + 1);
                let clause = &s[clause_start..at];
                assert!(!clause.contains(" holds "), "{id}: two clauses run together: {s}");
            }
            studio::hint::apply(&mut marks, &step);
        }
    }
    assert!(seen > 1000, "only {seen} sentences read");
}
