//! Share links: versions, kinds, and clear errors.

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
    assert_eq!(err("sudoku/v1/x"), "link: unknown puzzle kind `sudoku`");
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
