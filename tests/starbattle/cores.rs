//! `cores`: the backbone against brute force, cores that force their cell and need every unit.
use super::*;
use studio::kinds::starbattle::cores::Cores;
use studio::kinds::starbattle::logic::{Board, Cell};

/// On random small boards, from the start and from a few decided cells of an answer: the
/// backbone is exactly the open cells every brute-force answer (agreeing with those cells)
/// decides alike; each forced cell's core forces it, and leaving out any one of its units does
/// not; the radius's units force it and one less does not.
#[test]
fn backbone_and_cores_agree_with_brute_force() {
    let mut rng = fastrand::Rng::with_seed(38);
    let (mut boards, mut cores_checked, mut smaller_than_all) = (0, 0, 0);
    for (n, k, rounds) in [(5, 1, 30), (6, 1, 30), (7, 1, 10)] {
        for _ in 0..rounds {
            let regions = random_regions(n, &mut rng);
            let answers = brute_solutions(&regions, k);
            let puzzle = StarBattle::new(regions, k).unwrap();
            let board = Board::new(&puzzle);
            let Some(first) = answers.first() else {
                assert!(Cores::new(&board, &board.start()).is_none(), "no answer, none found");
                continue;
            };
            boards += 1;
            // The start, then one star of the first answer decided.
            let star_at = first.iter().position(|&s| s).unwrap();
            let mut one = board.start();
            one[star_at] = Cell::Star;
            for cells in [board.start(), one] {
                let agreeing: Vec<&Vec<bool>> = answers
                    .iter()
                    .filter(|a| (0..n * n).all(|i| cells[i] != Cell::Star || a[i]))
                    .collect();
                let mut cores = Cores::new(&board, &cells).expect("an answer agrees");
                let expected: Vec<(usize, bool)> = (0..n * n)
                    .filter(|&i| cells[i] == Cell::Open)
                    .filter(|&i| agreeing.iter().all(|a| a[i] == agreeing[0][i]))
                    .map(|i| (i, agreeing[0][i]))
                    .collect();
                let backbone = cores.backbone(&cells);
                assert_eq!(backbone, expected, "backbone of {n}x{n}");
                for &(i, star) in backbone.iter().take(4) {
                    let core = cores.core(i, star).expect("a forced cell has a core");
                    assert!(cores.forces(&core, i, star), "the core forces the cell");
                    for drop in 0..core.len() {
                        let less: Vec<usize> =
                            core.iter().enumerate().filter(|p| p.0 != drop).map(|p| *p.1).collect();
                        assert!(!cores.forces(&less, i, star), "every unit of the core is needed");
                    }
                    assert!(!cores.forces(&core, i, !star), "the other value is not forced too");
                    let rad = cores.radius(i, star).expect("forced within the board");
                    assert!(rad == 0 || cores.radius_forces(i, star, rad - 1) == Some(false));
                    cores_checked += 1;
                    if core.len() < board.units.len() {
                        smaller_than_all += 1;
                    }
                }
                // An open cell that is not forced has no core.
                if let Some(i) = (0..n * n)
                    .find(|&i| cells[i] == Cell::Open && !backbone.iter().any(|b| b.0 == i))
                {
                    assert_eq!(cores.core(i, true), None);
                    assert_eq!(cores.core(i, false), None);
                }
            }
        }
    }
    assert!(boards >= 10 && cores_checked >= 40, "{boards} boards, {cores_checked} cores");
    assert_eq!(smaller_than_all, cores_checked, "a core never needs every unit here");
}

/// A region of one cell forces its star alone, and the no-touch rule empties its neighbours
/// with that region alone; radius 0.
#[test]
fn a_region_of_one_cell_is_its_own_core() {
    // Stars of an answer: (0,0), (1,2), (2,4), (3,1), (4,3); region 0 is the cell (1,2) alone.
    let rows = ["11111", "11022", "22222", "33333", "44444"];
    let labels: Vec<Option<u32>> =
        rows.iter().flat_map(|r| r.bytes().map(|b| Some((b - b'0') as u32))).collect();
    let puzzle = StarBattle::new(Grid::from_cells(5, 5, labels).unwrap(), 1).unwrap();
    let board = Board::new(&puzzle);
    let mut cores = Cores::new(&board, &board.start()).expect("an answer");
    let region = 2 * 5 + board.region[7].unwrap();
    assert_eq!(cores.core(7, true), Some(vec![region]));
    assert_eq!(cores.core(1, false), Some(vec![region]), "(0,1) touches (1,2)");
    assert_eq!(cores.radius(7, true), Some(0));
    assert!(!cores.forces(&[], 7, true), "no unit forces nothing");
    // Two touching stars: no answer.
    let mut cells = board.start();
    cells[0] = Cell::Star;
    cells[1] = Cell::Star;
    assert!(Cores::new(&board, &cells).is_none());
}
