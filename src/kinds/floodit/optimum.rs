//! The two engines that find a proven minimum (A* search, incremental SAT) and the SAT certificate for a known optimum.
//!
//! The anytime solve ([`anytime`]) runs A* (then IDA*) with beam searches on a schedule. On big
//! boards (at least [`SAT_MIN_REGIONS`] regions) it hands the lower bound over to SAT once A*
//! stalls (issue 32): after [`SAT_AFTER`] units of work, as soon as the `f` level under way has
//! cost three times all the levels before it. SAT (batsat, in slices of [`SLICE_CONFLICTS`]
//! conflicts, between which the progress, the stop and the beams are served) then asks "a
//! solution within `lower` moves?" and raises the bound by one with every UNSAT, on the
//! time-indexed encoding plus the colours-left clauses ([`count_colours`]). Measured on ten
//! 30x30 boards with 8 colours, A*'s bound stalls one to three moves above Puchert's root bound
//! within seconds, while SAT goes on raising it (figures: `docs/design-notes.md`, "Flood-It on
//! big boards").

use batsat::{lbool, Callbacks, ClauseKind, Lit as BLit, SolverInterface, SolverOpts};
use web_time::Instant;

use super::encode::{count_colours, encode, Vars};
use super::graph::{bit, for_each_bit, Graph};
use super::search;
use super::FloodIt;
use crate::puzzle::SolveError;
use crate::sat::{Cnf, Model, Monitor, Progress, Solver, Stats, Throttle, Unit};

/// How long a solve for a first answer ([`crate::puzzle::Mode::First`], the page's hint) may search for the
/// minimum before it answers with the best found and its bound.
pub const FIRST_ANSWER_MS: f64 = 3_000.0;

/// Which engine proves the minimum ([`super::SolveOptions::engine`]); read from JSON as
/// `search` (or `astar`), `sat` or `both`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Engine {
    /// Exact search (A* with Puchert's admissible lower bound).
    #[serde(alias = "astar", alias = "a*")]
    Search,
    /// Incremental SAT over the bound; the certificate is the UNSAT answer one step short.
    Sat,
    /// The search for the answer, then SAT for the certificate one step short.
    Both,
}

impl Engine {
    /// Reads `astar` (or `search`), `sat` or `both`.
    pub fn from_word(w: &str) -> Option<Engine> {
        match w {
            "astar" | "a*" | "search" => Some(Engine::Search),
            "sat" => Some(Engine::Sat),
            "both" => Some(Engine::Both),
            _ => None,
        }
    }
}

/// A minimum with the evidence for it.
#[derive(Debug, Clone)]
pub struct Optimum {
    /// The moves from the board's start, played moves included.
    pub moves: Vec<u8>,
    /// The sentences of the proof.
    pub proof: Vec<String>,
    /// Solver figures.
    pub stats: Stats,
    /// No continuation from the position after the played moves is shorter.
    pub lower: usize,
    /// Whether `moves` is proven optimal (the continuation's length equals `lower`).
    pub optimal: bool,
}

/// The components flooded after the board's played moves.
pub fn flood_after_played(board: &FloodIt, g: &Graph) -> Vec<u64> {
    let (mut f, _) = search::root(g);
    for &m in board.played() {
        let n = search::frontier(g, &f);
        let col = g.colour_set(m as usize);
        for i in 0..g.words {
            f[i] |= col[i] & n[i];
        }
    }
    f
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// When the beam searches run and their widths: each is four times wider than the one before and
/// starts after four times the work, so together they take a fixed share of it; boards that A*
/// proves at once never pay for them. The work is counted, not timed, so the same board always
/// runs the same beams whatever else the machine is doing: positions expanded times
/// `regions² · words · colours`, which follows what an expansion costs (measured: one on a
/// 30x30 board with 8 colours, about 690 regions, costs about 150 times one on a 14x14 board
/// with 6 colours, about 136 regions; the product grows 127 times). The first beam comes after
/// about 150 000 positions of such a 14x14 board (0.15 s natively) and about 1 200 of the 30x30
/// (0.2 s).
const BEAMS: [(u64, usize); 6] = [
    (50_000_000_000, 128),
    (200_000_000_000, 512),
    (800_000_000_000, 2_048),
    (3_200_000_000_000, 8_192),
    (12_800_000_000_000, 32_768),
    (51_200_000_000_000, 131_072),
];

/// The anytime solve's state: the best solution so far, the proven lower bound, the clock and
/// the monitor (progress, stop).
struct Run<'a, 'b> {
    g: &'a Graph,
    f0: &'a [u64],
    started: Instant,
    throttle: Throttle,
    monitor: Option<Monitor>,
    best: Vec<u8>,
    best_from: String,
    lower: u32,
    beams: usize,
    stopped: bool,
    /// The work (in the beam schedule's units) after which the exact search hands the lower
    /// bound over to SAT; `None`: never.
    sat_after: Option<u64>,
    /// Set by the poll when the SAT phase is due: the exact search was stopped for it.
    sat_due: bool,
    /// The exact searches' work at their last poll (positions expanded).
    work: u64,
    /// The exact searches' work when they last raised the lower bound.
    raised_at: u64,
    /// Called with (best, lower) whenever either improves.
    on_bounds: Option<&'b mut dyn FnMut(&[u8], u32)>,
}

impl Run<'_, '_> {
    fn elapsed_ms(&self) -> f64 {
        self.started.elapsed().as_secs_f64() * 1000.0
    }

    /// Reports to the monitor when its interval has passed; false once it says stop.
    fn keep_going(&mut self, work: u64) -> bool {
        self.keep_going_in(work, Unit::Positions)
    }

    /// [`Run::keep_going`] with the unit of the work.
    fn keep_going_in(&mut self, work: u64, unit: Unit) -> bool {
        if self.stopped {
            return false;
        }
        let elapsed_ms = self.elapsed_ms();
        if let Some(m) = self.monitor.as_mut() {
            if !self.throttle.report(m, Progress { work, unit, elapsed_ms, known: None }) {
                self.stopped = true;
            }
        }
        !self.stopped
    }

    fn raise_lower(&mut self, lower: u32) {
        if lower > self.lower {
            self.lower = lower.min(self.best.len() as u32);
            if let Some(f) = self.on_bounds.as_mut() {
                f(&self.best, self.lower);
            }
        }
    }

    fn offer(&mut self, moves: Vec<u8>, from: String) {
        if moves.len() < self.best.len() {
            self.best = moves;
            self.best_from = from;
            if let Some(f) = self.on_bounds.as_mut() {
                f(&self.best, self.lower);
            }
        }
    }

    /// The exact searches' poll: progress, stop, the lower bound, and the beam searches when due.
    fn tick(&mut self, work: u64, lower: u32) -> Option<u32> {
        self.work = work;
        if lower > self.lower {
            self.raised_at = work;
        }
        self.raise_lower(lower);
        if !self.keep_going(work) {
            return None;
        }
        let cost = work.saturating_mul(self.unit_cost());
        // SAT takes over once the level under way has cost three times all the levels before.
        if self.sat_after.is_some_and(|at| cost >= at) && work >= 4 * self.raised_at && !self.done()
        {
            self.sat_due = true;
            return None;
        }
        if !self.beams_due(cost, work, Unit::Positions) {
            return None;
        }
        Some(self.best.len() as u32)
    }

    /// Runs the beam searches due at `cost` (the schedule's units); false when stopped.
    fn beams_due(&mut self, cost: u64, work: u64, unit: Unit) -> bool {
        while self.beams < BEAMS.len()
            && cost >= BEAMS[self.beams].0
            && (self.best.len() as u32) > self.lower
        {
            let width = BEAMS[self.beams].1;
            self.beams += 1;
            let (g, f0) = (self.g, self.f0);
            let found = search::beam(g, f0, width, &mut || self.keep_going_in(work, unit));
            match found {
                Some(moves) => self.offer(moves, format!("beam search of width {width}")),
                None => return false,
            }
        }
        true
    }

    fn done(&self) -> bool {
        self.best.len() as u32 <= self.lower
    }

    /// What one expansion costs in the beam schedule's units: `regions² · words · colours`.
    fn unit_cost(&self) -> u64 {
        (self.g.n * self.g.n * self.g.words * self.g.k) as u64
    }
}

/// The work (in the beam schedule's units, see [`BEAMS`]) after which an exact search that has
/// not finished hands the lower bound over to SAT, on boards of at least [`SAT_MIN_REGIONS`]
/// regions: 200 · 10⁹, right after the second beam search (about 4 600 positions of a 30x30
/// board with 8 colours).
pub const SAT_AFTER: u64 = 200_000_000_000;

/// Boards with fewer regions than this never leave A* and IDA* for SAT: the exact search
/// proves them faster.
pub const SAT_MIN_REGIONS: usize = 300;

/// batsat's callbacks for the SAT phase: counts conflicts and stops the solve at the end of
/// its slice (batsat keeps what it learned, so the next call goes on from there).
struct Slice {
    conflicts: u64,
    until: u64,
}

impl Callbacks for Slice {
    fn on_new_clause(&mut self, _: &[BLit], kind: ClauseKind) {
        if matches!(kind, ClauseKind::Learnt) {
            self.conflicts += 1;
        }
    }

    fn stop(&self) -> bool {
        self.conflicts >= self.until
    }
}

/// Conflicts per slice of the SAT phase: between slices it reports progress, hears the stop and
/// runs the beam searches when due (a slice of a 30x30 board takes about 0.1 s).
pub const SLICE_CONFLICTS: u64 = 300;

/// The SAT phase of [`anytime`] on batsat, in slices: with the time-indexed encoding
/// ([`encode`] plus [`count_colours`]) for one move fewer than the best
/// known, asks for a solution of at most `lower` moves, raising `lower` by one with every UNSAT,
/// until a solution turns up (then it is optimal), the bound meets the best, or the monitor says
/// stop. Returns the sentence saying what SAT proved, if it proved anything.
fn sat_slices(run: &mut Run) -> Option<String> {
    let (g, f0) = (run.g, run.f0);
    let horizon = run.best.len() - 1;
    let from = run.lower;
    let mut cnf = Cnf::new();
    let vars = encode(g, &start_components(g, f0), horizon, &mut cnf);
    count_colours(g, &vars, &mut cnf);
    let mut solver = batsat::Solver::new(SolverOpts::default(), Slice { conflicts: 0, until: 0 });
    crate::sat::load_batsat(&cnf, &mut solver);
    let base = run.work.saturating_mul(run.unit_cost());
    let per_conflict = run.unit_cost() * EXPANSIONS_PER_CONFLICT;
    let mut found_by_sat = false;
    while !run.done() {
        let conflicts = solver.cb().conflicts;
        if !run.keep_going_in(conflicts, Unit::Conflicts) {
            break;
        }
        let cost = base.saturating_add(conflicts.saturating_mul(per_conflict));
        if !run.beams_due(cost, conflicts, Unit::Conflicts) {
            break;
        }
        if run.done() {
            break;
        }
        let j = run.lower as usize;
        solver.cb_mut().until = conflicts + SLICE_CONFLICTS;
        let r = solver.solve_limited(&[crate::sat::to_batsat(vars.goal[j])]);
        if r == lbool::FALSE {
            run.raise_lower(j as u32 + 1);
        } else if r == lbool::TRUE {
            let m = solver.get_model();
            let model = Model::from_values(
                (0..cnf.n_vars()).map(|i| m.get(i) == Some(&lbool::TRUE)).collect(),
            );
            let moves = decode(g, f0, &vars, &model, j);
            found_by_sat = moves.len() < run.best.len();
            run.offer(moves, "SAT".into());
        }
    }
    let conflicts = solver.cb().conflicts;
    let unsat = run.lower.saturating_sub(from);
    (unsat > 0 || found_by_sat).then(|| {
        let mut line = format!(
            "SAT over the {} regions (the time-indexed encoding for up to {horizon} moves)",
            g.n
        );
        if unsat > 0 {
            line += &format!(" answered UNSAT for every length from {from} to {}", run.lower - 1);
            if found_by_sat {
                line += ", then found a solution of";
            }
        } else {
            line += " found a solution of";
        }
        if found_by_sat {
            line += &format!(" {} moves", run.best.len());
        }
        line + &format!(" ({conflicts} conflicts)")
    })
}

/// The beam schedule counts a SAT conflict as this many expansions: batsat makes about 2 600
/// conflicts a second on a 30x30 board with 8 colours, A* about twice as many expansions, so
/// the beams keep their share of the time during the SAT phase.
const EXPANSIONS_PER_CONFLICT: u64 = 2;

/// An anytime answer: the best move list found (from the position after the played moves),
/// the proven lower bound on its length, and how each was had.
#[derive(Debug, Clone)]
pub struct Anytime {
    /// The best continuation found.
    pub moves: Vec<u8>,
    /// No continuation has fewer moves; equal to `moves.len()` when that is proven optimal.
    pub lower: u32,
    /// The sentences of the proof.
    pub proof: Vec<String>,
    /// Positions expanded by the exact searches.
    pub expanded: u64,
}

impl Anytime {
    /// Whether the best is proven optimal.
    pub fn optimal(&self) -> bool {
        self.moves.len() as u32 == self.lower
    }
}

/// The anytime search from the flood `f0`: a greedy solution at once, beam searches that improve
/// it while the exact search runs, A* within `memory` bytes and, if that fills up, IDA* with a
/// transposition table, and on big boards SAT for the lower bound once A* stalls (module doc);
/// it stops when the best meets the lower bound, or when the monitor says stop (then the best so
/// far and the bound proven so far). `on_bounds` hears every improvement of either.
pub fn anytime(
    g: &Graph,
    f0: &[u64],
    memory: usize,
    monitor: Option<Monitor>,
    on_bounds: Option<&mut dyn FnMut(&[u8], u32)>,
) -> Anytime {
    let sat_after = (g.n >= SAT_MIN_REGIONS).then_some(SAT_AFTER);
    anytime_with(g, f0, memory, sat_after, monitor, on_bounds)
}

/// [`anytime`] with the work after which the exact search hands over to SAT (`None`: never;
/// `Some(0)`: at the first poll), whatever the board's size.
pub fn anytime_with(
    g: &Graph,
    f0: &[u64],
    memory: usize,
    sat_after: Option<u64>,
    monitor: Option<Monitor>,
    on_bounds: Option<&mut dyn FnMut(&[u8], u32)>,
) -> Anytime {
    let n0 = search::frontier(g, f0);
    let greedy = search::greedy(g, f0);
    let root_bound = search::lower_bound(g, f0, &n0);
    let mut run = Run {
        g,
        f0,
        started: Instant::now(),
        throttle: Throttle::new(),
        monitor,
        best: greedy,
        best_from: "the greedy (most cells each move)".into(),
        lower: 0,
        beams: 0,
        stopped: false,
        sat_after,
        sat_due: false,
        work: 0,
        raised_at: 0,
        on_bounds,
    };
    run.lower = root_bound.min(run.best.len() as u32);
    if let Some(f) = run.on_bounds.as_mut() {
        f(&run.best, run.lower);
    }
    let mut proof = Vec::new();
    let mut expanded = 0u64;
    let regions = g.n;
    let mut lower_from = format!("Puchert's lower bound at the root ({root_bound})");
    if !run.done() {
        let limit = search::node_limit(g.words, memory);
        let upper = run.best.len() as u32;
        let result = if sat_after == Some(0) {
            run.sat_due = true;
            Err(search::SearchError::Stopped)
        } else {
            search::astar(g, f0, limit, upper, &mut |work, lower| run.tick(work, lower))
        };
        match result {
            Ok(search::Exact::Found(moves, fig)) => {
                expanded = fig.expanded;
                let n = moves.len() as u32;
                run.offer(moves, "A*".into());
                run.raise_lower(n);
                lower_from = format!(
                    "A* over the {regions} regions with Puchert's lower bound ({root_bound} at the root) expanded {} positions in order of moves made plus the bound: none finishes in fewer than {n} move{}",
                    fig.expanded,
                    plural(n as usize)
                );
            }
            Ok(search::Exact::NothingBelow(u, fig)) => {
                expanded = fig.expanded;
                run.raise_lower(u);
                lower_from = format!(
                    "A* over the {regions} regions with Puchert's lower bound ({root_bound} at the root) expanded {} positions in order of moves made plus the bound and ruled out every line of fewer than {u} moves",
                    fig.expanded
                );
            }
            Ok(search::Exact::Full(l, fig)) => {
                expanded = fig.expanded;
                run.raise_lower(l);
                let a_star = format!(
                    "A* over the {regions} regions with Puchert's lower bound ({root_bound} at the root) filled its {} MB ({} positions stored, {} expanded) and ruled out every line of fewer than {l} moves",
                    memory >> 20,
                    fig.stored,
                    fig.expanded
                );
                lower_from = a_star.clone();
                if !run.done() && !run.stopped {
                    let from = run.lower;
                    let upper = run.best.len() as u32;
                    let tt = search::TT_BYTES.min(memory);
                    let r = search::ida(g, f0, from, upper, tt, &mut |work, lower| {
                        run.tick(fig.expanded + work, lower)
                    });
                    let ida_fig = match &r {
                        Ok(
                            search::Exact::Found(_, f)
                            | search::Exact::NothingBelow(_, f)
                            | search::Exact::Full(_, f),
                        ) => *f,
                        Err(_) => search::Figures::default(),
                    };
                    expanded += ida_fig.expanded;
                    match r {
                        Ok(search::Exact::Found(moves, _)) => {
                            let n = moves.len() as u32;
                            run.offer(moves, "IDA*".into());
                            run.raise_lower(n);
                        }
                        Ok(search::Exact::NothingBelow(u, _)) => run.raise_lower(u),
                        _ => {}
                    }
                    if run.lower > l {
                        lower_from = format!(
                            "{a_star}; then IDA* with a transposition table ({} MB, keeping the best bound learned for each position) ruled out every line of fewer than {} moves ({} more positions expanded)",
                            tt >> 20,
                            run.lower,
                            ida_fig.expanded
                        );
                    }
                }
            }
            Err(search::SearchError::Stopped) => {
                lower_from = if sat_after == Some(0) {
                    format!("Puchert's lower bound at the root ({root_bound})")
                } else {
                    let why =
                        if run.sat_due { "when SAT took over" } else { "before it was stopped" };
                    format!("A* over the {regions} regions with Puchert's lower bound ({root_bound} at the root) ruled out every line of fewer than {} moves {why}", run.lower)
                };
            }
        }
        if run.sat_due && !run.done() && !run.stopped {
            if let Some(line) = sat_slices(&mut run) {
                lower_from = format!("{lower_from}; then {line}");
            }
        }
    }
    let n = run.best.len();
    let secs = run.elapsed_ms() / 1000.0;
    if run.done() {
        if n == 0 {
            proof.push("The board is already one colour.".into());
        } else {
            proof.push(format!("{lower_from}."));
            if run.best_from != "A*" && run.best_from != "IDA*" && run.best_from != "SAT" {
                proof.push(format!(
                    "The best solution found, by {}, has {n} move{}: the minimum.",
                    run.best_from,
                    plural(n)
                ));
            }
        }
    } else {
        proof.push(format!(
            "Best found: {n} move{}, by {}; not proven optimal ({}, after {secs:.1} s).",
            plural(n),
            run.best_from,
            if run.stopped { "stopped" } else { "the search gave up" }
        ));
        proof.push(format!("Proven lower bound: {}. {lower_from}.", run.lower));
    }
    Anytime { moves: run.best, lower: run.lower, proof, expanded }
}

/// Solves with `engine`: the minimum number of moves from the position after the board's played
/// moves when it can be proven, otherwise (stopped, or out of options) the best solution found
/// with its proven lower bound. `on_bounds` hears every improvement of the best or the bound.
pub fn solve(
    board: &FloodIt,
    engine: Engine,
    monitor: Option<Monitor>,
) -> Result<Optimum, SolveError> {
    solve_watched(board, engine, monitor, search::MEMORY_BYTES, None)
}

/// [`solve`] with the A* memory budget and a listener for the best and the bound as they improve
/// (the moves heard are the continuation, without the played moves).
pub fn solve_watched(
    board: &FloodIt,
    engine: Engine,
    monitor: Option<Monitor>,
    memory: usize,
    on_bounds: Option<&mut dyn FnMut(&[u8], u32)>,
) -> Result<Optimum, SolveError> {
    let g = Graph::of(board);
    let f0 = flood_after_played(board, &g);
    let played = board.played().len();
    let from = if played == 0 {
        "the start".to_string()
    } else {
        format!("the position after the {played} move{} played", plural(played))
    };
    match engine {
        Engine::Search | Engine::Both => {
            let started = Instant::now();
            let mut monitor = monitor;
            // The certificate needs the monitor after the search: share it.
            let shared = monitor.take().map(|m| std::rc::Rc::new(std::cell::RefCell::new(m)));
            let for_search = shared.as_ref().map(|m| {
                let m = m.clone();
                let interval = m.borrow().interval_ms();
                Monitor::new(interval, move |p| m.borrow_mut().report(p))
            });
            let a = anytime(&g, &f0, memory, for_search, on_bounds);
            let n = a.moves.len();
            let mut moves = board.played().to_vec();
            moves.extend_from_slice(&a.moves);
            let mut proof = a.proof.clone();
            if played > 0 {
                proof.insert(0, format!("From {from}."));
            }
            let mut stats =
                Stats { elapsed_ms: started.elapsed().as_secs_f64() * 1000.0, ..Stats::default() };
            if engine == Engine::Both && n > 0 && a.optimal() {
                let m = shared.map(|m| {
                    let interval = m.borrow().interval_ms();
                    Monitor::new(interval, move |p| m.borrow_mut().report(p))
                });
                match certify(&g, &f0, n, m) {
                    Ok((line, s)) => {
                        proof.push(line);
                        let ms = stats.elapsed_ms;
                        stats = s;
                        stats.elapsed_ms += ms;
                    }
                    Err(SolveError::Stopped) => proof.push("The SAT certificate was stopped before it finished (the search's proof stands).".into()),
                    Err(e) => return Err(e),
                }
            } else if engine == Engine::Both && !a.optimal() {
                proof.push(
                    "No SAT certificate: the search did not prove a minimum to certify.".into(),
                );
            }
            Ok(Optimum { moves, proof, stats, lower: a.lower as usize, optimal: a.optimal() })
        }
        Engine::Sat => by_sat(board, &g, &f0, monitor, &from),
    }
}

fn start_components(_g: &Graph, f0: &[u64]) -> Vec<usize> {
    let mut out = Vec::new();
    for_each_bit(f0, |v| out.push(v));
    out
}

/// The SAT certificate that `n` moves are needed: the formula with horizon `n - 1` is UNSAT.
pub fn certify(
    g: &Graph,
    f0: &[u64],
    n: usize,
    monitor: Option<Monitor>,
) -> Result<(String, Stats), SolveError> {
    let mut cnf = Cnf::new();
    let vars = encode(g, &start_components(g, f0), n - 1, &mut cnf);
    let mut solver = Solver::build(&cnf, monitor);
    if solver.solve_under(&[vars.goal[n - 1]])?.is_some() {
        return Err(SolveError::Rejected(format!(
            "the SAT solver found a solution in {} moves, below the search's minimum",
            n - 1
        )));
    }
    let stats = solver.stats();
    Ok((
        format!(
            "With {} move{} the SAT solver proved it impossible (UNSAT; {} variables, {} clauses, {:.0} ms).",
            n - 1,
            plural(n - 1),
            stats.variables,
            stats.clauses,
            stats.elapsed_ms
        ),
        stats,
    ))
}

/// Reads the moves out of a model for bound `j`, dropping moves that flood nothing.
pub fn decode(g: &Graph, f0: &[u64], vars: &Vars, model: &Model, j: usize) -> Vec<u8> {
    let mut f = f0.to_vec();
    let mut out = Vec::new();
    for t in 0..j.min(vars.horizon) {
        let Some(c) = (0..g.k).find(|&c| model.value(vars.moves[t][c])) else { continue };
        let n = search::frontier(g, &f);
        let col = g.colour_set(c);
        let mut added = false;
        for i in 0..g.words {
            added |= col[i] & n[i] != 0;
            f[i] |= col[i] & n[i];
        }
        if added {
            out.push(c as u8);
        }
        if (0..g.n).all(|v| bit(&f, v)) {
            break;
        }
    }
    out
}

fn by_sat(
    board: &FloodIt,
    g: &Graph,
    f0: &[u64],
    monitor: Option<Monitor>,
    from: &str,
) -> Result<Optimum, SolveError> {
    let started = Instant::now();
    let upper = search::greedy(g, f0);
    let m = upper.len();
    let n0 = search::frontier(g, f0);
    let root_bound = search::lower_bound(g, f0, &n0) as usize;
    let lower = root_bound.min(m);
    let mut cnf = Cnf::new();
    let vars = encode(g, &start_components(g, f0), m, &mut cnf);
    let mut solver = Solver::build(&cnf, monitor);
    let mut proof = Vec::new();
    let mut moves = board.played().to_vec();
    // Stopped: the greedy's answer with the bound proven so far (Puchert's, or one more than
    // the last bound SAT proved impossible).
    let stopped = |mut moves: Vec<u8>,
                   proven: usize,
                   solver: &Solver|
     -> Result<Optimum, SolveError> {
        moves.extend_from_slice(&upper);
        let mut stats = solver.stats();
        stats.elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
        let proof = vec![
            format!("Best found: {m} move{}, by the greedy (most cells each move); not proven optimal (stopped after {:.1} s).", plural(m), stats.elapsed_ms / 1000.0),
            format!("Proven lower bound: {proven}, from Puchert's bound ({root_bound}) and SAT answering UNSAT for every smaller bound it was asked about, from {from}."),
        ];
        Ok(Optimum { moves, proof, stats, lower: proven.min(m), optimal: proven >= m })
    };
    // Rise from the lower bound to the first satisfiable bound.
    let mut j = lower;
    let (best, mut sat_at) = loop {
        match solver.solve_under(&[vars.goal[j]]) {
            Err(_) => return stopped(moves, j.max(root_bound), &solver),
            Ok(Some(model)) => break (decode(g, f0, &vars, &model, j), j),
            Ok(None) => {}
        }
        if j == m {
            return Err(SolveError::Rejected(format!(
                "the SAT solver found no solution within the greedy's {m} moves"
            )));
        }
        j += 1;
    };
    // The certificate: one move fewer must be UNSAT (below the starting bound, ask it too).
    let mut best = best;
    while sat_at > 0 {
        match solver.solve_under(&[vars.goal[sat_at - 1]]) {
            Err(_) => return stopped(moves, root_bound.max(lower), &solver),
            Ok(None) => break,
            Ok(Some(model)) => {
                // The starting bound was not a lower bound after all; go down.
                best = decode(g, f0, &vars, &model, sat_at - 1);
                sat_at -= 1;
            }
        }
    }
    let n = best.len();
    if n != sat_at {
        return Err(SolveError::Rejected(format!(
            "the SAT model for {sat_at} moves decodes to {n} moves"
        )));
    }
    let stats = solver.stats();
    proof.push(format!(
        "SAT over the {} regions from {from} (horizon {m} from the greedy, {} variables, {} clauses, bounds tried from {lower} up by assumption): {n} move{} satisfiable.",
        g.n,
        stats.variables,
        stats.clauses,
        plural(n)
    ));
    if n > 0 {
        proof.push(format!(
            "With {} move{} the SAT solver proved it impossible (UNSAT).",
            n - 1,
            plural(n - 1)
        ));
    }
    moves.extend_from_slice(&best);
    let mut stats = stats;
    stats.elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
    Ok(Optimum { moves, proof, stats, lower: n, optimal: true })
}
