//! Star Battle: the encoding against brute force, formats (SBN too), the verifier, decoders under mutation.

use studio::grid::Grid;
use studio::kinds::starbattle::{check, formats, generate, StarBattle};
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
            let shown = report.rating.unwrap();
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

mod logic_rules {
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
                    (Found::Nothing, Found::Nothing)
                    | (Found::Broken { .. }, Found::Broken { .. }) => break,
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
}

/// The page's pure functions: marks, highlights, SVG, the region editor, exports.
mod page {
    use super::*;
    use studio::kinds::starbattle::page::{self, Draft, DOT, STAR};

    fn example() -> StarBattle {
        formats::from_puzzlink(EXAMPLE_URL).unwrap()
    }

    fn answer(p: &StarBattle) -> Grid<bool> {
        formats::stars_from_rows(
            p,
            &EXAMPLE_ANSWER.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
        )
        .unwrap()
    }

    /// Wall segments counted straight from the region letters: each cell side on the grid's edge
    /// or facing another letter.
    fn wall_sides(rows: &[&str]) -> usize {
        let g: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
        let (h, w) = (g.len() as i32, g[0].len() as i32);
        let at = |r: i32, c: i32| {
            if r < 0 || c < 0 || r >= h || c >= w {
                None
            } else {
                Some(g[r as usize][c as usize])
            }
        };
        let mut n = 0;
        for r in 0..h {
            for c in 0..w {
                for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                    n += usize::from(at(r + dr, c + dc) != at(r, c));
                }
            }
        }
        n
    }

    #[test]
    fn svg_draws_regions_walls_and_stars() {
        let p = example();
        let blank = page::render_svg(&p, None);
        assert!(blank.starts_with("<svg") && blank.trim_end().ends_with("</svg>"));
        assert_eq!(blank.matches("class=\"region\"").count(), 36);
        assert_eq!(
            blank.matches("data-region=\"C\"").count(),
            EXAMPLE_REGIONS.concat().matches('C').count()
        );
        assert_eq!(blank.matches("class=\"wall\"").count(), wall_sides(&EXAMPLE_REGIONS));
        assert_eq!(blank.matches("class=\"star\"").count(), 0);
        assert!(blank.contains("1 star in every row, column and region"));
        // Each region keeps one colour.
        // Each region keeps its colour: the top-left cell (A) and the bottom-left one (F).
        assert!(blank.contains(&format!(
            "data-region=\"A\" x=\"2\" y=\"30\" width=\"40\" height=\"40\" fill=\"{}\"",
            page::fill(Some(0))
        )));
        assert!(blank.contains(&format!(
            "data-region=\"F\" x=\"2\" y=\"230\" width=\"40\" height=\"40\" fill=\"{}\"",
            page::fill(Some(5))
        )));
        assert_ne!(page::fill(Some(0)), page::fill(Some(5)));
        let solved = page::render_svg(&p, Some(&answer(&p)));
        assert_eq!(solved.matches("class=\"star\"").count(), 6);
        // A grid of the wrong shape draws no stars rather than panicking.
        assert_eq!(
            page::render_svg(&p, Some(&Grid::filled(3, 3, true))).matches("class=\"star\"").count(),
            0
        );
    }

    /// Every region's letter is shown once, in its first cell, so a hint's "region J" is on the board.
    #[test]
    fn region_letters_show_each_region_once() {
        let p = example();
        let letters = page::region_letters(&p);
        let shown: Vec<char> = letters.iter().flatten().copied().collect();
        assert_eq!(shown.len(), p.n_regions());
        for (i, l) in letters.iter().enumerate() {
            if let Some(l) = l {
                let g = p.regions().cells()[i].unwrap();
                assert_eq!(*l, StarBattle::letter(g));
                assert!(
                    p.regions().cells()[..i].iter().all(|&x| x != Some(g)),
                    "the first cell of region {l}"
                );
            }
        }
    }

    /// A figure is drawn as one outline: a 2x2 block is a square of four sides, a band of rows
    /// one rectangle.
    #[test]
    fn figures_are_drawn_as_one_outline() {
        let block = page::outline_path(6, &[7, 8, 13, 14]);
        assert_eq!(block.matches('M').count(), 8, "{block}");
        assert!(
            block.contains("M1 1h1")
                && block.contains("M2 1h1")
                && block.contains("M1 3h1")
                && block.contains("M3 1v1"),
            "{block}"
        );
        // Two rows of a 6-wide board: 6 + 6 horizontal sides and 2 + 2 vertical ones.
        let band: Vec<usize> = (0..12).collect();
        assert_eq!(page::outline_path(6, &band).matches('M').count(), 16);
    }

    #[test]
    fn clicks_keys_and_strokes_cycle_like_the_mouse() {
        assert_eq!(page::click_mark(0, false), STAR);
        assert_eq!(page::click_mark(STAR, false), 0);
        assert_eq!(page::click_mark(DOT, false), STAR);
        assert_eq!(page::click_mark(0, true), DOT);
        assert_eq!(page::click_mark(DOT, true), 0);
        assert_eq!(page::click_mark(STAR, true), DOT);
        for key in [" ", "Enter", "s", "*"] {
            assert_eq!(page::key_mark(key, 0), Some(STAR), "{key:?}");
            assert_eq!(page::key_mark(key, STAR), Some(0), "{key:?}");
        }
        for key in ["x", "."] {
            assert_eq!(page::key_mark(key, 0), Some(DOT));
            assert_eq!(page::key_mark(key, DOT), Some(0));
        }
        assert_eq!(page::key_mark("Backspace", STAR), Some(0));
        assert_eq!(page::key_mark("Delete", DOT), Some(0));
        assert_eq!(page::key_mark("q", 0), None);
        // A dot drag dots the empty cells it passes and leaves stars alone.
        let marks = [0, STAR, 0, DOT, 0];
        assert_eq!(
            page::stroke_marks(&marks, &[0, 1, 2, 3, 4], true),
            vec![(0, DOT), (2, DOT), (4, DOT)]
        );
        // Starting on a dot, the drag clears dots only.
        assert_eq!(page::stroke_marks(&marks, &[3, 2, 1, 0], true), vec![(3, 0)]);
        // A star never spreads; a drag that starts by taking a star away takes away stars.
        assert_eq!(page::stroke_marks(&marks, &[0, 2, 4], false), vec![(0, STAR)]);
        assert_eq!(page::stroke_marks(&[STAR, 0, STAR], &[0, 1, 2], false), vec![(0, 0), (2, 0)]);
        assert_eq!(page::stroke_marks(&marks, &[], false), vec![]);
        // Cells past the marks count as empty; the page resizes the marks.
        assert_eq!(page::stroke_marks(&[], &[7, 8], true), vec![(7, DOT), (8, DOT)]);
    }

    #[test]
    fn highlights_name_the_stars_that_break_a_rule() {
        let p = example();
        assert!(page::conflicts(&p, &answer(&p)).iter().all(|&b| !b));
        let mut g = Grid::filled(6, 6, false);
        g[(0, 0)] = true;
        g[(1, 1)] = true; // touching diagonally
        g[(3, 5)] = true;
        g[(5, 5)] = true; // two in column 5 (k = 1)
        let bad = page::conflicts(&p, &g);
        let flagged: Vec<usize> = (0..36).filter(|&i| bad[i]).collect();
        assert_eq!(flagged, vec![0, 7, 23, 35]);
        assert!(
            page::conflicts(&p, &Grid::filled(2, 2, true)).iter().all(|&b| !b),
            "a grid of the wrong shape flags nothing"
        );
    }

    fn texts(d: &Draft) -> Vec<String> {
        d.problems().into_iter().map(|p| p.text).collect()
    }

    #[test]
    fn the_editor_names_each_problem_and_its_place() {
        let blank = Draft::blank(5, 5, 1);
        let t = texts(&blank);
        assert_eq!(
            t,
            vec!["0 regions so far; 5 rows need 5 regions (each holds 1 star): paint 5 more."
                .to_string()]
        );
        assert!(blank.problems()[0].blocking);
        assert!(blank.to_puzzle().is_err());

        // Rows and columns differ: said plainly, with the two star totals.
        let wide = Draft::blank(5, 6, 2);
        let t = texts(&wide).join("\n");
        assert!(
            t.contains("5 rows by 6 columns")
                && t.contains("10 stars by the rows but 12 by the columns")
                && t.contains("must be square"),
            "{t}"
        );

        // Rows as regions, one cell left unpainted, region B in two pieces.
        let mut d = Draft::blank(5, 5, 1);
        for r in 0..5 {
            d = d.painted(&(r * 5..r * 5 + 5).collect::<Vec<_>>(), Some(r as u8));
        }
        assert!(d.problems().is_empty(), "{:?}", texts(&d));
        let d2 = d.painted(&[7], None).painted(&[12], Some(1)).painted(&[11], Some(2));
        let t = texts(&d2).join("\n");
        assert!(t.contains("1 cell is in no region (the first at row 2, column 3)"), "{t}");
        assert!(t.contains("Region B is in 3 separate pieces (at row 2, column 1; row 2, column 4; row 3, column 3)"), "{t}");
        let outside = d2.problems().into_iter().find(|p| p.text.contains("no region")).unwrap();
        assert_eq!(outside.cells, vec![7]);
        assert!(!outside.blocking, "the model accepts cells outside every region");
        assert!(d2.to_puzzle().is_ok());

        // Too many regions.
        let six = d.painted(&[0], Some(9));
        assert!(
            texts(&six)[0].starts_with("6 regions; 5 rows need exactly 5"),
            "{:?}",
            texts(&six)
        );

        // A region with no room for its stars (2 stars, a 2x2 region holds 1).
        let mut e = Draft::blank(8, 8, 2);
        for r in 0..8 {
            e = e.painted(&(r * 8..r * 8 + 8).collect::<Vec<_>>(), Some(r as u8));
        }
        let e = e
            .painted(&[0, 1, 8, 9], Some(20))
            .painted(&(2..8).chain(10..16).collect::<Vec<_>>(), Some(1));
        let small = e
            .problems()
            .into_iter()
            .find(|p| p.text.contains("Region U"))
            .expect("the 2x2 region is flagged");
        assert_eq!(small.text, "Region U (from row 1, column 1) has 4 cells with room for at most 1 star without two touching; it needs 2 stars.");
        assert_eq!(small.cells, vec![0, 1, 8, 9]);

        // More stars than a line can hold.
        let t = texts(&Draft::blank(4, 4, 3)).join("\n");
        assert!(t.contains("A line of 4 cells holds at most 2 stars"), "{t}");
    }

    #[test]
    fn painting_the_example_region_by_region_makes_the_example() {
        let mut d = Draft::blank(6, 6, 1);
        let mut seen = Vec::new();
        for (i, ch) in EXAMPLE_REGIONS.concat().chars().enumerate() {
            let label = ch as u8 - b'A';
            if !seen.contains(&label) {
                assert_eq!(d.fresh_label(), Some(seen.len() as u8));
                seen.push(label);
            }
            let before = d.problems().len();
            d = d.painted(&[i], Some(label));
            assert!(d.problems().len() <= before + 1);
        }
        assert!(d.problems().is_empty(), "{:?}", texts(&d));
        let p = d.to_puzzle().unwrap();
        assert_eq!(p, example());
        assert_eq!(
            d.to_text(),
            p.to_json().to_string(),
            "a valid draft's text is the puzzle's JSON"
        );
        assert_eq!(Draft::from_puzzle(&p), d);
    }

    #[test]
    fn paint_erase_resize_and_text_round_trip() {
        let d = Draft::blank(3, 3, 1).painted(&[0, 1, 2, 99], Some(0)).painted(&[4], Some(60));
        assert_eq!(d.cells[..3], [Some(0); 3]);
        assert_eq!(d.cells[4], None, "labels past the letters are refused");
        assert_eq!(d.regions(), vec![(0, 3)]);
        assert_eq!(d.fresh_label(), Some(1));
        let erased = d.painted(&[1], None);
        assert_eq!(erased.cells[1], None);
        let bigger = d.resized(4, 5);
        assert_eq!((bigger.rows, bigger.cols, bigger.cells.len()), (4, 5, 20));
        assert_eq!(bigger.cells[..3], [Some(0); 3]);
        assert_eq!(bigger.cells[3], None);
        let smaller = d.resized(1, 2);
        assert_eq!(smaller.cells, vec![Some(0), Some(0)]);
        assert_eq!(Draft::blank(0, 99, 9).resized(0, 0).cells.len(), 1, "sizes are clamped");
        assert_eq!(Draft::blank(3, 3, 9).stars, 6);
        for draft in [d.clone(), bigger, Draft::blank(5, 6, 2).painted(&[3], Some(51))] {
            assert_eq!(Draft::from_text(&draft.to_text()).unwrap(), draft);
        }
        // Whatever storage holds, reading it never panics.
        let alphabet: Vec<char> = "0123456789abcXYZ{}[]\",:.-\n".chars().collect();
        let mut rng = fastrand::Rng::with_seed(5);
        let seed = d.to_text();
        for _ in 0..3000 {
            let text = crate::fuzz::mutate(&mut rng, &seed, &alphabet);
            if let Ok(x) = Draft::from_text(&text) {
                assert_eq!(x.cells.len(), x.rows * x.cols);
                let _ = x.problems();
                let _ = x.to_puzzle();
            }
        }
    }

    #[test]
    fn room_for_stars_equals_brute_force() {
        let mut rng = fastrand::Rng::with_seed(3);
        for _ in 0..300 {
            let cols = 5;
            let cells: Vec<usize> = (0..25).filter(|_| rng.u8(..3) == 0).collect();
            if cells.len() > 12 {
                continue;
            }
            let touch = |a: usize, b: usize| {
                (a / cols).abs_diff(b / cols) <= 1 && (a % cols).abs_diff(b % cols) <= 1
            };
            let mut best = 0;
            for mask in 0u32..1 << cells.len() {
                let chosen: Vec<usize> =
                    (0..cells.len()).filter(|i| mask >> i & 1 == 1).map(|i| cells[i]).collect();
                if chosen
                    .iter()
                    .enumerate()
                    .all(|(i, &a)| chosen[i + 1..].iter().all(|&b| !touch(a, b)))
                {
                    best = best.max(chosen.len());
                }
            }
            for k in 1..=6 {
                assert_eq!(page::room_for_stars(&cells, cols, k), best.min(k), "{cells:?} k={k}");
            }
        }
    }

    #[test]
    fn puzzlink_and_pzprv3_round_trip_random_puzzles() {
        // The worked example, byte for byte, both ways.
        let p = example();
        assert_eq!(formats::to_puzzlink(&p).as_deref(), Some(EXAMPLE_URL));
        let mut file = String::from("pzprv3\nstarbattle\n6\n6\n1\n6\n");
        for row in EXAMPLE_REGIONS {
            file.push_str(&row.chars().map(|c| format!("{} ", c as u8 - b'A')).collect::<String>());
            file.push('\n');
        }
        file.push_str(&". . . . . . \n".repeat(6));
        assert_eq!(formats::to_pzprv3(&p, None).unwrap(), file);
        let with_answer = formats::to_pzprv3(&p, Some(&answer(&p))).unwrap();
        assert!(
            with_answer.ends_with("# . . . . . \n") && with_answer.contains(". # . . . . \n"),
            "{with_answer}"
        );
        assert_eq!(formats::from_pzprv3(&with_answer).unwrap(), p);
        // Random valid puzzles of many sizes.
        let mut rng = fastrand::Rng::with_seed(21);
        for _ in 0..200 {
            let n = rng.usize(1..=14);
            let k = rng.usize(1..=3);
            let p = StarBattle::new(random_regions(n, &mut rng), k).unwrap();
            let url = formats::to_puzzlink(&p).expect("grown regions are connected");
            assert_eq!(formats::from_puzzlink(&url).unwrap(), p, "{url}");
            assert_eq!(formats::from_pzprv3(&formats::to_pzprv3(&p, None).unwrap()).unwrap(), p);
            let file_url = format!(
                "https://puzz.link/p?{}",
                formats::to_pzprv3(&p, None).unwrap().replace('\n', "/")
            );
            assert_eq!(formats::from_puzzlink(&file_url).unwrap(), p);
        }
        // Regions walls cannot express: no URL rather than one that reads back differently.
        let split = StarBattle::new(
            Grid::from_cells(2, 2, vec![Some(0), Some(1), Some(1), Some(0)]).unwrap(),
            1,
        )
        .unwrap();
        assert_eq!(formats::to_puzzlink(&split), None);
        assert!(formats::puzzlink_obstacle(&split)
            .unwrap()
            .contains("region A is in several pieces"));
        assert_eq!(formats::to_pzprv3(&split, None), None);
        let holes = StarBattle::new(
            Grid::from_cells(2, 2, vec![Some(0), Some(1), Some(1), None]).unwrap(),
            1,
        )
        .unwrap();
        assert!(formats::puzzlink_obstacle(&holes)
            .unwrap()
            .contains("row 2, column 2 is in no region"));
    }

    #[test]
    fn the_cursor_moves_with_the_arrows_and_stops_at_the_edges() {
        use studio::grid::cursor_step;
        assert_eq!(cursor_step("ArrowRight", (0, 0), 3, 4), Some((0, 1)));
        assert_eq!(cursor_step("ArrowRight", (0, 3), 3, 4), Some((0, 3)));
        assert_eq!(cursor_step("ArrowDown", (2, 1), 3, 4), Some((2, 1)));
        assert_eq!(cursor_step("ArrowUp", (0, 1), 3, 4), Some((0, 1)));
        assert_eq!(cursor_step("ArrowLeft", (1, 1), 3, 4), Some((1, 0)));
        assert_eq!(cursor_step("x", (1, 1), 3, 4), None);
    }
}

/// The SAT phase's implied band-of-blocks clauses keep every answer and add none: the plain
/// encoding plus those clauses has exactly the brute-force answers, on sizes where they apply
/// (5x5 and 4x4 with one star, 9x9 with two: ⌈n/2⌉ or the shifted cut is 2k + 1).
#[test]
fn band_block_clauses_keep_exactly_the_brute_force_answers() {
    use studio::kinds::starbattle::{encode, solve};
    use studio::sat::{Cnf, Solver};
    let mut rng = fastrand::Rng::with_seed(23);
    let mut with_answers = 0;
    for (n, k, rounds) in [(4, 1, 60), (5, 1, 80), (9, 2, 3)] {
        for _ in 0..rounds {
            let regions = random_regions(n, &mut rng);
            let mut expected = brute_solutions(&regions, k);
            let puzzle = StarBattle::new(regions, k).unwrap();
            let mut cnf = Cnf::new();
            let x = encode::encode(&puzzle, &mut cnf);
            let plain = cnf.n_clauses();
            solve::band_blocks(&puzzle, &x, &mut cnf);
            assert!(cnf.n_clauses() > plain, "{n}x{n}, {k}: the clauses apply at this size");
            let mut solver = Solver::new(&cnf);
            let mut found = Vec::new();
            while let Some(m) = solver.solve().unwrap() {
                found.push(x.iter().map(|&l| m.value(l)).collect::<Vec<bool>>());
                solver.block(&m, &x);
                assert!(found.len() <= 10_000);
            }
            found.sort();
            expected.sort();
            assert_eq!(
                found,
                expected,
                "{n}x{n}, {k} star(s): {:?}",
                formats::region_rows(&puzzle)
            );
            with_answers += usize::from(!expected.is_empty());
        }
    }
    assert!(with_answers > 10, "the random instances include solvable ones ({with_answers})");
}

/// The SAT phase's grouped encoding has exactly the brute-force answers: with no cell known
/// empty, and with random cells known empty (left out of the groups and added as units; the
/// brute-force answers are then those with no star there). Sizes where regions have one to
/// many groups and where the band clauses join in (5x5 and 9x9).
#[test]
fn grouped_encoding_keeps_exactly_the_brute_force_answers() {
    use studio::kinds::starbattle::{encode, solve};
    use studio::sat::{Cnf, Solver};
    let mut rng = fastrand::Rng::with_seed(32);
    let (mut with_answers, mut with_empties) = (0, 0);
    for (n, k, rounds) in [(3, 1, 30), (4, 1, 60), (5, 1, 80), (6, 1, 40), (8, 2, 4), (9, 2, 3)] {
        for round in 0..rounds {
            let regions = random_regions(n, &mut rng);
            let all = brute_solutions(&regions, k);
            let puzzle = StarBattle::new(regions, k).unwrap();
            // Every other round, some cells known empty: a third of the cells no answer uses
            // (when there is an answer, cells off its stars; else any).
            let mut empty = vec![false; n * n];
            if round % 2 == 1 {
                for i in 0..n * n {
                    if rng.usize(..3) == 0 && all.first().is_none_or(|a| !a[i]) {
                        empty[i] = true;
                    }
                }
            }
            let mut expected: Vec<Vec<bool>> =
                all.into_iter().filter(|a| (0..n * n).all(|i| !(empty[i] && a[i]))).collect();
            let mut cnf = Cnf::new();
            let x = encode::encode_grouped(&puzzle, &empty, &mut cnf);
            solve::band_blocks(&puzzle, &x, &mut cnf);
            for i in 0..n * n {
                if empty[i] {
                    cnf.unit(!x[i]);
                }
            }
            let mut solver = Solver::new(&cnf);
            let mut found = Vec::new();
            while let Some(m) = solver.solve().unwrap() {
                found.push(x.iter().map(|&l| m.value(l)).collect::<Vec<bool>>());
                solver.block(&m, &x);
                assert!(found.len() <= 10_000);
            }
            found.sort();
            expected.sort();
            assert_eq!(
                found,
                expected,
                "{n}x{n}, {k} star(s), empty {empty:?}: {:?}",
                formats::region_rows(&puzzle)
            );
            with_answers += usize::from(!expected.is_empty());
            with_empties += usize::from(!expected.is_empty() && empty.contains(&true));
        }
    }
    assert!(with_answers > 10 && with_empties > 5, "the random instances include solvable ones ({with_answers}, {with_empties} with empty cells)");
}

/// A region's cover: groups inside 2x2 boxes, every cell once, no more groups than a simple
/// count allows (a 2x3 block needs 2, a 4x4 block 4, a row of five cells 3).
#[test]
fn window_cover_partitions_into_few_boxes() {
    use studio::kinds::starbattle::encode::window_cover;
    let n = 9;
    let block = |r0: usize, c0: usize, h: usize, w: usize| -> Vec<usize> {
        (r0..r0 + h).flat_map(|r| (c0..c0 + w).map(move |c| r * n + c)).collect()
    };
    for (cells, want) in [
        (block(1, 1, 2, 3), 2),
        (block(0, 0, 4, 4), 4),
        (block(3, 2, 1, 5), 3),
        (block(0, 8, 3, 1), 2),
        (vec![0, 10, 20, 30], 2),
    ] {
        let cover = window_cover(n, &cells);
        assert_eq!(cover.len(), want, "{cells:?}: {cover:?}");
        let mut seen: Vec<usize> = cover.concat();
        seen.sort();
        let mut sorted = cells.clone();
        sorted.sort();
        assert_eq!(seen, sorted);
        for g in &cover {
            let (rs, cs): (Vec<usize>, Vec<usize>) = g.iter().map(|&i| (i / n, i % n)).unzip();
            assert!(
                rs.iter().max().unwrap() - rs.iter().min().unwrap() <= 1
                    && cs.iter().max().unwrap() - cs.iter().min().unwrap() <= 1,
                "{g:?}"
            );
        }
    }
}
