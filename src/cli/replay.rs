//! `umpire replay JOURNAL`: the report view of a battle's journal in the terminal UI — each side's
//! strength over the turns, the losses of each turn, and the battle replayed event by event — read
//! without taking the journal's lock and never written to, so a battle another process is still
//! playing can be watched (`r` reads it again). A torn last line is left out and named in the
//! view's header.

use super::output::Failure;
use crate::text::escape_terminal;
use crate::tui::ReportView;
use crate::tui::keymap::Keymap;
use clap::{ArgMatches, Command};
use std::io::IsTerminal;
use std::path::PathBuf;

pub fn command() -> Command {
    Command::new("replay")
        .about("Replay a battle from its journal, event by event, with its strength chart and losses (read only; the journal's lock is not taken)")
        .arg(super::battle::journal_arg())
}

/// `umpire replay JOURNAL`. The journal is read first, so a missing or unreadable one is named
/// whether or not there is a terminal.
pub fn run(m: &ArgMatches) -> Result<(), Failure> {
    let path = m.get_one::<PathBuf>("journal").cloned().unwrap_or_default();
    let follower =
        crate::report::chronicle::Follower::open(&path).map_err(super::battle::session_failure)?;
    let (keymap, key_warning) = Keymap::load(follower.battle.ruleset);
    let mut view =
        ReportView::of(follower, keymap, false).map_err(super::battle::session_failure)?;
    if !(std::io::stdin().is_terminal() && std::io::stdout().is_terminal()) {
        return Err(Failure::usage(format!(
            "{}: the replay opens in the terminal UI, which needs a terminal on standard input and output (umpire report {} writes the report without one)",
            escape_terminal(&path.display().to_string()),
            escape_terminal(&path.display().to_string()),
        )));
    }
    view.message = key_warning.map(|w| (w, crate::tui::app::Level::Error));
    let done = crate::tui::run(&mut view).map_err(|e| Failure::failed(e.to_string()));
    super::let_go(view);
    done
}
