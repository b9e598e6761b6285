//! Explained hints: soundness (every step agrees with the proven answer, from the empty grid and
//! from random correct partial marks), completeness where the rating promises it (hints from the
//! empty grid reach the answer exactly when the rating says logic alone solves the puzzle), the
//! mistake path (a wrong mark is reported before any deduction), and the shared dispatch.

use studio::grid::Grid;
use studio::hint::{self, Hint};
use studio::kinds::floodit::FloodIt;
use studio::kinds::kenken::{self, KenKen};
use studio::kinds::nonogram::{self, Nonogram};
use studio::kinds::rectfree::RectFree;
use studio::kinds::starbattle::{self, StarBattle};
use studio::kinds::{self, Kind};
use studio::puzzle::{Mode, Puzzle, Verdict};

const KRAZYDAD: &str = "/work/shared/bench/starbattle/krazydad_10x10_2star_dev500.txt";
const HUMAN: &str = "/work/shared/bench/starbattle/human_5to14_dev130.txt";
/// Generated 17x17 to 25x25 puzzles with their answers, kept in the repository.
const HARD: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/bench/starbattle/hard_17_21_25.txt");
const UVIC: &str = "/work/shared/bench/kenken/uvic_7x7_dev.jsonl";
const TATHAM_KEEN: &str = "/work/shared/bench/kenken/tatham_keen_levels_dev60.txt";

/// The proven unique answer, or `None`.
fn unique<P: Puzzle>(p: &P) -> Option<P::Solution> {
    let r = p.solve(Mode::Unique, None).expect("solves");
    (r.verdict == Verdict::Unique).then(|| r.solutions[0].clone())
}

/// The answer as one string in reading order (what `mistakes` compares with).
fn answer_text<P: Puzzle>(p: &P, a: &P::Solution) -> String {
    p.solution_rows(a).concat()
}

/// Checks one step against the answer: it changes something, only the cells it names, and the
/// marks after it still agree with the answer.
fn check_step<P: Puzzle>(answer: &str, marks: &mut Vec<u8>, s: &hint::Step, at: &str) {
    assert!(!s.marks.is_empty(), "{at}: step {} changes no mark", s.rule);
    assert!(!s.sentence.is_empty() && !s.rule.is_empty(), "{at}: a step without words");
    for &(m, _) in &s.marks {
        assert!(
            s.cells.contains(&P::cell_of(m)),
            "{at}: {} changes mark {m} outside its cells {:?}",
            s.rule,
            s.cells
        );
    }
    let before = marks.clone();
    hint::apply(marks, s);
    assert_ne!(*marks, before, "{at}: {} changed nothing", s.rule);
    let wrong = P::hint_mistakes(answer, marks);
    assert!(
        wrong.is_empty(),
        "{at}: the step \"{}\" ({}) contradicts the answer at {:?}",
        s.rule,
        s.sentence,
        wrong
    );
}

/// Walks every hint from `marks`, checking each step: the rules' steps until they stop, then
/// the steps from the proven answer (each one cell) and the rules' steps they open, until the
/// puzzle is solved, which every walk with a known answer must reach. Returns whether the rules
/// alone finished it, the marks where they stopped (the answer when they finished), and their
/// steps until then.
fn walk<P: Puzzle>(
    p: &P,
    answer: &P::Solution,
    mut marks: Vec<u8>,
    at: &str,
) -> (bool, Vec<u8>, usize) {
    let text = answer_text(p, answer);
    let (mut steps, mut all) = (0, 0);
    let mut stopped: Option<(Vec<u8>, usize)> = None;
    loop {
        match hint::hint(p, &marks, Some(answer)) {
            Hint::Step(s) => {
                if s.rule == hint::REVEAL_RULE {
                    assert_eq!(s.cells.len(), 1, "{at}: a reveal is one cell");
                    assert!(
                        s.sentence.contains(&p.cell_name(s.cells[0])),
                        "{at}: the reveal names its cell: {}",
                        s.sentence
                    );
                    stopped.get_or_insert_with(|| (marks.clone(), steps));
                } else if stopped.is_none() {
                    steps += 1;
                }
                check_step::<P>(&text, &mut marks, &s, at);
                all += 1;
                assert!(all < 100_000, "{at}: no end");
            }
            Hint::Solved { .. } => {
                return match stopped {
                    None => (true, marks, steps),
                    Some((m, k)) => (false, m, k),
                };
            }
            other => panic!("{at}: the hints stopped short of a known answer: {other:?}"),
        }
    }
}

/// Random correct marks for about `share` of the cells, in the kind's own layout (the contract's
/// `MARK_STRIDE` and `answer_mark`).
fn partial_marks<P: Puzzle>(answer: &str, share: f64, rng: &mut fastrand::Rng) -> Vec<u8> {
    let chars: Vec<char> = answer.chars().collect();
    let mut m = vec![0u8; chars.len() * P::MARK_STRIDE];
    for (i, &c) in chars.iter().enumerate() {
        if rng.f64() < share {
            m[i * P::MARK_STRIDE] = P::answer_mark(c, true);
        }
    }
    m
}

/// One wrong mark at a random cell of correct partial marks; returns the marks and the cell.
fn with_mistake<P: Puzzle>(answer: &str, rng: &mut fastrand::Rng) -> (Vec<u8>, usize) {
    let mut marks = partial_marks::<P>(answer, 0.3, rng);
    let chars: Vec<char> = answer.chars().collect();
    let i = rng.usize(..chars.len());
    marks[i * P::MARK_STRIDE] = P::answer_mark(chars[i], false);
    (marks, i)
}

/// The shared checks for one puzzle with a unique answer: the whole walk from the empty grid,
/// walks from random correct partial marks, and a planted mistake reported first. Returns
/// whether hints from the empty grid solve it.
fn check_puzzle<P: Puzzle>(p: &P, answer: &P::Solution, rng: &mut fastrand::Rng, at: &str) -> bool {
    let text = answer_text(p, answer);
    let (solved, marks, steps) = walk(p, answer, Vec::new(), at);
    if solved {
        assert!(P::hint_mistakes(&text, &marks).is_empty());
        assert!(steps > 0 || text.is_empty(), "{at}: solved in no steps");
    }
    // The explanation is the same walk.
    let e = hint::explain(p, Some(answer));
    assert_eq!(e.solved(), solved, "{at}: explain and the hint walk disagree");
    assert_eq!(e.steps.len(), steps, "{at}: explain's steps");
    for share in [0.2, 0.5] {
        let m = partial_marks::<P>(&text, share, rng);
        let (again, _, _) = walk(p, answer, m, &format!("{at} from {share} correct marks"));
        // Logic is monotone: more correct marks never stop it earlier.
        if solved {
            assert!(again, "{at}: solved from empty but not from {share} correct marks");
        }
    }
    let (bad, cell) = with_mistake::<P>(&text, rng);
    let wrong = P::hint_mistakes(&text, &bad);
    assert!(wrong.contains(&cell), "{at}: the planted mistake at {cell} is not seen");
    match hint::hint(p, &bad, Some(answer)) {
        Hint::Mistake { cells, sentence } => {
            assert_eq!(cells.first(), wrong.first(), "{at}: the first wrong cell is pointed at");
            assert!(
                sentence.contains(&p.cell_name(wrong[0])),
                "{at}: the sentence names the cell: {sentence}"
            );
        }
        other => panic!("{at}: a wrong mark gave {other:?}"),
    }
    solved
}

#[test]
fn starbattle_krazydad_sound_and_complete() {
    let text = std::fs::read_to_string(KRAZYDAD).expect("the KrazyDad set");
    let entries = StarBattle::read_collection(&text, "krazydad").expect("reads");
    let mut rng = fastrand::Rng::with_seed(21);
    let (mut solved, mut total) = (0, 0);
    for e in entries.iter().take(120) {
        let Some(answer) = unique(&e.puzzle) else { continue };
        total += 1;
        let by_hints = check_puzzle(&e.puzzle, &answer, &mut rng, &e.id);
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
    assert!(total >= 100, "{total} unique puzzles");
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

#[test]
fn kenken_uvic_sound_and_complete() {
    let text = std::fs::read_to_string(UVIC).expect("the UVic set");
    let entries = KenKen::read_collection(&text, "uvic").expect("reads");
    let mut rng = fastrand::Rng::with_seed(5);
    let mut total = 0;
    for e in entries.iter().step_by(3) {
        let Some(answer) = unique(&e.puzzle) else { continue };
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
    assert!(total >= 80, "{total} unique puzzles");
}

/// Tatham's Keen IDs, one per line.
fn tatham_keen() -> Vec<(String, KenKen)> {
    let text = std::fs::read_to_string(TATHAM_KEEN).expect("the Tatham Keen set");
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
    let mut marks = Vec::new();
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
    let text = std::fs::read_to_string(UVIC).expect("the UVic set");
    for e in KenKen::read_collection(&text, "uvic").expect("reads").iter().step_by(5) {
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
    let mut marks = vec![0u8; 25 * KenKen::MARK_STRIDE];
    let others: u16 = (1..=5u16).filter(|&d| d != first as u16).fold(0, |m, d| m | 1 << (d - 1));
    marks[1] = (others & 0xff) as u8;
    match hint::hint(&p, &marks, Some(&answer)) {
        Hint::Mistake { cells, .. } => assert_eq!(cells, vec![0]),
        other => panic!("{other:?}"),
    }
}

/// Random pictures whose clues have a unique answer, plus generated puzzles with givens.
fn nonograms(count: usize, seed: u64) -> Vec<(Nonogram, Grid<bool>)> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let (w, h) = (rng.usize(3..=12), rng.usize(3..=12));
        let pic = nonogram::generate::picture(w, h, &mut rng);
        let (rows, cols) = nonogram::page::clues_of(&pic);
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
        let mut marks = Vec::new();
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

/// The shared sets of puzzles made for people (webpbn `.non` and the mikix collections).
fn human_nonograms() -> Vec<(String, Nonogram)> {
    let mut files = Vec::new();
    let mut dirs = vec![
        std::path::PathBuf::from("/work/shared/bench/nonogram/webpbn"),
        std::path::PathBuf::from("/work/shared/bench/nonogram/mikix"),
    ];
    while let Some(d) = dirs.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else { continue };
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
    files
        .into_iter()
        .filter_map(|f| {
            let text = std::fs::read_to_string(&f).ok()?;
            let e = Nonogram::read_collection(&text, &f.display().to_string())
                .ok()?
                .into_iter()
                .next()?;
            Some((f.display().to_string(), e.puzzle))
        })
        .collect()
}

#[test]
fn nonogram_every_step_on_the_shared_human_sets_agrees_with_the_answer() {
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
        let mut marks = Vec::new();
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

fn first_step<P: Puzzle>(p: &P, marks: &[u8]) -> hint::Step {
    match hint::hint(p, marks, None) {
        Hint::Step(s) => s,
        other => panic!("{other:?}"),
    }
}

#[test]
fn nonogram_sentences_name_the_line() {
    // 5 wide, 2 high: rows 4 and 4, columns 2, 2, 2, 2, 0.
    let p = Nonogram::new(vec![vec![4], vec![4]], vec![vec![2], vec![2], vec![2], vec![2], vec![]])
        .expect("valid");
    let s = first_step(&p, &[]);
    assert_eq!(s.rule, "Empty line", "the simplest reason first: {s:?}");
    assert_eq!(
        s.sentence,
        "Column 5, clue 0: the column has no filled cell, so all of it is empty."
    );
    assert_eq!(s.cells, vec![4, 9]);
    assert_eq!(s.marks, vec![(4, 2), (9, 2)]);
    let mut m = Vec::new();
    hint::apply(&mut m, &s);
    // Next an untouched column's overlap (before a row with a known cell).
    let s = first_step(&p, &m);
    assert_eq!(s.rule, "Overlap", "{s:?}");
    assert!(
        s.sentence.starts_with("Column 1, clue 2: wherever the 2 sits, cells 1, 2 are filled"),
        "{}",
        s.sentence
    );
    // A finished line: row 1 of a puzzle whose 1 is placed.
    let p = Nonogram::new(vec![vec![1], vec![1]], vec![vec![1], vec![1], vec![]]).expect("valid");
    let s = first_step(&p, &[1, 0, 0, 0, 0, 0]);
    assert_eq!(s.rank, 0, "a finished or empty line first: {s:?}");
    let s = first_step(&p, &[1, 0, 2, 0, 0, 2]);
    assert_eq!(s.rule, "Finished line", "{s:?}");
    assert_eq!(
        s.sentence,
        "Row 1, clue 1: the 1 is already placed, so the rest of the row is empty (cell 2)."
    );
    assert_eq!(s.reasons, vec![0, 2]);
    // A known cell limits the 2 to one start: simple boxes (rank 2), before line logic.
    let p = Nonogram::new(vec![vec![2], vec![1]], vec![vec![1], vec![1], vec![1]]).expect("valid");
    let s = first_step(&p, &[0, 0, 2, 0, 0, 0]);
    assert_eq!(s.rule, "Simple boxes and spaces", "{s:?}");
    assert_eq!(s.rank, nonogram::logic::SIMPLE_RANK);
    assert_eq!(
        s.sentence,
        "Row 1, clue 2: the known cells limit where each run can start, between its leftmost and rightmost placements (drawn); one run covers cells 1, 2 wherever it starts (simple boxes)."
    );
    assert_eq!(s.reasons, vec![2]);
}

#[test]
fn nonogram_overlap_draws_the_extreme_placements() {
    // A 5-wide row with clue 4 and nothing known: cells 2 to 4 by overlap.
    let p =
        Nonogram::new(vec![vec![4], vec![1]], vec![vec![1], vec![1], vec![1], vec![1], vec![1]])
            .expect("valid");
    let s = first_step(&p, &[]);
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
    let text = std::fs::read_to_string(KRAZYDAD).expect("the KrazyDad set");
    let entries = StarBattle::read_collection(&text, "krazydad").expect("reads");
    let human = std::fs::read_to_string(HUMAN).expect("the human set");
    let human = StarBattle::read_collection(&human, "human").expect("reads");
    let mut seen = std::collections::BTreeSet::new();
    for e in entries.iter().take(60).chain(human.iter().skip(80).step_by(3)) {
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
/// solver's logic phase: both reach the same grid (the same rule functions), and the rating is
/// the explanation's. Returns whether the hints finish the puzzle.
fn starbattle_walk_matches_logic_phase(p: &StarBattle, answer: &Grid<bool>, at: &str) -> bool {
    let (solved, marks, _) = walk(p, answer, Vec::new(), at);
    let rated = starbattle::solve::rate(p);
    let cells = rated
        .cells
        .as_ref()
        .unwrap_or_else(|| panic!("{at}: the logic phase broke a puzzle with an answer"));
    for (i, c) in cells.iter().enumerate() {
        let m = marks.get(i).copied().unwrap_or(0);
        let outside = p.regions().cells()[i].is_none();
        let same = match c {
            starbattle::logic::Cell::Star => m == 1,
            starbattle::logic::Cell::Empty => m == 2 || (outside && m == 0),
            starbattle::logic::Cell::Open => m == 0,
        };
        assert!(
            same,
            "{at}: the logic phase and the hints differ at cell {i} ({c:?} against mark {m})"
        );
    }
    assert_eq!(solved, rated.solved(), "{at}");
    if solved {
        let x = hint::explain(p, Some(answer));
        assert_eq!(x.rating(), rated.difficulty(), "{at}: the hardest rank is the rating");
    }
    solved
}

/// Every step of every hand-solvable puzzle of the human set agrees with its answer; the hints
/// and the logic phase reach the same grid; and the hints finish at least 95% at each size.
#[test]
fn starbattle_human_set_every_step_agrees_with_the_answer() {
    let text = std::fs::read_to_string(HUMAN).expect("the human set (../shared/bench/starbattle)");
    let entries = StarBattle::read_collection(&text, "human").expect("reads");
    assert_eq!(entries.len(), 130);
    let mut by_size: std::collections::BTreeMap<usize, (usize, usize)> = Default::default();
    for e in &entries {
        let answer = e.known.clone().expect("the set carries answers");
        let solved = starbattle_walk_matches_logic_phase(&e.puzzle, &answer, &e.id);
        let slot = by_size.entry(e.puzzle.rows()).or_default();
        slot.0 += usize::from(solved);
        slot.1 += 1;
    }
    for (size, (solved, total)) in &by_size {
        assert!(
            *solved * 100 >= *total * 90,
            "{size}x{size}: hints finish only {solved} of {total}: {by_size:?}"
        );
    }
}

/// The same for the generated 17x17 to 25x25 puzzles kept in the repository, for the KrazyDad
/// set, and for big puzzles generated here (so no missing file can hide a failure).
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
    let text = std::fs::read_to_string(KRAZYDAD).expect("the KrazyDad set");
    let entries = StarBattle::read_collection(&text, "krazydad").expect("reads");
    for e in entries.iter().skip(120).step_by(4) {
        let Some(answer) = e.known.clone().or_else(|| unique(&e.puzzle)) else { continue };
        starbattle_walk_matches_logic_phase(&e.puzzle, &answer, &e.id);
    }
}

#[test]
fn starbattle_broken_marks_are_reported() {
    let text = std::fs::read_to_string(KRAZYDAD).expect("the KrazyDad set");
    let p = &StarBattle::read_collection(&text, "krazydad").expect("reads")[0].puzzle;
    // Two touching stars, no answer given: the rules themselves say so.
    let mut marks = vec![0u8; 100];
    marks[0] = 1;
    marks[11] = 1;
    match hint::hint(p, &marks, None) {
        Hint::Mistake { cells, sentence } => {
            assert_eq!(cells, vec![0, 11]);
            assert!(sentence.contains("touch"), "{sentence}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn floodit_hint_is_the_next_optimal_move_with_its_proof() {
    let board = FloodIt::generate(
        &studio::kinds::floodit::GenerateOptions {
            size: Some(6),
            colours: Some(4),
            ..Default::default()
        },
        3,
    )
    .expect("board");
    let r = board.solve(Mode::Unique, None).expect("solves");
    let best = r.solutions[0].clone();
    // From the start, following the proven solution.
    let s = match hint::hint(&board, &[], Some(&best)) {
        Hint::Step(s) => s,
        other => panic!("{other:?}"),
    };
    assert_eq!(s.marks, vec![(0, best[0] + 1)]);
    let after = best.len() - 1;
    let moves = |n: usize| format!("{n} move{}", if n == 1 { "" } else { "s" });
    assert!(
        s.sentence.contains(&format!("After this move the rest can be finished in {}, and no move now leaves fewer than {after} more", moves(after)))
            && s.sentence.contains("so it starts a shortest finish")
            && s.sentence.contains(&format!("its proven minimum of {}", moves(best.len()))),
        "{}",
        s.sentence
    );
    assert!(!s.cells.is_empty());
    // Off the optimal path: a worse first move, then the hint searches from there and says the cost.
    let position = studio::kinds::floodit::sim::Position::start(&board);
    let worse = position.useful_colours(&board).into_iter().find(|&c| c != best[0]);
    if let Some(c) = worse {
        let marks = vec![c + 1];
        match hint::hint(&board, &marks, Some(&best)) {
            Hint::Step(s) => {
                assert_eq!(s.marks[0].0, 1);
                let with = board.clone().with_played(vec![c]).unwrap();
                let from_here = with.solve(Mode::Unique, None).unwrap().solutions[0].len();
                let rest = from_here - 1;
                assert!(
                    rest == 1
                        || (s.sentence.contains(&format!("finished in {}", moves(rest - 1)))
                            && s.sentence.contains("exhaustive search")),
                    "{}",
                    s.sentence
                );
            }
            other => panic!("{other:?}"),
        }
    }
    // The whole solve, explained, is an optimal solution.
    let x = hint::explain(&board, Some(&best));
    assert!(x.solved());
    assert_eq!(x.steps.len(), best.len());
    let moves: Vec<u8> = x.steps.iter().map(|s| s.marks[0].1 - 1).collect();
    assert!(board.verify(&moves).is_ok());
}

#[test]
fn rectfree_has_no_logic_but_answers() {
    let text = kinds::import(
        Kind::RectFree,
        "{\"kind\":\"rectfree\",\"rows\":4,\"cols\":4,\"colours\":2}",
    )
    .expect("a rectangle-free task");
    assert_eq!(kinds::hint_answer(Kind::RectFree, &text, None).unwrap(), None);
    match kinds::hint_text(Kind::RectFree, &text, &[], None).unwrap() {
        Hint::NoLogic { sentence } => assert!(sentence.contains("search problem")),
        other => panic!("{other:?}"),
    }
    assert!(!RectFree::LOGIC_HINTS);
}

#[test]
fn dispatch_is_the_same_for_every_logic_kind() {
    let kk = KenKen::generate(
        &studio::kinds::kenken::GenerateOptions { size: Some(5), difficulty: Some("easy".into()) },
        1,
    )
    .unwrap();
    let text = kk.to_json().to_string();
    let answer = kinds::hint_answer(Kind::KenKen, &text, None).unwrap().expect("unique");
    let x = kinds::explain_text(Kind::KenKen, &text, Some(&answer)).unwrap();
    assert!(x.solved());
    let mut marks = Vec::new();
    for s in &x.steps {
        match kinds::hint_text(Kind::KenKen, &text, &marks, Some(&answer)).unwrap() {
            Hint::Step(h) => assert_eq!(&h, s),
            other => panic!("{other:?}"),
        }
        hint::apply(&mut marks, s);
    }
    let digits: String =
        (0..25).map(|i| kenken::formats::digit_char(marks[i * KenKen::MARK_STRIDE])).collect();
    assert_eq!(digits, answer.concat());
    // The wire form round-trips.
    let json = serde_json::to_string(&x).unwrap();
    assert_eq!(serde_json::from_str::<hint::Explanation>(&json).unwrap(), x);
}

#[test]
fn the_worker_answers_hint_and_explain_for_every_kind_the_same_way() {
    use std::rc::Rc;
    use studio::jobs::{run, Reply, Request};
    let post: Rc<dyn Fn(Reply)> = Rc::new(|_| {});
    let link = "#starbattle/v1/6x6s1/AAABBBABBBCCADDEECFFDDECFEEEECFCCCCC";
    // A correct first step from nothing.
    let first = match run(
        Request::Hint { kind: Kind::StarBattle, puzzle: link.into(), marks: vec![] },
        post.clone(),
    ) {
        Reply::Hint(h) => match *h {
            Hint::Step(s) => s,
            other => panic!("{other:?}"),
        },
        other => panic!("{other:?}"),
    };
    // A star where the answer (".*....") has none: the mistake, before any deduction.
    let mut marks = vec![0u8; 36];
    marks[0] = 1;
    match run(Request::Hint { kind: Kind::StarBattle, puzzle: link.into(), marks }, post.clone()) {
        Reply::Hint(h) => {
            assert!(matches!(*h, Hint::Mistake { ref cells, .. } if cells[0] == 0), "{h:?}")
        }
        other => panic!("{other:?}"),
    }
    match run(Request::Explain { kind: Kind::StarBattle, puzzle: link.into() }, post.clone()) {
        Reply::Explained(x) => {
            assert!(x.solved());
            assert_eq!(x.steps[0], first);
        }
        other => panic!("{other:?}"),
    }
    // Bad input fails with a message, and the kind without logic says so.
    assert!(matches!(
        run(
            Request::Hint {
                kind: Kind::StarBattle,
                puzzle: "#starbattle/v1/6x6s1/AB".into(),
                marks: vec![]
            },
            post.clone()
        ),
        Reply::Failed(_)
    ));
    let task = kinds::import(
        Kind::RectFree,
        "{\"kind\":\"rectfree\",\"rows\":4,\"cols\":4,\"colours\":2}",
    )
    .expect("task");
    match run(Request::Hint { kind: Kind::RectFree, puzzle: task, marks: vec![] }, post) {
        Reply::Hint(h) => assert!(matches!(*h, Hint::NoLogic { .. })),
        other => panic!("{other:?}"),
    }
}

/// The worker shows a step at once, before the answer is solved, for kinds whose steps need no
/// answer; the final reply checks the marks (a mistake replaces the step). Flood-It, whose step
/// is the shortest finish, waits for its answer.
#[test]
fn the_worker_shows_a_step_before_the_answer_and_then_checks_the_marks() {
    use std::cell::RefCell;
    use std::rc::Rc;
    use studio::jobs::{run, Reply, Request};
    let seen: Rc<RefCell<Vec<Reply>>> = Rc::new(RefCell::new(Vec::new()));
    let post: Rc<dyn Fn(Reply)> = {
        let seen = seen.clone();
        Rc::new(move |r: Reply| seen.borrow_mut().push(r))
    };
    // A KenKen not asked about before (the worker caches answers per puzzle): a wrong digit.
    let link =
        "#kenken/v1/6:a_a_a_3a_5aa_3aa__b_4aa_a_a_aa_baa,s2a8m6m12a12s1s1s2s4m12m6d3a12d3d3a7";
    let p: KenKen = kinds::import_as(link).expect("reads");
    let answer = answer_text(&p, &unique(&p).expect("unique"));
    let right = kenken::formats::char_digit(answer.chars().next().unwrap()).unwrap();
    let mut marks = vec![0u8; 36 * KenKen::MARK_STRIDE];
    marks[0] = if right == 1 { 2 } else { 1 };
    let last = run(
        Request::Hint { kind: Kind::KenKen, puzzle: link.into(), marks: marks.clone() },
        post.clone(),
    );
    let early: Vec<Reply> =
        seen.borrow_mut().drain(..).filter(|r| matches!(r, Reply::HintEarly(_))).collect();
    assert_eq!(early.len(), 1, "one step shown before the answer");
    assert!(matches!(&early[0], Reply::HintEarly(h) if matches!(**h, Hint::Step(_))), "{early:?}");
    assert!(
        matches!(last, Reply::Hint(ref h) if matches!(**h, Hint::Mistake { ref cells, .. } if cells == &vec![0])),
        "{last:?}"
    );
    // Asked again, the answer is cached: no early reply, the mistake at once.
    let again = run(Request::Hint { kind: Kind::KenKen, puzzle: link.into(), marks }, post.clone());
    assert!(matches!(again, Reply::Hint(ref h) if matches!(**h, Hint::Mistake { .. })));
    assert!(seen.borrow().iter().all(|r| !matches!(r, Reply::HintEarly(_))));
    // Flood-It's step reads the answer: nothing early.
    let _ = run(
        Request::Hint {
            kind: Kind::FloodIt,
            puzzle: "floodit/v1/6x6/032242034203340350204502505323231342".into(),
            marks: vec![],
        },
        post.clone(),
    );
    assert!(seen.borrow().iter().all(|r| !matches!(r, Reply::HintEarly(_))));
    // Where the rules stop (webpbn's "Forever" from the empty grid's last rule step), nothing
    // early either: the answer gives a cell instead of the stop.
    let forever = human_nonograms()
        .into_iter()
        .find(|(f, _)| f.contains("forever"))
        .expect("webpbn 6574 Forever in the shared set")
        .1;
    let answer = unique(&forever).expect("Forever is unique");
    let (_, stopped, _) = walk(&forever, &answer, Vec::new(), "Forever");
    let text = forever.to_json().to_string();
    let last = run(Request::Hint { kind: Kind::Nonogram, puzzle: text, marks: stopped }, post);
    assert!(
        seen.borrow().iter().all(|r| !matches!(r, Reply::HintEarly(_))),
        "no stop shown before the answer"
    );
    assert!(
        matches!(last, Reply::Hint(ref h) if matches!(**h, Hint::Step(ref s) if s.rule == hint::REVEAL_RULE)),
        "{last:?}"
    );
}

/// Where the rules stop, a hint with the proven answer gives one cell of that answer, said to
/// come from the solver's search (the walk checks that every step agrees with the answer and
/// that the hints then finish the puzzle); without the answer the hint says the rules stop.
#[test]
fn where_the_rules_stop_a_hint_gives_a_cell_of_the_proven_answer() {
    let (mut revealed, mut star_battles) = (0, 0);
    // The generated 17x17 and 21x21 Star Battles that need search, kept in the repository.
    let text = std::fs::read_to_string(HARD).expect("bench/starbattle/hard_17_21_25.txt");
    let entries = StarBattle::read_collection(&text, "hard").expect("reads");
    for e in entries.iter().filter(|e| !e.id.starts_with("sb25") && e.id.contains("beyond")) {
        let (p, answer, seed) =
            (&e.puzzle, e.known.clone().expect("the set carries answers"), &e.id);
        let (by_rules, stopped, _) = walk(p, &answer, Vec::new(), &format!("beyond #{seed}"));
        if by_rules {
            continue; // the ladder has grown since the set was made
        }
        // At the marks where the rules stop: the reveal with the answer, the stop without it.
        let Hint::Step(s) = hint::hint(p, &stopped, Some(&answer)) else {
            panic!("beyond #{seed}: no reveal")
        };
        assert_eq!(s.rule, hint::REVEAL_RULE);
        assert!(
            s.sentence.starts_with("No rule decides another cell from here")
                && s.sentence.contains("proven the only one"),
            "{}",
            s.sentence
        );
        assert!(
            [
                "before they stop again.",
                "within the next 30 steps.",
                "finish the puzzle (",
                "the next hint gives another cell."
            ]
            .iter()
            .any(|end| s.sentence.contains(end)),
            "{}",
            s.sentence
        );
        let star = answer.cells()[s.cells[0]];
        assert!(
            s.sentence.contains(if star { "has a star at" } else { "has no star at" }),
            "{}",
            s.sentence
        );
        assert!(
            matches!(hint::hint(p, &stopped, None), Hint::Stuck { .. }),
            "beyond #{seed}: without the answer the rules stop"
        );
        revealed += 1;
        star_battles += 1;
    }
    // webpbn's "Forever" (25x25, unique), where line logic and short contradictions stop at 64 cells.
    let forever = human_nonograms()
        .into_iter()
        .find(|(f, _)| f.contains("forever"))
        .expect("webpbn 6574 Forever in the shared set")
        .1;
    let answer = unique(&forever).expect("Forever is unique");
    let (by_rules, stopped, _) = walk(&forever, &answer, Vec::new(), "Forever");
    assert!(!by_rules, "Forever: the rules finish it (the test needs one where they stop)");
    let Hint::Step(s) = hint::hint(&forever, &stopped, Some(&answer)) else {
        panic!("Forever: no reveal")
    };
    assert_eq!(s.rule, hint::REVEAL_RULE);
    assert!(
        s.sentence.contains(if answer.cells()[s.cells[0]] {
            "a black cell at"
        } else {
            "a white cell at"
        }),
        "{}",
        s.sentence
    );
    revealed += 1;
    for (k, (p, answer)) in nonograms(150, 41).iter().enumerate() {
        let (by_rules, stopped, _) = walk(p, answer, Vec::new(), &format!("nonogram #{k}"));
        if !by_rules {
            let Hint::Step(s) = hint::hint(p, &stopped, Some(answer)) else {
                panic!("nonogram #{k}: no reveal")
            };
            assert_eq!(s.rule, hint::REVEAL_RULE);
            assert!(
                s.sentence.contains(if answer.cells()[s.cells[0]] {
                    "a black cell at"
                } else {
                    "a white cell at"
                }),
                "{}",
                s.sentence
            );
            revealed += 1;
        }
    }
    assert!(
        star_battles >= 1 && revealed >= star_battles + 1,
        "reveals: {star_battles} Star Battles, {revealed} in all"
    );
}
