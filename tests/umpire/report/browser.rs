//! The HTML report in a real browser: a Scruby battle played on the command line is written as a
//! page and loaded in headless Chromium, which must build both charts and every turn's section
//! from it, log nothing from the page to its console, and draw it (a screenshot) and print it (a
//! PDF of several pages, as many as the page without its turns' `content-visibility` prints).
//!
//! Chromium is found as [`crate::support::browser`] finds it. Without it the test says so loudly
//! and passes, unless `UMPIRE_REQUIRE_BROWSER=1` (as CI sets), where it fails. With `UMPIRE_REPORT_SHOTS=DIR` the page, its screenshot and its PDF are copied to
//! DIR, to be looked at. Each Chromium run is killed after 60 s.

use crate::support::browser::{HEADLESS, chromium_or_skip};
use crate::support::cli::{SCRUBY_FOUR_MOVES as SCRIPT, SCRUBY_LEARNING as SCRUBY, ok};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const TIMEOUT: Duration = Duration::from_secs(60);

/// What one browser run left: its standard output and error.
struct Ran {
    stdout: String,
    stderr: String,
}

/// Runs headless Chromium on `url` with `args`, in a fresh profile under `dir`, its output to
/// files (a full pipe cannot stall it); killed if it has not finished within [`TIMEOUT`].
fn run_browser(browser: &Path, dir: &Path, name: &str, args: &[&str], url: &str) -> Ran {
    let profile = dir.join(format!("profile-{name}"));
    let stdout_path = dir.join(format!("{name}.stdout"));
    let stderr_path = dir.join(format!("{name}.stderr"));
    let mut child = Command::new(browser)
        .args(HEADLESS)
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .arg(url)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&stdout_path).unwrap())
        .stderr(std::fs::File::create(&stderr_path).unwrap())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", browser.display()));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("the browser's status") {
            break status;
        }
        if started.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "chromium {args:?} {url} did not finish within {} s; its stderr:\n{}",
                TIMEOUT.as_secs(),
                std::fs::read_to_string(&stderr_path).unwrap_or_default()
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let ran = Ran {
        stdout: std::fs::read_to_string(&stdout_path).unwrap_or_default(),
        stderr: std::fs::read_to_string(&stderr_path).unwrap_or_default(),
    };
    assert!(
        status.success(),
        "chromium {args:?} {url} failed ({status}); its stderr:\n{}",
        ran.stderr
    );
    ran
}

/// The lines of Chromium's log that are about the page: its console (messages, uncaught
/// exceptions, resources that failed to load) and errors naming the page's files. Chromium's own
/// complaints about its surroundings (no D-Bus, no GPU, the sandbox) name no file of the page.
fn page_lines(stderr: &str) -> Vec<&str> {
    stderr
        .lines()
        .filter(|l| {
            l.contains(":CONSOLE")
                || l.contains("Uncaught")
                || l.contains("Failed to load resource")
                || (l.contains("ERROR:") && l.contains("file://"))
        })
        .collect()
}

/// A PNG's width and height, from its header.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert!(
        bytes.starts_with(b"\x89PNG\r\n\x1a\n"),
        "not a PNG ({} bytes)",
        bytes.len()
    );
    assert_eq!(&bytes[12..16], b"IHDR");
    let be = |b: &[u8]| u32::from_be_bytes([b[0], b[1], b[2], b[3]]);
    (be(&bytes[16..20]), be(&bytes[20..24]))
}

/// A PDF's page count: the largest `/Count` of its page trees.
fn pdf_pages(bytes: &[u8]) -> usize {
    let text = String::from_utf8_lossy(bytes);
    text.match_indices("/Count ")
        .filter_map(|(i, m)| {
            text[i + m.len()..]
                .split(|c: char| !c.is_ascii_digit())
                .next()
                .and_then(|n| n.parse().ok())
        })
        .max()
        .unwrap_or(0)
}

#[test]
fn the_report_loads_draws_and_prints_in_chromium() {
    let Some(browser) = chromium_or_skip("the HTML report was not checked in a browser") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("battle.jsonl");
    let j = journal.to_str().unwrap();
    ok("", &["new", SCRUBY, "--journal", j, "--seed", "7"]);
    ok(SCRIPT, &["act", j, "-"]);
    let page = dir.path().join("report.html");
    ok(
        "",
        &[
            "report",
            j,
            "--format",
            "html",
            "-o",
            page.to_str().unwrap(),
        ],
    );
    let url = format!("file://{}", page.display());
    let html = std::fs::read_to_string(&page).unwrap();
    let turns = html.matches("<section class=\"turn\"").count();
    assert!(turns >= 5, "{turns} turns");

    // The detector sees what a page logs: a page that logs an error and throws is caught.
    let canary = dir.path().join("canary.html");
    std::fs::write(
        &canary,
        "<!DOCTYPE html><html lang=\"en\"><body><script>console.error('canary'); undefinedCanary();</script></body></html>",
    )
    .unwrap();
    let ran = run_browser(
        &browser,
        dir.path(),
        "canary",
        &["--enable-logging=stderr", "--v=0", "--dump-dom"],
        &format!("file://{}", canary.display()),
    );
    let caught = page_lines(&ran.stderr);
    assert!(
        caught.iter().any(|l| l.contains("canary"))
            && caught.iter().any(|l| l.contains("Uncaught")),
        "the console is not seen in Chromium's log; its stderr:\n{}",
        ran.stderr
    );

    // (a) The DOM the browser built: both charts with their lines and bars, every turn.
    // (b) Nothing from the page in the console.
    let ran = run_browser(
        &browser,
        dir.path(),
        "dom",
        &["--enable-logging=stderr", "--v=0", "--dump-dom"],
        &url,
    );
    let dom = &ran.stdout;
    assert!(dom.contains("<html lang=\"en\">"), "no page:\n{dom:.400}");
    assert_eq!(dom.matches("<svg ").count(), 2, "two charts");
    let strength = &dom[dom
        .find("id=\"strength-chart\"")
        .expect("the strength chart")..];
    let strength = &strength[..strength.find("</svg>").unwrap()];
    // A line a side (and the legend's two samples).
    assert!(strength.matches("<polyline").count() >= 4, "{strength}");
    assert!(
        strength.contains("Austrian advanced guard") && strength.contains("French brigade at Aue")
    );
    let losses = &dom[dom.find("id=\"losses-chart\"").expect("the losses chart")..];
    let losses = &losses[..losses.find("</svg>").unwrap()];
    assert!(losses.matches("<rect").count() > 8, "{losses}");
    assert_eq!(dom.matches("<section class=\"turn\"").count(), turns);
    assert!(!dom.contains("<script"), "a script in the page");
    assert!(dom.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    let logged = page_lines(&ran.stderr);
    assert!(
        logged.is_empty(),
        "the page logged to the console:\n{}",
        logged.join("\n")
    );

    // (c) A screenshot of the page's top, and the page printed.
    let shot = dir.path().join("report.png");
    run_browser(
        &browser,
        dir.path(),
        "screenshot",
        &[
            &format!("--screenshot={}", shot.display()),
            "--window-size=1200,2000",
        ],
        &url,
    );
    let png = std::fs::read(&shot).expect("the screenshot");
    assert_eq!(png_size(&png), (1200, 2000));
    assert!(
        png.len() > 50_000,
        "a blank screenshot? {} bytes",
        png.len()
    );

    let pdf_path = dir.path().join("report.pdf");
    run_browser(
        &browser,
        dir.path(),
        "pdf",
        &[
            &format!("--print-to-pdf={}", pdf_path.display()),
            "--no-pdf-header-footer",
        ],
        &url,
    );
    let pdf = std::fs::read(&pdf_path).expect("the PDF");
    assert!(pdf.starts_with(b"%PDF-"), "not a PDF");
    let pages = pdf_pages(&pdf);
    assert!(pages > 1, "{pages} page(s) printed");
    // Each turn's section is laid out only near the window on screen, but every one on paper:
    // the page prints as many pages as it does without that rule (the same bytes, whatever a
    // section not laid out would leave out).
    assert!(html.contains("content-visibility: auto;"));
    let plain = dir.path().join("plain.html");
    std::fs::write(&plain, html.replace("content-visibility: auto;", "")).unwrap();
    let plain_pdf = dir.path().join("plain.pdf");
    run_browser(
        &browser,
        dir.path(),
        "plain-pdf",
        &[
            &format!("--print-to-pdf={}", plain_pdf.display()),
            "--no-pdf-header-footer",
        ],
        &format!("file://{}", plain.display()),
    );
    let plain_pages = pdf_pages(&std::fs::read(&plain_pdf).expect("the PDF"));
    assert_eq!(
        pages, plain_pages,
        "printed with and without content-visibility"
    );

    if let Some(keep) = std::env::var_os("UMPIRE_REPORT_SHOTS") {
        let keep = PathBuf::from(keep);
        std::fs::create_dir_all(&keep).unwrap();
        for f in [&page, &shot, &pdf_path] {
            std::fs::copy(f, keep.join(f.file_name().unwrap())).unwrap();
        }
    }
}
