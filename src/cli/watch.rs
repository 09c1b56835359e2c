//! `umpire watch JOURNAL [--side ID | --umpire]`: the players' view of a battle, following its
//! journal live as the umpire's program appends to it ([`crate::tui::watch`]). Without a side,
//! what everyone may see. Read only: the journal's lock is never taken and nothing is written.
//!
//! On a terminal it is the full-screen view. Without one (its output piped to a file, a second
//! program or a screen reader) it prints, as the journal grows, each event the viewer may see on a
//! line of its own, where the battle stands whenever that changes, and what was taken back — the
//! same view as lines, until it is interrupted.

use super::output::Failure;
use crate::model::Roster;
use crate::model::Viewer;
use crate::report::chronicle::Follower;
use crate::text::escape_terminal;
use crate::tui::WatchView;
use crate::tui::watch::{Following, watch_file};
use clap::{Arg, ArgAction, ArgGroup, ArgMatches, Command};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

pub fn command() -> Command {
    Command::new("watch")
        .about("Follow a battle live as one side may see it, for the players (read only; the journal's lock is not taken)")
        .arg(super::battle::journal_arg())
        .arg(
            Arg::new("side")
                .long("side")
                .value_name("ID")
                .help("that side's view: its own units in full, the enemy only as far as it has seen it [default: what everyone may see]"),
        )
        .arg(
            Arg::new("umpire")
                .long("umpire")
                .action(ArgAction::SetTrue)
                .help("everything, concealed columns and private notes included (a second screen for the umpire)"),
        )
        .group(ArgGroup::new("viewer").args(["side", "umpire"]))
}

/// `umpire watch JOURNAL`. The journal is read first, so a missing or damaged one is named
/// before the screen is taken.
pub fn run(m: &ArgMatches, out: &mut dyn Write) -> Result<(), Failure> {
    let path = m.get_one::<PathBuf>("journal").cloned().unwrap_or_default();
    let follower = Follower::open(&path).map_err(super::battle::session_failure)?;
    let viewer = if m.get_flag("umpire") {
        Viewer::Umpire
    } else if let Some(id) = m.get_one::<String>("side") {
        side_viewer(id, &follower.battle.roster)?
    } else {
        Viewer::Public
    };
    let mut view = WatchView::of(follower, viewer).map_err(super::battle::session_failure)?;
    if std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
        let done = crate::tui::watch::run(&mut view).map_err(|e| Failure::failed(e.to_string()));
        super::let_go(view);
        return done;
    }
    follow_in_lines(&mut view, out)
}

/// The viewer `--side ID` names, or an error that lists the sides there are (and the nearest
/// to what was typed).
fn side_viewer(id: &str, roster: &Roster) -> Result<Viewer, Failure> {
    roster.side_index(id).map(Viewer::Side).ok_or_else(|| {
        let sides: Vec<String> = roster
            .sides
            .iter()
            .map(|s| format!("{} ({})", s.id, s.name))
            .collect();
        Failure::usage(escape_terminal(&format!(
            "--side {id}: the battle has no side `{id}`; its sides are {}{}",
            match sides.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
                _ => sides.join(""),
            },
            crate::text::did_you_mean(id, roster.sides.iter().map(|s| s.id.as_str()))
        )))
    })
}

/// The view as lines: what it shows now, then what changes, as the journal changes, until the
/// program is interrupted or its output is closed.
fn follow_in_lines(view: &mut WatchView, out: &mut dyn Write) -> Result<(), Failure> {
    let (tx, rx) = std::sync::mpsc::channel();
    let watcher = watch_file(view.path(), move || {
        let _ = tx.send(());
    });
    if let Some(note) = &watcher.note {
        writeln!(out, "-- {}", escape_terminal(note))?;
    }
    let b = view.battle();
    writeln!(
        out,
        "Watching {} ({}): {}. Journal: {}",
        escape_terminal(b.scenario.title()),
        b.ruleset.id(),
        match view.viewer() {
            Viewer::Umpire => "everything, as the umpire sees it".to_string(),
            Viewer::Side(s) => format!(
                "what {} ({}) may see",
                escape_terminal(&b.roster.sides[s].name),
                escape_terminal(&b.roster.sides[s].id)
            ),
            Viewer::Public => "what everyone may see".to_string(),
        },
        escape_terminal(&view.path().display().to_string())
    )?;
    let mut shown = Shown::default();
    // Anything written between the first reading and the watch being set up.
    view.refresh();
    loop {
        shown.print_changes(view, out)?;
        out.flush()?;
        if rx.recv().is_err() {
            return Ok(());
        }
        while rx.try_recv().is_ok() {}
        view.refresh();
    }
}

/// What the lines have said so far.
#[derive(Default)]
struct Shown {
    /// The log's lines were printed once (after that, only the lines each reading adds).
    started: bool,
    place: String,
    message: Option<String>,
    following: Option<Following>,
}

impl Shown {
    /// Prints what changed since the last time: where the battle stands, the journal's state,
    /// what was taken back, and each line the last reading added (every line the first time).
    fn print_changes(&mut self, view: &WatchView, out: &mut dyn Write) -> std::io::Result<()> {
        let esc = escape_terminal;
        if self.following.as_ref() != Some(view.following()) {
            match view.following() {
                Following::Live if self.following.is_none() => {}
                Following::Live => writeln!(out, "-- the journal is followed again")?,
                Following::Gone => writeln!(
                    out,
                    "-- the journal is gone (deleted or moved): the battle as last read"
                )?,
                Following::Stopped(why) => writeln!(out, "-- stopped: {}", esc(why))?,
            }
            self.following = Some(view.following().clone());
        }
        if view.message() != self.message.as_deref() {
            if let Some(m) = view.message() {
                writeln!(out, "-- {}", esc(m))?;
            }
            self.message = view.message().map(str::to_string);
        }
        let new = if self.started {
            view.fresh_lines()
        } else {
            0..view.log_len()
        };
        self.started = true;
        for line in view.log_lines(new) {
            let tag = line
                .tag
                .as_ref()
                .map(|t| format!(" ({})", esc(t)))
                .unwrap_or_default();
            let number = line.number.map_or_else(|| "·".into(), |n| n.to_string());
            writeln!(out, "{number:>5} {}{tag}", esc(&line.text))?;
            // What it resolved, a line each (dice, result, modifiers), when the viewer may see
            // the event whole (not only its part, or the phase it reached): read back from the
            // journal.
            if line.whole
                && let Ok(record) = view.chronicle().record(line.record)
                && let crate::battle::Entry::Event(ev) = record.entry
            {
                for r in &ev.resolutions {
                    writeln!(out, "      {}", esc(&crate::report::resolution_line(r)))?;
                }
            }
        }
        let place = crate::tui::watch::place(view.battle());
        if place != self.place {
            writeln!(out, "-- now: {}", esc(&place))?;
            self.place = place;
        }
        Ok(())
    }
}
