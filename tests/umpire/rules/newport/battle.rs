//! Newport in a battle, as given events / when a command / then these events.

use crate::support::newport::*;
use crate::support::*;
use umpire::battle::Command;
use umpire::model::Effect;
use umpire::rules::newport::defs::*;

fn started(options: &str) -> umpire::battle::Battle {
    let mut b = battle(&company(options));
    advance(&mut b, "");
    b
}

#[test]
fn the_first_advance_opens_the_first_sides_action_phase() {
    let mut b = battle(&company(""));
    assert_eq!(b.state().phase, PH_REMOVE_FINISHED);
    let e = advance(&mut b, "");
    assert_eq!(b.state().phase, PH_ACTION);
    assert_eq!((b.state().turn, b.state().active), (1, 0));
    assert!(
        e.notes.iter().any(|n| n.contains("Turn 1: US")),
        "{:?}",
        e.notes
    );
}

#[test]
fn fire_applies_the_row_and_finishes_the_firer() {
    let mut b = started("");
    let e = act(
        &mut b,
        "fire",
        &[("firer", "1-1"), ("target", "g1"), ("range", "6")],
        "2",
    );
    assert_eq!(
        e.effects,
        vec![
            hits("g1", 1),
            marker("g1", SUPPRESSED, true),
            marker("1-1", FINISHED, true)
        ]
    );
    let r = &e.resolutions[0];
    assert_eq!(r.steps[0].row.as_deref(), Some("2–3"));
    assert_eq!(r.steps[0].outcome, "Hit and Suppressed");
    assert_eq!(r.result, "Suppressed, 1 hit (1 of 3)", "what it did to g1");
    // The side not moving is offered opportunity fire, except the stand just Suppressed.
    assert!(
        e.notes[0].starts_with("opportunity fire at 1-1 after it fired"),
        "{:?}",
        e.notes
    );
    let offers = b.standing_offers();
    assert_eq!(offers.len(), 1);
    let actors: Vec<&str> = offers[0]
        .actors
        .iter()
        .map(|&u| b.roster.units[u].id.as_str())
        .collect();
    assert!(
        actors.contains(&"g2") && actors.contains(&"g-mg") && !actors.contains(&"g1"),
        "{actors:?}"
    );
}

#[test]
fn an_offer_stands_through_notes_and_hand_edits_until_the_next_procedure() {
    let mut b = started("");
    act(&mut b, "move", &[("unit", "1-2")], "");
    let target = |b: &umpire::battle::Battle| {
        b.standing_offers()
            .iter()
            .map(|o| o.offer.params.text("target").unwrap_or("").to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(target(&b), ["1-2"]);
    run(
        &mut b,
        Command::Note {
            text: "the hedge burns".into(),
            private: false,
        },
        "",
    );
    mark(&mut b, "1-3", SUPPRESSED);
    assert_eq!(
        target(&b),
        ["1-2"],
        "a note and a hand edit leave it standing"
    );
    // The next procedure ends it (and makes its own).
    act(&mut b, "move", &[("unit", "1-1")], "");
    assert_eq!(target(&b), ["1-1"]);
    // Undoing that move brings the first offer back.
    b.execute(&Command::Undo, &mut umpire::dice::TypedDice::default())
        .unwrap();
    assert_eq!(target(&b), ["1-2"]);
    advance(&mut b, "");
    assert!(b.standing_offers().is_empty(), "the phase is over");
}

#[test]
fn a_second_suppression_paralyzes_infantry_but_never_a_vehicle() {
    let mut b = started("");
    act(
        &mut b,
        "fire",
        &[("firer", "1-1"), ("target", "g1"), ("range", "6")],
        "4",
    );
    let e = act(
        &mut b,
        "fire",
        &[("firer", "1-2"), ("target", "g1"), ("range", "6")],
        "5",
    );
    assert_eq!(
        e.effects,
        vec![
            marker("g1", SUPPRESSED, false),
            marker("g1", PARALYZED, true),
            marker("1-2", FINISHED, true)
        ]
    );
    // Sherman at the Panther (armour +1): 4 + 1 = 5, Suppressed; infantry within 2": 3 + 1 = 4, Suppressed again.
    let e = act(
        &mut b,
        "fire",
        &[("firer", "t1"), ("target", "pz"), ("range", "10")],
        "4",
    );
    assert_eq!(
        e.resolutions[0].steps[0].table.as_deref(),
        Some("Anti-tank table")
    );
    assert!(has(&b, "pz", SUPPRESSED));
    act(
        &mut b,
        "fire",
        &[("firer", "1-3"), ("target", "pz"), ("range", "2")],
        "3",
    );
    assert!(has(&b, "pz", SUPPRESSED) && !has(&b, "pz", PARALYZED));
}

#[test]
fn a_killed_leader_returns_at_its_sides_second_turn_after() {
    // A German leader killed in the US turn 1: the German turns after it are German 1 and
    // German 2, so it is back at the start of German turn 2.
    let mut b = started("");
    let e = act(
        &mut b,
        "fire",
        &[("firer", "1-1"), ("target", "g-ldr"), ("range", "3")],
        "1",
    );
    assert!(e.effects.contains(&Effect::Removed {
        unit: "g-ldr".into(),
        cause: "fire from 1-1".into()
    }));
    assert!(e.effects.contains(&Effect::Marker {
        unit: "g-ldr".into(),
        marker: RETURNS.into(),
        value: Some(2)
    }));
    for _ in 0..2 {
        advance(&mut b, "");
        assert!(unit(&b, "g-ldr").removed.is_some());
    }
    let e = advance(&mut b, "");
    assert_eq!((b.state().turn, b.state().active), (2, 1));
    assert!(unit(&b, "g-ldr").on_table());
    assert_eq!(unit(&b, "g-ldr").hits, 0);
    assert!(e.notes.iter().any(|n| n.contains("returns")));

    // A US leader killed in the German turn 1: US 2 is the first US turn after, US 3 the second.
    let mut b = started("");
    advance(&mut b, "");
    let e = act(
        &mut b,
        "fire",
        &[("firer", "g1"), ("target", "1-ldr"), ("range", "3")],
        "1",
    );
    assert!(e.effects.contains(&Effect::Marker {
        unit: "1-ldr".into(),
        marker: RETURNS.into(),
        value: Some(3)
    }));
    for _ in 0..2 {
        advance(&mut b, "");
        assert!(unit(&b, "1-ldr").removed.is_some());
    }
    advance(&mut b, "");
    assert_eq!((b.state().turn, b.state().active), (3, 0));
    assert!(unit(&b, "1-ldr").on_table());
}

#[test]
fn battalion_hq_is_never_replaced() {
    let mut b = battle(&battalion("", ""));
    advance(&mut b, "5");
    advance(&mut b, "5");
    let e = act(
        &mut b,
        "fire",
        &[("firer", "k1"), ("target", "hq"), ("range", "4")],
        "1",
    );
    assert!(
        !e.effects
            .iter()
            .any(|x| matches!(x, Effect::Marker { marker, .. } if marker == RETURNS))
    );
}

#[test]
fn refusals_change_nothing() {
    let mut b = battle(&company(""));
    let e = refused(
        &mut b,
        "fire",
        &[("firer", "1-1"), ("target", "g1"), ("range", "6")],
        "",
    );
    assert!(e.contains("action phase"), "{e}");
    advance(&mut b, "");
    let e = refused(
        &mut b,
        "fire",
        &[("firer", "1-1"), ("target", "g1"), ("range", "16.5")],
        "",
    );
    assert!(e.contains("beyond infantry long range"), "{e}");
    let e = refused(
        &mut b,
        "fire",
        &[("firer", "1-1"), ("target", "1-2"), ("range", "6")],
        "",
    );
    assert!(e.contains("same side"), "{e}");
    let e = refused(
        &mut b,
        "fire",
        &[("firer", "p47"), ("target", "g1"), ("range", "6")],
        "",
    );
    assert!(e.contains("air or artillery"), "{e}");
    let e = refused(
        &mut b,
        "fire",
        &[("firer", "1-1"), ("target", "g9"), ("range", "6")],
        "",
    );
    assert!(e.contains("no unit `g9`"), "{e}");
    act(
        &mut b,
        "fire",
        &[("firer", "1-1"), ("target", "g1"), ("range", "6")],
        "9",
    );
    let e = refused(
        &mut b,
        "fire",
        &[("firer", "1-1"), ("target", "g2"), ("range", "6")],
        "",
    );
    assert!(e.contains("Finished"), "{e}");
    mark(&mut b, "1-2", PARALYZED);
    let e = refused(
        &mut b,
        "fire",
        &[("firer", "1-2"), ("target", "g2"), ("range", "6")],
        "",
    );
    assert!(e.contains("Paralyzed"), "{e}");
}

#[test]
fn opportunity_fire_limits_and_finished_on_no_effect() {
    let mut b = started("");
    let e = act(&mut b, "move", &[("unit", "1-1")], "");
    assert_eq!(e.effects, vec![marker("1-1", FINISHED, true)]);
    assert!(
        e.notes
            .iter()
            .any(|n| n.contains("opportunity fire at 1-1")),
        "{:?}",
        e.notes
    );
    let e = act(
        &mut b,
        "fire",
        &[("firer", "g2"), ("target", "1-1"), ("range", "6")],
        "9",
    );
    assert_eq!(
        e.resolutions[0].title,
        "Opportunity fire on the infantry combat table"
    );
    assert_eq!(
        e.effects,
        vec![
            marker("1-1", OPP_FIRED_AT, true),
            marker("g2", FINISHED, true)
        ]
    );
    let err = refused(
        &mut b,
        "fire",
        &[("firer", "g3"), ("target", "1-1"), ("range", "6")],
        "",
    );
    assert!(
        err.contains("only one stand may fire at each enemy action"),
        "{err}"
    );
    // A result: the opportunity firer stays ready.
    act(&mut b, "move", &[("unit", "1-2")], "");
    let e = act(
        &mut b,
        "fire",
        &[("firer", "g3"), ("target", "1-2"), ("range", "6")],
        "4",
    );
    assert!(!e.effects.contains(&marker("g3", FINISHED, true)));
    assert!(!has(&b, "g3", FINISHED));
    // Suppressed stands may not fire opportunity fire.
    act(
        &mut b,
        "fire",
        &[("firer", "1-3"), ("target", "g-mg"), ("range", "6")],
        "4",
    );
    let err = refused(
        &mut b,
        "fire",
        &[("firer", "g-mg"), ("target", "1-3"), ("range", "6")],
        "",
    );
    assert!(err.contains("Suppressed"), "{err}");
}

#[test]
fn a_mover_suppressed_by_opportunity_fire_stops() {
    let mut b = started("");
    let e = act(
        &mut b,
        "fire",
        &[
            ("firer", "g1"),
            ("target", "1-1"),
            ("range", "6"),
            ("trigger", "moved"),
        ],
        "4",
    );
    assert!(e.effects.contains(&marker("1-1", FINISHED, true)));
    assert!(
        e.resolutions[0]
            .effects
            .iter()
            .any(|w| w.contains("stops where it is"))
    );
}

#[test]
fn opportunity_marks_clear_at_the_end_of_the_turn() {
    let mut b = started("");
    act(&mut b, "move", &[("unit", "1-1"), ("road", "")], "");
    act(
        &mut b,
        "fire",
        &[("firer", "g2"), ("target", "1-1"), ("range", "6")],
        "9",
    );
    assert!(has(&b, "1-1", OPP_FIRED_AT) && has(&b, "1-1", MOVED_ON_ROAD));
    advance(&mut b, "");
    assert!(!has(&b, "1-1", OPP_FIRED_AT) && !has(&b, "1-1", MOVED_ON_ROAD));
    assert!(
        has(&b, "1-1", FINISHED),
        "US markers stay until the US turn begins"
    );
    assert!(
        !has(&b, "g2", FINISHED),
        "the German turn began: Finished removed"
    );
    advance(&mut b, "");
    assert!(!has(&b, "1-1", FINISHED));
}

#[test]
fn road_marker_feeds_the_anti_tank_roll() {
    let mut b = started("");
    act(&mut b, "move", &[("unit", "t1"), ("road", "")], "");
    advance(&mut b, "");
    // The Panther (gun −1) fires at the Sherman, which moved along a road this turn... but the
    // marker went at the end of the US turn. Set it again by hand to test the modifier.
    mark(&mut b, "t1", MOVED_ON_ROAD);
    let e = act(
        &mut b,
        "fire",
        &[
            ("firer", "pz"),
            ("target", "t1"),
            ("range", "20"),
            ("flank", ""),
        ],
        "9",
    );
    let mods: Vec<i32> = e.resolutions[0].steps[0]
        .modifiers
        .iter()
        .map(|m| m.value)
        .collect();
    assert_eq!(mods, vec![-3, -2, 1, -1], "flank, road, long range, gun");
    // 9 − 5 = 4: Suppressed.
    assert!(has(&b, "t1", SUPPRESSED));
}

#[test]
fn method_two_command_rolls() {
    let mut b = started("command_method = 2");
    let e = act(
        &mut b,
        "fire",
        &[
            ("firer", "1-1"),
            ("target", "g1"),
            ("range", "6"),
            ("out-of-command", ""),
        ],
        "7",
    );
    assert_eq!(
        e.effects,
        vec![marker("1-1", FINISHED, true)],
        "failed: Finished, no fire"
    );
    assert_eq!(e.resolutions[0].action, "command-roll");
    let e = act(
        &mut b,
        "fire",
        &[
            ("firer", "1-2"),
            ("target", "g1"),
            ("range", "6"),
            ("out-of-command", ""),
        ],
        "4 2",
    );
    assert_eq!(e.resolutions.len(), 2, "green passes on 4, then fires");
    assert_eq!(unit(&b, "g1").hits, 1);
    // Leaders are always in command: no roll.
    act(
        &mut b,
        "fire",
        &[
            ("firer", "1-ldr"),
            ("target", "g2"),
            ("range", "6"),
            ("out-of-command", ""),
        ],
        "9",
    );
    // A passed command roll lets the stand act without rolling again.
    let e = act(&mut b, "command-roll", &[("unit", "1-3")], "8");
    assert_eq!(e.effects, vec![marker("1-3", IN_COMMAND, true)]);
    act(
        &mut b,
        "move",
        &[("unit", "1-3"), ("out-of-command", "")],
        "",
    );
    let err = refused(&mut b, "command-roll", &[("unit", "w1")], "");
    assert!(!err.is_empty());
}

#[test]
fn command_roll_needs_method_two() {
    let mut b = started("");
    let e = refused(&mut b, "command-roll", &[("unit", "1-1")], "");
    assert!(e.contains("method 2"), "{e}");
}

#[test]
fn method_three_points_spent_saved_and_lost_with_the_hq() {
    let mut b = battle(&battalion("", "superior_command = true"));
    let e = advance(&mut b, "7");
    assert!(e.effects.contains(&counter("bn", "cp", 7)));
    act(&mut b, "move", &[("unit", "p1")], "");
    let e = act(&mut b, "move", &[("unit", "p2")], "");
    assert!(e.effects.contains(&counter("bn", "cp", 5)));
    // End of the US turn: 5 saved with the HQ. German turn: superior (two dice), elite minimum 4.
    let e = advance(&mut b, "1 1");
    assert!(e.effects.contains(&counter("bn", "saved", 5)));
    assert!(
        e.effects.contains(&counter("kg", "cp", 4)),
        "{:?}",
        e.effects
    );
    // Kill the US HQ: the saved points are lost at once.
    let e = act(
        &mut b,
        "fire",
        &[("firer", "k1"), ("target", "hq"), ("range", "4")],
        "1",
    );
    assert!(e.effects.contains(&counter("bn", "saved", 0)));
    // US turn 2: one stand lost; 2 − 1 = 1, raised to the regular minimum of 3.
    let e = advance(&mut b, "2");
    assert!(
        e.effects.contains(&counter("bn", "cp", 3)),
        "{:?}",
        e.effects
    );
    act(&mut b, "move", &[("unit", "p1")], "");
    // End of turn without an HQ: the 2 unspent points vanish.
    let e = advance(&mut b, "5 5");
    assert!(e.effects.contains(&counter("bn", "cp", 0)));
    assert!(!e.effects.iter().any(|x| matches!(x, Effect::Counter { scope, name, value: Some(v) } if scope == "bn" && name == "saved" && *v > 0)));
    assert!(
        e.notes.iter().any(|n| n.contains("lost (no HQ")),
        "{:?}",
        e.notes
    );
}

#[test]
fn method_three_refuses_when_points_run_out_and_spends_saved_last() {
    let mut b = battle(&battalion("", ""));
    advance(&mut b, "1"); // regular minimum 3
    for u in ["p1", "p2", "p3"] {
        act(&mut b, "move", &[("unit", u)], "");
    }
    let e = refused(&mut b, "move", &[("unit", "tk")], "");
    assert!(e.contains("no command points left"), "{e}");
    // Opportunity fire costs nothing.
    advance(&mut b, "1");
    act(&mut b, "move", &[("unit", "k1")], "");
    act(
        &mut b,
        "fire",
        &[("firer", "tk"), ("target", "k1"), ("range", "10")],
        "9",
    );
    // Germans: 4 (elite minimum), one spent, 3 saved with the HQ; US turn 2; German turn 2 rolls 9.
    advance(&mut b, "1");
    advance(&mut b, "9");
    assert_eq!(b.state().counter("kg", "saved"), Some(3));
    assert_eq!(b.state().counter("kg", "cp"), Some(9));
    // This turn's points are spent before the saved ones.
    let e = act(&mut b, "move", &[("unit", "k1")], "");
    assert!(e.effects.contains(&counter("kg", "cp", 8)));
    run(
        &mut b,
        Command::SetCounter {
            scope: "kg".into(),
            name: "cp".into(),
            value: Some(0),
        },
        "",
    );
    let e = act(&mut b, "move", &[("unit", "k2")], "");
    assert!(
        e.effects.contains(&counter("kg", "saved", 2)),
        "{:?}",
        e.effects
    );
}

#[test]
fn hamstrung_has_no_minimum() {
    let mut b = battle(&battalion("", "hamstrung = true"));
    advance(&mut b, "5");
    let e = advance(&mut b, "1");
    assert!(
        e.effects.contains(&counter("kg", "cp", 1)),
        "{:?}",
        e.effects
    );
}

#[test]
fn morale_recovery_plain_and_with_checks() {
    for (options, faces, expect_11, expect_12) in [
        ("", "", false, true),
        ("morale_check = true", "4 6", true, true),
        ("morale_check = true", "5 5", false, false),
    ] {
        let mut b = started(options);
        mark(&mut b, "1-1", SUPPRESSED);
        mark(&mut b, "1-2", PARALYZED);
        mark(&mut b, "g1", SUPPRESSED);
        let e = advance(&mut b, faces);
        assert_eq!(has(&b, "1-1", SUPPRESSED), expect_11, "{options} {faces}");
        // 1-2 (green, needs 6): Paralyzed → Suppressed when it passes.
        assert_eq!(has(&b, "1-2", SUPPRESSED), expect_12, "{options} {faces}");
        assert_eq!(has(&b, "1-2", PARALYZED), !expect_12);
        assert!(
            has(&b, "g1", SUPPRESSED),
            "the inactive side does not recover"
        );
        assert_eq!(e.resolutions.len(), if options.is_empty() { 0 } else { 2 });
    }
}

#[test]
fn smoke_lifts_in_the_opponents_next_morale_recovery() {
    let mut b = started("");
    let err = refused(
        &mut b,
        "smoke",
        &[
            ("asset", "arty"),
            ("spotter", "1-1"),
            ("area", "the orchard"),
        ],
        "",
    );
    assert!(
        err.contains("leader must spot"),
        "smoke is spotted like any artillery fire: {err}"
    );
    let e = act(
        &mut b,
        "smoke",
        &[
            ("asset", "arty"),
            ("spotter", "a-ldr"),
            ("area", "the orchard"),
        ],
        "",
    );
    assert!(e.effects.contains(&marker("a-ldr", FINISHED, true)));
    assert!(
        e.effects
            .iter()
            .any(|x| matches!(x, Effect::Area { marker: Some(m), .. } if m.label == "the orchard"))
    );
    advance(&mut b, "");
    assert_eq!(
        b.state().areas.len(),
        1,
        "still there during the German turn"
    );
    let e = advance(&mut b, "");
    assert!(b.state().areas.is_empty());
    assert!(
        e.notes
            .iter()
            .any(|n| n.contains("smoke lifts: the orchard"))
    );
}

#[test]
fn panic_move() {
    let mut b = started("");
    mark(&mut b, "1-1", SUPPRESSED);
    let e = act(&mut b, "panic", &[("unit", "1-1")], "");
    assert_eq!(
        e.effects,
        vec![
            hits("1-1", 1),
            marker("1-1", SUPPRESSED, false),
            marker("1-1", PARALYZED, true),
            marker("1-1", FINISHED, true)
        ]
    );
    assert!(
        refused(&mut b, "panic", &[("unit", "1-2")], "")
            .contains("neither Suppressed nor Paralyzed")
    );
    mark(&mut b, "t1", SUPPRESSED);
    assert!(refused(&mut b, "panic", &[("unit", "t1")], "").contains("vehicle"));
}

#[test]
fn close_combat_in_a_battle() {
    let mut b = started("");
    let e = act(
        &mut b,
        "close-combat",
        &[
            ("attacker", "1-1"),
            ("defender", "g3"),
            ("cover", "soft"),
            ("moved", "no"),
        ],
        "9 1 9 3",
    );
    assert_eq!(e.resolutions[0].steps.len(), 4);
    assert_eq!(
        e.effects,
        vec![
            hits("g3", 2),
            marker("g3", PARALYZED, true),
            marker("1-1", FINISHED, true)
        ]
    );
    assert!(!has(&b, "g3", FINISHED), "the defender is not Finished");
    // A Suppressed stand may not move into contact.
    mark(&mut b, "1-2", SUPPRESSED);
    assert!(
        refused(
            &mut b,
            "close-combat",
            &[("attacker", "1-2"), ("defender", "g2")],
            ""
        )
        .contains("may not move into contact")
    );
    // The Paralyzed defender fires once at +2, the attacker once, then it retreats with a hit.
    let e = act(
        &mut b,
        "close-combat",
        &[("attacker", "1-3"), ("defender", "g3"), ("moved", "no")],
        "9 9",
    );
    assert_eq!(e.resolutions[0].steps[0].modifier_total(), 2);
    assert!(unit(&b, "g3").removed.is_some(), "third hit: removed");
}

#[test]
fn air_and_artillery() {
    let mut b = started("");
    let e = act(
        &mut b,
        "air",
        &[("asset", "p47"), ("target", "pz"), ("best-of", "2")],
        "6 3",
    );
    assert_eq!(e.resolutions[0].steps[0].kept, Some(3));
    assert!(has(&b, "pz", SUPPRESSED), "3 + armour 1 = 4: Suppressed");
    assert!(refused(&mut b, "air", &[("asset", "p47"), ("target", "g1")], "").contains("Finished"));
    let e = refused(
        &mut b,
        "artillery",
        &[("asset", "arty"), ("spotter", "1-1"), ("targets", "g1")],
        "",
    );
    assert!(e.contains("leader must spot"), "{e}");
    // The asset is the weapon: another one named is refused, not ignored.
    let e = refused(
        &mut b,
        "artillery",
        &[
            ("asset", "arty"),
            ("spotter", "a-ldr"),
            ("targets", "g1"),
            ("weapon", "light-mortar"),
        ],
        "",
    );
    assert!(
        e.contains("weapon light-mortar:") && e.contains("is an artillery"),
        "{e}"
    );
    let e = act(
        &mut b,
        "artillery",
        &[
            ("asset", "arty"),
            ("spotter", "a-ldr"),
            ("targets", "g1:hard,g2"),
        ],
        "1 6",
    );
    assert!(e.effects.contains(&marker("a-ldr", FINISHED, true)));
    assert!(e.effects.contains(&marker("arty", FINISHED, true)));
    assert_eq!(
        unit(&b, "g1").hits,
        1,
        "1 + 2 hard cover = 3: hit and Suppressed"
    );
    assert!(has(&b, "g2", SUPPRESSED), "6 on a green stand: Suppressed");
    let e = refused(
        &mut b,
        "artillery",
        &[
            ("asset", "lm"),
            ("spotter", "1-ldr"),
            ("targets", "g3"),
            ("range", "17"),
        ],
        "",
    );
    assert!(e.contains("beyond a light mortar"), "{e}");
    act(
        &mut b,
        "artillery",
        &[
            ("asset", "lm"),
            ("spotter", "1-ldr"),
            ("targets", "g3"),
            ("range", "12"),
        ],
        "9",
    );
}

#[test]
fn leader_rally_option() {
    let mut b = started("");
    mark(&mut b, "1-2", PARALYZED);
    assert!(
        refused(&mut b, "rally", &[("leader", "1-ldr"), ("unit", "1-2")], "")
            .contains("leader_rally")
    );
    let mut b = started("leader_rally = true");
    mark(&mut b, "1-2", PARALYZED);
    let e = act(&mut b, "rally", &[("leader", "1-ldr"), ("unit", "1-2")], "");
    assert_eq!(
        e.effects,
        vec![
            marker("1-ldr", FINISHED, true),
            marker("1-2", SUPPRESSED, true),
            marker("1-2", PARALYZED, false)
        ]
    );
}

#[test]
fn undo_and_redo_are_exact() {
    let mut b = started("");
    let before = b.state().clone();
    act(
        &mut b,
        "fire",
        &[("firer", "1-1"), ("target", "g-ldr"), ("range", "3")],
        "1",
    );
    let after = b.state().clone();
    let mut none = umpire::dice::TypedDice::default();
    b.execute(&Command::Undo, &mut none).unwrap();
    assert_eq!(b.state(), &before);
    b.execute(&Command::Redo, &mut none).unwrap();
    assert_eq!(b.state(), &after);
    assert_eq!(b.fold(), after);
}

#[test]
fn battle_odds_come_from_the_same_rules() {
    let b = started("hmg_two_dice = true");
    let params = match action(
        &b,
        "fire",
        &[
            ("firer", "w1"),
            ("target", "g1"),
            ("range", "12"),
            ("cover", "hard"),
        ],
    ) {
        Command::Act { params, .. } => params,
        _ => unreachable!(),
    };
    let in_battle = b
        .ruleset
        .procedure("fire")
        .unwrap()
        .odds_in(&b.view(), &params)
        .unwrap();
    let def = umpire::ruleset::find_action(b.ruleset, "fire").unwrap();
    let table = umpire::declare::Params::parse(
        def.params,
        [("range", "12"), ("cover", "hard"), ("hmg", "")],
    )
    .unwrap();
    let alone = b.ruleset.odds("fire", &table, b.options()).unwrap();
    assert_eq!(in_battle.results, alone.results);
}

#[test]
fn the_scenario_length_ends_the_battle_when_passed() {
    let source = company("").replace("turns = 6", "turns = 1");
    let mut b = battle(&source);
    advance(&mut b, "");
    let e = advance(&mut b, "");
    assert!(!e.notes.iter().any(|n| n.contains("the battle is over")));
    assert!(!b.state().is_over());
    let e = advance(&mut b, "");
    assert_eq!(b.state().turn, 2);
    assert!(b.state().is_over());
    assert!(
        e.notes
            .iter()
            .any(|n| n.contains("turn 1 was the battle's last: the battle is over")),
        "{:?}",
        e.notes
    );
}

#[test]
fn a_leader_rallies_only_when_steady_and_never_itself() {
    let mut b = started("leader_rally = true");
    mark(&mut b, "1-ldr", SUPPRESSED);
    let e = refused(
        &mut b,
        "rally",
        &[("leader", "1-ldr"), ("unit", "1-ldr")],
        "",
    );
    assert!(e.contains("not itself"), "{e}");
    mark(&mut b, "1-1", SUPPRESSED);
    let e = refused(&mut b, "rally", &[("leader", "1-ldr"), ("unit", "1-1")], "");
    assert!(e.contains("Suppressed: it may not move"), "{e}");
    act(&mut b, "rally", &[("leader", "a-ldr"), ("unit", "1-1")], "");
    assert!(!has(&b, "1-1", SUPPRESSED));
}

#[test]
fn a_panic_move_out_of_command_needs_a_command_roll() {
    let mut b = started("command_method = 2");
    mark(&mut b, "1-1", SUPPRESSED);
    let e = act(
        &mut b,
        "panic",
        &[("unit", "1-1"), ("out-of-command", "")],
        "7",
    );
    assert_eq!(
        e.effects,
        vec![marker("1-1", FINISHED, true)],
        "failed: Finished, no panic move"
    );
    assert_eq!(unit(&b, "1-1").hits, 0);
    mark(&mut b, "1-2", SUPPRESSED);
    let e = act(
        &mut b,
        "panic",
        &[("unit", "1-2"), ("out-of-command", "")],
        "4",
    );
    assert_eq!(e.resolutions[0].action, "command-roll");
    assert_eq!(unit(&b, "1-2").hits, 1);
}

#[test]
fn close_combat_odds_and_fight_describe_the_same_combat() {
    let mut b = started("");
    let contradicting = action(
        &b,
        "close-combat",
        &[
            ("attacker", "1-1"),
            ("defender", "g1"),
            ("defender-state", "paralyzed"),
        ],
    );
    let Command::Act { params, .. } = &contradicting else {
        unreachable!()
    };
    let e = b
        .ruleset
        .procedure("close-combat")
        .unwrap()
        .odds_in(&b.view(), params)
        .unwrap_err()
        .to_string();
    assert!(e.contains("the battle has none for"), "{e}");
    let e = refused(
        &mut b,
        "close-combat",
        &[
            ("attacker", "1-1"),
            ("defender", "g1"),
            ("defender-state", "paralyzed"),
        ],
        "",
    );
    assert!(
        e.contains("change its markers or hits by hand first"),
        "{e}"
    );
    // What the odds describe is what is fought: a Paralyzed defender fires once at +2.
    mark(&mut b, "g1", PARALYZED);
    let Command::Act { params, .. } = action(
        &b,
        "close-combat",
        &[("attacker", "1-1"), ("defender", "g1")],
    ) else {
        unreachable!()
    };
    let odds = b
        .ruleset
        .procedure("close-combat")
        .unwrap()
        .odds_in(&b.view(), &params)
        .unwrap();
    assert!(
        odds.notes.iter().any(|n| n.contains("starts Paralyzed")),
        "{:?}",
        odds.notes
    );
    let e = act(
        &mut b,
        "close-combat",
        &[("attacker", "1-1"), ("defender", "g1"), ("moved", "no")],
        "9 9",
    );
    assert_eq!(e.resolutions[0].steps[0].modifier_total(), 2);
}

#[test]
fn artillery_odds_check_the_spotter_like_the_attack() {
    let b = started("");
    let Command::Act { params, .. } = action(
        &b,
        "artillery",
        &[("asset", "arty"), ("spotter", "1-1"), ("targets", "g1")],
    ) else {
        unreachable!()
    };
    let e = b
        .ruleset
        .procedure("artillery")
        .unwrap()
        .odds_in(&b.view(), &params)
        .unwrap_err()
        .to_string();
    assert!(e.contains("leader must spot"), "{e}");
}

#[test]
fn a_leader_in_contact_is_not_targeted_while_its_stand_stands() {
    let mut b = started("");
    let e = refused(
        &mut b,
        "fire",
        &[
            ("firer", "1-1"),
            ("target", "g-ldr"),
            ("contact", "g1"),
            ("range", "5"),
        ],
        "",
    );
    assert!(e.contains("in contact with"), "{e}");
    let e = refused(
        &mut b,
        "fire",
        &[
            ("firer", "1-1"),
            ("target", "g1"),
            ("contact", "g2"),
            ("range", "5"),
        ],
        "",
    );
    assert!(e.contains("not a leader"), "{e}");
    // Under a template the leader comes after its stand, and is attacked once the stand is gone.
    let e = act(
        &mut b,
        "artillery",
        &[
            ("asset", "arty"),
            ("spotter", "a-ldr"),
            ("targets", "g-ldr@g1,g1"),
        ],
        "9",
    );
    assert_eq!(e.resolutions[0].steps.len(), 1, "only g1 is attacked");
    assert!(
        e.resolutions[0]
            .effects
            .iter()
            .any(|w| w.contains("not attacked, it is in contact with"))
    );
    let mut none = umpire::dice::TypedDice::default();
    b.execute(
        &Command::SetHits {
            unit: "g2".into(),
            hits: 2,
        },
        &mut none,
    )
    .unwrap();
    let e = act(
        &mut b,
        "artillery",
        &[
            ("asset", "lm"),
            ("spotter", "1-ldr"),
            ("targets", "g2"),
            ("range", "10"),
        ],
        "1",
    );
    assert!(
        e.effects
            .iter()
            .any(|x| matches!(x, Effect::Removed { unit, .. } if unit == "g2"))
    );
    // g2 gone: a leader sheltering behind it can now be fired at.
    act(
        &mut b,
        "fire",
        &[
            ("firer", "1-2"),
            ("target", "g-ldr"),
            ("contact", "g2"),
            ("range", "5"),
        ],
        "9",
    );
}

#[test]
fn a_leader_is_attacked_once_its_stand_falls_under_the_same_template() {
    let mut b = started("");
    let mut none = umpire::dice::TypedDice::default();
    b.execute(
        &Command::SetHits {
            unit: "g1".into(),
            hits: 2,
        },
        &mut none,
    )
    .unwrap();
    let e = act(
        &mut b,
        "artillery",
        &[
            ("asset", "arty"),
            ("spotter", "a-ldr"),
            ("targets", "g-ldr@g1,g1"),
        ],
        "1 1",
    );
    assert_eq!(e.resolutions[0].steps.len(), 2);
    assert!(unit(&b, "g1").removed.is_some() && unit(&b, "g-ldr").removed.is_some());
}

#[test]
fn opportunity_fire_at_a_stand_that_has_not_acted_is_questioned() {
    let mut b = started("");
    let e = act(
        &mut b,
        "fire",
        &[
            ("firer", "g1"),
            ("target", "1-1"),
            ("range", "5"),
            ("trigger", "fired"),
        ],
        "9",
    );
    assert!(
        e.resolutions[0]
            .effects
            .iter()
            .any(|w| w.contains("has not acted this turn")),
        "{:?}",
        e.resolutions[0].effects
    );
}

/// The battalion action made `turns` turns long.
fn short_battle(turns: u32) -> umpire::battle::Battle {
    let text = battalion("", "").replacen("turns = 6", &format!("turns = {turns}"), 1);
    battle(&text)
}

#[test]
fn the_battle_ends_after_its_last_turn_and_plays_on_only_when_extended() {
    let mut b = short_battle(1);
    // Turn 1: each side's command points (method 3) and action phase.
    advance(&mut b, "5");
    advance(&mut b, "5");
    assert_eq!((b.state().turn, b.state().active), (1, 1));
    assert!(!b.state().is_over());
    // Ending the second side's action phase ends turn 1, the last: nothing of turn 2 starts, so
    // no command points are rolled (no dice are asked for).
    let e = advance(&mut b, "");
    assert!(b.state().is_over());
    assert!(
        e.summary.ends_with("the battle is over after turn 1"),
        "{}",
        e.summary
    );
    assert!(
        e.notes
            .iter()
            .any(|n| n.contains("turn 1 was the battle's last")),
        "{:?}",
        e.notes
    );
    assert!(e.resolutions.is_empty(), "no roll for a turn not played");
    let summary = b.summary();
    assert!(summary.over);
    assert_eq!(summary.turns_played, 1);
    assert_eq!(summary.last_turn, Some(1));
    assert_eq!(summary.sides.len(), 2);
    assert!(
        summary
            .sides
            .iter()
            .all(|s| s.lost == 0 && s.in_play == s.units)
    );

    // Over: no procedure, no phase change; notes and undo still work.
    let mut none = umpire::dice::TypedDice::default();
    for cmd in [Command::Advance, action(&b, "move", &[("unit", "1-1")])] {
        let err = b.handle(&cmd, &mut none).unwrap_err().to_string();
        assert!(
            err.starts_with("the battle is over: turn 1 was its last"),
            "{err}"
        );
    }
    run(
        &mut b,
        Command::Note {
            text: "the guns fall silent".into(),
            private: false,
        },
        "",
    );

    // Extending is an edit, logged, and the battle goes on from turn 2.
    let e = run(&mut b, Command::Extend { turns: 1 }, "");
    assert_eq!(e.effects, [Effect::TurnLimit { turns: 2 }]);
    assert!(
        e.summary
            .contains("extends the battle by 1 turn: it now ends after turn 2")
    );
    assert!(!b.state().is_over());
    let e = advance(&mut b, "5");
    assert_eq!((b.state().turn, b.state().active), (2, 0));
    assert!(
        !e.resolutions.is_empty(),
        "turn 2's command points are rolled"
    );
    // Extending a battle that is not over is refused.
    let err = b
        .handle(&Command::Extend { turns: 1 }, &mut none)
        .unwrap_err()
        .to_string();
    assert!(err.contains("the battle is not over"), "{err}");
    // Undo takes the extension back as exactly as anything else.
    b.execute(&Command::Undo, &mut none).unwrap();
    b.execute(&Command::Undo, &mut none).unwrap();
    assert!(b.state().is_over());
    assert_eq!(b.state().turn_limit, Some(1));
    assert_eq!(&b.fold(), b.state());
}

#[test]
fn a_summary_counts_losses_hits_and_leaders_by_side() {
    let mut b = started("");
    b.execute(
        &Command::SetHits {
            unit: "g1".into(),
            hits: 3,
        },
        &mut umpire::dice::TypedDice::default(),
    )
    .unwrap();
    b.execute(
        &Command::SetHits {
            unit: "1-ldr".into(),
            hits: 1,
        },
        &mut umpire::dice::TypedDice::default(),
    )
    .unwrap();
    let s = b.summary();
    let us = &s.sides[0];
    let ger = &s.sides[1];
    assert_eq!((us.lost, us.hits, us.leaders_lost), (1, 1, 1), "{us:?}");
    assert_eq!((ger.lost, ger.hits, ger.leaders_lost), (1, 3, 0), "{ger:?}");
    assert_eq!(us.in_play + us.lost, us.units);
    assert!(us.leaders >= 1);
    assert!(!s.over);
    assert_eq!(s.last_turn, Some(6), "the test scenario is six turns long");
}
