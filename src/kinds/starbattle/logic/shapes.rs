//! Rank 3, region shapes and squeezes: every placement of a unit's missing stars.

use super::*;

/// What the shapes rule looks at for one unit: the unit `u`, its `s` missing stars and its open
/// `cells`, with what the state gives every unit (each unit's missing stars, the open cells as
/// bits, the nearly full units a placement must leave room in).
#[derive(Clone, Copy)]
pub(super) struct Look<'a> {
    pub u: usize,
    pub s: usize,
    pub cells: &'a [usize],
    pub need: &'a [usize],
    pub open: &'a [u64],
    pub tight_units: &'a [usize],
}

impl State<'_> {
    pub(super) fn shapes(&self) -> R {
        let b = self.b;
        let n = b.n;
        let need = self.needs();
        let open = self.open_bits();
        let units = b.units.len();
        // Units with little room, which a placement must leave room in.
        let tight_units: Vec<usize> =
            (0..units).filter(|&u| need[u] > 0 && self.open[u] as usize <= need[u] + 3).collect();
        // Regions first, then rows and columns.
        let order = (2 * n..units).chain(0..2 * n);
        let mut cover: Bits = vec![0u64; b.words];
        let mut keep: Vec<u64> = Vec::new();
        for u in order {
            let s = need[u];
            let o = self.open[u] as usize;
            if s == 0 || o > SHAPES_OPEN_MAX || o <= s {
                continue;
            }
            let cells = self.open_in(&b.units[u]);
            if cells.len() > SHAPES_OPEN_MAX || cells.len() <= s {
                continue;
            }
            let look =
                Look { u, s, cells: &cells, need: &need, open: &open, tight_units: &tight_units };
            if self.shapes_quiet(look, &mut cover) {
                continue;
            }
            keep.clear();
            match self.placements(look, &mut keep) {
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
                        if !keep.is_empty() {
                            // The placements that made the answer what it is: next time, while
                            // they are all still placements, the answer is still nothing.
                            let mut seen = self.shapes_seen.borrow_mut();
                            if seen.is_empty() {
                                seen.resize(units, (0, Vec::new()));
                            }
                            // (With the ones kept before, which may be placements again
                            // in another state, up to SEEN_MAX.)
                            let (ws, flat) = &mut seen[u];
                            let old = if *ws == s { std::mem::take(flat) } else { Vec::new() };
                            *ws = s;
                            flat.clear();
                            for &chosen in &keep {
                                let mut x = chosen;
                                while x != 0 {
                                    flat.push(cells[x.trailing_zeros() as usize] as u16);
                                    x &= x - 1;
                                }
                            }
                            for w in old.chunks(s) {
                                if flat.len() >= SEEN_MAX * s {
                                    break;
                                }
                                if !flat.chunks(s).any(|x| x == w) {
                                    flat.extend_from_slice(w);
                                }
                            }
                        }
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

    /// Whether the placements kept for unit `u` (see the field `shapes_seen`) still show that
    /// the shapes rule finds nothing there: those that are still placements [`State::placements`]
    /// counts (their cells open, no line or region over its count, no nearly full unit left
    /// without room) together leave no cell of the unit in all or in none and no cell outside
    /// it emptied by all. The placements the enumeration would find include these, so it finds
    /// nothing either (and does not break).
    fn shapes_quiet(&self, look: Look, cover: &mut [u64]) -> bool {
        let Look { u, s, cells, need, open, tight_units } = look;
        let seen = self.shapes_seen.borrow();
        let Some((ws, flat)) = seen.get(u) else { return false };
        if *ws != s || flat.is_empty() {
            return false;
        }
        let b = self.b;
        let m = cells.len();
        let outside = |w: usize| open[w] & !b.unit_bits[u][w];
        let all = if m == 64 { u64::MAX } else { (1u64 << m) - 1 };
        // The unit's open cells in each other line or region.
        let mut in_u: Vec<(usize, usize)> = Vec::with_capacity(2 * m);
        for &i in cells {
            for v in b.units_of(i).into_iter().flatten().filter(|&v| v != u) {
                match in_u.iter_mut().find(|h| h.0 == v) {
                    Some(h) => h.1 += 1,
                    None => in_u.push((v, 1)),
                }
            }
        }
        let (mut always, mut ever) = (u64::MAX, 0u64);
        let mut inter: Option<Bits> = None;
        for w in flat.chunks(s) {
            let mut chosen = 0u64;
            // The other units through its stars, and its stars in each.
            let mut held: [(usize, usize); 10] = [(usize::MAX, 0); 10];
            let mut n_held = 0;
            let mut gone = false;
            for &i in w {
                let i = i as usize;
                let Some(j) = cells.iter().position(|&c| c == i) else {
                    gone = true;
                    break;
                };
                chosen |= 1u64 << j;
                for v in b.units_of(i).into_iter().flatten().filter(|&v| v != u) {
                    match held[..n_held].iter().position(|h| h.0 == v) {
                        Some(h) => held[h].1 += 1,
                        None if n_held < held.len() => {
                            held[n_held] = (v, 1);
                            n_held += 1;
                        }
                        None => gone = true,
                    }
                }
            }
            if gone || held[..n_held].iter().any(|&(v, c)| c > need[v]) {
                continue;
            }
            // What it empties outside the unit.
            cover.iter_mut().for_each(|x| *x = 0);
            for &i in w {
                let (lo, hi) = b.nb_words[i as usize];
                for x in lo..=hi {
                    cover[x] |= b.nb_bits[i as usize][x];
                }
            }
            for &(v, c) in &held[..n_held] {
                if c == need[v] {
                    let (lo, hi) = b.unit_words[v];
                    for x in lo..=hi {
                        cover[x] |= b.unit_bits[v][x];
                    }
                }
            }
            for (x, c) in cover.iter_mut().enumerate() {
                *c &= outside(x);
            }
            for &v in tight_units.iter().filter(|&&v| v != u) {
                let placed = held[..n_held].iter().find(|h| h.0 == v).map_or(0, |h| h.1);
                if placed >= need[v] {
                    continue;
                }
                // Its open cells outside the unit, less those the placement empties.
                let (lo, hi) = b.unit_words[v];
                let mut covered = 0usize;
                for x in lo..=hi {
                    let c = b.unit_bits[v][x] & cover[x];
                    if c != 0 {
                        covered += c.count_ones() as usize;
                    }
                }
                let inside = in_u.iter().find(|h| h.0 == v).map_or(0, |h| h.1);
                let room = self.open[v] as usize - inside - covered;
                if placed + room < need[v] {
                    gone = true;
                    break;
                }
            }
            if gone {
                continue;
            }
            always &= chosen;
            ever |= chosen;
            let none_out = match &mut inter {
                None => {
                    inter = Some(cover.to_vec());
                    cover.iter().all(|&x| x == 0)
                }
                Some(acc) => {
                    acc.iter_mut().zip(cover.iter()).for_each(|(a, c)| *a &= c);
                    acc.iter().all(|&x| x == 0)
                }
            };
            if always == 0 && ever == all && none_out {
                // Shown already: the rest need not be checked.
                return true;
            }
        }
        false
    }

    /// Every placement of `s` stars in the open `cells` of unit `u`: the cells in all of them,
    /// the cells in any, the cells outside the unit every placement empties, and how many there
    /// are; `Ok(None)` when there are more than [`PLACEMENTS_MAX`]; `Err` when there is none.
    #[allow(clippy::type_complexity)]
    pub(super) fn placements(
        &self,
        look: Look,
        keep: &mut Vec<u64>,
    ) -> Result<Option<(u64, u64, Bits, usize)>, ()> {
        let Look { u, s, cells, need, open, tight_units } = look;
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
        // What a placement can empty outside the unit: its cells' neighbours and the other lines
        // and regions through them. A nearly full unit apart from all that keeps all its room
        // in every placement (and has no star of it): checked once here, not per placement.
        let mut reach: Bits = vec![0u64; b.words];
        for (j, &i) in cells.iter().enumerate() {
            let (lo, hi) = b.nb_words[i];
            for (w, x) in reach[lo..=hi].iter_mut().zip(&b.nb_bits[i][lo..=hi]) {
                *w |= x;
            }
            for v in units_of[j].iter().flatten().filter(|&&v| v != u) {
                let (lo, hi) = b.unit_words[*v];
                for (w, x) in reach[lo..=hi].iter_mut().zip(&b.unit_bits[*v][lo..=hi]) {
                    *w |= x;
                }
            }
        }
        let mut near_units: Vec<usize> = Vec::with_capacity(tight_units.len());
        for &v in tight_units.iter().filter(|&&v| v != u) {
            let (lo, hi) = b.unit_words[v];
            let bits = &b.unit_bits[v][lo..=hi];
            if bits.iter().zip(&reach[lo..=hi]).any(|(x, r)| x & r != 0) {
                near_units.push(v);
                continue;
            }
            let room: u32 =
                bits.iter().zip(&outside_open[lo..=hi]).map(|(x, o)| (x & o).count_ones()).sum();
            if (room as usize) < need[v] {
                // Every placement would leave it without room.
                return Err(());
            }
        }
        // Depth-first over the cells in order, with bits: `avail` holds the cells a further star
        // may take (after the last one, touching none, in no line or region already full), and
        // the cover (what the placement so far empties outside the unit) grows one star at a time.
        let words = b.words;
        // The other units through the cells: each cell's (at most two), as local indices.
        let mut touched: Vec<usize> = Vec::with_capacity(2 * m);
        let mut cell_units: Vec<[u8; 2]> = Vec::with_capacity(m);
        for us in &units_of {
            let mut ju = [u8::MAX; 2];
            for (slot, &v) in ju.iter_mut().zip(us.iter().flatten().filter(|&&v| v != u)) {
                let t = match touched.iter().position(|&x| x == v) {
                    Some(t) => t,
                    None => {
                        touched.push(v);
                        touched.len() - 1
                    }
                };
                *slot = t as u8;
            }
            cell_units.push(ju);
        }
        let mut in_unit = vec![0u64; touched.len()];
        for (j, ju) in cell_units.iter().enumerate() {
            for &t in ju.iter().filter(|&&t| t != u8::MAX) {
                in_unit[t as usize] |= 1u64 << j;
            }
        }
        let unit_need: Vec<usize> = touched.iter().map(|&v| need[v]).collect();
        // Cells in a line or region that needs no more stars never hold one.
        let mut start = if m == 64 { u64::MAX } else { (1u64 << m) - 1 };
        for (t, &nv) in unit_need.iter().enumerate() {
            if nv == 0 {
                start &= !in_unit[t];
            }
        }
        // Each cell's neighbours outside the unit that are open.
        let mut nb_open = vec![0u64; m * words];
        for (j, &i) in cells.iter().enumerate() {
            let (lo, hi) = b.nb_words[i];
            for w in lo..=hi {
                nb_open[j * words + w] = b.nb_bits[i][w] & outside_open[w];
            }
        }
        // The nearly full units in reach: their local index (if a cell of the unit is in them),
        // need, words and open cells outside the unit.
        let tight: Vec<(u8, usize, usize, Vec<u64>, usize)> = near_units
            .iter()
            .map(|&v| {
                let t = touched.iter().position(|&x| x == v).map_or(u8::MAX, |t| t as u8);
                let (lo, hi) = b.unit_words[v];
                let bits: Vec<u64> =
                    (lo..=hi).map(|w| b.unit_bits[v][w] & outside_open[w]).collect();
                let room = bits.iter().map(|x| x.count_ones() as usize).sum();
                (t, need[v], lo, bits, room)
            })
            .collect();
        let mut e = Enum {
            b,
            s,
            words,
            conflict: &conflict,
            cell_units: &cell_units,
            in_unit: &in_unit,
            touched: &touched,
            unit_need: &unit_need,
            nb_open: &nb_open,
            outside_open: &outside_open,
            tight: &tight,
            counts: vec![0; touched.len()],
            cover: vec![0u64; (s + 1) * words],
            always: u64::MAX,
            ever: 0,
            inter: vec![u64::MAX; words],
            count: 0,
            keep,
            keep_over: false,
        };
        if !e.rec(0, start, 0) {
            return Ok(None);
        }
        if e.count == 0 {
            return Err(());
        }
        Ok(Some((e.always, e.ever, e.inter, e.count)))
    }
}

/// The enumeration of [`State::placements`]: the unit's cells as bits (bit j: `cells[j]`).
struct Enum<'a> {
    b: &'a Board,
    /// Stars to place.
    s: usize,
    words: usize,
    /// The unit's cells next to each of its cells.
    conflict: &'a [u64],
    /// The other units through each cell (local indices, `u8::MAX` for none).
    cell_units: &'a [[u8; 2]],
    /// Each other unit's cells in the unit, its index on the board and the stars it needs.
    in_unit: &'a [u64],
    touched: &'a [usize],
    unit_need: &'a [usize],
    /// Each cell's open neighbours outside the unit (`words` words per cell).
    nb_open: &'a [u64],
    outside_open: &'a [u64],
    /// The nearly full units in reach: local index, need, first word, open cells outside the
    /// unit and how many.
    tight: &'a [(u8, usize, usize, Vec<u64>, usize)],
    /// The placement's stars in each other unit.
    counts: Vec<usize>,
    /// The cover after each star placed (`words` words per depth).
    cover: Vec<u64>,
    always: u64,
    ever: u64,
    inter: Bits,
    count: usize,
    /// The placements that changed `always`, `ever` or `inter` (all the others change none),
    /// up to [`KEEP_MAX`]; emptied when there are more.
    keep: &'a mut Vec<u64>,
    keep_over: bool,
}

/// The most placements one enumeration keeps for [`State::shapes_quiet`].
const KEEP_MAX: usize = 24;
/// The most placements kept for a unit, from this enumeration and earlier ones.
const SEEN_MAX: usize = 48;

impl Enum<'_> {
    /// Places the stars after the first `d` (chosen so far: `chosen`) in the cells of `avail`;
    /// false when there are more than [`PLACEMENTS_MAX`] placements.
    fn rec(&mut self, d: usize, avail: u64, chosen: u64) -> bool {
        let w = self.words;
        if d == self.s {
            return self.visit(chosen);
        }
        let left = self.s - d;
        let mut rest = avail;
        while rest != 0 {
            if (rest.count_ones() as usize) < left {
                break;
            }
            let j = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let mut next = rest & !self.conflict[j];
            // The cover with this star: its neighbours, and the lines and regions it fills.
            let (base, top) = self.cover.split_at_mut((d + 1) * w);
            let (now, new) = (&base[d * w..], &mut top[..w]);
            let nb = &self.nb_open[j * w..(j + 1) * w];
            for x in 0..w {
                new[x] = now[x] | nb[x];
            }
            for &t in self.cell_units[j].iter().filter(|&&t| t != u8::MAX) {
                let t = t as usize;
                self.counts[t] += 1;
                if self.counts[t] == self.unit_need[t] {
                    next &= !self.in_unit[t];
                    let v = self.touched[t];
                    let (lo, hi) = self.b.unit_words[v];
                    for x in lo..=hi {
                        new[x] |= self.b.unit_bits[v][x] & self.outside_open[x];
                    }
                }
            }
            let go = self.rec(d + 1, next, chosen | 1u64 << j);
            for &t in self.cell_units[j].iter().filter(|&&t| t != u8::MAX) {
                self.counts[t as usize] -= 1;
            }
            if !go {
                return false;
            }
        }
        true
    }

    /// One placement: kept unless it leaves a nearly full unit without room.
    fn visit(&mut self, chosen: u64) -> bool {
        let w = self.words;
        let cover = &self.cover[self.s * w..(self.s + 1) * w];
        for (t, nv, lo, bits, room) in self.tight {
            let placed = if *t == u8::MAX { 0 } else { self.counts[*t as usize] };
            if placed >= *nv {
                continue;
            }
            let mut covered = 0usize;
            for (x, c) in bits.iter().zip(&cover[*lo..]) {
                if x & c != 0 {
                    covered += (x & c).count_ones() as usize;
                }
            }
            if placed + (*room - covered) < *nv {
                return true;
            }
        }
        self.count += 1;
        if self.count > PLACEMENTS_MAX {
            return false;
        }
        let mut changed = self.always & chosen != self.always || self.ever | chosen != self.ever;
        self.always &= chosen;
        self.ever |= chosen;
        for (a, c) in self.inter.iter_mut().zip(cover) {
            changed |= *a & c != *a;
            *a &= c;
        }
        if changed && !self.keep_over {
            if self.keep.len() == KEEP_MAX {
                self.keep.clear();
                self.keep_over = true;
            } else {
                self.keep.push(chosen);
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    /// Whenever the placements kept from earlier states (other cells, not only more decided)
    /// say a unit has nothing to find, enumerating its placements afresh finds nothing; and the
    /// rule's answer is the same with the kept placements as without.
    #[test]
    fn kept_placements_agree_with_the_enumeration() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut below = |m: usize| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % m as u64) as usize
        };
        let (mut quiet, mut looked) = (0usize, 0usize);
        for _ in 0..60 {
            let n = 5 + below(10);
            let labels: Vec<Option<u32>> = (0..n * n)
                .map(|i| if i < n { Some(i as u32) } else { Some(below(n) as u32) })
                .collect();
            let grid = Grid::from_cells(n, n, labels).expect("n by n");
            let p = StarBattle::new(grid, 1 + below(3)).expect("n regions");
            let b = Board::new(&p);
            let mut warm = State::new(&b, b.start(), false);
            // A few cells decided, then each state that and up to three more (as the
            // contradictions' trials are).
            let mut base = b.start();
            for c in base.iter_mut() {
                *c = match below(30) {
                    0 => Cell::Star,
                    1..=4 => Cell::Empty,
                    _ => Cell::Open,
                };
            }
            for _ in 0..40 {
                let mut cells = base.clone();
                for _ in 0..below(4) {
                    cells[below(n * n)] = if below(3) == 0 { Cell::Star } else { Cell::Empty };
                }
                warm.set_cells(&cells);
                let fresh = State::new(&b, cells, false);
                let (need, open) = (fresh.needs(), fresh.open_bits());
                let tight: Vec<usize> = (0..b.units.len())
                    .filter(|&u| need[u] > 0 && fresh.open[u] as usize <= need[u] + 3)
                    .collect();
                let mut cover = vec![0u64; b.words];
                for u in 0..b.units.len() {
                    let s = need[u];
                    let cells = fresh.open_in(&b.units[u]);
                    if s == 0 || cells.len() > SHAPES_OPEN_MAX || cells.len() <= s {
                        continue;
                    }
                    looked += 1;
                    let look =
                        Look { u, s, cells: &cells, need: &need, open: &open, tight_units: &tight };
                    if warm.shapes_quiet(look, &mut cover) {
                        quiet += 1;
                        let found = fresh.placements(look, &mut vec![]);
                        let all = (1u64 << cells.len()) - 1;
                        match found {
                            Ok(Some((always, ever, outside, _))) => {
                                assert_eq!((always, ever), (0, all), "n {n} unit {u}");
                                assert!(outside.iter().all(|&w| w == 0), "n {n} unit {u}");
                            }
                            Ok(None) => {}
                            Err(()) => panic!("n {n} unit {u}: kept placements, yet none"),
                        }
                    }
                }
                assert_eq!(format!("{:?}", warm.shapes()), format!("{:?}", fresh.shapes()));
            }
        }
        assert!(quiet * 10 > looked, "the kept placements were used: {quiet} of {looked}");
    }
}
