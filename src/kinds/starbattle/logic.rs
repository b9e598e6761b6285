//! Human-logic propagation for Star Battle: singles, 2x2-block counting, confinement, probing.
//!
//! Every rule only makes sound deductions (it never removes a true answer; tested against
//! brute force on small random puzzles), so a grid it completes is the only answer, and the
//! cells it fixes can be handed to SAT as units without changing the set of answers.
//!
//! The rules, from the simplest (a puzzle's rating is the hardest rule the propagation needed,
//! always retrying the simpler rules first after any progress):
//! - [`Rule::Singles`]: a star empties its eight neighbours; a row, column or region with its k
//!   stars empties its other cells; one with exactly as many open cells as missing stars fills them.
//! - [`Rule::Blocks`]: the open cells of a row, column, region, pair of adjacent rows or pair of
//!   adjacent columns are covered greedily by 2x2 windows, each holding at most one star. Fewer
//!   windows than missing stars is a contradiction; exactly as many means every window holds
//!   one star, so a window with a single open cell holds a star there.
//! - [`Rule::Confinement`]: for every band of m consecutive rows (or columns), the regions lying
//!   wholly inside it hold m·k stars, so when there are m of them the band's other cells are
//!   empty (more than m is a contradiction); conversely, when the band's open cells lie in just
//!   m regions, those regions' cells outside the band are empty (fewer is a contradiction).
//! - [`Rule::Probing`]: an open cell is assumed a star and singles and 2x2 blocks run to a
//!   fixpoint; a contradiction empties the cell.
//!
//! Cells outside every region are empty from the start: the n rows hold n·k stars and so do the
//! n regions, so no star is left for them.

use super::StarBattle;

/// What is known about one cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cell {
    /// Not known yet.
    Open,
    /// Holds a star.
    Star,
    /// Holds no star.
    Empty,
}

/// The human-logic rules, from the simplest; ordered by difficulty.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rule {
    /// Neighbours of stars, full lines and regions, lines and regions with just enough room.
    Singles,
    /// Counting 2x2 windows in lines, regions and pairs of lines.
    Blocks,
    /// k regions confined to k rows or columns, and the converse.
    Confinement,
    /// Assuming a cell and propagating to a contradiction.
    Probing,
}

impl Rule {
    /// Every rule, from the simplest.
    pub const ALL: [Rule; 4] = [Rule::Singles, Rule::Blocks, Rule::Confinement, Rule::Probing];

    /// The difficulty a puzzle has when this is the hardest rule it needs, in words.
    pub fn difficulty(self) -> &'static str {
        match self {
            Rule::Singles => "easy (singles)",
            Rule::Blocks => "medium (2x2 blocks)",
            Rule::Confinement => "hard (confinement)",
            Rule::Probing => "expert (probing)",
        }
    }

    /// The short level name used by the generator and the CLI (`easy`, `medium`, `hard`, `expert`).
    pub fn level(self) -> &'static str {
        match self {
            Rule::Singles => "easy",
            Rule::Blocks => "medium",
            Rule::Confinement => "hard",
            Rule::Probing => "expert",
        }
    }
}

/// The rules found that the cells admit no answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Contradiction;

type Step = Result<bool, Contradiction>;

/// The most 2x2 windows [`Logic::blocks`] tracks in one unit: more than 2k (≤ 12) windows allow no deduction.
pub(super) const WINDOWS_MAX: usize = 2 * super::model::MAX_STARS + 1;

/// One window of the greedy cover: its top-left anchor (its first open cell) and how many open cells it holds.
#[derive(Debug, Clone, Copy)]
pub(super) struct Window {
    pub(super) anchor: usize,
    /// The anchor's row and column.
    pub(super) ar: u8,
    pub(super) ac: u8,
    pub(super) open: u8,
}

/// The propagator for one puzzle: its units (rows, columns, regions, pairs of lines) precomputed.
#[derive(Debug, Clone)]
pub struct Logic {
    pub(super) n: usize,
    pub(super) k: usize,
    /// Rows, then columns, then regions: cell indices in reading order.
    pub(super) units: Vec<Vec<usize>>,
    /// Pairs of adjacent rows, then of adjacent columns (cell indices in reading order), holding 2k stars.
    pub(super) pairs: Vec<Vec<usize>>,
    /// The region of each cell.
    pub(super) region: Vec<Option<usize>>,
    pub(super) n_regions: usize,
    /// The row and column of each cell (sides are at most 40).
    at: Vec<(u8, u8)>,
}

impl Logic {
    /// Precomputes the units of `p`.
    pub fn new(p: &StarBattle) -> Self {
        let n = p.rows();
        let k = p.stars();
        let region: Vec<Option<usize>> = p.regions().cells().iter().map(|g| g.map(usize::from)).collect();
        let mut units: Vec<Vec<usize>> = Vec::new();
        for r in 0..n {
            units.push((0..n).map(|c| r * n + c).collect());
        }
        for c in 0..n {
            units.push((0..n).map(|r| r * n + c).collect());
        }
        let mut by_region = vec![Vec::new(); p.n_regions()];
        for (i, g) in region.iter().enumerate() {
            if let Some(g) = g {
                by_region[*g].push(i);
            }
        }
        units.extend(by_region);
        let mut pairs = Vec::new();
        for r in 0..n.saturating_sub(1) {
            pairs.push((r * n..(r + 2) * n).collect());
        }
        for c in 0..n.saturating_sub(1) {
            pairs.push((0..n * n).filter(|i| i % n == c || i % n == c + 1).collect());
        }
        let at = (0..n * n).map(|i| ((i / n) as u8, (i % n) as u8)).collect();
        Logic { n, k, units, pairs, region, n_regions: p.n_regions(), at }
    }

    /// The starting cells: all open, except cells outside every region, which are empty.
    pub fn start(&self) -> Vec<Cell> {
        self.region.iter().map(|g| if g.is_some() { Cell::Open } else { Cell::Empty }).collect()
    }

    /// Runs the rules up to `upto` to a fixpoint, simplest first. Returns the hardest rule
    /// that fixed a cell (`None` when nothing was needed beyond the start), or the contradiction.
    pub fn propagate(&self, cells: &mut [Cell], upto: Rule) -> Result<Option<Rule>, Contradiction> {
        let mut hardest = None;
        loop {
            let mut progress = false;
            for rule in Rule::ALL {
                if rule > upto {
                    break;
                }
                if self.apply(rule, cells)? {
                    hardest = hardest.max(Some(rule));
                    progress = true;
                    break;
                }
            }
            if !progress {
                return Ok(hardest);
            }
        }
    }

    /// Applies one rule once over the whole grid; whether it fixed a cell.
    pub fn apply(&self, rule: Rule, cells: &mut [Cell]) -> Step {
        match rule {
            Rule::Singles => self.singles(cells),
            Rule::Blocks => self.blocks(cells),
            Rule::Confinement => self.confinement(cells),
            Rule::Probing => self.probing(cells),
        }
    }

    fn set(cells: &mut [Cell], i: usize, v: Cell) -> Step {
        match cells[i] {
            Cell::Open => {
                cells[i] = v;
                Ok(true)
            }
            c if c == v => Ok(false),
            _ => Err(Contradiction),
        }
    }

    fn singles(&self, cells: &mut [Cell]) -> Step {
        let n = self.n;
        let mut changed = false;
        for i in 0..cells.len() {
            if cells[i] != Cell::Star {
                continue;
            }
            let (r, c) = (i / n, i % n);
            for rr in r.saturating_sub(1)..=(r + 1).min(n - 1) {
                for cc in c.saturating_sub(1)..=(c + 1).min(n - 1) {
                    if (rr, cc) != (r, c) {
                        changed |= Self::set(cells, rr * n + cc, Cell::Empty)?;
                    }
                }
            }
        }
        for unit in &self.units {
            let stars = unit.iter().filter(|&&i| cells[i] == Cell::Star).count();
            let open = unit.iter().filter(|&&i| cells[i] == Cell::Open).count();
            if stars > self.k || stars + open < self.k {
                return Err(Contradiction);
            }
            if open == 0 {
                continue;
            }
            let fill = if stars == self.k {
                Cell::Empty
            } else if stars + open == self.k {
                Cell::Star
            } else {
                continue;
            };
            for &i in unit {
                if cells[i] == Cell::Open {
                    cells[i] = fill;
                }
            }
            changed = true;
        }
        Ok(changed)
    }

    /// Covers the open cells of `unit` greedily (reading order) by 2x2 windows anchored at each
    /// uncovered cell, stopping once there are more than `need` windows (then nothing follows).
    /// Fills `out` with each window's anchor, open-cell count and first open cell; returns how
    /// many windows there are (`need + 1` meaning "more than `need`"). Allocation-free: `need`
    /// is at most 2k ≤ 12, so `out` never holds more than 13 windows.
    pub(super) fn windows(&self, unit: &[usize], cells: &[Cell], need: usize, out: &mut [Window; WINDOWS_MAX]) -> usize {
        let mut len = 0usize;
        for &i in unit {
            if cells[i] != Cell::Open {
                continue;
            }
            let (r, c) = self.at[i];
            // A cell already inside a window of this unit joins that window.
            if let Some(w) = out[..len].iter_mut().find(|w| (r == w.ar || r == w.ar + 1) && (c == w.ac || c == w.ac + 1)) {
                w.open += 1;
                continue;
            }
            // Otherwise a new window is anchored here (this cell its top-left corner).
            if len == need {
                return need + 1;
            }
            out[len] = Window { anchor: i, ar: r, ac: c, open: 1 };
            len += 1;
        }
        len
    }

    fn blocks(&self, cells: &mut [Cell]) -> Step {
        let mut changed = false;
        let mut windows = [Window { anchor: 0, ar: 0, ac: 0, open: 0 }; WINDOWS_MAX];
        for (unit, cap) in self.units.iter().map(|u| (u, self.k)).chain(self.pairs.iter().map(|u| (u, 2 * self.k))) {
            let stars = unit.iter().filter(|&&i| cells[i] == Cell::Star).count();
            if stars >= cap {
                continue;
            }
            let need = cap - stars;
            let len = self.windows(unit, cells, need, &mut windows);
            if len < need {
                return Err(Contradiction);
            }
            if len == need {
                for w in &windows[..len] {
                    if w.open == 1 {
                        // The anchor is the window's first (and only) open cell.
                        changed |= Self::set(cells, w.anchor, Cell::Star)?;
                    }
                }
            }
        }
        Ok(changed)
    }

    /// For each region, the first and last line (row, or column when `by_col`) holding one of
    /// its non-empty cells (`usize::MAX` and 0 when it has none); for each line, the regions with
    /// a non-empty cell in it, as a bit set (at most 40 regions). Confinement's scan, shared with
    /// the hint that explains it.
    pub(super) fn line_spans(&self, cells: &[Cell], by_col: bool) -> (Vec<usize>, Vec<usize>, Vec<u64>) {
        let n = self.n;
        let mut lo = vec![usize::MAX; self.n_regions];
        let mut hi = vec![0usize; self.n_regions];
        let mut in_line = vec![0u64; n];
        for (i, g) in self.region.iter().enumerate() {
            let Some(g) = *g else { continue };
            if cells[i] == Cell::Empty {
                continue;
            }
            let l = if by_col { i % n } else { i / n };
            lo[g] = lo[g].min(l);
            hi[g] = hi[g].max(l);
            in_line[l] |= 1u64 << g;
        }
        (lo, hi, in_line)
    }

    fn confinement(&self, cells: &mut [Cell]) -> Step {
        let n = self.n;
        for by_col in [false, true] {
            let line = |i: usize| if by_col { i % n } else { i / n };
            let (lo, hi, in_line) = self.line_spans(cells, by_col);
            if lo.contains(&usize::MAX) {
                return Err(Contradiction);
            }
            for a in 0..n {
                let mut touching = 0u64;
                for b in a..n {
                    let m = b - a + 1;
                    if m == n {
                        break;
                    }
                    touching |= in_line[b];
                    let inside: u64 = (0..self.n_regions).filter(|&g| lo[g] >= a && hi[g] <= b).fold(0u64, |s, g| s | 1u64 << g);
                    let (ni, nt) = (inside.count_ones() as usize, touching.count_ones() as usize);
                    if ni > m || nt < m {
                        return Err(Contradiction);
                    }
                    if ni == m && nt > m {
                        // The band's cells outside the regions inside it are empty.
                        for (i, g) in self.region.iter().enumerate() {
                            let l = line(i);
                            if l >= a && l <= b && cells[i] != Cell::Empty && g.map_or(true, |g| inside >> g & 1 == 0) {
                                Self::set(cells, i, Cell::Empty)?;
                            }
                        }
                        return Ok(true);
                    }
                    if nt == m && ni < m {
                        // The touching regions' cells outside the band are empty.
                        for (i, g) in self.region.iter().enumerate() {
                            let l = line(i);
                            if (l < a || l > b) && cells[i] != Cell::Empty && g.is_some_and(|g| touching >> g & 1 == 1) {
                                Self::set(cells, i, Cell::Empty)?;
                            }
                        }
                        return Ok(true);
                    }
                }
            }
        }
        Ok(false)
    }

    fn probing(&self, cells: &mut [Cell]) -> Step {
        // One sweep: each open cell is assumed a star and the cheaper rules (singles and 2x2
        // blocks) run to a fixpoint; a contradiction empties the cell. The sweep does not restart
        // after a find (the caller's loop reruns the simpler rules), which keeps it linear.
        let mut trial = cells.to_vec();
        let mut changed = false;
        for i in 0..cells.len() {
            if cells[i] != Cell::Open {
                continue;
            }
            trial.copy_from_slice(cells);
            trial[i] = Cell::Star;
            if self.propagate(&mut trial, Rule::Blocks).is_err() {
                cells[i] = Cell::Empty;
                changed = true;
            }
        }
        Ok(changed)
    }
}
