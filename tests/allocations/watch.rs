//! The players' view holds a few bytes a record, not the journal: every allocation of this test
//! binary is counted (the test measures alone, so that nothing else allocates meanwhile), and what
//! the view holds once it has read a journal of 24 MB — opened on it whole, or following it as it
//! is written — is compared with what it holds for a battle just begun; and so is what the report
//! view (the replay) holds.

use std::path::Path;
use umpire::model::Viewer;
use umpire::rules::newport::Newport;
use umpire::tui::WatchView;
use umpire::tui::keymap::Keymap;
use umpire::tui::replay::ReportView;

use crate::counting::{alone, held_at_most, held_now, held_since};

const NEWPORT_COMPANY: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/rosters/newport-company-action.toml"
);

/// Given a journal of 3,000 notes of 4,000 characters (24 MB: each note's text is in its record
/// twice, as the note and as its summary) and one of a battle just begun, when the players' view
/// is opened on each, then the long one's view holds at most 1 MB more than the short one's once
/// it is open, and at most 4 MB more at any moment while it reads; and a view opened on the
/// battle just begun that follows the 3,000 notes as they are written holds at most 1 MB more
/// after them. A view that kept every record, every log line's text, or the battle's history of
/// them, would hold the 24 MB (the goal of issues 24 and 27: "at 1,000,000 records the follower
/// must not hold the journal"). The report view of each, at its last event and stepped back to
/// its first, holds at most 1 MB more for the long one (it kept every record whole, and a report
/// with every event's account, before).
#[test]
fn the_players_view_and_the_report_view_of_a_long_journal_hold_a_few_bytes_a_record() {
    let _alone = alone();
    let dir = if Path::new("/dev/shm").is_dir() {
        tempfile::tempdir_in("/dev/shm").unwrap()
    } else {
        tempfile::tempdir().unwrap()
    };
    let small = dir.path().join("small.jsonl");
    let large = dir.path().join("large.jsonl");
    let scenario = umpire::scenario::load(Path::new(NEWPORT_COMPANY)).unwrap();
    let now = chrono::Utc::now();
    umpire::battle::session::Session::create(scenario.clone(), &small, 7, now).unwrap();
    let mut session = umpire::battle::session::Session::create(scenario, &large, 7, now).unwrap();
    let text: String = "The smoke drifts east over the hedgerows. "
        .repeat(100)
        .chars()
        .take(umpire::battle::MAX_NOTE_CHARS)
        .collect();
    let note = umpire::battle::Command::Note {
        text,
        private: false,
    };
    // A view following the battle from its start, as the notes are written.
    let before = held_now();
    let mut following = WatchView::open(&large, Viewer::Public).unwrap();
    let at_start = held_since(before);
    for n in 0..3_000 {
        session.execute(&note, None, now).unwrap();
        if n % 10 == 0 {
            following.refresh();
        }
    }
    drop(session);
    following.refresh();
    assert_eq!(following.log_len(), 3_001);
    let followed = held_since(before);
    let size = std::fs::metadata(&large).unwrap().len();
    assert!(size > 24_000_000, "{size} bytes");
    eprintln!("following: {at_start} bytes at the start, {followed} after {size} bytes of journal");
    assert!(
        followed < at_start + 1024 * 1024,
        "{followed} bytes held after following a {size}-byte journal, against {at_start} at its start"
    );
    drop(following);

    let open = |journal: &Path| {
        let before = held_now();
        let mut view = None;
        let peak = held_at_most(|| view = Some(WatchView::open(journal, Viewer::Umpire).unwrap()));
        let held = held_since(before);
        (view, held, peak)
    };
    let (short_view, short, short_peak) = open(&small);
    drop(short_view);
    let (long_view, long, long_peak) = open(&large);
    let long_view = long_view.unwrap();
    assert_eq!(long_view.log_len(), 3_001);
    eprintln!(
        "opened: {long} bytes held ({long_peak} at most) for {size} bytes of journal, {short} ({short_peak}) for a battle just begun"
    );
    assert!(
        long < short + 1024 * 1024,
        "{long} bytes held for a {size}-byte journal, against {short} for a battle just begun"
    );
    assert!(
        long_peak < short_peak + 4 * 1024 * 1024,
        "{long_peak} bytes at most while reading a {size}-byte journal, against {short_peak}"
    );
    drop(long_view);

    // The report view of the same journals: at its last event, then at its first.
    let replay = |journal: &Path| {
        let before = held_now();
        let mut view = None;
        let peak = held_at_most(|| {
            view = Some(ReportView::open(journal, Keymap::defaults(&Newport)).unwrap())
        });
        let mut view = view.unwrap();
        let at_end = held_since(before);
        view.seek(0);
        (view, at_end, held_since(before), peak)
    };
    let (short_view, short, _, short_peak) = replay(&small);
    drop(short_view);
    let (long_view, long, long_start, long_peak) = replay(&large);
    assert_eq!(long_view.len(), 3_001);
    eprintln!(
        "report view: {long} bytes held at the last event, {long_start} at the first ({long_peak} at most) for {size} bytes of journal, {short} ({short_peak}) for a battle just begun"
    );
    assert!(
        long < short + 1024 * 1024 && long_start < short + 1024 * 1024,
        "the report view holds {long} bytes for a {size}-byte journal, against {short} for a battle just begun"
    );
    assert!(
        long_peak < short_peak + 4 * 1024 * 1024,
        "the report view held {long_peak} bytes at most while reading a {size}-byte journal, against {short_peak}"
    );
}
