//! The battle from the command line end to end: the real `umpire` binary, its exit statuses, and
//! a script piped into `umpire act JOURNAL -`. A child process started here holds, between its
//! fork and its exec, a copy of any journal lock of the tests running beside it (`battle.rs` runs
//! in-process); a journal whose lock is found held tries it again for a quarter of a second, which
//! outlasts that moment.

use crate::support::cli::GRID_CROSSROADS as ROSTER;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

/// Runs the binary with `stdin` piped in.
fn umpire_with(stdin: &str, args: &[&str]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_umpire"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut pipe = child.stdin.take().expect("a pipe to its standard input");
    pipe.write_all(stdin.as_bytes())
        .expect("the script is written");
    drop(pipe);
    let out = child.wait_with_output().expect("the binary ends");
    Run {
        code: out.status.code().expect("an exit status"),
        stdout: String::from_utf8(out.stdout).expect("utf-8 stdout"),
        stderr: String::from_utf8(out.stderr).expect("utf-8 stderr"),
    }
}

fn umpire(args: &[&str]) -> Run {
    umpire_with("", args)
}

fn started(dir: &Path) -> String {
    let path = dir.join("battle.jsonl");
    let j = path.to_str().expect("a UTF-8 path").to_string();
    let r = umpire(&["new", ROSTER, "--journal", &j, "--seed", "7"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    j
}

#[test]
fn a_script_piped_in_plays_the_battle_and_state_reads_it() {
    let dir = tempfile::tempdir().unwrap();
    let j = started(dir.path());
    let script = "# turn 1\n\
                  next\n\
                  fire --firer b1 --target r1 --range 2 --dice 5,2\n\
                  note Smoke drifts east\n\
                  undo\n";
    let r = umpire_with(script, &["act", &j, "-"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stderr.is_empty(), "{}", r.stderr);
    assert!(r.stdout.contains("b1 fires at r1: 1 hit"), "{}", r.stdout);
    assert!(
        r.stdout.contains("undone: Note: Smoke drifts east"),
        "{}",
        r.stdout
    );

    let r = umpire(&["state", &j, "--json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let state: serde_json::Value = serde_json::from_str(&r.stdout).expect("JSON");
    assert_eq!(state["records"], 5);
    let r1 = state["units"]
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["id"] == "r1")
        .unwrap();
    assert_eq!(r1["hits"], 1);
    assert_eq!(state["redo"], "Note: Smoke drifts east");
}

#[test]
fn exit_statuses_say_done_refused_or_not_understood() {
    let dir = tempfile::tempdir().unwrap();
    let j = started(dir.path());
    let before = std::fs::read(&j).unwrap();

    let r = umpire(&["undo", &j]);
    assert_eq!(r.code, 1, "nothing to undo: {}", r.stderr);
    assert_eq!(r.stderr, "error: nothing to undo\n");
    assert!(r.stdout.is_empty());

    let r = umpire(&["act", &j, "fire", "--firer", "b1", "--rnage", "2"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.starts_with("error: unexpected argument '--rnage'"));

    let r = umpire(&["mark", &j, "b1", "fird"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("did you mean `fired`"), "{}", r.stderr);
    assert_eq!(std::fs::read(&j).unwrap(), before, "nothing was written");

    let r = umpire(&["next", &j]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let r = umpire(&[
        "act", &j, "fire", "--firer", "b1", "--target", "r1", "--range", "2",
    ]);
    assert_eq!(r.code, 0, "a fire with the program's dice: {}", r.stderr);
    // The program threw them: its generator has moved on, as the record keeps it.
    let journal = std::fs::read_to_string(&j).unwrap();
    let last: serde_json::Value =
        serde_json::from_str(journal.lines().last().unwrap()).expect("JSON");
    assert_eq!(last["action"], "fire", "{last}");
    assert_ne!(last["dice"]["word_pos"], "0", "{last}");
}

#[test]
fn a_refused_line_of_a_piped_script_stops_it_with_its_status() {
    let dir = tempfile::tempdir().unwrap();
    let j = started(dir.path());
    let r = umpire_with(
        "next\nnote kept\nfire --firer b1 --target b2 --range 3\nnote never\n",
        &["act", &j, "-"],
    );
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stderr
            .starts_with("error: line 3: 2nd Rifles (b2) is a friend: fire at the enemy"),
        "{}",
        r.stderr
    );
    assert!(r.stdout.contains("Note: kept"), "{}", r.stdout);
    let r = umpire_with("note fine\nhits r1 x\n", &["act", &j, "-"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(
        r.stderr.starts_with("error: line 2: N \"x\""),
        "{}",
        r.stderr
    );
    let r = umpire(&["state", &j, "--json"]);
    let state: serde_json::Value = serde_json::from_str(&r.stdout).expect("JSON");
    assert_eq!(
        state["records"], 4,
        "start, next, and the two notes before the refusals"
    );
}

#[test]
fn help_documents_every_battle_command() {
    for cmd in [
        "new", "act", "next", "undo", "redo", "mark", "hits", "note", "state",
    ] {
        let r = umpire(&[cmd, "--help"]);
        assert_eq!(r.code, 0, "{cmd}: {}", r.stderr);
        assert!(r.stdout.contains("Usage: umpire"), "{cmd}:\n{}", r.stdout);
    }
    let r = umpire(&["--help"]);
    for cmd in ["new", "act", "next", "state"] {
        assert!(
            r.stdout.contains(&format!("  {cmd} ")),
            "{cmd} in\n{}",
            r.stdout
        );
    }
    let r = umpire(&["act", "--help"]);
    assert!(r.stdout.contains("umpire act JOURNAL -"), "{}", r.stdout);
    assert!(r.stdout.contains("Exit status"), "{}", r.stdout);
}
