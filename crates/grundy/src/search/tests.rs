use super::lv::cancel_pairs;
use super::*;
use crate::game::{value, Cache, Unsplit};
use crate::games::cram::{Cram16, Cram64, Cram8};
use crate::games::{Chomp, Cram};

/// A small deterministic generator (xorshift), so failures repeat.
fn rng(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

/// The board of `cram` with about one cell in `one_in` blocked at random.
fn with_holes(cram: &Cram, one_in: u64, seed: &mut u64) -> u128 {
    let mut pos = cram.start();
    for r in 0..cram.rows() {
        for c in 0..cram.cols() {
            if rng(seed).is_multiple_of(one_in) {
                pos &= !cram.cell(r, c);
            }
        }
    }
    pos
}

/// [`with_holes`] on a board of 9 columns with its middle column covered:
/// a region (or several) on each side.
fn two_regions(cram: &Cram, one_in: u64, seed: &mut u64) -> u128 {
    let pos = with_holes(cram, one_in, seed);
    (0..cram.rows()).fold(pos, |pos, r| pos & !cram.cell(r, 4))
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
        let mut pos = with_holes(&cram, 5, &mut seed);
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
        // Rows as 16-bit lanes.
        if let Some(lanes) = Cram16::of(&cram) {
            let framed = lanes.frame_of(pos);
            assert_eq!(
                Search::new(&lanes).nimber(&framed).unwrap(),
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
        // Column 4 covered: a 3x4 region on each side, and random holes.
        let pos = two_regions(&cram, 4, &mut seed);
        let expected = value(&Unsplit(&cram), &pos, &mut Cache::new()).unwrap();
        assert_eq!(
            Search::new(&cram).is_p(&pos).unwrap(),
            expected == Nimber(0)
        );
        assert_eq!(Search::new(&cram).nimber(&pos).unwrap(), expected);
    }
}

/// [`Search::value_and_p_options_on`] on `pos`, as `threads` threads with
/// `bytes` of memory find it.
fn root_on<G>(
    game: &G,
    pos: &G::Position,
    threads: usize,
    bytes: usize,
) -> Option<(Nimber, Vec<bool>)>
where
    G: ImpartialGame + Sync,
    G::Position: Send + Sync,
{
    let mut options = Vec::new();
    game.moves(pos, &mut options);
    Search::with_memory(game, bytes)
        .value_and_p_options_on(pos, &options, true, threads, bytes, || {
            Search::with_memory(game, bytes)
        })
        .unwrap()
}

#[test]
fn the_root_on_several_threads_finds_the_value_and_every_p_option() {
    let mut seed = 0x2545_f491_4f6c_dd1d;
    let mut searched = 0;
    for round in 0..240 {
        let rows = 1 + (rng(&mut seed) % 4) as u8;
        let cols = 1 + (rng(&mut seed) % 8) as u8;
        let cram = Cram::new(rows, cols).unwrap();
        // Few holes, so that most boards are one region (a sum is valued
        // by its components instead).
        let mut pos = with_holes(&cram, 9, &mut seed);
        if pos.count_ones() > 20 {
            pos &= !(cram.start() & (cram.start() >> 1));
        }
        let mut cache = Cache::new();
        let expected = value(&Unsplit(&cram), &pos, &mut cache).unwrap();
        let mut options = Vec::new();
        cram.moves(&pos, &mut options);
        let p: Vec<bool> = options
            .iter()
            .map(|o| value(&Unsplit(&cram), o, &mut cache).unwrap() == Nimber(0))
            .collect();
        let mut parts = Vec::new();
        cram.components(&pos, &mut parts);
        cancel_pairs(&mut parts);
        let one = parts.len() == 1;
        // Threads and memory vary with the board: a 1-byte table, one
        // bucket shared, and room for everything.
        let threads = 1 + round % 3;
        let bytes = [1, 64, 1 << 20][round % 3];
        for (name, got) in [
            ("u128", root_on(&cram, &pos, threads, bytes)),
            (
                "u64",
                Cram64::of(&cram).and_then(|g| root_on(&g, &(pos as u64), threads, bytes)),
            ),
            (
                "rows as bytes",
                Cram8::of(&cram).and_then(|g| root_on(&g, &g.frame_of(pos), threads, bytes)),
            ),
            (
                "rows as lanes",
                Cram16::of(&cram).and_then(|g| root_on(&g, &g.frame_of(pos), threads, bytes)),
            ),
        ] {
            match got {
                Some((v, zero)) => {
                    assert!(one, "{name}: a sum is not asked by its options");
                    assert_eq!(
                        v,
                        expected,
                        "{name}, {threads} threads\n{}",
                        cram.render(pos)
                    );
                    // The frames list the options in their own order, the
                    // same multiset.
                    let mut z = zero.clone();
                    let mut want = p.clone();
                    z.sort_unstable();
                    want.sort_unstable();
                    assert_eq!(z, want, "{name}, {threads} threads\n{}", cram.render(pos));
                    searched += 1;
                }
                None => assert!(
                    !one || name != "u128",
                    "{name}: one region\n{}",
                    cram.render(pos)
                ),
            }
        }
        // In its own frame, each option in order.
        if let Some((_, zero)) = root_on(&cram, &pos, threads, bytes) {
            assert_eq!(zero, p, "{}", cram.render(pos));
        }
    }
    assert!(searched > 300, "only {searched} boards were one region");
}

#[test]
fn the_options_of_a_sum_are_asked_once_each_on_several_threads() {
    // Positions of several regions: their value on several threads, then
    // whether each option is P, against the plain solver. One board in
    // three has its right region the mirror image of its left one, so many
    // options are images of each other and asked once.
    let cram = Cram::new(3, 9).unwrap();
    let mut seed = 0x51ed_270b_2c4e_a6f1;
    let mut winning = 0;
    for round in 0..60 {
        let mut pos = two_regions(&cram, 5, &mut seed);
        if round % 3 == 0 {
            // Column c mirrored to column 8 - c.
            for r in 0..3 {
                for c in 0..4 {
                    pos &= !cram.cell(r, 8 - c);
                    if pos & cram.cell(r, c) != 0 {
                        pos |= cram.cell(r, 8 - c);
                    }
                }
            }
            // One more hole on the right, so that the regions differ
            // (equal ones cancel) but many of their options still agree.
            if round % 6 == 0 {
                pos &= !cram.cell(0, 8);
            }
        }
        let mut cache = Cache::new();
        let expected = value(&Unsplit(&cram), &pos, &mut cache).unwrap();
        let mut options = Vec::new();
        cram.moves(&pos, &mut options);
        let p: Vec<bool> = options
            .iter()
            .map(|o| value(&Unsplit(&cram), o, &mut cache).unwrap() == Nimber(0))
            .collect();
        winning += p.iter().filter(|&&x| x).count();
        let bytes = [64, 1 << 20][round % 2];
        for threads in [1, 2, 3] {
            let make = || Search::with_memory(&cram, bytes);
            let mut search = make();
            let v = search.nimber_on(&pos, threads, bytes, make).unwrap();
            assert_eq!(v, expected, "{threads} threads\n{}", cram.render(pos));
            let got = search
                .p_positions_on(&options, threads, bytes, make)
                .unwrap();
            assert_eq!(got, p, "{threads} threads\n{}", cram.render(pos));
        }
    }
    assert!(winning > 20, "{winning} winning moves");
}

#[test]
fn nimbers_beyond_the_candidate_sets_are_valued_exactly() {
    // Nim heaps as components: a heap of n is worth n, so values pass
    // [`Set::WIDTH`], both as a component and as the known part of a sum.
    struct Heaps;
    impl ImpartialGame for Heaps {
        type Position = Vec<u32>;
        fn moves(&self, pos: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
            for i in 0..pos.len() {
                for k in 0..pos[i] {
                    let mut next = pos.clone();
                    next[i] = k;
                    out.push(next);
                }
            }
        }
        fn components(&self, pos: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
            out.extend(pos.iter().filter(|&&h| h > 0).map(|&h| vec![h]));
        }
    }
    // Lasker's Nim: take from a heap, or split it in two. Its values are
    // 4k+1, 4k+2, 4k+4, 4k+3 for heaps 4k+1..=4k+4 (Winning Ways): a heap
    // past 256 has more than 256 options and a value past 256, which the
    // aspiration's rounds ask about.
    struct Lasker;
    impl ImpartialGame for Lasker {
        type Position = Vec<u32>;
        fn moves(&self, pos: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
            for i in 0..pos.len() {
                let mut rest = pos.clone();
                let h = rest.swap_remove(i);
                for k in 0..h {
                    let mut next = rest.clone();
                    next.push(k);
                    out.push(next);
                }
                for a in 1..=h / 2 {
                    let mut next = rest.clone();
                    next.extend([a, h - a]);
                    out.push(next);
                }
            }
        }
        fn components(&self, pos: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
            Heaps.components(pos, out);
        }
    }
    let lasker = |n: u32| match n % 4 {
        3 => n + 1,
        0 if n > 0 => n - 1,
        _ => n,
    };
    for n in [256, 259, 260, 300, 600] {
        let got = Search::new(&Lasker).nimber(&vec![n]).unwrap();
        assert_eq!(got, Nimber(u64::from(lasker(n))), "Lasker's Nim, heap {n}");
    }
    // One value the Nim rule gives, checked against the xor of the heaps.
    for pos in [
        vec![300],
        vec![300, 7],
        vec![260, 3, 1],
        vec![256, 256],
        vec![300, 300 ^ 5, 5],
    ] {
        let want = pos.iter().fold(0, |a, &b| a ^ b);
        assert_eq!(
            Search::new(&Heaps).nimber(&pos).unwrap(),
            Nimber(u64::from(want)),
            "{pos:?}"
        );
        assert_eq!(
            Search::new(&Heaps).is_p(&pos).unwrap(),
            want == 0,
            "{pos:?}"
        );
        let mut options = Vec::new();
        Heaps.moves(&pos, &mut options);
        if let Some((v, p)) = root_on(&Heaps, &pos, 2, 1 << 20) {
            assert_eq!(v, Nimber(u64::from(want)), "{pos:?}");
            let xor = |o: &Vec<u32>| o.iter().fold(0, |a, &b| a ^ b);
            let expected: Vec<bool> = options.iter().map(|o| xor(o) == 0).collect();
            assert_eq!(p, expected, "{pos:?}");
        }
    }
}

/// Chomp without its layers: the plain search values it by recursion.
struct Unlayered(Chomp);

impl ImpartialGame for Unlayered {
    type Position = u128;
    fn moves(&self, pos: &u128, out: &mut Vec<u128>) {
        self.0.moves(pos, out);
    }
    fn dense_len(&self) -> Option<usize> {
        self.0.dense_len()
    }
    fn dense_index(&self, pos: &u128) -> Option<usize> {
        self.0.dense_index(pos)
    }
    fn dense_moves(&self, pos: &u128, out: &mut Vec<usize>) -> bool {
        self.0.dense_moves(pos, out)
    }
    fn dense_position(&self, index: usize) -> Option<u128> {
        self.0.dense_position(index)
    }
}

#[test]
fn chomp_filled_by_layers_on_any_threads_matches_the_recursion_and_brute_force() {
    use grundy_testkit::boards::{self, grid};
    let mut seed = 0x51_7cc1_b727_220a;
    for round in 0..60 {
        let rows = 1 + (rng(&mut seed) % 5) as u8;
        let cols = 1 + (rng(&mut seed) % 7) as u8;
        let chomp = Chomp::new(rows, cols).unwrap();
        // Full rectangles first, then random diagrams.
        let mut pos = chomp.start();
        if round >= 8 {
            let mut len = cols;
            pos = 0;
            for r in 0..rows {
                let most = if r == 0 {
                    u64::from(cols)
                } else {
                    u64::from(len) + 1
                };
                len = (rng(&mut seed) % most) as u8 + u8::from(r == 0);
                pos |= u128::from(len) << (8 * r);
            }
        }
        let mut options = Vec::new();
        chomp.moves(&pos, &mut options);
        // The test kit's own rules, no search: the value and the P-options.
        let mut kit = boards::chomp();
        let want = kit.value(&grid(&chomp.render(pos)));
        let want_p: Vec<bool> = options
            .iter()
            .map(|o| kit.value(&grid(&chomp.render(*o))) == 0)
            .collect();
        // The recursion, and its counters.
        let unlayered = Unlayered(chomp);
        let mut rec = Search::new(&unlayered).plain(true);
        assert_eq!(rec.nimber(&pos).unwrap().0, want, "{}", chomp.render(pos));
        let mut seen = Vec::new();
        for threads in [1, 2, 3] {
            let mut s = Search::new(&chomp).plain(true);
            let (v, p) = s
                .value_and_p_options_on(&pos, &options, true, threads, DEFAULT_MEMORY, || {
                    Search::new(&chomp).plain(true)
                })
                .unwrap()
                .unwrap_or_else(|| {
                    let v = s.nimber(&pos).unwrap();
                    let p = options.iter().map(|o| s.is_p(o).unwrap()).collect();
                    (v, p)
                });
            let at = format!("{}, {threads} threads", chomp.render(pos));
            assert_eq!(v.0, want, "{at}");
            assert_eq!(p, want_p, "{at}");
            // The counters are the recursion's, whatever the threads.
            let (a, b) = (s.stats(), rec.stats());
            assert_eq!(
                (a.nodes, a.table_hits, a.entries),
                (b.nodes, b.table_hits, b.entries),
                "{at}"
            );
            seen.push(a);
        }
        // And `nimber` alone, on one thread.
        let mut one = Search::new(&chomp).plain(true);
        assert_eq!(one.nimber(&pos).unwrap().0, want);
        assert_eq!(one.stats(), seen[0], "{}", chomp.render(pos));
    }
}

#[test]
fn a_fill_on_several_threads_stops_when_cancelled() {
    let chomp = Chomp::new(12, 12).unwrap();
    // (One thread recurses, and stops as every search does.)
    for threads in [2, 3] {
        let cancel = Cancel::new();
        let mut s = Search::new(&chomp).plain(true).cancel(&cancel);
        let mut options = Vec::new();
        chomp.moves(&chomp.start(), &mut options);
        let start = std::time::Instant::now();
        let stopper = std::thread::spawn({
            let cancel = cancel.clone();
            move || {
                std::thread::sleep(std::time::Duration::from_millis(20));
                cancel.cancel();
            }
        });
        let r = s.value_and_p_options_on(
            &chomp.start(),
            &options,
            true,
            threads,
            DEFAULT_MEMORY,
            || Search::new(&chomp).plain(true).cancel(&cancel),
        );
        stopper.join().unwrap();
        assert!(r.is_err(), "{threads} threads");
        // Far less than the whole fill (a second or more here).
        assert!(start.elapsed().as_secs_f64() < 30.0);
    }
}
