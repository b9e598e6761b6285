//! Run-start ladders over literals that may be constants: the shared pieces of the nonogram
//! encodings (black and white, and colour), where a run's "started at or before p" literals
//! order its possible starts and cells outside every start window are constants.

use super::{Cnf, Lit};

/// A literal that may be a constant.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum L {
    /// Always true.
    True,
    /// Always false.
    False,
    /// A variable's literal.
    Var(Lit),
}

impl std::ops::Not for L {
    type Output = L;
    fn not(self) -> L {
        match self {
            L::True => L::False,
            L::False => L::True,
            L::Var(l) => L::Var(!l),
        }
    }
}

/// Adds a clause over possibly-constant literals (a true literal drops the clause, false ones
/// are left out).
pub fn clause(cnf: &mut Cnf, lits: &[L]) {
    if lits.contains(&L::True) {
        return;
    }
    cnf.clause(lits.iter().filter_map(|l| match l {
        L::Var(v) => Some(*v),
        _ => None,
    }));
}

/// The ladder of one run: its possible starts (ascending) and, for each, the literal "the run
/// starts at or before this start".
pub struct Ladder {
    /// The possible starts, ascending.
    pub starts: Vec<usize>,
    /// "Started by" literals, one per start.
    pub by: Vec<L>,
}

impl Ladder {
    /// "The run starts at or before `p`" (`p` may be negative).
    pub fn started_by(&self, p: isize) -> L {
        if p < 0 {
            return L::False;
        }
        let count = self.starts.partition_point(|&s| s as isize <= p);
        if count == 0 {
            L::False
        } else {
            self.by[count - 1]
        }
    }
}
