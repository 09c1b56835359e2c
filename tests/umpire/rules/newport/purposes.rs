//! What each die of Newport is for: every roll's purpose names its unit, the roll and what the die
//! needs, so that the umpire typing dice at the table can be asked for one die at a time
//! ("g12 morale check, regular: improves on 5 or more — d10?"). The purposes are kept in the
//! journal with the faces. Given a battle / when a command with typed dice / then its purposes.

use crate::support::newport::*;
use crate::support::*;
use umpire::battle::{BattleError, Command, Event};
use umpire::declare::RuleError;
use umpire::dice::{DiceError, Die, TypedDice};
use umpire::rules::newport::defs::*;

fn purposes(e: &Event) -> Vec<String> {
    e.faces().iter().map(|r| r.purpose.clone()).collect()
}

fn started(options: &str) -> umpire::battle::Battle {
    let mut b = battle(&company(options));
    advance(&mut b, "");
    b
}

/// The die `cmd` asks for after `faces`: what the battle says when the faces run out.
fn next_die(b: &umpire::battle::Battle, cmd: &Command, faces: &str) -> (Die, String) {
    let mut dice = if faces.is_empty() {
        TypedDice::default()
    } else {
        TypedDice::parse(faces).unwrap()
    };
    match b.handle(cmd, &mut dice) {
        Err(BattleError::Rule(RuleError::Dice(DiceError::Exhausted { die, needed, .. }))) => {
            (die, needed)
        }
        other => panic!("expected a want of dice, found {other:?}"),
    }
}

#[test]
fn a_fire_names_firer_target_table_modifier_and_what_each_face_does() {
    let mut b = started("");
    // Long range (+1) at a regular stand: 6 reads no effect.
    let e = act(
        &mut b,
        "fire",
        &[("firer", "1-1"), ("target", "g1"), ("range", "12")],
        "9",
    );
    assert_eq!(
        purposes(&e),
        ["1-1 fires at g1, infantry table +1: 1–2 hit & Suppressed, 3–4 Suppressed, 5+ no effect"]
    );
    // At a green stand in hard cover, 6 Suppresses.
    let e = act(
        &mut b,
        "fire",
        &[
            ("firer", "1-2"),
            ("target", "g2"),
            ("range", "6"),
            ("cover", "hard"),
        ],
        "9",
    );
    assert_eq!(
        purposes(&e),
        ["1-2 fires at g2, infantry table +2: 1 hit & Suppressed, 2–4 Suppressed, 5+ no effect"]
    );
    // On the anti-tank table, with the target's armour.
    let e = act(
        &mut b,
        "fire",
        &[("firer", "t1"), ("target", "pz"), ("range", "10")],
        "9",
    );
    assert_eq!(
        purposes(&e),
        ["t1 fires at pz, anti-tank table +1: 1–2 hit & Forced Back, 3–4 Suppressed, 5+ no effect"]
    );
}

#[test]
fn an_hmg_names_each_of_its_two_dice() {
    let mut b = started("hmg_two_dice = true");
    let e = act(
        &mut b,
        "fire",
        &[("firer", "w1"), ("target", "g1"), ("range", "6")],
        "8 9",
    );
    let needs =
        "infantry table: 1 hit & Paralyzed, 2–3 hit & Suppressed, 4–5 Suppressed, 6+ no effect";
    assert_eq!(
        purposes(&e),
        [
            format!("w1 fires at g1 (die 1 of 2, the lowest kept), {needs}"),
            format!("w1 fires at g1 (die 2 of 2, the lowest kept), {needs}"),
        ]
    );
}

#[test]
fn a_command_roll_comes_first_naming_the_stand_and_its_number() {
    let mut b = started("command_method = 2");
    let fire = action(
        &b,
        "fire",
        &[
            ("firer", "1-2"),
            ("target", "g1"),
            ("range", "6"),
            ("out-of-command", ""),
        ],
    );
    assert_eq!(
        next_die(&b, &fire, ""),
        (
            Die::D10,
            "1-2 command roll, green: acts on 4 or less".to_string()
        )
    );
    assert_eq!(
        next_die(&b, &fire, "4").1,
        "1-2 fires at g1, infantry table: 1 hit & Paralyzed, 2–3 hit & Suppressed, 4–5 Suppressed, 6+ no effect"
    );
    let e = act(&mut b, "command-roll", &[("unit", "1-3")], "8");
    assert_eq!(purposes(&e), ["1-3 command roll, elite: acts on 8 or less"]);
    let e = act(
        &mut b,
        "move",
        &[("unit", "1-1"), ("out-of-command", "")],
        "3",
    );
    assert_eq!(
        purposes(&e),
        ["1-1 command roll, regular: acts on 6 or less"]
    );
}

#[test]
fn opportunity_fire_says_so() {
    let mut b = started("");
    act(&mut b, "move", &[("unit", "1-2")], "");
    let e = act(
        &mut b,
        "fire",
        &[
            ("firer", "g1"),
            ("target", "1-2"),
            ("range", "8"),
            ("opportunity", ""),
            ("trigger", "moved"),
        ],
        "9",
    );
    assert_eq!(
        purposes(&e),
        [
            "g1 opportunity-fires at 1-2, infantry table: 1 hit & Paralyzed, 2–3 hit & Suppressed, 4–6 Suppressed, 7+ no effect"
        ]
    );
}

#[test]
fn a_close_combat_names_who_fires_at_whom_each_round_with_the_fight_so_far() {
    let mut b = started("");
    let e = act(
        &mut b,
        "close-combat",
        // Already in contact: the fight at once, without the move's opportunity fire first.
        &[
            ("attacker", "1-1"),
            ("defender", "g3"),
            ("cover", "soft"),
            ("moved", "no"),
        ],
        "9 1 9 3",
    );
    assert_eq!(
        purposes(&e),
        [
            "round 1, g3 fires at 1-1, infantry table: 1 hit & Paralyzed, 2–3 hit & Suppressed, 4–5 Suppressed, 6+ no effect",
            "round 1, 1-1 fires at g3 (so far: no effect), infantry table +1: 1–2 hit & Suppressed, 3–4 Suppressed, 5+ no effect",
            "round 2, g3 fires at 1-1 (so far: g3 1 hit, Suppressed), infantry table +1: 1–2 hit & Suppressed, 3–4 Suppressed, 5+ no effect",
            "round 2, 1-1 fires at g3 (so far: g3 1 hit, Suppressed), infantry table +1: 1–2 hit & Suppressed, 3–4 Suppressed, 5+ no effect",
        ]
    );
}

#[test]
fn air_and_artillery_name_the_asset_and_each_target() {
    let mut b = started("");
    let e = act(
        &mut b,
        "air",
        &[("asset", "p47"), ("target", "pz"), ("best-of", "2")],
        "6 9",
    );
    let needs = "anti-tank table +1: 1–2 hit & Forced Back, 3–4 Suppressed, 5+ no effect";
    assert_eq!(
        purposes(&e),
        [
            format!("p47 attacks pz (die 1 of 2, the lowest kept), {needs}"),
            format!("p47 attacks pz (die 2 of 2, the lowest kept), {needs}"),
        ]
    );
    let e = act(
        &mut b,
        "artillery",
        &[
            ("asset", "arty"),
            ("spotter", "a-ldr"),
            ("targets", "g1:hard,g2"),
        ],
        "9 9",
    );
    assert_eq!(
        purposes(&e),
        [
            "arty (artillery) at g1, infantry table +2: 1 hit & Suppressed, 2–3 Suppressed, 4+ no effect",
            "arty (artillery) at g2, infantry table: 1 hit & Paralyzed, 2–3 hit & Suppressed, 4–6 Suppressed, 7+ no effect",
        ]
    );
}

#[test]
fn morale_checks_name_each_stand_and_the_number_it_needs() {
    let mut b = started("morale_check = true");
    mark(&mut b, "1-1", SUPPRESSED);
    mark(&mut b, "1-2", PARALYZED);
    mark(&mut b, "1-3", SUPPRESSED);
    // Asked for one at a time, in roster order.
    assert_eq!(
        next_die(&b, &Command::Advance, "").1,
        "1-1 morale check, regular: improves on 5 or more"
    );
    assert_eq!(
        next_die(&b, &Command::Advance, "9").1,
        "1-2 morale check, green: improves on 6 or more"
    );
    let e = advance(&mut b, "9 1 4");
    assert_eq!(
        purposes(&e),
        [
            "1-1 morale check, regular: improves on 5 or more",
            "1-2 morale check, green: improves on 6 or more",
            "1-3 morale check, elite: improves on 4 or more",
        ]
    );
}

#[test]
fn command_points_name_the_battalion_its_dice_and_its_minimum() {
    let mut b = battle(&battalion("", "superior_command = true"));
    let e = advance(&mut b, "7");
    assert_eq!(
        purposes(&e),
        ["bn command points, regular: d10, at least 3"]
    );
    let e = advance(&mut b, "1 1");
    assert_eq!(
        purposes(&e),
        [
            "kg command points, elite, die 1 of 2: 2d10, at least 4",
            "kg command points, elite, die 2 of 2: 2d10, at least 4",
        ]
    );
    // A stand lost is taken off; a hamstrung side has no minimum.
    let mut b = battle(&battalion("", "hamstrung = true"));
    advance(&mut b, "7");
    act(
        &mut b,
        "fire",
        &[("firer", "p1"), ("target", "k1"), ("range", "4")],
        "9",
    );
    run(
        &mut b,
        Command::SetHits {
            unit: "k1".into(),
            hits: 3,
        },
        "",
    );
    let e = advance(&mut b, "5");
    assert_eq!(
        purposes(&e),
        ["kg command points, elite: d10 − 1 (stands lost), no minimum (hamstrung)"]
    );
}

#[test]
fn not_enough_typed_dice_names_the_die_still_needed_and_its_purpose() {
    let b = started("");
    let cmd = action(
        &b,
        "fire",
        &[("firer", "1-1"), ("target", "g1"), ("range", "12")],
    );
    let err = b.handle(&cmd, &mut TypedDice::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "not enough dice typed (0 face(s) given): the next is a d10 for 1-1 fires at g1, infantry table +1: 1–2 hit & Suppressed, 3–4 Suppressed, 5+ no effect"
    );
}

/// A table-only procedure (`umpire resolve`) with typed faces: its purposes.
fn resolved(action: &str, args: &[(&str, &str)], faces: &str) -> Vec<String> {
    use umpire::declare::{Options, Params};
    use umpire::rules::newport::Newport;
    use umpire::ruleset::{Ruleset, find_action};
    let def = find_action(&Newport, action).unwrap();
    let params = Params::given(def.params, args.iter().copied()).unwrap();
    let options = Options::defaults(OPTIONS);
    let mut dice = TypedDice::parse(faces).unwrap();
    let r = (&Newport as &dyn Ruleset)
        .resolve(action, &params, &options, &mut dice)
        .unwrap();
    r.faces().iter().map(|f| f.purpose.clone()).collect()
}

#[test]
fn outside_a_battle_the_purposes_say_the_roll_and_its_number() {
    assert_eq!(
        resolved("morale-check", &[("quality", "green")], "3"),
        ["morale check, green: improves on 6 or more"]
    );
    assert_eq!(
        resolved("command-roll", &[("quality", "elite")], "3"),
        ["command roll, elite: acts on 8 or less"]
    );
    assert_eq!(
        resolved("command-points", &[("lost", "2")], "3"),
        ["command points, regular: d10 − 2 (stands lost), at least 3"]
    );
    assert_eq!(
        resolved("fire", &[("range", "12")], "3"),
        ["fire, infantry table +1: 1–2 hit & Suppressed, 3–4 Suppressed, 5+ no effect"]
    );
    assert_eq!(
        resolved("close-combat", &[], "9 1"),
        [
            "round 1, the defender fires at the attacker, infantry table: 1 hit & Paralyzed, 2–3 hit & Suppressed, 4–5 Suppressed, 6+ no effect",
            "round 1, the attacker fires at the defender (so far: no effect), infantry table: 1 hit & Paralyzed, 2–3 hit & Suppressed, 4–5 Suppressed, 6+ no effect",
        ]
    );
    assert_eq!(
        resolved("artillery", &[("targets", "infantry:soft,vehicle")], "9 9"),
        [
            "artillery at target 1 (infantry:soft), infantry table +1: 1–2 hit & Suppressed, 3–4 Suppressed, 5+ no effect",
            "artillery at target 2 (vehicle), anti-tank table: 1–3 hit & Forced Back, 4–5 Suppressed, 6+ no effect",
        ]
    );
}
