//! The umpire's screen with its secrets hidden, for the moment players lean over it: one key
//! ([`Action::HideSecrets`]) draws the main screen as the public may see the battle
//! ([`Viewer::Public`]) until it is pressed again, and the header says which mode is on.
//!
//! With the secrets hidden, the roster leaves out the units still concealed (a stand still hiding
//! units is its number alone) and the enemy formations with nothing in the open; the log lists
//! only the entries everyone may see (no private note, nothing one side's concealed units did);
//! a result not for everyone says only that it is hidden; the panel, the offers and the battle's
//! account count and name only the units in the open; a form naming a concealed unit shows no
//! odds. Whatever else would name a concealed unit (a status message, a die's purpose) gives way
//! to a plain word that something is hidden.

use super::*;
use crate::battle::Sight;
use crate::model::Viewer;

/// What the screen says in place of an event, or of a text, not for everyone.
pub const HIDDEN_RESULT: &str = "a result not for everyone: hidden while secrets are hidden";

impl App {
    /// True while the screen hides the secrets ([`Action::HideSecrets`]).
    pub fn secrets_hidden(&self) -> bool {
        self.secrets_hidden
    }

    /// Who the screen is drawn for: the umpire, or the public while the secrets are hidden.
    pub fn viewer(&self) -> Viewer {
        if self.secrets_hidden {
            Viewer::Public
        } else {
            Viewer::Umpire
        }
    }

    /// True when the screen may show unit `u` (every unit, or with the secrets hidden only one
    /// no longer concealed).
    pub fn shows_unit(&self, u: usize) -> bool {
        self.battle().view().visible_to(u, self.viewer())
    }

    /// True when the screen may show `text`: always, or with the secrets hidden when it names no
    /// concealed unit by id or name.
    pub fn shows_text(&self, text: &str) -> bool {
        !self.secrets_hidden || !self.battle().text_names_hidden_units(text, Viewer::Public)
    }

    /// True when the screen may show `event`: always, or with the secrets hidden when everyone
    /// may see it and none of its words (summary, steps, results, offers) names a unit concealed
    /// now (an exposure undone since hides its units again).
    pub fn shows_event(&self, event: &Event) -> bool {
        if !self.secrets_hidden {
            return true;
        }
        event.visible_to(Viewer::Public, &self.battle().roster)
            && self.shows_text(&event.summary)
            && event.notes.iter().all(|n| self.shows_text(n))
            && event.offers.iter().all(|o| self.shows_text(&o.text))
            && event
                .resolutions
                .iter()
                .all(|r| self.shows_text(&r.render_text()))
    }

    /// An event in a few words for the status line: its line in the log ([`super::log::headline`]),
    /// or, when the screen may not show it, that it is hidden.
    pub fn event_words(&self, event: &Event) -> String {
        if self.shows_event(event) {
            super::log::headline(event, self.battle())
        } else if matches!(event.kind, EventKind::Note { .. }) {
            "private note written: hidden while secrets are hidden".into()
        } else {
            HIDDEN_RESULT.into()
        }
    }

    /// True when the screen may show what `form` works out (its odds, what the battle fills in,
    /// what the rules refuse): always, or with the secrets hidden when its inputs name no
    /// concealed unit.
    pub fn shows_form(&self, form: &Form) -> bool {
        !self.secrets_hidden
            || !self
                .battle()
                .names_hidden_units(form.action.id, &form.params(), Viewer::Public)
    }

    /// The entries the log lists, as indices into the battle's history, oldest first: every one,
    /// or with the secrets hidden those everyone may see whose line names no concealed unit, and
    /// those everyone may see a part of ([`crate::battle::Partial`]), shown as that part.
    pub fn log_entries(&self) -> Vec<usize> {
        let b = self.battle();
        if !self.secrets_hidden {
            return (0..b.history().entries().len()).collect();
        }
        crate::battle::sights(b.history().entries(), Viewer::Public, &b.roster)
            .into_iter()
            .enumerate()
            .filter(|&(i, sight)| match sight {
                Sight::Whole => self.shows_text(&self.log_text(i)),
                // What everyone may see of an event that also concerns a concealed unit.
                Sight::Part => true,
                Sight::Nothing => false,
            })
            .map(|(i, _)| i)
            .collect()
    }

    /// Hides the secrets, or shows them again: the roster is built for the new viewer with the
    /// cursor on its line, or else on the nearest line above it still shown (a hidden unit's
    /// stand, a unit's formation or side); the log keeps its selection on an entry it still
    /// lists.
    pub(super) fn toggle_secrets(&mut self) {
        self.secrets_hidden = !self.secrets_hidden;
        self.show_roster_to(self.viewer());
        self.keep_log_selection();
        let key = self.keymap.hint(&Action::HideSecrets);
        let (done, undo) = if self.secrets_hidden {
            (
                "secrets hidden: the screen shows what the players may see",
                "shows the secrets again",
            )
        } else {
            (
                "secrets shown: the umpire's view, concealed units and private notes included",
                "hides them",
            )
        };
        if key.is_empty() {
            self.info(done);
        } else {
            self.info(format!("{done} ({key} {undo})"));
        }
    }
}
