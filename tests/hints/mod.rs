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
use studio::marks::Marks;
use studio::play::Playable;
use studio::puzzle::{Mode, Puzzle, Verdict};

// The sets below are in tests/data (sources and licences in its README), read with `data`.
/// 10x10 two-star puzzles from the studio's generator, levels taking turns, with answers.
const SB10: &str = "starbattle/generated_10x10_2star.txt";
/// 5x5 to 14x14 puzzles from the studio's generator at its harder levels, with answers.
const SB_SIZES: &str = "starbattle/generated_5to14.txt";
/// 300 7x7 Keen IDs from Tatham's generator, 30 at each level with and without mult-only.
const KEEN7: &str = "kenken/tatham_keen_7x7_levels300.txt";
/// 60 Keen IDs from Tatham's generator: 9x9 at four levels, 7x7 and 6x6 at Extreme.
const TATHAM_KEEN: &str = "kenken/tatham_keen_levels_dev60.txt";
/// Generated 17x17 to 25x25 puzzles with their answers, kept in the repository.
const HARD: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/bench/starbattle/hard_17_21_25.txt");

/// The text of a file of `tests/data`; a missing file fails the test with its path.
fn data(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

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
fn check_step<P: Playable>(answer: &str, marks: &mut P::Marks, s: &hint::Step, at: &str) {
    assert!(!s.marks.is_empty(), "{at}: step {} changes no mark", s.rule);
    assert!(!s.sentence.is_empty() && !s.rule.is_empty(), "{at}: a step without words");
    for &(m, _) in &s.marks {
        assert!(
            s.cells.contains(&P::Marks::edit_cell(m)),
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
/// the reveals (each one cell: a contradiction chain, or the proven answer's value) and the rules' steps they open, until the
/// puzzle is solved, which every walk with a known answer must reach. Returns whether the rules
/// alone finished it, the marks where they stopped (the answer when they finished), and their
/// steps until then.
fn walk<P: Playable>(
    p: &P,
    answer: &P::Solution,
    mut marks: P::Marks,
    at: &str,
) -> (bool, P::Marks, usize) {
    let text = answer_text(p, answer);
    let (mut steps, mut all) = (0, 0);
    let mut stopped: Option<(P::Marks, usize)> = None;
    loop {
        match hint::hint(p, &marks, Some(answer)) {
            Hint::Step(s) => {
                if s.rule == hint::REVEAL_RULE || s.rule == hint::chain::CHAIN_RULE {
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
/// `answer_mark`, written with its marks' `place`).
fn partial_marks<P: Playable>(answer: &str, share: f64, rng: &mut fastrand::Rng) -> P::Marks {
    let mut m = P::Marks::default();
    for (i, c) in answer.chars().enumerate() {
        if rng.f64() < share {
            m.apply(&P::Marks::place(i, P::answer_mark(c, true)));
        }
    }
    m
}

/// One wrong mark at a random cell of correct partial marks; returns the marks and the cell.
fn with_mistake<P: Playable>(answer: &str, rng: &mut fastrand::Rng) -> (P::Marks, usize) {
    let mut marks = partial_marks::<P>(answer, 0.3, rng);
    let chars: Vec<char> = answer.chars().collect();
    let i = rng.usize(..chars.len());
    marks.apply(&P::Marks::place(i, P::answer_mark(chars[i], false)));
    (marks, i)
}

/// The shared checks for one puzzle with a unique answer: the whole walk from the empty grid,
/// walks from random correct partial marks, and a planted mistake reported first. Returns
/// whether hints from the empty grid solve it.
fn check_puzzle<P: Playable>(
    p: &P,
    answer: &P::Solution,
    rng: &mut fastrand::Rng,
    at: &str,
) -> bool {
    let text = answer_text(p, answer);
    let (solved, marks, steps) = walk(p, answer, P::Marks::default(), at);
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

/// Marks written in their byte form (one byte a cell, or KenKen's three), read as the kind's.
fn bytes<M: Marks>(b: &[u8]) -> M {
    M::decode(b, b.len()).expect("well-formed marks")
}

fn first_step<P: Playable>(p: &P, marks: &P::Marks) -> hint::Step {
    match hint::hint(p, marks, None) {
        Hint::Step(s) => s,
        other => panic!("{other:?}"),
    }
}

// Star Battle: the generated sets and puzzles generated here, the wording, the big puzzles.
mod starbattle_hints;
// KenKen: the 7x7 set, Tatham's Keen levels, generated puzzles, candidates.
mod kenken_hints;
// Nonogram: random and generated puzzles, the human sets, contradictions, sentences, figures.
mod nonogram_hints;
// The reveal's contradiction chains where the rules stop.
mod chains;
// Flood-It, rectangle-free, the shared dispatch and the worker, the fallback past the rules.
mod every_kind;
