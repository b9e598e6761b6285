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
//!    are covered by 2x2 blocks (on a pair of columns, blocks on those two columns), each
//!    holding at most one star. Fewer blocks than missing stars breaks the rules; exactly as
//!    many means each block holds exactly one star: a block with one open cell has its star
//!    there, and a cell next to every open cell of a block is empty.
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
//! 4. **Counting rows and regions together** (expert, `unions`): a band of consecutive rows
//!    (or columns) against a set of regions mostly inside it: the band's open cells outside the
//!    regions hold exactly need(band) - need(regions) more stars than the regions' open cells
//!    outside the band; when the side that must hold more fits no more (2x2 blocks, or what its
//!    lines or regions still need), the other side is empty and each of its parts is full.
//! 5. **Contradiction** (expert), only when no direct rule applies: a star is assumed in an
//!    open cell and the direct rules (ranks 0 to 3; in the hints, where those stop, counting
//!    over unions too) run for at most [`CHAIN_MAX`] steps; when they break the rules, the cell
//!    is empty. The chain is told step by step and drawn.
//!
//! Every deduction holds in every answer (tested against brute force on small random puzzles,
//! and step by step against the known answers of the shared sets), so a grid the rules complete
//! is the only answer, and the cells they fix can be handed to SAT as units.
//!
//! Cells outside every region are empty from the start: the n rows hold n·k stars and so do the
//! n regions, so no star is left for them.
//!
//! The solver's walk ([`super::solve::solve`]) gives the state an answer found by SAT once
//! the direct rules stop ([`State::with_answer`]: contradictions skip its stars); the walk
//! ends at the same grid with the same rating (`tests/solve_paths.rs`). With an answer, or on a
//! small board once the direct rules stopped ([`State::past_direct_rules`]), the
//! contradictions are tried before counting over unions: the direct rules, that one included,
//! have stopped by then, so every later step is rated a contradiction whichever comes first.
//! [`State::every_refutation`] is not used by the solver: on `sb25_beyond_1` it completed a
//! grid the one-at-a-time walk does not (the step limit makes the rules not monotone).
//!
//! This file holds the board, the state, the words and the dispatch ([`State::search`]); the
//! rules are in one file per family: `singles`, `blocks`, `confinement`, `shapes`, `unions` and
//! `contradiction`.

use std::collections::HashSet;

use super::StarBattle;
use crate::deduce::{Deduction, Found, Logic, Rung};
use crate::hint::{and_list, cell_words, Figure};

pub mod assume;
mod blocks;
mod confinement;
mod contradiction;
mod shapes;
mod singles;
mod unions;

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
/// The rank of counting over unions of lines and regions.
pub const UNIONS: u8 = 4;
/// The rank of short contradictions.
pub const CONTRADICTION: u8 = 5;
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
        rules:
            "Counting rows and regions together: a band of lines against regions, with 2x2 blocks",
        level: "expert",
        rating: "expert (counting over unions)",
    },
    Rung {
        rules: "Short contradictions with the direct rules",
        level: "expert",
        rating: "expert (short contradictions)",
    },
];

/// The most steps of direct rules a contradiction may take (the chain a person follows).
pub const CHAIN_MAX: usize = 100;
/// The work the deep pass of the hints' contradictions may do in all, over every cell it tries
/// (see [`State::deep_contradictions`] and the field `work_left`): counting over unions weighs
/// bands of lines, milliseconds per look on a big board, so the pass is bounded by the bands
/// and splits weighed, never by a clock, and gives the same hints on every machine. The hard
/// set's deep chains need up to 62,178 (sb25_beyond_1); a 25x25 board with nothing decided
/// spends it all in about 0.4 s natively.
pub const DEEP_WORK: usize = 80_000;
/// The work one split of a band weighed in full costs, against one for a band looked at.
pub const WEIGH_WORK: usize = 4;
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
    /// The first and last word of each unit's bits, and of each cell's neighbours' bits, that
    /// hold a cell (the others are 0).
    unit_words: Vec<(usize, usize)>,
    nb_words: Vec<(usize, usize)>,
    /// Each region's cells by row (bit c: column c), and the first and last row it touches.
    pub(super) region_rows: Vec<(usize, usize, Vec<u64>)>,
    /// The cells of each row that lie in some region, as bits.
    in_region: Vec<u64>,
    /// The counted sets holding each cell: its row, column and region (indices into `units`),
    /// then its pairs of lines (`units.len()` + index into `pairs`).
    of_cell: Vec<Vec<u16>>,
    /// For each counted set (units, then pairs of lines): the stars it holds, and the most open
    /// cells one 2x2 block holds of it (two of a row or column, four of anything else).
    block_cap: Vec<(u16, u16)>,
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
        let nb_bits: Vec<Bits> = nbrs.iter().map(|v| to_bits(v)).collect();
        let unit_bits: Vec<Bits> = units.iter().map(|u| to_bits(u)).collect();
        let span = |b: &Bits| match b.iter().position(|&w| w != 0) {
            Some(lo) => (lo, b.iter().rposition(|&w| w != 0).unwrap_or(lo)),
            None => (0, 0),
        };
        let unit_words = unit_bits.iter().map(span).collect();
        let nb_words = nb_bits.iter().map(span).collect();
        let mut region_rows = vec![(n, 0, vec![0u64; n]); p.n_regions()];
        for (i, g) in region.iter().enumerate() {
            if let Some(g) = *g {
                let (r, c) = (i / n, i % n);
                let (lo, hi, rows) = &mut region_rows[g];
                (*lo, *hi) = ((*lo).min(r), (*hi).max(r));
                rows[r] |= 1u64 << c;
            }
        }
        let in_region = (0..n).map(|r| region_rows.iter().fold(0, |x, g| x | g.2[r])).collect();
        let mut of_cell: Vec<Vec<u16>> = vec![Vec::with_capacity(7); n * n];
        for (u, cells) in units.iter().chain(pairs.iter()).enumerate() {
            for &i in cells {
                of_cell[i].push(u as u16);
            }
        }
        let sets = units.len() + pairs.len();
        let block_cap = (0..sets)
            .map(|x| {
                let cap = if x < units.len() { k } else { 2 * k };
                (cap as u16, if x < 2 * n { 2 } else { 4 })
            })
            .collect();
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
            unit_words,
            nb_words,
            region_rows,
            in_region,
            of_cell,
            block_cap,
            words,
        }
    }

    /// The starting cells: all open, except cells outside every region, which are empty.
    pub fn start(&self) -> Vec<Cell> {
        self.region.iter().map(|g| if g.is_some() { Cell::Open } else { Cell::Empty }).collect()
    }

    /// The cells as the rules see them: the start with the player's marks on top (a star, a dot).
    pub fn cells_of(&self, marks: &crate::marks::YesNoMarks) -> Vec<Cell> {
        marks.overlay(self.start(), Cell::Open, Cell::Star, Cell::Empty)
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

/// The cells of the 2x2 block with top-left corner (`r`, `c`) on an `n`x`n` board, in reading
/// order (cut at the board's edge): a block's figure.
fn block_cells(n: usize, r: usize, c: usize) -> Vec<usize> {
    (r..(r + 2).min(n)).flat_map(|rr| (c..(c + 2).min(n)).map(move |cc| rr * n + cc)).collect()
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

/// One window of a greedy cover: its top-left corner and the unit's open cells it holds, as
/// bits (bit c: column c) of its top row and of the row below.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Window {
    r: usize,
    c: usize,
    rows: [u64; 2],
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
    /// The open cells and the stars of each row as bits (bit c: column c), kept up to date for
    /// the quick tests of [`State::neighbours`] and [`State::blocks`].
    open_rows: Vec<u64>,
    star_rows: Vec<u64>,
    /// The units and pairs of lines (bit x: set x) where 2x2 blocks found nothing, cleared for
    /// a set when one of its cells changes: a cache that changes no result, only the time.
    blocks_done: std::cell::RefCell<Vec<u64>>,
    /// The buffer [`State::blocks`] lists its windows in.
    windows_buf: std::cell::RefCell<Vec<Window>>,
    /// For each band of lines ([`State::unions`]: by direction, first line and width), a print
    /// of its counts + 1 when it last found nothing (0: not looked at); the same print means the
    /// same cells and needs, so still nothing (cells only get decided). Empty until the rule runs.
    unions_seen: std::cell::RefCell<Vec<u64>>,
    /// For each unit, placements of its missing stars (how many, then their cells) that showed
    /// the shapes rule finds nothing there: while each is still a placement, they still show it
    /// (see `State::shapes_quiet`). Checked before use, so never wrong, only a saving of time;
    /// empty until the rule runs.
    shapes_seen: std::cell::RefCell<Vec<(usize, Vec<u16>)>>,
    /// The counted sets 2x2 blocks may find something in, as bits (bit x: set x): those that
    /// need stars and have at most as many open cells as their missing stars' blocks can hold
    /// (the others are skipped by [`State::blocks`] anyway). Kept up to date.
    live: Vec<u64>,
    /// The stars of each row (bits) not yet seen without an open or a star neighbour by
    /// [`State::neighbours`]: cells only get decided, so a star seen with none keeps none.
    loud: std::cell::RefCell<Vec<u64>>,
    /// Where some answer has its stars, when the solver knows one: a contradiction never
    /// follows from a star the answer has (every deduction holds in every answer), so those
    /// cells are not tried. The deductions found are the same, found sooner.
    answer: Option<Vec<bool>>,
    /// Whether counting over unions is left out (a reveal's nested looks: each look is a fresh
    /// state, without the rule's cache, and the chain's budget is short).
    no_unions: bool,
    /// Whether the direct rules, counting over unions included, have stopped on this walk:
    /// every later step is then rated a contradiction whichever rule finds it, so the
    /// contradictions go first and counting over unions runs only where they find nothing.
    past_direct: bool,
    /// Whether a contradiction search reports every cell it refutes in one look, not only the
    /// first (the solver, once the contradictions rate the puzzle anyway; see `with_answer`).
    every: bool,
    /// Whether a contradiction's chain, where singles to region shapes stop short of
    /// [`CHAIN_MAX`] steps, goes on with counting over unions too (the hints: on the
    /// hand-made 17x17 and 21x21 boards this is what gets past the first steps; the solver's
    /// walk leaves it out, as it costs seconds on boards SAT finishes in milliseconds).
    deep: bool,
    /// The work counting over unions may still do (bands weighed: one unit each, and
    /// [`WEIGH_WORK`] for each split weighed in full); unbounded but in the deep pass of the
    /// hints' contradictions ([`DEEP_WORK`]). With none left the rule finds nothing, which is
    /// sound: a bound on the work that is the same on every machine.
    work_left: std::cell::Cell<usize>,
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
            open_rows: vec![0; b.n],
            star_rows: vec![0; b.n],
            blocks_done: std::cell::RefCell::new(vec![0; sets.div_ceil(64)]),
            windows_buf: std::cell::RefCell::new(Vec::new()),
            unions_seen: std::cell::RefCell::new(Vec::new()),
            shapes_seen: std::cell::RefCell::new(Vec::new()),
            live: vec![0; sets.div_ceil(64)],
            loud: std::cell::RefCell::new(vec![0; b.n]),
            answer: None,
            no_unions: false,
            past_direct: false,
            every: false,
            deep: false,
            work_left: std::cell::Cell::new(usize::MAX),
        };
        st.count();
        st
    }

    /// With the stars of an answer of the puzzle (see the field `answer`); the caller
    /// guarantees `stars` satisfies every rule and agrees with the cells known.
    pub fn with_answer(mut self, stars: Vec<bool>) -> Self {
        self.answer = Some(stars);
        self
    }

    /// For the solver's walk once the direct rules have stopped without an answer from SAT (a
    /// small board): the contradictions are tried before counting over unions, as with one
    /// (see the field `past_direct`).
    pub fn past_direct_rules(mut self) -> Self {
        self.past_direct = true;
        self
    }

    /// With contradictions whose chains count over unions too (see the field `deep`).
    pub fn deep_contradictions(mut self) -> Self {
        self.deep = true;
        self
    }

    /// Takes `units` of the work left (see the field `work_left`); false when too few are left.
    #[inline]
    fn spend(&self, units: usize) -> bool {
        let left = self.work_left.get();
        if left < units {
            self.work_left.set(0);
            return false;
        }
        self.work_left.set(left - units);
        true
    }

    /// Without counting over unions (see the field `no_unions`).
    pub fn without_unions(mut self) -> Self {
        self.no_unions = true;
        self
    }

    /// With every cell a contradiction search refutes reported in one deduction (the solver's
    /// walk: the rules only ever decide cells, so the walk still ends at the same grid, and the
    /// contradictions being the hardest rank, with the same rating).
    pub fn every_refutation(mut self) -> Self {
        self.every = true;
        self
    }

    /// Counts the stars and open cells of every unit and pair of lines afresh.
    fn count(&mut self) {
        self.stars.iter_mut().for_each(|x| *x = 0);
        self.open.iter_mut().for_each(|x| *x = 0);
        self.open_rows.iter_mut().for_each(|x| *x = 0);
        self.star_rows.iter_mut().for_each(|x| *x = 0);
        for (i, &c) in self.cells.iter().enumerate() {
            let (r, col) = self.b.at[i];
            match c {
                Cell::Star => self.star_rows[r as usize] |= 1u64 << col,
                Cell::Open => self.open_rows[r as usize] |= 1u64 << col,
                Cell::Empty => {}
            }
            let slot = match c {
                Cell::Star => &mut self.stars,
                Cell::Open => &mut self.open,
                Cell::Empty => continue,
            };
            for &u in &self.b.of_cell[i] {
                slot[u as usize] += 1;
            }
        }
        self.loud.borrow_mut().copy_from_slice(&self.star_rows);
        for x in 0..self.stars.len() {
            self.relive(x);
        }
    }

    /// Updates set `x`'s bit in `live` from its counts.
    #[inline]
    fn relive(&mut self, x: usize) {
        let (cap, per) = self.b.block_cap[x];
        let (stars, open) = (self.stars[x], self.open[x]);
        let live = stars < cap && open <= per * (cap - stars);
        let bit = 1u64 << (x & 63);
        if live {
            self.live[x >> 6] |= bit;
        } else {
            self.live[x >> 6] &= !bit;
        }
    }

    /// The same cells and counts as `other`.
    fn copy_from(&mut self, other: &State) {
        self.cells.copy_from_slice(&other.cells);
        self.stars.copy_from_slice(&other.stars);
        self.open.copy_from_slice(&other.open);
        self.open_rows.copy_from_slice(&other.open_rows);
        self.star_rows.copy_from_slice(&other.star_rows);
        self.live.copy_from_slice(&other.live);
        self.loud.borrow_mut().copy_from_slice(&other.loud.borrow());
        // What found nothing in `other` finds nothing here while the unit is unchanged.
        self.blocks_done.borrow_mut().copy_from_slice(&other.blocks_done.borrow());
        // Made only when the rule runs: a copy starts with none.
        self.unions_seen.borrow_mut().clear();
    }

    /// Replaces the cells (counted afresh).
    fn set_cells(&mut self, cells: &[Cell]) {
        self.cells.copy_from_slice(cells);
        self.count();
        self.blocks_done.borrow_mut().iter_mut().for_each(|x| *x = 0);
        self.unions_seen.borrow_mut().clear();
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
        let mut rules: [(u8, fn(&Self) -> R); 8] = [
            (SINGLES, Self::neighbours),
            (SINGLES, Self::counts),
            (BLOCKS, Self::blocks),
            (CONFINEMENT, Self::confinement),
            (CONFINEMENT, Self::band_blocks),
            (SHAPES, Self::shapes),
            (UNIONS, Self::unions),
            (CONTRADICTION, |s| Ok(s.contradiction())),
        ];
        if self.answer.is_some() || self.past_direct {
            // The solver's walk once the direct rules (counting over unions included) have
            // stopped: every step from here on is rated a contradiction anyway, so the cheaper
            // contradictions are tried before counting over unions, which then runs only where
            // they find nothing (see `with_answer` and `past_direct_rules`).
            rules.swap(6, 7);
        }
        for (rank, rule) in rules {
            if rank > upto || (rank == UNIONS && self.no_unions) {
                continue;
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
            let (r, col) = self.b.at[i];
            let bit = 1u64 << col;
            for (rows, cell) in
                [(&mut self.open_rows, Cell::Open), (&mut self.star_rows, Cell::Star)]
            {
                if old == cell {
                    rows[r as usize] &= !bit;
                }
                if v == cell {
                    rows[r as usize] |= bit;
                }
            }
            if v == Cell::Star {
                self.loud.get_mut()[r as usize] |= bit;
            } else if old == Cell::Star {
                self.loud.get_mut()[r as usize] &= !bit;
            }
            for &u in &self.b.of_cell[i] {
                let u = u as usize;
                self.blocks_done.get_mut()[u >> 6] &= !(1u64 << (u & 63));
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
                self.relive(u);
            }
        }
    }
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
