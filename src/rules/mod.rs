//! The rule sets, each a module behind the [`Ruleset`] trait, and the registry that names them.
//!
//! A rule set declares what it offers (options, unit kinds, qualities, formation levels, markers,
//! phases, published tables, decisions, procedures and their inputs) and implements:
//! - table-only resolutions and their exact odds ([`Ruleset::resolve`], [`Ruleset::odds`]), used by
//!   `umpire resolve` / `umpire odds` and by the battle;
//! - the battle: the units' hit limits, commands turned into effects, the automatic steps of each
//!   phase, and the badges shown for each unit.
//!
//! Adding a rule set means one folder under `rules/` plus one line in [`registry`].

pub mod fft3;
pub mod hats_of_tin;
pub mod newport;
pub mod options;
pub mod params;
pub mod scruby;

use crate::battle::{BattleView, Effect, UnitInfo};
use crate::dice::{DiceError, DiceSource, Die};
use crate::odds::OddsReport;
use crate::resolution::Resolution;
use crate::scenario::{Problem, ScenarioFile};
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
/// the file; the rule set checks what needs the rules ([`Ruleset::validate`]) and reads the rows
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
    /// [`crate::battle::timers::count_down`] at the end of each, and it comes off at nought.
    Timer,
    /// A side, by its place in the scenario from 1 ("held by side 2"); the screen asks for it
    /// and shows it by the side's id.
    Side,
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

/// The result of advancing the battle by one phase: the effects of the automatic steps, each
/// explained, and any rolls made.
#[derive(Clone, Debug, Default)]
pub struct PhaseChange {
    /// Human-readable list of what happened, in order.
    pub steps: Vec<String>,
    pub effects: Vec<Effect>,
    /// Rolls made by automatic steps (morale checks, command points).
    pub resolutions: Vec<Resolution>,
}

/// Everything a battle needs back from a ruleset command.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// One-line summary for the log.
    pub summary: String,
    /// The explained rolls (several for an artillery template).
    pub resolutions: Vec<Resolution>,
    /// What changes on the units and formations.
    pub effects: Vec<Effect>,
    /// Follow-ups the umpire should know about (eligible opportunity fire, forced moves).
    pub prompts: Vec<String>,
    /// Follow-up procedures offered to the umpire (opportunity fire at a stand that just acted).
    pub offers: Vec<Offer>,
}

/// A follow-up procedure the rules offer after an event: which procedure, the input the acting
/// unit goes into, and inputs already known.
///
/// Which units may take it up is not stored: it follows from the battle while the offer stands
/// (the offering event is the latest in force), and [`Ruleset::offer_actors`] derives it. So an
/// offer costs the journal the same few bytes however large the roster is.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Offer {
    /// Procedure id (`fire`).
    pub action: String,
    /// What is offered, in words (without the list of units that may take it up).
    pub text: String,
    /// Name of the input the actor goes into (`firer`).
    pub actor_param: String,
    /// Inputs already known (`target`, `trigger`).
    pub params: Params,
}

/// One rule set.
pub trait Ruleset: Send + Sync {
    /// Id used in scenario files and on the command line.
    fn id(&self) -> &'static str;
    /// What the rules call one unit and several ("stand", "stands"), for messages such as
    /// "6 stands have not acted". The default: "unit", "units".
    fn unit_nouns(&self) -> (&'static str, &'static str) {
        ("unit", "units")
    }
    /// Full title of the published rules.
    fn title(&self) -> &'static str;
    /// A typical table-only resolution, as the words after `umpire resolve`: the rule set's id,
    /// the procedure and its inputs with typed dice. Shown by `umpire` and `umpire rulesets ID`,
    /// and resolved by the tests.
    fn example(&self) -> &'static [&'static str];
    /// The die the rules use.
    fn die(&self) -> Die;
    /// House rules and adjustable numbers.
    fn options(&self) -> &'static [OptionDef];
    fn unit_kinds(&self) -> &'static [KindDef];
    fn qualities(&self) -> &'static [&'static str];
    fn formation_levels(&self) -> &'static [&'static str];
    /// The optional unit fields this rule set reads, with their types; a unit setting another is
    /// refused. Lists `quality`, `leader` and `hq` too when the rule set uses them.
    fn unit_fields(&self) -> &'static [FieldDef];
    fn markers(&self) -> &'static [MarkerDef];
    /// Counters kept on formations and sides; a journal naming another is refused.
    fn counters(&self) -> &'static [CounterDef];
    /// Markers placed on areas of the table; a journal naming another is refused.
    fn area_markers(&self) -> &'static [AreaDef];
    fn phases(&self) -> &'static [PhaseDef];
    fn decisions(&self) -> &'static [Decision];
    fn tables(&self) -> Vec<TableDoc>;
    /// Procedures the umpire can resolve.
    fn actions(&self) -> &'static [ActionDef];
    /// True when the rules hide columns behind numbered concealment stands (a scenario's
    /// `[[side.concealed]]`); a scenario of a rule set without them is refused if it has any.
    fn conceals(&self) -> bool {
        false
    }

    /// The published tables a scenario may change or extend in its `[tables]` section; a scenario
    /// of a rule set with none is refused if it has any. None by default.
    fn data_tables(&self) -> &'static [DataTableDef] {
        &[]
    }

    /// Checks that need the rules (a method-3 game needs battalions …).
    fn validate(&self, file: &ScenarioFile, options: &Options) -> Vec<Problem>;

    /// Options in force that contradict each other (for `side`, or scenario-wide with `None`):
    /// refused by `umpire check` and by `--option`. None by default.
    fn option_conflicts(&self, options: &Options, side: Option<&str>) -> Vec<OptionConflict> {
        let _ = (options, side);
        Vec::new()
    }

    /// Exact odds of a table-only resolution, from inputs whose defaults are filled in.
    fn table_odds(
        &self,
        action: &str,
        params: &Params,
        options: &Options,
    ) -> Result<OddsReport, RuleError>;
    /// A table-only resolution with dice from `dice`, from inputs whose defaults are filled in.
    fn table_resolve(
        &self,
        action: &str,
        params: &Params,
        options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution, RuleError>;

    /// Exact odds of a table-only resolution: the procedure named, its inputs' defaults filled
    /// in, then [`Ruleset::table_odds`].
    fn odds(
        &self,
        action: &str,
        params: &Params,
        options: &Options,
    ) -> Result<OddsReport, RuleError> {
        let params = with_defaults(self.id(), self.actions(), action, params)?;
        self.table_odds(action, &params, options)
    }
    /// A table-only resolution: the procedure named, its inputs' defaults filled in, then
    /// [`Ruleset::table_resolve`]; the dice are the program's only when it threw some.
    fn resolve(
        &self,
        action: &str,
        params: &Params,
        options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution, RuleError> {
        let params = with_defaults(self.id(), self.actions(), action, params)?;
        let mut r = self.table_resolve(action, &params, options, dice)?;
        r.rolled_by_program = dice.is_generated() && !r.faces().is_empty();
        Ok(r)
    }

    /// Whether `unit` is a leader (counted apart in a battle's summary). By default, a unit
    /// marked `leader = true` in its scenario.
    fn is_leader(&self, unit: &UnitInfo) -> bool {
        unit.leader
    }
    /// Whether leaders are units too, counted with the others in a side's units, losses and
    /// strength (Newport's HQs are); where the rules say they are not (Hats of Tin's
    /// commanders), a summary counts them only as leaders. True by default.
    fn leaders_are_units(&self) -> bool {
        true
    }
    /// How many losses remove `unit` (hits, or figures on its tray).
    fn hit_limit(&self, unit: &UnitInfo, options: &Options) -> u32;
    /// What a loss is and how strength is read ([`Losses`]). Hits taken by default.
    fn losses(&self) -> Losses {
        Losses::HITS
    }
    /// Fills the derived inputs of `action` from the battle (firer Suppressed, target green …).
    fn prefill(
        &self,
        battle: &BattleView<'_>,
        action: &str,
        params: &Params,
    ) -> Result<Params, RuleError>;
    /// Odds of a battle action, with derived inputs filled from the battle.
    fn battle_odds(
        &self,
        battle: &BattleView<'_>,
        action: &str,
        params: &Params,
    ) -> Result<OddsReport, RuleError>;
    /// What the rules make of `unit` leaving the table, besides its removal (a leader's return
    /// turn, command points lost with an HQ), with the words for the log. The core asks for it
    /// when the umpire removes a unit by hand (its hits set to its limit), so that the battle is
    /// left as the rules would have left it. Nothing by default.
    fn removal_effects(&self, battle: &BattleView<'_>, unit: usize) -> (Vec<Effect>, Vec<String>) {
        let _ = (battle, unit);
        (Vec::new(), Vec::new())
    }
    /// Whether `input` of `action` can matter, given the battle and the inputs given so far
    /// (`given`, by name, including those filled in from the battle): a form shows, and submits,
    /// only the inputs that apply, and shows again one that comes to apply. An input whose
    /// answer is not yet known (a unit not yet named) applies. Every input applies by default.
    fn input_applies(
        &self,
        battle: &BattleView<'_>,
        action: &str,
        input: &ParamDef,
        given: &Params,
    ) -> bool {
        let _ = (battle, action, input, given);
        true
    }
    /// What the rules already refuse about `action` from the inputs given so far (a unit named
    /// that is Finished, Paralyzed, off the table, or whose formation has no command points
    /// left …), before the rest is filled in. Inputs not given yet are not asked for: only a
    /// complete submission ([`Ruleset::act`]) says what is missing. The same refusals, in the
    /// same words, as [`Ruleset::act`] would give. Nothing is refused by default.
    fn check_inputs(
        &self,
        battle: &BattleView<'_>,
        action: &str,
        given: &Params,
    ) -> Result<(), RuleError> {
        let _ = (battle, action, given);
        Ok(())
    }
    /// Carries out a battle action: checks it is allowed, rolls, and says what changes.
    fn act(
        &self,
        battle: &BattleView<'_>,
        action: &str,
        params: &Params,
        dice: &mut dyn DiceSource,
    ) -> Result<Outcome, RuleError>;
    /// The state at the start of the battle (initial markers and counters).
    fn start(&self, battle: &BattleView<'_>) -> Vec<Effect>;
    /// Leaves the current phase and carries out the automatic steps up to the next phase that
    /// needs the umpire. When that would start a turn past the battle's last
    /// (`battle.state.turn_limit`), it carries out only the steps that end the current turn and
    /// moves to the next turn's number and first phase without starting it: the battle is then
    /// over (until the umpire extends it).
    fn advance(
        &self,
        battle: &BattleView<'_>,
        dice: &mut dyn DiceSource,
    ) -> Result<PhaseChange, RuleError>;
    /// The units that may take up `offer` now, while the event that made it is the latest in
    /// force, in the order the umpire is shown them.
    fn offer_actors(&self, battle: &BattleView<'_>, offer: &Offer) -> Vec<usize>;
    /// Offers that the battle's state holds open whatever event came last (a round of hits
    /// waiting for its owner's choice, set by a procedure or by hand): they stand beside the
    /// latest event's offers until the state no longer holds them. The default: none.
    fn waiting_offers(&self, battle: &BattleView<'_>) -> Vec<Offer> {
        let _ = battle;
        Vec::new()
    }
    /// Badges for a unit (hits, morale, timers), in display order.
    fn badges(&self, battle: &BattleView<'_>, unit: usize) -> Vec<Badge>;
    /// How the battle's objectives stand, one each, for the report's outcome (Scruby's
    /// headquarters held or lost): the outcome reads them before strength. Only what `viewer`
    /// may see. The default: none.
    fn objectives(&self, battle: &BattleView<'_>, viewer: crate::battle::Viewer) -> Vec<Objective> {
        let _ = (battle, viewer);
        Vec::new()
    }
    /// Counters of a formation worth showing (command points …), as `label value` pairs.
    fn formation_badges(&self, battle: &BattleView<'_>, formation: usize) -> Vec<Badge>;

    /// What a side's header and roster row show besides its name (orders left this turn …).
    /// The default: the counters kept on the side, each as `name value`.
    fn side_badges(&self, battle: &BattleView<'_>, side: usize) -> Vec<Badge> {
        let scope = battle.side_id(side);
        battle
            .state
            .counters
            .iter()
            .filter(|((s, _), _)| s == scope)
            .map(|((_, name), value)| Badge {
                text: format!("{name} {value}"),
                tone: Tone::Info,
                help: self
                    .counters()
                    .iter()
                    .find(|c| c.id == name)
                    .map_or_else(String::new, |c| c.help.to_string()),
            })
            .collect()
    }

    /// What the panel of a selected formation lists besides its units: its counters and its
    /// command (command points this turn and saved, its HQ or leader and whether it is in play),
    /// each with its meaning in [`Badge::help`]. The default: the formation's badges.
    fn formation_details(&self, battle: &BattleView<'_>, formation: usize) -> Vec<Badge> {
        self.formation_badges(battle, formation)
    }

    /// What ending the current phase would leave undone besides the units still to act (an
    /// artillery template not placed), a sentence each: ending the phase asks first, as it asks
    /// about those units. None by default.
    fn left_undone(&self, battle: &BattleView<'_>) -> Vec<String> {
        let _ = battle;
        Vec::new()
    }

    /// True when `unit` may still act in the current turn: a unit of the side whose turn it is
    /// (of either side in a simultaneous phase), on the table, that the rules still let act (the
    /// roster's "still to act" filter). The default: every such unit on the table.
    ///
    /// "Act" means carry out a procedure the current phase offers it: the question on ending a
    /// phase asks about these units, so a phase in which a side has no procedure to record (a
    /// movement the umpire does not record) must hold none of its units, or the umpire learns to
    /// answer it blind.
    fn may_still_act(&self, battle: &BattleView<'_>, unit: usize) -> bool {
        battle.acts_now(battle.info(unit).side) && battle.unit_state(unit).on_table()
    }
}

/// The rule sets this program knows, in the order they are listed.
pub fn registry() -> &'static [&'static dyn Ruleset] {
    static ALL: [&dyn Ruleset; 4] = [
        &newport::Newport,
        &scruby::Scruby,
        &fft3::Fft3,
        &hats_of_tin::HatsOfTin,
    ];
    &ALL
}

/// The ids every rule set will have, including those not yet available in this version.
pub const PLANNED: &[&str] = &["scruby", "newport", "fft3", "hats-of-tin"];

/// Looks a rule set up by id.
pub fn get(id: &str) -> Option<&'static dyn Ruleset> {
    registry().iter().copied().find(|r| r.id() == id)
}

/// Finds an action by id, or says which ones exist.
pub fn find_action(ruleset: &dyn Ruleset, action: &str) -> Result<&'static ActionDef, RuleError> {
    action_in(ruleset.id(), ruleset.actions(), action)
}

/// The procedure `action` among `actions` of the rule set `id`.
fn action_in(
    id: &str,
    actions: &'static [ActionDef],
    action: &str,
) -> Result<&'static ActionDef, RuleError> {
    actions
        .iter()
        .find(|a| a.id == action)
        .ok_or_else(|| RuleError::UnknownAction {
            ruleset: id.to_string(),
            action: action.to_string(),
            suggestion: crate::text::did_you_mean(action, actions.iter().map(|a| a.id)),
        })
}

/// `params` with the defaults of `action`'s inputs filled in.
fn with_defaults(
    id: &str,
    actions: &'static [ActionDef],
    action: &str,
    params: &Params,
) -> Result<Params, RuleError> {
    let def = action_in(id, actions, action)?;
    let mut params = params.clone();
    params.fill_defaults(def.params)?;
    Ok(params)
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
