//! KenKen: the encodings against brute force, Tatham's worked example, formats, the verifier,
//! the generator, and decoders under mutation.

use studio::grid::Grid;
use studio::kinds::kenken::{check, encode, formats, generate, model, tuples, Cage, KenKen, Op};
use studio::puzzle::{enumerate_verified, Mode, Puzzle, Verdict};
use studio::sat::{Cnf, Solver};

const EXAMPLE: &str = "5:a__a_3a_5a_a_a_3b_bac_,a5m15a7a10s2s2d2s3m40m2s2";
const EXAMPLE_ANSWER: [&str; 5] = ["41352", "13524", "52413", "35241", "24135"];

/// Random connected cages over an n x n grid with random operations whose targets come from
/// random digits or from a Latin square, so puzzles have zero, one or many answers.
fn random_puzzle(n: usize, squares: &[Vec<u8>], rng: &mut fastrand::Rng) -> KenKen {
    loop {
        // Half the time the targets come from a real Latin square, so unique puzzles occur too.
        let planted = rng.bool().then(|| &squares[rng.usize(..squares.len())]);
        let mut owner = vec![usize::MAX; n * n];
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for start in 0..n * n {
            if owner[start] != usize::MAX {
                continue;
            }
            let want = rng.usize(1..=4);
            owner[start] = groups.len();
            let mut cells = vec![start];
            while cells.len() < want {
                let free: Vec<usize> = cells
                    .iter()
                    .flat_map(|&c| {
                        let (r, col) = (c / n, c % n);
                        let mut v = vec![];
                        if r + 1 < n {
                            v.push(c + n)
                        }
                        if col + 1 < n {
                            v.push(c + 1)
                        }
                        if col > 0 {
                            v.push(c - 1)
                        }
                        v
                    })
                    .filter(|&m| owner[m] == usize::MAX)
                    .collect();
                if free.is_empty() {
                    break;
                }
                let m = free[rng.usize(..free.len())];
                owner[m] = groups.len();
                cells.push(m);
            }
            groups.push(cells);
        }
        let cages: Vec<Cage> = groups
            .into_iter()
            .map(|cells| {
                let v: Vec<u64> = cells
                    .iter()
                    .map(|&c| planted.map_or_else(|| rng.u64(1..=n as u64), |g| g[c] as u64))
                    .collect();
                let (op, target) = match v.as_slice() {
                    [a] => (Op::Given, *a),
                    [a, b] if rng.bool() && a != b => {
                        if a.max(b) % a.min(b) == 0 && rng.bool() {
                            (Op::Div, a.max(b) / a.min(b))
                        } else {
                            (Op::Sub, a.abs_diff(*b))
                        }
                    }
                    _ => {
                        if rng.bool() {
                            (Op::Add, v.iter().sum())
                        } else {
                            (Op::Mul, v.iter().product())
                        }
                    }
                };
                Cage { op, target, cells }
            })
            .collect();
        if let Ok(p) = KenKen::new(n, cages) {
            return p;
        }
    }
}

/// Every Latin square of side n, by plain backtracking.
fn latin_squares(n: usize) -> Vec<Vec<u8>> {
    fn rec(i: usize, n: usize, g: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if i == n * n {
            out.push(g.clone());
            return;
        }
        let (r, c) = (i / n, i % n);
        for d in 1..=n as u8 {
            if (0..c).any(|j| g[r * n + j] == d) || (0..r).any(|j| g[j * n + c] == d) {
                continue;
            }
            g[i] = d;
            rec(i + 1, n, g, out);
            g[i] = 0;
        }
    }
    let mut out = Vec::new();
    rec(0, n, &mut vec![0; n * n], &mut out);
    out
}

/// The naive count: every Latin square, every cage rule evaluated here.
fn brute_count(p: &KenKen, squares: &[Vec<u8>]) -> usize {
    squares
        .iter()
        .filter(|g| {
            p.cages().iter().all(|cage| {
                let v: Vec<u64> = cage.cells.iter().map(|&c| g[c] as u64).collect();
                match cage.op {
                    Op::Given => v[0] == cage.target,
                    Op::Add => v.iter().sum::<u64>() == cage.target,
                    Op::Mul => v.iter().product::<u64>() == cage.target,
                    Op::Sub => v[0].abs_diff(v[1]) == cage.target,
                    Op::Div => v[0].max(v[1]) == v[0].min(v[1]) * cage.target,
                    Op::Blank => true,
                }
            })
        })
        .count()
}

/// Counts with the SAT encoding alone (no propagation), tuples up to `limit`.
fn sat_count(p: &KenKen, limit: usize) -> usize {
    let n = p.size();
    let mut cnf = Cnf::new();
    let vars = encode::encode_with_limit(p, &vec![tuples::full(n); n * n], limit, &mut cnf);
    let over = p.answer_lits(&vars);
    let mut solver = Solver::new(&cnf);
    let e = enumerate_verified(
        &mut solver,
        &over,
        Mode::Count(100_000),
        |m| studio::puzzle::checked(p, &vars, m),
        &mut Vec::new(),
    )
    .unwrap();
    assert!(e.complete);
    e.found
}

#[test]
fn solution_counts_equal_brute_force_on_random_3x3_and_4x4_puzzles() {
    let mut rng = fastrand::Rng::with_seed(5);
    let mut seen = std::collections::HashSet::new();
    for (n, rounds) in [(3, 120), (4, 120)] {
        let squares = latin_squares(n);
        assert_eq!(squares.len(), if n == 3 { 12 } else { 576 });
        for _ in 0..rounds {
            let p = random_puzzle(n, &squares, &mut rng);
            let expected = brute_count(&p, &squares);
            let rows = formats::to_keen(&p).unwrap();
            // The tuple encoding, the arithmetic encoding, and the full solve path all agree.
            assert_eq!(sat_count(&p, encode::TUPLE_LIMIT), expected, "tuples: {rows}");
            assert_eq!(sat_count(&p, 0), expected, "arithmetic: {rows}");
            let r = p.solve(Mode::Count(100_000), None).unwrap();
            assert_eq!(r.count, Some((expected, true)), "solve path: {rows}");
            let u = p.solve(Mode::Unique, None).unwrap();
            let want = match expected {
                0 => Verdict::None,
                1 => Verdict::Unique,
                _ => Verdict::Multiple,
            };
            assert_eq!(u.verdict, want, "{rows}");
            seen.insert((n, want));
        }
    }
    assert_eq!(seen.len(), 6, "every verdict occurs at both sizes: {seen:?}");
}

#[test]
fn the_generic_sat_path_agrees_with_brute_force_too() {
    let mut rng = fastrand::Rng::with_seed(9);
    let squares = latin_squares(4);
    for _ in 0..40 {
        let p = random_puzzle(4, &squares, &mut rng);
        let r = studio::puzzle::solve(&p, Mode::Count(1000), None).unwrap();
        assert_eq!(r.count, Some((brute_count(&p, &squares), true)));
    }
}

#[test]
fn tathams_worked_example_decodes_solves_and_reencodes_byte_for_byte() {
    let p = formats::from_keen(EXAMPLE).unwrap();
    assert_eq!(p.size(), 5);
    let first_cells: Vec<usize> = p.cages().iter().map(|c| c.cells[0]).collect();
    assert_eq!(first_cells, [0, 2, 3, 4, 5, 10, 11, 13, 16, 17, 23]);
    let clues: Vec<String> =
        p.cages().iter().map(|c| format!("{}{}", c.op.symbol(), c.target)).collect();
    assert_eq!(clues, ["+5", "*15", "+7", "+10", "-2", "-2", "/2", "-3", "*40", "*2", "-2"]);
    assert_eq!(p.cages()[8].cells, [16, 20, 21]);
    let r = p.solve(Mode::Unique, None).unwrap();
    assert_eq!(r.verdict, Verdict::Unique);
    assert_eq!(p.solution_rows(&r.solutions[0]), EXAMPLE_ANSWER);
    assert_eq!(formats::to_keen(&p).unwrap(), EXAMPLE);
    // The pure SAT path proves the same.
    let s = studio::puzzle::solve(&p, Mode::Unique, None).unwrap();
    assert_eq!(s.verdict, Verdict::Unique);
    assert_eq!(s.solutions, r.solutions);
    // Params, links with percent escapes and the JSON line of formats.md 4.3 read the same puzzle.
    for variant in [
        "5de:a__a_3a_5a_a_a_3b_bac_,a5m15a7a10s2s2d2s3m40m2s2",
        "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/keen.html#5dem:a__a_3a_5a_a_a_3b_bac_%2Ca5m15a7a10s2s2d2s3m40m2s2",
    ] {
        assert_eq!(formats::from_keen(variant).unwrap(), p, "{variant}");
        assert_eq!(studio::kinds::sniff(variant), Some(studio::kinds::Kind::KenKen));
    }
    let line = r#"{"id":"keen-example","size":5,"cages":[{"op":"+","target":5,"cells":[[0,0],[0,1]]},{"op":"*","target":15,"cells":[[0,2],[1,2]]},{"op":"+","target":7,"cells":[[0,3],[1,3]]},{"op":"+","target":10,"cells":[[0,4],[1,4],[2,4],[3,4]]},{"op":"-","target":2,"cells":[[1,0],[1,1]]},{"op":"-","target":2,"cells":[[2,0],[3,0]]},{"op":"/","target":2,"cells":[[2,1],[2,2]]},{"op":"-","target":3,"cells":[[2,3],[3,3]]},{"op":"*","target":40,"cells":[[3,1],[4,0],[4,1]]},{"op":"*","target":2,"cells":[[3,2],[4,2]]},{"op":"-","target":2,"cells":[[4,3],[4,4]]}],"solution":[[4,1,3,5,2],[1,3,5,2,4],[5,2,4,1,3],[3,5,2,4,1],[2,4,1,3,5]]}"#;
    let e = KenKen::import(line).unwrap();
    assert_eq!(e.puzzle, p);
    assert_eq!(e.puzzle.solution_rows(e.known.as_ref().unwrap()), EXAMPLE_ANSWER);
    let both = format!("{line}\n{}\n", line.replace("keen-example", "again"));
    let c = KenKen::read_collection(&both, "f.jsonl").unwrap();
    assert_eq!(c.iter().map(|e| e.id.as_str()).collect::<Vec<_>>(), ["keen-example", "again"]);
    // A save file.
    let desc = EXAMPLE.split_once(':').unwrap().1;
    let save = format!("SAVEFILE:41:Simon Tatham's Portable Puzzle Collection\nVERSION :1:1\nGAME    :4:Keen\nPARAMS  :3:5de\nCPARAMS :3:5de\nDESC    :{}:{desc}\nNSTATES :1:1\n", desc.len());
    assert_eq!(KenKen::import(&save).unwrap().puzzle, p);
}

/// A 9x9 of nine one-row sum cages: 72 non-separating vertical edges in one run.
fn rows_puzzle() -> KenKen {
    let cages = (0..9)
        .map(|r| Cage { op: Op::Add, target: 45, cells: (0..9).map(|c| r * 9 + c).collect() })
        .collect();
    KenKen::new(9, cages).unwrap()
}

#[test]
fn long_runs_use_keens_decoder_meaning_of_y_and_never_z() {
    let p = rows_puzzle();
    let id = formats::to_keen(&p).unwrap();
    let blocks = id.split_once(':').unwrap().1.split_once(',').unwrap().0;
    // 72 = 25 + 25 + 22: `yy` (no separators) then `v` (22, then the first horizontal edge as a
    // separator); then the other 71 horizontal edges and the final virtual edge, `_72`.
    assert_eq!(blocks, "yyv_72");
    assert!(!id.contains('z'));
    assert_eq!(formats::from_keen(&id).unwrap(), p);
    // Tatham's encoder writes the same run as `zzv` (z = 25 with no separator): read it too.
    assert_eq!(formats::from_keen(&id.replace("yyv", "zzv")).unwrap(), p);
    // And `y` in the encoder's meaning (25, then a separator) when the count only fits that way.
    let enc = formats::from_keen("3:y,a6a6a6").err();
    assert!(enc.is_some(), "3x3 has 13 positions; `y` covers 26 or 25");
}

#[test]
fn the_verifier_rejects_wrong_grids() {
    let p = formats::from_keen(EXAMPLE).unwrap();
    let grid = |rows: &[&str]| {
        formats::digits_from_rows(&p, &rows.iter().map(|s| s.to_string()).collect::<Vec<_>>())
            .unwrap()
    };
    assert!(check::verify(&p, &grid(&EXAMPLE_ANSWER)).is_ok());
    // Rows swapped: still Latin, cages broken.
    let swapped = ["13524", "41352", "52413", "35241", "24135"];
    assert!(check::verify(&p, &grid(&swapped)).unwrap_err().contains("cage"));
    // A repeated digit in a row.
    let repeated = ["41351", "13524", "52413", "35241", "24135"];
    assert!(check::verify(&p, &grid(&repeated)).unwrap_err().contains("row 1 holds 1 twice"));
    // A repeated digit in a column only.
    let column = ["41352", "41352", "52413", "35241", "24135"];
    assert!(check::verify(&p, &grid(&column)).unwrap_err().contains("column 0 holds 4 twice"));
    let zero = Grid::from_cells(5, 5, vec![0u8; 25]).unwrap();
    assert!(check::verify(&p, &zero).unwrap_err().contains("not a digit"));
    assert!(check::verify(&p, &Grid::from_cells(3, 3, vec![1u8; 9]).unwrap()).is_err());
    // Digits past the size are refused when read.
    assert!(formats::digits_from_rows(
        &p,
        &["41356".into(), "13524".into(), "52413".into(), "35241".into(), "24135".into()]
    )
    .is_err());
}

#[test]
fn validation_names_the_cage_and_the_problem() {
    let msg = |json: &str| KenKen::import(json).unwrap_err().to_string();
    let head = r#"{"kind":"kenken","size":3,"cages":["#;
    let rest = r#"{"op":"+","target":6,"cells":[[1,0],[1,1],[1,2]]},{"op":"+","target":6,"cells":[[2,0],[2,1],[2,2]]}]}"#;
    let m = msg(&format!(r#"{head}{{"op":"+","target":3,"cells":[[0,0],[0,1]]}},{rest}"#));
    assert_eq!(m, "the cell at row 1, column 3: it is in no cage");
    let m =
        msg(&format!(r#"{head}{{"op":"+","target":8,"cells":[[0,0],[0,1],[0,2],[1,0]]}},{rest}"#));
    assert_eq!(m, "the cell at row 2, column 1: it is in two cages: cage 8+ at row 1, column 1 and cage 6+ at row 2, column 1");
    let m = msg(&format!(
        r#"{head}{{"op":"+","target":4,"cells":[[0,0],[0,2]]}},{{"op":"=","target":2,"cells":[[0,1]]}},{rest}"#
    ));
    assert_eq!(m, "cage 4+ at row 1, column 1: the cage's cells are not orthogonally connected");
    let m = msg(&format!(r#"{head}{{"op":"-","target":1,"cells":[[0,0],[0,1],[0,2]]}},{rest}"#));
    assert_eq!(m, "cage 1− at row 1, column 1: `-` is a two-cell rule, but the cage has 3 cells");
    let m = msg(&format!(r#"{head}{{"op":"+","target":9,"cells":[[0,0],[0,1],[0,2]]}},{rest}"#));
    assert_eq!(m, "cage 9+ at row 1, column 1: no digits 1 to 3 (different where cells share a row or column) make the sum 9");
    // 2 = 1 + 1 is out: the two cells share a row.
    let m = msg(&format!(
        r#"{head}{{"op":"+","target":2,"cells":[[0,0],[0,1]]}},{{"op":"=","target":3,"cells":[[0,2]]}},{rest}"#
    ));
    assert!(m.contains("make the sum 2"), "{m}");
    assert!(msg(r#"{"kind":"kenken","size":13,"cages":[]}"#).contains("sizes are 3 to 12"));
    assert!(msg(&format!(r#"{head}{{"op":"%","target":3,"cells":[[0,0]]}}]}}"#))
        .contains("not an operation"));
    assert!(msg(&format!(r#"{head}{{"op":"=","target":3,"cells":[[0,9]]}}]}}"#))
        .contains("outside the 3x3 grid"));
    assert!(msg("hello").contains("not a KenKen format"));
    assert!(msg("5de#846699649745236").contains("random-seed IDs"));
    assert!(msg(
        "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/keen.html#5de%23846699649745236"
    )
    .contains("random-seed IDs"));
    assert!(msg("5:a__a_3a_5a_a_a_3b_bac,a5m15a7a10s2s2d2s3m40m2s2")
        .contains("cage walls do not fit a 5x5 grid"));
    assert!(msg("5:a__a_3a_5a_a_a_3b_bac_,a5m15a7a10s2s2d2s3m40m2").contains("more cages than"));
    assert!(msg("5:a__a_3a_5a_a_a_3b_bac_,a5m15a7a10s2s2d2s3m40m2s2s1").contains("left over"));
    assert!(msg("5:a__a_3a_5a_a_a_3b_bac_,a5m15a7a10s2s2d2s3m40m2d7")
        .contains("cage 7÷ at row 5, column 4: no digits 1 to 5"));
    // The editor's list has every problem, blocking or not.
    let list = model::problems(3, &[Cage { op: Op::Blank, target: 0, cells: vec![0, 1] }]);
    assert_eq!(list.len(), 8);
    assert!(!list[0].blocking && list[0].message.contains("type its operation"));
}

#[test]
fn generated_puzzles_are_unique_and_have_the_level_asked_for() {
    for size in 3..=9 {
        for (level, word) in
            [(0, "easy"), (1, "medium"), (2, "hard"), (3, "extreme"), (4, "unreasonable")]
        {
            let options = studio::kinds::kenken::GenerateOptions {
                size: Some(size),
                difficulty: Some(word.into()),
            };
            let p = KenKen::generate(&options, size as u64 * 7 + 1)
                .unwrap_or_else(|e| panic!("{size} {word}: {e}"));
            assert_eq!(p.size(), size);
            // Uniqueness by the pure SAT path, which shares nothing with the deduction rules.
            let r = studio::puzzle::solve(&p, Mode::Count(3), None).unwrap();
            assert_eq!(r.count, Some((1, true)), "{size} {word}");
            let want = level.min(generate::max_level(size));
            assert_eq!(generate::level_of(&p), Some(want), "{size} {word}");
        }
    }
    assert!(KenKen::generate(
        &studio::kinds::kenken::GenerateOptions {
            size: Some(5),
            difficulty: Some("fiendish".into())
        },
        0
    )
    .is_err());
    assert_eq!(generate::latin_square(7, &mut fastrand::Rng::with_seed(3)).len(), 49);
}

/// Givens (one-cell cages) stay within the cap at every small size and level, over many seeds
/// (a 4x4 "easy" once had 8 of its 16 cells given). A seed may fail (the message says to try
/// another); six puzzles of each size and level must come within twelve seeds.
#[test]
fn generated_puzzles_keep_their_givens_within_the_cap() {
    assert_eq!(generate::max_givens(4), 2);
    for size in 3..=6 {
        for level in 0..generate::LEVELS.len() {
            let made: Vec<KenKen> = (1..=12u64)
                .filter_map(|seed| generate::generate(size, level, seed * 1000 + size as u64).ok())
                .take(6)
                .collect();
            assert_eq!(made.len(), 6, "{size}x{size} level {level}: too many seeds failed");
            for p in made {
                let n = generate::givens(&p);
                assert!(n <= generate::max_givens(size), "{size}x{size} level {level}: {n} givens");
            }
        }
    }
}

#[test]
fn json_link_and_keen_round_trip() {
    for seed in 1..8 {
        let p = KenKen::generate(
            &studio::kinds::kenken::GenerateOptions {
                size: Some(3 + seed as usize),
                ..Default::default()
            },
            seed,
        )
        .unwrap();
        let json = p.to_json();
        assert_eq!(KenKen::from_json(&json).unwrap(), p);
        assert_eq!(KenKen::import(&json.to_string()).unwrap().puzzle, p);
        assert_eq!(KenKen::from_link_payload(1, &p.link_payload()).unwrap(), p);
        let keen = formats::to_keen(&p).unwrap();
        assert_eq!(formats::from_keen(&keen).unwrap(), p);
        assert_eq!(formats::from_keen(&formats::to_keen_link(&p).unwrap()).unwrap(), p);
        let fragment = studio::link::fragment(&p);
        assert_eq!(studio::kinds::import_as::<KenKen>(&format!("#{fragment}")).unwrap(), p);
    }
    // A 12x12 with long sum cages writes and reads back, and solves through the arithmetic encoding.
    let cages = (0..12)
        .map(|r| Cage { op: Op::Add, target: 78, cells: (0..12).map(|c| r * 12 + c).collect() })
        .collect();
    let big = KenKen::new(12, cages).unwrap();
    assert_eq!(formats::from_keen(&formats::to_keen(&big).unwrap()).unwrap(), big);
    let mut cnf = Cnf::new();
    let vars = encode::encode(&big, &mut cnf);
    assert_eq!(vars.by_arithmetic, 12);
    let r = big.solve(Mode::First, None).unwrap();
    assert_eq!(r.verdict, Verdict::Solved);
    // Drafts (cages with no clue yet) travel by link but not as Keen IDs.
    let draft =
        KenKen::new(3, (0..9).map(|c| Cage { op: Op::Blank, target: 0, cells: vec![c] }).collect())
            .unwrap();
    assert!(draft.is_draft());
    assert_eq!(KenKen::from_link_payload(1, &draft.link_payload()).unwrap(), draft);
    assert_eq!(KenKen::from_json(&draft.to_json()).unwrap(), draft);
    assert!(formats::to_keen(&draft).is_err());
    assert_eq!(draft.solve(Mode::Count(100), None).unwrap().count, Some((12, true)));
}

/// A deterministic mutation fuzz: every decoder gets thousands of damaged inputs and must answer
/// with a value (Ok or Err), never a panic.
#[test]
fn decoders_never_panic_on_damaged_input() {
    let p = KenKen::generate(
        &studio::kinds::kenken::GenerateOptions { size: Some(6), ..Default::default() },
        4,
    )
    .unwrap();
    let json = p.to_json().to_string();
    let link = format!("#{}", studio::link::fragment(&p));
    let keen = formats::to_keen_link(&p).unwrap();
    let long = formats::to_keen(&rows_puzzle()).unwrap();
    let save = format!("SAVEFILE:41:Simon Tatham's Portable Puzzle Collection\nGAME    :4:Keen\nPARAMS  :1:5\nDESC    :48:{}\n", EXAMPLE.split_once(':').unwrap().1);
    let alphabet: Vec<char> = "0123456789_abcdmsyz?ABC/.,:#%\"{}[]-+*=x \n9é".chars().collect();
    let mut rng = fastrand::Rng::with_seed(77);
    for seed in [&json, &link, &keen, &long, &save, &EXAMPLE.to_string()] {
        for _ in 0..3000 {
            let text = crate::fuzz::mutate(&mut rng, seed, &alphabet);
            let _ = studio::kinds::import(studio::kinds::Kind::KenKen, &text);
            let _ = studio::kinds::sniff(&text);
            let _ = formats::from_keen(&text);
            let _ = formats::from_savefile(&text);
            let _ = KenKen::read_collection(&text, "fuzz");
            let _ = KenKen::from_link_payload(1, &text);
            if let Some(payload) = text.strip_prefix("#kenken/v1/") {
                let _ = KenKen::from_link_payload(1, payload);
            }
        }
    }
}

#[test]
fn page_marks_highlights_check_and_storage() {
    use studio::kinds::kenken::page;
    let p = formats::from_keen(EXAMPLE).unwrap();
    use studio::marks::Marks;
    let mut marks = page::KenKenMarks::default();
    let apply = |marks: &mut page::KenKenMarks, changes: Vec<(usize, u8)>| marks.apply(&changes);
    apply(&mut marks, page::set_digit(0, 4));
    let c = page::toggle_pencil(&marks, 1, 1);
    apply(&mut marks, c);
    let c = page::toggle_pencil(&marks, 1, 12);
    apply(&mut marks, c);
    assert_eq!(page::digit(&marks, 0), 4);
    assert_eq!(page::pencil(&marks, 1), 1 | 1 << 11);
    let c = page::toggle_pencil(&marks, 1, 1);
    apply(&mut marks, c);
    assert_eq!(page::pencil(&marks, 1), 1 << 11);
    // Storage keeps digits up to 12 and pencil masks; older all-digit saves read as before.
    let text = studio::marks_text::encode(&marks.encode());
    assert_eq!(
        page::KenKenMarks::decode(&studio::marks_text::decode(&text), 25),
        Ok(marks.clone())
    );
    let big = [12u8, 255, 15, 0, 0, 0];
    assert!(studio::marks_text::encode(&big).starts_with("x:"));
    assert_eq!(studio::marks_text::decode(&studio::marks_text::encode(&big)), big);
    assert_eq!(studio::marks_text::encode(&[0, 1, 2]), "012");
    assert_eq!(studio::marks_text::decode("012"), [0, 1, 2]);
    assert!(studio::marks_text::decode("x:zz").is_empty());
    // A repeated digit and a full cage that breaks its rule are flagged; Check finds the wrong digit.
    apply(&mut marks, page::set_digit(1, 4));
    let digits = page::digits_of(&marks, 5);
    assert_eq!(page::repeated(5, &digits)[..3], [true, true, false]);
    assert!(page::broken_cages(&p, &digits)[0], "4 + 4 is not 5");
    assert_eq!(page::mistakes(&EXAMPLE_ANSWER.concat(), &marks), [1]);
    let c = page::clear_cell(&marks, 1);
    apply(&mut marks, c);
    assert_eq!(page::digit(&marks, 1), 0);
    assert_eq!(page::pencil(&marks, 1), 1 << 11, "the digit goes first, the pencil marks stay");
    let answer: Vec<u8> = EXAMPLE_ANSWER.concat().bytes().map(|b| b - b'0').collect();
    assert!(page::solved(&p, &answer));
    assert_eq!(page::key_digit("0", 12), Some(10));
    assert_eq!(page::key_digit("c", 12), Some(12));
    assert_eq!(page::key_digit("6", 5), None);
    // Pictures of the blank puzzle and of the answer.
    let svg = page::render_svg(&p, Some(&answer));
    assert!(svg.starts_with("<svg") && svg.contains(">15×<") && svg.contains(">4</text>"));
}

#[test]
fn the_editor_draws_cages_and_lists_problems() {
    use studio::kinds::kenken::page;
    let cages = page::blank_cages(3);
    let (cages, k) = page::draw_cage(3, &cages, &[0, 1, 4]);
    assert_eq!(cages[k].cells, [0, 1, 4]);
    assert_eq!(cages.len(), 7);
    let problems = page::draft_problems(3, &cages);
    assert!(problems.iter().all(|q| !q.blocking), "only missing clues");
    // A draft with missing clues solves: those cells are free.
    let json = page::draft_json(3, &cages).unwrap();
    let draft = KenKen::import(&json).unwrap().puzzle;
    assert_eq!(draft.solve(Mode::Unique, None).unwrap().verdict, Verdict::Multiple);
    // A clue no digits can reach is a blocking problem naming the cage.
    let mut bad = cages.clone();
    bad[k] = Cage { op: Op::Add, target: 20, cells: vec![0, 1, 4] };
    let problems = page::draft_problems(3, &bad);
    assert!(
        problems[0].blocking && problems[0].at == "cage 20+ at row 1, column 1",
        "{:?}",
        problems[0]
    );
    assert!(page::draft_json(3, &bad).is_err());
    // Drawing through the middle of a cage splits what is left into clue-less pieces.
    let row = vec![Cage { op: Op::Add, target: 6, cells: vec![0, 1, 2] }];
    let mut all = row.clone();
    all.extend((3..9).map(|c| Cage { op: Op::Blank, target: 0, cells: vec![c] }));
    let (after, k) = page::draw_cage(3, &all, &[1, 4]);
    assert_eq!(after[k].cells, [1, 4]);
    assert!(after.iter().filter(|c| c.cells == [0] || c.cells == [2]).all(|c| c.op == Op::Blank));
}

#[test]
fn the_worker_generates_and_solves_kenken() {
    use std::rc::Rc;
    use studio::jobs::{run, Reply, Request};
    use studio::kinds::Kind;
    let options =
        studio::kinds::kenken::GenerateOptions { size: Some(7), difficulty: Some("hard".into()) };
    let puzzle =
        match run(studio::jobs::generate_request::<KenKen>(&options, 3, None), Rc::new(|_| {})) {
            Reply::Generated(json) => json,
            other => panic!("{other:?}"),
        };
    match run(
        Request::Solve {
            kind: Kind::KenKen,
            puzzle: puzzle.clone(),
            mode: Mode::Unique,
            options: String::new(),
        },
        Rc::new(|_| {}),
    ) {
        Reply::Solved(r) => {
            assert_eq!(r.verdict, Verdict::Unique);
            assert!(studio::kinds::verify_rows(Kind::KenKen, &puzzle, &r.solutions[0]).is_ok());
            assert_eq!(r.rating.as_deref(), Some("hard"));
        }
        other => panic!("{other:?}"),
    }
    match run(
        Request::Solve {
            kind: Kind::KenKen,
            puzzle: "5#1234".into(),
            mode: Mode::Unique,
            options: String::new(),
        },
        Rc::new(|_| {}),
    ) {
        Reply::Failed(m) => assert!(m.contains("random-seed"), "{m}"),
        other => panic!("{other:?}"),
    }
}

/// Three Keen IDs as `sgt-keen --generate 3 4` printed them.
const KEEN_IDS: &str =
    "4:a__aa_a3_3baa,s2a9d2m12m48d2\n4:ba_6a_a_a4,m8a5s2m8s1d2a8\n4:_a_6bb_a_a3,a9d2d2s2s1m3m8\n";

#[test]
fn a_file_of_keen_ids_is_a_collection() {
    let entries = KenKen::read_collection(KEEN_IDS, "keen.txt").expect("reads");
    assert_eq!(entries.len(), 3);
    assert_eq!(entries[0].id, "keen.txt:1");
    for (e, line) in entries.iter().zip(KEEN_IDS.lines()) {
        assert_eq!(e.puzzle, formats::from_keen(line).expect("one ID"));
    }
    assert_eq!(
        studio::bench::count_entries(studio::kinds::Kind::KenKen, KEEN_IDS, "k").expect("counts"),
        3
    );
    // The set of 60 Keen IDs in tests/data reads as 60 puzzles.
    let path =
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/kenken/tatham_keen_levels_dev60.txt");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_eq!(KenKen::read_collection(&text, "keen60").expect("reads").len(), 60);
}

#[test]
fn the_editors_keys_move_pick_and_make_cages() {
    use studio::kinds::kenken::page::{editor_key, EditorKey};
    // A 4x4 grid, the cursor on row 2, column 2 (cell 5).
    assert_eq!(
        editor_key("ArrowRight", false, 5, 4),
        Some(EditorKey::Move { to: 6, extend: false })
    );
    assert_eq!(editor_key("ArrowDown", true, 5, 4), Some(EditorKey::Move { to: 9, extend: true }));
    assert_eq!(editor_key("ArrowUp", false, 1, 4), Some(EditorKey::Move { to: 1, extend: false }));
    assert_eq!(
        editor_key("ArrowLeft", false, 4, 4),
        Some(EditorKey::Move { to: 4, extend: false })
    );
    assert_eq!(editor_key(" ", false, 5, 4), Some(EditorKey::Toggle));
    assert_eq!(editor_key("Enter", false, 5, 4), Some(EditorKey::Make));
    assert_eq!(editor_key("Escape", false, 5, 4), Some(EditorKey::Drop));
    assert_eq!(editor_key("x", false, 5, 4), None);
    assert_eq!(editor_key("Tab", false, 5, 4), None, "Tab leaves the grid");
    // A cursor left past a smaller grid's end is on its last cell; a 0 size does not panic.
    assert_eq!(
        editor_key("ArrowRight", false, 99, 3),
        Some(EditorKey::Move { to: 8, extend: false })
    );
    assert!(editor_key("ArrowRight", false, 0, 0).is_some());
}

#[test]
fn pencil_marks_above_9x9_take_the_lines_that_make_them_largest() {
    use studio::kinds::kenken::page::pencil_flow;
    let pm = |ds: &[u16]| ds.iter().fold(0u16, |m, d| m | 1 << (d - 1));
    // Five one-digit marks: two lines of three and two (a 12x12's fixed places were four lines).
    assert_eq!(
        pencil_flow(pm(&[1, 2, 5, 7, 9]), 12, false),
        ("--pencil-rows:2;--pm-line:2.42".to_string(), 3)
    );
    // With two-digit ones the widest line is counted in full.
    assert_eq!(
        pencil_flow(pm(&[1, 5, 10, 11, 12]), 12, true),
        ("--pencil-rows:2;--pm-line:3.06".to_string(), 3)
    );
    // One mark is one line; all twelve need more lines, and stay inside the cell's width.
    assert_eq!(pencil_flow(pm(&[11]), 12, false).1, 1);
    let (style, per_row) = pencil_flow(pm(&(1..=12).collect::<Vec<_>>()), 12, false);
    assert!(
        per_row >= 3 && style.starts_with(&format!("--pencil-rows:{}", 12_usize.div_ceil(per_row))),
        "{style}"
    );
    // Each choice is at least as large as any other count per line (the sizes style.css gives).
    for n in 10..=12 {
        for mask in [
            0b1u16,
            0b111,
            0b1_0101_0101,
            0b1111_1111_1111 & ((1 << n) - 1),
            0b1110_0000_0001 & ((1 << n) - 1),
        ] {
            if mask == 0 {
                continue;
            }
            let (_, per_row) = pencil_flow(mask, n, false);
            let k = mask.count_ones() as usize;
            assert!((1..=k).contains(&per_row), "{n} {mask:b}: {per_row}");
        }
    }
}

#[test]
fn tatham_ids_read_with_his_name_before_them_and_with_spaces_pasted_in() {
    use studio::kinds::{import, sniff, Kind};
    let id = "4:_a_6a_ab__ac,s1m8a10s1m12a1a4";
    let plain = import(Kind::KenKen, id).expect("a Keen ID");
    // As the address bar takes it after the `#`, and as a chat program breaks it.
    for text in [
        "keen:4:_a_6a_ab__ac,s1m8a10s1m12a1a4",
        "4:_a_6a_ab__ac, s1m8a10s1m12a1a4",
        " keen: 4:_a_6a_ab__ac,\ts1m8a10s1m12a1a4 ",
    ] {
        assert_eq!(
            import(Kind::KenKen, text).map_err(|e| e.to_string()),
            Ok(plain.clone()),
            "{text:?}"
        );
        assert_eq!(sniff(text), Some(Kind::KenKen), "{text:?}");
    }
    // His name for another kind: refused on this page, with the kind it is.
    let err =
        import(Kind::Nonogram, "keen:4:_a_6a_ab__ac,s1m8a10s1m12a1a4").unwrap_err().to_string();
    assert!(
        err.contains("Tatham's keen") && err.contains("KenKen") && err.contains("not a Nonogram"),
        "{err}"
    );
    // A Flood ID with a space, and with `flood:` before it.
    let flood = "5x5c3m9:0120110201202102112012021,9";
    let plain = import(Kind::FloodIt, flood).expect("a Flood ID");
    for text in
        ["flood:5x5c3m9:0120110201202102112012021,9", "5x5c3m9:01201102012 02102112012021, 9"]
    {
        assert_eq!(
            import(Kind::FloodIt, text).map_err(|e| e.to_string()),
            Ok(plain.clone()),
            "{text:?}"
        );
    }
}
