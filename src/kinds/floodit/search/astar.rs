//! A* over sets of flooded components, with the positions stored in chunked arenas.

use super::common::*;

/// A* from the flood `f0` (a set of components containing the start), storing at most
/// `node_limit` positions. `upper` is the length of a solution the caller already has
/// (`u32::MAX` for none): positions with `g + bound >= upper` are not expanded, and the search
/// ends with [`Exact::NothingBelow`] once every shorter line is ruled out. `poll` is called
/// about every thousand expansions (see [`Poll`]).
pub fn astar(
    g: &Graph,
    f0: &[u64],
    node_limit: usize,
    upper: u32,
    poll: Poll,
) -> Result<Exact, SearchError> {
    by_width!(g, astar_w(g, f0, node_limit, upper, poll), Ok(Exact::Full(0, Figures::default())))
}

fn astar_w<const W: usize>(
    g: &Graph,
    f0s: &[u64],
    node_limit: usize,
    mut upper: u32,
    poll: Poll,
) -> Result<Exact, SearchError> {
    let sets = Sets::<W>::of(g);
    let f0: [u64; W] = arr(f0s);
    let n0 = sets.frontier(&f0);
    let root_bound = sets.bound(&f0, &n0);
    let mut store = Store::<W> { chunks: Vec::new(), len: 0 };
    store.push(f0, n0, Node { parent: u32::MAX, g: 0, mv: 0, h: root_bound as u16, counted: true });
    // Open addressing: (fingerprint << 32 | id), 0 for empty; the fingerprint spares most
    // lookups a visit to the state itself.
    let mut table: Vec<u64> = vec![0; 1 << 12];
    let mut mask = table.len() - 1;
    let entry = |h: u64, id: u32| -> u64 { ((h >> 32) | 1) << 32 | u64::from(id) };
    let h0 = hash(&f0);
    table[h0 as usize & mask] = entry(h0, 0);
    let mut heap = Buckets { by_f: Vec::new(), min_f: usize::MAX };
    heap.push(root_bound as usize, 0, 0);
    let mut expanded = 0u64;
    let mut lower = root_bound;
    let mut kids: Vec<Child<W>> = Vec::with_capacity(g.k);
    let figures = |expanded: u64, stored: usize| Figures { expanded, stored };

    while let Some((f_val, gg, id)) = heap.pop() {
        if f_val >= upper {
            // Every position left has g + bound >= upper: no line shorter than upper exists.
            return Ok(Exact::NothingBelow(upper, figures(expanded, store.len)));
        }
        let (f, n, node) = *store.get(id);
        if node.g != gg {
            continue; // a stale entry: the position was reached again more cheaply
        }
        if !node.counted {
            // Lazy evaluation: the bound is computed only when the position comes up, and only
            // as far as needed to tell whether it still fits under f_val.
            let (b, _) = sets.bound_upto(&f, &n, f_val - u32::from(gg));
            let h = (b.min(u32::from(u16::MAX)) as u16).max(node.h);
            let nd = store.node(id);
            nd.h = h;
            // Counted once only: a count stopped above the cap proved `b`, a lower bound that A*
            // may expand on when its level comes (counting again to the new cap found the same
            // value on every one of the 214 000 such positions of 150 pc19 boards).
            nd.counted = true;
            if u32::from(gg + h) > f_val {
                if u32::from(gg + h) < upper {
                    heap.push(usize::from(gg + h), usize::from(gg), id);
                }
                continue;
            }
        }
        // f_val is the smallest g + bound in the open list: every shorter line is ruled out.
        lower = lower.max(f_val);
        if is_zero(&n) {
            // Nothing left to flood: read the moves back.
            let mut moves = Vec::with_capacity(gg as usize);
            let mut at = id;
            while store.get(at).2.parent != u32::MAX {
                moves.push(store.get(at).2.mv);
                at = store.get(at).2.parent;
            }
            moves.reverse();
            return Ok(Exact::Found(moves, figures(expanded, store.len)));
        }
        let parent_h = store.get(id).2.h;
        expanded += 1;
        if expanded & 1023 == 0 {
            match poll(expanded, lower) {
                None => return Err(SearchError::Stopped),
                Some(u) => upper = upper.min(u),
            }
        }
        // The frontier components the last move opened (those not on the parent's frontier).
        let last_stays = node.parent != u32::MAX && {
            let col = &sets.colour[usize::from(node.mv)];
            (0..W).any(|i| col[i] & !f[i] != 0)
        };
        let last_opened = last_stays.then(|| {
            let pn = &store.get(node.parent).1;
            let mut o = [0u64; W];
            for i in 0..W {
                o[i] = n[i] & !pn[i];
            }
            o
        });
        sets.children(&f, &n, last_opened.as_ref().map(|o| (usize::from(node.mv), o)), &mut kids);
        let child_g = gg + 1;
        // Pathmax: a move lowers the bound by at most one.
        let provisional = parent_h.saturating_sub(1);
        for kid in &kids {
            let (child_f, child_n, c) = (kid.f, kid.n, kid.colour);
            // Look the position up.
            let hv = hash(&child_f);
            let want = ((hv >> 32) | 1) << 32;
            let mut slot = hv as usize & mask;
            let mut found = u32::MAX;
            loop {
                let e = table[slot];
                if e == 0 {
                    break;
                }
                if e & !0xffff_ffff == want && store.get((e & 0xffff_ffff) as u32).0 == child_f {
                    found = (e & 0xffff_ffff) as u32;
                    break;
                }
                slot = (slot + 1) & mask;
            }
            let target = if found != u32::MAX {
                let old = *store.node(found);
                if old.g <= child_g {
                    continue;
                }
                let h = if old.counted { old.h } else { old.h.max(provisional) };
                *store.node(found) =
                    Node { parent: id, g: child_g, mv: c, h, counted: old.counted };
                found
            } else {
                if store.len >= node_limit {
                    return Ok(Exact::Full(lower.min(upper), figures(expanded, store.len)));
                }
                let nid = store.push(
                    child_f,
                    child_n,
                    Node { parent: id, g: child_g, mv: c, h: provisional, counted: false },
                );
                table[slot] = entry(hv, nid);
                if store.len * 2 > table.len() {
                    let size = table.len() * 2;
                    table = vec![0; size];
                    mask = size - 1;
                    for j in 0..store.len {
                        let h = hash(&store.get(j as u32).0);
                        let mut s = h as usize & mask;
                        while table[s] != 0 {
                            s = (s + 1) & mask;
                        }
                        table[s] = entry(h, j as u32);
                    }
                }
                nid
            };
            let t = store.get(target).2;
            let f_child = u32::from(child_g + t.h);
            if f_child < upper {
                heap.push(f_child as usize, usize::from(child_g), target);
            }
        }
    }
    // The open list ran dry: every line shorter than upper was ruled out.
    Ok(Exact::NothingBelow(upper, figures(expanded, store.len)))
}
