//! `newport` — David Newport, *Tactical Combat*: WWII company and battalion actions on a d10,
//! low rolls good for the firer.
//!
//! - [`defs`]: options, kinds, markers, phases, decisions and procedure inputs;
//! - [`tables`]: the infantry and anti-tank tables and the single shot;
//! - [`fire`]: direct fire, air and artillery (modifiers, range bands, refusals);
//! - [`close_combat`]: the alternating close-combat loop and its absorbing odds;
//! - [`command`]: command rolls, command points and morale checks;
//! - [`battle`]: what each procedure does to the units, the turn sequence and badges;
//! - [`inputs`]: which inputs of a procedure matter in a battle, and what is refused as soon as a
//!   unit is named.

pub mod battle;
pub mod close_combat;
pub mod command;
pub mod defs;
pub mod fire;
pub mod inputs;
pub mod tables;

use crate::declare::{
    Badge, Declaration, OptionConflict, Options, ParamDef, Params, RuleError, TableDoc,
};
use crate::dice::{DiceSource, Die};
use crate::model::{BattleView, Effect, UnitInfo};
use crate::model::{Problem, ScenarioFile};
use crate::odds::OddsReport;
use crate::resolution::Resolution;
use crate::ruleset::legacy::{NamedProcedures, by_name};
use crate::ruleset::{Offer, Outcome, PhaseChange, Procedure, Ruleset};

/// The Newport rule set.
#[derive(Clone, Copy, Debug, Default)]
pub struct Newport;

pub(crate) const ID: &str = "newport";

static DECLARATION: Declaration = Declaration {
    id: ID,
    title: "David Newport, Tactical Combat (WWII company and battalion actions)",
    nouns: ("stand", "stands"),
    example: &[
        "newport",
        "fire",
        "--table",
        "infantry",
        "--range",
        "12",
        "--cover",
        "hard",
        "--firer-suppressed",
        "--target-quality",
        "green",
        "--dice",
        "3",
    ],
    die: Die::D10,
    options: defs::OPTIONS,
    kinds: defs::KINDS,
    qualities: defs::QUALITIES,
    levels: defs::LEVELS,
    unit_fields: defs::UNIT_FIELDS,
    markers: defs::MARKERS,
    counters: defs::COUNTERS,
    areas: defs::AREAS,
    phases: defs::PHASES,
    decisions: defs::DECISIONS,
    ..Declaration::EMPTY
};

impl Ruleset for Newport {
    fn declaration(&self) -> &'static Declaration {
        &DECLARATION
    }
    fn procedures(&self) -> &'static [&'static dyn Procedure] {
        static PROCEDURES: std::sync::OnceLock<Vec<&'static dyn Procedure>> =
            std::sync::OnceLock::new();
        by_name(&PROCEDURES, defs::ACTIONS, &Newport)
    }
    fn tables(&self) -> Vec<TableDoc> {
        fire::table_docs()
    }
    fn validate(&self, file: &ScenarioFile, options: &Options) -> Vec<Problem> {
        battle::validate(file, options)
    }
    fn option_conflicts(&self, options: &Options, side: Option<&str>) -> Vec<OptionConflict> {
        defs::option_conflicts(options, side)
    }
    fn hit_limit(&self, unit: &UnitInfo, options: &Options) -> u32 {
        battle::hit_limit(unit, options)
    }
    fn removal_effects(&self, view: &BattleView<'_>, unit: usize) -> (Vec<Effect>, Vec<String>) {
        battle::removal(view, unit)
    }
    fn start(&self, view: &BattleView<'_>) -> Vec<Effect> {
        battle::start(view)
    }
    fn advance(
        &self,
        view: &BattleView<'_>,
        dice: &mut dyn DiceSource,
    ) -> Result<PhaseChange, RuleError> {
        battle::advance(view, dice)
    }
    fn is_leader(&self, unit: &UnitInfo) -> bool {
        battle::is_leader(unit)
    }
    fn badges(&self, view: &BattleView<'_>, unit: usize) -> Vec<Badge> {
        battle::badges(view, unit)
    }
    fn formation_badges(&self, view: &BattleView<'_>, formation: usize) -> Vec<Badge> {
        battle::formation_badges(view, formation)
    }
    fn formation_details(&self, view: &BattleView<'_>, formation: usize) -> Vec<Badge> {
        battle::formation_details(view, formation)
    }
    fn may_still_act(&self, view: &BattleView<'_>, unit: usize) -> bool {
        battle::may_still_act(view, unit)
    }
}

impl NamedProcedures for Newport {
    fn table_odds(
        &self,
        action: &str,
        params: &Params,
        options: &Options,
    ) -> Result<OddsReport, RuleError> {
        match action {
            "fire" => fire::fire_odds(params, options),
            "air" => fire::air_odds(params, options),
            "artillery" => fire::artillery_odds(params, options),
            "close-combat" => close_combat::odds(params, options),
            "command-roll" => command::command_roll_odds(params, options, None),
            "command-points" => command::command_points_odds(params, options, None),
            "morale-check" => command::morale_check_odds(params, options),
            _ => Err(not_table_only(action)),
        }
    }
    fn table_resolve(
        &self,
        action: &str,
        params: &Params,
        options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution, RuleError> {
        Ok(match action {
            "fire" => fire::resolve_fire(params, options, dice)?.0,
            "air" => fire::resolve_air(params, options, "air attack", dice)?.0,
            "artillery" => fire::resolve_artillery(params, options, dice)?.0,
            "close-combat" => close_combat::resolve(params, options, dice)?.0,
            "command-roll" => command::resolve_command_roll(params, options, None, dice)?.0,
            "command-points" => command::resolve_command_points(params, options, None, dice)?.0,
            "morale-check" => command::resolve_morale_check(params, options, dice)?.0,
            _ => return Err(not_table_only(action)),
        })
    }
    fn prefill(
        &self,
        view: &BattleView<'_>,
        action: &str,
        params: &Params,
    ) -> Result<Params, RuleError> {
        battle::prefill(view, action, params)
    }
    fn battle_odds(
        &self,
        view: &BattleView<'_>,
        action: &str,
        params: &Params,
    ) -> Result<OddsReport, RuleError> {
        battle::odds(view, action, params)
    }
    fn input_applies(
        &self,
        view: &BattleView<'_>,
        action: &str,
        input: &ParamDef,
        given: &Params,
    ) -> bool {
        inputs::input_applies(view, action, input, given)
    }
    fn check_inputs(
        &self,
        view: &BattleView<'_>,
        action: &str,
        given: &Params,
    ) -> Result<(), RuleError> {
        inputs::check_inputs(view, action, given)
    }
    fn act(
        &self,
        view: &BattleView<'_>,
        action: &str,
        params: &Params,
        dice: &mut dyn DiceSource,
    ) -> Result<Outcome, RuleError> {
        battle::act(view, action, params, dice)
    }
    fn offer_actors(&self, view: &BattleView<'_>, offer: &Offer) -> Vec<usize> {
        battle::offer_actors(view, offer)
    }
}

fn not_table_only(action: &str) -> RuleError {
    RuleError::refused(format!(
        "`{action}` changes a battle and has nothing to roll on its own; use it in a battle"
    ))
}

/// The options in force for a test: the defaults with `KEY=VALUE` changes.
#[cfg(test)]
pub(crate) fn test_options(changes: &[&str]) -> Options {
    let mut o = Options::defaults(defs::OPTIONS);
    for c in changes {
        o.set_text(defs::OPTIONS, c).expect("a valid option");
    }
    o
}
