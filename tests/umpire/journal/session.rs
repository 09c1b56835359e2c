//! The battle journal and session, end to end: a battle survives being dropped, torn at any byte,
//! damaged, opened twice, undone and redone, and its dice carry on (killed mid-write: see
//! `kill.rs`).

use crate::support::cli;
use crate::support::journal::*;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use umpire::battle::journal::{Journal, JournalError};
use umpire::battle::session::{Header, Record, Session, SessionError};
use umpire::battle::{Battle, Command, Entry};
use umpire::dice::{DiceError, DiceSource, Die, SeededDice, TypedDice};
use umpire::model::BattleState;

const SEED: u64 = 20_240_606;

fn new_session(path: &Path) -> Session {
    Session::create(scenario(), path, SEED, t(0)).expect("create the battle")
}

fn resume(path: &Path) -> Session {
    let (s, torn) = Session::resume(path).expect("resume the battle");
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
    s.execute(&hits("bt", 3), None, t(40)).unwrap();
    assert!(
        !s.battle().state().units[5].on_table(),
        "three hits remove the tank bt"
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
    s.execute(&mark("rt", "fired", true), None, t(20)).unwrap();
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
    let changed = lines[2].replacen("\"seq\":2", "\"seq\":3", 1);
    lines[2] = &changed;
    let damaged = lines.join("\n") + "\n";
    fs::write(&path, &damaged).unwrap();

    let err = Session::resume(&path).unwrap_err();
    let SessionError::Journal(JournalError::Corrupt { line, path: p, .. }) = &err else {
        panic!("expected a damaged journal, got {err}");
    };
    assert_eq!(*line, 3);
    assert_eq!(p, &path);
    let msg = err.to_string();
    assert!(
        msg.contains("battle.jsonl:3: the battle journal is damaged"),
        "{msg}"
    );
    assert!(
        msg.contains("checksum does not match"),
        "the line's checksum caught the change: {msg}"
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

#[test]
fn undo_and_redo_survive_resume_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("battle.jsonl");
    let commands = [
        mark("r1", "fired", true),
        hits("bt", 2),
        note("the orchard is on fire"),
        mark("b2", "fired", true),
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
    let unit = |s: &Session, id: &str| s.battle().roster.unit_index(id).unwrap();
    assert!(s.battle().state().units[unit(&s, "r1")].has("fired"));
    assert_eq!(s.battle().state().units[unit(&s, "bt")].hits, 2);
    assert!(
        !s.battle().state().units[unit(&s, "b2")].has("fired"),
        "still undone"
    );
    drop(s);

    let mut s = resume(&path);
    assert_eq!(s.battle().state(), live.state());
    s.execute(&Command::Redo, None, t(11)).unwrap();
    live.execute(&Command::Redo, &mut dice).unwrap();
    assert_eq!(s.battle().state(), live.state());
    assert!(s.battle().state().units[unit(&s, "b2")].has("fired"));
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
        let rec = s.execute(&Command::Advance, None, t(i + 1)).unwrap();
        thrown.push(roll_of(&rec).unwrap());
        s.execute(&note("between rolls"), None, t(i + 1)).unwrap();
    }
    let pos = s.dice().word_pos();
    assert!(pos > 0, "the program threw dice");
    let state = s.battle().state().clone();
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
    assert_eq!(s.battle().state(), &state);

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
            &mark("r1", "fired", true),
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
    assert_eq!(s.battle().history().entries().len(), 1, "nothing recorded");
    // Exactly two are used, a d10's 0 reading as 10.
    let rec = s
        .execute(&Command::Advance, Some(TypedDice::new([4, 0])), t(2))
        .unwrap();
    assert_eq!(roll_of(&rec), Some(50));
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
        action: "roll".into(),
        params: umpire::declare::Params::new(),
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
    let rec = s.execute(&Command::Advance, None, t(3)).unwrap();
    assert_eq!(roll_of(&rec), Some(i32::from(a) * 10 + i32::from(b)));
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
    assert_eq!(roll_of(&rec), Some(40));
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

    let swapped = reseal(&text.replace("\"seq\":2,", "\"seq\":9,"));
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

    let future = reseal(&text.replacen("\"format\":3,", "\"format\":4,", 1));
    std::fs::write(&path, &future).unwrap();
    let err = Session::resume(&path).unwrap_err();
    assert!(matches!(err, SessionError::Format { .. }), "{err}");
    assert!(err.to_string().contains("format is 4"), "{err}");
}

#[test]
fn replay_refuses_names_and_values_the_battle_cannot_hold() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("b.jsonl");
    let mut s = Session::create(scenario(), &path, 7, t(0)).unwrap();
    s.execute(&hits("r1", 1), None, t(1)).unwrap();
    s.execute(&mark("b1", "fired", true), None, t(2)).unwrap();
    s.execute(&Command::Advance, None, t(3)).unwrap();
    s.execute(&note("all quiet"), None, t(4)).unwrap();
    drop(s);
    let text = fs::read_to_string(&path).unwrap();
    let line_of = |needle: &str| text.lines().position(|l| l.contains(needle)).unwrap() + 1;
    let cases: [(&str, &str, usize, &str); 9] = [
        (
            r#""hits":1"#,
            r#""hits":4294967295"#,
            line_of(r#""hits":1"#),
            "the hits of r1 cannot be 4294967295: it takes at most",
        ),
        (
            r#""unit":"r1""#,
            r#""unit":"r9""#,
            line_of(r#""unit":"r1""#),
            "unknown unit `r9`",
        ),
        (
            r#""marker":"fired""#,
            r#""marker":"fird""#,
            line_of(r#""marker":"fired""#),
            "unknown marker `fird`",
        ),
        (
            r#""marker":"fired","value":1"#,
            r#""marker":"fired","value":7"#,
            line_of(r#""marker":"fired""#),
            "marker fired of b1 cannot be 7",
        ),
        (
            r#""phase":"fire""#,
            r#""phase":"lunch""#,
            line_of(r#""phase":"fire""#),
            "unknown phase `lunch`",
        ),
        (
            r#""set":"phase","turn":1"#,
            r#""set":"phase","turn":0"#,
            line_of(r#""set":"phase""#),
            "the turn cannot be 0: a turn from 1 to 9999",
        ),
        (
            r#""side":"red","phase""#,
            r#""side":"green","phase""#,
            line_of(r#""set":"phase""#),
            "unknown side `green`",
        ),
        (
            r#""kind":"note","text":"all quiet""#,
            r#""kind":"act","action":"fier","params":{}"#,
            line_of("all quiet"),
            "no procedure `fier` in grid (did you mean `fire`?)",
        ),
        (
            r#""entry":"event","kind":"note""#,
            r#""entry":"event","kind":"start""#,
            line_of("all quiet"),
            "a start event after the battle's start",
        ),
    ];
    for (from, to, line, message) in cases {
        assert!(text.contains(from), "{from}");
        let edited = reseal(&text.replacen(from, to, 1));
        fs::write(&path, &edited).unwrap();
        let err = Session::resume(&path).unwrap_err();
        assert!(
            matches!(&err, SessionError::Replay { line: l, .. } if *l == line),
            "{to}: expected a refusal at line {line}, got {err}"
        );
        let msg = err.to_string();
        assert!(
            msg.contains(&format!("b.jsonl:{line}: this record cannot be replayed")),
            "{msg}"
        );
        assert!(msg.contains(message), "{to}: {msg}");
        assert_eq!(
            fs::read_to_string(&path).unwrap(),
            edited,
            "nothing changed"
        );
    }

    // A counter the rule set does not keep.
    let with_counter = reseal(&text.replacen(
        r#""entry":"event","kind":"note","text":"all quiet","summary":"Note: all quiet""#,
        r#""entry":"event","kind":"edit","summary":"x","effects":[{"set":"counter","scope":"red","name":"morale","value":3}]"#,
        1,
    ));
    assert_ne!(with_counter, reseal(&text));
    fs::write(&path, &with_counter).unwrap();
    let err = Session::resume(&path).unwrap_err().to_string();
    assert!(err.contains("unknown counter `morale`"), "{err}");
}

#[test]
fn a_journal_of_format_1_still_opens_and_carries_on_unchecked() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.jsonl");
    fs::copy("tests/fixtures/journals/format-1.jsonl", &path).unwrap();
    let (mut s, torn) = Session::resume(&path).unwrap();
    assert_eq!(torn, None);
    assert_eq!(s.header().format, 1);
    assert_eq!(s.battle().state(), &s.battle().fold());
    let b = s.battle();
    let g11 = b.roster.unit_index("g11").unwrap();
    assert!(b.state().units[g11].has("suppressed"));
    s.execute(&note("carried on"), None, t(100)).unwrap();
    drop(s);
    let text = fs::read_to_string(&path).unwrap();
    assert!(
        !text.contains("\"crc\""),
        "a format 1 journal stays without checksums"
    );
    let (s, _) = Session::resume(&path).unwrap();
    assert_eq!(
        s.battle().history().last_in_force().unwrap().summary,
        "Note: carried on"
    );
}

#[test]
fn a_journal_of_format_2_still_opens_and_carries_on_with_checksums_on_each_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.jsonl");
    fs::copy("tests/fixtures/journals/format-2.jsonl", &path).unwrap();
    let (mut s, torn) = Session::resume(&path).unwrap();
    assert_eq!(torn, None);
    assert_eq!(s.header().format, 2);
    assert_eq!(s.battle().state(), &s.battle().fold());
    s.execute(&note("carried on"), None, t(100)).unwrap();
    drop(s);
    let text = fs::read_to_string(&path).unwrap();
    assert!(
        text.lines()
            .all(|l| l.starts_with("{\"crc\":\"") && !l.contains("\"prev\"")),
        "a format 2 journal stays checksummed line by line:\n{text}"
    );
    let (s, _) = Session::resume(&path).unwrap();
    assert_eq!(
        s.battle().history().last_in_force().unwrap().summary,
        "Note: carried on"
    );
}

/// Two copies of one battle that part ways after their first records: the same scenario and seed,
/// then different notes and moves.
fn two_copies(dir: &std::path::Path) -> (std::path::PathBuf, Vec<String>, Vec<String>) {
    let a = dir.join("a.jsonl");
    let b = dir.join("b.jsonl");
    for (path, words) in [(&a, ["ours", "the left"]), (&b, ["theirs", "the right"])] {
        let mut s = Session::create(scenario(), path, 7, t(0)).unwrap();
        s.execute(&Command::Advance, None, t(1)).unwrap();
        s.execute(&note(words[0]), None, t(2)).unwrap();
        s.execute(&note(words[1]), None, t(3)).unwrap();
        s.execute(&Command::Undo, None, t(4)).unwrap();
        s.execute(&note("the end"), None, t(5)).unwrap();
    }
    let lines = |p: &std::path::Path| -> Vec<String> {
        fs::read_to_string(p)
            .unwrap()
            .lines()
            .map(|l| format!("{l}\n"))
            .collect()
    };
    (a.clone(), lines(&a), lines(&b))
}

#[test]
fn a_line_from_another_copy_of_the_battle_is_refused_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let (path, a, b) = two_copies(dir.path());
    assert_eq!(a.len(), b.len());
    let mut spliced = 0;
    for i in 1..a.len() {
        if a[i] == b[i] {
            continue;
        }
        let mut text = a.clone();
        text[i] = b[i].clone();
        fs::write(&path, text.concat()).unwrap();
        let err = Session::resume(&path).unwrap_err().to_string();
        // The line that breaks the chain is the first that differs from the one it follows: the
        // spliced line itself, or (when its own chain still holds, every line before it being
        // the same in both copies) the line after it.
        let named = (i + 1..=i + 2).any(|n| err.contains(&format!("a.jsonl:{n}:")));
        assert!(named, "line {}: {err}", i + 1);
        assert!(err.contains("does not follow the line before it"), "{err}");
        spliced += 1;
    }
    assert!(spliced >= 4, "{spliced}");
    // The report and the state read it the same way.
    let r = umpire::report::Chronicle::load(&path);
    assert!(r.is_err());
}

#[test]
fn lines_swapped_or_taken_out_are_refused_naming_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let (path, a, _) = two_copies(dir.path());
    let mut swapped = a.clone();
    swapped.swap(2, 3);
    fs::write(&path, swapped.concat()).unwrap();
    let err = Session::resume(&path).unwrap_err().to_string();
    assert!(err.contains("a.jsonl:3:"), "{err}");
    assert!(err.contains("does not follow"), "{err}");
    let mut cut = a.clone();
    cut.remove(3);
    fs::write(&path, cut.concat()).unwrap();
    let err = Session::resume(&path).unwrap_err().to_string();
    assert!(err.contains("a.jsonl:4:"), "{err}");
    // Even the last line: no crash leaves an intact line that does not follow its neighbour.
    let mut last = a.clone();
    let n = last.len();
    last.swap(n - 2, n - 1);
    fs::write(&path, last.concat()).unwrap();
    let err = Session::resume(&path).unwrap_err().to_string();
    assert!(err.contains(&format!("a.jsonl:{}:", n - 1)), "{err}");
    // Whole, the journal opens.
    fs::write(&path, a.concat()).unwrap();
    Session::resume(&path).unwrap();
}

#[test]
fn a_line_of_a_battle_of_another_rule_set_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (path, a, _) = two_copies(dir.path());
    let other = dir.path().join("other.jsonl");
    let mut s = Session::create(dicey_scenario(), &other, 7, t(0)).unwrap();
    s.execute(&note("a note fits anywhere"), None, t(1))
        .unwrap();
    s.execute(&Command::Undo, None, t(2)).unwrap();
    drop(s);
    let foreign: Vec<String> = fs::read_to_string(&other)
        .unwrap()
        .lines()
        .map(|l| format!("{l}\n"))
        .collect();
    for line in &foreign[2..] {
        let mut text = a.clone();
        text[3] = line.clone();
        fs::write(&path, text.concat()).unwrap();
        let err = Session::resume(&path).unwrap_err().to_string();
        assert!(err.contains("a.jsonl:4:"), "{err}");
    }
}

#[test]
fn every_line_of_a_concealed_battle_taken_from_another_copy_is_refused_at_its_line() {
    // Two copies of the learning game's four moves, the second begun with a note of its own (so
    // that no record of it is the first's): every line of one put in the other is refused where
    // it stands, by state and report alike.
    let a = cli::Played::battle(cli::SCRUBY_LEARNING, cli::SCRUBY_FOUR_MOVES);
    let b = cli::Played::battle(
        cli::SCRUBY_LEARNING,
        &format!("note the other copy\n{}", cli::SCRUBY_FOUR_MOVES),
    );
    let lines = |p: &Path| -> Vec<String> {
        fs::read_to_string(p)
            .unwrap()
            .split_inclusive('\n')
            .map(str::to_string)
            .collect()
    };
    let (la, lb) = (lines(&a.journal), lines(&b.journal));
    assert_eq!(la.len() + 1, lb.len());
    assert!(la.len() > 30, "{} lines", la.len());
    let spliced = a.journal.with_file_name("spliced.jsonl");
    let mut refused = 0;
    for i in 1..la.len() {
        if la[i] == lb[i] {
            // The same in both (the start, begun in the same instant): nothing is spliced.
            continue;
        }
        let mut text = la.clone();
        text[i] = lb[i].clone();
        fs::write(&spliced, text.concat()).unwrap();
        let p = spliced.to_str().unwrap();
        for args in [&["state", p][..], &["report", p, "-o", "-"][..]] {
            let r = cli::run_in("", args);
            assert_eq!(
                r.code,
                std::process::ExitCode::from(1),
                "line {}: {args:?}",
                i + 1
            );
            assert!(
                r.err.contains(&format!("spliced.jsonl:{}:", i + 1))
                    && r.err.contains("does not follow the line before it"),
                "line {}: {}",
                i + 1,
                r.err
            );
        }
        refused += 1;
    }
    assert!(refused >= la.len() - 2, "{refused} of {}", la.len() - 1);
}

use crate::support::scale;

/// What a battle opened to act shows of itself: where it stands, the offers standing, what undo
/// and redo would do, how many events are in force.
fn standing(
    s: &Session,
) -> (
    BattleState,
    Vec<String>,
    Option<String>,
    Option<String>,
    usize,
) {
    let b = s.battle();
    (
        b.state().clone(),
        b.standing_offers()
            .iter()
            .map(|o| format!("{:?} {:?}", o.offer, o.actors))
            .collect(),
        b.undo_preview().map(|e| e.summary.clone()),
        b.redo_preview().map(|e| e.summary.clone()),
        b.history().in_force_count(),
    )
}

#[test]
fn a_thin_battle_acts_exactly_as_a_whole_one_keeping_only_the_events_it_needs() {
    // In memory where it can be: every command is synced to disk twice over.
    let dir = scale::workdir();
    let path = dir.path().join("big.jsonl");
    let mut s = scale::start(&path, 40);
    scale::play(&mut s, 1500, 5);
    // Undos deep into the battle, redos, and undos again over notes and hand edits.
    for cmd in ["u"; 40].iter().chain(&["r"; 15]).chain(&["u"; 30]) {
        let c = if *cmd == "u" {
            Command::Undo
        } else {
            Command::Redo
        };
        s.execute(&c, None, t(1)).unwrap();
    }
    drop(s);
    let (whole, _) = Session::open(&path).unwrap();
    let before = standing(&whole);
    drop(whole);
    let (thin, _) = Session::open_thin(&path).unwrap();
    assert_eq!(
        standing(&thin),
        before,
        "opened thin, the battle stands as opened whole"
    );
    // It holds whole only the events it needs: the start, the latest in force and the latest
    // with offers, and the 40 − 15 + 30 = 55 an undo took back (for redo).
    let held = thin
        .battle()
        .history()
        .entries()
        .iter()
        .filter(|e| matches!(e, Entry::Event(ev) if !ev.summary.is_empty()))
        .count();
    assert!(held <= 55 + 3, "{held} events held");
    drop(thin);
    // Command by command, the thin battle and the whole one stay alike: undos reach back into
    // events it let go, which it reads back.
    let commands: Vec<Command> = std::iter::repeat_n(Command::Undo, 25)
        .chain(std::iter::repeat_n(Command::Redo, 10))
        .chain([note("after the redos")])
        .chain(std::iter::repeat_n(Command::Undo, 5))
        .chain([Command::Redo])
        .collect();
    let copy = dir.path().join("copy.jsonl");
    fs::copy(&path, &copy).unwrap();
    let (mut whole, _) = Session::open(&copy).unwrap();
    let (mut thin, _) = Session::open_thin(&path).unwrap();
    for (n, cmd) in commands.iter().enumerate() {
        let a = whole.execute(cmd, None, t(2));
        let b = thin.execute(cmd, None, t(2));
        assert_eq!(a.is_ok(), b.is_ok(), "command {n}: {cmd:?}");
        assert_eq!(
            standing(&thin),
            standing(&whole),
            "after command {n}: {cmd:?}"
        );
    }
    // Both journals hold the same records.
    drop((whole, thin));
    let strip = |p: &Path| -> Vec<String> {
        fs::read_to_string(p)
            .unwrap()
            .lines()
            .map(|l| l.to_string())
            .collect()
    };
    assert_eq!(strip(&path).len(), strip(&copy).len());
    // Read without the lock, thin as `umpire state` reads it, it stands the same.
    let (b, _, _) = Session::load_thin(&path).unwrap();
    let (w, _, _) = Session::load(&path).unwrap();
    assert_eq!(b.state(), w.state());
    assert_eq!(
        b.undo_preview().map(|e| &e.summary),
        w.undo_preview().map(|e| &e.summary)
    );
}
