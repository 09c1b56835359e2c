//! The umpire's screen with its secrets hidden (`S`), for the moment players lean over the
//! laptop: driven through the real [`App`] with keys on Scruby's learning game, where each side
//! hides a column behind its concealment stand 1 (the Austrians au-lt, au-l1, au-gun, au-gr and
//! au-l2; the French fr-l2, fr-l3, fr-gr and fr-cui-b).
//!
//! With the secrets hidden, no screen (every roster line selected in turn, at 120×40 and 80×24)
//! names a concealed unit or shows a private note, and the header says so plainly; `S` again
//! brings everything back. The log lists only what everyone may see, its search finds nothing
//! else; a form naming a concealed unit shows no odds, and its result says only that it is
//! hidden; the cursor on a line that goes moves to its stand or formation; go-to finds only the
//! units in the open; the battle's account counts only them.
//!
//! Battles run on journals in temporary directories with a fixed seed, a fixed clock, the
//! built-in keys and colour off. Snapshots (insta, in `tests/umpire/tui/snapshots/`) show the
//! screen with its secrets hidden at 120×40 and 80×24, the journal's temporary path replaced by a
//! fixed word.

use crate::support::tui::*;
use chrono::{DateTime, TimeZone, Utc};
use ratatui::crossterm::event::KeyCode;
use tempfile::TempDir;
use umpire::battle::session::Session;
use umpire::model::Viewer;
use umpire::rules::scruby::Scruby;
use umpire::tui::App;
use umpire::tui::app::{Mode, Row};
use umpire::tui::form::Odds;
use umpire::tui::keymap::Keymap;

const SEED: u64 = 7;

const LEARNING: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/rosters/scruby-learning.toml"
));

/// The units behind the two stands, by id.
const HIDDEN_IDS: [&str; 9] = [
    "au-lt", "au-l1", "au-gun", "au-gr", "au-l2", "fr-l2", "fr-l3", "fr-gr", "fr-cui-b",
];

/// Words of their names that no unit in the open shares.
const HIDDEN_NAMES: [&str; 9] = [
    "Broder",
    "Nr. 12",
    "6-Pfünder",
    "Puteani",
    "Nr. 23",
    "18e régiment",
    "46e régiment",
    "Grenadiers réunis",
    "2e escadron",
];

/// The private note's words, and one of them that nothing else on the screen holds (a log line
/// may be cut before the end of the note).
const PRIVATE: &str = "the bridge at dusk is the signal";
const PRIVATE_WORD: &str = "bridge";

/// The sizes every screen is drawn at.
const SIZES: [(u16, u16); 2] = [(120, 40), (80, 24)];

fn clock() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(1809, 4, 20, 6, 0, 0).unwrap()
}

/// The learning game in the UI.
struct Ui {
    app: App,
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
    /// The learning game after the first initiative (`n`, then the result closed): the movement
    /// phase of turn 1, both columns still concealed.
    fn learning() -> Self {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("aue.jsonl");
        let scenario = umpire::scenario::parse("scruby-learning.toml", LEARNING).unwrap();
        let session = Session::create(scenario, &path, SEED, clock()).unwrap();
        let mut app = App::new(session, Keymap::defaults(&Scruby), clock);
        app.color = false;
        let mut ui = Self { app, _dir: dir };
        ui.keys("n").esc();
        assert_eq!(ui.app.battle().state().phase, "movement");
        ui
    }

    /// The learning game with a private note, a hit set by hand on a concealed Austrian
    /// regiment (for the Austrians only), and a note for everyone after them.
    fn with_secrets() -> Self {
        let mut ui = Self::learning();
        ui.keys("N").tab().keys(PRIVATE).enter();
        ui.select("au-l1").keys("+");
        ui.keys("N").keys("rain begins").enter();
        let tags: Vec<String> = (0..ui.entries())
            .map(|i| ui.app.log_text(i))
            .filter(|t| t.starts_with('['))
            .collect();
        assert_eq!(tags.len(), 2, "{tags:?}");
        assert!(
            tags[0].starts_with("[umpire only] Private note"),
            "{tags:?}"
        );
        assert!(tags[1].starts_with("[au only]"), "{tags:?}");
        ui
    }

    /// How many entries the battle's history holds.
    fn entries(&self) -> usize {
        self.app.battle().history().entries().len()
    }

    /// Ends phases (`n`, `y` when asked, the result closed) until the phase is `phase`.
    fn play_to(&mut self, phase: &str) -> &mut Self {
        for _ in 0..10 {
            if self.app.battle().state().phase == phase {
                return self;
            }
            self.keys("n");
            if matches!(self.app.mode, Mode::EndPhase { .. }) {
                self.keys("y");
            }
            if matches!(self.app.mode, Mode::Result { .. }) {
                self.esc();
            }
        }
        panic!("no {phase} phase: {:?}", self.app.message);
    }

    /// The line under the cursor: an id, `stand N`, or `hidden ID` for a unit under its stand.
    fn selected(&self) -> Option<String> {
        let r = &self.app.battle().roster;
        self.app.selected_row().map(|row| match row {
            Row::Side(s) => r.sides[s].id.clone(),
            Row::Formation(f) => r.formations[f].id.clone(),
            Row::Unit(u) => r.units[u].id.clone(),
            Row::Stand(c) => format!("stand {}", r.columns[c].number),
            Row::Concealed(u) => format!("hidden {}", r.units[u].id),
        })
    }

    /// The status line's message.
    fn message(&self) -> String {
        self.app
            .message
            .as_ref()
            .map(|(m, _)| m.clone())
            .unwrap_or_default()
    }
}

/// The secrets `screen` shows, if any: a concealed unit's id or name, the private note, or a log
/// line's tag for one side or the umpire.
fn secrets_on(screen: &str) -> Vec<&'static str> {
    HIDDEN_IDS
        .iter()
        .chain(&HIDDEN_NAMES)
        .chain(&[PRIVATE_WORD, "only]"])
        .copied()
        .filter(|s| screen.contains(s))
        .collect()
}

/// Asserts that no screen size shows a secret, and that each says the secrets are hidden.
fn assert_nothing_secret(app: &App, when: &str) {
    for (w, h) in SIZES {
        let shown = screen(app, w, h);
        assert_eq!(
            secrets_on(&shown),
            [] as [&str; 0],
            "{when} at {w}×{h}:\n{shown}"
        );
        assert!(
            shown
                .lines()
                .next()
                .is_some_and(|l| l.contains("SECRETS HIDDEN  S shows them")),
            "{when} at {w}×{h}:\n{shown}"
        );
    }
}

#[test]
fn s_hides_every_secret_on_every_line_and_s_again_shows_them() {
    let mut ui = Ui::with_secrets();
    // The umpire's view says so quietly; the private note and the Austrian edit are in the log.
    let before = screen(&ui.app, 120, 40);
    assert!(
        before.contains("umpire's view · S hides secrets"),
        "{before}"
    );
    assert!(!before.contains("SECRETS HIDDEN"), "{before}");
    assert!(before.contains(PRIVATE_WORD), "{before}");
    assert!(before.contains("[au only]"), "{before}");
    let all_rows = ui.app.rows().len();
    ui.keys("S");
    assert!(ui.app.secrets_hidden());
    assert_eq!(ui.app.viewer(), Viewer::Public);
    assert!(
        ui.message().starts_with("secrets hidden"),
        "{}",
        ui.message()
    );
    // Every roster line selected in turn, with its panel, at both sizes.
    let rows = ui.app.rows().len();
    assert!(rows < all_rows, "{rows} of {all_rows} lines");
    for i in 0..rows {
        ui.app.cursor = i;
        assert_nothing_secret(&ui.app, &format!("line {i} ({:?})", ui.selected()));
    }
    // The stands are their numbers alone.
    let shown = screen(&ui.app, 120, 40);
    assert_eq!(
        shown
            .matches("· Stand 1 · contents unseen [CONCEALED]")
            .count(),
        2,
        "{shown}"
    );
    // The public note stays in the log.
    assert!(shown.contains("Note: rain begins"), "{shown}");
    // S again: everything is back.
    ui.keys("S");
    assert!(!ui.app.secrets_hidden());
    assert!(
        ui.message().starts_with("secrets shown"),
        "{}",
        ui.message()
    );
    assert_eq!(ui.app.rows().len(), all_rows);
    let after = screen(&ui.app, 120, 40);
    assert!(after.contains("umpire's view"), "{after}");
    assert!(after.contains(PRIVATE_WORD), "{after}");
    assert!(after.contains("[au only]"), "{after}");
    ui.select("fr-gr");
    let after = screen(&ui.app, 120, 40);
    assert!(after.contains("Grenadiers réunis"), "{after}");
}

#[test]
fn snapshot_the_screen_with_its_secrets_hidden() {
    let mut ui = Ui::with_secrets();
    ui.keys("S").keys("/stand 1").enter();
    assert_eq!(ui.selected().as_deref(), Some("stand 1"));
    for (w, h) in SIZES {
        insta::assert_snapshot!(format!("secrets_hidden_{w}x{h}"), screen(&ui.app, w, h));
    }
    assert_nothing_secret(&ui.app, "the stand selected");
}

#[test]
fn the_log_lists_only_what_everyone_may_see_and_its_search_finds_nothing_else() {
    let mut ui = Ui::with_secrets();
    let n = ui.entries();
    ui.keys("S");
    // The private note and the Austrian edit are left out; the public note is numbered on.
    let listed = ui.app.log_entries();
    assert_eq!(listed.len(), n - 2);
    assert_eq!(listed.last(), Some(&(n - 1)));
    assert!(ui.app.log_text(n - 1).contains("rain begins"));
    assert_eq!(ui.app.log_number(n - 1), n - 2);
    let shown = screen(&ui.app, 120, 40);
    assert!(
        shown.contains(&format!("{:>3} Note: rain begins", n - 2)),
        "{shown}"
    );
    // The log's keys move through the entries listed alone, and open them.
    ui.tab();
    assert_eq!(ui.app.log.cursor, n - 1);
    ui.key(KeyCode::Up);
    assert!(listed.contains(&ui.app.log.cursor), "{}", ui.app.log.cursor);
    ui.enter();
    assert!(matches!(ui.app.mode, Mode::Result { .. }));
    assert_nothing_secret(&ui.app, "an entry reopened");
    ui.esc();
    // A search for the private note, or for the edit of a concealed regiment, finds nothing.
    for text in ["at dusk", "au-l1"] {
        ui.ctrl('f').keys(text).enter();
        assert!(ui.message().starts_with("no log entry matches"), "{text}");
        assert_nothing_secret(&ui.app, text);
        ui.key(KeyCode::Esc);
    }
    // The umpire's view finds it.
    ui.keys("S").ctrl('f').keys("at dusk").enter();
    assert!(ui.app.log_text(ui.app.log.cursor).contains(PRIVATE));
}

#[test]
fn a_form_on_a_concealed_unit_shows_no_odds() {
    let mut ui = Ui::learning();
    ui.play_to("rifle_fire").select("fr-lt").keys("S");
    // The French Light regiment fires at a regiment of the Austrian column.
    ui.keys("f").fill("target-unit", "au-l2").fill("range", "5");
    assert!(
        matches!(ui.form().odds, Odds::Ready(_)),
        "the odds are worked out: {:?}",
        ui.form().odds
    );
    for (w, h) in SIZES {
        let shown = screen(&ui.app, w, h);
        assert!(
            shown.contains("Odds hidden while secrets are hidden"),
            "{w}×{h}:\n{shown}"
        );
        assert!(!shown.contains('%'), "{w}×{h}:\n{shown}");
        assert!(!shown.contains("Nr. 23"), "{w}×{h}:\n{shown}");
    }
    insta::assert_snapshot!("secrets_hidden_form_80x24", screen(&ui.app, 80, 24));
    // The umpire's view shows them.
    ui.esc()
        .keys("S")
        .keys("f")
        .fill("target-unit", "au-l2")
        .fill("range", "5");
    let shown = screen(&ui.app, 120, 40);
    assert!(shown.contains('%'), "{shown}");
    assert!(shown.contains("Nr. 23"), "{shown}");
}

#[test]
fn a_result_not_for_everyone_says_only_that_it_is_hidden() {
    // A concealed French regiment changes formation with the secrets hidden: it stays
    // concealed, so the result is for the French alone and says only that it is hidden.
    let mut ui = Ui::learning();
    ui.keys("S").select("fr").keys("F");
    ui.fill("unit", "fr-gr").fill("formation", "c");
    let n = ui.entries();
    ui.enter();
    if let Mode::Form(f) = &ui.app.mode {
        panic!("refused: {:?} {:?}", f.error, f.refusal);
    }
    assert_eq!(ui.entries(), n + 1, "resolved: {}", ui.message());
    assert!(matches!(ui.app.mode, Mode::Result { .. }));
    for (w, h) in SIZES {
        let shown = screen(&ui.app, w, h);
        assert!(shown.contains("Result hidden"), "{w}×{h}:\n{shown}");
        assert_eq!(secrets_on(&shown), [] as [&str; 0], "{w}×{h}:\n{shown}");
    }
    assert!(!ui.message().contains("fr-gr"), "{}", ui.message());
    ui.esc();
    assert!(!ui.app.log_entries().contains(&n));
    // Shown again, the log lists it for the French.
    ui.keys("S");
    assert!(ui.app.log_entries().contains(&n));
    assert!(
        ui.app.log_text(n).starts_with("[fr only]"),
        "{}",
        ui.app.log_text(n)
    );
}

#[test]
fn a_private_note_typed_with_the_secrets_hidden_is_not_read_out() {
    let mut ui = Ui::learning();
    ui.keys("S").keys("N").tab().keys(PRIVATE);
    for (w, h) in SIZES {
        let shown = screen(&ui.app, w, h);
        assert!(!shown.contains(PRIVATE_WORD), "{w}×{h}:\n{shown}");
        assert!(shown.contains("(tab: public): •••••"), "{w}×{h}:\n{shown}");
    }
    ui.enter();
    assert!(ui.app.battle().history().entries().len() > 2);
    assert_nothing_secret(&ui.app, "the private note written");
    assert!(ui.message().contains("private note"), "{}", ui.message());
}

#[test]
fn the_cursor_on_a_line_that_goes_moves_to_its_stand_or_its_formation() {
    let mut ui = Ui::learning();
    // A regiment in its formation: the formation, which still has regiments in the open.
    ui.select("fr-l2").keys("S");
    assert_eq!(ui.selected().as_deref(), Some("fr-bde"));
    ui.keys("S");
    assert_eq!(ui.selected().as_deref(), Some("fr-bde"));
    // A regiment under its stand: the stand.
    ui.keys("/stand 1").enter();
    ui.key(KeyCode::Right).key(KeyCode::Right);
    assert_eq!(ui.selected().as_deref(), Some("hidden au-lt"));
    ui.keys("S");
    assert_eq!(ui.selected().as_deref(), Some("stand 1"));
}

#[test]
fn go_to_and_search_find_only_the_units_in_the_open() {
    let mut ui = Ui::learning();
    // Two squadrons start with fr-cui-: for the umpire a choice, with the secrets hidden the one
    // in the open.
    ui.select("fr-l1");
    ui.keys(":fr-cui-").enter();
    assert_eq!(ui.selected().as_deref(), Some("fr-l1"), "{}", ui.message());
    ui.keys("S").keys(":fr-cui-").enter();
    assert_eq!(ui.selected().as_deref(), Some("fr-cui-a"));
    ui.keys(":fr-gr").enter();
    assert_eq!(ui.selected().as_deref(), Some("fr-cui-a"));
    assert_nothing_secret(&ui.app, "go to a concealed regiment");
    ui.keys("/Grenadiers r").enter();
    assert!(
        ui.message().starts_with("no unit matches"),
        "{}",
        ui.message()
    );
    assert_nothing_secret(&ui.app, "search for a concealed regiment");
}

#[test]
fn the_account_of_the_battle_counts_only_the_units_in_the_open() {
    let mut ui = Ui::learning();
    let b = ui.app.battle();
    let all = b.summary();
    let open = b.summary_for(Viewer::Public);
    let fr = 1;
    assert_eq!(all.sides[fr].id, "fr");
    assert_eq!(all.sides[fr].units, open.sides[fr].units + 4);
    ui.app.mode = Mode::Summary;
    let shown = screen(&ui.app, 120, 40);
    assert!(
        shown.contains(&format!("{} units", all.sides[fr].units)),
        "{shown}"
    );
    // The account closes on esc; S, a key of the main screen, hides the secrets there.
    ui.esc().keys("S");
    ui.app.mode = Mode::Summary;
    let shown = screen(&ui.app, 120, 40);
    assert!(
        shown.contains(&format!("{} units", open.sides[fr].units)),
        "{shown}"
    );
    assert!(
        !shown.contains(&format!("{} units", all.sides[fr].units)),
        "{shown}"
    );
    assert!(
        shown.contains("not counted while secrets are hidden"),
        "{shown}"
    );
}

#[test]
fn every_size_with_the_secrets_hidden() {
    let mut ui = Ui::with_secrets();
    ui.keys("S").keys("/stand 1").enter();
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(0, 0)).unwrap();
    for w in (0..=120).step_by(3) {
        for h in (0..=40).step_by(2) {
            terminal.backend_mut().resize(w, h);
            terminal
                .draw(|f| f.render_widget(&ui.app, f.area()))
                .unwrap_or_else(|e| panic!("{w}×{h}: {e}"));
        }
    }
}

#[test]
fn a_phase_change_that_counts_a_concealed_units_timer_shows_only_its_part() {
    use umpire::battle::Command;
    use umpire::dice::TypedDice;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("aue.jsonl");
    let scenario = umpire::scenario::parse("scruby-learning.toml", LEARNING).unwrap();
    let mut session = Session::create(scenario, &path, SEED, clock()).unwrap();
    let run = |session: &mut Session, cmd: Command, faces: &str| {
        let dice = (!faces.is_empty()).then(|| TypedDice::parse(faces).unwrap());
        session.execute(&cmd, dice, clock()).unwrap();
    };
    run(&mut session, Command::Advance, "5,2");
    // A concealed Austrian regiment retiring: the end of the move counts its timer down.
    run(
        &mut session,
        Command::SetMarker {
            unit: "au-l1".into(),
            marker: "retiring".into(),
            value: Some(3),
        },
        "",
    );
    // Set by hand, it counts from the move it is set in.
    for _ in 0..6 {
        let melee = session.battle().state().phase == "melee";
        run(
            &mut session,
            Command::Advance,
            if melee { "5,2" } else { "" },
        );
        if session.battle().state().turn == 2 {
            break;
        }
    }
    assert_eq!(session.battle().state().turn, 2);
    let last = session.battle().history().last_in_force().unwrap().clone();
    assert_eq!(last.audience, umpire::battle::Audience::Side("au".into()));
    let part = last.partial.as_ref().expect("a part everyone may see");
    let mut ui = Ui {
        app: App::new(session, Keymap::defaults(&Scruby), clock),
        _dir: dir,
    };
    ui.app.color = false;
    ui.keys("S");
    // The phase change is listed as its part, the concealed regiment's step left out.
    let listed: Vec<String> = ui
        .app
        .log_entries()
        .into_iter()
        .map(|i| ui.app.log_text(i))
        .collect();
    assert!(listed.contains(&part.summary), "{listed:?}");
    assert_nothing_secret(&ui.app, "the phase change's part");
    // Shown again, the umpire's log has it whole, marked as the Austrians'.
    ui.keys("S");
    let whole = ui.app.log_text(ui.entries() - 1);
    assert!(whole.starts_with("[au only]"), "{whole}");
}
