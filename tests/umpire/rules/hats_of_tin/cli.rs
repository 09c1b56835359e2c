//! A whole Hats of Tin battle on the command line (`umpire new`, then `umpire act JOURNAL -`),
//! read back as the umpire reads it: `umpire state` with the orders left and the units' badges,
//! the refusals, the summary at the end, the battle report in Markdown and HTML, and the report
//! view's replay, stepped back to the start and forward again.

use crate::support::cli::{Played, ok, run_in};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::process::ExitCode;
use umpire::report::Chronicle;
use umpire::rules::hats_of_tin::HatsOfTin;
use umpire::tui::keymap::Keymap;
use umpire::tui::replay::ReportView;

const VILLAGE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/hats-of-tin/village.toml"
);

/// The Germans' first turn: 3 on the orders die (4 orders with the subordinate's), three dice
/// with the Force Commander attached, a round of three hits taken with two retreats (one
/// blocked), an MG into Overwatch on the subordinate's order, a platoon off its truck and back,
/// and the tank's assault in the gun's front arc: the gun first, the tank's reply once its hits
/// are taken, the gun retreating from it.
const DE_TURN_ONE: &str = "\
next --dice 3
shoot --firer z1 --target p2 --range 2 --dice 6,6,5
take-hits --unit p2 --retreats 2 --blocked 1
overwatch --unit mg
disembark --unit z3
embark --unit z3 --carrier lkw
assault --attacker pz --defender arm --dice 6,6
take-hits --unit pz --dice 6,5
take-hits --unit arm --retreats 1
";

/// The Poles' first turn: 4 on the orders die; the MG on Overwatch shoots at a platoon that moved;
/// the gun's two hits on the platoon with the Force Commander, who takes one and falls; the
/// machine gun's miss re-rolled at the Polish gun next to its target; the lone Kapitan's one die at
/// the truck.
const PL_TURN_ONE: &str = "\
next --dice 4
move --unit p1 --areas 1
shoot --firer mg --overwatch --target p1 --range 3 --dice 6,2
shoot --firer arm --target z1 --range 4 --dice 6,6
take-hits --unit z1 --to-commander
shoot --firer ckm --target z2 --range 3 --friend arm --dice 6,2,5
shoot --firer kpt --target lkw --range 2 --dice 5
";

/// Turn 2: the Germans, their Force Commander lost, have only the subordinate's order: an assault
/// from outside the front arc that destroys the defender before it can reply. The Poles rally and
/// destroy the truck with the platoon on board.
const TURN_TWO: &str = "\
next
assault --attacker z2 --defender p2 --outside-front-arc --dice 6,1
next --dice 2
rally --unit p1 --dice 5
shoot --firer ckm --target lkw --range 4 --dice 6,5
take-hits --unit lkw
";

/// Turn 3 with nothing done, to the battle's end.
const TO_THE_END: &str = "next\nnext --dice 1\nnext\n";

fn state(b: &Played) -> String {
    ok("", &["state", b.j()])
}

/// One line of a script, through `umpire act JOURNAL -`; returns what it said.
fn act(b: &Played, line: &str) -> String {
    ok(&format!("{line}\n"), &["act", b.j(), "-"])
}

/// `umpire ARGS…` (with the journal after the command) refused: an error, nothing recorded.
fn refused(b: &Played, command: &str, args: &[&str]) -> String {
    let before = state(b);
    let mut all = vec![command, b.j()];
    all.extend_from_slice(args);
    let r = run_in("", &all);
    assert_ne!(r.code, ExitCode::SUCCESS, "umpire {all:?} was accepted");
    assert_eq!(state(b), before, "a refusal changes nothing");
    r.err
}

/// The line of `umpire state` that shows the unit `id`.
fn unit_line(s: &str, id: &str) -> String {
    s.lines()
        .find(|l| l.split_whitespace().next() == Some(id))
        .unwrap_or_else(|| panic!("no line for {id} in\n{s}"))
        .to_string()
}

#[test]
fn the_state_shows_the_orders_left_commanders_carriers_and_the_round_that_waits() {
    let b = Played::battle(VILLAGE, "");
    let s = state(&b);
    // Before the orders roll: no orders shown, the commander and the carrier from the scenario.
    assert!(!s.contains("orders "), "{s}");
    assert!(unit_line(&s, "fc").ends_with("FC WITH z1"), "{s}");
    assert!(unit_line(&s, "z1").ends_with("Infantry +fc"), "{s}");
    assert!(unit_line(&s, "lkw").ends_with("Truck CARRIES z3"), "{s}");
    assert!(unit_line(&s, "z3").ends_with("Infantry ON lkw"), "{s}");
    // Pips against the quality's limit: militia 2, regular 3, elite 4; a commander 1.
    assert!(unit_line(&s, "p1").contains("hits 0/2"), "{s}");
    assert!(unit_line(&s, "p2").contains("hits 0/3"), "{s}");
    assert!(unit_line(&s, "z2").contains("hits 0/4"), "{s}");
    assert!(unit_line(&s, "lt").contains("hits 0/1"), "{s}");

    // The orders roll, typed: 3, and one for the subordinate.
    let out = act(&b, "next --dice 3");
    assert!(out.contains("roll:      3 + 1 = 4"), "{out}");
    let s = state(&b);
    assert!(
        s.contains("\nSchützen-Kompanie (de, regular) — its turn — orders 4 of 4 left\n"),
        "{s}"
    );
    assert!(unit_line(&s, "lt").ends_with("CDR ORDER UNUSED"), "{s}");

    // Three dice with the Force Commander attached; three hits wait for the owner's choice.
    let out = act(&b, "shoot --firer z1 --target p2 --range 2 --dice 6,6,5");
    assert!(
        out.contains("3 dice (2 for the unit, 1 for its attached commander)"),
        "{out}"
    );
    assert!(out.contains("3 hits to take on p2"), "{out}");
    let s = state(&b);
    assert!(s.contains("— its turn — orders 3 of 4 left\n"), "{s}");
    assert!(
        unit_line(&s, "z1").ends_with("Infantry +fc SHOOT ACTED"),
        "{s}"
    );
    assert!(unit_line(&s, "p2").ends_with("Infantry TAKE 3"), "{s}");
    let offer = format!("umpire act {} take-hits --unit p2", b.j());
    assert!(s.contains(&offer), "{s}");

    // The first hit taken, two converted into retreats, one of them blocked: a hit.
    let out = act(&b, "take-hits --unit p2 --retreats 2 --blocked 1");
    assert!(
        out.contains("outcome:   1 blocked, taken as a hit; 2 pluton (p2) retreats 1 move"),
        "{out}"
    );
    assert!(
        out.contains("2 pluton (p2) takes 2 hits (2 of 3) and retreats 1 move"),
        "{out}"
    );
    assert!(
        out.contains("2 pluton (p2) retreats 1 move: move it on the table"),
        "{out}"
    );
    let s = state(&b);
    assert!(unit_line(&s, "p2").contains("hits 2/3"), "{s}");
    assert!(!unit_line(&s, "p2").contains("TAKE"), "{s}");

    // The subordinate's order, for a unit of his command: the roll's orders stay.
    let out = act(&b, "overwatch --unit mg");
    assert!(out.contains("(the order of Leutnant Vogel (lt))"), "{out}");
    let s = state(&b);
    assert!(s.contains("— its turn — orders 2 of 4 left\n"), "{s}");
    assert!(unit_line(&s, "mg").ends_with("MG OW"), "{s}");
    assert!(unit_line(&s, "lt").ends_with("CDR"), "{s}");

    // Off the truck and back on it: one move order for both. Off it, the platoon has entered an
    // area: the enemy's Overwatch would have its moment at it.
    act(&b, "disembark --unit z3");
    let s = state(&b);
    assert!(unit_line(&s, "z3").ends_with("Infantry MOVE ACTED"), "{s}");
    assert!(unit_line(&s, "lkw").ends_with("Truck"), "{s}");
    assert!(s.contains("orders 1 of 4 left"), "{s}");
    act(&b, "embark --unit z3 --carrier lkw");
    let s = state(&b);
    assert!(unit_line(&s, "z3").ends_with("Infantry MOVE ON lkw"), "{s}");
    assert!(unit_line(&s, "lkw").ends_with("Truck CARRIES z3"), "{s}");
    assert!(s.contains("orders 1 of 4 left"), "{s}");

    // The assault in the gun's front arc: the gun shoots first; the tank's reply waits for its
    // hits to be taken.
    let out = act(&b, "assault --attacker pz --defender arm --dice 6,6");
    assert!(
        out.contains(
            "Panzer II (pz) is in the front arc of wz. 36 (arm): wz. 36 (arm) shoots first"
        ),
        "{out}"
    );
    assert!(
        out.contains("2 hits on Panzer II (pz); pz's reply waits for its hits to be taken"),
        "{out}"
    );
    let s = state(&b);
    assert!(s.contains("— its turn — orders 0 of 4 left\n"), "{s}");
    assert!(
        unit_line(&s, "pz").ends_with("Tank ASSAULT TAKE 2 REPLY ACTED"),
        "{s}"
    );
    assert!(unit_line(&s, "arm").ends_with("Light gun ASSAULTED"), "{s}");
    // The tank takes its two hits and replies with the dice typed after them.
    let out = act(&b, "take-hits --unit pz --dice 6,5");
    assert!(
        out.contains("Panzer II (pz) takes its hits: Panzer II (pz) takes 2 hits (2 of 3); 2 hits on wz. 36 (arm)"),
        "{out}"
    );
    assert!(
        out.contains("Assault, second fire: Shooting: Panzer II (pz) at wz. 36 (arm)"),
        "{out}"
    );
    assert!(out.contains("+1 tank assaulting"), "{out}");
    let s = state(&b);
    assert!(
        unit_line(&s, "arm").ends_with("Light gun TAKE 2 ASSAULTED"),
        "{s}"
    );
    // The gun retreats: the tank takes its area and the assault is over.
    let out = act(&b, "take-hits --unit arm --retreats 1");
    assert!(
        out.contains(
            "wz. 36 (arm) takes 1 hit (1 of 3) and retreats 1 move; Panzer II (pz) takes the area"
        ),
        "{out}"
    );
    let s = state(&b);
    assert!(unit_line(&s, "arm").ends_with("Light gun"), "{s}");
    assert!(unit_line(&s, "pz").ends_with("Tank ASSAULT ACTED"), "{s}");
}

#[test]
fn refusals_name_the_rule_and_change_nothing() {
    let b = Played::battle(VILLAGE, "next --dice 3\n");
    // A shot beyond the weapon's range.
    let err = refused(
        &b,
        "act",
        &[
            "shoot", "--firer", "z2", "--target", "p1", "--range", "4", "--dice", "6,6",
        ],
    );
    assert!(
        err.contains("2. Zug (z2): 1 pluton (p1) is 4 areas away, beyond range 3: no shot"),
        "{err}"
    );
    // Anything while a round of hits waits, the end of the phase too.
    act(&b, "shoot --firer z1 --target p2 --range 2 --dice 6,6,5");
    let waiting = "2 pluton (p2) has 3 hits waiting: take them first (take-hits)";
    let err = refused(&b, "act", &["move", "--unit", "pz", "--areas", "1"]);
    assert!(err.contains(waiting), "{err}");
    let err = refused(&b, "act", &["overwatch", "--unit", "mg"]);
    assert!(err.contains(waiting), "{err}");
    let err = refused(&b, "next", &[]);
    assert!(err.contains(waiting), "{err}");
    // A second order to one unit.
    act(&b, "take-hits --unit p2 --retreats 2 --blocked 1");
    let err = refused(&b, "act", &["move", "--unit", "z1", "--areas", "1"]);
    assert!(
        err.contains(
            "1. Zug (z1) already holds its order this turn (shoot): one order a unit a turn"
        ),
        "{err}"
    );
    // No orders left: the roll's three and the subordinate's one given.
    for line in [
        "overwatch --unit mg",
        "move --unit gw --areas 1",
        "move --unit lkw --areas 2",
    ] {
        act(&b, line);
    }
    assert!(state(&b).contains("orders 0 of 4 left"));
    let err = refused(&b, "act", &["move", "--unit", "pz", "--areas", "1"]);
    assert!(
        err.contains("Schützen-Kompanie has no orders left this turn (4 given)"),
        "{err}"
    );
    // An Overwatch shot only in the enemy's turn.
    let err = refused(
        &b,
        "act",
        &[
            "shoot",
            "--firer",
            "mg",
            "--overwatch",
            "--target",
            "p1",
            "--range",
            "3",
        ],
    );
    assert!(
        err.contains("MG-Gruppe (mg): an Overwatch shot is taken in the enemy's turn"),
        "{err}"
    );
}

#[test]
fn overwatch_a_commander_taking_the_hit_and_the_friendly_reroll() {
    let b = Played::battle(VILLAGE, DE_TURN_ONE);
    act(&b, "next --dice 4");
    let s = state(&b);
    assert!(
        s.contains("\nObrona Narodowa (pl, regular) — its turn — orders 4 of 4 left\n"),
        "{s}"
    );
    // The Germans' orders went with their turn; the Overwatch marker stays into the enemy's.
    assert!(s.contains("\nSchützen-Kompanie (de, regular)\n"), "{s}");
    assert!(unit_line(&s, "mg").ends_with("MG OW"), "{s}");
    assert!(unit_line(&s, "z1").ends_with("Infantry +fc"), "{s}");

    // A platoon moves: the MG on Overwatch is offered the shot, and takes it.
    let out = act(&b, "move --unit p1 --areas 1");
    assert!(
        out.contains("p1 moved: Overwatch (mg) may shoot at it now, or never at this move"),
        "{out}"
    );
    assert!(
        out.contains("shoot --firer ID --overwatch --target p1"),
        "{out}"
    );
    let out = act(
        &b,
        "shoot --firer mg --overwatch --target p1 --range 3 --dice 6,2",
    );
    assert!(
        out.contains("MG-Gruppe (mg)'s Overwatch shot: the marker goes"),
        "{out}"
    );
    assert!(out.contains("1 pluton (p1): 0 + 1 = 1 of 2 hits"), "{out}");
    let s = state(&b);
    assert!(unit_line(&s, "mg").ends_with("MG"), "{s}");
    assert!(unit_line(&s, "p1").contains("hits 1/2"), "{s}");
    // The Overwatch shot was no order of the Poles'.
    assert!(s.contains("orders 3 of 4 left"), "{s}");

    // Two hits on the platoon with the Force Commander: the owner puts one on him.
    act(&b, "shoot --firer arm --target z1 --range 4 --dice 6,6");
    assert!(unit_line(&state(&b), "z1").ends_with("Infantry +fc TAKE 2"));
    let out = act(&b, "take-hits --unit z1 --to-commander");
    assert!(
        out.contains(
            "1. Zug (z1) takes its hits: 1. Zug (z1) takes 1 hit (1 of 3); Hauptmann Brandt (fc) is destroyed"
        ),
        "{out}"
    );
    assert!(
        out.contains("outcome:   destroyed: a commander is destroyed by a single hit"),
        "{out}"
    );
    let s = state(&b);
    assert!(
        unit_line(&s, "fc")
            .contains("hits 1/1  Hauptmann Brandt  OUT (a single hit destroys a commander) FC"),
        "{s}"
    );
    assert!(unit_line(&s, "z1").ends_with("1. Zug  Infantry"), "{s}");

    // One miss re-rolled at the platoon next to the target: a hit, its own round.
    let out = act(
        &b,
        "shoot --firer ckm --target z2 --range 3 --friend arm --dice 6,2,5",
    );
    assert!(
        out.contains("CKM (ckm): 1 miss re-rolled at wz. 36 (arm) (adjacent to 2. Zug (z2))"),
        "{out}"
    );
    assert!(
        out.contains("1 hit on 2. Zug (z2); re-rolled misses: 1 hit on wz. 36 (arm)"),
        "{out}"
    );
    let s = state(&b);
    assert!(unit_line(&s, "z2").contains("hits 1/4"), "{s}");
    assert!(unit_line(&s, "arm").contains("hits 2/3"), "{s}");

    // A lone commander shoots one die, and needs no order.
    let out = act(&b, "shoot --firer kpt --target lkw --range 2 --dice 5");
    assert!(out.contains("1 die (a lone commander)"), "{out}");
    assert!(state(&b).contains("orders 1 of 4 left"));

    // The Force Commander lost: no roll, only the subordinate's one order.
    let out = act(&b, "next");
    assert!(
        out.contains("Orders, Schützen-Kompanie: no roll (the Force Commander is lost)"),
        "{out}"
    );
    assert!(out.contains("Obrona Narodowa: 1 order not given"), "{out}");
    let s = state(&b);
    assert!(
        s.contains("\nSchützen-Kompanie (de, regular) — its turn — orders 1 of 1 left\n"),
        "{s}"
    );
    assert!(!s.contains("orders 1 of 4"), "{s}");
}

#[test]
fn an_assault_from_outside_the_front_arc_rally_and_the_carrier_destroyed_with_its_platoon() {
    let b = Played::battle(VILLAGE, &format!("{DE_TURN_ONE}{PL_TURN_ONE}next\n"));
    // Outside the front arc: the attacker first, at +1; the defender destroyed does not reply.
    let out = act(
        &b,
        "assault --attacker z2 --defender p2 --outside-front-arc --dice 6,1",
    );
    assert!(
        out.contains(
            "2. Zug (z2) is not in the front arc of 2 pluton (p2): 2. Zug (z2) shoots first, from the flank or rear"
        ),
        "{out}"
    );
    assert!(out.contains("+1 from the flank or rear"), "{out}");
    assert!(out.contains("(the order of Leutnant Vogel (lt))"), "{out}");
    assert!(
        out.contains("2 pluton (p2) was destroyed by the first fire: it does not shoot"),
        "{out}"
    );
    assert!(out.contains("2. Zug (z2) takes the area"), "{out}");
    assert!(!out.contains("second fire"), "{out}");
    let s = state(&b);
    assert!(s.contains("— its turn — orders 0 of 1 left\n"), "{s}");
    assert!(
        unit_line(&s, "z2").ends_with("Infantry ASSAULT ACTED"),
        "{s}"
    );
    assert!(unit_line(&s, "p2").contains("OUT (3 hits, the limit of a regular unit)"));
    // The subordinate's one order given: none left for a unit outside his command.
    let err = refused(&b, "act", &["move", "--unit", "pz", "--areas", "1"]);
    assert!(
        err.contains("Schützen-Kompanie has no orders left this turn (1 given)"),
        "{err}"
    );

    act(&b, "next --dice 2");
    assert!(state(&b).contains("orders 2 of 2 left"));
    // Rally: one die, 5 or 6 removes a hit.
    let out = act(&b, "rally --unit p1 --dice 5");
    assert!(
        out.contains("outcome:   5: one hit removed (1 → 0)"),
        "{out}"
    );
    let s = state(&b);
    assert!(
        unit_line(&s, "p1").ends_with("hits 0/2  1 pluton  Infantry RALLY"),
        "{s}"
    );

    // The truck destroyed with the platoon on board: one hit on the platoon, which gets off.
    act(&b, "shoot --firer ckm --target lkw --range 4 --dice 6,5");
    assert!(unit_line(&state(&b), "lkw").ends_with("Truck TAKE 2 CARRIES z3"));
    let out = act(&b, "take-hits --unit lkw");
    assert!(
        out.contains(
            "Opel Blitz (lkw) is destroyed with 3. Zug (z3): 3. Zug (z3) takes 1 hit (1 of 3)"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "3. Zug (z3) disembarks into an adjacent empty area; if there is none it is destroyed"
        ),
        "{out}"
    );
    let s = state(&b);
    assert!(
        unit_line(&s, "lkw").contains("OUT (3 hits, the limit of a regular unit) Truck"),
        "{s}"
    );
    assert!(unit_line(&s, "lkw").ends_with("Truck"), "{s}");
    assert!(
        unit_line(&s, "z3").ends_with("hits 1/3  3. Zug  Infantry"),
        "{s}"
    );
}

#[test]
fn the_battle_ends_and_is_summed_up_with_its_commanders() {
    let b = Played::battle(VILLAGE, &format!("{DE_TURN_ONE}{PL_TURN_ONE}{TURN_TWO}"));
    let out = ok(TO_THE_END, &["act", b.j(), "-"]);
    assert!(
        out.contains("The battle is over: 3 turns played, the last was turn 3."),
        "{out}"
    );
    // Commanders are the leaders and not units: the German Force Commander lost, counted
    // apart from the 7 units and their 8 hits.
    assert!(
        out.contains(
            "  Schützen-Kompanie: 7 units · 6 in play · 1 lost · 8 hits taken · 1 of 2 leaders lost\n"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "  Obrona Narodowa: 4 units · 3 in play · 1 lost · 5 hits taken · 0 of 1 leaders lost\n"
        ),
        "{out}"
    );
    // Over: no side's orders are shown, and the battle takes no more.
    let s = state(&b);
    assert!(!s.contains("orders "), "{s}");
    assert!(
        !s.contains("its turn"),
        "no side's turn once it is over: {s}"
    );
    let err = refused(&b, "act", &["move", "--unit", "p1", "--areas", "1"]);
    assert!(
        err.contains("the battle is over: turn 3 was its last"),
        "{err}"
    );
}

#[test]
fn the_report_tells_the_shooting_the_commanders_and_the_orders() {
    let b = Played::battle(
        VILLAGE,
        &format!("{DE_TURN_ONE}{PL_TURN_ONE}{TURN_TWO}{TO_THE_END}"),
    );
    let md = b.report("md", &[]);
    assert!(md.contains("(`hats-of-tin`)"), "{md}");
    // The outcome counts units, not commanders.
    assert!(
        md.contains("Schützen-Kompanie (de): 6 of 7 units in play, 8 hits taken"),
        "{md}"
    );
    assert!(
        md.contains("| `shoot_and_move` | true (set by the scenario) |"),
        "{md}"
    );
    for said in [
        // The order of battle: commanders attached, the truck and its platoon.
        "- `fc` Hauptmann Brandt — commander, hits 0/1 ○ · FC WITH z1",
        "- `z1` 1\\. Zug — infantry, hits 0/3 ○○○ · Infantry +fc",
        "- `lkw` Opel Blitz — truck, hits 0/3 ○○○ · Truck CARRIES z3",
        "- `z2` 2\\. Zug — infantry, hits 0/4 ○○○○ · Infantry",
        // The orders rolls, typed.
        "dice 3 (d6) (typed by the umpire) — +1 1 subordinate commander, one order each — Schützen-Kompanie: 4 orders",
        // Each shot's modifiers with their reasons.
        "dice 6 (d6), 5 (d6) (typed by the umpire) — +1 superior firepower, +1 tank assaulting — 2 hits on wz. 36 (arm)",
        "Orders: Schützen-Kompanie — the Force Commander is lost: no roll",
        // The shooting explained: range, dice, the commander's die, the friend's re-roll.
        "Shooting: 1. Zug (z1) at 2 pluton (p2) — 1. Zug (z1): 2 areas to 2 pluton (p2), within range 3; 3 dice (2 for the unit, 1 for its attached commander) — dice 6 (d6), 6 (d6), 5 (d6) (typed by the umpire) — 3 hits on 2 pluton (p2)",
        "wz. 36 (arm) is adjacent to 2. Zug (z2): each miss is re-rolled once against it (hits on 5+); its hits are its own round",
        "Kapitan Nowak (kpt): 2 areas to Opel Blitz (lkw), within range 3; 1 die (a lone commander)",
        "MG-Gruppe (mg)'s Overwatch shot: the marker goes",
        // The rounds taken, the commander hit, the assaults.
        "2 pluton (p2) takes its hits: 2 pluton (p2) takes 2 hits (2 of 3) and retreats 1 move",
        "1\\. Zug (z1) takes its hits: 1. Zug (z1) takes 1 hit (1 of 3); Hauptmann Brandt (fc) is destroyed",
        "Panzer II (pz) is in the front arc of wz. 36 (arm): wz. 36 (arm) shoots first",
        "Assault, second fire: Shooting: Panzer II (pz) at wz. 36 (arm)",
        "2. Zug (z2) is not in the front arc of 2 pluton (p2): 2. Zug (z2) shoots first, from the flank or rear",
        "3\\. Zug (z3) disembarks into an adjacent empty area",
        // The end.
        "- `fc` Hauptmann Brandt — commander, hits 1/1 ● · FC · **off the table:** a single hit destroys a commander",
        "- `lkw` Opel Blitz — truck, hits 3/3 ●●● · Truck · **off the table:** 3 hits, the limit of a regular unit",
        "- The battle is over: all 3 turns were played.",
    ] {
        assert!(md.contains(said), "{said}\n---\n{md}");
    }
    let html = b.report("html", &[]);
    for said in [
        "3 dice (2 for the unit, 1 for its attached commander)",
        "Hauptmann Brandt (fc) is destroyed",
        "the Force Commander is lost: no roll",
        "re-rolled misses: 1 hit on wz. 36 (arm)",
        "FC WITH z1",
    ] {
        assert!(html.contains(said), "{said}\n---\n{html}");
    }
}

#[test]
fn the_replay_steps_back_to_the_start_and_forward_on_the_journals_battle() {
    let b = Played::battle(
        VILLAGE,
        &format!("{DE_TURN_ONE}{PL_TURN_ONE}{TURN_TWO}{TO_THE_END}"),
    );
    let chronicle = Chronicle::load(&b.journal).unwrap();
    let mut view = ReportView::open(&b.journal, Keymap::defaults(&HatsOfTin)).unwrap();
    let n = view.len();
    assert_eq!(n, chronicle.len());
    let same = |view: &ReportView| {
        assert_eq!(
            view.battle().state(),
            chronicle.battle_at(view.step()).state(),
            "at event {}",
            view.step()
        );
    };
    let press = |view: &mut ReportView, code| {
        view.on_key(&KeyEvent::new(code, KeyModifiers::NONE));
    };
    same(&view);
    while view.step() > 1 {
        press(&mut view, KeyCode::Left);
        same(&view);
    }
    while view.step() < n {
        press(&mut view, KeyCode::Right);
        same(&view);
    }
    // The orders left and the commander come and go with the events: 4 of 4 after the first
    // roll, the Force Commander on the table until the Poles' hit, lost at the end.
    let orders = |view: &ReportView| view.battle().state().counter("de", "orders");
    view.seek(2);
    assert_eq!(orders(&view), Some(3));
    let fc = view.battle().roster.unit_index("fc").unwrap();
    assert!(view.battle().state().units[fc].on_table());
    view.seek(n);
    assert!(!view.battle().state().units[fc].on_table());
    view.seek(1);
    assert_eq!(orders(&view), None);
}

/// Taking hits: every round waiting is offered, whatever came since; a hand edit never leaves
/// the battle blocked by a round that is not there.
#[test]
fn rounds_set_by_hand_are_offered_and_one_set_to_nought_blocks_nothing() {
    let b = Played::battle(VILLAGE, "next --dice 6\n");
    // A waiting round set to 0 by hand: nothing waits.
    ok("", &["mark", b.j(), "p1", "pending", "0"]);
    let s = state(&b);
    assert!(!s.contains("take-hits"), "{s}");
    assert!(!unit_line(&s, "p1").contains("TAKE"), "{s}");
    act(&b, "move --unit z2 --areas 1");
    // Two rounds set by hand: both offered, and taking one leaves the other offered.
    ok("", &["mark", b.j(), "p1", "pending", "2"]);
    ok("", &["mark", b.j(), "p2", "pending", "2"]);
    let offer = |id: &str| format!("umpire act {} take-hits --unit {id}", b.j());
    let s = state(&b);
    assert!(s.contains(&offer("p1")) && s.contains(&offer("p2")), "{s}");
    let err = refused(&b, "act", &["move", "--unit", "pz", "--areas", "1"]);
    assert!(
        err.contains("1 pluton (p1) has 2 hits waiting: take them first (take-hits)"),
        "{err}"
    );
    act(&b, "take-hits --unit p2 --retreats 1");
    let s = state(&b);
    assert!(s.contains(&offer("p1")), "{s}");
    assert!(!s.contains(&offer("p2")), "{s}");
    act(&b, "take-hits --unit p1");
    assert!(!state(&b).contains("take-hits"));
}

/// Units: a commander acts at most once in his own side's turn — he moves or shoots on his own,
/// or joins or leaves a unit — and a single hit destroys him.
#[test]
fn a_lone_commander_acts_once_a_turn_and_falls_to_one_hit() {
    let b = Played::battle(VILLAGE, "next --dice 6\n");
    // The subordinate alone shoots once at the militia platoon: a second shot, then a move, are
    // refused.
    act(&b, "shoot --firer lt --target p1 --range 2 --dice 6");
    let again =
        "Leutnant Vogel (lt) has already shot this turn: a commander acts once in his side's turn";
    let err = refused(
        &b,
        "act",
        &[
            "shoot", "--firer", "lt", "--target", "p1", "--range", "2", "--dice", "6",
        ],
    );
    assert!(err.contains(again), "{err}");
    let err = refused(&b, "act", &["move", "--unit", "lt", "--areas", "1"]);
    assert!(err.contains(again), "{err}");
    assert!(unit_line(&state(&b), "lt").ends_with("CDR ORDER UNUSED SHOT ACTED"));
    // In the Poles' turn he may not join a unit; their platoon's two hits destroy him at once.
    act(&b, "next --dice 6");
    let err = refused(&b, "act", &["attach", "--commander", "lt", "--unit", "z2"]);
    assert!(
        err.contains("Leutnant Vogel (lt): a commander acts only in his own side's turn"),
        "{err}"
    );
    let out = act(&b, "shoot --firer p2 --target lt --range 2 --dice 6,6");
    assert!(
        out.contains("Leutnant Vogel (lt) is a commander alone: any hit destroys him, never converted into a retreat"),
        "{out}"
    );
    assert!(
        out.contains(
            "Leutnant Vogel (lt) is destroyed (a single hit destroys a commander): remove him"
        ),
        "{out}"
    );
    let s = state(&b);
    assert!(
        unit_line(&s, "lt")
            .contains("hits 1/1  Leutnant Vogel  OUT (a single hit destroys a commander)"),
        "{s}"
    );
    assert!(!s.contains("take-hits"), "{s}");
    // An attached commander is shot at through his unit.
    let err = refused(
        &b,
        "act",
        &["shoot", "--firer", "ckm", "--target", "fc", "--range", "3"],
    );
    assert!(
        err.contains(
            "Hauptmann Brandt (fc) is attached to 1. Zug (z1): he cannot be shot at on his own"
        ),
        "{err}"
    );
}

/// Off the battle: the odds of a shot at a commander alone say how likely he is destroyed.
#[test]
fn the_odds_of_a_shot_at_a_commander_alone() {
    let out = ok(
        "",
        &[
            "odds",
            "hats-of-tin",
            "shoot",
            "--firer",
            "infantry",
            "--target-commander",
            "--range",
            "2",
        ],
    );
    assert!(
        out.contains(
            "the target is a commander alone: any hit destroys him, never converted into a retreat"
        ),
        "{out}"
    );
    assert!(out.contains("the target destroyed: 55.56%"), "{out}");
    let out = ok(
        "",
        &[
            "resolve",
            "hats-of-tin",
            "shoot",
            "--firer",
            "infantry",
            "--target-commander",
            "--range",
            "2",
            "--dice",
            "6,6",
        ],
    );
    assert!(
        out.contains("the target is destroyed: a single hit destroys a commander"),
        "{out}"
    );
}

/// Overwatch: a unit that moves and then assaults is shot at after its move and before the
/// exchange of fire, with one order; a move's moment counts areas entered, not its cost.
#[test]
fn overwatch_between_a_move_and_its_assault() {
    let b = Played::battle(
        VILLAGE,
        "next --dice 6\nnext --dice 6\noverwatch --unit p2\noverwatch --unit ckm\nnext --dice 6\n",
    );
    let out = act(&b, "move --unit z2 --areas 1");
    assert!(
        out.contains("z2 moved: Overwatch (p2, ckm) may shoot at it now, or never at this move"),
        "{out}"
    );
    act(
        &b,
        "shoot --firer ckm --overwatch --target z2 --range 2 --dice 6,1",
    );
    assert!(state(&b).contains("orders 6 of 7 left"));
    let out = act(&b, "assault --attacker z2 --defender p2 --dice 1,1,1,1");
    assert!(
        out.contains("Assault: 2. Zug (z2) on 2 pluton (p2)"),
        "{out}"
    );
    assert!(!out.contains("may shoot at it now"), "{out}");
    let s = state(&b);
    assert!(s.contains("orders 6 of 7 left"), "one order for both: {s}");
    assert!(unit_line(&s, "z2").contains("Infantry ASSAULT"), "{s}");
    assert!(unit_line(&s, "z2").contains("hits 1/4"), "{s}");
    // The truck's half area on the road enters an area: p2, still on Overwatch, may shoot.
    let out = act(&b, "move --unit lkw --areas 0.5");
    assert!(
        out.contains("lkw moved: Overwatch (p2) may shoot at it now"),
        "{out}"
    );
    let err = refused(
        &b,
        "act",
        &["move", "--unit", "pz", "--areas", "1", "--entered", "2"],
    );
    assert!(
        err.contains("Panzer II (pz): a move costing 1 enters at most 1 area"),
        "{err}"
    );
}

/// Units: a scenario's own armour and firer class for a unit are checked at load like every
/// field (file:line:column, what was expected, the nearest valid word) and used off the battle.
#[test]
fn a_units_own_armour_and_firer_class_are_checked_at_load() {
    let source = std::fs::read_to_string(VILLAGE).unwrap().replace(
        "kind = \"tank\"\n  superior = true\n",
        "kind = \"tank\"\n  superior = true\n  armour = \"ligth\"\n  firer_class = \"medium\"\n",
    ).replace(
        "kind = \"truck\"\n",
        "kind = \"truck\"\n  firer_clas = \"normal\"\n",
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.toml");
    std::fs::write(&path, &source).unwrap();
    let file = path.to_str().unwrap();
    let r = run_in("", &["check", file]);
    assert_ne!(r.code, ExitCode::SUCCESS);
    let said = format!("{}{}", r.out, r.err);
    for problem in [
        format!(
            "{file}:50:12: side \"de\" › unit \"pz\" › armour = \"ligth\": expected one of: none, light, medium, heavy, pillbox (did you mean `light`?)"
        ),
        format!(
            "{file}:51:17: side \"de\" › unit \"pz\" › firer_class = \"medium\": expected one of: normal, medium-gun, heavy-gun (did you mean `medium-gun`?)"
        ),
    ] {
        assert!(said.contains(&problem), "{problem}\n---\n{said}");
    }
    assert!(said.contains("firer_clas"), "{said}");
    assert!(said.contains("did you mean `firer_class`?"), "{said}");
    // Off the battle, the firer's class and the target's armour are inputs.
    let out = ok(
        "",
        &[
            "odds",
            "hats-of-tin",
            "shoot",
            "--firer",
            "tank",
            "--firer-class",
            "heavy-gun",
            "--target-armour",
            "light",
            "--range",
            "2",
        ],
    );
    assert!(
        out.contains("each die hits on 5+ after +2 heavy gun, −1 light armour: 50.00% a die"),
        "{out}"
    );
}

/// `umpire rulesets hats-of-tin` shows every Decision these rulings changed, and the option that
/// gives the friendly re-roll its other reading.
#[test]
fn the_rulesets_show_the_changed_decisions_and_the_option() {
    let out = ok("", &["rulesets", "hats-of-tin"]);
    for said in [
        "friend_of_target  true|false  default false",
        "another reading: option `friend_of_target`",
        "\"Friendly\" is the firer's side",
        "a commander acts once a turn",
        "acts at most once in his own side's turn",
        "A commander is destroyed by a single hit, from any round, never converted into a retreat",
        "An attached commander cannot be shot at on his own",
        "armour and gun relative to the period",
        "Unit fields: quality, armour, firer_class,",
        "areas entered, not movement cost",
        "the moment between them",
        "every round waiting is offered until it is taken",
        "Carried troops are off the table",
        "An Overwatch shot, which takes no order, is never",
    ] {
        assert!(
            out.replace("\n      ", " ").contains(said),
            "{said}\n---\n{out}"
        );
    }
}
