//! The cells that the take-and-break engines store values in: one, two or
//! four bytes a value ([`Cell`]), and the same values seen as the slices of
//! one or two bytes that vector code reads ([`Narrow`]).
//!
//! Engines are generic over the cell, so that a sequence whose values stay
//! below 256 is stored, and scanned, one byte per value; the stores of
//! [`GrundySequence`](super::GrundySequence) hand their vectors out as
//! cells of their width.

/// An unsigned integer type that holds Grundy values compactly.
///
/// Engines are generic over it so that a sequence whose values stay below
/// 256 is stored, and scanned, one byte per value.
pub(crate) trait Cell:
    Copy + Eq + Default + Send + Sync + 'static + std::ops::BitXor<Output = Self>
{
    /// Every storable value is below this bound.
    const LIMIT: u64;
    /// The value as a wide integer.
    fn get(self) -> u32;
    /// The cell holding `v`; `v < LIMIT`.
    fn of(v: u32) -> Self;
    /// `values` as the vectors of [`super::bitrows`] and [`super::simd`]
    /// read them, when the cells are one or two bytes.
    fn narrow(values: &[Self]) -> Option<Narrow<'_>>;
    /// The vector of `cells` that holds this width.
    fn of_width(cells: &PerWidth) -> &Vec<Self>;
    /// [`Cell::of_width`], to change.
    fn of_width_mut(cells: &mut PerWidth) -> &mut Vec<Self>;
}

macro_rules! cell {
    ($t:ty, $field:ident, $limit:expr, |$v:ident| $narrow:expr) => {
        impl Cell for $t {
            const LIMIT: u64 = $limit;
            #[inline(always)]
            fn get(self) -> u32 {
                u32::from(self)
            }
            #[inline(always)]
            fn of(v: u32) -> Self {
                debug_assert!(u64::from(v) < Self::LIMIT);
                v as $t
            }
            #[inline(always)]
            fn narrow($v: &[Self]) -> Option<Narrow<'_>> {
                $narrow
            }
            #[inline(always)]
            fn of_width(cells: &PerWidth) -> &Vec<Self> {
                &cells.$field
            }
            #[inline(always)]
            fn of_width_mut(cells: &mut PerWidth) -> &mut Vec<Self> {
                &mut cells.$field
            }
        }
    };
}
cell!(u8, bytes, 1 << 8, |v| Some(Narrow::U8(v)));
cell!(u16, shorts, 1 << 16, |v| Some(Narrow::U16(v)));
cell!(u32, words, 1 << 32, |v| {
    let _ = v;
    None
});

/// The values of a sequence in the widths the vectors read.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Narrow<'a> {
    /// One byte per value.
    U8(&'a [u8]),
    /// Two bytes per value.
    U16(&'a [u16]),
}

/// A vector of cells of each width, for state kept beside values whose
/// width an engine only knows as its type parameter (it uses the vector
/// of its current width, [`Cell::of_width`]).
#[derive(Clone, Debug, Default)]
pub(crate) struct PerWidth {
    /// One byte a value.
    pub(crate) bytes: Vec<u8>,
    /// Two bytes a value.
    pub(crate) shorts: Vec<u16>,
    /// Four bytes a value.
    pub(crate) words: Vec<u32>,
}
