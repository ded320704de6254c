//! `grundy serve`: the web app (the page and the JSON API) on one address.

use std::io::Write;
use std::net::SocketAddr;

use anyhow::Context;

/// Arguments of `grundy serve`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  \
    grundy serve                          http://127.0.0.1:8080/\n  \
    grundy serve --addr 8081              another port on this machine\n  \
    grundy serve --addr localhost:0       any free port (the address is printed)\n  \
    grundy serve --addr 0.0.0.0:8080      every interface (the page has no login)\n  \
    curl -s -X POST localhost:8080/api/nim -d '{\"heaps\":[3,5,7]}'")]
pub struct Args {
    /// Address to listen on: HOST:PORT (`127.0.0.1:8080`, `localhost:8080`,
    /// `[::1]:8080`), or a port alone for this machine only (`8080`); port
    /// 0 picks a free port (the address bound is printed).
    #[arg(long, default_value = "127.0.0.1:8080", value_parser = address)]
    addr: SocketAddr,
}

/// `--addr`: a socket address, a host name and a port (resolved; the first
/// address is taken), or a port alone on the loopback interface.
fn address(text: &str) -> Result<SocketAddr, String> {
    use std::net::{Ipv4Addr, ToSocketAddrs};
    let text = text.trim();
    if let Ok(port) = text.parse::<u16>() {
        return Ok(SocketAddr::from((Ipv4Addr::LOCALHOST, port)));
    }
    if let Ok(addr) = text.parse::<SocketAddr>() {
        return Ok(addr);
    }
    let Some((host, port)) = text.rsplit_once(':') else {
        return Err(format!(
            "{text:?} is not an address: write HOST:PORT (127.0.0.1:8080, localhost:8080) or a port (8080)"
        ));
    };
    if port.parse::<u16>().is_err() {
        return Err(format!(
            "{port:?} is not a port: a port is a number from 0 to 65535"
        ));
    }
    match text.to_socket_addrs() {
        Ok(mut addrs) => addrs
            .next()
            .ok_or_else(|| format!("{host:?} names no address")),
        Err(e) => Err(format!(
            "{host:?} is not a host name this machine knows: {e}"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::address;

    #[test]
    fn addresses_ports_and_host_names() {
        assert_eq!(address("8080").unwrap().to_string(), "127.0.0.1:8080");
        assert_eq!(address("0.0.0.0:81").unwrap().to_string(), "0.0.0.0:81");
        assert_eq!(address("[::1]:0").unwrap().to_string(), "[::1]:0");
        assert!(address("localhost:0").unwrap().ip().is_loopback());
        assert!(address("localhost:99999")
            .unwrap_err()
            .contains("not a port"));
        assert!(address("nowhere").unwrap_err().contains("HOST:PORT"));
    }
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
