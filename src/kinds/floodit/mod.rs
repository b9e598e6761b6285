//! Flood-It: flood the board from the start cell in the fewest moves, with the proof that one move fewer is impossible.
//!
//! - [`model`]: the board (2x2 to 30x30, up to 16 colours, any start cell) and its validation;
//! - [`sim`]: the simulator the page plays on (a position, one move);
//! - [`check`]: the independent checker (replays a move list cell by cell);
//! - [`graph`]: the graph of same-coloured regions the solvers work on, and its bitsets;
//! - [`search`]: exact A* with Puchert's lower bound, and a greedy upper bound;
//! - [`encode`]: the source document's time-indexed SAT encoding, on the region graph, with the changes
//!   it needed (see that module);
//! - [`optimum`]: the engines (A*, incremental SAT over the move bound) and the certificate, and the
//!   anytime solve (A*, beams, and SAT for the lower bound on big boards);
//! - [`formats`]: studio JSON and link, Tatham Flood IDs, ColorFill lines and `floodtest` blocks;
//! - [`generate`]: random boards;
//! - [`hint`]: explained hints (the next move of a proven shortest finish);
//! - [`page`]: pure functions for the page (moves, hints, SVG, exports).
//!
//! The answer is the move list; `solve` returns [`Verdict::Optimal`] with the proof. Flood-It is
//! the kind measured by an optimum ([`crate::puzzle::Optimum`], [`Moves`]). The engine is A*
//! unless the mode is [`Mode::Optimum`], which runs the engine of the solve options
//! ([`SolveOptions`]): [`Engine::Sat`] finds the minimum by incremental SAT alone,
//! [`Engine::Both`] (the default) adds the SAT certificate (UNSAT one move short) to A*'s answer.
//! Every board has solutions, so [`Mode::Count`] has no meaning here and runs A*.

#[cfg(target_arch = "wasm32")]
pub mod board_view;
pub mod check;
pub mod encode;
pub mod formats;
pub mod generate;
pub mod graph;
pub mod hint;
pub mod model;
pub mod optimum;
pub mod page;
pub mod search;
pub mod sim;
#[cfg(target_arch = "wasm32")]
pub mod view;

pub use model::FloodIt;
pub use optimum::{Engine, FIRST_ANSWER_MS};

use crate::error::InputResult;
use crate::hint::Hint;
use crate::kind::Kind;
use crate::play::Playable;
use crate::puzzle::{
    Entry, GenerateError, Mode, Optimum, Puzzle, Report, SolveError, Verdict, Words,
};
use crate::sat::{Cnf, Interim, Lit, Model, Monitor};

impl FloodIt {
    /// Solves with the chosen engine: the verified minimum and its proof.
    pub fn solve_optimum(
        &self,
        engine: Engine,
        monitor: Option<Monitor>,
    ) -> Result<Report<Vec<u8>>, SolveError> {
        self.solve_watched(engine, monitor, search::MEMORY_BYTES, None)
    }

    /// [`FloodIt::solve_optimum`] with the exact search's memory budget and a listener for the best
    /// solution (every move from the start, already verified) and the proven lower bound on the
    /// moves after the played ones, as they improve.
    pub fn solve_watched(
        &self,
        engine: Engine,
        monitor: Option<Monitor>,
        memory: usize,
        mut on_bounds: Option<&mut dyn FnMut(&[u8], usize)>,
    ) -> Result<Report<Vec<u8>>, SolveError> {
        let played = self.played().to_vec();
        let mut monitor = monitor;
        let mut interim = monitor.as_mut().and_then(|m| m.take_interim());
        // The last move list that passed the checker: a raised bound alone needs no new check.
        let mut checked: Option<Vec<u8>> = None;
        let mut relay = |moves: &[u8], lower: u32| {
            if on_bounds.is_none() && interim.is_none() {
                return; // nobody listens
            }
            let mut all = played.clone();
            all.extend_from_slice(moves);
            // Only a solution that passes the checker is passed on.
            if checked.as_ref() != Some(&all) {
                if check::verify(self, &all).is_err() {
                    return;
                }
                checked = Some(all.clone());
            }
            let lower = lower as usize + played.len();
            if let Some(f) = on_bounds.as_mut() {
                f(&all, lower);
            }
            // Once the best meets the bound the final report follows at once.
            if let Some(f) = interim.as_mut().filter(|_| lower < all.len()) {
                let n = all.len();
                let proof = vec![format!(
                    "Best so far: {n} move{}; no solution has fewer than {lower}.",
                    if n == 1 { "" } else { "s" }
                )];
                f(Interim { rows: formats::solution_rows(self, &all), lower, proof });
            }
        };
        let o = optimum::solve_watched(self, engine, monitor, memory, Some(&mut relay))?;
        check::verify(self, &o.moves).map_err(SolveError::Rejected)?;
        let mut o = o;
        if let Some(l) = self.limit() {
            o.proof.push(format!("Tatham's move limit for this board: {l} (his greedy solver plus leniency; not an optimum)."));
        }
        let verdict = if o.optimal {
            Verdict::Optimal
        } else {
            Verdict::Bounded { lower: o.lower + self.played().len() }
        };
        Ok(Report {
            verdict,
            solutions: vec![o.moves],
            stats: o.stats,
            proof: o.proof,
            rating: None,
            count: None,
        })
    }
}

/// The generator's settings: the side (default 14, or 19 with a centre start), the colours
/// (default 6) and whether the flood starts at the centre cell instead of the top-left.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GenerateOptions {
    /// Board side.
    pub size: Option<usize>,
    /// Number of colours.
    pub colours: Option<usize>,
    /// Start at the centre cell (the `floodtest` boards' form).
    pub centre: bool,
}

/// Flood-It's solve options: the engine that proves the minimum in [`Mode::Optimum`] (the
/// other modes run A*), `{"engine": "sat"}` in JSON; the default is both.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SolveOptions {
    /// The engine.
    pub engine: Engine,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions { engine: Engine::Both }
    }
}

/// Flood-It's measure, the moves ([`Optimum`]): the move string for records, the comparison
/// with a collection's known answer, ColorFill's answers files.
pub struct Moves;

impl Optimum<FloodIt> for Moves {
    fn answer_text(&self, puzzle: &FloodIt, solution: &Vec<u8>) -> (String, usize) {
        (puzzle.move_string(solution), solution.len())
    }

    fn compare_known(&self, puzzle: &FloodIt, found: &Vec<u8>, known: &Vec<u8>) -> Option<String> {
        if let Err(why) = check::verify(puzzle, known) {
            return Some(format!("the file's answer fails the checker: {why}"));
        }
        (found.len() != known.len())
            .then(|| format!("{} moves, the file's answer has {}", found.len(), known.len()))
    }

    fn read_collection_with_answers(
        &self,
        text: &str,
        name: &str,
        answers: Option<&str>,
    ) -> InputResult<Vec<Entry<FloodIt>>> {
        formats::read_collection(text, name, answers)
    }

    /// A hint never waits for a proof that may not come: the minimum when it is proven within
    /// [`FIRST_ANSWER_MS`], otherwise no proven answer, and the step says it rests on the best found.
    fn hint_mode(&self) -> Mode {
        Mode::First
    }
}

impl Puzzle for FloodIt {
    const KIND: Kind = Kind::FloodIt;
    const WORDS: Words = Words { solving: "Finding the minimum", ..Words::titled("Flood-It") };
    type Solution = Vec<u8>;
    type Vars = encode::Vars;
    type Options = SolveOptions;
    type GenerateOptions = GenerateOptions;

    crate::puzzle_forms!(formats);

    fn recognises(text: &str) -> bool {
        text.contains("flood.html#") || formats::is_tatham_id(text)
    }

    fn read_collection(text: &str, name: &str) -> InputResult<Vec<Entry<Self>>> {
        formats::read_collection(text, name, None)
    }

    fn generate(options: &GenerateOptions, seed: u64) -> Result<Self, GenerateError> {
        // A centre start is the `floodtest` boards' form, 19x19 unless a size is given.
        let n = options.size.unwrap_or(if options.centre { 19 } else { 14 });
        generate::generate(
            n,
            options.colours.unwrap_or(6),
            seed,
            options.centre.then_some((n / 2, n / 2)),
        )
        .map_err(GenerateError::Failed)
    }

    /// The encoding with the greedy's move count as horizon, from the position after the played
    /// moves; assume `vars.goal[j]` to ask for `j` moves.
    fn encode(&self, cnf: &mut Cnf) -> encode::Vars {
        let g = graph::Graph::of(self);
        let f0 = optimum::flood_after_played(self, &g);
        let m = search::greedy(&g, &f0).len();
        let mut start = Vec::new();
        graph::for_each_bit(&f0, |v| start.push(v));
        let vars = encode::encode(&g, &start, m, cnf);
        // The generic path solves without assumptions: ask for the horizon itself.
        cnf.unit(vars.goal[m]);
        vars
    }

    fn answer_lits(&self, vars: &encode::Vars) -> Vec<Lit> {
        vars.moves.concat()
    }

    fn decode(&self, vars: &encode::Vars, model: &Model) -> Vec<u8> {
        let g = graph::Graph::of(self);
        let f0 = optimum::flood_after_played(self, &g);
        let mut moves = self.played().to_vec();
        moves.extend(optimum::decode(&g, &f0, vars, model, vars.horizon));
        moves
    }

    fn verify(&self, solution: &Vec<u8>) -> Result<(), String> {
        check::verify(self, solution)
    }

    fn solution_rows(&self, solution: &Vec<u8>) -> Vec<String> {
        formats::solution_rows(self, solution)
    }

    fn solution_from_rows(&self, rows: &[String]) -> InputResult<Vec<u8>> {
        formats::moves_from_rows(self, rows)
    }

    fn solve_with(
        &self,
        mode: Mode,
        options: &SolveOptions,
        monitor: Option<Monitor>,
    ) -> Result<Report<Vec<u8>>, SolveError> {
        match mode {
            Mode::Optimum => self.solve_optimum(options.engine, monitor),
            // A first answer (the page's hint): the minimum when it is proven within
            // FIRST_ANSWER_MS, otherwise the best found by then with its proven bound.
            Mode::First => {
                let started = web_time::Instant::now();
                let limited = match monitor {
                    Some(mut m) => {
                        let interval = m.interval_ms();
                        let interim = m.take_interim();
                        let limited = Monitor::new(interval, move |p| {
                            m.report(p)
                                && started.elapsed().as_secs_f64() * 1000.0 < FIRST_ANSWER_MS
                        });
                        match interim {
                            Some(f) => limited.with_interim(f),
                            None => limited,
                        }
                    }
                    None => Monitor::new(50.0, move |_| {
                        started.elapsed().as_secs_f64() * 1000.0 < FIRST_ANSWER_MS
                    }),
                };
                self.solve_optimum(Engine::Search, Some(limited))
            }
            Mode::Unique | Mode::Count(_) => self.solve_optimum(Engine::Search, monitor),
        }
    }

    fn optimum() -> Option<&'static dyn Optimum<Self>> {
        Some(&Moves)
    }
}

impl Playable for FloodIt {
    /// A hint's cells are those its move floods; it rules none out.
    const RING_WORDS: [&'static str; 2] = ["flooded by the move", "not used"];

    const SAMPLES: &'static [(&'static str, &'static str)] =
        &[("6x6, 6 colours", "6x6:032242034203340350204502505323231342,17")];

    fn shape(&self) -> String {
        format!("{}x{}, {} colours", self.rows(), self.cols(), self.n_colours())
    }

    /// The moves played ([`page::Moves`]).
    type Marks = page::Moves;

    fn cell_count(&self) -> usize {
        self.rows() * self.cols()
    }

    /// The marks are the moves played (colour + 1 each, a 0 ends them): any number, each a
    /// colour of the board.
    fn decode_marks(&self, bytes: &[u8]) -> Result<page::Moves, String> {
        match bytes.iter().position(|&m| m as usize > self.n_colours()) {
            Some(i) => Err(format!(
                "move {} is mark {} (colour + 1), but the board has {} colours",
                i + 1,
                bytes[i],
                self.n_colours()
            )),
            None => <page::Moves as crate::marks::Marks>::decode(bytes, self.cell_count()),
        }
    }

    fn size_limits() -> String {
        format!(
            "{} to {} cells a side, up to {} colours",
            model::MIN_SIZE,
            model::MAX_SIZE,
            model::MAX_COLOURS
        )
    }

    const HINTS: bool = true;

    /// Two minutes: on big boards the proven bound barely rises after that, and the best
    /// answer found and the bound are kept when the search stops.
    const SEARCH_BUDGET_MS: f64 = 120_000.0;

    fn next_step(&self, marks: &Self::Marks, answer: Option<&Vec<u8>>) -> Hint {
        hint::next_step(self, marks, answer)
    }

    /// Moves are never wrong, only longer: the hint says how far from the minimum they lead.
    fn hint_mistakes(_answer: &str, _marks: &Self::Marks) -> Vec<usize> {
        Vec::new()
    }
}
