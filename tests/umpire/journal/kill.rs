//! A battle process killed at random moments loses nothing it acknowledged. This test runs the
//! test binary again as a child (that one test of it, [`child_battle_until_killed`]) and kills it.
//! Between a fork and its exec the child shares every open file of the parent (close-on-exec
//! closes them only at exec), and with them the journal locks of any test running beside it at
//! that moment; a journal whose lock is found held tries it again for a quarter of a second, which
//! outlasts that moment.

use crate::support::journal::*;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command as Process, Stdio};
use umpire::battle::Battle;
use umpire::battle::session::Session;
use umpire::dice::SeededDice;

const SEED: u64 = 20_240_606;

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
        // One write a line (atomic on a pipe), so a kill never leaves half an acknowledgement.
        out.write_all(format!("ack {}\n", rec.seq).as_bytes())
            .unwrap();
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
    // The test's name as the harness knows it: its module path, less the crate's name.
    let (_, module) = module_path!().split_once("::").unwrap();
    let mut child = Process::new(std::env::current_exe().unwrap())
        .arg(format!("{module}::child_battle_until_killed"))
        .args(["--exact", "--nocapture", "--test-threads=1"])
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
