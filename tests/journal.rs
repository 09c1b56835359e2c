//! The battle journal and session, end to end: a battle survives being dropped, torn at any byte,
//! damaged, opened twice, killed mid-write, undone and redone, and its dice carry on.

mod common;

use common::*;
use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command as Process, Stdio};
use umpire::battle::journal::{Journal, JournalError};
use umpire::battle::session::{Header, Record, Session, SessionError};
use umpire::battle::{Battle, BattleState, Command, Entry};
use umpire::dice::{DiceError, DiceSource, Die, SeededDice, TypedDice};

const SEED: u64 = 20_240_606;

fn new_session(path: &Path) -> Session {
    Session::create(scenario(), path, SEED, t(0)).expect("create the battle")
}

fn resume(path: &Path) -> Session {
    // Another test of this binary may be spawning a child process at this moment: between its
    // fork and its exec the child briefly shares every open file (close-on-exec closes them only
    // at exec), and with them a lock just released here. Wait that moment out.
    let mut tries = 0;
    let (s, torn) = loop {
        match Session::resume(path) {
            Err(SessionError::Journal(JournalError::Locked { .. })) if tries < 50 => {
                tries += 1;
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            other => break other.expect("resume the battle"),
        }
    };
    assert_eq!(torn, None, "no torn tail expected");
    s
}

/// Everything about a battle that must survive a resume.
fn snapshot(s: &Session) -> (BattleState, Vec<Entry>) {
    (
        s.battle().state().clone(),
        s.battle().history().entries().to_vec(),
    )
}

fn torn_files(dir: &Path) -> Vec<PathBuf> {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().contains(".torn-"))
        .collect()
}

#[test]
fn round_trip_gives_identical_state_and_history() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("battle.jsonl");
    let mut s = new_session(&path);
    for i in 0..30 {
        let rec = s.execute(&cycle(i), None, t(i as i64 + 1)).unwrap();
        assert_eq!(rec.seq, i as u64 + 2);
    }
    s.execute(&hits("b2", 3), None, t(40)).unwrap();
    assert!(
        !s.battle().state().units[5].on_table(),
        "three hits remove b2"
    );
    let before = snapshot(&s);
    let header = s.header().clone();
    drop(s);

    let s = resume(&path);
    assert_eq!(snapshot(&s), before);
    assert_eq!(s.battle().state(), &s.battle().fold());
    assert_eq!(s.header(), &header);
    assert_eq!(s.seed(), SEED);
    assert_eq!(s.path(), path);
    assert_eq!(s.next_seq(), 33);
    assert_eq!(header.scenario, SCENARIO);
    assert_eq!(header.started, t(0));

    // One line per record, in order, with their times.
    let loaded = Journal::read::<Header, Record>(&path).unwrap();
    assert_eq!(loaded.entries.len(), 32);
    for (i, r) in loaded.entries.iter().enumerate() {
        assert_eq!(r.seq, i as u64 + 1);
        assert_eq!(r.at, t(if i == 31 { 40 } else { i as i64 }));
    }
    assert_eq!(
        fs::read_to_string(&path).unwrap().lines().count(),
        33,
        "header and 32 records"
    );
}

/// Writes a battle of several records; returns the journal's bytes, where its last line starts,
/// and the state and history of the acknowledged prefix (all records but the last).
fn battle_for_tearing(dir: &Path) -> (Vec<u8>, usize, (BattleState, Vec<Entry>)) {
    let path = dir.join("whole.jsonl");
    let mut s = new_session(&path);
    for i in 0..8 {
        s.execute(&cycle(i), None, t(i as i64 + 1)).unwrap();
    }
    let prefix = snapshot(&s);
    s.execute(&mark("r2", "paralyzed", true), None, t(20))
        .unwrap();
    drop(s);
    let bytes = fs::read(&path).unwrap();
    assert_eq!(bytes.last(), Some(&b'\n'));
    let last_start = bytes[..bytes.len() - 1]
        .iter()
        .rposition(|&b| b == b'\n')
        .unwrap()
        + 1;
    (bytes, last_start, prefix)
}

#[test]
fn torn_tail_at_every_byte_offset_of_the_last_record() {
    let work = tempfile::tempdir().unwrap();
    let (bytes, last_start, prefix) = battle_for_tearing(work.path());
    let newline = bytes.len() - 1;
    assert!(newline - last_start > 50, "the last record is a real line");

    // Keep `cut` bytes: from none of the last line to all of it but its newline.
    for cut in last_start..=newline {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("battle.jsonl");
        fs::write(&path, &bytes[..cut]).unwrap();

        let (s, torn) =
            Session::resume(&path).unwrap_or_else(|e| panic!("cut at {cut}: cannot resume: {e}"));
        assert_eq!(snapshot(&s), prefix, "cut at {cut}");
        assert_eq!(s.battle().state(), &s.battle().fold());
        let partial = &bytes[last_start..cut];
        if partial.is_empty() {
            assert_eq!(torn, None, "cut at {cut}");
            assert!(torn_files(dir.path()).is_empty());
        } else {
            let torn = torn.unwrap_or_else(|| panic!("cut at {cut}: torn tail not reported"));
            assert_eq!(torn.offset, last_start as u64, "cut at {cut}");
            assert_eq!(torn.bytes, partial.len() as u64, "cut at {cut}");
            let saved = torn.saved_to.expect("the torn bytes were saved");
            assert_eq!(torn_files(dir.path()), vec![saved.clone()]);
            assert!(
                saved
                    .file_name()
                    .unwrap()
                    .to_string_lossy()
                    .starts_with("battle.jsonl.torn-")
            );
            assert_eq!(fs::read(&saved).unwrap(), partial, "cut at {cut}");
        }
        let kept = fs::read(&path).unwrap();
        assert!(
            kept == bytes[..last_start],
            "cut at {cut}: the journal should end on its last whole line, at {last_start}; it has {} bytes",
            kept.len()
        );

        // The battle carries on from the acknowledged prefix.
        let mut s = s;
        let rec = s.execute(&note("carrying on"), None, t(30)).unwrap();
        assert_eq!(rec.seq, prefix.1.len() as u64 + 1);
        let after = snapshot(&s);
        drop(s);
        let s = resume(&path);
        assert_eq!(snapshot(&s), after, "cut at {cut}");
        assert_eq!(after.1.len(), prefix.1.len() + 1);
    }
}

#[test]
fn damage_in_the_middle_is_refused_naming_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("battle.jsonl");
    let mut s = new_session(&path);
    for i in 0..4 {
        s.execute(&cycle(i), None, t(i as i64 + 1)).unwrap();
    }
    drop(s);
    let text = fs::read_to_string(&path).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 6);
    lines[2] = "{\"seq\":2,\"at\":garbage";
    let damaged = lines.join("\n") + "\n";
    fs::write(&path, &damaged).unwrap();

    let err = Session::resume(&path).unwrap_err();
    let SessionError::Journal(JournalError::Corrupt { line, path: p, .. }) = &err else {
        panic!("expected a damaged journal, got {err}");
    };
    assert_eq!(*line, 3);
    assert_eq!(p, &path);
    let msg = err.to_string();
    assert!(msg.contains("battle.jsonl:3: "), "{msg}");
    assert!(
        msg.contains("expected value"),
        "the serde message is shown: {msg}"
    );
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        damaged,
        "nothing truncated"
    );
    assert!(torn_files(dir.path()).is_empty());
    // A read-only load refuses it too.
    assert!(matches!(
        Journal::read::<Header, Record>(&path),
        Err(JournalError::Corrupt { line: 3, .. })
    ));
}

#[test]
fn a_second_writer_is_locked_out() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("battle.jsonl");
    let mut s = new_session(&path);
    s.execute(&note("first"), None, t(1)).unwrap();

    let err = Session::resume(&path).unwrap_err();
    assert!(
        matches!(&err, SessionError::Journal(JournalError::Locked { path: p }) if p == &path),
        "{err}"
    );
    assert!(err.to_string().contains("another umpire process"), "{err}");
    drop(s);

    let (s, _) = Session::resume(&path).unwrap();
    assert!(matches!(
        Session::resume(&path),
        Err(SessionError::Journal(JournalError::Locked { .. }))
    ));
    // Starting a new battle over it is refused as well.
    assert!(matches!(
        Session::create(scenario(), &path, 1, t(0)),
        Err(SessionError::Journal(JournalError::Exists { .. }))
    ));
    drop(s);
    resume(&path);
}

const CHILD_ENV: &str = "UMPIRE_JOURNAL_CHILD";

/// Not a test on its own: when the parent test below runs this binary again with `CHILD_ENV` set,
/// this plays a battle in that journal and prints `ack <seq>` to stderr (stdout carries the test
/// harness's own lines) after each command is acknowledged, until it is killed.
#[test]
fn child_battle_until_killed() {
    let Some(path) = std::env::var_os(CHILD_ENV) else {
        return;
    };
    let mut s = Session::create(scenario(), &path, SEED, t(0)).unwrap();
    let mut out = std::io::stderr().lock();
    // Bounded, in case the parent dies before killing it.
    for i in 0..20_000 {
        let rec = s.execute(&cycle(i), None, t(i as i64 + 1)).unwrap();
        writeln!(out, "ack {}", rec.seq).unwrap();
        out.flush().unwrap();
    }
}

#[test]
fn a_killed_process_loses_nothing_acknowledged() {
    // Kill it early, in the middle, and later on.
    for kill_after in [1, 7, 40] {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("battle.jsonl");
        let acks = run_child_and_kill(&path, kill_after);
        assert!(acks.len() >= kill_after);
        assert_eq!(
            acks,
            (2..acks.len() as u64 + 2).collect::<Vec<_>>(),
            "acknowledged in order"
        );

        let (mut s, _torn) = Session::resume(&path).unwrap();
        let records = s.battle().history().entries().len() as u64;
        let last_ack = *acks.last().unwrap();
        assert!(
            records == last_ack || records == last_ack + 1,
            "acknowledged up to record {last_ack}, found {records} records"
        );
        assert_eq!(s.battle().state(), &s.battle().fold());
        // The state is exactly that of the commands on disk.
        let mut live = Battle::new(scenario());
        live.apply(live.start_event()).unwrap();
        let mut dice = SeededDice::new(SEED);
        for i in 0..(records - 1) as usize {
            live.execute(&cycle(i), &mut dice).unwrap();
        }
        assert_eq!(s.battle().state(), live.state());
        assert_eq!(s.battle().history().entries(), live.history().entries());
        // And it carries on.
        s.execute(&note("after the crash"), None, t(99_999))
            .unwrap();
    }
}

/// Runs [`child_battle_until_killed`] on `path`, kills it (SIGKILL on Unix) once it has
/// acknowledged `kill_after` commands, and returns every sequence number it acknowledged.
fn run_child_and_kill(path: &Path, kill_after: usize) -> Vec<u64> {
    let mut child = Process::new(std::env::current_exe().unwrap())
        .args([
            "child_battle_until_killed",
            "--exact",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD_ENV, path)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let ack = |line: std::io::Result<String>| {
        line.unwrap()
            .strip_prefix("ack ")
            .map(|seq| seq.parse::<u64>().unwrap())
    };
    let mut acks = Vec::new();
    while acks.len() < kill_after {
        let Some(line) = lines.next() else {
            let status = child.wait().unwrap();
            panic!("the child stopped after {} acks: {status}", acks.len());
        };
        acks.extend(ack(line));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    // Acks already in the pipe were acknowledged too.
    acks.extend(lines.filter_map(ack));
    acks
}

#[test]
fn undo_and_redo_survive_resume_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("battle.jsonl");
    let commands = [
        mark("r1", "suppressed", true),
        hits("b1", 2),
        note("the orchard is on fire"),
        mark("b2", "finished", true),
        Command::Undo,
        Command::Undo,
    ];
    let mut s = new_session(&path);
    let mut live = Battle::new(scenario());
    live.apply(live.start_event()).unwrap();
    let mut dice = SeededDice::new(SEED);
    for (i, c) in commands.iter().enumerate() {
        s.execute(c, None, t(i as i64 + 1)).unwrap();
        live.execute(c, &mut dice).unwrap();
    }
    assert!(s.battle().redo_preview().is_some());
    drop(s);

    let mut s = resume(&path);
    assert_eq!(s.battle().state(), live.state());
    assert_eq!(
        s.battle().redo_preview().map(|e| &e.summary),
        live.redo_preview().map(|e| &e.summary)
    );
    assert_eq!(
        s.battle().undo_preview().map(|e| &e.summary),
        live.undo_preview().map(|e| &e.summary)
    );
    s.execute(&Command::Redo, None, t(10)).unwrap();
    live.execute(&Command::Redo, &mut dice).unwrap();
    assert_eq!(s.battle().state(), live.state());
    assert_eq!(s.battle().history().entries(), live.history().entries());
    assert!(s.battle().state().units[1].has("suppressed"));
    assert_eq!(s.battle().state().units[4].hits, 2);
    assert!(!s.battle().state().units[5].has("finished"), "still undone");
    drop(s);

    let mut s = resume(&path);
    assert_eq!(s.battle().state(), live.state());
    s.execute(&Command::Redo, None, t(11)).unwrap();
    live.execute(&Command::Redo, &mut dice).unwrap();
    assert_eq!(s.battle().state(), live.state());
    assert!(s.battle().state().units[5].has("finished"));
    assert!(matches!(
        s.execute(&Command::Redo, None, t(12)),
        Err(SessionError::Battle(_))
    ));
}

#[test]
fn seeded_dice_continue_across_resume() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("battle.jsonl");
    let mut s = Session::create(dicey_scenario(), &path, SEED, t(0)).unwrap();
    let mut thrown = Vec::new();
    for i in 0..3 {
        s.execute(&Command::Advance, None, t(i + 1)).unwrap();
        thrown.push(s.battle().state().counter("red", "roll").unwrap());
        s.execute(&note("between rolls"), None, t(i + 1)).unwrap();
    }
    let pos = s.dice().word_pos();
    assert!(pos > 0, "the program threw dice");
    let counters = s.battle().state().counters.clone();
    drop(s);

    // A crash in the middle of writing the next record.
    let mut f = fs::OpenOptions::new().append(true).open(&path).unwrap();
    f.write_all(br#"{"seq":8,"at":"2025-06-15T15:06:40Z","dice":{"word_pos":"#)
        .unwrap();
    drop(f);

    let (s, torn) = Session::resume(&path).unwrap();
    assert!(torn.is_some());
    assert_eq!(
        s.dice().word_pos(),
        pos,
        "the generator stands where it stood"
    );
    assert_eq!(s.battle().state().counters, counters);

    // The faces after the resume are the ones an uninterrupted generator would have thrown next.
    let mut straight = SeededDice::new(SEED);
    let mut replayed = Vec::new();
    for _ in 0..3 {
        let a = straight.roll(Die::D10, "").unwrap();
        let b = straight.roll(Die::D10, "").unwrap();
        replayed.push(i32::from(a) * 10 + i32::from(b));
    }
    assert_eq!(replayed, thrown);
    assert_eq!(straight.word_pos(), pos);
    let mut resumed = s.dice().clone();
    let next: Vec<u8> = (0..50)
        .map(|_| resumed.roll(Die::D10, "").unwrap())
        .collect();
    let expected: Vec<u8> = (0..50)
        .map(|_| straight.roll(Die::D10, "").unwrap())
        .collect();
    assert_eq!(next, expected);
}

#[test]
fn typed_dice_with_leftover_faces_are_refused_and_write_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("battle.jsonl");
    let mut s = new_session(&path);
    s.execute(&note("before"), None, t(1)).unwrap();
    let bytes = fs::read(&path).unwrap();
    let before = snapshot(&s);

    let err = s
        .execute(
            &mark("r1", "suppressed", true),
            Some(TypedDice::parse("7").unwrap()),
            t(2),
        )
        .unwrap_err();
    assert!(
        matches!(err, SessionError::Dice(DiceError::Unused { count: 1, .. })),
        "{err}"
    );
    assert!(err.to_string().contains("not used"), "{err}");
    assert_eq!(fs::read(&path).unwrap(), bytes, "nothing written");
    assert_eq!(snapshot(&s), before, "nothing changed");
    assert_eq!(s.next_seq(), 3);

    // With a rule set that throws two dice, three typed faces are one too many.
    let path = dir.path().join("dicey.jsonl");
    let mut s = Session::create(dicey_scenario(), &path, SEED, t(0)).unwrap();
    let bytes = fs::read(&path).unwrap();
    let err = s
        .execute(&Command::Advance, Some(TypedDice::new([4, 0, 2])), t(1))
        .unwrap_err();
    assert!(
        matches!(err, SessionError::Dice(DiceError::Unused { .. })),
        "{err}"
    );
    assert_eq!(fs::read(&path).unwrap(), bytes);
    assert_eq!(s.battle().state().counter("red", "roll"), None);
    // Exactly two are used, a d10's 0 reading as 10.
    s.execute(&Command::Advance, Some(TypedDice::new([4, 0])), t(2))
        .unwrap();
    assert_eq!(s.battle().state().counter("red", "roll"), Some(50));
    assert_eq!(
        s.dice().word_pos(),
        0,
        "typed dice leave the generator alone"
    );
}

// ---- the session's own guarantees -------------------------------------------------------------

#[test]
fn refused_command_consumes_no_dice_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("b.jsonl");
    let mut s = Session::create(dicey_scenario(), &path, 7, t(0)).unwrap();
    s.execute(&Command::Advance, None, t(1)).unwrap();
    let pos = s.dice().word_pos();
    assert!(pos > 0);
    let len = std::fs::metadata(&path).unwrap().len();
    let act = Command::Act {
        action: "fire".into(),
        params: umpire::rules::Params::new(),
    };
    let err = s.execute(&act, None, t(2)).unwrap_err();
    assert!(err.to_string().contains("refused after rolling"), "{err}");
    assert_eq!(
        s.dice().word_pos(),
        pos,
        "the refused command's dice are put back"
    );
    assert_eq!(std::fs::metadata(&path).unwrap().len(), len);
    assert_eq!(s.battle().history().entries().len(), 2);
    assert_eq!(s.next_seq(), 3);
    // The next accepted command throws the same faces it would have without the refusal.
    let mut expect = SeededDice::at(7, pos);
    let a = expect.roll(Die::D10, "").unwrap();
    let b = expect.roll(Die::D10, "").unwrap();
    s.execute(&Command::Advance, None, t(3)).unwrap();
    assert_eq!(
        s.battle().state().counter("red", "roll"),
        Some(i32::from(a) * 10 + i32::from(b))
    );
}

#[test]
fn typed_dice_must_all_be_used() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("b.jsonl");
    let mut s = Session::create(dicey_scenario(), &path, 7, t(0)).unwrap();
    let len = std::fs::metadata(&path).unwrap().len();
    let err = s
        .execute(&Command::Advance, Some(TypedDice::new([3, 4, 5])), t(1))
        .unwrap_err();
    assert!(
        matches!(err, SessionError::Dice(DiceError::Unused { .. })),
        "{err}"
    );
    assert_eq!(std::fs::metadata(&path).unwrap().len(), len);
    assert_eq!(s.battle().history().entries().len(), 1);
    assert_eq!(
        s.dice().word_pos(),
        0,
        "typed dice leave the generator alone"
    );
    let rec = s
        .execute(&Command::Advance, Some(TypedDice::new([3, 0])), t(2))
        .unwrap();
    assert_eq!(rec.seq, 2);
    assert_eq!(s.battle().state().counter("red", "roll"), Some(40));
    assert_eq!(s.dice().word_pos(), 0);
}

#[test]
fn creation_interrupted_before_the_start_event_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("b.jsonl");
    drop(Session::create(dicey_scenario(), &path, 7, t(0)).unwrap());
    let text = std::fs::read_to_string(&path).unwrap();
    let header_only = &text[..=text.find('\n').unwrap()];
    std::fs::write(&path, header_only).unwrap();
    let (s, torn) = Session::resume(&path).unwrap();
    assert_eq!(torn, None);
    assert_eq!(s.battle().history().entries().len(), 1);
    assert_eq!(s.next_seq(), 2);
    drop(s);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
}

#[test]
fn out_of_order_records_and_foreign_headers_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("b.jsonl");
    let mut s = Session::create(dicey_scenario(), &path, 7, t(0)).unwrap();
    s.execute(&note("a"), None, t(1)).unwrap();
    s.execute(&note("b"), None, t(2)).unwrap();
    drop(s);
    let text = std::fs::read_to_string(&path).unwrap();

    let swapped = text.replace("\"seq\":2,", "\"seq\":9,");
    std::fs::write(&path, &swapped).unwrap();
    let err = Session::resume(&path).unwrap_err();
    assert!(
        matches!(
            err,
            SessionError::Sequence {
                line: 3,
                expected: 2,
                found: 9,
                ..
            }
        ),
        "{err}"
    );

    let future = text.replacen("\"format\":1,", "\"format\":2,", 1);
    std::fs::write(&path, &future).unwrap();
    let err = Session::resume(&path).unwrap_err();
    assert!(matches!(err, SessionError::Format { .. }), "{err}");
    assert!(err.to_string().contains("format is 2"), "{err}");
}
