//! Cardinality constraints (at most one, at most k, at least k, exactly k) from rustsat's encodings.
//!
//! rustsat has no varisat backend, so a small adapter implements its `CollectClauses` over
//! [`Cnf`] and maps each literal by index. At-most-one uses the pairwise encoding for short
//! lists and the ladder (sequential) encoding for longer ones; counting uses the totalizer,
//! built once for the exact bound and enforced with unit clauses.
//!
//! # References
//! - O. Bailleux and Y. Boufkhad, "Efficient CNF encoding of Boolean cardinality constraints", CP 2003 (totalizer).
//! - I. P. Gent and P. Nightingale, "A new encoding of AllDifferent into SAT", 2004 (ladder).

use rustsat::encodings::am1::{self, Encode as _};
use rustsat::encodings::card::{BoundBoth, BoundLower, BoundUpper, Totalizer};
use rustsat::encodings::CollectClauses;
use rustsat::instances::{BasicVarManager, ManageVars};
use rustsat::types::{Clause, Var as RsVar};
use varisat::Lit;

use super::Cnf;

/// Lists up to this long get pairwise at-most-one clauses; longer ones the ladder encoding.
const PAIRWISE_MAX: usize = 6;

pub(super) struct Sink<'a>(&'a mut Cnf);

impl CollectClauses for Sink<'_> {
    fn n_clauses(&self) -> usize {
        self.0.n_clauses()
    }

    fn extend_clauses<T>(&mut self, cl_iter: T) -> Result<(), rustsat::OutOfMemory>
    where
        T: IntoIterator<Item = Clause>,
    {
        for cl in cl_iter {
            let lits: Vec<Lit> = cl.iter().map(|l| from_rs(*l)).collect();
            for l in &lits {
                self.0.reserve_to(l.index() + 1);
            }
            self.0.clause(lits);
        }
        Ok(())
    }
}

pub(super) fn to_rs(l: Lit) -> rustsat::types::Lit {
    rustsat::types::Lit::new(l.index() as u32, l.is_negative())
}

pub(super) fn from_rs(l: rustsat::types::Lit) -> Lit {
    Lit::from_index(l.vidx(), l.is_pos())
}

/// Runs a rustsat encoder with a variable manager that continues from the formula's counter.
pub(super) fn with_rustsat<R>(
    cnf: &mut Cnf,
    f: impl FnOnce(&mut Sink<'_>, &mut BasicVarManager) -> R,
) -> R {
    let mut vm = BasicVarManager::from_next_free(RsVar::new(cnf.n_vars() as u32));
    let r = {
        let mut sink = Sink(cnf);
        f(&mut sink, &mut vm)
    };
    cnf.reserve_to(vm.n_used() as usize);
    r
}

impl Cnf {
    /// At most one of `lits` is true.
    pub fn at_most_one(&mut self, lits: &[Lit]) {
        if lits.len() <= 1 {
            return;
        }
        let rs: Vec<_> = lits.iter().map(|l| to_rs(*l)).collect();
        with_rustsat(self, |sink, vm| {
            let result = if rs.len() <= PAIRWISE_MAX {
                am1::Pairwise::from_iter(rs).encode(sink, vm)
            } else {
                am1::Ladder::from_iter(rs).encode(sink, vm)
            };
            result.expect("the clause sink never runs out of memory");
        });
    }

    /// Exactly one of `lits` is true.
    pub fn exactly_one(&mut self, lits: &[Lit]) {
        self.clause(lits.iter().copied());
        self.at_most_one(lits);
    }

    /// At most `k` of `lits` are true.
    pub fn at_most(&mut self, lits: &[Lit], k: usize) {
        match k {
            _ if k >= lits.len() => {}
            0 => lits.iter().for_each(|l| self.unit(!*l)),
            1 => self.at_most_one(lits),
            _ => self.totalizer(lits, |tot, sink, vm| {
                tot.encode_ub(k..=k, sink, vm).expect("the clause sink never runs out of memory");
                tot.enforce_ub(k).expect("the bound was just encoded")
            }),
        }
    }

    /// At least `k` of `lits` are true.
    pub fn at_least(&mut self, lits: &[Lit], k: usize) {
        match k {
            0 => {}
            _ if k > lits.len() => self.clause([]),
            _ if k == lits.len() => lits.iter().for_each(|l| self.unit(*l)),
            1 => self.clause(lits.iter().copied()),
            _ => self.totalizer(lits, |tot, sink, vm| {
                tot.encode_lb(k..=k, sink, vm).expect("the clause sink never runs out of memory");
                tot.enforce_lb(k).expect("the bound was just encoded")
            }),
        }
    }

    /// Exactly `k` of `lits` are true.
    pub fn exactly(&mut self, lits: &[Lit], k: usize) {
        match k {
            _ if k > lits.len() => self.clause([]),
            0 => lits.iter().for_each(|l| self.unit(!*l)),
            _ if k == lits.len() => lits.iter().for_each(|l| self.unit(*l)),
            1 => self.exactly_one(lits),
            _ => self.totalizer(lits, |tot, sink, vm| {
                tot.encode_both(k..=k, sink, vm).expect("the clause sink never runs out of memory");
                tot.enforce_eq(k).expect("the bound was just encoded")
            }),
        }
    }

    fn totalizer(
        &mut self,
        lits: &[Lit],
        build: impl FnOnce(
            &mut Totalizer,
            &mut Sink<'_>,
            &mut BasicVarManager,
        ) -> Vec<rustsat::types::Lit>,
    ) {
        let units = with_rustsat(self, |sink, vm| {
            let mut tot = Totalizer::from_iter(lits.iter().map(|l| to_rs(*l)));
            build(&mut tot, sink, vm)
        });
        for u in units {
            self.unit(from_rs(u));
        }
    }
}
