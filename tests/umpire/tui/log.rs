//! The log says what happened, first and short: each resolution reads "actor → target: result",
//! a long line wraps onto a second row instead of being cut, and the roster takes the width its
//! widest line needs so that the log has the rest — in Grid skirmish, Scruby, FFT3 and Hats of
//! Tin, at 120×40 and 80×24.

use crate::support::kit::{self, Table};
use crate::support::tui;

/// A battle of each rule set in which a shot, a melee or assault (Grid, which has none, a second
/// shot; FFT3, which has none, a template), a marker set by hand, phase changes and an undo have
/// been recorded.
struct Evening {
    ruleset: &'static str,
    scenario: &'static str,
    script: &'static str,
}

const EVENINGS: [Evening; 4] = [
    Evening {
        ruleset: "scruby",
        scenario: include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/rosters/scruby-learning.toml"
        )),
        script: "next --dice 5,2\nnext\nnext\nnext\n\
                 rifle --firer-unit au-l3 --target-unit fr-l1 --range 5\nnext\n\
                 melee --attacker-unit au-l3 --defender-unit fr-l1 --dice 2,5\n\
                 mark au-l1 retiring 3\nmark au-l2 retiring 2\nundo",
    },
    Evening {
        ruleset: "grid",
        scenario: include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/rosters/grid-crossroads.toml"
        )),
        script: "next\nfire --firer b1 --target r1 --range 2 --dice 5,2\n\
                 fire --firer bt --target rt1 --range 8 --cover --dice 6,6,1\n\
                 mark b2 fired\nmark rt2 fired\nundo",
    },
    Evening {
        ruleset: "fft3",
        scenario: include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/fft3/skirmish.toml"
        )),
        script: "artillery --stands t4,t5 --dice 6,5,4\nnext\nnext\n\
                 anti-vehicle --firer p1 --target t1 --range 8\n\
                 anti-infantry --firer p2 --target r3 --range 3\n\
                 mark t2 suppressed 1\nmark t3 suppressed 2\nundo",
    },
    Evening {
        ruleset: "hats_of_tin",
        scenario: include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/hats-of-tin/village.toml"
        )),
        script: "next --dice 3\nshoot --firer z1 --target p2 --range 2\n\
                 assault --attacker z2 --defender p1 --dice 6,6\n\
                 mark z3 overwatch\nmark mg overwatch\nundo",
    },
];

impl Evening {
    fn table(&self) -> Table {
        Table::given(self.scenario).played(self.script)
    }
}

/// The shot's line and the melee's (or Grid's and FFT3's second shot's) line of each evening, as
/// the log shows them: the actor's id, the target, then what it did.
const LINES: [(&str, &str, &str); 4] = [
    (
        "scruby",
        "au-l3 → fr-l1: one figure killed",
        "au-l3 → fr-l1: fr-l1 holds; au-l3 retires 3 moves",
    ),
    (
        "grid",
        "b1 → Red Rifles (r1): 1 hit",
        "bt → Red tank one (rt1): 2 hits",
    ),
    (
        "fft3",
        "p1 → T-34 1 (t1): 3 hits; penetration 2 4 3 2 5 2: one quality check, 6 against 5+: \
         passes; riders' quality check 5 against 5+: passes",
        "p2 → Riflemen 3 (r3): 3 hits; quality check 1 − 2 = −1 against 5+: eliminated",
    ),
    (
        "hats_of_tin",
        "z1 → 2 pluton (p2): 1 hit on p2",
        "z2 → 1 pluton (p1): 2 hits on z2; z2's reply waits for its hits to be taken",
    ),
];

/// The log pane's entries as drawn at `w`×`h`: each entry's rows joined back (a first row begins
/// with its number, the rows under it carry on its words), with how many rows it took. Fails
/// when a row is cut with "…".
fn drawn_entries(ui: &kit::Ui, w: u16, h: u16) -> Vec<(usize, String, usize)> {
    let terminal = tui::draw(&ui.app, w, h);
    let log = ui.app.areas.get().log;
    let buf = terminal.backend().buffer();
    let mut entries: Vec<(usize, String, usize)> = Vec::new();
    for y in log.y + 1..log.y + log.height - 1 {
        let row: String = (log.x + 1..log.x + log.width - 1)
            .map(|x| buf[(x, y)].symbol())
            .collect();
        if row.trim().is_empty() {
            continue;
        }
        assert!(!row.trim_end().ends_with('…'), "a row cut: {row:?}");
        // A first row is its number in three columns and a space; the rows under it begin
        // with four spaces.
        if row.starts_with("    ") {
            let last = entries.last_mut().expect("a first row with its number");
            last.1.push(' ');
            last.1.push_str(row.trim());
            last.2 += 1;
        } else {
            let (head, rest) = row.trim_start().split_once(' ').unwrap();
            let n = head.parse().expect("a first row begins with its number");
            entries.push((n, rest.trim_end().to_string(), 1));
        }
    }
    entries
}

#[test]
fn each_resolution_says_who_then_whom_then_what_happened_in_every_rule_set() {
    for (e, (ruleset, shot, fight)) in EVENINGS.iter().zip(LINES) {
        assert_eq!(e.ruleset, ruleset);
        let t = e.table();
        t.ui(|ui| {
            let n = ui.app.battle().history().entries().len();
            let lines: Vec<String> = (0..n).map(|i| ui.app.log_line(i)).collect();
            for wanted in [shot, fight] {
                assert!(
                    lines.iter().any(|l| l == wanted),
                    "{ruleset}: {wanted:?} in {lines:#?}"
                );
            }
            // The whole summary is still the entry's, for the search and the result.
            let k = lines.iter().position(|l| l == shot).unwrap();
            assert_ne!(ui.app.log_text(k), shot, "{ruleset}");
            // Every entry is drawn whole, at both sizes, however many rows it takes.
            for (w, h) in [(120, 40), (80, 24)] {
                let drawn = drawn_entries(ui, w, h);
                assert_eq!(drawn.last().map(|d| d.0), Some(n), "{ruleset} {w}×{h}");
                for (number, text, _) in &drawn {
                    assert_eq!(
                        text,
                        &lines[number - 1],
                        "{ruleset} {w}×{h}: entry {number}"
                    );
                }
            }
        });
    }
}

#[test]
fn a_long_outcome_is_shown_whole_on_two_lines() {
    // Hats of Tin's assault: its outcome and the reply still to come, longer than the log is wide.
    let t = Table::given(EVENINGS[3].scenario)
        .played("next --dice 3\nassault --attacker z2 --defender p1 --dice 6,6");
    t.ui(|ui| {
        let (_, _, assault) = LINES[3];
        for (w, h) in [(120, 40), (80, 24)] {
            let drawn = drawn_entries(ui, w, h);
            let (_, text, rows) = drawn.last().expect("the assault's entry");
            assert_eq!(text, assault, "whole, its outcome to the end, at {w}×{h}");
            assert!(*rows >= 2, "on more than one row at {w}×{h}");
            if w == 120 {
                assert_eq!(*rows, 2, "on two rows of the log at {w}×{h}");
            }
        }
    });
}

#[test]
fn a_shot_resolved_with_keys_is_logged_and_told_first_and_short() {
    // b1 fires at r1 from the screen, with the faces typed.
    let t = Table::given(EVENINGS[1].scenario).played("next");
    t.ui(|ui| {
        use tui::Keys;
        ui.keys(":b1")
            .enter()
            .keys("fr1")
            .tab()
            .keys("2")
            .ctrl('d')
            .keys("5 2")
            .enter();
        ui.esc();
        let said = ui.app.message.clone().expect("a message").0;
        assert_eq!(said, "b1 → Red Rifles (r1): 1 hit");
        let drawn = drawn_entries(ui, 80, 24);
        assert_eq!(drawn.last().unwrap().1, said);
    });
}

#[test]
fn a_long_status_line_wraps_onto_a_second_row_at_a_space() {
    let t = Table::given(EVENINGS[1].scenario).played(
        "next\nnote The red tanks wait behind the ridge until the blue rifles have crossed the stream",
    );
    t.ui(|ui| {
        use tui::Keys;
        // Undo the note: the status line says what was taken back, longer than the screen.
        ui.keys("u");
        let said = ui.app.message.clone().expect("a message").0;
        assert!(
            said.starts_with("undone: Note: The red tanks wait behind the ridge"),
            "{said}"
        );
        let screen = ui.screen(80, 24);
        let rows: Vec<&str> = screen.lines().collect();
        // The two rows above the key hints hold the message whole, broken at a space.
        let first = rows[rows.len() - 3].trim_matches('"').trim_end();
        let second = rows[rows.len() - 2].trim_matches('"').trim();
        assert_eq!(format!("{} {second}", first.trim_start()), said, "{screen}");
        assert!(!first.ends_with('…') && !second.ends_with('…'), "{screen}");
    });
}

/// The roster pane's width at 120×40, checked against its lines as drawn: as wide as the widest
/// (with its borders), but no narrower than 30% of the screen and no wider than 55%; the log
/// takes the rest.
fn roster_width_as_drawn(ui: &kit::Ui, what: &str) -> u16 {
    let terminal = tui::draw(&ui.app, 120, 40);
    let roster = ui.app.areas.get().roster;
    let log = ui.app.areas.get().log;
    let buf = terminal.backend().buffer();
    let widest = (roster.y + 1..roster.y + roster.height - 1)
        .map(|y| {
            (roster.x + 1..roster.x + roster.width - 1)
                .map(|x| buf[(x, y)].symbol())
                .collect::<String>()
                .trim_end()
                .chars()
                .count()
        })
        .max()
        .unwrap();
    let (least, most) = (120 * 30 / 100, 120 * 55 / 100);
    if roster.width == least {
        assert!(
            widest + 2 <= usize::from(least),
            "{what}: at least 30%, and only where its lines need less"
        );
    } else if roster.width < most {
        assert_eq!(
            usize::from(roster.width),
            widest + 2,
            "{what}: the roster as wide as its widest line"
        );
    } else {
        assert_eq!(roster.width, most, "{what}: at most 55%");
    }
    assert_eq!(log.x + log.width, 120, "{what}: the log takes the rest");
    roster.width
}

#[test]
fn the_roster_takes_the_width_of_its_widest_line_and_the_log_the_rest() {
    for e in &EVENINGS {
        let t = e.table();
        t.ui(|ui| {
            use tui::Keys;
            let open = roster_width_as_drawn(ui, e.ruleset);
            if e.ruleset == "fft3" {
                assert!(
                    open < 66,
                    "FFT3's roster is narrow: it leaves the rest to the log"
                );
            }
            // Folded, its lines are others: the width follows them, and comes back unfolded.
            ui.keys("z");
            roster_width_as_drawn(ui, &format!("{} folded", e.ruleset));
            ui.keys("Z");
            assert_eq!(roster_width_as_drawn(ui, e.ruleset), open);
        });
    }
}

#[test]
fn snapshot_the_log_in_every_rule_set() {
    for e in &EVENINGS {
        let t = e.table();
        for (w, h) in [(120, 40), (80, 24)] {
            insta::assert_snapshot!(format!("log_{}_{w}x{h}", e.ruleset), t.screen(w, h));
        }
    }
}
