//! Reporting a long battle: a 10,000-event journal of a 1,000-unit Newport battle (the
//! `benches/scale/` battle: fires, moves, hand-set markers, notes, phase changes and undos) read
//! whole with every explanation, walked as played into the report, and written as Markdown and as
//! HTML with its charts. Target (issue 9): well under a second. Run with
//! `cargo bench --bench report`; the figures go in README.md.

mod scale;

use criterion::{Criterion, criterion_group};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::time::Duration;
use umpire::battle::Viewer;
use umpire::report::{self, Chronicle, Format, Report};
use umpire::rules::newport::Newport;
use umpire::tui::keymap::Keymap;
use umpire::tui::replay::ReportView;

fn reporting(c: &mut Criterion) {
    let dir = scale::workdir();
    let path = dir.path().join("long.jsonl");
    {
        let mut session = scale::start(&path, 500);
        scale::play(&mut session, 10_000, 11);
    }
    let mut g = c.benchmark_group("report");
    g.sample_size(10).measurement_time(Duration::from_secs(20));
    g.bench_function("load a 10,000-event journal", |b| {
        b.iter(|| Chronicle::load(&path).expect("the journal loads"));
    });
    let chronicle = Chronicle::load(&path).expect("the journal loads");
    g.bench_function("build the report of 10,000 events", |b| {
        b.iter(|| Report::build(&chronicle, Viewer::Umpire));
    });
    let built = Report::build(&chronicle, Viewer::Umpire);
    g.bench_function("render Markdown of 10,000 events", |b| {
        b.iter(|| report::render(&built, Format::Markdown, Some("chart.svg")));
    });
    g.bench_function("render HTML of 10,000 events", |b| {
        b.iter(|| report::render(&built, Format::Html, None));
    });
    g.bench_function("journal to HTML file, 10,000 events", |b| {
        let out = dir.path().join("long.html");
        b.iter(|| {
            let chronicle = Chronicle::load(&path).expect("the journal loads");
            let r = Report::build(&chronicle, Viewer::Umpire);
            report::write(&r, Format::Html, &out, &path).expect("written")
        });
    });
    g.bench_function(
        "replay view: 50 steps back and 50 forward mid-battle",
        |b| {
            let mut view = ReportView::open(&path, Keymap::defaults(&Newport)).expect("the view");
            let n = view.len();
            b.iter(|| {
                view.seek(n / 2);
                for code in [KeyCode::Left, KeyCode::Right] {
                    for _ in 0..50 {
                        view.on_key(&KeyEvent::new(code, KeyModifiers::NONE));
                    }
                }
            });
        },
    );
    g.bench_function("replay from the start to the last event", |b| {
        b.iter(|| chronicle.battle_at(chronicle.len()));
    });
    g.finish();
}

criterion_group!(benches, reporting);

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--write-journal") {
        let path = std::path::Path::new(&args[i + 1]);
        let records: usize = args[i + 2].parse().expect("a number of records");
        let mut session = scale::start(path, 500);
        scale::play(&mut session, records, 11);
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
