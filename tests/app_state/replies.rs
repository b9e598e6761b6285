//! The worker's replies in the page state, each a real reply of the worker protocol run here
//! (`studio::jobs::run`): an answer checked again before it is shown, a generated puzzle opened,
//! a hint shown early then confirmed or replaced, an explanation, a benchmark and the image
//! page's puzzles.

use std::cell::RefCell;
use std::rc::Rc;

use image::codecs::png::PngEncoder;
use image::{ExtendedColorType, ImageEncoder};
use studio::app_state::{Action, Owner, Severity, State, View, Work};
use studio::hint::Hint;
use studio::jobs::{run, Reply, Request};
use studio::kinds::{self, Kind};
use studio::puzzle::{Mode, Verdict};

use super::{reply, step, HEART};

/// The replies of `request` run to its end: the ones posted on the way, then the last.
pub(super) fn worker(request: Request) -> Vec<Reply> {
    let posts = Rc::new(RefCell::new(Vec::new()));
    let p = posts.clone();
    let last = run(request, Rc::new(move |r| p.borrow_mut().push(r)));
    let mut all = posts.take();
    all.push(last);
    all
}

/// The last reply of `request`.
pub(super) fn last(request: Request) -> Reply {
    worker(request).pop().expect("a job always ends with a reply")
}

/// The heart's proven report (verdict unique).
pub(super) fn heart_report() -> kinds::AnyReport {
    let solve = Request::Solve {
        kind: Kind::Nonogram,
        puzzle: HEART.into(),
        mode: Mode::Unique,
        options: String::new(),
    };
    let Reply::Solved(report) = last(solve) else { panic!("the heart solves") };
    assert_eq!(report.verdict, Verdict::Unique);
    report
}

/// `s` with job `job` of `work` on `kind` started.
pub(super) fn started(s: &State, job: u32, kind: Option<Kind>, work: Work) -> State {
    step(s, Action::Started { job, kind, work, now_ms: 0.0, budget_ms: None }, 0.0)
}

fn grey_png(width: u32, height: u32, pixels: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    PngEncoder::new(&mut out)
        .write_image(pixels, width, height, ExtendedColorType::L8)
        .expect("encode");
    out
}

fn rgb_png(width: u32, height: u32, pixels: &[[u8; 3]]) -> Vec<u8> {
    let flat: Vec<u8> = pixels.iter().flatten().copied().collect();
    let mut out = Vec::new();
    PngEncoder::new(&mut out)
        .write_image(&flat, width, height, ExtendedColorType::Rgb8)
        .expect("encode");
    out
}

#[test]
pub(super) fn a_solve_is_checked_again_then_shown_and_a_forged_answer_is_not() {
    let nono = Kind::Nonogram;
    let report = heart_report();
    let mut s = State::new(Vec::new(), Default::default(), HEART);
    s = started(&s, 1, Some(nono), Work::Solve(Mode::Unique));
    s = step(&s, reply(1, Reply::Solved(report.clone())), 1.0);
    assert!(s.busy_kind(nono).is_none(), "the solve's job is over");
    let w = s.workshop(nono);
    assert_eq!(w.result.as_deref(), Some(&report));
    assert_eq!(w.view, Some(View::Answer(0)));
    assert_eq!(w.shown_answers(), (Some(&report.solutions[0]), None));
    assert!(!w.result_for_check, "a solve asked for is not a Check's");
    // An answer that fails the kind's own checker is said and not shown.
    let mut forged = report.clone();
    let row = &mut forged.solutions[0][0];
    *row = row.chars().map(|c| if c == '.' { '#' } else { '.' }).collect();
    s = started(&s, 2, Some(nono), Work::Solve(Mode::Unique));
    s = step(&s, reply(2, Reply::Solved(forged)), 2.0);
    let notice = s.notice.clone().expect("the forged answer is said");
    assert_eq!(notice.severity, Severity::Error);
    assert!(notice.text.contains("failed the independent check"), "{}", notice.text);
    assert_eq!(s.workshop(nono).result.as_deref(), Some(&report), "the checked one stays");
    // A best-so-far answer shows at once during a solve, and the solve goes on; a hint's job
    // shows none (it waits for the proven answer).
    s = started(&s, 3, Some(nono), Work::Hint);
    assert!(s.apply(reply(3, Reply::Improved(report.clone())), 3.0).is_none());
    s = started(&s, 4, Some(nono), Work::Solve(Mode::Unique));
    s = step(&s, Action::Show { kind: nono, view: View::Play }, 4.0);
    s = step(&s, reply(4, Reply::Improved(report.clone())), 4.0);
    assert_eq!(s.workshop(nono).view, Some(View::Answer(0)));
    assert_eq!(s.busy_kind(nono).map(|b| b.job), Some(4));
    // Progress is the live figures' ([`Live`]), never the page state's.
    let progress = Reply::Progress { elapsed_ms: 1.0, work: None, items: None, known: None };
    assert!(s.apply(reply(4, progress), 5.0).is_none());
    assert!(s.apply(reply(4, Reply::Ready), 5.0).is_none());
}

#[test]
pub(super) fn a_generated_puzzle_opens_on_its_page() {
    let kind = Kind::StarBattle;
    let options =
        kinds::starbattle::GenerateOptions { size: Some(7), stars: Some(1), ..Default::default() };
    let request =
        studio::jobs::generate_request::<kinds::starbattle::StarBattle>(&options, 3, None);
    let Reply::Generated(puzzle) = last(request) else { panic!("a 7x7 one-star puzzle") };
    let mut s = State::new(Vec::new(), Default::default(), "#starbattle");
    s = step(&s, Action::Mark { kind, cells: vec![(0, 1)] }, 1.0);
    s = started(&s, 1, Some(kind), Work::Generate);
    s = step(&s, reply(1, Reply::Generated(puzzle.clone())), 2.0);
    assert!(s.busy_kind(kind).is_none());
    let w = s.workshop(kind);
    assert_eq!(w.puzzle.as_deref(), Some(puzzle.as_str()));
    assert!(w.marks.is_empty(), "a new puzzle starts with an empty board");
}

#[test]
pub(super) fn a_hint_is_shown_early_then_confirmed_or_replaced_by_a_mistake() {
    let nono = Kind::Nonogram;
    let heart = kinds::import(nono, HEART).unwrap();
    let ask = move |marks: Vec<u8>| {
        worker(Request::Hint { kind: nono, puzzle: heart.clone(), marks })
            .into_iter()
            .filter(|r| matches!(r, Reply::HintEarly(_) | Reply::Hint(_)))
            .collect::<Vec<_>>()
    };
    // From the empty board: the step from the marks alone, then the same step checked.
    let replies = ask(Vec::new());
    let [Reply::HintEarly(early), Reply::Hint(checked)] = &replies[..] else {
        panic!("an early step, then the checked one: {replies:?}")
    };
    assert_eq!(early, checked);
    assert!(matches!(**early, Hint::Step(_)));
    let mut s = State::new(Vec::new(), Default::default(), HEART);
    s = started(&s, 1, Some(nono), Work::Hint);
    s = step(&s, reply(1, Reply::HintEarly(early.clone())), 1.0);
    assert_eq!(s.workshop(nono).hint.as_ref(), Some(&**early));
    let busy = s.busy_kind(nono).expect("the job goes on to check the marks");
    assert_eq!(busy.doing(), "Checking your marks against the answer");
    s = step(&s, reply(1, Reply::Hint(checked.clone())), 2.0);
    assert!(s.busy_kind(nono).is_none());
    let w = s.workshop(nono);
    assert_eq!(w.hint.as_ref(), Some(&**early));
    assert_eq!(w.play.hints, 1, "one step shown, counted once");
    // A wrong mark: the early step from the marks, then the mistake the answer shows.
    let report = heart_report();
    let answer = report.solutions[0].concat();
    let wrong = answer.find('.').expect("the heart has an empty cell");
    let mut marks = vec![0; answer.len()];
    marks[wrong] = 1;
    // A worker of its own, which has not solved the heart yet (a worker keeps the answers it
    // solved, and with the answer at hand it says the mistake at once).
    let replies = std::thread::spawn(move || ask(marks)).join().expect("the worker runs");
    let (Some(Reply::HintEarly(early)), Some(Reply::Hint(mistake))) =
        (replies.first(), replies.last())
    else {
        panic!("an early step, then the checked one: {replies:?}")
    };
    assert!(matches!(**mistake, Hint::Mistake { ref cells, .. } if cells == &[wrong]));
    s = step(&s, Action::Mark { kind: nono, cells: vec![(wrong, 1)] }, 3.0);
    s = started(&s, 2, Some(nono), Work::Hint);
    s = step(&s, reply(2, Reply::HintEarly(early.clone())), 4.0);
    s = step(&s, reply(2, Reply::Hint(mistake.clone())), 5.0);
    assert_eq!(s.workshop(nono).hint.as_ref(), Some(&**mistake));
}

#[test]
pub(super) fn an_explanation_opens_at_its_first_step() {
    let nono = Kind::Nonogram;
    let heart = kinds::import(nono, HEART).unwrap();
    let Reply::Explained(x) = last(Request::Explain { kind: nono, puzzle: heart }) else {
        panic!("the heart is explained")
    };
    assert!(!x.steps.is_empty());
    let mut s = State::new(Vec::new(), Default::default(), HEART);
    s = step(&s, Action::Show { kind: nono, view: View::Answer(0) }, 0.0);
    s = started(&s, 1, Some(nono), Work::Explain);
    s = step(&s, reply(1, Reply::Explained(x.clone())), 1.0);
    assert!(s.busy_kind(nono).is_none());
    let w = s.workshop(nono);
    let (shown, at) = w.explanation.clone().expect("the explanation is open");
    assert_eq!((&*shown, at), (&*x, Some(0)));
    assert_eq!(w.view, Some(View::Play));
}

#[test]
pub(super) fn a_benchmark_reply_fills_the_benchmark_page() {
    let line =
        r#"6,6,1,"AAABBBABBBCCADDEECFFDDECFEEEECFCCCCC","010000000100000001001000000010100000""#;
    let request = Request::Bench {
        kind: Kind::StarBattle,
        text: format!("{line}\n"),
        name: "t".into(),
        options: studio::bench::Options { first: false, timeout_ms: None, limit: None },
    };
    let benched = last(request);
    let Reply::Benched { records, summary } = &benched else { panic!("{benched:?}") };
    let mut s = State::new(Vec::new(), Default::default(), "#bench");
    s = started(&s, 1, Some(Kind::StarBattle), Work::Bench);
    assert!(s.busy_on(Owner::Bench).is_some());
    assert!(s.apply(reply(1, Reply::BenchRecords(vec![(1.0, "unique".into())])), 1.0).is_none());
    s = step(&s, reply(1, benched.clone()), 2.0);
    assert!(s.busy_on(Owner::Bench).is_none());
    assert_eq!(s.bench.as_deref(), Some(&(records.clone(), *summary)));
}

#[test]
pub(super) fn the_image_pages_puzzles_stream_in_and_a_new_job_drops_the_old_ones() {
    // Diagonal stripes, 20 cells across, through the translucent-squares optimiser (which
    // reports its stages).
    let mut pixels = vec![255u8; 40 * 40];
    for (i, p) in pixels.iter_mut().enumerate() {
        if (i / 40 + i % 40) % 7 < 3 {
            *p = 0;
        }
    }
    let options = studio::art::ArtOptions {
        prepare: studio::art::PrepareOptions::new(20),
        method: studio::art::Method::Translucent { config: Default::default() },
        unique: studio::art::UniqueMode::Givens,
        budget: Default::default(),
        tone: Some(studio::art::tone::Tone::Plain),
    };
    let mono = worker(Request::Art { bytes: grey_png(40, 40, &pixels), options });
    let Some(Reply::Art(done)) = mono.last() else { panic!("{:?}", mono.last()) };
    let mut s = State::new(Vec::new(), Default::default(), "#art");
    s = started(&s, 1, None, Work::Art);
    assert!(s.busy_on(Owner::Art).is_some());
    for r in &mono[..mono.len() - 1] {
        s = step(&s, reply(1, r.clone()), 1.0);
        match r {
            Reply::ArtProgress { stage, .. } => assert_eq!(s.art_stage.as_ref(), Some(stage)),
            Reply::ArtImproved(better) => assert_eq!(s.art.as_deref(), Some(&**better)),
            _ => {}
        }
    }
    s = step(&s, reply(1, Reply::Art(done.clone())), 2.0);
    assert!(s.busy_on(Owner::Art).is_none() && s.art_stage.is_none());
    assert_eq!(s.art.as_deref(), Some(&**done));
    // The colour mode: two colours on white.
    let (w, h) = (40, 20);
    let rgb: Vec<[u8; 3]> = (0..w * h)
        .map(|i| match (i % w) * 4 / w {
            1 => [200, 20, 20],
            2 => [20, 20, 200],
            _ => [255, 255, 255],
        })
        .collect();
    let mut colour = studio::art::colour_art::ColourOptions::new(8, 3);
    colour.budget.time_ms = Some(20_000.0);
    let replies = worker(Request::ColourArt { bytes: rgb_png(w, h, &rgb), options: colour });
    let Some(Reply::ColourArt(done)) = replies.last() else { panic!("{:?}", replies.last()) };
    s = started(&s, 2, None, Work::Art);
    assert!(s.art.is_none(), "a new image job's puzzles are its own");
    for r in &replies[..replies.len() - 1] {
        s = step(&s, reply(2, r.clone()), 3.0);
        if let Reply::ColourArtImproved(better) = r {
            assert_eq!(s.colour_art.as_deref(), Some(&**better));
        }
    }
    s = step(&s, reply(2, Reply::ColourArt(done.clone())), 4.0);
    assert!(s.busy_on(Owner::Art).is_none() && s.art_stage.is_none());
    assert_eq!(s.colour_art.as_deref(), Some(&**done));
    s = started(&s, 3, None, Work::Art);
    assert!(s.colour_art.is_none() && s.art.is_none());
    // A failed image job ends its progress and says why.
    let progress = mono.iter().find(|r| matches!(r, Reply::ArtProgress { .. }));
    s = step(&s, reply(3, progress.expect("the first stage is posted").clone()), 5.0);
    assert!(s.art_stage.is_some());
    s = step(&s, reply(3, Reply::Failed("the file is not an image".into())), 6.0);
    assert!(s.art_stage.is_none());
    assert_eq!(s.end_of(Owner::Art).map(String::as_str), Some("Failed: the file is not an image"));
}

/// A Star Battle whose direct rules stop: the worker posts the proven answer at once, without
/// its rating (the page shows it and says the rating is being worked out), then the same
/// answer with the rating, which is the whole ladder's (the hints' walk) and changes neither
/// the view the player moved to nor Check's finding.
#[test]
pub(super) fn a_solve_shows_its_answer_before_the_rating_then_adds_it() {
    let sb = Kind::StarBattle;
    let set = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/bench/starbattle/hard_17_21_25.txt"
    ))
    .expect("the hard set");
    let line = set.lines().find(|l| l.starts_with("17,")).expect("a 17x17");
    let puzzle = kinds::import(sb, line).expect("reads");
    let replies = worker(Request::Solve {
        kind: sb,
        puzzle: puzzle.clone(),
        mode: Mode::Unique,
        options: String::new(),
    });
    let early = replies
        .iter()
        .find_map(|r| match r {
            Reply::Improved(r) => Some(r.clone()),
            _ => None,
        })
        .expect("the answer is posted before the rating");
    let Some(Reply::Solved(last)) = replies.last().cloned() else { panic!("{replies:?}") };
    assert_eq!(early.verdict, Verdict::Unique);
    assert!(early.rating_pending && early.rating.is_none(), "{early:?}");
    assert_eq!(last.solutions, early.solutions);
    assert!(!last.rating_pending);
    let p = <kinds::starbattle::StarBattle as studio::puzzle::Puzzle>::import(line).unwrap().puzzle;
    let walk = kinds::starbattle::solve::rate(&p).difficulty();
    assert_eq!(last.rating.as_deref(), Some(walk.as_str()), "the plain walk's rating");
    // In the page: the early answer is shown; the player goes back to their grid and checks it;
    // the rating then arrives and leaves both as they were.
    let mut s = State::new(Vec::new(), Default::default(), "#starbattle");
    s = step(&s, Action::Open { kind: sb, puzzle }, 0.5);
    s = started(&s, 1, Some(sb), Work::Solve(Mode::Unique));
    s = step(&s, reply(1, Reply::Improved(early.clone())), 1.0);
    assert_eq!(s.workshop(sb).view, Some(View::Answer(0)));
    assert_eq!(s.busy_kind(sb).map(|b| b.job), Some(1), "the job goes on");
    s = step(&s, Action::Show { kind: sb, view: View::Play }, 2.0);
    s = step(&s, Action::Check(sb), 2.5);
    let checked = s.workshop(sb).checked.clone();
    assert!(checked.is_some(), "Check compares with the answer already in");
    s = step(&s, reply(1, Reply::Solved(last.clone())), 3.0);
    assert!(s.busy_kind(sb).is_none());
    let w = s.workshop(sb);
    assert_eq!(w.view, Some(View::Play), "the rating does not flip the board to the answer");
    assert_eq!(w.checked, checked);
    assert_eq!(w.result.as_deref(), Some(&last));
}

#[test]
fn a_solves_verdict_stays_through_a_hint_or_an_explanation_and_goes_with_a_new_solve() {
    let nono = Kind::Nonogram;
    let owner = Owner::Kind(nono);
    let mut s = State::new(Vec::new(), Default::default(), HEART);
    s = started(&s, 1, Some(nono), Work::Solve(Mode::Unique));
    s = step(&s, reply(1, Reply::Solved(heart_report())), 1.0);
    let verdict = |s: &State| s.verdict_shown(nono).map(|r| r.verdict);
    assert_eq!(verdict(&s), Some(Verdict::Unique));
    // A hint running, its answer, a hint cancelled or failed: the verdict stays, the end is said.
    s = started(&s, 2, Some(nono), Work::Hint);
    assert_eq!(verdict(&s), Some(Verdict::Unique), "while a hint runs");
    s = step(&s, Action::Cancelled(owner), 2.0);
    assert_eq!(verdict(&s), Some(Verdict::Unique), "after a hint was cancelled");
    assert_eq!(s.end_of(owner).map(String::as_str), Some("Cancelled."));
    s = started(&s, 3, Some(nono), Work::Explain);
    assert_eq!(verdict(&s), Some(Verdict::Unique), "while the solve is explained");
    assert!(s.end_of(owner).is_none(), "a new job's start clears the last one's end");
    s = step(&s, reply(3, Reply::Failed("out of time".into())), 3.0);
    assert_eq!(verdict(&s), Some(Verdict::Unique), "after an explanation failed");
    assert_eq!(s.end_of(owner).map(String::as_str), Some("Failed: out of time"));
    // The player's moves do not change the puzzle's verdict.
    s = step(&s, Action::Mark { kind: nono, cells: vec![(0, 1)] }, 4.0);
    assert_eq!(verdict(&s), Some(Verdict::Unique), "after a move");
    // A solve or a count answers anew: the old verdict goes while it runs, and when it is
    // cancelled the status line says so alone.
    s = started(&s, 4, Some(nono), Work::Solve(Mode::Count(10)));
    assert_eq!(verdict(&s), None, "while a count runs");
    s = step(&s, Action::Cancelled(owner), 5.0);
    assert_eq!(verdict(&s), None, "after the count was cancelled");
    // Another puzzle: no verdict.
    s = started(&s, 5, Some(nono), Work::Solve(Mode::Unique));
    s = step(&s, reply(5, Reply::Solved(heart_report())), 6.0);
    assert_eq!(verdict(&s), Some(Verdict::Unique));
    s = step(&s, Action::Route("#nonogram/v1/2x2:2/2/2/2".into()), 7.0);
    assert_eq!(verdict(&s), None, "another puzzle has no verdict yet");
}
