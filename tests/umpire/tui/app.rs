//! The terminal UI driven through its real [`App`]: keys and mouse events in, ratatui's
//! `TestBackend` out. The demo battle runs on a journal in a temporary directory with a fixed seed,
//! a fixed clock and the built-in keys, with colour off.
//!
//! - Snapshots (insta, in `tests/umpire/tui/snapshots/`) show every screen at 120×40 and 80×24.
//!   The parts that change from one machine or run to the next — the journal's temporary path and
//!   the user's key file — are replaced by fixed words.
//! - Every screen is drawn at every size from 0×0 to 120×40 without panicking.
//! - Short battles played with keys are compared with the journal they wrote, and with the
//!   battle resumed from it; refused forms change nothing.

use crate::support::tui::*;
use chrono::{DateTime, TimeZone, Utc};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{
    Event as TermEvent, KeyCode, KeyEvent, KeyModifiers, MouseEvent, MouseEventKind,
};
use ratatui::style::Color;
use std::path::PathBuf;
use tempfile::TempDir;
use umpire::battle::journal::Journal;
use umpire::battle::session::{DiceMode as RecordDice, Header, Record, Session};
use umpire::battle::{Entry, Event, EventKind};
use umpire::cli::play::{DEMO_NAME, DEMO_SCENARIO};
use umpire::declare::Value;
use umpire::dice::{DiceSource, Die, SeededDice};
use umpire::model::Effect;
use umpire::rules::newport::Newport;
use umpire::tui::App;
use umpire::tui::app::{DiceRun, GivenFace, Level, Mode, Prompt, Row};
use umpire::tui::form::Form;
use umpire::tui::keymap::Keymap;

// ---- the demo battle in the UI ----------------------------------------------------------------

const SEED: u64 = 7;

/// The one time of this battle: the header and every record carry it.
fn clock() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2024, 7, 14, 6, 0, 0).unwrap()
}

/// The demo battle in the UI, with key helpers that return `self` so a line reads as the keys
/// the umpire types.
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
    /// The demo battle at its start (the first phase is carried out by the program).
    fn new() -> Self {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("battle.jsonl");
        let scenario = umpire::scenario::parse(DEMO_NAME, DEMO_SCENARIO).unwrap();
        let session = Session::create(scenario, &path, SEED, clock()).unwrap();
        let mut app = App::new(session, Keymap::defaults(&Newport), clock);
        app.color = false;
        Self {
            app,
            path,
            _dir: dir,
        }
    }

    /// The demo battle in the attacker's action phase (`n`, then the result closed).
    fn in_action_phase() -> Self {
        let mut ui = Self::new();
        ui.keys("n").esc();
        assert_eq!(ui.app.battle().state().phase, "action");
        ui
    }

    /// Ends the phase: `n`, and `y` when the program asks first because stands may still act.
    fn end_phase(&mut self) -> &mut Self {
        self.keys("n");
        if matches!(self.app.mode, Mode::EndPhase { .. }) {
            self.keys("y");
        }
        self
    }

    fn up(&mut self) -> &mut Self {
        self.key(KeyCode::Up)
    }

    fn down(&mut self) -> &mut Self {
        self.key(KeyCode::Down)
    }

    fn left(&mut self) -> &mut Self {
        self.key(KeyCode::Left)
    }

    fn right(&mut self) -> &mut Self {
        self.key(KeyCode::Right)
    }

    /// Puts the cursor on a unit with the go-to prompt (`:` id Enter).
    fn select(&mut self, id: &str) -> &mut Self {
        self.keys(":").keys(id).enter();
        assert_eq!(self.selected(), Some(id), "`:{id}` selects {id}");
        self
    }

    /// Tabs through the open form to its dice field.
    fn tab_to_dice(&mut self) -> &mut Self {
        for _ in 0..=self.form().fields.len() {
            if self.form().focus == self.form().fields.len() {
                return self;
            }
            self.tab();
        }
        panic!("tab never reached the dice field");
    }

    /// In a close-combat form: the stands are already in contact, so the fight comes at once
    /// (no move into contact recorded first).
    fn in_contact(&mut self) -> &mut Self {
        self.tab_to("moved").keys("n")
    }

    fn form(&self) -> &Form {
        match &self.app.mode {
            Mode::Form(form) => form,
            other => panic!("expected a form, found {other:?}"),
        }
    }

    fn selected(&self) -> Option<&str> {
        self.app
            .selected_unit()
            .map(|u| self.app.battle().roster.units[u].id.as_str())
    }

    fn message(&self) -> (&str, Level) {
        let (text, level) = self.app.message.as_ref().expect("a status message");
        (text, *level)
    }

    /// The journal as written on disk.
    fn records(&self) -> Vec<Record> {
        let loaded = Journal::read::<Header, Record>(&self.path).unwrap();
        assert_eq!(loaded.torn, None);
        loaded.entries
    }

    fn journal_bytes(&self) -> u64 {
        std::fs::metadata(&self.path).unwrap().len()
    }
}

// ---- drawing ----------------------------------------------------------------------------------

/// Snapshots the screen at 120×40 and at 80×24.
fn snapshot(ui: &Ui, name: &str) {
    for (w, h) in [(120, 40), (80, 24)] {
        insta::assert_snapshot!(format!("{name}_{w}x{h}"), screen(&ui.app, w, h));
    }
}

/// The text of one row of a buffer, a symbol per cell.
fn row_text(buf: &Buffer, y: u16) -> String {
    (0..buf.area.width).map(|x| buf[(x, y)].symbol()).collect()
}

// ---- snapshots --------------------------------------------------------------------------------

#[test]
fn snapshot_main_screen_at_start() {
    let ui = Ui::new();
    snapshot(&ui, "main_start");
}

#[test]
fn snapshot_next_phase_result_and_after_closing_it() {
    let mut ui = Ui::new();
    ui.keys("n");
    assert!(matches!(ui.app.mode, Mode::Result { .. }));
    snapshot(&ui, "next_phase_result");
    ui.esc();
    assert!(matches!(ui.app.mode, Mode::Main));
    snapshot(&ui, "main_action_phase");
}

#[test]
fn snapshot_fire_form_then_its_exact_odds() {
    let mut ui = Ui::in_action_phase();
    ui.select("1-1").keys("f");
    assert_eq!(ui.form().action.id, "fire");
    snapshot(&ui, "fire_form");
    ui.keys("g11").tab().keys("12");
    assert!(matches!(ui.form().odds, umpire::tui::form::Odds::Ready(_)));
    snapshot(&ui, "fire_form_odds");
}

#[test]
fn snapshot_every_other_procedure_form() {
    for form in procedure_forms().iter().filter(|f| f.name != "fire") {
        let mut ui = Ui::in_action_phase();
        (form.keys)(&mut ui);
        assert!(matches!(ui.app.mode, Mode::Form(_)), "{}", form.name);
        snapshot(&ui, &format!("{}_form", form.name.replace('-', "_")));
    }
}

#[test]
fn snapshot_fire_result_with_typed_dice() {
    let mut ui = Ui::in_action_phase();
    ui.select("1-1")
        .keys("fg11")
        .tab()
        .keys("12")
        .tab_to_dice()
        .keys("3");
    snapshot(&ui, "fire_form_typed_die");
    ui.enter();
    assert!(matches!(ui.app.mode, Mode::Result { .. }));
    snapshot(&ui, "fire_result");
}

#[test]
fn snapshot_a_refusal_shown_in_the_form() {
    let mut ui = Ui::in_action_phase();
    ui.select("1-1").keys("fg11").tab().keys("99").enter();
    let error = ui.form().error.clone().expect("the refusal");
    assert!(error.contains("beyond infantry long range"), "{error}");
    snapshot(&ui, "fire_refused_range");
    // A bad face is refused too; at 80×24 the form scrolls to show the dice field and the reason.
    ui.esc()
        .keys("fg11")
        .tab()
        .keys("12")
        .tab_to_dice()
        .keys("11")
        .enter();
    let error = ui.form().error.clone().expect("the refusal");
    assert!(error.contains("11 is not a face of a d10"), "{error}");
    snapshot(&ui, "fire_refused_face");
}

#[test]
fn snapshot_help() {
    let mut ui = Ui::new();
    ui.keys("?");
    assert!(matches!(ui.app.mode, Mode::Help { .. }));
    snapshot(&ui, "help");
}

#[test]
fn snapshot_markers() {
    let mut ui = Ui::in_action_phase();
    ui.select("1-1").keys("x");
    assert!(matches!(ui.app.mode, Mode::Markers));
    snapshot(&ui, "markers");
}

#[test]
fn snapshot_prompts() {
    let mut ui = Ui::in_action_phase();
    ui.keys("/hag");
    assert_eq!(ui.selected(), Some("g1l"), "search moves as it is typed");
    snapshot(&ui, "search_prompt");
    ui.esc().keys("Nmortars ranging on the orchard");
    assert!(matches!(
        ui.app.mode,
        Mode::Prompt {
            kind: Prompt::Note { private: false },
            ..
        }
    ));
    snapshot(&ui, "note_prompt");
    // Tab makes it the umpire's alone, and back.
    ui.tab();
    assert!(matches!(
        ui.app.mode,
        Mode::Prompt {
            kind: Prompt::Note { private: true },
            ..
        }
    ));
    snapshot(&ui, "note_prompt_private");
    ui.enter();
    let b = ui.app.battle();
    let ev = b.history().in_force().last().unwrap();
    assert_eq!(ev.summary, "Private note: mortars ranging on the orchard");
    assert_eq!(ev.audience, umpire::battle::Audience::Umpire);
    assert!(!ev.visible_to(umpire::model::Viewer::Public, &b.roster));
}

#[test]
fn snapshot_too_small() {
    let ui = Ui::new();
    insta::assert_snapshot!("too_small_40x10", screen(&ui.app, 40, 10));
}

// ---- every size -------------------------------------------------------------------------------

/// A screen of the UI: its name, and the keys that bring it up in the attacker's action phase.
struct Screen {
    name: &'static str,
    keys: fn(&mut Ui),
}

/// Each procedure's form, opened on a stand it suits with its inputs typed so far as to show the
/// exact odds where there are any.
fn procedure_forms() -> Vec<Screen> {
    vec![
        Screen {
            name: "fire",
            keys: |ui| {
                ui.select("1-1").keys("fg11").tab().keys("12");
            },
        },
        Screen {
            name: "close-combat",
            keys: |ui| {
                ui.select("1-1").keys("cg11");
            },
        },
        Screen {
            name: "air",
            keys: |ui| {
                ui.select("p47").keys("ag11");
            },
        },
        Screen {
            name: "artillery",
            keys: |ui| {
                ui.select("81mm").keys("A1-ldr").tab();
                ui.keys("g11,g12:hard");
            },
        },
        Screen {
            name: "light-mortar",
            keys: |ui| {
                ui.select("60mm").keys("A1-ldr").tab().keys("12");
                ui.tab().keys("g11");
            },
        },
        Screen {
            name: "smoke",
            keys: |ui| {
                ui.select("81mm").keys("s1-ldr").tab().keys("the orchard");
            },
        },
        Screen {
            name: "move",
            keys: |ui| {
                ui.select("1-2").keys("m");
            },
        },
        Screen {
            name: "panic",
            keys: |ui| {
                ui.select("1-1").keys("p");
            },
        },
        Screen {
            name: "rally",
            keys: |ui| {
                ui.select("1-ldr").keys("r1-1");
            },
        },
        Screen {
            name: "command-roll",
            keys: |ui| {
                ui.select("2-1").keys("C");
            },
        },
    ]
}

/// The screens that are not forms.
fn other_screens() -> Vec<Screen> {
    vec![
        Screen {
            name: "main",
            keys: |ui| {
                ui.select("1-1").keys("fg11").tab().keys("12");
                ui.tab_to_dice().keys("3").enter().esc();
            },
        },
        Screen {
            name: "form refused",
            keys: |ui| {
                ui.select("1-1").keys("fg11").tab().keys("12");
                ui.tab_to_dice().keys("11").enter();
            },
        },
        Screen {
            // A close combat: the longest explanation.
            name: "result",
            keys: |ui| {
                ui.select("1-1").keys("cg11").enter();
            },
        },
        Screen {
            // The die prompt of typed dice, between two shots of a close combat.
            name: "dice",
            keys: |ui| {
                ui.keys("d").select("1-1").keys("cg11").enter();
                ui.face("4").face("2");
            },
        },
        Screen {
            name: "help",
            keys: |ui| {
                ui.keys("?");
            },
        },
        Screen {
            name: "markers",
            keys: |ui| {
                ui.select("1-1").keys("x");
            },
        },
        Screen {
            name: "prompt",
            keys: |ui| {
                ui.keys("Na note long enough to run past the edge of the narrowest screens");
            },
        },
    ]
}

/// Draws each screen at every width 0..=120 and height 0..=40 on one reused terminal.
fn draw_at_every_size(screens: &[Screen]) {
    let started = std::time::Instant::now();
    for screen in screens {
        let mut ui = Ui::in_action_phase();
        (screen.keys)(&mut ui);
        let mut terminal = Terminal::new(TestBackend::new(0, 0)).unwrap();
        for w in 0..=120 {
            for h in 0..=40 {
                terminal.backend_mut().resize(w, h);
                let drawn = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    terminal
                        .draw(|f| f.render_widget(&ui.app, f.area()))
                        .map(|_| ())
                }));
                assert!(
                    matches!(drawn, Ok(Ok(()))),
                    "the {} screen at {w}×{h}: {drawn:?}",
                    screen.name
                );
            }
        }
    }
    eprintln!(
        "{} screen(s) at each of 121×41 sizes: {:.1?}",
        screens.len(),
        started.elapsed()
    );
}

#[test]
fn every_size_main_result_help_markers_prompt() {
    draw_at_every_size(&other_screens());
}

#[test]
fn every_size_log_with_its_keys_searched_and_a_reopened_result() {
    draw_at_every_size(&[
        Screen {
            name: "log searched",
            keys: |ui| {
                ui.select("1-1").keys("fg11").tab().keys("12").enter().esc();
                ui.keys("u")
                    .app
                    .on_key(KeyEvent::new(KeyCode::Tab, KeyModifiers::NONE));
                ui.keys("/fires");
            },
        },
        Screen {
            name: "reopened result",
            keys: |ui| {
                ui.select("1-1").keys("cg11").enter().esc();
                ui.app
                    .on_key(KeyEvent::new(KeyCode::Tab, KeyModifiers::NONE));
                ui.enter();
            },
        },
    ]);
}

#[test]
fn every_size_fire_close_combat_air_artillery_forms() {
    draw_at_every_size(&procedure_forms()[..5]);
}

#[test]
fn every_size_smoke_move_panic_rally_command_roll_forms() {
    draw_at_every_size(&procedure_forms()[5..]);
}

// ---- a short battle played with keys ----------------------------------------------------------

fn event(record: &Record) -> &Event {
    match &record.entry {
        Entry::Event(e) => e,
        other => panic!("record {} is {other:?}, not an event", record.seq),
    }
}

fn act<'a>(record: &'a Record, action: &str) -> &'a umpire::declare::Params {
    match &event(record).kind {
        EventKind::Act { action: a, params } if a == action => params,
        other => panic!("record {} is {other:?}, not {action}", record.seq),
    }
}

fn faces(record: &Record) -> Vec<u8> {
    event(record).faces().iter().map(|r| r.face).collect()
}

fn marker(unit: &str, marker: &str, value: Option<i32>) -> Effect {
    Effect::Marker {
        unit: unit.into(),
        marker: marker.into(),
        value,
    }
}

fn text(s: &str) -> Value {
    Value::Text(s.into())
}

#[test]
fn a_turn_played_with_keys_is_the_journal_and_resumes_the_same() {
    let mut ui = Ui::new();
    // The program's phases up to the attacker's action phase.
    ui.keys("n").esc();
    // 1-1 fires at g11, 12" away; the umpire types the die thrown at the table: 3.
    ui.select("1-1").keys("f").keys("g11").tab().keys("12");
    ui.tab_to_dice().keys("3").enter();
    assert!(matches!(ui.app.mode, Mode::Result { .. }));
    ui.esc();
    // 1-2 moves; the defender takes the opportunity fire it offers, with a typed 9.
    ui.select("1-2").keys("m").enter();
    assert!(!ui.app.offers().is_empty());
    // The chooser opens on the first stand that may fire; enter takes it.
    ui.keys("o").enter();
    assert_eq!(ui.form().action.id, "fire");
    ui.keys("8").tab_to_dice().keys("9").enter().esc();
    // Undo that shot, and put it back.
    ui.keys("u");
    let (said, level) = ui.message();
    assert_eq!(level, Level::Info);
    assert_eq!(
        said, "undone: gkf (opportunity) → 2nd Squad (1-2): no effect",
        "the status line says what was taken back as the log does, first and short"
    );
    ui.keys("U");
    assert!(
        ui.message()
            .0
            .starts_with("redone: gkf (opportunity) → 2nd Squad (1-2)")
    );
    // A note, a command roll thrown by the program, and the end of the attacker's turn.
    ui.keys("Nmortars ranging on the orchard").enter();
    ui.select("2-1").keys("C").enter().esc();
    ui.end_phase().esc();

    let records = ui.records();
    let kinds: Vec<String> = records
        .iter()
        .map(|r| match &r.entry {
            Entry::Event(e) => match &e.kind {
                EventKind::Act { action, .. } => format!("act {action}"),
                other => format!("{other:?}").to_lowercase(),
            },
            Entry::Undo => "undo".into(),
            Entry::Redo => "redo".into(),
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "start",
            "advance",
            "act fire",
            "act move",
            "act fire",
            "undo",
            "redo",
            "note { text: \"mortars ranging on the orchard\" }",
            "act command-roll",
            "advance",
        ]
    );
    for (i, r) in records.iter().enumerate() {
        assert_eq!(r.seq, i as u64 + 1);
        assert_eq!(r.at, clock());
    }

    // The advance into the action phase.
    assert!(event(&records[1]).effects.contains(&Effect::Phase {
        turn: 1,
        side: "us".into(),
        phase: "action".into()
    }));

    // The fire, as typed, with its die and its markers.
    let fire = act(&records[2], "fire");
    assert_eq!(fire.get("firer"), Some(&text("1-1")));
    assert_eq!(fire.get("target"), Some(&text("g11")));
    assert_eq!(fire.get("range"), Some(&Value::Num(12.0)));
    assert_eq!(fire.get("cover"), Some(&text("none")));
    assert_eq!(fire.get("opportunity"), Some(&Value::Bool(false)));
    assert_eq!(faces(&records[2]), [3]);
    assert_eq!(records[2].dice_mode(), Some(RecordDice::Typed));
    assert_eq!(
        event(&records[2]).effects,
        [
            marker("g11", "suppressed", Some(1)),
            marker("1-1", "finished", Some(1))
        ]
    );

    // The move, with the opportunity fire it offers.
    assert_eq!(act(&records[3], "move").get("unit"), Some(&text("1-2")));
    assert_eq!(faces(&records[3]), Vec::<u8>::new());
    assert_eq!(
        event(&records[3]).effects,
        [marker("1-2", "finished", Some(1))]
    );
    let offer = &event(&records[3]).offers[0];
    assert_eq!(offer.action, "fire");
    assert_eq!(offer.params.get("target"), Some(&text("1-2")));

    // The opportunity fire: the first stand offered fires, at the mover.
    let opp = act(&records[4], "fire");
    assert_eq!(opp.get("firer"), Some(&text("gkf")));
    assert_eq!(opp.get("target"), Some(&text("1-2")));
    assert_eq!(opp.get("range"), Some(&Value::Num(8.0)));
    assert_eq!(opp.get("opportunity"), Some(&Value::Bool(true)));
    assert_eq!(opp.get("trigger"), Some(&text("moved")));
    assert_eq!(faces(&records[4]), [9]);
    assert_eq!(
        event(&records[4]).effects,
        [
            marker("1-2", "opportunity_fired_at", Some(1)),
            marker("gkf", "finished", Some(1))
        ]
    );

    // The command roll: the program's first die from seed 7.
    assert_eq!(
        act(&records[8], "command-roll").get("unit"),
        Some(&text("2-1"))
    );
    let first = SeededDice::new(SEED)
        .roll(Die::D10, "command roll")
        .unwrap();
    assert_eq!(faces(&records[8]), [first]);
    assert_eq!(records[8].dice_mode(), Some(RecordDice::Program));

    // The end of the turn: the defender's Finished marker goes, its action phase begins.
    let end = &event(&records[9]).effects;
    assert!(end.contains(&marker("gkf", "finished", None)), "{end:?}");
    assert!(end.contains(&Effect::Phase {
        turn: 1,
        side: "ger".into(),
        phase: "action".into()
    }));

    // What the screen shows is what the journal rebuilds.
    let live = ui.app.battle();
    assert_eq!(live.history().entries().len(), records.len());
    let state = live.state().clone();
    let entries = live.history().entries().to_vec();
    let word_pos = ui.app.session.dice().word_pos();
    let Ui { app, path, _dir } = ui;
    drop(app); // releases the journal's lock
    let (resumed, torn) = Session::resume(&path).unwrap();
    assert_eq!(torn, None);
    assert_eq!(resumed.battle().state(), &state);
    assert_eq!(resumed.battle().history().entries(), &entries[..]);
    assert_eq!(resumed.battle().state(), &resumed.battle().fold());
    assert_eq!(resumed.dice().word_pos(), word_pos);
    assert_eq!(resumed.next_seq(), records.len() as u64 + 1);
}

#[test]
fn markers_and_hits_set_by_hand_are_journal_edits() {
    let mut ui = Ui::in_action_phase();
    let before = ui.records().len();
    // 1 and space toggle the first marker (Suppressed); + adds a hit.
    ui.select("g11").keys("x1 +");
    assert!(matches!(ui.app.mode, Mode::Markers), "the popup stays open");
    // A leader's 4 (a turn marker) asks its value.
    ui.esc().select("g1l").keys("x4 ");
    assert!(matches!(
        ui.app.mode,
        Mode::Prompt {
            kind: Prompt::MarkerValue(_),
            ..
        }
    ));
    ui.keys("x").enter();
    assert_eq!(ui.message(), ("\"x\" is not a whole number", Level::Error));
    ui.key(KeyCode::Backspace).keys("3").enter();
    assert!(matches!(ui.app.mode, Mode::Markers), "back to the popup");
    ui.esc().select("g11").keys("x1 ");
    let records = ui.records();
    let edits: Vec<&Vec<Effect>> = records[before..]
        .iter()
        .map(|r| {
            assert_eq!(event(r).kind, EventKind::Edit);
            &event(r).effects
        })
        .collect();
    assert_eq!(
        edits,
        [
            &vec![marker("g11", "suppressed", Some(1))],
            &vec![Effect::Hits {
                unit: "g11".into(),
                hits: 1
            }],
            &vec![marker("g1l", "returns", Some(3))],
            &vec![marker("g11", "suppressed", None)],
        ]
    );
    let b = ui.app.battle();
    let state = &b.state().units[b.roster.unit_index("g11").unwrap()];
    assert_eq!(state.hits, 1);
    assert!(!state.has("suppressed"));
    let leader = &b.state().units[b.roster.unit_index("g1l").unwrap()];
    assert_eq!(leader.marker("returns"), Some(3));
}

#[test]
fn the_log_keys_scroll_back_and_forward() {
    let mut ui = Ui::in_action_phase();
    ui.keys("Nfirst").enter().keys("[[[[[[");
    assert_eq!(ui.app.log_back, 2, "no further back than the first entry");
    ui.keys("]");
    assert_eq!(ui.app.log_back, 1);
    // Anything recorded brings the log back to the newest entry.
    ui.keys("Nsecond").enter();
    assert_eq!(ui.app.log_back, 0);
}

// ---- the log is the record ----------------------------------------------------------------

impl Ui {
    /// The event on the screen (a result just made or reopened).
    fn shown_event(&self) -> &Event {
        match &self.app.mode {
            Mode::Result { event, .. } => event,
            other => panic!("expected a result, found {other:?}"),
        }
    }

    /// The log pane's rows, as text between its borders.
    fn log_rows(&self, w: u16, h: u16) -> Vec<String> {
        let terminal = draw(&self.app, w, h);
        let log = self.app.areas.get().log;
        let buf = terminal.backend().buffer();
        (log.y + 1..log.y + log.height - 1)
            .map(|y| {
                (log.x + 1..log.x + log.width - 1)
                    .map(|x| buf[(x, y)].symbol())
                    .collect::<String>()
            })
            .collect()
    }
}

/// The demo battle with a fire (1-1 at g11, a typed 3), a move with the opportunity fire it
/// draws (a typed 9), that fire undone and put back, and a note: entries 3 to 8.
fn battle_with_a_past() -> Ui {
    let mut ui = Ui::in_action_phase();
    ui.select("1-1").keys("fg11").tab().keys("12");
    ui.tab_to_dice().keys("3").enter().esc();
    ui.select("1-2").keys("m").enter().keys("o").enter();
    ui.keys("8").tab_to_dice().keys("9").enter().esc();
    ui.keys("u").keys("U");
    ui.keys("Nmortars ranging on the orchard").enter();
    assert_eq!(ui.app.battle().history().entries().len(), 8);
    ui
}

#[test]
fn undo_and_redo_lines_say_what_they_took_back_and_put_back() {
    let ui = battle_with_a_past();
    let shot =
        "Oblt. Walter Brenner (gkf) opportunity-fires at 2nd Squad, 1st Platoon (1-2): no effect";
    assert_eq!(ui.app.log_text(4), shot);
    assert_eq!(ui.app.log_text(5), format!("↶ undone: {shot}"));
    assert_eq!(ui.app.log_text(6), format!("↷ redone: {shot}"));
    // The log shows each in a few words, what happened first.
    let short = "gkf (opportunity) → 2nd Squad (1-2): no effect";
    assert_eq!(ui.app.log_line(4), short);
    let rows = ui.log_rows(160, 40).join("\n");
    assert!(rows.contains(&format!("  6 ↶ undone: {short}")), "{rows}");
    assert!(rows.contains(&format!("  7 ↷ redone: {short}")), "{rows}");
    // An undo with nothing to take back says so; resumed, the lines read the same.
    let mut ui = Ui::new();
    ui.keys("u");
    assert_eq!(ui.message(), ("nothing to undo", Level::Error));
    let mut ui = battle_with_a_past();
    ui.keys("u").keys("u");
    assert_eq!(
        ui.app.log_text(8),
        "↶ undone: Note: mortars ranging on the orchard"
    );
    assert_eq!(
        ui.app.log_text(9),
        format!("↶ undone: {shot}"),
        "the second undo takes back the shot put back"
    );
    let texts: Vec<String> = (0..10).map(|i| ui.app.log_text(i)).collect();
    let Ui { app, path, _dir } = ui;
    drop(app);
    let (session, _) = Session::resume(&path).unwrap();
    let resumed = App::new(session, Keymap::defaults(&Newport), clock);
    let again: Vec<String> = (0..10).map(|i| resumed.log_text(i)).collect();
    assert_eq!(again, texts);
}

#[test]
fn a_past_result_reopens_with_the_explanation_it_had_when_it_was_made() {
    let mut ui = Ui::in_action_phase();
    ui.select("1-1").keys("fg11").tab().keys("12");
    ui.tab_to_dice().keys("3").enter();
    let made = ui.shown_event().clone();
    assert!(!made.resolutions.is_empty());
    let made_screen = screen(&ui.app, 120, 40);
    ui.esc().keys("Nmortars ranging on the orchard").enter();
    ui.select("1-2").keys("m").enter().esc();
    // The keys to the log; up to the fire (entry 3); enter.
    ui.key(KeyCode::Tab);
    assert!(ui.app.log.focused);
    assert_eq!(ui.app.log.cursor, 4, "the newest entry");
    ui.up().up().enter();
    assert_eq!(ui.shown_event(), &made, "read back from the journal whole");
    assert_eq!(ui.app.log.opened, Some(2));
    assert_eq!(
        ui.records()[2].entry,
        Entry::Event(made.clone()),
        "the journal's record 3"
    );
    // The same explanation on the screen, under another title: the popup (columns 11 to 108
    // at 120 columns, inside its borders) reads the same below its title.
    let reopened = screen(&ui.app, 120, 40);
    assert!(
        reopened.contains("Entry 3 · from the journal"),
        "{reopened}"
    );
    assert!(made_screen.contains("Result (on disk)"));
    let popup = |s: &str| -> Vec<String> {
        s.lines()
            .map(|l| l.chars().skip(12).take(98).collect::<String>())
            .skip_while(|l| !l.contains("1st Squad, 1st Platoon (1-1) fires at"))
            .take_while(|l| !l.contains('─'))
            .collect()
    };
    let (a, b) = (popup(&made_screen), popup(&reopened));
    assert!(a.iter().any(|l| l.contains("roll:")), "{a:#?}");
    // Only the offer standing then (who may take it up now) is not shown again.
    assert_eq!(a[..b.len()], b[..]);
    assert!(a[b.len()..].concat().contains("may take it up"), "{a:#?}");
    snapshot(&ui, "reopened_result");
    // Closed, the log keeps its keys and its place; esc gives them back to the roster.
    ui.esc();
    assert!(matches!(ui.app.mode, Mode::Main));
    assert_eq!(ui.app.log.opened, None);
    assert!(ui.app.log.focused);
    assert_eq!(ui.app.log.cursor, 2);
    ui.esc();
    assert!(!ui.app.log.focused);
    ui.down();
    assert_ne!(
        ui.selected(),
        Some("1-2"),
        "the arrows move the roster again"
    );
}

#[test]
fn an_undo_entry_reopens_what_it_took_back_marked_undone() {
    let mut ui = battle_with_a_past();
    ui.keys("u");
    ui.key(KeyCode::Tab).enter();
    assert_eq!(ui.app.log.opened, Some(7), "the note the undo took back");
    assert_eq!(ui.message().0, "entry 9 took back entry 8");
    let shown = screen(&ui.app, 120, 40);
    assert!(
        shown.contains("Entry 8 · from the journal · undone since"),
        "{shown}"
    );
    assert!(
        shown.contains("Note: mortars ranging on the orchard"),
        "{shown}"
    );
}

#[test]
fn each_entry_is_shown_whole_at_80_columns_a_long_one_on_more_rows() {
    let ui = battle_with_a_past();
    let rows = ui.log_rows(80, 24);
    let n = ui.app.battle().history().entries().len();
    // The rows shown, joined back into their entries: each begins with its number, the rows
    // after it (indented) carry on its words.
    let mut entries: Vec<(usize, String)> = Vec::new();
    for row in rows.iter().filter(|r| !r.trim().is_empty()) {
        assert!(!row.ends_with('…'), "nothing is cut: {rows:#?}");
        let (head, rest) = row.trim_start().split_once(' ').unwrap();
        match head.parse::<usize>() {
            Ok(number) => entries.push((number, rest.trim_end().to_string())),
            Err(_) => {
                let last = entries.last_mut().expect("a first row has a number");
                last.1.push(' ');
                last.1.push_str(row.trim());
            }
        }
    }
    assert_eq!(
        entries.last().map(|e| e.0),
        Some(n),
        "the newest at the foot"
    );
    for (number, text) in &entries {
        assert_eq!(text, &ui.app.log_line(number - 1), "entry {number} whole");
    }
    assert!(
        entries.len() < rows.iter().filter(|r| !r.trim().is_empty()).count(),
        "a long entry takes a second row: {rows:#?}"
    );
    // The whole explanation is one enter away.
    let mut ui = ui;
    ui.key(KeyCode::Tab).up().up().enter();
    assert!(
        ui.shown_event()
            .summary
            .starts_with("Oblt. Walter Brenner (gkf) opportunity-fires")
    );
}

#[test]
fn the_log_is_searched_and_the_selection_goes_from_match_to_match() {
    let mut ui = battle_with_a_past();
    // Typed, the selection goes to the newest match.
    ui.ctrl('f');
    assert!(ui.app.log.focused);
    ui.keys("brenner");
    assert_eq!(ui.app.log.cursor, 6, "the redo line names the shot");
    snapshot(&ui, "log_search");
    ui.enter();
    assert!(matches!(ui.app.mode, Mode::Main));
    assert_eq!(ui.app.log.search.as_deref(), Some("brenner"));
    ui.ctrl('n');
    assert_eq!(ui.app.log.cursor, 5);
    ui.ctrl('n');
    assert_eq!(ui.app.log.cursor, 4);
    ui.ctrl('n');
    assert_eq!(ui.app.log.cursor, 6, "round the log");
    assert!(ui.message().0.starts_with("search wrapped"));
    ui.ctrl('b');
    assert_eq!(ui.app.log.cursor, 4, "back, newer first, round the log");
    // With the log's keys, the search key searches the log; nothing found says so.
    ui.keys("/zzz");
    assert_eq!(ui.message(), ("no log entry matches \"zzz\"", Level::Error));
    ui.esc();
    // An entry by its number, and an empty search repeats the last.
    ui.keys("/3").enter();
    assert_eq!(ui.app.log.cursor, 2);
    // Without a search, next says how to start one.
    let mut fresh = Ui::in_action_phase();
    fresh.ctrl('n');
    assert_eq!(
        fresh.message(),
        ("search the log first (ctrl-f)", Level::Error)
    );
}

#[test]
fn the_mouse_acts_where_it_points_whichever_pane_has_the_keys() {
    let mut ui = battle_with_a_past();
    draw(&ui.app, 120, 40);
    ui.key(KeyCode::Tab);
    let (roster, cursor) = (ui.app.areas.get().roster, ui.app.log.cursor);
    let selected = ui.app.cursor;
    ui.app.on_event(TermEvent::Mouse(mouse(
        MouseEventKind::ScrollDown,
        roster.x + 3,
        roster.y + 3,
    )));
    assert_eq!(
        ui.app.cursor,
        selected + 1,
        "the wheel over the roster moves it"
    );
    assert_eq!(ui.app.log.cursor, cursor);
    assert!(ui.app.log.focused);
    ui.app.on_event(TermEvent::Mouse(mouse(
        MouseEventKind::Down(ratatui::crossterm::event::MouseButton::Left),
        roster.x + 12,
        roster.y + 4,
    )));
    assert!(
        !ui.app.log.focused,
        "a click on the roster gives it the keys"
    );
}

#[test]
fn snapshot_an_opportunity_fire_form_with_its_trigger_and_an_early_refusal() {
    let mut ui = Ui::in_action_phase();
    ui.select("1-2").keys("m").enter().keys("o").enter();
    let names: Vec<&str> = ui.form().shown().map(|(_, f)| f.def.name).collect();
    assert!(
        names.contains(&"trigger") && !names.contains(&"out-of-command"),
        "{names:?}"
    );
    assert_eq!(ui.form().fields[ui.form().focus].def.name, "range");
    snapshot(&ui, "opportunity_fire_form");
    // 1-2 moved: Finished, so its fire is refused as soon as the form opens on it.
    ui.esc().select("1-2").keys("f");
    let refusal = ui.form().refusal.clone().expect("refused at once");
    assert!(refusal.contains("is Finished"), "{refusal}");
    assert_eq!(ui.form().fields[ui.form().focus].def.name, "target");
    snapshot(&ui, "early_refusal");
}

#[test]
fn the_result_closes_on_esc_q_or_enter_and_a_command_key_is_answered_not_done() {
    let mut ui = Ui::in_action_phase();
    ui.select("1-1").keys("fg11").tab().keys("12").enter();
    assert!(matches!(ui.app.mode, Mode::Result { .. }));
    ui.keys("m");
    assert!(matches!(ui.app.mode, Mode::Result { .. }), "m is answered");
    ui.keys("q");
    assert!(matches!(ui.app.mode, Mode::Main) && !ui.app.quit);
    ui.keys("m");
    assert_eq!(ui.form().action.id, "move");
}

#[test]
fn arrows_move_the_roster_cursor_and_the_form_focus_and_change_a_choice() {
    let mut ui = Ui::in_action_phase();
    ui.select("1-1").down();
    assert_eq!(ui.selected(), Some("1-2"));
    ui.up().up();
    assert_eq!(ui.selected(), Some("1-ldr"));
    ui.down().keys("fg11").down().keys("12").down();
    let focused = |ui: &Ui| ui.form().fields[ui.form().focus].def.name;
    let cover = |ui: &Ui| {
        let form = ui.form();
        form.fields
            .iter()
            .find(|f| f.def.name == "cover")
            .unwrap()
            .text
            .clone()
    };
    assert_eq!(focused(&ui), "cover");
    ui.right();
    assert_eq!(cover(&ui), "soft");
    ui.right().right();
    assert_eq!(cover(&ui), "none", "the choices go round");
    ui.left();
    assert_eq!(cover(&ui), "hard");
    ui.up();
    assert_eq!(focused(&ui), "range");
    ui.tab_to_dice().keys("4").enter();
    let records = ui.records();
    let fire = act(records.last().unwrap(), "fire");
    assert_eq!(fire.get("firer"), Some(&text("1-1")));
    assert_eq!(fire.get("cover"), Some(&text("hard")));
}

#[test]
fn ctrl_c_quits_from_every_screen_and_no_ctrl_key_is_typed() {
    let ctrl = |c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL);
    let screens = [
        Screen {
            name: "main",
            keys: |_| {},
        },
        Screen {
            name: "form",
            keys: |ui| {
                ui.select("1-1").keys("fg1");
            },
        },
        Screen {
            name: "prompt",
            keys: |ui| {
                ui.keys("Nthe orchard");
            },
        },
        Screen {
            name: "markers",
            keys: |ui| {
                ui.select("1-1").keys("x");
            },
        },
        Screen {
            name: "help",
            keys: |ui| {
                ui.keys("?");
            },
        },
    ];
    for Screen { name, keys } in screens {
        let mut ui = Ui::in_action_phase();
        keys(&mut ui);
        let before = screen(&ui.app, 120, 40);
        ui.app.on_key(ctrl('x'));
        match name {
            "main" => assert_eq!(
                ui.message(),
                ("ctrl-x: no such key (press ? for help)", Level::Error)
            ),
            "form" | "prompt" => assert_eq!(
                screen(&ui.app, 120, 40),
                before,
                "{name}: ctrl-x types nothing"
            ),
            _ => {}
        }
        assert!(!ui.app.quit);
        ui.app.on_key(ctrl('c'));
        assert!(ui.app.quit, "{name}: ctrl-c quits");
    }
}

// ---- refusals ---------------------------------------------------------------------------------

#[test]
fn refused_forms_stay_open_with_the_reason_and_change_nothing() {
    let mut ui = Ui::in_action_phase();
    let bytes = ui.journal_bytes();
    let entries = ui.app.battle().history().entries().len();
    let state = ui.app.battle().state().clone();
    let word_pos = ui.app.session.dice().word_pos();
    // (target, range, dice, what the refusal says)
    let cases = [
        ("zzz", "12", "", "target: no unit `zzz`"),
        ("g11", "99", "", "99\" is beyond infantry long range (16\")"),
        ("g11", "12", "11", "11 is not a face of a d10"),
        ("g11", "12", "3 4", "1 typed face(s) were not used (4)"),
        ("g11", "12", "x", "cannot read \"x\" as dice faces"),
    ];
    for (target, range, dice, why) in cases {
        ui.select("1-1").keys("f").keys(target).tab().keys(range);
        if !dice.is_empty() {
            ui.tab_to_dice().keys(dice);
        }
        ui.enter();
        let error = ui.form().error.clone().unwrap_or_default();
        assert!(error.contains(why), "{target} {range} {dice}: {error}");
        assert_eq!(ui.journal_bytes(), bytes, "{why}");
        assert_eq!(ui.app.battle().history().entries().len(), entries);
        assert_eq!(ui.app.battle().state(), &state);
        assert_eq!(ui.app.session.dice().word_pos(), word_pos);
        // The refusal is on the screen.
        let shown = screen(&ui.app, 120, 40).replace('\n', "");
        let head: String = why.chars().take(20).collect();
        assert!(shown.contains(&head), "{why} not shown");
        ui.esc();
        assert_eq!(ui.message(), ("cancelled: nothing changed", Level::Info));
    }
}

#[test]
fn a_bad_unit_id_in_the_go_to_prompt_says_the_nearest() {
    let mut ui = Ui::in_action_phase();
    ui.keys(":g1").enter();
    let (said, level) = ui.message();
    assert_eq!(level, Level::Error);
    assert!(
        said.starts_with("no single unit or formation `g1`"),
        "{said}"
    );
    ui.keys(":stu").enter();
    assert_eq!(ui.selected(), Some("stug"), "a unique prefix is enough");
}

// ---- typed and pasted text --------------------------------------------------------------------

impl Ui {
    /// The text of the open prompt.
    fn prompt_text(&self) -> &str {
        match &self.app.mode {
            Mode::Prompt { text, .. } => text,
            other => panic!("expected a prompt, found {other:?}"),
        }
    }

    fn paste(&mut self, text: &str) -> &mut Self {
        self.app.on_event(TermEvent::Paste(text.to_string()));
        self
    }

    /// The text of the last note in the journal.
    fn last_note(&self) -> String {
        self.records()
            .iter()
            .rev()
            .find_map(|r| match &r.entry {
                Entry::Event(Event {
                    kind: EventKind::Note { text },
                    ..
                }) => Some(text.clone()),
                _ => None,
            })
            .expect("a note in the journal")
    }
}

#[test]
fn a_control_bidi_or_invisible_character_typed_into_a_prompt_is_refused_keeping_the_text() {
    let mut ui = Ui::in_action_phase();
    ui.keys("NSmoke");
    for (c, name) in [
        ('\u{202E}', "U+202E"),
        ('\u{200B}', "U+200B"),
        ('\u{1b}', "U+001B"),
        ('\u{E0041}', "U+E0041"),
    ] {
        ui.key(KeyCode::Char(c));
        assert_eq!(ui.prompt_text(), "Smoke", "{name} is not typed");
        let (said, level) = ui.message();
        assert_eq!(level, Level::Error);
        assert!(
            said.starts_with(&format!("{name} is not allowed here")),
            "{said}"
        );
        // Shown at once beneath the prompt, which stays open with its text.
        let shown = screen(&ui.app, 80, 24);
        assert!(
            shown.contains(&format!("{name} is not allowed here")),
            "{shown}"
        );
        assert!(
            shown.contains(" note for everyone (tab: private): Smoke▏"),
            "{shown}"
        );
    }
    ui.keys(" east").enter();
    assert_eq!(ui.last_note(), "Smoke east");
}

#[test]
fn a_control_bidi_or_invisible_character_typed_into_a_form_is_refused_keeping_the_text() {
    let mut ui = Ui::in_action_phase();
    ui.select("1-1").keys("fg11").tab().keys("12");
    assert_eq!(ui.form().fields[ui.form().focus].def.name, "range");
    ui.key(KeyCode::Char('\u{2066}'));
    assert_eq!(
        ui.form().error.as_deref(),
        Some("U+2066 is not allowed here (a bidirectional-formatting character)")
    );
    assert_eq!(ui.form().fields[ui.form().focus].text, "12");
    // The refusal is on the screen, and the next key goes on typing.
    assert!(screen(&ui.app, 120, 40).contains("U+2066 is not allowed here"));
    ui.key(KeyCode::Backspace);
    assert_eq!(ui.form().fields[ui.form().focus].text, "1");
    assert_eq!(ui.form().error, None);
    // The dice field refuses them too.
    ui.tab_to_dice().keys("3");
    ui.key(KeyCode::Char('\u{00AD}'));
    assert_eq!(ui.form().dice, "3");
    assert!(ui.form().error.as_deref().unwrap().starts_with("U+00AD"));
}

#[test]
fn two_thousand_pasted_characters_land_in_one_call() {
    let mut ui = Ui::in_action_phase();
    let long: String = "Smoke drifts east over the orchard; "
        .chars()
        .cycle()
        .take(2000)
        .collect();
    ui.keys("N").paste(&long);
    assert_eq!(ui.prompt_text(), long);
    ui.enter();
    assert_eq!(ui.last_note(), long);

    // Pasted after typed text, into the search prompt: the search follows.
    ui.keys("/").keys("St").paste("uG");
    assert_eq!(ui.prompt_text(), "StuG");
    assert_eq!(ui.selected(), Some("stug"));
}

#[test]
fn a_paste_with_a_line_break_or_a_hidden_character_is_refused_keeping_the_text() {
    let mut ui = Ui::in_action_phase();
    ui.keys("NSmoke");
    for (pasted, name) in [
        (" east\nnext line", "U+000A"),
        (" east\r", "U+000D"),
        (" ea\u{202E}st", "U+202E"),
        (" ea\u{200D}st", "U+200D"),
    ] {
        ui.paste(pasted);
        assert_eq!(ui.prompt_text(), "Smoke");
        let (said, level) = ui.message();
        assert_eq!(level, Level::Error);
        assert!(
            said.starts_with(&format!("paste refused: {name} is not allowed here")),
            "{said}"
        );
    }
    // With nowhere to paste, nothing happens but a word.
    ui.esc().paste("g11");
    assert_eq!(
        ui.message(),
        (
            "nothing to paste into: open a prompt or a form first",
            Level::Error
        )
    );
}

#[test]
fn a_paste_into_a_form_field_is_one_edit() {
    let mut ui = Ui::in_action_phase();
    ui.select("1-1").keys("f").paste("g11");
    assert_eq!(ui.form().fields[ui.form().focus].text, "g11");
    ui.tab().paste("12");
    assert_eq!(
        ui.form().fields[ui.form().focus].text,
        "12",
        "replaces as typing does"
    );
    ui.paste("\u{2060}3");
    assert_eq!(ui.form().fields[ui.form().focus].text, "12");
    assert!(ui.form().error.as_deref().unwrap().contains("U+2060"));
    ui.paste(".5");
    assert_eq!(ui.form().fields[ui.form().focus].text, "12.5");
    assert_eq!(ui.form().error, None);
    assert!(matches!(ui.form().odds, umpire::tui::form::Odds::Ready(_)));
}

#[test]
fn a_burst_of_two_thousand_keys_is_handled_before_one_draw() {
    let mut ui = Ui::in_action_phase();
    ui.keys("N");
    let typed: String = "abcdefghij".chars().cycle().take(2000).collect();
    let mut keys = typed
        .chars()
        .map(|c| TermEvent::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)))
        .collect::<Vec<_>>()
        .into_iter();
    let first = keys.next().unwrap();
    let handled = umpire::tui::handle_burst(&mut ui.app, first, || Ok(keys.next())).unwrap();
    assert_eq!(handled, 2000);
    assert_eq!(ui.prompt_text(), typed);
    // One draw shows the end of what was typed.
    let shown = screen(&ui.app, 120, 40);
    assert!(
        shown.contains(" note for everyone (tab: private): "),
        "{shown}"
    );
    // A quit key ends the burst: what follows it is left waiting.
    let mut rest = vec![
        TermEvent::Key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE)),
        TermEvent::Key(KeyEvent::new(KeyCode::Char('q'), KeyModifiers::NONE)),
        TermEvent::Key(KeyEvent::new(KeyCode::Char('x'), KeyModifiers::NONE)),
    ]
    .into_iter();
    let first = rest.next().unwrap();
    let handled = umpire::tui::handle_burst(&mut ui.app, first, || Ok(rest.next())).unwrap();
    assert_eq!(handled, 2);
    assert!(ui.app.quit);
    assert_eq!(rest.len(), 1);
}

// ---- mouse ------------------------------------------------------------------------------------

fn mouse(kind: MouseEventKind, column: u16, row: u16) -> MouseEvent {
    MouseEvent {
        kind,
        column,
        row,
        modifiers: KeyModifiers::NONE,
    }
}

#[test]
fn a_click_selects_a_roster_line() {
    let mut ui = Ui::in_action_phase();
    let mut terminal = draw(&ui.app, 120, 40);
    let roster = ui.app.areas.get().roster;
    assert!(roster.height > 2, "the roster was drawn");
    let first = ui.app.areas.get().roster_first_row;
    let u = ui.app.battle().roster.unit_index("1-3").unwrap();
    let row = ui
        .app
        .rows()
        .iter()
        .position(|r| *r == Row::Unit(u))
        .unwrap();
    let y = roster.y + 1 + (row - first) as u16;
    assert!(row_text(terminal.backend().buffer(), y).contains("1-3"));
    ui.app.on_mouse(mouse(
        MouseEventKind::Down(ratatui::crossterm::event::MouseButton::Left),
        roster.x + 12,
        y,
    ));
    assert_eq!(ui.selected(), Some("1-3"));
    // Clicks on the roster's top and bottom borders select nothing.
    let cursor = ui.app.cursor;
    for y in [roster.y, roster.y + roster.height - 1] {
        terminal
            .draw(|f| f.render_widget(&ui.app, f.area()))
            .unwrap();
        ui.app.on_mouse(mouse(
            MouseEventKind::Down(ratatui::crossterm::event::MouseButton::Left),
            roster.x + 12,
            y,
        ));
        assert_eq!(ui.app.cursor, cursor, "a click on the border at row {y}");
    }
}

#[test]
fn the_wheel_scrolls_the_log_under_it_and_the_roster_elsewhere() {
    let mut ui = Ui::in_action_phase();
    ui.keys("Nfirst").enter().keys("Nsecond").enter();
    let mut terminal = draw(&ui.app, 120, 40);
    let log = ui.app.areas.get().log;
    let (x, y) = (log.x + 5, log.y + 2);
    ui.app.on_mouse(mouse(MouseEventKind::ScrollUp, x, y));
    ui.app.on_mouse(mouse(MouseEventKind::ScrollUp, x, y));
    assert_eq!(ui.app.log_back, 2);
    terminal
        .draw(|f| f.render_widget(&ui.app, f.area()))
        .unwrap();
    assert!(row_text(terminal.backend().buffer(), log.y).contains("Log (↑2)"));
    let shown: String = (log.y..log.y + log.height)
        .map(|y| row_text(terminal.backend().buffer(), y))
        .collect();
    assert!(shown.contains("Battle begins") && !shown.contains("Note: second"));
    ui.app.on_mouse(mouse(MouseEventKind::ScrollDown, x, y));
    assert_eq!(ui.app.log_back, 1);
    // Over the roster the wheel moves the cursor.
    let roster = ui.app.areas.get().roster;
    let cursor = ui.app.cursor;
    ui.app.on_mouse(mouse(
        MouseEventKind::ScrollDown,
        roster.x + 3,
        roster.y + 3,
    ));
    assert_eq!(ui.app.cursor, cursor + 1);
    assert_eq!(ui.app.log_back, 1);
}

// ---- colour -----------------------------------------------------------------------------------

#[test]
fn without_colour_no_cell_is_coloured_and_with_colour_badges_are() {
    let mut ui = Ui::in_action_phase();
    // g11 Suppressed and 1-1 Finished: badges on the roster.
    ui.select("1-1")
        .keys("fg11")
        .tab()
        .keys("12")
        .tab_to_dice()
        .keys("3");
    let mut looks: Vec<(&str, Buffer)> = Vec::new();
    looks.push(("form", draw(&ui.app, 120, 40).backend().buffer().clone()));
    ui.enter();
    looks.push(("result", draw(&ui.app, 120, 40).backend().buffer().clone()));
    ui.esc();
    looks.push(("main", draw(&ui.app, 120, 40).backend().buffer().clone()));
    ui.keys("x");
    looks.push(("markers", draw(&ui.app, 120, 40).backend().buffer().clone()));
    ui.esc().keys("?");
    looks.push(("help", draw(&ui.app, 120, 40).backend().buffer().clone()));
    ui.esc().keys("n");
    looks.push((
        "end the phase?",
        draw(&ui.app, 80, 24).backend().buffer().clone(),
    ));
    ui.keys("y");
    looks.push(("advance", draw(&ui.app, 80, 24).backend().buffer().clone()));
    for (name, buf) in &looks {
        for (i, cell) in buf.content().iter().enumerate() {
            assert!(
                cell.fg == Color::Reset && cell.bg == Color::Reset,
                "{name}: cell {i} ({:?}) is coloured: {cell:?}",
                cell.symbol()
            );
        }
    }

    ui.esc();
    ui.app.color = true;
    let terminal = draw(&ui.app, 120, 40);
    let buf = terminal.backend().buffer();
    let y = (0..buf.area.height)
        .find(|&y| row_text(buf, y).contains(" 1-1 "))
        .expect("1-1 on the roster");
    let cells: Vec<_> = (0..buf.area.width).map(|x| &buf[(x, y)]).collect();
    let at = cells
        .windows(3)
        .position(|w| w.iter().map(|c| c.symbol()).collect::<String>() == "FIN")
        .expect("the Finished badge");
    assert_ne!(cells[at].fg, Color::Reset, "the badge has a colour");
    assert!(
        !row_text(buf, y).contains("[FIN]"),
        "with colour the badge needs no brackets"
    );
}

// ---- typed dice -------------------------------------------------------------------------------

#[test]
fn typed_dice_mode_asks_for_faces() {
    let mut ui = Ui::new();
    ui.keys("d");
    assert_eq!(
        ui.message(),
        ("dice: type the faces thrown at the table", Level::Info)
    );
    // The next phase rolls nothing here: it is carried out at once.
    ui.keys("n");
    assert!(matches!(ui.app.mode, Mode::Result { .. }));
    ui.esc();
    assert_eq!(ui.app.battle().state().phase, "action");

    // A fire asks for its die; nothing is written until the face is given.
    let bytes = ui.journal_bytes();
    ui.select("1-1").keys("fg11").tab().keys("12").enter();
    assert_eq!(ui.dice().die, Die::D10);
    assert_eq!(ui.journal_bytes(), bytes);
    ui.keys("0").enter();
    assert!(matches!(ui.app.mode, Mode::Result { .. }));
    let records = ui.records();
    let last = records.last().unwrap();
    assert_eq!(act(last, "fire").get("target"), Some(&text("g11")));
    assert_eq!(faces(last), [10], "a d10's 0 is 10");
    assert_eq!(last.dice_mode(), Some(RecordDice::Typed));
    assert_eq!(
        ui.app.session.dice().word_pos(),
        0,
        "the program threw nothing"
    );

    ui.esc().keys("d");
    assert!(ui.message().0.starts_with("dice: the program rolls"));
}

// ---- the end of the battle ----------------------------------------------------------------------

/// Fires with `firer` at `target` at `range` with the program's dice, closing whatever opens.
fn fire_by_keys(ui: &mut Ui, firer: &str, target: &str, range: &str) {
    ui.select(firer)
        .keys("f")
        .keys(target)
        .tab()
        .keys(range)
        .enter();
    // A result (or a refusal left in the form): either way, close it.
    ui.esc();
    if matches!(ui.app.mode, Mode::Form(_)) {
        ui.esc();
    }
}

#[test]
fn the_demo_battle_played_by_keys_to_its_last_turn_ends_with_its_account() {
    let mut ui = Ui::new();
    let last = ui.app.battle().state().turn_limit.unwrap();
    assert_eq!(last, 12, "the demo battle is twelve turns long");
    while !ui.app.battle().state().is_over() {
        // The attacker's action phase: a fire, then the defender's, each phase ended by `n`.
        ui.end_phase();
        if matches!(ui.app.mode, Mode::Summary) {
            break;
        }
        ui.esc();
        match ui.app.battle().state().active {
            0 => fire_by_keys(&mut ui, "1-1", "g11", "6"),
            _ => fire_by_keys(&mut ui, "g12", "1-2", "6"),
        }
        assert!(ui.app.battle().state().turn <= last + 1, "it never runs on");
    }
    assert!(matches!(ui.app.mode, Mode::Summary), "the account opens");
    let state = ui.app.battle().state();
    assert_eq!(state.turn, last + 1);
    // What the screen shows is the battle the journal holds.
    let (from_journal, _, torn) = Session::load(&ui.path).unwrap();
    assert!(torn.is_none());
    assert_eq!(from_journal.state(), ui.app.battle().state());
    let account = from_journal.summary();
    assert!(account.over);
    assert_eq!(account.turns_played, last);
    let shown = screen(&ui.app, 120, 40);
    assert!(
        shown.contains("The battle is over: 12 turns played, the last was turn 12."),
        "{shown}"
    );
    for side in &account.sides {
        let figures = format!(
            "{} stands · {} in play · {} lost · {} hits taken · {} of {} leaders lost",
            side.units, side.in_play, side.lost, side.hits, side.leaders_lost, side.leaders
        );
        assert!(shown.contains(&figures), "{figures} not in\n{shown}");
        assert!(screen(&ui.app, 80, 24).contains(&figures), "at 80×24 too");
    }
    snapshot(&ui, "battle_over_summary");

    // Over: `n` and a procedure are refused; the summary comes back on `n`.
    ui.esc();
    ui.keys("n");
    assert!(matches!(ui.app.mode, Mode::Summary));
    ui.esc();
    ui.select("1-3").keys("m");
    assert!(matches!(ui.app.mode, Mode::Main), "no form opens");
    let (said, level) = ui.message();
    assert_eq!(level, Level::Error);
    assert!(
        said.starts_with("the battle is over: turn 12 was its last"),
        "{said}"
    );

    // `e` on the account extends the battle by a turn, logged; play goes on.
    ui.keys("n").keys("e");
    assert!(!ui.app.battle().state().is_over());
    assert_eq!(ui.app.battle().state().turn_limit, Some(13));
    let last_record = ui.records().pop().unwrap();
    let Entry::Event(ev) = &last_record.entry else {
        panic!("{last_record:?}")
    };
    assert!(
        ev.summary.contains("extends the battle by 1 turn"),
        "{}",
        ev.summary
    );
    assert!(screen(&ui.app, 120, 40).contains("Turn 13/13"));
}

#[test]
fn the_offer_chooser_lists_every_eligible_firer_and_picks_one_in_a_few_keys() {
    let mut ui = Ui::in_action_phase();
    ui.select("1-2").keys("m").enter().esc();
    let eligible = ui.app.offers()[0].actors.len();
    assert!(eligible > 10, "{eligible} stands may fire");
    ui.keys("o");
    let Mode::Chooser(chooser) = &ui.app.mode else {
        panic!("expected the chooser, found {:?}", ui.app.mode)
    };
    assert_eq!(chooser.choices.len(), eligible);
    snapshot(&ui, "offer_chooser");
    // Typing narrows the list by id or name: the second heavy machine gun in three keys and enter.
    ui.keys("gs2");
    let Mode::Chooser(chooser) = &ui.app.mode else {
        panic!("{:?}", ui.app.mode)
    };
    assert_eq!(chooser.shown(ui.app.battle()).len(), 1, "{chooser:?}");
    snapshot(&ui, "offer_chooser_narrowed");
    ui.enter();
    let form = ui.form();
    assert_eq!(form.action.id, "fire");
    let field = |name: &str| {
        form.fields
            .iter()
            .find(|f| f.def.name == name)
            .map(|f| f.text.clone())
            .unwrap_or_default()
    };
    assert_eq!(field("firer"), "gs2");
    assert_eq!(field("target"), "1-2");
    assert_eq!(field("trigger"), "moved");
    // Esc in the chooser changes nothing.
    ui.esc().keys("o").esc();
    assert!(matches!(ui.app.mode, Mode::Main));
    assert_eq!(ui.message().0, "cancelled: nothing changed");
}

impl Ui {
    /// The die prompt open now.
    fn dice(&self) -> &DiceRun {
        match &self.app.mode {
            Mode::Dice(run) => run,
            other => panic!("expected the die prompt, found {other:?}"),
        }
    }

    /// Types one face at the die prompt and gives it (enter).
    fn face(&mut self, face: &str) -> &mut Self {
        self.keys(face).enter()
    }

    /// Tabs through the open form to the input `name`.
    fn tab_to(&mut self, name: &str) -> &mut Self {
        for _ in 0..=self.form().fields.len() {
            let form = self.form();
            if form
                .fields
                .get(form.focus)
                .is_some_and(|f| f.def.name == name)
            {
                return self;
            }
            self.tab();
        }
        panic!("the form has no input `{name}`");
    }

    /// Marks a unit with the first marker (Suppressed) by hand.
    fn suppress(&mut self, id: &str) -> &mut Self {
        self.select(id).keys("x1 ").esc()
    }
}

/// The purposes of the faces a record used, in order.
fn purposes(record: &Record) -> Vec<String> {
    event(record)
        .faces()
        .iter()
        .map(|r| r.purpose.clone())
        .collect()
}

fn given(face: u8, purpose: &str) -> GivenFace {
    GivenFace {
        die: Die::D10,
        face,
        purpose: purpose.into(),
    }
}

const MORALE_1_1: &str = "1-1 morale check, green: improves on 6 or more";
const MORALE_1_2: &str = "1-2 morale check, green: improves on 6 or more";

#[test]
fn a_typed_phase_change_asks_each_morale_check_in_turn_with_what_it_needs() {
    // Given the attacker's action phase, 1-1 and 1-2 Suppressed, and dice typed at the table.
    let mut ui = Ui::in_action_phase();
    ui.suppress("1-1").suppress("1-2").keys("d");
    let before = ui.records();
    // When the umpire ends the phase (and says yes: the stands have not acted),
    ui.keys("n");
    assert!(matches!(ui.app.mode, Mode::EndPhase { .. }));
    ui.keys("y");
    // then the first morale check is asked for, naming the stand and what it needs,
    assert_eq!(ui.dice().purpose, MORALE_1_1);
    assert_eq!(ui.dice().die, Die::D10);
    assert!(ui.dice().given.is_empty());
    assert_eq!(ui.dice().title, "next phase");
    // and when its face is given, the second, with the first face shown above it;
    ui.face("7");
    assert_eq!(ui.dice().purpose, MORALE_1_2);
    assert_eq!(ui.dice().given, [given(7, MORALE_1_1)]);
    assert_eq!(
        ui.records(),
        before,
        "nothing is written while dice are asked for"
    );
    // when the last face is given, one record holds both faces with their purposes.
    ui.face("3");
    assert!(matches!(ui.app.mode, Mode::Result { .. }));
    let records = ui.records();
    assert_eq!(records.len(), before.len() + 1);
    let last = records.last().unwrap();
    assert_eq!(event(last).kind, EventKind::Advance);
    assert_eq!(last.dice_mode(), Some(RecordDice::Typed));
    assert_eq!(faces(last), [7, 3]);
    assert_eq!(purposes(last), [MORALE_1_1, MORALE_1_2]);
    assert!(
        event(last)
            .effects
            .contains(&marker("1-1", "suppressed", None))
    );
    assert!(
        !event(last)
            .effects
            .contains(&marker("1-2", "suppressed", None))
    );
    assert_eq!(ui.app.battle().state().active, 1, "the defender's turn");
}

#[test]
fn backspace_at_an_empty_die_prompt_takes_back_the_previous_face() {
    let mut ui = Ui::in_action_phase();
    ui.suppress("1-1")
        .suppress("1-2")
        .keys("d")
        .end_phase()
        .face("7");
    assert_eq!(ui.dice().purpose, MORALE_1_2);
    // Backspace first erases what is typed, then takes back the face given before.
    ui.keys("4").key(KeyCode::Backspace);
    assert_eq!(ui.dice().text, "");
    assert_eq!(ui.dice().given.len(), 1);
    ui.key(KeyCode::Backspace);
    assert_eq!(ui.dice().purpose, MORALE_1_1, "asked again");
    assert!(ui.dice().given.is_empty());
    assert!(
        ui.message()
            .0
            .starts_with("took back 7 (d10): 1-1 morale check")
    );
    // With no face to take back (a phase change has no form), the prompt stays.
    ui.key(KeyCode::Backspace);
    assert_eq!(ui.message().1, Level::Error);
    assert_eq!(ui.dice().purpose, MORALE_1_1);
    ui.face("5").face("6");
    let records = ui.records();
    let last = records.last().unwrap();
    assert_eq!(
        faces(last),
        [5, 6],
        "the face taken back is not in the record"
    );
    assert_eq!(purposes(last), [MORALE_1_1, MORALE_1_2]);
}

#[test]
fn a_typed_fire_asks_for_the_command_roll_first() {
    // Given 2-3 beyond its leader's 2" (command method 2) and dice typed at the table,
    let mut ui = Ui::in_action_phase();
    ui.keys("d").select("2-3").keys("fg11").tab().keys("12");
    ui.tab_to("out-of-command").keys(" ");
    // when the fire is resolved, the command roll is asked for first,
    ui.enter();
    let command = "2-3 command roll, regular: acts on 6 or less";
    assert_eq!(ui.dice().purpose, command);
    assert_eq!(ui.dice().title, "fire");
    // then the shot, with what each face does (long range: +1).
    ui.face("5");
    let shot =
        "2-3 fires at g11, infantry table +1: 1–2 hit & Suppressed, 3–4 Suppressed, 5+ no effect";
    assert_eq!(ui.dice().purpose, shot);
    assert_eq!(ui.dice().given, [given(5, command)]);
    ui.face("2");
    assert!(matches!(ui.app.mode, Mode::Result { .. }));
    let records = ui.records();
    let last = records.last().unwrap();
    assert_eq!(
        act(last, "fire").get("out-of-command"),
        Some(&Value::Bool(true))
    );
    assert_eq!(faces(last), [5, 2]);
    assert_eq!(purposes(last), [command, shot]);
    assert_eq!(last.dice_mode(), Some(RecordDice::Typed));
    let effects = &event(last).effects;
    assert!(
        effects.contains(&marker("g11", "suppressed", Some(1))),
        "{effects:?}"
    );
}

/// The purposes of the close combat 1-1 (green) against g11 (regular), shot by shot, with the
/// faces 4 (1-1 Suppressed), 2 (g11 hit and Suppressed), 9 (no effect), 3 (g11 Paralyzed).
const CC_SHOTS: [&str; 4] = [
    "round 1, g11 fires at 1-1, infantry table: 1 hit & Paralyzed, 2–3 hit & Suppressed, 4–6 Suppressed, 7+ no effect",
    "round 1, 1-1 fires at g11 (so far: 1-1 Suppressed), infantry table +1: 1–2 hit & Suppressed, 3–4 Suppressed, 5+ no effect",
    "round 2, g11 fires at 1-1 (so far: 1-1 Suppressed; g11 1 hit, Suppressed), infantry table +1: 1–2 hit & Suppressed, 3–5 Suppressed, 6+ no effect",
    "round 2, 1-1 fires at g11 (so far: 1-1 Suppressed; g11 1 hit, Suppressed), infantry table +1: 1–2 hit & Suppressed, 3–4 Suppressed, 5+ no effect",
];

#[test]
fn a_typed_close_combat_is_asked_shot_by_shot_showing_the_fight_so_far() {
    // Given dice typed at the table, when 1-1 assaults g11,
    let mut ui = Ui::in_action_phase();
    ui.keys("d").select("1-1").keys("cg11").in_contact().enter();
    // then each shot is asked for in turn, saying what the fight has done so far.
    for (i, (face, purpose)) in ["4", "2", "9", "3"].iter().zip(CC_SHOTS).enumerate() {
        assert_eq!(ui.dice().purpose, purpose, "shot {}", i + 1);
        assert_eq!(ui.dice().given.len(), i);
        ui.face(face);
    }
    assert!(matches!(ui.app.mode, Mode::Result { .. }));
    let records = ui.records();
    let last = records.last().unwrap();
    assert_eq!(faces(last), [4, 2, 9, 3]);
    assert_eq!(purposes(last), CC_SHOTS);
    let r = &event(last).resolutions[0];
    assert!(r.result.starts_with("Attacker wins"), "{}", r.result);
}

#[test]
fn faces_typed_in_the_form_go_first_and_the_prompt_asks_for_the_rest() {
    let mut ui = Ui::in_action_phase();
    ui.keys("d")
        .select("1-1")
        .keys("cg11")
        .in_contact()
        .tab_to_dice()
        .keys("4 2")
        .enter();
    assert_eq!(ui.dice().purpose, CC_SHOTS[2]);
    assert_eq!(
        ui.dice().given,
        [given(4, CC_SHOTS[0]), given(2, CC_SHOTS[1])]
    );
    // Several faces may be typed at the prompt too.
    ui.face("9 3");
    let records = ui.records();
    assert_eq!(faces(records.last().unwrap()), [4, 2, 9, 3]);
    // Too many faces are refused, naming those left over, and nothing is written.
    let bytes = ui.journal_bytes();
    ui.esc()
        .select("1-2")
        .keys("cg12")
        .in_contact()
        .enter()
        .face("1 9 9");
    assert_eq!(
        ui.message(),
        (
            "2 typed face(s) were not used (9 9); this resolution needed 1",
            Level::Error
        )
    );
    assert_eq!(ui.dice().text, "1 9 9");
    assert_eq!(ui.journal_bytes(), bytes);
}

#[test]
fn an_impossible_face_is_refused_as_typed_keeping_the_prompt() {
    let mut ui = Ui::in_action_phase();
    ui.keys("d")
        .select("1-1")
        .keys("fg11")
        .tab()
        .keys("12")
        .enter();
    let asked = ui.dice().purpose.clone();
    let bytes = ui.journal_bytes();
    ui.face("11");
    assert_eq!(
        ui.message(),
        (
            "11 is not a face of a d10 (faces are 1-10, and 0 reads as 10)",
            Level::Error
        )
    );
    assert_eq!(ui.dice().purpose, asked);
    assert_eq!(ui.dice().text, "11", "the face stays as typed");
    assert!(ui.dice().given.is_empty());
    // A letter is not a face; it is refused without being typed.
    ui.keys("x");
    assert_eq!(ui.message().1, Level::Error);
    assert_eq!(ui.dice().text, "11");
    assert_eq!(ui.journal_bytes(), bytes);
    // Corrected, it is taken.
    ui.key(KeyCode::Backspace).key(KeyCode::Backspace).face("3");
    assert!(matches!(ui.app.mode, Mode::Result { .. }));
    assert_eq!(faces(ui.records().last().unwrap()), [3]);
}

#[test]
fn faces_pasted_at_the_die_prompt_are_typed_and_anything_else_is_refused() {
    let mut ui = Ui::in_action_phase();
    ui.keys("d")
        .select("1-1")
        .keys("cg11")
        .in_contact()
        .enter()
        .paste("4, 2");
    assert_eq!(ui.dice().text, "4, 2");
    ui.paste("\n9").paste("x");
    assert_eq!(ui.dice().text, "4, 2", "refused whole");
    assert_eq!(ui.message().1, Level::Error);
    ui.enter();
    assert_eq!(ui.dice().purpose, CC_SHOTS[2]);
    assert_eq!(ui.dice().given.len(), 2);
}

#[test]
fn esc_at_the_die_prompt_cancels_the_whole_command_and_writes_nothing() {
    let mut ui = Ui::in_action_phase();
    ui.keys("d")
        .select("1-1")
        .keys("cg11")
        .in_contact()
        .enter()
        .face("4")
        .face("2");
    let bytes = ui.journal_bytes();
    let state = ui.app.battle().state().clone();
    ui.esc();
    assert!(matches!(ui.app.mode, Mode::Main));
    assert_eq!(
        ui.message(),
        (
            "cancelled: close combat not resolved, nothing written",
            Level::Info
        )
    );
    assert_eq!(ui.journal_bytes(), bytes);
    assert_eq!(ui.app.battle().state(), &state);
    // Backspace before the first face goes back to the form, its inputs kept.
    ui.keys("cg11").in_contact().enter().key(KeyCode::Backspace);
    assert_eq!(ui.form().action.id, "close-combat");
    assert!(ui.form().fields.iter().any(|f| f.text == "g11"));
    assert_eq!(ui.journal_bytes(), bytes);
}

#[test]
fn snapshot_a_typed_automatic_roll() {
    let mut ui = Ui::in_action_phase();
    ui.suppress("1-1")
        .suppress("1-2")
        .keys("d")
        .end_phase()
        .face("7");
    assert_eq!(ui.dice().purpose, MORALE_1_2);
    snapshot(&ui, "dice_morale_check");
}

#[test]
fn snapshot_the_close_combat_prompt_between_shots() {
    let mut ui = Ui::in_action_phase();
    ui.keys("d")
        .select("1-1")
        .keys("cg11")
        .in_contact()
        .enter()
        .face("4")
        .face("2");
    assert_eq!(ui.dice().purpose, CC_SHOTS[2]);
    snapshot(&ui, "dice_close_combat");
    // A refusal shows in the prompt.
    ui.face("11");
    assert_eq!(ui.message().1, Level::Error);
    snapshot(&ui, "dice_close_combat_refused");
}

#[test]
fn ending_a_phase_while_stands_may_still_act_asks_once_and_changes_nothing_until_yes() {
    // Given the attacker's action phase, with 1-1 already Finished by its fire.
    let mut ui = Ui::in_action_phase();
    fire_by_keys(&mut ui, "1-1", "g11", "12");
    let b = ui.app.battle();
    let finished = |u: usize| b.state().units[u].marker("finished").is_some();
    let expected: Vec<usize> = (0..b.roster.units.len())
        .filter(|&u| b.roster.units[u].side == 0 && b.state().units[u].on_table() && !finished(u))
        .collect();
    assert!(!expected.is_empty() && !expected.contains(&b.roster.unit_index("1-1").unwrap()));
    let bytes = ui.journal_bytes();

    // When the umpire presses `n`, the program asks, naming how many and the first of them,
    ui.keys("n");
    let Mode::EndPhase { waiting } = &ui.app.mode else {
        panic!("expected the question, found {:?}", ui.app.mode)
    };
    assert_eq!(waiting, &expected);
    let question = screen(&ui.app, 120, 40);
    assert!(
        question.contains(&format!(
            "{} stands have not acted (60mm, 81mm, p47, …) — end the phase? [y/N]",
            expected.len()
        )),
        "{question}"
    );
    snapshot(&ui, "end_phase_question");
    // and nothing is written while it asks.
    assert_eq!(ui.journal_bytes(), bytes);

    // Any other key goes on with the phase, and says so.
    ui.keys("j");
    assert!(matches!(ui.app.mode, Mode::Main));
    assert_eq!(ui.app.battle().state().phase, "action");
    assert_eq!(ui.journal_bytes(), bytes);
    assert_eq!(
        ui.message(),
        (
            format!("the phase goes on: {} stands may still act", expected.len()).as_str(),
            Level::Info
        )
    );

    // `n` asks again; `n` and enter are no answers: the phase goes on.
    for no in [KeyCode::Char('n'), KeyCode::Enter] {
        ui.keys("n").key(no);
        assert!(matches!(ui.app.mode, Mode::Main));
        assert_eq!(ui.journal_bytes(), bytes);
    }
    // `y` ends it, and the defender's turn begins.
    ui.keys("ny");
    assert!(matches!(ui.app.mode, Mode::Result { .. }));
    assert_eq!(ui.app.battle().state().active, 1);
    assert!(ui.journal_bytes() > bytes);
}

#[test]
fn ending_a_phase_when_no_stand_may_act_asks_nothing() {
    // Given the attacker's action phase with every one of its stands Finished,
    let mut ui = Ui::in_action_phase();
    let ids: Vec<String> = {
        let b = ui.app.battle();
        b.roster
            .units
            .iter()
            .filter(|u| u.side == 0)
            .map(|u| u.id.clone())
            .collect()
    };
    for unit in ids {
        ui.app
            .session
            .execute(
                &umpire::battle::Command::SetMarker {
                    unit,
                    marker: "finished".into(),
                    value: Some(1),
                },
                None,
                clock(),
            )
            .unwrap();
    }
    assert!(ui.app.battle().still_to_act().is_empty());
    // `n` ends the phase at once.
    ui.keys("n");
    assert!(matches!(ui.app.mode, Mode::Result { .. }));
    assert_eq!(ui.app.battle().state().active, 1);
}
