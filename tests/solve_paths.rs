//! The solvers' shortcuts against the walk the hints take: the same grid, the same rating.
//!
//! The solve paths run the cheaper rules first, then SAT for the answer, and leave the rating
//! out; `Playable::rate` then runs the costly rules (KenKen's trial, Star Battle's
//! contradictions) skipping what that answer shows cannot break; KenKen's walk also asks a
//! rule again after it found something. Each must end where the plain walk
//! ([`studio::deduce::run`], cheapest rank first, one deduction at a time) ends, with the same
//! hardest rank, on puzzles that need every rung.

use studio::deduce::{self, End};
use studio::kinds::kenken::{self, logic, KenKen};
use studio::kinds::starbattle::{self, StarBattle};
use studio::play::Playable;
use studio::puzzle::{Mode, Puzzle, Report, Verdict};

/// The report's rating, or the one `rate` gives when the solve left it out (as the worker and
/// `puzzle solve` do). A solve leaves it out exactly when `needs_walk` (its rules stopped
/// where SAT took over).
fn rating_of<P: Playable>(p: &P, r: &Report<P::Solution>, needs_walk: bool, at: &str) -> String {
    assert_eq!(r.rating.is_none(), needs_walk, "{at}: the solve left the rating out");
    r.rating.clone().unwrap_or_else(|| p.rate(&r.solutions[0]).expect("the kind rates"))
}

/// Every third of the 180 fresh Tatham Keen puzzles (9x9, 7x7, 8x8 at Hard, Extreme and
/// Unreasonable): the rating and the verdict of the solve path are the plain walk's.
#[test]
fn kenken_solve_rates_as_the_plain_walk() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/bench/kenken/keen_fresh_180.txt"
    ))
    .expect("the Keen set");
    let mut seen = std::collections::HashSet::new();
    for (i, line) in text.lines().enumerate().step_by(3) {
        let p: KenKen = KenKen::import(line).unwrap_or_else(|e| panic!("line {i}: {e}")).puzzle;
        let mut plain = logic::KenKenLogic::new(&p, false);
        let run = deduce::run(&mut plain, logic::rank::MAX, |_| true);
        let (outcome, hardest, complete) = logic::rate(&p, logic::rank::MAX);
        assert_eq!(complete, run.end == End::Complete, "line {i}: complete");
        assert_eq!(hardest, run.hardest, "line {i}: hardest rank");
        assert_eq!(outcome.as_ref().ok(), Some(&plain.dom), "line {i}: the same candidates");
        let r = p.solve(Mode::Unique, None).unwrap_or_else(|e| panic!("line {i}: {e}"));
        assert_eq!(r.verdict, Verdict::Unique, "line {i}");
        let rating = match run.end {
            End::Complete => logic::LADDER[run.hardest.unwrap_or(0) as usize].rating,
            _ => kenken::solve::BEYOND,
        };
        let below_trial = logic::rate(&p, logic::rank::TRIAL - 1).2;
        let at = format!("line {i}");
        assert_eq!(rating_of(&p, &r, !below_trial, &at), rating, "{at}: the rating");
        seen.insert(rating);
    }
    assert!(seen.len() >= 3, "the set covers several ratings: {seen:?}");
}

/// The 17x17 and 21x21 puzzles of the hard Star Battle set (most need contradictions or
/// search): the rating, in the report or from `rate` after it, is the plain walk's.
#[test]
fn starbattle_solve_rates_as_the_plain_walk() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/bench/starbattle/hard_17_21_25.txt"
    ))
    .expect("the hard set");
    let entries = StarBattle::read_collection(&text, "hard").expect("reads");
    let mut seen = std::collections::HashSet::new();
    let mut walked = 0;
    for e in entries.iter().filter(|e| e.puzzle.rows() <= 21) {
        let rated = starbattle::solve::rate(&e.puzzle);
        let r = e.puzzle.solve(Mode::Unique, None).unwrap_or_else(|x| panic!("{}: {x}", e.id));
        assert_eq!(r.verdict, Verdict::Unique, "{}", e.id);
        let direct = starbattle::solve::rate_upto(&e.puzzle, starbattle::logic::CONTRADICTION - 1);
        let needs_walk = !direct.solved();
        walked += usize::from(needs_walk);
        assert_eq!(rating_of(&e.puzzle, &r, needs_walk, &e.id), rated.difficulty(), "{}", e.id);
        seen.insert(rated.difficulty());
    }
    assert!(seen.len() >= 2, "the set covers several ratings: {seen:?}");
    assert!(walked >= 5, "{walked} puzzles rated after SAT's answer");
}

/// Small boards (below `SAT_FIRST_CELLS`, 150 cells) run the contradictions at once, without SAT
/// first, and rate within the solve; 13x13 and 14x14 ones are rated after SAT's answer: on
/// generated 10x10 two-star puzzles at medium, hard and expert, and 5x5 to 14x14 ones, the
/// rating is still the plain walk's either way.
#[test]
fn starbattle_small_boards_rate_as_the_plain_walk() {
    let mut seen = std::collections::HashSet::new();
    for file in ["generated_10x10_2star.txt", "generated_5to14.txt"] {
        let path = format!("{}/tests/data/starbattle/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let entries = StarBattle::read_collection(&text, file).expect("reads");
        assert!(entries.len() >= 20, "{file}: {} puzzles", entries.len());
        for e in entries.iter().step_by(3).filter(|e| e.puzzle.rows() * e.puzzle.cols() < 200) {
            let rated = starbattle::solve::rate(&e.puzzle);
            let r = e.puzzle.solve(Mode::Unique, None).unwrap_or_else(|x| panic!("{}: {x}", e.id));
            assert_eq!(r.verdict, Verdict::Unique, "{file} {}", e.id);
            let cells = e.puzzle.rows() * e.puzzle.cols();
            let direct =
                starbattle::solve::rate_upto(&e.puzzle, starbattle::logic::CONTRADICTION - 1);
            let at = format!("{file} {}", e.id);
            let needs_walk = cells >= 150 && !direct.solved();
            assert_eq!(rating_of(&e.puzzle, &r, needs_walk, &at), rated.difficulty(), "{at}");
            seen.insert(rated.difficulty());
        }
    }
    assert!(seen.len() >= 3, "the sets cover several ratings: {seen:?}");
}
