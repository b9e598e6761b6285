//! Solving, enumeration and uniqueness over varisat, with statistics.

use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;

use serde::{Deserialize, Serialize};
use varisat::{ExtendFormula, Lit, ProofFormat};
use web_time::Instant;

use super::monitor::{MonitorState, ProofSink};
use super::{Cnf, Monitor};

/// A satisfying assignment, indexed by variable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Model {
    values: Vec<bool>,
}

impl Model {
    /// A model from the value of each variable (for engines other than varisat).
    pub fn from_values(values: Vec<bool>) -> Model {
        Model { values }
    }

    /// The value of `lit` in this model (variables the solver never saw read as false).
    pub fn value(&self, lit: Lit) -> bool {
        self.values.get(lit.index()).copied().unwrap_or(false) ^ lit.is_negative()
    }
}

/// Whether a puzzle has one answer, several (two shown), or none.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome<S> {
    /// Exactly one answer: the first solve found it and the second, with it blocked, was UNSAT.
    Unique(S),
    /// At least two different answers.
    Multiple(S, S),
    /// No answer: the first solve was UNSAT.
    None,
}

/// A search that enumerates models differing on some literals ([`Solver`], or a kind's own
/// engine), as [`crate::puzzle::enumerate_verified`] needs.
pub trait Enumerate {
    /// The next model, `None` when there is none.
    fn next_model(&mut self) -> Result<Option<Model>, Stopped>;

    /// Forbids the assignment `model` gives to `over`.
    fn block_model(&mut self, model: &Model, over: &[Lit]);

    /// Enumerates up to `limit` models that differ on `over`, calling `on_model` for each;
    /// returns how many were found. `on_model` returns false to stop early.
    fn enumerate_models(
        &mut self,
        over: &[Lit],
        limit: usize,
        on_model: &mut dyn FnMut(&Model) -> bool,
    ) -> Result<usize, Stopped> {
        let mut found = 0;
        while found < limit {
            let Some(model) = self.next_model()? else { break };
            found += 1;
            if !on_model(&model) {
                break;
            }
            self.block_model(&model, over);
        }
        Ok(found)
    }
}

impl Enumerate for Solver {
    fn next_model(&mut self) -> Result<Option<Model>, Stopped> {
        self.solve()
    }

    fn block_model(&mut self, model: &Model, over: &[Lit]) {
        self.block(model, over);
    }
}

/// The work stopped before an answer: cancelled by the user or out of time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stopped;

impl fmt::Display for Stopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("stopped before an answer was found")
    }
}

impl std::error::Error for Stopped {}

/// Figures about the work a solver has done.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct Stats {
    /// Variables of the formula (including blocking clauses' variables: none are added).
    pub variables: usize,
    /// Clauses of the formula, including blocking clauses added since.
    pub clauses: usize,
    /// Learned clauses, one per conflict; `None` when the solver ran without a monitor.
    pub conflicts: Option<u64>,
    /// Calls to the SAT solver.
    pub solves: u32,
    /// Milliseconds since the solver was created.
    pub elapsed_ms: f64,
}

impl Stats {
    /// Adds another solver's figures to these (for work done by several solvers).
    pub fn absorb(&mut self, other: &Stats) {
        self.variables = self.variables.max(other.variables);
        self.clauses = self.clauses.max(other.clauses);
        self.conflicts = match (self.conflicts, other.conflicts) {
            (Some(a), Some(b)) => Some(a + b),
            (a, b) => a.or(b),
        };
        self.solves += other.solves;
        self.elapsed_ms += other.elapsed_ms;
    }
}

/// An incremental SAT solver loaded from a [`Cnf`].
pub struct Solver {
    inner: varisat::Solver<'static>,
    n_vars: usize,
    n_clauses: usize,
    solves: u32,
    started: Instant,
    monitor: Option<Rc<RefCell<MonitorState>>>,
    broken: bool,
}

impl Solver {
    /// A solver for `cnf` with no progress reports and no way to stop it.
    pub fn new(cnf: &Cnf) -> Self {
        Self::build(cnf, None)
    }

    /// A solver for `cnf` that reports to `monitor` and stops when it says so.
    pub fn with_monitor(cnf: &Cnf, monitor: Monitor) -> Self {
        Self::build(cnf, Some(monitor))
    }

    /// A solver with an optional monitor.
    pub fn build(cnf: &Cnf, monitor: Option<Monitor>) -> Self {
        let started = Instant::now();
        let mut inner = varisat::Solver::new();
        let monitor = monitor.map(|m| {
            let state = Rc::new(RefCell::new(MonitorState::new(m, started)));
            inner.write_proof(ProofSink::new(state.clone()), ProofFormat::Varisat);
            state
        });
        // Make every variable known to varisat, so models cover unconstrained ones too.
        for _ in 0..cnf.n_vars() {
            inner.new_var();
        }
        for c in cnf.clauses() {
            inner.add_clause(c);
        }
        Solver {
            inner,
            n_vars: cnf.n_vars(),
            n_clauses: cnf.n_clauses(),
            solves: 0,
            started,
            monitor,
            broken: false,
        }
    }

    /// Sets varisat's Luby restart unit (conflicts; varisat's default is 128). Larger units
    /// mean fewer restarts.
    pub fn set_restart_scale(&mut self, conflicts: u64) {
        let mut update = varisat::config::SolverConfigUpdate::new();
        update.luby_restart_interval_scale = Some(conflicts.max(1));
        self.inner.config(&update).expect("a restart unit of at least 1 is valid");
    }

    /// Adds a clause after loading (blocking clauses, hints).
    pub fn add_clause(&mut self, lits: &[Lit]) {
        self.inner.add_clause(lits);
        self.n_clauses += 1;
    }

    /// Solves with no assumptions: `Some(model)` if satisfiable, `None` if not.
    pub fn solve(&mut self) -> Result<Option<Model>, Stopped> {
        self.solve_under(&[])
    }

    /// Solves assuming every literal of `assumptions`.
    pub fn solve_under(&mut self, assumptions: &[Lit]) -> Result<Option<Model>, Stopped> {
        if self.broken {
            return Err(Stopped);
        }
        if let Some(m) = &self.monitor {
            if !m.borrow_mut().tick() {
                self.broken = true;
                return Err(Stopped);
            }
        }
        self.solves += 1;
        self.inner.assume(assumptions);
        match self.inner.solve() {
            Ok(true) => {
                let mut values = vec![false; self.n_vars];
                for lit in self.inner.model().unwrap_or_default() {
                    if let Some(v) = values.get_mut(lit.index()) {
                        *v = lit.is_positive();
                    }
                }
                Ok(Some(Model { values }))
            }
            Ok(false) => Ok(None),
            Err(_) => {
                self.broken = true;
                Err(Stopped)
            }
        }
    }

    /// The assumptions behind the last UNSAT answer (not necessarily minimal).
    pub fn failed_core(&self) -> Vec<Lit> {
        self.inner.failed_core().map(|c| c.to_vec()).unwrap_or_default()
    }

    /// Forbids the assignment `model` gives to `over`, so the next solve must differ there.
    pub fn block(&mut self, model: &Model, over: &[Lit]) {
        let clause: Vec<Lit> = over.iter().map(|&l| if model.value(l) { !l } else { l }).collect();
        self.add_clause(&clause);
    }

    /// Unique, multiple (two models that differ on `over`) or none.
    ///
    /// Uniqueness is proven by the second solve, with the first model blocked, returning UNSAT.
    pub fn outcome(&mut self, over: &[Lit]) -> Result<Outcome<Model>, Stopped> {
        let Some(first) = self.solve()? else { return Ok(Outcome::None) };
        self.block(&first, over);
        Ok(match self.solve()? {
            Some(second) => Outcome::Multiple(first, second),
            None => Outcome::Unique(first),
        })
    }

    /// Enumerates up to `limit` models that differ on `over`, calling `on_model` for each;
    /// returns how many were found. `on_model` returns false to stop early.
    pub fn enumerate(
        &mut self,
        over: &[Lit],
        limit: usize,
        mut on_model: impl FnMut(&Model) -> bool,
    ) -> Result<usize, Stopped> {
        self.enumerate_models(over, limit, &mut on_model)
    }

    /// Figures about the work so far.
    pub fn stats(&self) -> Stats {
        Stats {
            variables: self.n_vars,
            clauses: self.n_clauses,
            conflicts: self.monitor.as_ref().map(|m| m.borrow().conflicts),
            solves: self.solves,
            elapsed_ms: self.started.elapsed().as_secs_f64() * 1000.0,
        }
    }
}
