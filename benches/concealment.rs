//! Drawing the umpire's screen of a concealment game: both Army Corps of
//! `rosters/scruby-army-corps.toml` (107 units, six concealment stands listing 53 of them a
//! second time) at 120×40 after the first initiative, every formation and stand unfolded, with
//! the cursor on the largest stand (its panel lists its 16 hidden units) and on a unit hidden
//! behind it. Target (issue 8): one frame ≤ 1 ms. Run with `cargo bench --bench concealment`;
//! the figure goes in README.md.

mod scale;

use chrono::{DateTime, TimeZone, Utc};
use criterion::{Criterion, criterion_group, criterion_main};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use std::path::Path;
use umpire::battle::session::Session;
use umpire::rules::scruby::Scruby;
use umpire::tui::App;
use umpire::tui::app::Row;
use umpire::tui::keymap::Keymap;

const ARMY_CORPS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/rosters/scruby-army-corps.toml"
));

fn clock() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(1809, 4, 20, 6, 0, 0).unwrap()
}

/// A directory for the journal, in memory where possible.
fn key(app: &mut App, code: KeyCode) {
    app.on_key(KeyEvent::new(code, KeyModifiers::NONE));
}

/// The Army Corps battle in the UI after the first initiative (`n`, the result closed).
fn army_corps(dir: &Path) -> App {
    let scenario = umpire::scenario::parse("scruby-army-corps.toml", ARMY_CORPS).expect("valid");
    let session =
        Session::create(scenario, dir.join("corps.jsonl"), 1809, clock()).expect("a journal");
    let mut app = App::new(session, Keymap::defaults(&Scruby), clock);
    key(&mut app, KeyCode::Char('n'));
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.battle().state().phase, "movement");
    app
}

/// One frame as `Terminal::draw` makes it: the same buffer, reset, drawn again (writing the
/// difference to the terminal is not measured).
fn redraw(app: &App, buf: &mut Buffer) {
    buf.reset();
    let area = buf.area;
    app.render(area, buf);
}

fn bench(c: &mut Criterion) {
    let dir = scale::workdir();
    let mut app = army_corps(dir.path());
    // The stand with the longest list.
    let r = &app.battle().roster;
    let largest = (0..r.columns.len())
        .max_by_key(|&c| r.columns[c].units.len())
        .expect("stands");
    let at = |app: &App, row: Row| app.rows().iter().position(|&r| r == row).expect("shown");
    let mut buf = Buffer::empty(Rect::new(0, 0, 120, 40));
    let mut g = c.benchmark_group("frame");
    app.cursor = at(&app, Row::Stand(largest));
    g.bench_function(
        "both Army Corps at 120x40, the largest stand selected",
        |b| b.iter(|| redraw(&app, &mut buf)),
    );
    let first = app.battle().roster.columns[largest].units[0];
    app.cursor = at(&app, Row::Concealed(first));
    g.bench_function(
        "both Army Corps at 120x40, a unit hidden behind it selected",
        |b| b.iter(|| redraw(&app, &mut buf)),
    );
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
