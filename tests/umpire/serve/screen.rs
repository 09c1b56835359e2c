//! The players' phones from the umpire's screen: `P` serves the battle being played (its
//! journal, read without the lock the screen holds) and shows each link as a QR code, one at a
//! time; the header counts the phones connected; the links are those `umpire serve` gives.

use super::client::{Stream, get, path_of};
use crate::support::cli::{Played, SCRUBY_LEARNING};
use crate::support::tui::{Keys, screen};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::time::{Duration, Instant};
use umpire::battle::session::Session;
use umpire::rules::scruby::Scruby;
use umpire::tui::App;
use umpire::tui::app::Mode;
use umpire::tui::keymap::Keymap;

struct Ui(App);

impl Keys for Ui {
    fn app_mut(&mut self) -> &mut App {
        &mut self.0
    }
    fn app(&self) -> &App {
        &self.0
    }
}

fn clock() -> chrono::DateTime<chrono::Utc> {
    use chrono::TimeZone;
    chrono::Utc.with_ymd_and_hms(1809, 4, 20, 6, 0, 0).unwrap()
}

/// The umpire's screen on the battle of `played`, serving on loopback when asked.
fn umpire_screen(played: &Played) -> Ui {
    let (session, _) = Session::resume(&played.journal).unwrap();
    let mut app = App::new(session, Keymap::defaults(&Scruby), clock);
    app.color = false;
    app.start_serving = Some(umpire::serve::for_screen(umpire::serve::Options {
        bind: "127.0.0.1".parse().unwrap(),
        port: 0,
        new_links: false,
    }));
    Ui(app)
}

#[test]
fn p_serves_the_battle_and_shows_each_link_as_a_qr_code_one_at_a_time() {
    let _notifications = crate::support::notifications::shared();
    let played = Played::battle(SCRUBY_LEARNING, "next --dice 5,2\n");
    let mut ui = umpire_screen(&played);
    // The event loop's waker: each call wakes it to draw again.
    let (woken, wakes) = std::sync::mpsc::channel();
    umpire::tui::Screen::wakes_with(
        ui.app_mut(),
        std::sync::Arc::new(move || {
            let _ = woken.send(());
        }),
    );
    let before = screen(ui.app(), 120, 50);
    assert!(!before.contains("phones:"), "{before}");
    ui.key(KeyCode::Char('P'));
    assert!(
        matches!(ui.app().mode, Mode::Links { shown: 0 }),
        "{:?}",
        ui.app().mode
    );
    let server = ui.app().serving.as_ref().expect("served");
    let links: Vec<String> = server.links().iter().map(|l| l.url.clone()).collect();
    let port: u16 = links[0]
        .strip_prefix("http://127.0.0.1:")
        .and_then(|r| r.split('/').next())
        .and_then(|p| p.parse().ok())
        .expect("a link on loopback");
    // Each code is the QR code of its link.
    for l in server.links() {
        assert_eq!(l.code, umpire::serve::qr_code(&l.url).unwrap());
    }
    let shown = screen(ui.app(), 120, 50);
    assert!(
        shown.contains("1 of 3 · for Austrian advanced guard (au)"),
        "{shown}"
    );
    assert!(shown.contains(&links[0]), "{shown}");
    assert!(shown.contains("no phone connected yet"), "{shown}");
    assert!(shown.contains("phones: none connected"), "{shown}");
    // The code is drawn: rows of half blocks.
    assert!(
        shown
            .lines()
            .filter(|l| l.contains('▀') || l.contains('▄'))
            .count()
            > 10,
        "{shown}"
    );
    ui.key(KeyCode::Right);
    let shown = screen(ui.app(), 120, 50);
    assert!(
        shown.contains("2 of 3 · for French brigade at Aue (fr)") && shown.contains(&links[1]),
        "{shown}"
    );
    ui.key(KeyCode::Char(' '));
    let shown = screen(ui.app(), 120, 50);
    assert!(
        shown.contains("3 of 3 · for everyone") && shown.contains(&links[2]),
        "{shown}"
    );
    ui.key(KeyCode::Right);
    assert!(matches!(ui.app().mode, Mode::Links { shown: 0 }));
    ui.key(KeyCode::Left);
    assert!(matches!(ui.app().mode, Mode::Links { shown: 2 }));
    // A window too small for the code shows the address and says so.
    let small = screen(ui.app(), 80, 24);
    assert!(small.contains("too small for the QR code"), "{small}");
    ui.esc();
    assert!(matches!(ui.app().mode, Mode::Main));

    // A phone connects: the screen is woken, and the header counts it.
    assert!(wakes.try_recv().is_err(), "woken with no phone");
    let phone = Stream::open(port, &format!("{}/events", path_of(&links[0])), None);
    wakes
        .recv_timeout(Duration::from_secs(5))
        .expect("the screen is woken as the phone connects");
    assert_eq!(ui.app().phones(), 1);
    let shown = screen(ui.app(), 120, 50);
    assert!(shown.contains("phones: 1 connected"), "{shown}");
    // It goes: the screen is woken at once (not at the stream's next write, 30 s on), none
    // counted.
    drop(phone);
    wakes
        .recv_timeout(Duration::from_secs(5))
        .expect("the screen is woken as the phone goes");
    assert_eq!(ui.app().phones(), 0);
    assert!(screen(ui.app(), 120, 50).contains("phones: none connected"));
    let _phone = Stream::open(port, &format!("{}/events", path_of(&links[0])), None);
    wakes.recv_timeout(Duration::from_secs(5)).unwrap();

    // What the umpire does on this screen reaches the pages.
    let seq = |body: &str| -> u64 {
        let at = body.find("data-seq=\"").unwrap() + "data-seq=\"".len();
        body[at..].split('"').next().unwrap().parse().unwrap()
    };
    let before = seq(&get(port, path_of(&links[2])).body);
    ui.app_mut()
        .on_key(KeyEvent::new(KeyCode::Char('n'), KeyModifiers::NONE));
    let until = Instant::now() + Duration::from_secs(5);
    while seq(&get(port, path_of(&links[2])).body) <= before {
        assert!(
            Instant::now() < until,
            "the next phase never reached the page"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    // `P` again shows the same links: the battle is served once.
    ui.key(KeyCode::Char('P'));
    let again: Vec<String> = ui
        .app()
        .serving
        .as_ref()
        .unwrap()
        .links()
        .iter()
        .map(|l| l.url.clone())
        .collect();
    assert_eq!(again, links);
    // The links are kept beside the journal: `umpire serve` gives the same ones.
    let kept = umpire::serve::Server::start(
        &played.journal,
        &umpire::serve::Options {
            bind: "127.0.0.1".parse().unwrap(),
            port: 0,
            new_links: false,
        },
    )
    .unwrap();
    for (a, b) in kept.links.iter().zip(&links) {
        assert_eq!(path_of(&a.url), path_of(b));
    }
}

#[test]
fn the_help_lists_the_phones_key() {
    let _notifications = crate::support::notifications::shared();
    let played = Played::battle(SCRUBY_LEARNING, "");
    let mut ui = umpire_screen(&played);
    ui.key(KeyCode::Char('?'));
    let shown = screen(ui.app(), 120, 60);
    assert!(
        shown.contains("players' phones: serve each side's view, show the links"),
        "{shown}"
    );
}
