//! Share links: versions, kinds, and clear errors.

use studio::app_state::{Action, Page, Play, State};
use studio::kinds::Kind;
use studio::link::{find, parse_fragment};

#[test]
fn fragments_parse_by_kind_and_version() {
    assert_eq!(parse_fragment("").unwrap(), None);
    assert_eq!(parse_fragment("#").unwrap(), None);
    let p = parse_fragment("#starbattle").unwrap().unwrap();
    assert_eq!((p.kind, p.payload), (Kind::StarBattle, None));
    let p = parse_fragment("starbattle/v1/5x5s1/AAAAA").unwrap().unwrap();
    assert_eq!(
        (p.kind, p.version, p.payload.as_deref()),
        (Kind::StarBattle, 1, Some("5x5s1/AAAAA"))
    );
    let p = parse_fragment("nonogram/v1/x%2Fy").unwrap().unwrap();
    assert_eq!(p.payload.as_deref(), Some("x/y"));
}

#[test]
fn bad_fragments_say_what_is_wrong() {
    let err = |f: &str| parse_fragment(f).unwrap_err().to_string();
    assert_eq!(err("sudoku/v1/x"), "share link: unknown puzzle kind `sudoku`");
    assert!(err("starbattle/v9/x").contains("v9 is unknown"));
    assert!(err("starbattle/1/x").contains("not a link version"));
    assert!(err("starbattle/v1/").contains("no puzzle"));
}

#[test]
fn links_are_found_in_pasted_text() {
    assert_eq!(
        find("https://example.org/studio/#starbattle/v1/a").unwrap().unwrap().kind,
        Kind::StarBattle
    );
    assert_eq!(find("starbattle/v1/a").unwrap().unwrap().payload.as_deref(), Some("a"));
    assert_eq!(find("https://puzz.link/p?starbattle/6/6/1/4ilb").unwrap(), None);
    assert_eq!(find("10,10,2,\"AB\" # ts_1").unwrap(), None);
}

/// A payload that is not a puzzle at all is called that, with an example of the right form; a
/// bare size is still called a size; places in a line count from 1.
#[test]
fn garbage_payloads_are_not_called_sizes() {
    let err = |kind: Kind, f: &str| studio::kinds::import(kind, f).unwrap_err().to_string();
    let e = err(Kind::Nonogram, "#nonogram/v1/garbage");
    assert!(
        !e.contains("size only") && e.contains("is not a nonogram") && e.contains("5x5:"),
        "{e}"
    );
    assert!(err(Kind::Nonogram, "#nonogram/v1/10x10").contains("size only"));
    let e = err(Kind::KenKen, "#kenken/v1/garbage");
    assert!(
        !e.contains("size only") && e.contains("expected `<size>:<cage layout>,<clues>`"),
        "{e}"
    );
    let e = studio::kinds::kenken::formats::from_keen("garbage").unwrap_err().to_string();
    assert!(!e.contains("size only") && e.contains("is not a KenKen"), "{e}");
    assert!(studio::kinds::kenken::formats::from_keen("5")
        .unwrap_err()
        .to_string()
        .contains("size only"));
    let e = studio::kinds::floodit::formats::from_colorfill_line("x234").unwrap_err().to_string();
    assert!(e.contains("character 1"), "{e}");
}

const KEEN: &str = "5:a__a_3a_5a_a_a_3b_bac_,a5m15a7a10s2s2d2s3m40m2s2";
const KEEN_PAGE: &str = "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/keen.html#5dem:a__a_3a_5a_a_a_3b_bac_%2Ca5m15a7a10s2s2d2s3m40m2s2";
const FLOOD: &str = "6x6:032242034203340350204502505323231342,17";
const PATTERN: &str = "5x5:2/4/4/4/2/1.1/5/5/3/1";

/// Tatham's own names and page links are read in the address bar as the import box reads them.
#[test]
fn tatham_names_and_page_links_open_their_puzzles() {
    use studio::link::tatham;
    assert_eq!(tatham(&format!("#keen:{KEEN}")), Some((Kind::KenKen, Some(KEEN.to_string()))));
    assert_eq!(tatham("flood"), Some((Kind::FloodIt, None)));
    assert_eq!(tatham(&format!("pattern%3A{PATTERN}")).map(|t| t.0), Some(Kind::Nonogram));
    assert_eq!(tatham(KEEN_PAGE).map(|t| t.0), Some(Kind::KenKen));
    // The studio's own ids are not Tatham's names.
    assert_eq!(tatham("floodit/v1/x"), None);
    assert_eq!(tatham("kenken"), None);
    assert_eq!(tatham("keenish:1"), None);
    for (fragment, kind) in [
        (format!("#keen:{KEEN}"), Kind::KenKen),
        (format!("#{KEEN_PAGE}"), Kind::KenKen),
        (format!("#flood:{FLOOD}"), Kind::FloodIt),
        (format!("#pattern:{PATTERN}"), Kind::Nonogram),
    ] {
        let s = State::new(Vec::new(), Default::default(), &fragment);
        assert_eq!(s.page, Page::Kind(kind), "{fragment}");
        assert!(s.notice.is_none(), "{fragment}: {:?}", s.notice);
        let w = s.workshop(kind);
        assert!(w.puzzle.is_some() && w.unreadable.is_none(), "{fragment}");
    }
    // A bad ID in Tatham's terms is the unreadable-link page of its kind, not the home page.
    let s = State::new(Vec::new(), Default::default(), "#keen:5:a__a");
    assert_eq!(s.page, Page::Kind(Kind::KenKen));
    assert!(s
        .workshop(Kind::KenKen)
        .unreadable
        .as_ref()
        .is_some_and(|u| u.contains("could not be read")));
}

/// A link cut short opens nothing, even over a saved puzzle of its kind: that puzzle is kept
/// with its marks (and comes back at the kind's own address), and nothing names it on screen.
#[test]
fn a_cut_link_over_a_saved_puzzle_opens_nothing() {
    for kind in [Kind::KenKen, Kind::StarBattle] {
        let sample = studio::samples::of(kind).next().unwrap().text;
        let saved = studio::kinds::import(kind, sample).unwrap();
        let link = studio::kinds::share_fragment(kind, &saved).unwrap();
        let cut: String = link.chars().take(link.chars().count() * 6 / 10).collect();
        let marks = vec![1, 0, 2];
        let play = Play { moves: 3, ..Play::default() };
        let mut s = State::new(
            vec![(kind, saved.clone(), marks.clone(), play.clone())],
            Default::default(),
            &format!("#{cut}"),
        );
        assert_eq!(s.page, Page::Kind(kind));
        let w = s.workshop(kind);
        assert!(w.puzzle.is_none(), "{kind:?}: the saved puzzle must not be shown");
        assert!(w
            .unreadable
            .as_deref()
            .is_some_and(|u| u.starts_with("This link could not be read")));
        let kept = &s.kept[&kind];
        assert!(kept.iter().any(|k| k.puzzle == saved && k.marks == marks && k.play == play));
        // The kind's own address brings it back, marks and all.
        s = s.apply(Action::Route(format!("#{}", kind.id())), 0.0).unwrap();
        let w = s.workshop(kind);
        assert_eq!((w.puzzle.as_deref(), &w.marks), (Some(saved.as_str()), &marks));
        assert!(w.unreadable.is_none());
    }
}

/// Marks travel in a progress link in their own versioned grammar, and read back exactly.
#[test]
fn progress_links_carry_marks_and_read_back() {
    use studio::link::{decode_marks, encode_marks, progress_fragment};
    for marks in [
        vec![],
        vec![1, 0, 2],
        vec![0, 0, 0, 0, 5, 5, 5, 5, 5, 0, 0],
        vec![61, 62, 255, 255, 255, 12, 0, 1],
        (0..=255u8).collect::<Vec<_>>(),
    ] {
        let text = encode_marks(&marks);
        let end = marks.iter().rposition(|&m| m != 0).map_or(0, |i| i + 1);
        assert_eq!(decode_marks(1, &text).unwrap(), marks[..end], "{text}");
        assert!(text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-'));
    }
    assert_eq!(encode_marks(&[0, 0, 0, 0, 1, 1, 1, 1, 1, 2]), "0-4-1-5-2");
    let f = progress_fragment("starbattle/v1/6x6s1/AAABBB", &[1, 0, 2]);
    assert_eq!(f, "starbattle/m1.102/v1/6x6s1/AAABBB");
    let p = parse_fragment(&f).unwrap().unwrap();
    assert_eq!((p.kind, p.version), (Kind::StarBattle, 1));
    assert_eq!(
        (p.payload.as_deref(), p.marks.as_deref()),
        (Some("6x6s1/AAABBB"), Some(&[1, 0, 2][..]))
    );
    assert_eq!(find(&format!("https://x.org/#{f}")).unwrap().unwrap().marks, Some(vec![1, 0, 2]));
    assert_eq!(find(&f).unwrap().unwrap().kind, Kind::StarBattle);
    // A plain link carries none.
    assert_eq!(parse_fragment("starbattle/v1/6x6s1/AAABBB").unwrap().unwrap().marks, None);
    // Bad marks are errors that say what and where.
    let err = |f: &str| parse_fragment(f).unwrap_err().to_string();
    assert!(err("starbattle/m1.10!/v1/x").contains("character 3: `!` is not a mark"));
    assert!(err("starbattle/m1.1-2-/v1/x").contains("a repeat is written `-k-`"));
    assert!(err("starbattle/m1._4/v1/x").contains("two hex digits"));
    assert!(err("starbattle/m1._+f/v1/x").contains("two hex digits"));
    assert!(err("starbattle/m2.1/v1/x").contains("marks version m2 is unknown"));
    assert!(err("starbattle/m1.1-99999999999999999999-/v1/x").contains("a repeat"));
    assert!(err("starbattle/m1.1").contains("marks but no puzzle"));
}

/// A progress link opens the puzzle with the sharer's marks (the marks here before are one Undo
/// away) and says so; marks that do not fit the puzzle make the link unreadable, not a panic.
#[test]
fn a_progress_link_opens_with_the_sharers_marks() {
    let kind = Kind::StarBattle;
    let puzzle =
        studio::kinds::import(kind, studio::samples::of(kind).next().unwrap().text).unwrap();
    let plain = studio::kinds::share_fragment(kind, &puzzle).unwrap();
    let theirs = vec![1, 2, 2, 0, 1];
    let link = studio::link::progress_fragment(&plain, &theirs);
    let mine = vec![2, 2];
    let s = State::new(
        vec![(kind, puzzle.clone(), mine.clone(), Play::default())],
        Default::default(),
        &format!("#{link}"),
    );
    let w = s.workshop(kind);
    assert_eq!((w.puzzle.as_deref(), &w.marks), (Some(puzzle.as_str()), &theirs));
    assert_eq!(w.undo.last().map(|m| m.as_slice()), Some(mine.as_slice()));
    let said = s.notice.expect("the page says the link carried marks").text;
    assert!(said.contains("sharer's progress: 4 marks") && said.contains("Undo"), "{said}");
    // A plain link says nothing of marks and keeps the marks here.
    let s = State::new(
        vec![(kind, puzzle.clone(), mine.clone(), Play::default())],
        Default::default(),
        &format!("#{plain}"),
    );
    assert_eq!(s.workshop(kind).marks, mine);
    assert!(s.notice.is_none());
    // Marks past the board's end do not fit.
    let too_many = studio::link::progress_fragment(&plain, &vec![1; 5000]);
    let s = State::new(Vec::new(), Default::default(), &format!("#{too_many}"));
    let w = s.workshop(kind);
    assert!(w.puzzle.is_none());
    assert!(w.unreadable.as_ref().is_some_and(|u| u.contains("marks do not fit")));
}

/// The marks decoder under mutation: a value every time, never a panic.
#[test]
fn marks_decoder_never_panics() {
    let alphabet: Vec<char> = "0123456789aZz_-/.mv!é%ff".chars().collect();
    let mut rng = fastrand::Rng::with_seed(39);
    for seed in ["0-4-1-5-2", "_ff_0012-40-", "starbattle/m1.102/v1/6x6s1/AAABBB"] {
        for _ in 0..5000 {
            let text = crate::fuzz::mutate(&mut rng, seed, &alphabet);
            let _ = studio::link::decode_marks(1, &text);
            let _ = parse_fragment(&text);
            let _ = studio::kinds::import(Kind::StarBattle, &text);
        }
    }
}

/// A link that names its kind but not a version this studio reads (a hand-edited `v2`, marks
/// of an unknown grammar, a cut repeat) is that kind's unreadable-link page, saying what is
/// wrong, never the home page; a second bad link replaces the first one's words, never keeps
/// them, and the puzzle on screen is kept as for any unreadable link.
#[test]
fn a_bad_version_is_the_unreadable_page_of_its_kind() {
    let kind = Kind::StarBattle;
    let good = "starbattle/v1/6x6s1/AAABBBABBBCCADDEECFFDDECFEEEECFCCCCC";
    for (fragment, says) in [
        ("#starbattle/v3/6x6s1/AAAB", "version v3 is unknown to this studio (it reads v1 to v2)"),
        ("#starbattle/v2/6x6s1/AAAB", "Star Battle links of version v2 are unknown"),
        ("#starbattle/w1/6x6s1/AAAB", "`w1` is not a link version"),
        ("#starbattle/m2.1/v1/6x6s1/AAAB", "marks version m2 is unknown"),
        ("#starbattle/m1.1-3/v1/6x6s1/AAAB", "a repeat is written `-k-`"),
        ("#starbattle/m1.1", "marks but no puzzle"),
        ("#starbattle/v1/", "no puzzle after it"),
    ] {
        let s = State::new(Vec::new(), Default::default(), fragment);
        assert_eq!(s.page, Page::Kind(kind), "{fragment}");
        let w = s.workshop(kind);
        let u = w.unreadable.clone().unwrap_or_default();
        assert!(
            u.starts_with("This link could not be read: share link") && u.contains(says),
            "{fragment}: {u}"
        );
        assert!(!u.contains("link: link"), "{u}");
        // The reason is a sentence: the words that follow it on the page start a new one.
        assert!(u.ends_with('.') && !u.ends_with(".."), "{fragment}: {u}");
        // From a good puzzle on screen, the bad link opens nothing and keeps the good one.
        let s = State::new(Vec::new(), Default::default(), &format!("#{good}"));
        let s = s.apply(Action::Route(fragment.to_string()), 0.0).unwrap();
        assert_eq!(s.page, Page::Kind(kind), "{fragment}");
        let w = s.workshop(kind);
        assert!(w.puzzle.is_none(), "{fragment}");
        assert!(w.unreadable.as_deref().is_some_and(|u| u.contains(says)), "{fragment}");
        assert!(s.kept[&kind].iter().any(|k| k.puzzle.contains("AAABBB")), "{fragment}");
    }
    // One bad link after another: the page speaks of the second.
    let s = State::new(Vec::new(), Default::default(), "#starbattle/v1/6x6s1/AAAB");
    assert!(s.workshop(kind).unreadable.as_deref().is_some_and(|u| u.contains("36 region")));
    let s = s.apply(Action::Route("#starbattle/v7/6x6s1/AAAB".into()), 0.0).unwrap();
    let u = s.workshop(kind).unreadable.clone().unwrap_or_default();
    assert!(u.contains("v7 is unknown") && !u.contains("36 region"), "{u}");
    // A kind this studio does not know stays a notice on the page that was open.
    let s = State::new(Vec::new(), Default::default(), "#sudoku/v1/x");
    assert_eq!(s.page, Page::Home);
    assert!(s.notice.is_some_and(|n| n.text.contains("unknown puzzle kind `sudoku`")));
}

/// A share link as mail and chat programs pass it on: escaped a second time (`%252F` for `/`),
/// or broken by white space (a space typed into it, a long link wrapped over two lines, an
/// escaped `%20`); every kind's sample opens as the same puzzle from the address bar and from the
/// import box (found on the tour: each of these was "unknown puzzle kind" or a count one too
/// many).
#[test]
fn links_escaped_twice_or_broken_by_white_space_open_the_same_puzzle() {
    let escape = |s: &str| -> String {
        s.bytes()
            .map(|b| match b {
                b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' => (b as char).to_string(),
                _ => format!("%{b:02X}"),
            })
            .collect()
    };
    for kind in Kind::ALL {
        let sample = studio::samples::of(kind).next().unwrap().text;
        let puzzle = studio::kinds::import(kind, sample).unwrap();
        let link = studio::kinds::share_fragment(kind, &puzzle).unwrap();
        let bare = link.trim_start_matches('#');
        let (kind_id, rest) = bare.split_once('/').unwrap();
        let middle = bare.len() - rest.len() / 2;
        let twice = escape(&escape(bare));
        let variants = [
            twice.clone(),
            escape(bare),
            format!("{kind_id} /{rest}"),
            format!("{}\n{}", &bare[..middle], &bare[middle..]),
            format!("{} {}", &bare[..middle], &bare[middle..]),
            format!("{}%20{}%0A", &bare[..middle], &bare[middle..]),
        ];
        for v in variants {
            let s = State::new(Vec::new(), Default::default(), &format!("#{v}"));
            assert_eq!(s.page, Page::Kind(kind), "{v}");
            let w = s.workshop(kind);
            assert_eq!(w.unreadable, None, "{v}");
            assert_eq!(w.puzzle.as_deref(), Some(puzzle.as_str()), "{v}");
            let pasted = format!("https://example.org/studio/#{v}");
            assert_eq!(studio::kinds::import(kind, &pasted).unwrap(), puzzle, "{v}");
            assert_eq!(studio::kinds::sniff(&pasted), Some(kind), "{v}");
        }
        // A Tatham name escaped twice still names his puzzle.
        assert_eq!(studio::link::tatham(&escape(&escape("keen"))), Some((Kind::KenKen, None)));
        assert_eq!(parse_fragment(&twice).unwrap().unwrap().kind, kind);
    }
}
