//! Hats of Tin / Helmets of Steel, sentence by sentence (`digests/hats-of-tin.md`).

use super::trace;
use crate::support::kit::{Table, exactly, umpire};

const DIGEST: &str = include_str!("digests/hats-of-tin.md");

/// What the program leaves to the umpire: nothing. Where the figures stand (adjacent, in cover,
/// in the front arc, across a road) the umpire types in; every sentence rules on something the
/// program tracks, refuses, offers or computes from it.
const LEFT_TO_THE_UMPIRE: &[(&str, &str)] = &[];

/// The village of Mokra, 1939: a German company (a Force Commander attached to 1. Zug, a
/// subordinate commanding 2. Zug and the MG, a tank, a mortar, a truck carrying 3. Zug) attacks
/// Polish militia, regulars, an MG, a light gun and cavalry under their own subordinate. The
/// Germans play first.
fn mokra(options: &str) -> String {
    format!(
        r#"
ruleset = "hats-of-tin"
title = "Mokra"
turns = 4
first_side = "de"
[options]
{options}

[[side]]
id = "de"
name = "Germans"
  [[side.unit]]
  id = "fc"
  name = "Hauptmann Brandt"
  kind = "commander"
  force = true
  attached = "z1"
  [[side.unit]]
  id = "lt"
  name = "Leutnant Vogel"
  kind = "commander"
  commands = ["z2", "mg"]
  [[side.unit]]
  id = "z1"
  name = "1. Zug"
  kind = "infantry"
  [[side.unit]]
  id = "z2"
  name = "2. Zug"
  kind = "infantry"
  quality = "elite"
  radio = true
  [[side.unit]]
  id = "mg"
  name = "MG-Gruppe"
  kind = "mg"
  [[side.unit]]
  id = "pz"
  name = "Panzer 35(t)"
  kind = "tank"
  superior = true
  [[side.unit]]
  id = "gw"
  name = "Granatwerfer"
  kind = "mortar"
  radio = true
  [[side.unit]]
  id = "lkw"
  name = "Opel Blitz"
  kind = "truck"
  [[side.unit]]
  id = "z3"
  name = "3. Zug"
  kind = "infantry"
  embarked = "lkw"

[[side]]
id = "pl"
name = "Poles"
  [[side.unit]]
  id = "kpt"
  name = "Kapitan Nowak"
  kind = "commander"
  force = true
  [[side.unit]]
  id = "por"
  name = "Porucznik Lis"
  kind = "commander"
  commands = ["ul"]
  [[side.unit]]
  id = "p1"
  name = "1 pluton"
  kind = "infantry"
  quality = "militia"
  [[side.unit]]
  id = "p2"
  name = "2 pluton"
  kind = "infantry"
  [[side.unit]]
  id = "ckm"
  name = "CKM"
  kind = "mg"
  [[side.unit]]
  id = "arm"
  name = "wz. 36"
  kind = "light-gun"
  superior = true
  [[side.unit]]
  id = "ul"
  name = "Ulani"
  kind = "cavalry"
"#
    )
}

/// A firing range: a German unit of each weapon (and a subordinate commanding the heavy gun)
/// before Polish targets of each armour class, for the exact odds of the shooting table.
fn gunnery() -> &'static str {
    r#"
ruleset = "hats-of-tin"
title = "Firing range"
first_side = "de"

[[side]]
id = "de"
name = "Germans"
  [[side.unit]]
  id = "fc"
  name = "Hauptmann Brandt"
  kind = "commander"
  force = true
  [[side.unit]]
  id = "art"
  name = "Oberleutnant Kranz"
  kind = "commander"
  commands = ["hg"]
  [[side.unit]]
  id = "inf"
  name = "Schuetzen"
  kind = "infantry"
  [[side.unit]]
  id = "sup"
  name = "Pioniere"
  kind = "infantry-support"
  [[side.unit]]
  id = "cav"
  name = "Reiter"
  kind = "cavalry"
  [[side.unit]]
  id = "mg"
  name = "MG-Gruppe"
  kind = "mg"
  [[side.unit]]
  id = "lg"
  name = "le IG 18"
  kind = "light-gun"
  [[side.unit]]
  id = "gw"
  name = "Granatwerfer"
  kind = "mortar"
  [[side.unit]]
  id = "pak"
  name = "Pak 38"
  kind = "light-medium-gun"
  [[side.unit]]
  id = "hg"
  name = "sIG 33"
  kind = "heavy-gun"
  [[side.unit]]
  id = "fa"
  name = "le FH 18"
  kind = "field-artillery"
  [[side.unit]]
  id = "pz"
  name = "Panzer IV"
  kind = "tank"
  [[side.unit]]
  id = "hvy"
  name = "Neubaufahrzeug"
  kind = "heavy-tank"
  [[side.unit]]
  id = "fast"
  name = "Panzer II"
  kind = "fast-tank"
  [[side.unit]]
  id = "ac"
  name = "Sd.Kfz. 222"
  kind = "armoured-car"
  [[side.unit]]
  id = "lkw"
  name = "Opel Blitz"
  kind = "truck"

[[side]]
id = "pl"
name = "Poles"
  [[side.unit]]
  id = "kpt"
  name = "Kapitan Nowak"
  kind = "commander"
  force = true
  [[side.unit]]
  id = "open"
  name = "2 pluton"
  kind = "infantry"
  [[side.unit]]
  id = "tks"
  name = "TKS"
  kind = "fast-tank"
  [[side.unit]]
  id = "wz34"
  name = "wz. 34"
  kind = "armoured-car"
  [[side.unit]]
  id = "7tp"
  name = "7TP"
  kind = "tank"
  [[side.unit]]
  id = "ciezki"
  name = "Ciezki czolg"
  kind = "heavy-tank"
  [[side.unit]]
  id = "schron"
  name = "Schron"
  kind = "mg"
  armour = "pillbox"
"#
}

/// The Germans' action in turn 1 (the Force Commander's 6 and the subordinate's one: 7 orders).
fn de_acting(options: &str) -> Table {
    Table::given(&mokra(options)).played("next --dice 6")
}

/// The Poles' action in turn 1 (6 + 1 orders), the Germans having done nothing.
fn pl_acting(options: &str) -> Table {
    Table::given(&mokra(options)).played("next --dice 6\nnext --dice 6")
}

/// The Germans' turn 2 under Polish Overwatch: in their turn 1 the Poles put 2 pluton and the
/// CKM on Overwatch.
fn under_overwatch(options: &str) -> Table {
    pl_acting(options).played("overwatch --unit p2\noverwatch --unit ckm\nnext --dice 6")
}

/// The firing range in the Germans' action.
fn on_the_range() -> Table {
    Table::given(gunnery()).played("next --dice 6")
}

/// The offers standing, as `action unit-or-target`.
fn offers(t: &Table) -> Vec<String> {
    t.state()
        .offers()
        .iter()
        .map(|o| {
            let named = o.params["unit"]
                .as_str()
                .or(o.params["target"].as_str())
                .unwrap_or("?");
            format!("{} {named}", o.action)
        })
        .collect()
}

/// The side's orders left from the Force Commander's roll, and in all this turn.
fn orders(t: &Table, side: &str) -> (Option<i64>, Option<i64>) {
    let s = t.state();
    (s.counter(side, "orders"), s.counter(side, "orders_total"))
}

/// The roster's row of the unit `id` on the umpire's screen (its hits as pips, its id, name and
/// badges).
fn row(screen: &str, id: &str) -> String {
    screen
        .lines()
        .find(|l| l.split_whitespace().nth(2) == Some(id))
        .unwrap_or_default()
        .to_string()
}

#[test]
fn the_digest_is_traced() {
    let t = trace::check(
        "hats_of_tin",
        DIGEST,
        include_str!("hats_of_tin.rs"),
        LEFT_TO_THE_UMPIRE,
    );
    insta::assert_snapshot!("hats_of_tin_trace", t.render());
    super::readme_counts("hats-of-tin", &t);
}

// ---- the grid and the dice ----------------------------------------------------------------------

/// > Played on a grid of areas (squares or hexes); every distance is in areas, counted through
/// > sides, not corners.
#[test]
fn every_distance_is_in_areas() {
    let mut t = de_acting("");
    // The umpire counts the areas; the program takes them, adjacent being 1.
    t.when("shoot --firer z2 --target p2 --range 0 --dice 6,6")
        .refused(&["the range is counted in areas, 1 or more (adjacent is 1)"]);
    t.when("shoot --firer z2 --target p2 --range 2 --dice 1,1")
        .accepted()
        .says(&["2 areas to 2 pluton (p2), within range 3"]);
    t.when("move --unit pz --areas 3")
        .accepted()
        .says(&["Panzer 35(t) (pz) moves 3 areas"]);
}

/// > d6 throughout.
#[test]
fn a_d6_throughout() {
    let mut t = Table::given(&mokra(""));
    t.when("next --dice 7").not_understood(&["7"]);
    t.play("next --dice 6");
    t.when("shoot --firer z2 --target p2 --range 2 --dice 6,7")
        .not_understood(&["7"]);
    t.when("shoot --firer z2 --target p2 --range 2 --dice 6,1")
        .accepted()
        .says(&["6 (d6), 1 (d6)"]);
    // The odds are in sixths: one die of a lone commander hits on 5 or 6.
    exactly(
        t.odds("shoot --firer lt --target p2 --range 2").of("1 hit"),
        2,
        6,
    );
}

/// > Units are platoons or companies; commanders are not units.
#[test]
fn commanders_are_not_units() {
    let mut t = de_acting("");
    // The Germans count seven units (platoons, the MG, the tank …) and two leaders.
    let s = t.state();
    let de = &s.0["summary"]["sides"][0];
    assert_eq!(
        (de["units"].as_u64(), de["leaders"].as_u64()),
        (Some(7), Some(2))
    );
    // A commander is in no assault, holds no Overwatch order and does not rally.
    t.play("detach --commander fc");
    t.when("assault --attacker fc --defender p2 --dice 6,6")
        .refused(&["is a commander: an assault is between units"]);
    t.when("assault --attacker z2 --defender kpt --dice 6,6")
        .refused(&["is a commander: an assault is between units"]);
    t.when("overwatch --unit lt")
        .refused(&["is a commander: Overwatch is a unit's order"]);
    t.when("rally --unit lt --dice 6")
        .refused(&["is a commander: only units rally"]);
}

// ---- units ----------------------------------------------------------------------------------------

/// > Types and move allowance (areas): Infantry, Infantry support, Heavy tank 2; Cavalry, Tank 3;
/// > Fast tank, Armoured car 4; Truck, Artillery 2 (not into difficult terrain; road areas count
/// > ½; limber/unlimber or load/unload costs ½).
#[test]
fn each_type_moves_its_allowance() {
    for (unit, allowance) in [
        ("inf", 2.0),
        ("sup", 2.0),
        ("hvy", 2.0),
        ("cav", 3.0),
        ("pz", 3.0),
        ("fast", 4.0),
        ("ac", 4.0),
        ("lkw", 2.0),
        ("hg", 2.0),
        ("fa", 2.0),
    ] {
        let mut t = on_the_range();
        t.when(&format!("move --unit {unit} --areas {}", allowance + 0.5))
            .refused(&[&format!("moves at most {allowance} areas")]);
        t.when(&format!("move --unit {unit} --areas {allowance}"))
            .accepted();
    }
    // Road areas count ½ for trucks and artillery: four road areas are a truck's 2, and it has
    // entered an area after ½ (the Polish Overwatch would have its moment).
    let mut t = on_the_range();
    t.when("move --unit lkw --areas 2 --entered 4").accepted();
    let mut t = on_the_range();
    t.when("move --unit inf --areas 2 --entered 4")
        .refused(&["a move costing 2 enters at most 2 areas"]);
    // Limbering costs ½ of the move and enters no area; the gun goes on with 1½.
    let mut t = on_the_range();
    t.play("move --unit hg --areas 0.5 --entered 0");
    t.when("move --unit hg --areas 2")
        .refused(&["has moved ½ of its 2 areas this turn: 2 more is too far"]);
    t.when("move --unit hg --areas 1.5").accepted();
    // "Not into difficult terrain" is the umpire's word: the unit's type says so.
    umpire(&["rulesets", "hats-of-tin"]).accepted().says(&[
        "truck            | Truck            | 2 areas; not into difficult terrain; road areas ½; limber/unlimber or load/unload ½",
        "heavy-tank       | Heavy tank       | 2 areas; difficult terrain counts as 2",
        "armoured-car     | Armoured car     | 4 areas; not into difficult terrain",
    ]);
}

/// > Light guns may move 1 area unlimbered.
#[test]
fn a_light_gun_moves_one_area_unlimbered() {
    // Without limbering there is no ½ to pay: one area is one area of its move, entered.
    let mut t =
        Table::given(&mokra("")).played("next --dice 6\noverwatch --unit mg\nnext --dice 6");
    t.when("move --unit arm --areas 1 --entered 1").accepted();
    assert_eq!(offers(&t), ["shoot arm"]);
    // The type says it, beside its towed move.
    umpire(&["rulesets", "hats-of-tin"]).accepted().says(&[
        "light-gun        | Light gun        | 2 areas; not into difficult terrain; road areas ½; limber/unlimber or load/unload ½; or 1 area unlimbered (difficult terrain allowed)",
    ]);
}

/// > Commanders move as the type they command.
#[test]
fn commanders_move_as_the_type_they_command() {
    // Vogel commands infantry and an MG: 2 areas.
    let mut t = de_acting("");
    t.when("move --unit lt --areas 3")
        .refused(&["Leutnant Vogel (lt) moves at most 2 areas"]);
    t.when("move --unit lt --areas 2").accepted();
    // Lis commands the cavalry: 3 areas.
    let mut t = pl_acting("");
    t.when("move --unit por --areas 3.5")
        .refused(&["moves at most 3 areas"]);
    t.when("move --unit por --areas 3").accepted();
}

/// > Weapon range (areas): Infantry 3; MG and Light gun 5; Mortar and Light-medium gun 6; Heavy
/// > gun 7; Field artillery 20.
#[test]
fn each_weapon_has_its_range() {
    let t = on_the_range();
    for (firer, range) in [
        ("inf", 3),
        ("mg", 5),
        ("lg", 5),
        ("gw", 6),
        ("pak", 6),
        ("hg", 7),
        ("fa", 20),
    ] {
        let odds = t.odds(&format!(
            "shoot --firer {firer} --target open --range {range}"
        ));
        assert!(odds.notes(&format!("within range {range}")), "{firer}");
        t.odds_refused(
            &format!("shoot --firer {firer} --target open --range {}", range + 1),
            &[&format!("beyond range {range}: no shot")],
        );
    }
}

/// > Armour class of a target: none, light, medium, heavy (or pillbox).
#[test]
fn each_armour_class_of_a_target() {
    // The heavy gun's +2 against each class: a die hits on 3+, 4+, 5+, 6, 6.
    let t = on_the_range();
    for (target, sixths) in [
        ("open", 4),
        ("tks", 3),
        ("wz34", 3),
        ("7tp", 2),
        ("ciezki", 1),
        ("schron", 1),
    ] {
        let odds = t.odds(&format!("shoot --firer hg --target {target} --range 3"));
        exactly(odds.figure("p_hit_per_die"), sixths, 6);
    }
}

/// > A scenario may set a unit's armour and firer class (gun weight) itself, overriding its type's
/// > default, as the text makes both "relative to period" (a Panzer 38(t) is light armour against
/// > 1940 French rifles).
#[test]
fn a_scenario_sets_a_units_own_armour_and_firer_class() {
    // The Panzer 35(t) given light armour and a medium gun.
    let own = mokra("").replace(
        "  kind = \"tank\"\n  superior = true\n",
        "  kind = \"tank\"\n  superior = true\n  armour = \"light\"\n  firer_class = \"medium-gun\"\n",
    );
    assert_ne!(own, mokra(""));
    let mut t = Table::given(&own).played("next --dice 6");
    t.when("shoot --firer pz --target p2 --range 2 --dice 3,2")
        .accepted()
        .says(&[
            "+1 medium gun",
            "+1 superior firepower",
            "modified 5, 4: 1 hit",
        ]);
    t.play("next --dice 6");
    // The Polish rifles at it: −1 light armour, not a tank's −2.
    exactly(
        t.odds("shoot --firer p1 --target pz --range 2")
            .figure("p_hit_per_die"),
        1,
        6,
    );
    t.when("shoot --firer p1 --target pz --range 2 --dice 6,5")
        .accepted()
        .says(&["-1 light armour", "modified 5, 4: 1 hit"]);
    // Its panel says each beside its type's.
    let screen = t.ui(|ui| {
        use crate::support::tui::Keys;
        ui.select("pz");
        ui.screen(160, 45)
    });
    // The panel's words, its rows joined (where they wrap depends on the panel's width).
    let panel = screen
        .lines()
        .filter_map(|row| {
            row.split_once("││")
                .map(|(_, p)| p.trim_end_matches(['"', '│']))
        })
        .map(str::trim)
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        panel.contains("medium gun (the scenario's, over the Tank type's normal firer)")
            && panel.contains("armour light (the scenario's, over the Tank type's medium)"),
        "{screen}"
    );
    // The scenario's words are checked: a class that is none is refused where it is written.
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join("bad.toml");
    std::fs::write(&path, own.replace("\"medium-gun\"", "\"howitzer\"")).expect("written");
    let path = path.to_str().expect("a UTF-8 path");
    umpire(&["check", path]).refused(&["firer_class", "howitzer"]);
}

/// > Firer class: normal, medium gun, heavy gun.
#[test]
fn each_firer_class() {
    // At the open infantry: a normal firer hits on 5+, a medium gun on 4+, a heavy gun on 3+.
    let t = on_the_range();
    for (firer, sixths) in [("lg", 2), ("pak", 3), ("fa", 3), ("hvy", 3), ("hg", 4)] {
        let odds = t.odds(&format!("shoot --firer {firer} --target open --range 1"));
        exactly(odds.figure("p_hit_per_die"), sixths, 6);
    }
    let mut t = on_the_range();
    t.when("shoot --firer pak --target open --range 2 --dice 4,3")
        .accepted()
        .says(&["+1 medium gun", "modified 5, 4: 1 hit"]);
    t.when("shoot --firer hg --target open --range 2 --dice 3,2")
        .accepted()
        .says(&["+2 heavy gun", "modified 5, 4: 1 hit"]);
}

/// > Superior firepower (+1) is situational (flame- throwers when assaulting, effective anti-tank
/// > weapons against tanks, superior ammunition or optics): a per-shot flag that the umpire sets,
/// > with a per-unit default in the scenario.
#[test]
fn superior_firepower_is_a_flag_each_shot_with_the_units_default() {
    let mut t = de_acting("");
    // The tank's by default …
    t.when("shoot --firer pz --target p2 --range 2 --dice 4,3")
        .accepted()
        .says(&["+1 superior firepower", "modified 5, 4: 1 hit"]);
    // … set for a unit without it …
    t.when("shoot --firer z2 --target p2 --range 2 --superior --dice 4,3")
        .accepted()
        .says(&["+1 superior firepower", "modified 5, 4: 1 hit"]);
    // … or cleared for a shot.
    let mut t = de_acting("");
    t.when("shoot --firer pz --target p2 --range 2 --superior=no --dice 4,3")
        .accepted()
        .never_says(&["superior"])
        .says(&["no hits"]);
    let t = de_acting("");
    exactly(
        t.odds("shoot --firer pz --target p2 --range 2 --superior=no")
            .figure("p_hit_per_die"),
        2,
        6,
    );
    exactly(
        t.odds("shoot --firer pz --target p2 --range 2")
            .figure("p_hit_per_die"),
        3,
        6,
    );
}

/// > Quality: militia (destroyed at 2 hits), regular (3), elite (4).
#[test]
fn quality_sets_the_hits_that_destroy_a_unit() {
    let t = de_acting("");
    let s = t.state();
    for (unit, limit) in [("p1", 2), ("p2", 3), ("z2", 4)] {
        assert_eq!(s.unit(unit).hit_limit(), limit, "{unit}");
    }
    let mut t = de_acting("");
    t.play("shoot --firer z2 --target p1 --range 2 --dice 6,6");
    t.when("take-hits --unit p1")
        .accepted()
        .says(&["a militia unit is destroyed at 2 hits", "destroyed"]);
    assert_eq!(
        t.state().unit("p1").removed(),
        Some("2 hits, the limit of a militia unit")
    );
}

/// > Commanders: the Force Commander and subordinate commanders, each commanding named units; a
/// > commander may be attached to a unit; a commander is destroyed by a single hit — any hit, from
/// > any round, never converted into a retreat (his quality does not matter).
#[test]
fn a_commander_falls_to_a_single_hit_of_any_round() {
    let t = pl_acting("");
    let s = t.state();
    assert!(s.unit("fc").badges().contains(&"FC"));
    assert!(s.unit("lt").badges().contains(&"CDR"));
    assert!(s.unit("fc").badges().contains(&"WITH z1"));
    assert_eq!(s.unit("lt").hit_limit(), 1);
    // Two hits on the lone subordinate: he is destroyed at once, nothing waits to be converted.
    let mut t = pl_acting("");
    t.when("shoot --firer p2 --target lt --range 2 --dice 6,5")
        .accepted()
        .says(&["a single hit destroys a commander"]);
    let s = t.state();
    assert_eq!(
        s.unit("lt").removed(),
        Some("a single hit destroys a commander")
    );
    assert!(offers(&t).is_empty());
    // The odds say so: one hit or two, he is gone.
    let t = pl_acting("");
    exactly(
        t.odds("shoot --firer p2 --target lt --range 2")
            .figure("p_target_destroyed"),
        5,
        9,
    );
    // His quality does not matter: an elite commander too falls to one hit.
    let elite = mokra("").replace(
        "  commands = [\"z2\", \"mg\"]\n",
        "  commands = [\"z2\", \"mg\"]\n  quality = \"elite\"\n",
    );
    let t = Table::given(&elite);
    assert_eq!(t.state().unit("lt").hit_limit(), 1);
    // From any round: the re-rolled misses of a shot at a unit next to him.
    let mut t = pl_acting("");
    t.when("shoot --firer p2 --target z2 --range 2 --friend kpt --dice 1,1,5,1")
        .accepted()
        .says(&["Kapitan Nowak (kpt) is destroyed"]);
    assert!(t.state().unit("kpt").removed().is_some());
}

/// > A lone commander shoots with the range and firer class of the type he commands (decision).
#[test]
fn a_lone_commander_shoots_as_the_type_he_commands() {
    // Kranz commands the heavy gun: one die, range 7, +2.
    let mut t = on_the_range();
    let odds = t.odds("shoot --firer art --target open --range 7");
    exactly(odds.of("1 hit"), 4, 6);
    assert!(odds.notes("1 die (a lone commander)"));
    t.odds_refused(
        "shoot --firer art --target open --range 8",
        &["beyond range 7: no shot"],
    );
    t.when("shoot --firer art --target open --range 7 --dice 3")
        .accepted()
        .says(&["+2 heavy gun", "1 hit"]);
    // Vogel commands infantry: range 3, no gun.
    let t = de_acting("");
    t.odds_refused(
        "shoot --firer lt --target p2 --range 4",
        &["beyond range 3: no shot"],
    );
}

/// > Decision: a commander needs no order but acts at most once in his own side's turn, like an
/// > ordered unit: he moves OR shoots (1 die) on his own, or attaches to / detaches from a unit
/// > (in his own side's turn only); an attached commander adds his die to that unit's shot
/// > instead.
#[test]
fn a_commander_acts_once_in_his_sides_turn() {
    let mut t = de_acting("");
    // He shoots, with no order given …
    t.play("shoot --firer lt --target p2 --range 2 --dice 1");
    assert_eq!(orders(&t, "de"), (Some(6), Some(7)));
    assert!(t.state().unit("lt").badges().contains(&"SHOT"));
    // … and then neither shoots, moves nor joins a unit.
    let again = "has already shot this turn: a commander acts once in his side's turn";
    t.when("shoot --firer lt --target p2 --range 2 --dice 1")
        .refused(&[again]);
    t.when("move --unit lt --areas 1").refused(&[again]);
    t.when("attach --commander lt --unit z2").refused(&[again]);
    // Joining or leaving a unit is his action too; a move may be made in steps, as a move order
    // may, and then it is his action.
    let mut t = de_acting("");
    t.play("detach --commander fc\n");
    t.when("move --unit fc --areas 1")
        .refused(&["has already left his unit this turn"]);
    let mut t = de_acting("");
    t.play("move --unit lt --areas 1\nmove --unit lt --areas 1");
    t.when("attach --commander lt --unit z2")
        .refused(&["has already moved this turn"]);
    // Not in the enemy's turn.
    let mut t = pl_acting("");
    t.when("shoot --firer lt --target p2 --range 2 --dice 6")
        .refused(&["a commander acts only in his own side's turn"]);
    t.when("detach --commander fc")
        .refused(&["a commander acts only in his own side's turn"]);
    // Attached, his die is his unit's: three dice, and he may still leave it afterwards.
    let mut t = de_acting("");
    t.when("shoot --firer z1 --target p2 --range 2 --dice 1,1")
        .not_understood(&["not enough dice"]);
    t.when("shoot --firer z1 --target p2 --range 2 --dice 1,1,1")
        .accepted()
        .says(&["3 dice (2 for the unit, 1 for its attached commander)"]);
    t.when("shoot --firer fc --target p2 --range 2 --dice 6")
        .refused(&["is attached to 1. Zug (z1): he adds his die to its shots"]);
    t.when("detach --commander fc").accepted();
}

/// > An attached commander cannot be shot at on his own: a shot at him is a shot at the unit, and
/// > the owning player places the hits.
#[test]
fn an_attached_commander_is_shot_at_through_his_unit() {
    let mut t = pl_acting("");
    t.when("shoot --firer p2 --target fc --range 2 --dice 6,6")
        .refused(&["he cannot be shot at on his own; a shot at him is a shot at z1"]);
    t.odds_refused(
        "shoot --firer p2 --target fc --range 2",
        &["he cannot be shot at on his own"],
    );
    // One hit on his platoon waits for the owner, who puts it on him.
    t.play("shoot --firer p2 --target z1 --range 2 --dice 6,1");
    assert_eq!(offers(&t), ["take-hits z1"]);
    t.when("take-hits --unit z1 --to-commander")
        .accepted()
        .says(&["Hauptmann Brandt (fc) is destroyed"]);
    let s = t.state();
    assert!(s.unit("fc").removed().is_some());
    assert_eq!(s.unit("z1").hits(), 0);
}

/// > Decision: with the Force Commander lost there is no 1d6 roll (only the surviving
/// > subordinates' one order each); a lost subordinate gives no order.
#[test]
fn without_the_force_commander_only_the_subordinates_order() {
    let mut t = de_acting("");
    t.play("hits fc 1\nnext --dice 6");
    // Turn 2: no die is thrown for the Germans, only Vogel's one order.
    t.when("next --dice 6").not_understood(&["were not used"]);
    t.when("next")
        .accepted()
        .says(&["the Force Commander is lost: no roll"]);
    assert_eq!(orders(&t, "de"), (Some(0), Some(1)));
    t.when("move --unit z1 --areas 1")
        .refused(&["Germans has no orders left this turn"]);
    t.when("move --unit z2 --areas 1")
        .accepted()
        .says(&["the order of Leutnant Vogel (lt)"]);
    // The Poles' subordinate lost: their roll alone.
    let mut t = de_acting("");
    t.play("shoot --firer z2 --target por --range 2 --dice 6,6");
    t.play("next --dice 4");
    assert_eq!(orders(&t, "pl"), (Some(4), Some(4)));
    assert!(!t.state().unit("por").has("sub_order"));
}

// ---- markers to track -----------------------------------------------------------------------------

/// > Hits per unit against its quality limit; destroyed units.
#[test]
fn hits_against_the_limit_and_units_destroyed() {
    let mut t = de_acting("");
    t.play("shoot --firer z2 --target p2 --range 2 --dice 6,1");
    let s = t.state();
    assert_eq!((s.unit("p2").hits(), s.unit("p2").hit_limit()), (1, 3));
    let screen = t.screen(120, 40);
    // One hit of three: one pip of three filled.
    assert!(row(&screen, "p2").contains("●○○  p2"), "{screen}");
    t.play("shoot --firer mg --target p2 --range 2 --dice 6,6\ntake-hits --unit p2");
    let s = t.state();
    assert_eq!(s.unit("p2").hits(), 3);
    assert_eq!(
        s.unit("p2").removed(),
        Some("3 hits, the limit of a regular unit")
    );
    assert!(!s.in_play().contains(&"p2".to_string()));
    t.when("shoot --firer pz --target p2 --range 2 --dice 6,6")
        .refused(&["2 pluton (p2) is out of the fight"]);
}

/// > The order each unit holds this turn: move, shoot, rally, assault, overwatch (or none).
#[test]
fn each_unit_holds_one_order_a_turn() {
    let mut t = de_acting("");
    t.play(
        "move --unit z2 --areas 1\n\
         shoot --firer pz --target p2 --range 2 --dice 1,1\n\
         overwatch --unit mg\n\
         hits gw 1\n\
         rally --unit gw --dice 1",
    );
    let s = t.state();
    for (unit, badge, code) in [
        ("z2", "MOVE", 1),
        ("pz", "SHOOT", 2),
        ("gw", "RALLY", 3),
        ("mg", "OW", 5),
    ] {
        assert!(s.unit(unit).badges().contains(&badge), "{unit}");
        assert_eq!(s.unit(unit).marker("order"), Some(code), "{unit}");
    }
    // None for a unit not yet ordered.
    assert_eq!(s.unit("z1").marker("order"), None);
    // One order a unit a turn.
    t.when("shoot --firer pz --target p2 --range 2 --dice 1,1")
        .refused(&["already holds its order this turn (shoot): one order a unit a turn"]);
    t.when("rally --unit gw --dice 6")
        .refused(&["already holds its order this turn (rally)"]);
    // An assault's order.
    t.play("assault --attacker z1 --defender p2 --dice 1,1,1,1,1");
    assert_eq!(t.state().unit("z1").marker("order"), Some(4));
    assert!(t.state().unit("z1").badges().contains(&"ASSAULT"));
    // The orders go with the side's turn.
    t.play("next --dice 6");
    assert_eq!(t.state().unit("pz").marker("order"), None);
}

/// > Overwatch: an overwatch unit may shoot once during the enemy turn at a unit that has moved at
/// > least one area or has fired; if it declines at that moment it cannot go back to that unit
/// > later.
#[test]
fn overwatch_shoots_once_at_the_moment_or_never() {
    let mut t = under_overwatch("");
    // A move: both Overwatch units are offered the shot.
    t.play("move --unit z2 --areas 1");
    let o = t.state().offers();
    assert_eq!(o.len(), 1, "{o:?}");
    assert_eq!((o[0].action.as_str(), o[0].actors.len()), ("shoot", 2));
    t.when("shoot --firer ckm --target z2 --range 2 --overwatch --dice 6,1")
        .accepted()
        .says(&["Overwatch shot: the marker goes"]);
    assert_eq!(t.state().unit("z2").hits(), 1);
    // Once: the CKM has no Overwatch left.
    t.when("shoot --firer ckm --target z2 --range 2 --overwatch --dice 6,1")
        .refused(&["CKM (ckm) is not on Overwatch"]);
    // A shot, then a procedure of another unit: p2 let the moment pass.
    t.play("shoot --firer pz --target p1 --range 3 --dice 1,1");
    assert_eq!(offers(&t), ["shoot pz"]);
    t.play("shoot --firer mg --target p1 --range 3 --dice 1,1");
    t.when("shoot --firer p2 --target pz --range 3 --overwatch --dice 6,6")
        .refused(&["Panzer 35(t) (pz) has not just moved or fired: Overwatch shoots at a unit at that moment, or never"]);
    // During the enemy's turn only.
    let mut t = pl_acting("");
    t.play("overwatch --unit ckm\nmark z2 just_acted");
    t.when("shoot --firer ckm --target z2 --range 1 --overwatch --dice 6,6")
        .refused(&["CKM (ckm): an Overwatch shot is taken in the enemy's turn"]);
}

/// > Decision: the marker goes when used or at the start of its own side's next turn.
#[test]
fn the_overwatch_marker_goes_when_used_or_at_its_sides_turn() {
    let mut t = under_overwatch("");
    t.play(
        "move --unit z2 --areas 1\nshoot --firer ckm --target z2 --range 2 --overwatch --dice 1,1",
    );
    let s = t.state();
    assert!(!s.unit("ckm").has("overwatch"), "used");
    assert!(s.unit("p2").has("overwatch"), "not used");
    // Still there to the end of the Germans' turn; gone at the start of the Poles'.
    t.when("next --dice 6")
        .accepted()
        .says(&["2 pluton (p2): its Overwatch was not used; the marker goes at its side's turn"]);
    assert!(!t.state().unit("p2").has("overwatch"));
}

/// > A unit that moves and then assaults can be shot by overwatch after its move and before the
/// > assault's exchange of fire (the move and the assault are two steps, with the overwatch moment
/// > between them).
#[test]
fn overwatch_comes_between_a_move_and_its_assault() {
    let mut t = under_overwatch("");
    t.play("move --unit z2 --areas 1");
    assert_eq!(offers(&t), ["shoot z2"]);
    t.play("shoot --firer ckm --target z2 --range 2 --overwatch --dice 6,1");
    let before = orders(&t, "de");
    // The assault after it: the same order, the whole exchange thrown now.
    t.when("assault --attacker z2 --defender p2 --dice 1,1,1,1")
        .accepted()
        .says(&["Assault, first fire", "Assault, second fire"]);
    assert_eq!(orders(&t, "de"), before);
    assert_eq!(t.state().unit("z2").marker("order"), Some(4));
    // The moment came once: no other after the assault.
    assert!(offers(&t).is_empty(), "{:?}", offers(&t));
}

/// > "Has moved at least one area" counts areas entered, not movement cost.
#[test]
fn a_move_counts_the_areas_entered_not_their_cost() {
    let mut t = under_overwatch("");
    // Half an area of the truck's move along a road: one area entered.
    t.play("move --unit lkw --areas 0.5");
    assert_eq!(offers(&t), ["shoot lkw"]);
    // The whole of an infantry move into a wood: one area.
    t.play("move --unit z1 --areas 2 --entered 1");
    assert_eq!(offers(&t), ["shoot z1"]);
    // Half an area of a tank's move enters none.
    t.play("move --unit pz --areas 0.5");
    assert!(offers(&t).is_empty(), "{:?}", offers(&t));
    // Nor does limbering.
    t.play("move --unit gw --areas 1 --entered 0");
    assert!(offers(&t).is_empty(), "{:?}", offers(&t));
    // Troops getting off their truck onto an empty area enter it; their move on foot after it
    // brings no second moment.
    t.when("disembark --unit z3")
        .accepted()
        .says(&["z3 got off: Overwatch (p2, ckm) may shoot at it now"]);
    assert_eq!(offers(&t), ["shoot z3"]);
    t.play("move --unit z3 --areas 1");
    assert!(offers(&t).is_empty(), "{:?}", offers(&t));
}

/// > Embarked units (which truck or boat carries them; carried units do not shoot or assault unless
/// > the carrier is a specialised fighting carrier).
#[test]
fn carried_units_neither_shoot_nor_assault_unless_the_carrier_fights() {
    let mut t = de_acting("");
    let s = t.state();
    assert!(s.unit("z3").badges().contains(&"ON lkw"));
    assert!(s.unit("lkw").badges().contains(&"CARRIES z3"));
    t.when("shoot --firer z3 --target p2 --range 2 --dice 6,6")
        .refused(&[
            "3. Zug (z3) is carried by Opel Blitz (lkw): carried units do not shoot or assault",
        ]);
    t.when("assault --attacker z3 --defender p2 --dice 6,6,6,6")
        .refused(&["carried units do not shoot or assault"]);
    // Nor are they shot at: their carrier is.
    t.play("next --dice 6");
    t.when("shoot --firer p2 --target z3 --range 2 --dice 6,6")
        .refused(&["embarked troops are off the table; shoot at lkw"]);
    // Getting off and on is its move order; it shoots once off.
    let mut t = de_acting("");
    t.play("disembark --unit z3");
    assert!(!t.state().unit("z3").has("embarked"));
    t.when("shoot --firer z3 --target p2 --range 2 --dice 6,6")
        .refused(&["already holds its order this turn (move)"]);
    t.play("embark --unit z3 --carrier lkw");
    assert_eq!(
        t.state().unit("z3").marker("order"),
        Some(1),
        "one move order"
    );
    // A fighting carrier's troops shoot.
    let fighting = mokra("").replace(
        "  kind = \"truck\"\n",
        "  kind = \"truck\"\n  fighting = true\n",
    );
    let mut t = Table::given(&fighting).played("next --dice 6");
    t.when("shoot --firer z3 --target p2 --range 2 --dice 6,1")
        .accepted();
    assert_eq!(t.state().unit("p2").hits(), 1);
}

/// > Decision: if a carrier is destroyed, each carried unit takes one hit and disembarks into an
/// > adjacent empty area, or is destroyed if there is none.
#[test]
fn a_destroyed_carriers_load_takes_a_hit_and_gets_off() {
    let mut t = pl_acting("");
    t.play("hits lkw 1\nshoot --firer arm --target lkw --range 2 --dice 6,6");
    t.when("take-hits --unit lkw")
        .accepted()
        .says(&["Opel Blitz (lkw) is destroyed with 3. Zug (z3)"]);
    let s = t.state();
    assert!(s.unit("lkw").removed().is_some());
    assert_eq!(s.unit("z3").hits(), 1);
    assert!(!s.unit("z3").has("embarked"));
    assert!(s.unit("z3").removed().is_none());
    // No area to get off into: the umpire removes it, as the explanation said.
    let mut t = pl_acting("");
    t.play("hits lkw 1\nshoot --firer arm --target lkw --range 2 --dice 6,6");
    t.when("take-hits --unit lkw").accepted().says(&[
        "3. Zug (z3) disembarks into an adjacent empty area; if there is none it is destroyed (set its hits to 3 by hand)",
    ]);
    t.play("hits z3 3");
    assert!(t.state().unit("z3").removed().is_some());
    // A carried unit with its last hit to go is destroyed with its carrier.
    let mut t = pl_acting("");
    t.play("hits z3 2\nhits lkw 1\nshoot --firer arm --target lkw --range 2 --dice 6,6\ntake-hits --unit lkw");
    assert_eq!(
        t.state().unit("z3").removed(),
        Some("3 hits, the limit of a regular unit")
    );
}

/// > Decision: if a carrier is destroyed, each carried unit takes one hit and disembarks into an
/// > adjacent empty area, or is destroyed if there is none.
///
/// > Which commander is attached to which unit.
#[test]
fn a_hand_removal_brings_what_the_rules_make_of_it() {
    // The truck removed by hand (its hits set to its limit) is destroyed with what it carries.
    let mut t = de_acting("");
    t.when("hits lkw 3").accepted().says(&[
        "Opel Blitz (lkw) is destroyed with 3. Zug (z3)",
        "disembarks",
    ]);
    let s = t.state();
    assert_eq!(s.unit("z3").hits(), 1);
    assert!(!s.unit("z3").has("embarked"));
    // Undone, it is carried again, unhurt.
    t.play("undo");
    let s = t.state();
    assert_eq!(s.unit("z3").hits(), 0);
    assert!(s.unit("z3").badges().contains(&"ON lkw"));
    // A platoon removed by hand leaves its commander alone: no longer with it.
    t.when("hits z1 3")
        .accepted()
        .says(&["Hauptmann Brandt (fc) is left alone"]);
    let s = t.state();
    assert!(!s.unit("fc").has("attached"));
    assert!(!s.unit("fc").badges().iter().any(|b| b.starts_with("WITH")));
    // A commander removed by hand is with no unit.
    let mut t = de_acting("");
    t.play("hits fc 1");
    let s = t.state();
    assert!(!s.unit("fc").has("attached"));
    assert!(!s.unit("z1").badges().contains(&"+fc"));
}

/// > Which commander is attached to which unit.
#[test]
fn which_commander_is_with_which_unit() {
    let mut t = de_acting("");
    let s = t.state();
    assert!(s.unit("fc").badges().contains(&"WITH z1"));
    assert!(s.unit("z1").badges().contains(&"+fc"));
    t.play("attach --commander lt --unit z2");
    let s = t.state();
    assert!(s.unit("lt").badges().contains(&"WITH z2"));
    assert!(s.unit("z2").badges().contains(&"+lt"));
    t.when("attach --commander lt --unit z2")
        .refused(&["has already joined a unit this turn"]);
    let screen = t.screen(120, 40);
    assert!(row(&screen, "z2").contains("+lt"), "{screen}");
    // One commander a unit.
    let mut t = de_acting("");
    t.when("attach --commander lt --unit z1")
        .refused(&["1. Zug (z1) already has Hauptmann Brandt (fc) attached"]);
    t.play("detach --commander fc");
    assert!(!t.state().unit("z1").badges().contains(&"+fc"));
}

// ---- the turn ---------------------------------------------------------------------------------------

/// > 1. Orders: the Force Commander rolls 1d6 — that many units may be given an order; each
/// > subordinate commander orders one more unit from his own command.
#[test]
fn the_orders_are_the_force_commanders_roll_and_one_a_subordinate() {
    let mut t = Table::given(&mokra(""));
    t.when("next --dice 1")
        .accepted()
        .says(&["1 + 1 = 2", "2 orders"]);
    assert_eq!(orders(&t, "de"), (Some(1), Some(2)));
    // The roll's one order; then Vogel's, for his own command only.
    t.play("move --unit pz --areas 1");
    t.when("move --unit z1 --areas 1")
        .refused(&["Germans has no orders left this turn (1 of 2 given); no subordinate with his order unused commands z1"]);
    t.when("move --unit mg --areas 1")
        .accepted()
        .says(&["the order of Leutnant Vogel (lt)"]);
    t.when("move --unit z2 --areas 1")
        .refused(&["no orders left"]);
    // The odds of the roll, off the battle.
    let odds = umpire(&["odds", "hats-of-tin", "orders", "--subordinates", "2"]);
    odds.accepted()
        .says(&["16.67%  3 orders", "16.67%  8 orders"]);
}

/// > 1. Orders: the Force Commander rolls 1d6 — that many units may be given an order; each
/// > subordinate commander orders one more unit from his own command.
///
/// A subordinate arriving as the turn begins gives his order in that turn's first orders roll;
/// before he arrives he gives none.
#[test]
fn a_subordinate_arriving_as_the_turn_begins_gives_his_order_in_it() {
    let scenario = mokra("").replace(
        "  id = \"lt\"\n  name = \"Leutnant Vogel\"\n",
        "  id = \"lt\"\n  name = \"Leutnant Vogel\"\n  arrives = 2\n",
    );
    assert!(scenario.contains("arrives = 2"));
    let mut t = Table::given(&scenario);
    t.when("next --dice 1")
        .accepted()
        .says(&["0 subordinate commanders in play"]);
    assert_eq!(orders(&t, "de"), (Some(1), Some(1)));
    t.play("next --dice 6");
    t.when("next --dice 1")
        .accepted()
        .says(&["Leutnant Vogel (lt) arrives (turn 2)", "1 + 1 = 2"]);
    assert_eq!(t.state().turn(), 2);
    assert_eq!(orders(&t, "de"), (Some(1), Some(2)));
}

/// > Commanders need no orders.
#[test]
fn commanders_need_no_orders() {
    let mut t = Table::given(&mokra(""))
        .played("next --dice 1\nmove --unit pz --areas 1\nmove --unit mg --areas 1");
    assert_eq!(orders(&t, "de"), (Some(0), Some(2)));
    t.when("move --unit lt --areas 1").accepted();
    t.when("detach --commander fc").accepted();
    let mut t = Table::given(&mokra(""))
        .played("next --dice 1\nmove --unit pz --areas 1\nmove --unit mg --areas 1");
    t.when("shoot --firer lt --target p2 --range 2 --dice 6")
        .accepted();
}

/// > Indirect fire by a mortar or artillery needs an order for the firer and one for its spotter
/// > (neither may move; both need a radio or telephone).
#[test]
fn indirect_fire_needs_two_orders_two_radios_and_no_move() {
    let mut t = de_acting("");
    t.when("shoot --firer gw --target p2 --range 4 --spotter z2 --dice 6,1")
        .accepted()
        .says(&["indirect fire spotted by 2. Zug (z2): an order each; neither may move this turn"]);
    assert_eq!(orders(&t, "de"), (Some(5), Some(7)));
    assert!(
        !t.state().unit("lt").has("sub_order"),
        "Vogel's order went to z2"
    );
    for unit in ["gw", "z2"] {
        assert!(t.state().unit(unit).badges().contains(&"NO MOVE"), "{unit}");
        t.when(&format!("move --unit {unit} --areas 1"))
            .refused(&[unit]);
    }
    // Not even the one area after shooting with one die fewer.
    let mut t = de_acting("shoot_and_move = true");
    t.play("shoot --firer gw --target p2 --range 4 --spotter z2 --one-die-fewer --dice 1");
    t.when("move --unit gw --areas 1")
        .refused(&["Granatwerfer (gw) fired or spotted indirectly: it may not move this turn"]);
    // Both need a radio.
    let mut t = de_acting("");
    t.when("shoot --firer gw --target p2 --range 4 --spotter z1 --dice 6,1")
        .refused(&["1. Zug (z1) has no radio or telephone"]);
    // Only a mortar or artillery fires so.
    t.when("shoot --firer mg --target p2 --range 4 --spotter z2 --dice 6,1")
        .refused(&["only a mortar or artillery can"]);
    // The spotter needs an order of its own: with one order left there is none for it.
    let mut t = Table::given(&mokra("")).played("next --dice 1\nmove --unit mg --areas 1");
    t.when("shoot --firer gw --target p2 --range 4 --spotter z2 --dice 6,1")
        .refused(&["Germans has no orders left this turn"]);
    // An Overwatch shot takes no order, so it is never indirect.
    let mut t = de_acting("");
    t.play("overwatch --unit gw\nnext --dice 6\nmove --unit p2 --areas 1");
    t.when("shoot --firer gw --target p2 --range 4 --overwatch --spotter z2 --dice 6,6")
        .refused(&["an Overwatch shot takes no order, and indirect fire needs an order"]);
}

/// > A unit that begins its turn adjacent to an enemy is not obliged to assault (decision: it may
/// > shoot without the assault +1 or move away; an assault still costs an order).
#[test]
fn a_unit_adjacent_at_the_start_of_its_turn_need_not_assault() {
    let mut t = de_acting("");
    // It shoots at one area, without the assault +1 …
    t.when("shoot --firer z1 --target p2 --range 1 --dice 4,4,4")
        .accepted()
        .never_says(&["assaulting"])
        .says(&["no hits"]);
    // … or moves away …
    t.when("move --unit z2 --areas 1").accepted();
    // … or assaults, for an order of its own.
    t.when("assault --attacker pz --defender p2 --dice 1,1,1,1")
        .accepted();
    assert_eq!(orders(&t, "de"), (Some(4), Some(7)));
}

/// > Track orders given against orders available.
#[test]
fn orders_given_against_orders_available() {
    let mut t = de_acting("");
    t.play("move --unit pz --areas 1\nmove --unit z2 --areas 1");
    // The roll's six less the tank's; Vogel's went to his platoon.
    assert_eq!(orders(&t, "de"), (Some(5), Some(7)));
    let s = t.state();
    let de = s.0["sides"][0]["counters"].clone();
    assert_eq!(de["orders"], 5);
    let screen = t.screen(120, 40);
    assert!(screen.contains("orders 5 of 7 left"), "{screen}");
    // None left: refused in the rules' words.
    let mut t = Table::given(&mokra(""))
        .played("next --dice 1\nmove --unit pz --areas 1\nmove --unit z2 --areas 1");
    t.when("move --unit z1 --areas 1")
        .refused(&["Germans has no orders left this turn (2 given)"]);
    assert!(t.screen(120, 40).contains("orders 0 of 2 left"));
}

/// > 2. Ordered units act: move, shoot, rally, assault, or go into overwatch.
#[test]
fn ordered_units_move_shoot_rally_assault_or_go_into_overwatch() {
    let mut t = de_acting("");
    t.play(
        "move --unit pz --areas 1\n\
         shoot --firer gw --target p2 --range 4 --dice 1,1\n\
         hits mg 1\n\
         rally --unit mg --dice 5\n\
         assault --attacker z1 --defender p1 --dice 1,1,1,1,1\n\
         overwatch --unit z2",
    );
    // Five orders given (the MG's is Vogel's), each a procedure.
    assert_eq!(orders(&t, "de"), (Some(2), Some(7)));
    assert_eq!(t.state().unit("mg").hits(), 0, "rallied");
    // Outside the action phase, nothing acts.
    let mut t = Table::given(&mokra(""));
    t.when("move --unit pz --areas 1")
        .refused(&["belongs to the action phase"]);
}

/// > 3. Play passes to the other side.
#[test]
fn play_passes_to_the_other_side() {
    let mut t = de_acting("");
    t.play("move --unit pz --areas 1");
    t.when("next --dice 4")
        .accepted()
        .says(&["Germans: 6 orders not given", "Poles: orders"]);
    let s = t.state();
    assert_eq!((s.turn(), s.active(), s.phase()), (1, "pl", "action"));
    assert_eq!(orders(&t, "pl"), (Some(4), Some(5)));
    assert_eq!(orders(&t, "de"), (None, None));
    t.when("move --unit pz --areas 1")
        .refused(&["in its own side's turn; it is Poles's turn"]);
    t.play("next --dice 2");
    let s = t.state();
    assert_eq!((s.turn(), s.active()), (2, "de"));
}

// ---- shooting ---------------------------------------------------------------------------------------

/// > 2 dice per unit; a commander alone rolls 1; an attached commander adds his 1 die to the unit's.
#[test]
fn two_dice_a_unit_one_a_lone_commander_one_more_attached() {
    let t = de_acting("");
    let unit = t.odds("shoot --firer z2 --target p2 --range 2");
    exactly(unit.of("no hits"), 4, 9);
    exactly(unit.of("2 hits"), 1, 9);
    let lone = t.odds("shoot --firer lt --target p2 --range 2");
    exactly(lone.of("1 hit"), 1, 3);
    let attached = t.odds("shoot --firer z1 --target p2 --range 2");
    exactly(attached.of("3 hits"), 1, 27);
    let mut t = de_acting("");
    t.when("shoot --firer z2 --target p2 --range 2 --dice 1,1,1")
        .not_understood(&["were not used"]);
    t.when("shoot --firer lt --target p2 --range 2 --dice 1,1")
        .not_understood(&["were not used"]);
    t.when("shoot --firer z1 --target p2 --range 2 --dice 1,1,1")
        .accepted()
        .says(&["3 dice (2 for the unit, 1 for its attached commander)"]);
}

/// > Each die scoring 5 or 6 after modifiers is one hit.
#[test]
fn each_die_of_5_or_6_after_modifiers_is_a_hit() {
    let mut t = de_acting("");
    t.when("shoot --firer z2 --target p2 --range 2 --dice 4,5")
        .accepted()
        .says(&["rolled 4, 5: 1 hit (5+ hits)"]);
    assert_eq!(t.state().unit("p2").hits(), 1);
    t.when("shoot --firer mg --target ckm --range 2 --target-cover --dice 5,6")
        .accepted()
        .says(&["modified 4, 5: 1 hit (5+ hits)"]);
    assert_eq!(t.state().unit("ckm").hits(), 1);
}

/// > Target modifiers: −1 in cover; −1 light armour; −2 medium armour; −3 heavy armour or pillbox.
#[test]
fn target_modifiers() {
    let mut t = on_the_range();
    t.when("shoot --firer hg --target open --range 2 --target-cover --dice 2,3")
        .accepted()
        .says(&["-1 cover", "modified 3, 4: no hits"]);
    t.when("shoot --firer pak --target tks --range 2 --dice 4,5")
        .accepted()
        .says(&["-1 light armour", "modified 4, 5: 1 hit"]);
    t.when("shoot --firer fa --target 7tp --range 2 --dice 5,6")
        .accepted()
        .says(&["-2 medium armour", "modified 4, 5: 1 hit"]);
    t.when("shoot --firer hvy --target ciezki --range 2 --dice 6,6")
        .accepted()
        .says(&["-3 heavy armour", "modified 4, 4: no hits"]);
    let t = on_the_range();
    let odds = t.odds("shoot --firer inf --target schron --range 2");
    assert!(odds.notes("no face can hit"), "{}", odds.listing());
    exactly(odds.of("no hits"), 1, 1);
    let mut t = on_the_range();
    t.when("shoot --firer inf --target schron --range 2 --dice 6,6")
        .accepted()
        .says(&["-3 pillbox", "modified 3, 3: no hits"]);
}

/// > Firer modifiers: +1 medium gun or superior firepower; +2 heavy gun; +1 infantry, cavalry or
/// > tank assaulting or being assaulted; +1 shooting from the enemy's flank or rear.
#[test]
fn firer_modifiers() {
    let mut t = de_acting("");
    t.when("shoot --firer pz --target p2 --range 2 --flank --dice 3,1")
        .accepted()
        .says(&[
            "+1 superior firepower",
            "+1 from the flank or rear",
            "modified 5, 3: 1 hit",
        ]);
    // The assault +1 for infantry, cavalry and tanks, attacking or defending; not for a gun.
    t.when("assault --attacker z2 --defender arm --dice 1,1,1,1")
        .accepted()
        .says(&[
            "+1 infantry assaulting",
            "is being assaulted but is not infantry, cavalry or a tank: no assault +1",
        ]);
    let mut t = pl_acting("");
    t.when("assault --attacker ul --defender pz --dice 1,1,1,1")
        .accepted()
        .says(&["+1 tank being assaulted", "+1 cavalry assaulting"]);
    // Stacked: a heavy gun with superior firepower, from the flank.
    let mut t = on_the_range();
    t.when("shoot --firer hg --target ciezki --range 2 --superior --flank --dice 1,2")
        .accepted()
        .says(&[
            "+2 heavy gun",
            "+1 superior firepower",
            "-3 heavy armour",
            "+1 from the flank or rear",
            "modified 2, 3: no hits",
        ]);
}

/// > Out of range (more areas than the weapon's range): no shot; say so.
#[test]
fn out_of_range_there_is_no_shot() {
    let mut t = de_acting("");
    t.when("shoot --firer z2 --target p2 --range 4 --dice 6,6")
        .refused(&["2. Zug (z2): 2 pluton (p2) is 4 areas away, beyond range 3: no shot"]);
    t.odds_refused(
        "shoot --firer z2 --target p2 --range 4",
        &["beyond range 3: no shot"],
    );
    // Nothing was given: the order is still there for the shot in range.
    t.when("shoot --firer z2 --target p2 --range 3 --dice 6,6")
        .accepted();
    umpire(&[
        "resolve",
        "hats-of-tin",
        "shoot",
        "--firer",
        "mg",
        "--range",
        "6",
        "--dice",
        "6,6",
    ])
    .refused(&["beyond range 5: no shot"]);
}

/// > Target adjacent to a friendly unit: "friendly" is the firer's side (the text speaks in the
/// > firer's voice: shooting at an enemy next to your own troops risks hitting them).
#[test]
fn the_friendly_unit_is_of_the_firers_side() {
    let mut t = de_acting("");
    t.when("shoot --firer z2 --target p2 --range 3 --friend ckm --dice 6,1,5")
        .refused(&["CKM (ckm) cannot take the misses: they are re-rolled against a unit of 2. Zug (z2)'s own side adjacent to the target"]);
    t.when("shoot --firer z2 --target p2 --range 3 --friend z2 --dice 6,1,5")
        .refused(&["not the firer itself"]);
    t.when("shoot --firer z2 --target p2 --range 3 --friend mg --dice 6,1,5")
        .accepted()
        .says(&["re-rolled misses: 1 hit on MG-Gruppe (mg)"]);
    assert_eq!(t.state().unit("mg").hits(), 1);
}

/// > Every miss is re-rolled once against that friendly unit, with the friendly unit's own cover
/// > and armour modifiers; the hits it takes count as its own round.
#[test]
fn misses_are_rerolled_at_the_friend_with_its_own_cover_and_armour() {
    // Both dice miss; each is re-rolled once at the MG next to the target, in cover: −1, and the
    // firer's superior firepower kept.
    let mut t = de_acting("");
    t.when("shoot --firer pz --target p2 --range 2 --friend mg --friend-cover --dice 1,1,5,6")
        .accepted()
        .says(&[
            "2 misses re-rolled at MG-Gruppe (mg)",
            "-1 cover",
            "modified 5, 6: 2 hits",
        ]);
    // Two hits on the friend: its own round, waiting for its owner.
    assert_eq!(offers(&t), ["take-hits mg"]);
    let mut t = de_acting("");
    t.when("shoot --firer z2 --target p2 --range 2 --friend pz --dice 6,1,6")
        .accepted()
        .says(&["-2 medium armour", "modified 4: no hits"]);
    assert_eq!(t.state().unit("pz").hits(), 0);
    assert_eq!(t.state().unit("p2").hits(), 1);
    // The odds: each miss at the friend a second chance.
    let t = de_acting("");
    let odds = t.odds("shoot --firer z2 --target p2 --range 2 --friend mg");
    exactly(odds.figure("expected_friend_hits"), 4, 9);
}

/// > With several friends adjacent, the umpire assigns the misses.
#[test]
fn with_several_friends_the_umpire_names_the_one() {
    for friend in ["mg", "pz"] {
        let mut t = de_acting("");
        t.when(&format!(
            "shoot --firer z2 --target p2 --range 2 --friend {friend} --superior --dice 1,6,6"
        ))
        .accepted();
        let s = t.state();
        assert_eq!(s.unit(friend).hits(), 1, "{friend}");
        let other = if friend == "mg" { "pz" } else { "mg" };
        assert_eq!(s.unit(other).hits(), 0, "{other}");
    }
}

/// > Decision: the reading "a friend of the target" may stay an option, off by default.
#[test]
fn a_friend_of_the_target_is_an_option_off_by_default() {
    umpire(&["rulesets", "hats-of-tin"]).accepted().says(&[
        "friend_of_target  true|false  default false",
        "the friendly re-roll",
    ]);
    let mut t = de_acting("friend_of_target = true");
    t.when("shoot --firer z2 --target p2 --range 3 --friend mg --dice 6,1,5")
        .refused(&[
            "with the option `friend_of_target` they go to another unit of 2 pluton (p2)'s side",
        ]);
    t.when("shoot --firer z2 --target p2 --range 3 --friend ckm --dice 6,1,5")
        .accepted()
        .says(&["re-rolled misses: 1 hit on CKM (ckm)"]);
    let s = t.state();
    assert_eq!((s.unit("p2").hits(), s.unit("ckm").hits()), (1, 1));
}

/// > Taking hits: a "round" is one unit's single shooting roll.
#[test]
fn a_round_is_one_units_single_shooting_roll() {
    // Two shots of one hit each are two rounds: each taken at once, none to convert.
    let mut t = de_acting("");
    t.play("shoot --firer z2 --target p2 --range 2 --dice 6,1\nshoot --firer mg --target p2 --range 2 --dice 6,1");
    assert_eq!(t.state().unit("p2").hits(), 2);
    assert!(offers(&t).is_empty());
    // One roll of two hits is one round, waiting for its owner's choice.
    let mut t = de_acting("");
    t.when("shoot --firer z2 --target p2 --range 2 --dice 6,6")
        .accepted()
        .says(&["the 2 hits on 2 pluton (p2) wait for the owner's choice"]);
    let s = t.state();
    assert_eq!(s.unit("p2").marker("pending"), Some(2));
    assert!(s.unit("p2").badges().contains(&"TAKE 2"));
    assert_eq!(offers(&t), ["take-hits p2"]);
    // Nothing else happens until it is taken.
    t.when("move --unit pz --areas 1")
        .refused(&["2 pluton (p2) has 2 hits waiting: take them first (take-hits)"]);
    t.when("next").refused(&["take them first"]);
    let screen = t.screen(120, 40);
    assert!(row(&screen, "p2").contains("TAKE 2"), "{screen}");
}

/// > A unit that takes more than one hit in a round must take the first hit, and its owner may
/// > convert any of the rest into retreats of one move each (the umpire enters how many were
/// > converted); a retreat that is blocked (impassable terrain, an enemy, the one-unit stacking
/// > limit) is taken as a hit instead.
#[test]
fn hits_after_the_first_may_become_retreats_a_blocked_one_a_hit() {
    let mut t = pl_acting("");
    t.play("shoot --firer p2 --target z2 --range 2 --superior --dice 6,6");
    t.when("take-hits --unit z2 --retreats 2")
        .refused(&["2. Zug (z2) took 2 hits: at most 1 may be converted into retreats (the first hit is always taken)"]);
    t.when("take-hits --unit z2 --retreats 1")
        .accepted()
        .says(&[
            "2. Zug (z2) takes 1 hit (1 of 4) and retreats 1 move",
            "move it on the table",
        ]);
    assert_eq!(t.state().unit("z2").hits(), 1);
    // Three hits, two converted, one of them blocked: two hits and one retreat.
    let mut t = de_acting("");
    t.play("shoot --firer z1 --target p2 --range 2 --dice 6,6,6");
    t.when("take-hits --unit p2 --retreats 2 --blocked 3")
        .refused(&["at most 2 can be blocked"]);
    t.when("take-hits --unit p2 --retreats 2 --blocked 1")
        .accepted()
        .says(&["1 blocked, taken as a hit; 2 pluton (p2) retreats 1 move"]);
    assert_eq!(t.state().unit("p2").hits(), 2);
    // One hit alone: nothing to convert.
    let mut t = de_acting("");
    t.play("hits p2 1");
    t.when("shoot --firer z2 --target p2 --range 2 --dice 6,1")
        .accepted();
    assert_eq!(t.state().unit("p2").hits(), 2);
}

/// > A unit that reaches its limit is destroyed.
#[test]
fn a_unit_at_its_limit_is_destroyed() {
    let mut t = de_acting("");
    t.play("hits p2 2");
    t.when("shoot --firer z2 --target p2 --range 2 --dice 6,1")
        .accepted()
        .says(&["2 pluton (p2) is destroyed (3 hits, the limit of a regular unit): remove it"]);
    assert!(t.state().unit("p2").removed().is_some());
    // A destroyed unit makes no retreat.
    let mut t = de_acting("");
    t.play("hits p2 1\nshoot --firer z1 --target p2 --range 2 --dice 6,6,6");
    t.when("take-hits --unit p2 --retreats 2 --blocked 1")
        .accepted()
        .says(&["destroyed, 2 pluton (p2) makes no retreat"]);
}

/// > With a commander attached, the owning player chooses where the hits go.
#[test]
fn with_a_commander_attached_the_owner_places_the_hits() {
    // One hit on the platoon with its commander waits for the choice: on the platoon …
    let mut t = pl_acting("");
    t.when("shoot --firer p2 --target z1 --range 2 --dice 6,1")
        .accepted()
        .says(&["Hauptmann Brandt (fc) is attached: the owner chooses where the hit goes"]);
    t.play("take-hits --unit z1");
    let s = t.state();
    assert_eq!(s.unit("z1").hits(), 1);
    assert!(s.unit("fc").removed().is_none());
    // … or on him, the platoon then free to convert the rest.
    let mut t = pl_acting("");
    t.play("shoot --firer p2 --target z1 --range 2 --dice 6,6");
    t.when("take-hits --unit z1 --to-commander --retreats 1")
        .accepted()
        .says(&[
            "the first hit is taken by Hauptmann Brandt (fc), attached",
            "retreats 1 move",
        ]);
    let s = t.state();
    assert!(s.unit("fc").removed().is_some());
    assert_eq!(s.unit("z1").hits(), 0);
    // No commander, no such choice.
    let mut t = pl_acting("");
    t.play("shoot --firer p2 --target z2 --range 2 --dice 6,6");
    t.when("take-hits --unit z2 --to-commander")
        .refused(&["2. Zug (z2) has no commander attached"]);
}

// ---- the assault --------------------------------------------------------------------------------------

/// > A unit that moves adjacent to an enemy must assault.
#[test]
fn a_unit_that_moved_adjacent_assaults_with_its_move_order() {
    let mut t = de_acting("");
    t.play("move --unit z2 --areas 1");
    let before = orders(&t, "de");
    // Having moved, it does not shoot: its move order goes on into the assault.
    t.when("shoot --firer z2 --target p2 --range 1 --dice 6,6")
        .refused(&["already holds its order this turn (move)"]);
    t.when("assault --attacker z2 --defender p2 --dice 1,1,1,1")
        .accepted();
    assert_eq!(orders(&t, "de"), before, "no second order");
    assert_eq!(t.state().unit("z2").marker("order"), Some(4));
}

/// > One exchange of fire: the defender shoots first if the attacker is in its front arc, otherwise
/// > after the attacker.
#[test]
fn the_defender_shoots_first_when_the_attacker_is_in_its_front_arc() {
    let mut t = de_acting("");
    t.when("assault --attacker z2 --defender p2 --dice 1,1,1,1")
        .accepted()
        .says(&[
            "is in the front arc of 2 pluton (p2): 2 pluton (p2) shoots first",
            "Assault, first fire: Shooting: 2 pluton (p2) at 2. Zug (z2)",
            "Assault, second fire: Shooting: 2. Zug (z2) at 2 pluton (p2)",
        ]);
    let mut t = de_acting("");
    t.when("assault --attacker z2 --defender p2 --outside-front-arc --dice 1,1,1,1")
        .accepted()
        .says(&[
            "2. Zug (z2) shoots first, from the flank or rear",
            "Assault, first fire: Shooting: 2. Zug (z2) at 2 pluton (p2)",
            "+1 from the flank or rear",
        ]);
    // The exact odds follow the order: the attacker shooting first is never driven off before it
    // shoots.
    let t = de_acting("");
    let front = t.odds("assault --attacker z2 --defender p2");
    let flank = t.odds("assault --attacker z2 --defender p2 --outside-front-arc");
    assert_ne!(front.listing(), flank.listing());
}

/// > Both use the shooting table with the assault modifiers; troops in cover that launch an assault
/// > lose their cover.
#[test]
fn both_shoot_with_the_assault_modifiers_and_the_attacker_loses_its_cover() {
    let mut t = de_acting("");
    t.when("assault --attacker z2 --defender p2 --attacker-cover --defender-cover --dice 4,1,5,1")
        .accepted()
        .says(&[
            "2. Zug (z2) launched the assault from cover: it loses the benefit of its cover",
            "+1 infantry being assaulted",
            "modified 5, 2: 1 hit",
            "+1 infantry assaulting",
            "modified 5, 1: 1 hit",
        ]);
    // The defender's fire has no −1 for the attacker's cover; the attacker's has −1 for the
    // defender's.
    let s = t.state();
    assert_eq!((s.unit("z2").hits(), s.unit("p2").hits()), (1, 1));
}

/// > The first fire's hits and retreats apply before the second; a unit destroyed or retreated by
/// > it does not shoot.
#[test]
fn the_first_fires_hits_apply_before_the_second() {
    // Two hits on the attacker: the reply waits for them to be taken.
    let mut t = de_acting("");
    t.when("assault --attacker z2 --defender p2 --dice 6,6")
        .accepted()
        .says(&["z2's reply waits for its hits to be taken"]);
    assert!(t.state().unit("z2").badges().contains(&"REPLY"));
    // Taken with a retreat: it does not shoot, and the defender holds.
    t.when("take-hits --unit z2 --retreats 1")
        .accepted()
        .says(&[
            "2. Zug (z2) was retreated by the first fire: it does not shoot",
            "2 pluton (p2) holds its area",
        ]);
    assert_eq!(t.state().unit("p2").hits(), 0);
    // Taken as hits, it shoots once they are.
    let mut t = de_acting("");
    t.play("assault --attacker z2 --defender p2 --dice 6,6");
    t.when("take-hits --unit z2 --dice 6,1")
        .accepted()
        .says(&["Assault, second fire"]);
    assert_eq!(t.state().unit("p2").hits(), 1);
    // Destroyed by it: no reply.
    let mut t = de_acting("");
    t.play("hits pz 2");
    t.when("assault --attacker pz --defender ckm --dice 6,1")
        .accepted()
        .says(&["Panzer 35(t) (pz) was destroyed by the first fire: it does not shoot"]);
    assert_eq!(t.state().unit("ckm").hits(), 0);
}

/// > If the defender retreats or is destroyed, the attacker occupies its area.
#[test]
fn the_attacker_occupies_the_area_the_defender_leaves() {
    let mut t = de_acting("");
    t.play("assault --attacker z2 --defender p2 --dice 1,1,6,6");
    t.when("take-hits --unit p2 --retreats 1")
        .accepted()
        .says(&[
            "2. Zug (z2) takes the area",
            "2. Zug (z2) occupies the area 2 pluton (p2) held: move it on the table",
        ]);
    // Destroyed: the same.
    let mut t = de_acting("");
    t.play("hits p1 1");
    t.when("assault --attacker z2 --defender p1 --dice 1,1,6,1")
        .accepted()
        .says(&["2. Zug (z2) takes the area"]);
    // Neither: the defender holds.
    let mut t = de_acting("");
    t.when("assault --attacker z2 --defender p2 --dice 1,1,6,1")
        .accepted()
        .says(&["2 pluton (p2) holds its area"]);
}

// ---- rally ----------------------------------------------------------------------------------------------

/// > A unit with at least one hit, not adjacent to an enemy, may be ordered to rally: one die, 5 or
/// > 6 removes one hit (+1 with a commander attached).
#[test]
fn a_rally_removes_a_hit_on_5_or_6() {
    let mut t = de_acting("");
    t.play("hits z2 2\nhits z1 2");
    t.when("rally --unit mg --dice 6")
        .refused(&["MG-Gruppe (mg) cannot rally: it has no hits"]);
    t.when("rally --unit z2 --adjacent-enemy --dice 6")
        .refused(&["only a unit not adjacent to an enemy may rally"]);
    exactly(t.odds("rally --unit z2").of("one hit removed"), 2, 6);
    exactly(t.odds("rally --unit z1").of("one hit removed"), 3, 6);
    t.when("rally --unit z2 --dice 4").accepted();
    assert_eq!(t.state().unit("z2").hits(), 2);
    assert_eq!(t.state().unit("z2").marker("order"), Some(3));
    t.when("rally --unit z1 --dice 4").accepted().says(&[
        "+1 Hauptmann Brandt (fc) attached",
        "one hit removed (2 → 1)",
    ]);
    assert_eq!(t.state().unit("z1").hits(), 1);
    let mut t = de_acting("");
    t.play("hits z2 1\nrally --unit z2 --dice 5");
    assert_eq!(t.state().unit("z2").hits(), 0);
}

/// > A destroyed unit cannot rally.
#[test]
fn a_destroyed_unit_cannot_rally() {
    let mut t = de_acting("");
    t.play("hits mg 3");
    t.when("rally --unit mg --dice 6")
        .refused(&["MG-Gruppe (mg) is out of the fight"]);
}

// ---- the optional rule --------------------------------------------------------------------------------

/// > A unit that shoots with one die fewer may then move one area (not into impassable terrain;
/// > assaults unaffected).
#[test]
fn one_die_fewer_then_one_area() {
    // Only when both sides agreed: the option.
    let mut t = de_acting("");
    t.when("shoot --firer z2 --target p2 --range 2 --one-die-fewer --dice 6")
        .refused(&["one die fewer is the optional rule `shoot_and_move`, not in force"]);
    let mut t = de_acting("shoot_and_move = true");
    t.when("shoot --firer z2 --target p2 --range 2 --one-die-fewer --dice 6,6")
        .not_understood(&["were not used"]);
    t.when("shoot --firer z2 --target p2 --range 2 --one-die-fewer --dice 6")
        .accepted()
        .says(&[
            "1 die (a unit), one fewer to move one area after (house rule)",
            "may now move one area",
        ]);
    assert!(t.state().unit("z2").badges().contains(&"+1 AREA"));
    t.when("move --unit z2 --areas 2")
        .refused(&["shot with one die fewer: it may move one area, not 2"]);
    t.when("move --unit z2 --areas 1").accepted();
    t.when("move --unit z2 --areas 1")
        .refused(&["already holds its order this turn (shoot)"]);
    // Assaults unaffected: no die fewer in an assault, nor an assault after the move.
    t.when("assault --attacker z2 --defender p2 --dice 6,6,6,6")
        .refused(&["already holds its order this turn (shoot)"]);
    t.when("assault --attacker z1 --defender p2 --one-die-fewer --dice 6,6,6,6")
        .not_understood(&["one-die-fewer"]);
    let t = de_acting("shoot_and_move = true");
    exactly(
        t.odds("shoot --firer z2 --target p2 --range 2 --one-die-fewer")
            .of("1 hit"),
        1,
        3,
    );
}
