//! How much of the exact line solver's reasoning unit propagation on the SAT encoding sees.
//!
//! `cargo run --release --example nonogram_up QUESTIONS SOLUTIONS [PUZZLES] [TRIALS]` reads a
//! TAAI question file and its solution file. For each line of the first PUZZLES puzzles it
//! encodes the line alone from the root state (after line logic, as `solve.rs` does), then
//! TRIALS times fixes a random share of the line's unknown cells — to the answer's values
//! (a consistent state) and to random values (a state search may reach) — and compares the
//! cells the line solver deduces with those unit propagation on the encoding deduces, and
//! the infeasible states each detects.

use studio::kinds::nonogram::encode::encode_line_alone;
use studio::kinds::nonogram::formats::read_collection;
use studio::kinds::nonogram::line::LineSolver;
use studio::kinds::nonogram::propagate::Propagator;
use studio::kinds::nonogram::Cell;
use studio::sat::{Cnf, Lit};

/// Unit propagation to a fixpoint over `cnf`; `None` on a conflict, else the value of every variable.
fn unit_propagate(cnf: &Cnf) -> Option<Vec<Option<bool>>> {
    let mut val: Vec<Option<bool>> = vec![None; cnf.n_vars()];
    let value = |val: &[Option<bool>], l: Lit| val[l.index()].map(|v| v == l.is_positive());
    loop {
        let mut changed = false;
        for c in cnf.clauses() {
            let mut open = None;
            let mut n_open = 0;
            let mut sat = false;
            for &l in c {
                match value(&val, l) {
                    Some(true) => {
                        sat = true;
                        break;
                    }
                    Some(false) => {}
                    None => {
                        n_open += 1;
                        open = Some(l);
                    }
                }
            }
            if sat {
                continue;
            }
            match (n_open, open) {
                (0, _) => return None,
                (1, Some(l)) => {
                    val[l.index()] = Some(l.is_positive());
                    changed = true;
                }
                _ => {}
            }
        }
        if !changed {
            return Some(val);
        }
    }
}

fn read_solutions(text: &str) -> Vec<Vec<Vec<bool>>> {
    let mut out = Vec::new();
    for block in text.split('$').skip(1) {
        let rows: Vec<Vec<bool>> = block
            .lines()
            .skip(1)
            .filter(|l| !l.trim().is_empty())
            .map(|l| l.split_whitespace().map(|t| t == "1").collect())
            .collect();
        out.push(rows);
    }
    out
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let questions = std::fs::read_to_string(&args[1]).expect("question file");
    let solutions = read_solutions(&std::fs::read_to_string(&args[2]).expect("solution file"));
    let puzzles: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(100);
    let trials: usize = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(20);
    let entries = read_collection(&questions, &args[1]).expect("puzzles");
    let mut rng = fastrand::Rng::with_seed(11);
    let mut solver = LineSolver::new();
    // Consistent states: line-solver deductions, UP deductions, lines where UP misses some.
    let (mut ls_cells, mut up_cells, mut lines, mut lines_missed) = (0u64, 0u64, 0u64, 0u64);
    // Random states: infeasible per the line solver, and of those the ones UP refutes; and on
    // the feasible ones the deductions of each.
    let (mut infeasible, mut up_refuted, mut r_ls, mut r_up) = (0u64, 0u64, 0u64, 0u64);
    for (e, answer) in entries.iter().zip(&solutions).take(puzzles) {
        let p = &e.puzzle;
        let (w, h) = (p.width(), p.height());
        let mut root = p.start();
        Propagator::new(p).run_all(&mut root).expect("a puzzle with an answer");
        for l in 0..w + h {
            let (clue, idx): (&[u32], Vec<usize>) = if l < h {
                (&p.rows()[l], (0..w).map(|c| l * w + c).collect())
            } else {
                (&p.cols()[l - h], (0..h).map(|r| r * w + l - h).collect())
            };
            let base: Vec<Cell> = idx.iter().map(|&i| root[i]).collect();
            let truth: Vec<bool> = idx.iter().map(|&i| answer[i / w][i % w]).collect();
            let unknown: Vec<usize> =
                (0..base.len()).filter(|&q| base[q] == Cell::Unknown).collect();
            if unknown.is_empty() {
                continue;
            }
            for t in 0..trials * 2 {
                let consistent = t % 2 == 0;
                let share = [0.15, 0.3, 0.5][rng.usize(0..3)];
                let mut line = base.clone();
                for &q in &unknown {
                    if rng.f64() < share {
                        let v = if consistent { truth[q] } else { rng.bool() };
                        line[q] = Cell::known(v);
                    }
                }
                let mut out = line.clone();
                let feasible = solver.solve(clue, &line, &mut out);
                let mut cnf = Cnf::new();
                // The encoding is built from the root state; the trial's cells are units on top.
                let x = encode_line_alone(clue, &base, &mut cnf).expect("root line feasible");
                for (q, &c) in line.iter().enumerate() {
                    if base[q] == Cell::Unknown && c != Cell::Unknown {
                        cnf.unit(if c == Cell::Black { x[q] } else { !x[q] });
                    }
                }
                let up = unit_propagate(&cnf);
                let fixed_before = line.iter().filter(|&&c| c != Cell::Unknown).count() as u64;
                let ls_n =
                    out.iter().filter(|&&c| c != Cell::Unknown).count() as u64 - fixed_before;
                let up_n = |v: &Vec<Option<bool>>| {
                    x.iter().filter(|l| v[l.index()].is_some()).count() as u64 - fixed_before
                };
                if consistent {
                    let v = up.expect("a consistent state never conflicts");
                    lines += 1;
                    ls_cells += ls_n;
                    up_cells += up_n(&v);
                    lines_missed += u64::from(up_n(&v) < ls_n);
                } else if !feasible {
                    infeasible += 1;
                    up_refuted += u64::from(up.is_none());
                } else if let Some(v) = up {
                    r_ls += ls_n;
                    r_up += up_n(&v);
                }
            }
        }
    }
    println!("consistent states: {lines} line states; line solver deduced {ls_cells} cells, unit propagation {up_cells} ({:.1}%); UP missed some deduction on {lines_missed} ({:.1}%)",
        100.0 * up_cells as f64 / ls_cells.max(1) as f64, 100.0 * lines_missed as f64 / lines.max(1) as f64);
    println!("random states: {infeasible} infeasible per the line solver, unit propagation refuted {up_refuted} ({:.1}%); on feasible ones line solver {r_ls} cells, UP {r_up} ({:.1}%)",
        100.0 * up_refuted as f64 / infeasible.max(1) as f64, 100.0 * r_up as f64 / r_ls.max(1) as f64);
}
