//! The Star Battle deduction engine: every rule written once, on [`crate::deduce::Logic`].
//!
//! Each rule is a function that finds one deduction from the current [`State`] and returns it
//! as a [`Deduction`]: the cells it sets to a star or to empty, the cells it rests on, the rows,
//! columns and regions it names, the figures to draw and its sentence. The solver's logic phase
//! ([`super::solve::rate`]), the hint ([`super::hint::next_step`]: the first deduction, cheapest
//! rank first), "Explain the solution" (the hints one after another), the rating (the hardest
//! rank used, named by [`LADDER`]) and the generator's levels all call these same functions. A
//! state made for the solver ([`State::new`] with `words: false`) skips building the sentences
//! and figures; what is found is the same.
//!
//! The ladder ([`LADDER`]), cheapest first:
//! 0. **Singles** (easy): a star empties its eight neighbours; a row, column or region with its
//!    k stars empties its other cells; one with exactly as many open cells as missing stars fills
//!    them.
//! 1. **2x2 blocks** (medium): the open cells of a row, column, region or pair of adjacent lines
//!    are covered by 2x2 blocks, each holding at most one star. Fewer blocks than missing stars
//!    breaks the rules; exactly as many means each block holds exactly one star: a block with
//!    one open cell has its star there, and a cell next to every open cell of a block is empty.
//! 2. **Confinement** (hard): a set of regions whose open cells lie in a set of lines (rows or
//!    columns, consecutive or not) needing as many stars as the regions do takes all those
//!    lines' stars (the lines' other cells are empty); conversely, lines whose open cells lie in
//!    regions needing as many stars as the lines do take all those regions' stars (the regions'
//!    cells outside the lines are empty). Pairs of regions in pairs of lines are the case m = 2.
//! 3. **Region shapes and squeezes** (hard): every way to place a unit's missing stars
//!    (non-touching, no line or region over its count, no nearly full row, column or region
//!    left without room) is enumerated; a cell in every placement is a star, a cell of the unit
//!    in none is empty, and a cell outside it that every placement empties (a neighbour of one
//!    of its stars, or in a line or region it fills) is empty.
//! 4. **Contradiction** (expert), only when no direct rule applies: a star is assumed in an
//!    open cell and the direct rules (ranks 0 to 3) run for at most [`CHAIN_MAX`] steps; when
//!    they break the rules, the cell is empty. The chain is told step by step and drawn.
//!
//! Every deduction holds in every answer (tested against brute force on small random puzzles,
//! and step by step against the known answers of the shared sets), so a grid the rules complete
//! is the only answer, and the cells they fix can be handed to SAT as units.
//!
//! Cells outside every region are empty from the start: the n rows hold n·k stars and so do the
//! n regions, so no star is left for them.

use std::collections::HashSet;

use super::StarBattle;
use crate::deduce::{Deduction, Found, Logic, Rung};
use crate::hint::{and_list, cell_words, Figure};

/// What is known about one cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cell {
    /// Not known yet.
    Open,
    /// Holds a star.
    Star,
    /// Holds no star.
    Empty,
}

/// One change a deduction makes: a cell and what it becomes (a star or empty).
pub type Change = (usize, Cell);

/// The rank of the singles.
pub const SINGLES: u8 = 0;
/// The rank of 2x2 blocks.
pub const BLOCKS: u8 = 1;
/// The rank of confinement.
pub const CONFINEMENT: u8 = 2;
/// The rank of region shapes and squeezes.
pub const SHAPES: u8 = 3;
/// The rank of short contradictions.
pub const CONTRADICTION: u8 = 4;
/// The hardest rank.
pub const ALL: u8 = CONTRADICTION;

/// The ladder: rung `r` names the rules of rank `r`.
pub const LADDER: &[Rung] = &[
    Rung {
        rules: "Singles: neighbours of a star, full rows, columns and regions, just enough room",
        level: "easy",
        rating: "easy (singles)",
    },
    Rung {
        rules: "2x2 blocks in a row, column, region or pair of lines",
        level: "medium",
        rating: "medium (2x2 blocks)",
    },
    Rung {
        rules: "Confinement: regions inside lines and lines inside regions",
        level: "hard",
        rating: "hard (confinement)",
    },
    Rung {
        rules: "Region shapes and squeezes: every placement of a unit's stars",
        level: "hard",
        rating: "hard (region shapes)",
    },
    Rung {
        rules: "Short contradictions with the direct rules",
        level: "expert",
        rating: "expert (short contradictions)",
    },
];

/// The most steps of direct rules a contradiction may take (the chain a person follows).
pub const CHAIN_MAX: usize = 100;
/// The most open cells of a unit whose placements the shapes rule enumerates.
pub const SHAPES_OPEN_MAX: usize = 12;
/// The rules of a contradiction's first try at every cell (the cheap ones); the second try goes
/// on from where each stopped with every direct rule.
const PROBE_FIRST: u8 = BLOCKS;
/// The widest band of lines [`State::band_blocks`] counts in 2x2 blocks.
pub const BAND_MAX: usize = 3;
/// The most placements of one unit's stars the shapes rule weighs (a unit with more is skipped).
pub const PLACEMENTS_MAX: usize = 300;
/// The most line sets the confinement search weighs per direction and kind of line.
const TIGHT_MAX: usize = 1000;
/// The most lines (or regions) in one confinement.
pub const TIGHT_LINES: usize = 6;

/// A set of cells as bits.
type Bits = Vec<u64>;

fn bit(b: &[u64], i: usize) -> bool {
    b[i >> 6] >> (i & 63) & 1 == 1
}

fn set_bit(b: &mut [u64], i: usize) {
    b[i >> 6] |= 1u64 << (i & 63);
}

/// The puzzle's fixed structure: its units and neighbourhoods, precomputed once.
#[derive(Debug, Clone)]
pub struct Board {
    /// Side.
    pub n: usize,
    /// Stars per row, column and region.
    pub k: usize,
    /// Rows, then columns, then regions: cell indices in reading order.
    pub units: Vec<Vec<usize>>,
    /// Pairs of adjacent rows, then of adjacent columns (cell indices in reading order).
    pub pairs: Vec<Vec<usize>>,
    /// The region of each cell.
    pub region: Vec<Option<usize>>,
    /// Number of regions.
    pub n_regions: usize,
    /// The row and column of each cell.
    at: Vec<(u8, u8)>,
    /// The eight (or fewer) neighbours of each cell.
    nbrs: Vec<Vec<usize>>,
    /// The neighbours of each cell as bits.
    nb_bits: Vec<Bits>,
    /// Each unit's cells as bits.
    unit_bits: Vec<Bits>,
    /// The counted sets holding each cell: its row, column and region (indices into `units`),
    /// then its pairs of lines (`units.len()` + index into `pairs`).
    of_cell: Vec<Vec<u16>>,
    words: usize,
}

impl Board {
    /// Precomputes the units of `p`.
    pub fn new(p: &StarBattle) -> Self {
        let n = p.rows();
        let k = p.stars();
        let region: Vec<Option<usize>> =
            p.regions().cells().iter().map(|g| g.map(usize::from)).collect();
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
        let at: Vec<(u8, u8)> = (0..n * n).map(|i| ((i / n) as u8, (i % n) as u8)).collect();
        let words = (n * n).div_ceil(64).max(1);
        let nbrs: Vec<Vec<usize>> = (0..n * n)
            .map(|i| {
                let (r, c) = (i / n, i % n);
                let mut v = Vec::with_capacity(8);
                for rr in r.saturating_sub(1)..=(r + 1).min(n - 1) {
                    for cc in c.saturating_sub(1)..=(c + 1).min(n - 1) {
                        if (rr, cc) != (r, c) {
                            v.push(rr * n + cc);
                        }
                    }
                }
                v
            })
            .collect();
        let to_bits = |cells: &[usize]| {
            let mut b = vec![0u64; words];
            for &i in cells {
                set_bit(&mut b, i);
            }
            b
        };
        let nb_bits = nbrs.iter().map(|v| to_bits(v)).collect();
        let unit_bits = units.iter().map(|u| to_bits(u)).collect();
        let mut of_cell: Vec<Vec<u16>> = vec![Vec::with_capacity(7); n * n];
        for (u, cells) in units.iter().chain(pairs.iter()).enumerate() {
            for &i in cells {
                of_cell[i].push(u as u16);
            }
        }
        Board {
            n,
            k,
            units,
            pairs,
            region,
            n_regions: p.n_regions(),
            at,
            nbrs,
            nb_bits,
            unit_bits,
            of_cell,
            words,
        }
    }

    /// The starting cells: all open, except cells outside every region, which are empty.
    pub fn start(&self) -> Vec<Cell> {
        self.region.iter().map(|g| if g.is_some() { Cell::Open } else { Cell::Empty }).collect()
    }

    /// The cells as the rules see them: the start with the page's marks on top (1 star, 2 no star).
    pub fn cells_of(&self, marks: &[u8]) -> Vec<Cell> {
        crate::hint::overlay_marks(self.start(), Cell::Open, Cell::Star, Cell::Empty, marks)
    }

    /// The row unit of a cell, its column unit and its region unit.
    fn units_of(&self, i: usize) -> [Option<usize>; 3] {
        let n = self.n;
        [Some(i / n), Some(n + i % n), self.region[i].map(|g| 2 * n + g)]
    }

    /// The name of unit `u` (rows, columns, then regions).
    pub fn unit_name(&self, u: usize) -> String {
        let n = self.n;
        if u < n {
            format!("row {}", u + 1)
        } else if u < 2 * n {
            format!("column {}", u - n + 1)
        } else {
            format!("region {}", StarBattle::letter((u - 2 * n) as u8))
        }
    }

    fn pair_name(&self, q: usize) -> String {
        let n = self.n;
        if q + 1 < n {
            format!("rows {} and {}", q + 1, q + 2)
        } else {
            format!("columns {} and {}", q - (n - 1) + 1, q - (n - 1) + 2)
        }
    }

    fn adjacent(&self, a: usize, b: usize) -> bool {
        let (ra, ca) = self.at[a];
        let (rb, cb) = self.at[b];
        a != b && ra.abs_diff(rb) <= 1 && ca.abs_diff(cb) <= 1
    }
}

/// A state the rules break: where, and what breaks, in words (present tense: "region J has room
/// for only 1 of its 2 stars").
#[derive(Debug, Clone)]
pub struct Broken {
    /// The cells to point at.
    pub cells: Vec<usize>,
    /// What breaks.
    pub sentence: String,
}

type D = Deduction<Change>;
type R = Result<Option<D>, Broken>;

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().chain(c).collect(),
        None => String::new(),
    }
}

fn stars_word(k: usize) -> String {
    format!("{k} star{}", if k == 1 { "" } else { "s" })
}

/// `one more star`, `3 more stars`.
fn more_stars(k: usize) -> String {
    if k == 1 {
        "one more star".to_string()
    } else {
        format!("{k} more stars")
    }
}

/// Cells in words, grouped by row: `row 6, columns 5 and 6; row 8, column 13`.
fn cells_words(n: usize, cells: &[usize]) -> String {
    let mut sorted: Vec<usize> = cells.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < sorted.len() {
        let r = sorted[i] / n;
        let mut cols: Vec<usize> = Vec::new();
        while i < sorted.len() && sorted[i] / n == r {
            cols.push(sorted[i] % n + 1);
            i += 1;
        }
        parts.push(if cols.len() == 1 {
            format!("row {}, column {}", r + 1, cols[0])
        } else {
            format!("row {}, columns {}", r + 1, and_list(&cols))
        });
    }
    parts.join("; ")
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The rows or columns of a bit set, in words: `row 4`, `rows 3 and 4`, `rows 2 to 5`, `rows 2, 5 and 7`.
fn lines_name(by_col: bool, set: u64) -> String {
    let v: Vec<usize> = (0..64).filter(|&l| set >> l & 1 == 1).map(|l| l + 1).collect();
    let w = if by_col { "column" } else { "row" };
    if v.len() == 1 {
        format!("{w} {}", v[0])
    } else if v.len() >= 3 && v.windows(2).all(|p| p[1] == p[0] + 1) {
        format!("{w}s {} to {}", v[0], v[v.len() - 1])
    } else {
        format!("{w}s {}", and_list(&v))
    }
}

fn regions_name(set: u64) -> String {
    let l: Vec<String> = (0..64)
        .filter(|&g| set >> g & 1 == 1)
        .map(|g| StarBattle::letter(g as u8).to_string())
        .collect();
    format!("{} {}", if l.len() == 1 { "region" } else { "regions" }, and_list(&l))
}

/// One window of a greedy cover: its top-left corner and the unit's open cells it holds.
#[derive(Debug, Clone)]
struct Window {
    r: usize,
    c: usize,
    cells: [usize; 4],
    len: usize,
}

impl Window {
    fn open(&self) -> &[usize] {
        &self.cells[..self.len]
    }
}

/// The logic state of one puzzle: the board, what is known of each cell, and whether to say it
/// in words.
#[derive(Debug, Clone)]
pub struct State<'b> {
    /// The puzzle's structure.
    pub b: &'b Board,
    /// What is known.
    pub cells: Vec<Cell>,
    /// Whether deductions carry sentences and figures (hints) or not (the solver).
    words: bool,
    /// Stars and open cells of each unit, then of each pair of lines, kept up to date.
    stars: Vec<u16>,
    open: Vec<u16>,
    /// For each unit and pair of lines, its open count + 1 when 2x2 blocks last found nothing
    /// in it (0: not looked at). Cells only get decided, so the same open count means the same
    /// cells, and still nothing: a cache that changes no result, only the time.
    blocks_seen: std::cell::RefCell<Vec<u16>>,
}

impl<'b> State<'b> {
    /// A state over `cells`; `words` builds sentences and figures.
    pub fn new(b: &'b Board, cells: Vec<Cell>, words: bool) -> Self {
        let sets = b.units.len() + b.pairs.len();
        let mut st = State {
            b,
            cells,
            words,
            stars: vec![0; sets],
            open: vec![0; sets],
            blocks_seen: std::cell::RefCell::new(vec![0; sets]),
        };
        st.count();
        st
    }

    /// Counts the stars and open cells of every unit and pair of lines afresh.
    fn count(&mut self) {
        self.stars.iter_mut().for_each(|x| *x = 0);
        self.open.iter_mut().for_each(|x| *x = 0);
        for (i, &c) in self.cells.iter().enumerate() {
            let slot = match c {
                Cell::Star => &mut self.stars,
                Cell::Open => &mut self.open,
                Cell::Empty => continue,
            };
            for &u in &self.b.of_cell[i] {
                slot[u as usize] += 1;
            }
        }
    }

    /// The same cells and counts as `other`.
    fn copy_from(&mut self, other: &State) {
        self.cells.copy_from_slice(&other.cells);
        self.stars.copy_from_slice(&other.stars);
        self.open.copy_from_slice(&other.open);
        // What found nothing in `other` finds nothing here while the unit is unchanged.
        self.blocks_seen.borrow_mut().copy_from_slice(&other.blocks_seen.borrow());
    }

    /// Replaces the cells (counted afresh).
    fn set_cells(&mut self, cells: &[Cell]) {
        self.cells.copy_from_slice(cells);
        self.count();
        self.blocks_seen.borrow_mut().iter_mut().for_each(|x| *x = 0);
    }

    fn deduction(
        &self,
        rule: &'static str,
        rank: u8,
        changes: Vec<Change>,
        reasons: Vec<usize>,
        clues: impl FnOnce() -> Vec<String>,
        sentence: impl FnOnce() -> String,
    ) -> D {
        let cells = changes.iter().map(|c| c.0).collect();
        if self.words {
            Deduction::new(rule, rank, changes, cells, reasons, sentence()).clues(clues())
        } else {
            Deduction::new(rule, rank, changes, cells, Vec::new(), String::new())
        }
    }

    fn broken(&self, cells: Vec<usize>, sentence: impl FnOnce() -> String) -> Broken {
        Broken { cells, sentence: if self.words { sentence() } else { String::new() } }
    }

    fn open_in(&self, unit: &[usize]) -> Vec<usize> {
        unit.iter().copied().filter(|&i| self.cells[i] == Cell::Open).collect()
    }

    /// Stars each unit still needs (0 when full or over).
    fn needs(&self) -> Vec<usize> {
        (0..self.b.units.len()).map(|u| self.b.k.saturating_sub(self.stars[u] as usize)).collect()
    }

    /// The open cells as bits.
    fn open_bits(&self) -> Bits {
        let mut b = vec![0u64; self.b.words];
        for (i, &c) in self.cells.iter().enumerate() {
            if c == Cell::Open {
                set_bit(&mut b, i);
            }
        }
        b
    }

    /// The cheapest deduction up to rank `upto`, or the contradiction the cells hold.
    pub fn search(&self, upto: u8) -> R {
        // Cheapest first: each rule with the rank it needs.
        let rules: [(u8, fn(&Self) -> R); 7] = [
            (SINGLES, Self::neighbours),
            (SINGLES, Self::counts),
            (BLOCKS, Self::blocks),
            (CONFINEMENT, Self::confinement),
            (CONFINEMENT, Self::band_blocks),
            (SHAPES, Self::shapes),
            (CONTRADICTION, |s| Ok(s.contradiction())),
        ];
        for (rank, rule) in rules {
            if rank > upto {
                break;
            }
            if let Some(d) = rule(self)? {
                return Ok(Some(d));
            }
        }
        Ok(None)
    }

    fn write(&mut self, changes: &[Change]) {
        for &(i, v) in changes {
            let old = self.cells[i];
            if old == v {
                continue;
            }
            self.cells[i] = v;
            for &u in &self.b.of_cell[i] {
                let u = u as usize;
                match old {
                    Cell::Star => self.stars[u] -= 1,
                    Cell::Open => self.open[u] -= 1,
                    Cell::Empty => {}
                }
                match v {
                    Cell::Star => self.stars[u] += 1,
                    Cell::Open => self.open[u] += 1,
                    Cell::Empty => {}
                }
            }
        }
    }

    // ---- rank 0: singles ----

    /// A star's open neighbours are empty (two touching stars break the rules).
    fn neighbours(&self) -> R {
        let n = self.b.n;
        for i in 0..self.cells.len() {
            if self.cells[i] != Cell::Star {
                continue;
            }
            let mut open = Vec::new();
            for &j in &self.b.nbrs[i] {
                match self.cells[j] {
                    Cell::Open => open.push(j),
                    Cell::Star => {
                        return Err(self.broken(vec![i.min(j), i.max(j)], || {
                            format!(
                                "the stars at {} and {} touch",
                                cell_words(n, i.min(j)),
                                cell_words(n, i.max(j))
                            )
                        }))
                    }
                    Cell::Empty => {}
                }
            }
            if !open.is_empty() {
                let count = open.len();
                let changes = open.into_iter().map(|j| (j, Cell::Empty)).collect();
                return Ok(Some(self.deduction("Neighbours of a star", SINGLES, changes, vec![i], || vec![format!("star at {}", cell_words(n, i))], || {
                    if count == 1 {
                        format!("Stars never touch, not even diagonally, so the open cell next to the star at {} is empty.", cell_words(n, i))
                    } else {
                        format!("Stars never touch, not even diagonally, so the {count} open cells next to the star at {} are empty.", cell_words(n, i))
                    }
                })));
            }
        }
        Ok(None)
    }

    /// A full unit's other cells are empty; a unit with just enough room fills it.
    fn counts(&self) -> R {
        let k = self.b.k;
        for (u, unit) in self.b.units.iter().enumerate() {
            let (stars, n_open) = (self.stars[u] as usize, self.open[u] as usize);
            if (stars < k && stars + n_open > k) || (stars == k && n_open == 0) {
                continue;
            }
            let open = self.open_in(unit);
            if stars > k {
                return Err(self.broken(
                    unit.iter().copied().filter(|&i| self.cells[i] == Cell::Star).collect(),
                    || format!("{} holds {stars} stars, more than {k}", self.b.unit_name(u)),
                ));
            }
            if stars + open.len() < k {
                return Err(self.broken(unit.clone(), || {
                    format!(
                        "{} has room for only {} of its {}",
                        self.b.unit_name(u),
                        stars + open.len(),
                        stars_word(k)
                    )
                }));
            }
            if open.is_empty() {
                continue;
            }
            let reasons = || {
                unit.iter().copied().filter(|&i| self.cells[i] == Cell::Star).collect::<Vec<_>>()
            };
            let name = || self.b.unit_name(u);
            if stars == k {
                let count = open.len();
                let changes = open.into_iter().map(|i| (i, Cell::Empty)).collect();
                return Ok(Some(self.deduction("Full line or region", SINGLES, changes, if self.words { reasons() } else { vec![] }, || vec![name()], || {
                    if count == 1 {
                        format!("{} has all its {} already, so its last open cell is empty.", capitalise(&name()), stars_word(k))
                    } else {
                        format!("{} has all its {} already, so its other {count} open cells are empty.", capitalise(&name()), stars_word(k))
                    }
                })));
            }
            if stars + open.len() == k {
                let missing = k - stars;
                let count = open.len();
                let changes = open.into_iter().map(|i| (i, Cell::Star)).collect();
                return Ok(Some(self.deduction("Just enough room", SINGLES, changes, if self.words { reasons() } else { vec![] }, || vec![name()], || {
                    if count == 1 {
                        format!("{} needs one more star and has only one open cell left, so the star goes there.", capitalise(&name()))
                    } else {
                        format!("{} needs {} and has exactly {count} open cells left, so each of them holds a star.", capitalise(&name()), more_stars(missing))
                    }
                })));
            }
        }
        Ok(None)
    }

    // ---- rank 1: 2x2 blocks ----

    /// Covers the open cells of `unit` by 2x2 windows, each anchored at an uncovered cell (as the
    /// window's top-left corner, or its top-right when `right`), giving up past `need` windows.
    fn windows(&self, unit: &[usize], need: usize, right: bool, out: &mut Vec<Window>) -> usize {
        out.clear();
        for &i in unit {
            if self.cells[i] != Cell::Open {
                continue;
            }
            let (r, c) = self.b.at[i];
            let (r, c) = (r as usize, c as usize);
            // The cells come in reading order, so only the windows anchored on this row or the
            // one above (the last ones made) can hold this cell.
            if let Some(w) = out
                .iter_mut()
                .rev()
                .take_while(|w| w.r + 1 >= r)
                .find(|w| (r == w.r || r == w.r + 1) && (c == w.c || c == w.c + 1))
            {
                w.cells[w.len] = i;
                w.len += 1;
                continue;
            }
            if out.len() == need {
                return need + 1;
            }
            // Anchored at its top-right corner, the window holds columns c - 1 and c.
            let c0 = if right && c > 0 { c - 1 } else { c };
            out.push(Window { r, c: c0, cells: [i, 0, 0, 0], len: 1 });
        }
        out.len()
    }

    fn blocks(&self) -> R {
        let b = self.b;
        let mut ws: Vec<Window> = Vec::new();
        let units = b.units.iter().enumerate().map(|(u, unit)| (unit, b.k, Some(u), None));
        let pairs = b.pairs.iter().enumerate().map(|(q, unit)| (unit, 2 * b.k, None, Some(q)));
        for (x, (unit, cap, u, q)) in units.chain(pairs).enumerate() {
            let (stars, open) = (self.stars[x] as usize, self.open[x] as usize);
            if stars >= cap || self.blocks_seen.borrow()[x] == self.open[x] + 1 {
                continue;
            }
            // A window holds at most two open cells of a row or column, four of anything else:
            // with more open cells than that, more windows than stars are needed.
            let per = if u.is_some_and(|u| u < 2 * b.n) { 2 } else { 4 };
            if open > per * (cap - stars) {
                continue;
            }
            let name = || match (u, q) {
                (Some(u), _) => b.unit_name(u),
                (_, Some(q)) => b.pair_name(q),
                _ => String::new(),
            };
            let rule = if q.is_some() { "2x2 blocks across two lines" } else { "2x2 blocks" };
            match self.block_count(
                unit,
                cap - stars,
                rule,
                BLOCKS,
                &name,
                q.is_some(),
                "",
                u.is_some_and(|u| u < 2 * b.n),
                &mut ws,
            )? {
                Some(d) => return Ok(Some(d)),
                None => self.blocks_seen.borrow_mut()[x] = self.open[x] + 1,
            }
        }
        Ok(None)
    }

    /// 2x2 blocks over `cells`, which need `need` more stars: fewer blocks than that breaks
    /// the rules; exactly as many puts a star in a block with one open cell and empties a cell
    /// next to every open cell of a block. `why` (words) says where the count comes from.
    #[allow(clippy::too_many_arguments)]
    fn block_count(
        &self,
        cells: &[usize],
        need: usize,
        rule: &'static str,
        rank: u8,
        name: &dyn Fn() -> String,
        many: bool,
        why: &str,
        line: bool,
        ws: &mut Vec<Window>,
    ) -> R {
        let b = self.b;
        let n = b.n;
        if cells.iter().filter(|&&i| self.cells[i] == Cell::Open).count() > 4 * need {
            return Ok(None);
        }
        let mut found = false;
        let mut fewest = usize::MAX;
        // On a single row or column the greedy cover from the left is the smallest; elsewhere
        // windows anchored at their top-right corner are tried too.
        for right in [false, true] {
            if right && line {
                break;
            }
            let len = self.windows(cells, need, right, ws);
            fewest = fewest.min(len);
            if len == need {
                found = true;
                break;
            }
        }
        if fewest < need {
            let open = self.open_in(cells);
            return Err(self.broken(open, || format!("the open cells of {} fit in {fewest} 2x2 blocks of at most one star each, fewer than the {} {} {}", name(), stars_word(need), if many { "they" } else { "it" }, if many { "need" } else { "needs" })));
        }
        if !found {
            return Ok(None);
        }
        // Each window holds exactly one star among its open cells.
        let mut changes: Vec<Change> = Vec::new();
        let mut seen = HashSet::new();
        for w in ws.iter() {
            let open = w.open();
            if open.len() == 1 {
                if seen.insert(open[0]) {
                    changes.push((open[0], Cell::Star));
                }
                continue;
            }
            // Cells next to every open cell of the window.
            for &j in &b.nbrs[open[0]] {
                if self.cells[j] == Cell::Open
                    && !open.contains(&j)
                    && open.iter().all(|&o| b.adjacent(o, j))
                    && seen.insert(j)
                {
                    changes.push((j, Cell::Empty));
                }
            }
        }
        if changes.is_empty() {
            return Ok(None);
        }
        changes.sort_unstable_by_key(|c| c.0);
        let reasons = if self.words { self.open_in(cells) } else { vec![] };
        let mut d = self.deduction(rule, rank, changes.clone(), reasons, || vec![name()], || {
            let stars: Vec<usize> = changes.iter().filter(|c| c.1 == Cell::Star).map(|c| c.0).collect();
            let empties: Vec<usize> = changes.iter().filter(|c| c.1 == Cell::Empty).map(|c| c.0).collect();
            let mut s = format!(
                "{why}{} {} {}, and {} open cells fit into just {} 2x2 {} (drawn). A 2x2 block holds at most one star, so each block holds exactly one.",
                capitalise(&name()),
                if many { "need" } else { "needs" },
                more_stars(need),
                if many { "their" } else { "its" },
                need,
                if need == 1 { "block" } else { "blocks" },
            );
            if !stars.is_empty() {
                s += &format!(" A block with a single open cell has its star there: {}.", cells_words(n, &stars));
            }
            if !empties.is_empty() {
                s += &format!(" A cell that touches every open cell of a block would touch that block's star, so it is empty: {}.", cells_words(n, &empties));
            }
            s
        });
        if self.words {
            for w in ws.iter() {
                let mut cells = Vec::new();
                for rr in w.r..(w.r + 2).min(n) {
                    for cc in w.c..(w.c + 2).min(n) {
                        cells.push(rr * n + cc);
                    }
                }
                d.figures.push(Figure { label: "2x2 block".into(), cells });
            }
        }
        Ok(Some(d))
    }

    /// Confinement with 2x2 blocks: a band of up to [`BAND_MAX`] consecutive rows (or columns)
    /// minus the regions lying wholly inside it needs a known number of stars (the band's
    /// missing stars less the regions'); its open cells are then counted in 2x2 blocks.
    fn band_blocks(&self) -> R {
        let b = self.b;
        let n = b.n;
        let need = self.needs();
        let mut ws: Vec<Window> = Vec::new();
        let mut rest: Vec<usize> = Vec::new();
        for by_col in [false, true] {
            let line = |i: usize| if by_col { i % n } else { i / n };
            let line_unit = |l: usize| if by_col { n + l } else { l };
            // Each region's span of lines over its cells that are not empty.
            let mut lo = vec![usize::MAX; b.n_regions];
            let mut hi = vec![0usize; b.n_regions];
            for (i, g) in b.region.iter().enumerate() {
                let Some(g) = *g else { continue };
                if self.cells[i] == Cell::Empty {
                    continue;
                }
                lo[g] = lo[g].min(line(i));
                hi[g] = hi[g].max(line(i));
            }
            for m in 2..=BAND_MAX.min(n.saturating_sub(1)) {
                for a in 0..=n - m {
                    let e = a + m - 1;
                    let mut regs = 0u64;
                    let mut in_need = 0usize;
                    let mut count = 0usize;
                    for g in 0..b.n_regions {
                        if lo[g] >= a && hi[g] <= e {
                            regs |= 1u64 << g;
                            in_need += need[2 * n + g];
                            count += 1;
                        }
                    }
                    if count == 0 {
                        continue;
                    }
                    let band_need: usize = (a..=e).map(|l| need[line_unit(l)]).sum();
                    if in_need >= band_need {
                        continue; // confinement's case
                    }
                    rest.clear();
                    if by_col {
                        for r in 0..n {
                            rest.extend(
                                (r * n + a..=r * n + e)
                                    .filter(|&i| b.region[i].is_some_and(|g| regs >> g & 1 == 0)),
                            );
                        }
                    } else {
                        rest.extend(
                            (a * n..(e + 1) * n)
                                .filter(|&i| b.region[i].is_some_and(|g| regs >> g & 1 == 0)),
                        );
                    }
                    let lines = ((1u64 << m) - 1) << a;
                    let inside = vec![(); count];
                    let name = || format!("the other cells of {}", lines_name(by_col, lines));
                    let why = if self.words {
                        format!(
                            "{} {} inside {}, and {} need {} than {} {}. ",
                            capitalise(&regions_name(regs)),
                            if inside.len() == 1 { "lies" } else { "lie" },
                            lines_name(by_col, lines),
                            lines_name(by_col, lines),
                            more_stars(band_need - in_need),
                            if inside.len() == 1 { "it" } else { "they" },
                            if inside.len() == 1 { "does" } else { "do" },
                        )
                    } else {
                        String::new()
                    };
                    if let Some(d) = self.block_count(
                        &rest,
                        band_need - in_need,
                        "Confinement with 2x2 blocks",
                        CONFINEMENT,
                        &name,
                        true,
                        &why,
                        false,
                        &mut ws,
                    )? {
                        return Ok(Some(d));
                    }
                }
            }
        }
        Ok(None)
    }

    // ---- rank 2: confinement ----

    fn confinement(&self) -> R {
        let b = self.b;
        let n = b.n;
        let need = self.needs();
        // For each kind of line: regions' line sets, lines' region sets.
        for by_col in [false, true] {
            let line = |i: usize| if by_col { i % n } else { i / n };
            let line_unit = |l: usize| if by_col { n + l } else { l };
            let mut reg_lines = vec![0u64; b.n_regions];
            let mut line_regs = vec![0u64; n];
            for (i, &c) in self.cells.iter().enumerate() {
                if c != Cell::Open {
                    continue;
                }
                if let Some(g) = b.region[i] {
                    reg_lines[g] |= 1u64 << line(i);
                    line_regs[line(i)] |= 1u64 << g;
                }
            }
            let reg_need: Vec<usize> = (0..b.n_regions).map(|g| need[2 * n + g]).collect();
            let line_need: Vec<usize> = (0..n).map(|l| need[line_unit(l)]).collect();
            // Regions inside lines: the lines' other open cells are empty.
            let useful = |regs: u64, lines: u64| {
                self.cells.iter().enumerate().any(|(i, &c)| {
                    c == Cell::Open
                        && lines >> line(i) & 1 == 1
                        && b.region[i].is_some_and(|g| regs >> g & 1 == 0)
                })
            };
            match tight(&reg_lines, &reg_need, &line_need, TIGHT_LINES.min(n / 2), useful) {
                Err((regs, lines)) => {
                    let cells = (0..n * n).filter(|&i| lines >> line(i) & 1 == 1).collect();
                    return Err(self.broken(cells, || format!("the open cells of {} all lie in {}, which need more stars than those lines can hold", regions_name(regs), lines_name(by_col, lines))));
                }
                Ok(Some((regs, lines))) => {
                    let changes: Vec<Change> = (0..n * n)
                        .filter(|&i| {
                            self.cells[i] == Cell::Open
                                && lines >> line(i) & 1 == 1
                                && b.region[i].is_some_and(|g| regs >> g & 1 == 0)
                        })
                        .map(|i| (i, Cell::Empty))
                        .collect();
                    let reasons = if self.words {
                        (0..n * n)
                            .filter(|&i| {
                                self.cells[i] != Cell::Empty
                                    && b.region[i].is_some_and(|g| regs >> g & 1 == 1)
                            })
                            .collect()
                    } else {
                        vec![]
                    };
                    let rn: usize =
                        (0..b.n_regions).filter(|&g| regs >> g & 1 == 1).map(|g| reg_need[g]).sum();
                    let nr = regs.count_ones();
                    let nl = lines.count_ones();
                    let mut d = self.deduction("Confinement", CONFINEMENT, changes, reasons, || vec![lines_name(by_col, lines), regions_name(regs)], || {
                        let (rg, ls) = (regions_name(regs), lines_name(by_col, lines));
                        format!(
                            "The open cells of {rg} all lie in {ls}. {} {} {}, and {ls} {} exactly {} more, so every star still missing in {ls} belongs to {}: the other cells of {ls} are empty.",
                            capitalise(&if nr == 1 { "this region".to_string() } else { format!("these {nr} regions") }),
                            if nr == 1 { "needs" } else { "need" },
                            more_stars(rn),
                            if nl == 1 { "needs" } else { "need" },
                            rn,
                            rg,
                        )
                    });
                    if self.words {
                        d.figures.push(Figure {
                            label: lines_name(by_col, lines),
                            cells: (0..n * n).filter(|&i| lines >> line(i) & 1 == 1).collect(),
                        });
                    }
                    return Ok(Some(d));
                }
                Ok(None) => {}
            }
            // Lines inside regions: the regions' open cells outside the lines are empty.
            let useful = |lines: u64, regs: u64| {
                self.cells.iter().enumerate().any(|(i, &c)| {
                    c == Cell::Open
                        && lines >> line(i) & 1 == 0
                        && b.region[i].is_some_and(|g| regs >> g & 1 == 1)
                })
            };
            match tight(&line_regs, &line_need, &reg_need, TIGHT_LINES.min(n / 2), useful) {
                Err((lines, regs)) => {
                    let cells = (0..n * n).filter(|&i| lines >> line(i) & 1 == 1).collect();
                    return Err(self.broken(cells, || format!("the open cells of {} all lie in {}, which need fewer stars than those lines do", lines_name(by_col, lines), regions_name(regs))));
                }
                Ok(Some((lines, regs))) => {
                    let changes: Vec<Change> = (0..n * n)
                        .filter(|&i| {
                            self.cells[i] == Cell::Open
                                && lines >> line(i) & 1 == 0
                                && b.region[i].is_some_and(|g| regs >> g & 1 == 1)
                        })
                        .map(|i| (i, Cell::Empty))
                        .collect();
                    let reasons = if self.words {
                        (0..n * n)
                            .filter(|&i| self.cells[i] != Cell::Empty && lines >> line(i) & 1 == 1)
                            .collect()
                    } else {
                        vec![]
                    };
                    let ln: usize =
                        (0..n).filter(|&l| lines >> l & 1 == 1).map(|l| line_need[l]).sum();
                    let nr = regs.count_ones();
                    let nl = lines.count_ones();
                    let mut d = self.deduction("Confinement (lines in regions)", CONFINEMENT, changes, reasons, || vec![lines_name(by_col, lines), regions_name(regs)], || {
                        let (rg, ls) = (regions_name(regs), lines_name(by_col, lines));
                        format!(
                            "The open cells of {ls} all lie in {rg}. {} {} {}, and {rg} {} exactly {} more, so every star still missing in {rg} lies in {ls}: {} cells outside {ls} are empty.",
                            capitalise(&ls),
                            if nl == 1 { "needs" } else { "need" },
                            more_stars(ln),
                            if nr == 1 { "needs" } else { "need" },
                            ln,
                            if nr == 1 { "its" } else { "their" },
                        )
                    });
                    if self.words {
                        d.figures.push(Figure {
                            label: lines_name(by_col, lines),
                            cells: (0..n * n).filter(|&i| lines >> line(i) & 1 == 1).collect(),
                        });
                    }
                    return Ok(Some(d));
                }
                Ok(None) => {}
            }
        }
        Ok(None)
    }

    // ---- rank 3: region shapes and squeezes ----

    fn shapes(&self) -> R {
        let b = self.b;
        let n = b.n;
        let need = self.needs();
        let open = self.open_bits();
        let units = b.units.len();
        // Units with little room, which a placement must leave room in.
        let tight_units: Vec<usize> = (0..units)
            .filter(|&u| {
                need[u] > 0 && {
                    let o = b.units[u].iter().filter(|&&i| self.cells[i] == Cell::Open).count();
                    o <= need[u] + 3
                }
            })
            .collect();
        // Regions first, then rows and columns.
        let order = (2 * n..units).chain(0..2 * n);
        for u in order {
            let s = need[u];
            if s == 0 {
                continue;
            }
            let cells = self.open_in(&b.units[u]);
            if cells.len() > SHAPES_OPEN_MAX || cells.len() <= s {
                continue;
            }
            match self.placements(u, s, &cells, &need, &open, &tight_units) {
                Err(()) => {
                    return Err(self.broken(cells.clone(), || {
                        format!(
                            "{} has no way to place its {} without breaking a rule",
                            b.unit_name(u),
                            stars_word(s)
                        )
                    }));
                }
                Ok(None) => {}
                Ok(Some((always, ever, outside, count))) => {
                    let mut changes: Vec<Change> = Vec::new();
                    for (j, &i) in cells.iter().enumerate() {
                        if always >> j & 1 == 1 {
                            changes.push((i, Cell::Star));
                        } else if ever >> j & 1 == 0 {
                            changes.push((i, Cell::Empty));
                        }
                    }
                    for i in 0..n * n {
                        if bit(&outside, i) {
                            changes.push((i, Cell::Empty));
                        }
                    }
                    if changes.is_empty() {
                        continue;
                    }
                    changes.sort_unstable_by_key(|c| c.0);
                    let rule = if u >= 2 * n { "Region shape" } else { "Squeeze" };
                    let reasons = if self.words { cells.clone() } else { vec![] };
                    let name = b.unit_name(u);
                    let mut d = self.deduction(rule, SHAPES, changes.clone(), reasons, || vec![name.clone()], || {
                        let stars: Vec<usize> = changes.iter().filter(|c| c.1 == Cell::Star).map(|c| c.0).collect();
                        let empties: Vec<usize> = changes.iter().filter(|c| c.1 == Cell::Empty).map(|c| c.0).collect();
                        let ways = if count == 1 { "there is only one way to place them without breaking a rule".to_string() } else { format!("there are {count} ways to place them without breaking a rule") };
                        let mut s = format!("{} needs {}, and {ways}.", capitalise(&name), more_stars(s));
                        if !stars.is_empty() {
                            s += &format!(" Every one of them puts a star at {}.", cells_words(n, &stars));
                        }
                        if !empties.is_empty() {
                            s += &format!(
                                " Wherever they go, they leave {} empty (next to one of {name}'s stars, or in a row, column or region they fill): {}.",
                                if empties.len() == 1 { "this cell" } else { "these cells" },
                                cells_words(n, &empties)
                            );
                        }
                        s
                    });
                    if self.words {
                        d.figures.push(Figure { label: name.clone(), cells: b.units[u].clone() });
                    }
                    return Ok(Some(d));
                }
            }
        }
        Ok(None)
    }

    /// Every placement of `s` stars in the open `cells` of unit `u`: the cells in all of them,
    /// the cells in any, the cells outside the unit every placement empties, and how many there
    /// are; `Ok(None)` when there are more than [`PLACEMENTS_MAX`]; `Err` when there is none.
    #[allow(clippy::type_complexity)]
    fn placements(
        &self,
        u: usize,
        s: usize,
        cells: &[usize],
        need: &[usize],
        open: &[u64],
        tight_units: &[usize],
    ) -> Result<Option<(u64, u64, Bits, usize)>, ()> {
        let b = self.b;
        let m = cells.len();
        // Conflicts inside the unit.
        let conflict: Vec<u64> = (0..m)
            .map(|a| {
                (0..m)
                    .filter(|&c| c != a && b.adjacent(cells[a], cells[c]))
                    .fold(0u64, |x, c| x | 1u64 << c)
            })
            .collect();
        let units_of: Vec<[Option<usize>; 3]> = cells.iter().map(|&i| b.units_of(i)).collect();
        // The open cells outside the unit.
        let mut outside_open: Bits = open.to_vec();
        for &i in cells {
            outside_open[i >> 6] &= !(1u64 << (i & 63));
        }
        let mut always = u64::MAX;
        let mut ever = 0u64;
        let mut inter: Option<Bits> = None;
        let mut count = 0usize;
        let mut counts = vec![0usize; b.units.len()];
        let mut stack: Vec<usize> = Vec::with_capacity(s);
        let mut cover: Bits = vec![0u64; b.words];
        // Depth-first over the cells in order.
        let mut too_many = false;
        #[allow(clippy::too_many_arguments)]
        fn rec(
            at: usize,
            s: usize,
            m: usize,
            u: usize,
            cells: &[usize],
            conflict: &[u64],
            units_of: &[[Option<usize>; 3]],
            need: &[usize],
            chosen: u64,
            stack: &mut Vec<usize>,
            counts: &mut Vec<usize>,
            visit: &mut dyn FnMut(u64, &[usize], &[usize]) -> bool,
        ) -> bool {
            if stack.len() == s {
                return visit(chosen, stack, counts);
            }
            if m - at < s - stack.len() {
                return true;
            }
            for j in at..m {
                if m - j < s - stack.len() {
                    break;
                }
                if chosen & conflict[j] != 0 {
                    continue;
                }
                let us = units_of[j];
                if us.iter().flatten().any(|&v| v != u && counts[v] + 1 > need[v]) {
                    continue;
                }
                for v in us.iter().flatten() {
                    counts[*v] += 1;
                }
                stack.push(j);
                let go = rec(
                    j + 1,
                    s,
                    m,
                    u,
                    cells,
                    conflict,
                    units_of,
                    need,
                    chosen | 1u64 << j,
                    stack,
                    counts,
                    visit,
                );
                stack.pop();
                for v in us.iter().flatten() {
                    counts[*v] -= 1;
                }
                if !go {
                    return false;
                }
            }
            true
        }
        let mut visit = |chosen: u64, stack: &[usize], counts: &[usize]| -> bool {
            // What this placement empties outside the unit: its stars' neighbours and the rest
            // of the lines and regions it fills.
            cover.iter_mut().for_each(|w| *w = 0);
            for &j in stack {
                for (w, x) in cover.iter_mut().zip(&b.nb_bits[cells[j]]) {
                    *w |= x;
                }
                for v in units_of[j].iter().flatten() {
                    if *v != u && counts[*v] == need[*v] {
                        for (w, x) in cover.iter_mut().zip(&b.unit_bits[*v]) {
                            *w |= x;
                        }
                    }
                }
            }
            for (w, x) in cover.iter_mut().zip(&outside_open) {
                *w &= x;
            }
            // A nearly full unit must keep room for what it needs.
            for &v in tight_units {
                if v == u {
                    continue;
                }
                let placed = stack.iter().filter(|&&j| units_of[j].contains(&Some(v))).count();
                if placed >= need[v] {
                    continue;
                }
                let mut room = 0usize;
                for (x, (c, o)) in b.unit_bits[v].iter().zip(cover.iter().zip(&outside_open)) {
                    room += (x & o & !c).count_ones() as usize;
                }
                if placed + room < need[v] {
                    return true;
                }
            }
            count += 1;
            if count > PLACEMENTS_MAX {
                too_many = true;
                return false;
            }
            always &= chosen;
            ever |= chosen;
            match &mut inter {
                None => inter = Some(cover.clone()),
                Some(acc) => {
                    for (a, c) in acc.iter_mut().zip(&cover) {
                        *a &= c;
                    }
                }
            }
            true
        };
        rec(0, s, m, u, cells, &conflict, &units_of, need, 0, &mut stack, &mut counts, &mut visit);
        if too_many {
            return Ok(None);
        }
        match inter {
            None => Err(()),
            Some(outside) => Ok(Some((always, ever, outside, count))),
        }
    }

    // ---- rank 4: short contradictions ----

    /// The first open cell (in [`State::probe_order`]) where an assumed star breaks the rules
    /// within [`CHAIN_MAX`] steps of the direct rules.
    fn contradiction(&self) -> Option<D> {
        // The cheaper chains first (singles and 2x2 blocks) for every cell; then, from where
        // each of those stopped, with region shapes too. A chain with shapes begins exactly as
        // the cheaper one (the cheaper rules come first), so it goes on from there.
        let mut trial = State::new(self.b, self.cells.clone(), false);
        let mut stopped: Vec<(usize, Vec<Cell>, usize)> = Vec::new();
        for i in self.probe_order() {
            trial.copy_from(self);
            trial.write(&[(i, Cell::Star)]);
            let (broken, steps) = trial.chain(PROBE_FIRST, CHAIN_MAX, &mut |_| {});
            match broken {
                Some(_) => return Some(self.refute(i, PROBE_FIRST)),
                None if steps < CHAIN_MAX => stopped.push((i, trial.cells.clone(), steps)),
                None => {}
            }
        }
        for (i, cells, steps) in stopped {
            trial.set_cells(&cells);
            if trial.chain(SHAPES, CHAIN_MAX - steps, &mut |_| {}).0.is_some() {
                return Some(self.refute(i, SHAPES));
            }
        }
        None
    }

    /// The open cells in the order a contradiction tries them: first those whose star would take
    /// the most room from a row, column or region with little room to spare (its open cells
    /// beyond the stars it needs), then reading order.
    fn probe_order(&self) -> Vec<usize> {
        let b = self.b;
        let units = b.units.len();
        let slack: Vec<usize> = (0..units)
            .map(|u| {
                (self.open[u] as usize).saturating_sub(b.k.saturating_sub(self.stars[u] as usize))
            })
            .collect();
        let mut eaten: Vec<(u16, usize)> = Vec::with_capacity(24);
        let mut keyed: Vec<(usize, usize)> = Vec::new();
        for i in 0..self.cells.len() {
            if self.cells[i] != Cell::Open {
                continue;
            }
            eaten.clear();
            for &j in &b.nbrs[i] {
                if self.cells[j] != Cell::Open {
                    continue;
                }
                for &u in &b.of_cell[j] {
                    if (u as usize) < units && !b.of_cell[i].contains(&u) {
                        match eaten.iter_mut().find(|e| e.0 == u) {
                            Some(e) => e.1 += 1,
                            None => eaten.push((u, 1)),
                        }
                    }
                }
            }
            let score =
                eaten.iter().map(|&(u, e)| e * 16 / (slack[u as usize] + 1)).max().unwrap_or(0);
            keyed.push((usize::MAX - score, i));
        }
        keyed.sort_unstable();
        keyed.into_iter().map(|(_, i)| i).collect()
    }

    /// The deduction that a star at `i` breaks the rules within [`CHAIN_MAX`] steps of the rules
    /// up to `inner`, with the chain told and drawn.
    fn refute(&self, i: usize, inner: u8) -> D {
        let n = self.b.n;
        if !self.words {
            return Deduction::new(
                "Contradiction",
                CONTRADICTION,
                vec![(i, Cell::Empty)],
                vec![i],
                Vec::new(),
                String::new(),
            );
        }
        let mut told = State::new(self.b, self.cells.clone(), true);
        told.write(&[(i, Cell::Star)]);
        let mut chain: Vec<D> = Vec::new();
        let broken = told
            .chain(inner, CHAIN_MAX, &mut |d| chain.push(d.clone()))
            .0
            .expect("the same rules break the same way");
        let mut s = format!("Suppose {} held a star.", cell_words(n, i));
        for (t, d) in chain.iter().enumerate() {
            s +=
                &format!(" {} {}", if t == 0 { "Then" } else { "Next," }, lower_first(&d.sentence));
        }
        s += &format!(" But now {}. So {} has no star.", broken.sentence, cell_words(n, i));
        let mut reasons: Vec<usize> = broken.cells.iter().copied().filter(|&j| j != i).collect();
        reasons.sort_unstable();
        reasons.dedup();
        let mut d = Deduction::new(
            "Contradiction",
            CONTRADICTION,
            vec![(i, Cell::Empty)],
            vec![i],
            reasons.clone(),
            s,
        )
        .clues(vec![
            format!("star at {}", cell_words(n, i)),
            format!("{} of at most {CHAIN_MAX}", plural(chain.len(), "step", "steps")),
        ]);
        d = d.figure("the assumed star", vec![i]);
        for (t, c) in chain.iter().enumerate() {
            d = d.figure(format!("step {}: {}", t + 1, c.rule), c.cells.clone());
        }
        d.figure("where it breaks", reasons)
    }

    /// Runs the direct rules up to rank `inner` for at most `max` steps, handing each deduction
    /// to `each`: the contradiction when they break the rules, and the steps taken.
    fn chain(
        &mut self,
        inner: u8,
        max: usize,
        each: &mut dyn FnMut(&D),
    ) -> (Option<Broken>, usize) {
        for step in 0..max {
            match self.search(inner) {
                Ok(Some(d)) => {
                    each(&d);
                    self.write(&d.changes);
                }
                Ok(None) => return (None, step),
                Err(b) => return (Some(b), step),
            }
        }
        // One more look: a contradiction the cells already hold counts, a further step does not.
        match self.search(SINGLES) {
            Err(b) => (Some(b), max),
            _ => (None, max),
        }
    }
}

/// The tight-set search of confinement, for one direction: `a_sets[a]` is the set of B-units
/// holding A-unit `a`'s open cells. A set L of B-units (at most `max`, grown from one A-unit's
/// set by joining sets that share a B-unit, smallest first) with S the A-units whose sets lie
/// inside L: when S needs as many stars as L, L's stars all come from S (`useful(S, L)` says
/// whether that empties a cell); when S needs more, the rules are broken (`Err`).
fn tight(
    a_sets: &[u64],
    a_need: &[usize],
    b_need: &[usize],
    max: usize,
    useful: impl Fn(u64, u64) -> bool,
) -> Result<Option<(u64, u64)>, (u64, u64)> {
    let active: Vec<usize> = (0..a_sets.len()).filter(|&a| a_sets[a] != 0).collect();
    let mut seen: HashSet<u64> = HashSet::new();
    let mut layer: Vec<u64> = Vec::new();
    for &a in &active {
        if (a_sets[a].count_ones() as usize) <= max && seen.insert(a_sets[a]) {
            layer.push(a_sets[a]);
        }
    }
    layer.sort_unstable_by_key(|l| (l.count_ones(), *l));
    let mut weighed = 0usize;
    // Smallest sets first: a queue ordered by size.
    let mut queue: std::collections::BTreeSet<(u32, u64)> =
        layer.iter().map(|&l| (l.count_ones(), l)).collect();
    while let Some((_, l)) = queue.pop_first() {
        weighed += 1;
        if weighed > TIGHT_MAX {
            break;
        }
        let mut s = 0u64;
        let mut sn = 0usize;
        for &a in &active {
            if a_sets[a] & !l == 0 {
                s |= 1u64 << a;
                sn += a_need[a];
            }
        }
        let ln: usize = (0..64).filter(|&x| l >> x & 1 == 1).map(|x| b_need[x]).sum();
        if sn > ln {
            return Err((s, l));
        }
        if sn == ln && useful(s, l) {
            return Ok(Some((s, l)));
        }
        for &a in &active {
            if s >> a & 1 == 1 || a_sets[a] & l == 0 {
                continue;
            }
            let bigger = l | a_sets[a];
            if (bigger.count_ones() as usize) <= max && seen.insert(bigger) {
                queue.insert((bigger.count_ones(), bigger));
            }
        }
    }
    Ok(None)
}

impl Logic for State<'_> {
    type Change = Change;
    const LADDER: &'static [Rung] = LADDER;

    fn find(&mut self, upto: u8) -> Found<Change> {
        match self.search(upto) {
            Ok(Some(d)) => Found::Deduction(d),
            Ok(None) => Found::Nothing,
            Err(b) => Found::Broken { cells: b.cells, sentence: b.sentence },
        }
    }

    fn apply(&mut self, changes: &[Change]) {
        self.write(changes);
    }

    fn known(&self) -> (usize, usize) {
        (self.cells.iter().filter(|&&c| c != Cell::Open).count(), self.cells.len())
    }
}
