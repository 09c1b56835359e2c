//! The battle report from a battle played on the command line, in-process: a Scruby battle and a
//! Grid skirmish are set up with `umpire new` and a script into `umpire act JOURNAL -`, and their
//! reports (`umpire report JOURNAL --format html|md -o -`) are snapshotted, the umpire's copy and a
//! side's. The journal's times are the real clock's: dates, times and durations are filtered out
//! of the snapshots. A scenario whose names are written to break out of the page (a `<script>`, a
//! Markdown link, a table's `|`) gives a page and a Markdown file where they stay text.

use crate::support::cli::{
    GRID_CROSSROADS as GRID, Played as Battle, SCRUBY_FOUR_MOVES as SCRUBY_SCRIPT,
    SCRUBY_LEARNING as SCRUBY, ok,
};
use pulldown_cmark::{Event, Options, Parser, Tag};
use std::path::Path;

/// Two turns of the crossroads with the dice typed: fire within and beyond the long range and at
/// a unit in cover, a unit destroyed, a note.
const GRID_SCRIPT: &str = r#"next
fire --firer b1 --target r1 --range 2 --dice 5,2
fire --firer bt --target rt1 --range 8 --dice 6,5,1
note Smoke drifts east
next
next
fire --firer r1 --target b1 --range 3 --dice 4,1
fire --firer rt1 --target b2 --range 7 --dice 6,2,2
next
next
fire --firer b2 --target r1 --range 4 --cover --dice 5,3
next
next
fire --firer rt2 --target bt --range 5 --dice 4,4,2
next
"#;

/// Snapshots `text` with the clock's dates, times and durations and the temporary folder
/// replaced.
fn snapshot(name: &str, text: &str, dir: &Path) {
    let dir = regex_escape(&dir.display().to_string());
    let mut settings = insta::Settings::clone_current();
    settings.add_filter(&dir, "[DIR]");
    settings.add_filter(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z", "[TIMESTAMP]");
    settings.add_filter(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}( UTC)?", "[DATE]");
    settings.add_filter(r"\b\d{2}:\d{2}\b", "[TIME]");
    settings.add_filter(r"\b(\d+ h )?\d+ min\b", "[DURATION]");
    settings.bind(|| insta::assert_snapshot!(name, text));
}

fn regex_escape(text: &str) -> String {
    text.chars()
        .flat_map(|c| {
            let special = r"\.+*?()|[]{}^$#&-~".contains(c);
            special
                .then_some('\\')
                .into_iter()
                .chain(std::iter::once(c))
        })
        .collect()
}

/// What a CommonMark reader (with tables) makes of `md`: the links and raw HTML it finds, and
/// each table row's cell count with the row's first cell's text.
struct Read {
    links: Vec<String>,
    html: Vec<String>,
    rows: Vec<(usize, usize)>,
}

fn read_markdown(md: &str) -> Read {
    let mut read = Read {
        links: vec![],
        html: vec![],
        rows: vec![],
    };
    // (cells in the table's head, cells in the row being read)
    let mut head = 0;
    let mut cells = 0;
    for event in Parser::new_ext(md, Options::ENABLE_TABLES) {
        match event {
            Event::Start(Tag::Link { dest_url, .. }) => read.links.push(dest_url.to_string()),
            Event::Start(Tag::Image { dest_url, .. }) => read.links.push(dest_url.to_string()),
            Event::Html(h) | Event::InlineHtml(h) => read.html.push(h.to_string()),
            Event::Start(Tag::TableHead) | Event::Start(Tag::TableRow) => cells = 0,
            Event::Start(Tag::TableCell) => cells += 1,
            Event::End(pulldown_cmark::TagEnd::TableHead) => head = cells,
            Event::End(pulldown_cmark::TagEnd::TableRow) => read.rows.push((head, cells)),
            _ => {}
        }
    }
    read
}

/// The page checked as a whole: one document, nothing loaded from anywhere, no script.
fn self_contained(html: &str) {
    assert!(html.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"));
    assert!(html.contains("<meta charset=\"utf-8\">"));
    assert!(html.trim_end().ends_with("</html>"));
    assert!(
        !html.to_lowercase().contains("<script"),
        "a script in the page"
    );
    assert!(!html.contains("src="), "something loaded from a file");
    assert!(!html.contains("url("), "something loaded by the stylesheet");
    assert!(!html.contains("@import"));
    for href in html.split("href=\"").skip(1) {
        assert!(href.starts_with('#'), "a link out of the page: {href:.40}");
    }
    for tag in [
        "section", "ul", "li", "table", "tr", "figure", "svg", "h2", "h3", "h4",
    ] {
        assert_eq!(
            html.matches(&format!("<{tag}>")).count() + html.matches(&format!("<{tag} ")).count(),
            html.matches(&format!("</{tag}>")).count(),
            "<{tag}> opened and closed as often"
        );
    }
}

#[test]
fn scruby_battle_reports() {
    let b = Battle::battle(SCRUBY, SCRUBY_SCRIPT);
    let html = b.report("html", &[]);
    self_contained(&html);
    // The page holds the account's turns, both charts with a line a side, and the numbers.
    for turn in 0..=4 {
        assert!(html.contains(&format!("<section class=\"turn\" id=\"turn-{turn}\">")));
    }
    assert_eq!(html.matches("<svg ").count(), 2);
    assert!(html.contains("Strength over the battle (figures left)"));
    assert!(html.contains("Losses per turn (figures lost)"));
    assert!(html.contains("Left out: 1 event(s) undone during play."));
    // The note's script and link are text.
    assert!(html.contains(
        "holds the orchard wall &lt;script&gt;alert(1)&lt;/script&gt; | [x](javascript:alert(1))"
    ));
    snapshot("scruby_umpire_html", &html, b.dir.path());

    let md = b.report("md", &[]);
    let read = read_markdown(&md);
    assert!(read.links.is_empty(), "{:?}", read.links);
    assert!(read.html.is_empty(), "{:?}", read.html);
    assert!(read.rows.iter().all(|(head, cells)| head == cells));
    snapshot("scruby_umpire_md", &md, b.dir.path());
}

/// The Austrians' copy: the French column behind stand 1 is its stand's number in the order of
/// battle, and its regiments' names appear only from the event that exposed it.
#[test]
fn scruby_side_report_shows_a_concealed_column_from_its_exposure_on() {
    let b = Battle::battle(SCRUBY, SCRUBY_SCRIPT);
    let hidden_name = "18e régiment d&#39;infanterie de ligne";
    let umpire = b.report("html", &[]);
    let oob = section(&umpire, "order-of-battle");
    assert!(oob.contains(hidden_name), "the umpire sees the column");

    let html = b.report("html", &["--side", "au"]);
    self_contained(&html);
    assert!(html.contains("What Austrian advanced guard (au) saw"));
    let oob = section(&html, "order-of-battle");
    assert!(!oob.contains(hidden_name), "{oob}");
    assert!(!oob.contains("fr-l2"), "{oob}");
    assert!(
        oob.contains("Concealment stand 1 (its contents unseen)"),
        "{oob}"
    );
    // Before the exposure (event 3), nothing names it; from it on, it is named.
    let exposure = html
        .find("id=\"event-3\"")
        .expect("the exposure is in the Austrians' account");
    assert!(!html[..exposure].contains(hidden_name));
    assert!(!html[..exposure].contains("fr-l2"));
    let account = section(&html, "account");
    assert!(account.contains(hidden_name));
    assert!(section(&html, "final-state").contains(hidden_name));
    snapshot("scruby_side_au_html", &html, b.dir.path());

    let md = b.report("md", &["--side", "au"]);
    let oob = &md[md.find("## Order of battle").unwrap()..md.find("## The battle").unwrap()];
    let hidden_md = "18e régiment d'infanterie de ligne";
    assert!(!oob.contains(hidden_md) && !oob.contains("fr-l2"), "{oob}");
    assert!(oob.contains("Concealment stand 1"));
    let exposure = md.find("(#3)").unwrap();
    assert!(!md[..exposure].contains(hidden_md));
    assert!(md[exposure..].contains(hidden_md));
    snapshot("scruby_side_au_md", &md, b.dir.path());
}

#[test]
fn grid_battle_reports() {
    let b = Battle::battle(GRID, GRID_SCRIPT);
    let html = b.report("html", &[]);
    self_contained(&html);
    assert!(html.contains("Strength over the battle (units in play)"));
    assert!(html.contains("Losses per turn (hits taken)"));
    assert!(html.contains("Smoke drifts east"));
    assert!(html.contains("destroyed by fire"));
    snapshot("grid_umpire_html", &html, b.dir.path());
    let md = b.report("md", &[]);
    let read = read_markdown(&md);
    assert!(read.links.is_empty() && read.html.is_empty());
    snapshot("grid_umpire_md", &md, b.dir.path());
}

/// The learning game with names written to break out: a unit and a side named with a script, a
/// Markdown link and a table cell's `|`.
#[test]
fn hostile_names_stay_text() {
    let unit = "<script>alert(1)</script> ](javascript:x) a|b";
    let side = "Austrians <b>bold</b> | [x](javascript:y) & 'co' \"q\"";
    let source = std::fs::read_to_string(SCRUBY).unwrap();
    let renamed = source
        .replace(
            "name = \"Infanterie-Regiment Nr. 12\"",
            &format!("name = '''{unit}'''"),
        )
        .replace(
            "name = \"Austrian advanced guard\"",
            &format!("name = '''{side}'''"),
        );
    assert_ne!(renamed, source);
    let dir = tempfile::tempdir().unwrap();
    let scenario = dir.path().join("hostile.toml");
    std::fs::write(&scenario, renamed).unwrap();
    let b = Battle::battle(
        &scenario,
        "next --dice 5,2\nexpose --stand 1 --side au --cause scouting\nnext\nnext\nnext\nrifle --firer-unit fr-lt --target-unit au-l1 --range 5\nnext\nnext\n",
    );

    let html = b.report("html", &[]);
    self_contained(&html);
    assert!(!html.contains("<b>"), "a tag from a name");
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; ](javascript:x) a|b"));
    assert!(html.contains(
        "Austrians &lt;b&gt;bold&lt;/b&gt; | [x](javascript:y) &amp; &#39;co&#39; &quot;q&quot;"
    ));
    // In the charts' SVG too (escaped by the chart, once).
    assert!(html.contains(
        "Austrians &lt;b&gt;bold&lt;/b&gt; | [x](javascript:y) &amp; &apos;co&apos; &quot;q&quot;"
    ));
    assert!(!html.contains("&amp;lt;"), "escaped twice");

    let md = b.report("md", &[]);
    let read = read_markdown(&md);
    assert!(read.links.is_empty(), "links formed: {:?}", read.links);
    assert!(read.html.is_empty(), "raw HTML: {:?}", read.html);
    assert!(!read.rows.is_empty());
    for (head, cells) in &read.rows {
        assert_eq!(head, cells, "a name's | split a table row:\n{md}");
    }
    // The Markdown strength chart beside the report escapes the side's name as well.
    let out = dir.path().join("report.md");
    ok("", &["report", b.j(), "-o", out.to_str().unwrap()]);
    let svg = std::fs::read_to_string(dir.path().join("report.strength.svg")).unwrap();
    assert!(!svg.contains("<b>"));
    assert!(svg.contains("Austrians &lt;b&gt;bold&lt;/b&gt;"));
}

/// The text of the `<section id="ID">` of `html`, to its end (the turns' sections nest in the
/// account's).
fn section<'a>(html: &'a str, id: &str) -> &'a str {
    let start = html
        .find(&format!("<section id=\"{id}\">"))
        .unwrap_or_else(|| panic!("no section {id}"));
    let rest = &html[start..];
    let (mut depth, mut at) = (0, 0);
    loop {
        let open = rest[at..].find("<section").map(|i| i + at);
        let close = rest[at..]
            .find("</section>")
            .map(|i| i + at)
            .unwrap_or_else(|| panic!("section {id} is not closed"));
        match open {
            Some(o) if o < close => {
                depth += 1;
                at = o + 1;
            }
            _ => {
                depth -= 1;
                if depth == 0 {
                    return &rest[..close];
                }
                at = close + 1;
            }
        }
    }
}
