//! `scruby` — Jack Scruby, *The Strategy-Tactical Wargame* (1961): musket-era grand tactics on a
//! d6, where a regiment is a tray of up to 4 figures and each figure is a casualty marker.
//!
//! - [`defs`]: options, kinds, markers, phases, decisions, procedure inputs, and [`Settings`]
//!   (the options as plain values);
//! - [`tables`]: the published tables as data — rifle fire and its precedence, fire at a gun crew,
//!   artillery, the melee kill table, combat points — and the faces each entry needs;
//! - [`fire`]: rifle fire; [`artillery`]: a gun's fire, counter-battery and canister; [`melee`]:
//!   melee, reinforced melee, melee against a gun crew and light cavalry's morale combat;
//! - exact probabilities as fractions are the core's ([`crate::odds::exact`]).
//!
//! - [`battle`]: what each procedure does to the units, the simultaneous move and its order,
//!   concealed columns exposed and deployed, the badges.

pub mod artillery;
pub mod battle;
pub mod crew;
pub mod decisions;
pub mod defs;
pub mod fire;
pub mod inputs;
pub mod melee;
pub mod scouts;
pub mod tables;
pub mod validate;

pub use defs::Settings;

use crate::declare::{
    Badge, Declaration, Losses, OptionConflict, Options, Params, RuleError, TableDoc,
};
use crate::dice::{DiceSource, Die};
use crate::model::{BattleView, Effect, UnitInfo};
use crate::model::{Problem, ScenarioFile};
use crate::odds::OddsReport;
use crate::resolution::Resolution;
use crate::ruleset::legacy::{NamedProcedures, by_name};
use crate::ruleset::{Offer, Outcome, PhaseChange, Procedure, Ruleset};

/// The Scruby rule set.
#[derive(Clone, Copy, Debug, Default)]
pub struct Scruby;

pub(crate) const ID: &str = "scruby";

fn not_table_only(action: &str) -> RuleError {
    RuleError::refused(format!(
        "`{action}` is not a table-only procedure of scruby"
    ))
}

/// The settings in force for a test: the defaults with `KEY=VALUE` changes.
#[cfg(test)]
pub(crate) fn test_settings(changes: &[&str]) -> Settings {
    let mut o = Options::defaults(defs::OPTIONS);
    for c in changes {
        o.set_text(defs::OPTIONS, c).expect("a valid option");
    }
    Settings::from_options(&o)
}

#[cfg(test)]
mod tests;

static DECLARATION: Declaration = Declaration {
    id: ID,
    title: "Jack Scruby, The Strategy-Tactical Wargame (musket-era grand tactics)",
    example: &[
        "scruby",
        "melee",
        "--attacker",
        "grenadier",
        "--attacker-figures",
        "4",
        "--defender",
        "heavy-cavalry",
        "--defender-figures",
        "3",
        "--dice",
        "2,5",
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
    decisions: decisions::DECISIONS,
    conceals: true,
    losses: Losses {
        one: "figure",
        many: "figures",
        counts_left: true,
    },
    ..Declaration::EMPTY
};

impl Ruleset for Scruby {
    fn declaration(&self) -> &'static Declaration {
        &DECLARATION
    }
    fn procedures(&self) -> &'static [&'static dyn Procedure] {
        static PROCEDURES: std::sync::OnceLock<Vec<&'static dyn Procedure>> =
            std::sync::OnceLock::new();
        by_name(&PROCEDURES, inputs::ACTIONS, &Scruby)
    }
    fn tables(&self) -> Vec<TableDoc> {
        tables::table_docs()
    }
    fn option_conflicts(&self, options: &Options, side: Option<&str>) -> Vec<OptionConflict> {
        defs::option_conflicts(options, side)
    }
    fn validate(&self, file: &ScenarioFile, options: &Options) -> Vec<Problem> {
        validate::validate(file, options)
    }
    fn hit_limit(&self, unit: &UnitInfo, _options: &Options) -> u32 {
        // A regiment's tray holds 4 figures and a squadron's 3 (one that starts with fewer starts
        // with those lost: see `battle::start`); a gun or headquarters has no figures to lose
        // (its crew, counter-battery hits and capture are markers).
        battle::kind(unit)
            .and_then(defs::Kind::max_figures)
            .map_or(0, u32::from)
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
    fn objectives(
        &self,
        battle: &BattleView<'_>,
        viewer: crate::model::Viewer,
    ) -> Vec<crate::declare::Objective> {
        battle::objectives(battle, viewer)
    }
    fn formation_badges(&self, battle: &BattleView<'_>, formation: usize) -> Vec<Badge> {
        battle::formation_badges(battle, formation)
    }
    fn may_still_act(&self, battle: &BattleView<'_>, unit: usize) -> bool {
        battle::may_still_act(battle, unit)
    }
}

impl NamedProcedures for Scruby {
    fn table_odds(
        &self,
        action: &str,
        params: &Params,
        options: &Options,
    ) -> Result<OddsReport, RuleError> {
        let s = Settings::from_options(options);
        match action {
            "rifle" => fire::odds(&fire::RifleFire::from_params(params)?, &s),
            "artillery" => artillery::odds(&artillery::Bombardment::from_params(params)?, &s),
            "canister" => artillery::canister_odds(&artillery::Canister::from_params(params)?, &s),
            "melee" => melee::odds(&melee::Melee::from_params(params, false)?, &s),
            "reinforced-melee" => melee::odds(&melee::Melee::from_params(params, true)?, &s),
            "melee-crew" => crew::crew_odds(&crew::CrewMelee::from_params(params)?, &s),
            "lc-morale" => scouts::lc_odds(&scouts::LcMorale::from_params(params)?, &s),
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
        let s = Settings::from_options(options);
        Ok(match action {
            "rifle" => fire::resolve(&fire::RifleFire::from_params(params)?, &s, dice)?.0,
            "artillery" => {
                artillery::resolve(&artillery::Bombardment::from_params(params)?, &s, dice)?.0
            }
            "canister" => {
                artillery::resolve_canister(&artillery::Canister::from_params(params)?, &s, dice)?.0
            }
            "melee" => melee::resolve(&melee::Melee::from_params(params, false)?, &s, dice)?.0,
            "reinforced-melee" => {
                melee::resolve(&melee::Melee::from_params(params, true)?, &s, dice)?.0
            }
            "melee-crew" => crew::resolve_crew(&crew::CrewMelee::from_params(params)?, &s, dice)?.0,
            "lc-morale" => scouts::resolve_lc(&scouts::LcMorale::from_params(params)?, &s, dice)?.0,
            _ => return Err(not_table_only(action)),
        })
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
        input: &crate::declare::ParamDef,
        given: &Params,
    ) -> bool {
        battle::input_applies(battle, action, input, given)
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
    fn offer_actors(&self, _battle: &BattleView<'_>, _offer: &Offer) -> Vec<usize> {
        // Scruby makes no offers: both sides act in their phases, and nothing answers out of turn.
        Vec::new()
    }
}
