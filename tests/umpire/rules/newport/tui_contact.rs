//! A move into contact in the terminal UI: `c` records the move and offers the opportunity fire
//! and the close combat; `o` takes up the fire, then `o` the close combat it did not stop; a mover
//! the fire stops is refused its close combat in the form. Played on the demo battle with typed
//! faces and compared with the journal; the new screen snapshotted at 120×40 and 80×24.

use crate::support::tui::*;
use chrono::{DateTime, TimeZone, Utc};
use ratatui::crossterm::event::KeyCode;
use std::path::PathBuf;
use tempfile::TempDir;
use umpire::battle::journal::Journal;
use umpire::battle::session::{Header, Record, Session};
use umpire::battle::{Entry, EventKind};
use umpire::cli::play::{DEMO_NAME, DEMO_SCENARIO};
use umpire::rules::newport::Newport;
use umpire::rules::newport::defs::{CLOSING, FINISHED, SUPPRESSED};
use umpire::tui::App;
use umpire::tui::app::Mode;
use umpire::tui::form::Form;
use umpire::tui::keymap::Keymap;

fn clock() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2024, 7, 14, 6, 0, 0).unwrap()
}

/// The demo battle in the UI, in the attacker's action phase.
struct Ui {
    app: App,
    path: PathBuf,
    _dir: TempDir,
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
    fn in_action_phase() -> Self {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("battle.jsonl");
        let scenario = umpire::scenario::parse(DEMO_NAME, DEMO_SCENARIO).unwrap();
        let session = Session::create(scenario, &path, 7, clock()).unwrap();
        let mut app = App::new(session, Keymap::defaults(&Newport), clock);
        app.color = false;
        let mut ui = Self {
            app,
            path,
            _dir: dir,
        };
        ui.keys("n").esc();
        assert_eq!(ui.app.battle().state().phase, "action");
        ui
    }

    fn tab_to_dice(&mut self) -> &mut Self {
        for _ in 0..=self.form().fields.len() {
            if self.form().focus == self.form().fields.len() {
                return self;
            }
            self.key(KeyCode::Tab);
        }
        panic!("tab never reached the dice field");
    }

    fn form(&self) -> &Form {
        match &self.app.mode {
            Mode::Form(form) => form,
            other => panic!("expected a form, found {other:?}"),
        }
    }

    /// The text of a form field.
    fn field(&self, name: &str) -> &str {
        &self
            .form()
            .fields
            .iter()
            .find(|f| f.def.name == name)
            .unwrap_or_else(|| panic!("no field {name}"))
            .text
    }

    fn has(&self, unit: &str, marker: &str) -> bool {
        let b = self.app.battle();
        b.state().units[b.roster.unit_index(unit).unwrap()].has(marker)
    }

    /// The procedures the journal holds, in order.
    fn acts(&self) -> Vec<String> {
        let loaded = Journal::read::<Header, Record>(&self.path).unwrap();
        loaded
            .entries
            .iter()
            .filter_map(|r| match &r.entry {
                Entry::Event(e) => match &e.kind {
                    EventKind::Act { action, .. } => Some(action.clone()),
                    _ => None,
                },
                _ => None,
            })
            .collect()
    }
}

/// `c` on 1-1 against g11, submitted: the move into contact.
fn move_into_contact(ui: &mut Ui) {
    ui.select("1-1").keys("c");
    assert_eq!(ui.form().action.id, "close-combat");
    assert_eq!(ui.field("attacker"), "1-1");
    assert_eq!(
        ui.field("moved"),
        "yes",
        "a move in sight unless the umpire says not"
    );
    ui.keys("g11").enter();
    assert!(
        matches!(ui.app.mode, Mode::Result { .. }),
        "{:?}",
        ui.app.mode
    );
}

#[test]
fn the_o_key_takes_the_fire_then_the_close_combat() {
    let mut ui = Ui::in_action_phase();
    move_into_contact(&mut ui);
    for (w, h) in [(120, 40), (80, 24)] {
        insta::assert_snapshot!(format!("move_into_contact_{w}x{h}"), screen(&ui.app, w, h));
    }
    ui.esc();
    assert!(ui.has("1-1", CLOSING));
    let offers: Vec<String> = ui
        .app
        .offers()
        .iter()
        .map(|o| o.offer.action.clone())
        .collect();
    assert_eq!(offers, ["fire", "close-combat"]);
    // `o`: the chooser lists every stand that may fire and the close combat; the first is a
    // firer, for the opportunity fire at the mover, the stand it assaults already filled in.
    ui.keys("o");
    let Mode::Chooser(chooser) = &ui.app.mode else {
        panic!("expected the chooser, found {:?}", ui.app.mode)
    };
    assert_eq!(chooser.choices[0].offer.action, "fire");
    assert_eq!(
        chooser.choices.last().map(|c| c.offer.action.as_str()),
        Some("close-combat")
    );
    ui.key(KeyCode::Enter);
    assert_eq!(ui.form().action.id, "fire");
    assert_eq!(ui.field("target"), "1-1");
    assert_eq!(ui.field("trigger"), "moved");
    assert_eq!(ui.field("assaulting"), "g11");
    let firer = ui.field("firer").to_string();
    assert!(!firer.is_empty());
    ui.keys("6").tab_to_dice().keys("9").enter();
    assert!(matches!(ui.app.mode, Mode::Result { .. }));
    ui.esc();
    assert!(ui.has(&firer, FINISHED), "no effect: the firer is Finished");
    // `o` again: the close combat it did not stop, the only offer left, opens at once.
    ui.keys("o");
    assert_eq!(ui.form().action.id, "close-combat");
    assert_eq!(ui.field("attacker"), "1-1");
    assert_eq!(ui.field("defender"), "g11");
    ui.tab_to_dice().keys("9 1").enter();
    assert!(matches!(ui.app.mode, Mode::Result { .. }));
    ui.esc();
    assert!(!ui.has("1-1", CLOSING) && ui.has("1-1", FINISHED));
    assert!(ui.app.offers().is_empty());
    assert_eq!(ui.acts(), ["close-combat", "fire", "close-combat"]);
}

#[test]
fn a_mover_stopped_by_the_fire_is_refused_its_close_combat_in_the_form() {
    let mut ui = Ui::in_action_phase();
    move_into_contact(&mut ui);
    ui.esc()
        .keys("o")
        .key(KeyCode::Enter)
        .keys("6")
        .tab_to_dice()
        .keys("4")
        .enter()
        .esc();
    assert!(ui.has("1-1", SUPPRESSED) && !ui.has("1-1", CLOSING));
    assert!(ui.app.offers().is_empty(), "no close combat is offered");
    ui.select("1-1").keys("c").keys("g11").enter();
    let error = ui.form().error.clone().expect("the refusal");
    assert!(error.contains("starts no close combat"), "{error}");
    assert_eq!(ui.acts(), ["close-combat", "fire"], "nothing written");
}

#[test]
fn taking_the_close_combat_with_c_declines_the_fire() {
    let mut ui = Ui::in_action_phase();
    move_into_contact(&mut ui);
    ui.esc();
    // The close-combat key on the stand moving into contact fights at once.
    ui.keys("c").keys("g11").tab_to_dice().keys("9 1").enter();
    assert!(matches!(ui.app.mode, Mode::Result { .. }));
    ui.esc();
    assert!(ui.has("1-1", FINISHED) && !ui.has("1-1", CLOSING));
    assert_eq!(ui.acts(), ["close-combat", "close-combat"]);
}
