//! Who may see an event: everyone, the umpire alone, or one side and the umpire.
//!
//! Hidden information is the core's: units behind concealment stands
//! ([`crate::model::roster::ColumnInfo`], [`crate::model::UnitState::concealed`]) are seen by their own side and
//! the umpire until an [`Effect::Exposed`] shows them to all. Every event carries its
//! [`Audience`], decided once when it is made ([`Battle::audience`]) and kept in the journal, so
//! that a report for one side, or a view the players watch, can leave out what a concealed unit
//! did until the event that exposed it. An undo or redo is seen by whoever saw the event it takes
//! back or puts back ([`audiences`]).

use super::history::{History, Stacks};
use super::{Battle, Entry, Event, EventKind, Partial};
use crate::declare::{ParamKind, Params, Value};
use crate::model::roster::Roster;
use crate::model::{Effect, Viewer};
use crate::ruleset::find_action;
use serde::{Deserialize, Serialize};

/// Who may see an event. Written into the journal as `"audience":"umpire"` or
/// `"audience":{"side":"ger"}`; an event seen by everyone is written without it, and a line
/// without it (every journal written before audiences existed) reads as [`Audience::Everyone`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Audience {
    /// Every side, and a public report.
    #[default]
    Everyone,
    /// The umpire alone (it concerns concealed units of more than one side).
    Umpire,
    /// The umpire and the side with this id (it concerns that side's concealed units).
    Side(String),
}

impl Audience {
    pub fn is_everyone(&self) -> bool {
        matches!(self, Audience::Everyone)
    }

    /// True when `viewer` may see what this audience may: the umpire sees everything; a side
    /// what is for everyone and what is for it; the public what is for everyone.
    pub fn admits(&self, viewer: Viewer, roster: &Roster) -> bool {
        match (self, viewer) {
            (Audience::Everyone, _) | (_, Viewer::Umpire) => true,
            (Audience::Side(id), Viewer::Side(s)) => {
                roster.sides.get(s).is_some_and(|x| x.id == *id)
            }
            (Audience::Umpire | Audience::Side(_), _) => false,
        }
    }

    /// A short tag for a log line: `None` for everyone, else `umpire only` or `ger only` (the
    /// side's id).
    pub fn tag(&self) -> Option<String> {
        match self {
            Audience::Everyone => None,
            Audience::Umpire => Some("umpire only".into()),
            Audience::Side(id) => Some(format!("{id} only")),
        }
    }

    /// Who may see it, in words for the umpire: `None` for everyone, else `the umpire only` or
    /// `the umpire and US Army (us) only`.
    pub fn describe(&self, roster: &Roster) -> Option<String> {
        match self {
            Audience::Everyone => None,
            Audience::Umpire => Some("the umpire only".into()),
            Audience::Side(id) => Some(match roster.side_index(id) {
                Some(s) => format!("the umpire and {} ({id}) only", roster.sides[s].name),
                None => format!("the umpire and {id} only"),
            }),
        }
    }
}

impl Event {
    /// True when `viewer` may see this event ([`Audience::admits`]). The roster names the sides:
    /// an audience keeps a side's id, a viewer its index.
    pub fn visible_to(&self, viewer: Viewer, roster: &Roster) -> bool {
        self.audience.admits(viewer, roster)
    }
}

/// Each entry's audience, in order: an event's own; an undo's or a redo's that of the event it
/// takes back or puts back; [`Audience::Everyone`] for an undo or redo that had nothing to act
/// on. Works on a battle's history or on records read from its journal
/// (`audiences(records.iter().map(|r| &r.entry))`). The targets of undos and redos are found by
/// replaying the entries over stand-ins of the events, by the history's own rules.
pub fn audiences<'a>(entries: impl IntoIterator<Item = &'a Entry>) -> Vec<&'a Audience> {
    static EVERYONE: Audience = Audience::Everyone;
    let entries: Vec<&Entry> = entries.into_iter().collect();
    let mut shadow = History::default();
    let mut out = Vec::with_capacity(entries.len());
    for entry in &entries {
        let target = match entry {
            Entry::Event(ev) => {
                shadow.push(Entry::Event(Event::stand_in(&ev.kind)));
                out.push(&ev.audience);
                continue;
            }
            Entry::Undo => shadow.undo_target(),
            Entry::Redo => shadow.redo_target(),
        };
        shadow.push((*entry).clone());
        out.push(match target.map(|t| entries[t]) {
            Some(Entry::Event(ev)) => &ev.audience,
            _ => &EVERYONE,
        });
    }
    out
}

/// How much of an entry a viewer may see.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sight {
    /// All of it.
    Whole,
    /// Its [`Partial`]: the part that concerns units in the open.
    Part,
    /// Nothing: not even that it happened.
    Nothing,
}

/// What `viewer` may see of each entry ([`audiences`]): an event whole when its audience admits
/// the viewer, else its part if it has one; an undo or redo as it may see the event it acts on.
pub fn sights<'a>(
    entries: impl IntoIterator<Item = &'a Entry>,
    viewer: Viewer,
    roster: &Roster,
) -> Vec<Sight> {
    let mut stacks = Stacks::default();
    let mut shown: Vec<Visibility> = Vec::new();
    for entry in entries {
        let v = Visibility::next(&mut stacks, entry, &shown, roster);
        shown.push(v);
    }
    shown.into_iter().map(|v| v.sight(viewer)).collect()
}

/// Who may see an entry and whether it keeps a part for the others, in four bytes: what
/// [`sights`] reads of it, for every viewer at once. A reader that keeps no events (the report)
/// keeps this of each entry instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Visibility {
    /// 0: everyone; 1: the umpire alone; `2 + s`: the umpire and the roster's side `s`.
    seen_by: u16,
    /// It has a [`Partial`] for those outside its audience.
    part: bool,
}

impl Visibility {
    /// Seen by everyone (an undo or redo that acted on nothing).
    pub const EVERYONE: Visibility = Visibility {
        seen_by: 0,
        part: false,
    };

    /// An event's own: its audience, and whether it keeps a part. An audience naming a side the
    /// roster does not have admits the umpire alone, as [`Audience::admits`] reads it.
    pub fn of(event: &Event, roster: &Roster) -> Visibility {
        let seen_by = match &event.audience {
            Audience::Everyone => 0,
            Audience::Umpire => 1,
            Audience::Side(id) => roster
                .side_index(id)
                .and_then(|s| u16::try_from(s + 2).ok())
                .unwrap_or(1),
        };
        Visibility {
            seen_by,
            part: event.partial.is_some(),
        }
    }

    /// The visibility of the next entry, `entry`, after those of `earlier` (every entry before
    /// it, in order), following undos and redos on `stacks`: an event's own; an undo's or a
    /// redo's that of the event it acts on; [`Visibility::EVERYONE`] for one that acts on
    /// nothing.
    pub fn next(
        stacks: &mut Stacks,
        entry: &Entry,
        earlier: &[Visibility],
        roster: &Roster,
    ) -> Visibility {
        let target = stacks.push(entry);
        match entry {
            Entry::Event(ev) => Visibility::of(ev, roster),
            Entry::Undo | Entry::Redo => target
                .and_then(|t| earlier.get(t).copied())
                .unwrap_or(Visibility::EVERYONE),
        }
    }

    /// What `viewer` may see of the entry: whole when its audience admits the viewer, else its
    /// part if it has one, else nothing.
    pub fn sight(self, viewer: Viewer) -> Sight {
        let admits = match (self.seen_by, viewer) {
            (0, _) | (_, Viewer::Umpire) => true,
            (1, _) | (_, Viewer::Public) => false,
            (code, Viewer::Side(s)) => usize::from(code) == s + 2,
        };
        if admits {
            Sight::Whole
        } else if self.part {
            Sight::Part
        } else {
            Sight::Nothing
        }
    }
}

/// The number each entry has in a viewer's copy of the battle, from its [`sights`]: the umpire's
/// copy numbers every entry as the journal does (from 1); another copy counts only the entries it
/// may see, whole or in part, so that no gap in its numbers tells when something it may not see
/// happened. `None` for an entry the copy leaves out.
pub fn numbers(sights: &[Sight], viewer: Viewer) -> Vec<Option<u64>> {
    let mut n = 0;
    sights
        .iter()
        .map(|s| {
            if viewer == Viewer::Umpire || *s != Sight::Nothing {
                n += 1;
                Some(n)
            } else {
                None
            }
        })
        .collect()
}

/// The indices of the entries `viewer` may see, oldest first ([`audiences`]).
pub fn visible_entries<'a>(
    entries: impl IntoIterator<Item = &'a Entry>,
    viewer: Viewer,
    roster: &Roster,
) -> Vec<usize> {
    audiences(entries)
        .into_iter()
        .enumerate()
        .filter(|(_, a)| a.admits(viewer, roster))
        .map(|(i, _)| i)
        .collect()
}

impl Event {
    /// An event that stands in for one of kind `kind` when only the history's undo and redo
    /// rules matter: nothing but whether it is the start (it allocates nothing).
    pub(crate) fn stand_in(kind: &EventKind) -> Event {
        Event {
            kind: if matches!(kind, EventKind::Start) {
                EventKind::Start
            } else {
                EventKind::Edit
            },
            summary: String::new(),
            audience: Audience::Everyone,
            resolutions: Vec::new(),
            effects: Vec::new(),
            notes: Vec::new(),
            offers: Vec::new(),
            partial: None,
        }
    }
}

/// The concealed units an event keeps hidden, those of them it concerns, and whether it concerns
/// a unit in the open too ([`Battle::reach`]).
struct Reach {
    hidden: Vec<usize>,
    concerned: Vec<usize>,
    in_the_open: bool,
}

/// `text` with every whole-word mention of `word` ([`mentions`]) replaced by `by`.
fn replace_word(text: &str, word: &str, by: &str) -> String {
    if word.is_empty() {
        return text.to_string();
    }
    let part = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '-' || c == '_');
    let mut out = String::with_capacity(text.len());
    let mut rest = 0;
    for (at, _) in text.match_indices(word) {
        if at < rest
            || part(text[..at].chars().next_back())
            || part(text[at + word.len()..].chars().next())
        {
            continue;
        }
        out.push_str(&text[rest..at]);
        out.push_str(by);
        rest = at + word.len();
    }
    out.push_str(&text[rest..]);
    out
}

/// True when `text` names `word` as a whole: not inside a longer id or word (the characters
/// either side, if any, are neither letters, digits, `-` nor `_`).
fn mentions(text: &str, word: &str) -> bool {
    if word.is_empty() {
        return false;
    }
    let part = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '-' || c == '_');
    text.match_indices(word).any(|(at, _)| {
        !part(text[..at].chars().next_back()) && !part(text[at + word.len()..].chars().next())
    })
}

/// The unit ids named by the inputs of `action` that hold units (of kind [`ParamKind::Unit`] or
/// [`ParamKind::List`]; a list item is read up to its `:qualifier`).
pub(crate) fn named_units<'p>(
    ruleset: &dyn crate::ruleset::Ruleset,
    action: &str,
    params: &'p Params,
) -> Vec<&'p str> {
    let Ok(def) = find_action(ruleset, action) else {
        return Vec::new();
    };
    let mut ids = Vec::new();
    for (name, value) in params.iter() {
        let holds_units = def
            .params
            .iter()
            .any(|p| p.name == name && matches!(p.kind, ParamKind::Unit | ParamKind::List));
        if !holds_units {
            continue;
        }
        match value {
            Value::Text(t) => ids.push(t.as_str()),
            Value::List(items) => {
                ids.extend(items.iter().map(|i| i.split(':').next().unwrap_or(i)));
            }
            Value::Bool(_) | Value::Int(_) | Value::Num(_) => {}
        }
    }
    ids
}

impl Battle {
    /// Who may see `event`, decided from the battle as it stands before it (the state it will be
    /// applied to). [`Battle::handle`] and [`Battle::start_event`] set every event's audience so.
    ///
    /// A unit is *kept hidden* by the event when it is concealed now and still concealed once
    /// the event's effects are applied (an [`Effect::Exposed`] — or a return to the table, which
    /// starts the unit afresh — brings it into the open). The event *concerns* a unit when:
    /// - an input of its procedure that holds units ([`ParamKind::Unit`], [`ParamKind::List`], by
    ///   the action's [`crate::declare::ParamDef`]s) names it, or an input of an offer it makes does;
    /// - one of its effects is on the unit (hits, removal, return, marker, exposure): this covers
    ///   the hand edits of markers and hits, and the automatic steps of a phase change;
    /// - its summary, a note or step, or an offer's text names the unit by id or by name, as a
    ///   whole word.
    ///
    /// Then, in this order:
    /// 1. a free-text note is seen by whom its writer chose: everyone, or the umpire alone (a
    ///    private note, [`Audience::Umpire`]); the start of the battle is seen by everyone:
    ///    everyone knows the battle began, and its opening state of a hidden unit (a regiment
    ///    short of a full tray) reaches a viewer only with the unit itself, through
    ///    [`crate::model::BattleView::visible_to`];
    /// 2. an event that concerns no unit it keeps hidden is seen by everyone — so an event that
    ///    exposes units is public, the exposed units being no longer concealed after it, and a
    ///    battle without concealed units has only public events;
    /// 3. an event that concerns units it keeps hidden, all of one side, is seen by the umpire
    ///    and that side ([`Audience::Side`], whichever side acted);
    /// 4. one that concerns hidden units of more than one side by the umpire alone.
    ///
    /// Rule 2 comes after the hidden units are counted: an event that exposes some units and
    /// concerns others it keeps hidden (the rest of a column left behind a deployed line) is
    /// not public, for it would tell the enemy what the stand still hides.
    ///
    /// An undo or redo is seen by whoever saw the event it acts on ([`audiences`]).
    pub fn audience(&self, event: &Event) -> Audience {
        if matches!(event.kind, EventKind::Note { .. }) && event.audience == Audience::Umpire {
            return Audience::Umpire;
        }
        let Some(reach) = self.reach(event) else {
            return Audience::Everyone;
        };
        let mut sides: Vec<usize> = reach
            .concerned
            .iter()
            .map(|&u| self.roster.units[u].side)
            .collect();
        sides.sort_unstable();
        sides.dedup();
        match sides.as_slice() {
            [] => Audience::Everyone,
            [side] => Audience::Side(self.roster.sides[*side].id.clone()),
            _ => Audience::Umpire,
        }
    }

    /// What a viewer outside `event`'s audience may see of it ([`Partial`]), decided with the
    /// audience from the battle as it stands before the event: a phase change, which everyone
    /// knows happened, and an event that also concerns a unit in the open (a visible unit's fight
    /// with a concealed one). Its summary names each concealed unit it concerns only as "a
    /// concealed unit"; its notes that name a concealed unit are left out. An event that concerns
    /// concealed units alone, and a note, have none: that they happened is the secret.
    pub fn partial(&self, event: &Event) -> Option<Partial> {
        if matches!(event.kind, EventKind::Note { .. } | EventKind::Start) {
            return None;
        }
        let reach = self.reach(event)?;
        if reach.concerned.is_empty() || (event.kind != EventKind::Advance && !reach.in_the_open) {
            return None;
        }
        let mut summary = event.summary.clone();
        for &u in &reach.concerned {
            let info = &self.roster.units[u];
            summary = replace_word(&summary, &info.name, "a concealed unit");
            summary = replace_word(&summary, &info.id, "a concealed unit");
        }
        let names_hidden = |t: &str| {
            reach.hidden.iter().any(|&u| {
                let info = &self.roster.units[u];
                mentions(t, &info.id) || mentions(t, &info.name)
            })
        };
        Some(Partial {
            summary,
            notes: event
                .notes
                .iter()
                .filter(|n| !names_hidden(n))
                .cloned()
                .collect(),
        })
    }

    /// The concealed units `event` concerns and keeps hidden, and whether it concerns a unit in
    /// the open too; `None` when it keeps no unit hidden (or the battle hides none), as
    /// [`Battle::audience`] reads an event.
    fn reach(&self, event: &Event) -> Option<Reach> {
        if matches!(event.kind, EventKind::Start) || !self.state.units.iter().any(|u| u.hidden()) {
            return None;
        }
        let mut after = self.state.clone();
        for e in &event.effects {
            after.apply(&self.roster, self.ruleset.declaration(), e);
        }
        let hidden: Vec<usize> = (0..self.roster.units.len())
            .filter(|&u| self.state.units[u].hidden() && after.units[u].hidden())
            .collect();
        if hidden.is_empty() {
            return None;
        }
        let mut ids: Vec<&str> = Vec::new();
        if let EventKind::Act { action, params } = &event.kind {
            ids.extend(named_units(self.ruleset, action, params));
        }
        for offer in &event.offers {
            ids.extend(named_units(self.ruleset, &offer.action, &offer.params));
        }
        for e in &event.effects {
            match e {
                Effect::Hits { unit, .. }
                | Effect::Removed { unit, .. }
                | Effect::Returned { unit }
                | Effect::Marker { unit, .. }
                | Effect::Exposed { unit, .. }
                | Effect::Arrival { unit, .. } => ids.push(unit),
                // The unit a marker now names is named by the event too.
                Effect::MarkerUnit { unit, value, .. } => {
                    ids.extend([unit.as_str(), value.as_str()])
                }
                Effect::Counter { .. }
                | Effect::Area { .. }
                | Effect::Phase { .. }
                | Effect::TurnLimit { .. }
                | Effect::Result { .. }
                | Effect::Joined { .. } => {}
            }
        }
        let texts: Vec<&str> = std::iter::once(event.summary.as_str())
            .chain(event.notes.iter().map(String::as_str))
            .chain(event.offers.iter().map(|o| o.text.as_str()))
            .chain(match &event.kind {
                EventKind::Note { text } => Some(text.as_str()),
                _ => None,
            })
            .collect();
        let concerned = |u: usize| {
            let info = &self.roster.units[u];
            ids.contains(&info.id.as_str())
                || texts
                    .iter()
                    .any(|t| mentions(t, &info.id) || mentions(t, &info.name))
        };
        let concerned_hidden: Vec<usize> =
            hidden.iter().copied().filter(|&u| concerned(u)).collect();
        let in_the_open =
            (0..self.roster.units.len()).any(|u| !self.state.units[u].hidden() && concerned(u));
        Some(Reach {
            hidden,
            concerned: concerned_hidden,
            in_the_open,
        })
    }

    /// Each entry of the battle's history with its audience ([`audiences`]).
    pub fn audiences(&self) -> Vec<&Audience> {
        audiences(self.history.entries())
    }

    /// The indices of the history's entries `viewer` may see, oldest first.
    pub fn entries_visible_to(&self, viewer: Viewer) -> Vec<usize> {
        visible_entries(self.history.entries(), viewer, &self.roster)
    }

    /// True when an input of `action` that holds units names a unit `viewer` may not see now
    /// (one still concealed, for the public): what such a procedure would do, its odds
    /// included, is the unit's secret.
    pub fn names_hidden_units(&self, action: &str, params: &Params, viewer: Viewer) -> bool {
        let view = self.view();
        named_units(self.ruleset, action, params)
            .into_iter()
            .filter_map(|id| self.roster.unit_index(id))
            .any(|u| !view.visible_to(u, viewer))
    }

    /// True when `text` names a unit `viewer` may not see now, by its id or its name as a whole
    /// word (as [`Battle::audience`] reads the texts of an event).
    pub fn text_names_hidden_units(&self, text: &str, viewer: Viewer) -> bool {
        let view = self.view();
        (0..self.roster.units.len())
            .filter(|&u| !view.visible_to(u, viewer))
            .any(|u| {
                let info = &self.roster.units[u];
                mentions(text, &info.id) || mentions(text, &info.name)
            })
    }
}

#[cfg(test)]
mod tests {
    //! The battles here are Newport's demonstration, with units concealed by hand in the state
    //! (as a concealment stand would start them): the audience is the core's, whatever rule set
    //! declares the stands.

    use super::*;
    use crate::battle::journal::Journal;
    use crate::battle::session::{LeanRecord, Record};
    use crate::battle::{BattleError, Command};
    use crate::cli::play::{DEMO_NAME, DEMO_SCENARIO};
    use crate::dice::{SeededDice, TypedDice};
    use crate::ruleset::{Offer, Ruleset};
    use chrono::{TimeZone, Utc};

    /// The demonstration battle at its start, with `hidden` concealed from the start.
    fn battle(hidden: &[&str]) -> Battle {
        let mut b = Battle::new(crate::scenario::parse(DEMO_NAME, DEMO_SCENARIO).unwrap());
        for id in hidden {
            let u = b.roster.unit_index(id).unwrap();
            b.initial.units[u].concealed = true;
            b.state.units[u].concealed = true;
        }
        let start = b.start_event();
        b.apply(start).unwrap();
        b
    }

    fn side(b: &Battle, id: &str) -> Viewer {
        Viewer::Side(b.roster.side_index(id).unwrap())
    }

    fn run(b: &mut Battle, cmd: &Command) -> Event {
        let entry = b.handle(cmd, &mut TypedDice::default()).unwrap();
        b.apply(entry.clone()).unwrap();
        match entry {
            Entry::Event(e) => e,
            other => panic!("{other:?}"),
        }
    }

    fn edit(summary: &str, effects: Vec<Effect>) -> Event {
        Event {
            kind: EventKind::Edit,
            summary: summary.into(),
            audience: Audience::Everyone,
            resolutions: Vec::new(),
            effects,
            notes: Vec::new(),
            offers: Vec::new(),
            partial: None,
        }
    }

    fn exposed(unit: &str) -> Effect {
        Effect::Exposed {
            unit: unit.into(),
            cause: "an enemy within 16\"".into(),
        }
    }

    fn hits(unit: &str, hits: u32) -> Effect {
        Effect::Hits {
            unit: unit.into(),
            hits,
        }
    }

    #[test]
    fn an_event_on_a_concealed_unit_is_seen_by_its_side_and_the_umpire() {
        let mut b = battle(&["g11"]);
        let (us, ger) = (side(&b, "us"), side(&b, "ger"));
        for cmd in [
            Command::SetHits {
                unit: "g11".into(),
                hits: 1,
            },
            Command::SetMarker {
                unit: "g11".into(),
                marker: "suppressed".into(),
                value: Some(1),
            },
        ] {
            let ev = run(&mut b, &cmd);
            assert_eq!(ev.audience, Audience::Side("ger".into()), "{cmd:?}");
            assert!(ev.visible_to(Viewer::Umpire, &b.roster));
            assert!(ev.visible_to(ger, &b.roster));
            assert!(!ev.visible_to(us, &b.roster));
            assert!(!ev.visible_to(Viewer::Public, &b.roster));
        }
        // Units in the open, counters and notes are everyone's.
        for cmd in [
            Command::SetHits {
                unit: "g12".into(),
                hits: 1,
            },
            Command::SetCounter {
                scope: "ger".into(),
                name: "cp".into(),
                value: Some(2),
            },
            Command::Note {
                text: "the hedge is thick here".into(),
                private: false,
            },
        ] {
            let ev = run(&mut b, &cmd);
            assert_eq!(ev.audience, Audience::Everyone, "{cmd:?}");
            assert!(ev.visible_to(Viewer::Public, &b.roster));
        }
        // A note written for everyone that names a concealed unit, by id or by name, is that
        // unit's side's, and the umpire is told so when it is written.
        let name = b.roster.units[b.roster.unit_index("g11").unwrap()]
            .name
            .clone();
        for text in [
            "g11 is behind the hedge".to_string(),
            format!("{name} waits"),
        ] {
            let ev = run(
                &mut b,
                &Command::Note {
                    text,
                    private: false,
                },
            );
            assert_eq!(ev.audience, Audience::Side("ger".into()));
            assert!(!ev.visible_to(us, &b.roster));
            assert!(
                ev.notes[0].contains("names a unit still concealed"),
                "{:?}",
                ev.notes
            );
            assert_eq!(ev.partial, None, "nothing of a note reaches the enemy");
        }
    }

    #[test]
    fn a_side_sees_its_own_units_part_of_an_event_with_a_concealed_unit_named_only_as_such() {
        let mut b = battle(&["g11"]);
        let advanced = b
            .handle(&Command::Advance, &mut SeededDice::new(7))
            .unwrap();
        b.apply(advanced).unwrap();
        let name = b.roster.units[b.roster.unit_index("g11").unwrap()]
            .name
            .clone();
        // Side us's stand fires at the concealed g11: the event is the Germans', and us sees its
        // stand's part of it with g11 named only as a concealed unit.
        let fire = Command::Act {
            action: "fire".into(),
            params: Params::new()
                .with("firer", Value::Text("1-1".into()))
                .with("target", Value::Text("g11".into()))
                .with("range", Value::Num(6.0)),
        };
        let entry = b.handle(&fire, &mut SeededDice::new(7)).unwrap();
        b.apply(entry.clone()).unwrap();
        let Entry::Event(ev) = entry else {
            panic!("{entry:?}")
        };
        assert_eq!(ev.audience, Audience::Side("ger".into()));
        let part = ev
            .partial
            .clone()
            .expect("a part for those outside the audience");
        assert!(part.summary.contains("a concealed unit"), "{part:?}");
        assert!(part.summary.contains("1-1"), "{part:?}");
        assert!(
            !part.summary.contains("g11") && !part.summary.contains(&name),
            "{part:?}"
        );
        let sights = sights(b.history().entries(), side(&b, "us"), &b.roster);
        assert_eq!(sights.last(), Some(&Sight::Part));
        let sights = sights_of(&b, Viewer::Public);
        assert_eq!(sights.last(), Some(&Sight::Part));
        // A hand edit on the concealed stand alone: nothing of it reaches the others.
        let ev = run(
            &mut b,
            &Command::SetMarker {
                unit: "g11".into(),
                marker: "suppressed".into(),
                value: None,
            },
        );
        assert_eq!(ev.partial, None);
        assert_eq!(sights_of(&b, Viewer::Public).last(), Some(&Sight::Nothing));
        // Its undo likewise; the undo of the fire is seen in part as the fire was.
        let undo = |b: &mut Battle| {
            let entry = b.handle(&Command::Undo, &mut TypedDice::default()).unwrap();
            b.apply(entry).unwrap();
        };
        undo(&mut b);
        assert_eq!(sights_of(&b, Viewer::Public).last(), Some(&Sight::Nothing));
        undo(&mut b);
        assert_eq!(sights_of(&b, Viewer::Public).last(), Some(&Sight::Part));
        // Numbers in a side's copy skip nothing it saw and count nothing it did not.
        let s = sights_of(&b, Viewer::Public);
        let n = numbers(&s, Viewer::Public);
        assert_eq!(
            n.iter().flatten().count(),
            s.iter().filter(|x| **x != Sight::Nothing).count()
        );
        assert_eq!(
            n.iter().flatten().copied().collect::<Vec<_>>(),
            (1..=n.iter().flatten().count() as u64).collect::<Vec<_>>()
        );
        assert_eq!(
            numbers(&s, Viewer::Umpire),
            (1..=s.len() as u64).map(Some).collect::<Vec<_>>()
        );
    }

    fn sights_of(b: &Battle, viewer: Viewer) -> Vec<Sight> {
        sights(b.history().entries(), viewer, &b.roster)
    }

    #[test]
    fn a_procedure_naming_a_concealed_unit_is_its_sides_and_naming_both_sides_the_umpires() {
        let fire = Command::Act {
            action: "fire".into(),
            params: Params::new()
                .with("firer", Value::Text("1-1".into()))
                .with("target", Value::Text("g11".into()))
                .with("range", Value::Num(12.0)),
        };
        let act = |hidden: &[&str]| {
            let mut b = battle(hidden);
            let advanced = b
                .handle(&Command::Advance, &mut SeededDice::new(7))
                .unwrap();
            b.apply(advanced).unwrap();
            match b.handle(&fire, &mut SeededDice::new(7)) {
                Ok(Entry::Event(ev)) => ev.audience,
                other => panic!("{other:?}"),
            }
        };
        assert_eq!(act(&[]), Audience::Everyone);
        assert_eq!(act(&["g11"]), Audience::Side("ger".into()));
        assert_eq!(act(&["1-1"]), Audience::Side("us".into()));
        assert_eq!(act(&["1-1", "g11"]), Audience::Umpire);
        assert_eq!(act(&["g12"]), Audience::Everyone, "g12 is not in it");

        // A list of units names each, qualifiers aside; an offer's inputs count too.
        let b = battle(&["g12"]);
        let mut ev = edit("", Vec::new());
        ev.kind = EventKind::Act {
            action: "fire".into(),
            params: Params::new().with("firer", Value::Text("1-1".into())),
        };
        assert_eq!(b.audience(&ev), Audience::Everyone);
        ev.offers.push(Offer {
            action: "fire".into(),
            text: "opportunity fire".into(),
            actor_param: "firer".into(),
            params: Params::new().with("target", Value::Text("g12".into())),
        });
        assert_eq!(b.audience(&ev), Audience::Side("ger".into()));
        let newport: &dyn Ruleset = &crate::rules::newport::Newport;
        let list = newport
            .actions()
            .find_map(|a| {
                a.params
                    .iter()
                    .find(|p| p.kind == ParamKind::List)
                    .map(|p| (a.id, p.name))
            })
            .expect("a Newport procedure with a list of units");
        ev.offers.clear();
        ev.kind = EventKind::Act {
            action: list.0.into(),
            params: Params::new().with(list.1, Value::List(vec!["g13".into(), "g12:hard".into()])),
        };
        assert_eq!(b.audience(&ev), Audience::Side("ger".into()));
    }

    #[test]
    fn the_event_that_exposes_a_unit_is_everyones() {
        let mut b = battle(&["g11", "g12"]);
        let us = side(&b, "us");
        // g11 is exposed and hit: everyone sees it, and everything after it.
        let ev = edit(
            "1. Gruppe, 1. Zug (g11) is exposed and takes a hit",
            vec![exposed("g11"), hits("g11", 1)],
        );
        assert_eq!(b.audience(&ev), Audience::Everyone);
        // Exposing g11 while naming g12, still behind the stand, would tell what it hides.
        let mixed = edit(
            "g11 deploys; 2. Gruppe, 1. Zug stays behind the stand",
            vec![exposed("g11")],
        );
        assert_eq!(b.audience(&mixed), Audience::Side("ger".into()));
        b.apply(Entry::Event(Event {
            audience: b.audience(&ev),
            ..ev
        }))
        .unwrap();
        let after = run(
            &mut b,
            &Command::SetHits {
                unit: "g11".into(),
                hits: 2,
            },
        );
        assert_eq!(after.audience, Audience::Everyone);
        let hidden = run(
            &mut b,
            &Command::SetHits {
                unit: "g12".into(),
                hits: 1,
            },
        );
        assert!(!hidden.visible_to(us, &b.roster));
        assert_eq!(b.entries_visible_to(us), [0, 1, 2]);
        assert_eq!(b.entries_visible_to(Viewer::Umpire), [0, 1, 2, 3]);
    }

    #[test]
    fn a_phase_change_is_seen_by_the_sides_whose_concealed_units_it_involves() {
        let b = battle(&["g11", "1-1"]);
        let mut ev = edit("Action → turn 2, us, Command", Vec::new());
        ev.kind = EventKind::Advance;
        assert_eq!(b.audience(&ev), Audience::Everyone);
        // A step naming a unit by id or by name, or an effect on it.
        ev.notes = vec!["g11: Retiring — over".into()];
        assert_eq!(b.audience(&ev), Audience::Side("ger".into()));
        ev.notes = vec!["1st Squad, 1st Platoon rallies".into()];
        assert_eq!(b.audience(&ev), Audience::Side("us".into()));
        ev.effects = vec![Effect::Marker {
            unit: "g11".into(),
            marker: "suppressed".into(),
            value: None,
        }];
        assert_eq!(b.audience(&ev), Audience::Umpire);
        // Ids inside longer words are other units.
        ev.effects.clear();
        ev.notes = vec!["g111 and 11-1 and 1-1x hold".into()];
        assert_eq!(b.audience(&ev), Audience::Everyone);
    }

    #[test]
    fn undo_and_redo_are_seen_by_whoever_saw_the_event() {
        let mut b = battle(&["g11"]);
        let us = side(&b, "us");
        let ev = run(
            &mut b,
            &Command::SetHits {
                unit: "g11".into(),
                hits: 1,
            },
        );
        assert_eq!(ev.audience, Audience::Side("ger".into()));
        for cmd in [Command::Undo, Command::Redo, Command::Undo] {
            let entry = b.handle(&cmd, &mut TypedDice::default()).unwrap();
            b.apply(entry).unwrap();
        }
        run(
            &mut b,
            &Command::SetHits {
                unit: "1-1".into(),
                hits: 1,
            },
        );
        // The start, the event, undo, redo, undo, a public event; then an undo with nothing of
        // the hidden event to take back.
        let ger = Audience::Side("ger".into());
        assert_eq!(
            b.audiences(),
            [
                &Audience::Everyone,
                &ger,
                &ger,
                &ger,
                &ger,
                &Audience::Everyone
            ]
        );
        assert_eq!(b.entries_visible_to(us), [0, 5]);
        assert_eq!(b.entries_visible_to(Viewer::Public), [0, 5]);
        assert_eq!(b.entries_visible_to(side(&b, "ger")), [0, 1, 2, 3, 4, 5]);
        // What each viewer sees whole is what its audience admits, undos and redos included.
        for viewer in [us, side(&b, "ger"), Viewer::Public, Viewer::Umpire] {
            let whole: Vec<usize> = sights_of(&b, viewer)
                .iter()
                .enumerate()
                .filter(|(_, s)| **s == Sight::Whole)
                .map(|(i, _)| i)
                .collect();
            assert_eq!(whole, b.entries_visible_to(viewer), "{viewer:?}");
        }
        // The event kept in the history keeps its audience.
        assert_eq!(b.redo_preview(), None);
        match &b.history().entries()[1] {
            Entry::Event(e) => assert_eq!(e.audience, ger),
            other => panic!("{other:?}"),
        }
        // An undo with nothing to act on is everyone's.
        let mut b = battle(&[]);
        b.history.push(Entry::Undo);
        assert_eq!(b.audiences(), [&Audience::Everyone, &Audience::Everyone]);
        assert_eq!(sights_of(&b, Viewer::Public), [Sight::Whole, Sight::Whole]);
    }

    #[test]
    fn the_journal_keeps_the_audience_and_a_line_without_one_is_everyones() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("b.jsonl");
        let mut b = battle(&["g11", "1-1"]);
        let mut journal = Journal::create(&path, &serde_json::json!({"format": 2})).unwrap();
        let at = Utc.timestamp_opt(1_700_000_000, 0).unwrap();
        let mut written = Vec::new();
        for (seq, cmd) in [
            Command::SetHits {
                unit: "g11".into(),
                hits: 1,
            },
            Command::SetHits {
                unit: "g12".into(),
                hits: 1,
            },
            Command::Undo,
        ]
        .iter()
        .enumerate()
        {
            let entry = b.handle(cmd, &mut TypedDice::default()).unwrap();
            let record = Record {
                seq: seq as u64 + 1,
                at,
                dice: None,
                entry: entry.clone(),
            };
            journal.append(&record).unwrap();
            b.apply(entry).unwrap();
            written.push(record);
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert!(
            lines[1].contains(r#""summary":"1. Gruppe, 1. Zug (g11): hits set to 1 by hand","audience":{"side":"ger"}"#),
            "{}",
            lines[1]
        );
        assert!(!lines[2].contains("audience"), "everyone's is not written");
        drop(journal);
        // Read back with its checksums, in full and lean.
        let loaded = Journal::read::<serde_json::Value, Record>(&path).unwrap();
        assert_eq!(loaded.entries, written);
        let lean = Journal::read::<serde_json::Value, LeanRecord>(&path).unwrap();
        assert_eq!(
            audiences(lean.entries.iter().map(|r| &r.0.entry)),
            [
                &Audience::Side("ger".into()),
                &Audience::Everyone,
                &Audience::Everyone
            ]
        );
        // A line written before audiences reads as everyone's.
        let old = r#"{"seq":5,"at":"2025-10-09T08:53:24Z","entry":"event","kind":"note","text":"x","summary":"Note: x"}"#;
        match serde_json::from_str::<Record>(old).unwrap().entry {
            Entry::Event(e) => assert_eq!(e.audience, Audience::Everyone),
            other => panic!("{other:?}"),
        }
        let umpire = r#"{"seq":5,"at":"2025-10-09T08:53:24Z","entry":"event","kind":"edit","summary":"x","audience":"umpire"}"#;
        match serde_json::from_str::<LeanRecord>(umpire).unwrap().0.entry {
            Entry::Event(e) => assert_eq!(e.audience, Audience::Umpire),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_replayed_event_seen_by_a_side_the_battle_lacks_is_refused() {
        let mut b = battle(&[]);
        let mut ev = edit("x", vec![hits("g11", 1)]);
        ev.audience = Audience::Side("fr".into());
        let e = b.apply(Entry::Event(ev)).unwrap_err();
        assert!(matches!(e, BattleError::Invalid(_)), "{e}");
        assert_eq!(
            e.to_string(),
            "an event seen by side `fr`, which this battle does not have"
        );
    }

    #[test]
    fn an_audience_in_words() {
        let b = battle(&[]);
        assert_eq!(Audience::Everyone.describe(&b.roster), None);
        assert_eq!(
            Audience::Umpire.describe(&b.roster).as_deref(),
            Some("the umpire only")
        );
        assert_eq!(
            Audience::Side("ger".into()).describe(&b.roster).as_deref(),
            Some("the umpire and 5. Kompanie, Grenadier-Regiment 916 (ger) only")
        );
        assert_eq!(Audience::Everyone.tag(), None);
        assert_eq!(Audience::Umpire.tag().as_deref(), Some("umpire only"));
        assert_eq!(
            Audience::Side("ger".into()).tag().as_deref(),
            Some("ger only")
        );
    }

    #[test]
    fn a_word_is_named_whole() {
        assert!(mentions("g11: over", "g11"));
        assert!(mentions("fire at (g11)", "g11"));
        assert!(!mentions("g111", "g11"));
        assert!(!mentions("1-1-2", "1-1"));
        assert!(!mentions("x_g11", "g11"));
        assert!(mentions("a g11 then g111", "g111"));
        assert!(!mentions("anything", ""));
    }
}
