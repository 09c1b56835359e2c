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
        // Ctrl-U clears an input, as in every form.
        ui.ctrl('u').keys("tank").enter();
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

/// Red's company as its file writes it: two units, and a platoon of one within it.
const RED_COMPANY: &str = r#"id = "r-coy"
name = "Red company"

[[unit]]
id = "r2"
name = "Red 2nd Rifles"
kind = "infantry"

[[unit]]
id = "rt"
name = "Red tank"
kind = "tank"

[[formation]]
id = "r-plt"
name = "Red platoon"

  [[formation.unit]]
  id = "r3"
  name = "Red 3rd Rifles"
  kind = "infantry"
"#;

/// A formation the scenario could not hold: an unknown key, a unit of an id the scenario's
/// unit has, a kind the rule set lacks, and the same id twice within it.
const BAD_COMPANY: &str = r#"id = "x-coy"
name = "X company"
levle = "company"

[[unit]]
id = "b1"
name = "X Rifles"
kind = "infantry"

[[unit]]
id = "xt"
name = "X tank"
kind = "tnak"

[[unit]]
id = "xt"
name = "X tank two"
kind = "tank"
"#;

/// The formation of id `id` in `umpire state --json`, if the battle has it.
fn formation(s: &crate::support::kit::State, id: &str) -> Option<serde_json::Value> {
    s.0["formations"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|f| f["id"] == id)
        .cloned()
}

/// True when `umpire state --json` lists a unit of id `id`.
fn has_unit(s: &crate::support::kit::State, id: &str) -> bool {
    s.0["units"]
        .as_array()
        .into_iter()
        .flatten()
        .any(|u| u["id"] == id)
}

#[test]
fn a_formation_added_from_a_file_joins_whole_at_once_counted_and_still_to_act() {
    let _notifications = crate::support::notifications::shared();
    // Red's fire.
    let mut t = Table::given(CROSSROADS).played("next\nnext\nnext");
    let file = t.file("red-company.toml", RED_COMPANY);
    let before = t.state();
    assert_eq!(before.0["summary"]["sides"][1]["in_play"], 1);
    t.when(&format!("add --side red --file {file}")).says(&[
        "Red company (r-coy) joins Red force: added by the umpire on turn 1",
        "1 formation within it: Red platoon (r-plt)",
        "3 units: Red 2nd Rifles (r2), Red tank (rt), Red 3rd Rifles (r3)",
    ]);
    let s = t.state();
    let coy = formation(&s, "r-coy").expect("the company is in the battle");
    assert_eq!(
        (coy["side"].as_str(), coy["joined"].as_u64()),
        (Some("red"), Some(1))
    );
    assert!(coy["parent"].is_null());
    let plt = formation(&s, "r-plt").expect("its platoon is in the battle");
    assert_eq!(
        (plt["parent"].as_str(), plt["joined"].as_u64()),
        (Some("r-coy"), Some(1))
    );
    for (id, within) in [("r2", "r-coy"), ("rt", "r-coy"), ("r3", "r-plt")] {
        assert_eq!(s.unit(id).0["formation"], within, "{id}");
        assert_eq!(s.unit(id).0["joined"], 1, "{id}");
        assert!(s.unit(id).0["arrives"].is_null(), "{id} is on the table");
        assert!(s.in_play().contains(&id.to_string()), "{id}");
    }
    // Counted in its side's strength at once.
    assert_eq!(s.0["summary"]["sides"][1]["in_play"], 4);
    assert_eq!(s.0["summary"]["sides"][1]["units"], 4);
    // Its units may still fire: ending the phase asks first, naming them.
    use crate::support::tui::Keys;
    t.ui(|ui| {
        ui.keys("n");
        let screen = ui.screen(120, 40);
        assert!(
            screen.contains("4 units have not acted (r1, r2, rt, …) — end the phase?"),
            "{screen}"
        );
    });
    // Any procedure takes them.
    t.when("fire --firer r3 --target b1 --range 3 --dice 1,1")
        .accepted();
}

#[test]
fn a_formation_the_scenario_could_not_hold_is_refused_at_its_place_in_the_file_and_nothing_changes()
{
    let _notifications = crate::support::notifications::shared();
    let mut t = Table::given(CROSSROADS).played("next");
    let bad = t.file("x-company.toml", BAD_COMPANY);
    t.when(&format!("add --side red --file {bad}")).refused(&[
        &format!(
            "{bad}:3:1: side \"red\" › formation \"x-coy\" › levle: unknown key (did you \
             mean `level`?)"
        ),
        &format!(
            "{bad}:6:6: side \"red\" › formation \"x-coy\" › unit \"b1\" › id = \"b1\": \
             duplicate id: already the id of a unit (first defined at line 16 of the scenario)"
        ),
        &format!(
            "{bad}:13:8: side \"red\" › formation \"x-coy\" › unit \"xt\" › kind = \
             \"tnak\": not a unit kind in grid (did you mean `tank`?)"
        ),
        &format!("{bad}:16:6:"),
        "(first defined at line 11)",
    ]);
    let broken = t.file("broken.toml", "id = \"y-coy\"\nname = [\"Y\"\n");
    t.when(&format!("add --side red --file {broken}"))
        .refused(&[&format!("{broken}:2:"), "TOML syntax error"]);
    t.when(&format!(
        "add --side red --file {}",
        t.file("no-id.toml", "name = \"Z company\"\n")
    ))
    .refused(&["no-id.toml:1:1:", "formation[0]: missing key `id`"]);
    t.when("add --side red --file nowhere.toml")
        .refused(&["nowhere.toml:1:1: cannot read the file"]);
    // Where it goes is said at its flag, with the nearest.
    let good = t.file("red-company.toml", RED_COMPANY);
    t.when(&format!("add --side blue --in b-cy --file {good}"))
        .not_understood(&["--in", "no formation `b-cy`", "did you mean `b-coy`"]);
    t.when(&format!("add --side reds --file {good}"))
        .not_understood(&["--side", "did you mean `red`"]);
    // A formation added once is there: the same file again is its ids twice.
    t.play(&format!("add --side red --file {good}"));
    t.when(&format!("add --side red --file {good}")).refused(&[
        &format!("{good}:1:6: side \"red\" › formation \"r-coy\" › id = \"r-coy\": duplicate id"),
        "(added during the battle)",
    ]);
    assert!(!has_unit(&t.state(), "xt"));
    assert!(formation(&t.state(), "x-coy").is_none());
}

#[test]
fn undo_takes_a_formation_off_every_view_with_its_units_and_redo_puts_it_back() {
    let _notifications = crate::support::notifications::shared();
    let mut t = Table::given(CROSSROADS).played("next");
    let file = t.file("red-company.toml", RED_COMPANY);
    t.play(&format!("add --side red --file {file}"));
    t.play("undo");
    let s = t.state();
    assert!(formation(&s, "r-coy").is_none() && formation(&s, "r-plt").is_none());
    for id in ["r2", "rt", "r3"] {
        assert!(!has_unit(&s, id), "{id} is in no one's battle: {}", s.0);
    }
    assert_eq!(s.0["summary"]["sides"][1]["in_play"], 1);
    t.when("fire --firer b1 --target r3 --range 3")
        .not_understood(&["r3"]);
    t.when(r#"add --side red --in r-plt --kind tank --id r9 --name "Red tank nine""#)
        .not_understood(&["--in", "Red force has no formation `r-plt`"]);
    for id in ["r-coy", "r3"] {
        t.when(&format!("arrive {id} --turn 3"))
            .refused(&[&format!("no unit or formation `{id}`")]);
    }
    for copy in [
        &[][..],
        &["--side", "blue"],
        &["--side", "red"],
        &["--public"],
    ] {
        let report = t.report(copy);
        assert!(!report.contains("Red company"), "{copy:?}: {report}");
        assert!(!report.contains("Red platoon"), "{copy:?}: {report}");
    }
    assert!(!t.screen(120, 40).contains("▾ Red company"));
    t.when("redo")
        .says(&["redone: Red company (r-coy) joins Red force"]);
    let s = t.state();
    assert_eq!(formation(&s, "r-plt").expect("back")["parent"], "r-coy");
    assert_eq!(s.unit("r3").0["formation"], "r-plt");
    assert_eq!(s.0["summary"]["sides"][1]["in_play"], 4);
    assert!(t.screen(120, 40).contains("▾ Red company"));
    // A unit joins the formation added, beside it.
    t.when(r#"add --side red --in r-plt --kind tank --id r9 --name "Red tank nine""#)
        .says(&["Red tank nine (r9) joins Red platoon (r-plt)"]);
    assert_eq!(t.state().unit("r9").0["formation"], "r-plt");
    // Both taken back, the company's ids are free again for a formation of the umpire's.
    t.play("undo\nundo");
    t.when(r#"add --side red --formation --id r-coy --name "Red reserve""#)
        .says(&["Red reserve (r-coy) joins Red force", "no units yet"]);
    t.when("redo").refused(&["nothing to redo"]);
    let s = t.state();
    assert_eq!(
        formation(&s, "r-coy").expect("the reserve")["name"],
        "Red reserve"
    );
    assert!(formation(&s, "r-plt").is_none() && !has_unit(&s, "r2"));
}

#[test]
fn a_formation_with_no_units_yet_is_added_by_its_flags_and_units_join_it() {
    let _notifications = crate::support::notifications::shared();
    let mut t = Table::given(CROSSROADS).played("next");
    t.when(r#"add --side blue --in b-coy --formation --id b-res --name "Blue reserve""#)
        .says(&[
            "Blue reserve (b-res) joins Blue company (b-coy): added by the umpire on turn 1",
            "no units yet: a unit added to it joins it",
        ]);
    let s = t.state();
    let res = formation(&s, "b-res").expect("the reserve");
    assert_eq!(
        (res["parent"].as_str(), res["joined"].as_u64()),
        (Some("b-coy"), Some(1))
    );
    t.when(r#"add --side blue --in b-res --kind tank --id bt --name "Blue tank""#)
        .accepted();
    assert_eq!(t.state().unit("bt").0["formation"], "b-res");
    // Its inputs are checked as a formation's keys are, each refusal at its flag.
    t.when(r#"add --side red --formation --id r-x --name "Red X" --field levl=company"#)
        .not_understood(&["--field levl", "unknown key", "did you mean `level`"]);
    t.when(r#"add --side red --formation --id r-x --name "Red X" --field level=company"#)
        .not_understood(&["--field level=\"company\"", "grid has no formation level"]);
    t.when(r#"add --side red --formation --id b-res --name "Red X""#)
        .not_understood(&[
            "--id \"b-res\"",
            "duplicate id",
            "(added during the battle)",
        ]);
    t.when(r#"add --side red --formation --id r-x --name "Red X" --kind tank"#)
        .not_understood(&["--kind"]);
    t.when(r#"add --side red --formation --id r-x --name "Red X" --field unit=1"#)
        .not_understood(&["`unit`", "--file"]);
}

#[test]
fn the_report_and_the_players_views_tell_a_formation_s_addition() {
    let _notifications = crate::support::notifications::shared();
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use umpire::model::Viewer;
    use umpire::tui::WatchView;
    let screen = |view: &WatchView| {
        let mut terminal = Terminal::new(TestBackend::new(140, 40)).unwrap();
        terminal.draw(|f| f.render_widget(view, f.area())).unwrap();
        terminal.backend().to_string()
    };
    let mut t = Table::given(CROSSROADS).played("next");
    let path = std::path::PathBuf::from(t.j());
    let mut blue = WatchView::open(&path, Viewer::Side(0)).unwrap();
    let file = t.file("red-company.toml", RED_COMPANY);
    t.play(&format!("add --side red --file {file}"));
    blue.refresh();
    let seen = screen(&blue);
    assert!(
        seen.contains("Red company (r-coy) joins Red force")
            && seen.contains("Red company")
            && seen.contains("r3   Red 3rd Rifles"),
        "{seen}"
    );
    for copy in [&[][..], &["--side", "blue"], &["--public"]] {
        let report = t.report(copy);
        assert!(
            report.contains("Red company (r-coy) joins Red force: added by the umpire on turn 1")
                && report
                    .contains("3 units: Red 2nd Rifles (r2), Red tank (rt), Red 3rd Rifles (r3)"),
            "{copy:?}: {report}"
        );
        // The order of battle as the battle left it says when the company and its platoon
        // joined.
        assert!(
            report.contains("- **Red company** (`r-coy`) · joined turn 1")
                && report.contains("  - **Red platoon** (`r-plt`) · joined turn 1")
                && report.contains("`r3` Red 3rd Rifles — infantry, hits 0/2 ○○ · joined turn 1"),
            "{copy:?}: {report}"
        );
    }
    t.play("undo");
    blue.refresh();
    let seen = screen(&blue);
    assert!(!seen.contains("r3   Red 3rd Rifles"), "{seen}");
    assert!(seen.contains("Taken back by the umpire"), "{seen}");
}

#[test]
fn the_command_line_says_what_joined_and_writes_the_formation_in_one_event() {
    let _notifications = crate::support::notifications::shared();
    let mut t = Table::given(CROSSROADS).played("next");
    let file = t.file("red-company.toml", RED_COMPANY);
    let j = t.j().to_string();
    let answer = t.when(&format!("add --side red --file {file}"));
    answer.accepted();
    assert_eq!(
        answer.out,
        format!(
            "Red company (r-coy) joins Red force: added by the umpire on turn 1\n\
             Notes:\n  \
             - 1 formation within it: Red platoon (r-plt)\n  \
             - 3 units: Red 2nd Rifles (r2), Red tank (rt), Red 3rd Rifles (r3)\n\
             Recorded: {j}, record 3 (line 4)\n"
        )
    );
    // One record holds the formation whole, as its file wrote it.
    let journal = std::fs::read_to_string(&j).unwrap();
    let line: serde_json::Value =
        serde_json::from_str(journal.lines().nth(3).expect("its line")).unwrap();
    assert_eq!(line["kind"], "add");
    assert_eq!(line["side"], "red");
    assert_eq!(line["new_formation"]["id"], "r-coy");
    assert_eq!(line["new_formation"]["formation"][0]["unit"][0]["id"], "r3");
    assert!(line.get("unit").is_none());
    let effects: Vec<String> = (line["effects"].as_array().unwrap().iter())
        .map(|e| {
            format!(
                "{} {}",
                e["set"].as_str().unwrap(),
                e.get("formation").or(e.get("unit")).unwrap()
            )
        })
        .collect();
    assert_eq!(
        effects,
        [
            "joined \"r-coy\"",
            "joined \"r-plt\"",
            "arrival \"r2\"",
            "arrival \"rt\"",
            "arrival \"r3\""
        ]
    );
    // The state lists it as the battle holds it.
    t.play("next");
    let state = crate::support::cli::run_in("", &["state", &j]);
    assert!(
        state
            .out
            .contains("  Red company (r-coy) — joined turn 1\n")
            && state
                .out
                .contains("    Red platoon (r-plt) — joined turn 1\n"),
        "{}",
        state.out
    );
}

#[test]
fn a_journal_whose_unit_was_added_before_formations_could_be_reads_as_it_did() {
    let _notifications = crate::support::notifications::shared();
    let t = Table::given(CROSSROADS).played("next");
    // A line as the program wrote it when only units could be added.
    let old = r#"{"crc":"00000000","prev":"00000000","seq":3,"at":"2026-01-01T10:00:00Z","entry":"event","kind":"add","side":"red","unit":{"id":"rt","kind":"tank","name":"Red tank"},"summary":"Red tank (rt) joins Red force: added by the umpire on turn 1","effects":[{"set":"arrival","unit":"rt"}]}"#;
    let mut journal = std::fs::read_to_string(t.j()).unwrap();
    journal.push_str(old);
    journal.push('\n');
    std::fs::write(t.j(), crate::support::journal::reseal(&journal)).unwrap();
    let s = t.state();
    assert_eq!(
        (
            s.unit("rt").0["kind"].as_str(),
            s.unit("rt").0["joined"].as_u64()
        ),
        (Some("tank"), Some(1))
    );
    assert!(formation(&s, "rt").is_none());
    let report = t.report(&[]);
    assert!(report.contains("Red tank (rt) joins Red force"), "{report}");
}

#[test]
fn the_umpire_s_screen_adds_a_formation_by_its_inputs_or_from_a_file() {
    let _notifications = crate::support::notifications::shared();
    use crate::support::tui::Keys;
    use ratatui::crossterm::event::KeyCode;
    let t = Table::given(CROSSROADS).played("next");
    let file = t.file("red-company.toml", RED_COMPANY);
    let bad = t.file("x-company.toml", BAD_COMPANY);
    t.ui(|ui| {
        // Opened on a unit of Blue's company: a unit joins the company, a formation goes beside
        // it, directly under Blue.
        ui.select("b1").keys("J");
        assert!(ui.screen(120, 30).contains("in: b-coy"));
        for _ in 0..4 {
            ui.key(KeyCode::Up);
        }
        ui.keys(" ");
        let screen = ui.screen(120, 30);
        assert!(
            screen.contains("in: (the formation it goes under (empty: directly under its side))"),
            "{screen}"
        );
        ui.keys("u");
        assert!(ui.screen(120, 30).contains("in: b-coy"));
        ui.esc();
        // Opened on Red's unit, as a unit's form; the first line switches it to a formation's.
        ui.select("r1").keys("J");
        for _ in 0..4 {
            ui.key(KeyCode::Up);
        }
        ui.keys(" ");
        ui.key(KeyCode::Down).key(KeyCode::Down).key(KeyCode::Down);
        ui.keys("b-coy").key(KeyCode::Down).keys("Red reserve");
        insta::assert_snapshot!("add_formation_form_120x30", ui.screen(120, 30));
        // Its id taken by Blue's company: refused at the id's input.
        ui.enter();
        let screen = ui.screen(120, 30);
        assert!(
            screen.contains("Add a formation the scenario lacks")
                && screen.contains("duplicate id: already the id of a formation"),
            "{screen}"
        );
        for _ in 0.."b-coy".len() {
            ui.key(KeyCode::Backspace);
        }
        ui.keys("r-res").enter();
    });
    let s = t.state();
    assert_eq!(formation(&s, "r-res").expect("the reserve")["side"], "red");
    t.ui(|ui| {
        // A file's problems are shown at the file's input, each at its line.
        ui.select("r1").keys("J");
        for _ in 0..4 {
            ui.key(KeyCode::Up);
        }
        ui.keys("f");
        for _ in 0..7 {
            ui.key(KeyCode::Down);
        }
        ui.keys(&bad).enter();
        let screen = ui.screen(160, 40);
        assert!(
            screen.contains(
                "line 3, column 1: side \"red\" › formation \"x-coy\" › levle: unknown key"
            ) && screen.contains(
                "line 13, column 8: side \"red\" › formation \"x-coy\" › unit \"xt\" › kind"
            ),
            "{screen}"
        );
        for _ in 0..bad.chars().count() {
            ui.key(KeyCode::Backspace);
        }
        ui.keys(&file).enter();
    });
    let s = t.state();
    assert_eq!(s.unit("r3").0["formation"], "r-plt");
    assert_eq!(formation(&s, "r-coy").expect("the company")["joined"], 1);
}

/// What the rule set sets on a unit as the battle opens, it sets on a unit added later: FFT3
/// infantry aboard the halftrack it rides, a Scruby regiment's figures short of a full tray
/// (lost before it joined, so no loss of the battle), a Newport battalion's command points.
#[test]
fn an_added_unit_starts_as_the_rules_start_a_scenario_s_unit() {
    let _notifications = crate::support::notifications::shared();
    let mut t = Table::given(include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/rosters/fft3-meeting-engagement.toml"
    )));
    t.play(concat!(
        r#"add --side de --in de-1 --kind halftrack --id de-1-h9 --name "Halftrack 9" "#,
        "--field type=halftrack\n",
        r#"add --side de --in de-1 --kind infantry --id de-1-i9 --name "Grenadier Platoon 9" "#,
        "--field type=german-infantry --field rides=de-1-h9",
    ));
    let s = t.state();
    assert_eq!(s.unit("de-1-i9").marker_unit("riding"), Some("de-1-h9"));
    assert!(t.screen(160, 60).contains("ON de-1-h9"));
    // Undone, the rider is off its halftrack and out of the battle; redone, aboard again.
    t.play("undo");
    assert!(!has_unit(&t.state(), "de-1-i9"));
    t.play("redo");
    assert_eq!(
        t.state().unit("de-1-i9").marker_unit("riding"),
        Some("de-1-h9")
    );

    let mut t = Table::given(include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/rosters/scruby-learning.toml"
    )));
    let hits = |t: &Table| t.state().0["summary"]["sides"][0]["hits"].clone();
    let before = hits(&t);
    t.when(concat!(
        r#"add --side au --in au-bde --kind line --id au-l9 --name "Infanterie-Regiment Nr. 9" "#,
        "--field figures=2",
    ))
    .accepted();
    let s = t.state();
    assert_eq!((s.unit("au-l9").hits(), s.unit("au-l9").left()), (2, 2));
    assert_eq!(hits(&t), before, "figures it joined without are no loss");
    let report = t.report(&[]);
    assert!(!report.contains("2 figures lost"), "{report}");

    let mut t = Table::given(&crate::support::newport::battalion("", ""));
    let file = t.file(
        "second.toml",
        r#"id = "bn2"
name = "2nd Battalion"
level = "battalion"
[[unit]]
id = "hq2"
name = "2nd Bn HQ"
kind = "hq"
[[unit]]
id = "q1"
name = "2nd Bn, 1st Plt"
kind = "infantry"
"#,
    );
    t.when(&format!("add --side us --file {file}")).accepted();
    let s = t.state();
    assert_eq!(
        (s.counter("bn2", "cp"), s.counter("bn2", "saved")),
        (Some(0), Some(0))
    );
    t.play("next --dice 9,8");
    assert_eq!(t.state().counter("bn2", "cp"), Some(8));
}

/// A unit the umpire forgot in a concealed column joins behind its stand: concealed with the
/// stand's units, its side's secret (the enemy is told nothing of it, not even that one joined)
/// until the stand is exposed, and exposed with them.
#[test]
fn a_unit_added_behind_a_concealment_stand_is_its_side_s_secret_until_the_stand_is_exposed() {
    let _notifications = crate::support::notifications::shared();
    let mut t = Table::given(include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/rosters/scruby-learning.toml"
    )));
    const ADD_BEHIND: &str =
        r#"add --side au --in au-bde --kind line --id au-l9 --name "Infanterie-Regiment Nr. 9""#;
    t.when(&format!("{ADD_BEHIND} --behind 7"))
        .not_understood(&["--behind 7", "has no concealment stand 7 (its stands: 1)"]);
    t.when(&format!("{ADD_BEHIND} --behind 1"))
        .accepted()
        .says(&[
            "joins Avantgarde-Brigade (au-bde), behind concealment stand 1",
            "Seen by the umpire and Austrian advanced guard (au) only",
        ]);
    assert_eq!(t.state().unit("au-l9").0["concealed"], true);
    for copy in [&["--side", "fr"][..], &["--public"]] {
        let report = t.report(copy);
        assert!(
            !report.contains("au-l9") && !report.contains("Nr. 9"),
            "{copy:?}: {report}"
        );
    }
    let austrian = t.report(&["--side", "au"]);
    assert!(
        austrian.contains("HID 1") && austrian.contains("au-l9"),
        "{austrian}"
    );
    // Exposed with its stand, in the open for everyone.
    t.play("next --dice 5,2\nexpose --stand 1 --side au --cause vision");
    assert_eq!(t.state().unit("au-l9").0["concealed"], false);
    let french = t.report(&["--side", "fr"]);
    assert!(french.contains("au-l9"), "{french}");
    // A stand that conceals no one now takes no one behind it.
    t.when(r#"add --side au --in au-bde --kind line --id au-l8 --name "IR 8" --behind 1"#)
        .not_understood(&["--behind 1", "stand 1 conceals no unit now"]);
    // Undone, the addition takes its unit from behind the stand again.
    t.play("undo\nundo\nundo");
    assert!(!has_unit(&t.state(), "au-l9"));
}
