//! New Star Battle puzzles with a proven unique answer, at a chosen difficulty.
//!
//! 1. A random valid layout: the row, column and no-touch rules solved by SAT with the cells
//!    numbered in a random order and a few random cells assumed to hold stars.
//! 2. Regions: every star seeds a fragment, fragments grow at random until they tile the grid,
//!    then adjacent fragments are joined into connected groups of k ([`group_fragments`]: a
//!    greedy pass, then a repair in which short groups merge, or take a fragment from a
//!    neighbour that stays connected without it, handing the shortage on until shortages meet).
//! 3. Uniqueness, incrementally: one varisat instance holds the rows, columns, the no-touch
//!    windows and the clause "some planted star is missing"; each region's exactly-k is added
//!    behind an activation literal, assumed on every solve. While that is SAT (a second
//!    answer), a cell where the second answer has a star and the planted one has none moves
//!    to a neighbouring region (both stay connected and keep their planted stars), which rules
//!    that answer out; only the two changed regions get new constraints (the old ones are
//!    retired by a unit), so what was learned about rows and columns carries over. UNSAT is
//!    the proof of uniqueness. When none of those cells can move, an unstarred neighbour of
//!    one of them moves instead.
//! 4. Difficulty: the rating ([`super::solve::rate`]) decides. For a logic level the regions
//!    are reshaped by hill climbing on the number of cells the rules up to that level fix
//!    (a move that fixes fewer is undone), so lower levels reshape more; a puzzle that comes out
//!    easier than asked is reshaped the other way while the target level still solves it.
//!    `beyond` wants a unique puzzle the logic cannot finish; `any` takes the first unique one;
//!    with no level asked (`logic`) any level the logic finishes will do, never one that
//!    needs search.
//! 5. The result is checked by the ordinary path: the plain SAT encoding's second solve comes
//!    back UNSAT (the "unique" the generator returns), with the planted answer as the first,
//!    and the rating is computed again on the final regions.
//!
//! Progress and stopping go through a [`Monitor`]: it is called between steps at most once
//! per its interval, and a `false` stops the generator with the error `stopped`.
//!
//! Measured and dropped (2026-11-24, release, shared 2-core machine, load 4 to 5):
//! - Regions first (n spread seeds grown with size balance into compact regions of about n
//!   cells), then the planted answer by SAT on those regions: at 25x25 with 6 stars every
//!   one of 30 region sets tried had no answer (150 stars in 625 cells is 24%, next to the
//!   25% most a no-touch layout can hold, so the layouts are rigid and random compact
//!   regions rarely fit one); planting first and building the regions around the stars works.
//! - The greedy grouping alone, retried up to 500 times per layout (the previous generator):
//!   it strands fragments for k = 4 to 6, and 25x25 with 6 stars found nothing from seed 1 in
//!   37 s; with the repair the first layout groups.
//! - A fresh plain SAT encoding and solver on every reshaping step (the previous generator):
//!   the incremental instance keeps what it learned; 21x21 with 5 stars seed 3 now takes
//!   0.9 s to a unique puzzle (`--difficulty any`) where the previous generator was unfinished
//!   after 40 s.

use web_time::Instant;

use super::logic::{Cell, Logic, Rule};
use super::StarBattle;
use crate::grid::Grid;
use crate::puzzle::{Mode, Verdict};
use crate::sat::{Cnf, Lit, Monitor, Progress, Solver};

/// The difficulty asked of the generator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Level {
    /// Exactly this logic level (the hardest rule the logic needs).
    Exactly(Rule),
    /// Any level the logic can finish (the default: no puzzle that needs search).
    Logic,
    /// Unique, but the logic rules cannot finish it (needs search).
    Beyond,
    /// The first unique puzzle, whatever its rating.
    Any,
}

impl Level {
    /// The words the generator understands, for messages.
    pub const WORDS: &'static str = "easy, medium, hard, expert, logic (any of those), beyond (needs search) or any";

    /// Reads a level word (`easy`, `medium`, `hard`, `expert`, `logic`, `beyond`, `any`).
    pub fn from_word(word: &str) -> Option<Level> {
        let w = word.trim().to_ascii_lowercase();
        if let Some(rule) = Rule::ALL.into_iter().find(|r| r.level() == w) {
            return Some(Level::Exactly(rule));
        }
        match w.as_str() {
            "logic" => Some(Level::Logic),
            "beyond" | "beyond logic" | "search" => Some(Level::Beyond),
            "any" => Some(Level::Any),
            _ => None,
        }
    }

    /// The level's word.
    pub fn word(self) -> &'static str {
        match self {
            Level::Exactly(r) => r.level(),
            Level::Logic => "logic",
            Level::Beyond => "beyond",
            Level::Any => "any",
        }
    }

    /// Whether a puzzle rated `rated` (the hardest rule when the logic solves it, `None`
    /// for "needs search") is at this level.
    pub fn accepts(self, rated: Option<Rule>) -> bool {
        match self {
            Level::Exactly(r) => rated == Some(r),
            Level::Logic => rated.is_some(),
            Level::Beyond => rated.is_none(),
            Level::Any => true,
        }
    }
}

/// How long a watched generation keeps trying fresh layouts past the fixed number (ms).
const KEEP_TRYING_MS: f64 = 60_000.0;

/// The largest side the generator makes.
pub const MAX_SIDE: usize = 25;

/// Makes a puzzle of side `size` with `stars` per row, column and region, from `seed`, at any
/// level the logic can finish ([`Level::Logic`]).
pub fn generate(size: usize, stars: usize, seed: u64) -> Result<StarBattle, String> {
    generate_level(size, stars, Level::Logic, seed, None)
}

/// Whether `stars` fit a `size`x`size` grid for the generator, or why not.
pub fn check_size(size: usize, stars: usize) -> Result<(), String> {
    if !(4..=MAX_SIDE).contains(&size) {
        return Err(format!("size must be 4 to {MAX_SIDE}, got {size}"));
    }
    if stars == 0 || stars > super::model::MAX_STARS || stars * 4 > size + 2 {
        return Err(format!("{stars} stars do not fit a {size}x{size} grid (at most {} here)", ((size + 2) / 4).max(1)));
    }
    Ok(())
}

/// Where the generator reports and asks whether to go on.
struct Watch<'a> {
    monitor: Option<&'a mut Monitor>,
    started: Instant,
    last_ms: f64,
    steps: u64,
}

impl Watch<'_> {
    /// Counts a step; calls the monitor when its interval has passed. `Err` when it says stop.
    fn step(&mut self) -> Result<(), String> {
        self.steps += 1;
        let Some(m) = self.monitor.as_deref_mut() else { return Ok(()) };
        let elapsed_ms = self.started.elapsed().as_secs_f64() * 1000.0;
        if elapsed_ms - self.last_ms >= m.interval_ms() {
            self.last_ms = elapsed_ms;
            if !m.report(Progress { conflicts: self.steps, elapsed_ms, known: None }) {
                return Err("stopped".into());
            }
        }
        Ok(())
    }
}

/// Makes a puzzle at `level`; `monitor` (when given) hears progress (`conflicts` counts the
/// generator's steps) and stops the work by returning false.
pub fn generate_level(size: usize, stars: usize, level: Level, seed: u64, monitor: Option<&mut Monitor>) -> Result<StarBattle, String> {
    check_size(size, stars)?;
    if level == Level::Exactly(Rule::Singles) && stars > 1 {
        // Singles need a row, column or region with exactly as many open cells as stars to
        // start; a connected region of k >= 2 cells would hold touching stars.
        return Err(format!("easy puzzles (singles alone) exist only with 1 star: singles cannot start on {stars} stars; ask for medium or harder"));
    }
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut watch = Watch { monitor, started: Instant::now(), last_ms: 0.0, steps: 0 };
    // A fixed number of fresh layouts; when a monitor watches (the page, the CLI), more while
    // under `KEEP_TRYING_MS`: a level that few layouts reach (medium at 12x12 with 2 stars came
    // out in 3 of 8 seeds within 60 layouts) is then found in one click instead of several.
    // The same seed still gives the same puzzle: only where the search gives up depends on time.
    let attempts = if size <= 8 { 400 } else { 60 };
    let mut attempt = 0;
    while attempt < attempts || (watch.monitor.is_some() && watch.started.elapsed().as_secs_f64() * 1000.0 < KEEP_TRYING_MS) {
        attempt += 1;
        watch.step()?;
        let Some(layout) = plant(size, stars, &mut rng) else { continue };
        let Some(mut regions) = grow_regions(size, stars, &layout, &mut rng) else { continue };
        if !make_unique(size, stars, &layout, &mut regions, &mut rng, &mut watch)? {
            continue;
        }
        let reached = match level {
            Level::Exactly(rule) => reach_level(size, stars, &layout, &mut regions, rule, true, &mut rng, &mut watch)?,
            Level::Logic => reach_level(size, stars, &layout, &mut regions, Rule::Probing, false, &mut rng, &mut watch)?,
            Level::Beyond | Level::Any => true,
        };
        if !reached {
            continue;
        }
        let Some(p) = to_puzzle(size, stars, &regions) else { continue };
        // The claim rests on the ordinary path: the plain encoding's second solve is UNSAT.
        let report = crate::puzzle::solve(&p, Mode::Unique, None).map_err(|e| e.to_string())?;
        if report.verdict != Verdict::Unique || report.solutions[0].cells() != layout.as_slice() {
            continue;
        }
        if level.accepts(rating(&p)) {
            return Ok(p);
        }
    }
    Err(format!("no unique {size}x{size} puzzle with {stars} stars at level {} was found from seed {seed}; try another seed", level.word()))
}

/// The rating as a level: the hardest rule when the logic solves `p`, `None` when it needs search.
pub fn rating(p: &StarBattle) -> Option<Rule> {
    let r = super::solve::rate(p);
    r.solved().then(|| r.hardest.unwrap_or(Rule::Singles))
}

fn neighbours(n: usize, i: usize) -> impl Iterator<Item = usize> {
    crate::grid::neighbours_of(n, n, i).into_iter()
}

/// A random valid layout: rows, columns and windows solved by SAT over a shuffled numbering,
/// with a few random cells assumed to hold stars.
fn plant(n: usize, k: usize, rng: &mut fastrand::Rng) -> Option<Vec<bool>> {
    let mut order: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut order);
    let mut cnf = Cnf::new();
    let vars = cnf.fresh_n(n * n);
    let x = |r: usize, c: usize| vars[order[r * n + c]];
    for r in 0..n {
        cnf.exactly(&(0..n).map(|c| x(r, c)).collect::<Vec<_>>(), k);
        cnf.exactly(&(0..n).map(|c| x(c, r)).collect::<Vec<_>>(), k);
    }
    for r in 0..n - 1 {
        for c in 0..n - 1 {
            cnf.at_most_one(&[x(r, c), x(r, c + 1), x(r + 1, c), x(r + 1, c + 1)]);
        }
    }
    let mut solver = Solver::new(&cnf);
    let hints: Vec<_> = (0..3).map(|_| x(rng.usize(..n), rng.usize(..n))).collect();
    let model = match solver.solve_under(&hints).ok()? {
        Some(m) => m,
        None => solver.solve().ok()??,
    };
    Some((0..n * n).map(|i| model.value(x(i / n, i % n))).collect())
}


/// Grows one fragment per star, then joins adjacent fragments into regions of `k` stars.
fn grow_regions(n: usize, k: usize, layout: &[bool], rng: &mut fastrand::Rng) -> Option<Vec<u32>> {
    let mut frag = vec![u32::MAX; n * n];
    let mut frontier = Vec::new();
    let mut count = 0u32;
    for (i, &s) in layout.iter().enumerate() {
        if s {
            frag[i] = count;
            count += 1;
            frontier.push(i);
        }
    }
    while !frontier.is_empty() {
        let pick = rng.usize(..frontier.len());
        let cell = frontier[pick];
        let free: Vec<usize> = neighbours(n, cell).filter(|&m| frag[m] == u32::MAX).collect();
        if free.is_empty() {
            frontier.swap_remove(pick);
            continue;
        }
        let m = free[rng.usize(..free.len())];
        frag[m] = frag[cell];
        frontier.push(m);
    }
    if k == 1 {
        return Some(frag);
    }
    let nf = count as usize;
    let mut adj = vec![std::collections::BTreeSet::new(); nf];
    for i in 0..n * n {
        for m in neighbours(n, i) {
            if frag[i] != frag[m] {
                adj[frag[i] as usize].insert(frag[m] as usize);
            }
        }
    }
    let group = (0..5).find_map(|_| group_fragments(nf, k, &adj, rng))?;
    Some(frag.iter().map(|&f| group[f as usize] as u32).collect())
}

/// Joins adjacent fragments into connected groups of `k` fragments: a greedy pass (the
/// fragment with the fewest free neighbours starts a group, which takes random free
/// neighbours), then repair. A group the greedy pass left short either merges with or takes
/// fragments from a short neighbour, or else takes a fragment from a full neighbour that stays
/// connected without it, which hands the shortage on; the shortages wander until they meet.
/// `None` when the repair runs out of steps.
fn group_fragments(nf: usize, k: usize, adj: &[std::collections::BTreeSet<usize>], rng: &mut fastrand::Rng) -> Option<Vec<usize>> {
    let mut group = vec![usize::MAX; nf];
    let mut members: Vec<Vec<usize>> = Vec::new();
    loop {
        let Some(start) = (0..nf)
            .filter(|&f| group[f] == usize::MAX)
            .min_by_key(|&f| (adj[f].iter().filter(|&&g| group[g] == usize::MAX).count(), rng.u32(..)))
        else {
            break;
        };
        let g = members.len();
        group[start] = g;
        let mut m = vec![start];
        while m.len() < k {
            let options: Vec<usize> = m.iter().flat_map(|&x| adj[x].iter().copied()).filter(|&h| group[h] == usize::MAX).collect();
            if options.is_empty() {
                break;
            }
            let next = options[rng.usize(..options.len())];
            group[next] = g;
            m.push(next);
        }
        members.push(m);
    }
    // Whether group `g` stays connected without fragment `f`.
    let connected_without = |members: &[usize], f: usize| -> bool {
        let rest: Vec<usize> = members.iter().copied().filter(|&x| x != f).collect();
        let Some(&first) = rest.first() else { return false };
        let mut seen = vec![first];
        let mut stack = vec![first];
        while let Some(x) = stack.pop() {
            for &y in &adj[x] {
                if rest.contains(&y) && !seen.contains(&y) {
                    seen.push(y);
                    stack.push(y);
                }
            }
        }
        seen.len() == rest.len()
    };
    for _ in 0..200 * nf {
        let short: Vec<usize> = (0..members.len()).filter(|&g| !members[g].is_empty() && members[g].len() < k).collect();
        if short.is_empty() {
            break;
        }
        let d = short[rng.usize(..short.len())];
        // Fragments next to `d` in other groups, with their group.
        let mut around: Vec<(usize, usize)> = members[d]
            .iter()
            .flat_map(|&x| adj[x].iter().copied())
            .filter(|&y| group[y] != d)
            .map(|y| (y, group[y]))
            .collect();
        around.sort_unstable();
        around.dedup();
        rng.shuffle(&mut around);
        if let Some(&(_, e)) = around.iter().find(|&&(_, e)| members[e].len() + members[d].len() <= k) {
            // Two short neighbours that fit together merge.
            let moved = std::mem::take(&mut members[e]);
            for &x in &moved {
                group[x] = d;
            }
            members[d].extend(moved);
            continue;
        }
        // Otherwise take a fragment that leaves its group connected, from a short group first.
        let pick = around
            .iter()
            .filter(|&&(y, e)| connected_without(&members[e], y))
            .min_by_key(|&&(_, e)| (members[e].len() == k, rng.u32(..)))
            .copied();
        let Some((y, e)) = pick else { continue };
        members[e].retain(|&x| x != y);
        members[d].push(y);
        group[y] = d;
    }
    // Renumber the non-empty groups densely; every one must hold exactly k fragments.
    let mut index = vec![usize::MAX; members.len()];
    let mut next = 0;
    for (g, m) in members.iter().enumerate() {
        if m.is_empty() {
            continue;
        }
        if m.len() != k {
            return None;
        }
        index[g] = next;
        next += 1;
    }
    Some(group.iter().map(|&g| index[g]).collect())
}

fn connected_without(n: usize, regions: &[u32], region: u32, removed: usize) -> bool {
    let cells: Vec<usize> = (0..n * n).filter(|&i| i != removed && regions[i] == region).collect();
    let Some(&start) = cells.first() else { return false };
    let mut seen = vec![false; n * n];
    seen[start] = true;
    let mut stack = vec![start];
    let mut reached = 1;
    while let Some(i) = stack.pop() {
        for m in neighbours(n, i) {
            if m != removed && !seen[m] && regions[m] == region {
                seen[m] = true;
                reached += 1;
                stack.push(m);
            }
        }
    }
    reached == cells.len()
}

fn to_puzzle(n: usize, k: usize, regions: &[u32]) -> Option<StarBattle> {
    StarBattle::new(Grid::from_cells(n, n, regions.iter().map(|&g| Some(g)).collect())?, k).ok()
}

/// The incremental uniqueness instance: rows, columns, windows and "not the planted answer"
/// fixed; each region's exactly-k behind an activation literal.
struct Uniqueness {
    cnf: Cnf,
    solver: Solver,
    x: Vec<Lit>,
    active: Vec<Lit>,
    k: usize,
}

impl Uniqueness {
    fn new(n: usize, k: usize, layout: &[bool], regions: &[u32]) -> Self {
        let mut cnf = Cnf::new();
        let x = cnf.fresh_n(n * n);
        for r in 0..n {
            cnf.exactly(&(0..n).map(|c| x[r * n + c]).collect::<Vec<_>>(), k);
            cnf.exactly(&(0..n).map(|c| x[c * n + r]).collect::<Vec<_>>(), k);
        }
        for r in 0..n - 1 {
            for c in 0..n - 1 {
                let i = r * n + c;
                cnf.at_most_one(&[x[i], x[i + 1], x[i + n], x[i + n + 1]]);
            }
        }
        // Any other answer misses at least one planted star (it has as many stars).
        cnf.clause((0..n * n).filter(|&i| layout[i]).map(|i| !x[i]));
        let solver = Solver::new(&cnf);
        let mut u = Uniqueness { cnf, solver, x, active: Vec::new(), k };
        for g in 0..n as u32 {
            let a = u.region_constraint(regions, g);
            u.active.push(a);
        }
        u
    }

    /// Adds exactly-k over region `g`'s cells behind a fresh activation literal.
    fn region_constraint(&mut self, regions: &[u32], g: u32) -> Lit {
        let before = self.cnf.n_clauses();
        let a = self.cnf.fresh();
        let lits: Vec<Lit> = (0..regions.len()).filter(|&i| regions[i] == g).map(|i| self.x[i]).collect();
        self.cnf.exactly(&lits, self.k);
        let new: Vec<Vec<Lit>> = self.cnf.clauses()[before..].to_vec();
        for mut c in new {
            c.push(!a);
            self.solver.add_clause(&c);
        }
        a
    }

    /// Replaces the constraints of regions `gs` (their cells changed).
    fn refresh(&mut self, regions: &[u32], gs: &[u32]) {
        for &g in gs {
            let old = self.active[g as usize];
            self.solver.add_clause(&[!old]);
            self.active[g as usize] = self.region_constraint(regions, g);
        }
    }

    /// A second answer (stars in reading order), or `None` when the planted one is the only one.
    fn second(&mut self) -> Option<Vec<bool>> {
        let active = self.active.clone();
        let m = self.solver.solve_under(&active).ok()??;
        Some(self.x.iter().map(|&l| m.value(l)).collect())
    }
}

/// Reshaping steps per unit of side before a layout is given up. With 40 (the first budget)
/// 12x12 with 2 stars took about 3 s and up to a minute: most layouts that did not become
/// unique within 80 steps wandered for all 480 (each fixed second answer opened another), so
/// giving up early and planting anew pays (12x12/2 `any`, seeds 1 to 3: 0.03 to 0.96 s).
const UNIQUE_STEPS: usize = 10;

/// Reshapes `regions` until the planted `layout` is the only answer; false when stuck.
fn make_unique(n: usize, k: usize, layout: &[bool], regions: &mut [u32], rng: &mut fastrand::Rng, watch: &mut Watch) -> Result<bool, String> {
    let mut inst = Uniqueness::new(n, k, layout, regions);
    for _step in 0..UNIQUE_STEPS * n {
        watch.step()?;
        let Some(other) = inst.second() else { return Ok(true) };
        // Cells where the other answer has a star and the planted layout has none.
        let mut candidates: Vec<usize> = (0..n * n).filter(|&i| other[i] && !layout[i]).collect();
        rng.shuffle(&mut candidates);
        // When none of those can move (each holds its region together), their unstarred
        // neighbours are tried next: reshaping next to the difference still changes the region sums.
        let mut near: Vec<usize> =
            (0..n * n).filter(|&i| !layout[i] && !other[i] && neighbours(n, i).any(|m| other[m] && !layout[m])).collect();
        rng.shuffle(&mut near);
        candidates.extend(near);
        let Some((from, to)) = move_one(n, regions, &candidates, rng) else { return Ok(false) };
        inst.refresh(regions, &[from, to]);
    }
    Ok(false)
}

/// Moves the first of `candidates` that can go to a neighbouring region without cutting its
/// own; returns the two regions changed.
fn move_one(n: usize, regions: &mut [u32], candidates: &[usize], rng: &mut fastrand::Rng) -> Option<(u32, u32)> {
    for &cell in candidates {
        let from = regions[cell];
        let mut targets: Vec<u32> = neighbours(n, cell).map(|m| regions[m]).filter(|&g| g != from).collect();
        if targets.is_empty() || !connected_without(n, regions, from, cell) {
            continue;
        }
        rng.shuffle(&mut targets);
        regions[cell] = targets[0];
        return Some((from, targets[0]));
    }
    None
}

/// Cells the rules up to `upto` fix on `regions` (the planted layout keeps them consistent).
fn fixed_by(n: usize, k: usize, regions: &[u32], upto: Rule) -> Option<(usize, Vec<Cell>, Option<Rule>)> {
    let p = to_puzzle(n, k, regions)?;
    let logic = Logic::new(&p);
    let mut cells = logic.start();
    let hardest = logic.propagate(&mut cells, upto).ok()?;
    Some((cells.iter().filter(|&&c| c != Cell::Open).count(), cells, hardest))
}

/// Moves weighed per hill-climbing step.
const TRIES: usize = 4;

/// Hill climbing on the regions until the rules up to `rule` solve the puzzle (and, when
/// `exact`, the simpler rules do not). The planted layout stays an answer throughout, so a
/// grid the rules finish is unique.
#[allow(clippy::too_many_arguments)]
fn reach_level(
    n: usize,
    k: usize,
    layout: &[bool],
    regions: &mut Vec<u32>,
    rule: Rule,
    exact: bool,
    rng: &mut fastrand::Rng,
    watch: &mut Watch,
) -> Result<bool, String> {
    let total = n * n;
    let Some((mut score, mut cells, _)) = fixed_by(n, k, regions, rule) else { return Ok(false) };
    let budget = 30 * n;
    let mut steps = 0;
    // Easier: more cells fixed at `rule`.
    while score < total {
        steps += 1;
        if steps > budget {
            return Ok(false);
        }
        watch.step()?;
        // Open cells without a planted star, and their unstarred neighbours, can move.
        let mut candidates: Vec<usize> = (0..total).filter(|&i| cells[i] == Cell::Open && !layout[i]).collect();
        rng.shuffle(&mut candidates);
        let mut near: Vec<usize> = (0..total).filter(|&i| !layout[i] && cells[i] != Cell::Open && neighbours(n, i).any(|m| cells[m] == Cell::Open)).collect();
        rng.shuffle(&mut near);
        candidates.extend(near);
        // The best of a few moves (each the first movable cell from a random place in the
        // list) is kept when it fixes at least as many cells.
        let mut best: Option<(usize, Vec<u32>, Vec<Cell>)> = None;
        for _ in 0..TRIES {
            if candidates.is_empty() {
                break;
            }
            let from = rng.usize(..candidates.len());
            let mut trial = regions.clone();
            if move_one(n, &mut trial, &candidates[from..], rng).is_none() && move_one(n, &mut trial, &candidates, rng).is_none() {
                return Ok(false);
            }
            if let Some((s, c, _)) = fixed_by(n, k, &trial, rule) {
                if best.as_ref().is_none_or(|b| s > b.0) {
                    best = Some((s, trial, c));
                }
            }
        }
        match best {
            Some((s, trial, c)) if s >= score => {
                score = s;
                *regions = trial;
                cells = c;
            }
            _ => {}
        }
    }
    if !exact {
        return Ok(true);
    }
    let Some(simpler) = Rule::ALL.into_iter().rev().find(|&r| r < rule) else { return Ok(true) };
    // Harder: fewer cells fixed by the simpler rules while `rule` still solves it.
    let Some((mut easy_score, _, _)) = fixed_by(n, k, regions, simpler) else { return Ok(false) };
    let mut steps = 0;
    while easy_score == total {
        steps += 1;
        if steps > budget {
            return Ok(false);
        }
        watch.step()?;
        let mut candidates: Vec<usize> = (0..total).filter(|&i| !layout[i]).collect();
        rng.shuffle(&mut candidates);
        let before = regions.clone();
        if move_one(n, regions, &candidates, rng).is_none() {
            return Ok(false);
        }
        let still = fixed_by(n, k, regions, rule).is_some_and(|(s, _, _)| s == total);
        match fixed_by(n, k, regions, simpler) {
            Some((s, _, _)) if still && s <= easy_score => easy_score = s,
            _ => *regions = before,
        }
    }
    Ok(true)
}
