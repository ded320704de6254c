//! Misère play of heap games (the player who makes the last move loses).
//!
//! | module | theory |
//! |---|---|
//! | [`canonical`] | Conway's misère canonical forms: the simplest game equal to a position, hash-consed |
//! | [`genus`] | Conway's genus symbols `g^{γ0γ1…}` of heaps and sums of heaps |
//! | [`quotient`] | Plambeck–Siegel misère quotients: learned, verified, presented; sums of any size |

pub mod canonical;
pub mod genus;
pub mod quotient;

pub use canonical::{
    heap_forms, position_form, CanonicalError, MisereCanonical, MisereForm, MisereForms,
    DEFAULT_MAX_FORMS,
};
pub use genus::{Genus, GenusError, GenusTable, GENUS_MAX_HEAP, GENUS_MAX_POSITIONS};
pub use quotient::{
    Element, MisereQuotient, QuotientBound, QuotientBuilder, QuotientError, SEARCHED_SUM_BYTES,
};
