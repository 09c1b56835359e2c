//! The `umpire` command line: the clap definition and the dispatch to each subcommand.
//!
//! - [`check`]: `umpire check FILE...` validates scenario files;
//! - [`rulesets`]: `umpire rulesets [ID] [--json]` lists what each rule set offers;
//! - [`scenario`]: `umpire scenario new RULESET` writes a new scenario from the organisations the
//!   rule set's text describes;
//! - [`resolve`]: `umpire resolve|odds RULESET ACTION [inputs]`, with the procedures and their
//!   flags built from the rule sets' declarations;
//! - [`play`]: `umpire play SCENARIO`, `umpire resume JOURNAL` and the demo battle that `umpire`
//!   alone opens in the terminal UI;
//! - [`battle`]: the battle from the command line — `umpire new`, `act` (one procedure, or a
//!   script from standard input), `next`, `undo`, `redo`, `mark`, `hits`, `note` and `state`;
//! - [`report`]: `umpire report JOURNAL` writes the battle report (Markdown or HTML);
//! - [`replay`]: `umpire replay JOURNAL` opens the report view, the battle replayed event by event;
//! - [`watch`]: `umpire watch JOURNAL [--side ID]` follows a battle live as one side may see it;
//! - [`serve`]: `umpire serve JOURNAL` serves each side's view to the players' phones, live;
//! - [`overview`]: what `umpire` alone prints when it has no terminal.
//!
//! Everything reads the `input` and writes to the `out` and `err` it is given
//! ([`run_with_input`]), so tests run it in-process, scripts included. Errors go to
//! `err` as `error: …` lines, escaped; the exit status is 2 for a command line that could not be
//! understood and 1 for one that could not be carried out (a rule refused it, a file is invalid).
//! A command that answers in JSON and was given `--json` answers its failure in JSON too, on `out`:
//! `{"error": …, "kind": "refused"|"failed"|"usage", "exit_status": 1|2}` (see `output`).

pub mod battle;
pub mod check;
pub mod demo;
mod output;
mod overview;
pub mod play;
pub mod replay;
pub mod report;
pub mod resolve;
pub mod rulesets;
pub mod scenario;
pub mod serve;
pub mod watch;

use clap::{Arg, Command, value_parser};
use output::Failure;
pub use overview::overview;
use resolve::Mode;
use std::ffi::OsString;
use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set by [`main`], the program's own entry: the process ends as soon as the command is done, so
/// what a command built (a battle of 100,000 events) is left for the system to take back at once
/// rather than freed piece by piece (about 150 ms at 100,000 events). Called as a library (the
/// tests), the command line frees what it built as usual.
static EXITING: AtomicBool = AtomicBool::new(false);

/// Lets go of `value`: left to the system when the process is about to end ([`EXITING`]),
/// dropped otherwise.
pub(crate) fn let_go<T>(value: T) {
    if EXITING.load(Ordering::Relaxed) {
        std::mem::forget(value);
    }
}

/// Runs the command line and returns the process exit status.
pub fn main() -> ExitCode {
    EXITING.store(true, Ordering::Relaxed);
    let stdout = io::stdout();
    let stderr = io::stderr();
    run(std::env::args_os(), &mut stdout.lock(), &mut stderr.lock())
}

/// The whole command line, as clap sees it.
pub fn command() -> Command {
    let cmd = Command::new("umpire")
        .version(env!("CARGO_PKG_VERSION"))
        .about(env!("CARGO_PKG_DESCRIPTION"))
        .propagate_version(true)
        .subcommand(
            Command::new("check")
                .about("Validate scenario files; every problem is named with file:line:column")
                .arg(
                    Arg::new("files")
                        .value_name("FILE")
                        .num_args(1..)
                        .required(true)
                        .value_parser(value_parser!(PathBuf)),
                ),
        )
        .subcommand(play::play_command())
        .subcommand(play::resume_command())
        .subcommands(battle::commands())
        .subcommand(report::command())
        .subcommand(replay::command())
        .subcommand(watch::command())
        .subcommand(serve::command())
        .subcommand(rulesets::command())
        .subcommand(scenario::command())
        .subcommand(resolve::command(Mode::Resolve))
        .subcommand(resolve::command(Mode::Odds));
    named_umpire(cmd)
}

/// Every subcommand answers `--version` with `umpire 0.1.0`, not its own path.
fn named_umpire(cmd: Command) -> Command {
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    names.iter().fold(cmd, |cmd, name| {
        cmd.mut_subcommand(name, |sub| named_umpire(sub.display_name("umpire")))
    })
}

/// Runs the command line `args` (program name first), reading standard input (for `umpire act
/// JOURNAL -`) and writing to `out` and `err`.
pub fn run<I, T>(args: I, out: &mut dyn Write, err: &mut dyn Write) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    // Standard input is locked by each read, not for the whole run: the overview runs the
    // command line again from within.
    run_with_input(args, &mut io::BufReader::new(io::stdin()), out, err)
}

/// Runs the command line `args` (program name first), reading `input` where a command reads
/// standard input (`umpire act JOURNAL -`) and writing to `out` and `err`.
pub fn run_with_input<I, T>(
    args: I,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    let json = output::json_requested(&args);
    let matches = match command().try_get_matches_from(&args) {
        Ok(m) => m,
        Err(e) if json && e.use_stderr() => {
            let failure = Failure {
                code: u8::try_from(e.exit_code()).unwrap_or(output::USAGE),
                messages: vec![battle::clap_message(&e)],
                refused: false,
            };
            return output::report_json(out, &failure);
        }
        Err(e) => {
            // --help and --version arrive here too, for stdout with status 0.
            let text = e.render().to_string();
            let _ = if e.use_stderr() {
                output::write_escaped(err, &text)
            } else {
                output::write_escaped(out, &text)
            };
            return ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(output::USAGE));
        }
    };
    let result = match matches.subcommand() {
        None => play::demo(out),
        Some(("play", m)) => play::play(m, out),
        Some(("resume", m)) => play::resume(m, out),
        Some(("check", m)) => {
            let files: Vec<PathBuf> = m
                .get_many::<PathBuf>("files")
                .into_iter()
                .flatten()
                .cloned()
                .collect();
            if check::run(&files, out, err) {
                Ok(())
            } else {
                return ExitCode::from(output::FAILED);
            }
        }
        Some(("new", m)) => battle::new(m, out),
        Some(("act", m)) => battle::act(m, input, out, err),
        Some((name, m)) if battle::SIMPLE.contains(&name) => battle::simple(name, m, out, err),
        Some(("report", m)) => report::run(m, out, err),
        Some(("replay", m)) => replay::run(m),
        Some(("watch", m)) => watch::run(m, out),
        Some(("serve", m)) => serve::run(m, input, out),
        Some(("rulesets", m)) => rulesets::run(m, out),
        Some(("scenario", m)) => scenario::run(m, out),
        Some(("resolve", m)) => resolve::run(Mode::Resolve, m, out),
        Some(("odds", m)) => resolve::run(Mode::Odds, m, out),
        Some((other, _)) => Err(Failure::usage(format!("unknown command `{other}`"))),
    };
    let result = result.and_then(|()| out.flush().map_err(Failure::from));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) if json => output::report_json(out, &failure),
        Err(failure) => output::report(err, &failure),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_str(args: &[&str]) -> (ExitCode, String, String) {
        let mut out = Vec::new();
        let mut err = Vec::new();
        let code = run(
            std::iter::once("umpire").chain(args.iter().copied()),
            &mut out,
            &mut err,
        );
        (
            code,
            String::from_utf8(out).unwrap(),
            String::from_utf8(err).unwrap(),
        )
    }

    #[test]
    fn the_command_line_is_well_formed() {
        command().debug_assert();
    }

    #[test]
    fn overview_resolves_the_example() {
        let (code, out, err) = run_str(&[]);
        assert_eq!(code, ExitCode::SUCCESS);
        assert!(err.is_empty(), "{err}");
        assert!(out.contains("umpire resolve RULESET ACTION"), "{out}");
        assert!(out.contains("Result: No effect"), "{out}");
        assert!(out.contains("Dice: typed by the umpire"), "{out}");
    }

    #[test]
    fn errors_are_escaped() {
        let (code, _, err) = run_str(&["resolve", "newport", "fire", "--cover", "\u{1b}[2J"]);
        assert_eq!(code, ExitCode::from(2));
        assert!(!err.contains('\u{1b}'), "{err:?}");
        let (code, _, err) = run_str(&["rulesets", "x\u{202e}y"]);
        assert_eq!(code, ExitCode::from(2));
        assert!(err.contains("\\u{202e}"), "{err:?}");
    }

    #[test]
    fn every_registered_rule_set_is_shown() {
        for id in crate::rules::registry().iter().map(|r| r.id()) {
            let (code, out, err) = run_str(&["rulesets", id]);
            assert_eq!(code, ExitCode::SUCCESS, "{id}: {err}");
            assert!(out.starts_with(&format!("{id} — ")), "{out}");
        }
    }
}
