//! The battle's account when its last turn is over: the umpire closes it, extends the battle by a
//! turn (an edit in the log, undone like any other), or writes the battle report (`w`, HTML
//! beside the journal; the account stays open with the file's path below it) or opens the report
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
}
