//! One grammar at the table for all four rule sets: with the firer selected, a shot is its key, a
//! fragment of the target's name, `tab`, the range and `enter` — at most 8 keys with a two-letter
//! fragment — and the form's inputs stand in one order (the actor, the target, the range, the
//! rest).

use crate::kit::Table;
use crate::tui::Keys;

/// A battle at the moment a shot may be fired, the firer, the procedure's key, two letters of the
/// target's name, the target's id and the range.
struct Shot {
    scenario: &'static str,
    script: &'static str,
    firer: &'static str,
    key: &'static str,
    fragment: &'static str,
    target: &'static str,
    range: &'static str,
}

const SHOTS: [Shot; 4] = [
    Shot {
        scenario: include_str!("../../rosters/scruby-learning.toml"),
        script: "next --dice 5,2\nnext\nnext\nnext",
        firer: "au-l3",
        key: "f",
        fragment: "4e",
        target: "fr-l1",
        range: "5",
    },
    Shot {
        scenario: include_str!("../../rosters/newport-company-action.toml"),
        script: "next",
        firer: "1-1",
        key: "f",
        fragment: "St",
        target: "stug",
        range: "2",
    },
    Shot {
        scenario: include_str!("../fixtures/fft3/skirmish.toml"),
        script: "artillery --stands t4,t5 --dice 6,5,4\nnext\nnext",
        firer: "p1",
        key: "f",
        fragment: "Tr",
        target: "tr1",
        range: "8",
    },
    Shot {
        scenario: include_str!("../fixtures/hats-of-tin/village.toml"),
        script: "next --dice 3",
        firer: "z1",
        key: "f",
        fragment: "2 ",
        target: "p2",
        range: "2",
    },
];

#[test]
fn a_shot_is_at_most_eight_keys_in_every_rule_set() {
    for shot in SHOTS {
        let t = Table::given(shot.scenario).played(shot.script);
        let records = t.state().0["records"].as_u64().unwrap();
        let keys = format!("{}{}\t{}\n", shot.key, shot.fragment, shot.range);
        let typed = keys.chars().count();
        assert!(typed <= 8, "{typed} keys: {keys:?}");
        t.ui(|ui| {
            ui.keys(":").keys(shot.firer).enter();
            for c in keys.chars() {
                match c {
                    '\t' => {
                        ui.tab();
                    }
                    '\n' => {
                        ui.enter();
                    }
                    c => {
                        ui.keys(&c.to_string());
                    }
                }
            }
        });
        let s = t.state();
        assert_eq!(
            s.0["records"].as_u64().unwrap(),
            records + 1,
            "{}: the shot was recorded",
            shot.firer
        );
        let out = String::from_utf8(std::fs::read(t.j()).unwrap()).unwrap();
        let last = out.lines().last().unwrap();
        assert!(
            last.contains(&format!("\"{}\"", shot.target))
                && last.contains(&format!("\"{}\"", shot.firer)),
            "{last}"
        );
    }
}
