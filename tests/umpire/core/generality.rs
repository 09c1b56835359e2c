//! What the core offers every rule set beyond Newport's needs, tested through its public API:
//! concealed units and who may see them, exposure and its undo, phases both sides play at once,
//! and timers counted down at the end of a move. The scenario is the valid Scruby "everything"
//! fixture, which hides the French cannon behind stand 1 and a Line regiment and a cuirassier
//! squadron behind stand 2.

use umpire::declare::{MarkerDef, MarkerKind, PhaseDef, Tone};
use umpire::model::roster::Roster;
use umpire::model::state::{BattleState, Effect};
use umpire::model::timers::count_down;
use umpire::model::{BattleView, Viewer};
use umpire::scenario::{self, Scenario};

fn scenario() -> Scenario {
    let path = "tests/fixtures/scenarios/valid/scruby-everything.toml";
    let source = std::fs::read_to_string(path).unwrap();
    scenario::parse(path, &source).unwrap()
}

const PHASES: &[PhaseDef] = &[
    PhaseDef {
        id: "cannon",
        name: "Cannon fire",
        automatic: false,
        simultaneous: false,
        help: "the high roller's guns, then the other side's",
    },
    PhaseDef {
        id: "rifle",
        name: "Rifle fire",
        automatic: false,
        simultaneous: true,
        help: "both sides fire at once",
    },
];

const RETIRING: MarkerDef = MarkerDef {
    id: "retiring",
    badge: "RET",
    help: "Retiring: moves away from the enemy, may not fire or charge",
    kind: MarkerKind::Timer,
    tone: Tone::Warn,
    kinds: &[],
};

fn view<'a>(roster: &'a Roster, state: &'a BattleState, s: &'a Scenario) -> BattleView<'a> {
    BattleView {
        roster,
        state,
        options: &s.options,
        phases: PHASES,
    }
}

#[test]
fn concealed_units_are_seen_by_their_side_and_the_umpire_until_exposed() {
    let s = scenario();
    let roster = s.ruleset.roster(&s.file, &s.options);
    let mut state = BattleState::initial(&roster, 0, "cannon", None);
    let fr = roster.sides.iter().position(|x| x.id == "fr").unwrap();
    let au = 1 - fr;
    let line = roster.unit_index("fr-l1").unwrap();
    let cuirassiers = roster.unit_index("fr-cui-a").unwrap();
    let gun = roster.unit_index("fr-gun").unwrap();

    // The stands as the scenario lists them.
    let numbers: Vec<(i64, Vec<usize>)> = roster
        .columns
        .iter()
        .map(|c| (c.number, c.units.clone()))
        .collect();
    assert_eq!(numbers, [(1, vec![gun]), (2, vec![line, cuirassiers])]);
    assert!(roster.columns.iter().all(|c| c.side == fr));

    // Concealed from the start: the umpire and its own side see it, the enemy and the public not.
    for u in [line, cuirassiers, gun] {
        assert!(state.units[u].concealed);
        let v = view(&roster, &state, &s);
        assert!(v.visible_to(u, Viewer::Umpire));
        assert!(v.visible_to(u, Viewer::Side(fr)));
        assert!(!v.visible_to(u, Viewer::Side(au)));
        assert!(!v.visible_to(u, Viewer::Public));
    }
    let v = view(&roster, &state, &s);
    assert_eq!(v.concealment_badge(line).unwrap().text, "HID 2");
    // Units not behind a stand are seen by all.
    let other = (0..roster.units.len())
        .find(|&u| roster.column_of(u).is_none())
        .unwrap();
    assert!(!state.units[other].concealed);
    assert!(v.visible_to(other, Viewer::Public));
    assert!(v.concealment_badge(other).is_none());

    // Exposed: everyone sees it; the rest of its column stays hidden; an undo hides it again.
    let exposed = Effect::Exposed {
        unit: "fr-l1".into(),
        cause: "fired on by cannon".into(),
    };
    let prior = state
        .apply(&roster, s.ruleset.declaration(), &exposed)
        .unwrap();
    {
        let v = view(&roster, &state, &s);
        assert!(v.visible_to(line, Viewer::Side(au)));
        assert!(v.visible_to(line, Viewer::Public));
        assert!(v.concealment_badge(line).is_none());
        assert!(
            !v.visible_to(cuirassiers, Viewer::Side(au)),
            "the cuirassiers stay behind stand 2"
        );
    }
    state.revert(prior);
    assert!(state.units[line].concealed);

    // The effect is written and read back as the journal keeps it.
    let json = serde_json::to_string(&exposed).unwrap();
    assert_eq!(
        json,
        r#"{"set":"exposed","unit":"fr-l1","cause":"fired on by cannon"}"#
    );
    assert_eq!(serde_json::from_str::<Effect>(&json).unwrap(), exposed);
}

#[test]
fn in_a_simultaneous_phase_both_sides_act() {
    let s = scenario();
    let roster = s.ruleset.roster(&s.file, &s.options);
    let mut state = BattleState::initial(&roster, 0, "cannon", None);
    let v = view(&roster, &state, &s);
    assert!(v.acts_now(0));
    assert!(!v.acts_now(1), "cannon fire: the active side's");
    state.phase = "rifle".into();
    let v = view(&roster, &state, &s);
    assert_eq!(v.phase().unwrap().name, "Rifle fire");
    assert!(
        v.acts_now(0) && v.acts_now(1),
        "rifle fire: both sides at once"
    );
}

#[test]
fn timers_count_down_by_one_and_come_off_at_nought() {
    let s = scenario();
    let roster = s.ruleset.roster(&s.file, &s.options);
    let mut state = BattleState::initial(&roster, 0, "cannon", None);
    let a = roster.unit_index("fr-cui-a").unwrap();
    let b = roster.unit_index("fr-gun").unwrap();
    state.units[a].markers.insert("retiring", 3);
    state.units[b].markers.insert("retiring", 1);
    let v = view(&roster, &state, &s);
    let done = count_down(&v, &[RETIRING], 0..roster.units.len(), "move");
    // Roster order: the cannon comes before the cuirassiers in the fixture.
    let (first, second) = if b < a { (b, a) } else { (a, b) };
    let expect = |u: usize| -> (String, Effect) {
        let id = roster.units[u].id.clone();
        if u == a {
            (
                format!("{id}: Retiring — 2 moves left"),
                Effect::Marker {
                    unit: id,
                    marker: "retiring".into(),
                    value: Some(2),
                },
            )
        } else {
            (
                format!("{id}: Retiring — over"),
                Effect::Marker {
                    unit: id,
                    marker: "retiring".into(),
                    value: None,
                },
            )
        }
    };
    let (s1, e1) = expect(first);
    let (s2, e2) = expect(second);
    assert_eq!(done.steps, [s1, s2]);
    assert_eq!(done.effects, [e1, e2]);
    // Markers of other kinds are left alone.
    state.units[a].markers.clear();
    state.units[b].markers.clear();
    let v = view(&roster, &state, &s);
    assert!(
        count_down(&v, &[RETIRING], 0..roster.units.len(), "move")
            .effects
            .is_empty()
    );
}
