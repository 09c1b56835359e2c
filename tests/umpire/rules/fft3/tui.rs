//! FFT3 on the umpire's screen: the battle set up with the command line (`umpire new`, then
//! `umpire act JOURNAL -`), then played with keys through the real [`App`] and drawn with
//! ratatui's `TestBackend`. Snapshots at 120×40 and 80×24 of the fire forms with their exact odds,
//! of the dice thrown at the table asked for one by one, each telling what the last stage did, of
//! the result, and of the roster with a template on the table and the limits it set.

use crate::support::cli::Played;
use crate::support::tui::*;
use chrono::{DateTime, TimeZone, Utc};
use ratatui::crossterm::event::KeyCode;
use umpire::battle::session::Session;
use umpire::rules::fft3::Fft3;
use umpire::tui::App;
use umpire::tui::app::Mode;
use umpire::tui::form::Odds;
use umpire::tui::keymap::Keymap;

const SKIRMISH: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/fft3/skirmish.toml"
);

/// The Germans' first artillery phase (a template over two T-34s: one passes its check and is
/// Suppressed, the other Suppressed), then on to their fire phase.
const TO_THE_FIRE_PHASE: &str = "artillery --stands t4,t5 --dice 6,5,4\nnext\nnext\n";

fn clock() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2024, 7, 14, 6, 0, 0).unwrap()
}

/// The battle on the umpire's screen, colour off, with key helpers that read as the keys typed.
struct Ui {
    app: App,
    played: Played,
}

impl Keys for Ui {
    fn app_mut(&mut self) -> &mut App {
        &mut self.app
    }
    fn app(&self) -> &App {
        &self.app
    }
}

impl Ui {
    fn new(script: &str) -> Ui {
        let played = Played::battle(SKIRMISH, script);
        let (session, _) = Session::resume(&played.journal).unwrap();
        let mut app = App::new(session, Keymap::defaults(&Fft3), clock);
        app.color = false;
        Ui { app, played }
    }
}

fn snapshot(ui: &Ui, name: &str) {
    for (w, h) in [(120, 40), (80, 24)] {
        insta::assert_snapshot!(format!("{name}_{w}x{h}"), screen(&ui.app, w, h));
    }
}

#[test]
fn the_published_anti_vehicle_example_typed_die_by_die() {
    let mut ui = Ui::new(TO_THE_FIRE_PHASE);
    ui.select("p1").keys("f");
    assert_eq!(ui.form().action.id, "anti-vehicle");
    ui.fill("target", "t2")
        .fill("range", "9")
        .focus("terrain")
        .keys(" ");
    assert!(
        matches!(ui.form().odds, Odds::Ready(_)),
        "the exact odds as soon as the form is whole"
    );
    snapshot(&ui, "fft3_anti_vehicle_form_odds");
    // The to-hit dice, then Enter: the program asks for the rest one by one.
    ui.dice("1,4,5,6").enter();
    let asked = ui.asked();
    assert!(
        asked.starts_with("terrain save 1 of 3 (5+ saves)")
            && asked.contains("Panther 1 (p1) scored 3 hits (1 4 5 6 → 2 5 6 7)"),
        "{asked}"
    );
    snapshot(&ui, "fft3_anti_vehicle_asks_the_saves");
    for face in ["2", "4", "6"] {
        ui.keys(face).enter();
    }
    let asked = ui.asked();
    assert!(
        asked.starts_with("Panther 1 (p1) penetration 1 of 4")
            && asked.contains("terrain saves 2 4 6: 1 saved: 2 hits remain"),
        "{asked}"
    );
    for face in ["1", "2", "4", "5"] {
        ui.keys(face).enter();
    }
    let asked = ui.asked();
    assert!(
        asked.starts_with("quality check, T-34 2 (t2): Soviet passes on 5+")
            && asked.contains("penetration 1 2 4 5: one quality check"),
        "{asked}"
    );
    ui.keys("2").enter();
    assert!(matches!(ui.app.mode, Mode::Result { .. }));
    snapshot(&ui, "fft3_anti_vehicle_result");
    let b = ui.app.battle();
    let t2 = b.roster.unit_index("t2").unwrap();
    assert!(!b.state().units[t2].on_table(), "T-34 2 destroyed");
    // On disk before on screen: the journal holds the shot.
    let journal = std::fs::read_to_string(&ui.played.journal).unwrap();
    assert!(
        journal.contains("one quality check, 2 against 5+: destroyed"),
        "{journal}"
    );
}

#[test]
fn several_firers_in_one_form_and_the_template_listed_with_its_stands() {
    let mut ui = Ui::new(TO_THE_FIRE_PHASE);
    ui.select("p2").keys("i");
    assert_eq!(ui.form().action.id, "anti-infantry");
    ui.fill("target", "r3")
        .fill("range", "12")
        .focus("terrain")
        .keys(" ")
        .fill("with", "p3@10");
    let Odds::Ready(report) = &ui.form().odds else {
        panic!("odds: {:?}", ui.form().odds)
    };
    assert!(report.title.contains("Panther 2 (p2), Panther 3 (p3)"));
    snapshot(&ui, "fft3_anti_infantry_two_firers");
    // The template stays on the table with its stands; the limits it set are on the units.
    ui.key(KeyCode::Esc).select("t4");
    let text = screen(&ui.app, 120, 40);
    assert!(
        text.contains("template-1: template on the stands t4, t5 (turn 1,"),
        "{text}"
    );
    assert!(text.contains("[SUP] [QC-ART] [TMPL 1]"), "{text}");
    snapshot(&ui, "fft3_roster_template_and_limits");
}

/// Digest, Ranges: beyond long range "the attack misses and nothing is rolled (decision: the
/// declared attack is spent … and the miss is logged)": the form's odds say so before the shot,
/// Enter takes it without a die, and the roster marks the Panther's attack as made.
#[test]
fn an_attack_beyond_long_range_is_odds_of_a_miss_and_a_spent_attack() {
    let mut ui = Ui::new(TO_THE_FIRE_PHASE);
    ui.select("p1").keys("f");
    ui.fill("target", "t3").fill("range", "16");
    let Odds::Ready(report) = &ui.form().odds else {
        panic!("odds: {:?}", ui.form().odds)
    };
    assert_eq!(report.results.len(), 1);
    assert_eq!(
        report.results[0].result,
        "the attack misses (beyond long range): no effect"
    );
    assert!(
        report.notes[0].contains("beyond long range") && report.notes[0].contains("misses"),
        "{:?}",
        report.notes
    );
    snapshot(&ui, "fft3_beyond_long_range_form_odds");
    ui.enter();
    assert!(matches!(ui.app.mode, Mode::Result { .. }));
    let text = screen(&ui.app, 120, 40);
    assert!(text.contains("the attack misses"), "{text}");
    snapshot(&ui, "fft3_beyond_long_range_result");
    let b = ui.app.battle();
    let p1 = b.roster.unit_index("p1").unwrap();
    assert!(b.state().units[p1].has("fired_av"));
}

/// Digest, Markers to track: an overwatch attack "never counts against the stand's attacks in
/// its own next turn, so both sides' overwatch costs the same": the T-34 that fired on Overwatch
/// in the German movement opens its fire form in its own fire phase with the odds, not a refusal.
#[test]
fn the_second_sides_overwatch_stand_fires_again_in_its_own_turn_on_the_screen() {
    let script = "next\nnext\nnext\nnext\nnext\noverwatch --stand t4\nnext\nnext\n\
                  anti-vehicle --firer t4 --target p1 --range 8 --dice 1,1\nnext\nnext\nnext\nnext\n";
    let mut ui = Ui::new(script);
    ui.select("t4").keys("f");
    ui.fill("target", "p2").fill("range", "8");
    let Odds::Ready(report) = &ui.form().odds else {
        panic!("odds: {:?}", ui.form().odds)
    };
    assert!(report.title.contains("T-34 4 (t4)"), "{}", report.title);
    snapshot(&ui, "fft3_overwatch_stand_fires_in_its_own_turn");
}

/// Digest, Artillery templates: "each side gets ⌊its units still in play / 3⌋ at the start of its
/// artillery phase, counted after every loss so far (a unit eliminated by a casualty check is
/// gone)": the header counts the Soviets' templates after their tank battalion fails its check.
#[test]
fn the_header_counts_templates_after_the_casualty_checks() {
    // The Germans destroy three T-34s of the 1st Tank Battalion (its riders pass theirs), which
    // then fails its casualty check (1 against 5+) at the end of the German turn.
    let script = "next\nnext\n\
        anti-vehicle --firer p1 --target t2 --range 9 --terrain difficult --dice 1,4,5,6,2,4,6,1,2,4,5,2\n\
        anti-vehicle --firer p2 --target t3 --range 8 --dice 6,6,6,6,6,1,1,1,1,1,1,1\n\
        anti-vehicle --firer p3 --target t1 --range 8 --dice 6,6,6,6,6,1,1,1,1,1,1,1,5\n\
        next --dice 1\n";
    let ui = Ui::new(script);
    let text = screen(&ui.app, 120, 40);
    assert!(text.contains("18th Tank Corps"), "{text}");
    let header: Vec<&str> = text.lines().take(4).collect();
    assert!(
        header.iter().any(|l| l.contains("templates 0")),
        "{}",
        header.join("\n")
    );
    snapshot(&ui, "fft3_templates_after_casualty_checks");
}
