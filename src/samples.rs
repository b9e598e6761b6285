//! The home page's samples: a few puzzles of each kind in the forms people paste, each one click away.
//!
//! Pure data; the tests open every sample and solve it, so a link on the home page never leads
//! to an error.

use crate::kinds::Kind;

/// One sample: its kind, a short name, and its text in a form [`crate::kinds::import`] reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sample {
    /// The kind.
    pub kind: Kind,
    /// What the link says.
    pub name: &'static str,
    /// The puzzle.
    pub text: &'static str,
}

/// Every sample, grouped by kind in [`Kind::ALL`] order.
pub const SAMPLES: &[Sample] = &[
    Sample { kind: Kind::Nonogram, name: "Heart 5x5", text: "5x5:2/4/4/4/2/1.1/5/5/3/1" },
    Sample { kind: Kind::Nonogram, name: "Dancer 5x10 (webpbn #1)", text: "5x10:2.1/2.1.3/7/1.3/2.1/2/2.1/1.1/3/1.1/1.1/2/1.1/1.2/2" },
    Sample { kind: Kind::StarBattle, name: "6x6, one star (puzz.link)", text: "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou" },
    Sample { kind: Kind::KenKen, name: "5x5 (Tatham's Keen)", text: "5:a__a_3a_5a_a_a_3b_bac_,a5m15a7a10s2s2d2s3m40m2s2" },
    Sample { kind: Kind::FloodIt, name: "6x6, 6 colours", text: "6x6:032242034203340350204502505323231342,17" },
    Sample { kind: Kind::RectFree, name: "12x12, 4 colours", text: r#"{"kind":"rectfree","rows":12,"cols":12,"colours":4}"# },
    Sample { kind: Kind::RectFree, name: "5x5, 2 colours (impossible)", text: r#"{"kind":"rectfree","rows":5,"cols":5,"colours":2}"# },
];

/// The samples of one kind.
pub fn of(kind: Kind) -> impl Iterator<Item = &'static Sample> {
    SAMPLES.iter().filter(move |s| s.kind == kind)
}

/// A small collection for the Benchmark page's "Load a sample": the first sample of `kind`, in a
/// form its collection reader takes (tested: every kind's runs).
pub fn bench_sample(kind: Kind) -> &'static str {
    of(kind).next().map(|s| s.text).unwrap_or("")
}
