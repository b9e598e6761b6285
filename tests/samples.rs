//! The home page's samples: every one opens, makes a share link, and the logic kinds' samples are
//! proven unique (the rectangle-free "impossible" one proven to have no answer).

use studio::kinds::{self, Kind};
use studio::puzzle::{Mode, Verdict};
use studio::samples::{self, SAMPLES};

#[test]
fn every_sample_opens_and_shares() {
    for s in SAMPLES {
        let text = kinds::import(s.kind, s.text).unwrap_or_else(|e| panic!("{}: {e}", s.name));
        let fragment = kinds::share_fragment(s.kind, &text).unwrap_or_else(|e| panic!("{}: {e}", s.name));
        assert!(fragment.starts_with(s.kind.id()), "{}: {fragment}", s.name);
    }
    for k in Kind::ALL {
        assert!(samples::of(k).count() >= 1, "{k:?} has a sample");
    }
}

#[test]
fn logic_samples_are_proven_unique_and_the_impossible_one_has_no_answer() {
    for s in SAMPLES {
        let expected = match s.kind {
            Kind::Nonogram | Kind::StarBattle | Kind::KenKen => Verdict::Unique,
            Kind::RectFree if s.name.contains("impossible") => Verdict::None,
            _ => continue,
        };
        let report = kinds::solve_text(s.kind, s.text, Mode::Unique, None).unwrap_or_else(|e| panic!("{}: {e:?}", s.name));
        assert_eq!(report.verdict, expected, "{}", s.name);
        let text = kinds::import(s.kind, s.text).unwrap();
        for rows in &report.solutions {
            kinds::verify_rows(s.kind, &text, rows).unwrap_or_else(|e| panic!("{}: {e}", s.name));
        }
    }
}
