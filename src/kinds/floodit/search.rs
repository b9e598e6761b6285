//! Exact search: A* over sets of flooded components with Puchert's lower bound.
//!
//! A state is the set `F` of flooded components (a bitset); with it the search keeps the
//! frontier `N`, the components adjacent to `F`. A move with colour `c` adds `N ∩ colour(c)`
//! and nothing else (see `graph.rs`), so the flood's colour needs no place in the state.
//!
//! **Lower bound** (after Aaron and Simon Puchert, as used by ColorFill): relax the game so
//! that one step may flood *every* frontier component at once, except that a colour whose
//! remaining components all lie on the frontier ("completed") is flooded on its own, one step
//! per such colour. Repeat until the board is flooded; the number of steps bounds the moves
//! still needed from below. It dominates both the number of colours left and the eccentricity
//! of the flood in the component graph. The tests compare it with breadth-first distances on
//! every reachable position of small boards.
//!
//! **Reductions** (each keeps an optimal solution):
//! - only colours that touch the flood are played;
//! - when a move would remove a colour from the board entirely, that move alone is expanded:
//!   moving it to the front of any optimal solution keeps the solution valid, since floods grow
//!   monotonically with the set they start from;
//! - a move that opens nothing (every neighbour of the components it floods is already flooded
//!   or on the frontier) while its colour stays on the board elsewhere is never expanded: it is
//!   never optimal. The colour must be played again later, and that later move takes in the
//!   same components, which stay next to the flood. Dropping the first move, the flood after
//!   every later move contains the original one less those components (their neighbours were
//!   flooded or on the frontier already), and all of it from the next move of that colour on,
//!   so the rest of the line alone finishes: one move fewer. The tests check this on every
//!   reachable position of small boards. It removes 1.2% of the expansions on pc19 (4 016 364
//!   to 3 968 483) and about 5% of the CPU time; none measurable on 8 colours (b14c8).
//! - **move order** (A* only; after Aaron and Simon Puchert's floodit, whose rule ColorFill's
//!   A* uses too): at a position reached from `P` by colour `a`, a colour `b` of which `a` opened
//!   no new frontier component is skipped when `b` then `a` from `P` floods at least as much.
//!   It does: `b` takes the same components from `P`, and `a` after it takes `a`'s components
//!   next to `P` and also those next to `b`'s, so a superset, strictly larger when one of the
//!   components `b` floods has an `a`-coloured neighbour outside the flood. When both orders
//!   flood the same, only the one with the smaller colour first is kept. Floods grow
//!   monotonically with the set they start from, so the other order's line is as short. Not
//!   after a move that removed its colour from the board: that move was its parent's only
//!   child (the first reduction), so the other order was never generated (without this
//!   exception A* misses optima: b14c8 board 45, and whole positions of small boards). The
//!   argument shows that a line as good exists through the other order; that A*, whose table
//!   keeps one parent per position, always reaches one is not proven here but checked: the
//!   tests run A* from every reachable position of 300 small boards against breadth-first
//!   distances, pc19, floodtest and b14c8 match ColorFill's optima, and 4,500 random boards
//!   (6x6/3 to 12x12/6 and 11x11/8, uniform and blotchy) get the same minimum from this A* and
//!   from the baseline's (commit 9e92d23, without the rule; docs/design-notes.md). On the first 150 pc19 boards it cuts the expansions from 626 964 to 386 036 and
//!   the bound's counts from 2.55 M to 1.31 M (with the next point).
//!
//! **Never out of memory** (issue 22): A* stores at most [`node_limit`] positions for its byte
//! budget ([`MEMORY_BYTES`]: 1 GiB natively, 512 MiB in WebAssembly), in chunks so the store
//! never doubles near the limit. When it is full it hands over its proven bound (the smallest
//! `g + bound` it was about to expand) to [`ida`]: IDA* with a fixed transposition table that
//! keeps, for each position, the best lower bound learned for it (a failed search below the
//! position under threshold `t` proves `t - g + 1` more moves are needed; the bound is kept across
//! thresholds, so the next round prunes there at once). Its memory is fixed, so it always goes
//! on; every finished threshold is a proven lower bound.
//!
//! **Upper bounds:** [`greedy`] at once, then [`beam`] searches (the `width` best positions of
//! each depth by bound, then cells flooded or on the frontier, duplicates merged), run by `optimum::anytime` on a
//! schedule while the exact search works. A* and IDA* take the best length known and stop as
//! soon as every shorter line is ruled out ([`Exact::NothingBelow`]), so the exact search need
//! not find the optimum itself once a beam has.
//!
//! **Speed:** states live in chunked arenas of words (flood and frontier), a hand-rolled open
//! addressing table maps flood sets to nodes, and the priority queue orders by `f`, then by
//! larger `g` (deeper first), then newest. Children are built in preallocated buffers, so the
//! inner loop does not allocate except when the arena grows. Positions reached again with a
//! smaller `g` are reopened, so the answer stays optimal even where the bound is inconsistent.
//! A child is stored with its parent's bound less one and counted when it comes up, only as
//! far as needed to tell whether it fits the level (`bound_upto`); a count that stopped above
//! the level keeps what it proved, and the position is expanded on that when its level comes,
//! without a second count (on 150 pc19 boards the second count had found the same value every
//! one of 214 056 times: 8% of the counts).
//!
//! Measurements behind these choices, and what was tried and dropped: `docs/design-notes.md`, "Flood-It exact search".

// What the searches share (errors, figures, the bound, the sets and the store).
#[macro_use]
mod common;
// A* over the stored positions.
mod astar;
// IDA* with a transposition table of learned bounds, when A*'s store is full.
mod ida;
// Upper bounds: greedy and beam search; `solve`, A* with the default memory.
mod beam;

pub use astar::astar;
pub use beam::{beam, greedy, solve};
pub use common::{
    bytes_per_node, frontier, lower_bound, node_limit, root, Exact, Figures, Poll, SearchError,
    MEMORY_BYTES, TT_BYTES,
};
pub use ida::ida;
