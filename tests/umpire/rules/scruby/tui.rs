//! Scruby's rulings on the umpire's screen: the learning game set up with the command line
//! (`umpire new`, then `umpire act JOURNAL -`), then played with keys through the real [`App`]
//! and drawn with ratatui's `TestBackend`. The rifle form at a gun crew with its exact odds (a
//! Line regiment needs a 3 or a 6), the return fire of a regiment taken in its flank refused on
//! the form, ordinary fire at troops within musket range refused for canister, and a crewless gun
//! held with `T` (hold-gun) and its count on the roster. Snapshots at 120×40 and 80×24.

use crate::support::cli::{Played, SCRUBY_LEARNING};
use crate::support::tui::*;
use chrono::{DateTime, TimeZone, Utc};
use umpire::battle::session::Session;
use umpire::rules::scruby::Scruby;
use umpire::tui::App;
use umpire::tui::app::Mode;
use umpire::tui::form::Odds;
use umpire::tui::keymap::Keymap;

/// Move 1 of the learning game up to rifle fire: the Austrians win the initiative, the French
/// column (stand 1) is exposed by vision, and the cannon fire passes.
const TO_RIFLE_FIRE: &str = "\
next --dice 5,2
expose --stand 1 --side fr --cause vision
next
next
next
";

fn clock() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(1809, 4, 20, 18, 0, 0).unwrap()
}

/// The battle on the umpire's screen, colour off.
struct Ui {
    app: App,
    _played: Played,
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
        let played = Played::battle(SCRUBY_LEARNING, script);
        let (session, _) = Session::resume(&played.journal).unwrap();
        let mut app = App::new(session, Keymap::defaults(&Scruby), clock);
        app.color = false;
        Ui {
            app,
            _played: played,
        }
    }

    fn marker(&self, id: &str, m: &str) -> Option<i32> {
        let b = self.app.battle();
        b.state().units[b.roster.unit_index(id).unwrap()].marker(m)
    }
}

fn snapshot(ui: &Ui, name: &str) {
    for (w, h) in [(120, 40), (80, 24)] {
        insta::assert_snapshot!(format!("{name}_{w}x{h}"), screen(&ui.app, w, h));
    }
}

/// Digest: Line 4/3/2 "kill the crew on 3-6", a roll of 3 or 6: one third, on the form.
#[test]
fn the_rifle_form_at_a_gun_crew_gives_line_one_chance_in_three() {
    let mut ui = Ui::new(TO_RIFLE_FIRE);
    ui.select("au-l3").keys("f");
    assert_eq!(ui.form().action.id, "rifle");
    ui.fill("target-unit", "fr-gun").fill("range", "5");
    let Odds::Ready(report) = &ui.form().odds else {
        panic!("odds: {:?}", ui.form().odds)
    };
    assert!(
        (report.extra["p_crew_killed"] - 1.0 / 3.0).abs() < 1e-12,
        "{report:?}"
    );
    let shown = screen(&ui.app, 120, 40);
    assert!(shown.contains("33.33%"), "{shown}");
    assert!(shown.contains("3 or 6"), "{shown}");
    snapshot(&ui, "scruby_rifle_at_crew_odds");
    // A 4 does not kill it.
    ui.dice("4").enter();
    assert!(matches!(ui.app.mode, Mode::Result { .. }));
    assert_eq!(ui.marker("fr-gun", "crew_killed"), None);
}

/// Digest: "Any infantry fired on from its flank gets no return fire at that firer this move (the
/// program refuses that return fire, not only says so)".
#[test]
fn the_return_fire_of_a_regiment_taken_in_its_flank_is_refused_on_the_form() {
    let script =
        format!("{TO_RIFLE_FIRE}rifle --firer-unit au-l3 --target-unit fr-l1 --range 5 --flank\n");
    let mut ui = Ui::new(&script);
    ui.select("fr-l1").keys("f");
    ui.fill("target-unit", "au-l3").fill("range", "5");
    let Odds::Pending(why) = &ui.form().odds else {
        panic!("odds: {:?}", ui.form().odds)
    };
    assert!(why.contains("fired on from its flank"), "{why}");
    snapshot(&ui, "scruby_flank_return_fire_refused");
    let n = ui.app.battle().history().entries().len();
    ui.enter();
    let Mode::Form(f) = &ui.app.mode else {
        panic!("accepted: {:?}", ui.app.mode)
    };
    assert!(
        f.refusal
            .iter()
            .chain(f.error.iter())
            .any(|r| r.contains("no return fire")),
        "{:?} {:?}",
        f.refusal,
        f.error
    );
    assert_eq!(
        ui.app.battle().history().entries().len(),
        n,
        "nothing recorded"
    );
}

/// Digest: "a gun within musket range of its target fires canister (not ordinary fire)".
#[test]
fn ordinary_fire_at_troops_within_musket_range_is_refused_on_the_form() {
    let mut ui = Ui::new("next --dice 2,5\nexpose --stand 1 --side au --cause vision\nnext\n");
    assert_eq!(ui.app.battle().state().phase, "cannon_fire");
    ui.select("fr-gun").keys("a");
    ui.fill("target-unit", "au-l3").fill("range", "5");
    let Odds::Pending(why) = &ui.form().odds else {
        panic!("odds: {:?}", ui.form().odds)
    };
    assert!(
        why.contains("fires canister") && why.contains("`canister`"),
        "{why}"
    );
}

/// Digest: "the umpire says who holds a crewless gun (a procedure, not only a hand-set marker)".
#[test]
fn a_crewless_gun_is_held_with_t_and_its_count_shows_on_the_roster() {
    // au-l3 shoots down the French crew (a 3), then melee follows.
    let script = format!(
        "{TO_RIFLE_FIRE}rifle --firer-unit au-l3 --target-unit fr-gun --range 5 --dice 3\nnext\n"
    );
    let mut ui = Ui::new(&script);
    assert_eq!(ui.marker("fr-gun", "crew_killed"), Some(1));
    ui.select("fr-gun").keys("T");
    assert_eq!(ui.form().action.id, "hold-gun");
    ui.fill("by", "au-l3");
    snapshot(&ui, "scruby_hold_gun_form");
    ui.enter();
    assert!(
        matches!(ui.app.mode, Mode::Result { .. }),
        "{:?}",
        ui.app.mode
    );
    assert_eq!(ui.marker("fr-gun", "captured"), Some(1));
    ui.esc().select("fr-gun");
    let shown = screen(&ui.app, 120, 40);
    assert!(shown.contains("HELD au 0/3"), "{shown}");
    snapshot(&ui, "scruby_gun_held");
}
