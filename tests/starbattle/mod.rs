//! Star Battle: the encoding against brute force, formats (SBN too), the verifier, decoders under mutation.

use studio::grid::Grid;
use studio::kinds::starbattle::{check, formats, generate, StarBattle};
use studio::play::Playable;
use studio::puzzle::{Mode, Puzzle, Verdict};

/// Random regions: `n` seeds grown at random until they tile the grid.
fn random_regions(n: usize, rng: &mut fastrand::Rng) -> Grid<Option<u32>> {
    let mut label = vec![u32::MAX; n * n];
    let mut cells: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut cells);
    for (g, &c) in cells.iter().take(n).enumerate() {
        label[c] = g as u32;
    }
    while label.contains(&u32::MAX) {
        let i = rng.usize(..n * n);
        if label[i] != u32::MAX {
            continue;
        }
        let (r, c) = (i / n, i % n);
        let mut around = vec![];
        if r > 0 {
            around.push(i - n)
        }
        if r + 1 < n {
            around.push(i + n)
        }
        if c > 0 {
            around.push(i - 1)
        }
        if c + 1 < n {
            around.push(i + 1)
        }
        let taken: Vec<u32> =
            around.into_iter().map(|j| label[j]).filter(|&g| g != u32::MAX).collect();
        if !taken.is_empty() {
            label[i] = taken[rng.usize(..taken.len())];
        }
    }
    Grid::from_cells(n, n, label.into_iter().map(Some).collect()).unwrap()
}

/// Naive count: choose k columns in each row (pruning full columns and stars under stars),
/// then check every rule directly.
fn brute_count(regions: &Grid<Option<u32>>, k: usize) -> usize {
    brute_solutions(regions, k).len()
}

/// Every answer by the naive search of [`brute_count`], each as stars in reading order.
fn brute_solutions(regions: &Grid<Option<u32>>, k: usize) -> Vec<Vec<bool>> {
    let n = regions.rows();
    let subsets: Vec<Vec<usize>> = (0u32..1 << n)
        .filter(|m| m.count_ones() as usize == k)
        .map(|m| (0..n).filter(|c| m >> c & 1 == 1).collect())
        .collect();
    let mut chosen: Vec<usize> = vec![0; n];
    let mut count = Vec::new();
    fn rec(
        row: usize,
        n: usize,
        k: usize,
        subsets: &[Vec<usize>],
        chosen: &mut Vec<usize>,
        regions: &Grid<Option<u32>>,
        count: &mut Vec<Vec<bool>>,
    ) {
        if row == n {
            let mut stars = vec![vec![false; n]; n];
            for (r, &s) in chosen.iter().enumerate() {
                for &c in &subsets[s] {
                    stars[r][c] = true;
                }
            }
            for c in 0..n {
                if (0..n).filter(|&r| stars[r][c]).count() != k {
                    return;
                }
            }
            let mut per = std::collections::HashMap::new();
            for r in 0..n {
                for c in 0..n {
                    if stars[r][c] {
                        *per.entry(regions[(r, c)]).or_insert(0) += 1;
                        for (dr, dc) in [(0i32, 1i32), (1, -1), (1, 0), (1, 1)] {
                            let (rr, cc) = (r as i32 + dr, c as i32 + dc);
                            if rr >= 0
                                && cc >= 0
                                && (rr as usize) < n
                                && (cc as usize) < n
                                && stars[rr as usize][cc as usize]
                            {
                                return;
                            }
                        }
                    }
                }
            }
            let labels: std::collections::HashSet<_> = regions.cells().iter().collect();
            if labels.iter().all(|l| per.get(*l).copied().unwrap_or(0) == k) {
                count.push(stars.concat());
            }
            return;
        }
        'subset: for s in 0..subsets.len() {
            // Prune: no column over k, and no star touching one in the row above.
            for &c in &subsets[s] {
                let in_column = chosen[..row].iter().filter(|&&t| subsets[t].contains(&c)).count();
                if in_column >= k {
                    continue 'subset;
                }
                if row > 0 && subsets[chosen[row - 1]].iter().any(|&d| d.abs_diff(c) <= 1) {
                    continue 'subset;
                }
            }
            chosen[row] = s;
            rec(row + 1, n, k, subsets, chosen, regions, count);
        }
    }
    rec(0, n, k, &subsets, &mut chosen, regions, &mut count);
    count
}

#[test]
fn solution_counts_equal_brute_force_on_random_small_puzzles() {
    let mut rng = fastrand::Rng::with_seed(7);
    let mut with_answers = 0;
    for (n, k, rounds) in [(4, 1, 60), (5, 1, 60), (6, 1, 25), (8, 2, 3)] {
        for _ in 0..rounds {
            let regions = random_regions(n, &mut rng);
            let expected = brute_count(&regions, k);
            let puzzle = StarBattle::new(regions, k).unwrap();
            let report = puzzle.solve(Mode::Count(100_000), None).unwrap();
            let (found, complete) = report.count.unwrap();
            assert!(complete);
            assert_eq!(
                found,
                expected,
                "{n}x{n}, {k} star(s): {:?}",
                formats::region_rows(&puzzle)
            );
            with_answers += usize::from(expected > 0);
        }
    }
    assert!(with_answers > 10, "the random instances include solvable ones ({with_answers})");
}

#[test]
fn the_verdict_matches_the_count() {
    let mut rng = fastrand::Rng::with_seed(11);
    let mut seen = std::collections::HashSet::new();
    for _ in 0..80 {
        let regions = random_regions(5, &mut rng);
        let expected = brute_count(&regions, 1);
        let puzzle = StarBattle::new(regions, 1).unwrap();
        let report = puzzle.solve(Mode::Unique, None).unwrap();
        let want = match expected {
            0 => Verdict::None,
            1 => Verdict::Unique,
            _ => Verdict::Multiple,
        };
        assert_eq!(report.verdict, want);
        assert_eq!(report.solutions.len(), expected.min(2));
        if expected >= 2 {
            assert_ne!(report.solutions[0], report.solutions[1]);
        }
        seen.insert(report.verdict);
    }
    assert_eq!(seen.len(), 3, "all three verdicts occur: {seen:?}");
}

const EXAMPLE_URL: &str = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou";
const EXAMPLE_REGIONS: [&str; 6] = ["AAABBB", "ABBBCC", "ADDEEC", "FFDDEC", "FEEEEC", "FCCCCC"];
const EXAMPLE_ANSWER: [&str; 6] = [".*....", "...*..", ".....*", "..*...", "....*.", "*....."];

#[test]
fn the_puzzlink_example_decodes_solves_and_reencodes() {
    let p = formats::from_puzzlink(EXAMPLE_URL).unwrap();
    assert_eq!(formats::region_rows(&p), EXAMPLE_REGIONS);
    assert_eq!(p.stars(), 1);
    assert_eq!(formats::to_puzzlink(&p).unwrap(), EXAMPLE_URL);
    let r = p.solve(Mode::Unique, None).unwrap();
    assert_eq!(r.verdict, Verdict::Unique);
    assert_eq!(p.solution_rows(&r.solutions[0]), EXAMPLE_ANSWER);
    // Prefixes, editor suffixes and a trailing slash read the same.
    for variant in [
        "http://pzv.jp/p.html?starbattle_edit/6/6/1/4ilbhgdnmhou/",
        "x?type=player&starbattle/6/6/1/4ilbhgdnmhou",
    ] {
        assert_eq!(formats::from_puzzlink(variant).unwrap(), p, "{variant}");
    }
}

#[test]
fn the_krazydad_example_line_carries_its_answer() {
    let line =
        r#"6,6,1,"AAABBBABBBCCADDEECFFDDECFEEEECFCCCCC","010000000100000001001000000010100000""#;
    let e = formats::from_krazydad_line(line).unwrap();
    assert_eq!(e.puzzle, formats::from_puzzlink(EXAMPLE_URL).unwrap());
    assert_eq!(e.puzzle.solution_rows(e.known.as_ref().unwrap()), EXAMPLE_ANSWER);
    let collection =
        formats::read_collection(&format!("# comment\n{line} # ts_9 lwork=3\n{line}\n"), "f")
            .unwrap();
    assert_eq!(collection.len(), 2);
    assert_eq!(collection[0].id, "ts_9");
    assert_eq!(collection[1].id, "line 3");
}

#[test]
fn pzprv3_files_and_url_form_read() {
    let mut file = String::from("pzprv3\nstarbattle\n6\n6\n1\n6\n");
    for row in EXAMPLE_REGIONS {
        file.push_str(&row.chars().map(|c| format!("{} ", c as u8 - b'A')).collect::<String>());
        file.push('\n');
    }
    file.push_str(&". . . . . . \n".repeat(6));
    let p = formats::from_pzprv3(&file).unwrap();
    assert_eq!(p, formats::from_puzzlink(EXAMPLE_URL).unwrap());
    let url = format!("https://puzz.link/p?{}", file.replace('\n', "/"));
    assert_eq!(formats::from_puzzlink(&url).unwrap(), p);
}

#[test]
fn json_and_link_round_trip() {
    for seed in 1..6 {
        let p = StarBattle::generate(
            &studio::kinds::starbattle::GenerateOptions {
                size: Some(5 + seed as usize),
                ..Default::default()
            },
            seed,
        )
        .unwrap();
        let json = p.to_json();
        assert_eq!(StarBattle::from_json(&json).unwrap(), p);
        assert_eq!(StarBattle::from_link_payload(1, &p.link_payload()).unwrap(), p);
        assert_eq!(formats::from_puzzlink(&formats::to_puzzlink(&p).unwrap()).unwrap(), p);
        assert_eq!(StarBattle::import(&json.to_string()).unwrap().puzzle, p);
    }
}

#[test]
fn generated_puzzles_are_proven_unique() {
    // Every usual size up to 17x17 (the default level, and `any` for the larger ones).
    for (size, stars, seed, word) in [
        (5, 1, 1, None),
        (6, 1, 2, None),
        (8, 1, 2, None),
        (10, 2, 3, None),
        (10, 2, 4, None),
        (12, 2, 5, Some("any")),
        (14, 3, 5, Some("any")),
        (17, 4, 2, Some("any")),
    ] {
        let options = studio::kinds::starbattle::GenerateOptions {
            size: Some(size),
            stars: Some(stars),
            difficulty: word.map(String::from),
        };
        let p = StarBattle::generate(&options, seed)
            .unwrap_or_else(|e| panic!("{size} {stars} {seed}: {e}"));
        assert_eq!((p.rows(), p.stars()), (size, stars));
        let r = p.solve(Mode::Count(3), None).unwrap();
        assert_eq!(r.count, Some((1, true)), "{size}x{size} seed {seed}");
        if word.is_none() {
            // The default level never needs search.
            assert!(generate::rating(&p).is_some(), "{size}x{size} seed {seed} needs search");
        }
    }
    assert!(generate::generate(5, 3, 1).is_err(), "3 stars cannot fit 5x5");
}

/// Each level asked for is the level the rating gives, and the solve report says it.
#[test]
fn generated_puzzles_are_rated_at_the_level_asked_for() {
    use studio::kinds::starbattle::generate::Difficulty;
    use studio::kinds::starbattle::logic::LADDER;
    let cases: [(usize, usize, &str); 10] = [
        (6, 1, "easy"),
        (6, 1, "medium"),
        (6, 1, "hard"),
        (6, 1, "expert"),
        (8, 1, "easy"),
        (10, 2, "medium"),
        (10, 2, "hard"),
        (10, 2, "expert"),
        (14, 3, "hard"),
        (14, 3, "beyond"),
    ];
    for (size, stars, word) in cases {
        for seed in 1..=2 {
            let options = studio::kinds::starbattle::GenerateOptions {
                size: Some(size),
                stars: Some(stars),
                difficulty: Some(word.into()),
            };
            let p = StarBattle::generate(&options, seed)
                .unwrap_or_else(|e| panic!("{size} {word} {seed}: {e}"));
            let level = Difficulty::from_word(word).unwrap();
            let rated = generate::rating(&p);
            assert!(level.accepts(rated), "{size}x{size} {word} seed {seed} rated {rated:?}");
            let report = p.solve(Mode::Unique, None).unwrap();
            assert_eq!(report.verdict, Verdict::Unique);
            let shown = report.rating.or_else(|| p.rate(&report.solutions[0])).unwrap();
            match rated {
                Some(rank) => {
                    assert_eq!(LADDER[rank as usize].level, word);
                    assert_eq!(shown, LADDER[rank as usize].rating);
                }
                None => assert!(shown.contains("search"), "{shown}"),
            }
        }
    }
    // The levels are the ladder's levels, each naming its highest rank.
    for level in studio::deduce::levels(LADDER) {
        let top = LADDER.iter().rposition(|r| r.level == level).unwrap() as u8;
        assert_eq!(Difficulty::from_word(level), Some(Difficulty::Exactly(top)));
    }
}

#[test]
fn generator_options_are_checked() {
    let with = |size: usize, stars: usize, word: &str| {
        StarBattle::generate(
            &studio::kinds::starbattle::GenerateOptions {
                size: Some(size),
                stars: Some(stars),
                difficulty: Some(word.into()),
            },
            1,
        )
    };
    let e = with(8, 1, "fiendish").unwrap_err().to_string();
    for choice in ["easy", "medium", "hard", "expert", "beyond", "any"] {
        assert!(e.contains(choice), "{e}");
    }
    assert!(with(10, 2, "easy").unwrap_err().to_string().contains("1 star"));
    assert!(with(26, 6, "any").is_err());
    assert!(with(10, 3, "any").is_err());
}

/// The monitor hears progress and stops the generator when it says so.
#[test]
fn the_generator_reports_progress_and_stops_when_told() {
    use std::cell::Cell;
    use std::rc::Rc;
    use studio::sat::Monitor;
    let calls = Rc::new(Cell::new(0));
    let seen = calls.clone();
    let mut stop = Monitor::new(0.0, move |_| {
        seen.set(seen.get() + 1);
        false
    });
    let options = studio::kinds::starbattle::GenerateOptions {
        size: Some(17),
        stars: Some(4),
        ..Default::default()
    };
    assert_eq!(
        StarBattle::generate_monitored(&options, 1, Some(&mut stop)).unwrap_err(),
        studio::puzzle::GenerateError::Stopped
    );
    assert_eq!(calls.get(), 1, "stopped at the first report");
    let calls = Rc::new(Cell::new(0));
    let seen = calls.clone();
    let mut go_on = Monitor::new(0.0, move |_| {
        seen.set(seen.get() + 1);
        true
    });
    let options = studio::kinds::starbattle::GenerateOptions {
        size: Some(10),
        stars: Some(2),
        ..Default::default()
    };
    let p = StarBattle::generate_monitored(&options, 1, Some(&mut go_on)).unwrap();
    assert!(calls.get() > 1, "progress reported ({})", calls.get());
    assert_eq!(
        p,
        StarBattle::generate(&options, 1).unwrap(),
        "the monitor does not change the puzzle"
    );
}

#[test]
fn the_verifier_rejects_wrong_answers() {
    let p = formats::from_puzzlink(EXAMPLE_URL).unwrap();
    let rows = |r: &[&str]| {
        formats::stars_from_rows(&p, &r.iter().map(|s| s.to_string()).collect::<Vec<_>>()).unwrap()
    };
    assert!(check::verify(&p, &rows(&EXAMPLE_ANSWER)).is_ok());
    let touching = ["*.....", ".*....", "......", "......", "......", "......"];
    assert!(check::verify(&p, &rows(&touching)).unwrap_err().contains("touch"));
    let empty = ["......"; 6];
    assert!(check::verify(&p, &rows(&empty)).unwrap_err().contains("row 1 has 0 stars"));
    // Row and column counts right, regions wrong: a shifted permutation.
    let shifted = [".*....", "...*..", ".....*", "*.....", "..*...", "....*."];
    let e = check::verify(&p, &rows(&shifted)).unwrap_err();
    assert!(e.contains("region"), "{e}");
}

#[test]
fn validation_says_what_is_wrong_and_where() {
    let msg = |json: &str| StarBattle::import(json).unwrap_err().to_string();
    assert_eq!(
        msg(r#"{"kind":"starbattle","stars":1,"regions":["AB","A"]}"#),
        "regions row 2: expected 2 cells, found 1"
    );
    assert!(msg(r#"{"kind":"starbattle","stars":9,"regions":["AB","AB"]}"#).starts_with("stars:"));
    assert!(msg(r#"{"kind":"starbattle","stars":1,"regions":["AAA","AAA","AAA"]}"#)
        .contains("needs exactly 3 regions"));
    assert!(
        msg(r#"{"kind":"starbattle","stars":1,"regions":["A#","AB"]}"#).contains("row 1, column 2")
    );
    assert!(msg(r#"{"kind":"starbattle","stars":1,"regions":["AAB","ABB"]}"#).contains("square"));
    assert!(msg("{\"kind\":").starts_with("JSON line 1"));
    // Characters after the two wall sections belong to what follows, and are ignored.
    assert!(formats::from_puzzlink("https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhouzz").is_ok());
    assert!(msg("https://puzz.link/p?starbattle/6/6/1/4ilb").contains("expected 12 base-32 digits"));
    assert!(msg("https://puzz.link/p?starbattle/6/6/42/4ilbhgdnmhou")
        .contains("stars per row, column and region must be 1 to 6, got 42"));
    assert!(msg("hello").contains("not a Star Battle format"));
}

/// StarBattleLab's SBN, worked by hand on a 5x5 one-star puzzle with regions
/// `aabbb / acbdd / ccbdd / ceedd / eeeee`. Borders right of each cell, row by row:
/// 0100 1110 0110 1010 0000; below each cell, column by column: 0101 1010 0010 1001 1001.
/// With two padding zeros in front, the 42 bits in sixes are 000100 111001 101010 000001
/// 011010 001010 011001 = 4, 57, 42, 1, 26, 10, 25 = the digits `4vg1QAP`.
const SBN_EXAMPLE: &str = "551W4vg1QAP";
const SBN_EXAMPLE_REGIONS: [&str; 5] = ["aabbb", "acbdd", "ccbdd", "ceedd", "eeeee"];

fn sbn_example() -> StarBattle {
    StarBattle::from_json(
        &serde_json::json!({"kind": "starbattle", "stars": 1, "regions": SBN_EXAMPLE_REGIONS}),
    )
    .unwrap()
}

#[test]
fn sbn_reads_and_writes_the_worked_example() {
    let p = sbn_example();
    assert_eq!(formats::from_sbn(SBN_EXAMPLE).unwrap(), p);
    assert_eq!(formats::to_sbn(&p).unwrap(), SBN_EXAMPLE);
    // Through every entry point: import, the import box's sniffing, a collection of lines.
    assert_eq!(StarBattle::import(&format!("  {SBN_EXAMPLE}\n")).unwrap().puzzle, p);
    assert_eq!(studio::kinds::sniff(SBN_EXAMPLE), Some(studio::kinds::Kind::StarBattle));
    let file = format!("{SBN_EXAMPLE}\r\n\r\n{SBN_EXAMPLE}\r\n");
    let entries = formats::read_collection(&file, "x.sbn").unwrap();
    assert_eq!(entries.iter().map(|e| e.id.as_str()).collect::<Vec<_>>(), ["line 1", "line 3"]);
    assert!(entries.iter().all(|e| e.puzzle == p && e.known.is_none()));
    // Player marks after the flag `e` and a `~history` tail are checked, then left out.
    assert_eq!(formats::from_sbn("551e4vg1QAP008").unwrap(), p);
    assert_eq!(formats::from_sbn("551W4vg1QAP~h:0102:1").unwrap(), p);
    // The answer of the worked example is proven unique by the solver.
    let r = p.solve(Mode::Count(3), None).unwrap();
    assert_eq!(r.count, Some((1, true)));
}

#[test]
fn sbn_round_trips_random_puzzles_and_refuses_what_it_cannot_hold() {
    let mut rng = fastrand::Rng::with_seed(32);
    for _ in 0..200 {
        let n = rng.usize(5..=25);
        let k = rng.usize(1..=6);
        let p = StarBattle::new(random_regions(n, &mut rng), k).unwrap();
        let text = formats::to_sbn(&p).expect("grown regions are connected");
        assert_eq!(text.len(), 4 + (2 * n * (n - 1)).div_ceil(6), "{text}");
        assert_eq!(formats::from_sbn(&text).unwrap(), p, "{text}");
        assert!(formats::looks_like_sbn(&text));
    }
    let small = StarBattle::new(random_regions(4, &mut rng), 1).unwrap();
    assert_eq!(formats::to_sbn(&small).unwrap_err(), "SBN holds sides 5 to 25, not 4");
    let mut labels: Vec<Option<u32>> =
        SBN_EXAMPLE_REGIONS.concat().chars().map(|c| Some(c as u32)).collect();
    labels[24] = Some('a' as u32);
    let split = StarBattle::new(Grid::from_cells(5, 5, labels).unwrap(), 1).unwrap();
    assert!(formats::to_sbn(&split)
        .unwrap_err()
        .contains("region A is in several pieces, which SBN would read"));
}

#[test]
fn sbn_errors_say_what_and_where() {
    let msg = |t: &str| formats::from_sbn(t).unwrap_err().to_string();
    assert!(msg("LL5").contains("too short"), "{}", msg("LL5"));
    assert!(
        msg("LM5W0000").starts_with("SBN, characters 1-2: `LM` is not a size code"),
        "{}",
        msg("LM5W0000")
    );
    assert!(msg("QQ5W0000").contains("not a size code"));
    assert!(msg("55xW4vg1QAP").starts_with("SBN, character 3: expected the number of stars"));
    assert!(msg("551X4vg1QAP").starts_with("SBN, character 4: expected the flag `W`"));
    assert_eq!(
        msg("551W4vg1QA"),
        "SBN, region data: a 5x5 grid needs 7 region digits after `551W`, found 6"
    );
    assert_eq!(
        msg("551W4vg1Q*P"),
        "SBN, character 10: `*` is not an SBN digit (0-9, A-Z, a-z, - and _)"
    );
    assert!(
        msg("551W4vg1QAPx").starts_with("SBN, character 12: 1 characters follow the region data")
    );
    assert_eq!(
        msg("551e4vg1QAP00*"),
        "SBN, character 14: `*` is not an SBN digit (0-9, A-Z, a-z, - and _)"
    );
    assert!(msg(&format!("551e4vg1QAP{}", "0".repeat(10))).contains("at most 9 mark digits"));
    // Borders that enclose the wrong number of regions, and too many stars, are the model's errors.
    assert!(
        msg("551W0000000").starts_with("SBN, regions: a 5x5 grid needs exactly 5 regions"),
        "{}",
        msg("551W0000000")
    );
    assert!(msg("557W4vg1QAP")
        .starts_with("SBN, stars: stars per row, column and region must be 1 to 6"));
    // Through import, the first characters being a size code is enough to get SBN's own error.
    assert!(StarBattle::import("LL5Wabc")
        .unwrap_err()
        .to_string()
        .contains("a 21x21 grid needs 140 region digits"));
    let bad_line = format!("{SBN_EXAMPLE}\n551W4vg1Q*P\n");
    assert!(formats::read_collection(&bad_line, "x.sbn")
        .unwrap_err()
        .to_string()
        .starts_with("x.sbn line 2, SBN, character 10"));
}

/// A deterministic mutation fuzz: every decoder gets thousands of damaged inputs and must answer
/// with a value (Ok or Err), never a panic.
#[test]
fn decoders_never_panic_on_damaged_input() {
    let p = generate::generate(8, 1, 9).unwrap();
    let json = p.to_json().to_string();
    let link = format!("#{}", studio::link::fragment(&p));
    let puzzlink = formats::to_puzzlink(&p).unwrap();
    let krazy = format!("8,8,1,\"{}\",\"{}\"", formats::region_rows(&p).concat(), "0".repeat(64));
    let sbn = formats::to_sbn(
        &StarBattle::new(random_regions(9, &mut fastrand::Rng::with_seed(5)), 2).unwrap(),
    )
    .unwrap();
    let sbn_marked = format!("{SBN_EXAMPLE}008Az~h:0102:1").replacen("551W", "551e", 1);
    let pzpr = "pzprv3\nstarbattle\n6\n6\n1\n6\n0 0 0 1 1 1\n0 1 1 1 2 2\n0 3 3 4 4 2\n5 5 3 3 4 2\n5 4 4 4 4 2\n5 2 2 2 2 2\n".to_string();
    let alphabet: Vec<char> =
        "0123456789abcdefghijklmnopqrstuvwxyzABCXYZ/.,#?\"{}[]:-+*_~We \n%é".chars().collect();
    let mut rng = fastrand::Rng::with_seed(1234);
    for seed in [&json, &link, &puzzlink, &krazy, &pzpr, &sbn, &sbn_marked] {
        for _ in 0..3000 {
            let text = crate::fuzz::mutate(&mut rng, seed, &alphabet);
            let _ = studio::kinds::import(studio::kinds::Kind::StarBattle, &text);
            let _ = formats::from_puzzlink(&text);
            let _ = formats::from_pzprv3(&text);
            let _ = formats::from_krazydad_line(&text);
            let _ = formats::from_sbn(&text);
            let _ = formats::looks_like_sbn(&text);
            let _ = formats::read_collection(&text, "fuzz");
            let _ = formats::read_collection(&format!("{text}\n{text}"), "fuzz");
            let _ = StarBattle::from_link_payload(1, &text);
            let _ = studio::link::parse_fragment(&text);
        }
    }
}

// The logic ladder's rules: each deduction sound against brute force, the rating.
mod logic_rules;
/// The page's pure functions: marks, highlights, SVG, the region editor, exports.
mod page;
// The SAT phase's extra clauses and grouped encoding against brute force.
mod encoding;
// Which units force a cell (the analysis of where the hints stop) against brute force.
mod cores;

/// A bad region letter in a KrazyDad line is placed by row and column counted from 1.
#[test]
fn a_bad_region_letter_is_named_by_row_and_column_from_one() {
    let e = StarBattle::import("5,5,1,\"AAAAABBBBBCCCCCDDD!DEEEEE\"").unwrap_err();
    assert!(e.to_string().contains("field 4, row 4, column 4"), "{e}");
}

/// The Stars menu's counts per size are those the generator accepts (4k ≤ n + 2).
#[test]
fn the_star_counts_offered_are_those_the_generator_accepts() {
    assert_eq!(generate::star_counts(5), vec![1]);
    assert_eq!(generate::star_counts(6), vec![1, 2]);
    assert_eq!(generate::star_counts(21), vec![1, 2, 3, 4, 5]);
    assert_eq!(generate::star_counts(22), vec![1, 2, 3, 4, 5, 6]);
    for size in 5..=25 {
        for k in 1..=6 {
            let offered = generate::star_counts(size).contains(&k);
            assert_eq!(offered, generate::check_size(size, k).is_ok(), "{size}x{size}, {k}");
        }
    }
}
