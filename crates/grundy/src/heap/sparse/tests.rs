//! Unit tests of the sparse-space engine, against the definition.

use super::block::PARALLEL_BLOCK;
use super::*;
use crate::heap::bitrows;

fn check(code: &str, n: usize) {
    let tb = TakeBreak::parse(code).unwrap();
    let want = tb.naive_values(n);
    let mut fast = SparseOctal::new(&tb);
    fast.extend_to(n);
    let got: Vec<Nimber> = fast.values().iter().collect();
    assert_eq!(got, want, "{code}");
}

#[test]
fn bit_rows_match_the_dense_engine() {
    // Blocks mark bits where the processor has AVX2: rows of every
    // value (0.376, values below 512; 0.36, values in a byte) and rows
    // of two classes (Officers, whose common pairs give the values of
    // one parity of `value & 0x1EE`, and 0.36 again); 0.344's values
    // pass 384, so its blocks mark bytes. The dense engine marks no
    // block.
    for (code, paths) in [
        ("0.344", [false, false]),
        ("0.376", [true, false]),
        ("0.36", [true, true]),
        ("0.6", [true, true]),
    ] {
        let tb = TakeBreak::parse(code).expect("a valid code");
        let n = 30_000;
        let mut dense = SparseOctal::dense(&tb);
        dense.extend_to(n);
        for threads in [1, 2] {
            let mut e = SparseOctal::new(&tb);
            e.set_threads(threads);
            e.extend_to(n);
            if bitrows::available() {
                let used = e.state.bit_blocks.map(|b| b > 0);
                assert!(
                    paths[0] <= used[0] && paths[1] <= used[1],
                    "{code}: {used:?}"
                );
            }
            if let Some(i) = (0..=n).find(|&i| e.get(i) != dense.get(i)) {
                panic!(
                    "{code}, {threads} threads: G({i}) = {}, dense {}",
                    e.get(i),
                    dense.get(i)
                );
            }
        }
    }
}

#[test]
fn records_past_the_bit_rows_count_every_split() {
    // 0.7674 (rows of every value, values in a byte) reaches new
    // largest values inside blocks: G(384) = 97 on one thread (G(445)
    // on two) needs the value 96, which the bit rows (words up to the
    // largest value before the block) did not cover, from a rare part
    // below the lag, which the finishing step marks itself. A proptest
    // of random codes found it.
    let tb = TakeBreak::parse("0.7674").expect("a valid code");
    let want = tb.naive_values(3000);
    for threads in [1, 2] {
        let mut e = SparseOctal::new(&tb);
        e.set_threads(threads);
        e.extend_to(3000);
        if bitrows::available() {
            assert!(e.state.bit_blocks[0] > 0, "{:?}", e.state.bit_blocks);
        }
        let got: Vec<Nimber> = e.values().iter().take(3001).collect();
        if let Some(i) = (0..=3000).find(|&i| got[i] != want[i]) {
            panic!("{threads} threads: G({i}) = {}, naive {}", got[i], want[i]);
        }
    }
}

#[test]
fn small_codes_match_naive() {
    for code in ["0.77", "0.07", "0.6", "0.137", "4.07", "0.F", "8.0", "0.4"] {
        check(code, 300);
    }
}

#[test]
fn extending_in_steps_gives_the_same_values() {
    let tb = TakeBreak::parse("0.6").unwrap();
    let mut once = SparseOctal::new(&tb);
    once.extend_to(3000);
    let mut steps = SparseOctal::new(&tb);
    for n in [0, 1, 5, 63, 64, 65, 700, 2999, 3000] {
        steps.extend_to(n);
        assert!((n + 1..=n + PARALLEL_BLOCK).contains(&steps.len()), "{n}");
    }
    let len = once.len().min(steps.len());
    assert!(len > 3000);
    assert!((0..len).all(|i| once.get(i) == steps.get(i)));
}

#[test]
fn storage_widens_when_a_value_reaches_256() {
    // Taking 1 to 300 tokens and leaving one heap is Nim below 301:
    // G(n) = n there, so the values pass 255 at n = 256.
    let tb = TakeBreak::parse(&format!("0.{}", "3".repeat(300))).unwrap();
    let mut e = SparseOctal::new(&tb);
    e.extend_to(255);
    assert_eq!(e.values().bytes_per_value(), 1);
    e.extend_to(700);
    assert!(e.max_value().0 >= 256, "max {}", e.max_value());
    assert_eq!(e.values().bytes_per_value(), 2);
    let want = tb.naive_values(700);
    assert!(want.iter().enumerate().all(|(i, &v)| e.get(i) == v));
}
