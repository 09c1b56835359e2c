//! Newport's battle from the command line, in-process: the issue's example fired with the
//! program's dice, the opportunity fire a fire leaves standing and taken up as its hint says, a
//! move into contact with its fire and close combat, a table-only procedure kept out of a battle
//! and a turn marker that wants its turn.

use crate::support::cli::{NEWPORT_COMPANY as ROSTER, Run, run_in};
use crate::support::json;
use serde_json::Value;
use std::path::PathBuf;
use std::process::ExitCode;
use tempfile::TempDir;
use umpire::battle::Entry;
use umpire::battle::journal::Journal;
use umpire::battle::session::{self, Header, Record};
use umpire::model::BattleState;

/// Runs and expects success with nothing on stderr; returns stdout.
fn ok(args: &[&str]) -> String {
    let r = run_in("", args);
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

/// A battle of the company action in a fresh folder.
struct Given {
    _dir: TempDir,
    path: PathBuf,
}

impl Given {
    /// `umpire new ROSTER --journal … --seed 7`, then `script` (if any) through `act JOURNAL -`.
    fn battle(script: &str) -> Given {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("battle.jsonl");
        let given = Given { _dir: dir, path };
        ok(&["new", ROSTER, "--journal", given.j(), "--seed", "7"]);
        if !script.is_empty() {
            let r = run_in(script, &["act", given.j(), "-"]);
            assert_eq!(r.code, ExitCode::SUCCESS, "{}\n{}", r.out, r.err);
        }
        given
    }

    fn j(&self) -> &str {
        self.path.to_str().expect("a UTF-8 path")
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

    /// Refused with `code`, nothing on stdout, the journal byte for byte as it was; returns
    /// stderr.
    fn refused(&self, code: u8, cmd: &str, more: &[&str]) -> String {
        let before = self.bytes();
        let args = self.args(cmd, more);
        let Run {
            code: got,
            out,
            err,
        } = run_in("", &args);
        assert_eq!(got, ExitCode::from(code), "umpire {args:?}\n{out}\n{err}");
        assert!(out.is_empty(), "umpire {args:?} printed:\n{out}");
        assert!(err.starts_with("error: "), "umpire {args:?}: {err}");
        assert!(
            self.bytes() == before,
            "umpire {cmd} {more:?} changed the journal"
        );
        err
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

/// The battle's first action phase: `next` from the start.
const ACTION_PHASE: &str = "next\n";

#[test]
fn the_example_of_the_issue_fires_with_the_programs_dice() {
    let given = Given::battle(ACTION_PHASE);
    let out = given.ok(
        "act",
        &["fire", "--firer", "1-1", "--target", "g11", "--range", "12"],
    );
    assert!(
        out.starts_with("1st Squad, 1st Platoon (1-1) fires at 1. Gruppe, 1. Zug (g11): "),
        "{out}"
    );
    assert!(out.contains("Fire on the infantry combat table"), "{out}");
    assert!(out.contains("+1 long range"), "{out}");
    assert!(out.contains("Dice: rolled by the program"), "{out}");
    assert!(out.contains("Recorded: "), "{out}");
    let (records, _) = given.replayed();
    let last = records.last().unwrap();
    assert_eq!(last.seq, 3);
    assert!(
        last.dice.unwrap().word_pos > 0,
        "the dice's position is kept"
    );
    assert_eq!(unit(&given.state(), "1-1")["markers"]["finished"], 1);
}

#[test]
fn act_explains_the_result_and_the_offers_it_leaves() {
    let given = Given::battle(ACTION_PHASE);
    let out = given.ok(
        "act",
        &[
            "fire", "--firer", "1-1", "--target", "g11", "--range", "12", "--dice", "2",
        ],
    );
    for want in [
        "1st Squad, 1st Platoon (1-1) fires at 1. Gruppe, 1. Zug (g11): Suppressed, 1 hit (1 of 3)\n",
        "  roll:      2 + 1 = 3\n",
        "  row:       2–3\n",
        "Dice: typed by the umpire\n",
        "Notes:\n  - opportunity fire at 1-1 after it fired",
        "Offers standing:\n  - opportunity fire at 1-1 after it fired: gkf, stug, g1l, g12,",
        "may take it up\n",
        "Recorded: ",
        "record 3 (line 4)",
    ] {
        assert!(out.contains(want), "{want:?} in\n{out}");
    }
    let hint = format!(
        "umpire act {} fire --firer ID --target 1-1 --trigger fired",
        given.j()
    );
    assert!(out.contains(&hint), "{hint} in\n{out}");

    let state = given.state();
    let g11 = unit(&state, "g11");
    assert_eq!(g11["hits"], 1);
    assert_eq!(g11["markers"]["suppressed"], 1);
    assert_eq!(g11["badges"], serde_json::json!(["SUP"]));
    let offers = state["standing_offers"].as_array().unwrap();
    assert_eq!(offers.len(), 1);
    assert_eq!(offers[0]["action"], "fire");
    assert_eq!(offers[0]["actor_param"], "firer");
    assert_eq!(offers[0]["params"]["target"], "1-1");
    assert!(
        offers[0]["actors"]
            .as_array()
            .unwrap()
            .contains(&"g12".into())
    );
    assert_eq!(offers[0]["command"], hint.as_str());

    // The offer taken up as the hint says: the opportunity fire is filled in from the battle.
    let out = given.ok(
        "act",
        &[
            "fire",
            "--firer",
            "g12",
            "--target",
            "1-1",
            "--trigger",
            "fired",
            "--range",
            "10",
            "--dice",
            "7",
        ],
    );
    assert!(out.contains("opportunity-fires at"), "{out}");
    let (records, _) = given.replayed();
    let Entry::Event(ev) = &records.last().unwrap().entry else {
        panic!("an event")
    };
    let umpire::battle::EventKind::Act { params, .. } = &ev.kind else {
        panic!("an act")
    };
    assert!(params.flag("opportunity"), "{params:?}");
    assert_eq!(unit(&given.state(), "g12")["markers"]["finished"], 1);
}

#[test]
fn act_json_is_the_record_as_written_with_the_offers_standing() {
    let given = Given::battle(ACTION_PHASE);
    let out = given.ok(
        "act",
        &[
            "fire", "--firer", "1-1", "--target", "g11", "--range", "12", "--dice", "2", "--json",
        ],
    );
    let shown = json(&out);
    let text = String::from_utf8(given.bytes()).unwrap();
    let mut line = json(text.lines().last().unwrap());
    line.as_object_mut().unwrap().remove("crc");
    line.as_object_mut().unwrap().remove("prev");
    assert_eq!(
        shown["record"], line,
        "the record exactly as the journal holds it"
    );
    assert_eq!(shown["record"]["kind"], "act");
    assert_eq!(shown["audience"], "everyone", "no unit is concealed");
    assert_eq!(shown["record"]["action"], "fire");
    assert_eq!(shown["record"]["params"]["range"], 12.0);
    assert_eq!(shown["record"]["params"]["firer-suppressed"], false);
    assert_eq!(shown["journal"], given.j());
    let offers = shown["standing_offers"].as_array().unwrap();
    assert_eq!(offers[0]["params"]["trigger"], "fired");
    assert!(
        offers[0]["actors"]
            .as_array()
            .unwrap()
            .contains(&"gs1".into())
    );
}

#[test]
fn a_move_into_contact_offers_the_fire_then_the_close_combat() {
    let given = Given::battle(ACTION_PHASE);
    let j = given.j();
    let out = given.ok(
        "act",
        &[
            "close-combat",
            "--attacker",
            "1-1",
            "--defender",
            "g11",
            "--cover",
            "hard",
        ],
    );
    for want in [
        "1st Squad, 1st Platoon (1-1) moves into contact with 1. Gruppe, 1. Zug (g11): opportunity fire at it comes first, then the close combat\n",
        "Offers standing:\n  - opportunity fire at 1-1 after it moved into contact with g11: gkf,",
        &format!(
            "umpire act {j} fire --firer ID --assaulting g11:hard --target 1-1 --trigger moved\n"
        ),
        "  - close combat of 1-1 with g11: 1-1 may take it up\n",
        &format!("umpire act {j} close-combat --attacker 1-1 --cover hard --defender g11\n"),
    ] {
        assert!(out.contains(want), "{want:?} in\n{out}");
    }
    assert_eq!(
        unit(&given.state(), "1-1")["badges"],
        serde_json::json!(["CC"])
    );
    // The offer's command, with the firer and the range filled in: g12 misses.
    let out = given.ok(
        "act",
        &[
            "fire",
            "--firer",
            "g12",
            "--assaulting",
            "g11:hard",
            "--target",
            "1-1",
            "--trigger",
            "moved",
            "--range",
            "6",
            "--dice",
            "9",
        ],
    );
    assert!(
        out.contains("(1-1): no effect; not stopped, the close combat with g11 follows\n"),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "umpire act {j} close-combat --attacker 1-1 --cover hard --defender g11\n"
        )),
        "{out}"
    );
    // The close combat, as offered.
    let out = given.ok(
        "act",
        &[
            "close-combat",
            "--attacker",
            "1-1",
            "--cover",
            "hard",
            "--defender",
            "g11",
            "--dice",
            "9 1 9 2",
        ],
    );
    assert!(
        out.starts_with(
            "1st Squad, 1st Platoon (1-1) assaults 1. Gruppe, 1. Zug (g11): attacker wins;"
        ),
        "{out}"
    );
    assert!(!out.contains("Offers standing"), "{out}");
    let state = given.state();
    assert_eq!(
        unit(&state, "1-1")["markers"],
        serde_json::json!({"finished": 1, "opportunity_fired_at": 1})
    );
}

#[test]
fn a_mover_stopped_by_the_fire_is_refused_its_close_combat() {
    let given = Given::battle(ACTION_PHASE);
    given.ok(
        "act",
        &["close-combat", "--attacker", "1-1", "--defender", "g11"],
    );
    let out = given.ok(
        "act",
        &[
            "fire",
            "--firer",
            "g12",
            "--target",
            "1-1",
            "--assaulting",
            "g11",
            "--range",
            "6",
            "--dice",
            "4",
        ],
    );
    assert!(
        out.contains("(1-1): Suppressed; stops where it is, no close combat with g11\n"),
        "{out}"
    );
    assert!(!out.contains("Offers standing"), "{out}");
    let err = given.refused(
        1,
        "act",
        &["close-combat", "--attacker", "1-1", "--defender", "g11"],
    );
    assert!(err.contains("starts no close combat"), "{err}");
    // --moved no fights at once: another stand that was already in contact.
    let out = given.ok(
        "act",
        &[
            "close-combat",
            "--attacker",
            "1-2",
            "--defender",
            "g13",
            "--moved",
            "no",
            "--dice",
            "1",
        ],
    );
    assert!(out.contains("assaults"), "{out}");
}

/// What Grid skirmish has none of: a table-only procedure (kept out of a battle) and a marker that
/// holds a turn (given without its turn, with a word, or with `--clear`).
#[test]
fn a_table_only_procedure_is_not_acted_and_a_turn_marker_wants_its_turn() {
    let given = Given::battle(ACTION_PHASE);
    let out = given.ok("act", &[]);
    assert!(out.contains("close-combat "), "{out}");
    assert!(
        !out.contains("morale-check "),
        "table-only procedures are not listed:\n{out}"
    );
    let out = given.ok("act", &["close-combat", "-h"]);
    assert!(out.contains("--attacker <UNIT>"), "{out}");
    for (cmd, more, want) in [
        ("act", &["morale-check"][..], "table-only"),
        ("mark", &["1-2", "returns"][..], "holds a turn"),
        ("mark", &["1-2", "returns", "soon"][..], "VALUE \"soon\""),
        (
            "mark",
            &["1-2", "returns", "7", "--clear"][..],
            "cannot be used with",
        ),
    ] {
        let err = given.refused(2, cmd, more);
        assert!(
            err.contains(want),
            "umpire {cmd} {more:?}: {want:?} in {err}"
        );
    }
    assert_eq!(given.state()["records"], 2, "nothing was recorded");
}
