//! Reinforcements: a unit, a formation or a concealment stand that comes on during the battle
//! (`arrives = TURN` or `"umpire"`), as the core keeps it for every rule set — off the table
//! until it arrives, counted nowhere, unseen by the enemy; arriving as its turn begins; brought
//! on early or held back by the umpire, and each undone.

use crate::support::kit::{Table, check};
use crate::support::tui::Keys;

/// Grid skirmish's crossroads, with Red's second tank arriving on turn 2 and a third held off
/// until the umpire brings it on.
const CROSSROADS: &str = r#"
ruleset = "grid"
title = "The crossroads, reinforced"
turns = 6
first_side = "blue"

[[side]]
id = "blue"
name = "Blue force"

  [[side.unit]]
  id = "b1"
  name = "1st Rifles"
  kind = "infantry"

  [[side.unit]]
  id = "bt"
  name = "Blue tank"
  kind = "tank"

[[side]]
id = "red"
name = "Red force"

  [[side.unit]]
  id = "r1"
  name = "Red Rifles"
  kind = "infantry"

  [[side.unit]]
  id = "rt2"
  name = "Red tank two"
  kind = "tank"
  arrives = 2

  [[side.unit]]
  id = "rt3"
  name = "Red tank three"
  kind = "tank"
  arrives = "umpire"
"#;

/// One side's whole turn and the other's: from Blue's move of turn N to Blue's move of N + 1.
const A_TURN: &str = "next\nnext\nnext\nnext";

#[test]
fn a_reinforcement_is_off_the_table_until_its_turn_begins_then_arrives_as_a_logged_event() {
    let mut t = Table::given(CROSSROADS);
    let s = t.state();
    assert_eq!(s.unit("rt2").0["arrives"], 2);
    assert_eq!(s.unit("rt3").0["arrives"], "umpire");
    // Off the table: no procedure takes it, as firer or as target.
    t.play("next");
    t.when("fire --firer b1 --target rt2 --range 3").refused(&[
        "Red tank two (rt2)",
        "not yet on the table",
        "on turn 2",
    ]);
    t.play("next\nnext");
    t.when("fire --firer rt2 --target b1 --range 3")
        .refused(&["not yet on the table"]);
    // Turn 2 begins: it arrives, logged with the phase change.
    t.when("next").says(&[
        "Turn 2 begins: reinforcements arrive",
        "Red force: Red tank two (rt2) arrives (turn 2)",
    ]);
    // The screen's log says so on the phase change's line.
    let screen = t.screen(240, 40);
    assert!(
        screen.contains("turn 2 · Blue force · reinforcements arrive"),
        "{screen}"
    );
    let s = t.state();
    assert!(s.unit("rt2").0["arrives"].is_null());
    assert_eq!(
        s.unit("rt3").0["arrives"],
        "umpire",
        "held until the umpire"
    );
    t.play("next");
    t.when("fire --firer b1 --target rt2 --range 3 --dice 1,1")
        .accepted();
    // Undone, the arrival goes back with its phase change.
    t.play("undo\nundo\nundo");
    assert_eq!(t.state().unit("rt2").0["arrives"], 2);
    assert_eq!(t.state().turn(), 1);
}

#[test]
fn the_umpire_brings_a_unit_on_early_or_holds_it_back_and_undo_takes_each_back() {
    let mut t = Table::given(CROSSROADS).played("next");
    t.when("arrive rt3")
        .says(&["Red tank three (rt3) brought on by the umpire"]);
    assert!(t.state().unit("rt3").0["arrives"].is_null());
    t.when("fire --firer b1 --target rt3 --range 3 --dice 1,1")
        .accepted();
    t.play("undo\nundo");
    assert_eq!(t.state().unit("rt3").0["arrives"], "umpire");
    // Held back: it does not come on when its turn begins.
    t.when("arrive rt2 --turn 3")
        .says(&["held back by the umpire: it arrives on turn 3"]);
    t.play("next\nnext\nnext");
    assert_eq!(t.state().turn(), 2);
    assert_eq!(t.state().unit("rt2").0["arrives"], 3);
    t.play(A_TURN);
    assert!(t.state().unit("rt2").0["arrives"].is_null());
    // Held until the umpire brings it on, and that undone.
    t.when("arrive rt2 --umpire")
        .refused(&["is on the table", "undo takes back an arrival"]);
    t.when("arrive rt3 --turn 2")
        .refused(&["a turn after this one (3)"]);
    t.when("arrive nobody")
        .refused(&["no unit or formation `nobody`"]);
}

#[test]
fn an_enemy_reinforcement_is_on_no_view_or_report_of_the_other_side_until_it_arrives() {
    let mut t = Table::given(CROSSROADS);
    let blue = t.report(&["--side", "blue"]);
    assert!(!blue.contains("Red tank two"), "{blue}");
    assert!(!blue.contains("rt3"), "{blue}");
    let public = t.report(&["--public"]);
    assert!(!public.contains("Red tank two"), "{public}");
    // Its own side sees it as expected, with its turn.
    let red = t.report(&["--side", "red"]);
    assert!(
        red.contains("Red tank two") && red.contains("DUE 2"),
        "{red}"
    );
    assert!(red.contains("DUE UMP"), "{red}");
    t.play(A_TURN);
    let blue = t.report(&["--side", "blue"]);
    assert!(blue.contains("Red tank two (rt2) arrives"), "{blue}");
    assert!(!blue.contains("Red tank three"), "{blue}");
}

#[test]
fn strength_and_losses_count_a_reinforcement_only_once_it_has_arrived() {
    let mut t = Table::given(CROSSROADS);
    let umpire = t.report(&[]);
    // Red starts with its rifles alone.
    let before = strength_row(&umpire, "start");
    assert_eq!(before, "2 | 1 |");
    t.play(A_TURN);
    let umpire = t.report(&[]);
    assert_eq!(strength_row(&umpire, "start"), before);
    let after = strength_row(&umpire, "turn 1");
    assert_eq!(before, after, "nothing arrived during turn 1");
    t.play(A_TURN);
    let umpire = t.report(&[]);
    assert_eq!(
        strength_row(&umpire, "turn 2"),
        "2 | 2 |",
        "the tank counts from its arrival"
    );
    assert!(!umpire.contains("1 unit lost"), "{umpire}");
}

/// The values of the strength chart's row labelled `label`, as the Markdown report's table
/// writes it (`| turn 1 | 2 | 1 |` → `2 | 1 |`).
fn strength_row(report: &str, label: &str) -> String {
    let head = format!("| {label} | ");
    report
        .lines()
        .find_map(|l| l.strip_prefix(&head))
        .unwrap_or_else(|| panic!("no row {label:?} in\n{report}"))
        .to_string()
}

#[test]
fn check_names_a_bad_arrival_at_its_place() {
    let bad = CROSSROADS
        .replace("arrives = 2", "arrives = 0")
        .replace("arrives = \"umpire\"", "arrives = \"umpyre\"");
    check(&bad).refused(&[
        ":34:13: side \"red\" › unit \"rt2\" › arrives = 0: turn 0 is before the battle's first",
        "› arrives = \"umpyre\": `umpyre` is not an arrival (did you mean `umpire`?)",
    ]);
    check(&CROSSROADS.replace("arrives = 2", "arrives = 7"))
        .refused(&["arrives = 7: turn 7 is past the battle's last (6)"]);
    check(CROSSROADS).accepted();
}

#[test]
fn the_umpire_s_screen_brings_the_selected_unit_on_with_a_key_and_holds_one_back() {
    let t = Table::given(CROSSROADS).played("next");
    t.ui(|ui| {
        let screen = ui.screen(120, 30);
        assert!(
            screen.contains("DUE 2") && screen.contains("DUE UMP"),
            "{screen}"
        );
        ui.select("rt3").keys("B").enter();
    });
    assert!(t.state().unit("rt3").0["arrives"].is_null());
    t.ui(|ui| {
        ui.select("rt2").keys("B").keys("4").enter();
    });
    assert_eq!(t.state().unit("rt2").0["arrives"], 4);
}

#[test]
fn the_fft3_meeting_engagement_s_third_battalion_arrives_on_turn_2() {
    let mut t = Table::given(include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/rosters/fft3-meeting-engagement.toml"
    )));
    assert_eq!(t.state().unit("su-3-t11").0["arrives"], 2);
    assert_eq!(
        t.state().counter("su", "templates"),
        Some(0),
        "two units in play: no template on turn 1"
    );
    let german = t.report(&["--side", "de"]);
    assert!(!german.contains("su-3-t11"), "{german}");
    // A battalion none of whose stands has arrived has lost nothing of nothing: no LOST badge,
    // its stands DUE; once they are in play, its losses of its ten stands.
    let battalion = |t: &Table| {
        let screen = t.screen(200, 80);
        let line = screen
            .lines()
            .find(|l| l.contains("3rd Tank Battalion (battalion)"));
        line.unwrap_or_else(|| panic!("{screen}")).to_string()
    };
    assert!(!battalion(&t).contains("LOST"), "{}", battalion(&t));
    assert!(t.screen(200, 80).contains("DUE 2"));
    play_to(&mut t, 2);
    assert!(battalion(&t).contains("LOST 0/10"), "{}", battalion(&t));
    assert!(t.state().unit("su-3-t11").0["arrives"].is_null());
    // It arrives first as turn 2 begins, so the Soviets' artillery phase of turn 2 counts it:
    // three units in play, one template.
    let s = t.state();
    assert_eq!((s.active(), s.phase()), ("su", "artillery"));
    assert_eq!(s.counter("su", "templates"), Some(1), "{}", s.0);
    let german = t.report(&["--side", "de"]);
    assert!(german.contains("su-3-t11"), "{german}");
}

/// A shipped roster's text.
fn roster(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("rosters")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Plays phase changes until turn `turn` has begun (at most 100).
#[track_caller]
fn play_to(t: &mut Table, turn: u64) {
    for _ in 0..100 {
        if t.state().turn() >= turn {
            return;
        }
        t.play("next");
    }
    panic!("turn {turn} not reached in 100 phase changes");
}

/// The value of `side`'s column (0 for the first side) in the strength row labelled `label`.
fn strength_of(report: &str, label: &str, side: usize) -> u64 {
    let row = strength_row(report, label);
    let cell = row
        .split('|')
        .nth(side)
        .unwrap_or_else(|| panic!("no column {side} in {row:?}"));
    cell.trim()
        .parse()
        .unwrap_or_else(|_| panic!("{cell:?} in {row:?}"))
}

#[test]
fn the_scruby_army_corps_s_5e_division_arrives_on_move_4_and_is_counted_and_seen_from_then() {
    let mut t = Table::given(&roster("scruby-army-corps.toml"));
    assert_eq!(t.state().unit("fr-5-l1").0["arrives"], 4);
    let austrian = t.report(&["--side", "au"]);
    assert!(!austrian.contains("fr-5-l1"), "{austrian}");
    let french = t.report(&["--side", "fr"]);
    assert!(
        french.contains("fr-5-l1") && french.contains("DUE 4"),
        "{french}"
    );
    play_to(&mut t, 5);
    assert!(t.state().unit("fr-5-l1").0["arrives"].is_null());
    let umpire = t.report(&[]);
    assert!(
        strength_of(&umpire, "turn 4", 1) > strength_of(&umpire, "turn 3", 1),
        "the division counts from move 4:\n{umpire}"
    );
    assert_eq!(
        strength_of(&umpire, "turn 3", 1),
        strength_of(&umpire, "start", 1)
    );
    let austrian = t.report(&["--side", "au"]);
    assert!(
        austrian.contains("fr-5-l1") && austrian.contains("5e Division"),
        "{austrian}"
    );
}

#[test]
fn the_newport_battalion_action_s_p47s_arrive_on_turn_7_and_no_air_strike_comes_before() {
    let mut t = Table::given(&roster("newport-battalion-action.toml"));
    assert_eq!(t.state().unit("p-47").0["arrives"], 7);
    let german = t.report(&["--side", "ger"]);
    assert!(!german.contains("P-47"), "{german}");
    play_to(&mut t, 2);
    for _ in 0..10 {
        if t.state().active() == "us" {
            break;
        }
        t.play("next");
    }
    t.when("air --asset p-47 --target 1-kp-1 --dice 5")
        .refused(&["not yet on the table", "on turn 7"]);
    play_to(&mut t, 7);
    assert!(t.state().unit("p-47").0["arrives"].is_null());
    let german = t.report(&["--side", "ger"]);
    assert!(
        german.contains("P-47 Thunderbolts, IX Tactical Air Command (p-47) arrives (turn 7)"),
        "{german}"
    );
}

#[test]
fn the_hats_of_tin_village_attack_s_3rd_platoon_comes_up_in_its_truck_on_turn_3() {
    let mut t = Table::given(&roster("hats-of-tin-village-attack.toml"));
    assert_eq!(t.state().unit("de-p3").0["arrives"], 3);
    assert_eq!(t.state().unit("de-tr").0["arrives"], 3);
    let french = t.report(&["--side", "fr"]);
    assert!(
        !french.contains("de-p3") && !french.contains("Opel Blitz"),
        "{french}"
    );
    let before = t.report(&[]);
    play_to(&mut t, 4);
    let s = t.state();
    assert!(s.unit("de-p3").0["arrives"].is_null());
    assert_eq!(
        s.unit("de-p3").0["markers"]["embarked"],
        "de-tr",
        "still in its truck"
    );
    let umpire = t.report(&[]);
    assert!(
        strength_of(&umpire, "turn 3", 0) > strength_of(&before, "start", 0),
        "the platoon and its truck count from turn 3:\n{umpire}"
    );
    let french = t.report(&["--side", "fr"]);
    assert!(
        french.contains("3. Zug (de-p3) arrives (turn 3)"),
        "{french}"
    );
}

/// A German Panther against a Soviet tank battalion whose second company comes on later: a truck
/// (`tr`, on turn `truck`) with riflemen aboard (`rr`, on turn `riders`; `"umpire"` for a turn
/// holds it for the umpire).
fn convoy(truck: &str, riders: &str) -> String {
    format!(
        r#"
ruleset = "fft3"
title = "The convoy"
turns = 6
first_side = "de"

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
    [[side.formation.unit]]
    id = "t1"
    name = "T-34 1"
    kind = "tank"
    type = "t-34"
  [[side.formation]]
  id = "su-2"
  name = "2nd Motor Rifle Battalion"
  level = "battalion"
    [[side.formation.unit]]
    id = "tr"
    name = "Truck"
    kind = "truck"
    type = "truck"
    arrives = {truck}
    [[side.formation.unit]]
    id = "rr"
    name = "Riflemen aboard"
    kind = "infantry"
    type = "soviet-infantry"
    rides = "tr"
    arrives = {riders}
"#
    )
}

/// FFT3's whole turn of both sides, from the Germans' artillery phase to the next turn's (each
/// side's fire phase ends its turn with its quality checks).
const AN_FFT3_TURN: &str = "next\nnext\nnext\nnext\nnext\nnext";

/// A unit that rides another comes on with it, never before it: brought on alone by the umpire
/// it is refused, and bringing on what carries it brings it too; undo takes both back.
#[test]
fn a_rider_comes_on_with_its_carrier_and_never_alone() {
    let mut t = Table::given(&convoy("\"umpire\"", "\"umpire\""));
    t.when("arrive rr").refused(&[
        "Riflemen aboard (rr) goes with Truck (tr), still to arrive",
        "bring tr on and it comes with it",
    ]);
    assert_eq!(t.state().unit("rr").0["arrives"], "umpire");
    t.when("arrive tr")
        .accepted()
        .says(&["Truck (tr) brought on by the umpire", "2 units: tr, rr"]);
    let s = t.state();
    assert!(s.unit("tr").0["arrives"].is_null());
    assert!(s.unit("rr").0["arrives"].is_null());
    assert_eq!(s.unit("rr").marker_unit("riding"), Some("tr"));
    t.play("undo");
    let s = t.state();
    assert_eq!(s.unit("tr").0["arrives"], "umpire");
    assert_eq!(s.unit("rr").0["arrives"], "umpire");
    // Held back, the carrier keeps its riders with it.
    let mut t = Table::given(&convoy("2", "2"));
    t.when("arrive tr --turn 4")
        .accepted()
        .says(&["2 units: tr, rr"]);
    assert_eq!(t.state().unit("rr").0["arrives"], 4);
}

/// A rider whose turn comes before its carrier's waits for it, unseen by the enemy, and arrives
/// with it; a rider held for the umpire arrives with a carrier whose turn has come.
#[test]
fn a_rider_due_before_its_carrier_waits_for_it() {
    let mut t = Table::given(&convoy("3", "2"));
    t.play(AN_FFT3_TURN.rsplit_once('\n').map_or("", |(head, _)| head));
    t.when("next")
        .accepted()
        .says(&["Riflemen aboard (rr) waits for Truck (tr), still to arrive: it comes on with it"]);
    assert_eq!(t.state().unit("rr").0["arrives"], 2);
    let german = t.report(&["--side", "de"]);
    assert!(!german.contains("Riflemen aboard"), "{german}");
    t.play(AN_FFT3_TURN);
    let s = t.state();
    assert_eq!(s.turn(), 3);
    assert!(s.unit("tr").0["arrives"].is_null());
    assert!(s.unit("rr").0["arrives"].is_null());
    let german = t.report(&["--side", "de"]);
    assert!(german.contains("Riflemen aboard (rr) arrives"), "{german}");

    let mut t = Table::given(&convoy("2", "\"umpire\""));
    t.play(AN_FFT3_TURN.rsplit_once('\n').map_or("", |(head, _)| head));
    t.when("next").accepted().says(&[
        "Soviets: Truck (tr) arrives (turn 2)",
        "Soviets: Riflemen aboard (rr) arrives (with Truck (tr))",
    ]);
}
