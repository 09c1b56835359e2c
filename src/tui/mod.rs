//! The umpire's terminal UI (ratatui + crossterm).
//!
//! [`App`] holds the state and handles keys and the mouse; [`view`] draws it; [`keymap`] turns keys
//! into [`Action`]s; [`form`] fills in any rule-set procedure. [`run`] is the event loop: it blocks
//! on the next terminal event (idle costs nothing), redraws after each, and restores the terminal
//! on quit, panic (ratatui's hook), Ctrl-C (a key in raw mode) and SIGTERM/SIGHUP (a signal thread).
//! Quitting asks nothing: every event is in the journal before it is shown.

pub mod action;
pub mod app;
pub mod form;
pub mod keymap;
pub mod view;

pub use action::Action;
pub use app::App;

use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event};
use ratatui::crossterm::execute;
use std::io::stdout;

/// Runs the UI until the umpire quits.
pub fn run(app: &mut App) -> anyhow::Result<()> {
    let mut terminal = ratatui::init();
    let _ = execute!(stdout(), EnableMouseCapture);
    watch_signals();
    let result = (|| -> anyhow::Result<()> {
        while !app.quit {
            terminal.draw(|f| f.render_widget(&*app, f.area()))?;
            match event::read()? {
                Event::Key(k) => app.on_key(k),
                Event::Mouse(m) => app.on_mouse(m),
                _ => {}
            }
        }
        Ok(())
    })();
    let _ = execute!(stdout(), DisableMouseCapture);
    ratatui::restore();
    result
}

/// On SIGTERM or SIGHUP, put the terminal back and leave: everything shown is already on disk.
fn watch_signals() {
    use signal_hook::consts::{SIGHUP, SIGTERM};
    if let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP]) {
        std::thread::spawn(move || {
            if let Some(sig) = signals.forever().next() {
                let _ = execute!(stdout(), DisableMouseCapture);
                ratatui::restore();
                std::process::exit(128 + sig);
            }
        });
    }
}
