//! The served pages in a real browser: headless Chromium kept open on each side's page (under the
//! DevTools protocol, [`crate::support::browser`]) while the battle is played in other processes.
//! At every prefix of a Scruby battle with concealed columns, no page holds a concealed unit's
//! id or name; an exposure made by `umpire act J expose …` appears on the open page within 1 s,
//! without a reload, and an undo takes it back; a wrong token shows nothing; the page's
//! Content-Security-Policy refuses a script that is not its own, and the page logs nothing.
//!
//! Without Chromium the tests say so loudly and pass, unless `UMPIRE_REQUIRE_BROWSER=1`.

use super::client::{grow, path_of};
use super::http::serve;
use crate::support::browser::{Devtools, Tab, chromium_or_skip};
use crate::support::cli::{Played, SCRUBY_FOUR_MOVES, SCRUBY_LEARNING};
use std::process::Command;
use std::time::{Duration, Instant};
use umpire::model::Viewer;
use umpire::tui::WatchView;

/// The whole document as the browser holds it now.
const DOCUMENT: &str = "document.documentElement.outerHTML";

/// The page's `data-seq` (the records it shows), as the page's script last set it.
const SEQ: &str = "(document.body ? document.body.getAttribute('data-seq') : null)";

/// `umpire ARGS` in a process of its own; fails if it fails.
fn umpire_in_another_process(args: &[&str]) {
    let out = Command::new(env!("CARGO_BIN_EXE_umpire"))
        .args(args)
        .output()
        .expect("umpire runs");
    assert!(
        out.status.success(),
        "umpire {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Waits for the page to say it is connected to its event stream.
fn connected(dt: &mut Devtools, tab: &Tab) {
    let took = dt.wait_for(
        tab,
        "document.getElementById('conn') !== null && document.getElementById('conn').textContent === 'connected'",
        Duration::from_secs(20),
    );
    assert!(took.is_some(), "the page never connected: {}", dt.log());
}

/// The ids and names of the units `viewer` may not see in the journal at `path`.
fn secrets(path: &std::path::Path, viewer: Viewer) -> Vec<String> {
    let view = WatchView::open(path, viewer).unwrap();
    let b = view.battle();
    let v = b.view();
    (0..b.roster.units.len())
        .filter(|&u| !v.visible_to(u, viewer))
        .flat_map(|u| [b.roster.units[u].id.clone(), b.roster.units[u].name.clone()])
        .collect()
}

#[test]
fn each_sides_open_page_never_holds_a_concealed_unit_at_any_prefix() {
    let _notifications = crate::support::notifications::shared();
    let Some(browser) = chromium_or_skip("the served pages were not checked in a browser") else {
        return;
    };
    let played = Played::battle(SCRUBY_LEARNING, SCRUBY_FOUR_MOVES);
    let all: Vec<String> = std::fs::read_to_string(&played.journal)
        .unwrap()
        .split_inclusive('\n')
        .map(str::to_string)
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("battle.jsonl");
    let copy = dir.path().join("copy.jsonl");
    std::fs::write(&journal, all[..2].concat()).unwrap();
    let server = serve(&journal, false);
    let mut dt = Devtools::launch(&browser, dir.path());
    let viewers = [Viewer::Side(0), Viewer::Side(1), Viewer::Public];
    let tabs: Vec<Tab> = server.links.iter().map(|l| dt.open(&l.url)).collect();
    for tab in &tabs {
        connected(&mut dt, tab);
        dt.eval(tab, "window.umpireNotReloaded = true");
    }
    let mut checked = 0;
    for n in 2..=all.len() {
        grow(&journal, &copy, &all, n);
        let records = WatchView::open(&copy, Viewer::Public)
            .unwrap()
            .chronicle()
            .records
            .len()
            .to_string();
        for (viewer, tab) in viewers.into_iter().zip(&tabs) {
            let reached = dt.wait_for(
                tab,
                &format!("{SEQ} === '{records}'"),
                Duration::from_secs(5),
            );
            assert!(
                reached.is_some(),
                "{viewer:?} never reached record {records}: {}",
                dt.eval(tab, SEQ)
            );
            let document = dt.eval(tab, DOCUMENT);
            let document = document.as_str().unwrap();
            for secret in secrets(&copy, viewer) {
                checked += 1;
                assert!(
                    !document.contains(&secret)
                        && !document.contains(&umpire::report::html::escape(&secret)),
                    "{viewer:?}'s open page holds {secret:?} at record {records}:\n{document}"
                );
            }
        }
    }
    assert!(checked > 50, "only {checked} checks");
    for tab in &tabs {
        assert_eq!(
            dt.eval(tab, "window.umpireNotReloaded === true"),
            serde_json::json!(true),
            "a page was reloaded"
        );
        let complaints = dt.complaints(tab);
        assert!(complaints.is_empty(), "the page logged:\n{complaints:#?}");
    }
}

#[test]
fn an_exposure_in_another_process_appears_on_the_open_page_within_a_second_and_undo_takes_it_back()
{
    let _notifications = crate::support::notifications::shared();
    let Some(browser) = chromium_or_skip("the served pages were not checked in a browser") else {
        return;
    };
    let played = Played::battle(SCRUBY_LEARNING, "next --dice 5,2\n");
    let server = serve(&played.journal, false);
    let dir = tempfile::tempdir().unwrap();
    let mut dt = Devtools::launch(&browser, dir.path());
    let au = dt.open(&server.links[0].url);
    connected(&mut dt, &au);
    dt.eval(&au, "window.umpireNotReloaded = true");
    let document = dt.eval(&au, DOCUMENT);
    assert!(
        !document.as_str().unwrap().contains("fr-l2"),
        "the French column is seen before it is exposed"
    );
    let exposed = "document.getElementById('roster').textContent.indexOf('fr-l2') >= 0";
    umpire_in_another_process(&[
        "act",
        played.j(),
        "expose",
        "--stand",
        "1",
        "--side",
        "fr",
        "--cause",
        "scouting",
        "--scout",
        "au-hus-a",
    ]);
    let took = dt.wait_for(&au, exposed, Duration::from_secs(1));
    assert!(
        took.is_some(),
        "the exposed units are not on the page 1 s after the exposure"
    );
    // The exposure is the latest result, in full.
    let latest = dt.eval(&au, "document.getElementById('latest').textContent");
    assert!(latest.as_str().unwrap().contains("exposed"), "{latest}");

    umpire_in_another_process(&["undo", played.j()]);
    let took = dt.wait_for(&au, &format!("!({exposed})"), Duration::from_secs(1));
    assert!(
        took.is_some(),
        "the undone exposure is still on the page after 1 s"
    );
    let message = dt.eval(&au, "document.getElementById('message').textContent");
    assert!(
        message
            .as_str()
            .unwrap()
            .starts_with("Taken back by the umpire"),
        "{message}"
    );
    assert_eq!(
        dt.eval(&au, "window.umpireNotReloaded === true"),
        serde_json::json!(true),
        "the page was reloaded"
    );

    // A script that is not the page's own is refused, and the refusal is seen.
    dt.eval(
        &au,
        "var s = document.createElement('script'); s.textContent = 'window.injected = 1'; document.body.appendChild(s); 0",
    );
    assert_eq!(
        dt.eval(&au, "typeof window.injected"),
        serde_json::json!("undefined")
    );
    let until = Instant::now() + Duration::from_secs(5);
    let complaints = loop {
        let c = dt.complaints(&au);
        if !c.is_empty() || Instant::now() > until {
            break c;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(
        complaints.len() == 1 && complaints[0].contains("Content Security Policy"),
        "{complaints:#?}"
    );
}

#[test]
fn a_wrong_token_shows_nothing() {
    let _notifications = crate::support::notifications::shared();
    let Some(browser) = chromium_or_skip("the served pages were not checked in a browser") else {
        return;
    };
    let played = Played::battle(SCRUBY_LEARNING, SCRUBY_FOUR_MOVES);
    let server = serve(&played.journal, false);
    let dir = tempfile::tempdir().unwrap();
    let mut dt = Devtools::launch(&browser, dir.path());
    let url = &server.links[0].url;
    let path = path_of(url);
    let wrong = url.replace(
        path,
        &format!("/s/{}", "0".repeat(umpire::serve::links::TOKEN_LEN)),
    );
    let tab = dt.open(&wrong);
    let shown = dt.wait_for(
        &tab,
        "document.readyState === 'complete' && document.body !== null && document.body.innerText.trim() === 'Not found'",
        Duration::from_secs(10),
    );
    assert!(
        shown.is_some(),
        "{}",
        dt.eval(&tab, "document.documentElement.outerHTML")
    );
    let document = dt.eval(&tab, DOCUMENT).as_str().unwrap().to_string();
    for word in ["au-", "fr-", "Austrian", "French", "turn"] {
        assert!(!document.contains(word), "{word} in {document}");
    }
}
