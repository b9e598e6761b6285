//! Pseudo-boolean constraints (weighted sums of literals) from rustsat's generalized totalizer.
//!
//! `Σ wᵢ·lᵢ ≤ k` is rustsat's [`GeneralizedTotalizer`] encoded for the one bound and enforced
//! with unit clauses; `≥ k` is the same over the negated literals (`Σ wᵢ·¬lᵢ ≤ Σ wᵢ − k`).
//!
//! # References
//! - S. Joshi, R. Martins and V. Manquinho, "Generalized totalizer encoding for pseudo-boolean
//!   constraints", CP 2015.

use rustsat::encodings::pb::{BoundUpper, GeneralizedTotalizer};
use varisat::Lit;

use super::card::{from_rs, to_rs, with_rustsat};
use super::Cnf;

impl Cnf {
    /// `Σ weight · lit ≤ bound`; literals of weight 0 are ignored.
    pub fn pb_at_most(&mut self, terms: &[(Lit, usize)], bound: usize) {
        let terms: Vec<(Lit, usize)> = terms.iter().copied().filter(|&(_, w)| w > 0).collect();
        let total: usize = terms.iter().map(|&(_, w)| w).sum();
        if total <= bound {
            return;
        }
        let units = with_rustsat(self, |sink, vm| {
            let mut gte =
                GeneralizedTotalizer::from_iter(terms.iter().map(|&(l, w)| (to_rs(l), w)));
            gte.encode_ub(bound..=bound, sink, vm)
                .expect("the clause sink never runs out of memory");
            gte.enforce_ub(bound).expect("the bound was just encoded")
        });
        for u in units {
            self.unit(from_rs(u));
        }
    }

    /// `Σ weight · lit ≥ bound`; literals of weight 0 are ignored.
    pub fn pb_at_least(&mut self, terms: &[(Lit, usize)], bound: usize) {
        let total: usize = terms.iter().map(|&(_, w)| w).sum();
        if bound > total {
            self.clause([]);
            return;
        }
        let negated: Vec<(Lit, usize)> = terms.iter().map(|&(l, w)| (!l, w)).collect();
        self.pb_at_most(&negated, total - bound);
    }

    /// `Σ weight · lit = bound`.
    pub fn pb_exactly(&mut self, terms: &[(Lit, usize)], bound: usize) {
        self.pb_at_most(terms, bound);
        self.pb_at_least(terms, bound);
    }
}
