//! Hints for Flood-It and rectangle-free, the dispatch every kind shares, the worker's hint and
//! explain jobs, and the answer's cell where the rules stop.

use super::nonogram_hints::{human_nonograms, nonograms};
use super::*;

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
    let s = match hint::hint(&board, &Default::default(), Some(&best)) {
        Hint::Step(s) => s,
        other => panic!("{other:?}"),
    };
    assert_eq!(s.marks, vec![(0, best[0] + 1)]);
    let after = best.len() - 1;
    let moves = |n: usize| format!("{n} move{}", if n == 1 { "" } else { "s" });
    assert!(
        s.sentence.contains(&format!("After this move the rest can be finished in {}, and no move now leaves fewer than {after} more", moves(after)))
            && s.sentence.contains("so it starts a shortest finish")
            && s.sentence.contains(&format!("flooded in fewer than {}, which the solver proved impossible", moves(best.len()))),
        "{}",
        s.sentence
    );
    assert!(!s.cells.is_empty());
    // Off the optimal path: a worse first move, then the hint searches from there and says the cost.
    let position = studio::kinds::floodit::sim::Position::start(&board);
    let worse = position.useful_colours(&board).into_iter().find(|&c| c != best[0]);
    if let Some(c) = worse {
        let marks = bytes(&[c + 1]);
        match hint::hint(&board, &marks, Some(&best)) {
            Hint::Step(s) => {
                assert_eq!(s.marks[0].0, 1);
                let with = board.clone().with_played(vec![c]).unwrap();
                let from_here = with.solve(Mode::Unique, None).unwrap().solutions[0].len();
                let rest = from_here - 1;
                assert!(
                    rest == 1
                        || (s.sentence.contains(&format!("finished in {}", moves(rest - 1)))
                            && s.sentence.contains("tried every shorter finish from here")),
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
    assert!(!RectFree::HINTS);
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
    // The marks go to the worker in their byte form and come back typed.
    let mut marks = kenken::page::KenKenMarks::default();
    for s in &x.steps {
        match kinds::hint_text(Kind::KenKen, &text, &marks.encode(), Some(&answer)).unwrap() {
            Hint::Step(h) => assert_eq!(&h, s),
            other => panic!("{other:?}"),
        }
        hint::apply(&mut marks, s);
    }
    let digits: String = (0..25).map(|i| kenken::formats::digit_char(marks.get(i).digit)).collect();
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
    let mut wrong = kenken::page::KenKenMarks::default();
    wrong.apply(&kenken::marks::set_digit(0, if right == 1 { 2 } else { 1 }));
    let marks = wrong.encode();
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
    // Marks that agree with the answer: the final reply is the step shown early, found once and
    // then checked (`hint::hint_from`), the same step a hint with the answer finds.
    let sb =
        "#starbattle/v1/8x8s1/ABBBBBBCAAADDBBBAEADDEEEAEEEEEEEAAAEFEEEAAAFFFEEGGHHFEEEGGGGGGEE";
    let last = run(
        Request::Hint { kind: Kind::StarBattle, puzzle: sb.into(), marks: vec![] },
        post.clone(),
    );
    let early: Vec<Reply> =
        seen.borrow_mut().drain(..).filter(|r| matches!(r, Reply::HintEarly(_))).collect();
    let sbp: StarBattle = kinds::import_as(sb).expect("reads");
    let with_answer = hint::hint(&sbp, &Default::default(), Some(&unique(&sbp).expect("unique")));
    assert!(matches!(with_answer, Hint::Step(_)), "{with_answer:?}");
    match (&early[..], &last) {
        ([Reply::HintEarly(e)], Reply::Hint(h)) => {
            assert_eq!(**e, with_answer);
            assert_eq!(**h, with_answer);
        }
        other => panic!("{other:?}"),
    }
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
        .expect("webpbn 6574 Forever in tests/data/nonogram")
        .1;
    let answer = unique(&forever).expect("Forever is unique");
    let (_, stopped, _) = walk(&forever, &answer, Default::default(), "Forever");
    let text = forever.to_json().to_string();
    let last =
        run(Request::Hint { kind: Kind::Nonogram, puzzle: text, marks: stopped.encode() }, post);
    assert!(
        seen.borrow().iter().all(|r| !matches!(r, Reply::HintEarly(_))),
        "no stop shown before the answer"
    );
    assert!(
        matches!(last, Reply::Hint(ref h) if matches!(**h, Hint::Step(ref s) if is_reveal(s))),
        "{last:?}"
    );
}

/// Whether a step is a reveal: a contradiction chain, or the proven answer's value.
fn is_reveal(s: &hint::Step) -> bool {
    s.rule == hint::REVEAL_RULE || s.rule == hint::chain::CHAIN_RULE
}

/// A contradiction chain's words: where the rules stop, the assumption, its steps, the broken
/// rule, and the conclusion (`ends`).
fn chain_words(s: &hint::Step, ends: &str) {
    assert!(s.sentence.starts_with("No rule decides another cell here"), "{}", s.sentence);
    for part in ["Suppose ", " But now ", " So "] {
        assert!(s.sentence.contains(part), "`{part}` in {}", s.sentence);
    }
    assert!(s.sentence.ends_with(ends), "`{ends}` at the end of {}", s.sentence);
    assert_eq!(s.figures.first().map(|f| f.label.as_str()), Some("the assumption"));
    assert_eq!(s.figures.last().map(|f| f.label.as_str()), Some("where it breaks"));
}

/// A nonogram's reveal at a cell that is black (`black`) in the answer: a chain that ends
/// there, or the answer's value said to come from the search.
fn nonogram_reveal(s: &hint::Step, black: bool) {
    if s.rule == hint::chain::CHAIN_RULE {
        chain_words(s, if black { "is black." } else { "is white." });
    } else {
        assert_eq!(s.rule, hint::REVEAL_RULE);
        assert!(
            s.sentence.contains(if black { "a black cell at" } else { "a white cell at" }),
            "{}",
            s.sentence
        );
    }
}

/// Where the rules stop, a hint with the proven answer gives one cell of that answer: by a
/// contradiction chain when one breaks within the hint's budget, else said to
/// come from the solver's search (the walk checks that every step agrees with the answer and
/// that the hints then finish the puzzle); without the answer the hint says the rules stop.
#[test]
fn where_the_rules_stop_a_hint_gives_a_cell_of_the_proven_answer() {
    let (mut revealed, mut star_battles) = (0, 0);
    // The generated 17x17 and 21x21 Star Battles that need search, kept in the repository, and
    // a 21x21 where even the hints' rules stop.
    let text = std::fs::read_to_string(HARD).expect("bench/starbattle/hard_17_21_25.txt");
    let mut entries = StarBattle::read_collection(&text, "hard").expect("reads");
    let stop = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/starbattle/rules_stop_21x21.txt");
    let text = std::fs::read_to_string(stop).expect("tests/data/starbattle/rules_stop_21x21.txt");
    entries.extend(StarBattle::read_collection(&text, "stop").expect("reads"));
    for e in entries.iter().filter(|e| !e.id.starts_with("sb25") && e.id.contains("beyond")) {
        let (p, answer, seed) =
            (&e.puzzle, e.known.clone().expect("the set carries answers"), &e.id);
        let (by_rules, stopped, _) =
            walk(p, &answer, Default::default(), &format!("beyond #{seed}"));
        if by_rules {
            continue; // the ladder has grown since the set was made
        }
        // At the marks where the rules stop: the reveal with the answer, the stop without it.
        let Hint::Step(s) = hint::hint(p, &stopped, Some(&answer)) else {
            panic!("beyond #{seed}: no reveal")
        };
        let star = answer.cells()[s.cells[0]];
        if s.rule == hint::chain::CHAIN_RULE {
            chain_words(&s, if star { "holds a star." } else { "has no star." });
        } else {
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
                    "the next hint gives another cell.",
                    "the next hint goes on from here."
                ]
                .iter()
                .any(|end| s.sentence.contains(end)),
                "{}",
                s.sentence
            );
            assert!(
                s.sentence.contains(if star { "has a star at" } else { "has no star at" }),
                "{}",
                s.sentence
            );
        }
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
        .expect("webpbn 6574 Forever in tests/data/nonogram")
        .1;
    let answer = unique(&forever).expect("Forever is unique");
    let (by_rules, stopped, _) = walk(&forever, &answer, Default::default(), "Forever");
    assert!(!by_rules, "Forever: the rules finish it (the test needs one where they stop)");
    let Hint::Step(s) = hint::hint(&forever, &stopped, Some(&answer)) else {
        panic!("Forever: no reveal")
    };
    nonogram_reveal(&s, answer.cells()[s.cells[0]]);
    revealed += 1;
    for (k, (p, answer)) in nonograms(150, 41).iter().enumerate() {
        let (by_rules, stopped, _) = walk(p, answer, Default::default(), &format!("nonogram #{k}"));
        if !by_rules {
            let Hint::Step(s) = hint::hint(p, &stopped, Some(answer)) else {
                panic!("nonogram #{k}: no reveal")
            };
            nonogram_reveal(&s, answer.cells()[s.cells[0]]);
            revealed += 1;
        }
    }
    assert!(
        star_battles >= 1 && revealed >= star_battles + 1,
        "reveals: {star_battles} Star Battles, {revealed} in all"
    );
}

/// The explanation's words for one step and for none (found on the tour: a 1x1 nonogram said
/// "After all 1 steps" past its step, and a Flood-It board of one colour "0 steps." and "After all
/// 0 steps").
#[test]
fn an_explanation_of_one_step_or_none_says_so_in_words() {
    let one = "#nonogram/v1/1x1:1/1";
    let answer = kinds::hint_answer(Kind::Nonogram, one, None).unwrap().expect("unique");
    let x = kinds::explain_text(Kind::Nonogram, one, Some(&answer)).unwrap();
    assert_eq!(x.steps.len(), 1);
    assert!(
        x.summary().starts_with("1 step from the empty grid to the answer;"),
        "{}",
        x.summary()
    );
    assert!(x.shown_at(0).starts_with("Step 1 of 1: "), "{}", x.shown_at(0));
    assert!(x.shown_at(1).starts_with("After the only step: "), "{}", x.shown_at(1));
    let none = "#floodit/v1/3x3/000000000";
    let answer = kinds::hint_answer(Kind::FloodIt, none, None).unwrap();
    let x = kinds::explain_text(Kind::FloodIt, none, answer.as_deref()).unwrap();
    assert!(x.steps.is_empty());
    assert_eq!(x.summary(), "no steps.");
    assert_eq!(x.shown_at(0), x.end.sentence());
    assert!(!x.shown_at(0).contains("After all"));
    // Many steps read as before.
    let many = "#nonogram/v1/5x5:2/4/4/4/2/1.1/5/5/3/1";
    let answer = kinds::hint_answer(Kind::Nonogram, many, None).unwrap().expect("unique");
    let x = kinds::explain_text(Kind::Nonogram, many, Some(&answer)).unwrap();
    let n = x.steps.len();
    assert!(n > 1);
    assert!(x.shown_at(n).starts_with(&format!("After all {n} steps: ")), "{}", x.shown_at(n));
    assert!(x.summary().starts_with(&format!("{n} steps from the empty grid")), "{}", x.summary());
}
