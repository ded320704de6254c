//! Ctrl-C and SIGTERM: the first one sets the library's [`Cancel`] flag, so a
//! long command stops at its next check, says how far it got and writes what
//! it must (a last checkpoint, no half-written file); a second one exits at
//! once with status 130, for a command that does not check the flag.

use std::sync::OnceLock;

use grundy::cancel::Cancel;

static FLAG: OnceLock<Cancel> = OnceLock::new();

/// Exit status of a command stopped by Ctrl-C or SIGTERM (128 + SIGINT), as
/// shells report it.
pub const INTERRUPTED: u8 = 130;

/// The flag that Ctrl-C and SIGTERM set. The handler is installed on the
/// first call, by the commands that check the flag (a command that never
/// checks it keeps the default: Ctrl-C ends it at once); later calls return
/// clones of the same flag.
#[allow(dead_code)] // installed only by the commands that check the flag
pub fn flag() -> Cancel {
    FLAG.get_or_init(|| {
        let cancel = Cancel::new();
        let seen = cancel.clone();
        // If a handler cannot be installed (another one is already there),
        // the default action of the signal stays: the process ends, which is
        // what it did before this module existed.
        let _ = ctrlc::set_handler(move || {
            if seen.is_cancelled() {
                std::process::exit(i32::from(INTERRUPTED));
            }
            seen.cancel();
        });
        cancel
    })
    .clone()
}
