//! A marker that names a unit, set by hand from the markers popup: asked for by the unit's id (in
//! any case, with the nearest id when there is none such), shown by its id, as a marker that
//! holds a side is.

use crate::support::kit::Table;
use crate::support::tui::Keys;
use ratatui::crossterm::event::KeyCode;
use umpire::tui::app::Mode;

const VILLAGE: &str = include_str!("../../fixtures/hats-of-tin/village.toml");

#[test]
fn the_markers_popup_asks_for_a_unit_by_its_id_and_shows_it() {
    let t = Table::given(VILLAGE);
    t.ui(|ui| {
        // The subordinate, with no unit: his WITH marker asks for one.
        ui.select("lt").keys("x");
        ui.keys("with ");
        let Mode::Prompt { .. } = ui.app.mode else {
            panic!("a unit is asked for: {:?}", ui.app.mode)
        };
        let screen = ui.screen(100, 30);
        assert!(screen.contains("Attached: unit id"), "{screen}");
        // Neither a number nor an id the battle does not have is a unit.
        ui.keys("4").enter();
        assert!(matches!(ui.app.mode, Mode::Prompt { .. }));
        assert!(ui.screen(100, 30).contains("no unit \"4\""));
        ui.key(KeyCode::Backspace).keys("lkv").enter();
        let screen = ui.screen(100, 30);
        assert!(
            screen.contains("no unit \"lkv\" (did you mean `lkw`?): give a unit's id"),
            "{screen}"
        );
        // An id, in any case.
        for _ in 0..3 {
            ui.key(KeyCode::Backspace);
        }
        ui.keys("Z2").enter();
        assert!(matches!(ui.app.mode, Mode::Markers), "{:?}", ui.app.mode);
        let screen = ui.screen(120, 40);
        assert!(screen.contains("[z2] WITH"), "{screen}");
        assert!(screen.contains("WITH set to z2 by hand"), "{screen}");
        // Space clears it.
        ui.keys(" ");
        assert!(matches!(ui.app.mode, Mode::Markers));
        assert!(ui.screen(120, 40).contains("WITH cleared by hand"));
        ui.keys(" ").keys("z1").enter();
        ui.esc();
    });
    let s = t.state();
    assert_eq!(s.unit("lt").marker_unit("attached"), Some("z1"));
    assert!(
        s.unit("lt").badges().contains(&"WITH z1"),
        "{:?}",
        s.unit("lt").badges()
    );
}

#[test]
fn the_markers_popup_shows_a_unit_marker_set_by_the_rules_by_its_id() {
    // The platoon on its truck, from the scenario.
    let t = Table::given(VILLAGE);
    t.ui(|ui| {
        ui.select("z3").keys("x");
        let screen = ui.screen(120, 40);
        assert!(screen.contains("[lkw] ON "), "{screen}");
        ui.esc();
    });
}
