//! Board game specs (`cram:RxC`, `chomp:RxC`): parsing never panics, and a
//! spec that parses prints back to a spec that parses to the same board.
#![no_main]

use grundy::games::BoardSpec;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(board) = BoardSpec::parse(text) {
        let printed = board.to_string();
        let again = BoardSpec::parse(&printed)
            .unwrap_or_else(|e| panic!("{text:?} printed as {printed:?}, which fails: {e}"));
        assert_eq!(again.to_string(), printed, "{text:?}");
    }
});
