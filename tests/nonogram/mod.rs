//! Nonogram: solver counts against brute force, the line solver against enumeration, formats, verifier, fuzzing.

use studio::grid::Grid;
use studio::kinds::nonogram::formats::{self, nin, non, puzzlink, taai, tatham, xml, Format};
use studio::kinds::nonogram::line::LineSolver;
use studio::kinds::nonogram::page::{self, LineStatus};
use studio::kinds::nonogram::{Cell, Nonogram};
use studio::puzzle::{Mode, Puzzle, Verdict};

// ---------------------------------------------------------------- brute force, written independently

/// Runs of a line, recomputed here so the tests share nothing with the library.
fn runs_of(cells: &[bool]) -> Vec<u32> {
    let mut out = Vec::new();
    let mut n = 0;
    for &c in cells {
        if c {
            n += 1;
        } else if n > 0 {
            out.push(n);
            n = 0;
        }
    }
    if n > 0 {
        out.push(n);
    }
    out
}

fn bits(v: u32, n: usize) -> Vec<bool> {
    (0..n).map(|i| v >> i & 1 == 1).collect()
}

/// Counts the grids that satisfy every clue and given, row by row.
fn brute_count(rows: &[Vec<u32>], cols: &[Vec<u32>], givens: &[Option<bool>]) -> usize {
    let (h, w) = (rows.len(), cols.len());
    let options: Vec<Vec<Vec<bool>>> = (0..h)
        .map(|r| {
            (0..1u32 << w)
                .map(|v| bits(v, w))
                .filter(|cells| runs_of(cells) == rows[r])
                .filter(|cells| (0..w).all(|c| givens[r * w + c].is_none_or(|g| g == cells[c])))
                .collect()
        })
        .collect();
    fn go(
        r: usize,
        chosen: &mut Vec<Vec<bool>>,
        options: &[Vec<Vec<bool>>],
        cols: &[Vec<u32>],
    ) -> usize {
        if r == options.len() {
            let ok = (0..cols.len())
                .all(|c| runs_of(&chosen.iter().map(|row| row[c]).collect::<Vec<_>>()) == cols[c]);
            return usize::from(ok);
        }
        let mut n = 0;
        for o in &options[r] {
            chosen.push(o.clone());
            n += go(r + 1, chosen, options, cols);
            chosen.pop();
        }
        n
    }
    go(0, &mut Vec::new(), &options, cols)
}

fn random_picture(rng: &mut fastrand::Rng, w: usize, h: usize, density: f32) -> Vec<bool> {
    (0..w * h).map(|_| rng.f32() < density).collect()
}

fn clues(pic: &[bool], w: usize, h: usize) -> (Vec<Vec<u32>>, Vec<Vec<u32>>) {
    let rows = (0..h).map(|r| runs_of(&pic[r * w..(r + 1) * w])).collect();
    let cols =
        (0..w).map(|c| runs_of(&(0..h).map(|r| pic[r * w + c]).collect::<Vec<_>>())).collect();
    (rows, cols)
}

#[test]
fn solution_counts_equal_brute_force_up_to_5x5() {
    let mut rng = fastrand::Rng::with_seed(3);
    let mut seen = [0usize; 3];
    for round in 0..600 {
        let (w, h) = (rng.usize(1..=5), rng.usize(1..=5));
        let density = 0.3 + rng.f32() * 0.4;
        let pic = random_picture(&mut rng, w, h, density);
        let (rows, mut cols) = clues(&pic, w, h);
        // Some rounds take the columns from a second picture: often no answer at all.
        if round % 4 == 3 {
            let other = random_picture(&mut rng, w, h, 0.5);
            let (_, c2) = clues(&other, w, h);
            let total = |c: &Vec<Vec<u32>>| c.iter().flatten().sum::<u32>();
            if total(&c2) == total(&rows) {
                cols = c2;
            }
        }
        let givens: Vec<Option<bool>> = (0..w * h)
            .map(|i| {
                if round % 3 == 2 && rng.f32() < 0.15 {
                    Some(pic[i] ^ (rng.f32() < 0.2))
                } else {
                    None
                }
            })
            .collect();
        let expected = brute_count(&rows, &cols, &givens);
        let mut p = Nonogram::new(rows.clone(), cols.clone()).unwrap();
        if givens.iter().any(Option::is_some) {
            let g = Grid::from_cells(
                h,
                w,
                givens.iter().map(|g| g.map_or(Cell::Unknown, Cell::known)).collect(),
            )
            .unwrap();
            p = p.with_givens(g).unwrap();
        }
        let report = p.solve(Mode::Count(10_000), None).unwrap();
        assert_eq!(
            report.count,
            Some((expected, true)),
            "round {round}: {w}x{h} rows {rows:?} cols {cols:?} givens {givens:?}"
        );
        // Every answer counted was verified; the report keeps the first two.
        assert_eq!(report.solutions.len(), expected.min(2), "round {round}");
        if report.solutions.len() == 2 {
            assert_ne!(report.solutions[0], report.solutions[1]);
        }
        for s in &report.solutions {
            assert!(p.verify(s).is_ok());
        }
        let unique = p.solve(Mode::Unique, None).unwrap();
        let want = match expected {
            0 => Verdict::None,
            1 => Verdict::Unique,
            _ => Verdict::Multiple,
        };
        assert_eq!(unique.verdict, want, "round {round}");
        if want == Verdict::Multiple {
            assert_eq!(unique.solutions.len(), 2);
            assert_ne!(unique.solutions[0], unique.solutions[1]);
        }
        seen[expected.min(2)] += 1;
    }
    assert!(
        seen.iter().all(|&n| n > 10),
        "cases with 0, 1 and several answers all occur: {seen:?}"
    );
}

#[test]
fn line_solver_agrees_with_enumeration() {
    let mut rng = fastrand::Rng::with_seed(11);
    let mut solver = LineSolver::new();
    let mut infeasible = 0;
    for _ in 0..4000 {
        let n = rng.usize(1..=12);
        let density = rng.f32();
        let pic = random_picture(&mut rng, n, 1, density);
        let clue = runs_of(&pic);
        // Knowledge: sometimes from the picture (feasible), sometimes random (often not).
        let from_pic = rng.bool();
        let line: Vec<Cell> = (0..n)
            .map(|i| {
                if rng.f32() < 0.35 {
                    Cell::known(if from_pic { pic[i] } else { rng.bool() })
                } else {
                    Cell::Unknown
                }
            })
            .collect();
        let fits: Vec<Vec<bool>> = (0..1u32 << n)
            .map(|v| bits(v, n))
            .filter(|c| runs_of(c) == clue)
            .filter(|c| {
                (0..n).all(|i| line[i] == Cell::Unknown || (line[i] == Cell::Black) == c[i])
            })
            .collect();
        let mut out = line.clone();
        let ok = solver.solve(&clue, &line, &mut out);
        assert_eq!(ok, !fits.is_empty(), "clue {clue:?} line {line:?}");
        assert_eq!(solver.feasible(&clue, &line), !fits.is_empty());
        if fits.is_empty() {
            infeasible += 1;
            continue;
        }
        for i in 0..n {
            let all_black = fits.iter().all(|f| f[i]);
            let all_white = fits.iter().all(|f| !f[i]);
            let want = if all_black {
                Cell::Black
            } else if all_white {
                Cell::White
            } else {
                Cell::Unknown
            };
            assert_eq!(out[i], want, "cell {i} of clue {clue:?} line {line:?}");
        }
    }
    assert!(infeasible > 100);
}

// ---------------------------------------------------------------- examples shared by the tests

fn grid(rows: &[&str]) -> Grid<bool> {
    let w = rows[0].len();
    Grid::from_cells(
        rows.len(),
        w,
        rows.iter().flat_map(|r| r.chars().map(|c| c == '#' || c == 'X')).collect(),
    )
    .unwrap()
}

fn unique_answer(p: &Nonogram) -> Grid<bool> {
    let r = p.solve(Mode::Unique, None).unwrap();
    assert_eq!(r.verdict, Verdict::Unique);
    r.solutions[0].clone()
}

const DANCER_ROWS: [&str; 10] =
    [".XX..", ".XX.X", "..X.X", ".XXX.", "X.X..", "X.X..", "..XX.", ".X.X.", ".X.XX", "XX..."];

fn six() -> Nonogram {
    Nonogram::new(
        vec![vec![2, 1], vec![1, 1], vec![1, 2], vec![], vec![1, 1], vec![3]],
        vec![vec![2, 1], vec![1, 1, 1], vec![1], vec![1, 1, 1], vec![2, 1], vec![]],
    )
    .unwrap()
}

const DANCER_NON: &str = "title \"Dancer\"\nwidth 5\nheight 10\n\nrows\n2\n2,1\n1,1\n3\n1,1\n1,1\n2\n1,1\n1,2\n2\n\ncolumns\n2,1\n2,1,3\n7\n1,3\n2,1\n\ngoal \"01100011010010101110101001010000110010100101111000\"\n";

// The worked examples of formats.md, round trips, collections.
mod format_examples;
// The search engines and the line theory against brute force and enumeration.
mod engines;

// ---------------------------------------------------------------- validation, verifier, page API

#[test]
fn validation_names_the_line() {
    let e = Nonogram::new(vec![vec![1], vec![4, 3]], vec![vec![1]; 7]).unwrap_err().to_string();
    assert_eq!(e, "row 2: clue 4 3 needs 8 cells, the line has 7");
    let e = Nonogram::new(vec![vec![1], vec![1]], vec![vec![1], vec![2]]).unwrap_err().to_string();
    assert_eq!(e, "totals: row totals (2) differ from column totals (3)");
    let e = Nonogram::new(vec![vec![1, 0]], vec![vec![1], vec![]]).unwrap_err().to_string();
    assert!(e.starts_with("row 1: run 2 of `1 0` is 0"), "{e}");
    let e = non::from_non("width 2\nheight 1\nrows\n-1\ncolumns\n1\n0\n").unwrap_err().to_string();
    assert!(e.contains("line 4") && e.contains("negative"), "{e}");
    // A rows block one line short reads its closing blank line as an empty row; the totals
    // then differ, and the message names that line.
    let short = DANCER_NON.replace("1,2\n2\n\ncolumns", "1,2\n\ncolumns");
    let e = non::from_non(&short).unwrap_err().to_string();
    assert!(e.starts_with("totals: row totals (21) differ from column totals (23)"), "{e}");
    assert!(
        e.ends_with(
            "is the rows block a clue line short? Its blank line 15 was read as an empty row"
        ),
        "{e}"
    );
    assert!(!e.contains("columns block"), "{e}");
    // The same file whole reads, and a blank line meant as an empty row still does.
    assert!(non::from_non(DANCER_NON).is_ok());
    let blank_row = "width 2\nheight 2\nrows\n2\n\ncolumns\n1\n1\n";
    assert_eq!(non::from_non(blank_row).unwrap().rows()[1], Vec::<u32>::new());
    assert!(Nonogram::new(vec![], vec![]).is_err());
    assert!(Nonogram::new(vec![vec![]; 201], vec![vec![]]).is_err());
}

#[test]
fn verifier_rejects_wrong_grids() {
    let p = six();
    let good = grid(&["##.#..", "#...#.", ".#.##.", "......", "#...#.", ".###.."]);
    assert!(p.verify(&good).is_ok());
    let mut rng = fastrand::Rng::with_seed(5);
    for _ in 0..200 {
        let mut bad = good.clone();
        let (r, c) = (rng.usize(..6), rng.usize(..6));
        bad[(r, c)] = !bad[(r, c)];
        assert!(p.verify(&bad).is_err());
    }
    assert!(p.verify(&grid(&["##.#."])).is_err());
    let given = tatham::from_tatham("4x4:2/1/2/1/1.1/2/1/1,Ap").unwrap();
    // A grid with the right runs but against a given: the mirror answer does not exist here, so
    // check a given directly.
    let g = grid(&["#..#", "##..", "..#.", "..#."]);
    assert!(given.verify(&g).is_ok());
}

#[test]
fn page_functions() {
    let pic = grid(&["##.#..", "#...#.", ".#.##.", "......", "#...#.", ".###.."]);
    let (rows, cols) = page::clues_of(&pic);
    assert_eq!(Nonogram::new(rows, cols).unwrap(), six());
    use Cell::{Black as B, Unknown as U, White as W};
    assert_eq!(page::line_status(&[2, 1], &[B, B, W, B, U, U]), LineStatus::Satisfied);
    assert_eq!(page::line_status(&[2, 1], &[B, U, U, U, U, U]), LineStatus::Open);
    assert_eq!(page::line_status(&[2, 1], &[B, W, B, U, U, U]), LineStatus::Contradiction);
    assert_eq!(page::line_status(&[], &[U, U]), LineStatus::Satisfied);
    let svg = page::render_svg(&six(), None);
    assert!(
        svg.starts_with("<svg") && svg.contains(">3</text>") && !svg.contains("fill=\"black\"")
    );
    let solved = page::render_svg(&six(), Some(&page::solution_cells(&pic)));
    assert_eq!(
        solved.matches("fill=\"black\"").count(),
        pic.cells().iter().filter(|&&b| b).count()
    );
}

#[test]
fn editor_functions() {
    // Typed clues: spaces, commas or dots between numbers; an empty line or 0 is an empty line.
    assert_eq!(
        page::clues_from_text("2 1\n\n0\n1,1\n3.1", "row"),
        Ok(vec![vec![2, 1], vec![], vec![], vec![1, 1], vec![3, 1]])
    );
    // Blank lines at the end (an Enter after the last clue) are no lines: the puzzle keeps the
    // size typed; an empty last line is written 0.
    assert_eq!(page::clues_from_text("1\n3\n\n \n", "row"), Ok(vec![vec![1], vec![3]]));
    assert_eq!(page::clues_from_text("1\n0\n\n", "row"), Ok(vec![vec![1], vec![]]));
    assert_eq!(
        page::clues_from_text("1\n2 x", "column"),
        Err("column clue line 2: `x` is not a number (a clue is numbers separated by spaces or commas)"
            .to_string())
    );
    // Clues that make a puzzle open through its share link; clues that make none say why.
    let pic = grid(&["##.", ".#."]);
    let (rows, cols) = page::clues_of(&pic);
    let fragment = page::fragment_of_clues(&rows, &cols).unwrap();
    assert_eq!(fragment, studio::link::fragment(&Nonogram::new(rows, cols).unwrap()));
    assert!(page::fragment_of_clues(&[vec![3]], &[vec![1]]).is_err());
    // Drawing: a press flips a cell, a stroke fills what it passes over, and no change is None.
    let blank = Grid::filled(2, 3, false);
    let one = page::drawn(&blank, (0, 1), true).unwrap();
    assert!(one[(0, 1)] && one.cells().iter().filter(|&&b| b).count() == 1);
    assert!(!page::drawn(&one, (0, 1), true).unwrap()[(0, 1)]);
    assert_eq!(page::drawn(&one, (0, 1), false), None);
    assert!(page::drawn(&one, (1, 2), false).unwrap()[(1, 2)]);
}

#[test]
fn generator_output_is_proven_unique() {
    for seed in 1..=4 {
        let size = 4 + seed as usize * 2;
        let p = Nonogram::generate(
            &studio::kinds::nonogram::GenerateOptions { size: Some(size) },
            seed,
        )
        .unwrap();
        assert_eq!(p.width(), size);
        let r = p.solve(Mode::Unique, None).unwrap();
        assert_eq!(r.verdict, Verdict::Unique);
        assert_eq!(Some(&r.solutions[0]), p.goal());
    }
}

// ---------------------------------------------------------------- malformed input and fuzzing

fn mutate(rng: &mut fastrand::Rng, s: &str) -> String {
    let alphabet: Vec<char> =
        "0123456789-.,/:#?xXzZ|<>\"= \n\tabcgqrowsclumnidth$&;".chars().collect();
    crate::fuzz::mutate(rng, s, &alphabet)
}

#[test]
fn malformed_inputs_give_errors_never_panics() {
    let d = non::from_non(DANCER_NON).unwrap();
    let with_givens = tatham::from_tatham("4x4:2/1/2/1/1.1/2/1/1,Ap").unwrap();
    type Reader = fn(&str) -> Result<Nonogram, studio::InputError>;
    let seeds: Vec<(&str, String, Reader)> = vec![
        ("non", DANCER_NON.to_string(), non::from_non),
        ("nin", nin::to_nin(&d), nin::from_nin),
        ("xml", xml::to_xml(&d), xml::from_xml),
        ("tatham", tatham::to_tatham(&with_givens), tatham::from_tatham),
        ("puzzlink", puzzlink::to_puzzlink(&d).unwrap(), puzzlink::from_puzzlink),
        ("json", formats::to_json(&with_givens).to_string(), |t| {
            Nonogram::import(t).map(|e| e.puzzle)
        }),
        ("taai", taai::write(&[six()]).unwrap(), |t| {
            Nonogram::read_collection(t, "x").map(|mut v| v.remove(0).puzzle)
        }),
    ];
    let mut rng = fastrand::Rng::with_seed(42);
    for (name, text, read) in &seeds {
        assert!(read(text).is_ok(), "{name} seed reads");
        let mut errors = 0;
        for _ in 0..2000 {
            let m = mutate(&mut rng, text);
            match read(&m) {
                Ok(p) => {
                    // Whatever reads must solve without panicking.
                    let _ = p.solve(Mode::Unique, None);
                }
                Err(e) => {
                    errors += 1;
                    assert!(!e.message.is_empty());
                }
            }
            let _ = Nonogram::import(&m);
        }
        assert!(errors > 100, "{name}: only {errors} mutations were rejected");
    }
    // Errors of line formats name the line.
    let e = non::from_non(&DANCER_NON.replace("2,1,3", "2,x,3")).unwrap_err().to_string();
    assert!(e.starts_with("line 19"), "{e}");
    let e = nin::from_nin("5 10\n2\n2 1\nz\n").unwrap_err().to_string();
    assert!(e.starts_with("line 4"), "{e}");
    let e = taai::read("$1\n1\n1\nq\n1\n", "").unwrap_err().to_string();
    assert!(e.starts_with("line 4"), "{e}");
    let e = tatham::from_tatham("2x2:1/1/1/a").unwrap_err().to_string();
    assert!(e.contains("row 2"), "{e}");
}

#[test]
fn the_stylesheet_outlines_hint_cells_on_the_nonogram_board() {
    // The nonogram board is `.nono`, not `.board`: the shared `.board .cell.hint-*` rules miss
    // it, so a Hint outlined no cell. Each hint class the board sets needs its own `.nono` rule.
    let css = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/static/style.css"))
        .expect("the stylesheet");
    for class in ["hint-change", "hint-mistake", "hint-reason", "hint-figure"] {
        let rule = format!(".nono .cell.{class} {{");
        let at = css.find(&rule).unwrap_or_else(|| panic!("no rule {rule}"));
        let body = &css[at..at + css[at..].find('}').expect("closed")];
        assert!(
            body.contains("box-shadow") || body.contains("outline"),
            "{rule} draws nothing: {body}"
        );
    }
}
