//! The report view: a battle's journal read whole into its strength chart and losses, and
//! replayed event by event and turn by turn, the roster shown as it stood (concealed units behind
//! their stands as the umpire saw them then). It is opened on a journal (`umpire replay`) or from
//! the main screen (`b`) and the end-of-battle summary (`b`; `w` writes the report there).
//!
//! The battle is Scruby's learning game, played with the command line in-process (`umpire new`,
//! then a script through `umpire act JOURNAL -`) with seed 7, so its dice are the same every run;
//! the journal's timestamps are the real clock and the view never shows them. Snapshots (insta,
//! in `tests/umpire/tui/snapshots/`) show the view at 120×40 and 80×24 with the journal's
//! temporary path replaced by a fixed word; colour is off.
//!
//! Besides: stepping lands on the very battle the journal holds at that event, however it got
//! there (forward, back with undos, jumps); stepping, writing the report and reading the journal
//! again never change the journal's bytes, and work while another session holds its lock; a
//! report that cannot be written is said on screen; stepping a 10,000-event battle costs one
//! event a step, not a replay from the start.

use crate::support::scale;

use chrono::{DateTime, TimeZone, Utc};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tempfile::TempDir;
use umpire::battle::session::Session;
use umpire::report::Chronicle;
use umpire::rules::scruby::Scruby;
use umpire::tui::app::Mode;
use umpire::tui::keymap::Keymap;
use umpire::tui::replay::Outcome;
use umpire::tui::{App, ReportView};

const ROSTER: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/rosters/scruby-learning.toml");

/// The first move: initiative, the French column exposed by the hussars, the guns, rifle fire.
const FIRST_MOVE: &str = "\
next --dice 5,2
expose --stand 1 --side fr --cause scouting --scout au-hus-a
next
next
artillery --gun-unit fr-gun --target-unit au-l3 --range 17 --gun-on hill --dice 2
next
rifle --firer-unit fr-lt --target-unit au-l2 --range 5
next
next
";

/// Two moves more, so the chart has several points.
const TWO_MORE: &str = "\
next
next
next
rifle --firer-unit au-l1 --target-unit fr-l1 --range 5
rifle --firer-unit fr-gr --target-unit au-l3 --range 4
next
next
next
next
next
rifle --firer-unit fr-lt --target-unit au-l1 --range 5
next
next
";

/// The event that exposed the French column (the start event is the first).
const EXPOSURE: usize = 3;

fn clock() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(1809, 4, 20, 6, 0, 0).unwrap()
}

/// `umpire ARGS` in-process with `input` on standard input: (status, stdout, stderr).
fn umpire(input: &str, args: &[&str]) -> (ExitCode, String, String) {
    let mut out = Vec::new();
    let mut err = Vec::new();
    let code = umpire::cli::run_with_input(
        std::iter::once("umpire").chain(args.iter().copied()),
        &mut input.as_bytes(),
        &mut out,
        &mut err,
    );
    (
        code,
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    )
}

/// A battle journal in a fresh folder, played with the command line.
struct Given {
    _dir: TempDir,
    path: PathBuf,
}

impl Given {
    /// The learning game after `script`.
    fn battle(script: &str) -> Given {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("battle.jsonl");
        let j = path.to_str().unwrap();
        let (code, out, err) = umpire("", &["new", ROSTER, "--journal", j, "--seed", "7"]);
        assert_eq!(code, ExitCode::SUCCESS, "{out}{err}");
        let (code, out, err) = umpire(script, &["act", j, "-"]);
        assert_eq!(code, ExitCode::SUCCESS, "{out}{err}");
        Given { _dir: dir, path }
    }

    /// Three moves of the learning game.
    fn three_moves() -> Given {
        Given::battle(&format!("{FIRST_MOVE}{TWO_MORE}"))
    }

    fn dir(&self) -> &Path {
        self.path.parent().unwrap()
    }

    fn bytes(&self) -> Vec<u8> {
        std::fs::read(&self.path).unwrap()
    }

    /// `umpire replay`'s view of the journal, colour off.
    fn view(&self) -> ReportView {
        let mut view = ReportView::open(&self.path, Keymap::defaults(&Scruby)).unwrap();
        view.color = false;
        view
    }

    /// The umpire's screen on the battle (its journal locked), colour off.
    fn app(&self) -> App {
        let (session, _) = Session::resume(&self.path).unwrap();
        let mut app = App::new(session, Keymap::defaults(&Scruby), clock);
        app.color = false;
        app
    }
}

fn press(view: &mut ReportView, code: KeyCode) -> Outcome {
    view.on_key(&KeyEvent::new(code, KeyModifiers::NONE))
}

fn keys(view: &mut ReportView, text: &str) {
    for c in text.chars() {
        press(view, KeyCode::Char(c));
    }
}

fn app_key(app: &mut App, code: KeyCode) {
    app.on_key(KeyEvent::new(code, KeyModifiers::NONE));
}

// ---- drawing ----------------------------------------------------------------------------------

fn screen_of(widget: impl ratatui::widgets::Widget, w: u16, h: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal
        .draw(|f| f.render_widget(widget, f.area()))
        .unwrap();
    redact(&terminal.backend().to_string())
}

fn screen(view: &ReportView, w: u16, h: u16) -> String {
    screen_of(view, w, h)
}

/// Replaces what follows `journal: ` (a temporary path) up to the next border or the end of the
/// row with a fixed word, padded so that the row keeps its width.
fn redact(text: &str) -> String {
    let is_edge = |c: char| c == '"' || ('\u{2500}'..='\u{257f}').contains(&c);
    let mut out = String::new();
    for line in text.lines() {
        let mut line = line.to_string();
        if let Some(i) = line.find("journal: ") {
            let start = i + "journal: ".len();
            let end = line[start..]
                .find(is_edge)
                .map_or(line.len(), |e| start + e);
            let width = line[start..end].chars().count();
            line.replace_range(start..end, &format!("{:<width$}", "[JOURNAL]"));
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// Snapshots the view at 120×40 and at 80×24.
fn snapshot(view: &ReportView, name: &str) {
    for (w, h) in [(120, 40), (80, 24)] {
        insta::assert_snapshot!(format!("{name}_{w}x{h}"), screen(view, w, h));
    }
}

// ---- snapshots --------------------------------------------------------------------------------

#[test]
fn snapshot_the_view_at_the_last_event_and_at_the_first() {
    let given = Given::three_moves();
    let mut view = given.view();
    assert_eq!(view.step(), view.len(), "it opens at the last event");
    snapshot(&view, "report_view_last_event");
    press(&mut view, KeyCode::Home);
    assert_eq!(view.step(), 1, "the start event");
    snapshot(&view, "report_view_first_event");
}

#[test]
fn snapshot_stepping_back_over_the_exposure_hides_the_column_again() {
    let given = Given::three_moves();
    let mut view = given.view();
    // Back from the last event, one event at a time (each an undo of the battle shown), to
    // the exposure and then over it; the roster scrolled to the French column at its foot.
    while view.step() > EXPOSURE {
        press(&mut view, KeyCode::Left);
    }
    for _ in 0..40 {
        press(&mut view, KeyCode::Char('j'));
    }
    let fr_l2 = view.battle().roster.unit_index("fr-l2").unwrap();
    assert!(!view.battle().state().units[fr_l2].concealed);
    assert!(screen(&view, 120, 40).contains("found by scouts [EXPOSED]"));
    press(&mut view, KeyCode::Char('h'));
    assert_eq!(view.step(), EXPOSURE - 1);
    assert!(view.battle().state().units[fr_l2].concealed);
    let shown = screen(&view, 120, 40);
    let fr_l2_lines: Vec<&str> = shown.lines().filter(|l| l.contains("fr-l2")).collect();
    assert_eq!(
        fr_l2_lines.len(),
        2,
        "in its brigade and behind its stand: {shown}"
    );
    assert!(fr_l2_lines.iter().all(|l| l.contains("[HID 1]")), "{shown}");
    assert!(!shown.contains("found by scouts"), "{shown}");
    snapshot(&view, "report_view_before_the_exposure");
    // And forward over it again: exposed once more.
    press(&mut view, KeyCode::Right);
    assert!(!view.battle().state().units[fr_l2].concealed);
    assert!(screen(&view, 120, 40).contains("found by scouts [EXPOSED]"));
}

#[test]
fn snapshot_the_chart_over_the_view_in_the_second_turn() {
    let given = Given::three_moves();
    let mut view = given.view();
    press(&mut view, KeyCode::Home);
    press(&mut view, KeyCode::PageDown);
    assert_eq!(
        view.battle().state().turn,
        2,
        "the event that opened turn 2"
    );
    press(&mut view, KeyCode::Right);
    keys(&mut view, "c");
    assert!(view.chart_zoomed);
    snapshot(&view, "report_view_chart");
    keys(&mut view, "c");
    assert!(!view.chart_zoomed);
}

#[test]
fn snapshot_the_keys_of_the_view() {
    let given = Given::three_moves();
    let mut view = given.view();
    keys(&mut view, "?");
    snapshot(&view, "report_view_keys");
    keys(&mut view, "x");
    assert!(!view.help, "any key closes the keys");
}

// ---- stepping ---------------------------------------------------------------------------------

/// The view's battle is the journal's at its step: the state, and the roster as drawn.
fn same_as_journal(view: &ReportView, chronicle: &Chronicle) {
    let expected = chronicle.battle_at(view.step());
    assert_eq!(
        view.battle().state(),
        expected.state(),
        "at event {}",
        view.step()
    );
}

#[test]
fn every_way_to_an_event_lands_on_the_journals_battle_there() {
    let given = Given::three_moves();
    let chronicle = Chronicle::load(&given.path).unwrap();
    let mut view = given.view();
    let n = view.len();
    assert_eq!(n, chronicle.len());
    same_as_journal(&view, &chronicle);
    // Back to the start one event at a time, then forward again (redoing what was undone).
    while view.step() > 1 {
        press(&mut view, KeyCode::Left);
        same_as_journal(&view, &chronicle);
    }
    press(&mut view, KeyCode::Left);
    assert_eq!(view.step(), 1, "nothing before the start event");
    while view.step() < n {
        press(&mut view, KeyCode::Char('l'));
        same_as_journal(&view, &chronicle);
    }
    press(&mut view, KeyCode::Right);
    assert_eq!(view.step(), n, "nothing after the last event");
    // Turn by turn, both ways, each landing on the event that opened a turn (the last event
    // opened the fourth).
    press(&mut view, KeyCode::Home);
    let mut openings = vec![view.step()];
    while view.step() < n {
        press(&mut view, KeyCode::PageDown);
        same_as_journal(&view, &chronicle);
        openings.push(view.step());
        let turn = view.battle().state().turn;
        let before = chronicle.battle_at(view.step() - 1).state().turn;
        assert_eq!(turn, before + 1, "event {} opens turn {turn}", view.step());
    }
    assert_eq!(openings.len(), 4, "the start and turns 2, 3 and 4");
    for &at in openings[..3].iter().rev() {
        press(&mut view, KeyCode::Char('['));
        assert_eq!(view.step(), at);
        same_as_journal(&view, &chronicle);
    }
    // From the middle of a turn, back to its first event.
    view.seek(openings[1] + 2);
    press(&mut view, KeyCode::PageUp);
    assert_eq!(view.step(), openings[1]);
    // Jumps, near and far.
    for to in [n, 2, n - 1, 1, n / 2, n / 2 + 3, 5, n] {
        view.seek(to);
        assert_eq!(view.step(), to);
        same_as_journal(&view, &chronicle);
    }
    press(&mut view, KeyCode::Char('g'));
    assert_eq!(view.step(), 1);
    press(&mut view, KeyCode::Char('G'));
    assert_eq!(view.step(), n);
}

#[test]
fn stepping_writing_and_reading_again_never_touch_the_journal_even_while_it_is_played() {
    let given = Given::three_moves();
    // Another session has the battle open (and its lock).
    let app = given.app();
    let before = given.bytes();
    let mut view = given.view();
    for code in [KeyCode::Home, KeyCode::End, KeyCode::PageUp, KeyCode::Left] {
        press(&mut view, code);
    }
    while view.step() > 1 {
        press(&mut view, KeyCode::Left);
    }
    press(&mut view, KeyCode::PageDown);
    keys(&mut view, "cc?xwWr");
    press(&mut view, KeyCode::End);
    assert_eq!(given.bytes(), before, "the journal is as it was");
    assert!(given.dir().join("battle.report.html").is_file());
    drop(app);
}

#[test]
fn reading_the_journal_again_shows_what_was_played_since() {
    let given = Given::battle(FIRST_MOVE);
    let mut view = given.view();
    let first = view.len();
    let mut earlier = given.view();
    press(&mut earlier, KeyCode::Home);
    let (code, out, err) = umpire(TWO_MORE, &["act", given.path.to_str().unwrap(), "-"]);
    assert_eq!(code, ExitCode::SUCCESS, "{out}{err}");
    // At its last event, the view goes on to the new last one; elsewhere it stays.
    keys(&mut view, "r");
    assert!(view.len() > first);
    assert_eq!(view.step(), view.len());
    let added = view.len() - first;
    let message = &view.message.as_ref().unwrap().0;
    assert_eq!(
        message,
        &format!("journal read again: {} events, {added} new", view.len())
    );
    keys(&mut earlier, "r");
    assert_eq!(earlier.step(), 1);
    assert_eq!(earlier.len(), view.len());
}

// ---- writing the report -----------------------------------------------------------------------

#[test]
fn the_write_keys_write_the_report_beside_the_journal_and_show_where() {
    let given = Given::three_moves();
    let mut view = given.view();
    keys(&mut view, "w");
    // Every copy, as `umpire report` names them: the umpire's, each side's and the public one.
    for name in ["", ".au", ".fr", ".public"] {
        let html = given.dir().join(format!("battle.report{name}.html"));
        assert!(html.is_file(), "{}", html.display());
    }
    let page = std::fs::read_to_string(given.dir().join("battle.report.html")).unwrap();
    assert!(page.contains("Road to Aue"), "{page}");
    let shown = screen(&view, 120, 40);
    assert!(
        shown.contains("reports written: battle.report.html, .au.html, .fr.html, .public.html"),
        "{shown}"
    );
    keys(&mut view, "W");
    for name in ["", ".au", ".fr", ".public"] {
        let md = given.dir().join(format!("battle.report{name}.md"));
        let svg = given
            .dir()
            .join(format!("battle.report{name}.strength.svg"));
        assert!(md.is_file() && svg.is_file(), "{}", md.display());
    }
    assert_eq!(
        view.message.as_ref().unwrap().0,
        "reports written: battle.report.md, .au.md, .fr.md, .public.md, each with its chart (.strength.svg)"
    );
}

#[test]
fn a_report_that_cannot_be_written_is_said_on_screen() {
    let given = Given::three_moves();
    // A folder where the report would go.
    let html = given.dir().join("battle.report.html");
    std::fs::create_dir(&html).unwrap();
    let mut view = given.view();
    keys(&mut view, "w");
    let shown = screen(&view, 120, 40);
    assert!(
        shown.contains(&format!("cannot write the report to {}", html.display())),
        "{shown}"
    );
    assert!(html.is_dir(), "left as it was");
    // The view goes on.
    press(&mut view, KeyCode::Left);
    assert_eq!(view.step(), view.len() - 1);
}

// ---- from the umpire's screen -----------------------------------------------------------------

#[test]
fn b_opens_the_view_on_the_battle_being_played_and_esc_or_q_goes_back() {
    let given = Given::three_moves();
    let mut app = given.app();
    app_key(&mut app, KeyCode::Char('b'));
    let Mode::Report(view) = &app.mode else {
        panic!("{:?}", app.mode)
    };
    assert!(view.in_play());
    assert_eq!(view.step(), view.len());
    let shown = screen_of(&app, 120, 40);
    assert!(shown.contains("q back"), "{shown}");
    insta::assert_snapshot!("report_view_in_play_120x40", shown);
    app_key(&mut app, KeyCode::Home);
    app_key(&mut app, KeyCode::Esc);
    assert!(matches!(app.mode, Mode::Main));
    app_key(&mut app, KeyCode::Char('b'));
    app_key(&mut app, KeyCode::Char('q'));
    assert!(matches!(app.mode, Mode::Main));
    assert!(!app.quit, "q leaves the view, not the battle");
    app_key(&mut app, KeyCode::Char('b'));
    app.on_key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    assert!(app.quit, "ctrl-c quits from the view too");
}

#[test]
fn the_help_lists_the_report_key_and_the_views_keys() {
    let given = Given::three_moves();
    let mut app = given.app();
    app_key(&mut app, KeyCode::Char('?'));
    let shown = screen_of(&app, 120, 40);
    assert!(
        shown.contains("battle report: strength chart, losses, replay"),
        "{shown}"
    );
    // keys.toml moves it like any other key.
    let mut keymap = Keymap::defaults(&Scruby);
    keymap.patch("[keys]\nreport = \"f9\"\n", &Scruby).unwrap();
    let f9 = KeyEvent::new(KeyCode::F(9), KeyModifiers::NONE);
    assert_eq!(keymap.resolve(&f9), Some(&umpire::tui::Action::Report));
    let b = KeyEvent::new(KeyCode::Char('b'), KeyModifiers::NONE);
    assert_eq!(keymap.resolve(&b), None);
}

#[test]
fn the_summary_writes_the_report_and_opens_the_view() {
    let nexts = "next\n".repeat(35);
    let given = Given::battle(&format!("{FIRST_MOVE}{TWO_MORE}{nexts}"));
    let mut app = given.app();
    assert!(matches!(app.mode, Mode::Summary), "{:?}", app.mode);
    let shown = screen_of(&app, 80, 24);
    assert!(
        shown.contains("b the report and its replay · w write the reports beside the journal"),
        "{shown}"
    );
    app_key(&mut app, KeyCode::Char('w'));
    assert!(matches!(app.mode, Mode::Summary), "the account stays open");
    // Every copy: the umpire's, each side's and the public one, as `umpire report` names them.
    for name in ["", ".au", ".fr", ".public"] {
        let html = given.dir().join(format!("battle.report{name}.html"));
        assert!(html.is_file(), "{}", html.display());
    }
    assert_eq!(
        app.message.as_ref().unwrap().0,
        "reports written: battle.report.html, .au.html, .fr.html, .public.html"
    );
    app_key(&mut app, KeyCode::Char('b'));
    assert!(matches!(app.mode, Mode::Report(_)));
    let shown = screen_of(&app, 120, 40);
    assert!(shown.contains("battle over after turn 10"), "{shown}");
}

// ---- a torn journal, a missing one, no terminal ----------------------------------------------

#[test]
fn a_torn_last_line_is_named_in_the_header() {
    let given = Given::three_moves();
    let len = Chronicle::load(&given.path).unwrap().len();
    let mut bytes = given.bytes();
    bytes.extend_from_slice(b"{\"seq\": 99, \"entry\": ");
    std::fs::write(&given.path, &bytes).unwrap();
    let view = given.view();
    assert_eq!(view.len(), len, "every whole event");
    let shown = screen(&view, 120, 40);
    assert!(
        shown.contains("the journal is torn: an unfinished last line (line 25"),
        "{shown}"
    );
    assert_eq!(given.bytes(), bytes, "left in place");
}

#[test]
fn umpire_replay_refuses_a_missing_journal() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nowhere.jsonl");
    let (code, out, err) = umpire("", &["replay", missing.to_str().unwrap()]);
    assert_eq!(code, ExitCode::from(1));
    assert!(out.is_empty(), "{out}");
    assert_eq!(
        err,
        format!(
            "error: {}: cannot open the battle journal: No such file or directory (os error 2)\n",
            missing.display()
        )
    );
}

#[test]
fn umpire_replay_without_a_terminal_says_so() {
    use std::io::IsTerminal;
    if std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
        return; // it would open the view
    }
    let given = Given::three_moves();
    let (code, _, err) = umpire("", &["replay", given.path.to_str().unwrap()]);
    assert_eq!(code, ExitCode::from(2));
    assert!(err.contains("needs a terminal"), "{err}");
}

// ---- a long battle ----------------------------------------------------------------------------

#[test]
fn stepping_a_long_battle_lands_on_the_battle_as_it_stood() {
    let shm = Path::new("/dev/shm");
    let dir = if shm.is_dir() {
        tempfile::tempdir_in(shm).unwrap()
    } else {
        tempfile::tempdir().unwrap()
    };
    let path = dir.path().join("long.jsonl");
    let mut session = scale::start(&path, 100);
    scale::play(&mut session, 10_000, 11);
    drop(session);
    let chronicle = Chronicle::load(&path).unwrap();
    assert!(chronicle.undone() > 0, "undone events are left out");
    let keymap = Keymap::defaults(chronicle.battle_at(0).ruleset);
    let mut view = ReportView::open(&path, keymap).unwrap();
    let n = view.len();
    assert!(n > 9_000, "{n}");
    // Fifty steps back and fifty forward, in the middle of the battle, each a step of the one
    // battle the view keeps (how long they take is measured by `cargo bench --bench report`).
    view.seek(n / 2);
    for _ in 0..50 {
        press(&mut view, KeyCode::Left);
    }
    assert_eq!(view.step(), n / 2 - 50);
    for _ in 0..50 {
        press(&mut view, KeyCode::Right);
    }
    assert_eq!(view.step(), n / 2);
    assert_eq!(view.battle().state(), chronicle.battle_at(n / 2).state());
    for to in [n / 2 - 50, n / 2, n] {
        view.seek(to);
        assert_eq!(view.battle().state(), chronicle.battle_at(to).state());
    }
}

#[test]
fn every_size_draws_the_view_its_chart_and_its_keys() {
    let given = Given::three_moves();
    let mut bytes = given.bytes();
    bytes.extend_from_slice(b"{\"seq\"");
    std::fs::write(&given.path, &bytes).unwrap();
    let mut view = given.view();
    view.seek(EXPOSURE);
    let mut terminal = Terminal::new(TestBackend::new(0, 0)).unwrap();
    for keys_first in ["", "c", "?"] {
        keys(&mut view, keys_first);
        for w in 0..=120 {
            for h in 0..=40 {
                terminal.backend_mut().resize(w, h);
                terminal
                    .draw(|f| f.render_widget(&view, f.area()))
                    .unwrap_or_else(|e| panic!("at {w}×{h} after {keys_first:?}: {e}"));
            }
        }
        keys(&mut view, keys_first);
    }
}
