//! The solver's component split: the value of a sum is the xor of the values
//! of its parts, checked against the solver run on the whole position with
//! the split turned off (`Unsplit`), and the theorems on outcomes.

use grundy::game::{analyse, value, Cache, ImpartialGame, Unsplit};
use grundy::games::{Cram, MultiHeap, Nim};
use grundy::heap::HeapRuleset;
use grundy::{Nimber, Outcome};
use proptest::prelude::*;

/// Kayles (`0.77`) on the trait.
fn kayles() -> MultiHeap<HeapRuleset> {
    MultiHeap::new(HeapRuleset::parse("kayles").unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn kayles_sum_is_xor_of_parts(heaps in proptest::collection::vec(0u64..9, 0..4)) {
        let game = kayles();
        let mut cache = Cache::new();
        let parts: Nimber = heaps
            .iter()
            .map(|&h| value(&game, &vec![h], &mut cache).unwrap())
            .sum();
        prop_assert_eq!(value(&game, &heaps, &mut cache).unwrap(), parts);
        prop_assert_eq!(value(&Unsplit(&game), &heaps, &mut Cache::new()).unwrap(), parts);
    }

    #[test]
    fn cram_regions_add(bits in any::<u128>()) {
        // Any subset of a 3x5 board: its regions are solved separately and
        // (after canonical forms) shared, and must add up to the value of
        // the board solved whole.
        let cram = Cram::new(3, 5).unwrap();
        let pos = bits & cram.start();
        let split = value(&cram, &pos, &mut Cache::new()).unwrap();
        let whole = value(&Unsplit(&cram), &pos, &mut Cache::new()).unwrap();
        prop_assert_eq!(split, whole);
    }

    #[test]
    fn winning_moves_reach_p_and_p_moves_reach_n(heaps in proptest::collection::vec(0u64..12, 1..4)) {
        let game = kayles();
        let mut cache = Cache::new();
        let a = analyse(&game, &heaps, &mut cache).unwrap();
        let mut options = Vec::new();
        game.moves(&heaps, &mut options);
        for m in &a.winning_moves {
            prop_assert!(options.contains(m));
            prop_assert_eq!(value(&game, m, &mut cache).unwrap(), Nimber(0));
        }
        let to_zero = options.iter().filter(|m| value(&game, m, &mut cache).unwrap().is_zero()).count();
        prop_assert_eq!(a.outcome == Outcome::N, to_zero > 0);
        if a.outcome == Outcome::P {
            prop_assert!(a.winning_moves.is_empty());
        }
    }
}

#[test]
fn nim_winning_moves_are_the_textbook_ones() {
    // 3 5 7 has nim-sum 1: a winning move takes one token from a heap with
    // bit 0 set, and all three heaps have it.
    let nim = MultiHeap::new(Nim);
    let a = analyse(&nim, &vec![3, 5, 7], &mut Cache::new()).unwrap();
    assert_eq!(
        a.winning_moves,
        vec![vec![2, 5, 7], vec![3, 4, 7], vec![3, 5, 6]]
    );
}

#[test]
fn a_sum_costs_the_sum_of_its_parts() {
    // Forty Kayles rows of up to 60 pins: the cache holds one entry per row
    // length, where the product of the parts would be astronomically large.
    let game = kayles();
    let heaps: Vec<u64> = (0..40).map(|i| 20 + i).collect();
    let mut cache = Cache::new();
    value(&game, &heaps, &mut cache).unwrap();
    assert!(cache.len() <= 60, "{} cache entries", cache.len());
}
