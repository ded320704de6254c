//! The JSON of a genus: `grundy solve ... --genus --json`.

use grundy::misere::Genus;
use serde::Serialize;

/// Conway's genus of a position or a sum of heaps.
///
/// ```
/// use grundy::misere::Genus;
/// use grundy::Nimber;
/// use grundy_json::GenusJson;
///
/// let genus = Genus::new(Nimber(1), vec![0, 3, 1, 3, 1]);
/// let json = serde_json::to_string(&GenusJson::new("cram:3x3", &genus)).unwrap();
/// assert_eq!(
///     json,
///     r#"{"game":"cram:3x3","genus":"1^031","value":1,"gammas":[0,3,1],"outcome":"N","misere_outcome":"P"}"#
/// );
/// ```
#[derive(Debug, Serialize)]
pub struct GenusJson<'a> {
    /// The game as the user named it (with its heaps for a heap game).
    pub game: &'a str,
    /// The symbol `g^γ0γ1…`.
    pub genus: String,
    /// The normal-play Grundy value `g`.
    pub value: u64,
    /// `γ0, γ1, …` up to where they alternate.
    pub gammas: &'a [u64],
    /// The normal-play outcome: `N` when `g` is not 0.
    pub outcome: &'static str,
    /// The misère outcome: `P` exactly when `γ0` is 0.
    pub misere_outcome: &'static str,
}

impl<'a> GenusJson<'a> {
    /// The JSON of `genus` for `game`.
    pub fn new(game: &'a str, genus: &'a Genus) -> GenusJson<'a> {
        let outcome = |won: bool| if won { "N" } else { "P" };
        GenusJson {
            game,
            genus: genus.to_string(),
            value: genus.normal().0,
            gammas: genus.gammas(),
            outcome: outcome(genus.normal().0 != 0),
            misere_outcome: outcome(genus.gammas().first() != Some(&0)),
        }
    }
}
