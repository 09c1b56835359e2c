//! `newport` — David Newport, *Tactical Combat*: WWII company and battalion actions on a d10,
//! low rolls good for the firer.
//!
//! - [`defs`]: options, kinds, markers, phases, decisions and procedure inputs;
//! - [`tables`], [`fire`], [`close_combat`], [`command`]: the tables and rolls, on their own;
//! - [`procedures`]: each procedure as an object, what it does in a battle;
//! - [`units`], [`checks`], [`battle_command`]: what the procedures share (facts about stands,
//!   refusals, command points and rolls);
//! - [`turn`], [`badges`], [`validate`]: the turn sequence, what the umpire sees, scenario checks.

pub mod badges;
pub mod battle_command;
pub mod checks;
pub mod close_combat;
pub mod command;
pub mod defs;
pub mod fire;
pub mod procedures;
pub mod tables;
pub mod turn;
pub mod units;
pub mod validate;

use crate::declare::{Badge, Declaration, OptionConflict, Options, RuleError, TableDoc};
use crate::dice::{DiceSource, Die};
use crate::model::{BattleView, Effect, OrderOfBattle, Problem, UnitInfo};
use crate::ruleset::{PhaseChange, Procedure, Ruleset};
use procedures::*;

/// The Newport rule set.
#[derive(Clone, Copy, Debug, Default)]
pub struct Newport;

pub(crate) const ID: &str = "newport";

static DECLARATION: Declaration = Declaration {
    id: ID,
    title: "David Newport, Tactical Combat (WWII company and battalion actions)",
    nouns: ("stand", "stands"),
    example: defs::EXAMPLE,
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

/// The procedures, in the order they are listed.
static PROCEDURES: [&dyn Procedure; 11] = [
    &Fire,
    &CloseCombat,
    &Air,
    &Artillery,
    &Smoke,
    &CommandRoll,
    &CommandPoints,
    &MoraleCheck,
    &Move,
    &Panic,
    &Rally,
];

impl Ruleset for Newport {
    fn declaration(&self) -> &'static Declaration {
        &DECLARATION
    }
    fn procedures(&self) -> &'static [&'static dyn Procedure] {
        &PROCEDURES
    }
    fn tables(&self) -> Vec<TableDoc> {
        fire::table_docs()
    }
    fn validate(&self, order: &OrderOfBattle<'_>, options: &Options) -> Vec<Problem> {
        validate::validate(order, options)
    }
    fn option_conflicts(&self, options: &Options, side: Option<&str>) -> Vec<OptionConflict> {
        defs::option_conflicts(options, side)
    }
    fn hit_limit(&self, unit: &UnitInfo, options: &Options) -> u32 {
        units::hit_limit(unit, options)
    }
    fn removal_effects(&self, view: &BattleView<'_>, unit: usize) -> (Vec<Effect>, Vec<String>) {
        units::removal(view, unit)
    }
    fn start(&self, view: &BattleView<'_>) -> Vec<Effect> {
        turn::start(view)
    }
    fn advance(
        &self,
        v: &BattleView<'_>,
        d: &mut dyn DiceSource,
    ) -> Result<PhaseChange, RuleError> {
        turn::advance(v, d)
    }
    fn is_leader(&self, unit: &UnitInfo) -> bool {
        units::is_leader(unit)
    }
    fn badges(&self, view: &BattleView<'_>, unit: usize) -> Vec<Badge> {
        badges::badges(view, unit)
    }
    fn formation_badges(&self, view: &BattleView<'_>, formation: usize) -> Vec<Badge> {
        badges::formation_badges(view, formation)
    }
    fn formation_details(&self, view: &BattleView<'_>, formation: usize) -> Vec<Badge> {
        badges::formation_details(view, formation)
    }
    fn may_still_act(&self, view: &BattleView<'_>, unit: usize) -> bool {
        turn::may_still_act(view, unit)
    }
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
