//! The few ways the engines use rayon, each with a one-thread fall-back
//! when the `parallel` feature is off.

/// How many threads parallel steps may use: rayon's pool with the
/// `parallel` feature, else one.
pub(crate) fn threads() -> usize {
    #[cfg(feature = "parallel")]
    {
        rayon::current_num_threads().max(1)
    }
    #[cfg(not(feature = "parallel"))]
    {
        1
    }
}

/// Runs `f` on a thread of the pool, so that the many short parallel steps
/// inside it are forked from a worker (cheap) rather than injected into the
/// pool from outside (a wake-up each).
pub(crate) fn in_pool<R: Send>(f: impl FnOnce() -> R + Send) -> R {
    #[cfg(feature = "parallel")]
    {
        rayon::scope(|_| f())
    }
    #[cfg(not(feature = "parallel"))]
    {
        f()
    }
}

/// Runs `a` and `b`, on two of rayon's threads when they are free (one
/// after the other without the `parallel` feature).
pub(crate) fn join<RA: Send, RB: Send>(
    a: impl FnOnce() -> RA + Send,
    b: impl FnOnce() -> RB + Send,
) -> (RA, RB) {
    #[cfg(feature = "parallel")]
    {
        rayon::join(a, b)
    }
    #[cfg(not(feature = "parallel"))]
    {
        (a(), b())
    }
}

/// Calls `f(i, item)` for every item, on several threads with the
/// `parallel` feature.
pub(crate) fn for_each_mut<T: Send>(items: &mut [T], f: impl Fn(usize, &mut T) + Sync + Send) {
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        items
            .par_iter_mut()
            .with_max_len(1)
            .enumerate()
            .for_each(|(i, item)| f(i, item));
    }
    #[cfg(not(feature = "parallel"))]
    {
        for (i, item) in items.iter_mut().enumerate() {
            f(i, item);
        }
    }
}
