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

use crate::declare::Declaration;
use crate::dice::Die;
use crate::ruleset::{Definition, Rules};
use procedures::*;

/// The Newport rule set.
#[derive(Clone, Copy, Debug, Default)]
pub struct Newport;

pub(crate) const ID: &str = "newport";

static DEFINITION: Definition = Definition {
    declaration: Declaration {
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
        tables: fire::table_docs,
        option_conflicts: defs::option_conflicts,
        ..Declaration::EMPTY
    },
    procedures: &[
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
    ],
};

impl Rules for Newport {
    fn definition(&self) -> &'static Definition {
        &DEFINITION
    }
}

/// The options in force for a test: the defaults with `KEY=VALUE` changes.
#[cfg(test)]
pub(crate) fn test_options(changes: &[&str]) -> crate::declare::Options {
    crate::declare::Options::with_changes(defs::OPTIONS, changes).expect("valid options")
}
