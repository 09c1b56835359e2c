//! Concealed columns in the umpire's terminal UI, driven through the real [`App`] with keys: each
//! side's concealment stands after its formations, each with the units still hidden behind it
//! and what the enemy sees; the panel of a stand and of a hidden unit; the stand exposed with `e`
//! (its number and side already in the form) and shown exposed, with the cause; folding and the
//! filters. Battles run on journals in temporary directories with a fixed seed, a fixed clock,
//! the built-in keys and colour off.
//!
//! Snapshots (insta, in `tests/umpire/tui/snapshots/`) show each screen at 120×40 and 80×24,
//! with the journal's temporary path replaced by a fixed word.

use crate::support;
use crate::support::tui::*;
use chrono::{DateTime, TimeZone, Utc};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::KeyCode;
use tempfile::TempDir;
use umpire::battle::session::Session;
use umpire::rules::scruby::Scruby;
use umpire::tui::App;
use umpire::tui::app::{Mode, Row};
use umpire::tui::keymap::Keymap;

const SEED: u64 = 7;

const ARMY_CORPS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/rosters/scruby-army-corps.toml"
));

fn clock() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(1809, 4, 20, 6, 0, 0).unwrap()
}

/// A battle in the UI, with key helpers that return `self` so a line reads as the keys the
/// umpire types.
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
    /// A battle of `scenario` after the first initiative (`n`, then the result closed).
    fn moving(name: &str, scenario: &str) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("battle.jsonl");
        let scenario = umpire::scenario::parse(name, scenario).unwrap();
        let session = Session::create(scenario, &path, SEED, clock()).unwrap();
        let mut app = App::new(session, Keymap::defaults(&Scruby), clock);
        app.color = false;
        let mut ui = Self { app, _dir: dir };
        ui.keys("n").esc();
        assert_eq!(ui.app.battle().state().phase, "movement");
        ui
    }

    fn brigades() -> Self {
        Self::moving("brigades.toml", &support::scruby_brigades(""))
    }

    /// Puts the cursor on a unit or formation with the go-to prompt (`:` id Enter).
    fn select(&mut self, id: &str) -> &mut Self {
        self.keys(":").keys(id).enter();
        assert_eq!(self.selected().as_deref(), Some(id), "`:{id}` selects it");
        self
    }

    /// Puts the cursor on the first concealment stand `number` with a search (`/stand N`).
    fn select_stand(&mut self, number: i64) -> &mut Self {
        self.keys(&format!("/stand {number}")).enter();
        assert_eq!(self.selected(), Some(format!("stand {number}")));
        self
    }

    /// The line under the cursor: an id, `stand N`, or `hidden ID` for a unit under its stand.
    fn selected(&self) -> Option<String> {
        self.app.selected_row().map(|row| self.name(row))
    }

    fn name(&self, row: Row) -> String {
        let r = &self.app.battle().roster;
        match row {
            Row::Side(s) => r.sides[s].id.clone(),
            Row::Formation(f) => r.formations[f].id.clone(),
            Row::Unit(u) => r.units[u].id.clone(),
            Row::Stand(c) => format!("stand {}", r.columns[c].number),
            Row::Concealed(u) => format!("hidden {}", r.units[u].id),
        }
    }

    /// The roster's lines, named as [`Ui::selected`] names them.
    fn row_names(&self) -> Vec<String> {
        self.app.rows().iter().map(|&row| self.name(row)).collect()
    }

    fn concealed(&self, id: &str) -> bool {
        let b = self.app.battle();
        b.state().units[b.roster.unit_index(id).unwrap()].concealed
    }
}

/// The screen's rows as text, a symbol per cell.
fn rows(app: &App, w: u16, h: u16) -> Vec<String> {
    let terminal = draw(app, w, h);
    let buf = terminal.backend().buffer();
    (0..h)
        .map(|y| (0..w).map(|x| buf[(x, y)].symbol()).collect())
        .collect()
}

/// Snapshots the screen at 120×40 and at 80×24.
fn snapshot(ui: &Ui, name: &str) {
    for (w, h) in [(120, 40), (80, 24)] {
        insta::assert_snapshot!(format!("{name}_{w}x{h}"), screen(&ui.app, w, h));
    }
}

/// The roster's part of a screen row (left of the panes' meeting borders).
fn roster_part(row: &str) -> &str {
    row.split("││").next().unwrap_or(row)
}

/// The text inside the Selected panel at `w`×`h`, its rows joined by spaces (so wrapped words
/// read on).
fn panel_text(app: &App, w: u16, h: u16) -> String {
    let screen: Vec<Vec<char>> = rows(app, w, h)
        .iter()
        .map(|r| r.chars().collect())
        .collect();
    let (top, left) = screen
        .iter()
        .enumerate()
        .find_map(|(y, r)| {
            let s: String = r.iter().collect();
            s.find("┌ Selected")
                .map(|byte| (y, s[..byte].chars().count()))
        })
        .expect("the Selected panel");
    let right = (left + 1..screen[top].len())
        .find(|&x| screen[top][x] == '┐')
        .expect("its right corner");
    let mut out = Vec::new();
    for r in &screen[top + 1..] {
        if r[left] == '└' {
            break;
        }
        out.push(
            r[left + 1..right]
                .iter()
                .collect::<String>()
                .trim()
                .to_string(),
        );
    }
    out.join(" ")
}

impl Ui {
    /// Exposes the selected stand with `e`: three tabs past the scout, the stand and the side
    /// (filled in from the selection) to the cause, its first letter, enter, and the result
    /// closed.
    fn expose(&mut self, cause: char) -> &mut Self {
        self.keys("e");
        let Mode::Form(form) = &self.app.mode else {
            panic!("e opens the expose form: {:?}", self.app.message);
        };
        assert_eq!(form.action.id, "expose");
        self.tab().tab().tab().key(KeyCode::Char(cause)).enter();
        assert!(
            matches!(self.app.mode, Mode::Result { .. }),
            "exposed: {:?}",
            self.app.message
        );
        self.esc()
    }

    /// The inputs of the open form, as typed (`name=value`).
    fn form_inputs(&self) -> Vec<String> {
        let Mode::Form(form) = &self.app.mode else {
            panic!("no form open");
        };
        form.shown()
            .filter(|(_, f)| !f.text.is_empty())
            .map(|(_, f)| format!("{}={}", f.def.name, f.text))
            .collect()
    }

    /// The screen row showing the first line named `name` ([`Ui::name`]) at `w`×`h`, its roster
    /// part.
    fn line_of(&mut self, name: &str, w: u16, h: u16) -> String {
        let at = self
            .row_names()
            .iter()
            .position(|n| n == name)
            .unwrap_or_else(|| panic!("{name} in the roster"));
        let before = self.app.cursor;
        self.app.cursor = at;
        let screen = rows(&self.app, w, h);
        self.app.cursor = before;
        let a = self.app.areas.get();
        let y = usize::from(a.roster.y) + 1 + at - a.roster_first_row;
        roster_part(&screen[y]).to_string()
    }
}

const HIDDEN: [&str; 5] = [
    "hidden f-hc",
    "hidden f2",
    "hidden f-gun",
    "hidden f-lt",
    "hidden f3",
];

#[test]
fn each_side_lists_its_stands_after_its_formations_with_the_units_hidden_behind_them() {
    let ui = Ui::brigades();
    let names = ui.row_names();
    let at = names.iter().position(|n| n == "f-lc").unwrap() + 1;
    // After the French brigade's last unit: stand 1, then its list in the scenario's order (not
    // the march order, not the formation's order).
    assert_eq!(names[at], "stand 1");
    assert_eq!(names[at + 1..], HIDDEN);
    // The Austrians have no stand; every unit is still in its formation too.
    assert_eq!(names.iter().filter(|n| n.starts_with("stand")).count(), 1);
    for id in ["f-hc", "f2", "f-gun", "f-lt", "f3"] {
        assert!(names.contains(&id.to_string()), "{id} in its formation");
    }
}

#[test]
fn snapshot_concealed_column_and_its_stand_selected() {
    let mut ui = Ui::brigades();
    ui.select("f2");
    snapshot(&ui, "concealed_unit");
    for (w, h) in [(80, 24), (120, 40)] {
        let panel = panel_text(&ui.app, w, h);
        assert!(
            panel.contains(
                "HID 1 concealed behind stand 1: the enemy sees concealment stand 1 — contents unknown"
            ),
            "{w}×{h}: {panel}"
        );
        assert!(panel.contains("e expose  D deploy"), "{w}×{h}: {panel}");
    }
    ui.select_stand(1);
    snapshot(&ui, "stand_concealed");
    for (w, h) in [(80, 24), (120, 40)] {
        let panel = panel_text(&ui.app, w, h);
        for part in [
            "Stand 1 — concealment stand of French (fr)",
            "CONCEALED 5 units hidden behind it",
            "the enemy sees: concealment stand 1 — contents unknown",
            "e expose  D deploy",
            "f-hc heavy-cavalry, figures 3 of 3 left",
            "f2 line, figures 4 of 4 left",
            "f-gun cannon",
        ] {
            assert!(panel.contains(part), "{part} at {w}×{h}: {panel}");
        }
    }
}

#[test]
fn snapshot_the_stand_exposed_with_e_and_the_cause() {
    let mut ui = Ui::brigades();
    ui.select_stand(1).keys("e");
    // The stand's number and side are already in the form.
    let inputs = ui.form_inputs();
    assert!(inputs.contains(&"stand=1".to_string()), "{inputs:?}");
    assert!(inputs.contains(&"side=fr".to_string()), "{inputs:?}");
    ui.esc().expose('c');
    for id in ["f-hc", "f2", "f-gun", "f-lt", "f3"] {
        assert!(!ui.concealed(id), "{id} is exposed");
    }
    // The stand stays, empty, exposed, with its cause; the cursor stays on it.
    assert_eq!(ui.selected().as_deref(), Some("stand 1"));
    assert_eq!(ui.row_names().last().map(String::as_str), Some("stand 1"));
    snapshot(&ui, "stand_exposed");
    let line = ui.line_of("stand 1", 120, 40);
    assert!(
        line.contains("· Stand 1 · fired on by cannon while unscreened [EXPOSED]"),
        "{line}"
    );
    for (w, h) in [(80, 24), (120, 40)] {
        let panel = panel_text(&ui.app, w, h);
        for part in [
            "EXPOSED fired on by cannon while unscreened",
            "the enemy now sees its 5 units",
            "exposed: f-hc, f2, f-gun, f-lt, f3",
        ] {
            assert!(panel.contains(part), "{part} at {w}×{h}: {panel}");
        }
        assert!(!panel.contains("D deploy"), "{panel}");
    }
    // An exposed unit says where it came from and why.
    ui.select("f2");
    let panel = panel_text(&ui.app, 120, 40);
    assert!(
        panel.contains("exposed from stand 1: fired on by cannon while unscreened"),
        "{panel}"
    );
    // Undo hides the column again, stand and list.
    ui.keys("u");
    assert!(ui.concealed("f2"));
    let names = ui.row_names();
    assert_eq!(names[names.len() - 5..], HIDDEN);
}

#[test]
fn a_deployment_leaves_the_rest_hidden_behind_the_stand() {
    let mut ui = Ui::brigades();
    // D from a hidden unit's line fills in its stand; the regiments are typed.
    ui.select("f2").keys("D");
    let inputs = ui.form_inputs();
    assert!(inputs.contains(&"stand=1".to_string()), "{inputs:?}");
    // Units is the first input still empty.
    ui.keys("f2,f3,f-lt").enter().esc();
    assert!(!ui.concealed("f2") && ui.concealed("f-hc"), "deployed");
    let names = ui.row_names();
    assert_eq!(
        names[names.len() - 3..],
        ["stand 1", "hidden f-hc", "hidden f-gun"]
    );
    let line = ui.line_of("stand 1", 120, 40);
    assert!(
        line.contains("▾ Stand 1 · 2 of 5 units · the enemy sees: stand 1 [CONCEALED]"),
        "{line}"
    );
    ui.select_stand(1);
    let panel = panel_text(&ui.app, 120, 40);
    for part in [
        "CONCEALED 2 of 5 units hidden behind it",
        "exposed (deployed into line): f2, f-lt, f3",
    ] {
        assert!(panel.contains(part), "{part}: {panel}");
    }
}

#[test]
fn stands_fold_and_the_arrows_move_through_them_as_through_formations() {
    let mut ui = Ui::brigades();
    let all = ui.row_names().len();
    ui.select_stand(1).keys(" ");
    assert!(ui.app.is_folded(ui.app.selected_row().unwrap()));
    assert_eq!(ui.row_names().len(), all - 5, "its five units are hidden");
    let line = ui.line_of("stand 1", 80, 24);
    assert!(line.contains("▸ Stand 1"), "{line}");
    // → unfolds, → again goes to its first unit; ← goes back up to the stand, ← folds it.
    ui.key(KeyCode::Right);
    assert_eq!(ui.row_names().len(), all);
    ui.key(KeyCode::Right);
    assert_eq!(ui.selected().as_deref(), Some("hidden f-hc"));
    // Space on a hidden unit folds nothing and says what does.
    ui.keys(" ");
    assert_eq!(ui.row_names().len(), all);
    let message = &ui.app.message.as_ref().unwrap().0;
    assert!(message.contains("fold a stand"), "{message}");
    ui.key(KeyCode::Left);
    assert_eq!(ui.selected().as_deref(), Some("stand 1"));
    ui.key(KeyCode::Left);
    assert_eq!(ui.row_names().len(), all - 5);
    // z folds the stands with the formations, the cursor on the stand that held it; Z opens all.
    ui.keys("Z").select("f3");
    ui.key(KeyCode::End);
    assert_eq!(ui.selected().as_deref(), Some("hidden f3"));
    ui.keys("z");
    assert_eq!(ui.selected().as_deref(), Some("stand 1"));
    assert_eq!(
        ui.row_names(),
        ["au", "au-hq", "au-bde", "fr", "fr-hq", "fr-bde", "stand 1"]
    );
    ui.keys("Z");
    assert_eq!(ui.row_names().len(), all);
}

#[test]
fn the_filters_keep_a_stand_with_the_units_they_show() {
    let mut ui = Ui::brigades();
    // One side at a time: the French with their stand, the Austrians without.
    ui.keys("v");
    assert!(!ui.row_names().contains(&"stand 1".to_string()));
    ui.keys("v");
    let names = ui.row_names();
    assert_eq!(names[0], "fr");
    assert_eq!(names[names.len() - 6..][1..], HIDDEN);
    ui.keys("v");
    // A hidden unit removed by hand is left out with the removed units, under its stand too.
    ui.select("f3").keys("++++");
    assert!(
        !ui.app.battle().state().units[ui.app.battle().roster.unit_index("f3").unwrap()].on_table()
    );
    ui.keys("R");
    let names = ui.row_names();
    assert!(!names.contains(&"hidden f3".to_string()), "{names:?}");
    assert!(names.contains(&"hidden f2".to_string()), "{names:?}");
    ui.keys("R");
    // Once exposed, the stand has no units to show: a unit filter leaves it out.
    ui.select_stand(1).expose('v');
    assert!(ui.row_names().contains(&"stand 1".to_string()));
    ui.keys("R");
    assert!(!ui.row_names().contains(&"stand 1".to_string()));
}

#[test]
fn every_concealment_mark_is_whole_from_69_columns_and_nothing_is_cut_at_80() {
    let mut ui = Ui::brigades();
    ui.select("f2");
    for w in 69..=120 {
        for h in [24, 40] {
            let stand = ui.line_of("stand 1", w, h);
            assert!(stand.contains("CONCEALED"), "{w}×{h}: {stand}");
            assert!(stand.contains("Stand 1"), "{w}×{h}: {stand}");
            if w >= 80 {
                assert!(!stand.contains('…'), "{w}×{h}: {stand}");
                assert!(stand.contains("enemy sees"), "{w}×{h}: {stand}");
            }
            for name in ["f3", "hidden f3"] {
                let line = ui.line_of(name, w, h);
                assert!(line.contains("HID 1"), "{name} at {w}×{h}: {line}");
            }
        }
    }
    ui.select_stand(1).expose('m');
    for w in 69..=120 {
        let stand = ui.line_of("stand 1", w, 24);
        assert!(stand.contains("EXPOSED"), "{w}: {stand}");
    }
}

// ---- the Army Corps -----------------------------------------------------------------------------

#[test]
fn snapshot_army_corps_folded_and_a_french_stand_exposed_by_its_side() {
    let mut ui = Ui::moving("scruby-army-corps.toml", ARMY_CORPS);
    let stands: Vec<String> = ui
        .row_names()
        .into_iter()
        .filter(|n| n.starts_with("stand"))
        .collect();
    assert_eq!(
        stands,
        [
            "stand 1", "stand 2", "stand 3", "stand 1", "stand 2", "stand 3"
        ]
    );
    // The largest stand, 16 units: a line each at 120×40; at 80×24 the panel's first lines
    // whole and the units by id with their pips, as many as fit.
    ui.select_stand(1);
    snapshot(&ui, "army_corps_stand_selected");
    for (w, h) in [(80, 24), (120, 40)] {
        let panel = panel_text(&ui.app, w, h);
        for part in [
            "Stand 1 — concealment stand of Austrian Armeekorps (au)",
            "CONCEALED 16 units hidden behind it",
            "the enemy sees: concealment stand 1 — contents unknown",
            "e expose  D deploy",
        ] {
            assert!(panel.contains(part), "{part} at {w}×{h}: {panel}");
        }
    }
    let panel = panel_text(&ui.app, 120, 40);
    assert!(
        panel.contains("au-hc1-b heavy-cavalry, figures 3 of 3 left"),
        "{panel}"
    );
    let panel = panel_text(&ui.app, 80, 24);
    assert!(
        panel.contains("hidden: au-1-lt ●●●●, au-2-lt ●●●●,"),
        "{panel}"
    );
    assert!(panel.contains("more"), "{panel}");
    ui.keys("z");
    snapshot(&ui, "army_corps_folded");
    // Both sides have a stand 1: the French one, selected, is the one exposed.
    let b = ui.app.battle();
    let french_one = (0..b.roster.columns.len())
        .find(|&c| {
            b.roster.columns[c].number == 1 && b.roster.sides[b.roster.columns[c].side].id == "fr"
        })
        .unwrap();
    let at = ui
        .app
        .rows()
        .iter()
        .position(|&r| r == Row::Stand(french_one))
        .unwrap();
    ui.app.cursor = at;
    ui.expose('s');
    let b = ui.app.battle();
    let hidden = |c: usize| {
        b.roster.columns[c]
            .units
            .iter()
            .filter(|&&u| b.state().units[u].concealed)
            .count()
    };
    for c in 0..b.roster.columns.len() {
        assert_eq!(hidden(c) == 0, c == french_one, "stand index {c}");
    }
}

// ---- every size ---------------------------------------------------------------------------------

#[test]
fn every_size_with_a_stand_or_a_hidden_unit_selected() {
    let mut screens: Vec<Ui> = Vec::new();
    let mut ui = Ui::brigades();
    ui.select_stand(1);
    screens.push(ui);
    let mut ui = Ui::brigades();
    ui.select_stand(1).key(KeyCode::Right).key(KeyCode::Right);
    screens.push(ui);
    let mut ui = Ui::brigades();
    ui.select_stand(1).expose('r');
    screens.push(ui);
    let mut ui = Ui::moving("scruby-army-corps.toml", ARMY_CORPS);
    ui.select_stand(1);
    screens.push(ui);
    for ui in &screens {
        assert!(matches!(ui.app.mode, Mode::Main));
        let mut terminal = Terminal::new(TestBackend::new(0, 0)).unwrap();
        for w in 0..=120 {
            for h in 0..=40 {
                terminal.backend_mut().resize(w, h);
                terminal
                    .draw(|f| f.render_widget(&ui.app, f.area()))
                    .unwrap_or_else(|e| panic!("{w}×{h}: {e}"));
            }
        }
    }
}
