//! Board game specs (`cram:RxC`, `chomp:RxC`) and drawn positions
//! (`cram:.../.##`): parsing never panics, a spec that parses prints back to
//! a spec that parses to the same board, and an error's span lies within
//! the text. Node Kayles families (`nodekayles:grid:4x6`) never panic, and
//! a family that parses names itself by its canonical spec.
#![no_main]

use grundy::games::{Board, BoardSpec, NodeKayles};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if NodeKayles::is_spec(text) {
        match NodeKayles::family(text) {
            Ok(Some(game)) => {
                let again = NodeKayles::family(game.spec()).unwrap_or_else(|e| {
                    panic!("{text:?} named {:?}, which fails: {e}", game.spec())
                });
                assert_eq!(again.as_ref(), Some(&game), "{text:?}");
            }
            Ok(None) => {}
            Err(e) => {
                let span = e.span(text);
                assert!(
                    span.start <= span.end && span.end <= text.len(),
                    "{text:?}: {e:?} has span {span:?}"
                );
            }
        }
    }
    if let Ok(board) = BoardSpec::parse(text) {
        let printed = board.to_string();
        let again = BoardSpec::parse(&printed)
            .unwrap_or_else(|e| panic!("{text:?} printed as {printed:?}, which fails: {e}"));
        assert_eq!(again.to_string(), printed, "{text:?}");
    }
    match Board::parse(text) {
        Ok(board) => {
            let printed = board.to_string();
            assert_eq!(
                Board::parse(&printed),
                Ok(board),
                "{text:?} printed as {printed:?}"
            );
        }
        Err(e) => {
            let span = e.span(text);
            assert!(
                span.start <= span.end && span.end <= text.len(),
                "{text:?}: {e:?} has span {span:?}"
            );
        }
    }
});
