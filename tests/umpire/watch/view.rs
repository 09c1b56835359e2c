//! `umpire watch`: the players' view of a battle followed live. A Scruby battle with concealed
//! columns (the learning game's first four moves: the hussars find the French column, the guns
//! and muskets fire at the Austrian column, melees, a note, an event taken back) is set up with
//! the command-line battle; the view is checked at every prefix of its journal, for each side and
//! for everyone, against what each may see.

use crate::support::cli::{Played, SCRUBY_FOUR_MOVES, SCRUBY_LEARNING, ok, run_in};
use crate::support::tui::redact;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::io::Write as _;
use std::path::Path;
use std::process::ExitCode;
use umpire::battle::{Battle, Entry};
use umpire::model::Viewer;
use umpire::report::Chronicle;
use umpire::tui::WatchView;
use umpire::tui::app::Row;
use umpire::tui::watch::Following;

/// The view drawn at `w`×`h`, as text.
fn screen(view: &WatchView, w: u16, h: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| f.render_widget(view, f.area())).unwrap();
    redact(&terminal.backend().to_string())
}

/// Every viewer of a two-sided battle: each side, then everyone.
const VIEWERS: [Viewer; 3] = [Viewer::Side(0), Viewer::Side(1), Viewer::Public];

/// The journal's lines (header first), each with its newline.
fn lines(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .split_inclusive('\n')
        .map(str::to_string)
        .collect()
}

/// Everything the view holds as text, whether or not the screen has room for it: the log, the
/// latest result in full, the roster's lines.
fn everything(view: &WatchView) -> String {
    let mut all = String::new();
    for l in view.log() {
        all.push_str(&format!("{} {} {:?}\n", l.seq, l.text, l.tag));
    }
    if let Some((_, ev)) = view.latest() {
        all.push_str(&ev.summary);
        for r in &ev.resolutions {
            all.push_str(&r.render_text());
        }
        all.push_str(&ev.notes.join("\n"));
    }
    all.push_str(&screen(view, 250, 80));
    all
}

/// The units `viewer` may not see in `battle`: concealed, and not its own.
fn hidden_from(battle: &Battle, viewer: Viewer) -> Vec<usize> {
    let view = battle.view();
    (0..battle.roster.units.len())
        .filter(|&u| !view.visible_to(u, viewer))
        .collect()
}

/// The four moves with a note written for everyone that names a regiment still concealed
/// behind the Austrian stand (it is the Austrians' alone), and a private note.
fn four_moves_with_notes() -> String {
    SCRUBY_FOUR_MOVES.replacen(
        "next --dice 5,2\n",
        "next --dice 5,2\nnote Grenadier-Bataillon Puteani waits in the wood\nnote --private the bridge is the signal\n",
        1,
    )
}

#[test]
fn no_concealed_unit_is_shown_to_a_viewer_before_the_event_that_exposed_it() {
    let _notifications = crate::support::notifications::shared();
    let played = Played::battle(SCRUBY_LEARNING, &four_moves_with_notes());
    let all = lines(&played.journal);
    let dir = tempfile::tempdir().unwrap();
    let prefix = dir.path().join("prefix.jsonl");
    let mut hidden_checked = 0;
    for n in 2..=all.len() {
        std::fs::write(&prefix, all[..n].concat()).unwrap();
        for viewer in VIEWERS {
            let view = WatchView::open(&prefix, viewer).unwrap();
            let b = view.battle();
            let text = everything(&view);
            for u in hidden_from(b, viewer) {
                let info = &b.roster.units[u];
                hidden_checked += 1;
                for secret in [&info.id, &info.name] {
                    assert!(
                        !text.contains(secret.as_str()),
                        "{viewer:?} sees {secret:?} of a concealed unit at record {}:\n{text}",
                        n - 1
                    );
                }
                assert!(
                    !view
                        .roster_pane()
                        .rows()
                        .iter()
                        .any(|r| matches!(r, Row::Unit(x) | Row::Concealed(x) if *x == u)),
                    "{viewer:?} has a roster line (with its strength) for {} at record {}",
                    info.id,
                    n - 1
                );
            }
            // The report of the same prefix tells as little, and numbers only what it shows:
            // no count of events left out, no number beyond what the viewer may see.
            let chronicle = Chronicle::load(&prefix).unwrap();
            let report = umpire::report::Report::build(&chronicle, viewer);
            let md = umpire::report::render(&report, umpire::report::Format::Markdown, None);
            let html = umpire::report::render(&report, umpire::report::Format::Html, None);
            for u in hidden_from(b, viewer) {
                let info = &b.roster.units[u];
                for secret in [&info.id, &info.name] {
                    assert!(
                        !md.contains(secret.as_str()) && !html.contains(secret.as_str()),
                        "{viewer:?}'s report names {secret:?} at record {}:\n{md}",
                        n - 1
                    );
                }
            }
            assert!(!md.contains("Left out") && !md.contains("bridge"), "{md}");
            let sights = umpire::battle::sights(
                chronicle.records.iter().map(|r| &r.entry),
                viewer,
                &b.roster,
            );
            let seen = sights
                .iter()
                .filter(|s| **s != umpire::battle::Sight::Nothing)
                .count() as u64;
            let numbers: Vec<u64> = report
                .turns
                .iter()
                .flat_map(|t| t.items.iter().map(|i| i.seq))
                .collect();
            assert!(
                numbers.windows(2).all(|w| w[0] < w[1]) && numbers.iter().all(|&x| x <= seen),
                "{viewer:?}: {numbers:?} of {seen} seen"
            );
            for l in view.log() {
                assert!(l.number.is_none_or(|x| x <= seen), "{viewer:?}: {l:?}");
            }
            // A stand still hiding units is its number, with nothing of what it hides.
            for (c, col) in b.roster.columns.iter().enumerate() {
                let still = col.units.iter().any(|&u| b.state().units[u].concealed);
                if still && !b.view().sees_behind(c, viewer) {
                    assert!(text.contains(&format!("Stand {} · contents unseen", col.number)));
                }
            }
        }
    }
    assert!(hidden_checked > 50, "only {hidden_checked} checks");
    // After the exposure, the Austrians see the French column's regiments by name; the public
    // sees them too.
    let view = WatchView::open(&played.journal, Viewer::Side(0)).unwrap();
    let end = screen(&view, 120, 40);
    assert!(
        end.contains("fr-l2") && end.contains("18e régiment"),
        "{end}"
    );
    let view = WatchView::open(&played.journal, Viewer::Public).unwrap();
    assert!(screen(&view, 120, 40).contains("fr-gr"));
}

/// The view as the tests compare it: what it shows, not how it got there.
fn shown(view: &WatchView) -> (Vec<String>, String, Option<u64>) {
    (
        view.log()
            .iter()
            .map(|l| format!("{} {} {:?}", l.seq, l.text, l.tag))
            .collect(),
        // Every row but the status row, which says what changed since the view was opened.
        screen(view, 120, 40)
            .lines()
            .enumerate()
            .filter(|(i, _)| *i != 38)
            .map(|(_, l)| l)
            .collect::<Vec<_>>()
            .join("\n"),
        view.latest().map(|(seq, _)| seq),
    )
}

#[test]
fn following_the_journal_as_it_is_written_shows_what_reading_it_whole_shows() {
    let _notifications = crate::support::notifications::shared();
    let played = Played::battle(SCRUBY_LEARNING, SCRUBY_FOUR_MOVES);
    let all = lines(&played.journal);
    let dir = tempfile::tempdir().unwrap();
    let live = dir.path().join("live.jsonl");
    let whole = dir.path().join("whole.jsonl");
    std::fs::write(&live, all[..2].concat()).unwrap();
    let mut views: Vec<WatchView> = VIEWERS
        .iter()
        .map(|&v| WatchView::open(&live, v).unwrap())
        .collect();
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .open(&live)
        .unwrap();
    let mut taken_back = 0;
    for n in 3..=all.len() {
        // Half the line first: a line still being written is waited for, not read.
        let line = all[n - 1].as_bytes();
        let (first, rest) = line.split_at(line.len() / 2);
        file.write_all(first).unwrap();
        for view in &mut views {
            let before = shown(view);
            view.refresh();
            assert_eq!(view.following(), &Following::Live);
            assert_eq!(shown(view).0, before.0, "a half line was read");
        }
        file.write_all(rest).unwrap();
        std::fs::write(&whole, all[..n].concat()).unwrap();
        for view in &mut views {
            view.refresh();
            let fresh = WatchView::open(&whole, view.viewer()).unwrap();
            assert_eq!(shown(view), shown(&fresh), "after record {}", n - 1);
            taken_back += usize::from(view.message().is_some_and(|m| m.starts_with("Taken back")));
        }
    }
    // The script takes back a note everyone saw ("A mistake"): each viewer is told.
    assert!(taken_back >= 3, "{taken_back}");
}

#[test]
fn each_sides_view_and_the_public_view() {
    let _notifications = crate::support::notifications::shared();
    let played = Played::battle(SCRUBY_LEARNING, SCRUBY_FOUR_MOVES);
    for (name, viewer) in [("au", Viewer::Side(0)), ("fr", Viewer::Side(1))] {
        let view = WatchView::open(&played.journal, viewer).unwrap();
        insta::assert_snapshot!(format!("watch_{name}_120x40"), screen(&view, 120, 40));
    }
    let view = WatchView::open(&played.journal, Viewer::Public).unwrap();
    insta::assert_snapshot!("watch_public_80x24", screen(&view, 80, 24));
    // Early in the battle, before the French column is found, the Austrians see its stand.
    let early = Played::battle(SCRUBY_LEARNING, "next --dice 5,2\n");
    let view = WatchView::open(&early.journal, Viewer::Side(0)).unwrap();
    insta::assert_snapshot!("watch_au_before_exposure_120x40", screen(&view, 120, 40));
}

#[test]
fn a_private_note_is_the_umpires_alone_and_a_public_one_everyones() {
    let _notifications = crate::support::notifications::shared();
    let played = Played::battle(SCRUBY_LEARNING, "next --dice 5,2\n");
    ok(
        "",
        &[
            "note",
            played.j(),
            "--private",
            "The French reserve arrives on move 4",
        ],
    );
    ok(
        "",
        &["note", played.j(), "Rain: muskets fire at half range"],
    );
    for viewer in VIEWERS {
        let text = everything(&WatchView::open(&played.journal, viewer).unwrap());
        assert!(!text.contains("French reserve"), "{viewer:?}:\n{text}");
        assert!(text.contains("Rain: muskets"), "{viewer:?}");
    }
    let umpire = WatchView::open(&played.journal, Viewer::Umpire).unwrap();
    assert!(everything(&umpire).contains("French reserve"));
}

#[test]
fn a_journal_deleted_replaced_or_damaged_is_said_so() {
    let _notifications = crate::support::notifications::shared();
    let played = Played::battle(SCRUBY_LEARNING, "next --dice 5,2\n");
    let path = played.journal.clone();
    let mut view = WatchView::open(&path, Viewer::Side(0)).unwrap();
    let saved = std::fs::read(&path).unwrap();

    std::fs::remove_file(&path).unwrap();
    assert!(view.refresh());
    assert_eq!(view.following(), &Following::Gone);
    let text = screen(&view, 120, 40);
    assert!(text.contains("the journal is gone"), "{text}");
    assert!(
        text.contains("Initiative"),
        "the battle as last read:\n{text}"
    );

    // Another battle at the same path: read whole again.
    ok(
        "",
        &[
            "new",
            SCRUBY_LEARNING,
            "--journal",
            played.j(),
            "--seed",
            "9",
        ],
    );
    assert!(view.refresh());
    assert_eq!(view.following(), &Following::Live);
    assert_eq!(view.log().len(), 1, "{:?}", view.log());
    assert!(view.message().unwrap().contains("read whole again"));

    // Cut back below what was read (the first battle's journal is longer): read whole again.
    std::fs::write(&path, &saved).unwrap();
    view.refresh();
    assert_eq!(view.log().len(), 2);
    let cut = lines(&path)[..2].concat();
    std::fs::write(&path, cut).unwrap();
    assert!(view.refresh());
    assert_eq!(view.log().len(), 1);

    // Damage before the last line stops the view where it is, naming the line.
    std::fs::write(&path, &saved).unwrap();
    view.refresh();
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(&path)
        .unwrap();
    f.write_all(b"{\"crc\":\"00000000\",\"seq\":3}\n{\"seq\":4}\n")
        .unwrap();
    assert!(view.refresh());
    let Following::Stopped(why) = view.following() else {
        panic!("{:?}", view.following());
    };
    assert!(
        why.contains("battle.jsonl:4: the battle journal is damaged"),
        "{why}"
    );
    let text = screen(&view, 120, 40);
    assert!(text.contains("stopped:"), "{text}");
    assert_eq!(view.log().len(), 2, "the battle as last read");
}

#[test]
fn every_phase_change_shows_to_every_viewer() {
    let _notifications = crate::support::notifications::shared();
    // A phase change that counts down the timers of hidden units is their side's; the other
    // side still sees the phase it moved to.
    let played = Played::battle(SCRUBY_LEARNING, SCRUBY_FOUR_MOVES);
    let chronicle = Chronicle::load(&played.journal).unwrap();
    let phases = chronicle
        .in_force
        .iter()
        .filter(|&&i| {
            matches!(&chronicle.records[i].entry,
                Entry::Event(ev) if ev.kind == umpire::battle::EventKind::Advance)
        })
        .count();
    for viewer in VIEWERS {
        let view = WatchView::open(&played.journal, viewer).unwrap();
        let shown = view
            .log()
            .iter()
            .filter(|l| l.text.contains(", turn ") || l.text.starts_with("Turn "))
            .count();
        assert_eq!(shown, phases, "{viewer:?}: {:#?}", view.log());
    }
}

#[test]
fn bad_requests_name_what_is_wrong() {
    let _notifications = crate::support::notifications::shared();
    let played = Played::battle(SCRUBY_LEARNING, "");
    let r = run_in("", &["watch", played.j(), "--side", "aus"]);
    assert_eq!(r.code, ExitCode::from(2), "{}", r.err);
    assert!(r.err.contains("no side `aus`"), "{}", r.err);
    assert!(r.err.contains("au"), "{}", r.err);
    let missing = played.dir.path().join("none.jsonl");
    let r = run_in("", &["watch", missing.to_str().unwrap()]);
    assert_ne!(r.code, ExitCode::SUCCESS);
    assert!(r.err.contains("none.jsonl"), "{}", r.err);
    let r = run_in("", &["watch", played.j(), "--side", "au", "--umpire"]);
    assert_eq!(r.code, ExitCode::from(2), "{}", r.err);
}

#[test]
fn the_log_scrolls_back_a_page_at_a_time_and_no_further_than_its_oldest_line() {
    let _notifications = crate::support::notifications::shared();
    use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
    let press = |view: &mut WatchView, code| {
        view.on_event(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
    };
    let played = Played::battle(SCRUBY_LEARNING, SCRUBY_FOUR_MOVES);
    let mut view = WatchView::open(&played.journal, Viewer::Side(0)).unwrap();
    let newest = screen(&view, 80, 24);
    assert!(!newest.contains("Battle begins"), "{newest}");
    press(&mut view, KeyCode::Home);
    let oldest = screen(&view, 80, 24);
    assert!(oldest.contains("│ 1 Battle begins"), "{oldest}");
    assert!(oldest.contains("newer below (End)"), "{oldest}");
    press(&mut view, KeyCode::End);
    assert_eq!(screen(&view, 80, 24), newest);
    press(&mut view, KeyCode::PageUp);
    assert!(screen(&view, 80, 24).contains("Log · 10 newer below"));
    // A log shorter than its pane does not scroll.
    let early = Played::battle(SCRUBY_LEARNING, "next --dice 5,2\n");
    let mut view = WatchView::open(&early.journal, Viewer::Side(0)).unwrap();
    let before = screen(&view, 80, 24);
    press(&mut view, KeyCode::PageUp);
    assert_eq!(screen(&view, 80, 24), before);
    q_leaves(&mut view);
}

fn q_leaves(view: &mut WatchView) {
    use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
    assert!(!view.done());
    view.on_event(Event::Key(KeyEvent::new(
        KeyCode::Char('q'),
        KeyModifiers::NONE,
    )));
    assert!(view.done());
}

/// Issue 25 §2, "in the players' view, an exposure or a deployment is a 'latest result' too".
#[test]
fn an_exposure_is_the_latest_result_until_it_is_taken_back() {
    let _notifications = crate::support::notifications::shared();
    // Given the initiative thrown, when the Austrian hussars expose the French column,
    let played = Played::battle(
        SCRUBY_LEARNING,
        "next --dice 5,2\nexpose --stand 1 --side fr --cause scouting --scout au-hus-a\n",
    );
    // then every viewer's latest result is the exposure, in full, not the initiative.
    for viewer in VIEWERS {
        let view = WatchView::open(&played.journal, viewer).unwrap();
        let (_, ev) = view.latest().expect("a latest result");
        assert!(ev.summary.contains("exposed"), "{viewer:?}: {}", ev.summary);
        let text = screen(&view, 120, 40);
        let latest = text
            .lines()
            .find(|l| l.contains("Latest result"))
            .map(|l| text.find(l).unwrap())
            .unwrap();
        assert!(
            text[latest..].lines().nth(1).unwrap().contains("exposed"),
            "{viewer:?}:\n{text}"
        );
    }
    // When the umpire takes it back, the initiative is the latest result again.
    ok("", &["undo", played.j()]);
    for viewer in VIEWERS {
        let view = WatchView::open(&played.journal, viewer).unwrap();
        let (_, ev) = view.latest().expect("a latest result");
        assert!(
            ev.summary.contains("Initiative"),
            "{viewer:?}: {}",
            ev.summary
        );
    }
}

/// Issue 25 §6: "`watch --side xx` does not list the sides".
#[test]
fn an_unknown_side_is_refused_with_the_sides_there_are() {
    let _notifications = crate::support::notifications::shared();
    let played = Played::battle(SCRUBY_LEARNING, "");
    // When the players' view is asked for a side the battle does not have,
    let r = run_in("", &["watch", played.j(), "--side", "xx"]);
    // then it is refused, naming every side by its id and name.
    assert_eq!(r.code, ExitCode::from(2), "{}", r.err);
    assert!(r.err.contains("no side `xx`"), "{}", r.err);
    assert!(
        r.err.contains("au (Austrian advanced guard)")
            && r.err.contains("fr (French brigade at Aue)"),
        "{}",
        r.err
    );
}

/// Issue 27: "an event appends its line; an undo or a redo changes only the line it takes back or
/// puts back". Given a battle with notes undone and redone, a phase change taken back and made
/// again, and notes for one side alone, when the journal is followed a record at a time, two at
/// a time and three at a time, then after every reading each viewer's view is the view of the
/// same journal read whole, and what the view says was taken back is what left its log.
#[test]
fn following_undos_and_redos_in_any_grouping_shows_what_reading_it_whole_shows() {
    let _notifications = crate::support::notifications::shared();
    let script = "next --dice 5,2\nnote one\nnote two\nundo\nundo\nredo\nnote three\nundo\nredo\nnext\nundo\nnote --private four\nundo\nredo\nexpose --stand 1 --side au --cause vision\nundo\nredo\nnote five\nundo\nundo\nundo\n";
    let played = Played::battle(SCRUBY_LEARNING, script);
    let all = lines(&played.journal);
    let dir = tempfile::tempdir().unwrap();
    let whole = dir.path().join("whole.jsonl");
    for group in 1..=3 {
        let live = dir.path().join(format!("live{group}.jsonl"));
        std::fs::write(&live, all[..2].concat()).unwrap();
        let mut views: Vec<WatchView> = VIEWERS
            .iter()
            .chain([Viewer::Umpire].iter())
            .map(|&v| WatchView::open(&live, v).unwrap())
            .collect();
        let mut n = 2;
        while n < all.len() {
            let to = (n + group).min(all.len());
            let mut file = std::fs::OpenOptions::new()
                .append(true)
                .open(&live)
                .unwrap();
            file.write_all(all[n..to].concat().as_bytes()).unwrap();
            n = to;
            std::fs::write(&whole, all[..n].concat()).unwrap();
            for view in &mut views {
                let before: Vec<(u64, String)> =
                    view.log().into_iter().map(|l| (l.seq, l.text)).collect();
                view.refresh();
                let fresh = WatchView::open(&whole, view.viewer()).unwrap();
                assert_eq!(
                    shown(view),
                    shown(&fresh),
                    "group {group}, after record {}",
                    n - 1
                );
                assert_eq!(view.log(), fresh.log());
                let after = view.log();
                let left: Vec<&(u64, String)> = before
                    .iter()
                    .filter(|(seq, _)| !after.iter().any(|l| l.seq == *seq))
                    .collect();
                match left.last() {
                    None => assert!(
                        !view.message().is_some_and(|m| m.starts_with("Taken back")),
                        "{:?}",
                        view.message()
                    ),
                    Some((_, text)) => assert!(
                        view.message()
                            .is_some_and(|m| m.starts_with("Taken back by the umpire")
                                && m.ends_with(text.as_str())),
                        "{:?} after {left:?}",
                        view.message()
                    ),
                }
                // The lines the reading added are the new ones, in order.
                let added: Vec<u64> = view
                    .log_lines(view.fresh_lines())
                    .iter()
                    .map(|l| l.seq)
                    .collect();
                let new: Vec<u64> = after
                    .iter()
                    .filter(|l| !before.iter().any(|(seq, _)| *seq == l.seq))
                    .map(|l| l.seq)
                    .collect();
                assert_eq!(added, new, "group {group}, after record {}", n - 1);
            }
        }
    }
}
