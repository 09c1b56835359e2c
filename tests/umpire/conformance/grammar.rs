//! One grammar at the table for all four rule sets: with the actor selected, a procedure is its
//! key, a fragment of the target's name, `tab`, the range and `enter` — a shot at most 8 keys with
//! a two-letter fragment — and every form's inputs stand in one order (the actor, the target, the
//! range, the rest). The keys of a shot, a melee or assault, the next phase and an undo are
//! measured here, rule set by rule set, and README.md's key table is held to the measure.

use crate::support::kit::Table;
use crate::support::tui::Keys;

/// One thing done at the table by keys: the battle so far, the unit selected, the keys typed
/// (`\t` tab, `\n` enter), and the ids the new journal line names.
struct Moment {
    script: &'static str,
    select: &'static str,
    keys: &'static str,
    names: &'static [&'static str],
}

/// A rule set's battle and its four measured moments.
struct Grammar {
    ruleset: &'static str,
    scenario: &'static str,
    shot: Moment,
    melee: Option<Moment>,
    next: Moment,
    undo: Moment,
}

const SCRUBY_TO_RIFLE: &str = "next --dice 5,2\nnext\nnext\nnext";
const FFT3_TO_FIRE: &str = "artillery --stands t4,t5 --dice 6,5,4\nnext\nnext";

const GRAMMARS: [Grammar; 4] = [
    Grammar {
        ruleset: "scruby",
        scenario: include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/rosters/scruby-learning.toml"
        )),
        shot: Moment {
            script: SCRUBY_TO_RIFLE,
            select: "au-l3",
            keys: "f4e\t5\n",
            names: &["au-l3", "fr-l1"],
        },
        melee: Some(Moment {
            script: "next --dice 5,2\nnext\nnext\nnext\nnext",
            select: "au-l3",
            keys: "m4e\n",
            names: &["au-l3", "fr-l1"],
        }),
        next: Moment {
            script: SCRUBY_TO_RIFLE,
            select: "au-l3",
            keys: "ny",
            names: &[],
        },
        undo: Moment {
            script: "next --dice 5,2\nnext\nnext\nnext\nrifle --firer-unit au-l3 --target-unit fr-l1 --range 5",
            select: "au-l3",
            keys: "u",
            names: &[],
        },
    },
    Grammar {
        ruleset: "newport",
        scenario: include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/rosters/newport-company-action.toml"
        )),
        shot: Moment {
            script: "next",
            select: "1-1",
            keys: "fSt\t2\n",
            names: &["1-1", "stug"],
        },
        melee: Some(Moment {
            script: "next",
            select: "1-1",
            keys: "cSt\n",
            names: &["1-1", "stug"],
        }),
        next: Moment {
            script: "next",
            select: "1-1",
            keys: "ny",
            names: &[],
        },
        undo: Moment {
            script: "next\nfire --firer 1-1 --target stug --range 2",
            select: "1-1",
            keys: "u",
            names: &[],
        },
    },
    Grammar {
        ruleset: "fft3",
        scenario: include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/fft3/skirmish.toml"
        )),
        shot: Moment {
            script: FFT3_TO_FIRE,
            select: "p1",
            keys: "fTr\t8\n",
            names: &["p1", "tr1"],
        },
        melee: None,
        next: Moment {
            script: FFT3_TO_FIRE,
            select: "p1",
            keys: "ny",
            names: &[],
        },
        undo: Moment {
            script: "artillery --stands t4,t5 --dice 6,5,4\nnext\nnext\nanti-vehicle --firer p1 --target tr1 --range 8",
            select: "p1",
            keys: "u",
            names: &[],
        },
    },
    Grammar {
        ruleset: "hats-of-tin",
        scenario: include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/hats-of-tin/village.toml"
        )),
        shot: Moment {
            script: "next --dice 3",
            select: "z1",
            keys: "fCK\t2\n",
            names: &["z1", "ckm"],
        },
        melee: Some(Moment {
            script: "next --dice 3",
            select: "z1",
            keys: "aCK\n",
            names: &["z1", "ckm"],
        }),
        next: Moment {
            script: "next --dice 3",
            select: "z1",
            keys: "ny",
            names: &[],
        },
        undo: Moment {
            script: "next --dice 3\nshoot --firer z1 --target p2 --range 2",
            select: "z1",
            keys: "u",
            names: &[],
        },
    },
];

/// The keys as README.md writes them: `f 4e ⇥ 5 ⏎`, and how many.
fn written(keys: &str) -> String {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut first = true;
    for c in keys.chars() {
        let alone = match c {
            '\t' => Some("⇥"),
            '\n' => Some("⏎"),
            _ => None,
        };
        match alone {
            Some(k) => {
                if !word.is_empty() {
                    out.push(std::mem::take(&mut word));
                }
                out.push(k.to_string());
            }
            None if first => out.push(c.to_string()),
            None => word.push(if c == ' ' { '␣' } else { c }),
        }
        first = false;
    }
    if !word.is_empty() {
        out.push(word);
    }
    format!("`{}` ({})", out.join(" "), keys.chars().count())
}

/// Plays `m` by keys on a battle of `g` and checks that it was recorded, naming its units.
#[track_caller]
fn play(g: &Grammar, what: &str, m: &Moment) {
    let t = Table::given(g.scenario).played(m.script);
    let records = t.state().0["records"].as_u64().unwrap();
    let screen = t.ui(|ui| {
        ui.select(m.select);
        for c in m.keys.chars() {
            match c {
                '\t' => ui.tab(),
                '\n' => ui.enter(),
                c => ui.keys(&c.to_string()),
            };
        }
        ui.screen(120, 40)
    });
    let s = t.state();
    // A phase ended may carry out automatic phases after it, each a record.
    let more = s.0["records"].as_u64().unwrap() - records;
    assert!(
        more == 1 || (what == "next phase" && more > 1),
        "{} {what} by {:?}: {more} records more\n{screen}",
        g.ruleset,
        m.keys
    );
    let out = std::fs::read_to_string(t.j()).unwrap();
    let last = out.lines().last().unwrap();
    for id in m.names {
        assert!(
            last.contains(&format!("\"{id}\"")),
            "{} {what}: {last}",
            g.ruleset
        );
    }
}

#[test]
fn a_shot_is_at_most_eight_keys_in_every_rule_set() {
    for g in &GRAMMARS {
        assert!(g.shot.keys.chars().count() <= 8, "{}", g.ruleset);
        // The fragment is two letters of the target's name.
        play(g, "shot", &g.shot);
    }
}

#[test]
fn a_melee_or_assault_the_next_phase_and_an_undo_are_the_keys_measured() {
    for g in &GRAMMARS {
        if let Some(m) = &g.melee {
            play(g, "melee", m);
        }
        play(g, "next phase", &g.next);
        play(g, "undo", &g.undo);
    }
}

/// README.md's key table gives, per rule set, the keys measured here.
#[test]
fn the_readme_key_table_is_the_measure() {
    let readme = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"));
    for g in &GRAMMARS {
        let row = format!(
            "| `{}` | {} | {} | {} | {} |",
            g.ruleset,
            written(g.shot.keys),
            g.melee
                .as_ref()
                .map_or("none in these rules".to_string(), |m| written(m.keys)),
            written(g.next.keys),
            written(g.undo.keys),
        );
        assert!(
            readme.lines().any(|l| l == row),
            "README.md's key table must have the row\n{row}"
        );
    }
}

/// An FFT3 template over three stands is at most 12 keys before its dice: in a list of units, a
/// fragment of a stand's name, a comma (which takes the highlighted stand and starts the next),
/// and `enter` after the last.
#[test]
fn an_fft3_template_over_three_stands_is_at_most_twelve_keys() {
    let t = Table::given(include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/fft3/skirmish.toml"
    )));
    let keys = "aT-,T-,T-\n";
    assert!(keys.chars().count() <= 12);
    t.ui(|ui| {
        for (i, c) in keys.chars().enumerate() {
            if i == 3 {
                // The list under the input says how to add another stand.
                for (w, h) in [(120, 40), (80, 24)] {
                    let screen = ui.screen(w, h);
                    assert!(
                        screen.contains("▸ t1") && screen.contains(", take it and add one"),
                        "{screen}"
                    );
                }
            }
            match c {
                '\n' => ui.enter(),
                c => ui.keys(&c.to_string()),
            };
        }
    });
    assert_eq!(
        t.state().0["records"].as_u64().unwrap(),
        2,
        "the template was recorded"
    );
    let out = std::fs::read_to_string(t.j()).unwrap();
    let last = out.lines().last().unwrap();
    assert!(last.contains(r#"["t1","t2","t3"]"#), "{last}");
}
