//! The report of a long journal holds one record at a time: every allocation of this test binary
//! is counted (the test measures alone, so that nothing else allocates meanwhile), and the most the
//! report holds at once while it reads a journal of 24 MB is compared with what it holds for a
//! battle of a few records.

use std::path::Path;
use umpire::model::Viewer;
use umpire::report::{self, Format, Survey};

use crate::counting::{alone, held_at_most};

const NEWPORT_COMPANY: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/rosters/newport-company-action.toml"
);

/// Given a journal of 3,000 notes of 4,000 characters (24 MB: each note's text is in its record
/// twice, as the note and as its summary) and one of a battle just begun, when each is reported
/// as HTML and as Markdown to a file (`report::write`, what `umpire report` and the terminal UI
/// call), then the long one holds at most 4 MB more at once than the short one: one record at a
/// time. A report that kept every record, or only the battle's history of them (each note's
/// text), would hold the 24 MB.
#[test]
fn the_report_of_a_long_journal_holds_one_record_at_a_time() {
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
    for _ in 0..3_000 {
        let note = umpire::battle::Command::Note {
            text: text.clone(),
            private: false,
        };
        session.execute(&note, None, now).unwrap();
    }
    drop(session);
    let size = std::fs::metadata(&large).unwrap().len();
    assert!(size > 24_000_000, "{size} bytes");
    for format in [Format::Html, Format::Markdown] {
        let report = |journal: &Path, name: &str| {
            let out = dir.path().join(name);
            held_at_most(|| {
                let survey = Survey::read(journal).unwrap();
                report::write(survey, Viewer::Umpire, format, &out).unwrap();
            })
        };
        let short = report(&small, "small.report");
        let long = report(&large, "large.report");
        let written = std::fs::metadata(dir.path().join("large.report"))
            .unwrap()
            .len();
        assert!(written > 12_000_000, "{format:?}: {written} bytes written");
        eprintln!(
            "{format:?}: {long} bytes at most for {size} bytes of journal, {short} for a battle just begun"
        );
        assert!(
            long < short + 4 * 1024 * 1024,
            "{format:?}: {long} bytes held at once for a {size}-byte journal, against {short} for a battle just begun"
        );
    }
}
