//! The battle: commands → events → state.
//!
//! A [`Command`] (an umpire's request) is checked and resolved by [`Battle::handle`] into one
//! [`Entry`] — an [`Event`] carrying its dice faces, its explanation and its [`Effect`]s, or an
//! undo/redo mark. [`Battle::apply`] is the only thing that changes the battle. The state is the
//! fold of the effects of the events that are in force ([`history`]), so replay, undo and the
//! report all come from one source. `handle` is pure: it never changes the battle, so bad input
//! changes nothing.
//!
//! The journal ([`journal`]) and [`session`] are the edges that put entries on disk before they
//! are applied.

pub mod addition;
pub mod audience;
pub mod checkpoint;
pub mod history;
pub mod journal;
pub mod session;
pub mod summary;

use crate::declare::{Options, Params, RuleError};
use crate::dice::{DiceSource, Recorder, Roll};
use crate::model::{
    Arrival, BattleState, BattleView, Effect, EffectError, Prior, Roster, UnitInfo,
};
use crate::odds::OddsReport;
use crate::resolution::Resolution;
use crate::ruleset::{Offer, PhaseChange, Procedure, Ruleset};
use crate::scenario::Scenario;
use crate::text::did_you_mean;
pub use audience::{Audience, Sight, Visibility, audiences, numbers, sights, visible_entries};
pub use history::History;
use serde::{Deserialize, Serialize};
pub use summary::{SideSummary, Summary};

/// What the umpire asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// A rule-set procedure (`fire`, `close-combat`, `move` …) with its inputs.
    Act { action: String, params: Params },
    /// End the current phase; the automatic steps of the next phases are carried out.
    Advance,
    /// Set (or clear, with `None`) a marker by hand. A marker that holds a unit is set by
    /// [`Command::SetMarkerUnit`], and cleared by this.
    SetMarker {
        unit: String,
        marker: String,
        value: Option<i32>,
    },
    /// Set by hand a marker that holds a unit to the unit whose id is `value`.
    SetMarkerUnit {
        unit: String,
        marker: String,
        value: String,
    },
    /// Set a unit's hits by hand; reaching the limit removes it.
    SetHits { unit: String, hits: u32 },
    /// Put a removed unit back by hand.
    Restore { unit: String },
    /// Set a formation's or side's counter by hand.
    SetCounter {
        scope: String,
        name: String,
        value: Option<i32>,
    },
    /// A free-text note into the log: for everyone, or `private` to the umpire (kept out of
    /// the players' view and reports).
    Note { text: String, private: bool },
    /// Play on past the battle's last turn: it becomes `turns` turns longer (logged as an edit).
    Extend { turns: u32 },
    /// Record the battle's result in the umpire's own words (logged as an edit, for everyone;
    /// a later one replaces it, an undo takes it back): the report puts it first.
    Result { text: String },
    /// Bring a unit not yet on the table on now (`arrives` is `None`), or hold it back until a
    /// later turn or until the umpire brings it on. `unit` may name a formation: every unit of
    /// it still to arrive is brought on or held back.
    Arrive {
        unit: String,
        arrives: Option<crate::model::Arrival>,
    },
    /// Add a unit or a whole formation the scenario lacks, checked exactly as a scenario's unit
    /// or formation is: it is on the table at once. `written` is the file a formation was read
    /// from, when it was: its problems are placed in it.
    Add {
        addition: addition::Addition,
        written: Option<addition::Written>,
    },
    /// Take back the latest event in force.
    Undo,
    /// Put back the latest undone event.
    Redo,
}

/// A marker's value set by hand: a number, or the id of a unit.
enum ByHand<'a> {
    Number(i32),
    Unit(&'a str),
}

/// What kind of event it is, with the command's inputs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EventKind {
    /// The battle's initial markers and counters.
    Start,
    /// A rule-set procedure.
    Act { action: String, params: Params },
    /// The end of a phase and the automatic steps that followed.
    Advance,
    /// A hand edit of markers, hits or counters.
    Edit,
    /// A free-text note.
    Note { text: String },
    /// A unit or formation the umpire added, with its definition as the scenario would write it
    /// (boxed: an event of another kind is not made larger by it).
    Add(Box<addition::Addition>),
}

impl EventKind {
    /// True for an event whose effects set units as they start, not what befell them: the
    /// battle's start, and an addition (a short tray's figures are not losses).
    pub fn opens(&self) -> bool {
        matches!(self, EventKind::Start | EventKind::Add(_))
    }
}

/// Something that happened, with everything needed to replay and explain it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Event {
    #[serde(flatten)]
    pub kind: EventKind,
    /// One line for the log.
    pub summary: String,
    /// Who may see it ([`Battle::audience`]); written only when not everyone.
    #[serde(default, skip_serializing_if = "Audience::is_everyone")]
    pub audience: Audience,
    /// The explained rolls, with their faces.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resolutions: Vec<Resolution>,
    /// What changed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Effect>,
    /// Automatic steps carried out, follow-ups for the umpire.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// Follow-up procedures the rules offer (opportunity fire …).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub offers: Vec<Offer>,
    /// What a viewer outside its audience may see of it, when the event also concerns units
    /// everyone sees (a visible unit's fight with a concealed one, a phase change that counts a
    /// concealed unit's timer down): the words with the units still concealed taken out
    /// ([`Battle::partial`]). Written only when there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub partial: Option<Box<Partial>>,
}

/// The part of an event a viewer outside its audience may see: its summary with every unit still
/// concealed named only as such, and those of its notes that name no such unit. Its rolls, its
/// offers and its effects on concealed units stay with the audience.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Partial {
    pub summary: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

impl Event {
    /// Every face this event used, in order.
    pub fn faces(&self) -> Vec<&Roll> {
        self.resolutions.iter().flat_map(|r| r.faces()).collect()
    }

    /// Every text the event carries that is shown to someone (its summary, notes and offers,
    /// each resolution's words, the inputs typed, the causes of its effects), with what it is.
    pub fn texts<'a>(&'a self) -> Vec<(&'static str, &'a str)> {
        let mut out = vec![("summary", self.summary.as_str())];
        let params = |p: &'a Params, out: &mut Vec<(&'static str, &'a str)>| {
            for (_, v) in p.iter() {
                match v {
                    crate::declare::Value::Text(t) => out.push(("input", t.as_str())),
                    crate::declare::Value::List(l) => {
                        out.extend(l.iter().map(|t| ("input", t.as_str())))
                    }
                    _ => {}
                }
            }
        };
        match &self.kind {
            EventKind::Act { action, params: p } => {
                out.push(("procedure", action));
                params(p, &mut out);
            }
            EventKind::Note { text } => out.push(("note", text)),
            EventKind::Add(a) => {
                out.push(("side", a.side.as_str()));
                out.extend(a.formation.iter().map(|f| ("formation", f.as_str())));
                fn table<'a>(t: &'a toml::Table, out: &mut Vec<(&'static str, &'a str)>) {
                    for (key, value) in t {
                        out.push(("added table's key", key.as_str()));
                        value_texts(value, out);
                    }
                }
                fn value_texts<'a>(v: &'a toml::Value, out: &mut Vec<(&'static str, &'a str)>) {
                    match v {
                        toml::Value::String(text) => out.push(("added table", text.as_str())),
                        toml::Value::Array(items) => {
                            items.iter().for_each(|i| value_texts(i, out));
                        }
                        toml::Value::Table(t) => table(t, out),
                        _ => {}
                    }
                }
                table(a.table(), &mut out);
            }
            EventKind::Start | EventKind::Advance | EventKind::Edit => {}
        }
        out.extend(self.notes.iter().map(|n| ("note", n.as_str())));
        for o in &self.offers {
            out.push(("offer", o.text.as_str()));
            params(&o.params, &mut out);
        }
        for e in &self.effects {
            match e {
                Effect::Removed { cause, .. } | Effect::Exposed { cause, .. } => {
                    out.push(("cause", cause.as_str()));
                }
                Effect::Area {
                    marker: Some(m), ..
                } => out.push(("area", m.label.as_str())),
                Effect::Result { text } => out.push(("result", text.as_str())),
                _ => {}
            }
        }
        if let Some(p) = &self.partial {
            out.push(("part shown to others", p.summary.as_str()));
            out.extend(p.notes.iter().map(|n| ("part shown to others", n.as_str())));
        }
        for r in &self.resolutions {
            out.push(("resolution", r.title.as_str()));
            out.push(("resolution", r.result.as_str()));
            out.extend(r.context.iter().map(|t| ("resolution", t.as_str())));
            out.extend(r.effects.iter().map(|t| ("resolution", t.as_str())));
            for step in &r.steps {
                out.push(("resolution", step.label.as_str()));
                out.push(("resolution", step.outcome.as_str()));
                out.extend(step.table.iter().map(|t| ("resolution", t.as_str())));
                out.extend(step.row.iter().map(|t| ("resolution", t.as_str())));
                out.extend(step.notes.iter().map(|t| ("resolution", t.as_str())));
                out.extend(
                    step.modifiers
                        .iter()
                        .map(|m| ("resolution", m.reason.as_str())),
                );
                out.extend(step.dice.iter().map(|d| ("resolution", d.purpose.as_str())));
            }
        }
        out
    }

    /// The first of [`Event::texts`] holding a character that could rewrite what a terminal or a
    /// report shows (control, bidirectional and invisible ones): what it is, and the character.
    pub fn forbidden_text(&self) -> Option<(&'static str, char)> {
        self.texts()
            .into_iter()
            .find_map(|(what, t)| crate::text::forbidden_char(t).map(|(_, c)| (what, c)))
    }
}

/// One line of a battle's history.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "entry", rename_all = "snake_case")]
pub enum Entry {
    Event(Event),
    /// Takes back the latest event in force.
    Undo,
    /// Puts back the latest undone event.
    Redo,
}

/// Why a command was refused. Nothing changed.
#[derive(Debug, thiserror::Error)]
pub enum BattleError {
    #[error(transparent)]
    Rule(#[from] RuleError),
    #[error("nothing to undo")]
    NothingToUndo,
    #[error("nothing to redo")]
    NothingToRedo,
    #[error("{0}")]
    Invalid(String),
    /// A unit to add that is not one the scenario could hold, with every problem.
    #[error("{}", addition::AddProblem::words(.0))]
    Unfit(Vec<addition::AddProblem>),
    /// An effect names something the battle does not have, or holds a value out of range.
    #[error("{0}")]
    Effect(#[from] EffectError),
    /// The battle is over: no procedure or phase change until the umpire extends it.
    #[error(
        "the battle is over: turn {last} was its last (extend it to play on, or undo the last phase change)"
    )]
    Over { last: u32 },
}

/// An offer standing now, with the units that may take it up.
#[derive(Clone, Debug, PartialEq)]
pub struct StandingOffer {
    pub offer: Offer,
    /// Unit indices, in the order the rule set gives them.
    pub actors: Vec<usize>,
}

/// The longest note the umpire may write, in characters: a few paragraphs. A note is kept in the
/// journal, the history and every report, so it is bounded like everything else read from outside.
pub const MAX_NOTE_CHARS: usize = 4000;

/// Puts the formations and units `joining` brings in `roster`, formations first, each in its
/// place (its units behind the stand it joins behind, if any): the formations' and the units'
/// places in the roster.
fn place(roster: &mut Roster, joining: addition::Joining) -> (Vec<usize>, Vec<usize>) {
    let formations = (joining.formations.into_iter())
        .map(|(mut info, parent)| {
            info.parent = parent.and_then(|p| roster.formation_index(&p));
            roster.put_added_formation(info)
        })
        .collect();
    let units = (joining.units.into_iter())
        .map(|(mut info, formation)| {
            info.formation = formation.and_then(|f| roster.formation_index(&f));
            let u = roster.put_added(info);
            roster.put_behind(u, joining.column);
            u
        })
        .collect();
    (formations, units)
}

/// Units still to arrive as they come on together ([`Battle::come_on_together`]).
struct Together {
    /// Those that come on, in roster order.
    coming: Vec<usize>,
    /// Those left to wait, each with the unit still to arrive that it goes with.
    waiting: Vec<(usize, usize)>,
    /// Those that come on with a unit that carries them, each with that unit.
    riders: Vec<(usize, usize)>,
}

impl Together {
    /// The unit `u` comes on with, if it came with one.
    fn carrier_of(&self, u: usize) -> Option<usize> {
        self.riders.iter().find(|&&(r, _)| r == u).map(|&(_, c)| c)
    }
}

/// A battle in memory: its scenario, roster, history and current state.
pub struct Battle {
    pub ruleset: &'static dyn Ruleset,
    pub scenario: Scenario,
    pub roster: Roster,
    history: History,
    state: BattleState,
    initial: BattleState,
    /// What the effects of the events in force overwrote, oldest first, all in one vector: an
    /// undo reverts the last event's.
    priors: Vec<Prior>,
    /// Where each event in force begins in `priors` (one per event of the in-force stack).
    prior_starts: Vec<u32>,
    /// An event was folded into the state without being recorded ([`Battle::fold_in`]).
    folded: bool,
    /// Every unit or formation the umpire added, in the order the battle admitted them (one for
    /// each event that added, those since taken back too): each took its places in the roster
    /// after the scenario's, or those of its ids that an addition taken back had taken.
    additions: Vec<addition::Admitted>,
    /// For each addition admitted, the place in the roster of the unit or formation it adds.
    tops: Vec<Option<addition::Joiner>>,
    /// For each place in the roster after the scenario's units, then after its formations, the
    /// addition admitted that last took it.
    unit_owners: Vec<u32>,
    formation_owners: Vec<u32>,
    /// How many units and formations the scenario has.
    base: usize,
    base_formations: usize,
}

impl Battle {
    /// A battle at its start, before any event (not even the start event).
    pub fn new(scenario: Scenario) -> Self {
        let ruleset = scenario.ruleset;
        let roster = ruleset.roster(&scenario.file, &scenario.options);
        let first_side = scenario
            .file
            .first_side
            .as_ref()
            .and_then(|s| roster.side_index(s.get_ref()))
            .unwrap_or(0);
        let first_phase = ruleset.phases().first().map_or("", |p| p.id);
        let turn_limit = scenario
            .file
            .turns
            .as_ref()
            .and_then(|t| u32::try_from(*t.get_ref()).ok());
        let initial = BattleState::initial(&roster, first_side, first_phase, turn_limit);
        let (roster_units, roster_formations) = (roster.units.len(), roster.formations.len());
        Self {
            ruleset,
            scenario,
            roster,
            history: History::default(),
            state: initial.clone(),
            initial,
            priors: Vec::new(),
            prior_starts: Vec::new(),
            folded: false,
            additions: Vec::new(),
            tops: Vec::new(),
            unit_owners: Vec::new(),
            formation_owners: Vec::new(),
            base: roster_units,
            base_formations: roster_formations,
        }
    }

    pub fn view(&self) -> BattleView<'_> {
        BattleView {
            roster: &self.roster,
            state: &self.state,
            options: &self.scenario.options,
            phases: self.ruleset.phases(),
        }
    }

    pub fn state(&self) -> &BattleState {
        &self.state
    }

    pub fn options(&self) -> &Options {
        &self.scenario.options
    }

    pub fn history(&self) -> &History {
        &self.history
    }

    /// What a checkpoint keeps of a battle with a thin history, beyond its scenario: the state,
    /// what the effects of the events in force overwrote (and where each event's begin), and the
    /// history.
    pub(crate) fn parts(&self) -> (&BattleState, &[Prior], &[u32], &History) {
        (&self.state, &self.priors, &self.prior_starts, &self.history)
    }

    /// Checks that a checkpoint's parts ([`Battle::parts`]) fit this battle before any event (as
    /// [`Battle::new`] makes it): refused, with what does not fit, unless the state is one of this
    /// roster and rule set, every prior names one of its units and sides, and there is one run of
    /// priors for each event in force. Changes nothing; [`Battle::set_parts`] then takes them.
    pub(crate) fn check_parts(
        &self,
        state: &BattleState,
        priors: &[Prior],
        prior_starts: &[u32],
        history: &History,
    ) -> Result<(), String> {
        if !self.is_fresh() {
            return Err("the battle has begun already".into());
        }
        let units = self.roster.units.len();
        if state.units.len() != units {
            return Err(format!(
                "it holds {} units; the roster has {units}",
                state.units.len()
            ));
        }
        let formations = self.roster.formations.len();
        if state.formation_listed.len() != formations {
            return Err(format!(
                "it holds {} formations; the roster has {formations}",
                state.formation_listed.len()
            ));
        }
        let sides = self.roster.sides.len();
        if state.active >= sides || state.first_side >= sides {
            return Err(format!("it names a side past the roster's {sides}"));
        }
        if state.phase != self.initial.phase
            && !self.ruleset.phases().iter().any(|p| p.id == state.phase)
        {
            return Err("its phase is not one of the rule set's".into());
        }
        let unit_of = |p: &Prior| match p {
            Prior::Hits { unit, .. }
            | Prior::Removed { unit, .. }
            | Prior::Marker { unit, .. }
            | Prior::Concealed { unit, .. }
            | Prior::Arrival { unit, .. } => Some(*unit),
            Prior::Unit(b) => Some(b.0),
            Prior::Phase(b) if b.1 >= sides => Some(u32::MAX),
            Prior::Joined { formation, .. } if *formation as usize >= formations => Some(u32::MAX),
            _ => None,
        };
        if priors
            .iter()
            .filter_map(unit_of)
            .any(|u| u as usize >= units)
        {
            return Err(
                "what an event overwrote names a unit, formation or side past the roster's".into(),
            );
        }
        let in_force = history.stacks().applied().len();
        let ordered = prior_starts.windows(2).all(|w| w[0] <= w[1])
            && prior_starts
                .last()
                .is_none_or(|&s| s as usize <= priors.len());
        if prior_starts.len() != in_force || !ordered {
            return Err(format!(
                "its {} runs of priors do not fit its {in_force} events in force",
                prior_starts.len()
            ));
        }
        if !history.is_thin() {
            return Err("its history is not thin".into());
        }
        Ok(())
    }

    /// Carries this battle on to where a checkpoint left it, from parts [`Battle::check_parts`]
    /// passed.
    pub(crate) fn set_parts(
        &mut self,
        state: BattleState,
        priors: Vec<Prior>,
        prior_starts: Vec<u32>,
        history: History,
    ) {
        self.state = state;
        self.priors = priors;
        self.prior_starts = prior_starts;
        self.history = history;
    }

    /// This battle, before any event, keeping a thin history ([`History::thin`]): only the events
    /// it needs now. For a battle opened to carry out a command; not for a screen or a report,
    /// which show every event, nor for [`Battle::fold`], which needs them all.
    pub fn thin(mut self) -> Self {
        if self.history.entries().is_empty() {
            self.history = History::thin();
        }
        self
    }

    /// Gives a thin history back an event it needs now ([`History::missing`]), as read from the
    /// journal (entry `idx` is the record on line `idx + 2`).
    pub fn restore(&mut self, idx: usize, event: Event) {
        self.history.restore(idx, event);
    }

    /// The start event: the rule set's initial markers and counters. The first entry of every
    /// journal. Its audience is decided as every event's ([`Battle::audience`]).
    pub fn start_event(&self) -> Entry {
        let mut event = Event {
            kind: EventKind::Start,
            summary: format!("Battle begins: {}", self.scenario.title()),
            audience: Audience::Everyone,
            resolutions: Vec::new(),
            effects: self.ruleset.start(&self.view()),
            notes: Vec::new(),
            offers: Vec::new(),
            partial: None,
        };
        event.audience = self.audience(&event);
        Entry::Event(event)
    }

    /// The arrivals due by the start of `turn`: the effect that brings each unit on whose turn
    /// has come, with what rides it ([`Battle::come_on_together`]), and the steps that say so (a
    /// concealment stand that comes on is named by its number alone, the units behind it in a
    /// step of their own, which the enemy's copy leaves out, as it leaves out a unit that waits
    /// for what carries it).
    fn arrivals_by(&self, state: &BattleState, turn: u32) -> (Vec<Effect>, Vec<String>) {
        let due: Vec<usize> = (state.units.iter().enumerate())
            .filter(|(_, st)| matches!(st.awaited, Some(Arrival::Turn(t)) if t <= turn))
            .map(|(u, _)| u)
            .collect();
        if due.is_empty() {
            return (Vec::new(), Vec::new());
        }
        let together = self.come_on_together(state, &due);
        let mut effects = Vec::new();
        let mut steps = Vec::new();
        let mut stands: Vec<usize> = Vec::new();
        let view = BattleView {
            state,
            ..self.view()
        };
        for &u in &together.coming {
            let info = &self.roster.units[u];
            effects.push(Effect::Arrival {
                unit: info.id.clone(),
                arrives: None,
            });
            let when = match state.units[u].awaited {
                Some(Arrival::Turn(t)) if t <= turn => format!("turn {t}"),
                _ => match together.carrier_of(u) {
                    Some(c) => format!("with {}", view.label(c)),
                    None => format!("turn {turn}"),
                },
            };
            let side = &self.roster.sides[info.side].name;
            match self
                .roster
                .column_of(u)
                .filter(|_| state.units[u].concealed)
            {
                Some(c) => {
                    if !stands.contains(&c) {
                        stands.push(c);
                        steps.push(format!(
                            "  {side}: concealment stand {} arrives (turn {turn})",
                            self.roster.columns[c].number
                        ));
                    }
                    steps.push(format!(
                        "  {} arrives behind stand {} ({when})",
                        view.label(u),
                        self.roster.columns[c].number
                    ));
                }
                None => steps.push(format!("  {side}: {} arrives ({when})", view.label(u))),
            }
        }
        if !effects.is_empty() {
            steps.insert(0, format!("Turn {turn} begins: reinforcements arrive"));
        }
        for &(u, c) in &together.waiting {
            steps.push(format!(
                "  {} waits for {}, still to arrive: it comes on with it",
                view.label(u),
                view.label(c)
            ));
        }
        (effects, steps)
    }

    /// The units a unit goes with: those its markers that hold a unit name (the vehicle it
    /// rides, the boat it is embarked on, the unit a commander is attached to).
    fn carriers<'s>(&self, state: &'s BattleState, u: usize) -> impl Iterator<Item = usize> + 's {
        let declaration = self.ruleset.declaration();
        let units = self.roster.units.len();
        (state.units[u].markers.iter())
            .filter(move |(id, _)| declaration.marker(id).is_some_and(|d| d.kind.holds_unit()))
            .filter_map(|(_, &x)| usize::try_from(x).ok())
            .filter(move |&x| x < units && x != u)
    }

    /// `chosen` (units still to arrive) as they come on together: with every unit still to
    /// arrive that goes with one of them ([`Battle::carriers`]), whatever its own arrival says,
    /// and without any that goes with a unit still to arrive and not among them — a unit comes
    /// on with what carries it, never before it.
    fn come_on_together(&self, state: &BattleState, chosen: &[usize]) -> Together {
        let due = |u: usize| {
            state.units[u]
                .awaited
                .is_some_and(|a| a != Arrival::Unlisted)
        };
        let mut coming: std::collections::BTreeSet<usize> = chosen.iter().copied().collect();
        let mut waiting: Vec<(usize, usize)> = Vec::new();
        let mut riders: Vec<(usize, usize)> = Vec::new();
        loop {
            let mut changed = false;
            for u in 0..state.units.len() {
                if !due(u) || coming.contains(&u) || waiting.iter().any(|&(w, _)| w == u) {
                    continue;
                }
                if let Some(c) = self.carriers(state, u).find(|c| coming.contains(c)) {
                    coming.insert(u);
                    riders.push((u, c));
                    changed = true;
                }
            }
            let stay: Vec<(usize, usize)> = (coming.iter().copied())
                .filter_map(|u| {
                    self.carriers(state, u)
                        .find(|&c| due(c) && !coming.contains(&c))
                        .map(|c| (u, c))
                })
                .collect();
            for &(u, c) in &stay {
                coming.remove(&u);
                riders.retain(|&(r, _)| r != u);
                waiting.push((u, c));
                changed = true;
            }
            if !changed {
                break;
            }
        }
        Together {
            coming: coming.into_iter().collect(),
            waiting,
            riders,
        }
    }

    /// Where the battle stands after a phase change of `effects`: the turn, the active side and
    /// the phase of its last phase effect (as it stood, if it has none).
    fn lands_at<'e>(&'e self, effects: &'e [Effect]) -> (u32, usize, &'e str) {
        effects
            .iter()
            .rev()
            .find_map(|e| match e {
                Effect::Phase { turn, side, phase } => Some((
                    *turn,
                    self.roster.side_index(side).unwrap_or(self.state.active),
                    phase.as_str(),
                )),
                _ => None,
            })
            .unwrap_or((self.state.turn, self.state.active, &self.state.phase))
    }

    /// Refuses a procedure that names a unit not yet on the table, whatever the rule set: it is
    /// off the table until it arrives.
    fn refuse_unarrived(&self, action: &str, params: &Params) -> Result<(), BattleError> {
        for id in audience::named_units(self.ruleset, action, params) {
            if let Some(u) = self.roster.unit_index(id)
                && self.state.units[u].listed()
                && !self.state.units[u].arrived()
            {
                return Err(crate::ruleset::kit::refuse::on_table(&self.view(), u)
                    .err()
                    .map_or_else(
                        || BattleError::Invalid(format!("{id} is not yet on the table")),
                        BattleError::Rule,
                    ));
            }
        }
        Ok(())
    }

    /// The event that brings on now, or holds back, the units `id` names (a unit, or every unit
    /// of a formation still to arrive).
    fn arrive_by_hand(&self, id: &str, arrives: Option<Arrival>) -> Result<Event, BattleError> {
        let view = self.view();
        // An added unit or formation whose addition is undone is in no view, nor here.
        let unit = |u: &usize| self.state.units[*u].listed();
        let formation = |f: &usize| view.formation_listed(*f);
        let found = (
            self.roster.unit_index(id).filter(unit),
            self.roster.formation_index(id).filter(formation),
        );
        let (units, label): (Vec<usize>, String) = match found {
            (Some(u), _) => (vec![u], view.label(u)),
            (None, Some(f)) => (
                self.roster.units_of(f).collect(),
                format!("{} ({id})", self.roster.formations[f].name),
            ),
            (None, None) => {
                let units = (0..self.roster.units.len()).filter(unit);
                let formations = (0..self.roster.formations.len()).filter(formation);
                return Err(BattleError::Invalid(format!(
                    "no unit or formation `{id}`{}",
                    did_you_mean(
                        id,
                        units
                            .map(|u| self.roster.units[u].id.as_str())
                            .chain(formations.map(|f| self.roster.formations[f].id.as_str()))
                    )
                )));
            }
        };
        let waiting: Vec<usize> = units
            .into_iter()
            .filter(|&u| {
                let a = self.state.units[u].awaited;
                a.is_some() && a != Some(Arrival::Unlisted)
            })
            .collect();
        if waiting.is_empty() {
            return Err(BattleError::Invalid(format!(
                "{label} is on the table: only a unit still to arrive is brought on or held back \
                 (undo takes back an arrival)"
            )));
        }
        if let Some(Arrival::Turn(t)) = arrives
            && t <= self.state.turn
        {
            return Err(BattleError::Invalid(format!(
                "turn {t}: a unit is held back to a turn after this one ({}); to bring it on now, \
                 give no turn",
                self.state.turn
            )));
        }
        if arrives == Some(Arrival::Unlisted) {
            return Err(BattleError::Invalid(
                "a unit is held back to a turn, or until the umpire brings it on".into(),
            ));
        }
        if let Some(Arrival::Turn(t)) = arrives
            && t > crate::model::state::MAX_TURN
        {
            return Err(BattleError::Invalid(format!(
                "turn {t}: a battle has at most {} turns",
                crate::model::state::MAX_TURN
            )));
        }
        // What rides a unit comes and goes with it; a unit that rides one still to arrive comes
        // on only with it.
        let together = self.come_on_together(&self.state, &waiting);
        if arrives.is_none()
            && let Some(&(u, c)) = together.waiting.first()
        {
            return Err(BattleError::Invalid(format!(
                "{} goes with {}, still to arrive: bring {} on and it comes with it",
                view.label(u),
                view.label(c),
                self.roster.units[c].id
            )));
        }
        let mut waiting = together.coming;
        if arrives.is_some() {
            waiting.extend(together.waiting.iter().map(|&(u, _)| u));
            waiting.sort_unstable();
        }
        let effects = waiting
            .iter()
            .map(|&u| Effect::Arrival {
                unit: self.roster.units[u].id.clone(),
                arrives,
            })
            .collect();
        let summary = match arrives {
            None => format!("{label} brought on by the umpire"),
            Some(a) => format!("{label} held back by the umpire: it arrives {}", a.words()),
        };
        let notes = if waiting.len() > 1 {
            vec![format!(
                "{} units: {}",
                waiting.len(),
                waiting
                    .iter()
                    .map(|&u| self.roster.units[u].id.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            )]
        } else {
            Vec::new()
        };
        Ok(Event {
            kind: EventKind::Edit,
            summary,
            audience: Audience::Everyone,
            resolutions: Vec::new(),
            effects,
            notes,
            offers: Vec::new(),
            partial: None,
        })
    }

    /// The unit or formation `a` would add, checked exactly as a scenario's is
    /// ([`crate::scenario::check_added`]): its side and the formation it goes under first (with
    /// the nearest ids when there is none such), then its table beside the scenario's units and
    /// formations and those of the additions `beside` (by their place among those admitted: the
    /// additions in the battle when it joins). Its problems are placed in `written` when it was
    /// read from a file, else named by the input each is about. It would join on `turn`.
    fn addition_info(
        &self,
        a: &addition::Addition,
        written: Option<&addition::Written>,
        beside: Vec<u32>,
        turn: u32,
    ) -> Result<addition::Joining, BattleError> {
        use addition::{AddInput, AddProblem};
        let unfit = |input: AddInput, message: String| {
            BattleError::Unfit(vec![AddProblem {
                input,
                value: None,
                message,
            }])
        };
        let Some(side) = self.roster.side_index(&a.side) else {
            return Err(unfit(
                AddInput::Side,
                format!(
                    "the battle has no side `{}`{}",
                    a.side,
                    did_you_mean(&a.side, self.roster.sides.iter().map(|s| s.id.as_str()))
                ),
            ));
        };
        let earlier: Vec<&addition::Addition> = beside
            .iter()
            .filter_map(|&b| self.additions.get(b as usize))
            .map(|e| &e.addition)
            .collect();
        if let Some(f) = &a.formation {
            // The side's formations in the battle: the scenario's, and those added beside it.
            let scenario = (self.roster.formations[..self.base_formations].iter())
                .filter(|x| x.side == side)
                .map(|x| x.id.as_str());
            let added = (earlier.iter())
                .filter(|e| e.side == a.side)
                .flat_map(|e| e.formation_ids());
            let theirs: Vec<&str> = scenario.chain(added).collect();
            if !theirs.contains(&f.as_str()) {
                return Err(unfit(
                    AddInput::In,
                    format!(
                        "{} has no formation `{f}`{}",
                        self.roster.sides[side].name,
                        did_you_mean(f, theirs.iter().copied())
                    ),
                ));
            }
        }
        // What every unit and formation must have, named at its own input rather than as the
        // scenario file's missing key at the top of its table (a file says it at its place).
        let what = a.what();
        let needed: &[(&str, &str)] = if a.is_formation() {
            &[("id", "an id, unique in the battle"), ("name", "a name")]
        } else {
            &[
                ("id", "an id, unique in the battle"),
                ("name", "a name"),
                ("kind", "a kind"),
            ]
        };
        let missing: Vec<AddProblem> = needed
            .iter()
            .filter(|(key, _)| written.is_none() && !a.table().contains_key(*key))
            .map(|(key, words)| AddProblem {
                input: AddInput::Key(key.to_string()),
                value: None,
                message: format!("give the {what} {words}"),
            })
            .collect();
        if !missing.is_empty() {
            return Err(BattleError::Unfit(missing));
        }
        if !a.is_formation() && a.table().contains_key("arrives") {
            return Err(unfit(
                AddInput::Key("arrives".into()),
                addition::ARRIVES.to_string(),
            ));
        }
        let column = match a.behind {
            Some(number) => Some(self.stand_numbered(side, number).map_err(|why| {
                BattleError::Unfit(vec![AddProblem {
                    input: AddInput::Behind,
                    value: Some(number.to_string()),
                    message: why,
                }])
            })?),
            None => None,
        };
        let texts: Vec<String> = earlier.iter().map(|e| e.text().0).collect();
        let (generated, keys) = a.text();
        let text = written.map_or(generated.as_str(), |w| w.text.as_str());
        let mut added: Vec<crate::scenario::Added<'_>> = (earlier.iter().zip(&texts))
            .map(|(e, text)| crate::scenario::Added {
                side: &e.side,
                formation: e.formation.as_deref(),
                text,
                whole: e.is_formation(),
                behind: e.behind,
            })
            .collect();
        added.push(crate::scenario::Added {
            side: &a.side,
            formation: a.formation.as_deref(),
            text,
            whole: a.is_formation(),
            behind: a.behind,
        });
        let file = crate::scenario::check_added(&self.scenario, &added).map_err(|problems| {
            BattleError::Unfit(
                problems
                    .into_iter()
                    .map(|p| {
                        let key = p.line.and_then(|l| keys.get(l).copied().flatten());
                        match (p.line, written, key) {
                            (Some(line), Some(w), _) => AddProblem {
                                input: AddInput::At {
                                    file: w.path.clone(),
                                    line: line + 1,
                                    column: p.column,
                                    key: p.key,
                                },
                                value: p.value,
                                message: p.message,
                            },
                            (Some(_), None, Some(k)) => AddProblem {
                                input: AddInput::Key(k.to_string()),
                                value: p.value,
                                message: p.message,
                            },
                            (Some(_), None, None) => AddProblem {
                                input: AddInput::Whole,
                                value: None,
                                message: match p.value {
                                    Some(v) => format!("{} = {v}: {}", p.key, p.message),
                                    None => format!("{}: {}", p.key, p.message),
                                },
                            },
                            (None, ..) => AddProblem {
                                input: AddInput::Whole,
                                value: None,
                                message: p.message,
                            },
                        }
                    })
                    .collect(),
            )
        })?;
        let roster = self.ruleset.roster(&file, &self.scenario.options);
        let formation_id = |f: Option<usize>| f.map(|f| roster.formations[f].id.clone());
        let no_id = || unfit(AddInput::Key("id".into()), format!("the {what} has no id"));
        let mut joining = addition::Joining {
            formations: Vec::new(),
            units: Vec::new(),
            column,
            turn,
            beside,
        };
        let units: Vec<usize> = if a.is_formation() {
            let top = roster.formation_index(a.id()).ok_or_else(no_id)?;
            let mut stack = vec![top];
            while let Some(f) = stack.pop() {
                let mut info = roster.formations[f].clone();
                info.added = Some(turn);
                let parent = formation_id(info.parent);
                joining.formations.push((info, parent));
                stack.extend(roster.formation_children(f).iter().rev());
            }
            roster.units_of(top).collect()
        } else {
            vec![roster.unit_index(a.id()).ok_or_else(no_id)?]
        };
        for u in units {
            let mut info: UnitInfo = roster.units[u].clone();
            info.arrives = None;
            info.added = Some(turn);
            let formation = formation_id(info.formation);
            joining.units.push((info, formation));
        }
        Ok(joining)
    }

    /// The concealment stand of `side` numbered `number`, by its place among the stands; why
    /// there is none, in words.
    fn stand_numbered(&self, side: usize, number: i64) -> Result<usize, String> {
        let stands: Vec<usize> = (0..self.roster.columns.len())
            .filter(|&c| self.roster.columns[c].side == side)
            .collect();
        let numbered = |&&c: &&usize| self.roster.columns[c].number == number;
        if let Some(&c) = stands.iter().find(numbered) {
            return Ok(c);
        }
        let name = &self.roster.sides[side].name;
        let numbers: Vec<String> = (stands.iter())
            .map(|&c| self.roster.columns[c].number.to_string())
            .collect();
        Err(match numbers.len() {
            0 => format!("{name} has no concealment stand"),
            _ => format!(
                "{name} has no concealment stand {number} (its stands: {})",
                numbers.join(", ")
            ),
        })
    }

    /// Whether a unit may join behind stand `c` now: it is on the table and still conceals a
    /// unit. Why not, in words.
    fn stand_conceals(&self, c: usize) -> Result<(), String> {
        let stand = &self.roster.columns[c];
        let number = stand.number;
        let state = |u: &usize| &self.state.units[*u];
        if !stand.units.is_empty() && stand.units.iter().map(state).all(|s| s.awaited.is_some()) {
            return Err(format!(
                "stand {number} is not yet on the table: add the unit once it has arrived"
            ));
        }
        if !stand
            .units
            .iter()
            .map(state)
            .any(|s| s.concealed && s.on_table())
        {
            return Err(format!(
                "stand {number} conceals no unit now (its units are exposed or gone): add the \
                 unit in the open"
            ));
        }
        Ok(())
    }

    /// The additions in the battle now, by their place among those admitted: each the last to
    /// take the place of the unit or formation it adds, which is in the battle.
    fn additions_in_force(&self) -> Vec<u32> {
        (0..self.additions.len() as u32)
            .filter(|&i| match self.tops[i as usize] {
                None => false,
                Some(addition::Joiner::Unit(u)) => {
                    self.unit_owners[u - self.base] == i && self.state.units[u].listed()
                }
                Some(addition::Joiner::Formation(f)) => {
                    self.formation_owners[f - self.base_formations] == i
                        && self.state.formation_listed[f]
                }
            })
            .collect()
    }

    /// Gives the formations and units `a` adds their places in the roster, not yet in the
    /// battle (the event's effects put them in): after the scenario's, or in the places of those
    /// of their ids added before and since taken back.
    fn admit(&mut self, a: &addition::Addition, joining: addition::Joining) {
        let i = self.additions.len() as u32;
        let mut top = None;
        let turn = joining.turn;
        let beside = joining.beside.clone();
        let concealed = joining.column.is_some();
        let (formations, units) = place(&mut self.roster, joining);
        for f in formations {
            match self.formation_owners.get_mut(f - self.base_formations) {
                Some(owner) => *owner = i,
                None => {
                    self.formation_owners.push(i);
                    self.state.formation_listed.push(false);
                    self.initial.formation_listed.push(false);
                }
            }
            top.get_or_insert(addition::Joiner::Formation(f));
        }
        for u in units {
            match self.unit_owners.get_mut(u - self.base) {
                Some(owner) => {
                    // The place of one added before and taken back: it is not in the battle
                    // (no view shows it) until this addition's arrival, and then as this one
                    // joins, behind its stand or in the open.
                    *owner = i;
                    self.state.units[u].concealed = concealed;
                    self.initial.units[u].concealed = concealed;
                }
                None => {
                    self.unit_owners.push(i);
                    let unlisted = crate::model::UnitState {
                        awaited: Some(Arrival::Unlisted),
                        concealed,
                        ..Default::default()
                    };
                    self.state.units.push(unlisted.clone());
                    self.initial.units.push(unlisted);
                }
            }
            top.get_or_insert(addition::Joiner::Unit(u));
        }
        self.tops.push(top);
        self.additions.push(addition::Admitted {
            addition: a.clone(),
            turn,
            beside,
        });
    }

    /// What the rule set's opening ([`crate::ruleset::Turn::start`]) sets on the units and
    /// formations `joining` brings, as it would have set it had they been there from the start:
    /// infantry aboard the vehicle it rides, a commander attached, a short tray's figures lost, a
    /// battalion's command points. Worked out on the battle with them in place, apart.
    fn opening_of(&self, joining: &addition::Joining) -> Vec<Effect> {
        let mut roster = self.roster.clone();
        let (formations, units) = place(&mut roster, joining.clone());
        let mut state = self.state.clone();
        state
            .units
            .resize_with(roster.units.len(), || crate::model::UnitState {
                awaited: Some(Arrival::Unlisted),
                ..Default::default()
            });
        state
            .formation_listed
            .resize(roster.formations.len(), false);
        for &u in &units {
            state.units[u].concealed = joining.column.is_some();
        }
        let view = BattleView {
            roster: &roster,
            state: &state,
            ..self.view()
        };
        let unit_ids: Vec<&str> = units.iter().map(|&u| roster.units[u].id.as_str()).collect();
        let formation_ids: Vec<&str> = (formations.iter())
            .map(|&f| roster.formations[f].id.as_str())
            .collect();
        (self.ruleset.start(&view).into_iter())
            .filter(|e| match e {
                Effect::Hits { unit, .. }
                | Effect::Marker { unit, .. }
                | Effect::MarkerUnit { unit, .. } => unit_ids.contains(&unit.as_str()),
                Effect::Counter { scope, .. } => formation_ids.contains(&scope.as_str()),
                _ => false,
            })
            .collect()
    }

    /// The units and formations the umpire added, in the order the battle admitted them, each
    /// with the turn it joined and the additions it was checked beside: what a checkpoint keeps
    /// to build them again ([`Battle::readmit`]).
    pub(crate) fn additions(&self) -> &[addition::Admitted] {
        &self.additions
    }

    /// This battle again before any event and without the units added, as [`Battle::new`] makes
    /// it (keeping a thin history if it keeps one): what a checkpoint refused leaves.
    pub(crate) fn clone_fresh(&self) -> Battle {
        let fresh = Battle::new(self.scenario.clone());
        if self.history.is_thin() {
            fresh.thin()
        } else {
            fresh
        }
    }

    /// Gives the units and formations a checkpoint says were added ([`Battle::additions`]) their
    /// places again, in the order they were admitted, each checked as `add` checked it when it
    /// joined: beside the scenario and the additions that were in the battle then; for a battle
    /// before any event. Refused if one is not fit (the battle may then hold those before it:
    /// the caller starts again from a fresh one, [`Battle::clone_fresh`]).
    pub(crate) fn readmit(&mut self, additions: &[addition::Admitted]) -> Result<(), String> {
        if !self.additions.is_empty() || !self.is_fresh() {
            return Err("the battle has begun already".into());
        }
        for (i, admitted) in additions.iter().enumerate() {
            let a = &admitted.addition;
            if admitted.beside.iter().any(|&b| b as usize >= i) {
                return Err(format!(
                    "the {} added as `{}` is checked beside an addition not made before it",
                    a.what(),
                    a.id()
                ));
            }
            let joining = self
                .addition_info(a, None, admitted.beside.clone(), admitted.turn)
                .map_err(|e| format!("the {} added as `{}` is not fit: {e}", a.what(), a.id()))?;
            self.admit(a, joining);
        }
        Ok(())
    }

    /// The event of a marker set (or cleared, with `None`) by hand, checked: a marker the rule set
    /// keeps, a number it may hold, a side or a unit of the battle.
    fn mark_by_hand(
        &self,
        unit: &str,
        marker: &str,
        value: Option<ByHand<'_>>,
    ) -> Result<Event, BattleError> {
        use crate::declare::MarkerKind;
        use crate::model::state::{marker_holds, marker_value};
        let view = self.view();
        let u = view.unit(unit)?;
        let def = self
            .ruleset
            .markers()
            .iter()
            .find(|m| m.id == marker)
            .ok_or_else(|| {
                BattleError::Invalid(format!(
                    "no marker `{marker}` in {}{}",
                    self.ruleset.id(),
                    did_you_mean(marker, self.ruleset.markers().iter().map(|m| m.id))
                ))
            })?;
        let cannot = |v: &dyn std::fmt::Display, why: String| {
            BattleError::Invalid(format!("marker `{marker}` cannot hold {v}: {why}"))
        };
        let (verb, effect) = match value {
            None => (
                "cleared".to_string(),
                Effect::Marker {
                    unit: unit.to_string(),
                    marker: marker.to_string(),
                    value: None,
                },
            ),
            Some(ByHand::Number(v)) => {
                marker_value(def.kind, v)
                    .map_err(|expected| cannot(&v, format!("it holds {expected}")))?;
                // A side is named by its id, and must be one of the battle's.
                let verb = match def.kind {
                    MarkerKind::Side => {
                        let side = usize::try_from(v - 1)
                            .ok()
                            .and_then(|i| self.roster.sides.get(i))
                            .ok_or_else(|| {
                                cannot(
                                    &v,
                                    format!("the battle has {} sides", self.roster.sides.len()),
                                )
                            })?;
                        format!("set to {}", side.id)
                    }
                    MarkerKind::Flag => "set".to_string(),
                    _ => format!("set to {v}"),
                };
                let effect = Effect::Marker {
                    unit: unit.to_string(),
                    marker: marker.to_string(),
                    value: Some(v),
                };
                (verb, effect)
            }
            Some(ByHand::Unit(id)) => {
                let shown = format!("`{id}`");
                if !def.kind.holds_unit() {
                    return Err(cannot(
                        &shown,
                        format!("it holds {}, not a unit", marker_holds(def.kind)),
                    ));
                }
                let x = self.roster.unit_index(id).ok_or_else(|| {
                    // A number is most likely a unit's place in the roster, as markers once held.
                    let hint = if id.trim().parse::<i64>().is_ok() {
                        ": a marker names a unit by its id, not by its place in the roster"
                            .to_string()
                    } else {
                        did_you_mean(id, self.roster.unit_ids())
                    };
                    cannot(&shown, format!("no unit of the battle has that id{hint}"))
                })?;
                let id = &self.roster.units[x].id;
                (
                    format!("set to {id}"),
                    Effect::MarkerUnit {
                        unit: unit.to_string(),
                        marker: marker.to_string(),
                        value: id.clone(),
                    },
                )
            }
        };
        Ok(Event {
            kind: EventKind::Edit,
            summary: format!("{}: {} {verb} by hand", view.label(u), def.badge),
            audience: Audience::Everyone,
            resolutions: Vec::new(),
            effects: vec![effect],
            notes: Vec::new(),
            offers: Vec::new(),
            partial: None,
        })
    }

    /// Checks and resolves a command into the entry that records it. Changes nothing.
    pub fn handle(&self, cmd: &Command, dice: &mut dyn DiceSource) -> Result<Entry, BattleError> {
        let view = self.view();
        let event = match cmd {
            Command::Undo => {
                return if self.history.can_undo() {
                    Ok(Entry::Undo)
                } else {
                    Err(BattleError::NothingToUndo)
                };
            }
            Command::Redo => {
                return if self.history.can_redo() {
                    Ok(Entry::Redo)
                } else {
                    Err(BattleError::NothingToRedo)
                };
            }
            Command::Act { .. } | Command::Advance if self.state.is_over() => {
                return Err(BattleError::Over {
                    last: self.state.turn_limit.unwrap_or_default(),
                });
            }
            Command::Act { action, params } => {
                let procedure = self.battle_procedure(action)?;
                self.refuse_unarrived(action, params)?;
                let mut rec = Recorder::new(dice);
                let out = procedure.carry_out(&view, params, &mut rec)?;
                Event {
                    kind: EventKind::Act {
                        action: action.clone(),
                        params: params.clone(),
                    },
                    summary: out.summary,
                    audience: Audience::Everyone,
                    resolutions: out.resolutions,
                    effects: out.effects,
                    notes: out.prompts,
                    offers: out.offers,
                    partial: None,
                }
            }
            Command::Advance => {
                let PhaseChange {
                    mut steps,
                    mut effects,
                    mut resolutions,
                } = self.ruleset.advance(&view, dice)?;
                // Where the battle stands after the phase change: its last phase effect.
                let (mut turn, ..) = self.lands_at(&effects);
                let ends = self.state.turn_limit.filter(|&last| turn > last);
                if ends.is_none() && turn > self.state.turn {
                    // A new turn: its reinforcements arrive, then the rule set begins it, on the
                    // battle as it then stands (its first steps count them; the last turn's did
                    // not).
                    let mut state = self.state.clone();
                    let declaration = self.ruleset.declaration();
                    for e in &effects {
                        state.apply(&self.roster, declaration, e);
                    }
                    let (arrivals, words) = self.arrivals_by(&state, turn);
                    for e in &arrivals {
                        state.apply(&self.roster, declaration, e);
                    }
                    steps.extend(words);
                    effects.extend(arrivals);
                    let begun = self.ruleset.turn_begins(
                        &BattleView {
                            state: &state,
                            ..self.view()
                        },
                        dice,
                    )?;
                    steps.extend(begun.steps);
                    effects.extend(begun.effects);
                    resolutions.extend(begun.resolutions);
                    turn = self.lands_at(&effects).0;
                }
                let (_, active, phase) = self.lands_at(&effects);
                let summary = match ends {
                    Some(last) => {
                        steps.push(format!(
                            "turn {last} was the battle's last: the battle is over (extend it to play on)"
                        ));
                        format!(
                            "{} → the battle is over after turn {last}",
                            self.phase_name(&self.state.phase)
                        )
                    }
                    None => format!(
                        "{} → turn {turn}, {}, {}",
                        self.phase_name(&self.state.phase),
                        self.roster.sides[active].name,
                        self.phase_name(phase)
                    ),
                };
                Event {
                    kind: EventKind::Advance,
                    summary,
                    audience: Audience::Everyone,
                    resolutions,
                    effects,
                    notes: steps,
                    offers: Vec::new(),
                    partial: None,
                }
            }
            Command::SetMarker {
                unit,
                marker,
                value,
            } => self.mark_by_hand(unit, marker, value.map(ByHand::Number))?,
            Command::SetMarkerUnit {
                unit,
                marker,
                value,
            } => self.mark_by_hand(unit, marker, Some(ByHand::Unit(value)))?,
            Command::SetHits { unit, hits } => {
                let u = view.unit(unit)?;
                let limit = view.info(u).hit_limit;
                if *hits > limit {
                    return Err(BattleError::Invalid(format!(
                        "{} takes at most {limit} hit(s)",
                        view.label(u)
                    )));
                }
                let mut effects = vec![Effect::Hits {
                    unit: unit.clone(),
                    hits: *hits,
                }];
                let mut summary = format!("{}: hits set to {hits} by hand", view.label(u));
                if *hits == limit && view.unit_state(u).on_table() {
                    effects.push(Effect::Removed {
                        unit: unit.clone(),
                        cause: "hits set by hand".into(),
                    });
                    summary.push_str(" — removed");
                    // What the rules make of its leaving the table follows, as it would have.
                    let (more, words) = self.ruleset.removal_effects(&view, u);
                    effects.extend(more);
                    for w in words {
                        summary.push_str(&format!(", {w}"));
                    }
                }
                Event {
                    kind: EventKind::Edit,
                    summary,
                    audience: Audience::Everyone,
                    resolutions: Vec::new(),
                    effects,
                    notes: Vec::new(),
                    offers: Vec::new(),
                    partial: None,
                }
            }
            Command::Arrive { unit, arrives } => self.arrive_by_hand(unit, *arrives)?,
            Command::Add {
                addition: a,
                written,
            } => {
                let joining = self.addition_info(
                    a,
                    written.as_ref(),
                    self.additions_in_force(),
                    self.state.turn,
                )?;
                // A unit joins behind a stand that is on the table and still conceals one; it is
                // then its side's secret, as the stand's units are: the enemy is told nothing.
                let (audience, behind) = match (joining.column, a.behind) {
                    (Some(c), Some(number)) => {
                        self.stand_conceals(c).map_err(|why| {
                            BattleError::Unfit(vec![addition::AddProblem {
                                input: addition::AddInput::Behind,
                                value: Some(number.to_string()),
                                message: why,
                            }])
                        })?;
                        (
                            Audience::Side(a.side.clone()),
                            format!(", behind concealment stand {number}"),
                        )
                    }
                    _ => (Audience::Everyone, String::new()),
                };
                // Its side and formation are the battle's: it was checked.
                let place = match &a.formation {
                    Some(f) => match self.roster.formation_index(f) {
                        Some(i) => format!("{} ({f})", self.roster.formations[i].name),
                        None => f.clone(),
                    },
                    None => match self.roster.side_index(&a.side) {
                        Some(s) => self.roster.sides[s].name.clone(),
                        None => a.side.clone(),
                    },
                };
                Event {
                    kind: EventKind::Add(Box::new(a.clone())),
                    summary: format!(
                        "{} ({}) joins {place}{behind}: added by the umpire on turn {}",
                        a.name(),
                        a.id(),
                        self.state.turn
                    ),
                    audience,
                    resolutions: Vec::new(),
                    effects: [joining.effects(), self.opening_of(&joining)].concat(),
                    notes: addition::joining_notes(a, &joining),
                    offers: Vec::new(),
                    partial: None,
                }
            }
            Command::Restore { unit } => {
                let u = view.unit(unit)?;
                if view.unit_state(u).on_table() {
                    return Err(BattleError::Invalid(format!(
                        "{} is on the table",
                        view.label(u)
                    )));
                }
                Event {
                    kind: EventKind::Edit,
                    summary: format!("{} put back on the table by hand", view.label(u)),
                    audience: Audience::Everyone,
                    resolutions: Vec::new(),
                    effects: vec![Effect::Returned { unit: unit.clone() }],
                    notes: Vec::new(),
                    offers: Vec::new(),
                    partial: None,
                }
            }
            Command::SetCounter { scope, name, value } => {
                if self.roster.formation_index(scope).is_none()
                    && self.roster.side_index(scope).is_none()
                {
                    return Err(BattleError::Invalid(format!(
                        "no formation or side `{scope}`{}",
                        did_you_mean(
                            scope,
                            self.roster
                                .formations
                                .iter()
                                .map(|f| f.id.as_str())
                                .chain(self.roster.sides.iter().map(|s| s.id.as_str()))
                        )
                    )));
                }
                Event {
                    kind: EventKind::Edit,
                    summary: format!(
                        "{scope}: {name} {} by hand",
                        value.map_or("cleared".to_string(), |v| format!("set to {v}"))
                    ),
                    audience: Audience::Everyone,
                    resolutions: Vec::new(),
                    effects: vec![Effect::Counter {
                        scope: scope.clone(),
                        name: name.clone(),
                        value: *value,
                    }],
                    notes: Vec::new(),
                    offers: Vec::new(),
                    partial: None,
                }
            }
            Command::Extend { turns } => {
                let Some(last) = self.state.turn_limit else {
                    return Err(BattleError::Invalid(
                        "the battle has no last turn to extend".into(),
                    ));
                };
                if !self.state.is_over() {
                    return Err(BattleError::Invalid(format!(
                        "the battle is not over: turn {} of {last}",
                        self.state.turn
                    )));
                }
                let to = last.saturating_add(*turns);
                if *turns == 0 || to > crate::model::state::MAX_TURN {
                    return Err(BattleError::Invalid(format!(
                        "extend by 1 to {} turns",
                        crate::model::state::MAX_TURN - last
                    )));
                }
                Event {
                    kind: EventKind::Edit,
                    summary: format!(
                        "The umpire extends the battle by {turns} turn{}: it now ends after turn {to}",
                        if *turns == 1 { "" } else { "s" }
                    ),
                    audience: Audience::Everyone,
                    resolutions: Vec::new(),
                    effects: vec![Effect::TurnLimit { turns: to }],
                    notes: Vec::new(),
                    offers: Vec::new(),
                    partial: None,
                }
            }
            Command::Result { text } => {
                if let Some((_, c)) = crate::text::forbidden_char(text) {
                    return Err(BattleError::Invalid(format!(
                        "the result: {}",
                        crate::text::not_allowed_here(c)
                    )));
                }
                let text = text.trim();
                if text.is_empty() {
                    return Err(BattleError::Invalid(
                        "the result is empty: say who won, in your own words".into(),
                    ));
                }
                let length = text.chars().count();
                if length > MAX_NOTE_CHARS {
                    return Err(BattleError::Invalid(format!(
                        "the result is {length} characters long; it holds at most \
                         {MAX_NOTE_CHARS} (write the rest as notes)"
                    )));
                }
                let event = Event {
                    kind: EventKind::Edit,
                    summary: format!("The umpire records the result: {text}"),
                    audience: Audience::Everyone,
                    resolutions: Vec::new(),
                    effects: vec![Effect::Result {
                        text: text.to_string(),
                    }],
                    notes: Vec::new(),
                    offers: Vec::new(),
                    partial: None,
                };
                // The result is everyone's: every copy of the report puts it first, so it may
                // not name what one side still keeps from the other.
                if let Audience::Side(_) | Audience::Umpire = self.audience(&event) {
                    return Err(BattleError::Invalid(
                        "the result names a unit still concealed, and every copy of the report \
                         shows it: leave the unit out, or write a note for its side"
                            .into(),
                    ));
                }
                event
            }
            Command::Note { text, private } => {
                if let Some((_, c)) = crate::text::forbidden_char(text) {
                    return Err(BattleError::Invalid(format!(
                        "the note: {}",
                        crate::text::not_allowed_here(c)
                    )));
                }
                if text.trim().is_empty() {
                    return Err(BattleError::Invalid("the note is empty".into()));
                }
                let length = text.chars().count();
                if length > MAX_NOTE_CHARS {
                    return Err(BattleError::Invalid(format!(
                        "the note is {length} characters long; a note holds at most \
                         {MAX_NOTE_CHARS} (write a longer account as several notes)"
                    )));
                }
                Event {
                    kind: EventKind::Note { text: text.clone() },
                    summary: if *private {
                        format!("Private note: {text}")
                    } else {
                        format!("Note: {text}")
                    },
                    // The writer's choice, kept by [`Battle::audience`].
                    audience: if *private {
                        Audience::Umpire
                    } else {
                        Audience::Everyone
                    },
                    resolutions: Vec::new(),
                    effects: Vec::new(),
                    notes: Vec::new(),
                    offers: Vec::new(),
                    partial: None,
                }
            }
        };
        // An event must apply cleanly before it is accepted, exactly as a replay will check it.
        self.check_event(&event, false)?;
        if let EventKind::Add(_) = &event.kind {
            // Everyone sees a unit as it joins: it is behind no concealment stand.
            return Ok(Entry::Event(event));
        }
        let mut event = event;
        let chosen = event.audience.clone();
        event.audience = self.audience(&event);
        event.partial = self.partial(&event).map(Box::new);
        if matches!(event.kind, EventKind::Note { .. }) && chosen != event.audience {
            // Written for everyone, it names a unit still concealed: it is kept to those who
            // may see that unit, and the umpire is told so.
            event.notes.push(format!(
                "it names a unit still concealed, so it is seen by {} only",
                event.audience.describe(&self.roster).unwrap_or_default()
            ));
        }
        Ok(Entry::Event(event))
    }

    /// Checks an event against the rule set and the roster: what it is, and every effect. For an
    /// event that adds a unit or formation, what it adds, checked as a scenario's is, whose
    /// places in the roster its effects then name ([`Battle::admit`]).
    fn check_event(
        &self,
        event: &Event,
        first: bool,
    ) -> Result<Option<addition::Joining>, BattleError> {
        match (&event.kind, first) {
            (EventKind::Start, true) => {}
            (EventKind::Start, false) => {
                return Err(BattleError::Invalid(
                    "a start event after the battle's start".into(),
                ));
            }
            (_, true) => {
                return Err(BattleError::Invalid(
                    "the battle's first event is not its start".into(),
                ));
            }
            (EventKind::Act { action, params }, false) => {
                let def = self.ruleset.procedure(action)?.def();
                if let Some(name) = params
                    .names()
                    .find(|k| !def.params.iter().any(|p| p.name == *k))
                {
                    return Err(BattleError::Invalid(format!(
                        "`{action}` has no input `{name}`"
                    )));
                }
            }
            (EventKind::Note { text }, false) => {
                if let Some((_, c)) = crate::text::forbidden_char(text) {
                    return Err(BattleError::Invalid(format!(
                        "the note: {}",
                        crate::text::not_allowed_here(c)
                    )));
                }
            }
            (EventKind::Advance | EventKind::Edit, false) => {}
            (EventKind::Add(_), false) => {}
        }
        // Whatever a journal says is shown: none of it may rewrite a terminal or a report.
        if let Some((what, c)) = event.forbidden_text() {
            return Err(BattleError::Invalid(format!(
                "its {what}: {}",
                crate::text::not_allowed_here(c)
            )));
        }
        if let Audience::Side(side) = &event.audience
            && self.roster.side_index(side).is_none()
        {
            return Err(BattleError::Invalid(format!(
                "an event seen by side `{side}`, which this battle does not have"
            )));
        }
        if let EventKind::Add(a) = &event.kind {
            let joining =
                self.addition_info(a, None, self.additions_in_force(), self.state.turn)?;
            // Its effects bring it on, and then set what the rule set's opening sets on it (an
            // older journal's set nothing).
            let effects = joining.effects();
            let opening = event.effects.strip_prefix(&effects[..]);
            if opening.is_none_or(|rest| !rest.is_empty() && rest != self.opening_of(&joining)) {
                return Err(BattleError::Invalid(format!(
                    "the event adding `{}` does not bring it on and set what the rules set on it \
                     as it joins, and only that",
                    a.id()
                )));
            }
            return Ok(Some(joining));
        }
        for e in &event.effects {
            self.state
                .check(&self.roster, self.ruleset.declaration(), e)?;
        }
        Ok(None)
    }

    /// Applies an entry: the only way the battle changes. The entry is checked first (as a replay
    /// of a journal must be: every name known, every value in range); a refused entry changes
    /// nothing. Undo and redo cost as much as the event they take back or put back.
    pub fn apply(&mut self, entry: Entry) -> Result<(), BattleError> {
        match &entry {
            Entry::Event(ev) => {
                if let Some(joining) = self.check_event(ev, self.is_fresh())?
                    && let EventKind::Add(a) = &ev.kind
                {
                    self.admit(a, joining);
                }
                self.apply_effects(&ev.effects);
                self.history.push(entry);
            }
            Entry::Undo => {
                if !self.history.can_undo() {
                    return Err(BattleError::NothingToUndo);
                }
                let start = self.prior_starts.pop().unwrap_or_default() as usize;
                for prior in self.priors.drain(start..).rev() {
                    self.state.revert(prior);
                }
                self.history.push(entry);
            }
            Entry::Redo => {
                let idx = self
                    .history
                    .redo_target()
                    .ok_or(BattleError::NothingToRedo)?;
                let Some(Entry::Event(ev)) = self.history.entries().get(idx) else {
                    return Err(BattleError::NothingToRedo);
                };
                // It was checked when it was first applied.
                let effects = ev.effects.clone();
                self.apply_effects(&effects);
                self.history.push(entry);
            }
        }
        Ok(())
    }

    /// Applies one event's effects, keeping what they overwrote.
    fn apply_effects(&mut self, effects: &[Effect]) {
        self.prior_starts.push(self.priors.len() as u32);
        for e in effects {
            if let Some(prior) = self
                .state
                .apply(&self.roster, self.ruleset.declaration(), e)
            {
                self.priors.push(prior);
            }
        }
    }

    /// True before any event was applied or folded in: the next must be the battle's start.
    fn is_fresh(&self) -> bool {
        self.history.entries().is_empty() && !self.folded
    }

    /// Folds `event` into the battle's state without recording it: checked as [`Battle::apply`]
    /// checks it (a refused event changes nothing), its effects applied, nothing kept in the
    /// history — for a reader that walks a journal once and keeps none of its events (the
    /// report). With `undo`, what the effects overwrote is appended to it, so that
    /// [`Battle::fold_out`] can take the event back out. The history does not know of a folded
    /// event: a battle is either applied to or folded into, not both.
    pub fn fold_in(
        &mut self,
        event: &Event,
        undo: Option<&mut Vec<Prior>>,
    ) -> Result<(), BattleError> {
        if let Some(joining) = self.check_event(event, self.is_fresh())?
            && let EventKind::Add(a) = &event.kind
        {
            self.admit(a, joining);
        }
        self.folded = true;
        match undo {
            Some(priors) => priors.extend(event.effects.iter().filter_map(|e| {
                self.state
                    .apply(&self.roster, self.ruleset.declaration(), e)
            })),
            None => {
                for e in &event.effects {
                    self.state
                        .apply(&self.roster, self.ruleset.declaration(), e);
                }
            }
        }
        Ok(())
    }

    /// Takes folded-in effects back out: puts back what `undo` holds of them (as
    /// [`Battle::fold_in`] kept it), last first, and returns what that overwrote in the same
    /// form — so folding the returned priors out again puts the effects back in (a redo).
    pub fn fold_out(&mut self, undo: impl DoubleEndedIterator<Item = Prior>) -> Vec<Prior> {
        undo.rev().map(|p| self.state.exchange(p)).collect()
    }

    /// Handles and applies a command (for library users that keep no journal).
    pub fn execute(
        &mut self,
        cmd: &Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Entry, BattleError> {
        let entry = self.handle(cmd, dice)?;
        self.apply(entry.clone())?;
        Ok(entry)
    }

    /// The state recomputed from the start by folding every event in force (a check on the
    /// state kept up to date by [`Battle::apply`]; linear in the battle's length).
    pub fn fold(&self) -> BattleState {
        let mut s = self.initial.clone();
        for ev in self.history.in_force() {
            for e in &ev.effects {
                // Effects were checked when their event was applied.
                s.apply(&self.roster, self.ruleset.declaration(), e);
            }
        }
        s
    }

    /// The offers standing now, each with the units that may take it up (derived from the battle
    /// as it stands): those of the latest procedure or phase change in force, then those the
    /// state itself holds open ([`Ruleset::waiting_offers`]) that the event did not make. A note
    /// or a hand edit made since leaves the event's standing, as at the table; the next procedure
    /// or phase change ends them.
    pub fn standing_offers(&self) -> Vec<StandingOffer> {
        let view = self.view();
        let mut offers: Vec<Offer> = self
            .history
            .in_force_rev()
            .find(|e| !matches!(e.kind, EventKind::Note { .. } | EventKind::Edit))
            .map(|event| event.offers.clone())
            .unwrap_or_default();
        for waiting in self.ruleset.waiting_offers(&view) {
            let made = |o: &Offer| o.action == waiting.action && o.params == waiting.params;
            if !offers.iter().any(made) {
                offers.push(waiting);
            }
        }
        offers
            .into_iter()
            .map(|offer| StandingOffer {
                actors: self
                    .ruleset
                    .procedure(&offer.action)
                    .map_or_else(|_| Vec::new(), |p| p.offer_actors(&view, &offer))
                    .into_iter()
                    .filter(|&u| self.state.units[u].on_table())
                    .collect(),
                offer,
            })
            .filter(|o| !o.actors.is_empty())
            .collect()
    }

    /// The inputs of a battle procedure as the umpire gave them, completed as the terminal UI's
    /// form completes them: what the battle knows filled in from the units (the rule set's
    /// prefill), then the procedure's defaults. The UI and the command line both submit this.
    pub fn prefill(&self, action: &str, given: &Params) -> Result<Params, BattleError> {
        let procedure = self.battle_procedure(action)?;
        Ok(procedure.complete(&self.view(), given)?)
    }

    /// The exact odds of `action` as the battle would carry it out now, its inputs complete
    /// ([`Battle::prefill`]): refused as acting would be where the rules already refuse it from
    /// the inputs (a battle that is over, a unit that may not act), and nothing changed.
    pub fn odds(&self, action: &str, params: &Params) -> Result<OddsReport, BattleError> {
        if self.state.is_over() {
            return Err(BattleError::Over {
                last: self.state.turn_limit.unwrap_or_default(),
            });
        }
        let procedure = self.battle_procedure(action)?;
        let view = self.view();
        procedure.check_inputs(&view, params)?;
        Ok(procedure.odds_in(&view, params)?)
    }

    /// The procedure `action` of the battle's rule set, refused when it is table-only.
    pub fn battle_procedure(&self, action: &str) -> Result<&'static dyn Procedure, BattleError> {
        let procedure = self.ruleset.procedure(action)?;
        if !procedure.def().in_battle {
            return Err(BattleError::Invalid(format!(
                "`{action}` is a table-only procedure; it is not used in a battle"
            )));
        }
        Ok(procedure)
    }

    /// The event an undo would take back.
    pub fn undo_preview(&self) -> Option<&Event> {
        self.history
            .undo_target()
            .and_then(|i| match self.history.entries().get(i) {
                Some(Entry::Event(e)) => Some(e),
                _ => None,
            })
    }

    /// The event a redo would put back.
    pub fn redo_preview(&self) -> Option<&Event> {
        self.history
            .redo_target()
            .and_then(|i| match self.history.entries().get(i) {
                Some(Entry::Event(e)) => Some(e),
                _ => None,
            })
    }

    /// A phase's name by id (`?` for one the rule set does not declare).
    pub fn phase_name(&self, phase: &str) -> &'static str {
        self.ruleset
            .phases()
            .iter()
            .find(|p| p.id == phase)
            .map_or("?", |p| p.name)
    }

    /// The units that may still act before the current phase ends: none in a phase the program
    /// carries out alone or once the battle is over; else the units the rule set says may still
    /// act ([`Ruleset::may_still_act`]), in roster order.
    pub fn still_to_act(&self) -> Vec<usize> {
        let view = self.view();
        if view.phase().is_none_or(|p| p.automatic) || self.state.is_over() {
            return Vec::new();
        }
        (0..self.roster.units.len())
            .filter(|&u| self.state.units[u].on_table() && self.ruleset.may_still_act(&view, u))
            .collect()
    }

    /// The current phase's display name.
    pub fn current_phase_name(&self) -> &'static str {
        self.phase_name(&self.state.phase)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::SeededDice;

    /// A long run of everything that changes a battle — procedures, phase changes, hand edits of
    /// hits, markers and counters, removals and returns, an extension, undos and redos — applied
    /// to one battle and folded into another that keeps no events (its undos taking the priors
    /// back out, its redos putting back what that returned): the two stand the same after every
    /// entry.
    #[test]
    fn folding_in_and_out_follows_applying_undoing_and_redoing() {
        let scenario = || {
            crate::scenario::parse(crate::cli::play::DEMO_NAME, crate::cli::play::DEMO_SCENARIO)
                .unwrap()
        };
        let mut applied = Battle::new(scenario());
        let mut folded = Battle::new(scenario());
        let mut dice = SeededDice::new(3);
        let mut stacks = history::Stacks::default();
        let mut priors: Vec<Prior> = Vec::new();
        let mut starts: Vec<usize> = Vec::new();
        let mut redo: Vec<Vec<Prior>> = Vec::new();
        let start = applied.start_event();
        let mut step = |applied: &mut Battle, folded: &mut Battle, entry: Entry| {
            applied.apply(entry.clone()).unwrap();
            match &entry {
                Entry::Event(ev) => {
                    starts.push(priors.len());
                    folded.fold_in(ev, Some(&mut priors)).unwrap();
                    stacks.push(&entry);
                    redo.clear();
                }
                Entry::Undo => {
                    stacks.push_undo().unwrap();
                    let from = starts.pop().unwrap();
                    redo.push(folded.fold_out(priors.drain(from..)));
                }
                Entry::Redo => {
                    stacks.push_redo().unwrap();
                    starts.push(priors.len());
                    let forward = redo.pop().unwrap();
                    priors.extend(folded.fold_out(forward.into_iter()));
                }
            }
            assert_eq!(applied.state(), folded.state(), "after {entry:?}");
        };
        step(&mut applied, &mut folded, start);
        let units: Vec<String> = applied.roster.units.iter().map(|u| u.id.clone()).collect();
        let text = |s: &str| crate::declare::Value::Text(s.to_string());
        let mut seed: u64 = 11;
        let mut next = |n: usize| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize % n
        };
        let mut kinds = [0usize; 3];
        for _ in 0..600 {
            let unit = units[next(units.len())].clone();
            let target = units[next(units.len())].clone();
            let cmd = match next(13) {
                0 | 1 => Command::Undo,
                2 | 12 => Command::Redo,
                3 | 4 => Command::Advance,
                5 => Command::SetHits {
                    unit,
                    hits: next(4) as u32,
                },
                6 => Command::SetMarker {
                    unit,
                    marker: "suppressed".into(),
                    value: (next(2) == 0).then_some(1),
                },
                7 => Command::Restore { unit },
                8 => Command::SetCounter {
                    scope: applied.roster.sides[next(2)].id.clone(),
                    name: "cp".into(),
                    value: Some(next(4) as i32),
                },
                9 => Command::Extend { turns: 1 },
                10 => Command::Act {
                    action: "move".into(),
                    params: crate::declare::Params::new().with("unit", text(&unit)),
                },
                _ => Command::Act {
                    action: "fire".into(),
                    params: crate::declare::Params::new()
                        .with("firer", text(&unit))
                        .with("target", text(&target))
                        .with("range", crate::declare::Value::Num(next(16) as f64 + 1.0)),
                },
            };
            let Ok(entry) = applied.handle(&cmd, &mut dice) else {
                continue;
            };
            kinds[match entry {
                Entry::Event(_) => 0,
                Entry::Undo => 1,
                Entry::Redo => 2,
            }] += 1;
            step(&mut applied, &mut folded, entry);
        }
        assert!(kinds.iter().all(|&k| k > 15), "{kinds:?}");
        // The first event folded in must be the start, as the first applied must.
        let mut fresh = Battle::new(scenario());
        let note = Event {
            kind: EventKind::Note { text: "x".into() },
            ..Event::stand_in(&EventKind::Edit)
        };
        assert!(fresh.fold_in(&note, None).is_err());
        assert_eq!(fresh.state(), Battle::new(scenario()).state());
    }
}
