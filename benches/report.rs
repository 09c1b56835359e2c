//! Reporting a long battle: the `benches/scale/` battle (a 1,000-unit Newport battle: fires,
//! moves, hand-set markers, notes, phase changes and undos). Run with `cargo bench --bench
//! report`; the figures go in README.md.
//!
//! - Criterion, on its 10,000-event journal: the report's first, lean pass (every record read and
//!   checked, nothing kept of it), the report streamed as Markdown and as HTML, the journal to an
//!   HTML file, and the report view's replay (which reads back only the events it steps over).
//! - Peak memory, on its 100,000-event journal (46 MB): `umpire report`'s work (`Survey::read`,
//!   `report::write`) in a child process of its own, which reads its peak resident set (`VmHWM`
//!   in `/proc/self/status`) when it is done. Target: under 50 MB. With
//!   `UMPIRE_BENCH_MILLION=1`, a 1,000,000-record journal too (writing it takes a few minutes).
//! - With `UMPIRE_BENCH_BROWSER=1`, how long headless Chromium (`$UMPIRE_CHROMIUM`, else
//!   `chromium`) takes from navigation to the load event of the 10,000-event HTML report, and to
//!   lay all of it out after: the page as written, and the same page without its turns'
//!   `content-visibility` (as it was written before). Measured by a page of its own that loads the
//!   report in a frame (the report itself has no script), three times each.
//!
//! Journals are written by child processes, so that nothing of their writing counts against
//! what is measured.

mod scale;

use criterion::{BatchSize, Criterion, criterion_group};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use umpire::model::Viewer;
use umpire::report::{self, Chronicle, Format, Survey};
use umpire::rules::newport::Newport;
use umpire::tui::keymap::Keymap;
use umpire::tui::replay::ReportView;

/// Writes a journal of `records` records of the scale battle at `path`, in a child process.
fn write_journal(path: &Path, records: usize) {
    let status = std::process::Command::new(std::env::current_exe().expect("this program"))
        .arg("--write-journal")
        .arg(path)
        .arg(records.to_string())
        .status()
        .expect("the journal writer runs");
    assert!(status.success(), "the journal writer failed");
}

fn reporting(c: &mut Criterion) {
    let dir = scale::workdir();
    let path = dir.path().join("long.jsonl");
    write_journal(&path, 10_000);
    let mut g = c.benchmark_group("report");
    g.sample_size(10).measurement_time(Duration::from_secs(20));
    g.bench_function("first pass over a 10,000-event journal", |b| {
        b.iter(|| Survey::read(&path).expect("the journal reads"));
    });
    for format in [Format::Markdown, Format::Html] {
        g.bench_function(
            format!("second pass: 10,000 events walked and written as {format:?}"),
            |b| {
                b.iter_batched(
                    || Survey::read(&path).expect("the journal reads"),
                    |survey| {
                        survey
                            .stream_to(Viewer::Umpire, format, None, std::io::sink())
                            .expect("written")
                    },
                    BatchSize::PerIteration,
                );
            },
        );
    }
    g.bench_function("journal to HTML file, 10,000 events", |b| {
        let out = dir.path().join("long.html");
        b.iter(|| {
            let survey = Survey::read(&path).expect("the journal reads");
            report::write(survey, Viewer::Umpire, Format::Html, &out).expect("written")
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
    let chronicle = Chronicle::load(&path).expect("the journal loads");
    g.bench_function("replay from the start to the last event", |b| {
        b.iter(|| chronicle.battle_at(chronicle.len()));
    });
    g.finish();
}

criterion_group!(benches, reporting);

/// A line of `/proc/self/status` in kB (`VmHWM`), on Linux.
fn status_kb(key: &str) -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = text.lines().find(|l| l.starts_with(key))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// In a child process: reports `journal` as `format` to `out` as `umpire report` does, then
/// prints its time and its peak resident set.
fn report_peak(journal: &Path, format: &str, out: &Path) {
    let format = Format::parse(format).expect("md or html");
    let started = Instant::now();
    let survey = Survey::read(journal).expect("the journal reads");
    report::write(survey, Viewer::Umpire, format, out).expect("written");
    let elapsed = started.elapsed();
    println!(
        "{:.2} {}",
        elapsed.as_secs_f64(),
        status_kb("VmHWM:").unwrap_or(0)
    );
}

/// Peak memory and time of the report of `journal`, as Markdown and as HTML, each in a child.
fn peaks(journal: &Path, what: &str) {
    let mb = |p: &Path| std::fs::metadata(p).map(|m| m.len()).unwrap_or(0) as f64 / 1e6;
    println!("report/{what} ({:.0} MB):", mb(journal));
    for format in ["md", "html"] {
        let out = journal.with_extension(format);
        let child = std::process::Command::new(std::env::current_exe().expect("this program"))
            .arg("--report-peak")
            .arg(journal)
            .arg(format)
            .arg(&out)
            .output()
            .expect("the reporting child runs");
        assert!(child.status.success(), "the reporting child failed");
        let text = String::from_utf8_lossy(&child.stdout);
        let mut words = text.split_whitespace();
        let secs: f64 = words.next().and_then(|w| w.parse().ok()).unwrap_or(0.0);
        let kb: u64 = words.next().and_then(|w| w.parse().ok()).unwrap_or(0);
        println!(
            "  {format:<4} {secs:.2} s, peak resident {:.1} MB (target under 50 MB), {:.0} MB written",
            kb as f64 / 1024.0,
            mb(&out)
        );
        let _ = std::fs::remove_file(&out);
        let _ = std::fs::remove_file(out.with_extension("strength.svg"));
    }
}

/// The browser, if this machine has one.
fn chromium() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("UMPIRE_CHROMIUM") {
        return Some(PathBuf::from(p));
    }
    std::env::var_os("PATH").and_then(|path| {
        std::env::split_paths(&path)
            .map(|d| d.join("chromium"))
            .find(|p| p.is_file())
    })
}

/// The page that loads a report in a frame and logs, on the console, how long from the frame's
/// navigation to its load event, and how long laying all of it out took after.
const HARNESS: &str = r#"<!DOCTYPE html><html><body><iframe id="f" style="width:1200px;height:900px"></iframe><script>
const f = document.getElementById('f');
f.onload = () => {
  const nav = f.contentWindow.performance.getEntriesByType('navigation')[0];
  const t = performance.now();
  const height = f.contentDocument.documentElement.scrollHeight;
  console.log('UMPIRE-LOAD ' + (nav.loadEventStart - nav.startTime).toFixed(0) + ' ' + (performance.now() - t).toFixed(0) + ' ' + height);
};
f.src = decodeURIComponent(location.hash.slice(1));
</script></body></html>"#;

/// Milliseconds from navigation to the load event of `page`, and to lay it all out after, in
/// headless Chromium.
fn load_ms(browser: &Path, dir: &Path, page: &Path) -> Option<(u64, u64)> {
    let harness = dir.join("harness.html");
    std::fs::write(&harness, HARNESS).ok()?;
    let profile = tempfile::tempdir_in(dir).ok()?;
    let out = std::process::Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-extensions",
            "--allow-file-access-from-files",
            "--enable-logging=stderr",
            "--v=0",
            "--dump-dom",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg(format!(
            "file://{}#file://{}",
            harness.display(),
            page.display()
        ))
        .output()
        .ok()?;
    let log = String::from_utf8_lossy(&out.stderr);
    let line = log.lines().find(|l| l.contains("UMPIRE-LOAD "))?;
    let mut words = line.split("UMPIRE-LOAD ").nth(1)?.split_whitespace();
    let load = words.next()?.parse().ok()?;
    let layout = words.next()?.trim_end_matches('"').parse().ok()?;
    Some((load, layout))
}

/// The 10,000-event HTML report in headless Chromium, as written and without its turns'
/// `content-visibility`.
fn browser_figures(browser: &Path) {
    let dir = scale::workdir();
    let journal = dir.path().join("long.jsonl");
    write_journal(&journal, 10_000);
    let page = dir.path().join("long.html");
    let survey = Survey::read(&journal).expect("the journal reads");
    report::write(survey, Viewer::Umpire, Format::Html, &page).expect("written");
    let html = std::fs::read_to_string(&page).expect("the page");
    let before = dir.path().join("before.html");
    std::fs::write(&before, html.replace("content-visibility: auto;", "")).expect("written");
    println!(
        "report/the 10,000-event HTML report in headless Chromium ({:.1} MB, {} elements), ms from navigation to the load event + to lay it all out after:",
        html.len() as f64 / 1e6,
        html.matches('<').count() - html.matches("</").count()
    );
    for (what, p) in [
        ("without content-visibility", &before),
        ("as written", &page),
    ] {
        let runs: Vec<String> = (0..3)
            .map(|_| match load_ms(browser, dir.path(), p) {
                Some((load, layout)) => format!("{load} + {layout}"),
                None => "not measured".into(),
            })
            .collect();
        println!("  {what:<28} {}", runs.join(", "));
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if scale::write_journal_if_asked(&args) {
        return;
    }
    if let Some(i) = args.iter().position(|a| a == "--report-peak") {
        report_peak(
            Path::new(&args[i + 1]),
            &args[i + 2],
            Path::new(&args[i + 3]),
        );
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();

    let dir = scale::workdir();
    let journal = dir.path().join("hundred-k.jsonl");
    write_journal(&journal, 100_000);
    peaks(&journal, "100,000 events");
    drop(dir);
    if std::env::var("UMPIRE_BENCH_MILLION").as_deref() == Ok("1") {
        let dir = scale::workdir();
        let journal = dir.path().join("million.jsonl");
        write_journal(&journal, 1_000_000);
        peaks(&journal, "1,000,000 records");
    }
    if std::env::var("UMPIRE_BENCH_BROWSER").as_deref() == Ok("1") {
        match chromium() {
            Some(browser) => browser_figures(&browser),
            None => {
                println!("report/browser: no chromium found ($UMPIRE_CHROMIUM, or on the PATH)")
            }
        }
    }
}
