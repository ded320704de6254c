//! `solve --misere --canonical`: the misère canonical form of a position.

use grundy::misere::{CanonicalError, MisereForm, MisereForms};
use serde::Serialize;

/// `{"game":SPEC, "heaps":[..], "convention":"misere", "canonical":FORM,
/// "outcome":"N"|"P", "birthday":b, "misere_value":m, "normal_value":g,
/// "forms":n}`: the form in CGSuite's notation, the misère outcome, the
/// form's birthday, misère and normal-play nim values, and how many
/// distinct forms were built on the way. `"heaps"` is there for a heap
/// game (the position is their sum), absent for a whole position.
///
/// ```
/// use grundy::misere::MisereForms;
/// use grundy_json::CanonicalJson;
///
/// let mut forms = MisereForms::new();
/// let two = forms.nim(2).unwrap();
/// let sum = forms.add(two, two).unwrap();
/// let json = CanonicalJson::new("nim", Some(&[2, 2]), &mut forms, sum).unwrap();
/// assert_eq!(
///     serde_json::to_string(&json).unwrap(),
///     r#"{"game":"nim","heaps":[2,2],"convention":"misere","canonical":"*[2[2]]","outcome":"P","birthday":4,"misere_value":0,"normal_value":0,"forms":5}"#
/// );
/// ```
#[derive(Debug, Serialize)]
pub struct CanonicalJson<'a> {
    game: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    heaps: Option<&'a [u64]>,
    convention: &'static str,
    canonical: String,
    outcome: &'static str,
    birthday: u32,
    misere_value: u32,
    normal_value: u32,
    forms: usize,
}

impl<'a> CanonicalJson<'a> {
    /// The JSON of `form`, a form of `forms`, for the position `game`
    /// (with `heaps` for a sum of heaps).
    ///
    /// # Errors
    /// Those of [`MisereForms::notation`].
    pub fn new(
        game: &'a str,
        heaps: Option<&'a [u64]>,
        forms: &mut MisereForms,
        form: MisereForm,
    ) -> Result<CanonicalJson<'a>, CanonicalError> {
        Ok(CanonicalJson {
            game,
            heaps,
            convention: "misere",
            canonical: forms.notation(form)?,
            outcome: forms.outcome(form).as_str(),
            birthday: forms.birthday(form),
            misere_value: forms.misere_value(form),
            normal_value: forms.normal_value(form),
            forms: forms.len(),
        })
    }
}
