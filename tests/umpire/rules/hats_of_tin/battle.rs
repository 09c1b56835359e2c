//! Hats of Tin in a battle, as given events / when a command / then these events: the orders
//! rolled and given, shooting with a commander, the friendly re-roll and indirect fire, rounds of
//! hits that wait for the owner's choice, the assault's two fires, rally, Overwatch, commanders
//! and carriers.

use crate::support::*;
use umpire::battle::Battle;
use umpire::model::Effect;
use umpire::rules::hats_of_tin::defs::*;

const VILLAGE: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/hats-of-tin/village.toml"
));

/// The battle with the Germans' orders rolled: `face` on the Force Commander's die, +1 for the
/// subordinate.
fn rolled(face: &str) -> Battle {
    let mut b = battle(VILLAGE);
    advance(&mut b, face);
    b
}

fn removed(b: &Battle, id: &str) -> bool {
    !unit(b, id).on_table()
}

fn value(b: &Battle, id: &str, m: &str) -> Option<i32> {
    unit(b, id).marker(m)
}

fn side_line(b: &Battle, side: usize) -> String {
    b.ruleset
        .side_badges(&b.view(), side)
        .into_iter()
        .map(|x| x.text)
        .collect::<Vec<_>>()
        .join(" ")
}

fn badges(b: &Battle, id: &str) -> String {
    let u = b.roster.unit_index(id).unwrap();
    b.ruleset
        .badges(&b.view(), u)
        .into_iter()
        .map(|x| x.text)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn the_orders_are_rolled_at_each_sides_turn_and_shown_as_orders_left() {
    let mut b = battle(VILLAGE);
    assert_eq!(b.state().phase, PH_ORDERS);
    let e = advance(&mut b, "3");
    assert_eq!(b.state().phase, PH_ACTION);
    assert!(e.effects.contains(&counter("de", ORDERS_LEFT, 3)), "{e:?}");
    assert!(e.effects.contains(&counter("de", ORDERS_TOTAL, 4)), "{e:?}");
    assert!(has(&b, "lt", SUB_ORDER));
    assert_eq!(side_line(&b, 0), "orders 4 of 4 left");
    assert_eq!(e.resolutions[0].result, "Schützen-Kompanie: 4 orders");
    // The subordinate's own order goes to a unit of his command first.
    let e = act(&mut b, "move", &[("unit", "mg"), ("areas", "1")], "");
    assert!(
        e.summary.contains("the order of Leutnant Vogel (lt)"),
        "{}",
        e.summary
    );
    assert!(!has(&b, "lt", SUB_ORDER));
    assert_eq!(b.state().counter("de", ORDERS_LEFT), Some(3));
    assert_eq!(side_line(&b, 0), "orders 3 of 4 left");
    // One order a unit a turn.
    let err = refused(&mut b, "overwatch", &[("unit", "mg")], "");
    assert!(
        err.contains("already holds its order this turn (move)"),
        "{err}"
    );
    for u in ["z1", "z2", "pz"] {
        act(&mut b, "move", &[("unit", u), ("areas", "1")], "");
    }
    assert_eq!(side_line(&b, 0), "orders 0 of 4 left");
    let err = refused(&mut b, "move", &[("unit", "gw"), ("areas", "1")], "");
    assert!(err.contains("no orders left this turn (4 given)"), "{err}");
    // Commanders need none: the Polish captain has none left either, but shoots in his turn.
    advance(&mut b, "1");
    assert_eq!(side_line(&b, 1), "orders 1 of 1 left");
    assert!(side_line(&b, 0).is_empty(), "the orders go with the turn");
    act(&mut b, "overwatch", &[("unit", "p1")], "");
    act(
        &mut b,
        "shoot",
        &[("firer", "kpt"), ("target", "z2"), ("range", "2")],
        "1",
    );
}

#[test]
fn without_the_force_commander_only_the_subordinates_give_orders() {
    let mut b = rolled("6");
    advance(&mut b, "1");
    // The captain's lone die hits the platoon his Hauptmann leads: the owner puts it on him.
    act(
        &mut b,
        "shoot",
        &[("firer", "kpt"), ("target", "z1"), ("range", "2")],
        "6",
    );
    assert_eq!(
        value(&b, "z1", PENDING),
        Some(1),
        "a commander attached: a choice"
    );
    let e = act(
        &mut b,
        "take-hits",
        &[("unit", "z1"), ("to-commander", "yes")],
        "",
    );
    assert!(removed(&b, "fc"), "{e:?}");
    assert_eq!(unit(&b, "z1").hits, 0);
    assert!(!has(&b, "fc", ATTACHED));
    // No die is thrown: the subordinate's one order only.
    let e = advance(&mut b, "");
    assert!(e.resolutions[0].faces().is_empty());
    assert_eq!(side_line(&b, 0), "orders 1 of 1 left");
}

#[test]
fn a_commander_attached_adds_his_die_and_a_round_of_two_waits_for_the_owner() {
    let mut b = rolled("6");
    let e = act(
        &mut b,
        "shoot",
        &[
            ("firer", "z1"),
            ("target", "p1"),
            ("range", "2"),
            ("target-cover", "yes"),
        ],
        "6,6,2",
    );
    let r = &e.resolutions[0];
    assert_eq!(r.faces().len(), 3, "2 dice and the commander's");
    assert_eq!(value(&b, "p1", PENDING), Some(2));
    assert_eq!(unit(&b, "p1").hits, 0, "not taken yet");
    assert_eq!(e.offers[0].action, "take-hits");
    assert_eq!(
        b.standing_offers()[0].actors,
        vec![b.roster.unit_index("p1").unwrap()]
    );
    // Nothing else happens until the owner chooses.
    for (name, args) in [
        ("move", vec![("unit", "z2"), ("areas", "1")]),
        ("rally", vec![("unit", "z2")]),
    ] {
        let err = refused(&mut b, name, &args, "");
        assert!(err.contains("has 2 hits waiting: take them first"), "{err}");
    }
    let err = b.handle(
        &umpire::battle::Command::Advance,
        &mut umpire::dice::TypedDice::default(),
    );
    assert!(err.is_err());
    // Militia: destroyed at 2, so converting the second hit saves it.
    let e = act(
        &mut b,
        "take-hits",
        &[("unit", "p1"), ("retreats", "1")],
        "",
    );
    assert_eq!(unit(&b, "p1").hits, 1);
    assert!(!removed(&b, "p1"));
    assert!(
        e.notes.iter().any(|n| n.contains("retreats 1 move")),
        "{e:?}"
    );
}

#[test]
fn a_blocked_retreat_is_a_hit_and_the_quality_limit_destroys() {
    let mut b = rolled("6");
    act(
        &mut b,
        "shoot",
        &[("firer", "mg"), ("target", "p1"), ("range", "4")],
        "5,6",
    );
    let err = refused(
        &mut b,
        "take-hits",
        &[("unit", "p1"), ("retreats", "2")],
        "",
    );
    assert!(err.contains("retreat"), "{err}");
    act(
        &mut b,
        "take-hits",
        &[("unit", "p1"), ("retreats", "1"), ("blocked", "1")],
        "",
    );
    assert!(removed(&b, "p1"), "militia: 2 hits");
    assert_eq!(
        unit(&b, "p1").removed.as_deref(),
        Some("2 hits, the limit of a militia unit")
    );
    // Elite: 4.
    let b2 = battle(VILLAGE);
    let z2 = b2.roster.unit_index("z2").unwrap();
    assert_eq!(b2.roster.units[z2].hit_limit, 4);
    assert_eq!(
        b2.roster.units[b2.roster.unit_index("fc").unwrap()].hit_limit,
        1
    );
}

#[test]
fn one_hit_without_a_commander_is_taken_at_once_and_range_is_enforced() {
    let mut b = rolled("6");
    let err = refused(
        &mut b,
        "shoot",
        &[("firer", "z2"), ("target", "p2"), ("range", "4")],
        "6,6",
    );
    assert!(err.contains("beyond range 3"), "{err}");
    let e = act(
        &mut b,
        "shoot",
        &[("firer", "pz"), ("target", "arm"), ("range", "5")],
        "4,1",
    );
    // The tank's superior firepower from the scenario: 4 + 1 = 5 hits.
    assert!(e.effects.contains(&hits("arm", 1)), "{e:?}");
    assert!(!has(&b, "arm", PENDING));
    assert!(e.offers.iter().all(|o| o.action != "take-hits"));
}

#[test]
fn misses_are_rerolled_at_the_firers_own_unit_adjacent_to_the_target() {
    let mut b = rolled("6");
    let e = act(
        &mut b,
        "shoot",
        &[
            ("firer", "z2"),
            ("target", "p2"),
            ("range", "3"),
            ("friend", "mg"),
        ],
        "6,1,5",
    );
    assert!(e.effects.contains(&hits("p2", 1)), "{e:?}");
    assert!(e.effects.contains(&hits("mg", 1)), "its own round: {e:?}");
    let err = refused(
        &mut b,
        "shoot",
        &[
            ("firer", "mg"),
            ("target", "p2"),
            ("range", "3"),
            ("friend", "ckm"),
        ],
        "",
    );
    assert!(err.contains("a unit of MG-Gruppe (mg)'s own side"), "{err}");
}

#[test]
fn the_defender_shoots_first_and_the_attacker_replies_after_taking_its_hits() {
    let mut b = rolled("6");
    let e = act(
        &mut b,
        "assault",
        &[
            ("attacker", "pz"),
            ("defender", "p2"),
            ("defender-cover", "yes"),
        ],
        "6,6",
    );
    assert_eq!(e.resolutions.len(), 1, "the reply waits");
    assert_eq!(value(&b, "pz", PENDING), Some(2));
    // The reply names its target, with the target's cover and the tank's superior firepower;
    // the defender names its attacker.
    let (pz, p2) = (
        b.roster.unit_index("pz").unwrap(),
        b.roster.unit_index("p2").unwrap(),
    );
    assert_eq!(b.view().marker_unit(pz, SECOND_FIRE), Some(p2));
    assert!(has(&b, "pz", SECOND_FIRE_COVER) && has(&b, "pz", SECOND_FIRE_SUPERIOR));
    assert_eq!(b.view().marker_unit(p2, ASSAULTED_BY), Some(pz));
    let e = act(&mut b, "take-hits", &[("unit", "pz")], "5,5");
    // The reply's flags come off with it.
    for m in [SECOND_FIRE, SECOND_FIRE_COVER, SECOND_FIRE_SUPERIOR] {
        assert!(!has(&b, "pz", m), "{m}");
    }
    assert_eq!(unit(&b, "pz").hits, 2);
    let reply = &e.resolutions[1];
    let mods: Vec<String> = reply.steps[0]
        .modifiers
        .iter()
        .map(|m| m.reason.clone())
        .collect();
    assert!(mods.iter().any(|m| m == "cover"), "{mods:?}");
    assert!(mods.iter().any(|m| m == "superior firepower"), "{mods:?}");
    assert!(mods.iter().any(|m| m == "tank assaulting"), "{mods:?}");
    assert_eq!(value(&b, "p2", PENDING), Some(2));
    let e = act(
        &mut b,
        "take-hits",
        &[("unit", "p2"), ("retreats", "1")],
        "",
    );
    assert!(
        e.summary.contains("Panzer II (pz) takes the area"),
        "{}",
        e.summary
    );
    assert!(!has(&b, "p2", ASSAULTED_BY));
}

#[test]
fn from_outside_the_front_arc_the_attacker_shoots_first_and_a_retreat_stops_the_reply() {
    let mut b = rolled("6");
    let e = act(
        &mut b,
        "assault",
        &[
            ("attacker", "z2"),
            ("defender", "ckm"),
            ("outside-front-arc", "yes"),
        ],
        "4,6",
    );
    let mods: Vec<String> = e.resolutions[0].steps[0]
        .modifiers
        .iter()
        .map(|m| m.reason.clone())
        .collect();
    assert!(
        mods.iter().any(|m| m == "from the flank or rear"),
        "{mods:?}"
    );
    assert_eq!(value(&b, "ckm", PENDING), Some(2));
    let e = act(
        &mut b,
        "take-hits",
        &[("unit", "ckm"), ("retreats", "1")],
        "",
    );
    assert_eq!(
        e.resolutions.len(),
        1,
        "a unit that retreated does not shoot"
    );
    assert!(
        e.summary.contains("2. Zug (z2) takes the area"),
        "{}",
        e.summary
    );
    // A commander takes no part in an assault; a truck cannot assault.
    let err = refused(
        &mut b,
        "assault",
        &[("attacker", "lkw"), ("defender", "p1")],
        "",
    );
    assert!(err.contains("no weapon"), "{err}");
    let err = refused(
        &mut b,
        "assault",
        &[("attacker", "z1"), ("defender", "kpt")],
        "",
    );
    assert!(err.contains("an assault is between units"), "{err}");
}

#[test]
fn rally_removes_a_hit_on_five_or_six_with_a_commander_plus_one() {
    let mut b = rolled("6");
    let err = refused(&mut b, "rally", &[("unit", "z1")], "5");
    assert!(err.contains("no hits"), "{err}");
    run(
        &mut b,
        umpire::battle::Command::SetHits {
            unit: "z1".into(),
            hits: 2,
        },
        "",
    );
    let err = refused(
        &mut b,
        "rally",
        &[("unit", "z1"), ("adjacent-enemy", "yes")],
        "6",
    );
    assert!(err.contains("adjacent"), "{err}");
    // 4 + 1 for the Hauptmann attached.
    let e = act(&mut b, "rally", &[("unit", "z1")], "4");
    assert!(e.effects.contains(&hits("z1", 1)), "{e:?}");
    run(
        &mut b,
        umpire::battle::Command::SetHits {
            unit: "mg".into(),
            hits: 1,
        },
        "",
    );
    let e = act(&mut b, "rally", &[("unit", "mg")], "4");
    assert!(
        !e.effects.iter().any(|x| matches!(x, Effect::Hits { .. })),
        "{e:?}"
    );
}

#[test]
fn overwatch_shoots_at_the_moment_a_unit_moves_or_never() {
    let mut b = rolled("6");
    advance(&mut b, "6");
    act(&mut b, "overwatch", &[("unit", "p2")], "");
    act(&mut b, "overwatch", &[("unit", "ckm")], "");
    assert!(badges(&b, "p2").contains("OW"));
    advance(&mut b, "6");
    let e = act(&mut b, "move", &[("unit", "z2"), ("areas", "2")], "");
    let offer = e
        .offers
        .iter()
        .find(|o| o.action == "shoot")
        .expect("offer");
    assert_eq!(offer.params.text("target"), Some("z2"));
    let actors = &b.standing_offers()[0].actors;
    assert_eq!(actors.len(), 2);
    // p2 takes it; the marker goes.
    act(
        &mut b,
        "shoot",
        &[
            ("firer", "p2"),
            ("target", "z2"),
            ("range", "2"),
            ("overwatch", "yes"),
        ],
        "1,1",
    );
    assert!(!has(&b, "p2", OVERWATCH));
    // ckm declines: the next procedure passes the moment, and it cannot go back to z2.
    act(&mut b, "move", &[("unit", "z1"), ("areas", "1")], "");
    let err = refused(
        &mut b,
        "shoot",
        &[
            ("firer", "ckm"),
            ("target", "z2"),
            ("range", "2"),
            ("overwatch", "yes"),
        ],
        "1,1",
    );
    assert!(err.contains("has not just moved or fired"), "{err}");
    // Its marker goes at its own side's next turn.
    assert!(has(&b, "ckm", OVERWATCH));
    advance(&mut b, "6");
    assert!(!has(&b, "ckm", OVERWATCH));
}

#[test]
fn indirect_fire_needs_a_spotter_with_an_order_and_radios_and_neither_moves() {
    let mut b = rolled("6");
    let err = refused(
        &mut b,
        "shoot",
        &[
            ("firer", "gw"),
            ("target", "ckm"),
            ("range", "5"),
            ("spotter", "z2"),
        ],
        "5,5",
    );
    assert!(err.contains("no radio or telephone"), "{err}");
    let before = b.state().counter("de", ORDERS_LEFT).unwrap();
    act(
        &mut b,
        "shoot",
        &[
            ("firer", "gw"),
            ("target", "ckm"),
            ("range", "5"),
            ("spotter", "z3"),
        ],
        "5,1",
    );
    assert_eq!(b.state().counter("de", ORDERS_LEFT), Some(before - 2));
    assert_eq!(value(&b, "z3", ORDER), Some(6), "the spot order");
    assert!(has(&b, "gw", NO_MOVE) && has(&b, "z3", NO_MOVE));
}

#[test]
fn a_destroyed_carrier_costs_its_passenger_a_hit_and_puts_it_down() {
    let mut b = rolled("6");
    assert_eq!(badges(&b, "lkw"), "Truck CARRIES z3");
    let err = refused(
        &mut b,
        "shoot",
        &[("firer", "z3"), ("target", "p1"), ("range", "2")],
        "",
    );
    assert!(err.contains("carried units do not shoot"), "{err}");
    advance(&mut b, "6");
    act(
        &mut b,
        "shoot",
        &[("firer", "arm"), ("target", "lkw"), ("range", "3")],
        "6,6",
    );
    act(&mut b, "take-hits", &[("unit", "lkw")], "");
    run(
        &mut b,
        umpire::battle::Command::SetHits {
            unit: "lkw".into(),
            hits: 2,
        },
        "",
    );
    let e = act(
        &mut b,
        "shoot",
        &[("firer", "ckm"), ("target", "lkw"), ("range", "3")],
        "6,1",
    );
    assert!(removed(&b, "lkw"), "{e:?}");
    assert_eq!(unit(&b, "z3").hits, 1);
    assert!(!has(&b, "z3", EMBARKED));
    assert!(
        e.notes
            .iter()
            .any(|n| n.contains("disembarks into an adjacent empty area"))
    );
}

#[test]
fn shooting_with_one_die_fewer_allows_one_area_afterwards_when_the_option_is_on() {
    let mut b = rolled("6");
    let e = act(
        &mut b,
        "shoot",
        &[
            ("firer", "mg"),
            ("target", "p1"),
            ("range", "4"),
            ("one-die-fewer", "yes"),
        ],
        "1",
    );
    assert_eq!(e.resolutions[0].faces().len(), 1);
    let err = refused(&mut b, "move", &[("unit", "mg"), ("areas", "2")], "");
    assert!(err.contains("may move one area"), "{err}");
    let before = b.state().counter("de", ORDERS_LEFT);
    act(&mut b, "move", &[("unit", "mg"), ("areas", "1")], "");
    assert_eq!(
        b.state().counter("de", ORDERS_LEFT),
        before,
        "no order for it"
    );
    let off = VILLAGE.replace("shoot_and_move = true", "shoot_and_move = false");
    let mut b = battle(&off);
    advance(&mut b, "6");
    let err = refused(
        &mut b,
        "shoot",
        &[
            ("firer", "mg"),
            ("target", "p1"),
            ("range", "4"),
            ("one-die-fewer", "yes"),
        ],
        "1",
    );
    assert!(err.contains("not in force"), "{err}");
}

#[test]
fn commanders_join_and_leave_units_and_boarding_is_part_of_a_move() {
    let mut b = rolled("6");
    assert_eq!(badges(&b, "z1"), "Infantry +fc");
    assert_eq!(badges(&b, "fc"), "FC WITH z1");
    let err = refused(&mut b, "attach", &[("commander", "lt"), ("unit", "z1")], "");
    assert!(
        err.contains("already has Hauptmann Brandt (fc) attached"),
        "{err}"
    );
    act(&mut b, "detach", &[("commander", "fc")], "");
    act(&mut b, "attach", &[("commander", "lt"), ("unit", "z1")], "");
    assert_eq!(badges(&b, "z1"), "Infantry +lt");
    // Leaving his platoon was the Hauptmann's one action this turn; alone, in the next, he moves
    // as the type he commands, with no order.
    let err = refused(&mut b, "move", &[("unit", "fc"), ("areas", "2")], "");
    assert!(err.contains("has already left his unit this turn"), "{err}");
    act(&mut b, "disembark", &[("unit", "z3")], "");
    act(&mut b, "embark", &[("unit", "z3"), ("carrier", "lkw")], "");
    assert_eq!(value(&b, "z3", ORDER), Some(1), "one move order for both");
    let err = refused(&mut b, "embark", &[("unit", "z2"), ("carrier", "lkw")], "");
    assert!(err.contains("already carries"), "{err}");
    advance(&mut b, "1");
    advance(&mut b, "1");
    let before = b.state().counter("de", ORDERS_LEFT);
    act(&mut b, "move", &[("unit", "fc"), ("areas", "2")], "");
    assert_eq!(b.state().counter("de", ORDERS_LEFT), before);
}

#[test]
fn the_battle_odds_are_the_published_procedure_s() {
    let b = rolled("6");
    let p = umpire::declare::Params::given(
        SHOOT_PARAMS,
        [("firer", "z1"), ("target", "p2"), ("range", "1")],
    )
    .unwrap();
    let report = b
        .ruleset
        .procedure("shoot")
        .unwrap()
        .odds_in(&b.view(), &p)
        .unwrap();
    let text = format!("{report:?}");
    // Three dice hitting on 5+: 8/27, 12/27, 6/27, 1/27.
    for p in [8.0 / 27.0, 12.0 / 27.0, 6.0 / 27.0, 1.0 / 27.0] {
        assert!(
            report
                .results
                .iter()
                .any(|l| (l.probability - p).abs() < 1e-12),
            "{p}: {text}"
        );
    }
}

#[test]
fn a_round_bigger_than_the_hits_left_destroys_the_unit() {
    let mut b = rolled("6");
    act(
        &mut b,
        "shoot",
        &[("firer", "mg"), ("target", "p1"), ("range", "4")],
        "6,1",
    );
    assert_eq!(unit(&b, "p1").hits, 1);
    // Three hits on militia (limit 2) with one already: a round bigger than it has left.
    let e = act(
        &mut b,
        "shoot",
        &[("firer", "z1"), ("target", "p1"), ("range", "2")],
        "6,6,6",
    );
    assert_eq!(value(&b, "p1", PENDING), Some(3), "{e:?}");
    let e = act(&mut b, "take-hits", &[("unit", "p1")], "");
    assert!(removed(&b, "p1"));
    assert_eq!(unit(&b, "p1").hits, 2, "its hits stop at the limit");
    let steps: Vec<&str> = e.resolutions[0]
        .steps
        .iter()
        .map(|s| s.label.as_str())
        .collect();
    assert!(
        steps
            .iter()
            .any(|s| s.ends_with("1 + 3 reaches the limit, 2 of 2 hits")),
        "{steps:?}"
    );
}

#[test]
fn a_move_order_goes_on_after_getting_off_and_is_spent_in_steps() {
    let mut b = rolled("6");
    act(&mut b, "disembark", &[("unit", "z3")], "");
    act(&mut b, "move", &[("unit", "z3"), ("areas", "1")], "");
    assert_eq!(value(&b, "z3", MOVED), Some(2));
    assert!(badges(&b, "z3").contains("1/2"), "{}", badges(&b, "z3"));
    act(&mut b, "move", &[("unit", "z3"), ("areas", "0.5")], "");
    let err = refused(&mut b, "move", &[("unit", "z3"), ("areas", "1")], "");
    assert!(
        err.contains("has moved 1½ of its 2 areas this turn: 1 more is too far"),
        "{err}"
    );
    act(&mut b, "move", &[("unit", "z3"), ("areas", "0.5")], "");
    assert_eq!(value(&b, "z3", ORDER), Some(1), "still the one move order");
    // The next turn starts afresh.
    advance(&mut b, "1");
    assert_eq!(value(&b, "z3", MOVED), None);
}
