//! Keys → actions. Built-in defaults (arrows and vim keys; each rule-set procedure on the key its
//! rule set suggests) patched by the user's `keys.toml` in the config directory:
//!
//! ```toml
//! [keys]
//! next_phase = ["n", "f5"]      # replaces the default key(s) of next_phase
//! undo = ["u", "ctrl-z"]
//! fire = "F"                    # rule-set procedures by their id
//! ```
//!
//! A key given to one action is taken away from any other, so bindings never clash. Resolving a
//! key is a pure function ([`Keymap::resolve`]); the help screen is written from the bindings.

use super::action::Action;
use crate::ruleset::Ruleset;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::collections::BTreeMap;
use std::fmt;

/// A key with its modifiers, as written in the key file (`ctrl-r`, `G`, `pagedown`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    pub code: KeyCode,
    pub ctrl: bool,
    pub alt: bool,
}

impl Key {
    pub const fn plain(code: KeyCode) -> Self {
        Self {
            code,
            ctrl: false,
            alt: false,
        }
    }

    pub const fn ch(c: char) -> Self {
        Self::plain(KeyCode::Char(c))
    }

    pub const fn ctrl(c: char) -> Self {
        Self {
            code: KeyCode::Char(c),
            ctrl: true,
            alt: false,
        }
    }

    /// The key of a terminal key event (shift is part of the character itself).
    pub fn of(ev: &KeyEvent) -> Self {
        let code = match ev.code {
            KeyCode::Char(c) if ev.modifiers.contains(KeyModifiers::CONTROL) => {
                KeyCode::Char(c.to_ascii_lowercase())
            }
            other => other,
        };
        Self {
            code,
            ctrl: ev.modifiers.contains(KeyModifiers::CONTROL),
            alt: ev.modifiers.contains(KeyModifiers::ALT),
        }
    }

    /// Parses `a`, `G`, `+`, `ctrl-r`, `alt-x`, `up`, `pagedown`, `space`, `f5` …
    pub fn parse(text: &str) -> Result<Key, String> {
        let mut ctrl = false;
        let mut alt = false;
        let mut rest = text;
        loop {
            if let Some(r) = rest.strip_prefix("ctrl-") {
                ctrl = true;
                rest = r;
            } else if let Some(r) = rest.strip_prefix("alt-") {
                alt = true;
                rest = r;
            } else {
                break;
            }
        }
        let mut chars = rest.chars();
        let code = match (chars.next(), chars.next()) {
            (Some(c), None) => KeyCode::Char(if ctrl { c.to_ascii_lowercase() } else { c }),
            _ => match rest.to_lowercase().as_str() {
                "up" => KeyCode::Up,
                "down" => KeyCode::Down,
                "left" => KeyCode::Left,
                "right" => KeyCode::Right,
                "pageup" => KeyCode::PageUp,
                "pagedown" => KeyCode::PageDown,
                "home" => KeyCode::Home,
                "end" => KeyCode::End,
                "enter" => KeyCode::Enter,
                "esc" => KeyCode::Esc,
                "tab" => KeyCode::Tab,
                "backtab" => KeyCode::BackTab,
                "space" => KeyCode::Char(' '),
                "backspace" => KeyCode::Backspace,
                "delete" => KeyCode::Delete,
                "insert" => KeyCode::Insert,
                f if f.starts_with('f')
                    && f[1..].parse::<u8>().is_ok_and(|n| (1..=24).contains(&n)) =>
                {
                    KeyCode::F(f[1..].parse().unwrap_or(1))
                }
                _ => {
                    return Err(format!(
                        "{text:?} is not a key: write a character (`f`, `G`, `+`), a name (up, down, left, right, pageup, pagedown, home, end, enter, esc, tab, space, backspace, delete, f1…f24), optionally after ctrl- or alt-"
                    ));
                }
            },
        };
        Ok(Key { code, ctrl, alt })
    }
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.ctrl {
            write!(f, "ctrl-")?;
        }
        if self.alt {
            write!(f, "alt-")?;
        }
        match self.code {
            KeyCode::Char(' ') => write!(f, "space"),
            KeyCode::Char(c) => write!(f, "{c}"),
            KeyCode::Up => write!(f, "↑"),
            KeyCode::Down => write!(f, "↓"),
            KeyCode::Left => write!(f, "←"),
            KeyCode::Right => write!(f, "→"),
            KeyCode::PageUp => write!(f, "pgup"),
            KeyCode::PageDown => write!(f, "pgdn"),
            KeyCode::Home => write!(f, "home"),
            KeyCode::End => write!(f, "end"),
            KeyCode::Enter => write!(f, "enter"),
            KeyCode::Esc => write!(f, "esc"),
            KeyCode::Tab => write!(f, "tab"),
            KeyCode::BackTab => write!(f, "shift-tab"),
            KeyCode::Backspace => write!(f, "backspace"),
            KeyCode::Delete => write!(f, "delete"),
            KeyCode::F(n) => write!(f, "f{n}"),
            other => write!(f, "{other:?}"),
        }
    }
}

/// The bindings in force.
#[derive(Clone, Debug, PartialEq)]
pub struct Keymap {
    bindings: Vec<(Key, Action)>,
}

impl Keymap {
    /// The built-in keys, with the rule set's procedures on their suggested keys.
    pub fn defaults(ruleset: &dyn Ruleset) -> Self {
        let mut b = Self::built_in();
        for a in ruleset.actions().filter(|a| a.in_battle) {
            if let Some(c) = a.key {
                b.retain(|(k, _)| *k != Key::ch(c));
                b.push((Key::ch(c), Action::Procedure(a.id.to_string())));
            }
        }
        Self { bindings: b }
    }

    /// The keys of the screen itself, before any rule set's procedures.
    fn built_in() -> Vec<(Key, Action)> {
        use Action::*;
        use KeyCode as K;
        vec![
            (Key::plain(K::Up), Up),
            (Key::ch('k'), Up),
            (Key::plain(K::Down), Down),
            (Key::ch('j'), Down),
            (Key::plain(K::PageUp), PageUp),
            (Key::ctrl('u'), PageUp),
            (Key::plain(K::PageDown), PageDown),
            (Key::ctrl('d'), PageDown),
            (Key::plain(K::Home), Top),
            (Key::ch('g'), Top),
            (Key::plain(K::End), Bottom),
            (Key::ch('G'), Bottom),
            (Key::ch(' '), ToggleFold),
            (Key::plain(K::Enter), ToggleFold),
            (Key::plain(K::Left), FoldOrParent),
            (Key::ch('h'), FoldOrParent),
            (Key::plain(K::Right), UnfoldOrChild),
            (Key::ch('l'), UnfoldOrChild),
            (Key::ch('z'), FoldAll),
            (Key::ch('Z'), UnfoldAll),
            (Key::ch('v'), CycleSide),
            (Key::ch('R'), ToggleRemoved),
            (Key::ch('t'), ToggleToAct),
            (Key::ch('['), LogBack),
            (Key::ch(']'), LogForward),
            (Key::ch('/'), Search),
            (Key::ch(':'), GoTo),
            (Key::ch('o'), TakeOffer),
            (Key::ch('n'), NextPhase),
            (Key::ch('u'), Undo),
            (Key::ch('U'), Redo),
            (Key::ctrl('r'), Redo),
            (Key::ch('x'), Markers),
            (Key::ch('+'), AddHit),
            (Key::ch('-'), RemoveHit),
            (Key::ch('N'), Note),
            (Key::ch('W'), Result),
            (Key::ch('B'), Arrive),
            (Key::ch('J'), AddUnit),
            (Key::ch('d'), ToggleDice),
            (Key::ch('b'), Report),
            (Key::ch('P'), Serve),
            (Key::ch('S'), HideSecrets),
            // The log: its keys, searching it.
            (Key::plain(K::Tab), LogFocus),
            (Key::ctrl('f'), LogSearch),
            (Key::ctrl('n'), LogNextMatch),
            (Key::ctrl('b'), LogPrevMatch),
            (Key::ctrl('p'), Palette),
            (Key::ch('?'), Help),
            (Key::ch('q'), Quit),
            (Key::ctrl('c'), Quit),
        ]
    }

    /// The action a key asks for, if any.
    pub fn resolve(&self, key: &KeyEvent) -> Option<&Action> {
        let k = Key::of(key);
        self.bindings.iter().find(|(b, _)| *b == k).map(|(_, a)| a)
    }

    /// The keys bound to an action.
    pub fn keys_for(&self, action: &Action) -> Vec<Key> {
        self.bindings
            .iter()
            .filter(|(_, a)| a == action)
            .map(|(k, _)| *k)
            .collect()
    }

    /// The first key of an action as text, for hints ("" when unbound).
    pub fn hint(&self, action: &Action) -> String {
        self.keys_for(action)
            .first()
            .map(Key::to_string)
            .unwrap_or_default()
    }

    /// Every action with its keys, in first-bound order: the help screen.
    pub fn help_rows(&self) -> Vec<(String, Action)> {
        let mut order: Vec<Action> = Vec::new();
        for (_, a) in &self.bindings {
            if !order.contains(a) {
                order.push(a.clone());
            }
        }
        order
            .into_iter()
            .map(|a| {
                let keys: Vec<String> = self.keys_for(&a).iter().map(Key::to_string).collect();
                (keys.join(" "), a)
            })
            .collect()
    }

    /// Applies a user key file. Unknown action names and bad keys are errors naming the line.
    pub fn patch(&mut self, text: &str, ruleset: &dyn Ruleset) -> Result<(), String> {
        #[derive(serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        struct File {
            #[serde(default)]
            keys: BTreeMap<toml::Spanned<String>, toml::Spanned<toml::Value>>,
        }
        let file: File = toml::from_str(text).map_err(|e| e.to_string())?;
        let mut names: Vec<(String, Action)> = Vec::new();
        for (_, a) in Self::defaults(ruleset).bindings {
            let n = a.config_name();
            if !names.iter().any(|(m, _)| *m == n) {
                names.push((n, a));
            }
        }
        let at = |span: std::ops::Range<usize>| {
            let (l, c) = crate::text::line_col(text, span.start);
            format!("line {l}, column {c}")
        };
        for (name, value) in file.keys {
            let action = names
                .iter()
                .find(|(n, _)| n == name.get_ref())
                .map(|(_, a)| a.clone())
                .ok_or_else(|| {
                    format!(
                        "{}: no action `{}`{}",
                        at(name.span()),
                        name.get_ref(),
                        crate::text::did_you_mean(
                            name.get_ref(),
                            names.iter().map(|(n, _)| n.as_str())
                        )
                    )
                })?;
            let keys: Vec<String> = match value.get_ref() {
                toml::Value::String(s) => vec![s.clone()],
                toml::Value::Array(v) => v
                    .iter()
                    .map(|x| x.as_str().map(str::to_string))
                    .collect::<Option<Vec<_>>>()
                    .ok_or_else(|| format!("{}: write keys as strings", at(value.span())))?,
                _ => {
                    return Err(format!(
                        "{}: write a key or a list of keys",
                        at(value.span())
                    ));
                }
            };
            let keys = keys
                .iter()
                .map(|k| Key::parse(k).map_err(|e| format!("{}: {e}", at(value.span()))))
                .collect::<Result<Vec<_>, _>>()?;
            self.bindings
                .retain(|(k, a)| *a != action && !keys.contains(k));
            for k in keys {
                self.bindings.push((k, action.clone()));
            }
        }
        Ok(())
    }

    /// The user's key file: `<config dir>/umpire/keys.toml`.
    pub fn user_file() -> Option<std::path::PathBuf> {
        dirs::config_dir().map(|d| d.join("umpire").join("keys.toml"))
    }

    /// Defaults patched by the user's key file, if there is one; a bad file is reported and
    /// ignored (the defaults stay).
    pub fn load(ruleset: &dyn Ruleset) -> (Keymap, Option<String>) {
        let mut km = Self::defaults(ruleset);
        let Some(path) = Self::user_file() else {
            return (km, None);
        };
        let Ok(text) = std::fs::read_to_string(&path) else {
            return (km, None);
        };
        let before = km.clone();
        match km.patch(&text, ruleset) {
            Ok(()) => (km, None),
            Err(e) => (
                before,
                Some(format!(
                    "{}: {} (using the default keys)",
                    crate::text::escape_terminal(&path.display().to_string()),
                    e
                )),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::newport::Newport;
    use ratatui::crossterm::event::KeyEventKind;

    fn ev(code: KeyCode, mods: KeyModifiers) -> KeyEvent {
        KeyEvent {
            code,
            modifiers: mods,
            kind: KeyEventKind::Press,
            state: ratatui::crossterm::event::KeyEventState::NONE,
        }
    }

    #[test]
    fn no_rule_set_s_procedure_takes_a_key_of_the_screen() {
        let built_in = Keymap::built_in();
        for r in crate::rules::registry() {
            let mut seen: Vec<char> = Vec::new();
            for a in r.actions().filter(|a| a.in_battle) {
                let Some(c) = a.key else { continue };
                if let Some((_, taken)) = built_in.iter().find(|(k, _)| *k == Key::ch(c)) {
                    panic!(
                        "{}: `{}` on {c:?} would take the key of {taken:?}",
                        r.id(),
                        a.id
                    );
                }
                assert!(!seen.contains(&c), "{}: two procedures on {c:?}", r.id());
                seen.push(c);
            }
            // Every procedure keeps its key, and every built-in action a key.
            let km = Keymap::defaults(*r);
            for (_, action) in &built_in {
                assert!(!km.keys_for(action).is_empty(), "{}: {action:?}", r.id());
            }
        }
    }

    #[test]
    fn defaults_resolve_arrows_vim_and_procedures() {
        let km = Keymap::defaults(&Newport);
        let r = |c, m| km.resolve(&ev(c, m)).cloned();
        assert_eq!(r(KeyCode::Down, KeyModifiers::NONE), Some(Action::Down));
        assert_eq!(
            r(KeyCode::Char('j'), KeyModifiers::NONE),
            Some(Action::Down)
        );
        assert_eq!(
            r(KeyCode::Char('G'), KeyModifiers::SHIFT),
            Some(Action::Bottom)
        );
        assert_eq!(
            r(KeyCode::Char('r'), KeyModifiers::CONTROL),
            Some(Action::Redo)
        );
        assert_eq!(
            r(KeyCode::Char('c'), KeyModifiers::CONTROL),
            Some(Action::Quit)
        );
        assert_eq!(
            r(KeyCode::Char('f'), KeyModifiers::NONE),
            Some(Action::Procedure("fire".into()))
        );
        assert_eq!(
            r(KeyCode::Char('A'), KeyModifiers::SHIFT),
            Some(Action::Procedure("artillery".into()))
        );
        assert_eq!(
            r(KeyCode::Enter, KeyModifiers::NONE),
            Some(Action::ToggleFold)
        );
        assert_eq!(
            r(KeyCode::Left, KeyModifiers::NONE),
            Some(Action::FoldOrParent)
        );
        assert_eq!(
            r(KeyCode::Char('l'), KeyModifiers::NONE),
            Some(Action::UnfoldOrChild)
        );
        assert_eq!(r(KeyCode::Char('w'), KeyModifiers::NONE), None);
    }

    #[test]
    fn user_file_patches_and_takes_keys_away() {
        let mut km = Keymap::defaults(&Newport);
        km.patch(
            "[keys]\nnext_phase = \"space\"\nundo = [\"u\", \"ctrl-z\"]\nfire = \"n\"\n",
            &Newport,
        )
        .unwrap();
        let r = |c, m| km.resolve(&ev(c, m)).cloned();
        assert_eq!(
            r(KeyCode::Char(' '), KeyModifiers::NONE),
            Some(Action::NextPhase)
        );
        assert_eq!(
            r(KeyCode::Char('n'), KeyModifiers::NONE),
            Some(Action::Procedure("fire".into()))
        );
        assert_eq!(r(KeyCode::Char('f'), KeyModifiers::NONE), None);
        assert_eq!(
            r(KeyCode::Char('z'), KeyModifiers::CONTROL),
            Some(Action::Undo)
        );
    }

    #[test]
    fn bad_user_files_say_where() {
        let mut km = Keymap::defaults(&Newport);
        let e = km
            .patch("[keys]\nnext_phsae = \"n\"\n", &Newport)
            .unwrap_err();
        assert!(
            e.contains("line 2, column 1") && e.contains("did you mean `next_phase`"),
            "{e}"
        );
        let e = km
            .patch("[keys]\nundo = \"ctrl-\"\n", &Newport)
            .unwrap_err();
        assert!(e.contains("not a key"), "{e}");
        let e = km.patch("[keys]\nundo = 3\n", &Newport).unwrap_err();
        assert!(e.contains("line 2"), "{e}");
        assert!(km.patch("[kesy]\n", &Newport).is_err());
    }

    #[test]
    fn help_lists_every_action_once_with_all_its_keys() {
        let km = Keymap::defaults(&Newport);
        let rows = km.help_rows();
        let redo = rows.iter().find(|(_, a)| *a == Action::Redo).unwrap();
        assert_eq!(redo.0, "U ctrl-r");
        let names: Vec<String> = rows.iter().map(|(_, a)| a.config_name()).collect();
        let mut dedup = names.clone();
        dedup.dedup();
        assert_eq!(names.len(), dedup.len());
        assert!(names.contains(&"close-combat".to_string()));
    }

    #[test]
    fn key_text_round_trips() {
        for t in [
            "a", "G", "+", "ctrl-r", "alt-x", "space", "f5", "esc", "home", "enter",
        ] {
            let k = Key::parse(t).unwrap();
            assert_eq!(k.to_string(), t);
            assert_eq!(Key::parse(&k.to_string()), Ok(k));
        }
        assert_eq!(Key::parse("pagedown").unwrap().code, KeyCode::PageDown);
    }
}
