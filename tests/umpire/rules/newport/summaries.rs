//! The log line says what happened: each summary a Newport procedure writes states the final
//! outcome for its target — after the morale ladder and removal — not the table row it read.
//! Case by case: given a battle / when a procedure / then its summary.

use crate::support::newport::*;
use crate::support::*;
use umpire::battle::{Battle, Command};
use umpire::rules::newport::defs::*;

fn started(options: &str) -> Battle {
    let mut b = battle(&company(options));
    advance(&mut b, "");
    b
}

fn fire(b: &mut Battle, firer: &str, target: &str, range: &str, face: &str) -> String {
    let e = act(
        b,
        "fire",
        &[("firer", firer), ("target", target), ("range", range)],
        face,
    );
    // The explanation's result says the same as the log line.
    assert!(
        e.summary.ends_with(&e.resolutions.last().unwrap().result),
        "{} / {}",
        e.summary,
        e.resolutions.last().unwrap().result
    );
    e.summary
}

#[test]
fn a_first_suppression_reads_suppressed() {
    let mut b = started("");
    assert_eq!(
        fire(&mut b, "1-1", "g1", "6", "4"),
        "1st Squad (1-1) fires at 1. Gruppe (g1): Suppressed"
    );
}

#[test]
fn a_second_suppression_reads_paralyzed() {
    let mut b = started("");
    fire(&mut b, "1-1", "g1", "6", "4");
    assert_eq!(
        fire(&mut b, "1-2", "g1", "6", "5"),
        "2nd Squad (1-2) fires at 1. Gruppe (g1): Paralyzed"
    );
    // A third: it can be no worse.
    assert_eq!(
        fire(&mut b, "1-3", "g1", "6", "4"),
        "3rd Squad (1-3) fires at 1. Gruppe (g1): stays Paralyzed"
    );
}

#[test]
fn a_hit_says_the_hits_now_held() {
    let mut b = started("");
    assert_eq!(
        fire(&mut b, "1-1", "g1", "6", "2"),
        "1st Squad (1-1) fires at 1. Gruppe (g1): Suppressed, 1 hit (1 of 3)"
    );
    assert_eq!(
        fire(&mut b, "1-2", "g1", "6", "1"),
        "2nd Squad (1-2) fires at 1. Gruppe (g1): Paralyzed, 1 hit (2 of 3)"
    );
}

#[test]
fn a_stand_removed_reads_destroyed() {
    let mut b = started("");
    fire(&mut b, "1-1", "g1", "6", "2");
    fire(&mut b, "1-2", "g1", "6", "2");
    assert_eq!(
        fire(&mut b, "1-3", "g1", "6", "3"),
        "3rd Squad (1-3) fires at 1. Gruppe (g1): destroyed"
    );
    // A leader: one hit.
    assert_eq!(
        fire(&mut b, "w1", "g-ldr", "6", "3"),
        "MG section (w1) fires at Lt. Krause (g-ldr): destroyed"
    );
}

#[test]
fn a_destroyed_vehicle_reads_destroyed_not_forced_back() {
    let mut b = started("");
    // The Sherman at the Panther (armour +1): 1 + 1 = 2, "Hit, Forced Back 8", Suppressed".
    let e = act(
        &mut b,
        "fire",
        &[("firer", "t1"), ("target", "pz"), ("range", "10")],
        "1",
    );
    assert_eq!(
        e.resolutions[0].steps[0].outcome,
        "Hit, Forced Back 8\", Suppressed"
    );
    assert_eq!(e.summary, "Sherman (t1) fires at Panther (pz): destroyed");
    assert_eq!(e.resolutions[0].result, "destroyed");
    assert!(unit(&b, "pz").removed.is_some());
}

#[test]
fn a_vehicle_that_survives_a_hit_is_forced_back() {
    // Battalion scale: a vehicle takes three hits.
    let mut b = battle(&battalion("", ""));
    advance(&mut b, "5");
    advance(&mut b, "5");
    // The Pak (gun −1) at the tank platoon: 1 − 1 = 0.
    let e = act(
        &mut b,
        "fire",
        &[("firer", "pak"), ("target", "tk"), ("range", "10")],
        "1",
    );
    assert_eq!(
        e.summary,
        "Pak 40 (pak) fires at Tank Plt (tk): Suppressed, 1 hit (1 of 3), Forced Back 8\""
    );
}

#[test]
fn a_vehicle_suppressed_twice_stays_suppressed() {
    let mut b = started("");
    assert_eq!(
        fire(&mut b, "t1", "pz", "10", "3"),
        "Sherman (t1) fires at Panther (pz): Suppressed"
    );
    assert_eq!(
        fire(&mut b, "w1", "pz", "2", "3"),
        "MG section (w1) fires at Panther (pz): stays Suppressed"
    );
}

#[test]
fn no_effect_reads_no_effect() {
    let mut b = started("");
    assert_eq!(
        fire(&mut b, "1-1", "g1", "6", "9"),
        "1st Squad (1-1) fires at 1. Gruppe (g1): no effect"
    );
    // Row 6 at a stand that is not green.
    assert_eq!(
        fire(&mut b, "1-2", "g1", "6", "6"),
        "2nd Squad (1-2) fires at 1. Gruppe (g1): no effect"
    );
    // Row 6 at a green stand.
    assert_eq!(
        fire(&mut b, "1-3", "g2", "6", "6"),
        "3rd Squad (1-3) fires at 2. Gruppe (g2): Suppressed"
    );
}

#[test]
fn opportunity_fire_says_what_it_did_to_the_mover() {
    let mut b = started("");
    act(&mut b, "move", &[("unit", "1-1")], "");
    let e = act(
        &mut b,
        "fire",
        &[
            ("firer", "g1"),
            ("target", "1-1"),
            ("range", "6"),
            ("trigger", "moved"),
        ],
        "5",
    );
    assert_eq!(
        e.summary,
        "1. Gruppe (g1) opportunity-fires at 1st Squad (1-1): Suppressed; stops where it is, no close combat"
    );
}

#[test]
fn air_attacks_say_the_final_outcome() {
    let mut b = started("");
    let e = act(&mut b, "air", &[("asset", "p47"), ("target", "pz")], "1");
    assert_eq!(e.summary, "P-47 (p47) attacks Panther (pz): destroyed");
    assert_eq!(e.resolutions[0].result, "destroyed");
    let mut b = started("");
    mark(&mut b, "g1", SUPPRESSED);
    let e = act(&mut b, "air", &[("asset", "p47"), ("target", "g1")], "4");
    assert_eq!(e.summary, "P-47 (p47) attacks 1. Gruppe (g1): Paralyzed");
}

#[test]
fn a_template_names_each_stand_it_affected() {
    let mut b = started("");
    mark(&mut b, "g2", SUPPRESSED);
    let e = act(
        &mut b,
        "artillery",
        &[
            ("asset", "arty"),
            ("spotter", "a-ldr"),
            ("targets", "g1,g2:hard,g3,pz"),
        ],
        "1 3 9 4",
    );
    assert_eq!(
        e.summary,
        "105mm battery (arty) fires: 3 of 4 stand(s) affected: g1 Paralyzed, 1 hit (1 of 3); g2 Paralyzed; pz Suppressed"
    );
}

#[test]
fn a_panic_move_that_kills_reads_destroyed() {
    let mut b = started("");
    mark(&mut b, "1-1", SUPPRESSED);
    let e = act(&mut b, "panic", &[("unit", "1-1")], "");
    assert_eq!(
        e.summary,
        "1st Squad (1-1) makes a panic move: Paralyzed, 1 hit (1 of 3)"
    );
    mark(&mut b, "1-2", PARALYZED);
    run(
        &mut b,
        Command::SetHits {
            unit: "1-2".into(),
            hits: 2,
        },
        "",
    );
    let e = act(&mut b, "panic", &[("unit", "1-2")], "");
    assert_eq!(e.summary, "2nd Squad (1-2) makes a panic move: destroyed");
}

#[test]
fn a_close_combat_says_who_won_and_how_each_stand_ends() {
    let mut b = started("");
    // Defender 9; attacker 1 + 1 (soft cover) = 2, hit and Suppressed; defender 9 (+1);
    // attacker 3 + 1 = 4, Suppressed again: Paralyzed, it retreats with the extra hit.
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
    assert_eq!(
        e.summary,
        "1st Squad (1-1) assaults 3. Gruppe (g3): attacker wins; 1-1 unharmed; g3 Paralyzed, 2 hits (2 of 3), retreats 4\""
    );
    // The defender wins: its 1 Paralyzes the attacker, which retreats with its extra hit.
    let e = act(
        &mut b,
        "close-combat",
        &[("attacker", "1-2"), ("defender", "g1"), ("moved", "no")],
        "1",
    );
    assert_eq!(
        e.summary,
        "2nd Squad (1-2) assaults 1. Gruppe (g1): defender wins; 1-2 Paralyzed, 2 hits (2 of 3), retreats 4\"; g1 unharmed"
    );
    // A vehicle that does not win falls back.
    let e = act(
        &mut b,
        "close-combat",
        &[("attacker", "t1"), ("defender", "g2"), ("moved", "no")],
        "9 9",
    );
    assert_eq!(
        e.summary,
        "Sherman (t1) assaults 2. Gruppe (g2): defender holds; t1 falls back 8\"; g2 unharmed"
    );
    // The third hit of a retreat destroys.
    let e = act(
        &mut b,
        "close-combat",
        &[("attacker", "1-3"), ("defender", "g3"), ("moved", "no")],
        "9 9",
    );
    assert_eq!(
        e.summary,
        "3rd Squad (1-3) assaults 3. Gruppe (g3): attacker wins; 1-3 unharmed; g3 destroyed"
    );
}

#[test]
fn a_rally_says_what_the_stand_is_now() {
    let mut b = started("leader_rally = true");
    mark(&mut b, "1-1", SUPPRESSED);
    let e = act(&mut b, "rally", &[("leader", "1-ldr"), ("unit", "1-1")], "");
    assert_eq!(
        e.summary,
        "Lt. Baker (1-ldr) rallies 1st Squad (1-1): no longer Suppressed"
    );
    mark(&mut b, "1-2", PARALYZED);
    let e = act(&mut b, "rally", &[("leader", "a-ldr"), ("unit", "1-2")], "");
    assert_eq!(
        e.summary,
        "Capt. Able (a-ldr) rallies 2nd Squad (1-2): Paralyzed → Suppressed"
    );
}
