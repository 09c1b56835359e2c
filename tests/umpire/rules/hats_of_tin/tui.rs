//! Hats of Tin on the umpire's screen: the battle set up with the command line (`umpire new`,
//! then `umpire act JOURNAL -`), then played with keys through the real [`App`] and drawn with
//! ratatui's `TestBackend`. Snapshots at 120×40 and 80×24 of the header with the orders left, of
//! the roster with commanders attached, hits against each quality's limit and the orders given,
//! of the shoot form with its exact odds (three dice with a commander), of a die asked for at the
//! table, of the take-hits form a round of two hits offers, and of an assault's result.

use crate::support::cli::{Played, ok};
use crate::support::tui::*;
use chrono::{DateTime, TimeZone, Utc};
use ratatui::crossterm::event::KeyCode;
use umpire::battle::session::Session;
use umpire::rules::hats_of_tin::HatsOfTin;
use umpire::tui::app::{DiceMode, Mode};
use umpire::tui::form::Odds;
use umpire::tui::keymap::Keymap;
use umpire::tui::{Action, App};

const VILLAGE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/hats-of-tin/village.toml"
);

/// The Germans' orders: 3 on the die, 4 orders with the subordinate's.
const ORDERS: &str = "next --dice 3\n";

/// The Germans' first turn up to the tank's assault: the platoon with the Force Commander shoots
/// (three hits, taken with two retreats, one blocked), the MG goes into Overwatch on the
/// subordinate's order, a platoon gets off its truck and back on.
const BEFORE_THE_ASSAULT: &str = "\
next --dice 3
shoot --firer z1 --target p2 --range 2 --dice 6,6,5
take-hits --unit p2 --retreats 2 --blocked 1
overwatch --unit mg
disembark --unit z3
embark --unit z3 --carrier lkw
";

fn clock() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(1939, 9, 1, 5, 0, 0).unwrap()
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
        Ui::of(Played::battle(VILLAGE, script))
    }

    /// The battle `played` so far, on the screen.
    fn of(played: Played) -> Ui {
        let (session, _) = Session::resume(&played.journal).unwrap();
        let mut app = App::new(session, Keymap::defaults(&HatsOfTin), clock);
        app.color = false;
        Ui { app, played }
    }

    /// Takes up the offer standing (the chooser's action: with one unit that may, its form opens).
    fn take_offer(&mut self) -> &mut Self {
        self.app.dispatch(Action::TakeOffer);
        self
    }

    fn hits(&self, id: &str) -> u32 {
        let b = self.app.battle();
        b.state().units[b.roster.unit_index(id).unwrap()].hits
    }
}

fn snapshot(ui: &Ui, name: &str) {
    for (w, h) in [(120, 40), (80, 24)] {
        insta::assert_snapshot!(format!("{name}_{w}x{h}"), screen(&ui.app, w, h));
    }
}

#[test]
fn the_header_and_roster_show_the_orders_left_commanders_limits_and_orders_given() {
    let mut ui = Ui::new(BEFORE_THE_ASSAULT);
    ui.select("z1");
    let text = screen(&ui.app, 120, 40);
    // The orders left, in the header and on the side's row.
    let mut header = text.lines();
    assert!(
        header
            .next()
            .unwrap()
            .contains("Turn 1/3 · Action · Schützen-Kompanie"),
        "{text}"
    );
    assert!(
        header
            .next()
            .unwrap()
            .starts_with("\" orders 1 of 4 left │ dice:"),
        "{text}"
    );
    assert!(
        text.contains("▾ Schützen-Kompanie (regular) [orders 1 of 4 left]"),
        "{text}"
    );
    // Hits against each quality's limit: a commander 1, militia 2, regular 3, elite 4.
    for pips in [
        "○    fc   Hauptmann Brandt",
        "○○   p1   1 pluton",
        "●●○  p2   2 pluton",
        "○○○○ z2   2. Zug",
    ] {
        assert!(text.contains(pips), "{pips}\n{text}");
    }
    // The commander with his unit, the unit with its commander, the orders given, the carrier.
    for badge in [
        "Hauptmann Brandt [FC] [WITH z1]",
        "1. Zug [Infantry] [+fc] [SHOOT]",
        "3. Zug [Infantry] [MOVE] [ON lkw]",
        "Opel Blitz [Truck] [CARRIES z3]",
        "MG-Gruppe [MG] [OW]",
    ] {
        assert!(text.contains(badge), "{badge}\n{text}");
    }
    // The selected unit's commander, in words.
    assert!(
        text.contains("+fc Hauptmann Brandt (fc) is attached: +1 die to its"),
        "{text}"
    );
    snapshot(&ui, "hot_roster_orders_and_commanders");
}

#[test]
fn the_shoot_form_gives_the_odds_of_three_dice_and_asks_for_the_last_die() {
    let mut ui = Ui::new(ORDERS);
    ui.select("z1").keys("f");
    assert_eq!(ui.form().action.id, "shoot");
    ui.fill("target", "p2")
        .fill("range", "2")
        .fill("friend-adjacent", " ")
        .fill("friend", "p1");
    // The misses go to the firer's own troops next to the target, never to a friend of the
    // target: the form says so in place of the odds.
    let Odds::Pending(why) = &ui.form().odds else {
        panic!("odds: {:?}", ui.form().odds)
    };
    assert!(
        why.starts_with("1 pluton (p1) cannot take the misses: they are re-rolled against a unit of 1. Zug (z1)'s own side"),
        "{why}"
    );
    snapshot(&ui, "hot_shoot_form_friend_of_the_target_refused");
    ui.key(KeyCode::Backspace)
        .key(KeyCode::Backspace)
        .keys("z2");
    let Odds::Ready(report) = &ui.form().odds else {
        panic!("odds: {:?}", ui.form().odds)
    };
    // Three dice, each a hit on 5+ (one in three), the misses re-rolled at the firer's own
    // platoon next to the target, also on 5+.
    let total: f64 = report.results.iter().map(|l| l.probability).sum();
    assert!((total - 1.0).abs() < 1e-12, "{report:?}");
    let figure = |name: &str| report.extra[name];
    assert!((figure("expected_hits") - 1.0).abs() < 1e-12, "{report:?}");
    assert!(
        (figure("p_any_hit") - 19.0 / 27.0).abs() < 1e-12,
        "{report:?}"
    );
    assert!(
        (figure("expected_friend_hits") - 2.0 / 3.0).abs() < 1e-12,
        "{report:?}"
    );
    snapshot(&ui, "hot_shoot_form_odds");
    // Two faces typed in the form; the commander's die is asked for at the table.
    ui.dice("6,6").enter();
    let asked = ui.asked();
    assert!(
        asked.starts_with("shooting die 3 of 3, 1. Zug (z1) at 2 pluton (p2) (hits on 5+)"),
        "{asked}"
    );
    snapshot(&ui, "hot_shoot_asks_the_third_die");
    ui.keys("5").enter();
    assert!(matches!(ui.app.mode, Mode::Result { .. }));
    // Three hits wait: the take-hits form is offered for the target, with its round.
    ui.esc();
    let offers = ui.app.offers();
    assert_eq!(offers.len(), 1);
    assert_eq!(offers[0].offer.action, "take-hits");
    ui.take_offer();
    assert_eq!(ui.form().action.id, "take-hits");
    ui.fill("retreats", "2").fill("blocked", "1");
    snapshot(&ui, "hot_take_hits_offered");
    ui.enter();
    assert!(matches!(ui.app.mode, Mode::Result { .. }));
    assert_eq!(ui.hits("p2"), 2, "the first hit and the blocked retreat");
    assert!(ui.app.offers().is_empty());
    let journal = std::fs::read_to_string(&ui.played.journal).unwrap();
    assert!(
        journal.contains("2 pluton (p2) takes 2 hits (2 of 3) and retreats 1 move"),
        "{journal}"
    );
}

#[test]
fn the_assault_in_the_front_arc_and_the_reply_after_the_hits() {
    let mut ui = Ui::new(BEFORE_THE_ASSAULT);
    ui.select("pz").keys("a");
    assert_eq!(ui.form().action.id, "assault");
    ui.fill("defender", "arm");
    assert!(matches!(ui.form().odds, Odds::Ready(_)));
    ui.dice("6,6").enter();
    assert!(matches!(ui.app.mode, Mode::Result { .. }));
    snapshot(&ui, "hot_assault_result");
    // The tank's two hits, taken from the offer; its reply's dice asked for at the table.
    ui.esc();
    ui.app.dice_mode = DiceMode::Typed;
    ui.take_offer();
    assert_eq!(ui.form().action.id, "take-hits");
    ui.enter();
    let asked = ui.asked();
    assert_eq!(
        asked,
        "shooting die 1 of 2, Panzer II (pz) at wz. 36 (arm) (hits on 5+ after +1 superior firepower, +1 tank assaulting)"
    );
    ui.keys("6").enter().keys("5").enter();
    assert!(matches!(ui.app.mode, Mode::Result { .. }));
    snapshot(&ui, "hot_assault_reply");
    assert_eq!(ui.hits("pz"), 2);
    assert_eq!(ui.app.offers()[0].offer.action, "take-hits");
}

/// Taking hits: every round waiting is offered (`o`) until it is taken, a second one too, and a
/// round set to nought by hand is none.
#[test]
fn every_round_waiting_is_offered_until_it_is_taken() {
    let played = Played::battle(VILLAGE, ORDERS);
    let j = played.journal.to_str().unwrap().to_string();
    ok("", &["mark", &j, "ckm", "pending", "0"]);
    ok("", &["mark", &j, "p1", "pending", "2"]);
    ok("", &["mark", &j, "p2", "pending", "2"]);
    let mut ui = Ui::of(played);
    let offered: Vec<String> = ui
        .app
        .offers()
        .iter()
        .map(|o| o.offer.text.clone())
        .collect();
    assert_eq!(offered, ["2 hits to take on p1", "2 hits to take on p2"]);
    ui.take_offer();
    assert!(matches!(ui.app.mode, Mode::Chooser(_)), "{:?}", ui.app.mode);
    snapshot(&ui, "hot_two_rounds_offered");
    // p2's round taken: p1's is still offered, and `o` opens its form at once.
    ui.keys("p2").enter();
    assert_eq!(ui.form().action.id, "take-hits");
    ui.fill("retreats", "1").enter();
    assert!(matches!(ui.app.mode, Mode::Result { .. }));
    ui.esc();
    let offers = ui.app.offers();
    assert_eq!(offers.len(), 1);
    assert_eq!(offers[0].offer.text, "2 hits to take on p1");
    ui.take_offer();
    assert_eq!(ui.form().action.id, "take-hits");
    assert_eq!(ui.form().fields[0].text, "p1");
}

/// Overwatch: the shot offered after a move (`o`), before the assault the move leads to, which
/// the same order then allows.
#[test]
fn overwatch_is_offered_between_a_move_and_its_assault() {
    let mut ui = Ui::new(
        "next --dice 6\nnext --dice 6\noverwatch --unit p2\noverwatch --unit ckm\nnext --dice 6\n",
    );
    ui.select("z2").keys("m");
    assert_eq!(ui.form().action.id, "move");
    ui.fill("areas", "1").enter();
    assert!(matches!(ui.app.mode, Mode::Result { .. }));
    ui.esc();
    let offers = ui.app.offers();
    assert_eq!(offers.len(), 1);
    assert_eq!(offers[0].offer.text, "Overwatch shot at z2 after it moved");
    ui.take_offer();
    snapshot(&ui, "hot_overwatch_offered_after_the_move");
    ui.keys("ckm").enter();
    assert_eq!(ui.form().action.id, "shoot");
    ui.fill("range", "2").dice("6,1").enter();
    assert!(matches!(ui.app.mode, Mode::Result { .. }));
    assert_eq!(ui.hits("z2"), 1);
    ui.esc();
    // The assault after the move: the form takes it, with its odds.
    ui.select("z2").keys("a");
    assert_eq!(ui.form().action.id, "assault");
    ui.fill("defender", "p2");
    assert!(
        matches!(ui.form().odds, Odds::Ready(_)),
        "{:?}",
        ui.form().odds
    );
    ui.dice("1,1,1,1").enter();
    assert!(matches!(ui.app.mode, Mode::Result { .. }));
    ui.esc();
    assert!(ui.app.offers().is_empty(), "the moment came once");
}

/// Units: the unit's panel says the armour and firer class the scenario gave it over its type's
/// (the village attack's Panzer 38(t)s: light armour, not a tank's medium).
#[test]
fn the_panel_shows_a_units_own_armour() {
    let roster = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/rosters/hats-of-tin-village-attack.toml"
    );
    let mut ui = Ui::of(Played::battle(roster, "next --dice 3\n"));
    ui.select("de-pz1");
    let text = screen(&ui.app, 120, 40);
    assert!(text.contains("· armour light (the"), "{text}");
    assert!(
        text.contains("scenario's, over the Tank type's medium)"),
        "{text}"
    );
    snapshot(&ui, "hot_panel_own_armour");
}
