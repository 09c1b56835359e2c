//! Scruby's Strategy-Tactical Wargame, sentence by sentence (`digests/scruby.md`).

use super::trace;
use crate::support::kit::{Table, check, exactly};
use crate::support::tui::Keys as _;

const DIGEST: &str = include_str!("digests/scruby.md");

/// What the program leaves to the umpire: the period and order of battle, where the figures
/// stand and what they see.
const LEFT_TO_THE_UMPIRE: &[(&str, &str)] = &[
    (
        "Musket-era grand tactics.",
        "the period and scale of the game: the scenario's choice (the musket range of later periods, an option, is traced below)",
    ),
    (
        "Typical organisation: an Army Corps of 6 Divisions",
        "the order of battle is the scenario's: the program keeps whatever formations it is given (rosters/scruby-army-corps.toml is one built so)",
    ),
    (
        "Inside a forest, fire only to the square directly in front",
        "where the figures stand: which square is in front and whether two units stand in adjacent squares is the umpire's eye; the program asks only whether a unit is in a forest's outer or inner area",
    ),
    (
        "Guns cannot fire at troops hidden behind a hill, forest or village",
        "line of sight: the umpire judges it with a measuring stick from the muzzle to the target",
    ),
    (
        "Screening: light cavalry (at least a squadron or 2 figures per face)",
        "where the figures stand: whether a screen stands within 1\" between the stand and the enemy is the umpire's eye; he names the screen as the target, or exposes the column when it is unscreened (both traced)",
    ),
];

/// Two brigades: an Austrian brigade (three Line regiments, one in road column and one down to a
/// single figure, the Grenz light infantry, grenadiers, a foot and a horse battery, a cavalry
/// regiment of a cuirassier and a hussar squadron, its headquarters) against a French one (three
/// Line regiments, light infantry, grenadiers, a battery, cuirassiers, chasseurs, a fort and a
/// headquarters) whose column of five — two Line regiments, the light infantry, the battery and
/// the cuirassiers — marches behind concealment stand 1. The Austrians are the scenario's first
/// side (side 1). `options` go under `[options]`, where the concealment rules are on. No unit
/// bears the name of a concealed one: an event naming it would be kept from the enemy.
fn brigades(options: &str) -> String {
    format!(
        r#"
ruleset = "scruby"
title = "Two brigades"
turns = 12
[options]
concealment = true
{options}

[[side]]
id = "au"
name = "Austrians"
  [[side.unit]]
  id = "au-hq"
  name = "Austrian HQ"
  kind = "headquarters"
  [[side.formation]]
  id = "au-bde"
  name = "Brigade"
  level = "brigade"
    [[side.formation.unit]]
    id = "a1"
    name = "IR 1"
    kind = "line"
    [[side.formation.unit]]
    id = "a2"
    name = "IR 2"
    kind = "line"
    formation = "road-column"
    [[side.formation.unit]]
    id = "a3"
    name = "IR 3"
    kind = "line"
    figures = 1
    [[side.formation.unit]]
    id = "a-lt"
    name = "Grenz"
    kind = "light"
    [[side.formation.unit]]
    id = "a-gr"
    name = "Grenadiere"
    kind = "grenadier"
    [[side.formation.unit]]
    id = "a-gun"
    name = "Fußbatterie"
    kind = "cannon"
    [[side.formation.unit]]
    id = "a-ha"
    name = "Kavalleriebatterie"
    kind = "horse-artillery"
    [[side.formation.formation]]
    id = "au-cav"
    name = "Cavalry regiment"
    level = "regiment"
      [[side.formation.formation.unit]]
      id = "a-hc"
      name = "Kürassiere"
      kind = "heavy-cavalry"
      [[side.formation.formation.unit]]
      id = "a-lc"
      name = "Husaren"
      kind = "light-cavalry"

[[side]]
id = "fr"
name = "French"
  [[side.unit]]
  id = "fr-hq"
  name = "French HQ"
  kind = "headquarters"
  [[side.unit]]
  id = "fort"
  name = "Fort"
  kind = "works"
  hits_to_destroy = 2
  [[side.formation]]
  id = "fr-bde"
  name = "Brigade"
  level = "brigade"
    [[side.formation.unit]]
    id = "f1"
    name = "4e ligne"
    kind = "line"
    [[side.formation.unit]]
    id = "f2"
    name = "18e ligne"
    kind = "line"
    [[side.formation.unit]]
    id = "f3"
    name = "46e ligne"
    kind = "line"
    [[side.formation.unit]]
    id = "f-lt"
    name = "10e légère"
    kind = "light"
    [[side.formation.unit]]
    id = "f-gr"
    name = "Grenadiers"
    kind = "grenadier"
    [[side.formation.unit]]
    id = "f-gun"
    name = "Batterie"
    kind = "cannon"
    [[side.formation.unit]]
    id = "f-hc"
    name = "Cuirassiers"
    kind = "heavy-cavalry"
    [[side.formation.unit]]
    id = "f-lc"
    name = "Chasseurs"
    kind = "light-cavalry"
  [[side.concealed]]
  number = 1
  units = ["f-hc", "f2", "f-gun", "f-lt", "f3"]
"#
    )
}

/// The two brigades without the concealment rules: no stand, every unit on the table.
fn in_the_open(options: &str) -> String {
    let s = brigades(options).replace("concealment = true", "concealment = false");
    let stand = s.find("  [[side.concealed]]").expect("the stand");
    s[..stand].to_string()
}

/// Move 1 of the two brigades: the Austrians won the initiative 5 to 2 (they choose their flank
/// and fire first), and both sides move.
fn moving(options: &str) -> Table {
    Table::given(&brigades(options)).played("next --dice 5,2")
}

/// Move 1 with the French column exposed by vision (its three infantry regiments in
/// cross-country column 1).
fn exposed(options: &str) -> Table {
    moving(options).played("expose --stand 1 --cause vision")
}

/// From the movement: the Austrians' cannon fire.
const TO_CANNON: &str = "next";
/// From the movement: rifle fire.
const TO_RIFLE: &str = "next\nnext\nnext";
/// From the movement: the melees.
const TO_MELEE: &str = "next\nnext\nnext\nnext";
/// From the melees: the end of the move and the next move's movement, the Austrians winning the
/// initiative 5 to 2 again.
const NEXT_MOVE: &str = "next --dice 5,2";

/// Plays on to `phase` (of this move, or of the next when it is past), the Austrians winning the
/// initiative 5 to 2 at each new move.
fn to_phase(t: &mut Table, phase: &str) {
    while t.state().phase() != phase {
        let line = if t.state().phase() == "melee" {
            NEXT_MOVE
        } else {
            "next"
        };
        t.play(line);
    }
}

/// Plays on to the next move's movement.
fn next_move(t: &mut Table) {
    let turn = t.state().turn();
    while t.state().turn() == turn {
        to_phase(t, "melee");
        t.play(NEXT_MOVE);
    }
}

/// The side holding a crewless gun (1: the Austrians, 2: the French) and its hold count.
fn held(t: &Table, gun: &str) -> (Option<i64>, Option<i64>) {
    let s = t.state();
    let g = s.unit(gun);
    (g.marker("captured"), g.marker("held"))
}

#[test]
fn the_digest_is_traced() {
    let t = trace::check(
        "scruby",
        DIGEST,
        include_str!("scruby.rs"),
        LEFT_TO_THE_UMPIRE,
    );
    insta::assert_snapshot!("scruby_trace", t.render());
    super::readme_counts("scruby", &t);
}

// ---- the dice and the units ----------------------------------------------------------------

/// > d6 throughout.
#[test]
fn a_d6_throughout() {
    let mut t = Table::given(&brigades(""));
    t.when("next --dice 7,2")
        .not_understood(&["7 is not a face of a d6"]);
    t.when("next --dice 5,2")
        .accepted()
        .says(&["5 (d6), 2 (d6)"]);
    // Every chance is a count of a d6's six faces.
    let t = t.played(TO_RIFLE);
    let odds = t.odds("rifle --firer-unit a3 --target-unit f1 --range 5");
    exactly(odds.of("One figure killed"), 3, 6);
}

/// > A regiment (infantry) is a moving tray of up to 4 figures; a squadron of cavalry has up to 3
/// > figures; a cannon is a divisional battery.
#[test]
fn a_regiment_holds_four_figures_a_squadron_three_and_a_cannon_none() {
    let s = moving("").state();
    for (id, figures) in [
        ("a1", 4),
        ("f-lt", 4),
        ("f-gr", 4),
        ("a-hc", 3),
        ("a-lc", 3),
    ] {
        assert_eq!(s.unit(id).hit_limit(), figures, "{id}");
    }
    // A battery is one gun: no figures on a tray to lose.
    assert_eq!(s.unit("a-gun").hit_limit(), 0);
    // No tray holds more.
    let squadron = brigades("").replace(
        "kind = \"light-cavalry\"\n\n[[side]]",
        "kind = \"light-cavalry\"\n      figures = 4\n\n[[side]]",
    );
    check(&squadron).refused(&["light-cavalry squadron has at most 3 figures"]);
    let battery = brigades("").replace(
        "kind = \"horse-artillery\"",
        "kind = \"horse-artillery\"\n    figures = 2",
    );
    check(&battery).refused(&["has no figures to count"]);
}

/// > Figures are casualty markers: a regiment's strength is the figures left on its tray, and a
/// > unit with 4, 3, 2 or 1 figures is a "4-unit", "3-unit", … force.
#[test]
fn a_regiments_strength_is_the_figures_left_on_its_tray() {
    // IR 3 starts with one figure of its four: a 1-unit force, whose rifle fire is row 2.
    let mut t = moving("").played(TO_RIFLE);
    let s = t.state();
    assert_eq!((s.unit("a3").left(), s.unit("a3").hits()), (1, 3));
    t.when("rifle --firer-unit a3 --target-unit f1 --range 5 --dice 4")
        .accepted()
        .says(&["Line infantry (1 figure, line)", "row 2 —", "no kill"]);
    // IR 1 loses one figure: a 3-unit force, still row 1.
    t.play("hits a1 1");
    assert_eq!(t.state().unit("a1").left(), 3);
    t.when("rifle --firer-unit a1 --target-unit f1 --range 5")
        .accepted()
        .says(&["Line infantry (3 figures, line)", "row 1 —", "3 left"]);
}

/// > Winning faces.
///
/// > "1-3-6" is a roll of 1, 3 or 6 (one half); "3-6" is a roll of 3 or 6 (one third), never 3
/// > to 6; "6" is a 6 only.
#[test]
fn winning_faces_are_the_faces_listed() {
    // "1-3-6": IR 3, one figure in line (row 2).
    for (face, kills) in [
        (1, true),
        (2, false),
        (3, true),
        (4, false),
        (5, false),
        (6, true),
    ] {
        let mut t = moving("").played(TO_RIFLE);
        t.when(&format!(
            "rifle --firer-unit a3 --target-unit f1 --range 5 --dice {face}"
        ))
        .accepted();
        assert_eq!(
            t.state().unit("f1").left() == 3,
            kills,
            "1-3-6, face {face}"
        );
    }
    // "3-6": IR 1, four figures, at the French battery's crew (row A).
    for (face, kills) in [
        (1, false),
        (2, false),
        (3, true),
        (4, false),
        (5, false),
        (6, true),
    ] {
        let mut t = exposed("").played(TO_RIFLE);
        t.when(&format!(
            "rifle --firer-unit a1 --target-unit f-gun --range 5 --dice {face}"
        ))
        .accepted()
        .says(&["needs 3 or 6"]);
        assert_eq!(
            t.state().unit("f-gun").has("crew_killed"),
            kills,
            "3-6, face {face}"
        );
    }
    // "6": IR 3, one figure, at the crew (row B).
    for (face, kills) in [(3, false), (5, false), (6, true)] {
        let mut t = exposed("").played(TO_RIFLE);
        t.when(&format!(
            "rifle --firer-unit a3 --target-unit f-gun --range 5 --dice {face}"
        ))
        .accepted();
        assert_eq!(
            t.state().unit("f-gun").has("crew_killed"),
            kills,
            "6, face {face}"
        );
    }
    let t = exposed("").played(TO_RIFLE);
    exactly(
        t.odds("rifle --firer-unit a3 --target-unit f1 --range 5")
            .of("One figure killed"),
        1,
        2,
    );
    exactly(
        t.odds("rifle --firer-unit a1 --target-unit f-gun --range 5")
            .of("crew is killed"),
        1,
        3,
    );
    exactly(
        t.odds("rifle --firer-unit a3 --target-unit f-gun --range 5")
            .of("crew is killed"),
        1,
        6,
    );
}

/// > The text always gives the weaker unit or the better cover the harder throw (a 1-figure
/// > squadron needs "3-6" where a 2-figure one needs "1-3-6"; Line needs "3-6" at a crew where
/// > elite troops need "1-3-6"; cannon into an outer area needs "3-6" where the open needs
/// > "1-3-6"), which only the faces-3-and-6 reading keeps.
#[test]
fn the_weaker_unit_and_the_better_cover_throw_harder() {
    // Hussars of 2 figures, then of 1, against the French Line (which cannot kill them under the
    // concealment rules): their expected kills in the melee.
    let mut t = moving("").played(TO_MELEE);
    t.play("hits a-lc 1");
    let two = t.odds("melee --attacker-unit a-lc --defender-unit f1");
    t.play("hits a-lc 2");
    let one = t.odds("melee --attacker-unit a-lc --defender-unit f1");
    exactly(two.figure("expected_defender_losses"), 1, 2);
    exactly(one.figure("expected_defender_losses"), 1, 3);
    // Line at the crew, one in three; the grenadiers, one in two.
    let t = exposed("").played(TO_RIFLE);
    exactly(
        t.odds("rifle --firer-unit a1 --target-unit f-gun --range 5")
            .of("crew is killed"),
        1,
        3,
    );
    exactly(
        t.odds("rifle --firer-unit a-gr --target-unit f-gun --range 5")
            .of("crew is killed"),
        1,
        2,
    );
    // A cannon into a village's outer area, one in three; into the open, one in two.
    let t = moving("").played(TO_CANNON);
    let outer =
        t.odds("artillery --gun-unit a-gun --target-unit f1 --range 12 --target-in village-outer");
    let open = t.odds("artillery --gun-unit a-gun --target-unit f1 --range 12");
    exactly(outer.figure("p_kill"), 1, 3);
    exactly(open.figure("p_kill"), 1, 2);
}

/// > This is the default; 3-to-6 may stay an option for groups who read it so.
#[test]
fn three_to_six_is_the_option_three_six() {
    let mut t = exposed("three_six = \"3-to-6\"").played(TO_RIFLE);
    exactly(
        t.odds("rifle --firer-unit a1 --target-unit f-gun --range 5")
            .of("crew is killed"),
        2,
        3,
    );
    t.when("rifle --firer-unit a1 --target-unit f-gun --range 5 --dice 4")
        .accepted()
        .says(&["needs 3, 4, 5 or 6", "crew is killed"]);
    assert!(t.state().unit("f-gun").has("crew_killed"));
    // By default a 4 misses.
    let mut t = exposed("").played(TO_RIFLE);
    t.when("rifle --firer-unit a1 --target-unit f-gun --range 5 --dice 4")
        .accepted()
        .says(&["crew survives"]);
}

/// > Infantry regiments: Line, Light, Grenadier; 4 figures.
#[test]
fn infantry_regiments_are_line_light_or_grenadier_of_four_figures() {
    let s = moving("").state();
    for (id, kind) in [("a1", "line"), ("a-lt", "light"), ("a-gr", "grenadier")] {
        assert_eq!(s.unit(id).0["kind"], kind);
        assert_eq!(s.unit(id).hit_limit(), 4, "{id}");
    }
    let fusiliers = brigades("").replace("kind = \"grenadier\"", "kind = \"fusilier\"");
    check(&fusiliers).refused(&["fusilier"]);
}

/// > Cavalry squadrons: Heavy, Light; 3 figures; two squadrons make a regiment.
#[test]
fn cavalry_squadrons_are_heavy_or_light_of_three_figures() {
    let s = moving("").state();
    for (id, kind) in [("a-hc", "heavy-cavalry"), ("a-lc", "light-cavalry")] {
        assert_eq!(s.unit(id).0["kind"], kind);
        assert_eq!(s.unit(id).hit_limit(), 3, "{id}");
        // The two squadrons make the regiment.
        assert_eq!(s.unit(id).0["formation"], "au-cav");
    }
    let regiment = s.0["formations"]
        .as_array()
        .and_then(|f| f.iter().find(|f| f["id"] == "au-cav"))
        .expect("the cavalry regiment");
    assert_eq!(regiment["level"], "regiment");
}

/// > Artillery: Cannon (foot) and Horse artillery; a crew that can be killed; counter-battery
/// > hits 0–3.
#[test]
fn guns_have_a_crew_and_take_up_to_three_counter_battery_hits() {
    let mut t = exposed("").played(TO_CANNON);
    let s = t.state();
    assert_eq!(s.unit("a-gun").0["kind"], "cannon");
    assert_eq!(s.unit("a-ha").0["kind"], "horse-artillery");
    t.play("artillery --gun-unit a-gun --target-unit f-gun --range 12 --dice 1");
    assert_eq!(t.state().unit("f-gun").marker("gun_hits"), Some(1));
    assert!(t.state().unit("f-gun").badges().contains(&"CB 1/3"));
    t.play("artillery --gun-unit a-ha --target-unit f-gun --range 12 --dice 3");
    assert_eq!(t.state().unit("f-gun").marker("gun_hits"), Some(2));
    // The crew can be killed: the Grenz shoot it down in rifle fire (next move, 1-3-6).
    let mut t = exposed("").played(TO_RIFLE);
    t.play("rifle --firer-unit a-lt --target-unit f-gun --range 5 --dice 1");
    assert!(t.state().unit("f-gun").has("crew_killed"));
    assert!(t.state().unit("f-gun").removed().is_none(), "the gun stays");
}

/// > 2–3 headquarters per side are the game's objectives.
#[test]
fn the_headquarters_are_the_games_objectives() {
    let mut t = moving("");
    let report = t.report(&[]);
    assert!(
        report.contains("Austrian HQ (au-hq) is held by Austrians."),
        "{report}"
    );
    assert!(
        report.contains("French HQ (fr-hq) is held by French."),
        "{report}"
    );
    t.play("take-hq --hq fr-hq --by a-hc");
    let report = t.report(&[]);
    assert!(
        report.contains("French HQ (fr-hq) is lost: in the enemy's hands."),
        "{report}"
    );
}

/// > Formation of an infantry regiment: Line, Road column (only on a road), or part of a
/// > Cross-country column (3+ regiments stand to stand; fights as one regiment).
#[test]
fn an_infantry_regiment_stands_in_line_road_column_or_a_cross_country_column() {
    let mut t = moving("");
    // IR 2 starts in road column (the scenario's), IR 1 in line.
    assert!(t.state().unit("a2").has("road_column"));
    t.when("form --unit a1 --formation road-column")
        .accepted()
        .says(&["in line → in road column"]);
    assert!(t.state().unit("a1").badges().contains(&"ROAD"));
    t.when("form --unit a1 --formation cross-country --with a2")
        .refused(&["3 or more regiments stand to stand", "(2 named)"]);
    t.when("form --unit a1 --formation cross-country --with a2,a-gr")
        .accepted()
        .says(&["3 regiments stand to stand, fighting as one regiment"]);
    let s = t.state();
    for r in ["a1", "a2", "a-gr"] {
        assert_eq!(s.unit(r).marker("cross_country"), Some(1), "{r}");
        assert!(!s.unit(r).has("road_column"), "{r}");
    }
    // Cavalry have no such formations.
    t.when("form --unit a-hc --formation line")
        .refused(&["only regiments change formation"]);
}

/// > Combat points per figure: Line and Light infantry 4, Light cavalry 5, Grenadier and Heavy
/// > cavalry 6.
#[test]
fn combat_points_are_four_five_or_six_a_figure() {
    // Grenadiers (4) against Line (4): 4 − 1 = 3 grenadiers at 6, 4 − 2 = 2 Line at 4.
    let mut t = moving("").played(TO_MELEE);
    t.when("melee --attacker-unit a-gr --defender-unit f1 --dice 2,5")
        .accepted()
        .says(&["3 × 6 = 18 combat points", "2 × 4 = 8 combat points"]);
    // The Grenz against the chasseurs (which they cannot kill under the concealment rules):
    // three chasseurs at 5.
    let mut t = moving("").played(TO_MELEE);
    t.when("melee --attacker-unit a-lt --defender-unit f-lc --dice 2,5")
        .accepted()
        .says(&["3 × 5 = 15 combat points"]);
    // The Grenz (4) against the cuirassiers (3): 4 − 2 = 2 at 4 points, 3 − 1 = 2 at 6.
    let mut t = exposed("").played(TO_MELEE);
    t.when("melee --attacker-unit a-lt --defender-unit f-hc --dice 2,5")
        .accepted()
        .says(&["2 × 4 = 8 combat points", "2 × 6 = 12 combat points"]);
}

// ---- markers to track -------------------------------------------------------------------------

/// > Figures left per regiment / squadron; regiments reduced to 0 are gone.
#[test]
fn a_regiment_reduced_to_no_figures_is_gone() {
    let mut t = moving("").played(TO_RIFLE);
    // The French Line, row 1, kills IR 3's last figure.
    t.when("rifle --firer-unit f1 --target-unit a3 --range 5")
        .accepted()
        .says(&["IR 3 (a3) loses 1 figure: none left, it is gone"]);
    let s = t.state();
    assert_eq!(s.unit("a3").left(), 0);
    assert!(
        s.unit("a3")
            .removed()
            .is_some_and(|r| r.contains("all figures lost"))
    );
    assert!(!s.in_play().contains(&"a3".to_string()));
    t.when("rifle --firer-unit f-gr --target-unit a3 --range 5")
        .refused(&["no longer on the table"]);
}

/// > Figures left per regiment / squadron; regiments reduced to 0 are gone.
#[test]
fn a_unit_taken_off_by_hand_leaves_the_battle_as_the_rules_would() {
    // A regiment of the exposed French column of three taken off by hand: the two left are no
    // cross-country column, and each fires as a regiment in line.
    let mut t = exposed("").played(TO_RIFLE);
    t.when("hits f3 4").accepted().says(&["removed"]);
    let s = t.state();
    assert!(s.unit("f3").removed().is_some());
    assert!(!s.unit("f2").badges().iter().any(|b| b.starts_with("XC")));
    for r in ["f2", "f-lt"] {
        t.when(&format!(
            "rifle --firer-unit {r} --target-unit a1 --range 5"
        ))
        .accepted()
        .says(&["(4 figures, line)"]);
    }
    // A gun taken off fires no more, and is no target.
    let mut t = exposed("").played("hits f-gun 0").played(TO_CANNON);
    t.when("artillery --gun-unit a-gun --target-unit f-gun --range 12 --dice 1")
        .refused(&["no longer on the table"]);
    t.play("next");
    t.when("artillery --gun-unit f-gun --target-unit a1 --range 12 --dice 1")
        .refused(&["no longer on the table"]);
    // A headquarters taken off is neither held nor taken.
    let mut t = moving("").played("hits fr-hq 0");
    t.when("take-hq --hq fr-hq --by a1")
        .refused(&["no longer on the table"]);
    let report = t.report(&[]);
    assert!(
        report.contains("French HQ (fr-hq) is off the table."),
        "{report}"
    );
}

/// > Retiring / in confusion for 3 moves (after a lost melee, a lost light-cavalry morale throw,
/// > artillery's roll of 2, a failed assault on a gun).
#[test]
fn four_things_make_a_unit_retire_three_moves() {
    // A lost melee: the cuirassiers (3 figures, 12 points left × 6) beat IR 1 (8 points × 1).
    let mut t = moving("").played(TO_MELEE);
    t.play("melee --attacker-unit a-hc --defender-unit f1 --dice 6,1");
    assert_eq!(t.state().unit("f1").marker("retiring"), Some(3));
    // A lost light-cavalry morale throw: the hussars (15 points × 1) against IR 1 (16 × 6).
    let mut t = moving("");
    t.when("lc-morale --cavalry-unit a-lc --opponent-unit f1 --dice 1,6")
        .accepted()
        .says(&["Husaren (a-lc) retires in confusion: 3 moves"]);
    assert_eq!(t.state().unit("a-lc").marker("retiring"), Some(3));
    // Artillery's roll of 2.
    let mut t = moving("").played(TO_CANNON);
    t.play("artillery --gun-unit a-gun --target-unit f1 --range 12 --dice 2");
    assert_eq!(t.state().unit("f1").marker("retiring"), Some(3));
    // A failed assault on a gun: the crew throws a 3 and hurls IR 1 back.
    let mut t = exposed("").played(TO_MELEE);
    t.when("melee-crew --attacker-unit a1 --gun-unit f-gun --dice 3")
        .accepted()
        .says(&["the attackers are hurled back 3 moves"]);
    assert_eq!(t.state().unit("a1").marker("retiring"), Some(3));
    assert!(t.state().unit("a1").badges().contains(&"RET 3"));
}

/// > Decision: the timer starts at 3 and drops by one at the end of each later move; while it
/// > runs the unit moves away from the enemy, may not fire, charge or start a melee; if meleed it
/// > fights and throws morale normally.
#[test]
fn a_retiring_unit_counts_three_later_moves_and_may_not_fire_or_start_a_melee() {
    // IR 4e ligne is driven back by a 2 in move 1.
    let mut t = moving("").played(TO_CANNON);
    t.play("artillery --gun-unit a-gun --target-unit f1 --range 12 --dice 2");
    // It may not fire, charge or start a melee;
    t.play("next\nnext");
    t.when("rifle --firer-unit f1 --target-unit a1 --range 5")
        .refused(&[
            "is retiring (3 moves left)",
            "may not fire, charge or start a melee",
        ]);
    t.play("next");
    t.when("melee --attacker-unit f1 --defender-unit a1")
        .refused(&["is retiring", "may not fire, charge or start a melee"]);
    t.when("melee-crew --attacker-unit f1 --gun-unit a-gun")
        .refused(&["is retiring"]);
    // meleed, it fights and throws morale as any unit: it kills its one figure and wins on the
    // dice (IR 1, 3 figures × 4 = 12 × 1, against 3 × 4 = 12 × 6).
    t.when("melee --attacker-unit a1 --defender-unit f1 --dice 1,6")
        .accepted()
        .says(&[
            "Kills by the defender",
            "IR 1 (a1) loses 1 figure",
            "IR 1 (a1) retires in confusion",
        ]);
    assert_eq!(t.state().unit("f1").marker("retiring"), Some(3));
    // The move it began is not counted: 3 after move 1, then 2, 1, and gone after move 4.
    let mut seen = Vec::new();
    for _ in 0..4 {
        t.play("next --dice 5,2");
        seen.push(t.state().unit("f1").marker("retiring"));
        t.play(TO_MELEE);
    }
    assert_eq!(seen, [Some(3), Some(2), Some(1), None]);
    t.when("melee --attacker-unit f1 --defender-unit a1 --dice 6,1")
        .accepted();
}

/// > Decision: the timer starts at 3 and drops by one at the end of each later move; while it
/// > runs the unit moves away from the enemy, may not fire, charge or start a melee; if meleed it
/// > fights and throws morale normally.
#[test]
fn a_retiring_timer_set_by_hand_counts_down_from_the_move_it_is_set_in() {
    // The program cannot know when a retirement set by hand began: it counts from that move.
    let mut t = moving("");
    t.play("mark a1 retiring 3");
    let mut seen = Vec::new();
    for _ in 0..3 {
        t.play(TO_MELEE);
        t.play("next --dice 5,2");
        seen.push(t.state().unit("a1").marker("retiring"));
    }
    assert_eq!(seen, [Some(2), Some(1), None]);
}

/// > Guns: crew killed (gun can neither fire nor move), counter-battery hits (3 destroys the gun),
/// > moved this move (cannot fire), held by whom, and the 3-move hold count after which the holder
/// > re-mans it.
#[test]
fn a_guns_crew_hits_move_holder_and_hold_count_are_tracked() {
    // Moved this move: a cannon that moved cannot fire.
    let mut t = exposed("").played(TO_CANNON);
    t.play("mark a-gun moved");
    assert!(t.state().unit("a-gun").badges().contains(&"MOV"));
    t.when("artillery --gun-unit a-gun --target-unit f-gun --range 12 --dice 1")
        .refused(&["moved", "cannot fire"]);
    // Counter-battery hits, the third destroying the gun.
    t.play("artillery --gun-unit a-ha --target-unit f-gun --range 12 --dice 1");
    assert_eq!(t.state().unit("f-gun").marker("gun_hits"), Some(1));
    // Crew killed: the French gun neither fires nor moves.
    let mut t = exposed("").played(TO_RIFLE);
    t.play("rifle --firer-unit a-gr --target-unit f-gun --range 5 --dice 1");
    assert!(t.state().unit("f-gun").badges().contains(&"NOCREW"));
    to_phase(&mut t, "return_cannon_fire");
    t.when("artillery --gun-unit f-gun --target-unit a1 --range 12 --dice 1")
        .refused(&["crew is killed", "can neither fire nor move"]);
    // Held by whom, and the count: the Austrian grenadiers hold it from move 2.
    next_move(&mut t);
    t.play("hold-gun --gun-unit f-gun --by a-gr");
    assert_eq!(held(&t, "f-gun"), (Some(1), Some(0)));
    assert!(t.state().unit("f-gun").badges().contains(&"HELD au 0/3"));
    next_move(&mut t);
    next_move(&mut t);
    assert!(t.state().unit("f-gun").badges().contains(&"HELD au 1/3"));
}

/// > The text: "When the crew of the gun is killed in this manner [by rifle fire], the gun cannot
/// > be fired nor moved.
#[test]
fn a_crew_shot_down_by_rifles_leaves_a_gun_that_cannot_fire() {
    let mut t = exposed("").played(TO_RIFLE);
    t.when("rifle --firer-unit a-lt --target-unit f-gun --range 5 --dice 3")
        .accepted()
        .says(&["crew is killed: the gun can neither fire nor move"]);
    // Not this move, nor the next.
    next_move(&mut t);
    to_phase(&mut t, "return_cannon_fire");
    t.when("artillery --gun-unit f-gun --target-unit a1 --range 12 --dice 1")
        .refused(&["crew is killed"]);
    t.when("canister --gun-unit f-gun --target-unit a1 --range 4")
        .refused(&["crew is killed"]);
}

/// > Which ever force holds the gun at the end of 3 moves is then entitled to use the gun" — so
/// > this applies to every crewless gun, however the crew died (rifle fire, canister's return
/// > fire, melee), and to its own side as much as to the enemy.
#[test]
fn every_crewless_gun_is_re_manned_by_the_side_that_holds_it_its_own_too() {
    // Canister's return fire: IR 4e ligne shoots down the Austrian battery's crew (row A, a 6),
    // and the French hold the gun from the next move.
    let mut t = moving("").played(TO_CANNON);
    t.when("canister --gun-unit a-gun --target-unit f1 --range 5 --return-fire --dice 6")
        .accepted()
        .says(&["nobody holds the gun yet"]);
    assert!(t.state().unit("a-gun").has("crew_killed"));
    assert_eq!(held(&t, "a-gun"), (None, None));
    // Its own side's regiment holds it 3 moves after the move it takes it: the Austrians re-man
    // their own gun.
    next_move(&mut t);
    t.play("hold-gun --gun-unit a-gun --by a1");
    for _ in 0..4 {
        next_move(&mut t);
    }
    let s = t.state();
    assert!(!s.unit("a-gun").has("crew_killed"));
    assert_eq!(
        s.unit("a-gun").marker("captured"),
        None,
        "its own gun again"
    );
    t.play(TO_CANNON);
    t.when("artillery --gun-unit a-gun --target-unit f1 --range 12 --dice 1")
        .accepted()
        .says(&["4e ligne (f1) loses 1 figure"]);
    // Melee: the grenadiers take the French battery from its rear, held by the Austrians at once.
    let mut t = exposed("").played(TO_MELEE);
    t.when("melee-crew --attacker-unit a-gr --gun-unit f-gun --attacked-from rear")
        .accepted()
        .says(&["captured by Austrians"]);
    assert_eq!(held(&t, "f-gun"), (Some(1), Some(0)));
    for _ in 0..4 {
        next_move(&mut t);
    }
    let s = t.state();
    assert!(!s.unit("f-gun").has("crew_killed"));
    assert!(s.unit("f-gun").badges().contains(&"TAKEN au"));
}

/// > Decision: the umpire says who holds a crewless gun (a procedure, not only a hand-set
/// > marker); the count is of consecutive moves held by one side, restarts when the holder
/// > changes, and does not run while nobody holds it; at 3 the holder's side re-mans and owns the
/// > gun.
#[test]
fn the_umpire_says_who_holds_a_crewless_gun_and_three_moves_in_a_row_re_man_it() {
    // The French battery's crew shot down by the Grenz in move 1: nobody holds it, nobody counts.
    let mut t = exposed("").played(TO_RIFLE);
    t.play("rifle --firer-unit a-lt --target-unit f-gun --range 5 --dice 1");
    next_move(&mut t);
    assert_eq!(held(&t, "f-gun"), (None, None));
    // Move 2: the Austrian grenadiers hold it (the move it is taken is not counted).
    t.when("hold-gun --gun-unit f-gun --by a-gr")
        .accepted()
        .says(&["the count starts"]);
    next_move(&mut t);
    next_move(&mut t);
    assert_eq!(held(&t, "f-gun"), (Some(1), Some(1)));
    // Move 4: the French take it back: the count starts again.
    t.when("hold-gun --gun-unit f-gun --by f1")
        .accepted()
        .says(&["the count starts again"]);
    assert_eq!(held(&t, "f-gun"), (Some(2), Some(0)));
    next_move(&mut t);
    next_move(&mut t);
    assert_eq!(held(&t, "f-gun"), (Some(2), Some(1)));
    // Move 6: it stands in no-man's land: the count stops and does not run.
    t.when("hold-gun --gun-unit f-gun --nobody")
        .accepted()
        .says(&["held by nobody now", "its hold count stops"]);
    next_move(&mut t);
    next_move(&mut t);
    assert_eq!(held(&t, "f-gun"), (None, None));
    assert!(t.state().unit("f-gun").has("crew_killed"));
    // Move 8: the Austrian grenadiers again, three moves after this one: re-manned, theirs.
    t.play("hold-gun --gun-unit f-gun --by a-gr");
    for _ in 0..3 {
        next_move(&mut t);
        assert!(t.state().unit("f-gun").has("crew_killed"));
    }
    next_move(&mut t);
    let s = t.state();
    assert!(!s.unit("f-gun").has("crew_killed"));
    assert_eq!(s.unit("f-gun").marker("captured"), Some(1));
    // It fires in the Austrians' cannon fire, at the French.
    t.play(TO_CANNON);
    t.when("artillery --gun-unit f-gun --target-unit f1 --range 12 --dice 1")
        .accepted()
        .says(&["4e ligne (f1) loses 1 figure"]);
    // Only a regiment or squadron holds a gun.
    let mut t = exposed("").played(TO_RIFLE);
    t.play("rifle --firer-unit a-lt --target-unit f-gun --range 5 --dice 1");
    t.when("hold-gun --gun-unit f-gun --by a-gun")
        .refused(&["only a regiment or squadron holds a gun"]);
    // Not only a procedure: a holder set by hand counts the same, from the move it is set in.
    let mut t = exposed("").played("mark f-gun crew_killed\nmark f-gun captured 1");
    next_move(&mut t);
    assert!(t.state().unit("f-gun").badges().contains(&"HELD au 1/3"));
    next_move(&mut t);
    next_move(&mut t);
    assert!(t.state().unit("f-gun").badges().contains(&"TAKEN au"));
}

/// > Formation of each regiment (line / road column / cross-country column).
#[test]
fn each_regiments_formation_is_kept_and_fires_as_it_stands() {
    let mut t = moving("");
    // IR 2 starts in road column; IR 1 in line; IR 1 takes road column.
    let s = t.state();
    assert!(s.unit("a2").badges().contains(&"ROAD"));
    assert!(s.unit("a1").badges().is_empty());
    t.play("form --unit a1 --formation road-column");
    // The formation is read into rifle fire: IR 1 now fires on row 3, as IR 2 does.
    t.play(TO_RIFLE);
    for r in ["a1", "a2"] {
        t.when(&format!(
            "rifle --firer-unit {r} --target-unit f1 --range 5 --dice 4"
        ))
        .accepted()
        .says(&["(4 figures, road-column)", "row 3 —", "no kill"]);
    }
    // A cross-country column shows its number on each of its regiments.
    let mut t = moving("");
    t.play("form --unit a1 --formation cross-country --with a2,a-lt");
    let s = t.state();
    for r in ["a1", "a2", "a-lt"] {
        assert!(s.unit(r).badges().contains(&"XC 1"), "{r}");
    }
    t.play("form --unit a1 --formation line");
    assert!(t.state().unit("a1").badges().is_empty());
}

/// > Whether each unit is in a village (outer or inner area), a forest (outer or inner), on a
/// > hill, or in the open — the umpire sets this when it matters for a resolution.
#[test]
fn the_umpire_says_where_a_unit_stands_for_each_resolution() {
    let mut t = moving("").played(TO_RIFLE);
    // In the open unless the umpire says otherwise.
    t.when("rifle --firer-unit a1 --target-unit f1 --range 5")
        .accepted()
        .says(&["from the open at Line infantry in the open", "row 1 —"]);
    // The umpire says IR 4e ligne holds a village's outer area, the 46e a forest's: row 6.
    for (target, place) in [("f-gr", "village-outer"), ("f1", "forest-outer")] {
        let odds = t.odds(&format!(
            "rifle --firer-unit a2 --target-unit {target} --range 5 --target-in {place}"
        ));
        assert!(odds.notes("row 6 —"), "{place}");
    }
    // From a hill, at troops in the open: row 5.
    t.when("rifle --firer-unit a2 --target-unit f-gr --range 5 --from hill")
        .accepted()
        .says(&["from a hill", "row 5 —"]);
    // Nothing is remembered: the next resolution reads the open again unless told.
    t.when("rifle --firer-unit f-gr --target-unit a2 --range 5")
        .accepted()
        .says(&["in the open", "row 7 —"]);
    // A melee: the defender in a village's inner area, reached by cavalry through its gate.
    let mut t = moving("").played(TO_MELEE);
    t.when("melee --attacker-unit a-hc --defender-unit f1 --defender-in village-inner")
        .refused(&["gate"]);
    t.when("melee --attacker-unit a-hc --defender-unit f1 --defender-in village-inner --gate --dice 6,1")
        .accepted();
}

/// > Concealed columns (below).
#[test]
fn the_units_behind_a_stand_are_kept_concealed() {
    let t = moving("");
    let s = t.state();
    for u in ["f-hc", "f2", "f-gun", "f-lt", "f3"] {
        assert_eq!(s.unit(u).0["concealed"], true, "{u}");
    }
    for u in ["f1", "f-gr", "f-lc", "a1"] {
        assert_eq!(s.unit(u).0["concealed"], false, "{u}");
    }
    let screen = t.screen(120, 40);
    assert!(
        screen.contains("Stand 1 · 5 units · the enemy sees: stand 1 [CONCEALED]"),
        "{screen}"
    );
    assert!(screen.contains("f2    18e ligne [HID 1]"), "{screen}");
}

/// > Headquarters: held / lost.
#[test]
fn a_headquarters_is_held_or_lost() {
    let mut t = moving("");
    assert!(!t.state().unit("fr-hq").has("hq_lost"));
    t.when("take-hq --hq fr-hq --by a-hc")
        .accepted()
        .says(&["French has lost it"]);
    assert!(t.state().unit("fr-hq").badges().contains(&"LOST"));
    t.when("take-hq --hq fr-hq --by a1")
        .refused(&["already in the enemy's hands"]);
    t.when("take-hq --hq fr-hq --by f1")
        .accepted()
        .says(&["held again"]);
    assert!(!t.state().unit("fr-hq").has("hq_lost"));
}

/// > A headquarters is an objective, not a fighting unit: it has no figures, is never fired on
/// > (rifle, canister or cannon) nor meleed, never retires, and is taken only by an enemy regiment
/// > or squadron reaching it (not by a gun or another headquarters); its own side retakes it the
/// > same way.
#[test]
fn a_headquarters_is_never_fired_on_nor_meleed_and_taken_only_by_troops() {
    let mut t = moving("").played(TO_CANNON);
    assert_eq!(t.state().unit("fr-hq").hit_limit(), 0);
    t.when("artillery --gun-unit a-gun --target-unit fr-hq --range 12 --dice 2")
        .refused(&[
            "is a headquarters",
            "never fired on (rifle, canister or cannon)",
        ]);
    t.when("canister --gun-unit a-gun --target-unit fr-hq --range 4")
        .refused(&["is a headquarters"]);
    t.play("next\nnext");
    t.when("rifle --firer-unit a1 --target-unit fr-hq --range 5")
        .refused(&["is a headquarters", "never fired on"]);
    t.play("next");
    t.when("melee --attacker-unit a1 --defender-unit fr-hq")
        .refused(&["is a headquarters", "never meleed"]);
    t.when("reinforced-melee --attacker-unit a1 --defender-unit f1 --reinforcement-unit au-hq")
        .refused(&["only a regiment or squadron reinforces a melee"]);
    t.when("melee-crew --attacker-unit au-hq --gun-unit f-gun")
        .refused(&["only a regiment or squadron attacks a gun's crew"]);
    t.when("lc-morale --cavalry-unit a-lc --opponent-unit fr-hq")
        .refused(&["is a headquarters"]);
    // Taken only by troops reaching it, and retaken the same way.
    for by in ["a-gun", "au-hq"] {
        t.when(&format!("take-hq --hq fr-hq --by {by}"))
            .refused(&["only a regiment or squadron takes a headquarters"]);
    }
    t.play("take-hq --hq fr-hq --by a-lc");
    t.when("take-hq --hq fr-hq --by fr-hq")
        .refused(&["only a regiment or squadron"]);
    t.play("take-hq --hq fr-hq --by f-gr");
    let s = t.state();
    assert!(!s.unit("fr-hq").has("hq_lost"));
    assert!(!s.unit("fr-hq").has("retiring"));
    assert!(s.unit("fr-hq").removed().is_none());
}

// ---- the move sequence ------------------------------------------------------------------------

/// > Each game move: both players roll a die; the high roller chooses which flank he moves and
/// > gets first artillery fire (decision: ties are thrown again).
#[test]
fn the_high_roller_chooses_his_flank_and_fires_first_ties_thrown_again() {
    let mut t = Table::given(&brigades(""));
    t.when("next --dice 4,4,2,5").accepted().says(&[
        "Austrians 4, French 4: a tie, thrown again",
        "French is the high roller",
        "choose the flank they move from",
    ]);
    let s = t.state();
    assert_eq!((s.phase(), s.active()), ("movement", "fr"));
    assert_eq!(s.counter("fr", "initiative"), Some(5));
    assert_eq!(s.counter("au", "initiative"), Some(2));
    // The French guns fire first: the Austrian battery waits for its return fire.
    t.play("expose --stand 1 --cause vision\nnext");
    let s = t.state();
    assert_eq!((s.phase(), s.active()), ("cannon_fire", "fr"));
    t.when("artillery --gun-unit a-gun --target-unit f1 --range 12 --dice 1")
        .refused(&["it is French's cannon fire"]);
    t.play("artillery --gun-unit f-gun --target-unit a1 --range 12 --dice 4\nnext");
    t.when("artillery --gun-unit a-gun --target-unit f1 --range 12 --dice 1")
        .accepted();
    // The program throws them too, again while they tie.
    let mut t = Table::given(&brigades(""));
    t.when("next").accepted().says(&["is the high roller"]);
}

/// > Then, in order: (1) cannon fire — all the high roller's guns fire and their results apply at
/// > once, then the other side's guns that are still manned and standing fire; (2) rifle fire,
/// > simultaneous; (3) melees, then morale.
#[test]
fn cannon_fire_then_the_other_sides_guns_then_rifles_then_melees() {
    let mut t = exposed("");
    let mut order = Vec::new();
    for _ in 0..5 {
        t.play("next");
        let s = t.state();
        order.push((
            s.phase().to_string(),
            s.active().to_string(),
            s.0["simultaneous"] == true,
        ));
    }
    let order: Vec<(&str, &str, bool)> = order
        .iter()
        .map(|(p, a, b)| (p.as_str(), a.as_str(), *b))
        .collect();
    assert_eq!(
        order[..4],
        [
            ("cannon_fire", "au", false),
            ("return_cannon_fire", "fr", false),
            ("rifle_fire", "au", true),
            ("melee", "au", true),
        ]
    );
    // The high roller's results apply at once: a battery destroyed by his third counter-battery
    // hit is gone before it can fire back.
    let mut t = exposed("").played(TO_CANNON);
    t.play("mark f-gun gun_hits 2");
    t.when("artillery --gun-unit a-gun --target-unit f-gun --range 12 --dice 6")
        .accepted()
        .says(&["destroyed at once and does not fire back"]);
    t.play("next");
    t.when("artillery --gun-unit f-gun --target-unit a1 --range 12 --dice 1")
        .refused(&["no longer on the table"]);
    // Rifle fire is simultaneous: IR 3, shot down to nothing, still fires with its figure.
    t.play("next");
    t.play("rifle --firer-unit f1 --target-unit a3 --range 5");
    assert!(t.state().unit("a3").removed().is_some());
    t.when("rifle --firer-unit a3 --target-unit f1 --range 5 --dice 1")
        .accepted()
        .says(&["(1 figure, line)", "4e ligne (f1) loses 1 figure"]);
    // Melees wait for the melee phase, and morale follows each melee.
    t.when("melee --attacker-unit a-gr --defender-unit f1")
        .refused(&["belongs to the Melee phase"]);
    t.play("next");
    t.when("melee --attacker-unit a-gr --defender-unit f1 --dice 6,1")
        .accepted()
        .says(&["Kills by the attacker", "Casualties removed", "Morale"]);
}

/// > Count down every 3-move timer at the end of the move.
#[test]
fn every_three_move_timer_counts_down_at_the_end_of_the_move() {
    // Two units driven back in move 1: their timers count down together at the end of move 2.
    let mut t = moving("").played(TO_CANNON);
    t.play("artillery --gun-unit a-gun --target-unit f1 --range 12 --dice 2");
    t.play("artillery --gun-unit a-ha --target-unit f-lc --range 12 --dice 2");
    next_move(&mut t);
    to_phase(&mut t, "melee");
    assert_eq!(t.state().unit("f1").marker("retiring"), Some(3));
    t.when(NEXT_MOVE).accepted().says(&[
        "End of move 2",
        "f1: Retiring / in confusion — 2 moves left",
        "f-lc: Retiring / in confusion — 2 moves left",
    ]);
}

// ---- rifle fire -------------------------------------------------------------------------------

/// > One kill = one figure removed from the target.
#[test]
fn one_kill_takes_one_figure_off_the_target() {
    let mut t = moving("").played(TO_RIFLE);
    t.when("rifle --firer-unit a1 --target-unit f1 --range 5")
        .accepted()
        .says(&["One figure killed", "4e ligne (f1) loses 1 figure: 3 left"]);
    let s = t.state();
    assert_eq!((s.unit("f1").hits(), s.unit("f1").left()), (1, 3));
    let odds = t.odds("rifle --firer-unit a-gr --target-unit f1 --range 5");
    exactly(odds.of("One figure killed"), 1, 1);
}

/// > One kill = one figure removed from the target.
#[test]
fn rifle_fire_reaches_six_inches_or_nine_for_later_periods() {
    let mut t = moving("").played(TO_RIFLE);
    t.when("rifle --firer-unit a1 --target-unit f1 --range 7")
        .refused(&["beyond musket range (6\""]);
    let mut t = moving("musket_range = 9").played(TO_RIFLE);
    t.when("rifle --firer-unit a1 --target-unit f1 --range 9")
        .accepted()
        .says(&["within musket range (9\")"]);
    t.when("rifle --firer-unit a2 --target-unit f1 --range 10")
        .refused(&["beyond musket range (9\""]);
}

/// > The firer's strength and type, its formation, and where both units stand decide the kill.
#[test]
fn strength_type_formation_and_place_decide_the_kill() {
    let mut t = moving("").played(TO_RIFLE);
    let p = |t: &Table, line: &str| t.odds(line).figure("p_kill");
    // Strength: four figures kill outright, one on 1-3-6.
    exactly(
        p(&t, "rifle --firer-unit a1 --target-unit f1 --range 5"),
        1,
        1,
    );
    exactly(
        p(&t, "rifle --firer-unit a3 --target-unit f1 --range 5"),
        1,
        2,
    );
    // Type: the grenadiers kill outright at a village, Line on 1-3-6.
    exactly(
        p(
            &t,
            "rifle --firer-unit a-gr --target-unit f1 --range 5 --target-in village-outer",
        ),
        1,
        1,
    );
    exactly(
        p(
            &t,
            "rifle --firer-unit a1 --target-unit f1 --range 5 --target-in village-outer",
        ),
        1,
        2,
    );
    // Formation: in road column, 1-3-6 at the open.
    exactly(
        p(&t, "rifle --firer-unit a2 --target-unit f1 --range 5"),
        1,
        2,
    );
    // Where the firer stands: from a hill, outright; both in such positions, 1-3-6.
    exactly(
        p(
            &t,
            "rifle --firer-unit a2 --target-unit f1 --range 5 --from hill",
        ),
        1,
        1,
    );
    exactly(
        p(
            &t,
            "rifle --firer-unit a2 --target-unit f1 --range 5 --from hill --target-in forest-outer",
        ),
        1,
        2,
    );
    t.when("rifle --firer-unit a3 --target-unit f1 --range 5 --from hill")
        .accepted()
        .says(&["no die thrown", "4e ligne (f1) loses 1 figure"]);
}

/// > Apply the rows in this order: row 7 first, then row 5, then rows 1–4 and 6.
#[test]
fn row_7_is_read_first_then_row_5_then_the_others() {
    let mut t = moving("").played(TO_RIFLE);
    // The Grenz in road column, from the open at a village: row 7 (outright), not row 6.
    t.play("mark a-lt road_column");
    t.when("rifle --firer-unit a-lt --target-unit f1 --range 5 --target-in village-outer")
        .accepted()
        .says(&["row 7 —", "4e ligne (f1) loses 1 figure"]);
    // IR 3, one figure in road column, from a hill at the open: row 5 (outright), not row 4.
    t.play("mark a3 road_column");
    t.when("rifle --firer-unit a3 --target-unit f1 --range 5 --from hill")
        .accepted()
        .says(&["row 5 —", "4e ligne (f1) loses 1 figure"]);
    // IR 2 from a forest at a village: row 5's roll, not row 6's.
    let odds = t.odds("rifle --firer-unit a2 --target-unit f-gr --range 5 --from forest-outer --target-in village-outer");
    assert!(odds.notes("row 5 —"), "{}", odds.listing());
    exactly(odds.figure("p_kill"), 1, 2);
    // The grenadiers on a hill at a hill: row 7, not row 5's roll.
    let odds =
        t.odds("rifle --firer-unit a-gr --target-unit f-gr --range 5 --from hill --target-in hill");
    assert!(odds.notes("row 7 —"));
    exactly(odds.figure("p_kill"), 1, 1);
}

/// > Apply the rows in this order: 1 | Line, 4/3/2 figures, in Line | target in the open |
/// > automatically
#[test]
fn row_1_line_of_four_three_or_two_in_line_kills_outright() {
    for hits in [0, 1, 2] {
        let mut t = moving("").played(TO_RIFLE);
        t.play(&format!("hits a1 {hits}"));
        t.when("rifle --firer-unit a1 --target-unit f1 --range 5")
            .accepted()
            .says(&["row 1 —", "no die thrown", "4e ligne (f1) loses 1 figure"]);
    }
}

/// > Apply the rows in this order: 2 | Line, 1 figure, in Line | target in the open | on 1-3-6
#[test]
fn row_2_line_of_one_figure_in_line_kills_on_one_three_six() {
    let mut t = moving("").played(TO_RIFLE);
    exactly(
        t.odds("rifle --firer-unit a3 --target-unit f1 --range 5")
            .figure("p_kill"),
        1,
        2,
    );
    t.when("rifle --firer-unit a3 --target-unit f1 --range 5 --dice 3")
        .accepted()
        .says(&["row 2 —", "4e ligne (f1) loses 1 figure"]);
}

/// > Apply the rows in this order: 3 | Line, 4/3/2, in Road column | target in the open | on
/// > 1-3-6
#[test]
fn row_3_line_of_four_three_or_two_in_road_column_kills_on_one_three_six() {
    let mut t = moving("").played(TO_RIFLE);
    t.play("hits a2 2");
    exactly(
        t.odds("rifle --firer-unit a2 --target-unit f1 --range 5")
            .figure("p_kill"),
        1,
        2,
    );
    t.when("rifle --firer-unit a2 --target-unit f1 --range 5 --dice 5")
        .accepted()
        .says(&["(2 figures, road-column)", "row 3 —", "no kill"]);
}

/// > Apply the rows in this order: 4 | Line, 1 figure, in Road column | target in the open | on 6
#[test]
fn row_4_line_of_one_figure_in_road_column_kills_on_a_six() {
    let mut t = moving("").played(TO_RIFLE);
    t.play("mark a3 road_column");
    exactly(
        t.odds("rifle --firer-unit a3 --target-unit f1 --range 5")
            .figure("p_kill"),
        1,
        6,
    );
    t.when("rifle --firer-unit a3 --target-unit f1 --range 5 --dice 6")
        .accepted()
        .says(&["row 4 —", "4e ligne (f1) loses 1 figure"]);
}

/// > Apply the rows in this order: 5 | any strength, firing from a town, forest or hill | any
/// > target | automatically — but if the target is also in such a position, on 1-3-6 (so two
/// > such units exchanging fire both roll)
#[test]
fn row_5_from_a_town_forest_or_hill_kills_outright_unless_the_target_is_in_one_too() {
    let mut t = moving("").played(TO_RIFLE);
    for from in [
        "town",
        "forest-outer",
        "forest-inner",
        "hill",
        "village-outer",
    ] {
        let odds = t.odds(&format!(
            "rifle --firer-unit a3 --target-unit f1 --range 5 --from {from}"
        ));
        assert!(odds.notes("row 5 —"), "{from}");
        exactly(odds.figure("p_kill"), 1, 1);
    }
    // IR 2 on a hill and the 4e ligne in a town exchange fire: both roll.
    t.when(
        "rifle --firer-unit a2 --target-unit f1 --range 5 --from hill --target-in town --dice 4",
    )
    .accepted()
    .says(&["row 5 —", "needs 1, 3 or 6", "no kill"]);
    t.when(
        "rifle --firer-unit f1 --target-unit a2 --range 5 --from town --target-in hill --dice 6",
    )
    .accepted()
    .says(&["row 5 —", "IR 2 (a2) loses 1 figure"]);
}

/// > Apply the rows in this order: 6 | any regiment of 4/3/2, line or road column, from the open
/// > | target in a village, forest or on a hill | on 1-3-6 (a 1-figure regiment: on 6)
#[test]
fn row_6_from_the_open_at_a_village_forest_or_hill_kills_on_one_three_six() {
    let t = moving("").played(TO_RIFLE);
    for target_in in [
        "village-outer",
        "town",
        "forest-outer",
        "forest-inner",
        "hill",
    ] {
        for (firer, num) in [("a1", 3), ("a2", 3), ("a3", 1)] {
            let odds = t.odds(&format!(
                "rifle --firer-unit {firer} --target-unit f1 --range 5 --target-in {target_in}"
            ));
            assert!(odds.notes("row 6 —"), "{firer} at {target_in}");
            exactly(odds.figure("p_kill"), num, 6);
        }
    }
}

/// > Apply the rows in this order: 7 | Light infantry or Grenadiers | anywhere, any strength,
/// > line or road column | automatically
#[test]
fn row_7_light_infantry_and_grenadiers_always_kill() {
    let mut t = moving("").played(TO_RIFLE);
    t.play("hits a-lt 3\nmark a-lt road_column");
    for target_in in ["open", "village-outer", "forest-inner", "hill"] {
        for firer in ["a-lt", "a-gr"] {
            let odds = t.odds(&format!(
                "rifle --firer-unit {firer} --target-unit f1 --range 5 --target-in {target_in}"
            ));
            assert!(odds.notes("row 7 —"), "{firer} at {target_in}");
            exactly(odds.figure("p_kill"), 1, 1);
        }
    }
    t.when("rifle --firer-unit a-lt --target-unit f1 --range 5 --target-in hill")
        .accepted()
        .says(&[
            "(1 figure, road-column)",
            "row 7 —",
            "4e ligne (f1) loses 1 figure",
        ]);
}

/// > Decision (changed): row 6 reads "Any 4-3-2 Unit Regiment, ATTACKING from the open against a
/// > village, hill or forest" — any formation, so Line in road column firing from the open at
/// > such a position uses row 6 (1-3-6; a 1-figure regiment on a 6).
#[test]
fn line_in_road_column_reads_row_6_at_a_village_hill_or_forest() {
    let mut t = moving("").played(TO_RIFLE);
    t.when("rifle --firer-unit a2 --target-unit f1 --range 5 --target-in village-outer --dice 3")
        .accepted()
        .says(&[
            "(4 figures, road-column)",
            "row 6 —",
            "4e ligne (f1) loses 1 figure",
        ]);
    t.play("mark a3 road_column");
    exactly(
        t.odds("rifle --firer-unit a3 --target-unit f1 --range 5 --target-in hill")
            .figure("p_kill"),
        1,
        6,
    );
}

/// > The harsher "on a 6 at any strength" reading may stay an option, off by default.
#[test]
fn the_harsher_reading_of_row_6_is_the_option_row_8() {
    let mut t = moving("road_column_against_position = \"row-8\"").played(TO_RIFLE);
    let odds = t.odds("rifle --firer-unit a2 --target-unit f1 --range 5 --target-in village-outer");
    assert!(odds.notes("row 8 —"));
    exactly(odds.figure("p_kill"), 1, 6);
    t.when("rifle --firer-unit a2 --target-unit f1 --range 5 --target-in village-outer --dice 3")
        .accepted()
        .says(&["row 8 —", "no kill"]);
    // Line in line still reads row 6.
    let odds = t.odds("rifle --firer-unit a1 --target-unit f1 --range 5 --target-in village-outer");
    assert!(odds.notes("row 6 —"));
}

/// > A cross-country column fights as a single regiment: the regiment facing the attacker (front
/// > or flank) fires, takes the casualties, and supplies the combat points for morale.
#[test]
fn a_cross_country_column_fires_and_takes_fire_as_one_regiment() {
    // The French column exposed: its regiment facing IR 1 fires, on the road-column rows.
    let mut t = exposed("").played(TO_RIFLE);
    t.when("rifle --firer-unit f2 --target-unit a1 --range 5 --dice 4")
        .accepted()
        .says(&["(4 figures, cross-country)", "row 3 —", "no kill"]);
    // Only that regiment fires this move.
    t.when("rifle --firer-unit f3 --target-unit a1 --range 5")
        .refused(&["a column fires as one regiment"]);
    // The regiment IR 1 faces takes the casualty.
    t.play("rifle --firer-unit a1 --target-unit f3 --range 5");
    let s = t.state();
    assert_eq!(
        (
            s.unit("f3").left(),
            s.unit("f2").left(),
            s.unit("f-lt").left()
        ),
        (3, 4, 4)
    );
    // In the melee the regiment in contact supplies its combat points: 3 figures × 4.
    t.play("next");
    t.when("melee --attacker-unit a-gr --defender-unit f3 --dice 6,1")
        .accepted()
        .says(&["defender (Line infantry) 3 − 2 = 1 figure, 1 × 4 = 4 combat points"]);
    // Under the option cross_country_fires_as = "line", the front regiment fires as a line.
    let mut t = exposed("cross_country_fires_as = \"line\"").played(TO_RIFLE);
    t.when("rifle --firer-unit f2 --target-unit a1 --range 5")
        .accepted()
        .says(&["row 1 —", "IR 1 (a1) loses 1 figure"]);
}

/// > Any infantry fired on from its flank gets no return fire at that firer this move (the
/// > program refuses that return fire, not only says so).
#[test]
fn a_regiment_fired_on_from_its_flank_may_not_fire_back_at_that_firer() {
    let mut t = moving("").played(TO_RIFLE);
    t.when("rifle --firer-unit a1 --target-unit f1 --range 5 --flank")
        .accepted()
        .says(&["f1 is fired on from its flank: it gets no return fire at a1 this move"]);
    t.when("rifle --firer-unit f1 --target-unit a1 --range 5")
        .refused(&[
            "was fired on from its flank by IR 1 (a1) this move",
            "no return fire at a1",
        ]);
    t.odds_refused(
        "rifle --firer-unit f1 --target-unit a1 --range 5",
        &["from its flank"],
    );
    // At another firer it fires; the next move, at a1 again.
    t.when("rifle --firer-unit f1 --target-unit a2 --range 5")
        .accepted();
    next_move(&mut t);
    to_phase(&mut t, "rifle_fire");
    t.when("rifle --firer-unit f1 --target-unit a1 --range 5")
        .accepted();
    // Fired at first by the 4e ligne, IR 1 cannot then take it in the flank: undo that fire.
    let mut t = moving("").played(TO_RIFLE);
    t.play("rifle --firer-unit f1 --target-unit a1 --range 5");
    t.when("rifle --firer-unit a1 --target-unit f1 --range 5 --flank")
        .refused(&["has already fired at", "undo"]);
}

/// > A road column is flanked unless fired on along the road at its head.
#[test]
fn a_road_column_fired_on_but_at_its_head_is_flanked() {
    // IR 2 in road column, fired on from the side: it is flanked and gets no return fire.
    let mut t = moving("").played(TO_RIFLE);
    t.play("rifle --firer-unit f1 --target-unit a2 --range 5 --flank");
    t.when("rifle --firer-unit a2 --target-unit f1 --range 5")
        .refused(&["fired on from its flank", "no return fire at f1"]);
    // Fired on along the road at its head, it fires back.
    let mut t = moving("").played(TO_RIFLE);
    t.play("rifle --firer-unit f1 --target-unit a2 --range 5");
    t.when("rifle --firer-unit a2 --target-unit f1 --range 5 --dice 1")
        .accepted()
        .says(&["4e ligne (f1) loses 1 figure"]);
}

/// > Troops in a village's inner area cannot be fired on at all (rifle or cannon); they can only
/// > be meleed (by cavalry only through a gate).
#[test]
fn troops_in_a_villages_inner_area_are_only_meleed() {
    let mut t = moving("").played(TO_CANNON);
    t.when(
        "artillery --gun-unit a-gun --target-unit f1 --range 12 --target-in village-inner --dice 1",
    )
    .refused(&["artillery cannot hit troops in the inner area of a village or forest"]);
    t.play("next\nnext");
    t.when("rifle --firer-unit a-gr --target-unit f1 --range 5 --target-in village-inner")
        .refused(&["troops in a village's inner area cannot be fired on at all (rifle or cannon)"]);
    t.play("next");
    t.when("melee --attacker-unit a-hc --defender-unit f1 --defender-in village-inner")
        .refused(&["gate"]);
    t.when("melee --attacker-unit a1 --defender-unit f1 --defender-in village-inner --dice 6,1")
        .accepted();
    t.when("melee --attacker-unit a-hc --defender-unit f-gr --defender-in village-inner --gate --dice 6,1")
        .accepted();
}

/// > Rifle fire at a gun crew (the cannon's axle is within musket range): Line 4/3/2 kill the
/// > crew on 3-6; Line 1 figure on 6; Light or Grenadier, any strength, on 1-3-6.
#[test]
fn rifle_fire_at_a_gun_crew() {
    let mut t = exposed("").played(TO_RIFLE);
    t.play("hits a-gr 3\nhits a1 2");
    let crew = |t: &Table, firer: &str| {
        t.odds(&format!(
            "rifle --firer-unit {firer} --target-unit f-gun --range 5"
        ))
        .of("crew is killed")
    };
    exactly(crew(&t, "a1"), 1, 3);
    exactly(crew(&t, "a2"), 1, 3);
    exactly(crew(&t, "a3"), 1, 6);
    exactly(crew(&t, "a-lt"), 1, 2);
    exactly(crew(&t, "a-gr"), 1, 2);
    // Whatever the formation or the place: the crew table.
    let odds = t.odds(
        "rifle --firer-unit a2 --target-unit f-gun --range 5 --from hill --target-in village-outer",
    );
    exactly(odds.of("crew is killed"), 1, 3);
    t.when("rifle --firer-unit a1 --target-unit f-gun --range 7")
        .refused(&["beyond musket range"]);
    t.when("rifle --firer-unit a3 --target-unit f-gun --range 5 --dice 6")
        .accepted()
        .says(&["B — Line, 1 figure", "crew is killed"]);
}

/// > A gun at canister range fires its canister first.
#[test]
fn a_gun_at_canister_range_fires_canister_before_the_rifles() {
    let mut t = moving("").played(TO_CANNON);
    // Not ordinary fire at troops within musket range: canister, in its cannon fire.
    t.when("artillery --gun-unit a-gun --target-unit f1 --range 5 --dice 1")
        .refused(&["fires canister", "`canister`"]);
    t.play("canister --gun-unit a-gun --target-unit f1 --range 5");
    assert_eq!(t.state().unit("f1").left(), 3);
    // It is over before rifle fire: canister waits for no regiment's rifles, nor comes after them.
    t.play("next\nnext");
    t.when("canister --gun-unit a-ha --target-unit f1 --range 5")
        .refused(&["belongs to the Cannon fire or Return cannon fire phases"]);
}

/// > When concealment rules are used, Line infantry's rifle fire cannot kill light cavalry; only
/// > Light infantry's and Grenadiers' fire can (see the light-cavalry section).
#[test]
fn under_concealment_only_light_infantry_and_grenadiers_shoot_light_cavalry() {
    let mut t = moving("").played(TO_RIFLE);
    t.when("rifle --firer-unit a1 --target-unit f-lc --range 5")
        .accepted()
        .says(&[
            "Line infantry's rifle fire cannot kill light cavalry",
            "Chasseurs (f-lc) loses no figure",
        ]);
    exactly(
        t.odds("rifle --firer-unit a3 --target-unit f-lc --range 5")
            .figure("p_kill"),
        0,
        1,
    );
    t.play("rifle --firer-unit a-lt --target-unit f-lc --range 5");
    t.play("rifle --firer-unit a-gr --target-unit f-lc --range 5");
    assert_eq!(t.state().unit("f-lc").left(), 1);
    // Without the concealment rules, Line shoots them as any target.
    let mut t = Table::given(&in_the_open(""))
        .played("next --dice 5,2")
        .played(TO_RIFLE);
    t.when("rifle --firer-unit a1 --target-unit f-lc --range 5")
        .accepted()
        .says(&["Chasseurs (f-lc) loses 1 figure"]);
}

// ---- artillery fire -----------------------------------------------------------------------------

/// > Range 16" on the flat; 18" from a hill or fortress wall (not from a village).
#[test]
fn a_gun_reaches_sixteen_inches_on_the_flat_and_eighteen_from_a_hill_or_wall() {
    let mut t = moving("").played(TO_CANNON);
    t.when("artillery --gun-unit a-gun --target-unit f1 --range 17 --dice 1")
        .refused(&["16\""]);
    for on in ["hill", "fortress"] {
        let odds = t.odds(&format!(
            "artillery --gun-unit a-gun --target-unit f1 --range 18 --gun-on {on}"
        ));
        exactly(odds.figure("p_kill"), 1, 2);
    }
    t.odds_refused(
        "artillery --gun-unit a-gun --target-unit f1 --range 19 --gun-on hill",
        &["18\""],
    );
    // A village is flat ground: no choice of a village above the flat.
    t.when("artillery --gun-unit a-gun --target-unit f1 --range 17 --gun-on village --dice 1")
        .not_understood(&["village"]);
    t.when("artillery --gun-unit a-gun --target-unit f1 --range 16 --dice 1")
        .accepted()
        .says(&["within a gun's range on the flat (16\")"]);
}

/// > Whether each unit is in a village (outer or inner area), a forest (outer or inner), on a hill,
/// > or in the open — the umpire sets this when it matters for a resolution.
///
/// What the battle can know it keeps: a gun that fired from a hill stands on it at its next
/// shots, its form opening with the hill in (at 120×40 and 80×24) and its row saying `HILL`,
/// until it moves; then its place is asked again.
#[test]
fn a_gun_on_a_hill_stays_on_it_until_it_moves() {
    let mut t = moving("").played(TO_CANNON);
    t.play("artillery --gun-unit a-gun --target-unit f1 --range 18 --gun-on hill --dice 4");
    let s = t.state();
    assert_eq!(s.unit("a-gun").marker("gun_on"), Some(1));
    assert!(
        s.unit("a-gun").badges().contains(&"HILL"),
        "{:?}",
        s.unit("a-gun").badges()
    );
    next_move(&mut t);
    to_phase(&mut t, "cannon_fire");
    // Still on its hill: 18" without saying so again.
    t.odds("artillery --gun-unit a-gun --target-unit f1 --range 18");
    for (w, h) in [(120, 40), (80, 24)] {
        let screen = t.ui(|ui| {
            ui.select("a-gun").keys("a").fill("target-unit", "f1");
            assert_eq!(
                ui.form()
                    .fields
                    .iter()
                    .find(|f| f.def.name == "gun-on")
                    .map(|f| f.text.clone()),
                Some("hill".to_string())
            );
            ui.screen(w, h)
        });
        assert!(screen.contains("hill"), "{w}×{h}:\n{screen}");
    }
    t.when("artillery --gun-unit a-gun --target-unit f1 --range 18 --dice 4")
        .accepted();
    // It moves: its place is forgotten, and 18" is beyond the flat's range again.
    next_move(&mut t);
    t.play("mark a-gun moved");
    assert!(!t.state().unit("a-gun").badges().contains(&"HILL"));
    next_move(&mut t);
    assert_eq!(t.state().unit("a-gun").marker("gun_on"), None);
    to_phase(&mut t, "cannon_fire");
    t.when("artillery --gun-unit a-gun --target-unit f1 --range 18 --dice 4")
        .refused(&["16\""]);
}

/// > A gun fires once a move and only if it did not move.
#[test]
fn a_gun_fires_once_a_move_and_not_after_moving() {
    let mut t = moving("").played(TO_CANNON);
    t.play("artillery --gun-unit a-gun --target-unit f1 --range 12 --dice 4");
    t.when("artillery --gun-unit a-gun --target-unit f-gr --range 12 --dice 1")
        .refused(&["has already fired this move"]);
    t.when("canister --gun-unit a-gun --target-unit f-gr --range 5")
        .refused(&["has already fired this move"]);
    // Moved this move: it may not fire.
    t.play("mark a-gun moved");
    let mut t = moving("").played("mark a-gun moved").played(TO_CANNON);
    t.when("artillery --gun-unit a-gun --target-unit f1 --range 12 --dice 1")
        .refused(&["moved", "cannot fire"]);
    // The next move it fires again (the end of the move lifts both marks).
    next_move(&mut t);
    let s = t.state();
    assert!(!s.unit("a-gun").has("moved") && !s.unit("a-gun").has("fired"));
    t.play(TO_CANNON);
    t.when("artillery --gun-unit a-gun --target-unit f1 --range 12 --dice 1")
        .accepted();
}

/// > One d6 per gun:
#[test]
fn one_d6_per_gun() {
    let mut t = moving("").played(TO_CANNON);
    t.when("artillery --gun-unit a-gun --target-unit f1 --range 12 --dice 1,3")
        .not_understood(&["not used"]);
    t.when("artillery --gun-unit a-gun --target-unit f1 --range 12 --dice 1")
        .accepted()
        .says(&["1 (d6)"]);
    let odds = t.odds("artillery --gun-unit a-ha --target-unit f1 --range 12");
    exactly(odds.sum(""), 1, 1);
    exactly(odds.figure("p_kill"), 3, 6);
}

/// > 1-3-6: one figure killed.
#[test]
fn one_three_or_six_kills_a_figure() {
    for face in [1, 3, 6] {
        let mut t = moving("").played(TO_CANNON);
        t.when(&format!(
            "artillery --gun-unit a-gun --target-unit f1 --range 12 --dice {face}"
        ))
        .accepted()
        .says(&["one figure killed", "4e ligne (f1) loses 1 figure: 3 left"]);
    }
}

/// > 2: the target regiment or squadron retires in confusion 3 moves (Grenadiers ignore it; no
/// > effect on guns).
#[test]
fn a_two_drives_a_regiment_or_squadron_back_three_moves_but_not_grenadiers_or_guns() {
    let mut t = exposed("").played(TO_CANNON);
    t.play("artillery --gun-unit a-gun --target-unit f-lc --range 12 --dice 2");
    assert_eq!(t.state().unit("f-lc").marker("retiring"), Some(3));
    t.when("artillery --gun-unit a-ha --target-unit f-gr --range 12 --dice 2")
        .accepted()
        .says(&["Grenadiers are not affected", "No effect"]);
    assert!(!t.state().unit("f-gr").has("retiring"));
    next_move(&mut t);
    t.play(TO_CANNON);
    t.when("artillery --gun-unit a-gun --target-unit f-gun --range 12 --dice 2")
        .accepted()
        .says(&["No effect"]);
    let s = t.state();
    assert!(!s.unit("f-gun").has("retiring") && !s.unit("f-gun").has("gun_hits"));
}

/// > 4, 5: no effect.
#[test]
fn a_four_or_five_has_no_effect() {
    for face in [4, 5] {
        let mut t = moving("").played(TO_CANNON);
        t.when(&format!(
            "artillery --gun-unit a-gun --target-unit f1 --range 12 --dice {face}"
        ))
        .accepted()
        .says(&["No effect"]);
        let s = t.state();
        assert!(s.unit("f1").hits() == 0 && !s.unit("f1").has("retiring"));
    }
    let t = moving("").played(TO_CANNON);
    exactly(
        t.odds("artillery --gun-unit a-gun --target-unit f1 --range 12")
            .of("No effect"),
        2,
        6,
    );
}

/// > Counter-battery: 1-3-6 is a hit on the gun; the third hit destroys it at once (no return
/// > fire).
#[test]
fn counter_battery_hits_add_up_and_the_third_destroys_the_gun() {
    let mut t = exposed("").played(TO_CANNON);
    exactly(
        t.odds("artillery --gun-unit a-gun --target-unit f-gun --range 12")
            .figure("p_hit"),
        1,
        2,
    );
    t.play("artillery --gun-unit a-gun --target-unit f-gun --range 12 --dice 3");
    t.play("artillery --gun-unit a-ha --target-unit f-gun --range 12 --dice 4");
    assert_eq!(t.state().unit("f-gun").marker("gun_hits"), Some(1));
    next_move(&mut t);
    t.play(TO_CANNON);
    t.play("artillery --gun-unit a-gun --target-unit f-gun --range 12 --dice 6");
    assert!(t.state().unit("f-gun").badges().contains(&"CB 2/3"));
    t.when("artillery --gun-unit a-ha --target-unit f-gun --range 12 --dice 1")
        .accepted()
        .says(&["takes its third hit: the gun is destroyed at once and does not fire back"]);
    assert!(
        t.state()
            .unit("f-gun")
            .removed()
            .is_some_and(|r| r.contains("counter-battery"))
    );
    t.play("next");
    t.when("artillery --gun-unit f-gun --target-unit a1 --range 12 --dice 1")
        .refused(&["no longer on the table"]);
}

/// > Canister: at musket range against infantry or cavalry, one figure is killed automatically
/// > (before the target's rifles fire); the target may fire back at the crew at the same moment,
/// > on the rifle-at-crew table with its strength after the canister kill, and killing the crew
/// > does not undo the canister kill.
#[test]
fn canister_kills_one_figure_and_the_target_may_fire_back_at_the_crew() {
    let mut t = moving("").played(TO_CANNON);
    t.when("canister --gun-unit a-gun --target-unit f-lc --range 5")
        .accepted()
        .says(&[
            "one figure killed automatically",
            "Chasseurs (f-lc) loses 1 figure: 2 left",
        ]);
    // IR 4e ligne of two figures fires back with the one left: row B, a 6.
    t.play("hits f1 2");
    let odds = t.odds("canister --gun-unit a-ha --target-unit f1 --range 5 --return-fire");
    exactly(odds.figure("p_crew_killed"), 1, 6);
    t.when("canister --gun-unit a-ha --target-unit f1 --range 5 --return-fire --dice 6")
        .accepted()
        .says(&["B — Line, 1 figure", "the canister kill stands"]);
    let s = t.state();
    assert_eq!(s.unit("f1").left(), 1);
    assert!(s.unit("a-ha").has("crew_killed"));
    // Only at troops, and within musket range.
    let mut t = moving("").played(TO_CANNON);
    t.when("canister --gun-unit a-gun --target-unit fort --range 5")
        .refused(&["canister is fired only at troops"]);
    t.when("canister --gun-unit a-gun --target-unit f1 --range 7")
        .refused(&["musket range"]);
}

/// > Decisions: canister is the gun's one shot this move; the return fire is that regiment's rifle
/// > fire for the move; against troops in an outer area canister kills on 3-6 like other
/// > artillery.
#[test]
fn canister_is_the_guns_shot_its_return_fire_the_regiments_and_an_outer_area_kills_on_three_six() {
    let mut t = moving("").played(TO_CANNON);
    t.play("canister --gun-unit a-gun --target-unit f1 --range 5 --return-fire --dice 4");
    t.when("artillery --gun-unit a-gun --target-unit f-gr --range 12 --dice 1")
        .refused(&["has already fired this move"]);
    t.play("next\nnext");
    t.when("rifle --firer-unit f1 --target-unit a1 --range 5")
        .refused(&["has already fired this move"]);
    // Into an outer area canister kills on 3-6.
    let mut t = moving("").played(TO_CANNON);
    let odds =
        t.odds("canister --gun-unit a-gun --target-unit f1 --range 5 --target-in village-outer");
    exactly(odds.figure("p_canister_kill"), 1, 3);
    t.when(
        "canister --gun-unit a-gun --target-unit f1 --range 5 --target-in forest-outer --dice 4",
    )
    .accepted()
    .says(&["4e ligne (f1) loses no figure"]);
    // Under the option canister_in_outer_area = "automatic", it kills as in the open.
    let t = moving("canister_in_outer_area = \"automatic\"").played(TO_CANNON);
    let odds =
        t.odds("canister --gun-unit a-gun --target-unit f1 --range 5 --target-in village-outer");
    exactly(odds.figure("p_canister_kill"), 1, 1);
}

/// > Into the outer area of a village or forest: a figure is killed on 3-6 only; a 2 has no
/// > effect.
#[test]
fn into_an_outer_area_a_three_or_six_kills_and_a_two_does_nothing() {
    for (face, lost) in [(1, 0), (2, 0), (3, 1), (4, 0), (5, 0), (6, 1)] {
        let mut t = moving("").played(TO_CANNON);
        t.play(&format!(
            "artillery --gun-unit a-gun --target-unit f1 --range 12 --target-in forest-outer --dice {face}"
        ));
        let s = t.state();
        assert_eq!(s.unit("f1").hits(), lost, "face {face}");
        assert!(!s.unit("f1").has("retiring"), "face {face}");
    }
    let t = moving("").played(TO_CANNON);
    let odds =
        t.odds("artillery --gun-unit a-gun --target-unit f1 --range 12 --target-in village-outer");
    exactly(odds.figure("p_kill"), 1, 3);
    exactly(odds.sum("retires"), 0, 1);
}

/// > The inner areas cannot be hit.
#[test]
fn the_inner_areas_cannot_be_hit() {
    let mut t = moving("").played(TO_CANNON);
    for inner in ["village-inner", "forest-inner"] {
        t.when(&format!(
            "artillery --gun-unit a-gun --target-unit f1 --range 12 --target-in {inner} --dice 1"
        ))
        .refused(&["cannot hit troops in the inner area"]);
        t.when(&format!(
            "canister --gun-unit a-gun --target-unit f1 --range 5 --target-in {inner}"
        ))
        .refused(&["inner area"]);
    }
}

/// > Horse artillery may half-move and fire in one move, or limber and half-move without firing.
#[test]
fn horse_artillery_may_move_and_fire_a_cannon_may_not() {
    let mut t = moving("")
        .played("mark a-ha moved\nmark a-gun moved")
        .played(TO_CANNON);
    t.when("artillery --gun-unit a-ha --target-unit f1 --range 12 --dice 1")
        .accepted()
        .says(&["4e ligne (f1) loses 1 figure"]);
    t.when("artillery --gun-unit a-gun --target-unit f1 --range 12 --dice 1")
        .refused(&["cannot fire"]);
}

/// > Walls, fortresses, ships: the scenario sets how many hits destroy them; track the count.
#[test]
fn works_take_the_scenarios_count_of_hits() {
    let mut t = moving("").played(TO_CANNON);
    assert!(t.state().unit("fort").badges().contains(&"HITS 0/2"));
    t.when("artillery --gun-unit a-gun --target-unit fort --range 12 --dice 2")
        .accepted()
        .says(&["No effect"]);
    t.play("artillery --gun-unit a-ha --target-unit fort --range 12 --dice 3");
    assert!(t.state().unit("fort").badges().contains(&"HITS 1/2"));
    next_move(&mut t);
    t.play(TO_CANNON);
    t.when("artillery --gun-unit a-gun --target-unit fort --range 12 --dice 6")
        .accepted()
        .says(&["Fort (fort) takes hit 2 of 2: destroyed"]);
    assert!(t.state().unit("fort").removed().is_some());
    // Only artillery damages them.
    let mut t = moving("").played(TO_RIFLE);
    t.when("rifle --firer-unit a-gr --target-unit fort --range 5")
        .refused(&["is a wall, fortress or ship"]);
    // A scenario that leaves the count out is refused.
    let no_count = brigades("").replace("  hits_to_destroy = 2\n", "");
    check(&no_count).refused(&["need `hits_to_destroy`"]);
}

// ---- melee ------------------------------------------------------------------------------------

/// > Fought stand against stand.
///
/// > Each side's kills, by type and figures left:
#[test]
fn a_melee_is_one_stand_against_one_each_killing_by_its_type_and_figures() {
    let mut t = moving("").played(TO_MELEE);
    t.when("melee --attacker-unit a-gr --defender-unit f1 --dice 6,1")
        .accepted()
        .says(&[
            "fought stand against stand",
            "Grenadiers, 4 figures: 2 killed automatically",
            "Line infantry, 4 figures: 1 killed automatically",
        ]);
    let s = t.state();
    assert_eq!((s.unit("a-gr").left(), s.unit("f1").left()), (3, 2));
}

/// The expected kills of `attacker`'s stand with `left` figures on the French 4e ligne.
fn kills(attacker: &str, left: u64) -> f64 {
    let mut t = moving("").played(TO_MELEE);
    let full = t.state().unit(attacker).hit_limit();
    t.play(&format!("hits {attacker} {}", full - left));
    t.odds(&format!(
        "melee --attacker-unit {attacker} --defender-unit f1"
    ))
    .figure("expected_defender_losses")
}

/// > Each side's kills, by type and figures left: Line or Light infantry | 1 | 1 | 1 | 1 on a 6
#[test]
fn melee_line_or_light_infantry_kill_one_and_one_figure_on_a_six() {
    for attacker in ["a1", "a-lt"] {
        for left in [4, 3, 2] {
            exactly(kills(attacker, left), 1, 1);
        }
        exactly(kills(attacker, 1), 1, 6);
    }
    let mut t = moving("").played(TO_MELEE);
    t.when("melee --attacker-unit a3 --defender-unit f1 --dice 5")
        .accepted()
        .says(&[
            "Line infantry, 1 figure: 1 killed on a 6",
            "no figure of the defender",
        ]);
}

/// > Each side's kills, by type and figures left: Grenadiers | 2 | 1 | 1 | 1
#[test]
fn melee_grenadiers_kill_two_at_four_figures_and_one_below() {
    exactly(kills("a-gr", 4), 2, 1);
    for left in [3, 2, 1] {
        exactly(kills("a-gr", left), 1, 1);
    }
}

/// > Each side's kills, by type and figures left: Heavy cavalry | – | 2 | 1 | 1 on 1-3-6
#[test]
fn melee_heavy_cavalry_kill_two_one_or_one_on_one_three_six() {
    exactly(kills("a-hc", 3), 2, 1);
    exactly(kills("a-hc", 2), 1, 1);
    exactly(kills("a-hc", 1), 1, 2);
    // No squadron has four figures.
    let mut t = moving("").played(TO_MELEE);
    t.when("melee --attacker-unit a-hc --defender-unit f1 --attacker-figures 4")
        .not_understood(&["at most 3 figures"]);
}

/// > Each side's kills, by type and figures left: Light cavalry | – | 1 | 1 on 1-3-6 | 1 on 3-6
#[test]
fn melee_light_cavalry_kill_one_or_one_on_one_three_six_or_on_three_six() {
    exactly(kills("a-lc", 3), 1, 1);
    exactly(kills("a-lc", 2), 1, 2);
    exactly(kills("a-lc", 1), 1, 3);
    let mut t = moving("").played(TO_MELEE);
    t.when("melee --attacker-unit a-lc --defender-unit f1 --attacker-figures 4")
        .not_understood(&["at most 3 figures"]);
}

/// > Casualties are removed from both sides at once, then morale: each side multiplies its
/// > remaining combat points by one d6; the higher total holds, the lower retires 3 moves.
#[test]
fn casualties_fall_at_once_then_morale_combat_points_times_a_die() {
    // IR 3's last figure strikes with a 6 as the 4e ligne strikes it down: both kills stand.
    let mut t = moving("").played(TO_MELEE);
    t.play("melee --attacker-unit a3 --defender-unit f1 --dice 6");
    let s = t.state();
    assert_eq!((s.unit("a3").left(), s.unit("f1").left()), (0, 3));
    // Morale: the grenadiers' 3 figures × 6 = 18 points × 2 = 36 against the 4e ligne's
    // 2 × 4 = 8 points × 5 = 40: the 4e ligne holds, the grenadiers retire.
    let mut t = moving("").played(TO_MELEE);
    t.when("melee --attacker-unit a-gr --defender-unit f1 --dice 2,5")
        .accepted()
        .says(&[
            "2 × 18 = 36",
            "5 × 8 = 40",
            "the defender (Line infantry) holds",
        ]);
    let s = t.state();
    assert_eq!(s.unit("a-gr").marker("retiring"), Some(3));
    assert!(!s.unit("f1").has("retiring"));
    let odds = t.odds("melee --attacker-unit a1 --defender-unit f-gr");
    exactly(odds.sum(""), 1, 1);
}

/// > Decision: a tie is thrown again.
#[test]
fn a_morale_tie_is_thrown_again_or_both_hold_under_the_option() {
    let mut t = moving("").played(TO_MELEE);
    t.when("melee --attacker-unit a1 --defender-unit f1 --dice 2,2,3,5")
        .accepted()
        .says(&[
            "a tie: thrown again",
            "Morale, thrown again (2)",
            "the defender (Line infantry) holds",
        ]);
    assert_eq!(t.state().unit("a1").marker("retiring"), Some(3));
    // Thrown again until one holds: nobody is left holding together.
    let odds = t.odds("melee --attacker-unit a-lt --defender-unit f-gr");
    exactly(
        odds.figure("p_attacker_holds") + odds.figure("p_defender_holds"),
        1,
        1,
    );
    // Under the option morale_tie = "both-hold", equal totals both hold.
    let mut t = moving("morale_tie = \"both-hold\"").played(TO_MELEE);
    t.when("melee --attacker-unit a1 --defender-unit f1 --dice 2,2")
        .accepted()
        .says(&["both hold"]);
    let s = t.state();
    assert!(!s.unit("a1").has("retiring") && !s.unit("f1").has("retiring"));
}

/// > A unit with no figures left has lost.
#[test]
fn a_unit_with_no_figures_left_has_lost() {
    let mut t = moving("").played(TO_MELEE);
    t.play("hits f-gr 3");
    t.when("melee --attacker-unit a-hc --defender-unit f-gr")
        .accepted()
        .says(&[
            "has no figures left and has lost: no morale throw is needed",
            "the attacker (Heavy cavalry) holds",
        ]);
    let s = t.state();
    assert!(s.unit("f-gr").removed().is_some());
    assert!(!s.unit("a-hc").has("retiring"));
}

/// > A cross-country column defends with the power of one regiment.
#[test]
fn a_cross_country_column_defends_as_one_regiment() {
    let mut t = exposed("").played(TO_MELEE);
    t.when("melee --attacker-unit a-gr --defender-unit f2 --dice 1,6")
        .accepted()
        .says(&[
            "a cross-country column defends with the power of one regiment",
            "Line infantry, 4 figures: 1 killed automatically",
        ]);
    let s = t.state();
    // Only the regiment in contact fought: the rest of the column is untouched.
    assert_eq!(
        (
            s.unit("f2").left(),
            s.unit("f3").left(),
            s.unit("f-lt").left()
        ),
        (2, 4, 4)
    );
}

/// > Reinforced melee: the original pair fights first; then the reinforcing stand (which must reach
/// > the enemy's flank or rear, never by a charge move) fights the remnants; then morale is thrown
/// > once (decision) with every stand's remaining combat points on each side.
#[test]
fn a_reinforced_melee_fights_the_pair_then_the_reinforcement_then_one_morale_throw() {
    // IR 1 attacks the 4e ligne; the French grenadiers come in on IR 1's flank.
    let mut t = moving("").played(TO_MELEE);
    t.when("reinforced-melee --attacker-unit a1 --defender-unit f1 --reinforcement-unit f-gr --dice 1,6")
        .accepted()
        .says(&[
            "reinforced by Grenadiers (4 figures) on the defender's side",
            "never by a charge move",
            "Kills by the reinforcement",
            "Kills by the remnant",
            "Casualties removed after the second fight",
            "the attacking side 1 × 4 = 4, the defending side 6 × 30 = 180",
        ]);
    let s = t.state();
    // IR 1 lost one figure to the 4e ligne, two to the grenadiers; the 4e ligne one, the
    // grenadiers one (IR 1's remnant of 3 strikes back).
    assert_eq!(
        (
            s.unit("a1").left(),
            s.unit("f1").left(),
            s.unit("f-gr").left()
        ),
        (1, 3, 3)
    );
    assert_eq!(s.unit("a1").marker("retiring"), Some(3));
    // Only one morale throw: two morale faces in all.
    let odds = t.odds(
        "reinforced-melee --attacker-unit a-lt --defender-unit f-lc --reinforcement-unit a-gr",
    );
    exactly(odds.sum(""), 1, 1);
}

/// > Cavalry squadrons always fight as separate squadrons (two 1-figure squadrons roll twice).
#[test]
fn two_one_figure_squadrons_roll_twice() {
    let mut t = moving("").played(TO_MELEE);
    t.play("hits a-hc 2\nhits a-lc 2");
    t.when("reinforced-melee --attacker-unit a-hc --defender-unit f1 --reinforcement-unit a-lc --dice 1,6,6,3")
        .accepted()
        .says(&[
            "cavalry squadrons always fight as separate squadrons",
            "Heavy cavalry, 1 figure: 1 killed on 1-3-6",
            "Light cavalry, 1 figure: 1 killed on 3-6",
        ]);
    // Not one 2-figure squadron's outright kill: two throws, 1/2 and 1/3.
    t.play("undo");
    let odds = t
        .odds("reinforced-melee --attacker-unit a-hc --defender-unit f1 --reinforcement-unit a-lc");
    exactly(odds.figure("expected_defender_losses"), 5, 6);
}

/// > Only enemy infantry may enter a village's outer area and melee its defenders (cavalry may
/// > not); cavalry reach the inner area only through a gate.
#[test]
fn only_infantry_melee_a_villages_outer_area_and_cavalry_the_inner_through_a_gate() {
    let mut t = moving("").played(TO_MELEE);
    for cavalry in ["a-hc", "a-lc"] {
        t.when(&format!(
            "melee --attacker-unit {cavalry} --defender-unit f1 --defender-in village-outer"
        ))
        .refused(&["only infantry may enter a village's outer area"]);
        t.when(&format!(
            "melee --attacker-unit {cavalry} --defender-unit f1 --defender-in village-inner"
        ))
        .refused(&["gate"]);
    }
    t.when("melee --attacker-unit a-lt --defender-unit f1 --defender-in village-outer --dice 6,1")
        .accepted();
    t.when("melee --attacker-unit a-hc --defender-unit f-gr --defender-in village-inner --gate --dice 6,1")
        .accepted();
}

/// > Melee against a gun crew: if attacked from front or flank, the crew fires: 1-3-6 hurls the
/// > attackers back 3 moves and saves the gun; otherwise the crew is killed and the gun captured.
#[test]
fn a_crew_attacked_from_front_or_flank_saves_its_gun_on_one_three_six() {
    let t = exposed("").played(TO_MELEE);
    for from in ["front", "flank"] {
        let odds = t.odds(&format!(
            "melee-crew --attacker-unit a1 --gun-unit f-gun --attacked-from {from}"
        ));
        exactly(odds.sum("saved"), 1, 2);
    }
    for (face, saved) in [
        (1, true),
        (2, false),
        (3, true),
        (4, false),
        (5, false),
        (6, true),
    ] {
        let mut t = exposed("").played(TO_MELEE);
        t.play(&format!(
            "melee-crew --attacker-unit a1 --gun-unit f-gun --attacked-from flank --dice {face}"
        ));
        let s = t.state();
        assert_eq!(s.unit("a1").has("retiring"), saved, "face {face}");
        assert_eq!(s.unit("f-gun").has("crew_killed"), !saved, "face {face}");
        assert_eq!(
            s.unit("f-gun").marker("captured"),
            (!saved).then_some(1),
            "face {face}"
        );
    }
}

/// > Attacked from the rear, the crew gets no roll: it is killed and the gun captured.
#[test]
fn a_crew_attacked_from_the_rear_is_killed_without_a_roll() {
    let mut t = exposed("").played(TO_MELEE);
    t.when("melee-crew --attacker-unit a1 --gun-unit f-gun --attacked-from rear --dice 3")
        .not_understood(&["not used"]);
    t.when("melee-crew --attacker-unit a1 --gun-unit f-gun --attacked-from rear")
        .accepted()
        .says(&["captured by Austrians"]);
    let s = t.state();
    assert!(s.unit("f-gun").has("crew_killed"));
    assert_eq!(s.unit("f-gun").marker("captured"), Some(1));
    let t = exposed("").played(TO_MELEE);
    exactly(
        t.odds("melee-crew --attacker-unit a1 --gun-unit f-gun --attacked-from rear")
            .sum("captured"),
        1,
        1,
    );
}

/// > A captured gun can be re-manned by its holder after 3 moves; until then it neither moves nor
/// > fires.
#[test]
fn a_captured_gun_is_re_manned_by_its_holder_after_three_moves() {
    let mut t = exposed("").played(TO_MELEE);
    t.play("melee-crew --attacker-unit a-gr --gun-unit f-gun --attacked-from rear");
    // Moves 2 to 4: held, silent.
    for _ in 0..3 {
        next_move(&mut t);
        t.play(TO_CANNON);
        t.when("artillery --gun-unit f-gun --target-unit f1 --range 12 --dice 1")
            .refused(&["captured and not yet re-manned: it neither moves nor fires"]);
    }
    // Move 5: the Austrians' own.
    next_move(&mut t);
    assert!(t.state().unit("f-gun").badges().contains(&"TAKEN au"));
    t.play(TO_CANNON);
    t.when("artillery --gun-unit f-gun --target-unit f1 --range 12 --dice 1")
        .accepted()
        .says(&["4e ligne (f1) loses 1 figure"]);
}

/// > Firing into a melee kills as many friends as enemies.
#[test]
fn firing_into_a_melee_kills_as_many_friends_as_enemies() {
    // IR 1 has charged the 4e ligne; the Austrian battery fires into their melee.
    let mut t = moving("").played(TO_CANNON);
    let odds =
        t.odds("artillery --gun-unit a-gun --target-unit f1 --range 12 --friend-in-melee a1");
    exactly(odds.figure("expected_friend_losses"), 1, 2);
    assert!(odds.notes("fired into a melee"));
    t.when("artillery --gun-unit a-gun --target-unit f1 --range 12 --friend-in-melee a1 --dice 3")
        .accepted()
        .says(&[
            "4e ligne (f1) loses 1 figure: 3 left",
            "IR 1 (a1) loses 1 figure: 3 left",
        ]);
    // A 2 kills nobody: the 4e ligne falls back, IR 1 loses nothing.
    t.when("artillery --gun-unit a-ha --target-unit f1 --range 12 --friend-in-melee a1 --dice 2")
        .accepted();
    let s = t.state();
    assert_eq!((s.unit("f1").left(), s.unit("a1").left()), (3, 3));
    assert_eq!(s.unit("f1").marker("retiring"), Some(3));
    // Canister into it: one figure each.
    let mut t = moving("").played(TO_CANNON);
    t.play("canister --gun-unit a-gun --target-unit f1 --range 5 --friend-in-melee a-hc");
    let s = t.state();
    assert_eq!((s.unit("f1").left(), s.unit("a-hc").left()), (3, 2));
    // Rifles into it: the grenadiers' outright kill costs the cuirassiers a figure too.
    t.play("next\nnext");
    t.when("rifle --firer-unit a-gr --target-unit f1 --range 5 --friend-in-melee a-hc")
        .accepted()
        .says(&[
            "fired into a melee",
            "Kürassiere (a-hc) loses 1 figure: 1 left",
        ]);
    // The friend is the firer's own, and the fire is at men.
    t.when("rifle --firer-unit a-lt --target-unit f1 --range 5 --friend-in-melee f-gr")
        .refused(&["is not on a-lt's side"]);
    t.when("rifle --firer-unit a-lt --target-unit f1 --range 5 --friend-in-melee a-lt")
        .refused(&["is the firer"]);
    let mut t = exposed("").played(TO_CANNON);
    t.when(
        "artillery --gun-unit a-gun --target-unit f-gun --range 12 --friend-in-melee a1 --dice 1",
    )
    .refused(&["firing into a melee kills as many friends as enemies"]);
    // Fire that is into no melee costs no friend.
    t.play("artillery --gun-unit a-gun --target-unit f1 --range 12 --dice 1");
    assert_eq!(t.state().unit("a1").left(), 4);
}

// ---- concealed columns ------------------------------------------------------------------------

/// > At the start, a side may hide any of its units behind numbered concealment stands.
#[test]
fn a_side_hides_units_behind_numbered_stands_from_the_start() {
    let t = Table::given(&brigades(""));
    let s = t.state();
    assert_eq!(s.unit("f2").0["concealed"], true);
    let report = t.report(&["--side", "au"]);
    assert!(
        report.contains("Concealment stand 1 (its contents unseen)"),
        "{report}"
    );
    // The Austrians may hide theirs too, numbered apart.
    let both = brigades("").replace(
        "[[side]]\nid = \"fr\"",
        "  [[side.concealed]]\n  number = 2\n  units = [\"a1\", \"a-gun\"]\n\n[[side]]\nid = \"fr\"",
    );
    let t = Table::given(&both);
    assert_eq!(t.state().unit("a-gun").0["concealed"], true);
    assert!(
        t.report(&["--side", "fr"])
            .contains("Concealment stand 2 (its contents unseen)")
    );
    // Stands are the scenario's: the concealment rules must be on.
    check(&brigades("").replace("concealment = true", "concealment = false"))
        .refused(&["concealment stands need the concealment rules"]);
}

/// Two brigades whose French stand 1 lists `units` (each id a French unit, extra Line regiments
/// `f-x1` … `f-xN` added to the brigade first).
fn with_stand(extra_regiments: usize, units: &str) -> String {
    let mut s = brigades("");
    let mut more = String::new();
    for i in 1..=extra_regiments {
        more += &format!(
            "    [[side.formation.unit]]\n    id = \"f-x{i}\"\n    name = \"{i}e de marche\"\n    kind = \"line\"\n"
        );
    }
    let at = s.find("  [[side.concealed]]").expect("the stand");
    s.insert_str(at, &more);
    let list = s.find("units = [\"f-hc\"").expect("the list");
    let end = s[list..].find('\n').expect("its line") + list;
    s.replace_range(list..end, &format!("units = [{units}]"));
    s
}

/// > Each stand's list holds at least one regiment, cannon or cavalry unit, and at most a brigade
/// > of 12 regiments plus cannons and cavalry.
#[test]
fn a_stand_hides_one_to_twelve_regiments_plus_cannons_and_cavalry() {
    check(&with_stand(0, "")).refused(&["hides at least one regiment, cannon or cavalry squadron"]);
    check(&with_stand(0, "\"f-gun\"")).accepted();
    check(&with_stand(0, "\"f-hc\"")).accepted();
    // Twelve regiments, a gun and a squadron: a brigade.
    let twelve: Vec<String> = (1..=12).map(|i| format!("\"f-x{i}\"")).collect();
    let all = format!("{}, \"f-gun\", \"f-hc\"", twelve.join(", "));
    check(&with_stand(12, &all)).accepted();
    let t = Table::given(&with_stand(12, &all));
    assert_eq!(t.state().unit("f-x12").0["concealed"], true);
    // A thirteenth regiment is one too many.
    let thirteen: Vec<String> = (1..=13).map(|i| format!("\"f-x{i}\"")).collect();
    check(&with_stand(13, &thirteen.join(", "))).refused(&[
        "hides at most a brigade of 12 infantry regiments",
        "lists 13",
    ]);
    // Neither a headquarters nor works are hidden.
    check(&with_stand(0, "\"fr-hq\"")).refused(&["a headquarters cannot be concealed"]);
    check(&with_stand(0, "\"fort\"")).refused(&["cannot be concealed"]);
}

/// > Light cavalry can never be concealed.
#[test]
fn light_cavalry_are_never_concealed() {
    check(&with_stand(0, "\"f2\", \"f-lc\"")).refused(&["light cavalry are never concealed"]);
}

/// > The umpire (and the owning side) sees each list; the opponent sees only the stand's number.
#[test]
fn the_opponent_sees_only_the_stands_number() {
    let mut t = moving("");
    // A move behind the stand is the French side's secret.
    t.play("form --unit f2 --formation cross-country");
    let austrians = t.report(&["--side", "au"]);
    assert!(
        austrians.contains("Concealment stand 1 (its contents unseen)"),
        "{austrians}"
    );
    for hidden in ["f2", "18e ligne", "f-gun", "Cuirassiers"] {
        assert!(!austrians.contains(hidden), "{hidden}: {austrians}");
    }
    let french = t.report(&["--side", "fr"]);
    for seen in ["18e ligne", "f-gun", "concealed behind stand 1"] {
        assert!(french.contains(seen), "{seen}: {french}");
    }
    let umpire = t.report(&[]);
    assert!(umpire.contains("concealed behind stand 1: in its column again"));
    // On the umpire's screen the list; with the secrets hidden, the number alone.
    let screen = t.screen(120, 40);
    assert!(
        screen.contains("Stand 1 · 5 units · the enemy sees: stand 1"),
        "{screen}"
    );
    let hidden = t.ui(|ui| {
        use crate::support::tui::Keys;
        ui.keys("S");
        ui.screen(120, 40)
    });
    assert!(hidden.contains("Stand 1 · contents unseen"), "{hidden}");
    assert!(!hidden.contains("18e ligne"), "{hidden}");
}

/// > A concealed column moves only in cross-country column (4") or behind a screen of 3+
/// > regiments deployed in line (3"); never in road column.
#[test]
fn a_concealed_column_moves_in_cross_country_column_or_behind_a_line_never_in_road_column() {
    let mut t = moving("");
    t.when("form --unit f2 --formation road-column")
        .refused(&["a concealed column never moves in road column"]);
    t.when("form --unit f2 --formation cross-country")
        .accepted()
        .says(&["concealed behind stand 1"]);
    assert_eq!(t.state().unit("f2").0["concealed"], true);
    // Behind a screen of three regiments deployed in line.
    t.when("deploy --stand 1 --units f2,f3,f-lt")
        .accepted()
        .says(&["the rest of the column stays concealed behind them"]);
    let s = t.state();
    assert_eq!(s.unit("f-gun").0["concealed"], true);
    assert_eq!(s.unit("f-hc").0["concealed"], true);
    // A scenario may not start a concealed regiment in road column either.
    let road = brigades("").replace(
        "    id = \"f3\"\n    name = \"46e ligne\"\n    kind = \"line\"\n",
        "    id = \"f3\"\n    name = \"46e ligne\"\n    kind = \"line\"\n    formation = \"road-column\"\n",
    );
    check(&road).refused(&["a concealed column never moves in road column"]);
}

/// > Exposure — the whole column is exposed when: an enemy comes within 16" (vision range) of an
/// > unscreened stand; it is fired on by cannon while unscreened; it is attacked by rifle fire or
/// > melee while unscreened.
#[test]
fn a_column_is_exposed_by_vision_cannon_rifles_or_melee() {
    let whole = |t: &Table| {
        let s = t.state();
        ["f-hc", "f2", "f-gun", "f-lt", "f3"]
            .iter()
            .all(|u| s.unit(u).0["concealed"] == false)
    };
    // Vision: the umpire exposes it.
    let mut t = moving("");
    t.when("expose --stand 1 --cause vision")
        .accepted()
        .says(&["exposed (an enemy within 16\" (vision range) of the unscreened stand)"]);
    assert!(whole(&t));
    t.when("expose --stand 1 --cause vision")
        .refused(&["already exposed"]);
    // Cannon fire at a unit behind the stand exposes the whole column before the result.
    let mut t = moving("").played(TO_CANNON);
    t.when("artillery --gun-unit a-gun --target-unit f-hc --range 12 --dice 1")
        .accepted()
        .says(&[
            "exposed (fired on by cannon)",
            "Cuirassiers (f-hc) loses 1 figure",
        ]);
    assert!(whole(&t));
    // Rifle fire.
    let mut t = moving("").played(TO_RIFLE);
    t.when("rifle --firer-unit a-gr --target-unit f3 --range 5")
        .accepted()
        .says(&["exposed (fired on by rifles)"]);
    assert!(whole(&t));
    // Melee.
    let mut t = moving("").played(TO_MELEE);
    t.when("melee --attacker-unit a-hc --defender-unit f2 --dice 6,1")
        .accepted()
        .says(&["exposed (attacked in melee)"]);
    assert!(whole(&t));
}

/// > Exposure places the units on the table in column (Fig. 11), in march order: Light infantry in
/// > front, cannons in the centre of the whole column, heavy cavalry in the rear — and its
/// > infantry stay in cross-country column (firing and fighting as such) until they deploy, which
/// > they may do from the following move.
#[test]
fn an_exposed_column_is_placed_in_march_order_in_cross_country_column() {
    let mut t = moving("");
    t.when("expose --stand 1 --cause vision")
        .accepted()
        .says(&["in march order 1. 10e légère (f-lt), 2. 18e ligne (f2), 3. Batterie (f-gun), 4. 46e ligne (f3), 5. Cuirassiers (f-hc)", "its 3 regiments stand in cross-country column"]);
    let s = t.state();
    let column = s.unit("f2").marker("cross_country");
    assert!(column.is_some());
    for r in ["f3", "f-lt"] {
        assert_eq!(s.unit(r).marker("cross_country"), column, "{r}");
    }
    // Not before the following move do they deploy.
    t.when("form --unit f2 --formation line")
        .refused(&["may deploy from the following move"]);
    next_move(&mut t);
    t.when("form --unit f2 --formation line")
        .accepted()
        .says(&["no cross-country column without it"]);
    // A column of fewer than three regiments exposed stands in line.
    let two = with_stand(0, "\"f2\", \"f-gun\", \"f3\"");
    let mut t = Table::given(&two).played("next --dice 5,2");
    t.when("expose --stand 1 --cause vision").accepted().says(&[
        "its 2 regiments are no cross-country column",
        "they stand in line",
    ]);
    assert_eq!(t.state().unit("f2").marker("cross_country"), None);
}

/// > Deploying into line exposes every regiment placed in the line (at least 3); the rest may stay
/// > concealed behind them.
#[test]
fn deploying_into_line_exposes_the_regiments_placed_in_it() {
    let mut t = moving("");
    t.when("deploy --stand 1 --units f2,f3")
        .refused(&["holds at least 3 regiments (2 named)"]);
    t.when("deploy --stand 1 --units f2,f3,f-gun")
        .refused(&["only regiments deploy into line"]);
    t.when("deploy --stand 1 --units f2,f3,f-lt")
        .accepted()
        .says(&["deploys f2, f3, f-lt into line"]);
    let s = t.state();
    for u in ["f2", "f3", "f-lt"] {
        assert_eq!(s.unit(u).0["concealed"], false, "{u}");
        assert_eq!(s.unit(u).marker("cross_country"), None, "{u}: in line");
    }
    for u in ["f-gun", "f-hc"] {
        assert_eq!(s.unit(u).0["concealed"], true, "{u}");
    }
    // The Austrians see the line, not what is left behind it.
    let austrians = t.report(&["--side", "au"]);
    assert!(austrians.contains("18e ligne"), "{austrians}");
    assert!(!austrians.contains("Batterie (f-gun)"), "{austrians}");
    // Deploying is a movement.
    let mut t = moving("").played(TO_CANNON);
    t.when("deploy --stand 1 --units f2,f3,f-lt")
        .refused(&["belongs to the Movement phase"]);
}

/// > A screened column cannot fire; the screen takes the fire.
#[test]
fn a_screened_column_cannot_fire_and_its_screen_takes_the_fire() {
    let mut t = moving("").played(TO_RIFLE);
    t.when("rifle --firer-unit f-lt --target-unit a1 --range 5")
        .refused(&["is concealed behind stand 1: a concealed column cannot fire"]);
    t.play("next\nnext --dice 2,5\nnext");
    t.when("artillery --gun-unit f-gun --target-unit a1 --range 12 --dice 1")
        .refused(&["a concealed column cannot fire"]);
    // The chasseurs screen the stand and take the Austrian fire: the column stays hidden.
    t.play("next\nnext");
    t.when("rifle --firer-unit a-lt --target-unit f-lc --range 5")
        .accepted()
        .never_says(&["exposed"]);
    assert_eq!(t.state().unit("f2").0["concealed"], true);
}

/// > In a village a column stays hidden until meleed or deployed; a forest disperses it but it may
/// > stay concealed there.
#[test]
fn in_a_village_or_forest_a_column_stays_hidden() {
    // In a forest: dispersed (out of its column), still concealed.
    let mut t = moving("");
    t.play("form --unit f2 --formation cross-country");
    t.when("form --unit f2 --formation line")
        .accepted()
        .says(&["dispersed, in a forest"]);
    let s = t.state();
    assert_eq!(s.unit("f2").0["concealed"], true);
    assert_eq!(s.unit("f2").marker("cross_country"), None);
    // In a village: hidden until meleed (here in the village's outer area, by infantry) …
    t.play(TO_MELEE);
    t.when("melee --attacker-unit a-gr --defender-unit f2 --defender-in village-outer --dice 6,1")
        .accepted()
        .says(&["exposed (attacked in melee)"]);
    assert_eq!(t.state().unit("f3").0["concealed"], false);
    // … or deployed.
    let mut t = moving("");
    t.play("deploy --stand 1 --units f2,f3,f-lt");
    assert_eq!(t.state().unit("f2").0["concealed"], false);
}

/// > Every exposure is logged with its cause.
#[test]
fn every_exposure_is_logged_with_its_cause() {
    let mut t = moving("")
        .played("deploy --stand 1 --units f2,f3,f-lt")
        .played(TO_CANNON);
    t.play("artillery --gun-unit a-gun --target-unit f-gun --range 12 --dice 4");
    let public = t.report(&["--public"]);
    assert!(
        public.contains("deploys f2, f3, f-lt into line"),
        "{public}"
    );
    assert!(public.contains("exposed (fired on by cannon)"), "{public}");
    let journal = std::fs::read_to_string(t.j()).expect("the journal");
    for cause in ["deployed into line", "fired on by cannon"] {
        assert!(
            journal.contains(&format!("\"cause\":\"{cause}\"")),
            "{cause}"
        );
    }
    // The panel of the exposed stand says why.
    let screen = t.screen(120, 40);
    assert!(
        screen.contains("Stand 1 · 5 units · fired on by cannon [EXPOSED]"),
        "{screen}"
    );
}

// ---- light cavalry under the concealment rules ------------------------------------------------

/// > Scouting only: they are never concealed, cannot attack a gun, and are removed from the table
/// > once they have exposed the enemy columns they were sent against.
#[test]
fn light_cavalry_scout_never_hidden_never_at_a_gun_and_leave_once_they_have_exposed_the_columns() {
    check(&with_stand(0, "\"f-lc\"")).refused(&["light cavalry are never concealed"]);
    let mut t = exposed("").played(TO_MELEE);
    t.when("melee-crew --attacker-unit a-lc --gun-unit f-gun")
        .refused(&["light cavalry can never attack a cannon"]);
    // Without the concealment rules they are cavalry like any other.
    let mut t = Table::given(&in_the_open(""))
        .played("next --dice 5,2")
        .played(TO_MELEE);
    t.when("melee-crew --attacker-unit a-lc --gun-unit f-gun --dice 2")
        .accepted();
    // Sent against stand 1, the hussars expose it and leave the table.
    let mut t = moving("");
    t.when("expose --stand 1 --cause scouting --scout a-hc")
        .refused(&["only light cavalry scout"]);
    t.when("expose --stand 1 --cause scouting --scout a-lc")
        .accepted()
        .says(&[
            "found by scouts",
            "has exposed the column it was sent against and leaves the table",
        ]);
    let s = t.state();
    assert!(
        s.unit("a-lc")
            .removed()
            .is_some_and(|r| r.contains("after exposing French's stand 1"))
    );
    // Sent against other columns too, they stay.
    let mut t = moving("");
    t.when("expose --stand 1 --cause scouting --scout a-lc --scout-stays")
        .accepted()
        .says(&["stays on the table"]);
    assert!(t.state().unit("a-lc").removed().is_none());
}

/// > Scouting only: they are never concealed, cannot attack a gun, and are removed from the table
/// > once they have exposed the enemy columns they were sent against.
///
/// Both sides have a stand 1: the scout's side says whose stand it exposes (the enemy's), and a
/// refusal on the screen names the side as the form does, never as the command line's flag.
#[test]
fn the_scouts_side_says_whose_stand_it_exposes() {
    let learning = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/rosters/scruby-learning.toml"
    ));
    let mut t = Table::given(learning).played("next --dice 5,2");
    t.when("expose --stand 1 --cause vision")
        .refused(&["both sides have a stand 1: name whose it is with --side (au or fr)"]);
    for (w, h) in [(120, 40), (80, 24)] {
        let screen = t.ui(|ui| {
            ui.keys("e").focus("scout");
            while !ui.form().fields[ui.form().focus].text.is_empty() {
                ui.key(crossterm::event::KeyCode::Backspace);
            }
            ui.fill("stand", "1").fill("cause", "v").enter();
            ui.screen(w, h)
        });
        assert!(
            screen.contains("name whose it is with side") && !screen.contains("--side"),
            "{w}×{h}:\n{screen}"
        );
    }
    // From the screen: the hussars selected, the stand's number and the cause are enough.
    t.ui(|ui| {
        ui.select("au-hus-a")
            .keys("e")
            .fill("stand", "1")
            .fill("cause", "s")
            .enter();
    });
    assert!(t.state().unit("au-hus-a").removed().is_some());
    t.when("undo").accepted();
    t.when("expose --stand 1 --cause scouting --scout au-hus-a")
        .accepted()
        .says(&["French brigade at Aue's stand 1"]);
}

/// > They can be killed only by artillery, by heavy cavalry in melee, or by the rifle fire of
/// > Light infantry or Grenadiers.
#[test]
fn light_cavalry_fall_only_to_guns_heavy_cavalry_or_elite_rifles() {
    // Artillery.
    let mut t = moving("").played(TO_CANNON);
    t.play("artillery --gun-unit a-gun --target-unit f-lc --range 12 --dice 1");
    assert_eq!(t.state().unit("f-lc").left(), 2);
    // Rifles: the Grenz, not IR 1.
    t.play("next\nnext");
    t.play("rifle --firer-unit a1 --target-unit f-lc --range 5");
    assert_eq!(t.state().unit("f-lc").left(), 2);
    t.play("rifle --firer-unit a-lt --target-unit f-lc --range 5");
    assert_eq!(t.state().unit("f-lc").left(), 1);
    // In melee: the grenadiers' kills count for nothing; the cuirassiers' do.
    let mut t = moving("").played(TO_MELEE);
    t.when("melee --attacker-unit a-gr --defender-unit f-lc --dice 6,1")
        .accepted()
        .says(&[
            "in melee only heavy cavalry kill light cavalry",
            "Chasseurs (f-lc) retires",
        ]);
    assert_eq!(t.state().unit("f-lc").left(), 3);
    let odds = t.odds("melee --attacker-unit a-hc --defender-unit f-lc");
    exactly(odds.figure("expected_defender_losses"), 2, 1);
    // Without the concealment rules anyone kills them.
    let t = Table::given(&in_the_open(""))
        .played("next --dice 5,2")
        .played(TO_MELEE);
    let odds = t.odds("melee --attacker-unit a-gr --defender-unit f-lc");
    exactly(odds.figure("expected_defender_losses"), 2, 1);
}

/// > A unit retiring in confusion takes no part in a morale combat it did not start and may not
/// > reinforce a melee; a gun within musket range of its target fires canister (not ordinary
/// > fire); only a column of 3+ regiments is a cross-country column, and it fires with one
/// > regiment only.
#[test]
fn retiring_units_stay_out_guns_at_musket_range_fire_canister_and_columns_need_three() {
    let mut t = moving("").played("mark f1 retiring 2\nmark a-gr retiring 2");
    t.when("lc-morale --cavalry-unit a-lc --opponent-unit f1")
        .refused(&["takes no part in a morale combat it did not start"]);
    t.play(TO_MELEE);
    t.when("reinforced-melee --attacker-unit f-gr --defender-unit a1 --reinforcement-unit a-gr")
        .refused(&["may not reinforce a melee"]);
    // A gun within musket range of troops.
    let mut t = moving("").played(TO_CANNON);
    t.when("artillery --gun-unit a-gun --target-unit f1 --range 6 --dice 1")
        .refused(&["fires canister"]);
    // Only 3 or more regiments make a column, and it fires once.
    let mut t = moving("");
    t.when("form --unit a1 --formation cross-country --with a2")
        .refused(&["3 or more regiments stand to stand"]);
    t.play("form --unit a1 --formation cross-country --with a2,a-gr");
    t.play(TO_RIFLE);
    t.play("rifle --firer-unit a-gr --target-unit f1 --range 5");
    t.when("rifle --firer-unit a1 --target-unit f1 --range 5")
        .refused(&["a column fires as one regiment"]);
}

/// > Morale combat when light cavalry come within 9" of enemy Line infantry or light cavalry: each
/// > side's combat points (light cavalry 5 a figure) × one d6; the lower total retires 3 moves
/// > (decision: ties thrown again).
#[test]
fn light_cavalry_morale_combat_combat_points_times_a_die() {
    // The hussars (3 × 5 = 15) meet the 4e ligne (4 × 4 = 16): 15 × 5 = 75 against 16 × 4 = 64.
    let mut t = moving("");
    t.when("lc-morale --cavalry-unit a-lc --opponent-unit f1 --dice 5,4")
        .accepted()
        .says(&["75", "64", "a-lc hold, f1 retires 3 moves"]);
    assert_eq!(t.state().unit("f1").marker("retiring"), Some(3));
    // A tie is thrown again: 15 × 4 = 60 against the chasseurs' 15 × 4, then 6 against 1.
    let mut t = moving("");
    t.when("lc-morale --cavalry-unit a-lc --opponent-unit f-lc --dice 4,4,1,6")
        .accepted()
        .says(&["thrown again", "f-lc holds, a-lc retire 3 moves"]);
    assert_eq!(t.state().unit("a-lc").marker("retiring"), Some(3));
    // 15 × one die against 16 × one die: the hussars hold on 15 of the 36 throws (no tie).
    let t = moving("");
    let odds = t.odds("lc-morale --cavalry-unit a-lc --opponent-unit f1");
    exactly(odds.figure("p_cavalry_hold"), 5, 12);
    exactly(odds.of("the Line infantry retire 3 moves"), 5, 12);
    // Light cavalry's own: not the cuirassiers', nor against the grenadiers' guns.
    t.odds_refused(
        "lc-morale --cavalry-unit a-hc --opponent-unit f1",
        &["is not light cavalry"],
    );
    // Under the option morale_tie = "both-hold", equal totals both hold.
    let mut t = moving("morale_tie = \"both-hold\"");
    t.when("lc-morale --cavalry-unit a-lc --opponent-unit f-lc --dice 4,4")
        .accepted()
        .says(&["both hold"]);
    let s = t.state();
    assert!(!s.unit("a-lc").has("retiring") && !s.unit("f-lc").has("retiring"));
}

/// > Against Light infantry or Grenadiers the light cavalry first take casualties (those troops
/// > fire at them), then throw.
#[test]
fn against_light_infantry_or_grenadiers_the_scouts_first_take_their_fire() {
    // The grenadiers kill one hussar outright (row 7); two hussars (10 points) then throw 6
    // against the grenadiers' 24 points × 1.
    let mut t = moving("");
    t.when("lc-morale --cavalry-unit a-lc --opponent-unit f-gr --dice 6,1")
        .accepted()
        .says(&[
            "Grenadiers fire at the light cavalry",
            "row 7 —",
            "6 × 10 = 60",
            "1 × 24 = 24",
        ]);
    let s = t.state();
    assert_eq!(s.unit("a-lc").left(), 2);
    assert_eq!(s.unit("f-gr").marker("retiring"), Some(3));
    // Against Line infantry no fire comes first.
    let mut t = moving("");
    t.when("lc-morale --cavalry-unit a-lc --opponent-unit f1 --dice 6,1")
        .accepted()
        .never_says(&["fire at the light cavalry"]);
    assert_eq!(t.state().unit("a-lc").left(), 3);
    // A last hussar shot down throws nothing.
    let mut t = moving("").played("hits a-lc 2");
    t.when("lc-morale --cavalry-unit a-lc --opponent-unit f-gr")
        .accepted()
        .says(&["a-lc are wiped out"]);
}

/// > Winning this throw is how scouts drive off a screen and expose the column behind it.
#[test]
fn winning_the_throw_drives_off_the_screen_and_exposes_the_column() {
    // The chasseurs screen stand 1; the hussars win the throw (15 × 6 against 15 × 1).
    let mut t = moving("");
    t.when("lc-morale --cavalry-unit a-lc --opponent-unit f-lc --dice 6,1")
        .accepted()
        .says(&["if f-lc was screening a concealed column, the screen is driven off: expose the column (expose, cause scouting)"]);
    assert_eq!(
        t.state().unit("f2").0["concealed"],
        true,
        "the umpire exposes it"
    );
    t.when("expose --stand 1 --cause scouting --scout a-lc")
        .accepted()
        .says(&["exposed (found by scouts)"]);
    assert_eq!(t.state().unit("f2").0["concealed"], false);
    // Losing it drives off no screen.
    let mut t = moving("");
    t.when("lc-morale --cavalry-unit a-lc --opponent-unit f-lc --dice 1,6")
        .accepted()
        .never_says(&["screen is driven off"]);
    // A unit still behind its stand is not met by the scouts: its screen is.
    let mut t = moving("");
    t.when("lc-morale --cavalry-unit a-lc --opponent-unit f2")
        .refused(&["concealed behind stand 1"]);
}

/// > Met by heavy cavalry, the melee and its morale throw decide: the loser's screened column, if
/// > any, is exposed.
#[test]
fn light_cavalry_met_by_heavy_cavalry_are_decided_by_the_melee() {
    // The cuirassiers charge the chasseurs and win: the chasseurs' screened column is exposed.
    let mut t = moving("").played(TO_MELEE);
    t.when("melee --attacker-unit a-hc --defender-unit f-lc --dice 6,1")
        .accepted()
        .says(&["if Chasseurs (f-lc) was screening a concealed column, losing this melee exposes it: expose the column (expose, cause scouting)"])
        .never_says(&["(a-hc) was screening"]);
    // The chasseurs win against the cuirassiers: the cuirassiers' column, if any.
    let mut t = moving("").played(TO_MELEE);
    t.when("melee --attacker-unit a-hc --defender-unit f-lc --dice 1,6")
        .accepted()
        .says(&["if Kürassiere (a-hc) was screening a concealed column"]);
    // No light cavalry against heavy cavalry: no such word.
    let mut t = moving("").played(TO_MELEE);
    t.play(
        "hits a-hc 2
hits a-lc 2",
    );
    t.when("reinforced-melee --attacker-unit a-hc --defender-unit f1 --reinforcement-unit a-lc --dice 1,6,6,3")
        .accepted()
        .never_says(&["was screening"]);
}

/// > To expose troops concealed in a village or forest, light cavalry must melee.
#[test]
fn light_cavalry_melee_to_expose_troops_hidden_in_a_village_or_forest() {
    let mut t = moving("");
    t.when("lc-morale --cavalry-unit a-lc --opponent-unit f3")
        .refused(&[
            "its column must be exposed (or its screen driven off) before the scouts meet it",
        ]);
    t.play(TO_MELEE);
    // Into a village's inner area through its gate …
    t.when("melee --attacker-unit a-lc --defender-unit f2 --defender-in village-inner --gate --dice 6,1")
        .accepted()
        .says(&["exposed (attacked in melee)"]);
    assert_eq!(t.state().unit("f-gun").0["concealed"], false);
    // … or a forest's outer area.
    let mut t = moving("").played(TO_MELEE);
    t.when("melee --attacker-unit a-lc --defender-unit f3 --defender-in forest-outer --dice 6,1")
        .accepted()
        .says(&["exposed (attacked in melee)"]);
}
