//! `grundy serve`: the web app (the page and the JSON API) on one address.

use std::io::Write;
use std::net::SocketAddr;

use anyhow::Context;

/// Arguments of `grundy serve`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Address to listen on; port 0 picks a free port (the address bound is
    /// printed).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
}

/// Runs `grundy serve` until interrupted.
pub fn run(args: Args, out: &mut impl Write) -> anyhow::Result<()> {
    grundy_web::serve_blocking(args.addr, grundy_web::Limits::default(), |bound| {
        // Printed and flushed at once: scripts read the address from it.
        writeln!(out, "grundy serving on http://{bound}/ (Ctrl-C stops)")?;
        out.flush()
    })
    .with_context(|| format!("serving on {}", args.addr))
}
