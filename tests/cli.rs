//! The command line's handling of its arguments, run as the built `puzzle` binary.

use std::process::Command;

/// Runs `puzzle ARGS…`: (success, stdout, stderr).
fn puzzle(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_puzzle")).args(args).output().unwrap();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.success(), text(&out.stdout), text(&out.stderr))
}

#[test]
fn a_file_that_is_not_there_is_said_to_be_missing_and_links_still_read() {
    for missing in ["/no/such/puzzle.non", "./keen.txt", "puzzles/sb.json", "~/x"] {
        let (ok, _, err) = puzzle(&["explain", "kenken", missing]);
        assert!(!ok, "{missing}");
        assert!(err.contains(&format!("{missing}: no such file")), "{missing}: {err}");
    }
    // A share link, a Tatham ID and a size are read as what they are, not as missing files.
    let (ok, out, err) = puzzle(&["solve", "kenken", "3:_a_a_3c,a3a7a2m6"]);
    assert!(ok && out.contains("verdict: unique"), "{out}{err}");
    let link = "#starbattle/v1/6x6s1/AAABBBABBBCCADDEECFFDDECFEEEECFCCCCC";
    let (ok, out, err) = puzzle(&["solve", "starbattle", link]);
    assert!(ok && out.contains("verdict: unique"), "{out}{err}");
    let (ok, _, err) = puzzle(&["solve", "nonogram", "5x5:1.1/2/3/4/5/1/2/3/4/5"]);
    assert!(!err.contains("no such file"), "{ok} {err}");
    let (_, _, err) = puzzle(&["solve", "kenken", "3:a"]);
    assert!(!err.contains("no such file") && !err.is_empty(), "{err}");
}
