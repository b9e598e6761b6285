//! The layered solver: the direct rules of [`super::logic`], then SAT seeded with what is
//! known; the rating by the whole ladder, given that answer, in [`rate_with`].
//!
//! 1. The logic phase is [`crate::deduce::run`] over [`super::logic`]'s ladder: the same rule
//!    functions, cheapest first, that the hints and "Explain the solution" call, one deduction
//!    at a time (built without sentences). They only make sound deductions, so a grid they
//!    complete (and the independent checker accepts) is the only answer; the rating is the
//!    hardest rank used, named by [`super::logic::LADDER`]. The direct rules (ranks 0 to 4) run
//!    first. When they stop on a board below [`SAT_FIRST_CELLS`] cells, the contradictions
//!    follow at once (cheaper there than building the formula), and a grid they complete is
//!    the answer with its rating. On a bigger board SAT takes over where the direct rules stop
//!    (step 2), and the report leaves the rating out: [`rate_with`] ([`crate::play::Playable::rate`]) walks
//!    the rest of the ladder afterwards, with that answer's help, while the answer is already
//!    on screen. The ladder's costly rungs (contradictions whose chains run the direct rules at
//!    every step) only rate such a puzzle; they never find its answer faster than SAT does
//!    (`docs/benchmarks.md`, "Solve gives its answer before the rating").
//! 2. Otherwise SAT over [`super::encode::encode_grouped`] (rows, columns and regions counted
//!    by groups of cells inside 2x2 boxes, the cells the logic emptied left out) plus the
//!    implied [`band_blocks`] clauses, with every fixed cell as a unit: the first answer,
//!    then uniqueness by blocking it over the cell variables and solving again, or counting.
//! 3. When the logic finds a contradiction, the plain SAT encoding proves there is no answer
//!    (so "no answer" always rests on an UNSAT solve, not only on the logic).
//!
//! Every answer returned has passed the independent checker.
//!
//! Measurements behind these choices, and what was tried and dropped: `docs/design-notes.md`, "Star Battle solver".

use web_time::Instant;

use super::logic::{Board, Cell, State, ALL, CONTRADICTION, LADDER};
use super::StarBattle;
use crate::deduce::{self, End, Logic};
use crate::grid::Grid;
use crate::puzzle::{checked, enumerate_verified, Mode, Puzzle, Report, SolveError, Verdict};
use crate::sat::{Cnf, Lit, Monitor, Solver, Stats};

/// From this many cells up, when the direct rules stop, SAT gives the answer and the rating is
/// left to [`rate_with`] (the contradictions, skipping that answer's stars); below it the
/// contradictions run at once and the answer comes with its rating. On 10x10 KrazyDad puzzles
/// SAT first made the solve 1.5x slower; on 13x13 to 25x25 boards it is faster (the threshold
/// was 200 until 2026-11-29; `docs/benchmarks.md`).
const SAT_FIRST_CELLS: usize = 150;

/// varisat's Luby restart unit for the SAT phase (its default is 128); see the module notes.
const RESTART_UNIT: u64 = 64;

/// What the logic alone made of a puzzle.
#[derive(Debug, Clone)]
pub struct Rated {
    /// The cells after propagation with every rule (`None`: the logic found a contradiction).
    pub cells: Option<Vec<Cell>>,
    /// The hardest rank used (`None` when nothing beyond the start was needed or on a contradiction).
    pub hardest: Option<u8>,
}

impl Rated {
    /// Whether the logic fixed every cell.
    pub fn solved(&self) -> bool {
        self.cells.as_ref().is_some_and(|c| c.iter().all(|&x| x != Cell::Open))
    }

    /// The difficulty in words: the hardest rule when the logic solves it, else "needs search".
    pub fn difficulty(&self) -> String {
        if self.solved() {
            LADDER[self.hardest.unwrap_or(0) as usize].rating.to_string()
        } else {
            "beyond logic (needs search)".to_string()
        }
    }
}

/// Runs every rule of the ladder on `p` until it completes the grid or nothing more follows.
pub fn rate(p: &StarBattle) -> Rated {
    rate_upto(p, ALL)
}

/// Runs the rules of rank at most `upto` on `p` (the generator's levels).
pub fn rate_upto(p: &StarBattle, upto: u8) -> Rated {
    let board = Board::new(p);
    let mut state = State::new(&board, board.start(), false);
    let run = deduce::run(&mut state, upto, |_| true);
    rated(state, &run.end, run.hardest)
}

/// What a run of the rules that ended in `end` made of a puzzle.
fn rated(mut state: State, end: &End, hardest: Option<u8>) -> Rated {
    // A grid the rules complete is checked by the singles too: on a puzzle with no answer the
    // deductions (each true of every answer) may fill the grid with one that breaks a rule.
    let broken = match end {
        End::Broken { .. } => true,
        End::Complete => matches!(state.find(0), deduce::Found::Broken { .. }),
        _ => false,
    };
    if broken {
        Rated { cells: None, hardest: None }
    } else {
        Rated { cells: Some(state.cells), hardest }
    }
}

/// The SAT phase's formula: the grouped encoding without the cells in `empty`, the band blocks.
fn formula(p: &StarBattle, empty: &[bool]) -> (Cnf, Vec<Lit>) {
    let mut cnf = Cnf::new();
    let x = super::encode::encode_grouped(p, empty, &mut cnf);
    band_blocks(p, &x, &mut cnf);
    (cnf, x)
}

/// The rating of `p` by the whole ladder, as the hints' walk ends, given `answer` (one of its
/// answers, checked): the direct rules, then the rest of the ladder; on a board of
/// [`SAT_FIRST_CELLS`] or more the contradictions skip the cells where `answer` has a star
/// (assuming a star an answer has never breaks the rules: every deduction holds in every
/// answer). The walk, its end and its rating are the whole ladder's; only fewer cells are
/// tried (`tests/solve_paths.rs`).
pub fn rate_with(p: &StarBattle, answer: &Grid<bool>) -> Rated {
    let board = Board::new(p);
    let mut state = State::new(&board, board.start(), false);
    let direct = deduce::run(&mut state, CONTRADICTION - 1, |_| true);
    if direct.end != End::Stuck {
        return rated(state, &direct.end, direct.hardest);
    }
    state = if p.rows() * p.cols() < SAT_FIRST_CELLS {
        state.past_direct_rules()
    } else {
        state.with_answer(answer.cells().to_vec())
    };
    let rest = deduce::run(&mut state, ALL, |_| true);
    rated(state, &rest.end, direct.hardest.max(rest.hardest))
}

/// Solves `p` in `mode`; see the module documentation for the layers. The report's rating is
/// left out (`None`) when SAT gave the answer on a board of [`SAT_FIRST_CELLS`] or more:
/// [`rate_with`] gives it.
pub fn solve(
    p: &StarBattle,
    mode: Mode,
    monitor: Option<Monitor>,
) -> Result<Report<Grid<bool>>, SolveError> {
    let started = Instant::now();
    let board = Board::new(p);
    let mut state = State::new(&board, board.start(), false);
    // The direct rules first (every rank below the contradictions): the same walk as the whole
    // ladder's up to where these stop.
    let direct = deduce::run(&mut state, CONTRADICTION - 1, |_| true);
    let (mut end, mut hardest) = (direct.end, direct.hardest);
    let small = p.rows() * p.cols() < SAT_FIRST_CELLS;
    if end == End::Stuck && small {
        // A small board: the contradictions are cheaper than building and solving the formula
        // (docs/benchmarks.md, "Before and after the reshaping"). Every step from here is rated
        // a contradiction, so they go before counting over unions.
        state = state.past_direct_rules();
        let rest = deduce::run(&mut state, ALL, |_| true);
        end = rest.end;
        hardest = hardest.max(rest.hardest);
    }
    let rated = rated(state, &end, hardest);
    let mut proof = Vec::new();
    let Some(cells) = rated.cells.clone() else {
        let mut r = crate::puzzle::solve(p, mode, monitor)?;
        r.proof.insert(
            0,
            "The logic rules found a contradiction; the plain SAT encoding was solved to confirm."
                .into(),
        );
        return Ok(r);
    };
    let total = cells.len();
    let fixed = cells.iter().filter(|&&c| c != Cell::Open).count();
    if rated.solved() {
        let grid =
            Grid::from_cells(p.rows(), p.cols(), cells.iter().map(|&c| c == Cell::Star).collect())
                .expect("one cell each");
        p.verify(&grid).map_err(SolveError::Rejected)?;
        proof.push(format!(
            "Human logic alone fixed every cell (hardest rule: {}); its deductions are sound, so this answer is the only one.",
            LADDER[rated.hardest.unwrap_or(0) as usize].level
        ));
        let stats =
            Stats { elapsed_ms: started.elapsed().as_secs_f64() * 1000.0, ..Stats::default() };
        let verdict = if mode == Mode::First { Verdict::Solved } else { Verdict::Unique };
        let count = matches!(mode, Mode::Count(_)).then_some((1, true));
        return Ok(Report {
            verdict,
            solutions: vec![grid],
            stats,
            proof,
            rating: Some(rated.difficulty()),
            count,
        });
    }
    // The SAT phase: a formula without the cells the logic emptied, every fixed cell a unit.
    let empty: Vec<bool> = cells.iter().map(|&c| c == Cell::Empty).collect();
    let (mut cnf, x) = formula(p, &empty);
    for (i, &c) in cells.iter().enumerate() {
        match c {
            Cell::Star => cnf.unit(x[i]),
            Cell::Empty => cnf.unit(!x[i]),
            Cell::Open => {}
        }
    }
    let rules = if small { "Human logic" } else { "The direct rules" };
    proof.push(format!("{rules} fixed {fixed} of {total} cells; SAT over the rest ({} variables, {} clauses, every fixed cell a unit).", cnf.n_vars(), cnf.n_clauses()));
    let mut solver = Solver::build(&cnf, monitor);
    solver.set_restart_scale(RESTART_UNIT);
    let e = enumerate_verified(&mut solver, &x, mode, |m| checked(p, &x, m), &mut proof)?;
    let mut stats = solver.stats();
    stats.elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
    let count = matches!(mode, Mode::Count(_)).then_some((e.found, e.complete));
    Ok(Report {
        verdict: e.verdict,
        solutions: e.solutions,
        stats,
        proof,
        // A small board's walk ran the whole ladder; a big one's rating comes from `rate_with`.
        rating: small.then(|| rated.difficulty()),
        count,
    })
}

/// Where the two-wide blocks of a band of two lines `n` long start: 0, 2, 4, … (`offset` 0),
/// or 0, 1, 3, 5, … (`offset` 1: a lone first column, then pairs).
pub fn block_starts(n: usize, offset: usize) -> Vec<usize> {
    if offset == 0 {
        (0..n).step_by(2).collect()
    } else {
        std::iter::once(0).chain((1..n).step_by(2)).collect()
    }
}

/// Implied clauses for the SAT phase (the answers are unchanged; unit propagation on the plain
/// encoding does not see them). A band of two adjacent rows holds exactly 2k stars; cut it into
/// m = ⌈n/2⌉ disjoint blocks of two columns (from column 0, or from column 1 with a lone first
/// column), each inside a 2x2 window and so holding at most one star: at least 2k of the m
/// blocks hold a star. When m = 2k + 1 (every hard size: 17/4, 21/5, 25/6, and 10/2) at most
/// one block is empty; that is added as "at most one block is empty" over one fresh literal per
/// block (the literal implies a star in the block). The same for columns. Looser bands (m > 2k
/// + 1) get nothing: the counting would cost more than it propagates.
pub fn band_blocks(p: &StarBattle, x: &[Lit], cnf: &mut Cnf) {
    let (n, k) = (p.rows(), p.stars());
    for by_col in [false, true] {
        let at = |line: usize, across: usize| {
            if by_col {
                x[across * n + line]
            } else {
                x[line * n + across]
            }
        };
        for a in 0..n.saturating_sub(1) {
            for offset in [0usize, 1] {
                let starts = block_starts(n, offset);
                let m = starts.len();
                if m != 2 * k + 1 {
                    continue;
                }
                let mut empty = Vec::with_capacity(m);
                for (j, &s) in starts.iter().enumerate() {
                    let end = starts.get(j + 1).copied().unwrap_or(n);
                    let e = cnf.fresh();
                    // Not empty → a star in the block: ¬e → some cell.
                    let mut cl = vec![e];
                    for across in s..end {
                        cl.push(at(a, across));
                        cl.push(at(a + 1, across));
                    }
                    cnf.clause(cl);
                    empty.push(e);
                }
                cnf.at_most_one(&empty);
            }
        }
    }
}
