//! `scruby` — Jack Scruby, *The Strategy-Tactical Wargame* (1961): musket-era grand tactics on a
//! d6, where a regiment is a tray of up to 4 figures and each figure is a casualty marker.
//!
//! - [`defs`]: options, kinds, markers, phases, what a unit is, how and where it stands, and
//!   [`Settings`] (the options as plain values); [`inputs`]: each procedure's inputs and
//!   declaration; [`decisions`]: the readings of the text this program applies;
//! - [`tables`]: the published tables as data and the faces each entry needs; [`fire`]: rifle
//!   fire; [`artillery`]: a gun's fire, counter-battery and canister; [`melee`]: melee, reinforced
//!   melee and the morale throw; [`crew`]: melee against a gun crew; [`scouts`]: light cavalry's
//!   morale combat — each read with dice or counted into exact odds ([`crate::odds::exact`]);
//! - [`procedures`]: one object per procedure, what it reads of the battle, refuses and changes,
//!   with what they share in [`battle`] and [`concealment`] (concealed columns exposed);
//! - [`turn`]: the move and its order, the badges; [`validate`]: the scenario checks.

pub mod artillery;
pub mod battle;
pub mod concealment;
pub mod crew;
pub mod decisions;
pub mod defs;
pub mod fire;
pub mod inputs;
pub mod melee;
pub mod procedures;
pub mod scouts;
pub mod tables;
pub mod turn;
pub mod validate;

pub use defs::Settings;

use crate::declare::{Badge, Declaration, Losses, Objective, OptionConflict, Options, RuleError};
use crate::dice::{DiceSource, Die};
use crate::model::{BattleView, Effect, OrderOfBattle, Problem, UnitInfo, Viewer};
use crate::ruleset::{PhaseChange, Procedure, Ruleset};
use procedures::*;

/// The Scruby rule set.
#[derive(Clone, Copy, Debug, Default)]
pub struct Scruby;

/// The rule set's id, as typed and as its resolutions name it.
pub(crate) const ID: &str = "scruby";

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

/// The procedures, in the order of their declarations ([`inputs::ACTIONS`]).
static PROCEDURES: [&dyn Procedure; 12] = [
    &Rifle,
    &Artillery,
    &Canister,
    &Melee,
    &ReinforcedMelee,
    &MeleeCrew,
    &LcMorale,
    &Expose,
    &Deploy,
    &Form,
    &TakeHq,
    &HoldGun,
];

impl Ruleset for Scruby {
    fn declaration(&self) -> &'static Declaration {
        &DECLARATION
    }
    fn procedures(&self) -> &'static [&'static dyn Procedure] {
        &PROCEDURES
    }
    fn tables(&self) -> Vec<crate::declare::TableDoc> {
        tables::table_docs()
    }
    fn option_conflicts(&self, options: &Options, side: Option<&str>) -> Vec<OptionConflict> {
        defs::option_conflicts(options, side)
    }
    fn validate(&self, order: &OrderOfBattle<'_>, options: &Options) -> Vec<Problem> {
        validate::validate(order, options)
    }
    fn hit_limit(&self, unit: &UnitInfo, _options: &Options) -> u32 {
        // A regiment's tray holds 4 figures and a squadron's 3 (one that starts with fewer starts
        // with those lost: see `turn::start`); a gun or headquarters has no figures to lose (its
        // crew, counter-battery hits and capture are markers).
        battle::kind(unit)
            .and_then(defs::Kind::max_figures)
            .map_or(0, u32::from)
    }
    fn start(&self, battle: &BattleView<'_>) -> Vec<Effect> {
        turn::start(battle)
    }
    fn advance(
        &self,
        battle: &BattleView<'_>,
        dice: &mut dyn DiceSource,
    ) -> Result<PhaseChange, RuleError> {
        turn::advance(battle, dice)
    }
    fn badges(&self, battle: &BattleView<'_>, unit: usize) -> Vec<Badge> {
        turn::badges(battle, unit)
    }
    fn objectives(&self, battle: &BattleView<'_>, viewer: Viewer) -> Vec<Objective> {
        turn::objectives(battle, viewer)
    }
    fn formation_badges(&self, battle: &BattleView<'_>, formation: usize) -> Vec<Badge> {
        turn::formation_badges(battle, formation)
    }
    fn may_still_act(&self, battle: &BattleView<'_>, unit: usize) -> bool {
        turn::may_still_act(battle, unit)
    }
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
