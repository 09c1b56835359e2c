//! Everything the umpire can ask of the terminal UI, as one enum. Keys map to actions through the
//! [`super::keymap`]; the help screen is written from the same bindings.

use serde::{Deserialize, Serialize};
use std::fmt;

/// One thing the umpire can do from the keyboard.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Move the cursor up one row (or to the previous field in a form).
    Up,
    /// Move the cursor down one row (or to the next field in a form).
    Down,
    /// Move the cursor a page up.
    PageUp,
    /// Move the cursor a page down.
    PageDown,
    /// Go to the first row.
    Top,
    /// Go to the last row.
    Bottom,
    /// Fold or unfold the side, formation or concealment stand under the cursor.
    ToggleFold,
    /// Fold the open side, formation or stand under the cursor, or go to the line above it.
    FoldOrParent,
    /// Unfold the folded side, formation or stand under the cursor, or go to its first line.
    UnfoldOrChild,
    /// Fold every formation and concealment stand.
    FoldAll,
    /// Unfold every side, formation and stand.
    UnfoldAll,
    /// Show one side in the roster, then the next, then every side.
    CycleSide,
    /// Hide removed units in the roster, or show them again.
    ToggleRemoved,
    /// Show only the units that may still act, or every unit again.
    ToggleToAct,
    /// Scroll the event log back (older events).
    LogBack,
    /// Scroll the event log forward (newer events).
    LogForward,
    /// Search units and formations by id or name.
    Search,
    /// Jump to a unit or formation by typing its id.
    GoTo,
    /// Start a rule-set procedure by its id (`fire`, `close-combat` …) with the selected unit.
    #[serde(rename = "procedure")]
    Procedure(String),
    /// Take up the latest offer (opportunity fire at the stand that just acted).
    TakeOffer,
    /// End the phase: the automatic steps run up to the next phase that needs the umpire.
    NextPhase,
    /// Take back the latest event.
    Undo,
    /// Put back the latest undone event.
    Redo,
    /// Set or clear markers on the selected unit by hand.
    Markers,
    /// Add a hit to the selected unit by hand.
    AddHit,
    /// Remove a hit from the selected unit by hand.
    RemoveHit,
    /// Write a free-text note into the log.
    Note,
    /// Record the battle's result in the umpire's own words (who won, and why): logged for
    /// everyone, undone like any other event; every copy of the report puts it first.
    Result,
    /// Bring on now the selected unit (or every unit of the selected formation) still to arrive,
    /// or hold it back to a later turn or until the umpire brings it on: logged, undone like any
    /// other event.
    Arrive,
    /// Add a unit or a formation the scenario lacks (a form: a unit's side, formation, kind, id,
    /// name and fields; a formation's side, parent, id, name, level and quality, or the file
    /// that holds it with its units), checked exactly as a scenario's is: logged, undone like
    /// any other event.
    AddUnit,
    /// Switch between the program's dice and dice typed by the umpire.
    ToggleDice,
    /// Hide every secret from the screen (units still concealed, what a stand hides, private
    /// notes and the events of one side's concealed units, their results and odds) for players
    /// looking on, or show them again: the screen is drawn as the public may see the battle.
    HideSecrets,
    /// Open the report view: each side's strength over the turns, the losses of each turn and
    /// the battle replayed event by event, from the journal (read, never written); its report
    /// is written beside the journal from there.
    Report,
    /// Serve the players' views to their phones (`umpire serve` on this battle's journal): one
    /// secret link per side and one for everyone, shown as QR codes one at a time; the header
    /// says how many phones are connected.
    Serve,
    // ---- the log ------------------------------------------------------------------------------
    /// Move the keys between the roster and the log. With the log's keys, ↑↓ (and page, first
    /// and last) select an entry, enter opens its whole result from the journal, search searches
    /// the log, and esc gives the keys back to the roster.
    LogFocus,
    /// Search the log's entries: the selection goes to the newest entry that matches, as typed.
    LogSearch,
    /// Go to the next (older) log entry that matches the search.
    LogNextMatch,
    /// Go to the previous (newer) log entry that matches the search.
    LogPrevMatch,
    /// Open the palette: every procedure of the rule set and the screen's general keys by name
    /// with their keys, filtered as you type; enter runs the highlighted one as its key would.
    Palette,
    /// Show the keys.
    Help,
    /// Leave (nothing is lost: every event is already on disk).
    Quit,
}

impl Action {
    /// A short description for the help screen and the key-hint line.
    pub fn desc(&self) -> String {
        match self {
            Action::Up => "up".into(),
            Action::Down => "down".into(),
            Action::PageUp => "page up".into(),
            Action::PageDown => "page down".into(),
            Action::Top => "first row".into(),
            Action::Bottom => "last row".into(),
            Action::ToggleFold => "fold or unfold".into(),
            Action::FoldOrParent => "fold, or go up".into(),
            Action::UnfoldOrChild => "unfold, or go in".into(),
            Action::FoldAll => "fold every formation".into(),
            Action::UnfoldAll => "unfold everything".into(),
            Action::CycleSide => "roster: one side, the next, every side".into(),
            Action::ToggleRemoved => "roster: hide or show removed units".into(),
            Action::ToggleToAct => "roster: only units still to act, or all".into(),
            Action::LogBack => "log: older".into(),
            Action::LogForward => "log: newer".into(),
            Action::Search => "search units and formations".into(),
            Action::GoTo => "go to a unit or formation by id".into(),
            Action::Procedure(id) => id.replace('-', " "),
            Action::TakeOffer => "take up what the rules offer (opportunity fire …)".into(),
            Action::NextPhase => "next phase".into(),
            Action::Undo => "undo".into(),
            Action::Redo => "redo".into(),
            Action::Markers => "markers by hand".into(),
            Action::AddHit => "add a hit".into(),
            Action::RemoveHit => "remove a hit".into(),
            Action::Note => "note".into(),
            Action::Result => "record the result: who won, in your words".into(),
            Action::Arrive => "bring on or hold back a unit still to arrive".into(),
            Action::AddUnit => "add a unit or formation the scenario lacks".into(),
            Action::ToggleDice => "program/typed dice".into(),
            Action::HideSecrets => "hide or show secrets: concealed units, private notes".into(),
            Action::Report => "battle report: strength chart, losses, replay".into(),
            Action::Serve => "players' phones: serve each side's view, show the links".into(),
            Action::LogFocus => "keys to the log / back to the roster".into(),
            Action::LogSearch => "search the log".into(),
            Action::LogNextMatch => "log: next (older) match".into(),
            Action::LogPrevMatch => "log: previous (newer) match".into(),
            Action::Palette => "all keys: find a procedure by name, run it".into(),
            Action::Help => "help".into(),
            Action::Quit => "quit".into(),
        }
    }

    /// The name used in the user's key file.
    pub fn config_name(&self) -> String {
        match self {
            Action::Procedure(id) => id.clone(),
            other => serde_json::to_value(other)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default(),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.desc())
    }
}
