//! Scruby's rulings as given battles / when a command / then what changed or what was refused,
//! each named after the sentence of the umpire's digest (`scruby.md`) it checks: the faces of
//! "3-6", row 6 for any formation, headquarters that are never fired on nor meleed, crewless guns
//! held and re-manned, flank fire, exposed columns in cross-country column, the column of three
//! or more regiments that fires once, retiring units, canister at musket range and the village's
//! outer area.

use crate::support::*;
use umpire::battle::{Battle, Command};
use umpire::declare::Params;
use umpire::model::Effect;
use umpire::odds::OddsReport;
use umpire::rules::scruby::defs::*;
use umpire::ruleset::find_action;

/// The two brigades of the shared scenario, over 20 moves (time for guns to be re-manned).
fn new_battle(options: &str) -> Battle {
    battle(&scruby_brigades(options).replace("turns = 6", "turns = 20"))
}

/// The battle at move 1's movement, the Austrians having won the initiative 5 to 2.
fn moving() -> Battle {
    let mut b = new_battle("");
    advance(&mut b, "5,2");
    b
}

/// The battle at move 1's movement with the French column (stand 1) exposed by vision.
fn exposed() -> Battle {
    let mut b = moving();
    act(&mut b, "expose", &[("stand", "1"), ("cause", "vision")], "");
    b
}

/// Advances to `phase`, throwing `5,2` for every initiative on the way (the Austrians win).
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

/// Advances to the next move's `phase`.
fn next_move(b: &mut Battle, phase: &str) {
    to_phase(b, PH_MELEE);
    advance(b, "5,2");
    to_phase(b, phase);
}

fn left(b: &Battle, id: &str) -> u32 {
    let u = b.roster.unit_index(id).unwrap();
    b.roster.units[u].hit_limit - b.state().units[u].hits
}

fn value(b: &Battle, id: &str, m: &str) -> Option<i32> {
    unit(b, id).marker(m)
}

fn params(b: &Battle, action: &str, args: &[(&str, &str)]) -> Params {
    let def = find_action(b.ruleset, action).unwrap();
    Params::given(def.params, args.iter().copied()).unwrap()
}

/// The odds the battle gives for `action` (as the screen's form shows them).
fn odds(b: &Battle, action: &str, args: &[(&str, &str)]) -> OddsReport {
    b.ruleset
        .procedure(action)
        .unwrap()
        .odds_in(&b.view(), &params(b, action, args))
        .unwrap_or_else(|e| panic!("{action} {args:?}: {e}"))
}

/// The probability of the result line that starts with `words`.
fn p(report: &OddsReport, words: &str) -> f64 {
    report
        .results
        .iter()
        .find(|l| l.result.starts_with(words))
        .unwrap_or_else(|| panic!("no result {words:?} in {report:?}"))
        .probability
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

/// The id of the unit that `id`'s marker `m`, one that holds a unit, names.
fn named<'a>(b: &'a Battle, id: &str, m: &str) -> Option<&'a str> {
    let u = b.roster.unit_index(id).unwrap();
    let x = b.view().marker_unit(u, m)?;
    Some(b.roster.units[x].id.as_str())
}

// ---- "3-6" is a 3 or a 6 ----------------------------------------------------------------------

/// Digest: "\"3-6\" is a roll of 3 or 6 (one third), never 3 to 6"; "Rifle fire at a gun crew:
/// Line 4/3/2 kill the crew on 3-6".
#[test]
fn line_kills_a_gun_crew_on_a_three_or_a_six_never_a_four_or_a_five() {
    let rifle = [
        ("firer-unit", "a1"),
        ("target-unit", "f-gun"),
        ("range", "5"),
    ];
    for (face, killed) in [("3", true), ("4", false), ("5", false), ("6", true)] {
        // Given the French gun in sight and a1, Line of 4 figures, at rifle fire,
        let mut b = exposed();
        to_phase(&mut b, PH_RIFLE);
        // then the odds are one third,
        let o = odds(&b, "rifle", &rifle);
        assert!(close(p(&o, "The crew is killed"), 1.0 / 3.0), "{o:?}");
        // when a1 fires at the crew and throws `face`,
        act(&mut b, "rifle", &rifle, face);
        // then only a 3 or a 6 kills it.
        assert_eq!(has(&b, "f-gun", CREW_KILLED), killed, "face {face}");
    }
    // Under the option for groups who read it 3 to 6, a 4 kills.
    let mut b = new_battle("three_six = \"3-to-6\"");
    advance(&mut b, "5,2");
    act(&mut b, "expose", &[("stand", "1"), ("cause", "vision")], "");
    to_phase(&mut b, PH_RIFLE);
    act(&mut b, "rifle", &rifle, "4");
    assert!(has(&b, "f-gun", CREW_KILLED));
}

/// Digest: "a 1-figure squadron needs \"3-6\" where a 2-figure one needs \"1-3-6\"" (the melee
/// kill table: Light cavalry, 1 figure, 1 on 3-6).
#[test]
fn a_one_figure_light_cavalry_squadron_kills_in_melee_on_a_three_or_a_six() {
    let source = scruby_brigades("").replace(
        "name = \"Hussars\"\n    kind = \"light-cavalry\"",
        "name = \"Hussars\"\n    kind = \"light-cavalry\"\n    figures = 1",
    );
    for (face, killed) in [("3", 1), ("4", 0), ("5", 0), ("6", 1)] {
        // Given the hussars down to one figure, at the melee,
        let mut b = battle(&source);
        advance(&mut b, "5,2");
        to_phase(&mut b, PH_MELEE);
        assert_eq!(left(&b, "a-lc"), 1);
        let melee = [("attacker-unit", "a-lc"), ("defender-unit", "f1")];
        let o = odds(&b, "melee", &melee);
        assert!(
            close(o.extra["expected_defender_losses"], 1.0 / 3.0),
            "{o:?}"
        );
        // when they charge f1 (Line, 4 figures, which kills no light cavalry under the
        // concealment rules) and throw `face` for their kill, then 6 against 1 for morale,
        act(&mut b, "melee", &melee, &format!("{face},6,1"));
        // then a 3 or a 6 kills one figure, a 4 or a 5 none.
        assert_eq!(left(&b, "f1"), 4 - killed, "face {face}");
    }
}

/// Digest: "cannon into an outer area needs \"3-6\" where the open needs \"1-3-6\""; artillery:
/// "Into the outer area of a village or forest: a figure is killed on 3-6 only; a 2 has no effect".
#[test]
fn a_cannon_kills_troops_in_an_outer_area_one_time_in_three_less_often_than_in_the_open() {
    let mut b = moving();
    to_phase(&mut b, PH_FIRST_CANNON);
    let at = |where_: &'static str| {
        [
            ("gun-unit", "a-gun"),
            ("target-unit", "f1"),
            ("range", "12"),
            ("target-in", where_),
        ]
    };
    let outer = odds(&b, "artillery", &at("village-outer"));
    let open = odds(&b, "artillery", &at("open"));
    assert!(close(outer.extra["p_kill"], 1.0 / 3.0), "{outer:?}");
    assert!(close(open.extra["p_kill"], 0.5), "{open:?}");
    // A 4 into the outer area kills nobody; a 6 kills one.
    act(&mut b, "artillery", &at("village-outer"), "4");
    assert_eq!(left(&b, "f1"), 4);
    act(
        &mut b,
        "artillery",
        &at("village-outer").map(|(k, v)| if k == "gun-unit" { (k, "a-ha") } else { (k, v) }),
        "6",
    );
    assert_eq!(left(&b, "f1"), 3);
}

// ---- row 6 for any formation ------------------------------------------------------------------

/// Digest, rifle fire, "Decision (changed)": row 6 reads "Any 4-3-2 Unit Regiment, ATTACKING
/// from the open against a village, hill or forest" — any formation, so Line in road column firing
/// from the open at such a position uses row 6 (1-3-6; a 1-figure regiment on a 6). The harsher
/// reading may stay an option, off by default.
#[test]
fn a_line_regiment_in_road_column_fires_at_a_village_on_row_6() {
    let fire = [
        ("firer-unit", "a2"),
        ("target-unit", "f1"),
        ("range", "5"),
        ("target-in", "village-outer"),
    ];
    // Given a2, Line of 4 figures in road column, at rifle fire,
    let mut b = moving();
    to_phase(&mut b, PH_RIFLE);
    let o = odds(&b, "rifle", &fire);
    assert!(close(o.extra["p_kill"], 0.5), "{o:?}");
    // when it fires from the open at f1 in a village's outer area and throws a 3,
    let e = act(&mut b, "rifle", &fire, "3");
    // then row 6 kills one figure on 1-3-6.
    let row = e.resolutions[0].steps[0].row.clone().unwrap();
    assert!(row.starts_with("row 6 —"), "{row}");
    assert_eq!(left(&b, "f1"), 3);

    // Under the option, the harsher reading: a kill on a 6 only.
    let mut b = new_battle("road_column_against_position = \"row-8\"");
    advance(&mut b, "5,2");
    to_phase(&mut b, PH_RIFLE);
    let o = odds(&b, "rifle", &fire);
    assert!(close(o.extra["p_kill"], 1.0 / 6.0), "{o:?}");
    let e = act(&mut b, "rifle", &fire, "3");
    assert!(
        e.resolutions[0].steps[0]
            .row
            .as_deref()
            .unwrap()
            .starts_with("row 8 —")
    );
    assert_eq!(left(&b, "f1"), 4);
}

// ---- headquarters -------------------------------------------------------------------------------

/// Digest, markers: "A headquarters is an objective, not a fighting unit: it has no figures, is
/// never fired on (rifle, canister or cannon) nor meleed, never retires".
#[test]
fn a_headquarters_is_never_fired_on_nor_meleed() {
    let mut b = moving();
    to_phase(&mut b, PH_FIRST_CANNON);
    for (action, args) in [
        (
            "artillery",
            [
                ("gun-unit", "a-gun"),
                ("target-unit", "fr-hq"),
                ("range", "12"),
            ],
        ),
        (
            "canister",
            [
                ("gun-unit", "a-gun"),
                ("target-unit", "fr-hq"),
                ("range", "5"),
            ],
        ),
    ] {
        let why = refused(&mut b, action, &args, "1");
        assert!(
            why.contains("is a headquarters") && why.contains("never fired on"),
            "{action}: {why}"
        );
    }
    to_phase(&mut b, PH_RIFLE);
    let why = refused(
        &mut b,
        "rifle",
        &[
            ("firer-unit", "a1"),
            ("target-unit", "fr-hq"),
            ("range", "5"),
        ],
        "",
    );
    assert!(
        why.contains("never fired on (rifle, canister or cannon)"),
        "{why}"
    );
    to_phase(&mut b, PH_MELEE);
    for (action, args) in [
        (
            "melee",
            vec![("attacker-unit", "a1"), ("defender-unit", "fr-hq")],
        ),
        (
            "reinforced-melee",
            vec![
                ("attacker-unit", "a1"),
                ("defender-unit", "f1"),
                ("reinforcement-unit", "fr-hq"),
            ],
        ),
        (
            "lc-morale",
            vec![("cavalry-unit", "a-lc"), ("opponent-unit", "fr-hq")],
        ),
    ] {
        let why = refused(&mut b, action, &args, "");
        assert!(
            why.contains("headquarters") && why.contains("only a regiment or squadron")
                || why.contains("is a headquarters"),
            "{action}: {why}"
        );
    }
    // Nothing touched it: it is on the table, held.
    assert!(unit(&b, "fr-hq").on_table() && !has(&b, "fr-hq", HQ_LOST));
}

/// Digest: a headquarters "is taken only by an enemy regiment or squadron reaching it (not by a
/// gun or another headquarters); its own side retakes it the same way".
#[test]
fn only_a_regiment_or_squadron_takes_a_headquarters() {
    let mut b = exposed();
    for by in ["a-gun", "a-ha", "au-hq"] {
        let why = refused(&mut b, "take-hq", &[("hq", "fr-hq"), ("by", by)], "");
        assert!(
            why.contains("only a regiment or squadron takes a headquarters"),
            "{by}: {why}"
        );
    }
    act(&mut b, "take-hq", &[("hq", "fr-hq"), ("by", "a-hc")], "");
    assert!(has(&b, "fr-hq", HQ_LOST));
    // Its own side retakes it the same way: not with its gun.
    let why = refused(&mut b, "take-hq", &[("hq", "fr-hq"), ("by", "f-gun")], "");
    assert!(why.contains("only a regiment or squadron"), "{why}");
    act(&mut b, "take-hq", &[("hq", "fr-hq"), ("by", "f-lt")], "");
    assert!(!has(&b, "fr-hq", HQ_LOST));
    // A headquarters taken off the table by hand is taken by nobody.
    run(
        &mut b,
        Command::SetHits {
            unit: "fr-hq".into(),
            hits: 0,
        },
        "",
    );
    let why = refused(&mut b, "take-hq", &[("hq", "fr-hq"), ("by", "a1")], "");
    assert!(why.contains("no longer on the table"), "{why}");
}

// ---- crewless guns ------------------------------------------------------------------------------

/// The holder and the count of a gun: (side holding it, moves held).
fn hold(b: &Battle, gun: &str) -> (Option<i32>, Option<i32>) {
    (value(b, gun, CAPTURED), value(b, gun, HELD))
}

/// Digest, markers: "When the crew of the gun is killed in this manner [by rifle fire] … Which
/// ever force holds the gun at the end of 3 moves is then entitled to use the gun — so this
/// applies to every crewless gun, however the crew died"; Decision: "the umpire says who holds a
/// crewless gun (a procedure, not only a hand-set marker); the count is of consecutive moves
/// held by one side … at 3 the holder's side re-mans and owns the gun".
#[test]
fn a_crew_shot_down_by_rifle_fire_is_re_manned_by_the_side_that_holds_the_gun_three_moves() {
    // Given the French crew killed by the Austrian grenadiers' rifles (row C, 1-3-6),
    let mut b = exposed();
    to_phase(&mut b, PH_RIFLE);
    act(
        &mut b,
        "rifle",
        &[
            ("firer-unit", "a-gr"),
            ("target-unit", "f-gun"),
            ("range", "5"),
        ],
        "1",
    );
    assert!(has(&b, "f-gun", CREW_KILLED));
    // nobody holds it, and nobody's count runs.
    next_move(&mut b, PH_MOVEMENT);
    assert_eq!(hold(&b, "f-gun"), (None, None));
    // When the umpire says the Austrian grenadiers hold it (move 2),
    let e = act(
        &mut b,
        "hold-gun",
        &[("gun-unit", "f-gun"), ("by", "a-gr")],
        "",
    );
    assert!(e.summary.contains("holds"), "{}", e.summary);
    assert_eq!(hold(&b, "f-gun"), (Some(1), Some(0)));
    // then the count runs at the end of each later move (not the move it was taken in): 1, 2,
    // and at 3 the Austrians re-man it.
    let mut seen = Vec::new();
    for _ in 0..4 {
        next_move(&mut b, PH_MOVEMENT);
        seen.push(hold(&b, "f-gun"));
    }
    assert_eq!(
        seen[..3],
        [(Some(1), Some(0)), (Some(1), Some(1)), (Some(1), Some(2))]
    );
    assert_eq!(seen[3], (Some(1), None), "re-manned: no count left");
    assert!(!has(&b, "f-gun", CREW_KILLED));
    // It fires for the Austrians now, at the French.
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

/// Digest, Decision: the count "restarts when the holder changes, and does not run while nobody
/// holds it"; "its own side as much as … the enemy".
#[test]
fn the_hold_count_restarts_with_a_new_holder_and_stops_while_nobody_holds_the_gun() {
    let mut b = exposed();
    to_phase(&mut b, PH_RIFLE);
    act(
        &mut b,
        "rifle",
        &[
            ("firer-unit", "a-gr"),
            ("target-unit", "f-gun"),
            ("range", "5"),
        ],
        "3",
    );
    next_move(&mut b, PH_MOVEMENT);
    act(
        &mut b,
        "hold-gun",
        &[("gun-unit", "f-gun"), ("by", "a1")],
        "",
    );
    next_move(&mut b, PH_MOVEMENT);
    next_move(&mut b, PH_MOVEMENT);
    assert_eq!(hold(&b, "f-gun"), (Some(1), Some(1)));
    // The same side again changes nothing (refused).
    let why = refused(
        &mut b,
        "hold-gun",
        &[("gun-unit", "f-gun"), ("by", "a-gr")],
        "",
    );
    assert!(why.contains("holds") && why.contains("already"), "{why}");
    // The French take it back: the count starts again.
    act(
        &mut b,
        "hold-gun",
        &[("gun-unit", "f-gun"), ("by", "f1")],
        "",
    );
    assert_eq!(hold(&b, "f-gun"), (Some(2), Some(0)));
    next_move(&mut b, PH_MOVEMENT);
    next_move(&mut b, PH_MOVEMENT);
    assert_eq!(hold(&b, "f-gun"), (Some(2), Some(1)));
    // Nobody holds it: the count stops and does not run.
    act(
        &mut b,
        "hold-gun",
        &[("gun-unit", "f-gun"), ("nobody", "")],
        "",
    );
    assert_eq!(hold(&b, "f-gun"), (None, None));
    next_move(&mut b, PH_MOVEMENT);
    next_move(&mut b, PH_MOVEMENT);
    assert_eq!(hold(&b, "f-gun"), (None, None));
    assert!(has(&b, "f-gun", CREW_KILLED));
    // Its own side holds it 3 moves and re-mans it: its own gun again.
    act(
        &mut b,
        "hold-gun",
        &[("gun-unit", "f-gun"), ("by", "f-lt")],
        "",
    );
    for _ in 0..4 {
        next_move(&mut b, PH_MOVEMENT);
    }
    assert!(!has(&b, "f-gun", CREW_KILLED));
    assert_eq!(hold(&b, "f-gun"), (None, None));
    to_phase(&mut b, PH_SECOND_CANNON);
    act(
        &mut b,
        "artillery",
        &[
            ("gun-unit", "f-gun"),
            ("target-unit", "a1"),
            ("range", "10"),
        ],
        "1",
    );
    assert_eq!(left(&b, "a1"), 3);
}

/// Digest: every crewless gun, "however the crew died (rifle fire, canister's return fire,
/// melee)"; who may hold one and when.
#[test]
fn a_crew_killed_by_canisters_return_fire_leaves_the_gun_to_be_held_and_the_holder_must_be_troops()
{
    let mut b = moving();
    to_phase(&mut b, PH_FIRST_CANNON);
    // A manned gun is not held: its crew is attacked.
    let why = refused(
        &mut b,
        "hold-gun",
        &[("gun-unit", "a-gun"), ("by", "f1")],
        "",
    );
    assert!(why.contains("has its crew"), "{why}");
    act(
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
    assert!(has(&b, "a-gun", CREW_KILLED));
    assert_eq!(hold(&b, "a-gun"), (None, None));
    for (args, why_) in [
        (
            vec![("gun-unit", "a-gun"), ("by", "f-gun")],
            "only a regiment or squadron holds a gun",
        ),
        (
            vec![("gun-unit", "a-gun"), ("by", "f2")],
            "concealed behind stand 1",
        ),
        (
            vec![("gun-unit", "a-gun"), ("by", "f1"), ("nobody", "")],
            "contradict",
        ),
        (vec![("gun-unit", "a-gun"), ("nobody", "")], "nobody holds"),
        (vec![("gun-unit", "a-gun")], "--by is required"),
    ] {
        let why = refused(&mut b, "hold-gun", &args, "");
        assert!(why.contains(why_), "{args:?}: {why}");
    }
    act(
        &mut b,
        "hold-gun",
        &[("gun-unit", "a-gun"), ("by", "f1")],
        "",
    );
    assert_eq!(hold(&b, "a-gun"), (Some(2), Some(0)));
    // A crewless gun's crew is not meleed: it is held.
    to_phase(&mut b, PH_MELEE);
    let why = refused(
        &mut b,
        "melee-crew",
        &[("attacker-unit", "f1"), ("gun-unit", "a-gun")],
        "",
    );
    assert!(why.contains("hold-gun"), "{why}");
}

// ---- flank fire ---------------------------------------------------------------------------------

/// Digest, rifle fire: "Any infantry fired on from its flank gets no return fire at that firer
/// this move (the program refuses that return fire, not only says so)".
#[test]
fn a_unit_fired_on_from_its_flank_may_not_fire_back_at_that_firer() {
    let mut b = moving();
    to_phase(&mut b, PH_RIFLE);
    // Given a1 fires at f1 from its flank,
    let e = act(
        &mut b,
        "rifle",
        &[
            ("firer-unit", "a1"),
            ("target-unit", "f1"),
            ("range", "5"),
            ("flank", ""),
        ],
        "",
    );
    assert_eq!(named(&b, "a1", FIRED_AT), Some("f1"));
    assert!(
        e.notes.iter().any(|n| n.contains("no return fire")),
        "{:?}",
        e.notes
    );
    // when f1 fires back at a1, then it is refused (and its odds too);
    let back = [("firer-unit", "f1"), ("target-unit", "a1"), ("range", "5")];
    let why = refused(&mut b, "rifle", &back, "");
    assert!(why.contains("fired on from its flank by"), "{why}");
    assert!(
        b.ruleset
            .procedure("rifle")
            .unwrap()
            .odds_in(&b.view(), &params(&b, "rifle", &back))
            .is_err()
    );
    // at another regiment it fires.
    act(
        &mut b,
        "rifle",
        &[("firer-unit", "f1"), ("target-unit", "a2"), ("range", "5")],
        "",
    );
    // Next move it may fire at a1 again.
    next_move(&mut b, PH_RIFLE);
    act(&mut b, "rifle", &back, "");

    // The other order: f1 has fired at a1; a1's flank fire at f1 is refused until that is
    // taken back, and fire without --flank stands.
    let mut b = moving();
    to_phase(&mut b, PH_RIFLE);
    act(&mut b, "rifle", &back, "");
    let flank = [
        ("firer-unit", "a1"),
        ("target-unit", "f1"),
        ("range", "5"),
        ("flank", ""),
    ];
    let why = refused(&mut b, "rifle", &flank, "");
    assert!(
        why.contains("has already fired at") && why.contains("undo"),
        "{why}"
    );
    act(
        &mut b,
        "rifle",
        &[("firer-unit", "a1"), ("target-unit", "f1"), ("range", "5")],
        "",
    );
}

// ---- exposed columns ----------------------------------------------------------------------------

/// Digest, concealed columns: "Exposure places the units on the table in column (Fig. 11), in
/// march order: Light infantry in front, cannons in the centre of the whole column, heavy cavalry
/// in the rear — and its infantry stay in cross-country column (firing and fighting as such)
/// until they deploy, which they may do from the following move."
#[test]
fn an_exposed_column_stands_in_cross_country_column_until_the_following_move() {
    // Given the French stand 1 (f-hc, f2, f-gun, f-lt, f3) unseen,
    let mut b = moving();
    // when it is exposed,
    let e = act(&mut b, "expose", &[("stand", "1"), ("cause", "vision")], "");
    // then its three regiments stand in one cross-country column, exposed this move,
    let id = value(&b, "f2", CROSS_COUNTRY);
    assert!(id.is_some());
    for r in ["f-lt", "f3"] {
        assert_eq!(value(&b, r, CROSS_COUNTRY), id, "{r}");
        assert_eq!(value(&b, r, EXPOSED_ON), Some(1));
    }
    assert!(e.summary.contains("cross-country column"), "{}", e.summary);
    // and may not deploy before the following move.
    let why = refused(&mut b, "form", &[("unit", "f2"), ("formation", "line")], "");
    assert!(why.contains("may deploy from the following move"), "{why}");
    // In rifle fire it fires as the column (road-column rows: 1-3-6 at the open), not as a line
    // (row 1, automatic): a 4 kills nobody;
    to_phase(&mut b, PH_RIFLE);
    let e = act(
        &mut b,
        "rifle",
        &[("firer-unit", "f2"), ("target-unit", "a1"), ("range", "5")],
        "4",
    );
    assert!(
        e.resolutions[0].steps[0]
            .row
            .as_deref()
            .unwrap()
            .starts_with("row 3 —")
    );
    assert_eq!(left(&b, "a1"), 4);
    // and only one of its regiments fires.
    let why = refused(
        &mut b,
        "rifle",
        &[("firer-unit", "f3"), ("target-unit", "a1"), ("range", "5")],
        "",
    );
    assert!(why.contains("a column fires as one regiment"), "{why}");
    // The following move it deploys: one regiment forms line, and the two left are no column.
    next_move(&mut b, PH_MOVEMENT);
    assert_eq!(value(&b, "f2", EXPOSED_ON), None);
    let e = act(&mut b, "form", &[("unit", "f2"), ("formation", "line")], "");
    assert!(
        e.summary.contains("no cross-country column"),
        "{}",
        e.summary
    );
    for r in ["f2", "f3", "f-lt"] {
        assert_eq!(value(&b, r, CROSS_COUNTRY), None, "{r}");
    }
}

/// Digest: "Light infantry in front, cannons in the centre of the whole column, heavy cavalry in
/// the rear" — the learning roster's Austrian stand of five: the Grenz regiment, a Line
/// regiment, the cannon third, then the grenadiers and the other Line regiment.
#[test]
fn the_cannon_marches_in_the_centre_of_a_column_of_five() {
    let mut b = battle(include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/rosters/scruby-learning.toml"
    )));
    advance(&mut b, "5,2");
    let e = act(
        &mut b,
        "expose",
        &[("stand", "1"), ("side", "au"), ("cause", "vision")],
        "",
    );
    let order: Vec<&str> = e
        .effects
        .iter()
        .filter_map(|x| match x {
            Effect::Exposed { unit, .. } => Some(unit.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(order, ["au-lt", "au-l1", "au-gun", "au-gr", "au-l2"]);
}

/// Digest, light cavalry section: "only a column of 3+ regiments is a cross-country column, and
/// it fires with one regiment only"; an exposed column of fewer regiments stands in line.
#[test]
fn one_regiment_alone_is_not_a_cross_country_column() {
    let mut b = moving();
    let form = |with: &'static str| {
        let mut v = vec![("unit", "a1"), ("formation", "cross-country")];
        if !with.is_empty() {
            v.push(("with", with));
        }
        v
    };
    for (with, named) in [("", 1), ("a3", 2)] {
        let why = refused(&mut b, "form", &form(with), "");
        assert!(
            why.contains("3 or more regiments") && why.contains(&format!("({named} named)")),
            "{why}"
        );
    }
    let why = refused(&mut b, "form", &form("a3,a-hc"), "");
    assert!(why.contains("not an infantry regiment"), "{why}");
    let why = refused(&mut b, "form", &form("a3,f1"), "");
    assert!(why.contains("not on a1's side"), "{why}");
    // Three regiments stand to stand: a column.
    let e = act(&mut b, "form", &form("a3,a-gr"), "");
    assert!(
        e.summary.contains("form cross-country column"),
        "{}",
        e.summary
    );
    let id = value(&b, "a1", CROSS_COUNTRY);
    assert!(
        id.is_some()
            && value(&b, "a3", CROSS_COUNTRY) == id
            && value(&b, "a-gr", CROSS_COUNTRY) == id
    );
    // A fourth joins it by naming one of its regiments.
    act(
        &mut b,
        "form",
        &[
            ("unit", "a2"),
            ("formation", "cross-country"),
            ("with", "a1"),
        ],
        "",
    );
    assert_eq!(value(&b, "a2", CROSS_COUNTRY), id);
    assert!(!has(&b, "a2", ROAD_COLUMN), "out of road column");
    // In rifle fire it fires with one regiment, and the others are not waited for.
    to_phase(&mut b, PH_RIFLE);
    act(
        &mut b,
        "rifle",
        &[
            ("firer-unit", "a-gr"),
            ("target-unit", "f1"),
            ("range", "5"),
        ],
        "",
    );
    let why = refused(
        &mut b,
        "rifle",
        &[("firer-unit", "a1"), ("target-unit", "f1"), ("range", "5")],
        "",
    );
    assert!(why.contains("a column fires as one regiment"), "{why}");
    let waiting: Vec<String> = b
        .still_to_act()
        .into_iter()
        .map(|u| b.roster.units[u].id.clone())
        .collect();
    for r in ["a1", "a2", "a3"] {
        assert!(!waiting.contains(&r.to_string()), "{r}: {waiting:?}");
    }
}

/// Digest: "only a column of 3+ regiments is a cross-country column" — a column that loses
/// regiments below three is none, and its regiments fire as single regiments in line.
#[test]
fn a_column_left_with_two_regiments_is_no_column() {
    let mut b = moving();
    act(
        &mut b,
        "form",
        &[
            ("unit", "a1"),
            ("formation", "cross-country"),
            ("with", "a3,a-gr"),
        ],
        "",
    );
    to_phase(&mut b, PH_RIFLE);
    // a3 (one figure) is shot down.
    act(
        &mut b,
        "rifle",
        &[("firer-unit", "f1"), ("target-unit", "a3"), ("range", "5")],
        "",
    );
    assert!(!unit(&b, "a3").on_table());
    next_move(&mut b, PH_RIFLE);
    let p = b
        .prefill(
            "rifle",
            &params(&b, "rifle", &[("firer-unit", "a1"), ("target-unit", "f1")]),
        )
        .unwrap();
    assert_eq!(p.text("formation"), Some("line"));
    // Both fire.
    for r in ["a1", "a-gr"] {
        act(
            &mut b,
            "rifle",
            &[("firer-unit", r), ("target-unit", "f1"), ("range", "5")],
            "",
        );
    }
}

/// Digest, concealed columns: "A concealed column moves only in cross-country column … never in
/// road column"; "a forest disperses it but it may stay concealed there"; exposure places it in
/// column whatever it was.
#[test]
fn a_concealed_regiment_never_takes_road_column_and_comes_out_in_column() {
    let mut b = moving();
    let why = refused(
        &mut b,
        "form",
        &[("unit", "f2"), ("formation", "road-column")],
        "",
    );
    assert!(why.contains("never moves in road column"), "{why}");
    // In its column, then dispersed in a forest, still concealed;
    act(
        &mut b,
        "form",
        &[("unit", "f2"), ("formation", "cross-country")],
        "",
    );
    act(&mut b, "form", &[("unit", "f2"), ("formation", "line")], "");
    assert_eq!(value(&b, "f2", CROSS_COUNTRY), None);
    assert!(unit(&b, "f2").concealed);
    // exposed, it is placed in column with the rest of its stand.
    act(&mut b, "expose", &[("stand", "1"), ("cause", "vision")], "");
    assert!(value(&b, "f2", CROSS_COUNTRY).is_some());
    assert_eq!(
        value(&b, "f2", CROSS_COUNTRY),
        value(&b, "f3", CROSS_COUNTRY)
    );
}

// ---- retiring units ------------------------------------------------------------------------------

/// Digest, light cavalry section: "A unit retiring in confusion takes no part in a morale combat
/// it did not start and may not reinforce a melee".
#[test]
fn a_retiring_unit_takes_no_part_in_a_morale_combat_it_did_not_start() {
    let mut b = moving();
    run(
        &mut b,
        Command::SetMarker {
            unit: "f1".into(),
            marker: RETIRING.into(),
            value: Some(2),
        },
        "",
    );
    let why = refused(
        &mut b,
        "lc-morale",
        &[("cavalry-unit", "a-lc"), ("opponent-unit", "f1")],
        "",
    );
    assert!(
        why.contains("takes no part in a morale combat it did not start"),
        "{why}"
    );
    // Retiring light cavalry may not start one either.
    run(
        &mut b,
        Command::SetMarker {
            unit: "a-lc".into(),
            marker: RETIRING.into(),
            value: Some(3),
        },
        "",
    );
    let why = refused(
        &mut b,
        "lc-morale",
        &[("cavalry-unit", "a-lc"), ("opponent-unit", "f-lt")],
        "",
    );
    assert!(why.contains("may not start a morale combat"), "{why}");
}

/// Digest: a retiring unit "may not reinforce a melee" — on either side.
#[test]
fn a_retiring_unit_may_not_reinforce_a_melee() {
    let mut b = moving();
    to_phase(&mut b, PH_MELEE);
    run(
        &mut b,
        Command::SetMarker {
            unit: "a-gr".into(),
            marker: RETIRING.into(),
            value: Some(2),
        },
        "",
    );
    // a-gr would come in on the defender's side (f1 attacks a1).
    let why = refused(
        &mut b,
        "reinforced-melee",
        &[
            ("attacker-unit", "f1"),
            ("defender-unit", "a1"),
            ("reinforcement-unit", "a-gr"),
        ],
        "2,5",
    );
    assert!(why.contains("may not reinforce a melee"), "{why}");
}

// ---- canister at musket range -------------------------------------------------------------------

/// Digest: "a gun within musket range of its target fires canister (not ordinary fire)";
/// artillery: "Canister: at musket range against infantry or cavalry".
#[test]
fn a_gun_within_musket_range_of_troops_fires_canister_not_ordinary_fire() {
    let mut b = exposed();
    to_phase(&mut b, PH_FIRST_CANNON);
    let at = |target: &'static str, range: &'static str| {
        [
            ("gun-unit", "a-gun"),
            ("target-unit", target),
            ("range", range),
        ]
    };
    for target in ["f1", "f-hc", "f-lc"] {
        let why = refused(&mut b, "artillery", &at(target, "6"), "1");
        assert!(
            why.contains("fires canister") && why.contains("`canister`"),
            "{target}: {why}"
        );
    }
    // Counter-battery at that range is ordinary fire; beyond it, troops take ordinary fire.
    act(&mut b, "artillery", &at("f-gun", "5"), "4");
    act(
        &mut b,
        "artillery",
        &[("gun-unit", "a-ha"), ("target-unit", "f1"), ("range", "7")],
        "4",
    );
}

// ---- the village's outer area -------------------------------------------------------------------

/// Digest, melee: "Only enemy infantry may enter a village's outer area and melee its defenders
/// (cavalry may not)".
#[test]
fn only_infantry_may_melee_defenders_in_a_village_outer_area() {
    let mut b = moving();
    to_phase(&mut b, PH_MELEE);
    for (attacker, defender) in [("a-hc", "f-lc"), ("a-lc", "f1"), ("a-hc", "f1")] {
        let why = refused(
            &mut b,
            "melee",
            &[
                ("attacker-unit", attacker),
                ("defender-unit", defender),
                ("defender-in", "village-outer"),
            ],
            "",
        );
        assert!(
            why.contains("only infantry may enter a village's outer area"),
            "{attacker} at {defender}: {why}"
        );
    }
    act(
        &mut b,
        "melee",
        &[
            ("attacker-unit", "a1"),
            ("defender-unit", "f-lc"),
            ("defender-in", "village-outer"),
        ],
        "6,1",
    );
}

// ---- further rulings ----------------------------------------------------------------------------

/// Digest, light cavalry: "Met by heavy cavalry, the melee and its morale throw decide: the
/// loser's screened column, if any, is exposed."
#[test]
fn light_cavalry_beaten_by_heavy_cavalry_are_told_their_screened_column_is_exposed() {
    let mut b = moving();
    to_phase(&mut b, PH_MELEE);
    // a-hc (3 figures, kills 2) charges f-lc (3 figures, kills 1); morale 12 points × 6 against
    // 5 points × 1: the chasseurs lose.
    let e = act(
        &mut b,
        "melee",
        &[("attacker-unit", "a-hc"), ("defender-unit", "f-lc")],
        "6,1",
    );
    assert!(
        e.notes
            .iter()
            .any(|n| n.contains("Chasseurs (f-lc) was screening a concealed column")),
        "{:?}",
        e.notes
    );
    assert!(!e.notes.iter().any(|n| n.contains("(a-hc) was screening")));
}

/// Digest: "Winning this throw is how scouts drive off a screen" — the scouts meet troops they
/// can see; a unit still behind its stand is not named until its column is exposed.
#[test]
fn scouts_meet_no_unit_still_behind_its_stand() {
    let mut b = moving();
    let why = refused(
        &mut b,
        "lc-morale",
        &[("cavalry-unit", "a-lc"), ("opponent-unit", "f2")],
        "",
    );
    assert!(why.contains("concealed behind stand 1"), "{why}");
}

/// Digest, melee against a gun crew: "if attacked from front or flank, the crew fires" — at a
/// regiment or squadron that reaches the axle, never at another gun or a headquarters.
#[test]
fn only_a_regiment_or_squadron_attacks_a_guns_crew() {
    let mut b = exposed();
    to_phase(&mut b, PH_MELEE);
    for attacker in ["a-gun", "a-ha", "au-hq"] {
        let why = refused(
            &mut b,
            "melee-crew",
            &[("attacker-unit", attacker), ("gun-unit", "f-gun")],
            "",
        );
        assert!(
            why.contains("only a regiment or squadron attacks a gun's crew"),
            "{attacker}: {why}"
        );
    }
}

/// Digest, Decision: "at 3 the holder's side re-mans and owns the gun" — and when that crew is
/// shot down in turn, nobody holds the gun until the umpire says who does.
#[test]
fn a_gun_re_manned_by_the_enemy_and_shot_down_again_is_held_by_nobody() {
    let mut b = exposed();
    to_phase(&mut b, PH_MELEE);
    act(
        &mut b,
        "melee-crew",
        &[
            ("attacker-unit", "a-gr"),
            ("gun-unit", "f-gun"),
            ("attacked-from", "rear"),
        ],
        "",
    );
    for _ in 0..3 {
        next_move(&mut b, PH_MELEE);
    }
    advance(&mut b, "5,2");
    assert!(!has(&b, "f-gun", CREW_KILLED));
    assert_eq!(
        value(&b, "f-gun", CAPTURED),
        Some(1),
        "the Austrians' gun now"
    );
    // The French shoot its new crew down.
    to_phase(&mut b, PH_RIFLE);
    act(
        &mut b,
        "rifle",
        &[
            ("firer-unit", "f-lt"),
            ("target-unit", "f-gun"),
            ("range", "5"),
        ],
        "1",
    );
    assert!(has(&b, "f-gun", CREW_KILLED));
    assert_eq!(hold(&b, "f-gun"), (None, None));
}
