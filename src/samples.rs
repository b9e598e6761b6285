//! The home page's samples: a few puzzles of each kind in the forms people paste, each one click away.
//!
//! Each kind's samples are in its folder ([`crate::play::Playable::SAMPLES`]); the tests open
//! every sample and solve it, so a link on the home page never leads to an error.

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

/// The samples of one kind ([`crate::play::Playable::SAMPLES`]).
pub fn of(kind: Kind) -> impl Iterator<Item = Sample> {
    let list: &'static [(&'static str, &'static str)] =
        crate::with_kind!(kind, P => <P as crate::play::Playable>::SAMPLES);
    list.iter().map(move |&(name, text)| Sample { kind, name, text })
}

/// Every sample, grouped by kind in [`Kind::ALL`] order.
pub fn all() -> impl Iterator<Item = Sample> {
    Kind::ALL.into_iter().flat_map(of)
}

/// A small collection for the Benchmark page's "Load a sample": the first sample of `kind`, in a
/// form its collection reader takes (tested: every kind's runs).
pub fn bench_sample(kind: Kind) -> &'static str {
    of(kind).next().map(|s| s.text).unwrap_or("")
}
