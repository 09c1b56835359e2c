//! The umpire's terminal UI (ratatui + crossterm).
//!
//! [`App`] holds the state and handles keys, the mouse and pasted text; [`view`] draws it;
//! [`keymap`] turns keys into [`Action`]s; [`form`] fills in any rule-set procedure; [`replay`]
//! is the report view, with the battle replayed event by event, opened from the main screen or
//! on any journal (`umpire replay`). [`run`] is the event loop of either ([`Screen`]): it blocks
//! on one channel, fed by a thread reading the terminal and by whatever outside the terminal
//! changes the screen (phones connecting to the players' views, [`Action::Serve`]), so idle
//! costs nothing; it handles the event and every one already waiting ([`handle_burst`]), then
//! redraws once, so a burst of keys costs one frame. Bracketed paste is on: pasted text arrives
//! as one event, not one key per character. The terminal is restored on quit, panic (ratatui's hook), Ctrl-C (a key in raw mode) and the
//! signals that end a program from outside ([`RESTORING_SIGNALS`], a signal thread).
//! Quitting asks nothing: every event is in the journal before it is shown.

pub mod action;
pub mod app;
pub mod form;
pub mod keymap;
pub mod message;
pub mod replay;
pub mod roster;
pub mod view;
pub mod watch;

pub use action::Action;
pub use app::App;
pub use replay::ReportView;
pub use watch::WatchView;

use ratatui::crossterm::event::{
    self, DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
    Event,
};
use ratatui::crossterm::execute;
use std::io::{self, stdout};
use std::sync::{Arc, mpsc};

/// At most this many events are handled between two frames, so the screen still follows a flood.
pub const MAX_BURST: usize = 10_000;

/// What the event loop runs: the umpire's screen ([`App`]) or the report view of a journal
/// ([`ReportView`], `umpire replay`).
pub trait Screen {
    /// Handles one terminal event.
    fn on_event(&mut self, event: Event);
    /// True once the screen is left.
    fn done(&self) -> bool;
    /// Takes the means to wake the event loop from another thread, for what changes the
    /// screen from outside the terminal: the loop draws again at each call. Unused by default.
    fn wakes_with(&mut self, wake: Waker) {
        let _ = wake;
    }
}

/// Wakes the event loop from another thread: the screen is drawn again.
pub type Waker = Arc<dyn Fn() + Send + Sync>;

/// What wakes the event loop.
enum Wake {
    Terminal(Event),
    Outside,
}

impl Screen for App {
    fn on_event(&mut self, event: Event) {
        App::on_event(self, event);
    }

    fn done(&self) -> bool {
        self.quit
    }

    /// Kept for the players' views once served: the header counts the phones as they come
    /// and go.
    fn wakes_with(&mut self, wake: Waker) {
        self.waker = Some(wake);
    }
}

/// Runs the UI until the umpire quits.
pub fn run<S>(app: &mut S) -> anyhow::Result<()>
where
    S: Screen,
    for<'a> &'a S: ratatui::widgets::Widget,
{
    let (tx, rx) = mpsc::channel();
    let outside = tx.clone();
    app.wakes_with(Arc::new(move || {
        let _ = outside.send(Wake::Outside);
    }));
    // The terminal is read on a thread of its own, blocked until the next event; it ends with
    // the program (the screen is run once a program).
    std::thread::spawn(move || {
        while let Ok(event) = event::read() {
            if tx.send(Wake::Terminal(event)).is_err() {
                break;
            }
        }
    });
    with_terminal(true, |terminal| {
        while !app.done() {
            terminal.draw(|f| f.render_widget(&*app, f.area()))?;
            // A wake from outside only draws again; the terminal's events are handled first.
            let Wake::Terminal(first) = rx.recv()? else {
                continue;
            };
            handle_burst(app, first, || {
                Ok(
                    std::iter::from_fn(|| rx.try_recv().ok()).find_map(|w| match w {
                        Wake::Terminal(e) => Some(e),
                        Wake::Outside => None,
                    }),
                )
            })?;
        }
        Ok(())
    })
}

/// Runs `body` on the terminal in full-screen raw mode, with bracketed paste (and mouse
/// reporting when `mouse`), and puts the terminal back afterwards, on an error too.
pub fn with_terminal<T>(
    mouse: bool,
    body: impl FnOnce(&mut ratatui::DefaultTerminal) -> anyhow::Result<T>,
) -> anyhow::Result<T> {
    let mut terminal = ratatui::init();
    let _ = execute!(stdout(), EnableBracketedPaste);
    if mouse {
        let _ = execute!(stdout(), EnableMouseCapture);
    }
    watch_signals();
    let result = body(&mut terminal);
    let _ = execute!(stdout(), DisableBracketedPaste, DisableMouseCapture);
    ratatui::restore();
    result
}

/// Handles `first`, then every event `next` has ready (`None`: nothing is waiting), up to
/// [`MAX_BURST`] in all, or until the umpire quits. Returns how many were handled. The caller
/// draws once afterwards.
pub fn handle_burst<S: Screen>(
    app: &mut S,
    first: Event,
    mut next: impl FnMut() -> io::Result<Option<Event>>,
) -> io::Result<usize> {
    app.on_event(first);
    let mut handled = 1;
    while !app.done() && handled < MAX_BURST {
        match next()? {
            Some(e) => {
                app.on_event(e);
                handled += 1;
            }
            None => break,
        }
    }
    Ok(handled)
}

/// The signals after which the terminal is put back before the program leaves: hang-up, interrupt
/// and quit from the terminal (or `kill`), termination, and the user and alarm signals whose
/// default is to end the program.
pub const RESTORING_SIGNALS: [libc::c_int; 6] = [
    libc::SIGTERM,
    libc::SIGHUP,
    libc::SIGINT,
    libc::SIGQUIT,
    libc::SIGUSR1,
    libc::SIGALRM,
];

/// What the signal thread writes to put the terminal back: bracketed paste and mouse reporting
/// off, cursor shown, main screen back.
pub const RESTORE: &[u8] =
    b"\x1b[?2004l\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[?25h\x1b[?1049l";

/// On any of [`RESTORING_SIGNALS`]: put the terminal back and leave at once with status 128 + the
/// signal. Everything shown is already on disk. The handler thread writes [`RESTORE`] straight to
/// the terminal's file descriptor (never through `std::io::stdout`, whose lock another thread may
/// hold) and leaves with `_exit`, so a vanished terminal cannot keep it waiting.
fn watch_signals() {
    if let Ok(mut signals) = signal_hook::iterator::Signals::new(RESTORING_SIGNALS) {
        std::thread::spawn(move || {
            if let Some(sig) = signals.forever().next() {
                let _ = ratatui::crossterm::terminal::disable_raw_mode();
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
