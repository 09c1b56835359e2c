//! `umpire watch` keeping up with a battle written by another process: the umpire's program
//! (the `umpire` binary, `act JOURNAL -` with a script of four moves) appends its events while
//! the watcher follows, woken only by file-change notifications — in this process (the view the
//! terminal shows) and in a process of its own (`umpire watch` without a terminal, printing
//! lines).

use crate::support::cli::{Played, SCRUBY_FOUR_MOVES, SCRUBY_LEARNING, ok};
use std::io::{BufRead, BufReader, Write as _};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use umpire::model::Viewer;
use umpire::tui::WatchView;
use umpire::tui::watch::watch_file;

const UMPIRE: &str = env!("CARGO_BIN_EXE_umpire");

/// Starts the umpire's program in another process, playing `script` into `journal`.
fn umpire_plays(journal: &str, script: &str) -> std::process::Child {
    let mut child = Command::new(UMPIRE)
        .args(["act", journal, "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the umpire's program starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    child
}

#[test]
fn a_watcher_keeps_up_with_the_umpires_program_and_ends_with_the_same_battle() {
    let _notifications = crate::support::notifications::shared();
    let played = Played::battle(SCRUBY_LEARNING, "");
    let mut views: Vec<WatchView> = [Viewer::Side(0), Viewer::Side(1), Viewer::Public]
        .into_iter()
        .map(|v| WatchView::open(&played.journal, v).unwrap())
        .collect();
    let (tx, rx) = mpsc::channel();
    let _watcher = watch_file(&played.journal, move || {
        let _ = tx.send(());
    });
    let mut umpire = umpire_plays(played.j(), SCRUBY_FOUR_MOVES);
    let mut wakes = 0;
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        assert!(
            Instant::now() < deadline,
            "the umpire's program never ended"
        );
        if rx.recv_timeout(Duration::from_millis(200)).is_ok() {
            wakes += 1;
            for view in &mut views {
                view.refresh();
            }
        }
        if let Some(status) = umpire.try_wait().unwrap() {
            break status;
        }
    };
    assert!(status.success(), "{status}");
    // Every append was notified: the last change is read without another wake.
    while rx.recv_timeout(Duration::from_millis(500)).is_ok() {
        wakes += 1;
        for view in &mut views {
            view.refresh();
        }
    }
    assert!(wakes > 1, "{wakes} wakes");
    let records = std::fs::read_to_string(&played.journal)
        .unwrap()
        .lines()
        .count()
        - 1;
    for view in &views {
        let fresh = WatchView::open(&played.journal, view.viewer()).unwrap();
        assert_eq!(
            view.chronicle().records.len(),
            records,
            "{:?}",
            view.viewer()
        );
        assert_eq!(view.log(), fresh.log(), "{:?}", view.viewer());
        assert_eq!(view.battle().state(), fresh.battle().state());
        assert_eq!(
            view.latest().map(|(seq, _)| seq),
            fresh.latest().map(|(seq, _)| seq)
        );
    }
}

#[test]
fn watch_without_a_terminal_prints_what_the_side_may_see_as_it_happens() {
    let _notifications = crate::support::notifications::shared();
    let played = Played::battle(SCRUBY_LEARNING, "next --dice 5,2\n");
    let mut watcher = Command::new(UMPIRE)
        .args(["watch", played.j(), "--side", "fr"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the watcher starts");
    let out = BufReader::new(watcher.stdout.take().unwrap());
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in out.lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut seen = Vec::new();
    let read_until = |what: &str, seen: &mut Vec<String>| {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = rx
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no {what:?} in:\n{}", seen.join("\n")));
            let found = line.contains(what);
            seen.push(line);
            if found {
                return;
            }
        }
    };
    read_until("Initiative → Movement, turn 1", &mut seen);
    let script = "expose --stand 1 --side au --cause vision\nnote --private \"The French reserve arrives on move 4\"\nnote \"Rain\"\n";
    let mut umpire = umpire_plays(played.j(), script);
    assert!(umpire.wait().unwrap().success());
    read_until("Note: Rain", &mut seen);
    watcher.kill().unwrap();
    let _ = watcher.wait();
    // Should the system's file-change notifications run out while it starts (another test
    // exhausts them on purpose), the view says so first and looks at the journal four times a
    // second: what it prints after that is the same.
    if seen
        .first()
        .is_some_and(|l| l.starts_with("-- file-change notifications are unavailable"))
    {
        seen.remove(0);
    }
    let text = seen.join("\n");
    assert!(
        text.starts_with("Watching Learning game"),
        "the heading first:\n{text}"
    );
    assert!(
        text.contains("what French brigade at Aue (fr) may see"),
        "{text}"
    );
    // The Austrian column is a stand until the line that exposed it; its regiments after.
    let exposed = text.find("stand 1 exposed").expect("the exposure");
    assert!(!text[..exposed].contains("au-l1"), "{text}");
    assert!(text[exposed..].contains("au-l1"), "{text}");
    assert!(!text.contains("French reserve"), "a private note:\n{text}");
    assert!(text.contains("-- now: turn 1/10"), "{text}");
}

/// More followers than the system gives file-change notifications to (128 instances by default
/// on Linux): those past the limit look at the journal a few times a second instead, say so, and
/// every one of them sees the change.
#[test]
fn followers_past_the_systems_limit_on_notifications_poll_and_see_every_change() {
    let _notifications = crate::support::notifications::exclusive();
    let played = Played::battle(SCRUBY_LEARNING, "");
    let limit: usize = std::fs::read_to_string("/proc/sys/fs/inotify/max_user_instances")
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(128);
    let n = (limit + 8).min(2048);
    let (tx, rx) = mpsc::channel::<usize>();
    let watchers: Vec<_> = (0..n)
        .map(|i| {
            let tx = tx.clone();
            watch_file(&played.journal, move || {
                let _ = tx.send(i);
            })
        })
        .collect();
    let polled: Vec<_> = watchers.iter().filter(|w| w.polled()).collect();
    assert!(!polled.is_empty(), "{n} followers, none polled");
    let note = polled[0].note.as_deref().unwrap_or_default();
    assert!(note.contains("four times a second"), "{note}");
    assert!(note.contains("max_user_instances"), "{note}");
    ok("note a change\n", &["act", played.j(), "-"]);
    let mut woken = vec![false; n];
    let deadline = Instant::now() + Duration::from_secs(10);
    while woken.iter().any(|w| !w) && Instant::now() < deadline {
        if let Ok(i) = rx.recv_timeout(Duration::from_millis(100)) {
            woken[i] = true;
        }
    }
    let missed = woken.iter().filter(|w| !**w).count();
    assert_eq!(missed, 0, "{missed} of {n} followers missed the change");
    drop(watchers);
}
