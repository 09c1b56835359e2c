//! The battle from the command line: commands that open a battle's journal, do one thing to the
//! battle, print what happened and exit — for umpires who keep a shell open, for scripted
//! tutorials, and for tests.
//!
//! | command | what it does |
//! |---|---|
//! | `umpire new SCENARIO --journal PATH [--seed N]` | starts a battle: the journal's header and start event |
//! | `umpire act JOURNAL ACTION [INPUTS] [--dice FACES] [--json]` | one procedure of the rule set, as the terminal UI carries it out |
//! | `umpire act JOURNAL ACTION [INPUTS] --odds [--json]` | the exact odds of the procedure as the battle would carry it out now; nothing is written |
//! | `umpire act JOURNAL` | lists the procedures of the battle's rule set |
//! | `umpire act JOURNAL -` | a script: commands from standard input, one a line |
//! | `umpire next JOURNAL [--dice FACES] [--json]` | ends the phase and lists the automatic steps |
//! | `umpire undo JOURNAL`, `umpire redo JOURNAL` | takes back or puts back the latest event |
//! | `umpire mark JOURNAL UNIT MARKER [VALUE \| --clear]` | sets or clears a marker by hand |
//! | `umpire hits JOURNAL UNIT N` | sets a unit's hits by hand |
//! | `umpire note JOURNAL [--private] TEXT...` | writes a note into the log (`--private`: the umpire's alone) |
//! | `umpire result JOURNAL TEXT...` | records the battle's result in the umpire's own words (logged, for everyone; the report puts it first) |
//! | `umpire extend JOURNAL [TURNS]` | plays on past the battle's last turn (logged) |
//! | `umpire arrive JOURNAL UNIT [--turn N \| --umpire]` | brings a unit (or formation) still to arrive on now, or holds it back (logged) |
//! | `umpire add JOURNAL --side ID --kind KIND --id ID --name NAME [--in FORMATION] [--field KEY=VALUE]...` | adds a unit the scenario lacks, checked as a scenario's unit is (logged) |
//! | `umpire state JOURNAL [--json]` | the battle as it stands, read without locking |
//!
//! Nothing here knows a rule. An action's flags are its [`ParamDef`]s, every one of them (the
//! units, what the umpire reads off the table, and the inputs the battle fills in, which a flag
//! overrides); each value is parsed by [`ParamDef::parse`] with no defaults, completed by
//! [`Battle::prefill`] exactly as the terminal UI's form is completed, and carried out by
//! [`Session::execute`] as [`Command::Act`](crate::battle::Command::Act). So the command line and
//! the UI accept and refuse the same things, with the same messages.
//!
//! The journal's guarantees are the session's: a command takes the journal's lock (a second
//! writer is told "another umpire process has this battle open"), its record is written and
//! synced before anything is printed, and a refused command writes nothing — the file is left
//! byte for byte as it was, a bad last line included. The first record written sets such a line
//! aside, and a `warning:` line on stderr says where it went. `state` takes no lock: it reads the
//! journal as it is, while the terminal UI has the battle open too, and mentions a bad last line
//! it leaves out.
//!
//! Exit status: 0 done; 1 refused by the rules or not possible (nothing to undo, a hit limit, a
//! locked, missing or damaged journal); 2 a command line that cannot be understood (an unknown
//! procedure, unit, marker or flag, a bad value, dice faces that are impossible or left over).
//!
//! # Scripts
//!
//! `umpire act JOURNAL -` reads commands from standard input, one a line, written as on the
//! command line after `umpire` with the journal left out: `fire --firer 1-1 --target g11 --range
//! 12` (a procedure by its id; `act fire …` is accepted too), `next`, `next --dice 4 7`, `undo`,
//! `redo`, `mark 1-1 suppressed`, `hits g11 2`, `note Smoke drifts east`, `result The bridge held`,
//! `extend`, `state`. Lines are split
//! as a shell splits them; blank lines and lines starting with `#` are skipped. The journal is
//! opened and locked once for the whole script; each command's record is on disk before its
//! output is printed, and the outputs are separated by a blank line. The script stops at the
//! first refusal, naming its line (`error: line 4: …`, exit status as above); the lines before it
//! stay done.
//!
//! # JSON
//!
//! With `--json`, every command that writes a record (`act`, `next`, `undo`, `redo`, `mark`,
//! `hits`, `note`, `result`, `extend`) prints one object:
//!
//! ```json
//! {
//!   "journal": "battle.jsonl",
//!   "record": { "seq": 3, "at": "…", "dice": {"word_pos": "…"}, "entry": "event", "kind": "act", … },
//!   "audience": "everyone",
//!   "undone": "…",
//!   "standing_offers": [
//!     { "action": "fire", "text": "…", "actor_param": "firer", "params": {"target": "1-1"},
//!       "actors": ["g11", "g12"], "command": "umpire act battle.jsonl fire --firer ID --target 1-1" }
//!   ]
//! }
//! ```
//!
//! `record` is the record exactly as the journal holds it (without the line's checksum and chain,
//! `crc` and `prev`);
//! `audience` is who may see it: `"everyone"`, `"umpire"` (the umpire alone), or `{"side": "ger"}`
//! (the umpire and that side: it concerns that side's concealed units); an undo or redo is seen by
//! whoever saw the event it took back or put back. The record itself holds its event's audience
//! only when it is not everyone's. In text, such a record is followed by the line `Seen by the
//! umpire and … only` (or `Seen by the umpire only`).
//! `undone` / `redone` (only for an undo or redo) is the summary of the event taken back or put
//! back; `standing_offers` are the offers standing once the record is applied, each with the ids
//! of the units that may take it up and the command that would.
//!
//! A command given `--json` that fails (`state` included) prints instead one object on standard
//! output, and nothing on standard error:
//!
//! ```json
//! { "error": "1st Squad (1-1) is Finished: it has already acted this turn", "kind": "refused", "exit_status": 1 }
//! ```
//!
//! `kind` is `refused` (the rules forbid it), `failed` (not possible: nothing to undo, a locked
//! or damaged journal) or `usage` (a command line that cannot be understood, exit status 2); see
//! `cli::output`. In a script, a line given `--json` that fails answers so.
//!
//! `umpire state --json` prints:
//!
//! ```json
//! {
//!   "journal": "battle.jsonl", "title": "…", "ruleset": "newport", "seed": 7, "records": 5,
//!   "turn": 2, "turns": 12, "over": false, "active_side": "us", "phase": "action",
//!   "phase_name": "Action",
//!   "sides": [ { "id": "us", "name": "…", "quality": "regular", "active": true, "counters": {} } ],
//!   "formations": [ { "id": "1-plt", "name": "…", "level": "platoon", "side": "us",
//!                     "parent": "b-coy", "quality": "green", "counters": {"cp": 3} } ],
//!   "units": [ { "id": "1-1", "name": "…", "side": "us", "formation": "1-plt",
//!                "kind": "infantry", "quality": "green", "hits": 1, "hit_limit": 3,
//!                "removed": null, "markers": {"suppressed": 1}, "badges": ["SUP"] } ],
//!   "areas": [ { "id": "…", "kind": "smoke", "label": "the orchard", "side": "us", "turn": 2 } ],
//!   "standing_offers": [ … as above … ],
//!   "undo": "summary of the event an undo would take back, or null",
//!   "redo": "summary of the event a redo would put back, or null",
//!   "set_aside": "a bad last line left out, in words, or null",
//!   "summary": { "sides": [ { "id": "us", "name": "…", "units": 22, "in_play": 21, "lost": 1,
//!                             "hits": 3, "leaders": 5, "leaders_lost": 0 } ],
//!                "turns_played": 1, "last_turn": 12, "over": false }
//! }
//! ```
//!
//! Sides, formations and units are in roster order; `parent` and `formation` are `null` for
//! those directly under their side; `removed` is why a unit left the table; `markers` maps each
//! marker's id to its value (1 for an on/off marker, the unit's id for one that names a unit:
//! `"attached": "z1"`); `badges` are the rule set's badges as the terminal UI shows them.
//! Characters that could rewrite a terminal (control and bidirectional ones) are written as
//! `\uXXXX` escapes in every JSON output.

use super::output::{self, FAILED, Failure, USAGE};
use super::resolve;
use crate::battle::journal::TornTail;
use crate::battle::session::{Record, Session, SessionError};
use crate::battle::{Audience, Battle, BattleError, Command as BattleCommand, Entry, EventKind};
use crate::declare::{ActionDef, MarkerKind, ParamDef, ParamKind, Params, RuleError, Scope, Value};
use crate::dice::TypedDice;
use crate::model::MarkerValue;
use crate::ruleset::{Offer, Ruleset, find_action};
use crate::text::{did_you_mean, escape_terminal};
use chrono::Utc;
use clap::{Arg, ArgAction, ArgMatches, Command, value_parser};
use serde::Serialize;
use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

/// The battle commands besides `new` and `act`, as they are named on the command line and in a
/// script.
pub const SIMPLE: &[&str] = &[
    "next", "undo", "redo", "mark", "hits", "note", "result", "extend", "arrive", "add", "state",
];

/// Top-level commands that are not battle commands: refused in a script with a word of why.
const NOT_IN_A_SCRIPT: &[&str] = &[
    "new", "play", "resume", "check", "rulesets", "resolve", "odds",
];

const SCRIPT_HELP: &str = "\
Scripts: `umpire act JOURNAL -` reads commands from standard input, one a line, written as on the \
command line after `umpire` with the journal left out:

    fire --firer 1-1 --target g11 --range 12     (a procedure by its id; `act fire ...` also works)
    next --dice 4 7
    note Smoke drifts east
    undo
    state

Lines are split as a shell splits them; blank lines and lines starting with # are skipped. The \
journal is locked once for the whole script, and each command's record is on disk before its \
output is printed. The script stops at the first refusal and names its line (error: line 4: ...); \
the lines before it stay done.";

const STATE_JSON_HELP: &str = "\
JSON: one object with journal, title, ruleset, seed, records (lines after the header), turn, turns \
(the scenario's length as extended, or null), over, result (the umpire's words, or null), active_side, simultaneous (both sides act in this phase), phase, phase_name; sides [{id, name, quality, \
active, counters}], formations [{id, name, level, side, parent, quality, joined (the turn the umpire \
added it, for a formation the scenario lacks; else null), counters}], units [{id, \
name, side, formation, kind, quality, hits, hit_limit, removed (why, or null), arrives (the turn it \
arrives, or \"umpire\", while it is not yet on the table; else null), joined (the turn the umpire \
added it, for a unit the scenario lacks; else null), markers {id: value \
(a number, or the id of the unit a marker names)}, badges}], all in roster order; areas [{id, kind, label, side, turn}]; standing_offers [{action, \
text, actor_param, params, actors (unit ids), command}]; undo and redo (the summary of the event \
each would take back or put back, or null); set_aside (a bad last line left out, or null).";

const EXIT_HELP: &str = "\
Exit status: 0 done; 1 refused by the rules or not possible (nothing to undo, a locked or damaged \
journal); 2 a command line that cannot be understood (unknown procedure, unit, marker or flag, a \
bad value, impossible or unused dice faces). A refused command leaves the journal byte for byte \
as it was.";

// ---- the commands as clap sees them ------------------------------------------------------------

/// `new`, `act` and the [`SIMPLE`] commands, for the top-level command line.
pub fn commands() -> Vec<Command> {
    let mut all = vec![new_command(), act_command()];
    all.extend(SIMPLE.iter().map(|name| simple_command(name, true)));
    all
}

/// The positional JOURNAL argument of every command that reads or carries on a battle.
pub(super) fn journal_arg() -> Arg {
    Arg::new("journal")
        .value_name("JOURNAL")
        .required(true)
        .value_parser(value_parser!(PathBuf))
        .help("The battle's journal (written by umpire new or umpire play)")
}

fn unit_arg() -> Arg {
    Arg::new("unit")
        .value_name("UNIT")
        .required(true)
        .help("The unit's id")
}

fn json_arg() -> Arg {
    Arg::new("json")
        .long("json")
        .action(ArgAction::SetTrue)
        .help(
            "Print the record as written to the journal, who may see it, and the offers standing, \
             as JSON; a refusal too, as {\"error\", \"kind\", \"exit_status\"} on standard output",
        )
}

fn dice_arg() -> Arg {
    Arg::new("dice")
        .long("dice")
        .value_name("FACES")
        .num_args(1..)
        .allow_negative_numbers(true)
        .help(
            "The faces thrown at the table, in the order the dice are used: 3, 3,7, \"3 7\" or 3 7 \
             (a d10's 0 is 10); every face must be used. Without it the program's dice roll (their \
             seed and position are kept in the journal)",
        )
}

fn new_command() -> Command {
    Command::new("new")
        .about("Start a battle from a scenario: write its journal (header and start event) and exit")
        .arg(
            Arg::new("scenario")
                .value_name("SCENARIO")
                .required(true)
                .value_parser(value_parser!(PathBuf))
                .help("The scenario file (TOML; umpire check validates it)"),
        )
        .arg(
            Arg::new("journal")
                .long("journal")
                .value_name("PATH")
                .required(true)
                .value_parser(value_parser!(PathBuf))
                .help("Where to write the battle's journal (an existing file is refused)"),
        )
        .arg(
            Arg::new("seed")
                .long("seed")
                .value_name("N")
                .value_parser(value_parser!(u64))
                .help("Seed of the program's dice [default: a fresh one, printed and kept in the journal]"),
        )
        .after_help("Then: umpire next PATH, umpire act PATH ACTION ..., umpire state PATH")
}

fn act_command() -> Command {
    Command::new("act")
        .about(
            "Carry out one procedure of the battle's rule set, exactly as the terminal UI does, \
             and print the explained result",
        )
        .override_usage(
            "umpire act JOURNAL ACTION [INPUTS]... [--dice FACES] [--json]\n       \
             umpire act JOURNAL ACTION --help\n       \
             umpire act JOURNAL\n       \
             umpire act JOURNAL -",
        )
        .arg(journal_arg())
        .arg(
            Arg::new("rest")
                .value_name("ACTION")
                .num_args(0..)
                .trailing_var_arg(true)
                .allow_hyphen_values(true)
                .help(
                    "The procedure (umpire act JOURNAL lists the battle's), then its inputs as \
                     flags (umpire act JOURNAL ACTION --help lists them); or - to read commands \
                     from standard input",
                ),
        )
        .after_help(format!(
            "Example: umpire act battle.jsonl fire --firer 1-1 --target g11 --range 12 --dice 3\n\n\
             {SCRIPT_HELP}\n\n{EXIT_HELP}"
        ))
}

/// One of the [`SIMPLE`] commands; `with_journal` is false for a line of a script.
fn simple_command(name: &'static str, with_journal: bool) -> Command {
    let cmd = Command::new(name);
    let cmd = if with_journal {
        cmd.arg(journal_arg())
    } else {
        cmd
    };
    let cmd = match name {
        "next" => cmd
            .about(
                "End the phase: the program carries out the automatic steps up to the next phase \
                 that needs the umpire, and lists them with any rolls",
            )
            .arg(dice_arg())
            .arg(json_arg()),
        "undo" => cmd
            .about("Take back the latest event in force (the journal records the undo)")
            .arg(json_arg()),
        "redo" => cmd
            .about("Put back the latest event undone (the journal records the redo)")
            .arg(json_arg()),
        "mark" => cmd
            .about("Set or clear a marker on a unit by hand")
            .arg(unit_arg())
            .arg(
                Arg::new("marker")
                    .value_name("MARKER")
                    .required(true)
                    .help("The marker's id (umpire rulesets RULESET lists them)"),
            )
            .arg(
                Arg::new("value")
                    .value_name("VALUE")
                    .allow_negative_numbers(true)
                    .help("A count or turn marker's value, or a unit's id for a marker that holds a unit; an on/off marker needs none"),
            )
            .arg(
                Arg::new("clear")
                    .long("clear")
                    .action(ArgAction::SetTrue)
                    .conflicts_with("value")
                    .help("Clear the marker"),
            )
            .arg(json_arg()),
        "hits" => cmd
            .about("Set a unit's hits by hand; reaching its limit removes it")
            .arg(unit_arg())
            .arg(
                Arg::new("hits")
                    .value_name("N")
                    .required(true)
                    .allow_negative_numbers(true)
                    .help("The hits it has now"),
            )
            .arg(json_arg()),
        "arrive" => cmd
            .about(
                "Bring on now a unit not yet on the table (a reinforcement, or one held back), or \
                 hold it back: logged, undone like any other event",
            )
            .arg(
                Arg::new("unit")
                    .value_name("UNIT")
                    .required(true)
                    .help("The unit's id, or a formation's: every unit of it still to arrive"),
            )
            .arg(
                Arg::new("turn")
                    .long("turn")
                    .value_name("N")
                    .help("Hold it back: it arrives at the start of turn N instead"),
            )
            .arg(
                Arg::new("umpire")
                    .long("umpire")
                    .action(ArgAction::SetTrue)
                    .conflicts_with("turn")
                    .help("Hold it back until the umpire brings it on"),
            )
            .arg(json_arg()),
        "add" => cmd
            .about(
                "Add a unit or a whole formation the scenario lacks, on the table at once: \
                 checked exactly as a scenario's unit or formation is (kinds, levels, qualities \
                 and fields by the rule set, ids unique), logged and undone like any other event",
            )
            .after_help(
                "A unit: --side, --kind, --id and --name, with --in, --quality, --leader, --hq \
                 and --field as it needs. A formation with its units: --side and --file, with \
                 --in for the formation it goes under. A formation with no units yet (units \
                 join it afterwards with --in): --formation, --side, --id and --name, with --in, \
                 --quality and --field level=LEVEL.\n\n\
                 The file holds one formation as a scenario writes a [[side.formation]], at its \
                 top level: id, name, level and quality, each of its units under [[unit]], each \
                 formation within it under [[formation]] (its units under [[formation.unit]]). \
                 Its problems are said at their line and column, as umpire check says a \
                 scenario's.",
            )
            .arg(
                Arg::new("side")
                    .long("side")
                    .value_name("ID")
                    .required(true)
                    .help("The side's id"),
            )
            .arg(
                Arg::new("file")
                    .long("file")
                    .value_name("FORMATION.toml")
                    .value_parser(value_parser!(PathBuf))
                    .conflicts_with_all([
                        "formation",
                        "kind",
                        "id",
                        "name",
                        "quality",
                        "leader",
                        "hq",
                        "field",
                    ])
                    .help(
                        "Add the formation this file holds, with its units and formations, as a \
                         scenario writes a [[side.formation]]",
                    ),
            )
            .arg(
                Arg::new("behind")
                    .long("behind")
                    .value_name("STAND")
                    .value_parser(value_parser!(i64))
                    .help(
                        "The number of its side's concealment stand it joins behind, concealed \
                         with the stand's units until the stand is exposed",
                    ),
            )
            .arg(
                Arg::new("formation")
                    .long("formation")
                    .action(ArgAction::SetTrue)
                    .conflicts_with_all(["kind", "leader", "hq"])
                    .help("Add a formation with no units yet (its id and name given as a unit's)"),
            )
            .arg(
                Arg::new("kind")
                    .long("kind")
                    .value_name("KIND")
                    .required_unless_present_any(["file", "formation"])
                    .help("The unit's kind, one the rule set knows (umpire rulesets ID lists them)"),
            )
            .arg(
                Arg::new("id")
                    .long("id")
                    .value_name("ID")
                    .required_unless_present("file")
                    .help("Its id, unique in the battle"),
            )
            .arg(
                Arg::new("name")
                    .long("name")
                    .value_name("NAME")
                    .required_unless_present("file")
                    .help("Its name"),
            )
            .arg(
                Arg::new("in")
                    .long("in")
                    .value_name("FORMATION")
                    .help("The formation it joins (else it stands directly under its side)"),
            )
            .arg(
                Arg::new("quality")
                    .long("quality")
                    .value_name("QUALITY")
                    .help("Its quality (else its formation's, else its side's)"),
            )
            .arg(
                Arg::new("leader")
                    .long("leader")
                    .action(ArgAction::SetTrue)
                    .help("It is a leader"),
            )
            .arg(
                Arg::new("hq")
                    .long("hq")
                    .action(ArgAction::SetTrue)
                    .help("It is its formation's headquarters"),
            )
            .arg(
                Arg::new("field")
                    .long("field")
                    .value_name("KEY=VALUE")
                    .action(ArgAction::Append)
                    .help(
                        "One of the rule set's unit fields, as the scenario writes it: \
                         armour=2, hmg=true, vehicle=\"T-34/85\" (a word that is not a number \
                         or true/false is text: vehicle=panther); for a formation, its level \
                         (level=company); repeat for each",
                    ),
            )
            .arg(json_arg()),
        "extend" => cmd
            .about(
                "Play on past the battle's last turn: the battle becomes TURNS turns longer \
                 (logged as an edit, undone like any other)",
            )
            .arg(
                Arg::new("turns")
                    .value_name("TURNS")
                    .default_value("1")
                    .help("How many turns more"),
            )
            .arg(json_arg()),
        "result" => cmd
            .about(
                "Record the battle's result in your own words (who won, and why): logged for \
                 everyone, undone like any other event; every copy of the report puts it first, \
                 and a later result replaces it",
            )
            .arg(
                Arg::new("text")
                    .value_name("TEXT")
                    .required(true)
                    .num_args(1..)
                    .allow_negative_numbers(true)
                    .help("The result; its words are joined by spaces (put -- before words starting with -)"),
            )
            .arg(json_arg()),
        "note" => cmd
            .about("Write a note into the battle's log")
            .arg(
                Arg::new("text")
                    .value_name("TEXT")
                    .required(true)
                    .num_args(1..)
                    .allow_negative_numbers(true)
                    .help("The note; its words are joined by spaces (put -- before words starting with -)"),
            )
            .arg(
                Arg::new("private")
                    .long("private")
                    .action(ArgAction::SetTrue)
                    .help("For the umpire alone: kept out of the players' view and their reports"),
            )
            .arg(json_arg()),
        _ => cmd
            .about(
                "The battle as it stands: turn, side and phase, every unit's hits and markers, \
                 the counters, the offers standing and what undo and redo would do. Reads the \
                 journal without locking it",
            )
            .arg(
                Arg::new("json")
                    .long("json")
                    .action(ArgAction::SetTrue)
                    .help(
                        "Print the state as JSON (--help describes its members); a failure too, \
                         as {\"error\", \"kind\", \"exit_status\"} on standard output",
                    ),
            )
            .after_long_help(format!("{STATE_JSON_HELP}\n\n{EXIT_HELP}")),
    };
    if with_journal {
        cmd.after_help(EXIT_HELP)
    } else {
        cmd
    }
}

/// Where an action's input is listed: units first, then what the umpire reads off the table, then
/// what the battle fills in (the terminal UI's form has the same order).
fn rank(p: &ParamDef) -> u8 {
    match (p.scope, p.kind) {
        (Scope::Battle, ParamKind::Unit) => 0,
        (Scope::Both, _) => 1,
        (Scope::Battle, _) => 2,
        (Scope::Derived, _) => 3,
    }
}

/// The flags of one procedure in a battle: every input it declares, then `--dice` and `--json`.
fn action_command(action: &'static ActionDef, journal: &Path) -> Command {
    let mut params: Vec<&'static ParamDef> = action.params.iter().collect();
    params.sort_by_key(|p| rank(p));
    let mut cmd = Command::new(action.id)
        .about(action.help)
        .override_usage(format!(
            "umpire act {0} {1} [INPUTS]... [--dice FACES] [--json]\n       \
             umpire act {0} {1} [INPUTS]... --odds [--json]",
            quote(&journal.display().to_string()),
            action.id
        ))
        .after_help(
            "Inputs that the battle fills in from the units are taken from it unless given. \
             Flags take an optional yes or no (--smoke, --smoke=no).",
        );
    let mut heading = None;
    for p in params {
        let h = match rank(p) {
            0 => "Units",
            1 | 2 => "Inputs",
            _ => "Filled in from the battle (give one to override it)",
        };
        if heading != Some(h) {
            cmd = cmd.next_help_heading(h);
            heading = Some(h);
        }
        cmd = cmd.arg(battle_param_arg(p));
    }
    cmd.next_help_heading("Dice and output")
        .arg(dice_arg())
        .arg(
            Arg::new("odds")
                .long("odds")
                .action(ArgAction::SetTrue)
                .conflicts_with("dice")
                .help(
                    "Print the exact odds of every result, as the battle would carry the \
                     procedure out now, instead of acting: nothing is rolled or written",
                ),
        )
        .arg(json_arg())
        .disable_help_flag(true)
        .arg(
            Arg::new("help")
                .short('h')
                .long("help")
                .action(ArgAction::Help)
                .help("Print help"),
        )
}

/// An input of a procedure in a battle. A flag takes an optional yes or no, so that one the
/// battle fills in can be overridden either way.
fn battle_param_arg(p: &'static ParamDef) -> Arg {
    let help = if p.scope == Scope::Derived {
        format!("{} [filled in from the battle]", p.help)
    } else {
        resolve::param_help(p)
    };
    match p.kind {
        ParamKind::Flag => Arg::new(p.name)
            .long(p.name)
            .help(help)
            .value_name("yes|no")
            .num_args(0..=1)
            .default_missing_value("yes")
            .action(ArgAction::Set),
        ParamKind::Unit => resolve::param_arg(p).help(help).value_name("UNIT"),
        _ => resolve::param_arg(p).help(help),
    }
}

// ---- what a command asks for -------------------------------------------------------------------

/// One battle command, understood but not yet checked against the battle.
enum Request {
    Act {
        action: &'static ActionDef,
        /// The inputs given, parsed, without defaults.
        given: Params,
        dice: Option<TypedDice>,
        /// Only the exact odds, nothing carried out.
        odds: bool,
        json: bool,
    },
    Next {
        dice: Option<TypedDice>,
        json: bool,
    },
    Undo {
        json: bool,
    },
    Redo {
        json: bool,
    },
    Mark {
        unit: String,
        marker: String,
        value: Option<String>,
        clear: bool,
        json: bool,
    },
    Hits {
        unit: String,
        hits: String,
        json: bool,
    },
    Note {
        text: String,
        private: bool,
        json: bool,
    },
    Extend {
        turns: String,
        json: bool,
    },
    Arrive {
        unit: String,
        turn: Option<String>,
        umpire: bool,
        json: bool,
    },
    Add {
        addition: crate::battle::addition::Addition,
        written: Option<crate::battle::addition::Written>,
        json: bool,
    },
    Result {
        text: String,
        json: bool,
    },
    State {
        json: bool,
    },
}

/// Why a command stopped before it reached the battle: a failure, or clap's word (an error, or
/// help that was asked for).
enum Stop {
    Failed(Failure),
    Clap(clap::Error),
}

impl From<Failure> for Stop {
    fn from(f: Failure) -> Self {
        Stop::Failed(f)
    }
}

impl From<clap::Error> for Stop {
    fn from(e: clap::Error) -> Self {
        Stop::Clap(e)
    }
}

impl From<crate::declare::ParamError> for Stop {
    fn from(e: crate::declare::ParamError) -> Self {
        Stop::Failed(e.into())
    }
}

impl Stop {
    /// On the command line: clap's text as clap prints it (help on stdout, status 0).
    fn on_command_line(self, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), Failure> {
        match self {
            Stop::Failed(f) => Err(f),
            Stop::Clap(e) => {
                let text = e.render().to_string();
                if e.use_stderr() {
                    output::write_escaped(err, &text)?;
                    Err(Failure {
                        code: u8::try_from(e.exit_code()).unwrap_or(USAGE),
                        messages: Vec::new(),
                        refused: false,
                    })
                } else {
                    output::write_escaped(out, &text)?;
                    Ok(())
                }
            }
        }
    }

    /// In a script: help is printed and the script goes on; an error is one line.
    fn in_script(self, out: &mut dyn Write) -> Result<(), Failure> {
        match self {
            Stop::Failed(f) => Err(f),
            Stop::Clap(e) if !e.use_stderr() => {
                output::write_escaped(out, &e.render().to_string())?;
                Ok(())
            }
            Stop::Clap(e) => Err(Failure::usage(clap_message(&e))),
        }
    }
}

/// clap's error in one line: its first paragraph and its tips.
pub(super) fn clap_message(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let first: Vec<&str> = text
        .lines()
        .map(str::trim)
        .take_while(|l| !l.is_empty())
        .collect();
    let first = first.join(" ").trim_start_matches("error: ").to_string();
    let tips: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("tip:"))
        .collect();
    if tips.is_empty() {
        first
    } else {
        format!("{first} ({})", tips.join("; "))
    }
}

/// The procedure called `id` if the battle may use it.
fn battle_action(ruleset: &dyn Ruleset, id: &str) -> Result<&'static ActionDef, Failure> {
    if id.starts_with('-') {
        return Err(Failure::usage(format!(
            "`{id}`: name a procedure before its inputs (umpire act JOURNAL ACTION {id} ...); \
             umpire act JOURNAL lists the procedures"
        )));
    }
    let def = find_action(ruleset, id).map_err(|e| {
        if SIMPLE.contains(&id) {
            Failure::usage(format!(
                "`{id}` is a command of its own, not a procedure: umpire {id} JOURNAL (in a script, `{id}`)"
            ))
        } else {
            Failure::from(e)
        }
    })?;
    if !def.in_battle {
        return Err(Failure::usage(format!(
            "`{id}` is a table-only procedure of {0}: it is not used in a battle \
             (umpire resolve {0} {id} resolves it on its own)",
            ruleset.id()
        )));
    }
    Ok(def)
}

/// `ACTION [INPUTS]...` against the battle's rule set.
fn parse_act(ruleset: &dyn Ruleset, journal: &Path, words: &[String]) -> Result<Request, Stop> {
    let Some(id) = words.first() else {
        return Err(Failure::usage(
            "name a procedure: act ACTION [INPUTS]... (umpire act JOURNAL lists them)",
        )
        .into());
    };
    let action = battle_action(ruleset, id)?;
    let m = action_command(action, journal).try_get_matches_from(words)?;
    let mut given = Params::new();
    for def in action.params {
        let text = match def.kind {
            ParamKind::List => m
                .get_many::<String>(def.name)
                .map(|values| values.map(String::as_str).collect::<Vec<_>>().join(",")),
            _ => m.get_one::<String>(def.name).cloned(),
        };
        if let Some(text) = text {
            given.set(def.name, def.parse(&text)?);
        }
    }
    Ok(Request::Act {
        action,
        given,
        dice: dice_from(&m)?,
        odds: m.get_flag("odds"),
        json: m.get_flag("json"),
    })
}

/// One of the [`SIMPLE`] commands from clap's matches.
fn simple_request(name: &str, m: &ArgMatches) -> Result<Request, Failure> {
    let json = m.get_flag("json");
    let text = |id: &str| m.get_one::<String>(id).cloned().unwrap_or_default();
    Ok(match name {
        "next" => Request::Next {
            dice: dice_from(m)?,
            json,
        },
        "undo" => Request::Undo { json },
        "redo" => Request::Redo { json },
        "mark" => Request::Mark {
            unit: text("unit"),
            marker: text("marker"),
            value: m.get_one::<String>("value").cloned(),
            clear: m.get_flag("clear"),
            json,
        },
        "hits" => Request::Hits {
            unit: text("unit"),
            hits: text("hits"),
            json,
        },
        "note" => Request::Note {
            text: m
                .get_many::<String>("text")
                .into_iter()
                .flatten()
                .map(String::as_str)
                .collect::<Vec<_>>()
                .join(" "),
            private: m.get_flag("private"),
            json,
        },
        "extend" => Request::Extend {
            turns: text("turns"),
            json,
        },
        "add" => {
            let (addition, written) = addition_of(m)?;
            Request::Add {
                addition,
                written,
                json,
            }
        }
        "arrive" => Request::Arrive {
            unit: text("unit"),
            turn: m.get_one::<String>("turn").cloned(),
            umpire: m.get_flag("umpire"),
            json,
        },
        "result" => Request::Result {
            text: m
                .get_many::<String>("text")
                .into_iter()
                .flatten()
                .map(String::as_str)
                .collect::<Vec<_>>()
                .join(" "),
            json,
        },
        "state" => Request::State { json },
        other => return Err(Failure::usage(format!("unknown command `{other}`"))),
    })
}

/// The typed faces of `--dice`, if given.
fn dice_from(m: &ArgMatches) -> Result<Option<TypedDice>, Failure> {
    match m.get_many::<String>("dice") {
        None => Ok(None),
        Some(values) => {
            let text = values.map(String::as_str).collect::<Vec<_>>().join(" ");
            Ok(Some(TypedDice::parse(&text)?))
        }
    }
}

// ---- running a command ---------------------------------------------------------------------------

/// A session's refusal as a failure: the rules' refusals and what cannot be done exit 1, input
/// that cannot be understood (unknown names, bad values, bad dice) exits 2. A message of several
/// lines (a scenario's problems) becomes several `error:` lines.
/// The unit or formation `umpire add` names, as its table: its flags, and each `--field
/// KEY=VALUE` as the scenario writes it; or the formation its `--file` holds, with the file's
/// text (a file that cannot be read, or whose TOML does not, is refused at its places).
fn addition_of(
    m: &ArgMatches,
) -> Result<
    (
        crate::battle::addition::Addition,
        Option<crate::battle::addition::Written>,
    ),
    Failure,
> {
    use crate::battle::addition::{
        AddProblem, Addition, Joins, field_value, read_formation, reserved_formation_key,
        reserved_key,
    };
    let text = |k: &str| m.get_one::<String>(k).cloned();
    let side = text("side").unwrap_or_default();
    if let Some(path) = m.get_one::<PathBuf>("file") {
        return read_formation(&side, text("in").as_deref(), path)
            .map(|(a, w)| {
                let a = Addition {
                    behind: m.get_one::<i64>("behind").copied(),
                    ..a
                };
                (a, Some(w))
            })
            .map_err(|problems| Failure {
                code: FAILED,
                messages: AddProblem::words(&problems)
                    .lines()
                    .map(str::to_string)
                    .collect(),
                refused: false,
            });
    }
    let formation = m.get_flag("formation");
    let mut table = toml::Table::new();
    for key in ["id", "name", "kind", "quality"] {
        if let Some(v) = text(key) {
            table.insert(key.to_string(), toml::Value::String(v));
        }
    }
    for key in ["leader", "hq"] {
        if m.get_flag(key) {
            table.insert(key.to_string(), toml::Value::Boolean(true));
        }
    }
    for field in m.get_many::<String>("field").into_iter().flatten() {
        let Some((key, value)) = field.split_once('=') else {
            return Err(Failure::usage(format!(
                "--field {field:?}: expected KEY=VALUE, as the scenario writes the {} \
                 (armour=2)",
                if formation {
                    "formation's level (level=company)"
                } else {
                    "unit's field"
                }
            )));
        };
        let key = key.trim();
        let reserved = if formation {
            reserved_formation_key(key)
        } else {
            reserved_key(key)
        };
        if let Some(why) = reserved {
            return Err(Failure::usage(format!("--field {field:?}: `{key}`: {why}")));
        }
        if table.insert(key.to_string(), field_value(value)).is_some() {
            return Err(Failure::usage(format!(
                "--field {field:?}: `{key}` is given twice"
            )));
        }
    }
    let joins = if formation {
        Joins::Formation(table)
    } else {
        Joins::Unit(table)
    };
    Ok((
        Addition {
            side,
            formation: text("in"),
            behind: m.get_one::<i64>("behind").copied(),
            joins,
        },
        None,
    ))
}

pub(super) fn session_failure(e: SessionError) -> Failure {
    let code = match &e {
        // A formation file the scenario could not hold is a file that is invalid, as `umpire
        // check` has it.
        SessionError::Battle(BattleError::Unfit(problems))
            if problems
                .iter()
                .any(|p| matches!(p.input, crate::battle::addition::AddInput::At { .. })) =>
        {
            FAILED
        }
        // A unit the scenario could not hold: the command line named it wrong.
        SessionError::Battle(BattleError::Unfit(_)) => USAGE,
        SessionError::Battle(BattleError::Rule(RuleError::Refused(_))) => FAILED,
        SessionError::Battle(BattleError::Rule(_)) | SessionError::Dice(_) => USAGE,
        _ => FAILED,
    };
    Failure {
        code,
        messages: e.to_string().lines().map(str::to_string).collect(),
        refused: matches!(
            e,
            SessionError::Battle(BattleError::Rule(RuleError::Refused(_)))
        ),
    }
}

/// The journal's path as the umpire typed it, quoted for a shell if need be.
fn quote(text: &str) -> String {
    shlex::try_quote(text).map_or_else(|_| text.to_string(), |q| q.into_owned())
}

fn shown(path: &Path) -> String {
    path.display().to_string()
}

/// `umpire new SCENARIO --journal PATH [--seed N]`.
pub fn new(m: &ArgMatches, out: &mut dyn Write) -> Result<(), Failure> {
    let path = m
        .get_one::<PathBuf>("scenario")
        .cloned()
        .unwrap_or_default();
    let journal = m.get_one::<PathBuf>("journal").cloned().unwrap_or_default();
    let scenario = crate::scenario::load(&path)
        .map_err(|e| Failure::failed_all(e.0.iter().map(ToString::to_string)))?;
    let (seed, fresh) = match m.get_one::<u64>("seed") {
        Some(seed) => (*seed, false),
        None => (resolve::fresh_seed(), true),
    };
    if let Some(dir) = journal.parent().filter(|d| !d.as_os_str().is_empty())
        && !dir.exists()
    {
        std::fs::create_dir_all(dir).map_err(|e| {
            Failure::failed(format!("{}: cannot create the folder: {e}", shown(dir)))
        })?;
    }
    let session = Session::create(scenario, &journal, seed, Utc::now()).map_err(session_failure)?;
    let battle = session.battle();
    let j = quote(&shown(&journal));
    let mut text = format!(
        "Started: {}\n  rule set: {} ({})\n  scenario: {}\n  journal:  {}\n  seed:     {seed}{}\n  now:      {}\n",
        battle.scenario.title(),
        battle.ruleset.id(),
        battle.ruleset.title(),
        shown(&path),
        shown(&journal),
        if fresh {
            " (fresh; the program's dice roll from it, and it is kept in the journal)"
        } else {
            ""
        },
        position(battle),
    );
    let automatic = battle
        .ruleset
        .phases()
        .iter()
        .any(|p| p.id == battle.state().phase && p.automatic);
    if automatic {
        text.push_str(&format!(
            "{} is carried out by the program: begin with umpire next {j}\n",
            battle.current_phase_name()
        ));
    } else {
        text.push_str(&format!(
            "Next: umpire act {j} ACTION ... (umpire act {j} lists the procedures)\n"
        ));
    }
    output::write_escaped(out, &text)?;
    Ok(())
}

/// `umpire act JOURNAL …`: one procedure, the list of procedures, or a script.
pub fn act(
    m: &ArgMatches,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), Failure> {
    let journal = m.get_one::<PathBuf>("journal").cloned().unwrap_or_default();
    let rest: Vec<String> = m
        .get_many::<String>("rest")
        .into_iter()
        .flatten()
        .cloned()
        .collect();
    match rest.first().map(String::as_str) {
        None => {
            let read = read_journal(&journal)?;
            list_procedures(&read.battle, &journal, out)
        }
        Some("-") => {
            if rest.len() > 1 {
                return Err(Failure::usage(format!(
                    "`{}` after `-`: a script's commands are read from standard input",
                    rest[1]
                )));
            }
            script(&journal, input, out, err)
        }
        Some(_) if asks_for_odds(&rest[1..]) => {
            // The odds change nothing: read without the lock, as `state` does, so they can be
            // asked while the battle is open elsewhere.
            let read = read_journal(&journal)?;
            match parse_act(read.battle.ruleset, &journal, &rest) {
                Ok(request) => write_odds(&read.battle, request, out),
                Err(Stop::Clap(e)) if e.use_stderr() && rest.iter().any(|w| w == "--json") => {
                    Err(Failure::usage(clap_message(&e)))
                }
                Err(stop) => stop.on_command_line(out, err),
            }
        }
        Some(_) if asks_for_help(&rest[1..]) => {
            // Help needs only the rule set: read without the lock, so it works while the
            // battle is open elsewhere.
            let read = read_journal(&journal)?;
            parse_act(read.battle.ruleset, &journal, &rest)
                .map(drop)
                .or_else(|stop| stop.on_command_line(out, err))
        }
        Some(_) => {
            let mut session = open(&journal)?;
            let request = match parse_act(session.battle().ruleset, &journal, &rest) {
                Ok(r) => r,
                // Asked for JSON: clap's error is one line of the JSON answer.
                Err(Stop::Clap(e)) if e.use_stderr() && rest.iter().any(|w| w == "--json") => {
                    return Err(Failure::usage(clap_message(&e)));
                }
                Err(stop) => return stop.on_command_line(out, err),
            };
            carry_out(&mut session, &journal, request, out, err)
        }
    }
}

fn asks_for_odds(words: &[String]) -> bool {
    words
        .iter()
        .take_while(|w| *w != "--")
        .any(|w| w == "--odds")
        && !asks_for_help(words)
}

/// `act ACTION … --odds`: the exact odds of the procedure as the battle would carry it out now —
/// the inputs completed from the battle as for acting, and refused as acting would be refused.
fn write_odds(battle: &Battle, request: Request, out: &mut dyn Write) -> Result<(), Failure> {
    let Request::Act {
        action,
        given,
        json,
        ..
    } = request
    else {
        return Ok(());
    };
    let params = battle
        .prefill(action.id, &given)
        .map_err(|e| session_failure(e.into()))?;
    let report = battle
        .odds(action.id, &params)
        .map_err(|e| session_failure(e.into()))?
        .tidied();
    if json {
        output::write_json(out, &resolve::OddsJson::of(&report))
    } else {
        output::write_escaped(out, &resolve::render_odds(&report, battle.options()))?;
        Ok(())
    }
}

fn asks_for_help(words: &[String]) -> bool {
    words
        .iter()
        .take_while(|w| *w != "--")
        .any(|w| w == "--help" || w == "-h")
}

/// `umpire next|undo|redo|mark|hits|note|state JOURNAL …`.
pub fn simple(
    name: &str,
    m: &ArgMatches,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), Failure> {
    let journal = m.get_one::<PathBuf>("journal").cloned().unwrap_or_default();
    let request = simple_request(name, m)?;
    if let Request::State { json } = request {
        let read = read_journal(&journal)?;
        if let Some(torn) = &read.torn {
            writeln!(err, "warning: {}", escape_terminal(&torn.describe()))?;
        }
        let written = write_state(
            &read.battle,
            &journal,
            read.seed,
            read.torn.as_ref(),
            json,
            out,
        );
        super::let_go(read);
        return written;
    }
    let mut session = open(&journal)?;
    let done = carry_out(&mut session, &journal, request, out, err);
    super::let_go(session);
    done
}

/// Opens (and locks) the battle for writing, from its checkpoint when one matches the journal
/// (then only the records after it are replayed; a new one is written as the battle goes on). A
/// bad last line stays in the file until the first record is written.
fn open(journal: &Path) -> Result<Session, Failure> {
    Session::open_checkpointed(journal)
        .map(|(session, _torn)| session)
        .map_err(session_failure)
}

/// A battle read from its journal without the lock, changing nothing.
struct ReadBattle {
    battle: Battle,
    seed: u64,
    torn: Option<TornTail>,
}

/// Read as the battle keeps it, one record at a time and without the explanations (which the
/// battle does not keep), as opening it to act reads it.
fn read_journal(journal: &Path) -> Result<ReadBattle, Failure> {
    let (battle, header, torn) = Session::load_thin(journal).map_err(session_failure)?;
    Ok(ReadBattle {
        battle,
        seed: header.seed,
        torn,
    })
}

/// Checks a request against the battle, carries it out (on disk before anything is printed) and
/// prints what happened.
fn carry_out(
    session: &mut Session,
    journal: &Path,
    request: Request,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), Failure> {
    let battle = session.battle();
    let mut took = None;
    let (command, dice, json) = match request {
        Request::State { json } => {
            let seed = session.seed();
            return write_state(session.battle(), journal, seed, None, json, out);
        }
        request @ Request::Act { odds: true, .. } => {
            return write_odds(session.battle(), request, out);
        }
        Request::Act {
            action,
            given,
            dice,
            json,
            ..
        } => {
            let params = battle
                .prefill(action.id, &given)
                .map_err(|e| session_failure(e.into()))?;
            let command = BattleCommand::Act {
                action: action.id.to_string(),
                params,
            };
            (command, dice, json)
        }
        Request::Next { dice, json } => (BattleCommand::Advance, dice, json),
        Request::Undo { json } => {
            took = battle.undo_preview().map(|e| ("undone", e.summary.clone()));
            (BattleCommand::Undo, None, json)
        }
        Request::Redo { json } => {
            took = battle.redo_preview().map(|e| ("redone", e.summary.clone()));
            (BattleCommand::Redo, None, json)
        }
        Request::Mark {
            unit,
            marker,
            value,
            clear,
            json,
        } => {
            let command = mark_command(battle.ruleset, unit, marker, value.as_deref(), clear)?;
            (command, None, json)
        }
        Request::Hits { unit, hits, json } => {
            let hits = hits.trim().parse::<u32>().map_err(|_| {
                Failure::usage(format!(
                    "N {hits:?}: expected the unit's hits as a whole number from 0"
                ))
            })?;
            (BattleCommand::SetHits { unit, hits }, None, json)
        }
        Request::Note {
            text,
            private,
            json,
        } => (BattleCommand::Note { text, private }, None, json),
        Request::Result { text, json } => (BattleCommand::Result { text }, None, json),
        Request::Extend { turns, json } => {
            let turns = turns.trim().parse::<u32>().map_err(|_| {
                Failure::usage(format!(
                    "TURNS {turns:?}: expected how many turns more, a whole number from 1"
                ))
            })?;
            (BattleCommand::Extend { turns }, None, json)
        }
        Request::Arrive {
            unit,
            turn,
            umpire,
            json,
        } => {
            let arrives = match (turn, umpire) {
                (Some(t), _) => Some(crate::model::Arrival::Turn(
                    t.trim().parse::<u32>().map_err(|_| {
                        Failure::usage(format!(
                            "--turn {t:?}: expected the turn it arrives, a whole number from 1"
                        ))
                    })?,
                )),
                (None, true) => Some(crate::model::Arrival::Umpire),
                (None, false) => None,
            };
            (BattleCommand::Arrive { unit, arrives }, None, json)
        }
        Request::Add {
            addition,
            written,
            json,
        } => (BattleCommand::Add { addition, written }, None, json),
    };
    let record = session
        .execute(&command, dice, Utc::now())
        .map_err(session_failure)?;
    if let Some(tail) = session.take_set_aside() {
        writeln!(err, "warning: {}", escape_terminal(&tail.describe()))?;
    }
    let battle = session.battle();
    // Who may see the record: an event's audience; an undo's or a redo's that of the event it
    // took back (now the one a redo would put back) or put back (now the latest in force).
    let audience = match &record.entry {
        Entry::Event(e) => Some(&e.audience),
        Entry::Undo => battle.redo_preview().map(|e| &e.audience),
        Entry::Redo => battle.history().last_in_force().map(|e| &e.audience),
    }
    .cloned()
    .unwrap_or_default();
    if json {
        let (undone, redone) = match took {
            Some(("undone", what)) => (Some(what), None),
            Some((_, what)) => (None, Some(what)),
            None => (None, None),
        };
        let shown = RecordJson {
            journal: shown(journal),
            record: &record,
            audience: &audience,
            undone,
            redone,
            standing_offers: offers_json(battle, journal),
        };
        write_json(out, &shown)
    } else {
        let mut text = record_text(battle, &record, took);
        if let Some(who) = audience.describe(&battle.roster) {
            text.push_str(&format!("Seen by {who}\n"));
        }
        text.push_str(&offers_text(battle, journal));
        if battle.state().is_over() && matches!(command, BattleCommand::Advance) {
            text.push_str(&summary_text(battle));
        }
        text.push_str(&format!(
            "Recorded: {}, record {} (line {})\n",
            shown(journal),
            record.seq,
            record.seq + 1
        ));
        output::write_escaped(out, &text)?;
        Ok(())
    }
}

/// The command of `mark`: the marker set to 1 for an on/off marker, to VALUE for a count or turn,
/// to the unit whose id is VALUE for a marker that holds a unit; cleared with `--clear`.
fn mark_command(
    ruleset: &dyn Ruleset,
    unit: String,
    marker: String,
    value: Option<&str>,
    clear: bool,
) -> Result<BattleCommand, Failure> {
    let Some(def) = ruleset.markers().iter().find(|m| m.id == marker) else {
        let ids: Vec<&str> = ruleset.markers().iter().map(|m| m.id).collect();
        return Err(Failure::usage(format!(
            "no marker `{marker}` in {}{}; its markers: {}",
            ruleset.id(),
            did_you_mean(&marker, ids.iter().copied()),
            ids.join(", ")
        )));
    };
    let set = |value: Option<i32>| BattleCommand::SetMarker {
        unit: unit.clone(),
        marker: marker.clone(),
        value,
    };
    if clear {
        return Ok(set(None));
    }
    match (value, def.kind) {
        (Some(text), MarkerKind::Unit { .. }) => Ok(BattleCommand::SetMarkerUnit {
            unit: unit.clone(),
            marker: marker.clone(),
            value: text.trim().to_string(),
        }),
        (Some(text), _) => text
            .trim()
            .parse::<i32>()
            .map(|v| set(Some(v)))
            .map_err(|_| {
                Failure::usage(format!(
                    "VALUE {text:?}: expected a whole number for marker `{marker}`"
                ))
            }),
        (None, MarkerKind::Flag) => Ok(set(Some(1))),
        (None, kind) => Err(Failure::usage(format!(
            "marker `{marker}` holds {}: give its VALUE after it (mark {unit} {marker} {}) or clear it (--clear)",
            match kind {
                MarkerKind::Turn => "a turn",
                MarkerKind::Timer => "the moves left",
                MarkerKind::Unit { .. } => "a unit, by its id",
                _ => "a count",
            },
            match kind {
                MarkerKind::Turn => "7",
                MarkerKind::Unit { .. } => "UNIT",
                _ => "3",
            }
        ))),
    }
}

// ---- scripts -----------------------------------------------------------------------------------

/// `umpire act JOURNAL -`: every command of standard input, the journal locked throughout.
fn script(
    journal: &Path,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), Failure> {
    let mut session = open(journal)?;
    let mut bytes = Vec::new();
    let mut number = 0usize;
    let mut first = true;
    loop {
        bytes.clear();
        let read = input.read_until(b'\n', &mut bytes).map_err(|e| {
            Failure::failed(format!(
                "line {}: cannot read standard input: {e}",
                number + 1
            ))
        })?;
        if read == 0 {
            return Ok(());
        }
        number += 1;
        let at_line = |f: Failure| Failure {
            messages: f
                .messages
                .into_iter()
                .map(|m| format!("line {number}: {m}"))
                .collect(),
            ..f
        };
        let line = std::str::from_utf8(&bytes)
            .map_err(|_| at_line(Failure::usage("not UTF-8 text")))?
            .trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let words = shlex::split(line).ok_or_else(|| {
            at_line(Failure::usage(
                "cannot split the line into words: a quote is not closed, or it ends with \\",
            ))
        })?;
        if words.is_empty() {
            continue;
        }
        let mut shown = Vec::new();
        if let Err(f) = script_line(&mut session, journal, &words, &mut shown, err) {
            let f = at_line(f);
            if !words.iter().any(|w| w == "--json") {
                return Err(f);
            }
            // The line asked for JSON: its failure is answered in JSON, where its output would
            // have been.
            if !first {
                writeln!(out)?;
            }
            output::report_json(out, &f);
            return Err(f.said());
        }
        if !shown.is_empty() {
            if !first {
                writeln!(out)?;
            }
            first = false;
            out.write_all(&shown)?;
            out.flush()?;
        }
    }
}

/// One line of a script, split into words.
fn script_line(
    session: &mut Session,
    journal: &Path,
    words: &[String],
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), Failure> {
    let name = words[0].as_str();
    let ruleset = session.battle().ruleset;
    let parsed = if name == "act" {
        if words.get(1).map(String::as_str) == Some("-") {
            return Err(Failure::usage("a script cannot read another script"));
        }
        parse_act(ruleset, journal, &words[1..])
    } else if let Some(simple) = SIMPLE.iter().find(|s| **s == name) {
        simple_command(simple, false)
            .try_get_matches_from(words)
            .map_err(Stop::from)
            .and_then(|m| simple_request(name, &m).map_err(Stop::from))
    } else if NOT_IN_A_SCRIPT.contains(&name) {
        return Err(Failure::usage(format!(
            "`{name}` is not a battle command; a script's lines are procedures (fire ..., or \
             act fire ...) and {}",
            SIMPLE.join(", ")
        )));
    } else {
        parse_act(ruleset, journal, words)
    };
    match parsed {
        Ok(request) => carry_out(session, journal, request, out, err),
        Err(stop) => stop.in_script(out),
    }
}

// ---- what is printed ---------------------------------------------------------------------------

/// Where the battle stands: `turn 2 of 12 · B Company … · Action`.
fn position(battle: &Battle) -> String {
    let st = battle.state();
    if let Some(last) = st.turn_limit.filter(|_| st.is_over()) {
        return format!(
            "the battle is over after turn {last} (umpire extend JOURNAL plays on, umpire undo takes the last phase change back)"
        );
    }
    // The battle's length as it stands: the scenario's, or as the umpire extended it.
    let scenario = battle.scenario.file.turns.as_ref().map(|t| *t.get_ref());
    let of = match (st.turn_limit, scenario) {
        (Some(last), Some(was)) if i64::from(last) != was => {
            format!(" of {last} (extended from {was})")
        }
        (Some(last), _) => format!(" of {last}"),
        (None, _) => String::new(),
    };
    let side = match battle.view().phase() {
        Some(p) if p.simultaneous => "both sides",
        _ => battle.roster.sides[st.active].name.as_str(),
    };
    format!(
        "turn {}{of} · {side} · {}",
        st.turn,
        battle.current_phase_name()
    )
}

/// The battle's account: how it stands, side by side (`Battle::summary`).
fn summary_text(battle: &Battle) -> String {
    let s = battle.summary();
    let mut text = match (s.over, s.last_turn) {
        (true, Some(last)) => format!(
            "The battle is over: {} turn{} played, the last was turn {last}.\n",
            s.turns_played,
            if s.turns_played == 1 { "" } else { "s" }
        ),
        _ => format!(
            "The battle so far: {} turn{} played.\n",
            s.turns_played,
            if s.turns_played == 1 { "" } else { "s" }
        ),
    };
    for side in &s.sides {
        let leaders = if side.leaders > 0 {
            format!(" · {} of {} leaders lost", side.leaders_lost, side.leaders)
        } else {
            String::new()
        };
        // In the rule set's own nouns: FFT3's and Newport's units are stands.
        let (one, many) = battle.ruleset.unit_nouns();
        text.push_str(&format!(
            "  {}: {} {} · {} in play · {} lost · {} {}{leaders}\n",
            side.name,
            side.units,
            if side.units == 1 { one } else { many },
            side.in_play,
            side.lost,
            side.hits,
            battle.ruleset.losses().total_label(),
        ));
    }
    text
}

/// A record explained: the event's summary, each resolution, the notes (or what an undo or redo
/// took back or put back).
fn record_text(battle: &Battle, record: &Record, took: Option<(&str, String)>) -> String {
    let mut text = String::new();
    match &record.entry {
        Entry::Event(ev) => {
            text.push_str(&ev.summary);
            text.push('\n');
            for r in &ev.resolutions {
                text.push('\n');
                text.push_str(&r.render_text());
            }
            if !ev.notes.is_empty() {
                if !ev.resolutions.is_empty() {
                    text.push('\n');
                }
                // The automatic steps of a phase change are indented as the rule set nests them.
                let (head, bullet) = match ev.kind {
                    EventKind::Advance => ("Steps:\n", ""),
                    _ => ("Notes:\n", "- "),
                };
                text.push_str(head);
                for n in &ev.notes {
                    text.push_str(&format!("  {bullet}{n}\n"));
                }
            }
        }
        Entry::Undo | Entry::Redo => {
            if let Some((verb, what)) = took {
                text.push_str(&format!("{verb}: {what}\n"));
            }
        }
    }
    if !matches!(record.entry, Entry::Event(_)) {
        // An undo or redo may take the battle back to another turn, side or phase.
        text.push_str(&format!("Now: {}\n", position(battle)));
    }
    text
}

/// The offers standing now, each with the units that may take it up and the command that would.
fn offers_text(battle: &Battle, journal: &Path) -> String {
    let offers = battle.standing_offers();
    if offers.is_empty() {
        return String::new();
    }
    let mut text = String::from("Offers standing:\n");
    for o in &offers {
        let ids: Vec<&str> = o
            .actors
            .iter()
            .map(|&u| battle.roster.units[u].id.as_str())
            .collect();
        text.push_str(&format!(
            "  - {}: {} may take it up\n      {}\n",
            o.offer.text,
            ids.join(", "),
            offer_command(journal, &o.offer)
        ));
    }
    text
}

/// The command line that takes an offer up, with `ID` for the unit that does (or the unit the
/// offer names already, as a close combat names its attacker).
fn offer_command(journal: &Path, offer: &Offer) -> String {
    let actor = offer
        .params
        .get(&offer.actor_param)
        .map_or_else(|| "ID".to_string(), |v| quote(&v.to_string()));
    let mut words = vec![
        "umpire".to_string(),
        "act".to_string(),
        quote(&shown(journal)),
        offer.action.clone(),
        format!("--{}", offer.actor_param),
        actor,
    ];
    for (name, value) in offer
        .params
        .iter()
        .filter(|(name, _)| *name != offer.actor_param)
    {
        match value {
            Value::Bool(true) => words.push(format!("--{name}")),
            Value::Bool(false) => words.push(format!("--{name}=no")),
            v => {
                words.push(format!("--{name}"));
                words.push(quote(&v.to_string()));
            }
        }
    }
    words.join(" ")
}

/// What `umpire act JOURNAL` alone prints: the procedures the battle may use.
fn list_procedures(battle: &Battle, journal: &Path, out: &mut dyn Write) -> Result<(), Failure> {
    let ruleset = battle.ruleset;
    let actions: Vec<&ActionDef> = ruleset.actions().filter(|a| a.in_battle).collect();
    let width = actions.iter().map(|a| a.id.len()).max().unwrap_or(0);
    let mut lines = vec![format!(
        "Procedures of {} in this battle ({}):",
        ruleset.id(),
        battle.scenario.title()
    )];
    for a in &actions {
        let indent = " ".repeat(width + 4);
        let wrapped = output::wrap(a.help, &indent, 100);
        for (i, line) in wrapped.into_iter().enumerate() {
            if i == 0 {
                lines.push(format!("  {:<width$}  {}", a.id, line.trim_start()));
            } else {
                lines.push(line);
            }
        }
    }
    let j = quote(&shown(journal));
    lines.push(format!("Inputs of one: umpire act {j} ACTION --help"));
    lines.push(format!(
        "Also: umpire {} {j} (umpire COMMAND --help)",
        SIMPLE.join("|")
    ));
    output::write_escaped(out, &lines.join("\n"))?;
    Ok(())
}

/// `umpire state`: the battle as it stands, as text or JSON.
fn write_state(
    battle: &Battle,
    journal: &Path,
    seed: u64,
    torn: Option<&TornTail>,
    json: bool,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    if json {
        write_json(out, &state_json(battle, journal, seed, torn))
    } else {
        output::write_escaped(out, &state_text(battle, journal, seed))?;
        Ok(())
    }
}

/// A unit's markers in the rule set's order: `SUP`, `BACK T7`, `HOLD 3`; and `OUT (why)`.
fn unit_marks(battle: &Battle, unit: usize) -> Vec<String> {
    let st = &battle.state().units[unit];
    let mut marks: Vec<String> = battle
        .ruleset
        .badges(&battle.view(), unit)
        .into_iter()
        .map(|b| b.text)
        .filter(|t| !(st.removed.is_some() && t == "OUT"))
        .collect();
    if let Some(why) = &st.removed {
        marks.insert(0, format!("OUT ({why})"));
    }
    if let Some(b) = battle.view().concealment_badge(unit) {
        marks.insert(0, b.text);
    }
    if let Some(b) = battle.view().arrival_badge(unit) {
        marks.insert(0, b.text);
    }
    if let Some(turn) = battle.roster.units[unit].added {
        marks.push(format!("joined turn {turn}"));
    }
    marks
}

fn counters_of(battle: &Battle, scope: &str) -> BTreeMap<String, i32> {
    battle
        .state()
        .counters
        .iter()
        .filter(|((s, _), _)| s == scope)
        .map(|((_, name), v)| (name.clone(), *v))
        .collect()
}

/// A line of the roster as `state` prints it.
enum Line {
    Side(usize),
    Formation(usize, usize),
    Unit(usize, usize),
}

/// The roster in order: each side, its own units, then its formations nested (as the terminal
/// UI's roster pane shows them).
fn roster_lines(battle: &Battle) -> Vec<Line> {
    fn formation(battle: &Battle, f: usize, depth: usize, lines: &mut Vec<Line>) {
        let r = &battle.roster;
        // A formation added and since taken back is in no one's battle.
        if !battle.view().formation_listed(f) {
            return;
        }
        lines.push(Line::Formation(f, depth));
        for (u, info) in r.units.iter().enumerate() {
            // A unit added and since taken back is in no one's battle.
            if info.formation == Some(f) && battle.state().units[u].listed() {
                lines.push(Line::Unit(u, depth + 1));
            }
        }
        for (sub, fi) in r.formations.iter().enumerate() {
            if fi.parent == Some(f) {
                formation(battle, sub, depth + 1, lines);
            }
        }
    }
    let r = &battle.roster;
    let mut lines = Vec::new();
    for s in 0..r.sides.len() {
        lines.push(Line::Side(s));
        for (u, info) in r.units.iter().enumerate() {
            if info.side == s && info.formation.is_none() && battle.state().units[u].listed() {
                lines.push(Line::Unit(u, 1));
            }
        }
        for (f, fi) in r.formations.iter().enumerate() {
            if fi.side == s && fi.parent.is_none() {
                formation(battle, f, 1, &mut lines);
            }
        }
    }
    lines
}

fn state_text(battle: &Battle, journal: &Path, seed: u64) -> String {
    let r = &battle.roster;
    let st = battle.state();
    let mut out = vec![
        format!(
            "{} — {}, journal {} ({} records, seed {seed})",
            battle.scenario.title(),
            battle.ruleset.id(),
            shown(journal),
            battle.history().entries().len()
        ),
        capitalised(&position(battle)),
        String::new(),
    ];
    if let Some(result) = &st.result {
        out.insert(2, format!("Result, in the umpire's words: {result}"));
    }
    let lines = roster_lines(battle);
    let id_column = lines
        .iter()
        .filter_map(|l| match l {
            Line::Unit(u, depth) => Some(depth * 2 + r.units[*u].id.chars().count()),
            _ => None,
        })
        .max()
        .unwrap_or(0);
    let hits_width = r
        .units
        .iter()
        .enumerate()
        .map(|(u, i)| hits_text(battle, st.units[u].hits, i.hit_limit).len())
        .max()
        .unwrap_or(0);
    for line in &lines {
        match *line {
            Line::Side(s) => {
                let side = &r.sides[s];
                let mut text = format!(
                    "{}{}",
                    side.name,
                    crate::text::parenthesised([side.id.as_str(), &side.quality])
                );
                if !st.is_over()
                    && battle.view().acts_now(s)
                    && !battle.view().phase().is_some_and(|p| p.simultaneous)
                {
                    text.push_str(" — its turn");
                }
                let badges: Vec<String> = battle
                    .ruleset
                    .side_badges(&battle.view(), s)
                    .into_iter()
                    .map(|b| b.text)
                    .collect();
                if !badges.is_empty() {
                    text.push_str(&format!(" — {}", badges.join(", ")));
                }
                out.push(text);
            }
            Line::Formation(f, depth) => {
                let fi = &r.formations[f];
                let what = crate::text::parenthesised(
                    [fi.id.as_str()]
                        .into_iter()
                        .chain(fi.level.as_deref())
                        .chain([fi.quality.as_str()]),
                );
                let mut text = format!("{}{}{what}", "  ".repeat(depth), fi.name);
                let mut badges: Vec<String> = battle
                    .ruleset
                    .formation_badges(&battle.view(), f)
                    .into_iter()
                    .map(|b| b.text)
                    .collect();
                // A formation the scenario lacked: when the umpire added it.
                if let Some(turn) = fi.added {
                    badges.push(format!("joined turn {turn}"));
                }
                if !badges.is_empty() {
                    text.push_str(&format!(" — {}", badges.join(" ")));
                }
                out.push(text);
            }
            Line::Unit(u, depth) => {
                let info = &r.units[u];
                let indent = "  ".repeat(depth);
                let hits = hits_text(battle, st.units[u].hits, info.hit_limit);
                let marks = unit_marks(battle, u);
                let mut text = format!(
                    "{indent}{:<w$}  {hits:<hw$}  {}",
                    info.id,
                    info.name,
                    w = id_column - depth * 2,
                    hw = hits_width
                );
                if !marks.is_empty() {
                    text.push_str(&format!("  {}", marks.join(" ")));
                }
                out.push(text);
            }
        }
    }
    if !st.areas.is_empty() {
        out.push(String::new());
        out.push("Area markers:".into());
        for (id, a) in &st.areas {
            out.push(format!(
                "  {id}: {} on {}, laid by {} on turn {}",
                a.kind, a.label, a.side, a.turn
            ));
        }
    }
    out.push(String::new());
    let offers = offers_text(battle, journal);
    if !offers.is_empty() {
        out.push(offers.trim_end().to_string());
    }
    out.push(match battle.undo_preview() {
        Some(e) => format!("Undo would take back: {}", e.summary),
        None => "Nothing to undo".into(),
    });
    out.push(match battle.redo_preview() {
        Some(e) => format!("Redo would put back: {}", e.summary),
        None => "Nothing to redo".into(),
    });
    if st.is_over() {
        out.push(String::new());
        out.push(summary_text(battle).trim_end().to_string());
    }
    let mut text = out.join("\n");
    text.push('\n');
    text
}

/// `hits 1/3` (taken of the limit), `figures 3/4` (left of a full tray) as the rule set counts
/// strength, or `-` for a unit that cannot be hit (an off-table asset).
fn hits_text(battle: &Battle, hits: u32, limit: u32) -> String {
    let losses = battle.ruleset.losses();
    if limit == 0 && hits == 0 {
        format!("{} -", losses.many)
    } else if losses.counts_left {
        format!("{} {}/{limit}", losses.many, limit.saturating_sub(hits))
    } else {
        format!("{} {hits}/{limit}", losses.many)
    }
}

fn capitalised(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

// ---- JSON --------------------------------------------------------------------------------------

#[derive(Serialize)]
struct RecordJson<'a> {
    journal: String,
    record: &'a Record,
    /// Who may see the record (an undo's or a redo's: the event's it acted on).
    audience: &'a Audience,
    #[serde(skip_serializing_if = "Option::is_none")]
    undone: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    redone: Option<String>,
    standing_offers: Vec<OfferJson<'a>>,
}

#[derive(Serialize)]
struct OfferJson<'a> {
    action: &'a str,
    text: &'a str,
    actor_param: &'a str,
    params: &'a Params,
    actors: Vec<&'a str>,
    command: String,
}

fn offers_json<'a>(battle: &'a Battle, journal: &Path) -> Vec<OfferJson<'a>> {
    // The offers are those of an event the battle holds; borrow them from it.
    let Some(event) = battle.history().last_in_force() else {
        return Vec::new();
    };
    battle
        .standing_offers()
        .into_iter()
        .filter_map(|standing| {
            let offer = event.offers.iter().find(|o| **o == standing.offer)?;
            Some(OfferJson {
                action: &offer.action,
                text: &offer.text,
                actor_param: &offer.actor_param,
                params: &offer.params,
                actors: standing
                    .actors
                    .iter()
                    .map(|&u| battle.roster.units[u].id.as_str())
                    .collect(),
                command: offer_command(journal, offer),
            })
        })
        .collect()
}

#[derive(Serialize)]
struct StateJson<'a> {
    journal: String,
    title: &'a str,
    ruleset: &'static str,
    seed: u64,
    records: usize,
    turn: u32,
    /// The battle's last turn (the scenario's length, as extended), if it has one.
    turns: Option<u32>,
    /// True once the last turn is over.
    over: bool,
    /// The battle's result in the umpire's words, once recorded (`umpire result`).
    result: Option<&'a str>,
    /// The battle's account, side by side.
    summary: crate::battle::Summary,
    active_side: &'a str,
    /// True when both sides act in the current phase.
    simultaneous: bool,
    phase: &'a str,
    phase_name: &'static str,
    sides: Vec<SideJson<'a>>,
    formations: Vec<FormationJson<'a>>,
    units: Vec<UnitJson<'a>>,
    areas: Vec<AreaJson<'a>>,
    standing_offers: Vec<OfferJson<'a>>,
    undo: Option<&'a str>,
    redo: Option<&'a str>,
    set_aside: Option<String>,
}

#[derive(Serialize)]
struct SideJson<'a> {
    id: &'a str,
    name: &'a str,
    quality: &'a str,
    active: bool,
    counters: BTreeMap<String, i32>,
}

#[derive(Serialize)]
struct FormationJson<'a> {
    id: &'a str,
    name: &'a str,
    level: Option<&'a str>,
    side: &'a str,
    parent: Option<&'a str>,
    quality: &'a str,
    /// The turn the umpire added it, for a formation the scenario lacks.
    joined: Option<u32>,
    counters: BTreeMap<String, i32>,
}

#[derive(Serialize)]
struct UnitJson<'a> {
    id: &'a str,
    name: &'a str,
    side: &'a str,
    formation: Option<&'a str>,
    kind: &'a str,
    quality: &'a str,
    hits: u32,
    hit_limit: u32,
    removed: Option<&'a str>,
    /// Each marker as the journal writes it: a number, or the id of the unit it names.
    markers: BTreeMap<&'static str, MarkerValue<'a>>,
    /// Still behind a concealment stand (the umpire's and its own side's secret).
    /// When it arrives, while it is not yet on the table (a turn, or "umpire"); null once on it.
    arrives: Option<crate::model::Arrival>,
    /// The turn the umpire added it, for a unit the scenario lacks; else null.
    joined: Option<u32>,
    concealed: bool,
    badges: Vec<String>,
}

#[derive(Serialize)]
struct AreaJson<'a> {
    id: &'a str,
    kind: &'a str,
    label: &'a str,
    side: &'a str,
    turn: u32,
}

fn state_json<'a>(
    battle: &'a Battle,
    journal: &Path,
    seed: u64,
    torn: Option<&TornTail>,
) -> StateJson<'a> {
    let r = &battle.roster;
    let st = battle.state();
    let view = battle.view();
    StateJson {
        journal: shown(journal),
        title: battle.scenario.title(),
        ruleset: battle.ruleset.id(),
        seed,
        records: battle.history().entries().len(),
        turn: st.turn,
        turns: battle.state().turn_limit,
        over: battle.state().is_over(),
        result: st.result.as_deref(),
        summary: battle.summary(),
        active_side: &r.sides[st.active].id,
        simultaneous: battle.view().phase().is_some_and(|p| p.simultaneous),
        phase: &st.phase,
        phase_name: battle.current_phase_name(),
        sides: r
            .sides
            .iter()
            .enumerate()
            .map(|(s, side)| SideJson {
                id: &side.id,
                name: &side.name,
                quality: &side.quality,
                active: s == st.active,
                counters: counters_of(battle, &side.id),
            })
            .collect(),
        formations: r
            .formations
            .iter()
            .enumerate()
            // A formation added and since taken back is in no one's battle.
            .filter(|&(f, _)| view.formation_listed(f))
            .map(|(_, f)| FormationJson {
                id: &f.id,
                name: &f.name,
                level: f.level.as_deref(),
                side: &r.sides[f.side].id,
                parent: f.parent.map(|p| r.formations[p].id.as_str()),
                quality: &f.quality,
                joined: f.added,
                counters: counters_of(battle, &f.id),
            })
            .collect(),
        units: r
            .units
            .iter()
            .enumerate()
            .filter(|&(u, _)| st.units[u].listed())
            .map(|(u, info)| UnitJson {
                id: &info.id,
                name: &info.name,
                side: &r.sides[info.side].id,
                formation: info.formation.map(|f| r.formations[f].id.as_str()),
                kind: &info.kind,
                quality: &info.quality,
                hits: st.units[u].hits,
                hit_limit: info.hit_limit,
                removed: st.units[u].removed.as_deref(),
                arrives: st.units[u].awaited,
                joined: info.added,
                concealed: st.units[u].concealed,
                markers: st.units[u]
                    .markers
                    .iter()
                    .map(|(&id, &value)| {
                        let def = battle.ruleset.declaration().marker(id);
                        let shown = def.and_then(|d| view.marker_value(u, d));
                        (id, shown.unwrap_or(MarkerValue::Number(value)))
                    })
                    .collect(),
                badges: battle
                    .ruleset
                    .badges(&view, u)
                    .into_iter()
                    .map(|b| b.text)
                    .collect(),
            })
            .collect(),
        areas: st
            .areas
            .iter()
            .map(|(id, a)| AreaJson {
                id,
                kind: &a.kind,
                label: &a.label,
                side: &a.side,
                turn: a.turn,
            })
            .collect(),
        standing_offers: offers_json(battle, journal),
        undo: battle.undo_preview().map(|e| e.summary.as_str()),
        redo: battle.redo_preview().map(|e| e.summary.as_str()),
        set_aside: torn.map(TornTail::describe),
    }
}

/// Writes a value as pretty JSON, safe for a terminal ([`output::write_json`]).
fn write_json(out: &mut dyn Write, value: &impl Serialize) -> Result<(), Failure> {
    output::write_json(out, value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_battle_input_uses_a_flag_of_act() {
        for ruleset in crate::rules::registry() {
            for action in ruleset.actions().filter(|a| a.in_battle) {
                for p in action.params {
                    assert!(
                        !["dice", "json", "help"].contains(&p.name),
                        "{} {}: input --{} collides with a flag of `umpire act`",
                        ruleset.id(),
                        action.id,
                        p.name
                    );
                }
                action_command(action, Path::new("b.jsonl")).debug_assert();
            }
        }
    }

    #[test]
    fn json_escapes_what_could_rewrite_a_terminal() {
        let mut out = Vec::new();
        write_json(
            &mut out,
            &serde_json::json!({"a": "x\u{202e}y\u{1b}z\u{85}"}),
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains(r"x\u202ey\u001bz\u0085"), "{text}");
        let back: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(back["a"], "x\u{202e}y\u{1b}z\u{85}");
    }

    #[test]
    fn clap_errors_read_as_one_line() {
        let e = action_command(
            find_action(crate::rules::get("newport").unwrap(), "fire").unwrap(),
            Path::new("b.jsonl"),
        )
        .try_get_matches_from(["fire", "--rnage", "12"])
        .unwrap_err();
        let m = clap_message(&e);
        assert!(!m.contains('\n'), "{m}");
        assert!(m.contains("--rnage"), "{m}");
        assert!(m.contains("--range"), "{m}");
    }

    #[test]
    fn offers_are_taken_up_by_a_command_line() {
        let offer = Offer {
            action: "fire".into(),
            text: "opportunity fire".into(),
            actor_param: "firer".into(),
            params: Params::new()
                .with("target", Value::Text("1-2".into()))
                .with("trigger", Value::Text("moved".into()))
                .with("smoke", Value::Bool(false)),
        };
        assert_eq!(
            offer_command(Path::new("my battle.jsonl"), &offer),
            "umpire act 'my battle.jsonl' fire --firer ID --smoke=no --target 1-2 --trigger moved"
        );
    }
}
