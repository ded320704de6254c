//! Every game spec through the one front door, `Game::parse` (heap rules,
//! board sizes and drawn positions `cram:.../.##`, Node Kayles graphs and
//! positions `nodekayles:path:5-{2,3}`): parsing never panics, a spec that
//! parses prints back to a spec that parses to the same game, and an
//! error's span lies on characters of the text.
#![no_main]

use grundy::games::{Game, GameError};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    match Game::parse(text) {
        Ok(game) => {
            let printed = game.to_string();
            let again = Game::parse(&printed)
                .unwrap_or_else(|e| panic!("{text:?} printed as {printed:?}, which fails: {e}"));
            assert_eq!(again.to_string(), printed, "{text:?}");
            if let Some(position) = game.position() {
                // A position's moves lead to positions that name themselves.
                for (mv, after) in position.moves().into_iter().take(4) {
                    let spec = after.to_string();
                    let back = Game::parse(&spec)
                        .unwrap_or_else(|e| panic!("{text:?} {}: {spec:?} fails: {e}", mv.name));
                    assert_eq!(back.to_string(), spec);
                }
            }
        }
        Err(GameError::Spec(e)) => {
            let span = e.span().expect("a spec error has a span");
            let shown = e.text().expect("a spec error has its text");
            assert_eq!(shown, text);
            assert!(
                span.start <= span.end
                    && span.end <= text.len()
                    && text.is_char_boundary(span.start)
                    && text.is_char_boundary(span.end),
                "{text:?}: {e:?} has span {span:?}"
            );
        }
        Err(_) => {}
    }
});
