//! The JSON of `grundy quotient` and `/api/quotient`.

use grundy::misere::MisereQuotient;
use serde::Serialize;

/// A misère quotient: `{"game", "max_heap", "order", "p_portion",
/// "pretending", "presentation": {"generators", "relations"}, "tame",
/// "stable_from", "orders", "table"}`. Elements are their names, words in
/// the generators (`"1"`, `"a"`, `"ab^2"`); `table` (the multiplication
/// table, rows and columns in `elements` order) is given only when asked.
#[derive(Debug, Serialize)]
pub struct QuotientJson<'a> {
    /// The canonical spec.
    pub game: &'a str,
    /// The largest heap covered.
    pub max_heap: u64,
    /// `|Q|`.
    pub order: usize,
    /// The elements of `P`.
    pub p_portion: Vec<&'a str>,
    /// The element of each heap `0..=max_heap`.
    pub pretending: Vec<&'a str>,
    /// Generators and relations.
    pub presentation: PresentationJson<'a>,
    /// Whether the quotient is that of misère Nim.
    pub tame: bool,
    /// From which heap bound on the quotient stayed the same, or null.
    pub stable_from: Option<u64>,
    /// The order for each heap bound `0..=max_heap`.
    pub orders: &'a [usize],
    /// Every element, in table order (the identity first).
    pub elements: Vec<&'a str>,
    /// `table[i][j]` is the index of `elements[i] · elements[j]`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table: Option<Vec<Vec<u32>>>,
}

/// The presentation of a quotient.
#[derive(Debug, Serialize)]
pub struct PresentationJson<'a> {
    /// `["a", "b", …]`.
    pub generators: &'a [String],
    /// The heap each generator is the class of.
    pub generator_heaps: &'a [u64],
    /// `["a^2 = 1", "b^3 = b"]`.
    pub relations: &'a [String],
}

impl<'a> QuotientJson<'a> {
    /// The JSON of `q`, with the multiplication table when `table` is set.
    ///
    /// ```
    /// use grundy::misere::MisereQuotient;
    /// let q = MisereQuotient::compute(&grundy::heap::HeapRuleset::Nim, 2)?;
    /// let json = grundy_json::QuotientJson::new(&q, false);
    /// assert_eq!(json.order, 6);
    /// assert_eq!(json.p_portion, ["a", "b^2"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(q: &'a MisereQuotient, table: bool) -> QuotientJson<'a> {
        QuotientJson {
            game: q.game(),
            max_heap: q.max_heap(),
            order: q.order(),
            p_portion: q.p_portion().iter().map(|&x| q.name(x)).collect(),
            pretending: q.pretending().iter().map(|&x| q.name(x)).collect(),
            presentation: PresentationJson {
                generators: q.generators(),
                generator_heaps: q.generator_heaps(),
                relations: q.relations(),
            },
            tame: q.tame(),
            stable_from: q.stable_from(),
            orders: q.orders(),
            elements: q.elements().map(|x| q.name(x)).collect(),
            table: table.then(|| {
                q.elements()
                    .map(|x| q.elements().map(|y| q.product(x, y).0).collect())
                    .collect()
            }),
        }
    }
}
