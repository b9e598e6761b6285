//! The SAT layer over varisat: clause sinks, cardinality encodings, solving and enumeration.
//!
//! Encoders write into a [`Cnf`] and never call a solver; [`Solver`] loads a `Cnf` and answers.
//! Cardinality constraints come from rustsat's encodings through a small adapter ([`card`]).

pub mod card;
mod cnf;
pub mod ladder;
mod monitor;
pub mod pb;
mod solver;

pub use cnf::Cnf;
pub use monitor::{Interim, Monitor, Progress, Snapshot, Throttle, Unit};
pub use solver::Enumerate;
pub use solver::{Model, Outcome, Solver, Stats, Stopped};
pub use varisat::Lit;

/// A literal of ours as batsat's (same variable index, same sign).
pub fn to_batsat(l: Lit) -> batsat::Lit {
    batsat::Lit::new(batsat::Var::unsafe_from_idx(l.index() as u32), l.is_positive())
}

/// Loads a formula into a fresh batsat solver: one batsat variable per variable of the formula,
/// then every clause (for the engines that drive batsat themselves, in slices or with a theory).
pub fn load_batsat<C: batsat::Callbacks>(cnf: &Cnf, solver: &mut batsat::Solver<C>) {
    use batsat::SolverInterface;
    for _ in 0..cnf.n_vars() {
        solver.new_var_default();
    }
    let mut c = Vec::new();
    for clause in cnf.clauses() {
        c.clear();
        c.extend(clause.iter().map(|&l| to_batsat(l)));
        solver.add_clause_reuse(&mut c);
    }
}
