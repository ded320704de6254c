use super::*;
use crate::game::{value, Cache, Unsplit};
use crate::games::cram::{Cram64, Cram8};
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
        let cols = 1 + (rng(&mut seed) % 10) as u8;
        let cram = Cram::new(rows, cols).unwrap();
        // Block about one cell in five.
        let mut pos = cram.start();
        for r in 0..rows {
            for c in 0..cols {
                if rng(&mut seed) % 5 == 0 {
                    pos &= !cram.cell(r, c);
                }
            }
        }
        if pos.count_ones() > 22 {
            // Keep the plain solver's side quick.
            pos &= !(cram.start() & (cram.start() >> 1));
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
            Search::new(&cram).plain(true).nimber(&pos).unwrap(),
            expected,
            "{}",
            cram.render(pos)
        );
        // The same board in a u64 frame.
        if let Some(narrow) = Cram64::of(&cram) {
            assert_eq!(
                Search::new(&narrow).nimber(&(pos as u64)).unwrap(),
                expected,
                "{}",
                cram.render(pos)
            );
        }
        // Rows as bytes, turned a quarter when the board has 8 columns.
        if let Some(square) = Cram8::of(&cram) {
            let framed = square.frame_of(pos);
            assert_eq!(
                Search::new(&square).nimber(&framed).unwrap(),
                expected,
                "{}",
                cram.render(pos)
            );
            assert_eq!(
                Search::with_memory(&square, 1).nimber(&framed).unwrap(),
                expected,
                "{}",
                cram.render(pos)
            );
        }
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
        // The plain solver without the search: an independent path.
        let expected = value(&Unsplit(&chomp), &pos, &mut Cache::new()).unwrap();
        assert_eq!(value(&chomp, &pos, &mut Cache::new()).unwrap(), expected);
        assert_eq!(Search::new(&chomp).nimber(&pos).unwrap(), expected);
        assert_eq!(
            Search::new(&chomp).plain(true).nimber(&pos).unwrap(),
            expected
        );
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
    // even-by-even boards (4x8, 2x10 on the wider frame) are P by the
    // symmetry strategy.
    for (r, c, v) in [
        (4, 5, 2),
        (5, 5, 0),
        (4, 4, 0),
        (2, 6, 0),
        (4, 6, 0),
        (2, 10, 0),
        (4, 8, 0),
    ] {
        let cram = Cram::new(r, c).unwrap();
        assert_eq!(
            Search::new(&cram).nimber(&cram.start()).unwrap(),
            Nimber(v),
            "{r}x{c}"
        );
    }
}

#[test]
fn a_tiny_table_stays_tiny_and_right() {
    // Cram 4x5 is worth *2 (Beling & Rogalski); a table of 4 KiB must
    // overwrite entries all the time and still find it.
    let cram = Cram::new(4, 5).unwrap();
    let mut s = Search::with_memory(&cram, 4096);
    assert_eq!(s.nimber(&cram.start()).unwrap(), Nimber(2));
    let stats = s.stats();
    assert!(stats.table_bytes <= 4096, "{stats:?}");
    assert!(stats.replaced > 0, "{stats:?}");
}

#[test]
fn outcome_of_sums_matches_the_values() {
    // Two regions: a sum. Its outcome is P exactly when the values agree.
    let cram = Cram::new(3, 9).unwrap();
    let mut seed = 77;
    for _ in 0..40 {
        let mut pos = cram.start();
        // Column 4 covered: a 3x4 region on each side, then random holes.
        for r in 0..3 {
            pos &= !cram.cell(r, 4);
            for c in 0..9 {
                if rng(&mut seed) % 4 == 0 {
                    pos &= !cram.cell(r, c);
                }
            }
        }
        let expected = value(&Unsplit(&cram), &pos, &mut Cache::new()).unwrap();
        assert_eq!(
            Search::new(&cram).is_p(&pos).unwrap(),
            expected == Nimber(0)
        );
        assert_eq!(Search::new(&cram).nimber(&pos).unwrap(), expected);
    }
}
