//! `fft3` — Ty Beard and Paul Minson, *A Fistful of TOWs 3*, introductory rules for World War 2:
//! stands of about a platoon or five vehicles on a d6, ROF dice to hit, penetration dice, quality
//! checks and artillery templates.
//!
//! - [`defs`]: options, kinds, fields, markers, counters, phases, decisions, procedure inputs;
//! - [`tables`]: the vehicle, infantry and nationality tables as data, and the data in force for
//!   a scenario that changes or extends them;
//! - [`fire`]: anti-vehicle and anti-infantry fire, several firers at one target together;
//!   [`artillery`]: a template and every stand under it; [`check`]: the quality check — each
//!   thrown with its explanation or counted into exact odds;
//! - [`inputs`]: the umpire's inputs read into those procedures, off the battle and in it;
//! - [`battle`]: what each procedure does to the stands, the turn's automatic steps, the badges;
//! - [`validate`]: a scenario's checks that need the rules.

pub mod artillery;
pub mod battle;
pub mod check;
pub mod defs;
pub mod fire;
pub mod inputs;
pub mod tables;
pub mod validate;

use crate::battle::{BattleView, Effect, UnitInfo};
use crate::dice::{DiceSource, Die};
use crate::odds::OddsReport;
use crate::resolution::Resolution;
use crate::rules::{
    ActionDef, AreaDef, Badge, CounterDef, DataTableDef, Decision, FieldDef, KindDef, Losses,
    MarkerDef, Offer, OptionDef, Options, Outcome, ParamDef, Params, PhaseChange, PhaseDef,
    RuleError, Ruleset, TableDoc,
};
use crate::scenario::{Problem, ScenarioFile};

/// The FFT3 rule set.
#[derive(Clone, Copy, Debug, Default)]
pub struct Fft3;

pub(crate) const ID: &str = "fft3";

impl Ruleset for Fft3 {
    fn id(&self) -> &'static str {
        ID
    }
    fn unit_nouns(&self) -> (&'static str, &'static str) {
        ("stand", "stands")
    }
    fn title(&self) -> &'static str {
        "Ty Beard and Paul Minson, A Fistful of TOWs 3: introductory rules for World War 2"
    }
    fn example(&self) -> &'static [&'static str] {
        &[
            "fft3",
            "anti-infantry",
            "--firer",
            "panther",
            "--target",
            "soviet-infantry",
            "--range",
            "12",
            "--terrain",
            "difficult",
            "--dice",
            "1,4,5,6,2,4,5",
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
        defs::AREAS
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
    fn data_tables(&self) -> &'static [DataTableDef] {
        tables::DATA_TABLES
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

    fn hit_limit(&self, _unit: &UnitInfo, _options: &Options) -> u32 {
        // A stand is in the fight or out of it: one loss removes it.
        1
    }

    fn losses(&self) -> Losses {
        // A stand is the unit of strength: a side's losses are the stands it has lost.
        Losses {
            one: "stand",
            many: "stands",
            counts_left: true,
        }
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

    fn badges(&self, battle: &BattleView<'_>, unit: usize) -> Vec<Badge> {
        battle::badges(battle, unit)
    }

    fn side_badges(&self, battle: &BattleView<'_>, side: usize) -> Vec<Badge> {
        // The templates left to place; the count placed only numbers the next one.
        (battle.state.counter(battle.side_id(side), defs::TEMPLATES))
            .map(|n| Badge {
                text: format!("templates {n}"),
                tone: crate::rules::Tone::Info,
                help: "artillery templates the side may still place this artillery phase".into(),
            })
            .into_iter()
            .collect()
    }

    fn formation_badges(&self, battle: &BattleView<'_>, formation: usize) -> Vec<Badge> {
        battle::formation_badges(battle, formation)
    }

    fn may_still_act(&self, battle: &BattleView<'_>, unit: usize) -> bool {
        battle::may_still_act(battle, unit)
    }

    fn left_undone(&self, battle: &BattleView<'_>) -> Vec<String> {
        battle::left_undone(battle)
    }
}
