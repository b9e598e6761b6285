//! The SAT encoding after van Stiphout, Osama and Wijs, on the component graph: flooded, move and touch variables per step.
//!
//! With a horizon of `m` moves there are, for steps `t = 0..=m` and components `v`:
//! `F(t,v)` (flooded after `t` moves), for `t < m` and colours `c`: `M(t,c)` (move `t+1` plays
//! `c`), and `T(t,v)` (`v` touches the flood after `t` moves). The clauses, numbered as the
//! source document numbers its conditions:
//!
//! 1. `F(0,v)` exactly for the components of the starting flood;
//! 2. exactly one colour per move;
//! 3. `F(t,v) → F(t+1,v)`;
//! 4. `¬F(t,v) ∧ ¬T(t,v) → ¬F(t+1,v)`;
//! 5. `M(t,col v) ∧ T(t,v) → F(t+1,v)`;
//! 6. `¬M(t,col v) ∧ ¬F(t,v) → ¬F(t+1,v)`;
//! 7. dropped (see below);
//! 8. `T(t,v) ↔ ⋁ F(t,u)` over the neighbours `u` of `v`;
//! 9. the goal, per bound `j ≤ m`: an assumption literal `G(j)` with `G(j) → F(j,v)` for all `v`.
//!
//! **What changed from the source document, and why.**
//! - *Horizon.* The source document's condition 4 and 7 run to `t = m` and condition 9 asks for
//!   `F(m+1,·)`: a formula "for `m` moves" then allows `m+1`. Here moves are `0..m`, flood
//!   states `0..=m`, and the goal is at `F(j,·)` for the bound `j` being tried.
//! - *Condition 7* (`F(t,f) ↔ F(t,g1) ∨ … ∨ F(t,gk)` over same-coloured neighbours) is wrong as a
//!   biconditional: a flooded cell with no same-coloured flooded neighbour, such as a one-cell
//!   start region or a single cell just absorbed, would be forced unflooded.
//! - *Chains.* On single cells, one move must flood a whole same-coloured chain reaching the
//!   flood, which conditions 5 and 7 cannot do in one step (condition 5 floods only the cells
//!   that touched the flood before the move). On the graph of same-coloured components every
//!   chain is one vertex and adjacent components differ in colour, so one step is exactly one
//!   move and condition 7 is not needed at all.
//! - *Redundant units* (sound, they only help the solver): a component at distance `d` from the
//!   starting flood cannot be flooded before step `d`.
//! - *Bounds by assumption.* One formula serves every bound up to the horizon; the solver is
//!   asked under `G(j)` for `j` rising from a proven lower bound, keeping what it learned.
//! - *Colours left* ([`count_colours`], used by the anytime solve's SAT phase): `r` colours
//!   with an unflooded component after `t` moves rule out `G(j)` for `j < t + r`. On two
//!   30x30 boards with 8 colours it took the bound proven in 40 s from 44 to 45 and from 38 to 39
//!   (`docs/design-notes.md`).

use super::graph::Graph;
use crate::sat::{Cnf, Lit};

/// The variables of an encoding.
#[derive(Debug, Clone)]
pub struct Vars {
    /// The horizon `m`.
    pub horizon: usize,
    /// `flooded[t][v]` for `t` in `0..=m`.
    pub flooded: Vec<Vec<Lit>>,
    /// `moves[t][c]` for `t` in `0..m`.
    pub moves: Vec<Vec<Lit>>,
    /// `touch[t][v]` for `t` in `0..m`.
    pub touch: Vec<Vec<Lit>>,
    /// `goal[j]`: assume it to ask for a flooded board after `j` moves (`j` in `0..=m`).
    pub goal: Vec<Lit>,
}

/// Encodes the game on `g` from the flood `start` (component indices) with horizon `m`.
pub fn encode(g: &Graph, start: &[usize], m: usize, cnf: &mut Cnf) -> Vars {
    let n = g.n;
    let flooded: Vec<Vec<Lit>> = (0..=m).map(|_| cnf.fresh_n(n)).collect();
    let moves: Vec<Vec<Lit>> = (0..m).map(|_| cnf.fresh_n(g.k)).collect();
    let touch: Vec<Vec<Lit>> = (0..m).map(|_| cnf.fresh_n(n)).collect();
    let goal = cnf.fresh_n(m + 1);
    // Distances from the starting flood, for the redundant units.
    let mut dist = vec![usize::MAX; n];
    let mut queue = std::collections::VecDeque::new();
    for &s in start {
        dist[s] = 0;
        queue.push_back(s);
    }
    while let Some(v) = queue.pop_front() {
        for &u in &g.adj[v] {
            if dist[u as usize] == usize::MAX {
                dist[u as usize] = dist[v] + 1;
                queue.push_back(u as usize);
            }
        }
    }
    // 1. The starting flood.
    for v in 0..n {
        let lit = flooded[0][v];
        cnf.unit(if dist[v] == 0 { lit } else { !lit });
    }
    for t in 0..m {
        // 2. Exactly one colour per move.
        cnf.exactly_one(&moves[t]);
        for v in 0..n {
            let (f, f1, tv) = (flooded[t][v], flooded[t + 1][v], touch[t][v]);
            let mc = moves[t][g.colour[v] as usize];
            // 3. Flooded stays flooded.
            cnf.implies(f, f1);
            // 4. Not flooded and not touching: not flooded next.
            cnf.clause([f, tv, !f1]);
            // 5. Touching and its colour played: flooded next.
            cnf.clause([!mc, !tv, f1]);
            // 6. Not flooded and another colour played: not flooded next.
            cnf.clause([mc, f, !f1]);
            // 8. Touch means a flooded neighbour.
            let mut any = vec![!tv];
            for &u in &g.adj[v] {
                cnf.implies(flooded[t][u as usize], tv);
                any.push(flooded[t][u as usize]);
            }
            cnf.clause(any);
        }
    }
    // Redundant: nothing is flooded before the flood can reach it.
    for v in 0..n {
        for row in flooded.iter().take(dist[v].min(m + 1)) {
            cnf.unit(!row[v]);
        }
    }
    // 9. The goal for each bound, by assumption.
    for (j, &gl) in goal.iter().enumerate() {
        for v in 0..n {
            cnf.implies(gl, flooded[j][v]);
        }
    }
    Vars { horizon: m, flooded, moves, touch, goal }
}

/// Adds the colours-left clauses (issue 32): when `r` colours still have an unflooded
/// component after `t` moves, each needs a move of its own, so the board cannot be flooded
/// after `j < t + r` moves. `R(t,c)` (fresh) follows from any unflooded `c`-component, a unary
/// counter over the `R(t,·)` gives "at least `r`", and that excludes `G(j)` for `j` from `t` to
/// `t + r - 1`.
pub fn count_colours(g: &Graph, vars: &Vars, cnf: &mut Cnf) {
    let m = vars.horizon;
    for t in 0..m {
        let left = cnf.fresh_n(g.k);
        for v in 0..g.n {
            cnf.clause([vars.flooded[t][v], left[g.colour[v] as usize]]);
        }
        // at_least[r - 1]: at least r of the colours seen so far are left.
        let mut at_least: Vec<Lit> = Vec::new();
        for (i, &l) in left.iter().enumerate() {
            let next = cnf.fresh_n(i + 1);
            for r in 0..=i {
                if r < at_least.len() {
                    cnf.implies(at_least[r], next[r]);
                }
                if r == 0 {
                    cnf.implies(l, next[0]);
                } else {
                    cnf.clause([!at_least[r - 1], !l, next[r]]);
                }
            }
            at_least = next;
        }
        for (r0, &o) in at_least.iter().enumerate() {
            let r = r0 + 1;
            for j in t..(t + r).min(m + 1) {
                cnf.clause([!o, !vars.goal[j]]);
            }
        }
    }
}
