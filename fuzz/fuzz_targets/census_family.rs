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
            assert!(e.offset <= text.len(), "{text:?}: offset {}", e.offset);
            // The caret renderer's span lies on a character of the text.
            let _ = e.span(text);
        }
    }
});
