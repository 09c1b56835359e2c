//! How the battle holds up as it grows: resuming a long journal to the first frame, replaying a
//! very long one, and drawing a frame of a 1,000-unit battle with a fire form and its live odds
//! open, early and after 100,000 events. Targets (issue 6): resume 10,000 events ≤ 100 ms,
//! replay 100,000 events ≤ 1 s, one frame ≤ 1 ms and no slower as the history grows. Run with
//! `cargo bench --bench battle`; figures go in README.md.
//!
//! The journals are written once per run, on a memory file system when there is one (the
//! benchmark measures reading, not the disk's fsync).

mod scale;

use criterion::{Criterion, criterion_group, criterion_main};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use umpire::battle::session::Session;
use umpire::rules::newport::Newport;
use umpire::tui::keymap::Keymap;
use umpire::tui::{Action, App};

/// A directory for the benchmark's journals, in memory where possible.
/// A journal of a battle of `per_side` units a side, `records` records long.
fn journal(dir: &Path, name: &str, per_side: usize, records: usize) -> PathBuf {
    let path = dir.join(name);
    let mut session = scale::start(&path, per_side);
    scale::play(&mut session, records, 11);
    path
}

fn frame(app: &App, w: u16, h: u16) -> Buffer {
    let mut buf = Buffer::empty(Rect::new(0, 0, w, h));
    redraw(app, &mut buf);
    buf
}

/// One frame as `Terminal::draw` makes it: the same buffer, reset, drawn again (writing the
/// difference to the terminal is not measured).
fn redraw(app: &App, buf: &mut Buffer) {
    buf.reset();
    let area = buf.area;
    app.render(area, buf);
}

fn key(app: &mut App, code: KeyCode) {
    app.on_key(KeyEvent::new(code, KeyModifiers::NONE));
}

/// The UI on `path` with a fire form open: the selected stand fires at the first enemy, range
/// typed, so the form shows its live odds.
fn app_with_fire_form(path: &Path) -> App {
    let (session, _) = Session::resume(path).expect("resume");
    let mut app = App::new(session, Keymap::defaults(&Newport), scale::clock);
    // A stand of the side whose turn it is, then the fire form.
    let active = app.battle().state().active;
    let unit = (0..app.battle().roster.units.len())
        .find(|&u| {
            let b = app.battle();
            b.roster.units[u].side == active
                && b.roster.units[u].kind == "infantry"
                && b.state().units[u].on_table()
        })
        .expect("a stand to fire");
    app.select_unit(unit);
    app.dispatch(Action::Procedure("fire".into()));
    let enemy = if active == 0 { "b0-1" } else { "r0-1" };
    for c in enemy.chars() {
        key(&mut app, KeyCode::Char(c));
    }
    key(&mut app, KeyCode::Tab);
    for c in "12".chars() {
        key(&mut app, KeyCode::Char(c));
    }
    app
}

fn bench(c: &mut Criterion) {
    let dir = scale::workdir();
    let ten_k = journal(dir.path(), "ten-k.jsonl", 500, 10_000);
    let hundred_k = journal(dir.path(), "hundred-k.jsonl", 500, 100_000);

    let mut g = c.benchmark_group("battle");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(10));
    g.bench_function(
        "resume 10,000 events at 1,000 units, to the first frame",
        |b| {
            // Each app is dropped (its journal closed and unlocked) outside the time measured,
            // before the next resume.
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    let start = Instant::now();
                    let (session, _) = Session::resume(&ten_k).expect("resume");
                    let app = App::new(session, Keymap::defaults(&Newport), scale::clock);
                    let buf = frame(&app, 200, 50);
                    total += start.elapsed();
                    drop((app, buf));
                }
                total
            })
        },
    );
    g.bench_function("resume 100,000 events at 1,000 units", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let start = Instant::now();
                let resumed = Session::resume(&hundred_k).expect("resume");
                total += start.elapsed();
                drop(resumed);
            }
            total
        })
    });
    g.finish();

    let mut g = c.benchmark_group("frame");
    let early = app_with_fire_form(&ten_k);
    let mut buf = frame(&early, 200, 50);
    g.bench_function(
        "1,000 units at 200x50, fire form with odds, 10,000 events",
        |b| b.iter(|| redraw(&early, &mut buf)),
    );
    drop(early);
    let late = app_with_fire_form(&hundred_k);
    g.bench_function(
        "1,000 units at 200x50, fire form with odds, 100,000 events",
        |b| b.iter(|| redraw(&late, &mut buf)),
    );
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
