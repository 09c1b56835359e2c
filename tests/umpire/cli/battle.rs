//! The battle from the command line, in-process: each test sets a battle up with the command line
//! itself (`umpire new`, then a script into `umpire act JOURNAL -`), runs one command, and checks
//! the battle that results (`umpire state --json`, or the journal replayed) and the journal's
//! bytes. Run in-process, not as child processes: a forked child holds the parent's open files
//! (and the journal locks of the tests running beside it) until it execs.
//!
//! The battle is Grid skirmish's crossroads. What Grid has none of is shown on Newport's company
//! action: the rolls of a phase change, the offers a fire leaves standing, a marker that holds a
//! turn, formations, area markers and counters; and the README's battle is Newport's. (Newport's
//! own procedures from the command line: `rules::newport::battle_cli`.)

use crate::support::cli::{GRID_CROSSROADS as ROSTER, NEWPORT_COMPANY, Run, run_in};
use crate::support::json;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tempfile::TempDir;
use umpire::battle::journal::Journal;
use umpire::battle::session::{self, Header, Record, Session};
use umpire::battle::{Command, Entry};
use umpire::declare::Params;
use umpire::dice::TypedDice;
use umpire::model::BattleState;
use umpire::ruleset::find_action;

fn umpire(args: &[&str]) -> Run {
    run_in("", args)
}

/// Runs and expects success with nothing on stderr; returns stdout.
fn ok(args: &[&str]) -> String {
    let r = umpire(args);
    assert_eq!(
        r.code,
        ExitCode::SUCCESS,
        "umpire {args:?}\nstdout:\n{}\nstderr:\n{}",
        r.out,
        r.err
    );
    assert!(r.err.is_empty(), "umpire {args:?}: {}", r.err);
    r.out
}

/// Runs and expects failure with `code`, nothing on stdout and `error:` lines; returns stderr.
fn fails(code: u8, args: &[&str]) -> String {
    let r = umpire(args);
    assert_eq!(
        r.code,
        ExitCode::from(code),
        "umpire {args:?}\nstdout:\n{}\nstderr:\n{}",
        r.out,
        r.err
    );
    assert!(r.out.is_empty(), "umpire {args:?} printed:\n{}", r.out);
    assert!(r.err.starts_with("error: "), "umpire {args:?}: {}", r.err);
    r.err
}

/// A battle in a fresh folder.
struct Given {
    dir: TempDir,
    path: PathBuf,
}

impl Given {
    /// `umpire new ROSTER --journal … --seed 7` (the crossroads), then `script` (if any) through
    /// `act JOURNAL -`.
    fn battle(script: &str) -> Given {
        Given::of(ROSTER, script)
    }

    /// The same with Newport's company action.
    fn newport(script: &str) -> Given {
        Given::of(NEWPORT_COMPANY, script)
    }

    /// The same with `roster`.
    fn of(roster: &str, script: &str) -> Given {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("battle.jsonl");
        let given = Given { dir, path };
        ok(&["new", roster, "--journal", given.j(), "--seed", "7"]);
        if !script.is_empty() {
            given.script(script);
        }
        given
    }

    fn j(&self) -> &str {
        self.path.to_str().expect("a UTF-8 path")
    }

    /// Runs a script that must succeed; returns its output.
    fn script(&self, text: &str) -> String {
        let r = run_in(text, &["act", self.j(), "-"]);
        assert_eq!(
            r.code,
            ExitCode::SUCCESS,
            "script:\n{text}\nstdout:\n{}\nstderr:\n{}",
            r.out,
            r.err
        );
        assert!(r.err.is_empty(), "{}", r.err);
        r.out
    }

    /// `umpire CMD JOURNAL ARGS…`.
    fn args<'a>(&'a self, cmd: &'a str, more: &[&'a str]) -> Vec<&'a str> {
        let mut v = vec![cmd, self.j()];
        v.extend_from_slice(more);
        v
    }

    fn ok(&self, cmd: &str, more: &[&str]) -> String {
        ok(&self.args(cmd, more))
    }

    fn bytes(&self) -> Vec<u8> {
        std::fs::read(&self.path).expect("the journal")
    }

    /// `umpire state JOURNAL --json`, parsed.
    fn state(&self) -> Value {
        json(&self.ok("state", &["--json"]))
    }

    /// Refused with `code`, the journal byte for byte as it was; returns stderr.
    fn refused(&self, code: u8, cmd: &str, more: &[&str]) -> String {
        let before = self.bytes();
        let err = fails(code, &self.args(cmd, more));
        assert!(
            self.bytes() == before,
            "umpire {cmd} {more:?} changed the journal"
        );
        assert_eq!(self.set_aside_files(), Vec::<PathBuf>::new());
        err
    }

    fn set_aside_files(&self) -> Vec<PathBuf> {
        let mut v: Vec<PathBuf> = std::fs::read_dir(self.dir.path())
            .expect("the folder")
            .map(|e| e.expect("an entry").path())
            .filter(|p| p.to_string_lossy().contains(".torn-"))
            .collect();
        v.sort();
        v
    }

    /// The journal's records, read and replayed as a reader would.
    fn replayed(&self) -> (Vec<Record>, BattleState) {
        let loaded = Journal::read::<Header, Record>(&self.path).expect("a readable journal");
        let records = loaded.entries.clone();
        let (battle, _) =
            session::replay(&self.path, &loaded.header, loaded.checks, loaded.entries)
                .expect("a journal that replays");
        (records, battle.state().clone())
    }
}

fn unit<'a>(state: &'a Value, id: &str) -> &'a Value {
    state["units"]
        .as_array()
        .expect("units")
        .iter()
        .find(|u| u["id"] == id)
        .unwrap_or_else(|| panic!("no unit {id} in {state}"))
}

/// Blue's first fire phase: `next` from the start (its move phase).
const FIRE_PHASE: &str = "next\n";
/// b1 fires at r1 with a typed 5 and 2: one hit.
const FIRE: &str = "fire --firer b1 --target r1 --range 2 --dice 5,2\n";
/// Newport's first action phase: `next` from the start.
const ACTION_PHASE: &str = "next\n";
/// In Newport, 1-1 fires at g11 at long range with a typed 2: Hit and Suppressed.
const NEWPORT_FIRE: &str = "fire --firer 1-1 --target g11 --range 12 --dice 2\n";

// ---- new -----------------------------------------------------------------------------------------

#[test]
fn new_starts_the_battle_and_says_how_to_go_on() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("b.jsonl");
    let j = path.to_str().unwrap();
    let out = ok(&["new", ROSTER, "--journal", j, "--seed", "42"]);
    for want in [
        "Started: The crossroads",
        "rule set: grid",
        "seed:     42\n",
        "turn 1 of 6 · Blue force · Move",
        "lists the procedures",
    ] {
        assert!(out.contains(want), "{want:?} in\n{out}");
    }
    assert!(out.contains(j), "{out}");
    let state = json(&ok(&["state", j, "--json"]));
    assert_eq!(state["seed"], 42);
    assert_eq!(state["records"], 1, "the start event");
    assert_eq!(state["turn"], 1);
    assert_eq!(state["turns"], 6);
    assert_eq!(state["phase"], "move");
    assert_eq!(state["active_side"], "blue");

    // A journal that exists is never overwritten.
    let before = std::fs::read(&path).unwrap();
    let err = fails(1, &["new", ROSTER, "--journal", j]);
    assert!(err.contains("already exists"), "{err}");
    assert_eq!(std::fs::read(&path).unwrap(), before);

    // Without --seed a fresh one is printed, and kept.
    let fresh = dir.path().join("fresh.jsonl");
    let out = ok(&["new", ROSTER, "--journal", fresh.to_str().unwrap()]);
    let seed: u64 = out
        .lines()
        .find_map(|l| l.trim().strip_prefix("seed:"))
        .and_then(|s| s.split_whitespace().next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("a seed in\n{out}"));
    assert!(out.contains("(fresh"), "{out}");
    let state = json(&ok(&["state", fresh.to_str().unwrap(), "--json"]));
    assert_eq!(state["seed"], seed);
}

#[test]
fn new_refuses_a_bad_scenario_one_located_error_a_line() {
    let dir = tempfile::tempdir().unwrap();
    let scenario = dir.path().join("bad.toml");
    std::fs::write(
        &scenario,
        "ruleset = \"grid\"\ntitle = \"Bad\"\n[[side]]\nid = \"a\"\nname = \"A\"\nqualty = \"green\"\n\
         [[side.unit]]\nid = \"x\"\nname = \"X\"\nkind = \"infantery\"\n",
    )
    .unwrap();
    let journal = dir.path().join("b.jsonl");
    let err = fails(
        1,
        &[
            "new",
            scenario.to_str().unwrap(),
            "--journal",
            journal.to_str().unwrap(),
        ],
    );
    let lines: Vec<&str> = err.lines().collect();
    assert!(lines.len() >= 2, "{err}");
    for line in &lines {
        assert!(line.starts_with("error: "), "{err}");
        assert!(line.contains("bad.toml:"), "{err}");
        assert!(!line.contains("\\u{a}"), "{err}");
    }
    assert!(err.contains("did you mean `infantry`"), "{err}");
    assert!(!journal.exists(), "no journal for a bad scenario");
}

// ---- act ---------------------------------------------------------------------------------------

#[test]
fn a_procedure_fires_with_the_programs_dice() {
    let given = Given::battle(FIRE_PHASE);
    let out = given.ok(
        "act",
        &["fire", "--firer", "b1", "--target", "r1", "--range", "2"],
    );
    assert!(out.starts_with("b1 fires at r1: "), "{out}");
    assert!(out.contains("infantry: 2 dice, each hits on 4+"), "{out}");
    assert!(out.contains("Recorded: "), "{out}");
    let (records, _) = given.replayed();
    let last = records.last().unwrap();
    assert_eq!(last.seq, 3);
    assert!(
        last.dice.unwrap().word_pos > 0,
        "the dice's position is kept"
    );
    assert_eq!(unit(&given.state(), "b1")["markers"]["fired"], 1);
}

#[test]
fn the_inputs_the_battle_fills_in_can_be_overridden_either_way() {
    let given = Given::battle(FIRE_PHASE);
    // Filled in: bt is a tank, so it throws three dice.
    let out = given.ok(
        "act",
        &[
            "fire", "--firer", "bt", "--target", "r1", "--range", "2", "--dice", "5,5,5",
        ],
    );
    assert!(out.contains("tank: 3 dice, each hits on 4+"), "{out}");
    given.ok("undo", &[]);
    // Overridden: the umpire says it fires as infantry.
    let out = given.ok(
        "act",
        &[
            "fire",
            "--firer",
            "bt",
            "--target",
            "r1",
            "--range",
            "2",
            "--firer-kind",
            "infantry",
            "--dice",
            "5,5",
        ],
    );
    assert!(out.contains("infantry: 2 dice, each hits on 4+"), "{out}");
    assert!(!out.contains("tank: 3 dice"), "{out}");
    // And a flag the battle does not set, set by hand.
    given.ok("undo", &[]);
    let out = given.ok(
        "act",
        &[
            "fire", "--firer", "b1", "--target", "r1", "--range", "2", "--cover", "--dice", "5,5",
        ],
    );
    assert!(out.contains("target in cover: one more"), "{out}");
}

#[test]
fn act_alone_lists_the_procedures_and_help_lists_the_inputs() {
    let given = Given::battle("");
    let out = given.ok("act", &[]);
    assert!(out.contains("  fire  A unit fires"), "{out}");
    let out = given.ok("act", &["fire", "--help"]);
    for want in [
        "Usage: umpire act",
        "--firer <UNIT>",
        "--target <UNIT>",
        "--range <1..48>",
        "--cover",
        "Filled in from the battle",
        "--firer-kind <infantry|tank>",
        "--dice <FACES>",
        "--json",
    ] {
        assert!(out.contains(want), "{want:?} in\n{out}");
    }
    // Help needs no lock: it is there while the battle is open elsewhere.
    let (_held, _) = Session::open(&given.path).unwrap();
    let out = given.ok("act", &["fire", "-h"]);
    assert!(out.contains("--firer <UNIT>"), "{out}");
    assert!(given.ok("act", &[]).contains("fire "));
}

// ---- refusals ------------------------------------------------------------------------------------

#[test]
fn every_refusal_leaves_the_journal_byte_for_byte() {
    let given = Given::battle(&format!("{FIRE_PHASE}{FIRE}"));
    // (exit status, the command after `umpire` with the journal left out, what stderr says)
    #[rustfmt::skip]
    let cases: &[(u8, &str, &str)] = &[
        // What cannot be understood: exit 2.
        (2, "act fier --firer b2", "did you mean `fire`"),
        (2, "act --firer b2", "name a procedure"),
        (2, "act undo", "`undo` is a command of its own"),
        (2, "act fire --firer b-x --target r1 --range 2", "no unit `b-x`"),
        (2, "act fire --firer b2 --target r1 --rnage 2", "'--range'"),
        (2, "act fire --firer b2 --target r1 --range two", "--range \"two\": expected a whole number from 1 to 48"),
        (2, "act fire --firer b2 --target r1 --range 2 --firer-kind tnak", "did you mean `tank`"),
        (2, "act fire --firer b2 --target r1 --range 2 --cover=maybe", "--cover \"maybe\": expected yes or no"),
        (2, "act fire --firer b2 --target r1", "--range is required"),
        (2, "act fire --firer b2 --target r1 --range 2 --dice 7 1", "7 is not a face of a d6"),
        (2, "act fire --firer b2 --target r1 --range 2 --dice -1", "-1 is not a face of a d6"),
        (2, "act fire --firer b2 --target r1 --range 2 --dice 3 4 5", "1 typed face(s) were not used (5)"),
        (2, "act fire --firer b2 --target r1 --range 2 --dice 3,x", "cannot read \"3,x\" as dice faces"),
        (2, "act fire --firer b2 --target r1 --range 2 --dice 3", "not enough dice typed (1 face(s) given): the next is a d6 for b2 fires: hits on 4+"),
        (2, "mark b2 fird", "did you mean `fired`"),
        (2, "mark b-x fired", "no unit `b-x`"),
        (2, "mark b2 fired soon", "VALUE \"soon\""),
        (2, "mark b2 fired 1 --clear", "cannot be used with"),
        (2, "hits r1 two", "N \"two\""),
        (2, "hits r1 -1", "N \"-1\""),
        (2, "hits r-x 1", "no unit `r-x`"),
        (2, "next --dice 0 0 0 0", "not used"),
        (2, "note", "required"),
        // What the rules or the battle refuse: exit 1.
        (1, "act fire --firer b2 --target b1 --range 2", "is a friend: fire at the enemy"),
        (1, "act fire --firer b1 --target r1 --range 2", "has fired this turn"),
        (1, "hits r1 3", "takes at most 2 hit(s)"),
        (1, "mark b2 fired 2", "cannot hold 2"),
        (1, "note '  '", "the note is empty"),
        (1, "note 'a\u{1b}[2Jb'", "control character"),
        (1, "redo", "nothing to redo"),
    ];
    for (code, line, want) in cases {
        let words = shlex::split(line).expect("a command line");
        let more: Vec<&str> = words[1..].iter().map(String::as_str).collect();
        let err = given.refused(*code, &words[0], &more);
        assert!(err.contains(want), "umpire {line}: {want:?} in {err}");
        assert!(!err.contains('\u{1b}'), "escaped: {err:?}");
    }
    assert_eq!(given.state()["records"], 3, "nothing was recorded");
    // A note is a few paragraphs at most: a 20 MB note is refused, not stored twice.
    let long = "word ".repeat(801);
    let err = given.refused(1, "note", &[long.as_str()]);
    assert!(err.contains("a note holds at most 4000"), "{err}");
    given.ok("note", &[&long[..4000]]);
}

#[test]
fn nothing_to_undo_at_the_start() {
    let given = Given::battle("");
    let err = given.refused(1, "undo", &[]);
    assert!(err.contains("nothing to undo"), "{err}");
    let err = given.refused(1, "redo", &[]);
    assert!(err.contains("nothing to redo"), "{err}");
}

#[test]
fn a_locked_journal_is_refused_but_its_state_can_be_read() {
    let given = Given::battle(&format!("{FIRE_PHASE}{FIRE}"));
    let (held, _) = Session::open(&given.path).expect("the battle opens");
    for (cmd, args) in [
        (
            "act",
            &["fire", "--firer", "b2", "--target", "r1", "--range", "2"][..],
        ),
        ("next", &[][..]),
        ("undo", &[][..]),
        ("note", &["hello"][..]),
        ("mark", &["b2", "fired"][..]),
        ("hits", &["r1", "2"][..]),
    ] {
        let err = given.refused(1, cmd, args);
        assert!(
            err.contains("another umpire process has this battle open"),
            "{cmd}: {err}"
        );
    }
    let before = given.bytes();
    let r = run_in("note hello\n", &["act", given.j(), "-"]);
    assert_eq!(r.code, ExitCode::from(1), "{}", r.err);
    assert!(r.err.contains("another umpire process"), "{}", r.err);
    assert_eq!(given.bytes(), before);

    // `state` takes no lock.
    let state = given.state();
    assert_eq!(state["records"], 3);
    assert_eq!(unit(&state, "r1")["hits"], 1);
    let text = given.ok("state", &[]);
    assert!(text.contains("Red Rifles"), "{text}");
    drop(held);
    given.ok("note", &["now", "it", "is", "free"]);
}

#[test]
fn a_damaged_or_missing_journal_is_refused_naming_it() {
    let given = Given::battle(&format!("{FIRE_PHASE}{FIRE}note one\nnote two\n"));
    let mut bytes = given.bytes();
    let text = String::from_utf8(bytes.clone()).unwrap();
    // A letter of line 3 changed: its checksum no longer matches.
    let line3 = text
        .split_inclusive('\n')
        .take(2)
        .map(str::len)
        .sum::<usize>();
    let at = line3 + text[line3..].find("Blue force").unwrap();
    bytes[at] = b'b';
    std::fs::write(&given.path, &bytes).unwrap();
    for (cmd, args) in [
        (
            "act",
            &["fire", "--firer", "b2", "--target", "r1", "--range", "2"][..],
        ),
        ("next", &[][..]),
        ("state", &[][..]),
        ("act", &[][..]),
    ] {
        let err = given.refused(1, cmd, args);
        assert!(err.contains("battle.jsonl:3:"), "{cmd}: {err}");
        assert!(err.contains("damaged"), "{cmd}: {err}");
    }
    // Asked for JSON, the failure is JSON on standard output.
    let r = umpire(&["state", given.j(), "--json"]);
    assert_eq!(r.code, ExitCode::from(1));
    assert!(r.err.is_empty(), "{}", r.err);
    let shown = json(&r.out);
    assert_eq!(shown["kind"], "failed");
    let error = shown["error"].as_str().unwrap();
    assert!(
        error.contains("battle.jsonl:3:") && error.contains("damaged"),
        "{error}"
    );
    let before = given.bytes();
    let r = run_in("note x\n", &["act", given.j(), "-"]);
    assert_eq!(r.code, ExitCode::from(1));
    assert!(r.err.contains(":3:"), "{}", r.err);
    assert_eq!(given.bytes(), before);

    let missing = given.dir.path().join("missing.jsonl");
    let m = missing.to_str().unwrap();
    for args in [
        &["act", m, "fire", "--firer", "b1"][..],
        &["act", m][..],
        &["state", m][..],
        &["undo", m][..],
        &["note", m, "x"][..],
    ] {
        let err = fails(1, args);
        assert!(err.contains("missing.jsonl"), "{err}");
        assert!(!missing.exists(), "umpire {args:?} created the journal");
    }
}

#[test]
fn a_bad_last_line_stays_through_a_refusal_and_is_set_aside_by_the_next_record() {
    let given = Given::battle(FIRE_PHASE);
    let mut bytes = given.bytes();
    let tail = b"{\"crc\":\"0000";
    bytes.extend_from_slice(tail);
    std::fs::write(&given.path, &bytes).unwrap();

    // Refused: the unfinished line is still there, byte for byte.
    given.refused(1, "redo", &[]);
    given.refused(2, "mark", &["b1", "fird"]);
    given.refused(
        1,
        "act",
        &["fire", "--firer", "b2", "--target", "b1", "--range", "2"],
    );
    let r = run_in(
        "fire --firer b2 --target b1 --range 2\n",
        &["act", given.j(), "-"],
    );
    assert_eq!(r.code, ExitCode::from(1));
    assert_eq!(given.bytes(), bytes);

    // Read: mentioned, left out, left in the file.
    let r = umpire(&["state", given.j(), "--json"]);
    assert_eq!(r.code, ExitCode::SUCCESS, "{}", r.err);
    assert!(
        r.err
            .starts_with("warning: an unfinished last line (line 4"),
        "{}",
        r.err
    );
    let state = json(&r.out);
    assert_eq!(state["records"], 2);
    assert!(
        state["set_aside"].as_str().unwrap().contains("is left out"),
        "{state}"
    );
    assert_eq!(given.bytes(), bytes);

    // Accepted: set aside first, with a warning, then the record.
    let r = umpire(&["note", given.j(), "carry", "on"]);
    assert_eq!(r.code, ExitCode::SUCCESS, "{}", r.err);
    assert!(
        r.err
            .starts_with("warning: an unfinished last line (line 4, 12 bytes"),
        "{}",
        r.err
    );
    assert!(r.err.contains("was set aside in"), "{}", r.err);
    let set_aside = given.set_aside_files();
    assert_eq!(set_aside.len(), 1);
    assert_eq!(std::fs::read(&set_aside[0]).unwrap(), tail);
    let (records, _) = given.replayed();
    assert_eq!(records.len(), 3);
    assert!(matches!(&records[2].entry, Entry::Event(e) if e.summary == "Note: carry on"));
    let r = umpire(&["state", given.j()]);
    assert!(r.err.is_empty(), "nothing left to mention: {}", r.err);
}

// ---- next, undo, redo, mark, hits, note --------------------------------------------------------

#[test]
fn next_lists_the_automatic_steps_and_rolls() {
    let given = Given::newport("");
    let out = given.ok("next", &[]);
    assert!(
        out.starts_with(
            "Remove Finished → turn 1, B Company, 1st Battalion, 116th Infantry, Action\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("Steps:\n  Turn 1: B Company, 1st Battalion, 116th Infantry\n    Finished markers removed"),
        "{out}"
    );
    assert_eq!(given.state()["phase"], "action");

    // The end of the turn: 1-2 is Suppressed, so its morale check rolls, here with typed dice.
    given.script(&format!("{NEWPORT_FIRE}mark 1-2 suppressed\n"));
    given.refused(2, "next", &["--dice", "6", "6"]);
    let out = given.ok("next", &["--dice", "0", "--json"]);
    let shown = json(&out);
    assert_eq!(shown["record"]["kind"], "advance");
    let notes: Vec<&str> = shown["record"]["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect();
    assert!(
        notes.iter().any(|n| n.contains("morale recovery")),
        "{notes:?}"
    );
    assert_eq!(
        shown["record"]["resolutions"][0]["steps"][0]["dice"][0]["face"],
        10
    );
    let state = given.state();
    assert_eq!(state["active_side"], "ger");
    assert_eq!(state["turn"], 1);
}

#[test]
fn undo_and_redo_say_what_they_take_back_and_put_back() {
    let given = Given::newport(&format!("{ACTION_PHASE}{NEWPORT_FIRE}"));
    let summary =
        "1st Squad, 1st Platoon (1-1) fires at 1. Gruppe, 1. Zug (g11): Suppressed, 1 hit (1 of 3)";
    let out = given.ok("undo", &[]);
    assert!(out.starts_with(&format!("undone: {summary}\n")), "{out}");
    assert!(out.contains("Now: turn 1 of 12"), "{out}");
    let state = given.state();
    assert_eq!(unit(&state, "g11")["hits"], 0);
    assert_eq!(state["redo"], summary);
    assert_eq!(state["standing_offers"], serde_json::json!([]));

    let shown = json(&given.ok("redo", &["--json"]));
    assert_eq!(shown["redone"], summary);
    assert_eq!(shown["record"]["entry"], "redo");
    assert_eq!(shown["audience"], "everyone");
    assert_eq!(shown["standing_offers"][0]["params"]["target"], "1-1");
    let state = given.state();
    assert_eq!(unit(&state, "g11")["hits"], 1);
    assert_eq!(state["undo"], summary);
    assert_eq!(state["redo"], Value::Null);

    let shown = json(&given.ok("undo", &["--json"]));
    assert_eq!(shown["undone"], summary);
    assert_eq!(shown["record"]["entry"], "undo");
}

#[test]
fn markers_hits_and_notes_by_hand() {
    let given = Given::newport(ACTION_PHASE);
    let out = given.ok("mark", &["1-2", "suppressed"]);
    assert!(
        out.starts_with("2nd Squad, 1st Platoon (1-2): SUP set by hand\n"),
        "{out}"
    );
    given.ok("mark", &["g1l", "returns", "5"]);
    given.ok("mark", &["1-3", "paralyzed", "1"]);
    let state = given.state();
    assert_eq!(unit(&state, "1-2")["markers"]["suppressed"], 1);
    assert_eq!(unit(&state, "g1l")["markers"]["returns"], 5);
    assert_eq!(
        unit(&state, "g1l")["badges"],
        serde_json::json!(["BACK T5"])
    );
    assert_eq!(unit(&state, "1-3")["markers"]["paralyzed"], 1);
    let text = given.ok("state", &[]);
    assert!(text.contains("BACK T5"), "{text}");

    let out = given.ok("mark", &["1-2", "suppressed", "--clear"]);
    assert!(out.contains("SUP cleared by hand"), "{out}");
    assert_eq!(
        unit(&given.state(), "1-2")["markers"],
        serde_json::json!({})
    );

    given.ok("hits", &["g11", "2"]);
    assert_eq!(unit(&given.state(), "g11")["hits"], 2);
    let out = given.ok("hits", &["g11", "3"]);
    assert!(out.contains("— removed"), "{out}");
    let state = given.state();
    assert_eq!(unit(&state, "g11")["removed"], "hits set by hand");
    assert!(given.ok("state", &[]).contains("OUT (hits set by hand)"));

    let shown = json(&given.ok("mark", &["1-3", "paralyzed", "--clear", "--json"]));
    assert_eq!(shown["record"]["kind"], "edit");
    assert_eq!(
        shown["record"]["effects"],
        serde_json::json!([{"set": "marker", "unit": "1-3", "marker": "paralyzed", "value": null}])
    );
    let shown = json(&given.ok("hits", &["1-3", "1", "--json"]));
    assert_eq!(
        shown["record"]["effects"],
        serde_json::json!([{"set": "hits", "unit": "1-3", "hits": 1}])
    );

    let shown = json(&given.ok("note", &["--json", "Smoke", "drifts", "east"]));
    assert_eq!(shown["record"]["kind"], "note");
    assert_eq!(shown["record"]["text"], "Smoke drifts east");
    let out = given.ok("note", &["--", "-3", "men", "lost"]);
    assert!(out.starts_with("Note: -3 men lost\n"), "{out}");
}

// ---- state -------------------------------------------------------------------------------------

#[test]
fn state_shows_every_unit_counter_offer_and_what_undo_would_do() {
    let given = Given::newport(&format!("{ACTION_PHASE}{NEWPORT_FIRE}"));
    let text = given.ok("state", &[]);
    for want in [
        "Hedgerow at La Forge — newport, journal ",
        "(3 records, seed 7)",
        "Turn 1 of 12 · B Company, 1st Battalion, 116th Infantry · Action",
        "B Company, 1st Battalion, 116th Infantry (us, regular) — its turn",
        "  1st Platoon (1-plt, platoon, green)",
        "1-1    hits 0/3  1st Squad, 1st Platoon  FIN",
        "g11    hits 1/3  1. Gruppe, 1. Zug  SUP",
        "81mm       hits -    81mm Mortar Platoon",
        "Offers standing:",
        "Undo would take back: 1st Squad, 1st Platoon (1-1) fires at",
        "Nothing to redo",
    ] {
        assert!(text.contains(want), "{want:?} in\n{text}");
    }

    let state = given.state();
    for key in [
        "journal",
        "title",
        "ruleset",
        "seed",
        "records",
        "turn",
        "turns",
        "active_side",
        "phase",
        "phase_name",
        "sides",
        "formations",
        "units",
        "areas",
        "standing_offers",
        "undo",
        "redo",
        "set_aside",
    ] {
        assert!(state.get(key).is_some(), "no {key} in {state}");
    }
    let roster = umpire::scenario::load(Path::new(NEWPORT_COMPANY)).unwrap();
    assert_eq!(
        state["units"].as_array().unwrap().len(),
        roster.file.units().len()
    );
    assert_eq!(state["sides"][0]["active"], true);
    assert_eq!(state["sides"][1]["id"], "ger");
    let plt = state["formations"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["id"] == "1-plt")
        .unwrap();
    assert_eq!(plt["parent"], "b-coy");
    assert_eq!(plt["quality"], "green");
    let one = unit(&state, "1-1");
    assert_eq!(one["formation"], "1-plt");
    assert_eq!(one["hit_limit"], 3);
    assert_eq!(one["removed"], Value::Null);
    assert_eq!(unit(&state, "81mm")["formation"], Value::Null);
}

#[test]
fn state_shows_the_area_markers() {
    let given = Given::newport(ACTION_PHASE);
    given.ok(
        "act",
        &[
            "smoke",
            "--asset",
            "60mm",
            "--spotter",
            "1-ldr",
            "--area",
            "the orchard",
        ],
    );
    let state = given.state();
    let areas = state["areas"].as_array().unwrap();
    assert_eq!(areas.len(), 1, "{state}");
    assert_eq!(areas[0]["kind"], "smoke");
    assert_eq!(areas[0]["label"], "the orchard");
    assert_eq!(areas[0]["side"], "us");
    assert_eq!(areas[0]["turn"], 1);
    let text = given.ok("state", &[]);
    assert!(text.contains("Area markers:\n  "), "{text}");
    assert!(
        text.contains(": smoke on the orchard, laid by us on turn 1"),
        "{text}"
    );
}

#[test]
fn state_shows_the_counters_of_a_battalion_game() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bn.jsonl");
    let j = path.to_str().unwrap();
    let roster = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/rosters/newport-battalion-action.toml"
    );
    ok(&["new", roster, "--journal", j, "--seed", "3"]);
    ok(&["next", j]);
    let state = json(&ok(&["state", j, "--json"]));
    let with_points: Vec<&Value> = state["formations"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["counters"].get("cp").is_some())
        .collect();
    assert!(!with_points.is_empty(), "{state}");
    let text = ok(&["state", j]);
    assert!(text.contains("— CP "), "{text}");
}

// ---- scripts -----------------------------------------------------------------------------------

#[test]
fn a_script_carries_out_every_line_in_order() {
    let given = Given::battle("");
    let out = given.script(
        "# the first turn\n\
         next\n\
         \n\
         act fire --firer b1 --target r1 --range 2 --dice 5,2\n\
         fire --firer b2 --target rt1 --range 8 --cover --dice 6,1   # a six hits\n\
         note 'Smoke drifts east'\n\
         note Smoke \"drifts  west\"\n\
         mark bt fired\n\
         hits rt2 1\n\
         undo\n\
         redo\n\
         state\n\
         state --json\n",
    );
    for want in [
        "Move → turn 1",
        "b1 fires at r1: 1 hit\n",
        "b2 fires at rt1: 1 hit\n",
        "Note: Smoke drifts east\n",
        "Note: Smoke drifts  west\n",
        "Blue tank (bt): FIRED set by hand",
        "undone: Red tank two (rt2): hits set to 1 by hand",
        "redone: Red tank two (rt2): hits set to 1 by hand",
        "The crossroads — grid",
    ] {
        assert!(out.contains(want), "{want:?} in\n{out}");
    }
    // Each output is separated from the next by a blank line; the JSON state closes it.
    assert!(out.contains("\n\nNote: Smoke drifts east\n"), "{out}");
    let last = &out[out.rfind("\n\n{").expect("the JSON state") + 2..];
    let state = json(last);
    assert_eq!(state["records"], 10);
    assert_eq!(unit(&state, "rt2")["hits"], 1);
    assert_eq!(unit(&state, "bt")["markers"]["fired"], 1);
    assert_eq!(state, given.state());
}

#[test]
fn a_script_stops_at_the_first_refusal_and_names_its_line() {
    let script = "next\n\
                  note one\n\
                  # a comment\n\
                  fire --firer b1 --target b2 --range 2\n\
                  note never\n";
    let given = Given::battle("");
    let r = run_in(script, &["act", given.j(), "-"]);
    assert_eq!(r.code, ExitCode::from(1), "{}", r.err);
    assert_eq!(
        r.err.lines().collect::<Vec<_>>(),
        ["error: line 4: 2nd Rifles (b2) is a friend: fire at the enemy"]
    );
    assert!(r.out.contains("Note: one"), "{}", r.out);
    assert!(!r.out.contains("never"), "{}", r.out);
    let (records, _) = given.replayed();
    assert_eq!(records.len(), 3, "the start, next and the first note");

    // (script, exit status, stderr, how many of its lines were recorded before the refusal)
    #[rustfmt::skip]
    let cases: &[(&str, u8, &str, usize)] = &[
        ("note a\nfire --firer b1 --rnage 4\n", 2, "error: line 2: unexpected argument '--rnage' found (tip: a similar argument exists: '--range')", 1),
        ("note a\n\nfier --firer b1\n", 2, "error: line 3: no procedure `fier` in grid (did you mean `fire`?)", 1),
        ("note a\nnote 'unclosed\n", 2, "error: line 2: cannot split the line", 1),
        ("note a\nnew x.toml\n", 2, "error: line 2: `new` is not a battle command", 1),
        ("note a\nact - \n", 2, "error: line 2: a script cannot read another script", 1),
        ("note a\nundo\nundo\nundo\n", 1, "error: line 4: nothing to undo", 3),
        ("note a\nnext --dice 3 3\n", 2, "error: line 2: 2 typed face(s) were not used", 1),
        ("note a\nmark b1 fird\n", 2, "error: line 2: no marker `fird` in grid (did you mean `fired`?)", 1),
        ("note a\nhits b1\n", 2, "error: line 2: the following required arguments were not provided: <N>", 1),
    ];
    for &(script, code, want, done) in cases {
        let given = Given::battle(FIRE_PHASE);
        let before = given.replayed().0.len();
        let r = run_in(script, &["act", given.j(), "-"]);
        assert_eq!(r.code, ExitCode::from(code), "{script:?}: {}", r.err);
        assert!(r.err.starts_with(want), "{script:?}: {want:?} in {}", r.err);
        assert_eq!(r.err.lines().count(), 1, "{}", r.err);
        let (records, _) = given.replayed();
        assert_eq!(
            records.len(),
            before + done,
            "{script:?}: the lines before the refusal stay done"
        );
    }
}

#[test]
fn a_script_may_ask_for_help_and_be_empty() {
    let given = Given::battle("");
    let out = given.script("fire --help\nnext --help\n");
    assert!(out.contains("--firer <UNIT>"), "{out}");
    assert!(out.contains("End the phase"), "{out}");
    assert_eq!(given.state()["records"], 1);
    assert_eq!(given.script(""), "");
    assert_eq!(given.script("# nothing\n\n   \n"), "");
    let before = given.bytes();
    let err = given.refused(2, "act", &["-", "extra"]);
    assert!(err.contains("standard input"), "{err}");
    assert_eq!(given.bytes(), before);
}

// ---- the same battle, by the command line and by the session -------------------------------------

/// A short battle: what the command line is given, and the same as the session's commands (with
/// the inputs given, and the typed faces if any).
/// A procedure and the inputs given to it, as text.
type Procedure = (&'static str, &'static [(&'static str, &'static str)]);

const BATTLE: &[(&str, Option<Procedure>, Option<&str>)] = &[
    ("next", None, None),
    (
        "fire --firer b1 --target r1 --range 2 --dice 5,2",
        Some(("fire", &[("firer", "b1"), ("target", "r1"), ("range", "2")])),
        Some("5,2"),
    ),
    (
        "fire --firer bt --target rt1 --range 8",
        Some((
            "fire",
            &[("firer", "bt"), ("target", "rt1"), ("range", "8")],
        )),
        None,
    ),
    ("note Smoke drifts east", None, None),
    ("mark rt2 fired", None, None),
    ("hits rt2 1", None, None),
    ("undo", None, None),
    ("redo", None, None),
    (
        "fire --firer b2 --target rt2 --range 3 --cover",
        Some((
            "fire",
            &[
                ("firer", "b2"),
                ("target", "rt2"),
                ("range", "3"),
                ("cover", "yes"),
            ],
        )),
        None,
    ),
    ("next", None, None),
    ("next", None, None),
    (
        "fire --firer rt2 --target b1 --range 4",
        Some((
            "fire",
            &[("firer", "rt2"), ("target", "b1"), ("range", "4")],
        )),
        None,
    ),
    ("next", None, None),
];

fn session_command(session: &Session, line: &str, act: Option<Procedure>) -> Command {
    if let Some((action, given)) = act {
        let def = find_action(session.battle().ruleset, action).unwrap();
        let mut params = Params::new();
        for (name, text) in given {
            let p = def.params.iter().find(|p| p.name == *name).unwrap();
            params.set(name, p.parse(text).unwrap());
        }
        return Command::Act {
            action: action.into(),
            params: session.battle().prefill(action, &params).unwrap(),
        };
    }
    let words: Vec<&str> = line.split_whitespace().collect();
    match words[0] {
        "next" => Command::Advance,
        "undo" => Command::Undo,
        "redo" => Command::Redo,
        "note" => Command::Note {
            text: words[1..].join(" "),
            private: false,
        },
        "mark" => Command::SetMarker {
            unit: words[1].into(),
            marker: words[2].into(),
            value: Some(words.get(3).map_or(1, |v| v.parse().unwrap())),
        },
        "hits" => Command::SetHits {
            unit: words[1].into(),
            hits: words[2].parse().unwrap(),
        },
        other => panic!("not in the battle: {other}"),
    }
}

#[test]
fn a_battle_by_the_command_line_is_the_battle_by_the_session() {
    let by_cli = Given::battle("");
    let script: String = BATTLE
        .iter()
        .map(|(line, ..)| format!("{line}\n"))
        .collect();
    by_cli.script(&script);

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("session.jsonl");
    let scenario = umpire::scenario::load(Path::new(ROSTER)).unwrap();
    let mut session = Session::create(scenario, &path, 7, chrono::Utc::now()).unwrap();
    for (line, act, dice) in BATTLE {
        let cmd = session_command(&session, line, *act);
        let typed = dice.map(|d| TypedDice::parse(d).unwrap());
        session
            .execute(&cmd, typed, chrono::Utc::now())
            .unwrap_or_else(|e| panic!("{line}: {e}"));
    }
    let direct_state = session.battle().state().clone();
    drop(session);

    let (cli_records, cli_state) = by_cli.replayed();
    let loaded = Journal::read::<Header, Record>(&path).unwrap();
    let (session_battle, _) =
        session::replay(&path, &loaded.header, loaded.checks, loaded.entries.clone()).unwrap();
    assert_eq!(cli_records.len(), loaded.entries.len());
    for (a, b) in cli_records.iter().zip(&loaded.entries) {
        assert_eq!(a.seq, b.seq);
        assert_eq!(a.dice, b.dice, "record {}: the dice stand alike", a.seq);
        assert_eq!(a.entry, b.entry, "record {}", a.seq);
    }
    assert_eq!(cli_state, direct_state);
    assert_eq!(&cli_state, session_battle.state());
    assert_eq!((cli_state.turn, cli_state.phase.as_str()), (2, "move"));
}

// ---- the README ----------------------------------------------------------------------------------

/// The scripted battle in README.md is what the program prints: each `$ umpire …` of the section
/// is run (a here-document as its standard input) and its output compared, line for line, with
/// the lines the README shows (where it cuts the output with `…`, the lines it keeps appear in
/// order).
#[test]
fn the_readme_battle_is_what_the_program_prints() {
    readme_battle(
        "### The battle from the command line",
        "rosters/newport-company-action.toml",
        3,
    );
}

/// The README's Scruby battle, with its concealed column exposed, likewise.
#[test]
fn the_readme_scruby_battle_is_what_the_program_prints() {
    readme_battle("### A Scruby battle", "rosters/scruby-learning.toml", 4);
}

/// Runs the first console block of the README section `title`, whose battle is of `roster`, and
/// compares what each of its `commands` prints.
fn readme_battle(title: &str, roster: &str, expected: usize) {
    let readme = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"));
    let section = &readme[readme.find(title).expect("the README section")..];
    let block = section
        .split("```console\n")
        .nth(1)
        .and_then(|b| b.split("\n```").next())
        .expect("a console block");
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("battle.jsonl");
    let here = |text: &str| {
        text.replace(roster, &format!("{}/{roster}", env!("CARGO_MANIFEST_DIR")))
            .replace("battle.jsonl", journal.to_str().unwrap())
    };
    let mut lines = block.lines().peekable();
    let mut commands = 0;
    while let Some(line) = lines.next() {
        let command = line.strip_prefix("$ umpire ").expect("a command");
        let mut input = String::new();
        let command = match command.strip_suffix(" <<'EOF'") {
            Some(c) => {
                for l in lines.by_ref().take_while(|l| *l != "EOF") {
                    input.push_str(l);
                    input.push('\n');
                }
                c
            }
            None => command,
        };
        let mut shown = Vec::new();
        while let Some(l) = lines.next_if(|l| !l.starts_with("$ ")) {
            shown.push(here(l));
        }
        while shown.last().is_some_and(String::is_empty) {
            shown.pop();
        }
        let words = shlex::split(&here(command)).expect("a command line");
        let args: Vec<&str> = words.iter().map(String::as_str).collect();
        let r = run_in(&input, &args);
        assert_eq!(r.code, ExitCode::SUCCESS, "umpire {command}: {}", r.err);
        let printed: Vec<&str> = r.out.lines().collect();
        if shown.iter().any(|l| l.trim() == "…") {
            let mut rest = printed.iter();
            for want in shown.iter().filter(|l| l.trim() != "…" && !l.is_empty()) {
                assert!(
                    rest.any(|l| l == want),
                    "umpire {command}: {want:?} is not printed (in this order):\n{}",
                    r.out
                );
            }
        } else {
            assert_eq!(printed, shown, "umpire {command}");
        }
        commands += 1;
    }
    assert_eq!(commands, expected, "{title}");
}

// ---- refusals in JSON ----------------------------------------------------------------------------

/// Runs and expects a JSON failure on stdout with `code` and `kind`, nothing on stderr; returns
/// its message.
fn fails_json(code: u8, kind: &str, args: &[&str]) -> String {
    let r = umpire(args);
    assert_eq!(
        r.code,
        ExitCode::from(code),
        "umpire {args:?}\nstdout:\n{}\nstderr:\n{}",
        r.out,
        r.err
    );
    assert!(r.err.is_empty(), "umpire {args:?}: {}", r.err);
    let v = json(&r.out);
    assert_eq!(v["kind"], kind, "{}", r.out);
    assert_eq!(v["exit_status"], code, "{}", r.out);
    v["error"].as_str().expect("an error message").to_string()
}

#[test]
fn a_battle_command_given_json_answers_its_refusal_in_json() {
    let given = Given::battle(&format!("{FIRE_PHASE}{FIRE}"));
    let before = given.bytes();
    // Refused by the rules.
    let e = fails_json(
        1,
        "refused",
        &given.args(
            "act",
            &[
                "fire", "--firer", "b1", "--target", "r1", "--range", "2", "--json",
            ],
        ),
    );
    assert!(e.contains("has fired this turn"), "{e}");
    // Not understood: an unknown unit, an unknown flag, a bad marker, unused dice.
    let e = fails_json(
        2,
        "usage",
        &given.args(
            "act",
            &["fire", "--firer", "b-9", "--target", "r1", "--json"],
        ),
    );
    assert!(e.contains("no unit `b-9`"), "{e}");
    let e = fails_json(
        2,
        "usage",
        &given.args("act", &["fire", "--json", "--rnage", "2"]),
    );
    assert!(e.contains("--rnage"), "{e}");
    fails_json(2, "usage", &given.args("mark", &["b1", "fird", "--json"]));
    fails_json(2, "usage", &given.args("next", &["--dice", "5", "--json"]));
    assert!(given.bytes() == before, "a refusal writes nothing");
    // Not possible.
    given.ok("undo", &[]);
    given.ok("undo", &[]);
    let undone = given.bytes();
    let e = fails_json(1, "failed", &given.args("undo", &["--json"]));
    assert!(e.contains("nothing to undo"), "{e}");
    assert!(given.bytes() == undone, "a refusal writes nothing");
    let missing = given.dir.path().join("missing.jsonl");
    let e = fails_json(1, "failed", &["state", missing.to_str().unwrap(), "--json"]);
    assert!(e.contains("missing.jsonl"), "{e}");
    // Without --json, error lines on stderr as ever.
    given.refused(
        1,
        "act",
        &["fire", "--firer", "b1", "--target", "r1", "--range", "2"],
    );
}

#[test]
fn a_script_line_given_json_answers_its_refusal_in_json() {
    let given = Given::battle(FIRE_PHASE);
    let r = run_in(
        &format!("{FIRE}fire --firer b1 --target rt1 --range 2 --json\nnote never\n"),
        &["act", given.j(), "-"],
    );
    assert_eq!(r.code, ExitCode::from(1), "{}\n{}", r.out, r.err);
    assert!(r.err.is_empty(), "{}", r.err);
    // The first line's text, a blank line, then the JSON answer of line 2.
    let (first, answer) = r.out.rsplit_once("\n\n").expect("two outputs");
    assert!(first.contains("b1 fires at r1"), "{first}");
    let v = json(answer);
    assert_eq!(v["kind"], "refused");
    assert!(
        v["error"].as_str().unwrap().starts_with("line 2: "),
        "{answer}"
    );
}

// ---- the end of the battle ------------------------------------------------------------------------

#[test]
fn the_battle_ends_after_its_last_turn_and_extend_plays_on() {
    // Given the crossroads made one turn long,
    let dir = tempfile::tempdir().unwrap();
    let scenario = dir.path().join("short.toml");
    let text = std::fs::read_to_string(ROSTER)
        .unwrap()
        .replacen("turns = 6", "turns = 1", 1);
    std::fs::write(&scenario, text).unwrap();
    let journal = dir.path().join("battle.jsonl");
    let j = journal.to_str().unwrap();
    ok(&[
        "new",
        scenario.to_str().unwrap(),
        "--journal",
        j,
        "--seed",
        "7",
    ]);
    // when both sides' turn 1 is played, the next phase change ends the battle, with its account;
    let r = run_in("next\nnext\nnext\n", &["act", j, "-"]);
    assert_eq!(r.code, ExitCode::SUCCESS, "{}", r.err);
    let out = ok(&["next", j]);
    assert!(out.contains("the battle is over after turn 1"), "{out}");
    assert!(
        out.contains("The battle is over: 1 turn played, the last was turn 1."),
        "{out}"
    );
    assert!(
        out.contains("Blue force: 3 units · 3 in play · 0 lost"),
        "{out}"
    );
    // then procedures and phase changes are refused, leaving the journal as it was;
    let before = std::fs::read(&journal).unwrap();
    let err = fails(1, &["next", j]);
    assert!(
        err.contains("the battle is over: turn 1 was its last"),
        "{err}"
    );
    let err = fails(
        1,
        &[
            "act", j, "fire", "--firer", "b1", "--target", "r1", "--range", "2",
        ],
    );
    assert!(err.contains("the battle is over"), "{err}");
    assert_eq!(std::fs::read(&journal).unwrap(), before);
    let state = ok(&["state", j]);
    assert!(state.contains("the battle is over after turn 1"), "{state}");
    assert!(
        state.contains("The battle is over: 1 turn played"),
        "{state}"
    );
    let json: Value = serde_json::from_str(&ok(&["state", j, "--json"])).unwrap();
    assert_eq!(json["over"], true);
    assert_eq!(json["turns"], 1);
    assert_eq!(json["summary"]["turns_played"], 1);
    assert_eq!(json["summary"]["sides"][0]["in_play"], 3);
    // and `extend` plays on, logged; a bad count is a usage error.
    let err = fails(2, &["extend", j, "0x"]);
    assert!(err.contains("TURNS \"0x\""), "{err}");
    let out = ok(&["extend", j, "2"]);
    assert!(
        out.contains("extends the battle by 2 turns: it now ends after turn 3"),
        "{out}"
    );
    let json: Value = serde_json::from_str(&ok(&["state", j, "--json"])).unwrap();
    assert_eq!(
        (json["over"].as_bool(), json["turns"].as_u64()),
        (Some(false), Some(3))
    );
    let out = ok(&["next", j]);
    assert!(out.contains("turn 2"), "{out}");
    let err = fails(1, &["extend", j]);
    assert!(err.contains("the battle is not over"), "{err}");
}
