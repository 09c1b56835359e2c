//! What a rule set is to the program: a [`Declaration`] and a list of [`Procedure`]s, with the
//! battle's turn sequence, limits and badges ([`Ruleset`]); what a procedure and a phase change
//! give back ([`Outcome`], [`PhaseChange`], [`Offer`]); and the [`kit`] of what every rule set
//! needs (reading a unit input, setting a marker, stepping to the next side, removing a unit at
//! its limit, badges). Below it stand the declarations and the battle's model; above it, the rule
//! sets, the registry and the battle.

pub mod kit;
pub mod procedure;

use crate::declare::{
    ActionDef, AreaDef, Badge, CounterDef, DataTableDef, Decision, Declaration, FieldDef, KindDef,
    Losses, MarkerDef, Objective, OptionConflict, OptionDef, Options, Params, PhaseDef, RuleError,
    TableDoc,
};
use crate::dice::{DiceSource, Die};
use crate::model::{
    BattleView, Effect, OrderOfBattle, Problem, Roster, ScenarioFile, UnitInfo, Viewer,
};
use crate::odds::OddsReport;
use crate::resolution::Resolution;
pub use procedure::{ActResult, Procedure, not_table_only, nothing_rolled};
use std::borrow::Cow;

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

impl PhaseChange {
    /// Notes that `side` begins a step of its turn: "Red: morale recovery".
    pub fn side_step(&mut self, battle: &BattleView<'_>, side: usize, step: &str) {
        let name = &battle.roster.sides[side].name;
        self.steps.push(format!("{name}: {step}"));
    }
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
/// (the offering event is the latest in force), and [`Procedure::offer_actors`] derives it. So an
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

/// What a rule set is: its [`Declaration`] and its [`Procedure`]s. What the rules do besides
/// stands in three facets, each implemented in the rule set's file that does that work: its turn
/// sequence ([`Turn`]), what it says of a unit ([`Units`]) and what the umpire is shown of the
/// battle ([`Looks`]). A type with all four is a [`Ruleset`].
pub trait Rules: Send + Sync {
    /// Its definition: what it declares and its procedures.
    fn definition(&self) -> &'static Definition;
    /// What the rule set declares.
    fn declaration(&self) -> &'static Declaration {
        &self.definition().declaration
    }
    /// The procedures the umpire can resolve, in the order they are listed.
    fn procedures(&self) -> &'static [&'static dyn Procedure] {
        self.definition().procedures
    }
}

/// A rule set's definition, one static value: what it declares and its procedures.
pub struct Definition {
    pub declaration: Declaration,
    /// The procedures the umpire can resolve, in the order they are listed.
    pub procedures: &'static [&'static dyn Procedure],
}

/// The turn sequence: the battle's start, the automatic steps between phases, and who may still
/// act.
pub trait Turn: Rules {
    /// The state at the start of the battle (initial markers and counters).
    fn start(&self, battle: &BattleView<'_>) -> Vec<Effect>;
    /// Leaves the current phase and carries out the automatic steps up to the next phase that
    /// needs the umpire. A phase change that ends a turn stops at the next turn's number and
    /// first phase without beginning it: the battle begins it ([`Turn::turn_begins`]) once the
    /// turn's reinforcements are on, unless it is past the battle's last
    /// (`battle.state.turn_limit`) — the battle is then over (until the umpire extends it).
    fn advance(
        &self,
        battle: &BattleView<'_>,
        dice: &mut dyn DiceSource,
    ) -> Result<PhaseChange, RuleError>;
    /// The steps that begin a turn, on the battle as it stands once the last has ended and
    /// the units due this turn have arrived: [`Turn::advance`] stops at a new turn's first phase
    /// with its steps not taken, and the battle then brings on the turn's reinforcements and
    /// asks for these. So the steps that end a turn count only the units that fought in it,
    /// and those that begin the next count its reinforcements. Never asked past the battle's
    /// last turn.
    fn turn_begins(
        &self,
        battle: &BattleView<'_>,
        dice: &mut dyn DiceSource,
    ) -> Result<PhaseChange, RuleError>;
    /// True when `unit` may still act in the current turn: a unit of the side whose turn it is
    /// (of either side in a simultaneous phase), on the table, that the rules still let act (the
    /// roster's "still to act" filter).
    ///
    /// "Act" means carry out a procedure the current phase offers it: the question on ending a
    /// phase asks about these units, so a phase in which a side has no procedure to record (a
    /// movement the umpire does not record) must hold none of its units, or the umpire learns to
    /// answer it blind. The default asks the procedures themselves ([`kit::may_act`]): a unit on
    /// the table of a side that acts now that some procedure would accept as its actor.
    fn may_still_act(&self, battle: &BattleView<'_>, unit: usize) -> bool {
        kit::may_act(battle, self.procedures(), unit)
    }
    /// Offers that the battle's state holds open whatever event came last (a round of hits
    /// waiting for its owner's choice, set by a procedure or by hand): they stand beside the
    /// latest event's offers until the state no longer holds them. The default: none.
    fn waiting_offers(&self, battle: &BattleView<'_>) -> Vec<Offer> {
        let _ = battle;
        Vec::new()
    }
    /// What ending the current phase would leave undone besides the units still to act (an
    /// artillery template not placed), a sentence each: ending the phase asks first, as it asks
    /// about those units. None by default.
    fn left_undone(&self, battle: &BattleView<'_>) -> Vec<String> {
        let _ = battle;
        Vec::new()
    }
}

/// What the rules say of a unit: how many losses remove it, whether it is a leader, what its
/// removal brings; and the checks of a scenario that need the rules.
pub trait Units: Rules {
    /// How many losses remove `unit` (hits, or figures on its tray).
    fn hit_limit(&self, unit: &UnitInfo, options: &Options) -> u32;
    /// Whether `unit` is a leader (counted apart in a battle's summary). By default, a unit
    /// marked `leader = true` in its scenario.
    fn is_leader(&self, unit: &UnitInfo) -> bool {
        unit.leader
    }
    /// What the rules make of `unit` leaving the table, besides its removal (a leader's return
    /// turn, command points lost with an HQ), with the words for the log. The core asks for it
    /// when the umpire removes a unit by hand (its hits set to its limit), so that the battle is
    /// left as the rules would have left it. Nothing by default.
    fn removal_effects(&self, battle: &BattleView<'_>, unit: usize) -> (Vec<Effect>, Vec<String>) {
        let _ = (battle, unit);
        (Vec::new(), Vec::new())
    }
    /// Checks of a scenario that need the rules (a method-3 game needs battalions …), beyond
    /// those the core makes from the declaration (kinds, fields, qualities, levels): read from
    /// its order of battle, each problem placed where it is written. None by default.
    fn validate(&self, order: &OrderOfBattle<'_>, options: &Options) -> Vec<Problem> {
        let _ = (order, options);
        Vec::new()
    }
}

/// What the umpire is shown of the battle besides the declaration: badges of units,
/// formations and sides, and how the objectives stand.
pub trait Looks: Rules {
    /// Badges for a unit (hits, morale, timers), in display order.
    fn badges(&self, battle: &BattleView<'_>, unit: usize) -> Vec<Badge>;
    /// Counters of a formation worth showing (command points …). The default: the counters
    /// kept on the formation, each as `name value` ([`kit::counter_badges`]).
    fn formation_badges(&self, battle: &BattleView<'_>, formation: usize) -> Vec<Badge> {
        let scope = &battle.roster.formations[formation].id;
        kit::counter_badges(battle, self.declaration().counters, scope)
    }
    /// What a side's header and roster row show besides its name (orders left this turn …).
    /// The default: the counters kept on the side, each as `name value`.
    fn side_badges(&self, battle: &BattleView<'_>, side: usize) -> Vec<Badge> {
        kit::counter_badges(battle, self.declaration().counters, battle.side_id(side))
    }
    /// What the panel of a selected formation lists besides its units: its counters and its
    /// command (command points this turn and saved, its HQ or leader and whether it is in play),
    /// each with its meaning in [`Badge::help`]. The default: the formation's badges.
    fn formation_details(&self, battle: &BattleView<'_>, formation: usize) -> Vec<Badge> {
        self.formation_badges(battle, formation)
    }
    /// How the battle's objectives stand, one each, for the report's outcome (Scruby's
    /// headquarters held or lost): the outcome reads them before strength. Only what `viewer`
    /// may see. The default: none.
    fn objectives(&self, battle: &BattleView<'_>, viewer: Viewer) -> Vec<Objective> {
        let _ = (battle, viewer);
        Vec::new()
    }
}

/// One rule set: its [`Rules`] with its [`Turn`], [`Units`] and [`Looks`]. Implemented for every
/// type that has the four; the program holds rule sets as `&dyn Ruleset`. Everything the
/// declaration says is read through it (`ruleset.markers()` …, on `dyn Ruleset`).
pub trait Ruleset: Turn + Units + Looks {}

impl<T: Turn + Units + Looks> Ruleset for T {}

/// What every rule set declares, read through the trait object.
impl dyn Ruleset + '_ {
    pub fn id(&self) -> &'static str {
        self.declaration().id
    }
    /// What one unit and several are called ("stand", "stands").
    pub fn unit_nouns(&self) -> (&'static str, &'static str) {
        self.declaration().nouns
    }
    pub fn title(&self) -> &'static str {
        self.declaration().title
    }
    pub fn example(&self) -> &'static [&'static str] {
        self.declaration().example
    }
    pub fn die(&self) -> Die {
        self.declaration().die
    }
    pub fn options(&self) -> &'static [OptionDef] {
        self.declaration().options
    }
    pub fn unit_kinds(&self) -> &'static [KindDef] {
        self.declaration().kinds
    }
    pub fn qualities(&self) -> &'static [&'static str] {
        self.declaration().qualities
    }
    pub fn formation_levels(&self) -> &'static [&'static str] {
        self.declaration().levels
    }
    pub fn unit_fields(&self) -> &'static [FieldDef] {
        self.declaration().unit_fields
    }
    pub fn markers(&self) -> &'static [MarkerDef] {
        self.declaration().markers
    }
    pub fn counters(&self) -> &'static [CounterDef] {
        self.declaration().counters
    }
    pub fn area_markers(&self) -> &'static [AreaDef] {
        self.declaration().areas
    }
    pub fn phases(&self) -> &'static [PhaseDef] {
        self.declaration().phases
    }
    pub fn decisions(&self) -> &'static [Decision] {
        self.declaration().decisions
    }
    pub fn data_tables(&self) -> &'static [DataTableDef] {
        self.declaration().data_tables
    }
    pub fn conceals(&self) -> bool {
        self.declaration().conceals
    }
    pub fn losses(&self) -> Losses {
        self.declaration().losses
    }
    pub fn leaders_are_units(&self) -> bool {
        self.declaration().leaders_are_units
    }
    /// The published tables, for `umpire rulesets` and the help screen.
    pub fn tables(&self) -> Vec<TableDoc> {
        (self.declaration().tables)()
    }
    /// The options in force that contradict each other (for `side`, or scenario-wide with
    /// `None`): refused by `umpire check` and by `--option`.
    pub fn option_conflicts(&self, options: &Options, side: Option<&str>) -> Vec<OptionConflict> {
        (self.declaration().option_conflicts)(options, side)
    }

    /// The procedures' declarations, in the order they are listed.
    pub fn actions(&self) -> impl Iterator<Item = &'static ActionDef> + '_ {
        self.procedures().iter().map(|p| p.def())
    }

    /// The procedure named `action`, or an error naming the nearest: the one place a
    /// procedure's name is looked up.
    pub fn procedure(&self, action: &str) -> Result<&'static dyn Procedure, RuleError> {
        let procedures = self.procedures();
        procedures
            .iter()
            .copied()
            .find(|p| p.def().id == action)
            .ok_or_else(|| RuleError::UnknownAction {
                ruleset: self.id().to_string(),
                action: action.to_string(),
                suggestion: crate::text::did_you_mean(
                    action,
                    procedures.iter().map(|p| p.def().id),
                ),
            })
    }

    /// Exact odds of a table-only resolution: the procedure named, its inputs' defaults filled
    /// in, then [`Procedure::table_odds`].
    pub fn odds(
        &self,
        action: &str,
        params: &Params,
        options: &Options,
    ) -> Result<OddsReport, RuleError> {
        let procedure = self.procedure(action)?;
        let params = with_defaults(procedure.def(), params)?;
        procedure.table_odds(&params, options)
    }

    /// A table-only resolution: the procedure named, its inputs' defaults filled in, then
    /// [`Procedure::table_resolve`]; the dice are the program's only when it threw some.
    pub fn resolve(
        &self,
        action: &str,
        params: &Params,
        options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution, RuleError> {
        let procedure = self.procedure(action)?;
        let params = with_defaults(procedure.def(), params)?;
        let mut r = procedure.table_resolve(&params, options, dice)?;
        r.rolled_by_program = dice.is_generated() && !r.faces().is_empty();
        Ok(r)
    }

    /// The roster of a scenario file under this rule set: each unit's hit limit from the rules,
    /// a side without a quality of its own at the middle one.
    pub fn roster(&self, file: &ScenarioFile, options: &Options) -> Roster {
        let qualities = self.qualities();
        let default_quality = qualities.get(qualities.len() / 2).copied().unwrap_or("");
        Roster::build(file, default_quality, |u| self.hit_limit(u, options))
    }
}

/// Finds an action by id, or says which ones exist.
pub fn find_action(ruleset: &dyn Ruleset, action: &str) -> Result<&'static ActionDef, RuleError> {
    ruleset.procedure(action).map(|p| p.def())
}

/// `params` with the defaults of `def`'s inputs filled in: `params` itself when none is missing.
fn with_defaults<'a>(def: &ActionDef, params: &'a Params) -> Result<Cow<'a, Params>, RuleError> {
    if def
        .params
        .iter()
        .all(|d| d.default.is_none() || params.get(d.name).is_some())
    {
        return Ok(Cow::Borrowed(params));
    }
    let mut params = params.clone();
    params.fill_defaults(def.params)?;
    Ok(Cow::Owned(params))
}
