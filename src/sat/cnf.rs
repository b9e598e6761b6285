//! A clause set with its own variable counter, the sink every encoder writes to.

use varisat::{Lit, Var};

/// Clauses over variables numbered from 0, built by encoders and loaded by [`super::Solver`].
#[derive(Debug, Clone, Default)]
pub struct Cnf {
    n_vars: usize,
    clauses: Vec<Vec<Lit>>,
}

impl Cnf {
    /// An empty formula.
    pub fn new() -> Self {
        Cnf::default()
    }

    /// A fresh variable, as its positive literal.
    pub fn fresh(&mut self) -> Lit {
        let v = Var::from_index(self.n_vars);
        self.n_vars += 1;
        v.positive()
    }

    /// `n` fresh variables.
    pub fn fresh_n(&mut self, n: usize) -> Vec<Lit> {
        (0..n).map(|_| self.fresh()).collect()
    }

    /// Adds one clause (the disjunction of `lits`); an empty clause makes the formula unsatisfiable.
    pub fn clause(&mut self, lits: impl IntoIterator<Item = Lit>) {
        let lits: Vec<Lit> = lits.into_iter().collect();
        debug_assert!(
            lits.iter().all(|l| l.index() < self.n_vars),
            "literal of an unknown variable"
        );
        self.clauses.push(lits);
    }

    /// Adds the unit clause `lit`.
    pub fn unit(&mut self, lit: Lit) {
        self.clause([lit]);
    }

    /// Adds `a -> b`.
    pub fn implies(&mut self, a: Lit, b: Lit) {
        self.clause([!a, b]);
    }

    /// Number of variables used so far.
    pub fn n_vars(&self) -> usize {
        self.n_vars
    }

    /// Number of clauses.
    pub fn n_clauses(&self) -> usize {
        self.clauses.len()
    }

    /// The clauses.
    pub fn clauses(&self) -> &[Vec<Lit>] {
        &self.clauses
    }

    /// Reserves variables up to (but excluding) index `n`; used by the rustsat adapter.
    pub(super) fn reserve_to(&mut self, n: usize) {
        self.n_vars = self.n_vars.max(n);
    }

    /// The formula in DIMACS CNF text, for inspection with other solvers.
    pub fn to_dimacs(&self) -> String {
        let mut out = format!("p cnf {} {}\n", self.n_vars, self.clauses.len());
        for c in &self.clauses {
            for l in c {
                out.push_str(&l.to_dimacs().to_string());
                out.push(' ');
            }
            out.push_str("0\n");
        }
        out
    }
}
