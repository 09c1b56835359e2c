//! `umpire report JOURNAL [--format md|html] [-o FILE] [--side ID | --umpire | --public]`: the
//! battle's write-up from its journal, read without taking its lock (a battle still being played
//! is reported as it stands).

use super::output::Failure;
use crate::model::Roster;
use crate::model::Viewer;
use crate::report::{self, Chronicle, Format, StreamError, Survey};
use crate::text::did_you_mean;
use clap::{Arg, ArgAction, ArgGroup, ArgMatches, Command, value_parser};
use std::io::Write;
use std::path::PathBuf;

pub fn command() -> Command {
    Command::new("report")
        .about("Write the battle report from a journal: Markdown with its chart, or one HTML page")
        .arg(super::battle::journal_arg())
        .arg(
            Arg::new("format")
                .long("format")
                .value_name("FORMAT")
                .value_parser(["md", "html"])
                .default_value("md")
                .help("md: Markdown, with the strength chart as an SVG file beside it; html: one self-contained page with its charts, ready to print"),
        )
        .arg(
            Arg::new("output")
                .short('o')
                .long("output")
                .value_name("FILE")
                .value_parser(value_parser!(PathBuf))
                .help("where to write it; - for standard output [default: beside the journal, JOURNAL.report.md]"),
        )
        .arg(
            Arg::new("side")
                .long("side")
                .value_name("ID")
                .help("what that side saw: its own units in full, the enemy only as far as it was seen"),
        )
        .arg(
            Arg::new("umpire")
                .long("umpire")
                .action(ArgAction::SetTrue)
                .help("everything, concealed columns included (the default: the umpire's own copy)"),
        )
        .arg(
            Arg::new("public")
                .long("public")
                .action(ArgAction::SetTrue)
                .help("what every side saw"),
        )
        .group(ArgGroup::new("viewer").args(["side", "umpire", "public"]))
}

/// Whose copy `m` asks for, by the battle's sides.
pub fn viewer(m: &ArgMatches, roster: &Roster) -> Result<Viewer, Failure> {
    if m.get_flag("public") {
        return Ok(Viewer::Public);
    }
    match m.get_one::<String>("side") {
        Some(id) => viewer_of(id, roster),
        None => Ok(Viewer::Umpire),
    }
}

/// The viewer `--side ID` names, or an error naming the sides there are.
pub fn side_viewer(id: &str, chronicle: &Chronicle) -> Result<Viewer, Failure> {
    viewer_of(id, &chronicle.battle.roster)
}

/// The viewer `--side ID` names among `roster`'s sides, or an error naming the sides there are.
fn viewer_of(id: &str, roster: &Roster) -> Result<Viewer, Failure> {
    roster.side_index(id).map(Viewer::Side).ok_or_else(|| {
        Failure::usage(format!(
            "--side {id}: the battle has no side `{id}`{}",
            did_you_mean(id, roster.sides.iter().map(|s| s.id.as_str()))
        ))
    })
}

/// The report is read from the journal in two passes, one record at a time: a lean first pass
/// checks every record and learns what is in force and who may see it ([`Survey`]), and the
/// second writes the report as it reads (`-o -` straight to standard output).
pub fn run(m: &ArgMatches, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), Failure> {
    let journal = m.get_one::<PathBuf>("journal").expect("required");
    let survey = Survey::read(journal).map_err(super::battle::session_failure)?;
    let viewer = viewer(m, &survey.battle.roster)?;
    let format = m
        .get_one::<String>("format")
        .and_then(|f| Format::parse(f))
        .unwrap_or(Format::Markdown);
    if let Some(torn) = &survey.torn {
        writeln!(
            err,
            "note: {}",
            crate::text::escape_terminal(&report::torn_words(torn))
        )?;
    }
    match m.get_one::<PathBuf>("output") {
        Some(p) if p.as_os_str() == "-" => {
            survey
                .stream_to(viewer, format, None, out)
                .map_err(|e| match e {
                    StreamError::Journal(e) => super::battle::session_failure(e),
                    StreamError::Write(e) => e.into(),
                })?;
        }
        given => {
            let path = given
                .cloned()
                .unwrap_or_else(|| report::default_path(journal, &survey.battle, viewer, format));
            let written = report::write(survey, viewer, format, &path).map_err(|e| match e {
                StreamError::Journal(e) => super::battle::session_failure(e),
                StreamError::Write(e) => Failure::failed(format!(
                    "cannot write the report to {}: {e}",
                    path.display()
                )),
            })?;
            writeln!(
                out,
                "Report written: {}",
                crate::text::escape_terminal(&written.report.display().to_string())
            )?;
            if let Some(chart) = &written.chart {
                writeln!(
                    out,
                    "Chart written:  {}",
                    crate::text::escape_terminal(&chart.display().to_string())
                )?;
            }
        }
    }
    Ok(())
}
