//! `umpire play`, `umpire resume` and the demo battle that `umpire` alone opens: the edges that
//! create or reopen a battle's journal and hand it to the terminal UI.

use super::output::Failure;
use crate::battle::session::Session;
use crate::scenario;
use crate::text::escape_terminal;
use crate::tui::{App, keymap::Keymap};
use chrono::Utc;
use clap::{Arg, ArgMatches, Command, value_parser};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

/// The demo battle, built into the program: a Newport company action.
pub const DEMO_SCENARIO: &str = include_str!("../../rosters/newport-company-action.toml");
/// How the demo scenario is named in its journal header.
pub const DEMO_NAME: &str = "demo: rosters/newport-company-action.toml";

pub fn play_command() -> Command {
    Command::new("play")
        .about("Start a battle from a scenario in the terminal UI; its journal is written as it goes")
        .arg(
            Arg::new("scenario")
                .value_name("SCENARIO")
                .required(true)
                .value_parser(value_parser!(PathBuf)),
        )
        .arg(
            Arg::new("journal")
                .long("journal")
                .value_name("PATH")
                .help("where to write the battle's journal [default: a new file in the data directory]")
                .value_parser(value_parser!(PathBuf)),
        )
        .arg(
            Arg::new("seed")
                .long("seed")
                .value_name("N")
                .help("seed of the program's dice [default: a fresh one, kept in the journal]")
                .value_parser(value_parser!(u64)),
        )
}

pub fn resume_command() -> Command {
    Command::new("resume")
        .about("Carry on a battle from its journal (after a crash too)")
        .arg(
            Arg::new("journal")
                .value_name("JOURNAL")
                .required(true)
                .value_parser(value_parser!(PathBuf)),
        )
}

/// Where battles go by default: `<data dir>/umpire/battles`.
pub fn battles_dir() -> PathBuf {
    dirs::data_dir()
        .unwrap_or_else(|| PathBuf::from("."))
        .join("umpire")
        .join("battles")
}

/// A new journal path for a scenario named `stem`, stamped with the time.
pub fn new_journal_path(stem: &str) -> PathBuf {
    battles_dir().join(format!(
        "{stem}-{}.jsonl",
        Utc::now().format("%Y%m%d-%H%M%S")
    ))
}

fn interactive() -> bool {
    std::io::stdin().is_terminal() && std::io::stdout().is_terminal()
}

fn need_terminal() -> Result<(), Failure> {
    if interactive() {
        Ok(())
    } else {
        Err(Failure::usage(
            "the terminal UI needs a terminal on standard input and output",
        ))
    }
}

fn create(scenario: scenario::Scenario, journal: &Path, seed: u64) -> Result<Session, Failure> {
    if let Some(dir) = journal.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| {
            Failure::failed(format!(
                "cannot create {}: {e}",
                escape_terminal(&dir.display().to_string())
            ))
        })?;
    }
    Session::create(scenario, journal, seed, Utc::now()).map_err(|e| Failure::failed(e.to_string()))
}

/// Opens the UI on a session, then says where the battle is kept.
fn open(session: Session, note: Option<String>, out: &mut dyn Write) -> Result<(), Failure> {
    let ruleset = session.battle().ruleset;
    let path = session.path().to_path_buf();
    let (keymap, key_warning) = Keymap::load(ruleset);
    let mut app = App::new(session, keymap, Utc::now);
    for n in [note, key_warning].into_iter().flatten() {
        app.note(&n);
    }
    crate::tui::run(&mut app).map_err(|e| Failure::failed(e.to_string()))?;
    let p = escape_terminal(&path.display().to_string());
    writeln!(
        out,
        "The battle is saved in {p}\nCarry on with: umpire resume {p}"
    )?;
    Ok(())
}

/// `umpire` alone: the demo battle in the UI, or (without a terminal) the overview.
pub fn demo(out: &mut dyn Write) -> Result<(), Failure> {
    if !interactive() {
        writeln!(
            out,
            "(no terminal: the demo battle opens when umpire runs in a terminal)\n"
        )?;
        return super::overview(out).map_err(Failure::from);
    }
    let scenario =
        scenario::parse(DEMO_NAME, DEMO_SCENARIO).map_err(|e| Failure::failed(e.to_string()))?;
    let session = create(
        scenario,
        &new_journal_path("demo"),
        super::resolve::fresh_seed(),
    )?;
    open(
        session,
        Some("demo battle: press ? for the keys".into()),
        out,
    )
}

/// `umpire play SCENARIO`.
pub fn play(m: &ArgMatches, out: &mut dyn Write) -> Result<(), Failure> {
    let path = m
        .get_one::<PathBuf>("scenario")
        .cloned()
        .unwrap_or_default();
    let scenario = scenario::load(&path).map_err(|e| Failure::failed(e.to_string()))?;
    need_terminal()?;
    let journal = m.get_one::<PathBuf>("journal").cloned().unwrap_or_else(|| {
        new_journal_path(
            &path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_else(|| "battle".into()),
        )
    });
    let seed = m
        .get_one::<u64>("seed")
        .copied()
        .unwrap_or_else(super::resolve::fresh_seed);
    let session = create(scenario, &journal, seed)?;
    open(session, None, out)
}

/// `umpire resume JOURNAL`.
pub fn resume(m: &ArgMatches, out: &mut dyn Write) -> Result<(), Failure> {
    let path = m.get_one::<PathBuf>("journal").cloned().unwrap_or_default();
    let (session, torn) = Session::resume(&path).map_err(|e| Failure::failed(e.to_string()))?;
    let note = torn.map(|t| {
        format!(
            "an unfinished last line ({} bytes at byte {}) was set aside{}; the battle resumes at its last whole event",
            t.bytes,
            t.offset,
            t.saved_to
                .map(|p| format!(" in {}", escape_terminal(&p.display().to_string())))
                .unwrap_or_default()
        )
    });
    if let Some(n) = &note {
        writeln!(out, "{n}")?;
    }
    need_terminal()?;
    open(session, note, out)
}
