//! `umpire resolve RULESET ACTION …` and `umpire odds RULESET ACTION …`.
//!
//! The subcommands and their flags are not written by hand: they are built from the registry.
//! Each rule set is a subcommand, each of its standalone procedures ([`ActionDef::standalone`]) a
//! subcommand under it, and each input it asks for outside a battle
//! ([`ActionDef::table_params`]) a flag: `--firer-suppressed` for a [`ParamKind::Flag`], otherwise
//! `--range VALUE` with the value hint, help and default of its [`ParamDef`]. clap only collects
//! the text; [`Params::parse`] checks it, so a bad value gets the library's message (the same as
//! in the terminal UI). Adding a procedure or an input to a rule set adds it here with no change.
//!
//! With `--json`, `resolve` prints the resolution and `odds` the odds (each probability with its
//! exact fraction beside it where it has one; see `OddsJson`); a refusal is one object
//! `{"error", "kind", "exit_status"}` on standard output (see `cli::output`).

use super::output::{self, Failure};
use crate::declare::{ActionDef, Options, ParamDef, ParamKind, Params};
use crate::dice::{SeededDice, TypedDice};
use crate::odds::OddsReport;
use crate::resolution::Resolution;
use crate::rules;
use crate::ruleset::Ruleset;
use clap::{Arg, ArgAction, ArgMatches, Command, value_parser};
use std::io::Write;
use std::path::PathBuf;

/// Which of the two subcommands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Roll (or read typed dice) and explain the result.
    Resolve,
    /// The exact probability of every result.
    Odds,
}

impl Mode {
    pub fn name(self) -> &'static str {
        match self {
            Mode::Resolve => "resolve",
            Mode::Odds => "odds",
        }
    }
}

/// Flags every procedure gets besides its own inputs. No input of any rule set may use these
/// names (a test checks it).
pub const RESERVED: &[&str] = &[
    "dice", "seed", "json", "option", "scenario", "help", "version",
];

/// The `resolve` or `odds` subcommand with a subcommand per rule set and per procedure.
pub fn command(mode: Mode) -> Command {
    let about = match mode {
        Mode::Resolve => {
            "Resolve one procedure of a rule set from the table's inputs, with typed or rolled dice"
        }
        Mode::Odds => "The exact probability of every result of one procedure of a rule set",
    };
    let mut cmd = Command::new(mode.name())
        .about(about)
        .subcommand_required(true)
        .arg_required_else_help(true)
        .subcommand_value_name("RULESET")
        .subcommand_help_heading("Rule sets");
    for ruleset in rules::registry() {
        cmd = cmd.subcommand(ruleset_command(mode, *ruleset));
    }
    cmd
}

fn ruleset_command(mode: Mode, ruleset: &'static dyn Ruleset) -> Command {
    let mut cmd = Command::new(ruleset.id())
        .about(ruleset.title())
        .subcommand_required(true)
        .arg_required_else_help(true)
        .subcommand_value_name("ACTION")
        .subcommand_help_heading("Procedures")
        .after_help(format!(
            "Rules, options and tables: umpire rulesets {}",
            ruleset.id()
        ));
    for action in ruleset.actions().filter(|a| a.standalone) {
        cmd = cmd.subcommand(action_command(mode, ruleset, action));
    }
    cmd
}

fn action_command(mode: Mode, ruleset: &dyn Ruleset, action: &'static ActionDef) -> Command {
    let mut cmd = Command::new(action.id)
        .about(action.help)
        .next_help_heading("Inputs");
    for param in action.table_params() {
        cmd = cmd.arg(param_arg(param));
    }
    cmd = cmd.next_help_heading(match mode {
        Mode::Resolve => "Dice, rules and output",
        Mode::Odds => "Rules and output",
    });
    if mode == Mode::Resolve {
        cmd = cmd
            .arg(
                Arg::new("dice")
                    .long("dice")
                    .value_name("FACES")
                    .allow_negative_numbers(true)
                    .help(format!(
                        "The faces thrown at the table, in the order the dice are used: 3, 3,7 or \"3 7\"{}. Without it the program rolls and prints its seed",
                        if ruleset.die().sides == 10 {
                            " (a d10's 0 is 10)"
                        } else {
                            ""
                        }
                    )),
            )
            .arg(
                Arg::new("seed")
                    .long("seed")
                    .value_name("N")
                    .value_parser(value_parser!(u64))
                    .conflicts_with("dice")
                    .help("Roll the program's dice from this seed, to repeat an earlier roll"),
            );
    }
    cmd.arg(
        Arg::new("option")
            .long("option")
            .value_name("KEY=VALUE")
            .action(ArgAction::Append)
            .help(format!(
                "Set a rule option (repeatable; list them with `umpire rulesets {}`)",
                ruleset.id()
            )),
    )
    .arg(
        Arg::new("scenario")
            .long("scenario")
            .value_name("FILE")
            .value_parser(value_parser!(PathBuf))
            .help("Use the options of this scenario file (--option still applies on top)"),
    )
    .arg(
        Arg::new("json")
            .long("json")
            .action(ArgAction::SetTrue)
            .help(match mode {
                Mode::Resolve => {
                    "Print the resolution as JSON; a refusal too, as {\"error\", \"kind\", \"exit_status\"} on standard output"
                }
                Mode::Odds => {
                    "Print the odds as JSON, each probability with its exact fraction (\"1/10\") where it has one; a refusal too, as {\"error\", \"kind\", \"exit_status\"} on standard output"
                }
            }),
    )
}

/// An input's help: its own words, how a list is written, and its default.
pub(crate) fn param_help(param: &ParamDef) -> String {
    let mut help = param.help.to_string();
    if param.kind == ParamKind::List {
        help.push_str(" (separate with commas, or repeat the flag)");
    }
    if let Some(default) = param.default {
        help.push_str(&format!(" [default: {default}]"));
    }
    help
}

/// One input as a clap argument. Values are collected as text; nothing is validated here.
pub(crate) fn param_arg(param: &'static ParamDef) -> Arg {
    let arg = Arg::new(param.name)
        .long(param.name)
        .help(param_help(param));
    match param.kind {
        ParamKind::Flag => arg.action(ArgAction::SetTrue),
        kind => arg
            .action(if kind == ParamKind::List {
                ArgAction::Append
            } else {
                ArgAction::Set
            })
            // Off the battle a unit input names the unit's type (`--firer panther`).
            .value_name(if kind == ParamKind::Unit {
                "TYPE".to_string()
            } else {
                param.value_hint()
            })
            // `--gun -1`: let the library say what is wrong with a negative value.
            .allow_negative_numbers(true),
    }
}

/// The inputs given on the command line, checked by [`Params::parse`] (which adds the defaults).
pub fn params_from(action: &ActionDef, m: &ArgMatches) -> Result<Params, Failure> {
    let mut given: Vec<(&str, String)> = Vec::new();
    for param in action.table_params() {
        match param.kind {
            ParamKind::Flag => {
                if m.get_flag(param.name) {
                    given.push((param.name, String::new()));
                }
            }
            ParamKind::List => {
                if let Some(values) = m.get_many::<String>(param.name) {
                    let joined: Vec<&str> = values.map(String::as_str).collect();
                    given.push((param.name, joined.join(",")));
                }
            }
            _ => {
                if let Some(value) = m.get_one::<String>(param.name) {
                    given.push((param.name, value.clone()));
                }
            }
        }
    }
    Ok(Params::parse(
        action.params,
        given.iter().map(|(name, text)| (*name, text.as_str())),
    )?)
}

/// The options in force: the rule set's defaults, or the scenario's, then each `--option`.
pub fn options_from(ruleset: &dyn Ruleset, m: &ArgMatches) -> Result<Options, Failure> {
    let mut options = match m.get_one::<PathBuf>("scenario") {
        Some(path) => {
            let scenario = crate::scenario::load(path)
                .map_err(|e| Failure::failed_all(e.0.iter().map(ToString::to_string)))?;
            if scenario.ruleset.id() != ruleset.id() {
                return Err(Failure::usage(format!(
                    "{}: the scenario is for the rule set `{}`, not `{}`",
                    path.display(),
                    scenario.ruleset.id(),
                    ruleset.id()
                )));
            }
            scenario.options
        }
        None => Options::defaults(ruleset.options()),
    };
    let given: Vec<&String> = m
        .get_many::<String>("option")
        .into_iter()
        .flatten()
        .collect();
    for text in &given {
        options
            .set_text(ruleset.options(), text)
            .map_err(Failure::usage)?;
    }
    // A scenario's own options were checked when it was read: a contradiction now comes from an
    // --option, named by the last one that set a key of it.
    let named = |keys: &[&str]| -> String {
        given
            .iter()
            .rev()
            .find(|t| {
                t.split_once('=')
                    .is_some_and(|(k, _)| keys.contains(&k.trim()))
            })
            .map_or_else(|| "--option".to_string(), |t| format!("--option {t}"))
    };
    let global = ruleset.option_conflicts(&options, None);
    let mut messages: Vec<String> = global
        .iter()
        .map(|c| format!("{}: {}", named(&c.keys), c.message))
        .collect();
    for side in options.sides() {
        for c in ruleset.option_conflicts(&options, Some(side)) {
            if !global.contains(&c) {
                messages.push(format!(
                    "{}: for side `{side}`: {}",
                    named(&c.keys),
                    c.message
                ));
            }
        }
    }
    if !messages.is_empty() {
        return Err(Failure {
            code: output::USAGE,
            messages,
            refused: false,
        });
    }
    Ok(options)
}

/// Runs `umpire resolve …` or `umpire odds …` from clap's matches.
pub fn run(mode: Mode, m: &ArgMatches, out: &mut dyn Write) -> Result<(), Failure> {
    let Some((ruleset_id, rm)) = m.subcommand() else {
        return Err(Failure::usage("name a rule set"));
    };
    let ruleset = rules::get(ruleset_id).ok_or_else(|| unknown_ruleset(ruleset_id))?;
    let Some((action_id, am)) = rm.subcommand() else {
        return Err(Failure::usage("name a procedure"));
    };
    let action = crate::ruleset::find_action(ruleset, action_id)?;
    let params = params_from(action, am)?;
    let options = options_from(ruleset, am)?;
    let json = am.get_flag("json");
    match mode {
        Mode::Odds => {
            let report = ruleset.odds(action.id, &params, &options)?.tidied();
            if json {
                output::write_json(out, &OddsJson::of(&report))?;
            } else {
                output::write_escaped(out, &render_odds(&report, &options))?;
            }
        }
        Mode::Resolve => {
            let (resolution, seed) = match am.get_one::<String>("dice") {
                Some(faces) => {
                    let mut typed = TypedDice::parse(faces)?;
                    let r = ruleset.resolve(action.id, &params, &options, &mut typed)?;
                    // Faces left over are a typo the umpire should see; the result is not shown.
                    typed.finish()?;
                    (r, None)
                }
                None => {
                    let seed = am
                        .get_one::<u64>("seed")
                        .copied()
                        .unwrap_or_else(fresh_seed);
                    let mut dice = SeededDice::new(seed);
                    (
                        ruleset.resolve(action.id, &params, &options, &mut dice)?,
                        Some(seed),
                    )
                }
            };
            if json {
                let shown = WithSeed {
                    resolution: &resolution,
                    seed: seed.filter(|_| !resolution.faces().is_empty()),
                };
                output::write_json(out, &shown)?;
            } else {
                output::write_escaped(out, &render_resolution(&resolution, &options, seed))?;
            }
        }
    }
    Ok(())
}

/// The odds as JSON: each probability as a number and, where it is a whole number of
/// thousandths, as the exact fraction beside it (`"1/10"`; [`output::fraction`]).
///
/// ```json
/// { "title": "Fire on the infantry combat table",
///   "results": [ { "result": "1 or less — Hit and Paralyzed", "probability": 0.1, "fraction": "1/10" }, … ],
///   "notes": [ "range 4\": normal range for infantry (up to 8\")" ],
///   "extra": { "p_any_effect": 0.5, "p_hit": 0.3 },
///   "extra_fractions": { "p_any_effect": "1/2", "p_hit": "3/10" } }
/// ```
///
/// `extra` holds the further figures (`p_…` are probabilities; `expected_…` are not);
/// `extra_fractions` the exact fraction of each `p_…` figure that has one. A probability without
/// one (a close combat's loop) has no `fraction`.
#[derive(serde::Serialize)]
pub(super) struct OddsJson<'a> {
    title: &'a str,
    results: Vec<OddsLineJson<'a>>,
    notes: &'a [String],
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    extra: std::collections::BTreeMap<&'a str, f64>,
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    extra_fractions: std::collections::BTreeMap<&'a str, String>,
}

/// One result of [`OddsJson`].
#[derive(serde::Serialize)]
struct OddsLineJson<'a> {
    result: &'a str,
    probability: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    fraction: Option<String>,
}

impl<'a> OddsJson<'a> {
    pub(super) fn of(report: &'a OddsReport) -> Self {
        Self {
            title: &report.title,
            results: report
                .results
                .iter()
                .map(|l| OddsLineJson {
                    result: &l.result,
                    probability: crate::odds::tidy(l.probability),
                    fraction: output::fraction(l.probability),
                })
                .collect(),
            notes: &report.notes,
            extra: report
                .extra
                .iter()
                .map(|(k, v)| (k, crate::odds::tidy(*v)))
                .collect(),
            extra_fractions: report
                .extra
                .iter()
                .filter(|(k, _)| k.starts_with("p_"))
                .filter_map(|(k, v)| output::fraction(*v).map(|f| (k, f)))
                .collect(),
        }
    }
}

/// The resolution as JSON, with the seed of the program's dice when it rolled them.
#[derive(serde::Serialize)]
struct WithSeed<'a> {
    #[serde(flatten)]
    resolution: &'a Resolution,
    #[serde(skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
}

/// A seed for the program's dice when none is given: from the OS-seeded hasher keys and the clock.
/// Kept below a billion so it is short to type back with `--seed`.
pub(crate) fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    if let Ok(t) = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
        h.write_u128(t.as_nanos());
    }
    h.finish() % 1_000_000_000
}

fn changed_options(options: &Options) -> Option<String> {
    let changed = options.changed();
    (!changed.is_empty())
        .then(|| format!("Options changed from the defaults: {}", changed.join(", ")))
}

/// The resolution as text, with the options that differ from the defaults and the seed used (none
/// when no die was thrown: an automatic result).
pub fn render_resolution(r: &Resolution, options: &Options, seed: Option<u64>) -> String {
    let mut text = r.render_text();
    if let Some(line) = changed_options(options) {
        text.push_str(&line);
        text.push('\n');
    }
    if let Some(seed) = seed.filter(|_| !r.faces().is_empty()) {
        text.push_str(&format!(
            "Seed: {seed} (add --seed {seed} to roll the same dice again)\n"
        ));
    }
    text
}

/// The odds as text: each result's probability (and exact fraction), then the notes and figures.
pub fn render_odds(report: &OddsReport, options: &Options) -> String {
    let mut lines = vec![report.title.to_string()];
    lines.extend(output::probability_lines(
        report
            .results
            .iter()
            .map(|l| (l.result.as_str(), l.probability)),
    ));
    if !report.notes.is_empty() {
        lines.push("Notes:".into());
        lines.extend(report.notes.iter().map(|n| format!("  {n}")));
    }
    if !report.extra.is_empty() {
        lines.push("Figures:".into());
        // `p_…` figures are probabilities, shown like the results; the others (expected hits,
        // expected points) are plain numbers.
        let w = report
            .extra
            .keys()
            .map(|k| k.chars().count())
            .max()
            .unwrap_or(0);
        let pw = report
            .extra
            .iter()
            .filter(|(k, _)| k.starts_with("p_"))
            .map(|(_, v)| output::percent(*v).len())
            .max()
            .unwrap_or(0);
        for (key, value) in &report.extra {
            let shown = if key.starts_with("p_") {
                let frac = output::fraction(*value)
                    .map(|f| format!("  {f}"))
                    .unwrap_or_default();
                format!("{:>pw$}%{frac}", output::percent(*value))
            } else {
                number(*value)
            };
            lines.push(format!("  {key:<w$}  {shown}"));
        }
    }
    lines.extend(changed_options(options));
    let mut text = lines.join("\n");
    text.push('\n');
    text
}

/// A number with at most four decimals, trailing zeros dropped (`0.3`, `5.5`, `2`).
fn number(x: f64) -> String {
    let s = format!("{x:.4}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

/// The error for a rule set this version does not have, with the nearest id and those it has.
pub fn unknown_ruleset(id: &str) -> Failure {
    let ids: Vec<&str> = rules::registry().iter().map(|r| r.id()).collect();
    Failure::usage(format!(
        "no rule set `{id}`{}; this version has: {}",
        crate::text::did_you_mean(id, ids.iter().copied()),
        ids.join(", ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_input_uses_a_reserved_flag_name() {
        for ruleset in rules::registry() {
            for action in ruleset.actions().filter(|a| a.standalone) {
                for p in action.table_params() {
                    assert!(
                        !RESERVED.contains(&p.name),
                        "{} {}: input --{} collides with a flag of `umpire resolve`",
                        ruleset.id(),
                        action.id,
                        p.name
                    );
                }
            }
        }
    }

    #[test]
    fn numbers_are_short() {
        assert_eq!(number(0.3), "0.3");
        assert_eq!(number(5.5), "5.5");
        assert_eq!(number(2.0), "2");
        assert_eq!(number(1.0 / 3.0), "0.3333");
    }
}
