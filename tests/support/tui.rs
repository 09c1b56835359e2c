//! What the screen tests share: the [`App`] drawn on ratatui's `TestBackend`, the screen as text
//! with the paths that vary from run to run replaced by fixed words, and key helpers that read as
//! the keys typed ([`Keys`]).

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use umpire::tui::App;

/// The app drawn once at `w`×`h`.
pub fn draw(app: &App, w: u16, h: u16) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| f.render_widget(app, f.area())).unwrap();
    terminal
}

/// The screen as text (the backend's own rendering, one quoted line a row), redacted.
pub fn screen(app: &App, w: u16, h: u16) -> String {
    redact(&draw(app, w, h).backend().to_string())
}

/// Replaces what follows `journal: ` (a temporary path) and `keys can be changed in ` (the
/// user's configuration directory) up to the next border or the end of the row with a fixed word,
/// padded so that the row keeps its width and the snapshot does not depend on the path's length.
pub fn redact(text: &str) -> String {
    let is_edge = |c: char| c == '"' || ('\u{2500}'..='\u{257f}').contains(&c);
    let mut out = String::new();
    for line in text.lines() {
        let mut line = line.to_string();
        for (label, word) in [
            ("journal: ", "[JOURNAL]"),
            ("keys can be changed in ", "[KEY FILE]"),
        ] {
            if let Some(i) = line.find(label) {
                let start = i + label.len();
                let end = line[start..]
                    .find(is_edge)
                    .map_or(line.len(), |e| start + e);
                let width = line[start..end].chars().count();
                line.replace_range(start..end, &format!("{word:<width$}"));
            }
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// Keys typed at the umpire's screen, chained: `ui.keys(":g11").enter().esc()`.
pub trait Keys: Sized {
    /// The app the keys go to.
    fn app_mut(&mut self) -> &mut App;

    fn key(&mut self, code: KeyCode) -> &mut Self {
        self.app_mut()
            .on_key(KeyEvent::new(code, KeyModifiers::NONE));
        self
    }

    /// Each character typed in turn.
    fn keys(&mut self, text: &str) -> &mut Self {
        for c in text.chars() {
            self.key(KeyCode::Char(c));
        }
        self
    }

    fn enter(&mut self) -> &mut Self {
        self.key(KeyCode::Enter)
    }

    fn esc(&mut self) -> &mut Self {
        self.key(KeyCode::Esc)
    }

    fn tab(&mut self) -> &mut Self {
        self.key(KeyCode::Tab)
    }

    fn ctrl(&mut self, c: char) -> &mut Self {
        self.app_mut()
            .on_key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL));
        self
    }
}
