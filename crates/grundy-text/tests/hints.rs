//! Hints as text: what `grundy play` shows after `hint`, and the web API's
//! hint `text`.

use grundy::nim::explain;
use grundy::play::{Lesson, Match, Player};
use grundy::{Convention, Nimber};
use grundy_text::Render;

fn game(spec: &str, heaps: &[u64], c: Convention) -> Match {
    Match::new(spec.parse().unwrap(), heaps.to_vec(), c, Player::User).unwrap()
}

#[test]
fn nim_hint_is_the_explain_lesson() {
    let m = game("nim", &[3, 5, 7], Convention::Normal);
    let h = m.hint();
    assert_eq!(
        h.lesson,
        Lesson::Nim(explain(&[3u64, 5, 7], Convention::Normal))
    );
    assert_eq!(h.winning_moves.len(), 3);
    let text = h.text();
    assert!(text.contains("nim-sum"), "{text}");
    assert!(text.contains("type '1 1'"), "{text}");
}

#[test]
fn value_lesson_moves_reach_zero() {
    // sub{1,3,4}: G = 0 1 0 1 2 3 2 (period 7). Heaps 5, 6: 3 xor 2 = 1.
    let m = game("sub{1,3,4}", &[5, 6], Convention::Normal);
    let Lesson::Values(v) = m.hint().lesson else {
        panic!("expected a value lesson")
    };
    assert_eq!(v.rows.iter().map(|r| r.value.0).collect::<Vec<_>>(), [3, 2]);
    assert_eq!(v.total, Nimber(1));
    assert!(!v.moves.is_empty());
    for vm in &v.moves {
        assert!(vm.total_after.is_zero());
        assert_eq!(vm.after, vm.before + v.total);
    }
    let text = m.hint().text();
    assert!(text.contains("The xor is 1, not 0"), "{text}");
}

#[test]
fn p_position_lessons_show_a_refutation() {
    let m = game("kayles", &[4], Convention::Misere);
    let h = m.hint();
    assert!(!h.winning());
    let Lesson::Search(s) = &h.lesson else {
        panic!("expected a search lesson")
    };
    let (mv, reply) = s.refutation.expect("a move and its answer");
    let after = m.after(&mv);
    assert_eq!(reply.from, after[reply.heap]);
    assert!(h.text().contains("the opponent answers"));

    let m = game("sub{1,3,4}", &[2, 7], Convention::Normal);
    let h = m.hint();
    let Lesson::Values(v) = &h.lesson else {
        panic!("expected a value lesson")
    };
    assert!(v.total.is_zero());
    assert!(!v.losing_example.expect("an example").total_after.is_zero());
    assert!(h.text().contains("no move wins"));
}
