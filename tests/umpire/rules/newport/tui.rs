//! Newport's procedures on the umpire's screen, driven through the real [`App`] on the demo
//! battle (a journal in a temporary directory, a fixed seed and clock, the built-in keys, colour
//! off): each procedure's form with its exact odds, drawn at every size; a fire typed and refused;
//! the opportunity fire a move offers, its chooser and its form; the dice a phase change's morale
//! checks, a command roll and a close combat ask for one by one; and the battle after an
//! opportunity fire. Snapshots at 120×40 and 80×24, the journal's path replaced by a fixed word.

use crate::support::cli::{NEWPORT_COMPANY, Played};
use crate::support::tui::*;
use chrono::{DateTime, TimeZone, Utc};
use std::path::PathBuf;
use tempfile::TempDir;
use umpire::battle::journal::Journal;
use umpire::battle::session::{DiceMode as RecordDice, Header, Record, Session};
use umpire::battle::{Entry, Event, EventKind};
use umpire::cli::play::{DEMO_NAME, DEMO_SCENARIO};
use umpire::declare::Value;
use umpire::dice::Die;
use umpire::model::Effect;
use umpire::rules::newport::Newport;
use umpire::tui::App;
use umpire::tui::app::{DiceRun, GivenFace, Level, Mode};
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
}

// ---- drawing ----------------------------------------------------------------------------------

/// Snapshots the screen at 120×40 and at 80×24.
fn snapshot(ui: &Ui, name: &str) {
    for (w, h) in [(120, 40), (80, 24)] {
        insta::assert_snapshot!(format!("{name}_{w}x{h}"), screen(&ui.app, w, h));
    }
}

// ---- snapshots --------------------------------------------------------------------------------

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

/// Draws each screen at every width 0..=120 and height 0..=40 on one reused terminal.
fn draw_at_every_size(screens: &[Screen]) {
    let started = std::time::Instant::now();
    for screen in screens {
        let mut ui = Ui::in_action_phase();
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
fn every_size_fire_close_combat_air_artillery_forms() {
    draw_at_every_size(&procedure_forms()[..5]);
}

#[test]
fn every_size_smoke_move_panic_rally_command_roll_forms() {
    draw_at_every_size(&procedure_forms()[5..]);
}

// ---- the journal ------------------------------------------------------------------------------

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

// ---- the opportunity fire a move offers ---------------------------------------------------------

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

// ---- after an opportunity fire ----------------------------------------------------------------

/// The company action's journal on the umpire's screen, colour off.
struct Resumed {
    app: App,
}

impl Keys for Resumed {
    fn app_mut(&mut self) -> &mut App {
        &mut self.app
    }
    fn app(&self) -> &App {
        &self.app
    }
}

/// The umpire's screen on `b`'s battle, colour off.
fn resumed(b: &Played) -> Resumed {
    let (session, _) = Session::resume(&b.journal).unwrap();
    let keymap = Keymap::defaults(session.battle().ruleset);
    let clock = || Utc.with_ymd_and_hms(1809, 4, 20, 18, 0, 0).unwrap();
    let mut app = App::new(session, keymap, clock);
    app.color = false;
    Resumed { app }
}

#[test]
fn after_opportunity_fire_the_selection_stays_and_the_report_names_the_firers_side() {
    let b = Played::battle(NEWPORT_COMPANY, "next\n");
    {
        let mut ui = resumed(&b);
        assert_eq!(ui.app.battle().state().phase, "action");
        // 1-2 moves; the Germans' opportunity fire is taken up with o.
        ui.keys(":1-2").enter().keys("m").enter().keys("o").enter();
        let form = match &ui.app.mode {
            Mode::Form(f) => f,
            other => panic!("no form: {other:?}"),
        };
        assert_eq!(form.action.id, "fire");
        ui.keys("4").enter();
        assert!(
            matches!(ui.app.mode, Mode::Result { .. }),
            "{:?}",
            ui.app.mode
        );
        ui.esc();
        let selected = ui
            .app
            .selected_unit()
            .map(|u| ui.app.battle().roster.units[u].id.clone());
        assert_eq!(selected.as_deref(), Some("1-2"), "the selection stays");
        for (w, h) in [(120, 40), (80, 24)] {
            insta::assert_snapshot!(
                format!("after_opportunity_fire_{w}x{h}"),
                screen(&ui.app, w, h)
            );
        }
    }
    // In the report, the move is the Americans' and the opportunity fire the Germans'.
    let md = b.report("md", &[]);
    let lines: Vec<&str> = md
        .lines()
        .filter(|l| l.contains("fires at") || l.contains("moves"))
        .collect();
    let fire = lines
        .iter()
        .find(|l| l.contains("fires at"))
        .unwrap_or_else(|| panic!("{md}"));
    assert!(
        fire.contains("*5\\. Kompanie, Grenadier-Regiment 916*"),
        "{fire}\n{md}"
    );
    assert!(!fire.contains("116th Infantry*"), "{fire}");
}

// ---- a result reopened from the log ------------------------------------------------------------

/// A fire reopened from the log reads as it did when it was made, but for the offer it left
/// standing then (who may take it up now is not said again).
#[test]
fn a_reopened_fire_leaves_out_the_offer_it_left_standing() {
    let mut ui = Ui::in_action_phase();
    ui.select("1-1").keys("fg11").tab().keys("12");
    ui.tab_to_dice().keys("3").enter();
    let made_screen = screen(&ui.app, 120, 40);
    assert!(made_screen.contains("Result (on disk)"));
    ui.esc().keys("Nmortars ranging on the orchard").enter();
    ui.select("1-2").keys("m").enter().esc();
    // The keys to the log; up to the fire (entry 3); enter.
    ui.key(ratatui::crossterm::event::KeyCode::Tab);
    for _ in 0..2 {
        ui.key(ratatui::crossterm::event::KeyCode::Up);
    }
    ui.enter();
    assert_eq!(ui.app.log.opened, Some(2));
    let reopened = screen(&ui.app, 120, 40);
    assert!(
        reopened.contains("Entry 3 · from the journal"),
        "{reopened}"
    );
    // The popup (columns 11 to 108 at 120 columns, inside its borders) below its title.
    let popup = |s: &str| -> Vec<String> {
        s.lines()
            .map(|l| l.chars().skip(12).take(98).collect::<String>())
            .skip_while(|l| !l.contains("1st Squad, 1st Platoon (1-1) fires at"))
            .take_while(|l| !l.contains('─'))
            .collect()
    };
    let (a, b) = (popup(&made_screen), popup(&reopened));
    assert!(a.iter().any(|l| l.contains("roll:")), "{a:#?}");
    assert_eq!(a[..b.len()], b[..]);
    assert!(a[b.len()..].concat().contains("may take it up"), "{a:#?}");
}
