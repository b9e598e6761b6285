//! The stated limits and the memory check every request passes before it starts (`studio::limits`).

use studio::jobs::Request;
use studio::kinds::Kind;
use studio::limits::{self, fit, WORKER_MEMORY_BYTES};
use studio::puzzle::Mode;

fn rows_as_regions(n: usize) -> String {
    let regions: Vec<String> =
        (0..n).map(|i| std::iter::repeat_n(char::from(b'A' + i as u8), n).collect()).collect();
    format!("starbattle/v1/{n}x{n}s1/{}", regions.concat())
}

#[test]
fn a_count_that_would_outgrow_the_memory_is_lowered_and_said() {
    let puzzle = rows_as_regions(25);
    let (answer, literals) = limits::encoding_size(Kind::StarBattle, &puzzle).expect("reads");
    assert_eq!(answer, 625);
    let cap = limits::count_cap(answer, literals);
    // What the cap allows fits in the limit, one more answer's worth of clauses per cell does not exceed by much.
    assert!(cap as u64 * 625 * limits::BYTES_PER_COUNTED_LITERAL <= WORKER_MEMORY_BYTES);
    assert!(
        (cap as u64 + 1) * 625 * limits::BYTES_PER_COUNTED_LITERAL
            + literals * limits::BYTES_PER_ENCODED_LITERAL
            > WORKER_MEMORY_BYTES
    );
    let (request, note) = fit(Request::Solve {
        kind: Kind::StarBattle,
        puzzle: puzzle.clone(),
        mode: Mode::Count(1_000_000),
        options: String::new(),
    })
    .expect("fits");
    assert_eq!(
        request,
        Request::Solve {
            kind: Kind::StarBattle,
            puzzle: puzzle.clone(),
            mode: Mode::Count(cap),
            options: String::new()
        }
    );
    let note = note.expect("said");
    assert!(note.contains("1 GiB") && note.contains("625 cells"), "{note}");
    // A small count, or another mode, passes unchanged and silently.
    for mode in [Mode::Count(1000), Mode::Unique, Mode::First] {
        let r = Request::Solve {
            kind: Kind::StarBattle,
            puzzle: puzzle.clone(),
            mode,
            options: String::new(),
        };
        assert_eq!(fit(r.clone()).expect("fits"), (r, None));
    }
    // The cap grows as the board shrinks.
    let (a6, l6) = limits::encoding_size(Kind::StarBattle, &rows_as_regions(6)).expect("reads");
    assert!(limits::count_cap(a6, l6) > cap);
}

#[test]
fn every_kind_states_its_limits_from_its_model() {
    for kind in Kind::ALL {
        let text = limits::stated(kind);
        assert!(text.chars().any(|c| c.is_ascii_digit()), "{kind:?}: {text}");
    }
    assert!(limits::stated(Kind::StarBattle).contains("40 cells a side"));
    assert!(limits::stated(Kind::Nonogram).contains("200"));
    assert!(limits::stated(Kind::KenKen).contains("3 to 12"));
    assert!(limits::stated_memory().contains("1 GiB"));
    // Unreadable puzzles pass through to the worker, which names the model's own error.
    let r = Request::Solve {
        kind: Kind::KenKen,
        puzzle: "not a puzzle".into(),
        mode: Mode::Count(5),
        options: String::new(),
    };
    assert_eq!(fit(r.clone()).expect("passes"), (r, None));
}
