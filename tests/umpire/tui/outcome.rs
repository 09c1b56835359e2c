//! The battle's result on the umpire's screen, in Grid skirmish, Scruby, FFT3 and Hats of Tin: `W`
//! records it in the umpire's words (journaled, undone with `u`), the battle's account shows it
//! first, and `w` in the account writes every copy of the report beside the journal — the
//! umpire's, each side's and the public one — named as `umpire report` names them. Snapshots at
//! 120×40 and 80×24. (After an opportunity fire, on Newport's screen: `rules::newport::tui`.)

use crate::support::cli::{Played, ok};
use crate::support::tui::*;
use chrono::{DateTime, TimeZone, Utc};
use umpire::battle::session::Session;
use umpire::tui::App;
use umpire::tui::app::Mode;
use umpire::tui::keymap::Keymap;

const ROSTERS: [(&str, &str); 4] = [
    ("scruby", "scruby-learning.toml"),
    ("grid", "grid-crossroads.toml"),
    ("fft3", "fft3-american-company.toml"),
    ("hats_of_tin", "hats-of-tin-learning.toml"),
];

fn roster(file: &str) -> String {
    format!("{}/rosters/{file}", env!("CARGO_MANIFEST_DIR"))
}

fn clock() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(1809, 4, 20, 18, 0, 0).unwrap()
}

struct Ui {
    app: App,
}

impl Keys for Ui {
    fn app_mut(&mut self) -> &mut App {
        &mut self.app
    }
    fn app(&self) -> &App {
        &self.app
    }
}

/// The umpire's screen on `b`'s battle, colour off.
fn ui(b: &Played) -> Ui {
    let (session, _) = Session::resume(&b.journal).unwrap();
    let keymap = Keymap::defaults(session.battle().ruleset);
    let mut app = App::new(session, keymap, clock);
    app.color = false;
    Ui { app }
}

#[test]
fn w_records_the_result_and_the_account_shows_it_first_in_every_rule_set() {
    for (id, file) in ROSTERS {
        let b = Played::battle(roster(file), "");
        {
            let mut ui = ui(&b);
            ui.keys("W");
            assert!(
                matches!(ui.app.mode, Mode::Prompt { .. }),
                "{id}: {:?}",
                ui.app.mode
            );
            let asked = screen(&ui.app, 80, 24);
            assert!(
                asked.contains("the result, in your words (who won, and why): "),
                "{id}\n{asked}"
            );
            ui.keys(
                "A hard-won draw: both sides hold their ground at nightfall, and the \
                     umpire calls it even after a long evening at the table",
            )
            .enter();
            assert!(matches!(ui.app.mode, Mode::Main), "{id}: {:?}", ui.app.mode);
            assert_eq!(
                ui.app.session.battle().state().result.as_deref(),
                Some(
                    "A hard-won draw: both sides hold their ground at nightfall, and the umpire \
                     calls it even after a long evening at the table"
                ),
                "{id}"
            );
            // The account (here opened by hand: the battle is not over) shows it first, wrapped.
            ui.app.mode = Mode::Summary;
            for (w, h) in [(120, 40), (80, 24)] {
                let shown = screen(&ui.app, w, h);
                assert!(shown.contains("Result: A hard-won draw"), "{id}\n{shown}");
                assert!(shown.contains("at the table"), "{id} {w}x{h}: cut\n{shown}");
                // The account counts in the rule set's own nouns: FFT3's units are stands.
                if id == "fft3" {
                    assert!(shown.contains("18 stands · 18 in play · 0 lost"), "{shown}");
                }
                insta::assert_snapshot!(format!("result_in_the_account_{id}_{w}x{h}"), shown);
            }
        }
        // It is in the journal: the report puts it first; an undo takes it back.
        let md = b.report("md", &[]);
        assert!(
            md.contains("**Result, in the umpire's words:** A hard-won draw"),
            "{id}\n{md}"
        );
        let mut ui = ui(&b);
        ui.keys("u");
        assert_eq!(ui.app.session.battle().state().result, None, "{id}");
    }
}

#[test]
fn w_in_the_account_writes_every_copy_of_the_report_in_every_rule_set() {
    for (id, file) in ROSTERS {
        let b = Played::battle(roster(file), "");
        ok("", &["result", b.j(), "The", "defenders", "held"]);
        let mut ui = ui(&b);
        ui.app.mode = Mode::Summary;
        ui.keys("w");
        assert!(
            matches!(ui.app.mode, Mode::Summary),
            "{id}: the account stays open"
        );
        let sides: Vec<String> = ui
            .app
            .session
            .battle()
            .roster
            .sides
            .iter()
            .map(|s| s.id.clone())
            .collect();
        let dir = b.journal.parent().unwrap();
        let mut names = vec!["battle.report.html".to_string()];
        names.extend(sides.iter().map(|s| format!("battle.report.{s}.html")));
        names.push("battle.report.public.html".into());
        for name in &names {
            let html = std::fs::read_to_string(dir.join(name))
                .unwrap_or_else(|e| panic!("{id}: {name}: {e}"));
            assert!(
                html.contains("<strong>Result, in the umpire's words:</strong> The defenders held"),
                "{id}: {name}"
            );
        }
        // The same files, byte for byte, as `umpire report` writes for each copy.
        for (i, name) in names.iter().enumerate() {
            let mut args: Vec<&str> = Vec::new();
            let side;
            if i > 0 && i <= sides.len() {
                side = sides[i - 1].clone();
                args.extend(["--side", side.as_str()]);
            } else if i > sides.len() {
                args.push("--public");
            }
            let expected = b.report("html", &args);
            assert_eq!(
                std::fs::read_to_string(dir.join(name)).unwrap(),
                expected,
                "{id}: {name}"
            );
        }
        let message = &ui.app.message.as_ref().unwrap().0;
        let shown: Vec<String> = std::iter::once("battle.report.html".to_string())
            .chain(sides.iter().map(|s| format!(".{s}.html")))
            .chain(std::iter::once(".public.html".to_string()))
            .collect();
        assert_eq!(
            *message,
            format!("reports written: {}", shown.join(", ")),
            "{id}"
        );
        for (w, h) in [(120, 40), (80, 24)] {
            let screen = screen(&ui.app, w, h);
            assert!(
                screen.contains("reports written: battle.report.html, ."),
                "{id} {w}x{h}\n{screen}"
            );
            insta::assert_snapshot!(format!("reports_written_{id}_{w}x{h}"), screen);
        }
    }
}

#[test]
fn enter_on_a_unit_says_whole_what_it_does_in_every_rule_set() {
    for (id, file) in ROSTERS {
        let b = Played::battle(roster(file), "");
        let mut ui = ui(&b);
        // A unit in a formation where the roster has them (Hats of Tin's are the side's own).
        let (unit, up) = {
            let r = &ui.app.battle().roster;
            let open = |u: usize| r.column_of(u).is_none();
            let u = (0..r.units.len())
                .find(|&u| r.units[u].formation.is_some() && open(u))
                .or_else(|| (0..r.units.len()).find(|&u| open(u)))
                .unwrap();
            let up = match r.units[u].formation {
                Some(f) => r.formations[f].name.clone(),
                None => r.sides[r.units[u].side].name.clone(),
            };
            (r.units[u].id.clone(), up)
        };
        ui.keys(":").keys(&unit).enter();
        let before = ui.app.selected_unit();
        ui.enter();
        assert_eq!(ui.app.selected_unit(), before, "{id}");
        let (text, _) = ui.app.message.clone().unwrap();
        assert_eq!(
            text,
            format!("a unit does not fold; ← goes up to {up}"),
            "{id}"
        );
        // ← does what it says.
        ui.key(ratatui::crossterm::event::KeyCode::Left);
        assert_eq!(
            ui.app.selected_unit(),
            None,
            "{id}: on the formation's line"
        );
        if id == "fft3" {
            ui.keys(":").keys(&unit).enter().enter();
            for (w, h) in [(120, 40), (80, 24)] {
                let shown = screen(&ui.app, w, h);
                assert!(shown.contains(&format!("← goes up to {up} ")), "{shown}");
                insta::assert_snapshot!(format!("enter_on_a_unit_{w}x{h}"), shown);
            }
        }
    }
}

/// The screen's rows below the roster, each trimmed, joined by spaces.
fn bottom_rows(shown: &str, rows: usize) -> String {
    let lines: Vec<&str> = shown.lines().collect();
    lines[lines.len() - rows..]
        .iter()
        .map(|l| l.trim_matches('"').trim())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn a_keys_toml_error_is_shown_whole_in_every_rule_set() {
    for (id, file) in ROSTERS {
        let b = Played::battle(roster(file), "");
        let mut ui = ui(&b);
        let ruleset = ui.app.battle().ruleset;
        let e = Keymap::defaults(ruleset)
            .patch("[keys]\nnext_phsae = \"n\"\n", ruleset)
            .unwrap_err();
        // As `umpire play` says it (Keymap::load), with a long configuration path.
        let warning = format!(
            "/home/an-umpire-with-a-long-name/.config/umpire/keys.toml: {e} (using the default keys)"
        );
        ui.app.message = Some((warning.clone(), umpire::tui::app::Level::Error));
        for (w, h) in [(120, 40), (80, 24)] {
            let shown = screen(&ui.app, w, h);
            assert!(
                bottom_rows(&shown, 3).contains(&warning),
                "{id} {w}x{h}: not whole\n{shown}"
            );
            if id == "grid" {
                insta::assert_snapshot!(format!("keys_toml_error_{w}x{h}"), shown);
            }
        }
        // The next key brings the hints back.
        ui.keys("j");
        let shown = screen(&ui.app, 80, 24);
        assert!(!shown.contains("keys.toml"), "{id}\n{shown}");
    }
}
