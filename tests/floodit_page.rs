//! Flood-It's page helpers: the colours' keys and the arrows among the swatches, and the New
//! board menu's colour counts.

use studio::kinds::floodit::{generate, page};

#[test]
fn each_colour_has_one_key_and_each_key_one_colour() {
    // 1 to 9, then a to g, as ColorFill writes the colours: the key a swatch shows plays it.
    let keys: String = (0..16).map(|c| page::colour_key(c).unwrap()).collect();
    assert_eq!(keys, "123456789abcdefg");
    assert_eq!(page::colour_key(16), None);
    for n in 2..=16usize {
        for c in 0..n as u8 {
            let k = page::colour_key(c).unwrap().to_string();
            assert_eq!(page::key_colour(&k, n), Some(c));
            assert_eq!(page::key_colour(&k.to_ascii_uppercase(), n), Some(c));
        }
        // Keys past the board's colours, and other keys, play nothing.
        let past = page::colour_key(n as u8).map(|k| k.to_string());
        if let Some(k) = past {
            assert_eq!(page::key_colour(&k, n), None);
        }
    }
    for other in ["0", "h", "z", " ", "Enter", "ArrowLeft", "12", "", "é"] {
        assert_eq!(page::key_colour(other, 16), None, "{other:?}");
    }
}

#[test]
fn the_arrows_go_round_the_swatches() {
    assert_eq!(page::swatch_step("ArrowRight", 0, 4), Some(1));
    assert_eq!(page::swatch_step("ArrowDown", 3, 4), Some(0));
    assert_eq!(page::swatch_step("ArrowLeft", 0, 4), Some(3));
    assert_eq!(page::swatch_step("ArrowUp", 2, 4), Some(1));
    assert_eq!(page::swatch_step("Home", 2, 4), Some(0));
    assert_eq!(page::swatch_step("End", 0, 4), Some(3));
    assert_eq!(page::swatch_step("1", 0, 4), None);
    // A swatch past the board's last (a smaller board replaced it) moves from the last.
    assert_eq!(page::swatch_step("ArrowRight", 9, 4), Some(0));
    assert_eq!(page::swatch_step("ArrowRight", 0, 0), Some(0));
}

#[test]
fn the_new_board_menu_offers_only_colour_counts_the_size_can_hold() {
    // The page's Colours menu runs 2 to max_colours(size): every choice makes a board, and one
    // more does not (a 2x2 board asked for 16 colours failed after the press).
    for size in 2..=30usize {
        let max = page::max_colours(size);
        let p = generate::generate(size, max, 7, None).expect("the menu's largest choice");
        assert_eq!(p.n_colours(), max, "{size}x{size}");
        assert!(generate::generate(size, 2, 7, None).is_ok());
        if max < 16 {
            assert!(generate::generate(size, max + 1, 7, None).is_err(), "{size}x{size}");
        }
    }
    assert_eq!(page::max_colours(2), 4);
    assert_eq!(page::max_colours(3), 9);
    assert_eq!(page::max_colours(4), 16);
    assert_eq!(page::max_colours(30), 16);
}
