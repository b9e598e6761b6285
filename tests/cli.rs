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

/// Writes `text` to a fresh file in the temporary folder and returns its path.
fn temp_file(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("puzzle-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

#[test]
fn a_file_saved_with_a_byte_order_mark_reads_as_without_one() {
    // Notepad saves UTF-8 with a BOM in front; every kind's reader must see past it, for a
    // puzzle, a collection, and an answer given to `check`.
    let bom = '\u{feff}';
    let cases = [
        ("kenken", "keen.txt", "3:_a_a_3c,a3a7a2m6"),
        (
            "starbattle",
            "sb.txt",
            "5,5,1,\"AAABBACCBBACCBBDCCBBDEEEB\",\"0100000001001001000000010\"",
        ),
        ("floodit", "flood.txt", "6x6:032242034203340350204502505323231342,17"),
        ("rectfree", "size.txt", "4x4x2"),
        ("nonogram", "pattern.txt", "2x2:2/2/2/2"),
    ];
    for (kind, name, text) in cases {
        let plain = temp_file(&format!("plain-{name}"), &format!("{text}\r\n"));
        let marked = temp_file(name, &format!("{bom}{text}\r\n"));
        let (ok, want, err) = puzzle(&["export", kind, &plain]);
        assert!(ok, "{kind}: {err}");
        let (ok, got, err) = puzzle(&["export", kind, &marked]);
        assert!(ok, "{kind} with a BOM: {err}");
        assert_eq!(got, want, "{kind}");
        // A collection reads the same with the mark as without.
        let count = |text: &str, file: &str| {
            let (_, out, err) = puzzle(&["bench", kind, &temp_file(file, text)]);
            (out.lines().last().and_then(|l| l.split(" median").next()).map(String::from), err)
        };
        let two = format!("{text}\r\n{text}\r\n");
        let want = count(&two, &format!("two-{name}"));
        assert_eq!(count(&format!("{bom}{two}"), &format!("two-bom-{name}")), want, "{kind}");
    }
    let answer = temp_file("answer.txt", &format!("{bom}0011\r\n0101\r\n1010\r\n1100\r\n"));
    let (ok, out, err) = puzzle(&["check", "rectfree", "4x4x2", &answer]);
    assert!(ok, "an answer with a BOM: {out}{err}");
}

#[test]
fn the_help_names_every_generator_level_each_kind_reads() {
    let (ok, out, err) = puzzle(&["generate", "--help"]);
    assert!(ok, "{err}");
    let help = out.split_whitespace().collect::<Vec<_>>().join(" ");
    let kenken = help.split("KenKen:").nth(1).and_then(|t| t.split(';').next()).unwrap_or("");
    for level in studio::kinds::kenken::generate::LEVELS {
        assert!(kenken.contains(&format!("`{level}`")), "KenKen level {level}: {kenken}");
    }
    let colour = help.split("colour nonogram:").nth(1).and_then(|t| t.split(')').next());
    for level in studio::kinds::colournono::generate::LEVELS {
        assert!(colour.unwrap_or("").contains(&format!("`{level}`")), "colour level {level}");
    }
}
