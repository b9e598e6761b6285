//! The reveal's contradiction chains (`studio::hint::chain`): where the rules stop, the reveal
//! rules out one value of one cell by an assumption that breaks the rules, each step shown. Its
//! conclusion agrees with the proven answer, and the assumption, followed again through the
//! player's marks by the kind's own hints, really reaches the contradiction it names.

use super::*;
use studio::hint::chain::{self, Budget, CHAIN_RULE};
use studio::marks::{YesNo, YesNoMarks};

/// 40 9x9 Keen IDs at Unreasonable, fresh from Tatham's generator.
const KEEN9U: &str = "kenken/tatham_keen_9x9_unreasonable40.txt";

/// The hint's budget without its clock, so a loaded machine finds the same chains.
const NO_CLOCK: Budget = Budget { ms: f64::INFINITY, ..chain::HINT };

/// The chain at `marks` (where the rules stop) and the checks every chain must pass: one cell,
/// its words, and marks that agree with the answer.
fn chain_at<P: Playable>(p: &P, answer: &P::Solution, marks: &P::Marks, at: &str) -> hint::Step {
    let text: Vec<char> = answer_text(p, answer).chars().collect();
    let s = chain::contradiction_chain(p, marks, &text, NO_CLOCK, (0, p.cell_count()))
        .unwrap_or_else(|| panic!("{at}: no chain where the rules stop"));
    assert_eq!(s.rule, CHAIN_RULE);
    assert_eq!(s.cells.len(), 1, "{at}: a chain rules out a value of one cell");
    for part in ["Suppose ", " But now ", " So "] {
        assert!(s.sentence.contains(part), "{at}: `{part}` in {}", s.sentence);
    }
    assert!(s.sentence.contains(&p.cell_name(s.cells[0])), "{at}: {}", s.sentence);
    // The assumption, a figure for each step, where it breaks.
    assert_eq!(s.figures.first().map(|f| f.cells.clone()), Some(s.cells.clone()));
    assert_eq!(s.figures.last().map(|f| f.label.as_str()), Some("where it breaks"));
    let mut m = marks.clone();
    check_step::<P>(&answer_text(p, answer), &mut m, &s, at);
    s
}

/// What the chain's sentence says breaks (`But now … .`).
fn named_break(s: &hint::Step) -> String {
    let at = s.sentence.rfind(" But now ").expect("a break") + " But now ".len();
    let end = s.sentence[at..].find(". So ").expect("a conclusion");
    s.sentence[at..at + end].to_string()
}

/// The marks where the rules alone stop, from the empty grid.
fn stop<P: Playable>(p: &P) -> Option<P::Marks> {
    let mut marks = P::Marks::default();
    let x = hint::explain(p, None);
    for s in &x.steps {
        hint::apply(&mut marks, s);
    }
    matches!(x.end, Hint::Stuck { .. }).then_some(marks)
}

/// On Keen Unreasonable puzzles where the ladder stops: the chain's digit, written into the
/// marks, makes the KenKen hints themselves break a rule within the chain's steps, and the
/// rule they name is the one the chain names.
#[test]
fn a_keen_chain_reaches_the_contradiction_it_names() {
    let text = data(KEEN9U);
    let mut checked = 0;
    for (k, line) in text.lines().filter(|l| !l.trim().is_empty()).enumerate().take(12) {
        let p = KenKen::import(line).expect("a Keen ID").puzzle;
        let at = format!("keen 9du line {}", k + 1);
        let Some(marks) = stop(&p) else { continue };
        let answer = unique(&p).expect("Tatham's are unique");
        let s = chain_at(&p, &answer, &marks, &at);
        // The assumed digit: `Suppose row R, column C held D.`
        let after = &s.sentence[s.sentence.find("Suppose ").expect("an assumption")..];
        let d: u8 = after[..after.find('.').expect("a full stop")]
            .rsplit(' ')
            .next()
            .and_then(|w| w.parse().ok())
            .unwrap_or_else(|| panic!("{at}: the assumed digit in {after}"));
        let steps = s.figures.len() - 2;
        let mut m = marks.clone();
        hint::apply(
            &mut m,
            &hint::Step { marks: kenken::marks::set_digit(s.cells[0], d), ..s.clone() },
        );
        let why = named_break(&s);
        let mut reached = false;
        for _ in 0..=steps {
            match kenken::hint::next_step(&p, &m) {
                Hint::Step(x) => hint::apply(&mut m, &x),
                Hint::Mistake { sentence, .. } => {
                    assert!(
                        sentence.contains(&why),
                        "{at}: the hints say {sentence}, the chain {why}"
                    );
                    reached = true;
                    break;
                }
                other => panic!("{at}: {other:?} before the contradiction"),
            }
        }
        assert!(reached, "{at}: no contradiction within {steps} steps of the hints");
        checked += 1;
    }
    assert!(checked >= 2, "only {checked} puzzles where the ladder stops");
}

/// Tatham's Keen 9x9 Unreasonable: the ladder alone stops on some; with a chain at each stop
/// (within the hint's budget, no clock) the hints finish every one, each step agreeing with the
/// proven answer.
#[test]
fn keen_unreasonable_finished_with_chains() {
    let text = data(KEEN9U);
    let (mut by_rules, mut with_chains, mut chains) = (0, 0, 0);
    let entries: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(entries.len(), 40);
    for (k, line) in entries.iter().enumerate() {
        let p = KenKen::import(line).expect("a Keen ID").puzzle;
        let at = format!("keen 9du line {}", k + 1);
        let answer = unique(&p).expect("Tatham's are unique");
        by_rules += usize::from(hint::explain(&p, Some(&answer)).solved());
        let x = hint::explain_with_chains(&p, Some(&answer), NO_CLOCK);
        let truth = answer_text(&p, &answer);
        let mut marks = Default::default();
        for s in &x.steps {
            check_step::<KenKen>(&truth, &mut marks, s, &at);
            chains += usize::from(s.rule == CHAIN_RULE);
        }
        with_chains += usize::from(x.solved());
    }
    assert!(by_rules < 40 && chains > 0, "the ladder alone finishes {by_rules}");
    assert_eq!(with_chains, 40, "with chains, {with_chains} of 40 (the ladder alone {by_rules})");
}

/// Nonograms where line logic and short contradictions stop: the chain's conclusion
/// agrees with the answer, and its assumption, marked, makes the nonogram hints break a line
/// (the one the chain names) within its steps.
#[test]
fn a_nonogram_chain_agrees_with_the_answer_and_breaks_its_line() {
    let mut checked = 0;
    // webpbn's "Forever", where they stop at 64 of 625 cells, and small random ones.
    let forever = nonogram_hints::human_nonograms()
        .into_iter()
        .find(|(f, _)| f.contains("forever"))
        .expect("webpbn 6574 Forever in tests/data/nonogram")
        .1;
    let mut puzzles = vec![(forever.clone(), unique(&forever).expect("Forever is unique"))];
    puzzles.extend(nonogram_hints::nonograms(150, 41));
    for (k, (p, answer)) in puzzles.iter().enumerate() {
        let Some(marks) = stop(p) else { continue };
        let at = format!("nonogram #{k}");
        let s = chain_at(p, answer, &marks, &at);
        let i = s.cells[0];
        let assumed = if answer.cells()[i] { YesNo::No } else { YesNo::Yes };
        let mut m = marks.clone();
        hint::apply(&mut m, &hint::Step { marks: YesNoMarks::edits(i, assumed), ..s.clone() });
        let why = named_break(&s);
        let line = why.split(" (clue").next().expect("a line").to_string();
        let mut reached = false;
        for _ in 0..=s.figures.len() - 2 {
            match nonogram::hint::next_step(p, &m) {
                Hint::Step(x) => hint::apply(&mut m, &x),
                Hint::Mistake { sentence, .. } => {
                    let title = line[..1].to_uppercase() + &line[1..];
                    assert!(sentence.starts_with(&title), "{at}: {sentence} against {why}");
                    reached = true;
                    break;
                }
                other => panic!("{at}: {other:?} before the contradiction"),
            }
        }
        assert!(reached, "{at}: no broken line within the chain's steps");
        checked += 1;
    }
    assert!(checked >= 1, "no nonogram where the rules stop");
}

/// Colour nonograms where colour-set logic and one-cell contradictions stop (a random 20x20
/// picture, and webpbn's "Forever" read as a one-colour puzzle): the chain's conclusion agrees
/// with the answer, and its assumption, marked, makes the colour hints break the line it names
/// within its steps.
#[test]
fn a_colour_chain_agrees_with_the_answer_and_breaks_its_line() {
    use studio::kinds::colournono::{self, ColourNonogram};
    let forever = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/nonogram/webpbn/webpbn-06574-forever.non"),
    )
    .expect("webpbn 6574 Forever in tests/data/nonogram");
    let puzzles =
        [("random 20x20", data("colournono/random_20x20_chain.txt")), ("Forever", forever)];
    for (name, text) in puzzles {
        let p = ColourNonogram::import(text.trim()).expect("a colour puzzle").puzzle;
        let answer = unique(&p).expect("unique");
        let marks = stop(&p).unwrap_or_else(|| panic!("{name}: the rules finish it"));
        let s = chain_at(&p, &answer, &marks, name);
        let i = s.cells[0];
        // The assumed colour: the other value the chain's state leaves the cell.
        let right =
            ColourNonogram::answer_mark(answer_text(&p, &answer).chars().nth(i).unwrap(), true);
        let t = p.trial(&marks).expect("a colour trial");
        let assumed = t.values(i).into_iter().find(|&v| v != right).expect("two values");
        let mut m = marks.clone();
        let edits = colournono::page::PaintMarks::place(i, assumed);
        hint::apply(&mut m, &hint::Step { marks: edits, ..s.clone() });
        let why = named_break(&s);
        let line = why.split(" (").next().expect("a line").to_string();
        let title = line[..1].to_uppercase() + &line[1..];
        let mut reached = false;
        for _ in 0..=s.figures.len() - 2 {
            match colournono::hint::next_step(&p, &m) {
                Hint::Step(x) => hint::apply(&mut m, &x),
                Hint::Mistake { sentence, .. } => {
                    assert!(sentence.starts_with(&title), "{name}: {sentence} against {why}");
                    reached = true;
                    break;
                }
                other => panic!("{name}: {other:?} before the contradiction"),
            }
        }
        assert!(reached, "{name}: no broken line within the chain's steps");
    }
}

/// The random 20x20 colour picture: the rules alone stop; with a chain at each stop the hints
/// finish it, each step agreeing with the proven answer.
#[test]
fn a_colour_picture_is_finished_with_chains() {
    use studio::kinds::colournono::ColourNonogram;
    let text = data("colournono/random_20x20_chain.txt");
    let p = ColourNonogram::import(text.trim()).expect("a colour puzzle").puzzle;
    let answer = unique(&p).expect("unique");
    assert!(!hint::explain(&p, Some(&answer)).solved(), "the rules alone finish it");
    let x = hint::explain_with_chains(&p, Some(&answer), NO_CLOCK);
    let truth = answer_text(&p, &answer);
    let mut marks = Default::default();
    let mut chains = 0;
    for s in &x.steps {
        check_step::<ColourNonogram>(&truth, &mut marks, s, "random 20x20");
        chains += usize::from(s.rule == CHAIN_RULE);
    }
    assert!(chains > 0 && x.solved(), "{chains} chains; solved: {}", x.solved());
}
