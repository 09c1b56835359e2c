//! Who may see each event of a battle with concealed columns, through Scruby's own procedures:
//! what a hidden unit does is its side's and the umpire's, what exposes it is everyone's, what
//! concerns hidden units of both sides the umpire's alone; an undo follows its event, and the
//! journal keeps it all.

use crate::support::*;
use umpire::battle::session::{Record, Session};
use umpire::battle::{Audience, Battle, Command, Entry, audiences};
use umpire::dice::TypedDice;
use umpire::model::Viewer;
use umpire::rules::scruby::defs::*;

/// Two small brigades, each hiding a column: the Austrians IR 1 and their battery behind stand
/// 2, the French a Light regiment, two Line regiments, a battery and cuirassiers behind stand 1.
const SCENARIO: &str = r#"
ruleset = "scruby"
title = "Two hidden columns"
turns = 6
[options]
concealment = true

[[side]]
id = "au"
name = "Austrians"
  [[side.unit]]
  id = "au-hq"
  name = "Austrian HQ"
  kind = "headquarters"
  [[side.formation]]
  id = "au-bde"
  name = "Brigade"
  level = "brigade"
    [[side.formation.unit]]
    id = "a1"
    name = "IR 1"
    kind = "line"
    [[side.formation.unit]]
    id = "a2"
    name = "IR 2"
    kind = "line"
    [[side.formation.unit]]
    id = "a-gun"
    name = "Battery"
    kind = "cannon"
    [[side.formation.unit]]
    id = "a-ha"
    name = "Horse battery"
    kind = "horse-artillery"
    [[side.formation.unit]]
    id = "a-lc"
    name = "Hussars"
    kind = "light-cavalry"
  [[side.concealed]]
  number = 2
  units = ["a1", "a-gun"]

[[side]]
id = "fr"
name = "French"
  [[side.unit]]
  id = "fr-hq"
  name = "French HQ"
  kind = "headquarters"
  [[side.formation]]
  id = "fr-bde"
  name = "Brigade"
  level = "brigade"
    [[side.formation.unit]]
    id = "f1"
    name = "4e ligne"
    kind = "line"
    [[side.formation.unit]]
    id = "f2"
    name = "18e ligne"
    kind = "line"
    [[side.formation.unit]]
    id = "f3"
    name = "46e ligne"
    kind = "line"
    [[side.formation.unit]]
    id = "f-lt"
    name = "10e légère"
    kind = "light"
    [[side.formation.unit]]
    id = "f-gun"
    name = "Batterie"
    kind = "cannon"
    [[side.formation.unit]]
    id = "f-hc"
    name = "Cuirassiers"
    kind = "heavy-cavalry"
  [[side.concealed]]
  number = 1
  units = ["f-hc", "f2", "f-gun", "f-lt", "f3"]
"#;

/// The battle at move 1's movement, the Austrians having won the initiative 5 to 2.
fn moving() -> Battle {
    let mut b = battle(SCENARIO);
    advance(&mut b, "5,2");
    b
}

fn to_phase(b: &mut Battle, phase: &str) {
    for _ in 0..12 {
        if b.state().phase == phase {
            return;
        }
        let faces = if b.state().phase == PH_MELEE {
            "5,2"
        } else {
            ""
        };
        advance(b, faces);
    }
    panic!("never reached {phase}");
}

fn side(b: &Battle, id: &str) -> Viewer {
    Viewer::Side(b.roster.side_index(id).unwrap())
}

fn fr() -> Audience {
    Audience::Side("fr".into())
}

fn set(b: &mut Battle, unit: &str, marker: &str, value: i32) -> umpire::battle::Event {
    run(
        b,
        Command::SetMarker {
            unit: unit.into(),
            marker: marker.into(),
            value: Some(value),
        },
        "",
    )
}

#[test]
fn what_a_hidden_unit_does_is_its_sides_and_the_umpires() {
    let mut b = moving();
    let (au, fr_side) = (side(&b, "au"), side(&b, "fr"));
    // The start and the initiative concern no hidden unit.
    assert_eq!(
        b.audiences(),
        [&Audience::Everyone, &Audience::Everyone],
        "the start and move 1's initiative"
    );
    let e = act(
        &mut b,
        "form",
        &[("unit", "f3"), ("formation", "cross-country")],
        "",
    );
    assert_eq!(e.audience, fr());
    assert!(e.visible_to(fr_side, &b.roster) && e.visible_to(Viewer::Umpire, &b.roster));
    assert!(!e.visible_to(au, &b.roster) && !e.visible_to(Viewer::Public, &b.roster));
    // By hand too; a unit in the open is everyone's.
    assert_eq!(
        set(&mut b, "a1", RETIRING, 2).audience,
        Audience::Side("au".into())
    );
    assert_eq!(set(&mut b, "f1", RETIRING, 2).audience, Audience::Everyone);
    assert_eq!(b.entries_visible_to(au), [0, 1, 3, 4]);
    assert_eq!(b.entries_visible_to(fr_side), [0, 1, 2, 4]);
    assert_eq!(b.entries_visible_to(Viewer::Public), [0, 1, 4]);
}

#[test]
fn cannon_fire_that_exposes_a_column_and_the_exposure_itself_are_everyones() {
    let mut b = moving();
    let au = side(&b, "au");
    to_phase(&mut b, PH_FIRST_CANNON);
    let e = act(
        &mut b,
        "artillery",
        &[("gun-unit", "a-ha"), ("target-unit", "f3"), ("range", "12")],
        "4",
    );
    assert!(
        e.effects
            .iter()
            .any(|x| matches!(x, umpire::model::Effect::Exposed { .. }))
    );
    assert_eq!(e.audience, Audience::Everyone, "{}", e.summary);
    assert!(e.visible_to(au, &b.roster));
    // After it, what the exposed units do is everyone's.
    assert_eq!(set(&mut b, "f2", RETIRING, 1).audience, Audience::Everyone);

    let mut b = moving();
    let e = act(&mut b, "expose", &[("stand", "2"), ("cause", "vision")], "");
    assert_eq!(e.audience, Audience::Everyone, "{}", e.summary);
    assert!(e.visible_to(Viewer::Public, &b.roster));
}

#[test]
fn deploying_part_of_a_column_is_everyones_when_it_names_only_the_units_it_exposes() {
    let mut b = moving();
    let e = act(
        &mut b,
        "deploy",
        &[("stand", "1"), ("units", "f2,f3,f-lt")],
        "",
    );
    assert_eq!(e.audience, Audience::Everyone, "{}", e.summary);
    // The cuirassiers and the battery are still hidden: what is done to them is the French's.
    assert_eq!(set(&mut b, "f-hc", RETIRING, 1).audience, fr());
}

#[test]
fn a_phase_change_counting_down_hidden_units_timers_is_their_sides_or_the_umpires() {
    let end_of_move_2 = |units: &[&str]| {
        let mut b = moving();
        for u in units {
            set(&mut b, u, RETIRING, 2);
            set(&mut b, u, RETIRING_FROM, 1);
        }
        to_phase(&mut b, PH_MELEE);
        advance(&mut b, "5,2");
        to_phase(&mut b, PH_MELEE);
        let e = advance(&mut b, "5,2");
        assert!(
            e.notes.iter().any(|n| n.contains("Retiring")) || units.is_empty(),
            "{:?}",
            e.notes
        );
        e.audience
    };
    assert_eq!(end_of_move_2(&[]), Audience::Everyone);
    assert_eq!(
        end_of_move_2(&["f1"]),
        Audience::Everyone,
        "f1 is in the open"
    );
    assert_eq!(end_of_move_2(&["a1"]), Audience::Side("au".into()));
    assert_eq!(end_of_move_2(&["f-hc", "f1"]), fr());
    assert_eq!(end_of_move_2(&["a1", "f-hc"]), Audience::Umpire);
}

#[test]
fn an_undo_or_redo_is_seen_by_whoever_saw_its_event() {
    let mut b = moving();
    let au = side(&b, "au");
    set(&mut b, "f-hc", RETIRING, 1);
    for cmd in [Command::Undo, Command::Redo] {
        let entry = b.handle(&cmd, &mut TypedDice::default()).unwrap();
        b.apply(entry).unwrap();
    }
    let e = Audience::Everyone;
    assert_eq!(b.audiences(), [&e, &e, &fr(), &fr(), &fr()]);
    assert_eq!(b.entries_visible_to(au), [0, 1]);
    assert_eq!(b.undo_preview().map(|e| &e.audience), Some(&fr()));
}

#[test]
fn the_journal_keeps_each_events_audience() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("b.jsonl");
    let scenario = umpire::scenario::parse("two.toml", SCENARIO).unwrap();
    let at = chrono::Utc::now();
    let mut s = Session::create(scenario, &path, 7, at).unwrap();
    let typed = |faces: &str| Some(umpire::dice::TypedDice::parse(faces).unwrap());
    s.execute(&Command::Advance, typed("5,2"), at).unwrap();
    let hidden = Command::SetMarker {
        unit: "f-hc".into(),
        marker: RETIRING.into(),
        value: Some(1),
    };
    s.execute(&hidden, None, at).unwrap();
    s.execute(&Command::Undo, None, at).unwrap();
    s.execute(&Command::Redo, None, at).unwrap();
    let expose = action(s.battle(), "expose", &[("stand", "1"), ("cause", "vision")]);
    s.execute(&expose, None, at).unwrap();
    let written: Vec<Audience> = s.battle().audiences().into_iter().cloned().collect();
    drop(s);

    let text = std::fs::read_to_string(&path).unwrap();
    let restricted: Vec<usize> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.contains(r#""audience":{"side":"fr"}"#))
        .map(|(i, _)| i + 1)
        .collect();
    assert_eq!(
        restricted,
        [4],
        "only the hidden event's line holds it:\n{text}"
    );

    let (resumed, torn) = Session::resume(&path).unwrap();
    assert!(torn.is_none());
    let read: Vec<Audience> = resumed.battle().audiences().into_iter().cloned().collect();
    assert_eq!(read, written);
    let e = Audience::Everyone;
    assert_eq!(read, [e.clone(), e.clone(), fr(), fr(), fr(), e]);
    let records =
        umpire::battle::journal::Journal::read::<umpire::battle::session::Header, Record>(&path)
            .unwrap()
            .entries;
    let from_records: Vec<Audience> = audiences(records.iter().map(|r| &r.entry))
        .into_iter()
        .cloned()
        .collect();
    assert_eq!(from_records, written);
    assert!(matches!(records[2].entry, Entry::Event(_)));
}

/// `umpire ARGS` in-process; stdout, after checking it succeeded with nothing on stderr.
fn umpire_ok(args: &[&str]) -> String {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = umpire::cli::run_with_input(
        std::iter::once("umpire").chain(args.iter().copied()),
        &mut "".as_bytes(),
        &mut out,
        &mut err,
    );
    let (out, err) = (
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    );
    assert_eq!(
        code,
        std::process::ExitCode::SUCCESS,
        "{args:?}\n{out}\n{err}"
    );
    assert!(err.is_empty(), "{err}");
    out
}

#[test]
fn the_command_line_says_who_may_see_a_record() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("aue.jsonl");
    let j = journal.to_str().unwrap();
    let roster = concat!(env!("CARGO_MANIFEST_DIR"), "/rosters/scruby-learning.toml");
    umpire_ok(&["new", roster, "--journal", j, "--seed", "7"]);
    // au-l1 is behind the Austrians' stand 1; au-l3 is in the open.
    let out = umpire_ok(&["mark", j, "au-l1", RETIRING, "2"]);
    assert!(
        out.contains("\nSeen by the umpire and Austrian advanced guard (au) only\n"),
        "{out}"
    );
    let out = umpire_ok(&["mark", j, "au-l3", RETIRING, "2"]);
    assert!(!out.contains("Seen by"), "{out}");

    let json = |out: &str| serde_json::from_str::<serde_json::Value>(out).unwrap();
    let shown = json(&umpire_ok(&["mark", j, "au-l1", RETIRING, "1", "--json"]));
    assert_eq!(shown["audience"], serde_json::json!({"side": "au"}));
    assert_eq!(
        shown["record"]["audience"],
        serde_json::json!({"side": "au"})
    );
    let shown = json(&umpire_ok(&["undo", j, "--json"]));
    assert_eq!(shown["audience"], serde_json::json!({"side": "au"}));
    assert_eq!(shown["record"]["entry"], "undo");
    let shown = json(&umpire_ok(&["mark", j, "au-l3", RETIRING, "1", "--json"]));
    assert_eq!(shown["audience"], "everyone");
    assert!(shown["record"].get("audience").is_none());
}

#[test]
fn the_start_of_the_battle_is_everyones_even_with_a_hidden_regiment_short_of_a_full_tray() {
    // a1, hidden behind stand 2, starts with 3 figures: the start event sets its opening loss.
    let source = SCENARIO.replacen(
        "    id = \"a1\"\n    name = \"IR 1\"\n    kind = \"line\"\n",
        "    id = \"a1\"\n    name = \"IR 1\"\n    kind = \"line\"\n    figures = 3\n",
        1,
    );
    let b = battle(&source);
    assert_eq!(unit(&b, "a1").hits, 1, "the opening loss is set");
    let start = match b.start_event() {
        Entry::Event(e) => e,
        other => panic!("{other:?}"),
    };
    assert_eq!(start.audience, Audience::Everyone);
    // The hidden unit itself, and so its strength, is still the Austrians' and the umpire's.
    let a1 = b.roster.unit_index("a1").unwrap();
    assert!(!b.view().visible_to(a1, side(&b, "fr")));
}
