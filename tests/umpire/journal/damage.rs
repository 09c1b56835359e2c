//! Damage is detected, never replayed silently: every byte of a 50-event battle journal is flipped
//! in turn (a different bit at each position, so every bit position is tried), and each damaged
//! journal must either be refused, naming a line, or load with its bad last line reported and the
//! battle exactly as the undamaged journal had it before that line. Nothing else is allowed.
//!
//! The battle is Newport's company action, not the journal tests' Grid skirmish: every kind of
//! record must be there, and only a rule set with standing offers (Newport's opportunity fire
//! after a move) writes records with offers.

use crate::support::journal::{hits, mark, note, t};
use crate::support::newport::company;
use std::fs;
use umpire::battle::session::Session;
use umpire::battle::{Command, Entry};
use umpire::declare::{Params, Value};
use umpire::dice::TypedDice;
use umpire::model::BattleState;

fn act(action: &str, params: &[(&str, Value)]) -> Command {
    Command::Act {
        action: action.into(),
        params: params
            .iter()
            .fold(Params::new(), |p, (k, v)| p.with(k, v.clone())),
    }
}

fn text(s: &str) -> Value {
    Value::Text(s.into())
}

/// A battle of 50 records of every kind: phase changes with their rolls, fires with typed and
/// program dice, moves with their offers, hand edits, notes in several scripts, undo and redo.
fn fifty_records(path: &std::path::Path) {
    let scenario = umpire::scenario::parse("company.toml", &company("")).unwrap();
    let mut s = Session::create(scenario, path, 1944, t(0)).unwrap();
    let mut i = 0;
    let mut run = |s: &mut Session, cmd: Command, dice: Option<&str>| {
        i += 1;
        let typed = dice.map(|d| TypedDice::parse(d).unwrap());
        s.execute(&cmd, typed, t(i)).map(drop)
    };
    let mut turn = 0;
    while s.next_seq() <= 50 {
        turn += 1;
        run(&mut s, Command::Advance, None).unwrap();
        let (mine, theirs) = if s.battle().state().active == 0 {
            (["1-1", "1-2"], ["g1", "g2"])
        } else {
            (["g1", "g2"], ["1-1", "1-2"])
        };
        // Refusals (a stand already out, say) are simply not recorded.
        let _ = run(
            &mut s,
            act(
                "fire",
                &[
                    ("firer", text(mine[0])),
                    ("target", text(theirs[turn % 2])),
                    ("range", Value::Num(6.0 + turn as f64)),
                ],
            ),
            if turn % 2 == 0 { Some("7") } else { None },
        );
        let _ = run(&mut s, act("move", &[("unit", text(mine[1]))]), None);
        let _ = run(
            &mut s,
            note(&format!(
                "Turn {turn}: smoke drifts east — Rauch zieht über das Feld ✓"
            )),
            None,
        );
        let _ = run(&mut s, mark(theirs[0], "suppressed", turn % 3 == 0), None);
        let _ = run(&mut s, Command::Undo, None);
        let _ = run(&mut s, Command::Redo, None);
        let _ = run(&mut s, hits("a-ldr", (turn % 2) as u32), None);
    }
}

#[test]
fn every_byte_flipped_is_detected_or_reported_never_replayed_silently() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("battle.jsonl");
    fifty_records(&path);
    let original = fs::read(&path).unwrap();
    let records = original.iter().filter(|&&b| b == b'\n').count() - 1;
    assert!(records >= 50, "{records} records");
    let journal = String::from_utf8(original.clone()).unwrap();
    for kind in [
        "\"action\":\"fire\"",
        "\"action\":\"move\"",
        "\"offers\":",
        "\"kind\":\"advance\"",
        "\"kind\":\"note\"",
        "\"kind\":\"edit\"",
        "\"entry\":\"undo\"",
        "\"entry\":\"redo\"",
        "\"rolled_by_program\":true",
        "\"rolled_by_program\":false",
    ] {
        assert!(journal.contains(kind), "the journal has no {kind}");
    }

    // The battle after each prefix of the undamaged journal's records.
    let (full, _, torn) = Session::load(&path).unwrap();
    assert!(torn.is_none());
    let entries: Vec<Entry> = full.history().entries().to_vec();
    let mut prefixes: Vec<BattleState> = Vec::new();
    {
        let mut b = umpire::battle::Battle::new(full.scenario.clone());
        prefixes.push(b.state().clone());
        for e in &entries {
            b.apply(e.clone()).unwrap();
            prefixes.push(b.state().clone());
        }
    }
    assert_eq!(prefixes.last().unwrap(), full.state());

    let (mut refused, mut reported) = (0, 0);
    let mut damaged = original.clone();
    for at in 0..original.len() {
        damaged[at] ^= 1 << (at % 8);
        fs::write(&path, &damaged).unwrap();
        match Session::load(&path) {
            Err(e) => {
                let msg = e.to_string();
                assert!(
                    msg.contains("battle.jsonl:"),
                    "byte {at}: the refusal names no line: {msg}"
                );
                refused += 1;
            }
            Ok((battle, _, Some(tail))) => {
                // Only the last line may be set aside; what stands is the battle before it.
                let kept = tail.line - 2;
                // Never two records: a damaged line break before the last line joins two whole
                // records, which is refused, not set aside.
                assert_eq!(
                    tail.line,
                    records + 1,
                    "byte {at}: line {} set aside, but it is not the last",
                    tail.line
                );
                assert_eq!(
                    battle.history().entries(),
                    &entries[..kept],
                    "byte {at}: the records before the bad last line"
                );
                assert_eq!(battle.state(), &prefixes[kept], "byte {at}: the battle");
                reported += 1;
            }
            Ok((_, _, None)) => panic!(
                "byte {at} ({:?} → {:?}) was flipped and the journal loaded without a word",
                original[at] as char, damaged[at] as char
            ),
        }
        damaged[at] = original[at];
    }
    eprintln!(
        "{} bytes, {records} records: {refused} flips refused naming the line, {reported} reported as a bad last line",
        original.len()
    );
    assert_eq!(refused + reported, original.len());
    assert!(
        reported > 0 && refused > 0,
        "{refused} refused, {reported} reported"
    );
}

#[test]
fn a_gigabyte_tail_without_a_line_break_is_reported_without_being_read() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("battle.jsonl");
    fifty_records(&path);
    let good = fs::metadata(&path).unwrap().len();
    // A sparse gigabyte of zeros: read whole it would take a gigabyte of memory.
    let f = fs::OpenOptions::new().write(true).open(&path).unwrap();
    f.set_len(good + (1 << 30)).unwrap();
    drop(f);
    let p = path.to_str().unwrap();
    let mut out = Vec::new();
    let mut err = Vec::new();
    let code =
        umpire::cli::run_with_input(["umpire", "state", p], &mut &b""[..], &mut out, &mut err);
    let err = String::from_utf8(err).unwrap();
    assert_eq!(code, std::process::ExitCode::SUCCESS, "{err}");
    assert!(err.contains("unfinished"), "{err}");
    assert!(err.contains("1073741824"), "{err}");
    assert_eq!(
        fs::metadata(&path).unwrap().len(),
        good + (1 << 30),
        "state changes nothing"
    );
}
