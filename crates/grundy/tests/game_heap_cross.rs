//! The trait solver and the heap-sequence engines are two independent
//! implementations of the same theory: on every heap game both must give the
//! same Grundy values, single heaps and sums alike.

use grundy::game::{value, Cache};
use grundy::games::MultiHeap;
use grundy::heap::{sequence, HeapRuleset};
use grundy::Nimber;

#[test]
fn kayles_on_the_trait_matches_the_heap_engine() {
    let kayles = HeapRuleset::parse("kayles").unwrap();
    let heap_values = sequence::values(&kayles, 300);
    let game = MultiHeap::new(kayles);
    let mut cache = Cache::new();
    for n in 0..=300u64 {
        assert_eq!(
            value(&game, &vec![n], &mut cache),
            Ok(heap_values.get(n as usize).unwrap()),
            "Kayles heap {n}"
        );
    }
}

#[test]
fn every_ruleset_on_the_trait_matches_its_sequence() {
    let specs = [
        "nim",
        "sub{1,3,4}",
        "allbut{1,2}",
        "sub{squares}",
        "sub{primes}",
        "half",
        "0.07",
        "0.137",
        "4.07",
        "0.F7",
        "grundy-game",
    ];
    for spec in specs {
        let ruleset = HeapRuleset::parse(spec).unwrap();
        let n = if ruleset.max_heaps_left() > 2 {
            40
        } else {
            120
        };
        let g = sequence::values(&ruleset, n);
        let game = MultiHeap::new(ruleset);
        let mut cache = Cache::new();
        for h in 0..=n as u64 {
            let expected = g.get(h as usize).unwrap();
            assert_eq!(
                value(&game, &vec![h], &mut cache),
                Ok(expected),
                "{spec} heap {h}"
            );
        }
        // A sum is worth the xor of its heaps (the solver splits it into
        // components; the sequence engine never sees sums).
        for (a, b, c) in [(3u64, 5u64, 7u64), (10, 11, 12), (1, 2, 30)] {
            let expected: Nimber = [a, b, c].iter().map(|&h| g.get(h as usize).unwrap()).sum();
            assert_eq!(
                value(&game, &vec![a, b, c], &mut cache),
                Ok(expected),
                "{spec} sum {a}+{b}+{c}"
            );
        }
    }
}
