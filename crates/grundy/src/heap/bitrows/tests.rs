use super::*;
use crate::heap::dense::pseudo_random;

/// The marks by the definition: a flag per lane and value.
fn reference<T: Cell>(
    g: &[T],
    base: usize,
    parts: &[(usize, usize)],
    limit: usize,
) -> Vec<Vec<bool>> {
    let mut out = vec![vec![false; limit]; LANES];
    for &(k, a) in parts.iter().filter(|&&(_, a)| a < g.len()) {
        for (j, row) in out.iter_mut().enumerate() {
            if base + j > k + a && base + j - k - a < g.len() {
                let x = (g[a] ^ g[base + j - k - a]).get() as usize;
                if x < limit {
                    row[x] = true;
                }
            }
        }
    }
    out
}

/// Marks `parts` into rows of `words` words (in all: half per class
/// with `classes`), expands every lane, and compares with the
/// definition.
fn check<T: Cell>(values: Vec<u32>, words: usize, classes: Option<Classes>) {
    for kernel in Kernel::supported() {
        check_with::<T>(kernel, &values, words, classes);
    }
}

/// [`check`] of the copy `kernel`.
fn check_with<T: Cell>(kernel: Kernel, values: &[u32], words: usize, classes: Option<Classes>) {
    let g: Vec<T> = values.iter().map(|&v| T::of(v)).collect();
    let base = 700;
    // Parts far back, parts whose partners run past the end of `g`,
    // and parts as large as the heap (lanes with no partner).
    let mut parts: Vec<(usize, usize)> = (0..300).map(|i| (1 + i % 3, 1 + 2 * i)).collect();
    parts.extend([(1, 690), (2, 698), (1, 720), (1, 731), (0, 5), (3, 800)]);
    let mut short = g.clone();
    short.truncate(715);
    for g in [&g[..], &short[..]] {
        let mut rows = vec![0u16; words * LANES];
        match classes {
            None => mark_with(kernel, &mut rows, Values::of(g), base, &parts, Select::All),
            Some(c) => {
                let (zero, one) = rows.split_at_mut(words / 2 * LANES);
                mark_with(
                    kernel,
                    zero,
                    Values::of(g),
                    base,
                    &parts,
                    Select::Class(c, 0),
                );
                mark_with(
                    kernel,
                    one,
                    Values::of(g),
                    base,
                    &parts,
                    Select::Class(c, 1),
                );
            }
        }
        // The same from a copy of the values from 640 on: parts that
        // reach below it are left out.
        let copy = Values {
            heads: g,
            partners: &g[640.min(g.len())..],
            origin: 640,
        };
        let half = words.div_ceil(2);
        let mut copied = vec![0u16; half * LANES];
        let select = classes.map_or(Select::All, |c| Select::Class(c, 1));
        mark_with(kernel, &mut copied, copy, base, &parts, select);
        let mut want = vec![0u16; half * LANES];
        for &(k, a) in parts.iter().filter(|&&(_, a)| a < g.len()) {
            for j in 0..LANES {
                let p = (base + j).wrapping_sub(k + a);
                if base + j > k + a && (640..g.len()).contains(&p) {
                    let x = (g[a] ^ g[p]).get() as usize;
                    let number = match classes {
                        None => Some(x),
                        Some(c) => (c.class(x) == 1).then(|| c.index(x)),
                    };
                    if let Some(i) = number.filter(|&i| i < 16 * half) {
                        want[i / 16 * LANES + j] |= 1 << (i % 16);
                    }
                }
            }
        }
        assert_eq!(copied, want, "{kernel:?}, {words} words, {classes:?}");
        if let Some(c) = classes {
            check_codes(kernel, g, base, &parts, &rows, words / 2, c);
        }
        let limit = 16 * words;
        let expected = reference(g, base, &parts, limit);
        // Two words more than the rows cover, which must stay 0.
        let row = limit.div_ceil(64) + 2;
        let mut all = vec![7u64; LANES * row];
        expand_with(kernel, &rows, &mut all, row, classes);
        for (j, want) in expected.iter().enumerate() {
            let bits = &all[j * row..(j + 1) * row];
            let plain: Vec<u64> = (0..row)
                .map(|t| values_of(&rows, j, t, classes, false))
                .collect();
            assert_eq!(bits, &plain[..]);
            for x in 0..64 * row {
                let marked = bits[x / 64] >> (x % 64) & 1 == 1;
                assert_eq!(
                    marked,
                    want.get(x).copied().unwrap_or(false),
                    "{kernel:?}, lane {j}, value {x}, {words} words, {classes:?}"
                );
            }
        }
    }
}

/// Marks `parts` of each class of `c` from codes, with all partners
/// and with those from 640 on, and compares with `rows` (marked from
/// values, `half` words a class) and with the definition.
fn check_codes<T: Cell>(
    kernel: Kernel,
    g: &[T],
    base: usize,
    parts: &[(usize, usize)],
    rows: &[u16],
    half: usize,
    c: Classes,
) {
    let parts: Vec<(usize, usize)> = parts
        .iter()
        .copied()
        .filter(|&(_, a)| a < g.len())
        .collect();
    let heads: Vec<u16> = parts
        .iter()
        .map(|&(_, a)| c.code(g[a].get() as usize))
        .collect();
    let mut all = Vec::new();
    codes_with(kernel, c, g, &mut all);
    let plain: Vec<u16> = g.iter().map(|v| c.code(v.get() as usize)).collect();
    assert_eq!(all, plain);
    for class in 0..2 {
        let want = &rows[class * half * LANES..(class + 1) * half * LANES];
        let mut coded = vec![0u16; half * LANES];
        let partners = Coded {
            codes: &all,
            origin: 0,
        };
        mark_coded_with(kernel, &mut coded, partners, base, &parts, &heads, class);
        assert_eq!(coded, want, "{kernel:?}, class {class}, {half} words");
        // From 640 on: the lanes whose partner is below are left out.
        let from = 640.min(all.len());
        let partners = Coded {
            codes: &all[from..],
            origin: from,
        };
        let mut late = vec![0u16; half * LANES];
        mark_coded_with(kernel, &mut late, partners, base, &parts, &heads, class);
        let mut expected = vec![0u16; half * LANES];
        for &(k, a) in &parts {
            for j in 0..LANES {
                let p = (base + j).wrapping_sub(k + a);
                if base + j > k + a && (from.max(1)..g.len()).contains(&p) {
                    let x = (g[a] ^ g[p]).get() as usize;
                    let i = c.index(x);
                    if c.class(x) == class && i < 16 * half {
                        expected[i / 16 * LANES + j] |= 1 << (i % 16);
                    }
                }
            }
        }
        assert_eq!(
            late, expected,
            "{kernel:?}, class {class} from 640, {half} words"
        );
    }
}

#[test]
fn marks_match_the_definition() {
    for words in [1, 5, 16, 24, 25, 40] {
        check::<u16>(pseudo_random(7, 1000, 640).collect(), words, None);
        check::<u8>(pseudo_random(11, 1000, 256).collect(), words.min(16), None);
    }
}

#[test]
fn class_rows_match_the_definition() {
    // Officers' classes (the values whose bits 1, 2, 3, 5, 6, 7, 8 have
    // odd parity are those two common positions cannot give), and
    // masks with other lowest bits.
    for mask in [0x1EE, 0x1, 0x21, 0x3C0 | 0x20] {
        let c = Classes::new(mask).expect("a lowest bit below 6");
        for words in [1, 10, 20, 47, 50] {
            let words = c.round_words(words);
            check::<u16>(pseudo_random(5, 1000, 1600).collect(), words, Some(c));
            check::<u8>(
                pseudo_random(9, 1000, 256).collect(),
                words.min(16),
                Some(c),
            );
        }
    }
    assert_eq!(Classes::new(0x40), None);
    assert_eq!(Classes::new(0), None);
}

#[test]
fn class_numbers_count_each_class_in_order() {
    let c = Classes::new(0x1EE).expect("lowest bit 1");
    for class in 0..2 {
        let values: Vec<usize> = (0..640).filter(|&x| c.class(x) == class).collect();
        let numbers: Vec<usize> = values.iter().map(|&x| c.index(x)).collect();
        assert_eq!(numbers, (0..320).collect::<Vec<_>>());
    }
}

#[test]
fn u32_values_use_the_plain_loop() {
    check::<u32>(pseudo_random(3, 1000, 300).collect(), 19, None);
    check::<u32>(
        pseudo_random(3, 1000, 300).collect(),
        20,
        Classes::new(0x1EE),
    );
}

#[test]
fn place_is_pdep_on_every_class_block() {
    // `pdep` by its definition: the low bits of `bits` at the set bits of
    // `mask`, in order.
    let pdep = |bits: u64, mask: u64| {
        let (mut out, mut mask, mut bits) = (0, mask, bits);
        while mask != 0 {
            let low = mask & mask.wrapping_neg();
            if bits & 1 == 1 {
                out |= low;
            }
            bits >>= 1;
            mask &= mask - 1;
        }
        out
    };
    let fast = cfg!(target_arch = "x86_64") && avx512_kernels();
    let values: Vec<u32> = pseudo_random(17, 64, u32::MAX).collect();
    for mask in [0x1EE, 0x1, 0x3, 0x21, 0x3C0 | 0x20, 0x7F, 0x10, 0x18] {
        let c = Classes::new(mask).expect("a lowest bit below 6");
        for (t, &bits) in (0..8).zip(&values) {
            let bits = u64::from(bits) | 0xdead_0000_0000;
            for class in [c.odd_in_block(t), !c.odd_in_block(t)] {
                let want = pdep(bits & 0xffff_ffff, class);
                assert_eq!(c.place(bits, class, false), want, "{mask:x}, {t}");
                if fast {
                    assert_eq!(c.place(bits & 0xffff_ffff, class, true), want);
                }
            }
        }
    }
}

#[test]
fn every_copy_runs_where_its_level_does() {
    // Only the levels this processor has give copies: the portable one
    // always, and the vector ones no wider than the processor.
    let kernels = Kernel::supported();
    assert_eq!(kernels[0], Kernel(Which::Portable));
    assert_eq!(Kernel::of(Level::Portable), Kernel(Which::Portable));
    if Level::Avx2.is_supported() {
        assert_eq!(Kernel::of(Level::Avx2), Kernel(Which::Avx2));
    }
    eprintln!("bit-row kernels: {kernels:?}");
}
