//! A Fistful of TOWs 3, sentence by sentence (`digests/fft3.md`).

use super::trace;
use crate::support::kit::{Table, exactly};
use crate::support::tui::Keys as _;

const DIGEST: &str = include_str!("digests/fft3.md");

/// What the program leaves to the umpire: the scale of the table.
const LEFT_TO_THE_UMPIRE: &[(&str, &str)] = &[(
    "1\" = 100 m, a turn about 12 minutes.",
    "the ground and time scale: the umpire measures in inches and the program takes the inches typed; a turn is counted, never timed",
)];

/// A meeting engagement: three German companies (a Panther and a halftrack carrying grenadiers;
/// a Panther and grenadiers on foot; a Panther alone) against three Soviet battalions (two T-34s,
/// riflemen riding the first; a truck carrying riflemen and riflemen on foot; a T-34 alone): one
/// template a side. The Germans move first.
fn meeting(options: &str) -> String {
    format!(
        r#"
ruleset = "fft3"
title = "Meeting engagement"
turns = 4
first_side = "de"
[options]
{options}

[[side]]
id = "de"
name = "Germans"
nationality = "german"
  [[side.formation]]
  id = "de-1"
  name = "1. Kompanie"
  level = "company"
    [[side.formation.unit]]
    id = "p1"
    name = "Panther 1"
    kind = "tank"
    type = "panther"
    [[side.formation.unit]]
    id = "h1"
    name = "Halftrack 1"
    kind = "halftrack"
    type = "halftrack"
    [[side.formation.unit]]
    id = "i1"
    name = "Grenadiers 1"
    kind = "infantry"
    type = "german-infantry"
    rides = "h1"
  [[side.formation]]
  id = "de-2"
  name = "2. Kompanie"
  level = "company"
    [[side.formation.unit]]
    id = "p2"
    name = "Panther 2"
    kind = "tank"
    type = "panther"
    [[side.formation.unit]]
    id = "i2"
    name = "Grenadiers 2"
    kind = "infantry"
    type = "german-infantry"
  [[side.formation]]
  id = "de-3"
  name = "3. Kompanie"
  level = "company"
    [[side.formation.unit]]
    id = "p3"
    name = "Panther 3"
    kind = "tank"
    type = "panther"

[[side]]
id = "su"
name = "Soviets"
nationality = "soviet"
  [[side.formation]]
  id = "su-1"
  name = "1st Tank Battalion"
  level = "battalion"
    [[side.formation.unit]]
    id = "t1"
    name = "T-34 1"
    kind = "tank"
    type = "t-34"
    [[side.formation.unit]]
    id = "t2"
    name = "T-34 2"
    kind = "tank"
    type = "t-34"
    [[side.formation.unit]]
    id = "r1"
    name = "Riflemen 1"
    kind = "infantry"
    type = "soviet-infantry"
    rides = "t1"
  [[side.formation]]
  id = "su-2"
  name = "2nd Motor Rifle Battalion"
  level = "battalion"
    [[side.formation.unit]]
    id = "tr1"
    name = "Truck 1"
    kind = "truck"
    type = "truck"
    [[side.formation.unit]]
    id = "r2"
    name = "Riflemen 2"
    kind = "infantry"
    type = "soviet-infantry"
    rides = "tr1"
    [[side.formation.unit]]
    id = "r3"
    name = "Riflemen 3"
    kind = "infantry"
    type = "soviet-infantry"
  [[side.formation]]
  id = "su-3"
  name = "3rd Tank Battalion"
  level = "battalion"
    [[side.formation.unit]]
    id = "t3"
    name = "T-34 3"
    kind = "tank"
    type = "t-34"
"#
    )
}

/// Three American units (a Sherman, a halftrack and riflemen; riflemen; riflemen) against a
/// German company (a Panther and grenadiers): one template for the Americans, none for the
/// Germans. The Americans move first.
fn allies(options: &str) -> String {
    format!(
        r#"
ruleset = "fft3"
title = "Hedgerows"
turns = 4
first_side = "us"
[options]
{options}

[[side]]
id = "us"
name = "Americans"
nationality = "american"
  [[side.formation]]
  id = "us-a"
  name = "A Company"
  level = "company"
    [[side.formation.unit]]
    id = "s1"
    name = "Sherman 1"
    kind = "tank"
    type = "sherman"
    [[side.formation.unit]]
    id = "ht"
    name = "Halftrack"
    kind = "halftrack"
    type = "halftrack"
    [[side.formation.unit]]
    id = "a1"
    name = "1st Platoon"
    kind = "infantry"
    type = "american-infantry"
  [[side.formation]]
  id = "us-b"
  name = "B Company"
  level = "company"
    [[side.formation.unit]]
    id = "b1"
    name = "B 1st Platoon"
    kind = "infantry"
    type = "american-infantry"
  [[side.formation]]
  id = "us-c"
  name = "C Company"
  level = "company"
    [[side.formation.unit]]
    id = "c1"
    name = "C 1st Platoon"
    kind = "infantry"
    type = "american-infantry"

[[side]]
id = "de"
name = "Germans"
nationality = "german"
  [[side.formation]]
  id = "de-1"
  name = "1. Kompanie"
  level = "company"
    [[side.formation.unit]]
    id = "g1"
    name = "Panther"
    kind = "tank"
    type = "panther"
    [[side.formation.unit]]
    id = "gi"
    name = "Grenadiers"
    kind = "infantry"
    type = "german-infantry"
"#
    )
}

/// A German barrage: six companies of a Panther each (two templates a turn) against a Soviet
/// battalion of a T-34 and two rifle stands on foot.
fn barrage() -> String {
    let mut s = String::from(
        r#"
ruleset = "fft3"
title = "Barrage"
turns = 4
first_side = "de"

[[side]]
id = "de"
name = "Germans"
nationality = "german"
"#,
    );
    for n in 1..=6 {
        s.push_str(&format!(
            r#"
  [[side.formation]]
  id = "de-{n}"
  name = "{n}. Kompanie"
  level = "company"
    [[side.formation.unit]]
    id = "g{n}"
    name = "Panther {n}"
    kind = "tank"
    type = "panther"
"#
        ));
    }
    s.push_str(
        r#"
[[side]]
id = "su"
name = "Soviets"
nationality = "soviet"
  [[side.formation]]
  id = "su-1"
  name = "1st Tank Battalion"
  level = "battalion"
    [[side.formation.unit]]
    id = "t1"
    name = "T-34 1"
    kind = "tank"
    type = "t-34"
    [[side.formation.unit]]
    id = "r1"
    name = "Riflemen 1"
    kind = "infantry"
    type = "soviet-infantry"
    [[side.formation.unit]]
    id = "r2"
    name = "Riflemen 2"
    kind = "infantry"
    type = "soviet-infantry"
"#,
    );
    s
}

/// A Panther company against a Soviet tank battalion of six T-34s.
fn tank_battalion(options: &str) -> String {
    let mut s = format!(
        r#"
ruleset = "fft3"
title = "Tank battalion"
turns = 4
first_side = "de"
[options]
{options}

[[side]]
id = "de"
name = "Germans"
nationality = "german"
  [[side.formation]]
  id = "de-1"
  name = "1. Kompanie"
  level = "company"
    [[side.formation.unit]]
    id = "p1"
    name = "Panther 1"
    kind = "tank"
    type = "panther"

[[side]]
id = "su"
name = "Soviets"
nationality = "soviet"
  [[side.formation]]
  id = "su-1"
  name = "1st Tank Battalion"
  level = "battalion"
"#
    );
    for n in 1..=6 {
        s.push_str(&format!(
            r#"
    [[side.formation.unit]]
    id = "t{n}"
    name = "T-34 {n}"
    kind = "tank"
    type = "t-34"
"#
        ));
    }
    s
}

/// The Germans' movement phase on turn 1 (their artillery left unplaced).
fn germans_moving(options: &str) -> Table {
    Table::given(&meeting(options)).played("next")
}

/// The Germans' fire phase on turn 1.
fn germans_firing(options: &str) -> Table {
    Table::given(&meeting(options)).played("next\nnext")
}

/// The Soviets' artillery phase on turn 1 (the Germans did nothing in their turn).
fn soviet_artillery(options: &str) -> Table {
    Table::given(&meeting(options)).played("next\nnext\nnext")
}

/// The Soviets' movement phase on turn 1.
fn soviets_moving(options: &str) -> Table {
    Table::given(&meeting(options)).played("next\nnext\nnext\nnext")
}

/// The Soviets' fire phase on turn 1.
fn soviets_firing(options: &str) -> Table {
    Table::given(&meeting(options)).played("next\nnext\nnext\nnext\nnext")
}

/// The umpire's screen with the stand `id` selected: its panel (the box headed "Selected",
/// beside the roster) shows its line and its badges, read here as one text.
fn panel(t: &Table, id: &str) -> String {
    let screen = t.ui(|ui| {
        ui.select(id);
        ui.screen(160, 40)
    });
    let mut words = Vec::new();
    for line in screen
        .lines()
        .skip_while(|l| !l.contains("┌ Selected"))
        .skip(1)
    {
        let Some(start) = line.find("││") else {
            break;
        };
        let right = &line[start + "││".len()..];
        let text = right.trim_end_matches(['"', ' ']).trim_end_matches('│');
        words.push(text.trim().to_string());
    }
    words.join(" ")
}

#[test]
fn the_digest_is_traced() {
    let t = trace::check("fft3", DIGEST, include_str!("fft3.rs"), LEFT_TO_THE_UMPIRE);
    insta::assert_snapshot!("fft3_trace", t.render());
    super::readme_counts("fft3", &t);
}

// ---- the game -----------------------------------------------------------------------------------

/// > d6 throughout.
#[test]
fn every_die_is_a_d6() {
    let mut t = germans_firing("");
    t.when("anti-infantry --firer i2 --target r3 --range 3 --dice 7,1,1")
        .not_understood(&["7"]);
    t.when("anti-infantry --firer i2 --target r3 --range 3 --dice 6,1,1,5")
        .accepted()
        .says(&["6 (d6)", "5 (d6)"]);
    // Every chance is a number of sixths: the Soviets' check passes on 5 or 6.
    exactly(t.odds("quality-check --stand t2").of("passed"), 2, 6);
}

/// > A stand is a platoon or about 5 vehicles; a unit is a company (Western) or battalion
/// > (Soviet) of stands.
#[test]
fn a_stand_is_lost_whole_and_a_unit_is_its_company_or_battalion() {
    let mut t = germans_firing("");
    let s = t.state();
    for id in ["p1", "h1", "i1", "t1", "tr1", "r3"] {
        assert_eq!(s.unit(id).hit_limit(), 1, "{id}");
    }
    // One loss takes a stand out of the fight, and its unit counts it.
    t.when("hits t2 1").accepted();
    assert!(t.state().unit("t2").removed().is_some());
    let screen = t.screen(160, 40);
    assert!(
        screen.contains("1st Tank Battalion (battalion) [LOST 1/3]"),
        "{screen}"
    );
    assert!(
        screen.contains("1. Kompanie (company) [LOST 0/3]"),
        "{screen}"
    );
}

// ---- the data -----------------------------------------------------------------------------------

/// > Vehicles: Mov, Armour front-flank (or S soft), gun Pen, ROF, effective Rng, AI modifier,
/// > special AT ammo Pen/ROF/Rng.
#[test]
fn a_vehicles_line_and_a_scenario_that_changes_it() {
    let t = germans_firing("");
    let screen = panel(&t, "t1");
    for words in [
        "T-34/76 Mov 9",
        "armour 6-4",
        "gun Pen 6 ROF 2 10\" AI −1",
        "special AT ammo Pen 7 ROF 2 6\"",
    ] {
        assert!(screen.contains(words), "{words}: {screen}");
    }
    // The tables are the published ones unless a scenario changes them: what it sets changes.
    let t = Table::given(&format!(
        "{}\n[tables.vehicle.panther]\npen = 9\nrof = 2\n",
        meeting("")
    ))
    .played("next\nnext");
    let odds = t.odds("anti-vehicle --firer p1 --target t2 --range 9");
    assert!(odds.notes("3 dice (ROF 2 + 1 German)"), "{:?}", odds.0);
    assert!(odds.notes("Pen 9 − front armour 6 = 3 dice per hit"));
    assert!(
        odds.notes("effective ≤ 10\""),
        "the range is the published one"
    );
}

/// > Vehicles: Panther-D | 8 | 7-4 | 8 | 3 | 10" | −1 | 9 | 3 | 8"
#[test]
fn the_panther_d_line() {
    let t = germans_firing("special_at_ammo = true");
    assert!(panel(&t, "p1").contains("Panther-D Mov 8 · armour 7-4"));
    let gun = t.odds("anti-vehicle --firer p1 --target t2 --range 9");
    assert!(gun.notes("4 dice (ROF 3 + 1 German)"));
    assert!(gun.notes("Pen 8 − front armour 6 = 2 dice per hit"));
    assert!(gun.notes("gun: close ≤ 5\", effective ≤ 10\", long ≤ 15\""));
    let ammo = t.odds("anti-vehicle --firer p1 --target t2 --range 8 --weapon at-ammo");
    assert!(ammo.notes("4 dice (ROF 3 + 1 German)"));
    assert!(ammo.notes("Pen 9 − front armour 6 = 3 dice per hit"));
    assert!(ammo.notes("special AT ammo: close ≤ 4\", effective ≤ 8\", long ≤ 12\""));
    // AI −1 against the German +1: each die hits on a 4.
    let ai = t.odds("anti-infantry --firer p1 --target r3 --range 9");
    assert!(ai.notes("4 dice (ROF 3 + 1 German), each hits on 4+: 50.00% a die"));
    // Its armour, 7 in front and 4 on the flank.
    let t = soviets_firing("");
    assert!(
        t.odds("anti-vehicle --firer t2 --target p1 --range 9")
            .notes("Pen 6 − front armour 7 = −1: one die per hit, −1 to it")
    );
    assert!(
        t.odds("anti-vehicle --firer t2 --target p1 --range 9 --arc flank")
            .notes("Pen 6 − flank armour 4 = 2 dice per hit")
    );
}

/// > Vehicles: T-34/76 | 9 | 6-4 | 6 | 2 | 10" | −1 | 7 | 2 | 6"
#[test]
fn the_t_34_line() {
    let t = soviets_firing("special_at_ammo = true");
    let gun = t.odds("anti-vehicle --firer t2 --target p1 --range 9 --arc flank");
    assert!(gun.notes("2 dice (ROF 2), each hits on 4+: 50.00% a die"));
    assert!(gun.notes("gun: close ≤ 5\", effective ≤ 10\", long ≤ 15\""));
    let ammo = t.odds("anti-vehicle --firer t2 --target p1 --range 6 --arc flank --weapon at-ammo");
    assert!(ammo.notes("2 dice (ROF 2)"));
    assert!(ammo.notes("Pen 7 − flank armour 4 = 3 dice per hit"));
    assert!(ammo.notes("special AT ammo: close ≤ 3\", effective ≤ 6\", long ≤ 9\""));
    // AI −1, no Soviet bonus: each die hits on a 5.
    let ai = t.odds("anti-infantry --firer t2 --target i2 --range 9");
    assert!(ai.notes("2 dice (ROF 2), each hits on 4+ with −1: 33.33% a die"));
    // Its armour, 6 in front and 4 on the flank.
    let t = germans_firing("");
    assert!(
        t.odds("anti-vehicle --firer p1 --target t2 --range 9")
            .notes("Pen 8 − front armour 6 = 2 dice per hit")
    );
    assert!(
        t.odds("anti-vehicle --firer p1 --target t2 --range 9 --arc flank")
            .notes("Pen 8 − flank armour 4 = 4 dice per hit")
    );
}

/// > Vehicles: Sherman | 8 | 5-3 | 6 | 3 | 10" | −1 | – | – | –
#[test]
fn the_sherman_line() {
    let mut t = Table::given(&allies("special_at_ammo = true")).played("next\nnext");
    assert!(panel(&t, "s1").contains("Sherman Mov 8 · armour 5-3"));
    let gun = t.odds("anti-vehicle --firer s1 --target g1 --range 9");
    assert!(gun.notes("3 dice (ROF 3), each hits on 4+ with +1"));
    assert!(gun.notes("Pen 6 − front armour 7 = −1: one die per hit, −1 to it"));
    assert!(gun.notes("gun: close ≤ 5\", effective ≤ 10\", long ≤ 15\""));
    // AI −1 against the American +1.
    let ai = t.odds("anti-infantry --firer s1 --target gi --range 9");
    assert!(ai.notes("3 dice (ROF 3), each hits on 4+: 50.00% a die"));
    // No special AT ammo.
    t.when("anti-vehicle --firer s1 --target g1 --range 5 --weapon at-ammo")
        .refused(&["has no special AT ammo"]);
    // Its armour, 5 in front and 3 on the flank.
    let t = Table::given(&allies("")).played("next\nnext\nnext\nnext\nnext");
    assert!(
        t.odds("anti-vehicle --firer g1 --target s1 --range 9")
            .notes("Pen 8 − front armour 5 = 3 dice per hit")
    );
    assert!(
        t.odds("anti-vehicle --firer g1 --target s1 --range 9 --arc flank")
            .notes("Pen 8 − flank armour 3 = 5 dice per hit")
    );
}

/// > Vehicles: Halftrack | 8 | 0-0 | – | 1 | 6" | −1 | – | – | –
#[test]
fn the_halftrack_line() {
    let mut t = germans_firing("");
    assert!(panel(&t, "h1").contains("Halftrack Mov 8 · armour 0-0"));
    let ai = t.odds("anti-infantry --firer h1 --target r3 --range 6");
    assert!(ai.notes("2 dice (ROF 1 + 1 German), each hits on 4+: 50.00% a die"));
    assert!(ai.notes("gun (anti-infantry): close ≤ 3\", effective ≤ 6\", long ≤ 9\""));
    t.when("anti-vehicle --firer h1 --target t2 --range 3")
        .refused(&["anti-infantry only"]);
    // Its armour, 0 all round.
    let t = Table::given(&allies("")).played("next\nnext\nnext\nnext\nnext");
    for arc in ["front", "flank"] {
        assert!(
            t.odds(&format!(
                "anti-vehicle --firer g1 --target ht --range 9 --arc {arc}"
            ))
            .notes(&format!("Pen 8 − {arc} armour 0 = 8 dice per hit")),
            "{arc}"
        );
    }
}

/// > Vehicles: Truck | 7 | S | – | – | – | – | – | – | –
#[test]
fn the_truck_line() {
    let mut t = soviets_firing("");
    assert!(panel(&t, "tr1").contains("Truck Mov 7 · armour S"));
    t.when("anti-infantry --firer tr1 --target i2 --range 3")
        .refused(&["cannot fire"]);
    t.when("anti-vehicle --firer tr1 --target h1 --range 3")
        .refused(&["cannot make anti-vehicle attacks"]);
}

/// > Infantry stands: Mov 4, anti-infantry AI +1 with ROF and range; LAW Pen/ROF/Rng.
#[test]
fn an_infantry_stands_line() {
    let t = germans_firing("");
    let screen = panel(&t, "i2");
    for words in [
        "German Infantry Mov 4",
        "small arms ROF 2 4\" AI +1",
        "LAW Pen 4 ROF 1 2\"",
    ] {
        assert!(screen.contains(words), "{words}: {screen}");
    }
    let mut t = t;
    t.when("anti-infantry --firer i2 --target r3 --range 3 --dice 1,1,1")
        .accepted()
        .says(&["+1 AI rating"]);
}

/// > Infantry stands: American Infantry | 4 | +1 | 3 | 4" | 6 | 1 | 4"
#[test]
fn the_american_infantry_line() {
    let t = Table::given(&allies("")).played("next\nnext");
    let ai = t.odds("anti-infantry --firer a1 --target gi --range 3");
    assert!(ai.notes("3 dice (ROF 3), each hits on 4+ with +2"));
    assert!(ai.notes("small arms: close ≤ 2\", effective ≤ 4\", long ≤ 6\""));
    let law = t.odds("anti-vehicle --firer a1 --target g1 --range 3 --arc flank");
    assert!(law.notes("1 die (ROF 1), each hits on 4+ with +1"));
    assert!(law.notes("Pen 6 − flank armour 4 = 2 dice per hit"));
    assert!(law.notes("LAW: close ≤ 2\", effective ≤ 4\", long ≤ 6\""));
}

/// > Infantry stands: German Infantry | 4 | +1 | 2 | 4" | 4 | 1 | 2"
#[test]
fn the_german_infantry_line() {
    let t = germans_firing("");
    let ai = t.odds("anti-infantry --firer i2 --target r3 --range 3");
    assert!(ai.notes("3 dice (ROF 2 + 1 German), each hits on 4+ with +2"));
    assert!(ai.notes("small arms: close ≤ 2\", effective ≤ 4\", long ≤ 6\""));
    let law = t.odds("anti-vehicle --firer i2 --target t2 --range 2 --arc flank");
    assert!(law.notes("2 dice (ROF 1 + 1 German), each hits on 4+ with +1"));
    assert!(law.notes("Pen 4 − flank armour 4 = 0: one die per hit, +0 to it"));
    assert!(law.notes("LAW: close ≤ 1\", effective ≤ 2\", long ≤ 3\""));
}

/// > Infantry stands: Soviet Infantry | 4 | +1 | 2 | 4" | 4 | 1 | 2"
#[test]
fn the_soviet_infantry_line() {
    let t = soviets_firing("");
    let ai = t.odds("anti-infantry --firer r3 --target i2 --range 3");
    assert!(ai.notes("2 dice (ROF 2), each hits on 4+ with +1"));
    assert!(ai.notes("small arms: close ≤ 2\", effective ≤ 4\", long ≤ 6\""));
    let law = t.odds("anti-vehicle --firer r3 --target p1 --range 2 --arc flank");
    assert!(law.notes("1 die (ROF 1), each hits on 4+: 50.00% a die"));
    assert!(law.notes("Pen 4 − flank armour 4 = 0: one die per hit, +0 to it"));
    assert!(law.notes("LAW: close ≤ 1\", effective ≤ 2\", long ≤ 3\""));
}

/// > A – Pen means the weapon can make only anti-infantry attacks.
#[test]
fn a_gun_without_pen_makes_only_anti_infantry_attacks() {
    let mut t = germans_firing("");
    t.when("anti-vehicle --firer h1 --target tr1 --range 3")
        .refused(&["no Pen", "anti-infantry only"]);
    t.when("anti-vehicle --firer p1 --target t2 --range 9 --with h1@3")
        .refused(&["no Pen"]);
    t.when("anti-infantry --firer h1 --target tr1 --range 3 --dice 1,1")
        .accepted();
}

/// > Armour S (soft, the truck) = armour 0 against anti-vehicle fire (decision: trucks may be its
/// > target), and the vehicle may also be attacked with anti-infantry fire; artillery treats a
/// > truck as infantry (in the open or in difficult terrain, wherever it is).
#[test]
fn a_truck_is_armour_0_a_target_of_both_fires_and_infantry_to_artillery() {
    let t = germans_firing("");
    let av = t.odds("anti-vehicle --firer p1 --target tr1 --range 9");
    assert!(av.notes("Pen 8 − soft-vehicle armour 0 = 8 dice per hit"));
    assert!(av.notes("a soft vehicle: armour 0"));
    // Anti-infantry fire: one hit, the truck's check fails (2 against 5+); its riders pass theirs.
    let mut t = t;
    t.when("anti-infantry --firer p1 --target tr1 --range 9 --dice 6,1,1,1,2,5")
        .accepted()
        .says(&["1 hit; quality check 2 against 5+: destroyed; riders' quality check 5 against 5+: passes"]);
    let s = t.state();
    assert!(s.unit("tr1").removed().is_some());
    assert!(s.unit("r2").removed().is_none() && !s.unit("r2").has("riding"));
    // Only the soft vehicle: a halftrack, its armour 0 though it is, is no target of it.
    let mut t = soviets_firing("");
    t.when("anti-infantry --firer t2 --target h1 --range 6")
        .refused(&["anti-infantry fire cannot harm"]);
    // Artillery: a 6 destroys a truck in the open, as infantry; in difficult terrain a 5 only
    // Suppresses it, as infantry there.
    let mut t = Table::given(&meeting(""));
    t.when("artillery --stands tr1 --dice 6,5")
        .accepted()
        .says(&["6, infantry in the open: destroyed"]);
    assert!(t.state().unit("tr1").removed().is_some());
    let mut t = Table::given(&meeting(""));
    t.when("artillery --stands tr1:difficult --dice 5")
        .accepted()
        .says(&["4–5, infantry in difficult terrain: Suppressed"]);
    assert_eq!(t.state().unit("tr1").marker("suppressed"), Some(1));
}

/// > Nationality quality:
///
/// > Nationality quality: German | 3+ | +1 | +1
#[test]
fn the_german_quality() {
    let t = soviets_firing("");
    exactly(t.odds("quality-check --stand i2").of("passed"), 4, 6);
    let mut t = germans_firing("");
    t.when("anti-vehicle --firer p1 --target t2 --range 9 --dice 3,3,3,3,1,1,1,1,1,1,1,1")
        .accepted()
        .says(&[
            "4 dice (ROF 3 + 1 German)",
            "+1 German to-hit bonus",
            "4 hits",
        ]);
}

/// > Nationality quality: American | 4+ | +1 | –
#[test]
fn the_american_quality() {
    let mut t = Table::given(&allies("")).played("next\nnext");
    exactly(t.odds("quality-check --stand s1").of("passed"), 3, 6);
    t.when("anti-vehicle --firer s1 --target g1 --range 9 --dice 3,3,3,1,1,1")
        .accepted()
        .says(&["3 dice (ROF 3)", "+1 American to-hit bonus", "3 hits"]);
}

/// > Nationality quality: Soviet | 5+ | 0 | –
#[test]
fn the_soviet_quality() {
    let mut t = soviets_firing("");
    exactly(t.odds("quality-check --stand t2").of("passed"), 2, 6);
    t.when("anti-vehicle --firer t2 --target p1 --range 9 --arc flank --dice 3,3")
        .accepted()
        .says(&["2 dice (ROF 2)", "no hits"])
        .never_says(&["to-hit bonus"]);
}

// ---- what the umpire tracks ---------------------------------------------------------------------

/// > Eliminated stands (and why: fire, artillery, quality check).
#[test]
fn an_eliminated_stand_is_off_the_table_with_why() {
    let mut t = Table::given(&meeting(""));
    t.play("artillery --stands r3 --dice 6\nnext\nnext");
    // Four hits, eight penetration dice: a 6 destroys.
    t.play("anti-vehicle --firer p1 --target t2 --range 9 --dice 6,6,6,6,6,1,1,1,1,1,1,1");
    t.play("quality-check --stand t3 --reason \"morale\" --dice 1");
    let s = t.state();
    assert_eq!(s.unit("r3").removed(), Some("destroyed by artillery"));
    assert_eq!(
        s.unit("t2").removed(),
        Some("destroyed by anti-vehicle fire")
    );
    assert_eq!(
        s.unit("t3").removed(),
        Some("failed a quality check (called for by morale)")
    );
    t.when("anti-vehicle --firer p2 --target t2 --range 9")
        .refused(&["out of the fight", "destroyed by anti-vehicle fire"]);
    assert!(!s.in_play().contains(&"t2".to_string()));
}

/// > Suppressed (from artillery): until the start of the next artillery phase of the side that
/// > fired.
///
/// > (Suppression lasts until the start of the next artillery phase of the side whose artillery
/// > caused it.)
#[test]
fn suppression_lasts_to_the_next_artillery_phase_of_the_side_that_fired() {
    let mut t = Table::given(&meeting(""));
    t.play("artillery --stands t3 --dice 4");
    // The German artillery's Suppression: 1, the first side's number.
    assert_eq!(t.state().unit("t3").marker("suppressed"), Some(1));
    t.play("next\nnext\nnext");
    t.play("artillery --stands p3 --dice 5");
    assert_eq!(t.state().unit("p3").marker("suppressed"), Some(2));
    t.play("next\nnext");
    assert!(
        t.state().unit("t3").has("suppressed"),
        "all the Soviets' turn"
    );
    // The Germans' next artillery phase: theirs lifts, the Soviets' stays.
    t.when("next")
        .accepted()
        .says(&["T-34 3 (t3): no longer Suppressed"]);
    let s = t.state();
    assert_eq!((s.turn(), s.active(), s.phase()), (2, "de", "artillery"));
    assert!(!s.unit("t3").has("suppressed"));
    assert!(s.unit("p3").has("suppressed"));
    t.play("next\nnext\nnext");
    let s = t.state();
    assert_eq!((s.active(), s.phase()), ("su", "artillery"));
    assert!(!s.unit("p3").has("suppressed"));
}

/// > A Suppressed vehicle has −1 to hit, a Suppressed infantry stand −2 to hit (this settles the
/// > text's two statements), and loses 2 movement points.
#[test]
fn a_suppressed_vehicle_has_minus_1_an_infantry_stand_minus_2() {
    let given = |options: &str| {
        let mut t = Table::given(&meeting(options));
        // The German template: the T-34 Suppressed on a 4; the riflemen pass their check.
        t.play("artillery --stands t2,r3 --dice 4,4,5\nnext\nnext\nnext\nnext\nnext");
        t
    };
    let mut t = given("");
    t.when("anti-vehicle --firer t2 --target p1 --range 9 --arc flank --dice 4,4")
        .accepted()
        .says(&["-1 Suppressed (vehicle firer)", "modified 3, 3: no hits"]);
    t.when("anti-infantry --firer r3 --target i2 --range 3 --dice 5,5,6")
        .accepted()
        .says(&["-2 Suppressed (infantry firer)", "modified 4, 4: 2 hits"]);
    exactly(
        t.odds("anti-vehicle --firer r3 --target p1 --range 2 --arc flank")
            .figure("expected_hits"),
        1,
        6,
    );
    let screen = panel(&t, "t2");
    assert!(screen.contains("−2 movement"), "{screen}");
    // The other reading, the fire sections' −1 for any Suppressed firer, is the option.
    let mut t = given("suppressed_infantry_to_hit = -1");
    t.when("anti-infantry --firer r3 --target i2 --range 3 --dice 4,4,6")
        .accepted()
        .says(&["-1 Suppressed (infantry firer)", "rolled 4, 4: 2 hits"]);
}

/// > Overwatch marker: a stand eligible to fire that does not move may take it instead of firing
/// > in its own fire phase; it gets one attack during the opponent's next movement phase, at −1;
/// > the marker goes after that attack or at the end of that movement phase.
#[test]
fn overwatch_is_one_attack_at_minus_1_in_the_opponents_next_movement() {
    let mut t = germans_moving("");
    t.play("strategic --stand p3");
    t.when("overwatch --stand p1")
        .refused(&["belongs to the Fire phase"]);
    t.play("next");
    // Eligible to fire: not after strategic movement, not carried, not once it has fired.
    t.when("overwatch --stand p3")
        .refused(&["strategic movement"]);
    t.when("overwatch --stand i1").refused(&["debark"]);
    t.play("anti-infantry --firer i2 --target r3 --range 3 --dice 1,1,1");
    t.when("overwatch --stand i2")
        .refused(&["anti-infantry attack"]);
    t.when("overwatch --stand p1").accepted();
    t.when("overwatch --stand p2").accepted();
    assert!(t.state().unit("p1").has("overwatch"));
    // Instead of firing: not in its own fire phase.
    t.when("anti-vehicle --firer p1 --target t2 --range 9")
        .refused(&["Overwatch", "opponent's next movement phase"]);
    // Not in the Soviets' artillery phase; in their movement phase, one attack at −1.
    t.play("next");
    t.when("anti-vehicle --firer p1 --target t2 --range 9 --dice 1,1,1,1")
        .refused(&["belongs to the Fire phase"]);
    t.play("next");
    exactly(
        t.odds("anti-vehicle --firer p1 --target t2 --range 9")
            .figure("expected_hits"),
        2,
        1,
    );
    t.when("anti-vehicle --firer p1 --target t2 --range 9 --dice 3,3,3,3")
        .accepted()
        .says(&["-1 overwatch attack", "rolled 3, 3, 3, 3: no hits"]);
    assert!(!t.state().unit("p1").has("overwatch"), "gone after it");
    t.when("anti-vehicle --firer p1 --target t3 --range 9 --dice 6,6,6,6")
        .refused(&["belongs to the Fire phase"]);
    // Unused, it goes at the end of that movement phase.
    t.when("next")
        .accepted()
        .says(&["Panther 2 (p2): Overwatch not used"]);
    assert!(!t.state().unit("p2").has("overwatch"));
}

/// > "Turn" means one side's turn (its artillery, movement, fire and quality-check phases); a
/// > game turn is both sides' turns.
#[test]
fn a_turn_is_one_sides_turn_a_game_turn_both() {
    let mut t = germans_firing("");
    t.play("anti-vehicle --firer p1 --target t2 --range 9 --dice 1,1,1,1");
    assert!(t.state().unit("p1").has("fired_av"));
    // The Germans' turn ends: its limits lift; the game turn goes on with the Soviets.
    t.when("next").accepted().says(&[
        "Germans: quality checks",
        "the turn's limits lift",
        "Soviets: artillery",
    ]);
    let s = t.state();
    assert_eq!((s.turn(), s.active()), (1, "su"));
    assert!(!s.unit("p1").has("fired_av"));
    t.play("next\nnext\nnext");
    let s = t.state();
    assert_eq!((s.turn(), s.active(), s.phase()), (2, "de", "artillery"));
}

/// > Attacks made: a vehicle makes only one type of attack in its side's turn (anti-vehicle or
/// > anti-infantry); an infantry stand may make one anti-infantry attack and one LAW attack.
#[test]
fn a_vehicle_makes_one_attack_an_infantry_stand_one_of_each() {
    let mut t = germans_firing("");
    t.play("anti-vehicle --firer p1 --target t2 --range 9 --dice 1,1,1,1");
    t.when("anti-infantry --firer p1 --target r3 --range 9")
        .refused(&["one type of attack a turn"]);
    t.when("anti-vehicle --firer p1 --target t3 --range 9")
        .refused(&["one type of attack a turn"]);
    t.play("anti-infantry --firer i2 --target r3 --range 3 --dice 1,1,1");
    t.when("anti-vehicle --firer i2 --target t2 --range 2 --dice 1,1")
        .accepted()
        .says(&["LAW"]);
    t.when("anti-infantry --firer i2 --target r3 --range 3")
        .refused(&["has made its anti-infantry attack this turn"]);
    t.when("anti-vehicle --firer i2 --target t3 --range 2")
        .refused(&["has made its LAW attack this turn"]);
    let s = t.state();
    assert!(s.unit("i2").has("fired_ai") && s.unit("i2").has("fired_av"));
}

/// > An overwatch attack belongs to the turn in which the stand took the marker (it is that
/// > turn's fire, made late): it never counts against the stand's attacks in its own next turn,
/// > so both sides' overwatch costs the same.
#[test]
fn an_overwatch_attack_is_the_fire_of_the_turn_the_marker_was_taken() {
    let mut t = germans_firing("");
    t.play("overwatch --stand p1\nnext\nnext");
    t.play("anti-vehicle --firer p1 --target t2 --range 9 --dice 1,1,1,1");
    assert!(!t.state().unit("p1").has("fired_av"));
    // The Soviets' T-34 takes it in their turn and fires in the Germans' next movement.
    t.play("next");
    t.play("overwatch --stand t2\nnext\nnext");
    let s = t.state();
    assert_eq!((s.turn(), s.active(), s.phase()), (2, "de", "movement"));
    t.when("anti-vehicle --firer t2 --target p1 --range 9 --dice 1,1")
        .accepted()
        .says(&["its Overwatch marker is used"]);
    // Each fires in its own next turn as any stand does.
    t.play("next");
    t.when("anti-vehicle --firer p1 --target t2 --range 9 --dice 1,1,1,1")
        .accepted();
    t.play("next\nnext\nnext");
    t.when("anti-vehicle --firer t2 --target p1 --range 9 --dice 1,1")
        .accepted();
}

/// > A stand that used strategic movement cannot fire this turn.
#[test]
fn strategic_movement_forbids_fire_this_turn() {
    let mut t = germans_moving("");
    t.when("strategic --stand p1")
        .accepted()
        .says(&["cannot fire this turn"]);
    t.when("strategic --stand p1").refused(&["already"]);
    t.play("next");
    t.when("anti-vehicle --firer p1 --target t2 --range 9")
        .refused(&["used strategic movement this turn and cannot fire"]);
    t.when("anti-infantry --firer p1 --target r3 --range 9")
        .refused(&["strategic movement"]);
    // Its next turn, it fires.
    t.play("next\nnext\nnext\nnext\nnext\nnext");
    assert!(!t.state().unit("p1").has("strategic"));
    t.when("anti-vehicle --firer p1 --target t2 --range 9 --dice 1,1,1,1")
        .accepted();
}

/// > Quality-check limits this turn: at most one from artillery per stand per turn (a second
/// > artillery result that would call for a check calls for none: the stand counts as having
/// > passed and is Suppressed; a 6 on infantry in the open still destroys it, since that is not a
/// > check); at most one from enemy fire per stand per turn (a stand that passed ignores further
/// > fire checks this turn); at most one casualty check per unit per turn.
#[test]
fn one_artillery_check_and_one_fire_check_a_stand_a_turn() {
    let mut t = Table::given(&barrage());
    // The first template: the T-34's 6 and the riflemen's 4 call for checks; both pass.
    t.play("artillery --stands t1,r1 --dice 6,5,4,6");
    let s = t.state();
    assert!(s.unit("t1").has("artillery_check") && s.unit("r1").has("artillery_check"));
    // The second: the T-34's 6 calls for none (no die is thrown for it); the riflemen's 6 in the
    // open destroys them all the same.
    t.when("artillery --stands t1,r1 --dice 6,6")
        .accepted()
        .says(&["a second artillery check this turn: counts as passed, Suppressed"]);
    let s = t.state();
    assert!(s.unit("t1").has("suppressed") && s.unit("t1").removed().is_none());
    assert_eq!(s.unit("r1").removed(), Some("destroyed by artillery"));
    // Fire: the T-34 passes a check from the first Panther's penetration 4; the second Panther's
    // 5 calls for none.
    t.play("next\nnext");
    t.when("anti-vehicle --firer g1 --target t1 --range 9 --dice 6,1,1,1,4,1,5")
        .accepted()
        .says(&["one quality check", "5 against 5+: passes"]);
    assert!(t.state().unit("t1").has("fire_check"));
    t.when("anti-vehicle --firer g2 --target t1 --range 9 --dice 6,1,1,1,5,1")
        .accepted()
        .says(&["no check (already passed a fire check this turn)"]);
    assert!(t.state().unit("t1").removed().is_none());
    // The limits are the turn's: they lift when it ends.
    t.play("next");
    let s = t.state();
    assert!(!s.unit("t1").has("fire_check") && !s.unit("t1").has("artillery_check"));
}

/// > Quality-check limits this turn: at most one from artillery per stand per turn (a second
/// > artillery result that would call for a check calls for none: the stand counts as having
/// > passed and is Suppressed; a 6 on infantry in the open still destroys it, since that is not a
/// > check); at most one from enemy fire per stand per turn (a stand that passed ignores further
/// > fire checks this turn); at most one casualty check per unit per turn.
#[test]
fn one_casualty_check_a_unit_a_turn() {
    // Riflemen 1 of the tank battalion ride the motor rifle battalion's truck.
    let mut t = soviets_moving("");
    t.play("debark --stand r2\ndebark --stand r1\nembark --stand r1 --carrier tr1");
    t.play("hits t1 1\nhits t2 1\nhits r2 1\nhits r3 1\nnext");
    // Both battalions have lost two of three. The tank battalion passes (6); the motor rifle
    // battalion fails (1), its truck is lost, and the riflemen riding it fail theirs (1): the
    // tank battalion has lost a stand, but it has taken its check this turn.
    t.when("next --dice 6,1,1").accepted().says(&[
        "1st Tank Battalion: casualty check",
        "2nd Motor Rifle Battalion: casualty check",
    ]);
    let s = t.state();
    assert!(s.unit("tr1").removed().is_some());
    assert!(s.unit("r1").removed().is_some());
    assert_eq!(
        s.unit("r1").removed(),
        Some("failed its quality check when its carrier was destroyed")
    );
    assert_eq!(s.counter("su-1", "casualty_turn"), Some(1));
    // One more die would be one the rules never asked for.
    let mut t = soviets_moving("");
    t.play("debark --stand r2\ndebark --stand r1\nembark --stand r1 --carrier tr1");
    t.play("hits t1 1\nhits t2 1\nhits r2 1\nhits r3 1\nnext");
    t.when("next --dice 6,1,1,6").not_understood(&["not used"]);
}

/// > Out of cohesion (the umpire sets it): −1 on that stand's quality checks.
#[test]
fn out_of_cohesion_is_minus_1_on_the_stands_checks() {
    let mut t = germans_firing("");
    t.when("cohesion --stand r3")
        .accepted()
        .says(&["out of cohesion", "−1 on its quality checks"]);
    assert!(t.state().unit("r3").has("out_of_cohesion"));
    exactly(t.odds("quality-check --stand r3").of("passed"), 1, 6);
    t.when("anti-infantry --firer i2 --target r3 --range 3 --dice 3,1,1,5")
        .accepted()
        .says(&["-1 out of cohesion", "5 − 1 = 4 against 5+: eliminated"]);
    // Back in cohesion, the check is the plain one.
    let mut t = germans_firing("");
    t.play("cohesion --stand r3\ncohesion --stand r3 --restored");
    exactly(t.odds("quality-check --stand r3").of("passed"), 2, 6);
    // In a unit's casualty check, the stand out of cohesion reads the one roll 1 lower.
    let mut t = germans_firing("casualty_thirds = 1");
    t.play("cohesion --stand t1\nhits r1 1");
    t.when("next --dice 5")
        .accepted()
        .says(&["1st Tank Battalion: casualty check"]);
    let s = t.state();
    assert!(s.unit("t2").removed().is_none());
    assert_eq!(
        s.unit("t1").removed(),
        Some("failed its unit's casualty check")
    );
}

/// > Carried infantry: which infantry stand rides which halftrack, truck or Soviet tank.
#[test]
fn which_stand_rides_which_carrier() {
    let mut t = germans_moving("");
    let s = t.state();
    assert!(s.unit("i1").badges().contains(&"ON h1"));
    assert!(s.unit("h1").badges().contains(&"CARRIES i1"));
    assert!(s.unit("r1").badges().contains(&"ON t1"));
    assert!(s.unit("r2").badges().contains(&"ON tr1"));
    t.when("debark --stand i1").accepted().says(&["gets off"]);
    assert!(!t.state().unit("i1").has("riding"));
    t.when("embark --stand i1 --carrier p1")
        .refused(&["only halftracks, trucks and Soviet tanks"]);
    t.when("embark --stand i2 --carrier h1").accepted();
    t.when("embark --stand i1 --carrier h1")
        .refused(&["already carries"]);
    assert!(t.state().unit("h1").badges().contains(&"CARRIES i2"));
    // A Soviet tank carries.
    let mut t = soviets_moving("");
    t.when("embark --stand r3 --carrier t2").accepted();
    assert!(t.state().unit("r3").badges().contains(&"ON t2"));
    let screen = panel(&t, "t2");
    assert!(
        screen.contains("CARRIES r3 Carries Riflemen 3 (r3)"),
        "{screen}"
    );
}

/// > Special AT ammo used (an option, since the text says "if the players agree": once per game
/// > per tank, for one fire phase at full ROF).
#[test]
fn special_at_ammo_once_a_game_if_the_players_agree() {
    let mut t = germans_firing("");
    t.when("anti-vehicle --firer p1 --target t2 --range 8 --weapon at-ammo")
        .refused(&["if the players agree", "special_at_ammo = true"]);
    let mut t = germans_firing("special_at_ammo = true");
    t.when("anti-vehicle --firer p1 --target t2 --range 8 --weapon at-ammo --dice 1,1,1,1")
        .accepted()
        .says(&[
            "4 dice (ROF 3 + 1 German)",
            "its special AT ammo is spent for the game",
        ]);
    assert_eq!(t.state().unit("p1").marker("at_ammo_used"), Some(1));
    // Its gun the next turn; never the ammo again.
    t.play("next\nnext\nnext\nnext\nnext\nnext");
    t.when("anti-vehicle --firer p1 --target t2 --range 8 --weapon at-ammo")
        .refused(&["has used its special AT ammo (turn 1): once a game"]);
    t.when("anti-vehicle --firer p1 --target t2 --range 8 --dice 1,1,1,1")
        .accepted();
    assert!(t.state().unit("p1").badges().contains(&"ATX"));
}

/// > Artillery templates: each side gets ⌊its units still in play / 3⌋ at the start of its
/// > artillery phase, counted after every loss so far (a unit eliminated by a casualty check is
/// > gone); a template stays until its owner's next artillery phase, and a stand that touches it
/// > while moving is attacked at once.
#[test]
fn one_template_per_three_units_still_in_play() {
    let mut t = Table::given(&meeting(""));
    assert_eq!(t.state().counter("de", "templates"), Some(1));
    assert!(t.screen(160, 40).contains("Germans [templates 1]"));
    t.play("artillery --stands t3 --dice 1");
    assert_eq!(t.state().counter("de", "templates"), Some(0));
    t.when("artillery --stands t2 --dice 1")
        .refused(&["no template left"]);
    // The 3rd Tank Battalion lost: the Soviets have two units in play, no template.
    t.play("hits t3 1\nnext\nnext");
    t.when("next")
        .accepted()
        .says(&["Soviets has 0 templates to place"]);
    assert_eq!(t.state().counter("su", "templates"), Some(0));
    t.when("artillery --stands p1 --dice 1")
        .refused(&["no template left"]);
    assert!(t.screen(160, 40).contains("Soviets [templates 0]"));
}

/// > Artillery templates: each side gets ⌊its units still in play / 3⌋ at the start of its
/// > artillery phase, counted after every loss so far (a unit eliminated by a casualty check is
/// > gone); a template stays until its owner's next artillery phase, and a stand that touches it
/// > while moving is attacked at once.
#[test]
fn a_unit_eliminated_by_the_casualty_check_just_before_counts_no_more() {
    for (face, templates) in [(1, 0), (5, 1)] {
        let mut t = germans_firing("");
        // The motor rifle battalion has lost two of its three: its check ends the Germans' turn.
        t.play("hits tr1 1\nhits r3 1");
        t.when(&format!("next --dice {face}"))
            .accepted()
            .says(&[&format!("Soviets has {templates} template")]);
        assert_eq!(
            t.state().counter("su", "templates"),
            Some(templates),
            "casualty check {face}"
        );
    }
}

/// > Artillery templates: each side gets ⌊its units still in play / 3⌋ at the start of its
/// > artillery phase
///
/// A unit arriving as the turn begins is in play at the start of that turn's first artillery
/// phase: the Germans' third company, due on turn 2, makes their two units three.
#[test]
fn a_unit_arriving_as_the_turn_begins_counts_for_its_first_artillery_phase() {
    let scenario = meeting("").replace(
        "  id = \"de-3\"\n  name = \"3. Kompanie\"\n  level = \"company\"\n",
        "  id = \"de-3\"\n  name = \"3. Kompanie\"\n  level = \"company\"\n  arrives = 2\n",
    );
    assert!(scenario.contains("arrives = 2"));
    let mut t = Table::given(&scenario);
    assert_eq!(
        t.state().counter("de", "templates"),
        Some(0),
        "two units: none"
    );
    t.play("next\nnext\nnext\nnext\nnext");
    t.when("next")
        .accepted()
        .says(&["Panther 3 (p3) arrives (turn 2)", "Germans has 1 template"]);
    let s = t.state();
    assert_eq!((s.turn(), s.active(), s.phase()), (2, "de", "artillery"));
    assert_eq!(s.counter("de", "templates"), Some(1));
}

/// > Artillery templates: each side gets ⌊its units still in play / 3⌋ at the start of its
/// > artillery phase, counted after every loss so far (a unit eliminated by a casualty check is
/// > gone); a template stays until its owner's next artillery phase, and a stand that touches it
/// > while moving is attacked at once.
#[test]
fn a_template_stays_and_a_stand_touching_it_is_attacked_at_once() {
    let mut t = Table::given(&meeting(""));
    t.play("artillery --stands t3 --at \"the crossroads\" --dice 1\nnext\nnext\nnext\nnext");
    let s = t.state();
    assert_eq!(s.0["areas"].as_array().map(Vec::len), Some(1));
    assert_eq!(s.unit("t3").marker("under_template"), Some(1));
    // The Soviets move: a T-34 touching it is attacked at once (a 5: Suppressed).
    t.when("template --stand t2 --template 1 --dice 5")
        .accepted()
        .says(&[
            "touches template-1 (on the crossroads, over t3) while moving",
            "Suppressed",
        ]);
    assert_eq!(t.state().unit("t2").marker("suppressed"), Some(1));
    t.when("template --stand t2 --template 2 --dice 5")
        .refused(&["no template-2 on the table"]);
    t.when("template --stand p1 --template 1 --dice 5")
        .refused(&["its own side's turn"]);
    // It lifts at the Germans' next artillery phase.
    t.play("next");
    t.when("next").accepted().says(&["template-1 lifts"]);
    let s = t.state();
    assert_eq!(s.0["areas"].as_array().map(Vec::len), Some(0));
    assert!(!s.unit("t3").has("under_template"));
}

/// > Unit casualties, for the casualty quality check.
#[test]
fn each_units_losses_are_kept() {
    let mut t = germans_firing("");
    t.play("hits t2 1");
    assert!(
        t.screen(160, 40)
            .contains("1st Tank Battalion (battalion) [LOST 1/3]")
    );
    t.play("next");
    assert_eq!(t.state().counter("su-1", "lost_seen"), Some(1));
    assert_eq!(t.state().counter("su-1", "casualty_reached"), None);
    t.play("next\nnext\nnext\nnext\nnext\nhits r1 1");
    t.when("next --dice 6").accepted().says(&["casualty check"]);
    let s = t.state();
    assert_eq!(s.counter("su-1", "lost_seen"), Some(2));
    assert_eq!(s.counter("su-1", "casualty_reached"), Some(1));
    assert!(
        t.screen(160, 40)
            .contains("1st Tank Battalion (battalion) [LOST 2/3]")
    );
}

// ---- the turn -----------------------------------------------------------------------------------

/// > 1. Artillery phase — remove this side's old templates and the Suppressed markers its
/// > artillery caused last turn, then place templates and resolve them.
#[test]
fn the_artillery_phase_clears_the_sides_old_templates_then_places_its_new_ones() {
    let mut t = Table::given(&meeting(""));
    assert_eq!(t.state().phase(), "artillery");
    t.play("artillery --stands t3 --dice 4\nnext\nnext\nnext");
    // The Soviets' template Suppresses a Panther; the Germans' own stays on the table.
    t.play("artillery --stands p3 --dice 5\nnext\nnext");
    t.when("next").accepted().says(&[
        "Germans: artillery",
        "template-1 lifts (on the stands t3)",
        "T-34 3 (t3): no longer Suppressed",
        "Germans has 1 template to place",
    ]);
    let s = t.state();
    let areas: Vec<&str> = s.0["areas"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|a| a["id"].as_str())
        .collect();
    assert_eq!(areas, ["template-2"], "the Soviets' template stays");
    assert!(s.unit("p3").has("suppressed"));
    // Then this turn's template is placed and resolved at once.
    t.when("artillery --stands t3 --dice 6,1")
        .accepted()
        .says(&["template-3", "fails its quality check: out of the fight"]);
    assert!(t.state().unit("t3").removed().is_some());
}

/// > 2. Movement phase — the other side's Overwatch fire happens here.
#[test]
fn overwatch_fire_comes_in_the_other_sides_movement_phase() {
    let mut t = germans_firing("");
    t.play("overwatch --stand p1\nnext");
    t.when("anti-vehicle --firer p1 --target t2 --range 9 --dice 1,1,1,1")
        .refused(&["belongs to the Fire phase; it is now the Artillery phase"]);
    t.play("next");
    assert_eq!(t.state().phase(), "movement");
    t.when("anti-vehicle --firer p1 --target t2 --range 9 --dice 1,1,1,1")
        .accepted();
    // A stand without the marker fires in its own fire phase only.
    t.when("anti-vehicle --firer p2 --target t2 --range 9 --dice 1,1,1,1")
        .refused(&["belongs to the Fire phase"]);
}

/// > 1. Artillery phase — remove this side's old templates and the Suppressed markers its
/// > artillery caused last turn, then place templates and resolve them.
///
/// At the table: ending the artillery phase with a template not placed asks first (`n`, then `y`
/// ends it; any other key keeps the phase), at 120×40 and at 80×24; the command line's `next`
/// says the template went unplaced.
#[test]
fn ending_the_artillery_phase_with_a_template_unplaced_asks_first() {
    for (w, h) in [(120, 40), (80, 24)] {
        let t = Table::given(&meeting(""));
        t.ui(|ui| {
            ui.keys("n");
            let screen = ui.screen(w, h);
            assert!(
                screen.contains("1 artillery template not placed; End the phase? [y/N]"),
                "{w}×{h}:\n{screen}"
            );
            ui.keys("x");
        });
        assert_eq!(t.state().phase(), "artillery", "any other key keeps it");
        t.ui(|ui| {
            ui.keys("n").keys("y");
        });
        assert_eq!(t.state().phase(), "movement");
    }
    // Placed, the phase ends without a word.
    let t = Table::given(&meeting("")).played("artillery --stands t3 --dice 1");
    t.ui(|ui| {
        ui.keys("n");
    });
    assert_eq!(t.state().phase(), "movement");
    let mut t = Table::given(&meeting(""));
    t.when("next")
        .accepted()
        .says(&["Germans: 1 template not placed"]);
}

/// > 2. Movement phase — the other side's Overwatch fire happens here.
///
/// The moving side's movement is not recorded, so ending the movement phase never asks about its
/// stands: only about the other side's Overwatch stands, whose one attack it is, at 120×40 and
/// 80×24.
#[test]
fn ending_the_movement_phase_asks_only_about_the_overwatch_stands() {
    let t = germans_moving("");
    t.ui(|ui| {
        ui.keys("n");
    });
    assert_eq!(t.state().phase(), "fire", "no question: nothing to record");
    for (w, h) in [(120, 40), (80, 24)] {
        let mut t = germans_firing("").played("overwatch --stand p1\nnext\nnext");
        assert_eq!(t.state().phase(), "movement");
        t.ui(|ui| {
            ui.keys("n");
            let screen = ui.screen(w, h);
            assert!(
                screen.contains("1 stand has not acted (p1)"),
                "{w}×{h}:\n{screen}"
            );
            ui.esc();
        });
        assert_eq!(t.state().phase(), "movement");
        t.play("anti-vehicle --firer p1 --target t2 --range 9 --dice 1,1,1,1");
        t.ui(|ui| {
            ui.keys("n");
        });
        assert_eq!(t.state().phase(), "fire", "its attack made: no question");
    }
}

/// > 3. Fire phase.
#[test]
fn the_fire_phase_is_the_sides_own() {
    let mut t = germans_moving("");
    t.when("anti-vehicle --firer p1 --target t2 --range 9")
        .refused(&[
            "fire (other than overwatch) belongs to the Fire phase; it is now the Movement phase",
        ]);
    t.play("next");
    assert_eq!(t.state().phase(), "fire");
    t.when("anti-vehicle --firer t2 --target p1 --range 9")
        .refused(&["in its own side's turn"]);
    t.when("anti-vehicle --firer p1 --target t2 --range 9 --dice 1,1,1,1")
        .accepted();
    assert!(t.screen(160, 40).contains("Turn 1/4 · Fire · Germans"));
}

/// > 4. Quality checks — a unit takes a casualty check at the end of the turn in which its total
/// > losses since the start first reach ⌈2/3 × its starting stands⌉, and again at the end of
/// > every later turn in which it loses a stand.
#[test]
fn a_casualty_check_at_two_thirds_lost_and_after_every_later_loss() {
    let mut t = Table::given(&tank_battalion("")).played("next\nnext");
    // Three of six lost: no check (a die typed would not be used).
    t.play("hits t1 1\nhits t2 1\nhits t3 1");
    t.when("next --dice 6").not_understood(&["not used"]);
    // The fourth lost in the Germans' second turn: two thirds, the check ends that turn.
    t.play("next\nnext\nnext\nnext\nnext\nnext\nhits t4 1");
    t.when("next --dice 6").accepted().says(&[
        "1st Tank Battalion: casualty check — 6 against 5+: the unit passes",
        "4 of 6 stands lost (two thirds reached)",
    ]);
    // The Soviets' turn: no stand lost, no check.
    t.play("next\nnext");
    t.when("next --dice 6").not_understood(&["not used"]);
    // A later turn with a loss: again.
    t.play("next\nnext\nnext\nhits t5 1");
    assert_eq!(t.state().turn(), 3);
    t.when("next --dice 5")
        .accepted()
        .says(&["5 of 6 stands lost, a stand lost this turn"]);
    // The option: the first check at a third lost.
    let mut t = Table::given(&tank_battalion("casualty_thirds = 1")).played("next\nnext");
    t.play("hits t1 1");
    t.when("next --dice 6").not_understood(&["not used"]);
    t.play("hits t2 1");
    t.when("next --dice 6")
        .accepted()
        .says(&["2 of 6 stands lost"]);
}

/// > 4. Quality checks — a unit takes a casualty check at the end of the turn in which its total
/// > losses since the start first reach ⌈2/3 × its starting stands⌉
///
/// A stand still to arrive is not yet the unit's: its starting stands are those on the table.
/// Three of the battalion's six T-34s arrive on turn 3, so two lost of the three that started
/// reach two thirds (of six, they would not).
#[test]
fn a_unit_s_starting_stands_are_those_arrived() {
    let mut scenario = tank_battalion("");
    for n in 4..=6 {
        scenario = scenario.replace(
            &format!("name = \"T-34 {n}\"\n"),
            &format!("name = \"T-34 {n}\"\n    arrives = 3\n"),
        );
    }
    let mut t = Table::given(&scenario).played("next\nnext");
    t.play("hits t1 1\nhits t2 1");
    t.when("next --dice 6").accepted().says(&[
        "1st Tank Battalion: casualty check — 6 against 5+: the unit passes",
        "2 of 3 stands lost (two thirds reached)",
    ]);
    // The whole battalion on the table from the start: two of six is no check.
    let mut t = Table::given(&tank_battalion("")).played("next\nnext");
    t.play("hits t1 1\nhits t2 1");
    t.when("next --dice 6").not_understood(&["not used"]);
    // Stands due as the next turn begins are not yet the unit's at the end of the last: the
    // Germans, moving second, end turn 1 with the check of two of three, then turn 2 begins and
    // the three arrive.
    let mut scenario = tank_battalion("").replace("first_side = \"de\"", "first_side = \"su\"");
    for n in 4..=6 {
        scenario = scenario.replace(
            &format!("name = \"T-34 {n}\"\n"),
            &format!("name = \"T-34 {n}\"\n    arrives = 2\n"),
        );
    }
    let mut t = Table::given(&scenario).played("next\nnext\nnext\nnext\nnext");
    assert_eq!((t.state().active(), t.state().phase()), ("de", "fire"));
    t.play("hits t1 1\nhits t2 1");
    t.when("next --dice 6").accepted().says(&[
        "2 of 3 stands lost (two thirds reached)",
        "Turn 2 begins: reinforcements arrive",
        "T-34 6 (t6) arrives (turn 2)",
    ]);
    assert_eq!(t.state().turn(), 2);
}

/// > One roll for the whole unit; failure eliminates the unit's stands.
#[test]
fn one_roll_for_the_unit_and_failure_eliminates_its_stands() {
    let mut t = germans_firing("casualty_thirds = 1");
    t.play("hits t1 1");
    t.when("next --dice 4")
        .accepted()
        .says(&["4 against 5+: the unit fails, its stands are eliminated"]);
    let s = t.state();
    for id in ["t2", "r1"] {
        assert_eq!(
            s.unit(id).removed(),
            Some("failed its unit's casualty check"),
            "{id}"
        );
    }
}

// ---- ranges -------------------------------------------------------------------------------------

/// > Close ≤ ½ effective range; effective ≤ the listed range; long ≤ 1½ × effective range;
/// > beyond long range the attack misses and nothing is rolled (decision: the declared attack is
/// > spent — the firer has made its attack for the turn — and the miss is logged).
#[test]
fn range_bands_and_an_attack_beyond_long_range() {
    let mut t = germans_firing("");
    // German infantry, 4": close to 2", effective to 4", long to 6".
    for (range, band) in [
        ("2", "close"),
        ("2.5", "effective"),
        ("4", "effective"),
        ("4.5", "long"),
        ("6", "long"),
    ] {
        let odds = t.odds(&format!(
            "anti-infantry --firer i2 --target r3 --range {range}"
        ));
        assert!(
            odds.notes(&format!("range {range}\": {band}")),
            "{range}: {:?}",
            odds.0["notes"]
        );
    }
    let odds = t.odds("anti-infantry --firer i2 --target r3 --range 6.5");
    exactly(
        odds.of("the attack misses (beyond long range): no hit remains"),
        1,
        1,
    );
    // Beyond long range nothing is rolled: a die typed is not used.
    t.when("anti-infantry --firer i2 --target r3 --range 6.5 --dice 6")
        .not_understood(&["not used"]);
    t.when("anti-infantry --firer i2 --target r3 --range 6.5")
        .accepted()
        .says(&[
            "range 6.5\" is beyond long range (6\"): the attack misses",
            "Recorded",
        ]);
    // The attack is spent: the stand has made its anti-infantry attack.
    assert!(t.state().unit("i2").has("fired_ai"));
    t.when("anti-infantry --firer i2 --target r3 --range 3")
        .refused(&["has made its anti-infantry attack this turn"]);
    // An Overwatch attack declared beyond long range is spent too.
    t.play("overwatch --stand p1\nnext\nnext");
    t.when("anti-vehicle --firer p1 --target t2 --range 16")
        .accepted()
        .says(&["the attack misses", "its Overwatch marker is used"]);
    assert!(!t.state().unit("p1").has("overwatch"));
}

/// > (Panther 10": close ≤ 5", effective 5–10", long 10–15".)
#[test]
fn the_panthers_bands() {
    let t = germans_firing("");
    for (range, band, modifier) in [
        ("5", "close", " with +2"),
        ("5.5", "effective", " with +1"),
        ("10", "effective", " with +1"),
        ("10.5", "long", ":"),
        ("15", "long", ":"),
    ] {
        let odds = t.odds(&format!(
            "anti-vehicle --firer p1 --target t2 --range {range}"
        ));
        assert!(odds.notes(&format!("range {range}\": {band}")), "{range}");
        assert!(
            odds.notes(&format!("each hits on 4+{modifier}")),
            "{range}: {:?}",
            odds.0["notes"]
        );
    }
    let odds = t.odds("anti-vehicle --firer p1 --target t2 --range 15.5");
    assert!(odds.notes("beyond long range"));
    exactly(odds.of("the attack misses (beyond long range)"), 1, 1);
}

// ---- anti-vehicle fire --------------------------------------------------------------------------

/// > 1. Declare all fire at the target first (several firers may be declared against one target
/// > and resolved together); the umpire says front or flank arc for each.
#[test]
fn every_firer_at_a_target_is_declared_with_its_arc_and_resolved_together() {
    let mut t = germans_firing("");
    let odds = t.odds("anti-vehicle --firer p1 --target t2 --range 9 --with p2@9:flank");
    assert!(odds.notes("Panther 1 (p1) penetration: Pen 8 − front armour 6 = 2 dice per hit"));
    assert!(odds.notes("Panther 2 (p2) penetration: Pen 8 − flank armour 4 = 4 dice per hit"));
    // The first misses; the second's one hit reads a 4: one check, which passes.
    t.when("anti-vehicle --firer p1 --target t2 --range 9 --with p2@9:flank --dice 1,1,1,1,6,1,1,1,4,1,1,1,5")
        .accepted()
        .says(&[
            "Panther 1 (p1): no hits",
            "Panther 2 (p2): 1 hit; penetration 4 1 1 1: one quality check",
            "quality check 5 against 5+: passes",
        ]);
    let s = t.state();
    assert!(s.unit("p1").has("fired_av") && s.unit("p2").has("fired_av"));
    assert!(s.unit("t2").has("fire_check"));
    t.when("anti-vehicle --firer p3 --target t2 --range 9 --with p1@9")
        .refused(&["Panther 1 (p1) has made its attack this turn"]);
    t.when("anti-vehicle --firer p3 --target t3 --range 9 --with p3@9")
        .refused(&["declared twice"]);
}

/// > 2. Range band from the inches typed.
#[test]
fn the_range_band_comes_from_the_inches_typed() {
    let mut t = germans_firing("");
    t.when("anti-vehicle --firer p1 --target t2 --range 4.5 --dice 1,1,1,1")
        .accepted()
        .says(&["range 4.5\": close", "+1 close range"]);
    t.when("anti-vehicle --firer p2 --target t2 --range 12 --dice 1,1,1,1")
        .accepted()
        .says(&["range 12\": long", "-1 long range"]);
}

/// > 3. Roll ROF (+ the nationality ROF bonus) dice.
#[test]
fn rof_dice_plus_the_nationality_bonus() {
    let mut t = germans_firing("");
    t.when("anti-vehicle --firer p1 --target t2 --range 9 --dice 1,1,1")
        .not_understood(&["not enough dice", "to hit 4 of 4"]);
    t.when("anti-vehicle --firer p1 --target t2 --range 9 --dice 1,1,1,1")
        .accepted()
        .says(&["4 dice (ROF 3 + 1 German)", "no hits"]);
    let mut t = soviets_firing("");
    t.when("anti-vehicle --firer t2 --target p1 --range 9 --dice 1,1,1")
        .not_understood(&["not used"]);
    t.when("anti-vehicle --firer t2 --target p1 --range 9 --dice 1,1")
        .accepted()
        .says(&["2 dice (ROF 2)"]);
}

/// > Each die scores a hit on 4+ after modifiers: +1 close range; −1 long range; + nationality
/// > to-hit bonus; −1 (vehicle) or −2 (infantry) firer Suppressed; +1 firing a missile; −1
/// > overwatch attack.
#[test]
fn a_to_hit_die_hits_on_4_or_more_after_its_modifiers() {
    let mut t = soviets_firing("");
    // A Soviet T-34 at the Panther's flank: no modifier, a 4 hits and a 3 does not.
    t.when("anti-vehicle --firer t2 --target p1 --range 9 --arc flank --dice 4,3,1,1")
        .accepted()
        .says(&["rolled 4, 3: 1 hit (4+ hits)"]);
    // Close +1: the 3 hits.
    t.when("anti-vehicle --firer t3 --target p1 --range 4 --arc flank --dice 3,2,1,1,1,1")
        .accepted()
        .says(&["+1 close range", "modified 4, 3: 1 hit"]);
    // Long −1: the 4 misses.
    let odds = t.odds("anti-vehicle --firer t1 --target p1 --range 12 --arc flank");
    exactly(odds.figure("expected_hits"), 2, 3);
    // German +1 at long range −1: a 4 hits.
    let mut t = germans_firing("");
    t.when("anti-vehicle --firer p1 --target t2 --range 12 --dice 4,3,3,3,1")
        .accepted()
        .says(&[
            "-1 long range",
            "+1 German to-hit bonus",
            "rolled 4, 3, 3, 3: 1 hit",
        ]);
    // A missile +1 (a scenario's own weapon: the published tables have none).
    let missile = format!(
        "{}\n[tables.infantry.german-infantry]\nmissile_pen = 7\nmissile_rof = 1\nmissile_range = 10\n",
        meeting("")
    );
    let mut t = Table::given(&missile).played("next\nnext");
    t.when("anti-vehicle --firer i2 --target t2 --range 9 --weapon missile --dice 2,2,1,1")
        .accepted()
        .says(&[
            "+1 missile",
            "+1 German to-hit bonus",
            "modified 4, 4: 2 hits",
        ]);
}

/// > 4. Terrain save: target in difficult terrain rolls a d6 per hit; each 5+ cancels a hit.
#[test]
fn a_terrain_save_a_hit_on_5_or_more() {
    let mut t = germans_firing("");
    // Three hits; saves 4, 5, 6: two saved, one remains (penetration 1 1).
    t.when("anti-vehicle --firer p1 --target t2 --range 9 --terrain difficult --dice 1,4,5,6,4,5,6,1,1")
        .accepted()
        .says(&["3 hits, 2 saved", "terrain saves", "(difficult terrain, 5+ saves)"]);
    let odds = t.odds("anti-vehicle --firer p2 --target t3 --range 9 --terrain difficult");
    assert!(odds.notes("each hit is saved on 5+: 33.33%"));
    // Four dice at 2/3, each hit kept at 2/3: 8/3 hits thrown, 16/9 remain.
    exactly(odds.figure("expected_hits"), 16, 9);
    // In the open, no save is thrown.
    t.when("anti-vehicle --firer p2 --target t3 --range 9 --dice 6,1,1,1,1,1")
        .accepted()
        .never_says(&["Terrain saves against"]);
}

/// > 5. Each remaining hit rolls (Pen − Armour) penetration dice.
#[test]
fn each_remaining_hit_rolls_pen_less_armour_dice() {
    let mut t = germans_firing("");
    // Two hits on the T-34's flank: Pen 8 − 4 = 4 dice each, eight in all.
    t.when(
        "anti-vehicle --firer p1 --target t2 --range 9 --arc flank --dice 6,6,1,1,1,1,1,1,1,1,1",
    )
    .not_understood(&["not enough dice"]);
    t.when(
        "anti-vehicle --firer p1 --target t2 --range 9 --arc flank --dice 6,6,1,1,1,1,1,1,1,1,1,1",
    )
    .accepted()
    .says(&[
        "Pen 8 − flank armour 4 = 4 dice per hit, 2 hits",
        "penetration 1 1 1 1 1 1 1 1: no effect",
    ]);
}

/// > Guns: Pen +2 at close range, −2 at long range (LAWs and missiles never).
#[test]
fn a_guns_pen_changes_with_range_a_laws_never() {
    let t = germans_firing("");
    assert!(
        t.odds("anti-vehicle --firer p1 --target t2 --range 5")
            .notes("Pen 8 + 2 close = 10 − front armour 6 = 4 dice per hit")
    );
    assert!(
        t.odds("anti-vehicle --firer p1 --target t2 --range 12")
            .notes("Pen 8 − 2 long = 6 − front armour 6 = 0: one die per hit, +0 to it")
    );
    let law = t.odds("anti-vehicle --firer i2 --target t2 --range 1 --arc flank");
    assert!(law.notes("Pen 4 − flank armour 4 = 0: one die per hit, +0 to it"));
    assert!(law.notes("a LAW's Pen does not change with range"));
    let law = t.odds("anti-vehicle --firer i2 --target t2 --range 3 --arc flank");
    assert!(law.notes("Pen 4 − flank armour 4 = 0"));
    let missile = format!(
        "{}\n[tables.infantry.german-infantry]\nmissile_pen = 7\nmissile_rof = 1\nmissile_range = 10\n",
        meeting("")
    );
    let t = Table::given(&missile).played("next\nnext");
    let odds = t.odds("anti-vehicle --firer i2 --target t2 --range 4 --weapon missile");
    assert!(odds.notes("Pen 7 − front armour 6 = 1 die per hit"));
    assert!(odds.notes("a missile's Pen does not change with range"));
}

/// > If Pen − Armour ≤ 0, roll one die and add the (negative) difference to it.
#[test]
fn pen_not_above_armour_is_one_die_with_the_difference() {
    let mut t = soviets_firing("");
    // A T-34 at the Panther's front: 6 − 7 = −1. Two hits, one die each: 6 and 5 read 5 and 4.
    t.when("anti-vehicle --firer t2 --target p1 --range 9 --dice 4,4,6,5,3")
        .accepted()
        .says(&[
            "Pen 6 − front armour 7 = −1: one die per hit, −1 to it, 2 hits",
            "modified 5, 4: highest 5: a 4–5, one quality check",
            "penetration 6 5 → 5 4: one quality check",
        ]);
    assert!(t.state().unit("p1").has("fire_check"));
}

/// > 6. Read each penetration die after its modifier: any modified 6 → target destroyed.
#[test]
fn a_modified_6_destroys() {
    let mut t = germans_firing("");
    t.when("anti-vehicle --firer p1 --target t2 --range 9 --dice 6,1,1,1,6,1")
        .accepted()
        .says(&["penetration 6 1: destroyed"]);
    assert_eq!(
        t.state().unit("t2").removed(),
        Some("destroyed by anti-vehicle fire")
    );
    // A 6 with −1 reads 5: a check, not destroyed.
    let mut t = soviets_firing("");
    t.when("anti-vehicle --firer t2 --target p1 --range 9 --dice 4,1,6,3")
        .accepted()
        .says(&[
            "penetration 6 → 5: one quality check",
            "3 against 3+: passes",
        ]);
    assert!(t.state().unit("p1").removed().is_none());
    exactly(
        t.odds("anti-vehicle --firer t3 --target p1 --range 9")
            .figure("p_destroyed_by_a_modified_6"),
        0,
        1,
    );
}

/// > Otherwise any modified 4–5 → one quality check (at most one per target per phase in which
/// > fire happens — the fire phase, or the movement phase for overwatch attacks — however many
/// > firers).
#[test]
fn a_modified_4_or_5_one_check_a_target_a_phase_of_fire() {
    let mut t = germans_firing("");
    // Both Panthers read a 4–5: one check for the T-34.
    t.when("anti-vehicle --firer p1 --target t2 --range 9 --with p2@9 --dice 6,1,1,1,4,1,6,1,1,1,5,1,5")
        .accepted()
        .says(&["quality check 5 against 5+: passes"]);
    t.when("anti-vehicle --firer p3 --target t2 --range 9 --dice 6,1,1,1,4,4")
        .accepted()
        .says(&["no check (already passed a fire check this turn)"]);
    // Overwatch attacks in the Soviets' movement phase: the same, one check in that phase.
    t.play("next");
    assert!(!t.state().unit("t2").has("fire_check"));
    let mut t = germans_firing("");
    t.play("overwatch --stand p1\noverwatch --stand p2\nnext\nnext");
    t.when("anti-vehicle --firer p1 --target t2 --range 9 --dice 6,6,1,1,4,1,1,1,5")
        .accepted()
        .says(&["5 against 5+: passes"]);
    exactly(
        t.odds("anti-vehicle --firer p2 --target t2 --range 9")
            .figure("p_quality_check"),
        0,
        1,
    );
    t.when("anti-vehicle --firer p2 --target t2 --range 9 --dice 6,6,1,1,4,1,1,1")
        .accepted()
        .says(&["no check (already passed a fire check this turn)"]);
}

/// > Otherwise no effect.
#[test]
fn otherwise_no_effect() {
    let mut t = germans_firing("");
    t.when("anti-vehicle --firer p1 --target t2 --range 9 --dice 6,6,1,1,3,3,2,1")
        .accepted()
        .says(&["2 hits; penetration 3 3 2 1: no effect"]);
    let s = t.state();
    assert!(s.unit("t2").removed().is_none() && !s.unit("t2").has("fire_check"));
    // Four dice at 2/3 to hit, two penetration dice a hit each at 1/2 to read 3 or less:
    // (1/3 + 2/3 × 1/4)^4 = 1/16.
    exactly(
        t.odds("anti-vehicle --firer p2 --target t3 --range 9")
            .of("no effect"),
        1,
        16,
    );
}

/// > (So when the difference is −3, the best modified roll is 3: the shot cannot hurt.)
#[test]
fn a_difference_of_minus_3_cannot_hurt() {
    let mut t = soviets_firing("");
    // Soviet riflemen's LAW (Pen 4) at the Panther's front (7).
    let odds = t.odds("anti-vehicle --firer r3 --target p1 --range 2");
    assert!(odds.notes("Pen 4 − front armour 7 = −3: one die per hit, −3 to it"));
    exactly(odds.of("no effect"), 1, 1);
    t.when("anti-vehicle --firer r3 --target p1 --range 2 --dice 6,6")
        .accepted()
        .says(&[
            "the best modified roll is 3: this shot cannot hurt",
            "penetration 6 → 3: no effect",
        ]);
}

/// > The published worked example (Panther at a T-34 9" away, dice 1 4 5 6 → 3 hits, saves 2 4 6
/// > → 2 hits, penetration 1 2 4 5 → one check, check 2 vs 5+ → destroyed) must come out exactly
/// > so.
#[test]
fn the_published_anti_vehicle_example() {
    let mut t = germans_firing("");
    t.when("anti-vehicle --firer p1 --target t2 --range 9 --terrain difficult --dice 1,4,5,6,2,4,6,1,2,4,5,2")
        .accepted()
        .says(&[
            "range 9\": effective",
            "4 dice (ROF 3 + 1 German)",
            "modified 2, 5, 6, 7: 3 hits",
            "3 hits, 1 saved; penetration 1 2 4 5: one quality check, 2 against 5+: destroyed",
        ]);
    assert_eq!(
        t.state().unit("t2").removed(),
        Some("failed its quality check under anti-vehicle fire")
    );
}

// ---- anti-infantry fire -------------------------------------------------------------------------

/// > Same declaration, range and to-hit steps, with the firer's AI rating added to every die; no
/// > missile modifier.
#[test]
fn anti_infantry_fire_adds_the_ai_rating_to_every_die() {
    let mut t = germans_firing("");
    // The Panther's AI −1 against the German +1 at long range: each die hits on a 5.
    t.when("anti-infantry --firer p1 --target r3 --range 12 --with i2@3 --dice 4,4,4,5,2,1,1,6")
        .accepted()
        .says(&[
            "-1 AI rating",
            "+1 AI rating",
            "Panther 1 (p1): 1 hit",
            "Grenadiers 2 (i2): 1 hit",
        ]);
    // A stand with a missile fires its small arms at infantry: no missile modifier.
    let missile = format!(
        "{}\n[tables.infantry.german-infantry]\nmissile_pen = 7\nmissile_rof = 1\nmissile_range = 10\n",
        meeting("")
    );
    let mut t = Table::given(&missile).played("next\nnext");
    t.when("anti-infantry --firer p1 --target r3 --range 9 --with i2@3:missile")
        .refused(&["Grenadiers 2 (i2): the missile makes only anti-vehicle attacks"]);
    t.when("anti-infantry --firer p1 --target r3 --range 9 --with i2@3:law")
        .refused(&["the LAW makes only anti-vehicle attacks"]);
    t.when("anti-infantry --firer i2 --target r3 --range 3 --dice 1,1,1")
        .accepted()
        .says(&["small arms", "+1 AI rating"])
        .never_says(&["missile"]);
}

/// > Terrain saves as above.
#[test]
fn anti_infantry_hits_are_saved_in_difficult_terrain() {
    let mut t = germans_firing("");
    t.when("anti-infantry --firer i2 --target r3 --range 3 --terrain difficult --dice 4,4,1,5,6")
        .accepted()
        .says(&["2 hits, 2 saved", "no hit remains"])
        .never_says(&["quality check, Riflemen 3"]);
    assert!(!t.state().unit("r3").has("fire_check"));
}

/// > If any hit remains, the target takes one quality check, its roll reduced by 1 for every hit
/// > after the first — counting the hits of every firer declared against it in that phase (one
/// > check for all of them).
#[test]
fn one_check_at_minus_1_for_every_hit_after_the_first_of_every_firer() {
    let mut t = germans_firing("");
    // Two hits from the Panther, one from the grenadiers: one check at −2, a 6 reads 4.
    t.when("anti-infantry --firer p1 --target r3 --range 9 --with i2@3 --dice 4,4,1,1,4,1,1,6")
        .accepted()
        .says(&[
            "-2 anti-infantry hits after the first",
            "6 − 2 = 4 against 5+: eliminated",
        ]);
    assert_eq!(
        t.state().unit("r3").removed(),
        Some("failed its quality check under anti-infantry fire")
    );
    // The odds: one hit each from two firers at 1/2 a die; P(the check passes) is that of one
    // hit and a 5 or 6, or two hits and a 6.
    let t = germans_firing("");
    let odds = t.odds("anti-infantry --firer h1 --target r3 --range 6 --with p1@9");
    // The halftrack: 2 dice at 1/2; the Panther: 4 dice at 1/2. Six dice, k hits ~ B(6, 1/2).
    // Passes: k = 1 (6/64) × 2/6 + k = 2 (15/64) × 1/6.
    exactly(odds.of("quality check passed"), 6 * 2 + 15, 64 * 6);
    // A stand that passed ignores further fire checks this turn.
    let mut t = germans_firing("");
    t.play("anti-infantry --firer i2 --target r3 --range 3 --dice 2,1,1,6");
    t.when("anti-infantry --firer p1 --target r3 --range 9 --dice 5,5,5,5")
        .accepted()
        .says(&["no check (already passed a fire check this turn)"]);
    assert!(t.state().unit("r3").removed().is_none());
}

/// > The published example (Panther at Soviet infantry 12" away, dice 1 4 5 6 with −1 long, +1
/// > German, −1 AI → 2 hits, saves 2 4 → none, check 5 − 1 = 4 vs 5+ → eliminated) must come out
/// > exactly so.
#[test]
fn the_published_anti_infantry_example() {
    let mut t = germans_firing("");
    t.when(
        "anti-infantry --firer p1 --target r3 --range 12 --terrain difficult --dice 1,4,5,6,2,4,5",
    )
    .accepted()
    .says(&[
        "range 12\": long",
        "-1 long range",
        "+1 German to-hit bonus",
        "-1 AI rating",
        "modified 0, 3, 4, 5: 2 hits",
        "2 hits, none saved; quality check 5 − 1 = 4 against 5+: eliminated",
    ]);
    assert_eq!(
        t.state().unit("r3").removed(),
        Some("failed its quality check under anti-infantry fire")
    );
}

// ---- artillery ----------------------------------------------------------------------------------

/// > For every stand the umpire lists as wholly or partly under the template, roll a d6:
#[test]
fn a_d6_for_every_stand_listed_under_the_template() {
    let mut t = Table::given(&meeting(""));
    t.when("artillery --stands t2,t3,r3 --dice 1,2")
        .not_understood(&["not enough dice"]);
    t.when("artillery --stands t2,t3,t2 --dice 1,2,3")
        .refused(&["listed twice"]);
    t.when("artillery --stands r2 --dice 1")
        .refused(&["rides Truck 1 (tr1): list the vehicle"]);
    t.when("artillery --stands t2,t3,r3 --dice 1,2,3")
        .accepted()
        .says(&[
            "3 stands under it",
            "Artillery on T-34 2 (t2)",
            "Artillery on Riflemen 3 (r3)",
        ]);
    let s = t.state();
    for id in ["t2", "t3", "r3"] {
        assert_eq!(s.unit(id).marker("under_template"), Some(1), "{id}");
    }
}

/// > 6: infantry in the open destroyed; tanks, halftracks and infantry in difficult terrain take a
/// > quality check, and on passing are Suppressed.
#[test]
fn a_6_destroys_infantry_in_the_open_and_checks_the_rest() {
    let mut t = Table::given(&meeting(""));
    t.when("artillery --stands r3 --dice 6")
        .accepted()
        .says(&["6, infantry in the open: destroyed"]);
    assert_eq!(
        t.state().unit("r3").removed(),
        Some("destroyed by artillery")
    );
    // The Soviets' template: the Panther passes (3 against 3+) and is Suppressed; the halftrack
    // fails (2); the grenadiers in the wood pass (4). The halftrack's riders then pass (5).
    let mut t = soviet_artillery("");
    t.when("artillery --stands p1,h1,i2:difficult --dice 6,3,6,2,6,4,5")
        .accepted()
        .says(&[
            "6, a tank or halftrack: quality check, Suppressed on passing",
            "6, infantry in difficult terrain: quality check, Suppressed on passing",
        ]);
    let s = t.state();
    assert_eq!(s.unit("p1").marker("suppressed"), Some(2));
    assert_eq!(
        s.unit("h1").removed(),
        Some("failed its quality check under artillery")
    );
    assert_eq!(s.unit("i2").marker("suppressed"), Some(2));
    assert!(s.unit("i1").removed().is_none() && !s.unit("i1").has("riding"));
    exactly(
        t.odds("artillery --stands p2")
            .of("fails its quality check"),
        2,
        36,
    );
}

/// > 4–5: infantry in the open take a quality check, and on passing are Suppressed; tanks,
/// > halftracks and infantry in difficult terrain are Suppressed.
#[test]
fn a_4_or_5_checks_infantry_in_the_open_and_suppresses_the_rest() {
    let mut t = Table::given(&meeting(""));
    // The T-34 (4): Suppressed. Riflemen in the open (5): a check, passed (5), then Suppressed.
    // A truck in the wood (4): Suppressed, as infantry there.
    t.when("artillery --stands t3,r3,tr1:difficult --dice 4,5,5,4")
        .accepted()
        .says(&[
            "4–5, a tank or halftrack: Suppressed",
            "4–5, infantry in the open: quality check, Suppressed on passing",
            "4–5, infantry in difficult terrain: Suppressed",
        ]);
    let s = t.state();
    assert!(s.unit("t3").has("suppressed"));
    assert!(s.unit("r3").has("suppressed") && s.unit("r3").has("artillery_check"));
    assert!(s.unit("tr1").has("suppressed") && !s.unit("tr1").has("artillery_check"));
    // Soviet infantry in the open: a 4–5 (1/3) and a failed check (2/3) is 2/9 out of the fight;
    // a 6 (1/6) destroys it.
    let t = Table::given(&meeting(""));
    exactly(t.odds("artillery --stands t2").of("(t2): Suppressed"), 2, 6);
    let odds = t.odds("artillery --stands r3");
    exactly(odds.of("(r3): fails its quality check"), 8, 36);
    exactly(odds.of("(r3): passes its quality check"), 4, 36);
    exactly(odds.of("(r3): destroyed"), 1, 6);
}

/// > 1–3: no effect.
#[test]
fn a_1_to_3_does_nothing() {
    let mut t = Table::given(&meeting(""));
    t.when("artillery --stands t1,t3,r3 --dice 1,2,3")
        .accepted()
        .says(&["1–3, a tank or halftrack: no effect", "Result: no effect"]);
    let s = t.state();
    for id in ["t1", "r1", "t3", "r3"] {
        assert!(!s.unit(id).has("suppressed"), "{id}");
    }
    exactly(t.odds("artillery --stands t2").of("no effect"), 1, 2);
}

/// > A tank with riders: one roll; the tank is treated as armour, the riders as infantry in the
/// > open.
#[test]
fn a_tank_with_riders_is_one_roll_armour_for_it_infantry_in_the_open_for_them() {
    let mut t = Table::given(&meeting(""));
    // A 5: the tank Suppressed; its riders check (5, passed) and are Suppressed.
    t.when("artillery --stands t1 --dice 5,5")
        .accepted()
        .says(&[
            "(a tank with riders)",
            "Its riders, Riflemen 1 (r1) (infantry in the open, the same die)",
        ]);
    let s = t.state();
    assert!(s.unit("t1").has("suppressed") && s.unit("r1").has("suppressed"));
    assert_eq!(
        s.unit("r1").marker_unit("riding"),
        Some("t1"),
        "still aboard"
    );
    // A 6: the tank checks (5, passed), the riders are destroyed.
    let mut t = Table::given(&meeting(""));
    t.when("artillery --stands t1:difficult --dice 6,5")
        .accepted()
        .says(&["6, infantry in the open: destroyed"]);
    let s = t.state();
    assert!(s.unit("t1").removed().is_none());
    assert_eq!(s.unit("r1").removed(), Some("destroyed by artillery"));
    // The odds: the riders' fate is read from the same die as the tank's.
    let t = Table::given(&meeting(""));
    let odds = t.odds("artillery --stands t1");
    exactly(odds.of("T-34 1 (t1), riders: destroyed"), 1, 6);
    exactly(odds.of("T-34 1 (t1): Suppressed"), 2, 6);
}

// ---- the quality check --------------------------------------------------------------------------

/// > d6 ≥ the side's rating passes; otherwise the stand is out of the fight (eliminated).
#[test]
fn a_check_passes_on_the_rating_or_more() {
    let mut t = germans_firing("");
    t.when("quality-check --stand r3 --dice 5")
        .accepted()
        .says(&["passes its quality check"]);
    t.when("quality-check --stand i2 --dice 3")
        .accepted()
        .says(&["passes"]);
    t.when("quality-check --stand t2 --dice 4")
        .accepted()
        .says(&["fails its quality check: out of the fight"]);
    t.when("quality-check --stand p2 --dice 2")
        .accepted()
        .says(&["out of the fight"]);
    let s = t.state();
    assert!(s.unit("r3").removed().is_none() && s.unit("i2").removed().is_none());
    assert!(s.unit("t2").removed().is_some() && s.unit("p2").removed().is_some());
}

/// > Modifiers: −1 per extra anti-infantry hit, −1 out of cohesion.
#[test]
fn a_checks_modifiers() {
    let mut t = germans_firing("");
    exactly(
        t.odds("quality-check --stand i2 --extra-hits 2")
            .of("passed"),
        2,
        6,
    );
    t.play("cohesion --stand i2");
    exactly(
        t.odds("quality-check --stand i2 --extra-hits 2")
            .of("passed"),
        1,
        6,
    );
    t.when("quality-check --stand i2 --extra-hits 1 --dice 4")
        .accepted()
        .says(&[
            "-1 an anti-infantry hit after the first",
            "-1 out of cohesion",
            "4 − 1 − 1 = 2",
            "2: fails",
        ]);
    assert!(t.state().unit("i2").removed().is_some());
}

// ---- carried infantry ---------------------------------------------------------------------------

/// > If a halftrack is destroyed its infantry survive only on a passed quality check (decision:
/// > the same for a truck, and the same whatever destroyed the carrier — fire, artillery, or a
/// > failed quality or casualty check; survivors are dismounted, never left aboard a lost
/// > vehicle).
#[test]
fn the_riders_of_a_lost_halftrack_or_truck_survive_on_a_passed_check() {
    // Fire: the halftrack fails its check (2 against 3+), its grenadiers pass theirs (3).
    let mut t = soviets_firing("");
    t.when("anti-vehicle --firer t2 --target h1 --range 9 --dice 1,4,1,1,1,1,1,4,2,3")
        .accepted()
        .says(&[
            "Grenadiers 1 (i1) is carried by the halftrack",
            "riders' quality check 3 against 3+: passes",
        ]);
    let s = t.state();
    assert!(s.unit("h1").removed().is_some());
    assert!(s.unit("i1").removed().is_none() && !s.unit("i1").has("riding"));
    // The same for a truck: destroyed by anti-vehicle fire, its riders fail theirs (4 against 5+).
    let mut t = germans_firing("");
    t.when("anti-vehicle --firer p1 --target tr1 --range 9 --dice 6,1,1,1,6,1,1,1,1,1,1,1,4")
        .accepted()
        .says(&["riders' quality check 4 against 5+: out of the fight"]);
    assert!(t.state().unit("r2").removed().is_some());
    // Artillery: the halftrack fails its check; the grenadiers fail theirs (2).
    let mut t = soviet_artillery("");
    t.when("artillery --stands h1 --dice 6,1,2")
        .accepted()
        .says(&["rider of a destroyed halftrack (its carrier was destroyed by artillery)"]);
    assert_eq!(
        t.state().unit("i1").removed(),
        Some("failed its quality check when its carrier was destroyed")
    );
    // A failed quality check the umpire calls for: the truck's riders pass theirs (6).
    let mut t = germans_firing("");
    t.when("quality-check --stand tr1 --dice 1,6")
        .accepted()
        .says(&["rider of a destroyed truck (its carrier failed a quality check)"]);
    let s = t.state();
    assert!(s.unit("tr1").removed().is_some());
    assert!(s.unit("r2").removed().is_none() && !s.unit("r2").has("riding"));
    // A failed casualty check (a third lost, under the option): the truck, out of cohesion, reads
    // the unit's 5 as 4 and is lost; its riders pass theirs (5).
    let mut t = germans_firing("casualty_thirds = 1");
    t.play("hits r3 1\ncohesion --stand tr1");
    t.when("next --dice 5,5")
        .accepted()
        .says(&["its carrier failed its unit's casualty check"]);
    let s = t.state();
    assert_eq!(
        s.unit("tr1").removed(),
        Some("failed its unit's casualty check")
    );
    assert!(s.unit("r2").removed().is_none() && !s.unit("r2").has("riding"));
    // The other reading, the text naming only the halftrack, is the option: a truck's riders get
    // off without a check.
    let mut t = germans_firing("truck_riders_check = false");
    t.when("anti-vehicle --firer p1 --target tr1 --range 9 --dice 6,1,1,1,6,1,1,1,1,1,1,1")
        .accepted()
        .says(&[
            "if it is destroyed, they get off without a check",
            "riders get off without a check",
            "Riflemen 2 (r2): survives on foot",
        ]);
    let s = t.state();
    assert!(s.unit("r2").removed().is_none() && !s.unit("r2").has("riding"));
    let mut t = germans_firing("truck_riders_check = false");
    t.play("quality-check --stand tr1 --dice 1");
    assert!(!t.state().unit("r2").has("riding"));
}

/// > If a halftrack is destroyed its infantry survive only on a passed quality check (decision:
/// > the same for a truck, and the same whatever destroyed the carrier — fire, artillery, or a
/// > failed quality or casualty check; survivors are dismounted, never left aboard a lost
/// > vehicle).
#[test]
fn a_carrier_removed_by_hand_leaves_its_riders_on_foot_their_check_the_umpires() {
    let mut t = germans_firing("");
    t.when("hits h1 1").accepted().says(&[
        "Halftrack 1 (h1): hits set to 1 by hand — removed",
        "Grenadiers 1 (i1) gets off",
        "quality-check --stand i1",
    ]);
    let s = t.state();
    assert!(s.unit("i1").removed().is_none() && !s.unit("i1").has("riding"));
    assert!(!s.unit("i1").badges().iter().any(|b| b.starts_with("ON")));
    // The check it names is the one the rules call for.
    t.when("quality-check --stand i1 --reason \"rider of a destroyed halftrack\" --dice 2")
        .accepted()
        .says(&["out of the fight"]);
    // The riders of a tank removed by hand are simply on foot, and so are a truck's under the
    // option.
    let mut t = germans_firing("truck_riders_check = false");
    t.when("hits t1 1")
        .accepted()
        .says(&["Riflemen 1 (r1) gets off on foot"])
        .never_says(&["quality-check"]);
    t.when("hits tr1 1")
        .accepted()
        .says(&["Riflemen 2 (r2) gets off on foot"]);
    let s = t.state();
    assert!(!s.unit("r1").has("riding") && !s.unit("r2").has("riding"));
    // A rider removed by hand leaves its carrier: no stand is aboard a vehicle it is not on.
    let mut t = germans_firing("");
    t.play("hits i1 1");
    assert!(!t.state().unit("i1").has("riding"));
}

/// > If a tank carrying infantry is hit by anti-vehicle fire (a hit remaining after terrain
/// > saves, whatever the penetration result), the riders take a quality check.
#[test]
fn riders_check_when_their_tank_is_hit() {
    let mut t = germans_firing("");
    // In the wood: one hit, saved: no hit remains, no check for the riders.
    t.when("anti-vehicle --firer p1 --target t1 --range 9 --terrain difficult --dice 6,1,1,1,5")
        .accepted()
        .never_says(&["riders' quality check"]);
    // A hit remains, penetration no effect: the riders check all the same (4 against 5+).
    t.when("anti-vehicle --firer p2 --target t1 --range 9 --dice 6,1,1,1,1,1,4")
        .accepted()
        .says(&[
            "penetration 1 1: no effect",
            "riders' quality check 4 against 5+: out of the fight",
        ]);
    let s = t.state();
    assert!(s.unit("t1").removed().is_none());
    assert_eq!(
        s.unit("r1").removed(),
        Some("failed its quality check as a rider")
    );
    // The tank destroyed: the riders who pass are on foot.
    let mut t = germans_firing("");
    t.when("anti-vehicle --firer p1 --target t1 --range 9 --dice 6,1,1,1,6,1,5")
        .accepted()
        .says(&["Riflemen 1 (r1): survives on foot"]);
    let s = t.state();
    assert!(s.unit("t1").removed().is_some());
    assert!(s.unit("r1").removed().is_none() && !s.unit("r1").has("riding"));
    // The odds: a hit remains with 1 − (1/3)^4, and the riders then fail with 4/6.
    let t = germans_firing("");
    exactly(
        t.odds("anti-vehicle --firer p1 --target t1 --range 9")
            .figure("p_riders_lost"),
        80 * 4,
        81 * 6,
    );
}

/// > Anti-infantry fire at a tank with riders attacks only the riders, as infantry in the open.
#[test]
fn anti_infantry_fire_at_a_tank_attacks_only_its_riders_in_the_open() {
    // The form's exact odds say so as it is filled.
    let t = germans_firing("");
    let screen = t.ui(|ui| {
        ui.select("i2").keys("i");
        ui.fill("target", "t1").fill("range", "3");
        ui.screen(160, 40)
    });
    assert!(screen.contains("attacks only the riders"), "{screen}");
    let mut t = germans_firing("");
    t.when("anti-infantry --firer i2 --target t1 --range 3 --terrain difficult --dice 3,1,1,4")
        .accepted()
        .says(&[
            "attacks only the riders (Riflemen 1 (r1)), as infantry in the open: no terrain save",
            "1 hit; quality check 4 against 5+: eliminated",
        ])
        .never_says(&["terrain save 1"]);
    let s = t.state();
    assert!(s.unit("t1").removed().is_none() && !s.unit("t1").has("fire_check"));
    assert_eq!(
        s.unit("r1").removed(),
        Some("failed its quality check under anti-infantry fire")
    );
    // The tank without riders: anti-infantry fire cannot harm it.
    t.when("anti-infantry --firer p1 --target t1 --range 9")
        .refused(&["cannot harm"]);
    t.when("anti-infantry --firer p1 --target r2 --range 9")
        .refused(&["rides Truck 1 (tr1): fire at the vehicle"]);
}
