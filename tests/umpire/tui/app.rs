//! The terminal UI driven through its real [`App`]: keys and mouse events in, ratatui's
//! `TestBackend` out. Grid skirmish's crossroads runs on a journal in a temporary directory with a
//! fixed seed, a fixed clock and the built-in keys, with colour off. What Grid has none of — a
//! marker that holds a value, a choice of more than two in a form, dice thrown as the phase
//! changes — is shown on Newport's demo battle. (Newport's own forms, offers and dice:
//! `rules::newport::tui`.)
//!
//! - Snapshots (insta, in `tests/umpire/tui/snapshots/`) show every screen at 120×40 and 80×24.
//!   The parts that change from one machine or run to the next — the journal's temporary path and
//!   the user's key file — are replaced by fixed words.
//! - Every screen is drawn at every size from 0×0 to 120×40 without panicking.
//! - Short battles played with keys are compared with the journal they wrote, and with the
//!   battle resumed from it; refused forms change nothing.

use crate::support::tui::*;
use chrono::{DateTime, TimeZone, Utc};
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
use umpire::tui::App;
use umpire::tui::app::{DiceRun, GivenFace, Level, Mode, Prompt, Row};
use umpire::tui::form::Form;
use umpire::tui::keymap::Keymap;

// ---- the battle in the UI ----------------------------------------------------------------------

const SEED: u64 = 7;

/// Grid skirmish's crossroads: Blue (1st and 2nd Rifles, a tank) against Red (Red Rifles and two
/// tanks), six turns of a move phase and a fire phase a side.
const CROSSROADS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/rosters/grid-crossroads.toml"
));

/// The one time of this battle: the header and every record carry it.
fn clock() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2024, 7, 14, 6, 0, 0).unwrap()
}

/// A battle in the UI, with key helpers that return `self` so a line reads as the keys the umpire
/// types.
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
    /// The crossroads at its start: Blue's move phase.
    fn new() -> Self {
        Self::of("grid-crossroads.toml", CROSSROADS)
    }

    /// The crossroads in Blue's fire phase (`n`, then the result closed).
    fn in_fire_phase() -> Self {
        let mut ui = Self::new();
        ui.keys("n").esc();
        assert_eq!(ui.app.battle().state().phase, "fire");
        ui
    }

    /// Newport's demo battle in the attacker's action phase (its first phase is carried out by
    /// the program; `n`, then the result closed).
    fn newport_in_action_phase() -> Self {
        let mut ui = Self::of(DEMO_NAME, DEMO_SCENARIO);
        ui.keys("n").esc();
        assert_eq!(ui.app.battle().state().phase, "action");
        ui
    }

    /// A battle of `scenario` at its start.
    fn of(name: &str, scenario: &str) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("battle.jsonl");
        let scenario = umpire::scenario::parse(name, scenario).unwrap();
        let keymap = Keymap::defaults(scenario.ruleset);
        let session = Session::create(scenario, &path, SEED, clock()).unwrap();
        let mut app = App::new(session, keymap, clock);
        app.color = false;
        Self {
            app,
            path,
            _dir: dir,
        }
    }

    /// Ends the phase: `n`, and `y` when the program asks first because units may still act.
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
    assert_eq!(ui.app.battle().state().phase, "fire");
    snapshot(&ui, "main_fire_phase");
}

#[test]
fn snapshot_a_form_then_its_exact_odds() {
    let mut ui = Ui::in_fire_phase();
    ui.select("b1").keys("f");
    assert_eq!(ui.form().action.id, "fire");
    snapshot(&ui, "fire_form");
    ui.keys("r1").tab().keys("2");
    assert!(matches!(ui.form().odds, umpire::tui::form::Odds::Ready(_)));
    snapshot(&ui, "fire_form_odds");
}

#[test]
fn snapshot_a_result_with_typed_dice() {
    let mut ui = Ui::in_fire_phase();
    ui.select("bt")
        .keys("frt1")
        .tab()
        .keys("8")
        .tab_to_dice()
        .keys("6 5 1");
    snapshot(&ui, "fire_form_typed_dice");
    ui.enter();
    assert!(matches!(ui.app.mode, Mode::Result { .. }));
    snapshot(&ui, "fire_result");
}

#[test]
fn snapshot_a_refusal_shown_in_the_form() {
    let mut ui = Ui::in_fire_phase();
    ui.select("b1")
        .keys("fr1")
        .tab()
        .keys("2")
        .tab_to_dice()
        .keys("5 2")
        .enter();
    ui.esc().select("b2").keys("fb1").tab().keys("2").enter();
    let error = ui.form().error.clone().expect("the refusal");
    assert!(error.contains("is a friend: fire at the enemy"), "{error}");
    snapshot(&ui, "fire_refused_friend");
    // A bad face is refused too; at 80×24 the form scrolls to show the dice field and the reason.
    ui.esc()
        .keys("fr1")
        .tab()
        .keys("2")
        .tab_to_dice()
        .keys("7 1")
        .enter();
    let error = ui.form().error.clone().expect("the refusal");
    assert!(error.contains("7 is not a face of a d6"), "{error}");
    snapshot(&ui, "fire_refused_face");
    // b1 has fired: its fire is refused as soon as the form opens on it.
    ui.esc().select("b1").keys("f");
    let refusal = ui.form().refusal.clone().expect("refused at once");
    assert!(refusal.contains("has fired this turn"), "{refusal}");
    assert_eq!(ui.form().fields[ui.form().focus].def.name, "target");
    snapshot(&ui, "early_refusal");
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
    let mut ui = Ui::in_fire_phase();
    ui.select("b1").keys("x");
    assert!(matches!(ui.app.mode, Mode::Markers));
    snapshot(&ui, "markers");
}

#[test]
fn snapshot_prompts() {
    let mut ui = Ui::in_fire_phase();
    ui.keys("/tank o");
    assert_eq!(ui.selected(), Some("rt1"), "search moves as it is typed");
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

/// A screen of the UI: its name, and the keys that bring it up in Blue's fire phase.
struct Screen {
    name: &'static str,
    keys: fn(&mut Ui),
}

/// The screens of the battle, each with its keys in Blue's fire phase.
fn other_screens() -> Vec<Screen> {
    vec![
        Screen {
            name: "main",
            keys: |ui| {
                ui.select("b1").keys("fr1").tab().keys("2");
                ui.tab_to_dice().keys("5 2").enter().esc();
            },
        },
        Screen {
            name: "form",
            keys: |ui| {
                ui.select("bt").keys("frt1").tab().keys("8");
            },
        },
        Screen {
            name: "form refused",
            keys: |ui| {
                ui.select("b1").keys("fr1").tab().keys("2");
                ui.tab_to_dice().keys("7 1").enter();
            },
        },
        Screen {
            // A tank's fire beyond the long range: the longest explanation.
            name: "result",
            keys: |ui| {
                ui.select("bt").keys("frt1").tab().keys("8").enter();
            },
        },
        Screen {
            // The die prompt of typed dice, between two of the tank's three dice.
            name: "dice",
            keys: |ui| {
                ui.keys("d")
                    .select("bt")
                    .keys("frt1")
                    .tab()
                    .keys("8")
                    .enter();
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
                ui.select("b1").keys("x");
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
        let mut ui = Ui::in_fire_phase();
        (screen.keys)(&mut ui);
        crate::support::tui::draw_at_every_size(screen.name, &ui.app);
    }
    eprintln!(
        "{} screen(s) at each of 121×41 sizes: {:.1?}",
        screens.len(),
        started.elapsed()
    );
}

#[test]
fn every_size_main_form_result_dice_help_markers_prompt() {
    draw_at_every_size(&other_screens());
}

#[test]
fn every_size_log_with_its_keys_searched_and_a_reopened_result() {
    draw_at_every_size(&[
        Screen {
            name: "log searched",
            keys: |ui| {
                ui.select("b1").keys("fr1").tab().keys("2").enter().esc();
                ui.keys("u")
                    .app
                    .on_key(KeyEvent::new(KeyCode::Tab, KeyModifiers::NONE));
                ui.keys("/fires");
            },
        },
        Screen {
            name: "reopened result",
            keys: |ui| {
                ui.select("bt").keys("frt1").tab().keys("8").enter().esc();
                ui.app
                    .on_key(KeyEvent::new(KeyCode::Tab, KeyModifiers::NONE));
                ui.enter();
            },
        },
    ]);
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
    // Blue's move phase records nothing: `n` goes on to its fire phase.
    ui.keys("n").esc();
    // b1 fires at r1, 2 squares away; the umpire types the dice thrown at the table: 5 and 2.
    ui.select("b1").keys("f").keys("r1").tab().keys("2");
    ui.tab_to_dice().keys("5 2").enter();
    assert!(matches!(ui.app.mode, Mode::Result { .. }));
    ui.esc();
    // The tank fires at Red tank one, 8 squares away (beyond the long range), with 6, 6 and 1.
    ui.select("bt").keys("f").keys("rt1").tab().keys("8");
    ui.tab_to_dice().keys("6 6 1").enter().esc();
    // Undo that shot, and put it back.
    ui.keys("u");
    let (said, level) = ui.message();
    assert_eq!(level, Level::Info);
    assert_eq!(
        said, "undone: bt → Red tank one (rt1): 2 hits",
        "the status line says what was taken back as the log does, first and short"
    );
    ui.keys("U");
    assert!(
        ui.message()
            .0
            .starts_with("redone: bt → Red tank one (rt1)")
    );
    // A note, a shot with the program's dice, and the end of Blue's turn.
    ui.keys("Nmortars ranging on the orchard").enter();
    ui.select("b2")
        .keys("f")
        .keys("rt2")
        .tab()
        .keys("3")
        .enter()
        .esc();
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
            "act fire",
            "undo",
            "redo",
            "note { text: \"mortars ranging on the orchard\" }",
            "act fire",
            "advance",
        ]
    );
    for (i, r) in records.iter().enumerate() {
        assert_eq!(r.seq, i as u64 + 1);
        assert_eq!(r.at, clock());
    }

    // The advance into the fire phase.
    assert!(event(&records[1]).effects.contains(&Effect::Phase {
        turn: 1,
        side: "blue".into(),
        phase: "fire".into()
    }));

    // The fire, as typed, with its dice, its marker and its hit.
    let fire = act(&records[2], "fire");
    assert_eq!(fire.get("firer"), Some(&text("b1")));
    assert_eq!(fire.get("target"), Some(&text("r1")));
    assert_eq!(fire.get("range"), Some(&Value::Int(2)));
    assert_eq!(fire.get("cover"), Some(&Value::Bool(false)));
    assert_eq!(faces(&records[2]), [5, 2]);
    assert_eq!(records[2].dice_mode(), Some(RecordDice::Typed));
    assert_eq!(
        event(&records[2]).effects,
        [
            marker("b1", "fired", Some(1)),
            Effect::Hits {
                unit: "r1".into(),
                hits: 1
            }
        ]
    );

    // The tank's fire: three dice, two hits.
    assert_eq!(act(&records[3], "fire").get("firer"), Some(&text("bt")));
    assert_eq!(faces(&records[3]), [6, 6, 1]);
    assert_eq!(
        event(&records[3]).effects,
        [
            marker("bt", "fired", Some(1)),
            Effect::Hits {
                unit: "rt1".into(),
                hits: 2
            }
        ]
    );

    // The shot with the program's dice: its first two from seed 7, the generator moved on.
    assert_eq!(act(&records[7], "fire").get("firer"), Some(&text("b2")));
    let mut seeded = SeededDice::new(SEED);
    let first: Vec<u8> = (0..2)
        .map(|_| seeded.roll(Die::D6, "fire").unwrap())
        .collect();
    assert_eq!(faces(&records[7]), first);
    assert!(records[7].dice.unwrap().word_pos > 0);

    // The end of the turn: Red's move phase begins.
    let end = &event(&records[8]).effects;
    assert!(end.contains(&Effect::Phase {
        turn: 1,
        side: "red".into(),
        phase: "move".into()
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

/// (On Newport's demo battle: a leader's turn marker asks its value, and Grid's one marker holds
/// none.)
#[test]
fn markers_and_hits_set_by_hand_are_journal_edits() {
    let mut ui = Ui::newport_in_action_phase();
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
    let mut ui = Ui::in_fire_phase();
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

/// A note long enough to take a second row of the log at 80 columns.
const NOTE: &str = "mortars ranging on the orchard beyond the crossroads, where the red tanks wait";

/// The crossroads with a fire (b1 at r1, typed 5 and 2), the tank's fire (at rt1, typed 6, 6 and
/// 1), that fire undone and put back, and a note: entries 3 to 7.
fn battle_with_a_past() -> Ui {
    let mut ui = Ui::in_fire_phase();
    ui.select("b1").keys("fr1").tab().keys("2");
    ui.tab_to_dice().keys("5 2").enter().esc();
    ui.select("bt").keys("frt1").tab().keys("8");
    ui.tab_to_dice().keys("6 6 1").enter().esc();
    ui.keys("u").keys("U");
    ui.keys("N").keys(NOTE).enter();
    assert_eq!(ui.app.battle().history().entries().len(), 7);
    ui
}

#[test]
fn undo_and_redo_lines_say_what_they_took_back_and_put_back() {
    let ui = battle_with_a_past();
    let shot = "bt fires at rt1: 2 hits";
    assert_eq!(ui.app.log_text(3), shot);
    assert_eq!(ui.app.log_text(4), format!("↶ undone: {shot}"));
    assert_eq!(ui.app.log_text(5), format!("↷ redone: {shot}"));
    // The log shows each in a few words, what happened first.
    let short = "bt → Red tank one (rt1): 2 hits";
    assert_eq!(ui.app.log_line(3), short);
    let rows = ui.log_rows(160, 40).join("\n");
    assert!(rows.contains(&format!("  5 ↶ undone: {short}")), "{rows}");
    assert!(rows.contains(&format!("  6 ↷ redone: {short}")), "{rows}");
    // An undo with nothing to take back says so; resumed, the lines read the same.
    let mut ui = Ui::new();
    ui.keys("u");
    assert_eq!(ui.message(), ("nothing to undo", Level::Error));
    let mut ui = battle_with_a_past();
    ui.keys("u").keys("u");
    assert_eq!(ui.app.log_text(7), format!("↶ undone: Note: {NOTE}"));
    assert_eq!(
        ui.app.log_text(8),
        format!("↶ undone: {shot}"),
        "the second undo takes back the shot put back"
    );
    let texts: Vec<String> = (0..9).map(|i| ui.app.log_text(i)).collect();
    let Ui { app, path, _dir } = ui;
    drop(app);
    let (session, _) = Session::resume(&path).unwrap();
    let keymap = Keymap::defaults(session.battle().ruleset);
    let resumed = App::new(session, keymap, clock);
    let again: Vec<String> = (0..9).map(|i| resumed.log_text(i)).collect();
    assert_eq!(again, texts);
}

#[test]
fn a_past_result_reopens_with_the_explanation_it_had_when_it_was_made() {
    let mut ui = Ui::in_fire_phase();
    ui.select("b1").keys("fr1").tab().keys("2");
    ui.tab_to_dice().keys("5 2").enter();
    let made = ui.shown_event().clone();
    assert!(!made.resolutions.is_empty());
    let made_screen = screen(&ui.app, 120, 40);
    ui.esc().keys("Nmortars ranging on the orchard").enter();
    ui.select("bt").keys("frt1").tab().keys("8");
    ui.tab_to_dice().keys("6 6 1").enter().esc();
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
            .skip_while(|l| !l.contains("b1 fires at r1"))
            .take_while(|l| !l.contains('─'))
            .collect()
    };
    let (a, b) = (popup(&made_screen), popup(&reopened));
    assert!(a.iter().any(|l| l.contains("dice:")), "{a:#?}");
    // Nothing stood offered after it: the whole explanation reads the same.
    assert_eq!(a, b);
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
        Some("bt"),
        "the arrows move the roster again"
    );
}

#[test]
fn an_undo_entry_reopens_what_it_took_back_marked_undone() {
    let mut ui = battle_with_a_past();
    ui.keys("u");
    ui.key(KeyCode::Tab).enter();
    assert_eq!(ui.app.log.opened, Some(6), "the note the undo took back");
    assert_eq!(ui.message().0, "entry 8 took back entry 7");
    let shown = screen(&ui.app, 120, 40);
    assert!(
        shown.contains("Entry 7 · from the journal · undone since"),
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
    assert!(ui.shown_event().summary.starts_with("bt fires at rt1"));
}

#[test]
fn the_log_is_searched_and_the_selection_goes_from_match_to_match() {
    let mut ui = battle_with_a_past();
    // Typed, the selection goes to the newest match.
    ui.ctrl('f');
    assert!(ui.app.log.focused);
    ui.keys("rt1");
    assert_eq!(ui.app.log.cursor, 5, "the redo line names the shot");
    snapshot(&ui, "log_search");
    ui.enter();
    assert!(matches!(ui.app.mode, Mode::Main));
    assert_eq!(ui.app.log.search.as_deref(), Some("rt1"));
    ui.ctrl('n');
    assert_eq!(ui.app.log.cursor, 4);
    ui.ctrl('n');
    assert_eq!(ui.app.log.cursor, 3);
    ui.ctrl('n');
    assert_eq!(ui.app.log.cursor, 5, "round the log");
    assert!(ui.message().0.starts_with("search wrapped"));
    ui.ctrl('b');
    assert_eq!(ui.app.log.cursor, 3, "back, newer first, round the log");
    // With the log's keys, the search key searches the log; nothing found says so.
    ui.keys("/zzz");
    assert_eq!(ui.message(), ("no log entry matches \"zzz\"", Level::Error));
    ui.esc();
    // An entry by its number, and an empty search repeats the last.
    ui.keys("/3").enter();
    assert_eq!(ui.app.log.cursor, 2);
    // Without a search, next says how to start one.
    let mut fresh = Ui::in_fire_phase();
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
fn the_result_closes_on_esc_q_or_enter_and_a_command_key_is_answered_not_done() {
    let mut ui = Ui::in_fire_phase();
    ui.select("b1").keys("fr1").tab().keys("2").enter();
    assert!(matches!(ui.app.mode, Mode::Result { .. }));
    ui.keys("x");
    assert!(matches!(ui.app.mode, Mode::Result { .. }), "x is answered");
    ui.keys("q");
    assert!(matches!(ui.app.mode, Mode::Main) && !ui.app.quit);
    ui.keys("x");
    assert!(matches!(ui.app.mode, Mode::Markers));
}

/// (On Newport's demo battle: its cover is a choice of three, and Grid's one choice is filled in
/// from the battle, not asked.)
#[test]
fn arrows_move_the_roster_cursor_and_the_form_focus_and_change_a_choice() {
    let mut ui = Ui::newport_in_action_phase();
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
                ui.select("b1").keys("fr");
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
                ui.select("b1").keys("x");
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
        let mut ui = Ui::in_fire_phase();
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
    let mut ui = Ui::in_fire_phase();
    let bytes = ui.journal_bytes();
    let entries = ui.app.battle().history().entries().len();
    let state = ui.app.battle().state().clone();
    let word_pos = ui.app.session.dice().word_pos();
    // (target, range, dice, what the refusal says)
    let cases = [
        ("zzz", "2", "", "target: no unit `zzz`"),
        (
            "b2",
            "2",
            "",
            "2nd Rifles (b2) is a friend: fire at the enemy",
        ),
        ("r1", "2", "7 1", "7 is not a face of a d6"),
        ("r1", "2", "3 4 5", "1 typed face(s) were not used (5)"),
        ("r1", "2", "x", "cannot read \"x\" as dice faces"),
    ];
    for (target, range, dice, why) in cases {
        ui.select("b1").keys("f").keys(target).tab().keys(range);
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
    let mut ui = Ui::in_fire_phase();
    ui.keys(":rt").enter();
    let (said, level) = ui.message();
    assert_eq!(level, Level::Error);
    assert!(
        said.starts_with("no single unit or formation `rt`"),
        "{said}"
    );
    ui.keys(":rt2").enter();
    assert_eq!(ui.selected(), Some("rt2"), "an id is enough");
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
    let mut ui = Ui::in_fire_phase();
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
    let mut ui = Ui::in_fire_phase();
    ui.select("b1").keys("fr1").tab().keys("12");
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
    let mut ui = Ui::in_fire_phase();
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
    ui.keys("/").keys("Red").paste(" tank two");
    assert_eq!(ui.prompt_text(), "Red tank two");
    assert_eq!(ui.selected(), Some("rt2"));
}

#[test]
fn a_paste_with_a_line_break_or_a_hidden_character_is_refused_keeping_the_text() {
    let mut ui = Ui::in_fire_phase();
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
    ui.esc().paste("r1");
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
    let mut ui = Ui::in_fire_phase();
    ui.select("b1").keys("f").paste("r1");
    assert_eq!(ui.form().fields[ui.form().focus].text, "r1");
    ui.tab().paste("4");
    assert_eq!(
        ui.form().fields[ui.form().focus].text,
        "4",
        "replaces as typing does"
    );
    ui.paste("\u{2060}3");
    assert_eq!(ui.form().fields[ui.form().focus].text, "4");
    assert!(ui.form().error.as_deref().unwrap().contains("U+2060"));
    ui.paste("2");
    assert_eq!(ui.form().fields[ui.form().focus].text, "42");
    assert_eq!(ui.form().error, None);
    assert!(matches!(ui.form().odds, umpire::tui::form::Odds::Ready(_)));
}

#[test]
fn a_burst_of_two_thousand_keys_is_handled_before_one_draw() {
    let mut ui = Ui::in_fire_phase();
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
    let mut ui = Ui::in_fire_phase();
    let mut terminal = draw(&ui.app, 120, 40);
    let roster = ui.app.areas.get().roster;
    assert!(roster.height > 2, "the roster was drawn");
    let first = ui.app.areas.get().roster_first_row;
    let u = ui.app.battle().roster.unit_index("rt1").unwrap();
    let row = ui
        .app
        .rows()
        .iter()
        .position(|r| *r == Row::Unit(u))
        .unwrap();
    let y = roster.y + 1 + (row - first) as u16;
    assert!(row_text(terminal.backend().buffer(), y).contains("rt1"));
    ui.app.on_mouse(mouse(
        MouseEventKind::Down(ratatui::crossterm::event::MouseButton::Left),
        roster.x + 12,
        y,
    ));
    assert_eq!(ui.selected(), Some("rt1"));
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
    let mut ui = Ui::in_fire_phase();
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
    let mut ui = Ui::in_fire_phase();
    // b1 fired: a badge on the roster.
    ui.select("b1")
        .keys("fr1")
        .tab()
        .keys("2")
        .tab_to_dice()
        .keys("5 2");
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
        .find(|&y| row_text(buf, y).contains(" b1 "))
        .expect("b1 on the roster");
    let cells: Vec<_> = (0..buf.area.width).map(|x| &buf[(x, y)]).collect();
    let at = cells
        .windows(5)
        .position(|w| w.iter().map(|c| c.symbol()).collect::<String>() == "FIRED")
        .expect("the Fired badge");
    assert_ne!(cells[at].fg, Color::Reset, "the badge has a colour");
    assert!(
        !row_text(buf, y).contains("[FIRED]"),
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
    assert_eq!(ui.app.battle().state().phase, "fire");

    // A fire asks for its dice, one at a time; nothing is written until the last is given.
    let bytes = ui.journal_bytes();
    ui.select("b1").keys("fr1").tab().keys("2").enter();
    assert_eq!(ui.dice().die, Die::D6);
    ui.keys("6").enter();
    assert_eq!(ui.dice().given.len(), 1, "the second die is asked for");
    assert_eq!(ui.journal_bytes(), bytes);
    ui.keys("3").enter();
    assert!(matches!(ui.app.mode, Mode::Result { .. }));
    let records = ui.records();
    let last = records.last().unwrap();
    assert_eq!(act(last, "fire").get("target"), Some(&text("r1")));
    assert_eq!(faces(last), [6, 3]);
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

/// Fires with `firer` at `target` at `range` with the faces `dice` typed, closing whatever opens.
fn fire_by_keys(ui: &mut Ui, firer: &str, target: &str, range: &str, dice: &str) {
    ui.select(firer)
        .keys("f")
        .keys(target)
        .tab()
        .keys(range)
        .tab_to_dice()
        .keys(dice)
        .enter();
    // A result (or a refusal left in the form): either way, close it.
    ui.esc();
    if matches!(ui.app.mode, Mode::Form(_)) {
        ui.esc();
    }
}

#[test]
fn the_battle_played_by_keys_to_its_last_turn_ends_with_its_account() {
    let mut ui = Ui::new();
    let last = ui.app.battle().state().turn_limit.unwrap();
    assert_eq!(last, 6, "the crossroads is six turns long");
    while !ui.app.battle().state().is_over() {
        // Each side's move phase and fire phase, a shot in each fire phase, each phase ended by
        // `n`; the shots miss (a 1 and a 3).
        ui.end_phase();
        if matches!(ui.app.mode, Mode::Summary) {
            break;
        }
        ui.esc();
        let b = ui.app.battle();
        if b.state().phase == "fire" {
            match b.state().active {
                0 => fire_by_keys(&mut ui, "b1", "r1", "2", "1 3"),
                _ => fire_by_keys(&mut ui, "r1", "b1", "2", "1 3"),
            }
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
        shown.contains("The battle is over: 6 turns played, the last was turn 6."),
        "{shown}"
    );
    for side in &account.sides {
        // Grid has no leaders: the account does not count them.
        assert_eq!(side.leaders, 0);
        let figures = format!(
            "{} units · {} in play · {} lost · {} hits taken",
            side.units, side.in_play, side.lost, side.hits
        );
        assert!(shown.contains(&figures), "{figures} not in\n{shown}");
        assert!(screen(&ui.app, 80, 24).contains(&figures), "at 80×24 too");
        assert!(!shown.contains("leaders lost"), "{shown}");
    }
    snapshot(&ui, "battle_over_summary");

    // Over: `n` and a procedure are refused; the summary comes back on `n`.
    ui.esc();
    ui.keys("n");
    assert!(matches!(ui.app.mode, Mode::Summary));
    ui.esc();
    ui.select("b2").keys("f");
    assert!(matches!(ui.app.mode, Mode::Main), "no form opens");
    let (said, level) = ui.message();
    assert_eq!(level, Level::Error);
    assert!(
        said.starts_with("the battle is over: turn 6 was its last"),
        "{said}"
    );

    // `e` on the account extends the battle by a turn, logged; play goes on.
    ui.keys("n").keys("e");
    assert!(!ui.app.battle().state().is_over());
    assert_eq!(ui.app.battle().state().turn_limit, Some(7));
    let last_record = ui.records().pop().unwrap();
    let Entry::Event(ev) = &last_record.entry else {
        panic!("{last_record:?}")
    };
    assert!(
        ev.summary.contains("extends the battle by 1 turn"),
        "{}",
        ev.summary
    );
    assert!(screen(&ui.app, 120, 40).contains("Turn 7/7"));
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
        die: Die::D6,
        face,
        purpose: purpose.into(),
    }
}

/// What each die of the tank's fire at 8 squares (beyond the long range) is for.
const TANK_SHOT: &str = "bt fires: hits on 5+";

const MORALE_1_1: &str = "1-1 morale check, green: improves on 6 or more";
const MORALE_1_2: &str = "1-2 morale check, green: improves on 6 or more";

/// (On Newport's demo battle: its phase change asks for morale checks, and Grid's rolls nothing.)
#[test]
fn backspace_at_an_empty_die_prompt_takes_back_the_previous_face() {
    let mut ui = Ui::newport_in_action_phase();
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
fn faces_typed_in_the_form_go_first_and_the_prompt_asks_for_the_rest() {
    let mut ui = Ui::in_fire_phase();
    ui.keys("d")
        .select("bt")
        .keys("frt1")
        .tab()
        .keys("8")
        .tab_to_dice()
        .keys("4")
        .enter();
    assert_eq!(ui.dice().purpose, TANK_SHOT);
    assert_eq!(ui.dice().given, [given(4, TANK_SHOT)]);
    // Several faces may be typed at the prompt too.
    ui.face("2 5");
    let records = ui.records();
    assert_eq!(faces(records.last().unwrap()), [4, 2, 5]);
    // Too many faces are refused, naming those left over, and nothing is written.
    let bytes = ui.journal_bytes();
    ui.esc()
        .select("b1")
        .keys("fr1")
        .tab()
        .keys("2")
        .enter()
        .face("1 6 6 6");
    assert_eq!(
        ui.message(),
        (
            "2 typed face(s) were not used (6 6); this resolution needed 2",
            Level::Error
        )
    );
    assert_eq!(ui.dice().text, "1 6 6 6");
    assert_eq!(ui.journal_bytes(), bytes);
}

#[test]
fn an_impossible_face_is_refused_as_typed_keeping_the_prompt() {
    let mut ui = Ui::in_fire_phase();
    ui.keys("d")
        .select("b1")
        .keys("fr1")
        .tab()
        .keys("2")
        .enter();
    let asked = ui.dice().purpose.clone();
    let bytes = ui.journal_bytes();
    ui.face("7");
    assert_eq!(
        ui.message(),
        ("7 is not a face of a d6 (faces are 1-6)", Level::Error)
    );
    assert_eq!(ui.dice().purpose, asked);
    assert_eq!(ui.dice().text, "7", "the face stays as typed");
    assert!(ui.dice().given.is_empty());
    // A letter is not a face; it is refused without being typed.
    ui.keys("x");
    assert_eq!(ui.message().1, Level::Error);
    assert_eq!(ui.dice().text, "7");
    assert_eq!(ui.journal_bytes(), bytes);
    // Corrected, it is taken.
    ui.key(KeyCode::Backspace).face("3").face("4");
    assert!(matches!(ui.app.mode, Mode::Result { .. }));
    assert_eq!(faces(ui.records().last().unwrap()), [3, 4]);
}

#[test]
fn faces_pasted_at_the_die_prompt_are_typed_and_anything_else_is_refused() {
    let mut ui = Ui::in_fire_phase();
    ui.keys("d")
        .select("bt")
        .keys("frt1")
        .tab()
        .keys("8")
        .enter()
        .paste("4, 2");
    assert_eq!(ui.dice().text, "4, 2");
    ui.paste("\n6").paste("x");
    assert_eq!(ui.dice().text, "4, 2", "refused whole");
    assert_eq!(ui.message().1, Level::Error);
    ui.enter();
    assert_eq!(ui.dice().purpose, TANK_SHOT);
    assert_eq!(ui.dice().given.len(), 2);
}

#[test]
fn esc_at_the_die_prompt_cancels_the_whole_command_and_writes_nothing() {
    let mut ui = Ui::in_fire_phase();
    ui.keys("d")
        .select("bt")
        .keys("frt1")
        .tab()
        .keys("8")
        .enter()
        .face("4")
        .face("2");
    let bytes = ui.journal_bytes();
    let state = ui.app.battle().state().clone();
    ui.esc();
    assert!(matches!(ui.app.mode, Mode::Main));
    assert_eq!(
        ui.message(),
        ("cancelled: fire not resolved, nothing written", Level::Info)
    );
    assert_eq!(ui.journal_bytes(), bytes);
    assert_eq!(ui.app.battle().state(), &state);
    // Backspace before the first face goes back to the form, its inputs kept.
    ui.keys("frt1")
        .tab()
        .keys("8")
        .enter()
        .key(KeyCode::Backspace);
    assert_eq!(ui.form().action.id, "fire");
    assert!(ui.form().fields.iter().any(|f| f.text == "rt1"));
    assert_eq!(ui.journal_bytes(), bytes);
}

#[test]
fn snapshot_the_die_prompt_between_dice() {
    let mut ui = Ui::in_fire_phase();
    ui.keys("d")
        .select("bt")
        .keys("frt1")
        .tab()
        .keys("8")
        .enter()
        .face("4")
        .face("2");
    assert_eq!(ui.dice().purpose, TANK_SHOT);
    assert_eq!(ui.dice().given.len(), 2);
    snapshot(&ui, "dice_between_dice");
    // A refusal shows in the prompt.
    ui.face("7");
    assert_eq!(ui.message().1, Level::Error);
    snapshot(&ui, "dice_refused");
}

#[test]
fn ending_a_phase_while_units_may_still_act_asks_once_and_changes_nothing_until_yes() {
    // Given Blue's fire phase, with b1 already marked for its fire.
    let mut ui = Ui::in_fire_phase();
    fire_by_keys(&mut ui, "b1", "r1", "2", "5 2");
    let b = ui.app.battle();
    let fired = |u: usize| b.state().units[u].marker("fired").is_some();
    let expected: Vec<usize> = (0..b.roster.units.len())
        .filter(|&u| b.roster.units[u].side == 0 && b.state().units[u].on_table() && !fired(u))
        .collect();
    let ids: Vec<&str> = expected
        .iter()
        .map(|&u| b.roster.units[u].id.as_str())
        .collect();
    assert_eq!(ids, ["b2", "bt"]);
    let bytes = ui.journal_bytes();

    // When the umpire presses `n`, the program asks, naming how many and which,
    ui.keys("n");
    let Mode::EndPhase { waiting } = &ui.app.mode else {
        panic!("expected the question, found {:?}", ui.app.mode)
    };
    assert_eq!(waiting, &expected);
    let question = screen(&ui.app, 120, 40);
    assert!(
        question.contains("2 units have not acted (b2, bt) — end the phase? [y/N]"),
        "{question}"
    );
    snapshot(&ui, "end_phase_question");
    // and nothing is written while it asks.
    assert_eq!(ui.journal_bytes(), bytes);

    // Any other key goes on with the phase, and says so.
    ui.keys("j");
    assert!(matches!(ui.app.mode, Mode::Main));
    assert_eq!(ui.app.battle().state().phase, "fire");
    assert_eq!(ui.journal_bytes(), bytes);
    assert_eq!(
        ui.message(),
        ("the phase goes on: 2 units may still act", Level::Info)
    );

    // `n` asks again; `n` and enter are no answers: the phase goes on.
    for no in [KeyCode::Char('n'), KeyCode::Enter] {
        ui.keys("n").key(no);
        assert!(matches!(ui.app.mode, Mode::Main));
        assert_eq!(ui.journal_bytes(), bytes);
    }
    // `y` ends it, and Red's turn begins.
    ui.keys("ny");
    assert!(matches!(ui.app.mode, Mode::Result { .. }));
    assert_eq!(ui.app.battle().state().active, 1);
    assert!(ui.journal_bytes() > bytes);
}

#[test]
fn ending_a_phase_when_no_unit_may_act_asks_nothing() {
    // Given Blue's fire phase with every one of its units marked as having fired,
    let mut ui = Ui::in_fire_phase();
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
                    marker: "fired".into(),
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
