//! The Nim lesson as text: what `grundy nim --explain` and the web API's
//! `explanation` show. (The lesson's data is tested in the library.)

use grundy::nim::{explain, BigUint, Explanation};
use grundy::Convention;
use grundy_text::{Render, Role};

/// The text with every run of whitespace made one space, so that tests
/// do not depend on where lines wrap.
fn flat(e: &Explanation) -> String {
    e.text().split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn normal_n_position() {
    let e = explain(&[3u64, 5, 7], Convention::Normal);
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
    assert!(flat(&e).contains("It is set in heap 1."));
}

#[test]
fn p_position_shows_a_losing_example() {
    let e = explain(&[1u64, 2, 3], Convention::Normal);
    assert!(flat(&e).contains("For example heap 1: 1 -> 0 leaves the nim-sum 01 = 1."));
    // No heaps at all: nothing to show, no panic.
    let empty = explain::<u64>(&[], Convention::Normal);
    assert!(flat(&empty).contains("The nim-sum is 0"));
}

#[test]
fn misere_cases() {
    for (heaps, says) in [
        (&[1u64, 1][..], "leaves 1 1-heap"),
        (&[1, 6, 1], "reduce heap 2 to 1, leaving 3 1-heaps"),
        (&[1], "an odd number"),
        (&[0], "cannot move"),
        (&[2, 3], "follows the normal-play rule"),
    ] {
        let e = explain(heaps, Convention::Misere);
        assert!(flat(&e).contains(says), "{heaps:?}: {}", e.text());
    }
}

#[test]
fn big_heaps_and_paint() {
    let big: BigUint = "1".repeat(300).parse().unwrap();
    let e = explain(&[big, BigUint::from(5u32)], Convention::Normal);
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
