//! Scruby in a battle, as given events / when a command / then these events: the simultaneous move
//! and its order, every procedure's effects on the units, the 3-move timers and the gun's hold
//! count, and concealed columns exposed and deployed.

use crate::support::*;
use umpire::battle::Battle;
use umpire::model::{Effect, Viewer};

use umpire::rules::scruby::defs::*;

fn new_battle(options: &str) -> Battle {
    battle(&scruby_brigades(options))
}

/// The battle at move 1's movement, the Austrians having won the initiative 5 to 2.
fn moving() -> Battle {
    let mut b = new_battle("");
    advance(&mut b, "5,2");
    b
}

/// Advances to `phase` (of the current move or the next ones), throwing `5,2` for every
/// initiative on the way (the Austrians win).
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

fn left(b: &Battle, id: &str) -> u32 {
    let u = b.roster.unit_index(id).unwrap();
    b.roster.units[u].hit_limit - b.state().units[u].hits
}

fn value(b: &Battle, id: &str, m: &str) -> Option<i32> {
    unit(b, id).marker(m)
}

fn set(id: &str, m: &str, v: Option<i32>) -> Effect {
    Effect::Marker {
        unit: id.into(),
        marker: m.into(),
        value: v,
    }
}

// ---- the move ---------------------------------------------------------------------------------

#[test]
fn the_battle_opens_on_the_initiative_and_a_tie_is_thrown_again() {
    let mut b = new_battle("");
    assert_eq!(b.state().phase, PH_INITIATIVE);
    // Formations from the scenario are markers from the start.
    assert!(has(&b, "a2", ROAD_COLUMN));
    let e = advance(&mut b, "4,4,2,6");
    let r = &e.resolutions[0];
    assert_eq!(r.steps.len(), 2, "{r:?}");
    assert!(r.steps[0].outcome.contains("a tie, thrown again"));
    assert!(r.steps[1].outcome.contains("French is the high roller"));
    assert_eq!(b.state().phase, PH_MOVEMENT);
    assert_eq!(b.state().active, 1, "the high roller is the active side");
    assert_eq!(b.state().counter("au", INITIATIVE), Some(2));
    assert_eq!(b.state().counter("fr", INITIATIVE), Some(6));
}

#[test]
fn a_regiment_short_of_a_full_tray_starts_with_the_rest_lost() {
    let b = new_battle("");
    // a3 has `figures = 1`: a tray of 4, three lost before the battle (●○○○).
    let a3 = b.roster.unit_index("a3").unwrap();
    assert_eq!(b.roster.units[a3].hit_limit, 4);
    assert_eq!(unit(&b, "a3").hits, 3);
    assert_eq!(left(&b, "a3"), 1);
    let losses = b.ruleset.losses();
    assert_eq!(losses.pips(3, 4), "●○○○");
    // Squadrons hold 3; guns and headquarters have no figures.
    for (id, limit) in [("a-hc", 3), ("a-lc", 3), ("a-gun", 0), ("au-hq", 0)] {
        let u = b.roster.unit_index(id).unwrap();
        assert_eq!(b.roster.units[u].hit_limit, limit, "{id}");
    }
    // What a unit began with is not a loss of the battle.
    assert_eq!(b.summary().sides[0].hits, 0);
}

#[test]
fn the_move_runs_cannon_fire_high_roller_first_then_rifles_then_melee() {
    let mut b = moving();
    let mut seen = vec![(b.state().phase.clone(), b.state().active)];
    for _ in 0..5 {
        let faces = if b.state().phase == PH_MELEE {
            "1,3"
        } else {
            ""
        };
        advance(&mut b, faces);
        seen.push((b.state().phase.clone(), b.state().active));
    }
    let expected: Vec<(String, usize)> = [
        (PH_MOVEMENT, 0),
        (PH_FIRST_CANNON, 0),
        (PH_SECOND_CANNON, 1),
        (PH_RIFLE, 0),
        (PH_MELEE, 0),
        (PH_MOVEMENT, 1),
    ]
    .iter()
    .map(|(p, s)| (p.to_string(), *s))
    .collect();
    assert_eq!(seen, expected);
    assert_eq!(b.state().turn, 2, "the end of the move starts the next");
}

#[test]
fn procedures_keep_to_their_phase_and_guns_to_their_sides_cannon_fire() {
    let mut b = moving();
    let why = refused(
        &mut b,
        "rifle",
        &[("firer-unit", "a1"), ("target-unit", "f1")],
        "",
    );
    assert!(why.contains("Rifle fire phase"), "{why}");
    to_phase(&mut b, PH_FIRST_CANNON);
    let why = refused(
        &mut b,
        "artillery",
        &[
            ("gun-unit", "f-gun"),
            ("target-unit", "a1"),
            ("range", "10"),
        ],
        "",
    );
    assert!(why.contains("concealed behind stand 1"), "{why}");
    b = moving();
    act(&mut b, "expose", &[("stand", "1"), ("cause", "vision")], "");
    to_phase(&mut b, PH_FIRST_CANNON);
    let why = refused(
        &mut b,
        "artillery",
        &[
            ("gun-unit", "f-gun"),
            ("target-unit", "a1"),
            ("range", "10"),
        ],
        "",
    );
    assert!(why.contains("fires in its own side's"), "{why}");
    advance(&mut b, "");
    act(
        &mut b,
        "artillery",
        &[
            ("gun-unit", "f-gun"),
            ("target-unit", "a1"),
            ("range", "10"),
        ],
        "4",
    );
    let why = refused(
        &mut b,
        "artillery",
        &[
            ("gun-unit", "f-gun"),
            ("target-unit", "a1"),
            ("range", "10"),
        ],
        "",
    );
    assert!(why.contains("already fired this move"), "{why}");
}

#[test]
fn a_cannon_that_moved_cannot_fire_but_horse_artillery_can() {
    let mut b = moving();
    to_phase(&mut b, PH_FIRST_CANNON);
    mark(&mut b, "a-gun", MOVED);
    mark(&mut b, "a-ha", MOVED);
    let why = refused(
        &mut b,
        "artillery",
        &[
            ("gun-unit", "a-gun"),
            ("target-unit", "f1"),
            ("range", "10"),
        ],
        "",
    );
    assert!(why.contains("moved"), "{why}");
    act(
        &mut b,
        "artillery",
        &[("gun-unit", "a-ha"), ("target-unit", "f1"), ("range", "10")],
        "1",
    );
    assert_eq!(left(&b, "f1"), 3);
    // The end of the move clears what was done in it.
    to_phase(&mut b, PH_MOVEMENT);
    assert!(!has(&b, "a-gun", MOVED) && !has(&b, "a-ha", FIRED));
}

// ---- rifle fire -------------------------------------------------------------------------------

#[test]
fn rifle_fire_is_simultaneous_a_regiment_fires_with_the_figures_it_began_with() {
    let mut b = moving();
    to_phase(&mut b, PH_RIFLE);
    // a3, a 1-figure Line regiment in line, is killed by f1 (row 1: automatic).
    let e = act(
        &mut b,
        "rifle",
        &[("firer-unit", "f1"), ("target-unit", "a3"), ("range", "5")],
        "",
    );
    assert!(e.effects.contains(&hits("a3", 4)), "{:?}", e.effects);
    assert!(
        e.effects
            .iter()
            .any(|x| matches!(x, Effect::Removed { unit, .. } if unit == "a3")),
        "{:?}",
        e.effects
    );
    assert!(has(&b, "f1", FIRED));
    // Gone, it still fires back this rifle fire, with its one figure: row 2, 1-3-6.
    let e = act(
        &mut b,
        "rifle",
        &[("firer-unit", "a3"), ("target-unit", "f1"), ("range", "5")],
        "3",
    );
    assert!(e.resolutions[0].steps[0].row.is_some());
    assert_eq!(left(&b, "f1"), 3);
    // a1 loses a figure to f-gr, then fires with all four: automatic (row 1).
    act(
        &mut b,
        "rifle",
        &[
            ("firer-unit", "f-gr"),
            ("target-unit", "a1"),
            ("range", "5"),
        ],
        "",
    );
    assert_eq!(left(&b, "a1"), 3);
    assert_eq!(value(&b, "a1", RIFLE_LOST), Some(1));
    let p = b
        .prefill(
            "rifle",
            &params(&b, "rifle", &[("firer-unit", "a1"), ("target-unit", "f1")]),
        )
        .unwrap();
    assert_eq!(p.int("figures"), Some(4));
    // It may fire once.
    act(
        &mut b,
        "rifle",
        &[("firer-unit", "a1"), ("target-unit", "f1"), ("range", "5")],
        "",
    );
    let why = refused(
        &mut b,
        "rifle",
        &[("firer-unit", "a1"), ("target-unit", "f1"), ("range", "5")],
        "",
    );
    assert!(why.contains("already fired"), "{why}");
    // Regiments that can still fire are waited for; those that fired or are hidden are not.
    let waiting = |b: &Battle| -> Vec<String> {
        b.still_to_act()
            .into_iter()
            .map(|u| b.roster.units[u].id.clone())
            .collect()
    };
    let w = waiting(&b);
    assert!(w.contains(&"a2".to_string()) && !w.contains(&"f-gr".to_string()));
    assert!(
        !w.contains(&"a1".to_string()) && !w.contains(&"f2".to_string()),
        "{w:?}"
    );
    // After rifle fire the count of figures lost in it is gone; nobody is waited for in melee.
    advance(&mut b, "");
    assert_eq!(value(&b, "a1", RIFLE_LOST), None);
    assert!(waiting(&b).is_empty());
}

#[test]
fn rifle_fire_reads_the_formation_from_the_markers_and_kills_a_crew() {
    let mut b = moving();
    act(&mut b, "expose", &[("stand", "1"), ("cause", "vision")], "");
    to_phase(&mut b, PH_RIFLE);
    // a2 is in road column: row 3, a kill on 1-3-6; a 4 misses.
    let e = act(
        &mut b,
        "rifle",
        &[("firer-unit", "a2"), ("target-unit", "f1"), ("range", "5")],
        "4",
    );
    assert_eq!(left(&b, "f1"), 4);
    assert!(
        e.resolutions[0].steps[0]
            .row
            .as_deref()
            .unwrap_or("")
            .contains('3')
    );
    // Fire at a gun is fire at its crew: Line 4 figures on 3-6.
    let e = act(
        &mut b,
        "rifle",
        &[
            ("firer-unit", "a1"),
            ("target-unit", "f-gun"),
            ("range", "5"),
        ],
        "3",
    );
    assert!(e.effects.contains(&set("f-gun", CREW_KILLED, Some(1))));
    let why = refused(
        &mut b,
        "rifle",
        &[
            ("firer-unit", "a-gr"),
            ("target-unit", "f-gun"),
            ("range", "5"),
        ],
        "",
    );
    assert!(why.contains("no crew"), "{why}");
}

#[test]
fn a_retiring_regiment_may_not_fire_or_start_a_melee_but_defends() {
    let mut b = moving();
    to_phase(&mut b, PH_FIRST_CANNON);
    // Artillery's 2: retires in confusion 3 moves.
    let e = act(
        &mut b,
        "artillery",
        &[
            ("gun-unit", "a-gun"),
            ("target-unit", "f1"),
            ("range", "12"),
        ],
        "2",
    );
    assert!(e.effects.contains(&set("f1", RETIRING, Some(3))));
    to_phase(&mut b, PH_RIFLE);
    let why = refused(
        &mut b,
        "rifle",
        &[("firer-unit", "f1"), ("target-unit", "a1"), ("range", "5")],
        "",
    );
    assert!(why.contains("retiring (3 moves left)"), "{why}");
    advance(&mut b, "");
    let why = refused(
        &mut b,
        "melee",
        &[("attacker-unit", "f1"), ("defender-unit", "a1")],
        "",
    );
    assert!(
        why.contains("may not fire, charge or start a melee"),
        "{why}"
    );
    // Attacked, it fights: a1 (Line 4) kills 1, f1 (Line 4) kills 1; morale 4×12 against 1×12.
    let e = act(
        &mut b,
        "melee",
        &[("attacker-unit", "a1"), ("defender-unit", "f1")],
        "4,1",
    );
    assert_eq!((left(&b, "a1"), left(&b, "f1")), (3, 3));
    assert!(e.effects.contains(&set("f1", RETIRING, Some(3))));
}

#[test]
fn grenadiers_ignore_artillerys_two() {
    let mut b = moving();
    to_phase(&mut b, PH_SECOND_CANNON);
    act(&mut b, "expose", &[("stand", "1"), ("cause", "cannon")], "");
    let e = act(
        &mut b,
        "artillery",
        &[
            ("gun-unit", "f-gun"),
            ("target-unit", "a-gr"),
            ("range", "12"),
        ],
        "2",
    );
    assert!(
        !e.effects
            .iter()
            .any(|x| matches!(x, Effect::Marker { marker, .. } if marker == RETIRING)),
        "{:?}",
        e.effects
    );
    // The gun did fire (and the 2 was read as the Grenadiers' exception, not as no shot).
    assert!(has(&b, "f-gun", FIRED));
    let r = &e.resolutions[0];
    assert_eq!(r.faces()[0].face, 2);
    assert!(
        r.steps[0]
            .notes
            .iter()
            .any(|n| n.contains("Grenadiers are not affected")),
        "{r:?}"
    );
    // The same 2 sends a Line regiment back (in the next move's return fire).
    advance(&mut b, "");
    to_phase(&mut b, PH_SECOND_CANNON);
    act(
        &mut b,
        "artillery",
        &[
            ("gun-unit", "f-gun"),
            ("target-unit", "a1"),
            ("range", "12"),
        ],
        "2",
    );
    assert_eq!(value(&b, "a1", RETIRING), Some(3));
}

// ---- timers -----------------------------------------------------------------------------------

#[test]
fn the_retiring_timer_starts_at_three_and_drops_at_the_end_of_each_later_move() {
    let mut b = moving();
    to_phase(&mut b, PH_MELEE);
    // a-gr (4 figures, kills 2) against f1 (Line, kills 1); morale 2 × 18 against 6 × 8.
    act(
        &mut b,
        "melee",
        &[("attacker-unit", "a-gr"), ("defender-unit", "f1")],
        "2,6",
    );
    assert_eq!(value(&b, "a-gr", RETIRING), Some(3));
    let mut seen = Vec::new();
    for _ in 0..4 {
        to_phase(&mut b, PH_MELEE);
        let e = advance(&mut b, "5,2");
        seen.push(value(&b, "a-gr", RETIRING));
        if seen.len() == 2 {
            assert!(
                e.notes
                    .iter()
                    .any(|n| n.contains("a-gr: Retiring / in confusion — 2 moves left")),
                "{:?}",
                e.notes
            );
        }
    }
    assert_eq!(seen, [Some(3), Some(2), Some(1), None]);
    assert_eq!(value(&b, "a-gr", RETIRING_FROM), None);
}

// ---- artillery and canister -------------------------------------------------------------------

#[test]
fn counter_battery_hits_add_up_and_the_third_destroys_the_gun() {
    let mut b = moving();
    act(&mut b, "expose", &[("stand", "1"), ("cause", "vision")], "");
    for (n, face) in [(1, "1"), (2, "3")] {
        to_phase(&mut b, PH_FIRST_CANNON);
        act(
            &mut b,
            "artillery",
            &[
                ("gun-unit", "a-gun"),
                ("target-unit", "f-gun"),
                ("range", "14"),
            ],
            face,
        );
        assert_eq!(value(&b, "f-gun", GUN_HITS), Some(n));
        to_phase(&mut b, PH_MELEE);
    }
    to_phase(&mut b, PH_FIRST_CANNON);
    let e = act(
        &mut b,
        "artillery",
        &[
            ("gun-unit", "a-gun"),
            ("target-unit", "f-gun"),
            ("range", "14"),
        ],
        "6",
    );
    assert!(
        e.effects.iter().any(|x| matches!(x, Effect::Removed { unit, cause } if unit == "f-gun" && cause.contains("counter-battery"))),
        "{:?}",
        e.effects
    );
    // Destroyed now, it cannot return fire.
    advance(&mut b, "");
    let why = refused(
        &mut b,
        "artillery",
        &[
            ("gun-unit", "f-gun"),
            ("target-unit", "a1"),
            ("range", "10"),
        ],
        "",
    );
    assert!(why.contains("no longer on the table"), "{why}");
}

#[test]
fn canister_kills_first_and_the_return_fire_can_kill_the_crew() {
    let mut b = moving();
    to_phase(&mut b, PH_FIRST_CANNON);
    let e = act(
        &mut b,
        "canister",
        &[
            ("gun-unit", "a-gun"),
            ("target-unit", "f1"),
            ("range", "5"),
            ("return-fire", ""),
        ],
        "6",
    );
    // One figure killed automatically; f1, now 3 figures of Line, kills the crew on 3-6 (a 3 or
    // a 6).
    assert_eq!(left(&b, "f1"), 3);
    assert!(e.effects.contains(&set("a-gun", CREW_KILLED, Some(1))));
    assert!(has(&b, "f1", FIRED), "the return fire is its rifle fire");
    to_phase(&mut b, PH_RIFLE);
    let why = refused(
        &mut b,
        "rifle",
        &[("firer-unit", "f1"), ("target-unit", "a1"), ("range", "5")],
        "",
    );
    assert!(why.contains("already fired"), "{why}");
}

// ---- melee ------------------------------------------------------------------------------------

#[test]
fn a_reinforced_melee_fights_in_two_stages_and_throws_morale_once() {
    let mut b = moving();
    to_phase(&mut b, PH_MELEE);
    let e = act(
        &mut b,
        "reinforced-melee",
        &[
            ("attacker-unit", "f1"),
            ("defender-unit", "a1"),
            ("reinforcement-unit", "a-gr"),
        ],
        "2,5",
    );
    // f1 and a1 (Line, 4 figures) kill 1 each; then f1's remnant (3 figures) and a-gr
    // (Grenadiers, 4) strike at once: 1 and 2 killed, no die. Morale once, the attacking side's
    // throw first: f1 2 × 4 = 8 against (a1 3 × 4 + a-gr 3 × 6) 5 × 30 = 150.
    assert_eq!(
        (left(&b, "f1"), left(&b, "a1"), left(&b, "a-gr")),
        (1, 3, 3),
        "{:?}",
        e.effects
    );
    assert!(e.effects.contains(&set("f1", RETIRING, Some(3))));
    assert_eq!(
        e.resolutions[0]
            .steps
            .iter()
            .filter(|s| s.label.starts_with("Morale"))
            .count(),
        1
    );
}

#[test]
fn a_gun_taken_in_melee_is_held_three_moves_then_remanned_for_its_holder() {
    let mut b = moving();
    act(&mut b, "expose", &[("stand", "1"), ("cause", "vision")], "");
    to_phase(&mut b, PH_MELEE);
    // From the rear the crew gets no throw.
    let e = act(
        &mut b,
        "melee-crew",
        &[
            ("attacker-unit", "a-gr"),
            ("gun-unit", "f-gun"),
            ("attacked-from", "rear"),
        ],
        "",
    );
    assert!(e.effects.contains(&set("f-gun", CAPTURED, Some(1))));
    assert!(e.effects.contains(&set("f-gun", CREW_KILLED, Some(1))));
    let mut held = Vec::new();
    for _ in 0..3 {
        advance(&mut b, "5,2");
        held.push(value(&b, "f-gun", HELD));
        to_phase(&mut b, PH_MELEE);
    }
    // Not in the move it was taken; then 1, 2, and at 3 re-manned.
    assert_eq!(held, [Some(0), Some(1), Some(2)]);
    let e = advance(&mut b, "5,2");
    assert!(
        e.notes.iter().any(|n| n.contains("re-manned by Austrians")),
        "{:?}",
        e.notes
    );
    assert!(!has(&b, "f-gun", CREW_KILLED));
    // It now fires in the Austrians' cannon fire, at the French.
    to_phase(&mut b, PH_FIRST_CANNON);
    act(
        &mut b,
        "artillery",
        &[
            ("gun-unit", "f-gun"),
            ("target-unit", "f1"),
            ("range", "10"),
        ],
        "1",
    );
    assert_eq!(left(&b, "f1"), 3);
}

#[test]
fn the_crew_saves_its_gun_on_one_three_six_and_hurls_the_attackers_back() {
    let mut b = moving();
    to_phase(&mut b, PH_MELEE);
    let e = act(
        &mut b,
        "melee-crew",
        &[("attacker-unit", "f1"), ("gun-unit", "a-gun")],
        "6",
    );
    assert!(e.effects.contains(&set("f1", RETIRING, Some(3))));
    assert!(!has(&b, "a-gun", CREW_KILLED));
}

// ---- concealment ------------------------------------------------------------------------------

#[test]
fn fire_at_a_concealed_unit_exposes_its_whole_column_in_march_order() {
    let mut b = moving();
    to_phase(&mut b, PH_FIRST_CANNON);
    let e = act(
        &mut b,
        "artillery",
        &[
            ("gun-unit", "a-gun"),
            ("target-unit", "f3"),
            ("range", "12"),
        ],
        "4",
    );
    let exposed: Vec<&str> = e
        .effects
        .iter()
        .filter_map(|x| match x {
            Effect::Exposed { unit, cause } => {
                assert_eq!(cause, "fired on by cannon");
                Some(unit.as_str())
            }
            _ => None,
        })
        .collect();
    // Light infantry in front, cannons in the centre, heavy cavalry in the rear.
    assert_eq!(exposed, ["f-lt", "f2", "f-gun", "f3", "f-hc"]);
    assert!(e.notes[0].contains("stand 1 exposed"), "{:?}", e.notes);
    let v = b.view();
    let f3 = b.roster.unit_index("f3").unwrap();
    assert!(v.visible_to(f3, Viewer::Side(0)));
    // Undone, the column is hidden again.
    let undo = b
        .handle(
            &umpire::battle::Command::Undo,
            &mut umpire::dice::TypedDice::default(),
        )
        .unwrap();
    b.apply(undo).unwrap();
    assert!(unit(&b, "f3").concealed && unit(&b, "f-hc").concealed);
}

#[test]
fn a_scout_that_exposes_a_column_leaves_the_table_unless_it_has_more_to_find() {
    let mut b = moving();
    let e = act(
        &mut b,
        "expose",
        &[("stand", "1"), ("cause", "scouting"), ("scout", "a-lc")],
        "",
    );
    assert!(e.summary.contains("found by scouts"), "{}", e.summary);
    assert!(unit(&b, "a-lc").removed.is_some());
    assert!(!unit(&b, "f2").concealed);
    let why = refused(&mut b, "expose", &[("stand", "1"), ("cause", "vision")], "");
    assert!(why.contains("already exposed"), "{why}");
    let mut b = moving();
    act(
        &mut b,
        "expose",
        &[
            ("stand", "1"),
            ("cause", "scouting"),
            ("scout", "a-lc"),
            ("scout-stays", ""),
        ],
        "",
    );
    assert!(unit(&b, "a-lc").removed.is_none());
}

#[test]
fn deploying_into_line_exposes_at_least_three_regiments_and_the_rest_stay_hidden() {
    let mut b = moving();
    let why = refused(&mut b, "deploy", &[("stand", "1"), ("units", "f2,f3")], "");
    assert!(why.contains("at least 3"), "{why}");
    let why = refused(
        &mut b,
        "deploy",
        &[("stand", "1"), ("units", "f2,f3,f-hc")],
        "",
    );
    assert!(why.contains("not an infantry regiment"), "{why}");
    let e = act(
        &mut b,
        "deploy",
        &[("stand", "1"), ("units", "f2,f3,f-lt")],
        "",
    );
    assert!(
        e.summary.contains("the rest of the column stays concealed"),
        "{}",
        e.summary
    );
    assert!(!unit(&b, "f2").concealed && !unit(&b, "f-lt").concealed);
    assert!(unit(&b, "f-gun").concealed && unit(&b, "f-hc").concealed);
}

#[test]
fn a_concealed_column_cannot_fire_and_never_takes_road_column() {
    let mut b = moving();
    let why = refused(
        &mut b,
        "form",
        &[("unit", "f2"), ("formation", "road-column")],
        "",
    );
    assert!(why.contains("never moves in road column"), "{why}");
    act(
        &mut b,
        "form",
        &[("unit", "f2"), ("formation", "cross-country")],
        "",
    );
    assert!(has(&b, "f2", CROSS_COUNTRY));
    to_phase(&mut b, PH_RIFLE);
    let why = refused(
        &mut b,
        "rifle",
        &[("firer-unit", "f2"), ("target-unit", "a1"), ("range", "5")],
        "",
    );
    assert!(why.contains("concealed behind stand 1"), "{why}");
}

#[test]
fn light_cavalry_morale_combat_against_light_infantry_takes_its_fire_first() {
    let mut b = moving();
    act(&mut b, "expose", &[("stand", "1"), ("cause", "vision")], "");
    let e = act(
        &mut b,
        "lc-morale",
        &[("cavalry-unit", "a-lc"), ("opponent-unit", "f-lt")],
        "6,1",
    );
    // One figure lost to the Light infantry's fire; then 2 × 5 × 6 = 60 against 16 × 1.
    assert_eq!(left(&b, "a-lc"), 2);
    assert!(e.effects.contains(&set("f-lt", RETIRING, Some(3))));
    assert!(e.notes.iter().any(|n| n.contains("expose the column")));
}

#[test]
fn a_headquarters_is_lost_to_the_enemy_and_retaken_by_its_own_side() {
    let mut b = moving();
    act(&mut b, "take-hq", &[("hq", "fr-hq"), ("by", "a1")], "");
    assert!(has(&b, "fr-hq", HQ_LOST));
    let why = refused(&mut b, "take-hq", &[("hq", "fr-hq"), ("by", "a2")], "");
    assert!(why.contains("already in the enemy's hands"), "{why}");
    act(&mut b, "take-hq", &[("hq", "fr-hq"), ("by", "f1")], "");
    assert!(!has(&b, "fr-hq", HQ_LOST));
}

#[test]
fn the_battle_ends_after_its_last_move() {
    let mut b = new_battle("");
    advance(&mut b, "5,2");
    for _ in 0..6 {
        to_phase(&mut b, PH_MELEE);
        if b.state().turn == 6 {
            break;
        }
        advance(&mut b, "5,2");
    }
    advance(&mut b, "");
    assert!(b.state().is_over());
    assert_eq!(b.state().phase, PH_INITIATIVE);
}

fn params(b: &Battle, action: &str, args: &[(&str, &str)]) -> umpire::declare::Params {
    let def = umpire::ruleset::find_action(b.ruleset, action).unwrap();
    umpire::declare::Params::given(def.params, args.iter().copied()).unwrap()
}

// ---- walls, fortresses and ships ---------------------------------------------------------------

/// The two brigades, with a French abbey wall that two hits destroy.
fn with_a_wall() -> Battle {
    let source = scruby_brigades("").replace(
        "  [[side.concealed]]",
        "    [[side.formation.unit]]\n    id = \"f-wall\"\n    name = \"Abbey wall\"\n    kind = \"works\"\n    hits_to_destroy = 2\n  [[side.concealed]]",
    );
    let mut b = battle(&source);
    advance(&mut b, "5,2");
    b
}

fn badges(b: &Battle, id: &str) -> Vec<String> {
    let u = b.roster.unit_index(id).unwrap();
    b.ruleset
        .badges(&b.view(), u)
        .into_iter()
        .map(|x| x.text)
        .collect()
}

#[test]
fn artillery_hits_on_works_add_up_and_their_count_destroys_them() {
    let mut b = with_a_wall();
    // Works have no figures: no tray, and a count of hits instead.
    let w = b.roster.unit_index("f-wall").unwrap();
    assert_eq!(b.roster.units[w].hit_limit, 0);
    assert_eq!(badges(&b, "f-wall"), ["HITS 0/2"]);
    to_phase(&mut b, PH_FIRST_CANNON);
    let at_wall = |gun: &'static str| {
        [
            ("gun-unit", gun),
            ("target-unit", "f-wall"),
            ("range", "12"),
        ]
    };
    // The battle fills in the works' hits and the scenario's count.
    let p = b
        .prefill("artillery", &params(&b, "artillery", &at_wall("a-gun")))
        .unwrap();
    assert_eq!(
        (p.int("works-hits"), p.int("hits-to-destroy")),
        (Some(0), Some(2))
    );
    assert!(!p.flag("counter-battery"));
    // A 2 has no effect on works: no confusion, no hit.
    let e = act(&mut b, "artillery", &at_wall("a-gun"), "2");
    assert!(
        !e.effects
            .iter()
            .any(|x| matches!(x, Effect::Marker { unit, .. } if unit == "f-wall")),
        "{:?}",
        e.effects
    );
    assert_eq!(value(&b, "f-wall", WORKS_HITS), None);
    assert!(has(&b, "a-gun", FIRED));
    // A 3 is a hit: 1 of 2.
    let e = act(&mut b, "artillery", &at_wall("a-ha"), "3");
    assert!(e.effects.contains(&set("f-wall", WORKS_HITS, Some(1))));
    assert_eq!(value(&b, "f-wall", WORKS_HITS), Some(1));
    assert_eq!(badges(&b, "f-wall"), ["HITS 1/2"]);
    assert!(unit(&b, "f-wall").on_table());
    // Next move, the second hit destroys the wall.
    to_phase(&mut b, PH_MELEE);
    to_phase(&mut b, PH_FIRST_CANNON);
    let p = b
        .prefill("artillery", &params(&b, "artillery", &at_wall("a-gun")))
        .unwrap();
    assert_eq!(p.int("works-hits"), Some(1));
    let e = act(&mut b, "artillery", &at_wall("a-gun"), "6");
    assert!(e.effects.contains(&set("f-wall", WORKS_HITS, Some(2))));
    assert!(
        e.effects.iter().any(|x| matches!(x, Effect::Removed { unit, cause } if unit == "f-wall" && cause == "destroyed by artillery fire")),
        "{:?}",
        e.effects
    );
    assert!(!unit(&b, "f-wall").on_table());
    assert_eq!(
        e.resolutions[0].result,
        "The works are destroyed (hit 2 of 2)"
    );
    let why = refused(&mut b, "artillery", &at_wall("a-ha"), "");
    assert!(why.contains("no longer on the table"), "{why}");
}

#[test]
fn only_artillery_damages_works_and_works_never_fire_or_fight() {
    let mut b = with_a_wall();
    let only = "only artillery can damage walls, fortresses and ships (decision)";
    to_phase(&mut b, PH_FIRST_CANNON);
    let why = refused(
        &mut b,
        "canister",
        &[
            ("gun-unit", "a-gun"),
            ("target-unit", "f-wall"),
            ("range", "5"),
        ],
        "",
    );
    assert!(why.contains(only) && why.contains("canister"), "{why}");
    to_phase(&mut b, PH_RIFLE);
    let why = refused(
        &mut b,
        "rifle",
        &[
            ("firer-unit", "a1"),
            ("target-unit", "f-wall"),
            ("range", "5"),
        ],
        "",
    );
    assert!(why.contains(only), "{why}");
    let why = refused(
        &mut b,
        "rifle",
        &[
            ("firer-unit", "f-wall"),
            ("target-unit", "a1"),
            ("range", "5"),
        ],
        "",
    );
    assert!(why.contains("never fires or fights"), "{why}");
    // Nobody waits for the wall to fire.
    let waiting: Vec<String> = b
        .still_to_act()
        .into_iter()
        .map(|u| b.roster.units[u].id.clone())
        .collect();
    assert!(waiting.contains(&"a1".to_string()), "{waiting:?}");
    assert!(!waiting.contains(&"f-wall".to_string()), "{waiting:?}");
    advance(&mut b, "");
    for (action, args) in [
        (
            "melee",
            [("attacker-unit", "a1"), ("defender-unit", "f-wall")].as_slice(),
        ),
        (
            "melee",
            [("attacker-unit", "f-wall"), ("defender-unit", "a1")].as_slice(),
        ),
        (
            "reinforced-melee",
            [
                ("attacker-unit", "a1"),
                ("defender-unit", "f1"),
                ("reinforcement-unit", "f-wall"),
            ]
            .as_slice(),
        ),
        (
            "melee-crew",
            [("attacker-unit", "f-wall"), ("gun-unit", "a-gun")].as_slice(),
        ),
        (
            "melee-crew",
            [("attacker-unit", "a1"), ("gun-unit", "f-wall")].as_slice(),
        ),
        (
            "lc-morale",
            [("cavalry-unit", "a-lc"), ("opponent-unit", "f-wall")].as_slice(),
        ),
    ] {
        let why = refused(&mut b, action, args, "");
        assert!(why.contains(only), "{action} {args:?}: {why}");
    }
    // The wall takes no melee damage either way: it is still whole.
    assert_eq!(value(&b, "f-wall", WORKS_HITS), None);
}
