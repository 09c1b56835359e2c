//! A unit the scenario lacks, added by the umpire during the battle (`umpire add`): checked
//! exactly as a scenario's unit is, on the table at once, logged and undone like any event, and
//! told in every copy of the report.

use crate::support::kit::Table;

/// Grid skirmish's crossroads: a rifle company and a tank on each side.
const CROSSROADS: &str = r#"
ruleset = "grid"
title = "The crossroads"
turns = 6
first_side = "blue"

[[side]]
id = "blue"
name = "Blue force"

  [[side.formation]]
  id = "b-coy"
  name = "Blue company"

    [[side.formation.unit]]
    id = "b1"
    name = "1st Rifles"
    kind = "infantry"

[[side]]
id = "red"
name = "Red force"

  [[side.unit]]
  id = "r1"
  name = "Red Rifles"
  kind = "infantry"
"#;

const ADD: &str = r#"add --side red --kind tank --id rt --name "Red tank" "#;

#[test]
fn an_added_unit_is_on_the_table_at_once_counted_and_in_every_copy_of_the_report() {
    let _notifications = crate::support::notifications::shared();
    let mut t = Table::given(CROSSROADS).played("next\nnext\nnext\nnext");
    t.when(ADD)
        .says(&["Red tank (rt) joins Red force: added by the umpire on turn 2"]);
    let s = t.state();
    assert_eq!(s.unit("rt").0["joined"], 2);
    assert!(s.unit("rt").0["arrives"].is_null());
    assert!(s.in_play().contains(&"rt".to_string()));
    // Any procedure takes it at once.
    t.play("next");
    t.when("fire --firer b1 --target rt --range 3 --dice 1,1")
        .accepted();
    let umpire = t.report(&[]);
    assert!(umpire.contains("joined turn 2"), "{umpire}");
    // The enemy sees it join: it is in the open.
    let blue = t.report(&["--side", "blue"]);
    assert!(
        blue.contains("Red tank (rt) joins Red force") && blue.contains("joined turn 2"),
        "{blue}"
    );
    let public = t.report(&["--public"]);
    assert!(public.contains("Red tank (rt) joins Red force"), "{public}");
}

#[test]
fn undo_takes_an_addition_back_whole_and_redo_puts_it_back() {
    let _notifications = crate::support::notifications::shared();
    let mut t = Table::given(CROSSROADS).played("next");
    t.play(ADD);
    t.play("undo");
    let s = t.state();
    assert!(
        !s.0["units"]
            .as_array()
            .expect("units")
            .iter()
            .any(|u| u["id"] == "rt"),
        "an addition taken back is in no one's battle: {}",
        s.0
    );
    t.when("fire --firer b1 --target rt --range 3")
        .not_understood(&["rt"]);
    let umpire = t.report(&[]);
    assert!(!umpire.contains("joined turn"), "{umpire}");
    t.play("redo");
    assert_eq!(t.state().unit("rt").0["joined"], 1);
    // Taken back, its id is free again: a unit of another kind may take it.
    t.play("undo");
    t.when(r#"add --side blue --in b-coy --kind infantry --id rt --name "Blue reserve""#)
        .accepted();
    let s = t.state();
    assert_eq!(
        (
            s.unit("rt").0["side"].as_str(),
            s.unit("rt").0["kind"].as_str()
        ),
        (Some("blue"), Some("infantry"))
    );
    assert_eq!(s.unit("rt").0["formation"], "b-coy");
    t.when("redo").refused(&["nothing to redo"]);
}

#[test]
fn a_unit_the_scenario_could_not_hold_is_refused_naming_the_flag_and_nothing_changes() {
    let _notifications = crate::support::notifications::shared();
    let mut t = Table::given(CROSSROADS).played("next");
    t.when(r#"add --side reds --kind tank --id rt --name "Red tank""#)
        .not_understood(&["--side", "no side `reds`", "did you mean `red`"]);
    t.when(r#"add --side red --kind tnak --id rt --name "Red tank""#)
        .not_understood(&["--kind \"tnak\"", "did you mean `tank`"]);
    t.when(r#"add --side blue --in b-cy --kind tank --id rt --name "Red tank""#)
        .not_understood(&["--in", "no formation `b-cy`", "did you mean `b-coy`"]);
    t.when(r#"add --side red --in b-coy --kind tank --id rt --name "Red tank""#)
        .not_understood(&["--in", "Red force has no formation `b-coy`"]);
    t.when(r#"add --side red --kind tank --id b1 --name "Red tank""#)
        .not_understood(&[
            "--id \"b1\"",
            "duplicate id",
            "(first defined at line 16 of the scenario)",
        ]);
    t.when(r#"add --side red --kind tank --id rt --name "Red tank" --field arrives=3"#)
        .not_understood(&["arrives", "on the table as it joins"]);
    t.when(r#"add --side red --kind tank --id rt --name "Red tank" --field armour=2"#)
        .not_understood(&["--field armour=2", "`armour` is not used by grid"]);
    t.when(r#"add --side red --kind tank --id rt --name """#)
        .not_understood(&["--name"]);
    // Checked as the scenario's units are: a unit added is counted with those added before it.
    t.play(ADD);
    t.when(r#"add --side red --kind tank --id rt --name "Red tank again""#)
        .not_understood(&["--id \"rt\"", "duplicate id", "(added during the battle)"]);
}

#[test]
fn a_newport_unit_is_checked_by_the_rule_set_s_own_checks() {
    let _notifications = crate::support::notifications::shared();
    let mut t = Table::given(include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/rosters/newport-company-action.toml"
    )));
    t.when(
        r#"add --side us --in 1-plt --kind infantry --id 1-4 --name "4th Squad" --field armour=2"#,
    )
    .not_understood(&["--field armour=2", "applies to"]);
    t.when(
        r#"add --side us --in 1-plt --kind infantry --id 1-4 --name "4th Squad" --field hmg=true"#,
    )
    .accepted();
    let s = t.state();
    assert_eq!(s.unit("1-4").0["formation"], "1-plt");
    assert_eq!(s.unit("1-4").0["hit_limit"], 3, "a squad's three hits");
}

#[test]
fn the_umpire_s_screen_adds_a_unit_with_a_key_and_a_form_showing_each_refusal_at_its_input() {
    let _notifications = crate::support::notifications::shared();
    use crate::support::tui::Keys;
    let t = Table::given(CROSSROADS).played("next");
    t.ui(|ui| {
        // Opened on the selected unit: its side and kind are filled in, the id asked first.
        ui.select("r1").keys("J");
        let screen = ui.screen(120, 30);
        assert!(
            screen.contains("Add a unit the scenario lacks") && screen.contains("side: red"),
            "{screen}"
        );
        // A unit without a name is refused at the name's input, in words, not as the scenario
        // file's missing key; the form goes to it.
        ui.keys("rt").enter();
        let screen = ui.screen(120, 30);
        assert!(
            screen.contains("give the unit a name") && !screen.contains("missing key"),
            "{screen}"
        );
        ui.keys("Red tank");
        // A kind the rule set lacks is refused at its input, with the nearest.
        ui.key(ratatui::crossterm::event::KeyCode::Up)
            .key(ratatui::crossterm::event::KeyCode::Up);
        for _ in 0.."infantry".len() {
            ui.key(ratatui::crossterm::event::KeyCode::Backspace);
        }
        ui.keys("tnak").enter();
        let screen = ui.screen(120, 30);
        assert!(
            screen.contains("not a unit kind in grid") && screen.contains("did you mean `tank`"),
            "{screen}"
        );
        for _ in 0.."tnak".len() {
            ui.key(ratatui::crossterm::event::KeyCode::Backspace);
        }
        ui.keys("tank").enter();
    });
    let s = t.state();
    assert_eq!(s.unit("rt").0["kind"], "tank");
    assert_eq!(s.unit("rt").0["side"], "red");
    assert_eq!(s.unit("rt").0["joined"], 1);
    let screen = t.screen(120, 30);
    assert!(screen.contains("Red tank"), "{screen}");
}

#[test]
fn the_players_views_follow_an_addition_as_it_is_made_and_as_it_is_taken_back() {
    let _notifications = crate::support::notifications::shared();
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use umpire::model::Viewer;
    use umpire::tui::WatchView;
    let screen = |view: &WatchView| {
        let mut terminal = Terminal::new(TestBackend::new(140, 30)).unwrap();
        terminal.draw(|f| f.render_widget(view, f.area())).unwrap();
        terminal.backend().to_string()
    };
    let mut t = Table::given(CROSSROADS).played("next");
    let path = std::path::PathBuf::from(t.j());
    let mut blue = WatchView::open(&path, Viewer::Side(0)).unwrap();
    assert!(!screen(&blue).contains("Red tank"));
    t.play(ADD);
    blue.refresh();
    let seen = screen(&blue);
    assert!(
        seen.contains("Red tank (rt) joins Red force") && seen.contains("rt   Red tank"),
        "{seen}"
    );
    t.play("undo");
    blue.refresh();
    let seen = screen(&blue);
    assert!(!seen.contains("rt   Red tank"), "{seen}");
    assert!(
        seen.contains("Taken back by the umpire: #3 Red tank (rt) joins Red force"),
        "{seen}"
    );
    // Read whole, the view is the same but for the word on what was just taken back.
    let fresh = WatchView::open(&path, Viewer::Side(0)).unwrap();
    assert_eq!(screen(&fresh).lines().count(), seen.lines().count());
    for (a, b) in screen(&fresh).lines().zip(seen.lines()) {
        if !b.contains("Taken back") {
            assert_eq!(a, b);
        }
    }
}
