//! Checkpoints beside the journal: a command carried on from one gives what a full replay gives,
//! and a checkpoint that does not match its journal (damaged, cut short, emptied, another
//! battle's, of a journal cut back or replaced) is detected, left unused and written again.

use crate::support::cli;
use crate::support::journal::*;
use proptest::prelude::*;
use std::fs;
use std::path::{Path, PathBuf};
use umpire::battle::checkpoint::{self, EVERY};
use umpire::battle::session::{Record, Session};
use umpire::battle::{Command, Entry};
use umpire::model::BattleState;

const SEED: u64 = 20_260_101;

/// Everything a session carries on with: the state, the history (a thin one, as a command
/// keeps it), its undo and redo stacks, where the dice stand and the next record's number.
#[derive(Debug, PartialEq)]
struct Facts {
    state: BattleState,
    entries: Vec<Entry>,
    applied: Vec<usize>,
    undone: Vec<usize>,
    dice: u128,
    next_seq: u64,
}

fn facts(s: &Session) -> Facts {
    let h = s.battle().history();
    Facts {
        state: s.battle().state().clone(),
        entries: h.entries().to_vec(),
        applied: h.stacks().applied().to_vec(),
        undone: h.stacks().undone().to_vec(),
        dice: s.dice().word_pos(),
        next_seq: s.next_seq(),
    }
}

/// The journal replayed from its start, as before checkpoints.
fn replayed(path: &Path) -> Facts {
    let (s, _) = Session::open_thin(path).expect("replay the journal");
    facts(&s)
}

fn new_battle(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(name);
    Session::create(scenario(), &path, SEED, t(0)).expect("create the battle");
    path
}

/// One command as the command line carries it out: opened from the checkpoint (writing a new
/// one every `every` records), the command, closed.
fn command(path: &Path, every: u64, cmd: &Command, at: i64) -> (Record, Facts) {
    let (mut s, _) = Session::open_checkpointed_every(path, every).expect("open the battle");
    let rec = s
        .execute(cmd, None, t(at))
        .expect("the command is carried out");
    (rec, facts(&s))
}

fn checkpoint_of(path: &Path) -> PathBuf {
    checkpoint::path_for(path)
}

/// The records a session opened now starts after: `None` when it replays the whole journal.
fn opened_from(path: &Path, every: u64) -> (Option<u64>, Option<String>, Facts) {
    let (s, _) = Session::open_checkpointed_every(path, every).expect("open the battle");
    (
        s.checkpoint_from(),
        s.checkpoint_refused().map(str::to_string),
        facts(&s),
    )
}

#[test]
fn a_battle_played_one_command_at_a_time_matches_a_full_replay_after_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let path = new_battle(dir.path(), "b.jsonl");
    let every = 7;
    let mut from_checkpoint = 0;
    for i in 0..150 {
        let (_, after) = command(&path, every, &cycle(i), i as i64 + 1);
        assert_eq!(after, replayed(&path), "after command {i}");
        let (from, refused, facts) = opened_from(&path, every);
        assert_eq!(refused, None, "after command {i}");
        assert_eq!(facts, after, "reopened after command {i}");
        if let Some(seq) = from {
            from_checkpoint += 1;
            // Never more than `every` records past the checkpoint, plus the one just added.
            assert!(facts.next_seq - 1 - seq <= every, "after command {i}");
        }
    }
    assert!(
        from_checkpoint > 140,
        "{from_checkpoint} of 150 from a checkpoint"
    );
    assert!(checkpoint_of(&path).exists());
}

#[test]
fn undo_and_redo_reach_back_across_the_checkpoint() {
    let dir = tempfile::tempdir().unwrap();
    let path = new_battle(dir.path(), "b.jsonl");
    let every = 3;
    let mut at = 0;
    let mut step = |cmd: &Command| {
        at += 1;
        let (_, after) = command(&path, every, cmd, at);
        assert_eq!(after, replayed(&path), "after {cmd:?} at {at}");
        after
    };
    for i in 0..12 {
        step(&mark(UNITS[i % 6], "fired", i % 2 == 0));
        step(&note(&format!("note {i}")));
    }
    let top = step(&hits("r1", 1));
    // Undo every event back to the start (far past several checkpoints), then redo them all.
    for _ in 0..25 {
        step(&Command::Undo);
    }
    let (mut s, _) = Session::open_checkpointed_every(&path, every).unwrap();
    assert!(
        s.execute(&Command::Undo, None, t(500)).is_err(),
        "nothing left to undo"
    );
    drop(s);
    for _ in 0..25 {
        step(&Command::Redo);
    }
    let back = replayed(&path);
    assert_eq!(back.state, top.state, "every event redone");
    assert!(back.undone.is_empty());
}

/// A battle of 40 records whose checkpoint covers its last; the checkpoint's bytes.
fn with_checkpoint(dir: &Path, name: &str) -> (PathBuf, Vec<u8>) {
    let path = new_battle(dir, name);
    for i in 0..39 {
        command(&path, 1_000, &cycle(i), i as i64 + 1);
    }
    let (s, _) = Session::open_checkpointed(&path).unwrap();
    s.write_checkpoint().expect("write the checkpoint");
    drop(s);
    let (from, _, _) = opened_from(&path, 1_000);
    assert_eq!(from, Some(40), "the checkpoint covers the last record");
    let bytes = fs::read(checkpoint_of(&path)).unwrap();
    (path, bytes)
}

/// With `damage` done to the checkpoint (or the journal), the next command gives what it gives
/// with no checkpoint at all, the checkpoint is refused with `why`, and a fresh one is written
/// that the command after uses.
fn detected_and_rebuilt(name: &str, why: &str, damage: impl Fn(&Path, &[u8])) {
    let dir = tempfile::tempdir().unwrap();
    let (path, bytes) = with_checkpoint(dir.path(), "b.jsonl");
    damage(&path, &bytes);
    // The same journal with no checkpoint beside it.
    let plain = dir.path().join("plain").join("b.jsonl");
    fs::create_dir(plain.parent().unwrap()).unwrap();
    fs::copy(&path, &plain).unwrap();

    let (from, refused, opened) = opened_from(&path, 1_000);
    assert_eq!(from, None, "{name}: the checkpoint is not used");
    let refused = refused.unwrap_or_else(|| panic!("{name}: the checkpoint is refused"));
    assert!(refused.contains(why), "{name}: {refused}");
    assert_eq!(opened, replayed(&plain), "{name}");

    let cmd = hits("b2", 1);
    let (rec, after) = command(&path, 1_000, &cmd, 100);
    let (plain_rec, plain_after) = command(&plain, 1_000, &cmd, 100);
    assert_eq!(rec, plain_rec, "{name}: the same record");
    assert_eq!(after, plain_after, "{name}: the same battle");
    assert_eq!(
        fs::read(&path).unwrap(),
        fs::read(&plain).unwrap(),
        "{name}"
    );
    let (from, refused, reopened) = opened_from(&path, 1_000);
    assert_eq!(refused, None, "{name}: a fresh checkpoint");
    assert_eq!(
        from,
        Some(after.next_seq - 1),
        "{name}: it covers the new record"
    );
    assert_eq!(reopened, after, "{name}");
}

fn write_checkpoint_bytes(path: &Path, bytes: &[u8]) {
    fs::write(checkpoint_of(path), bytes).unwrap();
}

#[test]
fn a_checkpoint_with_a_byte_flipped_anywhere_is_detected_and_rebuilt() {
    let (_dir, bytes) = {
        let dir = tempfile::tempdir().unwrap();
        let (_, bytes) = with_checkpoint(dir.path(), "b.jsonl");
        (dir, bytes)
    };
    let n = bytes.len();
    for (at, why) in [
        (0, "does not begin as a checkpoint"),
        (18, "its layout is"),
        (23, "checksum does not match"),
        (n / 2, "checksum does not match"),
        (n - 1, "checksum does not match"),
    ] {
        detected_and_rebuilt(&format!("byte {at} of {n}"), why, |path, bytes| {
            let mut b = bytes.to_vec();
            b[at] ^= 0x04;
            write_checkpoint_bytes(path, &b);
        });
    }
}

#[test]
fn a_checkpoint_cut_short_or_emptied_is_detected_and_rebuilt() {
    detected_and_rebuilt("cut short", "checksum does not match", |path, bytes| {
        write_checkpoint_bytes(path, &bytes[..bytes.len() * 2 / 3]);
    });
    detected_and_rebuilt("cut to its first bytes", "cut short", |path, bytes| {
        write_checkpoint_bytes(path, &bytes[..20]);
    });
    detected_and_rebuilt("emptied", "does not begin as a checkpoint", |path, _| {
        write_checkpoint_bytes(path, b"");
    });
}

#[test]
fn another_battles_checkpoint_is_detected_and_rebuilt() {
    detected_and_rebuilt("another battle's", "another journal", |path, _| {
        let dir = path.parent().unwrap().join("other");
        fs::create_dir(&dir).unwrap();
        // The same scenario and commands, begun a second later: another journal.
        let other = dir.join("b.jsonl");
        Session::create(scenario(), &other, SEED, t(1)).unwrap();
        for i in 0..39 {
            command(&other, 1_000, &cycle(i), i as i64 + 1);
        }
        Session::open_checkpointed(&other)
            .unwrap()
            .0
            .write_checkpoint()
            .unwrap();
        fs::copy(checkpoint_of(&other), checkpoint_of(path)).unwrap();
    });
}

#[test]
fn a_checkpoint_left_behind_by_a_journal_cut_back_or_replaced_is_detected_and_rebuilt() {
    // The last line damaged: read as a bad last line, set aside by the next record.
    detected_and_rebuilt(
        "last line damaged",
        "does not hold the record",
        |path, _| {
            let mut text = fs::read(path).unwrap();
            let at = text.len() - 10;
            text[at] ^= 0x01;
            fs::write(path, text).unwrap();
        },
    );
    // Cut back by hand to record 30, then played on differently to 40 records.
    detected_and_rebuilt(
        "cut back, played on",
        "does not hold the record",
        |path, _| {
            let text = fs::read_to_string(path).unwrap();
            let kept: String = text.split_inclusive('\n').take(31).collect();
            fs::write(path, kept).unwrap();
            for i in 0..10 {
                let (mut s, _) = Session::open_thin(path).unwrap();
                s.execute(&note(&format!("another {i}")), None, t(200 + i))
                    .unwrap();
            }
        },
    );
    // Cut back to fewer records than the checkpoint covers.
    detected_and_rebuilt("cut back", "does not hold the record", |path, _| {
        let text = fs::read_to_string(path).unwrap();
        let kept: String = text.split_inclusive('\n').take(21).collect();
        fs::write(path, kept).unwrap();
    });
    // Another battle at the journal's path, the old checkpoint left beside it.
    detected_and_rebuilt("replaced", "another journal", |path, _| {
        fs::remove_file(path).unwrap();
        Session::create(scenario(), path, SEED + 1, t(0)).unwrap();
        for i in 0..45 {
            let (mut s, _) = Session::open_thin(path).unwrap();
            s.execute(&cycle(i), None, t(i as i64 + 1)).unwrap();
        }
    });
}

#[test]
fn the_journal_alone_resumes_everywhere_and_a_checkpoint_alone_is_no_battle() {
    let dir = tempfile::tempdir().unwrap();
    let (path, _) = with_checkpoint(dir.path(), "b.jsonl");
    let full = replayed(&path);
    // Every reader of the journal gives the same battle with the checkpoint or without it.
    let (whole, _) = Session::resume(&path).unwrap();
    assert_eq!(whole.battle().state(), &full.state);
    drop(whole);
    fs::remove_file(checkpoint_of(&path)).unwrap();
    let (from, refused, opened) = opened_from(&path, 1_000);
    assert_eq!(
        (from, refused),
        (None, None),
        "no checkpoint, nothing refused"
    );
    assert_eq!(opened, full);
    let (loaded, _, _) = Session::load(&path).unwrap();
    assert_eq!(loaded.state(), &full.state);

    // A checkpoint without its journal opens nothing.
    let (path, _) = with_checkpoint(dir.path(), "c.jsonl");
    fs::remove_file(&path).unwrap();
    assert!(Session::open_checkpointed(&path).is_err());
    assert!(checkpoint_of(&path).exists());
}

#[test]
fn a_journal_of_format_2_gets_no_checkpoint() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.jsonl");
    fs::copy("tests/fixtures/journals/format-2.jsonl", &path).unwrap();
    for i in 0..5 {
        let (mut s, _) = Session::open_checkpointed_every(&path, 1).unwrap();
        assert!(s.write_checkpoint().is_err());
        s.execute(&note(&format!("carried on {i}")), None, t(100 + i))
            .unwrap();
    }
    assert!(!checkpoint_of(&path).exists());
}

#[test]
fn the_checkpoint_is_readable_by_its_owner_only() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = tempfile::tempdir().unwrap();
    let (path, _) = with_checkpoint(dir.path(), "b.jsonl");
    let mode = fs::metadata(checkpoint_of(&path))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600);
    assert!(!dir.path().join("b.jsonl.checkpoint.tmp").exists());
}

#[test]
fn the_command_line_writes_a_checkpoint_and_carries_on_from_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = new_battle(dir.path(), "b.jsonl");
    let j = path.to_str().unwrap();
    let cp = checkpoint_of(&path);
    // The start, then EVERY - 1 notes: each command replayed and added EVERY records or fewer.
    for i in 0..EVERY - 1 {
        cli::ok("", &["note", j, &format!("n{i}")]);
    }
    assert!(
        !cp.exists(),
        "no checkpoint while no command replays and adds more than {EVERY}"
    );
    // The command that replays EVERY records and adds one writes one.
    cli::ok("", &["note", j, "past it"]);
    let (from, refused, opened) = opened_from(&path, EVERY);
    assert_eq!((from, refused), (Some(EVERY + 1), None));
    assert_eq!(opened, replayed(&path));
    // Commands carry on from it, undo and redo across it.
    for args in [
        &["undo", j][..],
        &["undo", j],
        &["redo", j],
        &["mark", j, "r1", "fired"],
        &["note", j, "after"],
    ] {
        let before = fs::read(&cp).unwrap();
        cli::ok("", args);
        assert_eq!(
            fs::read(&cp).unwrap(),
            before,
            "{args:?}: not written again yet"
        );
        let (from, _, opened) = opened_from(&path, EVERY);
        assert_eq!(from, Some(EVERY + 1), "{args:?}");
        assert_eq!(opened, replayed(&path), "{args:?}");
    }
}

/// `umpire state` reads the battle from the checkpoint: what it shows is what a full replay
/// gives, and it reads nothing the checkpoint covers (a record there made unreadable stops a full
/// replay, not it). A checkpoint that does not match is left unused and left as it was: reading
/// changes nothing.
#[test]
fn reading_the_battle_carries_on_from_the_checkpoint_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (path, bytes) = with_checkpoint(dir.path(), "b.jsonl");
    for i in 0..4 {
        command(&path, 1_000, &cycle(40 + i), 60 + i as i64);
    }
    let whole = replayed(&path);
    let read = |why: &str| {
        let (b, _, torn) =
            Session::load_thin(&path).unwrap_or_else(|e| panic!("{why}: cannot read: {e}"));
        assert!(torn.is_none(), "{why}");
        assert_eq!(b.state(), &whole.state, "{why}");
        assert_eq!(b.history().entries(), &whole.entries[..], "{why}");
        assert_eq!(b.history().stacks().applied(), &whole.applied[..], "{why}");
        assert_eq!(b.history().stacks().undone(), &whole.undone[..], "{why}");
    };
    read("from the checkpoint");

    // A damaged checkpoint: the journal is read whole, and the checkpoint left alone.
    let mut damaged = bytes.clone();
    let n = damaged.len();
    damaged[n / 2] ^= 0x04;
    write_checkpoint_bytes(&path, &damaged);
    read("beside a damaged checkpoint");
    assert_eq!(fs::read(checkpoint_of(&path)).unwrap(), damaged);

    // A record the checkpoint covers made unreadable: only reading from the checkpoint gets past.
    write_checkpoint_bytes(&path, &bytes);
    let journal = fs::read(&path).unwrap();
    let lines: Vec<usize> = journal
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == b'\n')
        .map(|(i, _)| i)
        .collect();
    let mut broken = journal.clone();
    broken[(lines[3] + lines[4]) / 2] = b'#';
    fs::write(&path, &broken).unwrap();
    assert!(
        Session::open_thin(&path).is_err(),
        "the broken record stops a full replay"
    );
    read("past a broken record the checkpoint covers");
    assert_eq!(
        fs::read(&path).unwrap(),
        broken,
        "the journal is left as it was"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn random_commands_from_checkpoints_match_a_full_replay(
        every in 1u64..6,
        picks in proptest::collection::vec((0usize..8, 0usize..6), 1..40),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let path = new_battle(dir.path(), "b.jsonl");
        for (i, &(what, unit)) in picks.iter().enumerate() {
            let cmd = match what {
                0 | 1 => Command::Undo,
                2 => Command::Redo,
                3 => note(&format!("n{i}")),
                4 => mark(UNITS[unit], "fired", true),
                5 => mark(UNITS[unit], "fired", false),
                _ => hits(UNITS[unit], (i % 2) as u32),
            };
            // A command refused (nothing to undo or redo) writes nothing, as without checkpoints.
            let (mut s, _) = Session::open_checkpointed_every(&path, every).unwrap();
            let done = s.execute(&cmd, None, t(i as i64 + 1)).is_ok();
            let after = facts(&s);
            drop(s);
            let full = replayed(&path);
            prop_assert_eq!(&after, &full, "command {} ({:?}, done: {})", i, cmd, done);
            let (_, refused, opened) = opened_from(&path, every);
            prop_assert_eq!(refused, None);
            prop_assert_eq!(opened, full);
        }
    }
}

/// A unit added as `umpire add` adds it: a tank of Red's, or with `kind` another.
fn add(id: &str, kind: &str) -> Command {
    let text = |s: &str| toml::Value::String(s.to_string());
    Command::Add {
        addition: umpire::battle::addition::Addition {
            side: "red".into(),
            formation: None,
            behind: None,
            joins: umpire::battle::addition::Joins::Unit(
                [
                    ("id".to_string(), text(id)),
                    ("name".to_string(), text(&format!("Added {id}"))),
                    ("kind".to_string(), text(kind)),
                ]
                .into_iter()
                .collect(),
            ),
        },
        written: None,
    }
}

/// Each unit of a session's roster: its id, kind and the turn it was added.
fn units_of(s: &Session) -> Vec<(String, String, Option<u32>)> {
    (s.battle().roster.units.iter())
        .map(|u| (u.id.clone(), u.kind.clone(), u.added))
        .collect()
}

/// Carries out `script` on the battle at `path`, a checkpoint written every `every` records;
/// after each command the battle reopened from its checkpoint is the battle replayed whole, in
/// its facts and in what `roster` reads of it. How many reopenings read a checkpoint.
fn play_checkpointed<R: PartialEq + std::fmt::Debug>(
    path: &std::path::Path,
    every: u64,
    script: &[Command],
    roster: impl Fn(&Session) -> R,
) -> usize {
    let mut from_checkpoint = 0;
    for (i, cmd) in script.iter().enumerate() {
        let (_, after) = command(path, every, cmd, i as i64 + 1);
        assert_eq!(after, replayed(path), "after command {i}");
        let (s, _) = Session::open_checkpointed_every(path, every).unwrap();
        assert_eq!(s.checkpoint_refused(), None, "after command {i}");
        from_checkpoint += usize::from(s.checkpoint_from().is_some());
        assert_eq!(facts(&s), after, "reopened after command {i}");
        let read = roster(&s);
        drop(s);
        let (whole, _) = Session::open(path).unwrap();
        assert_eq!(read, roster(&whole), "after command {i}");
    }
    from_checkpoint
}

#[test]
fn units_added_are_built_again_from_the_checkpoint_as_a_full_replay_builds_them() {
    let dir = tempfile::tempdir().unwrap();
    let path = new_battle(dir.path(), "b.jsonl");
    let every = 2;
    let script = [
        note("before"),
        add("t9", "tank"),
        note("one"),
        hits("t9", 1),
        add("t8", "tank"),
        Command::Undo,
        // Its id free again, taken by a unit of another kind.
        add("t8", "infantry"),
        note("two"),
        note("three"),
        Command::Undo,
        Command::Undo,
        Command::Redo,
        note("four"),
        note("five"),
    ];
    let from_checkpoint = play_checkpointed(&path, every, &script, units_of);
    assert!(from_checkpoint > 8, "{from_checkpoint} from a checkpoint");
    let (s, _) = Session::open(&path).unwrap();
    let units = units_of(&s);
    assert!(units.contains(&("t9".into(), "tank".into(), Some(1))));
    assert!(units.contains(&("t8".into(), "infantry".into(), Some(1))));
}

/// A formation of Red's added as `umpire add` adds it: from a file, with an infantry unit for
/// each of `units`, or with none as `--formation` adds one.
fn add_formation(id: &str, units: &[&str]) -> Command {
    let mut text = format!("id = \"{id}\"\nname = \"Formation {id}\"\n");
    for u in units {
        text.push_str(&format!(
            "[[unit]]\nid = \"{u}\"\nname = \"Added {u}\"\nkind = \"infantry\"\n"
        ));
    }
    Command::Add {
        addition: umpire::battle::addition::Addition {
            side: "red".into(),
            formation: None,
            behind: None,
            joins: umpire::battle::addition::Joins::Formation(
                toml::from_str(&text).expect("a formation's table"),
            ),
        },
        written: None,
    }
}

/// A tank of Red's added into the formation `within`.
fn add_in(id: &str, within: &str) -> Command {
    let Command::Add { mut addition, .. } = add(id, "tank") else {
        unreachable!("add makes an addition")
    };
    addition.formation = Some(within.into());
    Command::Add {
        addition,
        written: None,
    }
}

/// Each formation of a session's roster: its id, the id of the formation it goes under and the
/// turn it was added.
fn formations_of(s: &Session) -> Vec<(String, Option<String>, Option<u32>)> {
    let r = &s.battle().roster;
    (r.formations.iter())
        .map(|f| {
            let parent = f.parent.map(|p| r.formations[p].id.clone());
            (f.id.clone(), parent, f.added)
        })
        .collect()
}

#[test]
fn formations_added_are_built_again_from_the_checkpoint_each_checked_beside_those_before_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = new_battle(dir.path(), "b.jsonl");
    let every = 2;
    let script = [
        note("before"),
        add_formation("f1", &["f1a", "f1b"]),
        // A unit that joins the formation added before it: fit only beside it.
        add_in("u1", "f1"),
        hits("f1a", 1),
        add_formation("f2", &[]),
        add_in("u2", "f2"),
        Command::Undo,
        Command::Undo,
        // Both taken back, their ids are free again: a formation holding a unit of the id the
        // unit taken back had.
        add_formation("f2", &["u2"]),
        note("two"),
        Command::Undo,
        Command::Undo,
        Command::Redo,
        hits("u2", 1),
        note("three"),
        note("four"),
    ];
    let from_checkpoint =
        play_checkpointed(&path, every, &script, |s| (units_of(s), formations_of(s)));
    assert!(from_checkpoint > 8, "{from_checkpoint} from a checkpoint");
    let (s, _) = Session::open(&path).unwrap();
    let listed = &s.battle().state().formation_listed;
    let formations = formations_of(&s);
    let at = |id: &str| formations.iter().position(|f| f.0 == id).unwrap();
    assert!(listed[at("f1")] && listed[at("f2")]);
    assert_eq!(
        s.battle().roster.units[s.battle().roster.unit_index("u1").unwrap()].formation,
        Some(at("f1"))
    );
    assert_eq!(
        s.battle().roster.units[s.battle().roster.unit_index("u2").unwrap()].formation,
        Some(at("f2"))
    );
}
