//! What the screen tests share: the [`App`] drawn on ratatui's `TestBackend`, the screen as text
//! with the paths that vary from run to run replaced by fixed words, and key helpers that read as
//! the keys typed ([`Keys`]).

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use umpire::tui::App;
use umpire::tui::app::Mode;
use umpire::tui::form::Form;

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
    fn app(&self) -> &App;

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

    /// Puts the cursor on a unit or formation with the go-to prompt (`:` id Enter).
    fn select(&mut self, id: &str) -> &mut Self {
        self.keys(":").keys(id).enter()
    }

    /// The form open now.
    fn form(&self) -> &Form {
        match &self.app().mode {
            Mode::Form(f) => f,
            other => panic!("no form open: {other:?}"),
        }
    }

    /// Moves the form's focus to the input named `name`.
    fn focus(&mut self, name: &str) -> &mut Self {
        for _ in 0..=self.form().fields.len() {
            let f = self.form();
            if f.fields.get(f.focus).is_some_and(|x| x.def.name == name) {
                return self;
            }
            self.tab();
        }
        panic!("no input {name} in the form");
    }

    /// Types `text` into the input named `name`.
    fn fill(&mut self, name: &str, text: &str) -> &mut Self {
        self.focus(name).keys(text)
    }

    /// The dice field (ctrl-d), where the faces thrown at the table are typed.
    fn dice(&mut self, faces: &str) -> &mut Self {
        self.ctrl('d').keys(faces)
    }

    /// What the dice prompt asks for now.
    fn asked(&self) -> String {
        match &self.app().mode {
            Mode::Dice(run) => run.purpose.clone(),
            other => panic!("no die asked for: {other:?}"),
        }
    }
}

/// Draws `app` at every width 0..=120 and height 0..=40 on one reused terminal, failing on any
/// panic or error with the screen's `name` and the size.
pub fn draw_at_every_size(name: &str, app: &App) {
    let mut terminal = Terminal::new(TestBackend::new(0, 0)).unwrap();
    for w in 0..=120 {
        for h in 0..=40 {
            terminal.backend_mut().resize(w, h);
            let drawn = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                terminal
                    .draw(|f| f.render_widget(app, f.area()))
                    .map(|_| ())
            }));
            assert!(
                matches!(drawn, Ok(Ok(()))),
                "the {name} screen at {w}×{h}: {drawn:?}"
            );
        }
    }
}
