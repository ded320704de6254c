//! The octal engines' vector scans on the widest vectors the processor
//! has.
//!
//! The crate is compiled for the baseline of its target (on x86-64: SSE2,
//! 16-byte vectors, and no byte shuffle), so that the one binary runs on
//! every machine. The scan for a witness pair ([`pairs_hit`]) is much of
//! the time of the octal games that have many rare values (59% of
//! `period 0.016`), and with AVX2 it compares 32 bytes per instruction and
//! reverses them with one shuffle. So the scan is compiled twice, and the
//! processor's features, checked at run time (the check is cached by the
//! standard library), choose which copy runs. Both copies are the same
//! source; they give the same answers.
//!
//! This module uses `unsafe` for that alone: a function compiled for AVX2
//! may only be called on a processor that has it.

use crate::heap::dense::{pairs_hit_portable, Cell};

/// [`crate::heap::dense::pairs_hit`], on AVX2 when the processor has it.
#[inline]
pub(crate) fn pairs_hit<T: Cell>(front: &[T], back: &[T], m: T) -> bool {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2, checked just above.
        return unsafe { pairs_hit_avx2(front, back, m) };
    }
    pairs_hit_portable(front, back, m)
}

/// The AVX2 copy of the scan: the same source, inlined here.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn pairs_hit_avx2<T: Cell>(front: &[T], back: &[T], m: T) -> bool {
    pairs_hit_portable(front, back, m)
}
