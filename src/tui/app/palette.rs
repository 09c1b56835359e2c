//! The palette (`ctrl-p`): every procedure of the rule set and the screen's general keys, each
//! by name with its key, in one list. Typing narrows it (a part of a name, or a key); the arrows
//! move in it; enter runs the highlighted entry exactly as its key would; esc closes it. The key
//! line at the foot of the screen shows what fits and points here for the rest.

use super::*;

/// One entry of the palette.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PaletteEntry {
    pub action: Action,
    /// Its keys as the help writes them ("" when it has none: the palette alone runs it).
    pub keys: String,
    /// What it is called.
    pub name: String,
    /// A line of what it does (a procedure's help).
    pub help: String,
}

/// The palette's state.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Palette {
    /// What the umpire typed to narrow the list.
    pub filter: String,
    /// Index into the entries shown ([`App::palette_shown`]).
    pub cursor: usize,
}

/// The screen's general actions the palette lists after the rule set's procedures.
const GENERAL: &[Action] = &[
    Action::NextPhase,
    Action::Undo,
    Action::Redo,
    Action::TakeOffer,
    Action::Markers,
    Action::AddHit,
    Action::RemoveHit,
    Action::Note,
    Action::Arrive,
    Action::AddUnit,
    Action::Report,
    Action::ToggleDice,
    Action::HideSecrets,
    Action::Search,
    Action::GoTo,
    Action::LogFocus,
    Action::LogSearch,
    Action::Help,
    Action::Quit,
];

impl App {
    /// Every entry of the palette: the rule set's procedures in its order, then the general keys.
    pub fn palette_entries(&self) -> Vec<PaletteEntry> {
        let ruleset = self.battle().ruleset;
        let procedures = ruleset
            .actions()
            .filter(|a| a.in_battle)
            .map(|a| (Action::Procedure(a.id.to_string()), a.help.to_string()));
        let general = GENERAL.iter().map(|a| (a.clone(), String::new()));
        procedures
            .chain(general)
            .map(|(action, help)| {
                let keys: Vec<String> = self
                    .keymap
                    .keys_for(&action)
                    .iter()
                    .map(|k| k.to_string())
                    .collect();
                // A short name where the description is long; the description then says more.
                let (name, help) = match &action {
                    Action::TakeOffer => ("take up an offer".to_string(), action.desc()),
                    Action::HideSecrets => ("hide or show secrets".to_string(), action.desc()),
                    other => (other.desc(), help),
                };
                PaletteEntry {
                    keys: keys.join(" "),
                    name,
                    help,
                    action,
                }
            })
            .collect()
    }

    /// The entries the filter lets through, best first: those whose key is what was typed, then
    /// those whose name starts with it, then those whose name or help contains it.
    pub fn palette_shown(&self, palette: &Palette) -> Vec<PaletteEntry> {
        let entries = self.palette_entries();
        let needle = palette.filter.trim().to_lowercase();
        if needle.is_empty() {
            return entries;
        }
        let rank = |e: &PaletteEntry| {
            let name = e.name.to_lowercase();
            if e.keys.split(' ').any(|k| k == palette.filter.trim()) {
                Some(0)
            } else if e.keys.split(' ').any(|k| k.to_lowercase() == needle) {
                Some(1)
            } else if name.starts_with(&needle) {
                Some(2)
            } else if name.contains(&needle) || e.action.config_name().contains(&needle) {
                Some(3)
            } else if e.help.to_lowercase().contains(&needle) {
                Some(4)
            } else {
                None
            }
        };
        let mut shown: Vec<(usize, PaletteEntry)> = entries
            .into_iter()
            .filter_map(|e| rank(&e).map(|r| (r, e)))
            .collect();
        shown.sort_by_key(|(r, _)| *r);
        shown.into_iter().map(|(_, e)| e).collect()
    }

    pub(super) fn on_palette_key(&mut self, mut palette: Box<Palette>, key: &KeyEvent) {
        let shown = self.palette_shown(&palette);
        match key.code {
            KeyCode::Esc => self.info("palette closed"),
            KeyCode::Char('p') if is_ctrl(key) => self.info("palette closed"),
            KeyCode::Enter => match shown.get(palette.cursor) {
                Some(entry) => {
                    self.message = None;
                    self.dispatch(entry.action.clone());
                }
                None => {
                    self.error(format!("nothing matches {:?}", palette.filter));
                    self.mode = Mode::Palette(palette);
                }
            },
            KeyCode::Up => {
                palette.cursor = palette.cursor.saturating_sub(1);
                self.mode = Mode::Palette(palette);
            }
            KeyCode::Down => {
                palette.cursor = (palette.cursor + 1).min(shown.len().saturating_sub(1));
                self.mode = Mode::Palette(palette);
            }
            KeyCode::PageUp => {
                palette.cursor = palette.cursor.saturating_sub(10);
                self.mode = Mode::Palette(palette);
            }
            KeyCode::PageDown => {
                palette.cursor = (palette.cursor + 10).min(shown.len().saturating_sub(1));
                self.mode = Mode::Palette(palette);
            }
            KeyCode::Backspace => {
                palette.filter.pop();
                palette.cursor = 0;
                self.message = None;
                self.mode = Mode::Palette(palette);
            }
            KeyCode::Char(c) if is_forbidden(c) && !is_ctrl(key) => {
                self.error(not_allowed_here(c));
                self.mode = Mode::Palette(palette);
            }
            KeyCode::Char(c) if !is_ctrl(key) => {
                palette.filter.push(c);
                palette.cursor = 0;
                if self.palette_shown(&palette).is_empty() {
                    self.error(format!("nothing matches {:?}", palette.filter));
                } else {
                    self.message = None;
                }
                self.mode = Mode::Palette(palette);
            }
            _ => {
                self.popup_hint = Some(format!(
                    "{} does nothing here: ↑↓ move · enter runs · esc closes",
                    crate::tui::keymap::Key::of(key)
                ));
                self.mode = Mode::Palette(palette);
            }
        }
    }
}
