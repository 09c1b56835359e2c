//! The players' phones from the umpire's screen: a key starts `umpire serve` on the battle's
//! journal ([`crate::serve::Server`], read without the lock this screen holds) and shows each
//! link as a QR code, one at a time, for a player to scan his side's; the header says how many
//! phones are connected while the battle is served.

use super::{App, Mode, closes_popup, popup_hint};
use crate::serve::Server;
use crate::tui::Action;
use ratatui::crossterm::event::{KeyCode, KeyEvent};

impl App {
    /// Serves the battle (once; later, only the links are shown again) and opens the links.
    pub(super) fn serve(&mut self) {
        if self.serving.is_none() {
            match Server::start(self.session.path(), &self.serve_options) {
                Ok(server) => self.serving = Some(server),
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
        self.serving.as_ref().map_or(0, Server::connected)
    }

    /// A key in the links popup: → ↓ or space show the next code, ← ↑ the one
    /// before; esc, q or enter close it (the battle is still served).
    pub(super) fn on_links_key(&mut self, shown: usize, key: &KeyEvent) {
        let count = self.serving.as_ref().map_or(0, |s| s.links.len()).max(1);
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
