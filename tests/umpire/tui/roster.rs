//! The roster in the terminal UI, driven through the real [`App`] with keys: every marker in
//! sight at 80×24, the panel of a selected formation or side, folding and unfolding, the filters,
//! and a roster of 1,000 units. Battles run on journals in temporary directories with a fixed
//! seed, a fixed clock, the built-in keys and colour off.
//!
//! Snapshots (insta, in `tests/umpire/tui/snapshots/`) show each screen at 120×40 and 80×24,
//! with the journal's temporary path replaced by a fixed word. Every screen here is also drawn at
//! every size from 0×0 to 120×40 without panicking.
//!
//! The tree, its formations' panels and their counters, and a unit's many markers need a rule set
//! with formations and markers of many kinds, which Grid skirmish has not: those play Newport's
//! demo battle and battalion action (and the large Newport battle of `benches/scale/`). Names
//! drawn at their width play Grid.

use crate::support::scale;

use crate::support::tui::*;
use chrono::{DateTime, TimeZone, Utc};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyModifiers, MouseEvent, MouseEventKind};
use tempfile::TempDir;
use umpire::battle::session::Session;
use umpire::cli::play::{DEMO_NAME, DEMO_SCENARIO};
use umpire::tui::App;
use umpire::tui::app::{Mode, RosterFilter, Row};
use umpire::tui::keymap::Keymap;

const SEED: u64 = 7;

const BATTALION: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/rosters/newport-battalion-action.toml"
));

fn clock() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2024, 7, 14, 6, 0, 0).unwrap()
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
    /// A battle of `scenario` at its start.
    fn of(name: &str, scenario: &str) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("battle.jsonl");
        let scenario = umpire::scenario::parse(name, scenario).unwrap();
        let session = Session::create(scenario, &path, SEED, clock()).unwrap();
        let keymap = Keymap::defaults(session.battle().ruleset);
        let mut app = App::new(session, keymap, clock);
        app.color = false;
        Self { app, _dir: dir }
    }

    /// A battle of `scenario` in the first side's action phase (`n`, then the result closed).
    fn in_action_phase(name: &str, scenario: &str) -> Self {
        let mut ui = Self::of(name, scenario);
        ui.keys("n").esc();
        assert_eq!(ui.app.battle().state().phase, "action");
        ui
    }

    /// The demo battle in the attacker's action phase.
    fn demo() -> Self {
        Self::in_action_phase(DEMO_NAME, DEMO_SCENARIO)
    }

    fn left(&mut self) -> &mut Self {
        self.key(KeyCode::Left)
    }

    fn right(&mut self) -> &mut Self {
        self.key(KeyCode::Right)
    }

    /// Puts the cursor on a unit or formation with the go-to prompt (`:` id Enter).
    fn select(&mut self, id: &str) -> &mut Self {
        self.keys(":").keys(id).enter();
        assert_eq!(
            self.selected_id().as_deref(),
            Some(id),
            "`:{id}` selects it"
        );
        self
    }

    /// Sets markers on the selected unit with the markers popup (`x`, each number and space,
    /// esc).
    fn mark(&mut self, numbers: &str) -> &mut Self {
        self.keys("x");
        for n in numbers.chars() {
            self.keys(&format!("{n} "));
        }
        self.esc()
    }

    /// The id of the line under the cursor.
    fn selected_id(&self) -> Option<String> {
        let r = &self.app.battle().roster;
        self.app.selected_row().map(|row| match row {
            Row::Side(s) => r.sides[s].id.clone(),
            Row::Formation(f) => r.formations[f].id.clone(),
            Row::Unit(u) | Row::Concealed(u) => r.units[u].id.clone(),
            Row::Stand(c) => format!("stand {}", r.columns[c].number),
        })
    }

    /// The roster's lines, by id.
    fn row_ids(&self) -> Vec<String> {
        let r = &self.app.battle().roster;
        self.app
            .rows()
            .iter()
            .map(|row| match *row {
                Row::Side(s) => r.sides[s].id.clone(),
                Row::Formation(f) => r.formations[f].id.clone(),
                Row::Unit(u) | Row::Concealed(u) => r.units[u].id.clone(),
                Row::Stand(c) => format!("stand {}", r.columns[c].number),
            })
            .collect()
    }

    fn message(&self) -> &str {
        &self.app.message.as_ref().expect("a status message").0
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

// ---- 2. every marker in sight ------------------------------------------------------------------

/// The demo with markers on three stands: the Sherman Suppressed and Finished, 2-1 with five
/// markers, and 1-ldr Paralyzed and Finished, then killed with its return on turn 3.
fn marked_demo() -> Ui {
    let mut ui = Ui::demo();
    // The popup lists the markers of the stand's kind: a vehicle's 1 SUP 2 FIN …, an infantry
    // stand's 1 SUP 2 PAR 3 FIN 4 CMD 5 OPP 6 CC 7 ROAD, a leader's every one.
    ui.select("sherman").mark("12");
    ui.select("2-1").mark("23457");
    // 4 is BACK, a turn: it asks for its value.
    ui.select("1-ldr")
        .keys("x2 3 4 ")
        .keys("3")
        .enter()
        .keys("+")
        .esc();
    assert!(!ui.app.battle().state().units[ui.unit("1-ldr")].on_table());
    ui
}

impl Ui {
    fn unit(&self, id: &str) -> usize {
        self.app.battle().roster.unit_index(id).unwrap()
    }

    /// The badge texts the rule set gives a unit.
    fn badges(&self, id: &str) -> Vec<String> {
        let b = self.app.battle();
        b.ruleset
            .badges(&b.view(), self.unit(id))
            .into_iter()
            .map(|badge| badge.text)
            .collect()
    }
}

#[test]
fn snapshot_every_marker_in_sight() {
    let mut ui = marked_demo();
    ui.select("2-1");
    snapshot(&ui, "markers_in_sight");
    ui.select("1-ldr");
    snapshot(&ui, "removed_leader");
}

#[test]
fn no_badge_is_cut_off_at_80_columns_or_wider() {
    let mut ui = marked_demo();
    assert_eq!(ui.badges("sherman"), ["SUP", "FIN"]);
    assert_eq!(ui.badges("2-1"), ["PAR", "FIN", "CMD", "OPP", "ROAD"]);
    // A removed leader: out, and when it returns; not the markers it left with.
    assert_eq!(ui.badges("1-ldr"), ["OUT", "BACK T3"]);
    ui.select("2-2");
    for w in 80..=120 {
        for h in [24, 40] {
            let screen = rows(&ui.app, w, h);
            for id in ["sherman", "2-1", "1-ldr"] {
                let line = screen
                    .iter()
                    .map(|r| roster_part(r))
                    .find(|r| r.contains(&format!(" {id} ")))
                    .unwrap_or_else(|| panic!("{id} is on the {w}×{h} screen"));
                for badge in ui.badges(id) {
                    assert!(
                        line.contains(&format!("[{badge}]"))
                            || line.contains(&format!(" {badge} "))
                            || line.ends_with(&format!(" {badge}")),
                        "{id}'s {badge} at {w}×{h}: {line}"
                    );
                }
            }
        }
    }
}

#[test]
fn the_panel_lists_every_marker_with_its_meaning() {
    let mut ui = marked_demo();
    ui.select("2-1");
    for (w, h) in [(80, 24), (120, 40)] {
        let panel = panel_text(&ui.app, w, h);
        for (badge, meaning) in [
            ("PAR", "Paralyzed"),
            ("FIN", "Finished"),
            ("CMD", "Passed its command roll"),
            ("OPP", "Already drew opportunity fire"),
            ("ROAD", "Moved along a road"),
        ] {
            assert!(
                panel.contains(&format!("{badge} {meaning}")),
                "{badge} at {w}×{h}: {panel}"
            );
        }
    }
    // The removed leader: out (and why), and when a replacement returns; not the markers it left
    // with.
    ui.select("1-ldr");
    for (w, h) in [(80, 24), (120, 40)] {
        let panel = panel_text(&ui.app, w, h);
        assert!(panel.contains("removed: hits set by hand"), "{panel}");
        assert!(panel.contains("OUT no longer on the table"), "{panel}");
        assert!(
            panel.contains("BACK T3 a replacement leader returns"),
            "{panel}"
        );
        assert!(!panel.contains("PAR"), "{panel}");
    }
}

// ---- 2. the panel of a formation or a side ------------------------------------------------------

#[test]
fn snapshot_formation_panel() {
    let mut ui = Ui::in_action_phase("newport-battalion-action.toml", BATTALION);
    ui.select("i-902");
    snapshot(&ui, "formation_panel");
    let b = ui.app.battle();
    let cp = b.state().counter("i-902", "cp").expect("points rolled");
    let screen = rows(&ui.app, 80, 24);
    // The battalion's row keeps its points at 80 columns.
    let row = screen
        .iter()
        .map(|r| roster_part(r))
        .find(|r| r.contains("I. Bataillon"))
        .unwrap();
    assert!(row.contains(&format!("[CP {cp}]")), "{row}");
    for (w, h) in [(80, 24), (120, 40)] {
        let panel = panel_text(&ui.app, w, h);
        for part in [
            format!("CP {cp} command points this turn"),
            "saved 0 points saved with the HQ".to_string(),
            "HQ i-902-hq in play".to_string(),
            "units: 15 in play, 0 lost (of 15)".to_string(),
        ] {
            assert!(panel.contains(&part), "{part} at {w}×{h}: {panel}");
        }
    }
}

#[test]
fn a_platoon_panel_shows_its_leader_and_a_side_panel_its_units() {
    let mut ui = Ui::demo();
    ui.select("1-ldr").keys("+");
    ui.select("1-plt");
    let panel = panel_text(&ui.app, 120, 40);
    assert!(panel.contains("units: 3 in play, 1 lost (of 4)"), "{panel}");
    assert!(
        panel.contains("leader 1-ldr out (hits set by hand)"),
        "{panel}"
    );
    ui.select("us");
    let panel = panel_text(&ui.app, 120, 40);
    assert!(panel.contains("— its turn"), "{panel}");
    assert!(panel.contains(", 1 lost (of "), "{panel}");
}

// ---- 3. folding ---------------------------------------------------------------------------------

#[test]
fn snapshot_collapsed_tree() {
    let mut ui = Ui::demo();
    ui.select("1-2").keys("z");
    // Every formation folded; the cursor on the outermost one that held it.
    assert_eq!(ui.selected_id().as_deref(), Some("b-coy"));
    assert_eq!(
        ui.row_ids(),
        ["us", "60mm", "81mm", "p47", "b-coy", "ger", "8cm", "5-kp"]
    );
    // → opens B Company, and → again goes into it.
    ui.right();
    assert_eq!(ui.selected_id().as_deref(), Some("b-coy"));
    ui.right();
    assert_eq!(ui.selected_id().as_deref(), Some("b-co"));
    snapshot(&ui, "roster_folded");
}

#[test]
fn space_enter_left_and_right_fold_and_move_as_in_a_file_tree() {
    let mut ui = Ui::demo();
    let all = ui.row_ids().len();
    ui.select("1-plt").keys(" ");
    assert!(ui.app.is_folded(Row::Formation(formation(&ui, "1-plt"))));
    assert_eq!(ui.row_ids().len(), all - 4, "its four stands are hidden");
    ui.enter();
    assert_eq!(ui.row_ids().len(), all, "enter unfolds it again");
    // ← on a stand goes to its platoon; ← on the open platoon folds it; ← again goes up.
    ui.select("1-2").left();
    assert_eq!(ui.selected_id().as_deref(), Some("1-plt"));
    ui.left();
    assert!(ui.app.is_folded(Row::Formation(formation(&ui, "1-plt"))));
    ui.left();
    assert_eq!(ui.selected_id().as_deref(), Some("b-coy"));
    // A side folds too, and `:` unfolds what hides the line it goes to.
    ui.select("us").keys(" ");
    assert_eq!(ui.row_ids()[..2], ["us".to_string(), "ger".to_string()]);
    ui.select("1-3");
    assert!(!ui.app.is_folded(Row::Side(0)));
    assert!(!ui.app.is_folded(Row::Formation(formation(&ui, "1-plt"))));
    // Z unfolds everything.
    ui.keys("zZ");
    assert_eq!(ui.row_ids().len(), all);
    // Space on a stand folds nothing and says what does.
    ui.select("1-3").keys(" ");
    assert_eq!(ui.row_ids().len(), all);
    assert!(
        ui.message()
            .contains("a unit does not fold; ← goes up to 1st Platoon"),
        "{}",
        ui.message()
    );
}

fn formation(ui: &Ui, id: &str) -> usize {
    ui.app.battle().roster.formation_index(id).unwrap()
}

fn mouse(kind: MouseEventKind, column: u16, row: u16) -> MouseEvent {
    MouseEvent {
        kind,
        column,
        row,
        modifiers: KeyModifiers::NONE,
    }
}

#[test]
fn a_click_on_the_selected_formation_folds_it() {
    let mut ui = Ui::demo();
    ui.select("2-plt");
    let _ = draw(&ui.app, 120, 40);
    let a = ui.app.areas.get();
    let y = a.roster.y + 1 + (ui.app.cursor - a.roster_first_row) as u16;
    let click = mouse(
        MouseEventKind::Down(ratatui::crossterm::event::MouseButton::Left),
        a.roster.x + 4,
        y,
    );
    ui.app.on_mouse(click);
    assert!(ui.app.is_folded(Row::Formation(formation(&ui, "2-plt"))));
    ui.app.on_mouse(click);
    assert!(!ui.app.is_folded(Row::Formation(formation(&ui, "2-plt"))));
}

// ---- 3. filters ---------------------------------------------------------------------------------

/// The demo after 1-1 has fired (it is Finished) and 1-3 has been destroyed by hand.
fn acted_demo() -> Ui {
    let mut ui = Ui::demo();
    ui.select("1-1")
        .keys("fg11")
        .key(KeyCode::Tab)
        .keys("12")
        .enter();
    ui.esc();
    ui.select("1-3").keys("+++");
    assert!(!ui.app.battle().state().units[ui.unit("1-3")].on_table());
    ui
}

#[test]
fn snapshot_filters() {
    let mut ui = acted_demo();
    ui.select("1-2").keys("t");
    assert!(ui.app.roster_filter().to_act);
    let shown = ui.row_ids();
    for gone in ["1-1", "1-3", "ger", "gkf", "5-kp"] {
        assert!(
            !shown.contains(&gone.to_string()),
            "{gone} is not to act: {shown:?}"
        );
    }
    assert!(shown.contains(&"1-2".to_string()));
    snapshot(&ui, "roster_still_to_act");
    // Every unit again; then the Americans alone, with removed units hidden.
    ui.keys("tvR");
    assert_eq!(
        ui.app.roster_filter(),
        RosterFilter {
            side: Some(0),
            hide_removed: true,
            to_act: false,
        }
    );
    assert_eq!(ui.row_ids()[0], "us");
    assert!(!ui.row_ids().contains(&"ger".to_string()));
    snapshot(&ui, "roster_one_side_removed_hidden");
    // Then the Germans alone, then every side again.
    ui.keys("v");
    assert_eq!(ui.row_ids()[0], "ger");
    ui.keys("v");
    assert_eq!(ui.app.roster_filter().side, None, "every side again");
    assert!(!ui.row_ids().contains(&"1-3".to_string()));
}

#[test]
fn a_unit_that_acts_leaves_the_still_to_act_list_and_the_cursor_goes_on_to_the_next() {
    let mut ui = Ui::demo();
    ui.keys("t").select("2-1");
    ui.keys("fg11").key(KeyCode::Tab).keys("12").enter().esc();
    assert!(!ui.row_ids().contains(&"2-1".to_string()));
    assert_eq!(ui.selected_id().as_deref(), Some("2-2"));
    // Undo puts it back, as the battle stands.
    ui.keys("u");
    assert!(ui.row_ids().contains(&"2-1".to_string()));
}

#[test]
fn the_markers_popup_keeps_its_unit_while_a_filter_would_hide_it() {
    let mut ui = Ui::demo();
    ui.keys("t").select("2-1").keys("x3 ");
    assert!(matches!(ui.app.mode, Mode::Markers));
    assert_eq!(
        ui.selected_id().as_deref(),
        Some("2-1"),
        "still 2-1, now Finished"
    );
    ui.keys("1 ");
    assert_eq!(ui.badges("2-1"), ["SUP", "FIN"]);
    ui.esc();
    assert!(!ui.row_ids().contains(&"2-1".to_string()));
    assert_eq!(ui.selected_id().as_deref(), Some("2-2"));
}

#[test]
fn going_to_a_hidden_unit_lifts_the_filter_that_hides_it_and_says_so() {
    let mut ui = acted_demo();
    ui.keys("R");
    assert!(!ui.row_ids().contains(&"1-3".to_string()));
    ui.select("1-3");
    assert!(!ui.app.roster_filter().hide_removed);
    assert!(
        ui.message().contains("removed units shown"),
        "{}",
        ui.message()
    );
    // Search finds formations as well as units.
    ui.keys("/weapons").enter();
    assert_eq!(ui.selected_id().as_deref(), Some("4-plt"));
}

// ---- 3. a thousand units ------------------------------------------------------------------------

#[test]
fn with_a_thousand_units_any_unit_or_formation_is_a_few_keys_away() {
    let text = scale::scenario(500);
    let mut ui = Ui::in_action_phase("large.toml", &text);
    assert_eq!(ui.app.battle().roster.units.len(), 1_000);
    // Folded, the whole roster is four lines: two sides and their battalions.
    ui.keys("z");
    assert_eq!(ui.row_ids(), ["red", "r-bn", "blue", "b-bn"]);
    // A unit deep in the tree by its id: its platoon, company and battalion unfold, no more.
    ui.select("b37-5");
    assert!(ui.row_ids().len() <= 30, "{} lines", ui.row_ids().len());
    // A formation by its id, and by a search of its name.
    ui.select("rc4");
    ui.keys("/Platoon 42").enter();
    assert_eq!(ui.selected_id().as_deref(), Some("rp42"));
    // Down the folded tree with the arrows: battalion, company 2, platoon 21.
    ui.keys("zgjl");
    assert_eq!(ui.selected_id().as_deref(), Some("r-bn"));
    ui.keys("ljjl");
    assert_eq!(ui.selected_id().as_deref(), Some("rc2"));
    ui.keys("ljll");
    assert_eq!(ui.selected_id().as_deref(), Some("r21-0"));
}

// ---- every size ---------------------------------------------------------------------------------

#[test]
fn every_size_markers_folded_filtered_and_formation_panel() {
    let mut screens: Vec<Ui> = Vec::new();
    let mut ui = marked_demo();
    ui.select("2-1");
    screens.push(ui);
    let mut ui = Ui::demo();
    ui.keys("z");
    screens.push(ui);
    let mut ui = acted_demo();
    ui.keys("tR");
    screens.push(ui);
    let mut ui = Ui::in_action_phase("newport-battalion-action.toml", BATTALION);
    ui.select("i-902");
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

/// Names in wide letters (two columns each) and with combining marks (none) are drawn at their
/// width: every row of every screen keeps its frame, the roster's, the panel's, a form's and the
/// dice prompt's.
#[test]
fn wide_and_combining_names_keep_the_frame() {
    let scenario = "ruleset = \"grid\"\ntitle = \"Breite Namen 第一\"\n\
        [[side]]\nid = \"a\"\nname = \"第一中隊\"\n\
        [[side.unit]]\nid = \"a1\"\nname = \"第一小隊第一分隊第一班長以下全員の長い名前です\"\nkind = \"infantry\"\n\
        [[side.unit]]\nid = \"a2\"\nname = \"Zu\u{308}g Mu\u{308}ller mit a\u{301}e\u{301}i\u{301}o\u{301}u\u{301} bis an den Rand des Fensters\"\nkind = \"infantry\"\n\
        [[side]]\nid = \"b\"\nname = \"B\"\n\
        [[side.unit]]\nid = \"b1\"\nname = \"第二小隊\"\nkind = \"infantry\"\n";
    let mut ui = Ui::of("wide.toml", scenario);
    ui.keys("n").esc();
    assert_eq!(ui.app.battle().state().phase, "fire");
    // Every row takes the window's width, a wide letter two columns; with no window open over
    // them, the panels' right borders stand in their column on every row.
    let check = |ui: &Ui, when: &str, popup: bool| {
        for (w, h) in [(120u16, 40u16), (80, 24)] {
            let terminal = draw(&ui.app, w, h);
            let buf = terminal.backend().buffer();
            for y in 0..h {
                let mut cols = 0;
                let mut x = 0;
                while x < w {
                    let sw = umpire::text::width(buf[(x, y)].symbol()).max(1) as u16;
                    cols += sw;
                    x += sw;
                }
                assert_eq!(cols, w, "{when} at {w}×{h}, row {y}");
            }
            if popup {
                continue;
            }
            let top = (0..h)
                .find(|&y| buf[(0, y)].symbol() == "┌")
                .expect("the panels' top row");
            let bottom = (top + 1..h)
                .find(|&y| buf[(0, y)].symbol() == "└")
                .expect("the panels' bottom row");
            for x in (0..w).filter(|&x| buf[(x, top)].symbol() == "┐") {
                for y in top + 1..bottom {
                    let sym = buf[(x, y)].symbol();
                    assert!(
                        "│┐┘┤".contains(sym),
                        "{when} at {w}×{h}: the border at column {x} is {sym:?} on row {y}:\n{}",
                        screen(&ui.app, w, h)
                    );
                }
            }
        }
    };
    for id in ["a1", "a2", "b1"] {
        ui.select(id);
        check(&ui, id, false);
    }
    ui.select("a1").keys("f").keys("b1").tab().keys("4");
    check(&ui, "the fire form", true);
    ui.key(KeyCode::Esc);
    ui.keys("d");
    ui.select("a2").keys("f").keys("b1").tab().keys("4").enter();
    check(&ui, "the dice asked", true);
}
