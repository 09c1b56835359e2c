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

/// On SIGTERM, SIGHUP or SIGQUIT: put the terminal back and leave at once. Everything shown is
/// already on disk. The handler thread writes the restoring sequences straight to the terminal's
/// file descriptor (never through `std::io::stdout`, whose lock another thread may hold) and
/// leaves with `_exit`, so a vanished terminal cannot keep it waiting.
fn watch_signals() {
    use signal_hook::consts::{SIGHUP, SIGQUIT, SIGTERM};
    if let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGQUIT]) {
        std::thread::spawn(move || {
            if let Some(sig) = signals.forever().next() {
                let _ = ratatui::crossterm::terminal::disable_raw_mode();
                // Mouse reporting off, cursor shown, main screen back.
                const RESTORE: &[u8] =
                    b"\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[?25h\x1b[?1049l";
                // SAFETY: write(2) and _exit(2) are async-signal-safe and take plain values; the
                // buffer is a static byte string.
                unsafe {
                    libc::write(1, RESTORE.as_ptr().cast(), RESTORE.len());
                    libc::_exit(128 + sig);
                }
            }
        });
    }
}
