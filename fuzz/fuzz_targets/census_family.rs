//! Census family names (`octal:3`, `hex:2`, `sub:3:9`): parsing never
//! panics, an error points inside the text, and a family that parses
//! prints back to a name that parses to the same family.
#![no_main]

use grundy::census::Family;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    match Family::parse(text) {
        Ok(family) => {
            let printed = family.to_string();
            let again = Family::parse(&printed)
                .unwrap_or_else(|e| panic!("{text:?} printed as {printed:?}, which fails: {e}"));
            assert_eq!(again, family, "{text:?} -> {printed:?}");
        }
        Err(e) => {
            // The caret renderer's span lies on characters of the text.
            let span = e.span().expect("a located error");
            assert!(
                span.start <= span.end
                    && span.end <= text.len()
                    && text.is_char_boundary(span.start)
                    && text.is_char_boundary(span.end),
                "{text:?}: {e:?}"
            );
        }
    }
});
