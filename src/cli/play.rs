//! `umpire play`, `umpire resume` and the demo battle that `umpire` alone opens: the edges that
//! create or reopen a battle's journal and hand it to the terminal UI.

use super::output::Failure;
use crate::battle::journal::JournalError;
use crate::battle::session::{Session, SessionError};
use crate::scenario::{self, ScenarioErrors};
use crate::text::escape_terminal;
use crate::tui::{App, keymap::Keymap};
use chrono::Utc;
use clap::{Arg, ArgMatches, Command, value_parser};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

pub use super::demo::{DEMO_NAME, DEMO_SCENARIO, demo_scenario};

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
        .arg(super::battle::journal_arg())
}

/// Where battles go by default: `<data dir>/umpire/battles`.
pub fn battles_dir() -> PathBuf {
    dirs::data_dir()
        .unwrap_or_else(|| PathBuf::from("."))
        .join("umpire")
        .join("battles")
}

/// A new journal path for a scenario named `stem`, stamped with the time. Two battles started in
/// the same second get the same path: [`JournalPath::Default`] then steps aside to `-2`, `-3` ….
pub fn new_journal_path(stem: &str) -> PathBuf {
    battles_dir().join(format!(
        "{stem}-{}.jsonl",
        Utc::now().format("%Y%m%d-%H%M%S")
    ))
}

/// How many numbered names a default journal path tries before giving up.
const MAX_NUMBERED: u32 = 1000;

/// Where a new battle's journal goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JournalPath {
    /// Given by the umpire (`--journal`): a file already there is an error, never replaced.
    Given(PathBuf),
    /// Chosen by the program: if the file exists (another battle started in the same second),
    /// the next free `NAME-2.jsonl`, `NAME-3.jsonl` … is taken.
    Default(PathBuf),
}

/// `path` with `-n` before its extension: `a/b-20240714-060000-2.jsonl`.
fn numbered(path: &Path, n: u32) -> PathBuf {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let name = match path.extension() {
        Some(ext) => format!("{stem}-{n}.{}", ext.to_string_lossy()),
        None => format!("{stem}-{n}"),
    };
    path.with_file_name(name)
}

/// One `error:` line per problem of a scenario, as `umpire check` prints them.
fn scenario_failure(errors: ScenarioErrors) -> Failure {
    Failure::failed_all(errors.0.iter().map(ToString::to_string))
}

/// A session that could not be started or resumed from its journal: a scenario kept in the
/// journal that does not validate gets a line saying so, then one line per problem.
pub(crate) fn session_failure(e: SessionError) -> Failure {
    match e {
        SessionError::JournalScenario { path, errors } => Failure::failed_all(
            std::iter::once(format!(
                "{}: the scenario kept in this battle journal does not validate:",
                escape_terminal(&path.display().to_string())
            ))
            .chain(errors.0.iter().map(ToString::to_string)),
        ),
        other => Failure::failed(other.to_string()),
    }
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

/// Starts a battle in a new journal. The file is created atomically (`create_new`), so two
/// processes never share one: a default path already taken steps aside to the next numbered name.
fn create(
    scenario: scenario::Scenario,
    journal: &JournalPath,
    seed: u64,
) -> Result<Session, Failure> {
    let (first, step_aside) = match journal {
        JournalPath::Given(p) => (p, false),
        JournalPath::Default(p) => (p, true),
    };
    if let Some(dir) = first.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| {
            Failure::failed(format!(
                "cannot create {}: {e}",
                escape_terminal(&dir.display().to_string())
            ))
        })?;
    }
    for n in 1..=MAX_NUMBERED {
        let path = if n == 1 {
            first.clone()
        } else {
            numbered(first, n)
        };
        match Session::create(scenario.clone(), &path, seed, Utc::now()) {
            Err(SessionError::Journal(JournalError::Exists { .. })) if step_aside => continue,
            result => return result.map_err(session_failure),
        }
    }
    Err(Failure::failed(format!(
        "{}: this battle journal and the next {} numbered ones exist already; choose a file with --journal PATH",
        escape_terminal(&first.display().to_string()),
        MAX_NUMBERED - 1
    )))
}

/// Opens the UI on a session, then says where the battle is kept.
fn open(session: Session, note: Option<String>, out: &mut dyn Write) -> Result<(), Failure> {
    let ruleset = session.battle().ruleset;
    let path = session.path().to_path_buf();
    let (keymap, key_warning) = Keymap::load(ruleset);
    let mut app = App::new(session, keymap, Utc::now);
    app.start_serving = Some(crate::serve::for_screen(crate::serve::Options::default()));
    if let Some(n) = note {
        app.note(&n);
    }
    // A bad key file is an error, shown whole (wrapped over the key hints if it must be).
    if let Some(w) = key_warning {
        let text = match app.message.take() {
            Some((m, _)) => format!("{w}; {m}"),
            None => w,
        };
        app.message = Some((text, crate::tui::app::Level::Error));
    }
    let ran = crate::tui::run(&mut app).map_err(|e| Failure::failed(e.to_string()));
    super::let_go(app);
    ran?;
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
    let session = create(
        demo_scenario(),
        &JournalPath::Default(new_journal_path("demo")),
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
    let scenario = scenario::load(&path).map_err(scenario_failure)?;
    need_terminal()?;
    let journal = match m.get_one::<PathBuf>("journal") {
        Some(given) => JournalPath::Given(given.clone()),
        None => JournalPath::Default(new_journal_path(
            &path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_else(|| "battle".into()),
        )),
    };
    let seed = m
        .get_one::<u64>("seed")
        .copied()
        .unwrap_or_else(super::resolve::fresh_seed);
    let session = create(scenario, &journal, seed)?;
    open(session, None, out)
}

/// `umpire resume JOURNAL`. Without a terminal it refuses before the journal is opened: a torn
/// last line is set aside only when the battle really resumes.
pub fn resume(m: &ArgMatches, out: &mut dyn Write) -> Result<(), Failure> {
    let path = m.get_one::<PathBuf>("journal").cloned().unwrap_or_default();
    need_terminal()?;
    // A FIFO, a device or a directory is refused at once, before anything is read.
    let (session, torn) = Session::resume(&path).map_err(session_failure)?;
    // "an unfinished last line (…) was set aside in …" or "a damaged last line …".
    let note = torn.map(|t| t.describe());
    if let Some(n) = &note {
        writeln!(out, "{n}")?;
    }
    open(session, note, out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn demo() -> scenario::Scenario {
        scenario::parse(DEMO_NAME, DEMO_SCENARIO).unwrap()
    }

    #[test]
    fn numbered_names_go_before_the_extension() {
        assert_eq!(
            numbered(Path::new("/b/demo-20240714-060000.jsonl"), 2),
            Path::new("/b/demo-20240714-060000-2.jsonl")
        );
        assert_eq!(numbered(Path::new("battle"), 3), Path::new("battle-3"));
    }

    #[test]
    fn a_default_journal_that_exists_steps_aside_and_a_given_one_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let default = dir.path().join("demo-20240714-060000.jsonl");
        let journal = JournalPath::Default(default.clone());
        // Three starts in the same second: three battles, three files.
        let paths: Vec<PathBuf> = (0..3)
            .map(|_| create(demo(), &journal, 1).unwrap().path().to_path_buf())
            .collect();
        assert_eq!(
            paths,
            [
                default.clone(),
                dir.path().join("demo-20240714-060000-2.jsonl"),
                dir.path().join("demo-20240714-060000-3.jsonl"),
            ]
        );
        let before = std::fs::read(&default).unwrap();
        let failure = create(demo(), &JournalPath::Given(default.clone()), 1).unwrap_err();
        assert_eq!(failure.code, super::super::output::FAILED);
        assert!(
            failure.messages[0].ends_with(
                "demo-20240714-060000.jsonl: the battle journal already exists; resume it instead, or choose another file"
            ),
            "{:?}",
            failure.messages
        );
        assert_eq!(std::fs::read(&default).unwrap(), before, "left as it was");
    }

    #[test]
    fn two_starts_at_once_never_share_a_journal() {
        let dir = tempfile::tempdir().unwrap();
        let journal = JournalPath::Default(dir.path().join("battle.jsonl"));
        let barrier = std::sync::Barrier::new(2);
        let mut paths: Vec<PathBuf> = std::thread::scope(|s| {
            let starts: Vec<_> = (0..2)
                .map(|_| {
                    s.spawn(|| {
                        barrier.wait();
                        create(demo(), &journal, 1).unwrap().path().to_path_buf()
                    })
                })
                .collect();
            starts.into_iter().map(|t| t.join().unwrap()).collect()
        });
        paths.sort();
        assert_eq!(
            paths,
            [
                dir.path().join("battle-2.jsonl"),
                dir.path().join("battle.jsonl")
            ]
        );
    }

    #[test]
    fn a_journal_whose_scenario_does_not_validate_gets_one_line_per_problem() {
        let bad = "ruleset = \"newport\"\ntitle = 3\nturns = \"ten\"\n";
        let errors = scenario::parse("b.jsonl#scenario", bad).unwrap_err();
        assert_eq!(errors.0.len(), 2);
        let failure = session_failure(SessionError::JournalScenario {
            path: PathBuf::from("b.jsonl"),
            errors,
        });
        assert_eq!(
            failure.messages,
            [
                "b.jsonl: the scenario kept in this battle journal does not validate:",
                "b.jsonl#scenario:2:9: title: invalid type: whole number `3`, expected a string",
                "b.jsonl#scenario:3:9: turns: invalid type: string \"ten\", expected a whole number",
            ]
        );
        assert!(failure.messages.iter().all(|m| !m.contains('\n')));
    }
}
