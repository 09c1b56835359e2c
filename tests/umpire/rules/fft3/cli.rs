//! A whole FFT3 battle on the command line (`umpire new`, then `umpire act JOURNAL -`), read back
//! as the umpire reads it: `umpire state`, the battle report, and the report view's replay,
//! stepped back to the start and forward again, landing each time on the journal's battle.

use crate::support::cli::{Played, ok, run_in};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use umpire::report::Chronicle;
use umpire::rules::fft3::Fft3;
use umpire::tui::keymap::Keymap;
use umpire::tui::replay::ReportView;

const SKIRMISH: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/fft3/skirmish.toml"
);

/// The first turn: each side's template, the published anti-vehicle example, two Panthers at one
/// infantry stand, an Overwatch shot at a tank with riders, a T-34 moving into the German
/// template, and two Suppressed T-34s firing at a Panther's flank.
const TURN_ONE: &str = "\
artillery --stands t4,t5 --dice 6,5,4
next
next
overwatch --stand p4
anti-vehicle --firer p1 --target t2 --range 9 --terrain difficult --dice 1,4,5,6,2,4,6,1,2,4,5,2
anti-infantry --firer p2 --target r3 --range 12 --terrain difficult --with p3@10 --dice 1,4,5,6,2,4,5,1,1,1,1,4
next
artillery --stands i2,i3 --dice 6,4,2
next
anti-vehicle --firer p4 --target t1 --range 8 --dice 6,6,6,6,3,3,3,3,3,3,3,3,3
template --stand t3 --template 1 --dice 5
next
anti-vehicle --firer t3 --target p1 --range 4 --with t5@6 --arc flank
";

/// Thirteen phase changes: turns 2 and 3 with nothing placed or fired, to the battle's end.
fn to_the_end() -> String {
    "next\n".repeat(13)
}

fn state(b: &Played) -> String {
    ok("", &["state", b.j()])
}

#[test]
fn the_state_shows_stands_types_carriers_limits_and_templates() {
    let b = Played::battle(SKIRMISH, TURN_ONE);
    let s = state(&b);
    // A rule set without qualities: nothing empty in brackets.
    assert!(s.contains("\nKampfgruppe Peiper (de) — "), "{s}");
    assert!(!s.contains("()") && !s.contains(", )"), "{s}");
    // Units' badges as the screen shows them: type, carrier and rider, the turn's limits.
    assert!(
        s.contains("i1   stands 1/1  Grenadiers 1  German Infantry ON h1"),
        "{s}"
    );
    assert!(s.contains("Halftrack CARRIES i1"), "{s}");
    // The limits are the Soviet turn's: the Germans' lifted with their turn (t4's artillery
    // check), and p4's overwatch attack belongs to the German turn, so it marks nothing.
    assert!(
        s.contains("t3   stands 1/1  T-34 3  T-34/76 SUP AV TMPL 1\n"),
        "{s}"
    );
    assert!(
        s.contains("t4   stands 1/1  T-34 4  T-34/76 SUP TMPL 1\n"),
        "{s}"
    );
    assert!(s.contains("p4   stands 1/1  Panther 4  Panther-D\n"), "{s}");
    // Losses: a stand out of the fight is a stand lost, on its unit too.
    assert!(
        s.contains(
            "t2   stands 0/1  T-34 2  OUT (failed its quality check under anti-vehicle fire)"
        ),
        "{s}"
    );
    assert!(
        s.contains("1st Tank Battalion (su-1, battalion) — LOST 2/4"),
        "{s}"
    );
    // The templates on the table, by their ids.
    assert!(
        s.contains("template-1: template on the stands t4, t5, laid by de on turn 1"),
        "{s}"
    );
    assert!(
        s.contains("template-2: template on the stands i2, i3, laid by su on turn 1"),
        "{s}"
    );
}

#[test]
fn the_battle_ends_and_is_summed_up_in_stands() {
    let b = Played::battle(SKIRMISH, TURN_ONE);
    let out = ok(&to_the_end(), &["act", b.j(), "-"]);
    assert!(
        out.contains("template-1 lifts (on the stands t4, t5)"),
        "{out}"
    );
    assert!(
        out.contains("The battle is over: 3 turns played, the last was turn 3."),
        "{out}"
    );
    // No leaders in FFT3: the account does not speak of them.
    assert!(
        out.contains("  18th Tank Corps: 9 stands · 6 in play · 3 lost · 3 stands lost\n"),
        "{out}"
    );
    assert!(!out.contains("leaders"), "{out}");
}

#[test]
fn the_report_tells_the_fft3_battle() {
    let b = Played::battle(SKIRMISH, &(TURN_ONE.to_string() + &to_the_end()));
    let md = b.report("md", &[]);
    assert!(md.contains("(`fft3`)"), "{md}");
    assert!(
        md.contains("| `special_at_ammo` | true (set by the scenario) |"),
        "{md}"
    );
    for said in [
        "*Kampfgruppe Peiper*: Kampfgruppe Peiper places template-1 over 2 stands: 2 Suppressed",
        "Anti-vehicle fire at T-34 2 (t2): 3 hits, 1 saved; penetration 1 2 4 5: one quality check, 2 against 5+: destroyed",
        "Anti-infantry fire at Riflemen 3 (r3): Panther 2 (p2): 2 hits, none saved; Panther 3 (p3): 1 hit, none saved; quality check 4 − 2 = 2 against 5+: eliminated",
        "T-34 3 (t3) touches template-1 (on the stands t4, t5) while moving",
        "template-1 lifts (on the stands t4, t5)",
        "Strength (stands left):",
        "Losses per turn (stands lost):",
        "- 18th Tank Corps (su): 6 of 9 stands in play, 3 stands lost; 67% of its stands (6 of 9) kept.",
        "- Kampfgruppe Peiper held the field, with the larger share of its strength.",
    ] {
        assert!(md.contains(said), "{said}\n---\n{md}");
    }
    let html = b.report("html", &[]);
    assert!(html.contains("Anti-vehicle fire at T-34 2 (t2)"), "{html}");
}

#[test]
fn the_replay_steps_back_to_the_start_and_forward_on_the_journals_battle() {
    let b = Played::battle(SKIRMISH, &(TURN_ONE.to_string() + &to_the_end()));
    let chronicle = Chronicle::load(&b.journal).unwrap();
    let mut view = ReportView::open(&b.journal, Keymap::defaults(&Fft3)).unwrap();
    let n = view.len();
    assert_eq!(n, chronicle.len());
    let same = |view: &ReportView| {
        assert_eq!(
            view.battle().state(),
            chronicle.battle_at(view.step()).state(),
            "at event {}",
            view.step()
        );
    };
    let press = |view: &mut ReportView, code| {
        view.on_key(&KeyEvent::new(code, KeyModifiers::NONE));
    };
    same(&view);
    while view.step() > 1 {
        press(&mut view, KeyCode::Left);
        same(&view);
    }
    while view.step() < n {
        press(&mut view, KeyCode::Right);
        same(&view);
    }
    // Templates come and go with the events: on the table after the first, lifted at turn 2.
    view.seek(2);
    assert!(view.battle().state().areas.contains_key("template-1"));
    view.seek(n);
    assert!(view.battle().state().areas.is_empty());
}

/// Digest, Ranges: beyond long range "the attack misses and nothing is rolled (decision: the
/// declared attack is spent — the firer has made its attack for the turn — and the miss is
/// logged)": `umpire act` takes the attack and logs the miss, then refuses the firer another;
/// `umpire resolve` and `umpire odds` say the same off the battle.
#[test]
fn an_attack_beyond_long_range_is_taken_spent_and_logged_as_a_miss() {
    let b = Played::battle(SKIRMISH, "next\nnext\n");
    let fire = |range: &'static str| {
        vec![
            "act",
            b.j(),
            "anti-vehicle",
            "--firer",
            "p1",
            "--target",
            "t3",
            "--range",
            range,
        ]
    };
    let out = ok("", &fire("16"));
    assert!(
        out.contains("Result: range 16\" is beyond long range (15\"): the attack misses\n"),
        "{out}"
    );
    assert!(out.contains("Dice: none thrown"), "{out}");
    let r = run_in("", &fire("8"));
    assert_ne!(r.code, std::process::ExitCode::SUCCESS);
    assert!(r.err.contains("has made its attack this turn"), "{}", r.err);
    let journal = std::fs::read_to_string(&b.journal).unwrap();
    assert!(journal.contains("the attack misses"), "{journal}");
    // Off the battle.
    let out = ok(
        "",
        &[
            "resolve",
            "fft3",
            "anti-infantry",
            "--firer",
            "soviet-infantry",
            "--target",
            "german-infantry",
            "--range",
            "7",
        ],
    );
    assert!(
        out.contains("Result: range 7\" is beyond long range (6\"): the attack misses"),
        "{out}"
    );
    let out = ok(
        "",
        &[
            "odds",
            "fft3",
            "anti-vehicle",
            "--firer",
            "panther",
            "--target",
            "t-34",
            "--range",
            "16",
        ],
    );
    assert!(
        out.contains("100.00%  the attack misses (beyond long range): no effect"),
        "{out}"
    );
    assert!(
        out.contains("the attack misses, nothing is rolled"),
        "{out}"
    );
}

/// Digest, Markers to track: an overwatch attack "belongs to the turn in which the stand took
/// the marker … it never counts against the stand's attacks in its own next turn, so both sides'
/// overwatch costs the same" — through `umpire act`, for the side that moves second.
#[test]
fn the_second_sides_overwatch_stand_fires_in_its_own_next_turn() {
    let script = "\
next
next
next
next
next
overwatch --stand t4
next
next
anti-vehicle --firer t4 --target p1 --range 8 --dice 1,1
next
next
next
next
anti-vehicle --firer t4 --target p2 --range 8 --dice 1,1
";
    let b = Played::battle(SKIRMISH, script);
    let s = state(&b);
    assert!(s.contains("Turn 2 of 3 · 18th Tank Corps · Fire"), "{s}");
    assert!(s.contains("t4   stands 1/1  T-34 4  T-34/76 AV\n"), "{s}");
}

/// Digest, Carried infantry: "Anti-infantry fire at a tank with riders attacks only the riders,
/// as infantry in the open" — their quality check is theirs, read with their own cohesion, not
/// the tank's, as `umpire act` fills it in.
#[test]
fn anti_infantry_fire_at_a_tank_checks_its_riders_with_their_own_cohesion() {
    // The riders out of cohesion, the tank not: one hit, the riders' 5 reads 4 against 5+.
    let b = Played::battle(
        SKIRMISH,
        "cohesion --stand r1\nnext\nnext\nanti-infantry --firer p1 --target t1 --range 6 --dice 4,1,1,1,5\n",
    );
    let s = state(&b);
    assert!(s.contains("r1   stands 0/1  Riflemen 1  OUT"), "{s}");
    // The tank out of cohesion, the riders not: the same 5 passes.
    let b = Played::battle(
        SKIRMISH,
        "cohesion --stand t1\nnext\nnext\nanti-infantry --firer p1 --target t1 --range 6 --dice 4,1,1,1,5\n",
    );
    let s = state(&b);
    assert!(s.contains("r1   stands 1/1  Riflemen 1"), "{s}");
}

/// Digest, Carried infantry, and its option: a truck's riders take the halftrack's check when it
/// is destroyed; under `truck_riders_check = false` they get off without one, off the battle too
/// (`umpire resolve` and `umpire odds` with `--option`).
#[test]
fn off_the_battle_a_trucks_riders_follow_the_option() {
    let fire = |more: &[&'static str]| {
        let mut args = vec![
            "resolve",
            "fft3",
            "anti-vehicle",
            "--firer",
            "panther",
            "--target",
            "truck",
            "--target-nationality",
            "soviet",
            "--riders",
            "soviet-infantry",
            "--range",
            "9",
        ];
        args.extend_from_slice(more);
        args
    };
    // A hit and a 6 on the first penetration die: destroyed; the riders check (4: they fail).
    let out = ok("", &fire(&["--dice", "6,1,1,1,6,1,1,1,1,1,1,1,4"]));
    assert!(
        out.contains("riders' quality check 4 against 5+: out of the fight"),
        "{out}"
    );
    let other = ["--option", "truck_riders_check=false"];
    let out = ok(
        "",
        &fire(&[other[0], other[1], "--dice", "6,1,1,1,6,1,1,1,1,1,1,1"]),
    );
    assert!(
        out.contains(
            "Result: 1 hit; penetration 6 1 1 1 1 1 1 1: destroyed; riders get off without a check"
        ),
        "{out}"
    );
    let mut odds = fire(&other);
    odds[0] = "odds";
    let out = ok("", &odds);
    assert!(
        out.contains("if it is destroyed, they get off without a check"),
        "{out}"
    );
    assert!(!out.contains("riders fail"), "{out}");
}

/// Digest, Resolve: anti-infantry attack — "Same declaration, range and to-hit steps, with the
/// firer's AI rating added to every die; no missile modifier": a LAW, missile or special AT ammo
/// declared in anti-infantry fire is refused, never fired as small arms in its place.
#[test]
fn an_anti_vehicle_weapon_declared_in_anti_infantry_fire_is_refused() {
    let r = run_in(
        "",
        &[
            "resolve",
            "fft3",
            "anti-infantry",
            "--firer",
            "panther",
            "--target",
            "soviet-infantry",
            "--range",
            "9",
            "--with",
            "german-infantry@2:law",
        ],
    );
    assert_eq!(r.code, std::process::ExitCode::from(1));
    assert!(
        r.err
            .contains("German Infantry (firer 2): the LAW makes only anti-vehicle attacks"),
        "{}",
        r.err
    );
    let b = Played::battle(SKIRMISH, "next\nnext\n");
    let before = std::fs::read(&b.journal).unwrap();
    let r = run_in(
        "",
        &[
            "act",
            b.j(),
            "anti-infantry",
            "--firer",
            "p1",
            "--target",
            "r3",
            "--range",
            "9",
            "--with",
            "i2@3:law",
        ],
    );
    assert_eq!(r.code, std::process::ExitCode::from(1));
    assert!(
        r.err
            .contains("Grenadiers 2 (i2): the LAW makes only anti-vehicle attacks")
    );
    assert_eq!(std::fs::read(&b.journal).unwrap(), before);
}
