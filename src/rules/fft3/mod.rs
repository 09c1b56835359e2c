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

use crate::declare::{Badge, Declaration, Losses, Options, ParamDef, Params, RuleError, TableDoc};
use crate::dice::{DiceSource, Die};
use crate::model::{BattleView, Effect, UnitInfo};
use crate::model::{Problem, ScenarioFile};
use crate::odds::OddsReport;
use crate::resolution::Resolution;
use crate::ruleset::legacy::{NamedProcedures, by_name};
use crate::ruleset::{Offer, Outcome, PhaseChange, Procedure, Ruleset};

/// The FFT3 rule set.
#[derive(Clone, Copy, Debug, Default)]
pub struct Fft3;

pub(crate) const ID: &str = "fft3";

static DECLARATION: Declaration = Declaration {
    id: ID,
    title: "Ty Beard and Paul Minson, A Fistful of TOWs 3: introductory rules for World War 2",
    nouns: ("stand", "stands"),
    example: &[
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
        ],
    die: Die::D6,
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
    data_tables: tables::DATA_TABLES,
    losses: // A stand is the unit of strength: a side's losses are the stands it has lost.
        Losses {
            one: "stand",
            many: "stands",
            counts_left: true,
        },
    ..Declaration::EMPTY
};

impl Ruleset for Fft3 {
    fn declaration(&self) -> &'static Declaration {
        &DECLARATION
    }
    fn procedures(&self) -> &'static [&'static dyn Procedure] {
        static PROCEDURES: std::sync::OnceLock<Vec<&'static dyn Procedure>> =
            std::sync::OnceLock::new();
        by_name(&PROCEDURES, defs::ACTIONS, &Fft3)
    }
    fn tables(&self) -> Vec<TableDoc> {
        tables::table_docs()
    }
    fn validate(&self, file: &ScenarioFile, options: &Options) -> Vec<Problem> {
        validate::validate(file, options)
    }
    fn hit_limit(&self, _unit: &UnitInfo, _options: &Options) -> u32 {
        // A stand is in the fight or out of it: one loss removes it.
        1
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
    fn badges(&self, battle: &BattleView<'_>, unit: usize) -> Vec<Badge> {
        battle::badges(battle, unit)
    }
    fn side_badges(&self, battle: &BattleView<'_>, side: usize) -> Vec<Badge> {
        // The templates left to place; the count placed only numbers the next one.
        (battle.state.counter(battle.side_id(side), defs::TEMPLATES))
            .map(|n| Badge {
                text: format!("templates {n}"),
                tone: crate::declare::Tone::Info,
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

impl NamedProcedures for Fft3 {
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
