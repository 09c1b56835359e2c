//! The battle's account when its last turn is over: the umpire closes it, extends the battle by a
//! turn (an edit in the log, undone like any other), or writes the battle report (`w`, HTML
//! beside the journal; the account stays open with the file's path below it). As with a result,
//! enter, esc or space close it, and any other key closes it and does its job (`q` quits, `u`
//! undoes the phase change that ended the battle, `b` opens the report view).

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
            KeyCode::Enter | KeyCode::Esc | KeyCode::Char(' ') => {}
            _ => self.on_main_key(key),
        }
    }
}
