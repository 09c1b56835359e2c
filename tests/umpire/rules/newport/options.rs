//! Every option of Newport's `defs::OPTIONS` proved both ways: each test shows the default at work
//! and a changed value at work, in a battle where the option applies or through the rule set's own
//! table procedures (`Newport.resolve` / `Newport.odds`), so that a rule that ignored the option
//! would fail here. Then both combat tables read row by row at every boundary.
//!
//! `every_option_is_tested` lists where each option is covered, so a new option without a test
//! fails the build's tests.

use crate::support::newport::*;
use crate::support::*;
use umpire::battle::{Battle, BattleError, Command, Entry, Event};
use umpire::declare::{Options, Params, RuleError};
use umpire::dice::{DiceError, Die, TypedDice};
use umpire::model::{BattleState, Effect};
use umpire::odds::OddsReport;
use umpire::resolution::Resolution;
use umpire::rules::newport::Newport;
use umpire::rules::newport::close_combat::{self, CcResult, Next, Stage};
use umpire::rules::newport::defs::{self, *};
use umpire::rules::newport::tables::{MoraleBlow, ShotEffect};
use umpire::ruleset::{Looks, Ruleset, find_action};

// ---- helpers -----------------------------------------------------------------------------------

/// Options with `key=value` settings over the defaults, as `--option` sets them.
fn opts(settings: &[&str]) -> Options {
    let mut o = Options::defaults(defs::OPTIONS);
    for s in settings {
        o.set_text(defs::OPTIONS, s).unwrap();
    }
    o
}

fn table_params(action: &str, args: &[(&str, &str)]) -> Params {
    let def = find_action(&Newport, action).unwrap();
    Params::parse(def.params, args.iter().copied()).unwrap()
}

/// A table-only resolution with typed faces, all of which must be used.
fn resolve(
    action: &str,
    args: &[(&str, &str)],
    options: &Options,
    faces: &str,
) -> Result<Resolution, RuleError> {
    let mut dice = TypedDice::parse(faces).unwrap();
    let r = (&Newport as &dyn Ruleset).resolve(
        action,
        &table_params(action, args),
        options,
        &mut dice,
    )?;
    dice.finish().unwrap();
    Ok(r)
}

fn odds(action: &str, args: &[(&str, &str)], options: &Options) -> Result<OddsReport, RuleError> {
    (&Newport as &dyn Ruleset).odds(action, &table_params(action, args), options)
}

fn p(report: &OddsReport, result: &str) -> f64 {
    report
        .results
        .iter()
        .filter(|l| l.result == result)
        .map(|l| l.probability)
        .sum()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

/// The company scenario played at battalion scale (everything else the same).
fn company_at_battalion_scale(options: &str) -> String {
    company(&format!("scale = \"battalion\"\n{options}"))
}

/// A company-scenario battle in the US action phase of turn 1 (nothing to roll on the way).
fn started(src: &str) -> Battle {
    let mut b = battle(src);
    advance(&mut b, "");
    b
}

/// What a battle command would do, without doing it: `handle` is pure, so the same battle can be
/// asked again and again. The state must not change either way.
fn try_cmd(b: &Battle, cmd: &Command, faces: &str) -> Result<Event, String> {
    let before: BattleState = b.state().clone();
    let mut dice = if faces.is_empty() {
        TypedDice::default()
    } else {
        TypedDice::parse(faces).unwrap()
    };
    let out = b.handle(cmd, &mut dice);
    assert_eq!(b.state(), &before, "handle changes nothing");
    match out {
        Ok(Entry::Event(e)) => Ok(e),
        Ok(other) => panic!("{other:?}"),
        Err(e) => Err(e.to_string()),
    }
}

fn try_act(b: &Battle, name: &str, args: &[(&str, &str)], faces: &str) -> Result<Event, String> {
    try_cmd(b, &action(b, name, args), faces)
}

/// Sets a marker or hits by hand.
fn hand(b: &mut Battle, cmd: Command) {
    run(b, cmd, "");
}

fn set_marker(id: &str, m: &str) -> Command {
    Command::SetMarker {
        unit: id.into(),
        marker: m.into(),
        value: Some(1),
    }
}

fn set_hits(id: &str, n: u32) -> Command {
    Command::SetHits {
        unit: id.into(),
        hits: n,
    }
}

fn limit(b: &Battle, id: &str) -> u32 {
    b.roster.units[b.roster.unit_index(id).unwrap()].hit_limit
}

/// The last resolution's first step (the shot, after any command roll).
fn shot_step(e: &Event) -> &umpire::resolution::Step {
    &e.resolutions.last().unwrap().steps[0]
}

/// Where a fire falls: normal range, long range (+1), or refused.
#[derive(Debug, PartialEq)]
enum Band {
    Normal,
    Long,
    Refused(String),
}

fn band(b: &Battle, firer: &str, target: &str, range: &str) -> Band {
    match try_act(
        b,
        "fire",
        &[("firer", firer), ("target", target), ("range", range)],
        "9 9",
    ) {
        Ok(e) => {
            let long = shot_step(&e)
                .modifiers
                .iter()
                .any(|m| m.reason == "long range");
            if long { Band::Long } else { Band::Normal }
        }
        Err(msg) => Band::Refused(msg),
    }
}

fn refused_band(b: &Battle, firer: &str, target: &str, range: &str, says: &str) {
    match band(b, firer, target, range) {
        Band::Refused(msg) => assert!(msg.contains(says), "{range}: {msg}"),
        other => panic!("{firer} at {target}, {range}\": {other:?}, expected a refusal"),
    }
}

/// An advance that must be refused; the battle is unchanged.
fn refused_advance(b: &Battle, faces: &str) -> BattleError {
    let before = b.state().clone();
    let mut dice = TypedDice::parse(faces).unwrap();
    let err = b
        .handle(&Command::Advance, &mut dice)
        .expect_err("the advance was accepted");
    assert_eq!(b.state(), &before);
    err
}

fn cp(b: &Battle, scope: &str) -> Option<i32> {
    b.state().counter(scope, "cp")
}

// ---- scale -------------------------------------------------------------------------------------

#[test]
fn scale_sets_the_vehicle_hit_limit() {
    let company_game = started(&company(""));
    let battalion_game = started(&company_at_battalion_scale(""));
    for id in ["t1", "pz"] {
        assert_eq!(limit(&company_game, id), 1, "{id}");
        assert_eq!(limit(&battalion_game, id), 3, "{id}");
    }
    // Other stands do not depend on the scale.
    for (id, n) in [("1-1", 3), ("w1", 3), ("a-ldr", 1)] {
        assert_eq!(limit(&company_game, id), n);
        assert_eq!(limit(&battalion_game, id), n);
    }
    assert_eq!(limit(&battle(&battalion("", "")), "tk"), 3);

    // The Sherman hits the Panther: 1 + armour 1 = 2, hit, Forced Back, Suppressed.
    let shot = [("firer", "t1"), ("target", "pz"), ("range", "10")];
    let mut b = company_game;
    let e = act(&mut b, "fire", &shot, "1");
    assert!(e.effects.contains(&Effect::Removed {
        unit: "pz".into(),
        cause: "fire from t1".into()
    }));
    let mut b = battalion_game;
    let e = act(&mut b, "fire", &shot, "1");
    assert!(
        !e.effects
            .iter()
            .any(|x| matches!(x, Effect::Removed { .. }))
    );
    assert_eq!(unit(&b, "pz").hits, 1);
    assert!(unit(&b, "pz").on_table() && has(&b, "pz", SUPPRESSED));

    // The table-only close combat knows the limit too: a vehicle with one hit is gone in a
    // company game, still fighting in a battalion game.
    let args = [("attacker-kind", "vehicle"), ("attacker-hits", "1")];
    let e = odds("close-combat", &args, &opts(&[])).unwrap_err();
    assert!(e.to_string().contains("removed at 1 hit(s)"), "{e}");
    odds("close-combat", &args, &opts(&["scale=battalion"])).unwrap();
}

#[test]
fn scale_decides_whether_a_killed_leader_returns() {
    let kill = [("firer", "1-1"), ("target", "g-ldr"), ("range", "3")];
    // Company: the leader's replacement comes back at the start of its side's second turn after
    // (killed in US turn 1: German turn 2).
    let mut b = started(&company(""));
    let e = act(&mut b, "fire", &kill, "1");
    assert!(e.effects.contains(&Effect::Marker {
        unit: "g-ldr".into(),
        marker: RETURNS.into(),
        value: Some(2)
    }));
    // Battalion: no replacement, ever.
    let mut b = started(&company_at_battalion_scale(""));
    let e = act(&mut b, "fire", &kill, "1");
    assert!(e.effects.contains(&Effect::Removed {
        unit: "g-ldr".into(),
        cause: "fire from 1-1".into()
    }));
    assert!(
        !e.effects
            .iter()
            .any(|x| matches!(x, Effect::Marker { marker, .. } if marker == RETURNS)),
        "{:?}",
        e.effects
    );
    for _ in 0..8 {
        advance(&mut b, "");
        assert!(unit(&b, "g-ldr").removed.is_some());
    }
}

#[test]
fn scale_decides_who_spots_and_whether_the_spotter_is_marked() {
    let mortar = |spotter: &'static str| {
        [
            ("asset", "lm"),
            ("spotter", spotter),
            ("targets", "g3"),
            ("range", "12"),
        ]
    };
    // Company: only a leader spots, and it is marked Finished; a Finished leader cannot spot.
    let mut b = started(&company(""));
    let e = try_act(&b, "artillery", &mortar("1-1"), "9").unwrap_err();
    assert!(e.contains("leader must spot"), "{e}");
    let e = try_act(&b, "artillery", &mortar("1-ldr"), "9").unwrap();
    assert!(e.effects.contains(&marker("1-ldr", FINISHED, true)));
    act(&mut b, "move", &[("unit", "1-ldr")], "");
    let e = try_act(&b, "artillery", &mortar("1-ldr"), "9").unwrap_err();
    assert!(e.contains("Finished"), "{e}");

    // Battalion: any stand spots, and it is not marked.
    let mut b = started(&company_at_battalion_scale(""));
    let e = act(&mut b, "artillery", &mortar("1-1"), "9");
    assert_eq!(e.effects, vec![marker("lm", FINISHED, true)]);
    assert!(!has(&b, "1-1", FINISHED));
    let e = act(
        &mut b,
        "artillery",
        &[("asset", "arty"), ("spotter", "a-ldr"), ("targets", "g1")],
        "9",
    );
    assert!(!e.effects.contains(&marker("a-ldr", FINISHED, true)));
    assert!(!has(&b, "a-ldr", FINISHED));
}

// ---- command methods ---------------------------------------------------------------------------

#[test]
fn command_method_may_differ_between_sides() {
    // The scenario says method 3; the Germans play method 1: no points, no limit.
    let mut b = battle(&battalion("", "command_method = 1"));
    advance(&mut b, "5");
    assert_eq!(cp(&b, "bn"), Some(5));
    assert_eq!(cp(&b, "kg"), None, "a method-1 side has no command points");
    let e = advance(&mut b, "");
    assert!(e.resolutions.is_empty(), "the Germans roll nothing");
    for u in ["k1", "k2", "pak", "kg-hq"] {
        let e = act(&mut b, "move", &[("unit", u)], "");
        assert_eq!(e.effects, vec![marker(u, FINISHED, true)]);
    }
    assert!(Newport.formation_badges(&b.view(), 1).is_empty());
    // The same scenario without the side's own value: the Germans roll and spend.
    let mut b = battle(&battalion("", ""));
    advance(&mut b, "5");
    advance(&mut b, "5");
    assert_eq!(cp(&b, "kg"), Some(5));
    let e = act(&mut b, "move", &[("unit", "k1")], "");
    assert!(e.effects.contains(&counter("kg", "cp", 4)));
}

#[test]
fn command_roll_thresholds_change_in_a_battle() {
    // (stand, quality's option, default target, changed target)
    let cases = [
        ("1-2", "command_roll_green", 4, 2),
        ("1-1", "command_roll_regular", 6, 3),
        ("1-3", "command_roll_elite", 8, 9),
    ];
    for (id, key, default, changed) in cases {
        for (options, target) in [
            ("command_method = 2".to_string(), default),
            (format!("command_method = 2\n{key} = {changed}"), changed),
        ] {
            let b = started(&company(&options));
            let pass = try_act(&b, "command-roll", &[("unit", id)], &target.to_string()).unwrap();
            assert_eq!(
                pass.effects,
                vec![marker(id, IN_COMMAND, true)],
                "{options}: {target}"
            );
            let fail = try_act(
                &b,
                "command-roll",
                &[("unit", id)],
                &(target + 1).to_string(),
            )
            .unwrap();
            assert_eq!(
                fail.effects,
                vec![marker(id, FINISHED, true)],
                "{options}: {}",
                target + 1
            );
        }
    }
    // The same threshold gates fire by a stand out of command.
    let b = started(&company("command_method = 2\ncommand_roll_regular = 3"));
    let e = try_act(
        &b,
        "fire",
        &[
            ("firer", "1-1"),
            ("target", "g1"),
            ("range", "6"),
            ("out-of-command", ""),
        ],
        "4",
    )
    .unwrap();
    assert_eq!(e.effects, vec![marker("1-1", FINISHED, true)], "4 > 3");
    // And the table procedure: 0 means no green stand ever acts out of command.
    let o = opts(&["command_roll_green=0"]);
    let r = odds("command-roll", &[("quality", "green")], &o).unwrap();
    assert!(close(p(&r, "Acts"), 0.0));
    let r = odds("command-roll", &[("quality", "green")], &opts(&[])).unwrap();
    assert!(close(p(&r, "Acts"), 0.4));
    let r = resolve("command-roll", &[("quality", "elite")], &opts(&[]), "9").unwrap();
    assert_eq!(r.result, "Fails: marked Finished");
    let o = opts(&["command_roll_elite=9"]);
    let r = resolve("command-roll", &[("quality", "elite")], &o, "9").unwrap();
    assert_eq!(r.result, "Acts");
}

#[test]
fn command_minimums_change_in_a_battle() {
    // US regular (minimum 3), Germans elite (minimum 4); both roll a 1.
    let mut b = battle(&battalion("", ""));
    advance(&mut b, "1");
    assert_eq!(cp(&b, "bn"), Some(3));
    advance(&mut b, "1");
    assert_eq!(cp(&b, "kg"), Some(4));
    let mut b = battle(&battalion(
        "command_minimum_regular = 5\ncommand_minimum_elite = 1",
        "",
    ));
    let e = advance(&mut b, "1");
    assert_eq!(cp(&b, "bn"), Some(5));
    assert!(
        e.resolutions[0].steps[0]
            .notes
            .iter()
            .any(|n| n.contains("regular minimum of 5")),
        "{:?}",
        e.resolutions
    );
    advance(&mut b, "1");
    assert_eq!(cp(&b, "kg"), Some(1));
    // A green battalion: minimum 2 by default, here 6. The minimum of another quality does not
    // apply to it.
    let green = |options: &str| {
        let src = battalion(options, "");
        src.replacen("quality = \"regular\"", "quality = \"green\"", 1)
    };
    let mut b = battle(&green(""));
    advance(&mut b, "1");
    assert_eq!(cp(&b, "bn"), Some(2));
    let mut b = battle(&green(
        "command_minimum_green = 6\ncommand_minimum_regular = 9",
    ));
    advance(&mut b, "1");
    assert_eq!(cp(&b, "bn"), Some(6));
    // A roll above the minimum is not touched.
    let mut b = battle(&green("command_minimum_green = 6"));
    advance(&mut b, "8");
    assert_eq!(cp(&b, "bn"), Some(8));
    // The table procedure, with stands lost.
    for (quality, key, default, changed) in [
        ("green", "command_minimum_green", 2, 0),
        ("regular", "command_minimum_regular", 3, 7),
        ("elite", "command_minimum_elite", 4, 20),
    ] {
        let args = [("quality", quality), ("lost", "5")];
        let r = resolve("command-points", &args, &opts(&[]), "2").unwrap();
        assert_eq!(r.result, format!("{default} command point(s) available"));
        let o = opts(&[&format!("{key}={changed}")]);
        let r = resolve("command-points", &args, &o, "2").unwrap();
        assert_eq!(r.result, format!("{changed} command point(s) available"));
    }
}

#[test]
fn command_die_six_rolls_a_d6() {
    // Table procedure: a d6 cannot show 7; a d10 can.
    let o6 = opts(&["command_die=6"]);
    let e = resolve("command-points", &[], &o6, "7").unwrap_err();
    assert!(
        matches!(
            e,
            RuleError::Dice(DiceError::ImpossibleFace {
                die: Die::D6,
                typed: 7
            })
        ),
        "{e}"
    );
    assert!(e.to_string().contains("not a face of a d6"), "{e}");
    let r = resolve("command-points", &[], &opts(&[]), "7").unwrap();
    assert_eq!(r.result, "7 command point(s) available");
    let r = resolve("command-points", &[], &o6, "6").unwrap();
    assert_eq!(r.steps[0].dice[0].die, Die::D6);
    assert_eq!(r.result, "6 command point(s) available");
    // A d10's 0 reads as 10; on a d6 it is refused.
    assert!(resolve("command-points", &[], &o6, "0").is_err());

    // Odds: a regular battalion's minimum 3 takes the d6's 1, 2 and 3.
    let r = odds("command-points", &[], &o6).unwrap();
    assert!(close(p(&r, "3 point(s)"), 0.5));
    for n in 4..=6 {
        assert!(close(p(&r, &format!("{n} point(s)")), 1.0 / 6.0), "{n}");
    }
    assert!(close(p(&r, "7 point(s)"), 0.0));
    assert!(close(r.extra["expected_points"], 4.0));
    let r = odds("command-points", &[], &opts(&[])).unwrap();
    assert!(close(p(&r, "3 point(s)"), 0.3));
    assert!(close(p(&r, "10 point(s)"), 0.1));
    assert!(close(r.extra["expected_points"], 5.8));
    // Superior command on d6s: two dice, 2–12, minimum 3.
    let r = odds("command-points", &[("superior", "")], &o6).unwrap();
    assert!(close(p(&r, "3 point(s)"), 3.0 / 36.0));
    assert!(close(p(&r, "12 point(s)"), 1.0 / 36.0));

    // In a battle, for one side only: the Germans' command die is a d6.
    let mut b = battle(&battalion("", "command_die = 6"));
    advance(&mut b, "7");
    assert_eq!(cp(&b, "bn"), Some(7), "the US still roll a d10");
    let e = refused_advance(&b, "7");
    assert!(
        matches!(
            e,
            BattleError::Rule(RuleError::Dice(DiceError::ImpossibleFace {
                die: Die::D6,
                typed: 7
            }))
        ),
        "{e}"
    );
    let e = advance(&mut b, "6");
    assert_eq!(e.resolutions[0].steps[0].dice[0].die, Die::D6);
    assert_eq!(cp(&b, "kg"), Some(6));
    // For the whole scenario.
    let b = battle(&battalion("command_die = 6", ""));
    assert!(matches!(
        refused_advance(&b, "7"),
        BattleError::Rule(RuleError::Dice(DiceError::ImpossibleFace { .. }))
    ));
}

#[test]
fn superior_command_for_the_scenario_and_per_side() {
    // Scenario-wide: both sides add two dice.
    let mut b = battle(&battalion("superior_command = true", ""));
    let e = refused_advance(&b, "3");
    assert!(
        matches!(
            e,
            BattleError::Rule(RuleError::Dice(DiceError::Exhausted { .. }))
        ),
        "{e}"
    );
    advance(&mut b, "3 4");
    assert_eq!(cp(&b, "bn"), Some(7));
    advance(&mut b, "5 6");
    assert_eq!(cp(&b, "kg"), Some(11));
    // A side's own value overrides the scenario's.
    let mut b = battle(&battalion(
        "superior_command = true",
        "superior_command = false",
    ));
    advance(&mut b, "3 4");
    assert_eq!(cp(&b, "bn"), Some(7));
    advance(&mut b, "5");
    assert_eq!(cp(&b, "kg"), Some(5));
    // Default: one die each.
    let mut b = battle(&battalion("", ""));
    advance(&mut b, "3");
    assert_eq!(cp(&b, "bn"), Some(3));
    advance(&mut b, "5");
    assert_eq!(cp(&b, "kg"), Some(5));
    // The table procedure reads the option as well as the flag.
    let r = resolve(
        "command-points",
        &[],
        &opts(&["superior_command=true"]),
        "6 6",
    )
    .unwrap();
    assert_eq!(r.result, "12 command point(s) available");
    let r = odds("command-points", &[], &opts(&["superior_command=true"])).unwrap();
    assert!(close(p(&r, "20 point(s)"), 0.01));
}

/// Each side's command points in its first turn, both rolling `face`.
fn first_points(src: &str, face: &str) -> (Option<i32>, Option<i32>) {
    let mut b = battle(src);
    advance(&mut b, face);
    let us = cp(&b, "bn");
    advance(&mut b, face);
    (us, cp(&b, "kg"))
}

#[test]
fn hamstrung_for_the_scenario_and_per_side() {
    // Default: minimums apply (US regular 3, Germans elite 4).
    let rolls = |options: &str, ger: &str| first_points(&battalion(options, ger), "1");
    assert_eq!(rolls("", ""), (Some(3), Some(4)));
    // Scenario-wide: no minimum for either side.
    assert_eq!(rolls("hamstrung = true", ""), (Some(1), Some(1)));
    // The Germans alone are not hamstrung.
    assert_eq!(
        rolls("hamstrung = true", "hamstrung = false"),
        (Some(1), Some(4))
    );
    // The Germans alone are hamstrung.
    assert_eq!(rolls("", "hamstrung = true"), (Some(3), Some(1)));
    // Stands lost can take a hamstrung battalion to nothing, never below.
    let o = opts(&["hamstrung=true"]);
    let r = resolve("command-points", &[("lost", "4")], &o, "2").unwrap();
    assert_eq!(r.result, "0 command point(s) available");
    let r = resolve("command-points", &[("lost", "4")], &opts(&[]), "2").unwrap();
    assert_eq!(r.result, "3 command point(s) available");
}

// ---- hits --------------------------------------------------------------------------------------

#[test]
fn weapons_and_gun_stands_are_removed_at_two_hits_with_the_option() {
    for (options, weapons_limit) in [("", 3), ("weapons_stand_two_hits = true", 2)] {
        let mut b = started(&company(options));
        for (id, n) in [
            ("w1", weapons_limit),
            ("g-mg", weapons_limit),
            ("1-1", 3),
            ("1-ldr", 1),
            ("t1", 1),
        ] {
            assert_eq!(limit(&b, id), n, "{options} {id}");
        }
        // The MG 42 already has a hit; 2 is Hit and Suppressed.
        hand(&mut b, set_hits("g-mg", 1));
        let e = act(
            &mut b,
            "fire",
            &[("firer", "1-1"), ("target", "g-mg"), ("range", "4")],
            "2",
        );
        let removed = e
            .effects
            .iter()
            .any(|x| matches!(x, Effect::Removed { unit, .. } if unit == "g-mg"));
        assert_eq!(removed, weapons_limit == 2, "{options}");
        assert_eq!(unit(&b, "g-mg").hits, 2);
        // By hand: no more hits than the limit.
        let over = try_cmd(&b, &set_hits("w1", 3), "");
        assert_eq!(over.is_err(), weapons_limit == 2, "{options}");

        // A towed gun takes hits as a weapons stand.
        let mut b = battle(&battalion(options, ""));
        assert_eq!(limit(&b, "pak"), weapons_limit);
        assert_eq!(limit(&b, "p1"), 3);
        advance(&mut b, "5");
        hand(&mut b, set_hits("pak", 1));
        let e = act(
            &mut b,
            "fire",
            &[("firer", "p1"), ("target", "pak"), ("range", "4")],
            "2",
        );
        assert_eq!(
            e.resolutions[0].steps[0].table.as_deref(),
            Some("Infantry combat table")
        );
        assert_eq!(unit(&b, "pak").on_table(), weapons_limit == 3, "{options}");
    }
    // The table-only close combat: a weapons stand with two hits is already gone with the option.
    let args = [("defender-kind", "weapons"), ("defender-hits", "2")];
    odds("close-combat", &args, &opts(&[])).unwrap();
    let e = odds(
        "close-combat",
        &args,
        &opts(&["weapons_stand_two_hits=true"]),
    )
    .unwrap_err();
    assert!(e.to_string().contains("removed at 2 hit(s)"), "{e}");
    let args = [("attacker-kind", "gun"), ("attacker-hits", "2")];
    assert!(
        odds(
            "close-combat",
            &args,
            &opts(&["weapons_stand_two_hits=true"])
        )
        .is_err()
    );
}

// ---- morale ------------------------------------------------------------------------------------

#[test]
fn morale_check_thresholds_change() {
    // 1-1 regular, 1-2 green, 1-3 elite, all Suppressed; checks are rolled in that order.
    let recover = |options: &str, faces: &str| -> [bool; 3] {
        let mut b = started(&company(options));
        for id in ["1-1", "1-2", "1-3"] {
            hand(&mut b, set_marker(id, SUPPRESSED));
        }
        advance(&mut b, faces);
        ["1-1", "1-2", "1-3"].map(|id| !has(&b, id, SUPPRESSED))
    };
    let changed = "morale_check = true\nmorale_check_green = 9\nmorale_check_regular = 2\nmorale_check_elite = 11";
    // Regular 3, green 6, elite 10: by default (5, 6, 4) fail, pass, pass; changed (2, 9, 11)
    // pass, fail, fail.
    assert_eq!(
        recover("morale_check = true", "3 6 10"),
        [false, true, true]
    );
    assert_eq!(recover(changed, "3 6 10"), [true, false, false]);
    // Exactly at the changed thresholds, and one below.
    assert_eq!(recover(changed, "2 9 10"), [true, true, false]);
    assert_eq!(recover(changed, "1 8 10"), [false, false, false]);
    // Default thresholds exactly, and one below.
    assert_eq!(recover("morale_check = true", "5 6 4"), [true, true, true]);
    assert_eq!(
        recover("morale_check = true", "4 5 3"),
        [false, false, false]
    );
    // Without morale_check the thresholds do nothing: no roll, everyone recovers.
    let plain = "morale_check_green = 11\nmorale_check_regular = 11\nmorale_check_elite = 11";
    assert_eq!(recover(plain, ""), [true, true, true]);

    // The table procedure.
    for (quality, key) in [
        ("green", "morale_check_green"),
        ("regular", "morale_check_regular"),
        ("elite", "morale_check_elite"),
    ] {
        let q = [("quality", quality)];
        let never = odds("morale-check", &q, &opts(&[&format!("{key}=11")])).unwrap();
        assert!(close(p(&never, "Improves one level"), 0.0), "{quality}");
        let always = odds("morale-check", &q, &opts(&[&format!("{key}=1")])).unwrap();
        assert!(close(p(&always, "Improves one level"), 1.0), "{quality}");
        let r = resolve("morale-check", &q, &opts(&[&format!("{key}=7")]), "6").unwrap();
        assert_eq!(r.result, "No improvement", "{quality}");
        let r = resolve("morale-check", &q, &opts(&[&format!("{key}=7")]), "7").unwrap();
        assert_eq!(r.result, "Improves one level", "{quality}");
    }
}

#[test]
fn leader_rally_improves_one_level_only_with_the_option() {
    let rally = [("leader", "1-ldr"), ("unit", "1-1")];
    let mut b = started(&company(""));
    hand(&mut b, set_marker("1-1", SUPPRESSED));
    let e = try_act(&b, "rally", &rally, "").unwrap_err();
    assert!(e.contains("leader_rally"), "{e}");

    let mut b = started(&company("leader_rally = true"));
    hand(&mut b, set_marker("1-1", SUPPRESSED));
    // Only a leader rallies, only a shaken stand of its own side.
    assert!(try_act(&b, "rally", &[("leader", "1-2"), ("unit", "1-1")], "").is_err());
    assert!(try_act(&b, "rally", &[("leader", "1-ldr"), ("unit", "1-2")], "").is_err());
    let e = act(&mut b, "rally", &rally, "");
    assert_eq!(
        e.effects,
        vec![
            marker("1-ldr", FINISHED, true),
            marker("1-1", SUPPRESSED, false)
        ]
    );
    // The leader has acted.
    hand(&mut b, set_marker("1-3", SUPPRESSED));
    let e = try_act(&b, "rally", &[("leader", "1-ldr"), ("unit", "1-3")], "").unwrap_err();
    assert!(e.contains("Finished"), "{e}");
}

#[test]
fn leader_return_turns_sets_when_a_replacement_comes_back() {
    let kill = [("firer", "1-1"), ("target", "g-ldr"), ("range", "3")];
    // (option, turn back, advances until the German turn of that game turn)
    // Killed in the US turn, a German leader's side has yet to move this game turn, so its
    // N-th turn after is German turn N (not N + 1).
    for (options, back, advances) in [("", 2, 3), ("leader_return_turns = 3", 3, 5)] {
        let mut b = started(&company(options));
        let e = act(&mut b, "fire", &kill, "1");
        assert!(
            e.effects.contains(&Effect::Marker {
                unit: "g-ldr".into(),
                marker: RETURNS.into(),
                value: Some(back)
            }),
            "{options}: {:?}",
            e.effects
        );
        for _ in 1..advances {
            advance(&mut b, "");
            assert!(unit(&b, "g-ldr").removed.is_some(), "{options}");
        }
        let e = advance(&mut b, "");
        assert_eq!((b.state().turn, b.state().active), (back as u32, 1));
        assert!(unit(&b, "g-ldr").on_table(), "{options}");
        assert!(e.notes.iter().any(|n| n.contains("returns")));
    }
}

// ---- ranges ------------------------------------------------------------------------------------

#[test]
fn infantry_ranges_follow_the_options() {
    use Band::*;
    let b = started(&company(""));
    assert_eq!(band(&b, "1-1", "g1", "0"), Normal);
    assert_eq!(band(&b, "1-1", "g1", "8"), Normal);
    assert_eq!(band(&b, "1-1", "g1", "8.5"), Long);
    assert_eq!(band(&b, "1-1", "g1", "10"), Long);
    assert_eq!(band(&b, "1-1", "g1", "16"), Long);
    refused_band(&b, "1-1", "g1", "16.5", "beyond infantry long range (16\")");
    let b = started(&company("infantry_range = 10\ninfantry_long_range = 20"));
    assert_eq!(band(&b, "1-1", "g1", "8.5"), Normal);
    assert_eq!(band(&b, "1-1", "g1", "10"), Normal);
    assert_eq!(band(&b, "1-1", "g1", "10.5"), Long);
    assert_eq!(band(&b, "1-1", "g1", "20"), Long);
    refused_band(&b, "1-1", "g1", "20.5", "beyond infantry long range (20\")");
    // A weapons stand and a leader fire with infantry ranges; a vehicle does not.
    assert_eq!(band(&b, "w1", "g1", "10.5"), Long);
    assert_eq!(band(&b, "1-ldr", "g1", "20"), Long);
    assert_eq!(band(&b, "t1", "g1", "10.5"), Normal);
    // Each option alone.
    let b = started(&company("infantry_range = 4"));
    assert_eq!(band(&b, "1-1", "g1", "4"), Normal);
    assert_eq!(band(&b, "1-1", "g1", "4.5"), Long);
    refused_band(&b, "1-1", "g1", "16.5", "(16\")");
    let b = started(&company("infantry_long_range = 12"));
    assert_eq!(band(&b, "1-1", "g1", "12"), Long);
    refused_band(&b, "1-1", "g1", "12.5", "(12\")");
    // The table procedure reads the same options.
    let o = opts(&["infantry_range=10", "infantry_long_range=20"]);
    let r = resolve("fire", &[("range", "10")], &o, "9").unwrap();
    assert!(r.steps[0].modifiers.is_empty());
    assert!(resolve("fire", &[("range", "20.5")], &o, "9").is_err());
    let r = resolve("fire", &[("range", "10")], &opts(&[]), "9").unwrap();
    assert_eq!(r.steps[0].modifier_total(), 1);
}

#[test]
fn vehicle_ranges_follow_the_options() {
    use Band::*;
    let b = started(&company(""));
    assert_eq!(band(&b, "t1", "g1", "16"), Normal);
    assert_eq!(band(&b, "t1", "g1", "16.5"), Long);
    assert_eq!(band(&b, "t1", "g1", "24"), Long);
    refused_band(
        &b,
        "t1",
        "g1",
        "24.5",
        "beyond vehicle/gun long range (24\")",
    );
    let b = started(&company("vehicle_range = 20\nvehicle_long_range = 30"));
    assert_eq!(band(&b, "t1", "g1", "16.5"), Normal);
    assert_eq!(band(&b, "t1", "g1", "20"), Normal);
    assert_eq!(band(&b, "t1", "g1", "20.5"), Long);
    assert_eq!(band(&b, "t1", "g1", "30"), Long);
    refused_band(
        &b,
        "t1",
        "g1",
        "30.5",
        "beyond vehicle/gun long range (30\")",
    );
    // At a vehicle, on the anti-tank table, the same bands.
    assert_eq!(band(&b, "t1", "pz", "20"), Normal);
    assert_eq!(band(&b, "t1", "pz", "20.5"), Long);
    refused_band(&b, "t1", "pz", "30.5", "(30\")");
    // Infantry keeps its own ranges.
    refused_band(&b, "1-1", "g1", "16.5", "infantry long range");

    // A towed gun fires with vehicle ranges (the Pak 40, in the German turn of a battalion game).
    for (options, normal, long) in [
        ("", 16, 24),
        ("vehicle_range = 20\nvehicle_long_range = 30", 20, 30),
    ] {
        let mut b = battle(&battalion(options, ""));
        advance(&mut b, "5");
        advance(&mut b, "5");
        assert_eq!(band(&b, "pak", "p1", &normal.to_string()), Normal);
        assert_eq!(band(&b, "pak", "p1", &format!("{normal}.5")), Long);
        assert_eq!(band(&b, "pak", "p1", &long.to_string()), Long);
        refused_band(
            &b,
            "pak",
            "p1",
            &format!("{long}.5"),
            "vehicle/gun long range",
        );
    }
}

#[test]
fn infantry_antitank_range_follows_the_option() {
    use Band::*;
    // Infantry at a vehicle: no long-range band, nothing beyond the limit.
    let b = started(&company(""));
    assert_eq!(band(&b, "1-1", "pz", "2"), Normal);
    refused_band(
        &b,
        "1-1",
        "pz",
        "2.5",
        "infantry may fire at a vehicle only at 2\" or less",
    );
    let b = started(&company("infantry_antitank_range = 4"));
    assert_eq!(band(&b, "1-1", "pz", "2.5"), Normal);
    assert_eq!(band(&b, "1-1", "pz", "4"), Normal);
    refused_band(&b, "1-1", "pz", "4.5", "only at 4\" or less");
    let e = try_act(
        &b,
        "fire",
        &[("firer", "1-1"), ("target", "pz"), ("range", "4")],
        "9",
    )
    .unwrap();
    assert_eq!(shot_step(&e).table.as_deref(), Some("Anti-tank table"));
    let b = started(&company("infantry_antitank_range = 0"));
    assert_eq!(band(&b, "1-1", "pz", "0"), Normal);
    refused_band(&b, "1-1", "pz", "0.5", "only at 0\" or less");
    // Vehicles and infantry fire at other targets are not touched.
    assert_eq!(band(&b, "t1", "pz", "10"), Normal);
    assert_eq!(band(&b, "1-1", "g1", "6"), Normal);
}

#[test]
fn light_mortar_range_follows_the_option() {
    let mortar = |range: &'static str| {
        [
            ("asset", "lm"),
            ("spotter", "1-ldr"),
            ("targets", "g3"),
            ("range", range),
        ]
    };
    let b = started(&company(""));
    try_act(&b, "artillery", &mortar("16"), "9").unwrap();
    let e = try_act(&b, "artillery", &mortar("16.5"), "9").unwrap_err();
    assert!(e.contains("beyond a light mortar's 16\""), "{e}");
    let b = started(&company("light_mortar_range = 20"));
    try_act(&b, "artillery", &mortar("20"), "9").unwrap();
    let e = try_act(&b, "artillery", &mortar("20.5"), "9").unwrap_err();
    assert!(e.contains("beyond a light mortar's 20\""), "{e}");
    // The table procedure.
    let args = |range| {
        [
            ("weapon", "light-mortar"),
            ("range", range),
            ("targets", "infantry"),
        ]
    };
    let o = opts(&["light_mortar_range=20"]);
    resolve("artillery", &args("20"), &o, "9").unwrap();
    assert!(resolve("artillery", &args("20.5"), &o, "9").is_err());
    assert!(resolve("artillery", &args("20"), &opts(&[]), "9").is_err());
    // A template has no range limit at all.
    assert!(
        resolve(
            "artillery",
            &[("targets", "infantry")],
            &opts(&["light_mortar_range=1"]),
            "9"
        )
        .is_ok()
    );
}

#[test]
fn an_impossible_action_rolls_nothing_not_even_a_command_roll() {
    // Method 2: a stand out of command must pass a command roll before acting. A fire beyond
    // long range is not possible at all ("nothing is rolled"), so no command roll is made for it
    // either: a failing face must not mark the stand Finished for a fire it could never make, and
    // no typed face is used.
    let b = started(&company("command_method = 2\ninfantry_long_range = 12"));
    let cases = [
        (
            "fire",
            vec![("firer", "1-1"), ("target", "g1"), ("range", "12.5")],
            "beyond infantry long range (12\")",
        ),
        (
            "fire",
            vec![
                ("firer", "1-1"),
                ("target", "g1"),
                ("range", "6"),
                ("flank", ""),
            ],
            "only on the anti-tank table",
        ),
        (
            "close-combat",
            vec![
                ("attacker", "1-1"),
                ("defender", "g1"),
                ("attacker-armour", "1"),
            ],
            "applies only to a vehicle",
        ),
    ];
    for (name, mut args, says) in cases {
        args.push(("out-of-command", ""));
        for face in ["9", "1"] {
            let before = b.state().clone();
            let mut dice = TypedDice::parse(face).unwrap();
            let out = b.handle(&action(&b, name, &args), &mut dice);
            let err = match out {
                Err(e) => e.to_string(),
                Ok(entry) => panic!("{name} {args:?} with a {face}: accepted as {entry:?}"),
            };
            assert!(err.contains(says), "{name} {args:?}: {err}");
            assert_eq!(dice.remaining(), 1, "{name} {args:?}: nothing is rolled");
            assert_eq!(b.state(), &before);
        }
    }
}

// ---- heavy machine guns ------------------------------------------------------------------------

#[test]
fn hmg_two_dice_in_a_battle() {
    let mg = [("firer", "w1"), ("target", "g1"), ("range", "4")];
    // Default: one die; a second typed face is left over.
    let b = started(&company(""));
    let e = try_act(&b, "fire", &mg, "8").unwrap();
    assert_eq!(shot_step(&e).dice.len(), 1);
    assert!(e.effects.iter().all(|x| !matches!(x, Effect::Hits { .. })));
    // The option: two dice, the lower kept.
    let mut b = started(&company("hmg_two_dice = true"));
    let e = act(&mut b, "fire", &mg, "8 2");
    let step = shot_step(&e);
    assert_eq!((step.dice.len(), step.kept), (2, Some(2)));
    assert_eq!(step.row.as_deref(), Some("2–3"));
    assert_eq!(unit(&b, "g1").hits, 1);
    // Only an HMG.
    let e = try_act(
        &b,
        "fire",
        &[("firer", "1-1"), ("target", "g2"), ("range", "4")],
        "8",
    )
    .unwrap();
    assert_eq!(shot_step(&e).dice.len(), 1);
    // In close combat too: the defender (no HMG) rolls one die, the attacking HMG two.
    let cc = [("attacker", "w1"), ("defender", "g3"), ("moved", "no")];
    let b = started(&company("hmg_two_dice = true"));
    let e = try_act(&b, "close-combat", &cc, "9 8 1").unwrap();
    let steps = &e.resolutions[0].steps;
    assert_eq!((steps[0].dice.len(), steps[1].dice.len()), (1, 2));
    assert_eq!(steps[1].kept, Some(1));
    let b = started(&company(""));
    let e = try_act(&b, "close-combat", &cc, "9 1").unwrap();
    assert_eq!(e.resolutions[0].steps[1].dice.len(), 1);
    // The table procedure.
    let r = resolve(
        "fire",
        &[("range", "4"), ("hmg", "")],
        &opts(&["hmg_two_dice=true"]),
        "9 1",
    )
    .unwrap();
    assert_eq!(r.result, "Hit and Paralyzed");
    let r = odds("fire", &[("range", "4"), ("hmg", "")], &opts(&[])).unwrap();
    assert!(close(r.extra["p_hit"], 0.3));
    let r = odds(
        "fire",
        &[("range", "4"), ("hmg", "")],
        &opts(&["hmg_two_dice=true"]),
    )
    .unwrap();
    assert!(close(r.extra["p_hit"], 1.0 - 0.7 * 0.7));
}

#[test]
fn hmg_no_long_range_in_a_battle() {
    use Band::*;
    let b = started(&company(""));
    assert_eq!(band(&b, "w1", "g1", "12"), Long);
    let b = started(&company("hmg_no_long_range = true"));
    assert_eq!(band(&b, "w1", "g1", "12"), Normal);
    assert_eq!(band(&b, "w1", "g1", "16"), Normal);
    let e = try_act(
        &b,
        "fire",
        &[("firer", "w1"), ("target", "g1"), ("range", "12")],
        "9",
    )
    .unwrap();
    assert!(
        e.resolutions[0]
            .context
            .iter()
            .any(|c| c.contains("hmg_no_long_range")),
        "{:?}",
        e.resolutions[0].context
    );
    // The long-range limit still holds, and other stands still take the +1.
    refused_band(&b, "w1", "g1", "16.5", "beyond infantry long range");
    assert_eq!(band(&b, "1-1", "g1", "12"), Long);
}

// ---- close combat ------------------------------------------------------------------------------

#[test]
fn paralyzing_shot_stops_attacker_decides_who_fires() {
    // A Paralyzed defender's one shot Paralyzes the attacker. On a real d10 that shot is at +2, so
    // it reads 3 or more and can only Suppress a steady attacker: the case is reached through the
    // combat's own state machine, fed the Paralyzing result.
    let paralyze = ShotEffect {
        hit: false,
        morale: MoraleBlow::Paralyze,
        forced_back: false,
    };
    let combat = |o: &Options| {
        close_combat::from_params(
            &table_params("close-combat", &[("defender-state", "paralyzed")]),
            o,
        )
        .unwrap()
    };
    // Default (true): the attacker does not fire; both retreat with the extra hit.
    let c = combat(&opts(&[]));
    match c.after(&c.begin(), paralyze) {
        Next::End(end) => {
            assert_eq!(end.result, CcResult::BothRetreat);
            assert_eq!((end.attacker.hits, end.defender.hits), (1, 1));
        }
        other => panic!("{other:?}"),
    }
    // false: the Paralyzed attacker fires anyway (at +2), then both retreat.
    let c = combat(&opts(&["paralyzing_shot_stops_attacker=false"]));
    let Next::Shot(next) = c.after(&c.begin(), paralyze) else {
        panic!("the attacker should fire");
    };
    assert_eq!(next.stage, Stage::AttackerFires);
    assert_eq!(c.shot(&next).1.modifier_total(), 2);
    match c.after(&next, ShotEffect::NONE) {
        Next::End(end) => assert_eq!(end.result, CcResult::BothRetreat),
        other => panic!("{other:?}"),
    }
}

#[test]
fn no_real_roll_reaches_the_paralyzing_shot_case() {
    // What the test above relies on: with any defender a Paralyzed stand can be, the exact odds
    // are the same under both values of the option, because the shot never Paralyzes.
    for extra in [
        vec![],
        vec![("defender-hmg", "")],
        vec![("defender-kind", "weapons"), ("defender-hmg", "")],
        vec![("attacker-kind", "vehicle"), ("attacker-armour", "-2")],
        vec![("attacker-kind", "leader"), ("cover", "hard")],
    ] {
        let mut args = vec![("defender-state", "paralyzed")];
        args.extend(extra);
        for two in ["false", "true"] {
            let on = opts(&[&format!("hmg_two_dice={two}")]);
            let off = opts(&[
                &format!("hmg_two_dice={two}"),
                "paralyzing_shot_stops_attacker=false",
            ]);
            let a = odds("close-combat", &args, &on).unwrap();
            let b = odds("close-combat", &args, &off).unwrap();
            assert_eq!(a.results, b.results, "{args:?}");
        }
    }
}

// ---- the tables, row by row ----------------------------------------------------------------------

/// Row 6 of either table, read for a target that is not green and for a green one.
const SIX_REGULAR: &str = "No effect (the target is not green)";
const SIX_GREEN: &str = "Suppressed (the target is green)";

/// Inputs of a table-only fire, the typed face, and the total, row and result expected.
type RowCase = (
    Vec<(&'static str, &'static str)>,
    &'static str,
    i32,
    &'static str,
    &'static str,
);

/// Fires through the table procedure with one typed face; returns (total, row, result).
fn fire_row(args: &[(&str, &str)], face: &str) -> (i32, String, String) {
    let r = resolve("fire", args, &opts(&[]), face).unwrap();
    let step = &r.steps[0];
    (
        step.total.unwrap(),
        step.row.clone().unwrap(),
        r.result.clone(),
    )
}

#[test]
fn infantry_table_rows_at_every_boundary() {
    const HIT_PAR: &str = "Hit and Paralyzed";
    const HIT_SUP: &str = "Hit and Suppressed";
    const SUP: &str = "Suppressed";
    const NONE: &str = "No effect";
    let hard = ("cover", "hard");
    let soft = ("cover", "soft");
    let sup = ("firer-suppressed", "");
    let near = ("range", "4");
    let far = ("range", "12");
    let green = ("target-quality", "green");
    // The infantry table has no negative modifier: its lowest total is a bare 1. Its highest is
    // 10 + 2 hard cover + 1 Suppressed + 1 long range.
    let cases: Vec<RowCase> = vec![
        (vec![near], "1", 1, "1 or less", HIT_PAR),
        (vec![near, soft], "1", 2, "2–3", HIT_SUP),
        (vec![near], "2", 2, "2–3", HIT_SUP),
        (vec![near, hard], "1", 3, "2–3", HIT_SUP),
        (vec![near, soft, sup], "1", 3, "2–3", HIT_SUP),
        (vec![near, hard], "2", 4, "4–5", SUP),
        (vec![far], "3", 4, "4–5", SUP),
        (vec![far, hard, sup], "1", 5, "4–5", SUP),
        (vec![near], "5", 5, "4–5", SUP),
        (vec![near, hard, sup], "3", 6, "6", SIX_REGULAR),
        (vec![near, hard, sup, green], "3", 6, "6", SIX_GREEN),
        (vec![near, green], "6", 6, "6", SIX_GREEN),
        (vec![far, hard, sup], "3", 7, "7 or more", NONE),
        (vec![near, green], "7", 7, "7 or more", NONE),
        (vec![near], "0", 10, "7 or more", NONE),
        (vec![far, hard, sup, green], "0", 14, "7 or more", NONE),
        // Smoke is +1 cover, not added to hard cover.
        (vec![near, hard, ("smoke", "")], "3", 5, "4–5", SUP),
        (vec![near, ("smoke", "")], "3", 4, "4–5", SUP),
    ];
    for (args, face, total, row, result) in cases {
        assert_eq!(
            fire_row(&args, face),
            (total, row.to_string(), result.to_string()),
            "{args:?} face {face}"
        );
    }
}

#[test]
fn anti_tank_table_rows_at_every_boundary() {
    const HIT: &str = "Hit, Forced Back 8\", Suppressed";
    const SUP: &str = "Suppressed";
    const NONE: &str = "No effect";
    let at = ("table", "anti-tank");
    let vehicle = ("firer-kind", "vehicle");
    let near = ("range", "10");
    let far = ("range", "20");
    let flank = ("flank", "");
    let road = ("road", "");
    let cover = ("cover", "soft");
    let sup = ("firer-suppressed", "");
    let green = ("target-quality", "green");
    let cases: Vec<RowCase> = vec![
        // Every negative modifier at once: 1 − 3 − 2 − 2 − 2 = −8.
        (
            vec![
                at,
                vehicle,
                near,
                flank,
                road,
                ("gun", "-2"),
                ("armour", "-2"),
            ],
            "1",
            -8,
            "3 or less",
            HIT,
        ),
        (vec![at, vehicle, near, flank], "1", -2, "3 or less", HIT),
        (vec![at, vehicle, near, road], "2", 0, "3 or less", HIT),
        (vec![at, vehicle, near], "3", 3, "3 or less", HIT),
        (vec![at, vehicle, near, flank], "6", 3, "3 or less", HIT),
        (vec![at, vehicle, near, flank], "7", 4, "4–5", SUP),
        (vec![at, vehicle, near], "4", 4, "4–5", SUP),
        (
            vec![at, vehicle, near, cover, ("armour", "1")],
            "3",
            5,
            "4–5",
            SUP,
        ),
        (vec![at, vehicle, far, sup], "3", 5, "4–5", SUP),
        (
            vec![at, vehicle, near, ("armour", "2")],
            "4",
            6,
            "6",
            SIX_REGULAR,
        ),
        (
            vec![at, vehicle, near, ("armour", "2"), green],
            "4",
            6,
            "6",
            SIX_GREEN,
        ),
        (
            vec![at, vehicle, near, ("gun", "2")],
            "5",
            7,
            "7 or more",
            NONE,
        ),
        (vec![at, vehicle, near, green], "7", 7, "7 or more", NONE),
        // Every positive modifier at once: 10 + 1 + 1 + 1 + 2 + 2 = 17.
        (
            vec![
                at,
                vehicle,
                far,
                cover,
                sup,
                ("gun", "2"),
                ("armour", "2"),
                green,
            ],
            "0",
            17,
            "7 or more",
            NONE,
        ),
        // Infantry at a vehicle: its gun modifier is 0 whatever is typed.
        (vec![at, ("range", "2"), ("gun", "-2")], "4", 4, "4–5", SUP),
        (vec![at, ("range", "2"), flank], "6", 3, "3 or less", HIT),
    ];
    for (args, face, total, row, result) in cases {
        assert_eq!(
            fire_row(&args, face),
            (total, row.to_string(), result.to_string()),
            "{args:?} face {face}"
        );
    }
}

// ---- every option ------------------------------------------------------------------------------

/// Each option and the tests that prove it, here or elsewhere.
const COVERED: &[(&str, &str)] = &[
    (
        "scale",
        "scale_sets_the_vehicle_hit_limit, scale_decides_whether_a_killed_leader_returns, scale_decides_who_spots_and_whether_the_spotter_is_marked",
    ),
    (
        "command_method",
        "command_method_may_differ_between_sides; newport_battle: method_two_command_rolls, command_roll_needs_method_two, method_three_*",
    ),
    (
        "command_roll_green",
        "command_roll_thresholds_change_in_a_battle",
    ),
    (
        "command_roll_regular",
        "command_roll_thresholds_change_in_a_battle",
    ),
    (
        "command_roll_elite",
        "command_roll_thresholds_change_in_a_battle",
    ),
    (
        "command_minimum_green",
        "command_minimums_change_in_a_battle",
    ),
    (
        "command_minimum_regular",
        "command_minimums_change_in_a_battle",
    ),
    (
        "command_minimum_elite",
        "command_minimums_change_in_a_battle",
    ),
    ("command_die", "command_die_six_rolls_a_d6"),
    (
        "superior_command",
        "superior_command_for_the_scenario_and_per_side",
    ),
    ("hamstrung", "hamstrung_for_the_scenario_and_per_side"),
    (
        "weapons_stand_two_hits",
        "weapons_and_gun_stands_are_removed_at_two_hits_with_the_option",
    ),
    ("hmg_two_dice", "hmg_two_dice_in_a_battle"),
    ("hmg_no_long_range", "hmg_no_long_range_in_a_battle"),
    (
        "morale_check",
        "morale_check_thresholds_change; newport_battle: morale_recovery_plain_and_with_checks",
    ),
    ("morale_check_green", "morale_check_thresholds_change"),
    ("morale_check_regular", "morale_check_thresholds_change"),
    ("morale_check_elite", "morale_check_thresholds_change"),
    (
        "leader_rally",
        "leader_rally_improves_one_level_only_with_the_option; newport_battle: leader_rally_option",
    ),
    (
        "leader_return_turns",
        "leader_return_turns_sets_when_a_replacement_comes_back",
    ),
    ("infantry_range", "infantry_ranges_follow_the_options"),
    ("infantry_long_range", "infantry_ranges_follow_the_options"),
    ("vehicle_range", "vehicle_ranges_follow_the_options"),
    ("vehicle_long_range", "vehicle_ranges_follow_the_options"),
    (
        "infantry_antitank_range",
        "infantry_antitank_range_follows_the_option",
    ),
    (
        "light_mortar_range",
        "light_mortar_range_follows_the_option",
    ),
    (
        "paralyzing_shot_stops_attacker",
        "paralyzing_shot_stops_attacker_decides_who_fires",
    ),
];

#[test]
fn every_option_is_tested() {
    let keys: Vec<&str> = defs::OPTIONS.iter().map(|o| o.key).collect();
    let missing: Vec<&&str> = keys
        .iter()
        .filter(|k| !COVERED.iter().any(|(c, _)| c == *k))
        .collect();
    assert!(
        missing.is_empty(),
        "options without a test: {missing:?} (add a test and list it in COVERED)"
    );
    let stale: Vec<&str> = COVERED
        .iter()
        .map(|(c, _)| *c)
        .filter(|c| !keys.contains(c))
        .collect();
    assert!(
        stale.is_empty(),
        "COVERED lists options that do not exist: {stale:?}"
    );
    assert_eq!(COVERED.len(), keys.len(), "each option listed once");
    assert_eq!((&Newport as &dyn Ruleset).options().len(), keys.len());
}
