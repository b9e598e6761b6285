//! Adjust the picture instead of adding givens: change as few cells as possible, the least
//! visible first, until the puzzle has no givens and the nonogram's rules up to a chosen
//! [`Level`] finish it alone (the idea of Batenburg, Henstra, Kosters and Palenstijn,
//! "Constructing simple nonograms of varying difficulty").
//!
//! [`adjust`] runs the rules ([`finish`]: [`deduce::run`] on the nonogram's [`Lines`], the same
//! rules as the hints and the solver's logic phase) on the picture's clues; where they stall
//! it tries flipping cells the rules left unknown, each scored by the unknown cells it removes
//! per unit of visibility ([`visibility`]: grey level near the threshold, edges, noisy areas),
//! and keeps the best flip; it repeats until the rules finish the grid. Then it tries to undo
//! each change, the most visible first, keeping an undo when the rules still finish the grid.
//! Every better finished picture is handed out as it lands, and a deadline or the caller ends
//! the search with the best so far.
//!
//! A grid the rules finish is the only answer to its clues (every deduction is sound); the
//! pipeline proves it again by the SAT check the other modes use.

use serde::{Deserialize, Serialize};
use web_time::Instant;

use super::rng::SplitMix64;
use crate::deduce::{self, End};
use crate::grid::Grid;
use crate::kinds::nonogram::logic::{Lines, CONTRADICTION_RANK, LINE_RANK, SIMPLE_RANK};
use crate::kinds::nonogram::{clues_of, Cell, Nonogram};

/// How hard the adjusted puzzle may be: the highest rank of the nonogram's ladder
/// ([`crate::kinds::nonogram::logic::LADDER`]) that may finish it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Level {
    /// Empty and finished lines, overlaps of untouched lines, simple boxes and simple spaces
    /// (ranks up to [`SIMPLE_RANK`]).
    Easy,
    /// Line logic (ranks up to [`LINE_RANK`]).
    #[default]
    Medium,
    /// Line logic and one-cell contradictions (ranks up to [`CONTRADICTION_RANK`]), needed when a change makes them so.
    Hard,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// The highest rank the level's rules reach.
    pub fn rank(self) -> u8 {
        match self {
            Level::Easy => SIMPLE_RANK,
            Level::Medium => LINE_RANK,
            Level::Hard => CONTRADICTION_RANK,
        }
    }

    /// The word used on the command line, in JSON and in the page.
    pub fn word(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    /// The level a word names.
    pub fn parse(word: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.word() == word.trim().to_ascii_lowercase())
    }

    /// The level's rules in a person's words.
    pub fn rules(self) -> &'static str {
        match self {
            Level::Easy => "empty and finished lines, overlaps, simple boxes and simple spaces",
            Level::Medium => "line logic",
            Level::Hard => "line logic and one-cell contradictions",
        }
    }
}

/// What the rules made of one picture's clues (`C`: a cell's state of knowledge; the colour
/// mode's is `Option<u8>`).
#[derive(Debug, Clone, PartialEq)]
pub struct Finish<C = Cell> {
    /// The cells the rules reached.
    pub cells: Vec<C>,
    /// How the run ended and the hardest rank used.
    pub run: deduce::Run,
    /// Each rule used and how many deductions it made, in order of first use.
    pub rules: Vec<(String, usize)>,
}

impl Finish {
    /// Cells the rules left unknown.
    pub fn unknown(&self) -> usize {
        self.cells.iter().filter(|&&c| c == Cell::Unknown).count()
    }
}

impl<C> Finish<C> {
    /// Whether the rules finished the grid.
    pub fn complete(&self) -> bool {
        self.run.end == End::Complete
    }
}

/// Counts one use of `rule` in `rules` (each rule and its count, in order of first use).
pub fn tally(rules: &mut Vec<(String, usize)>, rule: &str) {
    match rules.iter_mut().find(|r| r.0 == rule) {
        Some(r) => r.1 += 1,
        None => rules.push((rule.to_string(), 1)),
    }
}

/// Runs the nonogram's rules up to `rank` on the clues of `picture` (row-major, `w` wide) from
/// the empty grid: [`deduce::run`] on [`Lines::for_solver`].
pub fn finish(picture: &[bool], w: usize, rank: u8) -> Finish {
    let h = picture.len() / w.max(1);
    let grid = Grid::from_cells(h, w, picture.to_vec()).expect("a whole number of rows");
    let (rows, cols) = clues_of(&grid);
    let puzzle = Nonogram::new(rows, cols).expect("the clues of a picture are valid");
    let mut lines = Lines::for_solver(&puzzle, &vec![Cell::Unknown; w * h]);
    let mut rules: Vec<(String, usize)> = Vec::new();
    let run = deduce::run(&mut lines, rank, |d| {
        tally(&mut rules, d.rule);
        true
    });
    Finish { cells: lines.cells().to_vec(), run, rules }
}

/// How visible flipping each cell would be (row-major; smaller is less visible): the grey
/// level's distance from the threshold `t` (0..=256, greys 0 = black), made smaller on edges
/// (neighbours of the other colour) and in noisy areas (neighbours' greys spread widely).
pub fn visibility(greys: &[f32], picture: &[bool], w: usize, t: f32) -> Vec<f32> {
    let h = greys.len() / w.max(1);
    (0..w * h)
        .map(|i| {
            let (r, c) = (i / w, i % w);
            let mut other = 0usize;
            let mut around = 0usize;
            let (mut sum, mut sq) = (0f32, 0f32);
            for dr in -1i32..=1 {
                for dc in -1i32..=1 {
                    let (rr, cc) = (r as i32 + dr, c as i32 + dc);
                    if (dr, dc) == (0, 0) || rr < 0 || cc < 0 || rr >= h as i32 || cc >= w as i32 {
                        continue;
                    }
                    let j = rr as usize * w + cc as usize;
                    around += 1;
                    other += usize::from(picture[j] != picture[i]);
                    sum += greys[j];
                    sq += greys[j] * greys[j];
                }
            }
            let n = around.max(1) as f32;
            let edge = other as f32 / n;
            let spread = ((sq / n - (sum / n).powi(2)).max(0.0)).sqrt() / 128.0;
            let near = (greys[i] - t).abs() / 256.0;
            (0.02 + near) * (1.0 - 0.5 * edge) * (1.0 - 0.4 * spread.min(1.0))
        })
        .collect()
}

/// Progress of an adjustment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct AdjustProgress {
    /// Cells changed so far.
    pub changed: usize,
    /// Cells the rules leave unknown (0 once a puzzle is finished).
    pub unknown: usize,
    /// True once a finished puzzle exists and changes are being undone.
    pub pruning: bool,
    /// Milliseconds left before the deadline, when there is one.
    pub left_ms: Option<u64>,
}

/// What an adjustment ended with (`P`: a cell of the picture, `C`: a cell's state of
/// knowledge; the colour mode's are palette indices and `Option<u8>`).
#[derive(Debug, Clone, PartialEq)]
pub struct Adjusted<P = bool, C = Cell> {
    /// The picture (row-major): the finished one when `reached`, else the last tried.
    pub picture: Vec<P>,
    /// The cells that differ from the starting picture (row-major, sorted).
    pub changed: Vec<usize>,
    /// Whether the rules finish `picture` alone.
    pub reached: bool,
    /// The rules' run on `picture`.
    pub finish: Finish<C>,
    /// Rule runs made (each a [`finish`] from the empty grid).
    pub runs: usize,
    /// The deadline or the caller ended the search early.
    pub stopped: bool,
}

/// Flips tried per step: the cheapest unknown cells and as many chosen at random among them.
pub const CANDIDATES: usize = 12;

/// Changes at most this fraction of the cells before giving up.
pub const MAX_FRACTION: f64 = 0.2;

/// Adjusts `start` (row-major, `w` wide) until the rules up to `level` finish it alone,
/// changing the cells of smallest `cost` first ([`visibility`]). `on_better` hears each better
/// finished picture (fewer changes) and returns false to stop; `progress` hears each step.
/// The search ends at `deadline`, when the changes pass [`MAX_FRACTION`], or when undoing
/// helps no more. At the hard level a puzzle line logic finishes gets one more change, when
/// one of the [`HARDEN_TRIES`] least visible makes it need the contradictions.
pub fn adjust(
    start: &[bool],
    w: usize,
    cost: &[f32],
    level: Level,
    seed: u64,
    deadline: Option<Instant>,
    progress: &mut dyn FnMut(AdjustProgress),
    on_better: &mut dyn FnMut(&Adjusted) -> bool,
) -> Adjusted {
    let n = start.len();
    let rank = level.rank();
    let mut rng = SplitMix64::new(seed);
    let late = || deadline.is_some_and(|d| Instant::now() >= d);
    let left = || deadline.map(|d| d.saturating_duration_since(Instant::now()).as_millis() as u64);
    let changed_of = |p: &[bool]| (0..n).filter(|&i| p[i] != start[i]).collect::<Vec<usize>>();
    let mut pic = start.to_vec();
    let mut runs = 1;
    let mut now = finish(&pic, w, rank);
    let max_changes = ((n as f64 * MAX_FRACTION) as usize).max(1);
    let mut stopped = false;
    let mut flips = 0;
    // The rules of the level are too costly to score every flip at the hard level: there the
    // flips are scored by line logic and the level's rules judge the result.
    let score_rank = rank.min(LINE_RANK);
    // 1. Flip until the rules finish the grid.
    while !now.complete() {
        if late() {
            stopped = true;
            break;
        }
        if flips >= max_changes {
            break;
        }
        flips += 1;
        // A changed cell is not flipped back (that could cycle).
        let unknown: Vec<usize> =
            (0..n).filter(|&i| now.cells[i] == Cell::Unknown && pic[i] == start[i]).collect();
        if unknown.is_empty() {
            break;
        }
        let base = if score_rank == rank {
            now.unknown()
        } else {
            runs += 1;
            finish(&pic, w, score_rank).unknown()
        };
        let mut by_cost = unknown.clone();
        by_cost.sort_by(|&a, &b| cost[a].total_cmp(&cost[b]).then(a.cmp(&b)));
        let mut tries: Vec<usize> = by_cost.iter().copied().take(CANDIDATES).collect();
        for _ in 0..CANDIDATES {
            let i = unknown[rng.below(unknown.len())];
            if !tries.contains(&i) {
                tries.push(i);
            }
        }
        // The flip removing the most unknown cells per unit of visibility.
        let mut best: Option<(f32, usize, usize)> = None;
        for &i in &tries {
            pic[i] = !pic[i];
            runs += 1;
            let after = finish(&pic, w, score_rank).unknown();
            pic[i] = !pic[i];
            let gain = base as f32 - after as f32;
            let score =
                if gain > 0.0 { gain / cost[i].max(1e-3) } else { gain * cost[i].max(1e-3) };
            if best.is_none_or(|b| score > b.0) {
                best = Some((score, i, after));
            }
        }
        let Some((_, i, _)) = best else { break };
        pic[i] = !pic[i];
        runs += 1;
        now = finish(&pic, w, rank);
        progress(AdjustProgress {
            changed: changed_of(&pic).len(),
            unknown: now.unknown(),
            pruning: false,
            left_ms: left(),
        });
    }
    if !now.complete() {
        return Adjusted {
            changed: changed_of(&pic),
            picture: pic,
            reached: false,
            finish: now,
            runs,
            stopped,
        };
    }
    let mut best = Adjusted {
        changed: changed_of(&pic),
        picture: pic.clone(),
        reached: true,
        finish: now,
        runs,
        stopped,
    };
    // 2. Undo changes the rules can do without, the most visible first.
    let mut order = best.changed.clone();
    order.sort_by(|&a, &b| cost[b].total_cmp(&cost[a]).then(a.cmp(&b)));
    let mut go_on = give_back(
        start,
        &mut best,
        &order,
        deadline,
        &mut |p| finish(p, w, rank),
        progress,
        on_better,
    );
    pic = best.picture.clone();
    // 3. The hard level asks for a puzzle that needs its contradictions: when line logic
    // finishes this one, the least visible change that makes line logic stall while the
    // contradictions still finish it.
    if go_on && level == Level::Hard && best.finish.run.hardest < Some(CONTRADICTION_RANK) {
        let mut order: Vec<usize> = (0..n).filter(|&i| !best.changed.contains(&i)).collect();
        order.sort_by(|&a, &b| cost[a].total_cmp(&cost[b]).then(a.cmp(&b)));
        for i in order.into_iter().take(HARDEN_TRIES) {
            if late() {
                best.stopped = true;
                break;
            }
            pic[i] = !pic[i];
            best.runs += 1;
            if !finish(&pic, w, LINE_RANK).complete() {
                best.runs += 1;
                let f = finish(&pic, w, rank);
                if f.complete() {
                    best.picture = pic.clone();
                    best.changed = changed_of(&pic);
                    best.finish = f;
                    go_on = on_better(&best);
                    break;
                }
            }
            pic[i] = !pic[i];
            progress(AdjustProgress {
                changed: best.changed.len(),
                unknown: 0,
                pruning: true,
                left_ms: left(),
            });
        }
    }
    best.stopped |= !go_on;
    best
}

/// Step 2 of an adjustment, for any picture: `best` is finished; each changed cell in `order`
/// gets its starting value back when `finish` still completes the grid without the change
/// (`on_better` hears each better picture first, then after each). Returns whether to go on
/// (false once `on_better` said stop); a deadline passed sets `best.stopped`.
pub fn give_back<P: Copy + PartialEq, C>(
    start: &[P],
    best: &mut Adjusted<P, C>,
    order: &[usize],
    deadline: Option<Instant>,
    finish: &mut dyn FnMut(&[P]) -> Finish<C>,
    progress: &mut dyn FnMut(AdjustProgress),
    on_better: &mut dyn FnMut(&Adjusted<P, C>) -> bool,
) -> bool {
    let mut go_on = on_better(best);
    let mut pic = best.picture.clone();
    for &i in order {
        if !go_on {
            break;
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            best.stopped = true;
            break;
        }
        let was = pic[i];
        pic[i] = start[i];
        best.runs += 1;
        let f = finish(&pic);
        if f.complete() {
            best.picture = pic.clone();
            best.changed = (0..pic.len()).filter(|&j| pic[j] != start[j]).collect();
            best.finish = f;
            go_on = on_better(best);
        } else {
            pic[i] = was;
        }
        let left_ms =
            deadline.map(|d| d.saturating_duration_since(Instant::now()).as_millis() as u64);
        progress(AdjustProgress {
            changed: best.changed.len(),
            unknown: 0,
            pruning: true,
            left_ms,
        });
    }
    go_on
}

/// Cells tried, least visible first, to make a line-logic puzzle need the hard level's
/// contradictions.
pub const HARDEN_TRIES: usize = 400;

/// The figures of an adjustment, as the pipeline reports them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AdjustReport {
    /// The level asked for.
    pub level: Level,
    /// Whether a picture the level's rules finish alone was found (else the puzzle shown is
    /// the starting picture with givens).
    pub reached: bool,
    /// Cells changed.
    pub changed: usize,
    /// Cells changed, as a fraction of all cells.
    pub fraction: f64,
    /// Cells the rules left unknown in the last picture tried (0 when reached).
    pub unknown: usize,
    /// The rating of the deduction engine (`line logic`, `line logic with one-cell contradictions`).
    pub rating: Option<String>,
    /// The rules used, each with its count of deductions.
    pub rules: Vec<(String, usize)>,
    /// Rule runs made.
    pub runs: usize,
    /// Milliseconds spent adjusting.
    pub ms: f64,
    /// The SAT check: `Some(true)` when the second solve came back UNSAT (unique), `Some(false)`
    /// when it found another answer (an engine fault), `None` when not made or out of budget.
    pub sat_unique: Option<bool>,
    /// The deadline or Stop ended the search early.
    pub stopped: bool,
}

impl AdjustReport {
    /// The report of `a` (from a grid of `cells` cells) for `level`.
    pub fn of(a: &Adjusted, level: Level, cells: usize, ms: f64) -> AdjustReport {
        let changed = if a.reached { a.changed.len() } else { 0 };
        AdjustReport {
            level,
            reached: a.reached,
            changed,
            fraction: changed as f64 / cells.max(1) as f64,
            unknown: a.finish.unknown(),
            rating: a.finish.run.rating(crate::kinds::nonogram::logic::LADDER).map(str::to_string),
            rules: a.finish.rules.clone(),
            runs: a.runs,
            ms,
            sat_unique: None,
            stopped: a.stopped,
        }
    }

    /// The rules used in words: `Overlap ×12, Line logic ×40`.
    pub fn rules_words(&self) -> String {
        self.rules.iter().map(|(r, n)| format!("{r} ×{n}")).collect::<Vec<_>>().join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::art::givens::{Check, UniqueMode, UniquenessChecker};
    use crate::art::{pipeline, threshold, ArtOptions, GreyGrid, Method, PrepareOptions};
    use crate::kinds::nonogram::logic::LADDER;

    /// Smooth random greys (a few blobs plus noise), `w × h`, from `seed`.
    fn greys(w: usize, h: usize, seed: u64) -> GreyGrid {
        let mut rng = SplitMix64::new(seed);
        let blobs: Vec<(f64, f64, f64)> = (0..4)
            .map(|_| {
                (rng.unit() * w as f64, rng.unit() * h as f64, 1.5 + rng.unit() * w as f64 / 3.0)
            })
            .collect();
        let v = (0..w * h)
            .map(|i| {
                let (x, y) = ((i % w) as f64, (i / w) as f64);
                let dark: f64 = blobs
                    .iter()
                    .map(|&(bx, by, r)| (-((x - bx).powi(2) + (y - by).powi(2)) / (r * r)).exp())
                    .sum();
                (255.0 * (1.0 - dark.min(1.0)) * 0.6 + 100.0 * rng.unit()) as f32
            })
            .collect();
        GreyGrid::new(w, h, v).unwrap()
    }

    fn options(level: Level) -> ArtOptions {
        ArtOptions {
            prepare: PrepareOptions { width: 10, height: None, crop: None, invert: false },
            method: Method::Threshold { t: Some(128) },
            unique: UniqueMode::Adjust(level),
            budget: Default::default(),
            tone: Some(crate::art::tone::Tone::Plain),
        }
    }

    /// Counts the answers of `picture`'s clues by trying every grid (tiny pictures only).
    fn brute_count(picture: &[bool], w: usize) -> usize {
        let h = picture.len() / w;
        let target = clues_of(&Grid::from_cells(h, w, picture.to_vec()).unwrap());
        (0u32..1 << (w * h))
            .filter(|bits| {
                let g: Vec<bool> = (0..w * h).map(|i| bits >> i & 1 == 1).collect();
                clues_of(&Grid::from_cells(h, w, g).unwrap()) == target
            })
            .count()
    }

    #[test]
    fn the_adjusted_puzzle_is_unique_without_givens_finished_by_the_level_and_differs_in_the_reported_cells(
    ) {
        let mut flipped_somewhere = [false; 3];
        let mut easy_reached = 0;
        for seed in 1..=6u64 {
            let (w, h) = (12 + seed as usize % 3, 11 + seed as usize % 4);
            let grid = greys(w, h, seed);
            let original = threshold(&grid, 128);
            for (k, level) in Level::ALL.into_iter().enumerate() {
                let r = pipeline::from_grid(&grid, &options(level), &mut |_| {}).unwrap();
                let a = r.adjust.clone().expect("the figures of the adjustment");
                easy_reached += usize::from(level == Level::Easy && a.reached);
                assert!(a.reached, "seed {seed} {level:?}: {a:?}");
                // No givens, and the puzzle's start is empty.
                assert!(r.givens.is_empty());
                assert!(r.puzzle().start().iter().all(|&c| c == Cell::Unknown));
                // Differs from the thresholded picture in exactly the reported cells.
                let differ: Vec<usize> =
                    (0..w * h).filter(|&i| r.picture.cells()[i] != original[i]).collect();
                assert_eq!(differ, r.changed, "seed {seed} {level:?}");
                assert_eq!(a.changed, r.changed.len());
                flipped_somewhere[k] |= !r.changed.is_empty();
                // The clues are the picture's.
                assert_eq!((r.rows.clone(), r.cols.clone()), clues_of(&r.picture));
                // Finished by the level's rules: deduce::run on the puzzle from the empty grid.
                let mut lines = Lines::for_solver(&r.puzzle(), &vec![Cell::Unknown; w * h]);
                let run = deduce::run(&mut lines, level.rank(), |d| d.rank <= level.rank());
                assert_eq!(run.end, End::Complete, "seed {seed} {level:?}");
                assert_eq!(
                    lines.cells().iter().map(|&c| c == Cell::Black).collect::<Vec<_>>(),
                    r.picture.cells()
                );
                assert_eq!(a.rating.as_deref(), run.rating(LADDER));
                // Unique by the SAT check alone (no line logic): "some cell differs" is UNSAT.
                let mut checker = UniquenessChecker::new(&r.puzzle(), &r.picture);
                assert!(
                    matches!(checker.check_within(&[], u64::MAX), Check::Unique(_)),
                    "seed {seed} {level:?}"
                );
                assert_eq!(a.sat_unique, Some(true));
            }
        }
        assert_eq!(easy_reached, 6);
        // The pictures needed changes at every level (else the test would prove little).
        assert_eq!(flipped_somewhere, [true; 3], "some level never changed a cell");
    }

    #[test]
    fn easy_uses_only_finished_lines_overlaps_and_simple_boxes_and_hard_needs_contradictions() {
        let mut needs = 0;
        for seed in 1..=4u64 {
            let grid = greys(12, 12, seed);
            let easy = pipeline::from_grid(&grid, &options(Level::Easy), &mut |_| {})
                .unwrap()
                .adjust
                .unwrap();
            assert!(easy.reached);
            assert!(
                easy.rules.iter().all(|(r, _)| [
                    "Finished line",
                    "Overlap",
                    "Simple boxes and spaces"
                ]
                .contains(&r.as_str())),
                "{:?}",
                easy.rules
            );
            assert!(
                easy.rules.iter().any(|(r, _)| r == "Simple boxes and spaces"),
                "{:?}",
                easy.rules
            );
            let medium = pipeline::from_grid(&grid, &options(Level::Medium), &mut |_| {})
                .unwrap()
                .adjust
                .unwrap();
            assert!(medium.rules.iter().all(|(r, _)| r != "One-cell contradiction"));
            assert_eq!(medium.rating.as_deref(), Some("line logic"));
            let hard = pipeline::from_grid(&grid, &options(Level::Hard), &mut |_| {})
                .unwrap()
                .adjust
                .unwrap();
            assert!(hard.reached);
            if hard.rating.as_deref() == Some("line logic with one-cell contradictions") {
                needs += 1;
                assert!(hard.rules.iter().any(|(r, _)| r == "One-cell contradiction"));
                // Line logic alone does not finish it.
                let r = pipeline::from_grid(&grid, &options(Level::Hard), &mut |_| {}).unwrap();
                assert!(!finish(r.picture.cells(), 12, LINE_RANK).complete());
                assert!(!r.final_line_logic);
            }
        }
        assert!(needs >= 1, "hard needed contradictions on {needs} of 4 pictures");
    }

    #[test]
    fn a_tiny_adjusted_picture_has_one_answer_by_brute_force() {
        for seed in 1..=4u64 {
            let grid = greys(4, 4, seed);
            let r = pipeline::from_grid(&grid, &options(Level::Medium), &mut |_| {}).unwrap();
            assert!(r.adjust.as_ref().unwrap().reached);
            assert_eq!(brute_count(r.picture.cells(), 4), 1, "seed {seed}");
        }
    }

    #[test]
    fn cells_near_the_threshold_and_on_edges_are_cheaper_to_change() {
        let greys = [0.0, 120.0, 255.0, 0.0, 140.0, 255.0, 0.0, 255.0, 255.0];
        let picture: Vec<bool> = greys.iter().map(|&g| g < 128.0).collect();
        let v = visibility(&greys, &picture, 3, 128.0);
        assert!(v[1] < v[6] && v[4] < v[8], "{v:?}");
        assert_eq!(Level::parse("Medium"), Some(Level::Medium));
        assert_eq!(Level::parse("extreme"), None);
    }
}
