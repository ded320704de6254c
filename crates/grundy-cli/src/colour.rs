//! Terminal colour for the lesson's parts, shared by `nim --explain` and
//! the hints of `play`, so both paint a winning move the same way.

use std::io::IsTerminal;

use grundy_text::Role;

/// Whether to colour standard output: only on a terminal, and never when
/// the `NO_COLOR` convention asks not to.
pub fn wanted() -> bool {
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

/// `text` in the ANSI colour of its role (plain text for unstyled roles).
pub fn ansi(role: Role, text: &str) -> String {
    let code = match role {
        Role::TopBit => "1;33",
        Role::NimSum | Role::Heading => "1",
        Role::Win => "32",
        Role::Lose => "31",
        Role::Move => "1;32",
        _ => return text.to_string(),
    };
    format!("\x1b[{code}m{text}\x1b[0m")
}
