//! A large Newport battle for the scaling benchmarks and tests: a scenario of any size, and a
//! deterministic umpire who plays it — fires, moves, hand-set markers, notes, phase changes and
//! about 3% undos — the way a long evening at the table does.

#![allow(dead_code)]

use chrono::{DateTime, TimeZone, Utc};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt::Write as _;
use std::path::Path;
use umpire::battle::Command;
use umpire::battle::session::Session;
use umpire::declare::{Params, Value};

/// A Newport scenario with two sides of `per_side` units each: per side one battalion of
/// companies of platoons, each platoon a leader and nine squads.
pub fn scenario(per_side: usize) -> String {
    let mut s = String::from(
        "ruleset = \"newport\"\ntitle = \"A very large battle\"\nturns = 9999\n\n[options]\nscale = \"battalion\"\n",
    );
    for (side, name) in [("red", "Red Army Group"), ("blue", "Blue Army Group")] {
        let tag = &side[..1];
        let _ = write!(
            s,
            "\n[[side]]\nid = \"{side}\"\nname = \"{name}\"\nquality = \"regular\"\n  [[side.formation]]\n  id = \"{tag}-bn\"\n  name = \"{name} Battalion\"\n  level = \"battalion\"\n"
        );
        let platoons = per_side.div_ceil(10);
        for p in 0..platoons {
            if p % 10 == 0 {
                let c = p / 10;
                let _ = write!(
                    s,
                    "    [[side.formation.formation]]\n    id = \"{tag}c{c}\"\n    name = \"Company {c}\"\n    level = \"company\"\n"
                );
            }
            let _ = write!(
                s,
                "      [[side.formation.formation.formation]]\n      id = \"{tag}p{p}\"\n      name = \"Platoon {p}\"\n      level = \"platoon\"\n"
            );
            for u in 0..10.min(per_side - p * 10) {
                let (kind, name) = if u == 0 {
                    ("leader", format!("Lt. {p} of {name}"))
                } else {
                    ("infantry", format!("Squad {u}, Platoon {p}"))
                };
                let _ = write!(
                    s,
                    "        [[side.formation.formation.formation.unit]]\n        id = \"{tag}{p}-{u}\"\n        name = \"{name}\"\n        kind = \"{kind}\"\n"
                );
            }
        }
    }
    s
}

/// A fixed time, `s` seconds after the battle began.
pub fn t(s: u64) -> DateTime<Utc> {
    Utc.timestamp_opt(1_760_000_000 + s as i64, 0).unwrap()
}

/// Starts a battle of [`scenario`]`(per_side)` in a new journal at `path`.
pub fn start(path: &Path, per_side: usize) -> Session {
    let text = scenario(per_side);
    let scenario =
        umpire::scenario::parse("large.toml", &text).expect("the large scenario is valid");
    Session::create(scenario, path, 7, t(0)).expect("create the journal")
}

fn text(s: &str) -> Value {
    Value::Text(s.to_string())
}

/// Plays until the journal holds `records` more records: mostly fires and moves by the active
/// side's ready stands, a hand-set marker or a note now and then, the next phase when the side is
/// done (or one time in 14), an undo about one command in 33, and a stand put back on the table
/// when its side has lost a quarter of its stands, so that the battle keeps going however long it
/// is played. Refused commands are simply not recorded, as at the table.
pub fn play(session: &mut Session, records: usize, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let target = session.next_seq() + records as u64;
    while session.next_seq() < target {
        let cmd = pick(session, &mut rng);
        let _ = session.execute(&cmd, None, t(session.next_seq()));
    }
}

fn pick(session: &Session, rng: &mut ChaCha8Rng) -> Command {
    let b = session.battle();
    let roll: u32 = rng.random_range(0..1000);
    if roll < 30 && b.history().can_undo() {
        return Command::Undo;
    }
    if b.state().phase != "action" || roll < 70 {
        return Command::Advance;
    }
    let state = b.state();
    let active = state.active;
    // A long battle goes on as one at the table would: once a side has lost a quarter of its
    // stands, the umpire puts one back now and then (replacements), so that there is always
    // someone to fire and something to fire at.
    let mine: Vec<usize> = (0..b.roster.units.len())
        .filter(|&u| b.roster.units[u].side == active)
        .collect();
    let gone: Vec<usize> = mine
        .iter()
        .copied()
        .filter(|&u| !state.units[u].on_table())
        .collect();
    if gone.len() * 4 > mine.len() && roll.is_multiple_of(4) {
        let unit = &b.roster.units[gone[rng.random_range(0..gone.len())]].id;
        return Command::Restore { unit: unit.clone() };
    }
    let ready: Vec<usize> = (0..b.roster.units.len())
        .filter(|&u| {
            let info = &b.roster.units[u];
            let st = &state.units[u];
            info.side == active && info.kind == "infantry" && st.on_table() && st.markers.is_empty()
        })
        .collect();
    let enemies: Vec<usize> = (0..b.roster.units.len())
        .filter(|&u| b.roster.units[u].side != active && state.units[u].on_table())
        .collect();
    if ready.is_empty() || enemies.is_empty() {
        return Command::Advance;
    }
    let unit = &b.roster.units[ready[rng.random_range(0..ready.len())]].id;
    match roll {
        70..=99 => Command::Note {
            text: format!("the umpire notes something at event {}", session.next_seq()),
            private: false,
        },
        100..=129 => Command::SetMarker {
            unit: unit.clone(),
            marker: "suppressed".into(),
            value: Some(1),
        },
        130..=449 => Command::Act {
            action: "move".into(),
            params: Params::new().with("unit", text(unit)),
        },
        _ => {
            let target = &b.roster.units[enemies[rng.random_range(0..enemies.len())]].id;
            let range = f64::from(rng.random_range(2..=16u32));
            Command::Act {
                action: "fire".into(),
                params: Params::new()
                    .with("firer", text(unit))
                    .with("target", text(target))
                    .with("range", Value::Num(range)),
            }
        }
    }
}

/// The UI's clock in benchmarks: a fixed time.
pub fn clock() -> DateTime<Utc> {
    t(0)
}

/// A fresh folder for a benchmark's journals: in memory (`/dev/shm`) where there is one, so that
/// the disk's syncs are not what is measured.
pub fn workdir() -> tempfile::TempDir {
    let shm = std::path::Path::new("/dev/shm");
    if shm.is_dir() {
        tempfile::tempdir_in(shm).expect("a directory in /dev/shm")
    } else {
        tempfile::tempdir().expect("a temporary directory")
    }
}

/// With `--write-journal PATH RECORDS` among a benchmark's `args`: the benchmark battle played
/// `RECORDS` records long into a journal at `PATH` (for a benchmark that measures the program
/// in a process of its own), and true; false without.
pub fn write_journal_if_asked(args: &[String]) -> bool {
    let Some(i) = args.iter().position(|a| a == "--write-journal") else {
        return false;
    };
    let path = std::path::Path::new(&args[i + 1]);
    let records: usize = args[i + 2].parse().expect("a number of records");
    let mut session = start(path, 500);
    play(&mut session, records, 11);
    true
}
