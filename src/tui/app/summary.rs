//! The battle's account when its last turn is over: the umpire closes it, extends the battle by a
//! turn (an edit in the log, undone like any other), or writes the battle report (`w`, HTML
//! beside the journal: the umpire's copy, each side's and the public one, named as `umpire
//! report` names them; the account stays open with the files' names below it) or opens the report
//! view (`b`). As with a result, esc, `q` or enter close it and do nothing more (`q` never quits
//! from it); any other key is answered in it.

use super::*;

impl App {
    pub(super) fn on_summary_key(&mut self, key: &KeyEvent) {
        match key.code {
            KeyCode::Char('e') if self.battle().state().is_over() => {
                if self.run(Command::Extend { turns: 1 }, None) {
                    let last = self.battle().state().turn_limit.unwrap_or_default();
                    self.info(format!(
                        "the battle goes on: it now ends after turn {last} (press {} for the next phase)",
                        self.keymap.hint(&Action::NextPhase)
                    ));
                }
            }
            KeyCode::Char(crate::tui::replay::WRITE_HTML_KEY) => {
                self.write_report();
                self.mode = Mode::Summary;
            }
            _ if closes_popup(key) => {}
            _ if self.keymap.resolve(key) == Some(&Action::Report) => {
                self.open_report();
                if matches!(self.mode, Mode::Main) {
                    self.mode = Mode::Summary;
                }
            }
            _ => {
                self.popup_hint = Some(popup_hint(key));
                self.mode = Mode::Summary;
            }
        }
    }

    /// Writes every copy of the battle's report (HTML, beside the journal: the umpire's, each
    /// side's and the public one) and says which.
    pub(super) fn write_report(&mut self) {
        let format = crate::report::Format::Html;
        match crate::report::write_copies(self.session.path(), format) {
            Ok(written) => self.info(crate::text::escape_terminal(
                &crate::report::copies_written(&written, format),
            )),
            Err(e) => self.error(crate::text::escape_terminal(&e.to_string())),
        }
    }
}
