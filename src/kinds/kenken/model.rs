//! The KenKen puzzle: a Latin square side and arithmetic cages, validated on construction.

use std::fmt;

use crate::error::{InputError, InputResult};

/// Smallest grid side accepted.
pub const MIN_SIZE: usize = 3;
/// Largest grid side accepted.
pub const MAX_SIZE: usize = 12;

/// A cage's operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Op {
    /// The digits add up to the target (two or more cells).
    Add,
    /// Larger minus smaller is the target (exactly two cells).
    Sub,
    /// The digits multiply to the target (two or more cells).
    Mul,
    /// Larger divided by smaller is the target, exactly (two cells).
    Div,
    /// A single cell holding the target.
    Given,
    /// No clue yet: a cage being drawn in the editor; it constrains nothing.
    Blank,
}

impl Op {
    /// The symbol used in JSON and on the board: `+ - * / =`, and `?` for no clue yet.
    pub fn symbol(self) -> char {
        match self {
            Op::Add => '+',
            Op::Sub => '-',
            Op::Mul => '*',
            Op::Div => '/',
            Op::Given => '=',
            Op::Blank => '?',
        }
    }

    /// The operation for a symbol (`x`, `×`, `÷` and `−` also read).
    pub fn from_symbol(s: &str) -> Option<Op> {
        Some(match s {
            "+" => Op::Add,
            "-" | "−" => Op::Sub,
            "*" | "x" | "×" => Op::Mul,
            "/" | "÷" => Op::Div,
            "=" => Op::Given,
            "?" | "" => Op::Blank,
            _ => return None,
        })
    }

    /// The symbol people see on a board (`×`, `÷`, `−`; givens show no symbol).
    pub fn display(self) -> &'static str {
        match self {
            Op::Add => "+",
            Op::Sub => "−",
            Op::Mul => "×",
            Op::Div => "÷",
            Op::Given | Op::Blank => "",
        }
    }
}

/// One cage: an operation, a target, and its cells (indices `r * size + c`, ascending).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Cage {
    /// The operation.
    pub op: Op,
    /// The target value (0 for [`Op::Blank`]).
    pub target: u64,
    /// The cells, ascending.
    pub cells: Vec<usize>,
}

impl Cage {
    /// The clue as people write it: `10+`, `2÷`, `3` for a given, `?` for none.
    pub fn clue(&self) -> String {
        match self.op {
            Op::Blank => "?".into(),
            Op::Given => self.target.to_string(),
            op => format!("{}{}", self.target, op.display()),
        }
    }
}

/// One thing wrong with a set of cages, for error messages and the editor's list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The cage it is about (index into the list given), if any.
    pub cage: Option<usize>,
    /// The cell it is about, if any.
    pub cell: Option<usize>,
    /// Where, in words (`cage 10+ at row 1, column 5`, `row 3, column 4`).
    pub at: String,
    /// What is wrong.
    pub message: String,
    /// False for what only makes a draft incomplete (a cage with no clue yet); true for errors.
    pub blocking: bool,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.at, self.message)
    }
}

/// A valid KenKen puzzle.
///
/// Invariants: `size` is [`MIN_SIZE`]..=[`MAX_SIZE`]; the cages partition the grid; each cage
/// is orthogonally connected, its cells ascending; cages are ordered by their first cell;
/// `Sub`/`Div` cages have two cells, `Given` one, `Add`/`Mul` two or more; every target
/// (except `Blank`) is reached by some digits 1..=size that differ where cells share a line.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct KenKen {
    size: usize,
    cages: Vec<Cage>,
    cage_of: Vec<u16>,
}

/// Row and column of a cell index, for messages, counted from 1 as the hints and the other
/// editors count them: `row 3, column 4`.
pub fn place(size: usize, cell: usize) -> String {
    format!("row {}, column {}", cell / size + 1, cell % size + 1)
}

/// How a cage is named in messages: `cage 10+ at row 1, column 5`.
pub fn cage_name(size: usize, cage: &Cage) -> String {
    match cage.cells.first() {
        Some(&c) => format!("cage {} at {}", cage.clue(), place(size, c)),
        None => format!("cage {} with no cells", cage.clue()),
    }
}

impl KenKen {
    /// Builds a puzzle from cages in any order; errors name the cage (or cell) and the problem.
    ///
    /// `+` and `*` cages of one cell are read as givens. `Blank` cages (no clue yet) are
    /// accepted: such a puzzle is a draft, and solving it treats those cells as free.
    pub fn new(size: usize, cages: Vec<Cage>) -> InputResult<Self> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(InputError::at(
                "size",
                format!("KenKen sizes are {MIN_SIZE} to {MAX_SIZE}, got {size}"),
            ));
        }
        let mut cages: Vec<Cage> = cages.into_iter().map(normalise).collect();
        if let Some(p) = problems(size, &cages).into_iter().find(|p| p.blocking) {
            return Err(InputError::at(p.at, p.message));
        }
        cages.sort_by_key(|c| c.cells[0]);
        let mut cage_of = vec![0u16; size * size];
        for (k, cage) in cages.iter().enumerate() {
            for &c in &cage.cells {
                cage_of[c] = k as u16;
            }
        }
        Ok(KenKen { size, cages, cage_of })
    }

    /// The grid side.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The cages, ordered by first cell.
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// The cage index of every cell.
    pub fn cage_of(&self, cell: usize) -> usize {
        self.cage_of[cell] as usize
    }

    /// Whether some cage has no clue yet (an editor draft).
    pub fn is_draft(&self) -> bool {
        self.cages.iter().any(|c| c.op == Op::Blank)
    }
}

/// Sorts cells, drops duplicates' effect (reported by [`problems`]), reads 1-cell `+`/`*` as givens.
fn normalise(mut cage: Cage) -> Cage {
    cage.cells.sort_unstable();
    if cage.cells.len() == 1 && matches!(cage.op, Op::Add | Op::Mul) {
        cage.op = Op::Given;
    }
    if cage.op == Op::Blank {
        cage.target = 0;
    }
    cage
}

/// Every problem with these cages on a `size` grid, in a stable order: cells outside the grid,
/// repeated cells, cells in two cages or none, disconnected cages, rules on the wrong number of
/// cells, unreachable targets; and, not blocking, cages with no clue yet.
pub fn problems(size: usize, cages: &[Cage]) -> Vec<Problem> {
    let n2 = size * size;
    let mut out = Vec::new();
    let mut owner: Vec<Option<usize>> = vec![None; n2];
    for (k, cage) in cages.iter().enumerate() {
        let name = cage_name(size, cage);
        let err = |message: String| Problem {
            cage: Some(k),
            cell: None,
            at: name.clone(),
            message,
            blocking: true,
        };
        if cage.cells.is_empty() {
            out.push(err("the cage has no cells".into()));
            continue;
        }
        if let Some(&c) = cage.cells.iter().find(|&&c| c >= n2) {
            out.push(err(format!("cell {c} is outside the {size}x{size} grid")));
            continue;
        }
        let mut sorted = cage.cells.clone();
        sorted.sort_unstable();
        if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
            out.push(err(format!("the cell at {} is listed twice", place(size, w[0]))));
            continue;
        }
        for &c in &cage.cells {
            match owner[c] {
                Some(other) => out.push(Problem {
                    cage: Some(k),
                    cell: Some(c),
                    at: format!("the cell at {}", place(size, c)),
                    message: format!(
                        "it is in two cages: {} and {}",
                        cage_name(size, &cages[other]),
                        name
                    ),
                    blocking: true,
                }),
                None => owner[c] = Some(k),
            }
        }
        if !connected(size, &cage.cells) {
            out.push(err("the cage's cells are not orthogonally connected".into()));
        }
        let cells = cage.cells.len();
        let arity = match cage.op {
            Op::Sub | Op::Div if cells != 2 => Some(format!(
                "`{}` is a two-cell rule, but the cage has {cells} cells",
                cage.op.symbol()
            )),
            Op::Given if cells != 1 => {
                Some(format!("a given (`=`) is one cell, but the cage has {cells} cells"))
            }
            _ => None,
        };
        if let Some(m) = arity {
            out.push(err(m));
            continue;
        }
        if cage.op == Op::Blank {
            out.push(Problem { blocking: false, ..err("type its operation and target".into()) });
            continue;
        }
        if !reachable(size, cage) {
            out.push(err(format!(
                "no digits 1 to {size} (different where cells share a row or column) make {}",
                describe_target(cage)
            )));
        }
    }
    for (c, o) in owner.iter().enumerate() {
        if o.is_none() {
            out.push(Problem {
                cage: None,
                cell: Some(c),
                at: format!("the cell at {}", place(size, c)),
                message: "it is in no cage".into(),
                blocking: true,
            });
        }
    }
    out
}

fn describe_target(cage: &Cage) -> String {
    match cage.op {
        Op::Add => format!("the sum {}", cage.target),
        Op::Mul => format!("the product {}", cage.target),
        Op::Sub => format!("the difference {}", cage.target),
        Op::Div => format!("the quotient {}", cage.target),
        Op::Given => format!("the given {}", cage.target),
        Op::Blank => "a clue".into(),
    }
}

/// Whether the cells form one orthogonally connected group.
pub fn connected(size: usize, cells: &[usize]) -> bool {
    !cells.is_empty() && pieces(size, cells).len() == 1
}

/// The orthogonally connected pieces of a set of cells in a `size` x `size` grid (see [`crate::grid::pieces`]).
pub fn pieces(size: usize, cells: &[usize]) -> Vec<Vec<usize>> {
    crate::grid::pieces(size, size, cells)
}

/// Nodes a reachability search may visit before it gives the target the benefit of the doubt
/// (the solver then settles it).
const REACH_BUDGET: usize = 200_000;

/// Whether some digits reach the cage's target (distinct where two cells share a line).
fn reachable(size: usize, cage: &Cage) -> bool {
    let n = size as u64;
    let t = cage.target;
    match cage.op {
        Op::Blank => return true,
        Op::Given => return (1..=n).contains(&t),
        Op::Sub => return t >= 1 && t < n,
        Op::Div => return t >= 2 && t <= n,
        Op::Add | Op::Mul => {}
    }
    let k = cage.cells.len() as u64;
    if t == 0 || (cage.op == Op::Add && (t < k || t > k * n)) {
        return false;
    }
    let cells = &cage.cells;
    let peers: Vec<Vec<usize>> = (0..cells.len())
        .map(|i| {
            (0..i)
                .filter(|&j| {
                    cells[i] / size == cells[j] / size || cells[i] % size == cells[j] % size
                })
                .collect()
        })
        .collect();
    let mut digits = vec![0u64; cells.len()];
    let mut budget = REACH_BUDGET;
    fn dfs(
        i: usize,
        acc: u64,
        cage: &Cage,
        n: u64,
        peers: &[Vec<usize>],
        digits: &mut [u64],
        budget: &mut usize,
    ) -> Option<bool> {
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        let left = (digits.len() - i) as u64;
        if left == 0 {
            return Some(acc == cage.target);
        }
        for d in 1..=n {
            if peers[i].iter().any(|&j| digits[j] == d) {
                continue;
            }
            let next = match cage.op {
                Op::Add => {
                    let s = acc + d;
                    if s + (left - 1) > cage.target || s + (left - 1) * n < cage.target {
                        continue;
                    }
                    s
                }
                _ => {
                    let Some(p) = acc.checked_mul(d) else { continue };
                    if cage.target % p != 0 || cage.target / p > n.saturating_pow(left as u32 - 1) {
                        continue;
                    }
                    p
                }
            };
            digits[i] = d;
            match dfs(i + 1, next, cage, n, peers, digits, budget) {
                Some(true) => return Some(true),
                None => return None,
                Some(false) => {}
            }
            digits[i] = 0;
        }
        Some(false)
    }
    let start = if cage.op == Op::Add { 0 } else { 1 };
    dfs(0, start, cage, n, &peers, &mut digits, &mut budget).unwrap_or(true)
}
