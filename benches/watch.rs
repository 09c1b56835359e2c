//! The players' view (`umpire watch`) following a long battle: a 10,000-event journal of a
//! 1,000-unit Newport battle (the `benches/scale/` battle), watched as everyone may see it.
//! Measured: how long from the umpire's program writing one more event (appended and synced, as
//! `Session::execute` does) to the view having been woken by the file-change notification,
//! having read the new line and drawn its next frame at 120×40 — the reaction the issue asks to
//! stay within 100 ms; and opening the view on the whole journal. Run with
//! `cargo bench --bench watch`; the figures go in README.md.

mod scale;

use criterion::{Criterion, criterion_group, criterion_main};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::sync::mpsc;
use std::time::Duration;
use umpire::battle::{Command, Viewer};
use umpire::tui::WatchView;
use umpire::tui::watch::watch_file;

fn watching(c: &mut Criterion) {
    let dir = scale::workdir();
    let path = dir.path().join("long.jsonl");
    let mut session = scale::start(&path, 500);
    scale::play(&mut session, 10_000, 11);
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("a test terminal");
    let mut g = c.benchmark_group("watch");
    g.sample_size(10).measurement_time(Duration::from_secs(20));
    g.bench_function("open the view on a 10,000-event journal and draw it", |b| {
        b.iter(|| {
            let view = WatchView::open(&path, Viewer::Public).expect("the view");
            terminal
                .draw(|f| f.render_widget(&view, f.area()))
                .expect("drawn");
        });
    });
    let mut view = WatchView::open(&path, Viewer::Public).expect("the view");
    let (tx, rx) = mpsc::channel();
    let _watcher = watch_file(&path, move || {
        let _ = tx.send(());
    });
    g.sample_size(50);
    g.bench_function(
        "one event written, notified, read and drawn (after 10,000)",
        |b| {
            b.iter(|| {
                let want = view.chronicle().records.len() + 1;
                let note = Command::Note {
                    text: "the umpire notes the time".into(),
                    private: false,
                };
                session
                    .execute(&note, None, scale::clock())
                    .expect("the note is written");
                // A wake left over from the event before only reads nothing new: wait until
                // this one is read.
                while view.chronicle().records.len() < want {
                    rx.recv_timeout(Duration::from_secs(5))
                        .expect("a change is notified");
                    view.refresh();
                }
                terminal
                    .draw(|f| f.render_widget(&view, f.area()))
                    .expect("drawn");
            });
        },
    );
    g.finish();
}

criterion_group!(benches, watching);
criterion_main!(benches);
