//! `grundy nim`: decide a Nim position (placeholder until the Nim engine lands).

use std::io::Write;

/// Arguments of `grundy nim`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Heap sizes.
    heaps: Vec<String>,
}

/// Runs `grundy nim`.
pub fn run(args: Args, _out: &mut impl Write) -> anyhow::Result<()> {
    anyhow::bail!(
        "nim is not implemented yet ({} heaps given)",
        args.heaps.len()
    )
}
