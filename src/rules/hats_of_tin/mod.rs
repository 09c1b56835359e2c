//! `hats-of-tin` — *Hats of Tin / Helmets of Steel*, rough-draft rules for 20th-century wargames
//! on a grid of areas: orders on 1d6, two dice a unit to shoot, hits against the unit's quality,
//! hits converted to retreats, assaults as one exchange of fire, rally.
//!
//! - [`tables`]: the unit types, armour and firer classes and qualities as data;
//! - [`shoot`]: a shooting roll, with misses re-rolled against a friendly unit;
//! - [`hits`]: taking the hits of one round (retreats, a commander, the quality limit);
//! - [`assault`]: one exchange of fire between an attacker and a defender;
//! - [`rally`]: one die to remove a hit; [`orders`]: the orders roll;
//! - [`defs`]: options, kinds, fields, markers, counters, phases, Decisions and every
//!   procedure's inputs; [`inputs`]: the inputs off the battle read into the procedures;
//! - [`battle`]: the orders, what each procedure does to the units, the rounds of hits that wait
//!   for the owner's choice, the badges; [`validate`]: a scenario's checks that need the rules.

pub mod assault;
pub mod battle;
pub mod defs;
pub mod hits;
pub mod inputs;
pub mod orders;
pub mod rally;
pub mod shoot;
pub mod tables;
pub mod validate;

use crate::declare::{Badge, Declaration, Options, ParamDef, Params, RuleError, TableDoc};
use crate::dice::{DiceSource, Die};
use crate::model::{BattleView, Effect, UnitInfo};
use crate::model::{Problem, ScenarioFile};
use crate::odds::OddsReport;
use crate::resolution::Resolution;
use crate::ruleset::legacy::{NamedProcedures, by_name};
use crate::ruleset::{Offer, Outcome, PhaseChange, Procedure, Ruleset};

/// The Hats of Tin rule set.
#[derive(Clone, Copy, Debug, Default)]
pub struct HatsOfTin;

static DECLARATION: Declaration = Declaration {
    id: tables::RULESET,
    title: "Hats of Tin / Helmets of Steel: rough-draft rules for 20th-century wargames on a grid",
    example: &[
        "hats-of-tin",
        "shoot",
        "--firer",
        "infantry",
        "--commander-attached",
        "--target-cover",
        "--range",
        "2",
        "--dice",
        "6,5,3",
    ],
    die: Die::D6,
    options: defs::OPTIONS,
    kinds: defs::KINDS,
    qualities: defs::QUALITIES,
    levels: defs::LEVELS,
    unit_fields: defs::UNIT_FIELDS,
    markers: defs::MARKERS,
    counters: defs::COUNTERS,
    areas: &[],
    phases: defs::PHASES,
    decisions: defs::DECISIONS,
    leaders_are_units: false,
    ..Declaration::EMPTY
};

impl Ruleset for HatsOfTin {
    fn declaration(&self) -> &'static Declaration {
        &DECLARATION
    }
    fn procedures(&self) -> &'static [&'static dyn Procedure] {
        static PROCEDURES: std::sync::OnceLock<Vec<&'static dyn Procedure>> =
            std::sync::OnceLock::new();
        by_name(&PROCEDURES, defs::ACTIONS, &HatsOfTin)
    }
    fn tables(&self) -> Vec<TableDoc> {
        tables::table_docs()
    }
    fn validate(&self, file: &ScenarioFile, options: &Options) -> Vec<Problem> {
        validate::validate(file, options)
    }
    fn hit_limit(&self, unit: &UnitInfo, _options: &Options) -> u32 {
        battle::hit_limit(&unit.kind, &unit.quality)
    }
    fn is_leader(&self, unit: &UnitInfo) -> bool {
        unit.kind == defs::COMMANDER
    }
    fn removal_effects(&self, battle: &BattleView<'_>, unit: usize) -> (Vec<Effect>, Vec<String>) {
        battle::removal(battle, unit)
    }
    fn start(&self, battle: &BattleView<'_>) -> Vec<Effect> {
        battle::start(battle)
    }
    fn advance(
        &self,
        battle: &BattleView<'_>,
        dice: &mut dyn DiceSource,
    ) -> Result<PhaseChange, RuleError> {
        battle::advance(battle, dice)
    }
    fn waiting_offers(&self, battle: &BattleView<'_>) -> Vec<Offer> {
        battle::waiting_offers(battle)
    }
    fn badges(&self, battle: &BattleView<'_>, unit: usize) -> Vec<Badge> {
        battle::badges(battle, unit)
    }
    fn side_badges(&self, battle: &BattleView<'_>, side: usize) -> Vec<Badge> {
        battle::side_badges(battle, side)
    }
    fn formation_badges(&self, _battle: &BattleView<'_>, _formation: usize) -> Vec<Badge> {
        Vec::new()
    }
    fn may_still_act(&self, battle: &BattleView<'_>, unit: usize) -> bool {
        battle::may_still_act(battle, unit)
    }
}

impl NamedProcedures for HatsOfTin {
    fn table_odds(
        &self,
        action: &str,
        params: &Params,
        options: &Options,
    ) -> Result<OddsReport, RuleError> {
        inputs::odds(action, params, options)
    }
    fn table_resolve(
        &self,
        action: &str,
        params: &Params,
        options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution, RuleError> {
        inputs::resolve(action, params, options, dice)
    }
    fn prefill(
        &self,
        battle: &BattleView<'_>,
        action: &str,
        params: &Params,
    ) -> Result<Params, RuleError> {
        battle::prefill(battle, action, params)
    }
    fn battle_odds(
        &self,
        battle: &BattleView<'_>,
        action: &str,
        params: &Params,
    ) -> Result<OddsReport, RuleError> {
        battle::odds(battle, action, params)
    }
    fn input_applies(
        &self,
        battle: &BattleView<'_>,
        action: &str,
        input: &ParamDef,
        given: &Params,
    ) -> bool {
        battle::input_applies(battle, action, input, given)
    }
    fn check_inputs(
        &self,
        battle: &BattleView<'_>,
        action: &str,
        given: &Params,
    ) -> Result<(), RuleError> {
        battle::check_inputs(battle, action, given)
    }
    fn act(
        &self,
        battle: &BattleView<'_>,
        action: &str,
        params: &Params,
        dice: &mut dyn DiceSource,
    ) -> Result<Outcome, RuleError> {
        battle::act(battle, action, params, dice)
    }
    fn offer_actors(&self, battle: &BattleView<'_>, offer: &Offer) -> Vec<usize> {
        battle::offer_actors(battle, offer)
    }
}
