//! `umpire serve` over plain HTTP: a Scruby battle with concealed columns served on loopback,
//! its pages and event streams read with a small client of std's `TcpStream`.

use super::client::{Stream, get, grow, path_of, request};
use crate::support::cli::{Played, SCRUBY_FOUR_MOVES, SCRUBY_LEARNING, ok};
use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};
use umpire::model::Viewer;
use umpire::serve::links::Kept;
use umpire::serve::{Options, Server};
use umpire::tui::WatchView;

/// Serves `journal` on loopback, on a free port.
pub fn serve(journal: &Path, new_links: bool) -> Server {
    Server::start(
        journal,
        &Options {
            bind: "127.0.0.1".parse().unwrap(),
            port: 0,
            new_links,
        },
    )
    .expect("the battle is served")
}

/// Every viewer served, in the links' order: each side, then everyone.
const VIEWERS: [Viewer; 3] = [Viewer::Side(0), Viewer::Side(1), Viewer::Public];

/// The page's `data-seq`: the records it was made from.
fn seq_of(page: &str) -> Option<u64> {
    let at = page.find("data-seq=\"")? + "data-seq=\"".len();
    page[at..].split('"').next()?.parse().ok()
}

/// The page at `path` once it was made from `records` records, within 5 s.
fn page_at(port: u16, path: &str, records: u64) -> String {
    let until = Instant::now() + Duration::from_secs(5);
    loop {
        let a = get(port, path);
        assert_eq!(a.status, 200, "{}", a.raw);
        if seq_of(&a.body) == Some(records) {
            return a.body;
        }
        assert!(
            Instant::now() < until,
            "the page never reached record {records}: {:?}",
            seq_of(&a.body)
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The log's lines of a page, oldest first, as `(position, HTML)`.
fn page_log(page: &str) -> BTreeMap<usize, String> {
    let start = page.find("<ol class=\"log\" id=\"log\">").unwrap();
    let end = start + page[start..].find("</ol>").unwrap();
    let mut lines = BTreeMap::new();
    for item in page[start..end].split("<li data-pos=\"").skip(1) {
        let pos: usize = item.split('"').next().unwrap().parse().unwrap();
        let html = format!("<li data-pos=\"{}", item);
        lines.insert(pos, html);
    }
    lines
}

/// The journal's lines (header first), each with its newline.
fn lines(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .split_inclusive('\n')
        .map(str::to_string)
        .collect()
}

/// The units `viewer` may not see in the battle of `view`: concealed, and not its own.
fn hidden_from(view: &WatchView) -> Vec<usize> {
    let b = view.battle();
    let v = b.view();
    (0..b.roster.units.len())
        .filter(|&u| !v.visible_to(u, view.viewer()))
        .collect()
}

/// A page's log as the page's script leaves it after `sent`, applied in turn.
fn apply(lines: &mut BTreeMap<usize, String>, sent: &serde_json::Value) {
    if sent["reset"].as_bool().unwrap() {
        lines.clear();
    }
    let keep = sent["keep"].as_u64().unwrap() as usize;
    lines.retain(|&pos, _| pos < keep);
    for html in sent["add"].as_array().unwrap() {
        let html = html.as_str().unwrap();
        let pos: usize = html
            .strip_prefix("<li data-pos=\"")
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        lines.insert(pos, html.to_string());
    }
    while lines.len() > umpire::serve::page::LOG_SHOWN {
        lines.pop_first();
    }
}

#[test]
fn each_sides_page_shows_what_watch_shows_it_and_no_concealed_unit_at_every_prefix() {
    let _notifications = crate::support::notifications::shared();
    let played = Played::battle(SCRUBY_LEARNING, SCRUBY_FOUR_MOVES);
    let all = lines(&played.journal);
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("prefix.jsonl");
    let copy = dir.path().join("copy.jsonl");
    std::fs::write(&journal, all[..2].concat()).unwrap();
    let server = serve(&journal, false);
    let port = server.local.port();
    // A page of the first side left open from the start: its events, applied as its script
    // applies them, must end with the log the page shows at the end.
    let mut stream = Stream::open(
        port,
        &format!("{}/events", path_of(&server.links[0].url)),
        None,
    );
    let mut streamed = BTreeMap::new();
    let mut hidden_checked = 0;
    for n in 2..=all.len() {
        grow(&journal, &copy, &all, n);
        for (viewer, link) in VIEWERS.into_iter().zip(&server.links) {
            let view = WatchView::open(&copy, viewer).unwrap();
            let records = view.chronicle().records.len() as u64;
            let page = page_at(port, path_of(&link.url), records);
            let b = view.battle();
            for u in hidden_from(&view) {
                let info = &b.roster.units[u];
                hidden_checked += 1;
                for secret in [&info.id, &info.name] {
                    let escaped = umpire::report::html::escape(secret);
                    assert!(
                        !page.contains(secret.as_str()) && !page.contains(&escaped),
                        "{viewer:?}'s page names {secret:?} of a concealed unit at record {}:\n{page}",
                        n - 1
                    );
                }
            }
            // The log is watch's, line for line.
            let log = page_log(&page);
            let shown = view.log();
            assert_eq!(log.len(), shown.len(), "{viewer:?} at record {}", n - 1);
            for (l, html) in shown.iter().zip(log.values()) {
                let text = umpire::report::html::escape(&l.text);
                assert!(html.contains(&text), "{viewer:?}: {html} lacks {text}");
            }
            // The roster is watch's, line for line.
            let pane = view.roster_pane();
            for &row in pane.rows() {
                let line =
                    umpire::report::html::escape(&umpire::tui::view::plain_roster_row(&pane, row));
                assert!(page.contains(&line), "{viewer:?}'s page lacks {line}");
            }
            assert_eq!(
                page.matches("<li class=\"").count(),
                pane.rows().len(),
                "{viewer:?}: roster lines"
            );
            // The latest result is watch's.
            if let Some((number, ev)) = view.latest() {
                assert!(page.contains(&format!(
                    "<span class=\"n\">#{number}</span> {}",
                    umpire::report::html::escape(&ev.summary)
                )));
            } else {
                assert!(page.contains("nothing resolved yet"));
            }
        }
        while let Some(sent) = stream.next(Duration::from_millis(1)) {
            apply(&mut streamed, &sent.data);
        }
    }
    assert!(hidden_checked > 50, "only {hidden_checked} checks");
    // The stream's last event is the last record; the page's log is what the stream built.
    let end = lines(&journal).len() as u64 - 1;
    let until = Instant::now() + Duration::from_secs(5);
    let mut last = None;
    while last != Some(end) && Instant::now() < until {
        if let Some(sent) = stream.next(Duration::from_millis(200)) {
            apply(&mut streamed, &sent.data);
            last = sent.id;
        }
    }
    let page = page_at(port, path_of(&server.links[0].url), end);
    assert_eq!(page_log(&page), streamed);
    // Nothing was written beside the journal but the links file.
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["copy.jsonl", "prefix.jsonl", "prefix.jsonl.links"]);
}

#[test]
fn a_wrong_or_missing_token_is_the_same_404_as_an_unknown_path() {
    let _notifications = crate::support::notifications::shared();
    let played = Played::battle(SCRUBY_LEARNING, "next --dice 5,2\n");
    let server = serve(&played.journal, false);
    let port = server.local.port();
    let good = path_of(&server.links[0].url).to_string();
    let token = good.strip_prefix("/s/").unwrap();
    let mut wrong = token.to_string();
    let last = wrong.pop().unwrap();
    wrong.push(if last == '0' { '1' } else { '0' });
    let unknown = get(port, "/no/such/page");
    assert_eq!(unknown.status, 404);
    assert_eq!(unknown.body, "Not found\n");
    assert_eq!(unknown.header("Cache-Control"), Some("no-store"));
    for path in [
        format!("/s/{wrong}"),
        format!("/s/{wrong}/events"),
        format!("/s/{}", &token[..token.len() - 1]),
        format!("/s/{token}0"),
        format!("/s/{}", token.to_uppercase()),
        "/s/".to_string(),
        "/s//events".to_string(),
        "/".to_string(),
        "/favicon.ico".to_string(),
        format!("{good}/"),
        format!("{good}/other"),
        format!("/S/{token}"),
    ] {
        let a = get(port, &path);
        assert_eq!(a.raw, unknown.raw, "{path}");
    }
    // The same time: the median of many answers to a wrong token and to an unknown path, asked
    // in turn so that the machine's load weighs on both alike.
    let (mut wrong_times, mut unknown_times) = (Vec::new(), Vec::new());
    for _ in 0..150 {
        for (path, times) in [
            (format!("/s/{wrong}"), &mut wrong_times),
            ("/no/such/page".to_string(), &mut unknown_times),
        ] {
            let t = Instant::now();
            get(port, &path);
            times.push(t.elapsed());
        }
    }
    let median = |times: &mut Vec<Duration>| {
        times.sort();
        times[times.len() / 2]
    };
    let (a, b) = (median(&mut wrong_times), median(&mut unknown_times));
    let gap = a.abs_diff(b);
    assert!(
        gap < Duration::from_millis(2),
        "a wrong token {a:?}, an unknown path {b:?}"
    );
}

#[test]
fn only_get_is_answered_any_other_method_is_405_whatever_the_path() {
    let _notifications = crate::support::notifications::shared();
    let played = Played::battle(SCRUBY_LEARNING, "");
    let server = serve(&played.journal, false);
    let port = server.local.port();
    let good = path_of(&server.links[0].url).to_string();
    let mut answers = Vec::new();
    for method in ["POST", "PUT", "DELETE", "HEAD", "OPTIONS", "PATCH"] {
        for path in [good.as_str(), "/s/0000", "/"] {
            let a = request(port, method, path);
            assert_eq!(a.status, 405, "{method} {path}: {}", a.raw);
            assert_eq!(a.header("Allow"), Some("GET"));
            answers.push(a.raw);
        }
    }
    answers.dedup();
    assert_eq!(answers.len(), 1, "the same 405 for every method and path");
    // A head that is not HTTP is refused without a page.
    let a = request(port, "GET", "no-slash");
    assert_eq!(a.status, 400);
}

#[test]
fn the_page_is_never_cached_and_runs_only_its_own_style_and_script() {
    let _notifications = crate::support::notifications::shared();
    let played = Played::battle(SCRUBY_LEARNING, SCRUBY_FOUR_MOVES);
    let server = serve(&played.journal, false);
    let a = get(server.local.port(), path_of(&server.links[2].url));
    assert_eq!(a.status, 200);
    assert_eq!(a.header("Cache-Control"), Some("no-store"));
    assert_eq!(a.header("Referrer-Policy"), Some("no-referrer"));
    let csp = a.header("Content-Security-Policy").unwrap();
    let nonce = csp
        .split("script-src 'nonce-")
        .nth(1)
        .and_then(|r| r.split('\'').next())
        .unwrap();
    assert!(nonce.len() >= 32, "{csp}");
    assert!(csp.starts_with("default-src 'none';"), "{csp}");
    assert!(csp.contains(&format!("style-src 'nonce-{nonce}'")), "{csp}");
    assert!(csp.contains("connect-src 'self'"), "{csp}");
    let page = &a.body;
    assert_eq!(page.matches("<script").count(), 1);
    assert_eq!(page.matches("<style").count(), 1);
    assert!(page.contains(&format!("<script nonce=\"{nonce}\">")));
    assert!(page.contains(&format!("<style nonce=\"{nonce}\">")));
    for external in ["src=", "href=", "@import", "url(", "http://", "https://"] {
        assert!(!page.contains(external), "the page loads {external}");
    }
    // Each answer has a nonce of its own.
    let b = get(server.local.port(), path_of(&server.links[2].url));
    assert_ne!(b.header("Content-Security-Policy"), Some(csp));
    // The note written to break out of the page is text on it.
    assert!(
        page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
        "the note is not on the public page"
    );
    assert!(!page.contains("<script>alert"));
    // The event stream is not cached either, and says so in its type.
    let mut s = Stream::open(
        server.local.port(),
        &format!("{}/events", path_of(&server.links[2].url)),
        None,
    );
    assert!(
        s.head.contains("Content-Type: text/event-stream"),
        "{}",
        s.head
    );
    assert!(s.head.contains("Cache-Control: no-store"), "{}", s.head);
    let first = s.next(Duration::from_secs(5)).unwrap();
    let text = first.data.to_string();
    assert!(!text.contains("<script>alert"), "{text}");
    assert!(text.contains("&lt;script&gt;alert(1)"), "{text}");
}

#[test]
fn links_are_kept_across_a_restart_and_new_links_make_the_old_ones_404() {
    let _notifications = crate::support::notifications::shared();
    let played = Played::battle(SCRUBY_LEARNING, "");
    let first = serve(&played.journal, false);
    assert_eq!(first.kept, Kept::New);
    let file = umpire::serve::links::links_path(&played.journal);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&file).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600, "{mode:o}");
    }
    let paths: Vec<String> = first
        .links
        .iter()
        .map(|l| path_of(&l.url).to_string())
        .collect();
    assert_eq!(
        first
            .links
            .iter()
            .map(|l| l.key.as_str())
            .collect::<Vec<_>>(),
        ["au", "fr", "public"]
    );
    for p in &paths {
        // 128 bits at least: 32 hexadecimal digits.
        let token = p.strip_prefix("/s/").unwrap();
        assert!(token.len() >= 32 && token.bytes().all(|b| b.is_ascii_hexdigit()));
    }
    let mut distinct = paths.clone();
    distinct.dedup();
    assert_eq!(distinct.len(), 3);
    first.stop();

    let again = serve(&played.journal, false);
    assert_eq!(again.kept, Kept::Same);
    let same: Vec<String> = again
        .links
        .iter()
        .map(|l| path_of(&l.url).to_string())
        .collect();
    assert_eq!(same, paths);
    for p in &paths {
        assert_eq!(get(again.local.port(), p).status, 200);
    }
    again.stop();

    let renewed = serve(&played.journal, true);
    assert_eq!(renewed.kept, Kept::Replaced);
    let port = renewed.local.port();
    for (old, new) in paths.iter().zip(&renewed.links) {
        assert_ne!(old, path_of(&new.url));
        assert_eq!(get(port, old).status, 404);
        assert_eq!(get(port, &format!("{old}/events")).status, 404);
        assert_eq!(get(port, path_of(&new.url)).status, 200);
    }
    let new_paths: Vec<String> = renewed
        .links
        .iter()
        .map(|l| path_of(&l.url).to_string())
        .collect();
    renewed.stop();

    // A links file others may read is no longer secret: new links are made.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
        let exposed = serve(&played.journal, false);
        assert_eq!(exposed.kept, Kept::Exposed);
        assert_ne!(path_of(&exposed.links[0].url), new_paths[0]);
        let mode = std::fs::metadata(&file).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600, "{mode:o}");
    }
}

/// The next event on `stream` within `within` whose log holds a line with `text`, and how long
/// it took.
fn wait_for(
    stream: &mut Stream,
    lines: &mut BTreeMap<usize, String>,
    within: Duration,
    done: impl Fn(&BTreeMap<usize, String>) -> bool,
) -> Duration {
    let start = Instant::now();
    while start.elapsed() < within {
        if let Some(sent) = stream.next(within.saturating_sub(start.elapsed())) {
            apply(lines, &sent.data);
            if done(lines) {
                return start.elapsed();
            }
        }
    }
    panic!("not there within {within:?}: {lines:?}");
}

#[test]
fn an_event_reaches_an_open_page_within_a_second_and_an_undo_takes_its_line_out() {
    let _notifications = crate::support::notifications::shared();
    let played = Played::battle(SCRUBY_LEARNING, "next --dice 5,2\n");
    let server = serve(&played.journal, false);
    let port = server.local.port();
    let events = format!("{}/events", path_of(&server.links[0].url));
    let mut stream = Stream::open(port, &events, None);
    let mut lines = BTreeMap::new();
    let first = stream.next(Duration::from_secs(5)).unwrap();
    apply(&mut lines, &first.data);
    assert_eq!(first.data["reset"], true);
    let before = lines.len();
    let has = |text: &'static str| {
        move |l: &BTreeMap<usize, String>| l.values().any(|h| h.contains(text))
    };
    ok("", &["note", played.j(), "The Austrians hold the bridge"]);
    let took = wait_for(
        &mut stream,
        &mut lines,
        Duration::from_secs(1),
        has("The Austrians hold the bridge"),
    );
    assert!(took < Duration::from_secs(1), "{took:?}");
    assert_eq!(lines.len(), before + 1);
    ok("", &["undo", played.j()]);
    wait_for(&mut stream, &mut lines, Duration::from_secs(1), |l| {
        !l.values()
            .any(|h| h.contains("The Austrians hold the bridge"))
    });
    assert_eq!(lines.len(), before);
    ok("", &["redo", played.j()]);
    wait_for(
        &mut stream,
        &mut lines,
        Duration::from_secs(1),
        has("The Austrians hold the bridge"),
    );
    // The page said whose the change is: the message of an undo reaches the page too.
    assert_eq!(server.connected(), 1);
    drop(stream);
}

#[test]
fn a_page_that_wakes_asks_from_the_last_event_it_saw() {
    let _notifications = crate::support::notifications::shared();
    let played = Played::battle(SCRUBY_LEARNING, "next --dice 5,2\n");
    let server = serve(&played.journal, false);
    let port = server.local.port();
    let events = format!("{}/events", path_of(&server.links[1].url));
    let mut stream = Stream::open(port, &events, None);
    let first = stream.next(Duration::from_secs(5)).unwrap();
    let seen = first.id.unwrap();
    drop(stream);
    // Back with nothing new: the parts alone, every line kept.
    let mut stream = Stream::open(port, &events, Some(seen));
    let again = stream.next(Duration::from_secs(5)).unwrap();
    assert_eq!(again.id, Some(seen));
    assert_eq!(again.data["reset"], false);
    assert_eq!(again.data["add"].as_array().unwrap().len(), 0);
    assert_eq!(
        again.data["keep"],
        first.data["add"].as_array().unwrap().len()
    );
    drop(stream);
    // Events while it slept: it is brought up to date whole.
    ok("", &["note", played.j(), "While the phone slept"]);
    let until = Instant::now() + Duration::from_secs(5);
    while !get(port, path_of(&server.links[1].url))
        .body
        .contains("While the phone slept")
    {
        assert!(Instant::now() < until);
        std::thread::sleep(Duration::from_millis(20));
    }
    let mut stream = Stream::open(port, &format!("{events}?last=0"), Some(seen));
    let woke = stream.next(Duration::from_secs(5)).unwrap();
    assert_eq!(woke.id, Some(seen + 1));
    assert_eq!(woke.data["reset"], true);
    assert!(
        woke.data["add"]
            .to_string()
            .contains("While the phone slept")
    );
}

/// Text as a reader sees it: entities read, runs of white space made one space.
fn plain(text: &str) -> String {
    let text = text
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&");
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The README's picture of a phone's page is the page: the Austrians' after the four moves of
/// the learning game. Each line of the picture (the lines it cuts with `…` aside) is on the page
/// as served, its tags read as spaces.
#[test]
fn the_readmes_phone_page_is_what_the_page_shows() {
    let _notifications = crate::support::notifications::shared();
    let readme = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"));
    let section = &readme[readme
        .find("### The players' phones")
        .expect("the README section")..];
    let picture = &section[section.find("```text\n").expect("the picture") + 8..];
    let picture = &picture[..picture.find("```").unwrap()];
    let played = Played::battle(SCRUBY_LEARNING, SCRUBY_FOUR_MOVES);
    let server = serve(&played.journal, false);
    let page = get(server.local.port(), path_of(&server.links[0].url)).body;
    let mut text = String::new();
    let mut rest = page.as_str();
    while let Some(at) = rest.find('<') {
        text.push_str(&rest[..at]);
        text.push(' ');
        rest = rest[at..].split_once('>').map_or("", |(_, r)| r);
    }
    let text = plain(&text);
    let mut checked = 0;
    for line in picture.lines() {
        let Some(inner) = line.strip_prefix('│').and_then(|l| l.strip_suffix('│')) else {
            continue;
        };
        let inner = inner.trim_start().trim_start_matches('┃');
        // The script says "connected" once its stream is open (the browser tests see it); served,
        // the page says it is connecting.
        if inner.contains('…') || inner.contains("connected") || inner.starts_with('─') {
            continue;
        }
        let wanted = plain(inner);
        if wanted.is_empty() {
            continue;
        }
        assert!(text.contains(&wanted), "the page lacks {wanted:?}:\n{text}");
        checked += 1;
    }
    assert!(checked >= 25, "only {checked} lines of the picture checked");
}
