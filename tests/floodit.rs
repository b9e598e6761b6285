//! Flood-It: A* and SAT against breadth-first search, the bound against true distances, the checker, formats, decoders under mutation.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet, VecDeque};
use std::rc::Rc;

use studio::kinds::floodit::graph::Graph;
use studio::kinds::floodit::{check, formats, generate, page, search, sim::Position, FloodIt};
use studio::kinds::floodit::{Engine, SolveOptions};
use studio::puzzle::{Mode, Puzzle, Verdict};

fn random_board(rows: usize, cols: usize, colours: u8, rng: &mut fastrand::Rng) -> FloodIt {
    let cells: Vec<char> = (0..rows * cols).map(|_| (b'1' + rng.u8(..colours)) as char).collect();
    let start = if rng.bool() { (0, 0) } else { (rng.usize(..rows), rng.usize(..cols)) };
    FloodIt::new(rows, cols, &cells, start).unwrap()
}

/// Breadth-first search over move sequences on the cells themselves, written here from the
/// rules (no code shared with the solvers): the fewest moves that flood the board.
fn bfs_minimum(p: &FloodIt) -> usize {
    let (rows, cols) = (p.rows(), p.cols());
    let flood = |colours: &[u8], start: usize| -> Vec<bool> {
        let mut inside = vec![false; colours.len()];
        inside[start] = true;
        let mut stack = vec![start];
        while let Some(i) = stack.pop() {
            let (r, c) = (i / cols, i % cols);
            let mut around = vec![];
            if r > 0 {
                around.push(i - cols)
            }
            if r + 1 < rows {
                around.push(i + cols)
            }
            if c > 0 {
                around.push(i - 1)
            }
            if c + 1 < cols {
                around.push(i + 1)
            }
            for j in around {
                if !inside[j] && colours[j] == colours[start] {
                    inside[j] = true;
                    stack.push(j);
                }
            }
        }
        inside
    };
    let start = p.start();
    let first = p.cells().to_vec();
    let mut seen = HashSet::new();
    let mut queue = VecDeque::from([(first.clone(), 0usize)]);
    seen.insert(first);
    while let Some((colours, d)) = queue.pop_front() {
        let inside = flood(&colours, start);
        if inside.iter().all(|&x| x) {
            return d;
        }
        for c in 0..p.n_colours() as u8 {
            if c == colours[start] {
                continue;
            }
            let next: Vec<u8> =
                colours.iter().zip(&inside).map(|(&k, &f)| if f { c } else { k }).collect();
            if seen.insert(next.clone()) {
                queue.push_back((next, d + 1));
            }
        }
    }
    unreachable!("every board can be flooded")
}

#[test]
fn astar_and_sat_equal_breadth_first_search_up_to_4x4() {
    let mut rng = fastrand::Rng::with_seed(8);
    for _ in 0..150 {
        let (rows, cols) = (rng.usize(2..=4), rng.usize(2..=4));
        let p = random_board(rows, cols, rng.u8(2..=4), &mut rng);
        let want = bfs_minimum(&p);
        let a = p.solve_optimum(Engine::Search, None).unwrap();
        assert_eq!(a.verdict, Verdict::Optimal);
        assert_eq!(a.solutions[0].len(), want, "A* on {:?}", p.symbol_rows());
        check::verify(&p, &a.solutions[0]).unwrap();
        let s = p.solve_optimum(Engine::Sat, None).unwrap();
        assert_eq!(s.solutions[0].len(), want, "SAT on {:?}", p.symbol_rows());
        check::verify(&p, &s.solutions[0]).unwrap();
        if want > 0 {
            assert!(
                s.proof
                    .iter()
                    .any(|l| l.contains(&format!("With {} move", want - 1)) && l.contains("UNSAT")),
                "{:?}",
                s.proof
            );
        }
    }
}

/// Every reachable flood set of `g`, the moves between them as (colour, target), and the true
/// distance of each to the full flood.
type Reachable = (Vec<Vec<u64>>, Vec<Vec<(usize, usize)>>, Vec<usize>);

fn reachable(g: &Graph) -> Reachable {
    let all: Vec<u64> = {
        let mut a = vec![0u64; g.words];
        for v in 0..g.n {
            a[v / 64] |= 1 << (v % 64);
        }
        a
    };
    // Every reachable flood set, and the moves between them.
    let (root, _) = search::root(g);
    let mut states = vec![root.clone()];
    let mut index = HashMap::from([(root, 0usize)]);
    let mut edges: Vec<Vec<(usize, usize)>> = vec![vec![]];
    let mut i = 0;
    while i < states.len() {
        let f = states[i].clone();
        let n = search::frontier(g, &f);
        for c in 0..g.k {
            let col = g.colour_set(c);
            let next: Vec<u64> = f.iter().zip(&n).zip(col).map(|((a, b), k)| a | (b & k)).collect();
            if next == f {
                continue;
            }
            let j = *index.entry(next.clone()).or_insert_with(|| {
                states.push(next.clone());
                edges.push(vec![]);
                states.len() - 1
            });
            edges[i].push((c, j));
        }
        i += 1;
    }
    // True distances to the full flood, by repeated relaxation (the graph is acyclic).
    let mut dist = vec![usize::MAX; states.len()];
    let mut changed = true;
    while changed {
        changed = false;
        for s in 0..states.len() {
            let d = if states[s] == all {
                0
            } else {
                edges[s].iter().map(|&(_, t)| dist[t].saturating_add(1)).min().unwrap_or(usize::MAX)
            };
            if d < dist[s] {
                dist[s] = d;
                changed = true;
            }
        }
    }
    (states, edges, dist)
}

/// The lower bound never exceeds the true distance, at every reachable position of small boards.
#[test]
fn lower_bound_is_admissible_on_every_reachable_position() {
    let mut rng = fastrand::Rng::with_seed(9);
    for _ in 0..40 {
        let p = random_board(rng.usize(3..=5), rng.usize(3..=5), rng.u8(3..=5), &mut rng);
        let g = Graph::of(&p);
        let (states, _, dist) = reachable(&g);
        for (s, f) in states.iter().enumerate() {
            let n = search::frontier(&g, f);
            let h = search::lower_bound(&g, f, &n) as usize;
            assert!(h <= dist[s], "bound {h} above distance {} on {:?}", dist[s], p.symbol_rows());
        }
        assert_eq!(dist[0], bfs_minimum(&p));
    }
}

/// Puchert's bound written from its definition on the component lists (no bitsets, no shared
/// code): relax so that one step floods the whole frontier, except that colours whose remaining
/// components all lie on the frontier are flooded on their own, one step each; at least the
/// number of colours left.
fn textbook_bound(g: &Graph, f: &[u64]) -> u32 {
    let on = |set: &[u64], v: usize| set[v / 64] >> (v % 64) & 1 == 1;
    let mut vis: Vec<bool> = (0..g.n).map(|v| on(f, v)).collect();
    let left =
        (0..g.k).filter(|&c| (0..g.n).any(|v| !vis[v] && g.colour[v] as usize == c)).count() as u32;
    let mut h = 0;
    loop {
        let front: Vec<bool> =
            (0..g.n).map(|v| !vis[v] && g.adj[v].iter().any(|&u| vis[u as usize])).collect();
        if !front.iter().any(|&x| x) {
            return h.max(left);
        }
        let completed: Vec<usize> = (0..g.k)
            .filter(|&c| {
                let mine: Vec<usize> =
                    (0..g.n).filter(|&v| !vis[v] && g.colour[v] as usize == c).collect();
                !mine.is_empty() && mine.iter().all(|&v| front[v])
            })
            .collect();
        if completed.is_empty() {
            h += 1;
            for v in 0..g.n {
                vis[v] |= front[v];
            }
        } else {
            h += completed.len() as u32;
            for v in 0..g.n {
                if front[v] && completed.contains(&(g.colour[v] as usize)) {
                    vis[v] = true;
                }
            }
        }
    }
}

/// The search's bound (bitsets, live colours, early stop) equals the textbook one at every
/// reachable position of small boards and along random games on boards up to 30x30.
#[test]
fn lower_bound_equals_the_textbook_definition() {
    let mut rng = fastrand::Rng::with_seed(12);
    for _ in 0..40 {
        let p = random_board(rng.usize(3..=5), rng.usize(3..=5), rng.u8(3..=5), &mut rng);
        let g = Graph::of(&p);
        let (states, _, _) = reachable(&g);
        for f in &states {
            let n = search::frontier(&g, f);
            assert_eq!(
                search::lower_bound(&g, f, &n),
                textbook_bound(&g, f),
                "{:?}",
                p.symbol_rows()
            );
        }
    }
    let mut positions = 0;
    for side in [6, 10, 14, 19, 24, 30] {
        for _ in 0..4 {
            let p = random_board(side, side, rng.u8(3..=8), &mut rng);
            let g = Graph::of(&p);
            let (mut f, mut n) = search::root(&g);
            while n.iter().any(|&x| x != 0) {
                assert_eq!(
                    search::lower_bound(&g, &f, &n),
                    textbook_bound(&g, &f),
                    "{side}x{side} {:?}",
                    p.symbol_rows()
                );
                positions += 1;
                // A random colour on the frontier.
                let on = |set: &[u64], v: usize| set[v / 64] >> (v % 64) & 1 == 1;
                let touching: Vec<usize> = (0..g.n).filter(|&v| on(&n, v)).collect();
                let c = g.colour[touching[rng.usize(..touching.len())]] as usize;
                let col = g.colour_set(c);
                for i in 0..g.words {
                    f[i] |= n[i] & col[i];
                }
                n = search::frontier(&g, &f);
            }
        }
    }
    assert!(positions > 500, "only {positions} positions");
}

/// The search never expands a move that opens nothing while its colour stays on the board:
/// at every reachable position of small boards, such a move is one move worse than the best.
#[test]
fn moves_that_open_nothing_are_never_optimal() {
    let mut rng = fastrand::Rng::with_seed(11);
    let mut seen = 0;
    for _ in 0..60 {
        let p = random_board(rng.usize(3..=5), rng.usize(3..=5), rng.u8(3..=5), &mut rng);
        let g = Graph::of(&p);
        let (states, edges, dist) = reachable(&g);
        for (s, f) in states.iter().enumerate() {
            let n = search::frontier(&g, f);
            let on = |set: &[u64], v: usize| set[v / 64] >> (v % 64) & 1 == 1;
            for &(c, t) in &edges[s] {
                let col = g.colour_set(c);
                let stays = (0..g.n).any(|v| on(col, v) && !on(f, v) && !on(&n, v));
                let opened = search::frontier(&g, &states[t])
                    .iter()
                    .zip(f.iter().zip(&n))
                    .any(|(m, (a, b))| m & !a & !b != 0);
                if stays && !opened {
                    seen += 1;
                    assert!(
                        dist[t] + 1 > dist[s],
                        "a move of colour {c} that opens nothing is optimal on {:?}",
                        p.symbol_rows()
                    );
                }
            }
        }
    }
    assert!(seen > 100, "only {seen} such moves met");
}

/// A* from every reachable position of small boards finds a line of the true distance (its
/// move-order pruning and the other reductions keep an optimal line from every position, not
/// only from the start), and the line floods the board.
#[test]
fn astar_is_optimal_from_every_reachable_position() {
    let mut rng = fastrand::Rng::with_seed(12);
    let mut positions = 0;
    for _ in 0..300 {
        let p = random_board(rng.usize(3..=6), rng.usize(3..=6), rng.u8(3..=5), &mut rng);
        let g = Graph::of(&p);
        let (states, _, dist) = reachable(&g);
        for (s, f) in states.iter().enumerate() {
            let limit = search::node_limit(g.words, 1 << 24);
            let found = search::astar(&g, f, limit, u32::MAX, &mut |_, _| Some(u32::MAX)).unwrap();
            let search::Exact::Found(moves, _) = found else {
                panic!("A* gave no line from a reachable position on {:?}", p.symbol_rows())
            };
            assert_eq!(moves.len(), dist[s], "A* from position {s} on {:?}", p.symbol_rows());
            let mut at = f.clone();
            for &m in &moves {
                let n = search::frontier(&g, &at);
                for (i, x) in at.iter_mut().enumerate() {
                    *x |= n[i] & g.colour_set(usize::from(m))[i];
                }
            }
            assert!(
                search::frontier(&g, &at).iter().all(|&x| x == 0),
                "A*'s line does not flood the board on {:?}",
                p.symbol_rows()
            );
            positions += 1;
        }
    }
    assert!(positions > 20_000, "only {positions} positions");
}

#[test]
fn sat_and_astar_agree_up_to_8x8() {
    let mut rng = fastrand::Rng::with_seed(10);
    for _ in 0..25 {
        let n = rng.usize(5..=8);
        let p = random_board(n, n, rng.u8(3..=6), &mut rng);
        let a = p.solve_optimum(Engine::Search, None).unwrap();
        let s = p.solve_optimum(Engine::Sat, None).unwrap();
        assert_eq!(a.solutions[0].len(), s.solutions[0].len(), "{:?}", p.symbol_rows());
        let both = p.solve_optimum(Engine::Both, None).unwrap();
        assert_eq!(both.solutions[0].len(), a.solutions[0].len());
        assert!(both.proof.iter().any(|l| l.contains("UNSAT")));
    }
}

#[test]
fn the_generic_sat_path_and_the_trait_solve_give_verified_answers() {
    let mut rng = fastrand::Rng::with_seed(11);
    for _ in 0..20 {
        let p = random_board(5, 5, 4, &mut rng);
        let r = studio::puzzle::solve(&p, Mode::First, None).unwrap();
        check::verify(&p, &r.solutions[0]).unwrap();
        let best = p.solve(Mode::Unique, None).unwrap();
        assert!(best.solutions[0].len() <= r.solutions[0].len());
        let sat = p.solve_with(Mode::Optimum, &SolveOptions { engine: Engine::Sat }, None).unwrap();
        assert_eq!(sat.solutions[0].len(), best.solutions[0].len());
    }
}

const TATHAM: &str = "6x6:032242034203340350204502505323231342,17";

#[test]
fn tatham_example_has_optimum_11() {
    let p = formats::from_tatham(TATHAM).unwrap();
    assert_eq!((p.rows(), p.cols(), p.n_colours(), p.limit()), (6, 6, 6, Some(17)));
    let r = p.solve_optimum(Engine::Both, None).unwrap();
    assert_eq!(r.solutions[0].len(), 11);
    assert!(
        r.proof.iter().any(|l| l.contains("With 10 moves the SAT solver proved it impossible")),
        "{:?}",
        r.proof
    );
    // The formats' example solution is valid, and a move short of it is not.
    let example = p.parse_moves("3 2 0 3 1 3 4 5 0 2 3").unwrap();
    check::verify(&p, &example).unwrap();
    assert!(check::verify(&p, &example[..10]).is_err());
    assert_eq!(formats::to_tatham(&p, 17).as_deref(), Some(TATHAM));
    // The link keeps Tatham's limit.
    assert_eq!(p.link_payload(), "6x6m17/032242034203340350204502505323231342");
    assert_eq!(FloodIt::from_link_payload(1, &p.link_payload()).unwrap(), p);
    // The same board as a ColorFill line, with its solution line.
    let cf = formats::from_colorfill_line("143353145314451461315613616434342453").unwrap();
    assert_eq!(cf.cells(), p.cells());
    check::verify(&cf, &cf.parse_moves("43142456134").unwrap()).unwrap();
    // The page's Tatham ID keeps the board's own limit (not the minimum found since), and a
    // board that came without one (a ColorFill line) gets the greedy's count, never 0, which
    // Tatham's game reads as out of moves before the first.
    assert_eq!(formats::to_tatham(&p, page::tatham_limit(&p)).as_deref(), Some(TATHAM));
    let limit = page::tatham_limit(&cf);
    let back = formats::from_tatham(&formats::to_tatham(&cf, limit).unwrap()).unwrap();
    assert_eq!(back.limit(), Some(limit));
    assert!((11..=17).contains(&limit), "greedy limit {limit}");
    // Seed IDs are refused with a reason.
    let e = formats::from_tatham("6x6c6m5#967543368167853").unwrap_err();
    assert!(e.to_string().contains("random-seed"));
    // A link to Tatham's page works too, and the kind is recognised.
    let url =
        format!("https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/flood.html#{TATHAM}");
    assert_eq!(formats::from_tatham(&url).unwrap().cells(), p.cells());
    assert_eq!(studio::kinds::sniff(TATHAM), Some(studio::kinds::Kind::FloodIt));
}

#[test]
fn checker_rejects_wrong_move_lists() {
    let p = formats::from_tatham(TATHAM).unwrap();
    let good = p.solve_optimum(Engine::Search, None).unwrap().solutions[0].clone();
    check::verify(&p, &good).unwrap();
    // One move short.
    assert!(check::verify(&p, &good[..good.len() - 1]).is_err());
    // A move after the board is flooded.
    let mut extra = good.clone();
    extra.push((good[good.len() - 1] + 1) % 6);
    assert!(check::verify(&p, &extra).is_err());
    // A colour the board does not have.
    let mut bad = good.clone();
    bad[0] = 9;
    assert!(check::verify(&p, &bad).is_err());
    // Repeating the flood's colour.
    let mut rep = good.clone();
    rep.insert(1, good[0]);
    assert!(check::verify(&p, &rep).unwrap_err().contains("repeats"));
    // The empty list on an unfinished board.
    assert!(check::verify(&p, &[]).is_err());
    // Random lists of the right length almost never flood; whatever the checker accepts, the
    // simulator agrees floods the board.
    let mut rng = fastrand::Rng::with_seed(12);
    for _ in 0..200 {
        let moves: Vec<u8> = (0..good.len()).map(|_| rng.u8(..6)).collect();
        if check::verify(&p, &moves).is_ok() {
            assert!(Position::after(&p, &moves).is_done());
        }
    }
}

#[test]
fn links_json_and_floodtest_blocks_round_trip() {
    let mut rng = fastrand::Rng::with_seed(13);
    for _ in 0..30 {
        let p = random_board(rng.usize(2..=9), rng.usize(2..=9), rng.u8(2..=9), &mut rng);
        let back = FloodIt::from_link_payload(1, &p.link_payload()).unwrap();
        assert_eq!(back, p);
        assert_eq!(FloodIt::from_json(&p.to_json()).unwrap(), p);
        let text = studio::link::fragment(&p);
        assert_eq!(
            studio::kinds::import_as::<FloodIt>(&format!("https://example.org/#{text}")).unwrap(),
            p
        );
    }
    // A floodtest block starts at the centre.
    let g = generate::generate(19, 6, 3, Some((9, 9))).unwrap();
    let block = g.symbol_rows().join("\n");
    let entries =
        formats::read_collection(&format!("{block}\n\n{block}\n\n"), "floodtest", None).unwrap();
    assert_eq!(entries.len(), 2);
    assert_eq!(entries[0].puzzle.start_rc(), (9, 9));
    assert_eq!(entries[0].puzzle.cells(), g.cells());
    // ColorFill lines with a solutions file.
    let lines = "143353145314451461315613616434342453\r\n143353145314451461315613616434342453\r\n";
    let entries =
        formats::read_collection(lines, "cf", Some("43142456134\n43142456134\n")).unwrap();
    assert_eq!(entries.len(), 2);
    assert_eq!(entries[1].known.as_ref().map(Vec::len), Some(11));
}

#[test]
fn played_moves_give_the_best_continuation() {
    let p = formats::from_tatham(TATHAM).unwrap();
    // Three moves, each the last colour that adds something (not the optimal line).
    let mut played = Vec::new();
    for _ in 0..3 {
        let useful = Position::after(&p, &played).useful_colours(&p);
        played.push(*useful.last().unwrap());
    }
    let q = p.clone().with_played(played.clone()).unwrap();
    let r = q.solve_optimum(Engine::Search, None).unwrap();
    let moves = &r.solutions[0];
    assert_eq!(&moves[..3], &played[..]);
    check::verify(&p, moves).unwrap();
    let rest = Position::after(&p, &played);
    assert!(!rest.is_done());
    // The continuation is optimal: SAT from the same position agrees.
    let s = q.solve_optimum(Engine::Sat, None).unwrap();
    assert_eq!(s.solutions[0].len(), moves.len());
    // The page's hint picks the next optimal move when the player follows the answer.
    assert_eq!(page::next_from(moves, &moves[..4]), Some(moves[4]));
    assert_eq!(page::next_from(moves, &[moves[0] + 1]), None);
    let json = page::with_played_json(&p, &played).unwrap();
    assert_eq!(studio::kinds::import_as::<FloodIt>(&json).unwrap().played(), &played[..]);
    // Marks keep the moves (colour + 1, so colour 0 is kept too).
    let marks: Vec<u8> =
        played.iter().enumerate().map(|(i, &c)| page::mark_for_move(i, c).1).collect();
    let read = <page::Moves as studio::marks::Marks>::decode(&marks, 0).unwrap();
    assert_eq!(read.played(), played);
    assert_eq!(studio::marks::Marks::encode(&read), marks, "the moves' byte form reads back");
    // The hint's move is the answer's next one, and its swatch is the one the page rings; a hint
    // that is not a move rings none.
    let hint = studio::kinds::floodit::hint::next_step(&p, &read, Some(moves));
    assert_eq!(page::hinted_colour(Some(&hint), played.len()), Some(moves[played.len()]));
    assert_eq!(page::hinted_colour(Some(&hint), played.len() + 1), None);
    let solved = studio::hint::Hint::Solved { sentence: String::new() };
    assert_eq!(page::hinted_colour(Some(&solved), played.len()), None);
    assert_eq!(page::hinted_colour(None, 0), None);
    // The printed solution: one swatch per move, in order, with the colour's number (as on the
    // page's buttons) and the move's number.
    let svg = page::moves_svg(moves);
    let colours: Vec<u8> = svg
        .split("data-colour=\"")
        .skip(1)
        .map(|s| s[..s.find('"').unwrap()].parse().unwrap())
        .collect();
    assert_eq!(&colours, moves);
    assert!(
        svg.contains(&format!(">{}</text></g></svg>", moves.len())),
        "the last swatch is numbered {}",
        moves.len()
    );
    assert!(svg.contains(&format!(">{}</text>", page::colour_number(moves[0]))));
}

#[test]
fn colours_are_numbered_from_one_in_every_form_and_their_numbers_read() {
    // A Tatham ID numbers colours from 0; the page calls them 1 to n whatever the form.
    let tatham =
        studio::kinds::import_as::<FloodIt>("6x6:032242034203340350204502505323231342,17").unwrap();
    assert_eq!(tatham.symbol(0), '0');
    assert_eq!(page::colour_number(0), "1");
    assert_eq!(page::colour_number(5), "6");
    // The number on each colour has the ink of larger contrast: black on yellow, white on blue.
    assert_eq!(page::label_ink(2), "#000");
    assert_eq!(page::label_ink(3), "#fff");
    assert_eq!(page::label_ink(14), "#fff");
    assert_eq!(page::label_ink(13), "#000");
}

#[test]
fn generator_makes_boards_of_the_asked_size_and_colours() {
    for (n, k) in [(2, 2), (14, 6), (30, 16)] {
        let p = generate::generate(n, k, 5, None).unwrap();
        assert_eq!((p.rows(), p.n_colours()), (n, k));
    }
    assert!(generate::generate(31, 6, 1, None).is_err());
    assert!(generate::generate(10, 17, 1, None).is_err());
    assert!(generate::generate(2, 5, 1, None).is_err());
}

#[test]
fn bad_input_is_refused_with_a_place() {
    for bad in [
        "",
        "{}",
        "{\"cells\":[\"12\",\"1\"]}",
        "3x3/12312312",
        "1x1/1",
        "2x2@5,5/1212",
        "31x31/",
        "6x6:03224,17",
        "6x6:0322420342033403502045025053232313AA,17",
        "5x5:1111111111111111111111111,x",
        "12",
    ] {
        assert!(studio::kinds::import_as::<FloodIt>(bad).is_err(), "{bad}");
    }
    let seventeen: String = "0123456789abcdefg".chars().cycle().take(36).collect();
    assert!(FloodIt::from_link_payload(1, &format!("6x6/{seventeen}")).is_err());
}

/// Mutation fuzzing: bad links, JSON and Tatham IDs never panic.
#[test]
fn decoders_survive_mutation() {
    let p = formats::from_tatham(TATHAM).unwrap();
    let seeds = [
        p.link_payload(),
        p.to_json().to_string(),
        TATHAM.to_string(),
        "143353145314451461315613616434342453".to_string(),
        "19x19@9,9/".to_string() + &"1".repeat(361),
    ];
    let alphabet: Vec<char> = "0123456789abcxyz@,:/{}[]\"#x%-. \n".chars().collect();
    let mut rng = fastrand::Rng::with_seed(14);
    for _ in 0..3000 {
        let seed = &seeds[rng.usize(..seeds.len())];
        let text = crate::fuzz::mutate(&mut rng, seed, &alphabet);
        let _ = FloodIt::from_link_payload(1, &text);
        let _ = FloodIt::import(&text);
        let _ = formats::from_tatham(&text);
        let _ = formats::read_collection(&text, "fuzz", Some(&text));
        if let Ok(q) = FloodIt::import(&text) {
            let _ = q.puzzle.solution_from_rows(&[text.clone()]);
        }
    }
}

/// IDA* (alone, and told of a solution of the optimal length or one more), A* out of memory,
/// beam searches and a stopped anytime solve, against breadth-first search: every solution passes
/// the checker, no lower bound exceeds the true minimum, and what is claimed optimal is.
#[test]
fn every_exact_and_anytime_engine_agrees_with_breadth_first_search() {
    use studio::kinds::floodit::optimum;
    use studio::kinds::floodit::search::Exact;
    let mut rng = fastrand::Rng::with_seed(21);
    for _ in 0..120 {
        let p = random_board(rng.usize(2..=5), rng.usize(2..=5), rng.u8(2..=5), &mut rng);
        let want = bfs_minimum(&p);
        let g = Graph::of(&p);
        let (f0, _) = search::root(&g);
        let rows = p.symbol_rows();
        match search::ida(&g, &f0, 0, u32::MAX, 1 << 14, &mut |_, _| Some(u32::MAX)) {
            Ok(Exact::Found(moves, _)) => {
                assert_eq!(moves.len(), want, "IDA* on {rows:?}");
                check::verify(&p, &moves).unwrap();
            }
            other => panic!("IDA* on {rows:?}: {other:?}"),
        }
        // Told of a solution of `want` moves, IDA* rules out everything shorter and stops.
        assert!(
            matches!(search::ida(&g, &f0, 0, want as u32, 1 << 14, &mut |_, _| Some(want as u32)), Ok(Exact::NothingBelow(w, _)) if w as usize == want),
            "{rows:?}"
        );
        // One more than the minimum: it still finds the minimum.
        match search::ida(&g, &f0, 0, want as u32 + 1, 1 << 14, &mut |_, _| Some(want as u32 + 1)) {
            Ok(Exact::Found(moves, _)) => assert_eq!(moves.len(), want, "{rows:?}"),
            other => panic!("IDA* below {} on {rows:?}: {other:?}", want + 1),
        }
        // A* with room for a few positions: any bound it proves is at most the minimum.
        for limit in [2, 5, 20] {
            match search::astar(&g, &f0, limit, u32::MAX, &mut |_, _| Some(u32::MAX)) {
                Ok(Exact::Found(moves, _)) => assert_eq!(moves.len(), want, "{rows:?}"),
                Ok(Exact::Full(lower, _)) => {
                    assert!(lower as usize <= want, "A* bound {lower} > {want} on {rows:?}")
                }
                other => panic!("A* on {rows:?}: {other:?}"),
            }
        }
        for width in [1, 3, 50] {
            let moves = search::beam(&g, &f0, width, &mut || true).unwrap();
            assert!(moves.len() >= want, "beam {width} on {rows:?}");
            check::verify(&p, &moves).unwrap();
        }
        // The anytime solve with almost no memory (A* fills up, IDA* finishes) is optimal.
        let a = optimum::anytime(&g, &f0, 200, None, None);
        assert!(a.optimal(), "{rows:?}: {:?}", a.proof);
        assert_eq!(a.moves.len(), want, "{rows:?}");
        // Stopped at once: the greedy's answer and a bound that is at most the minimum.
        let stop = studio::sat::Monitor::new(0.0, |_| false);
        let mut heard = Vec::new();
        let mut on_bounds = |m: &[u8], l: u32| heard.push((m.len(), l));
        let a = optimum::anytime(&g, &f0, 1 << 20, Some(stop), Some(&mut on_bounds));
        check::verify(&p, &a.moves).unwrap();
        assert!(
            a.lower as usize <= want && want <= a.moves.len(),
            "{rows:?}: {} <= {want} <= {}",
            a.lower,
            a.moves.len()
        );
        assert_eq!(
            a.optimal(),
            a.moves.len() == want || a.lower as usize == want && a.moves.len() == want
        );
        // What the listener heard only improves and ends at the answer.
        assert!(heard.windows(2).all(|w| w[1].0 <= w[0].0 && w[1].1 >= w[0].1), "{heard:?}");
        assert_eq!(heard.last().copied(), Some((a.moves.len(), a.lower)));
    }
}

/// A big board stopped after a moment: the best solution found (checked cell by cell), with a
/// proven lower bound below it, as the verdict `bounded`; the listener hears only checked
/// move lists from the start.
#[test]
fn a_stopped_solve_gives_the_best_found_and_a_proven_bound() {
    let p = generate::generate(30, 8, 5, None).unwrap();
    let mut heard = Vec::new();
    let mut on_bounds = |m: &[u8], l: usize| heard.push((m.to_vec(), l));
    let monitor = studio::sat::Monitor::deadline(300.0);
    let r = p
        .solve_watched(Engine::Search, Some(monitor), search::MEMORY_BYTES, Some(&mut on_bounds))
        .unwrap();
    let best = &r.solutions[0];
    check::verify(&p, best).unwrap();
    let Verdict::Bounded { lower } = r.verdict else {
        panic!("a 30x30 board with 8 colours proven in 0.3 s? {:?}", r.proof)
    };
    assert!(lower < best.len() && lower >= 8, "{lower} vs {}", best.len());
    assert!(
        r.proof.iter().any(|l| l.starts_with(&format!("Proven lower bound: {lower}."))),
        "{:?}",
        r.proof
    );
    assert!(r.proof.iter().any(|l| l.contains("not proven optimal")), "{:?}", r.proof);
    for (moves, l) in &heard {
        check::verify(&p, moves).unwrap();
        assert!(*l <= lower);
    }
    assert_eq!(heard.last().map(|(m, l)| (m.len(), *l)), Some((best.len(), lower)));
    // Moves already played: the bound counts them, and the answer starts with them.
    let q = p.clone().with_played(best[..3].to_vec()).unwrap();
    let units = Rc::new(RefCell::new(Vec::new()));
    let heard_units = units.clone();
    let started = std::time::Instant::now();
    let monitor = studio::sat::Monitor::new(0.0, move |p| {
        heard_units.borrow_mut().push((p.unit, p.work));
        started.elapsed().as_millis() < 200
    });
    let r = q.solve_optimum(Engine::Search, Some(monitor)).unwrap();
    // The exact search counts its work in positions, then the SAT phase (if it came) in
    // conflicts; each count only grows.
    let units = units.borrow();
    use studio::sat::Unit;
    assert!(!units.is_empty() && units[0].0 == Unit::Positions, "{units:?}");
    let switch = units.iter().position(|(u, _)| *u != Unit::Positions).unwrap_or(units.len());
    assert!(units[switch..].iter().all(|(u, _)| *u == Unit::Conflicts), "{units:?}");
    for part in [&units[..switch], &units[switch..]] {
        assert!(part.windows(2).all(|w| w[0].1 <= w[1].1), "{units:?}");
    }
    assert_eq!(r.solutions[0][..3], best[..3]);
    check::verify(&q, &r.solutions[0]).unwrap();
    if let Verdict::Bounded { lower } = r.verdict {
        assert!(lower >= 3 && lower < r.solutions[0].len());
    }
    // The SAT engine, stopped at once, also answers with a bound instead of an error.
    let r = p.solve_optimum(Engine::Sat, Some(studio::sat::Monitor::new(0.0, |_| false))).unwrap();
    check::verify(&p, &r.solutions[0]).unwrap();
    assert!(
        matches!(r.verdict, Verdict::Bounded { lower } if lower < r.solutions[0].len()),
        "{:?}",
        r.verdict
    );
}

/// On the first 12 pc19 boards (`tests/data/floodit`, with ColorFill's optimal move lists),
/// stopped early or with little memory, no proven bound exceeds the known optimum and no answer
/// is shorter.
#[test]
fn bounds_never_exceed_the_known_optima_of_benchmark_boards() {
    use studio::kinds::floodit::optimum;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/floodit");
    let read = |name: &str| {
        let path = dir.join(name);
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    };
    let text = read("pc19_tiles_first12.txt");
    let answers = read("pc19_tiles_first12.solution_AStarPuchert.txt");
    let optimum = FloodIt::optimum().expect("Flood-It is measured by an optimum");
    let entries = optimum.read_collection_with_answers(&text, "pc19", Some(&answers)).unwrap();
    assert_eq!(entries.len(), 12);
    for (i, e) in entries.iter().enumerate() {
        let known = e.known.as_ref().unwrap().len();
        let g = Graph::of(&e.puzzle);
        let (f0, _) = search::root(&g);
        for (memory, ms) in [(1 << 30, 5.0), (4096, 30.0), (1 << 16, 1e9)] {
            let monitor = studio::sat::Monitor::new(1.0, move |p| p.elapsed_ms < ms);
            let a = optimum::anytime(&g, &f0, memory, Some(monitor), None);
            check::verify(&e.puzzle, &a.moves).unwrap();
            assert!(
                a.lower as usize <= known && known <= a.moves.len(),
                "board {i}: {} <= {known} <= {}",
                a.lower,
                a.moves.len()
            );
            if ms > 1e8 {
                assert!(
                    a.optimal() && a.moves.len() == known,
                    "board {i} with IDA*: {:?}",
                    a.proof
                );
            }
        }
    }
}

/// Three Flood IDs as `sgt-flood --generate 3 5x5c4` printed them.
const FLOOD_IDS: &str = "5x5:0013132130330000222111012,11\n5x5:1232330230033122323000132,13\n5x5:1030212032121120303010321,13\n";

#[test]
fn a_file_of_flood_ids_is_a_collection() {
    let entries = FloodIt::read_collection(FLOOD_IDS, "flood.txt").expect("reads");
    assert_eq!(entries.len(), 3);
    assert_eq!(entries[2].id, "flood.txt:3");
    for (e, line) in entries.iter().zip(FLOOD_IDS.lines()) {
        assert_eq!(e.puzzle, formats::from_tatham(line).expect("one ID"));
    }
    assert_eq!(
        studio::bench::count_entries(studio::kinds::Kind::FloodIt, FLOOD_IDS, "f").expect("counts"),
        3
    );
    assert_eq!(
        FloodIt::read_collection(FLOOD_IDS.lines().next().unwrap(), "one").expect("reads").len(),
        1
    );
}

/// The anytime solve's SAT phase (issue 32), taken at once instead of A*, against breadth-first
/// search on small random boards: every UNSAT it answers raises the bound by one, so the bound
/// never passes the minimum; run to the end it proves the minimum; stopped at once it keeps
/// the greedy's answer and Puchert's bound.
#[test]
fn the_anytime_sat_phase_agrees_with_breadth_first_search() {
    use studio::kinds::floodit::optimum;
    let mut rng = fastrand::Rng::with_seed(32);
    for _ in 0..150 {
        let p = random_board(rng.usize(2..=6), rng.usize(2..=6), rng.u8(2..=6), &mut rng);
        let want = bfs_minimum(&p);
        let g = Graph::of(&p);
        let (f0, _) = search::root(&g);
        let rows = p.symbol_rows();
        let mut heard = Vec::new();
        let mut on_bounds = |m: &[u8], l: u32| heard.push((m.len(), l));
        let a = optimum::anytime_with(&g, &f0, 1 << 20, Some(0), None, Some(&mut on_bounds));
        check::verify(&p, &a.moves).unwrap();
        assert!(a.optimal(), "{rows:?}: {:?}", a.proof);
        assert_eq!(a.moves.len(), want, "{rows:?}: {:?}", a.proof);
        assert!(heard.iter().all(|&(m, l)| l as usize <= want && want <= m), "{rows:?}: {heard:?}");
        assert!(heard.windows(2).all(|w| w[1].0 <= w[0].0 && w[1].1 >= w[0].1), "{heard:?}");
        // Stopped by the monitor after a few calls: a bound at most the minimum.
        for calls in [1, 3] {
            let mut left = calls;
            let monitor = studio::sat::Monitor::new(0.0, move |_| {
                left -= 1;
                left > 0
            });
            let a = optimum::anytime_with(&g, &f0, 1 << 20, Some(0), Some(monitor), None);
            check::verify(&p, &a.moves).unwrap();
            assert!(
                a.lower as usize <= want && want <= a.moves.len(),
                "{rows:?}: {} <= {want} <= {}",
                a.lower,
                a.moves.len()
            );
        }
    }
}

/// The colours-left clauses of the anytime SAT phase keep exactly the lengths that have a
/// solution: with them, SAT answers "a solution within `j` moves" for every `j` up to past the
/// minimum exactly as breadth-first search does (UNSAT below the minimum, SAT from it on), and
/// every model decodes to a checked solution of at most `j` moves.
#[test]
fn colours_left_clauses_keep_every_solvable_length() {
    use studio::kinds::floodit::{encode, optimum};
    use studio::sat::{Cnf, Solver};
    let mut rng = fastrand::Rng::with_seed(33);
    for _ in 0..200 {
        let p = random_board(rng.usize(2..=6), rng.usize(2..=6), rng.u8(2..=6), &mut rng);
        let want = bfs_minimum(&p);
        let g = Graph::of(&p);
        let (f0, _) = search::root(&g);
        let horizon = want + 2;
        let mut cnf = Cnf::new();
        let vars = encode::encode(&g, &[g.start], horizon, &mut cnf);
        encode::count_colours(&g, &vars, &mut cnf);
        let mut solver = Solver::new(&cnf);
        for j in 0..=horizon {
            let r = solver.solve_under(&[vars.goal[j]]).unwrap();
            assert_eq!(r.is_some(), j >= want, "j = {j}, minimum {want}: {:?}", p.symbol_rows());
            if let Some(model) = r {
                let moves = optimum::decode(&g, &f0, &vars, &model, j);
                assert!(moves.len() <= j);
                check::verify(&p, &moves).unwrap();
            }
        }
    }
}

/// After the player floods the board, the status speaks of their moves against the minimum.
#[test]
fn the_finish_is_said_in_the_players_terms() {
    use studio::kinds::floodit::page::finish_text;
    assert_eq!(
        finish_text(11, 11, None),
        "You flooded the board in 11 moves: the fewest possible (the solver proved that fewer \
         moves cannot flood it)."
    );
    assert!(finish_text(13, 11, None).contains("13 moves, 2 more than the fewest possible, 11"));
    assert!(finish_text(20, 22, Some(18)).contains("fewer than the solver's best, 22"));
    let t = finish_text(23, 22, Some(20));
    assert!(t.contains("takes 22 moves, and no solution has fewer than 20 moves"), "{t}");
    for t in [finish_text(1, 1, None), finish_text(3, 2, Some(1))] {
        assert!(!t.contains("UNSAT") && !t.contains("A*") && !t.contains("1 moves"), "{t}");
    }
}

/// A bad symbol is placed as the hints and editors place cells: row and column counted from 1.
#[test]
fn a_bad_cell_is_named_by_row_and_column_from_one() {
    let e = FloodIt::new(2, 3, &['a', 'b', 'a', 'b', '!', 'a'], (0, 0)).unwrap_err();
    assert!(e.to_string().contains("row 2, column 2"), "{e}");
}
