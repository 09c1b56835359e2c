//! Property: whatever the umpire asks of a Newport battle — fire, movement, close combat, air,
//! artillery, smoke, panic, rally, command rolls, phase advances, undo, redo and hand edits, with
//! the program's dice — a refused command changes nothing, every accepted command leaves the state
//! equal to the fold of the events in force, the accepted entries replayed into a fresh battle give
//! the same state, and so does the battle resumed from its journal.

use crate::support::action;
use crate::support::journal::t;
use crate::support::newport::{battalion, company};
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use std::collections::BTreeSet;
use umpire::battle::session::Session;
use umpire::battle::{Battle, Command, Entry, EventKind};
use umpire::dice::SeededDice;
use umpire::rules::newport::defs::{ASSET_KINDS, MARKERS, PARALYZED, SUPPRESSED};

// ---- scenarios ---------------------------------------------------------------------------------

const COMPANY_OPTIONS: &[&str] = &[
    "hmg_two_dice = true",
    "hmg_no_long_range = true",
    "morale_check = true",
    "command_method = 2",
    "leader_rally = true",
    "weapons_stand_two_hits = true",
    "leader_return_turns = 1",
    "paralyzing_shot_stops_attacker = false",
];

const BATTALION_OPTIONS: &[&str] = &[
    "hmg_two_dice = true",
    "morale_check = true",
    "weapons_stand_two_hits = true",
    "superior_command = true",
    "leader_rally = true",
];

const GERMAN_OPTIONS: &[&str] = &[
    "command_method = 2",
    "command_die = 6",
    "hamstrung = true",
    "superior_command = false",
];

fn options(list: &'static [&'static str]) -> impl Strategy<Value = String> {
    proptest::sample::subsequence(list, 0..=list.len()).prop_map(|o| o.join("\n"))
}

/// A scenario's source: the company action (at company or battalion scale) or the battalion
/// action, with a random mix of options.
fn scenario() -> impl Strategy<Value = String> {
    prop_oneof![
        2 => options(COMPANY_OPTIONS).prop_map(|o| company(&o)),
        1 => options(COMPANY_OPTIONS)
            .prop_map(|o| company(&o).replace("scale = \"company\"", "scale = \"battalion\"")),
        2 => (options(BATTALION_OPTIONS), options(GERMAN_OPTIONS))
            .prop_map(|(o, g)| battalion(&o, &g)),
    ]
}

// ---- commands ----------------------------------------------------------------------------------

/// A command with its units still to be picked from the scenario's roster.
#[derive(Clone, Debug)]
enum Op {
    Fire {
        firer: Index,
        target: Index,
        range: Range,
        cover: Index,
        smoke: bool,
        flank: bool,
        out_of_command: bool,
        fired: bool,
    },
    Move {
        unit: Index,
        road: bool,
        out_of_command: bool,
    },
    CloseCombat {
        attacker: Index,
        defender: Index,
        cover: Index,
        out_of_command: bool,
    },
    Air {
        asset: Index,
        target: Index,
        best_of: u8,
        cover: Index,
    },
    Artillery {
        asset: Index,
        spotter: Index,
        /// Any stand spots (else a leader, when there is one).
        any_spotter: bool,
        targets: Vec<(Index, Index)>,
        range: Option<Range>,
    },
    Smoke {
        asset: Index,
        spotter: Index,
        area: String,
    },
    Panic {
        unit: Index,
    },
    Rally {
        leader: Index,
        unit: Index,
    },
    CommandRoll {
        unit: Index,
    },
    Advance,
    Undo,
    Redo,
    SetMarker {
        unit: Index,
        marker: Index,
        value: Option<i32>,
    },
    SetHits {
        unit: Index,
        hits: u32,
    },
    Restore {
        unit: Index,
    },
    Note {
        text: String,
    },
}

/// A range: whole inches, or half an inch more.
#[derive(Clone, Copy, Debug)]
struct Range(u8, bool);

impl Range {
    fn text(self) -> String {
        if self.1 {
            format!("{}.5", self.0)
        } else {
            self.0.to_string()
        }
    }
}

fn range() -> impl Strategy<Value = Range> {
    (0u8..30, any::<bool>()).prop_map(|(n, half)| Range(n, half))
}

fn op() -> impl Strategy<Value = Op> {
    let i = any::<Index>;
    prop_oneof![
        10 => (i(), i(), range(), i(), any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>())
            .prop_map(|(firer, target, range, cover, smoke, flank, out_of_command, fired)| {
                Op::Fire { firer, target, range, cover, smoke, flank, out_of_command, fired }
            }),
        4 => (i(), any::<bool>(), any::<bool>())
            .prop_map(|(unit, road, out_of_command)| Op::Move { unit, road, out_of_command }),
        3 => (i(), i(), i(), any::<bool>()).prop_map(|(attacker, defender, cover, out_of_command)| {
            Op::CloseCombat { attacker, defender, cover, out_of_command }
        }),
        3 => (i(), i(), 1u8..=3, i())
            .prop_map(|(asset, target, best_of, cover)| Op::Air { asset, target, best_of, cover }),
        4 => (i(), i(), any::<bool>(), proptest::collection::vec((i(), i()), 1..3), proptest::option::of(range()))
            .prop_map(|(asset, spotter, any_spotter, targets, range)| {
                Op::Artillery { asset, spotter, any_spotter, targets, range }
            }),
        1 => (i(), i(), "[a-z \t]{0,8}")
            .prop_map(|(asset, spotter, area)| Op::Smoke { asset, spotter, area }),
        2 => i().prop_map(|unit| Op::Panic { unit }),
        3 => (i(), i()).prop_map(|(leader, unit)| Op::Rally { leader, unit }),
        2 => i().prop_map(|unit| Op::CommandRoll { unit }),
        6 => Just(Op::Advance),
        2 => Just(Op::Undo),
        1 => Just(Op::Redo),
        3 => (i(), i(), proptest::option::of(0i32..=4))
            .prop_map(|(unit, marker, value)| Op::SetMarker { unit, marker, value }),
        2 => (i(), 0u32..=4).prop_map(|(unit, hits)| Op::SetHits { unit, hits }),
        1 => i().prop_map(|unit| Op::Restore { unit }),
        1 => "[a-z \t]{0,8}".prop_map(|text| Op::Note { text }),
    ]
}

const COVERS: [&str; 3] = ["none", "soft", "hard"];

/// The command an op stands for in battle `b`: any unit of the roster, any marker. So that they
/// are not almost always refused, some picks are narrowed when there is anything to pick from: a
/// panic move or a rally takes a Suppressed or Paralyzed stand of the side whose turn it is; a
/// rally's leader, and half the time an artillery spotter, is one of that side's leaders; air,
/// artillery and smoke use an off-table asset.
fn command(b: &Battle, op: &Op) -> Command {
    let ids: Vec<&str> = b.roster.units.iter().map(|u| u.id.as_str()).collect();
    let id = |i: &Index| ids[i.index(ids.len())].to_string();
    let among = |i: &Index, pick: &dyn Fn(usize) -> bool| {
        let some: Vec<&str> = (0..ids.len())
            .filter(|&u| pick(u))
            .map(|u| ids[u])
            .collect();
        if some.is_empty() {
            id(i)
        } else {
            some[i.index(some.len())].to_string()
        }
    };
    let shaken = |i: &Index| {
        among(i, &|u| {
            let st = &b.state().units[u];
            let own = b.roster.units[u].side == b.state().active;
            own && st.on_table() && (st.has(SUPPRESSED) || st.has(PARALYZED))
        })
    };
    let leader = |i: &Index| {
        among(i, &|u| {
            let info = &b.roster.units[u];
            info.kind == "leader" && info.side == b.state().active
        })
    };
    let asset = |i: &Index| {
        among(i, &|u| {
            ASSET_KINDS.contains(&b.roster.units[u].kind.as_str())
        })
    };
    let cover = |i: &Index| COVERS[i.index(COVERS.len())].to_string();
    let flag = |on: bool, name: &str| on.then(|| (name.to_string(), String::new()));
    let act = |name: &str, args: Vec<Option<(String, String)>>| {
        let args: Vec<(String, String)> = args.into_iter().flatten().collect();
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        action(b, name, &args)
    };
    let arg = |k: &str, v: String| Some((k.to_string(), v));
    match op {
        Op::Fire {
            firer,
            target,
            range,
            cover: c,
            smoke,
            flank,
            out_of_command,
            fired,
        } => act(
            "fire",
            vec![
                arg("firer", id(firer)),
                arg("target", id(target)),
                arg("range", range.text()),
                arg("cover", cover(c)),
                flag(*smoke, "smoke"),
                flag(*flank, "flank"),
                flag(*out_of_command, "out-of-command"),
                fired.then(|| ("trigger".to_string(), "fired".to_string())),
            ],
        ),
        Op::Move {
            unit,
            road,
            out_of_command,
        } => act(
            "move",
            vec![
                arg("unit", id(unit)),
                flag(*road, "road"),
                flag(*out_of_command, "out-of-command"),
            ],
        ),
        Op::CloseCombat {
            attacker,
            defender,
            cover: c,
            out_of_command,
        } => act(
            "close-combat",
            vec![
                arg("attacker", id(attacker)),
                arg("defender", id(defender)),
                arg("cover", cover(c)),
                flag(*out_of_command, "out-of-command"),
            ],
        ),
        Op::Air {
            asset: a,
            target,
            best_of,
            cover: c,
        } => act(
            "air",
            vec![
                arg("asset", asset(a)),
                arg("target", id(target)),
                arg("best-of", best_of.to_string()),
                arg("cover", cover(c)),
            ],
        ),
        Op::Artillery {
            asset: a,
            spotter,
            any_spotter,
            targets,
            range,
        } => act(
            "artillery",
            vec![
                arg("asset", asset(a)),
                arg(
                    "spotter",
                    if *any_spotter {
                        id(spotter)
                    } else {
                        leader(spotter)
                    },
                ),
                arg(
                    "targets",
                    targets
                        .iter()
                        .map(|(t, c)| format!("{}:{}", id(t), cover(c)))
                        .collect::<Vec<_>>()
                        .join(","),
                ),
                range.map(|r| ("range".to_string(), r.text())),
            ],
        ),
        Op::Smoke {
            asset: a,
            spotter,
            area,
        } => act(
            "smoke",
            vec![
                arg("asset", asset(a)),
                arg("spotter", leader(spotter)),
                arg("area", area.clone()),
            ],
        ),
        Op::Panic { unit } => act("panic", vec![arg("unit", shaken(unit))]),
        Op::Rally { leader: l, unit } => act(
            "rally",
            vec![arg("leader", leader(l)), arg("unit", shaken(unit))],
        ),
        Op::CommandRoll { unit } => act("command-roll", vec![arg("unit", id(unit))]),
        Op::Advance => Command::Advance,
        Op::Undo => Command::Undo,
        Op::Redo => Command::Redo,
        Op::SetMarker {
            unit,
            marker,
            value,
        } => Command::SetMarker {
            unit: id(unit),
            marker: MARKERS[marker.index(MARKERS.len())].id.to_string(),
            value: *value,
        },
        Op::SetHits { unit, hits } => Command::SetHits {
            unit: id(unit),
            hits: *hits,
        },
        Op::Restore { unit } => Command::Restore { unit: id(unit) },
        Op::Note { text } => Command::Note {
            text: text.clone(),
            private: false,
        },
    }
}

// ---- the property ------------------------------------------------------------------------------

fn parse(source: &str) -> umpire::scenario::Scenario {
    umpire::scenario::parse("test.toml", source).expect("valid test scenario")
}

/// What kind of command an accepted entry was (to see what a run exercised).
fn kind(entry: &Entry) -> String {
    match entry {
        Entry::Event(e) => match &e.kind {
            EventKind::Act { action, .. } => action,
            EventKind::Start => "start",
            EventKind::Advance => "advance",
            EventKind::Edit => "edit",
            EventKind::Note { .. } => "note",
            EventKind::Add(_) => "add",
        },
        Entry::Undo => "undo",
        Entry::Redo => "redo",
    }
    .to_string()
}

/// Plays `ops` live and, with `journal`, in a session beside it; then replays the accepted
/// entries into a fresh battle and resumes the session. Returns the kinds of the accepted entries.
fn play(
    source: &str,
    seed: u64,
    ops: &[Op],
    journal: bool,
) -> Result<BTreeSet<String>, TestCaseError> {
    let mut live = Battle::new(parse(source));
    live.apply(live.start_event()).unwrap();
    let mut dice = SeededDice::new(seed);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("battle.jsonl");
    let mut session = journal.then(|| Session::create(parse(source), &path, seed, t(0)).unwrap());

    for (i, op) in ops.iter().enumerate() {
        let cmd = command(&live, op);
        let before = live.state().clone();
        // Like the session: a refused command consumes no dice.
        let saved = dice.clone();
        let accepted = match live.handle(&cmd, &mut dice) {
            Ok(entry) => {
                live.apply(entry).unwrap();
                prop_assert_eq!(&live.fold(), live.state(), "{:?}", cmd);
                true
            }
            Err(_) => {
                dice = saved;
                prop_assert_eq!(
                    live.state(),
                    &before,
                    "a refusal changed the battle: {:?}",
                    cmd
                );
                false
            }
        };
        if let Some(session) = &mut session {
            let journalled = session.execute(&cmd, None, t(i as i64 + 1));
            prop_assert_eq!(journalled.is_ok(), accepted, "{:?}", cmd);
            prop_assert_eq!(session.battle().state(), live.state(), "{:?}", cmd);
        }
    }

    // (a) The accepted entries, in order, into a fresh battle.
    let entries = live.history().entries().to_vec();
    let mut fresh = Battle::new(parse(source));
    for e in &entries {
        fresh.apply(e.clone()).unwrap();
    }
    prop_assert_eq!(fresh.state(), live.state());
    prop_assert_eq!(&fresh.fold(), live.state());

    // (b) The same through the journal.
    if let Some(session) = session {
        drop(session);
        let (resumed, torn) = Session::resume(&path).unwrap();
        prop_assert_eq!(torn, None);
        prop_assert_eq!(resumed.battle().state(), live.state());
        prop_assert_eq!(resumed.battle().history().entries(), &entries[..]);
        prop_assert_eq!(resumed.dice().word_pos(), dice.word_pos());
    }

    Ok(entries.iter().skip(1).map(kind).collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn replay_and_resume_equal_the_live_newport_battle(
        source in scenario(),
        seed in any::<u64>(),
        ops in proptest::collection::vec(op(), 0..40),
    ) {
        play(&source, seed, &ops, true)?;
    }
}

/// The property is only worth something if its random commands are often accepted: over a fixed
/// set of cases (played without a journal, for speed), every kind of command gets through.
#[test]
fn the_random_commands_exercise_every_procedure() {
    let mut runner = TestRunner::new(Config {
        rng_seed: proptest::test_runner::RngSeed::Fixed(2024),
        ..Config::default()
    });
    let strategy = (
        scenario(),
        any::<u64>(),
        proptest::collection::vec(op(), 40),
    );
    let mut seen = BTreeSet::new();
    for _ in 0..128 {
        let (source, seed, ops) = strategy.new_tree(&mut runner).unwrap().current();
        seen.extend(play(&source, seed, &ops, false).unwrap());
    }
    for expected in [
        "fire",
        "move",
        "close-combat",
        "air",
        "artillery",
        "smoke",
        "panic",
        "rally",
        "command-roll",
        "advance",
        "edit",
        "note",
        "undo",
        "redo",
    ] {
        assert!(
            seen.contains(expected),
            "never accepted: {expected} (saw {seen:?})"
        );
    }
}
