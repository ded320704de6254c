//! Heap game specs: parsing never panics, and a spec that parses prints back
//! to a spec that parses to the same ruleset.
#![no_main]

use grundy::heap::HeapRuleset;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(ruleset) = HeapRuleset::parse(text) {
        let printed = ruleset.to_string();
        let again = HeapRuleset::parse(&printed)
            .unwrap_or_else(|e| panic!("{text:?} printed as {printed:?}, which fails: {e}"));
        assert_eq!(again, ruleset, "{text:?} -> {printed:?}");
    }
});
