//! Hints as text: what `grundy play` shows after `hint`, and the web API's
//! hint `text`. (The hints' data is tested in the library.)

use grundy::play::{HeapPosition, Match, Player};
use grundy::Convention;
use grundy_text::Render;

fn game(spec: &str, heaps: &[u64], c: Convention) -> Match<HeapPosition> {
    Match::new(spec.parse().unwrap(), heaps.to_vec(), c, Player::User).unwrap()
}

#[test]
fn nim_hint_is_the_explain_lesson_and_a_move() {
    let h = game("nim", &[3, 5, 7], Convention::Normal).hint();
    let text = h.text();
    assert!(text.starts_with(&h.lesson.text()), "{text}");
    assert!(text.contains("nim-sum"), "{text}");
    assert!(text.contains("type '1 1'"), "{text}");
    // The lesson alone has no terminal wording.
    assert!(!h.lesson.text().contains("type '"));
}

#[test]
fn value_lesson_says_the_xor() {
    // sub{1,3,4}: G = 0 1 0 1 2 3 2 (period 7). Heaps 5, 6: 3 xor 2 = 1.
    let text = game("sub{1,3,4}", &[5, 6], Convention::Normal)
        .hint()
        .text();
    assert!(text.contains("The xor is 1, not 0"), "{text}");
}

#[test]
fn p_position_lessons_show_a_refutation() {
    let h = game("kayles", &[4], Convention::Misere).hint();
    assert!(h.text().contains("the opponent answers"), "{}", h.text());
    let h = game("sub{1,3,4}", &[2, 7], Convention::Normal).hint();
    assert!(h.text().contains("no move wins"), "{}", h.text());
}
