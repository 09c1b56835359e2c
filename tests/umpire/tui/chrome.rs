//! The screen's chrome in four rule sets — Grid skirmish, the core's own, and Scruby, FFT3 and Hats
//! of Tin — at 120×40 and 80×24: the header keeps the turn and
//! the phase whole and cuts the side's name; the key line shows what fits and where the rest is
//! (`ctrl-p`); the palette lists every procedure and general key, filtered as typed, and runs the
//! highlighted one as its key would; a popup closes on esc, `q` or enter only and answers any
//! other key; the markers popup reaches every marker of the unit's kind, by number, badge or
//! arrow, and asks for a side by its id.

use crate::support::kit::{Table, Ui};
use crate::support::tui::Keys;
use ratatui::crossterm::event::KeyCode;
use umpire::tui::app::Mode;

/// A rule set's battle for these tests: its scenario, the script that brings it to a shot, the
/// shot (firer, keys typed after it is selected), a unit for the markers popup, and a marker that
/// does not apply to that unit's kind where the rule set has one.
struct Case {
    ruleset: &'static str,
    scenario: &'static str,
    script: &'static str,
    firer: &'static str,
    shot: &'static str,
    marked: &'static str,
    not_listed: Option<&'static str>,
    /// A script that brings the battle to a phase of one side (for its name in the header).
    one_side: &'static str,
}

const CASES: [Case; 4] = [
    Case {
        ruleset: "scruby",
        scenario: include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/rosters/scruby-learning.toml"
        )),
        script: "next --dice 5,2\nnext\nnext\nnext",
        firer: "au-l3",
        shot: "f4e\t5\n",
        marked: "au-l3",
        not_listed: Some("NOCREW"),
        one_side: "next --dice 5,2\nnext",
    },
    Case {
        ruleset: "grid",
        scenario: include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/rosters/grid-crossroads.toml"
        )),
        script: "next",
        firer: "b1",
        // Red Rifles, 2 squares away, the faces typed in the dice field (ctrl-d).
        shot: "fRi\t2\u{4}5 2\n",
        marked: "b1",
        // Grid's one marker applies to every kind of unit.
        not_listed: None,
        one_side: "",
    },
    Case {
        ruleset: "fft3",
        scenario: include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/fft3/skirmish.toml"
        )),
        script: "artillery --stands t4,t5 --dice 6,5,4\nnext\nnext",
        firer: "p1",
        shot: "fTr\t8\n",
        marked: "t4",
        not_listed: Some("ON"),
        one_side: "",
    },
    Case {
        ruleset: "hats_of_tin",
        scenario: include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/hats-of-tin/village.toml"
        )),
        script: "next --dice 3",
        firer: "z1",
        shot: "f2 \t2\n",
        marked: "z1",
        not_listed: Some("DONE"),
        one_side: "next --dice 3",
    },
];

/// The scenario with every side's name made longer than any header has room for.
fn long_side_names(scenario: &str) -> String {
    let mut out = String::new();
    let mut in_side = false;
    for line in scenario.lines() {
        if line.trim() == "[[side]]" {
            in_side = true;
        }
        match line.strip_prefix("name = \"") {
            Some(rest) if in_side => {
                in_side = false;
                let name = rest.trim_end_matches('"');
                // As long as a scenario allows (80 characters).
                let long: String = format!("{name}, 2e bataillon (détachement), with a long name")
                    .chars()
                    .take(80)
                    .collect();
                out.push_str(&format!("name = \"{long}\"\n"));
            }
            _ => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    out
}

/// Each of the screen's rows as text.
fn rows(screen: &str) -> Vec<String> {
    screen
        .lines()
        .map(|l| l.trim_matches('"').to_string())
        .collect()
}

fn snapshot(name: &str, ui: &Ui) {
    for (w, h) in [(120, 40), (80, 24)] {
        insta::assert_snapshot!(format!("{name}_{w}x{h}"), ui.screen(w, h));
    }
}

/// Types `keys` with `\t` as tab, `\n` as enter and `\u{4}` as ctrl-d (the dice field).
fn type_keys(ui: &mut Ui, keys: &str) {
    for c in keys.chars() {
        match c {
            '\t' => {
                ui.tab();
            }
            '\u{4}' => {
                ui.ctrl('d');
            }
            '\n' => {
                ui.enter();
            }
            c => {
                ui.keys(&c.to_string());
            }
        }
    }
}

/// The battle of `case` at its shot, the shot fired from the screen: its result is open.
fn with_result<T>(case: &Case, f: impl FnOnce(&mut Ui) -> T) -> T {
    let t = Table::given(case.scenario).played(case.script);
    t.ui(|ui| {
        ui.select(case.firer);
        type_keys(ui, case.shot);
        assert!(
            matches!(ui.app.mode, Mode::Result { .. }),
            "{}: the shot's result is open: {:?}",
            case.ruleset,
            ui.app.mode
        );
        f(ui)
    })
}

// ---- the header --------------------------------------------------------------------------------

#[test]
fn the_header_keeps_the_turn_and_the_phase_and_cuts_the_side_s_name() {
    for case in &CASES {
        let t = Table::given(&long_side_names(case.scenario)).played(case.one_side);
        t.ui(|ui| {
            let phase = ui.app.battle().current_phase_name();
            let side = ui.app.battle().roster.sides[ui.app.battle().state().active]
                .name
                .clone();
            for (w, h) in [(120, 40), (80, 24)] {
                let screen = ui.screen(w, h);
                let top = &rows(&screen)[0];
                assert!(
                    top.contains(&format!(" · {phase} · ")),
                    "{} at {w}: the phase whole, before the side: {top}",
                    case.ruleset
                );
                // The side's name gives way (after the scenario's title), cut with an ellipsis
                // at the edge; at 80 columns it never fits whole.
                let first = side.split(',').next().unwrap();
                assert!(top.contains(first), "{} at {w}: {top}", case.ruleset);
                assert!(
                    top.contains(&side) || top.trim_end().ends_with('…'),
                    "{} at {w}: the side's name cut: {top}",
                    case.ruleset
                );
                if w == 80 {
                    assert!(!top.contains(&side), "{top}");
                }
            }
            snapshot(&format!("{}_header_long_side_and_footer", case.ruleset), ui);
        });
    }
}

// ---- the key line and the palette ---------------------------------------------------------------

#[test]
fn the_key_line_fits_and_says_where_the_rest_is() {
    for case in &CASES {
        let t = Table::given(case.scenario).played(case.script);
        t.ui(|ui| {
            for (w, h) in [(120, 40), (80, 24)] {
                let screen = ui.screen(w, h);
                let foot = rows(&screen).last().unwrap().clone();
                assert!(
                    foot.trim_end().ends_with("ctrl-p all"),
                    "{} at {w}: the palette's key ends the line whole: {foot:?}",
                    case.ruleset
                );
                assert!(!foot.contains('…'), "{foot}");
                // The first procedure, the next phase and undo always fit.
                let first = ui
                    .app
                    .battle()
                    .ruleset
                    .actions()
                    .find(|a| a.in_battle && a.key.is_some())
                    .unwrap();
                let item = format!(" {} {} ", first.key.unwrap(), first.id.replace('-', " "));
                assert!(foot.starts_with(&item), "{} at {w}: {foot}", case.ruleset);
                assert!(
                    foot.contains("  n next phase  u undo  "),
                    "{} at {w}: {foot}",
                    case.ruleset
                );
            }
        });
    }
}

#[test]
fn the_palette_lists_every_procedure_and_the_general_keys_filtered_as_typed() {
    for case in &CASES {
        let t = Table::given(case.scenario).played(case.script);
        t.ui(|ui| {
            ui.ctrl('p');
            assert!(matches!(ui.app.mode, Mode::Palette(_)), "{:?}", ui.app.mode);
            let all = ui.app.palette_entries();
            let procedures = ui
                .app
                .battle()
                .ruleset
                .actions()
                .filter(|a| a.in_battle)
                .count();
            // Every procedure, then the general keys.
            assert!(all.len() >= procedures + 7, "{}", all.len());
            for name in [
                "next phase",
                "undo",
                "markers by hand",
                "note",
                "help",
                "quit",
            ] {
                assert!(all.iter().any(|e| e.name == name), "{name}");
            }
            assert!(all.iter().any(|e| e.name.starts_with("battle report")));
            snapshot(&format!("{}_palette_open", case.ruleset), ui);
            // Typed: a part of a name narrows the list.
            ui.keys("pha");
            let Mode::Palette(p) = &ui.app.mode else {
                panic!("the palette stays open")
            };
            let shown = ui.app.palette_shown(p);
            assert!(!shown.is_empty() && shown.len() < all.len());
            assert!(
                shown.iter().all(|e| {
                    e.name.contains("pha") || e.help.contains("pha") || e.keys == "pha"
                })
            );
            snapshot(&format!("{}_palette_filtered", case.ruleset), ui);
            // Pasted text narrows it as typed text does.
            ui.esc().ctrl('p');
            ui.app.on_paste("undo");
            let Mode::Palette(p) = &ui.app.mode else {
                panic!("the palette stays open")
            };
            assert_eq!(ui.app.palette_shown(p)[0].name, "undo");
            ui.esc();
            assert!(matches!(ui.app.mode, Mode::Main));
        });
    }
}

/// Enter on the palette's highlighted entry does what its key does: typed `n` (the next phase's
/// key) and enter is the next phase, exactly as `n` is.
#[test]
fn the_palette_runs_the_highlighted_entry_as_its_key_would() {
    for case in &CASES {
        let by_key = Table::given(case.scenario).played(case.script);
        by_key.ui(|ui| {
            ui.keys("n");
            if matches!(ui.app.mode, Mode::EndPhase { .. }) {
                ui.keys("y");
            }
        });
        let by_palette = Table::given(case.scenario).played(case.script);
        by_palette.ui(|ui| {
            ui.ctrl('p').keys("n");
            let Mode::Palette(p) = &ui.app.mode else {
                panic!("the palette is open")
            };
            assert_eq!(ui.app.palette_shown(p)[0].name, "next phase");
            ui.enter();
            if matches!(ui.app.mode, Mode::EndPhase { .. }) {
                ui.keys("y");
            }
        });
        let (a, b) = (by_key.state(), by_palette.state());
        assert_eq!(a.phase(), b.phase(), "{}", case.ruleset);
        assert_eq!(a.0["records"], b.0["records"], "{}", case.ruleset);
        // A procedure by its name: the same form as its key opens.
        let t = Table::given(case.scenario).played(case.script);
        t.ui(|ui| {
            ui.select(case.firer);
            let key = case.shot.chars().next().unwrap().to_string();
            let Mode::Main = ui.app.mode else { panic!() };
            let entries = ui.app.palette_entries();
            let entry = entries.iter().find(|e| e.keys == key).unwrap().clone();
            ui.ctrl('p').keys(&entry.name);
            ui.enter();
            let Mode::Form(f) = &ui.app.mode else {
                panic!("{}: the form of {} opens", case.ruleset, entry.name)
            };
            let palette_form = f.action.id;
            ui.esc().keys(&key);
            let Mode::Form(f) = &ui.app.mode else {
                panic!("the form opens on its key")
            };
            assert_eq!(f.action.id, palette_form);
        });
    }
}

// ---- popups -------------------------------------------------------------------------------------

#[test]
fn a_result_closes_on_esc_q_or_enter_and_nothing_else() {
    for case in &CASES {
        for close in [KeyCode::Esc, KeyCode::Char('q'), KeyCode::Enter] {
            with_result(case, |ui| {
                let cursor = ui.app.cursor;
                let records = ui.app.battle().history().entries().len();
                ui.key(close);
                assert!(matches!(ui.app.mode, Mode::Main), "{close:?}");
                assert!(
                    !ui.app.quit,
                    "{}: {close:?} closes, never quits",
                    case.ruleset
                );
                assert_eq!(ui.app.cursor, cursor, "{close:?} does nothing else");
                assert_eq!(ui.app.battle().history().entries().len(), records);
            });
        }
    }
}

/// > a die face typed while a result is shown is never taken as a command
#[test]
fn a_die_face_or_any_other_key_on_a_result_is_answered_and_does_nothing() {
    for case in &CASES {
        with_result(case, |ui| {
            let cursor = ui.app.cursor;
            let records = ui.app.battle().history().entries().len();
            for key in ["5", "2", "n", "u", "x", "f"] {
                ui.keys(key);
                assert!(
                    matches!(ui.app.mode, Mode::Result { .. }),
                    "{}: {key} leaves the result open",
                    case.ruleset
                );
                let screen = ui.screen(80, 24);
                assert!(
                    screen.contains(&format!("{key} does nothing here: esc, q or enter closes")),
                    "{}: {key} is answered in the popup:\n{screen}",
                    case.ruleset
                );
            }
            assert_eq!(ui.app.battle().history().entries().len(), records);
            ui.esc();
            assert_eq!(
                ui.app.cursor, cursor,
                "{}: the roster did not move",
                case.ruleset
            );
            assert!(matches!(ui.app.mode, Mode::Main));
            assert!(!ui.screen(80, 24).contains("does nothing here"));
        });
    }
    with_result(&CASES[1], |ui| {
        ui.keys("5");
        snapshot(
            &format!("{}_result_answers_a_stray_key", CASES[1].ruleset),
            ui,
        );
    });
}

#[test]
fn the_help_closes_on_esc_q_or_enter_and_answers_other_keys() {
    let t = Table::given(CASES[0].scenario);
    t.ui(|ui| {
        for close in [KeyCode::Esc, KeyCode::Char('q'), KeyCode::Enter] {
            ui.keys("?");
            assert!(matches!(ui.app.mode, Mode::Help { .. }));
            ui.keys("3");
            assert!(matches!(ui.app.mode, Mode::Help { .. }));
            assert!(ui.screen(120, 40).contains("3 does nothing here"));
            ui.key(close);
            assert!(matches!(ui.app.mode, Mode::Main) && !ui.app.quit);
        }
        // The help says how popups close, and how the markers popup is used.
        ui.keys("?");
        let mut seen = String::new();
        for _ in 0..20 {
            seen.push_str(&ui.screen(120, 40));
            ui.key(KeyCode::PageDown);
        }
        assert!(seen.contains("nothing else does"), "{seen}");
        assert!(seen.contains("type a number or the start of a badge"));
    });
}

/// The battle of `case` played to its end (its last turn shortened to the first).
fn battle_over(case: &Case) -> Table {
    let mut scenario = String::new();
    for line in case.scenario.lines() {
        if line.starts_with("turns = ") {
            scenario.push_str("turns = 1\n");
        } else {
            scenario.push_str(line);
            scenario.push('\n');
        }
    }
    let mut t = Table::given(&scenario);
    for _ in 0..40 {
        if t.state().over() {
            return t;
        }
        // Typed faces where the next phase asks for them; else the program's dice.
        if t.when("next").code != std::process::ExitCode::SUCCESS {
            t.when("next --dice 5,2").accepted();
        }
    }
    panic!("{}: the battle did not end", case.ruleset);
}

#[test]
fn q_on_the_battle_over_popup_closes_it_and_does_not_quit() {
    for case in [&CASES[1], &CASES[3]] {
        let t = battle_over(case);
        t.ui(|ui| {
            assert!(matches!(ui.app.mode, Mode::Summary), "{:?}", ui.app.mode);
            ui.keys("4");
            assert!(matches!(ui.app.mode, Mode::Summary));
            assert!(ui.screen(80, 24).contains("4 does nothing here"));
            ui.keys("u");
            assert!(
                matches!(ui.app.mode, Mode::Summary),
                "u is answered, not undone"
            );
            assert!(ui.app.battle().state().is_over());
            ui.keys("q");
            assert!(matches!(ui.app.mode, Mode::Main));
            assert!(!ui.app.quit, "{}: q closed the account only", case.ruleset);
            // From the main screen, q quits as always.
            ui.keys("q");
            assert!(ui.app.quit);
        });
    }
}

// ---- the markers popup --------------------------------------------------------------------------

#[test]
fn the_markers_popup_lists_the_markers_of_the_unit_s_kind_aligned() {
    for case in &CASES {
        let t = Table::given(case.scenario);
        t.ui(|ui| {
            ui.select(case.marked).keys("x");
            assert!(matches!(ui.app.mode, Mode::Markers));
            let u = ui.app.selected_unit().unwrap();
            let kind = ui.app.battle().roster.units[u].kind.clone();
            let listed = ui.app.unit_markers(u);
            assert!(listed.iter().all(|m| m.applies_to(&kind)));
            if let Some(not_listed) = case.not_listed {
                assert!(
                    !listed.iter().any(|m| m.badge == not_listed),
                    "{}: {not_listed} does not apply to a {kind}",
                    case.ruleset,
                );
            }
            let screen = ui.screen(120, 40);
            // The badges start in one column.
            let cols: Vec<usize> = rows(&screen)
                .iter()
                .filter_map(|r| {
                    listed
                        .iter()
                        .find_map(|m| r.find(&format!("] {} ", m.badge)).map(|_| r))
                })
                .map(|r| r.chars().position(|c| c == ']').unwrap())
                .collect();
            assert_eq!(cols.len(), listed.len(), "{screen}");
            assert!(cols.windows(2).all(|w| w[0] == w[1]), "{screen}");
            snapshot(&format!("{}_markers_popup", case.ruleset), ui);
        });
    }
}

/// > The marker popup reaches every marker (type a badge or move with the arrows: today
/// > Scruby's markers 10–14 cannot be reached, typing `12` opens marker 1)
#[test]
fn the_markers_popup_reaches_every_marker_by_number_badge_or_arrow() {
    // A Hats of Tin infantry unit: more than nine markers.
    let t = Table::given(CASES[3].scenario);
    t.ui(|ui| {
        ui.select("z1").keys("x");
        let u = ui.app.selected_unit().unwrap();
        let listed = ui.app.unit_markers(u);
        assert!(listed.len() > 9, "{}", listed.len());
        // Typing 11 reaches the eleventh; space sets it.
        ui.keys("11");
        assert_eq!(ui.app.marker_pick.cursor, 10);
        let eleventh = listed[10];
        ui.keys(" ");
        assert!(matches!(ui.app.mode, Mode::Markers | Mode::Prompt { .. }));
        if let Mode::Prompt { .. } = ui.app.mode {
            ui.keys("1").enter();
        }
        snapshot("hats_of_tin_markers_popup_eleventh_set", ui);
        // The arrows reach the last, and the first again.
        for _ in 0..listed.len() + 2 {
            ui.key(KeyCode::Down);
        }
        assert_eq!(ui.app.marker_pick.cursor, listed.len() - 1);
        ui.key(KeyCode::Home);
        assert_eq!(ui.app.marker_pick.cursor, 0);
        // A badge, typed in any case.
        let target = listed[9];
        ui.keys(&target.badge.to_lowercase());
        assert_eq!(ui.app.marker_pick.cursor, 9, "{}", target.badge);
        // A number past the last is answered, the highlight stays.
        ui.keys("0");
        assert_eq!(ui.app.marker_pick.cursor, 9);
        assert!(ui.screen(80, 24).contains("no marker 0"));
        ui.esc();
        assert!(matches!(ui.app.mode, Mode::Main));
        assert!(ui.app.battle().state().units[u].has(eleventh.id));
    });
    t.state();
    // Scruby: typed 12 is never marker 1; a badge reaches any marker of a line regiment.
    let t = Table::given(CASES[0].scenario);
    t.ui(|ui| {
        ui.select("au-l3").keys("x");
        let listed = ui.app.unit_markers(ui.app.selected_unit().unwrap());
        ui.keys("flank");
        let flank = listed.iter().position(|m| m.badge == "FLANK").unwrap();
        assert_eq!(ui.app.marker_pick.cursor, flank);
        ui.keys(" ");
        ui.keys("12");
        assert_ne!(ui.app.marker_pick.cursor, 0, "12 is never marker 1");
        ui.esc();
    });
    assert!(t.state().unit("au-l3").has("flank_fire"));
}

/// > and asks for a side by its id, not its number (where it asks for a side)
#[test]
fn the_markers_popup_asks_for_a_side_by_its_id() {
    let t = Table::given(CASES[0].scenario);
    t.ui(|ui| {
        ui.select("au-gun").keys("x");
        ui.keys("capt ");
        let Mode::Prompt { .. } = ui.app.mode else {
            panic!("a side is asked for: {:?}", ui.app.mode)
        };
        let screen = ui.screen(80, 24);
        assert!(screen.contains("side (au, fr)"), "{screen}");
        // A number is not a side's id.
        ui.keys("2").enter();
        assert!(ui.screen(80, 24).contains("no side \"2\""));
        ui.key(KeyCode::Backspace).keys("fr").enter();
        assert!(matches!(ui.app.mode, Mode::Markers));
        let screen = ui.screen(120, 40);
        assert!(screen.contains("[fr]"), "{screen}");
        // The log says whose, by id.
        assert!(screen.contains("CAPT set to fr by hand"), "{screen}");
    });
    assert_eq!(t.state().unit("au-gun").marker("captured"), Some(2));
    // No third side.
    let mut t = t;
    t.when("mark au-gun captured 3")
        .refused(&["cannot hold 3", "2 sides"]);
}

/// Each marker's declaration says which unit kinds it applies to, and a marker that holds a side
/// says so: `umpire rulesets ID --json` gives both.
#[test]
fn a_marker_declares_its_unit_kinds_and_a_side_marker_its_kind() {
    let mut out = Vec::new();
    let mut err = Vec::new();
    let code = umpire::cli::run_with_input(
        ["umpire", "rulesets", "scruby", "--json"],
        &mut "".as_bytes(),
        &mut out,
        &mut err,
    );
    assert_eq!(code, std::process::ExitCode::SUCCESS);
    let json: serde_json::Value = serde_json::from_slice(&out).unwrap();
    let marker = |id: &str| {
        json["markers"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["id"] == id)
            .unwrap()
            .clone()
    };
    let captured = marker("captured");
    assert_eq!(captured["kind"], "side");
    assert_eq!(
        captured["unit_kinds"],
        serde_json::json!(["cannon", "horse-artillery"])
    );
    assert_eq!(
        marker("road_column")["unit_kinds"],
        serde_json::json!(["line", "light", "grenadier"])
    );
}
