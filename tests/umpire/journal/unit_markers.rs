//! Markers that name a unit (a commander's `attached`, a carried stand's `riding`, a regiment's
//! `fired_at` …): the journal writes the unit's id, replayed as written; the command line sets one
//! by the unit's id and refuses an id the battle does not have, or a number; a journal naming an
//! unknown unit, or a number out of the roster, is refused at its line.
//!
//! And the journals written while such markers held the unit's place in the roster from 1:
//! `tests/fixtures/journals/*-units-by-number.jsonl`, each written by the program before markers
//! named units by id, beside what that program said of it — its state (`.state`), its Markdown
//! report (`.md`) and what it answered when the battle was carried on (`.carried-on`), the
//! journal's path written `JOURNAL`. They read, report and carry on exactly as they did.

use crate::support::cli::{Played, ok, run_in};
use crate::support::journal::reseal;
use serde_json::Value;
use std::path::Path;
use std::process::ExitCode;
use umpire::battle::session::Session;

const VILLAGE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/hats-of-tin/village.toml"
);

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/journals");

/// The three journals written before markers named units by id.
const BY_NUMBER: [&str; 3] = [
    "hats-of-tin-units-by-number",
    "fft3-units-by-number",
    "scruby-units-by-number",
];

/// A copy of the fixture journal `name` in a fresh folder, under its own name (a test never
/// writes to a fixture).
fn copy(name: &str) -> Played {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let journal = dir.path().join(format!("{name}.jsonl"));
    std::fs::copy(Path::new(FIXTURES).join(format!("{name}.jsonl")), &journal)
        .expect("the fixture copied");
    Played { dir, journal }
}

/// What the program said of fixture `name` before the change (`ext`: state, md, carried-on).
fn said_before(name: &str, ext: &str) -> String {
    std::fs::read_to_string(Path::new(FIXTURES).join(format!("{name}.{ext}")))
        .expect("the fixture's text")
}

/// `text` with the journal's path written `JOURNAL`, as the fixtures write it.
fn redacted(b: &Played, text: &str) -> String {
    text.replace(b.j(), "JOURNAL")
}

/// `umpire state JOURNAL --json`.
fn state(b: &Played) -> Value {
    serde_json::from_str(&ok("", &["state", b.j(), "--json"])).expect("the state as JSON")
}

/// The markers of unit `id` in `umpire state --json`.
fn markers<'a>(state: &'a Value, id: &str) -> &'a Value {
    let units = state["units"].as_array().expect("units");
    &units
        .iter()
        .find(|u| u["id"] == id)
        .unwrap_or_else(|| panic!("no unit {id}"))["markers"]
}

/// The marker effects of the journal's records, as written: `(unit, marker, value)`.
fn marker_effects(b: &Played) -> Vec<(String, String, Value)> {
    let text = std::fs::read_to_string(&b.journal).expect("the journal");
    let mut out = Vec::new();
    for line in text.lines().skip(1) {
        let record: Value = serde_json::from_str(line).expect("a JSON record");
        for e in record["effects"].as_array().into_iter().flatten() {
            if e["set"] == "marker" {
                out.push((
                    e["unit"].as_str().unwrap_or_default().to_string(),
                    e["marker"].as_str().unwrap_or_default().to_string(),
                    e["value"].clone(),
                ));
            }
        }
    }
    out
}

// ---- journals written before markers named units by id --------------------------------------

#[test]
fn a_journal_written_with_roster_numbers_reads_states_and_reports_as_before() {
    for name in BY_NUMBER {
        let b = copy(name);
        assert_eq!(
            redacted(&b, &ok("", &["state", b.j()])),
            said_before(name, "state"),
            "{name}: umpire state"
        );
        // The report, written beside the journal under the name the fixture's was.
        let md = b.dir.path().join(format!("{name}.md"));
        let md_arg = md.to_str().expect("a UTF-8 path");
        ok("", &["report", b.j(), "--format", "md", "-o", md_arg]);
        assert_eq!(
            std::fs::read_to_string(&md).expect("the report"),
            said_before(name, "md"),
            "{name}: umpire report"
        );
        // Replayed, the battle is the fold of its events.
        let (s, torn) = Session::resume(&b.journal).expect("the journal opens");
        assert_eq!(torn, None);
        assert_eq!(s.battle().state(), &s.battle().fold(), "{name}");
    }
}

#[test]
fn a_journal_written_with_roster_numbers_shows_the_units_by_id() {
    // Hats of Tin: the commanders with their units (one set by hand by number), the platoon on
    // its truck, the assault's reply with its target's cover and the tank's superior firepower
    // (once packed into one number), the gun naming its attacker.
    let b = copy(BY_NUMBER[0]);
    let s = state(&b);
    assert_eq!(markers(&s, "fc")["attached"], "z1");
    assert_eq!(markers(&s, "lt")["attached"], "z2");
    assert_eq!(markers(&s, "z3")["embarked"], "lkw");
    assert_eq!(markers(&s, "arm")["assaulted_by"], "pz");
    let pz = markers(&s, "pz");
    assert_eq!(pz["second_fire"], "arm");
    assert_eq!(pz["second_fire_cover"], 1);
    assert_eq!(pz["second_fire_superior"], 1);
    assert!(markers(&s, "z2").get("assaulted_by").is_none(), "cleared");
    // FFT3: the riders on their carriers, one set by hand by number.
    let b = copy(BY_NUMBER[1]);
    let s = state(&b);
    assert_eq!(markers(&s, "i1")["riding"], "h1");
    assert_eq!(markers(&s, "r2")["riding"], "t3");
    assert!(
        markers(&s, "r1").get("riding").is_none(),
        "lost with its tank"
    );
    // Scruby: the regiment that fired from the flank, and at whom.
    let b = copy(BY_NUMBER[2]);
    let s = state(&b);
    assert_eq!(markers(&s, "au-l3")["fired_at"], "fr-l1");
}

#[test]
fn a_journal_written_with_roster_numbers_carries_on_as_before() {
    // Hats of Tin: the tank takes its hits and replies, with the gun's cover and its own superior
    // firepower read from the old number; the gun takes its hits and the tank takes the area.
    let b = copy(BY_NUMBER[0]);
    let out = ok(
        "take-hits --unit pz --dice 6,5\ntake-hits --unit arm --retreats 1\n",
        &["act", b.j(), "-"],
    );
    assert_eq!(redacted(&b, &out), said_before(BY_NUMBER[0], "carried-on"));
    let s = state(&b);
    for m in ["second_fire", "second_fire_cover", "second_fire_superior"] {
        assert!(markers(&s, "pz").get(m).is_none(), "{m} comes off");
    }
    assert!(markers(&s, "arm").get("assaulted_by").is_none());
    // FFT3: the stand set on t3 by hand gets off it and boards the truck.
    let b = copy(BY_NUMBER[1]);
    let out = ok(
        "debark --stand r2\nembark --stand r2 --carrier tr1\n",
        &["act", b.j(), "-"],
    );
    assert_eq!(redacted(&b, &out), said_before(BY_NUMBER[1], "carried-on"));
    assert_eq!(markers(&state(&b), "r2")["riding"], "tr1");
    // Scruby: the regiment fired on from its flank gets no return fire at its firer.
    let b = copy(BY_NUMBER[2]);
    let r = run_in(
        "",
        &[
            "act",
            b.j(),
            "rifle",
            "--firer-unit",
            "fr-l1",
            "--target-unit",
            "au-l3",
            "--range",
            "5",
        ],
    );
    assert_eq!(r.code, ExitCode::from(1));
    assert_eq!(
        redacted(&b, &r.err),
        said_before(BY_NUMBER[2], "carried-on")
    );
}

#[test]
fn a_journal_written_with_roster_numbers_undoes_and_writes_ids_from_then_on() {
    let b = copy(BY_NUMBER[0]);
    let before = std::fs::read_to_string(&b.journal).unwrap();
    // The assault taken back: its reply, its flags and the gun's marker go; put back, they return.
    ok("", &["undo", b.j()]);
    let s = state(&b);
    for m in ["second_fire", "second_fire_cover", "second_fire_superior"] {
        assert!(markers(&s, "pz").get(m).is_none(), "{m}");
    }
    ok("", &["redo", b.j()]);
    let s = state(&b);
    assert_eq!(markers(&s, "pz")["second_fire"], "arm");
    assert_eq!(markers(&s, "pz")["second_fire_cover"], 1);
    // A hand edit now is written with the unit's id, after the old records left as they were.
    ok("", &["mark", b.j(), "fc", "attached", "z2"]);
    let after = std::fs::read_to_string(&b.journal).unwrap();
    assert!(
        after.starts_with(&before),
        "the old records are left as they were"
    );
    assert!(
        after.contains("\"format\":3"),
        "{}",
        after.lines().next().unwrap()
    );
    assert_eq!(
        marker_effects(&b).last(),
        Some(&("fc".into(), "attached".into(), Value::from("z2")))
    );
    // Both kinds read together.
    let (s, _) = Session::resume(&b.journal).expect("the journal opens");
    assert_eq!(s.battle().state(), &s.battle().fold());
    assert_eq!(markers(&state(&b), "fc")["attached"], "z2");
}

// ---- new journals -------------------------------------------------------------------------------

#[test]
fn a_unit_marker_is_journaled_as_the_unit_s_id_and_replayed() {
    let b = Played::battle(
        VILLAGE,
        "next --dice 3\n\
         attach --commander lt --unit z2\n\
         assault --attacker pz --defender arm --defender-cover --dice 6,6\n",
    );
    let effects = marker_effects(&b);
    let written = |unit: &str, marker: &str| {
        effects
            .iter()
            .filter(|(u, m, _)| u == unit && m == marker)
            .map(|(_, _, v)| v.clone())
            .collect::<Vec<_>>()
    };
    // From the scenario, the rules, and the assault: the ids, never a number.
    assert_eq!(written("fc", "attached"), [Value::from("z1")]);
    assert_eq!(written("z3", "embarked"), [Value::from("lkw")]);
    assert_eq!(written("lt", "attached"), [Value::from("z2")]);
    assert_eq!(written("arm", "assaulted_by"), [Value::from("pz")]);
    assert_eq!(written("pz", "second_fire"), [Value::from("arm")]);
    assert_eq!(written("pz", "second_fire_cover"), [Value::from(1)]);
    assert_eq!(written("pz", "second_fire_superior"), [Value::from(1)]);
    let text = std::fs::read_to_string(&b.journal).unwrap();
    assert!(
        text.contains(r#"{"set":"marker","unit":"lt","marker":"attached","value":"z2"}"#),
        "{text}"
    );
    // Replayed from the journal, as written.
    let s = state(&b);
    assert_eq!(markers(&s, "lt")["attached"], "z2");
    assert_eq!(markers(&s, "pz")["second_fire"], "arm");
    let (session, _) = Session::resume(&b.journal).expect("the journal opens");
    let battle = session.battle();
    assert_eq!(battle.state(), &battle.fold());
    let v = battle.view();
    let (lt, z2) = (
        battle.roster.unit_index("lt").unwrap(),
        battle.roster.unit_index("z2").unwrap(),
    );
    assert_eq!(v.marker_unit(lt, "attached"), Some(z2));
    assert!(ok("", &["state", b.j()]).contains("WITH z2"));
}

#[test]
fn mark_sets_a_unit_marker_by_the_unit_s_id() {
    let b = Played::battle(VILLAGE, "");
    let out = ok("", &["mark", b.j(), "lt", "attached", "z2"]);
    assert!(
        out.contains("Leutnant Vogel (lt): WITH set to z2 by hand"),
        "{out}"
    );
    assert_eq!(markers(&state(&b), "lt")["attached"], "z2");
    assert!(
        ok("", &["state", b.j()]).contains("Leutnant Vogel  CDR WITH z2"),
        "the badge names it"
    );
    assert_eq!(
        marker_effects(&b).last(),
        Some(&("lt".into(), "attached".into(), Value::from("z2")))
    );
    // Cleared as any marker is.
    ok("", &["mark", b.j(), "lt", "attached", "--clear"]);
    assert!(markers(&state(&b), "lt").get("attached").is_none());
}

#[test]
fn mark_refuses_an_unknown_unit_a_number_and_a_missing_unit() {
    let b = Played::battle(VILLAGE, "");
    let before = std::fs::read(&b.journal).unwrap();
    let refused = |args: &[&str], code: u8| {
        let mut all = vec!["mark", b.j()];
        all.extend_from_slice(args);
        let r = run_in("", &all);
        assert_eq!(r.code, ExitCode::from(code), "{args:?}: {}", r.err);
        assert_eq!(
            std::fs::read(&b.journal).unwrap(),
            before,
            "nothing written"
        );
        r.err
    };
    let err = refused(&["lt", "attached", "lkv"], 1);
    assert!(
        err.contains(
            "marker `attached` cannot hold `lkv`: no unit of the battle has that id (did you mean `lkw`?)"
        ),
        "{err}"
    );
    // A number is no unit: the marker names it by its id.
    let err = refused(&["lt", "attached", "4"], 1);
    assert!(
        err.contains("marker `attached` cannot hold `4`: no unit of the battle has that id: a marker names a unit by its id, not by its place in the roster"),
        "{err}"
    );
    let err = refused(&["lt", "attached"], 2);
    assert!(
        err.contains("marker `attached` holds a unit, by its id: give its VALUE after it (mark lt attached UNIT)"),
        "{err}"
    );
    // A unit's id where a number is wanted.
    let err = refused(&["z1", "order", "z2"], 2);
    assert!(
        err.contains("VALUE \"z2\": expected a whole number for marker `order`"),
        "{err}"
    );
}

// ---- a journal holding what cannot be -----------------------------------------------------------

/// The journal of `b` with its first `from` replaced by `to`, sealed again, and what resuming it
/// says.
fn replayed_with(b: &Played, from: &str, to: &str) -> String {
    let text = std::fs::read_to_string(&b.journal).unwrap();
    assert!(text.contains(from), "{from} in\n{text}");
    let edited = b.dir.path().join("edited.jsonl");
    std::fs::write(&edited, reseal(&text.replacen(from, to, 1))).unwrap();
    match Session::resume(&edited) {
        Ok(_) => panic!("{to} was replayed"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_journal_naming_no_unit_of_the_battle_is_refused_at_its_line() {
    let b = Played::battle(VILLAGE, "next --dice 3\nattach --commander lt --unit z2\n");
    let attach = r#""marker":"attached","value":"z2""#;
    let line = std::fs::read_to_string(&b.journal)
        .unwrap()
        .lines()
        .position(|l| l.contains(attach))
        .unwrap()
        + 1;
    let at = format!("edited.jsonl:{line}: this record cannot be replayed: ");
    // An id the roster does not have.
    let err = replayed_with(&b, attach, r#""marker":"attached","value":"ckn""#);
    assert!(
        err.contains(&format!(
            "{at}marker attached of lt cannot be `ckn`: it holds a unit of the battle, by its id, and none has that id (did you mean `ckm`?)"
        )),
        "{err}"
    );
    // A number past the roster, as an older journal would have held it.
    let err = replayed_with(&b, attach, r#""marker":"attached","value":15"#);
    assert!(
        err.contains(&format!(
            "{at}marker attached of lt cannot be 15: a unit, by its id; a number, as journals written before markers named units by id hold it, is the unit's place in the roster, from 1 to 14"
        )),
        "{err}"
    );
    let err = replayed_with(&b, attach, r#""marker":"attached","value":0"#);
    assert!(
        err.contains(&format!("{at}marker attached of lt cannot be 0: ")),
        "{err}"
    );
    // A unit where a count is wanted.
    let err = replayed_with(&b, attach, r#""marker":"cdr_action","value":"z2""#);
    assert!(
        err.contains(&format!(
            "{at}marker cdr_action of lt cannot be `z2`: a count from 0 to 9999, not a unit"
        )),
        "{err}"
    );
    // Neither a number nor an id.
    let err = replayed_with(&b, attach, r#""marker":"attached","value":true"#);
    assert!(err.contains("a whole number"), "{err}");
    assert!(err.contains("or a unit's id"), "{err}");
}

#[test]
fn an_older_journal_s_packed_reply_outside_the_roster_is_refused() {
    // The reply's number: the target's place times 4, plus its two flags.
    let b = copy(BY_NUMBER[0]);
    let packed = r#""marker":"second_fire","value":59"#;
    let err = replayed_with(&b, packed, r#""marker":"second_fire","value":60"#);
    assert!(
        err.contains(
            "marker second_fire of pz cannot be 60: a unit, by its id; a number, as journals written before markers named units by id hold it, is the unit's place in the roster from 1 to 14 times 4, plus its flags: from 4 to 59"
        ),
        "{err}"
    );
    let err = replayed_with(&b, packed, r#""marker":"second_fire","value":3"#);
    assert!(err.contains("second_fire of pz cannot be 3"), "{err}");
}

// ---- the declarations ---------------------------------------------------------------------------

#[test]
fn rulesets_lists_the_markers_that_hold_a_unit() {
    for (ruleset, ids) in [
        (
            "hats-of-tin",
            &["attached", "embarked", "second_fire", "assaulted_by"][..],
        ),
        ("fft3", &["riding"]),
        ("scruby", &["fired_at"]),
        ("newport", &[]),
    ] {
        let json: Value =
            serde_json::from_str(&ok("", &["rulesets", ruleset, "--json"])).expect("JSON");
        let listed: Vec<&str> = json["markers"]
            .as_array()
            .expect("markers")
            .iter()
            .filter(|m| m["kind"] == "unit")
            .filter_map(|m| m["id"].as_str())
            .collect();
        assert_eq!(listed, ids, "{ruleset}");
        let text = ok("", &["rulesets", ruleset]);
        for id in ids {
            assert!(
                text.lines().any(|l| {
                    let words: Vec<&str> = l.split_whitespace().collect();
                    words.windows(2).any(|w| w == [*id, "unit"])
                }),
                "{ruleset}: {id} listed as a unit marker:\n{text}"
            );
        }
    }
}

#[test]
fn the_flags_of_a_unit_marker_are_on_off_markers_of_its_rule_set() {
    use umpire::declare::MarkerKind;
    let mut seen = 0;
    for ruleset in umpire::rules::registry() {
        for m in ruleset.markers() {
            let MarkerKind::Unit { flags } = m.kind else {
                continue;
            };
            for flag in flags {
                seen += 1;
                let def = ruleset.markers().iter().find(|d| d.id == *flag);
                assert!(
                    def.is_some_and(|d| d.kind == MarkerKind::Flag),
                    "{}: {} carries {flag}, which is no on/off marker of it",
                    ruleset.id(),
                    m.id
                );
            }
        }
    }
    assert_eq!(seen, 2, "Hats of Tin's reply carries two");
}
