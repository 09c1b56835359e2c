//! A stand that moves into contact draws the opportunity fire the rules allow before its close
//! combat is fought (`rules/newport.md`: opportunity fire "is resolved before any close combat the
//! move would start; a mover that is Suppressed or Paralyzed by it stops where it is (and starts
//! no close combat)"). Given a battle / when a command / then the events.

use crate::support::newport::*;
use crate::support::*;
use umpire::battle::{Battle, Command, StandingOffer};
use umpire::declare::{Params, Value};
use umpire::rules::newport::defs::*;

fn started(options: &str) -> Battle {
    let mut b = battle(&company(options));
    advance(&mut b, "");
    b
}

fn ids(b: &Battle, units: &[usize]) -> Vec<String> {
    units
        .iter()
        .map(|&u| b.roster.units[u].id.clone())
        .collect()
}

fn offer<'a>(offers: &'a [StandingOffer], action: &str) -> &'a StandingOffer {
    offers
        .iter()
        .find(|o| o.offer.action == action)
        .unwrap_or_else(|| panic!("no {action} offer in {offers:?}"))
}

/// Takes up a standing offer as the terminal UI does: its inputs, the actor, and what the umpire
/// adds.
fn take(
    b: &mut Battle,
    action: &str,
    actor: &str,
    more: &[(&str, &str)],
    faces: &str,
) -> umpire::battle::Event {
    let offers = b.standing_offers();
    let o = offer(&offers, action);
    assert!(
        ids(b, &o.actors).iter().any(|a| a == actor),
        "{actor} may take up {:?}",
        o.offer
    );
    let mut params: Params = o.offer.params.clone();
    params.set(&o.offer.actor_param, Value::Text(actor.into()));
    let def = umpire::ruleset::find_action(b.ruleset, action).unwrap();
    for (k, v) in more {
        let d = def.params.iter().find(|d| d.name == *k).unwrap();
        params.set(k, d.parse(v).unwrap());
    }
    run(
        b,
        Command::Act {
            action: action.into(),
            params,
        },
        faces,
    )
}

/// 1-1 moves into contact with g3, which is in hard cover.
fn contact(b: &mut Battle) -> umpire::battle::Event {
    act(
        b,
        "close-combat",
        &[("attacker", "1-1"), ("defender", "g3"), ("cover", "hard")],
        "",
    )
}

#[test]
fn a_move_into_contact_is_recorded_first_with_the_opportunity_fire_and_the_close_combat_offered() {
    let mut b = started("");
    let e = contact(&mut b);
    assert_eq!(
        e.summary,
        "1st Squad (1-1) moves into contact with 3. Gruppe (g3): opportunity fire at it comes first, then the close combat"
    );
    assert!(e.resolutions.is_empty(), "nothing is rolled yet");
    assert_eq!(e.effects, vec![marker("1-1", CLOSING, true)]);
    assert!(!has(&b, "1-1", FINISHED), "its action is not over");
    // Two offers, in the order they are resolved: the fire first, then the close combat.
    let actions: Vec<&str> = e.offers.iter().map(|o| o.action.as_str()).collect();
    assert_eq!(actions, ["fire", "close-combat"]);
    let fire = &e.offers[0];
    assert_eq!(fire.params.text("target"), Some("1-1"));
    assert_eq!(fire.params.text("trigger"), Some("moved"));
    assert_eq!(fire.params.text("assaulting"), Some("g3:hard"));
    let cc = &e.offers[1];
    assert_eq!(cc.params.text("attacker"), Some("1-1"));
    assert_eq!(cc.params.text("defender"), Some("g3"));
    assert_eq!(cc.params.text("cover"), Some("hard"));
    // Who may take them up: every ready German stand may fire; the attacker fights.
    let offers = b.standing_offers();
    let firers = ids(&b, &offer(&offers, "fire").actors);
    assert!(
        firers.contains(&"g1".to_string()) && firers.contains(&"pz".to_string()),
        "{firers:?}"
    );
    assert_eq!(ids(&b, &offer(&offers, "close-combat").actors), ["1-1"]);
    assert!(
        e.notes
            .iter()
            .any(|n| n.contains("close combat of 1-1 with g3")),
        "{:?}",
        e.notes
    );
}

#[test]
fn the_fire_comes_first_then_the_close_combat_it_did_not_stop() {
    let mut b = started("");
    contact(&mut b);
    // g1 fires at the mover and misses: g1 is Finished, the combat is offered again.
    let e = take(&mut b, "fire", "g1", &[("range", "6")], "9");
    assert_eq!(
        e.summary,
        "1. Gruppe (g1) opportunity-fires at 1st Squad (1-1): no effect; not stopped, the close combat with g3 follows"
    );
    assert!(has(&b, "g1", FINISHED) && has(&b, "1-1", OPP_FIRED_AT));
    assert!(has(&b, "1-1", CLOSING), "still moving into contact");
    let offers = b.standing_offers();
    assert_eq!(offers.len(), 1, "only the close combat: {offers:?}");
    let cc = offer(&offers, "close-combat");
    assert_eq!(
        cc.offer.params.text("cover"),
        Some("hard"),
        "the cover kept"
    );
    // The close combat is fought now: the defender fires first (+0), then the attacker (+2).
    let e = take(&mut b, "close-combat", "1-1", &[], "9 1 9 2");
    assert_eq!(e.resolutions.len(), 1, "no second command roll");
    let steps = &e.resolutions[0].steps;
    assert_eq!(steps[1].modifier_total(), 2, "the defender's hard cover");
    assert!(!has(&b, "1-1", CLOSING), "the move into contact is over");
    assert!(has(&b, "1-1", FINISHED));
    assert!(
        e.summary
            .starts_with("1st Squad (1-1) assaults 3. Gruppe (g3): ")
    );
    assert!(b.standing_offers().is_empty());
}

#[test]
fn a_mover_suppressed_by_the_fire_stops_and_starts_no_close_combat() {
    let mut b = started("");
    contact(&mut b);
    let e = take(&mut b, "fire", "g1", &[("range", "6")], "4");
    assert_eq!(
        e.summary,
        "1. Gruppe (g1) opportunity-fires at 1st Squad (1-1): Suppressed; stops where it is, no close combat with g3"
    );
    assert!(e.effects.contains(&marker("1-1", CLOSING, false)));
    assert!(has(&b, "1-1", SUPPRESSED) && has(&b, "1-1", FINISHED));
    assert!(!has(&b, "1-1", CLOSING));
    assert!(!has(&b, "g1", FINISHED), "a result: the firer stays ready");
    assert!(b.standing_offers().is_empty(), "no close combat is offered");
    let why = refused(
        &mut b,
        "close-combat",
        &[("attacker", "1-1"), ("defender", "g3")],
        "",
    );
    assert!(
        why.contains("1st Squad (1-1) is Suppressed after the opportunity fire at it")
            && why.contains("stops where it is and starts no close combat"),
        "{why}"
    );
}

#[test]
fn a_mover_paralyzed_or_destroyed_by_the_fire_starts_no_close_combat() {
    let mut b = started("");
    contact(&mut b);
    take(&mut b, "fire", "g1", &[("range", "6")], "1");
    assert!(has(&b, "1-1", PARALYZED));
    let why = refused(
        &mut b,
        "close-combat",
        &[("attacker", "1-1"), ("defender", "g3")],
        "",
    );
    assert!(
        why.contains("is Paralyzed after the opportunity fire"),
        "{why}"
    );

    let mut b = started("");
    run(
        &mut b,
        Command::SetHits {
            unit: "1-1".into(),
            hits: 2,
        },
        "",
    );
    contact(&mut b);
    let e = take(&mut b, "fire", "g1", &[("range", "6")], "2");
    assert!(e.summary.ends_with("(1-1): destroyed"), "{}", e.summary);
    assert!(unit(&b, "1-1").removed.is_some());
    assert!(b.standing_offers().is_empty());
    let why = refused(
        &mut b,
        "close-combat",
        &[("attacker", "1-1"), ("defender", "g3")],
        "",
    );
    assert!(
        why.contains("is no longer on the table")
            && why.contains("destroyed by the opportunity fire at its move starts no close combat"),
        "{why}"
    );
}

#[test]
fn taking_up_the_close_combat_declines_the_fire() {
    let mut b = started("");
    contact(&mut b);
    let e = take(&mut b, "close-combat", "1-1", &[], "9 1 9 2");
    assert_eq!(e.resolutions[0].action, "close-combat");
    assert!(!has(&b, "1-1", CLOSING) && has(&b, "1-1", FINISHED));
    assert!(
        b.standing_offers().is_empty(),
        "the fire is no longer offered"
    );
    // The same by the close-combat key, without the offer: the move is already recorded.
    let mut b = started("");
    contact(&mut b);
    let e = act(
        &mut b,
        "close-combat",
        &[("attacker", "1-1"), ("defender", "g3")],
        "9 9 9 9 1",
    );
    assert_eq!(e.resolutions[0].action, "close-combat");
}

#[test]
fn no_fire_to_offer_or_no_move_in_sight_fights_at_once() {
    // moved = no: the attacker was already in contact, or moved unseen.
    let mut b = started("");
    let e = act(
        &mut b,
        "close-combat",
        &[("attacker", "1-1"), ("defender", "g3"), ("moved", "no")],
        "9 1",
    );
    assert_eq!(e.resolutions[0].action, "close-combat");
    assert!(e.offers.is_empty());
    // Every German stand Finished: nobody may fire, so nothing is offered.
    let mut b = started("");
    for g in ["g-ldr", "g1", "g2", "g3", "g-mg", "pz"] {
        mark(&mut b, g, FINISHED);
    }
    let e = act(
        &mut b,
        "close-combat",
        &[("attacker", "1-1"), ("defender", "g3")],
        "9 1",
    );
    assert_eq!(e.resolutions[0].action, "close-combat");
    // A mover already fired at this action draws no second opportunity fire.
    let mut b = started("");
    mark(&mut b, "1-1", OPP_FIRED_AT);
    let e = act(
        &mut b,
        "close-combat",
        &[("attacker", "1-1"), ("defender", "g3")],
        "9 1",
    );
    assert_eq!(e.resolutions[0].action, "close-combat");
}

#[test]
fn the_odds_say_the_move_comes_first() {
    let b = started("");
    let Command::Act { params, .. } = action(
        &b,
        "close-combat",
        &[("attacker", "1-1"), ("defender", "g3")],
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
        odds.notes[0].contains("1-1 moves into contact first"),
        "{:?}",
        odds.notes
    );
}

#[test]
fn the_command_roll_and_point_go_with_the_move_not_again_with_the_combat() {
    // Method 2: the out-of-command attacker rolls once, at the move.
    let mut b = started("command_method = 2");
    let e = act(
        &mut b,
        "close-combat",
        &[
            ("attacker", "1-1"),
            ("defender", "g3"),
            ("out-of-command", ""),
        ],
        "3",
    );
    assert_eq!(e.resolutions[0].action, "command-roll");
    assert!(has(&b, "1-1", CLOSING));
    let e = take(
        &mut b,
        "close-combat",
        "1-1",
        &[("out-of-command", "")],
        "9 1",
    );
    assert_eq!(e.resolutions.len(), 1, "no second command roll");
    // A failed roll: Finished, no move, nothing offered.
    let mut b = started("command_method = 2");
    let e = act(
        &mut b,
        "close-combat",
        &[
            ("attacker", "1-1"),
            ("defender", "g3"),
            ("out-of-command", ""),
        ],
        "9",
    );
    assert!(has(&b, "1-1", FINISHED) && !has(&b, "1-1", CLOSING));
    assert!(e.offers.is_empty());

    // Method 3: one point at the move, none at the combat.
    let mut b = battle(&battalion("", ""));
    advance(&mut b, "5");
    let e = act(
        &mut b,
        "close-combat",
        &[("attacker", "p1"), ("defender", "k1")],
        "",
    );
    assert!(
        e.effects.contains(&counter("bn", "cp", 4)),
        "{:?}",
        e.effects
    );
    let e = take(&mut b, "close-combat", "p1", &[], "9 1");
    assert!(
        !e.effects
            .iter()
            .any(|x| matches!(x, umpire::model::Effect::Counter { .. })),
        "{:?}",
        e.effects
    );
    // A stopped mover spent its point with the move: no second one.
    let mut b = battle(&battalion("", ""));
    advance(&mut b, "5");
    act(
        &mut b,
        "close-combat",
        &[("attacker", "p1"), ("defender", "k1")],
        "",
    );
    let e = take(&mut b, "fire", "k2", &[("range", "6")], "4");
    assert!(
        !e.effects
            .iter()
            .any(|x| matches!(x, umpire::model::Effect::Counter { .. })),
        "{:?}",
        e.effects
    );
}

#[test]
fn a_stand_moving_into_contact_does_nothing_else_and_the_turn_end_clears_it() {
    let mut b = started("");
    contact(&mut b);
    let why = refused(
        &mut b,
        "fire",
        &[("firer", "1-1"), ("target", "g1"), ("range", "4")],
        "",
    );
    assert!(why.contains("is moving into contact"), "{why}");
    assert!(refused(&mut b, "move", &[("unit", "1-1")], "").contains("is moving into contact"));
    // Opportunity fire names the stand assaulted only for a stand moving into contact.
    let why = refused(
        &mut b,
        "fire",
        &[
            ("firer", "g1"),
            ("target", "1-2"),
            ("range", "4"),
            ("assaulting", "g3"),
        ],
        "",
    );
    assert!(why.contains("1-2) is not moving into contact"), "{why}");
    let why = refused(
        &mut b,
        "fire",
        &[
            ("firer", "g1"),
            ("target", "1-1"),
            ("range", "4"),
            ("assaulting", "1-2"),
        ],
        "",
    );
    assert!(why.contains("on the same side"), "{why}");
    // Undo takes the move back.
    b.execute(&Command::Undo, &mut umpire::dice::TypedDice::default())
        .unwrap();
    assert!(!has(&b, "1-1", CLOSING));
    assert!(b.standing_offers().is_empty());
    // A move into contact left hanging ends with the turn.
    contact(&mut b);
    let e = advance(&mut b, "");
    assert!(e.effects.contains(&marker("1-1", CLOSING, false)));
    assert!(
        e.notes
            .iter()
            .any(|n| n.contains("its close combat was never resolved")),
        "{:?}",
        e.notes
    );
}

#[test]
fn the_reading_is_recorded_as_a_decision() {
    let d = DECISIONS
        .iter()
        .find(|d| d.topic == "opportunity fire at a move into contact")
        .expect("the decision");
    assert!(d.text.contains("The fire is resolved before the combat"));
}
