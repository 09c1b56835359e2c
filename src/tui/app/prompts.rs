//! One-line prompts (search, go to, note, a marker's value) and pasted text.

use super::*;

impl App {
    pub(super) fn prompt(&mut self, kind: Prompt) {
        self.mode = Mode::Prompt {
            kind,
            text: String::new(),
        };
    }

    /// Asks when the selected unit (or the selected formation's units) still to arrive comes
    /// on: the prompt for [`Action::Arrive`].
    pub(super) fn arrive_prompt(&mut self) {
        let r = &self.battle().roster;
        let id = match self.selected_row() {
            Some(Row::Unit(u) | Row::Concealed(u)) => r.units[u].id.clone(),
            Some(Row::Formation(f)) => r.formations[f].id.clone(),
            _ => {
                self.error("select a unit or formation still to arrive".to_string());
                return;
            }
        };
        self.prompt(Prompt::Arrive(id));
    }

    pub(super) fn finish_prompt(&mut self, kind: Prompt, text: String) {
        match kind {
            Prompt::Search => {
                if !self.search(&text) {
                    self.error(format!("no unit matches {:?}", text));
                }
            }
            Prompt::GoTo => {
                if let Err(e) = self.go_to(&text) {
                    self.error(e);
                }
            }
            Prompt::Note { private } => {
                self.run(Command::Note { text, private }, None);
            }
            Prompt::Result => {
                self.run(Command::Result { text }, None);
            }
            Prompt::LogSearch => self.finish_log_search(text),
            Prompt::Arrive(unit) => {
                let word = text.trim();
                let arrives = match word {
                    "" => None,
                    "u" | "umpire" => Some(crate::model::Arrival::Umpire),
                    turn => match turn.parse::<u32>() {
                        Ok(t) => Some(crate::model::Arrival::Turn(t)),
                        Err(_) => {
                            self.error(format!(
                                "{turn:?}: type nothing to bring it on now, a turn to hold it \
                                 back to, or umpire"
                            ));
                            self.mode = Mode::Prompt {
                                kind: Prompt::Arrive(unit),
                                text,
                            };
                            return;
                        }
                    },
                };
                self.run(Command::Arrive { unit, arrives }, None);
            }
            Prompt::MarkerValue(marker) => {
                let Some(u) = self.selected_unit() else {
                    return;
                };
                let unit = self.battle().roster.units[u].id.clone();
                match self.marker_command(unit, marker.clone(), &text) {
                    Ok(command) => {
                        self.run(command, None);
                        // Back to the markers popup, for the next marker.
                        if matches!(self.mode, Mode::Main) {
                            self.mode = Mode::Markers;
                        }
                    }
                    Err(e) => {
                        self.error(e);
                        self.mode = Mode::Prompt {
                            kind: Prompt::MarkerValue(marker),
                            text,
                        };
                    }
                }
            }
        }
    }

    /// Pasted text goes into the open prompt or the focused form field as one edit. Text holding a
    /// control, bidi or invisible character (a line break too) is refused whole, and what was
    /// typed before stays.
    pub fn on_paste(&mut self, pasted: &str) {
        match &mut self.mode {
            Mode::Prompt { kind, text } => {
                if let Some((_, c)) = forbidden_char(pasted) {
                    let why = format!("paste refused: {}", not_allowed_here(c));
                    self.error(why);
                    return;
                }
                text.push_str(pasted);
                let (kind, text) = (kind.clone(), text.clone());
                match kind {
                    Prompt::Search => {
                        self.search(&text);
                    }
                    Prompt::LogSearch => {
                        self.log_search(&text);
                    }
                    _ => {}
                }
            }
            Mode::Form(form) => form.on_paste(pasted, self.session.battle()),
            Mode::Dice(_) => self.paste_faces(pasted),
            Mode::Palette(palette) => {
                if let Some((_, c)) = forbidden_char(pasted) {
                    let why = format!("paste refused: {}", not_allowed_here(c));
                    self.error(why);
                    return;
                }
                palette.filter.push_str(pasted);
                palette.cursor = 0;
            }
            _ => self.error("nothing to paste into: open a prompt or a form first"),
        }
    }
}
