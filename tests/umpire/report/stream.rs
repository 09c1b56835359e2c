//! The report streamed from its journal (`umpire report`, `report::write`): written as it is read,
//! it holds in memory only what does not grow with the battle's length, and writes what the whole
//! report built in memory (`Report::build`, still used by the report view and the players' view)
//! writes of the same journal.

use crate::support::cli::{GRID_CROSSROADS, Played, SCRUBY_FOUR_MOVES, SCRUBY_LEARNING, ok};
use std::path::Path;
use umpire::model::Viewer;
use umpire::report::{self, Chronicle, Format, Report, Survey};

/// The journal's lines (the header first), each with its line break.
fn lines(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .split_inclusive('\n')
        .map(str::to_string)
        .collect()
}

/// The report of the journal at `path` for `viewer` in `format`, streamed.
fn streamed(path: &Path, viewer: Viewer, format: Format) -> String {
    let mut out = Vec::new();
    Survey::read(path)
        .unwrap()
        .stream_to(viewer, format, None, &mut out)
        .unwrap();
    String::from_utf8(out).unwrap()
}

/// The report of the journal at `path` for `viewer` in `format`, built whole in memory.
fn built(path: &Path, viewer: Viewer, format: Format) -> String {
    let chronicle = Chronicle::load(path).unwrap();
    report::render(&Report::build(&chronicle, viewer), format, None)
}

/// Every copy of a battle: the umpire's, each side's and the public's.
fn viewers(path: &Path) -> Vec<Viewer> {
    let sides = Survey::read(path).unwrap().battle.roster.sides.len();
    [Viewer::Umpire, Viewer::Public]
        .into_iter()
        .chain((0..sides).map(Viewer::Side))
        .collect()
}

/// Given a concealed-column battle with undos and redos (of events the enemy may not see, and of
/// one it sees in part) and a note for the umpire alone, when its report is streamed at every
/// length the journal had, for every copy, in Markdown and in HTML, and with a torn last line,
/// then it is the report built whole, byte for byte.
#[test]
fn the_streamed_report_is_the_built_report_at_every_record_for_every_copy() {
    let script = format!(
        "{SCRUBY_FOUR_MOVES}note --private only the umpire knows\nundo\nundo\nredo\nredo\nundo\nnote after the undos\n"
    );
    let played = Played::battle(SCRUBY_LEARNING, &script);
    let all = lines(&played.journal);
    assert!(all.len() > 40, "{} lines", all.len());
    let prefix = played.dir.path().join("prefix.jsonl");
    let mut compared = 0;
    for n in 1..=all.len() {
        let mut text = all[..n].concat();
        // Every other length with a torn last line: half of the next line.
        if n % 2 == 0
            && let Some(next) = all.get(n)
        {
            text.push_str(&next[..next.len() / 2]);
        }
        std::fs::write(&prefix, text).unwrap();
        for viewer in viewers(&prefix) {
            for format in [Format::Markdown, Format::Html] {
                let (s, b) = (
                    streamed(&prefix, viewer, format),
                    built(&prefix, viewer, format),
                );
                assert!(
                    s == b,
                    "{n} lines, {viewer:?}, {format:?}: streamed\n{s}\nbuilt\n{b}"
                );
                compared += 1;
            }
        }
    }
    assert!(compared > 300, "{compared}");
}

/// Given a Grid skirmish, when its Markdown report is written to a file, then the file and its
/// chart are those the built report writes (the chart's name linked from the report).
#[test]
fn the_streamed_report_and_its_chart_are_written_as_the_built_ones() {
    let played = Played::battle(
        GRID_CROSSROADS,
        "next\nfire --firer b1 --target r1 --range 2 --dice 5,2\nnext\nnext\nfire --firer rt1 --target b1 --range 3 --dice 1,6,6\nundo\nredo\nnext\n",
    );
    let dir = played.dir.path();
    let a = dir.join("a.md");
    let b = dir.join("b.md");
    let written = report::write(
        Survey::read(&played.journal).unwrap(),
        Viewer::Umpire,
        Format::Markdown,
        &a,
    )
    .unwrap();
    assert_eq!(written.chart.as_deref(), Some(&*dir.join("a.strength.svg")));
    let chronicle = Chronicle::load(&played.journal).unwrap();
    let whole = Report::build(&chronicle, Viewer::Umpire);
    report::write_built(&whole, Format::Markdown, &b, &played.journal).unwrap();
    let read = |p: &Path| std::fs::read_to_string(p).unwrap();
    assert_eq!(
        read(&a).replace("a.strength.svg", "b.strength.svg"),
        read(&b)
    );
    assert_eq!(
        read(&dir.join("a.strength.svg")),
        read(&dir.join("b.strength.svg"))
    );
    assert!(read(&a).contains("](a.strength.svg)"));
    // No temporary file is left beside them.
    let names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(names.is_empty(), "{names:?}");
}

/// Given a battle still being played, when more is written to its journal between the report's
/// two readings, then the report is of the journal as its first reading found it; and when the
/// journal is cut back in between, the report is refused, naming the record it no longer has.
#[test]
fn a_journal_that_grows_or_is_cut_back_between_the_two_readings() {
    let played = Played::battle(GRID_CROSSROADS, "next\nnote first\n");
    let j = played.j();
    let before = streamed(&played.journal, Viewer::Umpire, Format::Markdown);
    let survey = Survey::read(&played.journal).unwrap();
    ok("", &["note", j, "written while the report was read"]);
    let mut out = Vec::new();
    survey
        .stream_to(Viewer::Umpire, Format::Markdown, None, &mut out)
        .unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), before);
    assert!(!before.contains("written while the report was read"));

    let all = lines(&played.journal);
    let survey = Survey::read(&played.journal).unwrap();
    // Cut back in place (the same file): the last record is gone.
    let f = std::fs::OpenOptions::new()
        .write(true)
        .open(&played.journal)
        .unwrap();
    let keep: usize = all[..all.len() - 1].iter().map(String::len).sum();
    f.set_len(keep as u64).unwrap();
    let e = survey
        .stream_to(Viewer::Umpire, Format::Markdown, None, std::io::sink())
        .map(drop)
        .unwrap_err();
    let records = all.len() - 1;
    assert!(
        e.to_string().ends_with(&format!(
            ":{}: the battle journal has no record {records} there (it may have been cut short)",
            records + 1
        )),
        "{e}"
    );
}
