//! Property tests of the Nim theorems on random positions, including heaps
//! far beyond u64.

use grundy::nim::{analyse, BigUint, HeapSize, NimSummary};
use grundy::{Convention, Outcome};
use proptest::prelude::*;

fn convention() -> impl Strategy<Value = Convention> {
    prop_oneof![Just(Convention::Normal), Just(Convention::Misere)]
}

/// Heaps mixing tiny sizes (misère endgames) and full-range u64s.
fn heaps() -> impl Strategy<Value = Vec<u64>> {
    proptest::collection::vec(prop_oneof![0u64..4, 0u64..1000, any::<u64>()], 0..12)
}

/// A big heap: up to ~330 decimal digits.
fn big_heap() -> impl Strategy<Value = BigUint> {
    proptest::collection::vec(any::<u32>(), 0..35).prop_map(BigUint::new)
}

fn apply<H: HeapSize>(heaps: &[H], heap: usize, to: &H) -> Vec<H> {
    let mut next = heaps.to_vec();
    next[heap] = to.clone();
    next
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn winning_moves_lead_to_p_positions(heaps in heaps(), c in convention()) {
        let a = analyse(&heaps, c);
        // Exactly the N-positions with a move have winning moves.
        let has_move = heaps.iter().any(|&h| h > 0);
        prop_assert_eq!(!a.winning_moves.is_empty(), a.outcome == Outcome::N && has_move);
        for m in &a.winning_moves {
            prop_assert!(m.to < m.from);
            prop_assert_eq!(heaps[m.heap], m.from);
            let next = apply(&heaps, m.heap, &m.to);
            prop_assert_eq!(analyse(&next, c).outcome, Outcome::P, "{:?} -> {:?}", heaps, next);
        }
    }

    #[test]
    fn every_move_from_a_p_position_leads_to_n(mut heaps in heaps(), c in convention(),
                                               picks in proptest::collection::vec((any::<usize>(), any::<u64>()), 64)) {
        // Make it a P-position: an extra heap equal to the xor of the others
        // (then, in misère play, fix the endgame by hand).
        let x = heaps.iter().fold(0, |s, h| s ^ h);
        heaps.push(x);
        let s = NimSummary::of(&heaps);
        if c == Convention::Misere && s.large_heaps() <= 1 {
            // All heaps are 0 or 1 here (one big heap would make x != 0):
            // P needs an odd number of 1-heaps.
            if s.ones() % 2 == 0 {
                heaps.push(1);
            }
        }
        prop_assert_eq!(analyse(&heaps, c).outcome, Outcome::P, "{:?}", heaps);
        // Every move of small heaps, and sampled moves of big ones.
        for (i, &p) in heaps.iter().enumerate() {
            if p <= 64 {
                for to in 0..p {
                    prop_assert_eq!(analyse(&apply(&heaps, i, &to), c).outcome, Outcome::N);
                }
            }
        }
        for &(i, r) in &picks {
            let i = i % heaps.len();
            if heaps[i] > 0 {
                let to = r % heaps[i];
                prop_assert_eq!(analyse(&apply(&heaps, i, &to), c).outcome, Outcome::N);
            }
        }
    }

    #[test]
    fn big_integer_path_agrees_with_u64(heaps in heaps(), c in convention()) {
        let a = analyse(&heaps, c);
        let big: Vec<BigUint> = heaps.iter().map(|&h| BigUint::from(h)).collect();
        let b = analyse(&big, c);
        prop_assert_eq!(b.nim_sum, BigUint::from(a.nim_sum));
        prop_assert_eq!(b.outcome, a.outcome);
        let small_moves: Vec<_> = a.winning_moves.iter().map(|m| (m.heap, BigUint::from(m.from), BigUint::from(m.to))).collect();
        let big_moves: Vec<_> = b.winning_moves.into_iter().map(|m| (m.heap, m.from, m.to)).collect();
        prop_assert_eq!(small_moves, big_moves);
    }

    #[test]
    fn huge_heaps_winning_moves_zero_the_nim_sum(heaps in proptest::collection::vec(big_heap(), 1..8), c in convention()) {
        let a = analyse(&heaps, c);
        for m in &a.winning_moves {
            prop_assert!(m.to < m.from);
            let next = apply(&heaps, m.heap, &m.to);
            let after = analyse(&next, c);
            prop_assert_eq!(after.outcome, Outcome::P);
            if c == Convention::Normal {
                prop_assert!(HeapSize::is_zero(&after.nim_sum));
            }
        }
        // Normal play: a move exists exactly when the nim-sum is not 0, and
        // the number of winning moves is the number of heaps with its top bit.
        if c == Convention::Normal {
            let s = &a.nim_sum;
            let expected = match s.bit_len().checked_sub(1) {
                Some(t) => heaps.iter().filter(|h| HeapSize::bit(*h, t)).count(),
                None => 0,
            };
            prop_assert_eq!(a.winning_moves.len(), expected);
        }
    }
}
