//! FFT3 in a battle, as given events / when a command / then these events: fire of one firer and
//! of several declared together, the per-turn limits, carried infantry, artillery templates that
//! stay and the Suppression they cause, Overwatch, strategic movement, cohesion and the unit's
//! casualty check.

use crate::support;
use crate::support::*;
use umpire::battle::Battle;
use umpire::model::Effect;
use umpire::rules::fft3::defs::*;

const SKIRMISH: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/fft3/skirmish.toml"
));

fn new_battle() -> Battle {
    battle(SKIRMISH)
}

/// Advances until `side`'s `phase`, typing `faces` for any rolls on the way.
fn to(b: &mut Battle, side: &str, phase: &str, faces: &str) {
    let mut faces = Some(faces);
    for _ in 0..12 {
        if b.state().phase == phase && b.roster.sides[b.state().active].id == side {
            return;
        }
        advance(b, faces.take().unwrap_or(""));
    }
    panic!("never reached {side} {phase}");
}

fn removed(b: &Battle, id: &str) -> bool {
    !unit(b, id).on_table()
}

fn value(b: &Battle, id: &str, m: &str) -> Option<i32> {
    unit(b, id).marker(m)
}

/// The id of the unit that `id`'s marker `m`, one that holds a unit, names.
fn named<'a>(b: &'a Battle, id: &str, m: &str) -> Option<&'a str> {
    let u = b.roster.unit_index(id).unwrap();
    let x = b.view().marker_unit(u, m)?;
    Some(b.roster.units[x].id.as_str())
}

#[test]
fn the_published_anti_vehicle_example_in_a_battle() {
    let mut b = new_battle();
    to(&mut b, "de", PH_FIRE, "");
    let e = act(
        &mut b,
        "anti-vehicle",
        &[
            ("firer", "p1"),
            ("target", "t2"),
            ("range", "9"),
            ("terrain", "difficult"),
        ],
        "1,4,5,6,2,4,6,1,2,4,5,2",
    );
    assert!(removed(&b, "t2"));
    assert!(has(&b, "p1", FIRED_AV));
    let r = &e.resolutions[0];
    assert_eq!(
        r.result,
        "3 hits, 1 saved; penetration 1 2 4 5: one quality check, 2 against 5+: destroyed"
    );
    // A vehicle makes one attack a turn, of one type.
    for action in ["anti-vehicle", "anti-infantry"] {
        let why = refused(
            &mut b,
            action,
            &[("firer", "p1"), ("target", "t3"), ("range", "9")],
            "",
        );
        assert!(why.contains("one type of attack a turn"), "{why}");
    }
}

#[test]
fn the_published_anti_infantry_example_in_a_battle() {
    let mut b = new_battle();
    to(&mut b, "de", PH_FIRE, "");
    act(
        &mut b,
        "anti-infantry",
        &[
            ("firer", "p1"),
            ("target", "r3"),
            ("range", "12"),
            ("terrain", "difficult"),
        ],
        "1,4,5,6,2,4,5",
    );
    assert!(removed(&b, "r3"));
    assert!(has(&b, "p1", FIRED_AI));
}

#[test]
fn several_firers_at_one_target_make_one_check_with_every_hit() {
    let mut b = new_battle();
    to(&mut b, "de", PH_FIRE, "");
    // p1: 4 dice at +0 (German +1, AI −1): 4 4 1 1 → 2 hits; p2 the same: 4 1 1 1 → 1 hit.
    // Three hits: one check at −2; a 6 reads 4 against 5+.
    let e = act(
        &mut b,
        "anti-infantry",
        &[
            ("firer", "p1"),
            ("target", "r3"),
            ("range", "6"),
            ("with", "p2@7"),
        ],
        "4,4,1,1,4,1,1,1,6",
    );
    assert!(removed(&b, "r3"));
    assert!(has(&b, "p1", FIRED_AI) && has(&b, "p2", FIRED_AI));
    let check = e.resolutions[0].steps.last().unwrap();
    assert_eq!(check.sum_text().as_deref(), Some("6 − 2 = 4"));
}

/// A procedure, its inputs, and words its refusal must say.
type Case<'a> = (&'a str, &'a [(&'a str, &'a str)], &'a str);

#[test]
fn refusals_change_nothing() {
    let mut b = new_battle();
    to(&mut b, "de", PH_FIRE, "");
    let cases: &[Case] = &[
        (
            "anti-vehicle",
            &[("firer", "p1"), ("target", "r3"), ("range", "5")],
            "use anti-infantry",
        ),
        (
            "anti-infantry",
            &[("firer", "p1"), ("target", "t3"), ("range", "5")],
            "use anti-vehicle",
        ),
        (
            "anti-infantry",
            &[("firer", "p1"), ("target", "r2"), ("range", "5")],
            "fire at the vehicle",
        ),
        (
            "anti-vehicle",
            &[("firer", "h1"), ("target", "t3"), ("range", "3")],
            "anti-infantry only",
        ),
        (
            "anti-vehicle",
            &[("firer", "t1"), ("target", "p1"), ("range", "3")],
            "it is Kampfgruppe Peiper's turn",
        ),
        (
            "anti-vehicle",
            &[("firer", "p1"), ("target", "p2"), ("range", "3")],
            "same side",
        ),
        (
            "anti-infantry",
            &[("firer", "i1"), ("target", "r3"), ("range", "3")],
            "debark",
        ),
    ];
    for (action, args, words) in cases {
        let why = refused(&mut b, action, args, "");
        assert!(why.contains(words), "{action} {args:?}: {why}");
    }
}

#[test]
fn anti_infantry_fire_at_a_tank_attacks_its_riders_in_the_open() {
    let mut b = new_battle();
    to(&mut b, "de", PH_FIRE, "");
    // Difficult terrain is ignored: the riders are in the open, so no saves are thrown.
    let e = act(
        &mut b,
        "anti-infantry",
        &[
            ("firer", "p1"),
            ("target", "t1"),
            ("range", "6"),
            ("terrain", "difficult"),
        ],
        "4,1,1,1,3",
    );
    assert!(removed(&b, "r1"), "the riders fail 3 against 5+");
    assert!(!removed(&b, "t1"), "the tank is unaffected");
    assert!(e.summary.contains("T-34 1 (t1)"), "{}", e.summary);
}

#[test]
fn a_hit_on_a_tank_with_riders_makes_them_check_and_a_destroyed_halftrack_too() {
    let mut b = new_battle();
    to(&mut b, "de", PH_FIRE, "");
    // One hit (6), no saves in the open; penetration 8 − 6 = 2 dice: 1 1, no effect. The riders
    // check: 4 against 5+, out.
    act(
        &mut b,
        "anti-vehicle",
        &[("firer", "p1"), ("target", "t1"), ("range", "8")],
        "6,1,1,1,1,1,4",
    );
    assert!(!removed(&b, "t1"));
    assert!(removed(&b, "r1"));
    // Their turn: a T-34 destroys the German halftrack; its grenadiers pass 3 against 3+ and are
    // on foot.
    to(&mut b, "su", PH_FIRE, "");
    act(
        &mut b,
        "anti-vehicle",
        &[("firer", "t3"), ("target", "h1"), ("range", "4")],
        "6,1,6,1,1,1,1,1,1,1,3",
    );
    assert!(removed(&b, "h1"));
    assert!(!removed(&b, "i1"));
    assert_eq!(value(&b, "i1", RIDING), None, "on foot");
}

#[test]
fn a_passed_fire_check_is_the_last_that_turn() {
    let mut b = new_battle();
    to(&mut b, "de", PH_FIRE, "");
    // One hit, penetration 2 dice 4 1: one check, 5 passes.
    act(
        &mut b,
        "anti-vehicle",
        &[("firer", "p1"), ("target", "t3"), ("range", "8")],
        "6,1,1,1,4,1,5",
    );
    assert!(has(&b, "t3", FIRE_CHECK));
    // Another 4–5 from another firer calls for no check this turn.
    let e = act(
        &mut b,
        "anti-vehicle",
        &[("firer", "p2"), ("target", "t3"), ("range", "8")],
        "6,1,1,1,4,1",
    );
    assert!(!removed(&b, "t3"));
    assert!(
        e.resolutions[0].result.contains("no check"),
        "{}",
        e.resolutions[0].result
    );
    // The limit lifts with the turn.
    to(&mut b, "de", PH_ARTILLERY, "");
    assert!(!has(&b, "t3", FIRE_CHECK));
}

#[test]
fn templates_one_per_three_units_suppress_until_their_owners_next_artillery_phase() {
    let mut b = new_battle();
    assert_eq!(
        b.state().counter("de", TEMPLATES),
        Some(1),
        "three companies: one template"
    );
    // t4 is a tank: 4 → Suppressed. r3 in difficult terrain: 5 → Suppressed.
    let e = act(
        &mut b,
        "artillery",
        &[("stands", "t4,r3:difficult"), ("at", "the farm")],
        "4,5",
    );
    assert_eq!(
        value(&b, "t4", SUPPRESSED),
        Some(1),
        "by the first side's artillery"
    );
    assert_eq!(value(&b, "r3", SUPPRESSED), Some(1));
    assert_eq!(value(&b, "t4", UNDER_TEMPLATE), Some(1));
    assert!(b.state().areas.contains_key("template-1"));
    assert!(e.summary.contains("the farm"), "{}", e.summary);
    let why = refused(&mut b, "artillery", &[("stands", "t5")], "");
    assert!(why.contains("no template left"), "{why}");
    // Through the Soviet turn (their own artillery does not lift it) to the Germans' next one.
    to(&mut b, "su", PH_FIRE, "");
    assert_eq!(value(&b, "t4", SUPPRESSED), Some(1));
    // A Suppressed vehicle fires at −1 (a T-34: ROF 2, no Soviet bonus).
    let e = act(
        &mut b,
        "anti-vehicle",
        &[("firer", "t4"), ("target", "p1"), ("range", "8")],
        "1,1",
    );
    let step = &e.resolutions[0].steps[0];
    assert!(
        step.modifiers
            .iter()
            .any(|m| m.value == -1 && m.reason.contains("Suppressed")),
        "{step:?}"
    );
    to(&mut b, "de", PH_ARTILLERY, "");
    assert_eq!(value(&b, "t4", SUPPRESSED), None);
    assert!(
        !b.state().areas.contains_key("template-1"),
        "the template lifts"
    );
    assert_eq!(value(&b, "t4", UNDER_TEMPLATE), None);
}

/// Digest, Quality-check limits: "at most one from artillery per stand per turn (a second
/// artillery result that would call for a check calls for none: the stand counts as having passed
/// and is Suppressed)", with "Turn" meaning one side's turn; Artillery templates: "a stand that
/// touches it while moving is attacked at once".
#[test]
fn a_stand_moving_into_a_template_is_attacked_at_once_and_a_second_artillery_check_in_a_turn_counts_as_passed()
 {
    let mut b = new_battle();
    // Given the Germans' template over t4: a 6 on the tank, a check passed with 5.
    act(&mut b, "artillery", &[("stands", "t4")], "6,5");
    assert!(has(&b, "t4", ARTILLERY_CHECK));
    // When the Soviets' own turn comes, that limit has lifted with the Germans' turn.
    to(&mut b, "su", PH_MOVEMENT, "");
    assert!(!has(&b, "t4", ARTILLERY_CHECK), "one side's turn");
    // The odds before the move are the German template's, touched while moving.
    let touch = |n: &str| {
        umpire::declare::Params::given(TOUCH_PARAMS, [("stand", "t4"), ("template", n)]).unwrap()
    };
    let odds = b
        .ruleset
        .procedure("template")
        .unwrap()
        .odds_in(&b.view(), &touch("1"))
        .unwrap();
    assert_eq!(
        odds.title,
        "Artillery template (Kampfgruppe Peiper), touched while moving: 1 stand under it"
    );
    let why = b
        .ruleset
        .procedure("template")
        .unwrap()
        .odds_in(&b.view(), &touch("2"))
        .unwrap_err();
    assert!(why.to_string().contains("no template-2"), "{why}");
    // t4 moves through template 1: a 6 calls for a check of its own this turn (5 passes).
    let e = act(
        &mut b,
        "template",
        &[("stand", "t4"), ("template", "1")],
        "6,5",
    );
    assert_eq!(e.faces().len(), 2, "the die and the check");
    assert!(has(&b, "t4", ARTILLERY_CHECK));
    // Then through it again in the same movement: a 6 would call for a second check this turn:
    // none, it counts as passed and is Suppressed.
    let e = act(
        &mut b,
        "template",
        &[("stand", "t4"), ("template", "1")],
        "6",
    );
    assert!(!removed(&b, "t4"));
    assert!(
        e.resolutions[0].steps[0]
            .notes
            .iter()
            .any(|n| n.contains("counts as having passed")),
        "{:?}",
        e.resolutions[0].steps[0]
    );
    let why = refused(
        &mut b,
        "template",
        &[("stand", "t5"), ("template", "2")],
        "",
    );
    assert!(why.contains("no template-2"), "{why}");
}

#[test]
fn overwatch_fires_once_at_minus_one_in_the_opponents_movement() {
    let mut b = new_battle();
    to(&mut b, "de", PH_FIRE, "");
    act(&mut b, "overwatch", &[("stand", "p3")], "");
    act(&mut b, "overwatch", &[("stand", "p4")], "");
    let why = refused(
        &mut b,
        "anti-vehicle",
        &[("firer", "p3"), ("target", "t3"), ("range", "8")],
        "",
    );
    assert!(why.contains("Overwatch"), "{why}");
    to(&mut b, "su", PH_MOVEMENT, "");
    let e = act(
        &mut b,
        "anti-vehicle",
        &[("firer", "p3"), ("target", "t3"), ("range", "8")],
        "1,1,1,1",
    );
    let step = &e.resolutions[0].steps[0];
    assert!(
        step.modifiers
            .iter()
            .any(|m| m.value == -1 && m.reason.contains("overwatch"))
    );
    assert!(!has(&b, "p3", OVERWATCH), "used");
    assert!(has(&b, "p4", OVERWATCH));
    let e = advance(&mut b, "");
    assert!(
        !has(&b, "p4", OVERWATCH),
        "gone at the end of the movement phase"
    );
    assert!(
        e.notes.iter().any(|n| n.contains("Overwatch not used")),
        "{:?}",
        e.notes
    );
}

#[test]
fn strategic_movement_forbids_fire_and_carriers_take_one_stand() {
    let mut b = new_battle();
    to(&mut b, "de", PH_MOVEMENT, "");
    act(&mut b, "strategic", &[("stand", "p1")], "");
    let why = refused(&mut b, "embark", &[("stand", "i2"), ("carrier", "p3")], "");
    assert!(why.contains("Soviet tanks"), "{why}");
    let why = refused(&mut b, "embark", &[("stand", "i2"), ("carrier", "h1")], "");
    assert!(why.contains("already carries"), "{why}");
    act(&mut b, "debark", &[("stand", "i1")], "");
    act(&mut b, "embark", &[("stand", "i2"), ("carrier", "h1")], "");
    assert_eq!(named(&b, "i2", RIDING), Some("h1"));
    to(&mut b, "de", PH_FIRE, "");
    let why = refused(
        &mut b,
        "anti-vehicle",
        &[("firer", "p1"), ("target", "t3"), ("range", "8")],
        "",
    );
    assert!(why.contains("strategic movement"), "{why}");
}

#[test]
fn a_unit_checks_at_two_thirds_lost_and_after_every_later_loss() {
    let mut b = new_battle();
    // 2nd Motor Rifle Battalion: three stands. The truck and its riders go under the template.
    act(&mut b, "artillery", &[("stands", "tr1")], "6,3");
    assert!(
        removed(&b, "tr1") && removed(&b, "r2"),
        "the truck destroyed, its riders fail"
    );
    to(&mut b, "de", PH_FIRE, "");
    // Two of three lost: at the end of the turn one roll for the unit, 5 passes.
    let e = advance(&mut b, "5");
    let r = e
        .resolutions
        .iter()
        .find(|r| r.action == "casualty-check")
        .unwrap();
    assert!(r.result.contains("passes"), "{}", r.result);
    assert_eq!(b.state().counter("su-2", CASUALTY_REACHED), Some(1));
    // No loss in the next side's turn: no check.
    to(&mut b, "de", PH_ARTILLERY, "");
    // Out of cohesion reads the roll 1 lower.
    act(&mut b, "cohesion", &[("stand", "r3")], "");
    act(&mut b, "artillery", &[("stands", "t4")], "1");
    to(&mut b, "de", PH_FIRE, "");
    let why = refused(&mut b, "cohesion", &[("stand", "r3")], "");
    assert!(why.contains("already out of cohesion"), "{why}");
    // Every later loss: the third battalion's t5 is not theirs; destroy nothing of su-2 → none.
    let e = advance(&mut b, "");
    assert!(e.resolutions.is_empty());
}

#[test]
fn special_at_ammo_once_a_game_per_tank() {
    let mut b = new_battle();
    to(&mut b, "de", PH_FIRE, "");
    act(
        &mut b,
        "anti-vehicle",
        &[
            ("firer", "p1"),
            ("target", "t3"),
            ("range", "7"),
            ("weapon", "at-ammo"),
        ],
        "1,1,1,1",
    );
    assert_eq!(value(&b, "p1", AT_AMMO_USED), Some(1));
    to(&mut b, "su", PH_FIRE, "");
    to(&mut b, "de", PH_FIRE, "");
    let why = refused(
        &mut b,
        "anti-vehicle",
        &[
            ("firer", "p1"),
            ("target", "t3"),
            ("range", "7"),
            ("weapon", "at-ammo"),
        ],
        "",
    );
    assert!(why.contains("once a game"), "{why}");
}

#[test]
fn the_start_puts_riders_on_their_carriers() {
    let b = new_battle();
    assert_eq!(named(&b, "i1", RIDING), Some("h1"));
    let badges = b
        .ruleset
        .badges(&b.view(), b.roster.unit_index("h1").unwrap());
    assert!(badges.iter().any(|x| x.text == "CARRIES i1"), "{badges:?}");
    let _ = Effect::TurnLimit { turns: 1 };
}

/// The README's FFT3 examples are what the program prints: each line shown appears, in order
/// (the README cuts the rest with `…`).
#[test]
fn the_readme_fft3_examples_are_what_the_program_prints() {
    let readme = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"));
    let section = readme
        .split("### A FFT3 battle")
        .nth(1)
        .and_then(|s| s.split("### ").next())
        .expect("the README's FFT3 section");
    let examples: Vec<&str> = section
        .split("```console")
        .skip(1)
        .filter_map(|s| s.split("```").next())
        .collect();
    let mut checked = 0;
    for block in examples.iter().flat_map(|e| e.split("$ umpire ").skip(1)) {
        let (command, shown) = block.split_once('\n').expect("a command line");
        let args: Vec<&str> = command.split_whitespace().collect();
        let out = support::cli::ok("", &args);
        let mut rest = out.as_str();
        for line in shown.lines().filter(|l| !l.trim().is_empty() && *l != "…") {
            let at = rest
                .find(line)
                .unwrap_or_else(|| panic!("umpire {command}: {line:?} not in\n{out}"));
            rest = &rest[at + line.len()..];
        }
        checked += 1;
    }
    assert_eq!(
        checked, 3,
        "the two published examples and a shot beyond long range"
    );
}

// ---- the rulings of the corrected digest ------------------------------------------------------

/// The skirmish with a unit's casualty check at a third of its stands lost (the option
/// `casualty_thirds = 1`), so that a loss or two calls for one.
fn at_a_third() -> Battle {
    battle(&SKIRMISH.replace(
        "special_at_ammo = true",
        "special_at_ammo = true\ncasualty_thirds = 1",
    ))
}

fn set_hits(b: &mut Battle, id: &str) {
    run(
        b,
        umpire::battle::Command::SetHits {
            unit: id.into(),
            hits: 1,
        },
        "",
    );
}

fn casualty_check<'a>(
    e: &'a umpire::battle::Event,
    unit: &str,
) -> &'a umpire::resolution::Resolution {
    e.resolutions
        .iter()
        .find(|r| r.action == "casualty-check" && r.title.contains(unit))
        .unwrap_or_else(|| panic!("no casualty check of {unit}: {:?}", e.resolutions))
}

/// Digest, Ranges: "beyond long range the attack misses and nothing is rolled (decision: the
/// declared attack is spent — the firer has made its attack for the turn — and the miss is
/// logged)".
#[test]
fn an_attack_declared_beyond_long_range_is_spent_and_logged_as_a_miss() {
    let mut b = new_battle();
    to(&mut b, "de", PH_FIRE, "");
    // The odds, before: nothing can happen.
    let params = |args: &[(&str, &str)]| {
        umpire::declare::Params::given(AV_PARAMS, args.iter().copied()).unwrap()
    };
    let odds = b
        .ruleset
        .procedure("anti-vehicle")
        .unwrap()
        .odds_in(
            &b.view(),
            &params(&[("firer", "p1"), ("target", "t3"), ("range", "16")]),
        )
        .unwrap();
    assert_eq!(odds.results.len(), 1, "{odds:?}");
    assert_eq!(
        odds.results[0].result,
        "the attack misses (beyond long range): no effect"
    );
    assert!((odds.results[0].probability - 1.0).abs() < 1e-12);
    // When the Panther fires at 16" (long range ends at 15"): no die thrown, the miss logged.
    let e = act(
        &mut b,
        "anti-vehicle",
        &[("firer", "p1"), ("target", "t3"), ("range", "16")],
        "",
    );
    assert!(e.faces().is_empty());
    assert_eq!(
        e.resolutions[0].result,
        "range 16\" is beyond long range (15\"): the attack misses"
    );
    assert!(e.summary.contains("the attack misses"), "{}", e.summary);
    assert!(!removed(&b, "t3"));
    // Then the Panther has made its attack for the turn.
    assert!(has(&b, "p1", FIRED_AV));
    let why = refused(
        &mut b,
        "anti-vehicle",
        &[("firer", "p1"), ("target", "t3"), ("range", "8")],
        "",
    );
    assert!(why.contains("has made its attack this turn"), "{why}");
    // A firer declared with another, beyond long range, rolls nothing and is spent too.
    let e = act(
        &mut b,
        "anti-vehicle",
        &[
            ("firer", "p2"),
            ("target", "t3"),
            ("range", "8"),
            ("with", "p3@20"),
        ],
        "1,1,1,1",
    );
    assert_eq!(e.faces().len(), 4, "p2's dice alone");
    assert!(has(&b, "p2", FIRED_AV) && has(&b, "p3", FIRED_AV));
    // An overwatch attack beyond long range uses the marker.
    act(&mut b, "overwatch", &[("stand", "p4")], "");
    to(&mut b, "su", PH_MOVEMENT, "");
    let e = act(
        &mut b,
        "anti-infantry",
        &[("firer", "p4"), ("target", "r3"), ("range", "20")],
        "",
    );
    assert!(e.faces().is_empty());
    assert!(!has(&b, "p4", OVERWATCH));
}

/// Digest, Markers to track: "'Turn' means one side's turn … An overwatch attack belongs to the
/// turn in which the stand took the marker (it is that turn's fire, made late): it never counts
/// against the stand's attacks in its own next turn, so both sides' overwatch costs the same."
#[test]
fn overwatch_costs_either_side_nothing_in_the_stands_own_next_turn() {
    let mut b = new_battle();
    // Given a German Panther (the first side) on Overwatch that fires in the Soviet movement …
    to(&mut b, "de", PH_FIRE, "");
    act(&mut b, "overwatch", &[("stand", "p3")], "");
    to(&mut b, "su", PH_MOVEMENT, "");
    act(
        &mut b,
        "anti-vehicle",
        &[("firer", "p3"), ("target", "t3"), ("range", "8")],
        "1,1,1,1",
    );
    assert!(!has(&b, "p3", OVERWATCH) && !has(&b, "p3", FIRED_AV));
    // … and two Soviet T-34s (the second side) on Overwatch that fire in the German movement.
    to(&mut b, "su", PH_FIRE, "");
    act(&mut b, "overwatch", &[("stand", "t4")], "");
    act(&mut b, "overwatch", &[("stand", "t5")], "");
    to(&mut b, "de", PH_MOVEMENT, "");
    assert_eq!(b.state().turn, 2);
    for t in ["t4", "t5"] {
        act(
            &mut b,
            "anti-vehicle",
            &[("firer", t), ("target", "p1"), ("range", "8")],
            "1,1",
        );
        assert!(!has(&b, t, OVERWATCH), "{t}: the marker is used");
        assert!(
            !has(&b, t, FIRED_AV),
            "{t}: no attack of its own turn spent"
        );
    }
    // When each side's own next turn comes, its stands fire, or take Overwatch again, as if the
    // overwatch attack had not been made.
    to(&mut b, "de", PH_FIRE, "");
    act(
        &mut b,
        "anti-vehicle",
        &[("firer", "p3"), ("target", "t3"), ("range", "8")],
        "1,1,1,1",
    );
    to(&mut b, "su", PH_FIRE, "");
    let t4 = b.roster.unit_index("t4").unwrap();
    assert!(b.ruleset.may_still_act(&b.view(), t4));
    act(
        &mut b,
        "anti-vehicle",
        &[("firer", "t4"), ("target", "p2"), ("range", "8")],
        "1,1",
    );
    act(&mut b, "overwatch", &[("stand", "t5")], "");
    assert!(has(&b, "t4", FIRED_AV) && has(&b, "t5", OVERWATCH));
}

/// Digest, Resolve: anti-vehicle attack, 6: "any modified 4–5 → one quality check (at most one
/// per target per phase in which fire happens — the fire phase, or the movement phase for
/// overwatch attacks — however many firers)"; Markers: "a stand that passed ignores further fire
/// checks this turn", a turn being one side's.
#[test]
fn one_fire_check_per_target_in_each_phase_of_fire() {
    let mut b = new_battle();
    to(&mut b, "de", PH_FIRE, "");
    act(&mut b, "overwatch", &[("stand", "p3")], "");
    act(&mut b, "overwatch", &[("stand", "p4")], "");
    // Given a T-34 (second side) that passed a check in the German fire phase …
    act(
        &mut b,
        "anti-vehicle",
        &[("firer", "p1"), ("target", "t3"), ("range", "8")],
        "6,1,1,1,4,1,5",
    );
    assert!(has(&b, "t3", FIRE_CHECK));
    // … when a German Overwatch Panther scores a 4–5 on it in the Soviet movement phase, it takes
    // a check: another phase of fire, another side's turn.
    to(&mut b, "su", PH_MOVEMENT, "");
    assert!(!has(&b, "t3", FIRE_CHECK));
    let e = act(
        &mut b,
        "anti-vehicle",
        &[("firer", "p4"), ("target", "t3"), ("range", "8")],
        "6,1,1,1,4,1,5",
    );
    assert!(
        e.resolutions[0].result.ends_with("5 against 5+: passes"),
        "{}",
        e.resolutions[0].result
    );
    // Then the next Overwatch Panther's 4–5 in the same phase calls for none.
    let e = act(
        &mut b,
        "anti-vehicle",
        &[("firer", "p3"), ("target", "t3"), ("range", "8")],
        "6,1,1,1,4,1",
    );
    assert!(
        e.resolutions[0].result.contains("no check"),
        "{}",
        e.resolutions[0].result
    );
    // The same for the first side's stands: a Panther that passed in the Soviet fire phase checks
    // again under Soviet Overwatch in the German movement phase.
    to(&mut b, "su", PH_FIRE, "");
    act(&mut b, "overwatch", &[("stand", "t5")], "");
    act(
        &mut b,
        "anti-vehicle",
        &[("firer", "t4"), ("target", "p1"), ("range", "4")],
        "6,1,4,3",
    );
    assert!(has(&b, "p1", FIRE_CHECK));
    to(&mut b, "de", PH_MOVEMENT, "");
    let e = act(
        &mut b,
        "anti-vehicle",
        &[("firer", "t5"), ("target", "p1"), ("range", "4")],
        "6,1,4,3",
    );
    assert!(
        e.resolutions[0].result.ends_with("3 against 3+: passes"),
        "{}",
        e.resolutions[0].result
    );
}

/// Digest, Artillery templates: "each side gets ⌊its units still in play / 3⌋ at the start of its
/// artillery phase, counted after every loss so far (a unit eliminated by a casualty check is
/// gone)".
#[test]
fn templates_are_counted_after_the_casualty_checks_just_before() {
    let mut b = at_a_third();
    to(&mut b, "de", PH_FIRE, "");
    // Given the 1st Tank Battalion's T-34 2 and 3 destroyed in the German fire phase …
    act(
        &mut b,
        "anti-vehicle",
        &[
            ("firer", "p1"),
            ("target", "t2"),
            ("range", "9"),
            ("terrain", "difficult"),
        ],
        "1,4,5,6,2,4,6,1,2,4,5,2",
    );
    act(
        &mut b,
        "anti-vehicle",
        &[("firer", "p2"), ("target", "t3"), ("range", "8")],
        "6,6,6,6,6,1,1,1,1,1,1,1",
    );
    // … when its casualty check fails at the end of the German turn (1 against 5+) …
    let e = advance(&mut b, "1");
    assert!(
        casualty_check(&e, "1st Tank Battalion")
            .result
            .contains("fails")
    );
    assert!(removed(&b, "t1") && removed(&b, "r1"));
    // … then the Soviets, with two units left in play, have no template.
    assert_eq!(b.state().counter("su", TEMPLATES), Some(0));
    assert!(
        e.notes
            .iter()
            .any(|n| n.contains("18th Tank Corps has 0 templates to place")),
        "{:?}",
        e.notes
    );
    let why = refused(&mut b, "artillery", &[("stands", "p1")], "");
    assert!(why.contains("no template left"), "{why}");
}

/// Digest, Carried infantry: "If a halftrack is destroyed its infantry survive only on a passed
/// quality check (decision: the same for a truck, and the same whatever destroyed the carrier —
/// fire, artillery, or a failed quality or casualty check; survivors are dismounted, never left
/// aboard a lost vehicle)"; Turn sequence 4: a unit's casualty check when it loses a stand.
#[test]
fn the_riders_of_a_carrier_lost_in_a_casualty_check_check_and_dismount() {
    for (faces, rider_survives) in [("3,2,4", false), ("3,3", true)] {
        let mut b = at_a_third();
        // Given the 2. Kompanie's grenadiers aboard the 1. Kompanie's halftrack …
        to(&mut b, "de", PH_MOVEMENT, "");
        act(&mut b, "debark", &[("stand", "i1")], "");
        act(&mut b, "embark", &[("stand", "i2"), ("carrier", "h1")], "");
        // … the 1. Kompanie's Panthers lost in the Soviet turn and its halftrack out of cohesion;
        to(&mut b, "su", PH_FIRE, "");
        set_hits(&mut b, "p1");
        set_hits(&mut b, "p2");
        act(&mut b, "cohesion", &[("stand", "h1")], "");
        // when its casualty check is a 3 (German 3+: the halftrack reads 2 and is lost) …
        let e = advance(&mut b, faces);
        assert!(removed(&b, "h1") && !removed(&b, "i1"));
        let check = casualty_check(&e, "1. Kompanie");
        // … then its riders take their check and are never left aboard.
        assert_eq!(value(&b, "i2", RIDING), None);
        let rider = e
            .resolutions
            .iter()
            .find(|r| r.title.contains("Grenadiers 2 (i2)"))
            .expect("the riders' check");
        assert!(
            rider.context[0].contains("rider of a destroyed halftrack"),
            "{:?}",
            rider.context
        );
        if rider_survives {
            assert!(!removed(&b, "i2"));
            assert!(
                check
                    .effects
                    .iter()
                    .any(|l| l == "Grenadiers 2 (i2): passed its quality check: on foot"),
                "{:?}",
                check.effects
            );
            // On foot, it fires in its side's next fire phase.
            to(&mut b, "de", PH_FIRE, "");
            act(
                &mut b,
                "anti-infantry",
                &[("firer", "i2"), ("target", "r3"), ("range", "3")],
                "1,1,1",
            );
        } else {
            assert!(removed(&b, "i2"));
            // A rider lost at the end of the turn counts towards its own unit's check there.
            assert!(casualty_check(&e, "2. Kompanie").result.contains("passes"));
            assert_eq!(b.state().counter("de-2", CASUALTY_REACHED), Some(1));
            assert_eq!(b.state().counter("de-2", LOST_SEEN), Some(1));
            // No check for it again at the end of the next turn.
            let e = to_next_side_turn(&mut b);
            assert!(e.resolutions.is_empty(), "{:?}", e.resolutions);
        }
    }
}

/// Advances through a side's turn with nothing done: the last phase change.
fn to_next_side_turn(b: &mut Battle) -> umpire::battle::Event {
    let mut last = advance(b, "");
    while b.state().phase != PH_ARTILLERY {
        last = advance(b, "");
    }
    last
}

/// Digest, Carried infantry: survivors "dismounted, never left aboard a lost vehicle" — a tank's
/// riders take no check when it is lost (the text asks one only of a halftrack's) but get off.
#[test]
fn the_riders_of_a_tank_lost_in_a_casualty_check_are_on_foot() {
    let mut b = at_a_third();
    to(&mut b, "de", PH_FIRE, "");
    act(&mut b, "cohesion", &[("stand", "t1")], "");
    act(
        &mut b,
        "anti-vehicle",
        &[("firer", "p2"), ("target", "t3"), ("range", "8")],
        "6,6,6,6,6,1,1,1,1,1,1,1",
    );
    act(
        &mut b,
        "anti-vehicle",
        &[("firer", "p3"), ("target", "t2"), ("range", "8")],
        "6,6,6,6,6,1,1,1,1,1,1,1",
    );
    // A 5: the tank out of cohesion reads 4 and is lost; its riders stay, on foot.
    let e = advance(&mut b, "5");
    assert!(removed(&b, "t1") && !removed(&b, "r1"));
    assert_eq!(value(&b, "r1", RIDING), None);
    let check = casualty_check(&e, "1st Tank Battalion");
    assert!(
        check
            .effects
            .iter()
            .any(|l| l == "Riflemen 1 (r1): on foot"),
        "{:?}",
        check.effects
    );
    // On foot, it may be fired at.
    to(&mut b, "de", PH_FIRE, "");
    act(
        &mut b,
        "anti-infantry",
        &[("firer", "p1"), ("target", "r1"), ("range", "6")],
        "1,1,1,1",
    );
}

/// Digest, Turn sequence 4: "again at the end of every later turn in which it loses a stand", a
/// turn being one side's: a unit that checked at the end of the enemy's turn checks again at the
/// end of its own if it loses a stand in it.
#[test]
fn a_unit_checks_at_the_end_of_each_sides_turn_in_which_it_loses_a_stand() {
    let mut b = at_a_third();
    // Given the Motor Rifle Battalion's truck destroyed by the German template (its riders pass
    // 5 and are on foot) …
    act(&mut b, "artillery", &[("stands", "tr1")], "6,5");
    assert!(removed(&b, "tr1") && value(&b, "r2", RIDING).is_none());
    to(&mut b, "de", PH_FIRE, "");
    act(&mut b, "overwatch", &[("stand", "p4")], "");
    // … its casualty check at the end of the German turn (5 passes) …
    let e = advance(&mut b, "5");
    assert!(
        casualty_check(&e, "2nd Motor Rifle")
            .result
            .contains("passes")
    );
    // … and Riflemen 3 lost to German Overwatch in the Soviet movement (2 hits, 4 − 1 fails).
    to(&mut b, "su", PH_MOVEMENT, "");
    act(
        &mut b,
        "anti-infantry",
        &[("firer", "p4"), ("target", "r3"), ("range", "6")],
        "6,6,1,1,4",
    );
    assert!(removed(&b, "r3"));
    // When the Soviet turn ends — the same game turn — the battalion checks again.
    to(&mut b, "su", PH_FIRE, "");
    let e = advance(&mut b, "5");
    assert_eq!(b.state().turn, 2);
    assert!(
        casualty_check(&e, "2nd Motor Rifle")
            .result
            .contains("passes")
    );
}

/// Digest, Carried infantry: the same whatever destroyed the carrier — here a quality check the
/// umpire calls.
#[test]
fn the_riders_of_a_halftrack_lost_in_a_quality_check_check_and_dismount() {
    let mut b = new_battle();
    let e = act(&mut b, "quality-check", &[("stand", "h1")], "1,3");
    assert!(removed(&b, "h1") && !removed(&b, "i1"));
    assert_eq!(value(&b, "i1", RIDING), None);
    assert_eq!(
        unit(&b, "h1").removed.as_deref(),
        Some("failed a quality check (called for by the umpire)")
    );
    assert_eq!(
        e.resolutions.len(),
        2,
        "the halftrack's check, then the riders'"
    );
}

/// Digest, Resolve: artillery template: "A tank with riders: one roll; the tank is treated as
/// armour, the riders as infantry in the open" — riders destroyed by that roll are not also said
/// to get off the lost tank.
#[test]
fn a_tank_and_its_riders_under_a_template_are_one_roll_and_each_its_own_result() {
    let mut b = new_battle();
    // A 6: the tank checks (1: lost), the riders in the open are destroyed.
    let e = act(&mut b, "artillery", &[("stands", "t1")], "6,1");
    assert!(removed(&b, "t1") && removed(&b, "r1"));
    let lines = &e.resolutions[0].effects;
    assert!(
        lines.iter().any(|l| l == "Riflemen 1 (r1): destroyed"),
        "{lines:?}"
    );
    assert!(!lines.iter().any(|l| l.contains("on foot")), "{lines:?}");
    assert_eq!(value(&b, "r1", RIDING), None);
}
