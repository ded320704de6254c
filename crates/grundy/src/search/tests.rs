use super::*;
use crate::game::{value, Cache, Unsplit};
use crate::games::{Chomp, Cram};

/// A small deterministic generator (xorshift), so failures repeat.
fn rng(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

#[test]
fn cram_random_boards_match_the_plain_solver() {
    let mut seed = 0x9e37_79b9_7f4a_7c15;
    let mut checked = 0;
    for _ in 0..300 {
        let rows = 1 + (rng(&mut seed) % 4) as u8;
        let cols = 1 + (rng(&mut seed) % 5) as u8;
        let cram = Cram::new(rows, cols).unwrap();
        // Block about one cell in five.
        let mut pos = cram.start();
        for bit in 0..64 {
            if rng(&mut seed) % 5 == 0 {
                pos &= !(1u64 << bit);
            }
        }
        // The plain solver without components: an independent path.
        let expected = value(&Unsplit(&cram), &pos, &mut Cache::new()).unwrap();
        let with_parts = value(&cram, &pos, &mut Cache::new()).unwrap();
        assert_eq!(with_parts, expected, "{}", cram.render(pos));
        let mut tiny = Search::with_memory(&cram, 1);
        let mut big = Search::new(&cram);
        assert_eq!(big.nimber(&pos).unwrap(), expected, "{}", cram.render(pos));
        assert_eq!(tiny.nimber(&pos).unwrap(), expected, "{}", cram.render(pos));
        assert_eq!(
            Search::new(&cram).is_p(&pos).unwrap(),
            expected == Nimber(0),
            "{}",
            cram.render(pos)
        );
        checked += 1;
    }
    assert_eq!(checked, 300);
}

#[test]
fn chomp_random_diagrams_match_the_plain_solver() {
    let mut seed = 12345;
    for _ in 0..200 {
        let rows = 1 + (rng(&mut seed) % 5) as u8;
        let cols = 1 + (rng(&mut seed) % 6) as u8;
        let chomp = Chomp::new(rows, cols).unwrap();
        // A random Young diagram: non-increasing row lengths, first >= 1.
        let mut pos = 0u128;
        let mut len = cols;
        for r in 0..rows {
            len = if r == 0 {
                1 + (rng(&mut seed) % u64::from(cols)) as u8
            } else {
                (rng(&mut seed) % (u64::from(len) + 1)) as u8
            };
            pos |= u128::from(len) << (8 * r);
        }
        let expected = value(&chomp, &pos, &mut Cache::new()).unwrap();
        assert_eq!(Search::new(&chomp).nimber(&pos).unwrap(), expected);
        assert_eq!(
            Search::with_memory(&chomp, 1).is_p(&pos).unwrap(),
            expected == Nimber(0)
        );
    }
}

#[test]
fn published_cram_values() {
    // Beling & Rogalski, "On pruning search trees of impartial games"
    // (AI 2020), table of Cram values: 4x5 = 2, 5x5 = 0;
    // even-by-even boards are P by the symmetry strategy.
    for (r, c, v) in [(4, 5, 2), (5, 5, 0), (4, 4, 0), (2, 6, 0), (4, 6, 0)] {
        let cram = Cram::new(r, c).unwrap();
        assert_eq!(
            Search::new(&cram).nimber(&cram.start()).unwrap(),
            Nimber(v),
            "{r}x{c}"
        );
    }
}
