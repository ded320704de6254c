//! Grundy's game (P. M. Grundy, 1939): a move splits one heap into two
//! non-empty heaps of different sizes.
//!
//! It is not a take-and-break code, because the code `4.0` would also allow
//! splitting into two equal heaps. Its Grundy sequence (OEIS A002188) has
//! been computed to enormous lengths without any period appearing, and no
//! periodicity theorem applies to it.

use std::ops::ControlFlow;

use super::Leaves;

/// Calls `f` with every option of a heap of `n` in Grundy's game: the
/// splits `a + (n - a)` with `1 <= a < n - a`, smallest `a` first.
///
/// # Complexity
/// O(n) calls.
///
/// ```
/// use grundy::heap::grundy_game;
///
/// let mut options = vec![];
/// grundy_game::for_each_option(6, |l| options.push(l.to_string()));
/// assert_eq!(options, ["1+5", "2+4"]);
/// ```
pub fn for_each_option(n: u64, mut f: impl FnMut(Leaves)) {
    let _ = try_for_each_option(n, |l| {
        f(l);
        ControlFlow::Continue(())
    });
}

/// [`for_each_option`] that stops as soon as `f` breaks, and says whether
/// it did.
pub fn try_for_each_option(n: u64, f: impl FnMut(Leaves) -> ControlFlow<()>) -> ControlFlow<()> {
    (1..n.div_ceil(2))
        .map(|a| Leaves::new(&[a, n - a]))
        .try_for_each(f)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_splits_are_not_moves() {
        let mut count = 0;
        for_each_option(4, |l| {
            assert_eq!(l.as_slice(), &[1, 3]);
            count += 1;
        });
        assert_eq!(count, 1);
        for_each_option(2, |_| panic!("a heap of 2 has no move"));
        for_each_option(0, |_| panic!("no move"));
    }
}
