//! Star Battle's logic ladder: every rule's deductions agree with the brute-force answers.
use super::*;
use studio::deduce::{self, Found, Logic};
use studio::kinds::starbattle::logic::{Board, Cell, State, ALL, LADDER};
use studio::kinds::starbattle::solve::rate;

fn agrees(cells: &[Cell], answer: &[bool]) -> bool {
    cells.iter().zip(answer).all(|(&c, &a)| match c {
        Cell::Open => true,
        Cell::Star => a,
        Cell::Empty => !a,
    })
}

/// The ladder's runs, every rank as the ceiling, from the start, never remove an answer
/// brute force finds, and the rules find the cells broken only when there is none.
#[test]
fn propagation_keeps_every_answer_of_random_small_puzzles() {
    let mut rng = fastrand::Rng::with_seed(99);
    let mut contradictions = 0;
    let mut solved_by_logic = 0;
    for (n, k, rounds) in [(4, 1, 60), (5, 1, 80), (6, 1, 60), (7, 1, 30), (8, 2, 4)] {
        for _ in 0..rounds {
            let regions = random_regions(n, &mut rng);
            let answers = brute_solutions(&regions, k);
            let puzzle = StarBattle::new(regions, k).unwrap();
            let board = Board::new(&puzzle);
            for upto in 0..=ALL {
                let mut state = State::new(&board, board.start(), false);
                let run = deduce::run(&mut state, upto, |_| true);
                // A completed grid is checked by the singles (as the solver does).
                let end = match run.end {
                    deduce::End::Complete => match state.find(0) {
                        Found::Broken { cells, sentence } => {
                            deduce::End::Broken { cells, sentence }
                        }
                        _ => deduce::End::Complete,
                    },
                    other => other,
                };
                match end {
                    deduce::End::Broken { .. } => {
                        assert!(
                            answers.is_empty(),
                            "rank {upto} broke a puzzle with {} answers: {:?}",
                            answers.len(),
                            formats::region_rows(&puzzle)
                        );
                        contradictions += 1;
                    }
                    _ => {
                        for a in &answers {
                            assert!(
                                agrees(&state.cells, a),
                                "rank {upto} removed an answer of {:?}",
                                formats::region_rows(&puzzle)
                            );
                        }
                        if upto == ALL && state.complete() {
                            assert_eq!(answers.len(), 1);
                            solved_by_logic += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(
        contradictions > 5,
        "some unsolvable puzzles are caught by the logic ({contradictions})"
    );
    assert!(solved_by_logic > 5, "some puzzles are solved by logic alone ({solved_by_logic})");
}

/// Every deduction of every rank, made from states where a random part of a true answer is
/// already known, agrees with that answer; and every rank of the ladder fires somewhere.
#[test]
fn every_deduction_respects_a_known_answer_from_partial_states() {
    let mut rng = fastrand::Rng::with_seed(5);
    let mut fired = vec![0usize; LADDER.len()];
    for (n, k, rounds) in [(5, 1, 80), (6, 1, 80), (7, 1, 40), (8, 2, 8), (10, 2, 4)] {
        for _ in 0..rounds {
            let regions = random_regions(n, &mut rng);
            let answers = if n <= 8 { brute_solutions(&regions, k) } else { Vec::new() };
            let Some(answer) = answers.first() else { continue };
            let puzzle = StarBattle::new(regions, k).unwrap();
            let board = Board::new(&puzzle);
            for _ in 0..4 {
                let share = rng.usize(0..60);
                let mut start = board.start();
                for (i, c) in start.iter_mut().enumerate() {
                    if *c == Cell::Open && rng.usize(0..100) < share {
                        *c = if answer[i] { Cell::Star } else { Cell::Empty };
                    }
                }
                for words in [false, true] {
                    let mut state = State::new(&board, start.clone(), words);
                    loop {
                        match state.find(ALL) {
                            Found::Deduction(d) => {
                                fired[d.rank as usize] += 1;
                                if words {
                                    assert!(!d.sentence.is_empty(), "{} without words", d.rule);
                                }
                                state.apply(&d.changes);
                                assert!(
                                    agrees(&state.cells, answer),
                                    "{} ({}) removed the answer of {:?}",
                                    d.rule,
                                    d.sentence,
                                    formats::region_rows(&puzzle)
                                );
                            }
                            Found::Broken { sentence, .. } => panic!(
                                "the rules broke a true answer of {:?}: {sentence}",
                                formats::region_rows(&puzzle)
                            ),
                            Found::Nothing => break,
                        }
                    }
                }
            }
        }
    }
    assert!(
        fired.iter().take(4).all(|&f| f > 0),
        "every direct rank fixes cells somewhere: {fired:?}"
    );
}

/// The same deductions with and without words: the solver's run and the hints' run make the
/// same changes in the same order.
#[test]
fn words_change_nothing_but_the_words() {
    let mut rng = fastrand::Rng::with_seed(17);
    for _ in 0..60 {
        let regions = random_regions(7, &mut rng);
        let puzzle = StarBattle::new(regions, 1).unwrap();
        let board = Board::new(&puzzle);
        let mut quiet = State::new(&board, board.start(), false);
        let mut told = State::new(&board, board.start(), true);
        loop {
            match (quiet.find(ALL), told.find(ALL)) {
                (Found::Deduction(a), Found::Deduction(b)) => {
                    assert_eq!((a.rule, a.rank, &a.changes), (b.rule, b.rank, &b.changes));
                    quiet.apply(&a.changes);
                    told.apply(&b.changes);
                }
                (Found::Nothing, Found::Nothing) | (Found::Broken { .. }, Found::Broken { .. }) => {
                    break
                }
                (a, b) => panic!("{a:?} against {b:?}"),
            }
        }
    }
}

/// The solver's verdicts and counts through the logic layer equal brute force, and the
/// rating says whether logic sufficed.
#[test]
fn ratings_follow_the_logic() {
    let mut rng = fastrand::Rng::with_seed(21);
    let mut levels = std::collections::HashSet::new();
    for _ in 0..120 {
        let regions = random_regions(6, &mut rng);
        let answers = brute_solutions(&regions, 1);
        let puzzle = StarBattle::new(regions, 1).unwrap();
        let rated = rate(&puzzle);
        if rated.solved() {
            assert_eq!(answers.len(), 1);
            let report = puzzle.solve(Mode::Unique, None).unwrap();
            assert_eq!(report.rating.as_deref(), Some(rated.difficulty().as_str()));
            levels.insert(rated.hardest);
        } else if answers.len() > 1 {
            assert!(rated.difficulty().contains("search"));
        }
    }
    assert!(levels.len() >= 2, "several levels occur: {levels:?}");
}

/// Counting rows and regions together fires on a small board where the rules up to region
/// shapes stop (the generated 6x6 `sb6_expert_4` in tests/data), and what it decides agrees
/// with the known answer.
#[test]
fn counting_rows_and_regions_together_fires_on_a_6x6() {
    use studio::kinds::starbattle::logic::{SHAPES, UNIONS};
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/starbattle/generated_5to14.txt"
    ))
    .expect("tests/data/starbattle/generated_5to14.txt");
    let entries = formats::read_collection(&text, "sizes").expect("reads");
    let e = entries.iter().find(|e| e.id == "sb6_expert_4").expect("sb6_expert_4 is in the set");
    let answer: Vec<bool> = e.known.clone().expect("with its answer").cells().to_vec();
    let board = Board::new(&e.puzzle);
    let mut state = State::new(&board, board.start(), true);
    let run = deduce::run(&mut state, SHAPES, |_| true);
    assert_eq!(run.end, deduce::End::Stuck, "the rules up to region shapes stop");
    let Found::Deduction(d) = state.find(UNIONS) else { panic!("no deduction at rank {UNIONS}") };
    assert_eq!(d.rule, "Counting rows and regions together");
    assert_eq!(d.rank, UNIONS);
    assert!(d.sentence.contains("counts for both"), "{}", d.sentence);
    assert!(d.figures.len() >= 2, "the band and the regions are drawn");
    assert!(!d.changes.is_empty());
    state.apply(&d.changes);
    assert!(agrees(&state.cells, &answer), "{}", d.sentence);
}

/// In the hints, a contradiction's chain goes on with counting over unions where the rules up
/// to region shapes stop: on the hard set's `sb17_beyond_1` the ladder without that stops at
/// 35 cells; with it the next hint is a contradiction whose chain counts a band against
/// regions, and the cell it empties is empty in the proven answer.
#[test]
fn hint_contradictions_count_over_unions_on_sb17_beyond_1() {
    use studio::kinds::starbattle::logic::CONTRADICTION;
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/bench/starbattle/hard_17_21_25.txt"
    ))
    .expect("bench/starbattle/hard_17_21_25.txt");
    let entries = formats::read_collection(&text, "hard").expect("reads");
    let e = entries.iter().find(|e| e.id == "sb17_beyond_1").expect("sb17_beyond_1 is in the set");
    let report = e.puzzle.solve(Mode::Unique, None).expect("solves");
    assert_eq!(report.verdict, Verdict::Unique);
    let answer: Vec<bool> = report.solutions[0].cells().to_vec();
    let board = Board::new(&e.puzzle);
    let mut state = State::new(&board, board.start(), true);
    let run = deduce::run(&mut state, ALL, |_| true);
    assert_eq!(run.end, deduce::End::Stuck, "the ladder without the deeper chains stops");
    assert!(agrees(&state.cells, &answer));
    let mut deep = State::new(&board, state.cells.clone(), true).deep_contradictions();
    let Found::Deduction(d) = deep.find(ALL) else { panic!("no deduction with the deeper chains") };
    assert_eq!((d.rule, d.rank), ("Contradiction", CONTRADICTION));
    assert!(d.sentence.contains("counts for both"), "the chain counts over unions: {}", d.sentence);
    assert!(d.figures.iter().any(|f| f.label.starts_with("step")), "the chain is drawn");
    deep.apply(&d.changes);
    assert!(agrees(&deep.cells, &answer), "{}", d.sentence);
    // The same from the player's marks: the hint is that contradiction, while the page's
    // warm-up (`Request::Warm`, which must be over in milliseconds) runs no contradiction and
    // says the rules stop.
    use studio::marks::YesNo;
    let marks = studio::marks::YesNoMarks::new(
        state.cells.iter().map(|&c| [YesNo::Open, YesNo::Yes, YesNo::No][c as usize]).collect(),
    );
    match studio::hint::hint(&e.puzzle, &marks, None) {
        studio::hint::Hint::Step(s) => assert_eq!(s.cells, d.cells, "{}", s.sentence),
        h => panic!("the hint is not the deep contradiction: {h:?}"),
    }
    assert!(matches!(studio::hint::warm(&e.puzzle, &marks), studio::hint::Hint::Stuck { .. }));
}
