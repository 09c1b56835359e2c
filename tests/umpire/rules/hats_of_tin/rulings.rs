//! Hats of Tin's rulings as given / when / then battles, each named after the digest's sentence
//! it checks (`rules/hats-of-tin.md`): commanders destroyed by a single hit and acting once a
//! turn, the friendly re-roll at the firer's own troops, Overwatch between a move and its
//! assault, a unit's own armour and firer class, and rounds of hits that wait (every one
//! offered, none left blocking by a hand edit).

use crate::support::*;
use umpire::battle::{Battle, Command};
use umpire::declare::Params;
use umpire::model::Effect;
use umpire::rules::hats_of_tin::defs::*;

const VILLAGE: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/hats-of-tin/village.toml"
));

/// The village battle, the Germans' orders rolled (`face` + 1 for the subordinate).
fn germans(face: &str) -> Battle {
    let mut b = battle(VILLAGE);
    advance(&mut b, face);
    b
}

/// The village battle in the Poles' first turn (6 + 0 orders), the Germans having done nothing.
fn poles() -> Battle {
    let mut b = germans("6");
    advance(&mut b, "6");
    b
}

fn removed(b: &Battle, id: &str) -> bool {
    !unit(b, id).on_table()
}

fn value(b: &Battle, id: &str, m: &str) -> Option<i32> {
    unit(b, id).marker(m)
}

/// Sets a marker by hand to a value (`umpire mark J UNIT MARKER VALUE`).
fn mark_value(b: &mut Battle, id: &str, m: &str, v: i32) {
    run(
        b,
        Command::SetMarker {
            unit: id.into(),
            marker: m.into(),
            value: Some(v),
        },
        "",
    );
}

/// The offers standing, as `action unit` for a take-hits, `action target` for a shot.
fn offers(b: &Battle) -> Vec<String> {
    b.standing_offers()
        .iter()
        .map(|s| {
            let p = &s.offer.params;
            let named = p.text("unit").or(p.text("target")).unwrap_or("?");
            format!("{} {named}", s.offer.action)
        })
        .collect()
}

fn odds(b: &Battle, action: &str, args: &[(&str, &str)]) -> umpire::odds::OddsReport {
    let def = umpire::ruleset::find_action(b.ruleset, action).unwrap();
    let p = Params::given(def.params, args.iter().copied()).unwrap();
    b.ruleset
        .procedure(action)
        .unwrap()
        .battle_odds(&b.view(), &p)
        .unwrap()
}

// ---- Units: "a commander is destroyed by a single hit — any hit, from any round, never
// converted into a retreat (his quality does not matter)" ----

#[test]
fn a_lone_commander_is_destroyed_by_a_single_hit_of_any_round() {
    // Given the Poles' turn and the German subordinate Vogel alone (commands z2 and mg).
    let mut b = poles();
    // When the Polish platoon scores two hits on him.
    let e = act(
        &mut b,
        "shoot",
        &[("firer", "p2"), ("target", "lt"), ("range", "2")],
        "6,5",
    );
    // Then he is destroyed at once: no round waits, none is converted into a retreat.
    assert!(removed(&b, "lt"), "{e:?}");
    assert_eq!(unit(&b, "lt").hits, 1);
    assert_eq!(
        unit(&b, "lt").removed.as_deref(),
        Some("a single hit destroys a commander")
    );
    assert_eq!(value(&b, "lt", PENDING), None);
    assert!(offers(&b).iter().all(|o| !o.starts_with("take-hits")));
    assert!(
        e.resolutions[0].effects.contains(
            &"Leutnant Vogel (lt) is destroyed (a single hit destroys a commander): remove him"
                .to_string()
        ),
        "{:?}",
        e.resolutions[0].effects
    );
    let err = refused(
        &mut b,
        "take-hits",
        &[("unit", "lt"), ("retreats", "1")],
        "",
    );
    assert!(err.contains("no round of hits waiting"), "{err}");
    // And he gives no more orders: the Germans' next turn has the roll alone.
    advance(&mut b, "2");
    assert_eq!(b.state().counter("de", ORDERS_TOTAL), Some(2));
}

#[test]
fn a_lone_commander_falls_to_one_hit_and_the_odds_say_so() {
    // Given the Poles' turn.
    let mut b = poles();
    // The odds of a shot at the lone subordinate: any hit destroys him.
    let report = odds(
        &b,
        "shoot",
        &[("firer", "p2"), ("target", "lt"), ("range", "2")],
    );
    assert!(
        (report.extra["p_target_destroyed"] - 5.0 / 9.0).abs() < 1e-12,
        "{report:?}"
    );
    assert!(
        report
            .notes
            .iter()
            .any(|n| n == "Leutnant Vogel (lt) destroyed: 55.56%"),
        "{:?}",
        report.notes
    );
    // When the Polish captain's lone die scores one hit on him, then he is destroyed.
    act(
        &mut b,
        "shoot",
        &[("firer", "kpt"), ("target", "lt"), ("range", "1")],
        "5",
    );
    assert!(removed(&b, "lt"));
}

// "An attached commander cannot be shot at on his own: a shot at him is a shot at the unit, and
// the owning player places the hits."
#[test]
fn an_attached_commander_cannot_be_shot_at_on_his_own() {
    // Given the Poles' turn and the Hauptmann attached to 1. Zug.
    let mut b = poles();
    // When a Polish unit shoots at him, then it is refused and nothing changes.
    let err = refused(
        &mut b,
        "shoot",
        &[("firer", "p2"), ("target", "fc"), ("range", "2")],
        "6,6",
    );
    assert_eq!(
        err,
        "Hauptmann Brandt (fc) is attached to 1. Zug (z1): he cannot be shot at on his own; a shot at him is a shot at z1, and its owner places the hits"
    );
    // The shot at his unit waits for the owner, who may put the hit on him.
    act(
        &mut b,
        "shoot",
        &[("firer", "p2"), ("target", "z1"), ("range", "2")],
        "6,1",
    );
    assert_eq!(value(&b, "z1", PENDING), Some(1));
    act(
        &mut b,
        "take-hits",
        &[("unit", "z1"), ("to-commander", "yes")],
        "",
    );
    assert!(removed(&b, "fc"));
    assert_eq!(unit(&b, "z1").hits, 0);
}

// ---- Taking hits: every round waiting is offered; a hand edit never blocks with a
// contradiction ----

#[test]
fn a_round_set_to_nought_by_hand_holds_nothing_back() {
    // Given the Germans' turn and p1's waiting round set to 0 by hand.
    let mut b = germans("6");
    mark_value(&mut b, "p1", PENDING, 0);
    // Then nothing waits: the Germans act, no take-hits is offered, and it is refused.
    assert!(offers(&b).is_empty(), "{:?}", offers(&b));
    act(&mut b, "move", &[("unit", "z2"), ("areas", "1")], "");
    let err = refused(&mut b, "take-hits", &[("unit", "p1")], "");
    assert_eq!(
        err,
        "1 pluton (p1) has no round of hits waiting for its owner's choice"
    );
    advance(&mut b, "1");
}

#[test]
fn every_round_waiting_is_offered_until_it_is_taken() {
    // Given the Germans' turn and two hits on p1 set to wait by hand.
    let mut b = germans("6");
    mark_value(&mut b, "p1", PENDING, 2);
    // Then it is offered though a hand edit came last, and it blocks the rest.
    assert_eq!(offers(&b), ["take-hits p1"]);
    let err = refused(&mut b, "move", &[("unit", "z2"), ("areas", "1")], "");
    assert!(err.contains("1 pluton (p1) has 2 hits waiting"), "{err}");
    // When a second round comes to wait, both are offered; taking one leaves the other offered.
    mark_value(&mut b, "p2", PENDING, 2);
    assert_eq!(offers(&b), ["take-hits p1", "take-hits p2"]);
    act(
        &mut b,
        "take-hits",
        &[("unit", "p2"), ("retreats", "1")],
        "",
    );
    assert_eq!(offers(&b), ["take-hits p1"]);
    assert!(b.standing_offers()[0].actors == vec![b.roster.unit_index("p1").unwrap()]);
    act(&mut b, "take-hits", &[("unit", "p1")], "");
    assert!(removed(&b, "p1"), "militia: 2 hits");
    assert!(offers(&b).is_empty());
}

#[test]
fn a_round_left_on_a_commander_by_hand_destroys_him() {
    // Given a round of two hits set by hand on the lone subordinate.
    let mut b = germans("6");
    mark_value(&mut b, "lt", PENDING, 2);
    assert_eq!(offers(&b), ["take-hits lt"]);
    // When it is converted, then that is refused in the rules' words; taken, it destroys him.
    let err = refused(
        &mut b,
        "take-hits",
        &[("unit", "lt"), ("retreats", "1")],
        "",
    );
    assert!(err.contains("a single hit destroys him"), "{err}");
    let e = act(&mut b, "take-hits", &[("unit", "lt")], "");
    assert!(removed(&b, "lt"), "{e:?}");
    assert_eq!(unit(&b, "lt").hits, 1);
    assert!(e.effects.contains(&Effect::Marker {
        unit: "lt".into(),
        marker: PENDING.into(),
        value: None
    }));
}

#[test]
fn an_order_marker_set_by_hand_to_no_order_gives_none() {
    // Given z2's order marker set to 0 by hand (no order's number).
    let mut b = germans("6");
    mark_value(&mut b, "z2", ORDER, 0);
    // Then z2 is not said to hold an order: it may be given one.
    act(&mut b, "move", &[("unit", "z2"), ("areas", "1")], "");
    assert_eq!(value(&b, "z2", ORDER), Some(1));
}

// ---- Units: "a commander needs no order but acts at most once in his own side's turn, like an
// ordered unit: he moves OR shoots (1 die) on his own, or attaches to / detaches from a unit (in
// his own side's turn only)" ----

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
fn a_lone_commander_shoots_once_and_then_neither_shoots_nor_moves() {
    // Given the Poles' turn and their captain alone.
    let mut b = poles();
    // When he shoots once (no order needed).
    act(
        &mut b,
        "shoot",
        &[("firer", "kpt"), ("target", "z2"), ("range", "2")],
        "1",
    );
    assert_eq!(b.state().counter("pl", ORDERS_LEFT), Some(6));
    assert_eq!(badges(&b, "kpt"), "FC SHOT ACTED");
    // Then a second shot, a move or joining a unit is refused.
    let again = "Kapitan Nowak (kpt) has already shot this turn: a commander acts once in his side's turn (he moves or shoots on his own, or joins or leaves a unit)";
    let err = refused(
        &mut b,
        "shoot",
        &[("firer", "kpt"), ("target", "z2"), ("range", "2")],
        "6",
    );
    assert_eq!(err, again);
    let err = refused(&mut b, "move", &[("unit", "kpt"), ("areas", "1")], "");
    assert_eq!(err, again);
    let err = refused(
        &mut b,
        "attach",
        &[("commander", "kpt"), ("unit", "p1")],
        "",
    );
    assert_eq!(err, again);
    // And in his side's next turn he may act again.
    advance(&mut b, "6");
    advance(&mut b, "6");
    assert_eq!(value(&b, "kpt", CDR_ACTION), None);
    act(&mut b, "move", &[("unit", "kpt"), ("areas", "1")], "");
}

#[test]
fn a_lone_commander_moves_in_steps_but_then_does_nothing_else() {
    // Given the Germans' turn and their subordinate alone (he moves as an MG: 2 areas).
    let mut b = germans("6");
    // When he moves one area, then one more: one move, in steps.
    act(&mut b, "move", &[("unit", "lt"), ("areas", "1")], "");
    act(&mut b, "move", &[("unit", "lt"), ("areas", "1")], "");
    assert_eq!(badges(&b, "lt"), "CDR ORDER UNUSED MOVED 2/2 ACTED");
    // Then he neither shoots nor joins a unit.
    let err = refused(
        &mut b,
        "shoot",
        &[("firer", "lt"), ("target", "p1"), ("range", "2")],
        "6",
    );
    assert!(err.contains("has already moved this turn"), "{err}");
    let err = refused(&mut b, "attach", &[("commander", "lt"), ("unit", "z2")], "");
    assert!(err.contains("has already moved this turn"), "{err}");
}

#[test]
fn a_commander_joins_or_leaves_a_unit_once_and_only_in_his_sides_turn() {
    // Given the Poles' turn: the German commanders may not join or leave a unit.
    let mut b = poles();
    let err = refused(&mut b, "attach", &[("commander", "lt"), ("unit", "z2")], "");
    assert_eq!(
        err,
        "Leutnant Vogel (lt): a commander acts only in his own side's turn; it is Obrona Narodowa's turn"
    );
    let err = refused(&mut b, "detach", &[("commander", "fc")], "");
    assert!(err.contains("acts only in his own side's turn"), "{err}");
    let err = refused(
        &mut b,
        "shoot",
        &[("firer", "lt"), ("target", "p1"), ("range", "2")],
        "6",
    );
    assert!(err.contains("acts only in his own side's turn"), "{err}");
    // In the Germans' turn the Hauptmann leaves his platoon: his one action.
    advance(&mut b, "6");
    act(&mut b, "detach", &[("commander", "fc")], "");
    assert_eq!(badges(&b, "fc"), "FC DETACHED");
    let err = refused(&mut b, "move", &[("unit", "fc"), ("areas", "1")], "");
    assert!(err.contains("has already left his unit this turn"), "{err}");
    let err = refused(&mut b, "attach", &[("commander", "fc"), ("unit", "z1")], "");
    assert!(err.contains("has already left his unit this turn"), "{err}");
    // The die he adds to his unit's shot is the unit's action, not his: the subordinate joins a
    // platoon, which shoots with his die.
    act(&mut b, "attach", &[("commander", "lt"), ("unit", "z2")], "");
    let e = act(
        &mut b,
        "shoot",
        &[("firer", "z2"), ("target", "p2"), ("range", "2")],
        "1,1,1",
    );
    assert_eq!(e.resolutions[0].faces().len(), 3);
}

// ---- Resolve: shooting — "Target adjacent to a friendly unit: 'friendly' is the firer's side
// (the text speaks in the firer's voice: shooting at an enemy next to your own troops risks
// hitting them). Every miss is re-rolled once against that friendly unit, with the friendly
// unit's own cover and armour modifiers; the hits it takes count as its own round." ----

#[test]
fn misses_are_rerolled_at_the_firers_own_unit_next_to_the_target() {
    // Given the Germans' turn: 2. Zug shoots at 2 pluton, its own MG next to the target.
    let mut b = germans("6");
    let shot = [
        ("firer", "z2"),
        ("target", "p2"),
        ("range", "3"),
        ("friend", "mg"),
    ];
    let report = odds(&b, "shoot", &shot);
    assert!(
        (report.extra["expected_friend_hits"] - 2.0 * (2.0 / 3.0) * (1.0 / 3.0)).abs() < 1e-12,
        "{report:?}"
    );
    // When one die hits and one misses, then the miss is re-rolled at the MG: a hit, its own.
    let e = act(&mut b, "shoot", &shot, "6,1,5");
    assert!(e.effects.contains(&hits("p2", 1)), "{e:?}");
    assert!(e.effects.contains(&hits("mg", 1)), "{e:?}");
    assert_eq!(
        e.resolutions[0].result,
        "1 hit on 2 pluton (p2); re-rolled misses: 1 hit on MG-Gruppe (mg)"
    );
}

#[test]
fn a_friend_of_the_target_or_the_firer_itself_takes_no_misses() {
    let mut b = germans("6");
    // A unit of the target's side is no friend of the firer's.
    let err = refused(
        &mut b,
        "shoot",
        &[
            ("firer", "z2"),
            ("target", "p2"),
            ("range", "3"),
            ("friend", "ckm"),
        ],
        "6,1,5",
    );
    assert_eq!(
        err,
        "CKM (ckm) cannot take the misses: they are re-rolled against a unit of 2. Zug (z2)'s own side adjacent to the target, not the firer itself (the risk of hitting one's own troops; the option `friend_of_target` reads it as a friend of the target)"
    );
    // Nor the firer itself.
    let err = refused(
        &mut b,
        "shoot",
        &[
            ("firer", "z2"),
            ("target", "p2"),
            ("range", "1"),
            ("friend", "z2"),
        ],
        "6,1,5",
    );
    assert!(
        err.starts_with("2. Zug (z2) cannot take the misses"),
        "{err}"
    );
}

#[test]
fn with_the_option_the_misses_go_to_a_friend_of_the_target() {
    // Given the option that reads "friendly" as the target's friend.
    let source = VILLAGE.replace(
        "shoot_and_move = true",
        "shoot_and_move = true\nfriend_of_target = true",
    );
    let mut b = battle(&source);
    advance(&mut b, "6");
    // Then the Polish MG next to the Polish target takes the misses, and the firer's own MG not.
    let e = act(
        &mut b,
        "shoot",
        &[
            ("firer", "z2"),
            ("target", "p2"),
            ("range", "3"),
            ("friend", "ckm"),
        ],
        "6,1,5",
    );
    assert!(e.effects.contains(&hits("ckm", 1)), "{e:?}");
    let err = refused(
        &mut b,
        "shoot",
        &[
            ("firer", "mg"),
            ("target", "p1"),
            ("range", "3"),
            ("friend", "z1"),
        ],
        "",
    );
    assert!(
        err.contains(
            "with the option `friend_of_target` they go to another unit of 1 pluton (p1)'s side"
        ),
        "{err}"
    );
}

#[test]
fn the_target_and_the_firers_own_unit_each_wait_with_their_own_round() {
    // Given the subordinate attached to 2. Zug, next to the Polish platoon 1. Zug shoots at.
    let mut b = germans("6");
    act(&mut b, "attach", &[("commander", "lt"), ("unit", "z2")], "");
    // When two dice hit the target and the third, re-rolled, hits 2. Zug.
    act(
        &mut b,
        "shoot",
        &[
            ("firer", "z1"),
            ("target", "p2"),
            ("range", "2"),
            ("friend", "z2"),
        ],
        "6,6,1,5",
    );
    // Then both rounds wait, each offered; taking the target's leaves 2. Zug's offered.
    assert_eq!(offers(&b), ["take-hits p2", "take-hits z2"]);
    act(
        &mut b,
        "take-hits",
        &[("unit", "p2"), ("retreats", "1")],
        "",
    );
    assert_eq!(offers(&b), ["take-hits z2"]);
    let err = refused(&mut b, "move", &[("unit", "pz"), ("areas", "1")], "");
    assert!(err.contains("2. Zug (z2) has 1 hit waiting"), "{err}");
    act(&mut b, "take-hits", &[("unit", "z2")], "");
    assert!(offers(&b).is_empty());
    assert_eq!(unit(&b, "z2").hits, 1);
}

// ---- Markers to track: Overwatch — "A unit that moves and then assaults can be shot by
// overwatch after its move and before the assault's exchange of fire (the move and the assault
// are two steps, with the overwatch moment between them). 'Has moved at least one area' counts
// areas entered, not movement cost." — and "if it declines at that moment it cannot go back to
// that unit later." ----

/// The Germans' second turn, the Polish platoon p2 and MG ckm on Overwatch.
fn under_overwatch() -> Battle {
    let mut b = poles();
    act(&mut b, "overwatch", &[("unit", "p2")], "");
    act(&mut b, "overwatch", &[("unit", "ckm")], "");
    advance(&mut b, "6");
    b
}

#[test]
fn overwatch_shoots_after_the_move_and_before_the_assault_it_leads_to() {
    // Given the Germans' turn under Polish Overwatch.
    let mut b = under_overwatch();
    // When 2. Zug moves next to p2, then the Overwatch units are offered the shot now.
    act(&mut b, "move", &[("unit", "z2"), ("areas", "1")], "");
    assert_eq!(offers(&b), ["shoot z2"]);
    assert_eq!(b.standing_offers()[0].actors.len(), 2);
    // The MG takes it: one hit, at once.
    act(
        &mut b,
        "shoot",
        &[
            ("firer", "ckm"),
            ("target", "z2"),
            ("range", "2"),
            ("overwatch", "yes"),
        ],
        "6,1",
    );
    assert_eq!(unit(&b, "z2").hits, 1);
    // Then 2. Zug assaults with the same order: no second order is given.
    let left = b.state().counter("de", ORDERS_LEFT);
    let sub = has(&b, "lt", SUB_ORDER);
    let e = act(
        &mut b,
        "assault",
        &[("attacker", "z2"), ("defender", "p2")],
        "1,1,1,1",
    );
    assert_eq!(b.state().counter("de", ORDERS_LEFT), left);
    assert_eq!(has(&b, "lt", SUB_ORDER), sub);
    assert_eq!(
        value(&b, "z2", ORDER),
        Some(4),
        "its order is now the assault"
    );
    assert_eq!(
        e.resolutions.len(),
        2,
        "the whole exchange after the Overwatch shot"
    );
    // And p2, which let the moment pass, cannot go back to 2. Zug after its assault.
    assert!(offers(&b).is_empty(), "{:?}", offers(&b));
    let err = refused(
        &mut b,
        "shoot",
        &[
            ("firer", "p2"),
            ("target", "z2"),
            ("range", "1"),
            ("overwatch", "yes"),
        ],
        "6,6",
    );
    assert!(err.contains("has not just moved or fired"), "{err}");
    // A move after an assault is another order.
    let err = refused(&mut b, "move", &[("unit", "z2"), ("areas", "1")], "");
    assert!(
        err.contains("already holds its order this turn (assault)"),
        "{err}"
    );
}

#[test]
fn a_unit_that_has_not_moved_assaults_with_an_order_of_its_own() {
    // Given the Germans' turn: the MG began its turn next to p2 and assaults without moving.
    let mut b = under_overwatch();
    let left = b.state().counter("de", ORDERS_LEFT).unwrap();
    act(
        &mut b,
        "assault",
        &[("attacker", "mg"), ("defender", "p2")],
        "1,1,1,1",
    );
    // Then it costs an order (the subordinate's, for his MG), and the Overwatch moment comes
    // after it, as after any fire.
    assert!(!has(&b, "lt", SUB_ORDER));
    assert_eq!(b.state().counter("de", ORDERS_LEFT), Some(left));
    assert_eq!(offers(&b), ["shoot mg"]);
}

#[test]
fn a_move_that_enters_an_area_is_a_moment_whatever_its_cost() {
    let mut b = under_overwatch();
    // A truck on the road: one area entered for ½ of its move.
    act(&mut b, "move", &[("unit", "lkw"), ("areas", "0.5")], "");
    assert_eq!(offers(&b), ["shoot lkw"]);
    // Infantry into a wood: one area for 2 of its move.
    act(
        &mut b,
        "move",
        &[("unit", "z1"), ("areas", "2"), ("entered", "1")],
        "",
    );
    assert_eq!(offers(&b), ["shoot z1"]);
    // Half an area of a tank's move, which pays for no area: no moment (the platoon's passes).
    act(&mut b, "move", &[("unit", "pz"), ("areas", "0.5")], "");
    assert!(offers(&b).is_empty(), "{:?}", offers(&b));
    // Two areas are never entered for 1 of an infantry platoon's move.
    let err = refused(
        &mut b,
        "move",
        &[("unit", "z2"), ("areas", "1"), ("entered", "2")],
        "",
    );
    assert_eq!(
        err,
        "2. Zug (z2): a move costing 1 enters at most 1 area (each area costs at least 1)"
    );
}

#[test]
fn a_moment_let_pass_does_not_come_back_after_a_shot_with_one_die_fewer() {
    // Given the Germans' turn under Polish Overwatch, the optional rule in force.
    let mut b = under_overwatch();
    // When the MG shoots with one die fewer, the Overwatch units have their moment.
    act(
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
    assert_eq!(offers(&b), ["shoot mg"]);
    // They let it pass: the MG's move of one area brings no other.
    act(&mut b, "move", &[("unit", "mg"), ("areas", "1")], "");
    assert!(offers(&b).is_empty(), "{:?}", offers(&b));
    let err = refused(
        &mut b,
        "shoot",
        &[
            ("firer", "ckm"),
            ("target", "mg"),
            ("range", "3"),
            ("overwatch", "yes"),
        ],
        "6,6",
    );
    assert!(err.contains("has not just moved or fired"), "{err}");
    // Nor does the second step of a move.
    act(&mut b, "move", &[("unit", "z2"), ("areas", "1")], "");
    assert_eq!(offers(&b), ["shoot z2"]);
    act(&mut b, "move", &[("unit", "z2"), ("areas", "1")], "");
    assert!(offers(&b).is_empty(), "{:?}", offers(&b));
}

// ---- Units: "A scenario may set a unit's armour and firer class (gun weight) itself, overriding
// its type's default, as the text makes both 'relative to period'." ----

/// The village with the Panzer II given a heavy gun and light armour by the scenario.
fn with_own_gun_and_armour() -> Battle {
    let source = VILLAGE.replace(
        "kind = \"tank\"\n  superior = true\n",
        "kind = \"tank\"\n  superior = true\n  firer_class = \"heavy-gun\"\n  armour = \"light\"\n",
    );
    assert_ne!(source, VILLAGE);
    let mut b = battle(&source);
    advance(&mut b, "6");
    b
}

fn reasons(e: &umpire::battle::Event) -> Vec<String> {
    e.resolutions[0].steps[0]
        .modifiers
        .iter()
        .map(|m| format!("{:+} {}", m.value, m.reason))
        .collect()
}

#[test]
fn a_unit_shoots_with_its_own_firer_class_and_is_shot_at_through_its_own_armour() {
    // Given the Panzer II with a heavy gun and light armour from the scenario.
    let mut b = with_own_gun_and_armour();
    let shot = [("firer", "pz"), ("target", "p2"), ("range", "3")];
    // Its shot has +2 for the heavy gun (and +1 for its superior firepower), the odds too.
    let report = odds(&b, "shoot", &shot);
    assert!(
        (report.extra["p_hit_per_die"] - 5.0 / 6.0).abs() < 1e-12,
        "{report:?}"
    );
    let e = act(&mut b, "shoot", &shot, "1,1");
    assert_eq!(reasons(&e), ["+2 heavy gun", "+1 superior firepower"]);
    // A Polish platoon's shot at it has −1 for light armour, not a tank's −2.
    advance(&mut b, "6");
    let e = act(
        &mut b,
        "shoot",
        &[("firer", "p1"), ("target", "pz"), ("range", "2")],
        "5,1",
    );
    assert_eq!(reasons(&e), ["-1 light armour"]);
    assert_eq!(unit(&b, "pz").hits, 0, "5 − 1 = 4 misses");
    // In an assault too: the tank's reply with its heavy gun.
    advance(&mut b, "6");
    let e = act(
        &mut b,
        "assault",
        &[("attacker", "pz"), ("defender", "ckm")],
        "1,1,1,1",
    );
    let reply = &e.resolutions[1].steps[0];
    assert!(
        reply.modifiers.iter().any(|m| m.reason == "heavy gun"),
        "{reply:?}"
    );
}

#[test]
fn the_units_panel_says_its_own_armour_and_firer_class() {
    let b = with_own_gun_and_armour();
    let u = b.roster.unit_index("pz").unwrap();
    let badges = b.ruleset.badges(&b.view(), u);
    assert_eq!(badges[0].text, "Tank");
    assert_eq!(
        badges[0].help,
        "Move 3 areas; difficult terrain counts as 3 · Light gun range 5 · heavy gun (the scenario's, over the Tank type's normal firer) · armour light (the scenario's, over the Tank type's medium)"
    );
}

// ---- Markers to track: embarked units — "Embarked units (which truck or boat carries them;
// carried units do not shoot or assault unless the carrier is a specialised fighting carrier)"
// and "if a carrier is destroyed, each carried unit takes one hit": carried troops are off the
// table (the published text: they "embark and are then removed"); the shot is at their carrier.

#[test]
fn a_carried_unit_is_neither_shot_at_nor_assaulted_its_carrier_is() {
    // Given the Poles' turn and 3. Zug in its truck.
    let mut b = poles();
    let err = refused(
        &mut b,
        "shoot",
        &[("firer", "p2"), ("target", "z3"), ("range", "2")],
        "6,6",
    );
    assert_eq!(
        err,
        "3. Zug (z3) is carried by Opel Blitz (lkw): embarked troops are off the table; shoot at lkw (if it is destroyed, z3 takes one hit and gets off)"
    );
    let err = refused(
        &mut b,
        "assault",
        &[("attacker", "p2"), ("defender", "z3")],
        "6,6",
    );
    assert!(
        err.contains("embarked troops are off the table; assault lkw"),
        "{err}"
    );
    // Nor does it take the re-rolled misses of a shot at a unit beside it.
    let err = refused(
        &mut b,
        "shoot",
        &[
            ("firer", "p2"),
            ("target", "z1"),
            ("range", "2"),
            ("friend", "z3"),
        ],
        "6,6",
    );
    assert!(err.contains("is carried by"), "{err}");
}

// ---- A hand edit never leaves the battle blocked by a contradiction ----

#[test]
fn a_commander_whose_unit_was_removed_by_hand_is_alone() {
    // Given the Hauptmann's platoon removed by hand (its hits set to its limit).
    let mut b = poles();
    run(
        &mut b,
        Command::SetHits {
            unit: "z1".into(),
            hits: 3,
        },
        "",
    );
    assert!(removed(&b, "z1"));
    // Then he is alone: no longer "with" it, he may be shot at, and one hit destroys him.
    assert_eq!(badges(&b, "fc"), "FC");
    act(
        &mut b,
        "shoot",
        &[("firer", "p2"), ("target", "fc"), ("range", "2")],
        "5,1",
    );
    assert!(removed(&b, "fc"));
}

#[test]
fn a_reply_marker_naming_no_enemy_leaves_no_round_blocked() {
    // Given a round waiting on p2 and, set by hand, an assault reply naming a unit of its own
    // side.
    let mut b = germans("6");
    mark_value(&mut b, "p2", PENDING, 2);
    run(
        &mut b,
        Command::SetMarkerUnit {
            unit: "p2".into(),
            marker: SECOND_FIRE.into(),
            value: "p1".into(),
        },
        "",
    );
    // Then the round is taken, with no reply, and the battle goes on.
    let e = act(&mut b, "take-hits", &[("unit", "p2")], "");
    assert_eq!(e.resolutions.len(), 1);
    assert!(
        e.resolutions[0]
            .effects
            .iter()
            .any(|l| l.contains("marker (p1) names no enemy unit on the table: there is no reply")),
        "{:?}",
        e.resolutions[0].effects
    );
    assert!(offers(&b).is_empty());
    act(&mut b, "move", &[("unit", "z2"), ("areas", "1")], "");
}

// ---- Turn sequence: "Indirect fire by a mortar or artillery needs an order for the firer and
// one for its spotter" — an Overwatch shot takes no order, so it is never indirect ----

#[test]
fn an_overwatch_shot_is_never_indirect() {
    // Given the German mortar on Overwatch and a Polish platoon that moved.
    let mut b = germans("6");
    act(&mut b, "overwatch", &[("unit", "gw")], "");
    advance(&mut b, "6");
    act(&mut b, "move", &[("unit", "p1"), ("areas", "1")], "");
    assert_eq!(offers(&b), ["shoot p1"]);
    // When it would shoot for a spotter, then it is refused: it shoots at what it sees.
    let err = refused(
        &mut b,
        "shoot",
        &[
            ("firer", "gw"),
            ("target", "p1"),
            ("range", "4"),
            ("overwatch", "yes"),
            ("spotter", "z3"),
        ],
        "5,5",
    );
    assert!(
        err.contains("an Overwatch shot takes no order, and indirect fire needs an order"),
        "{err}"
    );
    act(
        &mut b,
        "shoot",
        &[
            ("firer", "gw"),
            ("target", "p1"),
            ("range", "4"),
            ("overwatch", "yes"),
        ],
        "1,1",
    );
}

#[test]
fn a_unit_whose_carrier_was_removed_by_hand_is_free() {
    // Given the truck removed by hand with 3. Zug aboard.
    let mut b = germans("6");
    run(
        &mut b,
        Command::SetHits {
            unit: "lkw".into(),
            hits: 3,
        },
        "",
    );
    // Then 3. Zug is carried by nothing, having taken the one hit of a destroyed carrier's load:
    // it moves on its own and may be shot at.
    assert!(!badges(&b, "z3").contains("ON"), "{}", badges(&b, "z3"));
    assert_eq!(unit(&b, "z3").hits, 1);
    act(&mut b, "move", &[("unit", "z3"), ("areas", "1")], "");
    advance(&mut b, "6");
    act(
        &mut b,
        "shoot",
        &[("firer", "p2"), ("target", "z3"), ("range", "2")],
        "6,1",
    );
    assert_eq!(unit(&b, "z3").hits, 2);
}

#[test]
fn a_subordinates_order_set_by_hand_on_a_unit_is_no_order() {
    // Given the subordinate's-order marker set by hand on a platoon.
    let mut b = germans("1");
    mark(&mut b, "z1", SUB_ORDER);
    // Then the side's orders are its roll's and its subordinate's, no more.
    act(&mut b, "move", &[("unit", "z2"), ("areas", "1")], "");
    act(&mut b, "move", &[("unit", "pz"), ("areas", "1")], "");
    let err = refused(&mut b, "move", &[("unit", "gw"), ("areas", "1")], "");
    assert!(err.contains("has no orders left this turn"), "{err}");
}
