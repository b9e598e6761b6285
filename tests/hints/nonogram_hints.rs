//! Nonogram hints: random and generated puzzles, the human sets, contradictions, sentences,
//! figures.

use super::*;

/// Random pictures whose clues have a unique answer, plus generated puzzles with givens.
pub(super) fn nonograms(count: usize, seed: u64) -> Vec<(Nonogram, Grid<bool>)> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let (w, h) = (rng.usize(3..=12), rng.usize(3..=12));
        let pic = nonogram::generate::picture(w, h, &mut rng);
        let (rows, cols) = nonogram::clues_of(&pic);
        let Ok(p) = Nonogram::new(rows, cols) else { continue };
        if let Some(a) = unique(&p) {
            out.push((p, a));
        }
    }
    for s in 0..count as u64 / 10 {
        if let Ok(p) = Nonogram::generate(
            &studio::kinds::nonogram::GenerateOptions { size: Some(10) },
            seed + s,
        ) {
            let a = unique(&p).expect("generated puzzles are unique");
            out.push((p, a));
        }
    }
    out
}

#[test]
fn nonogram_sound_and_complete() {
    let mut rng = fastrand::Rng::with_seed(3);
    let (mut logic, mut contradiction) = (0, 0);
    // Few small random pictures need more than line logic (about one in two hundred), and the
    // generated puzzles' givens follow the search's second answers, so the sample is large
    // enough that both kinds occur whatever path the search takes.
    let all = nonograms(1000, 11);
    for (k, (p, answer)) in all.iter().enumerate() {
        let by_hints = check_puzzle(p, answer, &mut rng, &format!("nonogram #{k}"));
        let rated = p.solve(Mode::Unique, None).expect("solves").rating;
        let x = hint::explain(p, Some(answer));
        // The solver's logic phase is line logic: it completes exactly the puzzles the hints
        // finish with line rules alone; the contradiction finishes more.
        let line_only = by_hints && x.steps.iter().all(|s| s.rank <= nonogram::logic::LINE_RANK);
        assert_eq!(
            line_only,
            rated.as_deref() == Some("line logic"),
            "nonogram #{k}: hints and the rating disagree ({rated:?})"
        );
        if by_hints {
            assert_eq!(
                x.rating(),
                nonogram::logic::LADDER[x.steps.iter().map(|s| s.rank).max().unwrap_or(0) as usize]
                    .rating,
                "nonogram #{k}: the rating is the hardest rung"
            );
        }
        logic += usize::from(line_only);
        contradiction += usize::from(by_hints && !line_only);
    }
    assert!(
        logic > 20 && logic < all.len(),
        "{logic} of {} solved by line logic: both kinds should occur",
        all.len()
    );
    assert!(contradiction > 0, "no puzzle needed a one-cell contradiction");
}

/// The cells line logic reaches from the empty grid in the solver's logic phase.
fn solver_logic_phase(p: &Nonogram) -> Vec<nonogram::Cell> {
    let mut cells = p.start();
    let mut prop = nonogram::propagate::Propagator::new(p);
    prop.run_all(&mut cells).expect("a puzzle with an answer");
    cells
}

#[test]
fn nonogram_logic_phase_and_explanation_reach_the_same_grid() {
    // The solver's logic phase and the explanation run the same line rule: the explanation's
    // steps before its first contradiction reach exactly the solver's fixpoint, and every
    // contradiction is taken only where line logic is stuck.
    for (k, (p, answer)) in nonograms(120, 21).iter().enumerate() {
        let phase = solver_logic_phase(p);
        let x = hint::explain(p, Some(answer));
        let first = x
            .steps
            .iter()
            .position(|s| s.rank == nonogram::logic::CONTRADICTION_RANK)
            .unwrap_or(x.steps.len());
        let mut marks = Default::default();
        for s in &x.steps[..first] {
            hint::apply(&mut marks, s);
        }
        assert_eq!(
            nonogram::hint::cells_of(p, &marks),
            phase,
            "nonogram #{k}: the line steps and the solver's line logic differ"
        );
        // Line rules alone, through the engine, also stop at the same grid.
        assert!(
            matches!(
                nonogram::hint::next_step_upto(p, &marks, nonogram::logic::LINE_RANK),
                Hint::Stuck { .. } | Hint::Solved { .. }
            ),
            "nonogram #{k}"
        );
    }
}

#[test]
fn nonogram_contradiction_is_a_chain_of_lines_in_words() {
    let mut seen = 0;
    for (k, (p, answer)) in nonograms(150, 31).iter().enumerate() {
        let x = hint::explain(p, Some(answer));
        for s in x.steps.iter().filter(|s| s.rank == nonogram::logic::CONTRADICTION_RANK) {
            seen += 1;
            assert_eq!(s.rule, "One-cell contradiction");
            assert_eq!(s.cells.len(), 1, "#{k}: one cell");
            assert!(s.sentence.starts_with("Suppose row "), "#{k}: {}", s.sentence);
            assert!(s.sentence.contains("could not hold its clue"), "#{k}: {}", s.sentence);
            assert!(
                s.sentence.contains("So it is filled.") || s.sentence.contains("So it is empty."),
                "#{k}: {}",
                s.sentence
            );
            assert!(
                s.sentence.contains(&format!("at most {} lines", nonogram::logic::CHAIN_MAX)),
                "#{k}: the limit is stated: {}",
                s.sentence
            );
            // The figures are the chain's lines in order, the last the one without a placement.
            assert!(
                !s.figures.is_empty() && s.figures.len() <= nonogram::logic::CHAIN_MAX,
                "#{k}: {:?}",
                s.figures
            );
            assert!(
                s.figures.last().unwrap().label.ends_with("no placement"),
                "#{k}: {:?}",
                s.figures
            );
            assert_eq!(s.figures.len(), s.clues.len());
        }
    }
    assert!(seen > 0, "no contradiction step in 150 random puzzles");
}

/// The puzzles made for people in `tests/data/nonogram` (webpbn `.non` and the mikix
/// collections; sources and licences in the README there), 51 files.
pub(super) fn human_nonograms() -> Vec<(String, Nonogram)> {
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/nonogram");
    let mut files = Vec::new();
    let mut dirs = vec![data.join("webpbn"), data.join("mikix")];
    while let Some(d) = dirs.pop() {
        let rd = std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display()));
        for e in rd.flatten() {
            let path = e.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|x| x == "non") {
                files.push(path);
            }
        }
    }
    files.sort();
    assert_eq!(files.len(), 51, "the .non files under {}", data.display());
    files
        .into_iter()
        .map(|f| {
            let name = f.display().to_string();
            let text = std::fs::read_to_string(&f).unwrap_or_else(|e| panic!("{name}: {e}"));
            let e = Nonogram::read_collection(&text, &name)
                .unwrap_or_else(|e| panic!("{name}: {e}"))
                .into_iter()
                .next()
                .unwrap_or_else(|| panic!("{name}: no puzzle"));
            (name, e.puzzle)
        })
        .collect()
}

#[test]
fn nonogram_every_step_on_the_human_sets_agrees_with_the_answer() {
    // Every step of every explanation, contradictions included, applied to the proven answer,
    // and the line steps before the first contradiction reach the solver's logic phase's grid;
    // the big and slow ones are left to `puzzle explain` (this is a debug build).
    let mut checked = 0;
    for (name, p) in human_nonograms() {
        if p.width() * p.height() > 40 * 40 {
            continue;
        }
        let Some(answer) = unique(&p) else { continue };
        let text = answer_text(&p, &answer);
        let x = hint::explain(&p, Some(&answer));
        let mut marks = Default::default();
        let first = x
            .steps
            .iter()
            .position(|s| s.rank == nonogram::logic::CONTRADICTION_RANK)
            .unwrap_or(x.steps.len());
        for (k, s) in x.steps.iter().enumerate() {
            if k == first {
                // The line steps so far reach the solver's logic phase's grid.
                assert_eq!(
                    nonogram::hint::cells_of(&p, &marks),
                    solver_logic_phase(&p),
                    "{name}: the line steps and the solver's line logic differ"
                );
            }
            check_step::<Nonogram>(&text, &mut marks, s, &name);
        }
        if first == x.steps.len() {
            assert_eq!(
                nonogram::hint::cells_of(&p, &marks),
                solver_logic_phase(&p),
                "{name}: the explanation and the solver's line logic differ"
            );
        }
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} puzzles checked");
}

#[test]
fn nonogram_sentences_name_the_line() {
    // 5 wide, 2 high: rows 4 and 4, columns 2, 2, 2, 2, 0.
    let p = Nonogram::new(vec![vec![4], vec![4]], vec![vec![2], vec![2], vec![2], vec![2], vec![]])
        .expect("valid");
    let s = first_step(&p, &Default::default());
    assert_eq!(s.rule, "Empty line", "the simplest reason first: {s:?}");
    assert_eq!(
        s.sentence,
        "Column 5, clue 0: the column has no filled cell, so all of it is empty."
    );
    assert_eq!(s.cells, vec![4, 9]);
    assert_eq!(s.marks, vec![(4, 2), (9, 2)]);
    let mut m = Default::default();
    hint::apply(&mut m, &s);
    // Next an untouched column's overlap (before a row with a known cell).
    let s = first_step(&p, &m);
    assert_eq!(s.rule, "Overlap", "{s:?}");
    assert!(
        s.sentence.starts_with("Column 1, clue 2: wherever the 2 sits, cells 1 and 2 are filled"),
        "{}",
        s.sentence
    );
    // A finished line: row 1 of a puzzle whose 1 is placed.
    let p = Nonogram::new(vec![vec![1], vec![1]], vec![vec![1], vec![1], vec![]]).expect("valid");
    let s = first_step(&p, &bytes(&[1, 0, 0, 0, 0, 0]));
    assert_eq!(s.rank, 0, "a finished or empty line first: {s:?}");
    let s = first_step(&p, &bytes(&[1, 0, 2, 0, 0, 2]));
    assert_eq!(s.rule, "Finished line", "{s:?}");
    assert_eq!(
        s.sentence,
        "Row 1, clue 1: the 1 is already placed, so the rest of the row is empty (cell 2)."
    );
    assert_eq!(s.reasons, vec![0, 2]);
    // A known cell limits the 2 to one start: simple boxes (rank 2), before line logic.
    let p = Nonogram::new(vec![vec![2], vec![1]], vec![vec![1], vec![1], vec![1]]).expect("valid");
    let s = first_step(&p, &bytes(&[0, 0, 2, 0, 0, 0]));
    assert_eq!(s.rule, "Simple boxes and spaces", "{s:?}");
    assert_eq!(s.rank, nonogram::logic::SIMPLE_RANK);
    assert_eq!(
        s.sentence,
        "Row 1, clue 2: the known cells limit where each run can start; the 2 can only start at cell 1, so it covers cells 1 and 2 wherever it starts (simple boxes)."
    );
    assert_eq!(s.reasons, vec![2]);
}

#[test]
fn nonogram_overlap_draws_the_extreme_placements() {
    // A 5-wide row with clue 4 and nothing known: cells 2 to 4 by overlap.
    let p =
        Nonogram::new(vec![vec![4], vec![1]], vec![vec![1], vec![1], vec![1], vec![1], vec![1]])
            .expect("valid");
    let s = first_step(&p, &Default::default());
    assert_eq!(s.rule, "Overlap", "{s:?}");
    assert_eq!(s.cells, vec![1, 2, 3]);
    assert!(
        s.sentence.starts_with("Row 1, clue 4: wherever the 4 sits, cells 2 to 4 are filled"),
        "{}",
        s.sentence
    );
    assert_eq!(s.figures[0].cells, vec![0, 1, 2, 3]);
    assert_eq!(s.figures[1].cells, vec![1, 2, 3, 4]);
}
