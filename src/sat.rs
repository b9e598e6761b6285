//! The SAT layer over varisat: clause sinks, cardinality encodings, solving and enumeration.
//!
//! Encoders write into a [`Cnf`] and never call a solver; [`Solver`] loads a `Cnf` and answers.
//! Cardinality constraints come from rustsat's encodings through a small adapter ([`card`]).

pub mod card;
pub mod ladder;
pub mod pb;
mod cnf;
mod monitor;
mod solver;

pub use cnf::Cnf;
pub use monitor::{Interim, Monitor, Progress, Snapshot, Throttle, Unit};
pub use solver::{Model, Outcome, Solver, Stats, Stopped};
pub use solver::Enumerate;
pub use varisat::Lit;
