//! The players' phones from the umpire's screen: a key starts `umpire serve` on the battle's
//! journal (read without the lock this screen holds) and shows each link as a QR code, one at a
//! time, for a player to scan his side's; the header says how many phones are connected while
//! the battle is served. The server stands above the screen (it is made from the players' view):
//! the command line gives the screen the means to start it ([`StartServing`]), and the screen
//! holds it as [`Serving`].

use super::{App, Mode, closes_popup, popup_hint};
use crate::tui::Action;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use std::path::Path;

/// One link as the popup shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhoneLink {
    /// Who it is for, in words: a side's name and id, or everyone.
    pub who: String,
    /// The whole address, its secret token in it.
    pub url: String,
    /// The address as a QR code for the terminal (half blocks, light on dark).
    pub code: String,
}

/// The players' views being served, as the umpire's screen sees them.
pub trait Serving {
    /// The links, each side's then everyone's.
    fn links(&self) -> &[PhoneLink];
    /// How many phones are connected now.
    fn connected(&self) -> usize;
    /// Calls `wake` (from another thread) each time the phones connected change.
    fn on_change(&self, wake: crate::tui::Waker);
    /// True when every interface is listened on.
    fn on_all_interfaces(&self) -> bool;
}

/// Starts serving the battle whose journal is at the path; why not, in words.
pub type StartServing = Box<dyn Fn(&Path) -> Result<Box<dyn Serving>, String>>;

impl App {
    /// Serves the battle (once; later, only the links are shown again) and opens the links.
    pub(super) fn serve(&mut self) {
        if self.serving.is_none() {
            let Some(start) = &self.start_serving else {
                self.error("the players' views cannot be served from here");
                return;
            };
            match start(self.session.path()) {
                Ok(serving) => {
                    if let Some(wake) = &self.waker {
                        serving.on_change(wake.clone());
                    }
                    self.serving = Some(serving);
                }
                Err(e) => {
                    self.error(format!("cannot serve the players' views: {e}"));
                    return;
                }
            }
        }
        self.mode = Mode::Links { shown: 0 };
    }

    /// How many phones are connected now (0 when nothing is served).
    pub fn phones(&self) -> usize {
        self.serving.as_ref().map_or(0, |s| s.connected())
    }

    /// A key in the links popup: → ↓ or space show the next code, ← ↑ the one before; esc, q or
    /// enter close it (the battle is still served).
    pub(super) fn on_links_key(&mut self, shown: usize, key: &KeyEvent) {
        let count = self.serving.as_ref().map_or(0, |s| s.links().len()).max(1);
        if closes_popup(key) {
            return;
        }
        let next = match (key.code, self.keymap.resolve(key)) {
            (KeyCode::Right | KeyCode::Char(' '), _) | (_, Some(Action::Down)) => {
                (shown + 1) % count
            }
            (KeyCode::Left, _) | (_, Some(Action::Up)) => (shown + count - 1) % count,
            _ => {
                self.popup_hint = Some(popup_hint(key));
                shown
            }
        };
        self.mode = Mode::Links { shown: next };
    }
}
