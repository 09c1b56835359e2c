//! What a rule set declares: its options, unit kinds, fields, markers, phases, published tables,
//! decisions and procedures' inputs, all in one [`Declaration`]; the badges it shows and what it
//! refuses ([`RuleError`]). Plain data, read by every layer above it: the battle's model, the rule
//! sets' interface and the rule sets, the battle, the screen and the command line.

pub mod options;
pub mod params;

use crate::dice::{DiceError, Die};
pub use options::{DataRows, OptionConflict, OptionDef, OptionKind, OptionValue, Options};
pub use params::{ParamDef, ParamError, ParamKind, Params, Scope, Value};

/// A unit kind the rule set knows.
#[derive(Clone, Copy, Debug)]
pub struct KindDef {
    pub id: &'static str,
    pub help: &'static str,
}

/// The type of a unit field a rule set reads from the scenario.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldKind {
    /// `true` or `false`.
    Flag,
    /// A whole number within bounds.
    Int { min: i64, max: i64 },
    /// One of a fixed set of words.
    Choice(&'static [&'static str]),
    /// Free text (a type from the rule set's data, a note).
    Text,
    /// Another unit of the same side, by id.
    Unit,
    /// Other units of the same side, by id.
    Units,
}

/// A field a unit may set in the scenario besides `id`, `name` and `kind`: the rule set's own
/// (`hmg`, `figures`, `formation` …), and which of the shared `quality`, `leader` and `hq` it reads.
/// A unit setting a field its rule set does not declare is refused at load, at the field.
#[derive(Clone, Copy, Debug)]
pub struct FieldDef {
    /// Key in the scenario file.
    pub id: &'static str,
    pub help: &'static str,
    pub kind: FieldKind,
}

impl FieldDef {
    pub const fn new(id: &'static str, kind: FieldKind, help: &'static str) -> Self {
        Self { id, help, kind }
    }
}

/// A field of a row of a data table ([`DataTableDef`]).
#[derive(Clone, Copy, Debug)]
pub struct DataFieldDef {
    pub field: FieldDef,
    /// True when a new row (a type the rule set does not ship) must set it; a shipped row the
    /// scenario changes keeps the values it does not set.
    pub required: bool,
}

impl DataFieldDef {
    pub const fn required(id: &'static str, kind: FieldKind, help: &'static str) -> Self {
        Self {
            field: FieldDef::new(id, kind, help),
            required: true,
        }
    }
    pub const fn optional(id: &'static str, kind: FieldKind, help: &'static str) -> Self {
        Self {
            field: FieldDef::new(id, kind, help),
            required: false,
        }
    }
}

/// A published table the rule set ships as data, which a scenario may change or extend with new
/// rows in its `[tables]` section (`[tables.vehicle.tiger]`): the core checks the table's name,
/// each field's name and type, and that a new row sets every required field, each at its place in
/// the file; the rule set checks what needs the rules ([`crate::ruleset::Ruleset::validate`]) and reads the rows
/// in force from [`Options::data`].
#[derive(Clone, Copy, Debug)]
pub struct DataTableDef {
    /// The table's key under `[tables]` (`vehicle`).
    pub id: &'static str,
    pub help: &'static str,
    /// What one row is ("vehicle type").
    pub row: &'static str,
    pub fields: &'static [DataFieldDef],
    /// The ids of the rows the rule set ships.
    pub shipped: &'static [&'static str],
}

/// How a rule set counts a unit's strength: the core keeps the losses (`hits` in the state and
/// the journal) against the unit's limit; the rule set says what one loss is and whether the
/// umpire reads strength as losses taken (hits: `●○○`, one hit of three) or as what is left
/// (figures on a tray: `●●●○`, three of four left).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Losses {
    /// One loss and several ("hit", "hits"; "figure", "figures").
    pub one: &'static str,
    pub many: &'static str,
    /// True when strength is read as what is left.
    pub counts_left: bool,
}

impl Losses {
    /// Newport's and most rules': hits taken against a limit.
    pub const HITS: Losses = Losses {
        one: "hit",
        many: "hits",
        counts_left: false,
    };

    /// The pips of a unit with `lost` of `limit`: filled for what the umpire counts.
    pub fn pips(&self, lost: u32, limit: u32) -> String {
        let lost = lost.min(limit) as usize;
        let left = limit as usize - lost;
        if self.counts_left {
            "●".repeat(left) + &"○".repeat(lost)
        } else {
            "●".repeat(lost) + &"○".repeat(left)
        }
    }

    /// A unit's strength in words: `hits 1/3`, or `figures 3 of 4 left`.
    pub fn strength(&self, lost: u32, limit: u32) -> String {
        if self.counts_left {
            format!(
                "{} {} of {limit} left",
                self.many,
                limit.saturating_sub(lost)
            )
        } else {
            format!("{} {lost}/{limit}", self.many)
        }
    }

    /// What a side's losses are called in an account: `hits taken`, `figures lost`.
    pub fn total_label(&self) -> String {
        let verb = if self.counts_left { "lost" } else { "taken" };
        format!("{} {verb}", self.many)
    }

    /// A count of losses in words: `1 hit`, `3 figures`.
    pub fn count(&self, n: u32) -> String {
        format!("{n} {}", if n == 1 { self.one } else { self.many })
    }
}

/// How a marker holds its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkerKind {
    /// On or off (value 1 when on).
    Flag,
    /// A count (timers, hold counts).
    Count,
    /// A turn number ("returns on turn 7").
    Turn,
    /// Moves or turns left ("retires 3 moves"): the rule set counts it down with
    /// [`crate::model::timers::count_down`] at the end of each, and it comes off at nought.
    Timer,
    /// A side, by its place in the scenario from 1 ("held by side 2"); the screen asks for it
    /// and shows it by the side's id.
    Side,
    /// A unit of the battle ("attached to z1"): the journal writes the unit's id, and the screen
    /// and the command line ask for it and show it by its id (the battle keeps its place in the
    /// roster). A journal written before markers named units by id holds the unit's place in the
    /// roster from 1 instead, and is read so.
    ///
    /// `flags` are on/off markers that belong to this one (the terms of an assault reply): they
    /// come off with it, and in such an older journal they were packed into its number — the
    /// unit's place doubled once for each of them, plus 1 with the first on, 2 with the second,
    /// 4 with the third …
    Unit { flags: &'static [&'static str] },
}

impl MarkerKind {
    /// A marker that holds a unit, with no flags of its own.
    pub const UNIT: MarkerKind = MarkerKind::Unit { flags: &[] };

    /// True for a marker that holds a unit.
    pub fn holds_unit(self) -> bool {
        matches!(self, MarkerKind::Unit { .. })
    }
}

/// How a badge should catch the eye.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// Neutral information.
    Info,
    /// Limits what the unit may do.
    Warn,
    /// Serious: the unit is nearly out of the fight.
    Danger,
    /// Done for now.
    Muted,
}

/// A marker the rule set tracks on units.
#[derive(Clone, Copy, Debug)]
pub struct MarkerDef {
    /// Key in the battle state and journal.
    pub id: &'static str,
    /// Short badge text (`SUP`).
    pub badge: &'static str,
    pub help: &'static str,
    pub kind: MarkerKind,
    pub tone: Tone,
    /// The unit kinds it applies to (their ids in the rule set's kinds); empty, every kind. The
    /// markers popup lists only these for a unit (and any other the unit holds now).
    pub kinds: &'static [&'static str],
}

impl MarkerDef {
    /// True when the marker applies to a unit of `kind`.
    pub fn applies_to(&self, kind: &str) -> bool {
        self.kinds.is_empty() || self.kinds.contains(&kind)
    }

    /// The marker's name: its help up to the first colon ("Retiring: …" → "Retiring"), or its
    /// badge when the help has none.
    pub fn name(&self) -> &'static str {
        self.help
            .split_once(':')
            .map_or(self.badge, |(name, _)| name)
    }
}

/// One phase of a turn.
#[derive(Clone, Copy, Debug)]
pub struct PhaseDef {
    pub id: &'static str,
    pub name: &'static str,
    /// True when the phase is carried out by the program alone.
    pub automatic: bool,
    /// True when both sides act in it at once (Scruby's rifle fire and melee); otherwise only the
    /// active side does, and the other answers (opportunity fire).
    pub simultaneous: bool,
    pub help: &'static str,
}

/// A counter the rule set keeps on a formation or side (command points …).
#[derive(Clone, Copy, Debug)]
pub struct CounterDef {
    /// Key in the battle state and journal (`cp`).
    pub id: &'static str,
    pub help: &'static str,
    /// The smallest and largest values it may hold; a journal holding another is refused.
    pub min: i32,
    pub max: i32,
}

/// A marker the rule set places on an area of the table rather than on a unit (smoke …).
#[derive(Clone, Copy, Debug)]
pub struct AreaDef {
    /// Key in the battle state and journal (`smoke`).
    pub id: &'static str,
    pub help: &'static str,
}

/// A reading of the published text that this program applies, shown to the umpire.
#[derive(Clone, Copy, Debug)]
pub struct Decision {
    pub topic: &'static str,
    pub text: &'static str,
    /// The option that offers another reading, if any.
    pub option: Option<&'static str>,
}

/// A published table, for `umpire rulesets` and the help screen.
#[derive(Clone, Debug)]
pub struct TableDoc {
    pub name: String,
    pub columns: Vec<String>,
    pub rows: Vec<Vec<String>>,
    pub notes: Vec<String>,
}

/// A procedure the umpire can resolve, with its inputs.
#[derive(Clone, Copy, Debug)]
pub struct ActionDef {
    /// Subcommand name (`fire`, `close-combat`).
    pub id: &'static str,
    pub help: &'static str,
    pub params: &'static [ParamDef],
    /// The key that starts it in the terminal UI (a user keymap may change it).
    pub key: Option<char>,
    /// True when it can be resolved outside a battle (table only).
    pub standalone: bool,
    /// True when it can be used in a battle.
    pub in_battle: bool,
    /// False for a procedure that throws no dice (a move, a marker set): it has no odds.
    pub rolls: bool,
}

impl ActionDef {
    /// The inputs asked for outside a battle.
    pub fn table_params(&self) -> impl Iterator<Item = &'static ParamDef> {
        self.params.iter().filter(|p| p.scope != Scope::Battle)
    }
    /// The inputs asked for in a battle (derived ones are pre-filled from the units).
    pub fn battle_params(&self) -> impl Iterator<Item = &'static ParamDef> {
        self.params.iter()
    }
}

/// One of the battle's objectives as it stands (Scruby's headquarters): a sentence for the
/// report, the side whose objective it is, and whether that side has lost it. The report's
/// outcome reads who lost the fewer of their objectives before it reads strength.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Objective {
    pub text: String,
    /// The index of the side whose objective it is.
    pub side: usize,
    /// True when the side has lost it (in the enemy's hands).
    pub lost: bool,
}

/// A badge to show next to a unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Badge {
    pub text: String,
    pub tone: Tone,
    pub help: String,
}

/// What a rule refuses or cannot do.
#[derive(Debug, thiserror::Error)]
pub enum RuleError {
    #[error(transparent)]
    Param(#[from] ParamError),
    #[error(transparent)]
    Dice(#[from] DiceError),
    /// The rules forbid it (fire beyond long range, a Suppressed stand moving …).
    #[error("{0}")]
    Refused(String),
    #[error("no procedure `{action}` in {ruleset}{suggestion}")]
    UnknownAction {
        ruleset: String,
        action: String,
        suggestion: String,
    },
    #[error("no unit `{id}` in this battle{suggestion}")]
    UnknownUnit { id: String, suggestion: String },
}

impl RuleError {
    pub fn refused(text: impl Into<String>) -> Self {
        RuleError::Refused(text.into())
    }

    /// The error as a form shows it: an input named by its name alone ([`ParamError::plain`]),
    /// never as the command line's flag: a refusal's `--range 17` reads `range 17` on the screen,
    /// as the form names the input, while the command line keeps its flags.
    pub fn plain(&self) -> String {
        match self {
            RuleError::Param(p) => p.plain(),
            other => unflagged(&other.to_string()),
        }
    }
}

/// `text` with each command-line flag (`--range`, `--friend-in-melee`) written as the input's
/// name (`range`, `friend-in-melee`), as a form names it.
pub fn unflagged(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("--") {
        let (before, after) = rest.split_at(i);
        out.push_str(before);
        let starts_word = before
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric() && c != '-');
        let names_input = after[2..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_lowercase());
        if !(starts_word && names_input) {
            out.push_str("--");
        }
        rest = &after[2..];
    }
    out.push_str(rest);
    out
}

/// Everything a rule set declares, in one value: what the core, the screen and the command line
/// read without asking the rules anything. A rule set builds it as a `static` (starting from
/// [`Declaration::EMPTY`] for what it does not use) and hands it out by
/// [`crate::ruleset::Ruleset::declaration`].
#[derive(Clone, Copy, Debug)]
pub struct Declaration {
    /// Id used in scenario files and on the command line.
    pub id: &'static str,
    /// Full title of the published rules.
    pub title: &'static str,
    /// What one unit and several are called ("stand", "stands"), for messages such as "6 stands
    /// have not acted".
    pub nouns: (&'static str, &'static str),
    /// A typical table-only resolution, as the words after `umpire resolve`: the rule set's id,
    /// the procedure and its inputs with typed dice. Shown by `umpire` and `umpire rulesets ID`,
    /// and resolved by the tests.
    pub example: &'static [&'static str],
    /// The die the rules use.
    pub die: Die,
    /// House rules and adjustable numbers.
    pub options: &'static [OptionDef],
    pub kinds: &'static [KindDef],
    pub qualities: &'static [&'static str],
    pub levels: &'static [&'static str],
    /// The optional unit fields this rule set reads, with their types; a unit setting another is
    /// refused. Lists `quality`, `leader` and `hq` too when the rule set uses them.
    pub unit_fields: &'static [FieldDef],
    pub markers: &'static [MarkerDef],
    /// Counters kept on formations and sides; a journal naming another is refused.
    pub counters: &'static [CounterDef],
    /// Markers placed on areas of the table; a journal naming another is refused.
    pub areas: &'static [AreaDef],
    pub phases: &'static [PhaseDef],
    pub decisions: &'static [Decision],
    /// The published tables a scenario may change or extend in its `[tables]` section; a
    /// scenario of a rule set with none is refused if it has any.
    pub data_tables: &'static [DataTableDef],
    /// True when the rules hide columns behind numbered concealment stands (a scenario's
    /// `[[side.concealed]]`); a scenario of a rule set without them is refused if it has any.
    pub conceals: bool,
    /// What a loss is and how strength is read.
    pub losses: Losses,
    /// Whether leaders are units too, counted with the others in a side's units, losses and
    /// strength (Newport's HQs are); where the rules say they are not (Hats of Tin's
    /// commanders), a summary counts them only as leaders.
    pub leaders_are_units: bool,
    /// The published tables, for `umpire rulesets` and the help screen.
    pub tables: fn() -> Vec<TableDoc>,
    /// The options in force that contradict each other (for a side by its id, or scenario-wide
    /// with `None`): refused by `umpire check` and by `--option`.
    pub option_conflicts: fn(&Options, Option<&str>) -> Vec<OptionConflict>,
}

impl Declaration {
    /// A declaration with nothing in it, to start a rule set's from: units are "units", losses
    /// are hits, leaders are units, a d6.
    pub const EMPTY: Declaration = Declaration {
        id: "",
        title: "",
        nouns: ("unit", "units"),
        example: &[],
        die: Die::D6,
        options: &[],
        kinds: &[],
        qualities: &[],
        levels: &[],
        unit_fields: &[],
        markers: &[],
        counters: &[],
        areas: &[],
        phases: &[],
        decisions: &[],
        data_tables: &[],
        conceals: false,
        losses: Losses::HITS,
        leaders_are_units: true,
        tables: Vec::new,
        option_conflicts: |_, _| Vec::new(),
    };

    /// The marker `id`, if the rule set declares one.
    pub fn marker(&self, id: &str) -> Option<&'static MarkerDef> {
        self.markers.iter().find(|m| m.id == id)
    }

    /// The phase `id`, if the rule set declares one.
    pub fn phase(&self, id: &str) -> Option<&'static PhaseDef> {
        self.phases.iter().find(|p| p.id == id)
    }
}

#[cfg(test)]
mod tests {
    use super::Losses;

    const FIGURES: Losses = Losses {
        one: "figure",
        many: "figures",
        counts_left: true,
    };

    #[test]
    fn a_refusal_on_the_screen_names_inputs_without_their_flags() {
        use super::{RuleError, unflagged};
        assert_eq!(
            unflagged("--range 17: beyond musket range (add --gate)"),
            "range 17: beyond musket range (add gate)"
        );
        assert_eq!(
            unflagged("--friend-in-melee a1, not --- nor a--b"),
            "friend-in-melee a1, not --- nor a--b"
        );
        let e = RuleError::refused("--firer: only infantry fire rifles");
        assert_eq!(e.to_string(), "--firer: only infantry fire rifles");
        assert_eq!(e.plain(), "firer: only infantry fire rifles");
    }

    #[test]
    fn strength_reads_as_losses_taken_or_as_what_is_left() {
        assert_eq!(Losses::HITS.pips(1, 3), "●○○");
        assert_eq!(Losses::HITS.strength(1, 3), "hits 1/3");
        assert_eq!(Losses::HITS.total_label(), "hits taken");
        assert_eq!(FIGURES.pips(1, 4), "●●●○");
        assert_eq!(FIGURES.strength(1, 4), "figures 3 of 4 left");
        assert_eq!(FIGURES.total_label(), "figures lost");
        assert_eq!(FIGURES.count(1), "1 figure");
        assert_eq!(FIGURES.count(2), "2 figures");
        // Losses beyond the limit never underflow.
        assert_eq!(FIGURES.pips(5, 4), "○○○○");
        assert_eq!(FIGURES.strength(5, 4), "figures 0 of 4 left");
    }
}
