//! The Nim lesson as text: what `grundy nim --explain` and the web API's
//! `explanation` show.

use grundy::nim::explain::Reasoning;
use grundy::nim::{explain, BigUint, Explanation, HeapSize};
use grundy::{Convention, Outcome};
use grundy_text::{Render, Role};

/// The text with every run of whitespace made one space, so that tests
/// do not depend on where lines wrap.
fn flat(e: &Explanation) -> String {
    e.text().split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn normal_n_position() {
    let e = explain(&[3u64, 5, 7], Convention::Normal);
    assert_eq!(e.width, 3);
    let bins: Vec<&str> = e.heaps.iter().map(|r| r.binary.as_str()).collect();
    assert_eq!(bins, ["011", "101", "111"]);
    assert_eq!(e.reasoning, Reasoning::NonZeroNimSum);
    let tos: Vec<&str> = e.moves.iter().map(|m| m.to.decimal.as_str()).collect();
    assert_eq!(tos, ["2", "4", "6"]);
    let text = e.text();
    assert!(text.contains("heap 1: 3 -> 2 (take 1)   011 -> 010, new nim-sum 000 = 0"));
    assert!(text.contains("^ top bit of the nim-sum: bit 0 (the 1s place)"));
    assert!(flat(&e).contains("It is set in heaps 1, 2 and 3."));
}

#[test]
fn top_bit_mark_is_under_the_right_column() {
    let e = explain(&[8u64, 1], Convention::Normal);
    let text = e.text();
    let lines: Vec<&str> = text.lines().collect();
    let sum = lines
        .iter()
        .find(|l| l.trim_start().starts_with("nim-sum"))
        .unwrap();
    let mark = lines.iter().find(|l| l.contains('^')).unwrap();
    // nim-sum 9 = 1001: the top bit is the first binary digit.
    let col = mark.find('^').unwrap();
    assert_eq!(&sum[col..], "1001");
    assert_eq!(e.heaps_with_top_bit, [0]);
    assert!(flat(&e).contains("It is set in heap 1."));
}

#[test]
fn p_position_shows_a_losing_example() {
    let e = explain(&[1u64, 2, 3], Convention::Normal);
    assert_eq!(e.outcome, Outcome::P);
    assert!(e.moves.is_empty());
    let ex = e.losing_example.as_ref().unwrap();
    assert_eq!((ex.heap, ex.to.decimal.as_str()), (0, "0"));
    assert_eq!(ex.new_nim_sum.decimal, "1");
    assert!(flat(&e).contains("For example heap 1: 1 -> 0 leaves the nim-sum 01 = 1."));
    // No heaps at all: nothing to show, no panic.
    let empty = explain::<u64>(&[], Convention::Normal);
    assert!(empty.losing_example.is_none());
    assert!(flat(&empty).contains("The nim-sum is 0"));
}

#[test]
fn misere_cases() {
    let e = explain(&[1u64, 1], Convention::Misere);
    assert_eq!(e.reasoning, Reasoning::MisereAllSmall { ones: 2 });
    assert_eq!(e.moves.len(), 2);
    assert_eq!(e.moves[0].ones_left, 1);
    assert!(flat(&e).contains("leaves 1 1-heap"));

    let e = explain(&[1u64, 6, 1], Convention::Misere);
    assert_eq!(
        e.reasoning,
        Reasoning::MisereOneLargeHeap { heap: 1, ones: 2 }
    );
    assert_eq!(e.moves.len(), 1);
    assert_eq!(
        (e.moves[0].to.decimal.as_str(), e.moves[0].ones_left),
        ("1", 3)
    );
    assert!(flat(&e).contains("reduce heap 2 to 1, leaving 3 1-heaps"));

    let e = explain(&[1u64], Convention::Misere);
    assert_eq!(e.outcome, Outcome::P);
    assert!(flat(&e).contains("an odd number"));

    let e = explain::<u64>(&[0], Convention::Misere);
    assert_eq!(e.outcome, Outcome::N);
    assert!(flat(&e).contains("cannot move"));

    let e = explain(&[2u64, 3], Convention::Misere);
    assert_eq!(e.reasoning, Reasoning::NonZeroNimSum);
    assert!(flat(&e).contains("follows the normal-play rule"));
}

#[test]
fn big_heaps_and_paint() {
    let big: BigUint = "1".repeat(300).parse().unwrap();
    let e = explain(&[big.clone(), BigUint::from(5u32)], Convention::Normal);
    assert_eq!(e.width, HeapSize::bit_len(&big));
    assert_eq!(e.moves.len(), 1);
    assert!(e.moves[0].new_nim_sum.binary.chars().all(|c| c == '0'));
    let mut roles = Vec::new();
    let _ = e.render_with(&mut |r, s| {
        roles.push(r);
        s.to_string()
    });
    for r in [
        Role::TopBit,
        Role::NimSum,
        Role::Win,
        Role::Move,
        Role::Heading,
    ] {
        assert!(roles.contains(&r), "{r:?} never painted");
    }
}

#[test]
fn prose_is_wrapped() {
    let text = explain(&[3u64, 5, 7], Convention::Normal).text();
    for line in text.lines().filter(|l| !l.starts_with("  ")) {
        assert!(line.chars().count() <= 78, "{line}");
    }
}
