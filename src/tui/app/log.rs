//! The log as the umpire reads it back: each entry one line, an undo or redo naming what it took
//! back or put back, the keys moved to the log to select an entry and reopen its whole result
//! (read from the journal, since the battle in memory keeps no explanations), and a search.
//!
//! The log lists the entries of [`App::log_entries`] (with the secrets hidden, only those
//! everyone may see), numbered in the order listed; scrolling, selecting, searching and reopening
//! go through those alone.

use super::*;
use crate::battle::History;
use crate::model::Viewer;

/// The log pane's state.
#[derive(Clone, Debug, Default)]
pub struct LogState {
    /// The log has the keys ([`Action::LogFocus`] moves them between the roster and the log).
    pub focused: bool,
    /// The selected entry (an index into the battle's history) while the log has the keys.
    pub cursor: usize,
    /// What the log was last searched for.
    pub search: Option<String>,
    /// The entry whose result is open, reopened from the journal (`None`: a result just made).
    pub opened: Option<usize>,
    /// Where a search being typed started from: it finds the newest match at or before it.
    anchor: usize,
    /// For each undo or redo entry, the event it took back or put back: `(entry, event)`, in
    /// entry order.
    marks: Vec<(usize, usize)>,
    /// How many of the history's entries `marks` accounts for.
    seen: usize,
}

impl LogState {
    /// The event that undo or redo entry `entry` took back or put back (`None` for one that had
    /// nothing to act on, or for an event).
    pub fn target(&self, entry: usize) -> Option<usize> {
        self.marks
            .binary_search_by_key(&entry, |&(e, _)| e)
            .ok()
            .map(|i| self.marks[i].1)
    }

    /// Accounts for the entries added to `history` since the last call. An undo or redo among
    /// them has its target found by replaying the entries' undo and redo marks over stand-ins of
    /// the events (the history's own rules, nothing kept but the marks); entries that are all
    /// events cost nothing.
    pub fn sync(&mut self, history: &History) {
        let entries = history.entries();
        if entries.len() == self.seen {
            return;
        }
        // An event added changes no earlier undo's target.
        let marks_added = entries
            .iter()
            .skip(self.seen.min(entries.len()))
            .any(|e| !matches!(e, Entry::Event(_)));
        self.seen = entries.len();
        if !marks_added {
            return;
        }
        let mut shadow = History::default();
        self.marks.clear();
        for (i, e) in entries.iter().enumerate() {
            match e {
                Entry::Event(ev) => shadow.push(Entry::Event(Event::stand_in(&ev.kind))),
                Entry::Undo => {
                    if let Some(t) = shadow.undo_target() {
                        self.marks.push((i, t));
                    }
                    shadow.push(Entry::Undo);
                }
                Entry::Redo => {
                    if let Some(t) = shadow.redo_target() {
                        self.marks.push((i, t));
                    }
                    shadow.push(Entry::Redo);
                }
            }
        }
    }
}

impl App {
    /// Entry `i` of the log in full (without its number): an event's summary, or what an undo
    /// took back or a redo put back; `[ger only]` or `[umpire only]` before one that not everyone
    /// may see. The search reads it as well as [`App::log_line`].
    pub fn log_text(&self, i: usize) -> String {
        self.entry_words(i, false)
    }

    /// Entry `i` as the log shows it (without its number): what happened, first and short
    /// ([`headline`]), or what an undo took back or a redo put back, in the same words.
    pub fn log_line(&self, i: usize) -> String {
        self.entry_words(i, true)
    }

    /// Entry `i` in words, `short` as [`headline`] has it or in full.
    fn entry_words(&self, i: usize, short: bool) -> String {
        let b = self.battle();
        let entries = b.history().entries();
        // An event not everyone may see says whose it is: the umpire must not read it out.
        let roster = &b.roster;
        let summary = |t: usize| match entries.get(t) {
            // With the secrets hidden, an event not everyone may see is shown as its part, whose
            // words name a concealed unit only as such.
            Some(Entry::Event(e))
                if self.secrets_hidden && !e.visible_to(Viewer::Public, roster) =>
            {
                let part = e
                    .partial
                    .as_ref()
                    .map(|p| p.summary.as_str())
                    .unwrap_or_default();
                if short {
                    short_labels(b, part)
                } else {
                    part.to_string()
                }
            }
            Some(Entry::Event(e)) => {
                let words = if !short {
                    e.summary.clone()
                } else {
                    // The short line names units the summary names in other words: with the
                    // secrets hidden it is shown only when it names no concealed unit.
                    Some(headline(e, b))
                        .filter(|h| self.shows_text(h))
                        .unwrap_or_else(|| e.summary.clone())
                };
                match e.audience.tag() {
                    Some(tag) => format!("[{tag}] {words}"),
                    None => words,
                }
            }
            _ => String::new(),
        };
        match entries.get(i) {
            Some(Entry::Event(_)) => summary(i),
            Some(Entry::Undo) => match self.log.target(i) {
                Some(t) => format!("↶ undone: {}", summary(t)),
                None => "↶ undo (nothing to take back)".into(),
            },
            Some(Entry::Redo) => match self.log.target(i) {
                Some(t) => format!("↷ redone: {}", summary(t)),
                None => "↷ redo (nothing to put back)".into(),
            },
            None => String::new(),
        }
    }

    /// Brings the log's account of undos and redos up to date with the battle.
    pub(super) fn sync_log(&mut self) {
        let history = self.session.battle().history();
        self.log.sync(history);
    }

    /// The number the log gives entry `i` (an index into the battle's history): its place among
    /// the entries listed, from 1 (with the secrets hidden, an entry not listed has the number of
    /// the next one listed).
    pub fn log_number(&self, i: usize) -> usize {
        place(&self.log_entries(), i) + 1
    }

    /// How many entries the log pane shows at once (from the last draw; before the first, as
    /// many as there are).
    fn log_rows(&self) -> usize {
        match self.areas.get().log.height {
            0 => self.log_entries().len().max(1),
            h => usize::from(h.saturating_sub(2)).max(1),
        }
    }

    /// Scrolls the log just enough to show the selected entry.
    fn show_log_cursor(&mut self) {
        let listed = self.log_entries();
        let n = listed.len();
        let rows = self.log_rows();
        let end = n.saturating_sub(self.log_back);
        let c = place(&listed, self.log.cursor);
        if c >= end {
            self.log_back = n.saturating_sub(c + 1);
        } else if c.saturating_add(rows) < end {
            self.log_back = n.saturating_sub(c + rows);
        }
    }

    /// Keeps the log's selection and scrolling within the entries it lists (after the secrets
    /// were hidden): a selected entry no longer listed gives way to the one listed before it,
    /// or else the first.
    pub(super) fn keep_log_selection(&mut self) {
        let listed = self.log_entries();
        if listed.binary_search(&self.log.cursor).is_err() {
            let at = place(&listed, self.log.cursor);
            self.log.cursor = listed
                .get(at.saturating_sub(1))
                .or(listed.first())
                .copied()
                .unwrap_or(0);
        }
        self.log_back = self.log_back.min(listed.len().saturating_sub(1));
    }

    /// Gives the keys to the log, the newest entry shown selected, or back to the roster.
    pub(super) fn toggle_log_focus(&mut self) {
        if self.log.focused {
            self.log.focused = false;
            return;
        }
        let listed = self.log_entries();
        self.log.focused = true;
        self.log.cursor = listed
            .len()
            .checked_sub(self.log_back + 1)
            .map_or(0, |k| listed[k]);
        self.info("the log has the keys: enter opens an entry's whole result");
    }

    /// An action while the log has the keys: moving through it, searching it. False when the
    /// action is not the log's (it is then carried out as from the roster).
    pub(super) fn on_log_action(&mut self, action: &Action) -> bool {
        let listed = self.log_entries();
        let last = listed.len().saturating_sub(1);
        let page = self.log_rows().saturating_sub(1).max(1);
        let c = place(&listed, self.log.cursor).min(last);
        let at = match action {
            Action::Up | Action::LogBack => c.saturating_sub(1),
            Action::Down | Action::LogForward => (c + 1).min(last),
            Action::PageUp => c.saturating_sub(page),
            Action::PageDown => (c + page).min(last),
            Action::Top => 0,
            Action::Bottom => last,
            Action::Search => {
                self.open_log_search();
                return true;
            }
            _ => return false,
        };
        self.log.cursor = listed.get(at).copied().unwrap_or(0);
        self.show_log_cursor();
        true
    }

    /// The mouse acts where it points, whichever pane has the keys: the wheel over the log
    /// scrolls it, over the roster moves the roster's cursor; a click on the roster gives it the
    /// keys back.
    pub(super) fn on_log_mouse(&mut self, m: MouseEvent) {
        let log_keys = std::mem::take(&mut self.log.focused);
        self.on_mouse(m);
        let roster = self.areas.get().roster;
        let on_roster = m.column >= roster.x
            && m.column < roster.x + roster.width
            && m.row >= roster.y
            && m.row < roster.y + roster.height;
        self.log.focused =
            log_keys && !(on_roster && matches!(m.kind, MouseEventKind::Down(MouseButton::Left)));
    }

    /// A key the log handles itself while it has the keys (as a form does): enter opens the
    /// selected entry, esc gives the keys back to the roster. True when it was handled.
    pub(super) fn on_log_key(&mut self, key: &KeyEvent) -> bool {
        if !self.log.focused || !key.modifiers.difference(KeyModifiers::SHIFT).is_empty() {
            return false;
        }
        match key.code {
            KeyCode::Enter => {
                self.message = None;
                self.open_entry(self.log.cursor);
                true
            }
            KeyCode::Esc => {
                self.log.focused = false;
                self.message = None;
                true
            }
            _ => false,
        }
    }

    /// Opens entry `i`'s whole result, read back from the journal; an undo or redo opens the
    /// event it took back or put back. An entry the log does not list (with the secrets hidden)
    /// is not opened.
    pub fn open_entry(&mut self, i: usize) {
        let listed = self.log_entries();
        let entry = match self.battle().history().entries().get(i) {
            None if listed.is_empty() => {
                self.error("the log is empty");
                return;
            }
            Some(_) if listed.binary_search(&i).is_ok() => &self.battle().history().entries()[i],
            _ => {
                self.error("no such entry in the log");
                return;
            }
        };
        let number = |e: usize| place(&listed, e) + 1;
        let target = match entry {
            Entry::Event(_) => i,
            _ => match self.log.target(i) {
                Some(t) => {
                    let what = if matches!(entry, Entry::Undo) {
                        "took back"
                    } else {
                        "put back"
                    };
                    self.info(format!("entry {} {what} entry {}", number(i), number(t)));
                    t
                }
                None => {
                    self.error(format!("entry {} changed nothing", number(i)));
                    return;
                }
            },
        };
        match self.session.record(target) {
            Ok(Record {
                entry: Entry::Event(e),
                ..
            }) => {
                self.mode = Mode::Result {
                    event: Box::new(e),
                    scroll: 0,
                };
                self.log.opened = Some(target);
            }
            Ok(other) => self.error(format!(
                "entry {}: the journal holds {:?} there, not an event",
                target + 1,
                other.entry
            )),
            Err(e) => self.error(e.to_string()),
        }
    }

    // ---- search --------------------------------------------------------------------------------

    /// Opens the log's search prompt; the log takes the keys.
    pub(super) fn open_log_search(&mut self) {
        if !self.log.focused {
            self.toggle_log_focus();
        }
        self.log.anchor = self.log.cursor;
        self.prompt(Prompt::LogSearch);
    }

    /// Whether entry `i`, numbered `number` in the log, matches `needle` (lower case).
    fn log_matches(&self, i: usize, number: usize, needle: &str) -> bool {
        needle == number.to_string()
            || self.log_line(i).to_lowercase().contains(needle)
            || self.log_text(i).to_lowercase().contains(needle)
    }

    /// The nearest entry listed matching `text` from `from` (included; or, not listed, the
    /// entry listed after it) going back (older) or forward (newer), round the log.
    fn find_in_log(&self, text: &str, from: usize, older: bool) -> Option<usize> {
        let needle = text.to_lowercase();
        let listed = self.log_entries();
        let n = listed.len();
        if needle.is_empty() || n == 0 {
            return None;
        }
        let from = place(&listed, from).min(n - 1);
        (0..n)
            .map(|k| {
                if older {
                    (from + n - k) % n
                } else {
                    (from + k) % n
                }
            })
            .find(|&k| self.log_matches(listed[k], k + 1, &needle))
            .map(|k| listed[k])
    }

    /// The search as typed: the newest match at or before where it started. True when found.
    pub(super) fn log_search(&mut self, text: &str) -> bool {
        match self.find_in_log(text, self.log.anchor, true) {
            Some(i) => {
                self.log.cursor = i;
                self.log.search = Some(text.to_string());
                self.show_log_cursor();
                true
            }
            None => false,
        }
    }

    /// The search prompt closed with enter: the search stands (an empty one repeats the last).
    pub(super) fn finish_log_search(&mut self, text: String) {
        if text.is_empty() {
            self.next_match(true);
            return;
        }
        self.log.search = Some(text.clone());
        if !self.log_search(&text) {
            self.error(format!("no log entry matches {text:?}"));
        }
    }

    /// Goes to the next match, older (or newer), round the log.
    pub(super) fn next_match(&mut self, older: bool) {
        let Some(text) = self.log.search.clone() else {
            self.error(format!(
                "search the log first ({})",
                self.keymap.hint(&Action::LogSearch)
            ));
            return;
        };
        self.log.focused = true;
        let listed = self.log_entries();
        let n = listed.len().max(1);
        let c = place(&listed, self.log.cursor);
        let start = if older { (c + n - 1) % n } else { (c + 1) % n };
        let start = listed.get(start).copied().unwrap_or(0);
        match self.find_in_log(&text, start, older) {
            Some(i) => {
                if (older && i > self.log.cursor) || (!older && i < self.log.cursor) {
                    self.info(format!("search wrapped round the log: {text:?}"));
                }
                self.log.cursor = i;
                self.show_log_cursor();
            }
            None => self.error(format!("no log entry matches {text:?}")),
        }
    }
}

/// Where entry `i` stands among the entries `listed` (sorted): its place, or, not listed, the
/// place of the next one listed.
fn place(listed: &[usize], i: usize) -> usize {
    listed.binary_search(&i).unwrap_or_else(|at| at)
}

// ---- the log's line ----------------------------------------------------------------------------

/// The longest short name (in columns) the log gives the unit a procedure acted on; a longer one
/// is left to its id.
const SHORT_NAME: usize = 20;

/// The log's line for an event: what happened, first and short. A procedure with an actor and a
/// target (the rule set's enemy input) reads "actor → target: result", the actor by its id, the
/// target by the first part of its name with its id, and every unit the result names by its id
/// ("1-1 → 1. Gruppe (g11): Suppressed"); a phase change reads "from → phase, turn n · side" (and
/// "· reinforcements arrive" when units came on with it); any
/// other event is its summary with each unit named as the target is ("3. Gruppe (g13): SUP set
/// by hand"). The whole summary stays in the journal, the result and the report.
pub fn headline(event: &Event, battle: &Battle) -> String {
    let summary = event.summary.as_str();
    match &event.kind {
        EventKind::Act { action, params } => act_headline(battle, action, params, summary)
            .unwrap_or_else(|| short_labels(battle, summary)),
        EventKind::Advance => {
            let line = phase_headline(battle, summary).unwrap_or_else(|| summary.to_string());
            // Reinforcements that came on with it are said, not counted: how many came on
            // behind a concealment stand is its side's secret.
            let arrived = (event.effects.iter())
                .any(|e| matches!(e, crate::model::Effect::Arrival { arrives: None, .. }));
            if arrived {
                format!("{line} · reinforcements arrive")
            } else {
                line
            }
        }
        _ => short_labels(battle, summary),
    }
}

/// "actor → target: result" for a procedure whose inputs name an actor and an enemy target, when
/// its summary names the target before a colon.
fn act_headline(battle: &Battle, action: &str, params: &Params, summary: &str) -> Option<String> {
    let def = find_action(battle.ruleset, action).ok()?;
    let roster = &battle.roster;
    let unit = |p: &crate::declare::ParamDef| match params.get(p.name) {
        Some(Value::Text(id)) if p.kind == crate::declare::ParamKind::Unit => roster.unit_index(id),
        _ => None,
    };
    let actor = def.params.iter().filter(|p| !p.enemy).find_map(unit)?;
    let target = def.params.iter().filter(|p| p.enemy).find_map(unit)?;
    let info = &roster.units[target];
    let mention = find_mention(summary, &roster.units[target].name, &info.id)?;
    let result = summary[mention..]
        .find(": ")
        .map(|at| &summary[mention + at + 2..])?;
    if result.trim().is_empty() {
        return None;
    }
    // What kind of act it was, when a flag says so (opportunity fire, an overwatch shot).
    let kinds: Vec<String> = def
        .params
        .iter()
        .filter(|p| p.qualifies && params.get(p.name) == Some(&Value::Bool(true)))
        .map(|p| p.name.replace('-', " "))
        .collect();
    let actor = if kinds.is_empty() {
        roster.units[actor].id.clone()
    } else {
        format!("{} ({})", roster.units[actor].id, kinds.join(", "))
    };
    Some(format!(
        "{actor} → {}: {}",
        target_name(&info.name, &info.id),
        id_labels(battle, result)
    ))
}

/// The target as the log names it: the first part of its name with its id, or its id alone when
/// that part is long.
fn target_name(name: &str, id: &str) -> String {
    let short = name.split(", ").next().unwrap_or(name).trim();
    if short.is_empty() || crate::text::width(short) > SHORT_NAME || short == id {
        id.to_string()
    } else {
        format!("{short} ({id})")
    }
}

/// Where the first mention of a unit in `text` ends: its label "name (id)", or its id as a word.
fn find_mention(text: &str, name: &str, id: &str) -> Option<usize> {
    let label = format!("{name} ({id})");
    let by_label = text.find(&label).map(|at| at + label.len());
    let by_id = id_positions(text, id).next().map(|at| at + id.len());
    match (by_label, by_id) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// Where `id` stands in `text` as a word of its own (not inside a longer id).
fn id_positions<'a>(text: &'a str, id: &'a str) -> impl Iterator<Item = usize> + 'a {
    let part = |c: char| c.is_alphanumeric() || c == '-' || c == '_';
    text.match_indices(id).map(|(at, _)| at).filter(move |&at| {
        !id.is_empty()
            && !text[..at].chars().next_back().is_some_and(part)
            && !text[at + id.len()..].chars().next().is_some_and(part)
    })
}

/// `text` with every unit's label "name (id)" replaced by what `rename` makes of the unit.
fn relabel(battle: &Battle, text: &str, rename: impl Fn(&str, &str) -> String) -> String {
    let roster = &battle.roster;
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    // Each "(id)" whose unit's name stands right before it is a label.
    while let Some(open) = rest.find('(') {
        let Some(close) = rest[open..].find(')').map(|c| open + c) else {
            break;
        };
        let id = &rest[open + 1..close];
        let label = roster.unit_index(id).and_then(|u| {
            let name = &roster.units[u].name;
            let start = open.checked_sub(name.len() + 1)?;
            (rest.get(start..open) == Some(&format!("{name} ")[..])).then_some((start, name, id))
        });
        match label {
            Some((start, name, id)) => {
                out.push_str(&rest[..start]);
                out.push_str(&rename(name, id));
            }
            None => out.push_str(&rest[..=close]),
        }
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

/// `text` with each unit's label "name (id)" cut to its id.
fn id_labels(battle: &Battle, text: &str) -> String {
    relabel(battle, text, |_, id| id.to_string())
}

/// `text` with each unit's label "name, more (id)" cut as [`target_name`] cuts it: "1. Gruppe
/// (g11)", or the id alone.
fn short_labels(battle: &Battle, text: &str) -> String {
    relabel(battle, text, target_name)
}

/// A phase change "from → turn n, side, phase" as "from → phase, turn n · side": the phase now
/// in force first, the side by the first part of its name.
fn phase_headline(battle: &Battle, summary: &str) -> Option<String> {
    let (from, to) = summary.split_once(" → turn ")?;
    let (turn, rest) = to.split_once(", ")?;
    battle.roster.sides.iter().find_map(|s| {
        let phase = rest.strip_prefix(s.name.as_str())?.strip_prefix(", ")?;
        let side = s.name.split(", ").next().unwrap_or(&s.name);
        (!phase.is_empty()).then(|| format!("{from} → {phase}, turn {turn} · {side}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::Audience;

    fn battle() -> Battle {
        Battle::new(crate::cli::demo::demo_scenario())
    }

    fn event(kind: EventKind, summary: &str) -> Event {
        Event {
            kind,
            summary: summary.into(),
            audience: Audience::Everyone,
            resolutions: Vec::new(),
            effects: Vec::new(),
            notes: Vec::new(),
            offers: Vec::new(),
            partial: None,
        }
    }

    fn act(action: &str, params: &[(&str, &str)], summary: &str) -> Event {
        let mut p = Params::new();
        for (k, v) in params {
            p.set(k, Value::Text((*v).into()));
        }
        event(
            EventKind::Act {
                action: action.into(),
                params: p,
            },
            summary,
        )
    }

    #[test]
    fn a_resolution_reads_actor_target_then_what_happened() {
        let b = battle();
        let e = act(
            "fire",
            &[("firer", "1-1"), ("target", "g11")],
            "1st Squad, 1st Platoon (1-1) fires at 1. Gruppe, 1. Zug (g11): Suppressed, 1 hit",
        );
        assert_eq!(headline(&e, &b), "1-1 → 1. Gruppe (g11): Suppressed, 1 hit");
        // The units the result names, by their ids; an id inside a longer one is not a mention.
        let e = act(
            "close-combat",
            &[("attacker", "1-2"), ("defender", "g12")],
            "2nd Squad, 1st Platoon (1-2) assaults 2. Gruppe, 1. Zug (g12): defender wins; \
             2nd Squad, 1st Platoon (1-2) retreats",
        );
        assert_eq!(
            headline(&e, &b),
            "1-2 → 2. Gruppe (g12): defender wins; 1-2 retreats"
        );
        // A target named by its id alone; a long first part of a name leaves the id alone.
        let e = act(
            "fire",
            &[("firer", "1-1"), ("target", "stug")],
            "1-1 fires at stug: no effect",
        );
        assert_eq!(headline(&e, &b), "1-1 → StuG III Ausf. G (stug): no effect");
        let e = act(
            "fire",
            &[("firer", "stug"), ("target", "sherman")],
            "stug fires at sherman: no effect",
        );
        assert_eq!(headline(&e, &b), "stug → sherman: no effect");
    }

    #[test]
    fn a_flag_that_says_what_kind_of_act_it_was_stays_beside_the_actor() {
        let b = battle();
        let mut e = act(
            "fire",
            &[("firer", "gkf"), ("target", "1-2")],
            "Oblt. Walter Brenner (gkf) opportunity-fires at 2nd Squad, 1st Platoon (1-2): no effect",
        );
        params_set(&mut e, "opportunity", true);
        assert_eq!(
            headline(&e, &b),
            "gkf (opportunity) → 2nd Squad (1-2): no effect"
        );
        // Not set: the plain line.
        params_set(&mut e, "opportunity", false);
        assert_eq!(headline(&e, &b), "gkf → 2nd Squad (1-2): no effect");
    }

    fn params_set(e: &mut Event, name: &str, on: bool) {
        if let EventKind::Act { params, .. } = &mut e.kind {
            params.set(name, Value::Bool(on));
        }
    }

    #[test]
    fn without_an_actor_a_target_and_a_colon_the_summary_stays_with_short_names() {
        let b = battle();
        // No colon after the target: the summary, its names cut to their first part.
        let e = act(
            "fire",
            &[("firer", "1-1"), ("target", "g11")],
            "1st Squad, 1st Platoon (1-1) fires at 1. Gruppe, 1. Zug (g11)",
        );
        assert_eq!(headline(&e, &b), "1st Squad (1-1) fires at 1. Gruppe (g11)");
        // A procedure without an enemy target.
        let e = act(
            "move",
            &[("unit", "1-1")],
            "1st Squad, 1st Platoon (1-1) moves: Finished",
        );
        assert_eq!(headline(&e, &b), "1st Squad (1-1) moves: Finished");
        // A hand edit; a bracket that is no unit's is left as it is.
        let e = event(
            EventKind::Edit,
            "3. Gruppe, 1. Zug (g13): SUP set by hand (a note (x))",
        );
        assert_eq!(
            headline(&e, &b),
            "3. Gruppe (g13): SUP set by hand (a note (x))"
        );
    }

    #[test]
    fn a_phase_change_names_the_phase_now_in_force_first() {
        let b = battle();
        let e = event(
            EventKind::Advance,
            "Remove Finished → turn 1, B Company, 1st Battalion, 116th Infantry, Action",
        );
        assert_eq!(
            headline(&e, &b),
            "Remove Finished → Action, turn 1 · B Company"
        );
        // A change this does not read stays as it is.
        let e = event(
            EventKind::Advance,
            "Action → the battle is over after turn 12",
        );
        assert_eq!(
            headline(&e, &b),
            "Action → the battle is over after turn 12"
        );
    }
}
