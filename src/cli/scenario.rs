//! `umpire scenario new RULESET [--org NAME]… [--sides A,B] [-o FILE [--force]]`: a new,
//! complete and commented scenario written from the organisations the rule set's text describes,
//! one a side, which `umpire check` accepts as it is and the umpire edits rather than writes.

use super::output::{self, Failure};
use super::resolve::unknown_ruleset;
use crate::rules;
use crate::scenario::template::{self, Request, WriteError};
use crate::text::escape_terminal as esc;
use clap::{Arg, ArgAction, ArgMatches, Command};
use std::fs::OpenOptions;
use std::io::Write;
use std::path::PathBuf;

/// Width of the organisations' help.
const WIDTH: usize = 100;

pub fn command() -> Command {
    Command::new("scenario")
        .about("Write scenarios: `umpire scenario new RULESET` starts one from the rules' own organisations")
        .subcommand_required(true)
        .subcommand(
            Command::new("new")
                .about("Write a new scenario from the organisations the rule set's text describes, one a side: complete, commented, and accepted by `umpire check` as it is")
                .arg(
                    Arg::new("ruleset")
                        .value_name("RULESET")
                        .required(true)
                        .help("The rule set's id (umpire rulesets lists them)"),
                )
                .arg(
                    Arg::new("org")
                        .long("org")
                        .value_name("NAME")
                        .action(ArgAction::Append)
                        .help("An organisation (listed below): once, the first side's, facing its usual opponent (the same organisation where the rules name none); twice, the first side's then the second's [default: the rule set's first]"),
                )
                .arg(
                    Arg::new("sides")
                        .long("sides")
                        .value_name("A,B")
                        .help("The two sides' ids [default: the organisations' own, or blue,red for one organisation on both sides]"),
                )
                .arg(
                    Arg::new("output")
                        .short('o')
                        .long("output")
                        .value_name("FILE")
                        .value_parser(clap::value_parser!(PathBuf))
                        .help("Write it to FILE, which must not exist yet; - for standard output [default: standard output]"),
                )
                .arg(
                    Arg::new("force")
                        .long("force")
                        .action(ArgAction::SetTrue)
                        .requires("output")
                        .help("Overwrite FILE if it exists"),
                )
                .after_help(organisations_help()),
        )
}

/// The organisations each rule set offers, for `--help`.
fn organisations_help() -> String {
    let mut lines = vec!["Organisations (--org), by rule set:".to_string()];
    for r in rules::registry() {
        let orgs = r.declaration().organisations;
        if orgs.is_empty() {
            continue;
        }
        lines.push(format!("  {}", r.id()));
        for o in orgs {
            let against = match o.against {
                Some(other) => format!(" (against {other})"),
                None => String::new(),
            };
            lines.push(format!("    {}  {}{against}", o.id, o.name));
            lines.extend(output::wrap(o.help, "        ", WIDTH));
        }
    }
    lines.join("\n")
}

pub fn run(m: &ArgMatches, out: &mut dyn Write) -> Result<(), Failure> {
    match m.subcommand() {
        Some(("new", m)) => new(m, out),
        Some((other, _)) => Err(Failure::usage(format!(
            "unknown scenario command `{other}`"
        ))),
        None => Err(Failure::usage(
            "scenario: say what to do (umpire scenario new RULESET)",
        )),
    }
}

fn new(m: &ArgMatches, out: &mut dyn Write) -> Result<(), Failure> {
    let id = m
        .get_one::<String>("ruleset")
        .ok_or_else(|| Failure::usage("missing RULESET"))?;
    let ruleset = rules::get(id).ok_or_else(|| unknown_ruleset(id))?;
    let orgs: Vec<&str> = m
        .get_many::<String>("org")
        .into_iter()
        .flatten()
        .map(String::as_str)
        .collect();
    let organisations = template::organisations(ruleset, &orgs).map_err(Failure::usage)?;
    let sides: Option<[&str; 2]> = match m.get_one::<String>("sides") {
        None => None,
        Some(s) => match s.split(',').collect::<Vec<_>>()[..] {
            [a, b] => Some([a.trim(), b.trim()]),
            _ => {
                return Err(Failure::usage(format!(
                    "--sides {s}: give the two sides' ids, A,B"
                )));
            }
        },
    };
    let text = template::write(&Request {
        ruleset,
        organisations,
        sides,
    })
    .map_err(|e| match e {
        WriteError::Asked(e) => Failure::usage(e),
        WriteError::Invalid(e) => Failure::failed(e),
    })?;
    let path = match m.get_one::<PathBuf>("output") {
        Some(path) if path.as_os_str() != "-" => path,
        _ => {
            out.write_all(text.as_bytes())?;
            return Ok(());
        }
    };
    let shown = path.display().to_string();
    let mut options = OpenOptions::new();
    options.write(true);
    if m.get_flag("force") {
        options.create(true).truncate(true);
    } else {
        options.create_new(true);
    }
    let mut file = crate::files::open_regular(path, &options).map_err(|e| {
        if e.kind() == std::io::ErrorKind::AlreadyExists {
            Failure::failed(format!(
                "{shown} exists already: choose another name, or add --force to write over it"
            ))
        } else {
            Failure::failed(format!("{shown}: {e}"))
        }
    })?;
    file.write_all(text.as_bytes())
        .and_then(|()| file.sync_all())
        .map_err(|e| Failure::failed(format!("{shown}: {e}")))?;
    let [a, b] = organisations;
    let shown = esc(&shown);
    writeln!(
        out,
        "Written: {shown} ({}: {} against {}); umpire check {shown} takes it as it is",
        ruleset.id(),
        a.name,
        b.name
    )?;
    Ok(())
}
