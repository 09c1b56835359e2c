//! `umpire serve JOURNAL [--bind ADDR] [--port N] [--new-links]`: each side's view of a battle,
//! and what everyone may see, served to the players' phones at a secret link each, kept up to
//! date live as the umpire's program appends to the journal ([`crate::serve`]). Read only: the
//! journal's lock is never taken; the only file written is the links file beside the journal.
//!
//! It prints a line per side, `SIDE-ID  URL`, then `public  URL`. On a terminal it then shows
//! each link as a QR code, one at a time (enter for the next), for a player to scan with his
//! phone; without one it prints the lines only. It serves until it is interrupted.

use super::output::Failure;
use crate::serve::links::Kept;
use crate::serve::{Options, Server};
use crate::text::escape_terminal;
use clap::{Arg, ArgAction, ArgMatches, Command, value_parser};
use std::io::{BufRead, IsTerminal, Write};
use std::net::IpAddr;
use std::path::PathBuf;

pub fn command() -> Command {
    Command::new("serve")
        .about("Serve each side's view to the players' phones: a secret link per side, kept up to date live (read only; the journal's lock is not taken)")
        .arg(super::battle::journal_arg())
        .arg(
            Arg::new("bind")
                .long("bind")
                .value_name("ADDR")
                .value_parser(value_parser!(IpAddr))
                .default_value("0.0.0.0")
                .help("the address to listen on: 0.0.0.0 (every interface) for phones on this machine's network, 127.0.0.1 for this machine only"),
        )
        .arg(
            Arg::new("port")
                .long("port")
                .value_name("N")
                .value_parser(value_parser!(u16))
                .default_value(crate::serve::DEFAULT_PORT.to_string())
                .help("the port to listen on (0: any free one; the links hold it, so keep it to keep them)"),
        )
        .arg(
            Arg::new("new-links")
                .long("new-links")
                .action(ArgAction::SetTrue)
                .help("make new secret links: those given out before answer 404 from now on"),
        )
}

/// `umpire serve JOURNAL`: serves until interrupted.
pub fn run(m: &ArgMatches, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), Failure> {
    let path = m.get_one::<PathBuf>("journal").cloned().unwrap_or_default();
    let options = Options {
        bind: m
            .get_one::<IpAddr>("bind")
            .copied()
            .unwrap_or(Options::default().bind),
        port: m
            .get_one::<u16>("port")
            .copied()
            .unwrap_or(crate::serve::DEFAULT_PORT),
        new_links: m.get_flag("new-links"),
    };
    let server = Server::start(&path, &options).map_err(|e| match e {
        crate::serve::ServeError::Journal(e) => super::battle::session_failure(e),
        other => Failure::failed(other.to_string()),
    })?;
    for line in preamble(&server) {
        writeln!(out, "{}", escape_terminal(&line))?;
    }
    for link in &server.links {
        writeln!(out, "{}  {}", escape_terminal(&link.key), link.url)?;
    }
    out.flush()?;
    if std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
        show_codes(&server, input, out)?;
    }
    // Serves until the program is interrupted.
    loop {
        std::thread::park();
    }
}

/// What is said before the links: what is served, from where, how the links were had, and
/// plainly when every interface is listened on.
pub fn preamble(server: &Server) -> Vec<String> {
    let mut lines = vec![format!(
        "Serving {} read only (its lock is not taken) on {}: each side's view and what everyone may see; never the umpire's.",
        server.journal.display(),
        server.local
    )];
    if server.on_all_interfaces() {
        lines.push(format!(
            "WARNING: listening on every interface ({}): anyone on this machine's networks who has a link reads that side's view. --bind 127.0.0.1 serves this machine only.",
            server.local
        ));
    }
    let file = server.links_file.display();
    lines.push(match server.kept {
        Kept::Same => format!("The links given out before still work (kept in {file}, readable by you only)."),
        Kept::New => format!("New links, kept in {file} (readable by you only) for the next time."),
        Kept::Replaced => format!("New links (--new-links): the old ones answer 404. Kept in {file}."),
        Kept::Exposed => format!(
            "New links: {file} could be read by others, so its links are no longer secret; the new ones are kept there, readable by you only."
        ),
        Kept::Unreadable => format!("New links: {file} did not hold this battle's links; the new ones are kept there."),
    });
    if let Some(note) = &server.note {
        lines.push(format!("Note: {note}"));
    }
    lines
}

/// Each link's QR code, one at a time: enter shows the next, `q` enter stops showing them.
fn show_codes(
    server: &Server,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let count = server.links.len();
    for (i, link) in server.links.iter().enumerate() {
        writeln!(out)?;
        writeln!(
            out,
            "{}",
            crate::serve::qr_code(&link.url).map_err(Failure::failed)?
        )?;
        writeln!(
            out,
            "{} of {count}: {} — {}",
            i + 1,
            escape_terminal(&link.who),
            link.url
        )?;
        if i + 1 < count {
            write!(
                out,
                "Scan it with that side's phone. Enter: the next code · q Enter: no more codes "
            )?;
        } else {
            writeln!(
                out,
                "That was the last code. Serving until interrupted (Ctrl-C)."
            )?;
        }
        out.flush()?;
        if i + 1 == count {
            break;
        }
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 || line.trim() == "q" {
            writeln!(out, "Serving until interrupted (Ctrl-C).")?;
            break;
        }
    }
    out.flush()?;
    Ok(())
}
