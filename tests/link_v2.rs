//! Share links, version 2: the nonogram kinds' title, goal and colour names travel in the link;
//! plain puzzles keep their v1 links; old v1 links open as before; the new fields are fuzzed.

use studio::app_state::{Page, State};
use studio::grid::Grid;
use studio::kinds::colournono::{formats as cformats, Colour, ColourNonogram};
use studio::kinds::nonogram::formats::{non, tatham};
use studio::kinds::nonogram::Nonogram;
use studio::kinds::{import_as, Kind};
use studio::link::{self, decode_cells, decode_text, encode_cells, encode_text};
use studio::puzzle::{Mode, Puzzle};

const HAPPY: &str = include_str!("data/colournono/happy.pbn");
const WEBPBN: [&str; 4] = [
    include_str!("data/nonogram/webpbn/webpbn-00001-dancer.non"),
    include_str!("data/nonogram/webpbn/webpbn-00006-cat.non"),
    include_str!("data/nonogram/webpbn/webpbn-00023-edge.non"),
    include_str!("data/nonogram/webpbn/webpbn-00436-petroglyph.non"),
];

/// Real v1 links from the tests and the guide: they open as before, with no title or goal,
/// and the studio writes the very same link for what they open.
const V1_LINKS: [&str; 5] = [
    "nonogram/v1/5x5:2/4/4/4/2/1.1/5/5/3/1",
    "nonogram/v1/4x4:2/1/2/1/1.1/2/1/1,Ap",
    "nonogram/v1/5x10:2.1/2.1.3/7/1.3/2.1/2/2.1/1.1/3/1.1/1.1/2/1.1/1.2/2",
    "colournono/v1/8x8:fff.d22.764.4a3:2a/4a/2b3a/b/2b2a/2c2b4a/2c3a/0/b2c/2b2c/bb/bb/2a2a/3a3a/3a3a/aa",
    "colournono/v1/2x2:fff.000:a/a/a/a,a",
];

fn open(fragment: &str) -> String {
    let kind = link::parse_fragment(fragment).unwrap().unwrap().kind;
    studio::kinds::import(kind, &format!("https://studio.example/#{fragment}")).unwrap()
}

#[test]
fn old_v1_links_open_as_before_and_are_written_again_unchanged() {
    for l in V1_LINKS {
        let json: serde_json::Value = serde_json::from_str(&open(l)).unwrap();
        assert!(json.get("title").is_none() && json.get("goal").is_none(), "{l}: {json}");
        let kind = link::parse_fragment(l).unwrap().unwrap().kind;
        let again = studio::kinds::share_fragment(kind, &json.to_string()).unwrap();
        assert_eq!(again, l);
    }
}

#[test]
fn link_text_keeps_any_title_and_has_no_letter_a_link_changes() {
    for t in ["Dancer", "Edge Pattern", "Kůň 100% / ; ~_ \"x\"\t#?&", "日本", "a-b"] {
        let e = encode_text(t);
        assert!(e.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_~".contains(&b)), "{t}: {e}");
        assert_eq!(link::normalise(&e), e, "a link's normalising leaves {e} alone");
        assert_eq!(decode_text(&e, "the title").unwrap(), t);
    }
    assert_eq!(encode_text("Kůň 1"), "K~C5~AF~C5~88_1");
    let err = |t: &str| decode_text(t, "the title").unwrap_err().to_string();
    assert!(err("ab~4").contains("character 3: `~` must be followed by two hex digits"));
    assert!(err("a.b").contains("character 2: `.` is not written in a link's text"));
    assert!(err("~C5").contains("not UTF-8"));
    // Typed by hand, letters outside ASCII read as themselves.
    assert_eq!(decode_text("Kůň_~E2~99~A5", "the title").unwrap(), "Kůň ♥");
}

#[test]
fn pictures_pack_six_bits_a_letter_and_read_back_exactly() {
    let mut rng = fastrand::Rng::with_seed(5);
    for bits in 1..=6u32 {
        for n in [1usize, 5, 6, 7, 625, 900] {
            let cells: Vec<u8> = (0..n).map(|_| rng.u8(..(1u8 << bits))).collect();
            let e = encode_cells(&cells, bits);
            assert_eq!(e.len(), (n * bits as usize).div_ceil(6));
            assert_eq!(decode_cells(&e, n, bits, "goal").unwrap(), cells, "{bits} {n}");
        }
    }
    let err = |t: &str, n: usize| decode_cells(t, n, 1, "the goal").unwrap_err().to_string();
    assert!(err("AB", 6).contains("2 letters where 6 cells of 1 bit take 1"));
    assert!(err("*", 6).contains("`*` is not a picture letter"));
    assert!(err("B", 5).contains("bits past the last cell"));
}

/// Published puzzles with a title and a goal: the link is v2, reads back to the same puzzle,
/// and names the same My puzzles record as its v1 link did. The goal travels (`;g`) only when
/// line logic from the clues does not give it (Edge, Petroglyph); Dancer's and Cat's clues fix
/// their pictures by line logic, so their links carry the title alone and read back to a puzzle
/// whose one answer is the goal.
#[test]
fn a_nonogram_link_keeps_its_title_and_goal() {
    use studio::kinds::nonogram::formats::goal_implied;
    let implied: Vec<bool> =
        WEBPBN.iter().map(|t| goal_implied(&non::from_non(t).unwrap())).collect();
    assert_eq!(implied, [true, true, false, false], "Dancer and Cat by line logic, not the rest");
    for text in WEBPBN {
        let p = non::from_non(text).unwrap();
        assert!(p.title().is_some() && p.goal().is_some());
        let f = link::fragment(&p);
        assert!(f.starts_with("nonogram/v2/") && f.contains(";t"), "{f}");
        assert_eq!(f.contains(";g"), !goal_implied(&p), "{f}");
        let back = import_as::<Nonogram>(&format!("#{f}")).unwrap();
        assert_eq!(back.title(), p.title());
        if goal_implied(&p) {
            assert_eq!(back.goal(), None);
            let r = back.solve(Mode::Unique, None).unwrap();
            assert_eq!(r.solutions, vec![p.goal().unwrap().clone()], "the clues fix the goal");
            assert_eq!(back.with_goal(p.goal().unwrap().clone()).unwrap(), p);
        } else {
            assert_eq!(back, p);
            assert_eq!(back.goal(), p.goal());
        }
        let plain = tatham::from_tatham(&tatham::to_tatham(&p)).unwrap();
        assert_eq!(link::plain_fragment(&p), link::fragment(&plain));
        let json = p.to_json().to_string();
        let plain_json = plain.to_json().to_string();
        assert_eq!(
            studio::library::id(Kind::Nonogram, &json),
            studio::library::id(Kind::Nonogram, &plain_json)
        );
    }
    // The links the browser test opens (tests/browser/links.test.mjs).
    let dancer = non::from_non(WEBPBN[0]).unwrap();
    assert_eq!(
        link::fragment(&dancer),
        "nonogram/v2/5x10:2.1/2.1.3/7/1.3/2.1/2/2.1/1.1/3/1.1/1.1/2/1.1/1.2/2;tDancer"
    );
    let heart = tatham::from_tatham("5x5:2/4/4/4/2/1.1/5/5/3/1").unwrap();
    let heart = heart.with_title(Some("Srdce ♥".into()));
    assert_eq!(link::fragment(&heart), "nonogram/v2/5x5:2/4/4/4/2/1.1/5/5/3/1;tSrdce_~E2~99~A5");
    // Only the title, or only a goal the clues leave open, is v2 too; neither is v1.
    let p = tatham::from_tatham("2x2:1/1/1/1").unwrap();
    let titled = p.clone().with_title(Some("Diagonal".into()));
    assert_eq!(link::fragment(&titled), "nonogram/v2/2x2:1/1/1/1;tDiagonal");
    let goal = Grid::from_cells(2, 2, vec![true, false, false, true]).unwrap();
    let aimed = p.clone().with_goal(goal).unwrap();
    assert!(!goal_implied(&aimed));
    assert_eq!(link::fragment(&aimed), "nonogram/v2/2x2:1/1/1/1;gk");
    assert_eq!(link::fragment(&p), "nonogram/v1/2x2:1/1/1/1");
    // The goal picks one of this puzzle's two answers, and the link keeps which.
    let other = Grid::from_cells(2, 2, vec![false, true, true, false]).unwrap();
    let back =
        import_as::<Nonogram>(&link::fragment(&p.with_goal(other.clone()).unwrap())).unwrap();
    assert_eq!(back.goal(), Some(&other));
}

/// A puzzle whose clues and givens fix the picture by line logic keeps its v1 link with its
/// goal: generated puzzles (each proven unique), the heart, a 2x2 whose given settles it.
#[test]
fn a_goal_the_clues_fix_by_line_logic_leaves_the_link_v1() {
    use studio::kinds::nonogram::formats::goal_implied;
    let plain_link =
        |p: &Nonogram| link::fragment(&tatham::from_tatham(&tatham::to_tatham(p)).unwrap());
    for seed in 1..=4u64 {
        let size = 5 + seed as usize * 5;
        let options = studio::kinds::nonogram::GenerateOptions { size: Some(size) };
        let p = Nonogram::generate(&options, seed).unwrap();
        assert!(p.goal().is_some() && goal_implied(&p), "seed {seed}");
        let f = link::fragment(&p);
        assert!(f.starts_with("nonogram/v1/") && !f.contains(';'), "{f}");
        assert_eq!(f, plain_link(&p), "seed {seed}: byte-equal to the v1 link");
        let r = import_as::<Nonogram>(&f).unwrap().solve(Mode::Unique, None).unwrap();
        assert_eq!(r.solutions, vec![p.goal().unwrap().clone()]);
    }
    let heart = tatham::from_tatham("5x5:2/4/4/4/2/1.1/5/5/3/1").unwrap();
    let goal = Grid::from_cells(
        5,
        5,
        "01010111111111101110 00100".chars().filter(|c| *c != ' ').map(|c| c == '1').collect(),
    )
    .unwrap();
    let heart = heart.with_goal(goal).unwrap();
    assert!(goal_implied(&heart));
    assert_eq!(link::fragment(&heart), "nonogram/v1/5x5:2/4/4/4/2/1.1/5/5/3/1");
    // One given settles the 2x2's diagonal: line logic from clues and givens decides every cell.
    use studio::kinds::nonogram::Cell;
    let u = Cell::Unknown;
    let one = Grid::from_cells(2, 2, vec![Cell::Black, u, u, u]).unwrap();
    let given = tatham::from_tatham("2x2:1/1/1/1").unwrap().with_givens(one).unwrap();
    let settled = given
        .clone()
        .with_goal(Grid::from_cells(2, 2, vec![true, false, false, true]).unwrap())
        .unwrap();
    assert!(goal_implied(&settled), "{}", link::fragment(&settled));
    assert_eq!(link::fragment(&settled), link::fragment(&given));
    assert!(link::fragment(&given).starts_with("nonogram/v1/2x2:1/1/1/1,"));
    // Colour: generated easy puzzles (line logic finishes them) keep their v1 link.
    for (size, colours, seed) in [(10usize, 3usize, 1u64), (15, 5, 2), (20, 8, 3)] {
        let options = studio::kinds::colournono::GenerateOptions {
            size: Some(size),
            colours: Some(colours),
            difficulty: Some("easy".into()),
        };
        let p = ColourNonogram::generate(&options, seed).unwrap();
        assert!(p.goal().is_some() && cformats::goal_implied(&p));
        let f = link::fragment(&p);
        let v1 = cformats::link_payload(&p);
        assert_eq!(f, format!("colournono/v1/{v1}"), "byte-equal to the v1 link");
        assert!(!f.contains(';'), "{f}");
        assert_eq!(f, link::fragment(&cformats::from_link_text(&v1).unwrap()));
    }
}

#[test]
fn a_colour_link_keeps_title_names_and_goal() {
    let p = ColourNonogram::import(HAPPY).unwrap().puzzle;
    assert!(p.title().is_some() && p.goal().is_some());
    // Line logic from the clues decides every cell, so the goal goes without saying.
    assert!(cformats::goal_implied(&p));
    let f = link::fragment(&p);
    assert!(f.starts_with("colournono/v2/"), "{f}");
    assert!(f.ends_with(";tIn_a_cheerful_mood;nwhite.black.yellow"), "{f}");
    let back = import_as::<ColourNonogram>(&format!("https://x.example/#{f}")).unwrap();
    assert_eq!(back.goal(), None);
    assert_eq!(back.clone().with_goal(p.goal().unwrap().clone()).unwrap(), p);
    assert_eq!(back.palette()[2].name.as_deref(), Some("yellow"));
    // The webpbn XML written from the link's puzzle names the colours as the file did.
    let xml = studio::kinds::colournono::xml::to_xml(&back);
    assert!(xml.contains("<color name=\"yellow\""), "{xml}");
    assert!(!xml.contains("colour1") && !xml.contains("background\""), "{xml}");
    // Without title and names, the link is the v1 one.
    let v1 = cformats::link_payload(&p).split(';').next().unwrap().to_string();
    let plain = cformats::from_link_text(&v1).unwrap();
    assert!(link::fragment(&plain).starts_with("colournono/v1/"));
    // A goal the clues leave open (two answers, the goal one of them) travels, and reads back.
    let two = cformats::from_link_text("2x2:fff.000:a/a/a/a").unwrap();
    for cells in [vec![1u8, 0, 0, 1], vec![0, 1, 1, 0]] {
        let aimed = two.clone().with_goal(Grid::from_cells(2, 2, cells).unwrap()).unwrap();
        assert!(!cformats::goal_implied(&aimed));
        let f = link::fragment(&aimed);
        assert!(f.starts_with("colournono/v2/2x2:fff.000:a/a/a/a;g"), "{f}");
        let back = import_as::<ColourNonogram>(&f).unwrap();
        assert_eq!(back, aimed);
        assert_eq!(back.goal(), aimed.goal());
    }
    let err = |f: &str| import_as::<ColourNonogram>(f).unwrap_err().to_string();
    let head = link::plain_fragment(&p).replace("/v1/", "/v2/");
    assert!(err(&format!("{head};nred")).contains("1 names for a palette of 3"));
    assert!(err(&format!("{head};x1")).contains("the field `;x` is unknown"));
    assert!(err(&format!("{head};tA;tB")).contains("the field `;t` comes twice"));
    // 10x10 cells of 2 bits: 33 letters of all ones and a last one of two bits and four spare.
    let e = err(&format!("{head};g{}w", "_".repeat(33)));
    assert!(e.contains("past the palette's 3 entries"), "{e}");
}

/// The lengths of links with and without a goal (printed; run with `--nocapture`): a 25x25
/// black-and-white puzzle whose clues leave its picture open to line logic (the goal travels)
/// and a 30x30 one in 8 colours that line logic solves (the goal is left out of the link).
#[test]
fn v2_link_lengths() {
    let mut rng = fastrand::Rng::with_seed(11);
    let mut picture = |w: usize, h: usize, k: u8| -> Grid<u8> {
        let mut cells = vec![0u8; w * h];
        for i in 0..w * h {
            cells[i] = if i % w > 0 && rng.u8(..3) > 0 { cells[i - 1] } else { rng.u8(..k) };
        }
        Grid::from_cells(h, w, cells).unwrap()
    };
    let g = picture(25, 25, 2);
    let bw = studio::kinds::nonogram::clues_of(&g.map(|&c| c == 1));
    let p = Nonogram::new(bw.0, bw.1).unwrap();
    let with = p
        .clone()
        .with_goal(g.map(|&c| c == 1))
        .unwrap()
        .with_title(Some("A 25x25 test picture".into()));
    assert!(!studio::kinds::nonogram::formats::goal_implied(&with));
    let (a, b) = (link::fragment(&p).len(), link::fragment(&with).len());
    println!("25x25 nonogram link: {a} characters plain, {b} with title and goal");
    assert!(b - a <= 105 + 2 + 2 + 22, "{a} {b}");
    let g = picture(30, 30, 9);
    let (rows, cols) = studio::kinds::colournono::generate::clues_of(&g);
    let palette: Vec<Colour> = (0..9u8).map(|i| Colour::rgb(i * 28, 255 - i * 20, i * 9)).collect();
    let c = ColourNonogram::new(palette, rows, cols).unwrap();
    assert_eq!(c.colours(), 8);
    let with = c.clone().with_goal(g.clone()).unwrap();
    assert!(cformats::goal_implied(&with));
    let (a, b) = (link::fragment(&c).len(), link::fragment(&with).len());
    let field = 2 + encode_cells(g.cells(), 4).len();
    println!(
        "30x30 colour nonogram (8 colours) link: {a} characters plain, {b} with its goal (line \
         logic fixes it; a `;g` field would add {field})"
    );
    assert_eq!(b, a);
    assert_eq!(field, 2 + (900 * 4usize).div_ceil(6));
}

/// The page opened on a v2 link shows the puzzle with its title, and the address bar it writes
/// back is the same v2 link (a reload keeps the title).
#[test]
fn the_page_opened_on_a_v2_link_keeps_the_title() {
    let p = non::from_non(WEBPBN[0]).unwrap();
    let f = link::fragment(&p);
    let s = State::new(Vec::new(), Default::default(), &format!("#{f}"));
    assert_eq!(s.page, Page::Kind(Kind::Nonogram));
    let text = s.workshop(Kind::Nonogram).puzzle.clone().expect("a puzzle on the page");
    assert_eq!(Nonogram::import(&text).unwrap().puzzle.title(), Some("Dancer"));
    assert_eq!(studio::kinds::share_fragment(Kind::Nonogram, &text).unwrap(), f);
}

/// Mutated v2 links never panic; an error says what is wrong; what reads is a valid puzzle
/// whose goal, if any, the checker accepts.
#[test]
fn fuzzed_v2_links_never_panic() {
    let mut rng = fastrand::Rng::with_seed(33);
    let alphabet: Vec<char> = "0123456789abcAZ_-~;tgn.:/x,%C5".chars().collect();
    let nono: Vec<String> =
        WEBPBN.iter().map(|t| tatham_payload(&non::from_non(t).unwrap())).collect();
    for seed in &nono {
        for _ in 0..800 {
            let t = crate::fuzz::mutate(&mut rng, seed, &alphabet);
            match Nonogram::from_link_payload(2, &t) {
                Ok(p) => {
                    if let Some(g) = p.goal() {
                        studio::kinds::nonogram::check::verify(&p, g).unwrap();
                    }
                }
                Err(e) => assert!(!e.to_string().is_empty()),
            }
        }
    }
    // Happy's link leaves its goal out (line logic fixes it); the fuzzed seed has it back.
    let happy = ColourNonogram::import(HAPPY).unwrap().puzzle;
    let goal = encode_cells(happy.goal().unwrap().cells(), 2);
    let seed = format!("{};g{goal}", link::fragment(&happy).split_once("/v2/").unwrap().1);
    assert!(ColourNonogram::from_link_payload(2, &seed).unwrap() == happy);
    for _ in 0..3000 {
        let t = crate::fuzz::mutate(&mut rng, &seed, &alphabet);
        match ColourNonogram::from_link_payload(2, &t) {
            Ok(p) => {
                if let Some(g) = p.goal() {
                    studio::kinds::colournono::check::verify(&p, g).unwrap();
                }
                let _ = p.solve(Mode::First, None).unwrap();
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
}

fn tatham_payload(p: &Nonogram) -> String {
    link::fragment(p).split_once("/v2/").unwrap().1.to_string()
}

// ------------------------------------------------ the files keep what they can, and say what not

/// Olšák's `.g` keeps the title (a `title:` line of its free text) and the colour names (the
/// declarations' comments); the goal has no place there, and the export's notice says so when
/// the clues leave the goal open to line logic, as it says what the `.non` file leaves out
/// (colour names) and the XML nothing. A goal line logic gives is no loss, and no notice.
#[test]
fn the_g_file_keeps_title_and_names_and_the_notice_names_the_goal() {
    use studio::kinds::colournono::{olsak, page};
    let p = ColourNonogram::import(HAPPY).unwrap().puzzle;
    let g = olsak::to_g(&p);
    assert!(g.contains("\ntitle: In a cheerful mood\n"), "{g}");
    let back = olsak::from_g(&g).unwrap();
    assert_eq!(back.title(), Some("In a cheerful mood"));
    let names = |q: &ColourNonogram| -> Vec<Option<String>> {
        q.palette().iter().map(|c| c.name.clone()).collect()
    };
    assert_eq!(names(&back), names(&p));
    assert_eq!((back.rows(), back.cols()), (p.rows(), p.cols()));
    assert!(cformats::goal_implied(&p));
    assert_eq!(page::givens_note(&p, "Olšák .g"), None);
    let two = cformats::from_link_text("2x2:fff.000:a/a/a/a").unwrap();
    let aimed = two.with_goal(Grid::from_cells(2, 2, vec![1, 0, 0, 1]).unwrap()).unwrap();
    let note = page::givens_note(&aimed, "Olšák .g").unwrap();
    assert!(
        note.starts_with("The Olšák .g file leaves out the puzzle's intended picture (goal)"),
        "{note}"
    );
    assert!(note.contains("the share link and Studio JSON keep it"), "{note}");
    let note = page::givens_note(&p, "Coloured .non").unwrap();
    assert!(note.contains("leaves out the puzzle's colour names"), "{note}");
    assert_eq!(page::givens_note(&p, "webpbn XML"), None);
}

/// The black-and-white exports that drop the title or the goal say so: the Tatham ID, puzz.link,
/// `.nin` and TAAI; `.non`, webpbn XML and the JSON keep both. The goal is named only when line
/// logic from the clues does not give it (Edge, not Dancer).
#[test]
fn the_nonogram_exports_that_drop_title_or_goal_say_so() {
    use studio::kinds::nonogram::export_note;
    use studio::kinds::nonogram::formats::Format;
    let edge = non::from_non(WEBPBN[2]).unwrap();
    let dancer = non::from_non(WEBPBN[0]).unwrap();
    for f in [Format::Tatham, Format::PuzzLink, Format::Nin] {
        let note = export_note(&edge, f).unwrap_or_default();
        assert!(
            note.contains("leaves out the puzzle's title and intended picture (goal)"),
            "{f:?}: {note}"
        );
        assert!(note.ends_with("the share link and Studio JSON keep them."), "{f:?}: {note}");
        let note = export_note(&dancer, f).unwrap_or_default();
        assert!(note.contains("leaves out the puzzle's title (the format"), "{f:?}: {note}");
        assert!(!note.contains("goal"), "{f:?}: {note}");
        // Untitled, Dancer's export leaves nothing out.
        assert_eq!(export_note(&dancer.clone().with_title(None), f), None, "{f:?}");
    }
    for f in [Format::Json, Format::Non, Format::Xml] {
        assert_eq!(export_note(&edge, f), None, "{f:?}");
        assert_eq!(export_note(&dancer, f), None, "{f:?}");
    }
}

/// webpbn XML errors in a clue name the clue and the file line apart: `the clue of column 2
/// (XML line 9)`, never `XML line 9, column 2`, which reads like a place in the file.
#[test]
fn webpbn_xml_errors_name_the_clue_apart_from_the_file_line() {
    let p = non::from_non(WEBPBN[0]).unwrap();
    let xml = studio::kinds::nonogram::formats::xml::to_xml(&p);
    let err = |t: &str| Nonogram::import(t).unwrap_err().to_string();
    let bad = xml.replacen("<count>3</count>", "<count>x</count>", 1);
    let e = err(&bad);
    assert!(e.starts_with("the clue of column 2 (XML line "), "{e}");
    assert!(!e.contains("XML line 1, column") && e.contains("`x`"), "{e}");
    let zero = xml.replacen("<count>3</count>", "<count>0</count>", 1);
    let e = err(&zero);
    assert!(e.starts_with("the clue of column 2 (XML line ") && e.contains("is 0"), "{e}");
    let long = xml.replacen("<count>7</count>", "<count>17</count>", 1);
    let e = err(&long);
    assert!(e.starts_with("the clue of column 3 (XML line ") && e.contains("needs 17"), "{e}");
    // The colour reader says the same.
    let e = ColourNonogram::import(&HAPPY.replacen(">8</count>", ">x</count>", 1)).unwrap_err();
    assert!(e.to_string().starts_with("the clue of "), "{e}");
}
