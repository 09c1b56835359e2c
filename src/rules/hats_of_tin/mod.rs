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

use crate::battle::{BattleView, Effect, UnitInfo};
use crate::dice::{DiceSource, Die};
use crate::odds::OddsReport;
use crate::resolution::Resolution;
use crate::rules::{
    ActionDef, AreaDef, Badge, CounterDef, Decision, FieldDef, KindDef, MarkerDef, Offer,
    OptionDef, Options, Outcome, ParamDef, Params, PhaseChange, PhaseDef, RuleError, Ruleset,
    TableDoc,
};
use crate::scenario::{Problem, ScenarioFile};

/// The Hats of Tin rule set.
#[derive(Clone, Copy, Debug, Default)]
pub struct HatsOfTin;

impl Ruleset for HatsOfTin {
    fn id(&self) -> &'static str {
        tables::RULESET
    }
    fn title(&self) -> &'static str {
        "Hats of Tin / Helmets of Steel: rough-draft rules for 20th-century wargames on a grid"
    }
    fn example(&self) -> &'static [&'static str] {
        &[
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
        ]
    }
    fn die(&self) -> Die {
        Die::D6
    }
    fn options(&self) -> &'static [OptionDef] {
        defs::OPTIONS
    }
    fn unit_kinds(&self) -> &'static [KindDef] {
        defs::KINDS
    }
    fn qualities(&self) -> &'static [&'static str] {
        defs::QUALITIES
    }
    fn formation_levels(&self) -> &'static [&'static str] {
        defs::LEVELS
    }
    fn unit_fields(&self) -> &'static [FieldDef] {
        defs::UNIT_FIELDS
    }
    fn markers(&self) -> &'static [MarkerDef] {
        defs::MARKERS
    }
    fn counters(&self) -> &'static [CounterDef] {
        defs::COUNTERS
    }
    fn area_markers(&self) -> &'static [AreaDef] {
        &[]
    }
    fn phases(&self) -> &'static [PhaseDef] {
        defs::PHASES
    }
    fn decisions(&self) -> &'static [Decision] {
        defs::DECISIONS
    }
    fn tables(&self) -> Vec<TableDoc> {
        tables::table_docs()
    }
    fn actions(&self) -> &'static [ActionDef] {
        defs::ACTIONS
    }

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

    fn validate(&self, file: &ScenarioFile, options: &Options) -> Vec<Problem> {
        validate::validate(file, options)
    }

    fn hit_limit(&self, unit: &UnitInfo, _options: &Options) -> u32 {
        battle::hit_limit(&unit.kind, &unit.quality)
    }

    fn is_leader(&self, unit: &UnitInfo) -> bool {
        unit.kind == defs::COMMANDER
    }
    /// "Commanders are not units": they count only as leaders.
    fn leaders_are_units(&self) -> bool {
        false
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

    /// A unit removed by hand leaves its commander alone and is destroyed with what it carries,
    /// as by fire.
    fn removal_effects(&self, battle: &BattleView<'_>, unit: usize) -> (Vec<Effect>, Vec<String>) {
        battle::removal(battle, unit)
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

    fn offer_actors(&self, battle: &BattleView<'_>, offer: &Offer) -> Vec<usize> {
        battle::offer_actors(battle, offer)
    }

    /// Every round of hits waiting for its owner's choice stays offered until it is taken.
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
